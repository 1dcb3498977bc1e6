/* test_rounds.c: the planning phase, Infiltration, the tutorial variant and
   whole-game properties (random play over many seeds). */
#include "drive.h"
#include "quitter.h"

/* ---- planning ----------------------------------------------------------------------------- */

Test(planning, reveal_effect_resolves_before_strategies_are_chosen)
{
    int found = 0;
    for (uint64_t seed = 1; seed <= 400 && !found; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        drv_setup(g, NULL, NULL);
        cr_assert(drv_next(g));
        if (strcmp(drv_event(g), "Destruction of Alderaan") == 0) {
            found = 1;
            cr_assert(drv_is_strategy_choice(g));
            cr_assert_eq(drv_size(g, "events", 0), 23);
            cr_assert_eq(drv_var(g, "influence", REBEL), 1, "each player lost 1 influence on the reveal");
            cr_assert_eq(drv_var(g, "influence", EMPIRE), 1);
            int ev = drv_log_find(g, 0, "move \"Destruction of Alderaan\" events -> current");
            int loss = drv_log_find(g, 0, "set influence(Rebel Alliance) 2 -> 1");
            cr_assert(ev >= 0 && loss > ev);
            cr_assert_eq(drv_log_count(g, 0, -1, "-> chosen("), 0, "no strategy chosen yet");
        }
        rt_free(g);
    }
    cr_assert(found);
}

typedef struct {
    int checked, with_used, flags_reset;
    int prev_flag;
} PlanCtx;

static int visit_planning(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    PlanCtx *c = vctx;
    if (!drv_is_strategy_choice(g))
        return DRV_RANDOM;
    int p = rt_decision_player(g);
    RtValue z = drv_zone(g, "strategies", p);
    cr_assert_eq(rt_option_count(g), rt_zone_size(g, z), "%s: offered %s", drv_pname(p), drv_labels(g));
    for (int i = 0; i < rt_zone_size(g, z); i++)
        cr_assert(drv_has(g, rt_card_name(g, rt_zone_at(g, z, i))));
    RtValue u = drv_zone(g, "used", p);
    for (int i = 0; i < rt_zone_size(g, u); i++)
        cr_assert(!drv_has(g, rt_card_name(g, rt_zone_at(g, u, i))), "a used strategy is offered: %s", drv_labels(g));
    cr_assert_eq(drv_size(g, "forced", p), 0, "a player with an Infiltration pick chooses");
    c->checked++;
    c->with_used += rt_zone_size(g, u) > 0;
    /* 27. this round's flags are those of this event only */
    const char *e = drv_event(g);
    cr_assert_eq(drv_var(g, "full_value", 0), strcmp(e, "Kessel Run") == 0);
    cr_assert_eq(drv_var(g, "no_character_powers", 0), strcmp(e, "Mos Eisley Cantina") == 0);
    cr_assert_eq(drv_var(g, "no_influence", 0), strcmp(e, "Dissolution of the Imperial Senate") == 0);
    return DRV_RANDOM;
}

Test(planning, strategy_is_chosen_from_unused_cards_only)
{
    PlanCtx c;
    memset(&c, 0, sizeof c);
    drv_search(&evr_game, 1, 40, visit_planning, &c);
    cr_assert(c.checked > 100 && c.with_used > 50);
}

Test(planning, event_flags_reset_at_the_next_planning_phase)
{
    PlanCtx c;
    memset(&c, 0, sizeof c);
    drv_search(&evr_game, 1, 60, visit_planning, &c);
    int resets = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        drv_play_random(g, seed);
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_line(g, i, -1);
            if (strstr(l, "set full_value true -> false") || strstr(l, "set no_influence true -> false") ||
                strstr(l, "set no_character_powers true -> false")) {
                /* at the start of a planning phase, before the event is revealed */
                int k = i;
                while (k > 0 && strncmp(drv_line(g, k, -1), "set ", 4) == 0)
                    k--;
                cr_assert_str_eq(drv_line(g, k, -1), "phase planning");
                resets++;
            }
        }
        rt_free(g);
    }
    cr_assert(resets > 3, "%d resets", resets);
}

/* ---- Infiltration --------------------------------------------------------------------------- */

/* Round 1 with the given strategies; each player plays one card and passes. */
static void round_one(RtGame *g, const char *reb, const char *emp)
{
    drv_setup(g, NULL, NULL);
    while (drv_next(g) && !drv_is_strategy_choice(g))
        rt_apply(g, 0);
    cr_assert_eq(rt_decision_player(g), REBEL);
    drv_pick(g, reb);
    cr_assert(drv_next(g) && drv_is_strategy_choice(g));
    drv_pick(g, emp);
    while (drv_next(g) && drv_is_turn(g))
        drv_pick(g, drv_has(g, "pass") ? "pass" : "play a card");
}

Test(infiltration, opponent_plays_the_picked_strategy_without_choosing)
{
    RtGame *g = drv_new(&evr_game, 1);
    round_one(g, "Rebel Infiltration", "Propaganda");
    /* dominance: the Rebel's Infiltration picks among the Empire's unused strategies */
    cr_assert_str_eq(drv_phase(g), "dominance");
    cr_assert_eq(rt_decision_player(g), REBEL);
    cr_assert(rt_decision_hidden(g));
    cr_assert_eq(rt_option_count(g), 4, "%s", drv_labels(g));
    cr_assert(!drv_has(g, "Propaganda"));
    char other[LBL];   /* another of the Empire's unused cards, which both players know while the Rebel picks */
    snprintf(other, sizeof other, "%s", strcmp(drv_label(g, 0), "Reinforcements") ? drv_label(g, 0) : drv_label(g, 1));
    int at = rt_log_count(g);
    drv_pick(g, "Reinforcements");
    cr_assert(drv_next(g));
    cr_assert(drv_log_find_as(g, EMPIRE, at, "choose Rebel Alliance: (hidden)") >= 0);
    int end = drv_log_find(g, at, "infiltrated(");
    cr_assert_eq(drv_log_count_as(g, EMPIRE, at, end, "Reinforcements"), drv_log_count_as(g, EMPIRE, at, end, other),
                 "the Empire's log tells the pick (Reinforcements) from his other unused cards (%s)", other);
    /* round 2: the Empire has it as his strategy, with no choice */
    while (!drv_is_strategy_choice(g)) {
        rt_apply(g, 0);
        cr_assert(drv_next(g));
    }
    cr_assert_eq(drv_count_named(g, "forced", EMPIRE, "Reinforcements"), 1, "the Empire may look at it");
    cr_assert_eq(rt_decision_player(g), REBEL);
    int r2 = drv_log_find(g, at, "round 2");
    rt_apply(g, 0);
    cr_assert(drv_next(g));
    cr_assert(drv_is_turn(g), "no strategy choice for the Empire: %s", drv_labels(g));
    cr_assert_eq(drv_count_named(g, "chosen", EMPIRE, "Reinforcements"), 1);
    int rc = drv_log_find(g, r2, "-> chosen(Rebel Alliance)");
    cr_assert(rc > r2);
    cr_assert_eq(drv_log_count(g, rc, drv_log_find(g, r2, "phase struggle"), "choose Galactic Empire: "), 0,
                 "the Empire chose no strategy");
    cr_assert(drv_log_find(g, r2, "move \"Reinforcements\" forced(Galactic Empire) -> chosen(Galactic Empire)") > 0);
    rt_free(g);
}

/* FAQ: both Infiltration: both players choose their opponent's strategy card
   simultaneously -- the second to choose must not know the first pick. */
Test(infiltration, two_infiltrations_are_chosen_simultaneously)
{
    RtGame *g = drv_new(&evr_game, 1);
    round_one(g, "Rebel Infiltration", "Imperial Infiltration");
    int first = rt_decision_player(g), second = 1 - first;
    cr_assert_eq(first, drv_var(g, "balance", 0), "the balance player resolves first");
    cr_assert(rt_decision_hidden(g));
    char pick[LBL], other[LBL];   /* the pick, and another unused card of the second player */
    snprintf(pick, sizeof pick, "%s", drv_label(g, 0));
    snprintf(other, sizeof other, "%s", drv_label(g, 1));
    int at = rt_log_count(g);
    rt_apply(g, 0);
    cr_assert(drv_next(g));
    cr_assert_eq(rt_decision_player(g), second);
    cr_assert(rt_decision_hidden(g));
    /* what the second player has seen of the first pick */
    cr_assert(drv_log_find_as(g, second, at, "(hidden)") >= 0);
    cr_assert_eq(drv_log_count_as(g, second, at, -1, pick), drv_log_count_as(g, second, at, -1, other),
                 "%s sees which of his strategies (%s) was picked before choosing his own pick",
                 drv_pname(second), pick);
    cr_assert_eq(drv_count_named(g, "strategies", second, pick), 1,
                 "%s's unused strategies already lack the picked %s before his own choice", drv_pname(second), pick);
    rt_free(g);
}

/* ---- the tutorial --------------------------------------------------------------------------- */

Test(tutorial, setup_uses_only_escape_from_tatooine_and_no_characters)
{
    RtGame *g = drv_new(&evr_variant_tutorial, 1);
    cr_assert(drv_next(g));
    cr_assert_str_eq(drv_event(g), "Escape From Tatooine");
    cr_assert_eq(drv_size(g, "current", 0), 1);
    cr_assert_eq(drv_size(g, "events", 0), 0);
    for (int p = 0; p < 2; p++) {
        cr_assert_eq(drv_size(g, "deck", p) + drv_size(g, "play", p), 16);
        cr_assert_eq(drv_size(g, "reserve", p), 0);
        cr_assert_eq(drv_size(g, "strategies", p), 0);
        cr_assert_eq(drv_var(g, "influence", p), 0);
        RtValue z = drv_zone(g, "deck", p);
        for (int i = 0; i < rt_zone_size(g, z); i++)
            cr_assert(!drv_is_character(rt_card_name(g, rt_zone_at(g, z, i))));
    }
    cr_assert_str_eq(drv_line(g, drv_log_find(g, 0, "turn ") , -1), "turn Rebel Alliance", "the Rebel starts");
    rt_free(g);
}

Test(tutorial, outcome_highest_not_over_12_wins_else_draw)
{
    int wins = 0, tie = 0, both_over = 0;
    for (uint64_t seed = 1; seed <= 150; seed++) {
        RtGame *g = drv_new(&evr_variant_tutorial, seed);
        uint64_t rng = seed;
        int greedy = seed % 2;
        while (drv_next(g)) {
            cr_assert(!drv_has_prefix(g, "spend influence"), "%s", drv_labels(g));
            cr_assert(drv_is_turn(g) || strcmp(drv_phase(g), "struggle") == 0);
            if (greedy && drv_has(g, "play a card"))
                drv_pick(g, "play a card");
            else
                drv_random_move(g, &rng);
        }
        cr_assert(rt_over(g) && !rt_failed(g), "%s", rt_error(g));
        cr_assert_eq(rt_rounds(g), 1);
        int t0 = drv_total(g, 0, 0), t1 = drv_total(g, 1, 0);
        int o0 = t0 > 12, o1 = t1 > 12;
        int w = (!o0 && (o1 || t0 > t1)) ? 0 : (!o1 && (o0 || t1 > t0)) ? 1 : -1;
        if (w >= 0) {
            cr_assert(rt_is_winner(g, w) && !rt_is_winner(g, 1 - w), "totals %d/%d", t0, t1);
            wins++;
        } else {
            cr_assert(!rt_is_winner(g, 0) && !rt_is_winner(g, 1), "draw expected: totals %d/%d", t0, t1);
            cr_assert_str_eq(drv_line(g, rt_log_count(g) - 1, -1), "draw");
            if (o0 && o1)
                both_over++;
            else
                tie++;
        }
        rt_free(g);
    }
    cr_assert(wins > 0 && tie > 0, "wins %d, ties %d, both over %d", wins, tie, both_over);
}

/* Both totals over 12 (a draw by the script) cannot happen in the tutorial:
   the Rebel player's four cards are worth at most 4 + 3 + 3 + 2 = 12
   (Millennium Falcon, two Corellian Corvettes, a 2) since the X-wing is
   worth 2 (docs/games/evr.md, Balance). So an Imperial total over 12 always
   loses, and the Rebel total never exceeds 12. */
Test(tutorial, an_imperial_total_over_12_loses_and_the_rebel_never_exceeds_12)
{
    int found = 0;
    for (uint64_t seed = 1; seed <= 5000; seed++) {
        RtGame *g = drv_new(&evr_variant_tutorial, seed);
        while (drv_next(g))
            drv_pick(g, drv_has(g, "play a card") ? "play a card" : "pass");
        int t0 = drv_total(g, 0, 0), t1 = drv_total(g, 1, 0);
        cr_assert(t0 <= 12, "seed %llu: Rebel total %d", (unsigned long long)seed, t0);
        if (t1 > 12) {
            found = 1;
            cr_assert(rt_over(g) && rt_is_winner(g, 0) && !rt_is_winner(g, 1));
        }
        rt_free(g);
    }
    cr_assert(found);
}

/* ---- whole games ----------------------------------------------------------------------------- */

Test(game, random_games_end_by_the_rules_and_conserve_cards)
{
    for (uint64_t seed = 1; seed <= 200; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        uint64_t rng = seed ^ 0xabcdefu;
        int total = -1;
        while (drv_next(g)) {
            int t = drv_total_cards(g);
            if (total < 0)
                total = t;
            cr_assert_eq(t, total, "seed %llu: %d cards, was %d", (unsigned long long)seed, t, total);
            drv_random_move(g, &rng);
        }
        cr_assert(rt_over(g));
        cr_assert(!rt_failed(g), "seed %llu: %s", (unsigned long long)seed, rt_error(g));
        cr_assert_eq(drv_total_cards(g), 24 + 48 + 10);
        int w = rt_is_winner(g, REBEL) ? REBEL : EMPIRE;
        cr_assert(rt_is_winner(g, w) && !rt_is_winner(g, 1 - w), "seed %llu: one winner", (unsigned long long)seed);
        cr_assert_geq(drv_var(g, "vp", w), 7);
        rt_free(g);
    }
}

static uint64_t play_logged(uint64_t seed, char **log)
{
    RtGame *g = drv_new(&evr_game, seed);
    drv_play_random(g, seed * 31u);
    size_t cap = 1 << 16, len = 0;
    char *s = malloc(cap);
    s[0] = '\0';
    for (int i = 0; i < rt_log_count(g); i++) {
        const char *l = drv_line(g, i, -1);
        size_t n = strlen(l);
        while (len + n + 2 > cap)
            s = realloc(s, cap *= 2);
        memcpy(s + len, l, n);
        len += n;
        s[len++] = '\n';
        s[len] = '\0';
    }
    *log = s;
    uint64_t h = rt_hash(g);
    rt_free(g);
    return h;
}

Test(game, same_seed_and_choices_give_the_same_log_and_hash)
{
    for (uint64_t seed = 1; seed <= 10; seed++) {
        char *a, *b;
        uint64_t ha = play_logged(seed, &a), hb = play_logged(seed, &b);
        cr_assert_str_eq(a, b);
        cr_assert_eq(ha, hb);
        free(a);
        free(b);
    }
    char *a, *b;
    play_logged(1, &a);
    play_logged(2, &b);
    cr_assert_str_neq(a, b);
    free(a);
    free(b);
}

Test(game, clone_mid_game_continues_identically)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        uint64_t rng = seed;
        int n = 0;
        while (drv_next(g) && n < 60) {
            drv_random_move(g, &rng);
            n++;
        }
        RtGame *c = rt_clone(g);
        cr_assert_not_null(c);
        cr_assert_eq(rt_hash(c), rt_hash(g));
        uint64_t r1 = rng, r2 = rng;
        while (drv_next(g))
            drv_random_move(g, &r1);
        while (drv_next(c))
            drv_random_move(c, &r2);
        cr_assert_eq(rt_hash(c), rt_hash(g), "seed %llu", (unsigned long long)seed);
        cr_assert_eq(rt_is_winner(c, 0), rt_is_winner(g, 0));
        rt_free(c);
        rt_free(g);
    }
}

/* A game with a log and one without take the runtime's general and fast
   paths (moves, plucks, stores): the same seeds and agents give the same
   game, decision by decision, and the same state at the end; rt_play
   (agents answering inside the driver) plays it as the step loop does. */
Test(game, log_on_and_off_and_rt_play_play_the_same_games)
{
    const RtGameDef *defs[2] = {&evr_game, &evr_variant_tutorial};
    for (uint64_t seed = 1; seed <= 400; seed++) {
        const RtGameDef *def = defs[seed % 2];
        RtGame *g[3];
        RtAgent ag[3][2];
        for (int k = 0; k < 3; k++) {
            RtOptions o = {2, seed, k == 0, 200, 0, NULL};
            g[k] = rt_new(def, &o);
            cr_assert_not_null(g[k]);
            for (int p = 0; p < 2; p++) {
                rt_agent_random(&ag[k][p]);
                ag[k][p].reset(&ag[k][p], seed * 7 + (uint64_t)p);
            }
        }
        /* g[0] (log) and g[1] (no log) in step, comparing at each decision */
        while (rt_advance(g[0])) {
            cr_assert_eq(rt_advance(g[1]), 1, "seed %llu", (unsigned long long)seed);
            cr_assert_eq(rt_hash(g[0]), rt_hash(g[1]), "seed %llu: states differ", (unsigned long long)seed);
            int p = rt_decision_player(g[0]);
            rt_apply(g[0], ag[0][p].choose(&ag[0][p], g[0]));
            rt_apply(g[1], ag[1][p].choose(&ag[1][p], g[1]));
        }
        cr_assert_eq(rt_advance(g[1]), 0);
        RtAgent *seats[2] = {&ag[2][0], &ag[2][1]};
        cr_assert_eq(rt_play(g[2], seats), 0);
        cr_assert(!rt_failed(g[0]), "%s", rt_error(g[0]));
        cr_assert_eq(rt_hash(g[0]), rt_hash(g[1]), "seed %llu", (unsigned long long)seed);
        cr_assert_eq(rt_hash(g[0]), rt_hash(g[2]), "seed %llu", (unsigned long long)seed);
        cr_assert_eq(rt_decisions(g[0]), rt_decisions(g[2]));
        for (int k = 0; k < 3; k++)
            rt_free(g[k]);
    }
}

/* EvR's scripts answer decisions in place under rt_play: an agent that
   gives up there leaves the decision waiting, as the driver does. */
Test(game, an_agent_giving_up_in_place_leaves_the_decision_waiting)
{
    RtOptions o = {2, 9, 0, 200, 0, NULL};
    expect_give_up_waits(rt_new(&evr_game, &o), rt_new(&evr_game, &o), 5);
}
