/* sema.c: name resolution, static types and the whole-program checks;
   builds the Model that the back ends read. */
#include "model.h"
#include "sheet_layout.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"

/* One local binding visible in the current scope. */
typedef struct Binding {
    const char *name;
    int slot;
    Type type;
} Binding;

/* The checker's context. */
typedef struct Sema {
    Diag *d;
    Arena *a;
    Model *m;
    AstProgram *prog;
    AstNode *game;
    AstNode *setup, *round;
    AstNode **functions;      /* AST_FUNCTION per model function index */
    int nfunctions;
    Type *fresult;
    int *fparam_count;
    Type **fparams;
    int *func_state;          /* 0 unchecked, 1 in progress, 2 done: recursion check */
    /* current unit */
    MUnit *unit;
    Binding *scope;
    int nscope, capscope;
    int simultaneous;
    int in_turns;
    int in_function;
    int endings;              /* win/draw_game statements seen */
} Sema;

static const Type TY_ERR = {T_ERROR, -1};

static Type mk(TypeBase b, int p)
{
    Type t = {b, p};
    return t;
}

/* ---- small helpers ---------------------------------------------------------- */

static const char *type_name(const Sema *S, Type t, char *buf, size_t n)
{
    switch (t.base) {
    case T_ERROR: return "error";
    case T_VOID: return "nothing";
    case T_INT: return "int";
    case T_BOOL: return "bool";
    case T_TEXT: return "text";
    case T_SIDE: return "side";
    case T_PLAYER: return "player";
    case T_CARD:
        if (t.param >= 0) {
            snprintf(buf, n, "card of kind '%s'", S->m->kinds[t.param].name);
            return buf;
        }
        return "card";
    case T_ZONE: return "zone";
    case T_ABILITY: return "ability";
    case T_PLAYERS: return "players";
    case T_SIDES: return "sides";
    case T_ENUM:
        if (t.param >= 0 && t.param < S->m->nenums) {
            snprintf(buf, n, "%s", S->m->enums[t.param].name);
            return buf;
        }
        return "enum";
    }
    return "?";
}

static Type from_ast_type(const Sema *S, AstType t)
{
    (void)S;
    switch (t) {
    case TY_INT: return mk(T_INT, -1);
    case TY_BOOL: return mk(T_BOOL, -1);
    case TY_TEXT: return mk(T_TEXT, -1);
    case TY_SIDE: return mk(T_SIDE, -1);
    case TY_ABILITY: return mk(T_ABILITY, -1);
    case TY_PLAYER: return mk(T_PLAYER, -1);
    case TY_CARD: return mk(T_CARD, -1);
    default: return TY_ERR;
    }
}

/* field_type: the checked type of a kind's field. */
static Type field_type(const Sema *S, const MField *f)
{
    if (f->type == TY_NAMED)
        return f->enum_index >= 0 ? mk(T_ENUM, f->enum_index) : TY_ERR;
    return from_ast_type(S, f->type);
}

static void annotate(AstNode *n, Type t, int ref)
{
    n->sem_type = (int)t.base;
    n->sem_extra = t.param;
    n->sem_ref = ref;
}

int model_string(Model *m, const char *s)
{
    for (int i = 0; i < m->nstrings; i++)
        if (strcmp(m->strings[i], s) == 0)
            return i;
    if (m->nstrings == m->capstrings) {
        int cap = m->capstrings ? m->capstrings * 2 : 64;
        const char **n = arena_alloc(m->arena, sizeof *n * (size_t)cap);
        if (m->nstrings)
            memcpy(n, m->strings, sizeof *n * (size_t)m->nstrings);
        m->strings = n;
        m->capstrings = cap;
    }
    m->strings[m->nstrings] = s;
    return m->nstrings++;
}

/* Grow an arena array by one element; returns the new element's index. */
static int grow(Arena *a, void **items, int *count, int *cap, size_t size)
{
    if (*count == *cap) {
        int ncap = *cap ? *cap * 2 : 16;
        void *n = arena_alloc(a, size * (size_t)ncap);
        if (*count)
            memcpy(n, *items, size * (size_t)*count);
        *items = n;
        *cap = ncap;
    }
    memset((char *)*items + size * (size_t)*count, 0, size);
    return (*count)++;
}

/* ---- global names --------------------------------------------------------- */

static int find_side(const Model *m, const char *name)
{
    for (int i = 0; i < m->nsides; i++)
        if (strcmp(m->side_names[i], name) == 0)
            return i;
    return -1;
}

static int find_zone(const Model *m, const char *name)
{
    for (int i = 0; i < m->nzones; i++)
        if (strcmp(m->zones[i].name, name) == 0)
            return i;
    return -1;
}

static int find_var(const Model *m, const char *name)
{
    for (int i = 0; i < m->nvars; i++)
        if (strcmp(m->vars[i].name, name) == 0)
            return i;
    return -1;
}

static int find_const(const Model *m, const char *name)
{
    for (int i = 0; i < m->nconsts; i++)
        if (strcmp(m->consts[i].name, name) == 0)
            return i;
    return -1;
}

static int find_kind(const Model *m, const char *name)
{
    for (int i = 0; i < m->nkinds; i++)
        if (strcmp(m->kinds[i].name, name) == 0)
            return i;
    return -1;
}

static int find_enum(const Model *m, const char *name)
{
    for (int i = 0; i < m->nenums; i++)
        if (strcmp(m->enums[i].name, name) == 0)
            return i;
    return -1;
}

/* find_enum_value: the value's index, its enum in *e; -1 if no enum has it. */
static int find_enum_value(const Model *m, const char *name, int *e)
{
    for (int i = 0; i < m->nenums; i++)
        for (int v = 0; v < m->enums[i].nvalues; v++)
            if (strcmp(m->enums[i].values[v], name) == 0) {
                *e = i;
                return v;
            }
    return -1;
}

static int find_proc(const Model *m, const char *name)
{
    for (int i = 0; i < m->nunits; i++)
        if (m->units[i].is_procedure && strcmp(m->units[i].name, name) == 0)
            return i;
    return -1;
}

static int find_func(const Sema *S, const char *name)
{
    for (int i = 0; i < S->nfunctions; i++)
        if (strcmp(S->functions[i]->name, name) == 0)
            return i;
    return -1;
}

static int find_field(const MKind *k, const char *name)
{
    for (int i = 0; i < k->nfields; i++)
        if (strcmp(k->fields[i].name, name) == 0)
            return i;
    return -1;
}

/* Candidate-name collection for "did you mean". */
typedef struct Names {
    const char **v;
    int n, cap;
} Names;

static void names_add(Sema *S, Names *ns, const char *s)
{
    int i = grow(S->a, (void **)&ns->v, &ns->n, &ns->cap, sizeof *ns->v);
    ns->v[i] = s;
}

enum { NS_LOCALS = 1, NS_SIDES = 2, NS_ZONES = 4, NS_VARS = 8, NS_CONSTS = 16, NS_FUNCS = 32, NS_KINDS = 64 };

static Names gather(Sema *S, int which)
{
    Names ns = {0};
    if (which & NS_LOCALS)
        for (int i = 0; i < S->nscope; i++)
            names_add(S, &ns, S->scope[i].name);
    if (which & NS_SIDES)
        for (int i = 0; i < S->m->nsides; i++)
            names_add(S, &ns, S->m->side_names[i]);
    if (which & NS_ZONES)
        for (int i = 0; i < S->m->nzones; i++)
            names_add(S, &ns, S->m->zones[i].name);
    if (which & NS_VARS)
        for (int i = 0; i < S->m->nvars; i++)
            names_add(S, &ns, S->m->vars[i].name);
    if (which & NS_CONSTS)
        for (int i = 0; i < S->m->nconsts; i++)
            names_add(S, &ns, S->m->consts[i].name);
    if (which & NS_FUNCS)
        for (int i = 0; i < S->nfunctions; i++)
            names_add(S, &ns, S->functions[i]->name);
    if (which & NS_KINDS)
        for (int i = 0; i < S->m->nkinds; i++)
            names_add(S, &ns, S->m->kinds[i].name);
    return ns;
}

/* Report "unknown WHAT 'name'" with a did-you-mean from ns. */
static void unknown(Sema *S, Loc loc, const char *what, const char *name, Names ns)
{
    const char *s = diag_suggest(name, ns.v, ns.n);
    if (s)
        diag_error(S->d, loc, "unknown %s '%s'; did you mean '%s'?", what, name, s);
    else
        diag_error(S->d, loc, "unknown %s '%s'", what, name);
}

/* Is name already a global (side, zone, var, const, function)? Reports. */
static int check_global_unique(Sema *S, const char *name, Loc loc)
{
    const char *what = NULL;
    if (find_side(S->m, name) >= 0)
        what = "side";
    else if (find_zone(S->m, name) >= 0)
        what = "zone";
    else if (find_var(S->m, name) >= 0)
        what = "variable";
    else if (find_const(S->m, name) >= 0)
        what = "constant";
    else if (find_func(S, name) >= 0)
        what = "function";
    else if (find_proc(S->m, name) >= 0)
        what = "procedure";
    else {
        int e;
        if (find_enum_value(S->m, name, &e) >= 0)
            what = "value of an enum";
    }
    if (what) {
        diag_error(S->d, loc, "duplicate name '%s': already declared as a %s", name, what);
        return 0;
    }
    return 1;
}

/* resolve_type: a declared type, looking up enum names (reported if unknown). */
static Type resolve_type(Sema *S, AstType t, const char *name2, Loc loc)
{
    if (t != TY_NAMED)
        return from_ast_type(S, t);
    int e = find_enum(S->m, name2);
    if (e < 0) {
        Names ns = {0};
        for (int i = 0; i < S->m->nenums; i++)
            names_add(S, &ns, S->m->enums[i].name);
        names_add(S, &ns, "int");
        names_add(S, &ns, "bool");
        names_add(S, &ns, "text");
        names_add(S, &ns, "side");
        names_add(S, &ns, "player");
        names_add(S, &ns, "card");
        names_add(S, &ns, "ability");
        unknown(S, loc, "type", name2, ns);
        return TY_ERR;
    }
    return mk(T_ENUM, e);
}

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
    int i = grow(S->a, (void **)&u->locals, &u->nlocals, &u->caplocals, sizeof *u->locals);
    u->locals[i] = cname;
    return i;
}

static int bind(Sema *S, const char *name, Type t, Loc loc)
{
    for (int i = S->nscope - 1; i >= 0; i--)
        if (strcmp(S->scope[i].name, name) == 0) {
            diag_error(S->d, loc, "'%s' is already bound in this scope", name);
            break;
        }
    int slot = unit_add_local(S, S->unit, name);
    int i = grow(S->a, (void **)&S->scope, &S->nscope, &S->capscope, sizeof *S->scope);
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
    int i = grow(S->a, (void **)&S->scope, &S->nscope, &S->capscope, sizeof *S->scope);
    S->scope[i] = nb;
    return save;
}

/* ---- constant evaluation ------------------------------------------------------ */

/* Values of the fields of the card being built, for defaults like `= value`. */
typedef struct FieldEnv {
    const MKind *kind;
    const MValue *values;
    const int *set;
} FieldEnv;

/* const_eval: evaluate a compile-time expression (literals, constants,
   sides, arithmetic, comparisons, earlier fields). Returns 1 on success. */
static int const_eval(Sema *S, AstNode *e, const FieldEnv *env, int32_t *out, Type *ty)
{
    int32_t a, b;
    Type ta, tb;
    switch (e->kind) {
    case AST_INT:
        *out = (int32_t)e->ival;
        *ty = mk(T_INT, -1);
        return 1;
    case AST_BOOL:
        *out = (int32_t)e->ival;
        *ty = mk(T_BOOL, -1);
        return 1;
    case AST_NAME: {
        int i;
        if ((i = find_const(S->m, e->name)) >= 0) {
            *out = S->m->consts[i].value;
            *ty = S->m->consts[i].type;
            return 1;
        }
        if ((i = find_side(S->m, e->name)) >= 0) {
            *out = i;
            *ty = mk(T_SIDE, -1);
            return 1;
        }
        int en;
        if ((i = find_enum_value(S->m, e->name, &en)) >= 0) {
            *out = i;
            *ty = mk(T_ENUM, en);
            return 1;
        }
        if (env && (i = find_field(env->kind, e->name)) >= 0 && !env->kind->fields[i].is_state) {
            int di = env->kind->fields[i].index;
            if (env->set[di] && env->values[di].present && env->kind->fields[i].type != TY_TEXT
                && env->kind->fields[i].type != TY_ABILITY) {
                *out = env->values[di].ival;
                *ty = field_type(S, &env->kind->fields[i]);
                return 1;
            }
        }
        return 0;
    }
    case AST_UNARY:
        if (!const_eval(S, e->a, env, &a, &ta))
            return 0;
        if (e->op == '-' || e->op == OP_NEG) {
            if (ta.base != T_INT)
                return 0;
            *out = -a;
            *ty = ta;
            return 1;
        }
        if (ta.base != T_BOOL)
            return 0;
        *out = !a;
        *ty = ta;
        return 1;
    case AST_BINARY:
        if (!const_eval(S, e->a, env, &a, &ta) || !const_eval(S, e->b, env, &b, &tb))
            return 0;
        *ty = mk(T_INT, -1);
        switch (e->op) {
        case OP_ADD: *out = a + b; return ta.base == T_INT;
        case OP_SUB: *out = a - b; return ta.base == T_INT;
        case OP_MUL: *out = a * b; return ta.base == T_INT;
        case OP_DIV: if (!b) return 0; *out = a / b; return ta.base == T_INT;
        case OP_MOD: if (!b) return 0; *out = a % b; return ta.base == T_INT;
        default: break;
        }
        *ty = mk(T_BOOL, -1);
        switch (e->op) {
        case OP_EQ: *out = a == b; return 1;
        case OP_NE: *out = a != b; return 1;
        case OP_LT: *out = a < b; return 1;
        case OP_LE: *out = a <= b; return 1;
        case OP_GT: *out = a > b; return 1;
        case OP_GE: *out = a >= b; return 1;
        case OP_AND: *out = a && b; return 1;
        case OP_OR: *out = a || b; return 1;
        default: return 0;
        }
    default:
        return 0;
    }
}

/* ---- expressions ---------------------------------------------------------------- */

static Type check_expr(Sema *S, AstNode *e);
static void check_block(Sema *S, AstNode *b);

static int is_unary_neg(const AstNode *e) { return e->op == '-' || e->op == OP_NEG; }

/* expect: check e and require type base want; returns the type. */
static Type expect(Sema *S, AstNode *e, TypeBase want, const char *context)
{
    Type t = check_expr(S, e);
    if (t.base != T_ERROR && t.base != want) {
        char b1[96], b2[96];
        diag_error(S->d, e->loc, "%s must be %s, not %s", context,
                   type_name(S, mk(want, -1), b1, sizeof b1), type_name(S, t, b2, sizeof b2));
        return TY_ERR;
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
        return TY_ERR;
    default: {
        char b[96];
        diag_error(S->d, coll->loc, "expected a zone, 'players' or 'sides' to range over, not %s",
                   type_name(S, t, b, sizeof b));
        return TY_ERR;
    }
    }
}

/* A player's member: per-player zone, per-player variable, or side. */
static Type player_member(Sema *S, AstNode *e, const char *name, Loc loc)
{
    int i;
    if ((i = find_zone(S->m, name)) >= 0) {
        if (!S->m->zones[i].per_player) {
            diag_error(S->d, loc, "zone '%s' is shared, not per player: write '%s'", name, name);
            return TY_ERR;
        }
        S->m->zones[i].used = 1;
        annotate(e, mk(T_ZONE, i), SYM_MAKE(SYM_ZONE, i));
        return mk(T_ZONE, i);
    }
    if ((i = find_var(S->m, name)) >= 0) {
        if (!S->m->vars[i].per_player) {
            diag_error(S->d, loc, "'%s' is not per player: write '%s'", name, name);
            return TY_ERR;
        }
        annotate(e, S->m->vars[i].type, SYM_MAKE(SYM_VAR, i));
        return S->m->vars[i].type;
    }
    if (strcmp(name, "side") == 0) {
        if (S->m->nsides == 0) {
            diag_error(S->d, loc, "the game declares no sides");
            return TY_ERR;
        }
        annotate(e, mk(T_SIDE, -1), SYM_MAKE(SYM_PLAYER_SIDE, 0));
        return mk(T_SIDE, -1);
    }
    Names ns = {0};
    for (int z = 0; z < S->m->nzones; z++)
        if (S->m->zones[z].per_player)
            names_add(S, &ns, S->m->zones[z].name);
    for (int v = 0; v < S->m->nvars; v++)
        if (S->m->vars[v].per_player)
            names_add(S, &ns, S->m->vars[v].name);
    names_add(S, &ns, "side");
    unknown(S, loc, "player zone or counter", name, ns);
    return TY_ERR;
}

/* A card's member: field, state, owner, name. kind may be -1 (inferred). */
static Type card_member(Sema *S, AstNode *e, int kind, const char *name, Loc loc)
{
    if (strcmp(name, "owner") == 0) {
        annotate(e, mk(T_PLAYER, -1), SYM_MAKE(SYM_CARD_OWNER, 0));
        return mk(T_PLAYER, -1);
    }
    if (strcmp(name, "name") == 0) {
        annotate(e, mk(T_TEXT, -1), SYM_MAKE(SYM_CARD_NAME, 0));
        return mk(T_TEXT, -1);
    }
    if (kind < 0) {
        /* infer the kind when exactly one kind has this field */
        int found = -1, count = 0;
        for (int k = 0; k < S->m->nkinds; k++)
            if (find_field(&S->m->kinds[k], name) >= 0) {
                found = k;
                count++;
            }
        if (count == 1)
            kind = found;
        else if (count > 1) {
            diag_error(S->d, loc, "several kinds have a field '%s' and this card's kind is not known "
                       "here; declare its zone with 'of KIND'", name);
            return TY_ERR;
        } else {
            Names ns = {0};
            for (int k = 0; k < S->m->nkinds; k++)
                for (int f = 0; f < S->m->kinds[k].nfields; f++)
                    names_add(S, &ns, S->m->kinds[k].fields[f].name);
            unknown(S, loc, "card field", name, ns);
            return TY_ERR;
        }
    }
    const MKind *k = &S->m->kinds[kind];
    int f = find_field(k, name);
    if (f < 0) {
        Names ns = {0};
        for (int i = 0; i < k->nfields; i++)
            names_add(S, &ns, k->fields[i].name);
        const char *s = diag_suggest(name, ns.v, ns.n);
        if (s)
            diag_error(S->d, loc, "kind '%s' has no field '%s'; did you mean '%s'?", k->name, name, s);
        else
            diag_error(S->d, loc, "kind '%s' has no field '%s'", k->name, name);
        return TY_ERR;
    }
    const MField *fd = &k->fields[f];
    Type t = field_type(S, fd);
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
    if (strcmp(n, "matches") == 0 && find_func(S, n) < 0) {
        if (argc != 2) {
            diag_error(S->d, e->loc, "'matches' takes 2 arguments (a face and a symbol), not %d", argc);
            return TY_ERR;
        }
        Type a = check_expr(S, args[0]), b = check_expr(S, args[1]);
        if (a.base == T_ERROR || b.base == T_ERROR)
            return TY_ERR;
        if (a.base != T_ENUM || b.base != T_ENUM || a.param != b.param) {
            char b1[96], b2[96];
            diag_error(S->d, e->loc, "'matches' needs two values of one enum, not %s and %s",
                       type_name(S, a, b1, sizeof b1), type_name(S, b, b2, sizeof b2));
            return TY_ERR;
        }
        annotate(e, mk(T_BOOL, -1), a.param);
        return mk(T_BOOL, -1);
    }
    int builtin = strcmp(n, "count") == 0 || strcmp(n, "top") == 0 || strcmp(n, "bottom") == 0
                  || strcmp(n, "random") == 0 || strcmp(n, "empty") == 0 || strcmp(n, "next") == 0;
    if (builtin) {
        if (argc != 1) {
            diag_error(S->d, e->loc, "'%s' takes 1 argument, not %d", n, argc);
            for (int i = 0; i < argc; i++)
                check_expr(S, args[i]);
            return TY_ERR;
        }
        Type t = check_expr(S, args[0]);
        if (t.base == T_ERROR)
            return TY_ERR;
        Type r = TY_ERR;
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
        annotate(e, r, 0);
        return r;
    }
    int fi = find_func(S, n);
    if (fi < 0) {
        Names ns = gather(S, NS_FUNCS);
        names_add(S, &ns, "count");
        names_add(S, &ns, "top");
        names_add(S, &ns, "bottom");
        names_add(S, &ns, "random");
        names_add(S, &ns, "empty");
        names_add(S, &ns, "next");
        unknown(S, e->loc, "function", n, ns);
        for (int i = 0; i < argc; i++)
            check_expr(S, args[i]);
        return TY_ERR;
    }
    if (argc != S->fparam_count[fi]) {
        diag_error(S->d, e->loc, "'%s' takes %d argument%s, not %d", n, S->fparam_count[fi],
                   S->fparam_count[fi] == 1 ? "" : "s", argc);
        return TY_ERR;
    }
    for (int i = 0; i < argc; i++) {
        Type t = check_expr(S, args[i]);
        Type want = S->fparams[fi][i];
        if (t.base != T_ERROR && want.base != T_ERROR && t.base != want.base) {
            char b1[96], b2[96];
            diag_error(S->d, args[i]->loc, "argument %d of '%s' must be %s, not %s", i + 1, n,
                       type_name(S, want, b1, sizeof b1), type_name(S, t, b2, sizeof b2));
        }
    }
    annotate(e, S->fresult[fi], SYM_MAKE(SYM_FUNC, fi));
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

static Type check_expr(Sema *S, AstNode *e)
{
    Type t = TY_ERR;
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
    case AST_NAME: {
        const Binding *b = lookup_local(S, e->name);
        int i;
        if (b) {
            annotate(e, b->type, SYM_MAKE(SYM_LOCAL, b->slot));
            return b->type;
        }
        if ((i = find_side(S->m, e->name)) >= 0) {
            annotate(e, mk(T_SIDE, -1), SYM_MAKE(SYM_SIDE, i));
            return mk(T_SIDE, -1);
        }
        if ((i = find_zone(S->m, e->name)) >= 0) {
            if (S->m->zones[i].per_player) {
                diag_error(S->d, e->loc, "zone '%s' is per player: write 'my %s' or 'p.%s'", e->name,
                           e->name, e->name);
                return TY_ERR;
            }
            S->m->zones[i].used = 1;
            annotate(e, mk(T_ZONE, i), SYM_MAKE(SYM_ZONE, i));
            return mk(T_ZONE, i);
        }
        if ((i = find_var(S->m, e->name)) >= 0) {
            if (S->m->vars[i].per_player) {
                diag_error(S->d, e->loc, "'%s' is per player: write 'my %s' or 'p.%s'", e->name, e->name,
                           e->name);
                return TY_ERR;
            }
            annotate(e, S->m->vars[i].type, SYM_MAKE(SYM_VAR, i));
            return S->m->vars[i].type;
        }
        if ((i = find_const(S->m, e->name)) >= 0) {
            annotate(e, S->m->consts[i].type, SYM_MAKE(SYM_CONST, i));
            return S->m->consts[i].type;
        }
        int en;
        if ((i = find_enum_value(S->m, e->name, &en)) >= 0) {
            annotate(e, mk(T_ENUM, en), SYM_MAKE(SYM_ENUMVAL, i));
            return mk(T_ENUM, en);
        }
        Names ns = gather(S, NS_LOCALS | NS_SIDES | NS_ZONES | NS_VARS | NS_CONSTS);
        for (int k = 0; k < S->m->nenums; k++)
            for (int v = 0; v < S->m->enums[k].nvalues; v++)
                names_add(S, &ns, S->m->enums[k].values[v]);
        unknown(S, e->loc, "name", e->name, ns);
        return TY_ERR;
    }
    case AST_ME:
        t = mk(T_PLAYER, -1);
        break;
    case AST_OPPONENT:
        if (S->m->max_players != 2) {
            diag_error(S->d, e->loc, "'opponent' is only defined for two-player games; use 'next(me)'");
            return TY_ERR;
        }
        t = mk(T_PLAYER, -1);
        break;
    case AST_THIS:
        if (S->unit->this_kind < 0) {
            diag_error(S->d, e->loc, "'this' is only available in a card's ability");
            return TY_ERR;
        }
        t = mk(T_CARD, S->unit->this_kind);
        break;
    case AST_PLAYERS_ALL:
        t = mk(T_PLAYERS, -1);
        break;
    case AST_SIDES_ALL:
        if (S->m->nsides == 0) {
            diag_error(S->d, e->loc, "the game declares no sides");
            return TY_ERR;
        }
        t = mk(T_SIDES, -1);
        break;
    case AST_MY:
        return player_member(S, e, e->name, e->loc2.line ? e->loc2 : e->loc);
    case AST_FIELD_OF: {
        Type o = check_expr(S, e->a);
        if (o.base == T_ERROR)
            return TY_ERR;
        Loc nl = e->loc2.line ? e->loc2 : e->loc;
        if (o.base == T_PLAYER)
            return player_member(S, e, e->name, nl);
        if (o.base == T_CARD)
            return card_member(S, e, o.param, e->name, nl);
        char b[96];
        diag_error(S->d, nl, "%s has no field '%s'", type_name(S, o, b, sizeof b), e->name);
        return TY_ERR;
    }
    case AST_CALL:
        return check_call(S, e);
    case AST_AGGREGATE: {
        Type ct = check_expr(S, e->a);
        Type el = element_of(S, e->a, ct);
        int save = S->nscope;
        int slot = bind(S, e->name, el, e->loc);
        e->ival = slot;
        if (e->c) {
            expect(S, e->c, T_BOOL, "a 'where' condition");
            narrow(S, e->c);
        }
        if (e->op == 's') {
            if (!e->b)
                diag_error(S->d, e->loc, "'sum' needs ': expression' after the collection");
            else
                expect(S, e->b, T_INT, "the summed expression");
            t = mk(T_INT, -1);
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
        break;
    }
    case AST_UNARY:
        if (is_unary_neg(e)) {
            expect(S, e->a, T_INT, "the operand of '-'");
            t = mk(T_INT, -1);
        } else {
            expect(S, e->a, T_BOOL, "the operand of 'not'");
            t = mk(T_BOOL, -1);
        }
        break;
    case AST_BINARY: {
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
            Type a = check_expr(S, e->a), b = check_expr(S, e->b);
            if (!comparable(a, b)) {
                char b1[96], b2[96];
                diag_error(S->d, e->loc2.line ? e->loc2 : e->loc, "cannot compare %s with %s",
                           type_name(S, a, b1, sizeof b1), type_name(S, b, b2, sizeof b2));
            }
            e->sem_extra = a.base;
            e->sem_type = T_BOOL;
            return mk(T_BOOL, -1);
        }
        default:
            diag_error(S->d, e->loc, "unknown operator");
            return TY_ERR;
        }
        break;
    }
    case AST_IS: {
        Type a = check_expr(S, e->a);
        if (a.base != T_ERROR && a.base != T_CARD)
            diag_error(S->d, e->a->loc, "'is' tests a card's kind; this is not a card");
        int k = find_kind(S->m, e->name);
        if (k < 0) {
            unknown(S, e->loc2.line ? e->loc2 : e->loc, "kind", e->name, gather(S, NS_KINDS));
            return TY_ERR;
        }
        annotate(e, mk(T_BOOL, -1), k);
        return mk(T_BOOL, -1);
    }
    case AST_COND: {
        expect(S, e->a, T_BOOL, "the condition of 'if'");
        Type a = check_expr(S, e->b), b = check_expr(S, e->c);
        if (a.base != T_ERROR && b.base != T_ERROR && a.base != b.base) {
            char b1[96], b2[96];
            diag_error(S->d, e->c->loc, "both branches must have one type: %s and %s",
                       type_name(S, a, b1, sizeof b1), type_name(S, b, b2, sizeof b2));
            return TY_ERR;
        }
        t = a.base == T_ERROR ? b : a;
        if (a.base == T_CARD && b.base == T_CARD && a.param != b.param)
            t.param = -1;
        break;
    }
    default:
        diag_error(S->d, e->loc, "expected an expression, found %s", ast_kind_name(e->kind));
        return TY_ERR;
    }
    annotate(e, t, e->sem_ref);
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
    Type ct = check_expr(S, coll);
    Type el = element_of(S, coll, ct);
    return bind(S, var, el, loc);
}

/* A player-valued optional clause ("by P", "as P"). */
static void check_player(Sema *S, AstNode *p, const char *what)
{
    if (p)
        expect(S, p, T_PLAYER, what);
}

static void check_assign_target(Sema *S, AstNode *l, Type vt, int op)
{
    Type t = TY_ERR;
    switch (l->kind) {
    case AST_NAME: {
        const Binding *b = lookup_local(S, l->name);
        if (b) {
            t = b->type;
            annotate(l, t, SYM_MAKE(SYM_LOCAL, b->slot));
            break;
        }
        int i = find_var(S->m, l->name);
        if (i < 0) {
            if (find_const(S->m, l->name) >= 0)
                diag_error(S->d, l->loc, "'%s' is a constant and cannot be assigned", l->name);
            else
                unknown(S, l->loc, "variable", l->name, gather(S, NS_LOCALS | NS_VARS));
            return;
        }
        if (S->m->vars[i].per_player) {
            diag_error(S->d, l->loc, "'%s' is per player: write 'my %s' or 'p.%s'", l->name, l->name,
                       l->name);
            return;
        }
        t = S->m->vars[i].type;
        annotate(l, t, SYM_MAKE(SYM_VAR, i));
        break;
    }
    case AST_MY:
    case AST_FIELD_OF:
        t = check_expr(S, l);
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
        diag_error(S->d, l->loc, "cannot assign %s to %s", type_name(S, vt, b1, sizeof b1),
                   type_name(S, t, b2, sizeof b2));
    }
}

static void check_move(Sema *S, AstNode *s)
{
    Type w = check_expr(S, s->a);
    Type z = check_expr(S, s->b);
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
        if (const_eval(S, s->a, NULL, &v, &t) && v && !contains_ending(s->b))
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
    case AST_CHOOSE: {
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
        /* the prompt a person sees: where the choice is made from */
        {
            TypeBase cb = (TypeBase)s->a->sem_type;
            const char *prompt = "choose";
            if (cb == T_ZONE && s->a->sem_extra >= 0)
                prompt = arena_printf(S->a, "choose from %s", S->m->zones[s->a->sem_extra].name);
            else if (cb == T_PLAYERS)
                prompt = "choose a player";
            else if (cb == T_SIDES)
                prompt = "choose a side";
            s->sem_ref = model_string(S->m, prompt);
        }
        break;
    }
    case AST_MENU:
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
        break;
    case AST_TURNS: {
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
                if (a->name)
                    a->ival = bind_over(S, a->name, a->a, a->loc2.line ? a->loc2 : a->loc);
                else
                    a->ival = -1;
                if (a->c) {
                    expect(S, a->c, T_BOOL, "a 'where' condition");
                    narrow(S, a->c);
                }
                if (a->d)
                    expect(S, a->d, T_BOOL, "an action's 'when' condition");
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
            if (s->c && const_eval(S, s->c, NULL, &v, &t) && !v && !contains_ending(s->b))
                diag_error(S->d, s->c->loc, "this turn loop can never end: its condition is always false");
        }
        S->in_turns--;
        S->nscope = save;
        s->sem_extra = model_string(S->m, "take a turn");
        break;
    }
    case AST_MOVE:
        check_move(S, s);
        break;
    case AST_SHUFFLE:
        expect(S, s->a, T_ZONE, "what 'shuffle' shuffles");
        break;
    case AST_RUN: {
        Type t = check_expr(S, s->a);
        if (t.base != T_ERROR && t.base != T_ABILITY)
            diag_error(S->d, s->a->loc, "'run' needs a card's ability (like 'c.power')");
        else if (t.base == T_ABILITY && s->a->kind != AST_FIELD_OF)
            diag_error(S->d, s->a->loc, "'run' needs a card's ability field (like 'c.power')");
        check_player(S, s->b, "the player of 'run ... as'");
        s->ival = unit_add_local(S, S->unit, "ability_card");
        break;
    }
    case AST_ASSIGN: {
        Type vt = check_expr(S, s->b);
        check_assign_target(S, s->a, vt, s->op);
        break;
    }
    case AST_LET: {
        Type t = check_expr(S, s->a);
        if (t.base == T_TEXT || t.base == T_VOID || t.base == T_PLAYERS || t.base == T_SIDES
            || t.base == T_ABILITY) {
            char b[96];
            diag_error(S->d, s->a->loc, "a %s cannot be stored in 'let'", type_name(S, t, b, sizeof b));
        }
        s->ival = bind(S, s->name, t, s->loc2.line ? s->loc2 : s->loc);
        break;
    }
    case AST_WIN:
        if (s->flags & WIN_ALL) {
            int save = S->nscope;
            Type ct = check_expr(S, s->a);
            if (ct.base != T_ERROR && ct.base != T_PLAYERS)
                diag_error(S->d, s->a->loc, "'win all' ranges over 'players'");
            s->ival = bind(S, s->name, mk(T_PLAYER, -1), s->loc2.line ? s->loc2 : s->loc);
            if (s->c)
                expect(S, s->c, T_BOOL, "a 'where' condition");
            S->nscope = save;
        } else {
            expect(S, s->a, T_PLAYER, "the winner");
        }
        S->endings++;
        break;
    case AST_DRAW_GAME:
        S->endings++;
        break;
    case AST_ROLL: {
        Type t = check_expr(S, s->a);
        int kind = t.base == T_CARD ? t.param : t.base == T_ZONE && t.param >= 0 ? S->m->zones[t.param].kind : -2;
        if (t.base == T_ERROR)
            break;
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
        break;
    }
    case AST_CALL_STMT: {
        int u = find_proc(S->m, s->name);
        if (u < 0) {
            Names ns = {0};
            for (int i = 0; i < S->m->nunits; i++)
                if (S->m->units[i].is_procedure)
                    names_add(S, &ns, S->m->units[i].name);
            unknown(S, s->loc, "procedure", s->name, ns);
            for (int i = 0; i < s->list.count; i++)
                check_expr(S, s->list.items[i]);
            break;
        }
        const MUnit *pu = &S->m->units[u];
        s->sem_ref = u;
        if (s->list.count != pu->nparams) {
            diag_error(S->d, s->loc, "'%s' takes %d argument%s, not %d", s->name, pu->nparams,
                       pu->nparams == 1 ? "" : "s", s->list.count);
            break;
        }
        for (int i = 0; i < s->list.count; i++) {
            Type t = check_expr(S, s->list.items[i]);
            Type want = pu->param_types[i];
            if (t.base != T_ERROR && want.base != T_ERROR && (t.base != want.base
                || (t.base == T_ENUM && t.param != want.param))) {
                char b1[96], b2[96];
                diag_error(S->d, s->list.items[i]->loc, "argument %d of '%s' must be %s, not %s", i + 1, s->name,
                           type_name(S, want, b1, sizeof b1), type_name(S, t, b2, sizeof b2));
            }
        }
        break;
    }
    case AST_LOG:
        for (int i = 0; i < s->list.count; i++) {
            Type t = check_expr(S, s->list.items[i]);
            if (t.base == T_ZONE || t.base == T_PLAYERS || t.base == T_SIDES || t.base == T_ABILITY
                || t.base == T_VOID) {
                char b[96];
                diag_error(S->d, s->list.items[i]->loc, "a %s cannot be written to the log",
                           type_name(S, t, b, sizeof b));
            }
        }
        break;
    default:
        diag_error(S->d, s->loc, "expected a statement, found %s", ast_kind_name(s->kind));
        break;
    }
}

/* ---- units ------------------------------------------------------------------ */

static char *c_ident(Sema *S, const char *s)
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

static int new_unit(Sema *S, const char *name, const char *cname, Loc loc, AstNode *body, int this_kind)
{
    Model *m = S->m;
    int i = grow(S->a, (void **)&m->units, &m->nunits, &m->capunits, sizeof *m->units);
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

static void check_unit(Sema *S, int ui)
{
    S->unit = &S->m->units[ui];
    S->nscope = 0;
    S->simultaneous = 0;
    S->in_turns = 0;
    if (S->unit->is_procedure) {
        const AstNode *pd = S->unit->decl;
        for (int p = 0; p < pd->list.count; p++)
            bind(S, pd->list.items[p]->name, S->unit->param_types[p], pd->list.items[p]->loc);
    }
    check_block(S, S->unit->body);
    S->unit = NULL;
}

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
            int lo = (int)it->ival, hi = it->ival2 ? (int)it->ival2 : (int)it->ival;
            if (lo < 1 || hi > 8)
                diag_error(S->d, it->loc, "a game has 1 to 8 players, not %d", lo < 1 ? lo : hi);
            else if (hi < lo)
                diag_error(S->d, it->loc, "impossible player range %d..%d", lo, hi);
            m->min_players = lo;
            m->max_players = hi;
        } else if (it->kind == AST_SIDE) {
            if (find_side(m, it->name) >= 0) {
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
    if (find_kind(m, k->name) >= 0) {
        diag_error(S->d, k->loc2.line ? k->loc2 : k->loc, "duplicate kind '%s'", k->name);
        return;
    }
    int cap = m->nkinds;
    int i = grow(S->a, (void **)&m->kinds, &m->nkinds, &cap, sizeof *m->kinds);
    (void)cap;
    MKind *mk_ = &m->kinds[i];
    mk_->name = k->name;
    mk_->loc = k->loc;
    mk_->fields = arena_alloc(S->a, sizeof(MField) * (size_t)(k->list.count + 1));
    for (int f = 0; f < k->list.count; f++) {
        AstNode *fd = k->list.items[f];
        if (find_field(mk_, fd->name) >= 0) {
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
            Type t = resolve_type(S, TY_NAMED, fd->name2, fd->loc2.line ? fd->loc2 : fd->loc);
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
    int k = find_kind(S->m, name);
    if (k < 0)
        unknown(S, loc, "kind", name, gather(S, NS_KINDS));
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
        if (!check_global_unique(S, n->name, n->loc))
            continue;
        int cap = m->nzones;
        int zi = grow(S->a, (void **)&m->zones, &m->nzones, &cap, sizeof *m->zones);
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
    if (!const_eval(S, e, NULL, out, &t)) {
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
        if (!check_global_unique(S, n->name, n->loc))
            continue;
        int cap = m->nvars;
        int vi = grow(S->a, (void **)&m->vars, &m->nvars, &cap, sizeof *m->vars);
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
    if (!check_global_unique(S, c->name, nl))
        return;
    Type ty = resolve_type(S, c->type, c->name2, nl);
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
    int vi = grow(S->a, (void **)&m->vars, &m->nvars, &cap, sizeof *m->vars);
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
    if (!check_global_unique(S, c->name, nl))
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
    int ci = grow(S->a, (void **)&m->consts, &m->nconsts, &cap, sizeof *m->consts);
    m->consts[ci].name = c->name;
    m->consts[ci].loc = nl;
    m->consts[ci].type = t;
    m->consts[ci].value = val;
}

/* Card values, defaults and ability units. variant: -1 for base cards. */
static void collect_card(Sema *S, AstNode *c, int variant)
{
    Model *m = S->m;
    Loc nl = c->loc2.line ? c->loc2 : c->loc;
    int kind = want_kind(S, c->name, c->loc);
    for (int i = 0; i < m->ncards; i++)
        if (strcmp(m->cards[i].name, c->text) == 0) {
            diag_error(S->d, nl, "duplicate card \"%s\"", c->text);
            diag_note(S->d, m->cards[i].loc, "the first is here");
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
    int cap = m->ncards;
    int ci = grow(S->a, (void **)&m->cards, &m->ncards, &cap, sizeof *m->cards);
    MCard *card = &m->cards[ci];
    const MKind *k = &m->kinds[kind];
    card->name = c->text;
    card->loc = nl;
    card->kind = kind;
    card->copies = (int)c->ival;
    card->variant = variant;
    card->node = c;
    card->board = -1;
    card->values = arena_alloc(S->a, sizeof(MValue) * (size_t)(k->ndata + 1));
    int *set = arena_alloc(S->a, sizeof(int) * (size_t)(k->ndata + 1));
    for (int i = 0; i < ci; i++)
        if (m->cards[i].kind == kind)
            card->row++;
    for (int i = 0; i < c->list.count; i++) {
        AstNode *it = c->list.items[i];
        int f = find_field(k, it->name);
        if (f < 0) {
            Names ns = {0};
            for (int j = 0; j < k->nfields; j++)
                if (!k->fields[j].is_state)
                    names_add(S, &ns, k->fields[j].name);
            const char *s = diag_suggest(it->name, ns.v, ns.n);
            if (s)
                diag_error(S->d, it->loc, "kind '%s' has no field '%s'; did you mean '%s'?", k->name, it->name, s);
            else
                diag_error(S->d, it->loc, "kind '%s' has no field '%s'", k->name, it->name);
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
        switch (fd->type) {
        case TY_ABILITY:
            if (!it->b) {
                diag_error(S->d, it->loc, "ability '%s' needs a block { ... }", it->name);
                break;
            }
            v->script = new_unit(S, arena_printf(S->a, "%s.%s", c->text, it->name),
                                 arena_printf(S->a, "%s_%s", c_ident(S, c->text), it->name), it->loc, it->b, kind);
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
            if (fd->type == TY_SIDE && it->a->kind == AST_NAME && find_side(m, it->a->name) < 0) {
                Names ns = gather(S, NS_SIDES);
                unknown(S, it->a->loc, "side", it->a->name, ns);
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
                        names_add(S, &ns, en->values[k]);
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
            Type want = field_type(S, fd);
            if (it->a->kind == AST_STRING) {
                char b1[96];
                diag_error(S->d, it->a->loc, "field '%s' is %s, not text", it->name,
                           type_name(S, want, b1, sizeof b1));
                break;
            }
            if (!const_eval(S, it->a, NULL, &v->ival, &t)) {
                diag_error(S->d, it->a->loc, "field '%s' needs a constant value", it->name);
                break;
            }
            if (t.base != want.base || (t.base == T_ENUM && t.param != want.param)) {
                char b1[96], b2[96];
                diag_error(S->d, it->a->loc, "field '%s' is %s, not %s", it->name,
                           type_name(S, want, b1, sizeof b1), type_name(S, t, b2, sizeof b2));
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
    /* defaults, in field order, then required fields */
    FieldEnv env = {k, card->values, set};
    for (int f = 0; f < k->nfields; f++) {
        const MField *fd = &k->fields[f];
        if (fd->is_state || set[fd->index])
            continue;
        MValue *v = &card->values[fd->index];
        v->script = -1;
        if (fd->def) {
            if (fd->type == TY_TEXT) {
                if (fd->def->kind == AST_STRING) {
                    v->text = fd->def->text;
                    v->present = 1;
                }
            } else {
                Type t;
                if (const_eval(S, fd->def, &env, &v->ival, &t))
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


/* ---- enums, dice, boards, procedures ------------------------------------------ */

static int add_enum(Sema *S, const char *name, Loc loc)
{
    Model *m = S->m;
    int i = grow(S->a, (void **)&m->enums, &m->nenums, &m->capenums, sizeof *m->enums);
    m->enums[i].name = name;
    m->enums[i].loc = loc;
    return i;
}

static int add_enum_value(Sema *S, int e, const char *name, Loc loc)
{
    if (!check_global_unique(S, name, loc))
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
    if (find_enum(S->m, n->name) >= 0 || find_kind(S->m, n->name) >= 0) {
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
            if (find_enum(S->m, "board") >= 0) {
                diag_error(S->d, nl, "boards make the enum 'board'; the game declares its own 'board' already");
                return;
            }
            e = add_enum(S, "board", nl);
        }
        int v = add_enum_value(S, e, b->name, nl);
        if (v < 0)
            continue;
        int cap = S->m->nboards;
        int bi = grow(S->a, (void **)&S->m->boards, &S->m->nboards, &cap, sizeof *S->m->boards);
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
    if (find_kind(m, n->name) >= 0 || find_enum(m, n->name) >= 0) {
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
        int v = find_enum_value(m, f->name, &fe);
        if (v < 0) {
            Names ns = {0};
            for (int k = 0; k < m->nenums; k++)
                for (int j = 0; j < m->enums[k].nvalues; j++)
                    names_add(S, &ns, m->enums[k].values[j]);
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
    int ki = grow(S->a, (void **)&m->kinds, &m->nkinds, &cap, sizeof *m->kinds);
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
    int kind = find_kind(m, n->name);
    if (kind < 0 || !m->kinds[kind].is_die)
        return;
    const char *name = n->text ? n->text : n->name;
    Loc nl = n->loc2.line ? n->loc2 : n->loc;
    for (int i = 0; i < m->ncards; i++)
        if (strcmp(m->cards[i].name, name) == 0) {
            diag_error(S->d, nl, "duplicate card \"%s\"", name);
            return;
        }
    if (n->ival < 1 || n->ival > 10000) {
        diag_error(S->d, nl, "a die has 1 to 10000 copies, not %d", (int)n->ival);
        return;
    }
    int cap = m->ncards;
    int ci = grow(S->a, (void **)&m->cards, &m->ncards, &cap, sizeof *m->cards);
    MCard *c = &m->cards[ci];
    c->name = name;
    c->loc = nl;
    c->kind = kind;
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
    int fsym = find_field(k, "symbol");
    if (fsym < 0 || k->fields[fsym].is_state || k->fields[fsym].type != TY_NAMED) {
        diag_error(S->d, nl, "board '%s' is of kind '%s', which needs an enum field 'symbol' for the row's symbols",
                   b->name, k->name);
        return;
    }
    int frow = find_field(k, "row"), fcol = find_field(k, "column"), fboard = find_field(k, "board");
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

static int new_unit(Sema *S, const char *name, const char *cname, Loc loc, AstNode *body, int this_kind);
static Type resolve_type(Sema *S, AstType t, const char *name2, Loc loc);

/* procedure -> a script unit whose first locals are its parameters. */
static void collect_procedure(Sema *S, AstNode *p)
{
    Loc nl = p->loc2.line ? p->loc2 : p->loc;
    if (!check_global_unique(S, p->name, nl))
        return;
    int u = new_unit(S, p->name, arena_printf(S->a, "proc_%s", c_ident(S, p->name)), nl, p->b, -1);
    MUnit *un = &S->m->units[u];
    un->is_procedure = 1;
    un->decl = p;
    un->nparams = p->list.count;
    un->param_types = arena_alloc(S->a, sizeof(Type) * (size_t)(p->list.count + 1));
    for (int i = 0; i < p->list.count; i++) {
        AstNode *pa = p->list.items[i];
        un->param_types[i] = resolve_type(S, pa->type, pa->name2, pa->loc2.line ? pa->loc2 : pa->loc);
        if (un->param_types[i].base == T_TEXT || un->param_types[i].base == T_ABILITY)
            diag_error(S->d, pa->loc, "a parameter cannot be text or an ability");
    }
}

/* Does unit u call procedure target, directly or through other procedures? */
static int calls_proc(const Sema *S, const AstNode *n, int target, int depth, uint8_t *seen)
{
    if (!n || depth > 200)
        return 0;
    if (n->kind == AST_CALL_STMT) {
        int u = find_proc(S->m, n->name);
        if (u == target)
            return 1;
        if (u >= 0 && !seen[u]) {
            seen[u] = 1;
            if (calls_proc(S, S->m->units[u].body, target, depth + 1, seen))
                return 1;
        }
    }
    const AstNode *kids[5] = {n->a, n->b, n->c, n->d, n->e};
    for (int i = 0; i < 5; i++)
        if (kids[i] && kids[i]->kind < AST_INT && calls_proc(S, kids[i], target, depth + 1, seen))
            return 1;
    for (int i = 0; i < n->list.count; i++)
        if (n->list.items[i] && n->list.items[i]->kind < AST_INT && calls_proc(S, n->list.items[i], target, depth + 1, seen))
            return 1;
    return 0;
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
        if (!const_eval(S, fd->def, fd->is_state ? NULL : &env, &v, &t)) {
            ((MField *)fd)->def_value = 0;
            diag_error(S->d, fd->def->loc, "the default of '%s' must be a constant%s", fd->name,
                       fd->is_state ? "" : " or an earlier field");
            continue;
        }
        ((MField *)fd)->def_value = v;
        Type want = field_type(S, fd);
        if (want.base == T_ERROR)
            continue;
        if (t.base != want.base || (t.base == T_ENUM && t.param != want.param)) {
            char b1[96], b2[96];
            diag_error(S->d, fd->def->loc, "the default of '%s' must be %s, not %s", fd->name,
                       type_name(S, want, b1, sizeof b1), type_name(S, t, b2, sizeof b2));
        }
    }
}

static void collect_function_sig(Sema *S, AstNode *fn)
{
    Loc nl = fn->loc2.line ? fn->loc2 : fn->loc;
    if (!check_global_unique(S, fn->name, nl))
        return;
    int i = S->nfunctions++;
    S->functions[i] = fn;
    S->fparam_count[i] = fn->list.count;
    S->fparams[i] = arena_alloc(S->a, sizeof(Type) * (size_t)(fn->list.count + 1));
    for (int p = 0; p < fn->list.count; p++) {
        S->fparams[i][p] = resolve_type(S, fn->list.items[p]->type, fn->list.items[p]->name2,
                                        fn->list.items[p]->loc2.line ? fn->list.items[p]->loc2 : fn->list.items[p]->loc);
        if (S->fparams[i][p].base == T_TEXT || S->fparams[i][p].base == T_ABILITY)
            diag_error(S->d, fn->list.items[p]->loc, "a parameter cannot be text or an ability");
    }
    S->fresult[i] = resolve_type(S, fn->type, fn->name2, fn->loc2.line ? fn->loc2 : fn->loc);
}

/* Mark calls to functions inside e, for the recursion check. */
static int find_recursion(Sema *S, const AstNode *e, int root, int depth)
{
    if (!e || depth > 64)
        return depth > 64;
    if (e->kind == AST_CALL) {
        int fi = find_func(S, e->name);
        if (fi == root)
            return 1;
        if (fi >= 0 && S->func_state[fi] == 0) {
            S->func_state[fi] = 1;
            int r = find_recursion(S, S->functions[fi]->a, root, depth + 1);
            S->func_state[fi] = 0;
            if (r)
                return 1;
        }
    }
    const AstNode *kids[5] = {e->a, e->b, e->c, e->d, e->e};
    for (int i = 0; i < 5; i++)
        if (find_recursion(S, kids[i], root, depth + 1))
            return 1;
    for (int i = 0; i < e->list.count; i++)
        if (find_recursion(S, e->list.items[i], root, depth + 1))
            return 1;
    return 0;
}

static void check_function(Sema *S, int fi)
{
    AstNode *fn = S->functions[fi];
    int ui = new_unit(S, fn->name, c_ident(S, fn->name), fn->loc, fn->a, -1);
    MUnit *u = &S->m->units[ui];
    u->is_function = 1;
    u->nparams = fn->list.count;
    u->param_types = S->fparams[fi];
    u->result = S->fresult[fi];
    fn->sem_ref = ui;
    S->unit = u;
    S->nscope = 0;
    for (int p = 0; p < fn->list.count; p++)
        bind(S, fn->list.items[p]->name, S->fparams[fi][p], fn->list.items[p]->loc);
    Type t = check_expr(S, fn->a);
    if (S->fresult[fi].base == T_TEXT || S->fresult[fi].base == T_ABILITY)
        diag_error(S->d, fn->loc2.line ? fn->loc2 : fn->loc, "a function cannot return %s",
                   S->fresult[fi].base == T_TEXT ? "text" : "an ability");
    else if (t.base != T_ERROR && t.base != S->fresult[fi].base) {
        char b1[96], b2[96];
        diag_error(S->d, fn->a->loc, "function '%s' returns %s, but its body is %s", fn->name,
                   type_name(S, S->fresult[fi], b1, sizeof b1), type_name(S, t, b2, sizeof b2));
    }
    memset(S->func_state, 0, sizeof(int) * (size_t)S->nfunctions);
    if (find_recursion(S, fn->a, fi, 0))
        diag_error(S->d, fn->loc2.line ? fn->loc2 : fn->loc, "function '%s' calls itself; functions cannot recurse",
                   fn->name);
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
            int ci = find_const(m, it->name);
            if (ci < 0) {
                unknown(S, it->loc, "constant", it->name, gather(S, NS_CONSTS));
                break;
            }
            int32_t val;
            Type t;
            if (!const_eval(S, it->a, NULL, &val, &t))
                diag_error(S->d, it->a->loc, "'set' needs a constant value");
            else if (t.base != m->consts[ci].type.base)
                diag_error(S->d, it->a->loc, "constant '%s' has another type", it->name);
            else
                mv->consts[ci] = val;
            break;
        }
        case AST_SETUP:
            mv->setup = new_unit(S, arena_printf(S->a, "%s setup", v->name),
                                 arena_printf(S->a, "%s_setup", v->name), it->loc, it->b, -1);
            break;
        case AST_ROUND:
            mv->round = new_unit(S, arena_printf(S->a, "%s round", v->name),
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
                mv->round = new_unit(S, arena_printf(S->a, "%s round", v->name),
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
                    names_add(S, &ns, m->boards[b].name);
                unknown(S, it->loc2.line ? it->loc2 : it->loc, "board", it->name, ns);
            } else {
                for (int c = 0; c < m->ncards; c++)
                    if (m->cards[c].board == found)
                        mv->copies[c] = 0;
            }
        }
        if (it->kind == AST_REMOVE_CARD) {
            int found = -1;
            for (int c = 0; c < m->ncards; c++)
                if (strcmp(m->cards[c].name, it->text) == 0)
                    found = c;
            if (found < 0) {
                Names ns = {0};
                for (int c = 0; c < m->ncards; c++)
                    names_add(S, &ns, m->cards[c].name);
                unknown(S, it->loc, "card", it->text, ns);
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
    S->func_state = arena_alloc(arena, sizeof(int) * (size_t)(nd + 1));

    /* the implicit box zone */
    int zcap = 0;
    grow(arena, (void **)&m->zones, &m->nzones, &zcap, sizeof *m->zones);
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

    /* cards (base, then those variants add) */
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

    /* units: setup, round, then the functions */
    int base_setup = -1, base_round = -1;
    if (S->setup)
        base_setup = new_unit(S, "setup", "setup", S->setup->loc, S->setup->b, -1);
    if (S->round)
        base_round = new_unit(S, "round", "round", S->round->loc, S->round->b, -1);
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

    /* check every script unit (abilities were created with the cards) */
    int nscripts = m->nunits;
    for (int u = 0; u < nscripts; u++)
        check_unit(S, u);
    for (int f = 0; f < S->nfunctions; f++)
        check_function(S, f);
    for (int u = 0; u < nscripts; u++)
        if (m->units[u].is_procedure) {
            uint8_t *seen = arena_alloc(arena, (size_t)m->nunits + 1);
            if (calls_proc(S, m->units[u].body, u, 0, seen))
                diag_error(d, m->units[u].loc, "procedure '%s' calls itself; procedures cannot recurse",
                           m->units[u].name);
        }

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

    for (int i = 0; i < m->ncards; i++)
        model_string(m, m->cards[i].name);
    if (d->errors)
        return NULL;
    return m;
}
