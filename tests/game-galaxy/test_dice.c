/* test_dice.c: the game's dice, rolled a million times through the
   runtime's `roll` (the dice_check variant: the four dice in the pool, rolled
   once per round), against the fair-die frequencies; and the dice at the
   terminal. */
#include <math.h>

#include "drive.h"
#include "testutil.h"

#define ROLLS 1000000

Test(dice, a_million_rolls_of_the_four_dice_are_fair)
{
    RtOptions o;
    memset(&o, 0, sizeof o);
    o.players = 2;
    o.seed = 20150101;
    o.log = 0;
    o.max_rounds = ROLLS + 10;
    o.max_steps = 10 * ROLLS;   /* a round is a step, and so is each turn */
    RtGame *g = rt_new(&galaxy_variant_dice_check, &o);
    cr_assert_not_null(g);
    const RtGameDef *d = rt_def(g);
    int kind = -1;
    for (int i = 0; i < d->nkinds; i++)
        if (strcmp(d->kinds[i].name, "imperial_die") == 0)
            kind = i;
    cr_assert_geq(kind, 0);
    RtValue pool = rt_zone(g, drv_zone_decl(g, "pool"), 0);
    long faces[6] = {0};
    long with_vp = 0;
    for (long n = 0; n < ROLLS; n++) {
        cr_assert_eq(rt_advance(g), 1, "roll %ld: %s", n, rt_error(g));
        cr_assert_eq(rt_zone_size(g, pool), 4);
        int vp = 0;
        for (int i = 0; i < 4; i++) {
            RtValue f = rt_card_state(g, rt_zone_at(g, pool, i), kind, 0, 0);
            cr_assert(f >= 0 && f < 6);
            faces[f]++;
            vp |= f == S_VP;
        }
        with_vp += vp;
        rt_apply(g, 0); /* roll again */
    }
    cr_assert_eq(rt_rounds(g), ROLLS);
    for (int f = 0; f < 6; f++) {
        double p = (double)faces[f] / (4.0 * ROLLS);
        cr_assert(fabs(p - 1.0 / 6) < 0.002, "face %d: %.5f", f, p);
    }
    double share = (double)with_vp / ROLLS, want = 1 - pow(5.0 / 6, 4);
    cr_assert(fabs(share - want) < 0.002, "rolls with a victory point face: %.5f, expected %.5f", share, want);
    /* stop: the variant ends in a draw */
    cr_assert_eq(rt_advance(g), 1);
    rt_apply(g, 1);
    cr_assert_eq(rt_advance(g), 0);
    cr_assert(!rt_failed(g));
    rt_free(g);
}

/* ---- at the terminal ---------------------------------------------------------------------------- */

/* `play`: a choice among the dice tells them apart by the face they show
   (the dice are identical cards: the same label, not the same state); the
   dice_check variant's "look at a die" is such a choice. */
Test(dice, play_shows_the_faces_of_the_dice_to_choose)
{
    RunResult r = run_cmd("printf '3\\n1\\n2\\n' | " TEST_BUILD_DIR "/san/galaxy play --variant dice_check --seed 5");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "\nPlayer 1 to choose: choose an imperial_die from pool\n"
                            "  1) Imperial die (face at_at)\n"
                            "  2) Imperial die (face victory) (x3)\n") != NULL,
              "the faces tell the dice apart; three dice of one face are one option: %s", r.out);
    cr_expect(strstr(r.out, "The die shows at_at.") != NULL);
    run_free(&r);
}
