/* test_setup.c: setup as the rules summary gives it, read from the log and
   the state when round 1 begins: the time marker at 1 and reputation at 14;
   3 Rebel systems, 2 subjugated and 3 Imperial loyal systems from the probe
   deck (Coruscant always Imperial); the Imperial starting units in Imperial
   systems with a ground unit in each; the Rebel units in the Rebel Base
   space and one other system; the base chosen from a system without
   Imperial units; 4 starting leaders, 4 starting missions and 2 drawn. */
#include "drive.h"

#define GAMES 20

static int round_one(const RtGame *g) { return drv_log_find(g, 0, "Round 1 begins") >= 0; }

Test(setup, markers_units_base_and_hands)
{
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_new_until(&rebellion_game, seed, 2, round_one);
        cr_assert_eq(drv_var(g, "time", 0), 1);
        cr_assert_eq(drv_var(g, "reputation", 0), 14);
        int end = drv_log_find(g, 0, "Round 1 begins");
        cr_assert_eq(drv_log_count(g, 0, end, "is a Rebel system (Rebel loyalty marker)"), 3);
        cr_assert_eq(drv_log_count(g, 0, end, "is an Imperial system (subjugation marker)"), 2);
        cr_assert_eq(drv_log_count(g, 0, end, "is an Imperial system (Imperial loyalty marker)"), 3);
        cr_assert_eq(drv_log_count(g, 0, end, "set loyalty[Coruscant] 0 -> -1"), 1);
        /* the Imperial systems: the 5 drawn and Coruscant */
        char imperial[6][64];
        int ni = 0;
        snprintf(imperial[ni++], 64, "Coruscant");
        for (int i = 0; i < end; i++) {
            const char *l = drv_at(g, i);
            const char *m = strstr(l, " is an Imperial system");
            if (strncmp(l, "Setup: ", 7) == 0 && m)
                snprintf(imperial[ni++], 64, "%.*s", (int)(m - l - 7), l + 7);
        }
        cr_assert_eq(ni, 6);
        Trk *t = calloc(1, sizeof *t);
        for (int i = 0; i < end; i++)
            trk_line(t, drv_at(g, i));
        static const struct { const char *name; int n; } start[] = {
            {"Star Destroyer", 3}, {"Assault Carrier", 3}, {"TIE Fighter", 12}, {"Stormtrooper", 12},
            {"AT-ST", 5}, {"AT-AT", 1}, {"Death Star", 1}, {"Corellian Corvette", 1}, {"Rebel Transport", 1},
            {"X-wing", 2}, {"Y-wing", 2}, {"Rebel Trooper", 6}, {"Airspeeder", 2},
        };
        int imperial_units = 0;
        for (int k = 0; k < ni; k++) {
            char z[80];
            drv_space_zone("units_", imperial[k], z, sizeof z);
            cr_assert_geq(trk_units(t, z, 0, 1), 1, "seed %llu: a ground unit in %s", (unsigned long long)seed, imperial[k]);
            imperial_units += trk_units(t, z, 0, -1);
            cr_assert_eq(trk_units(t, z, 1, -1), 0);
        }
        cr_assert_eq(imperial_units, 3 + 3 + 12 + 12 + 5 + 1 + 1, "every Imperial unit is in an Imperial system");
        int rebel_units = 0, rebel_systems = 0;
        for (int i = 0; i < t->used; i++) {
            const DrvUnit *u = drv_unit(t->name[i]);
            if (u && u->rebel && t->n[i] > 0 && strcmp(t->zone[i], "box") != 0 && strncmp(t->zone[i], "queue", 5) != 0) {
                rebel_units += t->n[i];
                if (strncmp(t->zone[i], "units_", 6) == 0) {
                    int seen = 0;
                    for (int j = 0; j < i; j++)
                        if (strcmp(t->zone[j], t->zone[i]) == 0 && t->n[j] > 0 && drv_unit(t->name[j]) && drv_unit(t->name[j])->rebel)
                            seen = 1;
                    rebel_systems += !seen;
                } else {
                    cr_assert_str_eq(t->zone[i], "base_units");
                }
            }
        }
        cr_assert_eq(rebel_units, 1 + 1 + 2 + 2 + 6 + 2);
        cr_assert_leq(rebel_systems, 1, "the Rebel units outside the base are in one system");
        for (size_t k = 0; k < sizeof start / sizeof start[0]; k++) {
            int n = 0;
            for (int i = 0; i < t->used; i++)
                if (strcmp(t->name[i], start[k].name) == 0 && t->n[i] > 0 &&
                    (strncmp(t->zone[i], "units_", 6) == 0 || strcmp(t->zone[i], "base_units") == 0))
                    n += t->n[i];
            cr_assert_eq(n, start[k].n, "seed %llu: %s", (unsigned long long)seed, start[k].name);
        }
        /* the base: a system without Imperial units */
        RtValue base = rt_zone_at(g, drv_zone(g, "base_card", REB), 0);
        char z[80];
        drv_space_zone("units_", rt_card_name(g, base), z, sizeof z);
        cr_assert_eq(trk_units(t, z, 0, -1), 0, "seed %llu: the base %s has no Imperial unit", (unsigned long long)seed,
                     rt_card_name(g, base));
        cr_assert_eq(drv_size(g, "base_card", REB), 1);
        cr_assert_eq(drv_var(g, "base_revealed", 0), 0);
        /* leaders and hands */
        cr_assert_eq(drv_size(g, "pool", REB), 4);
        cr_assert_eq(drv_size(g, "pool", IMP), 4);
        for (int p = 0; p < 2; p++) {
            cr_assert_eq(drv_size(g, "hand", p), 6);
            int starting = 0;
            for (int i = 0; i < 6; i++) {
                const char *n = rt_card_name(g, rt_zone_at(g, drv_zone(g, "hand", p), i));
                static const char *const starts[] = {"Rally Support", "Hit and Run", "Gather Intel", "Covert Transit",
                                                     "Imperial Decree", "Capture Rebel Operative", "Interrogation",
                                                     "Accelerate Production"};
                for (int k = 0; k < 8; k++)
                    starting += strcmp(n, starts[k]) == 0 && (k < 4) == (p == REB);
                cr_assert_not_null(drv_mission(n), "%s", n);
            }
            cr_assert_eq(starting, 4);
            cr_assert_geq(drv_size(g, "actions", p), 1);
            cr_assert_leq(drv_size(g, "actions", p), 2);
        }
        cr_assert_geq(drv_size(g, "objectives", REB), 1);
        free(t);
        rt_free(g);
    }
}
