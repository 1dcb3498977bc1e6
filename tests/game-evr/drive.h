/* drive.h: what the rule tests of evr (Empire vs Rebellion) need beyond
   tests/common/game_driver.h (starting games, picking options by label or
   prefix, names, the log for any viewer, random play): the two sides,
   the cards' values and the events' numbers from copies of cards/evr, the
   setup's choices, the phases and the strategy cards. Header-only; every
   function is static. */
#ifndef EVR_DRIVE_H
#define EVR_DRIVE_H

#define REBEL 0
#define EMPIRE 1
#define DRV_MAX_ROUNDS 200

#include "game_driver.h"
#include "evr.h"

/* ---- starting and advancing ---------------------------------------------- */

/* drv_new: a new game of def (evr or a variant) for 2 players, ended after 200 rounds. */
static inline RtGame *drv_new(const RtGameDef *def, uint64_t seed) { return drv_new_p(def, seed, 2); }

/* drv_is_turn: the pending decision is a struggle turn. */
static inline int drv_is_turn(const RtGame *g) { return strcmp(rt_decision_prompt(g), "take a turn") == 0; }

/* ---- cards and sides ---------------------------------------------------------- */

/* drv_event: the name of the current event ("" if none). */
static inline const char *drv_event(RtGame *g) { return drv_top_name(g, "current", 0); }

/* drv_exhausted: a resource card's state "exhausted". */
static inline int drv_exhausted(RtGame *g, RtValue card) { return rt_card_state(g, card, drv_kind(g, "resource"), 0, 0); }

/* drv_pname: "Rebel Alliance" / "Galactic Empire". */
static inline const char *drv_pname(int p) { return p == REBEL ? "Rebel Alliance" : "Galactic Empire"; }

/* ---- card values (from cards/evr: resource value / exhausted value) ---------------- */

typedef struct DrvValue {
    const char *name;
    int value, exhausted;
} DrvValue;

__attribute__((unused)) static const DrvValue drv_values[] = {
    {"Luke Skywalker", 5, 2}, {"Leia Organa", 4, 2}, {"Han Solo", 4, 1}, {"Chewbacca", 5, 3},
    {"Obi-Wan Kenobi", 3, 1}, {"Lando Calrissian", 4, 2}, {"Mon Mothma", 3, 2}, {"R2-D2 and C-3PO", 2, 1},
    {"Rebel Trooper", 2, 2}, {"X-wing", 2, 2}, {"Y-wing", 2, 2}, {"Snowspeeder", 2, 2},
    {"Millennium Falcon", 4, 4}, {"Rebel Spy", 1, 1}, {"Corellian Corvette", 3, 3},
    {"Darth Vader", 6, 3}, {"Emperor Palpatine", 5, 2}, {"Grand Moff Tarkin", 4, 2}, {"Boba Fett", 4, 2},
    {"Admiral Piett", 3, 1}, {"Director Krennic", 3, 2}, {"General Veers", 4, 2}, {"Captain Needa", 3, 1},
    {"Stormtrooper", 2, 2}, {"TIE Fighter", 2, 2}, {"Probe Droid", 1, 1}, {"AT-AT Walker", 4, 4},
    {"Star Destroyer", 4, 4}, {"Imperial Officer", 1, 1}, {"Imperial Shuttle", 3, 3},
};

/* drv_value_of / drv_is_character: the values of the card called name
   (a character is worth less exhausted). */
static inline const DrvValue *drv_value_of(const char *name)
{
    for (size_t i = 0; i < sizeof drv_values / sizeof drv_values[0]; i++)
        if (strcmp(drv_values[i].name, name) == 0)
            return &drv_values[i];
    cr_assert_fail("no value for card %s", name);
    return NULL;
}

static inline int drv_is_character(const char *name)
{
    const DrvValue *v = drv_value_of(name);
    return v->value != v->exhausted;
}

/* drv_worth: card c's value now: its exhausted value while exhausted,
   unless full values count (Kessel Run); the powers' "value of N" reads it. */
static inline int drv_worth(RtGame *g, RtValue c, int full)
{
    const DrvValue *v = drv_value_of(rt_card_name(g, c));
    return drv_exhausted(g, c) && !full ? v->exhausted : v->value;
}

/* drv_total: p's total resource value computed from the play area (full: Kessel Run). */
static inline int drv_total(RtGame *g, int p, int full)
{
    RtValue z = drv_zone(g, "play", p);
    int t = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++)
        t += drv_worth(g, rt_zone_at(g, z, i), full);
    return t;
}

/* Event numbers (from cards/evr/events.csv). */
typedef struct DrvEvent {
    const char *name;
    int capacity, objective, victory, influence;
} DrvEvent;

__attribute__((unused)) static const DrvEvent drv_events[] = {
    {"Escape From Tatooine", 4, 12, 1, 1}, {"Rescue of Princess Leia", 4, 11, 1, 1},
    {"Destruction of Alderaan", 5, 14, 2, 0}, {"Battle of Yavin", 6, 18, 3, 0}, {"Battle of Hoth", 7, 17, 2, 1},
    {"Asteroid Field Chase", 4, 10, 1, 1}, {"Dagobah Training", 4, 10, 1, 2}, {"Cloud City Betrayal", 5, 13, 2, 1},
    {"Bounty on Han Solo", 4, 13, 1, 2}, {"Jabba's Palace", 5, 12, 1, 2}, {"Battle of Endor", 8, 20, 3, 1},
    {"Duel on the Death Star", 3, 9, 1, 1}, {"Theft of the Death Star Plans", 6, 15, 2, 1},
    {"Battle of Scarif", 7, 19, 3, 0}, {"Kessel Run", 3, 8, 1, 0}, {"Mos Eisley Cantina", 4, 9, 1, 1},
    {"Attack on the Shield Generator", 6, 16, 2, 1}, {"Dissolution of the Imperial Senate", 5, 12, 2, 2},
    {"Capture of the Tantive IV", 3, 10, 1, 1}, {"Search for the Rebel Base", 6, 14, 2, 1},
    {"Alliance with Mon Calamari", 5, 15, 2, 1}, {"Tibanna Gas Heist", 5, 11, 1, 1}, {"Raid on Jedha", 4, 11, 1, 0},
    {"Construction of the Second Death Star", 8, 19, 3, 2},
};

/* drv_event_info: the numbers of the event called name. */
static inline const DrvEvent *drv_event_info(const char *name)
{
    for (size_t i = 0; i < sizeof drv_events / sizeof drv_events[0]; i++)
        if (strcmp(drv_events[i].name, name) == 0)
            return &drv_events[i];
    cr_assert_fail("no event %s", name);
    return NULL;
}

/* drv_setup: answer the setup's character choices by name (NULL: the first
   option offered), Rebel first; returns with no decision applied after. */
static inline void drv_setup(RtGame *g, const char *const *reb, const char *const *emp)
{
    for (int k = 0; k < 8; k++) {
        const char *const *names = k < 4 ? reb : emp;
        cr_assert(drv_next(g), "game over during setup");
        cr_assert_eq(rt_decision_player(g), k < 4 ? REBEL : EMPIRE, "setup choice %d by the wrong player", k);
        if (names && names[k % 4])
            drv_pick(g, names[k % 4]);
        else
            rt_apply(g, 0);
    }
}

/* drv_phase: the name of the last "phase" event ("" before any). */
static inline const char *drv_phase(const RtGame *g)
{
    for (int i = rt_log_count(g) - 1; i >= 0; i--) {
        const char *l = drv_line(g, i, -1);
        if (strncmp(l, "phase ", 6) == 0)
            return l + 6;
        if (strncmp(l, "round ", 6) == 0)
            return "";
    }
    return "";
}

/* drv_is_strategy_name: name is one of the 10 strategy cards. */
static inline int drv_is_strategy_name(const char *name)
{
    static const char *const names[] = {"Rebel Deception", "Rebel Infiltration", "Diplomacy", "Hit and Run", "Hope",
                                        "Imperial Deception", "Imperial Infiltration", "Propaganda", "Reinforcements",
                                        "Intimidation"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

/* drv_is_strategy_choice: the pending decision is the planning phase's choice of a strategy. */
static inline int drv_is_strategy_choice(const RtGame *g)
{
    return strcmp(drv_phase(g), "planning") == 0 && rt_option_count(g) > 0 && drv_is_strategy_name(drv_label(g, 0));
}

/* drv_search: random games of def for seeds from..to, each visited at every
   decision (drv_visit); returns the seed at which the visitor stopped, or 0. */
static inline uint64_t drv_search(const RtGameDef *def, uint64_t from, uint64_t to, DrvVisit visit, void *ctx)
{
    return drv_search_p(def, 2, from, to, visit, ctx, NULL);
}

/* drv_capacity / drv_objective: the current event's numbers. */
static inline int drv_capacity(RtGame *g) { return drv_event_info(drv_event(g))->capacity; }
static inline int drv_objective(RtGame *g) { return drv_event_info(drv_event(g))->objective; }

#endif
