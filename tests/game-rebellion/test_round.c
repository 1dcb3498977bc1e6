/* test_round.c: the Assignment and Command phases in random seeded games,
   read from the log and checked against the leaders', missions' and units'
   tables: any 1 or 2 leaders may be assigned to a mission, but a mission
   is revealed only if its leaders meet its skill requirement; units move
   only from systems adjacent to the activated one (or the Rebel Base
   space), never out of a system holding one of the mover's leaders, within
   transport capacity, immobile units never; an Imperial ground unit
   arriving in a populous system without Imperial loyalty subjugates it; an
   Imperial ground unit arriving in the hidden base's system reveals it. */
#include "drive.h"

#define GAMES 40

/* A facedown mission, as the log shows it placed: its card and its leaders' icons. */
typedef struct Facedown {
    const DrvMission *m;
    int icons, leaders;
} Facedown;

Test(round, any_leaders_may_be_assigned_but_only_a_mission_they_meet_is_revealed)
{
    int missions = 0, pairs = 0, short_of = 0, revealed = 0;
    char name[128], from[128], to[128];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        Facedown down[64];
        int n = 0;
        Facedown *m = NULL;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            if (drv_moved(l, name, from, to) && strncmp(to, "assigned(", 9) == 0 && strncmp(from, "hand(", 5) == 0) {
                cr_assert_lt(n, 64);
                m = &down[n++];
                m->m = drv_mission(name);
                cr_assert_not_null(m->m, "%s", l);
                m->icons = m->leaders = 0;
            } else if (m && drv_moved(l, name, from, to) && strncmp(to, "on_mission(", 11) == 0) {
                const DrvLeader *d = drv_leader(name);
                cr_assert_not_null(d, "%s", l);
                m->icons += d->icons[m->m->skill];
                m->leaders++;
            } else if (m && strstr(l, " leaders to a facedown mission.")) {
                cr_assert(m->leaders == 1 || m->leaders == 2, "seed %llu: %s", (unsigned long long)seed, l);
                missions++;
                pairs += m->leaders == 2;
                short_of += m->icons < m->m->need;
                m = NULL;
            } else if (drv_moved(l, name, from, to) && strncmp(from, "assigned(", 9) == 0 && strcmp(to, "revealed") == 0) {
                /* the mission revealed: the last one of that name placed facedown */
                int k = n - 1;
                while (k >= 0 && strcmp(down[k].m->name, name) != 0)
                    k--;
                cr_assert_geq(k, 0, "seed %llu: %s", (unsigned long long)seed, l);
                cr_assert_geq(down[k].icons, down[k].m->need, "seed %llu line %d: %s needs %d, leaders have %d",
                              (unsigned long long)seed, i, name, down[k].m->need, down[k].icons);
                revealed++;
            } else if (strncmp(l, "phase refresh", 13) == 0) {
                n = 0; /* the facedown missions go back to the hands */
            }
        }
        rt_free(g);
    }
    cr_assert_gt(missions, 200, "random games assign many missions (%d)", missions);
    cr_assert_gt(pairs, 50, "some missions have 2 leaders (%d)", pairs);
    cr_assert_gt(short_of, 20, "some missions are assigned leaders short of the requirement (%d)", short_of);
    cr_assert_gt(revealed, 100, "many missions are revealed (%d)", revealed);
}

/* The system named in "... activates SYSTEM with LEADER." */
static void activated(const char *l, char *sys, size_t cap)
{
    const char *a = strstr(l, " activates ") + 11;
    const char *w = strstr(a, " with ");
    snprintf(sys, cap, "%.*s", (int)(w - a), a);
}

/* The captured leaders, followed through the log's state lines. */
static int is_captured(char (*captured)[48], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(captured[i], name) == 0)
            return 1;
    return 0;
}
static void follow_captures(const char *l, char (*captured)[48], int *n)
{
    if (strncmp(l, "state \"", 7) != 0 || !strstr(l, "\" captured "))
        return;
    char name[48];
    snprintf(name, sizeof name, "%.*s", (int)(strstr(l, "\" captured ") - l - 7), l + 7);
    if (strstr(l, "-> true") && !is_captured(captured, *n, name) && *n < 16)
        snprintf(captured[(*n)++], 48, "%s", name);
    if (strstr(l, "-> false"))
        for (int i = 0; i < *n; i++)
            if (strcmp(captured[i], name) == 0) {
                --*n;
                if (i != *n)
                    memcpy(captured[i], captured[*n], sizeof captured[i]);
            }
}

Test(round, units_move_from_adjacent_systems_within_transport_capacity)
{
    int stacks = 0, carried = 0, from_base = 0;
    char name[128], from[128], to[128], sys[64], zone[80], lz[80];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        Trk *t = calloc(1, sizeof *t);
        int side_rebel = -1, capacity = 0, needing = 0, units = 0, ncaptured = 0;
        char captured[16][48];
        sys[0] = 0;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            follow_captures(l, captured, &ncaptured);
            if (strstr(l, " activates ") && strstr(l, " with ")) {
                activated(l, sys, sizeof sys);
                side_rebel = strncmp(l, "Rebels ", 7) == 0;
                capacity = needing = units = 0;
            } else if (sys[0] && drv_moved(l, name, from, to) && strcmp(to, "moving") == 0) {
                const DrvUnit *u = drv_unit(name);
                cr_assert_not_null(u, "%s", l);
                cr_assert(!u->immobile, "seed %llu: %s is immobile: %s", (unsigned long long)seed, name, l);
                cr_assert_eq(u->rebel, side_rebel, "%s", l);
                if (strcmp(from, "base_units") == 0) {
                    from_base++;
                } else {
                    const char *origin = NULL;
                    for (int e = 0; e < DRV_NEDGES && !origin; e++)
                        for (int s = 0; s < 2; s++) {
                            drv_space_zone("units_", drv_edges[e][s], zone, sizeof zone);
                            if (strcmp(zone, from) == 0 && strcmp(drv_edges[e][1 - s], sys) == 0)
                                origin = drv_edges[e][s];
                        }
                    cr_assert_not_null(origin, "seed %llu: %s is not adjacent to %s", (unsigned long long)seed, from, sys);
                    /* no leader of the mover's in the system it leaves (captured leaders aside) */
                    drv_space_zone("leaders_", origin, lz, sizeof lz);
                    for (int k = 0; k < t->used; k++)
                        if (strcmp(t->zone[k], lz) == 0 && t->n[k] > 0) {
                            const DrvLeader *d = drv_leader(t->name[k]);
                            cr_assert(!d || d->rebel != side_rebel || is_captured(captured, ncaptured, t->name[k]),
                                      "seed %llu: %s leaves %s where %s is", (unsigned long long)seed, name, origin, t->name[k]);
                        }
                }
                capacity += u->transport;
                needing += u->needs_transport;
                units++;
                cr_assert_leq(needing, capacity, "seed %llu: %s", (unsigned long long)seed, l);
            } else if (sys[0] && strstr(l, " units to ") && strstr(l, " moves ")) {
                int n, c, k;
                cr_assert_eq(sscanf(strstr(l, " moves ") + 7, "%d", &n), 1);
                cr_assert_eq(sscanf(strstr(l, "(transport capacity "), "(transport capacity %d, units needing transport %d)", &c, &k), 2);
                cr_assert_eq(n, units, "seed %llu: %s", (unsigned long long)seed, l);
                cr_assert_eq(c, capacity, "%s", l);
                cr_assert_eq(k, needing, "%s", l);
                stacks += n > 0;
                carried += k > 0;
                sys[0] = 0;
            }
            trk_line(t, l);
        }
        free(t);
        rt_free(g);
    }
    cr_assert_gt(stacks, 100, "random games move many stacks (%d)", stacks);
    cr_assert_gt(carried, 10, "some stacks carry units that need transport (%d)", carried);
    cr_assert_gt(from_base, 0, "units move out of the Rebel Base space (%d)", from_base);
}

/* A side's loyalty and subjugation, followed through the log's set and state lines. */
typedef struct Marks {
    char sys[40][40];
    int loyalty[40], subjugated[40], destroyed[40], n;
} Marks;
static int mark_of(Marks *m, const char *s)
{
    for (int i = 0; i < m->n; i++)
        if (strcmp(m->sys[i], s) == 0)
            return i;
    snprintf(m->sys[m->n], 40, "%s", s);
    m->loyalty[m->n] = m->subjugated[m->n] = m->destroyed[m->n] = 0;
    return m->n++;
}
static void marks_line(Marks *m, const char *l)
{
    char s[64];
    int a, b;
    if (sscanf(l, "set loyalty[%63[^]]] %d -> %d", s, &a, &b) == 3)
        m->loyalty[mark_of(m, s)] = b;
    if (strncmp(l, "state \"", 7) == 0 && strstr(l, "\" subjugated ")) {
        snprintf(s, sizeof s, "%.*s", (int)(strstr(l, "\" subjugated ") - l - 7), l + 7);
        m->subjugated[mark_of(m, s)] = strstr(l, "-> true") != NULL;
    }
    if (strncmp(l, "state \"", 7) == 0 && strstr(l, "\" destroyed false -> true")) {
        snprintf(s, sizeof s, "%.*s", (int)(strstr(l, "\" destroyed ") - l - 7), l + 7);
        m->destroyed[mark_of(m, s)] = 1;
    }
}

Test(round, imperial_ground_units_arriving_subjugate_and_reveal_the_base)
{
    int subjugations = 0, reveals = 0;
    char name[128], from[128], to[128], sys[64], base[128];
    for (uint64_t seed = 1; seed <= 150; seed++) {
        RtGame *g = drv_played(seed);
        Marks *m = calloc(1, sizeof *m);
        int ground = 0, hidden = 1;
        base[0] = 0;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            marks_line(m, l);
            if (drv_moved(l, name, from, to) && strcmp(to, "base_card(Rebels)") == 0)
                snprintf(base, sizeof base, "%s", name), hidden = 1;
            if (strstr(l, "The Rebel base is revealed"))
                hidden = 0;
            if (strstr(l, " activates ") || strstr(l, " carries out "))
                ground = 0;
            if (drv_moved(l, name, from, to) && strcmp(to, "moving") == 0 && drv_unit(name) && drv_unit(name)->ground &&
                !drv_unit(name)->rebel)
                ground = 1;
            if (strncmp(l, "Imperials moves ", 16) == 0 && strstr(l, " units to ")) {
                const char *a = strstr(l, " units to ") + 10;
                snprintf(sys, sizeof sys, "%.*s", (int)(strstr(a, " (transport") - a), a);
                if (ground) {
                    /* the lines that follow, up to the combat or the next turn */
                    int declared = 0, asked = 0;
                    for (int j = i + 1; j < rt_log_count(g); j++) {
                        const char *n = drv_at(g, j);
                        if (strncmp(n, "Combat in ", 10) == 0 || strncmp(n, "turn ", 5) == 0 || strncmp(n, "phase ", 6) == 0)
                            break;
                        marks_line(m, n);
                        if (strstr(n, "declares whether the Rebel base is in ") && strstr(n, sys)) {
                            asked = 1;
                            declared |= strstr(n, ": true.") != NULL;
                        }
                    }
                    int k = mark_of(m, sys);
                    if (!drv_is_remote(sys) && !m->destroyed[k]) {
                        cr_assert(m->subjugated[k] || m->loyalty[k] == -1, "seed %llu line %d: %s is neither subjugated nor Imperial",
                                  (unsigned long long)seed, i, sys);
                        subjugations++;
                    }
                    cr_assert_eq(asked, hidden, "seed %llu line %d: the Rebel player declares for %s", (unsigned long long)seed, i, sys);
                    cr_assert_eq(declared, hidden && strcmp(sys, base) == 0, "seed %llu line %d: %s, base %s",
                                 (unsigned long long)seed, i, sys, base);
                    reveals += declared;
                }
                ground = 0;
            }
        }
        free(m);
        rt_free(g);
    }
    cr_assert_gt(subjugations, 50, "Imperial ground units arrive in many systems (%d)", subjugations);
    cr_assert_gt(reveals, 0, "an Imperial ground unit reveals the base in some game (%d)", reveals);
}
