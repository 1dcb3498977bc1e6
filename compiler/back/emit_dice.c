/* emit_dice.c: the C of dice beyond a face of one symbol (docs/language.md
   "Dice"): how many of a symbol a face shows (`d.hit`, through Count_<enum>
   and the Counts_<die> tables of dice whose faces show several symbols),
   and the roll of dice of several kinds (Roll_any: each die rolls its own
   faces); and the moves, rolls and loops of interchangeable dice kept
   as counts (emit_dice_move_all, emit_dice_roll_counted, emit_dice_for). Helpers are written
   only when the game's code uses them. */
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

/* dice_cells: the C text "ZCELL at, LCELL at" of zone z of interchangeable
   dice (L its count by face): its count cell and its first count by face,
   plus at (dice_at) for a player's zone. */
static const char *dice_cells(Emit *E, const IrNode *z, const IrLive *L, const char *at)
{
    return arena_printf(E->a, "ZCELL_%s%s, LCELL_%d%s", E->m->zones[z->index].name, at, (int)(L - E->ir->lives) + 1, at);
}

/* dice_at: what to add to the cells of zone z of interchangeable dice: ""
   for a shared zone; for a player's, " + name", a local set here to the
   player's offset (rt_dice_at, -1 after failing the game for no player),
   and *ok its test (NULL for a shared zone). */
static const char *dice_at(Emit *E, const IrNode *z, const char *name, const char **ok)
{
    *ok = NULL;
    if (!E->m->zones[z->index].per_player)
        return "";
    const char *player = emit_bare(E, emit_expr(E, z->kids[0]));   /* before the site: see emit_site */
    emit_line(E, "ptrdiff_t %s = rt_dice_at(g, ZONE_%s, PLAYER_CELLS, %s, %d);", name, E->m->zones[z->index].name,
              player, emit_site(E, z->loc));
    *ok = arena_printf(E->a, "%s >= 0", name);
    return arena_printf(E->a, " + %s", name);
}

/* dice_if: opens `if (cond) {`; returns 1 (a block to close). */
static int dice_if(Emit *E, const char *cond)
{
    emit_line(E, "if (%s) {", cond);
    E->indent++;
    return 1;
}

/* dice_else: closes the open blocks inside a rule's counted block (a
   failure there stops the script when stop is set), then that block, and
   opens the block of a game kept as cards, which the caller closes. */
static void dice_else(Emit *E, int open, int stop)
{
    for (; open > 0; open--) {
        E->indent--;
        emit_line(E, "}");
    }
    if (stop)
        emit_line(E, "if (rt_check(g)) return RT_END;");
    E->indent--;
    emit_line(E, "} else {");
    E->indent++;
}

/* emit_dice_for: in a game that keeps them as counts (rt_counted), a loop over
   a zone of interchangeable dice (ir_dice.c) that moves them to another
   is one rt_dice_move, of the dice of the face its where names, or of
   any (its `up to` counter, left, has what the loop would leave), and one
   that rolls them one rt_dice_reroll. What the loop reads lazily is read
   where it would be: the face (when it may fail) at a die, with `up to`
   left; a player's zone it moves dice to at a die that moves. Opens the
   block of the other games, which the caller closes. */
void emit_dice_for(Emit *E, const IrNode *s, const char *left)
{
    const IrNode *from = s->kids[0], *face = s->kids[1] ? ir_dice_face(s->kids[1], s->index) : NULL;
    const IrNode *to = ir_dice_loop_roll(s) ? NULL : ir_dice_loop_move(s)->kids[1];
    const IrLive *L = emit_dice_zone(E, from), *T = to ? emit_dice_zone(E, to) : NULL;
    const char *zone = E->m->zones[from->index].name, *ok, *k = "-1", *at_to = "";
    int lazy_to = to && E->m->zones[to->index].per_player, open = 0, stop = lazy_to;
    emit_line(E, "if (rt_counted(g)) {");
    E->indent++;
    E->fallible = 0;
    const char *at = dice_at(E, from, "at_from", &ok);
    if (ok) {
        open += dice_if(E, ok);
        stop = 1;
    }
    const char *any = arena_printf(E->a, "rt_dice_count(g, ZCELL_%s%s) > 0%s", zone, at,
                                   left ? arena_printf(E->a, " && %s > 0", left) : "");
    if (face) {
        E->fallible = 0;
        const char *f = emit_bare(E, emit_expr(E, face));
        if (E->fallible || lazy_to)
            open += dice_if(E, any);
        emit_line(E, "int face_cell = rt_dice_cell(%s, %d, %d);", f, L->lo[0], L->ncells);
        emit_check_fail(E);
        k = "face_cell";
        if (lazy_to)
            open += dice_if(E, arena_printf(E->a, "rt_dice_count(g, LCELL_%d%s + face_cell) > 0", (int)(L - E->ir->lives) + 1, at));
    } else if (lazy_to) {
        open += dice_if(E, any);
    }
    if (lazy_to) {
        at_to = dice_at(E, to, "at_to", &ok);
        open += dice_if(E, ok);
    }
    if (!to) {
        const MKind *kd = &E->m->kinds[L->kind];
        emit_line(E, "rt_dice_reroll(g, %s, %d, %d, Faces_%s, %du, %s);", dice_cells(E, from, L, at), L->ncells, L->lo[0],
                  kd->name, kd->nfaces, k);
    } else {
        const char *cells = arena_printf(E->a, "%s, %s", dice_cells(E, from, L, at), dice_cells(E, to, T, at_to));
        if (left)
            emit_line(E, "%s = rt_dice_move(g, %s, %d, %s, %s);", left, cells, L->ncells, k, left);
        else if (face)
            emit_line(E, "(void)rt_dice_move(g, %s, %d, %s, INT32_MAX);", cells, L->ncells, k);
        else   /* every die */
            emit_line(E, "rt_dice_move_all(g, %s, %d);", cells, L->ncells);
    }
    dice_else(E, open, stop);
}

/* emit_dice_frame_reset: after a loop over interchangeable dice kept as cards,
   the frame locals the loop wrote (its variable; a snapshot's index and
   handle, temps) back to 0, as a game kept as counts, which never writes
   them, leaves them (a frame's locals start at 0): both ways' frames,
   and so their rt_hash, stay equal. */
void emit_dice_frame_reset(Emit *E, const IrNode *s, const char *const temps[2])
{
    emit_line(E, "%s   /* the frame as a game kept as counts leaves it */", emit_frame_reset(E, s->index));
    for (int i = 0; i < 2; i++)
        if (temps[i])
            emit_line(E, "%s = 0;", temps[i]);
}

/* emit_dice_move_all: `move Z to Z2` of interchangeable dice (zones z and
   to, counted as L and T) in a game that keeps them as counts: one count
   added to another; opens the block of a game kept as cards, which the
   caller closes. */
void emit_dice_move_all(Emit *E, const IrNode *z, const IrLive *L, const IrNode *to, const IrLive *T)
{
    emit_line(E, "if (rt_counted(g)) {");
    E->indent++;
    const char *ok_from, *ok_to, *at_from = dice_at(E, z, "at_from", &ok_from), *at_to = dice_at(E, to, "at_to", &ok_to);
    const char *ok = ok_from && ok_to ? arena_printf(E->a, "%s && %s", ok_from, ok_to) : ok_from ? ok_from : ok_to;
    int open = ok ? dice_if(E, ok) : 0;
    emit_line(E, "rt_dice_move_all(g, %s, %s, %d);", dice_cells(E, z, L, at_from), dice_cells(E, to, T, at_to), L->ncells);
    dice_else(E, open, open);
}

/* emit_dice_roll_counted: `roll Z` of interchangeable dice of kind kd
   (zone z, counted as L) in a game that keeps them as counts; opens the
   block of a game kept as cards, which the caller closes. */
void emit_dice_roll_counted(Emit *E, const IrNode *z, const IrLive *L, const MKind *kd)
{
    emit_line(E, "if (rt_counted(g)) {");
    E->indent++;
    const char *ok, *at = dice_at(E, z, "at_zone", &ok);
    int open = ok ? dice_if(E, ok) : 0;
    emit_line(E, "rt_dice_roll(g, %s, %d, %d, Faces_%s, %du);", dice_cells(E, z, L, at), L->ncells, L->lo[0], kd->name,
              kd->nfaces);
    dice_else(E, open, 0);   /* roll's end tests the game */
}
