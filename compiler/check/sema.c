/* sema.c: the checker's declarations and the whole program: it builds the
   Model that the back ends read (sema_names.c and sema_script.c do the rest). */
#include "sema_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"
#include "sheet_layout.h"
#include "strtab.h"

/* ---- declarations --------------------------------------------------------------- */

static void collect_game(Sema *S, AstNode *g)
{
    Model *m = S->m;
    if (S->game) {
        diag_error(S->d, g->loc, "a program has one 'game'; this is a second one");
        diag_note(S->d, S->game->loc, "the first is here");
        return;
    }
    S->game = g;
    m->id = g->name;
    /* the id names the files and the three names the C exports (id_game,
       id_variants, id_variant_count); every other generated name begins
       with a capital or is local (emit_c.c, "Names") */
    if (!(g->name[0] >= 'a' && g->name[0] <= 'z') || strcmp(g->name, "rt") == 0 || strncmp(g->name, "rt_", 3) == 0)
        diag_error(S->d, g->loc2.line ? g->loc2 : g->loc,
                   "the game's id '%s' must begin with a lower-case letter and not be 'rt' or begin with 'rt_': "
                   "it names the C symbols the game exports ('%s_game')", g->name, g->name);
    m->title = g->text ? g->text : g->name;
    m->game_loc = g->loc;
    m->min_players = m->max_players = 0;
    int nsides = 0;
    for (int i = 0; i < g->list.count; i++)
        if (g->list.items[i]->kind == AST_SIDE)
            nsides++;
    m->side_names = arena_alloc(S->a, sizeof(char *) * (size_t)(nsides + 1));
    m->side_titles = arena_alloc(S->a, sizeof(char *) * (size_t)(nsides + 1));
    int have_players = 0;
    for (int i = 0; i < g->list.count; i++) {
        AstNode *it = g->list.items[i];
        if (it->kind == AST_PLAYERS) {
            if (have_players)
                diag_error(S->d, it->loc, "'players' is given twice");
            have_players = 1;
            int64_t lo = it->ival, hi = it->ival2 ? it->ival2 : it->ival;
            if (lo < 1 || hi > 8)
                diag_error(S->d, it->loc, "a game has 1 to 8 players, not %lld", (long long)(lo < 1 ? lo : hi));
            else if (hi < lo)
                diag_error(S->d, it->loc, "impossible player range %d..%d", (int)lo, (int)hi);
            m->min_players = lo < 1 || lo > 8 ? 0 : (int)lo;
            m->max_players = hi < 1 || hi > 8 ? 0 : (int)hi;
        } else if (it->kind == AST_SIDE) {
            if (sema_find_side(m, it->name) >= 0) {
                diag_error(S->d, it->loc, "duplicate side '%s'", it->name);
                continue;
            }
            m->side_names[m->nsides] = it->name;
            m->side_titles[m->nsides] = it->text ? it->text : it->name;
            m->nsides++;
        }
    }
    if (!have_players) {
        diag_error(S->d, g->loc, "the game must say how many players it has ('players N')");
        m->min_players = m->max_players = 2;
    }
    sema_check_teams(S, g);
}

static void collect_kind(Sema *S, AstNode *k)
{
    Model *m = S->m;
    if (sema_find_kind(m, k->name) >= 0) {
        diag_error(S->d, k->loc2.line ? k->loc2 : k->loc, "duplicate kind '%s'", k->name);
        return;
    }
    int cap = m->nkinds;
    int i = sema_grow(S->a, (void **)&m->kinds, &m->nkinds, &cap, sizeof *m->kinds);
    (void)cap;
    MKind *mk_ = &m->kinds[i];
    mk_->name = k->name;
    mk_->loc = k->loc;
    mk_->fields = arena_alloc(S->a, sizeof(MField) * (size_t)(k->list.count + 1));
    for (int f = 0; f < k->list.count; f++) {
        AstNode *fd = k->list.items[f];
        if (sema_find_field(mk_, fd->name) >= 0) {
            diag_error(S->d, fd->loc, "duplicate field '%s' in kind '%s'", fd->name, k->name);
            continue;
        }
        MField *mf = &mk_->fields[mk_->nfields++];
        mf->name = fd->name;
        mf->loc = fd->loc;
        mf->type = fd->type;
        mf->optional = (fd->flags & FIELD_OPTIONAL) != 0;
        mf->is_state = (fd->flags & FIELD_STATE) != 0;
        mf->keep = (fd->flags & FIELD_KEEP) != 0;
        mf->def = fd->a;
        mf->enum_index = -1;
        if (fd->type == TY_NAMED) {
            Type t = sema_resolve_type(S, TY_NAMED, fd->name2, fd->loc2.line ? fd->loc2 : fd->loc);
            mf->enum_index = t.base == T_ENUM ? t.param : -1;
        }
        if (mf->is_state) {
            if (fd->type != TY_INT && fd->type != TY_BOOL && fd->type != TY_NAMED)
                diag_error(S->d, fd->loc, "state '%s' must be int, bool or an enum", fd->name);
            mf->index = mk_->nstate++;
        } else {
            if (fd->type == TY_PLAYER || fd->type == TY_CARD)
                diag_error(S->d, fd->loc, "a card field cannot be a %s; use state or a variable",
                           fd->type == TY_PLAYER ? "player" : "card");
            if (fd->type == TY_ABILITY && fd->a)
                diag_error(S->d, fd->a->loc, "an ability field cannot have a default; mark it optional with '?'");
            mf->index = mk_->ndata++;
        }
    }
}

/* sema_want_kind: the kind named name, or -1 after reporting it unknown. */
int sema_want_kind(Sema *S, const char *name, Loc loc)
{
    int k = sema_find_kind(S->m, name);
    if (k < 0)
        sema_unknown(S, loc, "kind", name, sema_gather(S, NS_KINDS));
    else
        S->m->kinds[k].used = 1;
    return k;
}

/* check_dice_zone: zone declaration z holds interchangeable dice of kind:
   it is public, not ordered and not per space (its dice are counted by
   face, in face order: docs/language.md "Interchangeable dice"). */
static void check_dice_zone(Sema *S, const AstNode *z, int kind)
{
    const char *why = (z->flags & ZONE_PER_SPACE)                ? "shared or per player (not per space)"
                      : (z->flags & (ZONE_PRIVATE | ZONE_HIDDEN)) ? "public"
                      : (z->flags & ZONE_ORDERED)                   ? "not ordered (its dice lie in face order)"
                                                                      : NULL;
    if (why)
        diag_error(S->d, z->loc, "a zone of interchangeable dice ('%s') is %s", S->m->kinds[kind].name, why);
}

static void collect_zone(Sema *S, AstNode *z)
{
    Model *m = S->m;
    int vis = RT_PUBLIC, nvis = 0;
    if (z->flags & ZONE_PUBLIC) nvis++;
    if (z->flags & ZONE_PRIVATE) { vis = RT_PRIVATE; nvis++; }
    if (z->flags & ZONE_HIDDEN) { vis = RT_HIDDEN; nvis++; }
    if (nvis > 1)
        diag_error(S->d, z->loc, "a zone has one visibility: public, private or hidden");
    if ((z->flags & ZONE_PER_PLAYER) && (z->flags & ZONE_SHARED))
        diag_error(S->d, z->loc, "a zone is either 'per player' or 'shared', not both");
    if ((z->flags & ZONE_PRIVATE) && !(z->flags & ZONE_PER_PLAYER))
        diag_error(S->d, z->loc, "a 'private' zone must be 'per player' (private means its owner sees it)");
    int kind = -1;
    if (z->name)
        kind = sema_want_kind(S, z->name, z->loc2.line ? z->loc2 : z->loc);
    for (int i = 0; i < z->list.count; i++) {
        AstNode *n = z->list.items[i];
        if (!sema_check_global_unique(S, n->name, n->loc))
            continue;
        int cap = m->nzones;
        int zi = sema_grow(S->a, (void **)&m->zones, &m->nzones, &cap, sizeof *m->zones);
        MZone *mz = &m->zones[zi];
        mz->name = n->name;
        mz->loc = n->loc;
        mz->per_player = (z->flags & ZONE_PER_PLAYER) != 0;
        mz->ordered = (z->flags & ZONE_ORDERED) != 0;
        mz->visibility = vis;
        mz->kind = kind;
        mz->per_space = (z->flags & ZONE_PER_SPACE) != 0;   /* the map is known later (sema_graph.c) */
        if (mz->per_space && mz->per_player)
            diag_error(S->d, z->loc, "a zone is either 'per player' or 'per space', not both");
        if (kind >= 0 && m->kinds[kind].interchangeable)
            check_dice_zone(S, z, kind);
    }
}

static int const_int(Sema *S, AstNode *e, int32_t *out, Type *ty, const char *what)
{
    Type t;
    if (!sema_const_eval(S, e, NULL, out, &t)) {
        /* type-check for a better message, then complain */
        diag_error(S->d, e->loc, "%s must be a constant (literals and 'const' names)", what);
        return 0;
    }
    if (ty)
        *ty = t;
    return 1;
}

static void collect_counter(Sema *S, AstNode *c)
{
    Model *m = S->m;
    int32_t init = 0, lo = 0, hi = 0;
    Type t;
    if (c->a && const_int(S, c->a, &init, &t, "a counter's initial value") && t.base != T_INT)
        diag_error(S->d, c->a->loc, "a counter's initial value must be an int");
    int has_min = c->b != NULL, has_max = c->c != NULL;
    if (c->b)
        const_int(S, c->b, &lo, NULL, "a counter's minimum");
    if (c->c)
        const_int(S, c->c, &hi, NULL, "a counter's maximum");
    if (has_min && has_max && lo > hi)
        diag_error(S->d, c->b->loc, "impossible bounds: min %d is above max %d", (int)lo, (int)hi);
    else if ((has_min && init < lo) || (has_max && init > hi))
        diag_error(S->d, c->a ? c->a->loc : c->loc, "the initial value %d is outside the bounds", (int)init);
    for (int i = 0; i < c->list.count; i++) {
        AstNode *n = c->list.items[i];
        if (c->d) {   /* an array counter */
            MVar proto = {.name = n->name, .loc = n->loc, .per_player = (c->flags & DECL_PER_PLAYER) != 0,
                          .is_counter = 1, .type = mk(T_INT, -1), .init = init, .has_min = has_min,
                          .has_max = has_max, .min = lo, .max = hi};
            sema_array_declare(S, c->d, &proto, n->name, n->loc);
            continue;
        }
        if (!sema_check_global_unique(S, n->name, n->loc))
            continue;
        int cap = m->nvars;
        int vi = sema_grow(S->a, (void **)&m->vars, &m->nvars, &cap, sizeof *m->vars);
        MVar *v = &m->vars[vi];
        v->name = n->name;
        v->loc = n->loc;
        v->per_player = (c->flags & DECL_PER_PLAYER) != 0;
        v->is_counter = 1;
        v->type = mk(T_INT, -1);
        v->init = init;
        v->has_min = has_min;
        v->has_max = has_max;
        v->min = lo;
        v->max = hi;
    }
}

static void collect_var(Sema *S, AstNode *c)
{
    Model *m = S->m;
    Loc nl = c->loc2.line ? c->loc2 : c->loc;
    if (!c->d && !sema_check_global_unique(S, c->name, nl))
        return;
    Type ty = sema_resolve_type(S, c->type, c->name2, nl);
    if (ty.base == T_ERROR)
        return;
    if (ty.base == T_TEXT || ty.base == T_ABILITY) {
        diag_error(S->d, c->loc, "a variable cannot hold %s", ty.base == T_TEXT ? "text" : "an ability");
        return;
    }
    int32_t init = (ty.base == T_PLAYER || ty.base == T_CARD) ? RT_NONE : 0;
    if (c->a) {
        Type t;
        if (const_int(S, c->a, &init, &t, "a variable's initial value")
            && (t.base != ty.base || (t.base == T_ENUM && t.param != ty.param)))
            diag_error(S->d, c->a->loc, "the initial value does not have the variable's type");
    }
    if (c->d) {   /* an array variable */
        MVar proto = {.name = c->name, .loc = nl, .per_player = (c->flags & DECL_PER_PLAYER) != 0,
                      .is_private = (c->flags & VAR_PRIVATE) != 0, .type = ty, .init = init};
        sema_array_declare(S, c->d, &proto, c->name, nl);
        return;
    }
    int cap = m->nvars;
    int vi = sema_grow(S->a, (void **)&m->vars, &m->nvars, &cap, sizeof *m->vars);
    MVar *v = &m->vars[vi];
    v->name = c->name;
    v->loc = nl;
    v->per_player = (c->flags & DECL_PER_PLAYER) != 0;
    v->is_private = (c->flags & VAR_PRIVATE) != 0;
    if (v->is_private && !v->per_player)
        diag_error(S->d, nl, "a 'private' variable must be 'per player' (private means its player sees it)");
    v->type = ty;
    v->init = init;
}

static void collect_const(Sema *S, AstNode *c)
{
    Model *m = S->m;
    Loc nl = c->loc2.line ? c->loc2 : c->loc;
    if (!sema_check_global_unique(S, c->name, nl))
        return;
    int32_t val = 0;
    Type t = mk(T_INT, -1);
    if (!const_int(S, c->a, &val, &t, "a constant"))
        t = mk(T_INT, -1);
    if (t.base != T_INT && t.base != T_BOOL) {
        diag_error(S->d, c->a->loc, "a constant must be an int or a bool");
        t = mk(T_INT, -1);
    }
    int cap = m->nconsts;
    int ci = sema_grow(S->a, (void **)&m->consts, &m->nconsts, &cap, sizeof *m->consts);
    m->consts[ci].name = c->name;
    m->consts[ci].loc = nl;
    m->consts[ci].type = t;
    m->consts[ci].value = val;
}

/* procedure -> a script unit whose first locals are its parameters. */
static void collect_procedure(Sema *S, AstNode *p)
{
    Loc nl = p->loc2.line ? p->loc2 : p->loc;
    if (!sema_check_global_unique(S, p->name, nl))
        return;
    int u = sema_new_unit(S, p->name, arena_printf(S->a, "proc_%s", sema_c_ident(S, p->name)), nl, p->b, -1);
    MUnit *un = &S->m->units[u];
    un->is_procedure = 1;
    un->decl = p;
    un->nparams = p->list.count;
    un->param_types = arena_alloc(S->a, sizeof(Type) * (size_t)(p->list.count + 1));
    for (int i = 0; i < p->list.count; i++) {
        AstNode *pa = p->list.items[i];
        un->param_types[i] = sema_resolve_type(S, pa->type, pa->name2, pa->loc2.line ? pa->loc2 : pa->loc);
        if (un->param_types[i].base == T_TEXT || un->param_types[i].base == T_ABILITY)
            diag_error(S->d, pa->loc, "a parameter cannot be text or an ability");
    }
}

/* Check kind defaults once (types and constness). */
static void check_kind_defaults(Sema *S, int kind)
{
    const MKind *k = &S->m->kinds[kind];
    for (int f = 0; f < k->nfields; f++) {
        const MField *fd = &k->fields[f];
        if (!fd->def)
            continue;
        if (fd->type == TY_TEXT) {
            if (fd->def->kind != AST_STRING)
                diag_error(S->d, fd->def->loc, "the default of '%s' must be a string", fd->name);
            continue;
        }
        /* allow earlier data fields by name; evaluate with a fake env where they are all set to 0 */
        MValue vals[64];
        int set[64];
        memset(vals, 0, sizeof vals);
        memset(set, 0, sizeof set);
        for (int j = 0; j < f && j < 64; j++)
            if (!k->fields[j].is_state && k->fields[j].index < 64) {
                set[k->fields[j].index] = 1;
                vals[k->fields[j].index].present = 1;
            }
        FieldEnv env = {k, vals, set};
        int32_t v;
        Type t;
        if (!sema_const_eval(S, fd->def, fd->is_state ? NULL : &env, &v, &t)) {
            ((MField *)fd)->def_value = 0;
            diag_error(S->d, fd->def->loc, "the default of '%s' must be a constant%s", fd->name,
                       fd->is_state ? "" : " or an earlier field");
            continue;
        }
        ((MField *)fd)->def_value = v;
        Type want = sema_field_type(S, fd);
        if (want.base == T_ERROR)
            continue;
        if (t.base != want.base || (t.base == T_ENUM && t.param != want.param)) {
            char b1[96], b2[96];
            diag_error(S->d, fd->def->loc, "the default of '%s' must be %s, not %s", fd->name,
                       sema_type_name(S, want, b1, sizeof b1), sema_type_name(S, t, b2, sizeof b2));
        }
    }
}

static void collect_function_sig(Sema *S, AstNode *fn)
{
    Loc nl = fn->loc2.line ? fn->loc2 : fn->loc;
    if (!sema_check_global_unique(S, fn->name, nl))
        return;
    int i = S->nfunctions++;
    S->functions[i] = fn;
    S->fparam_count[i] = fn->list.count;
    S->fparams[i] = arena_alloc(S->a, sizeof(Type) * (size_t)(fn->list.count + 1));
    for (int p = 0; p < fn->list.count; p++) {
        S->fparams[i][p] = sema_resolve_type(S, fn->list.items[p]->type, fn->list.items[p]->name2,
                                        fn->list.items[p]->loc2.line ? fn->list.items[p]->loc2 : fn->list.items[p]->loc);
        if (S->fparams[i][p].base == T_TEXT || S->fparams[i][p].base == T_ABILITY)
            diag_error(S->d, fn->list.items[p]->loc, "a parameter cannot be text or an ability");
    }
    S->fresult[i] = sema_resolve_type(S, fn->type, fn->name2, fn->loc2.line ? fn->loc2 : fn->loc);
}

static void check_function(Sema *S, int fi)
{
    AstNode *fn = S->functions[fi];
    int ui = sema_new_unit(S, fn->name, sema_c_ident(S, fn->name), fn->loc, fn->a, -1);
    MUnit *u = &S->m->units[ui];
    u->is_function = 1;
    u->nparams = fn->list.count;
    u->param_types = S->fparams[fi];
    u->result = S->fresult[fi];
    fn->sem_ref = ui;
    S->unit = u;
    S->nscope = 0;
    for (int p = 0; p < fn->list.count; p++)
        sema_bind(S, fn->list.items[p]->name, S->fparams[fi][p], fn->list.items[p]->loc);
    Type t = sema_check_expr(S, fn->a);
    if (S->fresult[fi].base == T_TEXT || S->fresult[fi].base == T_ABILITY)
        diag_error(S->d, fn->loc2.line ? fn->loc2 : fn->loc, "a function cannot return %s",
                   S->fresult[fi].base == T_TEXT ? "text" : "an ability");
    else if (t.base != T_ERROR && t.base != S->fresult[fi].base) {
        char b1[96], b2[96];
        diag_error(S->d, fn->a->loc, "function '%s' returns %s, but its body is %s", fn->name,
                   sema_type_name(S, S->fresult[fi], b1, sizeof b1), sema_type_name(S, t, b2, sizeof b2));
    }
    S->unit = NULL;
}

/* Deep copy of a statement tree (for variants that replace a phase). */
static AstNode *clone_tree(Arena *a, const AstNode *n)
{
    if (!n)
        return NULL;
    AstNode *c = arena_alloc(a, sizeof *c);
    *c = *n;
    c->a = clone_tree(a, n->a);
    c->b = clone_tree(a, n->b);
    c->c = clone_tree(a, n->c);
    c->d = clone_tree(a, n->d);
    c->e = clone_tree(a, n->e);
    c->f = clone_tree(a, n->f);   /* a prompt's holes */
    c->g = clone_tree(a, n->g);   /* a choice's label's */
    c->list.items = NULL;
    c->list.count = c->list.cap = 0;
    for (int i = 0; i < n->list.count; i++)
        ast_push(a, &c->list, clone_tree(a, n->list.items[i]));
    return c;
}

/* Replace the phase named name inside tree by repl; returns how many were replaced. */
static int replace_phase(AstNode *tree, const char *name, AstNode *repl)
{
    if (!tree)
        return 0;
    int n = 0;
    if (tree->kind == AST_PHASE && strcmp(tree->name, name) == 0) {
        tree->b = repl;
        return 1;
    }
    AstNode *kids[5] = {tree->a, tree->b, tree->c, tree->d, tree->e};
    for (int i = 0; i < 5; i++)
        if (kids[i] && kids[i]->kind < AST_INT)
            n += replace_phase(kids[i], name, repl);
    for (int i = 0; i < tree->list.count; i++)
        if (tree->list.items[i] && tree->list.items[i]->kind < AST_INT)
            n += replace_phase(tree->list.items[i], name, repl);
    return n;
}

static void collect_variant(Sema *S, AstNode *v, int vi, int base_setup, int base_round)
{
    Model *m = S->m;
    MVariant *mv = &m->variants[vi];
    Loc nl = v->loc2.line ? v->loc2 : v->loc;
    mv->name = v->name;
    mv->title = v->text ? v->text : v->name;
    mv->loc = nl;
    for (int i = 0; i < vi; i++)
        if (strcmp(m->variants[i].name, v->name) == 0)
            diag_error(S->d, nl, "duplicate variant '%s'", v->name);
    if (strcmp(v->name, "base") == 0)
        diag_error(S->d, nl, "'base' names the game itself; choose another variant name");
    if (strcmp(v->name, "count") == 0)   /* its C name would be the count's: <id>_variant_count */
        diag_error(S->d, nl, "'count' would name the number of variants in the C ('%s_variant_count'); "
                   "choose another variant name", m->id ? m->id : "game");
    if (m->id && v->name2 && strcmp(v->name2, m->id) != 0)
        diag_error(S->d, nl, "variant '%s' is of unknown game '%s'; this program's game is '%s'", v->name,
                   v->name2, m->id);
    mv->consts = arena_alloc(S->a, sizeof(int32_t) * (size_t)(m->nconsts + 1));
    for (int i = 0; i < m->nconsts; i++)
        mv->consts[i] = m->consts[i].value;
    mv->setup = base_setup;
    mv->round = base_round;
    AstNode *round_copy = NULL;
    for (int i = 0; i < v->list.count; i++) {
        AstNode *it = v->list.items[i];
        switch (it->kind) {
        case AST_SET: {
            int ci = sema_find_const(m, it->name);
            if (ci < 0) {
                sema_unknown(S, it->loc, "constant", it->name, sema_gather(S, NS_CONSTS));
                break;
            }
            int32_t val;
            Type t;
            if (!sema_const_eval(S, it->a, NULL, &val, &t))
                diag_error(S->d, it->a->loc, "'set' needs a constant value");
            else if (t.base != m->consts[ci].type.base)
                diag_error(S->d, it->a->loc, "constant '%s' has another type", it->name);
            else
                mv->consts[ci] = val;
            break;
        }
        case AST_SETUP:
            mv->setup = sema_new_unit(S, arena_printf(S->a, "%s setup", v->name),
                                 arena_printf(S->a, "%s_setup", v->name), it->loc, it->b, -1);
            break;
        case AST_ROUND:
            mv->round = sema_new_unit(S, arena_printf(S->a, "%s round", v->name),
                                 arena_printf(S->a, "%s_round", v->name), it->loc, it->b, -1);
            round_copy = it->b;
            break;
        case AST_PHASE: {
            if (!round_copy) {
                const AstNode *src = mv->round >= 0 ? m->units[mv->round].body : NULL;
                if (!src) {
                    diag_error(S->d, it->loc, "there is no round whose phase this could replace");
                    break;
                }
                round_copy = clone_tree(S->a, src);
                mv->round = sema_new_unit(S, arena_printf(S->a, "%s round", v->name),
                                     arena_printf(S->a, "%s_round", v->name), it->loc, round_copy, -1);
            }
            if (replace_phase(round_copy, it->name, it->b) == 0)
                diag_error(S->d, it->loc2.line ? it->loc2 : it->loc, "the round has no phase '%s' to replace",
                           it->name);
            break;
        }
        default:
            break;
        }
    }
}

static void apply_variant_cards(Sema *S, AstNode *v, int vi)
{
    Model *m = S->m;
    MVariant *mv = &m->variants[vi];
    for (int i = 0; i < v->list.count; i++) {
        AstNode *it = v->list.items[i];
        if (it->kind == AST_REMOVE_BOARD) {
            int found = -1;
            for (int b = 0; b < m->nboards; b++)
                if (strcmp(m->boards[b].name, it->name) == 0)
                    found = b;
            if (found < 0) {
                Names ns = {0};
                for (int b = 0; b < m->nboards; b++)
                    sema_names_add(S, &ns, m->boards[b].name);
                sema_unknown(S, it->loc2.line ? it->loc2 : it->loc, "board", it->name, ns);
            } else {
                for (int c = 0; c < m->ncards; c++)
                    if (m->cards[c].board == found)
                        mv->copies[c] = 0;
            }
        }
        if (it->kind == AST_REMOVE_CARD) {
            int found = sema_find_card(S, it->text);
            if (found < 0) {
                Names ns = {0};
                for (int c = 0; c < m->ncards; c++)
                    sema_names_add(S, &ns, m->cards[c].name);
                sema_unknown(S, it->loc, "card", it->text, ns);
            } else {
                mv->copies[found] = 0;
            }
        }
    }
}

/* The whole program. */
/* ---- layouts (printable card sheets) ---------------------------------------- */

/* check_layouts: layout -> "layout" KIND "{" ... "}"; read and checked by
   sheet_layout.c, which fills m->layouts (a default for every kind without one). */
static void check_layouts(Sema *S)
{
    sheet_layout_check(S->d, S->a, S->m, S->prog);
}

/* collect_names: pass 1 after the game: enums, boards' names, kinds and
   dice, constants, zones, counters, variables, function and procedure
   signatures, setup and round, in declaration order; kinds' defaults. */
static void collect_names(Sema *S, AstNode **decls, int nd)
{
    Diag *d = S->d;
    Model *m = S->m;
    for (int i = 0; i < nd; i++)
        if (decls[i]->kind == AST_ENUM)
            sema_collect_enum(S, decls[i]);
    sema_collect_board_names(S, decls, nd);
    sema_collect_map_names(S, decls, nd);
    for (int i = 0; i < nd; i++) {
        if (decls[i]->kind == AST_KIND)
            collect_kind(S, decls[i]);
        else if (decls[i]->kind == AST_DIE)
            sema_collect_die_kind(S, decls[i]);
    }
    for (int i = 0; i < nd; i++)
        if (decls[i]->kind == AST_CONST)
            collect_const(S, decls[i]);
    for (int i = 0; i < nd; i++) {
        switch (decls[i]->kind) {
        case AST_ZONE: collect_zone(S, decls[i]); break;
        case AST_COUNTER: collect_counter(S, decls[i]); break;
        case AST_VAR: collect_var(S, decls[i]); break;
        case AST_FUNCTION: collect_function_sig(S, decls[i]); break;
        case AST_PROCEDURE: collect_procedure(S, decls[i]); break;
        case AST_SETUP:
            if (S->setup) {
                diag_error(d, decls[i]->loc, "duplicate 'setup'");
                diag_note(d, S->setup->loc, "the first is here");
            } else {
                S->setup = decls[i];
            }
            break;
        case AST_ROUND:
            if (S->round) {
                diag_error(d, decls[i]->loc, "duplicate 'round'");
                diag_note(d, S->round->loc, "the first is here");
            } else {
                S->round = decls[i];
            }
            break;
        default: break;
        }
    }
    for (int k = 0; k < m->nkinds; k++)
        check_kind_defaults(S, k);
}

/* collect_cards: the cards of the base game, then those the variants add;
   returns the number of variants (the base game included). */
static int collect_cards(Sema *S, AstNode **decls, int nd)
{
    for (int i = 0; i < nd; i++) {
        if (decls[i]->kind == AST_CARD)
            sema_collect_card(S, decls[i], -1);
        else if (decls[i]->kind == AST_DIE)
            sema_collect_die_card(S, decls[i]);
        else if (decls[i]->kind == AST_BOARD)
            sema_collect_board_cards(S, decls[i]);
        else if (decls[i]->kind == AST_MAP)
            sema_collect_map(S, decls[i]);
    }
    sema_expand_space_zones(S);
    int nvariants = 1;
    for (int i = 0; i < nd; i++)
        if (decls[i]->kind == AST_VARIANT)
            nvariants++;
    for (int i = 0, vi = 1; i < nd; i++)
        if (decls[i]->kind == AST_VARIANT) {
            for (int j = 0; j < decls[i]->list.count; j++)
                if (decls[i]->list.items[j]->kind == AST_CARD && (decls[i]->list.items[j]->flags & CARD_CHANGES))
                    sema_collect_card_change(S, decls[i]->list.items[j], vi);
                else if (decls[i]->list.items[j]->kind == AST_CARD)
                    sema_collect_card(S, decls[i]->list.items[j], vi);
            vi++;
        }

    return nvariants;
}

/* make_variants: the setup and round units and every variant (the base
   game first): its constants, copies of the cards, setup and round. */
static void make_variants(Sema *S, AstNode **decls, int nd, int nvariants)
{
    Diag *d = S->d;
    Model *m = S->m;
    Arena *arena = S->a;
    int base_setup = -1, base_round = -1;
    if (S->setup)
        base_setup = sema_new_unit(S, "setup", "setup", S->setup->loc, S->setup->b, -1);
    if (S->round)
        base_round = sema_new_unit(S, "round", "round", S->round->loc, S->round->b, -1);
    else
        diag_error(d, m->game_loc, "the game has no 'round': nothing would ever happen");

    m->nvariants = nvariants;
    m->variants = arena_alloc(arena, sizeof(MVariant) * (size_t)nvariants);
    m->variants[0].name = "base";
    m->variants[0].title = m->title;
    m->variants[0].loc = m->game_loc;
    m->variants[0].consts = arena_alloc(arena, sizeof(int32_t) * (size_t)(m->nconsts + 1));
    for (int i = 0; i < m->nconsts; i++)
        m->variants[0].consts[i] = m->consts[i].value;
    m->variants[0].setup = base_setup;
    m->variants[0].round = base_round;
    for (int v = 0; v < nvariants; v++) {
        m->variants[v].copies = arena_alloc(arena, sizeof(int16_t) * (size_t)(m->ncards + 1));
        for (int c = 0; c < m->ncards; c++)
            m->variants[v].copies[c] = (int16_t)((m->cards[c].variant < 0 || m->cards[c].variant == v) &&
                                                         m->cards[c].changes < 0 ? m->cards[c].copies : 0);
    }
    for (int i = 0, vi = 1; i < nd; i++)
        if (decls[i]->kind == AST_VARIANT) {
            collect_variant(S, decls[i], vi, base_setup, base_round);
            apply_variant_cards(S, decls[i], vi);
            vi++;
        }

}

/* check_units: every script unit (abilities were created with the cards)
   and function, the call graphs, that the game can end; warnings for
   kinds without cards and zones never used; the layouts. */
static void check_units(Sema *S)
{
    Diag *d = S->d;
    Model *m = S->m;
    int nscripts = m->nunits;
    for (int u = 0; u < nscripts; u++)
        sema_check_unit(S, u);
    for (int f = 0; f < S->nfunctions; f++)
        check_function(S, f);
    sema_check_calls(S);   /* recursion, calls nested too deep, m->max_frames */
#ifndef CARDC_UNCHECKED_SECRETS   /* only the test build of tests/lang/secrets_test.c leaves it out */
    if (d->errors == 0)
        sema_check_flow(S);   /* no rule shows a player what he may not know */
#endif

    if (S->endings == 0 && S->round)
        diag_error(d, m->game_loc, "the game can never end: no script contains 'win', 'draw_game' or 'lose_game'");

    for (int k = 0; k < m->nkinds && d->errors == 0; k++) {
        int n = 0;
        for (int c = 0; c < m->ncards; c++)
            if (m->cards[c].kind == k)
                n++;
        if (n == 0)
            diag_warning(d, m->kinds[k].loc, "kind '%s' has no cards", m->kinds[k].name);
    }
    for (int z = 1; z < m->nzones && d->errors == 0; z++)
        if (!m->zones[z].used)
            diag_warning(d, m->zones[z].loc, "zone '%s' is never used", m->zones[z].name);

    check_layouts(S);
}

Model *sema_check(Diag *d, Arena *arena, AstProgram *prog)
{
    Sema S_;
    Sema *S = &S_;
    memset(S, 0, sizeof *S);
    S->d = d;
    S->a = arena;
    S->prog = prog;
    Model *m = arena_alloc(arena, sizeof *m);
    m->arena = arena;
    S->m = m;
    int nd = prog->decls.count;
    AstNode **decls = sema_expand_families(S, prog->decls.items, &nd);
    S->functions = arena_alloc(arena, sizeof(AstNode *) * (size_t)(nd + 1));
    S->fresult = arena_alloc(arena, sizeof(Type) * (size_t)(nd + 1));
    S->fparam_count = arena_alloc(arena, sizeof(int) * (size_t)(nd + 1));
    S->fparams = arena_alloc(arena, sizeof(Type *) * (size_t)(nd + 1));

    /* the implicit box zone */
    int zcap = 0;
    sema_grow(arena, (void **)&m->zones, &m->nzones, &zcap, sizeof *m->zones);
    m->zones[0].name = "box";
    m->zones[0].visibility = RT_HIDDEN;
    m->zones[0].kind = -1;
    m->zones[0].used = 1;

    /* pass 1: game, sides, kinds, then names in declaration order */
    for (int i = 0; i < nd; i++)
        if (decls[i]->kind == AST_GAME)
            collect_game(S, decls[i]);
    if (!S->game) {
        Loc nowhere = {0, 1, 1};
        diag_error(d, nowhere, "no 'game' declaration: every program needs one");
        return NULL;
    }
    collect_names(S, decls, nd);
    int nvariants = collect_cards(S, decls, nd);
    sema_arrays_expand(S);
    make_variants(S, decls, nd, nvariants);
    check_units(S);
    sema_check_views(S, decls, nd);
    for (int i = 0; i < m->ncards; i++)
        model_string(m, m->cards[i].name);
    if (d->errors)
        return NULL;
    return m;
}

