/* test_score.c: the lab's score (`score` in refresh.cards), which the
   greedy and search agents of both players read, never depends on where
   the hidden Rebel base is: games played at random are copied at many
   decisions while the base is hidden, the base's probe card is swapped
   with one of the probe deck that the Imperial player has not seen and
   the Rebel player has not declared empty, and both players' scores must
   be the same in both copies. The score must still follow the hunt: a
   probe card the Imperial player draws raises his score. */
#include "drive.h"

#define GAMES 12

/* unseen: a card of the probe deck whose system has not been declared
   empty (so the Imperial player cannot tell it from the base), or RT_NONE. */
static RtValue unseen(RtGame *g)
{
    RtValue deck = drv_zone(g, "probe_deck", 0);
    for (int i = 0; i < rt_zone_size(g, deck); i++) {
        RtValue c = rt_zone_at(g, deck, i);
        if (!drv_state(g, c, "system", "probed"))
            return c;
    }
    return RT_NONE;
}

Test(score, the_score_never_reads_the_hidden_base)
{
    const RtGameDef *d = &rebellion_game;
    cr_assert_not_null(d->score);
    int compared = 0, values = 0, last = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_new(seed);
        uint64_t rng = seed * 31 + 5;
        for (int step = 0; drv_next(g); step++) {
            if (step % 8 == 0 && !drv_var(g, "base_revealed", 0) && drv_size(g, "base_card", REB) == 1) {
                RtGame *h = rt_clone(g);
                RtValue other = unseen(h);
                if (other != RT_NONE) {
                    RtValue base = rt_zone_at(h, drv_zone(h, "base_card", REB), 0);
                    rt_move(h, other, drv_zone(h, "base_card", REB), RT_AT_TOP, 0);
                    rt_move(h, base, drv_zone(h, "probe_deck", 0), RT_AT_TOP, 0);
                    cr_assert(!rt_failed(h), "%s", rt_error(h));
                    cr_assert_neq(rt_zone_at(h, drv_zone(h, "base_card", REB), 0), rt_zone_at(g, drv_zone(g, "base_card", REB), 0));
                    for (int p = 0; p < 2; p++)
                        cr_assert_eq(d->score(g, p), d->score(h, p),
                                     "seed %llu step %d seat %d: the score moved with the hidden base (%lld, %lld)",
                                     (unsigned long long)seed, step, p + 1, (long long)d->score(g, p),
                                     (long long)d->score(h, p));
                    compared++;
                    int v = (int)d->score(g, IMP);
                    values += compared == 1 || v != last;
                    last = v;
                }
                rt_free(h);
            }
            drv_random_move(g, &rng);
        }
        rt_free(g);
    }
    cr_assert_gt(compared, 200, "the base was hidden at many decisions (%d)", compared);
    cr_assert_gt(values, 50, "the score changes along the games (%d values)", values);
}

Test(score, a_probe_card_drawn_raises_the_imperial_score)
{
    const RtGameDef *d = &rebellion_game;
    int raised = 0, tried = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_new(seed);
        uint64_t rng = seed * 31 + 5;
        for (int step = 0; step < 150 && drv_next(g); step++)
            drv_random_move(g, &rng);
        if (!drv_next(g) || drv_var(g, "base_revealed", 0)) {
            rt_free(g);
            continue;
        }
        /* each card of the probe deck given to the Imperial player: his
           score never falls, and rises for a system he had not searched */
        RtValue deck = drv_zone(g, "probe_deck", 0);
        for (int i = 0; i < rt_zone_size(g, deck); i++) {
            RtGame *h = rt_clone(g);
            RtValue c = rt_zone_at(h, drv_zone(h, "probe_deck", 0), i);
            rt_move(h, c, drv_zone(h, "probes", IMP), RT_AT_TOP, 0);
            cr_assert(!rt_failed(h), "%s", rt_error(h));
            cr_assert_geq(d->score(h, IMP), d->score(g, IMP), "seed %llu: %s", (unsigned long long)seed, rt_card_name(h, c));
            cr_assert_eq(d->score(h, IMP), -d->score(h, REB));
            raised += d->score(h, IMP) > d->score(g, IMP) && !drv_state(h, c, "system", "probed");
            tried++;
            rt_free(h);
        }
        rt_free(g);
    }
    cr_assert_gt(tried, 100, "%d", tried);
    cr_assert_gt(raised, tried / 2, "a probe card of a system not yet searched raises the score (%d of %d)", raised, tried);
}
