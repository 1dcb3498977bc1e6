/* ir_lower.c: lowering of the checked program (the annotated AST of each
   model unit) to the typed IR of ir.h. The checker's annotations (sem_type,
   sem_ref, sem_extra, ival, whose meaning depends on the node kind) are
   read here and nowhere after: each IR node says what it means. */
#include "ir.h"

#include <string.h>

/* A card-valued local known to hold a card of a kind (a loop variable over
   a zone of that kind, or one tested with `is`), while it is in scope. */
typedef struct Known {
    int slot, kind;
} Known;

/* The lowering's context for one unit. */
typedef struct Lower {
    const Model *m;
    Arena *a;
    const MUnit *unit;
    Known *known;          /* a stack: the innermost last */
    int nknown, capknown;
} Lower;

static IrNode *lower_expr(Lower *L, const AstNode *e);
static IrNode *lower_stmt(Lower *L, const AstNode *s);

/* ---- nodes ---------------------------------------------------------------------- */

/* node: a new node of op at loc with room for nkids kids (all NULL), in the arena. */
static IrNode *node(Lower *L, IrOp op, Loc loc, int nkids)
{
    IrNode *n = arena_alloc(L->a, sizeof *n);
    memset(n, 0, sizeof *n);
    n->op = op;
    n->loc = loc;
    n->type.base = T_VOID;
    n->type.param = -1;
    n->index = n->aux = -1;
    n->nkids = nkids;
    if (nkids > 0) {
        n->kids = arena_alloc(L->a, sizeof *n->kids * (size_t)nkids);
        memset(n->kids, 0, sizeof *n->kids * (size_t)nkids);
    }
    return n;
}

/* typed: the type the checker gave expression e. */
static Type typed(const AstNode *e)
{
    Type t;
    t.base = (TypeBase)e->sem_type;
    t.param = e->sem_extra;
    if (t.base != T_CARD && t.base != T_ZONE && t.base != T_ENUM && t.base != T_SPACES)
        t.param = -1;
    return t;
}

/* expr_node: a node of op for expression e, of e's type. */
static IrNode *expr_node(Lower *L, IrOp op, const AstNode *e, int nkids)
{
    IrNode *n = node(L, op, e->loc, nkids);
    n->type = typed(e);
    return n;
}

/* opt_expr: the lowered e, or NULL when there is none. */
static IrNode *opt_expr(Lower *L, const AstNode *e) { return e ? lower_expr(L, e) : NULL; }

/* ---- what is known of card locals ------------------------------------------------- */

static void know(Lower *L, int slot, int kind)
{
    if (kind < 0)
        return;
    if (L->nknown == L->capknown) {
        int cap = L->capknown ? L->capknown * 2 : 16;
        Known *k = arena_alloc(L->a, sizeof *k * (size_t)cap);
        if (L->nknown)
            memcpy(k, L->known, sizeof *k * (size_t)L->nknown);
        L->known = k;
        L->capknown = cap;
    }
    L->known[L->nknown].slot = slot;
    L->known[L->nknown].kind = kind;
    L->nknown++;
}

/* known_kind: the kind local slot is known to hold a card of, or -1. */
static int known_kind(const Lower *L, int slot)
{
    for (int i = L->nknown - 1; i >= 0; i--)
        if (L->known[i].slot == slot)
            return L->known[i].kind;
    return -1;
}

/* know_loop: slot ranges over the cards of collection coll: when coll is a
   zone of one kind, every value is a card of that kind. */
static void know_loop(Lower *L, const AstNode *coll, int slot)
{
    if ((TypeBase)coll->sem_type == T_ZONE && SYM_CAT(coll->sem_ref) == SYM_ZONE)
        know(L, slot, L->m->zones[SYM_IDX(coll->sem_ref)].kind);
}

/* know_tests: where condition cond is true, every `x is K` among its
   `and`ed terms holds (x a local). */
static void know_tests(Lower *L, const AstNode *cond)
{
    if (!cond)
        return;
    if (cond->kind == AST_BINARY && cond->op == OP_AND) {
        know_tests(L, cond->a);
        know_tests(L, cond->b);
    } else if (cond->kind == AST_IS && cond->a->kind == AST_NAME && SYM_CAT(cond->a->sem_ref) == SYM_LOCAL) {
        know(L, (int)SYM_IDX(cond->a->sem_ref), cond->sem_ref);
    }
}

/* card_check: how a field of kind is read from card expression obj. */
static IrCheck card_check(const Lower *L, const AstNode *obj, int kind)
{
    if (obj->kind == AST_THIS)
        return L->unit->this_kind == kind ? IR_KIND_KNOWN : IR_CHECK_KIND;
    if (obj->kind == AST_NAME && SYM_CAT(obj->sem_ref) == SYM_LOCAL &&
        known_kind(L, (int)SYM_IDX(obj->sem_ref)) == kind)
        return IR_KIND_KNOWN;
    return IR_CHECK_KIND;
}

/* ---- expressions -------------------------------------------------------------------- */

/* player_member: `my X` (player NULL: me) or `p.X` for a per-player zone
   or variable or the player's side. */
static IrNode *player_member(Lower *L, const AstNode *e, IrNode *player)
{
    int cat = SYM_CAT(e->sem_ref), idx = SYM_IDX(e->sem_ref);
    if (!player) {
        player = node(L, IR_ME, e->loc, 0);
        player->type.base = T_PLAYER;
    }
    IrNode *n;
    if (cat == SYM_ZONE) {
        int per = L->m->zones[idx].per_player;
        n = expr_node(L, IR_ZONE, e, per);
        n->index = idx;
    } else if (cat == SYM_VAR) {
        int per = L->m->vars[idx].per_player;
        n = expr_node(L, IR_VAR, e, per);
        n->index = idx;
    } else {
        n = expr_node(L, cat == SYM_PLAYER_OUT ? IR_PLAYER_OUT : IR_PLAYER_SIDE, e, 1);
    }
    if (n->nkids)
        n->kids[0] = player;
    return n;
}

/* card_member: `c.X` for a card c (already lowered as card). */
static IrNode *card_member(Lower *L, const AstNode *e, IrNode *card)
{
    int cat = SYM_CAT(e->sem_ref);
    if (cat == SYM_ZONE) {   /* s.units: the zone of space s */
        IrNode *z = expr_node(L, IR_SPACE_ZONE, e, 1);
        z->index = (int)SYM_IDX(e->sem_ref);
        z->kids[0] = card;
        return z;
    }
    if (cat == SYM_FACE_COUNT) {   /* d.hit */
        IrNode *n = expr_node(L, IR_FACE_COUNT, e, 1);
        n->kids[0] = card;
        n->index = (int)SYM_IDX(e->sem_ref);
        n->aux = (int)e->ival2;
        n->card.kind = e->sem_extra;
        n->type.base = T_INT;
        n->type.param = -1;
        return n;
    }
    IrOp op = cat == SYM_CARD_OWNER ? IR_CARD_OWNER : cat == SYM_CARD_NAME ? IR_CARD_NAME
              : cat == SYM_STATE ? IR_CARD_STATE : IR_CARD_FIELD;
    IrNode *n = expr_node(L, op, e, 1);
    n->kids[0] = card;
    if (op == IR_CARD_FIELD || op == IR_CARD_STATE) {
        n->card.kind = e->sem_extra;
        n->card.field = (int)SYM_IDX(e->sem_ref);
        n->card.check = card_check(L, e->a, e->sem_extra);
        n->type.base = (TypeBase)e->sem_type;
        n->type.param = (TypeBase)e->sem_type == T_ENUM ? (int)e->ival2 : -1;
    }
    return n;
}

static IrNode *lower_name(Lower *L, const AstNode *e)
{
    int cat = SYM_CAT(e->sem_ref), idx = SYM_IDX(e->sem_ref);
    IrOp op;
    switch (cat) {
    case SYM_LOCAL: op = IR_LOCAL; break;
    case SYM_SIDE: op = IR_SIDE; break;
    case SYM_ZONE: op = IR_ZONE; break;
    case SYM_VAR: op = IR_VAR; break;
    case SYM_CONST: op = IR_CONST; break;
    default: op = IR_ENUM_VALUE; break;
    }
    IrNode *n = expr_node(L, op, e, 0);
    n->index = idx;
    if (op == IR_ENUM_VALUE) {
        n->aux = e->sem_extra;
        n->type.param = e->sem_extra;
    }
    return n;
}

static const struct { const char *name; IrBuiltin b; } builtins[] = {
    {"next", IR_B_NEXT}, {"count", IR_B_COUNT}, {"empty", IR_B_EMPTY}, {"random", IR_B_RANDOM},
    {"top", IR_B_TOP}, {"bottom", IR_B_BOTTOM}, {"matches", IR_B_MATCHES},
    {"neighbours", IR_B_NEIGHBOURS}, {"within", IR_B_WITHIN}, {"adjacent", IR_B_ADJACENT}, {"distance", IR_B_DISTANCE},
};

/* lower_reach: reachable(a, b, avoiding x where COND) as an aggregate over
   every space of the map (see IR_A_REACH). */
static IrNode *lower_reach(Lower *L, const AstNode *e)
{
    IrNode *n = expr_node(L, IR_AGGREGATE, e, 5);
    n->agg = IR_A_REACH;
    n->index = (int)e->ival;
    IrNode *all = node(L, IR_BUILTIN, e->loc, 0);
    all->builtin = IR_B_SPACES;
    all->aux = (int)e->ival2;
    all->type.base = T_SPACES;
    all->type.param = (int)e->ival2;
    n->kids[0] = all;
    n->kids[1] = lower_expr(L, e->c);
    n->kids[3] = lower_expr(L, e->list.items[0]);
    n->kids[4] = lower_expr(L, e->list.items[1]);
    return n;
}

static IrNode *lower_call(Lower *L, const AstNode *e)
{
    IrNode *n;
    if (e->name2 && SYM_CAT(e->sem_ref) != SYM_FUNC)   /* reachable(a, b, avoiding x where COND) */
        return lower_reach(L, e);
    if (SYM_CAT(e->sem_ref) == SYM_FUNC) {
        n = expr_node(L, IR_CALL, e, e->list.count);
        /* the checker names the function's declaration; the unit is found
           by the function's name, which is unique */
        for (int u = 0; u < L->m->nunits; u++)
            if (L->m->units[u].is_function && strcmp(L->m->units[u].name, e->name) == 0) {
                n->index = u;
                break;
            }
    } else {
        n = expr_node(L, IR_BUILTIN, e, e->list.count);
        for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
            if (strcmp(e->name, builtins[i].name) == 0)
                n->builtin = builtins[i].b;
        if (n->builtin == IR_B_MATCHES) {
            n->aux = e->sem_ref;   /* the enum */
            n->type.param = -1;
        }
        if (n->builtin >= IR_B_NEIGHBOURS)
            n->aux = (int)e->ival2;   /* the map */
    }
    for (int i = 0; i < e->list.count; i++)
        n->kids[i] = lower_expr(L, e->list.items[i]);
    return n;
}

static IrNode *lower_aggregate(Lower *L, const AstNode *e)
{
    IrNode *n = expr_node(L, IR_AGGREGATE, e, 3);
    switch (e->op) {
    case 'c': n->agg = IR_A_COUNT; break;
    case 's': n->agg = IR_A_SUM; break;
    case 'a': n->agg = IR_A_ANY; break;
    case 'm': n->agg = IR_A_MIN; break;
    case 'M': n->agg = IR_A_MAX; break;
    case '<': n->agg = IR_A_ARGMIN; break;
    case '>': n->agg = IR_A_ARGMAX; break;
    default: n->agg = IR_A_ALL; break;
    }
    n->index = (int)e->ival;
    n->kids[0] = lower_expr(L, e->a);
    int depth = L->nknown;
    know_loop(L, e->a, n->index);
    n->kids[1] = opt_expr(L, e->c);
    know_tests(L, e->c);
    n->kids[2] = opt_expr(L, e->b);
    L->nknown = depth;
    return n;
}

static IrBinop binop_of(int op)
{
    switch (op) {
    case OP_ADD: return IR_ADD;
    case OP_SUB: return IR_SUB;
    case OP_MUL: return IR_MUL;
    case OP_DIV: return IR_DIV;
    case OP_MOD: return IR_MOD;
    case OP_EQ: return IR_EQ;
    case OP_NE: return IR_NE;
    case OP_LT: return IR_LT;
    case OP_LE: return IR_LE;
    case OP_GT: return IR_GT;
    default: return IR_GE;
    }
}

static IrNode *lower_binary(Lower *L, const AstNode *e)
{
    IrOp op = e->op == OP_AND ? IR_AND : e->op == OP_OR ? IR_OR
              : e->op >= OP_EQ && e->op <= OP_GE ? IR_COMPARE : IR_ARITH;
    IrNode *n = expr_node(L, op, e, 2);
    n->kids[0] = lower_expr(L, e->a);
    int depth = L->nknown;
    if (op == IR_AND)   /* `c is K and ...`: c is a K on the right */
        know_tests(L, e->a);
    n->kids[1] = lower_expr(L, e->b);
    L->nknown = depth;
    if (op == IR_ARITH || op == IR_COMPARE)
        n->binop = binop_of(e->op);
    if (op == IR_COMPARE) {
        n->aux = e->sem_extra;   /* the operands' type */
        n->type.base = T_BOOL;
        n->type.param = -1;
    }
    return n;
}

static IrNode *lower_expr(Lower *L, const AstNode *e)
{
    IrNode *n;
    switch (e->kind) {
    case AST_INT:
    case AST_BOOL:
        n = expr_node(L, e->kind == AST_INT ? IR_INT : IR_BOOL, e, 0);
        n->value = e->ival;
        return n;
    case AST_STRING:
        n = expr_node(L, IR_TEXT, e, 0);
        n->text = e->text;
        return n;
    case AST_NAME:
        return lower_name(L, e);
    case AST_ME: return expr_node(L, IR_ME, e, 0);
    case AST_THIS: return expr_node(L, IR_THIS, e, 0);
    case AST_OPPONENT: return expr_node(L, IR_OPPONENT, e, 0);
    case AST_PLAYERS_ALL: return expr_node(L, IR_PLAYERS, e, 0);
    case AST_SIDES_ALL: return expr_node(L, IR_SIDES, e, 0);
    case AST_MY:
        return player_member(L, e, NULL);
    case AST_FIELD_OF:
        if ((TypeBase)e->a->sem_type == T_PLAYER)
            return player_member(L, e, lower_expr(L, e->a));
        return card_member(L, e, lower_expr(L, e->a));
    case AST_CALL:
        return lower_call(L, e);
    case AST_AGGREGATE:
        return lower_aggregate(L, e);
    case AST_UNARY:
        n = expr_node(L, e->op == '-' || e->op == OP_NEG ? IR_NEG : IR_NOT, e, 1);
        n->kids[0] = lower_expr(L, e->a);
        return n;
    case AST_BINARY:
        return lower_binary(L, e);
    case AST_IS:
        n = expr_node(L, IR_IS, e, 1);
        n->index = e->sem_ref;   /* the kind */
        n->type.base = T_BOOL;
        n->type.param = -1;
        n->kids[0] = lower_expr(L, e->a);
        return n;
    case AST_RANGE:
        n = expr_node(L, IR_RANGE, e, 0);
        n->value = e->ival;
        n->aux = (int)e->ival2;
        return n;
    case AST_INDEX: {   /* kids: the player (or NULL), then the other indices */
        const MArray *a = &L->m->arrays[SYM_IDX(e->sem_ref)];
        n = expr_node(L, IR_ELEM, e, e->list.count + !a->per_player);
        n->index = (int)SYM_IDX(e->sem_ref);
        for (int i = 0; i < e->list.count; i++)
            n->kids[i + !a->per_player] = lower_expr(L, e->list.items[i]);
        return n;
    }
    default:   /* AST_COND */
        n = expr_node(L, IR_SELECT, e, 3);
        n->kids[0] = lower_expr(L, e->a);
        n->kids[1] = lower_expr(L, e->b);
        n->kids[2] = lower_expr(L, e->c);
        return n;
    }
}

/* ---- statements --------------------------------------------------------------------- */

/* lower_block: a block node of b's statements (b NULL: an empty block at loc). */
static IrNode *lower_block(Lower *L, const AstNode *b, Loc loc)
{
    IrNode *n = node(L, IR_BLOCK, b ? b->loc : loc, b ? b->list.count : 0);
    for (int i = 0; i < n->nkids; i++)
        n->kids[i] = lower_stmt(L, b->list.items[i]);
    return n;
}

/* lower_loop_body: where (or NULL) and the block of a loop of slot over
   coll, with what the loop and its where clause make known. */
static void lower_loop_body(Lower *L, const AstNode *coll, int slot, const AstNode *where, const AstNode *body,
                            IrNode **where_out, IrNode **body_out)
{
    int depth = L->nknown;
    know_loop(L, coll, slot);
    *where_out = opt_expr(L, where);
    know_tests(L, where);
    *body_out = lower_block(L, body, coll->loc);
    L->nknown = depth;
}

/* lower_text: the IR_LOG of a log, label or prompt t (its format and holes). */
static IrNode *lower_text(Lower *L, const AstNode *t)
{
    IrNode *n = node(L, IR_LOG, t->loc, t->list.count);
    n->text = t->text;
    for (int i = 0; i < t->list.count; i++)
        n->kids[i] = lower_expr(L, t->list.items[i]);
    return n;
}

/* with_fmt: n's fmt (a prompt, or a label with holes: t, or NULL), also
   put in n's last kid, which n was made with room for (has_fmt). */
static void with_fmt(Lower *L, IrNode *n, const AstNode *t)
{
    if (!t)
        return;
    n->fmt = lower_text(L, t);
    n->kids[n->nkids - 1] = n->fmt;
}

/* label_text: the AST_LOG of a label with holes, as an option's or action's
   text and list (NULL: a plain label). */
static const AstNode *label_text(Lower *L, const AstNode *o)
{
    if (o->list.count == 0)
        return NULL;
    AstNode *t = arena_alloc(L->a, sizeof *t);
    memset(t, 0, sizeof *t);
    t->kind = AST_LOG;
    t->loc = o->loc2.line ? o->loc2 : o->loc;
    t->text = o->text;
    t->list = o->list;
    return t;
}

static IrNode *lower_choose(Lower *L, const AstNode *s)
{
    IrNode *n = node(L, IR_CHOOSE, s->loc, 6 + (s->g != NULL) + (s->f != NULL));
    n->index = (int)s->ival;
    n->aux = s->sem_ref;
    n->flags = ((s->flags & CHOOSE_HIDDEN) ? IR_HIDDEN : 0) | ((s->flags & CHOOSE_UP_TO) ? IR_UP_TO : 0);
    n->kids[0] = lower_expr(L, s->a);
    n->kids[2] = opt_expr(L, s->d);
    n->kids[3] = opt_expr(L, s->e);
    lower_loop_body(L, s->a, n->index, s->c, s->b, &n->kids[1], &n->kids[4]);
    if (s->list.count > 0)
        n->kids[5] = lower_block(L, s->list.items[0], s->loc);
    if (s->g) {   /* the label's holes see the item */
        int depth = L->nknown;
        know_loop(L, s->a, n->index);
        n->label = lower_text(L, s->g);
        n->label->index = s->sem_extra;
        n->kids[6] = n->label;
        L->nknown = depth;
    }
    with_fmt(L, n, s->f);
    return n;
}

static IrNode *lower_menu(Lower *L, const AstNode *s)
{
    IrNode *n = node(L, IR_MENU, s->loc, 1 + s->list.count + (s->f != NULL));
    n->flags = (s->flags & CHOOSE_HIDDEN) ? IR_HIDDEN : 0;
    n->kids[0] = opt_expr(L, s->e);
    for (int i = 0; i < s->list.count; i++) {
        const AstNode *o = s->list.items[i];
        const AstNode *label = label_text(L, o);
        IrNode *on = node(L, IR_OPTION, o->loc, 2 + (label != NULL));
        on->text = o->text;
        on->index = o->sem_ref;
        on->kids[0] = opt_expr(L, o->c);
        on->kids[1] = lower_block(L, o->b, o->loc);
        with_fmt(L, on, label);
        n->kids[1 + i] = on;
    }
    with_fmt(L, n, s->f);
    return n;
}

static IrNode *lower_turns(Lower *L, const AstNode *s)
{
    IrNode *n = node(L, IR_TURNS, s->loc, 3 + s->list.count + (s->f != NULL));
    n->index = (int)s->ival;
    n->aux = s->sem_extra;
    n->flags = ((s->flags & TURNS_PASSES) ? IR_PASSES : 0) | ((s->flags & TURNS_ALL_PASS) ? IR_ALL_PASS : 0);
    n->kids[0] = lower_expr(L, s->a);
    n->kids[1] = opt_expr(L, s->c);
    n->kids[2] = s->b ? lower_block(L, s->b, s->loc) : NULL;
    for (int i = 0; i < s->list.count; i++) {
        const AstNode *a = s->list.items[i];
        const AstNode *label = label_text(L, a);
        IrNode *an = node(L, IR_ACTION, a->loc, 4 + (label != NULL));
        an->text = a->text;
        an->index = a->sem_ref;
        an->aux = a->name ? (int)a->ival : -1;
        an->flags = (a->flags & ACTION_PASS) ? IR_PASS : 0;
        an->kids[2] = opt_expr(L, a->d);
        if (a->name) {
            an->kids[0] = lower_expr(L, a->a);
            lower_loop_body(L, a->a, an->aux, a->c, a->b, &an->kids[1], &an->kids[3]);
        } else {
            an->kids[1] = opt_expr(L, a->c);
            an->kids[3] = lower_block(L, a->b, a->loc);
        }
        int depth = L->nknown;   /* the label's holes see the item */
        if (a->name)
            know_loop(L, a->a, an->aux);
        with_fmt(L, an, label);
        L->nknown = depth;
        n->kids[3 + i] = an;
    }
    with_fmt(L, n, s->f);
    return n;
}

static IrNode *lower_assign(Lower *L, const AstNode *s)
{
    IrNode *n = node(L, IR_ASSIGN, s->loc, 2);
    n->binop = s->op == '+' || s->op == OP_INC ? IR_ADD : s->op == '-' || s->op == OP_DEC ? IR_SUB : IR_SET;
    n->kids[0] = lower_expr(L, s->a);
    n->kids[1] = lower_expr(L, s->b);
    if ((s->flags & ASSIGN_SHOWN) && !(s->flags & ASSIGN_NOT_SHOWN))
        n->flags |= IR_SHOWN;
    return n;
}

static IrNode *lower_win(Lower *L, const AstNode *s)
{
    if (!(s->flags & WIN_ALL)) {
        IrNode *n = node(L, IR_WIN, s->loc, 1);
        n->kids[0] = lower_expr(L, s->a);
        return n;
    }
    IrNode *n = node(L, IR_WIN_ALL, s->loc, 2);
    n->index = (int)s->ival;
    n->kids[0] = lower_expr(L, s->a);
    n->kids[1] = opt_expr(L, s->c);
    return n;
}

/* simple: a statement of one or two expressions and no block. */
static IrNode *simple(Lower *L, IrOp op, const AstNode *s, const AstNode *a, const AstNode *b)
{
    IrNode *n = node(L, op, s->loc, (a != NULL) + (b != NULL));
    if (a)
        n->kids[0] = lower_expr(L, a);
    if (b)
        n->kids[1] = lower_expr(L, b);
    return n;
}

static IrNode *lower_stmt(Lower *L, const AstNode *s)
{
    IrNode *n;
    switch (s->kind) {
    case AST_BLOCK:
        return lower_block(L, s, s->loc);
    case AST_PHASE:
        n = node(L, IR_PHASE, s->loc, 1);
        n->text = s->name;
        n->index = s->sem_ref;
        n->kids[0] = lower_block(L, s->b, s->loc);
        return n;
    case AST_IF: {
        n = node(L, IR_IF, s->loc, 3);
        n->kids[0] = lower_expr(L, s->a);
        int depth = L->nknown;
        know_tests(L, s->a);
        n->kids[1] = lower_block(L, s->b, s->loc);
        L->nknown = depth;
        if (s->c)
            n->kids[2] = s->c->kind == AST_IF ? lower_stmt(L, s->c) : lower_block(L, s->c, s->loc);
        return n;
    }
    case AST_WHILE:
        n = node(L, IR_WHILE, s->loc, 2);
        n->kids[0] = lower_expr(L, s->a);
        n->kids[1] = lower_block(L, s->b, s->loc);
        return n;
    case AST_FOR:
        n = node(L, IR_FOR, s->loc, s->d ? 4 : 3);
        n->index = (int)s->ival;
        n->flags = (s->flags & STMT_SIMULTANEOUS) ? IR_SIMULTANEOUS : 0;
        if (s->d) {   /* `up to`: its count, and the slot counting down */
            n->kids[3] = lower_expr(L, s->d);
            n->aux = (int)s->ival2;
        }
        n->kids[0] = lower_expr(L, s->a);
        lower_loop_body(L, s->a, n->index, s->c, s->b, &n->kids[1], &n->kids[2]);
        return n;
    case AST_CHOOSE:
        return lower_choose(L, s);
    case AST_MENU:
        return lower_menu(L, s);
    case AST_TURNS:
        return lower_turns(L, s);
    case AST_MOVE:
        n = simple(L, IR_MOVE, s, s->a, s->b);
        n->flags = (s->flags & MOVE_BOTTOM) ? IR_BOTTOM : 0;
        return n;
    case AST_SHUFFLE:
        return simple(L, IR_SHUFFLE, s, s->a, NULL);
    case AST_RUN:
        n = node(L, IR_RUN, s->loc, 2);
        n->index = (int)s->ival;
        n->kids[0] = lower_expr(L, s->a);
        n->kids[1] = opt_expr(L, s->b);
        return n;
    case AST_ASSIGN:
        return lower_assign(L, s);
    case AST_LET:
        n = simple(L, IR_LET, s, s->a, NULL);
        n->index = (int)s->ival;
        return n;
    case AST_WIN:
        return lower_win(L, s);
    case AST_DRAW_GAME:
        return node(L, IR_DRAW_GAME, s->loc, 0);
    case AST_LOSE_GAME:
        return node(L, IR_LOSE_GAME, s->loc, 0);
    case AST_LOG:
        n = lower_text(L, s);
        n->aux = (s->flags & LOG_PUBLIC) != 0;
        return n;
    case AST_ELIMINATE:
        return simple(L, IR_ELIMINATE, s, s->a, NULL);
    case AST_ROLL:
        n = simple(L, IR_ROLL, s, s->a, NULL);
        n->index = s->sem_extra;
        return n;
    case AST_REVEAL:
        n = node(L, IR_REVEAL, s->loc, s->op == 'a' ? 4 : 2);
        n->aux = s->sem_extra;
        n->kids[0] = lower_expr(L, s->a);
        n->kids[1] = opt_expr(L, s->b);
        if (s->op == 'a') {
            n->index = (int)s->ival;
            n->kids[2] = lower_expr(L, s->d);
            n->kids[3] = opt_expr(L, s->c);
        }
        return n;
    default:   /* AST_CALL_STMT */
        n = node(L, IR_CALL_PROC, s->loc, s->list.count);
        n->index = s->sem_ref;
        for (int i = 0; i < s->list.count; i++)
            n->kids[i] = lower_expr(L, s->list.items[i]);
        return n;
    }
}

/* ---- units ------------------------------------------------------------------------ */

IrProgram *ir_lower(const Model *m, Arena *arena)
{
    IrProgram *p = arena_alloc(arena, sizeof *p);
    p->m = m;
    p->arena = arena;
    p->nunits = m->nunits;
    p->units = arena_alloc(arena, sizeof *p->units * (size_t)(m->nunits > 0 ? m->nunits : 1));
    for (int u = 0; u < m->nunits; u++) {
        const MUnit *mu = &m->units[u];
        Lower L = {m, arena, mu, NULL, 0, 0};
        p->units[u].unit = u;
        p->units[u].facts = 0;
        p->units[u].body = mu->is_function ? lower_expr(&L, mu->body) : lower_block(&L, mu->body, mu->loc);
    }
    return p;
}
