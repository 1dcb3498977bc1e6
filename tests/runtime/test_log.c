/* test_log.c: the event log: text lines per viewer, free text, JSON lines. */
#include "helpers.h"
#include "minigame.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

/* The first decisions of seed 1: North picks "right" (hidden), South
   "left", North plays its card (a Beta) and takes the bonus "one"; South
   is to choose. */
static RtGame *opening(void)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    static const int choices[] = {1, 0, 1, 0};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(rt_advance(g), 1);
        rt_apply(g, choices[i]);
    }
    cr_assert_eq(rt_advance(g), 1);
    cr_assert_eq(rt_decision_player(g), 1);
    return g;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

Test(log, moves_show_cards_only_to_who_may_see_them)
{
    RtGame *g = opening();
    char *all = log_text(g, -1), *north = log_text(g, 0), *south = log_text(g, 1);
    RtValue drawn_n = rt_zone_at(g, rt_zone(g, Z_TABLE, 0), 0);   /* North's first card, now on the table */
    char line[128];
    /* box and deck are hidden: nobody but the omniscient log sees the deal */
    cr_assert_eq(count(north, "move a card box -> deck(North)\n"), 3, "%s", north);
    cr_assert_eq(count(south, "move a card box -> deck(South)\n"), 2);
    cr_assert_eq(count(all, "move a card"), 0, "%s", all);
    cr_assert_eq(count(all, "\" box -> deck(North)\n"), 3);
    /* the pool is public */
    cr_assert(strstr(south, "move \"Gamma \"the token\"\" box -> pool\n") != NULL);
    /* a hand is private to its owner */
    snprintf(line, sizeof line, "move \"%s\" deck(North) -> hand(North)\n", rt_card_name(g, drawn_n));
    cr_assert(strstr(north, line) != NULL, "%s", north);
    cr_assert(strstr(all, line) != NULL);
    cr_assert(strstr(south, line) == NULL);
    cr_assert(strstr(south, "move a card deck(North) -> hand(North)\n") != NULL, "%s", south);
    /* leaving a private hand for a public table is seen by everyone */
    snprintf(line, sizeof line, "move \"%s\" hand(North) -> table(North)\n", rt_card_name(g, drawn_n));
    cr_assert(strstr(south, line) != NULL, "%s", south);
    snprintf(line, sizeof line, "state \"%s\" tapped 0 -> 1\n", rt_card_name(g, drawn_n));
    cr_assert(strstr(south, line) != NULL);
    free(all);
    free(north);
    free(south);
    rt_free(g);
}

Test(log, hidden_choices_are_seen_by_the_chooser_only)
{
    RtGame *g = opening();
    char *all = log_text(g, -1), *north = log_text(g, 0), *south = log_text(g, 1);
    cr_assert(strstr(all, "choose North: right\n") && strstr(all, "choose South: left\n"), "%s", all);
    cr_assert(strstr(north, "choose North: right\n") && strstr(north, "choose South: (hidden)\n"), "%s", north);
    cr_assert(strstr(south, "choose North: (hidden)\n") && strstr(south, "choose South: left\n"), "%s", south);
    cr_assert(strstr(south, "choose North: play: Beta\n") != NULL, "open choices are public");
    cr_assert(strstr(south, "set secret(North) -1 -> 1\n") != NULL, "counters are public");
    free(all);
    free(north);
    free(south);
    rt_free(g);
}

Test(log, text_lines_in_order)
{
    RtGame *g = opening();
    char *all = log_text(g, 0);
    const char *want[] = {
        "shuffle deck(North)\n", "shuffle deck(South)\n",
        "dealt 5 units; Gamma \"the token\" waits; North plays North\n",
        "choose North: right\n", "round 1\nphase main\nturn North\nchoose North: play: ",
        "set score(North) 0 -> ", "turn South\n",
    };
    const char *p = all;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *q = strstr(p, want[i]);
        cr_assert_not_null(q, "missing or out of order: %s\nin:\n%s", want[i], all);
        p = q + strlen(want[i]);
    }
    /* rt_log_line gives the same lines */
    char buf[256];
    size_t off = 0;
    for (int i = 0; i < rt_log_count(g); i++) {
        rt_log_line(g, i, 0, buf, sizeof buf);
        cr_assert_eq(strncmp(all + off, buf, strlen(buf)), 0, "line %d: %s", i, buf);
        off += strlen(buf) + 1;
    }
    cr_assert_eq(off, strlen(all));
    cr_assert_str_eq(rt_log_line(g, 9999, -1, buf, sizeof buf), "");
    free(all);
    rt_free(g);
}

Test(log, json_lines_are_escaped_and_complete)
{
    RtGame *g = opening();
    char *json = log_json(g);
    cr_assert(starts(json, "{\"type\":\"header\",\"game\":\"mini\",\"variant\":\"base\",\"seed\":1,\"players\":2,\"max_rounds\":1000}\n"), "%s", json);
    cr_assert(strstr(json, "\"name\":\"Gamma \\\"the token\\\"\",\"from\":\"box\",\"to\":\"pool\",\"where\":\"top\"}") != NULL, "%s", json);
    cr_assert(strstr(json, "{\"type\":\"choice\",\"round\":0,\"player\":0,\"option\":1,\"options\":2,\"forced\":false,"
                           "\"hidden\":true,\"prompt\":\"pick a side\",\"label\":\"right\"}\n") != NULL, "%s", json);
    cr_assert(strstr(json, "{\"type\":\"round\",\"round\":1}\n") != NULL);
    cr_assert(strstr(json, "{\"type\":\"log\",\"round\":0,\"text\":\"dealt 5 units; Gamma \\\"the token\\\" waits; North plays North\"}\n") != NULL);
    /* one line per event, plus the header */
    cr_assert_eq(count(json, "\n"), rt_log_count(g) + 1);
    free(json);
    rt_free(g);
}

Test(log, no_log_unless_asked)
{
    RtOptions opt = {2, 1, 0, 0, 0, NULL};
    RtGame *g = rt_new(&mini_base, &opt);
    play_random(g, 1);
    cr_assert_eq(rt_log_count(g), 0);
    rt_free(g);
}

Test(log, view_shows_what_a_player_may_see)
{
    RtGame *g = opening();
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    rt_view_print(g, 1, f);
    fclose(f);
    cr_assert(strstr(buf, "round 1, phase main, turn of South\n") != NULL, "%s", buf);
    cr_assert(strstr(buf, "score: North 3, South 0\n") != NULL, "%s", buf);
    cr_assert(strstr(buf, "deck(North): 1 card\n") != NULL, "%s", buf);
    cr_assert(strstr(buf, "hand(North): 1 card\n") != NULL, "%s", buf);
    cr_assert(strstr(buf, "pool: 1 card\n    \"Gamma \"the token\"\"\n") != NULL, "%s", buf);
    cr_assert(strstr(buf, "table(North): 1 card\n    \"Beta\" (tapped 1, dmg 2)\n") != NULL, "%s", buf);
    cr_assert(strstr(buf, "empty: table(South)\n") != NULL, "%s", buf);
    cr_assert(strstr(buf, "South to choose: choose a card\n") != NULL, "%s", buf);
    cr_assert(strstr(buf, "box") == NULL);
    RtValue mine = rt_zone_at(g, rt_zone(g, Z_HAND, 1), 0);
    char want[64];
    snprintf(want, sizeof want, "hand(South): 1 card\n    \"%s\" (", rt_card_name(g, mine));
    cr_assert(strstr(buf, want) != NULL, "%s", buf);
    free(buf);
    rt_free(g);
}
