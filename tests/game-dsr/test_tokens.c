/* test_tokens.c: the Alliance Tokens a player holds, used on any player's
   turn (not on the one they were drawn on) and after the roll, one
   Reinforcements token for one die; Admiral Raddus's capacity of four;
   the reach of the Tatooine team ability and of the healing tokens
   (docs/games/dsr.md, Rulings). Each situation is built at the first
   deployment by moving cards and setting state, then the turn is played
   and the log is read. */
#include "drive.h"
#include "testutil.h"

/* an Alliance Token of that name from the pile into player p's hand */
static RtValue give(RtGame *g, const char *name, int p, int fresh)
{
    RtValue t = drv_card(g, "pile", 0, name);
    rt_move(g, t, drv_zone(g, "held", p), RT_AT_TOP, 0);
    drv_set_state(g, t, "alliance", "fresh", fresh);
    return t;
}

static const char *player(const RtGame *g, int p)
{
    static char buf[4][32];
    static int k;
    k = (k + 1) % 4;
    return rt_player_name(g, p, buf[k], sizeof buf[k]);
}

static int counters(RtGame *g, const char *component)
{
    return drv_state(g, drv_card(g, "deathstar", 0, component), "component", "counters");
}

/* the first option whose label starts with prefix, or -1 */
static int option_with(const RtGame *g, const char *prefix)
{
    for (int i = 0; i < rt_option_count(g); i++)
        if (strncmp(drv_label(g, i), prefix, strlen(prefix)) == 0)
            return i;
    return -1;
}

/* Advance, declining team abilities, to the first decision of player who
   whose labels include text (0 if the turn or game ended first). */
static int until_menu_of(RtGame *g, int turn, int who, const char *text)
{
    while (drv_turn_player(g) == turn && !drv_at_deploy(g)) {
        if (rt_decision_player(g) == who && drv_has(g, text))
            return 1;
        if (drv_has(g, "do not use the ability"))
            drv_pick(g, "do not use the ability");
        else if (drv_has(g, "roll the dice"))
            drv_pick(g, "roll the dice");
        else if (drv_has(g, "keep the tokens"))
            drv_pick(g, "keep the tokens");
        else if (drv_has(g, "forfeit a die and re-roll the rest"))
            drv_pick(g, "forfeit a die and re-roll the rest");
        else if (drv_has(g, "re-roll the remaining dice"))
            drv_pick(g, "re-roll the remaining dice");
        else
            rt_apply(g, 0);
        if (!drv_next(g))
            return 0;
    }
    return 0;
}

Test(tokens, one_reinforcements_token_is_spent_alone_and_adds_one_die)
{
    RtGame *g = drv_game_at_deploy(&dsr_game, 6, 2);
    int p = drv_turn_player(g);
    RtValue a = give(g, "Reinforcements", p, 0);
    RtValue b = give(g, "Reinforcements", p, 0);
    int from = rt_log_count(g);
    drv_pick(g, "Jedha");
    cr_assert(drv_next(g));
    cr_assert(drv_at_roll(g), "%s", drv_labels(g));
    int n = drv_size(g, "rolled", 0);
    int k = option_with(g, "use Reinforcements: an extra ");
    cr_assert_geq(k, 0, "%s", drv_labels(g));
    rt_apply(g, k);
    cr_assert(drv_next(g));
    /* one token spent, the other still held and still offered */
    cr_assert_eq(drv_log_count(g, from, -1, "uses the Alliance Token Reinforcements: an extra die."), 1);
    cr_assert_eq(drv_size(g, "spent", 0), 1);
    cr_assert_eq(drv_size(g, "held", p), 1);
    cr_assert((rt_card_zone(g, a) == drv_zone(g, "spent", 0)) != (rt_card_zone(g, b) == drv_zone(g, "spent", 0)));
    cr_assert_eq(drv_size(g, "rolled", 0), n + 1, "one use, one die");
    cr_assert(drv_at_roll(g));
    cr_assert_geq(option_with(g, "use Reinforcements: an extra "), 0, "the second token is still there: %s",
                  drv_labels(g));
    drv_pick(g, "roll the dice");
    cr_assert(drv_next(g));
    char want[64];
    snprintf(want, sizeof want, "rolls %d Rebellion dice (opening roll).", n + 1);
    cr_assert_geq(drv_log_find(g, from, want), 0, "%s", want);
    rt_free(g);
}

Test(tokens, admiral_raddus_is_defeated_at_four_damage)
{
    int hit = 0, spared = 0;
    for (uint64_t seed = 1; seed < 200 && (!hit || !spared); seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        int p = drv_turn_player(g);
        if (!strcmp(rt_card_name(g, rt_zone_at(g, drv_zone(g, "base", p), 0)), "Lothal")) {
            rt_free(g);   /* its team ability could heal him */
            continue;
        }
        RtValue r = drv_find_card(g, "deck", 0, "Admiral Raddus");
        if (r == RT_NONE) {
            rt_free(g);
            continue;
        }
        rt_move(g, r, drv_zone(g, "team", p), RT_AT_TOP, 0);
        drv_set_state(g, r, "asset", "damage", 3);
        cr_assert_eq(drv_field(g, r, "capacity"), 4);
        int from = rt_log_count(g);
        drv_pick(g, drv_sector_name[drv_vader(g)]);
        cr_assert(drv_next(g));
        int ended = !drv_finish_turn(g, p, 1);
        int took = drv_log_find(g, from, "Admiral Raddus takes a DAMAGE (4 of 4).");
        char want[96];
        snprintf(want, sizeof want, "Admiral Raddus of %s's team is defeated", player(g, p));
        int defeated = drv_log_find(g, from, want);
        if (took >= 0) {
            cr_assert_gt(defeated, took, "four DAMAGE defeat him at the end of the turn");
            cr_assert_eq(rt_card_zone(g, r), drv_zone(g, "lost", 0));
            hit++;
        } else if (!ended) {
            cr_assert_eq(defeated, -1, "three DAMAGE do not defeat him");
            cr_assert_eq(drv_damage(g, r), 3);
            cr_assert_eq(rt_card_zone(g, r), drv_zone(g, "team", p));
            spared++;
        }
        rt_free(g);
    }
    cr_assert(hit && spared, "hit %d, spared %d", hit, spared);
}

Test(tokens, a_player_uses_his_token_on_another_players_turn_but_not_on_the_turn_it_was_drawn)
{
    /* drawn on this turn: the other player is offered nothing */
    RtGame *g = drv_game_at_deploy(&dsr_game, 5, 2);
    int p = drv_turn_player(g), q = 1 - p;
    give(g, "Sabotage", q, 1);
    drv_set_state(g, drv_card(g, "deathstar", 0, "Reactor Core"), "component", "counters", 2);
    int from = rt_log_count(g);
    drv_pick(g, "Eadu");
    cr_assert(drv_next(g));
    cr_assert(!until_menu_of(g, p, q, "use an Alliance Token"), "not on the turn it was drawn");
    cr_assert_eq(drv_log_find(g, from, "uses the Alliance Token"), -1);
    rt_free(g);

    /* drawn earlier: the other player uses it on the active player's turn */
    g = drv_game_at_deploy(&dsr_game, 5, 2);
    p = drv_turn_player(g);
    q = 1 - p;
    RtValue t = give(g, "Sabotage", q, 0);
    drv_set_state(g, drv_card(g, "deathstar", 0, "Reactor Core"), "component", "counters", 2);
    from = rt_log_count(g);
    drv_pick(g, "Eadu");
    cr_assert(drv_next(g));
    cr_assert(until_menu_of(g, p, q, "use an Alliance Token"));
    cr_assert(drv_has(g, "keep the tokens"));
    int before = counters(g, "Reactor Core");
    drv_pick(g, "use an Alliance Token");
    cr_assert(drv_next(g));
    if (rt_decision_player(g) == q && drv_has(g, "Reactor Core")) {
        drv_pick(g, "Reactor Core");
        cr_assert(drv_next(g));
    }
    cr_assert_eq(drv_turn_player(g), p, "still the active player's turn");
    char want[96];
    snprintf(want, sizeof want, "%s uses the Alliance Token Sabotage", player(g, q));
    cr_assert_geq(drv_log_find(g, from, want), 0, "%s", want);
    cr_assert_eq(counters(g, "Reactor Core"), before - 1);
    cr_assert_eq(rt_card_zone(g, t), drv_zone(g, "spent", 0));
    rt_free(g);
}

Test(tokens, tokens_are_used_after_the_roll_by_the_active_player_and_by_the_others)
{
    RtGame *g = drv_game_at_deploy(&dsr_game, 6, 2);
    int p = drv_turn_player(g), q = 1 - p;
    give(g, "Reinforcements", p, 0);
    give(g, "Reinforcements", q, 0);
    int from = rt_log_count(g);
    drv_pick(g, "Jedha");
    cr_assert(drv_next(g));
    /* the active player rolls without them */
    cr_assert(until_menu_of(g, p, p, "roll the dice"));
    drv_pick(g, "roll the dice");
    cr_assert(drv_next(g));
    if (drv_has(g, "keep the tokens")) {   /* the other player keeps his before the roll */
        cr_assert_eq(rt_decision_player(g), q);
        drv_pick(g, "keep the tokens");
        cr_assert(drv_next(g));
    }
    cr_assert(until_menu_of(g, p, p, "forfeit a die and re-roll the rest"), "%s", drv_labels(g));
    int opening = drv_log_find(g, from, "(opening roll).");
    cr_assert_geq(opening, 0);
    /* the active player after rolling: one die more, rolled at once */
    int n = drv_size(g, "rolled", 0);
    int k = option_with(g, "use Reinforcements: an extra ");
    cr_assert_geq(k, 0, "%s", drv_labels(g));
    rt_apply(g, k);
    cr_assert(drv_next(g));
    char want[96];
    snprintf(want, sizeof want, "%s's extra die is rolled: a ", player(g, p));
    cr_assert_gt(drv_log_find(g, from, want), opening, "%s", want);
    cr_assert_eq(drv_size(g, "rolled", 0), n + 1);
    /* the roll ends (a die forfeited); the other player then adds his */
    cr_assert(until_menu_of(g, p, q, "keep the tokens"), "%s", drv_labels(g));
    int forfeit = drv_log_find(g, from, "forfeits a ");
    cr_assert_gt(forfeit, opening);
    k = option_with(g, "use Reinforcements: an extra ");
    cr_assert_geq(k, 0, "%s", drv_labels(g));
    rt_apply(g, k);
    cr_assert(drv_next(g));
    snprintf(want, sizeof want, "%s uses the Alliance Token Reinforcements: an extra die.", player(g, q));
    cr_assert_gt(drv_log_find(g, from, want), forfeit, "%s", want);
    snprintf(want, sizeof want, "%s's extra die is rolled: a ", player(g, q));
    cr_assert_gt(drv_log_find(g, from, want), forfeit, "%s", want);
    cr_assert_eq(drv_turn_player(g), p);
    cr_assert_eq(drv_size(g, "held", p) + drv_size(g, "held", q), 0);
    rt_free(g);
}

Test(tokens, the_tatooine_ability_adds_a_damage_only_to_an_imperial_at_the_location)
{
    int checked = 0;
    for (uint64_t seed = 1; seed < 3000 && checked < 2; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        int p = drv_turn_player(g);
        /* p leads Tatooine; an Imperial face up at two sectors at least */
        RtValue mine = rt_zone_at(g, drv_zone(g, "base", p), 0);
        if (strcmp(rt_card_name(g, mine), "Tatooine") != 0) {
            RtValue tat = drv_find_card(g, "bases", 0, "Tatooine");
            if (tat == RT_NONE) {
                rt_free(g);
                continue;
            }
            rt_move(g, mine, drv_zone(g, "bases", 0), RT_AT_TOP, 0);
            rt_move(g, tat, drv_zone(g, "base", p), RT_AT_TOP, 0);
        }
        int with[3] = {0, 0, 0};
        RtValue z = drv_zone(g, "deployed", 0);
        for (int i = 0; i < rt_zone_size(g, z); i++)
            if (drv_is_imperial(g, rt_zone_at(g, z, i)))
                with[drv_at(g, rt_zone_at(g, z, i))]++;
        int here = with[0] ? 0 : with[1] ? 1 : with[2] ? 2 : -1;
        if (here < 0 || with[0] + with[1] + with[2] == with[here]) {
            rt_free(g);
            continue;
        }
        int from = rt_log_count(g);
        drv_pick(g, drv_sector_name[here]);
        cr_assert(drv_next(g));
        if (!until_menu_of(g, p, p, "add a DAMAGE to an Imperial")) {
            rt_free(g);
            continue;
        }
        cr_assert_geq(drv_log_find(g, from, "the Tatooine team ability."), 0);
        drv_pick(g, "add a DAMAGE to an Imperial");
        cr_assert(drv_next(g));
        /* every Imperial offered (or the one taken at once) is at the location */
        for (int i = 0; i < rt_zone_size(g, z); i++) {
            RtValue c = rt_zone_at(g, z, i);
            if (drv_is_imperial(g, c) && drv_at(g, c) != here)
                cr_assert(!drv_has(g, rt_card_name(g, c)), "%s is not at %s", rt_card_name(g, c),
                          drv_sector_name[here]);
        }
        RtValue first = rt_option_count(g) > 0 ? drv_find_card(g, "deployed", 0, drv_label(g, 0)) : RT_NONE;
        if (first != RT_NONE && drv_is_imperial(g, first)) {
            rt_apply(g, 0);
            cr_assert(drv_next(g));
        }
        int hurt = 0;
        for (int i = 0; i < rt_zone_size(g, z); i++) {
            RtValue c = rt_zone_at(g, z, i);
            char want[96];
            snprintf(want, sizeof want, "%s takes a DAMAGE (", rt_card_name(g, c));
            if (drv_is_imperial(g, c) && drv_log_find(g, from, want) >= 0) {
                cr_assert_eq(drv_at(g, c), here, "%s", want);
                hurt++;
            }
        }
        cr_assert_eq(hurt, 1);
        checked++;
        rt_free(g);
    }
    cr_assert_eq(checked, 2, "seeds found: %d", checked);
}

Test(tokens, a_healing_token_reaches_the_face_up_rebels_at_the_location_and_not_elsewhere)
{
    for (uint64_t seed = 1; seed < 200; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        int p = drv_turn_player(g);
        /* a face-up Rebel at the sector Darth Vader leaves alone on his
           rotations, another at a second sector, both with damage */
        RtValue z = drv_zone(g, "deployed", 0), here = RT_NONE, there = RT_NONE;
        int v = drv_vader(g);
        for (int i = 0; i < rt_zone_size(g, z); i++) {
            RtValue c = rt_zone_at(g, z, i);
            if (drv_is_imperial(g, c) || drv_field(g, c, "capacity") < 4)
                continue;
            if (here == RT_NONE && drv_at(g, c) != v)
                here = c;
            else if (there == RT_NONE && here != RT_NONE && drv_at(g, c) != drv_at(g, here))
                there = c;
        }
        if (here == RT_NONE || there == RT_NONE) {
            rt_free(g);
            continue;
        }
        drv_set_state(g, here, "asset", "damage", 2);
        drv_set_state(g, there, "asset", "damage", 2);
        /* a damaged Rebel on the team too, so that the token asks which */
        drv_set_state(g, rt_zone_at(g, drv_zone(g, "team", p), 0), "asset", "damage", 1);
        RtValue t = give(g, "Medical Frigate", p, 0);
        int from = rt_log_count(g);
        drv_pick(g, drv_sector_name[drv_at(g, here)]);
        cr_assert(drv_next(g));
        cr_assert(until_menu_of(g, p, p, "use an Alliance Token"));
        drv_pick(g, "use an Alliance Token");
        cr_assert(drv_next(g));
        char label[96];
        snprintf(label, sizeof label, "a face-up Rebel at %s", drv_sector_name[drv_at(g, here)]);
        cr_assert(drv_has(g, label), "%s", drv_labels(g));
        drv_pick(g, label);
        cr_assert(drv_next(g));
        /* the one face-up Rebel there is taken at once (the other is not at
           the location); the second DAMAGE comes off the team's Rebel */
        cr_assert(!drv_has(g, rt_card_name(g, there)), "%s is not at the location", rt_card_name(g, there));
        char want[96];
        snprintf(want, sizeof want, "%s loses 1 DAMAGE", rt_card_name(g, here));
        cr_assert_geq(drv_log_find(g, from, want), 0, "%s", want);
        snprintf(want, sizeof want, "%s loses ", rt_card_name(g, there));
        cr_assert_eq(drv_log_find(g, from, want), -1, "%s", want);
        cr_assert_eq(rt_card_zone(g, t), drv_zone(g, "spent", 0));
        rt_free(g);
        return;
    }
    cr_assert_fail("no seed found");
}

Test(tokens, the_greedy_agent_of_another_player_spends_a_token_that_helps_the_players)
{
    /* q holds a Sabotage and one component has counters: using it takes a
       counter off (the table's position rises), keeping it does not. The
       greedy agent of q values the players' position, his own too (seats
       of one side are not rivals: docs/lab.md, Agents). */
    int checked = 0;
    for (uint64_t seed = 1; seed <= 40 && checked < 10; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        int p = drv_turn_player(g), q = 1 - p;
        give(g, "Sabotage", q, 0);
        drv_pick(g, "Eadu");
        cr_assert(drv_next(g));
        if (!until_menu_of(g, p, q, "keep the tokens")) {   /* the Probe Droid took it */
            cr_assert_geq(drv_log_find(g, 0, "discards the Alliance Token Sabotage."), 0);
            rt_free(g);
            continue;
        }
        /* one component with counters: the token's target is forced */
        RtValue ds = drv_zone(g, "deathstar", 0);
        for (int i = 0; i < rt_zone_size(g, ds); i++)
            drv_set_state(g, rt_zone_at(g, ds, i), "component", "counters", 0);
        drv_set_state(g, drv_card(g, "deathstar", 0, "Command Bridge"), "component", "counters", 3);
        int use = drv_find(g, "use an Alliance Token");
        cr_assert_geq(use, 0, "%s", drv_labels(g));
        RtAgent a;
        rt_agent_greedy(&a);
        a.reset(&a, seed);
        cr_assert_eq(a.choose(&a, g), use, "seed %llu: %s", (unsigned long long)seed, drv_labels(g));
        checked++;
        rt_free(g);
    }
    cr_assert_eq(checked, 10);
}
