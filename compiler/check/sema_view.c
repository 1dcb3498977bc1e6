/* sema_view.c: the checker of `view` declarations: what the play screen
   shows besides the zones and counters (functions, for the game or for
   each player; maps space by space) and what it leaves off (bookkeeping
   counters, variables and zones). Fills Model.views, Model.view_maps and
   the view_hidden flags. */
#include "sema_internal.h"

#include <stdio.h>
#include <string.h>

#include "cardrt.h"

/* public_only: 1 if expression e (and every function it calls, seen[]
   marking those already walked) reads no zone but public ones and no
   private variable: a view shows what every player may see. Reports the
   first read that is not, with a note at the view item. */
static int public_only(Sema *S, const AstNode *e, const AstNode *item, char *seen)
{
    if (!e)
        return 1;
    if (e->kind == AST_NAME || e->kind == AST_MY || e->kind == AST_FIELD_OF || e->kind == AST_CALL
        || e->kind == AST_INDEX) {
        int cat = SYM_CAT(e->sem_ref), idx = SYM_IDX(e->sem_ref);
        const char *what = NULL, *name = NULL;
        if (cat == SYM_ZONE && idx < S->m->nzones && S->m->zones[idx].visibility != RT_PUBLIC) {
            what = S->m->zones[idx].visibility == RT_PRIVATE ? "zone '%s', which only its player sees"
                                                             : "zone '%s', which is hidden";
            name = S->m->zones[idx].name;
        } else if (cat == SYM_VAR && idx < S->m->nvars && S->m->vars[idx].is_private) {
            what = "variable '%s', which only its player sees";
            name = S->m->vars[idx].name;
        } else if (cat == SYM_ARRAY && idx < S->m->narrays && S->m->arrays[idx].proto.is_private) {
            what = "variable '%s', which only its player sees";
            name = S->m->arrays[idx].name;
        }
        if (what) {
            char msg[160];
            snprintf(msg, sizeof msg, what, name);
            diag_error(S->d, e->loc, "a view shows what every player may see, but '%s' reads %s", item->name, msg);
            diag_note(S->d, item->loc, "shown here");
            return 0;
        }
        if (e->kind == AST_CALL && cat == SYM_FUNC && idx < S->nfunctions && !seen[idx]) {
            seen[idx] = 1;
            if (!public_only(S, S->functions[idx]->a, item, seen))
                return 0;
        }
    }
    const AstNode *kids[] = {e->a, e->b, e->c, e->d, e->e};
    for (size_t i = 0; i < sizeof kids / sizeof kids[0]; i++)
        if (!public_only(S, kids[i], item, seen))
            return 0;
    for (int i = 0; i < e->list.count; i++)
        if (!public_only(S, e->list.items[i], item, seen))
            return 0;
    return 1;
}

/* check_shown: a shown item names a function of no parameter, or (per
   player) of one player, that reads only what every player sees. */
static void check_shown(Sema *S, const AstNode *it)
{
    Model *m = S->m;
    int fi = sema_find_func(S, it->name);
    if (fi < 0) {
        diag_error(S->d, it->loc, "a view shows a function: there is no function '%s'", it->name);
        return;
    }
    int per = (it->flags & DECL_PER_PLAYER) != 0;
    int want = per ? 1 : 0;
    if (S->fparam_count[fi] != want || (per && S->fparams[fi][0].base != T_PLAYER)) {
        diag_error(S->d, it->loc, per ? "a view 'per player' shows a function of one player: '%s' is not one"
                                      : "a view shows a function of no parameter ('NAME per player' for a function of a player): '%s' takes %d",
                   it->name, S->fparam_count[fi]);
        return;
    }
    char *seen = arena_alloc(S->a, (size_t)S->nfunctions + 1);
    seen[fi] = 1;
    if (!public_only(S, S->functions[fi]->a, it, seen))
        return;
    for (int v = 0; v < m->nviews; v++)
        if (strcmp(m->views[v].name, it->name) == 0) {
            diag_error(S->d, it->loc, "'%s' is shown twice", it->name);
            diag_note(S->d, m->views[v].loc, "the first is here");
            return;
        }
    int cap = m->nviews;
    int k = sema_grow(S->a, (void **)&m->views, &m->nviews, &cap, sizeof *m->views);
    m->views[k].name = it->name;
    m->views[k].loc = it->loc;
    m->views[k].unit = S->functions[fi]->sem_ref;
    m->views[k].per_player = per;
}

/* check_hidden: a hidden item names a counter, variable or zone (not the box). */
static void check_hidden(Sema *S, const AstNode *it)
{
    Model *m = S->m;
    int v = sema_find_var(m, it->name);
    int arr = v < 0 ? sema_array_hide(S, it->name) : 0;
    if (arr) {
        if (arr < 0)
            diag_error(S->d, it->loc, "'%s' is hidden twice", it->name);
        return;
    }
    int z = v < 0 ? sema_find_zone(m, it->name) : -1;
    int *flag = v >= 0 ? &m->vars[v].view_hidden : z > 0 ? &m->zones[z].view_hidden : NULL;
    if (z == 0) {
        diag_error(S->d, it->loc, "the box is never on the play screen: there is nothing to hide");
        return;
    }
    if (!flag) {
        diag_error(S->d, it->loc, "a view hides a counter, variable or zone: there is no counter, variable or zone '%s'",
                   it->name);
        return;
    }
    if (*flag) {
        diag_error(S->d, it->loc, "'%s' is hidden twice", it->name);
        return;
    }
    *flag = 1;
}

/* map_item: item n of a map view of map g: a zone per space of the map
   (its spaces' zones then leave the screen's list of zones: the map shows
   them), or a function of one card that reads only what every player
   sees. Returns 0 after reporting. */
static int map_item(Sema *S, const AstNode *n, int g, MViewMapItem *out)
{
    Model *m = S->m;
    out->name = n->name;
    out->loc = n->loc;
    out->zone = -1;
    out->unit = -1;
    int z = sema_find_zone(m, n->name);
    if (z > 0 && m->zones[z].per_space == g + 1) {
        out->zone = z;
        for (int s = 0; s < m->graphs[g].nspaces; s++)
            m->zones[m->zones[z].space_first + s].view_hidden = 1;
        return 1;
    }
    int fi = sema_find_func(S, n->name);
    if (fi < 0) {
        diag_error(S->d, n->loc, "a map on the screen shows zones per space and functions of a space: "
                   "'%s' is neither", n->name);
        return 0;
    }
    if (S->fparam_count[fi] != 1 || S->fparams[fi][0].base != T_CARD) {
        diag_error(S->d, n->loc, "a map on the screen shows functions of one card (the space): '%s' is not one", n->name);
        return 0;
    }
    char *seen = arena_alloc(S->a, (size_t)S->nfunctions + 1);
    seen[fi] = 1;
    if (!public_only(S, S->functions[fi]->a, n, seen))
        return 0;
    out->unit = S->functions[fi]->sem_ref;
    return 1;
}

/* check_map: a map item: MAP ["by" FIELD] "{" names "}", FIELD a data
   field (int, bool, side or enum) of the map's kind. */
static void check_map(Sema *S, const AstNode *it)
{
    Model *m = S->m;
    int g = -1;
    for (int i = 0; i < m->ngraphs; i++)
        if (strcmp(m->graphs[i].name, it->name) == 0)
            g = i;
    if (g < 0 || m->graphs[g].kind < 0) {
        diag_error(S->d, it->loc, "a view shows a map space by space: there is no map '%s'", it->name);
        return;
    }
    for (int v = 0; v < m->nview_maps; v++)
        if (m->view_maps[v].graph == g) {
            diag_error(S->d, it->loc, "map '%s' is shown twice", it->name);
            diag_note(S->d, m->view_maps[v].loc, "the first is here");
            return;
        }
    const MKind *k = &m->kinds[m->graphs[g].kind];
    int f = -1;
    if (it->text) {
        f = sema_find_field(k, it->text);
        int t = f >= 0 ? (int)k->fields[f].type : -1;
        if (f < 0 || k->fields[f].is_state || (t != TY_INT && t != TY_BOOL && t != TY_SIDE && t != TY_NAMED)) {
            diag_error(S->d, it->loc2, "the spaces are grouped by a data field of kind '%s' (int, bool, side or enum): "
                       "'%s' is not one", k->name, it->text);
            return;
        }
    }
    MViewMapItem *items = arena_alloc(S->a, sizeof *items * (size_t)(it->list.count + 1));
    int n = 0, ok = 1;
    for (int i = 0; i < it->list.count; i++) {
        int twice = 0;
        for (int j = 0; j < i && !twice; j++)
            twice = strcmp(it->list.items[j]->name, it->list.items[i]->name) == 0;
        if (twice)
            diag_error(S->d, it->list.items[i]->loc, "'%s' is shown twice on map '%s'", it->list.items[i]->name,
                       it->name);
        else if (map_item(S, it->list.items[i], g, &items[n]))
            n++;
        else
            ok = 0;
        ok &= !twice;
    }
    if (!ok)
        return;
    int cap = m->nview_maps;
    int v = sema_grow(S->a, (void **)&m->view_maps, &m->nview_maps, &cap, sizeof *m->view_maps);
    m->view_maps[v].loc = it->loc;
    m->view_maps[v].graph = g;
    m->view_maps[v].group_field = f;
    m->view_maps[v].items = items;
    m->view_maps[v].nitems = n;
}

/* sema_check_views: every view declaration of the program, in order
   (after the units: a shown function's unit exists). */
void sema_check_views(Sema *S, AstNode **decls, int nd)
{
    for (int i = 0; i < nd; i++) {
        if (decls[i]->kind != AST_VIEW)
            continue;
        S->m->has_view = 1;
        for (int j = 0; j < decls[i]->list.count; j++) {
            const AstNode *it = decls[i]->list.items[j];
            if (it->flags & VIEW_HIDDEN)
                check_hidden(S, it);
            else if (it->flags & VIEW_MAP)
                check_map(S, it);
            else
                check_shown(S, it);
        }
    }
}
