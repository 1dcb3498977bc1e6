/* ir_eval.c: the value of an expression of a function's parameters alone,
   worked out at generation. The C back end tabulates a function whose
   parameters are all enums or bools over every value they can take
   (emit_units.c); this is what fills the table. Only what cannot fail is
   evaluated: literals, the parameters, not, and, or, comparisons,
   if-then-else, and + - * whose results fit; anything else (a state read,
   a call, a division) gives up. */
#include <stdint.h>

#include "ir.h"

/* fits: v is a value the runtime holds (an RtValue, 32 bits). */
static int fits(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

/* compare: a binop b for IR_COMPARE's binops. */
static int64_t compare(IrBinop op, int64_t a, int64_t b)
{
    switch (op) {
    case IR_EQ: return a == b;
    case IR_NE: return a != b;
    case IR_LT: return a < b;
    case IR_LE: return a <= b;
    case IR_GT: return a > b;
    default: return a >= b;   /* IR_GE */
    }
}

int ir_eval_params(const IrNode *n, const int32_t *args, int nargs, int64_t *out)
{
    int64_t a, b, c;
    switch (n->op) {
    case IR_INT: case IR_BOOL:
        *out = n->value;
        return fits(n->value);
    case IR_ENUM_VALUE:
        *out = n->index;
        return 1;
    case IR_LOCAL:
        if (n->index < 0 || n->index >= nargs)
            return 0;
        *out = args[n->index];
        return 1;
    case IR_NOT:
        if (!ir_eval_params(n->kids[0], args, nargs, &a))
            return 0;
        *out = !a;
        return 1;
    case IR_NEG:
        if (!ir_eval_params(n->kids[0], args, nargs, &a) || !fits(-a))
            return 0;
        *out = -a;
        return 1;
    case IR_AND: case IR_OR:   /* short circuit, as the C written for it */
        if (!ir_eval_params(n->kids[0], args, nargs, &a))
            return 0;
        if ((n->op == IR_AND) != (a != 0)) {
            *out = a != 0;
            return 1;
        }
        if (!ir_eval_params(n->kids[1], args, nargs, &b))
            return 0;
        *out = b != 0;
        return 1;
    case IR_COMPARE:
        if (!ir_eval_params(n->kids[0], args, nargs, &a) || !ir_eval_params(n->kids[1], args, nargs, &b))
            return 0;
        *out = compare(n->binop, a, b);
        return 1;
    case IR_ARITH:
        if (n->binop != IR_ADD && n->binop != IR_SUB && n->binop != IR_MUL)
            return 0;   /* a division may fail: left to run time */
        if (!ir_eval_params(n->kids[0], args, nargs, &a) || !ir_eval_params(n->kids[1], args, nargs, &b))
            return 0;
        c = n->binop == IR_ADD ? a + b : n->binop == IR_SUB ? a - b : a * b;   /* both fit 32 bits: no overflow */
        *out = c;
        return fits(c);
    case IR_SELECT:
        if (!ir_eval_params(n->kids[0], args, nargs, &a))
            return 0;
        return ir_eval_params(n->kids[a ? 1 : 2], args, nargs, out);
    default:
        return 0;
    }
}
