/* yaml_shapes.c: the YAML forms of an array's indices (`index: [player,
   colour, "column: 1..5"]`) and of a die's faces beyond single symbols
   (`faces: [1, 2, 3]`, `faces: [hit, "hit x2", "crit + hit"]`); see
   docs/formats.md. Nodes are allocated in the loader's arena. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "yaml_internal.h"

/* word: a copy of s[0..n) without the spaces around it (in the arena). */
static const char *word(Y *y, const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) {
        s++;
        n--;
    }
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    return arena_strndup(y->a, s, n);
}

/* is_name: s is an identifier. */
static int is_name(const char *s)
{
    if (!(*s == '_' || isalpha((unsigned char)*s)))
        return 0;
    for (; *s; s++)
        if (!(*s == '_' || isalnum((unsigned char)*s)))
            return 0;
    return 1;
}

/* number: s as a decimal integer within the 32-bit range (a leading '-'
   allowed) into *v; 0 when it is not one. */
static int number(const char *s, int64_t *v)
{
    char *end;
    if (!*s || !(isdigit((unsigned char)*s) || (*s == '-' && isdigit((unsigned char)s[1]))))
        return 0;
    long long x = strtoll(s, &end, 10);
    if (*end || x < -2147483647LL || x > 2147483647LL)
        return 0;
    *v = x;
    return 1;
}

/* one_dim: the index written as scalar text s at loc (AST_DIM), or NULL
   after reporting it. */
static AstNode *one_dim(Y *y, const char *s, Loc loc)
{
    AstNode *d = ast_new(y->a, AST_DIM, loc);
    const char *dots = strstr(s, "..");
    if (!dots) {
        const char *w = word(y, s, strlen(s));
        if (!is_name(w)) {
            diag_error(y->d, loc, "an index is 'player', 'side', an enum, a kind or a range 'A..B', not '%s'", s);
            return NULL;
        }
        d->op = strcmp(w, "player") == 0 ? 'p' : strcmp(w, "side") == 0 ? 's' : 'n';
        d->name = d->op == 'n' ? w : NULL;
        return d;
    }
    const char *colon = memchr(s, ':', (size_t)(dots - s));
    const char *from = colon ? colon + 1 : s;
    if (colon) {
        d->name = word(y, s, (size_t)(colon - s));
        if (!is_name(d->name)) {
            diag_error(y->d, loc, "an index's label is a name, not '%s'", d->name);
            return NULL;
        }
    }
    if (!number(word(y, from, (size_t)(dots - from)), &d->ival) || !number(word(y, dots + 2, strlen(dots + 2)), &d->ival2)) {
        diag_error(y->d, loc, "a range of indices is written 'A..B' with two integers, not '%s'", s);
        return NULL;
    }
    d->op = 'r';
    return d;
}

/* yl_dims_at: map's `index` (a list of indices) as an AST_DIMS node, or
   NULL when there is none or after reporting it. */
AstNode *yl_dims_at(Y *y, const YNode *m, Loc loc)
{
    const YNode *n = yl_get(m, "index");
    if (!n)
        return NULL;
    if (n->kind != YN_SEQ || n->count == 0) {
        diag_error(y->d, yl_loc(y, n), "'index' must be a list of indices, not %s", yl_kind_word(n));
        return NULL;
    }
    AstNode *dims = ast_new(y->a, AST_DIMS, loc);
    for (int i = 0; i < n->count; i++) {
        const char *s = yl_scalar(y, n->items[i], "an index");
        AstNode *d = s ? one_dim(y, s, y->origins && y->src >= 0 ? loc : yl_loc(y, n->items[i])) : NULL;
        if (!d)
            return NULL;
        ast_push(y->a, &dims->list, d);
    }
    return dims;
}

/* one_face: a face written as scalar text s at loc: AST_INT (a number),
   AST_NAME (one symbol) or AST_FACE (`hit x2 + focus`); NULL after
   reporting it. */
static AstNode *one_face(Y *y, const char *s, Loc loc)
{
    int64_t v;
    if (number(s, &v)) {
        AstNode *f = ast_new(y->a, AST_INT, loc);
        f->ival = v;
        return f;
    }
    AstNode *face = ast_new(y->a, AST_FACE, loc);
    for (const char *p = s;;) {
        const char *plus = strchr(p, '+');
        const char *t = word(y, p, plus ? (size_t)(plus - p) : strlen(p));
        const char *sp = strrchr(t, ' ');
        AstNode *term = ast_new(y->a, AST_NAME, loc);
        term->loc2 = loc;
        term->name = t;
        if (sp && sp[1] == 'x' && number(sp + 2, &v) && v >= 0) {   /* "hit x2" */
            term->name = word(y, t, (size_t)(sp - t));
            term->ival = v ? v : -1;
        }
        if (!is_name(term->name)) {
            diag_error(y->d, loc, "a face is a number or symbols joined by '+' (each maybe 'xN'), not '%s'", s);
            return NULL;
        }
        ast_push(y->a, &face->list, term);
        if (!plus)
            break;
        p = plus + 1;
    }
    return face->list.count == 1 && face->list.items[0]->ival == 0 ? face->list.items[0] : face;
}

/* yl_faces_at: map's `faces` as a die's face nodes (see one_face). */
AstList yl_faces_at(Y *y, const YNode *m, Loc loc)
{
    AstList l = {0};
    const YNode *n = yl_get(m, "faces");
    if (!n)
        return l;
    if (n->kind != YN_SEQ) {
        diag_error(y->d, yl_loc(y, n), "'faces' must be a list of faces, not %s", yl_kind_word(n));
        return l;
    }
    if (n->count == 0)
        diag_error(y->d, yl_loc(y, n), "'faces' needs at least one face");
    for (int i = 0; i < n->count; i++) {
        const char *s = yl_scalar(y, n->items[i], "a face");
        AstNode *f = s ? one_face(y, s, y->origins && y->src >= 0 ? loc : yl_loc(y, n->items[i])) : NULL;
        if (f)
            ast_push(y->a, &l, f);
    }
    return l;
}
