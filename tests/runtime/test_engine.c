/* test_engine.c: the engine's command line, run in-process: sim, log, replay, errors. */
#include "helpers.h"
#include "minigame.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#ifndef TEST_BUILD_DIR
#define TEST_BUILD_DIR "build"
#endif

Test(engine, sim_json_is_byte_identical_across_runs)
{
    const char *argv[] = {"mini", "sim", "--games", "60", "--seed", "7", "--json", NULL};
    char *o1, *e1, *o2, *e2;
    cr_assert_eq(run_engine(argv, &o1, &e1), 0, "%s", e1);
    cr_assert_eq(run_engine(argv, &o2, &e2), 0);
    cr_assert_str_eq(o1, o2);
    cr_assert(starts(o1, "{\"game\":\"mini\",\"variant\":\"base\",\"games\":60,\"seed\":7,\"players\":2,"), "%s", o1);
    cr_assert(strstr(o1, "\"wins\":{\"North\":") != NULL, "%s", o1);
    cr_assert(strstr(o1, "\"errors\":0,\"mean_rounds\":") != NULL, "%s", o1);
    cr_assert(strstr(o1, "\"mean_decisions\":") != NULL);
    cr_assert_eq(o1[strlen(o1) - 1], '\n');
    cr_assert_eq(strchr(o1, '\n'), o1 + strlen(o1) - 1, "exactly one line");
    free(o1);
    free(e1);
    free(o2);
    free(e2);
}

Test(engine, sim_summary_and_other_seed)
{
    const char *a1[] = {"mini", "sim", "--games=20", "--seed", "1", NULL};
    const char *a2[] = {"mini", "sim", "--games", "20", "--seed", "2", "--players", "3", NULL};
    char *o1, *e1, *o2, *e2;
    cr_assert_eq(run_engine(a1, &o1, &e1), 0);
    cr_assert_eq(run_engine(a2, &o2, &e2), 0);
    cr_assert(starts(o1, "mini (base): 20 games, seed 1, 2 players\nwins: North "), "%s", o1);
    cr_assert(strstr(o1, "\nerrors: 0\nmean rounds: ") != NULL, "%s", o1);
    cr_assert(strstr(o2, "wins: Player 1 ") != NULL, "%s", o2);
    free(o1);
    free(e1);
    free(o2);
    free(e2);
}

Test(engine, sim_errors_exit_nonzero_with_the_first_error)
{
    const char *argv[] = {"mini", "sim", "--games", "3", "--variant", "broken", "--json", NULL};
    char *o, *e;
    cr_assert_eq(run_engine(argv, &o, &e), 1);
    cr_assert(strstr(o, "\"errors\":3") != NULL, "%s", o);
    cr_assert(strstr(e, "3 games failed; first: game 0 (seed ") != NULL, "%s", e);
    cr_assert(strstr(e, "): mini.cards:62:5: top of empty zone hand(North)\n") != NULL, "%s", e);
    free(o);
    free(e);
    const char *argv2[] = {"mini", "sim", "--games", "2", "--variant", "endless", "--max-rounds", "9", NULL};
    cr_assert_eq(run_engine(argv2, &o, &e), 1);
    cr_assert(strstr(e, "game did not end within 9 rounds") != NULL, "%s", e);
    free(o);
    free(e);
}

/* sim_fpa: sim of def (20 games, 2 players) as text, JSON and CSV; 1 if
   each has the first-player advantage, 0 if none has it (a mix fails). */
static int sim_fpa(const RtGameDef *def)
{
    const RtGameDef *defs[1] = {def};
    const char *forms[][9] = {{"mini", "sim", "--games", "20", "--seed", "3", NULL},
                              {"mini", "sim", "--games", "20", "--seed", "3", "--json", NULL},
                              {"mini", "sim", "--games", "20", "--seed", "3", "--csv", NULL}};
    const char *marks[] = {"\nfirst-player advantage (the first turn's player's win rate minus 1/2): ",
                           "],\"first_player_advantage\":{\"value\":", "\nfirst_player_advantage,,,,,20,"};
    int seen = 0;
    for (int k = 0; k < 3; k++) {
        char *o, *e;
        cr_assert_eq(run_engine_defs(defs, 1, forms[k], &o, &e), 0, "%s", e);
        if (strstr(o, marks[k]))
            seen++;
        else if (k == 1)
            cr_assert(strstr(o, "],\"first_player_advantage\":null,\"length\":{"), "%s", o);
        cr_assert(seen == 0 || seen == k + 1, "form %d: %s", k, o);
        free(o);
        free(e);
    }
    return seen == 3;
}

/* The first-player advantage is left out (text, CSV) or null (JSON) when
   every seat plays the same side: the players win or lose together. A
   game that can be lost to (can_lose) but seats two sides keeps it. */
Test(engine, no_first_player_advantage_when_every_seat_plays_one_side)
{
    cr_assert_eq(sim_fpa(&mini_base), 1, "two sides");
    RtGameDef lose = mini_base;
    lose.can_lose = 1;
    cr_assert_eq(sim_fpa(&lose), 1, "two sides, and the game can be lost");
    RtGameDef one = mini_base;
    one.nsides = 1;
    cr_assert_eq(sim_fpa(&one), 0, "one side for both seats");
    one.can_lose = 1;
    cr_assert_eq(sim_fpa(&one), 0, "one side, and the game can be lost");
}

Test(engine, usage_errors_exit_2)
{
    const char *cases[][6] = {
        {"mini", "sim", "--bogus", NULL},
        {"mini", "sim", "--games", "zero", NULL},
        {"mini", "sim", "--games", NULL},
        {"mini", "sim", "--variant", "nope", NULL},
        {"mini", "sim", "--players", "5", NULL},
        {"mini", "frobnicate", NULL},
        {"mini", "log", "--seat", "1", NULL},
        {"mini", "replay", NULL},
        {"mini", "replay", "--bogus", NULL},
        {"mini", NULL},
        {"mini", "sim", "--games", "99999999999", NULL},
        {"mini", "sim", "--games", "0", NULL},
        {"mini", "log", "--seed", "99999999999999999999", NULL},
    };
    const char *msgs[] = {
        "unknown option '--bogus'", "'zero' is not a positive integer", "--games needs a value",
        "unknown variant 'nope'; the variants are: base broken endless deep", "takes 2 to 3 players, not 5",
        "unknown command 'frobnicate'", "unknown option '--seat'", "no FILE", "unknown option '--bogus'", "usage:",
        "mini: sim: --games: '99999999999' is out of range (1..2147483647)\n",
        "mini: sim: --games: '0' is not a positive integer\n",
        "mini: log: --seed: '99999999999999999999' is out of range (0..18446744073709551615)\n",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *o, *e;
        cr_assert_eq(run_engine(cases[i], &o, &e), 2, "case %zu", i);
        cr_assert(strstr(e, msgs[i]) != NULL, "case %zu: %s", i, e);
        free(o);
        free(e);
    }
}

Test(engine, help_everywhere)
{
    const char *cmds[] = {NULL, "play", "sim", "replay", "log"};
    for (size_t i = 0; i < 5; i++) {
        const char *argv[] = {"mini", cmds[i] ? cmds[i] : "--help", cmds[i] ? "--help" : NULL, NULL};
        char *o, *e;
        cr_assert_eq(run_engine(argv, &o, &e), 0);
        cr_assert(starts(o, "usage: mini "), "%s", o);
        free(o);
        free(e);
    }
}

Test(engine, log_command_follows_the_choices)
{
    const char *argv[] = {"mini", "log", "--seed", "1", "--choices", "1,0,1", NULL};
    char *o, *e;
    cr_assert_eq(run_engine(argv, &o, &e), 0, "%s", e);
    RtGame *g = new_game(&mini_base, 1, 2);
    int ch[] = {1, 0, 1};
    for (int i = 0; i < 3; i++) {
        rt_advance(g);
        rt_apply(g, ch[i]);
    }
    rt_advance(g);
    char *want = log_text(g, -1);
    cr_assert_eq(strncmp(o, want, strlen(want)), 0, "%s\n---\n%s", o, want);
    free(want);
    rt_free(g);
    free(o);
    free(e);
    const char *viewer[] = {"mini", "log", "--seed", "1", "--choices", "1,0", "--viewer", "2", NULL};
    cr_assert_eq(run_engine(viewer, &o, &e), 0);
    cr_assert(strstr(o, "choose North: (hidden)\n") != NULL, "%s", o);
    free(o);
    free(e);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    char *buf = calloc(1, 1 << 20);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
}

Test(engine, replay_round_trip_and_mismatch)
{
    const char *path = TEST_BUILD_DIR "/tests/runtime-replay.jsonl";
    const char *sim[] = {"mini", "sim", "--games", "3", "--seed", "5", "--log", path, NULL};
    char *o, *e;
    cr_assert_eq(run_engine(sim, &o, &e), 0, "%s", e);
    free(o);
    free(e);
    char *log = slurp(path);
    cr_assert(starts(log, "{\"type\":\"header\",\"game\":\"mini\",\"variant\":\"base\",\"seed\":"), "%s", log);
    const char *replay[] = {"mini", "replay", path, NULL};
    cr_assert_eq(run_engine(replay, &o, &e), 0, "%s", e);
    cr_assert(strstr(e, "lines verified") != NULL, "%s", e);
    cr_assert(strstr(o, "round 1\n") != NULL);
    cr_assert(strstr(o, "\nwin ") != NULL || strstr(o, "\ndraw\n") != NULL, "%s", o);
    free(o);
    free(e);
    /* answer the first hidden choice the other way: the replay diverges */
    char *p = strstr(log, "\"option\":1,\"options\":2,\"forced\":false,\"hidden\":true");
    if (!p)
        p = strstr(log, "\"option\":0,\"options\":2,\"forced\":false,\"hidden\":true");
    cr_assert_not_null(p);
    p[9] = p[9] == '1' ? '0' : '1';
    const char *bad = TEST_BUILD_DIR "/tests/runtime-replay-bad.jsonl";
    spit(bad, log);
    const char *replay_bad[] = {"mini", "replay", bad, NULL};
    cr_assert_eq(run_engine(replay_bad, &o, &e), 1);
    cr_assert(strstr(e, "the replayed game differs\n  log:    {\"type\":\"choice\"") != NULL, "%s", e);
    free(o);
    free(e);
    spit(bad, "not json\n");
    cr_assert_eq(run_engine(replay_bad, &o, &e), 1);
    cr_assert(strstr(e, ":1: not a log header") != NULL, "%s", e);
    free(o);
    free(e);
    free(log);
    remove(path);
    remove(bad);
}

Test(engine, play_gives_up_at_end_of_input)
{
    const char *argv[] = {"mini", "play", "--seed", "3", "--seat", "2", NULL};
    char *o, *e;
    cr_assert_eq(run_engine(argv, &o, &e), 1);
    cr_assert(strstr(o, "seed 3, you are South against random\n") != NULL, "%s", o);
    cr_assert(strstr(o, "end of input") != NULL, "%s", o);
    cr_assert(strstr(o, "  1) left\n  2) right\n") != NULL, "%s", o);
    free(o);
    free(e);
}
