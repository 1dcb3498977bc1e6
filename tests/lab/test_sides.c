/* test_sides.c: --sides on the EvR engine, in-process: seat 1 plays the
   Empire in log and sim (names, per-seat and per-side figures, the
   tutorial's Rebel player starting from seat 2), the default order given
   is the default, --compare and --sweep take it, a logged or saved
   swapped game replays, MCTS searches the seating it plays, and bad lists
   fail with one line. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cardrt.h"
#include "evr.h"
#include "lab_engine.h"
#include "testutil.h"

/* run_ok: the engine with argv succeeds; its stdout (caller frees). */
static char *run_ok(const char *const *argv)
{
    char *o, *e;
    cr_assert_eq(lab_run(argv, &o, &e), 0, "%s", e);
    free(e);
    return o;
}

/* line: line k (0-based) of s, copied into buf. */
static const char *line(const char *s, int k, char *buf, size_t size)
{
    for (; k > 0 && s; k--)
        if ((s = strchr(s, '\n')))
            s++;
    cr_assert_not_null(s);
    size_t n = strcspn(s, "\n");
    snprintf(buf, size, "%.*s", (int)(n < size ? n : size - 1), s);
    return buf;
}

/* long_at: the integer after the first pat in s. */
static long long_at(const char *s, const char *pat)
{
    const char *p = strstr(s, pat);
    cr_assert_not_null(p, "no %s in %s", pat, s);
    return strtol(p + strlen(pat), NULL, 10);
}

Test(sides, log_seats_the_empire_first)
{
    const char *a[] = {"evr", "log", "--seed", "1", "--sides", "imperial,rebel", "--json", NULL};
    char *o = run_ok(a), buf[512];
    cr_assert_str_eq(line(o, 0, buf, sizeof buf), "{\"type\":\"header\",\"game\":\"evr\",\"variant\":\"base\",\"seed\":1,"
                                                  "\"players\":2,\"max_rounds\":1000,\"sides\":\"imperial,rebel\"}");
    /* setup 3: seat 1 is dealt the Empire's strategy cards */
    const char *first = strstr(o, ",\"to\":\"strategies(");
    const char *empire = ",\"to\":\"strategies(Galactic Empire)\"";
    cr_assert(first && strncmp(first, empire, strlen(empire)) == 0, "%s", o);
    cr_assert(strstr(o, "\"name\":\"Intimidation\",\"from\":\"box\",\"to\":\"strategies(Galactic Empire)\""));
    cr_assert(strstr(o, "\"player\":0,\"name\":\"Galactic Empire\""), "seat 1 is named Galactic Empire");
    cr_assert(!strstr(o, "\"player\":0,\"name\":\"Rebel Alliance\""));
    free(o);
    const char *t[] = {"evr", "log", "--seed", "1", "--sides", "imperial,rebel", NULL};
    o = run_ok(t);
    cr_assert(strstr(o, "\nturn Galactic Empire\n"), "%s", o);
    free(o);
}

/* the tutorial: "the Rebel player starts" -- by side, so from seat 2 */
Test(sides, the_tutorial_rebel_starts_from_seat_two)
{
    const char *a[] = {"evr", "log", "--seed", "1", "--variant", "tutorial", "--sides", "imperial,rebel", "--json", NULL};
    const char *b[] = {"evr", "log", "--seed", "1", "--variant", "tutorial", "--json", NULL};
    char *o = run_ok(a), *d = run_ok(b);
    const char *t = strstr(o, "{\"type\":\"turn\""), *u = strstr(d, "{\"type\":\"turn\"");
    cr_assert(t && u);
    const char *seat2 = "{\"type\":\"turn\",\"round\":1,\"player\":1,\"name\":\"Rebel Alliance\"}\n";
    const char *seat1 = "{\"type\":\"turn\",\"round\":1,\"player\":0,\"name\":\"Rebel Alliance\"}\n";
    cr_assert(strncmp(t, seat2, strlen(seat2)) == 0, "%.80s", t);
    cr_assert(strncmp(u, seat1, strlen(seat1)) == 0, "%.80s", u);
    free(o);
    free(d);
}

Test(sides, sim_reports_each_seat_by_its_side)
{
    const char *a[] = {"evr", "sim", "--games", "300", "--seed", "2", "--sides", "imperial,rebel", "--json", NULL};
    const char *a2[] = {"evr", "sim", "--games", "300", "--seed", "2", "--sides", "imperial,rebel", "--jobs", "3", "--json", NULL};
    char *o = run_ok(a), *o2 = run_ok(a2);
    cr_assert_str_eq(o, o2, "--sides does not depend on --jobs");
    long e = long_at(o, "\"wins\":{\"Galactic Empire\":"), r = long_at(o, ",\"Rebel Alliance\":");
    cr_assert_eq(e + r, 300, "%s", o);
    char want[256];
    snprintf(want, sizeof want, "\"seat_wins\":[%ld,%ld],\"seats\":[{\"seat\":1,\"player\":\"Galactic Empire\",\"agent\":\"random\",\"wins\":%ld,", e, r, e);
    cr_assert(strstr(o, want), "%s in %s", want, o);
    snprintf(want, sizeof want, "{\"seat\":2,\"player\":\"Rebel Alliance\",\"agent\":\"random\",\"wins\":%ld,", r);
    cr_assert(strstr(o, want), "%s", want);
    snprintf(want, sizeof want, "\"sides\":[{\"side\":\"Rebel Alliance\",\"wins\":%ld,\"games\":300,", r);
    cr_assert(strstr(o, want), "%s", want);
    snprintf(want, sizeof want, "{\"side\":\"Galactic Empire\",\"wins\":%ld,\"games\":300,", e);
    cr_assert(strstr(o, want), "%s", want);
    free(o);
    free(o2);
    const char *c[] = {"evr", "sim", "--games", "300", "--seed", "2", "--sides", "imperial,rebel", "--csv", NULL};
    o = run_ok(c);
    snprintf(want, sizeof want, "\nseat_win,seat 1,Galactic Empire,random,%ld,300,", e);
    cr_assert(strstr(o, want), "%s in %s", want, o);
    free(o);
}

/* the default order given is the default; a swap of the swap too */
Test(sides, swapping_twice_is_the_identity)
{
    const char *a[] = {"evr", "sim", "--games", "200", "--seed", "3", "--json", NULL};
    const char *b[] = {"evr", "sim", "--games", "200", "--seed", "3", "--sides", "rebel,imperial", "--json", NULL};
    char *o = run_ok(a), *p = run_ok(b);
    cr_assert_str_eq(o, p);
    free(o);
    free(p);
    const char *l[] = {"evr", "log", "--seed", "3", "--json", NULL};
    const char *m[] = {"evr", "log", "--seed", "3", "--sides", "rebel,imperial", "--json", NULL};
    o = run_ok(l);
    p = run_ok(m);
    cr_assert_str_eq(o, p, "no \"sides\" in the header of the default seating");
    free(o);
    free(p);
}

Test(sides, compare_and_sweep_take_the_seating)
{
    const char *a[] = {"evr", "sim", "--games", "60", "--seed", "4", "--sides", "imperial,rebel", "--compare", "tutorial", "--json", NULL};
    char *o = run_ok(a);
    cr_assert(strstr(o, "\"compare\":{\"variant\":\"tutorial\",\"seats\":[{\"seat\":1,\"player\":\"Galactic Empire\""), "%s", o);
    free(o);
    const char *s[] = {"evr", "sim", "--games", "60", "--seed", "4", "--sides", "imperial,rebel", "--sweep", "tutorial,base", "--json", NULL};
    const char *t[] = {"evr", "sim", "--games", "60", "--seed", "4", "--sides", "imperial,rebel", "--variant", "tutorial", "--json", NULL};
    const char *u[] = {"evr", "sim", "--games", "60", "--seed", "4", "--sides", "imperial,rebel", "--json", NULL};
    char *so = run_ok(s), *to = run_ok(t), *uo = run_ok(u);
    size_t n = strlen(to);
    cr_assert(strncmp(so, to, n) == 0 && strcmp(so + n, uo) == 0, "a sweep is each variant with the same seating");
    free(so);
    free(to);
    free(uo);
}

Test(sides, a_saved_swapped_game_replays)
{
    char d[] = "/tmp/cardrt-sides-XXXXXX";
    cr_assert_not_null(mkdtemp(d));
    const char *a[] = {"evr", "sim", "--games", "30", "--seed", "5", "--sides", "imperial,rebel", "--save-worst", "1", d, NULL};
    char *o, *e;
    cr_assert_eq(lab_run(a, &o, &e), 0, "%s", e);
    int idx;
    unsigned long long seed;
    const char *p = strstr(e, "saved game ");
    cr_assert(p && sscanf(p, "saved game %d (seed %llu", &idx, &seed) == 2, "%s", e);
    char path[512], sb[32];
    snprintf(path, sizeof path, "%s/game-%d.jsonl", d, idx);
    snprintf(sb, sizeof sb, "%llu", seed);
    const char *r[] = {"evr", "replay", path, NULL};
    char *ro, *re;
    cr_assert_eq(lab_run(r, &ro, &re), 0, "%s", re);
    cr_assert(strstr(re, "lines verified"), "%s", re);
    /* the file is what log gives with the seed and the seating */
    const char *l[] = {"evr", "log", "--seed", sb, "--sides", "imperial,rebel", "--json", NULL};
    char *lo = run_ok(l), *f = read_file(path);
    cr_assert_not_null(f);
    cr_assert_str_eq(lo, f);
    cr_assert(strstr(f, ",\"sides\":\"imperial,rebel\"}\n"));
    free(f), free(lo), free(ro), free(re), free(o), free(e);
    remove(path);
    rmdir(d);
}

/* a replay whose header names a bad seating fails with one line */
Test(sides, replay_refuses_a_bad_seating)
{
    char path[] = "/tmp/cardrt-sides-log-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("{\"type\":\"header\",\"game\":\"evr\",\"variant\":\"base\",\"seed\":1,\"players\":2,\"max_rounds\":1000,"
          "\"sides\":\"rebel,rebel\"}\n", f);
    fclose(f);
    const char *r[] = {"evr", "replay", path, NULL};
    char *o, *e, want[256];
    cr_assert_eq(lab_run(r, &o, &e), 1);
    snprintf(want, sizeof want, "evr: replay: %s:1: sides: side 'rebel' is given 2 seats, not 1 (each side keeps its number of seats)\n", path);
    cr_assert_str_eq(e, want);
    cr_assert_str_eq(o, "");
    free(o), free(e);
    remove(path);
}

/* MCTS searches clones of the game: they play the seating it plays */
Test(sides, mcts_searches_the_seating_it_plays)
{
    const char *a[] = {"evr", "sim", "--games", "16", "--seed", "3", "--agents", "random,mcts", "--sides", "imperial,rebel",
                       "--budget", "40", "--jobs", "2", "--json", NULL};
    char *o = run_ok(a);
    long w = long_at(o, "{\"seat\":2,\"player\":\"Rebel Alliance\",\"agent\":\"mcts\",\"wins\":");
    cr_assert_geq(w, 12, "mcts at seat 2 (Rebel Alliance) won only %ld of 16: %s", w, o);
    free(o);
}

Test(sides, bad_lists_fail_with_one_line)
{
    static const struct {
        const char *cmd, *list, *msg;
    } cases[] = {
        {"sim", "rebel", "evr: sim: --sides: expected 2 sides, one per seat\n"},
        {"sim", "rebl,imperial", "evr: sim: --sides: unknown side 'rebl' (sides: rebel, imperial)\n"},
        {"log", "imperial,imperial", "evr: log: --sides: side 'imperial' is given 2 seats, not 1 (each side keeps its number of seats)\n"},
        {"play", "rebel,imperial,rebel", "evr: play: --sides: expected 2 sides, one per seat\n"},
        {"log", "", "evr: log: --sides: expected 2 sides, one per seat\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *a[] = {"evr", cases[i].cmd, "--seed", "1", "--sides", cases[i].list, NULL};
        char *o, *e;
        cr_expect_eq(lab_run(a, &o, &e), 2, "%s --sides '%s'", cases[i].cmd, cases[i].list);
        cr_expect_str_eq(e, cases[i].msg);
        cr_expect_str_eq(o, "");
        free(o), free(e);
    }
    const char *b[] = {"evr", "bench", "--sides", "imperial,rebel", NULL};
    char *o, *e;
    cr_assert_eq(lab_run(b, &o, &e), 2);
    cr_assert_str_eq(e, "evr: bench: unknown option '--sides' (see 'evr bench --help')\n");
    free(o), free(e);
}
