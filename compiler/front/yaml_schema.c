/* yaml_schema.c: the YAML front end's schema helpers: typed reads of
   scalars and keys with their diagnostics, the provenance keys (source,
   origin, lines) and the scripts and expressions parsed from strings. */
#include "yaml_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "parse.h"
#include "strtab.h"
#include "text.h"

/* ---- schema helpers ------------------------------------------------------------ */

/* yl_get: the value of key in map, or NULL. */
YNode *yl_get(const YNode *map, const char *key)
{
    for (int i = 0; i + 1 < map->count; i += 2)
        if (strcmp(map->items[i]->value, key) == 0)
            return map->items[i + 1];
    return NULL;
}

/* yl_get_key: the key node of key in map, or NULL. */
YNode *yl_get_key(const YNode *map, const char *key)
{
    for (int i = 0; i + 1 < map->count; i += 2)
        if (strcmp(map->items[i]->value, key) == 0)
            return map->items[i];
    return NULL;
}

/* yl_check_keys: report every key of map not in allowed (NULL-terminated). */
int yl_check_keys(Y *y, const YNode *map, const char *const *allowed, const char *what)
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
            diag_error(y->d, yl_loc(y, map->items[i]), "unknown key '%s' in %s (did you mean '%s'?)", k, what, s);
        else
            diag_error(y->d, yl_loc(y, map->items[i]), "unknown key '%s' in %s", k, what);
        ok = 0;
    }
    return ok;
}

/* yl_is_null: n is YAML's null (~, null, or nothing). */
int yl_is_null(const YNode *n)
{
    return n->kind == YN_SCALAR && n->style == YAML_PLAIN_SCALAR_STYLE
           && (n->len == 0 || strcmp(n->value, "~") == 0 || strcmp(n->value, "null") == 0);
}

/* yl_scalar: the string value of n, or NULL after reporting that `what` needs one. */
const char *yl_scalar(Y *y, const YNode *n, const char *what)
{
    if (n->kind != YN_SCALAR) {
        diag_error(y->d, yl_loc(y, n), "%s must be a string, not %s", what, yl_kind_word(n));
        return NULL;
    }
    return n->value;
}

/* name: a scalar that is a name (an identifier). */
const char *yl_name_of(Y *y, const YNode *n, const char *what)
{
    const char *s = yl_scalar(y, n, what);
    if (s && !load_is_ident(s)) {
        diag_error(y->d, yl_loc(y, n), "%s must be a name (letters, digits, '_'), not '%s'", what, s);
        return NULL;
    }
    return s;
}

/* yl_integer: scalar n as an int32 (yaml_internal.h). */
int yl_integer(Y *y, const YNode *n, const char *what, int64_t *out)
{
    const char *s = yl_scalar(y, n, what);
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
        diag_error(y->d, yl_loc(y, n), "%s must be an integer, not '%s'", what, s);
        return 0;
    }
    *out = s[0] == '-' ? -v : v;
    return 1;
}

/* yl_boolean: scalar n as true or false (yaml_internal.h). */
int yl_boolean(Y *y, const YNode *n, const char *what, int *out)
{
    const char *s = yl_scalar(y, n, what);
    if (!s)
        return 0;
    if (strcmp(s, "true") == 0)
        *out = 1;
    else if (strcmp(s, "false") == 0)
        *out = 0;
    else {
        diag_error(y->d, yl_loc(y, n), "%s must be true or false, not '%s'", what, s);
        return 0;
    }
    return 1;
}

/* yl_need: the value of a required key (yaml_internal.h). */
const YNode *yl_need(Y *y, const YNode *map, const char *key, const char *what)
{
    const YNode *v = yl_get(map, key);
    if (!v)
        diag_error(y->d, yl_loc(y, map), "%s needs the key '%s'", what, key);
    return v;
}

/* yl_type_of: a type written as n (yaml_internal.h). */
AstType yl_type_of(Y *y, const YNode *n, const char *what, const char **name2)
{
    static const struct { const char *name; AstType t; } types[] = {
        { "int", TY_INT }, { "bool", TY_BOOL }, { "text", TY_TEXT }, { "side", TY_SIDE },
        { "ability", TY_ABILITY }, { "player", TY_PLAYER }, { "card", TY_CARD },
    };
    const char *s = yl_scalar(y, n, what);
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
        diag_error(y->d, yl_loc(y, n), "unknown type '%s' (did you mean '%s'?)", s, sug);
    else
        diag_error(y->d, yl_loc(y, n), "unknown type '%s' (int, bool, text, side, ability, player or card)", s);
    return TY_NONE;
}

/* ---- provenance and scripts ------------------------------------------------------- */

/* The location of a declaration: its `origin` line in `source` (origins
   mode), else the YAML position of its first key. */
Loc yl_decl_loc(Y *y, const YNode *map)
{
    const YNode *o = y->origins && y->src >= 0 ? yl_get(map, "origin") : NULL;
    int64_t line;
    if (o && o->kind == YN_SCALAR && yl_integer(y, o, "'origin'", &line) && line > 0) {
        Loc l = { y->src, (int)line, 1 };
        return l;
    }
    return map->count ? yl_loc(y, map->items[0]) : yl_loc(y, map);
}

/* The location of the key `key` of map (for the node it makes) and, in
   origins mode, the source line of the first line of its script or
   expression value (*script_line; 0 if not known). block: a script (whose
   first line defaults to the line after the key's). */
static Loc key_loc(Y *y, const YNode *map, const char *key, int block, int *script_line)
{
    *script_line = 0;
    if (y->origins && y->src >= 0 && yl_get(map, "origin")) {
        Loc l = yl_decl_loc(y, map);
        const YNode *lines = yl_get(map, "lines");
        const YNode *e = lines && lines->kind == YN_MAP ? yl_get(lines, key) : NULL;
        int64_t kl = l.line, sl = 0;
        if (e && e->kind == YN_SCALAR)
            yl_integer(y, e, "a line", &kl);
        else if (e && e->kind == YN_SEQ && e->count == 2) {
            yl_integer(y, e->items[0], "a line", &kl);
            yl_integer(y, e->items[1], "a line", &sl);
        }
        l.line = (int)kl;
        *script_line = sl ? (int)sl : (int)kl + block;
        return l;
    }
    const YNode *k = yl_get_key(map, key);
    return k ? yl_loc(y, k) : yl_loc(y, map);
}

/* yl_script_text: the text of the scalar n to parse as a script or expression
   and, in *base, where its first character is. In origins mode (line > 0)
   the base is that source line; otherwise the scalar's own position in the
   YAML file: for a literal block (`|`) every line is re-indented as in the
   file so that columns match too. */
const char *yl_script_text(Y *y, const YNode *n, int line, Loc *base)
{
    if (line > 0) {
        base->file = y->src;
        base->line = line;
        base->col = 1;
        return n->value;
    }
    *base = yl_loc(y, n);
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

/* yl_expr_at: the expression under key of map, or NULL (reported). */
AstNode *yl_expr_at(Y *y, const YNode *map, const char *key, const char *what)
{
    const YNode *n = yl_get(map, key);
    if (!n)
        return NULL;
    const char *s = yl_scalar(y, n, what);
    if (!s)
        return NULL;
    int line;
    key_loc(y, map, key, 0, &line);
    Loc base;
    const char *text = yl_script_text(y, n, line, &base);
    return parse_expr_string(y->d, y->a, text, base);
}

/* yl_block_at: the script under key of map as an AST_BLOCK, or NULL. */
AstNode *yl_block_at(Y *y, const YNode *map, const char *key, const char *what)
{
    const YNode *n = yl_get(map, key);
    if (!n)
        return NULL;
    if (yl_is_null(n)) {
        int line;
        return ast_new(y->a, AST_BLOCK, key_loc(y, map, key, 1, &line));
    }
    const char *s = yl_scalar(y, n, what);
    if (!s)
        return NULL;
    int line;
    key_loc(y, map, key, 1, &line);
    Loc base;
    const char *text = yl_script_text(y, n, line, &base);
    return parse_block_string(y->d, y->a, text, base);
}

/* yl_names_at: a name or a list of names as AST_NAME nodes. */
AstList yl_names_at(Y *y, const YNode *n, Loc loc, const char *what)
{
    AstList l = { 0 };
    if (n->kind == YN_SEQ) {
        for (int i = 0; i < n->count; i++) {
            const char *s = yl_name_of(y, n->items[i], what);
            if (s) {
                AstNode *nm = ast_new(y->a, AST_NAME, y->origins && y->src >= 0 ? loc : yl_loc(y, n->items[i]));
                nm->name = s;
                ast_push(y->a, &l, nm);
            }
        }
        if (n->count == 0)
            diag_error(y->d, yl_loc(y, n), "%s needs at least one name", what);
        return l;
    }
    const char *s = yl_name_of(y, n, what);
    if (s) {
        AstNode *nm = ast_new(y->a, AST_NAME, loc);
        nm->name = s;
        ast_push(y->a, &l, nm);
    }
    return l;
}

