/* drive.h: what the rule tests of dsr (Dark Side Rising) need beyond
   tests/common/game_driver.h (starting games, picking options by label,
   names, card states, the log, random play): dsr's enums in declaration
   order, its assets' states, its Imperial cards, and the turn's decisions.
   Header-only; every function is static. A test may set a card's state or
   a variable at a decision to build the situation a rule needs
   (drv_set_state, drv_set_var). */
#ifndef DSR_DRIVE_H
#define DSR_DRIVE_H

#include "game_driver.h"
#include "dsr.h"

/* enum sector, vader_face, hue and ending, in declaration order (cards/dsr/game.cards) */
enum { EADU = 0, JEDHA, SCARIF };
enum { V_CW = 0, V_CCW, V_HELMET, V_DEATH_STAR };
enum { END_PLAYING = 0, END_WIN, END_DEATH_STAR, END_REBELS, END_TEAM };
static const char *const drv_sector_name[] = {"Eadu", "Jedha", "Scarif"};
static inline int drv_cw(int s) { return (s + 1) % 3; }
static inline int drv_ccw(int s) { return (s + 2) % 3; }

/* ---- cards and state -------------------------------------------------------------- */

/* drv_damage / drv_at: an asset's damage and the sector it is at. */
static inline int drv_damage(RtGame *g, RtValue c) { return drv_state(g, c, "asset", "damage"); }
static inline int drv_at(RtGame *g, RtValue c) { return drv_state(g, c, "asset", "at"); }
/* drv_is_imperial: c is one of the Imperial cards (a copy of cards/dsr). */
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
/* drv_vader_die / drv_death_star_die / drv_vader: the dice of the dark side and Vader's sector. */
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
/* drv_at_conclude: the pending decision offers to conclude the turn. */
static inline int drv_at_conclude(const RtGame *g) { return drv_has(g, "conclude the turn"); }

/* drv_game_at_deploy: a new game, teams chosen at random, advanced to the
   first turn's deployment. */
static inline RtGame *drv_game_at_deploy(const RtGameDef *def, uint64_t seed, int players)
{
    return drv_new_until(def, seed, players, drv_at_deploy);
}

/* drv_turn_player: whose turn it is (the variable turn_of). */
static inline int drv_turn_player(const RtGame *g) { return (int)drv_var(g, "turn_of", 0); }

/* drv_finish_turn: play the rest of p's turn with the first options,
   forfeiting dice, re-rolling and concluding (and, when decline, declining
   the optional abilities); 0 if the game ended. */
static inline int drv_finish_turn(RtGame *g, int p, int decline)
{
    while (drv_turn_player(g) == p && !drv_at_deploy(g)) {
        if (decline && drv_has(g, "do not use the ability"))
            drv_pick(g, "do not use the ability");
        else if (drv_has(g, "forfeit a die and re-roll the rest"))
            drv_pick(g, "forfeit a die and re-roll the rest");
        else if (drv_has(g, "re-roll the remaining dice"))
            drv_pick(g, "re-roll the remaining dice");
        else if (drv_has(g, "conclude the turn"))
            drv_pick(g, "conclude the turn");
        else
            rt_apply(g, 0);
        if (!drv_next(g))
            return 0;
    }
    return 1;
}

#endif
