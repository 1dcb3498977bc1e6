/* ir_memo.c: the memo pass. In the body of a flat game function (see
   ir_inline.c) the state cannot change, so a call of a game function with
   the same arguments gives the same value every time: the C back end makes
   it once (a lazy memo in a C local) and reads the memo after. This pass
   numbers the calls: the same function on the same arguments (ir_same) gets
   the same memo, in the order the C evaluates them (arguments before their
   call, left to right, an inlined call's arguments before its body); at
   most MAX_MEMOS memos per function, calls past them are made each time.
   Calls inside an aggregate depend on its loop variable and get none, and
   so does a call that draws a random number (two calls are two draws).

   Contract: runs after ir_inline; sets IrNode.memo of calls in flat
   function bodies and IrUnit.nmemo. */
#include "ir.h"

#include <string.h>

enum { MAX_MEMOS = 32 };

/* strip: n, or the argument an IR_ARG reads. */
static const IrNode *strip(const IrNode *n)
{
    while (n && n->op == IR_ARG)
        n = n->kids[0];
    return n;
}

int ir_same(const IrNode *a, const IrNode *b)
{
    a = strip(a);
    b = strip(b);
    if (!a || !b)
        return a == b;
    if (a->op != b->op || a->type.base != b->type.base || a->type.param != b->type.param ||
        a->index != b->index || a->aux != b->aux || a->flags != b->flags || a->value != b->value ||
        a->nkids != b->nkids)
        return 0;
    if ((a->text || b->text) && (!a->text || !b->text || strcmp(a->text, b->text) != 0))
        return 0;
    switch (a->op) {
    case IR_BUILTIN:
        if (a->builtin != b->builtin)
            return 0;
        break;
    case IR_ARITH: case IR_COMPARE:
        if (a->binop != b->binop)
            return 0;
        break;
    case IR_CARD_FIELD: case IR_CARD_STATE:
        if (a->card.kind != b->card.kind || a->card.field != b->card.field)
            return 0;
        break;
    case IR_AGGREGATE:
        if (a->agg != b->agg)
            return 0;
        break;
    default:
        break;
    }
    for (int i = 0; i < a->nkids; i++)
        if (!ir_same(a->kids[i], b->kids[i]))
            return 0;
    return 1;
}

typedef struct Memos {
    const IrNode *call[MAX_MEMOS];
    int n;
} Memos;

/* number: give the calls at and below n their memos. */
static void number(Memos *M, IrNode *n)
{
    if (!n || n->op == IR_AGGREGATE || n->op == IR_ARG)   /* an argument is numbered where it is passed */
        return;
    if (n->op == IR_INLINE) {
        for (int i = 1; i < n->nkids; i++)
            number(M, n->kids[i]);
        number(M, n->kids[0]);
        return;
    }
    for (int i = 0; i < n->nkids; i++)
        number(M, n->kids[i]);
    if (n->op != IR_CALL || (n->facts & IR_FACT_RANDOM))
        return;
    int k = 0;
    while (k < M->n && !(M->call[k]->index == n->index && ir_same(M->call[k], n)))
        k++;
    if (k == M->n) {
        if (M->n == MAX_MEMOS)
            return;
        M->call[M->n++] = n;
    }
    n->memo = k + 1;
}

void ir_memo(IrProgram *p)
{
    for (int u = 0; u < p->nunits; u++) {
        IrUnit *iu = &p->units[u];
        if (!p->m->units[u].is_function || !iu->flat)
            continue;
        Memos M;
        M.n = 0;
        number(&M, iu->body);
        iu->nmemo = M.n;
    }
}
