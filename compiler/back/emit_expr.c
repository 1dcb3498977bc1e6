/* emit_expr.c: the C back end's expressions: the C text of each IR value
   node (checked arithmetic, card reads, builtins, calls with their memos
   and inlined bodies, aggregates as helper functions), and the bindings
   that let pure loops read their variable as a C local. Every text is
   allocated in the emitter's arena. */
#include "emit_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- lines, temporaries, locals ---------------------------------------------------- */

void emit_line(Emit *E, const char *fmt, ...)
{
    for (int i = 0; i < E->indent; i++)
        buf_put(E->body, "    ");
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(E->body, fmt, ap);
    va_end(ap);
    buf_put(E->body, "\n");
}

const char *emit_temp(Emit *E, const char *base)
{
    MUnit *u = E->wunit;
    const char *name = base;
    for (int k = 2;; k++) {
        int clash = 0;
        for (int i = 0; i < u->nlocals; i++)
            if (strcmp(u->locals[i], name) == 0)
                clash = 1;
        if (!clash)
            break;
        name = arena_printf(E->a, "%s_%d", base, k);
    }
    if (u->nlocals == u->caplocals) {
        int cap = u->caplocals ? u->caplocals * 2 : 8;
        const char **n = arena_alloc(E->a, sizeof *n * (size_t)cap);
        if (u->nlocals)
            memcpy(n, u->locals, sizeof *n * (size_t)u->nlocals);
        u->locals = n;
        u->caplocals = cap;
    }
    u->locals[u->nlocals++] = name;
    E->reads_frame = 1;
    return arena_printf(E->a, "L->%s", emit_lname(E, name));
}

const char *emit_local(Emit *E, int slot)
{
    for (int i = E->nbound - 1; i >= 0; i--)
        if (E->bound[i].slot == slot) {
            E->bound[i].used = 1;
            return E->bound[i].cname;
        }
    E->reads_frame = 1;
    return arena_printf(E->a, "L->%s", emit_lname(E, E->unit->locals[slot]));
}

/* ---- order of evaluation ------------------------------------------------------------ */

int emit_order_matters(const IrNode *n)
{
    if (!n)
        return 0;
    if (n->facts & (IR_FACT_MAY_FAIL | IR_PURE_MASK))
        return 1;
    for (int i = 0; i < n->nkids; i++)   /* a node made by a pass after the facts (an IR_ARG) has none of its own */
        if (emit_order_matters(n->kids[i]))
            return 1;
    return 0;
}

/* seq_temp: a new temporary for a value of n's type: its C name (arena). */
static const char *seq_temp(Emit *E, const IrNode *n)
{
    if (n && n->type.base == T_TEXT)
        return arena_printf(E->a, "seq_text[%d]", E->nseq_text++);
    return arena_printf(E->a, "seq[%d]", E->nseq++);
}

/* stores: the temporaries emit_ordered takes, as "t = x, " pieces (sep
   ", ") or as statements (sep NULL: each written as a line). */
static const char *stores(Emit *E, const IrNode *const *nodes, const int *matters, const char **texts, int n,
                          const char *sep)
{
    int last = -1, count = 0;
    for (int i = 0; i < n; i++)
        if (matters ? matters[i] : emit_order_matters(nodes[i])) {
            last = i;
            count++;
        }
    if (count < 2 || !E->seq_on)
        return "";
    const char *out = "";
    for (int i = 0; i < last; i++) {
        if (!(matters ? matters[i] : emit_order_matters(nodes[i])))
            continue;
        const char *t = seq_temp(E, nodes ? nodes[i] : NULL);
        if (sep)
            out = arena_printf(E->a, "%s%s = %s%s", out, t, texts[i], sep);
        else
            emit_line(E, "%s = %s;", t, texts[i]);
        texts[i] = t;
    }
    return out;
}

const char *emit_ordered(Emit *E, const IrNode *const *nodes, const char **texts, int n)
{
    return stores(E, nodes, NULL, texts, n, ", ");
}

const char *emit_ordered_values(Emit *E, const int *matters, const char **texts, int n)
{
    return stores(E, NULL, matters, texts, n, ", ");
}

const char *emit_in_order(Emit *E, const char *stored, const char *x)
{
    return stored[0] ? arena_printf(E->a, "(%s%s)", stored, x) : x;
}

void emit_ordered_lines(Emit *E, const IrNode *const *nodes, const int *matters, const char **texts, int n)
{
    (void)stores(E, nodes, matters, texts, n, NULL);
}

const char *emit_once(Emit *E, const IrNode *n, const char *x)
{
    if (!E->seq_on || emit_plain(E, n))
        return x;
    const char *t = seq_temp(E, n);
    emit_line(E, "%s = %s;", t, x);
    return t;
}

EmitSeqSave emit_seq_begin(Emit *E)
{
    EmitSeqSave saved = {E->seq_on, E->nseq, E->nseq_text};
    E->seq_on = 1;
    E->nseq = 0;
    E->nseq_text = 0;
    return saved;
}

const char *emit_seq_end(Emit *E, EmitSeqSave saved)
{
    const char *decls = "";
    if (E->nseq)
        decls = arena_printf(E->a, "    RtValue seq[%d];   /* operands in order (emit_ordered) */\n    (void)seq;\n",
                             E->nseq);
    if (E->nseq_text)
        decls = arena_printf(E->a, "%s    const char *seq_text[%d];\n    (void)seq_text;\n", decls, E->nseq_text);
    E->seq_on = saved.on;
    E->nseq = saved.nseq;
    E->nseq_text = saved.nseq_text;
    return decls;
}

/* is_local: n reads a local slot (a param read in an inlined body is one). */
static int is_local(const IrNode *n) { return n->op == IR_LOCAL || n->op == IR_ARG; }

int emit_bind(Emit *E, int slot, const char *cname, int kind)
{
    if (E->nbound >= (int)(sizeof E->bound / sizeof E->bound[0]))
        return 0;
    E->bound[E->nbound].slot = slot;
    E->bound[E->nbound].kind = kind;
    E->bound[E->nbound].cname = cname;
    E->bound[E->nbound].used = 0;
    E->nbound++;
    return 1;
}

void emit_unbind(Emit *E, int n) { E->nbound = n; }

/* bound_kind: the kind every value of card expression n has when n is a
   bound loop variable over a zone of one kind, else -1. */
static int bound_kind(const Emit *E, const IrNode *n)
{
    if (!is_local(n))
        return -1;
    for (int i = E->nbound - 1; i >= 0; i--)
        if (E->bound[i].slot == n->index)
            return E->bound[i].kind;
    return -1;
}

int emit_card_known(const Emit *E, const IrNode *n) { return bound_kind(E, n); }

int emit_zone_kind(const Emit *E, const IrNode *z)
{
    return z->op == IR_ZONE || z->op == IR_SPACE_ZONE ? E->m->zones[z->index].kind : -1;
}

int emit_picked_kind(const Emit *E, const IrNode *n)
{
    if (n->op != IR_BUILTIN || n->nkids != 1)
        return -1;
    if (n->builtin != IR_B_TOP && n->builtin != IR_B_BOTTOM && n->builtin != IR_B_RANDOM)
        return -1;
    return emit_zone_kind(E, n->kids[0]);
}

int emit_tested_kind(const Emit *E, const IrNode *n)
{
    while (n->op == IR_AND)
        n = n->kids[0];
    if (n->op != IR_IS || !is_local(n->kids[0]))
        return -1;
    return bound_kind(E, n->kids[0]) < 0 ? n->index : -1;
}

/* ---- pure loops ------------------------------------------------------------------- */

/* A loop whose body cannot change the state (an aggregate, the options of
   a decision) is written in two calls. emit_pure_loop_bind names the C
   local the loop variable in slot lives in (*cvar) and binds the slot to
   it, so that the caller can now write the body's expressions; *bound_ok
   is 0 when no binding was free. It returns the binding depth, which the
   caller restores (emit_unbind) once the expressions are written. Then
   emit_pure_loop_open writes the `for` over coll (a zone: its cards top
   first; players or sides: counting up) and, when store is set (not
   bound, or an aggregate in the body reads the frame's slot), keeps the
   slot up to date too; the caller writes the body and closes the loop.
   cvar NULL: the body never reads the variable, which is not declared
   (see emit_loop_var_used). */
int emit_pure_loop_bind(Emit *E, const IrNode *coll, int slot, const char **cvar, int *bound_ok)
{
    int depth = E->nbound;
    *cvar = arena_printf(E->a, "it_%s", E->unit->locals[slot]);
    *bound_ok = emit_bind(E, slot, *cvar, emit_zone_kind(E, coll));
    return depth;
}

int emit_loop_var_used(const Emit *E, int depth, int bound_ok, int store)
{
    if (store || !bound_ok)
        return 1;
    for (int i = depth; i < E->nbound; i++)   /* rebound as the same C local (x is K) */
        if (E->bound[i].used && E->bound[i].cname == E->bound[depth].cname)
            return 1;
    return 0;
}

void emit_pure_loop_open(Emit *E, const IrNode *coll, int slot, const char *cvar, int store)
{
    if (coll->type.base == T_SPACES) {
        emit_graph_loop_open(E, coll, cvar);
    } else if (coll->type.base == T_ZONE) {
        emit_line(E, "const int32_t *zc = %s;", emit_zone_cells(E, coll));
        emit_line(E, "for (int i = zc[0] - 1; i >= 0; i--) {");
        E->indent++;
        if (cvar)   /* (void): a call written in place may drop the argument that read it */
            emit_line(E, "RtValue %s = zc[1 + i]; (void)%s;", cvar, cvar);
    } else if (coll->type.base == T_RANGE) {   /* the integers value..aux */
        emit_line(E, "for (int i = 0; i < %d; i++) {", (int)(coll->aux - coll->value + 1));
        E->indent++;
        if (cvar)
            emit_line(E, "RtValue %s = i + %d; (void)%s;", cvar, (int)coll->value, cvar);
    } else {
        emit_line(E, "int n = %s;", coll->type.base == T_PLAYERS ? "rt_players(g)" : arena_printf(E->a, "%d", E->m->nsides));
        emit_line(E, "for (int i = 0; i < n; i++) {");
        E->indent++;
        if (cvar)
            emit_line(E, "RtValue %s = i; (void)%s;", cvar, cvar);
    }
    if (store) {
        E->reads_frame = 1;
        E->writes_frame = 1;
        emit_line(E, "L->%s = %s;", emit_lname(E, E->unit->locals[slot]), cvar);
    }
}

const char *emit_frame_reset(Emit *E, int slot)
{
    E->reads_frame = 1;
    return arena_printf(E->a, "L->%s = 0;", emit_lname(E, E->unit->locals[slot]));
}

/* ---- small pieces ------------------------------------------------------------------ */

const char *emit_bare(Emit *E, const char *x)
{
    size_t n = strlen(x);
    if (n < 2 || x[0] != '(' || x[n - 1] != ')')
        return x;
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (x[i] == '"' || x[i] == '\'') {   /* a literal: skip it, escapes and all */
            char q = x[i];
            for (i++; i < n && x[i] != q; i++)
                if (x[i] == '\\')
                    i++;
            if (i >= n)
                return x;
            continue;
        }
        if (x[i] == '(')
            depth++;
        else if (x[i] == ')' && --depth == 0 && i != n - 1)
            return x; /* the first pair closes early: (a) && (b) */
        else if (x[i] == ',' && depth == 1)
            return x; /* a comma expression (emit_in_order): bare, it would be two arguments */
    }
    return arena_strndup(E->a, x + 1, n - 2);
}

const char *emit_condition(Emit *E, const IrNode *n)
{
    const char *x = emit_bare(E, emit_expr(E, n));
    if ((n->op == IR_AND || n->op == IR_OR) && emit_plain(E, n))   /* one value, one branch */
        return arena_printf(E->a, "rt_flat(%s)", x);
    return x;
}

/* zone_place: when zone expression z names a declared zone (a shared one,
   or a player's), the C text of its cells (const int32_t *, at the cells
   of the layout) with *decl and *player (C text; "RT_NONE" for a shared
   zone) for messages; else NULL. */
static const char *zone_place(Emit *E, const IrNode *z, int *decl, const char **player)
{
    if (z->op != IR_ZONE)
        return NULL;
    const MZone *mz = &E->m->zones[z->index];
    *decl = z->index;
    if (z->nkids == 0) {
        *player = "RT_NONE";
        return arena_printf(E->a, "rt_zone_cells_at(g, ZCELL_%s)", mz->name);
    }
    *player = emit_expr(E, z->kids[0]);
    return arena_printf(E->a, "rt_pzone_cells_at(g, ZONE_%s, ZCELL_%s, PLAYER_CELLS, %s, %d)", mz->name, mz->name, *player,
                        emit_site(E, z->loc));
}

const char *emit_zone_cells(Emit *E, const IrNode *z)
{
    int decl;
    const char *player, *at = zone_place(E, z, &decl, &player);
    return at ? at : arena_printf(E->a, "rt_zone_cards(g, %s)", emit_expr(E, z));
}

/* field_name: the name of data field index of kind k. */
static const char *field_name(const Emit *E, int k, int index)
{
    const MKind *kd = &E->m->kinds[k];
    for (int i = 0; i < kd->nfields; i++)
        if (!kd->fields[i].is_state && kd->fields[i].index == index)
            return kd->fields[i].name;
    return "?";
}

const char *emit_row_field(Emit *E, int k, const char *card, const char *fname, AstType t, int how, int site)
{
    const char *kn = E->m->kinds[k].name;
    if (E->inst_rows[k * E->m->nvariants] && t != TY_TEXT) {   /* docs/compiler.md "Card data by instance" */
        if (how == EMIT_ROW_CHECKED)
            return arena_printf(E->a, "Inst_%s(g, rt_card_inst(g, %s, %s, %d))->%s", kn, card, emit_kind_enum(E, k),
                                site, fname);
        return arena_printf(E->a, "Inst_%s(g, %s)->%s", kn, emit_bare(E, card), fname);
    }
    if (how == EMIT_ROW_CHECKED)
        return arena_printf(E->a, "Rows_%s[rt_card_row(g, %s, %s, %d)].%s", kn, card, emit_kind_enum(E, k), site,
                            fname);
    return arena_printf(E->a, "Rows_%s[%s(g, %s)].%s", kn, how == EMIT_ROW_OR_NONE ? "rt__row_or0" : "rt__row", card,
                        fname);
}

/* field_type: the type of data field idx of kind k. */
static AstType field_type(const Emit *E, int k, int idx)
{
    const MKind *kd = &E->m->kinds[k];
    for (int i = 0; i < kd->nfields; i++)
        if (!kd->fields[i].is_state && kd->fields[i].index == idx)
            return kd->fields[i].type;
    return TY_INT;
}

/* card_member: the C text of member n (a card field, state, owner or name)
   of card (C text); trusted_kind: the kind card is known to be a valid
   instance of, or -1: checked access. */
static const char *card_member(Emit *E, const IrNode *n, const char *card, int trusted_kind)
{
    int k = n->card.kind, idx = n->card.field;
    int trusted = trusted_kind >= 0 && trusted_kind == k;
    switch (n->op) {
    case IR_CARD_OWNER:
        return arena_printf(E->a, "rt_card_owner(g, %s)", card);
    case IR_CARD_NAME:
        return arena_printf(E->a, "rt_card_name(g, %s)", card);
    case IR_CARD_FIELD: {
        const char *fname = emit_fname(E, field_name(E, k, idx));
        if (trusted)
            return emit_row_field(E, k, card, fname, field_type(E, k, idx), EMIT_ROW_TRUSTED, 0);
        E->fallible = 1;
        return emit_row_field(E, k, card, fname, field_type(E, k, idx), EMIT_ROW_CHECKED, emit_site(E, n->loc));
    }
    default:   /* IR_CARD_STATE */
        if (trusted)
            return arena_printf(E->a, "rt__state(g, %s, %d)", card, idx);
        E->fallible = 1;
        return arena_printf(E->a, "rt_card_state(g, %s, %s, %d, %d)", card, emit_kind_enum(E, k), idx,
                            emit_site(E, n->loc));
    }
}

const char *emit_card_member(Emit *E, const IrNode *n, const char *card)
{
    return card_member(E, n, card, bound_kind(E, n->kids[0]));
}

/* card_read: the C text of a card member node n (its card is kids[0]). */
static const char *card_read(Emit *E, const IrNode *n)
{
    const char *o = emit_expr(E, n->kids[0]);
    int bk = bound_kind(E, n->kids[0]);
    if (bk < 0 && n->op == IR_CARD_FIELD && emit_picked_kind(E, n->kids[0]) == n->card.kind)
        /* top(z).field for z of one kind: the card is one of that kind, or
           RT_NONE after the game failed (row 0, as ever) */
        return emit_row_field(E, n->card.kind, o, emit_fname(E, field_name(E, n->card.kind, n->card.field)),
                              field_type(E, n->card.kind, n->card.field), EMIT_ROW_OR_NONE, 0);
    return card_member(E, n, o, bk);
}

/* player_read: a per-player zone or variable, or a player's side. */
static const char *player_read(Emit *E, const IrNode *n)
{
    const char *p = emit_expr(E, n->kids[0]);
    if (n->op == IR_ZONE)
        return arena_printf(E->a, "rt_zone_of(g, ZONE_%s, %s, %d)", E->m->zones[n->index].name, p, emit_site(E, n->loc));
    if (n->op == IR_VAR)
        return arena_printf(E->a, "rt_pvar_at(g, VCELL_%s, PLAYER_CELLS, %s)", E->m->vars[n->index].name, p);
    if (n->op == IR_PLAYER_OUT)
        return arena_printf(E->a, "rt_player_out(g, %s)", p);
    return arena_printf(E->a, "rt_player_side(g, %s)", p);
}

/* emit_check_fail: after a statement that may fail, stop the game at once. */
void emit_check_fail(Emit *E)
{
    if (E->fallible)
        emit_line(E, "if (rt_check(g)) return RT_END;");
    E->fallible = 0;
}

void emit_step(Emit *E, const IrNode *n, const char *leave)
{
    if (n->flags & IR_STEP)
        emit_line(E, "if (rt_back_edge(g, %d)) %s   /* the step budget */", emit_site(E, n->loc), leave);
}

/* ---- aggregates --------------------------------------------------------------------- */

static const char *const agg_words[] = {"count", "sum", "any", "all", "min", "max", "argmin", "argmax", "reachable"};

/* best_of: the loop body of min, max, argmin, argmax: the value val of the
   item cvar, kept when it is the first or better than the best so far
   (ties keep the first: the collection's order decides). */
static void best_of(Emit *E, const IrNode *n, const char *val, const char *cvar)
{
    int arg = n->agg == IR_A_ARGMIN || n->agg == IR_A_ARGMAX;
    const char *better = n->agg == IR_A_MIN || n->agg == IR_A_ARGMIN ? "<" : ">";
    emit_line(E, "RtValue v = %s;", val ? val : "0");
    emit_line(E, "if (!seen || v %s %s) {", better, arg ? "best" : "acc");
    if (arg) {
        emit_line(E, "    best = v;");
        emit_line(E, "    acc = %s;", cvar);
    } else {
        emit_line(E, "    acc = v;");
    }
    emit_line(E, "    seen = 1;");
    emit_line(E, "}");
}

/* aggregate_body: the helper's body for aggregate n, into E->body. */
static void aggregate_body(Emit *E, const IrNode *n)
{
    if (n->agg == IR_A_REACH) {   /* reachable(a, b, avoiding x where COND) */
        const char *cvar;
        int bound_ok;
        int depth = emit_pure_loop_bind(E, n->kids[0], n->index, &cvar, &bound_ok);
        const char *where = emit_expr(E, n->kids[1]);
        emit_unbind(E, depth);
        emit_graph_reach_body(E, n, cvar, where, !bound_ok || ir_has_aggregate(n->kids[1]));
        return;
    }
    int best = n->agg >= IR_A_MIN, arg = n->agg == IR_A_ARGMIN || n->agg == IR_A_ARGMAX;
    emit_line(E, "RtValue acc = %s;", n->agg == IR_A_ALL ? "1" : arg ? "RT_NONE" : "0");
    if (arg)
        emit_line(E, "RtValue best = 0;");
    if (best)
        emit_line(E, "int seen = 0;");
    const char *cvar;
    int bound_ok;
    int depth = emit_pure_loop_bind(E, n->kids[0], n->index, &cvar, &bound_ok);
    const char *body_cond = n->kids[1] ? emit_condition(E, n->kids[1]) : NULL;
    const char *val = n->kids[2] ? emit_expr(E, n->kids[2]) : NULL;
    int store = !bound_ok || ir_has_aggregate(n->kids[2]) || ir_has_aggregate(n->kids[1]);

    int used = arg || emit_loop_var_used(E, depth, bound_ok, store);
    emit_unbind(E, depth);
    emit_pure_loop_open(E, n->kids[0], n->index, used ? cvar : NULL, store);
    /* leaving, the item stored for a nested aggregate goes back to 0
       (emit_frame_reset) */
    const char *leave1 = store ? arena_printf(E->a, "{ %s return 1; }", emit_frame_reset(E, n->index)) : "return 1;";
    const char *leave0 = store ? arena_printf(E->a, "{ %s return 0; }", emit_frame_reset(E, n->index)) : "return 0;";
    if (n->flags & IR_STEP) {   /* ir_steps.c; over, the caller checks */
        emit_step(E, n, leave0);
        E->fallible = 1;
    }
    if (body_cond)
        emit_line(E, "if (!(%s)) continue;", body_cond);
    switch (n->agg) {
    case IR_A_COUNT:
        emit_line(E, "acc++;");
        break;
    case IR_A_SUM:
        if (!n->checked) {   /* docs/runtime.md "Checked arithmetic" */
            emit_line(E, "acc += %s;", val ? val : "0");
        } else {
            emit_line(E, "acc = rt_add(g, acc, %s, %d);", val ? val : "0", emit_site(E, n->loc));
            E->fallible = 1;
        }
        break;
    case IR_A_ANY:
        emit_line(E, "if (%s) %s", val ? emit_bare(E, val) : "1", leave1);
        break;
    case IR_A_ALL:
        emit_line(E, "if (!(%s)) %s", val ? val : "1", leave0);
        break;
    default:
        best_of(E, n, val, cvar);
        break;
    }
    E->indent--;
    emit_line(E, "}");
    if (best) {   /* docs/language.md "Aggregates": of no item, the game fails */
        emit_line(E, "if (!seen)");
        emit_line(E, "    (void)rt_fail(g, %d, \"%s of no items\");", emit_site(E, n->loc), agg_words[n->agg]);
        E->fallible = 1;
    }
    if (store)
        emit_line(E, "%s", emit_frame_reset(E, n->index));
    emit_line(E, "return acc;");
}

/* aggregate: a helper function for aggregate n (into E->helpers); returns its call. */
static const char *aggregate(Emit *E, const IrNode *n)
{
    if (n->live)   /* a count the runtime keeps (ir_live.c) */
        return emit_live_read(E, n);
    int k = ++E->helper_count;
    const char *fn = arena_printf(E->a, "Agg%d_%s", k, E->unit->cname);
    /* The helper is a function of its own: the enclosing loops' C locals
       are not in scope there (it reads them through L). */
    Emit outer = *E;
    E->nbound = 0;
    E->memo_on = 0;   /* a call in the loop depends on the loop variable: never memoised */
    if (E->by_value)   /* the function's params are the helper's own parameters */
        for (int p = 0; p < E->unit->nparams; p++)
            emit_bind(E, p, emit_lname(E, E->unit->locals[p]), -1);
    Buf hb = {0};
    E->body = &hb;
    E->indent = 1;
    E->reads_frame = 0;
    E->writes_frame = 0;
    emit_source_line(E, n->loc);
    EmitSeqSave seq = emit_seq_begin(E);
    aggregate_body(E, n);
    const char *seq_decls = emit_seq_end(E, seq);
    int writes = E->writes_frame;   /* its item stored for a nested aggregate: not pure */
    E->writes_frame = outer.writes_frame | writes;
    buf_put(&hb, EMIT_LINE_BACK "\n");
    E->body = outer.body;
    E->indent = outer.indent;
    memcpy(E->bound, outer.bound, sizeof E->bound);
    E->nbound = outer.nbound;
    E->memo_on = outer.memo_on;
    E->reads_frame = outer.reads_frame;   /* the helper declares its own L */
    const char *what = agg_words[n->agg];
    /* pure (its calls may be reused, docs of RT_PURE): it neither stores
       its item, draws a random number nor takes steps of the budget */
    int pure = !writes && !(n->facts & IR_FACT_RANDOM) && !(n->flags & IR_STEP);
    if (E->by_value) {
        /* out of line and pure: a call with the same arguments is made
           once while the state stays as it is (the callers are inlined) */
        Buf params = {0}, args = {0}, unused = {0};
        for (int p = 0; p < E->unit->nparams; p++) {
            buf_printf(&params, ", RtValue %s", emit_lname(E, E->unit->locals[p]));
            buf_printf(&args, ", %s", emit_lname(E, E->unit->locals[p]));
            buf_printf(&unused, "    (void)%s;\n", emit_lname(E, E->unit->locals[p])); /* not every param is read */
        }
        buf_printf(E->helpers, "/* %s:%d: %s */\n%sRT_NOINLINE static RtValue %s(RtGame *g, RtFrame *f%s)\n{\n    (void)f;\n%s%s%s}\n\n",
                emit_file_of(E, n->loc), n->loc.line, what, pure ? "RT_PURE " : "", fn, params.s ? params.s : "",
                unused.s ? unused.s : "", seq_decls, hb.s);
        const char *call = arena_printf(E->a, "%s(g, f%s)", fn, args.s ? args.s : "");
        buf_free(&params);
        buf_free(&args);
        buf_free(&unused);
        buf_free(&hb);
        return call;
    }
    const char *ltype = arena_printf(E->a, "struct Locals_%s", E->unit->cname);
    buf_printf(E->helpers, "/* %s:%d: %s */\n%sstatic RtValue %s(RtGame *g, RtFrame *f, %s *L)\n{\n    (void)f;\n    (void)L;\n%s%s}\n\n",
            emit_file_of(E, n->loc), n->loc.line, what, pure ? "RT_PURE " : "", fn, ltype, seq_decls, hb.s);
    buf_free(&hb);
    E->reads_frame = 1;   /* the call passes L */
    return arena_printf(E->a, "%s(g, f, L)", fn);
}

/* ---- calls ------------------------------------------------------------------------- */

/* unwrap: x without the parentheses that wrap all of it (one pair after
   another), so that the same argument is written the same way. */
static const char *unwrap(Emit *E, const char *x)
{
    for (;;) {
        const char *y = emit_bare(E, x);
        if (y == x)
            return x;
        x = y;
    }
}

/* reads_arg: body (an inlined function's) reads its parameter i. */
static int reads_arg(const IrNode *body, int i)
{
    if (!body)
        return 0;
    if (body->op == IR_ARG && body->index == i)
        return 1;
    for (int k = 0; k < body->nkids; k++)
        if (reads_arg(body->kids[k], i))
            return 1;
    return 0;
}

/* inlined: the body of an inlined call n (IR_INLINE), its params read as
   the arguments' C text (the arguments are pure: repeating one changes
   nothing); a param whose argument is a loop's card of a known kind is
   one too, so the body reads its fields without a check. */
static const char *inlined(Emit *E, const IrNode *n)
{
    const char *args[8];
    int nargs = n->nkids - 1;
    for (int i = 0; i < nargs && i < 8; i++) {
        if (!reads_arg(n->kids[0], i)) {   /* an argument the body ignores is not written (nor its calls' helpers) */
            args[i] = "0";
            continue;
        }
        const char *x = unwrap(E, emit_expr(E, n->kids[1 + i]));
        size_t k = strspn(x, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_>-");
        args[i] = x[k] == '\0' ? x : arena_printf(E->a, "(%s)", x);   /* a name (p, L->p) needs no parentheses */
    }
    int depth = E->nbound;
    int kinds[8];
    for (int i = 0; i < nargs && i < 8; i++)
        kinds[i] = bound_kind(E, n->kids[1 + i]);   /* before the params shadow the caller's slots */
    for (int i = 0; i < nargs && i < 8; i++)
        emit_bind(E, i, args[i], kinds[i]);
    const char *r = emit_expr(E, n->kids[0]);
    emit_unbind(E, depth);
    return arena_printf(E->a, "(%s)", r);
}

/* call: a call of a game function (memoised when the memo pass gave it one). */
static const char *call(Emit *E, const IrNode *n)
{
    const char *name = E->m->units[n->index].name;
    Buf b = {0};
    buf_put(&b, "");
    int memo = E->memo_on && n->memo > 0;
    const char **texts = arena_alloc(E->a, sizeof *texts * (size_t)(n->nkids + 1));
    for (int i = 0; i < n->nkids; i++)
        texts[i] = E->memo_on ? unwrap(E, emit_expr(E, n->kids[i])) : emit_expr(E, n->kids[i]);
    const char *first = emit_ordered(E, (const IrNode *const *)n->kids, texts, n->nkids);
    for (int i = 0; i < n->nkids; i++)
        buf_printf(&b, ", %s", texts[i]);
    const char *args = arena_strdup(E->a, b.s);
    buf_free(&b);
    if (!memo)
        return emit_in_order(E, first, arena_printf(E->a, "Fn_%s(g, f%s)", name, args));
    E->memo_helper[n->index] = 1;
    return emit_in_order(E, first, arena_printf(E->a, "Memo_%s(g, f, memo%d%s)", name, n->memo, args));
}

/* builtin: next, count, empty, random, top, bottom, matches. Each
   argument is written once (an aggregate in it becomes one helper). */
static const char *builtin(Emit *E, const IrNode *n)
{
    Arena *a = E->a;
    if (n->builtin == IR_B_MATCHES) {
        E->uses_matches[n->aux] = 1;
        const char *xy[2];
        xy[0] = emit_expr(E, n->kids[0]);   /* one after the other: see emit_site */
        xy[1] = emit_expr(E, n->kids[1]);
        const char *first = emit_ordered(E, (const IrNode *const *)n->kids, xy, 2);
        return emit_in_order(E, first, arena_printf(a, "Matches_%s(%s, %s)", E->m->enums[n->aux].name, xy[0], xy[1]));
    }
    if (n->builtin >= IR_B_NEIGHBOURS || (n->builtin == IR_B_COUNT && n->kids[0]->type.base == T_SPACES))
        return emit_graph_builtin(E, n);
    const IrNode *arg = n->kids[0];
    TypeBase at = arg->type.base;
    switch (n->builtin) {
    case IR_B_NEXT:
        return arena_printf(a, "rt_next_player(g, %s)", emit_expr(E, arg));
    case IR_B_COUNT:
        if (at == T_PLAYERS)
            return "rt_players(g)";
        if (at == T_SIDES)
            return arena_printf(a, "%d", E->m->nsides);
        return arena_printf(a, "%s[0]", emit_zone_cells(E, arg));
    case IR_B_EMPTY:
        return arena_printf(a, "(%s[0] == 0)", emit_zone_cells(E, arg));
    case IR_B_RANDOM:
        if (at == T_PLAYERS)
            return "(RtValue)rt_random(g, (uint32_t)rt_players(g))";
        if (at == T_SIDES)
            return arena_printf(a, "(RtValue)rt_random(g, %du)", E->m->nsides);
        E->fallible = 1;
        {
            const char *x = emit_expr(E, arg);
            return arena_printf(a, "rt_random_card(g, %s, %d)", x, emit_site(E, n->loc));
        }
    default: {   /* top, bottom */
        E->fallible = 1;
        const char *end = n->builtin == IR_B_TOP ? "top" : "bottom";
        int decl;
        const char *player, *place = zone_place(E, arg, &decl, &player);
        if (place)
            return arena_printf(a, "rt_%s_at(g, %s, ZONE_%s, %s, %d)", end, place, E->m->zones[decl].name, player,
                                emit_site(E, n->loc));
        const char *x = emit_expr(E, arg);
        return arena_printf(a, "rt_%s(g, %s, %d)", end, x, emit_site(E, n->loc));
    }
    }
}

/* ---- operators ------------------------------------------------------------------------ */

/* plain: emit_plain of n, read in the caller's bindings (depth 0) or
   inside the body of a game function it calls or has written in place
   (depth 1..MAX_PLAIN_DEPTH), where a card's field or state is not known
   to be of a kind: there it is not plain. A live count's read is plain
   (a load at a cell its plain keys pick; a player's zone's is not: it
   fails for no player), and so is a call of a function whose body is,
   on plain arguments, unless it shares a memo (its helper's first call
   is sequenced). */
enum { MAX_PLAIN_DEPTH = 4 };
static int plain(const Emit *E, const IrNode *n, int depth)
{
    switch (n->op) {
    case IR_INT: case IR_BOOL: case IR_ME: case IR_THIS: case IR_OPPONENT:
    case IR_LOCAL: case IR_ARG: case IR_SIDE: case IR_CONST: case IR_ENUM_VALUE:
        return 1;
    case IR_VAR: case IR_PLAYER_SIDE: case IR_PLAYER_OUT:
        return n->nkids == 0 || plain(E, n->kids[0], depth);
    case IR_CARD_FIELD: case IR_CARD_STATE:
        return depth == 0 && is_local(n->kids[0]) && bound_kind(E, n->kids[0]) == n->card.kind;
    case IR_NEG:
        return !n->checked && plain(E, n->kids[0], depth);
    case IR_NOT: case IR_IS:
        return plain(E, n->kids[0], depth);
    case IR_ARITH:
        return !n->checked && plain(E, n->kids[0], depth) && plain(E, n->kids[1], depth);
    case IR_COMPARE:
        return n->aux != T_TEXT && plain(E, n->kids[0], depth) && plain(E, n->kids[1], depth);
    case IR_AND:
        return emit_tested_kind(E, n->kids[0]) < 0 && plain(E, n->kids[0], depth) && plain(E, n->kids[1], depth);
    case IR_OR:
        return plain(E, n->kids[0], depth) && plain(E, n->kids[1], depth);
    case IR_SELECT:
        return plain(E, n->kids[0], depth) && plain(E, n->kids[1], depth) && plain(E, n->kids[2], depth);
    case IR_BUILTIN:
        if (n->builtin == IR_B_MATCHES)   /* two comparisons (Matches_<enum>) */
            return plain(E, n->kids[0], depth) && plain(E, n->kids[1], depth);
        if (n->nkids != 1)
            return 0;
        if (n->builtin == IR_B_NEXT)
            return plain(E, n->kids[0], depth);
        if ((n->builtin == IR_B_COUNT || n->builtin == IR_B_EMPTY) && n->kids[0]->op == IR_ZONE &&
            n->kids[0]->nkids == 0)   /* a shared zone's count: one load */
            return 1;
        return n->builtin == IR_B_COUNT && n->kids[0]->type.base != T_ZONE && n->kids[0]->type.base != T_SPACES;
    case IR_AGGREGATE:
        if (!n->live || E->ir->lives[n->live - 1].per_player)
            return 0;
        for (int k = 0; k < E->ir->lives[n->live - 1].nkeys; k++)
            if (!plain(E, n->live_keys[k], depth))
                return 0;
        return 1;
    case IR_CALL:
        if (n->memo > 0 || depth >= MAX_PLAIN_DEPTH || n->type.base == T_TEXT)
            return 0;
        for (int i = 0; i < n->nkids; i++)
            if (!plain(E, n->kids[i], depth))
                return 0;
        return plain(E, E->ir->units[n->index].body, depth + 1);
    case IR_INLINE:   /* kids: the body, then the arguments */
        if (depth >= MAX_PLAIN_DEPTH || n->type.base == T_TEXT)
            return 0;
        for (int i = 1; i < n->nkids; i++)
            if (!plain(E, n->kids[i], depth))
                return 0;
        return plain(E, n->kids[0], depth + 1);
    default:
        return 0;
    }
}

int emit_plain(const Emit *E, const IrNode *n)
{
    return plain(E, n, 0);
}

const char *emit_truth(Emit *E, const IrNode *n, const char *x)
{
    if (n->op == IR_IS || n->op == IR_BOOL || n->op == IR_NOT || n->op == IR_COMPARE || n->op == IR_AND ||
        n->op == IR_OR || (n->op == IR_BUILTIN && n->builtin == IR_B_MATCHES))   /* 0 or 1 already */
        return x;
    return arena_printf(E->a, "(!!%s)", x);
}

static const char *const binop_c[] = {"+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">="};
static const char *const arith_fn[] = {"rt_add", "rt_sub", "rt_mul", "rt_div", "rt_mod"};

/* logic: `and`, `or`. */
static const char *logic(Emit *E, const IrNode *n)
{
    const char *l = emit_expr(E, n->kids[0]), *r;
    int depth = E->nbound;
    int k = n->op == IR_AND ? emit_tested_kind(E, n->kids[0]) : -1;
    if (k >= 0) {   /* `c is K and ...`: c is a K on the right */
        const IrNode *t = n->kids[0];
        while (t->op == IR_AND)
            t = t->kids[0];
        int slot = t->kids[0]->index;
        emit_bind(E, slot, emit_local(E, slot), k);
    }
    r = emit_expr(E, n->kids[1]);
    emit_unbind(E, depth);
    const char *op = n->op == IR_AND ? "&&" : "||";
    /* two plain truth values: both read, no branch (a short circuit over
       data-dependent values is a branch the CPU mispredicts) */
    if (k < 0 && emit_plain(E, n->kids[0]) && emit_plain(E, n->kids[1]))
        return arena_printf(E->a, "((int)%s %s (int)%s)", emit_truth(E, n->kids[0], l), n->op == IR_AND ? "&" : "|",
                            emit_truth(E, n->kids[1], r));   /* the casts say the bitwise operator is meant (clang) */
    return arena_printf(E->a, "(%s %s %s)", l, op, r);
}

/* unwrapped: s without the parentheses around the whole of it, as
   (start, length): "((x))" is x. */
static const char *unwrapped(const char *s, size_t *len)
{
    size_t n = strlen(s);
    while (n >= 2 && s[0] == '(' && s[n - 1] == ')') {
        int depth = 0;
        size_t i = 0;
        for (; i < n; i++) {
            depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
            if (depth == 0)
                break;
        }
        if (i != n - 1)
            break;   /* "(a) + (b)": the first parenthesis closes early */
        s++;
        n -= 2;
    }
    *len = n;
    return s;
}

/* same_c: l and r are the same C expression, up to parentheses around
   the whole (an inlined call's result is parenthesised). */
static int same_c(const char *l, const char *r)
{
    size_t nl, nr;
    const char *a = unwrapped(l, &nl), *b = unwrapped(r, &nr);
    return nl == nr && memcmp(a, b, nl) == 0;
}

/* binary: arithmetic and comparisons. */
static const char *binary(Emit *E, const IrNode *n)
{
    const char *ops[2];
    ops[0] = emit_expr(E, n->kids[0]);   /* one after the other: see emit_site */
    ops[1] = emit_expr(E, n->kids[1]);
    int self = n->op == IR_COMPARE && same_c(ops[0], ops[1]);   /* before the order changes a text */
    const char *first = emit_ordered(E, (const IrNode *const *)n->kids, ops, 2);
    const char *l = ops[0], *r = ops[1];
    if (n->op == IR_ARITH && n->checked) {   /* docs/language.md "Integers" */
        E->fallible = 1;
        return emit_in_order(E, first, arena_printf(E->a, "%s(g, %s, %s, %d)", arith_fn[n->binop], l, r, emit_site(E, n->loc)));
    }
    if (n->op == IR_COMPARE && (n->binop == IR_EQ || n->binop == IR_NE) && n->aux == T_TEXT)
        return emit_in_order(E, first, arena_printf(E->a, "(strcmp(%s, %s) %s 0)", l, r, binop_c[n->binop]));
    /* `x == x` is legal cards: a unary plus keeps clang from calling the C a
       self-comparison (-Wtautological-compare) */
    return emit_in_order(E, first, arena_printf(E->a, "(%s %s %s%s)", l, binop_c[n->binop], self ? "+" : "", r));
}

/* ---- expressions ------------------------------------------------------------------------ */

const char *emit_expr(Emit *E, const IrNode *n)
{
    Arena *a = E->a;
    for (int i = 0; i < E->nlive_keys; i++)   /* a live count's condition (emit_live.c) */
        if (E->live_keys[i] == n)
            return E->live_key_names[i];
    switch (n->op) {
    case IR_INT:
        return arena_printf(a, "%lld", (long long)n->value);
    case IR_BOOL:
        return n->value ? "1" : "0";
    case IR_TEXT:
        return emit_c_string(E, n->text);
    case IR_LOCAL: case IR_ARG:
        return emit_local(E, n->index);
    case IR_SIDE:
        return arena_printf(a, "SIDE_%s", E->m->side_names[n->index]);
    case IR_SPACE_ZONE:
        return emit_space_zone(E, n);
    case IR_ZONE:
        if (n->nkids)
            return player_read(E, n);
        return arena_printf(a, "rt_zone_shared(g, ZONE_%s)", E->m->zones[n->index].name);
    case IR_VAR:
        if (n->nkids)
            return player_read(E, n);
        return arena_printf(a, "rt_var_at(g, VCELL_%s)", E->m->vars[n->index].name);
    case IR_PLAYER_SIDE: case IR_PLAYER_OUT:
        return player_read(E, n);
    case IR_ELEM:
        return emit_elem_read(E, n);
    case IR_FACE_COUNT:
        return emit_face_count(E, n);
    case IR_CONST:
        if (emit_const_fixed(E->m, n->index))
            return arena_printf(a, "FIXED_%s", E->m->consts[n->index].name);
        return arena_printf(a, "rt_const(g, CONST_%s)", E->m->consts[n->index].name);
    case IR_ENUM_VALUE:
        return emit_enum_value(E, n->aux, n->index);
    case IR_ME:
        return "f->me";
    case IR_OPPONENT:
        return "rt_next_player(g, f->me)";
    case IR_THIS:
        return "f->self";
    case IR_CARD_FIELD: case IR_CARD_STATE: case IR_CARD_OWNER: case IR_CARD_NAME:
        return card_read(E, n);
    case IR_CALL:
        return call(E, n);
    case IR_INLINE:
        return inlined(E, n);
    case IR_BUILTIN:
        return builtin(E, n);
    case IR_AGGREGATE:
        return aggregate(E, n);
    case IR_NEG:
        if (n->checked) {
            E->fallible = 1;
            const char *x = emit_expr(E, n->kids[0]);
            return arena_printf(a, "rt_neg(g, %s, %d)", x, emit_site(E, n->loc));
        }
        return arena_printf(a, "(-%s)", emit_expr(E, n->kids[0]));
    case IR_NOT:
        return arena_printf(a, "(!%s)", emit_expr(E, n->kids[0]));
    case IR_AND: case IR_OR:
        return logic(E, n);
    case IR_ARITH: case IR_COMPARE:
        return binary(E, n);
    case IR_IS:
        return arena_printf(a, "(rt_card_kind(g, %s) == %s)", emit_expr(E, n->kids[0]), emit_kind_enum(E, n->index));
    case IR_SELECT: {
        const char *c = emit_expr(E, n->kids[0]);
        const char *t = emit_expr(E, n->kids[1]);
        const char *f = emit_expr(E, n->kids[2]);
        if (emit_plain(E, n->kids[0]) && emit_plain(E, n->kids[1]) && emit_plain(E, n->kids[2]) &&
            n->type.base != T_TEXT)
            /* both arms read, one kept without a branch */
            return arena_printf(a, "rt_select(%s, %s, %s)", emit_truth(E, n->kids[0], c), t, f);
        return arena_printf(a, "(%s ? %s : %s)", c, t, f);
    }
    default:
        return "0";
    }
}
