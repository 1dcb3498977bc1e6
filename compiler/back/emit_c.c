/* emit_c.c: the C back end: the const tables, the state's layout and the
   game descriptors, written deterministically from the checked Model; the
   units' code comes from the IR (emit_expr.c, emit_stmt.c). Also the
   names, text escaping and the site table every part of the back end
   shares (emit_internal.h). */
#include "emit_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"

/* ---- names and escaping -------------------------------------------------------- */

/* Names (docs/runtime.md, "Names and text in the generated C"): every
   name from the sources is written behind a fixed prefix for its kind of
   name, so that it can be no C keyword, macro or library name, no name of
   the runtime's (rt_, RT_, Rt) and no name of the generator's own:
     file scope, all beginning with a capital: SIDE_ KIND_ ZONE_ ZCELL_
       VAR_ VCELL_ CONST_ ENUM_ (enum values), Rows_ Faces_ StateNames_
       StateDefaults_ StateTypes_ StateKeep_ (kinds), Values_ Matches_
       (enums), Graph_ GraphSpace_ GraphCard_ GraphFirst_ GraphAdj_
       (maps), Zone_ (zones per space), Copies_ Consts_ (variants), Fn_ Memo_ (functions),
       Script_ Agg<n>_ (units, by their unique C name), Text_<n> (long
       text); struct tags Row_ (kinds) and Locals_ (units);
     struct members: fd_ (fields), v_ (locals); block scope: v_ (params),
       it_ (loop variables).
   No prefix is the beginning of another, and the generator's own names
   (g, f, L, ob, zc, i, n, acc, memo1, layout, cards, gs, gn, avoid
   ...) begin with none,
   so two source names never meet in one C name. The exported names are
   the game id's (id_game, id_variant_v, id_variants, id_variant_count):
   the checker requires an id beginning with a lower-case letter and not
   rt_, and no variant named count. */

/* emit_lname: the C name of local (or param) slot name s: v_s. */
const char *emit_lname(Emit *E, const char *s) { return arena_printf(E->a, "v_%s", s); }

/* emit_fname: the C member name of field s: fd_s. */
const char *emit_fname(Emit *E, const char *s) { return arena_printf(E->a, "fd_%s", s); }

/* Text (docs/runtime.md, "Names and text in the generated C"): source
   text reaches the C only as a string literal, every byte escaped as
   needed (trigraphs broken), of at most TEXT_INLINE_MAX characters
   between its quotes (C11 5.2.4.1 allows 4095), or else as a char array
   Text_<n> of escaped char constants, defined before any use; and in a
   comment only as the characters of COMMENT_SAFE, anything else (each
   UTF-8 character) written as one '_', cut at COMMENT_MAX. */
enum { TEXT_INLINE_MAX = 1000, COMMENT_MAX = 100 };
static const char COMMENT_SAFE[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _.,:-/";

/* escape_byte: byte c (followed by next) as it is written inside a
   literal whose quote is q, into t (at least 5 bytes). */
static void escape_byte(unsigned char c, unsigned char next, char q, char *t)
{
    if (c == (unsigned char)q || c == '\\')
        snprintf(t, 5, "\\%c", c);
    else if (c == '\n')
        snprintf(t, 5, "\\n");
    else if (c == '\t')
        snprintf(t, 5, "\\t");
    else if (c == '?' && next == '?')
        snprintf(t, 5, "?\\");   /* break trigraphs: ?\? */
    else if (c < 0x20 || c >= 0x7F)
        snprintf(t, 5, "\\%03o", c);
    else
        snprintf(t, 5, "%c", c);
}

/* emit_c_string: the C text of string s: a literal, or the name of a char
   array added to E->texts when the literal would be too long (arena-owned). */
const char *emit_c_string(Emit *E, const char *s)
{
    Buf b = {0};
    char t[5];
    buf_put(&b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        escape_byte(*p, p[1], '"', t);
        buf_put(&b, t);
    }
    buf_put(&b, "\"");
    const char *r;
    if (b.len - 2 <= TEXT_INLINE_MAX || !E->texts) {
        r = arena_strdup(E->a, b.s);
    } else {
        r = arena_printf(E->a, "Text_%d", ++E->ntexts);
        buf_printf(E->texts, "static const char %s[] = {", r);
        int k = 0;
        for (const unsigned char *p = (const unsigned char *)s;; p++, k++) {
            escape_byte(*p, 0, '\'', t);
            buf_printf(E->texts, "%s'%s',", k % 16 ? " " : "\n    ", *p ? t : "\\0");
            if (!*p)
                break;
        }
        buf_put(E->texts, "\n};\n");
    }
    buf_free(&b);
    return r;
}

/* emit_c_comment: s as comment text: COMMENT_SAFE characters, any other
   character (a UTF-8 sequence counts as one) written '_', at most
   COMMENT_MAX of them, then "..." (arena-owned). */
const char *emit_c_comment(Arena *a, const char *s)
{
    char *o = arena_alloc(a, COMMENT_MAX + 4);
    size_t j = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x80 && (*p & 0xC0) == 0x80 && p > (const unsigned char *)s && p[-1] >= 0x80)
            continue;   /* a UTF-8 continuation byte: its character is written already */
        if (j == COMMENT_MAX) {
            memcpy(o + j, "...", 3);
            j += 3;
            break;
        }
        o[j++] = strchr(COMMENT_SAFE, *p) ? (char)*p : '_';
    }
    o[j] = '\0';
    return o;
}

/* emit_file_of: the path of loc's file, as comment text; file_path: as it is. */
static const char *file_path(const Emit *E, Loc loc)
{
    if (loc.file >= 0 && loc.file < E->nfiles)
        return E->files[loc.file];
    return "?";
}
const char *emit_file_of(const Emit *E, Loc loc) { return emit_c_comment(E->a, file_path(E, loc)); }

/* emit_site: a new entry for loc in the site table, and its index: the small
   constant a primitive that may fail is given. One entry per use, in the
   order of the code, so that the same rules give the same numbers from
   every front end (a YAML export keeps lines, not columns: only the
   table's columns differ, docs/formats.md). */
int emit_site(Emit *E, Loc loc)
{
    if (E->nsites == E->capsites) {
        int cap = E->capsites ? 2 * E->capsites : 64;
        Loc *n = arena_alloc(E->a, sizeof *n * (size_t)cap);
        if (E->nsites)
            memcpy(n, E->sites, sizeof *n * (size_t)E->nsites);
        E->sites = n;
        E->capsites = cap;
    }
    E->sites[E->nsites] = loc;
    return E->nsites++;
}

const char *emit_enum_value(Emit *E, int e, int v)
{
    const MEnum *en = &E->m->enums[e];
    if (v < 0 || v >= en->nvalues)
        return "RT_NONE";
    if (en->die_faces)   /* a die's faces ("hit x2 + focus") are no names: their positions */
        return arena_printf(E->a, "%d", v);
    return arena_printf(E->a, "ENUM_%s", en->values[v]);
}

const char *emit_kind_enum(Emit *E, int k) { return arena_printf(E->a, "KIND_%s", E->m->kinds[k].name); }

/* ---- source lines ------------------------------------------------------------------- */

/* line_literal: path as the string literal of a #line directive (escaped
   as any text; NULL when longer than a literal may be). */
static const char *line_literal(Emit *E, const char *path)
{
    Buf *texts = E->texts;
    E->texts = NULL;   /* a literal, never a Text_ array */
    const char *lit = emit_c_string(E, path);
    E->texts = texts;
    return strlen(lit) - 2 <= TEXT_INLINE_MAX ? lit : NULL;
}

void emit_source_line(Emit *E, Loc loc)
{
    if (!E->line_files || loc.file < 0 || loc.file >= E->nfiles || !E->line_files[loc.file] || loc.line < 1)
        return;
    for (int i = 0; i < E->indent; i++)
        buf_put(E->body, "    ");
    buf_printf(E->body, "#line %d %s\n", loc.line, E->line_files[loc.file]);
}

char *emit_lines_back(Arena *a, const char *text, const char *id)
{
    Buf out = {0};
    size_t marker = strlen(EMIT_LINE_BACK);
    int line = 1;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (n >= marker && strncmp(p, EMIT_LINE_BACK, marker) == 0 && (p[marker] == '\n' || p[marker] == '\0'))
            buf_printf(&out, "#line %d \"%s.c\"\n", line + 1, id);
        else
            buf_putn(&out, p, n);
        line++;
        p += n;
    }
    return buf_take(&out, a);
}

/* ---- tables and descriptors --------------------------------------------------------- */

/* emit_cell_shape: the shape of a card's cells as constants for the
   inline primitives (cardrt.h): CARDRT_MAXSTATE, the most state slots any
   kind has (the runtime's maxstate), CARDRT_NO_KEEP when no kind keeps
   a slot across moves, and CARDRT_PLAYERS for a game of one player count
   (the runtime makes no game of another). */
static void emit_cell_shape(const Model *m, Buf *out)
{
    int maxstate = 0, keeps = 0;
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (kd->nstate > maxstate)
            maxstate = kd->nstate;
        for (int f = 0; f < kd->nfields; f++)
            keeps |= kd->fields[f].is_state && kd->fields[f].keep;
    }
    buf_printf(out, "#define CARDRT_MAXSTATE %d\n", maxstate);
    if (!keeps)
        buf_put(out, "#define CARDRT_NO_KEEP 1\n");
    if (m->min_players == m->max_players)   /* `players N`: the count is a constant (RT__NPLAYERS) */
        buf_printf(out, "#define CARDRT_PLAYERS %d\n", m->min_players);
}

static const char *ctype_of_field(AstType t)
{
    switch (t) {
    case TY_TEXT: return "const char *";
    case TY_ABILITY: return "int ";
    default: return "RtValue ";
    }
}

/* row_value: the C initializer of data field fd's value v in a row. */
static const char *row_value(Emit *E, const MField *fd, const MValue *v)
{
    const Model *m = E->m;
    switch (fd->type) {
    case TY_TEXT:
        return v->present && v->text ? emit_c_string(E, v->text) : "\"\"";
    case TY_ABILITY:
        return arena_printf(E->a, "%d", v->present && v->script >= 0 ? E->script_of_unit[v->script] : -1);
    case TY_NAMED:
        return v->present ? emit_enum_value(E, fd->enum_index, v->ival) : "RT_NONE";
    case TY_SIDE:
        if (v->present && v->ival >= 0 && v->ival < m->nsides)
            return arena_printf(E->a, "SIDE_%s", m->side_names[v->ival]);
        return "RT_NONE";
    default:
        return arena_printf(E->a, "%d", v->present ? (int)v->ival : 0);
    }
}

/* The most entries a kind's table of its instances may have: past it the
   kind's data is read by row (a table of rows the size of many instances
   would crowd the cache). */
enum { INST_ROWS_MAX = 4096 };

/* inst_rows_of: kind k's row of each card instance in variant v as
   E->inst_rows keeps it (1 + the instance; entry 0 is row 0, what a read
   of no card gives; -1 for another kind's instance), into *n entries;
   NULL when k has no data but texts or no cards, or the table would be
   too large. */
static int32_t *inst_rows_of(Emit *E, int k, int v, int *n)
{
    const Model *m = E->m;
    const MKind *kd = &m->kinds[k];
    int ncards_k = 0, nfields = 0, ninst = 0;
    *n = 0;
    for (int c = 0; c < m->ncards; c++)
        ncards_k += m->cards[c].kind == k;
    for (int f = 0; f < kd->nfields; f++)
        nfields += !kd->fields[f].is_state && kd->fields[f].type != TY_TEXT;
    for (int c = 0; c < m->ncards; c++)
        ninst += m->variants[v].copies[c];
    if (nfields == 0 || ncards_k == 0 || 1 + ninst > INST_ROWS_MAX)
        return NULL;
    const int *data = emit_card_data_of(E, v);
    int32_t *rows = arena_alloc(E->a, sizeof *rows * (size_t)(1 + ninst));
    rows[0] = 0;
    for (int c = 0, i = 1; c < m->ncards; c++)
        for (int j = 0; j < m->variants[v].copies[c]; j++, i++)
            rows[i] = m->cards[c].kind == k ? m->cards[data[c]].row : -1;
    *n = 1 + ninst;
    return rows;
}

/* inst_tables: E->inst_rows of every kind and variant; a kind has tables
   only when every variant has one. */
static void inst_tables(Emit *E)
{
    const Model *m = E->m;
    size_t n = (size_t)m->nkinds * (size_t)m->nvariants + 1;
    E->inst_rows = arena_alloc(E->a, sizeof *E->inst_rows * n);
    E->ninst_rows = arena_alloc(E->a, sizeof *E->ninst_rows * n);
    for (int k = 0; k < m->nkinds; k++) {
        int all = 1;
        for (int v = 0; v < m->nvariants; v++) {
            int at = k * m->nvariants + v;
            E->inst_rows[at] = inst_rows_of(E, k, v, &E->ninst_rows[at]);
            all &= E->inst_rows[at] != NULL;
        }
        if (!all)
            E->inst_rows[k * m->nvariants] = NULL;
    }
    /* the variants' tables numbered in order, a variant with the same
       table as an earlier one getting its number */
    E->inst_table = arena_alloc(E->a, sizeof *E->inst_table * n);
    for (int k = 0; k < m->nkinds; k++) {
        const int32_t **rows = E->inst_rows + k * m->nvariants;
        const int *nrows = E->ninst_rows + k * m->nvariants;
        int *number = E->inst_table + k * m->nvariants;
        for (int v = 0, tables = 0; v < m->nvariants; v++) {
            int w = 0;   /* the first variant with the same table */
            while (w < v && !(rows[v] && rows[w] && nrows[w] == nrows[v] &&
                              memcmp(rows[w], rows[v], sizeof(int32_t) * (size_t)nrows[v]) == 0))
                w++;
            number[v] = w < v ? number[w] : tables++;
        }
    }
}

/* inst_table_of: the number of variant v's table of kind k's data by
   instance (Insts_<kind>_<number>, E->inst_table). */
static int inst_table_of(const Emit *E, int k, int v)
{
    return E->inst_table[k * E->m->nvariants + v];
}

/* emit_inst_tables: kind k's data by card instance, when it has tables
   (E->inst_rows): struct Inst_<kind>, its data fields but texts;
   Insts_<kind>_<number>, one entry per entry of a variant's rows (one
   table for variants with the same: inst_table_of); and Inst_<kind>(g,
   card), the entry of card in the game's variant (docs/compiler.md "Card
   data by instance"). */
static void emit_inst_tables(Emit *E, Buf *out, int k)
{
    const Model *m = E->m;
    const MKind *kd = &m->kinds[k];
    if (!E->inst_rows[k * m->nvariants])
        return;
    const MCard **by_row = arena_alloc(E->a, sizeof *by_row * (size_t)(m->ncards + 1));
    for (int c = 0; c < m->ncards; c++)
        if (m->cards[c].kind == k)
            by_row[m->cards[c].row] = &m->cards[c];
    buf_printf(out, "/* kind %s's data but texts by card instance: entry 1 + i for instance i (entry 0: row 0) */\n",
               kd->name);
    buf_printf(out, "struct Inst_%s {\n", kd->name);
    for (int f = 0; f < kd->nfields; f++)
        if (!kd->fields[f].is_state && kd->fields[f].type != TY_TEXT)
            buf_printf(out, "    %s%s;\n", ctype_of_field(kd->fields[f].type), emit_fname(E, kd->fields[f].name));
    buf_put(out, "};\n\n");
    for (int v = 0, tables = 0; v < m->nvariants; v++) {
        if (inst_table_of(E, k, v) != tables)
            continue;
        tables++;
        const int32_t *rows = E->inst_rows[k * m->nvariants + v];
        int n = E->ninst_rows[k * m->nvariants + v];
        buf_printf(out, "static const struct Inst_%s Insts_%s_%d[%d] = {\n", kd->name, kd->name, tables - 1, n);
        for (int i = 0; i < n; i++) {
            if (rows[i] < 0) {
                buf_printf(out, "    {0},   /* card %d: another kind's */\n", i - 1);
                continue;
            }
            const MCard *cd = by_row[rows[i]];
            buf_put(out, "    {");
            int first = 1;
            for (int f = 0; f < kd->nfields; f++) {
                const MField *fd = &kd->fields[f];
                if (fd->is_state || fd->type == TY_TEXT)
                    continue;
                buf_printf(out, "%s%s", first ? " " : ", ", row_value(E, fd, &cd->values[fd->index]));
                first = 0;
            }
            if (i == 0)
                buf_printf(out, " },   /* no card: row 0, %s */\n", emit_c_comment(E->a, cd->name));
            else
                buf_printf(out, " },   /* card %d: %s */\n", i - 1, emit_c_comment(E->a, cd->name));
        }
        buf_put(out, "};\n\n");
    }
    buf_printf(out, "/* card's entry among kind %s's data by instance in the game's variant */\n", kd->name);
    buf_printf(out, "RT_MAYBE_UNUSED static inline const struct Inst_%s *Inst_%s(const RtGame *g, RtValue card)\n{\n",
               kd->name, kd->name);
    buf_printf(out, "    return (const struct Inst_%s *)rt__pre(g)->inst_data[KIND_%s] + 1 + card;\n}\n\n", kd->name,
               kd->name);
}

/* emit_inst_data: per variant, InstData_<variant>, each kind's table of
   its data by instance (NULL for a kind read by row), when some kind has
   tables; returns whether one does. */
static int emit_inst_data(Emit *E, Buf *out)
{
    const Model *m = E->m;
    int any = 0;
    for (int k = 0; k < m->nkinds; k++)
        any |= E->inst_rows[k * m->nvariants] != NULL;
    if (!any)
        return 0;
    for (int v = 0; v < m->nvariants; v++) {
        buf_printf(out, "static const void *const InstData_%s[] = {", v == 0 ? "base" : m->variants[v].name);
        for (int k = 0; k < m->nkinds; k++) {
            if (E->inst_rows[k * m->nvariants])
                buf_printf(out, "%s Insts_%s_%d", k ? "," : "", m->kinds[k].name, inst_table_of(E, k, v));
            else
                buf_printf(out, "%s NULL", k ? "," : "");
        }
        buf_put(out, " };\n");
    }
    buf_put(out, "\n");
    return 1;
}

static void emit_tables(Emit *E, Buf *out)
{
    const Model *m = E->m;
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (kd->ndata == 0)
            continue;
        buf_printf(out, "/* %s:%d: kind %s */\n", emit_file_of(E, kd->loc), kd->loc.line, kd->name);
        buf_printf(out, "struct Row_%s {\n", kd->name);
        if (kd->ndata == 0)
            buf_put(out, "    int unused;\n");
        for (int f = 0; f < kd->nfields; f++)
            if (!kd->fields[f].is_state)
                buf_printf(out, "    %s%s;\n", ctype_of_field(kd->fields[f].type), emit_fname(E, kd->fields[f].name));
        buf_put(out, "};\n\n");
        int nrows = 0;
        for (int c = 0; c < m->ncards; c++)
            if (m->cards[c].kind == k)
                nrows++;
        if (nrows == 0) {
            buf_printf(out, "static const struct Row_%s Rows_%s[1];\n\n", kd->name, kd->name);
            continue;
        }

        buf_printf(out, "static const struct Row_%s Rows_%s[] = {\n", kd->name, kd->name);
        for (int c = 0; c < m->ncards; c++) {
            const MCard *cd = &m->cards[c];
            if (cd->kind != k)
                continue;
            buf_printf(out, "    { /* %s:%d: %s */\n", emit_file_of(E, cd->loc), cd->loc.line, emit_c_comment(E->a, cd->name));
            if (kd->ndata == 0)
                buf_put(out, "        .unused = 0,\n");
            for (int f = 0; f < kd->nfields; f++) {
                const MField *fd = &kd->fields[f];
                if (fd->is_state)
                    continue;
                buf_printf(out, "        .%s = %s,\n", emit_fname(E, fd->name), row_value(E, fd, &cd->values[fd->index]));
            }
            buf_put(out, "    },\n");
        }
        buf_put(out, "};\n\n");
        emit_inst_tables(E, out, k);
    }
}

/* zone_capacity: the cards zone decl z can hold in every variant: the
   most instances of its kind (of any kind for the box and zones of no
   kind) a variant has. */
static int zone_capacity(const Model *m, int z)
{
    int best = 0;
    for (int v = 0; v < m->nvariants; v++) {
        int n = 0;
        for (int c = 0; c < m->ncards; c++)
            if (z == 0 || m->zones[z].kind < 0 || m->cards[c].kind == m->zones[z].kind)
                n += m->variants[v].copies[c];
        if (n > best)
            best = n;
    }
    return best;
}

/* emit_layout: the cells of the vars and zones, laid out by the runtime's
   one computation of the layout (rt_layout_cells; docs/runtime.md "The
   state block"), with every zone's capacity the most cards it can hold in
   any variant. VCELL_x and ZCELL_x are the first cells (player 0's for
   per-player ones); the table `layout` gives the runtime the capacities,
   and the cells the code was written for, which it checks. */
static void emit_layout(Emit *E, Buf *out)
{
    const Model *m = E->m;
    int32_t *cap = arena_alloc(E->a, sizeof *cap * (size_t)(m->nzones + 1));
    int nv = m->nvars + E->ir->live_cells;   /* the live counts' cells are laid out as vars after the vars */
    int32_t *vcell = arena_alloc(E->a, sizeof *vcell * (size_t)(nv + 1));
    int32_t *zcell = arena_alloc(E->a, sizeof *zcell * (size_t)(m->nzones + 1));
    uint8_t *vpp = arena_alloc(E->a, (size_t)nv + 1), *zpp = arena_alloc(E->a, (size_t)m->nzones + 1);
    for (int v = 0; v < m->nvars; v++)
        vpp[v] = (uint8_t)(m->vars[v].per_player != 0);
    emit_live_flags(E, vpp + m->nvars);
    for (int z = 0; z < m->nzones; z++) {
        zpp[z] = (uint8_t)(m->zones[z].per_player != 0);
        cap[z] = zone_capacity(m, z);
    }
    int32_t shared;
    int rel = rt_layout_cells(nv, vpp, m->nzones, zpp, cap, vcell, zcell, &shared);
    buf_put(out, "/* The state layout this code reads (docs/runtime.md \"The state block\"). */\n");
    buf_printf(out, "enum { PLAYER_CELLS = %d };\n", rel);
    int plain = 0;   /* an array's elements are read by VAR_<array> + position, not VCELL_ */
    for (int v = 0; v < m->nvars; v++)
        plain += !m->vars[v].array;
    if (plain) {
        buf_put(out, "enum {");
        for (int v = 0, n = 0; v < m->nvars; v++)
            if (!m->vars[v].array)
                buf_printf(out, "%s VCELL_%s = %d", n++ ? "," : "", m->vars[v].name, (int)vcell[v]);
        buf_put(out, " };\n");
    }
    if (E->ir->nlives) {   /* each live count's first cell (player 0's for a per-player one) */
        buf_put(out, "enum {");
        for (int i = 0; i < E->ir->nlives; i++)
            buf_printf(out, "%s LCELL_%d = %d", i ? "," : "", i + 1, (int)vcell[m->nvars + E->ir->lives[i].first]);
        buf_put(out, " };\n");
    }
    buf_put(out, "enum {");
    for (int z = 0; z < m->nzones; z++)
        buf_printf(out, "%s ZCELL_%s = %d", z ? "," : "", m->zones[z].name, (int)zcell[z]);
    buf_put(out, " };\n");
    buf_put(out, "static const int32_t layout[] = {\n    /* zone capacities */");
    for (int z = 0; z < m->nzones; z++)
        buf_printf(out, " %d,", (int)cap[z]);
    if (m->nvars) {
        buf_put(out, "\n    /* vars */");
        for (int v = 0; v < m->nvars; v++)
            if (m->vars[v].array)
                buf_printf(out, " %d,", (int)vcell[v]);
            else
                buf_printf(out, " VCELL_%s,", m->vars[v].name);
    }
    if (E->ir->live_cells) {
        buf_put(out, "\n    /* live counts */");
        for (int v = m->nvars; v < nv; v++)
            buf_printf(out, " %d,", (int)vcell[v]);
    }
    buf_put(out, "\n    /* zones */");
    for (int z = 0; z < m->nzones; z++)
        buf_printf(out, " ZCELL_%s,", m->zones[z].name);
    buf_put(out, "\n    PLAYER_CELLS,\n};\n\n");
}

static void emit_enums(Emit *E, Buf *out)
{
    const Model *m = E->m;
    if (m->nsides) {
        buf_put(out, "enum {");
        for (int i = 0; i < m->nsides; i++)
            buf_printf(out, "%s SIDE_%s = %d", i ? "," : "", m->side_names[i], i);
        buf_put(out, " };\n");
    }
    for (int e = 0; e < m->nenums; e++) {
        if (!m->enums[e].nvalues || m->enums[e].die_faces)
            continue;   /* enum values are global names: ENUM_value (a die's faces are no names) */
        buf_put(out, "enum {");
        for (int v = 0; v < m->enums[e].nvalues; v++)
            buf_printf(out, "%s ENUM_%s = %d", v ? "," : "", m->enums[e].values[v], v);
        buf_put(out, " };\n");
    }
    buf_put(out, "enum {");
    for (int i = 0; i < m->nkinds; i++)
        buf_printf(out, "%s KIND_%s = %d", i ? "," : "", m->kinds[i].name, i);
    if (!m->nkinds)
        buf_put(out, " NO_KIND = 0");
    buf_put(out, " };\n");
    buf_put(out, "enum {");
    for (int i = 0; i < m->nzones; i++)
        buf_printf(out, "%s ZONE_%s = %d", i ? "," : "", m->zones[i].name, i);
    buf_put(out, " };\n");
    if (m->nvars) {
        buf_put(out, "enum {");
        for (int i = 0, n = 0; i < m->nvars; i++)   /* an array: VAR_<array>, its first element */
            if (!m->vars[i].array)
                buf_printf(out, "%s VAR_%s = %d", n++ ? "," : "", m->vars[i].name, i);
            else if (m->arrays[m->vars[i].array - 1].first == i)
                buf_printf(out, "%s VAR_%s = %d", n++ ? "," : "", m->arrays[m->vars[i].array - 1].name, i);
        buf_put(out, " };\n");
    }
    if (m->nconsts) {
        buf_put(out, "enum {");
        for (int i = 0; i < m->nconsts; i++)
            buf_printf(out, "%s CONST_%s = %d", i ? "," : "", m->consts[i].name, i);
        buf_put(out, " };\n");
        /* A constant no variant changes is read as its value (FIXED_), not
           from the variant's table. */
        int fixed = 0;
        for (int i = 0; i < m->nconsts; i++)
            if (emit_const_fixed(m, i))
                buf_printf(out, "%s FIXED_%s = %d", fixed++ ? "," : "enum {", m->consts[i].name, (int)m->variants[0].consts[i]);
        if (fixed)
            buf_put(out, " };\n");
    }
    buf_put(out, "\n");
    emit_layout(E, out);
}

/* has_prelude: the setup unit ui (-1: none) begins with a prelude (ir_prelude.c). */
static int has_prelude(const Emit *E, int ui)
{
    if (ui < 0)
        return 0;
    const IrNode *b = E->ir->units[ui].body;
    return b->op == IR_BLOCK && b->nkids > 0 && b->kids[0]->op == IR_PRELUDE;
}

/* emit_names: the sides' names and titles, the enums' value names. */
static void emit_names(Emit *E, Buf *out)
{
    const Model *m = E->m;
    if (m->nsides) {
        buf_put(out, "static const char *const side_names[] = {");
        for (int i = 0; i < m->nsides; i++)
            buf_printf(out, "%s %s", i ? "," : "", emit_c_string(E, m->side_names[i]));
        buf_put(out, " };\nstatic const char *const side_titles[] = {");
        for (int i = 0; i < m->nsides; i++)
            buf_printf(out, "%s %s", i ? "," : "", emit_c_string(E, m->side_titles[i]));
        buf_put(out, " };\n\n");
    }
    for (int e = 0; e < m->nenums; e++) {
        buf_printf(out, "static const char *const Values_%s[] = {", m->enums[e].name);
        for (int v = 0; v < m->enums[e].nvalues; v++)
            buf_printf(out, "%s %s", v ? "," : "", emit_c_string(E, m->enums[e].values[v]));
        if (!m->enums[e].nvalues)
            buf_put(out, " \"\"");
        buf_put(out, " };\n");
    }
    if (m->nenums) {
        buf_put(out, "static const RtEnumDef enums[] = {\n");
        for (int e = 0; e < m->nenums; e++)
            buf_printf(out, "    { %s, %d, Values_%s },\n", emit_c_string(E, m->enums[e].name), m->enums[e].nvalues,
                    m->enums[e].name);
        buf_put(out, "};\n\n");
    }
}

/* emit_zone_kind_defs: the zones, the kinds' states and the kinds. */
static void emit_zone_kind_defs(Emit *E, Buf *out)
{
    const Model *m = E->m;
    buf_put(out, "static const RtZoneDef zones[] = {\n");
    for (int i = 0; i < m->nzones; i++) {
        const MZone *z = &m->zones[i];
        static const char *const vis[] = {"RT_PUBLIC", "RT_PRIVATE", "RT_HIDDEN"};
        buf_printf(out, "    { %s, %d, %d, %s, %s },\n", emit_c_string(E, z->name), z->per_player, z->ordered,
                vis[z->visibility], z->kind >= 0 ? emit_kind_enum(E, z->kind) : "-1");
    }
    buf_put(out, "};\n\n");
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (kd->nstate == 0)
            continue;
        buf_printf(out, "static const char *const StateNames_%s[] = {", kd->name);
        int first = 1;
        for (int f = 0; f < kd->nfields; f++)
            if (kd->fields[f].is_state) {
                buf_printf(out, "%s %s", first ? "" : ",", emit_c_string(E, kd->fields[f].name));
                first = 0;
            }
        buf_printf(out, " };\nstatic const RtValue StateDefaults_%s[] = {", kd->name);
        first = 1;
        for (int f = 0; f < kd->nfields; f++)
            if (kd->fields[f].is_state) {
                const MField *fd = &kd->fields[f];
                if (fd->type == TY_NAMED)
                    buf_printf(out, "%s %s", first ? "" : ",", emit_enum_value(E, fd->enum_index, fd->def_value));
                else
                    buf_printf(out, "%s %d", first ? "" : ",", (int)fd->def_value);
                first = 0;
            }
        buf_printf(out, " };\nstatic const uint8_t StateTypes_%s[] = {", kd->name);
        first = 1;
        for (int f = 0; f < kd->nfields; f++)
            if (kd->fields[f].is_state) {
                const MField *fd = &kd->fields[f];
                if (fd->type == TY_NAMED)
                    buf_printf(out, "%s RT_TY_ENUM + %d", first ? "" : ",", fd->enum_index);
                else
                    buf_printf(out, "%s %s", first ? "" : ",", fd->type == TY_BOOL ? "RT_TY_BOOL" : "RT_TY_INT");
                first = 0;
            }
        buf_printf(out, " };\nstatic const uint8_t StateKeep_%s[] = {", kd->name);
        first = 1;
        for (int f = 0; f < kd->nfields; f++)
            if (kd->fields[f].is_state) {
                buf_printf(out, "%s %d", first ? "" : ",", kd->fields[f].keep);
                first = 0;
            }
        buf_put(out, " };\n");
    }
    buf_put(out, "static const RtKindDef kinds[] = {\n");
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        int nrows = 0;
        for (int c = 0; c < m->ncards; c++)
            if (m->cards[c].kind == k)
                nrows++;
        const char *rows = kd->ndata ? arena_printf(E->a, "Rows_%s, %d", kd->name, nrows) : "NULL, 0";
        if (kd->nstate)
            buf_printf(out, "    { %s, %d, StateNames_%s, StateDefaults_%s, StateTypes_%s, %s, StateKeep_%s },\n",
                    emit_c_string(E, kd->name), kd->nstate, kd->name, kd->name, kd->name, rows, kd->name);
        else
            buf_printf(out, "    { %s, 0, NULL, NULL, NULL, %s, NULL },\n", emit_c_string(E, kd->name), rows);
    }
    if (!m->nkinds)
        buf_put(out, "    { \"none\", 0, NULL, NULL, NULL, NULL, 0, NULL },\n");
    buf_put(out, "};\n\n");
}

/* emit_rt_type: the runtime's RT_TY_* of a value of type t (arena). */
const char *emit_rt_type(Emit *E, Type t)
{
    switch (t.base) {
    case T_BOOL: return "RT_TY_BOOL";
    case T_SIDE: return "RT_TY_SIDE";
    case T_PLAYER: return "RT_TY_PLAYER";
    case T_CARD: return "RT_TY_CARD";
    case T_ENUM: return arena_printf(E->a, "RT_TY_ENUM + %d", t.param);
    default: return "RT_TY_INT";
    }
}

/* emit_variant_changes (emit_internal.h): a card of v's `set card`. */
int emit_variant_changes(const Model *m, int v)
{
    for (int i = 0; i < m->ncards; i++)
        if (m->cards[i].changes >= 0 && m->cards[i].variant == v)
            return 1;
    return 0;
}

/* emit_card_data_of (emit_internal.h): the identity, then each card of
   v's `set card` in place of the card it changes. */
const int *emit_card_data_of(Emit *E, int v)
{
    const Model *m = E->m;
    int *data = arena_alloc(E->a, sizeof *data * (size_t)(m->ncards + 1));
    for (int c = 0; c < m->ncards; c++)
        data[c] = c;
    for (int c = 0; c < m->ncards; c++)
        if (v >= 0 && m->cards[c].changes >= 0 && m->cards[c].variant == v)
            data[m->cards[c].changes] = c;
    return data;
}

/* card_table: the RtCardDef table name of the cards in variant v (cards,
   or Cards_<variant> for one that changes a card's data). */
static const char *card_table(Emit *E, int v)
{
    return emit_variant_changes(E->m, v) ? arena_printf(E->a, "Cards_%s", E->m->variants[v].name) : "cards";
}

/* emit_card_table: the cards as variant v has them (v < 0: every card with
   its own row) into table name: a card v gives new data (`set card`)
   reads the row of the card holding it. */
static void emit_card_table(Emit *E, Buf *out, const char *name, int v)
{
    const Model *m = E->m;
    const int *data = emit_card_data_of(E, v);
    buf_printf(out, "static const RtCardDef %s[] = {\n", name);
    for (int c = 0; c < m->ncards; c++)
        buf_printf(out, "    { %s, %s, %d },\n", emit_c_string(E, m->cards[c].name), emit_kind_enum(E, m->cards[c].kind),
                m->cards[data[c]].row);
    if (!m->ncards)
        buf_put(out, "    { \"none\", 0, 0 },\n");
    buf_put(out, "};\n\n");
}

/* emit_card_defs: the cards (and each variant's that changes cards), the
   vars, the strings, the scripts. */
static void emit_card_defs(Emit *E, Buf *out)
{
    const Model *m = E->m;
    emit_card_table(E, out, "cards", -1);
    for (int v = 1; v < m->nvariants; v++)
        if (emit_variant_changes(m, v))
            emit_card_table(E, out, card_table(E, v), v);
    if (m->nvars) {
        buf_put(out, "static const RtVarDef vars[] = {\n");
        for (int i = 0; i < m->nvars; i++) {
            const MVar *v = &m->vars[i];
            const char *ty = emit_rt_type(E, v->type);
            buf_printf(out, "    { %s, %d, %s, %d, %d, %d, %d, %d, %s, %d },\n", emit_c_string(E, v->name), v->per_player, ty,
                    v->has_min, v->has_max, (int)v->init, (int)v->min, (int)v->max,
                    v->is_private ? "RT_PRIVATE" : "RT_PUBLIC", v->private_side - 1);
        }
        buf_put(out, "};\n\n");
    }
    buf_put(out, "static const char *const strings[] = {\n");
    for (int i = 0; i < m->nstrings; i++)
        buf_printf(out, "    %s, /* %d */\n", emit_c_string(E, m->strings[i]), i);
    if (!m->nstrings)
        buf_put(out, "    \"\",\n");
    buf_put(out, "};\n\n");
    buf_put(out, "static const RtScriptDef scripts[] = {\n");
    for (int u = 0; u < m->nunits; u++) {
        const MUnit *un = &m->units[u];
        if (un->is_function)
            continue;
        buf_printf(out, "    { %s, %s, %d, Script_%s, %d },\n", emit_c_string(E, un->name),
                emit_c_string(E, file_path(E, un->loc)), un->loc.line, un->cname, un->nlocals);
    }
    buf_put(out, "};\n\n");
    if (E->uses_run_script) {
        /* the locals to clear: as many as the ability with the most has
           (more than its own clears frame cells no other frame uses), a
           constant that leaves a few stores; the script's own count past 8 */
        int most = 0;
        for (int u = 0; u < m->nunits; u++)
            if (!m->units[u].is_function && m->units[u].this_kind >= 0 && m->units[u].nlocals > most)
                most = m->units[u].nlocals;
        buf_put(out, "/* Run_script: run script (a card's ability; -1 when it has none) at once,\n"
                     "   as rt_run does, with its function called directly. */\n"
                     "static RtStatus Run_script(RtGame *g, int script, RtValue self, RtValue me, int site)\n{\n"
                     "    if ((unsigned)script >= sizeof scripts / sizeof scripts[0])\n"
                     "        return rt_run(g, script, self, me, site);\n");
        if (most <= 8)
            buf_printf(out, "    if (!rt_enter(g, script, self, me, %d, site))\n", most);
        else
            buf_put(out, "    if (!rt_enter(g, script, self, me, scripts[script].nlocals, site))\n");
        buf_put(out, "        return RT_END;\n"
                     "    return rt_run_entered(g, scripts[script].fn);\n}\n\n");
    }
}

/* emit_variant_data: each variant's copies of the cards and constants. */
static void emit_variant_data(Emit *E, Buf *out)
{
    const Model *m = E->m;
    for (int v = 0; v < m->nvariants; v++) {
        const MVariant *mv = &m->variants[v];
        const char *vn = v == 0 ? "base" : mv->name;
        buf_printf(out, "static const int16_t Copies_%s[] = {", vn);
        for (int c = 0; c < m->ncards; c++)
            buf_printf(out, "%s%s%d", c ? "," : "", c % 16 == 0 ? "\n    " : " ", mv->copies[c]);
        if (!m->ncards)
            buf_put(out, " 0");
        buf_put(out, "\n};\n");
        buf_printf(out, "static const RtValue Consts_%s[] = {", vn);
        for (int i = 0; i < m->nconsts; i++)
            buf_printf(out, "%s %d", i ? "," : "", (int)mv->consts[i]);
        if (!m->nconsts)
            buf_put(out, " 0");
        buf_put(out, " };\n\n");
    }
}

/* changed_field: the data field a variant's `set card` card names alone
   (MCard.changed_field), or NULL. */
static const MField *changed_field(const Model *m, const MCard *card)
{
    const MKind *k = &m->kinds[card->kind];
    for (int f = 0; f < k->nfields; f++)
        if (!k->fields[f].is_state && k->fields[f].index == card->changed_field)
            return &k->fields[f];
    return NULL;
}

/* sweep_card: the card of variant v's `set card` when the variant differs
   from the base game in the value of one int data field of that card
   alone (RtSweepPoint); -1 otherwise. */
static int sweep_card(const Model *m, int v)
{
    const MVariant *mv = &m->variants[v], *b = &m->variants[0];
    if (v == 0 || mv->setup != b->setup || mv->round != b->round)
        return -1;
    for (int k = 0; k < m->nconsts; k++)
        if (mv->consts[k] != b->consts[k])
            return -1;
    int card = -1;
    for (int c = 0; c < m->ncards; c++) {
        if (mv->copies[c] != b->copies[c])
            return -1;
        if (m->cards[c].changes >= 0 && m->cards[c].variant == v) {
            if (card >= 0 || m->cards[c].changed_field < 0)
                return -1;
            card = c;
        }
    }
    if (card < 0)
        return -1;
    const MField *fd = changed_field(m, &m->cards[card]);
    return fd && fd->type == TY_INT ? card : -1;
}

/* emit_sweep_points: Sweep_<variant>, the RtSweepPoint of each variant
   that is one. */
static void emit_sweep_points(Emit *E, Buf *out)
{
    const Model *m = E->m;
    int any = 0;
    for (int v = 1; v < m->nvariants; v++) {
        int c = sweep_card(m, v);
        if (c < 0)
            continue;
        any = 1;
        const MCard *card = &m->cards[c];
        buf_printf(out, "static const RtSweepPoint Sweep_%s = { %s, %s, %d, %d };\n", m->variants[v].name,
                   emit_c_string(E, card->name), emit_c_string(E, changed_field(m, card)->name), (int)card->values[card->changed_field].ival,
                   (int)m->cards[card->changes].values[card->changed_field].ival);
    }
    if (any)
        buf_put(out, "\n");
}

/* emit_const_fixed: constant k has the same value in every variant. */
int emit_const_fixed(const Model *m, int k)
{
    for (int v = 1; v < m->nvariants; v++)
        if (m->variants[v].consts[k] != m->variants[0].consts[k])
            return 0;
    return m->nvariants > 0;
}

/* score_function: the game's `function score(p: player) : int`, or NULL. */
static const MUnit *score_function(const Model *m)
{
    for (int u = 0; u < m->nunits; u++)
        if (m->units[u].is_function && strcmp(m->units[u].name, "score") == 0 && m->units[u].nparams == 1
            && m->units[u].param_types[0].base == T_PLAYER && m->units[u].result.base == T_INT)
            return &m->units[u];
    return NULL;
}

/* emit_sites: the source locations scripts fail at (docs/runtime.md "Sites"). */
static void emit_sites(Emit *E, Buf *out)
{
    buf_put(out, "static const char *const Site_files[] = {\n");
    for (int i = 0; i < E->nfiles; i++)
        buf_printf(out, "    %s,\n", emit_c_string(E, E->files[i]));
    if (!E->nfiles)
        buf_put(out, "    \"?\",\n");
    buf_put(out, "};\n\nstatic const RtSite Site_table[] = {\n");
    for (int i = 0; i < E->nsites; i++)
        buf_printf(out, "    { %d, %d, %d }, /* %d: %s:%d:%d */\n", E->sites[i].file, E->sites[i].line, E->sites[i].col, i,
                emit_file_of(E, E->sites[i]), E->sites[i].line, E->sites[i].col);
    if (!E->nsites)
        buf_put(out, "    { 0, 0, 0 },\n");
    buf_put(out, "};\n\n");
}

/* emit_def_data: every table the descriptors name, then one RtGameDef per
   variant, the list of them and the engine's main. */
static void emit_def_data(Emit *E, Buf *out)
{
    const Model *m = E->m;
    const char *id = m->id;
    emit_names(E, out);
    emit_zone_kind_defs(E, out);
    emit_card_defs(E, out);
    emit_variant_data(E, out);
    int inst_data = emit_inst_data(E, out);
    emit_sweep_points(E, out);
    /* the game's score function, for agents */
    const MUnit *score_fn = score_function(m);
    if (score_fn) {
        buf_put(out, "/* the game's score of a player, for agents: its function score */\n"
                   "static RtValue game_score(RtGame *g, RtValue player)\n{\n"
                   "    RtFrame frame = { 0, 0, 0, RT_NONE };\n"
                   "    frame.me = player;\n");
        buf_printf(out, "    return Fn_%s(g, &frame, player);\n}\n\n", score_fn->name);
    }
    emit_sites(E, out);
    emit_view(E, out);
    int frames = m->max_frames;   /* proven by the checker (sema_calls.c) */
    for (int v = 0; v < m->nvariants; v++) {
        const MVariant *mv = &m->variants[v];
        const char *vn = v == 0 ? "base" : mv->name;
        if (v == 0)
            buf_printf(out, "const RtGameDef %s_game = {\n", id);
        else
            buf_printf(out, "const RtGameDef %s_variant_%s = {\n", id, mv->name);
        buf_printf(out, "    CARDRT_ABI, %s, %s, %s,\n", emit_c_string(E, id), emit_c_string(E, vn),
                emit_c_string(E, mv->title));
        buf_printf(out, "    %d, %d,\n", m->min_players, m->max_players);
        if (m->nsides)
            buf_printf(out, "    %d, side_names, side_titles,\n", m->nsides);
        else
            buf_put(out, "    0, NULL, NULL,\n");
        buf_printf(out, "    %d, zones,\n", m->nzones);
        buf_printf(out, "    %d, kinds,\n", m->nkinds);
        buf_printf(out, "    %d, %s, Copies_%s,\n", m->ncards, card_table(E, v), vn);
        buf_printf(out, "    %d, %s,\n", m->nvars, m->nvars ? "vars" : "NULL");
        buf_printf(out, "    %d, strings,\n", m->nstrings);
        int nscripts = 0;
        for (int u = 0; u < m->nunits; u++)
            if (!m->units[u].is_function)
                nscripts++;
        buf_printf(out, "    %d, scripts,\n", nscripts);
        buf_printf(out, "    %d, %d,\n", mv->setup >= 0 ? E->script_of_unit[mv->setup] : -1,
                mv->round >= 0 ? E->script_of_unit[mv->round] : -1);
        buf_printf(out, "    %d, Consts_%s,\n", m->nconsts, vn);
        if (m->nenums)
            buf_printf(out, "    %d, enums,\n", m->nenums);
        else
            buf_put(out, "    0, NULL,\n");
        buf_printf(out, "    %s,\n", score_fn ? "game_score" : "NULL");
        buf_printf(out, "    %d, /* frames: the deepest calls can go (0: no static bound) */\n", frames);
        buf_put(out, "    layout,\n");
        buf_printf(out, "    %d, /* prelude: the setup begins with one */\n", has_prelude(E, mv->setup));
        buf_printf(out, "    %d, Site_table, %d, Site_files,\n", E->nsites, E->nfiles ? E->nfiles : 1);
        buf_printf(out, "    &%s,\n", emit_variant_changes(m, v) ? arena_printf(E->a, "view_%s", mv->name) : "view");
        buf_printf(out, "    %d, /* can_lose: a script has lose_game */\n", m->can_lose);
        buf_printf(out, "    %s, /* live counts */\n", emit_live_def(E));
        buf_printf(out, "    %s, /* sweep: the one card field it changes */\n",
                sweep_card(m, v) >= 0 ? arena_printf(E->a, "&Sweep_%s", mv->name) : "NULL");
        buf_printf(out, "    %s, /* dice: interchangeable dice counted by face */\n", emit_dice_def(E));
        buf_printf(out, "    %s, /* inst_data: card data by instance */\n",
                inst_data ? arena_printf(E->a, "InstData_%s", vn) : "NULL");
        buf_put(out, "};\n\n");
    }
    buf_printf(out, "const RtGameDef *const %s_variants[] = {\n", id);
    for (int v = 0; v < m->nvariants; v++) {
        if (v == 0)
            buf_printf(out, "    &%s_game,\n", id);
        else
            buf_printf(out, "    &%s_variant_%s,\n", id, m->variants[v].name);
    }
    buf_put(out, "};\n");
    buf_printf(out, "const int %s_variant_count = %d;\n\n", id, m->nvariants);
    buf_put(out, "#ifdef CARDRT_ENGINE_MAIN\nint main(int argc, char **argv)\n{\n");
    buf_printf(out, "    return rt_engine_main(argc, argv, %s_variants, %s_variant_count);\n}\n#endif\n", id, id);
}

/* ---- files ---------------------------------------------------------------------------- */

static void banner(Emit *E, Buf *out, const char *what)
{
    buf_printf(out, "/* %s: generated by cardc %s from:\n", what, CARDC_VERSION);
    for (int i = 0; i < E->nfiles; i++)
        buf_printf(out, " *   %s\n", emit_c_comment(E->a, E->files[i]));
    buf_put(out, " * Do not edit: change the sources and run `cardc c` again. */\n");
}

/* emit_init: E empty, for the model m, allocating in a, naming files. */
static Emit *emit_init(Emit *E, const Model *m, Arena *a, const char *const *files, int nfiles)
{
    memset(E, 0, sizeof *E);
    E->m = m;
    E->a = a;
    E->files = files;
    E->nfiles = nfiles;
    return E;
}

/* unit_protos: into protos, the prototype of every game function (RT_PURE
   unless it draws or takes steps, ir_steps.c: two calls are two draws, or
   steps) and of every procedure's script (a call names it: rt_run_entered). */
static void unit_protos(Emit *E, Buf *protos)
{
    const Model *m = E->m;
    for (int u = 0; u < m->nunits; u++)
        if (m->units[u].is_function) {
            const MUnit *un = &m->units[u];
            int pure = !(E->ir->units[u].facts & IR_FACT_RANDOM) && !E->ir->units[u].steps;
            buf_printf(protos, "%sRT_MAYBE_UNUSED static RtValue Fn_%s(RtGame *g, RtFrame *f", pure ? "RT_PURE " : "", un->name);
            for (int p = 0; p < un->nparams; p++)
                buf_put(protos, ", RtValue");
            buf_put(protos, ");\n");
        }
    for (int u = 0; u < m->nunits; u++)
        if (m->units[u].is_procedure)
            buf_printf(protos, "static RtStatus Script_%s(RtGame *g, RtFrame *f);\n", m->units[u].cname);
}

char *emit_c_source(const Model *m, Arena *a, const char *const *files, int nfiles)
{
    Emit E_;
    Emit *E = emit_init(&E_, m, a, files, nfiles);
    E->script_of_unit = arena_alloc(a, sizeof(int) * (size_t)(m->nunits + 1));
    E->memo_helper = arena_alloc(a, (size_t)m->nunits + 1);
    E->uses_matches = arena_alloc(a, (size_t)m->nenums + 1);
    memset(E->uses_matches, 0, (size_t)m->nenums + 1);
    E->uses_graph = arena_alloc(a, (size_t)m->ngraphs + 1);
    memset(E->uses_graph, 0, (size_t)m->ngraphs + 1);
    E->uses_space_zone = arena_alloc(a, (size_t)m->nzones + 1);
    memset(E->uses_space_zone, 0, (size_t)m->nzones + 1);
    E->uses_count = arena_alloc(a, (size_t)m->nenums + 1);
    memset(E->uses_count, 0, (size_t)m->nenums + 1);
    memset(E->memo_helper, 0, (size_t)m->nunits + 1);
    for (int u = 0, s = 0; u < m->nunits; u++)
        E->script_of_unit[u] = m->units[u].is_function ? -1 : s++;
    IrProgram *ir = ir_lower(m, a);
    ir_passes(ir);
    E->ir = ir;
    inst_tables(E);
    E->line_files = arena_alloc(a, sizeof *E->line_files * (size_t)(nfiles + 1));
    for (int i = 0; i < nfiles; i++)
        E->line_files[i] = line_literal(E, files[i]);

    /* scripts and functions first: they may add strings and temporaries */
    Buf code = {0}, protos = {0}, texts = {0};
    E->texts = &texts;
    unit_protos(E, &protos);
    for (int u = 0; u < m->nunits; u++)
        if (m->units[u].is_function)
            emit_unit(E, &code, u);
    for (int u = 0; u < m->nunits; u++)
        if (!m->units[u].is_function)
            emit_unit(E, &code, u);
    emit_live_functions(E, &code);

    Buf out = {0};
    banner(E, &out, arena_printf(a, "%s.c", m->id));
    buf_put(&out, "#include <stdint.h>\n#include <stddef.h>\n#include <string.h>\n\n");
    if (!ir->nlives)   /* the inline primitives leave out the live counts' hooks (cardrt.h) */
        buf_put(&out, "#define CARDRT_NO_LIVE 1\n");
    else   /* and call the game's own Live_in directly (emit_live.c) */
        buf_put(&out, "#define CARDRT_LIVE_UPDATE Live_in\n");
    if (!emit_knows(E))   /* no script starts the record of what players know: the moves skip its test */
        buf_put(&out, "#define CARDRT_NO_KNOWLEDGE 1\n");
    emit_cell_shape(m, &out);
    buf_printf(&out, "#include \"cardrt.h\"\n#include \"%s.h\"\n\n", m->id);
    buf_put(&out, "#if CARDRT_ABI != " CARDRT_ABI_STRING "\n");
    buf_printf(&out, "#error \"%s.c was generated for libcardrt ABI " CARDRT_ABI_STRING
                  "; regenerate it with this runtime's cardc: cardc c <game folder>\"\n#endif\n\n", m->id);
    size_t texts_at = out.len;   /* the long text goes here, once all is written */
    emit_enums(E, &out);
    emit_tables(E, &out);
    emit_graph_tables(E, &out);
    emit_space_zone_helpers(E, &out);
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (!kd->is_die)
            continue;
        /* unused when the die is never rolled (clang -Wunused-const-variable) */
        buf_printf(&out, "/* %s:%d: die %s */\nRT_MAYBE_UNUSED static const RtValue Faces_%s[] = {", emit_file_of(E, kd->loc), kd->loc.line,
                kd->name, kd->name);
        for (int f = 0; f < kd->nfaces; f++)   /* number faces, and the positions of faces of several symbols */
            if (kd->fields[0].enum_index < 0 || kd->counts)
                buf_printf(&out, "%s %d", f ? "," : "", (int)kd->faces[f]);
            else
                buf_printf(&out, "%s %s", f ? "," : "", emit_enum_value(E, kd->fields[0].enum_index, kd->faces[f]));
        buf_put(&out, " };\n\n");
    }
    for (int e = 0; e < m->nenums; e++) {
        if (!E->uses_matches[e])
            continue;
        const MEnum *en = &m->enums[e];
        buf_printf(&out, "/* matches: face fits symbol: the same value, or face is wild (no branch) */\n"
                      "static int Matches_%s(RtValue face, RtValue symbol)\n{\n", en->name);
        if (en->wild) {
            buf_put(&out, "    return (int)(face == symbol)");
            for (int v = 0; v < en->nvalues; v++)
                if (en->wild >> v & 1u)
                    buf_printf(&out, " | (int)(face == %s)", emit_enum_value(E, e, v));
            buf_put(&out, ";\n}\n\n");
        } else {
            buf_put(&out, "    return face == symbol;\n}\n\n");
        }
    }
    emit_dice_helpers(E, &out);
    /* each procedure's locals as it was written, temporaries included:
       what a call clears of the frame it pushes (rt_enter) */
    int nprocs = 0;
    for (int u = 0; u < m->nunits; u++)
        if (m->units[u].is_procedure)
            buf_printf(&protos, "%s\n    NLOCALS_%s = %d", nprocs++ ? "," : "enum {", m->units[u].cname, m->units[u].nlocals);
    if (nprocs)
        buf_put(&protos, "\n};\n");
    if (E->uses_run_script)   /* defined after the scripts' table (emit_card_defs) */
        buf_put(&protos, "static RtStatus Run_script(RtGame *g, int script, RtValue self, RtValue me, int site);\n");
    if (protos.len) {
        buf_put(&out, protos.s);
        buf_put(&out, "\n");
    }
    emit_memo_helpers(E, &out);
    buf_put(&out, code.s ? code.s : "");
    emit_def_data(E, &out);
    if (texts.len)
        buf_put(&texts, "\n");
    char *r = arena_printf(a, "%.*s%s%s", (int)texts_at, out.s, texts.s ? texts.s : "", out.s + texts_at);
    r = emit_lines_back(a, r, m->id);
    buf_free(&out);
    buf_free(&texts);
    buf_free(&code);
    buf_free(&protos);
    return r;
}

char *emit_c_header(const Model *m, Arena *a, const char *const *files, int nfiles)
{
    Emit E_;
    Emit *E = emit_init(&E_, m, a, files, nfiles);
    Buf out = {0};
    banner(E, &out, arena_printf(a, "%s.h", m->id));
    const char *guard = arena_printf(a, "CARDC_GAME_%s_H", m->id);
    buf_printf(&out, "#ifndef %s\n#define %s\n\n#include \"cardrt.h\"\n\n", guard, guard);
    buf_printf(&out, "/* %s */\nextern const RtGameDef %s_game;\n", emit_c_comment(a, m->title), m->id);
    for (int v = 1; v < m->nvariants; v++)
        buf_printf(&out, "/* %s */\nextern const RtGameDef %s_variant_%s;\n", emit_c_comment(a, m->variants[v].title), m->id,
                m->variants[v].name);
    buf_printf(&out, "/* every variant, the base game first */\nextern const RtGameDef *const %s_variants[];\n", m->id);
    buf_printf(&out, "extern const int %s_variant_count;\n\n#endif\n", m->id);
    char *r = arena_strdup(a, out.s);
    buf_free(&out);
    return r;
}
