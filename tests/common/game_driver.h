/* game_driver.h: the game-independent part of the rule tests' drivers:
   advance a game, list option labels, find zones, cards, variables and
   kinds by their declared names, read the log, and play the rest of a game
   with a seeded random choice. Header-only; every function is static.
   Include it after <criterion/criterion.h>, "cardrt.h" and a definition of
   LBL (the label buffer size). */
#ifndef CARDC_GAME_DRIVER_H
#define CARDC_GAME_DRIVER_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* drv_next: advance to the next decision; 1 if one is pending, 0 if over. */
static inline int drv_next(RtGame *g)
{
    int r = rt_advance(g);
    cr_assert(!rt_failed(g), "runtime error: %s", rt_error(g));
    return r;
}

static inline const char *drv_label(const RtGame *g, int i)
{
    static char buf[8][LBL];
    static int k;
    k = (k + 1) % 8;
    return rt_option_label(g, i, buf[k], LBL);
}

/* drv_labels: the current labels joined by " | " (static buffer). */
static inline const char *drv_labels(const RtGame *g)
{
    static char out[8192];
    out[0] = '\0';
    for (int i = 0; i < rt_option_count(g); i++) {
        if (i)
            strncat(out, " | ", sizeof out - strlen(out) - 1);
        strncat(out, drv_label(g, i), sizeof out - strlen(out) - 1);
    }
    return out;
}

static inline int drv_zone_decl(const RtGame *g, const char *name)
{
    const RtGameDef *d = rt_def(g);
    for (int i = 0; i < d->nzones; i++)
        if (strcmp(d->zones[i].name, name) == 0)
            return i;
    cr_assert_fail("no zone named %s", name);
    return -1;
}

/* drv_zone / drv_size: the instance (and its size) of the zone called name, for p. */
static inline RtValue drv_zone(RtGame *g, const char *name, int p) { return rt_zone(g, drv_zone_decl(g, name), p); }
static inline int drv_size(RtGame *g, const char *name, int p) { return rt_zone_size(g, drv_zone(g, name, p)); }

/* drv_find_card: an instance of card in zone name of p, or RT_NONE. */
static inline RtValue drv_find_card(RtGame *g, const char *zone, int p, const char *card)
{
    RtValue z = drv_zone(g, zone, p);
    for (int i = 0; i < rt_zone_size(g, z); i++)
        if (strcmp(rt_card_name(g, rt_zone_at(g, z, i)), card) == 0)
            return rt_zone_at(g, z, i);
    return RT_NONE;
}

static inline int drv_var_index(const RtGame *g, const char *name)
{
    const RtGameDef *d = rt_def(g);
    for (int i = 0; i < d->nvars; i++)
        if (strcmp(d->vars[i].name, name) == 0)
            return i;
    cr_assert_fail("no variable named %s", name);
    return -1;
}

/* drv_var: the value of the variable called name (for p when per player). */
static inline RtValue drv_var(const RtGame *g, const char *name, int p) { return rt_get(g, drv_var_index(g, name), p); }

static inline int drv_kind(const RtGame *g, const char *name)
{
    const RtGameDef *d = rt_def(g);
    for (int i = 0; i < d->nkinds; i++)
        if (strcmp(d->kinds[i].name, name) == 0)
            return i;
    cr_assert_fail("no kind named %s", name);
    return -1;
}

static inline const char *drv_line(const RtGame *g, int i, int viewer)
{
    static char buf[4][1024];
    static int k;
    k = (k + 1) % 4;
    return rt_log_line(g, i, viewer, buf[k], sizeof buf[k]);
}

/* drv_dump: the omniscient log from event from, to stderr (for debugging). */
static inline void drv_dump(const RtGame *g, int from)
{
    for (int i = from < 0 ? 0 : from; i < rt_log_count(g); i++)
        fprintf(stderr, "%4d %s\n", i, drv_line(g, i, -1));
}

/* A small deterministic generator for random policies. */
static inline uint64_t drv_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* drv_random_move: apply a uniformly random option. */
static inline void drv_random_move(RtGame *g, uint64_t *rng)
{
    rt_apply(g, (int)(drv_rand(rng) % (uint64_t)rt_option_count(g)));
    cr_assert(!rt_failed(g), "runtime error: %s", rt_error(g));
}

/* drv_play_random: play to the end with random choices; returns the number of decisions. */
static inline int drv_play_random(RtGame *g, uint64_t rngseed)
{
    uint64_t rng = rngseed;
    int n = 0;
    while (drv_next(g)) {
        drv_random_move(g, &rng);
        n++;
    }
    return n;
}

/* ---- searching seeds ----------------------------------------------------------------- */

enum { DRV_RANDOM = 0, DRV_APPLIED = 1, DRV_STOP = 2 };
/* A visitor sees every pending decision: DRV_RANDOM lets the driver pick at
   random, DRV_APPLIED says it answered the decision itself, DRV_STOP ends the search. */
typedef int (*DrvVisit)(RtGame *g, uint64_t *rng, void *ctx);

/* drv_visit: play g (a new game of seed) showing every decision to visit,
   random moves seeded from seed where it lets the driver pick; 1 when the
   visitor stopped it (g left at that decision), 0 when the game ended. */
static inline int drv_visit(RtGame *g, uint64_t seed, DrvVisit visit, void *ctx)
{
    uint64_t rng = seed * 7919u + 17u;
    while (drv_next(g)) {
        int r = visit(g, &rng, ctx);
        if (r == DRV_STOP)
            return 1;
        if (r == DRV_RANDOM)
            drv_random_move(g, &rng);
    }
    return 0;
}

#endif
