/* sema_family.c: families of variants (docs/language.md "Families of
   variants"). `variant NAME of GAME "Title {v}" for v in A..B { ITEMS }`
   is one variant for each value of v from A to B, in order, named NAME_A
   .. NAME_B (a negative value's sign written m: NAME_m2), each with v
   replaced by its value in its `set` and `set card` items and its title.
   The checker sees the variants; the program keeps the family (cardc yaml
   writes it as written). */
#include <string.h>

#include "sema_internal.h"

enum { FAMILY_MAX = 64 };   /* the most values a family has */

/* subst: expression e with every name var replaced by value, as arena
   nodes (the nodes above a replaced name are copies; e itself when var
   does not occur in it); *used is set when it does. */
static AstNode *subst(Sema *S, AstNode *e, const char *var, int64_t value, int *used)
{
    if (!e)
        return NULL;
    if (e->kind == AST_NAME && strcmp(e->name, var) == 0) {
        AstNode *n = ast_new(S->a, AST_INT, e->loc);
        n->ival = value;
        *used = 1;
        return n;
    }
    AstNode *kids[6] = {e->a, e->b, e->c, e->d, e->e, e->f};
    int changed = 0;
    for (int i = 0; i < 6; i++) {
        AstNode *k = subst(S, kids[i], var, value, used);
        changed |= k != kids[i];
        kids[i] = k;
    }
    AstNode **items = NULL;
    for (int i = 0; i < e->list.count; i++) {
        AstNode *k = subst(S, e->list.items[i], var, value, used);
        if (k != e->list.items[i] && !items) {
            items = arena_alloc(S->a, sizeof *items * (size_t)e->list.count);
            memcpy(items, e->list.items, sizeof *items * (size_t)e->list.count);
        }
        if (items)
            items[i] = k;
    }
    if (!changed && !items)
        return e;
    AstNode *n = ast_new(S->a, e->kind, e->loc);
    *n = *e;
    n->a = kids[0], n->b = kids[1], n->c = kids[2], n->d = kids[3], n->e = kids[4], n->f = kids[5];
    if (items)
        n->list.items = items, n->list.cap = e->list.count;
    return n;
}

/* member_title: the family's title for value, with each "{var}" replaced
   by the value; a title without one gains " (var = value)". NULL for
   none. Arena-owned. */
static const char *member_title(Sema *S, const char *title, const char *var, int64_t value)
{
    if (!title)
        return NULL;
    const char *hole = arena_printf(S->a, "{%s}", var);
    size_t hl = strlen(hole);
    if (!strstr(title, hole))
        return arena_printf(S->a, "%s (%s = %lld)", title, var, (long long)value);
    const char *text = "", *p = title;
    for (const char *at; (at = strstr(p, hole)) != NULL; p = at + hl)
        text = arena_printf(S->a, "%s%.*s%lld", text, (int)(at - p), p, (long long)value);
    return arena_printf(S->a, "%s%s", text, p);
}

/* member: the variant of family f for value; *used is set when the
   family's variable occurs in its items. */
static AstNode *member(Sema *S, const AstNode *f, int64_t value, int *used)
{
    const char *var = f->a->name;
    AstNode *v = ast_new(S->a, AST_VARIANT, f->loc);
    *v = *f;
    v->a = NULL;
    v->name = value < 0 ? arena_printf(S->a, "%s_m%lld", f->name, -(long long)value)
                        : arena_printf(S->a, "%s_%lld", f->name, (long long)value);
    v->text = member_title(S, f->text, var, value);
    v->list = (AstList){0};
    for (int i = 0; i < f->list.count; i++) {
        AstNode *it = f->list.items[i];
        if (it->kind == AST_CARD) {   /* a `set card` (member_items allows no other card) */
            AstNode *c = ast_new(S->a, AST_CARD, it->loc);
            *c = *it;
            c->list = (AstList){0};
            for (int j = 0; j < it->list.count; j++)
                ast_push(S->a, &c->list, subst(S, it->list.items[j], var, value, used));
            it = c;
        } else {
            it = subst(S, it, var, value, used);
        }
        ast_push(S->a, &v->list, it);
    }
    return v;
}

/* family_ok: family f's values and items can make its variants (set, set
   card, remove); reports why not. */
static int family_ok(Sema *S, const AstNode *f)
{
    const AstNode *r = f->a;
    int ok = 1;
    if (r->ival > r->ival2) {
        diag_error(S->d, r->loc, "the family's values %lld..%lld are none: the first is above the last",
                   (long long)r->ival, (long long)r->ival2);
        ok = 0;
    } else if (r->ival2 - r->ival >= FAMILY_MAX) {
        diag_error(S->d, r->loc, "a family of variants has at most %d values, not %lld", FAMILY_MAX,
                   (long long)(r->ival2 - r->ival + 1));
        ok = 0;
    } else if (r->ival < INT32_MIN || r->ival2 > INT32_MAX) {
        diag_error(S->d, r->loc, "the family's values must be 32-bit integers");
        ok = 0;
    }
    for (int i = 0; i < f->list.count; i++) {
        const AstNode *it = f->list.items[i];
        int value_item = it->kind == AST_SET || it->kind == AST_REMOVE_CARD || it->kind == AST_REMOVE_BOARD ||
                         (it->kind == AST_CARD && (it->flags & CARD_CHANGES));
        if (!value_item) {
            diag_error(S->d, it->loc,
                       "a family of variants sets values (set, set card) and removes cards and boards; "
                       "%s belongs in a variant of its own",
                       it->kind == AST_CARD ? "a card of its own" : arena_printf(S->a, "'%s'", ast_kind_name(it->kind)));
            ok = 0;
        }
    }
    return ok;
}

/* sema_expand_families (sema_internal.h): see there. */
AstNode **sema_expand_families(Sema *S, AstNode **decls, int *nd)
{
    int n = 0;
    int *ok = arena_alloc(S->a, sizeof *ok * (size_t)(*nd + 1));
    for (int i = 0; i < *nd; i++) {
        const AstNode *f = decls[i];
        int family = f->kind == AST_VARIANT && f->a;
        ok[i] = family && family_ok(S, f);
        n += ok[i] ? (int)(f->a->ival2 - f->a->ival + 1) : !family;
    }
    AstNode **out = arena_alloc(S->a, sizeof *out * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i < *nd; i++) {
        AstNode *f = decls[i];
        if (f->kind != AST_VARIANT || !f->a) {
            out[k++] = f;
            continue;
        }
        if (!ok[i])   /* reported */
            continue;
        int used = 0;
        for (int64_t value = f->a->ival; value <= f->a->ival2; value++)
            out[k++] = member(S, f, value, &used);
        if (!used)
            diag_warning(S->d, f->a->loc2, "the family's variable '%s' is not used: its variants are the same",
                         f->a->name);
    }
    *nd = k;
    return out;
}
