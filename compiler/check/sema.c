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

/* Kind lookup that reports unknown kinds. */
static int want_kind(Sema *S, const char *name, Loc loc)
{
    int k = sema_find_kind(S->m, name);
    if (k < 0)
        sema_unknown(S, loc, "kind", name, sema_gather(S, NS_KINDS));
    else
        S->m->kinds[k].used = 1;
    return k;
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
        kind = want_kind(S, z->name, z->loc2.line ? z->loc2 : z->loc);
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
    if (!sema_check_global_unique(S, c->name, nl))
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

/* find_card: the index of the card named name so far, or -1. */
static int find_card(const Sema *S, const char *name)
{
    return S->card_index ? strtab_get(S->card_index, name) : -1;
}

/* add_card: append a zeroed card named name of kind to the model and
   return its index; its row is the number of cards of its kind before it.
   Amortised O(1): the array doubles, the name goes in S->card_index. */
static int add_card(Sema *S, const char *name, int kind)
{
    Model *m = S->m;
    if (!S->card_index)
        S->card_index = strtab_new(S->a);
    int ci = sema_grow(S->a, (void **)&m->cards, &m->ncards, &S->capcards, sizeof *m->cards);
    strtab_put(S->card_index, name, ci);
    if (kind >= S->nkind_cards) {
        int n = m->nkinds > kind ? m->nkinds : kind + 1;
        int *counts = arena_alloc(S->a, sizeof *counts * (size_t)n);
        if (S->nkind_cards)
            memcpy(counts, S->kind_cards, sizeof *counts * (size_t)S->nkind_cards);
        S->kind_cards = counts;
        S->nkind_cards = n;
    }
    m->cards[ci].name = name;
    m->cards[ci].kind = kind;
    m->cards[ci].row = S->kind_cards[kind]++;
    return ci;
}

/* Card values, defaults and ability units. variant: -1 for base cards. */
/* no_such_field: report item it, which names no data field of kind k. */
static void no_such_field(Sema *S, const MKind *k, const AstNode *it)
{
    Names ns = {0};
    for (int j = 0; j < k->nfields; j++)
        if (!k->fields[j].is_state)
            sema_names_add(S, &ns, k->fields[j].name);
    const char *s = diag_suggest(it->name, ns.v, ns.n);
    if (s)
        diag_error(S->d, it->loc, "kind '%s' has no field '%s'; did you mean '%s'?", k->name, it->name, s);
    else
        diag_error(S->d, it->loc, "kind '%s' has no field '%s'", k->name, it->name);
}

/* card_value: the value of card c's item it for field fd (of kind) into
   v: a script for an ability, a constant for the others, checked against
   the field's type. */
static void card_value(Sema *S, const AstNode *c, int kind, const MField *fd, AstNode *it, MValue *v)
{
    Model *m = S->m;
    switch (fd->type) {
    case TY_ABILITY:
        if (!it->b) {
            diag_error(S->d, it->loc, "ability '%s' needs a block { ... }", it->name);
            break;
        }
        v->script = sema_new_unit(S, arena_printf(S->a, "%s.%s", c->text, it->name),
                             arena_printf(S->a, "%s_%s", sema_c_ident(S, c->text), it->name), it->loc, it->b, kind);
        break;
    case TY_BOOL:
        if (!it->a) {
            v->ival = 1;
            break;
        }
        /* fall through */
    case TY_INT:
    case TY_NAMED:
    case TY_SIDE: {
        if (it->b || !it->a) {
            diag_error(S->d, it->loc, "field '%s' needs a value", it->name);
            break;
        }
        if (fd->type == TY_SIDE && it->a->kind == AST_NAME && sema_find_side(m, it->a->name) < 0) {
            Names ns = sema_gather(S, NS_SIDES);
            sema_unknown(S, it->a->loc, "side", it->a->name, ns);
            break;
        }
        if (fd->type == TY_NAMED && it->a->kind == AST_NAME && fd->enum_index >= 0) {
            const MEnum *en = &m->enums[fd->enum_index];
            int ev = -1;
            for (int k = 0; k < en->nvalues; k++)
                if (strcmp(en->values[k], it->a->name) == 0)
                    ev = k;
            if (ev < 0) {
                Names ns = {0};
                for (int k = 0; k < en->nvalues; k++)
                    sema_names_add(S, &ns, en->values[k]);
                const char *sg = diag_suggest(it->a->name, ns.v, ns.n);
                if (sg)
                    diag_error(S->d, it->a->loc, "'%s' is not a value of enum '%s'; did you mean '%s'?",
                               it->a->name, en->name, sg);
                else
                    diag_error(S->d, it->a->loc, "'%s' is not a value of enum '%s'", it->a->name, en->name);
                break;
            }
            v->ival = ev;
            break;
        }
        Type t;
        Type want = sema_field_type(S, fd);
        if (it->a->kind == AST_STRING) {
            char b1[96];
            diag_error(S->d, it->a->loc, "field '%s' is %s, not text", it->name,
                       sema_type_name(S, want, b1, sizeof b1));
            break;
        }
        if (!sema_const_eval(S, it->a, NULL, &v->ival, &t)) {
            diag_error(S->d, it->a->loc, "field '%s' needs a constant value", it->name);
            break;
        }
        if (t.base != want.base || (t.base == T_ENUM && t.param != want.param)) {
            char b1[96], b2[96];
            diag_error(S->d, it->a->loc, "field '%s' is %s, not %s", it->name,
                       sema_type_name(S, want, b1, sizeof b1), sema_type_name(S, t, b2, sizeof b2));
        }
        break;
    }
    case TY_TEXT:
        if (!it->a || it->a->kind != AST_STRING) {
            diag_error(S->d, it->a ? it->a->loc : it->loc, "field '%s' needs a string", it->name);
            break;
        }
        v->text = it->a->text;
        break;
    default:
        break;
    }
}

/* card_defaults: the fields card c (of kind k) does not give: their
   defaults, in field order, absent optional ones, and an error for each
   required one (at nl). set: the fields given. */
static void card_defaults(Sema *S, const AstNode *c, const MKind *k, MValue *values, int *set, Loc nl)
{
    FieldEnv env = {k, values, set};
    for (int f = 0; f < k->nfields; f++) {
        const MField *fd = &k->fields[f];
        if (fd->is_state || set[fd->index])
            continue;
        MValue *v = &values[fd->index];
        v->script = -1;
        if (fd->def) {
            if (fd->type == TY_TEXT) {
                if (fd->def->kind == AST_STRING) {
                    v->text = fd->def->text;
                    v->present = 1;
                }
            } else {
                Type t;
                if (sema_const_eval(S, fd->def, &env, &v->ival, &t))
                    v->present = 1;
            }
            set[fd->index] = 1;
        } else if (fd->optional) {
            v->present = 0;
            set[fd->index] = 1;
        } else {
            diag_error(S->d, nl, "card \"%s\" lacks the required field '%s' of kind '%s'", c->text,
                       fd->name, k->name);
        }
    }
}

static void collect_card(Sema *S, AstNode *c, int variant)
{
    Model *m = S->m;
    Loc nl = c->loc2.line ? c->loc2 : c->loc;
    int kind = want_kind(S, c->name, c->loc);
    int first = find_card(S, c->text);
    if (first >= 0) {
        diag_error(S->d, nl, "duplicate card \"%s\"", c->text);
        diag_note(S->d, m->cards[first].loc, "the first is here");
        return;
    }
    if (c->ival < 1) {
        diag_error(S->d, nl, "a card has at least one copy, not %d", (int)c->ival);
        return;
    }
    if (c->ival > 10000) {
        diag_error(S->d, nl, "too many copies (%d); the limit is 10000", (int)c->ival);
        return;
    }
    if (kind < 0)
        return;
    int ci = add_card(S, c->text, kind);
    MCard *card = &m->cards[ci];
    const MKind *k = &m->kinds[kind];
    card->loc = nl;
    card->copies = (int)c->ival;
    card->variant = variant;
    card->node = c;
    card->board = -1;
    card->values = arena_alloc(S->a, sizeof(MValue) * (size_t)(k->ndata + 1));
    int *set = arena_alloc(S->a, sizeof(int) * (size_t)(k->ndata + 1));
    for (int i = 0; i < c->list.count; i++) {
        AstNode *it = c->list.items[i];
        int f = sema_find_field(k, it->name);
        if (f < 0) {
            no_such_field(S, k, it);
            continue;
        }
        const MField *fd = &k->fields[f];
        if (fd->is_state) {
            diag_error(S->d, it->loc, "'%s' is state of each card in play, not card data; it starts at its default",
                       it->name);
            continue;
        }
        int di = fd->index;
        if (set[di]) {
            diag_error(S->d, it->loc, "field '%s' is given twice", it->name);
            continue;
        }
        set[di] = 1;
        MValue *v = &card->values[di];
        v->present = 1;
        v->script = -1;
        card_value(S, c, kind, fd, it, v);
    }
    card_defaults(S, c, k, card->values, set, nl);
}


/* ---- enums, dice, boards, procedures ------------------------------------------ */

static int add_enum(Sema *S, const char *name, Loc loc)
{
    Model *m = S->m;
    int i = sema_grow(S->a, (void **)&m->enums, &m->nenums, &m->capenums, sizeof *m->enums);
    m->enums[i].name = name;
    m->enums[i].loc = loc;
    return i;
}

static int add_enum_value(Sema *S, int e, const char *name, Loc loc)
{
    if (!sema_check_global_unique(S, name, loc))
        return -1;
    MEnum *en = &S->m->enums[e];
    const char **v = arena_alloc(S->a, sizeof *v * (size_t)(en->nvalues + 1));
    if (en->nvalues)
        memcpy(v, en->values, sizeof *v * (size_t)en->nvalues);
    v[en->nvalues] = name;
    en->values = v;
    return en->nvalues++;
}

/* enum -> "enum" NAME "{" names "}" */
static void collect_enum(Sema *S, AstNode *n)
{
    Loc nl = n->loc2.line ? n->loc2 : n->loc;
    if (sema_find_enum(S->m, n->name) >= 0 || sema_find_kind(S->m, n->name) >= 0) {
        diag_error(S->d, nl, "duplicate type name '%s'", n->name);
        return;
    }
    if (n->list.count > 32) {
        diag_error(S->d, nl, "enum '%s' has %d values; the limit is 32", n->name, n->list.count);
        return;
    }
    int e = add_enum(S, n->name, nl);
    for (int i = 0; i < n->list.count; i++)
        add_enum_value(S, e, n->list.items[i]->name, n->list.items[i]->loc);
}

/* The implicit enum `board`: one value per declared board, in order. */
static void collect_board_names(Sema *S, AstNode **decls, int nd)
{
    int e = -1;
    for (int i = 0; i < nd; i++) {
        AstNode *b = decls[i];
        if (b->kind != AST_BOARD)
            continue;
        Loc nl = b->loc2.line ? b->loc2 : b->loc;
        if (e < 0) {
            if (sema_find_enum(S->m, "board") >= 0) {
                diag_error(S->d, nl, "boards make the enum 'board'; the game declares its own 'board' already");
                return;
            }
            e = add_enum(S, "board", nl);
        }
        int v = add_enum_value(S, e, b->name, nl);
        if (v < 0)
            continue;
        int cap = S->m->nboards;
        int bi = sema_grow(S->a, (void **)&S->m->boards, &S->m->nboards, &cap, sizeof *S->m->boards);
        S->m->boards[bi].name = b->name;
        S->m->boards[bi].title = b->text ? b->text : b->name;
        S->m->boards[bi].loc = nl;
        S->m->boards[bi].kind = -1;
        b->sem_ref = bi;
    }
}

/* die -> a kind with one state `face` (the enum of its faces) and a card with copies. */
static void collect_die_kind(Sema *S, AstNode *n)
{
    Model *m = S->m;
    Loc nl = n->loc2.line ? n->loc2 : n->loc;
    if (sema_find_kind(m, n->name) >= 0 || sema_find_enum(m, n->name) >= 0) {
        diag_error(S->d, nl, "duplicate type name '%s'", n->name);
        return;
    }
    int e = -1;
    int32_t *faces = arena_alloc(S->a, sizeof(int32_t) * (size_t)(n->list.count + 1));
    int nfaces = 0, bad = 0;
    uint32_t wild = 0;
    for (int i = 0; i < n->list.count; i++) {
        AstNode *f = n->list.items[i];
        int fe;
        int v = sema_find_enum_value(m, f->name, &fe);
        if (v < 0) {
            Names ns = {0};
            for (int k = 0; k < m->nenums; k++)
                for (int j = 0; j < m->enums[k].nvalues; j++)
                    sema_names_add(S, &ns, m->enums[k].values[j]);
            const char *sg = diag_suggest(f->name, ns.v, ns.n);
            if (sg)
                diag_error(S->d, f->loc, "unknown face '%s'; did you mean '%s'? (faces are values of an enum)",
                           f->name, sg);
            else
                diag_error(S->d, f->loc, "unknown face '%s': faces are values of an enum declared with 'enum'",
                           f->name);
            bad = 1;
            continue;
        }
        if (e >= 0 && fe != e) {
            diag_error(S->d, f->loc, "face '%s' is a value of enum '%s', but this die's faces are '%s' values",
                       f->name, m->enums[fe].name, m->enums[e].name);
            bad = 1;
            continue;
        }
        e = fe;
        if (f->flags & FACE_WILD) {
            wild |= 1u << v;
            int on_die = 0;
            for (int j = 0; j < nfaces; j++)
                if (faces[j] == v)
                    on_die = 1;
            if (!on_die)
                diag_error(S->d, f->loc, "wild face '%s' is not one of this die's faces", f->name);
        } else {
            faces[nfaces++] = v;
        }
    }
    if (bad || e < 0)
        return;
    if (nfaces < 2) {
        diag_error(S->d, nl, "a die needs at least two faces");
        return;
    }
    m->enums[e].wild |= wild;
    int cap = m->nkinds;
    int ki = sema_grow(S->a, (void **)&m->kinds, &m->nkinds, &cap, sizeof *m->kinds);
    MKind *k = &m->kinds[ki];
    k->name = n->name;
    k->loc = nl;
    k->is_die = 1;
    k->faces = faces;
    k->nfaces = nfaces;
    k->fields = arena_alloc(S->a, sizeof(MField));
    k->nfields = 1;
    k->nstate = 1;
    k->fields[0].name = "face";
    k->fields[0].loc = nl;
    k->fields[0].type = TY_NAMED;
    k->fields[0].is_state = 1;
    k->fields[0].keep = 1;
    k->fields[0].index = 0;
    k->fields[0].enum_index = e;
    k->fields[0].def_value = faces[0];
}

static void collect_die_card(Sema *S, AstNode *n)
{
    Model *m = S->m;
    int kind = sema_find_kind(m, n->name);
    if (kind < 0 || !m->kinds[kind].is_die)
        return;
    const char *name = n->text ? n->text : n->name;
    Loc nl = n->loc2.line ? n->loc2 : n->loc;
    if (find_card(S, name) >= 0) {
        diag_error(S->d, nl, "duplicate card \"%s\"", name);
        return;
    }
    if (n->ival < 1 || n->ival > 10000) {
        diag_error(S->d, nl, "a die has 1 to 10000 copies, not %d", (int)n->ival);
        return;
    }
    int ci = add_card(S, name, kind);
    MCard *c = &m->cards[ci];
    c->row = 0; /* a die has no table row */
    c->loc = nl;
    c->copies = (int)n->ival;
    c->variant = -1;
    c->board = -1;
    c->values = arena_alloc(S->a, sizeof(MValue));
    c->node = n;
    m->kinds[kind].used = 1;
}

static AstNode *synth_item(Sema *S, Loc loc, const char *field, AstNode *value)
{
    AstNode *it = ast_new(S->a, AST_CARD_ITEM, loc);
    it->name = field;
    it->a = value;
    return it;
}

static void collect_card(Sema *S, AstNode *c, int variant);

/* board -> one card of the board's kind per symbol of each row. */
static void collect_board_cards(Sema *S, AstNode *b)
{
    Model *m = S->m;
    Loc nl = b->loc2.line ? b->loc2 : b->loc;
    int kind = want_kind(S, b->name2, nl);
    if (kind < 0)
        return;
    const MKind *k = &m->kinds[kind];
    int fsym = sema_find_field(k, "symbol");
    if (fsym < 0 || k->fields[fsym].is_state || k->fields[fsym].type != TY_NAMED) {
        diag_error(S->d, nl, "board '%s' is of kind '%s', which needs an enum field 'symbol' for the row's symbols",
                   b->name, k->name);
        return;
    }
    int frow = sema_find_field(k, "row"), fcol = sema_find_field(k, "column"), fboard = sema_find_field(k, "board");
    const char *title = b->text ? b->text : b->name;
    for (int r = 0; r < b->list.count; r++) {
        AstNode *row = b->list.items[r];
        if (row->list.count == 0)
            diag_error(S->d, row->loc, "a row needs at least one symbol");
        for (int c = 0; c < row->list.count; c++) {
            AstNode *sym = row->list.items[c];
            AstNode *card = ast_new(S->a, AST_CARD, sym->loc);
            card->loc2 = sym->loc;
            card->name = b->name2;
            card->text = arena_printf(S->a, "%s %d.%d", title, r + 1, c + 1);
            card->ival = 1;
            AstNode *sv = ast_new(S->a, AST_NAME, sym->loc);
            sv->name = sym->name;
            ast_push(S->a, &card->list, synth_item(S, sym->loc, "symbol", sv));
            if (frow >= 0 && k->fields[frow].type == TY_INT) {
                AstNode *iv = ast_new(S->a, AST_INT, row->loc);
                iv->ival = r + 1;
                ast_push(S->a, &card->list, synth_item(S, row->loc, "row", iv));
            }
            if (fcol >= 0 && k->fields[fcol].type == TY_INT) {
                AstNode *iv = ast_new(S->a, AST_INT, sym->loc);
                iv->ival = c + 1;
                ast_push(S->a, &card->list, synth_item(S, sym->loc, "column", iv));
            }
            if (fboard >= 0 && k->fields[fboard].type == TY_NAMED) {
                AstNode *bv = ast_new(S->a, AST_NAME, nl);
                bv->name = b->name;
                ast_push(S->a, &card->list, synth_item(S, nl, "board", bv));
            }
            if (row->b)
                for (int i = 0; i < row->b->list.count; i++)
                    ast_push(S->a, &card->list, row->b->list.items[i]);
            int before = m->ncards;
            collect_card(S, card, -1);
            if (m->ncards > before)
                m->cards[m->ncards - 1].board = b->sem_ref;
        }
    }
    if (b->sem_ref >= 0 && b->sem_ref < m->nboards)
        m->boards[b->sem_ref].kind = kind;
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
            int found = find_card(S, it->text);
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
            collect_enum(S, decls[i]);
    collect_board_names(S, decls, nd);
    for (int i = 0; i < nd; i++) {
        if (decls[i]->kind == AST_KIND)
            collect_kind(S, decls[i]);
        else if (decls[i]->kind == AST_DIE)
            collect_die_kind(S, decls[i]);
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
            collect_card(S, decls[i], -1);
        else if (decls[i]->kind == AST_DIE)
            collect_die_card(S, decls[i]);
        else if (decls[i]->kind == AST_BOARD)
            collect_board_cards(S, decls[i]);
    }
    int nvariants = 1;
    for (int i = 0; i < nd; i++)
        if (decls[i]->kind == AST_VARIANT)
            nvariants++;
    for (int i = 0, vi = 1; i < nd; i++)
        if (decls[i]->kind == AST_VARIANT) {
            for (int j = 0; j < decls[i]->list.count; j++)
                if (decls[i]->list.items[j]->kind == AST_CARD)
                    collect_card(S, decls[i]->list.items[j], vi);
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
            m->variants[v].copies[c] =
                (int16_t)((m->cards[c].variant < 0 || m->cards[c].variant == v) ? m->cards[c].copies : 0);
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

    if (S->endings == 0 && S->round)
        diag_error(d, m->game_loc, "the game can never end: no script contains 'win' or 'draw_game'");

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
    AstNode **decls = prog->decls.items;
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
    make_variants(S, decls, nd, nvariants);
    check_units(S);
    sema_check_views(S, decls, nd);
    for (int i = 0; i < m->ncards; i++)
        model_string(m, m->cards[i].name);
    if (d->errors)
        return NULL;
    return m;
}

