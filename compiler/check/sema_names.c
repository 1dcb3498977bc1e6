/* sema_names.c: the checker's names: lookups, "did you mean", and compile-time constants. */
#include "sema_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"
#include "strtab.h"

/* ---- small helpers ---------------------------------------------------------- */

const char *sema_type_name(const Sema *S, Type t, char *buf, size_t n)
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
    case T_RANGE: return "range";
    case T_ENUM:
        if (t.param >= 0 && t.param < S->m->nenums) {
            snprintf(buf, n, "%s", S->m->enums[t.param].name);
            return buf;
        }
        return "enum";
    case T_SPACES:
        if (t.param >= 0 && t.param < S->m->ngraphs) {
            snprintf(buf, n, "set of spaces of map '%s'", S->m->graphs[t.param].name);
            return buf;
        }
        return "set of spaces";
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
    default: return mk(T_ERROR, -1);
    }
}

/* field_type: the checked type of a kind's field. */
Type sema_field_type(const Sema *S, const MField *f)
{
    if (f->type == TY_NAMED)
        return f->enum_index >= 0 ? mk(T_ENUM, f->enum_index) : mk(T_ERROR, -1);
    return from_ast_type(S, f->type);
}

void sema_annotate(AstNode *n, Type t, int ref)
{
    n->sem_type = (int)t.base;
    n->sem_extra = t.param;
    n->sem_ref = ref;
}

int model_string(Model *m, const char *s)
{
    if (!m->string_index)
        m->string_index = strtab_new(m->arena);
    int found = strtab_get(m->string_index, s);
    if (found >= 0)
        return found;
    if (m->nstrings == m->capstrings) {
        int cap = m->capstrings ? m->capstrings * 2 : 64;
        const char **n = arena_alloc(m->arena, sizeof *n * (size_t)cap);
        if (m->nstrings)
            memcpy(n, m->strings, sizeof *n * (size_t)m->nstrings);
        m->strings = n;
        m->capstrings = cap;
    }
    m->strings[m->nstrings] = s;
    strtab_put(m->string_index, s, m->nstrings);
    return m->nstrings++;
}

/* Grow an arena array by one element; returns the new element's index. */
int sema_grow(Arena *a, void **items, int *count, int *cap, size_t size)
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

int sema_find_side(const Model *m, const char *name)
{
    for (int i = 0; i < m->nsides; i++)
        if (strcmp(m->side_names[i], name) == 0)
            return i;
    return -1;
}

int sema_find_zone(const Model *m, const char *name)
{
    for (int i = 0; i < m->nzones; i++)
        if (strcmp(m->zones[i].name, name) == 0)
            return i;
    return -1;
}

int sema_find_var(const Model *m, const char *name)
{
    for (int i = 0; i < m->nvars; i++)
        if (strcmp(m->vars[i].name, name) == 0)
            return i;
    return -1;
}

int sema_find_const(const Model *m, const char *name)
{
    for (int i = 0; i < m->nconsts; i++)
        if (strcmp(m->consts[i].name, name) == 0)
            return i;
    return -1;
}

int sema_find_kind(const Model *m, const char *name)
{
    for (int i = 0; i < m->nkinds; i++)
        if (strcmp(m->kinds[i].name, name) == 0)
            return i;
    return -1;
}

int sema_find_enum(const Model *m, const char *name)
{
    for (int i = 0; i < m->nenums; i++)
        if (!m->enums[i].die_faces && strcmp(m->enums[i].name, name) == 0)
            return i;
    return -1;
}

/* find_enum_value: the value's index, its enum in *e; -1 if no enum has it. */
int sema_find_enum_value(const Model *m, const char *name, int *e)
{
    for (int i = 0; i < m->nenums; i++)
        for (int v = 0; v < m->enums[i].nvalues && !m->enums[i].die_faces; v++)
            if (strcmp(m->enums[i].values[v], name) == 0) {
                *e = i;
                return v;
            }
    return -1;
}

int sema_find_proc(const Model *m, const char *name)
{
    for (int i = 0; i < m->nunits; i++)
        if (m->units[i].is_procedure && strcmp(m->units[i].name, name) == 0)
            return i;
    return -1;
}

int sema_find_func(const Sema *S, const char *name)
{
    for (int i = 0; i < S->nfunctions; i++)
        if (strcmp(S->functions[i]->name, name) == 0)
            return i;
    return -1;
}

int sema_find_field(const MKind *k, const char *name)
{
    for (int i = 0; i < k->nfields; i++)
        if (strcmp(k->fields[i].name, name) == 0)
            return i;
    return -1;
}


void sema_names_add(Sema *S, Names *ns, const char *s)
{
    int i = sema_grow(S->a, (void **)&ns->v, &ns->n, &ns->cap, sizeof *ns->v);
    ns->v[i] = s;
}


Names sema_gather(Sema *S, int which)
{
    Names ns = {0};
    if (which & NS_LOCALS)
        for (int i = 0; i < S->nscope; i++)
            sema_names_add(S, &ns, S->scope[i].name);
    if (which & NS_SIDES)
        for (int i = 0; i < S->m->nsides; i++)
            sema_names_add(S, &ns, S->m->side_names[i]);
    if (which & NS_ZONES)
        for (int i = 0; i < S->m->nzones; i++)
            sema_names_add(S, &ns, S->m->zones[i].name);
    if (which & NS_VARS) {   /* an array by its name, not its elements' */
        for (int i = 0; i < S->m->nvars; i++)
            if (!S->m->vars[i].array)
                sema_names_add(S, &ns, S->m->vars[i].name);
        for (int i = 0; i < S->m->narrays; i++)
            sema_names_add(S, &ns, S->m->arrays[i].name);
    }
    if (which & NS_CONSTS)
        for (int i = 0; i < S->m->nconsts; i++)
            sema_names_add(S, &ns, S->m->consts[i].name);
    if (which & NS_FUNCS)
        for (int i = 0; i < S->nfunctions; i++)
            sema_names_add(S, &ns, S->functions[i]->name);
    if (which & NS_KINDS)
        for (int i = 0; i < S->m->nkinds; i++)
            sema_names_add(S, &ns, S->m->kinds[i].name);
    return ns;
}

/* Report "unknown WHAT 'name'" with a did-you-mean from ns. */
void sema_unknown(Sema *S, Loc loc, const char *what, const char *name, Names ns)
{
    const char *s = diag_suggest(name, ns.v, ns.n);
    if (s)
        diag_error(S->d, loc, "unknown %s '%s'; did you mean '%s'?", what, name, s);
    else
        diag_error(S->d, loc, "unknown %s '%s'", what, name);
}

/* Is name already a global (side, zone, var, const, function)? Reports. */
int sema_check_global_unique(Sema *S, const char *name, Loc loc)
{
    const char *what = NULL;
    if (sema_find_side(S->m, name) >= 0)
        what = "side";
    else if (sema_find_zone(S->m, name) >= 0)
        what = "zone";
    else if (sema_find_var(S->m, name) >= 0 || sema_find_array(S->m, name) >= 0)
        what = "variable";
    else if (sema_find_const(S->m, name) >= 0)
        what = "constant";
    else if (sema_find_func(S, name) >= 0)
        what = "function";
    else if (sema_find_proc(S->m, name) >= 0)
        what = "procedure";
    else {
        int e;
        if (sema_find_enum_value(S->m, name, &e) >= 0)
            what = "value of an enum";
    }
    if (what) {
        diag_error(S->d, loc, "duplicate name '%s': already declared as a %s", name, what);
        return 0;
    }
    return 1;
}

/* resolve_type: a declared type, looking up enum names (reported if unknown). */
Type sema_resolve_type(Sema *S, AstType t, const char *name2, Loc loc)
{
    if (t != TY_NAMED)
        return from_ast_type(S, t);
    int e = sema_find_enum(S->m, name2);
    if (e < 0) {
        Names ns = {0};
        for (int i = 0; i < S->m->nenums; i++)
            sema_names_add(S, &ns, S->m->enums[i].name);
        sema_names_add(S, &ns, "int");
        sema_names_add(S, &ns, "bool");
        sema_names_add(S, &ns, "text");
        sema_names_add(S, &ns, "side");
        sema_names_add(S, &ns, "player");
        sema_names_add(S, &ns, "card");
        sema_names_add(S, &ns, "ability");
        sema_unknown(S, loc, "type", name2, ns);
        return mk(T_ERROR, -1);
    }
    return mk(T_ENUM, e);
}

/* ---- constant evaluation ------------------------------------------------------ */


/* FOLD_REPORTED (in AstNode.flags of an arithmetic node): its overflow
   was reported, so that evaluating it again does not repeat the error. */
enum { FOLD_REPORTED = 1 << 30 };

/* fold_int: v, the exact result of a op b (op "-" with b 0 and a unary
   node: -a), as an int32; out of range, or a division by zero (op "/" or
   "%" with b 0), is a `file:line:col: error` at e (once) and gives 0. */
static int32_t fold_int(Sema *S, AstNode *e, int64_t v, const char *op, int32_t a, int32_t b)
{
    int by_zero = (op[0] == '/' || op[0] == '%') && b == 0;
    if (!by_zero && v >= INT32_MIN && v <= INT32_MAX)
        return (int32_t)v;
    if (!(e->flags & FOLD_REPORTED)) {
        e->flags |= FOLD_REPORTED;
        if (by_zero)
            diag_error(S->d, e->loc, "%s by zero in a constant expression", op[0] == '/' ? "division" : "modulo");
        else if (e->kind == AST_UNARY)
            diag_error(S->d, e->loc, "integer overflow in a constant expression: -(%ld) is out of range (%ld..%ld)",
                       (long)a, (long)INT32_MIN, (long)INT32_MAX);
        else
            diag_error(S->d, e->loc, "integer overflow in a constant expression: %ld %s %ld is out of range (%ld..%ld)",
                       (long)a, op, (long)b, (long)INT32_MIN, (long)INT32_MAX);
    }
    return 0;
}

/* const_eval: evaluate a compile-time expression (literals, constants,
   sides, arithmetic, comparisons, earlier fields). Returns 1 on success. */
int sema_const_eval(Sema *S, AstNode *e, const FieldEnv *env, int32_t *out, Type *ty)
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
        if ((i = sema_find_const(S->m, e->name)) >= 0) {
            *out = S->m->consts[i].value;
            *ty = S->m->consts[i].type;
            return 1;
        }
        if ((i = sema_find_side(S->m, e->name)) >= 0) {
            *out = i;
            *ty = mk(T_SIDE, -1);
            return 1;
        }
        int en;
        if ((i = sema_find_enum_value(S->m, e->name, &en)) >= 0) {
            *out = i;
            *ty = mk(T_ENUM, en);
            return 1;
        }
        if (env && (i = sema_find_field(env->kind, e->name)) >= 0 && !env->kind->fields[i].is_state) {
            int di = env->kind->fields[i].index;
            if (env->set[di] && env->values[di].present && env->kind->fields[i].type != TY_TEXT
                && env->kind->fields[i].type != TY_ABILITY) {
                *out = env->values[di].ival;
                *ty = sema_field_type(S, &env->kind->fields[i]);
                return 1;
            }
        }
        return 0;
    }
    case AST_UNARY:
        if (!sema_const_eval(S, e->a, env, &a, &ta))
            return 0;
        if (e->op == '-' || e->op == OP_NEG) {
            if (ta.base != T_INT)
                return 0;
            *out = fold_int(S, e, -(int64_t)a, "-", a, 0);
            *ty = ta;
            return 1;
        }
        if (ta.base != T_BOOL)
            return 0;
        *out = !a;
        *ty = ta;
        return 1;
    case AST_BINARY:
        if (!sema_const_eval(S, e->a, env, &a, &ta) || !sema_const_eval(S, e->b, env, &b, &tb))
            return 0;
        *ty = mk(T_INT, -1);
        switch (e->op) {   /* in 64 bits, then checked: docs/language.md "Integers" */
        case OP_ADD: *out = fold_int(S, e, (int64_t)a + b, "+", a, b); return ta.base == T_INT;
        case OP_SUB: *out = fold_int(S, e, (int64_t)a - b, "-", a, b); return ta.base == T_INT;
        case OP_MUL: *out = fold_int(S, e, (int64_t)a * b, "*", a, b); return ta.base == T_INT;
        case OP_DIV:
        case OP_MOD:
            if (ta.base != T_INT)
                return 0;
            if (!b) {
                *out = fold_int(S, e, 0, e->op == OP_DIV ? "/" : "%", a, b);
                return 1;
            }
            *out = fold_int(S, e, e->op == OP_DIV ? (int64_t)a / b : (int64_t)a % b, e->op == OP_DIV ? "/" : "%", a, b);
            return 1;
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

