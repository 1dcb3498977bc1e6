/* sema_flow.c: the secrecy check: no rule shows a player what he may not
   know (docs/language.md "What a player knows").

   Every value carries who may know it (a Secret): everyone; one player;
   the players of one side; nobody. It comes from where the value is read:
   a card taken from a private or hidden zone (its identity, fields and
   state), a private variable, the answer of a hidden choice. Labels join
   through expressions, and through control: a statement under an `if`,
   a loop's `where` or a hidden menu's option runs under the secret of
   its condition (the `pc`). Every place that shows something is checked
   against who sees it: a log line and its holes, a public choice's
   options, conditions and answer, a prompt or label, an assignment to a
   public variable or counter or to the state of a card others see, and
   the public effects a secret condition would give away (a move, a
   shuffle, a roll, a reveal, the end of the game, asking a choice).
   Declassification is explicit: `reveal`, moving a card into a public
   zone, and `log public "..."`, the announcement the rules decree.

   Players are symbolic: `me`, a loop's or a parameter's player, `p.side`.
   Two expressions name the same player when they are the same
   expression; when that cannot be shown the check assumes they differ
   (it never accepts a leak it cannot rule out). Procedures and functions
   are followed at each call with the labels of their arguments. */
#include "sema_internal.h"

#include <stdarg.h>
#include <string.h>
#include "cardrt.h"
#include "strtab.h"

/* The most players or sides a secret names as its knowers; past it the
   check forgets the last (fewer knowers: stricter, never laxer). */
#define MAX_KNOWERS 4

/* A player or side expression, with the unit whose locals it names. */
typedef struct Whom {
    const AstNode *e;
    int unit;
    int side;                /* 1: the players of side e; 0: player e */
} Whom;

/* Who may know a value, and what secret it carries (for the message):
   every player, or the players and sides listed (none: nobody). */
typedef struct Secret {
    int all;
    int n;
    Whom k[MAX_KNOWERS];
    const char *what;        /* "'c', a card of the private zone 'my hand'" */
    Loc from;                /* where the secret was read */
} Secret;

/* A zone whose cards a player or side was shown (`look P at Z`,
   `reveal Z to P`), until a card may enter it; or the card at an end of a
   zone (`reveal top(Z)`), until a card moves. */
typedef struct Shown {
    const AstNode *zone;     /* the zone expression, or the `top(Z)`/`bottom(Z)` call (end); NULL: forgotten */
    int unit;
    Whom to;
    int all;                 /* shown to everyone */
    int end;                 /* the card at an end of a zone */
} Shown;

/* The frame of one unit being followed: its locals' secrets, and for a
   procedure or function followed at a call, what its parameters stand for. */
typedef struct Frame {
    int unit;
    Secret *locals;          /* per slot */
    int nlocals;
    const Whom *args;        /* per parameter: the caller's expression, or NULL */
    int nargs;
    Secret this_secret;      /* `this` in an ability */
    struct Frame *caller;
    Shown *shown;            /* zones shown so far in the blocks around (nshown of capshown) */
    int nshown, capshown;
} Frame;

/* The checker's state for the whole program. */
typedef struct Flow {
    Sema *S;
    Model *m;
    StrTab *reported;        /* "file|line:col:message" already reported */
    int depth;               /* procedure calls followed, nested */
    Secret *summaries;       /* per unit: a function's summary (summary()) */
    char *summarised;        /* per unit: its summary is computed */
} Flow;

static const Secret PUBLIC = {1, 0, {{NULL, -1, 0}}, NULL, {0, 0, 0}};
static const AstNode ME_NODE = {.kind = AST_ME};

static Secret fl_expr(Flow *F, Frame *fr, const AstNode *e);
static void fl_block(Flow *F, Frame *fr, const AstNode *b, Secret pc);

/* ---- players named by expressions ------------------------------------------ */

/* resolve: e with a parameter of a followed call replaced by the caller's argument. */
static Whom resolve(const Frame *fr, const AstNode *e)
{
    Whom w = {e, fr->unit, 0};
    while (fr && w.e && w.e->kind == AST_NAME && SYM_CAT(w.e->sem_ref) == SYM_LOCAL
           && SYM_IDX(w.e->sem_ref) < fr->nargs && fr->args && fr->args[SYM_IDX(w.e->sem_ref)].e) {
        w = fr->args[SYM_IDX(w.e->sem_ref)];
        fr = fr->caller;
    }
    return w;
}

/* same_expr: a and b (of units ua, ub) name the same player, side or zone, by their form. */
static int same_expr(const AstNode *x, int ua, const AstNode *y, int ub)
{
    if (!x || !y || x->kind != y->kind)
        return 0;
    switch (x->kind) {
    case AST_ME:
    case AST_OPPONENT:
        return 1;
    case AST_NAME:
        if (SYM_CAT(x->sem_ref) == SYM_LOCAL)
            return ua == ub && x->sem_ref == y->sem_ref;
        return x->sem_ref == y->sem_ref && x->sem_ref != 0;
    case AST_FIELD_OF:
        return x->sem_ref == y->sem_ref && strcmp(x->name, y->name) == 0 && same_expr(x->a, ua, y->a, ub);
    case AST_MY:
        return strcmp(x->name, y->name) == 0;
    case AST_CALL:
        return strcmp(x->name, y->name) == 0 && x->list.count == 1 && y->list.count == 1
               && same_expr(x->list.items[0], ua, y->list.items[0], ub);
    default:
        return 0;
    }
}

/* side_of: when w is the side `p.side` of a player p, that player; else {NULL}. */
static Whom side_of(Whom w)
{
    Whom p = {NULL, -1, 0};
    if (w.side && w.e && w.e->kind == AST_FIELD_OF && strcmp(w.e->name, "side") == 0)
        p = (Whom){w.e->a, w.unit, 0};
    return p;
}

/* same_whom: a and b are the same player, or the same side. */
static int same_whom(Whom a, Whom b)
{
    return a.side == b.side && same_expr(a.e, a.unit, b.e, b.unit);
}

/* covered: every player x stands for is among s's knowers. */
static int covered(Whom x, const Secret *s)
{
    if (s->all)
        return 1;
    for (int i = 0; i < s->n; i++) {
        if (same_whom(x, s->k[i]))
            return 1;
        if (!x.side && s->k[i].side) {   /* player p, known to the players of side p.side */
            Whom p = side_of(s->k[i]);
            if (p.e && same_whom(x, p))
                return 1;
        }
    }
    return 0;
}

/* expr_text: a player, side or zone expression as written (arena). */
static const char *expr_text(Flow *F, const AstNode *e)
{
    if (!e)
        return "?";
    switch (e->kind) {
    case AST_ME:
        return "me";
    case AST_OPPONENT:
        return "opponent";
    case AST_NAME:
        return e->name;
    case AST_FIELD_OF:
        return arena_printf(F->S->a, "%s.%s", expr_text(F, e->a), e->name);
    case AST_MY:
        return arena_printf(F->S->a, "my %s", e->name);
    case AST_CALL: {
        const char *args = "";
        for (int i = 0; i < e->list.count; i++)
            args = arena_printf(F->S->a, "%s%s%s", args, i ? ", " : "", expr_text(F, e->list.items[i]));
        return arena_printf(F->S->a, "%s(%s)", e->name, args);
    }
    default:
        return "?";
    }
}

/* whom_text: "'p'", or "the players of side 'p.side'". */
static const char *whom_text(Flow *F, Whom w)
{
    if (w.side)
        return arena_printf(F->S->a, "the players of side '%s'", expr_text(F, w.e));
    return arena_printf(F->S->a, "'%s'", expr_text(F, w.e));
}

/* ---- secrets ------------------------------------------------------------------ */

/* known_to: a secret known to w alone, described by what, read at from. */
static Secret known_to(Whom w, const char *what, Loc from)
{
    Secret s = {0, 1, {w}, what, from};
    return s;
}

/* known_to_nobody: a secret no player knows. */
static Secret known_to_nobody(const char *what, Loc from)
{
    Secret s = {0, 0, {{NULL, -1, 0}}, what, from};
    return s;
}

/* add_knower: s, known to w too. */
static Secret add_knower(Secret s, Whom w)
{
    if (!s.all && !covered(w, &s) && s.n < MAX_KNOWERS)
        s.k[s.n++] = w;
    return s;
}

/* join: what a and b together reveal: known to those who may know both. */
static Secret join(Secret a, Secret b)
{
    if (a.all)
        return b;
    if (b.all)
        return a;
    Secret r = a;
    r.n = 0;
    for (int i = 0; i < a.n; i++)
        if (covered(a.k[i], &b))
            r = add_knower(r, a.k[i]);
    for (int i = 0; i < b.n; i++)
        if (covered(b.k[i], &a))
            r = add_knower(r, b.k[i]);
    return r;
}

/* Who sees a place that shows something: every player, or one player or side. */
typedef struct Audience {
    int all;
    Whom whom;
} Audience;

static const Audience EVERYONE = {1, {NULL, -1, 0}};

/* may_see: every member of the audience may know s. */
static int may_see(Secret s, Audience a)
{
    if (s.all)
        return 1;
    return !a.all && covered(a.whom, &s);
}

/* knowers: who may know s, in words. */
static const char *knowers(Flow *F, const Secret *s)
{
    if (s->n == 0)
        return "known to no player";
    const char *t = whom_text(F, s->k[0]);
    for (int i = 1; i < s->n; i++)
        t = arena_printf(F->S->a, "%s%s%s", t, i + 1 == s->n ? " and " : ", ", whom_text(F, s->k[i]));
    return arena_printf(F->S->a, "known only to %s", t);
}

/* leak: report that `place` (seen by a) shows secret s (implicit: by
   happening under a condition that reads it), with the fix; once per
   place and message. */
static void leak(Flow *F, Loc at, Audience a, const char *place, Secret s, const char *fix, int implicit)
{
    const char *who = a.all ? "every player sees" : arena_printf(F->S->a, "%s %s", whom_text(F, a.whom),
                                                                a.whom.side ? "see" : "sees");
    const char *msg = arena_printf(F->S->a, "%s %s, and %s on %s (line %d), %s", who, place,
                                   implicit ? "whether it happens depends" : "it depends", s.what ? s.what : "a secret",
                                   s.from.line, knowers(F, &s));
    const char *key = arena_printf(F->S->a, "%d|%d:%d:%s", at.file, at.line, at.col, msg);
    if (strtab_get(F->reported, key) >= 0)
        return;
    strtab_put(F->reported, key, 1);
    diag_error(F->S->d, at, "%s", msg);
    if (s.from.line && (s.from.line != at.line || s.from.col != at.col))
        diag_note(F->S->d, s.from, "the secret is read here");
    if (fix)
        diag_note(F->S->d, at, "%s", fix);
}

/* check_flow: s may be shown to a at place; else report it. */
static void check_flow(Flow *F, Loc at, Audience a, const char *place, Secret s, const char *fix)
{
    if (!may_see(s, a))
        leak(F, at, a, place, s, fix, 0);
}

/* ---- where values come from --------------------------------------------------- */

/* zone_owner: the player expression of a per-player zone value e (`my hand`: me; `p.hand`: p). */
static const AstNode *zone_owner(const AstNode *e)
{
    if (e->kind == AST_MY)
        return &ME_NODE;
    if (e->kind == AST_FIELD_OF)
        return e->a;
    return NULL;
}

/* zone_text: a zone expression as written ("'my hand'", "'p.hand'", "'deck'"). */
static const char *zone_text(Flow *F, const AstNode *e)
{
    if (e->kind == AST_MY || e->kind == AST_FIELD_OF)
        return arena_printf(F->S->a, "'%s'", expr_text(F, e));
    return arena_printf(F->S->a, "'%s'", F->m->zones[e->sem_extra].name);
}

/* shown_to: s, with the knowers of what was shown of zone expression e in the blocks around. */
static Secret shown_to(Frame *fr, const AstNode *e, Secret s)
{
    for (int i = 0; i < fr->nshown; i++)
        if (fr->shown[i].zone && same_expr(fr->shown[i].zone, fr->shown[i].unit, e, fr->unit)) {
            if (fr->shown[i].all)
                return PUBLIC;
            s = add_knower(s, fr->shown[i].to);
        }
    return s;
}

/* content: who may know the cards of zone expression e (their identity, data and state). */
static Secret content(Flow *F, Frame *fr, const AstNode *e)
{
    Secret z = fl_expr(F, fr, e);
    if (e->sem_type != T_ZONE || e->sem_extra <= 0 || e->sem_extra >= F->m->nzones)
        return z;   /* the box (zone 0): every player knows the game's components */
    const MZone *mz = &F->m->zones[e->sem_extra];
    if (mz->visibility == RT_PUBLIC)
        return z;
    Secret cards;
    if (mz->visibility == RT_PRIVATE && mz->per_player && zone_owner(e))
        cards = known_to(resolve(fr, zone_owner(e)),
                         arena_printf(F->S->a, "a card of the private zone %s", zone_text(F, e)), e->loc);
    else
        cards = known_to_nobody(arena_printf(F->S->a, "a card of the hidden zone %s", zone_text(F, e)), e->loc);
    return join(z, shown_to(fr, e, cards));
}

/* element: who may know an item of collection e (cards of a zone; else as e). */
static Secret element(Flow *F, Frame *fr, const AstNode *e)
{
    if (e->sem_type == T_ZONE)
        return content(F, fr, e);
    return fl_expr(F, fr, e);
}

/* named: s described as the value of local `name` ("'c', a card of ..."). */
static Secret named(Flow *F, Secret s, const char *name)
{
    if (!s.all && name && s.what && strncmp(s.what, "'", 1) != 0)
        s.what = arena_printf(F->S->a, "'%s', %s", name, s.what);
    return s;
}

/* var_secret: who may know private variable v of player owner (`p.v`, `my v`). */
static Secret var_secret(Flow *F, Frame *fr, const AstNode *owner, const MVar *v, Loc at)
{
    if (!v->is_private || !owner)
        return PUBLIC;
    Whom w = resolve(fr, owner);
    return known_to(w, arena_printf(F->S->a, "the private variable '%s' of %s", v->name, whom_text(F, w)), at);
}

/* array_owner: the player or side whose index makes an element of private array a private (or {NULL}). */
static Whom array_owner(const Frame *fr, const MArray *a, const AstNode *e)
{
    for (int d = 0; d < a->ndims && d < e->list.count; d++)
        if (a->dims[d].what == DIM_PLAYER || a->dims[d].what == DIM_SIDE) {
            Whom w = resolve(fr, e->list.items[d]);
            w.side = a->dims[d].what == DIM_SIDE;
            return w;
        }
    return (Whom){NULL, -1, 0};
}

/* index_secret: `NAME[i, ...]`: the indices, and the element's privacy (by its player or side index). */
static Secret index_secret(Flow *F, Frame *fr, const AstNode *e)
{
    Secret s = PUBLIC;
    for (int i = 0; i < e->list.count; i++)
        s = join(s, fl_expr(F, fr, e->list.items[i]));
    if (SYM_CAT(e->sem_ref) != SYM_ARRAY)
        return s;
    const MArray *a = &F->m->arrays[SYM_IDX(e->sem_ref)];
    if (!a->proto.is_private)
        return s;
    Whom w = array_owner(fr, a, e);
    if (!w.e)
        return join(s, known_to_nobody(arena_printf(F->S->a, "the private array '%s'", a->name), e->loc));
    return join(s, known_to(w, arena_printf(F->S->a, "the private array '%s' of %s '%s'", a->name,
                                            w.side ? "side" : "player", expr_text(F, w.e)), e->loc));
}

/* ---- calls -------------------------------------------------------------------- */

/* frame_new: a frame for unit ui, its locals public; args (n of them) stand for its parameters. */
static Frame frame_new(Flow *F, int ui, Frame *caller, const Whom *args, int nargs)
{
    const MUnit *u = &F->m->units[ui];
    Frame fr = {ui, NULL, u->nlocals, args, nargs, PUBLIC, caller, NULL, 0, 0};
    fr.locals = arena_alloc(F->S->a, sizeof(Secret) * (size_t)(u->nlocals + 1));
    for (int i = 0; i <= u->nlocals; i++)
        fr.locals[i] = PUBLIC;
    return fr;
}

/* call_args: the arguments of a call as the callee's frame reads them:
   their expressions (for the players they name) and their secrets. */
static void call_frame(Flow *F, Frame *fr, Frame *callee, const AstList *args)
{
    Whom *w = arena_alloc(F->S->a, sizeof(Whom) * (size_t)(args->count + 1));
    for (int i = 0; i < args->count; i++) {
        w[i] = resolve(fr, args->items[i]);
        if (i < callee->nlocals)
            callee->locals[i] = fl_expr(F, fr, args->items[i]);
    }
    callee->args = w;
    callee->nargs = args->count;
}

/* mentions_local: e names a local of its unit other than the parameters (nparams). */
static int mentions_local(const AstNode *e, int nparams)
{
    if (!e)
        return 0;
    if (e->kind == AST_NAME && SYM_CAT(e->sem_ref) == SYM_LOCAL)
        return SYM_IDX(e->sem_ref) >= nparams;
    if (mentions_local(e->a, nparams))
        return 1;
    for (int i = 0; i < e->list.count; i++)
        if (mentions_local(e->list.items[i], nparams))
            return 1;
    return 0;
}

/* subst: knower expression e of unit ui, its parameters replaced by the
   caller's arguments w (a new node in the arena where needed); {NULL}
   when e names another local of ui, which means nothing to the caller. */
static Whom subst(Flow *F, const AstNode *e, int ui, const Whom *w, int nparams)
{
    Whom none = {NULL, -1, 0};
    if (!e || mentions_local(e, nparams))
        return none;
    if (e->kind == AST_NAME && SYM_CAT(e->sem_ref) == SYM_LOCAL)
        return w[SYM_IDX(e->sem_ref)];
    if ((e->kind == AST_FIELD_OF && e->a) || (e->kind == AST_CALL && e->list.count == 1)) {
        const AstNode *inner = e->kind == AST_FIELD_OF ? e->a : e->list.items[0];
        Whom in = subst(F, inner, ui, w, nparams);
        if (!in.e)
            return none;
        if (in.e == inner)
            return (Whom){e, ui, 0};
        AstNode *n = arena_alloc(F->S->a, sizeof *n);
        *n = *e;
        if (e->kind == AST_FIELD_OF) {
            n->a = (AstNode *)in.e;
        } else {
            n->list.items = arena_alloc(F->S->a, sizeof(AstNode *));
            n->list.items[0] = (AstNode *)in.e;
            n->list.count = n->list.cap = 1;
        }
        return (Whom){n, in.unit, 0};
    }
    return (Whom){e, ui, 0};
}

/* summary: who may know the value of function unit ui's body, read with
   public arguments; computed once. Its knowers may name the parameters. */
static Secret summary(Flow *F, int ui)
{
    if (F->summarised[ui])
        return F->summaries[ui];
    F->summarised[ui] = 1;
    F->summaries[ui] = PUBLIC;   /* no recursion (the call graph is checked): a guard */
    Frame fr = frame_new(F, ui, NULL, NULL, 0);
    F->summaries[ui] = fl_expr(F, &fr, F->m->units[ui].body);
    return F->summaries[ui];
}

/* call_function: who may know the value of a call of function unit ui:
   its arguments, and its summary with the parameters it names replaced
   by the arguments. */
static Secret call_function(Flow *F, Frame *fr, const AstNode *e, int ui)
{
    Secret s = PUBLIC;
    for (int i = 0; i < e->list.count; i++)
        s = join(s, fl_expr(F, fr, e->list.items[i]));
    if (ui < 0 || ui >= F->m->nunits)
        return s;
    Secret r = summary(F, ui);
    if (r.all)
        return s;
    int np = F->m->units[ui].nparams;
    Whom *w = arena_alloc(F->S->a, sizeof(Whom) * (size_t)(np + 1));
    for (int i = 0; i < np && i < e->list.count; i++)
        w[i] = resolve(fr, e->list.items[i]);
    Secret t = r;
    t.n = 0;
    for (int i = 0; i < r.n; i++) {
        Whom k = r.k[i].unit == ui ? subst(F, r.k[i].e, ui, w, np) : r.k[i];
        k.side = r.k[i].side;
        if (k.e)
            t = add_knower(t, k);
    }
    return join(s, t);
}

/* ---- expressions --------------------------------------------------------------- */

/* builtin: `count`, `top`, `bottom`, `random`, `empty`, `next` and the map builtins. */
static Secret builtin(Flow *F, Frame *fr, const AstNode *e)
{
    const char *n = e->name;
    if (e->list.count == 1 && strcmp(n, "random") == 0)
        return element(F, fr, e->list.items[0]);
    if (e->list.count == 1 && (strcmp(n, "top") == 0 || strcmp(n, "bottom") == 0))
        return shown_to(fr, e, element(F, fr, e->list.items[0]));   /* a `reveal top(Z)` shows it */
    Secret s = PUBLIC;
    for (int i = 0; i < e->list.count; i++)
        s = join(s, fl_expr(F, fr, e->list.items[i]));
    return s;
}

/* aggregate: `count(x in C where W)`, `sum(...)`, `any`, `all`, `min`, `max`, `argmin`, `argmax`. */
static Secret aggregate(Flow *F, Frame *fr, const AstNode *e)
{
    Secret item = named(F, element(F, fr, e->a), e->name);
    int slot = (int)e->ival;
    Secret coll = e->a->sem_type == T_ZONE ? fl_expr(F, fr, e->a) : item;
    if (slot >= 0 && slot < fr->nlocals)
        fr->locals[slot] = item;
    Secret s = coll;
    if (e->c)
        s = join(s, fl_expr(F, fr, e->c));
    if (e->b)
        s = join(s, fl_expr(F, fr, e->b));
    if (e->op == '<' || e->op == '>')
        s = join(s, item);
    return s;
}

/* fl_expr: who may know the value of e. */
static Secret fl_expr(Flow *F, Frame *fr, const AstNode *e)
{
    if (!e)
        return PUBLIC;
    int cat = SYM_CAT(e->sem_ref), idx = SYM_IDX(e->sem_ref);
    switch (e->kind) {
    case AST_NAME:
        if (cat == SYM_LOCAL && idx < fr->nlocals)
            return fr->locals[idx];
        return PUBLIC;   /* a side, a shared zone, a public variable, a constant, an enum value */
    case AST_THIS:
        return fr->this_secret;
    case AST_MY:
        if (cat == SYM_VAR && idx < F->m->nvars)
            return var_secret(F, fr, &ME_NODE, &F->m->vars[idx], e->loc);
        return PUBLIC;
    case AST_FIELD_OF: {
        Secret of = fl_expr(F, fr, e->a);
        if (cat == SYM_VAR && idx < F->m->nvars)
            return join(of, var_secret(F, fr, e->a, &F->m->vars[idx], e->loc));
        return of;   /* a card's field, state, owner, name; a player's zone or side */
    }
    case AST_CALL:
        if (cat == SYM_FUNC)
            return call_function(F, fr, e, F->S->functions[idx]->sem_ref);
        return builtin(F, fr, e);
    case AST_AGGREGATE:
        return aggregate(F, fr, e);
    case AST_UNARY:
    case AST_IS:
        return fl_expr(F, fr, e->a);
    case AST_BINARY:
    case AST_RANGE:
        return join(fl_expr(F, fr, e->a), fl_expr(F, fr, e->b));
    case AST_COND:
        return join(fl_expr(F, fr, e->a), join(fl_expr(F, fr, e->b), fl_expr(F, fr, e->c)));
    case AST_INDEX:
        return index_secret(F, fr, e);
    default:
        return PUBLIC;   /* literals, me, opponent, players, sides */
    }
}

/* ---- statements ------------------------------------------------------------------ */

/* Fixes the messages offer. */
#define FIX_CHOICE "make the choice 'hidden' (only its chooser sees it), or reveal what it shows first"
#define FIX_LOG "reveal the card first, or announce what the rules make public with 'log public \"...\"'"
#define FIX_SET "keep the value in a private variable, or reveal what it depends on first"
#define FIX_EFFECT "reveal what the condition reads first, or announce it with 'log public \"...\"' and test what was announced"

/* implicit: what a sees at `at` happens under secret pc; reported once per secret. */
static void implicit(Flow *F, Loc at, Audience a, Secret pc, const char *what)
{
    if (may_see(pc, a))
        return;
    const char *key = arena_printf(F->S->a, "pc|%d|%d:%d", pc.from.file, pc.from.line, pc.from.col);
    if (pc.from.line && strtab_get(F->reported, key) >= 0)
        return;
    strtab_put(F->reported, key, 1);
    leak(F, at, a, what, pc, FIX_EFFECT, 1);
}

/* effect: a public effect (a move, a shuffle, asking a choice, the end of the game) under secret pc;
   reported once per secret (the first effect it would give away). */
static void effect(Flow *F, Loc at, Secret pc, const char *what)
{
    implicit(F, at, EVERYONE, pc, what);
}

/* chooser: the player who answers a choice (`by P`, else `me`). */
static Whom chooser(const Frame *fr, const AstNode *by)
{
    return resolve(fr, by ? by : &ME_NODE);
}

/* holes: the holes of a text (a log, a prompt, a label) shown to a under pc: the first that shows a secret is reported. */
static void holes(Flow *F, Frame *fr, const AstNode *text, Audience a, const char *place, Secret pc, const char *fix)
{
    if (!text)
        return;
    if (!may_see(pc, a)) {
        implicit(F, text->loc, a, pc, place);
        return;
    }
    for (int i = 0; i < text->list.count; i++) {
        Secret h = fl_expr(F, fr, text->list.items[i]);
        if (!may_see(h, a)) {
            leak(F, text->list.items[i]->loc, a, place, h, fix, 0);
            return;
        }
    }
}

/* local_of: the secret of local e, or NULL when e is not a local. */
static Secret *local_of(Frame *fr, const AstNode *e)
{
    if (e && e->kind == AST_NAME && SYM_CAT(e->sem_ref) == SYM_LOCAL && SYM_IDX(e->sem_ref) < fr->nlocals)
        return &fr->locals[SYM_IDX(e->sem_ref)];
    return NULL;
}

/* show: what e names (a local card, or a zone's cards) is now known to w too, or to everyone (all). */
static void show(Flow *F, Frame *fr, const AstNode *e, Whom w, int all)
{
    Secret *l = local_of(fr, e);
    if (l) {
        *l = all ? PUBLIC : add_knower(*l, w);
        return;
    }
    int end = e->kind == AST_CALL && e->list.count == 1 && (strcmp(e->name, "top") == 0 || strcmp(e->name, "bottom") == 0);
    if (e->sem_type == T_ZONE || end) {
        if (fr->nshown == fr->capshown) {
            int cap = fr->capshown ? 2 * fr->capshown : 8;
            Shown *n = arena_alloc(F->S->a, sizeof(Shown) * (size_t)cap);
            if (fr->nshown)
                memcpy(n, fr->shown, sizeof(Shown) * (size_t)fr->nshown);
            fr->shown = n;
            fr->capshown = cap;
        }
        fr->shown[fr->nshown++] = (Shown){e, fr->unit, w, all, end};
    }
}

/* forget_zone: a card may enter zone z (its index; -1: any zone): what was
   shown of it no longer covers it, nor what was shown of the card at an
   end of any zone (a card moved). */
static void forget_zone(Frame *fr, int z)
{
    for (int i = 0; i < fr->nshown; i++)
        if (fr->shown[i].zone && (z < 0 || fr->shown[i].end || fr->shown[i].zone->sem_extra == z))
            fr->shown[i].zone = NULL;
}

/* arrive: card expression c moved into zone expression z: who sees z knows it now. */
static void arrive(Flow *F, Frame *fr, const AstNode *c, const AstNode *z)
{
    if (z->sem_type != T_ZONE || z->sem_extra < 0 || z->sem_extra >= F->m->nzones)
        return;
    forget_zone(fr, z->sem_extra);
    const MZone *mz = &F->m->zones[z->sem_extra];
    if (!local_of(fr, c))
        return;
    if (mz->visibility == RT_PUBLIC)
        show(F, fr, c, (Whom){NULL, -1, 0}, 1);
    else if (mz->visibility == RT_PRIVATE && mz->per_player && zone_owner(z))
        show(F, fr, c, resolve(fr, zone_owner(z)), 0);
}

/* shown_at_once: the first statement of block b moves the card of local
   slot into a public zone: the answer that names the card shows what
   that move shows everyone (a card played from the hand). */
static int shown_at_once(const Flow *F, const AstNode *b, int slot)
{
    if (b && b->kind == AST_BLOCK)
        b = b->list.count > 0 ? b->list.items[0] : NULL;
    if (!b || b->kind != AST_MOVE || !b->a || b->a->kind != AST_NAME || SYM_CAT(b->a->sem_ref) != SYM_LOCAL
        || (int)SYM_IDX(b->a->sem_ref) != slot)
        return 0;
    const AstNode *z = b->b;
    return z->sem_type == T_ZONE && z->sem_extra > 0 && z->sem_extra < F->m->nzones
           && F->m->zones[z->sem_extra].visibility == RT_PUBLIC;
}

/* fl_choose: `choose x in C [where W] [by P] [hidden] { ... } [else { ... }]`. */
static void fl_choose(Flow *F, Frame *fr, const AstNode *s, Secret pc)
{
    int hidden = (s->flags & CHOOSE_HIDDEN) != 0;
    Whom by = chooser(fr, s->e);
    Audience a = hidden ? (Audience){0, by} : EVERYONE;
    effect(F, s->loc, pc, "that this choice is asked");
    Secret count = s->d ? fl_expr(F, fr, s->d) : PUBLIC;
    check_flow(F, s->d ? s->d->loc : s->loc, a, "how many items this choice takes", count, FIX_CHOICE);
    holes(F, fr, s->f, a, "this prompt", PUBLIC, FIX_CHOICE);
    Secret item = named(F, element(F, fr, s->a), s->name);
    Secret coll = s->a->sem_type == T_ZONE ? fl_expr(F, fr, s->a) : item;
    check_flow(F, s->a->loc, a, "the collection of this choice", coll, FIX_CHOICE);
    int slot = (int)s->ival;
    if (slot >= 0 && slot < fr->nlocals)
        fr->locals[slot] = item;
    /* a chooser who cannot see the items picks one by its place (anonymous
       options, to him and to all who cannot tell them apart): the pick shows
       no card to anyone, unless a where or a label reads it */
    int anonymous = s->a->sem_type == T_ZONE && !may_see(item, (Audience){0, by});
    if (!anonymous && !(s->d == NULL && shown_at_once(F, s->b, slot)))
        check_flow(F, s->a->loc, a, hidden ? "the options of this choice" : "the options and the answer of this choice",
                   item, FIX_CHOICE);
    Secret where = s->c ? fl_expr(F, fr, s->c) : PUBLIC;
    if (s->c)
        check_flow(F, s->c->loc, a, "which options this choice offers", where, FIX_CHOICE);
    holes(F, fr, s->g, a, "the label of each option", PUBLIC, FIX_CHOICE);
    if (slot >= 0 && slot < fr->nlocals) {
        if (anonymous && !hidden)   /* a public pick by place: what it is stays as secret as the items */
            fr->locals[slot] = item;
        else if (hidden)   /* the answer: only the chooser knows which item he took */
            fr->locals[slot] = join(item, known_to(by, arena_printf(F->S->a, "'%s', the answer of a hidden choice",
                                                                     s->name), s->loc));
        else
            fr->locals[slot] = PUBLIC;
    }
    fl_block(F, fr, s->b, pc);
    if (s->list.count > 0)
        fl_block(F, fr, s->list.items[0], join(pc, where));
}

/* fl_menu: `choose [by P] [hidden] { option "..." [when W] { ... } ... }`. */
static void fl_menu(Flow *F, Frame *fr, const AstNode *s, Secret pc)
{
    int hidden = (s->flags & CHOOSE_HIDDEN) != 0;
    Whom by = chooser(fr, s->e);
    Audience a = hidden ? (Audience){0, by} : EVERYONE;
    effect(F, s->loc, pc, "that this choice is asked");
    holes(F, fr, s->f, a, "this prompt", PUBLIC, FIX_CHOICE);
    Secret picked = hidden ? known_to(by, "the option taken in a hidden choice", s->loc) : PUBLIC;
    for (int i = 0; i < s->list.count; i++) {
        const AstNode *o = s->list.items[i];
        holes(F, fr, o, a, "the label of this option", PUBLIC, FIX_CHOICE);
        if (o->c)
            check_flow(F, o->c->loc, a, "whether this option is offered", fl_expr(F, fr, o->c), FIX_CHOICE);
        fl_block(F, fr, o->b, join(pc, picked));
    }
}

/* fl_turns: `turns from P [until ...] { action ... }` or a body. */
static void fl_turns(Flow *F, Frame *fr, const AstNode *s, Secret pc)
{
    effect(F, s->loc, join(pc, fl_expr(F, fr, s->a)), "whose turn it is");
    holes(F, fr, s->f, EVERYONE, "this prompt", pc, FIX_CHOICE);
    for (int i = 0; i < s->list.count; i++) {
        const AstNode *act = s->list.items[i];
        if (act->d)
            check_flow(F, act->d->loc, EVERYONE, "whether this action is offered", join(pc, fl_expr(F, fr, act->d)),
                       FIX_CHOICE);
        int slot = (int)act->ival;
        if (act->name) {
            Secret item = named(F, element(F, fr, act->a), act->name);
            if (!shown_at_once(F, act->b, slot))
                check_flow(F, act->a->loc, EVERYONE, "the options and the answer of this action", item, FIX_CHOICE);
            if (slot >= 0 && slot < fr->nlocals)
                fr->locals[slot] = item;
        }
        if (act->c)
            check_flow(F, act->c->loc, EVERYONE, "which options this action offers", fl_expr(F, fr, act->c), FIX_CHOICE);
        holes(F, fr, act, EVERYONE, "the label of this action", pc, FIX_CHOICE);
        fl_block(F, fr, act->b, pc);
    }
    fl_block(F, fr, s->b, pc);
    if (s->c && !(s->flags & TURNS_PASSES))
        effect(F, s->c->loc, join(pc, fl_expr(F, fr, s->c)), "when the turns end");
}

/* target: who sees an assignment's target (*nobody: no player), and its index's secret. */
static Audience target(Flow *F, Frame *fr, const AstNode *l, Secret *index, int *nobody)
{
    *index = PUBLIC;
    *nobody = 0;
    int cat = SYM_CAT(l->sem_ref), idx = SYM_IDX(l->sem_ref);
    if (cat == SYM_STATE && l->kind == AST_FIELD_OF) {   /* c.state: whoever sees the card */
        Secret c = fl_expr(F, fr, l->a);
        if (c.all)
            return EVERYONE;
        *nobody = c.n == 0;
        return (Audience){0, c.n ? c.k[0] : (Whom){NULL, -1, 0}};
    }
    if (cat == SYM_ARRAY) {
        const MArray *a = &F->m->arrays[idx];
        for (int i = 0; i < l->list.count; i++)
            *index = join(*index, fl_expr(F, fr, l->list.items[i]));
        Whom w = array_owner(fr, a, l);
        if (a->proto.is_private && w.e)
            return (Audience){0, w};
        return EVERYONE;
    }
    if (cat == SYM_VAR && idx < F->m->nvars && F->m->vars[idx].is_private) {
        const AstNode *owner = l->kind == AST_MY ? &ME_NODE : l->kind == AST_FIELD_OF ? l->a : NULL;
        if (owner)
            return (Audience){0, resolve(fr, owner)};
    }
    if (l->kind == AST_FIELD_OF)
        *index = fl_expr(F, fr, l->a);
    return EVERYONE;
}

/* fl_assign: `x = v`, `x += v`: a local takes v's secret; anything else is shown to whoever sees it. */
static void fl_assign(Flow *F, Frame *fr, const AstNode *s, Secret pc)
{
    Secret v = fl_expr(F, fr, s->b);
    const AstNode *l = s->a;
    if (l->kind == AST_NAME && SYM_CAT(l->sem_ref) == SYM_LOCAL) {
        int slot = SYM_IDX(l->sem_ref);
        if (slot < fr->nlocals)
            fr->locals[slot] = join(pc, s->op == '=' || s->op == OP_SET ? v : join(fr->locals[slot], v));
        return;
    }
    Secret index;
    int nobody;
    Audience a = target(F, fr, l, &index, &nobody);
    if (SYM_CAT(l->sem_ref) == SYM_STATE && l->kind == AST_FIELD_OF)   /* for the runtime's record (ir_lower.c) */
        ((AstNode *)s)->flags |= a.all && !nobody ? ASSIGN_SHOWN : ASSIGN_NOT_SHOWN;
    if (nobody)
        return;
    v = join(v, index);   /* the element written shows its index too */
    if (!a.all && a.whom.side) {   /* a team's secret: a player of the side may share his own with it */
        Whom p = side_of(a.whom);
        if (p.e && may_see(v, (Audience){0, p}))
            v = add_knower(v, a.whom);
    }
    const char *name = l->kind == AST_FIELD_OF || l->kind == AST_MY || l->kind == AST_NAME || l->kind == AST_INDEX
                       ? l->name : NULL;
    const char *place = name ? arena_printf(F->S->a, "the value of '%s'", name) : "this value";
    if (!a.all && a.whom.side) {   /* a team's secret: a player of the side may share his own with it */
        Whom p = side_of(a.whom);
        if (p.e && may_see(pc, (Audience){0, p}))
            pc = add_knower(pc, a.whom);
    }
    implicit(F, s->loc, a, pc, place);
    check_flow(F, s->loc, a, place, v, FIX_SET);
}

/* fl_log: `log "..."`: every player reads it; `log public "..."` announces its holes. */
static void fl_log(Flow *F, Frame *fr, const AstNode *s, Secret pc)
{
    if (s->flags & LOG_PUBLIC) {
        for (int i = 0; i < s->list.count; i++)
            show(F, fr, s->list.items[i], (Whom){NULL, -1, 0}, 1);
        return;
    }
    holes(F, fr, s, EVERYONE, "this log line", pc, FIX_LOG);
}

/* fl_call: a procedure call, followed with its arguments' secrets. */
static void fl_call(Flow *F, Frame *fr, const AstNode *s, Secret pc)
{
    int ui = s->sem_ref;
    if (ui < 0 || ui >= F->m->nunits || F->depth > RT_MAX_DEPTH)
        return;
    forget_zone(fr, -1);   /* the procedure may move cards anywhere */
    int secret = !pc.all;
    for (int i = 0; i < s->list.count && !secret; i++)
        secret = !fl_expr(F, fr, s->list.items[i]).all;
    if (!secret)
        return;   /* with public arguments under a public condition: as checked on its own */
    Frame callee = frame_new(F, ui, fr, NULL, 0);
    call_frame(F, fr, &callee, &s->list);
    callee.this_secret = fr->this_secret;
    F->depth++;
    fl_block(F, &callee, F->m->units[ui].body, pc);
    F->depth--;
}

/* fl_for: `for [up to N] x in C [where W] { ... }`: the body runs under
   the secrets of N, of C's items when C is no zone, and of W. */
static void fl_for(Flow *F, Frame *fr, const AstNode *s, Secret pc)
{
    Secret body = pc;
    if (s->d)
        body = join(body, fl_expr(F, fr, s->d));
    Secret item = named(F, element(F, fr, s->a), s->name);
    if (s->a->sem_type != T_ZONE)
        body = join(body, item);
    else
        body = join(body, fl_expr(F, fr, s->a));
    int slot = (int)s->ival;
    if (slot >= 0 && slot < fr->nlocals)
        fr->locals[slot] = item;
    if (s->c)
        body = join(body, fl_expr(F, fr, s->c));
    for (int pass = 0; pass < 2; pass++)   /* twice: a local set in the body reaches the next item */
        fl_block(F, fr, s->b, body);
}

/* fl_reveal: `reveal X [to P | to all p in players where W]`, `look P at
   X`: a public event; what is shown is known to whom it is shown after. */
static void fl_reveal(Flow *F, Frame *fr, const AstNode *s, Secret pc)
{
    effect(F, s->loc, pc, "this reveal");
    if (s->b && s->op != 'a')
        effect(F, s->b->loc, fl_expr(F, fr, s->b), "who is shown this");
    if (s->op == 'a' && s->c) {   /* to all p in players where COND: who passes is seen */
        int slot = (int)s->ival;
        if (slot >= 0 && slot < fr->nlocals)
            fr->locals[slot] = PUBLIC;
        effect(F, s->c->loc, fl_expr(F, fr, s->c), "who is shown this");
    }
    if (s->op == 0 && !s->b) {
        show(F, fr, s->a, (Whom){NULL, -1, 0}, 1);
    } else if (s->op != 'a' && s->b) {   /* to a player, or to the players of a side */
        Whom w = resolve(fr, s->b);
        w.side = s->b->sem_type == T_SIDE;
        show(F, fr, s->a, w, 0);
    }
}

/* fl_stmt: one statement under pc. */
static void fl_stmt(Flow *F, Frame *fr, const AstNode *s, Secret pc)
{
    switch (s->kind) {
    case AST_BLOCK:
        fl_block(F, fr, s, pc);
        break;
    case AST_PHASE:
        fl_block(F, fr, s->b, pc);
        break;
    case AST_IF: {
        Secret c = join(pc, fl_expr(F, fr, s->a));
        fl_block(F, fr, s->b, c);
        if (s->c)
            fl_block(F, fr, s->c, c);
        break;
    }
    case AST_WHILE: {
        Secret c = join(pc, fl_expr(F, fr, s->a));
        effect(F, s->a->loc, c, "how long this loop runs");
        fl_block(F, fr, s->b, c);
        break;
    }
    case AST_FOR:
        fl_for(F, fr, s, pc);
        break;
    case AST_CHOOSE:
        fl_choose(F, fr, s, pc);
        break;
    case AST_MENU:
        fl_menu(F, fr, s, pc);
        break;
    case AST_TURNS:
        fl_turns(F, fr, s, pc);
        break;
    case AST_MOVE:
        effect(F, s->loc, join(pc, fl_expr(F, fr, s->b)), "this move");
        if (s->a->sem_type == T_ZONE)
            effect(F, s->loc, fl_expr(F, fr, s->a), "this move");
        arrive(F, fr, s->a, s->b);
        break;
    case AST_SHUFFLE:
        effect(F, s->loc, join(pc, fl_expr(F, fr, s->a)), "this shuffle");
        forget_zone(fr, s->a->sem_extra);
        break;
    case AST_ROLL:
        effect(F, s->loc, join(pc, fl_expr(F, fr, s->a)), "this roll");
        break;
    case AST_RUN: {
        Secret card = fl_expr(F, fr, s->a->a);
        effect(F, s->loc, join(pc, card), "which ability runs");
        forget_zone(fr, -1);
        if (s->b)
            effect(F, s->b->loc, fl_expr(F, fr, s->b), "who runs this ability");
        break;
    }
    case AST_ASSIGN:
        fl_assign(F, fr, s, pc);
        break;
    case AST_LET: {
        int slot = (int)s->ival;
        Secret v = named(F, join(pc, fl_expr(F, fr, s->a)), s->name);
        if (slot >= 0 && slot < fr->nlocals)
            fr->locals[slot] = v;
        break;
    }
    case AST_WIN:
        if (s->flags & WIN_ALL) {
            int slot = (int)s->ival;
            if (slot >= 0 && slot < fr->nlocals)
                fr->locals[slot] = PUBLIC;
            effect(F, s->loc, join(pc, fl_expr(F, fr, s->c)), "who wins");
        } else {
            effect(F, s->loc, join(pc, fl_expr(F, fr, s->a)), "who wins");
        }
        break;
    case AST_DRAW_GAME:
    case AST_LOSE_GAME:
        effect(F, s->loc, pc, "the end of the game");
        break;
    case AST_ELIMINATE:
        effect(F, s->loc, join(pc, fl_expr(F, fr, s->a)), "who is out");
        break;
    case AST_CALL_STMT:
        fl_call(F, fr, s, pc);
        break;
    case AST_LOG:
        fl_log(F, fr, s, pc);
        break;
    case AST_REVEAL:
        fl_reveal(F, fr, s, pc);
        break;
    default:
        break;
    }
}

/* fl_block: a block's statements in order, under pc; locals it binds are restored after. */
static void fl_block(Flow *F, Frame *fr, const AstNode *b, Secret pc)
{
    if (!b)
        return;
    int nshown = fr->nshown;
    if (b->kind != AST_BLOCK)
        fl_stmt(F, fr, b, pc);
    else
        for (int i = 0; i < b->list.count; i++)
            fl_stmt(F, fr, b->list.items[i], pc);
    if (fr->nshown > nshown)
        fr->nshown = nshown;
}

/* sema_check_flow: the secrecy check over every script of the program:
   setup, rounds, phases and variants, abilities, and every procedure on
   its own (its parameters public, as at a call with public arguments
   under a public condition); a call with a secret argument or under a
   secret condition is followed into the procedure; a function's value
   is its summary, computed once. Reports every leak. */
void sema_check_flow(Sema *S)
{
    Model *m = S->m;
    Flow F_ = {S, m, strtab_new(S->a), 0, NULL, NULL};
    Flow *F = &F_;
    F->summaries = arena_alloc(S->a, sizeof(Secret) * (size_t)(m->nunits + 1));
    F->summarised = arena_alloc(S->a, (size_t)m->nunits + 1);
    memset(F->summarised, 0, (size_t)m->nunits + 1);
    for (int u = 0; u < m->nunits; u++) {
        const MUnit *mu = &m->units[u];
        if (mu->is_function || mu->is_procedure || !mu->body)
            continue;
        Frame fr = frame_new(F, u, NULL, NULL, 0);
        fl_block(F, &fr, mu->body, PUBLIC);
    }
    for (int u = 0; u < m->nunits; u++) {
        const MUnit *mu = &m->units[u];
        if (!mu->is_procedure || !mu->body)
            continue;
        Frame fr = frame_new(F, u, NULL, NULL, 0);
        fl_block(F, &fr, mu->body, PUBLIC);
    }
}
