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

/* Units of side `rebel` (1) or the Imperium (0) on the system named. */
static int side_units_on(RtGame *g, const char *system, int rebel)
{
    char zone[80];
    drv_zone_of_system(system, zone, sizeof zone);
    RtValue z = drv_zone(g, zone, 0);
    int n = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++)
        n += (drv_unit(rt_card_name(g, rt_zone_at(g, z, i))) - drv_units < 9) == rebel;
    return n;
}

typedef struct Deploys {
    int imperium, rebel;
} Deploys;

static int watch_deploys(RtGame *g, uint64_t *rng, void *ctx)
{
    (void)rng;
    Deploys *d = ctx;
    if (!strstr(rt_decision_prompt(g), "where does the new"))
        return DRV_RANDOM;
    if (rt_decision_player(g) == IMP) {
        for (int i = 0; i < rt_option_count(g); i++) {
            cr_assert_eq(side_units_on(g, drv_label(g, i), 1), 0, "the Imperium may deploy onto %s, where Resistance units are",
                         drv_label(g, i));
            d->imperium++;
        }
    } else if (drv_has(g, "to the secret base") && drv_var(g, "base_revealed", 0)) {
        const char *base = rt_card_name(g, rt_zone_at(g, drv_zone(g, "base_card", RES), 0));
        cr_assert_eq(side_units_on(g, base, 0), 0, "the Resistance may deploy onto its revealed base %s beside Imperium units",
                     base);
        d->rebel++;
    }
    return DRV_RANDOM;
}

/* Deployment (Rulings): built units are never placed on a system holding
   the other side's units (the board game's "You cannot deploy units to
   ... systems that contain an opponent's ships or ground units"). */
Test(moves, units_are_never_deployed_beside_the_other_side_s_units)
{
    Deploys d = {0, 0};
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_new(seed);
        drv_visit(g, seed, watch_deploys, &d);
        rt_free(g);
    }
    cr_assert_gt(d.imperium, 1000, "Imperium deployment options checked (%d)", d.imperium);
    cr_assert_gt(d.rebel, 0, "Resistance deployments to the revealed base checked (%d)", d.rebel);
}

/* A ground unit the Imperium deploys onto the hidden base's system (here
   the base is put there by hand on a system the Imperium holds, as a
   Diplomacy mission can bring about) reveals the base, as Moving Units 6
   says of units moved in; the units meet in combat, and the base, left
   without Resistance ground units, is taken in that step. */
static int ground_deploy(const RtGame *g)
{
    const char *p = rt_decision_prompt(g);
    return rt_decision_player(g) == IMP && !drv_var(g, "base_revealed", 0) &&
           (strstr(p, "new Troops (Imperium) go?") || strstr(p, "new Scout Walker go?"));
}

Test(moves, a_ground_unit_deployed_onto_the_hidden_base_reveals_it_and_fights)
{
    int taken = 0;
    for (uint64_t seed = 1; seed <= 12 && !taken; seed++) {
        RtGame *g = drv_new_until(&simple_game, seed, 2, ground_deploy);
        char sys[64];
        snprintf(sys, sizeof sys, "%s", drv_label(g, 0));
        cr_assert_eq(side_units_on(g, sys, 1), 0);
        /* the base moves to that system, with one Resistance Troops at it */
        RtValue base_card = drv_zone(g, "base_card", RES);
        rt_move(g, rt_zone_at(g, base_card, 0), drv_zone(g, "locations", 0), RT_AT_TOP, 0);
        RtValue card =
            drv_in(g, "probes", IMP, sys) ? drv_card(g, "probes", IMP, sys) : drv_card(g, "locations", 0, sys);
        rt_move(g, card, base_card, RT_AT_TOP, 0);
        RtValue base_units = drv_zone(g, "base_units", 0);
        while (rt_zone_size(g, base_units) > 0)
            rt_move(g, rt_zone_at(g, base_units, 0), drv_zone(g, "box", 0), RT_AT_TOP, 0);
        rt_move(g, drv_card(g, "box", 0, "Troops (Resistance)"), base_units, RT_AT_TOP, 0);
        int from = rt_log_count(g);
        rt_apply(g, 0);
        char line[128];
        snprintf(line, sizeof line, "Combat on %s ends: ", sys);
        /* the combat is played out (its decisions: the first option) */
        while (drv_next(g) && drv_log_find(g, from, line) < 0)
            rt_apply(g, 0);
        snprintf(line, sizeof line, "Imperium deploys ");
        int dep = drv_log_find(g, from, line);
        cr_assert_geq(dep, 0);
        cr_assert(strstr(drv_at(g, dep), sys), "%s", drv_at(g, dep));
        /* the Resistance says the base is there, and reveals it */
        snprintf(line, sizeof line, "Resistance: the secret base is on %s: true.", sys);
        cr_assert_str_eq(drv_at(g, dep + 1), line);
        snprintf(line, sizeof line, "The secret base is revealed on %s.", sys);
        int rev = drv_log_find(g, dep, line);
        cr_assert_geq(rev, 0, "the deployment reveals the base");
        snprintf(line, sizeof line, "Combat on %s.", sys);
        cr_assert_geq(drv_log_find(g, rev, line), 0, "the units at the base fight the deployed unit");
        /* when the Imperium's dice destroy the Troops, the base is taken in
           the step, the line after the combat, and the game is over */
        snprintf(line, sizeof line, "Combat on %s ends: Resistance 0 units", sys);
        int end = drv_log_find(g, rev, line);
        if (end >= 0) {
            snprintf(line, sizeof line, "Imperium has taken the secret base on %s.", sys);
            cr_assert_str_eq(drv_at(g, end + 1), line);
            cr_assert_str_eq(drv_at(g, end + 2), "win Imperium");
            cr_assert(rt_over(g) && rt_is_winner(g, IMP));
            taken++;
        }
        rt_free(g);
    }
    cr_assert_gt(taken, 0, "a base so revealed is taken");
}
