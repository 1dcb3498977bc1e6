/* test_dice.c: the game's dice, rolled a million times through the
   runtime's `roll` (the dice_check variant: the four dice in the pool, rolled
   once per round), against the fair-die frequencies, in a game kept as
   counts and in one kept as cards; and the dice at the terminal. */
#include <math.h>

#include "drive.h"
#include "testutil.h"

#define ROLLS 1000000

/* The dice are interchangeable: a game without a log keeps them as
   counts by face (rt_counted), which rt_zone_faces reads. */
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
    cr_assert(rt_counted(g));
    RtValue pool = rt_zone(g, drv_zone_decl(g, "pool"), 0);
    long faces[6] = {0};
    long with_vp = 0;
    for (long n = 0; n < ROLLS; n++) {
        cr_assert_eq(rt_advance(g), 1, "roll %ld: %s", n, rt_error(g));
        int32_t counts[6], lo = -1;
        cr_assert_eq(rt_zone_faces(g, pool, counts, 6, &lo), 4);
        cr_assert_eq(lo, 0);
        cr_assert_eq(rt_zone_at(g, pool, 0), RT_NONE, "no die is one card");
        int dice = 0;
        for (int f = 0; f < 6; f++) {
            faces[f] += counts[f];
            dice += counts[f];
        }
        cr_assert_eq(dice, 4);
        with_vp += counts[S_VP] > 0;
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

/* view: what rt_view_print shows of g (caller frees). */
static char *view(const RtGame *g)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    cr_assert_not_null(f);
    rt_view_print(g, -1, f);
    fclose(f);
    return text;
}

/* The same rolls kept as cards (a game with a log) and as counts: after
   each roll both pools show the same faces, hash the same and print the
   same on the play screen's view, and the cards lie in face order, the
   least at the bottom. */
Test(dice, a_game_kept_as_cards_rolls_what_one_kept_as_counts_rolls)
{
    RtGame *g[2];
    for (int i = 0; i < 2; i++) {
        RtOptions o;
        memset(&o, 0, sizeof o);
        o.players = 2;
        o.seed = 77;
        o.log = i;
        o.max_rounds = 3000;
        o.max_steps = 100000;
        g[i] = rt_new(&galaxy_variant_dice_check, &o);
        cr_assert_not_null(g[i]);
        cr_assert_eq(rt_counted(g[i]), !i);
    }
    const RtGameDef *d = rt_def(g[1]);
    int kind = -1;
    for (int i = 0; i < d->nkinds; i++)
        if (strcmp(d->kinds[i].name, "imperial_die") == 0)
            kind = i;
    cr_assert_geq(kind, 0);
    RtValue pool = rt_zone(g[0], drv_zone_decl(g[0], "pool"), 0);
    for (int n = 0; n < 2000; n++) {
        int32_t counts[2][6];
        for (int i = 0; i < 2; i++) {
            cr_assert_eq(rt_advance(g[i]), 1, "roll %d: %s", n, rt_error(g[i]));
            cr_assert_eq(rt_zone_faces(g[i], pool, counts[i], 6, NULL), 4);
        }
        cr_assert_arr_eq(counts[0], counts[1], sizeof counts[0], "roll %d", n);
        cr_assert_eq(rt_hash(g[0]), rt_hash(g[1]), "roll %d", n);
        if (n < 50) {
            char *a = view(g[0]), *b = view(g[1]);
            cr_assert_str_eq(a, b, "roll %d", n);
            cr_assert(strstr(a, "pool: 4 cards\n    \"Imperial die\" (face ") != NULL, "%s", a);
            free(a);
            free(b);
        }
        for (int i = 1; i < 4; i++)
            cr_assert_leq(rt_card_state(g[1], rt_zone_at(g[1], pool, i - 1), kind, 0, 0),
                          rt_card_state(g[1], rt_zone_at(g[1], pool, i), kind, 0, 0), "roll %d", n);
        for (int i = 0; i < 2; i++)
            rt_apply(g[i], n % 3 == 2 ? 2 : 0); /* roll again, or count the victory points first */
    }
    for (int i = 0; i < 2; i++) {
        cr_assert(!rt_failed(g[i]), "%s", rt_error(g[i]));
        rt_free(g[i]);
    }
}
