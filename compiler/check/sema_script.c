/* sema_script.c: the checker's scripts: scopes, statements and code units
   (sema_expr.c types the expressions). */
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

/* sema_lookup_local: the innermost binding of name in scope, or NULL. */
const Binding *sema_lookup_local(const Sema *S, const char *name)
{
    for (int i = S->nscope - 1; i >= 0; i--)
        if (strcmp(S->scope[i].name, name) == 0)
            return &S->scope[i];
    return NULL;
}

/* sema_narrow: for each `x is KIND` in the and-chain of cond where x is a local
   card, shadow x with the narrowed type (same slot). Returns the scope size
   to restore afterwards. */
int sema_narrow(Sema *S, const AstNode *cond)
{
    int save = S->nscope;
    if (!cond)
        return save;
    if (cond->kind == AST_BINARY && cond->op == OP_AND) {
        sema_narrow(S, cond->a);
        sema_narrow(S, cond->b);
        return save;
    }
    if (cond->kind != AST_IS || !cond->a || cond->a->kind != AST_NAME)
        return save;
    const Binding *b = sema_lookup_local(S, cond->a->name);
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

/* ---- statements ------------------------------------------------------------- */

static void check_stmt(Sema *S, AstNode *s);

/* is_ending: is s a statement that ends the game (win, draw_game, lose_game)? */
static int is_ending(const AstNode *s)
{
    return s->kind == AST_WIN || s->kind == AST_DRAW_GAME || s->kind == AST_LOSE_GAME;
}

/* Does the statement list contain a win/draw_game/lose_game anywhere (nested)? */
static int contains_ending(const AstNode *n)
{
    if (!n)
        return 0;
    if (is_ending(n))
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
        if (is_ending(s) && !ended)
            ended = 1;
    }
    S->nscope = save;
}

/* Check a collection and bind var over it; returns the slot. */
static int bind_over(Sema *S, const char *var, AstNode *coll, Loc loc)
{
    Type ct = sema_check_expr(S, coll);
    Type el = sema_element_of(S, coll, ct);
    return sema_bind(S, var, el, loc);
}

/* A player-valued optional clause ("by P", "as P"). */
static void check_player(Sema *S, AstNode *p, const char *what)
{
    if (p)
        sema_expect(S, p, T_PLAYER, what);
}

static void check_assign_target(Sema *S, AstNode *l, Type vt, int op)
{
    Type t = mk(T_ERROR, -1);
    switch (l->kind) {
    case AST_NAME: {
        const Binding *b = sema_lookup_local(S, l->name);
        if (b) {
            t = b->type;
            sema_annotate(l, t, SYM_MAKE(SYM_LOCAL, b->slot));
            break;
        }
        int i = sema_find_var(S->m, l->name);
        if (i < 0) {
            if (sema_find_const(S->m, l->name) >= 0)
                diag_error(S->d, l->loc, "'%s' is a constant and cannot be assigned", l->name);
            else if (sema_find_array(S->m, l->name) >= 0)
                diag_error(S->d, l->loc, "'%s' is an array: write one of its elements, %s[...]", l->name, l->name);
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
    case AST_INDEX:
        t = sema_check_expr(S, l);
        if (t.base == T_ERROR)
            return;
        if (SYM_CAT(l->sem_ref) != SYM_VAR && SYM_CAT(l->sem_ref) != SYM_STATE && SYM_CAT(l->sem_ref) != SYM_ARRAY) {
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
        sema_expect(S, s->d, T_INT, "the number of items to choose");
    check_player(S, s->e, "the chooser ('by')");
    if (s->f)
        sema_check_holes(S, &s->f->list, "prompt");
    int save = S->nscope;
    s->ival = bind_over(S, s->name, s->a, s->loc2.line ? s->loc2 : s->loc);
    if (s->c) {
        sema_expect(S, s->c, T_BOOL, "a 'where' condition");
        sema_narrow(S, s->c);
    }
    if (s->g) {   /* each item's label sees the item */
        sema_check_holes(S, &s->g->list, "label");
        s->sem_extra = model_string(S->m, s->g->text);
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
        else if (cb == T_SPACES && s->a->sem_extra >= 0 && S->m->graphs[s->a->sem_extra].kind >= 0) {
            const char *what = S->m->kinds[S->m->graphs[s->a->sem_extra].kind].name;
            prompt = arena_printf(S->a, "choose %s %s", strchr("aeiouAEIOU", what[0]) ? "an" : "a", what);
        }
        else if (cb == T_RANGE)
            prompt = "choose a number";
        s->sem_ref = model_string(S->m, prompt);
    }
}

/* check_menu: a menu of options: the chooser, and each option's label, when and body. */
static void check_menu(Sema *S, AstNode *s)
{
    if (S->simultaneous)
        s->flags |= CHOOSE_HIDDEN;
    check_player(S, s->e, "the chooser ('by')");
    if (s->f)
        sema_check_holes(S, &s->f->list, "prompt");
    if (s->list.count == 0)
        diag_error(S->d, s->loc, "a choice needs at least one option");
    for (int i = 0; i < s->list.count; i++) {
        AstNode *o = s->list.items[i];
        o->sem_ref = model_string(S->m, o->text);
        sema_check_holes(S, &o->list, "label");
        if (o->c)
            sema_expect(S, o->c, T_BOOL, "an option's 'when' condition");
        check_block(S, o->b);
    }
}

/* check_turns: `turns`: the first player, and either actions until N passes in a row or a body until a condition. */
static void check_turns(Sema *S, AstNode *s)
{
    sema_expect(S, s->a, T_PLAYER, "the first player of 'turns'");
    int save = S->nscope;
    /* hidden slots the emitter uses: turn player, passes, saved me, action */
    s->ival = unit_add_local(S, S->unit, "turn");
    unit_add_local(S, S->unit, "passes");
    unit_add_local(S, S->unit, "saved_me");
    unit_add_local(S, S->unit, "action");
    S->in_turns++;
    if (s->f)
        sema_check_holes(S, &s->f->list, "prompt");
    if (s->flags & TURNS_PASSES) {
        if (!(s->flags & TURNS_ALL_PASS))
            sema_expect(S, s->c, T_INT, "the number of passes");
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
                sema_expect(S, a->d, T_BOOL, "an action's 'when' condition");
            if (a->name)
                a->ival = bind_over(S, a->name, a->a, a->loc2.line ? a->loc2 : a->loc);
            else
                a->ival = -1;
            if (a->c) {
                sema_expect(S, a->c, T_BOOL, "a 'where' condition");
                sema_narrow(S, a->c);
            }
            sema_check_holes(S, &a->list, "label");   /* may show the item */
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
        sema_expect(S, s->c, T_BOOL, "the 'until' condition");
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
            sema_expect(S, s->c, T_BOOL, "a 'where' condition");
        S->nscope = save;
    } else {
        sema_expect(S, s->a, T_PLAYER, "the winner");
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
    int dice = 0;
    for (int k = 0; k < S->m->nkinds; k++)
        dice |= S->m->kinds[k].is_die;
    if (kind == -2) {
        diag_error(S->d, s->a->loc, "'roll' needs a die or a zone of dice");
    } else if (kind < 0 && dice) {   /* dice of several kinds: each rolls its own faces (or fails: not a die) */
        s->sem_extra = -1;
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
            || t.base == T_VOID || t.base == T_SPACES) {
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
        sema_expect(S, s->a, T_BOOL, "the condition of 'if'");
        int save = sema_narrow(S, s->a);
        check_block(S, s->b);
        S->nscope = save;
        if (s->c)
            check_block(S, s->c);
        break;
    }
    case AST_WHILE: {
        sema_expect(S, s->a, T_BOOL, "the condition of 'while'");
        int32_t v;
        Type t;
        if (sema_const_eval(S, s->a, NULL, &v, &t) && v && !contains_ending(s->b))
            diag_error(S->d, s->loc, "this loop can never end: its condition is always true and it "
                       "contains no 'win', 'draw_game' or 'lose_game'");
        check_block(S, s->b);
        break;
    }
    case AST_FOR: {
        int save = S->nscope;
        if (s->d) {   /* `for up to N`: N is read once, before the loop; a hidden slot counts down */
            sema_expect(S, s->d, T_INT, "the number of items of 'for up to'");
            s->ival2 = unit_add_local(S, S->unit, "left");
        }
        s->ival = bind_over(S, s->name, s->a, s->loc2.line ? s->loc2 : s->loc);
        if (s->c) {
            sema_expect(S, s->c, T_BOOL, "a 'where' condition");
            sema_narrow(S, s->c);
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
        sema_expect(S, s->a, T_ZONE, "what 'shuffle' shuffles");
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
            || t.base == T_ABILITY || t.base == T_SPACES) {
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
    case AST_LOSE_GAME:
        S->endings++;
        S->m->can_lose = 1;
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
    case AST_ELIMINATE:
        sema_check_eliminate(S, s);
        break;
    case AST_REVEAL:
        sema_check_reveal(S, s);
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

