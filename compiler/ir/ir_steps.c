/* ir_steps.c: which loops take a step of the game's budget (docs/runtime.md
   "The step budget"), and the check of the work a loop is known to do.

   Budget steps (ir_steps): each turn of a `for`, an aggregate (reachable's
   walk over its map included), a `win all` or a `reveal ... to all` takes
   one step (IR_STEP on the node; the back end writes rt_back_edge there)
   unless the loop is a leaf: its collection is a zone, the players, the
   sides, a map's spaces or a range of at most IR_STEP_SMALL integers, and
   what it does for each item (its where, value, body) holds no loop, no
   aggregate, no choice, and no call of a function or procedure (or run
   of an ability) that holds one. A leaf's work is then at most its
   collection's size times its body's, which the game's cards, players,
   spaces and code bound; every other turn takes a step, so --max-steps
   stops any nesting of loops.

   Work (ir_work_check, for `cardc check`): the turns a loop is known to
   take before it ends, its nested loops' and aggregates' included
   (through calls), each loop over a range, the players, the sides or a
   map's spaces counted at its most and one over a zone as one turn (how
   many cards a zone holds is not known before the game); a loop past
   IR_WORK_WARN turns, not inside another that is, gets a warning at its
   location.

   Contract: ir_steps runs after ir_live (a live count walks nothing);
   it sets IR_STEP and IrUnit.steps, and adds IR_FACT_MAY_FAIL to the
   facts of every node and unit that takes steps (past the budget, the
   game fails there).
   ir_work_check only reports. The call graph has no cycle (the checker
   refuses recursion); a guard keeps the walks finite all the same. */
#include "ir.h"

#include <string.h>

/* ---- shared: the loops, their items, their collections ---------------------------- */

/* per_item: kid i of loop n is evaluated for each item (not once). */
static int per_item(const IrNode *n, int i)
{
    switch (n->op) {
    case IR_FOR: return i == 1 || i == 2;                 /* where, body; not the collection, `up to` */
    case IR_AGGREGATE: return i == 1 || i == 2;           /* where, value; not reachable's a and b */
    case IR_WIN_ALL: return i == 1;                       /* where */
    case IR_REVEAL: return n->nkids == 4 && i == 3;       /* to all: where */
    case IR_CHOOSE: return i == 1 || (n->label && n->kids[i] == n->label);   /* where, each item's label */
    case IR_ACTION: return i == 1 || (n->fmt && n->kids[i] == n->fmt);       /* where, the label */
    default: return 0;
    }
}

/* collection: the collection loop n walks, or NULL when n is no loop over one. */
static const IrNode *collection(const IrNode *n)
{
    switch (n->op) {
    case IR_AGGREGATE: return n->live ? NULL : n->kids[0];   /* a live count (ir_live.c) walks nothing */
    case IR_FOR: case IR_WIN_ALL: case IR_CHOOSE: return n->kids[0];
    case IR_REVEAL: return n->nkids == 4 ? n->kids[2] : NULL;
    case IR_ACTION: return n->aux >= 0 ? n->kids[0] : NULL;
    default: return NULL;
    }
}

/* trips: the most items collection c of model m may hold: a zone all the
   game's cards, the players and sides the game takes, a map its spaces, a
   range its integers. */
static int64_t trips(const Model *m, const IrNode *c)
{
    int64_t n = 0;
    switch (c->type.base) {
    case T_ZONE:
        for (int i = 0; i < m->ncards; i++)
            n += m->cards[i].copies > 0 ? m->cards[i].copies : 1;
        return n;
    case T_PLAYERS: return m->max_players;
    case T_SIDES: return m->nsides;
    case T_SPACES: return c->type.param >= 0 && c->type.param < m->ngraphs ? m->graphs[c->type.param].nspaces : m->ncards;
    default:
        return c->op == IR_RANGE ? (c->aux >= c->value ? (int64_t)c->aux - c->value + 1 : 0) : INT32_MAX;
    }
}

/* ---- budget steps ----------------------------------------------------------------- */

typedef struct Steps {
    IrProgram *p;
    signed char *state;   /* per unit: -1 not marked yet, else 2 + whether it holds free work (below) */
} Steps;

static int unit_free(Steps *S, int u);

/* run_free: some card's script for ability field ab holds free work. */
static int run_free(Steps *S, const IrNode *ab)
{
    const Model *m = S->p->m;
    for (int c = 0; c < m->ncards; c++) {
        const MCard *cd = &m->cards[c];
        if (cd->kind != ab->card.kind || !cd->values || ab->card.field >= m->kinds[cd->kind].ndata)
            continue;
        const MValue *v = &cd->values[ab->card.field];
        if (v->present && v->script >= 0 && unit_free(S, v->script))
            return 1;
    }
    return 0;
}

/* free_work: at or below n (marked) is a loop whose turns take no step
   (a leaf, or a choice's items), or a call or run of a unit that holds
   one: work a loop around n would repeat without a step. What a loop that
   takes steps does for each item is not: each of its turns takes one. */
static int free_work(Steps *S, const IrNode *n)
{
    if (!n)
        return 0;
    const IrNode *c = collection(n);
    if (c && !(n->flags & IR_STEP))
        return 1;
    if ((n->op == IR_CALL || n->op == IR_CALL_PROC) && unit_free(S, n->index))
        return 1;
    if (n->op == IR_RUN && run_free(S, n->kids[0]))
        return 1;
    for (int i = 0; i < n->nkids; i++)   /* a turn of a loop that takes steps is covered by its step */
        if (!(c && per_item(n, i)) && free_work(S, n->kids[i]))
            return 1;
    return 0;
}

/* mark: set IR_STEP on every loop at or below n whose turns take a step:
   one over a range past IR_STEP_SMALL integers, or whose where, value or
   body holds free work. A choice's items take none (its where's loops
   take their own). */
static void mark(Steps *S, IrNode *n)
{
    if (!n)
        return;
    for (int i = 0; i < n->nkids; i++)
        mark(S, n->kids[i]);
    const IrNode *c = collection(n);
    if (!c || n->op == IR_CHOOSE || n->op == IR_ACTION)
        return;
    int step = c->type.base == T_RANGE && trips(S->p->m, c) > IR_STEP_SMALL;
    for (int i = 0; !step && i < n->nkids; i++)
        step = per_item(n, i) && free_work(S, n->kids[i]);
    if (step)
        n->flags |= IR_STEP;
}

/* unit_free: mark unit u (once), then whether it holds free work. */
static int unit_free(Steps *S, int u)
{
    if (S->state[u] < 0) {
        S->state[u] = 2;   /* the guard: no cycle reaches here twice */
        mark(S, S->p->units[u].body);
        S->state[u] = (signed char)(2 + free_work(S, S->p->units[u].body));
    }
    return S->state[u] - 2;
}

/* raise: whether n, or a node below it, takes steps (calls included, as
   units[].steps has them so far); each that does may fail (the budget's
   end): IR_FACT_MAY_FAIL is added to its facts. */
static int raise(IrProgram *p, IrNode *n)
{
    if (!n)
        return 0;
    int steps = (n->flags & IR_STEP) || n->op == IR_WHILE || n->op == IR_TURNS ||
                ((n->op == IR_CALL || n->op == IR_CALL_PROC) && p->units[n->index].steps);
    for (int i = 0; i < n->nkids; i++)
        steps |= raise(p, n->kids[i]);
    if (steps)
        n->facts |= IR_FACT_MAY_FAIL;
    return steps;
}

void ir_steps(IrProgram *p)
{
    Steps S = {p, arena_alloc(p->arena, (size_t)p->nunits + 1)};
    memset(S.state, -1, (size_t)p->nunits + 1);
    for (int u = 0; u < p->nunits; u++) {
        (void)unit_free(&S, u);
        p->units[u].steps = 0;
    }
    /* through calls: a fixed point (a unit takes steps when one it calls does) */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int u = 0; u < p->nunits; u++)
            if (raise(p, p->units[u].body) && !p->units[u].steps)
                p->units[u].steps = changed = 1;
    }
    for (int u = 0; u < p->nunits; u++)
        if (p->units[u].steps)
            p->units[u].facts |= IR_FACT_MAY_FAIL;
}

/* ---- the work check --------------------------------------------------------------- */

static const int64_t WORK_MOST = (int64_t)1 << 62;   /* past it, work is "more than" */

typedef struct Work {
    const IrProgram *p;
    Diag *d;
    int64_t *unit_work;   /* per unit: its body's work, or -1 not known yet */
    int warnings;
} Work;

static int64_t sat_add(int64_t a, int64_t b) { return a > WORK_MOST - b ? WORK_MOST : a + b; }
static int64_t sat_mul(int64_t a, int64_t b) { return a != 0 && b > WORK_MOST / a ? WORK_MOST : a * b; }

static int64_t unit_work(Work *W, int u);

/* work: the turns of the loops at or below n in one evaluation of n
   (calls included); a `while` or `turns` loop counted as one turn. */
static int64_t work(Work *W, const IrNode *n)
{
    if (!n)
        return 0;
    int64_t once = 0, each = 0;
    const IrNode *c = collection(n);
    for (int i = 0; i < n->nkids; i++) {
        int64_t k = work(W, n->kids[i]);
        if (c && per_item(n, i))
            each = sat_add(each, k);
        else
            once = sat_add(once, k);
    }
    if (n->op == IR_CALL || n->op == IR_CALL_PROC)
        once = sat_add(once, unit_work(W, n->index));
    if (c)   /* a zone's cards are not known before the game: counted as one */
        once = sat_add(once, sat_mul(c->type.base == T_ZONE ? 1 : trips(W->p->m, c), sat_add(1, each)));
    return once;
}

static int64_t unit_work(Work *W, int u)
{
    if (W->unit_work[u] < 0) {
        W->unit_work[u] = 0;   /* the guard */
        W->unit_work[u] = work(W, W->p->units[u].body);
    }
    return W->unit_work[u];
}

/* warn: report each outermost loop at or below n past IR_WORK_WARN turns. */
static void warn(Work *W, const IrNode *n)
{
    if (!n)
        return;
    if (collection(n)) {
        int64_t w = work(W, n);
        if (w > IR_WORK_WARN) {
            diag_warning(W->d, n->loc,
                         "this %s may take %s%lld turns, counting those of the loops and aggregates in it "
                         "(calls included), more than %d: the step budget (--max-steps) may stop the game here",
                         n->op == IR_AGGREGATE ? "aggregate" : n->op == IR_CHOOSE ? "choice" : "loop",
                         w >= WORK_MOST ? "more than " : "", (long long)w, IR_WORK_WARN);
            W->warnings++;
            return;
        }
    }
    for (int i = 0; i < n->nkids; i++)
        warn(W, n->kids[i]);
}

int ir_work_check(const IrProgram *p, Diag *d)
{
    Work W = {p, d, arena_alloc(p->arena, sizeof(int64_t) * ((size_t)p->nunits + 1)), 0};
    for (int u = 0; u <= p->nunits; u++)
        W.unit_work[u] = -1;
    for (int u = 0; u < p->nunits; u++)
        warn(&W, p->units[u].body);
    return W.warnings;
}
