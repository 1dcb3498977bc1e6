/* test_reference.c: the hand-written reference engine (bench/evr_ref.h,
   bench/evr_ref.c) plays the same games as the generated EvR engine: on the
   same seeds, game by game, the same winner after the same number of
   rounds and decisions; and the checksum `build/evr bench` prints is the
   one the reference program prints (what bench/run.sh compares). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../bench/evr_ref.h"
#include "cardrt.h"
#include "evr.h"
#include "testutil.h"

#ifndef TEST_BUILD_DIR
#define TEST_BUILD_DIR "build"
#endif

/* fontconfig (under cairo, linked by the lab) keeps process-wide caches until exit. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so\n";
}

enum { GAMES = 300 };

/* One game's outcome: first winner's seat (-1: none), rounds, decisions. */
typedef struct Outcome {
    int winner, rounds, decisions;
} Outcome;

/* generated_game: the generated engine's game seeded gs, random agents
   seeded as `bench` seeds them. */
static Outcome generated_game(uint64_t gs)
{
    RtOptions opt = {2, gs, 0, 0, 0, NULL};
    RtGame *g = rt_new(&evr_game, &opt);
    cr_assert_not_null(g);
    RtAgent agents[2];
    for (int p = 0; p < 2; p++) {
        rt_agent_random(&agents[p]);
        agents[p].reset(&agents[p], ref_splitmix_at(gs ^ EVR_AGENT_SALT, (uint64_t)p));
    }
    while (rt_advance(g)) {
        RtAgent *a = &agents[rt_decision_player(g)];
        rt_apply(g, a->choose(a, g));
    }
    Outcome o = {-1, rt_rounds(g), rt_decisions(g)};
    for (int p = 1; p >= 0; p--)
        if (rt_is_winner(g, p))
            o.winner = p;
    rt_free(g);
    return o;
}

/* reference_game: the reference engine's game seeded gs. */
static Outcome reference_game(uint64_t gs)
{
    EvrStats st;
    Outcome o;
    o.winner = evr_ref_play(gs, &st);
    o.rounds = st.rounds;
    o.decisions = st.decisions;
    return o;
}

/* same_games: games 0..GAMES-1 of a bench seeded base agree; fails at the
   first game that differs. */
static void same_games(uint64_t base)
{
    int wins[2] = {0, 0};
    for (int i = 0; i < GAMES; i++) {
        uint64_t gs = ref_splitmix_at(base, (uint64_t)i);
        Outcome a = generated_game(gs), b = reference_game(gs);
        cr_assert(a.winner == b.winner && a.rounds == b.rounds && a.decisions == b.decisions,
                  "bench seed %llu, game %d (game seed %llu, `build/evr log --seed %llu`): generated: winner %d, "
                  "%d rounds, %d decisions; reference: winner %d, %d rounds, %d decisions",
                  (unsigned long long)base, i, (unsigned long long)gs, (unsigned long long)gs, a.winner, a.rounds,
                  a.decisions, b.winner, b.rounds, b.decisions);
        if (a.winner >= 0)
            wins[a.winner]++;
    }
    cr_assert(wins[0] > 0 && wins[1] > 0, "one side won every game: the games are not varied");
}

Test(reference, same_games_seed_1) { same_games(1); }
Test(reference, same_games_seed_7) { same_games(7); }
Test(reference, same_games_seed_large) { same_games(0xfedcba9876543210u); }

/* generated_checksum: the winners checksum `evr bench --games 300 --seed 1`
   prints (in-process, as build/evr runs it), with no MCTS timing
   (--mcts-seconds 0: zero iterations reported). */
static unsigned long long generated_checksum(void)
{
    char *out = NULL, *err = NULL;
    size_t no = 0, ne = 0;
    FILE *fo = open_memstream(&out, &no), *fe = open_memstream(&err, &ne), *in = fopen("/dev/null", "r");
    cr_assert(fo && fe && in);
    const char *argv[] = {"evr", "bench", "--games", "300", "--seed", "1", "--mcts-seconds", "0", NULL};
    int r = rt_engine_run(8, (char **)argv, evr_variants, evr_variant_count, in, fo, fe);
    fclose(fo);
    fclose(fe);
    fclose(in);
    const char *p = r == 0 ? strstr(out, "\"winners_checksum\":") : NULL;
    unsigned long long sum = p ? strtoull(p + strlen("\"winners_checksum\":"), NULL, 10) : 0;
    int no_mcts = r == 0 && strstr(out, "\"mcts_iterations\":0,") != NULL;
    free(out);
    free(err);
    cr_assert(p, "evr bench failed or printed no checksum");
    cr_assert(no_mcts, "--mcts-seconds 0 still timed MCTS");
    return sum;
}

/* reference_output: the reference program, built as run.sh builds it,
   run with `300 1 --winners`: the checksum it prints and the one its
   per-game winners add up to (the bench formula). */
static void reference_output(unsigned long long *printed, unsigned long long *summed)
{
    RunResult b = run_cmd("cc -std=c11 -O2 -Wall -Wextra -pedantic -Werror -o " TEST_BUILD_DIR
                          "/tests/evr_ref bench/evr_ref.c");
    int built = b.status == 0;
    run_free(&b);
    cr_assert(built, "cannot build bench/evr_ref.c");
    RunResult ref = run_cmd(TEST_BUILD_DIR "/tests/evr_ref 300 1 --winners");
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
    cr_assert(ok && lines == GAMES && q, "evr_ref 300 1 --winners: not 300 seats and a JSON line");
}

/* The checksums bench/run.sh compares agree, and the reference's --winners
   list is the one its checksum sums. */
Test(reference, bench_checksums_agree)
{
    unsigned long long gen = generated_checksum(), ref, sum;
    reference_output(&ref, &sum);
    cr_assert_eq(ref, sum, "evr_ref's checksum %llu is not that of its --winners (%llu)", ref, sum);
    cr_assert_eq(ref, gen, "winners checksum: generated %llu, reference %llu", gen, ref);
}
