/* galaxy_ref.h: the hand-written reference engine of Galaxy Rebellion, the
   second yardstick of `make bench` (bench/run.sh), of another shape than
   EvR's: dice, boards of spaces, a token usable once a turn, Allies used
   once a game. One game between random agents is a plain C function call:
   a flat state, bit masks for the spaces of the site in play, a count per
   face for the dice, no log, no frames.

   It reproduces generated/galaxy.c (cards/galaxy, base game) driven as
   `build/galaxy bench` drives it (2 players; 3 and 4 work the same way):
   the same draws from the game's xoshiro256** generator (the youngest
   player, the shuffle of the Allies, every die rolled), the same options in
   the same order for every decision, and the same random agents (one
   generator per seat, consumed only when a decision has two or more
   options). Same seeds, same games, same winners.

   Why the state can be this small: every option and every rule reads the
   dice only through how many show each face, and every roll rolls a whole
   zone (the pool at the start of a turn and at a restart, the picked dice
   at the reroll), so which die shows what never matters. The spaces of a
   site are listed in card-instance order, the order the generated engine
   offers them (its `spaces` zone read from the top), which is bit order.

   Header-only so that tests/bench can play it next to the generated engine;
   bench/galaxy_ref.c is the command-line program. Every function is static.
   Compiled with -DGALAXY_REF_TRACE it prints each game's rounds, turns,
   decisions and winners as `build/galaxy log` prints them. */
#ifndef GALAXY_REF_H
#define GALAXY_REF_H

#include <stdint.h>
#include <string.h>

#ifdef GALAXY_REF_TRACE
#include <stdio.h>
#endif

#include "ref_rng.h"

/* gal_die: one die rolled, its face (the faces in the die's order, which
   is the order of the symbols: a face is the draw itself). */
static inline int gal_die(RefRng *r)
{
    return (int)ref_rng_below(r, 6);
}

/* The salt of the agents' seeds (rt__agent_seed). */
#define GAL_AGENT_SALT 0x6a09e667f3bcc909u
/* A game not over after this many rounds fails (RT_DEFAULT_MAX_ROUNDS). */
#define GAL_MAX_ROUNDS 1000

/* ------------------------------------------------------------ bits */

/* gal_popcount: how many bits of m are set. */
static inline int gal_popcount(uint32_t m)
{
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    m = (m + (m >> 4)) & 0x0F0F0F0Fu;
    return (int)((m * 0x01010101u) >> 24);
}

/* gal_nth_bit: the k-th lowest set bit of m (k from 0), as a mask. */
static inline uint32_t gal_nth_bit(uint32_t m, int k)
{
    while (k-- > 0)
        m &= m - 1;
    return m & (~m + 1);
}

/* ------------------------------------------------------------ the pieces */

/* The symbols, in the order of the dice's faces: a face is its symbol. */
enum { F_STORM, F_TIE, F_ATAT, F_SD, F_VICTORY, F_IMPERIAL, GAL_FACES };

enum {
    GAL_DICE = 4,
    GAL_MAX_PLAYERS = 4,
    GAL_ALLIES = 13,
    GAL_TOKENS = 4,
    GAL_LAST_STAGE = 6,
    GAL_SITE_ROWS = 10, /* the most rows of a site (Dagobah and Bespin) */
};

/* A row of a planet (cards/galaxy/planets.cards, in card order): its site
   (stage 1..6), board, number, reward and symbols from left to right
   (S Stormtrooper, T TIE Fighter, A AT-AT, D Star Destroyer, I Imperial). */
typedef struct GalRow {
    uint8_t stage, board, row, vp, ally;
    const char *sym;
} GalRow;

static const GalRow GAL_ROWS[] = {
    {1, 0, 1, 1, 0, "SS"},   {1, 0, 2, 0, 1, "TA"},   {1, 0, 3, 2, 0, "ADD"},    {1, 0, 4, 2, 0, "TTS"},
    {1, 0, 5, 2, 1, "DAI"},  {2, 1, 1, 2, 0, "AAA"},  {2, 1, 2, 0, 1, "STI"},    {2, 1, 3, 2, 0, "DDS"},
    {2, 1, 4, 3, 0, "TTAA"}, {2, 1, 5, 2, 1, "ISD"},  {3, 2, 1, 1, 0, "SA"},     {3, 2, 2, 0, 1, "TTI"},
    {3, 2, 3, 3, 0, "DAST"}, {3, 2, 4, 2, 0, "ADI"},  {3, 2, 5, 1, 1, "SSD"},    {3, 3, 1, 1, 0, "TD"},
    {3, 3, 2, 2, 1, "SSAI"}, {3, 3, 3, 2, 0, "ATT"},  {3, 3, 4, 3, 0, "DDSA"},   {3, 3, 5, 2, 1, "IIT"},
    {4, 4, 1, 2, 0, "AST"},  {4, 4, 2, 0, 1, "DDD"},  {4, 4, 3, 3, 0, "SSIT"},   {4, 4, 4, 3, 1, "TAAD"},
    {4, 4, 5, 4, 0, "ISDA"}, {5, 5, 1, 0, 1, "SSA"},  {5, 5, 2, 2, 0, "TID"},    {5, 5, 3, 2, 1, "AATS"},
    {5, 5, 4, 3, 0, "DTTI"}, {5, 5, 5, 4, 1, "SADDII"}, {6, 6, 1, 3, 0, "STA"},  {6, 6, 2, 3, 0, "DDI"},
    {6, 6, 3, 4, 0, "TTSS"}, {6, 6, 4, 4, 0, "AADI"}, {6, 6, 5, 5, 0, "ISTAD"},  {6, 6, 6, 6, 0, "IIDTA"},
};
enum { GAL_NROWS = (int)(sizeof GAL_ROWS / sizeof GAL_ROWS[0]) };

/* An Ally (cards/galaxy/tokens.cards, in card order): its symbols (0, 1
   or 2 of them; none for the restart symbol). */
typedef struct GalAlly {
    uint8_t symbols, first, second, restart;
} GalAlly;

static const GalAlly GAL_ALLY[GAL_ALLIES] = {
    {1, F_STORM, 0, 0},    {1, F_TIE, 0, 0},     {1, F_ATAT, 0, 0},     {1, F_SD, 0, 0},
    {2, F_STORM, F_TIE, 0}, {2, F_STORM, F_ATAT, 0}, {2, F_TIE, F_ATAT, 0}, {2, F_TIE, F_SD, 0},
    {2, F_ATAT, F_SD, 0},  {1, F_IMPERIAL, 0, 0}, {1, F_IMPERIAL, 0, 0}, {0, 0, 0, 1},
    {0, 0, 0, 1},
};

/* The Rebel tokens' symbols, in card order: Luke Skywalker, Princess Leia,
   Han Solo, Chewbacca. */
static const uint8_t GAL_TOKEN_MARK[GAL_TOKENS] = {F_TIE, F_STORM, F_SD, F_ATAT};

/* A dueling site as the engine plays it: its spaces are bits 0..n-1 in
   card order (the order the generated engine offers them), its rows
   0..nrows-1 in card order. */
typedef struct GalSite {
    int n, nrows;
    uint32_t all;                      /* every space */
    uint32_t sym[GAL_FACES];           /* the spaces a face covers (the Imperial face: all) */
    uint32_t row_mask[GAL_SITE_ROWS];  /* the spaces of each row */
    uint8_t row_vp[GAL_SITE_ROWS], row_ally[GAL_SITE_ROWS];
    uint8_t first_row;                 /* the site's first row in GAL_ROWS */
} GalSite;

/* The six sites, built once from the rows (gal_tables) and read by every game. */
typedef struct GalTables {
    GalSite site[GAL_LAST_STAGE + 1];  /* by stage; 0 unused */
} GalTables;

/* gal_tables: the sites of the base game from GAL_ROWS. */
static void gal_tables(GalTables *t)
{
    memset(t, 0, sizeof *t);
    for (int r = GAL_NROWS - 1; r >= 0; r--)
        t->site[GAL_ROWS[r].stage].first_row = (uint8_t)r;
    for (int r = 0; r < GAL_NROWS; r++) {
        const GalRow *row = &GAL_ROWS[r];
        GalSite *s = &t->site[row->stage];
        int k = s->nrows++;
        s->row_vp[k] = row->vp;
        s->row_ally[k] = row->ally;
        for (const char *c = row->sym; *c; c++) {
            uint32_t bit = (uint32_t)1 << s->n++;
            int f = *c == 'S' ? F_STORM : *c == 'T' ? F_TIE : *c == 'A' ? F_ATAT : *c == 'D' ? F_SD : F_IMPERIAL;
            s->row_mask[k] |= bit;
            s->sym[f] |= bit;
            s->all |= bit;
        }
    }
    for (int st = 1; st <= GAL_LAST_STAGE; st++) {
        t->site[st].sym[F_IMPERIAL] = t->site[st].all;  /* the wildcard covers any space */
        t->site[st].sym[F_VICTORY] = 0;
    }
}

/* ------------------------------------------------------------ the state */

/* One game: generators, the site in play, the dice, each player's pieces. */
typedef struct GalGame {
    RefRng rng;                      /* the game's generator */
    RefRng agent[GAL_MAX_PLAYERS];   /* each seat's random agent */
    const GalTables *t;
    int players, first;
    int stage;
    const GalSite *site;
    uint32_t free;                   /* empty spaces of the site */
    uint32_t by_die;                 /* spaces covered by a die this turn */
    uint32_t claimed;                /* rows whose reward was taken (bit per row) */
    int8_t row_ally[GAL_SITE_ROWS];  /* the Ally on a row's victory space, -1: none */
    uint8_t supply[GAL_ALLIES];      /* Allies not placed yet, index 0 = bottom */
    int nsupply;
    uint8_t allies[GAL_MAX_PLAYERS][GAL_ALLIES]; /* each player's Allies, index 0 = bottom */
    uint8_t nallies[GAL_MAX_PLAYERS];
    uint8_t mark[GAL_MAX_PLAYERS];   /* the symbol of each player's Rebel token */
    uint8_t visit[GAL_MAX_PLAYERS];  /* dice the Sith Lord due to visit him takes, 0: none */
    int vp[GAL_MAX_PLAYERS];
    int pool[GAL_FACES];             /* the pool's dice showing each face */
    int npool, placed;               /* dice in the pool, dice placed this turn */
    int token_used, rerolled, last_by_die;
    int rounds, decisions;           /* as rt_rounds and rt_decisions count them */
} GalGame;

/* ------------------------------------------------------------ trace */

#ifdef GALAXY_REF_TRACE
/* Names for the trace, in card order. */
static const char *const GAL_BOARD_NAME[7] = {"Yavin 4", "Hoth", "Dagobah", "Bespin", "Tatooine", "Endor", "Death Star 2"};
static const char *const GAL_ALLY_NAME[GAL_ALLIES] = {
    "Bail Organa", "Wedge Antilles", "Wicket W. Warrick", "Admiral Ackbar", "Lando Calrissian",
    "Jyn Erso", "Biggs Darklighter", "Nien Nunb", "Mon Mothma", "Obi-Wan Kenobi", "Yoda", "R2-D2", "C-3PO",
};
static const char *const GAL_TOKEN_NAME[GAL_TOKENS] = {"Luke Skywalker", "Princess Leia", "Han Solo", "Chewbacca"};

/* gal_trace: a decision of seat p among n options answered with label. */
static void gal_trace(int p, int n, const char *label)
{
    printf("choose Player %d: %s%s\n", p + 1, label, n == 1 ? " (forced)" : "");
}

/* gal_trace_space: a decision of seat p among n spaces answered with bit,
   labelled as the script labels it: the space's name and symbol. */
static void gal_trace_space(const GalGame *g, int p, int n, uint32_t bit)
{
    int i = 0, r = g->site->first_row;
    while (bit >> (i + 1))
        i++;
    for (;;) {
        int len = (int)strlen(GAL_ROWS[r].sym);
        if (i < len)
            break;
        i -= len;
        r++;
    }
    char c = GAL_ROWS[r].sym[i], buf[96];
    const char *symbol = c == 'S' ? "stormtrooper" : c == 'T' ? "tie_fighter" : c == 'A' ? "at_at"
                       : c == 'D' ? "star_destroyer" : "imperial";
    snprintf(buf, sizeof buf, "%s %d.%d (%s)", GAL_BOARD_NAME[GAL_ROWS[r].board], GAL_ROWS[r].row, i + 1, symbol);
    gal_trace(p, n, buf);
}
#define GAL_TRACE(...) printf(__VA_ARGS__)
#define GAL_TRACE_CHOICE(p, n, label) gal_trace(p, n, label)
#define GAL_TRACE_SPACE(g, p, n, bit) gal_trace_space(g, p, n, bit)
#else
#define GAL_TRACE(...) ((void)0)
#define GAL_TRACE_CHOICE(p, n, label) ((void)0)
#define GAL_TRACE_SPACE(g, p, n, bit) ((void)0)
#endif

/* ------------------------------------------------------------ decisions */

/* gal_choose: the option seat p's random agent picks among n (the runtime
   applies a single option without asking the agent); 0 when n <= 1. */
static inline int gal_choose(GalGame *g, int p, int n)
{
    g->decisions++;
    return n >= 2 ? (int)ref_rng_below(&g->agent[p], (uint32_t)n) : 0;
}

/* gal_choose_space: seat p chooses one of the spaces of m (not empty), in
   bit order; returns it as a mask. */
static inline uint32_t gal_choose_space(GalGame *g, int p, uint32_t m)
{
    int n = gal_popcount(m);
    uint32_t bit = gal_nth_bit(m, gal_choose(g, p, n));
    GAL_TRACE_SPACE(g, p, n, bit);
    return bit;
}

/* gal_roll: the pool's n dice are rolled (the game's generator, one draw a die). */
static inline void gal_roll(GalGame *g, int n)
{
    memset(g->pool, 0, sizeof g->pool);
    for (int i = 0; i < n; i++)
        g->pool[gal_die(&g->rng)]++;
    g->npool = n;
}

/* ------------------------------------------------------------ the sites */

/* gal_next_site: the next dueling site is in play, with its spaces empty
   and an Ally from the top of the supply on each of its Ally rows. */
static void gal_next_site(GalGame *g)
{
    const GalSite *s = &g->t->site[++g->stage];
    g->site = s;
    g->free = s->all;
    g->by_die = 0;
    g->claimed = 0;
    for (int r = 0; r < s->nrows; r++)
        g->row_ally[r] = (int8_t)(s->row_ally[r] && g->nsupply > 0 ? g->supply[--g->nsupply] : -1);
}

/* gal_game_end: Allies and Sith Lords scored; returns the first of the
   players with the most points (ties share the win). */
static int gal_game_end(GalGame *g)
{
    int best = 0, w = 0;
    for (int p = 0; p < g->players; p++) {
        g->vp[p] += g->nallies[p] - (g->visit[p] ? 1 : 0);
        if (p == 0 || g->vp[p] > best) {
            best = g->vp[p];
            w = p;
        }
    }
#ifdef GALAXY_REF_TRACE
    for (int p = 0; p < g->players; p++)
        if (g->vp[p] == best)
            GAL_TRACE("win Player %d\n", p + 1);
#endif
    return w;
}

/* ------------------------------------------------------------ the turn */

/* gal_place: a die showing f covers a space seat me chooses. */
static void gal_place(GalGame *g, int me, int f)
{
    uint32_t bit = gal_choose_space(g, me, g->free & g->site->sym[f]);
    g->pool[f]--;
    g->npool--;
    g->placed++;
    g->free &= ~bit;
    g->by_die |= bit;
    if (g->free == 0)
        g->last_by_die = 1;
}

/* gal_reroll: seat me picks dice to reroll one at a time by face
   (Stormtrooper, TIE Fighter, AT-AT, Star Destroyer, Imperial, victory
   point, then "roll the picked dice"), and rolls them. */
static void gal_reroll(GalGame *g, int me)
{
    static const uint8_t order[6] = {F_STORM, F_TIE, F_ATAT, F_SD, F_IMPERIAL, F_VICTORY};
    int picked = 0;
    while (g->npool > 0) {
        uint8_t opt[7];
        int n = 0;
        for (int i = 0; i < 6; i++)
            if (g->pool[order[i]] > 0)
                opt[n++] = order[i];
        if (picked > 0)
            opt[n++] = GAL_FACES;
        int k = gal_choose(g, me, n);
#ifdef GALAXY_REF_TRACE
        static const char *const what[7] = {"reroll a Stormtrooper", "reroll a TIE Fighter", "reroll an AT-AT",
                                            "reroll a Star Destroyer", "reroll a victory point",
                                            "reroll an Imperial symbol", "roll the picked dice"};
        GAL_TRACE_CHOICE(me, n, what[opt[k]]);
#endif
        if (opt[k] == GAL_FACES)
            break;
        g->pool[opt[k]]--;
        g->npool--;
        picked++;
    }
    g->rerolled = 1;
    for (int i = 0; i < picked; i++)
        g->pool[gal_die(&g->rng)]++;
    g->npool += picked;
}

/* gal_ally_symbol: one symbol f of an Ally: seat me covers a space it
   matches, or forfeits it. */
static void gal_ally_symbol(GalGame *g, int me, int f)
{
    uint32_t m = g->free & g->site->sym[f];
    int n = m ? 2 : 1;
    int k = gal_choose(g, me, n);
    GAL_TRACE_CHOICE(me, n, n - k == 2 ? "cover a space with the Ally's symbol" : "forfeit the Ally's symbol");
    if (n - k == 2)
        g->free &= ~gal_choose_space(g, me, m);
}

/* gal_use_ally: seat me uses one of his Allies (top first), which leaves
   the game: its symbols, or the restart (the dice come off the spaces and
   all of them are rolled again, with a new reroll). */
static void gal_use_ally(GalGame *g, int me)
{
    int n = g->nallies[me];
    int i = n - 1 - gal_choose(g, me, n);
    const GalAlly *a = &GAL_ALLY[g->allies[me][i]];
    GAL_TRACE_CHOICE(me, n, GAL_ALLY_NAME[g->allies[me][i]]);
    memmove(&g->allies[me][i], &g->allies[me][i + 1], (size_t)(n - 1 - i));
    g->nallies[me]--;
    if (a->restart) {
        g->free |= g->by_die;
        g->by_die = 0;
        g->rerolled = 0;
        g->last_by_die = 0;
        gal_roll(g, g->npool + g->placed);
        g->placed = 0;
        return;
    }
    gal_ally_symbol(g, me, a->first);
    if (a->symbols == 2)
        gal_ally_symbol(g, me, a->second);
}

/* Actions of the turn's menu, in the order it offers them. */
enum { ACT_PLACE_STORM, ACT_PLACE_TIE, ACT_PLACE_ATAT, ACT_PLACE_SD, ACT_PLACE_IMPERIAL, ACT_REBEL, ACT_ALLY, ACT_REROLL, ACT_END };

/* gal_conclude: seat me's turn concludes: victory point dice, the rewards
   of the rows completed, the Sith Lords; then the next site or the end.
   Returns the winning seat when the game ends, else -1. */
static int gal_conclude(GalGame *g, int me)
{
    const GalSite *s = g->site;
    g->vp[me] += g->pool[F_VICTORY];
    g->by_die = 0;
    for (int r = 0; r < s->nrows; r++)
        if (!(g->claimed >> r & 1) && !(g->free & s->row_mask[r])) {
            g->claimed |= (uint32_t)1 << r;
            g->vp[me] += s->row_vp[r];
            if (g->row_ally[r] >= 0) {
                g->allies[me][g->nallies[me]++] = (uint8_t)g->row_ally[r];
                g->row_ally[r] = -1;
            }
        }
    g->visit[me] = 0;
    int summon = g->placed == 0 ? 2 : g->placed == 1 && !g->last_by_die ? 1 : 0;
    if (summon) {
        for (int q = 0; q < g->players; q++)
            if (g->visit[q] == summon)
                g->visit[q] = 0;
        g->visit[me] = (uint8_t)summon;
    }
    if (g->free)
        return -1;
    if (g->stage == GAL_LAST_STAGE)
        return gal_game_end(g);
    gal_next_site(g);
    return -1;
}

/* gal_turn: seat me's turn: a Sith Lord takes his dice, the roll, then
   the menu until he ends the turn or the site is full. Returns the
   winning seat when the game ends, else -1. */
static int gal_turn(GalGame *g, int me)
{
    GAL_TRACE("turn Player %d\n", me + 1);
    g->token_used = g->rerolled = g->last_by_die = 0;
    g->placed = 0;
    gal_roll(g, GAL_DICE - g->visit[me]);
    while (g->free) {
        const GalSite *s = g->site;
        uint8_t act[9];
        int n = 0;
        for (int f = F_STORM; f <= F_SD; f++)
            if (g->pool[f] > 0 && (g->free & s->sym[f]))
                act[n++] = (uint8_t)f;
        if (g->pool[F_IMPERIAL] > 0)
            act[n++] = ACT_PLACE_IMPERIAL;
        if (!g->token_used && (g->free & s->sym[g->mark[me]]))
            act[n++] = ACT_REBEL;
        if (g->nallies[me] > 0)
            act[n++] = ACT_ALLY;
        if (!g->rerolled && g->npool > 0)
            act[n++] = ACT_REROLL;
        act[n++] = ACT_END;
        int a = act[gal_choose(g, me, n)];
#ifdef GALAXY_REF_TRACE
        static const char *const what[9] = {"place a Stormtrooper", "place a TIE Fighter", "place an AT-AT",
                                            "place a Star Destroyer", "place the Imperial symbol (wildcard)",
                                            "use your Rebel token", "use an Ally", "reroll dice", "end your turn"};
        GAL_TRACE_CHOICE(me, n, what[a]);
#endif
        if (a <= ACT_PLACE_SD) {
            gal_place(g, me, a);
        } else if (a == ACT_PLACE_IMPERIAL) {
            gal_place(g, me, F_IMPERIAL);
        } else if (a == ACT_REBEL) {
            g->token_used = 1;
            g->free &= ~gal_choose_space(g, me, g->free & s->sym[g->mark[me]]);
        } else if (a == ACT_ALLY) {
            gal_use_ally(g, me);
        } else if (a == ACT_REROLL) {
            gal_reroll(g, me);
        } else {
            break;
        }
    }
    return gal_conclude(g, me);
}

/* gal_setup: the youngest player at random, the Allies shuffled, each
   player's Rebel token chosen clockwise from him, the first site. */
static void gal_setup(GalGame *g)
{
    g->first = (int)ref_rng_below(&g->rng, (uint32_t)g->players);
    /* The supply holds the Allies in reverse card order (bottom first), then is shuffled as rt_shuffle does. */
    for (int i = 0; i < GAL_ALLIES; i++)
        g->supply[i] = (uint8_t)(GAL_ALLIES - 1 - i);
    g->nsupply = GAL_ALLIES;
    for (int i = GAL_ALLIES - 1; i > 0; i--) {
        int j = (int)ref_rng_below(&g->rng, (uint32_t)i + 1);
        uint8_t t = g->supply[i];
        g->supply[i] = g->supply[j];
        g->supply[j] = t;
    }
    /* The tokens left in the box, as offered: the box read from the top. */
    uint8_t left[GAL_TOKENS] = {3, 2, 1, 0};
    int nleft = GAL_TOKENS;
    for (int k = 0, p = g->first; k < g->players; k++, p = (p + 1) % g->players) {
        int i = gal_choose(g, p, nleft);
        GAL_TRACE_CHOICE(p, nleft, GAL_TOKEN_NAME[left[i]]);
        g->mark[p] = GAL_TOKEN_MARK[left[i]];
        memmove(left + i, left + i + 1, (size_t)(nleft - 1 - i));
        nleft--;
    }
    gal_next_site(g);
}

/* What a game came to, besides its winner. */
typedef struct GalStats {
    int rounds;    /* rounds started */
    int decisions; /* decisions made, forced ones included */
} GalStats;

/* gal_ref_play: one game of `players` (2..4) seeded game_seed between
   random agents seeded as `build/galaxy bench` seeds them, with the sites
   of t (gal_tables). Returns the first winning seat, or -1 when the game
   fails (not over within 1000 rounds); fills *stats unless it is NULL. */
static int gal_ref_play(const GalTables *t, int players, uint64_t game_seed, GalStats *stats)
{
    GalGame g;
    memset(&g, 0, sizeof g);
    g.t = t;
    g.players = players;
    ref_rng_seed(&g.rng, game_seed);
    for (int p = 0; p < players; p++)
        ref_rng_seed(&g.agent[p], ref_splitmix_at(game_seed ^ GAL_AGENT_SALT, (uint64_t)p));
    gal_setup(&g);
    int w = -1;
    while (w < 0 && g.rounds < GAL_MAX_ROUNDS) {
        g.rounds++;
        GAL_TRACE("round %d\n", g.rounds);
        for (int k = 0, p = g.first; k < players && w < 0; k++, p = (p + 1) % players)
            w = gal_turn(&g, p);
    }
    if (stats) {
        stats->rounds = g.rounds;
        stats->decisions = g.decisions;
    }
    return w;
}

#endif
