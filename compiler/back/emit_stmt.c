/* emit_stmt.c: the C back end's statements: a script's statements, written
   from the IR after its passes (pluck loops, the setup's prelude), as the
   body of its resumable function (emit_units.c). Texts are allocated in
   the emitter's arena; buffers are freed here. */
#include "emit_internal.h"

#include <string.h>

static void stmt(Emit *E, const IrNode *s);

static int assigns_slot(const IrNode *n, int slot);

/* bind_let: after `let x = V`, statement i of block b, x holds a card of
   kind K for the rest of the block when V is one (top, bottom or a
   random card of a zone of kind K, which fails the game rather than give
   none, or a variable bound to K) and no later statement of b assigns
   x: bind it (emit_bind), so that its moves, fields and state are
   written as those of a card of K. */
static void bind_let(Emit *E, const IrNode *b, int i)
{
    const IrNode *let = b->kids[i];
    int k = emit_card_known(E, let->kids[0]);
    if (k < 0)
        k = emit_picked_kind(E, let->kids[0]);
    if (k < 0)
        return;
    for (int j = i + 1; j < b->nkids; j++)
        if (assigns_slot(b->kids[j], let->index))
            return;
    emit_bind(E, let->index, emit_local(E, let->index), k);
}

void emit_block(Emit *E, const IrNode *b)
{
    if (!b)
        return;
    if (b->op != IR_BLOCK) {
        stmt(E, b);
        return;
    }
    int depth = E->nbound;
    for (int i = 0; i < b->nkids; i++) {
        stmt(E, b->kids[i]);
        if (b->kids[i]->op == IR_LET)
            bind_let(E, b, i);
    }
    emit_unbind(E, depth);
}

/* run_now: run a callee's frame at once (run: rt_run, or rt_run_top after
   rt_call pushed it): the pc is stored first, so that when the callee
   stops at a decision (or a call of its own) the script returns its
   status and is resumed after the call once the callee's frame is done.
   A callee that never waits (call's facts: no IR_FACT_MAY_YIELD) only
   ends or fails: no resume point. */
static void run_now(Emit *E, const char *run, const IrNode *call)
{
    if (!(call->facts & IR_FACT_MAY_YIELD)) {
        emit_line(E, "{");
        emit_line(E, "    RtStatus st = %s;", run);
        emit_line(E, "    if (st != RT_DONE)");
        emit_line(E, "        return st;");
        emit_line(E, "}");
        return;
    }
    int pc = ++E->pc;
    emit_line(E, "f->pc = %d;", pc);
    emit_line(E, "{");
    emit_line(E, "    RtStatus st = %s;", run);
    emit_line(E, "    if (st != RT_DONE)");
    emit_line(E, "        return st;");
    emit_line(E, "}");
    emit_line(E, "/* fall through */");
    E->indent--;
    emit_line(E, "case %d:;", pc);
    E->indent++;
}

/* assigns_slot: a statement at or below n assigns local slot. */
static int assigns_slot(const IrNode *n, int slot)
{
    if (!n)
        return 0;
    if (n->op == IR_ASSIGN && n->kids[0]->op == IR_LOCAL && n->kids[0]->index == slot)
        return 1;
    for (int i = 0; i < n->nkids; i++)
        if (assigns_slot(n->kids[i], slot))
            return 1;
    return 0;
}

/* emit_calls_function: n calls a game function or holds an aggregate (either
   may fail inside, which the caller does not see at once). */
int emit_calls_function(const IrNode *n)
{
    if (!n)
        return 0;
    if (n->op == IR_CALL || n->op == IR_INLINE || n->op == IR_AGGREGATE)
        return 1;
    for (int i = 0; i < n->nkids; i++)
        if (emit_calls_function(n->kids[i]))
            return 1;
    return 0;
}

/* emit_bind_zone_card: the local in slot holds a card of zone coll (a loop's or
   a choice's variable) in body: when coll is declared of one kind and
   body never assigns the local, bind it (as the frame's cell) to that
   kind, so that its fields and state are read unchecked. Returns the
   binding depth to restore. */
int emit_bind_zone_card(Emit *E, const IrNode *coll, int slot, const IrNode *body)
{
    int depth = E->nbound, k = emit_zone_kind(E, coll);
    if (k >= 0 && !assigns_slot(body, slot))
        emit_bind(E, slot, emit_local(E, slot), k);
    return depth;
}

/* ---- loops --------------------------------------------------------------------------- */

/* Loop over players or sides for a statement whose body may yield. */
static void count_loop_begin(Emit *E, const IrNode *coll, const char *var)
{
    const char *idx = emit_temp(E, "i");
    const char *n = coll->type.base == T_PLAYERS ? "rt_players(g)" : arena_printf(E->a, "%d", E->m->nsides);
    if (coll->type.base == T_RANGE)   /* the integers value..aux */
        n = arena_printf(E->a, "%d", (int)(coll->aux - coll->value + 1));
    emit_line(E, "for (%s = 0; %s < %s; %s++) {", idx, idx, n, idx);
    E->indent++;
    if (coll->type.base == T_RANGE)
        emit_line(E, "%s = %s + %d;", var, idx, (int)coll->value);
    else
        emit_line(E, "%s = %s;", var, idx);
}

/* card_constant: n reads nothing but constants and the data fields (not
   the state) of the card in local slot. */
static int card_constant(const IrNode *n, int slot)
{
    switch (n->op) {
    case IR_INT: case IR_BOOL: case IR_ENUM_VALUE: case IR_CONST: case IR_SIDE:
        return 1;
    case IR_CARD_FIELD:
        return n->kids[0]->op == IR_LOCAL && n->kids[0]->index == slot;
    case IR_NEG: case IR_ARITH:
        if (n->checked)
            return 0;
        /* fall through */
    case IR_NOT: case IR_COMPARE: case IR_AND: case IR_OR:
        for (int i = 0; i < n->nkids; i++)
            if (!card_constant(n->kids[i], slot))
                return 0;
        return 1;
    default:
        return 0;
    }
}

/* constant_part: the C text of the conjuncts of plain cond (an `and`)
   that read only the data fields of the loop's card (slot), joined by
   `&`, when the others call a function or read a live count; else NULL
   (none or all of them read only fields, or the others cost no more to
   read than a branch); *rest: the other conjuncts. */
static const char *constant_part(Emit *E, const IrNode *cond, int slot, const char **rest)
{
    const IrNode *parts[16];
    int n = 0, nconst = 0;
    const IrNode *stack[16];
    int top = 0;
    stack[top++] = cond;
    while (top > 0) {   /* the conjuncts, left to right */
        const IrNode *x = stack[--top];
        if (x->op == IR_AND && top + 2 <= 16) {
            stack[top++] = x->kids[1];
            stack[top++] = x->kids[0];
        } else if (n < 16) {
            parts[n++] = x;
            nconst += card_constant(x, slot);
        } else {
            return NULL;
        }
    }
    int costly = 0;
    for (int i = 0; i < n; i++)
        costly |= !card_constant(parts[i], slot) && emit_calls_function(parts[i]);
    if (nconst == 0 || nconst == n || !costly)
        return NULL;
    const char *c = NULL, *r = NULL;
    for (int i = 0; i < n; i++) {
        const char *x = arena_printf(E->a, "(int)%s", emit_truth(E, parts[i], emit_expr(E, parts[i])));
        if (card_constant(parts[i], slot))
            c = c ? arena_printf(E->a, "%s & %s", c, x) : x;
        else
            r = r ? arena_printf(E->a, "%s & %s", r, x) : x;
    }
    *rest = strchr(r, '&') ? arena_printf(E->a, "rt_flat(%s)", r) : r;
    return c;
}

/* loop_filter: a loop's where filter: items failing cond are skipped; a
   cond that failed the game leaves the loop with stop ("return RT_END",
   or "break" where the loop must be closed first). In a plain `and`
   whose other parts call a function or read a live count, the parts
   that read only the loop card's data fields (slot) are tested first, on
   their own: over the same cards they give the same answers each time, a
   branch the CPU learns, and they skip the costly rest. */
static void loop_filter(Emit *E, const IrNode *cond, int slot, const char *stop)
{
    E->fallible = 0;
    const char *rest = NULL, *first = cond->op == IR_AND && emit_plain(E, cond) ? constant_part(E, cond, slot, &rest) : NULL;
    if (first) {   /* plain: nothing in it can fail */
        emit_line(E, "if (!(%s)) continue;", first);
        emit_line(E, "if (!(%s)) continue;", rest);
        E->fallible = 0;
        return;
    }
    const char *c = emit_condition(E, cond);
    if (E->fallible) {
        emit_line(E, "if (!(%s)) {", c);
        emit_line(E, "    if (rt_check(g)) %s;", stop);
        emit_line(E, "    continue;");
        emit_line(E, "}");
        emit_line(E, "if (rt_check(g)) %s;", stop);
    } else {
        emit_line(E, "if (!(%s)) continue;", c);
    }
    E->fallible = 0;
}

/* limit_begin: a `for up to N` loop's N, read once before the loop into
   its counter (the slot s->aux); returns the counter's C name, or NULL
   for a loop without `up to`. */
static const char *limit_begin(Emit *E, const IrNode *s)
{
    const IrNode *n = ir_for_limit(s);
    if (!n)
        return NULL;
    E->fallible = 0;
    const char *left = emit_local(E, s->aux);
    emit_line(E, "%s = %s;", left, emit_expr(E, n));
    emit_check_fail(E);
    return left;
}

/* limit_stop / limit_take: with `up to` (the counter left, else NULL), a
   loop stops before the item after the last the body may run for
   (limit_stop, before the where), and counts each item that passes
   (limit_take, after it). */
static void limit_stop(Emit *E, const char *left)
{
    if (left)
        emit_line(E, "if (%s <= 0) break;", left);
}
static void limit_take(Emit *E, const char *left)
{
    if (left)
        emit_line(E, "%s--;", left);
}

/* write_when: a walk's filter and body written as one store without a
   branch (rt_set_state_when), when the body is a plain `c.f = v` of the
   loop's card c, known valid, into a state slot no live count reads, and
   neither the filter nor v can fail, write or draw: which cards pass is
   then a pattern the CPU cannot learn, and a store that keeps the slot
   costs less than the branch it replaces. Returns 1 when written. */
static int write_when(Emit *E, const IrNode *s, const char *left)
{
    const IrNode *b = s->kids[2], *cond = s->kids[1];
    while (b && b->op == IR_BLOCK && b->nkids == 1)
        b = b->kids[0];
    if (left || !cond || !b || b->op != IR_ASSIGN || b->binop != IR_SET || ((b->flags & IR_SHOWN) && emit_knows(E)))
        return 0;
    const IrNode *l = b->kids[0], *v = b->kids[1];
    unsigned bad = IR_FACT_MAY_FAIL | IR_PURE_MASK | IR_FACT_MOVES;
    if (l->op != IR_CARD_STATE || l->kids[0]->op != IR_LOCAL || l->kids[0]->index != s->index ||
        (cond->facts & bad) || (v->facts & bad) || ir_has_aggregate(cond) || ir_has_aggregate(v) ||
        emit_card_known(E, l->kids[0]) != l->card.kind || ir_live_reads(E->ir, l->card.kind, l->card.field))
        return 0;
    E->fallible = 0;
    const char *c = emit_condition(E, cond), *val = emit_expr(E, v);
    if (E->fallible)   /* nothing in either may fail: the facts said so */
        return 0;
    emit_source_line(E, b->loc);
    const char *card = emit_expr(E, l->kids[0]);   /* before the site: see emit_site */
    emit_line(E, "rt_set_state_when(g, %s, %s, %d, !!(%s), %s, %d);", card, emit_kind_enum(E, l->card.kind),
              l->card.field, c, val, emit_site(E, b->loc));
    return 1;
}

/* for_body: a for statement's where filter and body (the counter left of
   `up to`, or NULL). */
static void for_body(Emit *E, const IrNode *s, const char *left)
{
    emit_step(E, s, "return RT_END;");
    if (write_when(E, s, left))
        return;
    limit_stop(E, left);
    if (s->kids[1])
        loop_filter(E, s->kids[1], s->index, "return RT_END");
    limit_take(E, left);
    emit_block(E, s->kids[2]);
}

/* zone_for: a for statement over a zone: over a snapshot of its cards (top
   first) on the runtime's list stack, so that the body may move them. When
   the body cannot yield, the loop reads the snapshot through a pointer;
   otherwise (the state may have been copied while the script waited)
   through its handle. The frame locals it adds (the index and the
   list's handle) go to temps[0] and temps[1]. */
static void zone_for(Emit *E, const IrNode *s, const char *var, const char *left, const char *temps[2])
{
    const char *idx = emit_temp(E, "i");
    const char *list = emit_temp(E, "list");
    temps[0] = idx;
    temps[1] = list;
    if (s->kids[0]->type.base == T_SPACES)
        emit_line(E, "%s = %s;", list, emit_graph_list(E, s->kids[0], emit_site(E, s->loc)));
    else {
        const char *zone = emit_expr(E, s->kids[0]);   /* before the site: see emit_site */
        emit_line(E, "%s = rt_list_zone(g, %s, %d);", list, zone, emit_site(E, s->loc));
    }
    if (E->fallible)
        emit_line(E, "if (%s < 0 || rt_check(g)) return RT_END;", list);
    else
        emit_line(E, "if (%s < 0) return RT_END;", list);   /* the list stack is full */
    E->fallible = 0;
    Buf *save = E->body;
    Buf body = {0};
    E->body = &body;
    E->indent += 2;
    int pc = E->pc;
    int depth = emit_bind_zone_card(E, s->kids[0], s->index, s);
    for_body(E, s, left);
    emit_unbind(E, depth);
    E->indent -= 2;
    E->body = save;
    emit_line(E, "{");
    E->indent++;
    if (E->pc == pc) {
        const char *cells = arena_printf(E->a, "cells_%s", list + 3);   /* list is "L->name" */
        emit_line(E, "const int32_t *%s = rt_list_cells(g, %s);", cells, list);
        emit_line(E, "for (%s = 0; %s < %s[0]; %s++) {", idx, idx, cells, idx);
        emit_line(E, "    %s = %s[1 + %s];", var, cells, idx);
    } else {
        emit_line(E, "for (%s = 0; %s < rt_list_len(g, %s); %s++) {", idx, idx, list, idx);
        emit_line(E, "    %s = rt_list_at(g, %s, %s);", var, list, idx);
    }
    if (body.s)
        buf_put(E->body, body.s);
    buf_free(&body);
    emit_line(E, "}");
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "rt_list_pop(g, %s);", list);
}

/* kind_shape: the part of a move's shape (below) that comes from the
   kind k of the cards moved: ", kind, nstate, keep"; NULL when k is -1
   or to is no declared zone that takes k. */
static const char *kind_shape(Emit *E, int k, const IrNode *to)
{
    int tz = to->op == IR_ZONE || to->op == IR_SPACE_ZONE;
    if (k < 0 || !tz || (emit_zone_kind(E, to) >= 0 && emit_zone_kind(E, to) != k))
        return NULL;
    const MKind *kd = &E->m->kinds[k];
    int kept = 0;
    for (int f = 0; f < kd->nfields; f++)
        kept += kd->fields[f].is_state && kd->fields[f].keep;
    return arena_printf(E->a, ", %s, %d, %s", emit_kind_enum(E, k), kd->nstate,
                        kept == 0 ? "RT_KEEP_NONE" : kept == kd->nstate ? "RT_KEEP_ALL" : "RT_KEEP_SOME");
}

/* move_shape: the shape of a move of the cards of zone expression from
   to zone expression to, as the `_known` primitives take it
   (cardrt_cards.h): ", kind, nstate, keep, live_from, live_to"; NULL
   when cardc does not know it (from or to is no declared zone, from
   holds cards of any kind, or to does not take from's). */
static const char *move_shape(Emit *E, const IrNode *from, const IrNode *to)
{
    int fz = from->op == IR_ZONE || from->op == IR_SPACE_ZONE;
    int k = fz ? emit_zone_kind(E, from) : -1;
    const char *shape = kind_shape(E, k, to);
    if (!shape)
        return NULL;
    int lf = emit_live_zone(E, from->index), lt = emit_live_zone(E, to->index);
    return arena_printf(E->a, "%s, %s, %s", shape, lf >= 0 ? arena_printf(E->a, "ZONE_%s", E->m->zones[lf].name) : "-1",
                        lt >= 0 ? arena_printf(E->a, "ZONE_%s", E->m->zones[lt].name) : "-1");
}

/* card_move_shape: the shape of a move of card expression card to zone
   expression to, as rt_move_known takes it: ", kind, nstate, keep,
   live_to"; NULL unless card is known to be of one kind (a variable
   bound to a zone of that kind, a card picked from one: no card once
   the game failed, which rt_move_known refuses as rt_move does) and to
   is a declared zone that takes it. */
static const char *card_move_shape(Emit *E, const IrNode *card, const IrNode *to)
{
    int k = emit_card_known(E, card);
    const char *shape = kind_shape(E, k >= 0 ? k : emit_picked_kind(E, card), to);
    if (!shape)
        return NULL;
    int lt = emit_live_zone(E, to->index);
    return arena_printf(E->a, "%s, %s", shape, lt >= 0 ? arena_printf(E->a, "ZONE_%s", E->m->zones[lt].name) : "-1");
}

/* pluck_stmt: a statement of a pluck loop's body (ir_pluck.c). */
static void pluck_stmt(Emit *E, const IrNode *b, const IrNode *from)
{
    if (!b)
        return;
    if (b->op == IR_BLOCK) {
        for (int i = 0; i < b->nkids; i++)
            pluck_stmt(E, b->kids[i], from);
        return;
    }
    E->fallible = 0;
    emit_source_line(E, b->loc);
    if (b->op == IR_MOVE) {
        const char *to = emit_expr(E, b->kids[1]), *shape = move_shape(E, from, b->kids[1]);
        emit_line(E, "rt_pluck%s(g, pluck_from, pluck_at, %s, %s, %d%s);", shape ? "_known" : "", to,
                  (b->flags & IR_BOTTOM) ? "RT_AT_BOTTOM" : "RT_AT_TOP", emit_site(E, b->loc), shape ? shape : "");
        emit_dice_sort(E, b->kids[1]);
        emit_line(E, "pluck_low = pluck_at;");
        emit_line(E, "if (rt_check(g)) break;");
        return;
    }
    /* IR_IF: a condition that failed stops the loop before either branch */
    const char *cond = emit_condition(E, b->kids[0]);
    int fallible = E->fallible;
    if (fallible) {
        emit_line(E, "{");
        E->indent++;
        emit_line(E, "int holds = %s;", cond);
        emit_line(E, "if (rt_check(g)) break;");
        cond = "holds";
    }
    emit_line(E, "if (%s) {", cond);
    E->indent++;
    pluck_stmt(E, b->kids[1], from);
    E->indent--;
    if (b->kids[2]) {
        emit_line(E, "} else {");
        E->indent++;
        pluck_stmt(E, b->kids[2], from);
        E->indent--;
    }
    emit_line(E, "}");
    if (fallible) {
        E->indent--;
        emit_line(E, "}");
    }
}

/* pluck_for: a for statement marked IR_PLUCK walks its zone's cells top
   first in place; rt_pluck moves a card out and leaves its cell empty, and
   once the loop is over rt_pluck_close_from closes the gaps from the
   lowest (pluck_low, the last card plucked). The moves, their order and
   the log are those of the snapshot loop. */
static void pluck_for(Emit *E, const IrNode *s, const char *left)
{
    int slot = s->index;
    E->fallible = 0;
    emit_line(E, "{");
    E->indent++;
    emit_line(E, "RtValue pluck_from = %s;", emit_expr(E, s->kids[0]));
    emit_check_fail(E);
    emit_line(E, "const int32_t *pluck_cells = rt_zone_cards(g, pluck_from);");
    emit_line(E, "int pluck_low = 0;");
    const char *cvar = arena_printf(E->a, "it_%s", E->unit->locals[slot]);
    int depth = E->nbound;
    int bound_ok = emit_bind(E, slot, cvar, emit_zone_kind(E, s->kids[0]));
    emit_line(E, "for (int pluck_at = pluck_cells[0]; pluck_at >= 1; pluck_at--) {");
    E->indent++;
    emit_step(E, s, "break;");   /* the gaps closed, then the check below */
    Buf *save = E->body, body = {0};   /* the body first: is the card read? */
    E->body = &body;
    limit_stop(E, left);
    if (s->kids[1]) {
        loop_filter(E, s->kids[1], slot, "break");
        int k = emit_tested_kind(E, s->kids[1]);
        if (k >= 0)
            emit_bind(E, slot, cvar, k);
    }
    limit_take(E, left);
    pluck_stmt(E, s->kids[2], s->kids[0]);
    E->body = save;
    if (emit_loop_var_used(E, depth, bound_ok, 0))
        emit_line(E, "RtValue %s = pluck_cells[pluck_at];", cvar);
    if (!bound_ok) {
        E->reads_frame = 1;
        emit_line(E, "L->%s = %s;", emit_lname(E, E->unit->locals[slot]), cvar);
    }
    buf_put(E->body, body.s ? body.s : "");
    buf_free(&body);
    emit_unbind(E, depth);
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "rt_pluck_close_from(g, pluck_from, pluck_low);");
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "if (rt_check(g)) return RT_END;");
    E->fallible = 0;
}

/* walk_for: a for statement over a zone whose body and filter can neither
   move a card nor wait for a decision (IR_FACT_MOVES, IR_FACT_MAY_YIELD)
   walks the zone's cells in place, top first: no card leaves or enters
   it while the loop runs, so the walk sees what a snapshot would. The
   card is a C local unless a helper function (an aggregate's) reads it
   from the frame, or the body assigns the variable. */
static void walk_for(Emit *E, const IrNode *s, const char *left)
{
    E->fallible = 0;
    emit_line(E, "{");
    E->indent++;
    const char *name = emit_lname(E, E->unit->locals[s->index]);
    const char *cells = arena_printf(E->a, "walk_%s", name);
    const char *at = arena_printf(E->a, "at_%s", name);
    const char *zone = emit_expr(E, s->kids[0]);
    if (E->fallible) {
        emit_line(E, "RtValue zone_%s = %s;", name, zone);
        emit_check_fail(E);
        zone = arena_printf(E->a, "zone_%s", name);
    }
    int local = !ir_has_aggregate(s->kids[1]) && !ir_has_aggregate(s->kids[2]) && !assigns_slot(s->kids[2], s->index);
    emit_line(E, "const int32_t *%s = rt_zone_cards(g, %s);", cells, zone);
    emit_line(E, "for (int %s = %s[0]; %s >= 1; %s--) {", at, cells, at, at);
    E->indent++;
    int depth = E->nbound;
    if (local) {
        const char *cvar = arena_printf(E->a, "it_%s", E->unit->locals[s->index]);
        emit_line(E, "RtValue %s = %s[%s]; (void)%s;", cvar, cells, at, cvar);
        if (!emit_bind(E, s->index, cvar, emit_zone_kind(E, s->kids[0])))
            emit_line(E, "%s = %s;", emit_local(E, s->index), cvar);   /* too many bound: read from the frame */
    } else {
        emit_line(E, "%s = %s[%s];", emit_local(E, s->index), cells, at);
        emit_bind_zone_card(E, s->kids[0], s->index, s);
    }
    for_body(E, s, left);
    emit_unbind(E, depth);
    E->indent--;
    emit_line(E, "}");
    E->indent--;
    emit_line(E, "}");
}

/* emit_every_move: each move and shuffle at or below n passes test, and n
   calls and runs nothing that moves cards (its moves are not seen). */
int emit_every_move(const Emit *E, const IrNode *n, MoveTest *test, int arg)
{
    if (!n || !(n->facts & IR_FACT_MOVES))
        return 1;
    switch (n->op) {
    case IR_MOVE:
        return test(E, n, arg) && emit_every_move(E, n->kids[0], test, arg) && emit_every_move(E, n->kids[1], test, arg);
    case IR_SHUFFLE:
        return test(E, n, arg);
    case IR_BLOCK: case IR_IF: case IR_WHILE: case IR_FOR: case IR_LET: case IR_ASSIGN: case IR_LOG: case IR_PHASE:
        for (int i = 0; i < n->nkids; i++)
            if (!emit_every_move(E, n->kids[i], test, arg))
                return 0;
        return 1;
    default:
        return 0;
    }
}

/* of_other_kind: move or shuffle n is of cards of a known kind other than
   kind, which a zone of kind cannot hold. */
static int of_other_kind(const Emit *E, const IrNode *n, int kind)
{
    int k = n->op == IR_SHUFFLE ? emit_zone_kind(E, n->kids[0])
            : n->kids[0]->type.base == T_CARD ? n->kids[0]->type.param : emit_zone_kind(E, n->kids[0]);
    return k >= 0 && k != kind;
}

/* walkable: for statement s over a zone may walk it in place (walk_for):
   its body waits for nothing, so it has no resume point (the walk's C
   locals would not survive one; a call of a procedure that never waits
   has none: run_now), and moves no card, or only cards of other kinds
   than the zone's (which cannot enter or leave it). */
static int walkable(const Emit *E, const IrNode *s)
{
    unsigned f = s->kids[2]->facts | (s->kids[1] ? s->kids[1]->facts : 0);
    if (s->kids[0]->type.base != T_ZONE || (f & IR_FACT_MAY_YIELD))
        return 0;
    if (!(f & IR_FACT_MOVES))
        return 1;
    int kind = emit_zone_kind(E, s->kids[0]);
    return kind >= 0 && emit_every_move(E, s->kids[1], of_other_kind, kind) && emit_every_move(E, s->kids[2], of_other_kind, kind);
}

/* for_stmt: a for statement, over a zone (a pluck loop, an in-place walk
   or a snapshot) or over players or sides; with `up to`, its count first. */
static void for_stmt(Emit *E, const IrNode *s)
{
    if (s->flags & IR_SIMULTANEOUS)
        E->hidden++;
    const char *left = limit_begin(E, s);
    const char *temps[2] = {NULL, NULL};
    int dice = emit_dice_zone(E, s->kids[0]) != NULL;
    if (dice)
        emit_dice_for(E, s, left);
    if (s->flags & IR_PLUCK) {   /* the variable is a C local (or set in pluck_for) */
        pluck_for(E, s, left);
    } else if (walkable(E, s)) {
        walk_for(E, s, left);
    } else if (s->kids[0]->type.base == T_ZONE || s->kids[0]->type.base == T_SPACES) {
        zone_for(E, s, emit_local(E, s->index), left, temps);
    } else {
        count_loop_begin(E, s->kids[0], emit_local(E, s->index));
        for_body(E, s, left);
        E->indent--;
        emit_line(E, "}");
    }
    if (dice) {
        if (ir_dice_loop_roll(s))   /* the faces changed: face order again */
            emit_dice_sort(E, s->kids[0]);
        emit_dice_frame_reset(E, s, temps);
        E->indent--;
        emit_line(E, "}");
    }
    if (s->flags & IR_SIMULTANEOUS)
        E->hidden--;
}

/* prelude: the setup's prelude (ir_prelude.c) runs unless the game started
   from its result (docs/runtime.md "The setup's prelude"). */
static void prelude(Emit *E, const IrNode *p)
{
    emit_line(E, "/* the prelude (docs/runtime.md \"The setup's prelude\") */");
    emit_line(E, "if (!rt_prelude_done(g)) {");
    E->indent++;
    for (int i = 0; i < p->nkids; i++)
        stmt(E, p->kids[i]);
    if (E->unit->nlocals) {
        E->reads_frame = 1;
        emit_line(E, "memset(L, 0, sizeof *L);");
    }
    emit_line(E, "if (rt_prelude_end(g)) return RT_DONE;");
    E->indent--;
    emit_line(E, "}");
}

/* ---- state changes ---------------------------------------------------------------------- */

/* clamp_bounds: the C text of a counter's bounds ("0, INT32_MAX"). */
static const char *clamp_bounds(Emit *E, const MVar *mv)
{
    return arena_printf(E->a, "%s, %s", mv->has_min ? arena_printf(E->a, "%d", (int)mv->min) : "INT32_MIN",
                        mv->has_max ? arena_printf(E->a, "%d", (int)mv->max) : "INT32_MAX");
}

/* assign: `=`, `+=`, `-=` to a local, a variable or counter, or a card's
   state. The target's player or card is evaluated once, before the value
   (docs/language.md "Order of evaluation"): when it is more than a plain
   read, into a temporary first (emit_once). */
static void assign(Emit *E, const IrNode *s)
{
    const IrNode *l = s->kids[0];
    if (l->op == IR_ELEM) {   /* its player and indices are stored first */
        emit_elem_assign(E, s, emit_expr(E, s->kids[1]));
        emit_check_fail(E);
        return;
    }
    const char *player = NULL, *card = NULL, *cur = NULL;
    if (l->op == IR_VAR && l->nkids) {
        player = emit_once(E, l->kids[0], emit_expr(E, l->kids[0]));
        if (s->binop != IR_SET)
            cur = arena_printf(E->a, "rt_pvar_at(g, VCELL_%s, PLAYER_CELLS, %s)", E->m->vars[l->index].name, player);
    } else if (l->op == IR_CARD_STATE) {
        card = emit_once(E, l->kids[0], emit_expr(E, l->kids[0]));
        if (s->binop != IR_SET)
            cur = emit_card_member(E, l, card);
    } else if (s->binop != IR_SET) {
        cur = emit_expr(E, l);
    }
    const char *v = emit_expr(E, s->kids[1]);
    const char *val = v;
    int plus = s->binop == IR_ADD;
    const MVar *mv = l->op == IR_VAR ? &E->m->vars[l->index] : NULL;
    int bounded = mv && (mv->has_min || mv->has_max);
    /* `+=` and `-=` are checked (s->checked, docs/language.md "Integers"),
       but on a counter with a bound, which stops at the bound instead */
    if (cur && bounded) {
        val = arena_printf(E->a, "rt_clamp_wide((int64_t)%s %s %s, %s)", cur, plus ? "+" : "-", v, clamp_bounds(E, mv));
    } else if (cur) {
        val = arena_printf(E->a, "%s(g, %s, %s, %d)", plus ? "rt_add" : "rt_sub", cur, v, emit_site(E, s->loc));
        E->fallible = 1;
    }
    if (l->op == IR_LOCAL) {
        emit_line(E, "%s = %s;", emit_local(E, l->index), val);
    } else if (l->op == IR_VAR) {
        if (bounded && !cur)   /* clamped here; rt_set clamps as well when it logs */
            val = arena_printf(E->a, "rt_clamp(%s, %s)", val, clamp_bounds(E, mv));
        if (mv->per_player)
            emit_line(E, "rt_pvar_store(g, VAR_%s, VCELL_%s, PLAYER_CELLS, %s, %s, %d);", mv->name, mv->name, player, val,
                      emit_site(E, s->loc));
        else
            emit_line(E, "rt_var_store(g, VAR_%s, VCELL_%s, %s);", mv->name, mv->name, val);
    } else if ((s->flags & IR_SHOWN) && emit_knows(E)) {   /* a change every player sees (the record follows it) */
        E->fallible = 1;
        int at = emit_site(E, s->loc);
        emit_line(E, "rt_set_state_shown(g, %s, %s, %d, %s, %d);", card, emit_kind_enum(E, l->card.kind), l->card.field,
                  val, at);
    } else if (emit_card_known(E, l->kids[0]) == l->card.kind) {   /* IR_CARD_STATE of a card known valid */
        int at = emit_site(E, s->loc);
        emit_line(E, "rt_set_state_known(g, %s, %s, %d, %s, %d, %d);", card, emit_kind_enum(E, l->card.kind),
                  l->card.field, val, ir_live_reads(E->ir, l->card.kind, l->card.field), at);
    } else {   /* IR_CARD_STATE */
        E->fallible = 1;
        int at = emit_site(E, s->loc);
        emit_line(E, "rt_set_card_state(g, %s, %s, %d, %s, %d);", card, emit_kind_enum(E, l->card.kind), l->card.field,
                  val, at);
    }
    emit_check_fail(E);
}

/* win: `win P`, or `win all p in players [where ...]` (nobody: a draw). */
static void win(Emit *E, const IrNode *s)
{
    if (s->op == IR_WIN) {
        const char *who = emit_expr(E, s->kids[0]);   /* before the site: see emit_site */
        emit_line(E, "return %s(g, %s, %d);", E->m->teams ? "rt_win_team" : "rt_win", who, emit_site(E, s->loc));
        return;
    }
    const char *var = emit_local(E, s->index);
    emit_line(E, "{");
    E->indent++;
    emit_line(E, "int winners = 0;");
    emit_line(E, "for (int i = 0; i < rt_players(g); i++) {");
    E->indent++;
    emit_step(E, s, "{ if (!winners) return RT_END; }");   /* once a player won, the others still win */
    emit_line(E, "%s = i;", var);
    if (s->kids[1])
        emit_line(E, "if (!(%s)) continue;", emit_condition(E, s->kids[1]));
    emit_line(E, "rt_win(g, %s, %d);", var, emit_site(E, s->loc));
    emit_line(E, "winners++;");
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "return winners ? RT_END : rt_draw_game(g);");
    E->indent--;
    emit_line(E, "}");
}

/* move: a card or a zone's cards to a zone (a zone's top or bottom card
   in one call). */
static void move(Emit *E, const IrNode *s)
{
    const IrNode *c = s->kids[0];
    const char *where = (s->flags & IR_BOTTOM) ? "RT_AT_BOTTOM" : "RT_AT_TOP";
    const IrLive *from = emit_dice_zone(E, c), *to = emit_dice_zone(E, s->kids[1]);
    if (from && to)   /* interchangeable dice kept as counts: one count added to another */
        emit_dice_move_all(E, c, from, s->kids[1], to);
    if (c->op == IR_BUILTIN && c->type.base != T_ZONE && (c->builtin == IR_B_TOP || c->builtin == IR_B_BOTTOM)) {
        /* a zone's end card in one call: the zone is written, not its card */
        const IrNode *ops[2] = {c->kids[0], s->kids[1]};
        const char *texts[2];
        texts[0] = emit_expr(E, c->kids[0]);   /* one after the other: see emit_site */
        texts[1] = emit_expr(E, s->kids[1]);
        emit_ordered_lines(E, ops, NULL, texts, 2);   /* what, then where to */
        const char *shape = move_shape(E, c->kids[0], s->kids[1]);
        emit_line(E, "rt_move_end%s(g, %s, %d, %s, %s, %d%s);", shape ? "_known" : "", texts[0], c->builtin == IR_B_BOTTOM,
                  texts[1], where, emit_site(E, s->loc), shape ? shape : "");
    } else {
        E->fallible = 0;
        const IrNode *ops[2] = {c, s->kids[1]};
        const char *texts[2];
        texts[0] = emit_expr(E, c);   /* one after the other: see emit_site */
        texts[1] = emit_expr(E, s->kids[1]);
        emit_ordered_lines(E, ops, NULL, texts, 2);   /* what, then where to */
        const char *w = texts[0], *z = texts[1];
        /* a shared zone's cards to a zone read without failing: when the
           zone is empty the move does nothing, and no call is made (a
           zone per player is moved whole as ever: guarding it costs more
           in mispredicted branches than the call) */
        int guard = c->type.base == T_ZONE && c->op == IR_ZONE && c->nkids == 0 && !E->fallible;
        const char *shape = c->type.base == T_ZONE ? move_shape(E, c, s->kids[1]) : card_move_shape(E, c, s->kids[1]);
        const char *test = guard ? arena_printf(E->a, "if (%s[0] != 0) ", emit_zone_cells(E, c)) : "";
        const char *picked = s == E->hint_move ? move_shape(E, E->hint_from, s->kids[1]) : NULL;
        if (picked) {   /* the card a choice has just taken from the cell in hint_var */
            const char *from_zone = emit_expr(E, E->hint_from);   /* its site, then the move's: see emit_site */
            int site = emit_site(E, s->loc);
            emit_line(E, "rt_move_picked_known(g, %s, %s, %s, %s, %s, %d%s);", w, E->hint_var, from_zone, z, where, site,
                      picked);
        } else
            emit_line(E, "%srt_%s%s(g, %s, %s, %s, %d%s);", test, c->type.base == T_ZONE ? "move_all" : "move",
                      shape ? "_known" : "", w, z, where, emit_site(E, s->loc), shape ? shape : "");
    }
    E->fallible = 1;
    emit_check_fail(E);
    emit_dice_sort(E, s->kids[1]);
    if (from && to) {
        E->indent--;
        emit_line(E, "}");
    }
}

/* emit_reveal: `reveal X [to P]` or `look P at X`: one call of the runtime
   for a card or for every card of a zone (rt_know.c). */
static void emit_reveal(Emit *E, const IrNode *s)
{
    static const char *const how[] = {"RT_REVEAL_ALL", "RT_REVEAL_PLAYER", "RT_REVEAL_SIDE", "RT_REVEAL_LOOK"};
    const char *fn = s->kids[0]->type.base == T_ZONE ? "rt_reveal_zone" : "rt_reveal";
    const char *texts[2];
    texts[0] = emit_expr(E, s->kids[0]);   /* one after the other: see emit_site */
    texts[1] = s->kids[1] ? emit_expr(E, s->kids[1]) : "RT_NONE";
    if (s->nkids != 4)   /* what, then to whom (to all: each player after what is shown) */
        emit_ordered_lines(E, (const IrNode *const *)s->kids, NULL, texts, 2);
    const char *w = texts[0], *to = texts[1];
    if (s->nkids == 4) {   /* to all p in players [where c]: what is shown is taken once */
        const char *var = emit_local(E, s->index);
        emit_line(E, "{");
        E->indent++;
        emit_line(E, "RtValue shown = %s;", w);
        emit_line(E, "for (int i = 0; i < rt_players(g) && !rt_check(g); i++) {");
        E->indent++;
        emit_step(E, s, "break;");
        emit_line(E, "%s = i;", var);
        if (s->kids[3])
            emit_line(E, "if (!(%s)) continue;", emit_condition(E, s->kids[3]));
        emit_line(E, "%s(g, shown, RT_REVEAL_PLAYER, %s, %d);", fn, var, emit_site(E, s->loc));
        E->indent--;
        emit_line(E, "}");
        E->indent--;
        emit_line(E, "}");
    } else {
        emit_line(E, "%s(g, %s, %s, %s, %d);", fn, w, how[s->aux & 3], to, emit_site(E, s->loc));
    }
    E->fallible = 1;
    emit_check_fail(E);
}

/* run: run a card's ability (its card kept in a hidden slot) as a player. */
static void run(Emit *E, const IrNode *s)
{
    const IrNode *fa = s->kids[0];   /* card-field: card.ability */
    const char *card = emit_local(E, s->index);
    emit_line(E, "%s = %s;", card, emit_expr(E, fa->kids[0]));
    const char *who = s->kids[1] ? emit_expr(E, s->kids[1]) : "f->me";
    const MKind *kd = &E->m->kinds[fa->card.kind];
    const char *fname = "?";
    for (int i = 0; i < kd->nfields; i++)
        if (!kd->fields[i].is_state && kd->fields[i].index == fa->card.field)
            fname = kd->fields[i].name;
    int at = emit_site(E, s->loc);
    int known = 0;   /* a card known to be of the kind: a pure loop's bound variable */
    if (fa->kids[0]->op == IR_LOCAL)
        for (int i = E->nbound - 1; i >= 0; i--)
            if (E->bound[i].slot == fa->kids[0]->index) {
                known = E->bound[i].kind == fa->card.kind;
                break;
            }
    const char *script = emit_row_field(E, fa->card.kind, card, emit_fname(E, fname), TY_ABILITY,
                                        known ? EMIT_ROW_TRUSTED : EMIT_ROW_CHECKED, at);
    if (!known && s->kids[1] && emit_order_matters(s->kids[1])) {
        /* the card's ability (which fails for a card of another kind),
           then who runs it (docs/language.md "Order of evaluation") */
        const char *texts[2] = {script, who};
        const int matters[2] = {1, 1};
        emit_ordered_lines(E, NULL, matters, texts, 2);
        script = texts[0];
        who = texts[1];
    }
    E->uses_run_script = 1;
    run_now(E, arena_printf(E->a, "Run_script(g, %s, %s, %s, %d)", script, card, who, at), s);
    emit_line(E, "if (rt_check(g)) return RT_END;");
}

/* roll: a die, or every die of a zone, to a random face. */
static void roll(Emit *E, const IrNode *s)
{
    const MKind *kd = &E->m->kinds[s->index];
    const char *x = emit_expr(E, s->kids[0]);
    emit_line(E, "{");
    E->indent++;
    if (s->kids[0]->type.base == T_ZONE) {
        /* a declared zone: whether live counts follow the faces is a constant */
        const IrNode *z = s->kids[0];
        int zd = z->op == IR_ZONE || z->op == IR_SPACE_ZONE;
        int live = zd && ir_live_reads(E->ir, s->index, 0) ? emit_live_zone(E, z->index) : -1;
        const IrLive *dice = emit_dice_zone(E, z);
        if (dice)   /* interchangeable dice: kept as counts, or kept in face order */
            emit_dice_roll_counted(E, z, dice, kd);
        if (zd)
            emit_line(E, "rt_roll_known(g, %s, %s, Faces_%s, %du, %d, %s);", emit_bare(E, x), emit_kind_enum(E, s->index),
                      kd->name, kd->nfaces, emit_site(E, s->loc),
                      live >= 0 ? arena_printf(E->a, "ZONE_%s", E->m->zones[live].name) : "-1");
        else
            emit_line(E, "rt_roll(g, %s, %s, Faces_%s, %du, %d);", emit_bare(E, x), emit_kind_enum(E, s->index),
                      kd->name, kd->nfaces, emit_site(E, s->loc));
        if (dice) {
            emit_line(E, "rt_dice_sort(g, %s);", emit_bare(E, x));
            E->indent--;
            emit_line(E, "}");
        }
    } else {
        emit_line(E, "RtValue die = %s;", x);
        emit_line(E, "rt_set_card_state(g, die, %s, 0, Faces_%s[rt_random(g, %du)], %d);", emit_kind_enum(E, s->index),
                  kd->name, kd->nfaces, emit_site(E, s->loc));
    }
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "if (rt_check(g)) return RT_END;");
}

/* call_procedure: push the procedure's frame with its arguments, run it
   by its own function (rt_enter, rt_run_entered: no table between). */
static void call_procedure(Emit *E, const IrNode *s)
{
    const MUnit *u = &E->m->units[s->index];
    emit_line(E, "{ /* %s */", u->name);
    E->indent++;
    for (int i = 0; i < s->nkids; i++)
        emit_line(E, "RtValue arg%d = %s;", i, emit_expr(E, s->kids[i]));
    if (!(s->facts & IR_FACT_MAY_YIELD)) {   /* never resumed: its frame on the C stack */
        emit_line(E, "int32_t cells[RT_FRAME_CELLS(NLOCALS_%s)] = {0};", u->cname);
        emit_line(E, "RtFrame *callee = rt_frame_at(cells, %d, f->self, f->me);", E->script_of_unit[s->index]);
        for (int i = 0; i < s->nkids; i++)
            emit_line(E, "callee->v[%d] = arg%d;", i, i);
        emit_line(E, "RtStatus st = rt_call_now(g, Script_%s, callee, %d);", u->cname, emit_site(E, s->loc));
        emit_line(E, "if (st != RT_DONE)");
        emit_line(E, "    return st;");
        E->indent--;
        emit_line(E, "}");
        emit_line(E, "if (rt_check(g)) return RT_END;");
        return;
    }
    /* NLOCALS_<procedure>: its locals once it is written, temporaries
       included (it may be written after this call: emit_c.c) */
    const char *enter = arena_printf(E->a, "rt_enter(g, %d, f->self, f->me, NLOCALS_%s, %d)", E->script_of_unit[s->index],
                                     u->cname, emit_site(E, s->loc));
    if (s->nkids) {
        emit_line(E, "RtValue *args = %s;", enter);
        emit_line(E, "if (args) {");
        for (int i = 0; i < s->nkids; i++)
            emit_line(E, "    args[%d] = arg%d;", i, i);
        emit_line(E, "}");
    } else {
        emit_line(E, "(void)%s;", enter);
    }
    E->indent--;
    emit_line(E, "}");
    run_now(E, arena_printf(E->a, "rt_run_entered(g, Script_%s)", u->cname), s);
    emit_line(E, "if (rt_check(g)) return RT_END;");
}

/* if_stmt: if / else if / else. */
static void if_stmt(Emit *E, const IrNode *s)
{
    emit_line(E, "if (%s) {", emit_condition(E, s->kids[0]));
    E->indent++;
    emit_block(E, s->kids[1]);
    E->indent--;
    for (const IrNode *c = s->kids[2]; c;) {
        if (c->op == IR_IF) {
            emit_line(E, "} else if (%s) {", emit_condition(E, c->kids[0]));
            E->indent++;
            emit_block(E, c->kids[1]);
            E->indent--;
            c = c->kids[2];
        } else {
            emit_line(E, "} else {");
            E->indent++;
            emit_block(E, c);
            E->indent--;
            c = NULL;
        }
    }
    emit_line(E, "}");
}

static void stmt(Emit *E, const IrNode *s)
{
    E->fallible = 0;
    if (s->op != IR_BLOCK && s->op != IR_PRELUDE)
        emit_source_line(E, s->loc);
    switch (s->op) {
    case IR_BLOCK:
        emit_line(E, "{");
        E->indent++;
        emit_block(E, s);
        E->indent--;
        emit_line(E, "}");
        break;
    case IR_PRELUDE:
        prelude(E, s);
        break;
    case IR_PHASE:
        emit_line(E, "/* %s:%d: phase %s */", emit_file_of(E, s->loc), s->loc.line, s->text);
        emit_line(E, "rt_log_phase(g, %d);", s->index);
        emit_block(E, s->kids[0]);
        break;
    case IR_IF:
        if_stmt(E, s);
        break;
    case IR_WHILE:
        emit_line(E, "while (%s) {", emit_condition(E, s->kids[0]));
        E->indent++;
        emit_block(E, s->kids[1]);
        emit_line(E, "if (rt_back_edge(g, %d)) return RT_END;", emit_site(E, s->loc));   /* the step budget */
        E->indent--;
        emit_line(E, "}");
        break;
    case IR_FOR:
        for_stmt(E, s);
        break;
    case IR_CHOOSE:
        emit_choose(E, s);
        break;
    case IR_MENU:
        emit_menu(E, s);
        break;
    case IR_TURNS:
        emit_turns(E, s);
        break;
    case IR_MOVE:
        move(E, s);
        break;
    case IR_SHUFFLE: {
        const char *zone = emit_expr(E, s->kids[0]);   /* before the site: see emit_site */
        emit_line(E, "rt_shuffle(g, %s, %d);", zone, emit_site(E, s->loc));
        emit_check_fail(E);
        break;
    }
    case IR_RUN:
        run(E, s);
        break;
    case IR_ASSIGN:
        assign(E, s);
        break;
    case IR_LET:
        emit_line(E, "%s = %s;", emit_local(E, s->index), emit_expr(E, s->kids[0]));
        emit_check_fail(E);
        break;
    case IR_WIN: case IR_WIN_ALL:
        win(E, s);
        break;
    case IR_DRAW_GAME:
        emit_line(E, "return rt_draw_game(g);");
        break;
    case IR_LOSE_GAME:
        emit_line(E, "return rt_lose_game(g);");
        break;
    case IR_LOG:
        emit_log(E, s);
        break;
    case IR_ROLL:
        if (s->index < 0)
            emit_roll_any(E, s);
        else
            roll(E, s);
        break;
    case IR_CALL_PROC:
        call_procedure(E, s);
        break;
    case IR_ELIMINATE:
        emit_eliminate(E, s);
        emit_check_fail(E);
        break;
    case IR_REVEAL:
        emit_reveal(E, s);
        break;
    default:
        break;
    }
}
