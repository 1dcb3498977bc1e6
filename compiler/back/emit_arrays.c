/* emit_arrays.c: the C of array counters and variables (docs/language.md
   "Arrays"): an element is the variable VAR_<array> + its position, each
   index checked against its dimension at the index's source site. */
#include "emit_internal.h"

/* position: the C expression of index x's position in dimension d of
   array a (0..n-1): a constant within its range as a number (the checker
   proved it), else through rt_index or rt_card_row, which fail the game
   at x's site (*checked set then). Allocated in the emitter's arena. */
static const char *position(Emit *E, const MArray *a, const MDim *d, const IrNode *x, int *checked)
{
    *checked = 0;
    if (d->what == DIM_RANGE && x->op == IR_INT && x->value >= d->lo && x->value < (int64_t)d->lo + d->n)
        return arena_printf(E->a, "%lld", (long long)(x->value - d->lo));
    if ((d->what == DIM_ENUM && x->op == IR_ENUM_VALUE) || (d->what == DIM_SIDE && x->op == IR_SIDE))
        return arena_printf(E->a, "%d", x->index);
    *checked = 1;
    const char *v = emit_expr(E, x);
    E->fallible = 1;
    if (d->what == DIM_KIND)
        return arena_printf(E->a, "rt_card_row(g, %s, %s, %d)", v, emit_kind_enum(E, d->param), emit_site(E, x->loc));
    return arena_printf(E->a, "rt_index(g, %s, %d, %d, %s, %d)", v, (int)d->lo, d->n, emit_c_string(E, a->name),
                        emit_site(E, x->loc));
}

/* element: into *var the C expression of element n's variable index
   (VAR_track + position, its indices row-major) and, when who is not
   NULL, into *who that of its player ("0" for an array not per player).
   The player, then the indices as written, are evaluated in that order:
   returns the stores that come first (emit_ordered_values; "" for none). */
static const char *element(Emit *E, const IrNode *n, const char **who, const char **var)
{
    const MArray *a = &E->m->arrays[n->index];
    enum { MOST = 9 };   /* the player and at most eight dimensions */
    const char *texts[MOST];
    int matters[MOST], nt = 0, k = 1;   /* kids[0]: the player (NULL unless per player) */
    if (who) {
        texts[nt] = a->per_player ? emit_expr(E, n->kids[0]) : "0";
        matters[nt++] = a->per_player && emit_order_matters(n->kids[0]);
    }
    for (int i = 0; i < a->ndims && nt < MOST; i++) {
        const MDim *d = &a->dims[i];
        if (d->what == DIM_PLAYER)
            continue;
        const IrNode *x = n->kids[k++];
        int checked;
        texts[nt] = position(E, a, d, x, &checked);
        matters[nt++] = checked || emit_order_matters(x);
    }
    const char *first = emit_ordered_values(E, matters, texts, nt);
    if (who)
        *who = texts[0];
    const char *off = NULL;
    int scale = 1;
    for (int i = a->ndims - 1, t = nt - 1; i >= 0; i--) {
        const MDim *d = &a->dims[i];
        if (d->what == DIM_PLAYER)
            continue;
        const char *p = texts[t--];
        const char *term = scale == 1 ? p : arena_printf(E->a, "%s * %d", p, scale);
        off = off ? arena_printf(E->a, "%s + %s", term, off) : term;
        scale *= d->n;
    }
    *var = off ? arena_printf(E->a, "VAR_%s + %s", a->name, off) : arena_printf(E->a, "VAR_%s", a->name);
    return first;
}

const char *emit_elem_var(Emit *E, const IrNode *n)
{
    const char *var, *first = element(E, n, NULL, &var);
    return emit_in_order(E, first, var);
}

/* emit_elem_read: the C expression of element n's value (0 for a
   per-player array of no player, as a per-player variable reads). */
const char *emit_elem_read(Emit *E, const IrNode *n)
{
    const char *who, *var, *first = element(E, n, &who, &var);
    return emit_in_order(E, first, arena_printf(E->a, "rt_get(g, %s, %s)", var, who));
}

/* emit_elem_assign: statement s (IR_ASSIGN to element l = s->kids[0]) of
   value v (a C expression): the element and its player are computed once,
   then stored through rt_set_at (which clamps to the bounds and logs);
   `+=` and `-=` clamp on a counter with a bound, else are checked. */
void emit_elem_assign(Emit *E, const IrNode *s, const char *v)
{
    const IrNode *l = s->kids[0];
    const MArray *a = &E->m->arrays[l->index];
    int site = emit_site(E, s->loc);
    emit_line(E, "{");
    E->indent++;
    emit_line(E, "RtValue who = %s;", a->per_player ? emit_expr(E, l->kids[0]) : "0");   /* the player, then the indices */
    emit_line(E, "int elem = %s;", emit_elem_var(E, l));
    const char *val = v;
    if (s->binop != IR_SET) {
        const char *cur = "rt_get(g, elem, who)";
        int plus = s->binop == IR_ADD;
        if (a->proto.has_min || a->proto.has_max) {
            val = arena_printf(E->a, "rt_clamp_wide((int64_t)%s %s %s, %s, %s)", cur, plus ? "+" : "-", v,
                               a->proto.has_min ? arena_printf(E->a, "%d", (int)a->proto.min) : "INT32_MIN",
                               a->proto.has_max ? arena_printf(E->a, "%d", (int)a->proto.max) : "INT32_MAX");
        } else {
            val = arena_printf(E->a, "%s(g, %s, %s, %d)", plus ? "rt_add" : "rt_sub", cur, v, site);
        }
    }
    emit_line(E, "rt_set_at(g, elem, who, %s, %d);", val, site);
    E->indent--;
    emit_line(E, "}");
    E->fallible = 1;
}
