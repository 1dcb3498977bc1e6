/* test_end.c: the end of the game. Every random game ends by the rules:
   the Resistance wins when the rounds played and its victory points
   reach 22, the Imperium when it takes the revealed
   secret base (Imperium ground units on its system, no Resistance ground
   unit); both happen; each game ends in the step in which it is won (a
   victory point that meets the time marker, a deployment or a move that
   takes the base); the same seed and moves give the same game. */
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
            /* the time marker met at the end of a round, or as victory points were gained */
            int i = n - 1;
            while (i >= 0 && strncmp(drv_at(g, i), "Round ", 6) != 0 && strncmp(drv_at(g, i), "Rounds played ", 14) != 0)
                i--;
            int r, t, v, total, limit;
            if (strncmp(drv_at(g, i), "Rounds played ", 14) == 0) {
                cr_assert_eq(sscanf(drv_at(g, i), "Rounds played %d, Resistance victory points %d: %d of %d.", &t, &v,
                                    &total, &limit), 4, "%s", drv_at(g, i));
                r = t;
                cr_assert_eq(t, rt_rounds(g) - 1, "seed %llu: the rounds played before this one",
                             (unsigned long long)seed);
                cr_assert(strstr(drv_at(g, i - 1), "gains "), "%s", drv_at(g, i - 1));
            } else {
                cr_assert_eq(sscanf(drv_at(g, i), "Round %d ends: time %d, Resistance victory points %d, %d of %d.", &r,
                                    &t, &v, &total, &limit), 5, "%s", drv_at(g, i));
            }
            cr_assert_str_eq(drv_at(g, i + 1), "Resistance outlasts the Imperium.");
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

/* The base is taken now: revealed, Imperium ground units on its system and
   no Resistance ground unit there. */
static int base_taken(RtGame *g)
{
    if (!drv_var(g, "base_revealed", 0))
        return 0;
    char zone[80];
    drv_zone_of_system(rt_card_name(g, rt_zone_at(g, drv_zone(g, "base_card", RES), 0)), zone, sizeof zone);
    int res, imp;
    ground_in(g, zone, &res, &imp);
    return imp > 0 && res == 0;
}

/* A decision outside any combat: the turn's action, the Assignment Round,
   and the Refresh round's builds, deployments and leaders. */
static int between_steps(const RtGame *g)
{
    const char *p = rt_decision_prompt(g);
    return strstr(p, "carry out a mission or move units") || strstr(p, "assign a mission?") ||
           strstr(p, "a unit to build") || strstr(p, "where does the new") || strstr(p, "the leader you keep");
}

typedef struct Watch {
    int checked;
} Watch;

static int watch_the_end(RtGame *g, uint64_t *rng, void *ctx)
{
    (void)rng;
    Watch *w = ctx;
    if (!between_steps(g))
        return DRV_RANDOM;
    w->checked++;
    cr_assert(!base_taken(g), "the game goes on with the base taken (%s)", rt_decision_prompt(g));
    int time = drv_var(g, "rounds_done", 0) + drv_var(g, "vp", RES);
    cr_assert_lt(time, 22, "the game goes on with the time marker met (round %d)", rt_rounds(g));
    return DRV_RANDOM;
}

/* At every decision between the steps of the game, neither end condition
   holds: each game ended in the step in which it was won (the
   deployments of the Refresh round included: units deployed onto the
   base end the game there and then). */
Test(end, every_game_ends_in_the_step_it_is_won)
{
    Watch w = {0};
    int wins[2] = {0, 0}, mid_round = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_new(seed);
        cr_assert_eq(drv_visit(g, seed, watch_the_end, &w), 0);
        cr_assert(rt_over(g) && !rt_failed(g), "seed %llu: %s", (unsigned long long)seed, rt_error(g));
        wins[rt_is_winner(g, IMP)]++;
        mid_round += drv_log_find(g, 0, "Rounds played ") >= 0;
        rt_free(g);
    }
    cr_assert_gt(w.checked, 10000, "%d decisions checked", w.checked);
    cr_assert_gt(wins[RES], 0);
    cr_assert_gt(wins[IMP], 0);
    cr_assert_gt(mid_round, 0, "a victory point gained in a round meets the time marker there (%d games)", mid_round);
}
