/* yaml_load.c: the YAML front end. Two steps: libyaml's events become a
   small tree of YNodes (checking duplicate keys, nesting depth, anchors and
   the alias expansion bound), then the tree is checked against the schema
   of docs/formats.md and built into AST nodes, declaration by declaration,
   through a table of declaration forms. */
#include "yaml_load.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "parse.h"
#include "strtab.h"
#include "text.h"

/* ---- the YAML tree ------------------------------------------------------------ */

typedef enum YKind { YN_SCALAR, YN_SEQ, YN_MAP } YKind;

/* One node: a scalar, a sequence (items) or a mapping (items: key, value,
   key, value ...). Aliases share the node they name. */
typedef struct YNode {
    YKind kind;
    int line0, col0;        /* libyaml's mark: 0-based line, column in characters */
    int style;              /* scalars: yaml_scalar_style_t */
    const char *value;      /* scalars: NUL-terminated */
    size_t len;
    struct YNode **items;
    int count, cap;
    int height;             /* 1 for a scalar */
    long size;              /* nodes in the subtree, aliases expanded */
    int done;               /* complete (an alias may name it) */
    StrTab *keys;           /* mappings past MAP_INDEX_FROM keys: key -> item index */
} YNode;

/* A mapping with more keys than this indexes them for the duplicate check. */
enum { MAP_INDEX_FROM = 16 };

/* The state of loading one YAML file. */
typedef struct Y {
    Diag *d;
    Arena *a;
    const char *path;
    const char *text;       /* the file's bytes, NUL-terminated */
    size_t len;
    int file;               /* its Diag source index, or -1 until needed */
    int origins;            /* use the provenance keys */
    int src;                /* the Diag index of `source` (origins mode), or -1 */
    size_t *line_start;     /* byte offset of each line */
    int nlines;
    StrTab *anchors;        /* anchor name -> index in anchor_nodes (the latest of a name) */
    YNode **anchor_nodes;
    int nanchors, capanchors;
    long nodes;             /* nodes so far, aliases expanded */
    AstProgram *prog;
    LoadCells *cells;
} Y;

static int yfile(Y *y)
{
    if (y->file < 0)
        y->file = diag_add_source(y->d, y->path, y->text, y->len);
    return y->file;
}

static void index_lines(Y *y)
{
    int n = 1;
    for (size_t i = 0; i < y->len; i++)
        if (y->text[i] == '\n')
            n++;
    y->line_start = arena_alloc(y->a, sizeof(size_t) * (size_t)(n + 1));
    y->line_start[0] = 0;
    int k = 1;
    for (size_t i = 0; i < y->len; i++)
        if (y->text[i] == '\n')
            y->line_start[k++] = i + 1;
    y->nlines = n;
}

/* The location of libyaml's mark (0-based line, column in characters) as a
   Loc of the YAML file (column in bytes). */
static Loc mark_loc(Y *y, int line0, int col0)
{
    Loc l = { yfile(y), line0 + 1, 1 };
    if (line0 < 0 || line0 >= y->nlines)
        return l;
    size_t p = y->line_start[line0];
    int chars = 0;
    while (p < y->len && y->text[p] != '\n' && chars < col0) {
        p++;
        while (p < y->len && ((unsigned char)y->text[p] & 0xC0) == 0x80)
            p++;
        chars++;
    }
    l.col = (int)(p - y->line_start[line0]) + 1;
    return l;
}

static Loc yloc(Y *y, const YNode *n)
{
    return mark_loc(y, n->line0, n->col0);
}

/* The location of a byte offset of the file. */
static Loc offset_loc(Y *y, size_t off)
{
    int line = 0;
    while (line + 1 < y->nlines && y->line_start[line + 1] <= off)
        line++;
    Loc l = { yfile(y), line + 1, (int)(off - y->line_start[line]) + 1 };
    return l;
}

static const char *kind_word(const YNode *n)
{
    return n->kind == YN_MAP ? "a mapping" : n->kind == YN_SEQ ? "a list" : "a string";
}

static YNode *new_node(Y *y, YKind k, const yaml_mark_t *m)
{
    YNode *n = arena_alloc(y->a, sizeof *n);
    n->kind = k;
    n->line0 = (int)m->line;
    n->col0 = (int)m->column;
    n->height = 1;
    n->size = 1;
    return n;
}

static void push_item(Y *y, YNode *parent, YNode *child)
{
    if (parent->count == parent->cap) {
        int cap = parent->cap ? parent->cap * 2 : 8;
        YNode **n = arena_alloc(y->a, sizeof *n * (size_t)cap);
        if (parent->count)
            memcpy(n, parent->items, sizeof *n * (size_t)parent->count);
        parent->items = n;
        parent->cap = cap;
    }
    parent->items[parent->count++] = child;
}

/* Report libyaml's error. */
static void parser_error(Y *y, const yaml_parser_t *p)
{
    const char *problem = p->problem ? p->problem : "cannot parse";
    if (p->error == YAML_READER_ERROR) {
        char msg[96];
        if (p->problem_offset < y->len
            && text_char(y->text + p->problem_offset, y->len - p->problem_offset, TEXT_TAB | TEXT_NEWLINE, msg,
                         sizeof msg) == 0)
            diag_error(y->d, offset_loc(y, p->problem_offset), "%s", msg); /* text.h's words */
        else if (strstr(problem, "UTF-8") || strstr(problem, "octet"))
            diag_error(y->d, offset_loc(y, p->problem_offset), "invalid UTF-8 in YAML file (%s)", problem);
        else
            diag_error(y->d, offset_loc(y, p->problem_offset), "YAML: %s", problem);
        return;
    }
    Loc l = mark_loc(y, (int)p->problem_mark.line, (int)p->problem_mark.column);
    size_t at = l.line - 1 < y->nlines ? y->line_start[l.line - 1] + (size_t)(l.col - 1) : y->len;
    if (at < y->len && y->text[at] == '\t') {
        diag_error(y->d, l, "a tab in YAML indentation: YAML indents with spaces only");
        return;
    }
    if (p->context)
        diag_error(y->d, l, "YAML: %s (%s)", problem, p->context);
    else
        diag_error(y->d, l, "YAML: %s", problem);
}

/* check_text: apply text.h's rule to the scalar n (escapes such as "\x01"
   or "\u0085" can give what the reader lets through); the error is at the
   character in a plain scalar on one line, else at the scalar. Returns 0
   after reporting. */
static int check_text(Y *y, const YNode *n)
{
    char msg[96];
    size_t at = text_check(n->value, n->len, TEXT_TAB | TEXT_NEWLINE, msg, sizeof msg);
    if (at == n->len)
        return 1;
    Loc l = yloc(y, n);
    if (n->style == YAML_PLAIN_SCALAR_STYLE && !memchr(n->value, '\n', at))
        l.col += (int)at;
    diag_error(y->d, l, "%s", msg);
    return 0;
}

/* find_anchor: the node of the latest anchor called name, or NULL (O(1)). */
static YNode *find_anchor(Y *y, const char *name)
{
    int i = y->anchors ? strtab_get(y->anchors, name) : -1;
    return i < 0 ? NULL : y->anchor_nodes[i];
}

/* add_anchor: name n; a later anchor of the same name replaces it (YAML:
   an alias names the most recent node with its anchor). */
static void add_anchor(Y *y, const char *name, YNode *n)
{
    if (!y->anchors)
        y->anchors = strtab_new(y->a);
    if (y->nanchors == y->capanchors) {
        int cap = y->capanchors ? y->capanchors * 2 : 8;
        YNode **a = arena_alloc(y->a, sizeof *a * (size_t)cap);
        if (y->nanchors)
            memcpy(a, y->anchor_nodes, sizeof *a * (size_t)y->nanchors);
        y->anchor_nodes = a;
        y->capanchors = cap;
    }
    y->anchor_nodes[y->nanchors] = n;
    strtab_put(y->anchors, arena_strdup(y->a, name), y->nanchors++);
}

/* find_key: the index in the mapping p of the key equal to n, or -1;
   past MAP_INDEX_FROM keys through p->keys (keys with a NUL inside are
   compared one by one). */
static int find_key(Y *y, YNode *p, const YNode *n)
{
    int plain = strlen(n->value) == n->len;
    if (plain && p->count / 2 >= MAP_INDEX_FROM) {
        if (!p->keys) {
            p->keys = strtab_new(y->a);
            for (int i = 0; i < p->count; i += 2)
                if (strlen(p->items[i]->value) == p->items[i]->len && strtab_get(p->keys, p->items[i]->value) < 0)
                    strtab_put(p->keys, p->items[i]->value, i);
        }
        return strtab_get(p->keys, n->value);
    }
    for (int i = 0; i < p->count; i += 2)
        if (p->items[i]->len == n->len && memcmp(p->items[i]->value, n->value, n->len) == 0)
            return i;
    return -1;
}

/* add_child: attach a finished node to the open collection on top of the
   stack, checking the key of a mapping (a string, not given before). */
static int add_child(Y *y, YNode **stack, int depth, YNode *n)
{
    if (depth == 0)
        return 1;
    YNode *p = stack[depth - 1];
    if (p->kind == YN_MAP && p->count % 2 == 0) {
        if (n->kind != YN_SCALAR) {
            diag_error(y->d, yloc(y, n), "a YAML key must be a string, not %s", kind_word(n));
            return 0;
        }
        int i = find_key(y, p, n);
        if (i >= 0) {
            diag_error(y->d, yloc(y, n), "duplicate key '%s'", n->value);
            diag_note(y->d, yloc(y, p->items[i]), "'%s' was first given here", n->value);
            return 0;
        }
        if (p->keys && strlen(n->value) == n->len)
            strtab_put(p->keys, n->value, p->count);
    }
    push_item(y, p, n);
    return 1;
}

/* read_tree: the single document of the file as a tree; *root NULL for an
   empty file. Returns 0 after reporting an error. */
static int read_tree(Y *y, YNode **root)
{
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) {
        diag_plain(y->d, "out of memory starting libyaml");
        return 0;
    }
    yaml_parser_set_input_string(&p, (const unsigned char *)y->text, y->len);
    YNode *stack[YAML_MAX_DEPTH + 2];
    int depth = 0, ok = 1, docs = 0, done = 0;
    *root = NULL;
    while (ok && !done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev)) {
            parser_error(y, &p);
            ok = 0;
            break;
        }
        YNode *n = NULL;
        const char *anchor = NULL;
        switch (ev.type) {
        case YAML_STREAM_END_EVENT:
            done = 1;
            break;
        case YAML_DOCUMENT_START_EVENT:
            if (++docs > 1) {
                diag_error(y->d, mark_loc(y, (int)ev.start_mark.line, (int)ev.start_mark.column),
                           "a YAML game file holds one document; this is a second one");
                ok = 0;
            }
            break;
        case YAML_SCALAR_EVENT:
            n = new_node(y, YN_SCALAR, &ev.start_mark);
            n->value = arena_strndup(y->a, (const char *)ev.data.scalar.value, ev.data.scalar.length);
            n->len = ev.data.scalar.length;
            n->style = ev.data.scalar.style;
            if (!check_text(y, n))
                ok = 0;
            n->done = 1;
            anchor = (const char *)ev.data.scalar.anchor;
            break;
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
            n = new_node(y, ev.type == YAML_SEQUENCE_START_EVENT ? YN_SEQ : YN_MAP, &ev.start_mark);
            anchor = ev.type == YAML_SEQUENCE_START_EVENT ? (const char *)ev.data.sequence_start.anchor
                                                          : (const char *)ev.data.mapping_start.anchor;
            break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: {
            YNode *c = stack[--depth];
            for (int i = 0; i < c->count; i++) {
                if (c->items[i]->height + 1 > c->height)
                    c->height = c->items[i]->height + 1;
            }
            c->done = 1;
            if (!add_child(y, stack, depth, c))
                ok = 0;
            if (depth > 0)
                stack[depth - 1]->size += c->size;
            else
                *root = c;
            break;
        }
        case YAML_ALIAS_EVENT: {
            const char *name = (const char *)ev.data.alias.anchor;
            YNode *t = find_anchor(y, name);
            Loc l = mark_loc(y, (int)ev.start_mark.line, (int)ev.start_mark.column);
            if (!t) {
                diag_error(y->d, l, "unknown YAML alias '*%s'", name);
                ok = 0;
            } else if (!t->done) {
                diag_error(y->d, l, "the YAML alias '*%s' refers to a node that contains it", name);
                ok = 0;
            } else if (y->nodes + t->size > YAML_MAX_NODES) {
                diag_error(y->d, l, "YAML alias expansion exceeds %d nodes", YAML_MAX_NODES);
                ok = 0;
            } else if (depth + t->height > YAML_MAX_DEPTH) {
                diag_error(y->d, l, "YAML nesting deeper than %d levels", YAML_MAX_DEPTH);
                ok = 0;
            } else {
                y->nodes += t->size;
                if (!add_child(y, stack, depth, t))
                    ok = 0;
                else if (depth > 0)
                    stack[depth - 1]->size += t->size;
                else
                    *root = t;
            }
            break;
        }
        default:
            break;
        }
        if (ok && n) {
            if (++y->nodes > YAML_MAX_NODES) {
                diag_error(y->d, yloc(y, n), "YAML file exceeds %d nodes", YAML_MAX_NODES);
                ok = 0;
            } else {
                if (anchor)
                    add_anchor(y, anchor, n);
                if (n->kind == YN_SCALAR) {
                    if (!add_child(y, stack, depth, n))
                        ok = 0;
                    else if (depth > 0)
                        stack[depth - 1]->size += 1;
                    else
                        *root = n;
                } else if (depth >= YAML_MAX_DEPTH) {
                    diag_error(y->d, yloc(y, n), "YAML nesting deeper than %d levels", YAML_MAX_DEPTH);
                    ok = 0;
                } else {
                    stack[depth++] = n;
                }
            }
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&p);
    return ok;
}

/* ---- schema helpers ------------------------------------------------------------ */

static YNode *get(const YNode *map, const char *key)
{
    for (int i = 0; i + 1 < map->count; i += 2)
        if (strcmp(map->items[i]->value, key) == 0)
            return map->items[i + 1];
    return NULL;
}

static YNode *get_key(const YNode *map, const char *key)
{
    for (int i = 0; i + 1 < map->count; i += 2)
        if (strcmp(map->items[i]->value, key) == 0)
            return map->items[i];
    return NULL;
}

/* check_keys: report every key of map not in allowed (NULL-terminated). */
static int check_keys(Y *y, const YNode *map, const char *const *allowed, const char *what)
{
    int ok = 1, n = 0;
    while (allowed[n])
        n++;
    for (int i = 0; i + 1 < map->count; i += 2) {
        const char *k = map->items[i]->value;
        int found = 0;
        for (int j = 0; j < n && !found; j++)
            found = strcmp(allowed[j], k) == 0;
        if (found)
            continue;
        const char *s = diag_suggest(k, allowed, n);
        if (s)
            diag_error(y->d, yloc(y, map->items[i]), "unknown key '%s' in %s (did you mean '%s'?)", k, what, s);
        else
            diag_error(y->d, yloc(y, map->items[i]), "unknown key '%s' in %s", k, what);
        ok = 0;
    }
    return ok;
}

static int is_null(const YNode *n)
{
    return n->kind == YN_SCALAR && n->style == YAML_PLAIN_SCALAR_STYLE
           && (n->len == 0 || strcmp(n->value, "~") == 0 || strcmp(n->value, "null") == 0);
}

/* scalar: the string value of n, or NULL after reporting that `what` needs one. */
static const char *scalar(Y *y, const YNode *n, const char *what)
{
    if (n->kind != YN_SCALAR) {
        diag_error(y->d, yloc(y, n), "%s must be a string, not %s", what, kind_word(n));
        return NULL;
    }
    return n->value;
}

/* name: a scalar that is a name (an identifier). */
static const char *name_of(Y *y, const YNode *n, const char *what)
{
    const char *s = scalar(y, n, what);
    if (s && !load_is_ident(s)) {
        diag_error(y->d, yloc(y, n), "%s must be a name (letters, digits, '_'), not '%s'", what, s);
        return NULL;
    }
    return s;
}

static int integer(Y *y, const YNode *n, const char *what, int64_t *out)
{
    const char *s = scalar(y, n, what);
    if (!s)
        return 0;
    const char *p = s;
    if (*p == '-')
        p++;
    int64_t v = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9' && v < 10000000000LL; p++, digits++)
        v = v * 10 + (*p - '0');
    if (!digits || *p || v > 2147483647) {
        diag_error(y->d, yloc(y, n), "%s must be an integer, not '%s'", what, s);
        return 0;
    }
    *out = s[0] == '-' ? -v : v;
    return 1;
}

static int boolean(Y *y, const YNode *n, const char *what, int *out)
{
    const char *s = scalar(y, n, what);
    if (!s)
        return 0;
    if (strcmp(s, "true") == 0)
        *out = 1;
    else if (strcmp(s, "false") == 0)
        *out = 0;
    else {
        diag_error(y->d, yloc(y, n), "%s must be true or false, not '%s'", what, s);
        return 0;
    }
    return 1;
}

static const YNode *need(Y *y, const YNode *map, const char *key, const char *what)
{
    const YNode *v = get(map, key);
    if (!v)
        diag_error(y->d, yloc(y, map), "%s needs the key '%s'", what, key);
    return v;
}

static AstType type_of(Y *y, const YNode *n, const char *what, const char **name2)
{
    static const struct { const char *name; AstType t; } types[] = {
        { "int", TY_INT }, { "bool", TY_BOOL }, { "text", TY_TEXT }, { "side", TY_SIDE },
        { "ability", TY_ABILITY }, { "player", TY_PLAYER }, { "card", TY_CARD },
    };
    const char *s = scalar(y, n, what);
    if (!s)
        return TY_NONE;
    const char *names[8];
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        if (strcmp(types[i].name, s) == 0)
            return types[i].t;
        names[i] = types[i].name;
    }
    if (load_is_ident(s) && name2) {
        *name2 = s; /* a declared enum */
        return TY_NAMED;
    }
    const char *sug = diag_suggest(s, names, 7);
    if (sug)
        diag_error(y->d, yloc(y, n), "unknown type '%s' (did you mean '%s'?)", s, sug);
    else
        diag_error(y->d, yloc(y, n), "unknown type '%s' (int, bool, text, side, ability, player or card)", s);
    return TY_NONE;
}

/* ---- provenance and scripts ------------------------------------------------------- */

/* The location of a declaration: its `origin` line in `source` (origins
   mode), else the YAML position of its first key. */
static Loc decl_loc(Y *y, const YNode *map)
{
    const YNode *o = y->origins && y->src >= 0 ? get(map, "origin") : NULL;
    int64_t line;
    if (o && o->kind == YN_SCALAR && integer(y, o, "'origin'", &line) && line > 0) {
        Loc l = { y->src, (int)line, 1 };
        return l;
    }
    return map->count ? yloc(y, map->items[0]) : yloc(y, map);
}

/* The location of the key `key` of map (for the node it makes) and, in
   origins mode, the source line of the first line of its script or
   expression value (*script_line; 0 if not known). block: a script (whose
   first line defaults to the line after the key's). */
static Loc key_loc(Y *y, const YNode *map, const char *key, int block, int *script_line)
{
    *script_line = 0;
    if (y->origins && y->src >= 0 && get(map, "origin")) {
        Loc l = decl_loc(y, map);
        const YNode *lines = get(map, "lines");
        const YNode *e = lines && lines->kind == YN_MAP ? get(lines, key) : NULL;
        int64_t kl = l.line, sl = 0;
        if (e && e->kind == YN_SCALAR)
            integer(y, e, "a line", &kl);
        else if (e && e->kind == YN_SEQ && e->count == 2) {
            integer(y, e->items[0], "a line", &kl);
            integer(y, e->items[1], "a line", &sl);
        }
        l.line = (int)kl;
        *script_line = sl ? (int)sl : (int)kl + block;
        return l;
    }
    const YNode *k = get_key(map, key);
    return k ? yloc(y, k) : yloc(y, map);
}

/* script_text: the text of the scalar n to parse as a script or expression
   and, in *base, where its first character is. In origins mode (line > 0)
   the base is that source line; otherwise the scalar's own position in the
   YAML file: for a literal block (`|`) every line is re-indented as in the
   file so that columns match too. */
static const char *script_text(Y *y, const YNode *n, int line, Loc *base)
{
    if (line > 0) {
        base->file = y->src;
        base->line = line;
        base->col = 1;
        return n->value;
    }
    *base = yloc(y, n);
    if (n->style == YAML_SINGLE_QUOTED_SCALAR_STYLE || n->style == YAML_DOUBLE_QUOTED_SCALAR_STYLE)
        base->col++;
    if (n->style != YAML_LITERAL_SCALAR_STYLE && n->style != YAML_FOLDED_SCALAR_STYLE)
        return n->value;
    /* the content starts on the line after the indicator */
    base->line++;
    base->col = 1;
    int first = n->line0 + 1;
    int indent = 0;
    for (int l = first; l < y->nlines; l++) {
        const char *s = y->text + y->line_start[l];
        int sp = 0;
        while (s[sp] == ' ')
            sp++;
        if (s[sp] != '\n' && s[sp] != '\r' && s[sp] != '\0') {
            indent = sp;
            break;
        }
    }
    int lead = 0;
    const char *v = n->value;
    while (v[lead] == '\n')
        lead++;
    int vsp = 0;
    while (v[lead + vsp] == ' ')
        vsp++;
    indent -= vsp;
    if (indent <= 0)
        return n->value;
    if (n->style == YAML_FOLDED_SCALAR_STYLE) {
        base->col = indent + 1;
        return n->value;
    }
    size_t lines = 1;
    for (const char *p = v; *p; p++)
        lines += *p == '\n';
    char *o = arena_alloc(y->a, n->len + lines * (size_t)indent + 1);
    size_t j = 0;
    int at_start = 1;
    for (const char *p = v; *p; p++) {
        if (at_start && *p != '\n') {
            memset(o + j, ' ', (size_t)indent);
            j += (size_t)indent;
        }
        o[j++] = *p;
        at_start = *p == '\n';
    }
    o[j] = '\0';
    return o;
}

/* expr_at: the expression under key of map, or NULL (reported). */
static AstNode *expr_at(Y *y, const YNode *map, const char *key, const char *what)
{
    const YNode *n = get(map, key);
    if (!n)
        return NULL;
    const char *s = scalar(y, n, what);
    if (!s)
        return NULL;
    int line;
    key_loc(y, map, key, 0, &line);
    Loc base;
    const char *text = script_text(y, n, line, &base);
    return parse_expr_string(y->d, y->a, text, base);
}

/* block_at: the script under key of map as an AST_BLOCK, or NULL. */
static AstNode *block_at(Y *y, const YNode *map, const char *key, const char *what)
{
    const YNode *n = get(map, key);
    if (!n)
        return NULL;
    if (is_null(n)) {
        int line;
        return ast_new(y->a, AST_BLOCK, key_loc(y, map, key, 1, &line));
    }
    const char *s = scalar(y, n, what);
    if (!s)
        return NULL;
    int line;
    key_loc(y, map, key, 1, &line);
    Loc base;
    const char *text = script_text(y, n, line, &base);
    return parse_block_string(y->d, y->a, text, base);
}

/* names_at: a name or a list of names as AST_NAME nodes. */
static AstList names_at(Y *y, const YNode *n, Loc loc, const char *what)
{
    AstList l = { 0 };
    if (n->kind == YN_SEQ) {
        for (int i = 0; i < n->count; i++) {
            const char *s = name_of(y, n->items[i], what);
            if (s) {
                AstNode *nm = ast_new(y->a, AST_NAME, y->origins && y->src >= 0 ? loc : yloc(y, n->items[i]));
                nm->name = s;
                ast_push(y->a, &l, nm);
            }
        }
        if (n->count == 0)
            diag_error(y->d, yloc(y, n), "%s needs at least one name", what);
        return l;
    }
    const char *s = name_of(y, n, what);
    if (s) {
        AstNode *nm = ast_new(y->a, AST_NAME, loc);
        nm->name = s;
        ast_push(y->a, &l, nm);
    }
    return l;
}

/* ---- declarations ------------------------------------------------------------------ */

typedef AstNode *(*BuildFn)(Y *y, const YNode *map, Loc loc);

/* One declaration form: the key that names it, its builder, its keys. */
typedef struct DeclForm {
    const char *tag;
    BuildFn build;
    const char *keys[12];
} DeclForm;

/* game -> {game: NAME, title?, players: N | "A..B", sides?: {NAME: TITLE | ~}} */
static AstNode *build_game(Y *y, const YNode *m, Loc loc)
{
    AstNode *g = ast_new(y->a, AST_GAME, loc);
    g->loc2 = loc;
    g->name = name_of(y, get(m, "game"), "the game's id");
    const YNode *t = get(m, "title");
    if (t && !is_null(t))
        g->text = scalar(y, t, "'title'");
    const YNode *p = get(m, "players");
    if (p) {
        const char *s = scalar(y, p, "'players'");
        if (s) {
            AstNode *pl = ast_new(y->a, AST_PLAYERS, y->origins && y->src >= 0 ? loc : yloc(y, p));
            const char *dots = strstr(s, "..");
            if (dots) {
                /* A..B: the checker reports a count out of range as written */
                const char *parts[2] = { s, dots + 2 };
                size_t lens[2] = { (size_t)(dots - s), strlen(dots + 2) };
                int64_t v[2] = { 0, 0 };
                for (int k = 0; k < 2; k++) {
                    size_t digits = strspn(parts[k], "0123456789");
                    if (digits == 0 || digits != lens[k]) {
                        diag_error(y->d, yloc(y, p), "'players' (N or A..B) must be an integer or a range, not '%s'", s);
                        return g;
                    }
                    if (digits > 18) {
                        diag_error(y->d, yloc(y, p), "a game has 1 to 8 players, not %.*s", (int)digits, parts[k]);
                        return g;
                    }
                    for (size_t i = 0; i < digits; i++)
                        v[k] = v[k] * 10 + (parts[k][i] - '0');
                }
                pl->ival = v[0];
                pl->ival2 = v[1];
            } else {
                int64_t v;
                if (!integer(y, p, "'players' (N or A..B)", &v))
                    return g;
                pl->ival = pl->ival2 = v;
            }
            ast_push(y->a, &g->list, pl);
        }
    }
    const YNode *sides = get(m, "sides");
    if (sides) {
        if (sides->kind != YN_MAP) {
            diag_error(y->d, yloc(y, sides), "'sides' must be a mapping from side names to titles, not %s",
                       kind_word(sides));
            return g;
        }
        for (int i = 0; i + 1 < sides->count; i += 2) {
            const char *n = name_of(y, sides->items[i], "a side");
            if (!n)
                continue;
            AstNode *s = ast_new(y->a, AST_SIDE, y->origins && y->src >= 0 ? loc : yloc(y, sides->items[i]));
            s->name = n;
            if (!is_null(sides->items[i + 1]))
                s->text = scalar(y, sides->items[i + 1], "a side's title");
            ast_push(y->a, &g->list, s);
        }
    }
    return g;
}

/* field spec -> ["state"] TYPE ["?"] ["=" EXPR] */
static AstNode *build_field(Y *y, const YNode *key, const YNode *val, Loc loc)
{
    AstNode *f = ast_new(y->a, AST_FIELD, loc);
    f->loc2 = loc;
    f->name = name_of(y, key, "a field");
    const char *s = scalar(y, val, "a field's type");
    if (!f->name || !s)
        return NULL;
    const char *p = s;
    while (*p == ' ')
        p++;
    if (strncmp(p, "state ", 6) == 0) {
        f->flags |= FIELD_STATE;
        p += 6;
        while (*p == ' ')
            p++;
        if (strncmp(p, "keep ", 5) == 0) {
            f->flags |= FIELD_KEEP;
            p += 5;
            while (*p == ' ')
                p++;
        }
    }
    size_t n = 0;
    while (p[n] && p[n] != ' ' && p[n] != '?' && p[n] != '=')
        n++;
    YNode tn = *val;
    tn.value = arena_strndup(y->a, p, n);
    tn.len = n;
    tn.col0 += (int)(p - s) + (val->style == YAML_DOUBLE_QUOTED_SCALAR_STYLE || val->style == YAML_SINGLE_QUOTED_SCALAR_STYLE);
    f->type = type_of(y, &tn, "a field's type", &f->name2);
    if (f->type == TY_NONE)
        return NULL;
    p += n;
    while (*p == ' ')
        p++;
    if (*p == '?') {
        if (f->flags & FIELD_STATE) {
            diag_error(y->d, yloc(y, val), "a state field cannot be optional");
            return NULL;
        }
        f->flags |= FIELD_OPTIONAL;
        p++;
        while (*p == ' ')
            p++;
    }
    if (*p == '=') {
        p++;
        Loc base;
        if (y->origins && y->src >= 0) {
            base = loc;
        } else {
            base = yloc(y, val);
            base.col += (int)(p - s)
                        + (val->style == YAML_DOUBLE_QUOTED_SCALAR_STYLE || val->style == YAML_SINGLE_QUOTED_SCALAR_STYLE);
        }
        f->a = parse_expr_string(y->d, y->a, p, base);
        if (!f->a)
            return NULL;
    } else if (*p) {
        diag_error(y->d, yloc(y, val), "a field is written 'TYPE', 'TYPE?', 'TYPE = DEFAULT' or 'state [keep] TYPE [= DEFAULT]', not '%s'", s);
        return NULL;
    }
    return f;
}

/* kind -> {kind: NAME, fields: {NAME: SPEC}} */
static AstNode *build_kind(Y *y, const YNode *m, Loc loc)
{
    AstNode *k = ast_new(y->a, AST_KIND, loc);
    k->loc2 = loc;
    k->name = name_of(y, get(m, "kind"), "a kind's name");
    const YNode *fs = get(m, "fields");
    if (!fs)
        return k;
    if (fs->kind != YN_MAP) {
        diag_error(y->d, yloc(y, fs), "'fields' must be a mapping from field names to types, not %s", kind_word(fs));
        return k;
    }
    for (int i = 0; i + 1 < fs->count; i += 2) {
        Loc fl = y->origins && y->src >= 0 ? loc : yloc(y, fs->items[i]);
        AstNode *f = build_field(y, fs->items[i], fs->items[i + 1], fl);
        if (f)
            ast_push(y->a, &k->list, f);
    }
    return k;
}

/* values_at: the field values under `values` of m (a card or a board row)
   as pending cells of owner (the AST_CARD, or a row's AST_BLOCK whose name
   is the space kind): load_resolve_cells types them by the kind's fields
   once every file is loaded. loc: the node's location; in origins mode m's
   `lines` gives the lines of scripts (abilities). */
static void values_at(Y *y, const YNode *m, AstNode *owner, Loc loc)
{
    const YNode *vs = get(m, "values");
    if (vs && vs->kind != YN_MAP) {
        diag_error(y->d, yloc(y, vs), "'values' must be a mapping from field names to values, not %s", kind_word(vs));
        vs = NULL;
    }
    for (int i = 0; vs && i + 1 < vs->count; i += 2) {
        const YNode *key = vs->items[i], *val = vs->items[i + 1];
        const char *field = name_of(y, key, "a field");
        if (!field)
            continue;
        if (val->kind != YN_SCALAR) {
            diag_error(y->d, yloc(y, val), "the value of '%s' must be a string, a number or a script, not %s", field,
                       kind_word(val));
            continue;
        }
        LoadCell cell = { 0 };
        cell.card = owner;
        cell.field = field;
        int line = 0;
        if (y->origins && y->src >= 0 && get(m, "origin")) {
            const YNode *lines = get(m, "lines");
            const YNode *e = lines && lines->kind == YN_MAP ? get(lines, field) : NULL;
            int64_t kl = loc.line, sl = 0;
            if (e && e->kind == YN_SCALAR)
                integer(y, e, "a line", &kl);
            else if (e && e->kind == YN_SEQ && e->count == 2) {
                integer(y, e->items[0], "a line", &kl);
                integer(y, e->items[1], "a line", &sl);
            }
            cell.loc = (Loc){ y->src, (int)kl, 1 };
            cell.value_loc = cell.loc;
            line = sl ? (int)sl : (int)kl + 1;
        } else {
            cell.loc = yloc(y, key);
            cell.value_loc = yloc(y, val);
        }
        cell.script = script_text(y, val, line, &cell.script_base);
        cell.text = val->value;
        load_cell_add(y->a, y->cells, &cell);
    }
}

/* card -> {card: NAME, kind: KIND, copies?: N, values?: {FIELD: VALUE}} */
static AstNode *build_card(Y *y, const YNode *m, Loc loc)
{
    AstNode *c = ast_new(y->a, AST_CARD, loc);
    c->loc2 = loc;
    c->text = scalar(y, get(m, "card"), "a card's name");
    const YNode *k = need(y, m, "kind", "a card");
    if (k)
        c->name = name_of(y, k, "a card's kind");
    c->ival = 1;
    const YNode *cp = get(m, "copies");
    if (cp)
        integer(y, cp, "'copies'", &c->ival);
    values_at(y, m, c, loc);
    return c;
}

static int flag_at(Y *y, const YNode *m, const char *key, int bit)
{
    const YNode *v = get(m, key);
    int b = 0;
    if (v && boolean(y, v, arena_printf(y->a, "'%s'", key), &b) && b)
        return bit;
    return 0;
}

/* zone -> {zone: NAME | [NAME...], per_player?, shared?, ordered?, public?, private?, hidden?, of?: KIND} */
static AstNode *build_zone(Y *y, const YNode *m, Loc loc)
{
    AstNode *z = ast_new(y->a, AST_ZONE, loc);
    z->loc2 = loc;
    z->list = names_at(y, get(m, "zone"), loc, "a zone");
    z->flags = flag_at(y, m, "per_player", ZONE_PER_PLAYER) | flag_at(y, m, "shared", ZONE_SHARED)
               | flag_at(y, m, "ordered", ZONE_ORDERED) | flag_at(y, m, "public", ZONE_PUBLIC)
               | flag_at(y, m, "private", ZONE_PRIVATE) | flag_at(y, m, "hidden", ZONE_HIDDEN);
    const YNode *of = get(m, "of");
    if (of)
        z->name = name_of(y, of, "'of'");
    return z;
}

/* counter -> {counter: NAME | [NAME...], per_player?, init?: EXPR, min?: EXPR, max?: EXPR} */
static AstNode *build_counter(Y *y, const YNode *m, Loc loc)
{
    AstNode *c = ast_new(y->a, AST_COUNTER, loc);
    c->list = names_at(y, get(m, "counter"), loc, "a counter");
    c->loc2 = c->list.count ? c->list.items[0]->loc : loc;
    c->flags = flag_at(y, m, "per_player", DECL_PER_PLAYER);
    c->a = expr_at(y, m, "init", "'init'");
    c->b = expr_at(y, m, "min", "'min'");
    c->c = expr_at(y, m, "max", "'max'");
    return c;
}

/* var -> {var: NAME, type: TYPE, per_player?, init?: EXPR} */
static AstNode *build_var(Y *y, const YNode *m, Loc loc)
{
    AstNode *v = ast_new(y->a, AST_VAR, loc);
    v->loc2 = loc;
    v->name = name_of(y, get(m, "var"), "a variable");
    const YNode *t = need(y, m, "type", "a var");
    if (t)
        v->type = type_of(y, t, "'type'", &v->name2);
    v->flags = flag_at(y, m, "per_player", DECL_PER_PLAYER) | flag_at(y, m, "private", VAR_PRIVATE);
    v->a = expr_at(y, m, "init", "'init'");
    return v;
}

/* const -> {const: NAME, value: EXPR} */
static AstNode *build_const(Y *y, const YNode *m, Loc loc)
{
    AstNode *c = ast_new(y->a, AST_CONST, loc);
    c->loc2 = loc;
    c->name = name_of(y, get(m, "const"), "a constant");
    if (need(y, m, "value", "a const"))
        c->a = expr_at(y, m, "value", "'value'");
    return c->a ? c : NULL;
}

/* params_at: the `params` of m (a mapping name -> type, in order) as
   AST_PARAMs of f. */
static void params_at(Y *y, const YNode *m, AstNode *f, Loc loc)
{
    const YNode *ps = get(m, "params");
    if (ps && ps->kind != YN_MAP && !is_null(ps)) {
        diag_error(y->d, yloc(y, ps), "'params' must be a mapping from names to types, not %s", kind_word(ps));
        ps = NULL;
    }
    for (int i = 0; ps && ps->kind == YN_MAP && i + 1 < ps->count; i += 2) {
        AstNode *p = ast_new(y->a, AST_PARAM, y->origins && y->src >= 0 ? loc : yloc(y, ps->items[i]));
        p->loc2 = p->loc;
        p->name = name_of(y, ps->items[i], "a parameter");
        p->type = type_of(y, ps->items[i + 1], "a parameter's type", &p->name2);
        if (p->name && p->type)
            ast_push(y->a, &f->list, p);
    }
}

/* function -> {function: NAME, params?: {NAME: TYPE}, type: TYPE, body: EXPR} */
static AstNode *build_function(Y *y, const YNode *m, Loc loc)
{
    AstNode *f = ast_new(y->a, AST_FUNCTION, loc);
    f->loc2 = loc;
    f->name = name_of(y, get(m, "function"), "a function");
    params_at(y, m, f, loc);
    const YNode *t = need(y, m, "type", "a function");
    if (t)
        f->type = type_of(y, t, "'type'", NULL);
    if (need(y, m, "body", "a function"))
        f->a = expr_at(y, m, "body", "'body'");
    return f->a ? f : NULL;
}

/* name_list: the list of names under key of m as AST_NAME nodes (each at
   its YAML position, or at loc in origins mode); an error if it is not a
   list of names or (unless may_be_empty) is empty. */
static AstList name_list(Y *y, const YNode *m, const char *key, Loc loc, const char *what, int may_be_empty)
{
    AstList l = { 0 };
    const YNode *n = get(m, key);
    if (!n)
        return l;
    if (n->kind != YN_SEQ) {
        diag_error(y->d, yloc(y, n), "'%s' must be a list of names, not %s", key, kind_word(n));
        return l;
    }
    if (n->count == 0 && !may_be_empty)
        diag_error(y->d, yloc(y, n), "'%s' needs at least one name", key);
    for (int i = 0; i < n->count; i++) {
        const char *s = name_of(y, n->items[i], what);
        if (!s)
            continue;
        AstNode *nm = ast_new(y->a, AST_NAME, y->origins && y->src >= 0 ? loc : yloc(y, n->items[i]));
        nm->loc2 = nm->loc;
        nm->name = s;
        ast_push(y->a, &l, nm);
    }
    return l;
}

/* title_at: the optional `title` of m (a string, or ~ for none). */
static const char *title_at(Y *y, const YNode *m)
{
    const YNode *t = get(m, "title");
    return t && !is_null(t) ? scalar(y, t, "'title'") : NULL;
}

/* enum -> {enum: NAME, values: [NAME...]} */
static AstNode *build_enum(Y *y, const YNode *m, Loc loc)
{
    AstNode *e = ast_new(y->a, AST_ENUM, loc);
    e->loc2 = loc;
    e->name = name_of(y, get(m, "enum"), "an enum");
    if (need(y, m, "values", "an enum"))
        e->list = name_list(y, m, "values", loc, "an enum value", 0);
    return e;
}

/* die -> {die: NAME, title?, copies?: N, faces: [NAME...], wild?: [NAME...]}
   (the wild faces follow the faces in the node's list, flagged FACE_WILD) */
static AstNode *build_die(Y *y, const YNode *m, Loc loc)
{
    AstNode *d = ast_new(y->a, AST_DIE, loc);
    d->loc2 = loc;
    d->name = name_of(y, get(m, "die"), "a die");
    d->text = title_at(y, m);
    d->ival = 1;
    const YNode *cp = get(m, "copies");
    if (cp)
        integer(y, cp, "'copies'", &d->ival); /* the checker bounds it, as for `xN` */
    if (need(y, m, "faces", "a die"))
        d->list = name_list(y, m, "faces", loc, "a face", 0);
    AstList wild = name_list(y, m, "wild", loc, "a wild face", 1);
    for (int i = 0; i < wild.count; i++) {
        wild.items[i]->flags |= FACE_WILD;
        ast_push(y->a, &d->list, wild.items[i]);
    }
    return d;
}

/* board row -> {symbols: [NAME...], values?: {FIELD: VALUE}, origin?, lines?}
   (in origins mode `lines: {symbols: [LINE...]}` gives each symbol's line
   when they are not all on the row's line) */
static AstNode *build_row(Y *y, const YNode *r, const char *kind)
{
    static const char *const keys[] = { "symbols", "values", "origin", "lines", NULL };
    if (r->kind != YN_MAP) {
        diag_error(y->d, yloc(y, r), "a board row must be a mapping (with the key 'symbols'), not %s", kind_word(r));
        return NULL;
    }
    if (!check_keys(y, r, keys, "a board row"))
        return NULL;
    const YNode *lines = get(r, "lines");
    if (lines && lines->kind != YN_MAP) {
        diag_error(y->d, yloc(y, lines), "'lines' must be a mapping, not %s", kind_word(lines));
        return NULL;
    }
    const YNode *o = get(r, "origin");
    int64_t ol;
    if (o && !integer(y, o, "'origin'", &ol))
        return NULL;
    Loc loc = decl_loc(y, r);
    AstNode *row = ast_new(y->a, AST_ROW, loc);
    row->loc2 = loc;
    if (need(y, r, "symbols", "a board row"))
        row->list = name_list(y, r, "symbols", loc, "a symbol", 0);
    const YNode *sl = lines && y->origins && y->src >= 0 && o ? get(lines, "symbols") : NULL;
    if (sl && sl->kind == YN_SEQ && sl->count == row->list.count)
        for (int i = 0; i < sl->count; i++) {
            int64_t l;
            if (integer(y, sl->items[i], "a line", &l))
                row->list.items[i]->loc = row->list.items[i]->loc2 = (Loc){ y->src, (int)l, 1 };
        }
    row->b = ast_new(y->a, AST_BLOCK, loc);
    row->b->name = kind; /* the kind of the spaces, for load_resolve_cells */
    values_at(y, r, row->b, loc);
    return row;
}

/* board -> {board: NAME, title?, of: KIND, rows: [ROW...]} */
static AstNode *build_board(Y *y, const YNode *m, Loc loc)
{
    AstNode *b = ast_new(y->a, AST_BOARD, loc);
    b->loc2 = loc;
    b->name = name_of(y, get(m, "board"), "a board");
    b->text = title_at(y, m);
    const YNode *of = need(y, m, "of", "a board");
    if (of)
        b->name2 = name_of(y, of, "'of'");
    const YNode *rows = get(m, "rows");
    if (rows && rows->kind != YN_SEQ && !is_null(rows)) {
        diag_error(y->d, yloc(y, rows), "'rows' must be a list of rows, not %s", kind_word(rows));
        return b;
    }
    for (int i = 0; rows && rows->kind == YN_SEQ && i < rows->count; i++) {
        AstNode *row = build_row(y, rows->items[i], b->name2);
        if (row)
            ast_push(y->a, &b->list, row);
    }
    return b;
}

/* procedure -> {procedure: NAME, params?: {NAME: TYPE}, script: SCRIPT} */
static AstNode *build_procedure(Y *y, const YNode *m, Loc loc)
{
    AstNode *p = ast_new(y->a, AST_PROCEDURE, loc);
    p->loc2 = loc;
    p->name = name_of(y, get(m, "procedure"), "a procedure");
    params_at(y, m, p, loc);
    if (need(y, m, "script", "a procedure"))
        p->b = block_at(y, m, "script", "'script'");
    return p->b ? p : NULL;
}

/* layout_words: the words of one layout item string (as the .cards scanner
   reads a layout body: names, numbers in thousandths, strings, and the marks
   ',' '-' '==' '!=') appended to out; each at its place in the YAML scalar,
   or at loc in origins mode. Returns 0 after reporting a bad character. */
static int layout_words(Y *y, const YNode *n, Loc loc, AstList *out)
{
    Loc base = loc;
    const char *t = y->origins && y->src >= 0 ? n->value : script_text(y, n, 0, &base);
    int line = base.line, col = base.col;
    for (const char *p = t; *p;) {
        if (*p == '\n') {
            line++;
            col = 1;
            p++;
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == '\r') {
            p++;
            col++;
            continue;
        }
        Loc at = y->origins && y->src >= 0 ? loc : (Loc){ base.file, line, col };
        const char *q = p;
        AstNode *w = NULL;
        if (*p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')) {
            while (*q == '_' || (*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9'))
                q++;
            w = ast_new(y->a, AST_NAME, at);
            w->name = arena_strndup(y->a, p, (size_t)(q - p));
        } else if (*p >= '0' && *p <= '9') {
            int64_t v = 0;
            while (*q >= '0' && *q <= '9' && v < 1000000000)
                v = v * 10 + (*q++ - '0');
            v *= 1000;
            if (*q == '.' && q[1] >= '0' && q[1] <= '9') {
                int64_t scale = 100;
                for (q++; *q >= '0' && *q <= '9'; q++, scale /= 10)
                    v += (*q - '0') * scale;
            }
            w = ast_new(y->a, AST_INT, at);
            w->ival = v;
        } else if (*p == '"') {
            char *o = arena_alloc(y->a, strlen(p) + 1);
            size_t j = 0;
            for (q = p + 1; *q && *q != '"' && *q != '\n'; q++) {
                if (*q == '\\' && (q[1] == '"' || q[1] == '\\' || q[1] == 'n' || q[1] == 't')) {
                    q++;
                    o[j++] = *q == 'n' ? '\n' : *q == 't' ? '\t' : *q;
                } else if (*q == '\\') {
                    diag_error(y->d, at, "unknown escape in a layout string (use \\\" \\\\ \\n or \\t)");
                    return 0;
                } else {
                    o[j++] = *q;
                }
            }
            if (*q != '"') {
                diag_error(y->d, at, "unterminated string in a layout item");
                return 0;
            }
            o[j] = '\0';
            q++;
            w = ast_new(y->a, AST_STRING, at);
            w->text = o;
        } else {
            static const char *const marks[] = { "==", "!=", ",", "-" };
            for (size_t k = 0; k < sizeof marks / sizeof marks[0] && !w; k++)
                if (strncmp(p, marks[k], strlen(marks[k])) == 0) {
                    q = p + strlen(marks[k]);
                    w = ast_new(y->a, AST_NAME, at);
                    w->name = marks[k];
                }
            if (!w) {
                diag_error(y->d, at, "unexpected '%c' in a layout item", *p);
                return 0;
            }
        }
        w->loc2 = w->loc;
        ast_push(y->a, out, w);
        for (; p < q; p++)
            if (((unsigned char)*p & 0xC0) != 0x80)
                col++;
    }
    return 1;
}

/* layout_items: a list of layout items (strings of words, or {back: ITEMS}
   for the words `back { ... }`) as the flat word list of a layout. */
static void layout_items(Y *y, const YNode *items, Loc loc, const YNode *item_lines, int *k, AstList *out)
{
    if (items->kind != YN_SEQ) {
        diag_error(y->d, yloc(y, items), "layout items must be a list, not %s", kind_word(items));
        return;
    }
    for (int i = 0; i < items->count; i++) {
        const YNode *it = items->items[i];
        Loc il = loc;
        int64_t l;
        if (item_lines && *k < item_lines->count && integer(y, item_lines->items[*k], "a line", &l))
            il.line = (int)l;
        ++*k;
        if (it->kind == YN_SCALAR) {
            layout_words(y, it, il, out);
            continue;
        }
        static const char *const keys[] = { "back", NULL };
        if (it->kind != YN_MAP || !get(it, "back")) {
            diag_error(y->d, yloc(y, it), "a layout item must be a string of words or a mapping with the key 'back', not %s",
                       it->kind == YN_MAP ? "another mapping" : kind_word(it));
            continue;
        }
        if (!check_keys(y, it, keys, "a layout item"))
            continue;
        AstNode *kw = ast_new(y->a, AST_NAME, y->origins && y->src >= 0 ? il : yloc(y, it->items[0]));
        kw->name = "back";
        ast_push(y->a, out, kw);
        AstNode *b = ast_new(y->a, AST_LAYOUT_BLOCK, kw->loc);
        layout_items(y, get(it, "back"), loc, item_lines, k, &b->list);
        ast_push(y->a, out, b);
    }
}

/* layout -> {layout: KIND, items: [ITEM...]}; in origins mode
   `lines: {items: [LINE...]}` gives the line of each item (back items and
   theirs included, in order) */
static AstNode *build_layout(Y *y, const YNode *m, Loc loc)
{
    AstNode *l = ast_new(y->a, AST_LAYOUT, loc);
    l->loc2 = loc;
    l->name = name_of(y, get(m, "layout"), "a layout's kind");
    const YNode *items = get(m, "items");
    const YNode *lines = y->origins && y->src >= 0 && get(m, "origin") ? get(m, "lines") : NULL;
    const YNode *il = lines && lines->kind == YN_MAP ? get(lines, "items") : NULL;
    int k = 0;
    if (items && !is_null(items))
        layout_items(y, items, loc, il && il->kind == YN_SEQ ? il : NULL, &k, &l->list);
    return l;
}

/* setup -> {setup: SCRIPT}; round -> {round: SCRIPT} */
static AstNode *build_setup(Y *y, const YNode *m, Loc loc)
{
    AstNode *s = ast_new(y->a, AST_SETUP, loc);
    s->b = block_at(y, m, "setup", "'setup'");
    return s->b ? s : NULL;
}

static AstNode *build_round(Y *y, const YNode *m, Loc loc)
{
    AstNode *s = ast_new(y->a, AST_ROUND, loc);
    s->b = block_at(y, m, "round", "'round'");
    return s->b ? s : NULL;
}

/* variant items: set -> {set: CONST, value: EXPR}; remove_card -> {remove_card: NAME};
   phase -> {phase: NAME, script: SCRIPT}; and card, setup, round as above */
static AstNode *build_set(Y *y, const YNode *m, Loc loc)
{
    AstNode *s = ast_new(y->a, AST_SET, loc);
    s->loc2 = loc;
    s->name = name_of(y, get(m, "set"), "'set'");
    if (need(y, m, "value", "a set"))
        s->a = expr_at(y, m, "value", "'value'");
    return s->a ? s : NULL;
}

static AstNode *build_remove_card(Y *y, const YNode *m, Loc loc)
{
    AstNode *r = ast_new(y->a, AST_REMOVE_CARD, loc);
    r->loc2 = loc;
    r->text = scalar(y, get(m, "remove_card"), "'remove_card'");
    return r->text ? r : NULL;
}

/* remove_board -> {remove_board: NAME} */
static AstNode *build_remove_board(Y *y, const YNode *m, Loc loc)
{
    AstNode *r = ast_new(y->a, AST_REMOVE_BOARD, loc);
    r->loc2 = loc;
    r->name = name_of(y, get(m, "remove_board"), "'remove_board'");
    return r->name ? r : NULL;
}

static AstNode *build_phase(Y *y, const YNode *m, Loc loc)
{
    AstNode *p = ast_new(y->a, AST_PHASE, loc);
    p->loc2 = loc;
    p->name = name_of(y, get(m, "phase"), "a phase");
    if (need(y, m, "script", "a phase"))
        p->b = block_at(y, m, "script", "'script'");
    return p->b ? p : NULL;
}

static AstNode *build_variant(Y *y, const YNode *m, Loc loc);

static const DeclForm top_forms[] = {
    { "game", build_game, { "game", "title", "players", "sides", "origin", "lines", NULL } },
    { "kind", build_kind, { "kind", "fields", "origin", "lines", NULL } },
    { "card", build_card, { "card", "kind", "copies", "values", "origin", "lines", NULL } },
    { "zone", build_zone, { "zone", "per_player", "shared", "ordered", "public", "private", "hidden", "of", "origin", "lines", NULL } },
    { "counter", build_counter, { "counter", "per_player", "init", "min", "max", "origin", "lines", NULL } },
    { "var", build_var, { "var", "type", "per_player", "private", "init", "origin", "lines", NULL } },
    { "const", build_const, { "const", "value", "origin", "lines", NULL } },
    { "function", build_function, { "function", "params", "type", "body", "origin", "lines", NULL } },
    { "setup", build_setup, { "setup", "origin", "lines", NULL } },
    { "round", build_round, { "round", "origin", "lines", NULL } },
    { "enum", build_enum, { "enum", "values", "origin", "lines", NULL } },
    { "die", build_die, { "die", "title", "copies", "faces", "wild", "origin", "lines", NULL } },
    { "board", build_board, { "board", "title", "of", "rows", "origin", "lines", NULL } },
    { "procedure", build_procedure, { "procedure", "params", "script", "origin", "lines", NULL } },
    { "layout", build_layout, { "layout", "items", "origin", "lines", NULL } },
    { "variant", build_variant, { "variant", "of", "title", "items", "origin", "lines", NULL } },
    { NULL, NULL, { NULL } },
};

static const DeclForm variant_forms[] = {
    { "set", build_set, { "set", "value", "origin", "lines", NULL } },
    { "remove_card", build_remove_card, { "remove_card", "origin", "lines", NULL } },
    { "remove_board", build_remove_board, { "remove_board", "origin", "lines", NULL } },
    { "card", build_card, { "card", "kind", "copies", "values", "origin", "lines", NULL } },
    { "setup", build_setup, { "setup", "origin", "lines", NULL } },
    { "round", build_round, { "round", "origin", "lines", NULL } },
    { "phase", build_phase, { "phase", "script", "origin", "lines", NULL } },
    { NULL, NULL, { NULL } },
};

/* build_decl: the node of the mapping m by the form whose tag it has. */
static AstNode *build_decl(Y *y, const YNode *m, const DeclForm *forms, const char *what)
{
    if (m->kind != YN_MAP) {
        diag_error(y->d, yloc(y, m), "%s must be a mapping, not %s", what, kind_word(m));
        return NULL;
    }
    const DeclForm *form = NULL;
    const char *tags[32];
    int ntags = 0;
    for (const DeclForm *f = forms; f->tag; f++)
        if (f->build == build_card && get(m, "card"))
            form = f; /* a card also has the key 'kind' */
    for (const DeclForm *f = forms; f->tag; f++) {
        tags[ntags++] = f->tag;
        if (form && form->build == build_card)
            continue;
        if (!get(m, f->tag))
            continue;
        if (form) {
            diag_error(y->d, yloc(y, get_key(m, f->tag)), "%s has both '%s' and '%s': which is it?", what, form->tag,
                       f->tag);
            return NULL;
        }
        form = f;
    }
    if (!form) {
        char list[256] = "";
        for (int i = 0; i < ntags; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s'%s'", i ? (i + 1 == ntags ? " or " : ", ") : "",
                     tags[i]);
        if (m->count) {
            const char *sug = diag_suggest(m->items[0]->value, tags, ntags);
            if (sug) {
                diag_error(y->d, yloc(y, m->items[0]), "unknown key '%s' in %s (did you mean '%s'?)",
                           m->items[0]->value, what, sug);
                return NULL;
            }
        }
        if (m->count && forms == top_forms)
            for (const DeclForm *f = variant_forms; f->tag; f++)
                if (strcmp(f->tag, m->items[0]->value) == 0) {
                    diag_error(y->d, yloc(y, m->items[0]), "'%s' is a variant item: it belongs in a variant's 'items'",
                               f->tag);
                    return NULL;
                }
        diag_error(y->d, yloc(y, m), "%s needs one of the keys %s", what, list);
        return NULL;
    }
    if (!check_keys(y, m, form->keys, arena_printf(y->a, "a '%s'", form->tag)))
        return NULL;
    const YNode *lines = get(m, "lines");
    if (lines && lines->kind != YN_MAP) {
        diag_error(y->d, yloc(y, lines), "'lines' must be a mapping, not %s", kind_word(lines));
        return NULL;
    }
    const YNode *o = get(m, "origin");
    int64_t ol;
    if (o && !integer(y, o, "'origin'", &ol))
        return NULL;
    int before = y->d->errors;
    AstNode *n = form->build(y, m, decl_loc(y, m));
    return y->d->errors == before ? n : NULL;
}

/* variant -> {variant: NAME, of: GAME, title?, items: [ITEM...]} */
static AstNode *build_variant(Y *y, const YNode *m, Loc loc)
{
    AstNode *v = ast_new(y->a, AST_VARIANT, loc);
    v->loc2 = loc;
    v->name = name_of(y, get(m, "variant"), "a variant");
    const YNode *of = need(y, m, "of", "a variant");
    if (of)
        v->name2 = name_of(y, of, "'of'");
    const YNode *t = get(m, "title");
    if (t && !is_null(t))
        v->text = scalar(y, t, "'title'");
    const YNode *items = get(m, "items");
    if (items && items->kind != YN_SEQ) {
        diag_error(y->d, yloc(y, items), "'items' must be a list, not %s", kind_word(items));
        return v;
    }
    for (int i = 0; items && i < items->count; i++) {
        AstNode *it = build_decl(y, items->items[i], variant_forms, "a variant item");
        if (it)
            ast_push(y->a, &v->list, it);
    }
    return v;
}

/* file -> {source?: PATH, declarations: [DECL...]} */
static void build_file(Y *y, const YNode *root, int *provenance)
{
    if (root->kind != YN_MAP) {
        diag_error(y->d, yloc(y, root), "a YAML game file must be a mapping (with the key 'declarations'), not %s",
                   kind_word(root));
        return;
    }
    static const char *const keys[] = { "source", "declarations", NULL };
    if (!check_keys(y, root, keys, "a YAML game file"))
        return;
    const YNode *src = get(root, "source");
    if (src) {
        const char *path = scalar(y, src, "'source'");
        if (!path)
            return;
        if (provenance)
            *provenance = 1;
        if (y->origins) {
            for (int i = 0; i < y->d->nsources && y->src < 0; i++)
                if (strcmp(y->d->sources[i].path, path) == 0)
                    y->src = i;
            if (y->src < 0)
                y->src = diag_add_source(y->d, path, "", 0);
        }
    }
    const YNode *decls = get(root, "declarations");
    if (!decls)
        return;
    if (decls->kind != YN_SEQ) {
        diag_error(y->d, yloc(y, decls), "'declarations' must be a list, not %s", kind_word(decls));
        return;
    }
    for (int i = 0; i < decls->count && !diag_too_many(y->d); i++) {
        AstNode *n = build_decl(y, decls->items[i], top_forms, "a declaration");
        if (n)
            ast_push(y->a, &y->prog->decls, n);
    }
}

/* Read a whole file into the arena; NULL if it cannot be read. */
static char *read_all(Arena *a, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return NULL;
    }
    char *r = arena_strndup(a, buf, n);
    memcpy(r, buf, n); /* keep NUL bytes: libyaml reports them */
    free(buf);
    *len = n;
    return r;
}

/* Read y's text (set by the caller) into a tree and build its declarations. */
static int load_text(Y *y, int *provenance)
{
    index_lines(y);
    YNode *root = NULL;
    if (!read_tree(y, &root) || !root)
        return 1;
    build_file(y, root, provenance);
    return 1;
}

int yaml_load_file(Diag *d, Arena *arena, const char *path, AstProgram *prog, LoadCells *cells, int use_origins,
                   int *provenance)
{
    Y y_ = { 0 };
    Y *y = &y_;
    y->d = d;
    y->a = arena;
    y->path = arena_strdup(arena, path);
    y->file = -1;
    y->src = -1;
    y->origins = use_origins;
    y->prog = prog;
    y->cells = cells;
    if (use_origins) {
        y->text = read_all(arena, path, &y->len);
        if (!y->text) {
            diag_plain(d, "cannot read '%s': %s", path, strerror(errno));
            return -1;
        }
    } else {
        y->file = diag_load_file(d, path);
        if (y->file < 0)
            return -1;
        y->text = d->sources[y->file].text;
        y->len = d->sources[y->file].len;
    }
    return load_text(y, provenance);
}

int yaml_load_source(Diag *d, Arena *arena, int file, AstProgram *prog, LoadCells *cells, int *provenance)
{
    if (file < 0 || file >= d->nsources)
        return -1;
    Y y_ = { 0 };
    Y *y = &y_;
    y->d = d;
    y->a = arena;
    y->path = d->sources[file].path;
    y->file = file;
    y->src = -1;
    y->prog = prog;
    y->cells = cells;
    y->text = d->sources[file].text;
    y->len = d->sources[file].len;
    return load_text(y, provenance);
}
