/* emit_view.c: the play screen's data of a game (RtViewDef, docs/runtime.md
   "The play screen"): a wrapper for each function the game's `view` shows,
   the maps it shows space by space,
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

/* map_order: the spaces of map view w as shown: grouped by its field (the
   groups in the order of the field's values, the spaces with none last),
   in the map's order within a group; each position's group title in
   titles[] ("" for none). */
static void map_order(Emit *E, const MViewMap *w, int *order, const char **titles)
{
    const Model *m = E->m;
    const MGraph *G = &m->graphs[w->graph];
    const MField *f = w->group_field >= 0 ? &m->kinds[G->kind].fields[w->group_field] : NULL;
    int n = 0;
    for (int s = 0; s < G->nspaces; s++)
        order[n++] = s;
    for (int i = 1; i < n; i++)   /* a stable insertion sort by the field's value, absent last */
        for (int j = i; j > 0 && f; j--) {
            const MValue *a = &m->cards[G->space_card[order[j - 1]]].values[f->index];
            const MValue *b = &m->cards[G->space_card[order[j]]].values[f->index];
            int later = a->present && (!b->present || b->ival >= a->ival);
            if (later)
                break;
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; i < n; i++)
        titles[i] = f ? model_value_title(m, E->a, f, &m->cards[G->space_card[order[i]]].values[f->index]) : "";
}

/* emit_view_maps: the tables of each map the view shows (RtViewMap), a
   wrapper for each function an item shows, and View_maps; "NULL" when
   there are none, else "View_maps". */
static const char *emit_view_maps(Emit *E, Buf *out)
{
    const Model *m = E->m;
    if (!m->nview_maps)
        return "NULL";
    for (int v = 0; v < m->nview_maps; v++) {
        const MViewMap *w = &m->view_maps[v];
        const MGraph *G = &m->graphs[w->graph];
        for (int k = 0; k < w->nitems; k++) {
            const MViewMapItem *it = &w->items[k];
            int done = it->unit < 0;
            for (int u = 0; u <= v && !done; u++)
                for (int j = 0; j < (u < v ? m->view_maps[u].nitems : k) && !done; j++)
                    done = m->view_maps[u].items[j].unit == it->unit;
            if (done)
                continue;
            buf_printf(out, "/* the view's map: function %s of each space */\n", it->name);
            buf_printf(out, "static RtValue ViewMapFn_%s(RtGame *g, RtValue s)\n{\n", it->name);
            buf_put(out, "    RtFrame frame = { 0, 0, 0, RT_NONE };\n");
            buf_printf(out, "    return Fn_%s(g, &frame, s);\n}\n\n", m->units[it->unit].name);
        }
        int *order = arena_alloc(E->a, sizeof *order * (size_t)(G->nspaces + 1));
        const char **titles = arena_alloc(E->a, sizeof *titles * (size_t)(G->nspaces + 1));
        map_order(E, w, order, titles);
        buf_printf(out, "static const RtViewMapItem ViewMapItems_%s[] = {\n", G->name);
        for (int k = 0; k < w->nitems; k++) {
            const MViewMapItem *it = &w->items[k];
            if (it->zone >= 0)
                buf_printf(out, "    { %s, ZONE_%s, 0, NULL },\n", emit_c_string(E, it->name),
                           m->zones[m->zones[it->zone].space_first].name);
            else
                buf_printf(out, "    { %s, -1, %s, ViewMapFn_%s },\n", emit_c_string(E, it->name),
                           emit_rt_type(E, m->units[it->unit].result), it->name);
        }
        if (!w->nitems)
            buf_put(out, "    { \"\", -1, 0, NULL },\n");
        buf_put(out, "};\n");
        buf_printf(out, "static const int16_t ViewMapOrder_%s[] = {", G->name);
        for (int i = 0; i < G->nspaces; i++)
            buf_printf(out, "%s%d", i ? ", " : " ", order[i]);
        buf_printf(out, "%s };\n", G->nspaces ? "" : " -1");
        buf_printf(out, "static const int32_t ViewMapCard_%s[] = {", G->name);
        for (int i = 0; i < G->nspaces; i++)
            buf_printf(out, "%s%d", i ? ", " : " ", G->space_card[i]);
        buf_printf(out, "%s };\n", G->nspaces ? "" : " -1");
        buf_printf(out, "static const char *const ViewMapGroup_%s[] = {", G->name);
        for (int i = 0; i < G->nspaces; i++)
            buf_printf(out, "%s%s", i ? ", " : " ", emit_c_string(E, titles[i]));
        buf_printf(out, "%s };\n\n", G->nspaces ? "" : " \"\"");
    }
    buf_put(out, "static const RtViewMap View_maps[] = {\n");
    for (int v = 0; v < m->nview_maps; v++) {
        const MGraph *G = &m->graphs[m->view_maps[v].graph];
        buf_printf(out, "    { %s, %d, ViewMapOrder_%s, ViewMapCard_%s, ViewMapGroup_%s, %d, ViewMapItems_%s },\n",
                   emit_c_string(E, G->title ? G->title : G->name), G->nspaces, G->name, G->name, G->name,
                   m->view_maps[v].nitems, G->name);
    }
    buf_put(out, "};\n\n");
    return "View_maps";
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
    const char *maps = emit_view_maps(E, out);
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
        buf_printf(out, "static const RtViewDef view%s = { %d, %s, %s, %s, Card_fields%s, Card_texts%s, %d, %s };\n\n",
                   suffix, m->nviews, m->nviews ? "View_values" : "NULL", vars, zones, suffix, suffix, m->nview_maps, maps);
    }
}
