/* test_safety.c: the primitives that keep rules sound: checked arithmetic
   at its edges, the step budget, and errors at a site of the site table. */
#include <criterion/criterion.h>
#include <stdint.h>

#include "helpers.h"
#include "minigame.h"

static const char *const range = " is out of range (-2147483648..2147483647)";

/* The results at the edges of the range are exact and do not fail. */
Test(arith, results_at_the_edges_are_exact)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    cr_expect_eq(rt_add(g, INT32_MAX - 1, 1, 53), INT32_MAX);
    cr_expect_eq(rt_sub(g, INT32_MIN + 1, 1, 53), INT32_MIN);
    cr_expect_eq(rt_mul(g, -65536, 32768, 53), INT32_MIN);
    cr_expect_eq(rt_neg(g, INT32_MAX, 53), -INT32_MAX);
    cr_expect_eq(rt_div(g, -7, 2, 53), -3);
    cr_expect_eq(rt_mod(g, -7, 2, 53), -1);
    cr_expect_eq(rt_div(g, INT32_MIN, 1, 53), INT32_MIN);
    cr_expect_eq(rt_mod(g, INT32_MIN, -1, 53), 0);
    cr_expect_eq(rt_div(g, INT32_MAX, -1, 53), -INT32_MAX);
    cr_expect_not(rt_failed(g), "%s", rt_error(g));
    rt_free(g);
}

/* fails: the error of the first failing operation of a fresh game. */
static void expect_failure(RtValue (*op)(RtGame *, RtValue, RtValue, int), RtValue a, RtValue b, const char *want)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    cr_expect_eq(op(g, a, b, 53), 0);
    cr_expect(rt_failed(g));
    cr_expect_str_eq(rt_error(g), want);
    rt_free(g);
}

Test(arith, overflow_fails_at_the_site)
{
    char want[256];
    snprintf(want, sizeof want, "mini.cards:53:5: integer overflow: 2147483647 + 1%s", range);
    expect_failure(rt_add, INT32_MAX, 1, want);
    snprintf(want, sizeof want, "mini.cards:53:5: integer overflow: -2147483648 - 1%s", range);
    expect_failure(rt_sub, INT32_MIN, 1, want);
    snprintf(want, sizeof want, "mini.cards:53:5: integer overflow: 65536 * 32768%s", range);
    expect_failure(rt_mul, 65536, 32768, want);
    snprintf(want, sizeof want, "mini.cards:53:5: integer overflow: -2147483648 / -1%s", range);
    expect_failure(rt_div, INT32_MIN, -1, want);
    expect_failure(rt_div, 5, 0, "mini.cards:53:5: division by zero: 5 / 0");
    expect_failure(rt_mod, 5, 0, "mini.cards:53:5: modulo by zero: 5 % 0");

    RtGame *g = new_game(&mini_base, 1, 2);
    cr_expect_eq(rt_neg(g, INT32_MIN, 53), 0);
    snprintf(want, sizeof want, "mini.cards:53:5: integer overflow: -(-2147483648)%s", range);
    cr_expect_str_eq(rt_error(g), want);
    rt_free(g);
}

/* A counter with a bound adds in 64 bits and stops at the bound. */
Test(arith, clamp_wide_stops_at_the_bound)
{
    cr_expect_eq(rt_clamp_wide((int64_t)INT32_MAX + 1000, 0, INT32_MAX), INT32_MAX);
    cr_expect_eq(rt_clamp_wide((int64_t)INT32_MIN - 1000, INT32_MIN, 10), INT32_MIN);
    cr_expect_eq(rt_clamp_wide(5, 0, 10), 5);
}

/* The budget: max_steps back edges pass, the next fails the game at its
   site; a clone carries what is left. */
Test(steps, the_step_past_the_budget_fails_at_the_loop)
{
    RtOptions opt = {2, 1, 1, 0, 3, NULL};
    RtGame *g = rt_new(&mini_base, &opt);
    cr_assert_not_null(g);
    cr_expect_eq(rt_back_edge(g, 53), 0);
    cr_expect_eq(rt_steps(g), 1);
    RtGame *c = rt_clone(g);
    cr_assert_not_null(c);
    cr_expect_eq(rt_back_edge(g, 53), 0);
    cr_expect_eq(rt_back_edge(g, 53), 0);
    cr_expect_eq(rt_back_edge(g, 53), 1);
    cr_expect_str_eq(rt_error(g), "mini.cards:53:5: game exceeded 3 steps in this loop (--max-steps)");
    cr_expect_eq(rt_steps(g), 3);
    cr_expect_eq(rt_back_edge(g, 53), 1, "stays over");
    cr_expect_str_eq(rt_error(g), "mini.cards:53:5: game exceeded 3 steps in this loop (--max-steps)");
    cr_expect_eq(rt_steps(c), 1);
    cr_expect_eq(rt_back_edge(c, 53), 0);
    cr_expect_eq(rt_back_edge(c, 53), 0);
    cr_expect_eq(rt_back_edge(c, 53), 1);
    rt_free(c);
    rt_reset(g, 2);
    cr_expect_eq(rt_steps(g), 0, "a reset starts with the whole budget");
    cr_expect_not(rt_failed(g));
    rt_free(g);
}

/* Each round is a step: a game whose rounds never end fails once the
   budget is spent (the endless variant's round does nothing). */
Test(steps, rounds_take_steps)
{
    RtOptions opt = {2, 1, 1, 0, 5, NULL};
    RtGame *g = rt_new(&mini_endless, &opt);
    cr_assert_not_null(g);
    cr_expect_eq(rt_advance(g), 0);
    cr_expect_str_eq(rt_error(g), "game exceeded 5 steps before round 6 (--max-steps)");
    cr_expect_eq(rt_rounds(g), 5);
    rt_free(g);
}

/* An error at a site names the site's file, line and column, whatever
   script runs; RT_SITE_SCRIPT names the running script; RT_SITE_NONE and
   a site outside the table name nothing. */
Test(sites, a_site_names_its_own_location)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    rt_fail(g, 17, "boom");
    cr_expect_str_eq(rt_error(g), "mini.cards:17:5: boom");
    rt_free(g);
    g = new_game(&mini_base, 1, 2);
    rt_fail(g, 1000, "boom");
    cr_expect_str_eq(rt_error(g), "boom");
    rt_free(g);
    g = new_game(&mini_base, 1, 2);
    rt_fail(g, RT_SITE_NONE, "boom");
    cr_expect_str_eq(rt_error(g), "boom");
    rt_free(g);
}
