/* test_allies.c: Allies -- one or two symbols, a symbol forfeited, the
   Imperial symbol as a wildcard, the restart symbol, once per game. */
#include "drive.h"

static const char *has_ally(RtGame *g, int p, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (drv_in(g, "allies", p, names[i]))
            return names[i];
    return NULL;
}

/* use the Ally called name from the menu (the Ally choice may be forced) */
static void use_ally(RtGame *g, const char *name)
{
    drv_pick(g, "use an Ally");
    cr_assert(drv_next(g));
    if (drv_has(g, name)) {
        drv_pick(g, name);
        cr_assert(drv_next(g));
    }
}

typedef struct {
    int wild, forfeit, restart, token_kept;
} AllyCtx;

static int visit_ally(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    AllyCtx *c = vctx;
    if (!drv_is_menu(g) || !drv_has(g, "use an Ally"))
        return DRV_RANDOM;
    int p = drv_turn_player(g);
    static const char *const wild[] = {"Yoda", "Obi-Wan Kenobi"};
    static const char *const two[] = {"Lando Calrissian", "Jyn Erso", "Biggs Darklighter", "Nien Nunb", "Mon Mothma"};
    static const char *const rs[] = {"R2-D2", "C-3PO"};
    const char *a;
    if (c->wild < 5 && (a = has_ally(g, p, wild, 2)) && drv_free(g) >= 2) {
        int free = drv_free(g), at = rt_log_count(g);
        use_ally(g, a);
        cr_assert(drv_has(g, "cover a space with the Ally's symbol"));
        drv_pick(g, "cover a space with the Ally's symbol");
        cr_assert(drv_next(g));
        cr_assert(drv_is_space_choice(g));
        cr_assert_eq(rt_option_count(g), free, "the Imperial symbol covers any empty space: %s", drv_labels(g));
        rt_apply(g, 0);
        drv_next(g);
        cr_assert_eq(drv_log_count(g, at, -1, "with a symbol of the Ally."), 1);
        cr_assert(!drv_in(g, "allies", p, a) && drv_in(g, "box", 0, a), "used once, back to the box");
        c->wild++;
        return DRV_APPLIED;
    }
    if (c->forfeit < 5 && (a = has_ally(g, p, two, 5))) {
        int free = drv_free(g), at = rt_log_count(g);
        use_ally(g, a);
        for (int k = 0; k < 2; k++) {
            if (drv_has(g, "forfeit the Ally's symbol")) {
                drv_pick(g, "forfeit the Ally's symbol");
                cr_assert(drv_next(g));
            }
        }
        cr_assert_eq(drv_log_count(g, at, -1, "forfeits a symbol of the Ally."), 2, "two symbols");
        cr_assert_eq(drv_free(g), free, "nothing covered");
        cr_assert(drv_in(g, "box", 0, a));
        c->forfeit++;
        return DRV_APPLIED;
    }
    if (c->restart < 5 && (a = has_ally(g, p, rs, 2)) && drv_at_turn_start(g) && drv_can_place_two(g)) {
        int dice = drv_size(g, "pool", 0);
        drv_place_dice(g, 1);
        if (!drv_is_menu(g) || drv_turn_player(g) != p || !drv_has(g, "use an Ally"))
            return DRV_APPLIED; /* that die completed the site */
        cr_assert_eq(drv_size(g, "placed", 0), 1);
        if (drv_has(g, "reroll dice") && drv_size(g, "pool", 0) > 0) {
            drv_pick(g, "reroll dice");
            drv_next(g);
            while (!drv_has(g, "roll the picked dice") && !drv_is_menu(g) && rt_option_count(g) > 0) {
                rt_apply(g, 0);
                drv_next(g);
            }
            if (drv_has(g, "roll the picked dice"))
                drv_pick_next(g, "roll the picked dice");
        }
        /* the Rebel token first, when it can: its marker outlasts the restart */
        char token_space[48] = "";
        if (drv_has(g, "use your Rebel token")) {
            int t = rt_log_count(g);
            drv_pick(g, "use your Rebel token");
            if (!drv_next(g))
                return DRV_STOP;
            if (drv_is_space_choice(g)) {
                rt_apply(g, 0);
                if (!drv_next(g))
                    return DRV_STOP;
            }
            int l = drv_log_find(g, t, " with the Rebel token ");
            cr_assert_geq(l, 0);
            const char *line = drv_line(g, l, -1), *from = strstr(line, " covers ") + 8;
            snprintf(token_space, sizeof token_space, "%.*s", (int)(strstr(line, " with the Rebel token ") - from), from);
            if (!drv_is_menu(g) || drv_turn_player(g) != p || !drv_has(g, "use an Ally"))
                return DRV_APPLIED; /* the token completed the site */
        }
        int at = rt_log_count(g);
        use_ally(g, a);
        if (token_space[0]) {
            cr_assert(drv_covered(g, token_space), "the Rebel token's marker on %s stays", token_space);
            cr_assert(!drv_has(g, "use your Rebel token"), "the Rebel token stays used");
            c->token_kept++;
        }
        char want[96];
        snprintf(want, sizeof want, "%s cancels the turn and rerolls all the dice.", drv_pname(p));
        cr_assert(drv_log_find(g, at, want) >= 0);
        snprintf(want, sizeof want, " die_turn %d -> 0", drv_var(g, "turn_no", 0));   /* stamped in this turn */
        cr_assert(drv_log_find(g, at, want) >= 0, "the die's space is empty again");
        cr_assert(drv_log_find(g, at, "covered true -> false") >= 0);
        cr_assert_eq(drv_size(g, "placed", 0), 0);
        cr_assert_eq(drv_size(g, "aside", 0), 0);
        cr_assert_eq(drv_size(g, "pool", 0), dice, "all the dice are rolled again");
        cr_assert(drv_has(g, "reroll dice"), "a new turn: the reroll is available again");
        cr_assert(drv_in(g, "box", 0, a));
        c->restart++;
        return DRV_APPLIED;
    }
    return c->wild >= 5 && c->forfeit >= 5 && c->restart >= 5 ? DRV_STOP : DRV_RANDOM;
}

Test(allies, imperial_symbol_wildcard_symbols_forfeited_and_restart)
{
    AllyCtx c = {0};
    drv_search_p(&galaxy_game, 2, 1, 200, visit_ally, &c, NULL);
    cr_assert(c.wild >= 5 && c.forfeit >= 5 && c.restart >= 5 && c.token_kept >= 2,
              "wild %d forfeit %d restart %d (after the Rebel token %d)", c.wild, c.forfeit, c.restart, c.token_kept);
}

Test(allies, every_ally_is_used_at_most_once_per_game)
{
    for (uint64_t seed = 1; seed <= 30; seed++) {
        RtGame *g = drv_new_p(&galaxy_game, seed, 4);
        drv_play_random(g, seed);
        static const char *const all[] = {"Bail Organa", "Wedge Antilles", "Wicket W. Warrick", "Admiral Ackbar",
                                          "Lando Calrissian", "Jyn Erso", "Biggs Darklighter", "Nien Nunb",
                                          "Mon Mothma", "Obi-Wan Kenobi", "Yoda", "R2-D2", "C-3PO"};
        for (int i = 0; i < 13; i++) {
            char want[64];
            snprintf(want, sizeof want, "uses the Ally %s.", all[i]);
            cr_assert_leq(drv_log_count(g, 0, -1, want), 1);
            snprintf(want, sizeof want, "move \"%s\" ally_supply -> offered", all[i]);
            cr_assert_eq(drv_log_count(g, 0, -1, want), 1, "each Ally is placed on one row (13 rows give one)");
        }
        rt_free(g);
    }
}
