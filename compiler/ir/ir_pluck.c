/* ir_pluck.c: the pluck-loop pass. A `for` over a zone normally walks a
   snapshot of the zone's cards, so that its body may move them. When the
   body only moves the loop card out of the zone (under conditions that
   cannot change as it does), the loop can walk the zone's cells in place
   instead (the runtime's rt_pluck): same moves, same order, same log, no
   snapshot. This pass marks such loops IR_PLUCK; the C back end writes them.
   A move to the loop's own zone declaration is one only when that is
   another player's instance of it: inside `for p in players where p != me`
   (p and me unchanged in its body), `p.Z` and `my Z` are two zones.

   Contract: runs after ir_facts; only sets IR_PLUCK on IR_FOR nodes of
   scripts. ir_steady and ir_pluck_ok are also used by ir_prelude.c. */
#include "ir.h"

enum { NO_ZONE = -1 };   /* Steady.other_than: no zone may be read */
enum { CALL_DEPTH = 4 };  /* how deep steady follows calls of functions */

/* What a condition of a pluck loop may read: the state of the loop card
   (in slot), and, when other_than is a zone and program the program, how
   many cards a zone of another declaration holds and the calls of game
   functions whose bodies are steady too (depth: calls followed so far). */
typedef struct Steady {
    int slot, other_than;
    const IrProgram *program;
    int depth;
    const struct Distinct *distinct;   /* players known to differ (NULL: none) */
} Steady;

/* Players known to differ where a loop runs: pairs of operands, each a
   local's slot or OPERAND_ME (from the filters of the loops over players
   around it). */
enum { OPERAND_ME = -1, OPERAND_NONE = -2, MAX_DISTINCT = 8 };
typedef struct Distinct {
    int n;
    int a[MAX_DISTINCT], b[MAX_DISTINCT];
} Distinct;

/* operand: n as a player operand of a Distinct pair: a local's slot, or
   OPERAND_ME; OPERAND_NONE for anything else. */
static int operand(const IrNode *n)
{
    if (n->op == IR_LOCAL)
        return n->index;
    return n->op == IR_ME ? OPERAND_ME : OPERAND_NONE;
}

/* differ: players x and y (IR nodes) are known to differ in D. */
static int differ(const Distinct *D, const IrNode *x, const IrNode *y)
{
    int u = operand(x), v = operand(y);
    if (!D || u == OPERAND_NONE || v == OPERAND_NONE)
        return 0;
    for (int i = 0; i < D->n; i++)
        if ((D->a[i] == u && D->b[i] == v) || (D->a[i] == v && D->b[i] == u))
            return 1;
    return 0;
}

static int steady(const Steady *S, const IrNode *n);

/* steady_call: call n of a game function is steady: its arguments are, and
   so is the function's body, which may read its parameters but no card's
   state (every condition it reads is its arguments'). */
static int steady_call(const Steady *S, const IrNode *n)
{
    if (!S->program || S->depth >= CALL_DEPTH || n->index < 0 || n->index >= S->program->nunits)
        return 0;
    for (int i = 0; i < n->nkids; i++)
        if (!steady(S, n->kids[i]))
            return 0;
    Steady in = {NO_ZONE - 1, S->other_than, S->program, S->depth + 1, NULL};   /* a slot no local has */
    return steady(&in, S->program->units[n->index].body);
}

/* steady: see ir_steady; with S->other_than a zone, n may also read how
   many cards a zone of another declaration holds (count, empty): while a
   pluck loop walks zone other_than, only that zone keeps its count as
   cards leave it; every other zone reads as it would in a snapshot loop;
   with S->program, n may call game functions (steady_call). */
static int steady(const Steady *S, const IrNode *n)
{
    if (!n)
        return 1;
    switch (n->op) {
    case IR_INT: case IR_BOOL: case IR_TEXT: case IR_SIDE: case IR_ENUM_VALUE: case IR_LOCAL: case IR_ARG:
    case IR_CONST: case IR_ME: case IR_OPPONENT: case IR_THIS:
        return 1;
    case IR_VAR: case IR_PLAYER_SIDE: case IR_PLAYER_OUT: case IR_CARD_FIELD: case IR_CARD_NAME: case IR_IS: case IR_NOT:
        return n->nkids == 0 || steady(S, n->kids[0]);
    case IR_CARD_STATE: case IR_CARD_OWNER: {
        const IrNode *c = n->kids[0];
        return c->op == IR_LOCAL && c->index == S->slot;
    }
    case IR_ZONE:   /* only as what count or empty reads (IR_BUILTIN) */
        return S->other_than != NO_ZONE && n->index != S->other_than && (n->nkids == 0 || steady(S, n->kids[0]));
    case IR_BUILTIN: {
        const IrNode *z = n->nkids ? n->kids[0] : NULL;
        int ok = n->builtin == IR_B_MATCHES || n->builtin == IR_B_NEXT ||
                 (n->builtin == IR_B_COUNT && z->type.base != T_ZONE && z->type.base != T_SPACES) ||
                 ((n->builtin == IR_B_COUNT || n->builtin == IR_B_EMPTY) && S->other_than != NO_ZONE &&
                  z->op == IR_ZONE && z->index != S->other_than);
        for (int i = 0; ok && i < n->nkids; i++)
            ok = steady(S, n->kids[i]);
        return ok;
    }
    case IR_CALL:
        return steady_call(S, n);
    case IR_NEG:
        return n->kids[0]->op == IR_INT;
    case IR_ARITH:
        if (n->binop == IR_ADD || n->binop == IR_SUB || n->binop == IR_MUL)
            return n->kids[0]->op == IR_INT && n->kids[1]->op == IR_INT;
        return 0;
    case IR_COMPARE: case IR_AND: case IR_OR:
        return steady(S, n->kids[0]) && steady(S, n->kids[1]);
    case IR_SELECT:
        return steady(S, n->kids[0]) && steady(S, n->kids[1]) && steady(S, n->kids[2]);
    default:   /* other zones, aggregates, players, sides */
        return 0;
    }
}

/* ir_steady: see ir.h. n reads no zone, no state of another card and no
   card's owner but the loop card's, calls no game function, draws no number
   and cannot fail halfway (no division, no arithmetic that may overflow:
   only a sum, difference or product of literals counts). */
int ir_steady(const IrNode *n, int slot)
{
    Steady S = {slot, NO_ZONE, NULL, 0, NULL};
    return steady(&S, n);
}

/* has_move: a move at or below statement b. */
static int has_move(const IrNode *b)
{
    if (!b)
        return 0;
    if (b->op == IR_MOVE)
        return 1;
    for (int i = 0; i < b->nkids; i++)
        if (has_move(b->kids[i]))
            return 1;
    return 0;
}

/* other_zone: zone z (an IR_ZONE) is not the loop's zone from (an
   IR_ZONE too): another declaration, or another player's instance of the
   same one (S->distinct). */
static int other_zone(const Steady *S, const IrNode *z, const IrNode *from)
{
    if (z->index != from->index)
        return 1;
    return z->nkids == 1 && from->nkids == 1 && differ(S->distinct, z->kids[0], from->kids[0]);
}

/* body_ok: block or statement b of a loop over zone from (its variable
   in S->slot) only moves the loop card to other zones (of steady players),
   under if/else with steady conditions, and at most once on any path (a
   second move would take it from where the first put it, not from the
   loop's zone). */
static int body_ok(const Steady *S, const IrNode *b, const IrNode *from)
{
    if (!b)
        return 1;
    switch (b->op) {
    case IR_BLOCK: {
        int moving = 0;
        for (int i = 0; i < b->nkids; i++) {
            if (!body_ok(S, b->kids[i], from))
                return 0;
            moving += has_move(b->kids[i]);
        }
        return moving <= 1;
    }
    case IR_MOVE: {
        const IrNode *c = b->kids[0], *z = b->kids[1];
        if (c->op != IR_LOCAL || c->index != S->slot)
            return 0;
        if (z->op != IR_ZONE || !other_zone(S, z, from))
            return 0;
        return z->nkids == 0 || steady(S, z->kids[0]);
    }
    case IR_IF:
        return steady(S, b->kids[0]) && body_ok(S, b->kids[1], from) && body_ok(S, b->kids[2], from);
    default:
        return 0;
    }
}

/* pluck_ok: for statement n over a zone can be a pluck loop; with program,
   its conditions may also count the cards of other zones and call game
   functions (Steady); D: the players known to differ there (or NULL). */
static int pluck_ok(const IrNode *n, const IrProgram *program, const Distinct *D)
{
    const IrNode *z = n->kids[0];
    if (n->op != IR_FOR || z->op != IR_ZONE)
        return 0;
    Steady S = {n->index, program ? z->index : NO_ZONE, program, 0, D};
    return steady(&S, n->kids[1]) && body_ok(&S, n->kids[2], z);
}

int ir_pluck_ok(const IrNode *n) { return pluck_ok(n, NULL, NULL); }

/* unsettling: statement n at or below may change the player slot holds
   (a write of the local) or me (a `turns` loop sets it for its turns). */
static int unsettling(const IrNode *n, int slot)
{
    if (!n)
        return 0;
    if (n->op == IR_TURNS || (n->op == IR_LET && n->index == slot) ||
        (n->op == IR_ASSIGN && n->kids[0]->op == IR_LOCAL && n->kids[0]->index == slot))
        return 1;
    for (int i = 0; i < n->nkids; i++)
        if (unsettling(n->kids[i], slot))
            return 1;
    return 0;
}

/* learn: to D (a copy of the outer pairs), the pairs that conjunct c of
   the filter of loop n over the players (`for p in players where p != q
   and ...`) makes known in its body: p differs from each such q (me or a
   local) that, like p, its body never changes. */
static void learn(const IrNode *n, const IrNode *c, Distinct *D)
{
    if (!c)
        return;
    if (c->op == IR_AND) {
        learn(n, c->kids[0], D);
        learn(n, c->kids[1], D);
        return;
    }
    if (c->op != IR_COMPARE || c->binop != IR_NE || D->n >= MAX_DISTINCT)
        return;
    int u = operand(c->kids[0]), v = operand(c->kids[1]);
    if (v == n->index)   /* the loop's player on the right: q != p */
        v = u, u = n->index;
    if (u != n->index || v == OPERAND_NONE || v == u || unsettling(n->kids[2], u) ||
        (v >= 0 && unsettling(n->kids[2], v)))
        return;
    D->a[D->n] = u;
    D->b[D->n] = v;
    D->n++;
}

/* mark: set IR_PLUCK on every pluck-able for loop at or below n (its
   conditions may count the cards of other zones and call functions); D:
   the players known to differ at n. Pairs reach only through blocks, ifs
   and loops: any other statement (a menu, a choice, `turns`) starts
   afresh. */
static void mark(const IrProgram *p, IrNode *n, const Distinct *D)
{
    if (!n)
        return;
    if (n->op == IR_FOR && pluck_ok(n, p, D))
        n->flags |= IR_PLUCK;
    int through = n->op == IR_BLOCK || n->op == IR_IF || n->op == IR_FOR;
    Distinct inner = through && D ? *D : (Distinct){0};
    if (n->op == IR_FOR && n->kids[0]->op == IR_PLAYERS && !(n->flags & IR_SIMULTANEOUS))
        learn(n, n->kids[1], &inner);
    for (int i = 0; i < n->nkids; i++)
        mark(p, n->kids[i], &inner);
}

void ir_pluck(IrProgram *p)
{
    for (int u = 0; u < p->nunits; u++)
        if (!p->m->units[u].is_function)
            mark(p, p->units[u].body, NULL);
}
