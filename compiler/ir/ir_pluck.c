/* ir_pluck.c: the pluck-loop pass. A `for` over a zone normally walks a
   snapshot of the zone's cards, so that its body may move them. When the
   body only moves the loop card out of the zone (under conditions that
   cannot change as it does), the loop can walk the zone's cells in place
   instead (the runtime's rt_pluck): same moves, same order, same log, no
   snapshot. This pass marks such loops IR_PLUCK; the C back end writes them.

   Contract: runs after ir_facts; only sets IR_PLUCK on IR_FOR nodes of
   scripts. ir_steady and ir_pluck_ok are also used by ir_prelude.c. */
#include "ir.h"

enum { NO_ZONE = -1 };   /* steady's other_than: no zone may be read */

/* steady: ir_steady, and when other_than is a zone, n may also read how
   many cards a zone of another declaration holds (count, empty): while a
   pluck loop walks zone other_than, only that zone keeps its count as
   cards leave it; every other zone reads as it would in a snapshot loop. */
static int steady(const IrNode *n, int slot, int other_than)
{
    if (!n)
        return 1;
    switch (n->op) {
    case IR_INT: case IR_BOOL: case IR_TEXT: case IR_SIDE: case IR_ENUM_VALUE: case IR_LOCAL: case IR_ARG:
    case IR_CONST: case IR_ME: case IR_OPPONENT: case IR_THIS:
        return 1;
    case IR_VAR: case IR_PLAYER_SIDE: case IR_PLAYER_OUT: case IR_CARD_FIELD: case IR_CARD_NAME: case IR_IS: case IR_NOT:
        return n->nkids == 0 || steady(n->kids[0], slot, other_than);
    case IR_CARD_STATE: case IR_CARD_OWNER: {
        const IrNode *c = n->kids[0];
        return c->op == IR_LOCAL && c->index == slot;
    }
    case IR_ZONE:   /* only as what count or empty reads (IR_BUILTIN) */
        return other_than != NO_ZONE && n->index != other_than && (n->nkids == 0 || steady(n->kids[0], slot, other_than));
    case IR_BUILTIN: {
        const IrNode *z = n->nkids ? n->kids[0] : NULL;
        int ok = n->builtin == IR_B_MATCHES || n->builtin == IR_B_NEXT ||
                 (n->builtin == IR_B_COUNT && z->type.base != T_ZONE && z->type.base != T_SPACES) ||
                 ((n->builtin == IR_B_COUNT || n->builtin == IR_B_EMPTY) && other_than != NO_ZONE &&
                  z->op == IR_ZONE && z->index != other_than);
        for (int i = 0; ok && i < n->nkids; i++)
            ok = steady(n->kids[i], slot, other_than);
        return ok;
    }
    case IR_NEG:
        return n->kids[0]->op == IR_INT;
    case IR_ARITH:
        if (n->binop == IR_ADD || n->binop == IR_SUB || n->binop == IR_MUL)
            return n->kids[0]->op == IR_INT && n->kids[1]->op == IR_INT;
        return 0;
    case IR_COMPARE: case IR_AND: case IR_OR:
        return steady(n->kids[0], slot, other_than) && steady(n->kids[1], slot, other_than);
    case IR_SELECT:
        return steady(n->kids[0], slot, other_than) && steady(n->kids[1], slot, other_than) && steady(n->kids[2], slot, other_than);
    default:   /* zones, aggregates, calls, players, sides */
        return 0;
    }
}

/* ir_steady: see ir.h. n reads no zone, no state of another card and no
   card's owner but the loop card's, calls no game function, draws no number
   and cannot fail halfway (no division, no arithmetic that may overflow:
   only a sum, difference or product of literals counts). */
int ir_steady(const IrNode *n, int slot) { return steady(n, slot, NO_ZONE); }

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

/* body_ok: block or statement b of a loop over zone from_zone (its variable
   in slot) only moves the loop card to other zones (of steady players),
   under if/else with steady conditions, and at most once on any path (a
   second move would take it from where the first put it, not from the
   loop's zone). */
static int body_ok(const IrNode *b, int slot, int from_zone, int other_than)
{
    if (!b)
        return 1;
    switch (b->op) {
    case IR_BLOCK: {
        int moving = 0;
        for (int i = 0; i < b->nkids; i++) {
            if (!body_ok(b->kids[i], slot, from_zone, other_than))
                return 0;
            moving += has_move(b->kids[i]);
        }
        return moving <= 1;
    }
    case IR_MOVE: {
        const IrNode *c = b->kids[0], *z = b->kids[1];
        if (c->op != IR_LOCAL || c->index != slot)
            return 0;
        if (z->op != IR_ZONE || z->index == from_zone)
            return 0;
        return z->nkids == 0 || steady(z->kids[0], slot, other_than);
    }
    case IR_IF:
        return steady(b->kids[0], slot, other_than) && body_ok(b->kids[1], slot, from_zone, other_than) &&
               body_ok(b->kids[2], slot, from_zone, other_than);
    default:
        return 0;
    }
}

/* pluck_ok: for statement n over a zone can be a pluck loop; with
   other_zones, its conditions may read the counts of other zones (steady). */
static int pluck_ok(const IrNode *n, int other_zones)
{
    const IrNode *z = n->kids[0];
    if (n->op != IR_FOR || z->op != IR_ZONE)
        return 0;
    int other_than = other_zones ? z->index : NO_ZONE;
    return steady(n->kids[1], n->index, other_than) && body_ok(n->kids[2], n->index, z->index, other_than);
}

int ir_pluck_ok(const IrNode *n) { return pluck_ok(n, 0); }

/* mark: set IR_PLUCK on every pluck-able for loop at or below n (its
   conditions may count the cards of other zones). */
static void mark(IrNode *n)
{
    if (!n)
        return;
    if (n->op == IR_FOR && pluck_ok(n, 1))
        n->flags |= IR_PLUCK;
    for (int i = 0; i < n->nkids; i++)
        mark(n->kids[i]);
}

void ir_pluck(IrProgram *p)
{
    for (int u = 0; u < p->nunits; u++)
        if (!p->m->units[u].is_function)
            mark(p->units[u].body);
}
