/* drive.h: what the rule tests of simple (Simple Rebellion) need beyond
   tests/common/game_driver.h (starting games, options, names, the log,
   random play): the seats, copies of the packet's tables (units, leaders,
   mission cards, the location deck) to check the log against (not the
   script's own data), whole games played at random, and the log's moves.
   Header-only; every function is static. */
#ifndef SIMPLE_DRIVE_H
#define SIMPLE_DRIVE_H

#include "game_driver.h"
#include "simple.h"

enum { RES = 0, IMP = 1 }; /* seats: the Resistance is seat 1 */

/* ---- the packet's unit list (copied from "Simple Rebellion") ---------------------------- */
typedef struct DrvUnit {
    const char *name;
    int ground, agile, size, transports, needs_transport, immobile;
} DrvUnit;
static const DrvUnit drv_units[] = {
    {"Light Fighter", 0, 1, 1, 0, 0, 0},   {"Medium Fighter", 0, 1, 1, 0, 0, 0},
    {"Transport", 0, 0, 2, 4, 0, 0},       {"Light Cruiser", 0, 0, 2, 2, 0, 0},
    {"Heavy Cruiser", 0, 0, 4, 4, 0, 0},   {"Troops (Resistance)", 1, 1, 1, 0, 1, 0},
    {"Speeder", 1, 0, 2, 0, 1, 0},         {"Planetary Shields", 1, 0, 3, 0, 0, 1},
    {"Planetary Cannon", 1, 0, 3, 0, 0, 1}, {"Fighter", 0, 1, 1, 0, 1, 0},
    {"Assault Shuttle", 0, 1, 2, 4, 0, 0}, {"Dreadnought", 0, 0, 4, 6, 0, 0},
    {"Super Dreadnought", 0, 0, 2, 8, 0, 0}, {"Doom Star", 0, 0, -1, 8, 0, 0},
    {"Troops (Imperium)", 1, 1, 1, 0, 1, 0}, {"Scout Walker", 1, 0, 2, 0, 1, 0},
    {"Heavy Walker", 1, 0, 3, 0, 1, 0},    {"Doom Star - Under Construction", 0, 1, 4, 0, 0, 1},
};
#define DRV_NUNITS ((int)(sizeof drv_units / sizeof drv_units[0]))

static inline const DrvUnit *drv_unit(const char *name)
{
    for (int i = 0; i < DRV_NUNITS; i++)
        if (strcmp(drv_units[i].name, name) == 0)
            return &drv_units[i];
    cr_assert_fail("not a unit of the packet: %s", name);
    return NULL;
}

/* ---- the packet's leader list: icons hearts, diamonds, clubs, spades --------------------- */
typedef struct DrvLeader {
    const char *name;
    int icons[4];
} DrvLeader;
static const DrvLeader drv_leaders[] = {
    {"Colonel (Resistance)", {1, 0, 1, 1}},   {"Commander (Resistance)", {1, 2, 0, 0}},
    {"Princess", {2, 2, 0, 1}},               {"Senator", {3, 0, 1, 0}},
    {"Sage", {1, 3, 0, 0}},                   {"Gambler", {1, 1, 1, 1}},
    {"Copilot", {0, 0, 0, 3}},                {"Smuggler", {1, 1, 0, 2}},
    {"General (Resistance)", {0, 2, 0, 2}},   {"Admiral (Resistance)", {2, 0, 1, 0}},
    {"Ace Pilot (Resistance)", {0, 0, 0, 2}}, {"Paladin", {0, 3, 0, 2}},
    {"Dark Lord", {2, 0, 0, 3}},              {"Emperor", {4, 2, 0, 0}},
    {"Colonel (Imperium)", {0, 0, 2, 0}},     {"Governor", {1, 1, 1, 0}},
    {"Tactician", {0, 1, 1, 0}},              {"Admiral (Imperium)", {0, 2, 1, 0}},
    {"Hunter", {0, 2, 0, 3}},                 {"Brigadier", {0, 3, 0, 0}},
    {"General (Imperium)", {0, 0, 0, 2}},     {"Diplomat", {2, 1, 0, 0}},
    {"Commander (Imperium)", {1, 0, 1, 0}},   {"Ace Pilot (Imperium)", {0, 1, 0, 2}},
};
#define DRV_NLEADERS ((int)(sizeof drv_leaders / sizeof drv_leaders[0]))

static inline const DrvLeader *drv_leader(const char *name)
{
    for (int i = 0; i < DRV_NLEADERS; i++)
        if (strcmp(drv_leaders[i].name, name) == 0)
            return &drv_leaders[i];
    return NULL;
}

/* The suit of a mission card "10♠" (0 hearts .. 3 spades) and its rank (1 for the ace). */
static inline int drv_card_suit(const char *card)
{
    static const char *const sym[4] = {"♥", "♦", "♣", "♠"};
    for (int s = 0; s < 4; s++)
        if (strstr(card, sym[s]))
            return s;
    cr_assert_fail("not a mission card: %s", card);
    return -1;
}
static inline int drv_card_rank(const char *card) { return card[0] == 'A' ? 1 : atoi(card); }
static inline int drv_suit_of_word(const char *w)
{
    static const char *const words[4] = {"hearts", "diamonds", "clubs", "spades"};
    for (int s = 0; s < 4; s++)
        if (strncmp(w, words[s], strlen(words[s])) == 0)
            return s;
    cr_assert_fail("not a suit: %s", w);
    return -1;
}

/* ---- the location deck as the sheet gives it: names by suit, ranks 1 to 8. */
__attribute__((unused)) static const char *const drv_systems[4][8] = {
    {"Kalavel I", "Kalavel II", "Kalavel III", "Kalavel IV", "Drougayn I", "Drougayn II", "Drougayn III", "Drougayn IV"},
    {"Corvane I", "Corvane II", "Corvane III", "Corvane IV", "Tauran I", "Tauran II", "Tauran III", "Tauran IV"},
    {"Varos I", "Varos II", "Varos III", "Varos IV", "Peles I", "Peles II", "Peles III", "Peles IV"},
    {"Ajada Prime", "Ajada II", "Ajada III", "Ajada IV", "Mirrin I", "Mirrin II", "Mirrin III", "Mirrin IV"},
};
__attribute__((unused)) static const char *const drv_suits[4] = {"♥", "♦", "♣", "♠"};

/* ---- games ------------------------------------------------------------------------------- */

/* drv_new: a new game of simple for its 2 players. */
static inline RtGame *drv_new(uint64_t seed) { return drv_new_p(&simple_game, seed, 2); }

/* drv_played: a whole game of seed played by random moves, checked to end by the rules. */
static inline RtGame *drv_played(uint64_t seed) { return drv_played_p(&simple_game, seed, 2, seed * 7 + 1); }

/* ---- the log ----------------------------------------------------------------------------- */

/* drv_at: event i of the omniscient log. */
static inline const char *drv_at(const RtGame *g, int i) { return drv_line(g, i, -1); }

/* drv_moved: line is `move "NAME" FROM -> TO`; copies the three parts. */
static inline int drv_moved(const char *line, char *name, char *from, char *to)
{
    if (strncmp(line, "move \"", 6) != 0)
        return 0;
    const char *q = strchr(line + 6, '"');
    if (!q)
        return 0;
    size_t n = (size_t)(q - (line + 6));
    memcpy(name, line + 6, n);
    name[n] = 0;
    return sscanf(q + 1, " %127s -> %127s", from, to) == 2;
}

/* drv_zone_of_system: "Ajada Prime" -> "units_ajada_prime" (the per-space zone). */
static inline void drv_zone_of_system(const char *system, char *out, size_t cap)
{
    size_t k = (size_t)snprintf(out, cap, "units_");
    for (const char *c = system; *c && k + 1 < cap; c++)
        out[k++] = *c == ' ' ? '_' : (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    out[k] = 0;
}

#endif
