/* test_play.c: `build/evr play` as a person plays it, answers piped in:
   what the screen shows at each decision (the sides' totals, the event's
   capacity and objective, the cards' printed fields, no bookkeeping), the
   setup summarised, a repeated choice's count, identical options merged,
   and the opponent chosen with --opponent. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

/* the engine built with the sanitizers, as every test runs the runtime */
#define ENGINE TEST_BUILD_DIR "/san/evr"

/* play: the output of `evr play ARGS` answering option 1 to everything. */
static RunResult play(const char *args)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "yes 1 | head -n 3000 | " ENGINE " play %s", args);
    return run_cmd(cmd);
}

/* count: occurrences of needle in hay. */
static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* A whole game is played to its result; every decision's screen shows
   both sides' totals, and never the scripts' bookkeeping. */
Test(play, a_whole_game_shows_the_totals_at_every_decision)
{
    RunResult r = play("--seed 3");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "\nresult: Rebel Alliance wins\n") != NULL, "%s", r.out);
    int decisions = count(r.out, "\nRebel Alliance to choose: ");
    cr_expect_gt(decisions, 20);
    cr_expect_eq(count(r.out, "\ntotal: Rebel Alliance "), decisions, "a screen without the totals");
    cr_expect_eq(count(r.out, "\nhas_winner:"), 0);
    cr_expect_eq(count(r.out, "\nbusted:"), 0);
    cr_expect_eq(count(r.out, "\nwinner:"), 0);
    cr_expect(strstr(r.out, "\ninfluence: Rebel Alliance 2, Galactic Empire 2\n") != NULL);
    cr_expect(strstr(r.out, "\nround 1, phase struggle, turn of Rebel Alliance\ntotal: ") != NULL, "%s", r.out);
    run_free(&r);
}

/* The setup's moves are one line per run of moves between two zones, the
   cards the seat may see by name, the others counted. */
Test(play, the_setup_is_summarised)
{
    RunResult r = play("--seed 7");
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *want =
        "evr \"Star Wars: Empire vs. Rebellion\" (base), seed 7, you are Rebel Alliance against random\n"
        "| move 24 cards box -> events\n"
        "| move \"Hope\", \"Hit and Run\", \"Diplomacy\", \"Rebel Infiltration\", \"Rebel Deception\" box -> "
        "strategies(Rebel Alliance)\n"
        "| move 16 cards box -> deck(Rebel Alliance)\n"
        "| move \"R2-D2 and C-3PO\", \"Mon Mothma\", \"Lando Calrissian\", \"Obi-Wan Kenobi\", \"Chewbacca\", "
        "\"Han Solo\", \"Leia Organa\", \"Luke Skywalker\" box -> reserve(Rebel Alliance)\n"
        "| move 5 cards box -> strategies(Galactic Empire)\n"
        "| move 16 cards box -> deck(Galactic Empire)\n"
        "| move 8 cards box -> reserve(Galactic Empire)\n"
        "| shuffle events\n"
        "\n"
        "round 0\n"
        "total: Rebel Alliance 0, Galactic Empire 0\n";
    cr_expect(strncmp(r.out, want, strlen(want)) == 0, "%s", r.out);
    run_free(&r);
}

/* A card the seat sees shows its state and printed fields, its text on
   the next line; the current event its capacity, objective and rewards;
   the other side's private cards only as a count. */
Test(play, cards_show_their_printed_fields)
{
    RunResult r = play("--seed 3");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "\nreserve(Rebel Alliance): 8 cards\n"
                            "    \"Luke Skywalker\" (exhausted false): side Rebel Alliance, value 5, exhausted_value 2, "
                            "character true\n"
                            "      Ready another of your resource cards.\n") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "\ncurrent: 1 card\n"
                            "    \"Attack on the Shield Generator\": capacity 6, objective 16, victory 2, influence 1\n"
                            "      When won: Your opponent loses 1 influence.\n") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "\nreserve(Galactic Empire): 8 cards\nstrategies(") != NULL, "%s", r.out);
    run_free(&r);
}

/* The characters are chosen 4 times from the reserve: the prompt says
   how many are chosen. */
Test(play, a_repeated_choice_counts_its_picks)
{
    RunResult r = play("--seed 7");
    cr_assert_eq(r.status, 0, "%s", r.err);
    for (int k = 0; k < 4; k++) {
        char want[128];
        snprintf(want, sizeof want, "\nRebel Alliance to choose: choose a resource from reserve (%d of 4 chosen)\n", k);
        cr_expect(strstr(r.out, want) != NULL, "no '%s' in:\n%s", want + 1, r.out);
    }
    run_free(&r);
}

/* Two copies of a card in the same state are one option, with their
   count; answering it plays one of them. */
Test(play, identical_options_are_merged)
{
    RunResult r = play("--seed 3");
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *at = strstr(r.out, "  1) use a power: Rebel Trooper (x2)\n");
    cr_assert(at != NULL, "%s", r.out);
    cr_expect(strstr(at, "\nRebel Alliance> | choose Rebel Alliance: use a power: Rebel Trooper\n") != NULL, "%s", at);
    cr_expect(strstr(at, "  2) use a power: Rebel Trooper\n") == NULL || strstr(at, "  2) use a power: Rebel Trooper\n") >
              strstr(at, "Rebel Alliance> "), "a merged option is listed again");
    run_free(&r);
}

/* --opponent picks the other seat's agent; an unknown one is a usage error. */
Test(play, the_opponent_is_chosen)
{
    RunResult r = play("--seed 3 --opponent greedy");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "you are Rebel Alliance against greedy\n") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "\nresult: ") != NULL, "%s", r.out);
    run_free(&r);
    r = play("--seed 3 --opponent clever");
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.err, TEST_BUILD_DIR "/san/evr: play: --opponent clever: not an agent (random, greedy, mcts)\n");
    run_free(&r);
}
