/* rt_search.c: agents that look ahead (greedy on the game's score, Monte
   Carlo tree search) and the determinization that keeps them honest about
   hidden information. See docs/lab.md. */
#include "rt_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- determinization ------------------------------------------------------ */

/* A place of an unseen card: zone instance and index. */
typedef struct Slot {
    int32_t zone, pos, card, kind;
} Slot;

static int slot_by_kind_card(const void *a, const void *b)
{
    const Slot *x = a, *y = b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    return (x->card > y->card) - (x->card < y->card);
}

/* hidden_slots: the places of the cards viewer does not see and does not
   know the place of, in zone order, into slots (n of them at most);
   returns how many. */
static int hidden_slots(const RtGame *g, int viewer, Slot *slots)
{
    int k = 0;
    for (int z = 0; z < g->nzi; z++) {
        if (rt__zone_vis(g, z) >> viewer & 1u)
            continue;
        const int32_t *zz = rt__zone(g, z);
        for (int i = 0; i < zz[0]; i++) {
            int c = zz[1 + i];
            if (rt__knows(g, viewer, c) == 2)
                continue;   /* he knows its place: it stays */
            slots[k].zone = z;
            slots[k].pos = i;
            slots[k].card = c;
            slots[k].kind = g->def->cards[g->inst_card[c]].kind;
            k++;
        }
    }
    return k;
}

/* deal_known_zones: the cards viewer knows the zone (not the place) of go
   to random places of their kind among the free places of their zone
   (slots[a..b) are one zone's): out[i] is the card slot i gets (-1: an
   unknown card, dealt later). Cards in sorted order, the places drawn from
   rng: nothing depends on where they were. */
static void deal_known_zones(const RtGame *g, int viewer, const Slot *slots, int n, int32_t *out, Slot *scratch,
                             int32_t *idx, uint64_t rng[4])
{
    for (int i = 0; i < n; i++)
        out[i] = -1;
    for (int a = 0; a < n;) {
        int b = a, m = 0;
        while (b < n && slots[b].zone == slots[a].zone)
            b++;
        for (int i = a; i < b; i++)
            if (rt__knows(g, viewer, slots[i].card) == 1)
                scratch[m++] = slots[i];
        qsort(scratch, (size_t)m, sizeof *scratch, slot_by_kind_card);
        for (int s = 0; s < m;) {
            int e = s, f = 0;
            while (e < m && scratch[e].kind == scratch[s].kind)
                e++;
            for (int i = a; i < b; i++)
                if (slots[i].kind == scratch[s].kind)
                    idx[f++] = i;
            for (int j = 0; j < e - s; j++) {   /* a random place of the f for each card */
                int r = j + (int)rt__xoshiro_below(rng, (uint32_t)(f - j));
                int32_t t = idx[j];
                idx[j] = idx[r];
                idx[r] = t;
                out[idx[j]] = scratch[s + j].card;
            }
            s = e;
        }
        a = b;
    }
}

/* redraw_card: a hidden card variable's cell, when it holds a card, gets
   a card drawn from that card's zone (the zone is what the viewer knows). */
static void redraw_card(RtGame *g, int32_t *cell, uint64_t rng[4])
{
    if (!rt__is_card(g, *cell))
        return;
    const int32_t *zz = rt__zone(g, rt__card(g, *cell)[0]);
    if (zz[0] > 0)
        *cell = zz[1 + rt__xoshiro_below(rng, (uint32_t)zz[0])];
}

/* rt_determinize: see cardrt.h. The places viewer neither sees nor knows
   are listed in zone order; the cards he knows the zone of are dealt
   within their zone first (deal_known_zones), then the other cards of
   each kind are sorted (so their former order is forgotten) and dealt
   back to the places left in a Fisher-Yates order drawn from rng. A card
   keeps its own state slots. The other players forget the cards dealt
   again (what they know of them is not known to viewer). */
void rt_determinize(RtGame *g, int viewer, uint64_t rng[4])
{
    int n = 0;
    for (int z = 0; z < g->nzi; z++)
        if (!(rt__zone_vis(g, z) >> viewer & 1u))
            n += rt__zone(g, z)[0];
    Slot *slots = n > 0 ? malloc((size_t)n * 3 * sizeof *slots) : NULL;
    int32_t *out = n > 0 ? malloc((size_t)n * 2 * sizeof *out) : NULL;
    if (n > 0 && slots && out) {
        n = hidden_slots(g, viewer, slots);
        Slot *cards = slots + n, *scratch = slots + 2 * n;
        deal_known_zones(g, viewer, slots, n, out, scratch, out + n, rng);
        int nc = 0;
        for (int i = 0; i < n; i++)
            if (rt__knows(g, viewer, slots[i].card) == 0)
                cards[nc++] = slots[i];
        qsort(cards, (size_t)nc, sizeof *cards, slot_by_kind_card);
        /* shuffle within each kind's run of the sorted cards */
        for (int a = 0; a < nc;) {
            int b = a;
            while (b < nc && cards[b].kind == cards[a].kind)
                b++;
            for (int i = b - a - 1; i > 0; i--) {
                int j = (int)rt__xoshiro_below(rng, (uint32_t)i + 1);
                Slot t = cards[a + i];
                cards[a + i] = cards[a + j];
                cards[a + j] = t;
            }
            a = b;
        }
        /* deal: the places of kind K left, in zone order, get the shuffled cards of K */
        int next[64];
        int nk = g->def->nkinds < 64 ? g->def->nkinds : 64;
        int start = 0;
        for (int kind = 0; kind < nk; kind++) {
            next[kind] = start;
            while (start < nc && cards[start].kind == kind)
                start++;
        }
        for (int i = 0; i < n; i++) {
            int kind = slots[i].kind;
            if (out[i] < 0 && kind >= 0 && kind < nk)
                out[i] = cards[next[kind]++].card;
        }
        for (int i = 0; i < n; i++) {
            int c = out[i] >= 0 ? out[i] : slots[i].card;
            rt__zone(g, slots[i].zone)[1 + slots[i].pos] = c;
            rt__card(g, c)[0] = slots[i].zone;
            for (int p = 0; p < g->nplayers; p++)
                if (p != viewer)
                    rt__know_drop(g, p, c);
        }
    }
    free(out);
    free(slots);
    if (g->def->nlive > 0)   /* cards changed zones behind the moves' backs */
        g->def->live_recount(g);
    /* the cells past each zone's count hold whatever earlier moves left:
       never read, but cleared so that equal views give equal bytes */
    for (int z = 0; z < g->nzi; z++) {
        int32_t *zz = rt__zone(g, z);
        memset(zz + 1 + zz[0], 0, (size_t)(g->zone_cap[z] - zz[0]) * sizeof *zz);
    }
    /* other players' private card variables, and those of sides viewer is
       not on: a card of the same zone */
    for (int v = 0; v < g->def->nvars; v++) {
        const RtVarDef *d = &g->def->vars[v];
        if (d->visibility != RT_PRIVATE || d->type != RT_TY_CARD)
            continue;
        if (!d->per_player) {
            if (viewer >= 0 && viewer < 32 && !(rt__var_seers(g, v, RT_NONE) >> viewer & 1u))
                redraw_card(g, rt__cells(g) + g->var_cell[v], rng);
            continue;
        }
        for (int p = 0; p < g->nplayers; p++)
            if (p != viewer)
                redraw_card(g, rt__cells(g) + g->var_cell[v] + p * g->pre.player_stride, rng);
    }
    rt__xoshiro_seed(rt__hdr(g)->rng, rt__xoshiro_next(rng));
}

/* ---- greedy ------------------------------------------------------------------ */

/* greedy_value: how good g (after a move) is for player: +/-1e9 for a
   win or loss, else the score lead over the best other player. */
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
    for (int p = 0; p < g->nplayers; p++)
        if (p != player) {
            double s = g->def->score(g, p);
            if (s > best)
                best = s;
        }
    return g->nplayers > 1 ? mine - best : mine;
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
