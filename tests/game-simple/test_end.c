/* test_end.c: the end of the game. Every random game ends by the rules:
   the Resistance wins when the rounds played and its victory points reach
   22, the Imperium when it takes the revealed secret base (Imperium ground
   units on its system, no Resistance ground unit); both happen; the same
   seed and moves give the same game. */
#include "drive.h"

#define GAMES 60

/* Ground units of each side in the zone (omniscient). */
static void ground_in(RtGame *g, const char *zone, int *res, int *imp)
{
    RtValue z = drv_zone(g, zone, 0);
    *res = *imp = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        const char *n = rt_card_name(g, rt_zone_at(g, z, i));
        const DrvUnit *u = drv_unit(n);
        if (!u->ground)
            continue;
        int rebel = strcmp(n, "Troops (Resistance)") == 0 || strcmp(n, "Speeder") == 0 ||
                    strcmp(n, "Planetary Shields") == 0 || strcmp(n, "Planetary Cannon") == 0;
        if (rebel)
            (*res)++;
        else
            (*imp)++;
    }
}

Test(end, every_game_ends_by_the_rules_and_both_sides_win)
{
    int wins[2] = {0, 0};
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        cr_assert_leq(rt_rounds(g), 22, "seed %llu: %d rounds", (unsigned long long)seed, rt_rounds(g));
        cr_assert(rt_is_winner(g, RES) != rt_is_winner(g, IMP), "one side wins");
        int n = rt_log_count(g);
        if (rt_is_winner(g, RES)) {
            wins[RES]++;
            int i = n - 1;
            while (i >= 0 && strncmp(drv_at(g, i), "Round ", 6) != 0)
                i--;
            int r, t, v, total, limit;
            cr_assert_eq(sscanf(drv_at(g, i), "Round %d ends: time %d, Resistance victory points %d, %d of %d.", &r, &t,
                                &v, &total, &limit), 5, "%s", drv_at(g, i));
            cr_assert_eq(limit, 22);
            cr_assert_eq(r, t);
            cr_assert_eq(total, t + v);
            cr_assert_geq(total, 22, "seed %llu: %s", (unsigned long long)seed, drv_at(g, i));
            cr_assert_eq(v, drv_var(g, "vp", RES));
            /* the rounds before it ended short of the limit */
            for (int k = 0; k < i; k++)
                if (strncmp(drv_at(g, k), "Round ", 6) == 0 && strstr(drv_at(g, k), " ends: ")) {
                    cr_assert_eq(sscanf(drv_at(g, k), "Round %d ends: time %d, Resistance victory points %d, %d of %d.",
                                        &r, &t, &v, &total, &limit), 5);
                    cr_assert_lt(total, 22, "seed %llu: the game went on past %s", (unsigned long long)seed, drv_at(g, k));
                }
        } else {
            wins[IMP]++;
            int i = drv_log_find(g, 0, "has taken the secret base on ");
            cr_assert_geq(i, 0, "seed %llu: the Imperium wins by taking the base", (unsigned long long)seed);
            const char *sys = strstr(drv_at(g, i), " on ") + 4;
            char name[64], zone[80];
            snprintf(name, sizeof name, "%.*s", (int)(strlen(sys) - 1), sys);
            cr_assert_eq(drv_var(g, "base_revealed", 0), 1);
            RtValue base = rt_zone_at(g, drv_zone(g, "base_card", RES), 0);
            cr_assert_str_eq(rt_card_name(g, base), name);
            drv_zone_of_system(name, zone, sizeof zone);
            int res, imp;
            ground_in(g, zone, &res, &imp);
            cr_assert_gt(imp, 0, "seed %llu: Imperium ground units on %s", (unsigned long long)seed, name);
            cr_assert_eq(res, 0, "seed %llu: no Resistance ground unit on %s", (unsigned long long)seed, name);
        }
        rt_free(g);
    }
    cr_assert_gt(wins[RES], 0);
    cr_assert_gt(wins[IMP], 0, "the Imperium takes the base in some random games");
}

Test(end, the_same_seed_and_moves_give_the_same_game)
{
    for (uint64_t seed = 1; seed <= 3; seed++) {
        RtGame *a = drv_played(seed), *b = drv_played(seed);
        drv_assert_same_games(a, b);
        rt_free(a);
        rt_free(b);
    }
}
