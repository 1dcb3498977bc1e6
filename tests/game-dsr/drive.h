/* drive.h: drive games of dsr (Dark Side Rising) through the runtime API
   for the rule tests. Header-only; every function is static. Options are
   picked by label, zones, variables and card states are found by their
   declared names, and the log is searched as text (omniscient). A test
   may set a card's state or a variable at a decision to build the
   situation a rule needs (rt_set_card_state, rt_set). */
#ifndef DSR_DRIVE_H
#define DSR_DRIVE_H

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"
#include "dsr.h"

#define LBL 256

#include "game_driver.h"

/* enum sector, vader_face, hue and ending, in declaration order (cards/dsr/game.cards) */
enum { EADU = 0, JEDHA, SCARIF };
enum { V_CW = 0, V_CCW, V_HELMET, V_DEATH_STAR };
enum { END_PLAYING = 0, END_WIN, END_DEATH_STAR, END_REBELS, END_TEAM };
static const char *const drv_sector_name[] = {"Eadu", "Jedha", "Scarif"};
static inline int drv_cw(int s) { return (s + 1) % 3; }
static inline int drv_ccw(int s) { return (s + 2) % 3; }

static inline RtGame *drv_new_p(const RtGameDef *def, uint64_t seed, int players)
{
    RtOptions o;
    memset(&o, 0, sizeof o);
    o.players = players;
    o.seed = seed;
    o.log = 1;
    o.max_rounds = 1000;
    RtGame *g = rt_new(def, &o);
    cr_assert_not_null(g, "rt_new failed for seed %llu", (unsigned long long)seed);
    return g;
}

static inline int drv_find(const RtGame *g, const char *text)
{
    for (int i = 0; i < rt_option_count(g); i++)
        if (strcmp(drv_label(g, i), text) == 0)
            return i;
    return -1;
}
static inline int drv_has(const RtGame *g, const char *text) { return drv_find(g, text) >= 0; }

static inline void drv_pick(RtGame *g, const char *text)
{
    int i = drv_find(g, text);
    cr_assert(i >= 0, "no option \"%s\" for Player %d; options: %s", text, rt_decision_player(g) + 1, drv_labels(g));
    rt_apply(g, i);
    cr_assert(!rt_failed(g), "runtime error: %s", rt_error(g));
}
/* drv_pick_next: pick the option, then advance to the next decision (0: game over). */
static inline int drv_pick_next(RtGame *g, const char *text)
{
    drv_pick(g, text);
    return drv_next(g);
}

/* ---- cards and state -------------------------------------------------------------- */

static inline int drv_slot(const RtGame *g, const char *kind, const char *state)
{
    const RtKindDef *k = &rt_def(g)->kinds[drv_kind(g, kind)];
    for (int i = 0; i < k->nstate; i++)
        if (strcmp(k->state_names[i], state) == 0)
            return i;
    cr_assert_fail("kind %s has no state %s", kind, state);
    return -1;
}
static inline int drv_state(RtGame *g, RtValue card, const char *kind, const char *state)
{
    return (int)rt_card_state(g, card, drv_kind(g, kind), drv_slot(g, kind, state), 0);
}
static inline void drv_set_state(RtGame *g, RtValue card, const char *kind, const char *state, int v)
{
    rt_set_card_state(g, card, drv_kind(g, kind), drv_slot(g, kind, state), v, 0);
}
/* drv_set_var: set a shared variable (logged as the rules' assignments are). */
static inline void drv_set_var(RtGame *g, const char *name, int v) { rt_set(g, drv_var_index(g, name), RT_NONE, v); }

/* drv_card: the instance of the named card in zone (of p), which must hold it. */
static inline RtValue drv_card(RtGame *g, const char *zone, int p, const char *name)
{
    RtValue c = drv_find_card(g, zone, p, name);
    cr_assert(c != RT_NONE, "%s is not in %s", name, zone);
    return c;
}
static inline int drv_in(RtGame *g, const char *zone, int p, const char *card)
{
    return drv_find_card(g, zone, p, card) != RT_NONE;
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
static inline int drv_damage(RtGame *g, RtValue c) { return drv_state(g, c, "asset", "damage"); }
static inline int drv_at(RtGame *g, RtValue c) { return drv_state(g, c, "asset", "at"); }
static inline int drv_is_imperial(RtGame *g, RtValue c)
{
    const char *n = rt_card_name(g, c);
    static const char *const imperials[] = {"Stormtrooper", "Death Troopers", "AT-ACT", "TIE Fighters",
                                            "Star Destroyer", "Grand Moff Tarkin", "Grand Admiral Thrawn",
                                            "Director Krennic", "Imperial Probe Droid", "The Grand Inquisitor",
                                            "AT-ST"};
    for (size_t i = 0; i < sizeof imperials / sizeof imperials[0]; i++)
        if (strcmp(n, imperials[i]) == 0)
            return 1;
    return 0;
}
static inline RtValue drv_vader_die(RtGame *g) { return drv_card(g, "darkside", 0, "Darth Vader die"); }
static inline RtValue drv_death_star_die(RtGame *g) { return drv_card(g, "darkside", 0, "Death Star die"); }
static inline int drv_vader(const RtGame *g) { return (int)drv_var(g, "vader", 0); }

/* ---- the turn's decisions --------------------------------------------------------- */

/* drv_at_deploy: the pending decision is the Team Deployment Token's sector. */
static inline int drv_at_deploy(const RtGame *g)
{
    return rt_option_count(g) == 3 && drv_has(g, "Eadu") && drv_has(g, "Jedha") && drv_has(g, "Scarif");
}
/* drv_at_roll: the pending decision is the menu before the opening roll. */
static inline int drv_at_roll(const RtGame *g) { return drv_has(g, "roll the dice"); }
/* drv_at_assign: the pending decision is the menu of a roll. */
static inline int drv_at_assign(const RtGame *g)
{
    return drv_has(g, "re-roll the remaining dice") || drv_has(g, "forfeit a die and re-roll the rest");
}
static inline int drv_at_conclude(const RtGame *g) { return drv_has(g, "conclude the turn"); }

/* drv_game_at_deploy: a new game, teams chosen at random, advanced to the
   first turn's deployment. */
static inline RtGame *drv_game_at_deploy(const RtGameDef *def, uint64_t seed, int players)
{
    RtGame *g = drv_new_p(def, seed, players);
    uint64_t rng = seed * 31u + 7u;
    cr_assert(drv_next(g));
    while (!drv_at_deploy(g)) {
        drv_random_move(g, &rng);
        cr_assert(drv_next(g));
    }
    return g;
}

/* drv_random_until: random moves until pred holds at a decision; 0 if the game ended. */
static inline int drv_random_until(RtGame *g, uint64_t *rng, int (*pred)(const RtGame *))
{
    do {
        drv_random_move(g, rng);
        if (!drv_next(g))
            return 0;
    } while (!pred(g));
    return 1;
}

/* drv_turn_player: whose turn it is (the variable turn_of). */
static inline int drv_turn_player(const RtGame *g) { return (int)drv_var(g, "turn_of", 0); }

/* ---- the log ------------------------------------------------------------------------ */

static inline int drv_log_find(const RtGame *g, int from, const char *needle)
{
    for (int i = from < 0 ? 0 : from; i < rt_log_count(g); i++)
        if (strstr(drv_line(g, i, -1), needle))
            return i;
    return -1;
}
static inline int drv_log_count(const RtGame *g, int from, int to, const char *needle)
{
    int n = 0;
    if (to < 0 || to > rt_log_count(g))
        to = rt_log_count(g);
    for (int i = from < 0 ? 0 : from; i < to; i++)
        if (strstr(drv_line(g, i, -1), needle))
            n++;
    return n;
}

#endif
