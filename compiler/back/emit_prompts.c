/* emit_prompts.c: the C of texts with holes (log lines, option and action labels, prompts) and of players out. */
#include "emit_internal.h"

#include <string.h>

#include "holes.h"
#include "model.h"

/* emit_text_pieces: the rt_log_* calls that write s's text, an IR_LOG
   (its format with {} holes; kids: the holes' values), between a
   begin and an end the caller writes. */
void emit_text_pieces(Emit *E, const IrNode *s)
{
    int hole = 0;
    Buf seg = {0};
    buf_put(&seg, "");
    for (const char *p = s->text; *p; p++) {
        if (*p == '{') {
            const char *close = holes_close(p);
            if (!close)
                break;
            if (seg.len)
                emit_line(E, "rt_log_str(g, %s);", emit_c_string(E, seg.s));
            seg.len = 0;
            seg.s[0] = '\0';
            if (hole < s->nkids) {
                const IrNode *h = s->kids[hole++];
                const char *x = emit_expr(E, h);
                switch (h->type.base) {
                case T_PLAYER: emit_line(E, "rt_log_player(g, %s);", x); break;
                case T_SIDE: emit_line(E, "rt_log_side(g, %s);", x); break;
                case T_CARD: emit_line(E, "rt_log_card(g, %s);", x); break;
                case T_TEXT: emit_line(E, "rt_log_str(g, %s);", x); break;
                case T_ENUM: emit_line(E, "rt_log_value(g, RT_TY_ENUM + %d, %s);", h->type.param, x); break;
                case T_BOOL: emit_line(E, "rt_log_value(g, RT_TY_BOOL, %s);", x); break;
                default: emit_line(E, "rt_log_int(g, %s);", x); break;
                }
            }
            p = close;
            continue;
        }
        char c[2] = {*p, 0};
        buf_put(&seg, c);
    }
    if (seg.len)
        emit_line(E, "rt_log_str(g, %s);", emit_c_string(E, seg.s));
    buf_free(&seg);
}

/* hole_effect: the part of log hole h that may fail or draw a number:
   a card's name, field or state read of a card that may fail (top of a
   zone that may be empty) reads no more than the card does. */
static const IrNode *hole_effect(const IrNode *h)
{
    while ((h->op == IR_CARD_NAME || ((h->op == IR_CARD_FIELD || h->op == IR_CARD_STATE) &&
                                      h->card.check != IR_CHECK_KIND)) && h->nkids == 1)
        h = h->kids[0];
    return h;
}

/* emit_log: `log "..."`. Without a log kept it writes nothing: a hole
   that may fail or draw a number is still evaluated, in order (into a
   volatile local, so that the C compiler keeps a call it deems pure),
   the rest is skipped. A statement with such a hole that aggregates
   (which would be written twice, as two helper functions) is written
   once, for a log or not. */
void emit_log(Emit *E, const IrNode *s)
{
    int effects = (s->facts & (IR_FACT_MAY_FAIL | IR_FACT_RANDOM)) != 0, twice = effects;
    for (int i = 0; i < s->nkids; i++)
        if ((s->kids[i]->facts & (IR_FACT_MAY_FAIL | IR_FACT_RANDOM)) && ir_has_aggregate(s->kids[i]))
            twice = 0;
    if (effects && !twice) {
        emit_line(E, "rt_log_begin(g);");
        emit_text_pieces(E, s);
        emit_line(E, s->aux ? "rt_log_announce(g);" : "rt_log_end(g);");
        emit_check_fail(E);
        return;
    }
    emit_line(E, "if (rt_logging(g)) {");
    E->indent++;
    emit_line(E, "rt_log_begin(g);");
    emit_text_pieces(E, s);
    emit_line(E, s->aux ? "rt_log_announce(g);" : "rt_log_end(g);");
    E->indent--;
    if (twice) {
        emit_line(E, "} else {");
        E->indent++;
        for (int i = 0; i < s->nkids; i++) {
            if (!(s->kids[i]->facts & (IR_FACT_MAY_FAIL | IR_FACT_RANDOM)))
                continue;
            const IrNode *h = hole_effect(s->kids[i]);
            const char *x = emit_expr(E, h);
            if (h->type.base == T_TEXT)
                emit_line(E, "{ const char *volatile hole = %s; (void)hole; }", x);
            else
                emit_line(E, "{ volatile RtValue hole = %s; (void)hole; }", x);
        }
        E->indent--;
    }
    emit_line(E, "}");
    emit_check_fail(E);
}

/* emit_label: the formatting of a label or prompt with holes (fmt) for
   slot (a C expression: the option's index, or RT_PROMPT_SLOT), made
   only while the log is on (tested inline first: a simulation makes no
   call); tpl is the template's string index. A hole that fails does not
   fail the game (rt_label_begin), so no check follows. */
void emit_label(Emit *E, const IrNode *fmt, const char *slot, int tpl)
{
    int fallible = E->fallible;
    emit_line(E, "if (rt_logging(g) && rt_label_begin(g, %s, %d)) {", slot, tpl);
    E->indent++;
    emit_text_pieces(E, fmt);
    emit_line(E, "rt_label_end(g);");
    E->indent--;
    emit_line(E, "}");
    E->fallible = fallible;
}

/* emit_prompt_string: the string index of a decision's prompt: fmt's
   template, or dflt when the statement has no `prompt`. */
int emit_prompt_string(Emit *E, const IrNode *fmt, int dflt)
{
    return fmt ? model_string((Model *)E->m, fmt->text) : dflt;
}

/* emit_prompt: after rt_choose_begin, the formatting of a prompt with
   holes (nothing for none, or one without holes). */
void emit_prompt(Emit *E, const IrNode *fmt)
{
    if (fmt && fmt->nkids > 0)
        emit_label(E, fmt, "RT_PROMPT_SLOT", model_string((Model *)E->m, fmt->text));
}

/* emit_eliminate: `eliminate P`. */
void emit_eliminate(Emit *E, const IrNode *s)
{
    const char *player = emit_expr(E, s->kids[0]);   /* before the site: see emit_site */
    emit_line(E, "rt_eliminate(g, %s, %d);", player, emit_site(E, s->loc));
    E->fallible = 1;
}
