/* test_struggle.c: the struggle phase (play a card, use a power, spend
   influence, pass) and the resource powers' rules (FAQ). */
#include "drive.h"

/* ---- who goes first ------------------------------------------------------------ */

Test(struggle, balance_player_takes_the_first_turn)
{
    int checked = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        drv_play_random(g, seed);
        char balance[64] = "";
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_line(g, i, -1);
            if (strncmp(l, "set balance ", 12) == 0)
                snprintf(balance, sizeof balance, "%s", strstr(l, "-> ") + 3);
            if (strcmp(l, "phase struggle") == 0) {
                char want[80];
                snprintf(want, sizeof want, "turn %s", balance);
                cr_assert_str_eq(drv_line(g, i + 1, -1), want, "seed %llu event %d", (unsigned long long)seed, i);
                checked++;
            }
        }
        rt_free(g);
    }
    cr_assert(checked > 40);
}

/* ---- capacity ---------------------------------------------------------------------- */

typedef struct {
    int at_cap, below;
} CapCtx;

static int visit_capacity(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    CapCtx *c = vctx;
    if (!drv_is_turn(g))
        return DRV_RANDOM;
    int p = rt_decision_player(g);
    int n = drv_size(g, "play", p), cap = drv_capacity(g);
    cr_assert(n <= cap, "%s has %d cards in play, capacity %d", drv_pname(p), n, cap);
    if (n == cap) {
        cr_assert(!drv_has(g, "play a card"), "play offered at capacity %d: %s", cap, drv_labels(g));
        c->at_cap++;
    } else {
        cr_assert(drv_has(g, "play a card"), "play not offered below capacity: %s", drv_labels(g));
        c->below++;
    }
    return DRV_RANDOM;
}

Test(struggle, play_a_card_is_refused_at_capacity)
{
    CapCtx c = {0, 0};
    drv_search(&evr_game, 1, 15, visit_capacity, &c);
    cr_assert(c.at_cap > 10 && c.below > 10, "at capacity %d, below %d", c.at_cap, c.below);
}

static const char *const PLAY_POWERS[] = {"use a power: Millennium Falcon", "use a power: Han Solo",
                                          "use a power: Star Destroyer", "use a power: Admiral Piett"};

static int visit_power_at_capacity(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    int *found = vctx;
    if (!drv_is_turn(g))
        return DRV_RANDOM;
    int p = rt_decision_player(g);
    if (drv_size(g, "play", p) != drv_capacity(g))
        return DRV_RANDOM;
    for (int k = 0; k < 4; k++) {
        if (!drv_has(g, PLAY_POWERS[k]))
            continue;
        RtValue card = drv_find_card(g, "play", p, PLAY_POWERS[k] + strlen("use a power: "));
        int deck = drv_size(g, "deck", p), n = drv_size(g, "play", p), at = rt_log_count(g);
        drv_pick(g, PLAY_POWERS[k]);
        drv_next(g);
        cr_assert_eq(drv_size(g, "play", p), n, "%s played a card over the capacity", PLAY_POWERS[k]);
        cr_assert_eq(drv_size(g, "deck", p), deck);
        cr_assert(drv_exhausted(g, card), "the card is exhausted anyway");
        char into[64];
        snprintf(into, sizeof into, "-> play(%s)", drv_pname(p));
        cr_assert_eq(drv_log_count(g, at, -1, into), 0);
        *found = 1;
        return DRV_STOP;
    }
    return DRV_RANDOM;
}

Test(struggle, play_a_card_power_is_refused_at_capacity)
{
    int found = 0;
    cr_assert(drv_search(&evr_game, 1, 300, visit_power_at_capacity, &found), "no power that plays a card at capacity");
}

/* ---- empty deck --------------------------------------------------------------------- */

Test(struggle, empty_deck_shuffles_the_discard_pile_into_a_new_deck)
{
    RtGame *g = drv_new(&evr_game, 1);
    drv_setup(g, NULL, NULL);
    while (drv_next(g) && !(drv_is_turn(g) && rt_decision_player(g) == REBEL && drv_has(g, "play a card")))
        rt_apply(g, 0);
    /* empty the Rebel deck into his discard pile */
    RtValue deck = drv_zone(g, "deck", REBEL), discard = drv_zone(g, "discard", REBEL);
    while (rt_zone_size(g, deck) > 0)
        rt_move(g, rt_zone_at(g, deck, rt_zone_size(g, deck) - 1), discard, RT_AT_TOP, 0);
    int nd = rt_zone_size(g, discard), np = drv_size(g, "play", REBEL);
    cr_assert(nd >= 16);
    int at = rt_log_count(g);
    drv_pick(g, "play a card");
    drv_next(g);
    int sh = drv_log_find(g, at, "shuffle deck(Rebel Alliance)");
    int mv = drv_log_find(g, at, "deck(Rebel Alliance) -> play(Rebel Alliance)");
    cr_assert(sh >= 0 && mv > sh, "the discard pile is shuffled into the deck before the draw");
    cr_assert_eq(drv_log_count(g, at, sh, "discard(Rebel Alliance) -> deck(Rebel Alliance)"), nd);
    cr_assert_eq(rt_zone_size(g, discard), 0);
    cr_assert_eq(rt_zone_size(g, deck), nd - 1);
    cr_assert_eq(drv_size(g, "play", REBEL), np + 1);
    rt_free(g);
}

/* ---- empty play area ------------------------------------------------------------------ */

Test(struggle, empty_play_area_offers_only_play_a_card)
{
    int forced = 0;
    for (uint64_t seed = 1; seed <= 15; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        uint64_t rng = seed;
        while (drv_next(g)) {
            if (drv_is_turn(g))
                cr_assert_gt(drv_size(g, "play", rt_decision_player(g)), 0,
                             "a turn with an empty play area offers %s", drv_labels(g));
            drv_random_move(g, &rng);
        }
        /* in the log: every turn taken with an empty play area is a forced play */
        int size[2] = {0, 0};
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_line(g, i, -1);
            for (int p = 0; p < 2; p++) {
                char into[64], from[64], turn[64];
                snprintf(into, sizeof into, "-> play(%s)", drv_pname(p));
                snprintf(from, sizeof from, "play(%s) ->", drv_pname(p));
                snprintf(turn, sizeof turn, "turn %s", drv_pname(p));
                if (strncmp(l, "move ", 5) == 0 && strstr(l, into))
                    size[p]++;
                if (strncmp(l, "move ", 5) == 0 && strstr(l, from))
                    size[p]--;
                if (strcmp(l, turn) == 0 && size[p] == 0) {
                    char want[80];
                    snprintf(want, sizeof want, "choose %s: play a card (forced)", drv_pname(p));
                    cr_assert_str_eq(drv_line(g, i + 1, -1), want);
                    forced++;
                }
            }
        }
        rt_free(g);
    }
    cr_assert(forced > 50);
}

/* ---- use a power ------------------------------------------------------------------------ */

static int visit_spy(RtGame *g, uint64_t *rng, void *ctx)
{
    (void)rng;
    (void)ctx;
    if (!drv_is_turn(g))
        return DRV_RANDOM;
    int p = rt_decision_player(g), o = 1 - p;
    const char *lbl = p == REBEL ? "use a power: Rebel Spy" : "use a power: Imperial Officer";
    if (!drv_has(g, lbl) || drv_var(g, "influence", o) < 1)
        return DRV_RANDOM;
    int infl = drv_var(g, "influence", o), mine = drv_var(g, "influence", p);
    drv_pick(g, lbl);
    drv_next(g);
    /* the used card is exhausted: one ready copy fewer */
    int ready = 0, exh = 0;
    RtValue z = drv_zone(g, "play", p);
    for (int i = 0; i < rt_zone_size(g, z); i++)
        if (strcmp(rt_card_name(g, rt_zone_at(g, z, i)), lbl + 13) == 0)
            drv_exhausted(g, rt_zone_at(g, z, i)) ? exh++ : ready++;
    cr_assert_gt(exh, 0, "%s is exhausted", lbl + 13);
    cr_assert_eq(drv_var(g, "influence", o), infl - 1, "the power ran: the opponent lost 1 influence");
    cr_assert_eq(drv_var(g, "influence", p), mine);
    return DRV_STOP;
}

Test(struggle, use_a_power_exhausts_the_card_and_resolves_its_power)
{
    cr_assert(drv_search(&evr_game, 1, 200, visit_spy, NULL));
}

static int visit_no_target(RtGame *g, uint64_t *rng, void *ctx)
{
    (void)rng;
    (void)ctx;
    if (!drv_is_turn(g))
        return DRV_RANDOM;
    int p = rt_decision_player(g), o = 1 - p;
    /* Y-wing / TIE Fighter: discard an opposing card of value 1 */
    const char *lbl = p == REBEL ? "use a power: Y-wing" : "use a power: TIE Fighter";
    if (!drv_has(g, lbl))
        return DRV_RANDOM;
    RtValue z = drv_zone(g, "play", o);
    for (int i = 0; i < rt_zone_size(g, z); i++)
        if (drv_worth(g, rt_zone_at(g, z, i), drv_var(g, "full_value", 0)) == 1)
            return DRV_RANDOM;
    int before = rt_zone_size(g, z), ready_before = 0;
    RtValue mz = drv_zone(g, "play", p);
    for (int i = 0; i < rt_zone_size(g, mz); i++)
        if (strcmp(rt_card_name(g, rt_zone_at(g, mz, i)), lbl + 13) == 0 && !drv_exhausted(g, rt_zone_at(g, mz, i)))
            ready_before++;
    int at = rt_log_count(g);
    drv_pick(g, lbl);
    drv_next(g);
    int ready_after = 0;
    for (int i = 0; i < rt_zone_size(g, mz); i++)
        if (strcmp(rt_card_name(g, rt_zone_at(g, mz, i)), lbl + 13) == 0 && !drv_exhausted(g, rt_zone_at(g, mz, i)))
            ready_after++;
    cr_assert_eq(ready_after, ready_before - 1, "the card is exhausted although its power has no target");
    cr_assert_eq(rt_zone_size(g, z), before);
    cr_assert_eq(drv_log_count(g, at + 1, -1, "choose "), 0, "no choice was asked");
    cr_assert(drv_log_find(g, at, "exhausted false -> true") >= 0);
    return DRV_STOP;
}

Test(struggle, power_without_legal_target_still_exhausts)
{
    cr_assert(drv_search(&evr_game, 1, 200, visit_no_target, NULL));
}

/* ---- spend influence --------------------------------------------------------------------- */

static int visit_spend(RtGame *g, uint64_t *rng, void *ctx)
{
    (void)rng;
    (void)ctx;
    if (!drv_is_turn(g) || !drv_has_prefix(g, "spend influence: "))
        return DRV_RANDOM;
    int p = rt_decision_player(g);
    int i = drv_find_at(g, "spend influence: ", 1);
    char name[LBL];
    snprintf(name, sizeof name, "%s", drv_label(g, i) + strlen("spend influence: "));
    int infl = drv_var(g, "influence", p);
    int exh = 0;
    RtValue z = drv_zone(g, "play", p);
    for (int k = 0; k < rt_zone_size(g, z); k++)
        if (strcmp(rt_card_name(g, rt_zone_at(g, z, k)), name) == 0)
            exh += drv_exhausted(g, rt_zone_at(g, z, k));
    rt_apply(g, i);
    drv_next(g);
    int exh2 = 0;
    for (int k = 0; k < rt_zone_size(g, z); k++)
        if (strcmp(rt_card_name(g, rt_zone_at(g, z, k)), name) == 0)
            exh2 += drv_exhausted(g, rt_zone_at(g, z, k));
    cr_assert_eq(drv_var(g, "influence", p), infl - 1, "spending influence costs 1");
    cr_assert_eq(exh2, exh - 1, "%s is readied", name);
    return DRV_STOP;
}

Test(influence, spending_readies_a_card_for_one_influence)
{
    cr_assert(drv_search(&evr_game, 1, 100, visit_spend, NULL));
}

typedef struct {
    int zero, senate;
} SpendCtx;

static int visit_no_spend(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    SpendCtx *c = vctx;
    if (!drv_is_turn(g))
        return DRV_RANDOM;
    int p = rt_decision_player(g), exh = 0;
    RtValue z = drv_zone(g, "play", p);
    for (int k = 0; k < rt_zone_size(g, z); k++)
        exh += drv_exhausted(g, rt_zone_at(g, z, k));
    int senate = strcmp(drv_event(g), "Dissolution of the Imperial Senate") == 0;
    int infl = drv_var(g, "influence", p);
    if (exh && (infl == 0 || senate)) {
        cr_assert(!drv_has_prefix(g, "spend influence"), "influence %d, event %s: %s", infl, drv_event(g),
                  drv_labels(g));
        if (senate && infl > 0)
            c->senate++;
        else
            c->zero++;
    }
    if (exh && infl > 0 && !senate)
        cr_assert(drv_has_prefix(g, "spend influence"), "%s", drv_labels(g));
    return DRV_RANDOM;
}

Test(influence, spending_not_offered_at_zero_or_under_the_senate_event)
{
    SpendCtx c = {0, 0};
    drv_search(&evr_game, 1, 120, visit_no_spend, &c);
    cr_assert(c.zero > 5, "%d decisions at 0 influence", c.zero);
    cr_assert(c.senate > 0, "no decision under Dissolution of the Imperial Senate with influence");
}

static int visit_floor(RtGame *g, uint64_t *rng, void *ctx)
{
    (void)rng;
    int *found = ctx;
    for (int p = 0; p < 2; p++)
        cr_assert_geq(drv_var(g, "influence", p), 0);
    if (!drv_is_turn(g) || *found)
        return DRV_RANDOM;
    int p = rt_decision_player(g), o = 1 - p;
    const char *lbl = p == REBEL ? "use a power: Mon Mothma" : "use a power: Grand Moff Tarkin";
    if (!drv_has(g, lbl) || drv_var(g, "influence", o) != 1)
        return DRV_RANDOM;
    drv_pick(g, lbl);
    drv_next(g);
    cr_assert_eq(drv_var(g, "influence", o), 0, "losing 2 of 1 influence leaves 0");
    *found = 1;
    return DRV_STOP;
}

Test(influence, never_below_zero)
{
    int found = 0;
    cr_assert(drv_search(&evr_game, 1, 400, visit_floor, &found), "no loss of 2 influence at 1");
    for (uint64_t seed = 1; seed <= 30; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        drv_play_random(g, seed);
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_line(g, i, -1);
            if (strncmp(l, "set influence(", 14) == 0)
                cr_assert(atoi(strstr(l, "-> ") + 3) >= 0, "%s", l);
        }
        rt_free(g);
    }
}

/* ---- the end of the struggle ---------------------------------------------------------------- */

Test(struggle, ends_on_two_passes_in_a_row)
{
    int ends = 0, continued = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        drv_play_random(g, seed);
        int in_struggle = 0, passes = 0;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_line(g, i, -1);
            if (strcmp(l, "phase struggle") == 0) {
                in_struggle = 1;
                passes = 0;
            } else if (strncmp(l, "phase ", 6) == 0 || strncmp(l, "round ", 6) == 0) {
                if (in_struggle) {
                    cr_assert_str_eq(l, "phase dominance");
                    cr_assert_eq(passes, 2, "the struggle ended after %d passes in a row", passes);
                    ends++;
                }
                in_struggle = 0;
            } else if (in_struggle && strncmp(l, "turn ", 5) == 0) {
                cr_assert_lt(passes, 2, "a turn after two passes in a row");
                /* the turn's action is the next choice of that player */
                const char *c = drv_line(g, i + 1, -1);
                if (strstr(c, ": pass"))
                    passes++;
                else {
                    if (passes == 1)
                        continued++;
                    passes = 0;
                }
            }
        }
        rt_free(g);
    }
    cr_assert(ends > 50);
    cr_assert(continued > 10, "a pass followed by an action: %d", continued);
}

Test(struggle, pass_then_action_continues_the_struggle)
{
    RtGame *g = drv_new(&evr_game, 5);
    drv_setup(g, NULL, NULL);
    /* to the first turn with a choice */
    while (drv_next(g) && !drv_is_turn(g))
        rt_apply(g, 0);
    int a = rt_decision_player(g), b = 1 - a;
    drv_pick(g, "pass");
    cr_assert(drv_next(g) && drv_is_turn(g));
    cr_assert_eq(rt_decision_player(g), b);
    drv_pick(g, "play a card");
    cr_assert(drv_next(g) && drv_is_turn(g), "the struggle goes on after pass + play");
    cr_assert_eq(rt_decision_player(g), a);
    drv_pick(g, "pass");
    cr_assert(drv_next(g) && drv_is_turn(g), "a single pass does not end it");
    cr_assert_eq(rt_decision_player(g), b);
    int at = rt_log_count(g);
    drv_pick(g, "pass");
    drv_next(g);
    cr_assert_eq(drv_log_find(g, at, "phase dominance"), at + 1, "pass after pass ends the struggle");
    rt_free(g);
}

/* ---- "another" (FAQ) ------------------------------------------------------------------------ */

typedef struct {
    const char *card;
    int p;
} AnotherCtx;

static int visit_another(RtGame *g, uint64_t *rng, void *vctx)
{
    AnotherCtx *c = vctx;
    if (!drv_is_turn(g) || rt_decision_player(g) != c->p)
        return DRV_RANDOM;
    char lbl[LBL];
    snprintf(lbl, sizeof lbl, "use a power: %s", c->card);
    int i = drv_find(g, lbl);
    if (i < 0)
        return DRV_RANDOM;
    /* which instance: the ready copies now */
    RtValue z = drv_zone(g, "play", c->p);
    RtValue ready[8];
    int nr = 0;
    for (int k = 0; k < rt_zone_size(g, z); k++) {
        RtValue x = rt_zone_at(g, z, k);
        if (strcmp(rt_card_name(g, x), c->card) == 0 && !drv_exhausted(g, x) && nr < 8)
            ready[nr++] = x;
    }
    int exhausted_others = 0;
    for (int k = 0; k < rt_zone_size(g, z); k++)
        exhausted_others += drv_exhausted(g, rt_zone_at(g, z, k));
    rt_apply(g, i);
    int more = drv_next(g);
    RtValue self = RT_NONE;
    for (int k = 0; k < nr; k++)
        if (drv_exhausted(g, ready[k]))
            self = ready[k];
    cr_assert_neq(self, RT_NONE);
    /* answer the power's choices at random, checking that the card itself is never a target */
    int chose = 0;
    while (more && !drv_is_turn(g) && strcmp(drv_phase(g), "struggle") == 0) {
        if (strcmp(c->card, "Luke Skywalker") == 0)
            cr_assert(!drv_has(g, "Luke Skywalker"), "Luke may ready himself: %s", drv_labels(g));
        chose++;
        drv_random_move(g, rng);
        more = drv_next(g);
    }
    if (!more)
        return DRV_STOP;
    cr_assert_eq(rt_card_zone(g, self), z, "%s returned itself", c->card);
    cr_assert(drv_exhausted(g, self), "%s readied itself", c->card);
    return (chose || exhausted_others) ? DRV_STOP : DRV_APPLIED;
}

Test(another, luke_skywalker_cannot_ready_himself)
{
    AnotherCtx c = {"Luke Skywalker", REBEL};
    cr_assert(drv_search(&evr_game, 1, 300, visit_another, &c));
}

Test(another, corellian_corvette_cannot_return_itself)
{
    AnotherCtx c = {"Corellian Corvette", REBEL};
    cr_assert(drv_search(&evr_game, 1, 100, visit_another, &c));
}

Test(another, imperial_shuttle_cannot_return_itself)
{
    AnotherCtx c = {"Imperial Shuttle", EMPIRE};
    cr_assert(drv_search(&evr_game, 1, 100, visit_another, &c));
}

/* A card alone in play: the "another" power has no target, the card stays exhausted in play. */
static int visit_alone(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    (void)vctx;
    if (!drv_is_turn(g) || rt_decision_player(g) != REBEL || drv_size(g, "play", REBEL) != 1 ||
        !drv_has(g, "use a power: Corellian Corvette"))
        return DRV_RANDOM;
    RtValue self = rt_zone_at(g, drv_zone(g, "play", REBEL), 0);
    drv_pick(g, "use a power: Corellian Corvette");
    drv_next(g);
    cr_assert_eq(drv_size(g, "play", REBEL), 1);
    cr_assert_eq(rt_zone_at(g, drv_zone(g, "play", REBEL), 0), self);
    cr_assert(drv_exhausted(g, self));
    return DRV_STOP;
}

Test(another, corvette_alone_in_play_has_no_target)
{
    cr_assert(drv_search(&evr_game, 1, 300, visit_alone, NULL));
}

/* ---- adding a character from the reserve (FAQ) ------------------------------------------------ */

static int visit_add(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    (void)vctx;
    if (!drv_is_turn(g))
        return DRV_RANDOM;
    int p = rt_decision_player(g), o = 1 - p;
    const char *lbl = p == REBEL ? "use a power: Leia Organa" : "use a power: Director Krennic";
    if (!drv_has(g, lbl) || drv_size(g, "reserve", p) < 2)
        return DRV_RANDOM;
    int deck = drv_size(g, "deck", p), res = drv_size(g, "reserve", p);
    drv_pick(g, lbl);
    cr_assert(drv_next(g));
    cr_assert_eq(rt_decision_player(g), p);
    cr_assert(rt_decision_hidden(g), "the choice of a character is secret");
    cr_assert_eq(rt_option_count(g), res);
    char name[LBL];
    snprintf(name, sizeof name, "%s", drv_label(g, 0));
    int at = rt_log_count(g);
    rt_apply(g, 0);
    drv_next(g);
    cr_assert_eq(drv_size(g, "deck", p), deck + 1);
    cr_assert_eq(drv_size(g, "reserve", p), res - 1);
    cr_assert_eq(drv_count_named(g, "deck", p, name), 1);
    char mv[128], sh[64];
    snprintf(mv, sizeof mv, "move a card reserve(%s) -> deck(%s)", drv_pname(p), drv_pname(p));
    snprintf(sh, sizeof sh, "shuffle deck(%s)", drv_pname(p));
    int m = drv_log_find_as(g, o, at, mv);
    cr_assert(m >= 0, "the opponent sees a card (not which) enter the deck");
    cr_assert_eq(drv_log_count_as(g, o, at, -1, name), 0, "the opponent's view names %s", name);
    cr_assert(drv_log_find_as(g, o, at, "(hidden)") >= 0);
    cr_assert(drv_log_find(g, m, sh) > m, "the deck is shuffled after the character is added");
    return DRV_STOP;
}

Test(reserve, adding_a_character_is_hidden_and_shuffled_into_the_deck)
{
    cr_assert(drv_search(&evr_game, 1, 300, visit_add, NULL));
}

/* ---- look at the top card ------------------------------------------------------------------ */

typedef struct {
    const char *choice;
    int done;
} LookCtx;

static int visit_look(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    LookCtx *c = vctx;
    if (!drv_is_turn(g))
        return DRV_RANDOM;
    int p = rt_decision_player(g), o = 1 - p;
    const char *lbl = p == REBEL ? "use a power: Rebel Trooper" : "use a power: Probe Droid";
    if (!drv_has(g, lbl) || drv_size(g, "deck", p) < 2)
        return DRV_RANDOM;
    RtValue deck = drv_zone(g, "deck", p);
    int n = rt_zone_size(g, deck);
    RtValue top = rt_zone_at(g, deck, n - 1);
    drv_pick(g, lbl);
    cr_assert(drv_next(g));
    cr_assert_eq(rt_decision_player(g), p);
    cr_assert(drv_has(g, "leave it on top") && drv_has(g, "put it on the bottom") && rt_option_count(g) == 2, "%s",
                drv_labels(g));
    cr_assert_eq(rt_card_zone(g, top), drv_zone(g, "looking", p), "the top card is being looked at");
    char seen[128];
    snprintf(seen, sizeof seen, "move a card deck(%s) -> looking(%s)", drv_pname(p), drv_pname(p));
    cr_assert(drv_log_find_as(g, o, 0, seen) >= 0, "the opponent does not see the card");
    drv_pick(g, c->choice);
    drv_next(g);
    cr_assert_eq(rt_zone_size(g, deck), n);
    if (strcmp(c->choice, "leave it on top") == 0)
        cr_assert_eq(rt_zone_at(g, deck, n - 1), top, "the card is back on top");
    else
        cr_assert_eq(rt_zone_at(g, deck, 0), top, "the card is at the bottom");
    cr_assert_eq(drv_size(g, "looking", p), 0);
    return DRV_STOP;
}

Test(look, top_card_put_back_on_top)
{
    LookCtx c = {"leave it on top", 0};
    cr_assert(drv_search(&evr_game, 1, 100, visit_look, &c));
}

Test(look, top_card_put_on_the_bottom)
{
    LookCtx c = {"put it on the bottom", 0};
    cr_assert(drv_search(&evr_game, 1, 100, visit_look, &c));
}

static int visit_lando(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    const char *choice = vctx;
    if (!drv_is_turn(g) || rt_decision_player(g) != REBEL || !drv_has(g, "use a power: Lando Calrissian"))
        return DRV_RANDOM;
    int can_play = drv_size(g, "play", REBEL) < drv_capacity(g);
    if (can_play != (strcmp(choice, "play it") == 0))
        return DRV_RANDOM;
    RtValue deck = drv_zone(g, "deck", REBEL);
    int n = rt_zone_size(g, deck), np = drv_size(g, "play", REBEL);
    RtValue top = rt_zone_at(g, deck, n - 1);
    drv_pick(g, "use a power: Lando Calrissian");
    cr_assert(drv_next(g));
    if (!can_play)
        cr_assert(!drv_has(g, "play it"), "Lando plays over the capacity: %s", drv_labels(g));
    if (drv_has(g, "put it on the bottom of your deck"))
        drv_pick(g, choice);
    else
        cr_assert(drv_log_find(g, 0, "put it on the bottom of your deck (forced)") >= 0);
    drv_next(g);
    if (strcmp(choice, "play it") == 0) {
        cr_assert_eq(rt_card_zone(g, top), drv_zone(g, "play", REBEL));
        cr_assert_eq(drv_size(g, "play", REBEL), np + 1);
    } else {
        cr_assert_eq(rt_zone_at(g, deck, 0), top);
        cr_assert_eq(drv_size(g, "play", REBEL), np);
    }
    return DRV_STOP;
}

Test(look, lando_plays_the_top_card)
{
    cr_assert(drv_search(&evr_game, 1, 400, visit_lando, (void *)"play it"));
}

Test(look, lando_at_capacity_puts_it_on_the_bottom)
{
    cr_assert(drv_search(&evr_game, 1, 600, visit_lando, (void *)"put it on the bottom of your deck"));
}

/* ---- the value a power reads (docs/games/evr.md, Rulings) ------------------------------------- */

/* Darth Vader discards "1 of your opponent's resource cards with a value
   of 3 or less": an exhausted character counts at its exhausted value
   (Luke Skywalker, 5 ready, 2 exhausted, may be discarded), and every
   card offered is worth 3 or less now. */
static int visit_vader(RtGame *g, uint64_t *rng, void *ctx)
{
    (void)rng;
    int *done = ctx;
    if (!drv_is_turn(g) || !drv_has(g, "use a power: Darth Vader"))
        return DRV_RANDOM;
    int p = rt_decision_player(g), o = 1 - p, full = drv_var(g, "full_value", 0);
    RtValue z = drv_zone(g, "play", o);
    const char *lowered = NULL;   /* an exhausted character worth 3 or less, printed more */
    int targets = 0;              /* cards worth 3 or less: with one only, the choice is forced (not shown) */
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        RtValue c = rt_zone_at(g, z, i);
        targets += drv_worth(g, c, full) <= 3;
        if (drv_worth(g, c, full) <= 3 && drv_value_of(rt_card_name(g, c))->value > 3)
            lowered = rt_card_name(g, c);
    }
    if (!lowered || targets < 2)
        return DRV_RANDOM;
    drv_pick(g, "use a power: Darth Vader");
    cr_assert(drv_next(g));
    cr_assert(drv_find(g, lowered) >= 0, "%s (exhausted) is offered: %s", lowered, drv_labels(g));
    for (int i = 0; i < rt_option_count(g); i++) {
        RtValue c = RT_NONE;
        for (int k = 0; k < rt_zone_size(g, z); k++)
            if (strcmp(rt_card_name(g, rt_zone_at(g, z, k)), drv_label(g, i)) == 0)
                c = rt_zone_at(g, z, k);
        cr_assert_neq(c, RT_NONE, "option %s is an opposing card", drv_label(g, i));
    }
    (*done)++;
    return DRV_STOP;
}

Test(rulings, a_power_reads_an_exhausted_card_at_its_exhausted_value)
{
    int done = 0;
    cr_assert(drv_search(&evr_game, 1, 3000, visit_vader, &done), "no game where Vader meets an exhausted character");
    cr_assert_eq(done, 1);
}
