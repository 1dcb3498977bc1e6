/* sema_script.c: the checker's scripts: scopes, expressions, statements and code units. */
#include "sema_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"

/* ---- scopes and locals ------------------------------------------------------ */

static int unit_add_local(Sema *S, MUnit *u, const char *name)
{
    /* unique C name within the unit: name, name_2, name_3 ... */
    const char *cname = name;
    for (int k = 2;; k++) {
        int clash = 0;
        for (int i = 0; i < u->nlocals; i++)
            if (strcmp(u->locals[i], cname) == 0)
                clash = 1;
        if (!clash)
            break;
        cname = arena_printf(S->a, "%s_%d", name, k);
    }
    int i = sema_grow(S->a, (void **)&u->locals, &u->nlocals, &u->caplocals, sizeof *u->locals);
    u->locals[i] = cname;
    return i;
}

int sema_bind(Sema *S, const char *name, Type t, Loc loc)
{
    for (int i = S->nscope - 1; i >= 0; i--)
        if (strcmp(S->scope[i].name, name) == 0) {
            diag_error(S->d, loc, "'%s' is already bound in this scope", name);
            break;
        }
    int slot = unit_add_local(S, S->unit, name);
    int i = sema_grow(S->a, (void **)&S->scope, &S->nscope, &S->capscope, sizeof *S->scope);
    S->scope[i].name = name;
    S->scope[i].slot = slot;
    S->scope[i].type = t;
    return slot;
}

static const Binding *lookup_local(const Sema *S, const char *name)
{
    for (int i = S->nscope - 1; i >= 0; i--)
        if (strcmp(S->scope[i].name, name) == 0)
            return &S->scope[i];
    return NULL;
}

/* narrow: for each `x is KIND` in the and-chain of cond where x is a local
   card, shadow x with the narrowed type (same slot). Returns the scope size
   to restore afterwards. */
static int narrow(Sema *S, const AstNode *cond)
{
    int save = S->nscope;
    if (!cond)
        return save;
    if (cond->kind == AST_BINARY && cond->op == OP_AND) {
        narrow(S, cond->a);
        narrow(S, cond->b);
        return save;
    }
    if (cond->kind != AST_IS || !cond->a || cond->a->kind != AST_NAME)
        return save;
    const Binding *b = lookup_local(S, cond->a->name);
    if (!b || b->type.base != T_CARD)
        return save;
    int kind = -1;
    for (int i = 0; i < S->m->nkinds; i++)
        if (strcmp(S->m->kinds[i].name, cond->name) == 0)
            kind = i;
    if (kind < 0)
        return save;
    Binding nb = *b;
    nb.type.param = kind;
    int i = sema_grow(S->a, (void **)&S->scope, &S->nscope, &S->capscope, sizeof *S->scope);
    S->scope[i] = nb;
    return save;
}

/* ---- expressions ---------------------------------------------------------------- */

static void check_block(Sema *S, AstNode *b);

static int is_unary_neg(const AstNode *e) { return e->op == '-' || e->op == OP_NEG; }

/* expect: check e and require type base want; returns the type. */
static Type expect(Sema *S, AstNode *e, TypeBase want, const char *context)
{
    Type t = sema_check_expr(S, e);
    if (t.base != T_ERROR && t.base != want) {
        char b1[96], b2[96];
        diag_error(S->d, e->loc, "%s must be %s, not %s", context,
                   sema_type_name(S, mk(want, -1), b1, sizeof b1), sema_type_name(S, t, b2, sizeof b2));
        return mk(T_ERROR, -1);
    }
    return t;
}

/* The element type of a collection (zone, players, sides), or error. */
static Type element_of(Sema *S, AstNode *coll, Type t)
{
    switch (t.base) {
    case T_ZONE:
        return mk(T_CARD, t.param >= 0 ? S->m->zones[t.param].kind : -1);
    case T_PLAYERS:
        return mk(T_PLAYER, -1);
    case T_SIDES:
        return mk(T_SIDE, -1);
    case T_ERROR:
        return mk(T_ERROR, -1);
    default: {
        char b[96];
        diag_error(S->d, coll->loc, "expected a zone, 'players' or 'sides' to range over, not %s",
                   sema_type_name(S, t, b, sizeof b));
        return mk(T_ERROR, -1);
    }
    }
}

/* A player's member: per-player zone, per-player variable, or side. */
static Type player_member(Sema *S, AstNode *e, const char *name, Loc loc)
{
    int i;
    if ((i = sema_find_zone(S->m, name)) >= 0) {
        if (!S->m->zones[i].per_player) {
            diag_error(S->d, loc, "zone '%s' is shared, not per player: write '%s'", name, name);
            return mk(T_ERROR, -1);
        }
        S->m->zones[i].used = 1;
        sema_annotate(e, mk(T_ZONE, i), SYM_MAKE(SYM_ZONE, i));
        return mk(T_ZONE, i);
    }
    if ((i = sema_find_var(S->m, name)) >= 0) {
        if (!S->m->vars[i].per_player) {
            diag_error(S->d, loc, "'%s' is not per player: write '%s'", name, name);
            return mk(T_ERROR, -1);
        }
        sema_annotate(e, S->m->vars[i].type, SYM_MAKE(SYM_VAR, i));
        return S->m->vars[i].type;
    }
    if (strcmp(name, "side") == 0) {
        if (S->m->nsides == 0) {
            diag_error(S->d, loc, "the game declares no sides");
            return mk(T_ERROR, -1);
        }
        sema_annotate(e, mk(T_SIDE, -1), SYM_MAKE(SYM_PLAYER_SIDE, 0));
        return mk(T_SIDE, -1);
    }
    Names ns = {0};
    for (int z = 0; z < S->m->nzones; z++)
        if (S->m->zones[z].per_player)
            sema_names_add(S, &ns, S->m->zones[z].name);
    for (int v = 0; v < S->m->nvars; v++)
        if (S->m->vars[v].per_player)
            sema_names_add(S, &ns, S->m->vars[v].name);
    sema_names_add(S, &ns, "side");
    sema_unknown(S, loc, "player zone or counter", name, ns);
    return mk(T_ERROR, -1);
}

/* A card's member: field, state, owner, name. kind may be -1 (inferred). */
static Type card_member(Sema *S, AstNode *e, int kind, const char *name, Loc loc)
{
    if (strcmp(name, "owner") == 0) {
        sema_annotate(e, mk(T_PLAYER, -1), SYM_MAKE(SYM_CARD_OWNER, 0));
        return mk(T_PLAYER, -1);
    }
    if (strcmp(name, "name") == 0) {
        sema_annotate(e, mk(T_TEXT, -1), SYM_MAKE(SYM_CARD_NAME, 0));
        return mk(T_TEXT, -1);
    }
    if (kind < 0) {
        /* infer the kind when exactly one kind has this field */
        int found = -1, count = 0;
        for (int k = 0; k < S->m->nkinds; k++)
            if (sema_find_field(&S->m->kinds[k], name) >= 0) {
                found = k;
                count++;
            }
        if (count == 1)
            kind = found;
        else if (count > 1) {
            diag_error(S->d, loc, "several kinds have a field '%s' and this card's kind is not known "
                       "here; declare its zone with 'of KIND'", name);
            return mk(T_ERROR, -1);
        } else {
            Names ns = {0};
            for (int k = 0; k < S->m->nkinds; k++)
                for (int f = 0; f < S->m->kinds[k].nfields; f++)
                    sema_names_add(S, &ns, S->m->kinds[k].fields[f].name);
            sema_unknown(S, loc, "card field", name, ns);
            return mk(T_ERROR, -1);
        }
    }
    const MKind *k = &S->m->kinds[kind];
    int f = sema_find_field(k, name);
    if (f < 0) {
        Names ns = {0};
        for (int i = 0; i < k->nfields; i++)
            sema_names_add(S, &ns, k->fields[i].name);
        const char *s = diag_suggest(name, ns.v, ns.n);
        if (s)
            diag_error(S->d, loc, "kind '%s' has no field '%s'; did you mean '%s'?", k->name, name, s);
        else
            diag_error(S->d, loc, "kind '%s' has no field '%s'", k->name, name);
        return mk(T_ERROR, -1);
    }
    const MField *fd = &k->fields[f];
    Type t = sema_field_type(S, fd);
    e->sem_type = (int)t.base;
    e->sem_extra = kind;
    e->ival2 = t.param;     /* an enum field's enum */
    e->sem_ref = SYM_MAKE(fd->is_state ? SYM_STATE : SYM_FIELD, fd->index);
    return t;
}

static Type check_call(Sema *S, AstNode *e)
{
    const char *n = e->name;
    int argc = e->list.count;
    AstNode **args = e->list.items;
    if (strcmp(n, "matches") == 0 && sema_find_func(S, n) < 0) {
        if (argc != 2) {
            diag_error(S->d, e->loc, "'matches' takes 2 arguments (a face and a symbol), not %d", argc);
            return mk(T_ERROR, -1);
        }
        Type a = sema_check_expr(S, args[0]), b = sema_check_expr(S, args[1]);
        if (a.base == T_ERROR || b.base == T_ERROR)
            return mk(T_ERROR, -1);
        if (a.base != T_ENUM || b.base != T_ENUM || a.param != b.param) {
            char b1[96], b2[96];
            diag_error(S->d, e->loc, "'matches' needs two values of one enum, not %s and %s",
                       sema_type_name(S, a, b1, sizeof b1), sema_type_name(S, b, b2, sizeof b2));
            return mk(T_ERROR, -1);
        }
        sema_annotate(e, mk(T_BOOL, -1), a.param);
        return mk(T_BOOL, -1);
    }
    int builtin = strcmp(n, "count") == 0 || strcmp(n, "top") == 0 || strcmp(n, "bottom") == 0
                  || strcmp(n, "random") == 0 || strcmp(n, "empty") == 0 || strcmp(n, "next") == 0;
    if (builtin) {
        if (argc != 1) {
            diag_error(S->d, e->loc, "'%s' takes 1 argument, not %d", n, argc);
            for (int i = 0; i < argc; i++)
                sema_check_expr(S, args[i]);
            return mk(T_ERROR, -1);
        }
        Type t = sema_check_expr(S, args[0]);
        if (t.base == T_ERROR)
            return mk(T_ERROR, -1);
        Type r = mk(T_ERROR, -1);
        if (strcmp(n, "next") == 0) {
            if (t.base != T_PLAYER)
                diag_error(S->d, args[0]->loc, "'next' needs a player");
            else
                r = mk(T_PLAYER, -1);
        } else if (strcmp(n, "count") == 0) {
            if (t.base == T_ZONE || t.base == T_PLAYERS || t.base == T_SIDES)
                r = mk(T_INT, -1);
            else
                diag_error(S->d, args[0]->loc, "'count' needs a zone, 'players' or 'sides'");
        } else if (strcmp(n, "empty") == 0) {
            if (t.base == T_ZONE)
                r = mk(T_BOOL, -1);
            else
                diag_error(S->d, args[0]->loc, "'empty' needs a zone");
        } else if (strcmp(n, "random") == 0) {
            if (t.base == T_ZONE || t.base == T_PLAYERS || t.base == T_SIDES)
                r = element_of(S, args[0], t);
            else
                diag_error(S->d, args[0]->loc, "'random' needs a zone, 'players' or 'sides'");
        } else { /* top, bottom */
            if (t.base == T_ZONE)
                r = element_of(S, args[0], t);
            else
                diag_error(S->d, args[0]->loc, "'%s' needs a zone", n);
        }
        sema_annotate(e, r, 0);
        return r;
    }
    int fi = sema_find_func(S, n);
    if (fi < 0) {
        Names ns = sema_gather(S, NS_FUNCS);
        sema_names_add(S, &ns, "count");
        sema_names_add(S, &ns, "top");
        sema_names_add(S, &ns, "bottom");
        sema_names_add(S, &ns, "random");
        sema_names_add(S, &ns, "empty");
        sema_names_add(S, &ns, "next");
        sema_unknown(S, e->loc, "function", n, ns);
        for (int i = 0; i < argc; i++)
            sema_check_expr(S, args[i]);
        return mk(T_ERROR, -1);
    }
    if (argc != S->fparam_count[fi]) {
        diag_error(S->d, e->loc, "'%s' takes %d argument%s, not %d", n, S->fparam_count[fi],
                   S->fparam_count[fi] == 1 ? "" : "s", argc);
        return mk(T_ERROR, -1);
    }
    for (int i = 0; i < argc; i++) {
        Type t = sema_check_expr(S, args[i]);
        Type want = S->fparams[fi][i];
        if (t.base != T_ERROR && want.base != T_ERROR && t.base != want.base) {
            char b1[96], b2[96];
            diag_error(S->d, args[i]->loc, "argument %d of '%s' must be %s, not %s", i + 1, n,
                       sema_type_name(S, want, b1, sizeof b1), sema_type_name(S, t, b2, sizeof b2));
        }
    }
    sema_annotate(e, S->fresult[fi], SYM_MAKE(SYM_FUNC, fi));
    return S->fresult[fi];
}

static int comparable(Type a, Type b)
{
    if (a.base == T_ERROR || b.base == T_ERROR)
        return 1;
    if (a.base != b.base)
        return 0;
    if (a.base == T_ENUM)
        return a.param == b.param;
    return a.base == T_INT || a.base == T_BOOL || a.base == T_SIDE || a.base == T_PLAYER
           || a.base == T_CARD || a.base == T_TEXT || a.base == T_ZONE;
}

/* check_name: a name in an expression: a local, a side, a shared zone,
   variable or constant, or an enum value (annotated). */
static Type check_name(Sema *S, AstNode *e)
{
    const Binding *b = lookup_local(S, e->name);
    int i;
    if (b) {
        sema_annotate(e, b->type, SYM_MAKE(SYM_LOCAL, b->slot));
        return b->type;
    }
    if ((i = sema_find_side(S->m, e->name)) >= 0) {
        sema_annotate(e, mk(T_SIDE, -1), SYM_MAKE(SYM_SIDE, i));
        return mk(T_SIDE, -1);
    }
    if ((i = sema_find_zone(S->m, e->name)) >= 0) {
        if (S->m->zones[i].per_player) {
            diag_error(S->d, e->loc, "zone '%s' is per player: write 'my %s' or 'p.%s'", e->name,
                       e->name, e->name);
            return mk(T_ERROR, -1);
        }
        S->m->zones[i].used = 1;
        sema_annotate(e, mk(T_ZONE, i), SYM_MAKE(SYM_ZONE, i));
        return mk(T_ZONE, i);
    }
    if ((i = sema_find_var(S->m, e->name)) >= 0) {
        if (S->m->vars[i].per_player) {
            diag_error(S->d, e->loc, "'%s' is per player: write 'my %s' or 'p.%s'", e->name, e->name,
                       e->name);
            return mk(T_ERROR, -1);
        }
        sema_annotate(e, S->m->vars[i].type, SYM_MAKE(SYM_VAR, i));
        return S->m->vars[i].type;
    }
    if ((i = sema_find_const(S->m, e->name)) >= 0) {
        sema_annotate(e, S->m->consts[i].type, SYM_MAKE(SYM_CONST, i));
        return S->m->consts[i].type;
    }
    int en;
    if ((i = sema_find_enum_value(S->m, e->name, &en)) >= 0) {
        sema_annotate(e, mk(T_ENUM, en), SYM_MAKE(SYM_ENUMVAL, i));
        return mk(T_ENUM, en);
    }
    Names ns = sema_gather(S, NS_LOCALS | NS_SIDES | NS_ZONES | NS_VARS | NS_CONSTS);
    for (int k = 0; k < S->m->nenums; k++)
        for (int v = 0; v < S->m->enums[k].nvalues; v++)
            sema_names_add(S, &ns, S->m->enums[k].values[v]);
    sema_unknown(S, e->loc, "name", e->name, ns);
    return mk(T_ERROR, -1);
}

/* aggregate_type: the type of aggregate e (count, sum, any, all, min, max,
   argmin, argmax), its collection, where and value checked. */
static Type aggregate_type(Sema *S, AstNode *e)
{
    Type t;
    Type ct = sema_check_expr(S, e->a);
    Type el = element_of(S, e->a, ct);
    int save = S->nscope;
    int slot = sema_bind(S, e->name, el, e->loc);
    e->ival = slot;
    if (e->c) {
        expect(S, e->c, T_BOOL, "a 'where' condition");
        narrow(S, e->c);
    }
    if (e->op == 's' || e->op == 'm' || e->op == 'M' || e->op == '<' || e->op == '>') {
        const char *word = e->op == 's' ? "sum" : e->op == 'm' ? "min" : e->op == 'M' ? "max"
                           : e->op == '<' ? "argmin" : "argmax";
        if (!e->b)
            diag_error(S->d, e->loc, "'%s' needs ': expression' after the collection", word);
        else
            expect(S, e->b, T_INT, e->op == 's' ? "the summed expression" : "the compared expression");
        /* argmin and argmax give the item (a card, player or side) */
        t = e->op == '<' || e->op == '>' ? el : mk(T_INT, -1);
    } else if (e->op == 'c') {
        t = mk(T_INT, -1);
    } else {
        if (!e->b && !e->c)
            diag_error(S->d, e->loc, "'%s' needs ': condition'", e->op == 'a' ? "any" : "all");
        if (e->b)
            expect(S, e->b, T_BOOL, "the condition");
        t = mk(T_BOOL, -1);
    }
    S->nscope = save;
    return t;
}

/* binary_type: the type of binary operation e (annotated). */
static Type binary_type(Sema *S, AstNode *e)
{
    Type t = mk(T_ERROR, -1);
    switch (e->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD:
        expect(S, e->a, T_INT, "an arithmetic operand");
        expect(S, e->b, T_INT, "an arithmetic operand");
        t = mk(T_INT, -1);
        break;
    case OP_AND: case OP_OR: {
        expect(S, e->a, T_BOOL, e->op == OP_AND ? "an operand of 'and'" : "an operand of 'or'");
        int save = e->op == OP_AND ? narrow(S, e->a) : S->nscope;
        expect(S, e->b, T_BOOL, e->op == OP_AND ? "an operand of 'and'" : "an operand of 'or'");
        S->nscope = save;
        t = mk(T_BOOL, -1);
        break;
    }
    case OP_LT: case OP_LE: case OP_GT: case OP_GE:
        expect(S, e->a, T_INT, "an operand of a comparison");
        expect(S, e->b, T_INT, "an operand of a comparison");
        t = mk(T_BOOL, -1);
        break;
    case OP_EQ: case OP_NE: {
        Type a = sema_check_expr(S, e->a), b = sema_check_expr(S, e->b);
        if (!comparable(a, b)) {
            char b1[96], b2[96];
            diag_error(S->d, e->loc2.line ? e->loc2 : e->loc, "cannot compare %s with %s",
                       sema_type_name(S, a, b1, sizeof b1), sema_type_name(S, b, b2, sizeof b2));
        }
        e->sem_extra = a.base;
        e->sem_type = T_BOOL;
        return mk(T_BOOL, -1);
    }
    default:
        diag_error(S->d, e->loc, "unknown operator");
        return mk(T_ERROR, -1);
    }
    sema_annotate(e, t, e->sem_ref);
    return t;
}

Type sema_check_expr(Sema *S, AstNode *e)
{
    Type t = mk(T_ERROR, -1);
    switch (e->kind) {
    case AST_INT:
        t = mk(T_INT, -1);
        break;
    case AST_BOOL:
        t = mk(T_BOOL, -1);
        break;
    case AST_STRING:
        t = mk(T_TEXT, -1);
        break;
    case AST_NAME:
        return check_name(S, e);
    case AST_ME:
        t = mk(T_PLAYER, -1);
        break;
    case AST_OPPONENT:
        if (S->m->max_players != 2) {
            diag_error(S->d, e->loc, "'opponent' is only defined for two-player games; use 'next(me)'");
            return mk(T_ERROR, -1);
        }
        t = mk(T_PLAYER, -1);
        break;
    case AST_THIS:
        if (S->unit->this_kind < 0) {
            diag_error(S->d, e->loc, "'this' is only available in a card's ability");
            return mk(T_ERROR, -1);
        }
        t = mk(T_CARD, S->unit->this_kind);
        break;
    case AST_PLAYERS_ALL:
        t = mk(T_PLAYERS, -1);
        break;
    case AST_SIDES_ALL:
        if (S->m->nsides == 0) {
            diag_error(S->d, e->loc, "the game declares no sides");
            return mk(T_ERROR, -1);
        }
        t = mk(T_SIDES, -1);
        break;
    case AST_MY:
        return player_member(S, e, e->name, e->loc2.line ? e->loc2 : e->loc);
    case AST_FIELD_OF: {
        Type o = sema_check_expr(S, e->a);
        if (o.base == T_ERROR)
            return mk(T_ERROR, -1);
        Loc nl = e->loc2.line ? e->loc2 : e->loc;
        if (o.base == T_PLAYER)
            return player_member(S, e, e->name, nl);
        if (o.base == T_CARD)
            return card_member(S, e, o.param, e->name, nl);
        char b[96];
        diag_error(S->d, nl, "%s has no field '%s'", sema_type_name(S, o, b, sizeof b), e->name);
        return mk(T_ERROR, -1);
    }
    case AST_CALL:
        return check_call(S, e);
    case AST_AGGREGATE:
        t = aggregate_type(S, e);
        break;
    case AST_UNARY:
        if (is_unary_neg(e)) {
            expect(S, e->a, T_INT, "the operand of '-'");
            t = mk(T_INT, -1);
        } else {
            expect(S, e->a, T_BOOL, "the operand of 'not'");
            t = mk(T_BOOL, -1);
        }
        break;
    case AST_BINARY:
        return binary_type(S, e);
    case AST_IS: {
        Type a = sema_check_expr(S, e->a);
        if (a.base != T_ERROR && a.base != T_CARD)
            diag_error(S->d, e->a->loc, "'is' tests a card's kind; this is not a card");
        int k = sema_find_kind(S->m, e->name);
        if (k < 0) {
            sema_unknown(S, e->loc2.line ? e->loc2 : e->loc, "kind", e->name, sema_gather(S, NS_KINDS));
            return mk(T_ERROR, -1);
        }
        sema_annotate(e, mk(T_BOOL, -1), k);
        return mk(T_BOOL, -1);
    }
    case AST_COND: {
        expect(S, e->a, T_BOOL, "the condition of 'if'");
        Type a = sema_check_expr(S, e->b), b = sema_check_expr(S, e->c);
        if (a.base != T_ERROR && b.base != T_ERROR && a.base != b.base) {
            char b1[96], b2[96];
            diag_error(S->d, e->c->loc, "both branches must have one type: %s and %s",
                       sema_type_name(S, a, b1, sizeof b1), sema_type_name(S, b, b2, sizeof b2));
            return mk(T_ERROR, -1);
        }
        t = a.base == T_ERROR ? b : a;
        if (a.base == T_CARD && b.base == T_CARD && a.param != b.param)
            t.param = -1;
        break;
    }
    default:
        diag_error(S->d, e->loc, "expected an expression, found %s", ast_kind_name(e->kind));
        return mk(T_ERROR, -1);
    }
    sema_annotate(e, t, e->sem_ref);
    return t;
}

/* ---- statements ------------------------------------------------------------- */

static void check_stmt(Sema *S, AstNode *s);

/* Does the statement list contain a win/draw_game anywhere (nested)? */
static int contains_ending(const AstNode *n)
{
    if (!n)
        return 0;
    if (n->kind == AST_WIN || n->kind == AST_DRAW_GAME)
        return 1;
    if (n->kind == AST_RUN)
        return 1; /* an ability may end the game; be conservative */
    const AstNode *kids[5] = {n->a, n->b, n->c, n->d, n->e};
    for (int i = 0; i < 5; i++)
        if (kids[i] && kids[i]->kind >= AST_BLOCK && kids[i]->kind < AST_INT && contains_ending(kids[i]))
            return 1;
    for (int i = 0; i < n->list.count; i++)
        if (n->list.items[i] && n->list.items[i]->kind < AST_INT && contains_ending(n->list.items[i]))
            return 1;
    return 0;
}

static void check_block(Sema *S, AstNode *b)
{
    if (!b)
        return;
    if (b->kind != AST_BLOCK) {
        check_stmt(S, b);
        return;
    }
    int save = S->nscope;
    int ended = 0;
    for (int i = 0; i < b->list.count; i++) {
        AstNode *s = b->list.items[i];
        if (ended == 1) {
            diag_error(S->d, s->loc, "unreachable statement: the game has already ended here");
            ended = 2;
        }
        check_stmt(S, s);
        if ((s->kind == AST_WIN || s->kind == AST_DRAW_GAME) && !ended)
            ended = 1;
    }
    S->nscope = save;
}

/* Check a collection and bind var over it; returns the slot. */
static int bind_over(Sema *S, const char *var, AstNode *coll, Loc loc)
{
    Type ct = sema_check_expr(S, coll);
    Type el = element_of(S, coll, ct);
    return sema_bind(S, var, el, loc);
}

/* A player-valued optional clause ("by P", "as P"). */
static void check_player(Sema *S, AstNode *p, const char *what)
{
    if (p)
        expect(S, p, T_PLAYER, what);
}

static void check_assign_target(Sema *S, AstNode *l, Type vt, int op)
{
    Type t = mk(T_ERROR, -1);
    switch (l->kind) {
    case AST_NAME: {
        const Binding *b = lookup_local(S, l->name);
        if (b) {
            t = b->type;
            sema_annotate(l, t, SYM_MAKE(SYM_LOCAL, b->slot));
            break;
        }
        int i = sema_find_var(S->m, l->name);
        if (i < 0) {
            if (sema_find_const(S->m, l->name) >= 0)
                diag_error(S->d, l->loc, "'%s' is a constant and cannot be assigned", l->name);
            else
                sema_unknown(S, l->loc, "variable", l->name, sema_gather(S, NS_LOCALS | NS_VARS));
            return;
        }
        if (S->m->vars[i].per_player) {
            diag_error(S->d, l->loc, "'%s' is per player: write 'my %s' or 'p.%s'", l->name, l->name,
                       l->name);
            return;
        }
        t = S->m->vars[i].type;
        sema_annotate(l, t, SYM_MAKE(SYM_VAR, i));
        break;
    }
    case AST_MY:
    case AST_FIELD_OF:
        t = sema_check_expr(S, l);
        if (t.base == T_ERROR)
            return;
        if (SYM_CAT(l->sem_ref) != SYM_VAR && SYM_CAT(l->sem_ref) != SYM_STATE) {
            diag_error(S->d, l->loc2.line ? l->loc2 : l->loc,
                       "only variables, counters and card state can be assigned");
            return;
        }
        break;
    default:
        diag_error(S->d, l->loc, "only variables, counters and card state can be assigned");
        return;
    }
    if (op != OP_SET && op != '=' && t.base != T_INT) {
        diag_error(S->d, l->loc, "'+=' and '-=' need an int, not this");
        return;
    }
    if (vt.base != T_ERROR && t.base != T_ERROR && vt.base != t.base) {
        char b1[96], b2[96];
        diag_error(S->d, l->loc, "cannot assign %s to %s", sema_type_name(S, vt, b1, sizeof b1),
                   sema_type_name(S, t, b2, sizeof b2));
    }
}

static void check_move(Sema *S, AstNode *s)
{
    Type w = sema_check_expr(S, s->a);
    Type z = sema_check_expr(S, s->b);
    if (z.base != T_ERROR && z.base != T_ZONE) {
        diag_error(S->d, s->b->loc, "cards can only move to a zone");
        return;
    }
    if (w.base != T_ERROR && w.base != T_CARD && w.base != T_ZONE) {
        diag_error(S->d, s->a->loc, "only a card or a zone's cards can move");
        return;
    }
    if (w.base == T_ERROR || z.base == T_ERROR || z.param < 0)
        return;
    int zk = S->m->zones[z.param].kind;
    int wk = w.base == T_CARD ? w.param : (w.param >= 0 ? S->m->zones[w.param].kind : -1);
    if (zk >= 0 && wk >= 0 && zk != wk)
        diag_error(S->d, s->b->loc, "zone '%s' holds only cards of kind '%s', not '%s'",
                   S->m->zones[z.param].name, S->m->kinds[zk].name, S->m->kinds[wk].name);
}

/* check_choose: a `choose`: its count, chooser, collection, where, body and else, and the prompt a person sees. */
static void check_choose(Sema *S, AstNode *s)
{
    if (S->simultaneous)
        s->flags |= CHOOSE_HIDDEN;
    if (s->d)
        expect(S, s->d, T_INT, "the number of items to choose");
    check_player(S, s->e, "the chooser ('by')");
    int save = S->nscope;
    s->ival = bind_over(S, s->name, s->a, s->loc2.line ? s->loc2 : s->loc);
    if (s->c) {
        expect(S, s->c, T_BOOL, "a 'where' condition");
        narrow(S, s->c);
    }
    check_block(S, s->b);
    S->nscope = save;
    if (s->list.count > 0)
        check_block(S, s->list.items[0]);
    /* the prompt a person sees: what is chosen, and from where */
    {
        TypeBase cb = (TypeBase)s->a->sem_type;
        const char *prompt = "choose";
        if (cb == T_ZONE && s->a->sem_extra >= 0) {
            const MZone *z = &S->m->zones[s->a->sem_extra];
            const char *what = z->kind >= 0 ? S->m->kinds[z->kind].name : "card";
            prompt = arena_printf(S->a, "choose %s %s from %s", strchr("aeiouAEIOU", what[0]) ? "an" : "a", what, z->name);
        }
        else if (cb == T_PLAYERS)
            prompt = "choose a player";
        else if (cb == T_SIDES)
            prompt = "choose a side";
        s->sem_ref = model_string(S->m, prompt);
    }
}

/* check_menu: a menu of options: the chooser, and each option's label, when and body. */
static void check_menu(Sema *S, AstNode *s)
{
    if (S->simultaneous)
        s->flags |= CHOOSE_HIDDEN;
    check_player(S, s->e, "the chooser ('by')");
    if (s->list.count == 0)
        diag_error(S->d, s->loc, "a choice needs at least one option");
    for (int i = 0; i < s->list.count; i++) {
        AstNode *o = s->list.items[i];
        o->sem_ref = model_string(S->m, o->text);
        if (o->c)
            expect(S, o->c, T_BOOL, "an option's 'when' condition");
        check_block(S, o->b);
    }
}

/* check_turns: `turns`: the first player, and either actions until N passes in a row or a body until a condition. */
static void check_turns(Sema *S, AstNode *s)
{
    expect(S, s->a, T_PLAYER, "the first player of 'turns'");
    int save = S->nscope;
    /* hidden slots the emitter uses: turn player, passes, saved me, action */
    s->ival = unit_add_local(S, S->unit, "turn");
    unit_add_local(S, S->unit, "passes");
    unit_add_local(S, S->unit, "saved_me");
    unit_add_local(S, S->unit, "action");
    S->in_turns++;
    if (s->flags & TURNS_PASSES) {
        expect(S, s->c, T_INT, "the number of passes");
        int passes = 0;
        if (s->list.count == 0)
            diag_error(S->d, s->loc, "a 'turns ... passes in a row' loop needs actions");
        for (int i = 0; i < s->list.count; i++) {
            AstNode *a = s->list.items[i];
            int asave = S->nscope;
            a->sem_ref = model_string(S->m, a->text);
            if (a->flags & ACTION_PASS)
                passes++;
            /* 'when' is whether the action is offered at all: it does
               not see the item of 'for' (the C tests it outside the loop) */
            if (a->d)
                expect(S, a->d, T_BOOL, "an action's 'when' condition");
            if (a->name)
                a->ival = bind_over(S, a->name, a->a, a->loc2.line ? a->loc2 : a->loc);
            else
                a->ival = -1;
            if (a->c) {
                expect(S, a->c, T_BOOL, "a 'where' condition");
                narrow(S, a->c);
            }
            check_block(S, a->b);
            S->nscope = asave;
        }
        if (passes == 0 && s->list.count > 0)
            diag_error(S->d, s->loc, "this turn loop can never end: no action is marked 'pass'");
        if (s->b && s->b->list.count > 0)
            diag_error(S->d, s->b->list.items[0]->loc,
                       "a turn loop with actions takes only actions, not statements");
    } else {
        if (s->list.count > 0)
            diag_error(S->d, s->list.items[0]->loc,
                       "actions need 'until N passes in a row'");
        check_block(S, s->b);
        expect(S, s->c, T_BOOL, "the 'until' condition");
        int32_t v;
        Type t;
        if (s->c && sema_const_eval(S, s->c, NULL, &v, &t) && !v && !contains_ending(s->b))
            diag_error(S->d, s->c->loc, "this turn loop can never end: its condition is always false");
    }
    S->in_turns--;
    S->nscope = save;
    s->sem_extra = model_string(S->m, "take a turn");
}

/* check_win: `win P`, or `win all p in players [where ...]`. */
static void check_win(Sema *S, AstNode *s)
{
    if (s->flags & WIN_ALL) {
        int save = S->nscope;
        Type ct = sema_check_expr(S, s->a);
        if (ct.base != T_ERROR && ct.base != T_PLAYERS)
            diag_error(S->d, s->a->loc, "'win all' ranges over 'players'");
        s->ival = sema_bind(S, s->name, mk(T_PLAYER, -1), s->loc2.line ? s->loc2 : s->loc);
        if (s->c)
            expect(S, s->c, T_BOOL, "a 'where' condition");
        S->nscope = save;
    } else {
        expect(S, s->a, T_PLAYER, "the winner");
    }
    S->endings++;
}

/* check_roll: `roll`: a die, or a zone of dice. */
static void check_roll(Sema *S, AstNode *s)
{
    Type t = sema_check_expr(S, s->a);
    int kind = t.base == T_CARD ? t.param : t.base == T_ZONE && t.param >= 0 ? S->m->zones[t.param].kind : -2;
    if (t.base == T_ERROR)
        return;
    if (kind == -2) {
        diag_error(S->d, s->a->loc, "'roll' needs a die or a zone of dice");
    } else if (kind < 0) {
        diag_error(S->d, s->a->loc, "'roll' needs dice: declare the zone 'of' a die kind");
    } else if (!S->m->kinds[kind].is_die) {
        diag_error(S->d, s->a->loc, "'%s' is not a die: only dice declared with 'die' can be rolled",
                   S->m->kinds[kind].name);
    } else {
        s->sem_extra = kind;
    }
}

/* check_call_stmt: a procedure call: the procedure and its arguments. */
static void check_call_stmt(Sema *S, AstNode *s)
{
    int u = sema_find_proc(S->m, s->name);
    if (u < 0) {
        Names ns = {0};
        for (int i = 0; i < S->m->nunits; i++)
            if (S->m->units[i].is_procedure)
                sema_names_add(S, &ns, S->m->units[i].name);
        sema_unknown(S, s->loc, "procedure", s->name, ns);
        for (int i = 0; i < s->list.count; i++)
            sema_check_expr(S, s->list.items[i]);
        return;
    }
    const MUnit *pu = &S->m->units[u];
    s->sem_ref = u;
    if (s->list.count != pu->nparams) {
        diag_error(S->d, s->loc, "'%s' takes %d argument%s, not %d", s->name, pu->nparams,
                   pu->nparams == 1 ? "" : "s", s->list.count);
        return;
    }
    for (int i = 0; i < s->list.count; i++) {
        Type t = sema_check_expr(S, s->list.items[i]);
        Type want = pu->param_types[i];
        if (t.base != T_ERROR && want.base != T_ERROR && (t.base != want.base
            || (t.base == T_ENUM && t.param != want.param))) {
            char b1[96], b2[96];
            diag_error(S->d, s->list.items[i]->loc, "argument %d of '%s' must be %s, not %s", i + 1, s->name,
                       sema_type_name(S, want, b1, sizeof b1), sema_type_name(S, t, b2, sizeof b2));
        }
    }
}

/* check_log: `log`: every hole's value must be writable. */
static void check_log(Sema *S, AstNode *s)
{
    for (int i = 0; i < s->list.count; i++) {
        Type t = sema_check_expr(S, s->list.items[i]);
        if (t.base == T_ZONE || t.base == T_PLAYERS || t.base == T_SIDES || t.base == T_ABILITY
            || t.base == T_VOID) {
            char b[96];
            diag_error(S->d, s->list.items[i]->loc, "a %s cannot be written to the log",
                       sema_type_name(S, t, b, sizeof b));
        }
    }
}

static void check_stmt(Sema *S, AstNode *s)
{
    switch (s->kind) {
    case AST_BLOCK:
        check_block(S, s);
        break;
    case AST_PHASE:
        s->sem_ref = model_string(S->m, s->name);
        check_block(S, s->b);
        break;
    case AST_IF: {
        expect(S, s->a, T_BOOL, "the condition of 'if'");
        int save = narrow(S, s->a);
        check_block(S, s->b);
        S->nscope = save;
        if (s->c)
            check_block(S, s->c);
        break;
    }
    case AST_WHILE: {
        expect(S, s->a, T_BOOL, "the condition of 'while'");
        int32_t v;
        Type t;
        if (sema_const_eval(S, s->a, NULL, &v, &t) && v && !contains_ending(s->b))
            diag_error(S->d, s->loc, "this loop can never end: its condition is always true and it "
                       "contains no 'win' or 'draw_game'");
        check_block(S, s->b);
        break;
    }
    case AST_FOR: {
        int save = S->nscope;
        s->ival = bind_over(S, s->name, s->a, s->loc2.line ? s->loc2 : s->loc);
        if (s->c) {
            expect(S, s->c, T_BOOL, "a 'where' condition");
            narrow(S, s->c);
        }
        if (s->flags & STMT_SIMULTANEOUS)
            S->simultaneous++;
        check_block(S, s->b);
        if (s->flags & STMT_SIMULTANEOUS)
            S->simultaneous--;
        S->nscope = save;
        break;
    }
    case AST_CHOOSE:
        check_choose(S, s);
        break;
    case AST_MENU:
        check_menu(S, s);
        break;
    case AST_TURNS:
        check_turns(S, s);
        break;
    case AST_MOVE:
        check_move(S, s);
        break;
    case AST_SHUFFLE:
        expect(S, s->a, T_ZONE, "what 'shuffle' shuffles");
        break;
    case AST_RUN: {
        Type t = sema_check_expr(S, s->a);
        if (t.base != T_ERROR && t.base != T_ABILITY)
            diag_error(S->d, s->a->loc, "'run' needs a card's ability (like 'c.power')");
        else if (t.base == T_ABILITY && s->a->kind != AST_FIELD_OF)
            diag_error(S->d, s->a->loc, "'run' needs a card's ability field (like 'c.power')");
        check_player(S, s->b, "the player of 'run ... as'");
        s->ival = unit_add_local(S, S->unit, "ability_card");
        break;
    }
    case AST_ASSIGN: {
        Type vt = sema_check_expr(S, s->b);
        check_assign_target(S, s->a, vt, s->op);
        break;
    }
    case AST_LET: {
        Type t = sema_check_expr(S, s->a);
        if (t.base == T_TEXT || t.base == T_VOID || t.base == T_PLAYERS || t.base == T_SIDES
            || t.base == T_ABILITY) {
            char b[96];
            diag_error(S->d, s->a->loc, "a %s cannot be stored in 'let'", sema_type_name(S, t, b, sizeof b));
        }
        s->ival = sema_bind(S, s->name, t, s->loc2.line ? s->loc2 : s->loc);
        break;
    }
    case AST_WIN:
        check_win(S, s);
        break;
    case AST_DRAW_GAME:
        S->endings++;
        break;
    case AST_ROLL:
        check_roll(S, s);
        break;
    case AST_CALL_STMT:
        check_call_stmt(S, s);
        break;
    case AST_LOG:
        check_log(S, s);
        break;
    default:
        diag_error(S->d, s->loc, "expected a statement, found %s", ast_kind_name(s->kind));
        break;
    }
}

/* ---- units ------------------------------------------------------------------ */

char *sema_c_ident(Sema *S, const char *s)
{
    size_t n = strlen(s);
    char *o = arena_alloc(S->a, n + 2);
    size_t j = 0;
    int under = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            o[j++] = (char)c;
            under = 0;
        } else if (c >= 'A' && c <= 'Z') {
            o[j++] = (char)(c - 'A' + 'a');
            under = 0;
        } else if (!under && j > 0) {
            o[j++] = '_';
            under = 1;
        }
    }
    while (j > 0 && o[j - 1] == '_')
        j--;
    if (j == 0)
        o[j++] = 'x';
    o[j] = '\0';
    return o;
}

int sema_new_unit(Sema *S, const char *name, const char *cname, Loc loc, AstNode *body, int this_kind)
{
    Model *m = S->m;
    int i = sema_grow(S->a, (void **)&m->units, &m->nunits, &m->capunits, sizeof *m->units);
    MUnit *u = &m->units[i];
    u->name = name;
    /* unique C name */
    const char *c = cname;
    for (int k = 2;; k++) {
        int clash = 0;
        for (int j = 0; j < i; j++)
            if (strcmp(m->units[j].cname, c) == 0)
                clash = 1;
        if (!clash)
            break;
        c = arena_printf(S->a, "%s_%d", cname, k);
    }
    u->cname = c;
    u->loc = loc;
    u->body = body;
    u->this_kind = this_kind;
    return i;
}

void sema_check_unit(Sema *S, int ui)
{
    S->unit = &S->m->units[ui];
    S->nscope = 0;
    S->simultaneous = 0;
    S->in_turns = 0;
    if (S->unit->is_procedure) {
        const AstNode *pd = S->unit->decl;
        for (int p = 0; p < pd->list.count; p++)
            sema_bind(S, pd->list.items[p]->name, S->unit->param_types[p], pd->list.items[p]->loc);
    }
    check_block(S, S->unit->body);
    S->unit = NULL;
}

