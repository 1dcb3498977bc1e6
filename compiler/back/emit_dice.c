/* emit_dice.c: the C of dice beyond a face of one symbol (docs/language.md
   "Dice"): how many of a symbol a face shows (`d.hit`, through Count_<enum>
   and the Counts_<die> tables of dice whose faces show several symbols),
   and the roll of dice of several kinds (Roll_any: each die rolls its own
   faces). Helpers are written only when the game's code uses them. */
#include "emit_internal.h"

/* emit_face_count: the C expression of `d.hit` (IR_FACE_COUNT n). */
const char *emit_face_count(Emit *E, const IrNode *n)
{
    E->uses_count[n->aux] = 1;
    E->fallible = 1;
    const char *die = emit_expr(E, n->kids[0]);   /* before the site: see emit_site */
    return arena_printf(E->a, "Count_%s(g, %s, %s, %d)", E->m->enums[n->aux].name, die,
                        emit_enum_value(E, n->aux, n->index), emit_site(E, n->loc));
}

/* emit_roll_any: `roll X` (IR_ROLL s) for dice whose kind is not known
   here: every die of zone X, or die X, rolls its own faces. */
void emit_roll_any(Emit *E, const IrNode *s)
{
    E->uses_roll_any = 1;
    const char *x = emit_expr(E, s->kids[0]);
    int site = emit_site(E, s->loc);
    emit_line(E, "{");
    E->indent++;
    if (s->kids[0]->type.base == T_ZONE) {
        emit_line(E, "RtValue zone = %s;", x);
        emit_line(E, "for (int i = 0; i < rt_zone_size(g, zone) && !rt_check(g); i++)");
        emit_line(E, "    Roll_any(g, rt_zone_at(g, zone, i), %d);", site);
    } else {
        emit_line(E, "Roll_any(g, %s, %d);", x, site);
    }
    E->indent--;
    emit_line(E, "}");
    emit_line(E, "if (rt_check(g)) return RT_END;");
}

/* counts_table: Counts_<die>, the symbols' counts of each face of die
   kind k (a die whose faces show several symbols). */
static void counts_table(Emit *E, Buf *out, const MKind *kd)
{
    const MEnum *en = &E->m->enums[kd->symbols];
    buf_printf(out, "/* %s:%d: the symbols each face of %s shows (", emit_file_of(E, kd->loc), kd->loc.line, kd->name);
    for (int s = 0; s < en->nvalues; s++)
        buf_printf(out, "%s%s", s ? ", " : "", en->values[s]);
    int rows = E->m->enums[kd->fields[0].enum_index].nvalues;   /* its different faces */
    buf_printf(out, ") */\nstatic const int32_t Counts_%s[%d][%d] = {\n", kd->name, rows, en->nvalues);
    for (int f = 0; f < rows; f++) {
        buf_put(out, "    {");
        for (int s = 0; s < en->nvalues; s++)
            buf_printf(out, "%s %d", s ? "," : "", (int)kd->counts[f * en->nvalues + s]);
        buf_put(out, " },\n");
    }
    buf_put(out, "};\n");
}

/* count_helper: Count_<enum>: how many of symbol sym the face of die
   shows, for every die kind whose faces show enum e's symbols. Inline,
   with the kinds whose faces show one symbol each in one case: a chain of
   counts of one die (`if d.hit > 0 ... else if d.miss > 0 ...`) reads the
   die's kind and face once. */
static void count_helper(Emit *E, Buf *out, int e)
{
    const Model *m = E->m;
    for (int k = 0; k < m->nkinds; k++)
        if (m->kinds[k].is_die && m->kinds[k].symbols == e && m->kinds[k].counts)
            counts_table(E, out, &m->kinds[k]);
    const char *name = m->enums[e].name;
    buf_printf(out, "/* Count_%s: how many of symbol sym the face of die shows; a card that is\n"
                    "   not a die of these symbols fails the game at site (Count_%s_fail) */\n"
                    "RT_NOINLINE static RtValue Count_%s_fail(RtGame *g, int site)\n{\n"
                    "    (void)rt_fail(g, site, \"this card is not a die that shows these symbols\");\n"
                    "    return 0;\n}\n"
                    "static inline RtValue Count_%s(RtGame *g, RtValue die, int sym, int site)\n{\n"
                    "    switch (rt_card_kind(g, die)) {\n", name, name, name, name);
    int single = 0;
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (kd->is_die && kd->symbols == e && !kd->counts) {
            buf_printf(out, "    case %s:\n", emit_kind_enum(E, k));
            single = 1;
        }
    }
    if (single)
        buf_put(out, "        return rt__state(g, die, 0) == sym;\n");
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (!kd->is_die || kd->symbols != e || !kd->counts)
            continue;
        buf_printf(out, "    case %s: {\n        RtValue face = rt__state(g, die, 0);\n", emit_kind_enum(E, k));
        buf_printf(out, "        return (uint32_t)face < %du && (uint32_t)sym < %du ? Counts_%s[face][sym] : 0;\n    }\n",
                   m->enums[kd->fields[0].enum_index].nvalues, m->enums[e].nvalues, kd->name);
    }
    buf_printf(out, "    default:\n"
                    "        return Count_%s_fail(g, site);\n    }\n}\n\n", name);
}

/* roll_helper: Roll_any: die rolls its own kind's faces; a card that is
   not a die fails the game at site. */
static void roll_helper(Emit *E, Buf *out)
{
    const Model *m = E->m;
    buf_put(out, "/* Roll_any: die gets a random face of its kind; a card that is not a die\n"
                 "   fails the game at site */\n"
                 "static void Roll_any(RtGame *g, RtValue die, int site)\n{\n"
                 "    switch (rt_card_kind(g, die)) {\n");
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (!kd->is_die)
            continue;
        buf_printf(out, "    case %s:\n        rt_set_card_state(g, die, %s, 0, Faces_%s[rt_random(g, %du)], site);\n"
                        "        return;\n", emit_kind_enum(E, k), emit_kind_enum(E, k), kd->name, kd->nfaces);
    }
    buf_put(out, "    default:\n"
                 "        (void)rt_fail(g, site, \"only dice can be rolled\");\n"
                 "    }\n}\n\n");
}

/* emit_dice_helpers: the helpers the game's code uses, after the Faces_
   tables and before the code. */
void emit_dice_helpers(Emit *E, Buf *out)
{
    for (int e = 0; e < E->m->nenums; e++)
        if (E->uses_count[e])
            count_helper(E, out, e);
    if (E->uses_roll_any)
        roll_helper(E, out);
}
