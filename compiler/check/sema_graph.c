/* sema_graph.c: maps (boards as graphs): their spaces become cards of the
   map's kind, their adjacency is checked and kept as compressed rows in
   the Model (MGraph), and the graph builtins of expressions (neighbours,
   adjacent, distance, within, reachable) are typed here. */
#include "sema_internal.h"

#include <stdio.h>
#include <string.h>

#include "cardrt.h"
#include "strtab.h"

/* region_enum: the index of the implicit enum `region`, made at loc when
   absent; -1 after reporting a game that declares its own. */
static int region_enum(Sema *S, Loc loc, int *made)
{
    Model *m = S->m;
    int e = sema_find_enum(m, "region");
    if (e >= 0 && !*made) {
        diag_error(S->d, loc, "map regions make the enum 'region'; the game declares its own 'region' already");
        return -1;
    }
    if (e >= 0)
        return e;
    e = sema_grow(S->a, (void **)&m->enums, &m->nenums, &m->capenums, sizeof *m->enums);
    m->enums[e].name = "region";
    m->enums[e].loc = loc;
    *made = 1;
    return e;
}

/* add_region: value name of enum e (once: a region may recur in another map). */
static void add_region(Sema *S, int e, const char *name, Loc loc)
{
    MEnum *en = &S->m->enums[e];
    for (int i = 0; i < en->nvalues; i++)
        if (strcmp(en->values[i], name) == 0)
            return;
    if (en->nvalues >= 32) {
        diag_error(S->d, loc, "the enum 'region' would have more than 32 values");
        return;
    }
    if (!sema_check_global_unique(S, name, loc))
        return;
    const char **v = arena_alloc(S->a, sizeof *v * (size_t)(en->nvalues + 1));
    if (en->nvalues)
        memcpy(v, en->values, sizeof *v * (size_t)en->nvalues);
    v[en->nvalues++] = name;
    en->values = v;
}

/* edge_list_map: a row of an edge list (a top-level adjacency) names a
   declared map (maps: the maps' names), or is reported (with a
   did-you-mean). */
static void edge_list_map(Sema *S, AstNode **decls, int nd, const StrTab *maps, const AstNode *a)
{
    if (strtab_get(maps, a->name2) >= 0)
        return;
    Names ns = {0};
    for (int i = 0; i < nd; i++)
        if (decls[i]->kind == AST_MAP)
            sema_names_add(S, &ns, decls[i]->name);
    sema_unknown(S, a->loc2, "map", a->name2, ns);
}

/* The maps' names (MGraph entries, kind unknown yet) and the implicit enum
   `region` (one value per region named in any map, in order). */
void sema_collect_map_names(Sema *S, AstNode **decls, int nd)
{
    Model *m = S->m;
    int made = 0, e = -2, cap = m->ngraphs;
    StrTab *maps = strtab_new(S->a);
    for (int i = 0; i < nd; i++)
        if (decls[i]->kind == AST_MAP)
            strtab_put(maps, decls[i]->name, i);
    for (int i = 0; i < nd; i++) {
        AstNode *d = decls[i];
        if (d->kind == AST_ADJACENT)
            edge_list_map(S, decls, nd, maps, d);
        if (d->kind != AST_MAP)
            continue;
        Loc nl = d->loc2.line ? d->loc2 : d->loc;
        d->sem_ref = -1;
        for (int g = 0; g < m->ngraphs; g++)
            if (strcmp(m->graphs[g].name, d->name) == 0) {
                diag_error(S->d, nl, "duplicate map '%s'", d->name);
                diag_note(S->d, m->graphs[g].loc, "the first is here");
                goto regions;
            }
        int gi = sema_grow(S->a, (void **)&m->graphs, &m->ngraphs, &cap, sizeof *m->graphs);
        m->graphs[gi].name = d->name;
        m->graphs[gi].title = d->text ? d->text : d->name;
        m->graphs[gi].loc = nl;
        m->graphs[gi].kind = -1;
        m->graphs[gi].symmetric = (int)d->ival;
        d->sem_ref = gi;
    regions:
        for (int j = 0; j < d->list.count; j++) {
            const AstNode *r = d->list.items[j];
            if (r->kind != AST_REGION || !r->name)
                continue;
            if (e == -2)
                e = region_enum(S, r->loc2, &made);
            if (e >= 0)
                add_region(S, e, r->name, r->loc2);
        }
    }
}

/* space_card: the AST of the card of space sp in region r of map d. */
static AstNode *space_card(Sema *S, const AstNode *d, const AstNode *r, const AstNode *sp, int fregion)
{
    AstNode *card = ast_new(S->a, AST_CARD, sp->loc);
    card->loc2 = sp->loc;
    card->name = d->name2;
    card->text = sp->text ? sp->text : sp->name;
    card->ival = 1;
    if (fregion && r->name) {
        AstNode *it = ast_new(S->a, AST_CARD_ITEM, r->loc2);
        it->name = "region";
        it->a = ast_new(S->a, AST_NAME, r->loc2);
        it->a->name = r->name;
        ast_push(S->a, &card->list, it);
    }
    if (sp->b)
        for (int i = 0; i < sp->b->list.count; i++)
            ast_push(S->a, &card->list, sp->b->list.items[i]);
    return card;
}

/* One edge as written: from, to (space indexes) and where `to` is named. */
typedef struct Edge {
    int from, to;
    Loc loc;
} Edge;

/* find_space: the index of the space named name of map g, or -1 after
   reporting it unknown at loc (with a did-you-mean). */
static int find_space(Sema *S, const MGraph *g, const StrTab *ids, const char *name, Loc loc)
{
    int i = strtab_get(ids, name);
    if (i >= 0)
        return i;
    const char *s = diag_suggest(name, g->space_name, g->nspaces);
    if (s)
        diag_error(S->d, loc, "unknown space '%s' in map '%s'; did you mean '%s'?", name, g->name, s);
    else
        diag_error(S->d, loc, "unknown space '%s' in map '%s'", name, g->name);
    return -1;
}

/* map_spaces: the cards of map d's spaces, into graph g (its space tables,
   ids: identifier -> space). */
static void map_spaces(Sema *S, AstNode *d, MGraph *g, StrTab *ids)
{
    Model *m = S->m;
    const MKind *k = &m->kinds[g->kind];
    int fr = sema_find_field(k, "region");
    int fregion = fr >= 0 && !k->fields[fr].is_state && k->fields[fr].type == TY_NAMED
                  && k->fields[fr].enum_index == sema_find_enum(m, "region");
    int n = 0;
    for (int j = 0; j < d->list.count; j++)
        if (d->list.items[j]->kind == AST_REGION)
            n += d->list.items[j]->list.count;
    g->space_card = arena_alloc(S->a, sizeof *g->space_card * (size_t)(n + 1));
    g->space_name = arena_alloc(S->a, sizeof *g->space_name * (size_t)(n + 1));
    for (int j = 0; j < d->list.count; j++) {
        const AstNode *r = d->list.items[j];
        if (r->kind != AST_REGION)
            continue;
        for (int s = 0; s < r->list.count; s++) {
            const AstNode *sp = r->list.items[s];
            int prev = strtab_get(ids, sp->name);
            if (prev >= 0) {
                diag_error(S->d, sp->loc, "duplicate space '%s' in map '%s'", sp->name, g->name);
                diag_note(S->d, m->cards[g->space_card[prev]].loc, "the first is here");
                continue;
            }
            int before = m->ncards;
            sema_collect_card(S, space_card(S, d, r, sp, fregion), -1);
            if (m->ncards == before)
                continue;
            strtab_put(ids, sp->name, g->nspaces);
            g->space_name[g->nspaces] = sp->name;
            g->space_card[g->nspaces++] = m->ncards - 1;
        }
    }
    if (g->nspaces > RT_GRAPH_MAX_SPACES)
        diag_error(S->d, g->loc, "map '%s' has %d spaces; the limit is %d", g->name, g->nspaces, RT_GRAPH_MAX_SPACES);
}

/* An edge set: open addressing over indexes into the edges as written,
   keyed by (from, to), so that each duplicate and each reverse is found in
   constant time (a complete map of 1,024 spaces has a million edges). */
typedef struct EdgeSet {
    int *slot;      /* cap slots: an edge's index, or -1 */
    size_t mask;    /* cap - 1, cap a power of two at least twice the edges */
} EdgeSet;

/* edge_set_new: an empty set for at most n edges, in arena a. */
static EdgeSet edge_set_new(Arena *a, int n)
{
    size_t cap = 16;
    while (cap < 2 * (size_t)n + 2)
        cap *= 2;
    EdgeSet h = {arena_alloc(a, sizeof *h.slot * cap), cap - 1};
    memset(h.slot, 0xff, sizeof *h.slot * cap);
    return h;
}

/* edge_slot: the slot of (from, to) in h over edges e: the one holding
   such an edge, or the empty one where it would go. */
static size_t edge_slot(const EdgeSet *h, const Edge *e, int from, int to)
{
    size_t i = ((size_t)(unsigned)from * 0x9E3779B1u ^ (size_t)(unsigned)to * 0x85EBCA77u) & h->mask;
    while (h->slot[i] >= 0 && (e[h->slot[i]].from != from || e[h->slot[i]].to != to))
        i = (i + 1) & h->mask;
    return i;
}

/* edge_find: the index of the edge (from, to) in e, or -1. */
static int edge_find(const EdgeSet *h, const Edge *e, int from, int to)
{
    return h->slot[edge_slot(h, e, from, to)];
}

/* map_edges: the edges of map d as written (checked: unknown spaces,
   self-loops, duplicates); returns how many, in *out (arena), and their
   set in *set. */
static int map_edges(Sema *S, const AstNode *d, const MGraph *g, const StrTab *ids, Edge **out, EdgeSet *set,
                     int *unknown)
{
    const AstList *top = &S->prog->decls;
    int most = 0;
    for (int j = 0; j < d->list.count + top->count; j++) {
        const AstNode *a = j < d->list.count ? d->list.items[j] : top->items[j - d->list.count];
        if (a->kind == AST_ADJACENT)
            most += a->list.count;
    }
    int n = 0;
    Edge *e = arena_alloc(S->a, sizeof *e * (size_t)(most + 1));
    *set = edge_set_new(S->a, most);
    for (int j = 0; j < d->list.count + top->count; j++) {
        /* the map's own adjacency lists, then the rows of edge lists (CSV) naming it */
        const AstNode *a = j < d->list.count ? d->list.items[j] : top->items[j - d->list.count];
        if (a->kind != AST_ADJACENT || (j >= d->list.count && (!a->name2 || strcmp(a->name2, g->name) != 0)))
            continue;
        int from = find_space(S, g, ids, a->name, a->loc);
        *unknown |= from < 0;
        for (int t = 0; t < a->list.count; t++) {
            const AstNode *nb = a->list.items[t];
            int to = find_space(S, g, ids, nb->name, nb->loc);
            if (from < 0 || to < 0) {
                *unknown = 1;
                continue;
            }
            if (from == to) {
                diag_error(S->d, nb->loc, "space '%s' is listed as its own neighbour", nb->name);
                continue;
            }
            size_t at = edge_slot(set, e, from, to);
            if (set->slot[at] >= 0) {
                diag_error(S->d, nb->loc, "duplicate edge '%s' -> '%s'", a->name, nb->name);
                diag_note(S->d, e[set->slot[at]].loc, "the first is here");
                continue;
            }
            e[n].from = from;
            e[n].to = to;
            e[n].loc = nb->loc;
            set->slot[at] = n++;
        }
    }
    *out = e;
    return n;
}

/* map -> the spaces' cards, then the adjacency as compressed rows: the
   neighbours of each space in the order they are written. */
void sema_collect_map(Sema *S, AstNode *d)
{
    Model *m = S->m;
    if (d->sem_ref < 0)
        return;
    MGraph *g = &m->graphs[d->sem_ref];
    int kind = sema_want_kind(S, d->name2, d->a ? d->a->loc : d->loc2);
    if (kind < 0)
        return;
    for (int i = 0; i < d->sem_ref; i++)
        if (m->graphs[i].kind == kind) {
            diag_error(S->d, g->loc, "kind '%s' already has map '%s'; a kind's cards are the spaces of one map",
                       m->kinds[kind].name, m->graphs[i].name);
            return;
        }
    g->kind = kind;
    StrTab *ids = strtab_new(S->a);
    map_spaces(S, d, g, ids);
    Edge *e;
    EdgeSet set;
    int unknown = 0;
    int ne = map_edges(S, d, g, ids, &e, &set, &unknown);
    if (g->symmetric && !unknown)   /* an edge to a misspelt space would be reported twice */
        for (int i = 0; i < ne; i++)
            if (edge_find(&set, e, e[i].to, e[i].from) < 0)
                diag_error(S->d, e[i].loc,
                           "edge '%s' -> '%s' is given one way only: map '%s' is symmetric, so '%s' must list '%s' too",
                           g->space_name[e[i].from], g->space_name[e[i].to], g->name, g->space_name[e[i].to],
                           g->space_name[e[i].from]);
    /* the rows by a counting sort on `from`, each row in the order written */
    g->first = arena_alloc(S->a, sizeof *g->first * (size_t)(g->nspaces + 1));
    g->adj = arena_alloc(S->a, sizeof *g->adj * (size_t)(ne + 1));
    memset(g->first, 0, sizeof *g->first * (size_t)(g->nspaces + 1));
    for (int i = 0; i < ne; i++)
        g->first[e[i].from + 1]++;
    for (int s = 0; s < g->nspaces; s++)
        g->first[s + 1] += g->first[s];
    int *fill = arena_alloc(S->a, sizeof *fill * (size_t)(g->nspaces + 1));
    memcpy(fill, g->first, sizeof *fill * (size_t)(g->nspaces + 1));
    for (int i = 0; i < ne; i++)
        g->adj[fill[e[i].from]++] = e[i].to;
}

/* sema_graph_of: the map whose spaces are cards of kind, or -1. */
int sema_graph_of(const Model *m, int kind)
{
    for (int g = 0; g < m->ngraphs; g++)
        if (m->graphs[g].kind == kind && kind >= 0)
            return g;
    return -1;
}

/* space_arg: check argument e of graph builtin fn as a space; returns its
   map, or -1 after reporting. */
static int space_arg(Sema *S, AstNode *e, const char *fn)
{
    Type t = sema_check_expr(S, e);
    if (t.base == T_ERROR)
        return -1;
    if (t.base != T_CARD) {
        char b[96];
        diag_error(S->d, e->loc, "'%s' needs a space of a map, not %s", fn, sema_type_name(S, t, b, sizeof b));
        return -1;
    }
    int g = sema_graph_of(S->m, t.param);
    if (t.param < 0 && S->m->ngraphs == 1 && S->m->graphs[0].kind >= 0)
        g = 0;   /* a card of any kind: a space of the only map, checked when it runs */
    if (g < 0) {
        if (t.param < 0)
            diag_error(S->d, e->loc, "'%s' needs a space of a map; this card may be of any kind (test it with 'is')", fn);
        else
            diag_error(S->d, e->loc, "'%s' needs a space of a map; kind '%s' has no map", fn, S->m->kinds[t.param].name);
    }
    return g;
}

/* sema_graph_call: when e (a call of fn, no declared function of that
   name) is a graph builtin, check it, annotate it and store its type in
   *out; returns 0 when fn is not one.
   neighbours(s), within(s, n): spaces; adjacent(a, b), reachable(a, b,
   avoiding x where COND): bool; distance(a, b): int. */
int sema_graph_call(Sema *S, AstNode *e, Type *out)
{
    static const char *const fns[] = {"neighbours", "within", "adjacent", "distance", "reachable"};
    static const int nargs[] = {1, 2, 2, 2, 2};
    int which = -1;
    for (int i = 0; i < 5; i++)
        if (strcmp(e->name, fns[i]) == 0)
            which = i;
    if (which < 0 || sema_find_func(S, e->name) >= 0)
        return 0;
    *out = mk(T_ERROR, -1);
    int argc = e->list.count;
    if ((which == 4) != (e->name2 != NULL)) {
        diag_error(S->d, e->loc, which == 4 ? "'reachable' needs the spaces a path avoids: reachable(a, b, avoiding x where COND)"
                                            : "only 'reachable' takes 'avoiding'");
        return 1;
    }
    if (argc != nargs[which]) {
        diag_error(S->d, e->loc, "'%s' takes %d argument%s, not %d", fns[which], nargs[which],
                   nargs[which] == 1 ? "" : "s", argc);
        return 1;
    }
    int g = space_arg(S, e->list.items[0], fns[which]);
    if (which == 1) {
        sema_expect(S, e->list.items[1], T_INT, "the number of steps of 'within'");
    } else if (which >= 2) {
        int g2 = space_arg(S, e->list.items[1], fns[which]);
        if (g >= 0 && g2 >= 0 && g != g2) {
            diag_error(S->d, e->list.items[1]->loc, "'%s' needs two spaces of one map, not of '%s' and '%s'", fns[which],
                       S->m->graphs[g].name, S->m->graphs[g2].name);
            g = -1;
        }
    }
    if (which == 4 && g >= 0) {
        int save = S->nscope;
        e->ival = sema_bind(S, e->name2, mk(T_CARD, S->m->graphs[g].kind), e->loc2);
        sema_expect(S, e->c, T_BOOL, "the 'where' condition of 'avoiding'");
        S->nscope = save;
    }
    if (g < 0)
        return 1;
    *out = which < 2 ? mk(T_SPACES, g) : which == 3 ? mk(T_INT, -1) : mk(T_BOOL, -1);
    sema_annotate(e, *out, which);
    e->ival2 = g;
    return 1;
}

/* A `per space` zone Z of the map M (the game's only map): one shared zone
   per space, named Z_SPACE, of Z's kind, order and visibility; Z itself
   stays an empty zone that rules reach only as `s.Z`. */
void sema_expand_space_zones(Sema *S)
{
    Model *m = S->m;
    int nz = m->nzones;
    for (int z = 0; z < nz; z++) {
        if (!m->zones[z].per_space)
            continue;
        if (m->ngraphs != 1 || m->graphs[0].kind < 0) {
            diag_error(S->d, m->zones[z].loc, "a zone 'per space' needs the game to have one map, not %d", m->ngraphs);
            m->zones[z].per_space = 0;
            continue;
        }
        const MGraph *g = &m->graphs[0];
        m->zones[z].per_space = 1;
        m->zones[z].space_first = m->nzones;
        m->zones[z].used = 1;
        m->zones[z].view_hidden = 1;
        for (int s = 0; s < g->nspaces; s++) {
            const char *name = arena_printf(S->a, "%s_%s", m->zones[z].name, g->space_name[s]);
            int taken = sema_find_zone(m, name);
            if (taken >= 0) {
                diag_error(S->d, m->zones[z].loc, "the zone '%s' of space '%s' is named '%s', which another zone is",
                           m->zones[z].name, g->space_name[s], name);
                diag_note(S->d, m->zones[taken].loc, "that zone is here");
            } else {
                sema_check_global_unique(S, name, m->zones[z].loc);   /* reports a clash */
            }
            int cap = m->nzones;
            int zi = sema_grow(S->a, (void **)&m->zones, &m->nzones, &cap, sizeof *m->zones);
            MZone *mz = &m->zones[zi], *t = &m->zones[z];
            mz->name = name;
            mz->loc = t->loc;
            mz->ordered = t->ordered;
            mz->visibility = t->visibility;
            mz->kind = t->kind;
            mz->used = 1;
        }
    }
}

/* sema_space_zone (sema_internal.h): `s.Z` for a zone Z per space. */
int sema_space_zone(Sema *S, AstNode *e, int kind, const char *name, Type *out)
{
    const Model *m = S->m;
    int z = sema_find_zone(m, name);
    if (z < 0 || !m->zones[z].per_space)
        return 0;
    int g = m->zones[z].per_space - 1;
    if (kind >= 0 && kind != m->graphs[g].kind && sema_find_field(&m->kinds[kind], name) >= 0)
        return 0;   /* another kind's field of that name */
    if (kind >= 0 && kind != m->graphs[g].kind) {
        diag_error(S->d, e->loc2.line ? e->loc2 : e->loc, "'%s' is a zone of each space of map '%s'; a card of kind '%s' is no space",
                   name, m->graphs[g].name, m->kinds[kind].name);
        *out = mk(T_ERROR, -1);
        return 1;
    }
    *out = mk(T_ZONE, z);
    sema_annotate(e, *out, SYM_MAKE(SYM_ZONE, z));
    return 1;
}
