/* test_combat.c: combat in random seeded games, read from the log and
   checked against the units' table: each attack rolls the red and black
   dice of the attacker's units in that theater (5 of each at most, an Ion
   Cannon adding a red die to the Rebel space attack); a hit goes to a unit
   whose health has the die's colour, a direct hit to any unit with health,
   in the attack's theater, of the other side; a unit is dealt
   damage up to or past its health and is destroyed at its health; a
   retreat goes to an adjacent system without opposing units, all ships
   leave, and the units needing transport stay within the capacity. */
#include "drive.h"

#define GAMES 60

Test(combat, attacks_roll_the_units_dice_hits_match_health_and_units_die_at_it)
{
    int attacks = 0, destroyed = 0, red_hits = 0, black_hits = 0, direct_hits = 0, attacker_rebel = 0, attack_ground = 0;
    char sys[64], z[80];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        Trk *t = calloc(1, sizeof *t);
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            const char *a = strstr(l, " attacks in the ");
            if (a) {
                int rebel = strncmp(l, "Rebels ", 7) == 0;
                int ground = strncmp(a + 16, "ground", 6) == 0;
                attacker_rebel = rebel;
                attack_ground = ground;
                const char *in = strstr(a, " battle in ") + 11;
                int red, black;
                snprintf(sys, sizeof sys, "%.*s", (int)(strstr(in, " with ") - in), in);
                cr_assert_eq(sscanf(strstr(in, " with ") + 6, "%d red and %d black dice", &red, &black), 2, "%s", l);
                drv_space_zone("units_", sys, z, sizeof z);
                int want_red = trk_dice(t, z, rebel, ground, 1), want_black = trk_dice(t, z, rebel, ground, 0);
                cr_assert_eq(red, want_red > 5 ? 5 : want_red, "seed %llu line %d: %s", (unsigned long long)seed, i, l);
                cr_assert_eq(black, want_black > 5 ? 5 : want_black, "seed %llu line %d: %s", (unsigned long long)seed, i, l);
                attacks++;
            }
            const char *d = strstr(l, " is dealt ");
            if (d && strstr(l, " damage (")) {
                char name[64];
                int n, total, health;
                snprintf(name, sizeof name, "%.*s", (int)(d - l), l);
                const DrvUnit *u = drv_unit(name);
                cr_assert_not_null(u, "%s", l);
                cr_assert_eq(sscanf(strstr(l, " damage (") + 9, "%d of %d)", &total, &health), 2, "%s", l);
                cr_assert_eq(sscanf(d + 10, "%d", &n), 1);
                cr_assert_eq(health, u->health, "%s", l);
                cr_assert_gt(health, 0, "a unit without health is never dealt damage: %s", l);
                cr_assert_geq(total, n);
            }
            if (strstr(l, " is destroyed in "))
                destroyed++;
            if (strncmp(l, "A red hit on ", 13) == 0 || strncmp(l, "A black hit on ", 15) == 0 || strncmp(l, "A direct hit on ", 16) == 0) {
                const char *on = strstr(l, " hit on ") + 8;
                char name[64];
                snprintf(name, sizeof name, "%.*s", (int)(strlen(on) - 1), on);
                const DrvUnit *u = drv_unit(name);
                cr_assert_not_null(u, "%s", l);
                cr_assert_gt(u->health, 0, "%s", l);
                cr_assert_eq(u->rebel, !attacker_rebel, "seed %llu: %s", (unsigned long long)seed, l);
                cr_assert_eq(u->ground, attack_ground, "seed %llu: %s", (unsigned long long)seed, l);
                if (l[2] == 'r') {
                    cr_assert(u->red_health, "seed %llu: a red hit on black health: %s", (unsigned long long)seed, l);
                    red_hits++;
                }
                if (l[2] == 'b') {
                    cr_assert(!u->red_health, "seed %llu: a black hit on red health: %s", (unsigned long long)seed, l);
                    black_hits++;
                }
                if (l[2] == 'd')
                    direct_hits++;
            }
            trk_line(t, l);
        }
        free(t);
        rt_free(g);
    }
    cr_assert_gt(attacks, 100, "random games fight (%d attacks)", attacks);
    cr_assert_gt(destroyed, 50, "units are destroyed (%d)", destroyed);
    cr_assert_gt(red_hits, 10);
    cr_assert_gt(black_hits, 10);
    cr_assert_gt(direct_hits, 10);
}

Test(combat, retreats_go_to_adjacent_systems_without_opposing_units)
{
    int retreats = 0;
    char name[128], from[128], to[128], src[64], dst[64], z[80];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        Trk *t = calloc(1, sizeof *t);
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            const char *r = strstr(l, " retreats ");
            if (r && strstr(l, " units from ")) {
                int rebel = strncmp(l, "Rebels ", 7) == 0;
                const char *f = strstr(l, " units from ") + 12;
                const char *k = strstr(f, " to ");
                snprintf(src, sizeof src, "%.*s", (int)(k - f), f);
                const char *w = strstr(k + 4, " with ");
                snprintf(dst, sizeof dst, "%.*s", (int)(w - (k + 4)), k + 4);
                cr_assert(drv_adjacent(src, dst), "seed %llu: %s", (unsigned long long)seed, l);
                drv_space_zone("units_", dst, z, sizeof z);
                cr_assert_eq(trk_units(t, z, !rebel, -1), 0, "seed %llu: opposing units in %s: %s", (unsigned long long)seed, dst, l);
                /* every ship of the retreating side has left the system */
                drv_space_zone("units_", src, z, sizeof z);
                int ships = 0;
                for (int c = 0; c < t->used; c++) {
                    const DrvUnit *u = drv_unit(t->name[c]);
                    if (strcmp(t->zone[c], z) == 0 && t->n[c] > 0 && u && u->rebel == rebel && !u->ground && !u->needs_transport &&
                        !u->immobile)
                        ships += t->n[c];
                }
                cr_assert_eq(ships, 0, "seed %llu: %d ships stay in %s: %s", (unsigned long long)seed, ships, src, l);
                int c, n;
                cr_assert_eq(sscanf(strstr(l, "(transport capacity "), "(transport capacity %d, units needing transport %d)", &c, &n), 2);
                cr_assert_leq(n, c, "%s", l);
                retreats++;
            }
            trk_line(t, l);
            (void)name, (void)from, (void)to;
        }
        free(t);
        rt_free(g);
    }
    cr_assert_gt(retreats, 10, "random games retreat (%d)", retreats);
}
