/* emit_choice.c: the C back end's decisions: `choose` (a card, a player,
   a value, repeated choices), menus of options, and the `turns` loop with
   its actions, each written as options added to a local buffer and a
   resume point where the agent answers (rt_answer_now). Texts are
   allocated in the emitter's arena; buffers are freed here. */
#include "emit_internal.h"

#include <string.h>

/* decide: a decision's resume point. When agents answer in place
   (rt_play), rt_answer_now answers it and the script goes on without
   returning; else it yields to the driver and is resumed here. */
static void decide(Emit *E)
{
    int pc = ++E->pc;
    emit_line(E, "f->pc = %d;", pc);
    emit_line(E, "if (!rt_answer_now(g))");
    emit_line(E, "    return RT_YIELD;");
    emit_line(E, "/* fall through */");
    E->indent--;
    emit_line(E, "case %d:;", pc);
    E->indent++;
}

/* ---- decisions -------------------------------------------------------------------------- */

/* begin_choice: the decision. open_buffer / close_options: its options
   are added to a local buffer (kept in registers; rt_opt_add) between the
   two; the count is stored once at the close. option_call: the call that
   adds one. */
/* choice_flags: the rt_choose_begin flags of a choice (hidden or not)
   among the items of coll (NULL: a menu): RT_CHOOSE_SPACES when they are
   spaces of a map. */
static const char *choice_flags(const IrNode *coll, int hidden)
{
    int spaces = coll && coll->type.base == T_SPACES;
    return hidden ? (spaces ? "RT_CHOOSE_HIDDEN | RT_CHOOSE_SPACES" : "RT_CHOOSE_HIDDEN") : spaces ? "RT_CHOOSE_SPACES" : "0";
}

static void begin_choice(Emit *E, const char *by, int prompt, const char *flags, Loc at)
{
    E->options_site = emit_site(E, at);
    emit_line(E, "rt_choose_begin(g, %s, %d, %s, %d);", by, prompt, flags, E->options_site);
}
static void open_buffer(Emit *E)
{
    emit_line(E, "{");
    E->indent++;
    emit_line(E, "RtOptBuf ob = rt_opt_buf(g);");
    E->in_options = 1;
}
static void close_options(Emit *E)
{
    emit_line(E, "rt_opt_done(g, &ob, %d);", E->options_site);
    E->indent--;
    emit_line(E, "}");
    E->in_options = 0;
}
static const char *option_call(const Emit *E) { return E->in_options ? "rt_opt_add(&ob, " : "rt_option(g, "; }

/* one_option: an option without an item (a menu's option, an action
   without `for`): value v, offered when `when` holds (NULL: always; a
   plain condition counts it without a branch), labelled by string label,
   formatted from fmt when it has holes. */
static void one_option(Emit *E, const IrNode *when, int v, int label, const IrNode *fmt)
{
    if (!fmt) {
        if (when && E->in_options && emit_plain(E, when))   /* counted without a branch */
            emit_line(E, "rt_opt_add_if(&ob, %s, %d, RT_NONE, %d);", emit_truth(E, when, emit_condition(E, when)), v, label);
        else if (when)
            emit_line(E, "if (%s) %s%d, RT_NONE, %d);", emit_condition(E, when), option_call(E), v, label);
        else
            emit_line(E, "%s%d, RT_NONE, %d);", option_call(E), v, label);
        return;
    }
    if (when)
        emit_line(E, "if (%s) {", emit_condition(E, when));
    else
        emit_line(E, "{");
    E->indent++;
    emit_line(E, "%s%d, RT_NONE, %d);", option_call(E), v, label);
    emit_label(E, fmt, "(int)ob.n - 1", label);
    E->indent--;
    emit_line(E, "}");
}

/* What options_loop writes for each item that is an option: the option
   (OPT_ADD); a count of them (OPT_COUNT: the C variable `counter` goes up
   by one); or, counting down `pick`, the option the random agent drew
   (OPT_FIND: its value and card into `drawn_value` and `drawn_card`, and
   the loop ends). */
typedef enum { OPT_ADD, OPT_COUNT, OPT_FIND } OptMode;

/* options_loop: one option per item of coll passing where (no yield
   inside); when (or NULL) is whether the options are offered at all;
   value: the option's value (NULL: the item); label: its string, or -1;
   fmt: the label's holes, written out after each option (or NULL); mode
   and counter: what is written for each option (OptMode). */
static void options_loop(Emit *E, const IrNode *coll, int slot, const IrNode *where, const IrNode *when,
                         const char *value, int label, const IrNode *fmt, OptMode mode, const char *counter)
{
    TypeBase ct = coll->type.base;
    emit_line(E, "{");
    E->indent++;
    const char *cvar;
    int bound_ok;
    int depth = emit_pure_loop_bind(E, coll, slot, &cvar, &bound_ok);
    const char *where_c = where ? emit_expr(E, where) : NULL;
    int where_plain = where && emit_plain(E, where);   /* read while the loop variable is bound */
    E->fallible = 0;
    const char *when_c = when ? emit_expr(E, when) : NULL;
    int when_first = when_c && !E->fallible && !emit_calls_function(when);
    /* the label's holes read the item bound as the loop's C variable; an
       aggregate among them (a helper function) reads it from the frame */
    int store_base = !bound_ok || ir_has_aggregate(where) || ir_has_aggregate(when);
    int store = store_base || ir_has_aggregate(fmt);
    int used = ct == T_ZONE || ct == T_SPACES || !value || fmt || emit_loop_var_used(E, depth, bound_ok, store);
    emit_unbind(E, depth);
    /* stored for the label's holes alone (the copy of the loop run while
       the log is on): the frame is given back its value after the loop,
       so that a log changes nothing of the state (frames are hashed) */
    const char *kept = store && !store_base ? emit_lname(E, E->unit->locals[slot]) : NULL;
    if (kept) {
        E->reads_frame = 1;
        emit_line(E, "RtValue kept_item = L->%s;", kept);
    }
    /* `when` does not depend on the item. One that cannot fail is tested
       before the loop (which it skips when false); any other is evaluated
       once, at the first item that passes `where` (as often as it matters,
       never more). */
    if (when_first) {
        emit_line(E, "if (%s) {", emit_bare(E, when_c));
        E->indent++;
        when_c = NULL;
    } else if (when_c) {
        emit_line(E, "int when_ok = -1;");
    }
    emit_pure_loop_open(E, coll, slot, used ? cvar : NULL, store);
    if (when_c)
        when_c = arena_printf(E->a, "(when_ok < 0 ? (when_ok = !!(%s)) : when_ok)", emit_bare(E, when_c));
    const char *cond = NULL;
    if (where_c && when_c)
        cond = arena_printf(E->a, "%s && %s", where_c, when_c);
    else if (where_c)
        cond = where_c;
    else if (when_c)
        cond = when_c;
    const char *card = ct == T_ZONE || ct == T_SPACES ? cvar : "RT_NONE";
    const char *val = value ? value : cvar;
    const char *lab = label >= 0 ? arena_printf(E->a, "%d", label)
                      : ct == T_PLAYERS ? "RT_LABEL_PLAYER" : ct == T_SIDES ? "RT_LABEL_SIDE" : "RT_LABEL_AUTO";
    int plain_cond = E->in_options && !when_c && where_plain;
    if (mode == OPT_COUNT) {
        if (!cond)
            emit_line(E, "%s++;", counter);
        else if (!when_c && where_plain)   /* counted without a branch */
            emit_line(E, "%s += %s;", counter, emit_truth(E, where, cond));
        else
            emit_line(E, "if (%s) %s++;", emit_bare(E, cond), counter);
    } else if (mode == OPT_FIND) {
        if (!cond)
            emit_line(E, "if (pick-- == 0) {");
        else if (!when_c && where_plain) {   /* counted down without a branch but the last */
            emit_line(E, "pick -= %s;", emit_truth(E, where, cond));
            emit_line(E, "if (pick < 0) {");
        } else
            emit_line(E, "if (%s && pick-- == 0) {", cond);
        emit_line(E, "    drawn_value = %s;", val);
        emit_line(E, "    drawn_card = %s;", card);
        emit_line(E, "    break;");
        emit_line(E, "}");
    } else if (fmt) {   /* a label with holes: the option, then its text */
        if (cond)
            emit_line(E, "if (%s) {", emit_bare(E, cond));
        else
            emit_line(E, "{");
        E->indent++;
        emit_line(E, "%s%s, %s, %s);", option_call(E), val, card, lab);
        int d2 = emit_pure_loop_bind(E, coll, slot, &cvar, &bound_ok);
        emit_label(E, fmt, "(int)ob.n - 1", label);
        emit_unbind(E, d2);
        E->indent--;
        emit_line(E, "}");
    } else if (cond && plain_cond)   /* counted without a branch */
        emit_line(E, "rt_opt_add_if(&ob, %s, %s, %s, %s);", emit_truth(E, where, cond), val, card, lab);
    else if (cond)
        emit_line(E, "if (%s) %s%s, %s, %s);", emit_bare(E, cond), option_call(E), val, card, lab);
    else
        emit_line(E, "%s%s, %s, %s);", option_call(E), val, card, lab);
    E->indent--;
    emit_line(E, "}");
    if (when_first) {
        E->indent--;
        emit_line(E, "}");
    }
    if (kept)
        emit_line(E, "L->%s = kept_item;", kept);
    E->indent--;
    emit_line(E, "}");
}

/* A loop of options whose label has holes is written twice: first, while
   the log is off, without the text (a simulation runs the loop it would
   run without the label), then, while it is on, with it. log_off_begin,
   log_on_begin and log_split_end open the first copy, the second, and
   close both. */
static void log_off_begin(Emit *E)
{
    emit_line(E, "if (!rt_logging(g)) {");
    E->indent++;
}
static void log_on_begin(Emit *E)
{
    E->indent--;
    emit_line(E, "} else {");
    E->indent++;
}
static void log_split_end(Emit *E)
{
    E->indent--;
    emit_line(E, "}");
}

/* options_over: options_loop; with a label with holes, twice (log_off_begin). */
static void options_over(Emit *E, const IrNode *coll, int slot, const IrNode *where, const IrNode *when,
                         const char *value, int label, const IrNode *fmt)
{
    if (!fmt) {
        options_loop(E, coll, slot, where, when, value, label, NULL, OPT_ADD, NULL);
        return;
    }
    log_off_begin(E);
    options_loop(E, coll, slot, where, when, value, label, NULL, OPT_ADD, NULL);
    log_on_begin(E);
    options_loop(E, coll, slot, where, when, value, label, fmt, OPT_ADD, NULL);
    log_split_end(E);
}

/* draws: n (NULL: none) draws a random number. A choice answered in
   place reads its zone (and where) first; when the agent does not answer
   in place the options are built and read them again, so the in-place
   paths are for what draws nothing. */
static int draws(const IrNode *n)
{
    return n && (n->facts & IR_FACT_RANDOM);
}

/* pick_in_place: var is the card of zone coll the random agent draws in
   place (rt_pick_card_now; with hint, a C local, rt_pick_card_at, which
   keeps the card's cell in it), and a block opens for the other agents,
   whose options are built (the caller closes it). */
static void pick_in_place(Emit *E, const char *var, const IrNode *coll, const char *hint)
{
    if (hint)
        emit_line(E, "%s = rt_pick_card_at(g, %s, &%s);", var, emit_zone_cells(E, coll), hint);
    else
        emit_line(E, "%s = rt_pick_card_now(g, %s);", var, emit_zone_cells(E, coll));
    emit_line(E, "if (%s == RT_NONE) {", var);
    E->indent++;
}

/* cheap_where: where (NULL: none), read for an item of coll in local
   slot, is plain (emit_plain): counting the items that pass it, then
   walking them again to the one drawn, costs little more than listing
   them once. */
static int cheap_where(Emit *E, const IrNode *coll, int slot, const IrNode *where)
{
    if (!where)
        return 1;
    const char *cvar;
    int bound_ok;
    int depth = emit_pure_loop_bind(E, coll, slot, &cvar, &bound_ok);
    int ok = bound_ok && !ir_has_aggregate(where) && emit_plain(E, where);
    emit_unbind(E, depth);
    return ok;
}

/* draw_in_place: var is the card of choice s's zone passing its where
   that the random agent draws in place among those the where's live
   count counts (rt_draw_now), found by walking the zone top first as the
   options list it (options_loop's OPT_FIND, as a counted turn finds its
   item) and named (rt_drawn_option); a block opens for the other agents,
   whose options are built (the caller closes it). */
static void draw_in_place(Emit *E, const IrNode *s, const char *var)
{
    const IrNode *coll = s->kids[0], *where = s->kids[1];
    int site = emit_site(E, s->loc);
    emit_line(E, "%s = RT_NONE;", var);
    emit_line(E, "{");
    E->indent++;
    emit_line(E, "int pick = rt_draw_now(g, %s);", emit_live_read(E, s));
    emit_line(E, "if (pick >= 0) {");
    E->indent++;
    emit_line(E, "RtValue drawn_value = RT_NONE, drawn_card = RT_NONE;");
    options_loop(E, coll, s->index, where, NULL, NULL, -1, NULL, OPT_FIND, NULL);
    emit_line(E, "if (drawn_card == RT_NONE)");
    emit_line(E, "    return rt_fail(g, %d, \"a choice has fewer options than its count\");", site);
    emit_line(E, "rt_drawn_option(g, drawn_value, drawn_card);");
    emit_line(E, "%s = drawn_card;", var);
    E->indent--;
    emit_line(E, "}");
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "if (%s == RT_NONE) {", var);
    E->indent++;
}

/* first_move: the first statement of choice s's body when it moves the
   card chosen (the choice's local, from a zone read again as the pick
   read it), else NULL: after a pick in place that move can close the
   card's cell without looking for it (rt_move_picked_known). */
static const IrNode *first_move(const IrNode *s)
{
    const IrNode *coll = s->kids[0], *body = s->kids[4];
    const IrNode *first = body && body->op == IR_BLOCK && body->nkids > 0 ? body->kids[0] : body;
    int moved_first = first && first->op == IR_MOVE && first->kids[0]->op == IR_LOCAL &&
                      first->kids[0]->index == s->index && first->kids[0]->type.base != T_ZONE && coll->op == IR_ZONE &&
                      !draws(coll) && !ir_has_aggregate(coll);
    return moved_first ? first : NULL;
}

/* emit_hinted_body: the body of choice s, its local bound to the zone's
   kind (emit_bind_zone_card) and, with hint (the C local that keeps the
   cell of the card picked), its first move told where the card is
   (E->hint_var; 0 once asked and resumed). */
static void emit_hinted_body(Emit *E, const IrNode *s, const char *hint)
{
    const IrNode *coll = s->kids[0], *body = s->kids[4];
    int depth = coll->type.base == T_ZONE ? emit_bind_zone_card(E, coll, s->index, body) : E->nbound;
    const IrNode *hint_move = E->hint_move, *hint_from = E->hint_from;
    const char *hint_var = E->hint_var;
    if (hint) {
        E->hint_move = first_move(s);
        E->hint_from = coll;
        E->hint_var = hint;
    }
    emit_block(E, body);
    E->hint_move = hint_move;
    E->hint_from = hint_from;
    E->hint_var = hint_var;
    emit_unbind(E, depth);
}

/* choose_one: `choose x in COLL [where ...] { ... } [else { ... }]`. A
   choice of any card of a zone (no where, a prompt without holes) is
   counted, not built, when the random agent answers it in place
   (rt_pick_card_now), and so is one whose where a live count counts
   (draw_in_place): the options are built only for the other agents. */
static void choose_one(Emit *E, const IrNode *s, const char *var, const char *by, int hidden)
{
    const IrNode *coll = s->kids[0], *els = s->kids[5];
    int plain_prompt = !s->fmt || s->fmt->nkids == 0;
    int drawn = coll->type.base == T_ZONE && s->kids[1] && s->live && plain_prompt && !draws(coll);
    int counted = (coll->type.base == T_ZONE && !s->kids[1] && plain_prompt && !draws(coll)) || drawn;
    /* a card taken in place from its cell, moved first thing in the body:
       the move closes that cell */
    const char *hint = counted && !drawn && first_move(s) ? arena_printf(E->a, "picked_at_%d", E->pc + 1) : NULL;
    if (hint) {
        emit_line(E, "{");
        E->indent++;
        emit_line(E, "int %s = 0;", hint);
    }
    begin_choice(E, by, emit_prompt_string(E, s->fmt, s->aux), choice_flags(coll, hidden), s->loc);
    if (drawn)
        draw_in_place(E, s, var);
    else if (counted)
        pick_in_place(E, var, coll, hint);
    open_buffer(E);
    emit_prompt(E, s->fmt);
    const IrNode *label = s->label;   /* each item's, or NULL: the item's name */
    options_over(E, coll, s->index, s->kids[1], NULL, NULL, label ? label->index : -1,
                 label && label->nkids ? label : NULL);
    close_options(E);
    emit_check_fail(E);
    emit_line(E, "if (rt_option_count(g) > 0) {");
    E->indent++;
    decide(E);
    if (hint)
        emit_line(E, "%s = 0;", hint);
    emit_line(E, "%s = rt_chosen(g);", var);
    if (counted) {   /* drawn or asked: the body once, for either */
        int pc = E->pc;
        E->indent--;
        emit_line(E, "}");
        E->indent--;
        emit_line(E, "}");
        emit_line(E, "if (%s != RT_NONE) {", var);
        E->indent++;
        emit_line(E, "f->pc = %d;   /* drawn in place too: the state the decision leaves */", pc);
    }
    emit_hinted_body(E, s, hint);
    E->indent--;
    if (els) {
        emit_line(E, "} else {");
        E->indent++;
        emit_block(E, els);
        E->indent--;
    }
    emit_line(E, "}");
    if (hint) {
        E->indent--;
        emit_line(E, "}");
    }
}

/* repeated_options: the options of one pick of repeated choice s: the
   items passing its where and not chosen yet (chosen: the list of those
   chosen, or NULL when chosen cards leave the zone); fmt: the label's
   holes, written after each option (NULL: none). */
static void repeated_options(Emit *E, const IrNode *s, const char *chosen, const IrNode *fmt)
{
    const IrNode *coll = s->kids[0];
    TypeBase ct = coll->type.base;
    emit_line(E, "{");
    E->indent++;
    const char *cvar;
    int bound_ok;
    int depth = emit_pure_loop_bind(E, coll, s->index, &cvar, &bound_ok);
    const char *cond = s->kids[1] ? emit_expr(E, s->kids[1]) : "1";
    emit_unbind(E, depth);
    int store_base = !bound_ok || ir_has_aggregate(s->kids[1]);
    /* stored for the label's holes alone: given back after (options_loop) */
    const char *kept = !store_base && ir_has_aggregate(fmt) ? emit_lname(E, E->unit->locals[s->index]) : NULL;
    if (kept) {
        E->reads_frame = 1;
        emit_line(E, "RtValue kept_item = L->%s;", kept);
    }
    emit_pure_loop_open(E, coll, s->index, cvar, store_base || ir_has_aggregate(fmt));
    /* a bare condition: `if ((a == b))` warns (clang) */
    const char *test = chosen ? arena_printf(E->a, "if (%s && !rt_list_has(g, %s, %s)) ", cond, chosen, cvar)
                     : s->kids[1] ? arena_printf(E->a, "if (%s) ", emit_bare(E, cond)) : "";
    const char *lab = s->label ? arena_printf(E->a, "%d", s->label->index)
                      : ct == T_PLAYERS ? "RT_LABEL_PLAYER" : ct == T_SIDES ? "RT_LABEL_SIDE" : "RT_LABEL_AUTO";
    const char *card = ct == T_ZONE || ct == T_SPACES ? cvar : "RT_NONE";
    if (fmt) {   /* the option, then its text */
        emit_line(E, "%s{", test);
        E->indent++;
        emit_line(E, "%s%s, %s, %s);", option_call(E), cvar, card, lab);
        int d2 = emit_pure_loop_bind(E, coll, s->index, &cvar, &bound_ok);
        emit_label(E, fmt, "(int)ob.n - 1", s->label->index);
        emit_unbind(E, d2);
        E->indent--;
        emit_line(E, "}");
    } else {
        emit_line(E, "%s%s%s, %s, %s);", test, option_call(E), cvar, card, lab);
    }
    E->indent--;
    emit_line(E, "}");
    if (kept)
        emit_line(E, "L->%s = kept_item;", kept);
    E->indent--;
    emit_line(E, "}");
}

/* not_into: move n puts no card into a zone of declaration zone (it goes
   to a zone of another; a shuffle moves no card between zones). */
static int not_into(const Emit *E, const IrNode *n, int zone)
{
    (void)E;
    return n->op == IR_SHUFFLE || (n->kids[1]->op == IR_ZONE && n->kids[1]->index != zone);
}

/* chosen_leave: repeated choice s over a zone first moves each chosen
   card to a zone of another declaration, and its body puts no card back
   into the zone: a chosen card is never among the cards left, so the
   choice keeps no list of the cards chosen. */
static int chosen_leave(const Emit *E, const IrNode *s)
{
    const IrNode *coll = s->kids[0], *body = s->kids[4];
    if (coll->op != IR_ZONE || !body || body->op != IR_BLOCK || body->nkids == 0)
        return 0;
    const IrNode *first = body->kids[0];
    return first->op == IR_MOVE && first->kids[0]->op == IR_LOCAL && first->kids[0]->index == s->index &&
           first->kids[1]->op == IR_ZONE && first->kids[1]->index != coll->index && emit_every_move(E, body, not_into, coll->index);
}

/* choose: `choose`; with a count (or up to one), repeated, each time among
   the items not chosen yet (those still in the zone, when chosen cards
   leave it: chosen_leave; each then drawn in place, as choose_one's, when
   every card of the zone is an option). */
void emit_choose(Emit *E, const IrNode *s)
{
    const char *var = emit_local(E, s->index);
    const char *by = s->kids[3] ? emit_expr(E, s->kids[3]) : "f->me";
    int hidden = (s->flags & IR_HIDDEN) || E->hidden;
    const IrNode *coll = s->kids[0], *els = s->kids[5];
    if (!s->kids[2]) {
        choose_one(E, s, var, by, hidden);
        return;
    }
    const char *k = emit_temp(E, "k");
    const char *n = emit_temp(E, "n");
    int leave = chosen_leave(E, s);
    int counted = leave && !s->kids[1] && !(s->flags & IR_UP_TO) && (!s->fmt || s->fmt->nkids == 0) && !draws(coll);
    const char *chosen = leave ? NULL : emit_temp(E, "chosen");
    emit_line(E, "%s = %s;", n, emit_expr(E, s->kids[2]));
    if (s->kids[3] && !emit_plain(E, s->kids[3])) {   /* who chooses: once, after the count (not at each pick) */
        const char *who = emit_temp(E, "by");
        emit_line(E, "%s = %s;", who, by);
        by = who;
    }
    emit_check_fail(E);
    int at = chosen ? emit_site(E, s->loc) : 0;
    if (chosen) {
        emit_line(E, "%s = rt_list_new(g, %d);", chosen, at);
        emit_line(E, "if (%s < 0) return RT_END;", chosen);
    }
    const char *hint = counted && first_move(s) ? arena_printf(E->a, "picked_at_%d", E->pc + 1) : NULL;
    emit_line(E, "for (%s = 0; %s < %s; %s++) {", k, k, n, k);
    E->indent++;
    if (hint)
        emit_line(E, "int %s = 0;", hint);
    begin_choice(E, by, emit_prompt_string(E, s->fmt, s->aux), choice_flags(coll, hidden), s->loc);
    emit_line(E, "rt_choose_steps(g, %s, %s);", k, n);
    if (counted)
        pick_in_place(E, var, coll, hint);
    open_buffer(E);
    emit_prompt(E, s->fmt);
    const IrNode *fmt = s->label && s->label->nkids ? s->label : NULL;   /* a label with holes */
    if (fmt) {   /* twice (log_off_begin) */
        log_off_begin(E);
        repeated_options(E, s, chosen, NULL);
        log_on_begin(E);
        repeated_options(E, s, chosen, fmt);
        log_split_end(E);
    } else {
        repeated_options(E, s, chosen, NULL);
    }
    close_options(E);
    emit_check_fail(E);
    if (s->flags & IR_UP_TO)
        emit_line(E, "if (rt_option_count(g) > 0) rt_option(g, RT_NONE, RT_NONE, %d);",
                  model_string((Model *)E->m, "done"));
    emit_line(E, "if (rt_option_count(g) == 0) break;");
    decide(E);
    if (hint)
        emit_line(E, "%s = 0;", hint);
    emit_line(E, "%s = rt_chosen(g);", var);
    if (s->flags & IR_UP_TO)
        emit_line(E, "if (%s == RT_NONE) break;", var);
    if (counted) {   /* drawn or asked: the body once, for either */
        int pc = E->pc;
        E->indent--;
        emit_line(E, "}");
        emit_line(E, "f->pc = %d;   /* drawn in place too: the state the decision leaves */", pc);
    }
    if (chosen) {
        emit_line(E, "rt_list_add(g, %s, %s, %d);", chosen, var, at);
        emit_line(E, "if (rt_check(g)) return RT_END;");
    }
    emit_hinted_body(E, s, hint);
    E->indent--;
    emit_line(E, "}");
    if (els) {
        emit_line(E, "if (%s == 0) {", k);
        E->indent++;
        emit_block(E, els);
        E->indent--;
        emit_line(E, "}");
    }
    if (chosen)
        emit_line(E, "rt_list_pop(g, %s);", chosen);
}

/* drawn_goto: after a decision drawn in place (draw_menu, draw_action):
   the option drawn_value (and card) is named, the decision's resume
   point pc stored as the decision stores it, and the script goes on at
   drawn_<pc>. */
static void drawn_goto(Emit *E, const char *card, int pc)
{
    emit_line(E, "rt_drawn_option(g, drawn_value, %s);", card);
    emit_line(E, "f->pc = %d;   /* as the decision stores it: the same state */", pc);
    emit_line(E, "goto drawn_%d;", pc);
}

/* menu_drawn: menu s (of options 1..nopt-1) is answered in place by the
   random agent without listing its options (draw_menu): no option's
   label has holes (a label is made while the options are listed, when a
   log is kept; its holes are then read between the whens, as written). */
static int menu_drawn(const IrNode *s, int nopt)
{
    for (int i = 1; i < nopt; i++)
        if (s->kids[i]->fmt && s->kids[i]->fmt->nkids > 0)
            return 0;
    return nopt > 1;
}

/* draw_menu: the whens of menu s (of options 1..nopt-1) read once, in
   order, into menu_<i> (0 or 1); when the random agent answers in place
   (rt_draw_options_now), the option it draws among those offered is
   named (rt_drawn_option) and the script goes on at drawn_<pc>, the
   decision's resume point pc stored as the decision would store it;
   else the options are listed from menu_<i> after this block. */
static void draw_menu(Emit *E, const IrNode *s, int nopt, int pc)
{
    Buf total = {0};
    for (int i = 1; i < nopt; i++) {
        const IrNode *when = s->kids[i]->kids[0];
        emit_line(E, "int menu_%d = %s;   /* %s */", i - 1, when ? emit_truth(E, when, emit_condition(E, when)) : "1",
                  emit_c_comment(E->a, s->kids[i]->text));
        buf_printf(&total, "%smenu_%d", i > 1 ? " + " : "", i - 1);
    }
    emit_check_fail(E);
    emit_line(E, "int pick = rt_draw_options_now(g, %s);", total.s);
    buf_free(&total);
    emit_line(E, "if (pick >= 0) {");
    E->indent++;
    emit_line(E, "RtValue drawn_value;");
    for (int i = 1; i < nopt; i++) {
        if (i == nopt - 1)   /* pick < the options' count: the last one left */
            emit_line(E, "%sdrawn_value = %d;", i > 1 ? "else " : "", i - 1);
        else if (i == 1)
            emit_line(E, "if (pick < menu_0) drawn_value = 0;");
        else
            emit_line(E, "else if ((pick -= menu_%d) < menu_%d) drawn_value = %d;", i - 2, i - 1, i - 1);
    }
    drawn_goto(E, "RT_NONE", pc);
    E->indent--;
    emit_line(E, "}");
}

/* menu: `choose by P { option "..." ... }`. */
void emit_menu(Emit *E, const IrNode *s)
{
    const char *by = s->kids[0] ? emit_expr(E, s->kids[0]) : "f->me";
    int hidden = (s->flags & IR_HIDDEN) || E->hidden;
    const char *pick = emit_temp(E, "option");
    int nopt = s->nkids - (s->fmt != NULL);
    int drawn = menu_drawn(s, nopt), pc = E->pc + 1;   /* the resume point decide gives */
    begin_choice(E, by, emit_prompt_string(E, s->fmt, model_string((Model *)E->m, "choose")),
                 hidden ? "RT_CHOOSE_HIDDEN" : "0", s->loc);
    if (drawn) {   /* the prompt's holes, then the whens, as written */
        emit_line(E, "{");
        E->indent++;
        emit_prompt(E, s->fmt);
        draw_menu(E, s, nopt, pc);
    }
    open_buffer(E);
    if (!drawn)
        emit_prompt(E, s->fmt);
    for (int i = 1; i < nopt; i++) {
        const IrNode *o = s->kids[i];
        if (drawn)
            emit_line(E, "rt_opt_add_if(&ob, menu_%d, %d, RT_NONE, %d);", i - 1, i - 1, o->index);
        else
            one_option(E, o->kids[0], i - 1, o->index, o->fmt);
    }
    close_options(E);
    if (drawn) {
        E->indent--;
        emit_line(E, "}");
    }
    emit_check_fail(E);
    emit_line(E, "if (rt_option_count(g) > 0) {");
    E->indent++;
    decide(E);
    if (drawn)
        emit_line(E, "drawn_%d:;", pc);
    emit_line(E, "%s = rt_chosen(g);", pick);
    for (int i = 1; i < nopt; i++) {
        const IrNode *o = s->kids[i];
        emit_line(E, "%sif (%s == %d) { /* %s */", i > 1 ? "} else " : "", pick, i - 1, emit_c_comment(E->a, o->text));
        E->indent++;
        emit_block(E, o->kids[1]);
        E->indent--;
    }
    emit_line(E, "}");
    E->indent--;
    emit_line(E, "}");
}

/* holds_cards: whether collection coll's items are cards (a zone, the
   spaces of a map), which an option carries as its card. */
static int holds_cards(const IrNode *coll)
{
    return coll->type.base == T_ZONE || coll->type.base == T_SPACES;
}

/* item_value: the value of the options of action i of nact, over its
   collection: the action's number, plus, over players, sides or a range
   (whose items are not cards), the item's place in the collection times
   nact, so that the chosen option gives both back (turn_actions). */
static const char *item_value(Emit *E, const IrNode *ac, int i, int nact)
{
    if (holds_cards(ac->kids[0]))
        return arena_printf(E->a, "%d", i);
    return arena_printf(E->a, "i * %d + %d", nact, i);   /* i: the loop's count, the item (emit_pure_loop_open) */
}

/* counts_actions: the turn's decision (s, of nact actions) is counted
   rather than built when the random agent answers it in place
   (draw_action): a prompt without holes, an action over items, every
   such action's where cheap (cheap_where), and nothing the count reads
   draws a random number (the count is made before it is known whether
   the agent answers in place; when it does not, the options are built
   and read the same again: a draw there would be made twice). */
static int counts_actions(Emit *E, const IrNode *s, int nact)
{
    int over = 0, cheap = 1;
    for (int i = 0; i < nact; i++) {
        const IrNode *ac = s->kids[3 + i];
        over |= ac->aux >= 0;
        cheap &= ac->aux < 0 || cheap_where(E, ac->kids[0], ac->aux, ac->kids[1]);
        for (int k = 0; k < 3; k++)   /* the collection, where and when */
            cheap &= !draws(ac->kids[k]);
    }
    return over && cheap && !s->fmt;
}

/* fused: action ac (of a turn) is counted in one walk with the actions
   next to it over the same zone: its items are a zone's cards, and its
   where and when are plain (read without a failure, so reading them
   for every card whatever the when changes nothing). */
static int fused(Emit *E, const IrNode *ac)
{
    const IrNode *when = ac->kids[2];
    return ac->aux >= 0 && ac->kids[0]->type.base == T_ZONE &&
           (!when || (!ir_has_aggregate(when) && emit_plain(E, when))) && cheap_where(E, ac->kids[0], ac->aux, ac->kids[1]);
}

/* count_fused: the counts of actions first..last of turn s (fused, over
   the same zone) in one walk of the zone: each card read once for all
   of them; an action's when, read before the walk, keeps or clears its
   count after it. Each action's at_<k> gets, at its count before the
   card, the card's cell less one (i): the cells of its options in their
   order, one store per card and no branch (indices past 32 fold over:
   find_fused reads at_<k> only for a zone of at most 32 cards). */
static void count_fused(Emit *E, const IrNode *s, int first, int last)
{
    emit_line(E, "{");
    E->indent++;
    emit_line(E, "const int32_t *zc = %s;", emit_zone_cells(E, s->kids[3 + first]->kids[0]));
    for (int i = first; i <= last; i++) {
        const IrNode *when = s->kids[3 + i]->kids[2];
        if (when)
            emit_line(E, "int when_%d = %s;", i, emit_truth(E, when, emit_condition(E, when)));
    }
    emit_line(E, "for (int i = zc[0] - 1; i >= 0; i--) {");
    E->indent++;
    const char *declared[16];
    int ndeclared = 0;
    for (int i = first; i <= last; i++) {
        const IrNode *ac = s->kids[3 + i], *where = ac->kids[1];
        const char *cvar;
        int bound_ok;
        int depth = emit_pure_loop_bind(E, ac->kids[0], ac->aux, &cvar, &bound_ok);
        int seen = 0;
        for (int k = 0; k < ndeclared; k++)
            seen |= strcmp(declared[k], cvar) == 0;
        if (!seen && ndeclared < 16) {
            emit_line(E, "RtValue %s = zc[1 + i]; (void)%s;", cvar, cvar);
            declared[ndeclared++] = cvar;
        }
        if (where) {
            emit_line(E, "uint32_t bit_%d = (uint32_t)%s;", i, emit_truth(E, where, emit_expr(E, where)));
            emit_line(E, "at_%d[count_%d & 31] = (uint8_t)i;", i, i);
            emit_line(E, "count_%d += (int)bit_%d;", i, i);
        } else {
            emit_line(E, "at_%d[count_%d & 31] = (uint8_t)i;", i, i);
            emit_line(E, "count_%d++;", i);
        }
        emit_unbind(E, depth);
    }
    E->indent--;
    emit_line(E, "}");
    for (int i = first; i <= last; i++)
        if (s->kids[3 + i]->kids[2])
            emit_line(E, "count_%d &= -when_%d;", i, i);
    E->indent--;
    emit_line(E, "}");
}

/* find_fused: the item drawn of action i of turn s, counted in a fused
   walk (count_fused): the card of cell 1 + at_<i>[pick], one load after
   the draw, when the zone holds at most 32 cards; else by walking the
   zone again, counting down (options_loop). */
static void find_fused(Emit *E, const IrNode *s, int i, int nact)
{
    const IrNode *ac = s->kids[3 + i];
    emit_line(E, "{");
    E->indent++;
    emit_line(E, "const int32_t *drawn_from = %s;", emit_zone_cells(E, ac->kids[0]));
    emit_line(E, "if (drawn_from[0] <= 32) {");
    emit_line(E, "    drawn_value = %s;", item_value(E, ac, i, nact));
    emit_line(E, "    drawn_card = drawn_from[1 + at_%d[pick]];", i);
    emit_line(E, "} else {");
    E->indent++;
    options_loop(E, ac->kids[0], ac->aux, ac->kids[1], ac->kids[2], item_value(E, ac, i, nact), ac->index, NULL,
                 OPT_FIND, NULL);
    E->indent--;
    emit_line(E, "}");
    E->indent--;
    emit_line(E, "}");
}

/* draw_action: the turn's decision (s, of nact actions) answered in
   place by the random agent without listing its options: each action's
   options are counted, in the order and with the reads that list them
   (a failure fails the game as the listing would); the agent draws one
   of them all (rt_draw_options_now); the action is found by its count
   and the item from the cells its fused count noted (find_fused) or by
   walking its items again, counting down; then the
   script stores the decision's resume point pc, as the decision would,
   and goes on at drawn_<pc>, where the chosen action is read. Other
   agents (and a log) get the options built, after this block. */
static void draw_action(Emit *E, const IrNode *s, int nact, int pc)
{
    emit_line(E, "{");
    E->indent++;
    Buf counts = {0}, total = {0};
    for (int i = 0; i < nact; i++) {
        buf_printf(&counts, "%scount_%d = 0", i ? ", " : "", i);
        buf_printf(&total, "%scount_%d", i ? " + " : "", i);
    }
    emit_line(E, "int %s;", counts.s);
    int *group_last = arena_alloc(E->a, sizeof *group_last * (size_t)nact);   /* i's fused group's last, or -1 */
    Buf cells = {0};
    for (int i = 0; i < nact; i++) {
        const IrNode *ac = s->kids[3 + i];
        int last = i;
        if (fused(E, ac))
            while (last + 1 < nact && fused(E, s->kids[4 + last]) && ir_same(s->kids[4 + last]->kids[0], ac->kids[0]))
                last++;
        for (int k = i; k <= last; k++) {
            group_last[k] = last > i ? last : -1;   /* -1: not fused */
            if (last > i)
                buf_printf(&cells, "%sat_%d[32]", cells.len ? ", " : "", k);
        }
        i = last;
    }
    if (cells.len)
        emit_line(E, "uint8_t %s;", cells.s);
    buf_free(&cells);
    for (int i = 0; i < nact; i++) {
        const IrNode *ac = s->kids[3 + i], *when = ac->kids[2];
        const char *counter = arena_printf(E->a, "count_%d", i);
        emit_line(E, "/* action \"%s\" */", emit_c_comment(E->a, ac->text));
        int last = group_last[i];
        if (last > i) {
            for (int k = i + 1; k <= last; k++)
                emit_line(E, "/* action \"%s\" */", emit_c_comment(E->a, s->kids[3 + k]->text));
            count_fused(E, s, i, last);
            i = last;
        } else if (ac->aux >= 0)
            options_loop(E, ac->kids[0], ac->aux, ac->kids[1], when, item_value(E, ac, i, nact), ac->index, NULL,
                         OPT_COUNT, counter);
        else if (!when)
            emit_line(E, "%s = 1;", counter);
        else if (emit_plain(E, when))
            emit_line(E, "%s = %s;", counter, emit_truth(E, when, emit_condition(E, when)));
        else
            emit_line(E, "if (%s) %s = 1;", emit_condition(E, when), counter);
    }
    emit_check_fail(E);
    emit_line(E, "int pick = rt_draw_options_now(g, %s);", total.s);
    buf_free(&counts);
    buf_free(&total);
    emit_line(E, "if (pick >= 0) {");
    E->indent++;
    emit_line(E, "RtValue drawn_value = RT_NONE, drawn_card = RT_NONE;");
    for (int i = 0; i < nact; i++) {
        const IrNode *ac = s->kids[3 + i];
        if (i == 0)
            emit_line(E, "if (pick < count_0) {");
        else
            emit_line(E, "} else if ((pick -= count_%d) < count_%d) {", i - 1, i);
        E->indent++;
        if (group_last[i] >= 0)
            find_fused(E, s, i, nact);
        else if (ac->aux >= 0)
            options_loop(E, ac->kids[0], ac->aux, ac->kids[1], ac->kids[2], item_value(E, ac, i, nact), ac->index,
                         NULL, OPT_FIND, NULL);
        else
            emit_line(E, "drawn_value = %d;", i);
        E->indent--;
    }
    emit_line(E, "}");
    E->fallible = 0;   /* the same reads as the count's, which did not fail */
    emit_line(E, "if (drawn_value == RT_NONE)");
    emit_line(E, "    return rt_fail(g, %d, \"a choice has fewer options than its count\");", emit_site(E, s->loc));
    drawn_goto(E, "drawn_card", pc);
    E->indent--;
    emit_line(E, "}");
    E->indent--;
    emit_line(E, "}");
}

/* turn_actions: a turn of `turns ... until N passes in a row`: the actions
   offered, the one chosen, and the count of passes. */
static void turn_actions(Emit *E, const IrNode *s, const char *passes, const char *act)
{
    int nact = s->nkids - 3 - (s->fmt != NULL);
    int counted = counts_actions(E, s, nact), pc = E->pc + 1;   /* the resume point decide gives */
    begin_choice(E, "f->me", emit_prompt_string(E, s->fmt, s->aux), "0", s->loc);
    if (counted)
        draw_action(E, s, nact, pc);
    open_buffer(E);
    emit_prompt(E, s->fmt);
    for (int i = 0; i < nact; i++) {
        const IrNode *ac = s->kids[3 + i];
        emit_line(E, "/* action \"%s\" */", emit_c_comment(E->a, ac->text));
        if (ac->aux >= 0)   /* over players or sides, the option's value carries the item too */
            options_over(E, ac->kids[0], ac->aux, ac->kids[1], ac->kids[2], item_value(E, ac, i, nact), ac->index,
                         ac->fmt);
        else
            one_option(E, ac->kids[2], i, ac->index, ac->fmt);
    }
    close_options(E);
    emit_check_fail(E);
    emit_line(E, "if (rt_option_count(g) == 0) return rt_fail(g, %d, \"no action is possible in this turn\");",
              emit_site(E, s->loc));
    decide(E);
    if (counted)
        emit_line(E, "drawn_%d:;", pc);
    int encoded = 0;   /* an action over items that are not cards (item_value) */
    for (int i = 0; i < nact; i++)
        encoded |= s->kids[3 + i]->aux >= 0 && !holds_cards(s->kids[3 + i]->kids[0]);
    if (encoded)
        emit_line(E, "%s = rt_chosen(g) %% %d;", act, nact);
    else
        emit_line(E, "%s = rt_chosen(g);", act);
    Buf passcond = {0};
    for (int i = 0; i < nact; i++) {
        const IrNode *ac = s->kids[3 + i];
        emit_line(E, "%sif (%s == %d) { /* %s */", i ? "} else " : "", act, i, emit_c_comment(E->a, ac->text));
        E->indent++;
        int depth = E->nbound;
        if (ac->aux >= 0 && !holds_cards(ac->kids[0])) {
            const IrNode *coll = ac->kids[0];   /* a range's items count from its first */
            emit_line(E, "%s = rt_chosen(g) / %d + %d;", emit_local(E, ac->aux), nact,
                      coll->type.base == T_RANGE ? (int)coll->value : 0);
        } else if (ac->aux >= 0) {
            emit_line(E, "%s = rt_chosen_card(g);", emit_local(E, ac->aux));
            if (ac->kids[0]->type.base == T_ZONE)
                depth = emit_bind_zone_card(E, ac->kids[0], ac->aux, ac->kids[3]);
        }
        emit_block(E, ac->kids[3]);
        emit_unbind(E, depth);
        E->indent--;
        if (ac->flags & IR_PASS)
            buf_printf(&passcond, "%s%s == %d", passcond.len ? " || " : "", act, i);
    }
    emit_line(E, "}");
    if (s->flags & IR_ALL_PASS) {   /* passes: the players who passed, a bit each */
        emit_line(E, "if (%s) %s |= 1 << f->me;", passcond.s ? passcond.s : "0", passes);
        buf_free(&passcond);
        return;
    }
    emit_line(E, "%s = (%s) ? %s + 1 : 0;", passes, passcond.s ? passcond.s : "0", passes);
    buf_free(&passcond);
    emit_line(E, "if (%s >= %s) break;", passes, emit_expr(E, s->kids[1]));
}

/* turns: the players take turns from a first one until a condition holds,
   until N passes in a row, or until every player in has passed (a player
   who passed has no more turns). */
void emit_turns(Emit *E, const IrNode *s)
{
    int base = s->index;
    const char *turn = emit_local(E, base), *passes = emit_local(E, base + 1), *saved = emit_local(E, base + 2),
               *act = emit_local(E, base + 3);
    if (E->m->eliminates)   /* the first turn goes to a player still in */
        emit_line(E, "%s = rt_player_in(g, %s);", turn, emit_expr(E, s->kids[0]));
    else
        emit_line(E, "%s = %s;", turn, emit_expr(E, s->kids[0]));
    emit_check_fail(E);
    emit_line(E, "%s = f->me;", saved);
    emit_line(E, "%s = 0;", passes);
    emit_line(E, "for (;;) {");
    E->indent++;
    emit_line(E, "f->me = %s;", turn);
    emit_line(E, "rt_log_turn(g, f->me);");
    if (s->flags & IR_PASSES) {
        turn_actions(E, s, passes, act);
    } else {
        emit_block(E, s->kids[2]);
        emit_line(E, "if (%s) break;", emit_condition(E, s->kids[1]));
        emit_check_fail(E);
    }
    if (s->flags & IR_ALL_PASS) {
        emit_line(E, "%s = rt_next_unpassed(g, %s, %s);", turn, turn, passes);
        emit_line(E, "if (%s == RT_NONE) break;", turn);
    } else {
        emit_line(E, "%s = rt_next_player(g, %s);", turn, turn);
    }
    emit_line(E, "if (rt_back_edge(g, %d)) return RT_END;", emit_site(E, s->loc));   /* the step budget */
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "f->me = %s;", saved);
}
