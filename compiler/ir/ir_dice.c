/* ir_dice.c: zones of interchangeable dice (docs/language.md
   "Interchangeable dice"). A game without a log keeps such a zone as a
   count of its dice by face (docs/runtime.md "Interchangeable dice"), so
   every rule that reads or changes it must be one a count answers the
   same as the cards would: this file says which those are, and reports
   the others.

   What a rule may do with a zone Z of interchangeable dice:
     roll Z;  move Z to Z2;  count(Z), empty(Z);
     count(d in Z where d.face == F), any(d in Z: d.face == F);
     for [up to N] d in Z [where d.face == F] { move d to Z2 }
       (`move [up to N] d in Z [where d.face == F] to Z2`);
     for d in Z [where d.face == F] { roll d } (`roll d in Z where ...`);
     move a card of another zone (a die from the box) to Z;
   where Z2 is a zone of the same dice and F does not read d and cannot
   change while the dice move (ir_steady). Anything else names Z, or a die
   in it, one die at a time.

   Contract: ir_dice_check runs on a lowered program (ir_lower) and reports
   through the diagnostics; the back end trusts a program it accepted. */
#include "ir.h"

#include <string.h>

/* ir_dice_zone: zone declaration z of m holds interchangeable dice. */
int ir_dice_zone(const Model *m, int z)
{
    return z >= 0 && z < m->nzones && m->zones[z].kind >= 0 && m->kinds[m->zones[z].kind].interchangeable;
}

/* dice_zone_node: n is a declared zone (IR_ZONE) of interchangeable dice. */
static int dice_zone_node(const Model *m, const IrNode *n)
{
    return n && n->op == IR_ZONE && ir_dice_zone(m, n->index);
}

const IrNode *ir_dice_face(const IrNode *cond, int slot)
{
    if (!cond || cond->op != IR_COMPARE || cond->binop != IR_EQ)
        return NULL;
    for (int side = 0; side < 2; side++) {
        const IrNode *s = cond->kids[side], *other = cond->kids[1 - side];
        if (s->op == IR_CARD_STATE && s->card.field == 0 && s->kids[0]->op == IR_LOCAL && s->kids[0]->index == slot &&
            !ir_reads_local(other, slot) && ir_steady(other, slot))
            return other;
    }
    return NULL;
}

/* loop_body: the one statement of for statement s's body, else NULL. */
static const IrNode *loop_body(const IrNode *s)
{
    const IrNode *b = s->kids[2];
    while (b && b->op == IR_BLOCK && b->nkids == 1)
        b = b->kids[0];
    return b && b->op != IR_BLOCK ? b : NULL;
}

const IrNode *ir_dice_loop_move(const IrNode *s)
{
    const IrNode *b = loop_body(s);
    if (!b || b->op != IR_MOVE || b->kids[0]->op != IR_LOCAL || b->kids[0]->index != s->index)
        return NULL;
    return b;
}

int ir_dice_loop_roll(const IrNode *s)
{
    const IrNode *b = loop_body(s);
    return b && b->op == IR_ROLL && b->kids[0]->op == IR_LOCAL && b->kids[0]->index == s->index;
}

/* Checker: the program, where to report, and how many were reported. */
typedef struct Dice {
    const Model *m;
    Diag *d;
    int errors;
} Dice;

/* same_dice: zones a and b (IR nodes) are zones of the same
   interchangeable dice: two declarations, or two players' zones of one
   (which may be the same player's: the dice then stay where they are). */
static int same_dice(const Dice *D, const IrNode *a, const IrNode *b)
{
    return dice_zone_node(D->m, a) && dice_zone_node(D->m, b) &&
           (a->index != b->index || D->m->zones[a->index].per_player) &&
           D->m->zones[a->index].kind == D->m->zones[b->index].kind;
}

/* report: an error at zone node z, which parent uses otherwise than a
   count answers (hint: what it may do there). */
static void report(Dice *D, const IrNode *z, const char *hint)
{
    const MZone *mz = &D->m->zones[z->index];
    diag_error(D->d, z->loc, "'%s' holds interchangeable dice ('%s'): a rule rolls, moves and counts them by face, "
                             "not one die at a time", mz->name, D->m->kinds[mz->kind].name);
    if (hint)
        diag_note(D->d, z->loc, "%s", hint);
    D->errors++;
}

/* loop_ok: for statement s over a zone of interchangeable dice only moves
   each die it takes to another zone of them, or rolls it (`roll d in Z where
   ...`), with at most `where d.face == F`; no `up to` for a roll. */
static int loop_ok(const Dice *D, const IrNode *s)
{
    const IrNode *mv = ir_dice_loop_move(s);
    int roll = ir_dice_loop_roll(s);
    if ((!mv && !roll) || (s->flags & IR_SIMULTANEOUS) || (mv && !same_dice(D, s->kids[0], mv->kids[1])) ||
        (roll && ir_for_limit(s)))
        return 0;
    return !s->kids[1] || ir_dice_face(s->kids[1], s->index);
}

/* aggregate_ok: aggregate n over a zone of interchangeable dice counts
   them, all of them or those of one face. */
static int aggregate_ok(const IrNode *n)
{
    const IrNode *cond = n->kids[1] ? n->kids[1] : n->kids[2];
    if (n->kids[1] && n->kids[2])
        return 0;
    if (n->agg == IR_A_COUNT && !cond)
        return 1;
    return (n->agg == IR_A_COUNT || n->agg == IR_A_ANY) && ir_dice_face(cond, n->index);
}

static void walk(Dice *D, const IrNode *n);

/* zone_use: zone node z of interchangeable dice as kid i of parent. */
static void zone_use(Dice *D, const IrNode *parent, int i, const IrNode *z)
{
    switch (parent ? parent->op : IR_BLOCK) {
    case IR_ROLL:
        return;
    case IR_MOVE:
        if (i == 1 || same_dice(D, z, parent->kids[1]))
            return;
        report(D, z, "its dice go to another zone of the same dice only");
        return;
    case IR_FOR:
        if (i == 0 && loop_ok(D, parent))
            return;
        report(D, z, "write `move [up to N] d in Z [where d.face == F] to Z2`, Z2 a zone of the same dice, "
                     "or `roll d in Z where d.face == F`");
        return;
    case IR_AGGREGATE:
        if (i == 0 && aggregate_ok(parent))
            return;
        report(D, z, "count its dice, or those of one face: `count(d in Z where d.face == F)`, `any(d in Z: d.face == F)`");
        return;
    case IR_BUILTIN:
        if (parent->builtin == IR_B_COUNT || parent->builtin == IR_B_EMPTY)
            return;
        report(D, z, NULL);
        return;
    default:
        report(D, z, NULL);
        return;
    }
}

/* walk: check every use of a zone of interchangeable dice at or below n. */
static void walk(Dice *D, const IrNode *n)
{
    if (!n)
        return;
    for (int i = 0; i < n->nkids; i++) {
        const IrNode *k = n->kids[i];
        if (dice_zone_node(D->m, k))
            zone_use(D, n, i, k);
        else
            walk(D, k);
    }
}

int ir_dice_check(const IrProgram *p, Diag *d)
{
    Dice D = {p->m, d, 0};
    for (int u = 0; u < p->nunits; u++) {
        const IrNode *b = p->units[u].body;
        if (dice_zone_node(p->m, b))   /* a function's body that is the zone itself */
            report(&D, b, NULL);
        else
            walk(&D, b);
    }
    return D.errors;
}
