/* evr_ref.h: the hand-written reference engine of Star Wars: Empire vs.
   Rebellion, the yardstick of `make bench` (bench/run.sh). One game between
   two random agents is a plain C function call: a flat state, arrays for the
   zones, a switch for the card powers, no log, no frames.

   It reproduces generated/evr.c (cards/evr, base game) driven as
   `build/evr bench` drives it: the same card instances (card-definition
   order, copies consecutive), the same draws from the game's xoshiro256**
   generator (shuffles, random cards, the balance token), the same options in
   the same order for every decision, and the same random agents (one
   generator per seat, consumed only when a decision has two or more
   options). Same seeds, same games, same winners.

   Header-only so that tests/bench can play it next to the generated engine;
   bench/evr_ref.c is the command-line program. Every function is static. */
#ifndef EVR_REF_H
#define EVR_REF_H

#include <stdint.h>
#include <string.h>

#include "ref_rng.h"

/* ------------------------------------------------------------ the cards */

/* Card instances, numbered as the runtime numbers them: 0..23 the events
   (events.csv order), 24..47 the Imperial resources, 48..52 the Imperial
   strategies, 53..76 the Rebel resources, 77..81 the Rebel strategies. */
enum { EVR_NI = 82, EVR_ZCAP = 32 };

/* What a card does when its power (resource) or effect (strategy) resolves. */
enum {
    PW_NONE, PW_VADER, PW_PALPATINE, PW_LOSE2, PW_BOBA, PW_PLAY, PW_ADD_CHAR, PW_VEERS, PW_NEEDA,
    PW_STORMTROOPER, PW_VALUE1, PW_LOOK, PW_EXHAUST, PW_LOSE1, PW_RETURN_OTHER, PW_LUKE, PW_CHEWBACCA,
    PW_OBIWAN, PW_LANDO, PW_R2D2, PW_SNOWSPEEDER, PW_INFILTRATION, PW_PROPAGANDA, PW_INTIMIDATION,
    PW_DIPLOMACY, PW_HIT_AND_RUN, PW_HOPE
};

/* Per instance: resource value, exhausted value, character flag, power. */
static const uint8_t EVR_VAL[EVR_NI] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    6, 5, 4, 4, 3, 3, 4, 3, 2, 2, 2, 2, 2, 2, 2, 1, 1, 4, 4, 4, 1, 1, 3, 3,
    0, 0, 0, 0, 0,
    5, 4, 4, 5, 3, 4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 1, 1, 3, 3,
    0, 0, 0, 0, 0,
};
static const uint8_t EVR_EXV[EVR_NI] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    3, 2, 2, 2, 1, 2, 2, 1, 2, 2, 2, 2, 2, 2, 2, 1, 1, 4, 4, 4, 1, 1, 3, 3,
    0, 0, 0, 0, 0,
    2, 2, 1, 3, 1, 2, 2, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 1, 1, 3, 3,
    0, 0, 0, 0, 0,
};
static const uint8_t EVR_CHR[EVR_NI] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
};
static const uint8_t EVR_POW[EVR_NI] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* Vader, Palpatine, Tarkin, Boba Fett, Piett, Krennic, Veers, Needa */
    PW_VADER, PW_PALPATINE, PW_LOSE2, PW_BOBA, PW_PLAY, PW_ADD_CHAR, PW_VEERS, PW_NEEDA,
    /* Stormtrooper x4, TIE Fighter x3, Probe Droid x2, AT-AT x2, Star Destroyer */
    PW_STORMTROOPER, PW_STORMTROOPER, PW_STORMTROOPER, PW_STORMTROOPER, PW_VALUE1, PW_VALUE1, PW_VALUE1,
    PW_LOOK, PW_LOOK, PW_EXHAUST, PW_EXHAUST, PW_PLAY,
    /* Imperial Officer x2, Imperial Shuttle x2 */
    PW_LOSE1, PW_LOSE1, PW_RETURN_OTHER, PW_RETURN_OTHER,
    /* Deception, Infiltration, Propaganda, Reinforcements, Intimidation */
    PW_NONE, PW_INFILTRATION, PW_PROPAGANDA, PW_PLAY, PW_INTIMIDATION,
    /* Luke, Leia, Han, Chewbacca, Obi-Wan, Lando, Mon Mothma, R2-D2 */
    PW_LUKE, PW_ADD_CHAR, PW_PLAY, PW_CHEWBACCA, PW_OBIWAN, PW_LANDO, PW_LOSE2, PW_R2D2,
    /* Rebel Trooper x4, X-wing x3, Y-wing x2, Snowspeeder x2, Falcon */
    PW_LOOK, PW_LOOK, PW_LOOK, PW_LOOK, PW_EXHAUST, PW_EXHAUST, PW_EXHAUST, PW_VALUE1, PW_VALUE1,
    PW_SNOWSPEEDER, PW_SNOWSPEEDER, PW_PLAY,
    /* Rebel Spy x2, Corellian Corvette x2 */
    PW_LOSE1, PW_LOSE1, PW_RETURN_OTHER, PW_RETURN_OTHER,
    /* Deception, Infiltration, Diplomacy, Hit and Run, Hope */
    PW_NONE, PW_INFILTRATION, PW_DIPLOMACY, PW_HIT_AND_RUN, PW_HOPE,
};
/* The two Deceptions. */
#define EVR_CANCELS(c) ((c) == 48 || (c) == 77)

/* Per event (instance 0..23): capacity, objective, victory, influence. */
static const uint8_t EVR_CAP[24] = {4, 4, 5, 6, 7, 4, 4, 5, 4, 5, 8, 3, 6, 7, 3, 4, 6, 5, 3, 6, 5, 5, 4, 8};
static const uint8_t EVR_OBJ[24] = {12, 11, 14, 18, 17, 10, 10, 13, 13, 12, 20, 9,
                                    15, 19, 8,  9,  16, 12, 10, 14, 15, 11, 11, 19};
static const uint8_t EVR_VIC[24] = {1, 1, 2, 3, 2, 1, 1, 2, 1, 1, 3, 1, 2, 3, 1, 1, 2, 2, 1, 2, 2, 1, 1, 3};
static const uint8_t EVR_INF[24] = {1, 1, 0, 0, 1, 1, 2, 1, 2, 2, 1, 1, 1, 0, 0, 1, 1, 2, 1, 1, 1, 1, 0, 2};

/* ------------------------------------------------------------ the state */

/* Zones: the two shared ones, then each per-player zone for seats 0 and 1. */
enum { Z_EVENTS = 0, Z_CURRENT = 1 };
enum { K_DECK, K_PLAY, K_DISCARD, K_RESERVE, K_LOOKING, K_STRAT, K_CHOSEN, K_REVEALED, K_USED, K_INFIL, K_FORCED, K_WON, K_COUNT };
#define ZP(k, p) (2 + 2 * (k) + (p))
enum { EVR_NZ = 2 + 2 * K_COUNT };

/* One game: generators, zones (index 0 = bottom), card state, variables. */
typedef struct EvrGame {
    RefRng rng;          /* the game's generator */
    RefRng agent[2];     /* each seat's random agent */
    uint8_t n[EVR_NZ];
    uint8_t z[EVR_NZ][EVR_ZCAP];
    uint8_t exh[EVR_NI]; /* resource state "exhausted" */
    int inf[2], vp[2];
    int balance, winner, has_winner;
    int pick[2], has_pick[2], busted[2], resolves[2];
    int no_influence, full_value, no_char;
    int rounds, decisions; /* as rt_rounds and rt_decisions count them */
} EvrGame;

/* evr_choose: the option seat p's random agent picks among n (the runtime
   applies a single option without asking the agent); 0 when n <= 1. */
static inline int evr_choose(EvrGame *g, int p, int n)
{
    g->decisions++;
    return n >= 2 ? (int)ref_rng_below(&g->agent[p], (uint32_t)n) : 0;
}

/* ------------------------------------------------------------ zones */

/* evr_take: remove and return the card at index i of zone z. */
static inline int evr_take(EvrGame *g, int z, int i)
{
    uint8_t *a = g->z[z];
    int c = a[i];
    int n = --g->n[z];
    memmove(a + i, a + i + 1, (size_t)(n - i));
    return c;
}

/* evr_put_top: card c enters zone z at the top; its state is reset. */
static inline void evr_put_top(EvrGame *g, int z, int c)
{
    g->z[z][g->n[z]++] = (uint8_t)c;
    g->exh[c] = 0;
}

/* evr_put_bottom: card c enters zone z at the bottom; its state is reset. */
static inline void evr_put_bottom(EvrGame *g, int z, int c)
{
    uint8_t *a = g->z[z];
    memmove(a + 1, a, g->n[z]);
    a[0] = (uint8_t)c;
    g->n[z]++;
    g->exh[c] = 0;
}

/* evr_move_all_top: every card of from onto the top of to, in order. */
static inline void evr_move_all_top(EvrGame *g, int from, int to)
{
    int nf = g->n[from], nt = g->n[to];
    for (int i = 0; i < nf; i++) {
        int c = g->z[from][i];
        g->z[to][nt + i] = (uint8_t)c;
        g->exh[c] = 0;
    }
    g->n[to] = (uint8_t)(nt + nf);
    g->n[from] = 0;
}

/* evr_move_all_bottom: every card of from under the cards of to, in order. */
static inline void evr_move_all_bottom(EvrGame *g, int from, int to)
{
    int nf = g->n[from], nt = g->n[to];
    memmove(g->z[to] + nf, g->z[to], (size_t)nt);
    for (int i = 0; i < nf; i++) {
        int c = g->z[from][i];
        g->z[to][i] = (uint8_t)c;
        g->exh[c] = 0;
    }
    g->n[to] = (uint8_t)(nt + nf);
    g->n[from] = 0;
}

/* evr_shuffle: Fisher-Yates with the game's generator (as rt_shuffle). */
static inline void evr_shuffle(EvrGame *g, int z)
{
    uint8_t *a = g->z[z];
    for (int i = g->n[z] - 1; i > 0; i--) {
        int j = (int)ref_rng_below(&g->rng, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* evr_find: zone and index of card c (searching from zone hint); 0 if nowhere. */
static int evr_find(const EvrGame *g, int c, int hint, int *zone, int *index)
{
    for (int k = 0; k <= EVR_NZ; k++) {
        int z = k == 0 ? hint : k - 1;
        for (int i = 0; i < g->n[z]; i++)
            if (g->z[z][i] == c) {
                *zone = z;
                *index = i;
                return 1;
            }
    }
    return 0;
}

/* ------------------------------------------------------------ functions of game.cards */

/* evr_event: this round's event (the top of current). */
static inline int evr_event(const EvrGame *g)
{
    return g->z[Z_CURRENT][g->n[Z_CURRENT] - 1];
}

/* evr_worth: card c's value now: its exhausted value while exhausted,
   unless full values count (cards/evr/game.cards, worth). */
static inline int evr_worth(const EvrGame *g, int c)
{
    return g->exh[c] && !g->full_value ? EVR_EXV[c] : EVR_VAL[c];
}

/* evr_total: resource value of p's faceup cards. */
static inline int evr_total(const EvrGame *g, int p)
{
    const uint8_t *a = g->z[ZP(K_PLAY, p)];
    int t = 0;
    for (int i = g->n[ZP(K_PLAY, p)] - 1; i >= 0; i--) {
        int c = a[i];
        t += evr_worth(g, c);
    }
    return t;
}

/* evr_over: p's total exceeds the event's objective. */
static inline int evr_over(const EvrGame *g, int p)
{
    return evr_total(g, p) > EVR_OBJ[evr_event(g)];
}

/* evr_can_play: room under the capacity and a card to draw. */
static inline int evr_can_play(const EvrGame *g, int p)
{
    return g->n[ZP(K_PLAY, p)] < EVR_CAP[evr_event(g)] && g->n[ZP(K_DECK, p)] + g->n[ZP(K_DISCARD, p)] > 0;
}

/* evr_wins: p wins the event (beats the opponent, or ties him holding the balance token). */
static int evr_wins(const EvrGame *g, int p)
{
    int tp = evr_total(g, p), to = evr_total(g, 1 - p), obj = EVR_OBJ[evr_event(g)];
    int op = tp > obj, oo = to > obj;
    return (!op && (oo || tp > to)) || (!op && tp == to && p == g->balance);
}

/* evr_deceives: p's revealed Deception cancels the opposing strategy. */
static int evr_deceives(const EvrGame *g, int p)
{
    if (g->busted[p])
        return 0;
    int z = ZP(K_REVEALED, p);
    for (int i = g->n[z] - 1; i >= 0; i--)
        if (EVR_CANCELS(g->z[z][i]))
            return 1;
    return 0;
}

/* evr_out_of_strategies: p has no unused, forced or infiltrated strategy. */
static inline int evr_out_of_strategies(const EvrGame *g, int p)
{
    return g->n[ZP(K_STRAT, p)] == 0 && g->n[ZP(K_FORCED, p)] == 0 && g->n[ZP(K_INFIL, p)] == 0;
}

/* evr_lose_influence: p's influence -= k, never below 0. */
static inline void evr_lose_influence(EvrGame *g, int p, int k)
{
    g->inf[p] = g->inf[p] > k ? g->inf[p] - k : 0;
}

/* ------------------------------------------------------------ shared pieces of card text */

/* evr_play_card: draw p's top card faceup (an empty deck is first rebuilt
   from the discard pile and shuffled). */
static inline void evr_play_card(EvrGame *g, int p)
{
    int deck = ZP(K_DECK, p);
    if (g->n[deck] == 0) {
        evr_move_all_top(g, ZP(K_DISCARD, p), deck);
        evr_shuffle(g, deck);
    }
    evr_put_top(g, ZP(K_PLAY, p), evr_take(g, deck, g->n[deck] - 1));
}

/* evr_play_if_can: "Play a card." */
static void evr_play_if_can(EvrGame *g, int p)
{
    if (evr_can_play(g, p))
        evr_play_card(g, p);
}

/* evr_add_character: p chooses a card of his reserve (top first); it goes
   on his deck, which is shuffled. Nothing when the reserve is empty. */
static void evr_add_character(EvrGame *g, int p)
{
    int r = ZP(K_RESERVE, p), n = g->n[r];
    if (n == 0)
        return;
    int k = evr_choose(g, p, n);
    int deck = ZP(K_DECK, p);
    evr_put_top(g, deck, evr_take(g, r, n - 1 - k));
    evr_shuffle(g, deck);
}

/* evr_discard_random_strategy: q discards an unused strategy at random
   (game generator) and retrieves them all when he has none left. */
static void evr_discard_random_strategy(EvrGame *g, int q)
{
    int s = ZP(K_STRAT, q), n = g->n[s];
    if (n == 0)
        return;
    int i = (int)ref_rng_below(&g->rng, (uint32_t)n);
    evr_put_top(g, ZP(K_USED, q), evr_take(g, s, i));
    if (evr_out_of_strategies(g, q))
        evr_move_all_top(g, ZP(K_USED, q), s);
}

/* Which cards of a play area an option list offers. */
enum { SEL_ALL, SEL_VALUE_LE3, SEL_EXHAUSTED, SEL_READY_LE2, SEL_VALUE1, SEL_READY, SEL_VALUE_GE4, SEL_VALUE_LE2 };

/* evr_select: does card c of a play area pass selector sel (self excluded
   by the caller)? Values are the cards' values now (evr_worth). */
static inline int evr_select(const EvrGame *g, int c, int sel)
{
    switch (sel) {
    case SEL_VALUE_LE3: return evr_worth(g, c) <= 3;
    case SEL_EXHAUSTED: return g->exh[c];
    case SEL_READY_LE2: return !g->exh[c] && evr_worth(g, c) <= 2;
    case SEL_VALUE1: return evr_worth(g, c) == 1;
    case SEL_READY: return !g->exh[c];
    case SEL_VALUE_GE4: return evr_worth(g, c) >= 4;
    case SEL_VALUE_LE2: return evr_worth(g, c) <= 2;
    default: return 1;
    }
}

/* evr_pick_in_play: player p chooses a card of zone z (top first) passing
   sel, other than card skip; returns its index in z, or -1 with no option. */
static int evr_pick_in_play(EvrGame *g, int p, int z, int sel, int skip)
{
    int idx[EVR_ZCAP], n = 0;
    for (int i = g->n[z] - 1; i >= 0; i--) {
        int c = g->z[z][i];
        if (c != skip && evr_select(g, c, sel))
            idx[n++] = i;
    }
    if (n == 0)
        return -1;
    return idx[evr_choose(g, p, n)];
}

/* evr_look: Probe Droid / Rebel Trooper / Lando: look at the top card of
   p's deck; lando: "play it" is offered while there is room. */
static void evr_look(EvrGame *g, int p, int lando)
{
    int deck = ZP(K_DECK, p), look = ZP(K_LOOKING, p);
    if (g->n[deck] == 0) {
        evr_move_all_top(g, ZP(K_DISCARD, p), deck);
        evr_shuffle(g, deck);
    }
    if (g->n[deck] == 0)
        return;
    evr_put_top(g, look, evr_take(g, deck, g->n[deck] - 1));
    if (lando) {
        int room = g->n[ZP(K_PLAY, p)] < EVR_CAP[evr_event(g)];
        int value = evr_choose(g, p, 1 + room) + !room; /* options: play it (0) if room, bottom (1) */
        if (value == 0)
            evr_move_all_top(g, look, ZP(K_PLAY, p));
        else
            evr_move_all_bottom(g, look, deck);
        return;
    }
    if (evr_choose(g, p, 2) == 0) /* leave it on top (0), put it on the bottom (1) */
        evr_move_all_top(g, look, deck);
    else
        evr_move_all_bottom(g, look, deck);
}

/* evr_set_exhausted_all: every card of zone z whose "exhausted" is from
   (a character if chars; not skip; value at most maxv) gets to. */
static void evr_set_exhausted_all(EvrGame *g, int z, int from, int to, int chars, int skip, int maxv)
{
    for (int i = g->n[z] - 1; i >= 0; i--) {
        int c = g->z[z][i];
        if (g->exh[c] == from && c != skip && evr_worth(g, c) <= maxv && (!chars || EVR_CHR[c]))
            g->exh[c] = (uint8_t)to;
    }
}

/* ------------------------------------------------------------ powers and effects */

/* evr_r2d2: discard one of p's unused strategies; if he does, add a character. */
static void evr_r2d2(EvrGame *g, int p)
{
    int s = ZP(K_STRAT, p), n = g->n[s];
    if (n == 0)
        return;
    int k = evr_choose(g, p, n);
    evr_put_top(g, ZP(K_USED, p), evr_take(g, s, n - 1 - k));
    if (evr_out_of_strategies(g, p))
        evr_move_all_top(g, ZP(K_USED, p), s);
    evr_add_character(g, p);
}

/* evr_infiltration: p secretly picks one of the opponent's unused strategies. */
static void evr_infiltration(EvrGame *g, int p)
{
    int s = ZP(K_STRAT, 1 - p), n = g->n[s];
    if (n == 0)
        return;
    g->pick[p] = g->z[s][n - 1 - evr_choose(g, p, n)];
    g->has_pick[p] = 1;
}

/* Pseudo-destinations of evr_pick_move: the picked card stays and is
   exhausted, or readied. */
enum { TO_EXHAUST = -1, TO_READY = -2 };

/* evr_pick_move: p picks a card of zone z passing sel (not skip); it goes
   to zone to (at the bottom if bottom), or to is TO_EXHAUST / TO_READY. */
static void evr_pick_move(EvrGame *g, int p, int z, int sel, int skip, int to, int bottom)
{
    int i = evr_pick_in_play(g, p, z, sel, skip);
    if (i < 0)
        return;
    if (to < 0) {
        g->exh[g->z[z][i]] = to == TO_EXHAUST;
        return;
    }
    int c = evr_take(g, z, i);
    if (bottom)
        evr_put_bottom(g, to, c);
    else
        evr_put_top(g, to, c);
}

/* evr_power: resolve the power or effect of card self for player me. */
static void evr_power(EvrGame *g, int self, int me)
{
    int op = 1 - me;
    int oplay = ZP(K_PLAY, op), myplay = ZP(K_PLAY, me);
    switch (EVR_POW[self]) {
    case PW_VADER: evr_pick_move(g, me, oplay, SEL_VALUE_LE3, -1, ZP(K_DISCARD, op), 0); break;
    case PW_PALPATINE: evr_discard_random_strategy(g, op); break;
    case PW_LOSE2: evr_lose_influence(g, op, 2); break;
    case PW_BOBA: evr_pick_move(g, me, oplay, SEL_EXHAUSTED, -1, ZP(K_DISCARD, op), 0); break;
    case PW_PLAY: evr_play_if_can(g, me); break;
    case PW_ADD_CHAR: evr_add_character(g, me); break;
    case PW_VEERS: evr_set_exhausted_all(g, myplay, 1, 0, 0, self, 2); break;
    case PW_NEEDA: evr_pick_move(g, me, myplay, SEL_ALL, -1, ZP(K_DECK, me), 1); break;
    case PW_STORMTROOPER: evr_pick_move(g, me, oplay, SEL_READY, -1, TO_EXHAUST, 0); break;
    case PW_VALUE1: evr_pick_move(g, me, oplay, SEL_VALUE1, -1, ZP(K_DISCARD, op), 0); break;
    case PW_LOOK: evr_look(g, me, 0); break;
    case PW_EXHAUST: evr_pick_move(g, me, oplay, SEL_READY, -1, TO_EXHAUST, 0); break;
    case PW_LOSE1: evr_lose_influence(g, op, 1); break;
    case PW_RETURN_OTHER: evr_pick_move(g, me, myplay, SEL_ALL, self, ZP(K_DECK, me), 1); break;
    case PW_LUKE: evr_pick_move(g, me, myplay, SEL_EXHAUSTED, self, TO_READY, 0); break;
    case PW_CHEWBACCA: evr_pick_move(g, me, oplay, SEL_READY_LE2, -1, ZP(K_DISCARD, op), 0); break;
    case PW_OBIWAN: evr_pick_move(g, me, oplay, SEL_VALUE_LE3, -1, ZP(K_DECK, op), 1); break;
    case PW_LANDO: evr_look(g, me, 1); break;
    case PW_R2D2: evr_r2d2(g, me); break;
    case PW_SNOWSPEEDER: evr_pick_move(g, me, oplay, SEL_VALUE_GE4, -1, ZP(K_DECK, op), 1); break;
    case PW_INFILTRATION: evr_infiltration(g, me); break;
    case PW_PROPAGANDA:
        g->inf[me] += 1;
        evr_lose_influence(g, op, 1);
        break;
    case PW_INTIMIDATION: evr_set_exhausted_all(g, oplay, 0, 1, 1, -1, 255); break;
    case PW_DIPLOMACY: g->inf[me] += 2; break;
    case PW_HIT_AND_RUN: evr_pick_move(g, me, oplay, SEL_VALUE_LE2, -1, ZP(K_DISCARD, op), 0); break;
    case PW_HOPE: evr_set_exhausted_all(g, myplay, 1, 0, 0, -1, 255); break;
    default: break;
    }
}

/* evr_reveal: the "when revealed" text of event e. */
static void evr_reveal(EvrGame *g, int e)
{
    switch (e) {
    case 1: g->balance = 0; break;                                  /* Rescue of Princess Leia */
    case 2: evr_lose_influence(g, 0, 1); evr_lose_influence(g, 1, 1); break; /* Destruction of Alderaan */
    case 4: evr_add_character(g, 0); evr_add_character(g, 1); break; /* Battle of Hoth */
    case 6: evr_add_character(g, 0); break;                          /* Dagobah Training */
    case 7:                                                          /* Cloud City Betrayal */
        for (int p = 0; p < 2; p++)
            if (g->inf[p] > g->inf[1 - p])
                evr_lose_influence(g, p, 1);
        break;
    case 9: g->inf[0] += 1; g->inf[1] += 1; break;                   /* Jabba's Palace */
    case 14: g->full_value = 1; break;                               /* Kessel Run */
    case 15: g->no_char = 1; break;                                  /* Mos Eisley Cantina */
    case 17: g->no_influence = 1; break;                             /* Dissolution of the Imperial Senate */
    case 19: g->balance = 1; break;                                  /* Search for the Rebel Base */
    default: break;
    }
}

/* evr_won: the "when won" text of event e for its winner w. */
static void evr_won(EvrGame *g, int e, int w)
{
    switch (e) {
    case 3: evr_lose_influence(g, 1 - w, 2); break;       /* Battle of Yavin */
    case 8: evr_discard_random_strategy(g, 1 - w); break; /* Bounty on Han Solo */
    case 12: evr_add_character(g, w); break;              /* Theft of the Death Star Plans */
    case 16: evr_lose_influence(g, 1 - w, 1); break;      /* Attack on the Shield Generator */
    default: break;
    }
}

/* ------------------------------------------------------------ setup and round */

/* evr_setup: the setup script: events shuffled, strategies, decks and
   reserves as the box snapshots (top = highest instance first) deal them,
   four characters chosen per player, decks shuffled, balance at random. */
static void evr_setup(EvrGame *g)
{
    for (int c = 23; c >= 0; c--)
        evr_put_top(g, Z_EVENTS, c);
    evr_shuffle(g, Z_EVENTS);
    static const int first[2] = {53, 24}, strat[2] = {77, 48};
    for (int p = 0; p < 2; p++) {
        for (int c = strat[p] + 4; c >= strat[p]; c--)
            evr_put_top(g, ZP(K_STRAT, p), c);
        for (int c = first[p] + 23; c >= first[p]; c--)
            evr_put_top(g, ZP(EVR_CHR[c] ? K_RESERVE : K_DECK, p), c);
    }
    for (int p = 0; p < 2; p++)
        for (int k = 0; k < 4; k++) {
            int r = ZP(K_RESERVE, p), n = g->n[r];
            evr_put_top(g, ZP(K_DECK, p), evr_take(g, r, n - 1 - evr_choose(g, p, n)));
        }
    for (int p = 0; p < 2; p++)
        evr_shuffle(g, ZP(K_DECK, p));
    g->balance = (int)ref_rng_below(&g->rng, 2);
}

/* evr_planning: reveal the event, resolve it, choose strategies. */
static void evr_planning(EvrGame *g)
{
    g->no_influence = g->full_value = g->no_char = 0;
    int e = evr_take(g, Z_EVENTS, g->n[Z_EVENTS] - 1);
    evr_put_top(g, Z_CURRENT, e);
    evr_reveal(g, e);
    for (int p = 0; p < 2; p++) {
        if (g->n[ZP(K_FORCED, p)]) {
            evr_move_all_top(g, ZP(K_FORCED, p), ZP(K_CHOSEN, p));
            continue;
        }
        int s = ZP(K_STRAT, p), n = g->n[s];
        if (n > 0)
            evr_put_top(g, ZP(K_CHOSEN, p), evr_take(g, s, n - 1 - evr_choose(g, p, n)));
    }
}

/* Actions of a struggle turn. */
enum { ACT_PLAY, ACT_POWER, ACT_INFLUENCE, ACT_PASS };

/* evr_turn: one turn of player me; returns the action taken. The options
   are: play, then use a power (top first), spend influence (top first), pass. */
static int evr_turn(EvrGame *g, int me)
{
    uint8_t act[2 * EVR_ZCAP + 2], card[2 * EVR_ZCAP + 2];
    int n = 0;
    int pz = ZP(K_PLAY, me), np = g->n[pz];
    const uint8_t *a = g->z[pz];
    int cp = evr_can_play(g, me);
    if (cp)
        act[n++] = ACT_PLAY;
    for (int i = np - 1; i >= 0; i--) {
        int c = a[i];
        if (!g->exh[c] && !(g->no_char && EVR_CHR[c])) {
            act[n] = ACT_POWER;
            card[n++] = (uint8_t)c;
        }
    }
    if (g->inf[me] > 0 && !g->no_influence)
        for (int i = np - 1; i >= 0; i--) {
            int c = a[i];
            if (g->exh[c]) {
                act[n] = ACT_INFLUENCE;
                card[n++] = (uint8_t)c;
            }
        }
    if (np > 0 || !cp)
        act[n++] = ACT_PASS;
    int k = evr_choose(g, me, n);
    switch (act[k]) {
    case ACT_PLAY:
        evr_play_card(g, me);
        break;
    case ACT_POWER:
        g->exh[card[k]] = 1;
        evr_power(g, card[k], me);
        break;
    case ACT_INFLUENCE:
        g->inf[me] -= 1;
        g->exh[card[k]] = 0;
        break;
    default:
        break;
    }
    return act[k];
}

/* evr_struggle: turns from the balance token's player until two passes in a row. */
static void evr_struggle(EvrGame *g)
{
    int turn = g->balance, passes = 0;
    for (;;) {
        passes = evr_turn(g, turn) == ACT_PASS ? passes + 1 : 0;
        if (passes >= 2)
            return;
        turn = 1 - turn;
    }
}

/* evr_resolve_strategy: p's revealed strategies (top first) other than Deception. */
static void evr_resolve_strategy(EvrGame *g, int p)
{
    int z = ZP(K_REVEALED, p);
    uint8_t snap[EVR_ZCAP];
    int n = g->n[z];
    for (int i = 0; i < n; i++)
        snap[i] = g->z[z][n - 1 - i];
    for (int i = 0; i < n; i++)
        if (!EVR_CANCELS(snap[i]))
            evr_power(g, snap[i], p);
}

/* evr_reveal_strategies: dominance step 1 (reveal, cancel, resolve, infiltrate). */
static void evr_reveal_strategies(EvrGame *g)
{
    for (int p = 0; p < 2; p++) {
        evr_move_all_top(g, ZP(K_CHOSEN, p), ZP(K_REVEALED, p));
        g->busted[p] = evr_over(g, p);
    }
    for (int p = 0; p < 2; p++)
        g->resolves[p] = !g->busted[p] && !evr_deceives(g, 1 - p);
    for (int p = 0; p < 2; p++)
        if (p == g->balance && g->resolves[p])
            evr_resolve_strategy(g, p);
    for (int p = 0; p < 2; p++)
        if (p != g->balance && g->resolves[p])
            evr_resolve_strategy(g, p);
    for (int p = 0; p < 2; p++)
        if (g->has_pick[p]) {
            int z, i;
            if (evr_find(g, g->pick[p], ZP(K_STRAT, 1 - p), &z, &i))
                evr_put_top(g, ZP(K_INFIL, 1 - p), evr_take(g, z, i));
            g->has_pick[p] = 0;
        }
    for (int p = 0; p < 2; p++)
        evr_move_all_top(g, ZP(K_INFIL, p), ZP(K_FORCED, p));
}

/* evr_cleanup: dominance step 3: new decks, balance token, strategies. */
static void evr_cleanup(EvrGame *g)
{
    for (int p = 0; p < 2; p++) {
        int deck = ZP(K_DECK, p);
        evr_move_all_top(g, ZP(K_PLAY, p), deck);
        evr_move_all_top(g, ZP(K_DISCARD, p), deck);
        evr_move_all_top(g, ZP(K_LOOKING, p), deck);
        evr_shuffle(g, deck);
    }
    for (int p = 0; p < 2; p++)
        if (g->vp[p] < g->vp[1 - p])
            g->balance = p;
    if (g->vp[0] == g->vp[1] && g->has_winner)
        g->balance = 1 - g->winner;
    for (int p = 0; p < 2; p++) {
        evr_move_all_top(g, ZP(K_REVEALED, p), ZP(K_USED, p));
        if (evr_out_of_strategies(g, p))
            evr_move_all_top(g, ZP(K_USED, p), ZP(K_STRAT, p));
    }
}

/* evr_dominance: reveal strategies, determine victory, clean up; returns
   the seat that won the game, or -1. */
static int evr_dominance(EvrGame *g)
{
    evr_reveal_strategies(g);
    g->has_winner = 0;
    for (int p = 0; p < 2; p++)
        if (evr_wins(g, p)) {
            g->winner = p;
            g->has_winner = 1;
        }
    if (g->has_winner) {
        int w = g->winner;
        while (g->n[Z_CURRENT] > 0) {
            int e = evr_take(g, Z_CURRENT, g->n[Z_CURRENT] - 1);
            evr_put_top(g, ZP(K_WON, w), e);
            g->vp[w] += EVR_VIC[e];
            g->inf[w] += EVR_INF[e];
            evr_won(g, e, w);
        }
        if (g->vp[w] >= 7)
            return w;
    } else {
        evr_move_all_bottom(g, Z_CURRENT, Z_EVENTS);
    }
    evr_cleanup(g);
    return -1;
}

/* What a game came to, besides its winner. */
typedef struct EvrStats {
    int rounds;    /* rounds started */
    int decisions; /* decisions made, forced ones included */
} EvrStats;

/* evr_ref_play: one game seeded game_seed between random agents seeded as
   `build/evr bench` seeds them. Returns the winning seat (0 Rebel, 1
   Imperial), or -1 when the game fails (not over within 1000 rounds);
   fills *stats unless it is NULL. */
static int evr_ref_play(uint64_t game_seed, EvrStats *stats)
{
    EvrGame g;
    memset(&g, 0, sizeof g);
    ref_rng_seed(&g.rng, game_seed);
    for (int p = 0; p < 2; p++)
        ref_rng_seed(&g.agent[p], ref_splitmix_at(game_seed ^ EVR_AGENT_SALT, (uint64_t)p));
    g.inf[0] = g.inf[1] = 2;
    evr_setup(&g);
    int w = -1;
    while (w < 0 && g.rounds < EVR_MAX_ROUNDS) {
        g.rounds++;
        evr_planning(&g);
        evr_struggle(&g);
        w = evr_dominance(&g);
    }
    if (stats) {
        stats->rounds = g.rounds;
        stats->decisions = g.decisions;
    }
    return w;
}

#endif
