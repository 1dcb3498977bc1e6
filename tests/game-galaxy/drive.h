/* drive.h: what the rule tests of galaxy (Galaxy Rebellion) need beyond
   tests/common/game_driver.h (starting games, picking options by label,
   names, card states, the log, random play): the symbols and their
   labels, the planets' spaces from a copy of cards/galaxy/planets.cards,
   the Rebel tokens, the Sith Lords, and the turn's menu. Header-only;
   every function is static. */
#ifndef GALAXY_DRIVE_H
#define GALAXY_DRIVE_H

#include "game_driver.h"
#include "galaxy.h"

/* enum symbol, in declaration order (cards/galaxy/game.cards) */
enum { S_STORM = 0, S_TIE, S_ATAT, S_SD, S_VP, S_IMP };
static const char *const drv_place_label[] = {"place a Stormtrooper", "place a TIE Fighter", "place an AT-AT",
                                              "place a Star Destroyer", NULL, "place the Imperial symbol (wildcard)"};
static const char *const drv_reroll_label[] = {"reroll a Stormtrooper", "reroll a TIE Fighter", "reroll an AT-AT",
                                               "reroll a Star Destroyer", "reroll a victory point",
                                               "reroll an Imperial symbol"};

/* ---- the planets (a copy of cards/galaxy/planets.cards) ------------------------ */
/* Rows: S Stormtrooper, T TIE Fighter, A AT-AT, D Star Destroyer, I Imperial;
   then the reward: victory points and Allies. */
typedef struct DrvRow {
    const char *symbols;
    int vp, ally;
} DrvRow;
typedef struct DrvBoard {
    const char *title;
    int stage;
    DrvRow rows[6];
} DrvBoard;

__attribute__((unused)) static const DrvBoard drv_boards[] = {
    {"Yavin 4", 1, {{"SS", 1, 0}, {"TA", 0, 1}, {"ADD", 2, 0}, {"TTS", 2, 0}, {"DAI", 2, 1}}},
    {"Hoth", 2, {{"AAA", 2, 0}, {"STI", 0, 1}, {"DDS", 2, 0}, {"TTAA", 3, 0}, {"ISD", 2, 1}}},
    {"Dagobah", 3, {{"SA", 1, 0}, {"TTI", 0, 1}, {"DAST", 3, 0}, {"ADI", 2, 0}, {"SSD", 1, 1}}},
    {"Bespin", 3, {{"TD", 1, 0}, {"SSAI", 2, 1}, {"ATT", 2, 0}, {"DDSA", 3, 0}, {"IIT", 2, 1}}},
    {"Tatooine", 4, {{"AST", 2, 0}, {"DDD", 0, 1}, {"SSIT", 3, 0}, {"TAAD", 3, 1}, {"ISDA", 4, 0}}},
    {"Endor", 5, {{"SSA", 0, 1}, {"TID", 2, 0}, {"AATS", 2, 1}, {"DTTI", 3, 0}, {"SADDII", 4, 1}}},
    {"Death Star 2", 6, {{"STA", 3, 0}, {"DDI", 3, 0}, {"TTSS", 4, 0}, {"AADI", 4, 0}, {"ISTAD", 5, 0}, {"IIDTA", 6, 0}}},
};
#define DRV_NBOARDS ((int)(sizeof drv_boards / sizeof drv_boards[0]))

/* drv_letter_symbol: the symbol of a letter of the rows above. */
static inline int drv_letter_symbol(char c)
{
    switch (c) {
    case 'S': return S_STORM;
    case 'T': return S_TIE;
    case 'A': return S_ATAT;
    case 'D': return S_SD;
    case 'I': return S_IMP;
    }
    cr_assert_fail("bad symbol letter %c", c);
    return -1;
}

/* drv_space: parse "Title r.c" into board index, row and column (1-based); 0 if not a space. */
static inline int drv_space(const char *name, int *b, int *r, int *c)
{
    for (int i = 0; i < DRV_NBOARDS; i++) {
        size_t n = strlen(drv_boards[i].title);
        if (strncmp(name, drv_boards[i].title, n) == 0 && name[n] == ' ' &&
            sscanf(name + n + 1, "%d.%d", r, c) == 2) {
            *b = i;
            return 1;
        }
    }
    return 0;
}

/* drv_space_symbol: the symbol printed on the space called name. */
static inline int drv_space_symbol(const char *name)
{
    int b, r, c;
    cr_assert(drv_space(name, &b, &r, &c), "not a space: %s", name);
    return drv_letter_symbol(drv_boards[b].rows[r - 1].symbols[c - 1]);
}

/* ---- starting and advancing ------------------------------------------------------ */

/* drv_new: a new game of galaxy for 2 players. */
static inline RtGame *drv_new(uint64_t seed) { return drv_new_p(&galaxy_game, seed, 2); }

/* ---- the turn's decisions ---------------------------------------------------------- */

/* drv_is_menu: the pending decision is the turn's menu. */
static inline int drv_is_menu(const RtGame *g) { return drv_has(g, "end your turn"); }
/* drv_is_space_choice: every option is a space. */
static inline int drv_is_space_choice(const RtGame *g)
{
    int b, r, c;
    for (int i = 0; i < rt_option_count(g); i++)
        if (!drv_space(drv_option_name(g, i), &b, &r, &c))
            return 0;
    return rt_option_count(g) > 0;
}

/* ---- zones, cards, variables ---------------------------------------------------------- */

/* drv_vp: p's victory points. */
static inline int drv_vp(const RtGame *g, int p) { return drv_var(g, "vp", p); }

/* drv_covered: the space called name (in play) is covered. */
static inline int drv_covered(RtGame *g, const char *name)
{
    RtValue s = drv_find_card(g, "spaces", 0, name);
    cr_assert(s != RT_NONE, "space %s not in play", name);
    return drv_state(g, s, "space", "covered");
}
/* drv_free: empty spaces in play. */
static inline int drv_free(RtGame *g)
{
    RtValue z = drv_zone(g, "spaces", 0);
    int n = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++)
        n += !drv_state(g, rt_zone_at(g, z, i), "space", "covered");
    return n;
}
/* drv_pool_faces: how many dice in the pool show face f. */
static inline int drv_pool_faces(RtGame *g, int f)
{
    RtValue z = drv_zone(g, "pool", 0);
    int n = 0;
    for (int i = 0; i < rt_zone_size(g, z); i++)
        n += drv_state(g, rt_zone_at(g, z, i), "imperial_die", "face") == f;
    return n;
}
/* drv_token_mark: the symbol of p's Rebel token (a copy of cards/galaxy/tokens.cards). */
static inline int drv_token_mark(RtGame *g, int p)
{
    RtValue z = drv_zone(g, "token", p);
    cr_assert_eq(rt_zone_size(g, z), 1);
    const char *n = rt_card_name(g, rt_zone_at(g, z, 0));
    if (!strcmp(n, "Luke Skywalker"))
        return S_TIE;
    if (!strcmp(n, "Princess Leia"))
        return S_STORM;
    if (!strcmp(n, "Han Solo"))
        return S_SD;
    if (!strcmp(n, "Chewbacca"))
        return S_ATAT;
    cr_assert_fail("unknown Rebel token %s", n);
    return -1;
}
/* drv_sith_at: the zone holding the Sith Lord: -1 the edge, else the player he visits. */
static inline int drv_sith_at(RtGame *g, const char *name)
{
    if (drv_in(g, "edge", 0, name))
        return -1;
    for (int p = 0; p < rt_players(g); p++)
        if (drv_in(g, "visiting", p, name))
            return p;
    cr_assert_fail("%s is nowhere", name);
    return -2;
}

/* ---- the log ---------------------------------------------------------------------------- */

/* drv_pname: "Player N" for seat p (a static buffer, one of 4). */
static inline const char *drv_pname(int p)
{
    static char buf[4][24];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "Player %d", p + 1);
    return buf[k];
}

/* ---- turns ------------------------------------------------------------------------------- */

/* drv_end_turn: from the menu, end the turn and advance to the next decision. */
static inline int drv_end_turn(RtGame *g) { return drv_pick_next(g, "end your turn"); }

/* drv_at_turn_start: the pending decision is the first menu of a turn. */
static inline int drv_at_turn_start(const RtGame *g)
{
    if (!drv_is_menu(g))
        return 0;
    for (int i = rt_log_count(g) - 1; i >= 0; i--) {
        const char *l = drv_line(g, i, -1);
        if (strncmp(l, "choose ", 7) == 0)
            return 0;
        if (strncmp(l, "turn ", 5) == 0)
            return 1;
    }
    return 0;
}

/* drv_next_turn: random moves until the start of the next turn; 0 if the game ended. */
static inline int drv_next_turn(RtGame *g, uint64_t *rng) { return drv_random_until(g, rng, drv_at_turn_start); }

/* drv_first_turn: a new game advanced to the first turn's menu. */
static inline RtGame *drv_first_turn(const RtGameDef *def, uint64_t seed, int players)
{
    return drv_new_until(def, seed, players, drv_at_turn_start);
}

/* drv_symbol_names: the symbols by S_*, as the game's enum names them. */
static const char *const drv_symbol_names[] = {"stormtrooper", "tie_fighter", "at_at", "star_destroyer", "victory",
                                               "imperial"};

/* drv_space_option: the index of the option that is the space called name
   (whatever its label: "Yavin 4 2.1 (at_at)" while the log is on), or -1. */
static inline int drv_space_option(const RtGame *g, const char *name)
{
    for (int i = 0; i < rt_option_count(g); i++)
        if (strcmp(drv_option_name(g, i), name) == 0)
            return i;
    return -1;
}

/* drv_turn_player: whose turn it is (the last "turn" event). */
static inline int drv_turn_player(const RtGame *g)
{
    for (int i = rt_log_count(g) - 1; i >= 0; i--) {
        const char *l = drv_line(g, i, -1);
        int p;
        if (sscanf(l, "turn Player %d", &p) == 1)
            return p - 1;
    }
    return -1;
}

/* drv_place_dice: from the menu, place up to n dice (the first "place"
   option, the first space offered); returns how many were placed. Stops when
   the turn (or the game) is over. */
static inline int drv_place_dice(RtGame *g, int n)
{
    int placed = 0, p = drv_turn_player(g);
    while (placed < n && drv_is_menu(g) && drv_turn_player(g) == p) {
        int k = -1;
        for (int f = 0; f < 6 && k < 0; f++)
            if (drv_place_label[f] && drv_has(g, drv_place_label[f]))
                k = f;
        if (k < 0)
            break;
        drv_pick(g, drv_place_label[k]);
        if (!drv_next(g))
            return placed + 1;
        if (drv_is_space_choice(g)) {
            rt_apply(g, 0);
            if (!drv_next(g))
                return placed + 1;
        }
        placed++;
    }
    return placed;
}

/* drv_can_place_two: two dice could be placed now, one after the other
   (drv_place_dice tried on a clone; used to pick seeds). */
static inline int drv_can_place_two(RtGame *g)
{
    RtGame *c = rt_clone(g);
    int n = drv_place_dice(c, 2);
    rt_free(c);
    return n >= 2;
}

#endif
