/* ir_facts.c: the IR's analysis pass. For every node it records what the
   node (its kids included) may do: fail at run time, wait for a decision,
   change the state, draw a random number, read which cards a zone holds,
   move cards or change a zone's order (IR_FACT_*); for every unit the same of its whole body, through the
   calls of functions and procedures and the runs of abilities; and for
   each arithmetic node whether it needs the run-time overflow check (when
   no bound on its operands shows the result fits an int32).

   Contract: ir_facts is run once, after ir_lower; it only writes the
   facts and checked fields. The unit facts are a least fixed point over
   the call graph: a unit's facts are its own and those of every unit it
   may call or run, so recursion is handled. */
#include "ir.h"

#include <string.h>

enum { MOST = 1 << 24 };   /* at most this many card instances (RT_MAX_CARDS bounds them) */

/* ---- magnitudes -------------------------------------------------------------- */

static const int64_t most = (int64_t)1 << 40;   /* past INT32_MAX; a product of two stays in int64 */

/* magnitude: ir_magnitude, at most depth calls deep. */
static int64_t magnitude(const IrProgram *p, const IrNode *n, int depth)
{
    const Model *m = p->m;
    int64_t a, b;
    switch (n->op) {
    case IR_CALL:   /* a function's value: its body's (a parameter has no bound) */
        return depth > 0 && p->units[n->index].body && m->units[p->units[n->index].unit].is_function
                   ? magnitude(p, p->units[n->index].body, depth - 1)
                   : -1;
    case IR_INT:
        return n->value < 0 ? (n->value >= -most ? -n->value : -1) : (n->value <= most ? n->value : -1);
    case IR_AGGREGATE:
        if (n->agg == IR_A_COUNT)
            return MOST;
        if (n->agg == IR_A_MIN || n->agg == IR_A_MAX)   /* one of the values */
            return n->kids[2] ? magnitude(p, n->kids[2], depth) : -1;
        a = n->agg == IR_A_SUM && n->kids[2] ? magnitude(p, n->kids[2], depth) : -1;
        return a >= 0 && a <= most / MOST ? a * MOST : -1;
    case IR_CARD_FIELD:   /* the largest in its kind's table */
        a = 0;
        for (int c = 0; c < m->ncards; c++) {
            const MCard *cd = &m->cards[c];
            const MValue *v = cd->kind == n->card.kind && cd->values ? &cd->values[n->card.field] : NULL;
            b = v && v->present ? (v->ival < 0 ? -(int64_t)v->ival : v->ival) : 0;
            a = b > a ? b : a;
        }
        return a;
    case IR_BUILTIN:
        return n->builtin == IR_B_COUNT ? MOST : -1;
    case IR_NEG:
        return magnitude(p, n->kids[0], depth);
    case IR_ARITH:
        if (n->binop != IR_ADD && n->binop != IR_SUB && n->binop != IR_MUL)
            return -1;
        a = magnitude(p, n->kids[0], depth);
        b = magnitude(p, n->kids[1], depth);
        if (a < 0 || b < 0 || a > most || b > most)
            return -1;
        if (n->binop == IR_MUL)
            return a && b > most / a ? -1 : a * b;
        return a + b <= most ? a + b : -1;
    case IR_SELECT:
        a = magnitude(p, n->kids[1], depth);
        b = magnitude(p, n->kids[2], depth);
        return a < 0 || b < 0 ? -1 : a > b ? a : b;
    default:
        return -1;
    }
}

/* ir_magnitude: a bound on |value| of integer node n of program p known
   without running it (literals, counts, data fields, the number of
   players, and + - * and unary minus and selects of those, and calls of
   functions whose bodies are such, four calls deep), or -1 when there is
   none. */
int64_t ir_magnitude(const IrProgram *p, const IrNode *n)
{
    return magnitude(p, n, 4);
}

/* needs_check: the arithmetic of n may leave the int32 range or divide by zero. */
static int needs_check(const IrProgram *p, const IrNode *n)
{
    if (n->op == IR_ARITH && (n->binop == IR_DIV || n->binop == IR_MOD))
        return 1;
    int64_t v = ir_magnitude(p, n);
    return v < 0 || v > INT32_MAX;
}

/* clamped: assignment target t is a counter with a bound (+= and -= stop
   at the bound instead of failing). */
static int clamped(const Model *m, const IrNode *t)
{
    if (t->op == IR_ELEM)
        return m->arrays[t->index].proto.has_min || m->arrays[t->index].proto.has_max;
    return t->op == IR_VAR && (m->vars[t->index].has_min || m->vars[t->index].has_max);
}

/* ---- facts --------------------------------------------------------------------- */

typedef struct Facts {
    const IrProgram *p;
    const Model *m;
    const unsigned *unit_facts;   /* what each unit may do, so far */
} Facts;

/* run_facts: what running ability field (kind, field) may do: the facts of
   every card's script for it. */
static unsigned run_facts(const Facts *F, int kind, int field)
{
    unsigned f = 0;
    for (int c = 0; c < F->m->ncards; c++) {
        const MCard *cd = &F->m->cards[c];
        if (cd->kind != kind || !cd->values || field >= F->m->kinds[kind].ndata)
            continue;
        const MValue *v = &cd->values[field];
        if (v->present && v->script >= 0)
            f |= F->unit_facts[v->script];
    }
    return f;
}

/* own_facts: what n itself may do, its kids aside. */
static unsigned own_facts(const Facts *F, IrNode *n)
{
    switch (n->op) {
    case IR_CARD_FIELD:
    case IR_CARD_STATE:
        return n->card.check == IR_CHECK_KIND ? IR_FACT_MAY_FAIL : 0;
    case IR_ZONE:   /* a zone of what may be no player (a card's owner): rt_zone_of fails */
        return n->nkids && n->kids[0]->op != IR_ME && n->kids[0]->op != IR_OPPONENT ? IR_FACT_MAY_FAIL : 0;
    case IR_SPACE_ZONE:   /* the card may be no space */
    case IR_ELEM:   /* an index out of range */
    case IR_FACE_COUNT:   /* no die */
        return IR_FACT_MAY_FAIL;
    case IR_BUILTIN:
        switch (n->builtin) {
        case IR_B_COUNT:
        case IR_B_EMPTY:
            return n->kids[0]->type.base == T_ZONE ? IR_FACT_READS_ZONES : 0;
        case IR_B_RANDOM:
            return n->kids[0]->type.base == T_ZONE ? IR_FACT_RANDOM | IR_FACT_MAY_FAIL | IR_FACT_READS_ZONES
                                                   : IR_FACT_RANDOM;
        case IR_B_TOP:
        case IR_B_BOTTOM:
            return IR_FACT_MAY_FAIL | IR_FACT_READS_ZONES;
        case IR_B_NEIGHBOURS:   /* the card may be no space of the map */
        case IR_B_WITHIN:
        case IR_B_ADJACENT:
        case IR_B_DISTANCE:
            return IR_FACT_MAY_FAIL;
        default:
            return 0;
        }
    case IR_AGGREGATE: {
        unsigned f = n->kids[0]->type.base == T_ZONE ? IR_FACT_READS_ZONES : 0;
        if (n->agg == IR_A_SUM) {   /* the running total may leave the range */
            int64_t v = ir_magnitude(F->p, n);
            n->checked = v < 0 || v > INT32_MAX;
            f |= n->checked ? IR_FACT_MAY_FAIL : 0;
        }
        if (n->agg >= IR_A_MIN)   /* of no item */
            f |= IR_FACT_MAY_FAIL;
        return f;
    }
    case IR_CALL:
    case IR_CALL_PROC:
        return F->unit_facts[n->index] | (n->op == IR_CALL_PROC ? IR_FACT_WRITES : 0);
    case IR_NEG:
    case IR_ARITH:
        n->checked = needs_check(F->p, n);
        return n->checked ? IR_FACT_MAY_FAIL : 0;
    case IR_ASSIGN:
        n->checked = n->binop != IR_SET && !clamped(F->m, n->kids[0]);
        return IR_FACT_WRITES | (n->checked || n->kids[0]->op == IR_CARD_STATE ? IR_FACT_MAY_FAIL : 0);
    case IR_CHOOSE:
    case IR_MENU:
    case IR_TURNS:
        return IR_FACT_MAY_YIELD | IR_FACT_WRITES;
    case IR_FOR:
        return n->kids[0]->type.base == T_ZONE ? IR_FACT_READS_ZONES : 0;
    case IR_RUN: {
        const IrNode *ab = n->kids[0];
        return IR_FACT_WRITES | IR_FACT_MAY_FAIL | run_facts(F, ab->card.kind, ab->card.field);
    }
    case IR_MOVE:
        return IR_FACT_WRITES | IR_FACT_MAY_FAIL | IR_FACT_READS_ZONES | IR_FACT_MOVES;
    case IR_REVEAL:
        return IR_FACT_WRITES | IR_FACT_MAY_FAIL | IR_FACT_READS_ZONES;
    case IR_ELIMINATE:
        return IR_FACT_WRITES | IR_FACT_MAY_FAIL;
    case IR_SHUFFLE:
        return IR_FACT_WRITES | IR_FACT_RANDOM | IR_FACT_MOVES;
    case IR_ROLL:   /* dice of several kinds: a card that is not a die fails */
        return IR_FACT_WRITES | IR_FACT_RANDOM | (n->index < 0 ? IR_FACT_MAY_FAIL : 0);
    case IR_LET:
    case IR_WIN:
    case IR_WIN_ALL:
    case IR_DRAW_GAME:
    case IR_LOSE_GAME:
    case IR_LOG:
    case IR_PHASE:
        return IR_FACT_WRITES;
    default:
        return 0;
    }
}

/* walk: set the facts of n and every node below it; returns n's. */
static unsigned walk(const Facts *F, IrNode *n)
{
    if (!n)
        return 0;
    unsigned f = 0;
    for (int i = 0; i < n->nkids; i++)
        f |= walk(F, n->kids[i]);
    f |= own_facts(F, n);
    n->facts = f;
    return f;
}

void ir_facts(IrProgram *p)
{
    const Model *m = p->m;
    unsigned *uf = arena_alloc(m->arena, sizeof *uf * (size_t)(p->nunits + 1));
    memset(uf, 0, sizeof *uf * (size_t)(p->nunits + 1));
    Facts F = {p, m, uf};
    /* Facts only grow, and there are six of them per unit: the walks
       stop at the first round that changes no unit. */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int u = 0; u < p->nunits; u++) {
            unsigned f = walk(&F, p->units[u].body);
            if (f != uf[u]) {
                uf[u] |= f;
                changed = 1;
            }
        }
    }
    for (int u = 0; u < p->nunits; u++)
        p->units[u].facts = uf[u];
    p->has_facts = 1;
}
