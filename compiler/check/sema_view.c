/* sema_view.c: the checker of `view` declarations: what the play screen
   shows besides the zones and counters (functions, for the game or for
   each player) and what it leaves off (bookkeeping counters, variables
   and zones). Fills Model.views and the view_hidden flags. */
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
            else
                check_shown(S, it);
        }
    }
}
