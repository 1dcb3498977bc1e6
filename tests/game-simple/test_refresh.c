/* test_refresh.c: setup and the Refresh round, on the game's state: the
   units the packet has each player place in setup, on the systems it
   allows; Ajada Prime's 2 victory points exactly in the rounds the
   Resistance alone has units there. */
#include "drive.h"

#define GAMES 20

/* Units of one side (by the packet's list: the first 9 types are the
   Resistance's) in a zone, all of them or one type. */
static int units_in(RtGame *g, const char *zone, int rebel, const char *type)
{
    RtValue z = drv_zone(g, zone, 0);
    int n = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        const char *name = rt_card_name(g, rt_zone_at(g, z, i));
        int r = drv_unit(name) - drv_units < 9;
        n += r == rebel && (!type || strcmp(type, name) == 0);
    }
    return n;
}
static int ground_in(RtGame *g, const char *zone, int rebel)
{
    RtValue z = drv_zone(g, zone, 0);
    int n = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        const DrvUnit *u = drv_unit(rt_card_name(g, rt_zone_at(g, z, i)));
        n += (u - drv_units < 9) == rebel && u->ground;
    }
    return n;
}
static int on_map(RtGame *g, int rebel, const char *type)
{
    char zone[80];
    int n = 0;
    for (int s = 0; s < 32; s++) {
        drv_zone_of_system(drv_systems[s / 8][s % 8], zone, sizeof zone);
        n += units_in(g, zone, rebel, type);
    }
    return n;
}

Test(setup, each_player_places_the_packets_units_where_it_says)
{
    static const struct { const char *type; int n; } imperium[] = {
        {"Fighter", 3}, {"Assault Shuttle", 4}, {"Dreadnought", 4}, {"Doom Star", 1},
        {"Troops (Imperium)", 14}, {"Scout Walker", 6}, {"Heavy Walker", 1}};
    static const struct { const char *type; int n; } resistance[] = {
        {"Light Fighter", 3}, {"Medium Fighter", 3}, {"Transport", 2}, {"Light Cruiser", 1},
        {"Troops (Resistance)", 7}, {"Speeder", 3}};
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_new(seed);
        uint64_t rng = seed;
        while (drv_next(g) && !drv_has(g, "done assigning"))
            drv_random_move(g, &rng);
        cr_assert(drv_has(g, "done assigning"), "seed %llu: the first Assignment Round", (unsigned long long)seed);
        for (size_t i = 0; i < sizeof imperium / sizeof imperium[0]; i++)
            cr_assert_eq(on_map(g, 0, imperium[i].type), imperium[i].n, "seed %llu: %s", (unsigned long long)seed,
                         imperium[i].type);
        cr_assert_eq(on_map(g, 0, NULL), 33);
        for (size_t i = 0; i < sizeof resistance / sizeof resistance[0]; i++)
            cr_assert_eq(on_map(g, 1, resistance[i].type) + units_in(g, "base_units", 1, resistance[i].type),
                         resistance[i].n, "seed %llu: %s", (unsigned long long)seed, resistance[i].type);
        /* the Resistance's units outside the base are on ONE world */
        int worlds = 0, imperial = 0;
        char zone[80];
        for (int s = 0; s < 32; s++) {
            const char *name = drv_systems[s / 8][s % 8];
            drv_zone_of_system(name, zone, sizeof zone);
            worlds += units_in(g, zone, 1, NULL) > 0;
            char occ[96], loyal[96];
            snprintf(occ, sizeof occ, "Imperium occupies %s.", name);
            snprintf(loyal, sizeof loyal, "%s is loyal to the Imperium.", name);
            if (drv_log_find(g, 0, occ) >= 0 || drv_log_find(g, 0, loyal) >= 0) {
                imperial++;
                cr_assert_geq(ground_in(g, zone, 0), 1, "seed %llu: a ground unit on %s", (unsigned long long)seed, name);
                cr_assert_eq(units_in(g, zone, 1, NULL), 0, "seed %llu: Resistance units on %s", (unsigned long long)seed,
                             name);
                cr_assert_str_neq(rt_card_name(g, rt_zone_at(g, drv_zone(g, "base_card", RES), 0)), name);
            } else {
                cr_assert_eq(units_in(g, zone, 0, NULL), 0, "seed %llu: Imperium units on %s", (unsigned long long)seed,
                             name);
            }
        }
        cr_assert_leq(worlds, 1, "seed %llu", (unsigned long long)seed);
        cr_assert_eq(imperial, 7, "3 occupied and 4 loyal systems");
        cr_assert_eq(drv_size(g, "hand", RES), 6);
        cr_assert_eq(drv_size(g, "hand", IMP), 6);
        cr_assert_eq(drv_size(g, "pool", RES), 4);
        cr_assert_eq(drv_size(g, "pool", IMP), 4);
        rt_free(g);
    }
}

Test(refresh, ajada_prime_scores_two_while_the_resistance_alone_holds_it)
{
    int held = 0, not_held = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_new(seed);
        uint64_t rng = seed * 5 + 3;
        int seen = 0, round_start = 0, more = 1;
        while (more) {
            more = drv_next(g);
            for (; seen < rt_log_count(g); seen++) {
                if (strncmp(drv_at(g, seen), "Round ", 6) != 0 || !strstr(drv_at(g, seen), " ends: "))
                    continue;
                int res = units_in(g, "units_ajada_prime", 1, NULL), imp = units_in(g, "units_ajada_prime", 0, NULL);
                int scored = 0;
                for (int i = round_start; i < seen; i++)
                    scored += strcmp(drv_at(g, i), "Resistance holds Ajada Prime: 2 victory points.") == 0;
                cr_assert_eq(scored, res > 0 && imp == 0, "seed %llu, %s: Resistance %d, Imperium %d units",
                             (unsigned long long)seed, drv_at(g, seen), res, imp);
                held += scored;
                not_held += !scored;
                round_start = seen + 1;
            }
            if (more)
                drv_random_move(g, &rng);
        }
        cr_assert(rt_over(g) && !rt_failed(g), "%s", rt_error(g));
        rt_free(g);
    }
    cr_assert_gt(held, 5, "%d rounds with Ajada Prime held", held);
    cr_assert_gt(not_held, 5);
}
