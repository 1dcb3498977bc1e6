/* minigame.h: a small hand-written game in the shape cardc generates, for the runtime's tests. */
#ifndef MINIGAME_H
#define MINIGAME_H

#include "cardrt.h"

enum { K_UNIT, K_TOKEN };
enum { Z_BOX, Z_DECK, Z_HAND, Z_TABLE, Z_POOL };
enum { V_SCORE, V_SECRET, V_MARKER };
enum { ST_TAPPED, ST_DMG };   /* unit state slots */
enum { S_PASS, S_PLAY, S_PROMPT, S_MAIN, S_SECRET, S_LEFT, S_RIGHT, S_BONUS, S_ONE, S_TWO };
enum { SC_SETUP, SC_ROUND, SC_BETA, SC_BROKEN, SC_ENDLESS, SC_DEEP, SC_ENTER, SC_PHASE, SC_DEEP_ENTERED };

/* Card instances in the box at the start (card-def order, copies consecutive). */
enum { I_ALPHA0, I_ALPHA1, I_ALPHA2, I_BETA0, I_BETA1, I_GAMMA, N_INST };

extern const RtGameDef mini_base;     /* the game */
extern const RtGameDef mini_broken;   /* setup takes the top of an empty hand at mini.cards:62 */
extern const RtGameDef mini_endless;  /* no setup; a round that never ends the game */
extern const RtGameDef mini_deep;     /* a round that calls itself forever */
extern const RtGameDef mini_enter;    /* a round that calls a procedure as cardc writes it (rt_enter) */
extern const RtGameDef mini_deep_entered; /* mini_deep, its calls written as cardc writes them */
extern const RtGameDef *const mini_defs[4];

#endif
