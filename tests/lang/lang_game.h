/* lang_game.h: building and running one small game of tests/lang/games/
   for the language's test files (each a part of the `lang` suite), and
   checking what a run printed. Header-only; every function is static;
   include it after <criterion/criterion.h>. */
#ifndef CARDC_LANG_GAME_H
#define CARDC_LANG_GAME_H

#include <stdio.h>

#include "testutil.h"

#define STRICT "-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pedantic -Werror -Iruntime"
#define SAN "-O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"

/* game_run: build tests/lang/games/<game> (cardc c, clang strictly, gcc
   strictly with the sanitizers) as $e, then run commands; their output. */
static inline RunResult game_run(const char *game, const char *id, const char *commands)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "d=$(mktemp -d) && e=$d/engine && " TEST_BUILD_DIR "/san/cardc c tests/lang/games/%s -o $d && "
             "clang " STRICT " -fsyntax-only $d/%s.c && "
             "cc " STRICT " " SAN " -DCARDRT_ENGINE_MAIN -o $e $d/%s.c " TEST_BUILD_DIR "/san/libcardlab.a " TEST_BUILD_DIR "/san/libcardrt.a "
             "-lm -pthread $(pkg-config --libs cairo) && { %s; }; s=$?; rm -rf $d; exit $s",
             game, id, id, commands);
    return run_cmd(cmd);
}

/* harness_run: the harness tests/lang/<harness> (a C file that plays a
   compiled game through the runtime, -DGAME_DEF=<id>_game) built with the
   sanitizers against the game of folder dir (id: its game's id), and run
   with args (its stderr dropped); its output. */
static inline RunResult harness_run(const char *harness, const char *dir, const char *id, const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "d=$(mktemp -d) && " TEST_BUILD_DIR "/san/cardc c %s -o $d >/dev/null && "
             "cc " STRICT " " SAN " -DGAME_DEF=%s_game -o $d/harness tests/lang/%s $d/%s.c "
             TEST_BUILD_DIR "/san/libcardlab.a " TEST_BUILD_DIR "/san/libcardrt.a -lm -pthread $(pkg-config --libs cairo) && "
             "$d/harness %s 2>/dev/null; s=$?; rm -rf $d; exit $s",
             dir, id, harness, id, args);
    return run_cmd(cmd);
}

/* run_expect_status: the test fails unless r exited with status and
   printed exactly want (both checked); frees r. */
static inline void run_expect_status(RunResult r, int status, const char *want)
{
    cr_expect_eq(r.status, status, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, want);
    run_free(&r);
}

/* run_expect: the test stops unless r exited 0 (its output would mean
   nothing), then fails unless r printed exactly want; frees r. */
static inline void run_expect(RunResult r, const char *want)
{
    if (r.status != 0) {   /* freed before the test stops: no leak reported beside the failure */
        cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
        run_free(&r);
        cr_assert_fail("the commands failed");
    }
    cr_expect_str_eq(r.out, want);
    run_free(&r);
}

/* game_expect: build tests/lang/games/<game> and run commands (game_run);
   they must exit 0 and print exactly want (run_expect). */
static inline void game_expect(const char *game, const char *id, const char *commands, const char *want)
{
    run_expect(game_run(game, id, commands), want);
}

/* SAME_AS_LISTED: for the seeds 1..30, the int var `picked` at the end of
   `$e sim --games 1 --seed S` (played without a log: the random agent
   draws in place where it can) and at the end of the same game replayed
   for its log (--log: with a log kept, every decision's options are
   built and the agent draws from them), one pair a line into $d/pairs;
   prints "N the same": the seeds where both agree and picked > 0. */
#define SAME_AS_LISTED \
    "for s in $(seq 1 30); do " \
    "t=$($e sim --games 1 --seed $s --tally picked --log $d/log.jsonl | sed -n 's/^  \\([0-9]*\\):.*/\\1/p'); " \
    "l=$(grep '\"var\":\"picked\"' $d/log.jsonl | tail -n 1 | sed 's/.*\"to\":\\([0-9]*\\).*/\\1/'); " \
    "echo \"$t $l\"; done > $d/pairs && awk '$1 == $2 && $1 > 0 { n++ } END { print n + 0 \" the same\" }' $d/pairs"

/* SIM_1000: 1,000 games of the engine $e under the sanitizers, none in error. */
#define SIM_1000 "$e sim --games 1000 --seed 7 | grep '^errors:'"

#endif
