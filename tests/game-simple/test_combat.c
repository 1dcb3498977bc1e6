/* test_combat.c: Combat in random seeded games, read from the log: each
   combat die follows the table (1-2 nothing, 3-4 one hit of the die's
   type, 5 one hit either type, 6 two hits either type), at most 5 dice of
   each type per player and step, every hit rolled (and every explosion
   token) is assigned, blocked or finds no unit, the damage counts against
   the packet's sizes, and a unit is destroyed only once its damage
   reaches its size. */
#include "drive.h"

#define GAMES 40

typedef struct Step {
    int hits, spent, dice[2];
} Step;

static void close_step(Step *s, uint64_t seed, int line)
{
    cr_assert_eq(s->hits, s->spent, "seed %llu line %d: %d hits rolled, %d assigned", (unsigned long long)seed, line,
                 s->hits, s->spent);
    cr_assert_leq(s->dice[0], 10, "seed %llu line %d", (unsigned long long)seed, line);
    cr_assert_leq(s->dice[1], 10, "seed %llu line %d", (unsigned long long)seed, line);
    memset(s, 0, sizeof *s);
}

/* A combat die line "P rolls F: RESULT"; returns the hits, checks the table. */
static int table_hits(const char *l, uint64_t seed)
{
    int f;
    const char *r = strstr(l, " rolls ");
    cr_assert_eq(sscanf(r, " rolls %d:", &f), 1, "%s", l);
    const char *res = strchr(r, ':') + 2;
    if (f <= 2) {
        cr_assert_str_eq(res, "nothing.", "seed %llu: %s", (unsigned long long)seed, l);
        return 0;
    }
    if (f <= 4) {
        cr_assert(strcmp(res, "one Agile hit.") == 0 || strcmp(res, "one Heavy hit.") == 0, "seed %llu: %s",
                  (unsigned long long)seed, l);
        return 1;
    }
    if (f == 5) {
        cr_assert_str_eq(res, "one hit (either type).", "seed %llu: %s", (unsigned long long)seed, l);
        return 1;
    }
    cr_assert_eq(f, 6, "%s", l);
    cr_assert_str_eq(res, "two hits (either type).", "seed %llu: %s", (unsigned long long)seed, l);
    return 2;
}

Test(combat, the_dice_follow_the_table_and_every_hit_is_assigned)
{
    int faces[7] = {0}, battles = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        Step s;
        memset(&s, 0, sizeof s);
        int assigning = 0, in_combat = 0;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            if (strncmp(l, "Combat on ", 10) == 0) {
                if (in_combat)
                    close_step(&s, seed, i);
                in_combat = !strstr(l, " ends:");
                battles += !in_combat;
                assigning = 0;
                continue;
            }
            if (!in_combat)
                continue;
            if (strncmp(l, "Combat round ", 13) == 0 || strstr(l, "rolls the leader die") || strstr(l, "Doom Star Plans")) {
                close_step(&s, seed, i);
                assigning = 0;
                continue;
            }
            const char *r = strstr(l, " rolls ");
            if (r && strchr(r, ':') && !strstr(l, "for the mission")) {
                if (assigning) {
                    close_step(&s, seed, i);
                    assigning = 0;
                }
                int f = atoi(r + 7);
                faces[f]++;
                s.hits += table_hits(l, seed);
                s.dice[strncmp(l, "Resistance", 10) == 0 ? 0 : 1]++;
            } else if (strstr(l, "uses an explosion token")) {
                if (assigning) {   /* a new step opened by a player with no dice in it */
                    close_step(&s, seed, i);
                    assigning = 0;
                }
                s.hits++;
            } else if ((strstr(l, " takes 1 damage (") && !strstr(l, "leader die")) || strstr(l, "blocks a hit") ||
                       strstr(l, "finds no unit")) {
                assigning = 1;
                s.spent++;
            }
        }
        rt_free(g);
    }
    cr_assert_gt(battles, 20, "random games fight (%d battles)", battles);
    for (int f = 1; f <= 6; f++)
        cr_assert_gt(faces[f], 20, "face %d rolled %d times", f, faces[f]);
}

Test(combat, damage_counts_against_the_size_and_destroys_at_it)
{
    int destroyed = 0;
    char unit[128];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        /* the greatest damage each unit type has reached since the last destruction check */
        int reached[DRV_NUNITS];
        memset(reached, 0, sizeof reached);
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            const char *t = strstr(l, " takes 1 damage");
            if (t) {
                size_t n = (size_t)(t - l);
                memcpy(unit, l, n);
                unit[n] = 0;
                const DrvUnit *u = drv_unit(unit);
                int d, sz;
                const char *p = strchr(t, '(');
                cr_assert_eq(sscanf(p, "(%d of size %d)", &d, &sz), 2, "%s", l);
                cr_assert_eq(sz, u->size < 0 ? 0 : u->size, "seed %llu: the size of %s: %s", (unsigned long long)seed,
                             unit, l);
                cr_assert(u->size < 0 || d <= u->size, "seed %llu: a unit took damage past its size: %s",
                          (unsigned long long)seed, l);
                if (d > reached[u - drv_units])
                    reached[u - drv_units] = d;
                continue;
            }
            const char *x = strstr(l, ") is destroyed on ");
            if (x) {
                const char *open = x;   /* the side in parentheses just before ") is destroyed" */
                while (open > l && !(open[0] == ' ' && open[1] == '('))
                    open--;
                cr_assert(open > l, "%s", l);
                size_t n = (size_t)(open - l);
                memcpy(unit, l, n);
                unit[n] = 0;
                const DrvUnit *u = drv_unit(unit);
                cr_assert(strcmp(unit, "Doom Star") != 0, "damage never destroys the Doom Star: %s", l);
                cr_assert_geq(reached[u - drv_units], u->size, "seed %llu line %d: %s destroyed below its size",
                              (unsigned long long)seed, i, l);
                destroyed++;
            }
            if (strncmp(l, "Combat on ", 10) == 0 || strncmp(l, "Round ", 6) == 0)
                memset(reached, 0, sizeof reached);
        }
        rt_free(g);
    }
    cr_assert_gt(destroyed, 50, "random games destroy units (%d)", destroyed);
}
