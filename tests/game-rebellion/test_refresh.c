/* test_refresh.c: the Refresh phase in random seeded games, read from the
   log: the time marker advances 1 space a round; players recruit only at
   the recruit icons (spaces 3, 6, 9, 12, 15) and build only at the build
   icons (even spaces); each hand holds at most 10 mission cards after
   drawing; each player deploys at most 2 units in each system per phase,
   never in a remote system nor one holding the opponent's units. */
#include "drive.h"

#define GAMES 40

Test(refresh, time_icons_hands_and_deployment)
{
    int recruits = 0, builds = 0, deploys = 0;
    char name[128], from[128], to[128], z[80];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        Trk *t = calloc(1, sizeof *t);
        int time = 1, counts[2][40];
        char where[2][40][64];
        int nwhere[2] = {0, 0};
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            int now;
            if (sscanf(l, "The time marker advances to %d", &now) == 1) {
                cr_assert_eq(now, time + 1, "seed %llu: %s", (unsigned long long)seed, l);
                time = now;
                cr_assert_leq(trk_units(t, "hand(Rebels)", 1, -1), 10);
                int hands[2] = {0, 0};
                for (int k = 0; k < t->used; k++) {
                    if (strcmp(t->zone[k], "hand(Rebels)") == 0)
                        hands[0] += t->n[k];
                    if (strcmp(t->zone[k], "hand(Imperials)") == 0)
                        hands[1] += t->n[k];
                }
                cr_assert_leq(hands[0], 10, "seed %llu: %d cards", (unsigned long long)seed, hands[0]);
                cr_assert_leq(hands[1], 10, "seed %llu: %d cards", (unsigned long long)seed, hands[1]);
                nwhere[0] = nwhere[1] = 0;
            }
            if (strstr(l, " recruits ")) {
                cr_assert_eq(time % 3, 0, "seed %llu: recruit at time %d: %s", (unsigned long long)seed, time, l);
                recruits++;
            }
            if (strstr(l, " builds ") && strstr(l, " of the build queue")) {
                cr_assert_eq(time % 2, 0, "seed %llu: build at time %d: %s", (unsigned long long)seed, time, l);
                builds++;
            }
            const char *d = strstr(l, " deploys ");
            if (d && strstr(l, " in ") && !strstr(l, "Rebel Base space")) {
                int p = strncmp(l, "Rebels ", 7) == 0 ? 0 : 1;
                const char *in = strstr(d, " in ") + 4;
                char sys[64];
                snprintf(sys, sizeof sys, "%.*s", (int)(strlen(in) - 1), in);
                cr_assert(!drv_is_remote(sys), "%s", l);
                drv_space_zone("units_", sys, z, sizeof z);
                cr_assert_eq(trk_units(t, z, p == 1, -1), 0, "seed %llu: opposing units in %s: %s", (unsigned long long)seed, sys, l);
                int k = 0;
                while (k < nwhere[p] && strcmp(where[p][k], sys) != 0)
                    k++;
                if (k == nwhere[p]) {
                    snprintf(where[p][k], 64, "%s", sys);
                    counts[p][k] = 0;
                    nwhere[p]++;
                }
                counts[p][k]++;
                cr_assert_leq(counts[p][k], 2, "seed %llu: a third unit deployed in %s", (unsigned long long)seed, sys);
                deploys++;
            }
            if (strncmp(l, "phase ", 6) == 0 || strstr(l, " reveals Accelerate Production"))
                nwhere[0] = nwhere[1] = 0;
            trk_line(t, l);
            (void)name, (void)from, (void)to;
        }
        free(t);
        rt_free(g);
    }
    cr_assert_gt(recruits, 20, "%d", recruits);
    cr_assert_gt(builds, 100, "%d", builds);
    cr_assert_gt(deploys, 100, "%d", deploys);
}
