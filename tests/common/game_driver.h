/* game_driver.h: the game-independent part of the rule tests' drivers:
   start and advance a game, pick options by label, find zones, cards,
   variables, kinds and card states by their declared names, read and
   search the log, and play with a seeded random choice (to the end, up to
   a decision, or over many seeds). Header-only; every function is static.
   A suite's drive.h includes it, then its game's header, and adds only
   what is its game's own. Before including it a suite may define LBL (the
   label buffer size, 256 if not) and DRV_MAX_ROUNDS (a new game's round
   limit, 1000 if not). The returned strings are static buffers, reused
   after a few calls; the games are the caller's to rt_free. */
#ifndef CARDC_GAME_DRIVER_H
#define CARDC_GAME_DRIVER_H

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"

#ifndef LBL
#define LBL 256
#endif
#ifndef DRV_MAX_ROUNDS
#define DRV_MAX_ROUNDS 1000
#endif

/* ---- starting and advancing --------------------------------------------------------- */

/* drv_new_p: a new game of def for players with seed, logging on, ended
   after DRV_MAX_ROUNDS rounds; the caller frees it. */
static inline RtGame *drv_new_p(const RtGameDef *def, uint64_t seed, int players)
{
    RtOptions o;
    memset(&o, 0, sizeof o);
    o.players = players;
    o.seed = seed;
    o.log = 1;
    o.max_rounds = DRV_MAX_ROUNDS;
    RtGame *g = rt_new(def, &o);
    cr_assert_not_null(g, "rt_new failed for seed %llu", (unsigned long long)seed);
    return g;
}

/* drv_next: advance to the next decision; 1 if one is pending, 0 if over. */
static inline int drv_next(RtGame *g)
{
    int r = rt_advance(g);
    cr_assert(!rt_failed(g), "runtime error: %s", rt_error(g));
    return r;
}

/* ---- options ------------------------------------------------------------------------ */

/* drv_label: the label of option i (a static buffer, one of 8 in turn). */
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

/* drv_option_name: the name of the card option i offers (whatever its
   label), or its label (drv_label). */
static inline const char *drv_option_name(const RtGame *g, int i)
{
    RtValue card = rt_option_card(g, i);
    return card != RT_NONE ? rt_card_name(g, card) : drv_label(g, i);
}

/* drv_find_at: the index of the option whose label equals text (prefix:
   starts with it), or -1. */
static inline int drv_find_at(const RtGame *g, const char *text, int prefix)
{
    for (int i = 0; i < rt_option_count(g); i++) {
        const char *l = drv_label(g, i);
        if (prefix ? strncmp(l, text, strlen(text)) == 0 : strcmp(l, text) == 0)
            return i;
    }
    return -1;
}

/* drv_find / drv_has / drv_has_prefix: the option labelled text (or starting with it). */
static inline int drv_find(const RtGame *g, const char *text) { return drv_find_at(g, text, 0); }
static inline int drv_has(const RtGame *g, const char *text) { return drv_find_at(g, text, 0) >= 0; }
static inline int drv_has_prefix(const RtGame *g, const char *text) { return drv_find_at(g, text, 1) >= 0; }

/* drv_pick_at: apply the option labelled text (prefix: starting with it);
   the test fails, naming the player, the prompt and the labels, if there
   is none. */
static inline void drv_pick_at(RtGame *g, const char *text, int prefix)
{
    int i = drv_find_at(g, text, prefix);
    cr_assert(i >= 0, "no option %s\"%s\" for %s (prompt \"%s\"); options: %s", prefix ? "starting with " : "", text,
              rt_player_name(g, rt_decision_player(g), (char[64]){0}, 64), rt_decision_prompt(g), drv_labels(g));
    rt_apply(g, i);
    cr_assert(!rt_failed(g), "runtime error: %s", rt_error(g));
}
static inline void drv_pick(RtGame *g, const char *text) { drv_pick_at(g, text, 0); }
static inline void drv_pick_prefix(RtGame *g, const char *text) { drv_pick_at(g, text, 1); }

/* drv_pick_next: pick the option, then advance to the next decision (0: game over). */
static inline int drv_pick_next(RtGame *g, const char *text)
{
    drv_pick(g, text);
    return drv_next(g);
}

/* ---- zones, cards, variables, kinds -------------------------------------------------- */

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

/* drv_in: zone of p holds the card called card. */
static inline int drv_in(RtGame *g, const char *zone, int p, const char *card)
{
    return drv_find_card(g, zone, p, card) != RT_NONE;
}

/* drv_card: the instance of the named card in zone (of p), which must hold it. */
static inline RtValue drv_card(RtGame *g, const char *zone, int p, const char *name)
{
    RtValue c = drv_find_card(g, zone, p, name);
    cr_assert(c != RT_NONE, "%s is not in %s", name, zone);
    return c;
}

/* drv_count_named: copies of the card called card in zone name of p. */
static inline int drv_count_named(RtGame *g, const char *zone, int p, const char *card)
{
    RtValue z = drv_zone(g, zone, p);
    int n = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++)
        if (strcmp(rt_card_name(g, rt_zone_at(g, z, i)), card) == 0)
            n++;
    return n;
}

/* drv_top_name: the name of the top card of a zone ("" if empty). */
static inline const char *drv_top_name(RtGame *g, const char *zone, int p)
{
    RtValue z = drv_zone(g, zone, p);
    int n = rt_zone_size(g, z);
    return n ? rt_card_name(g, rt_zone_at(g, z, n - 1)) : "";
}

/* drv_total_cards: the sum of the sizes of every zone instance. */
static inline int drv_total_cards(RtGame *g)
{
    const RtGameDef *d = rt_def(g);
    int n = 0;
    for (int i = 0; i < d->nzones; i++) {
        if (d->zones[i].per_player)
            for (int p = 0; p < rt_players(g); p++)
                n += rt_zone_size(g, rt_zone(g, i, p));
        else
            n += rt_zone_size(g, rt_zone(g, i, 0));
    }
    return n;
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

/* drv_set_var: set a shared variable (logged as the rules' assignments are). */
static inline void drv_set_var(RtGame *g, const char *name, int v) { rt_set(g, drv_var_index(g, name), RT_NONE, v); }

static inline int drv_kind(const RtGame *g, const char *name)
{
    const RtGameDef *d = rt_def(g);
    for (int i = 0; i < d->nkinds; i++)
        if (strcmp(d->kinds[i].name, name) == 0)
            return i;
    cr_assert_fail("no kind named %s", name);
    return -1;
}

/* drv_slot: the index of state among kind's card states. */
static inline int drv_slot(const RtGame *g, const char *kind, const char *state)
{
    const RtKindDef *k = &rt_def(g)->kinds[drv_kind(g, kind)];
    for (int i = 0; i < k->nstate; i++)
        if (strcmp(k->state_names[i], state) == 0)
            return i;
    cr_assert_fail("kind %s has no state %s", kind, state);
    return -1;
}

/* drv_state / drv_set_state: card's state called state of kind (setting it is logged). */
static inline int drv_state(RtGame *g, RtValue card, const char *kind, const char *state)
{
    return (int)rt_card_state(g, card, drv_kind(g, kind), drv_slot(g, kind, state), 0);
}
static inline void drv_set_state(RtGame *g, RtValue card, const char *kind, const char *state, int v)
{
    rt_set_card_state(g, card, drv_kind(g, kind), drv_slot(g, kind, state), v, 0);
}

/* drv_field: the integer field name of card c (from its printed fields,
   "capacity 3, need_t 2, ..."). */
static inline int drv_field(RtGame *g, RtValue c, const char *name)
{
    const RtGameDef *d = rt_def(g);
    const char *card = rt_card_name(g, c);
    for (int i = 0; i < d->ncards; i++) {
        if (strcmp(d->cards[i].name, card) != 0)
            continue;
        const char *f = d->view->card_fields[i];
        size_t n = strlen(name);
        for (const char *p = f; (p = strstr(p, name)) != NULL; p += n)
            if ((p == f || p[-1] == ' ') && p[n] == ' ')
                return atoi(p + n + 1);
        cr_assert_fail("%s has no field %s (%s)", card, name, f);
    }
    cr_assert_fail("no card %s", card);
    return 0;
}

/* ---- the log ------------------------------------------------------------------------- */

/* drv_line: event i of the log as viewer sees it (-1: omniscient; a static buffer, one of 4). */
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

/* drv_log_find_as: the first event at or after from whose text (for
   viewer) contains needle, or -1. */
static inline int drv_log_find_as(const RtGame *g, int viewer, int from, const char *needle)
{
    for (int i = from < 0 ? 0 : from; i < rt_log_count(g); i++)
        if (strstr(drv_line(g, i, viewer), needle))
            return i;
    return -1;
}

/* drv_log_count_as: events in [from, to) whose text (for viewer) contains
   needle (to < 0: the end). */
static inline int drv_log_count_as(const RtGame *g, int viewer, int from, int to, const char *needle)
{
    int n = 0;
    if (to < 0 || to > rt_log_count(g))
        to = rt_log_count(g);
    for (int i = from < 0 ? 0 : from; i < to; i++)
        if (strstr(drv_line(g, i, viewer), needle))
            n++;
    return n;
}

/* drv_log_find / drv_log_count: the same in the omniscient log. */
static inline int drv_log_find(const RtGame *g, int from, const char *needle)
{
    return drv_log_find_as(g, -1, from, needle);
}
static inline int drv_log_count(const RtGame *g, int from, int to, const char *needle)
{
    return drv_log_count_as(g, -1, from, to, needle);
}

/* drv_last_choice: the last "choose" event (omniscient), or "". */
static inline const char *drv_last_choice(const RtGame *g)
{
    for (int i = rt_log_count(g) - 1; i >= 0; i--) {
        const char *l = drv_line(g, i, -1);
        if (strncmp(l, "choose ", 7) == 0)
            return l;
    }
    return "";
}

/* drv_assert_same_games: a and b have the same hash and, event by event,
   the same omniscient log. */
static inline void drv_assert_same_games(const RtGame *a, const RtGame *b)
{
    cr_assert_eq(rt_hash(a), rt_hash(b));
    cr_assert_eq(rt_log_count(a), rt_log_count(b));
    for (int i = 0; i < rt_log_count(a); i++)
        cr_assert_str_eq(drv_line(a, i, -1), drv_line(b, i, -1));
}

/* ---- random play ---------------------------------------------------------------------- */

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

/* drv_played_p: a new game (drv_new_p) played to the end by random moves
   from rngseed, which must end by the rules with no runtime error; the
   caller frees it. */
static inline RtGame *drv_played_p(const RtGameDef *def, uint64_t seed, int players, uint64_t rngseed)
{
    RtGame *g = drv_new_p(def, seed, players);
    drv_play_random(g, rngseed);
    cr_assert(rt_over(g) && !rt_failed(g), "seed %llu: %s", (unsigned long long)seed, rt_error(g));
    return g;
}

/* A test of the pending decision (is it the one a test waits for?). */
typedef int (*DrvPred)(const RtGame *g);

/* drv_random_until: random moves until pred holds at a decision; 0 if the game ended. */
static inline int drv_random_until(RtGame *g, uint64_t *rng, DrvPred pred)
{
    do {
        drv_random_move(g, rng);
        if (!drv_next(g))
            return 0;
    } while (!pred(g));
    return 1;
}

/* drv_new_until: a new game (drv_new_p) advanced by random moves to the
   first decision where pred holds, which must come; the caller frees it. */
static inline RtGame *drv_new_until(const RtGameDef *def, uint64_t seed, int players, DrvPred pred)
{
    RtGame *g = drv_new_p(def, seed, players);
    uint64_t rng = seed * 31u + 7u;
    cr_assert(drv_next(g));
    while (!pred(g)) {
        drv_random_move(g, &rng);
        cr_assert(drv_next(g));
    }
    return g;
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

/* drv_search_p: random games of def for players and seeds from..to, each
   decision shown to visit (drv_visit); returns the seed at which the
   visitor stopped (the game is left in *out, the caller's to free, if out
   is given, else freed), or 0. */
static inline uint64_t drv_search_p(const RtGameDef *def, int players, uint64_t from, uint64_t to, DrvVisit visit,
                                    void *ctx, RtGame **out)
{
    for (uint64_t seed = from; seed <= to; seed++) {
        RtGame *g = drv_new_p(def, seed, players);
        if (drv_visit(g, seed, visit, ctx)) {
            if (out)
                *out = g;
            else
                rt_free(g);
            return seed;
        }
        rt_free(g);
    }
    return 0;
}

#endif
