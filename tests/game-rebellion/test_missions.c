/* test_missions.c: missions in random seeded games, read from the log and
   checked against the leaders' and missions' tables: an opposed mission
   rolls a die per matching skill icon of all of each side's leaders in the
   system (10 at most; the captured leader it is attempted against rolls
   too) and succeeds only with more successes; a captured leader is
   rescued into the Rebel Base space; Superlaser Online destroys a system,
   every Rebel ground unit in it and the Imperial units that need transport
   beyond the capacity of the Imperial ships there; the Dark Side ring gives a Rebel
   leader to the Imperial player for the rest of the game. */
#include "drive.h"

#define GAMES 60

/* The system of a mission from "... carries out M in S." or "... against L in S." */
static int mission_system(const char *l, char *sys, size_t cap)
{
    const char *a = strstr(l, " carries out ");
    if (!a)
        a = strstr(l, " against ");
    if (!a || !strstr(a, " in "))
        return 0;
    a = strstr(a, " in ") + 4;
    snprintf(sys, cap, "%.*s", (int)(strlen(a) - 1), a);
    return 1;
}

Test(missions, opposed_missions_roll_a_die_per_skill_icon)
{
    int opposed = 0, succeeded = 0, failed = 0;
    char name[128], from[128], to[128], sys[64] = "", lz[80], victim[64] = "";
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        Trk *t = calloc(1, sizeof *t);
        char captured[16][48], turned[8][48];
        int ncap = 0, nturned = 0;
        const DrvMission *m = NULL;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            trk_line(t, l);
            if (strncmp(l, "state \"", 7) == 0 && strstr(l, "\" captured false -> true") && ncap < 16)
                snprintf(captured[ncap++], 48, "%.*s", (int)(strstr(l, "\" captured") - l - 7), l + 7);
            if (strncmp(l, "state \"", 7) == 0 && strstr(l, "\" captured true -> false"))
                for (int k = 0; k < ncap; k++)
                    if (strncmp(captured[k], l + 7, strlen(captured[k])) == 0 && l[7 + strlen(captured[k])] == '"')
                        captured[k][0] = 0;
            if (strstr(l, " falls to the dark side: ") && nturned < 8)
                snprintf(turned[nturned++], 48, "%.*s", (int)(strstr(l, " falls to") - l), l);
            if (drv_moved(l, name, from, to) && strcmp(from, "assigned(Rebels)") == 0 && strcmp(to, "revealed") == 0)
                m = drv_mission(name), victim[0] = 0;
            if (drv_moved(l, name, from, to) && strcmp(from, "assigned(Imperials)") == 0 && strcmp(to, "revealed") == 0)
                m = drv_mission(name), victim[0] = 0;
            if (m && strstr(l, " attempts ") && strstr(l, " against ")) {
                const char *a = strstr(l, " against ") + 9;
                snprintf(victim, sizeof victim, "%.*s", (int)(strstr(a, " in ") - a), a);
            }
            if (m && (strstr(l, " carries out ") || (strstr(l, " attempts ") && strstr(l, " against "))))
                mission_system(l, sys, sizeof sys);
            if (m && strstr(l, " is opposed: ")) {
                int a, s, b, u;
                char who[32], other[32];
                const char *p = strstr(l, " is opposed: ") + 13;
                cr_assert_eq(sscanf(p, "%31s rolls %d dice for %d successes", who, &a, &s), 3, "%s", l);
                cr_assert_not_null(strstr(p, ", "), "%s", l);
                cr_assert_eq(sscanf(strstr(p, ", ") + 2, "%31s rolls %d dice for %d successes", other, &b, &u), 3, "%s", l);
                int rebel = strcmp(who, "Rebels") == 0;
                int icons[2] = {0, 0};
                drv_space_zone("leaders_", sys, lz, sizeof lz);
                for (int k = 0; k < t->used; k++) {
                    if (strcmp(t->zone[k], lz) != 0 || t->n[k] <= 0)
                        continue;
                    const DrvLeader *d = drv_leader(t->name[k]);
                    int cap = 0;
                    for (int c = 0; c < ncap; c++)
                        cap |= strcmp(captured[c], t->name[k]) == 0;
                    if (cap && strcmp(t->name[k], victim) != 0)
                        continue;
                    int side_rebel = d->rebel;
                    for (int c = 0; c < nturned; c++)
                        if (strcmp(turned[c], t->name[k]) == 0)
                            side_rebel = 0;
                    if (cap && side_rebel == rebel)
                        continue;
                    icons[side_rebel == rebel ? 0 : 1] += d->icons[m->skill];
                }
                cr_assert_eq(a, icons[0] > 10 ? 10 : icons[0], "seed %llu line %d: %s", (unsigned long long)seed, i, l);
                cr_assert_eq(b, icons[1] > 10 ? 10 : icons[1], "seed %llu line %d: %s", (unsigned long long)seed, i, l);
                const char *verdict = drv_at(g, i + 1);
                int ok = strstr(verdict, " succeeds.") != NULL;
                cr_assert_eq(ok, s > u, "seed %llu: %s / %s", (unsigned long long)seed, l, verdict);
                opposed++;
                succeeded += ok;
                failed += !ok;
                m = NULL;
            }
        }
        free(t);
        rt_free(g);
    }
    cr_assert_gt(opposed, 30, "random games oppose missions (%d)", opposed);
    cr_assert_gt(succeeded, 0);
    cr_assert_gt(failed, 0);
}

Test(missions, a_captured_leader_is_rescued_into_the_rebel_base_space)
{
    int rescued = 0;
    char name[128], from[128], to[128];
    /* captures are rare in random games (few random assignments meet a
       mission's requirement): play until 2 rescues are seen */
    for (uint64_t seed = 1; seed <= 800 && rescued < 2; seed++) {
        RtGame *g = drv_played(seed);
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            const char *r = strstr(l, " is rescued.");
            if (!r || strchr(l, ' ') == NULL || strncmp(l, "state", 5) == 0)
                continue;
            char who[64];
            snprintf(who, sizeof who, "%.*s", (int)(r - l), l);
            cr_assert_geq(drv_log_find(g, 0, "\" captured false -> true"), 0);
            /* it was captured, the ring comes off, and it goes to the Rebel Base space (or the base's system) */
            char ring[96];
            snprintf(ring, sizeof ring, "state \"%s\" captured true -> false", who);
            cr_assert_geq(drv_log_find(g, 0, ring), 0, "seed %llu: %s", (unsigned long long)seed, ring);
            cr_assert(drv_moved(drv_at(g, i + 1), name, from, to), "%s", drv_at(g, i + 1));
            cr_assert_str_eq(name, who);
            cr_assert(strcmp(to, "base_leaders") == 0 || strncmp(to, "leaders_", 8) == 0, "%s", drv_at(g, i + 1));
            if (strcmp(to, "base_leaders") != 0)
                cr_assert_eq(drv_log_find(g, 0, "The Rebel base is revealed") < i, 1, "placed in the base's system only when revealed");
            rescued++;
        }
        rt_free(g);
    }
    cr_assert_gt(rescued, 0, "a captured leader is rescued in some game");
}

Test(missions, superlaser_online_destroys_a_system)
{
    int destroyed = 0;
    for (uint64_t seed = 1; seed <= 200 && destroyed < 3; seed++) {
        RtGame *g = drv_played(seed);
        int i = drv_log_find(g, 0, "The Death Star destroys ");
        if (i >= 0) {
            const char *l = drv_at(g, i);
            char sys[64], z[80], name[128], from[128], to[128];
            snprintf(sys, sizeof sys, "%.*s", (int)(strlen(l) - 24 - 1), l + 24);
            cr_assert_geq(drv_log_find(g, 0, "reveals Superlaser Online"), 0);
            cr_assert_lt(drv_log_find(g, 0, "reveals Superlaser Online"), i);
            char marker[96];
            snprintf(marker, sizeof marker, "state \"%s\" destroyed false -> true", sys);
            cr_assert_geq(drv_log_find(g, 0, marker), 0, "%s", marker);
            /* every Rebel ground unit there goes back to the supply */
            Trk *t = calloc(1, sizeof *t);
            for (int k = 0; k < i; k++)
                trk_line(t, drv_at(g, k));
            drv_space_zone("units_", sys, z, sizeof z);
            int ground = trk_units(t, z, 1, 1);
            int gone = 0;
            for (int k = i + 1; k < rt_log_count(g) && k < i + 200; k++)
                if (drv_moved(drv_at(g, k), name, from, to) && strcmp(from, z) == 0 && strcmp(to, "box") == 0 && drv_unit(name) &&
                    drv_unit(name)->rebel && drv_unit(name)->ground)
                    gone++;
            cr_assert_geq(gone, ground, "seed %llu: %d Rebel ground units in %s, %d destroyed", (unsigned long long)seed, ground, sys,
                          gone);
            /* the Imperial units that need transport beyond the capacity of the Imperial ships there */
            int need = 0, cap = 0;
            for (int k = 0; k < t->used; k++) {
                const DrvUnit *u = drv_unit(t->name[k]);
                if (strcmp(t->zone[k], z) == 0 && t->n[k] > 0 && u && !u->rebel) {
                    need += t->n[k] * u->needs_transport;
                    cap += t->n[k] * u->transport;
                }
            }
            char lost[96];
            snprintf(lost, sizeof lost, "is destroyed in %s: no transport.", sys);
            cr_assert_eq(drv_log_count(g, i, i + 200, lost), need > cap ? need - cap : 0, "seed %llu: %d need transport, capacity %d",
                         (unsigned long long)seed, need, cap);
            destroyed++;
            free(t);
        }
        rt_free(g);
    }
    cr_assert_gt(destroyed, 0, "the Death Star destroys a system in some game");
}

Test(missions, the_dark_side_ring_gives_a_rebel_leader_to_the_imperial_player)
{
    int turned = 0;
    char name[128], from[128], to[128];
    for (uint64_t seed = 1; seed <= 400 && turned < 2; seed++) {
        RtGame *g = drv_played(seed);
        int i = drv_log_find(g, 0, " falls to the dark side: ");
        if (i >= 0) {
            const char *l = drv_at(g, i);
            char who[64];
            snprintf(who, sizeof who, "%.*s", (int)(strstr(l, " falls to") - l), l);
            cr_assert(drv_leader(who) && drv_leader(who)->rebel, "%s", l);
            cr_assert_geq(drv_log_find(g, 0, "reveals Lure of the Dark Side"), 0);
            char ring[128];
            snprintf(ring, sizeof ring, "state \"%s\" ring no_ring -> dark_side_ring", who);
            cr_assert_geq(drv_log_find(g, 0, ring), 0, "%s", ring);
            cr_assert_geq(drv_log_find(g, i, "move \"Lure of the Dark Side\" revealed -> ring_cards"), 0, "the card stays as the reminder");
            int back = 0;
            for (int k = i + 1; k < rt_log_count(g); k++)
                if (drv_moved(drv_at(g, k), name, from, to) && strcmp(name, who) == 0 && strncmp(to, "pool(", 5) == 0) {
                    cr_assert_str_eq(to, "pool(Imperials)", "seed %llu: %s", (unsigned long long)seed, drv_at(g, k));
                    back++;
                }
            if (drv_log_find(g, i, "phase refresh") >= 0)
                cr_assert_gt(back, 0, "seed %llu: %s returns to the Imperial pool", (unsigned long long)seed, who);
            turned++;
        }
        rt_free(g);
    }
    cr_assert_gt(turned, 0, "the Dark Side ring is attached in some game");
}
