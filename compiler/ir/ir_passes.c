/* ir_passes.c: the order of the IR's passes, for every back end. */
#include "ir.h"

void ir_passes(IrProgram *p)
{
    ir_facts(p);     /* what each node may do; which arithmetic is checked */
    ir_pluck(p);     /* for loops that can walk their zone in place */
    ir_prelude(p);   /* the setup's seed-independent beginning */
    ir_inline(p);    /* small functions written in place */
    ir_live(p);      /* counts the runtime keeps up to date */
    ir_steps(p);     /* which loops take steps of the game's budget */
    ir_memo(p);      /* calls made once per function body */
}
