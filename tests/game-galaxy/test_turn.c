/* test_turn.c: a turn -- the dice, their placement, the wildcard and the
   Imperial spaces, victory point faces, the one reroll, the Rebel token. */
#include "drive.h"

/* the set of free spaces in play matching symbol f (wild: any), as a bitmask over zone positions */
static int expected_spaces(RtGame *g, int f, char names[][32], int max)
{
    RtValue z = drv_zone(g, "spaces", 0);
    int n = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        RtValue s = rt_zone_at(g, z, i);
        if (drv_state(g, s, "space", "covered"))
            continue;
        int sym = drv_space_symbol(rt_card_name(g, s));
        if (f == S_IMP || sym == f) {
            cr_assert(n < max);
            snprintf(names[n++], 32, "%s", rt_card_name(g, s));
        }
    }
    return n;
}

/* -------------------------------------------------------------------------------------------- */

typedef struct {
    int turns, sith_turns;
} DiceCtx;

static int visit_dice(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    DiceCtx *c = vctx;
    if (!drv_at_turn_start(g))
        return DRV_RANDOM;
    int p = drv_turn_player(g);
    int forfeit = drv_in(g, "visiting", p, "Darth Vader") ? 1 : drv_in(g, "visiting", p, "Emperor Palpatine") ? 2 : 0;
    cr_assert_eq(drv_size(g, "pool", 0), 4 - forfeit, "all dice but the forfeited ones are rolled");
    cr_assert_eq(drv_size(g, "taken", 0), forfeit);
    cr_assert_eq(drv_size(g, "placed", 0) + drv_size(g, "aside", 0) + drv_size(g, "rerolling", 0), 0);
    c->turns++;
    c->sith_turns += forfeit > 0;
    return DRV_RANDOM;
}

Test(turn, all_four_dice_are_rolled_at_the_start_of_a_turn)
{
    DiceCtx c = {0};
    drv_search_p(&galaxy_game, 3, 1, 10, visit_dice, &c, NULL);
    cr_assert(c.turns > 200 && c.sith_turns > 50, "turns %d, with a Sith Lord %d", c.turns, c.sith_turns);
    /* the roll is logged as the dice's faces changing, right after the turn starts */
    RtGame *g = drv_first_turn(&galaxy_game, 4, 2);
    int t = drv_log_find(g, 0, "round 1");
    cr_assert(drv_log_count(g, t, -1, "state \"Imperial die\" face") >= 1);
    rt_free(g);
}

/* -------------------------------------------------------------------------------------------- */

typedef struct {
    int f;            /* the face being placed, or -1 */
    int n;            /* expected spaces */
    char names[40][32];
    int before_free, before_placed;
    int checked[6], offered_ok;
} PlaceCtx;

static int visit_place(RtGame *g, uint64_t *rng, void *vctx)
{
    PlaceCtx *c = vctx;
    if (c->f >= 0) {
        /* the space choice right after "place ...": exactly the matching empty spaces */
        cr_assert(drv_is_space_choice(g), "after placing, a space is chosen: %s", drv_labels(g));
        cr_assert_eq(rt_option_count(g), c->n, "face %d: offered %s", c->f, drv_labels(g));
        for (int i = 0; i < c->n; i++)
            cr_assert(drv_space_option(g, c->names[i]) >= 0, "face %d: %s not offered (%s)", c->f, c->names[i],
                      drv_labels(g));
        for (int i = 0; i < rt_option_count(g); i++) {
            const char *name = drv_option_name(g, i);
            int sym = drv_space_symbol(name);
            cr_assert(c->f == S_IMP || sym == c->f, "a %d space offered for face %d", sym, c->f);
            char want[96];   /* labelled with its symbol (`label` in place()) */
            snprintf(want, sizeof want, "%s (%s)", name, drv_symbol_names[sym]);
            cr_assert_str_eq(drv_label(g, i), want);
        }
        c->checked[c->f]++;
        int k = (int)(drv_rand(rng) % (uint64_t)rt_option_count(g));
        char chosen[64];
        snprintf(chosen, sizeof chosen, "%s", drv_option_name(g, k));
        rt_apply(g, k);
        c->f = -1;
        int at = rt_log_count(g) - 1;
        drv_next(g);
        char want[96];
        snprintf(want, sizeof want, "covers %s with a die.", chosen);
        cr_assert(drv_log_find(g, at, want) >= 0);
        return DRV_APPLIED;
    }
    if (!drv_is_menu(g))
        return DRV_RANDOM;
    /* a "place" option is offered exactly when a die shows the face and an empty space takes it */
    for (int f = 0; f < 6; f++) {
        if (f == S_VP)
            continue;
        char names[40][32];
        int n = expected_spaces(g, f, names, 40);
        int want = drv_pool_faces(g, f) > 0 && n > 0;
        cr_assert_eq(drv_has(g, drv_place_label[f]), want, "face %d: %s", f, drv_labels(g));
    }
    cr_assert(!drv_has(g, "place a victory point"));
    c->offered_ok++;
    /* half of the time, place a die (the space choice is checked at the next visit) */
    if (drv_rand(rng) % 2)
        return DRV_RANDOM;
    for (int f = 0; f < 6; f++) {
        if (f == S_VP || !drv_has(g, drv_place_label[f]))
            continue;
        c->n = expected_spaces(g, f, c->names, 40);
        c->before_placed = drv_size(g, "placed", 0);
        if (c->n == 1) {
            /* one space: the choice is forced */
            char only[32];
            snprintf(only, sizeof only, "%s", c->names[0]);
            int at = rt_log_count(g);
            drv_pick(g, drv_place_label[f]);
            drv_next(g);
            char want[64];
            snprintf(want, sizeof want, "covers %s with a die.", only);
            cr_assert(drv_log_find(g, at, want) >= 0, "the only matching space %s is covered", only);
            cr_assert_eq(drv_log_count(g, at, -1, "move \"Imperial die\" pool -> placed"), 1);
            return DRV_APPLIED;
        }
        c->f = f;
        drv_pick(g, drv_place_label[f]);
        return DRV_APPLIED;
    }
    return DRV_RANDOM;
}

Test(turn, a_die_covers_only_an_empty_space_of_its_symbol)
{
    PlaceCtx c;
    memset(&c, 0, sizeof c);
    c.f = -1;
    drv_search_p(&galaxy_game, 2, 1, 30, visit_place, &c, NULL);
    for (int f = 0; f < 4; f++)
        cr_assert(c.checked[f] > 20, "face %d checked %d times", f, c.checked[f]);
}

Test(turn, the_imperial_wildcard_covers_any_space_and_imperial_spaces_take_only_it)
{
    PlaceCtx c;
    memset(&c, 0, sizeof c);
    c.f = -1;
    drv_search_p(&galaxy_game, 2, 31, 60, visit_place, &c, NULL);
    cr_assert(c.checked[S_IMP] > 20, "wildcard checked %d times", c.checked[S_IMP]);
    /* a symbol face is never offered an Imperial space (checked in visit_place for every
       placement); and the log never shows an Imperial space covered by a symbol die */
}

/* -------------------------------------------------------------------------------------------- */

static int visit_vp(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    int *done = vctx;
    if (!drv_at_turn_start(g) || drv_pool_faces(g, S_VP) < 2)
        return DRV_RANDOM;
    int p = drv_turn_player(g);
    int vp = drv_vp(g, p);
    int faces = drv_pool_faces(g, S_VP);
    int at = rt_log_count(g);
    drv_pick(g, "end your turn");
    drv_next(g);
    char want[96];
    snprintf(want, sizeof want, "takes %d victory point(s) for the dice set aside", faces);
    cr_assert(drv_log_find(g, at, want) >= 0, "every die still showing the symbol scores, without a step of its own");
    cr_assert_geq(drv_vp(g, p), vp + faces, "one victory point per die showing the symbol");
    cr_assert_eq(drv_size(g, "aside", 0), 0, "the dice come back for the next player");
    *done = 1;
    return DRV_STOP;
}

Test(turn, victory_point_faces_left_at_the_end_of_the_turn_score_one_point_each)
{
    int done = 0;
    cr_assert(drv_search_p(&galaxy_game, 2, 1, 50, visit_vp, &done, NULL));
    cr_assert(done);
}

/* -------------------------------------------------------------------------------------------- */

typedef struct {
    int rerolls, after;
} RerollCtx;

static int visit_reroll(RtGame *g, uint64_t *rng, void *vctx)
{
    RerollCtx *c = vctx;
    if (!drv_at_turn_start(g) || !drv_has(g, "reroll dice") || drv_size(g, "pool", 0) < 3)
        return DRV_RANDOM;
    int p = drv_turn_player(g);
    /* pick one die to reroll: the face of the first die in the pool */
    RtValue pool = drv_zone(g, "pool", 0);
    RtValue kept[4];
    int nk = 0;
    drv_pick(g, "reroll dice");
    cr_assert(drv_next(g));
    cr_assert(drv_has(g, drv_reroll_label[drv_state(g, rt_zone_at(g, pool, 0), "imperial_die", "face")]));
    cr_assert(!drv_has(g, "roll the picked dice"), "at least one die is picked");
    int f = drv_state(g, rt_zone_at(g, pool, 0), "imperial_die", "face");
    drv_pick(g, drv_reroll_label[f]);
    cr_assert(drv_next(g));
    cr_assert_eq(drv_size(g, "rerolling", 0), 1);
    for (int i = 0; i < rt_zone_size(g, pool); i++)
        kept[nk++] = rt_zone_at(g, pool, i);
    int kept_faces[4];
    for (int i = 0; i < nk; i++)
        kept_faces[i] = drv_state(g, kept[i], "imperial_die", "face");
    int at = rt_log_count(g);
    drv_pick(g, "roll the picked dice");
    cr_assert(drv_next(g));
    /* only the picked die was rolled: at most one face changes before the next turn */
    int nt = drv_log_find(g, at, "turn Player");
    cr_assert_leq(drv_log_count(g, at, nt, "state \"Imperial die\" face"), 1);
    if (drv_turn_player(g) == p && drv_is_menu(g))
        for (int i = 0; i < nk; i++)
            cr_assert_eq(drv_state(g, kept[i], "imperial_die", "face"), kept_faces[i], "a die not picked was rolled");
    cr_assert_eq(drv_log_count(g, at, nt, "move \"Imperial die\" rerolling -> pool"), 1);
    cr_assert_eq(drv_log_count(g, at, nt, "set rerolled false -> true"), 1);
    c->rerolls++;
    /* a second and last roll: never offered again in this turn */
    while (drv_turn_player(g) == p && drv_is_menu(g)) {
        cr_assert(!drv_has(g, "reroll dice"), "a second reroll offered: %s", drv_labels(g));
        c->after++;
        if (drv_has(g, "use an Ally"))
            break; /* a restart Ally would give a new roll */
        drv_random_move(g, rng);
        if (!drv_next(g))
            return DRV_STOP;
        if (drv_at_turn_start(g))
            break;
    }
    return c->rerolls >= 30 ? DRV_STOP : DRV_APPLIED;
}

Test(turn, one_reroll_of_the_picked_remaining_dice)
{
    RerollCtx c = {0};
    drv_search_p(&galaxy_game, 2, 1, 60, visit_reroll, &c, NULL);
    cr_assert(c.rerolls >= 30 && c.after > 20, "rerolls %d, menus after %d", c.rerolls, c.after);
}

/* -------------------------------------------------------------------------------------------- */

typedef struct {
    int used, next_turn_offered;
    int used_by[4];
} RebelCtx;

static int visit_rebel(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    RebelCtx *c = vctx;
    if (!drv_is_menu(g))
        return DRV_RANDOM;
    int p = drv_turn_player(g);
    int mark = drv_token_mark(g, p);
    char names[40][32];
    int n = expected_spaces(g, mark, names, 40);
    int used = drv_state(g, rt_zone_at(g, drv_zone(g, "token", p), 0), "rebel_token", "used");
    cr_assert_eq(drv_has(g, "use your Rebel token"), !used && n > 0, "%s", drv_labels(g));
    if (c->used_by[p] && drv_at_turn_start(g) && n > 0) {
        cr_assert(drv_has(g, "use your Rebel token"), "the Rebel token is usable in every turn");
        c->next_turn_offered++;
        c->used_by[p] = 0;
    }
    if (!drv_has(g, "use your Rebel token") || c->used >= 30)
        return c->used >= 30 && c->next_turn_offered >= 10 ? DRV_STOP : DRV_RANDOM;
    drv_pick(g, "use your Rebel token");
    cr_assert(drv_next(g));
    if (n > 1) {
        cr_assert_eq(rt_option_count(g), n, "the token's symbol only: %s", drv_labels(g));
        for (int i = 0; i < n; i++)
            cr_assert(drv_space_option(g, names[i]) >= 0);
        rt_apply(g, drv_space_option(g, names[0]));
        cr_assert(drv_next(g) || 1);
    }
    if (n == 1) {
        char want[96];
        snprintf(want, sizeof want, "covers %s with the Rebel token", names[0]);
        cr_assert(drv_log_find(g, rt_log_count(g) - 40, want) >= 0, "the only matching space is covered");
    }
    if (!rt_over(g) && drv_is_menu(g))
        cr_assert(!drv_has(g, "use your Rebel token"), "once per turn");
    c->used++;
    c->used_by[p] = 1;
    return DRV_APPLIED;
}

Test(turn, the_rebel_token_covers_its_symbol_once_in_every_turn)
{
    RebelCtx c;
    memset(&c, 0, sizeof c);
    drv_search_p(&galaxy_game, 2, 1, 30, visit_rebel, &c, NULL);
    cr_assert(c.used >= 30 && c.next_turn_offered >= 10, "used %d, offered again %d", c.used, c.next_turn_offered);
}

/* -------------------------------------------------------------------------------------------- */

Test(turn, a_player_may_always_end_the_turn)
{
    RtGame *g = drv_first_turn(&galaxy_game, 1, 2);
    cr_assert(drv_has(g, "end your turn"));
    int p = drv_turn_player(g);
    drv_end_turn(g);
    cr_assert_neq(drv_turn_player(g), p);
    cr_assert(drv_log_find(g, 0, "choose Player") >= 0);
    rt_free(g);
}
