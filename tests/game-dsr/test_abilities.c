/* test_abilities.c: Rebel, team and Imperial abilities and the Alliance
   Tokens -- an ability used by assigning its symbols (once a turn), the
   re-roll and change-a-face abilities, a token drawn this turn is not
   usable, a token that removes a counter, Reinforcements' extra die, a
   team ability on the opening roll, and Imperials triggered by Darth
   Vader (Tarkin heals the others, Thrawn hits the most damaged Rebels).
   Each situation is built at the first deployment by moving cards and
   setting state, then the turn is played. */
#include "drive.h"
#include "testutil.h"

static const char *const face_label[] = {"a die showing TACTICAL",    "a die showing INTELLIGENCE",
                                         "a die showing SUPPORT",     "a die showing LEADERSHIP",
                                         "a die showing TACTICAL x2", "a die showing INTELLIGENCE x2",
                                         "a die showing SUPPORT x2",  "a die showing LEADERSHIP x2"};

static int die_face(RtGame *g, RtValue d)
{
    return drv_state(g, d, rt_def(g)->kinds[rt_card_kind(g, d)].name, "face");
}

/* card name, wherever it is among the deck and the face-up cards, joins p's team */
static RtValue to_team(RtGame *g, const char *name, int p)
{
    RtValue c = drv_find_card(g, "deck", 0, name);
    if (c == RT_NONE)
        c = drv_card(g, "deployed", 0, name);
    rt_move(g, c, drv_zone(g, "team", p), RT_AT_TOP, 0);
    return c;
}

/* an Alliance Token of that name from the pile into player p's hand */
static RtValue give_token_to(RtGame *g, const char *name, int fresh, int p)
{
    RtValue t = drv_card(g, "pile", 0, name);
    rt_move(g, t, drv_zone(g, "held", p), RT_AT_TOP, 0);
    drv_set_state(g, t, "alliance", "fresh", fresh);
    return t;
}

/* an Alliance Token of that name into the hand of the player whose turn it is */
static RtValue give_token(RtGame *g, const char *name, int fresh)
{
    return give_token_to(g, name, fresh, drv_turn_player(g));
}

/* Advance through forced and team-ability decisions to the roll's menu. */
static int to_assign_menu(RtGame *g)
{
    while (!drv_at_assign(g)) {
        if (drv_has(g, "do not use the ability"))
            drv_pick(g, "do not use the ability");
        else if (drv_has(g, "roll the dice"))
            drv_pick(g, "roll the dice");
        else if (drv_has(g, "keep the tokens"))
            drv_pick(g, "keep the tokens");
        else
            return 0;
        if (!drv_next(g))
            return 0;
    }
    return 1;
}

static void set_counters(RtGame *g, const char *component, int n)
{
    drv_set_state(g, drv_card(g, "deathstar", 0, component), "component", "counters", n);
}
static int counters(RtGame *g, const char *component)
{
    return drv_state(g, drv_card(g, "deathstar", 0, component), "component", "counters");
}

Test(abilities, assigning_the_symbols_of_a_rebels_ability_uses_it_at_once_and_once_a_turn)
{
    /* Jyn Erso: assign 1 TACTICAL, remove an Operation Counter */
    for (uint64_t seed = 1; seed < 200; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        int p = drv_turn_player(g);
        to_team(g, "Jyn Erso", p);
        drv_pick(g, "Eadu");
        cr_assert(drv_next(g));
        set_counters(g, "Hangar Bay", 3);
        if (!to_assign_menu(g) || !drv_has(g, "assign a die to a Rebel's ability")) {
            rt_free(g);
            continue;
        }
        int from = rt_log_count(g);
        drv_pick(g, "assign a die to a Rebel's ability");
        cr_assert(drv_next(g));
        if (drv_has(g, "Jyn Erso")) {
            drv_pick(g, "Jyn Erso");
            cr_assert(drv_next(g));
        }
        int f = drv_has(g, face_label[0]) ? 0 : 4;
        if (drv_has(g, face_label[f])) {
            drv_pick(g, face_label[f]);
            cr_assert(drv_next(g));
        }
        cr_assert_geq(drv_log_find(g, from, "uses Jyn Erso's ability: Assign 1 TACTICAL: remove an Operation Counter"),
                      0);
        /* the removal: a choice among the components with counters (the Hangar Bay, maybe others) */
        int removed = 0;
        while (!drv_at_assign(g) && drv_has(g, "Hangar Bay")) {
            drv_pick(g, "Hangar Bay");
            removed = 1;
            if (!drv_next(g))
                break;
        }
        if (!removed)
            cr_assert_geq(drv_log_find(g, from, "An Operation Counter is removed from "), 0);
        else
            cr_assert_eq(counters(g, "Hangar Bay"), 2);
        cr_assert(drv_state(g, drv_card(g, "team", p, "Jyn Erso"), "asset", "used"));
        /* once a turn: Jyn is no longer a target of the dice */
        if (drv_at_assign(g) && drv_has(g, "assign a die to a Rebel's ability")) {
            drv_pick(g, "assign a die to a Rebel's ability");
            cr_assert(drv_next(g));
            cr_assert(!drv_has(g, "Jyn Erso"));
        }
        rt_free(g);
        return;
    }
    cr_assert_fail("no seed found");
}

Test(abilities, a_rerolling_rebel_rerolls_up_to_two_dice_once_a_turn)
{
    RtGame *g = drv_game_at_deploy(&dsr_game, 3, 2);
    int p = drv_turn_player(g);
    to_team(g, "Han Solo", p);
    drv_pick(g, "Jedha");
    cr_assert(drv_next(g));
    cr_assert(to_assign_menu(g));
    cr_assert(drv_has(g, "use a Rebel's ability"), "%s", drv_labels(g));
    int from = rt_log_count(g), n = drv_size(g, "rolled", 0);
    drv_pick(g, "use a Rebel's ability");
    cr_assert(drv_next(g));
    cr_assert_geq(drv_log_find(g, from, "uses Han Solo's ability: Once a turn, re-roll up to two"), 0);
    /* two dice picked, then they are rolled */
    for (int k = 0; k < 2; k++) {
        cr_assert(drv_has(g, "stop"), "%s", drv_labels(g));
        rt_apply(g, 1);   /* the first face offered */
        cr_assert(drv_next(g));
    }
    cr_assert_eq(drv_log_count(g, from, -1, "re-rolls a "), 2);
    cr_assert_eq(drv_size(g, "rolled", 0), n, "the dice come back to the roll");
    cr_assert_eq(drv_size(g, "rerolling", 0), 0);
    cr_assert(!drv_has(g, "use a Rebel's ability"), "once a turn");
    rt_free(g);
}

Test(abilities, a_face_changing_rebel_turns_a_die_of_its_symbol_to_another_face_of_that_die)
{
    for (uint64_t seed = 1; seed < 100; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        int p = drv_turn_player(g);
        to_team(g, "K-2SO", p);   /* changes a die showing TACTICAL */
        drv_pick(g, "Scarif");
        cr_assert(drv_next(g));
        if (!to_assign_menu(g) || !drv_has(g, "use a Rebel's ability")) {
            rt_free(g);
            continue;
        }
        int from = rt_log_count(g);
        drv_pick(g, "use a Rebel's ability");
        cr_assert(drv_next(g));
        /* the die (if several show TACTICAL) then the face */
        if (!drv_has(g, "SUPPORT")) {
            rt_apply(g, 0);
            cr_assert(drv_next(g));
        }
        cr_assert(drv_has(g, "SUPPORT") && drv_has(g, "LEADERSHIP"), "%s", drv_labels(g));
        cr_assert(!drv_has(g, "SUPPORT x2") || !drv_has(g, "LEADERSHIP x2"), "only the double of the die's own trait");
        drv_pick(g, "SUPPORT");
        cr_assert(drv_next(g));
        int line = drv_log_find(g, from, "turns the ");
        cr_assert_geq(line, 0);
        cr_assert(strstr(drv_line(g, line, -1), " to support."), "%s", drv_line(g, line, -1));
        int supports = 0;
        RtValue z = drv_zone(g, "rolled", 0);
        for (int i = 0; i < rt_zone_size(g, z); i++)
            supports += die_face(g, rt_zone_at(g, z, i)) == 2;
        cr_assert_geq(supports, 1);
        rt_free(g);
        return;
    }
    cr_assert_fail("no seed found");
}

Test(abilities, a_token_drawn_this_turn_waits_for_the_next_turn)
{
    RtGame *g = drv_game_at_deploy(&dsr_game, 5, 2);
    give_token(g, "Sabotage", 1);   /* drawn this turn */
    set_counters(g, "Reactor Core", 2);
    int from = rt_log_count(g);
    drv_pick(g, "Eadu");
    cr_assert(drv_next(g));
    /* no menu offers it: the turn's choices are the dice's (or forced) */
    while (drv_turn_player(g) == drv_turn_player(g) && !drv_at_deploy(g)) {
        cr_assert(!drv_has(g, "use an Alliance Token"), "not on the turn it is drawn");
        rt_apply(g, rt_option_count(g) - 1);
        if (!drv_next(g))
            break;
    }
    cr_assert_eq(drv_log_find(g, from, "uses the Alliance Token"), -1);
    rt_free(g);

    g = drv_game_at_deploy(&dsr_game, 5, 2);
    RtValue t = give_token(g, "Sabotage", 0);   /* drawn in an earlier turn */
    set_counters(g, "Reactor Core", 2);
    drv_pick(g, "Eadu");
    cr_assert(drv_next(g));
    cr_assert(to_assign_menu(g));
    cr_assert(drv_has(g, "use an Alliance Token"));
    int before = 0;
    RtValue ds = drv_zone(g, "deathstar", 0);
    for (int i = 0; i < rt_zone_size(g, ds); i++)
        before += drv_state(g, rt_zone_at(g, ds, i), "component", "counters");
    drv_pick(g, "use an Alliance Token");
    cr_assert(drv_next(g));
    if (drv_has(g, "Reactor Core")) {
        drv_pick(g, "Reactor Core");
        cr_assert(drv_next(g));
    }
    int after = 0;
    for (int i = 0; i < rt_zone_size(g, ds); i++)
        after += drv_state(g, rt_zone_at(g, ds, i), "component", "counters");
    cr_assert_eq(after, before - 1, "an Operation Counter removed");
    cr_assert_eq(rt_card_zone(g, t), drv_zone(g, "spent", 0), "a used token is discarded");
    rt_free(g);
}

Test(abilities, reinforcements_add_a_die_of_the_chosen_colour_before_the_opening_roll)
{
    RtGame *g = drv_game_at_deploy(&dsr_game, 6, 2);
    RtValue t = give_token(g, "Reinforcements", 0);
    int from = rt_log_count(g);
    drv_pick(g, "Jedha");
    cr_assert(drv_next(g));
    cr_assert(drv_has(g, "roll the dice"), "%s", drv_labels(g));
    int n = drv_size(g, "rolled", 0), k = -1;
    for (int i = 0; i < rt_option_count(g) && k < 0; i++)
        if (strncmp(drv_label(g, i), "use Reinforcements: an extra ", 29) == 0)
            k = i;
    cr_assert_geq(k, 0, "%s", drv_labels(g));
    char chosen[96];
    snprintf(chosen, sizeof chosen, "%s", drv_label(g, k));
    rt_apply(g, k);
    cr_assert(drv_next(g));
    cr_assert_eq(rt_card_zone(g, t), drv_zone(g, "spent", 0));
    cr_assert_geq(drv_log_find(g, from, "uses the Alliance Token Reinforcements: an extra die."), 0);
    /* the one token is spent: "roll the dice" was then the only option (taken at once) */
    cr_assert(!drv_has(g, chosen), "one token, one die");
    cr_assert_eq(drv_log_count(g, from, -1, "Rebellion die\" supply -> rolled"), n + 1);
    char want[64];
    snprintf(want, sizeof want, "rolls %d Rebellion dice (opening roll).", n + 1);
    cr_assert_geq(drv_log_find(g, from, want), 0, "%s", want);
    rt_free(g);
}

Test(abilities, a_team_ability_needs_its_symbols_on_the_opening_roll)
{
    static const char *const base[] = {"Tatooine", "Yavin 4", "Lothal", "Hoth"};
    static const int threshold[] = {6, 4, 4, 4};
    static const int trait[] = {0, 1, 2, 3};
    int used = 0, unused = 0;
    for (uint64_t seed = 1; seed < 300 && (used < 3 || unused < 3); seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 4);
        int p = drv_turn_player(g), b = -1;
        const char *name = rt_card_name(g, rt_zone_at(g, drv_zone(g, "base", p), 0));
        for (int i = 0; i < 4; i++)
            if (!strcmp(name, base[i]))
                b = i;
        cr_assert_geq(b, 0);
        /* a damaged Rebel for Lothal, a counter for Yavin 4 */
        drv_set_state(g, rt_zone_at(g, drv_zone(g, "team", p), 0), "asset", "damage", 3);
        int from = rt_log_count(g);
        drv_pick(g, "Eadu");
        cr_assert(drv_next(g));
        int line = drv_log_find(g, from, "(opening roll).");
        cr_assert_geq(line, 0);
        /* the symbols of the opening roll, read from the dice's faces as logged or kept */
        int count = 0;
        RtValue z = drv_zone(g, "rolled", 0);
        int rolled_now = rt_zone_size(g, z);
        int shown = 0;
        for (int i = 0; i < rolled_now; i++) {
            int f = die_face(g, rt_zone_at(g, z, i));
            shown += f == trait[b] ? 1 : f == trait[b] + 4 ? 2 : 0;
        }
        count = shown;
        int ability = drv_log_find(g, from, "team ability.") >= 0;
        /* before any assignment, the roll is the opening roll */
        if (drv_log_count(g, from, -1, "assigns a ") == 0 && drv_log_count(g, from, -1, "re-rolls") == 0 &&
            drv_log_count(g, from, -1, "forfeits a ") == 0 && drv_log_count(g, from, -1, "turns the ") == 0) {
            cr_assert_eq(ability, count >= threshold[b], "%s: %d symbols", base[b], count);
            if (ability)
                used++;
            else
                unused++;
        }
        rt_free(g);
    }
    cr_assert_geq(used, 1);
    cr_assert_geq(unused, 1);
}

/* A game at its first deployment with the named Imperial face up at the
   sector Darth Vader comes to; played until he triggers it (seeds tried
   in turn); *from is the deployment's log line. */
static RtGame *triggered(const char *imperial, int *from, void (*prepare)(RtGame *, RtValue))
{
    for (uint64_t seed = 1; seed < 400; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        RtValue imp = drv_find_card(g, "deck", 0, imperial);
        if (imp == RT_NONE) {
            rt_free(g);
            continue;
        }
        /* put it face up in Vader's sector, in place of the first card there */
        int v = drv_vader(g);
        RtValue z = drv_zone(g, "deployed", 0);
        for (int i = 0; i < rt_zone_size(g, z); i++)
            if (drv_at(g, rt_zone_at(g, z, i)) == v) {
                rt_move(g, rt_zone_at(g, z, i), drv_zone(g, "deck", 0), RT_AT_BOTTOM, 0);
                break;
            }
        rt_move(g, imp, z, RT_AT_BOTTOM, 0);
        drv_set_state(g, imp, "asset", "at", v);
        prepare(g, imp);
        *from = rt_log_count(g);
        drv_pick(g, drv_sector_name[(v + 1) % 3]);
        cr_assert(drv_next(g));
        char want[96];
        snprintf(want, sizeof want, "%s at %s: ", imperial, drv_sector_name[v]);
        int vf = drv_state(g, drv_vader_die(g), "vader_die", "face");
        if ((vf == V_HELMET || vf == V_DEATH_STAR) && drv_log_find(g, *from, want) >= 0)
            return g;
        rt_free(g);
    }
    cr_assert_fail("%s is never triggered", imperial);
    return NULL;
}

static void damage_other_imperials(RtGame *g, RtValue tarkin)
{
    RtValue z = drv_zone(g, "deployed", 0);
    /* the Stormtrooper face up in another sector too */
    RtValue st = drv_find_card(g, "deck", 0, "Stormtrooper");
    if (st != RT_NONE) {
        rt_move(g, st, z, RT_AT_BOTTOM, 0);
        drv_set_state(g, st, "asset", "at", (drv_at(g, tarkin) + 1) % 3);
    }
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        RtValue c = rt_zone_at(g, z, i);
        if (c != tarkin && drv_is_imperial(g, c))
            drv_set_state(g, c, "asset", "damage", 1);
    }
    drv_set_state(g, tarkin, "asset", "damage", 1);
}

Test(abilities, grand_moff_tarkin_removes_a_damage_from_every_other_imperial)
{
    int from;
    RtGame *g = triggered("Grand Moff Tarkin", &from, damage_other_imperials);
    int line = drv_log_find(g, from, "Grand Moff Tarkin at ");
    RtValue z = drv_zone(g, "deployed", 0);
    int others = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        RtValue c = rt_zone_at(g, z, i);
        if (!drv_is_imperial(g, c))
            continue;
        if (!strcmp(rt_card_name(g, c), "Grand Moff Tarkin")) {
            cr_assert_eq(drv_damage(g, c), 1, "not himself");
        } else {
            char want[96];
            snprintf(want, sizeof want, "%s loses a DAMAGE (0 of ", rt_card_name(g, c));
            cr_assert_gt(drv_log_find(g, line, want), line, "%s", want);
            others++;
        }
    }
    cr_assert_geq(others, 1);
    rt_free(g);
}

static void damage_one_leader(RtGame *g, RtValue thrawn)
{
    (void)thrawn;
    /* seat 1's leader is damaged, seat 2's is not */
    drv_set_state(g, rt_zone_at(g, drv_zone(g, "team", 0), 0), "asset", "damage", 2);
}

Test(abilities, grand_admiral_thrawn_hits_the_most_damaged_rebel_of_each_team_that_has_one)
{
    int from;
    RtGame *g = triggered("Grand Admiral Thrawn", &from, damage_one_leader);
    int line = drv_log_find(g, from, "Grand Admiral Thrawn at ");
    const char *hurt = rt_card_name(g, rt_zone_at(g, drv_zone(g, "team", 0), 0));
    const char *spared = rt_card_name(g, rt_zone_at(g, drv_zone(g, "team", 1), 0));
    char want[96];
    snprintf(want, sizeof want, "%s takes a DAMAGE (3 of ", hurt);
    cr_assert_eq(drv_log_find(g, line, want), line + 2, "%s", want);
    snprintf(want, sizeof want, "%s takes a DAMAGE", spared);
    int next_trigger = drv_log_find(g, line + 1, " at ");
    int spared_line = drv_log_find(g, line, want);
    cr_assert(spared_line < 0 || (next_trigger >= 0 && spared_line > next_trigger),
              "a team with no damaged Rebel takes no DAMAGE from Thrawn");
    rt_free(g);
}
