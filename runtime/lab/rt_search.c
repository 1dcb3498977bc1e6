/* rt_search.c: agents that look ahead (greedy on the game's score, Monte
   Carlo tree search) and the determinization that keeps them honest about
   hidden information. See docs/lab.md. */
#include "rt_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- determinization ------------------------------------------------------ */

/* A place of an unseen card: zone instance and index, the card there, its
   kind and the kind the zone takes (-1: any). */
typedef struct Slot {
    int32_t zone, pos, card, kind, zkind;
} Slot;

static int slot_by_kind_card(const void *a, const void *b)
{
    const Slot *x = a, *y = b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    return (x->card > y->card) - (x->card < y->card);
}

/* Scratch of one determinization, sized for the game (no fixed limit). */
typedef struct Deal {
    Slot *slots, *cards, *scratch;   /* n each */
    int32_t *out, *idx;              /* n each */
    int32_t *need, *kstart;          /* nkinds each: places of the kind left to fill; a sort's cursors */
    uint32_t *bits;                  /* a bit per card instance (sort_by_kind_card) */
} Deal;

/* unseen_slots: the places of the cards viewer cannot tell apart
   (rt_card_seen), in zone order, into slots; returns how many. The zones
   of interchangeable dice kept as counts hold no cards to deal. */
static int unseen_slots(const RtGame *g, int viewer, Slot *slots)
{
    int k = 0, counted = rt__hdr(g)->counted;
    for (int z = 0; z < g->nzi; z++) {
        if (z == RT__BOX || (viewer < RT_MAX_PLAYERS && (rt__zone_vis(g, z) >> viewer & 1u)))
            continue;   /* the box's cards are known to all (rt_card_seen) */
        if (counted && rt__dice_zone(g, z))
            continue;
        const int32_t *zz = rt__zone(g, z);
        for (int i = 0; i < zz[0]; i++) {
            int c = zz[1 + i];
            if (!rt__is_card(g, c) || rt_card_seen(g, viewer, c))
                continue;   /* he knows its place: it stays */
            slots[k].zone = z;
            slots[k].pos = i;
            slots[k].card = c;
            slots[k].kind = g->inst_kind[c];
            slots[k].zkind = g->zi_kind[z];
            k++;
        }
    }
    return k;
}

/* deal_known_zones: the cards viewer knows the zone (not the place) of go
   to random places of their zone among its unseen places (slots[a..b)
   are one zone's; a zone holds only cards it takes, so any of its places
   takes them): out[i] is the card slot i gets (-1: an unknown card, dealt
   later). Cards in sorted order, the places drawn from rng: nothing
   depends on where they were. */
static void deal_known_zones(const RtGame *g, int viewer, const Slot *slots, int n, Deal *d, uint64_t rng[4])
{
    for (int i = 0; i < n; i++)
        d->out[i] = -1;
    for (int a = 0; a < n;) {
        int b = a, m = 0;
        while (b < n && slots[b].zone == slots[a].zone)
            b++;
        for (int i = a; i < b; i++)
            if (rt__knows(g, viewer, slots[i].card) == 1)
                d->scratch[m++] = slots[i];
        if (m > 0) {
            qsort(d->scratch, (size_t)m, sizeof *d->scratch, slot_by_kind_card);
            int f = b - a;
            for (int i = 0; i < f; i++)
                d->idx[i] = a + i;
            for (int j = 0; j < m; j++) {   /* a random place of the zone for each card */
                int r = j + (int)rt__xoshiro_below(rng, (uint32_t)(f - j));
                int32_t t = d->idx[j];
                d->idx[j] = d->idx[r];
                d->idx[r] = t;
                d->out[d->idx[j]] = d->scratch[j].card;
            }
        }
        a = b;
    }
}

/* shuffle_slots: a Fisher-Yates shuffle of s[0..n) from rng. */
static void shuffle_slots(Slot *s, int n, uint64_t rng[4])
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rt__xoshiro_below(rng, (uint32_t)i + 1);
        Slot t = s[i];
        s[i] = s[j];
        s[j] = t;
    }
}

/* low_bit: the index of the lowest set bit of b (b != 0). */
static int low_bit(uint32_t b)
{
#if defined(__GNUC__)
    return __builtin_ctz(b);
#else
    int i = 0;
    while (!(b >> i & 1u))
        i++;
    return i;
#endif
}

/* sort_by_kind_card: cards[0..nc) in the order of slot_by_kind_card,
   without qsort (a determinization sorts every unseen card): the cards
   marked in a bitset over the instances are read back in order and put
   after the cards of the kinds before theirs (a counting sort). */
static void sort_by_kind_card(const RtGame *g, Slot *cards, int nc, Deal *d)
{
    int words = (g->ninst + 31) / 32, nk = g->def->nkinds;
    memset(d->bits, 0, (size_t)words * sizeof *d->bits);
    memset(d->kstart, 0, (size_t)nk * sizeof *d->kstart);
    for (int i = 0; i < nc; i++) {
        d->bits[cards[i].card >> 5] |= 1u << (cards[i].card & 31);
        d->kstart[cards[i].kind]++;
    }
    for (int k = 0, at = 0; k < nk; k++) {
        int c = d->kstart[k];
        d->kstart[k] = at;
        at += c;
    }
    for (int w = 0; w < words; w++)
        for (uint32_t b = d->bits[w]; b; b &= b - 1) {
            int c = w * 32 + low_bit(b);
            Slot *s = &cards[d->kstart[g->inst_kind[c]]++];
            s->card = c;
            s->kind = g->inst_kind[c];
        }
}

/* deal_unknown: the cards viewer knows nothing of (nc of them in cards)
   go to the places left (out[i] < 0), uniformly among the deals that put
   a card only where its zone takes it: sorted by kind and instance (their
   places forgotten), each kind's cards are shuffled, the first of them
   fill the places left in zones of that kind (in zone order), and the
   rest of every kind, shuffled together, fill the places of zones of any
   kind. */
static void deal_unknown(const RtGame *g, const Slot *slots, int n, Slot *cards, int nc, Deal *d, uint64_t rng[4])
{
    sort_by_kind_card(g, cards, nc, d);
    memset(d->need, 0, (size_t)g->def->nkinds * sizeof *d->need);
    for (int i = 0; i < n; i++)
        if (d->out[i] < 0 && slots[i].zkind >= 0)
            d->need[slots[i].zkind]++;
    int free_n = 0;
    for (int a = 0; a < nc;) {
        int b = a;
        while (b < nc && cards[b].kind == cards[a].kind)
            b++;
        shuffle_slots(cards + a, b - a, rng);
        int k = cards[a].kind, keep = d->need[k] < b - a ? d->need[k] : b - a;
        d->need[k] = a;   /* now: the next of the kind's cards to place */
        for (int i = a + keep; i < b; i++)   /* the rest: for the zones of any kind */
            d->scratch[free_n++] = cards[i];
        a = b;
    }
    shuffle_slots(d->scratch, free_n, rng);
    int next_free = 0;
    for (int i = 0; i < n; i++) {
        if (d->out[i] >= 0)
            continue;
        if (slots[i].zkind >= 0)
            d->out[i] = cards[d->need[slots[i].zkind]++].card;
        else if (next_free < free_n)
            d->out[i] = d->scratch[next_free++].card;
        else
            d->out[i] = slots[i].card;   /* not reached: the true deal is one of the deals */
    }
}

/* PlaceStates: the state slots of the cards at the places dealt again,
   as they were before the deal, and which of them viewer cannot tell. */
typedef struct PlaceStates {
    int32_t *value;    /* n * maxstate */
    uint8_t *unsure;   /* n * maxstate */
    int32_t *kind;     /* n: the kind of the card that was there */
} PlaceStates;

/* places_save: the states at the n places of slots, before the deal. */
static void places_save(const RtGame *g, int viewer, const Slot *slots, int n, PlaceStates *ps)
{
    int ms = (int)g->pre.maxstate;
    for (int i = 0; i < n; i++) {
        RtValue c = slots[i].card;
        ps->kind[i] = g->inst_kind[c];
        for (int s = 0; s < ms; s++) {
            ps->value[i * ms + s] = rt__card(g, c)[1 + s];
            ps->unsure[i * ms + s] = (uint8_t)rt__state_unsure(g, viewer, c, s);
        }
    }
}

/* places_restore: a state slot viewer could not tell on the card that was
   at a place stays with the place: the card dealt there takes it (when it
   is of the same kind and viewer cannot tell that slot of it either). A
   slot he saw set stays with its card. What he saw of a place ("the card
   laid on mission 1") stays true. */
static void places_restore(RtGame *g, int viewer, const int32_t *out, int n, const PlaceStates *ps)
{
    int ms = (int)g->pre.maxstate;
    for (int i = 0; i < n; i++) {
        RtValue c = out[i];
        if (g->inst_kind[c] != ps->kind[i])
            continue;
        for (int s = 0; s < g->kind_nstate[ps->kind[i]]; s++)
            if (ps->unsure[i * ms + s] && rt__state_unsure(g, viewer, c, s))
                rt__card(g, c)[1 + s] = ps->value[i * ms + s];
    }
}

/* Where a pending option's card was: the zone and cell, or zone -1. */
typedef struct OptPlace {
    int32_t zone, pos;
} OptPlace;

/* option_places: for each option of the pending decision whose card
   viewer cannot tell apart, the place of that card (before the deal). */
static void option_places(const RtGame *g, int viewer, OptPlace *at, int nopts)
{
    const int32_t *o = g->pre.opt_cells;
    int named = (rt__hdr(g)->dec_flags & RT_CHOOSE_NAMED) != 0;   /* options that stand for cards, not places */
    for (int i = 0; i < nopts; i++) {
        RtValue c = o[3 * i + 1];
        at[i].zone = -1;
        if (named || !rt__is_card(g, c) || rt_card_seen(g, viewer, c))
            continue;
        RtValue z = rt__card(g, c)[0];
        int cell = rt__is_zone(g, z) ? rt__cell_of(rt__zone(g, z), c) : 0;
        if (cell > 0) {
            at[i].zone = z;
            at[i].pos = cell;
        }
    }
}

/* rebind_options: each option of a card viewer cannot tell apart now
   offers the card dealt to its place (its value too, when it was the
   card): an option stands for a place, not for a card. */
static void rebind_options(RtGame *g, const OptPlace *at, int nopts)
{
    int32_t *o = rt__cells(g) + g->off_opts;
    for (int i = 0; i < nopts; i++) {
        if (at[i].zone < 0)
            continue;
        RtValue was = o[3 * i + 1], now = rt__zone(g, at[i].zone)[at[i].pos];
        o[3 * i + 1] = now;
        if (o[3 * i] == was)
            o[3 * i] = now;
    }
}

/* redraw_var: a value of type (RT_TY_*) that viewer does not see, drawn
   from rng within what its declaration allows: a card from the zone that
   holds the card it names, a player, a side, a bool, an enum's value, an
   int between its min and max (a bound not declared: the initial value).
   RT_NONE stays. */
static RtValue redraw_var(const RtGame *g, const RtVarDef *d, RtValue v, uint64_t rng[4])
{
    int type = d->type;
    if (type == RT_TY_CARD) {
        if (!rt__is_card(g, v))
            return v;
        const int32_t *zz = rt__zone(g, rt__card(g, v)[0]);
        return zz[0] > 0 ? zz[1 + rt__xoshiro_below(rng, (uint32_t)zz[0])] : v;
    }
    if (type == RT_TY_PLAYER)
        return v == RT_NONE ? v : (RtValue)rt__xoshiro_below(rng, (uint32_t)g->nplayers);
    if (type == RT_TY_SIDE)
        return v == RT_NONE || g->def->nsides <= 0 ? v : (RtValue)rt__xoshiro_below(rng, (uint32_t)g->def->nsides);
    if (type == RT_TY_BOOL)
        return (RtValue)rt__xoshiro_below(rng, 2);
    if (type >= RT_TY_ENUM && type - RT_TY_ENUM < g->def->nenums) {
        int nv = g->def->enums[type - RT_TY_ENUM].nvalues;
        return v == RT_NONE || nv <= 0 ? v : (RtValue)rt__xoshiro_below(rng, (uint32_t)nv);
    }
    int64_t lo = d->has_min ? d->min : d->init, hi = d->has_max ? d->max : d->init;
    if (lo > hi) {   /* an initial value past a declared bound: the bound */
        if (d->has_min)
            hi = lo;
        else
            lo = hi;
    }
    uint64_t span = (uint64_t)(hi - lo) + 1u;
    if (span > UINT32_MAX)
        return (RtValue)(lo + (int64_t)(rt__xoshiro_next(rng) % span));
    return (RtValue)(lo + (int64_t)rt__xoshiro_below(rng, (uint32_t)span));
}

/* redraw_vars: every private variable viewer does not see (another
   player's, or one private to a side he is not on) is redrawn
   (redraw_var). */
static void redraw_vars(RtGame *g, int viewer, uint64_t rng[4])
{
    for (int v = 0; v < g->def->nvars; v++) {
        const RtVarDef *d = &g->def->vars[v];
        if (d->visibility != RT_PRIVATE)
            continue;
        for (int p = 0; p < (d->per_player ? g->nplayers : 1); p++) {
            uint32_t seers = rt__var_seers(g, v, d->per_player ? p : RT_NONE);
            if (viewer >= 0 && viewer < RT_MAX_PLAYERS && (seers >> viewer & 1u))
                continue;
            int32_t *cell = rt__cells(g) + g->var_cell[v] + (d->per_player ? p * g->pre.player_stride : 0);
            *cell = redraw_var(g, d, *cell, rng);
        }
    }
}

/* deal_alloc: the scratch for n places; 0 when memory is short. */
static int deal_alloc(Deal *d, const RtGame *g, int n)
{
    size_t m = (size_t)(n > 0 ? n : 1), nk = (size_t)(g->def->nkinds > 0 ? g->def->nkinds : 1);
    /* one block: the Slots first, then the int32s */
    size_t words = (size_t)(g->ninst + 31) / 32 + 1;
    char *b = malloc(3 * m * sizeof(Slot) + (2 * m + 2 * nk + words) * sizeof(int32_t));
    memset(d, 0, sizeof *d);
    if (!b)
        return 0;
    d->slots = (Slot *)(void *)b;
    d->cards = d->slots + m;
    d->scratch = d->slots + 2 * m;
    d->out = (int32_t *)(void *)(d->slots + 3 * m);
    d->idx = d->out + m;
    d->need = d->idx + m;
    d->kstart = d->need + nk;
    d->bits = (uint32_t *)(void *)(d->kstart + nk);
    return 1;
}

static void deal_free(Deal *d) { free(d->slots); }

/* rt_determinize: see cardrt.h. The places of the cards viewer cannot
   tell apart (rt_card_seen) are listed in zone order; the cards he knows
   the zone of are dealt within their zone first (deal_known_zones), then
   the others wherever their kind may lie (deal_unknown); a state slot
   that changed while he could not tell the card (rt__state_unsure) stays
   with its place, a slot he saw set with its card (places_restore); the
   pending
   decision's options of such cards follow their places (rebind_options);
   the private variables he does not see are redrawn (redraw_vars). The
   other players forget the cards dealt again (what they know of them is
   not known to viewer). */
void rt_determinize(RtGame *g, int viewer, uint64_t rng[4])
{
    int n = 0, nopts = rt__hdr(g)->pending != RT_DEC_NONE ? rt__hdr(g)->dec_count : 0;
    for (int z = 0; z < g->nzi; z++)
        if (z != RT__BOX && !(viewer < RT_MAX_PLAYERS && (rt__zone_vis(g, z) >> viewer & 1u)))
            n += rt__zone(g, z)[0];
    Deal d;
    memset(&d, 0, sizeof d);
    OptPlace *at = nopts > 0 ? malloc((size_t)nopts * sizeof *at) : NULL;
    if (n > 0 && deal_alloc(&d, g, n) && (nopts == 0 || at)) {
        n = unseen_slots(g, viewer, d.slots);
        option_places(g, viewer, at, nopts);
        size_t cells = (size_t)n * (size_t)(g->pre.maxstate > 0 ? g->pre.maxstate : 1);
        PlaceStates ps = {malloc(cells * sizeof(int32_t)), malloc(cells), malloc((size_t)n * sizeof(int32_t))};
        if (ps.value && ps.unsure && ps.kind)
            places_save(g, viewer, d.slots, n, &ps);
        deal_known_zones(g, viewer, d.slots, n, &d, rng);
        int nc = 0;   /* the cards he knows nothing of (as many as the places left) */
        for (int i = 0; i < n; i++)
            if (rt__knows(g, viewer, d.slots[i].card) == 0)
                d.cards[nc++] = d.slots[i];
        deal_unknown(g, d.slots, n, d.cards, nc, &d, rng);
        for (int i = 0; i < n; i++) {
            int c = d.out[i];
            rt__zone(g, d.slots[i].zone)[1 + d.slots[i].pos] = c;
            rt__card(g, c)[0] = d.slots[i].zone;
            for (int p = 0; p < g->nplayers; p++)
                if (p != viewer)
                    rt__know_drop(g, p, c);
        }
        if (ps.value && ps.unsure && ps.kind)
            places_restore(g, viewer, d.out, n, &ps);
        free(ps.value);
        free(ps.unsure);
        free(ps.kind);
        rebind_options(g, at, nopts);
    }
    deal_free(&d);
    free(at);
    if (g->def->nlive > 0)   /* cards and states changed behind the moves' backs */
        g->def->live_recount(g);
    /* the cells past each zone's count hold whatever earlier moves left:
       never read, but cleared so that equal views give equal bytes */
    for (int z = 0; z < g->nzi; z++) {
        int32_t *zz = rt__zone(g, z);
        memset(zz + 1 + zz[0], 0, (size_t)(g->zone_cap[z] - zz[0]) * sizeof *zz);
    }
    redraw_vars(g, viewer, rng);
    rt__xoshiro_seed(rt__hdr(g)->rng, rt__xoshiro_next(rng));
}

/* ---- greedy ------------------------------------------------------------------ */

/* same_side: seats p and q play one side (a game without sides: never
   for two seats), so they win or lose together. */
static int same_side(const RtGame *g, int p, int q)
{
    RtValue a = rt_player_side(g, p);
    return a != RT_NONE && a == rt_player_side(g, q);
}

/* greedy_value: how good g (after a move) is for player: +/-1e9 for a
   win or loss, else the score lead over the best player of another side
   (teammates are not rivals), or the score itself when every other seat
   plays player's side. */
static double greedy_value(RtGame *g, int player)
{
    if (rt_over(g)) {
        if (rt_failed(g))
            return 0;
        if (rt_is_winner(g, player))
            return 1e9;
        for (int p = 0; p < g->nplayers; p++)
            if (rt_is_winner(g, p))
                return -1e9;
        return rt_lost(g) ? -1e9 : 0;
    }
    if (!g->def->score)
        return 0;
    double mine = g->def->score(g, player), best = -1e18;
    int rivals = 0;
    for (int p = 0; p < g->nplayers; p++)
        if (p != player && !same_side(g, p, player)) {
            double s = g->def->score(g, p);
            if (s > best)
                best = s;
            rivals++;
        }
    return rivals > 0 ? mine - best : mine;
}

static void search_reset(RtAgent *a, uint64_t seed)
{
    rt__xoshiro_seed(a->rng, seed);
}

/* greedy_choose: for each option, on a determinized copy: apply it, run to
   the next decision, value the result; the best (ties at random). */
static int greedy_choose(RtAgent *a, RtGame *g)
{
    int n = rt_option_count(g), me = rt_decision_player(g);
    RtGame *base = rt_clone(g), *work = rt_clone(g);
    if (!base || !work) {
        rt_free(base);
        rt_free(work);
        return (int)rt__xoshiro_below(a->rng, (uint32_t)n);
    }
    rt_determinize(base, me, a->rng);
    double best = -1e300;
    int pick = 0, ties = 0;
    for (int i = 0; i < n; i++) {
        rt_copy_state(work, base);
        rt_apply(work, i);
        rt_advance(work);
        double v = greedy_value(work, me);
        if (v > best) {
            best = v;
            pick = i;
            ties = 1;
        } else if (v == best && rt__xoshiro_below(a->rng, (uint32_t)++ties) == 0) {
            pick = i;
        }
    }
    rt_free(base);
    rt_free(work);
    return pick;
}

/* rt_agent_greedy: see cardrt.h. */
void rt_agent_greedy(RtAgent *a)
{
    memset(a, 0, sizeof *a);
    a->name = "greedy";
    a->choose = greedy_choose;
    a->reset = search_reset;
    search_reset(a, 0);
}

/* ---- Monte Carlo tree search ----------------------------------------------------- */

/* A node: the move `action` by `player` from its parent. wins counts the
   mover's reward (1 win, 1/players draw or error, 0 loss); avail counts
   the iterations in which the move was legal (ISMCTS). */
typedef struct Node {
    int32_t parent, child, sibling;
    int32_t action, player;
    int32_t visits, avail;
    double wins;
} Node;

typedef struct Mcts {
    Node *nodes;
    int nnodes, cap;
    RtGame *root, *work;      /* scratch games (same def and players) */
    const RtGameDef *def;
    int players;
    uint8_t *tried;           /* scratch: options that have a child */
    int tried_cap;
} Mcts;

static void mcts_drop_games(Mcts *m)
{
    rt_free(m->root);
    rt_free(m->work);
    m->root = m->work = NULL;
}

/* mcts_games: scratch games fitting g (made again when the game changes). */
static int mcts_games(Mcts *m, const RtGame *g)
{
    if (m->root && (m->def != g->def || m->players != g->nplayers || m->root->size != g->size))
        mcts_drop_games(m);
    if (!m->root) {
        m->root = rt_clone(g);
        m->work = rt_clone(g);
        m->def = g->def;
        m->players = g->nplayers;
        if (!m->root || !m->work) {
            mcts_drop_games(m);
            return 0;
        }
    } else {
        rt_copy_state(m->root, g);
    }
    if (m->tried_cap < g->max_opts) {
        free(m->tried);
        m->tried = malloc((size_t)g->max_opts);
        m->tried_cap = m->tried ? g->max_opts : 0;
        if (!m->tried)
            return 0;
    }
    return 1;
}

static int mcts_node(Mcts *m, int parent, int action, int player)
{
    if (m->nnodes >= m->cap)
        return -1;
    int k = m->nnodes++;
    Node *n = &m->nodes[k];
    n->parent = parent;
    n->child = -1;
    n->sibling = -1;
    n->action = action;
    n->player = player;
    n->visits = 0;
    n->avail = 0;
    n->wins = 0;
    if (parent >= 0) {
        n->sibling = m->nodes[parent].child;
        m->nodes[parent].child = k;
    }
    return k;
}

/* reward: what the game's end is worth to player. */
static double reward(const RtGame *g, int player)
{
    if (!rt_over(g) || rt_failed(g))
        return 1.0 / g->nplayers;
    int any = 0;
    for (int p = 0; p < g->nplayers; p++)
        any |= rt_is_winner(g, p);
    if (!any)
        return rt_lost(g) ? 0.0 : 1.0 / g->nplayers;
    return rt_is_winner(g, player) ? 1.0 : 0.0;
}

/* cut_reward: what a game cut short (not over) is worth to player by the
   game's score: 1 shared among the leaders, 0 to the others; 1/players
   each when the game has no score. */
static double cut_reward(RtGame *g, int player)
{
    if (!g->def->score)
        return 1.0 / g->nplayers;
    RtValue best = 0, mine = g->def->score(g, player);
    int leaders = 0;
    for (int p = 0; p < g->nplayers; p++) {
        RtValue s = g->def->score(g, p);
        if (leaders == 0 || s > best) {
            best = s;
            leaders = 1;
        } else if (s == best) {
            leaders++;
        }
    }
    return mine == best ? 1.0 / leaders : 0.0;
}

/* mcts_iterate: one iteration from the root on a fresh determinization. */
static void mcts_iterate(Mcts *m, RtAgent *a, int me)
{
    RtGame *w = m->work;
    rt_copy_state(w, m->root);
    rt_determinize(w, me, a->rng);
    int node = 0;
    /* selection and expansion */
    while (rt_advance(w)) {
        int n = rt_option_count(w), player = rt_decision_player(w);
        memset(m->tried, 0, (size_t)n);
        int ntried = 0, best = -1;
        double best_v = -1;
        for (int c = m->nodes[node].child; c >= 0; c = m->nodes[c].sibling) {
            Node *ch = &m->nodes[c];
            if (ch->action >= n)
                continue;
            m->tried[ch->action] = 1;
            ntried++;
            ch->avail++;
        }
        if (ntried < n) {
            int k = (int)rt__xoshiro_below(a->rng, (uint32_t)(n - ntried)), act = 0;
            for (act = 0; act < n; act++)
                if (!m->tried[act] && k-- == 0)
                    break;
            int child = mcts_node(m, node, act, player);
            rt_apply(w, act);
            if (child < 0)
                break;       /* out of nodes: roll out from here */
            m->nodes[child].avail = 1;
            node = child;
            break;
        }
        for (int c = m->nodes[node].child; c >= 0; c = m->nodes[c].sibling) {
            const Node *ch = &m->nodes[c];
            if (ch->action >= n)
                continue;
            double v = ch->visits == 0 ? 1e9
                       : ch->wins / ch->visits + 1.4 * sqrt(log((double)ch->avail) / ch->visits);
            if (v > best_v) {
                best_v = v;
                best = c;
            }
        }
        node = best;
        rt_apply(w, m->nodes[node].action);
    }
    /* rollout (cut after a->rollout decisions, when set) */
    int left = a->rollout > 0 ? a->rollout : -1, cut = 0;
    while (rt_advance(w)) {
        if (left == 0) {
            cut = 1;
            break;
        }
        rt_apply(w, (int)rt__xoshiro_below(a->rng, (uint32_t)rt_option_count(w)));
        left -= left > 0;
    }
    /* backpropagation */
    for (int k = node; k >= 0; k = m->nodes[k].parent) {
        m->nodes[k].visits++;
        if (m->nodes[k].player >= 0)
            m->nodes[k].wins += cut ? cut_reward(w, m->nodes[k].player) : reward(w, m->nodes[k].player);
    }
}

/* mcts_choose: budget iterations from g's pending decision; the most
   visited move at the root (ties: the lowest option). */
static int mcts_choose(RtAgent *a, RtGame *g)
{
    Mcts *m = a->ctx;
    int n = rt_option_count(g), me = rt_decision_player(g);
    if (!m || !mcts_games(m, g))
        return (int)rt__xoshiro_below(a->rng, (uint32_t)n);
    m->nnodes = 0;
    mcts_node(m, -1, -1, -1);
    for (int it = 0; it < a->budget; it++)
        mcts_iterate(m, a, me);
    int pick = 0, most = -1;
    for (int c = m->nodes[0].child; c >= 0; c = m->nodes[c].sibling) {
        const Node *ch = &m->nodes[c];
        if (ch->action < n && (ch->visits > most || (ch->visits == most && ch->action < pick))) {
            most = ch->visits;
            pick = ch->action;
        }
    }
    return pick;
}

static void mcts_release(RtAgent *a)
{
    Mcts *m = a->ctx;
    if (m) {
        mcts_drop_games(m);
        free(m->nodes);
        free(m->tried);
        free(m);
    }
    a->ctx = NULL;
}

/* rt_agent_mcts: see cardrt.h. */
int rt_agent_mcts(RtAgent *a, int budget)
{
    memset(a, 0, sizeof *a);
    a->name = "mcts";
    a->choose = mcts_choose;
    a->reset = search_reset;
    a->release = mcts_release;
    a->budget = budget > 0 ? budget : RT_MCTS_BUDGET;
    search_reset(a, 0);
    Mcts *m = calloc(1, sizeof *m);
    if (!m)
        return -1;
    m->cap = a->budget + 2;
    m->nodes = malloc((size_t)m->cap * sizeof *m->nodes);
    a->ctx = m;
    if (!m->nodes) {
        mcts_release(a);
        return -1;
    }
    return 0;
}

/* rt_agent_by_name: see cardrt.h. */
int rt_agent_by_name(RtAgent *a, const char *name, int budget)
{
    if (strcmp(name, "random") == 0) {
        rt_agent_random(a);
        return 0;
    }
    if (strcmp(name, "greedy") == 0) {
        rt_agent_greedy(a);
        return 0;
    }
    if (strcmp(name, "mcts") == 0)
        return rt_agent_mcts(a, budget) == 0 ? 0 : -2;
    return -1;
}

/* rt_agent_release: see cardrt.h. */
void rt_agent_release(RtAgent *a)
{
    if (a && a->release)
        a->release(a);
}
