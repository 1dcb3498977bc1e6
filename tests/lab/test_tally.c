/* test_tally.c: sim --tally VAR on the EvR engine, in-process: each
   game is counted under the value a shared variable has when it ends
   (JSON, CSV and text), the counts cover every game, the report does not
   depend on --jobs, and a variable that is unknown, per player or not an
   int, bool or enum is refused with one line. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"
#include "evr.h"
#include "lab_engine.h"
#include "testutil.h"

static char *run_ok(const char *const *argv)
{
    char *o, *e;
    cr_assert_eq(lab_run(argv, &o, &e), 0, "%s", e);
    free(e);
    return o;
}

/* count_of: the "games" of the tally's entry for value in a JSON report, or -1. */
static long count_of(const char *json, const char *value)
{
    char pat[96];
    snprintf(pat, sizeof pat, "{\"value\":\"%s\",\"games\":", value);
    const char *p = strstr(json, pat);
    return p ? strtol(p + strlen(pat), NULL, 10) : -1;
}

Test(tally, json_counts_every_game_under_the_value_the_variable_ends_with)
{
    const char *a[] = {"evr", "sim", "--games", "300", "--seed", "5", "--tally", "no_influence", "--json", NULL};
    char *o = run_ok(a);
    cr_assert(strstr(o, ",\"tally\":{\"variable\":\"no_influence\",\"values\":[{\"value\":\"false\""), "%s", o);
    long no = count_of(o, "false"), yes = count_of(o, "true");
    cr_assert_eq(no, 294, "%s", o);   /* 6 games ended with the influence barred */
    cr_assert_eq(yes, 6);
    cr_assert(strstr(o, "{\"value\":\"true\",\"games\":6,\"share\":0.0200,\"ci95\":[0.0092,0.0429]}]}}"), "%s", o);
    cr_assert(strstr(o, "\"share\":") && strstr(o, "\"ci95\":["));
    /* the same figures on two threads */
    const char *b[] = {"evr", "sim", "--games", "300", "--seed", "5", "--tally", "no_influence", "--json", "--jobs", "2",
                       NULL};
    char *o2 = run_ok(b);
    cr_assert_str_eq(o, o2);
    free(o);
    free(o2);
}

Test(tally, text_and_csv_show_the_tally)
{
    const char *a[] = {"evr", "sim", "--games", "50", "--seed", "2", "--tally", "no_influence", NULL};
    char *o = run_ok(a);
    cr_assert(strstr(o, "\nno_influence when the game ends (95% CI, of 50 games):\n  false: "), "%s", o);
    free(o);
    const char *c[] = {"evr", "sim", "--games", "50", "--seed", "2", "--tally", "no_influence", "--csv", NULL};
    o = run_ok(c);
    cr_assert(strstr(o, "\ntally,no_influence=false,,,"), "%s", o);
    free(o);
    /* without --tally there is no tally */
    const char *d[] = {"evr", "sim", "--games", "20", "--json", NULL};
    o = run_ok(d);
    cr_assert_null(strstr(o, "\"tally\""));
    free(o);
}

Test(tally, a_variable_that_cannot_be_tallied_is_refused)
{
    struct {
        const char *var, *msg;
    } bad[] = {
        {"nothing", "evr: sim: --tally: evr has no variable 'nothing'\n"},
        {"balance", "evr: sim: --tally balance: the variable is not an int, a bool or an enum\n"},
        {"busted", "evr: sim: --tally busted: the variable is per player (tally a shared one)\n"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *a[] = {"evr", "sim", "--games", "5", "--tally", bad[i].var, NULL};
        char *o, *e;
        cr_assert_eq(lab_run(a, &o, &e), 2, "%s", e);
        cr_assert_str_eq(e, bad[i].msg);
        cr_assert_str_eq(o, "");
        free(o);
        free(e);
    }
}
