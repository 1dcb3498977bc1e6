/* sema_expr.c: the checker's expressions: names, members, calls,
   aggregates and operators, each typed and annotated on its node. */
#include "sema_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"

/* is_unary_neg: whether e is a unary minus. */
static int is_unary_neg(const AstNode *e) { return e->op == '-' || e->op == OP_NEG; }

/* sema_expect: check e and require type base want; returns the type. */
Type sema_expect(Sema *S, AstNode *e, TypeBase want, const char *context)
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

/* sema_element_of: the element type of a collection (zone, players, sides), or error. */
Type sema_element_of(Sema *S, AstNode *coll, Type t)
{
    switch (t.base) {
    case T_ZONE:
        return mk(T_CARD, t.param >= 0 ? S->m->zones[t.param].kind : -1);
    case T_PLAYERS:
        return mk(T_PLAYER, -1);
    case T_SIDES:
        return mk(T_SIDE, -1);
    case T_SPACES:
        return mk(T_CARD, S->m->graphs[t.param].kind);
    case T_RANGE:
        return mk(T_INT, -1);
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
    if (strcmp(name, "out") == 0) {   /* taken out of the game by `eliminate` */
        sema_annotate(e, mk(T_BOOL, -1), SYM_MAKE(SYM_PLAYER_OUT, 0));
        return mk(T_BOOL, -1);
    }
    Names ns = {0};
    for (int z = 0; z < S->m->nzones; z++)
        if (S->m->zones[z].per_player)
            sema_names_add(S, &ns, S->m->zones[z].name);
    for (int v = 0; v < S->m->nvars; v++)
        if (S->m->vars[v].per_player && !S->m->vars[v].array)
            sema_names_add(S, &ns, S->m->vars[v].name);
    sema_names_add(S, &ns, "side");
    sema_names_add(S, &ns, "out");
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
    Type space_zone;
    if (sema_space_zone(S, e, kind, name, &space_zone))   /* s.units (sema_graph.c) */
        return space_zone;
    Type dt;
    if (sema_die_symbol(S, e, kind, name, loc, &dt))   /* d.hit: how many hits d's face shows */
        return dt;
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
    Type graph_type;
    if (sema_graph_call(S, e, &graph_type))
        return graph_type;
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
            if (t.base == T_ZONE || t.base == T_PLAYERS || t.base == T_SIDES || t.base == T_SPACES)
                r = mk(T_INT, -1);
            else
                diag_error(S->d, args[0]->loc, "'count' needs a zone, 'players', 'sides' or spaces");
        } else if (strcmp(n, "empty") == 0) {
            if (t.base == T_ZONE)
                r = mk(T_BOOL, -1);
            else
                diag_error(S->d, args[0]->loc, "'empty' needs a zone");
        } else if (strcmp(n, "random") == 0) {
            if (t.base == T_ZONE || t.base == T_PLAYERS || t.base == T_SIDES)
                r = sema_element_of(S, args[0], t);
            else
                diag_error(S->d, args[0]->loc, "'random' needs a zone, 'players' or 'sides'");
        } else { /* top, bottom */
            if (t.base == T_ZONE)
                r = sema_element_of(S, args[0], t);
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
    const Binding *b = sema_lookup_local(S, e->name);
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
        if (S->m->zones[i].per_space) {
            diag_error(S->d, e->loc, "zone '%s' is per space: write 's.%s' for a space s", e->name, e->name);
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
    if (sema_find_array(S->m, e->name) >= 0) {
        diag_error(S->d, e->loc, "'%s' is an array: write one of its elements, %s[...]", e->name, e->name);
        return mk(T_ERROR, -1);
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
    Type el = sema_element_of(S, e->a, ct);
    int save = S->nscope;
    int slot = sema_bind(S, e->name, el, e->loc);
    e->ival = slot;
    if (e->c) {
        sema_expect(S, e->c, T_BOOL, "a 'where' condition");
        sema_narrow(S, e->c);
    }
    if (e->op == 's' || e->op == 'm' || e->op == 'M' || e->op == '<' || e->op == '>') {
        const char *word = e->op == 's' ? "sum" : e->op == 'm' ? "min" : e->op == 'M' ? "max"
                           : e->op == '<' ? "argmin" : "argmax";
        if (!e->b)
            diag_error(S->d, e->loc, "'%s' needs ': expression' after the collection", word);
        else
            sema_expect(S, e->b, T_INT, e->op == 's' ? "the summed expression" : "the compared expression");
        /* argmin and argmax give the item (a card, player or side) */
        t = e->op == '<' || e->op == '>' ? el : mk(T_INT, -1);
    } else if (e->op == 'c') {
        t = mk(T_INT, -1);
    } else {
        if (!e->b && !e->c)
            diag_error(S->d, e->loc, "'%s' needs ': condition'", e->op == 'a' ? "any" : "all");
        if (e->b)
            sema_expect(S, e->b, T_BOOL, "the condition");
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
        sema_expect(S, e->a, T_INT, "an arithmetic operand");
        sema_expect(S, e->b, T_INT, "an arithmetic operand");
        t = mk(T_INT, -1);
        break;
    case OP_AND: case OP_OR: {
        sema_expect(S, e->a, T_BOOL, e->op == OP_AND ? "an operand of 'and'" : "an operand of 'or'");
        int save = e->op == OP_AND ? sema_narrow(S, e->a) : S->nscope;
        sema_expect(S, e->b, T_BOOL, e->op == OP_AND ? "an operand of 'and'" : "an operand of 'or'");
        S->nscope = save;
        t = mk(T_BOOL, -1);
        break;
    }
    case OP_LT: case OP_LE: case OP_GT: case OP_GE:
        sema_expect(S, e->a, T_INT, "an operand of a comparison");
        sema_expect(S, e->b, T_INT, "an operand of a comparison");
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
            sema_expect(S, e->a, T_INT, "the operand of '-'");
            t = mk(T_INT, -1);
        } else {
            sema_expect(S, e->a, T_BOOL, "the operand of 'not'");
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
    case AST_INDEX:
        return sema_check_index(S, e);
    case AST_RANGE:
        return sema_check_range(S, e);
    case AST_COND: {
        sema_expect(S, e->a, T_BOOL, "the condition of 'if'");
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
