/* test_end.c: the end of the game. Every random game ends by a rule: the
   Rebels when the reputation marker reaches the time marker; the Imperials
   when the revealed base's system holds Imperial units and no Rebel unit,
   or when the Death Star destroys the base's system; both sides win some;
   the same seed and moves give the same game. */
#include "drive.h"

#define GAMES 100

Test(end, every_game_ends_by_a_rule_and_both_sides_win)
{
    int wins[2] = {0, 0};
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        cr_assert(rt_is_winner(g, REB) != rt_is_winner(g, IMP), "one side wins");
        if (rt_is_winner(g, REB)) {
            wins[REB]++;
            cr_assert_geq(drv_log_find(g, 0, "The reputation marker reaches the time marker at "), 0);
            cr_assert_eq(drv_var(g, "reputation", 0), drv_var(g, "time", 0), "seed %llu", (unsigned long long)seed);
            /* the time marker advanced one space each round */
            cr_assert_leq(drv_var(g, "time", 0), 14);
        } else {
            wins[IMP]++;
            cr_assert_lt(drv_var(g, "time", 0), drv_var(g, "reputation", 0));
            /* the base ends revealed: its card lies faceup in base_shown */
            cr_assert_eq(drv_size(g, "base_card", REB), 0, "seed %llu", (unsigned long long)seed);
            RtValue base = rt_zone_at(g, drv_zone(g, "base_shown", 0), 0);
            const char *name = rt_card_name(g, base);
            if (drv_log_find(g, 0, "has destroyed the system of the Rebel base") >= 0) {
                char marker[96];
                snprintf(marker, sizeof marker, "state \"%s\" destroyed false -> true", name);
                cr_assert_geq(drv_log_find(g, 0, marker), 0);
                continue;
            }
            cr_assert_geq(drv_log_find(g, 0, "holds the system of the Rebel base"), 0, "seed %llu", (unsigned long long)seed);
            cr_assert_eq(drv_var(g, "base_revealed", 0), 1);
            char zone[80];
            drv_space_zone("units_", name, zone, sizeof zone);
            RtValue z = drv_zone(g, zone, 0);
            int reb = 0, imp = 0;
            for (int i = 0; i < rt_zone_size(g, z); i++) {
                const DrvUnit *u = drv_unit(rt_card_name(g, rt_zone_at(g, z, i)));
                if (u && u->rebel)
                    reb++;
                else if (u)
                    imp++;
            }
            cr_assert_gt(imp, 0, "seed %llu: Imperial units in %s", (unsigned long long)seed, name);
            cr_assert_eq(reb, 0, "seed %llu: no Rebel unit in %s", (unsigned long long)seed, name);
        }
        rt_free(g);
    }
    cr_assert_gt(wins[REB], 0);
    cr_assert_gt(wins[IMP], 0, "the Imperials win some random games");
}

Test(end, the_same_seed_and_moves_give_the_same_game)
{
    for (uint64_t seed = 1; seed <= 5; seed++) {
        RtGame *a = drv_played(seed);
        RtGame *b = drv_played(seed);
        drv_assert_same_games(a, b);
        rt_free(a);
        rt_free(b);
    }
}
