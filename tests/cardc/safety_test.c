/* safety_test.c: rules that fail at run time fail cleanly and name their
   own source location: the site table (a function in one file called from
   another), checked arithmetic, and the step budget that ends endless
   loops. Each game under tests/cardc/fails/ is built with `cardc build`
   and played from fixed choices. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/cardc"
#define FAILS "tests/cardc/fails/"

/* play: build tests/cardc/fails/<game> and run the shell commands after
   it, with $e the engine; the output of both. */
static RunResult play(const char *game, const char *commands)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "d=$(mktemp -d) && e=$d/engine && " CARDC " build " FAILS "%s -o $e >/dev/null && { %s; }; s=$?; "
             "rm -rf $d; exit $s",
             game, commands);
    return run_cmd(cmd);
}

/* A `top` of an empty zone in a.cards's function, called from b.cards's
   round, is reported at a.cards's line and column (the runtime used to
   take the file from the running script: b.cards). */
Test(sites, an_error_in_a_function_names_the_function_s_file)
{
    RunResult r = play("two", "$e log --seed 1");
    cr_assert_eq(r.status, 1, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "\nerror " FAILS "two/a.cards:10:27: top of empty zone pile\n") != NULL, "%s", r.out);
    run_free(&r);
}

/* Each arithmetic operation that leaves the int32 range, or divides by
   zero, fails the game at the operation (option k of the round's menu). */
Test(arith, overflow_and_division_by_zero_fail_at_the_operation)
{
    RunResult r = play("arith", "for k in 0 1 2 3 4 5 6 7; do $e log --seed 1 --choices $k | tail -n 1; done");
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *range = " is out of range (-2147483648..2147483647)\n";
    char want[2048];
    snprintf(want, sizeof want,
             "error " FAILS "arith/arith.cards:13:20: integer overflow: 2147483000 + 1000%s"
             "error " FAILS "arith/arith.cards:14:26: integer overflow: 2147483000 * 2%s"
             "error " FAILS "arith/arith.cards:17:13: integer overflow: -(-2147483648)%s"
             "error " FAILS "arith/arith.cards:19:26: division by zero: 7 / 0\n"
             "error " FAILS "arith/arith.cards:22:13: integer overflow: -2147483648 / -1%s"
             "error " FAILS "arith/arith.cards:24:26: modulo by zero: 7 %% 0\n"
             "error " FAILS "arith/arith.cards:25:26: integer overflow: 2147483000 + 2147483000%s"
             "win Player 1\n",
             range, range, range, range, range);
    cr_expect_str_eq(r.out, want);
    run_free(&r);
}

/* `+=` on a counter with a bound stops at the bound, however far past
   the int32 range the sum would go. */
Test(arith, a_bounded_counter_stops_at_its_bound)
{
    RunResult r = play("arith", "$e log --seed 1 --choices 7");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "\ncapped 2147483647\nwin Player 1\n") != NULL, "%s", r.out);
    run_free(&r);
}

/* A `while` whose condition stays true fails at the loop once the game
   has taken --max-steps steps, and the log stops with the error. */
Test(steps, an_endless_while_fails_at_the_loop)
{
    RunResult r = play("steps", "$e log --seed 1 --choices 0 --max-steps 1000");
    cr_assert_eq(r.status, 1, "%s%s", r.out, r.err);
    const char *want = "\nerror " FAILS "steps/steps.cards:9:22: game exceeded 1000 steps in this loop (--max-steps)\n";
    const char *at = strstr(r.out, want);
    cr_expect(at != NULL, "%s", r.out);
    cr_expect(at && at[strlen(want)] == '\0', "the log ends with the error:\n%s", r.out);
    run_free(&r);
}

/* A `turns` loop in which nobody decides or wins ends the same way, with
   the default budget too. */
Test(steps, an_endless_turns_loop_fails_within_the_default_budget)
{
    RunResult r = play("steps", "$e log --seed 1 --choices 1 | tail -n 1");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "error " FAILS "steps/steps.cards:10:22: game exceeded 1000000 steps in this loop (--max-steps)\n");
    run_free(&r);
}

/* Four nested loops over 1..4096 end, but only after 2^48 turns: each turn
   of a loop over a long range takes a step, so the game fails at the
   innermost loop once it has taken --max-steps of them. */
Test(steps, nested_loops_over_long_ranges_fail_at_the_budget)
{
    RunResult r = play("work", "$e log --seed 1 --choices 0 --max-steps 10");
    cr_assert_eq(r.status, 1, "%s%s", r.out, r.err);
    const char *want = "\nerror " FAILS "work/work.cards:12:64: game exceeded 10 steps in this loop (--max-steps)\n";
    const char *at = strstr(r.out, want);
    cr_expect(at != NULL, "%s", r.out);
    cr_expect(at && at[strlen(want)] == '\0', "the log ends with the error:\n%s", r.out);
    run_free(&r);
}

/* So do they with the default budget. */
Test(steps, nested_loops_fail_within_the_default_budget)
{
    RunResult r = play("work", "$e log --seed 1 --choices 0 | tail -n 1");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "error " FAILS "work/work.cards:12:64: game exceeded 1000000 steps in this loop (--max-steps)\n");
    run_free(&r);
}

/* An aggregate over 1..4096 of a function that is one itself: each turn of
   either takes a step; the budget ends at the function's aggregate, the
   one that takes the most. */
Test(steps, chained_aggregates_fail_at_the_budget)
{
    RunResult r = play("work", "$e log --seed 1 --choices 1 --max-steps 10; echo status $?");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "\nerror " FAILS "work/work.cards:8:28: game exceeded 10 steps in this loop (--max-steps)\n"
                            "status 1\n") != NULL, "%s", r.out);
    run_free(&r);
}

/* Small loops take few steps: a loop over 1..8 around one over the players
   takes one step a turn (8), the inner one none: with the round's, the
   game takes 9 steps. */
Test(steps, small_loops_take_a_step_a_turn_of_the_outer_loop)
{
    RunResult r = play("work", "$e log --seed 1 --choices 2 --max-steps 9 | tail -n 1; "
                               "$e log --seed 1 --choices 2 --max-steps 8 | tail -n 1");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "win Player 1\n"
                            "error " FAILS "work/work.cards:15:22: game exceeded 8 steps in this loop (--max-steps)\n");
    run_free(&r);
}

/* cardc check warns at each outermost loop known to take more than
   10,000,000 turns with the loops nested in it (the function's included),
   with the figure, and still accepts the game. */
Test(steps, check_warns_at_loops_known_to_take_too_many_turns)
{
    RunResult r = run_cmd(CARDC " check " FAILS "work");
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.err,
        FAILS "work/work.cards:12:7: warning: this loop may take 281543712968704 turns, counting those of the loops "
        "and aggregates in it (calls included), more than 10000000: the step budget (--max-steps) may stop the game here\n"
        "        for a in 1..4096 { for b in 1..4096 { for c in 1..4096 { for d in 1..4096 { n = 1 } } } }\n"
        "        ^\n"
        FAILS "work/work.cards:14:31: warning: this aggregate may take 16781312 turns, counting those of the loops "
        "and aggregates in it (calls included), more than 10000000: the step budget (--max-steps) may stop the game here\n"
        "      option \"aggregates\" { n = max(i in 1..4096: f(i)) }\n"
        "                                ^\n");
    run_free(&r);
}

/* sim counts such games as errors, names the first, and exits 1. */
Test(steps, sim_reports_the_games_that_exceed_the_budget)
{
    RunResult r = play("steps", "$e sim --games 3 --seed 1 --max-steps 500 --json");
    cr_expect_eq(r.status, 1, "%s", r.err);
    cr_expect(strstr(r.out, "\"errors\":3") != NULL, "%s", r.out);
    cr_expect(strstr(r.err, "sim: 3 games failed; first: game 0 (seed 10451216379200822465): " FAILS
                            "steps/steps.cards:10:22: game exceeded 500 steps in this loop (--max-steps)\n") != NULL,
              "%s", r.err);
    run_free(&r);
}

/* The log of such a game records its budget, so that the replay fails at
   the same step and verifies. */
Test(steps, a_log_keeps_its_budget_and_replays)
{
    RunResult r = play("steps", "$e sim --games 1 --seed 1 --max-steps 500 --log $d/g.jsonl >/dev/null 2>&1; "
                                "head -n 1 $d/g.jsonl; $e replay $d/g.jsonl | tail -n 1");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, ",\"max_rounds\":1000,\"max_steps\":500}\n") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "\nerror " FAILS "steps/steps.cards:10:22: game exceeded 500 steps in this loop "
                            "(--max-steps)\n") != NULL, "%s", r.out);
    cr_expect(strstr(r.err, "lines verified") != NULL, "%s", r.err);
    run_free(&r);
}

/* Nested loops that fill the list stack fail the game at the loop that
   overflows it, in its own file (a.cards's procedure, called from
   b.cards's round), and the script stops there: nothing after it runs. */
Test(sites, a_full_list_stack_fails_at_the_loop)
{
    RunResult r = play("lists", "$e log --seed 1 | tail -n 2");
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, "round 1\n"
                            "error " FAILS "lists/a.cards:18:11: nested loops exceed the list stack (limit 2656 cells)\n");
    run_free(&r);
}

/* A player variable that is still none fails each rule that names it at
   that rule's own statement in a.cards (a zone read, a counter stored, a
   choice, a win, a shuffle, a move), never at the first line of b.cards's
   round that called it: with a log, and in sim's fast paths without one. */
Test(sites, a_rule_of_no_player_fails_at_its_statement)
{
    RunResult r = play("noplayer", "for k in 0 1 2 3 4 5; do $e log --seed 1 --choices $k | tail -n 1; done; "
                                   "$e sim --games 4 --seed 1 2>&1 >/dev/null | sed 's/.*): //'");
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *at = "error " FAILS "noplayer/a.cards:";
    char want[2048];
    snprintf(want, sizeof want,
             "%s13:31: zone hand of no player\n"
             "%s14:21: score of no player\n"
             "%s15:20: a choice by no player\n"
             "%s16:21: win of no player\n"
             "%s17:27: zone hand of no player\n"
             "%s18:38: zone hand of no player\n",
             at, at, at, at, at, at);
    cr_expect(strncmp(r.out, want, strlen(want)) == 0, "%s", r.out);
    const char *sim = r.out + (strncmp(r.out, want, strlen(want)) == 0 ? strlen(want) : 0);
    cr_expect(strncmp(sim, FAILS "noplayer/a.cards:", strlen(FAILS "noplayer/a.cards:")) == 0, "%s", sim);
    run_free(&r);
}
