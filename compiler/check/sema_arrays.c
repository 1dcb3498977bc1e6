/* sema_arrays.c: array counters and variables (docs/language.md "Arrays"):
   their indices, their elements (one model variable each), and the checks
   of an index expression `track[me, 3]`. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "sema_internal.h"

enum { MAX_ELEMS = 4096 };   /* elements of one array (a player index aside) */

/* sema_find_array: the index of the array named name, or -1. */
int sema_find_array(const Model *m, const char *name)
{
    for (int i = 0; i < m->narrays; i++)
        if (strcmp(m->arrays[i].name, name) == 0)
            return i;
    return -1;
}

/* dim_text: how dimension d reads in a message ("player", "1..5", "side"),
   in buf. */
static const char *dim_text(const Model *m, const MDim *d, char *buf, size_t n)
{
    switch (d->what) {
    case DIM_PLAYER: return "player";
    case DIM_SIDE: return "side";
    case DIM_ENUM: return m->enums[d->param].name;
    case DIM_KIND: return m->kinds[d->param].name;
    default: snprintf(buf, n, "%d..%d", (int)d->lo, (int)(d->lo + d->n - 1)); return buf;
    }
}

/* resolve_dim: dimension dim of an array as the model holds it; 0 after
   reporting it (an unknown name, an empty or too wide range). */
static int resolve_dim(Sema *S, const AstNode *dim, MDim *out)
{
    memset(out, 0, sizeof *out);
    if (dim->op == 'p') {
        out->what = DIM_PLAYER;
        return 1;
    }
    if (dim->op == 's') {
        if (S->m->nsides == 0) {
            diag_error(S->d, dim->loc, "a side index needs the game's sides (declare 'sides' in the game)");
            return 0;
        }
        out->what = DIM_SIDE;
        out->n = S->m->nsides;
        return 1;
    }
    if (dim->op == 'r') {
        if (dim->ival > dim->ival2 || dim->ival2 - dim->ival >= MAX_ELEMS) {
            diag_error(S->d, dim->loc, "an index range must run upwards and hold at most %d numbers: %lld..%lld does not",
                       MAX_ELEMS, (long long)dim->ival, (long long)dim->ival2);
            return 0;
        }
        out->what = DIM_RANGE;
        out->lo = (int32_t)dim->ival;
        out->n = (int)(dim->ival2 - dim->ival + 1);
        return 1;
    }
    int i;
    if ((i = sema_find_enum(S->m, dim->name)) >= 0) {
        out->what = DIM_ENUM;
        out->param = i;
        out->n = S->m->enums[i].nvalues;
        return 1;
    }
    if ((i = sema_find_kind(S->m, dim->name)) >= 0) {
        out->what = DIM_KIND;   /* its size once the cards are known */
        out->param = i;
        S->m->kinds[i].used = 1;
        return 1;
    }
    Names ns = {0};
    sema_names_add(S, &ns, "player");
    sema_names_add(S, &ns, "side");
    for (int e = 0; e < S->m->nenums; e++)
        sema_names_add(S, &ns, S->m->enums[e].name);
    for (int k = 0; k < S->m->nkinds; k++)
        sema_names_add(S, &ns, S->m->kinds[k].name);
    sema_unknown(S, dim->loc, "index (a player, a side, an enum or a kind)", dim->name, ns);
    return 0;
}

/* sema_array_declare: array name (declared at loc) with the indices of
   dims (AST_DIMS), whose elements are like proto; its elements are made
   by sema_arrays_expand once the cards are known. Reports a player index
   that is not the first, `per player` with a player index, `private`
   without a player or a side index. The array lives in the model's
   arena. */
void sema_array_declare(Sema *S, const AstNode *dims, const MVar *proto, const char *name, Loc loc)
{
    Model *m = S->m;
    if (!sema_check_global_unique(S, name, loc))
        return;
    int per = proto->per_player, nd = dims->list.count, ok = 1;
    MDim *d = arena_alloc(S->a, sizeof *d * (size_t)(nd + 1));
    int k = 0;
    if (per)
        d[k++] = (MDim){DIM_PLAYER, -1, 0, 0};
    for (int i = 0; i < nd; i++) {
        const AstNode *dim = dims->list.items[i];
        if (!resolve_dim(S, dim, &d[k])) {
            ok = 0;
            continue;
        }
        if (d[k].what == DIM_PLAYER && k > 0) {
            diag_error(S->d, dim->loc, per ? "'per player' already gives '%s' a player index: write one of them"
                                            : "a player index must be the first index of '%s'", name);
            ok = 0;
            continue;
        }
        k++;
    }
    if (!ok)
        return;
    int cap = m->narrays;
    int ai = sema_grow(S->a, (void **)&m->arrays, &m->narrays, &cap, sizeof *m->arrays);
    MArray *a = &m->arrays[ai];
    a->name = name;
    a->loc = loc;
    a->dims = d;
    a->ndims = k;
    a->per_player = k > 0 && d[0].what == DIM_PLAYER;
    a->proto = *proto;
    a->proto.per_player = a->per_player;
    a->first = -1;
    int by_side = 0;
    for (int i = 0; i < k; i++)
        by_side |= d[i].what == DIM_SIDE;
    if (a->proto.is_private && !a->per_player && !by_side)
        diag_error(S->d, loc, "a 'private' array needs a player index (its player sees an element) or a side "
                              "index (the side's players see it)");
}

/* elem_name: the log's name of element e of array a ("track[3, red]";
   a per-player element leaves the player out, which the log puts first:
   "track[3]", and "track" when there is no other index), allocated in
   the arena. */
static const char *elem_name(Sema *S, const MArray *a, int e)
{
    if (a->ndims == 1 && a->per_player)
        return a->name;
    Buf b = {0};
    int *at = arena_alloc(S->a, sizeof *at * (size_t)(a->ndims + 1));
    for (int i = a->ndims - 1; i >= 0; i--) {
        if (a->dims[i].what == DIM_PLAYER)
            continue;
        at[i] = e % a->dims[i].n;
        e /= a->dims[i].n;
    }
    buf_printf(&b, "%s[", a->name);
    for (int i = 0, n = 0; i < a->ndims; i++) {
        const MDim *d = &a->dims[i];
        if (d->what == DIM_PLAYER)
            continue;
        buf_put(&b, n++ ? ", " : "");
        if (d->what == DIM_RANGE)
            buf_printf(&b, "%d", (int)(d->lo + at[i]));
        else if (d->what == DIM_SIDE)
            buf_put(&b, S->m->side_names[at[i]]);
        else if (d->what == DIM_ENUM)
            buf_put(&b, S->m->enums[d->param].values[at[i]]);
        else
            for (int c = 0; c < S->m->ncards; c++)
                if (S->m->cards[c].kind == d->param && S->m->cards[c].row == at[i])
                    buf_put(&b, S->m->cards[c].name);
    }
    buf_put(&b, "]");
    const char *s = arena_strdup(S->a, b.s);
    buf_free(&b);
    return s;
}

/* elem_side: the side of element e of array a at its first side index
   (0 when there is none). */
static int elem_side(const MArray *a, int e)
{
    int side = 0;
    for (int i = a->ndims - 1; i >= 0; i--) {
        if (a->dims[i].what == DIM_PLAYER)
            continue;
        if (a->dims[i].what == DIM_SIDE)
            side = e % a->dims[i].n;   /* the loop ends at the first */
        e /= a->dims[i].n;
    }
    return side;
}

/* sema_arrays_expand: once every card is collected, the size of each
   index by a kind (its cards) and every array's elements, appended to
   the model's variables (an array of more than MAX_ELEMS is reported). */
void sema_arrays_expand(Sema *S)
{
    Model *m = S->m;
    for (int ai = 0; ai < m->narrays; ai++) {
        MArray *a = &m->arrays[ai];
        int64_t n = 1;
        for (int i = 0; i < a->ndims; i++) {
            MDim *d = &a->dims[i];
            if (d->what == DIM_KIND) {
                d->n = 0;
                for (int c = 0; c < m->ncards; c++)
                    if (m->cards[c].kind == d->param && m->cards[c].row + 1 > d->n)
                        d->n = m->cards[c].row + 1;
            }
            if (d->what != DIM_PLAYER)
                n = n * d->n > MAX_ELEMS ? MAX_ELEMS + 1 : n * d->n;
        }
        if (n == 0 || n > MAX_ELEMS) {
            diag_error(S->d, a->loc, n ? "array '%s' has more than %d elements" : "array '%s' has no elements: an index has no values",
                       a->name, MAX_ELEMS);
            continue;
        }
        int cap = m->nvars;
        a->nelems = (int)n;
        for (int e = 0; e < a->nelems; e++) {
            int vi = sema_grow(S->a, (void **)&m->vars, &m->nvars, &cap, sizeof *m->vars);
            if (e == 0)
                a->first = vi;
            m->vars[vi] = a->proto;
            m->vars[vi].name = elem_name(S, a, e);
            m->vars[vi].loc = a->loc;
            m->vars[vi].array = ai + 1;
            if (a->proto.is_private && !a->per_player)   /* private to the players of its side */
                m->vars[vi].private_side = 1 + elem_side(a, e);
        }
    }
}

/* sema_array_hide: `view { hidden NAME }` of array NAME: every element
   is left off the play screen; 0 when NAME is no array, -1 when it is
   hidden already. */
int sema_array_hide(Sema *S, const char *name)
{
    int ai = sema_find_array(S->m, name);
    if (ai < 0 || S->m->arrays[ai].first < 0)
        return ai < 0 ? 0 : 1;
    const MArray *a = &S->m->arrays[ai];
    if (S->m->vars[a->first].view_hidden)
        return -1;
    for (int e = 0; e < a->nelems; e++)
        S->m->vars[a->first + e].view_hidden = 1;
    return 1;
}

/* check_one_index: index i (expression x) of array a against its dimension;
   a constant int outside a range is an error. */
static void check_one_index(Sema *S, const MArray *a, int i, AstNode *x)
{
    const MDim *d = &a->dims[i];
    Type t = sema_check_expr(S, x);
    if (t.base == T_ERROR)
        return;
    int ok;
    switch (d->what) {
    case DIM_PLAYER: ok = t.base == T_PLAYER; break;
    case DIM_SIDE: ok = t.base == T_SIDE; break;
    case DIM_ENUM: ok = t.base == T_ENUM && t.param == d->param; break;
    case DIM_KIND: ok = t.base == T_CARD && (t.param < 0 || t.param == d->param); break;
    default: ok = t.base == T_INT; break;
    }
    char b1[96], b2[96];
    if (!ok) {
        diag_error(S->d, x->loc, "index %d of '%s' must be %s%s, found %s", i + 1, a->name,
                   d->what == DIM_RANGE ? "an int " : d->what == DIM_KIND ? "a card of kind " : "a ",
                   dim_text(S->m, d, b1, sizeof b1), sema_type_name(S, t, b2, sizeof b2));
        return;
    }
    int32_t v;
    Type ct;
    if (d->what == DIM_RANGE && sema_const_eval(S, x, NULL, &v, &ct) && ct.base == T_INT
        && ((int64_t)v < d->lo || (int64_t)v >= (int64_t)d->lo + d->n))
        diag_error(S->d, x->loc, "index %d is out of range %s for '%s'", (int)v, dim_text(S->m, d, b1, sizeof b1),
                   a->name);
}

/* sema_check_index: `NAME[i, ...]`, an element of an array: the array is
   known, has as many indices as given, each of its type (a constant int
   within its range); annotates e with the element's type and
   SYM_ARRAY. Returns the type (T_ERROR after a report). */
Type sema_check_index(Sema *S, AstNode *e)
{
    int ai = sema_find_array(S->m, e->name);
    if (ai < 0) {
        for (int i = 0; i < e->list.count; i++)
            sema_check_expr(S, e->list.items[i]);
        if (sema_find_var(S->m, e->name) >= 0) {
            diag_error(S->d, e->loc, "'%s' is not an array: it takes no index", e->name);
        } else {
            Names ns = {0};
            for (int i = 0; i < S->m->narrays; i++)
                sema_names_add(S, &ns, S->m->arrays[i].name);
            sema_unknown(S, e->loc, "array", e->name, ns);
        }
        return mk(T_ERROR, -1);
    }
    const MArray *a = &S->m->arrays[ai];
    if (e->list.count != a->ndims) {
        Buf b = {0};
        char t[64];
        for (int i = 0; i < a->ndims; i++)
            buf_printf(&b, "%s%s", i ? ", " : "", dim_text(S->m, &a->dims[i], t, sizeof t));
        diag_error(S->d, e->loc, "'%s' takes %d %s [%s], not %d", a->name, a->ndims, a->ndims == 1 ? "index" : "indices",
                   b.s, e->list.count);
        buf_free(&b);
        return mk(T_ERROR, -1);
    }
    for (int i = 0; i < a->ndims; i++)
        check_one_index(S, a, i, e->list.items[i]);
    sema_annotate(e, a->proto.type, SYM_MAKE(SYM_ARRAY, ai));
    return a->proto.type;
}

/* range_bound: bound x of a range, an integer literal (maybe negative),
   into *v; 0 after reporting it. */
static int range_bound(Sema *S, const AstNode *x, int64_t *v)
{
    if (x->kind == AST_INT) {
        *v = x->ival;
        return 1;
    }
    if (x->kind == AST_UNARY && x->op == '-' && x->a->kind == AST_INT) {
        *v = -x->a->ival;
        return 1;
    }
    diag_error(S->d, x->loc, "a range's bounds are integers written out (1..5)");
    return 0;
}

/* sema_check_range: `A..B` where a collection is written (a loop, a
   choice, an aggregate): A and B integer literals, A <= B, at most
   MAX_ELEMS numbers; the bounds go to e->ival and e->ival2. Returns
   T_RANGE, or T_ERROR after a report. */
Type sema_check_range(Sema *S, AstNode *e)
{
    int64_t lo, hi;
    if (!range_bound(S, e->a, &lo) || !range_bound(S, e->b, &hi))
        return mk(T_ERROR, -1);
    if (lo > hi || hi - lo >= MAX_ELEMS) {
        diag_error(S->d, e->loc2.line ? e->loc2 : e->loc, "a range must run upwards and hold at most %d numbers: %lld..%lld does not",
                   MAX_ELEMS, (long long)lo, (long long)hi);
        return mk(T_ERROR, -1);
    }
    e->ival = lo;
    e->ival2 = hi;
    sema_annotate(e, mk(T_RANGE, -1), 0);
    return mk(T_RANGE, -1);
}
