/* emit_units.c: the C back end's units: each script as a resumable
   function (a switch on its resume point, docs/runtime.md) around its
   statements (emit_stmt.c), each game function as a pure C function
   (inlined calls and memos from the IR's passes), and the memo helpers.
   Texts are allocated in the emitter's arena; buffers are freed here. */
#include "emit_internal.h"

#include <stdio.h>
#include <string.h>

/* locals_struct: the struct of unit u's locals (none when it has none). */
static void locals_struct(Emit *E, Buf *out, const MUnit *u)
{
    if (u->nlocals == 0)
        return;
    buf_printf(out, "struct Locals_%s {\n", u->cname);
    for (int i = 0; i < u->nlocals; i++)
        buf_printf(out, "    RtValue %s;\n", emit_lname(E, u->locals[i]));
    buf_put(out, "};\n\n");
}

/* has_reveal: n or a node below it is a reveal or a look. */
static int has_reveal(const IrNode *n)
{
    if (!n)
        return 0;
    if (n->op == IR_REVEAL)
        return 1;
    for (int i = 0; i < n->nkids; i++)
        if (has_reveal(n->kids[i]))
            return 1;
    return 0;
}

/* emit_knows: see emit_internal.h. */
int emit_knows(const Emit *E)
{
    for (int u = 0; u < E->ir->nunits; u++)
        if (has_reveal(E->ir->units[u].body))
            return 1;
    return 0;
}

/* keeps_knowledge: unit ui is a setup or round script of a game that
   reveals or looks: it starts the record of what each player knows
   (rt_know_on), so that the record covers the whole game. */
static int keeps_knowledge(const Emit *E, int ui)
{
    int top = 0;
    for (int v = 0; v < E->m->nvariants; v++)
        top |= E->m->variants[v].setup == ui || E->m->variants[v].round == ui;
    return top && emit_knows(E);
}

/* begin_unit: E set to write unit ui's body into body and its helper
   functions into helpers (both owned by the caller), at indent; the
   unit's model entry. */
static MUnit *begin_unit(Emit *E, int ui, Buf *body, Buf *helpers, int indent)
{
    MUnit *u = &((Model *)E->m)->units[ui];
    E->unit = u;
    E->wunit = u;
    E->body = body;
    E->helpers = helpers;
    E->indent = indent;
    E->helper_count = 0;
    return u;
}

/* script: a resumable script function: a switch on its resume point. */
static void script(Emit *E, Buf *out, int ui)
{
    Buf body = {0}, helpers = {0};
    MUnit *u = begin_unit(E, ui, &body, &helpers, 2);
    E->pc = 0;
    E->hidden = 0;
    E->reads_frame = 0;
    EmitSeqSave seq = emit_seq_begin(E);
    emit_block(E, E->ir->units[ui].body);
    const char *seq_decls = emit_seq_end(E, seq);
    buf_put(&body, EMIT_LINE_BACK "\n");
    locals_struct(E, out, u);
    buf_put(out, helpers.s ? helpers.s : "");
    buf_printf(out, "/* %s:%d: %s */\n", emit_file_of(E, u->loc), u->loc.line, emit_c_comment(E->a, u->name));
    buf_printf(out, "static RtStatus Script_%s(RtGame *g, RtFrame *f)\n{\n", u->cname);
    /* Loops that keep their variable in a C local may leave no use of L. */
    if (u->nlocals && E->reads_frame)
        buf_printf(out, "    struct Locals_%s *L = (struct Locals_%s *)(void *)f->v;\n", u->cname, u->cname);
    buf_put(out, seq_decls);
    buf_put(out, "    switch (f->pc) {\n    case 0:;\n");
    if (keeps_knowledge(E, ui))
        buf_put(out, "        rt_know_on(g);   /* the record of what each player knows (rt_know.c) */\n");
    buf_put(out, body.s ? body.s : "");
    buf_printf(out, "        break;\n    default:\n        return rt_fail(g, %d, \"bad resume point\");\n    }\n",
            emit_site(E, u->loc));
    buf_put(out, "    return RT_DONE;\n}\n\n");
    buf_free(&body);
    buf_free(&helpers);
}

/* names_memo: C text r reads memo array k (memo<k> not followed by a digit). */
static int names_memo(const char *r, int k)
{
    char name[24];
    snprintf(name, sizeof name, "memo%d", k);
    size_t n = strlen(name);
    for (const char *p = strstr(r, name); p; p = strstr(p + n, name))
        if (p[n] < '0' || p[n] > '9')
            return 1;
    return 0;
}

/* The most entries a function's table of values may have (tabulated). */
enum { TABLE_MAX = 256 };

/* tabulated: when every parameter of function u is an enum or a bool,
   with TABLE_MAX value tuples or fewer, and its body's value is worked
   out from them alone for each (ir_eval_params), the table of its values
   written to out (Tab_<name>, the first parameter most significant) and
   the C that reads it (the body's own C, r, for values out of range);
   else r. A chain of if-then-else over a parameter becomes one load. */
static const char *tabulated(Emit *E, Buf *out, const MUnit *u, const IrNode *body, const char *r)
{
    int sizes[8], total = 1;
    if (u->nparams < 1 || u->nparams > 8)
        return r;
    for (int p = 0; p < u->nparams; p++) {
        const Type *t = &u->param_types[p];
        sizes[p] = t->base == T_BOOL ? 2 : t->base == T_ENUM ? E->m->enums[t->param].nvalues : 0;
        if (sizes[p] < 1 || total * sizes[p] > TABLE_MAX)
            return r;
        total *= sizes[p];
    }
    int64_t values[TABLE_MAX];
    for (int i = 0; i < total; i++) {
        int32_t args[8];
        for (int p = u->nparams - 1, rest = i; p >= 0; p--) {
            args[p] = rest % sizes[p];
            rest /= sizes[p];
        }
        if (!ir_eval_params(body, args, u->nparams, &values[i]))
            return r;
    }
    buf_printf(out, "/* %s for each value of its parameters, worked out by cardc */\nstatic const RtValue Tab_%s[%d] = {",
               u->name, u->name, total);
    for (int i = 0; i < total; i++)
        buf_printf(out, "%s%lld", i ? ", " : " ", (long long)values[i]);
    buf_put(out, " };\n\n");
    const char *in = "", *at = "0";
    for (int p = 0; p < u->nparams; p++) {
        const char *v = emit_lname(E, u->locals[p]);
        in = arena_printf(E->a, "%s%s(uint32_t)%s < %du", in, p ? " && " : "", v, sizes[p]);
        at = p ? arena_printf(E->a, "(%s) * %d + %s", at, sizes[p], v) : v;
    }
    return arena_printf(E->a, "%s ? Tab_%s[%s] : %s", in, u->name, at, r);
}

/* function: a game function: pure, its params C parameters (passed by
   value to its aggregates) when it is flat, else kept in a frame of
   locals on the C stack. */
static void function(Emit *E, Buf *out, int ui)
{
    const IrUnit *iu = &E->ir->units[ui];
    Buf body = {0}, helpers = {0};
    MUnit *u = begin_unit(E, ui, &body, &helpers, 1);
    E->by_value = iu->flat;
    E->nbound = 0;
    if (E->by_value)
        for (int p = 0; p < u->nparams; p++)
            emit_bind(E, p, emit_lname(E, u->locals[p]), -1);
    E->memo_on = E->by_value;
    EmitSeqSave seq = emit_seq_begin(E);
    const char *r = emit_expr(E, iu->body);
    for (int k = 0; k < iu->nmemo; k++)
        if (names_memo(r, k + 1))   /* a memoised call in an argument an inlined body ignores is not written */
            emit_line(E, "RtValue memo%d[2] = {0, 0};   /* the value, and 1 once it is set */", k + 1);
    Buf table = {0};
    r = tabulated(E, &table, u, iu->body, r);
    emit_source_line(E, iu->body->loc);
    emit_line(E, "return %s;", r);
    const char *seq_decls = emit_seq_end(E, seq);
    buf_put(&body, EMIT_LINE_BACK "\n");
    E->memo_on = 0;
    int by_value = E->by_value;
    E->by_value = 0;
    E->nbound = 0;
    if (!by_value)
        locals_struct(E, out, u);
    buf_put(out, helpers.s ? helpers.s : "");
    buf_put(out, table.s ? table.s : "");
    buf_free(&table);
    buf_printf(out, "/* %s:%d: function %s */\n", emit_file_of(E, u->loc), u->loc.line, u->name);
    buf_printf(out, "static %sRtValue Fn_%s(RtGame *g, RtFrame *f", by_value ? "inline " : "", u->name);
    for (int p = 0; p < u->nparams; p++)
        buf_printf(out, ", RtValue %s", emit_lname(E, u->locals[p]));
    buf_put(out, ")\n{\n");
    if (u->nlocals && !by_value) {
        buf_printf(out, "    struct Locals_%s Lv, *L = &Lv;\n", u->cname);
        buf_put(out, "    memset(&Lv, 0, sizeof Lv);\n");
        for (int p = 0; p < u->nparams; p++)
            buf_printf(out, "    L->%s = %s;\n", emit_lname(E, u->locals[p]), emit_lname(E, u->locals[p]));
    }
    buf_put(out, "    (void)g;\n    (void)f;\n");
    buf_put(out, seq_decls);
    for (int p = 0; p < u->nparams; p++)   /* a param the body never reads */
        buf_printf(out, "    (void)%s;\n", emit_lname(E, u->locals[p]));
    buf_put(out, body.s ? body.s : "");
    buf_put(out, "}\n\n");
    buf_free(&body);
    buf_free(&helpers);
}

void emit_unit(Emit *E, Buf *out, int ui)
{
    if (E->m->units[ui].is_function)
        function(E, out, ui);
    else
        script(E, out, ui);
}

void emit_memo_helpers(Emit *E, Buf *out)
{
    for (int u = 0; u < E->m->nunits; u++) {
        if (!E->memo_helper[u])
            continue;
        const MUnit *un = &E->m->units[u];
        const char *fn = un->name;
        buf_printf(out, "static inline RtValue Memo_%s(RtGame *g, RtFrame *f, RtValue *m", fn);
        for (int p = 0; p < un->nparams; p++)
            buf_printf(out, ", RtValue a%d", p);
        buf_printf(out, ")\n{\n    if (!m[1]) {\n        m[1] = 1;\n        m[0] = Fn_%s(g, f", fn);
        for (int p = 0; p < un->nparams; p++)
            buf_printf(out, ", a%d", p);
        buf_put(out, ");\n    }\n    return m[0];\n}\n\n");
    }
}
