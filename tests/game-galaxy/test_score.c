/* test_score.c: the game's `score`, the agents' measure of how well a
   player is doing -- his score if his turn concluded now and the game ended
   there -- checked at every decision of random games against the rules'
   own count; and with it the greedy agent beats random agents. */
#include "drive.h"
#include "testutil.h"

/* the reward (victory points + Allies) of the rows completed this turn and not yet taken */
static int completed_rewards(RtGame *g)
{
    RtValue z = drv_zone(g, "spaces", 0);
    int n = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        RtValue s = rt_zone_at(g, z, i);
        int b, r, c;
        cr_assert(drv_space(rt_card_name(g, s), &b, &r, &c));
        if (c != 1 || drv_state(g, s, "space", "claimed"))
            continue;
        int done = 1;
        char name[48];
        for (int k = 1; drv_boards[b].rows[r - 1].symbols[k - 1]; k++) {
            snprintf(name, sizeof name, "%s %d.%d", drv_boards[b].title, r, k);
            done &= drv_covered(g, name);
        }
        if (done)
            n += drv_boards[b].rows[r - 1].vp + drv_boards[b].rows[r - 1].ally;
    }
    return n;
}

typedef struct {
    int checked, with_rows, with_sith;
} ScoreCtx;

static int visit_score(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    ScoreCtx *c = vctx;
    if (!drv_is_menu(g))
        return DRV_RANDOM;
    int me = drv_turn_player(g);
    for (int p = 0; p < rt_players(g); p++) {
        int want = drv_vp(g, p) + drv_size(g, "allies", p);
        if (p == me) {
            /* the turn so far: its victory point faces and completed rows, and the Sith Lord
               earned once no roll is left with fewer than two spaces covered with dice */
            int rows = completed_rewards(g);
            int placed = drv_size(g, "placed", 0);
            int no_roll = drv_var(g, "rerolled", 0) || drv_size(g, "pool", 0) == 0;
            int sith = no_roll && placed < 2 && !(placed == 1 && drv_var(g, "last_by_die", 0));
            want += drv_pool_faces(g, S_VP) + rows - sith;
            c->with_rows += rows > 0;
            c->with_sith += sith;
        } else {
            want -= drv_size(g, "visiting", p) > 0;
        }
        cr_assert_eq(rt_def(g)->score(g, p), want, "Player %d at decision %d", p + 1, c->checked);
    }
    c->checked++;
    return DRV_RANDOM;
}

Test(score, the_score_counts_what_the_turn_has_earned_and_the_sith_lords_due)
{
    ScoreCtx c = {0};
    drv_search_p(&galaxy_game, 3, 1, 3, visit_score, &c, NULL);
    cr_assert(c.checked > 500 && c.with_rows > 20 && c.with_sith > 20, "checked %d, with rows %d, with a Sith Lord %d",
              c.checked, c.with_rows, c.with_sith);
}

/* The greedy agent, guided by the score, beats random agents in either seat. */
Test(score, greedy_beats_random, .timeout = 120)
{
    RunResult r = run_cmd(TEST_BUILD_DIR "/san/galaxy sim --games 100 --seed 3 --players 2 --agents greedy,random --json");
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *w = strstr(r.out, "\"seat_wins\":[");
    cr_assert_not_null(w, "%s", r.out);
    int a = 0, b = 0;
    cr_assert_eq(sscanf(w, "\"seat_wins\":[%d,%d]", &a, &b), 2);
    cr_assert_geq(a, 90, "greedy won %d of 100 games against random (random %d)", a, b);
    run_free(&r);
}
