/* test_mpi.c: the MPI engines build/<id>-mpi (runtime/mpi/) print what the
   threaded engines print: mpirun -n 2 and -n 3 of sim, --compare and
   --sweep (and with --sides) give the same bytes as build/<id> sim (the
   report has no timing keys); bad input fails once with a message.
   Skipped when Open MPI is not installed (make builds no -mpi engine
   then). They run the optimized
   engines (build/<id>, build/<id>-mpi) as commands. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#ifndef TEST_BUILD_DIR
#define TEST_BUILD_DIR "build"
#endif

/* As root, Open MPI wants to be told; -n 3 on 2 cores is oversubscribed. */
#define MPIRUN "mpirun --allow-run-as-root --oversubscribe --bind-to none"

/* need_mpi: skip the test when MPI is not installed; with it, make has
   built the -mpi engines. */
static void need_mpi(void)
{
    RunResult r = run_cmd("command -v mpirun");
    int ok = r.status == 0;
    run_free(&r);
    if (!ok)
        cr_skip_test("Open MPI is not installed (scripts/install-deps.sh installs it)");
    r = run_cmd("test -x " TEST_BUILD_DIR "/evr-mpi && test -x " TEST_BUILD_DIR "/galaxy-mpi");
    cr_assert_eq(r.status, 0, "Open MPI is installed but make built no -mpi engine");
    run_free(&r);
}

/* same: cmd_a and cmd_b both succeed and print the same bytes. */
static void same(const char *cmd_a, const char *cmd_b)
{
    RunResult a = run_cmd(cmd_a), b = run_cmd(cmd_b);
    cr_assert_eq(a.status, 0, "%s: %s", cmd_a, a.err);
    cr_assert_eq(b.status, 0, "%s: %s", cmd_b, b.err);
    cr_expect_gt(strlen(a.out), 100, "%s printed %s", cmd_a, a.out);
    cr_expect_str_eq(b.out, a.out, "%s differs from %s", cmd_b, cmd_a);
    run_free(&a);
    run_free(&b);
}

Test(mpi, two_and_three_ranks_print_the_threaded_json)
{
    need_mpi();
    const char *args = " sim --games 400 --seed 11 --json";
    char one[256], many[256];
    snprintf(one, sizeof one, TEST_BUILD_DIR "/evr%s --jobs 2", args);
    for (int n = 2; n <= 3; n++) {
        snprintf(many, sizeof many, MPIRUN " -n %d " TEST_BUILD_DIR "/evr-mpi%s --jobs %d", n, args, n - 1);
        same(one, many);
    }
}

Test(mpi, galaxy_and_its_comparison_split_three_ways)
{
    need_mpi();
    same(TEST_BUILD_DIR "/galaxy sim --games 60 --seed 4 --compare short --json",
         MPIRUN " -n 3 " TEST_BUILD_DIR "/galaxy-mpi sim --games 60 --seed 4 --compare short --json");
    same(TEST_BUILD_DIR "/galaxy sim --games 60 --seed 4 --csv",
         MPIRUN " -n 2 " TEST_BUILD_DIR "/galaxy-mpi sim --games 60 --seed 4 --csv");
}

/* a sweep prints, a line each, what sim --variant prints for each */
Test(mpi, a_sweep_is_each_variant_in_turn)
{
    need_mpi();
    same(TEST_BUILD_DIR "/evr sim --games 150 --seed 2 --json --variant tutorial; "
         TEST_BUILD_DIR "/evr sim --games 150 --seed 2 --json",
         MPIRUN " -n 3 " TEST_BUILD_DIR "/evr-mpi sim --games 150 --seed 2 --json --sweep tutorial,base");
    same(TEST_BUILD_DIR "/evr sim --games 150 --seed 2 --sweep tutorial,base",
         MPIRUN " -n 2 " TEST_BUILD_DIR "/evr-mpi sim --games 150 --seed 2 --sweep tutorial,base");
}

/* A sweep of a card's field (`--sweep 'High.value=2..5'`: the variants of
   a family, then the base game) is shared out as a sweep of the variants
   it finds: the engine and an MPI engine of the test game
   tests/lang/games/variant_family, built here as make builds the games'. */
Test(mpi, a_sweep_of_a_card_field_is_shared_out_too)
{
    need_mpi();
    RunResult r = run_cmd("set -e; t=" TEST_BUILD_DIR "/tests/mpi-vfam; rm -rf $t; mkdir -p $t; "
                          TEST_BUILD_DIR "/cardc c tests/lang/games/variant_family -o $t; "
                          "f='-std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Iruntime'; l=\"" TEST_BUILD_DIR "/libcardlab.a "
                          TEST_BUILD_DIR "/libcardrt.a -lm -pthread $(pkg-config --libs cairo)\"; "
                          "cc $f -DCARDRT_ENGINE_MAIN -o $t/vfam $t/vfam.c $l; cc $f -c -o $t/g.o $t/vfam.c; "
                          "cc $f -Iruntime/mpi -I$t -DGAME_HEADER='\"vfam.h\"' -DGAME_VARIANTS=vfam_variants "
                          "-DGAME_COUNT=vfam_variant_count -c -o $t/m.o runtime/mpi/rt_mpi_main.c; "
                          "mpicc -o $t/vfam-mpi $t/m.o $t/g.o " TEST_BUILD_DIR "/obj/mpi/rt_mpi.o $l");
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    run_free(&r);
    same(TEST_BUILD_DIR "/tests/mpi-vfam/vfam sim --games 200 --seed 3 --json --sweep high_2,high_3,high_4,base",
         MPIRUN " -n 3 " TEST_BUILD_DIR "/tests/mpi-vfam/vfam-mpi sim --games 200 --seed 3 --json --sweep High.value=2..5");
    same(TEST_BUILD_DIR "/tests/mpi-vfam/vfam sim --games 200 --seed 3 --sweep High.value=2..4",
         MPIRUN " -n 2 " TEST_BUILD_DIR "/tests/mpi-vfam/vfam-mpi sim --games 200 --seed 3 --sweep High.value=2..4");
    same(TEST_BUILD_DIR "/tests/mpi-vfam/vfam sim --games 200 --seed 3 --csv --sweep High.value=3..5",
         MPIRUN " -n 3 " TEST_BUILD_DIR "/tests/mpi-vfam/vfam-mpi sim --games 200 --seed 3 --csv --sweep High.value=3..5");
}

/* --sides: every rank plays the same seating */
Test(mpi, two_ranks_print_the_threaded_json_with_sides)
{
    need_mpi();
    same(TEST_BUILD_DIR "/evr sim --games 300 --seed 6 --sides imperial,rebel --json --jobs 2",
         MPIRUN " -n 2 " TEST_BUILD_DIR "/evr-mpi sim --games 300 --seed 6 --sides imperial,rebel --json");
    same(TEST_BUILD_DIR "/evr sim --games 100 --seed 6 --sides imperial,rebel --compare tutorial",
         MPIRUN " -n 3 " TEST_BUILD_DIR "/evr-mpi sim --games 100 --seed 6 --sides imperial,rebel --compare tutorial");
}

/* more ranks than games: some ranks play none */
Test(mpi, more_ranks_than_games)
{
    need_mpi();
    same(TEST_BUILD_DIR "/evr sim --games 2 --seed 5 --json",
         MPIRUN " -n 3 " TEST_BUILD_DIR "/evr-mpi sim --games 2 --seed 5 --json");
}

/* started without mpirun, the engine is one process of one */
Test(mpi, alone_it_is_the_engine)
{
    need_mpi();
    same(TEST_BUILD_DIR "/evr sim --games 50 --seed 8 --json", TEST_BUILD_DIR "/evr-mpi sim --games 50 --seed 8 --json");
}

/* bad input: non-zero, nothing on stdout, the message once (rank 0's) */
Test(mpi, bad_input_fails_once_with_a_message)
{
    need_mpi();
    static const char *const cases[][2] = {
        {"sim --games 0", "--games: '0' is not a positive integer"},
        {"sim --sweep base,nope", "unknown variant 'nope'"},
        {"sim --sweep base,,tutorial", "an empty variant name"},
        {"sim --sweep base --compare tutorial", "--sweep takes none of"},
        {"sim --sweep X-wing.value=1..3", "no variant of the engine changes X-wing.value alone"},
        {"sim --games 5 --plot /nonexistent-dir/x.svg", "cannot write /nonexistent-dir/x.svg"},
        {"sim --games 5 --sweep base,tutorial --plot /nonexistent-dir/x.png", "cannot write /nonexistent-dir/x.png"},
        {"sim --sides rebl,imperial", "--sides: unknown side 'rebl' (sides: rebel, imperial)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd, MPIRUN " -n 3 " TEST_BUILD_DIR "/evr-mpi %s", cases[i][0]);
        RunResult r = run_cmd(cmd);
        cr_expect_neq(r.status, 0, "%s succeeded", cmd);
        cr_expect_str_eq(r.out, "", "%s printed %s", cmd, r.out);
        const char *at = strstr(r.err, cases[i][1]);
        cr_expect(at != NULL, "%s: no '%s' in %s", cmd, cases[i][1], r.err);
        cr_expect(!at || !strstr(at + 1, cases[i][1]), "%s: the message twice:\n%s", cmd, r.err);
        run_free(&r);
    }
}

/* a co-operative game: the games lost to the game, the game's side and
   the --tally of the run and of its comparison cross the ranks, and rank
   0's report has no first-player advantage (every seat plays one side) */
Test(mpi, a_game_that_can_lose_splits_its_losses_and_tally)
{
    need_mpi();
    same(TEST_BUILD_DIR "/dsr sim --games 40 --seed 3 --tally ending --compare imperials11 --json",
         MPIRUN " -n 3 " TEST_BUILD_DIR "/dsr-mpi sim --games 40 --seed 3 --tally ending --compare imperials11 --json");
    RunResult r = run_cmd(MPIRUN " -n 2 " TEST_BUILD_DIR "/dsr-mpi sim --games 40 --seed 3 --json");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "],\"first_player_advantage\":null,\"length\":{"), "%s", r.out);
    run_free(&r);
}
