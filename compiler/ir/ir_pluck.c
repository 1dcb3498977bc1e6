/* ir_pluck.c: the pluck-loop pass. A `for` over a zone normally walks a
   snapshot of the zone's cards, so that its body may move them. When the
   body only moves the loop card out of the zone (under conditions that
   cannot change as it does), the loop can walk the zone's cells in place
   instead (the runtime's rt_pluck): same moves, same order, same log, no
   snapshot. This pass marks such loops IR_PLUCK; the C back end writes them.

   Contract: runs after ir_facts; only sets IR_PLUCK on IR_FOR nodes of
   scripts. ir_steady and ir_pluck_ok are also used by ir_prelude.c. */
#include "ir.h"

/* ir_steady: see ir.h. n reads no zone, no state of another card and no
   card's owner but the loop card's, calls no game function, draws no number
   and cannot fail halfway (no division, no arithmetic that may overflow:
   only a sum, difference or product of literals counts). */
int ir_steady(const IrNode *n, int slot)
{
    if (!n)
        return 1;
    switch (n->op) {
    case IR_INT: case IR_BOOL: case IR_TEXT: case IR_SIDE: case IR_ENUM_VALUE: case IR_LOCAL: case IR_ARG:
    case IR_CONST: case IR_ME: case IR_OPPONENT: case IR_THIS:
        return 1;
    case IR_VAR: case IR_PLAYER_SIDE: case IR_PLAYER_OUT: case IR_CARD_FIELD: case IR_CARD_NAME: case IR_IS: case IR_NOT:
        return n->nkids == 0 || ir_steady(n->kids[0], slot);
    case IR_CARD_STATE: case IR_CARD_OWNER: {
        const IrNode *c = n->kids[0];
        return c->op == IR_LOCAL && c->index == slot;
    }
    case IR_BUILTIN: {
        int ok = n->builtin == IR_B_MATCHES || n->builtin == IR_B_NEXT ||
                 (n->builtin == IR_B_COUNT && n->kids[0]->type.base != T_ZONE && n->kids[0]->type.base != T_SPACES);
        for (int i = 0; ok && i < n->nkids; i++)
            ok = ir_steady(n->kids[i], slot);
        return ok;
    }
    case IR_NEG:
        return n->kids[0]->op == IR_INT;
    case IR_ARITH:
        if (n->binop == IR_ADD || n->binop == IR_SUB || n->binop == IR_MUL)
            return n->kids[0]->op == IR_INT && n->kids[1]->op == IR_INT;
        return 0;
    case IR_COMPARE: case IR_AND: case IR_OR:
        return ir_steady(n->kids[0], slot) && ir_steady(n->kids[1], slot);
    case IR_SELECT:
        return ir_steady(n->kids[0], slot) && ir_steady(n->kids[1], slot) && ir_steady(n->kids[2], slot);
    default:   /* zones, aggregates, calls, players, sides */
        return 0;
    }
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

/* body_ok: block or statement b of a loop over zone from_zone (its variable
   in slot) only moves the loop card to other zones (of steady players),
   under if/else with steady conditions, and at most once on any path (a
   second move would take it from where the first put it, not from the
   loop's zone). */
static int body_ok(const IrNode *b, int slot, int from_zone)
{
    if (!b)
        return 1;
    switch (b->op) {
    case IR_BLOCK: {
        int moving = 0;
        for (int i = 0; i < b->nkids; i++) {
            if (!body_ok(b->kids[i], slot, from_zone))
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
        return z->nkids == 0 || ir_steady(z->kids[0], slot);
    }
    case IR_IF:
        return ir_steady(b->kids[0], slot) && body_ok(b->kids[1], slot, from_zone) &&
               body_ok(b->kids[2], slot, from_zone);
    default:
        return 0;
    }
}

int ir_pluck_ok(const IrNode *n)
{
    const IrNode *z = n->kids[0];
    if (n->op != IR_FOR || z->op != IR_ZONE)
        return 0;
    return ir_steady(n->kids[1], n->index) && body_ok(n->kids[2], n->index, z->index);
}

/* mark: set IR_PLUCK on every pluck-able for loop at or below n. */
static void mark(IrNode *n)
{
    if (!n)
        return;
    if (n->op == IR_FOR && ir_pluck_ok(n))
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
