/* ir_check.c: the checks of a checked model that need its IR: the uses of
   interchangeable dice (ir_dice.c), and the holes of labels and prompts,
   which may not draw a random number (docs/language.md "Prompts and
   labels"): a label is made only when a screen or a log shows it, so a
   draw in it would make a game with a log differ from the same game
   without one.

   Without errors, it warns at loops known to take too many turns
   (ir_work_check, ir_steps.c).

   Contract: ir_check_model lowers the model into the caller's arena and
   runs ir_facts on that copy (the back ends lower their own); it only
   reports. */
#include "ir.h"

/* Labels: the walk's state. */
typedef struct Labels {
    Diag *d;
    int errors;
} Labels;

/* text_check: report each hole of text t (an IR_LOG: a prompt or a label)
   that draws. */
static void text_check(Labels *L, const IrNode *t, const char *what)
{
    if (!t)
        return;
    for (int i = 0; i < t->nkids; i++)
        if (t->kids[i] && (t->kids[i]->facts & IR_FACT_RANDOM)) {
            diag_error(L->d, t->kids[i]->loc,
                       "this hole of %s draws a random number: %s is made only when a screen or a log shows it, "
                       "so the draw would change the game; draw it before, into a `let`",
                       what, what);
            L->errors++;
        }
}

/* walk: check the prompts and labels at or below n. */
static void walk(Labels *L, const IrNode *n)
{
    if (!n)
        return;
    switch (n->op) {
    case IR_CHOOSE:
        text_check(L, n->label, "an item's label");
        /* fall through */
    case IR_MENU:
    case IR_TURNS:
        text_check(L, n->fmt, "a prompt");
        break;
    case IR_OPTION:
    case IR_ACTION:
        text_check(L, n->fmt, "a label");
        break;
    default:
        break;
    }
    for (int i = 0; i < n->nkids; i++)
        if (n->kids[i] != n->fmt && n->kids[i] != n->label)   /* its holes are checked above */
            walk(L, n->kids[i]);
}

int ir_labels_check(const IrProgram *p, Diag *d)
{
    Labels L = {d, 0};
    for (int u = 0; u < p->nunits; u++)
        walk(&L, p->units[u].body);
    return L.errors;
}

int ir_check_model(const Model *m, Arena *arena, Diag *d)
{
    IrProgram *p = ir_lower(m, arena);
    int errors = 0;
    for (int k = 0; k < m->nkinds; k++)
        if (m->kinds[k].interchangeable) {
            errors += ir_dice_check(p, d);
            break;
        }
    ir_facts(p);
    errors += ir_labels_check(p, d);
    if (!errors)
        ir_work_check(p, d);   /* warnings only */
    return errors;
}
