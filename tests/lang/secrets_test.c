/* secrets_test.c: the runtime's second line behind the secrecy check
   (docs/lab.md "What a seat may know"): each engine's `secrets` command
   redraws, for every seat, what it does not know, plays the same answers
   on, and fails when the seat's log, screen or a decision it sees differs
   before something is revealed to it. Every game of cards/ and every test
   game with hidden information passes; a game that leaks, built by a
   cardc without the secrecy check, fails with the seat, the decisions and
   the two versions of what it saw. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "lang_game.h"

/* CLEAN: the end of the line a run without a difference prints. */
#define CLEAN "no seat was shown what it may not know\n"

/* expect_clean: r exited 0 and printed one line, the tally of a clean
   run of games games; frees r. */
static void expect_clean(RunResult r, const char *what, int games)
{
    char head[64];
    snprintf(head, sizeof head, "secrets: %d games, ", games);
    cr_expect_eq(r.status, 0, "%s: %s%s", what, r.out, r.err);
    cr_expect(strncmp(r.out, head, strlen(head)) == 0, "%s: %s", what, r.out);
    size_t n = strlen(r.out);
    cr_expect(n >= strlen(CLEAN) && strcmp(r.out + n - strlen(CLEAN), CLEAN) == 0 && strchr(r.out, '\n') == r.out + n - 1,
              "%s: %s", what, r.out);
    run_free(&r);
}

/* shipped: the engine of cards/<id> built with the sanitizers, secrets
   with args. */
static void shipped(const char *id, const char *args, int games)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "ASAN_OPTIONS=detect_leaks=0 " TEST_BUILD_DIR "/san/%s secrets %s", id, args);
    expect_clean(run_cmd(cmd), id, games);
}

Test(secrets, evr_shows_each_seat_only_what_it_may_know, .timeout = 600) { shipped("evr", "--games 6 --every 2", 6); }
Test(secrets, dsr_shows_each_seat_only_what_it_may_know, .timeout = 600) { shipped("dsr", "--games 3 --every 8", 3); }
Test(secrets, galaxy_shows_each_seat_only_what_it_may_know, .timeout = 600)
{
    shipped("galaxy", "--games 2 --every 25", 2);
}
Test(secrets, simple_shows_each_seat_only_what_it_may_know, .timeout = 600)
{
    shipped("simple", "--games 2 --every 10", 2);
}
Test(secrets, rebellion_shows_each_seat_only_what_it_may_know, .timeout = 600)
{
    shipped("rebellion", "--games 2 --every 15", 2);
}

/* Every test game with hidden information (private and hidden zones,
   hidden choices, private variables, reveals and looks, teams) but the
   leaky one. */
Test(secrets, every_test_game_with_secrets_shows_each_seat_only_what_it_may_know, .timeout = 900)
{
    static const char *const games[][2] = {
        {"knowledge", "peek"}, {"knowledge_moves", "stash"}, {"leak_int", "leak_int"},     {"leak_kind", "leak_kind"},
        {"leak_many", "leak_many"}, {"leak_pick", "leak_pick"}, {"leak_state", "leak_state"}, {"team_plans", "team_plans"},
        {"menus", "menus"}, {"known_dice", "known_dice"}, {"tracks", "tracks"}, {"variant_cards", "vcards"},
        {"variant_family", "vfam"},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        expect_clean(game_run(games[i][0], games[i][1], "$e secrets --games 20"), games[i][0], 20);
    /* a longer game: fewer games, a redrawn world at every 4th decision */
    expect_clean(game_run("counted_actions", "countedactions", "$e secrets --games 5 --every 4"), "counted_actions", 5);
}

/* A leak the secrecy check rejects... */
Test(secrets, the_leaky_game_is_rejected_by_the_check)
{
    RunResult r = run_cmd(TEST_BUILD_DIR "/san/cardc check tests/lang/leak/leak_shown 2>&1 | head -1");
    cr_expect_str_eq(r.out, "tests/lang/leak/leak_shown/game.cards:33:38: error: every player sees this log line, and "
                            "it depends on 'c', a card of the private zone 'opponent.hand' (line 33), known only to "
                            "'opponent'\n");
    run_free(&r);
}

/* ...and, built without it, is caught by the engine's own test: North's
   log names the gem South keeps, which a world redrawn from what North
   knows changes. */
Test(secrets, a_leak_past_the_check_is_caught_by_the_engine, .timeout = 300)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/san/cardc-unchecked c tests/lang/leak/leak_shown -o $d "
                          ">/dev/null && cc " STRICT " " SAN " -DCARDRT_ENGINE_MAIN -o $d/e $d/leak_shown.c "
                          TEST_BUILD_DIR "/san/libcardlab.a " TEST_BUILD_DIR "/san/libcardrt.a -lm -pthread "
                          "$(pkg-config --libs cairo) && $d/e secrets --games 5; s=$?; rm -rf $d; exit $s");
    cr_expect_eq(r.status, 1, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, "secrets: the game of seed 10451216379200822465, seat 1 (North): redrawn after decision 0 "
                            "from what the seat knows, the same answers show it something else after decision 1, in "
                            "its log, line 3:\n"
                            "  the game:    South keeps a gem worth 2.\n"
                            "  redrawn:     South keeps a gem worth 1.\n");
    run_free(&r);
}
