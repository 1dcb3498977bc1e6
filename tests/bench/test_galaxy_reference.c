/* test_galaxy_reference.c: the hand-written reference engine of Galaxy
   Rebellion (bench/galaxy_ref.h, bench/galaxy_ref.c) plays the same games
   as the generated engine: on the same seeds, game by game, the same
   winner after the same number of rounds and decisions, with 2 players
   (what bench plays) and with 4; the checksum `build/galaxy bench` prints
   is the one the reference program prints (what bench/run.sh compares);
   and the reference's trace names the decisions `galaxy log` logs. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../bench/galaxy_ref.h"
#include "cardrt.h"
#include "galaxy.h"
#include "testutil.h"

#ifndef TEST_BUILD_DIR
#define TEST_BUILD_DIR "build"
#endif

enum { GAMES = 300 };

/* One game's outcome: first winner's seat (-1: none), rounds, decisions. */
typedef struct Outcome {
    int winner, rounds, decisions;
} Outcome;

/* generated_game: the generated engine's game of `players` seeded gs,
   random agents seeded as `bench` seeds them. */
static Outcome generated_game(int players, uint64_t gs)
{
    RtOptions opt = {players, gs, 0, 0, 0, NULL};
    RtGame *g = rt_new(&galaxy_game, &opt);
    cr_assert_not_null(g);
    RtAgent agents[GAL_MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        rt_agent_random(&agents[p]);
        agents[p].reset(&agents[p], ref_splitmix_at(gs ^ GAL_AGENT_SALT, (uint64_t)p));
    }
    while (rt_advance(g)) {
        RtAgent *a = &agents[rt_decision_player(g)];
        rt_apply(g, a->choose(a, g));
    }
    Outcome o = {-1, rt_rounds(g), rt_decisions(g)};
    for (int p = players - 1; p >= 0; p--)
        if (rt_is_winner(g, p))
            o.winner = p;
    rt_free(g);
    return o;
}

/* reference_game: the reference engine's game of `players` seeded gs. */
static Outcome reference_game(const GalTables *t, int players, uint64_t gs)
{
    GalStats st;
    Outcome o;
    o.winner = gal_ref_play(t, players, gs, &st);
    o.rounds = st.rounds;
    o.decisions = st.decisions;
    return o;
}

/* same_games: games 0..GAMES-1 of `players` of a bench seeded base agree;
   fails at the first game that differs. */
static void same_games(int players, uint64_t base)
{
    GalTables t;
    gal_tables(&t);
    int wins[GAL_MAX_PLAYERS] = {0};
    for (int i = 0; i < GAMES; i++) {
        uint64_t gs = ref_splitmix_at(base, (uint64_t)i);
        Outcome a = generated_game(players, gs), b = reference_game(&t, players, gs);
        cr_assert(a.winner == b.winner && a.rounds == b.rounds && a.decisions == b.decisions,
                  "%d players, bench seed %llu, game %d (`build/galaxy log --players %d --seed %llu`): generated: "
                  "winner %d, %d rounds, %d decisions; reference: winner %d, %d rounds, %d decisions",
                  players, (unsigned long long)base, i, players, (unsigned long long)gs, a.winner, a.rounds,
                  a.decisions, b.winner, b.rounds, b.decisions);
        if (a.winner >= 0)
            wins[a.winner]++;
    }
    for (int p = 0; p < players; p++)
        cr_assert(wins[p] > 0, "seat %d never won: the games are not varied", p);
}

Test(galaxy_reference, same_games_seed_1) { same_games(2, 1); }
Test(galaxy_reference, same_games_seed_7) { same_games(2, 7); }
Test(galaxy_reference, same_games_seed_large) { same_games(2, 0xfedcba9876543210u); }
Test(galaxy_reference, same_games_four_players) { same_games(4, 3); }

/* engine_output: what `galaxy ARGS...` prints (in-process, as
   build/galaxy runs it); fails unless it exits 0. Caller frees. */
static char *engine_output(int argc, const char **argv)
{
    char *out = NULL, *err = NULL;
    size_t no = 0, ne = 0;
    FILE *fo = open_memstream(&out, &no), *fe = open_memstream(&err, &ne), *in = fopen("/dev/null", "r");
    cr_assert(fo && fe && in);
    int r = rt_engine_run(argc, (char **)argv, galaxy_variants, galaxy_variant_count, in, fo, fe);
    fclose(fo);
    fclose(fe);
    fclose(in);
    cr_assert_eq(r, 0, "galaxy %s failed: %s", argv[1], err);
    free(err);
    return out;
}

/* generated_checksum: the winners checksum `galaxy bench --games 300 --seed
   1` prints, with no MCTS timing (--mcts-seconds 0: zero iterations). */
static unsigned long long generated_checksum(void)
{
    const char *argv[] = {"galaxy", "bench", "--games", "300", "--seed", "1", "--mcts-seconds", "0", NULL};
    char *out = engine_output(8, argv);
    const char *p = strstr(out, "\"winners_checksum\":");
    unsigned long long sum = p ? strtoull(p + strlen("\"winners_checksum\":"), NULL, 10) : 0;
    int no_mcts = strstr(out, "\"mcts_iterations\":0,") != NULL;
    free(out);
    cr_assert(p, "galaxy bench printed no checksum");
    cr_assert(no_mcts, "--mcts-seconds 0 still timed MCTS");
    return sum;
}

/* build_reference: cc the reference program as run.sh builds it (plus
   extra flags) into TEST_BUILD_DIR/tests/name. */
static void build_reference(const char *name, const char *extra)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cc -std=c11 -O2 -Wall -Wextra -pedantic -Werror %s -o " TEST_BUILD_DIR "/tests/%s bench/galaxy_ref.c",
             extra, name);
    RunResult b = run_cmd(cmd);
    int built = b.status == 0;
    run_free(&b);
    cr_assert(built, "cannot build bench/galaxy_ref.c (%s)", extra);
}

/* reference_output: the reference program run with `300 1 --winners`:
   the checksum it prints and the one its per-game winners add up to (the
   bench formula). */
static void reference_output(unsigned long long *printed, unsigned long long *summed)
{
    build_reference("galaxy_ref", "");
    RunResult ref = run_cmd(TEST_BUILD_DIR "/tests/galaxy_ref 300 1 --winners");
    int ok = ref.status == 0, lines = 0;
    uint64_t check = 0;
    const char *p = ref.out;
    for (; ok && lines < GAMES; lines++) {
        char *end;
        long w = strtol(p, &end, 10);
        if (end == p || *end != '\n' || w < -1 || w > 1)
            break;
        check = check * 31 + (uint64_t)(w + 1);
        p = end + 1;
    }
    const char *q = strstr(p, "\"winners_checksum\":");
    *printed = q ? strtoull(q + strlen("\"winners_checksum\":"), NULL, 10) : 0;
    *summed = check;
    run_free(&ref);
    cr_assert(ok && lines == GAMES && q, "galaxy_ref 300 1 --winners: not 300 seats and a JSON line");
}

/* The checksums bench/run.sh compares agree, and the reference's --winners
   list is the one its checksum sums. */
Test(galaxy_reference, bench_checksums_agree)
{
    unsigned long long gen = generated_checksum(), ref, sum;
    reference_output(&ref, &sum);
    cr_assert_eq(ref, sum, "galaxy_ref's checksum %llu is not that of its --winners (%llu)", ref, sum);
    cr_assert_eq(ref, gen, "winners checksum: generated %llu, reference %llu", gen, ref);
}

/* decision_lines: the lines of text that start with "round ", "choose " or
   "win ", in order (heap string, caller frees). */
static char *decision_lines(const char *text)
{
    size_t n = strlen(text);
    char *out = malloc(n + 1), *o = out;
    cr_assert_not_null(out);
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p + 1) : strlen(p);
        if (strncmp(p, "round ", 6) == 0 || strncmp(p, "choose ", 7) == 0 || strncmp(p, "win ", 4) == 0) {
            memcpy(o, p, len);
            o += len;
        }
        p += len;
    }
    *o = '\0';
    return out;
}

/* The trace build (-DGALAXY_REF_TRACE) of one game names the rounds, the
   decisions (forced ones marked) and the winners as `galaxy log` logs
   them, with 2 and 3 players. */
Test(galaxy_reference, trace_matches_the_log)
{
    build_reference("galaxy_ref_trace", "-DGALAXY_REF_TRACE");
    const char *players[] = {"2", "3"};
    for (int k = 0; k < 2; k++) {
        const char *argv[] = {"galaxy", "log", "--seed", "5", "--players", players[k], NULL};
        char *log = engine_output(6, argv);
        char cmd[256];
        snprintf(cmd, sizeof cmd, TEST_BUILD_DIR "/tests/galaxy_ref_trace --game-seed 5 --players %s", players[k]);
        RunResult ref = run_cmd(cmd);
        cr_assert_eq(ref.status, 0);
        char *want = decision_lines(log), *got = decision_lines(ref.out);
        cr_assert(strlen(want) > 1000 && strstr(want, "(forced)") && strstr(want, "\nwin Player "),
                  "the log has no decisions");
        cr_assert_str_eq(got, want, "%s players: the trace differs from the log", players[k]);
        free(want);
        free(got);
        free(log);
        run_free(&ref);
    }
}
