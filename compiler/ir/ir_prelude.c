/* ir_prelude.c: the setup's prelude pass (docs/runtime.md "The setup's
   prelude"). The leading statements of a setup that draw no number, ask
   nothing and read nothing a game's seed changes (moves of whole zones,
   pluck loops, in loops over players or sides and under steady
   conditions) give the same state in every game: the runtime runs them
   once and starts every later game from their result. They may be hoisted
   past the shuffles before them that do not touch their zones. A loop over
   the players or sides whose body is such statements followed by shuffles
   only (deal each player's deck, then shuffle it) is split in two: the
   deal joins the prelude, the loop of shuffles stays, and the shuffles
   draw the same numbers in the same order, since no deal touches a
   shuffled zone.

   Contract: runs after ir_pluck; rewrites the body of each unit that is a
   variant's setup into [IR_PRELUDE(the hoisted statements), the rest in
   order] when there is at least one such statement; changes nothing else. */
#include "ir.h"

#include <string.h>

enum { MAX_SHUFFLED = 64 };

/* The zones shuffled by the statements a prelude was hoisted past. */
typedef struct ZoneSet {
    int zone[MAX_SHUFFLED];
    int n;
} ZoneSet;

/* names_zone_in: a node at or below n names a zone of set. */
static int names_zone_in(const IrNode *n, const ZoneSet *set)
{
    if (!n)
        return 0;
    if (n->op == IR_ZONE)
        for (int i = 0; i < set->n; i++)
            if (set->zone[i] == n->index)
                return 1;
    for (int i = 0; i < n->nkids; i++)
        if (names_zone_in(n->kids[i], set))
            return 1;
    return 0;
}

/* settled: s draws no number, asks nothing, cannot yield and reads nothing
   a game's seed changes. */
static int settled(const IrNode *s)
{
    if (!s)
        return 1;
    switch (s->op) {
    case IR_BLOCK:
        for (int i = 0; i < s->nkids; i++)
            if (!settled(s->kids[i]))
                return 0;
        return 1;
    case IR_IF:
        return ir_steady(s->kids[0], -1) && settled(s->kids[1]) && settled(s->kids[2]);
    case IR_FOR:
        if (s->kids[0]->type.base == T_SPACES)   /* depends on its space */
            return 0;
        if (ir_for_limit(s) && !ir_steady(ir_for_limit(s), -1))
            return 0;
        if (s->kids[0]->type.base == T_ZONE)
            return ir_pluck_ok(s);
        return ir_steady(s->kids[1], s->index) && settled(s->kids[2]);
    case IR_MOVE: {
        const IrNode *w = s->kids[0], *z = s->kids[1];
        if (w->op != IR_ZONE || z->op != IR_ZONE)
            return 0;
        return (w->nkids == 0 || ir_steady(w->kids[0], -1)) && (z->nkids == 0 || ir_steady(z->kids[0], -1));
    }
    default:
        return 0;
    }
}

/* owned_by: zone node z is a player's zone whose owner is loop slot's player. */
static int owned_by(const IrNode *z, int slot)
{
    return z->nkids == 1 && z->kids[0] && z->kids[0]->op == IR_LOCAL && z->kids[0]->index == slot;
}

/* names_zone_apart: a node at or below n names a zone of set other than
   the one loop slot's player owns. */
static int names_zone_apart(const IrNode *n, const ZoneSet *set, int slot)
{
    if (!n)
        return 0;
    if (n->op == IR_ZONE && !owned_by(n, slot))
        for (int i = 0; i < set->n; i++)
            if (set->zone[i] == n->index)
                return 1;
    for (int i = 0; i < n->nkids; i++)
        if (names_zone_apart(n->kids[i], set, slot))
            return 1;
    return 0;
}

/* with_body: a copy of loop s (in a) whose body is the block of body's
   kids from..to-1. */
static IrNode *with_body(Arena *a, const IrNode *s, int from, int to)
{
    const IrNode *body = s->kids[2];
    IrNode *b = arena_alloc(a, sizeof *b), *loop = arena_alloc(a, sizeof *loop);
    *b = *body;
    b->nkids = to - from;
    b->kids = arena_alloc(a, sizeof *b->kids * (size_t)(b->nkids + 1));
    b->facts = 0;
    for (int i = from; i < to; i++) {
        b->kids[i - from] = body->kids[i];
        b->facts |= body->kids[i]->facts;
    }
    if (b->nkids)
        b->loc = b->kids[0]->loc;
    *loop = *s;
    loop->kids = arena_alloc(a, sizeof *loop->kids * (size_t)s->nkids);
    memcpy(loop->kids, s->kids, sizeof *loop->kids * (size_t)s->nkids);
    loop->kids[2] = b;
    loop->facts = b->facts | (s->kids[0] ? s->kids[0]->facts : 0);
    return loop;
}

/* deal_then_shuffle: s is `for p in players { settled statements;
   shuffles of p's zones }` with no `where`, whose settled part names no
   zone of shuffled and, of the zones it shuffles, only p's own (so no
   iteration touches what another shuffled); *deal and *shuffles are then
   its two halves as loops of their own (in a), and the zones shuffled are
   added to shuffled. 0 (and nothing changed) otherwise. */
static int deal_then_shuffle(Arena *a, IrNode *s, ZoneSet *shuffled, IrNode **deal, IrNode **shuffles)
{
    if (s->op != IR_FOR || s->kids[1] || !s->kids[2] || s->kids[2]->op != IR_BLOCK || ir_for_limit(s))
        return 0;
    if (s->kids[0]->type.base != T_PLAYERS)
        return 0;
    const IrNode *body = s->kids[2];
    int n = body->nkids, k = 0;
    while (k < n && settled(body->kids[k]))
        k++;
    if (k == 0 || k == n)
        return 0;
    ZoneSet mine = *shuffled;
    for (int i = k; i < n; i++) {
        const IrNode *t = body->kids[i];
        if (t->op != IR_SHUFFLE || t->kids[0]->op != IR_ZONE || !owned_by(t->kids[0], s->index)
            || mine.n >= MAX_SHUFFLED)
            return 0;
        mine.zone[mine.n++] = t->kids[0]->index;
    }
    for (int i = 0; i < k; i++)
        if (names_zone_in(body->kids[i], shuffled) || names_zone_apart(body->kids[i], &mine, s->index))
            return 0;
    *deal = with_body(a, s, 0, k);
    *shuffles = with_body(a, s, k, n);
    *shuffled = mine;
    return 1;
}

/* split: rewrite setup block b when it begins with a prelude. */
static void split(Arena *a, IrNode *b)
{
    ZoneSet shuffled;
    shuffled.n = 0;
    int n = b->nkids, np = 0, nrest = 0, i = 0;
    IrNode **pre = arena_alloc(a, sizeof *pre * (size_t)(n + 1));
    IrNode **rest = arena_alloc(a, sizeof *rest * (size_t)(n + 2));
    for (; i < n; i++) {
        IrNode *s = b->kids[i];
        if (settled(s) && !names_zone_in(s, &shuffled)) {
            pre[np++] = s;
        } else if (s->op == IR_SHUFFLE && s->kids[0]->op == IR_ZONE && shuffled.n < MAX_SHUFFLED) {
            shuffled.zone[shuffled.n++] = s->kids[0]->index;
            rest[1 + nrest++] = s;
        } else if (deal_then_shuffle(a, s, &shuffled, &pre[np], &rest[1 + nrest])) {
            np++;
            nrest++;
        } else {
            break;
        }
    }
    if (np == 0)
        return;
    for (; i < n; i++)
        rest[1 + nrest++] = b->kids[i];
    IrNode *p = arena_alloc(a, sizeof *p);
    memset(p, 0, sizeof *p);
    p->op = IR_PRELUDE;
    p->type.base = T_VOID;
    p->type.param = -1;
    p->loc = pre[0]->loc;
    p->index = p->aux = -1;
    p->kids = pre;
    p->nkids = np;
    for (int k = 0; k < np; k++)
        p->facts |= pre[k]->facts;
    rest[0] = p;
    b->kids = rest;
    b->nkids = 1 + nrest;
}

void ir_prelude(IrProgram *p)
{
    const Model *m = p->m;
    for (int u = 0; u < p->nunits; u++) {
        int is_setup = 0;
        for (int v = 0; v < m->nvariants; v++)
            is_setup |= m->variants[v].setup == u;
        IrNode *b = p->units[u].body;
        if (is_setup && b->op == IR_BLOCK)
            split(p->arena, b);
    }
}
