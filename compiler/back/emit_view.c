/* emit_view.c: the play screen's data of a game (RtViewDef, docs/runtime.md
   "The play screen"): a wrapper for each function the game's `view` shows,
   the flags of the variables and zones it leaves off, and each card's
   printed fields and text, read through model_value_text. Every text is
   written through emit_c_string (escaped). */
#include "emit_internal.h"

#include <string.h>

#include "model_value.h"

/* field_text: card c's value of data field f as the screen prints it (a
   side by its title), or NULL (absent, an ability). Arena-owned. */
static const char *field_text(Emit *E, const MCard *c, const MField *f)
{
    const MValue *v = &c->values[f->index];
    if (f->type == TY_SIDE && v->present && v->ival >= 0 && v->ival < E->m->nsides && E->m->side_titles[v->ival])
        return E->m->side_titles[v->ival];
    return model_value_text(E->m, E->a, f, v);
}

/* card_face: card c's printed fields: its data fields but text and
   abilities ("value 3, character true") into *fields, its text fields
   (joined by " / ") into *texts, in declaration order (in E's arena). */
static void card_face(Emit *E, int c, const char **fields, const char **texts)
{
    const MCard *card = &E->m->cards[c];
    const MKind *k = &E->m->kinds[card->kind];
    Buf f = {0}, t = {0};
    buf_put(&f, "");
    buf_put(&t, "");
    for (int i = 0; i < k->nfields; i++) {
        const MField *fd = &k->fields[i];
        if (fd->is_state || fd->type == TY_ABILITY)
            continue;
        const char *x = field_text(E, card, fd);
        if (!x)
            continue;
        if (fd->type == TY_TEXT) {
            if (*x)
                buf_printf(&t, "%s%s", t.len ? " / " : "", x);
        } else {
            buf_printf(&f, "%s%s %s", f.len ? ", " : "", fd->name, x);
        }
    }
    *fields = arena_strdup(E->a, f.s);
    *texts = arena_strdup(E->a, t.s);
    buf_free(&f);
    buf_free(&t);
}

/* card_faces: the Card_fields and Card_texts tables of variant v (v < 0:
   every card's own; suffix names them: "" or "_<variant>"), one entry per
   card, as card_face prints the data the card has in v. */
static void card_faces(Emit *E, Buf *out, int v, const char *suffix, const char *const *fields,
                       const char *const *texts)
{
    const Model *m = E->m;
    const int *data = emit_card_data_of(E, v);
    for (int table = 0; table < 2; table++) {
        buf_printf(out, "static const char *const Card_%s%s[] = {\n", table ? "texts" : "fields", suffix);
        for (int c = 0; c < m->ncards; c++)
            buf_printf(out, "    %s,\n", emit_c_string(E, (table ? texts : fields)[data[c]]));
        if (!m->ncards)
            buf_put(out, "    \"\",\n");
        buf_put(out, "};\n\n");
    }
}

/* hidden_flags: NAME[] = the view_hidden flag of each of n items (at
   stride bytes from flags0), or nothing when none is set; the C
   expression naming the table ("NULL" when none). */
static const char *hidden_flags(Buf *out, const char *name, const int *flags0, size_t stride, int n)
{
    int any = 0;
    for (int i = 0; i < n; i++)
        any |= *(const int *)((const char *)flags0 + stride * (size_t)i);
    if (!any)
        return "NULL";
    buf_printf(out, "static const uint8_t %s[] = {", name);
    for (int i = 0; i < n; i++)
        buf_printf(out, "%s%d", i ? ", " : " ", *(const int *)((const char *)flags0 + stride * (size_t)i));
    buf_put(out, " };\n\n");
    return name;
}

void emit_view(Emit *E, Buf *out)
{
    const Model *m = E->m;
    for (int v = 0; v < m->nviews; v++) {
        const MView *w = &m->views[v];
        buf_printf(out, "/* the view's %s%s: function %s */\n", w->name, w->per_player ? " of each player" : "", w->name);
        buf_printf(out, "static RtValue ViewFn_%s(RtGame *g, RtValue p)\n{\n", w->name);
        buf_put(out, "    RtFrame frame = { 0, 0, 0, RT_NONE };\n    frame.me = p;\n");
        buf_printf(out, "    return Fn_%s(g, &frame%s);\n}\n\n", m->units[w->unit].name, w->per_player ? ", p" : "");
    }
    if (m->nviews) {
        buf_put(out, "static const RtViewValue View_values[] = {\n");
        for (int v = 0; v < m->nviews; v++) {
            const MView *w = &m->views[v];
            buf_printf(out, "    { %s, %d, %s, ViewFn_%s },\n", emit_c_string(E, w->name), w->per_player,
                       emit_rt_type(E, m->units[w->unit].result), w->name);
        }
        buf_put(out, "};\n\n");
    }
    const char *vars = m->nvars ? hidden_flags(out, "View_var_hidden", &m->vars[0].view_hidden, sizeof m->vars[0], m->nvars)
                                : "NULL";
    const char *zones = hidden_flags(out, "View_zone_hidden", &m->zones[0].view_hidden, sizeof m->zones[0], m->nzones);
    const char **fields = arena_alloc(E->a, sizeof *fields * (size_t)(m->ncards + 1));
    const char **texts = arena_alloc(E->a, sizeof *texts * (size_t)(m->ncards + 1));
    for (int c = 0; c < m->ncards; c++)
        card_face(E, c, &fields[c], &texts[c]);
    for (int v = 0; v < m->nvariants; v++) {   /* the game's, then each variant's that gives cards new data */
        if (v > 0 && !emit_variant_changes(m, v))
            continue;
        const char *suffix = v ? arena_printf(E->a, "_%s", m->variants[v].name) : "";
        card_faces(E, out, v ? v : -1, suffix, fields, texts);
        if (v == 0)
            buf_put(out, "/* what the play screen shows (docs/runtime.md \"The play screen\") */\n");
        buf_printf(out, "static const RtViewDef view%s = { %d, %s, %s, %s, Card_fields%s, Card_texts%s };\n\n", suffix,
                   m->nviews, m->nviews ? "View_values" : "NULL", vars, zones, suffix, suffix);
    }
}
