/* test_end.c: the end of the game and the Death Star -- each loss
   condition (the Death Star fully operational, ten Rebels defeated, a
   team wiped out), the win at seven Imperials (more in the difficulty
   variants), winning and losing at once is a win, a full track takes no
   counter, an operational component runs its directive, components turn
   over at the end of the turn. The situation is built at the first
   deployment by setting the state, then the turn is played out. */
#include "drive.h"
#include "testutil.h"

static const char *const component[] = {"Superlaser", "Tractor Beam", "Hangar Bay", "Detention Block",
                                        "Reactor Core", "Command Bridge"};
static const int track[] = {6, 4, 5, 4, 5, 6};

static const char *active_base(RtGame *g)
{
    RtValue z = drv_zone(g, "base", drv_turn_player(g));
    return rt_card_name(g, rt_zone_at(g, z, 0));
}

static void set_component(RtGame *g, int i, int counters, int operational)
{
    RtValue k = drv_card(g, "deathstar", 0, component[i]);
    drv_set_state(g, k, "component", "counters", counters);
    drv_set_state(g, k, "component", "operational", operational);
}

/* every player lost to the game (lose_game): no winner, and the game's
   log ends with the loss */
static int nobody_won(RtGame *g)
{
    for (int p = 0; p < rt_players(g); p++)
        if (rt_is_winner(g, p))
            return 0;
    return rt_lost(g) && drv_log_find(g, rt_log_count(g) - 1, "lose: every player loses") >= 0;
}
static int everybody_won(RtGame *g)
{
    for (int p = 0; p < rt_players(g); p++)
        if (!rt_is_winner(g, p))
            return 0;
    return 1;
}

/* Defeat n Imperials that are in the Asset deck (moved to `defeated`),
   Grand Moff Tarkin first (he could heal the others); 0 if he is face up. */
static int defeat_from_deck(RtGame *g, int n)
{
    if (drv_in(g, "deployed", 0, "Grand Moff Tarkin"))
        return 0;
    rt_move(g, drv_card(g, "deck", 0, "Grand Moff Tarkin"), drv_zone(g, "defeated", 0), RT_AT_TOP, 0);
    int moved = 1;
    RtValue deck = drv_zone(g, "deck", 0);
    for (int i = rt_zone_size(g, deck) - 1; i >= 0 && moved < n; i--) {
        RtValue c = rt_zone_at(g, deck, i);
        if (drv_is_imperial(g, c)) {
            rt_move(g, c, drv_zone(g, "defeated", 0), RT_AT_TOP, 0);
            moved++;
        }
    }
    return moved == n;
}

/* A face-up Imperial set to its full damage (defeated when the turn concludes). */
static int imperial_at_full_damage(RtGame *g)
{
    RtValue z = drv_zone(g, "deployed", 0);
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        RtValue c = rt_zone_at(g, z, i);
        if (drv_is_imperial(g, c)) {
            drv_set_state(g, c, "asset", "damage", drv_field(g, c, "capacity"));
            return 1;
        }
    }
    return 0;
}

Test(end, the_death_star_fully_operational_loses_the_game)
{
    RtGame *g = drv_game_at_deploy(&dsr_game, 1, 2);
    for (int i = 1; i < 6; i++)
        set_component(g, i, 0, 1);
    set_component(g, 0, track[0], 0);  /* the Superlaser's track is full */
    int p = drv_turn_player(g), from = rt_log_count(g);
    drv_pick(g, "Eadu");
    cr_assert(drv_next(g));
    cr_assert_eq(drv_finish_turn(g, p, 1), 0, "the game ends with the turn");
    cr_assert_geq(drv_log_find(g, from, "Superlaser is turned over: it is operational."), 0);
    cr_assert_geq(drv_log_find(g, from, "The Death Star is fully operational: all players lose."), 0);
    cr_assert_eq(drv_var(g, "ending", 0), END_DEATH_STAR);
    cr_assert(rt_over(g) && nobody_won(g));
    rt_free(g);
}

Test(end, ten_rebels_defeated_loses_the_game)
{
    RtGame *g = drv_game_at_deploy(&dsr_game, 2, 3);
    /* nine Rebels of the deck are defeated already, a face-up one is at full damage */
    RtValue deck = drv_zone(g, "deck", 0);
    int moved = 0;
    for (int i = rt_zone_size(g, deck) - 1; i >= 0 && moved < 9; i--) {
        RtValue c = rt_zone_at(g, deck, i);
        if (!drv_is_imperial(g, c)) {
            rt_move(g, c, drv_zone(g, "lost", 0), RT_AT_TOP, 0);
            moved++;
        }
    }
    cr_assert_eq(moved, 9);
    RtValue z = drv_zone(g, "deployed", 0), victim = RT_NONE;
    for (int i = 0; i < rt_zone_size(g, z) && victim == RT_NONE; i++)
        if (!drv_is_imperial(g, rt_zone_at(g, z, i)))
            victim = rt_zone_at(g, z, i);
    cr_assert(victim != RT_NONE);
    drv_set_state(g, victim, "asset", "damage", drv_field(g, victim, "capacity"));
    char name[64];
    snprintf(name, sizeof name, "%s", rt_card_name(g, victim));
    int p = drv_turn_player(g), from = rt_log_count(g);
    drv_pick(g, drv_sector_name[(drv_at(g, victim) + 1) % 3]);
    cr_assert(drv_next(g));
    cr_assert_eq(drv_finish_turn(g, p, 1), 0);
    char want[96];
    snprintf(want, sizeof want, "%s is defeated (10 Rebels lost).", name);
    cr_assert_geq(drv_log_find(g, from, want), 0, "%s", want);
    cr_assert_geq(drv_log_find(g, from, "10 Rebels are defeated: all players lose."), 0);
    cr_assert_eq(drv_var(g, "ending", 0), END_REBELS);
    cr_assert(rt_over(g) && nobody_won(g));
    rt_free(g);
}

Test(end, a_team_with_all_its_rebels_defeated_loses_the_game)
{
    for (uint64_t seed = 1; seed < 50; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        if (!strcmp(active_base(g), "Lothal")) {   /* its team ability could heal the victim */
            rt_free(g);
            continue;
        }
        int p = drv_turn_player(g), other = 1 - p, from = rt_log_count(g);
        RtValue z = drv_zone(g, "team", other);
        cr_assert_eq(rt_zone_size(g, z), 1, "the Team Leader alone");
        RtValue leader = rt_zone_at(g, z, 0);
        drv_set_state(g, leader, "asset", "damage", drv_field(g, leader, "capacity"));
        drv_pick(g, "Eadu");
        cr_assert(drv_next(g));
        cr_assert_eq(drv_finish_turn(g, p, 1), 0);
        char want[96];
        snprintf(want, sizeof want, "of Player %d's team is defeated (1 Rebels lost).", other + 1);
        cr_assert_geq(drv_log_find(g, from, want), 0, "%s", want);
        cr_assert_geq(drv_log_find(g, from, "A team's Rebels are all defeated: all players lose."), 0);
        cr_assert_eq(drv_var(g, "ending", 0), END_TEAM);
        cr_assert(rt_over(g) && nobody_won(g));
        rt_free(g);
        return;
    }
    cr_assert_fail("no seed found");
}

/* A game at its first deployment with six Imperials defeated and a face-up
   one at full damage (the seventh when the turn concludes). */
static RtGame *one_imperial_from_victory(const RtGameDef *def, uint64_t *seed)
{
    for (; *seed < 100; (*seed)++) {
        RtGame *g = drv_game_at_deploy(def, *seed, 2);
        if (defeat_from_deck(g, 6) && imperial_at_full_damage(g))
            return g;
        rt_free(g);
    }
    cr_assert_fail("no seed found");
    return NULL;
}

Test(end, the_seventh_imperial_defeated_wins_the_game_for_every_player)
{
    uint64_t seed = 1;
    RtGame *g = one_imperial_from_victory(&dsr_game, &seed);
    int p = drv_turn_player(g), from = rt_log_count(g);
    drv_pick(g, "Eadu");
    cr_assert(drv_next(g));
    cr_assert_eq(drv_finish_turn(g, p, 1), 0);
    cr_assert_geq(drv_log_find(g, from, "(7 of 7 Imperials)."), 0);
    cr_assert_geq(drv_log_find(g, from, "7 Imperials are defeated: the Rebel Alliance wins."), 0);
    cr_assert_eq(drv_log_find(g, from, "win and lose at once"), -1);
    cr_assert_eq(drv_var(g, "ending", 0), END_WIN);
    cr_assert(rt_over(g) && everybody_won(g) && !rt_lost(g));
    rt_free(g);
}

Test(end, the_expert_variant_needs_all_eleven_imperials)
{
    uint64_t seed = 1;
    RtGame *g = one_imperial_from_victory(&dsr_variant_imperials11, &seed);
    int p = drv_turn_player(g), from = rt_log_count(g);
    drv_pick(g, "Eadu");
    cr_assert(drv_next(g));
    cr_assert_eq(drv_finish_turn(g, p, 1), 1, "seven Imperials do not end the expert game");
    cr_assert_geq(drv_log_find(g, from, "(7 of 11 Imperials)."), 0);
    cr_assert_eq(drv_var(g, "ending", 0), END_PLAYING);
    rt_free(g);
}

Test(end, winning_and_losing_at_once_is_a_win)
{
    uint64_t seed = 1;
    RtGame *g = one_imperial_from_victory(&dsr_game, &seed);
    for (int i = 1; i < 6; i++)
        set_component(g, i, 0, 1);
    set_component(g, 0, track[0], 0);
    int p = drv_turn_player(g), from = rt_log_count(g);
    drv_pick(g, "Eadu");
    cr_assert(drv_next(g));
    cr_assert_eq(drv_finish_turn(g, p, 1), 0);
    cr_assert_geq(drv_log_find(g, from, "The Death Star is fully operational: all players lose."), 0);
    cr_assert_geq(drv_log_find(g, from, "The players win and lose at once: the players win."), 0);
    cr_assert_eq(drv_var(g, "ending", 0), END_WIN);
    cr_assert(rt_over(g) && everybody_won(g) && !rt_lost(g));
    rt_free(g);
}

Test(end, a_full_track_takes_no_counter_and_turns_over_at_the_end_of_the_turn)
{
    RtGame *g = drv_game_at_deploy(&dsr_game, 4, 2);
    for (int i = 0; i < 6; i++)
        set_component(g, i, i == 0 ? track[0] : 0, 0);
    int p = drv_turn_player(g), from = rt_log_count(g);
    drv_pick(g, "Eadu");
    cr_assert(drv_next(g));
    /* whatever the die shows, the Superlaser keeps six counters until the turn ends */
    cr_assert_eq(drv_state(g, drv_card(g, "deathstar", 0, "Superlaser"), "component", "counters"), track[0]);
    cr_assert_eq(drv_state(g, drv_card(g, "deathstar", 0, "Superlaser"), "component", "operational"), 0);
    drv_finish_turn(g, p, 1);
    RtValue k = drv_card(g, "deathstar", 0, "Superlaser");
    cr_assert(drv_state(g, k, "component", "operational"), "turned over at the end of the turn");
    cr_assert_eq(drv_state(g, k, "component", "counters"), 0, "its counters are removed");
    cr_assert_geq(drv_log_find(g, from, "Superlaser is turned over: it is operational."), 0);
    rt_free(g);
    /* a full track logs that it takes no counter */
    int seen = 0;
    for (uint64_t seed = 1; seed < 40 && !seen; seed++) {
        g = drv_game_at_deploy(&dsr_game, seed, 2);
        for (int i = 0; i < 6; i++)
            set_component(g, i, track[i], 0);
        from = rt_log_count(g);
        drv_pick(g, "Jedha");
        cr_assert(drv_next(g));
        int line = drv_log_find(g, from, "'s track is full: it takes no more counters.");
        cr_assert_geq(line, 0);
        cr_assert_eq(drv_log_count(g, from, -1, "An Operation Counter is added"), 0);
        for (int i = 0; i < 6; i++)
            cr_assert_eq(drv_state(g, drv_card(g, "deathstar", 0, component[i]), "component", "counters"), track[i]);
        seen = 1;
        rt_free(g);
    }
    cr_assert(seen);
}

Test(end, an_operational_component_runs_its_directive_instead_of_taking_a_counter)
{
    for (uint64_t seed = 1; seed < 200; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        set_component(g, 0, 0, 1);  /* the Superlaser (red) is operational */
        int p = drv_turn_player(g), from = rt_log_count(g);
        RtValue leader = rt_zone_at(g, drv_zone(g, "team", p), 0);
        drv_pick(g, "Eadu");
        cr_assert(drv_next(g));
        int line = drv_log_find(g, from, "The Death Star die shows red: Superlaser is operational.");
        if (line < 0) {
            rt_free(g);
            continue;
        }
        char want[96];
        snprintf(want, sizeof want, "%s takes a DAMAGE (1 of ", rt_card_name(g, leader));
        cr_assert_eq(drv_log_find(g, line, want), line + 2, "the Superlaser hits the active team at once");
        cr_assert_eq(drv_state(g, drv_card(g, "deathstar", 0, "Superlaser"), "component", "counters"), 0);
        rt_free(g);
        return;
    }
    cr_assert_fail("no seed rolls red");
}
