/* ir_inline.c: the inlining pass. In the body of a game function whose
   aggregates do not nest (a flat function: its parameters can be passed
   by value), a call of a small function (at most MAX_PARAMS parameters, no
   aggregate in its body) is replaced by the function's body, its
   parameters read as the call's arguments (IR_INLINE, IR_ARG), to a depth
   of MAX_DEPTH, unless an argument holds an aggregate (which the C would
   otherwise make at each use of its parameter, or at none), or is more
   than a read and would be written at more than one use of its parameter
   (computed at each). Function bodies are pure expressions, so an argument
   read twice or not at all changes nothing, unless it may fail the game or
   draw a random number: a call evaluates its arguments once each, in
   order, before its body (docs/language.md "Order of evaluation"), so
   such a call is inlined only when it has one such argument, which the
   body reads once, and the body itself can neither fail nor draw.

   Contract: runs after ir_facts (the facts and checks of an inlined body
   are the function's own); sets IrUnit.flat of every function; the
   inlined bodies are copies (the callee's own body is not changed). */
#include "ir.h"

#include <string.h>

enum { MAX_PARAMS = 8, MAX_DEPTH = 4 };

/* ir_has_aggregate (ir.h); nested_aggregate: an aggregate at or below n
   that holds another. */
int ir_has_aggregate(const IrNode *n)
{
    if (!n)
        return 0;
    if (n->op == IR_AGGREGATE)
        return 1;
    for (int i = 0; i < n->nkids; i++)
        if (ir_has_aggregate(n->kids[i]))
            return 1;
    return 0;
}
static int nested_aggregate(const IrNode *n)
{
    if (!n)
        return 0;
    if (n->op == IR_AGGREGATE)
        for (int i = 0; i < n->nkids; i++)
            if (ir_has_aggregate(n->kids[i]))
                return 1;
    for (int i = 0; i < n->nkids; i++)
        if (nested_aggregate(n->kids[i]))
            return 1;
    return 0;
}

typedef struct Inliner {
    IrProgram *p;
    Arena *a;
    IrNode **orig;   /* every unit's body as lowered: what is inlined */
} Inliner;

static IrNode *expand(Inliner *I, IrNode *n, int depth);

/* copy_body: a copy of callee body n in which parameter slot i reads
   args[i] (an IR_ARG), its calls expanded at depth. */
static IrNode *copy_body(Inliner *I, const IrNode *n, IrNode *const *args, int nargs, int depth)
{
    if (!n)
        return NULL;
    IrNode *c = arena_alloc(I->a, sizeof *c);
    *c = *n;
    if (n->op == IR_LOCAL && n->index < nargs) {
        c->op = IR_ARG;
        c->nkids = 1;
        c->kids = arena_alloc(I->a, sizeof *c->kids);
        c->kids[0] = args[n->index];
        return c;
    }
    if (n->nkids > 0) {
        c->kids = arena_alloc(I->a, sizeof *c->kids * (size_t)n->nkids);
        for (int i = 0; i < n->nkids; i++)
            c->kids[i] = copy_body(I, n->kids[i], args, nargs, depth);
    }
    return n->op == IR_CALL ? expand(I, c, depth) : c;
}

/* costly: argument a is more than a read (a value, a local, a variable,
   a field of one of those): written at each use of its parameter, it would
   be computed again at each. */
static int costly(const IrNode *a)
{
    switch (a->op) {
    case IR_INT: case IR_BOOL: case IR_ENUM_VALUE: case IR_LOCAL:
        return 0;
    case IR_ARG: case IR_VAR: case IR_CARD_FIELD: case IR_CARD_STATE: case IR_NOT:
        for (int i = 0; i < a->nkids; i++)
            if (a->kids[i] && costly(a->kids[i]))
                return 1;
        return 0;
    default:
        return 1;
    }
}

/* uses: how many times the C of n would write argument a (an IR_ARG
   reading it, through the IR_ARGs of calls inlined below), up to most. */
static int uses(const IrNode *n, const IrNode *a, int most)
{
    if (!n)
        return 0;
    if (n == a)
        return 1;
    int k = 0;
    for (int i = 0; i < n->nkids && k < most; i++)
        k += uses(n->kids[i], a, most - k);
    return k;
}

/* sure_reads: how many times the C of n surely writes argument a, or -1
   when a read of it is conditional (in a branch of a select, or right of
   an `and` or `or`), where it might not be evaluated at all. */
static int sure_reads(const IrNode *n, const IrNode *a)
{
    if (!n)
        return 0;
    if (n == a)
        return 1;
    int k = 0;
    for (int i = 0; i < n->nkids; i++) {
        int r = sure_reads(n->kids[i], a);
        if (r < 0)
            return -1;
        int conditional = (n->op == IR_SELECT && i > 0) || ((n->op == IR_AND || n->op == IR_OR) && i > 0);
        if (r > 0 && conditional)
            return -1;
        k += r;
    }
    return k;
}

/* in_order: inlining call n, whose body (a copy reading the arguments
   as IR_ARGs) is copy and as written orig, keeps the order and number of
   its effects: no argument may fail or draw, or one does, read once
   (unconditionally) by a body that cannot. */
static int in_order(const IrNode *n, const IrNode *copy, const IrNode *orig)
{
    int effectful = 0, only = -1;
    for (int i = 0; i < n->nkids; i++)
        if (n->kids[i]->facts & (IR_FACT_MAY_FAIL | IR_PURE_MASK)) {   /* its order and count matter */
            effectful++;
            only = i;
        }
    if (effectful == 0)
        return 1;
    return effectful == 1 && !(orig->facts & (IR_FACT_MAY_FAIL | IR_PURE_MASK)) && sure_reads(copy, n->kids[only]) == 1;
}

/* expand: n, or (a call that can be) its IR_INLINE: kids[0] the body,
   kids[1..] the arguments (already expanded, at the caller's depth). A
   call whose costly argument the body would read more than once stays a
   call, which computes it once. */
static IrNode *expand(Inliner *I, IrNode *n, int depth)
{
    if (n->op != IR_CALL || depth >= MAX_DEPTH)
        return n;
    const MUnit *cu = &I->p->m->units[n->index];
    const IrNode *body = I->orig[n->index];
    if (cu->nparams != n->nkids || cu->nparams > MAX_PARAMS || ir_has_aggregate(body))
        return n;
    for (int i = 0; i < n->nkids; i++)   /* an aggregate is made once, by the call, not at each use */
        if (ir_has_aggregate(n->kids[i]))
            return n;
    IrNode *in = arena_alloc(I->a, sizeof *in);
    *in = *n;
    in->op = IR_INLINE;
    in->nkids = 1 + n->nkids;
    in->kids = arena_alloc(I->a, sizeof *in->kids * (size_t)in->nkids);
    for (int i = 0; i < n->nkids; i++)
        in->kids[1 + i] = n->kids[i];
    in->kids[0] = copy_body(I, body, n->kids, n->nkids, depth + 1);
    for (int i = 0; i < n->nkids; i++)
        if (costly(n->kids[i]) && uses(in->kids[0], n->kids[i], 2) > 1)
            return n;
    if (!in_order(n, in->kids[0], body))
        return n;
    return in;
}

/* walk: expand the calls at and below n (kids first: the arguments of a
   call are expanded before it is); returns n or its replacement. */
static IrNode *walk(Inliner *I, IrNode *n)
{
    if (!n)
        return NULL;
    for (int i = 0; i < n->nkids; i++)
        n->kids[i] = walk(I, n->kids[i]);
    return expand(I, n, 0);
}

void ir_inline(IrProgram *p)
{
    Inliner I = {p, p->arena, arena_alloc(p->arena, sizeof(IrNode *) * (size_t)(p->nunits + 1))};
    for (int u = 0; u < p->nunits; u++) {
        I.orig[u] = p->units[u].body;
        if (p->m->units[u].is_function)
            p->units[u].flat = !nested_aggregate(p->units[u].body);
    }
    /* each flat function's body is a copy (MAX_DEPTH: nothing expanded
       while copying), expanded from the top */
    for (int u = 0; u < p->nunits; u++)
        if (p->m->units[u].is_function && p->units[u].flat)
            p->units[u].body = walk(&I, copy_body(&I, I.orig[u], NULL, 0, MAX_DEPTH));
}
