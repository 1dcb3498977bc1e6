/* yaml_map.c: a map (docs/language.md "Maps") in YAML, the same AST as the
   `.cards` form:
     {map: NAME, title?, of: KIND, symmetric?: BOOL, spaces: [SPACE...],
      adjacency?: {SPACE: [NAME...]}}
     SPACE -> {space: NAME, title?, region?: NAME, values?: {FIELD: VALUE}}
   Spaces of one region are grouped in the order the regions first appear. */
#include "yaml_internal.h"

#include <string.h>

/* at: where node n is, or in origins mode (an export that records the
   source's lines) fallback, a location in the source file. */
static Loc at(Y *y, const YNode *n, Loc fallback)
{
    return y->origins && y->src >= 0 ? fallback : yl_loc(y, n);
}

/* region_of: the AST_REGION of map d named name (NULL: no region), made
   (at loc) when it is the first space of that region. */
static AstNode *region_of(Y *y, AstNode *d, const char *name, Loc loc)
{
    for (int i = 0; i < d->list.count; i++) {
        AstNode *r = d->list.items[i];
        if (r->kind == AST_REGION && (r->name == name || (r->name && name && strcmp(r->name, name) == 0)))
            return r;
    }
    AstNode *r = ast_new(y->a, AST_REGION, loc);
    r->loc2 = loc;
    r->name = name;
    ast_push(y->a, &d->list, r);
    return r;
}

/* map_space: one SPACE mapping into its region of d; kind: the spaces'. */
static void map_space(Y *y, AstNode *d, const YNode *s)
{
    static const char *const keys[] = { "space", "title", "region", "values", "origin", "lines", NULL };
    if (s->kind != YN_MAP) {
        diag_error(y->d, yl_loc(y, s), "a space must be a mapping (with the key 'space'), not %s", yl_kind_word(s));
        return;
    }
    if (!yl_check_keys(y, s, keys, "a space") || !yl_need(y, s, "space", "a space"))
        return;
    Loc loc = yl_decl_loc(y, s);
    AstNode *sp = ast_new(y->a, AST_SPACE, loc);
    sp->name = yl_name_of(y, yl_get(s, "space"), "a space");
    const YNode *t = yl_get(s, "title");
    sp->text = t && !yl_is_null(t) ? yl_scalar(y, t, "'title'") : NULL;
    const YNode *rn = yl_get(s, "region");
    const char *region = rn && !yl_is_null(rn) ? yl_name_of(y, rn, "a region") : NULL;
    if (!sp->name)
        return;
    sp->b = ast_new(y->a, AST_BLOCK, loc);
    sp->b->name = d->name2;   /* the kind of the spaces, for load_resolve_cells */
    yl_values_at(y, s, sp->b, loc);
    ast_push(y->a, &region_of(y, d, region, rn ? at(y, rn, loc) : loc)->list, sp);
}

AstNode *yl_build_map(Y *y, const YNode *m, Loc loc)
{
    AstNode *d = ast_new(y->a, AST_MAP, loc);
    d->loc2 = loc;
    d->name = yl_name_of(y, yl_get(m, "map"), "a map");
    const YNode *t = yl_get(m, "title");
    d->text = t && !yl_is_null(t) ? yl_scalar(y, t, "'title'") : NULL;
    const YNode *of = yl_need(y, m, "of", "a map");
    if (of) {
        d->name2 = yl_name_of(y, of, "'of'");
        d->a = ast_new(y->a, AST_NAME, at(y, of, loc));
        d->a->name = d->name2;
    }
    const YNode *sym = yl_get(m, "symmetric");
    int symmetric = 0;
    if (sym && yl_boolean(y, sym, "'symmetric'", &symmetric))
        d->ival = symmetric;
    const YNode *spaces = yl_get(m, "spaces");
    if (spaces && spaces->kind != YN_SEQ) {
        diag_error(y->d, yl_loc(y, spaces), "'spaces' must be a list of spaces, not %s", yl_kind_word(spaces));
        spaces = NULL;
    }
    for (int i = 0; spaces && d->name2 && i < spaces->count; i++)
        map_space(y, d, spaces->items[i]);
    const YNode *adj = yl_get(m, "adjacency");
    if (adj && adj->kind != YN_MAP && !yl_is_null(adj)) {
        diag_error(y->d, yl_loc(y, adj), "'adjacency' must map each space to its neighbours, not %s", yl_kind_word(adj));
        adj = NULL;
    }
    for (int i = 0; adj && adj->kind == YN_MAP && i + 1 < adj->count; i += 2) {
        const char *from = yl_name_of(y, adj->items[i], "a space");
        if (!from)
            continue;
        AstNode *a = ast_new(y->a, AST_ADJACENT, at(y, adj->items[i], loc));
        a->name = from;
        a->list = yl_names_at(y, adj->items[i + 1], at(y, adj->items[i + 1], loc), "a space's neighbours");
        ast_push(y->a, &d->list, a);
    }
    return d->name && d->name2 ? d : NULL;
}
