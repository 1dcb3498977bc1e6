/* callgraph_test.c: the checker's call graphs on generated programs: a wide
   graph is checked in linear time, a long chain of functions is not taken
   for recursion, and a chain of procedures exactly as deep as the
   runtime's frame stack builds and plays (one deeper is a bad fixture:
   tests/cardc/bad/procedure_chain_too_deep.cards). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"
#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/san/cardc"

/* A game folder dir/id/ whose id.cards is the game below plus decls. */
static void write_game(const char *dir, const char *decls, const char *setup)
{
    char path[512], *text = malloc(strlen(decls) + strlen(setup) + 512);
    snprintf(path, sizeof path, "mkdir -p %s/calls", dir);
    RunResult r = run_cmd(path);
    run_free(&r);
    sprintf(text,
            "game calls \"Calls\" {\n  players 2\n}\ncounter score per player\n%s"
            "setup {\n%s}\nround {\n  for p in players { if p.score >= 1 { win p } }\n  win me\n}\n",
            decls, setup);
    snprintf(path, sizeof path, "%s/calls/calls.cards", dir);
    cr_assert_eq(write_file(path, text), 0);
    free(text);
}

/* Check, generate and compile (strict warnings) the game in dir. */
static void check_and_compile(const char *dir)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             CARDC " check %s/calls && " CARDC " c %s/calls -o %s && cc -std=c11 -Wall -Wextra -pedantic -Werror "
             "-Iruntime -I%s -c -o %s/calls.o %s/calls.c",
             dir, dir, dir, dir, dir, dir);
    RunResult r = run_cmd(cmd);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.err, "");
    run_free(&r);
}

/* f0 calls a0 and b0, which both call f1, ... 40 levels: 2^40 paths. */
Test(callgraph, a_wide_function_graph_is_checked_in_linear_time, .timeout = 60)
{
    char *decls = malloc(64 * 200);
    size_t n = 0;
    for (int i = 0; i < 40; i++)
        n += (size_t)sprintf(decls + n,
                             "function f%d(x: int) : int = a%d(x) + b%d(x)\n"
                             "function a%d(x: int) : int = f%d(x) + 1\n"
                             "function b%d(x: int) : int = f%d(x) - 1\n",
                             i, i, i, i, i + 1, i, i + 1);
    sprintf(decls + n, "function f40(x: int) : int = x\n");
    write_game("/tmp/cardc-callgraph-wide", decls, "  me.score = f0(1) - f0(1)\n");
    check_and_compile("/tmp/cardc-callgraph-wide");
    free(decls);
}

/* f1 calls f2 ... calls f80: deep, and no recursion. */
Test(callgraph, a_long_chain_of_functions_is_not_recursion)
{
    char *decls = malloc(80 * 64);
    size_t n = 0;
    for (int i = 1; i < 80; i++)
        n += (size_t)sprintf(decls + n, "function f%d(x: int) : int = f%d(x) + 1\n", i, i + 1);
    sprintf(decls + n, "function f80(x: int) : int = x\n");
    write_game("/tmp/cardc-callgraph-chain", decls, "  me.score = f1(0) - 79\n");
    check_and_compile("/tmp/cardc-callgraph-chain");
    free(decls);
}

/* setup (frame 1) calls p1 (frame 2) ... p63 (frame 64): as deep as the
   runtime's stack holds; the game plays. */
Test(callgraph, a_chain_of_procedures_as_deep_as_the_frame_stack_plays)
{
    cr_assert_eq(RT_MAX_DEPTH, 64);
    char *decls = malloc(64 * 64);
    size_t n = 0;
    for (int i = 1; i < 63; i++)
        n += (size_t)sprintf(decls + n, "procedure p%d(p: player) { p%d(p) }\n", i, i + 1);
    sprintf(decls + n, "procedure p63(p: player) { p.score += 1 }\n");
    write_game("/tmp/cardc-callgraph-frames", decls, "  p1(me)\n");
    free(decls);
    RunResult r = run_cmd(CARDC " c /tmp/cardc-callgraph-frames/calls -o /tmp/cardc-callgraph-frames && "
                          "grep -q '^    64, /. frames' /tmp/cardc-callgraph-frames/calls.c && "
                          TEST_BUILD_DIR "/cardc build /tmp/cardc-callgraph-frames/calls -o /tmp/cardc-callgraph-frames/engine"
                          " && /tmp/cardc-callgraph-frames/engine sim --games 4 --seed 1");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "4 games") != NULL, "%s", r.out);
    cr_expect(strstr(r.err, "deeper") == NULL, "%s", r.err);
    run_free(&r);
}
