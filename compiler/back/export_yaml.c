/* export_yaml.c: the YAML back end: each declaration is written as the
   mapping yaml_load reads back, with its origin line; scripts are printed
   by print.c in their line-preserving layout. Declaration kinds are one
   table (a writer per kind); a kind without a writer is reported, never
   skipped silently. */
#include "export_yaml.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "print.h"

/* The output buffer and the state of one file. */
typedef struct Ex {
    Diag *d;
    Arena *a;
    Buf out;
    int failed;      /* a declaration could not be written (reported) */
} Ex;

static void put(Ex *x, const char *s) { buf_put(&x->out, s); }

static void putf(Ex *x, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void putf(Ex *x, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&x->out, fmt, ap);
    va_end(ap);
}

/* A YAML double-quoted scalar. */
static void qstr(Ex *x, const char *s)
{
    put(x, "\"");
    char one[8];
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"')
            put(x, "\\\"");
        else if (*p == '\\')
            put(x, "\\\\");
        else if (*p == '\n')
            put(x, "\\n");
        else if (*p == '\t')
            put(x, "\\t");
        else if (*p < 0x20 || *p == 0x7f) {
            snprintf(one, sizeof one, "\\x%02x", *p);
            put(x, one);
        } else {
            one[0] = (char)*p;
            one[1] = '\0';
            put(x, one);
        }
    }
    put(x, "\"");
}

static int plain_ok(const char *s)
{
    static const char *const special[] = { "true", "false", "yes", "no", "on", "off", "null", "y", "n", NULL };
    if (!*s)
        return 0;
    int ident = *s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z');
    for (const char *p = s; *p; p++)
        if (!(*p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')))
            return 0;
    if (!ident) {
        /* digits only: an integer without leading zeros */
        return s[0] != '0' || s[1] == '\0';
    }
    for (int i = 0; special[i]; i++) {
        const char *a = s, *b = special[i];
        while (*a && (*a | 0x20) == *b) {
            a++;
            b++;
        }
        if (!*a && !*b)
            return 0;
    }
    return 1;
}

/* A name, a number or a string: plain when that is unambiguous. */
static void scal(Ex *x, const char *s)
{
    if (plain_ok(s))
        put(x, s);
    else
        qstr(x, s);
}

/* A script or expression value at indentation ind: a quoted string on one
   line, or a literal block. */
static void script_value(Ex *x, const char *text, int ind)
{
    if (!strchr(text, '\n')) {
        if (plain_ok(text) || (text[0] == '-' && plain_ok(text + 1) && text[1] >= '0' && text[1] <= '9'))
            put(x, text);
        else
            qstr(x, text);
        return;
    }
    put(x, "|-\n");
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n > 0) {
            for (int i = 0; i < ind; i++)
                put(x, " ");
            char *line = arena_strndup(x->a, p, n);
            put(x, line);
        }
        put(x, "\n");
        p += n;
        if (*p == '\n')
            p++;
    }
    x->out.len--; /* the caller ends the line */
    x->out.s[x->out.len] = '\0';
}

static PrintResult print_or_fail(Ex *x, const AstNode *n, int block)
{
    PrintResult r = block ? print_block(x->a, n) : print_expr(x->a, n);
    if (!r.text) {
        diag_error(x->d, n ? n->loc : (Loc){ 0, 0, 0 }, "internal error: %s", r.error ? r.error : "cannot print");
        x->failed = 1;
    }
    return r;
}

/* An expression after "key: " (no provenance: its lines do not reach code). */
static void expr_value(Ex *x, const AstNode *e, int ind)
{
    PrintResult r = print_or_fail(x, e, 0);
    if (r.text)
        script_value(x, r.text, ind);
}

/* The provenance lines of the current declaration: "key: [keyline, scriptline]". */
typedef struct Lines {
    char buf[2048];
    size_t len;
} Lines;

static void lines_add(Lines *l, const char *key, int keyline, int scriptline, int decl_line, int block)
{
    if (keyline <= 0)
        return;
    int dflt = scriptline == 0 || scriptline == keyline + block;
    if (keyline == decl_line && dflt)
        return;
    int n;
    if (dflt)
        n = snprintf(l->buf + l->len, sizeof l->buf - l->len, "%s%s: %d", l->len ? ", " : "", key, keyline);
    else
        n = snprintf(l->buf + l->len, sizeof l->buf - l->len, "%s%s: [%d, %d]", l->len ? ", " : "", key, keyline,
                     scriptline);
    if (n > 0 && (size_t)n < sizeof l->buf - l->len)
        l->len += (size_t)n;
}

static void end_decl(Ex *x, int ind, int line, const Lines *l)
{
    putf(x, "%*sorigin: %d\n", ind, "", line);
    if (l && l->len)
        putf(x, "%*slines: {%s}\n", ind, "", l->buf);
}

/* A script under key: written, and its lines added to l. */
static void script_key(Ex *x, const char *key, const AstNode *b, int keyline, int decl_line, int ind, Lines *l)
{
    putf(x, "%*s%s: ", ind, "", key);
    PrintResult r = print_or_fail(x, b, 1);
    if (r.text)
        script_value(x, r.text, ind + 2);
    put(x, "\n");
    lines_add(l, key, keyline, r.first_line, decl_line, 1);
}

/* The spelling of a declared type: a type word or an enum's name. */
static const char *type_text(AstType t, const char *name2)
{
    if (t == TY_NAMED)
        return name2 ? name2 : "?";
    return print_type(t) ? print_type(t) : "?";
}

/* ---- declarations ------------------------------------------------------------------ */

typedef void (*WriteFn)(Ex *x, const AstNode *n, int ind);

static void values(Ex *x, const AstList *items, int line, int ind, Lines *l);
static void params(Ex *x, const AstList *ps, int ind);

static void w_game(Ex *x, const AstNode *g, int ind)
{
    putf(x, "game: ");
    scal(x, g->name);
    put(x, "\n");
    if (g->text) {
        putf(x, "%*stitle: ", ind, "");
        qstr(x, g->text);
        put(x, "\n");
    }
    int sides = 0;
    for (int i = 0; i < g->list.count; i++) {
        const AstNode *it = g->list.items[i];
        if (it->kind == AST_PLAYERS) {
            if (it->ival == it->ival2)
                putf(x, "%*splayers: %lld\n", ind, "", (long long)it->ival);
            else
                putf(x, "%*splayers: \"%lld..%lld\"\n", ind, "", (long long)it->ival, (long long)it->ival2);
        } else if (it->kind == AST_SIDE) {
            if (!sides++)
                putf(x, "%*ssides:\n", ind, "");
            putf(x, "%*s", ind + 2, "");
            scal(x, it->name);
            put(x, ": ");
            if (it->text)
                qstr(x, it->text);
            else
                put(x, "~");
            put(x, "\n");
        } else if (it->kind == AST_NAME && strcmp(it->name, "teams") == 0) {
            putf(x, "%*steams: true\n", ind, "");
        }
    }
    end_decl(x, ind, g->loc.line, NULL);
}

/* fields_map: `fields:` and the FIELDs of l, each `NAME: SPEC` (a kind's
   fields, a die's states); 0 after an internal error. */
static int fields_map(Ex *x, const AstList *l, int ind)
{
    if (l->count)
        putf(x, "%*sfields:\n", ind, "");
    for (int i = 0; i < l->count; i++) {
        const AstNode *f = l->items[i];
        const char *t = f->type == TY_NAMED ? f->name2 : print_type(f->type);
        if (!t) {
            diag_error(x->d, f->loc, "internal error: field '%s' has no type", f->name);
            x->failed = 1;
            return 0;
        }
        char *spec = arena_printf(x->a, "%s%s%s%s", f->flags & FIELD_STATE ? "state " : "", f->flags & FIELD_KEEP ? "keep " : "", t,
                                  f->flags & FIELD_OPTIONAL ? "?" : "");
        if (f->a) {
            PrintResult r = print_or_fail(x, f->a, 0);
            if (!r.text)
                return 0;
            spec = arena_printf(x->a, "%s = %s", spec, r.text);
        }
        putf(x, "%*s", ind + 2, "");
        scal(x, f->name);
        put(x, ": ");
        scal(x, spec);
        put(x, "\n");
    }
    return 1;
}

static void w_kind(Ex *x, const AstNode *k, int ind)
{
    put(x, "kind: ");
    scal(x, k->name);
    put(x, "\n");
    if (!fields_map(x, &k->list, ind))
        return;
    end_decl(x, ind, k->loc.line, NULL);
}

static void w_card(Ex *x, const AstNode *c, int ind)
{
    int line = c->loc2.line ? c->loc2.line : c->loc.line;
    put(x, (c->flags & CARD_CHANGES) ? "set_card: " : "card: ");
    qstr(x, c->text);
    putf(x, "\n%*skind: ", ind, "");
    scal(x, c->name);
    put(x, "\n");
    if (c->ival != 1)
        putf(x, "%*scopies: %lld\n", ind, "", (long long)c->ival);
    Lines l = { { 0 }, 0 };
    values(x, &c->list, line, ind, &l);
    end_decl(x, ind, line, &l);
}

static void names(Ex *x, const AstNode *n)
{
    if (n->list.count == 1) {
        scal(x, n->list.items[0]->name);
        return;
    }
    put(x, "[");
    for (int i = 0; i < n->list.count; i++) {
        if (i)
            put(x, ", ");
        scal(x, n->list.items[i]->name);
    }
    put(x, "]");
}

static void w_zone(Ex *x, const AstNode *z, int ind)
{
    static const struct { int bit; const char *key; } flags[] = {
        { ZONE_PER_PLAYER, "per_player" }, { ZONE_SHARED, "shared" }, { ZONE_ORDERED, "ordered" },
        { ZONE_PUBLIC, "public" }, { ZONE_PRIVATE, "private" }, { ZONE_HIDDEN, "hidden" },
        { ZONE_PER_SPACE, "per_space" },
    };
    put(x, "zone: ");
    names(x, z);
    put(x, "\n");
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (z->flags & flags[i].bit)
            putf(x, "%*s%s: true\n", ind, "", flags[i].key);
    if (z->name) {
        putf(x, "%*sof: ", ind, "");
        scal(x, z->name);
        put(x, "\n");
    }
    end_decl(x, ind, z->loc.line, NULL);
}

static void expr_key(Ex *x, const char *key, const AstNode *e, int ind)
{
    if (!e)
        return;
    putf(x, "%*s%s: ", ind, "", key);
    expr_value(x, e, ind + 2);
    put(x, "\n");
}

/* dims_key: an array's indices (AST_DIMS d, or NULL: none) as
   `index: [player, side, colour, "column: 1..5"]`. */
static void dims_key(Ex *x, const AstNode *d, int ind)
{
    if (!d)
        return;
    putf(x, "%*sindex: [", ind, "");
    for (int i = 0; i < d->list.count; i++) {
        const AstNode *dim = d->list.items[i];
        put(x, i ? ", " : "");
        if (dim->op == 'p')
            put(x, "player");
        else if (dim->op == 's')
            put(x, "side");
        else if (dim->op == 'n')
            scal(x, dim->name);
        else if (dim->name)
            putf(x, "\"%s: %lld..%lld\"", dim->name, (long long)dim->ival, (long long)dim->ival2);
        else
            putf(x, "\"%lld..%lld\"", (long long)dim->ival, (long long)dim->ival2);
    }
    put(x, "]\n");
}

static void w_counter(Ex *x, const AstNode *c, int ind)
{
    put(x, "counter: ");
    names(x, c);
    put(x, "\n");
    if (c->flags & DECL_PER_PLAYER)
        putf(x, "%*sper_player: true\n", ind, "");
    expr_key(x, "init", c->a, ind);
    expr_key(x, "min", c->b, ind);
    expr_key(x, "max", c->c, ind);
    dims_key(x, c->d, ind);
    end_decl(x, ind, c->loc.line, NULL);
}

static void w_var(Ex *x, const AstNode *v, int ind)
{
    put(x, "var: ");
    scal(x, v->name);
    putf(x, "\n%*stype: %s\n", ind, "", type_text(v->type, v->name2));
    if (v->flags & DECL_PER_PLAYER)
        putf(x, "%*sper_player: true\n", ind, "");
    if (v->flags & VAR_PRIVATE)
        putf(x, "%*sprivate: true\n", ind, "");
    expr_key(x, "init", v->a, ind);
    dims_key(x, v->d, ind);
    end_decl(x, ind, v->loc.line, NULL);
}

static void w_const(Ex *x, const AstNode *c, int ind)
{
    put(x, "const: ");
    scal(x, c->name);
    put(x, "\n");
    expr_key(x, "value", c->a, ind);
    end_decl(x, ind, c->loc.line, NULL);
}

static void w_function(Ex *x, const AstNode *f, int ind)
{
    put(x, "function: ");
    scal(x, f->name);
    put(x, "\n");
    params(x, &f->list, ind);
    putf(x, "%*stype: %s\n", ind, "", type_text(f->type, f->name2));
    putf(x, "%*sbody: ", ind, "");
    PrintResult r = print_or_fail(x, f->a, 0);
    if (r.text)
        script_value(x, r.text, ind + 2);
    put(x, "\n");
    Lines l = { { 0 }, 0 };
    lines_add(&l, "body", f->loc.line, r.first_line, f->loc.line, 0);
    end_decl(x, ind, f->loc.line, &l);
}

/* A flow list of the names of l whose FACE_WILD flag is `wild`. */
static void name_flow(Ex *x, const AstList *l, int wild)
{
    put(x, "[");
    int k = 0;
    for (int i = 0; i < l->count; i++) {
        if (((l->items[i]->flags & FACE_WILD) != 0) != wild)
            continue;
        if (k++)
            put(x, ", ");
        const AstNode *f = l->items[i];
        if (f->kind == AST_INT) {   /* a number face */
            putf(x, "%lld", (long long)f->ival);
        } else if (f->kind == AST_FACE) {   /* a face of several symbols: "hit x2 + focus" */
            put(x, "\"");
            for (int t = 0; t < f->list.count; t++) {
                put(x, t ? " + " : "");
                put(x, f->list.items[t]->name);
                if (f->list.items[t]->ival)
                    putf(x, " x%lld", (long long)f->list.items[t]->ival);
            }
            put(x, "\"");
        } else {
            scal(x, f->name);
        }
    }
    put(x, "]");
}

static int count_wild(const AstList *l)
{
    int n = 0;
    for (int i = 0; i < l->count; i++)
        n += (l->items[i]->flags & FACE_WILD) != 0;
    return n;
}

static void title_key(Ex *x, const char *title, int ind)
{
    if (!title)
        return;
    putf(x, "%*stitle: ", ind, "");
    qstr(x, title);
    put(x, "\n");
}

static void w_enum(Ex *x, const AstNode *e, int ind)
{
    put(x, "enum: ");
    scal(x, e->name);
    putf(x, "\n%*svalues: ", ind, "");
    name_flow(x, &e->list, 0);
    put(x, "\n");
    end_decl(x, ind, e->loc.line, NULL);
}

/* w_view: {view: [NAME | {per_player: NAME} | {map: MAP, by: FIELD, show: [NAME...]}...],
   hidden: [NAME...]}. */
static void w_view(Ex *x, const AstNode *v, int ind)
{
    put(x, "view: [");
    int k = 0, nhidden = 0;
    for (int i = 0; i < v->list.count; i++) {
        const AstNode *it = v->list.items[i];
        if (it->flags & VIEW_HIDDEN) {
            nhidden++;
            continue;
        }
        put(x, k++ ? ", " : "");
        if (it->flags & VIEW_MAP) {
            put(x, "{map: ");
            scal(x, it->name);
            if (it->text) {
                put(x, ", by: ");
                scal(x, it->text);
            }
            put(x, ", show: [");
            for (int j = 0; j < it->list.count; j++) {
                put(x, j ? ", " : "");
                scal(x, it->list.items[j]->name);
            }
            put(x, "]}");
        } else if (it->flags & DECL_PER_PLAYER) {
            put(x, "{per_player: ");
            scal(x, it->name);
            put(x, "}");
        } else {
            scal(x, it->name);
        }
    }
    put(x, "]\n");
    if (nhidden) {
        putf(x, "%*shidden: [", ind, "");
        for (int i = 0, h = 0; i < v->list.count; i++)
            if (v->list.items[i]->flags & VIEW_HIDDEN) {
                put(x, h++ ? ", " : "");
                scal(x, v->list.items[i]->name);
            }
        put(x, "]\n");
    }
    end_decl(x, ind, v->loc.line, NULL);
}

static void w_die(Ex *x, const AstNode *d, int ind)
{
    put(x, "die: ");
    scal(x, d->name);
    put(x, "\n");
    title_key(x, d->text, ind);
    if (d->ival != 1)
        putf(x, "%*scopies: %lld\n", ind, "", (long long)d->ival);
    if (d->flags & DIE_INTERCHANGEABLE)
        putf(x, "%*sinterchangeable: true\n", ind, "");
    putf(x, "%*sfaces: ", ind, "");
    name_flow(x, &d->list, 0);
    put(x, "\n");
    if (count_wild(&d->list)) {
        putf(x, "%*swild: ", ind, "");
        name_flow(x, &d->list, 1);
        put(x, "\n");
    }
    if (d->b && !fields_map(x, &d->b->list, ind))   /* its states */
        return;
    end_decl(x, ind, d->loc.line, NULL);
}

/* The value of a card item (not an ability) after "key: ". */
static void item_value(Ex *x, const AstNode *it)
{
    const AstNode *v = it->a;
    if (!v)
        put(x, "true");
    else if (v->kind == AST_INT)
        putf(x, "%lld", (long long)v->ival);
    else if (v->kind == AST_BOOL)
        put(x, v->ival ? "true" : "false");
    else if (v->kind == AST_STRING)
        qstr(x, v->text);
    else if (v->kind == AST_NAME)
        scal(x, v->name);
    else {
        diag_error(x->d, v->loc, "internal error: cannot write this card value (a %s) to YAML", ast_kind_name(v->kind));
        x->failed = 1;
    }
}

/* The items of a card or a board row under "values:", scripts' lines to l. */
static void values(Ex *x, const AstList *items, int line, int ind, Lines *l)
{
    if (items->count)
        putf(x, "%*svalues:\n", ind, "");
    for (int i = 0; i < items->count; i++) {
        const AstNode *it = items->items[i];
        if (it->b) {
            script_key(x, it->name, it->b, it->loc.line, line, ind + 2, l);
            continue;
        }
        putf(x, "%*s", ind + 2, "");
        scal(x, it->name);
        put(x, ": ");
        item_value(x, it);
        put(x, "\n");
    }
}

/* The provenance of a board row's symbols when they are not all on the
   row's line: "symbols: [LINE...]" added to l. */
static void symbol_lines(const AstNode *row, Lines *l)
{
    int spread = 0;
    for (int i = 0; i < row->list.count; i++)
        spread |= row->list.items[i]->loc.line != row->loc.line;
    if (!spread)
        return;
    size_t len = l->len;
    int n = snprintf(l->buf + len, sizeof l->buf - len, "%ssymbols: [", len ? ", " : "");
    for (int i = 0; n > 0 && (size_t)n < sizeof l->buf - len && i <= row->list.count; i++) {
        len += (size_t)n;
        n = i < row->list.count ? snprintf(l->buf + len, sizeof l->buf - len, "%s%d", i ? ", " : "", row->list.items[i]->loc.line)
                                : snprintf(l->buf + len, sizeof l->buf - len, "]");
    }
    if (n > 0 && (size_t)n < sizeof l->buf - len)
        l->len = len + (size_t)n;
}

/* A board row: one flow mapping "- {symbols: [...], values: {...}, origin: N}"
   when its values are plain, else a block mapping (abilities are scripts). */
static void w_row(Ex *x, const AstNode *row, int ind)
{
    int line = row->loc.line, scripts = 0;
    const AstList *items = row->b ? &row->b->list : NULL;
    for (int i = 0; items && i < items->count; i++)
        scripts |= items->items[i]->b != NULL;
    Lines l = { { 0 }, 0 };
    putf(x, "%*s- ", ind, "");
    if (scripts) {
        put(x, "symbols: ");
        name_flow(x, &row->list, 0);
        put(x, "\n");
        values(x, items, line, ind + 2, &l);
        symbol_lines(row, &l);
        end_decl(x, ind + 2, line, &l);
        return;
    }
    put(x, "{symbols: ");
    name_flow(x, &row->list, 0);
    if (items && items->count) {
        put(x, ", values: {");
        for (int i = 0; i < items->count; i++) {
            put(x, i ? ", " : "");
            scal(x, items->items[i]->name);
            put(x, ": ");
            item_value(x, items->items[i]);
        }
        put(x, "}");
    }
    putf(x, ", origin: %d", line);
    symbol_lines(row, &l);
    if (l.len)
        putf(x, ", lines: {%s}", l.buf);
    put(x, "}\n");
}

static void w_board(Ex *x, const AstNode *b, int ind)
{
    put(x, "board: ");
    scal(x, b->name);
    put(x, "\n");
    title_key(x, b->text, ind);
    putf(x, "%*sof: ", ind, "");
    scal(x, b->name2 ? b->name2 : "?");
    put(x, "\n");
    if (b->list.count)
        putf(x, "%*srows:\n", ind, "");
    for (int r = 0; r < b->list.count && !x->failed; r++)
        w_row(x, b->list.items[r], ind + 2);
    end_decl(x, ind, b->loc.line, NULL);
}

/* A map's space: "- {space: ID, title: ..., region: R, values: {...}, origin: N}";
   an ability value (a script) cannot be written here yet (an error). */
static void w_space(Ex *x, const AstNode *r, const AstNode *sp, int ind)
{
    putf(x, "%*s- {space: ", ind, "");
    scal(x, sp->name);
    if (sp->text) {
        put(x, ", title: ");
        qstr(x, sp->text);
    }
    if (r->name) {
        put(x, ", region: ");
        scal(x, r->name);
    }
    const AstList *items = sp->b ? &sp->b->list : NULL;
    if (items && items->count) {
        put(x, ", values: {");
        for (int i = 0; i < items->count && !x->failed; i++) {
            if (items->items[i]->b) {
                diag_error(x->d, items->items[i]->loc, "cannot write a map space's ability to YAML yet");
                x->failed = 1;
                return;
            }
            put(x, i ? ", " : "");
            scal(x, items->items[i]->name);
            put(x, ": ");
            item_value(x, items->items[i]);
        }
        put(x, "}");
    }
    putf(x, ", origin: %d}\n", sp->loc.line);
}

/* map -> {map, title, of, symmetric, spaces: [SPACE...], adjacency: {SPACE: [NAME...]}}
   (a space's adjacency lines are joined into one list, in order) */
static void w_map(Ex *x, const AstNode *d, int ind)
{
    put(x, "map: ");
    scal(x, d->name);
    put(x, "\n");
    title_key(x, d->text, ind);
    putf(x, "%*sof: ", ind, "");
    scal(x, d->name2 ? d->name2 : "?");
    putf(x, "\n%*ssymmetric: %s\n", ind, "", d->ival ? "true" : "false");
    int spaces = 0, adjacency = 0;
    for (int i = 0; i < d->list.count; i++) {
        const AstNode *r = d->list.items[i];
        if (r->kind == AST_REGION)
            for (int s = 0; s < r->list.count && !x->failed; s++, spaces++) {
                if (!spaces)
                    putf(x, "%*sspaces:\n", ind, "");
                w_space(x, r, r->list.items[s], ind + 2);
            }
    }
    for (int i = 0; i < d->list.count; i++) {
        const AstNode *a = d->list.items[i];
        int first = 1;
        for (int j = 0; j < i && first; j++)
            first = d->list.items[j]->kind != AST_ADJACENT || strcmp(d->list.items[j]->name, a->name) != 0;
        if (a->kind != AST_ADJACENT || !first)
            continue;
        if (!adjacency++)
            putf(x, "%*sadjacency:\n", ind, "");
        putf(x, "%*s", ind + 2, "");
        scal(x, a->name);
        put(x, ": [");
        for (int j = i, n = 0; j < d->list.count; j++) {
            const AstNode *b = d->list.items[j];
            if (b->kind != AST_ADJACENT || strcmp(b->name, a->name) != 0)
                continue;
            for (int k = 0; k < b->list.count; k++, n++) {
                put(x, n ? ", " : "");
                scal(x, b->list.items[k]->name);
            }
        }
        put(x, "]\n");
    }
    end_decl(x, ind, d->loc.line, NULL);
}

static void params(Ex *x, const AstList *ps, int ind)
{
    if (!ps->count)
        return;
    putf(x, "%*sparams: {", ind, "");
    for (int i = 0; i < ps->count; i++) {
        const AstNode *p = ps->items[i];
        put(x, i ? ", " : "");
        scal(x, p->name);
        putf(x, ": %s", type_text(p->type, p->name2));
    }
    put(x, "}\n");
}

static void w_procedure(Ex *x, const AstNode *p, int ind)
{
    put(x, "procedure: ");
    scal(x, p->name);
    put(x, "\n");
    params(x, &p->list, ind);
    Lines l = { { 0 }, 0 };
    script_key(x, "script", p->b, p->loc.line, p->loc.line, ind, &l);
    end_decl(x, ind, p->loc.line, &l);
}

static void w_remove_board(Ex *x, const AstNode *r, int ind)
{
    put(x, "remove_board: ");
    scal(x, r->name);
    put(x, "\n");
    end_decl(x, ind, r->loc.line, NULL);
}

/* One layout word as written in .cards (numbers are in thousandths). */
static const char *layout_word(Ex *x, const AstNode *w)
{
    if (w->kind == AST_NAME)
        return w->name;
    if (w->kind == AST_STRING)
        return print_string_literal(x->a, w->text ? w->text : "");
    if (w->kind == AST_INT) {
        long long v = (long long)w->ival, a = v < 0 ? -v : v;
        if (a % 1000 == 0)
            return arena_printf(x->a, "%lld", v / 1000);
        char frac[8];
        snprintf(frac, sizeof frac, "%03lld", a % 1000);
        for (int k = 2; k > 0 && frac[k] == '0'; k--)
            frac[k] = '\0';
        return arena_printf(x->a, "%s%lld.%s", v < 0 ? "-" : "", a / 1000, frac);
    }
    return NULL;
}

/* A layout item string: plain when YAML reads it back as is, else single-quoted. */
static void layout_item(Ex *x, const char *s)
{
    int plain = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_';
    for (const char *p = s; *p && plain; p++)
        plain = !(*p == ':' || (*p == '#' && p > s && p[-1] == ' ') || *p == '\'');
    if (plain) {
        put(x, s);
        return;
    }
    put(x, "'");
    for (const char *p = s; *p; p++)
        put(x, *p == '\'' ? "''" : (char[]){ *p, '\0' });
    put(x, "'");
}

/* The words of a layout body as items: the words of one source line make
   one item string; `back { ... }` is a mapping {back: ITEMS}. */
/* The item lines of a layout, in writing order (provenance). */
typedef struct ItemLines {
    char buf[4096];
    size_t len;
    int spread;     /* some item is not on the layout's line */
    int line;       /* the layout's line */
} ItemLines;

static void item_line(ItemLines *il, int line)
{
    int n = snprintf(il->buf + il->len, sizeof il->buf - il->len, "%s%d", il->len ? ", " : "", line);
    if (n > 0 && (size_t)n < sizeof il->buf - il->len)
        il->len += (size_t)n;
    il->spread |= line != il->line;
}

static void layout_list(Ex *x, const AstList *w, int ind, ItemLines *il)
{
    for (int i = 0; i < w->count && !x->failed;) {
        const AstNode *n = w->items[i];
        if (n->kind == AST_NAME && strcmp(n->name, "back") == 0 && i + 1 < w->count
            && w->items[i + 1]->kind == AST_LAYOUT_BLOCK) {
            putf(x, "%*s- back:", ind, "");
            item_line(il, n->loc.line);
            if (w->items[i + 1]->list.count) {
                put(x, "\n");
                layout_list(x, &w->items[i + 1]->list, ind + 4, il);
            } else {
                put(x, " []\n");
            }
            i += 2;
            continue;
        }
        char *line = arena_strdup(x->a, "");
        int first = i;
        for (; i < w->count && w->items[i]->loc.line == n->loc.line && w->items[i]->kind != AST_LAYOUT_BLOCK; i++) {
            const AstNode *wi = w->items[i];
            if (i > first && wi->kind == AST_NAME && strcmp(wi->name, "back") == 0 && i + 1 < w->count
                && w->items[i + 1]->kind == AST_LAYOUT_BLOCK)
                break;
            const char *t = layout_word(x, wi);
            if (!t)
                break;
            int glue = i == first || (wi->kind == AST_NAME && strcmp(wi->name, ",") == 0);
            line = arena_printf(x->a, "%s%s%s", line, glue ? "" : " ", t);
        }
        if (i == first) {
            diag_error(x->d, n->loc, "internal error: cannot write this layout word (a %s) to YAML", ast_kind_name(n->kind));
            x->failed = 1;
            return;
        }
        item_line(il, n->loc.line);
        putf(x, "%*s- ", ind, "");
        layout_item(x, line);
        put(x, "\n");
    }
}

static void w_layout(Ex *x, const AstNode *l, int ind)
{
    put(x, "layout: ");
    scal(x, l->name);
    put(x, "\n");
    ItemLines il = { { 0 }, 0, 0, l->loc.line };
    if (l->list.count) {
        putf(x, "%*sitems:\n", ind, "");
        layout_list(x, &l->list, ind + 2, &il);
    }
    putf(x, "%*sorigin: %d\n", ind, "", l->loc.line);
    if (il.spread)
        putf(x, "%*slines: {items: [%s]}\n", ind, "", il.buf);
}

/* setup, round and (in variants) phase: "key: SCRIPT" */
static void w_script_decl(Ex *x, const char *key, const AstNode *n, int ind)
{
    Lines l = { { 0 }, 0 };
    PrintResult r = print_or_fail(x, n->b, 1);
    putf(x, "%s: ", key);
    if (r.text)
        script_value(x, r.text, ind + 2);
    put(x, "\n");
    lines_add(&l, key, n->loc.line, r.first_line, n->loc.line, 1);
    end_decl(x, ind, n->loc.line, &l);
}

static void w_setup(Ex *x, const AstNode *n, int ind) { w_script_decl(x, "setup", n, ind); }
static void w_round(Ex *x, const AstNode *n, int ind) { w_script_decl(x, "round", n, ind); }

static void w_set(Ex *x, const AstNode *s, int ind)
{
    put(x, "set: ");
    scal(x, s->name);
    put(x, "\n");
    expr_key(x, "value", s->a, ind);
    end_decl(x, ind, s->loc.line, NULL);
}

static void w_remove_card(Ex *x, const AstNode *r, int ind)
{
    put(x, "remove_card: ");
    qstr(x, r->text);
    put(x, "\n");
    end_decl(x, ind, r->loc.line, NULL);
}

static void w_phase(Ex *x, const AstNode *p, int ind)
{
    put(x, "phase: ");
    scal(x, p->name);
    put(x, "\n");
    Lines l = { { 0 }, 0 };
    script_key(x, "script", p->b, p->loc.line, p->loc.line, ind, &l);
    end_decl(x, ind, p->loc.line, &l);
}

static void write_items(Ex *x, const AstList *items, int ind, int variant);

static void w_variant(Ex *x, const AstNode *v, int ind)
{
    put(x, "variant: ");
    scal(x, v->name);
    putf(x, "\n%*sof: ", ind, "");
    scal(x, v->name2);
    put(x, "\n");
    if (v->text) {
        putf(x, "%*stitle: ", ind, "");
        qstr(x, v->text);
        put(x, "\n");
    }
    if (v->a) {   /* a family: for v in A..B */
        putf(x, "%*sfor: ", ind, "");
        scal(x, v->a->name);
        putf(x, "\n%*sin: %lld..%lld\n", ind, "", (long long)v->a->ival, (long long)v->a->ival2);
    }
    if (v->list.count) {
        putf(x, "%*sitems:\n", ind, "");
        write_items(x, &v->list, ind, 1);
    }
    end_decl(x, ind, v->loc.line, NULL);
}

/* The writer of each declaration kind (top level and in variants). */
static const struct { AstKind kind; WriteFn top, in_variant; } writers[] = {
    { AST_GAME, w_game, NULL },
    { AST_KIND, w_kind, NULL },
    { AST_CARD, w_card, w_card },
    { AST_ZONE, w_zone, NULL },
    { AST_COUNTER, w_counter, NULL },
    { AST_VAR, w_var, NULL },
    { AST_CONST, w_const, NULL },
    { AST_FUNCTION, w_function, NULL },
    { AST_SETUP, w_setup, w_setup },
    { AST_ROUND, w_round, w_round },
    { AST_ENUM, w_enum, NULL },
    { AST_DIE, w_die, NULL },
    { AST_BOARD, w_board, NULL },
    { AST_MAP, w_map, NULL },
    { AST_PROCEDURE, w_procedure, NULL },
    { AST_LAYOUT, w_layout, NULL },
    { AST_VARIANT, w_variant, NULL },
    { AST_VIEW, w_view, NULL },
    { AST_SET, NULL, w_set },
    { AST_REMOVE_CARD, NULL, w_remove_card },
    { AST_REMOVE_BOARD, NULL, w_remove_board },
    { AST_PHASE, NULL, w_phase },
};

static void write_items(Ex *x, const AstList *items, int ind, int variant)
{
    for (int i = 0; i < items->count && !x->failed; i++) {
        const AstNode *n = items->items[i];
        WriteFn w = NULL;
        for (size_t k = 0; k < sizeof writers / sizeof writers[0]; k++)
            if (writers[k].kind == n->kind)
                w = variant ? writers[k].in_variant : writers[k].top;
        if (!w) {
            diag_error(x->d, n->loc, "cannot write a '%s' %s to YAML yet (docs/formats.md lists what can be)",
                       ast_kind_name(n->kind), variant ? "variant item" : "declaration");
            x->failed = 1;
            return;
        }
        putf(x, "%*s- ", ind, "");
        w(x, n, ind + 2);
    }
}

char *export_yaml_text(Diag *d, Arena *arena, const AstProgram *prog, int file)
{
    Ex x_ = {d, arena, {NULL, 0, 0}, 0};
    Ex *x = &x_;
    const char *path = file >= 0 && file < d->nsources ? d->sources[file].path : "?";
    put(x, "# exported by cardc from ");
    put(x, path);
    put(x, " (the YAML form of the .cards language: docs/formats.md).\n");
    put(x, "# 'source', 'origin' and 'lines' record where each declaration came from, so that this file\n"
           "# compiles to the same C; delete them from a declaration you edit.\n");
    put(x, "source: ");
    qstr(x, path);
    put(x, "\n");
    AstList mine = { 0 };
    for (int i = 0; i < prog->decls.count; i++) {
        AstNode *n = prog->decls.items[i];
        Loc l = n->kind == AST_CARD && n->loc2.line ? n->loc2 : n->loc;
        if (l.file == file)
            ast_push(arena, &mine, n);
    }
    if (mine.count == 0)
        put(x, "declarations: []\n");
    else {
        put(x, "declarations:\n");
        write_items(x, &mine, 2, 0);
    }
    if (x->failed) {
        buf_free(&x->out);
        return NULL;
    }
    return buf_take(&x->out, arena);
}

static const char *base_of(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static size_t stem_len(const char *base)
{
    const char *dot = strrchr(base, '.');
    return dot && dot != base ? (size_t)(dot - base) : strlen(base);
}

const char *export_yaml_name(const Diag *d, Arena *arena, int file)
{
    const char *b = base_of(d->sources[file].path);
    size_t n = stem_len(b);
    for (int i = 0; i < d->nsources; i++) {
        if (i == file)
            continue;
        const char *o = base_of(d->sources[i].path);
        if (stem_len(o) == n && strncmp(o, b, n) == 0)
            return arena_printf(arena, "%s.yaml", b);
    }
    return arena_printf(arena, "%.*s.yaml", (int)n, b);
}
