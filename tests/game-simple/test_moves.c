/* test_moves.c: Moving Units in random seeded games, read from the log:
   the units needing transport never outnumber the moving units'
   transport capacity (computed from the packet's unit list), and units
   that cannot be moved never leave their system. */
#include "drive.h"

#define GAMES 40

static int is_map_zone(const char *z) { return strncmp(z, "units_", 6) == 0 || strcmp(z, "base_units") == 0; }

/* Every stack under way: units leaving a system (or the base) for `moving`,
   then the line that reports them; returns how many stacks moved. */
static int check_transport(const RtGame *g, uint64_t seed)
{
    int capacity = 0, needing = 0, units = 0, stacks = 0;
    char name[128], from[128], to[128];
    for (int i = 0; i < rt_log_count(g); i++) {
        const char *l = drv_at(g, i);
        if (drv_moved(l, name, from, to) && strcmp(to, "moving") == 0 && is_map_zone(from)) {
            const DrvUnit *u = drv_unit(name);
            cr_assert(!u->immobile, "seed %llu line %d: %s cannot be moved: %s", (unsigned long long)seed, i, name, l);
            capacity += u->transports;
            needing += u->needs_transport;
            units++;
            cr_assert_leq(needing, capacity, "seed %llu line %d: %d units need transport, capacity %d: %s",
                          (unsigned long long)seed, i, needing, capacity, l);
            continue;
        }
        int n, c, k;
        const char *m = strstr(l, " units to ");
        if (m && strstr(l, " moves ") && sscanf(strstr(l, " moves ") + 7, "%d", &n) == 1) {
            const char *p = strstr(l, "(transport capacity ");
            cr_assert_not_null(p, "%s", l);
            cr_assert_eq(sscanf(p, "(transport capacity %d, units needing transport %d)", &c, &k), 2, "%s", l);
            cr_assert_eq(n, units, "seed %llu line %d: %s (counted %d)", (unsigned long long)seed, i, l, units);
            cr_assert_eq(c, capacity, "%s", l);
            cr_assert_eq(k, needing, "%s", l);
            cr_assert_leq(k, c);
            stacks += units > 0;
            capacity = needing = units = 0;
        }
    }
    return stacks;
}

Test(moves, units_needing_transport_never_outnumber_the_capacity)
{
    int stacks = 0, carried = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        stacks += check_transport(g, seed);
        carried += drv_log_find(g, 0, "units needing transport 1") >= 0;
        rt_free(g);
    }
    cr_assert_gt(stacks, 100, "random games move many stacks (%d)", stacks);
    cr_assert_gt(carried, 5, "some stacks carry units that need transport (%d games)", carried);
}

/* An immobile unit goes from the box to a queue, from the queue to the map
   (or the base), and back to the box when destroyed; it changes systems
   only when the hidden base is laid open on its own system, or left
   behind there when the base moves. */
Test(moves, units_that_cannot_be_moved_never_move)
{
    int seen = 0;
    char name[128], from[128], to[128];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        int base_event = 0;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            if (strstr(l, "The secret base is revealed on") || strstr(l, "The secret base leaves")) {
                base_event = 1;
                continue;
            }
            if (!drv_moved(l, name, from, to)) {
                if (strncmp(l, "move ", 5) != 0 && strncmp(l, "set ", 4) != 0 && strncmp(l, "reveal", 6) != 0)
                    base_event = 0;
                continue;
            }
            const DrvUnit *u = NULL;
            for (int k = 0; k < DRV_NUNITS; k++)
                if (strcmp(drv_units[k].name, name) == 0)
                    u = &drv_units[k];
            if (!u || !u->immobile || !is_map_zone(from))
                continue;
            seen++;
            int base_to_system = base_event && strncmp(to, "units_", 6) == 0 &&
                                 (strcmp(from, "base_units") == 0);
            cr_assert(strcmp(to, "box") == 0 || base_to_system, "seed %llu line %d: %s moved: %s",
                      (unsigned long long)seed, i, name, l);
        }
        rt_free(g);
    }
    cr_assert_gt(seen, 0, "immobile units leave the map only when destroyed (%d)", seen);
}

/* "Units may not move out of the system with a leader": no unit leaves a
   system for `moving` while one of its side's free leaders is there (the
   leaders' places followed through the log; a captured leader holds no
   one back). */
Test(moves, units_never_leave_a_system_holding_one_of_their_leaders)
{
    int moves = 0, pinned = 0;
    char name[128], from[128], to[128];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        char where[DRV_NLEADERS][128];
        int captured[DRV_NLEADERS];
        memset(where, 0, sizeof where);
        memset(captured, 0, sizeof captured);
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            for (int k = 0; k < DRV_NLEADERS; k++) {
                char line[192];
                snprintf(line, sizeof line, "captures %s.", drv_leaders[k].name);
                if (strstr(l, line))
                    captured[k] = 1;
                snprintf(line, sizeof line, "rescues %s.", drv_leaders[k].name);
                if (strstr(l, line))
                    captured[k] = 0;
            }
            if (!drv_moved(l, name, from, to))
                continue;
            const DrvLeader *d = drv_leader(name);
            if (d) {
                snprintf(where[d - drv_leaders], sizeof where[0], "%s", to);
                continue;
            }
            if (strcmp(to, "moving") != 0 || strncmp(from, "units_", 6) != 0)
                continue;
            int rebel_unit = drv_unit(name) - drv_units < 9;
            char leaders_zone[140];
            snprintf(leaders_zone, sizeof leaders_zone, "leaders_%s", from + 6);
            for (int k = 0; k < DRV_NLEADERS; k++) {
                int rebel_leader = k < 12;
                if (rebel_leader == rebel_unit && !captured[k] && strcmp(where[k], leaders_zone) == 0)
                    cr_assert_fail("seed %llu line %d: %s leaves %s where %s is: %s", (unsigned long long)seed, i, name,
                                   from, drv_leaders[k].name, l);
                pinned += rebel_leader != rebel_unit && strcmp(where[k], leaders_zone) == 0;
            }
            moves++;
        }
        rt_free(g);
    }
    cr_assert_gt(moves, 500, "%d units moved", moves);
    cr_assert_gt(pinned, 0, "an opposing leader does not hold units back (%d)", pinned);
}
