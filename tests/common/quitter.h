/* quitter.h: an agent that answers its first decisions with option 0 and
   then gives up, and the check the runtime's tests and the games' tests
   share: under rt_play it leaves the game where a game stepped by hand
   stands, its decision waiting. Header-only; every function is static. */
#ifndef TEST_QUITTER_H
#define TEST_QUITTER_H

#include <criterion/criterion.h>
#include <string.h>

#include "cardrt.h"

/* quitter_choose: option 0 for the first a->budget decisions, then -1. */
static inline int quitter_choose(RtAgent *a, RtGame *g)
{
    (void)g;
    return a->seen++ < a->budget ? 0 : -1;
}

/* expect_give_up_waits: g and h are the same new game; g is played by
   rt_play with quitters that answer `answers` decisions, h is stepped by
   hand the same way; both must then be at the same waiting decision and
   go on alike. Frees both. */
static inline void expect_give_up_waits(RtGame *g, RtGame *h, int answers)
{
    RtAgent q;
    memset(&q, 0, sizeof q);
    q.choose = quitter_choose;
    q.budget = answers;
    RtAgent *seats[2] = {&q, &q};
    cr_assert_eq(rt_play(g, seats), -1);
    cr_assert(!rt_over(g));
    for (int i = 0; i < answers; i++) {
        cr_assert_eq(rt_advance(h), 1);
        rt_apply(h, 0);
    }
    cr_assert_eq(rt_advance(h), 1);
    cr_assert_eq(rt_advance(g), 1, "the decision still waits after rt_play gave up");
    cr_assert_eq(rt_hash(g), rt_hash(h));
    cr_assert_eq(rt_decisions(g), rt_decisions(h));
    rt_apply(g, 1);
    rt_apply(h, 1);
    cr_assert_eq(rt_advance(g), rt_advance(h));
    cr_assert_eq(rt_hash(g), rt_hash(h));
    rt_free(g);
    rt_free(h);
}

#endif
