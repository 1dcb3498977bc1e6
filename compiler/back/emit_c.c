/* emit_c.c: the C back end: const tables, resumable script functions and the
   game descriptors, written deterministically from the checked Model. */
#include "emit_c.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"

/* A growable text buffer (heap; freed by buf_free). */
typedef struct Buf {
    char *s;
    size_t len, cap;
} Buf;

static void buf_grow(Buf *b, size_t need)
{
    if (b->len + need + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < b->len + need + 1)
        cap *= 2;
    char *n = realloc(b->s, cap);
    if (!n) {
        fputs("cardc: out of memory\n", stderr);
        abort();
    }
    b->s = n;
    b->cap = cap;
}

static void bputs(Buf *b, const char *s)
{
    size_t n = strlen(s);
    buf_grow(b, n);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void bprintf(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    buf_grow(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

static void buf_free(Buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

/* The emitter's context for one unit. */
typedef struct Emit {
    const Model *m;
    Arena *a;
    const char *const *files;
    int nfiles;
    const MUnit *unit;
    MUnit *wunit;          /* the same unit, to add temporaries */
    Buf *body;             /* the function body being written */
    Buf *helpers;          /* aggregate helpers of this unit */
    int indent;
    int pc;                /* last resume point used */
    int helper_count;
    int fallible;          /* the current statement calls a primitive that may fail */
    int hidden;            /* inside simultaneously */
    int *script_of_unit;   /* unit index -> script index (-1 for functions) */
    Loc *sites;            /* the site table (docs/runtime.md "Sites"), in order of use */
    int nsites, capsites;
    uint8_t *uses_matches;  /* enum index -> matches() on it is used */
    /* Loop variables of pure loops (aggregates, options) read as C locals:
       slot, its C name, the kind every value has (-1: not known), and
       whether the code written reads it (used). */
    struct { int slot, kind, used; const char *cname; } bound[16];
    int nbound;
    int in_options;        /* options are being added to the local RtOptBuf ob */
    int by_value;          /* a function's params are C parameters, passed by value to its aggregates */
    /* In a function's body: calls of game functions with the same C text
       are made once (a lazy memo in C locals), and small functions are
       expanded in place (expand_depth deep). */
    int memo_on, expand_on, nmemo, expand_depth;
    struct { const char *call, *var; } memo[32];
    uint8_t *memo_helper;  /* unit index -> a memo helper is used */
    Buf *texts;            /* the char arrays of long text (c_string), or NULL */
    int ntexts;
} Emit;

/* ---- names and escaping -------------------------------------------------------- */

/* Names (docs/runtime.md, "Names and text in the generated C"): every
   name from the sources is written behind a fixed prefix for its kind of
   name, so that it can be no C keyword, macro or library name, no name of
   the runtime's (rt_, RT_, Rt) and no name of the generator's own:
     file scope, all beginning with a capital: SIDE_ KIND_ ZONE_ ZCELL_
       VAR_ VCELL_ CONST_ ENUM_ (enum values), Rows_ Faces_ StateNames_
       StateDefaults_ StateTypes_ StateKeep_ (kinds), Values_ Matches_
       (enums), Copies_ Consts_ (variants), Fn_ Memo_ (functions),
       Script_ Agg<n>_ (units, by their unique C name), Text_<n> (long
       text); struct tags Row_ (kinds) and Locals_ (units);
     struct members: fd_ (fields), v_ (locals); block scope: v_ (params),
       it_ (loop variables).
   No prefix is the beginning of another, and the generator's own names
   (g, f, L, ob, zc, i, n, acc, memo1, layout, cards ...) begin with none,
   so two source names never meet in one C name. The exported names are
   the game id's (id_game, id_variant_v, id_variants, id_variant_count):
   the checker requires an id beginning with a lower-case letter and not
   rt_, and no variant named count. */

/* lname: the C name of local (or param) slot name s: v_s. */
static const char *lname(Emit *E, const char *s) { return arena_printf(E->a, "v_%s", s); }

/* fname: the C member name of field s: fd_s. */
static const char *fname_of(Emit *E, const char *s) { return arena_printf(E->a, "fd_%s", s); }

/* Text (docs/runtime.md, "Names and text in the generated C"): source
   text reaches the C only as a string literal, every byte escaped as
   needed (trigraphs broken), of at most TEXT_INLINE_MAX characters
   between its quotes (C11 5.2.4.1 allows 4095), or else as a char array
   Text_<n> of escaped char constants, defined before any use; and in a
   comment only as the characters of COMMENT_SAFE, anything else (each
   UTF-8 character) written as one '_', cut at COMMENT_MAX. */
enum { TEXT_INLINE_MAX = 1000, COMMENT_MAX = 100 };
static const char COMMENT_SAFE[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _.,:-/";

/* escape_byte: byte c (followed by next) as it is written inside a
   literal whose quote is q, into t (at least 5 bytes). */
static void escape_byte(unsigned char c, unsigned char next, char q, char *t)
{
    if (c == (unsigned char)q || c == '\\')
        snprintf(t, 5, "\\%c", c);
    else if (c == '\n')
        snprintf(t, 5, "\\n");
    else if (c == '\t')
        snprintf(t, 5, "\\t");
    else if (c == '?' && next == '?')
        snprintf(t, 5, "?\\");   /* break trigraphs: ?\? */
    else if (c < 0x20 || c >= 0x7F)
        snprintf(t, 5, "\\%03o", c);
    else
        snprintf(t, 5, "%c", c);
}

/* c_string: the C text of string s: a literal, or the name of a char
   array added to E->texts when the literal would be too long (arena-owned). */
static const char *c_string(Emit *E, const char *s)
{
    Buf b = {0};
    char t[5];
    bputs(&b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        escape_byte(*p, p[1], '"', t);
        bputs(&b, t);
    }
    bputs(&b, "\"");
    const char *r;
    if (b.len - 2 <= TEXT_INLINE_MAX || !E->texts) {
        r = arena_strdup(E->a, b.s);
    } else {
        r = arena_printf(E->a, "Text_%d", ++E->ntexts);
        bprintf(E->texts, "static const char %s[] = {", r);
        int k = 0;
        for (const unsigned char *p = (const unsigned char *)s;; p++, k++) {
            escape_byte(*p, 0, '\'', t);
            bprintf(E->texts, "%s'%s',", k % 16 ? " " : "\n    ", *p ? t : "\\0");
            if (!*p)
                break;
        }
        bputs(E->texts, "\n};\n");
    }
    buf_free(&b);
    return r;
}

/* c_comment: s as comment text: COMMENT_SAFE characters, any other
   character (a UTF-8 sequence counts as one) written '_', at most
   COMMENT_MAX of them, then "..." (arena-owned). */
static const char *c_comment(Arena *a, const char *s)
{
    char *o = arena_alloc(a, COMMENT_MAX + 4);
    size_t j = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x80 && (*p & 0xC0) == 0x80 && p > (const unsigned char *)s && p[-1] >= 0x80)
            continue;   /* a UTF-8 continuation byte: its character is written already */
        if (j == COMMENT_MAX) {
            memcpy(o + j, "...", 3);
            j += 3;
            break;
        }
        o[j++] = strchr(COMMENT_SAFE, *p) ? (char)*p : '_';
    }
    o[j] = '\0';
    return o;
}

/* file_of: the path of loc's file, as comment text; file_path: as it is. */
static const char *file_path(const Emit *E, Loc loc)
{
    if (loc.file >= 0 && loc.file < E->nfiles)
        return E->files[loc.file];
    return "?";
}
static const char *file_of(const Emit *E, Loc loc) { return c_comment(E->a, file_path(E, loc)); }

/* site: a new entry for loc in the site table, and its index: the small
   constant a primitive that may fail is given. One entry per use, in the
   order of the code, so that the same rules give the same numbers from
   every front end (a YAML export keeps lines, not columns: only the
   table's columns differ, docs/formats.md). */
static int site(Emit *E, Loc loc)
{
    if (E->nsites == E->capsites) {
        int cap = E->capsites ? 2 * E->capsites : 64;
        Loc *n = arena_alloc(E->a, sizeof *n * (size_t)cap);
        if (E->nsites)
            memcpy(n, E->sites, sizeof *n * (size_t)E->nsites);
        E->sites = n;
        E->capsites = cap;
    }
    E->sites[E->nsites] = loc;
    return E->nsites++;
}

static void line(Emit *E, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void line(Emit *E, const char *fmt, ...)
{
    for (int i = 0; i < E->indent; i++)
        bputs(E->body, "    ");
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    buf_grow(E->body, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(E->body->s + E->body->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    E->body->len += (size_t)n;
    bputs(E->body, "\n");
}

/* A new temporary slot in the unit's locals; returns "L->name". */
static const char *temp(Emit *E, const char *base)
{
    MUnit *u = E->wunit;
    const char *name = base;
    for (int k = 2;; k++) {
        int clash = 0;
        for (int i = 0; i < u->nlocals; i++)
            if (strcmp(u->locals[i], name) == 0)
                clash = 1;
        if (!clash)
            break;
        name = arena_printf(E->a, "%s_%d", base, k);
    }
    if (u->nlocals == u->caplocals) {
        int cap = u->caplocals ? u->caplocals * 2 : 8;
        const char **n = arena_alloc(E->a, sizeof *n * (size_t)cap);
        if (u->nlocals)
            memcpy(n, u->locals, sizeof *n * (size_t)u->nlocals);
        u->locals = n;
        u->caplocals = cap;
    }
    u->locals[u->nlocals++] = name;
    return arena_printf(E->a, "L->%s", lname(E, name));
}

static const char *local(Emit *E, int slot)
{
    for (int i = E->nbound - 1; i >= 0; i--)
        if (E->bound[i].slot == slot) {
            E->bound[i].used = 1;
            return E->bound[i].cname;
        }
    return arena_printf(E->a, "L->%s", lname(E, E->unit->locals[slot]));
}

static const char *ex(Emit *E, const AstNode *e);
static const char *zone_cells(Emit *E, const AstNode *z);

/* bound_kind: the kind every value of the card expression e has when e
   is a bound loop variable over a zone of one kind, else -1. */
static int bound_kind(const Emit *E, const AstNode *e)
{
    if (e->kind != AST_NAME || SYM_CAT(e->sem_ref) != SYM_LOCAL)
        return -1;
    for (int i = E->nbound - 1; i >= 0; i--)
        if (E->bound[i].slot == SYM_IDX(e->sem_ref))
            return E->bound[i].kind;
    return -1;
}

/* picked_kind: when e is top, bottom or a random card of a zone of one
   kind, that kind (e's value is a card of it, or RT_NONE once the game
   has failed); else -1. */
static int picked_kind(const Emit *E, const AstNode *e);

/* zone_kind: the kind a zone expression's cards all have, or -1. */
static int zone_kind(const Emit *E, const AstNode *coll)
{
    if ((TypeBase)coll->sem_type != T_ZONE || SYM_CAT(coll->sem_ref) != SYM_ZONE)
        return -1;
    return E->m->zones[SYM_IDX(coll->sem_ref)].kind;
}

static int picked_kind(const Emit *E, const AstNode *e)
{
    if (e->kind != AST_CALL || SYM_CAT(e->sem_ref) == SYM_FUNC || e->list.count != 1)
        return -1;
    if (strcmp(e->name, "top") != 0 && strcmp(e->name, "bottom") != 0 && strcmp(e->name, "random") != 0)
        return -1;
    return zone_kind(E, e->list.items[0]);
}



/* any_node: n or a node below it satisfies pred (with ctx); any_below:
   a node strictly below n does. The generator's questions about a
   subtree are asked through these two. */
typedef int (*NodeTest)(const AstNode *n, const void *ctx);
static int any_node(const AstNode *n, NodeTest pred, const void *ctx);
static int any_below(const AstNode *n, NodeTest pred, const void *ctx)
{
    if (!n)
        return 0;
    if (any_node(n->a, pred, ctx) || any_node(n->b, pred, ctx) || any_node(n->c, pred, ctx) ||
        any_node(n->d, pred, ctx) || any_node(n->e, pred, ctx))
        return 1;
    for (int i = 0; i < n->list.count; i++)
        if (any_node(n->list.items[i], pred, ctx))
            return 1;
    return 0;
}
static int any_node(const AstNode *n, NodeTest pred, const void *ctx)
{
    return n && (pred(n, ctx) || any_below(n, pred, ctx));
}

static int is_aggregate(const AstNode *n, const void *ctx)
{
    (void)ctx;
    return n->kind == AST_AGGREGATE;
}
static int is_call_or_aggregate(const AstNode *n, const void *ctx)
{
    (void)ctx;
    return n->kind == AST_AGGREGATE || (n->kind == AST_CALL && SYM_CAT(n->sem_ref) == SYM_FUNC);
}
static int is_aggregate_holding_one(const AstNode *n, const void *ctx)
{
    return n->kind == AST_AGGREGATE && any_below(n, is_aggregate, ctx);
}

static int is_assign_to(const AstNode *n, const void *ctx)
{
    int slot = *(const int *)ctx;
    return n->kind == AST_ASSIGN && n->a->kind == AST_NAME && SYM_CAT(n->a->sem_ref) == SYM_LOCAL &&
           (int)SYM_IDX(n->a->sem_ref) == slot;
}

/* has_aggregate: n contains an aggregate (whose helper reads the locals
   through L, not the C locals of the enclosing loop). */
static int has_aggregate(const AstNode *n) { return any_node(n, is_aggregate, NULL); }

/* calls_function: n calls a game function or holds an aggregate (either
   may fail inside, which the caller does not see at once). */
static int calls_function(const AstNode *n) { return any_node(n, is_call_or_aggregate, NULL); }

/* nested_aggregate: n holds an aggregate inside another. */
static int nested_aggregate(const AstNode *n) { return any_node(n, is_aggregate_holding_one, NULL); }

/* bind: from now on the local slot reads as the C local cname, whose
   values are all cards of kind (-1: unknown). Undone by unbind. */
static int bind(Emit *E, int slot, const char *cname, int kind)
{
    if (E->nbound >= (int)(sizeof E->bound / sizeof E->bound[0]))
        return 0;
    E->bound[E->nbound].slot = slot;
    E->bound[E->nbound].kind = kind;
    E->bound[E->nbound].cname = cname;
    E->bound[E->nbound].used = 0;
    E->nbound++;
    return 1;
}

/* bind_zone_card: the local in slot holds a card of zone coll (a loop's
   or a choice's variable) in body: when coll is declared of one kind and
   body never assigns the local, bind it (as the frame's cell) to that
   kind, so that its fields and state are read unchecked. Returns the
   binding depth to restore. */
static int bind_zone_card(Emit *E, const AstNode *coll, int slot, const AstNode *body)
{
    int depth = E->nbound, k = zone_kind(E, coll);
    if (k >= 0 && !any_node(body, is_assign_to, &slot))
        bind(E, slot, local(E, slot), k);
    return depth;
}

/* unbind: forget the bindings made since depth n. */
static void unbind(Emit *E, int n) { E->nbound = n; }

/* tested_kind: when e is `x is K` (or `x is K and ...`) for a local x not
   yet known to be of one kind, K: x is a K wherever e is true. Else -1. */
static int tested_kind(const Emit *E, const AstNode *e)
{
    while (e->kind == AST_BINARY && e->op == OP_AND)
        e = e->a;
    if (e->kind != AST_IS || e->a->kind != AST_NAME || SYM_CAT(e->a->sem_ref) != SYM_LOCAL)
        return -1;
    return bound_kind(E, e->a) < 0 ? e->sem_ref : -1;
}

/* A loop whose body cannot change the state (an aggregate, the options
   of a decision) is written in two calls. pure_loop_bind names the C
   local the loop variable in slot lives in (*cvar) and binds the slot to
   it, so that the caller can now write the body's expressions; *bound_ok
   is 0 when no binding was free. It returns the binding depth, which the
   caller restores (unbind) once the expressions are written. Then
   pure_loop_open writes the `for` over coll (a zone: its cards top
   first; players or sides: counting up) and, when store is set (not
   bound, or an aggregate in the body reads the frame's slot), keeps the
   slot up to date too; the caller writes the body and closes the loop.
   cvar NULL: the body never reads the variable, which is not declared
   (see loop_var_used). */
static int pure_loop_bind(Emit *E, const AstNode *coll, int slot, const char **cvar, int *bound_ok)
{
    int depth = E->nbound;
    *cvar = arena_printf(E->a, "it_%s", E->unit->locals[slot]);
    *bound_ok = bind(E, slot, *cvar, zone_kind(E, coll));
    return depth;
}
/* loop_var_used: the C local bound at depth (pure_loop_bind) was read by
   the code written since, or must be declared anyway (store: the frame's
   slot is kept up to date from it; !bound_ok: it was not bound). */
static int loop_var_used(const Emit *E, int depth, int bound_ok, int store)
{
    if (store || !bound_ok)
        return 1;
    for (int i = depth; i < E->nbound; i++)   /* rebound as the same C local (x is K) */
        if (E->bound[i].used && E->bound[i].cname == E->bound[depth].cname)
            return 1;
    return 0;
}
static void pure_loop_open(Emit *E, const AstNode *coll, int slot, const char *cvar, int store)
{
    TypeBase ct = (TypeBase)coll->sem_type;
    if (ct == T_ZONE) {
        line(E, "const int32_t *zc = %s;", zone_cells(E, coll));
        line(E, "for (int i = zc[0] - 1; i >= 0; i--) {");
        E->indent++;
        if (cvar)   /* (void): a call written in place may drop the argument that read it */
            line(E, "RtValue %s = zc[1 + i]; (void)%s;", cvar, cvar);
    } else {
        line(E, "int n = %s;", ct == T_PLAYERS ? "rt_players(g)" : arena_printf(E->a, "%d", E->m->nsides));
        line(E, "for (int i = 0; i < n; i++) {");
        E->indent++;
        if (cvar)
            line(E, "RtValue %s = i; (void)%s;", cvar, cvar);
    }
    if (store)
        line(E, "L->%s = %s;", lname(E, E->unit->locals[slot]), cvar);
}
static const char *enum_value(Emit *E, int e, int v)
{
    const MEnum *en = &E->m->enums[e];
    if (v < 0 || v >= en->nvalues)
        return "RT_NONE";
    return arena_printf(E->a, "ENUM_%s", en->values[v]);
}

static const char *kind_enum(Emit *E, int k)
{
    return arena_printf(E->a, "KIND_%s", E->m->kinds[k].name);
}

/* ---- expressions -------------------------------------------------------------- */

static const char *ex(Emit *E, const AstNode *e);

/* bare: x without one pair of parentheses that wraps all of it, for use as
   a whole condition (`if ((a == b))` draws clang's -Wparentheses-equality). */
static const char *bare(Emit *E, const char *x)
{
    size_t n = strlen(x);
    if (n < 2 || x[0] != '(' || x[n - 1] != ')')
        return x;
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (x[i] == '"' || x[i] == '\'')
            return x; /* a literal inside: leave it alone */
        if (x[i] == '(')
            depth++;
        else if (x[i] == ')' && --depth == 0 && i != n - 1)
            return x; /* the first pair closes early: (a) && (b) */
    }
    return arena_strndup(E->a, x + 1, n - 2);
}

/* condition: the C text of e as a whole condition. */
static const char *condition(Emit *E, const AstNode *e)
{
    return bare(E, ex(E, e));
}

/* zone_place: when the zone expression z names a declared zone (a shared
   one, or a player's), the C text of its cells (const int32_t *, at the
   cells of the layout) with *decl and *player (C text; "RT_NONE" for a
   shared zone) for messages; else NULL. */
static const char *zone_place(Emit *E, const AstNode *z, int *decl, const char **player)
{
    if ((TypeBase)z->sem_type != T_ZONE || SYM_CAT(z->sem_ref) != SYM_ZONE)
        return NULL;
    if (z->kind != AST_NAME && z->kind != AST_MY && z->kind != AST_FIELD_OF)
        return NULL;
    int d = SYM_IDX(z->sem_ref);
    const MZone *mz = &E->m->zones[d];
    *decl = d;
    if (!mz->per_player) {
        *player = "RT_NONE";
        return arena_printf(E->a, "rt_zone_cells_at(g, ZCELL_%s)", mz->name);
    }
    *player = z->kind == AST_MY ? "f->me" : z->kind == AST_FIELD_OF ? ex(E, z->a) : "0";
    return arena_printf(E->a, "rt_pzone_cells_at(g, ZONE_%s, ZCELL_%s, PLAYER_CELLS, %s)", mz->name, mz->name, *player);
}

/* zone_cells: the C text of zone expression z's cells (const int32_t *). */
static const char *zone_cells(Emit *E, const AstNode *z)
{
    int decl;
    const char *player, *at = zone_place(E, z, &decl, &player);
    return at ? at : arena_printf(E->a, "rt_zone_cards(g, %s)", ex(E, z));
}

static const char *player_member(Emit *E, const AstNode *e, const char *player)
{
    int cat = SYM_CAT(e->sem_ref), idx = SYM_IDX(e->sem_ref);
    switch (cat) {
    case SYM_ZONE:
        if (!E->m->zones[idx].per_player)
            return arena_printf(E->a, "rt_zone_shared(g, ZONE_%s)", E->m->zones[idx].name);
        return arena_printf(E->a, "rt_zone_of(g, ZONE_%s, %s)", E->m->zones[idx].name, player);
    case SYM_VAR:
        if (!E->m->vars[idx].per_player)
            return arena_printf(E->a, "rt_var_at(g, VCELL_%s)", E->m->vars[idx].name);
        return arena_printf(E->a, "rt_pvar_at(g, VCELL_%s, PLAYER_CELLS, %s)", E->m->vars[idx].name, player);
    case SYM_PLAYER_SIDE:
        return arena_printf(E->a, "rt_player_side(g, %s)", player);
    default:
        return "0";
    }
}

/* card_member: the C text of member e of card (trusted_kind: the kind
   card is known to be a valid instance of, or -1: checked access). */
static const char *card_member(Emit *E, const AstNode *e, const char *card, int trusted_kind)
{
    int cat = SYM_CAT(e->sem_ref), idx = SYM_IDX(e->sem_ref);
    int k = e->sem_extra;
    int trusted = trusted_kind >= 0 && trusted_kind == k;
    switch (cat) {
    case SYM_CARD_OWNER:
        return arena_printf(E->a, "rt_card_owner(g, %s)", card);
    case SYM_CARD_NAME:
        return arena_printf(E->a, "rt_card_name(g, %s)", card);
    case SYM_FIELD: {
        const MKind *kd = &E->m->kinds[k];
        const char *fname = NULL;
        for (int i = 0; i < kd->nfields; i++)
            if (!kd->fields[i].is_state && kd->fields[i].index == idx)
                fname = kd->fields[i].name;
        if (trusted)
            return arena_printf(E->a, "Rows_%s[rt__row(g, %s)].%s", kd->name, card, fname_of(E, fname ? fname : "?"));
        E->fallible = 1;
        return arena_printf(E->a, "Rows_%s[rt_card_row(g, %s, %s, %d)].%s", kd->name, card, kind_enum(E, k),
                            site(E, e->loc), fname_of(E, fname ? fname : "?"));
    }
    case SYM_STATE:
        if (trusted)
            return arena_printf(E->a, "rt__state(g, %s, %d)", card, idx);
        E->fallible = 1;
        return arena_printf(E->a, "rt_card_state(g, %s, %s, %d, %d)", card, kind_enum(E, k), idx, site(E, e->loc));
    default:
        return "0";
    }
}

static int64_t magnitude(const Emit *E, const AstNode *e);

/* Emit a helper function for an aggregate and return the call. */
static const char *aggregate(Emit *E, const AstNode *e)
{
    int n = ++E->helper_count;
    const char *fn = arena_printf(E->a, "Agg%d_%s", n, E->unit->cname);
    /* The helper is a function of its own: the enclosing loops' C locals
       are not in scope there (it reads them through L). */
    Emit outer = *E;
    E->nbound = 0;
    E->memo_on = 0;   /* a call in the loop depends on the loop variable: never memoised */
    if (E->by_value)   /* the function's params are the helper's own parameters */
        for (int p = 0; p < E->unit->nparams; p++)
            bind(E, p, lname(E, E->unit->locals[p]), -1);
    Buf *save_body = E->body;
    int save_indent = E->indent;
    Buf hb = {0};
    E->body = &hb;
    E->indent = 1;
    const char *init = e->op == 'l' ? "1" : "0";
    line(E, "RtValue acc = %s;", init);
    const char *cvar;
    int bound_ok;
    int depth = pure_loop_bind(E, e->a, (int)e->ival, &cvar, &bound_ok);
    const char *body_cond = e->c ? ex(E, e->c) : NULL;
    const char *val = e->b ? ex(E, e->b) : NULL;
    int store = !bound_ok || has_aggregate(e->b) || has_aggregate(e->c);
    int used = loop_var_used(E, depth, bound_ok, store);
    unbind(E, depth);
    pure_loop_open(E, e->a, (int)e->ival, used ? cvar : NULL, store);
    if (body_cond)
        line(E, "if (!(%s)) continue;", body_cond);
    switch (e->op) {
    case 'c':
        line(E, "acc++;");
        break;
    case 's':
        if (magnitude(E, e) >= 0 && magnitude(E, e) <= INT32_MAX) {   /* docs/runtime.md "Checked arithmetic" */
            line(E, "acc += %s;", val ? val : "0");
        } else {
            line(E, "acc = rt_add(g, acc, %s, %d);", val ? val : "0", site(E, e->loc));
            E->fallible = 1;
        }
        break;
    case 'a':
        line(E, "if (%s) return 1;", val ? bare(E, val) : "1");
        break;
    case 'l':
        line(E, "if (!(%s)) return 0;", val ? val : "1");
        break;
    default:
        break;
    }
    E->indent--;
    line(E, "}");
    line(E, "return acc;");
    E->body = save_body;
    E->indent = save_indent;
    memcpy(E->bound, outer.bound, sizeof E->bound);
    E->nbound = outer.nbound;
    E->memo_on = outer.memo_on;
    const char *what = e->op == 'c' ? "count" : e->op == 's' ? "sum" : e->op == 'a' ? "any" : "all";
    if (E->by_value) {
        /* out of line and pure: a call with the same arguments is made
           once while the state stays as it is (the callers are inlined) */
        Buf params = {0}, args = {0}, unused = {0};
        for (int p = 0; p < E->unit->nparams; p++) {
            bprintf(&params, ", RtValue %s", lname(E, E->unit->locals[p]));
            bprintf(&args, ", %s", lname(E, E->unit->locals[p]));
            bprintf(&unused, "    (void)%s;\n", lname(E, E->unit->locals[p])); /* not every param is read */
        }
        bprintf(E->helpers, "/* %s:%d: %s */\nRT_PURE RT_NOINLINE static RtValue %s(RtGame *g, RtFrame *f%s)\n{\n    (void)f;\n%s%s}\n\n",
                file_of(E, e->loc), e->loc.line, what, fn, params.s ? params.s : "", unused.s ? unused.s : "", hb.s);
        const char *call = arena_printf(E->a, "%s(g, f%s)", fn, args.s ? args.s : "");
        buf_free(&params);
        buf_free(&args);
        buf_free(&unused);
        buf_free(&hb);
        return call;
    }
    const char *ltype = arena_printf(E->a, "struct Locals_%s", E->unit->cname);
    bprintf(E->helpers, "/* %s:%d: %s */\nRT_PURE static RtValue %s(RtGame *g, RtFrame *f, %s *L)\n{\n    (void)f;\n    (void)L;\n%s}\n\n",
            file_of(E, e->loc), e->loc.line, what, fn, ltype, hb.s);
    buf_free(&hb);
    return arena_printf(E->a, "%s(g, f, L)", fn);
}

/* function_unit: the unit of game function name, or NULL. */
static const MUnit *function_unit(const Emit *E, const char *name)
{
    for (int u = 0; u < E->m->nunits; u++)
        if (E->m->units[u].is_function && strcmp(E->m->units[u].name, name) == 0)
            return &E->m->units[u];
    return NULL;
}

/* unwrap: x without the parentheses that wrap all of it (one pair after
   another), so that the same argument is written the same way. */
static const char *unwrap(Emit *E, const char *x)
{
    for (;;) {
        const char *y = bare(E, x);
        if (y == x)
            return x;
        x = y;
    }
}

/* memo_call: a call of game function fn (C text call; fn_args: ", "
   and its arguments) made at most once in the function body being
   written: the first use evaluates it, the others read its C local (the
   state cannot change within a function). The memo is read and set by
   fn's memo helper (emit_memo_helpers): a call, so two uses in one
   expression are sequenced (a + a, where the lazy `set ? m : (set = 1,
   ...)` inline would read and write m unsequenced). */
static const char *memo_call(Emit *E, const char *call, const char *fn, const char *fn_args)
{
    int k = 0;
    while (k < E->nmemo && strcmp(E->memo[k].call, call) != 0)
        k++;
    if (k == E->nmemo) {
        if (E->nmemo == (int)(sizeof E->memo / sizeof E->memo[0]))
            return call;
        E->memo[k].call = call;
        E->memo[k].var = arena_printf(E->a, "memo%d", k + 1);
        E->nmemo++;
    }
    E->memo_helper[function_unit(E, fn) - E->m->units] = 1;
    return arena_printf(E->a, "Memo_%s(g, f, %s%s)", fn, E->memo[k].var, fn_args);
}

/* expand_call: the body of the small function cu (no aggregate) written
   in place of the call e, its params read as the arguments' C text (the
   arguments are pure: repeating one changes nothing). */
static const char *expand_call(Emit *E, const MUnit *cu, const AstNode *e)
{
    const char *args[8];
    for (int i = 0; i < cu->nparams; i++) {
        const char *x = unwrap(E, ex(E, e->list.items[i]));
        size_t k = strspn(x, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_>-");
        args[i] = x[k] == '\0' ? x : arena_printf(E->a, "(%s)", x);   /* a name (p, L->p) needs no parentheses */
    }
    const MUnit *unit = E->unit;
    MUnit *wunit = E->wunit;
    int depth = E->nbound;
    E->unit = cu;
    E->wunit = (MUnit *)cu;
    for (int i = 0; i < cu->nparams; i++)
        bind(E, i, args[i], -1);
    E->expand_depth++;
    const char *r = ex(E, cu->body);
    E->expand_depth--;
    unbind(E, depth);
    E->unit = unit;
    E->wunit = wunit;
    return arena_printf(E->a, "(%s)", r);
}

/* magnitude: a bound on |value| of integer expression e known without
   running it (literals, counts, the number of players, and +, -, *, unary
   minus and ?: of those), or -1 when there is none. */
static int64_t magnitude(const Emit *E, const AstNode *e)
{
    const int64_t most = (int64_t)1 << 40;   /* past INT32_MAX, and products of two stay in int64 */
    int64_t a, b;
    switch (e->kind) {
    case AST_INT:
        return e->ival < 0 ? (e->ival >= -most ? -e->ival : -1) : (e->ival <= most ? e->ival : -1);
    case AST_AGGREGATE:   /* a count is at most every card instance; RT_MAX_CARDS bounds those */
        if (e->op == 'c')
            return (int64_t)1 << 24;
        a = e->op == 's' && e->b ? magnitude(E, e->b) : -1;
        return a >= 0 && a <= most >> 24 ? a << 24 : -1;
    case AST_FIELD_OF:   /* a card's data field: the largest in its kind's table */
        if (SYM_CAT(e->sem_ref) != SYM_FIELD || e->sem_extra < 0 || e->sem_extra >= E->m->nkinds)
            return -1;
        a = 0;
        for (int c = 0; c < E->m->ncards; c++) {
            const MCard *cd = &E->m->cards[c];
            const MValue *v = cd->kind == e->sem_extra && cd->values ? &cd->values[SYM_IDX(e->sem_ref)] : NULL;
            b = v && v->present ? (v->ival < 0 ? -(int64_t)v->ival : v->ival) : 0;
            a = b > a ? b : a;
        }
        return a;
    case AST_CALL:
        if (SYM_CAT(e->sem_ref) == SYM_FUNC || e->list.count != 1 || strcmp(e->name, "count") != 0)
            return -1;
        return (int64_t)1 << 24;
    case AST_UNARY:
        return e->op == '-' || e->op == OP_NEG ? magnitude(E, e->a) : -1;
    case AST_BINARY:
        if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL)
            return -1;
        a = magnitude(E, e->a);
        b = magnitude(E, e->b);
        if (a < 0 || b < 0 || a > most || b > most)
            return -1;
        if (e->op == OP_MUL)
            return a && b > most / a ? -1 : a * b;
        return a + b <= most ? a + b : -1;
    case AST_COND:
        a = magnitude(E, e->b);
        b = magnitude(E, e->c);
        return a < 0 || b < 0 ? -1 : a > b ? a : b;
    default:
        return -1;
    }
}

/* arith_checked: 1 when arithmetic node e (+ - * / %, unary minus) needs a
   run-time check: a division or modulo always (by zero), the others when
   magnitude cannot show the result fits an int32. */
static int arith_checked(const Emit *E, const AstNode *e)
{
    if (e->kind == AST_UNARY)
        return (e->op == '-' || e->op == OP_NEG) && magnitude(E, e) < 0;
    if (e->kind != AST_BINARY)
        return 0;
    if (e->op == OP_DIV || e->op == OP_MOD)
        return 1;
    if (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL)
        return 0;
    int64_t m = magnitude(E, e);
    return m < 0 || m > INT32_MAX;
}

/* arith_fn: the checked primitive of operator op (cardrt.h). */
static const char *arith_fn(int op)
{
    switch (op) {
    case OP_ADD: return "rt_add";
    case OP_SUB: return "rt_sub";
    case OP_MUL: return "rt_mul";
    case OP_DIV: return "rt_div";
    default: return "rt_mod";
    }
}

/* plain: reading e costs a few loads and cannot fail or change anything
   (no zone, no game function, no checked card access, no division), so
   it may be read even where a short circuit would skip it. */
static int plain(const Emit *E, const AstNode *e)
{
    switch (e->kind) {
    case AST_INT:
    case AST_BOOL:
    case AST_ME:
    case AST_THIS:
    case AST_OPPONENT:
        return 1;
    case AST_NAME:
    case AST_MY:
        return SYM_CAT(e->sem_ref) != SYM_ZONE;
    case AST_FIELD_OF: {
        int cat = SYM_CAT(e->sem_ref);
        if ((TypeBase)e->a->sem_type == T_PLAYER)
            return cat != SYM_ZONE && plain(E, e->a);
        return (cat == SYM_FIELD || cat == SYM_STATE) && e->a->kind == AST_NAME && bound_kind(E, e->a) == e->sem_extra;
    }
    case AST_UNARY:
        return !arith_checked(E, e) && plain(E, e->a);
    case AST_BINARY:
        if (arith_checked(E, e) || ((e->op == OP_EQ || e->op == OP_NE) && e->sem_extra == T_TEXT))
            return 0;
        if (e->op == OP_AND && tested_kind(E, e->a) >= 0)
            return 0;
        return plain(E, e->a) && plain(E, e->b);
    case AST_IS:
        return plain(E, e->a);
    case AST_COND:
        return plain(E, e->a) && plain(E, e->b) && plain(E, e->c);
    case AST_CALL:
        if (SYM_CAT(e->sem_ref) == SYM_FUNC || e->list.count != 1)
            return 0;
        if (strcmp(e->name, "next") == 0)
            return plain(E, e->list.items[0]);
        return strcmp(e->name, "count") == 0 && (TypeBase)e->list.items[0]->sem_type != T_ZONE;
    default:
        return 0;
    }
}

/* truth: the C text x of bool expression e as 0 or 1 (comparisons and
   negations already are; a stored truth value is 0 or 1 too, but is
   written !!x so that & and | stay exact whatever it holds). */
static const char *truth(Emit *E, const AstNode *e, const char *x)
{
    if (e->kind == AST_IS || e->kind == AST_BOOL || (e->kind == AST_UNARY && e->op != '-' && e->op != OP_NEG))
        return x;
    if (e->kind == AST_BINARY && e->op >= OP_EQ && e->op <= OP_OR)
        return x;
    return arena_printf(E->a, "(!!%s)", x);
}

static const char *binop(int op)
{
    switch (op) {
    case OP_ADD: return "+";
    case OP_SUB: return "-";
    case OP_MUL: return "*";
    case OP_EQ: return "==";
    case OP_NE: return "!=";
    case OP_LT: return "<";
    case OP_LE: return "<=";
    case OP_GT: return ">";
    case OP_GE: return ">=";
    case OP_AND: return "&&";
    case OP_OR: return "||";
    default: return "?";
    }
}

static const char *ex(Emit *E, const AstNode *e)
{
    Arena *a = E->a;
    switch (e->kind) {
    case AST_INT:
        return arena_printf(a, "%lld", (long long)e->ival);
    case AST_BOOL:
        return e->ival ? "1" : "0";
    case AST_STRING:
        return c_string(E, e->text);
    case AST_NAME: {
        int cat = SYM_CAT(e->sem_ref), idx = SYM_IDX(e->sem_ref);
        switch (cat) {
        case SYM_LOCAL:
            return local(E, idx);
        case SYM_SIDE:
            return arena_printf(a, "SIDE_%s", E->m->side_names[idx]);
        case SYM_ZONE:
            if (!E->m->zones[idx].per_player)
                return arena_printf(a, "rt_zone_shared(g, ZONE_%s)", E->m->zones[idx].name);
            return arena_printf(a, "rt_zone(g, ZONE_%s, 0)", E->m->zones[idx].name);
        case SYM_VAR:
            if (!E->m->vars[idx].per_player)
                return arena_printf(a, "rt_var_at(g, VCELL_%s)", E->m->vars[idx].name);
            return arena_printf(a, "rt_get(g, VAR_%s, 0)", E->m->vars[idx].name);
        case SYM_CONST:
            return arena_printf(a, "rt_const(g, CONST_%s)", E->m->consts[idx].name);
        case SYM_ENUMVAL:
            return enum_value(E, e->sem_extra, idx);
        default:
            return "0";
        }
    }
    case AST_ME:
        return "f->me";
    case AST_OPPONENT:
        return "rt_next_player(g, f->me)";
    case AST_THIS:
        return "f->self";
    case AST_MY:
        return player_member(E, e, "f->me");
    case AST_FIELD_OF: {
        const char *o = ex(E, e->a);
        if ((TypeBase)e->a->sem_type == T_PLAYER)
            return player_member(E, e, o);
        int bk = bound_kind(E, e->a);
        if (bk < 0 && SYM_CAT(e->sem_ref) == SYM_FIELD && picked_kind(E, e->a) == e->sem_extra) {
            /* top(z).field for z of one kind: the card is one of that
               kind, or RT_NONE after the game failed (row 0, as ever) */
            const MKind *kd = &E->m->kinds[e->sem_extra];
            for (int i = 0; i < kd->nfields; i++)
                if (!kd->fields[i].is_state && kd->fields[i].index == SYM_IDX(e->sem_ref))
                    return arena_printf(a, "Rows_%s[rt__row_or0(g, %s)].%s", kd->name, o, fname_of(E, kd->fields[i].name));
        }
        return card_member(E, e, o, bk);
    }
    case AST_CALL: {
        const char *n = e->name;
        if (strcmp(n, "matches") == 0 && SYM_CAT(e->sem_ref) != SYM_FUNC) {
            int en = e->sem_ref;
            E->uses_matches[en] = 1;
            return arena_printf(a, "Matches_%s(%s, %s)", E->m->enums[en].name, ex(E, e->list.items[0]),
                                ex(E, e->list.items[1]));
        }
        if (SYM_CAT(e->sem_ref) == SYM_FUNC) {
            const MUnit *cu = function_unit(E, n);
            if (E->expand_on && cu && cu->nparams == e->list.count && cu->nparams <= 8 && !has_aggregate(cu->body) &&
                E->expand_depth < 4)
                return expand_call(E, cu, e);
            Buf b = {0};
            bputs(&b, "");
            for (int i = 0; i < e->list.count; i++)
                bprintf(&b, ", %s", E->memo_on ? unwrap(E, ex(E, e->list.items[i])) : ex(E, e->list.items[i]));
            const char *args = arena_strdup(a, b.s);
            buf_free(&b);
            const char *r = arena_printf(a, "Fn_%s(g, f%s)", n, args);
            return E->memo_on && cu ? memo_call(E, r, n, args) : r;
        }
        const AstNode *arg = e->list.items[0];
        const char *x = ex(E, arg);
        TypeBase at = (TypeBase)arg->sem_type;
        if (strcmp(n, "next") == 0)
            return arena_printf(a, "rt_next_player(g, %s)", x);
        if (strcmp(n, "count") == 0) {
            if (at == T_PLAYERS)
                return "rt_players(g)";
            if (at == T_SIDES)
                return arena_printf(a, "%d", E->m->nsides);
            return arena_printf(a, "%s[0]", zone_cells(E, arg));
        }
        if (strcmp(n, "empty") == 0)
            return arena_printf(a, "(%s[0] == 0)", zone_cells(E, arg));
        if (strcmp(n, "random") == 0) {
            if (at == T_PLAYERS)
                return "(RtValue)rt_random(g, (uint32_t)rt_players(g))";
            if (at == T_SIDES)
                return arena_printf(a, "(RtValue)rt_random(g, %du)", E->m->nsides);
            E->fallible = 1;
            return arena_printf(a, "rt_random_card(g, %s, %d)", x, site(E, e->loc));
        }
        E->fallible = 1;
        {
            int decl;
            const char *player, *at = zone_place(E, arg, &decl, &player);
            if (at)
                return arena_printf(a, "rt_%s_at(g, %s, ZONE_%s, %s, %d)", strcmp(n, "top") == 0 ? "top" : "bottom", at,
                                    E->m->zones[decl].name, player, site(E, e->loc));
        }
        return arena_printf(a, "rt_%s(g, %s, %d)", strcmp(n, "top") == 0 ? "top" : "bottom", x, site(E, e->loc));
    }
    case AST_AGGREGATE:
        return aggregate(E, e);
    case AST_UNARY:
        if ((e->op == '-' || e->op == OP_NEG) && arith_checked(E, e)) {
            E->fallible = 1;
            return arena_printf(a, "rt_neg(g, %s, %d)", ex(E, e->a), site(E, e->loc));
        }
        if (e->op == '-' || e->op == OP_NEG)
            return arena_printf(a, "(-%s)", ex(E, e->a));
        return arena_printf(a, "(!%s)", ex(E, e->a));
    case AST_BINARY: {
        const char *l = ex(E, e->a), *r;
        int depth = E->nbound;
        int k = e->op == OP_AND ? tested_kind(E, e->a) : -1;
        if (k >= 0)   /* `c is K and ...`: c is a K on the right */
            bind(E, (int)SYM_IDX(e->a->a->sem_ref), local(E, (int)SYM_IDX(e->a->a->sem_ref)), k);
        r = ex(E, e->b);
        unbind(E, depth);
        /* two plain truth values: both read, no branch (a short circuit
           over data-dependent values is a branch the CPU mispredicts) */
        if ((e->op == OP_AND || e->op == OP_OR) && k < 0 && plain(E, e->a) && plain(E, e->b))
            return arena_printf(a, "((int)%s %s (int)%s)", truth(E, e->a, l), e->op == OP_AND ? "&" : "|",
                                truth(E, e->b, r));   /* the casts say the bitwise operator is meant (clang) */
        if (arith_checked(E, e)) {   /* docs/language.md "Integers" */
            E->fallible = 1;
            return arena_printf(a, "%s(g, %s, %s, %d)", arith_fn(e->op), l, r, site(E, e->loc));
        }
        if ((e->op == OP_EQ || e->op == OP_NE) && e->sem_extra == T_TEXT)
            return arena_printf(a, "(strcmp(%s, %s) %s 0)", l, r, binop(e->op));
        /* `x == x` is legal cards: a unary plus keeps clang from calling
           the C a self-comparison (-Wtautological-compare) */
        int self = e->op >= OP_EQ && e->op <= OP_GE && strcmp(l, r) == 0;
        return arena_printf(a, "(%s %s %s%s)", l, binop(e->op), self ? "+" : "", r);
    }
    case AST_IS:
        return arena_printf(a, "(rt_card_kind(g, %s) == %s)", ex(E, e->a), kind_enum(E, e->sem_ref));
    case AST_COND:
        if (plain(E, e->a) && plain(E, e->b) && plain(E, e->c) && (TypeBase)e->sem_type != T_TEXT)
            /* both arms read, one kept without a branch */
            return arena_printf(a, "rt_select(%s, %s, %s)", truth(E, e->a, ex(E, e->a)), ex(E, e->b), ex(E, e->c));
        return arena_printf(a, "(%s ? %s : %s)", ex(E, e->a), ex(E, e->b), ex(E, e->c));
    default:
        return "0";
    }
}

/* ---- statements ----------------------------------------------------------------- */

static void stmt(Emit *E, const AstNode *s);

static void block(Emit *E, const AstNode *b)
{
    if (!b)
        return;
    if (b->kind != AST_BLOCK) {
        stmt(E, b);
        return;
    }
    for (int i = 0; i < b->list.count; i++)
        stmt(E, b->list.items[i]);
}

/* After a statement that may fail, stop the game at once. */
static void check_fail(Emit *E)
{
    if (E->fallible)
        line(E, "if (rt_check(g)) return RT_END;");
    E->fallible = 0;
}

/* decide: a decision's resume point. When agents answer in place
   (rt_play), rt_answer_now answers it and the script goes on without
   returning; else it yields to the driver and is resumed here. */
static void decide(Emit *E)
{
    int pc = ++E->pc;
    line(E, "f->pc = %d;", pc);
    line(E, "if (!rt_answer_now(g))");
    line(E, "    return RT_YIELD;");
    line(E, "/* fall through */");
    E->indent--;
    line(E, "case %d:;", pc);
    E->indent++;
}

/* run_now: run a callee's frame at once (run: rt_run, or rt_run_top
   after rt_call pushed it): the pc is stored first, so that when the
   callee stops at a decision (or a call of its own) the script returns
   its status and is resumed after the call once the callee's frame is
   done. */
static void run_now(Emit *E, const char *run)
{
    int pc = ++E->pc;
    line(E, "f->pc = %d;", pc);
    line(E, "{");
    line(E, "    RtStatus st = %s;", run);
    line(E, "    if (st != RT_DONE)");
    line(E, "        return st;");
    line(E, "}");
    line(E, "/* fall through */");
    E->indent--;
    line(E, "case %d:;", pc);
    E->indent++;
}

/* Loop over a collection for a statement whose body may yield: zones are
   snapshotted on the runtime's list stack; players and sides count up. */
static void loop_begin(Emit *E, const AstNode *coll, const char *var, const char **list_out, const char **idx_out)
{
    TypeBase ct = (TypeBase)coll->sem_type;
    const char *idx = temp(E, "i");
    *idx_out = idx;
    *list_out = NULL;
    if (ct == T_ZONE) {
        const char *list = temp(E, "list");
        const char *z = ex(E, coll);
        line(E, "%s = rt_list_zone(g, %s);", list, z);
        check_fail(E);
        line(E, "for (%s = 0; %s < rt_list_len(g, %s); %s++) {", idx, idx, list, idx);
        E->indent++;
        line(E, "%s = rt_list_at(g, %s, %s);", var, list, idx);
        *list_out = list;
    } else {
        const char *n = ct == T_PLAYERS ? "rt_players(g)" : arena_printf(E->a, "%d", E->m->nsides);
        line(E, "for (%s = 0; %s < %s; %s++) {", idx, idx, n, idx);
        E->indent++;
        line(E, "%s = %s;", var, idx);
    }
}

static void loop_end(Emit *E, const char *list)
{
    E->indent--;
    line(E, "}");
    if (list)
        line(E, "rt_list_pop(g, %s);", list);
}

/* loop_filter: a loop's where filter: items failing cond are skipped; a
   cond that failed the game leaves the loop with stop ("return RT_END",
   or "break" where the loop must be closed first). */
static void loop_filter(Emit *E, const AstNode *cond, const char *stop)
{
    E->fallible = 0;
    const char *c = ex(E, cond);
    if (E->fallible) {
        line(E, "if (!(%s)) {", c);
        line(E, "    if (rt_check(g)) %s;", stop);
        line(E, "    continue;");
        line(E, "}");
        line(E, "if (rt_check(g)) %s;", stop);
    } else {
        line(E, "if (!(%s)) continue;", c);
    }
    E->fallible = 0;
}

/* for_body: a for statement's where filter and body. */
static void for_body(Emit *E, const AstNode *s)
{
    if (s->c)
        loop_filter(E, s->c, "return RT_END");
    block(E, s->b);
}

/* emit_zone_for: a for statement over a zone: over a snapshot of its
   cards (top first) on the runtime's list stack, so that the body may
   move them. When the body cannot yield, the loop reads the snapshot
   through a pointer; otherwise (the state may have been copied while
   the script waited) through its handle. */
static void emit_zone_for(Emit *E, const AstNode *s, const char *var)
{
    const char *idx = temp(E, "i");
    const char *list = temp(E, "list");
    line(E, "%s = rt_list_zone(g, %s);", list, ex(E, s->a));
    check_fail(E);
    Buf *save = E->body;
    Buf body = {0};
    E->body = &body;
    E->indent += 2;
    int pc = E->pc;
    int depth = bind_zone_card(E, s->a, (int)s->ival, s);
    for_body(E, s);
    unbind(E, depth);
    E->indent -= 2;
    E->body = save;
    line(E, "{");
    E->indent++;
    if (E->pc == pc) {
        const char *cells = arena_printf(E->a, "cells_%s", list + 3);   /* list is "L->name" */
        line(E, "const int32_t *%s = rt_list_cells(g, %s);", cells, list);
        line(E, "for (%s = 0; %s < %s[0]; %s++) {", idx, idx, cells, idx);
        line(E, "    %s = %s[1 + %s];", var, cells, idx);
    } else {
        line(E, "for (%s = 0; %s < rt_list_len(g, %s); %s++) {", idx, idx, list, idx);
        line(E, "    %s = rt_list_at(g, %s, %s);", var, list, idx);
    }
    if (body.s)
        bputs(E->body, body.s);
    buf_free(&body);
    line(E, "}");
    E->indent--;
    line(E, "}");
    line(E, "rt_list_pop(g, %s);", list);
}

/* ---- loops that move the cards they walk out of their zone ------------------------ */

/* steady: e's value cannot change while a loop over a zone moves the
   cards it walks (the loop variable is in slot) out of that zone: e reads
   no zone, no state of another card and no card's owner but the loop
   card's, calls no game function, draws no number and cannot fail
   halfway (no division, no arithmetic that may overflow: only a sum or
   difference of literals counts). */
static int steady(const AstNode *e, int slot)
{
    if (!e)
        return 1;
    switch (e->kind) {
    case AST_INT:
    case AST_BOOL:
    case AST_STRING:
    case AST_ME:
    case AST_OPPONENT:
    case AST_THIS:
        return 1;
    case AST_NAME:
        return SYM_CAT(e->sem_ref) != SYM_ZONE;
    case AST_MY:
        return SYM_CAT(e->sem_ref) != SYM_ZONE;
    case AST_FIELD_OF: {
        int cat = SYM_CAT(e->sem_ref);
        if (cat == SYM_ZONE)
            return 0;
        if ((cat == SYM_STATE || cat == SYM_CARD_OWNER) &&
            !(e->a->kind == AST_NAME && SYM_CAT(e->a->sem_ref) == SYM_LOCAL && SYM_IDX(e->a->sem_ref) == slot))
            return 0;
        return steady(e->a, slot);
    }
    case AST_CALL: {
        if (SYM_CAT(e->sem_ref) == SYM_FUNC)
            return 0;
        const char *n = e->name;
        int ok = strcmp(n, "matches") == 0 || strcmp(n, "next") == 0 ||
                 ((strcmp(n, "count") == 0) && e->list.count == 1 && (TypeBase)e->list.items[0]->sem_type != T_ZONE);
        for (int i = 0; ok && i < e->list.count; i++)
            ok = steady(e->list.items[i], slot);
        return ok;
    }
    case AST_UNARY:
        return (e->op == '-' || e->op == OP_NEG) ? e->a->kind == AST_INT : steady(e->a, slot);
    case AST_BINARY:
        if (e->op == OP_ADD || e->op == OP_SUB || e->op == OP_MUL)
            return e->a->kind == AST_INT && e->b->kind == AST_INT;
        return e->op != OP_DIV && e->op != OP_MOD && steady(e->a, slot) && steady(e->b, slot);
    case AST_IS:
        return steady(e->a, slot);
    case AST_COND:
        return steady(e->a, slot) && steady(e->b, slot) && steady(e->c, slot);
    default:
        return 0;
    }
}

/* pluck_body_ok: the body b of a loop over zone decl from_decl (loop
   variable in slot) only moves the loop card to other zones (of steady
   players), under if/else with steady conditions. */
static int pluck_body_ok(const AstNode *b, int slot, int from_decl)
{
    if (!b)
        return 1;
    switch (b->kind) {
    case AST_BLOCK:
        for (int i = 0; i < b->list.count; i++)
            if (!pluck_body_ok(b->list.items[i], slot, from_decl))
                return 0;
        return 1;
    case AST_MOVE: {
        const AstNode *c = b->a, *z = b->b;
        if ((TypeBase)c->sem_type == T_ZONE || c->kind != AST_NAME || SYM_CAT(c->sem_ref) != SYM_LOCAL ||
            SYM_IDX(c->sem_ref) != slot)
            return 0;
        if ((TypeBase)z->sem_type != T_ZONE || SYM_CAT(z->sem_ref) != SYM_ZONE || SYM_IDX(z->sem_ref) == from_decl)
            return 0;
        return z->kind == AST_NAME || z->kind == AST_MY || (z->kind == AST_FIELD_OF && steady(z->a, slot));
    }
    case AST_IF:
        return steady(b->a, slot) && pluck_body_ok(b->b, slot, from_decl) && pluck_body_ok(b->c, slot, from_decl);
    default:
        return 0;
    }
}

/* pluck_ok: the for statement s over a zone can be written as a pluck
   loop: its filter is steady and its body only moves the loop card out. */
static int pluck_ok(const AstNode *s)
{
    const AstNode *z = s->a;
    if ((TypeBase)z->sem_type != T_ZONE || SYM_CAT(z->sem_ref) != SYM_ZONE)
        return 0;
    return steady(s->c, (int)s->ival) && pluck_body_ok(s->b, (int)s->ival, SYM_IDX(z->sem_ref));
}

/* pluck_stmt: a statement of a pluck loop's body (see pluck_ok). */
static void pluck_stmt(Emit *E, const AstNode *b)
{
    if (!b)
        return;
    if (b->kind == AST_BLOCK) {
        for (int i = 0; i < b->list.count; i++)
            pluck_stmt(E, b->list.items[i]);
        return;
    }
    E->fallible = 0;
    if (b->kind == AST_MOVE) {
        line(E, "rt_pluck(g, pluck_from, pluck_at, %s, %s, %d);", ex(E, b->b),
             (b->flags & MOVE_BOTTOM) ? "RT_AT_BOTTOM" : "RT_AT_TOP", site(E, b->loc));
        line(E, "if (rt_check(g)) break;");
        return;
    }
    /* AST_IF: a condition that failed stops the loop before either branch */
    const char *cond = condition(E, b->a);
    int fallible = E->fallible;
    if (fallible) {
        line(E, "{");
        E->indent++;
        line(E, "int holds = %s;", cond);
        line(E, "if (rt_check(g)) break;");
        cond = "holds";
    }
    line(E, "if (%s) {", cond);
    E->indent++;
    pluck_stmt(E, b->b);
    E->indent--;
    if (b->c) {
        line(E, "} else {");
        E->indent++;
        pluck_stmt(E, b->c);
        E->indent--;
    }
    line(E, "}");
    if (fallible) {
        E->indent--;
        line(E, "}");
    }
}

/* emit_pluck_for: the for statement s (pluck_ok) walks its zone's cells
   top first in place; rt_pluck moves a card out and leaves its cell
   empty, and rt_pluck_close closes the gaps once the loop is over. The
   moves, their order and the log are those of the snapshot loop. */
static void emit_pluck_for(Emit *E, const AstNode *s)
{
    int slot = (int)s->ival;
    E->fallible = 0;
    line(E, "{");
    E->indent++;
    line(E, "RtValue pluck_from = %s;", ex(E, s->a));
    check_fail(E);
    line(E, "const int32_t *pluck_cells = rt_zone_cards(g, pluck_from);");
    const char *cvar = arena_printf(E->a, "it_%s", E->unit->locals[slot]);
    int depth = E->nbound;
    int bound_ok = bind(E, slot, cvar, zone_kind(E, s->a));
    line(E, "for (int pluck_at = pluck_cells[0]; pluck_at >= 1; pluck_at--) {");
    E->indent++;
    Buf *save = E->body, body = {0};   /* the body first: is the card read? */
    E->body = &body;
    if (s->c) {
        loop_filter(E, s->c, "break");
        int k = tested_kind(E, s->c);
        if (k >= 0)
            bind(E, slot, cvar, k);
    }
    pluck_stmt(E, s->b);
    E->body = save;
    if (loop_var_used(E, depth, bound_ok, 0))
        line(E, "RtValue %s = pluck_cells[pluck_at];", cvar);
    if (!bound_ok)
        line(E, "L->%s = %s;", lname(E, E->unit->locals[slot]), cvar);
    bputs(E->body, body.s ? body.s : "");
    buf_free(&body);
    unbind(E, depth);
    E->indent--;
    line(E, "}");
    line(E, "rt_pluck_close(g, pluck_from);");
    E->indent--;
    line(E, "}");
    line(E, "if (rt_check(g)) return RT_END;");
    E->fallible = 0;
}

/* ---- the setup's prelude ---------------------------------------------------------- */

/* The zone decls shuffled by the statements a prelude was hoisted past. */
typedef struct DeclSet {
    int decl[64];
    int n;
} DeclSet;

/* names_zone_in: n names (as a zone expression) a zone decl of set. */
static int is_zone_in(const AstNode *n, const void *ctx)
{
    const DeclSet *set = ctx;
    if ((TypeBase)n->sem_type != T_ZONE || SYM_CAT(n->sem_ref) != SYM_ZONE ||
        (n->kind != AST_NAME && n->kind != AST_MY && n->kind != AST_FIELD_OF))
        return 0;
    for (int i = 0; i < set->n; i++)
        if (set->decl[i] == SYM_IDX(n->sem_ref))
            return 1;
    return 0;
}
static int names_zone_in(const AstNode *n, const DeclSet *set) { return any_node(n, is_zone_in, set); }

/* settled: s draws no number, asks nothing, cannot yield and reads
   nothing a game's seed changes: moves of whole zones and pluck loops
   (whose filters and destinations are steady), in loops over players or
   sides and under steady conditions. */
static int settled(const AstNode *s)
{
    if (!s)
        return 1;
    switch (s->kind) {
    case AST_BLOCK:
        for (int i = 0; i < s->list.count; i++)
            if (!settled(s->list.items[i]))
                return 0;
        return 1;
    case AST_IF:
        return steady(s->a, -1) && settled(s->b) && settled(s->c);
    case AST_FOR:
        if ((TypeBase)s->a->sem_type == T_ZONE)
            return pluck_ok(s);
        return steady(s->c, (int)s->ival) && settled(s->b);
    case AST_MOVE: {
        const AstNode *w = s->a, *z = s->b;
        if ((TypeBase)w->sem_type != T_ZONE || SYM_CAT(w->sem_ref) != SYM_ZONE || SYM_CAT(z->sem_ref) != SYM_ZONE)
            return 0;
        return (w->kind != AST_FIELD_OF || steady(w->a, -1)) && (z->kind != AST_FIELD_OF || steady(z->a, -1)) &&
               w->kind != AST_CALL && z->kind != AST_CALL;
    }
    default:
        return 0;
    }
}

/* split_prelude: the setup body's leading statements that can run before
   any seed matters: settled statements, hoisted past the shuffles they
   do not touch (a shuffle draws numbers, so it stays). prelude[] gets
   them, rest[] every other statement in order; returns the prelude's
   length (0: no prelude). */
static int split_prelude(const AstNode *body, const AstNode **prelude, const AstNode **rest, int *nrest)
{
    DeclSet shuffled = {{0}, 0};
    int np = 0, i = 0, n = body && body->kind == AST_BLOCK ? body->list.count : 0;
    *nrest = 0;
    for (; i < n; i++) {
        const AstNode *s = body->list.items[i];
        if (settled(s) && !names_zone_in(s, &shuffled)) {
            prelude[np++] = s;
        } else if (s->kind == AST_SHUFFLE && SYM_CAT(s->a->sem_ref) == SYM_ZONE && shuffled.n < 64) {
            shuffled.decl[shuffled.n++] = SYM_IDX(s->a->sem_ref);
            rest[(*nrest)++] = s;
        } else {
            break;
        }
    }
    for (; i < n; i++)
        rest[(*nrest)++] = body->list.items[i];
    return np;
}

/* has_prelude: the setup unit ui (-1: none) begins with a prelude. */
static int has_prelude(Emit *E, int ui)
{
    if (ui < 0)
        return 0;
    const AstNode *b = E->m->units[ui].body;
    int n = b && b->kind == AST_BLOCK ? b->list.count : 0;
    const AstNode **pre = arena_alloc(E->a, sizeof *pre * (size_t)(n + 1));
    const AstNode **rest = arena_alloc(E->a, sizeof *rest * (size_t)(n + 1));
    int nrest;
    return split_prelude(b, pre, rest, &nrest) > 0;
}

/* is_setup: unit ui is the setup of some variant. */
static int is_setup(const Emit *E, int ui)
{
    for (int v = 0; v < E->m->nvariants; v++)
        if (E->m->variants[v].setup == ui)
            return 1;
    return 0;
}

/* setup_body: a setup unit's body: its prelude (when it has one) runs
   unless the game started from the prelude's result, then the rest. */
static void setup_body(Emit *E, const MUnit *u)
{
    const AstNode *b = u->body;
    int n = b && b->kind == AST_BLOCK ? b->list.count : 0;
    const AstNode **pre = arena_alloc(E->a, sizeof *pre * (size_t)(n + 1));
    const AstNode **rest = arena_alloc(E->a, sizeof *rest * (size_t)(n + 1));
    int nrest, np = split_prelude(b, pre, rest, &nrest);
    if (np == 0) {
        block(E, b);
        return;
    }
    line(E, "/* the prelude (docs/runtime.md \"The setup's prelude\") */");
    line(E, "if (!rt_prelude_done(g)) {");
    E->indent++;
    for (int i = 0; i < np; i++)
        stmt(E, pre[i]);
    if (u->nlocals)
        line(E, "memset(L, 0, sizeof *L);");
    line(E, "if (rt_prelude_end(g)) return RT_DONE;");
    E->indent--;
    line(E, "}");
    for (int i = 0; i < nrest; i++)
        stmt(E, rest[i]);
}

/* open_options / close_options: a decision's options are added to a
   local buffer (kept in registers; rt_opt_add) between the two; the
   count is stored once at the close. option_call: the call that adds one. */
static void open_options(Emit *E, const char *by, int prompt, const char *flags)
{
    line(E, "rt_choose_begin(g, %s, %d, %s);", by, prompt, flags);
    line(E, "{");
    E->indent++;
    line(E, "RtOptBuf ob = rt_opt_buf(g);");
    E->in_options = 1;
}
static void close_options(Emit *E)
{
    line(E, "rt_opt_done(g, &ob);");
    E->indent--;
    line(E, "}");
    E->in_options = 0;
}
static const char *option_call(const Emit *E) { return E->in_options ? "rt_opt_add(&ob, " : "rt_option(g, "; }

/* Add one option per item of coll passing where (no yield inside). */
static void options_over(Emit *E, const AstNode *coll, int slot, const AstNode *where, const AstNode *when,
                         const char *value, int label)
{
    TypeBase ct = (TypeBase)coll->sem_type;
    line(E, "{");
    E->indent++;
    const char *cvar;
    int bound_ok;
    int depth = pure_loop_bind(E, coll, slot, &cvar, &bound_ok);
    const char *where_c = where ? ex(E, where) : NULL;
    int where_plain = where && plain(E, where);   /* read while the loop variable is bound */
    E->fallible = 0;
    const char *when_c = when ? ex(E, when) : NULL;
    int when_first = when_c && !E->fallible && !calls_function(when);
    int store = !bound_ok || has_aggregate(where) || has_aggregate(when);
    int used = ct == T_ZONE || !value || loop_var_used(E, depth, bound_ok, store);
    unbind(E, depth);
    /* `when` does not depend on the item. One that cannot fail is tested
       before the loop (which it skips when false); any other is evaluated
       once, at the first item that passes `where` (as often as it matters,
       never more). */
    if (when_first) {
        line(E, "if (%s) {", bare(E, when_c));
        E->indent++;
        when_c = NULL;
    } else if (when_c) {
        line(E, "int when_ok = -1;");
    }
    pure_loop_open(E, coll, slot, used ? cvar : NULL, store);
    if (when_c)
        when_c = arena_printf(E->a, "(when_ok < 0 ? (when_ok = !!(%s)) : when_ok)", bare(E, when_c));
    const char *cond = NULL;
    if (where_c && when_c)
        cond = arena_printf(E->a, "%s && %s", where_c, when_c);
    else if (where_c)
        cond = where_c;
    else if (when_c)
        cond = when_c;
    const char *card = ct == T_ZONE ? cvar : "RT_NONE";
    const char *val = value ? value : cvar;
    const char *lab = label >= 0 ? arena_printf(E->a, "%d", label)
                      : ct == T_PLAYERS ? "RT_LABEL_PLAYER" : ct == T_SIDES ? "RT_LABEL_SIDE" : "RT_LABEL_AUTO";
    int plain_cond = E->in_options && !when_c && where_plain;
    if (cond && plain_cond)   /* counted without a branch */
        line(E, "rt_opt_add_if(&ob, %s, %s, %s, %s);", truth(E, where, cond), val, card, lab);
    else if (cond)
        line(E, "if (%s) %s%s, %s, %s);", bare(E, cond), option_call(E), val, card, lab);
    else
        line(E, "%s%s, %s, %s);", option_call(E), val, card, lab);
    E->indent--;
    line(E, "}");
    if (when_first) {
        E->indent--;
        line(E, "}");
    }
    E->indent--;
    line(E, "}");
}

static void emit_choose(Emit *E, const AstNode *s)
{
    const char *var = local(E, (int)s->ival);
    const char *by = s->e ? ex(E, s->e) : "f->me";
    int hidden = (s->flags & CHOOSE_HIDDEN) || E->hidden;
    int prompt = s->sem_ref;
    const AstNode *els = s->list.count > 0 ? s->list.items[0] : NULL;
    if (!s->d) {
        /* choose one */
        open_options(E, by, prompt, hidden ? "RT_CHOOSE_HIDDEN" : "0");
        options_over(E, s->a, (int)s->ival, s->c, NULL, NULL, -1);
        close_options(E);
        check_fail(E);
        line(E, "if (rt_option_count(g) > 0) {");
        E->indent++;
        decide(E);
        line(E, "%s = rt_chosen(g);", var);
        {
            int depth = (TypeBase)s->a->sem_type == T_ZONE ? bind_zone_card(E, s->a, (int)s->ival, s->b) : E->nbound;
            block(E, s->b);
            unbind(E, depth);
        }
        E->indent--;
        if (els) {
            line(E, "} else {");
            E->indent++;
            block(E, els);
            E->indent--;
        }
        line(E, "}");
        return;
    }
    /* choose N / up to N: repeat, each time among the items not chosen yet */
    const char *k = temp(E, "k");
    const char *n = temp(E, "n");
    const char *chosen = temp(E, "chosen");
    line(E, "%s = %s;", n, ex(E, s->d));
    check_fail(E);
    line(E, "%s = rt_list_new(g);", chosen);
    line(E, "for (%s = 0; %s < %s; %s++) {", k, k, n, k);
    E->indent++;
    open_options(E, by, prompt, hidden ? "RT_CHOOSE_HIDDEN" : "0");
    {
        /* options: items passing where and not chosen yet */
        TypeBase ct = (TypeBase)s->a->sem_type;
        line(E, "{");
        E->indent++;
        const char *cvar;
        int bound_ok;
        int depth = pure_loop_bind(E, s->a, (int)s->ival, &cvar, &bound_ok);
        const char *cond = s->c ? ex(E, s->c) : "1";
        unbind(E, depth);
        pure_loop_open(E, s->a, (int)s->ival, cvar, !bound_ok || has_aggregate(s->c));
        line(E, "if (%s && !rt_list_has(g, %s, %s)) %s%s, %s, %s);", cond, chosen, cvar, option_call(E), cvar,
             ct == T_ZONE ? cvar : "RT_NONE",
             ct == T_PLAYERS ? "RT_LABEL_PLAYER" : ct == T_SIDES ? "RT_LABEL_SIDE" : "RT_LABEL_AUTO");
        E->indent--;
        line(E, "}");
        E->indent--;
        line(E, "}");
    }
    close_options(E);
    check_fail(E);
    if (s->flags & CHOOSE_UP_TO)
        line(E, "if (rt_option_count(g) > 0) rt_option(g, RT_NONE, RT_NONE, %d);", model_string((Model *)E->m, "done"));
    line(E, "if (rt_option_count(g) == 0) break;");
    decide(E);
    line(E, "%s = rt_chosen(g);", var);
    if (s->flags & CHOOSE_UP_TO)
        line(E, "if (%s == RT_NONE) break;", var);
    line(E, "rt_list_add(g, %s, %s);", chosen, var);
    block(E, s->b);
    E->indent--;
    line(E, "}");
    if (els) {
        line(E, "if (%s == 0) {", k);
        E->indent++;
        block(E, els);
        E->indent--;
        line(E, "}");
    }
    line(E, "rt_list_pop(g, %s);", chosen);
}

static void emit_menu(Emit *E, const AstNode *s)
{
    const char *by = s->e ? ex(E, s->e) : "f->me";
    int hidden = (s->flags & CHOOSE_HIDDEN) || E->hidden;
    const char *pick = temp(E, "option");
    open_options(E, by, model_string((Model *)E->m, "choose"), hidden ? "RT_CHOOSE_HIDDEN" : "0");
    for (int i = 0; i < s->list.count; i++) {
        const AstNode *o = s->list.items[i];
        if (o->c)
            line(E, "if (%s) %s%d, RT_NONE, %d);", condition(E, o->c), option_call(E), i, o->sem_ref);
        else
            line(E, "%s%d, RT_NONE, %d);", option_call(E), i, o->sem_ref);
    }
    close_options(E);
    check_fail(E);
    line(E, "if (rt_option_count(g) > 0) {");
    E->indent++;
    decide(E);
    line(E, "%s = rt_chosen(g);", pick);
    for (int i = 0; i < s->list.count; i++) {
        const AstNode *o = s->list.items[i];
        line(E, "%sif (%s == %d) { /* %s */", i ? "} else " : "", pick, i, c_comment(E->a, o->text));
        E->indent++;
        block(E, o->b);
        E->indent--;
    }
    line(E, "}");
    E->indent--;
    line(E, "}");
}

static void emit_turns(Emit *E, const AstNode *s)
{
    int base = (int)s->ival;
    const char *turn = local(E, base), *passes = local(E, base + 1), *saved = local(E, base + 2),
               *act = local(E, base + 3);
    line(E, "%s = %s;", turn, ex(E, s->a));
    check_fail(E);
    line(E, "%s = f->me;", saved);
    line(E, "%s = 0;", passes);
    line(E, "for (;;) {");
    E->indent++;
    line(E, "f->me = %s;", turn);
    line(E, "rt_log_turn(g, f->me);");
    if (s->flags & TURNS_PASSES) {
        open_options(E, "f->me", s->sem_extra, "0");
        for (int i = 0; i < s->list.count; i++) {
            const AstNode *ac = s->list.items[i];
            line(E, "/* action \"%s\" */", c_comment(E->a, ac->text));
            if (ac->name) {
                options_over(E, ac->a, (int)ac->ival, ac->c, ac->d, arena_printf(E->a, "%d", i), ac->sem_ref);
            } else if (ac->d) {
                line(E, "if (%s) %s%d, RT_NONE, %d);", condition(E, ac->d), option_call(E), i, ac->sem_ref);
            } else {
                line(E, "%s%d, RT_NONE, %d);", option_call(E), i, ac->sem_ref);
            }
        }
        close_options(E);
        check_fail(E);
        line(E, "if (rt_option_count(g) == 0) return rt_fail(g, %d, \"no action is possible in this turn\");",
             site(E, s->loc));
        decide(E);
        line(E, "%s = rt_chosen(g);", act);
        Buf passcond = {0};
        for (int i = 0; i < s->list.count; i++) {
            const AstNode *ac = s->list.items[i];
            line(E, "%sif (%s == %d) { /* %s */", i ? "} else " : "", act, i, c_comment(E->a, ac->text));
            E->indent++;
            int depth = E->nbound;
            if (ac->name) {
                line(E, "%s = rt_chosen_card(g);", local(E, (int)ac->ival));
                if ((TypeBase)ac->a->sem_type == T_ZONE)
                    depth = bind_zone_card(E, ac->a, (int)ac->ival, ac->b);
            }
            block(E, ac->b);
            unbind(E, depth);
            E->indent--;
            if (ac->flags & ACTION_PASS)
                bprintf(&passcond, "%s%s == %d", passcond.len ? " || " : "", act, i);
        }
        line(E, "}");
        line(E, "%s = (%s) ? %s + 1 : 0;", passes, passcond.s ? passcond.s : "0", passes);
        buf_free(&passcond);
        line(E, "if (%s >= %s) break;", passes, ex(E, s->c));
    } else {
        block(E, s->b);
        line(E, "if (%s) break;", condition(E, s->c));
        check_fail(E);
    }
    line(E, "%s = rt_next_player(g, %s);", turn, turn);
    line(E, "if (rt_back_edge(g, %d)) return RT_END;", site(E, s->loc));   /* the step budget */
    E->indent--;
    line(E, "}");
    line(E, "f->me = %s;", saved);
}

static void emit_assign(Emit *E, const AstNode *s)
{
    const AstNode *l = s->a;
    const char *v = ex(E, s->b);
    int op = s->op;
    int cat = SYM_CAT(l->sem_ref), idx = SYM_IDX(l->sem_ref);
    const char *player = "0";
    if (l->kind == AST_MY)
        player = "f->me";
    else if (l->kind == AST_FIELD_OF && cat == SYM_VAR)
        player = ex(E, l->a);
    const char *cur = NULL;
    if (op == OP_INC || op == '+' || op == OP_DEC || op == '-')
        cur = ex(E, l);
    const char *val = v;
    int plus = op == OP_INC || op == '+';
    /* `+=` and `-=` are checked (docs/language.md "Integers"), but on a
       counter with a bound, which stops at the bound instead */
    int clamped = cat == SYM_VAR && (E->m->vars[idx].has_min || E->m->vars[idx].has_max);
    if (cur && clamped) {
        const MVar *mv = &E->m->vars[idx];
        val = arena_printf(E->a, "rt_clamp_wide((int64_t)%s %s %s, %s, %s)", cur, plus ? "+" : "-", v,
                           mv->has_min ? arena_printf(E->a, "%d", (int)mv->min) : "INT32_MIN",
                           mv->has_max ? arena_printf(E->a, "%d", (int)mv->max) : "INT32_MAX");
    } else if (cur) {
        val = arena_printf(E->a, "%s(g, %s, %s, %d)", plus ? "rt_add" : "rt_sub", cur, v, site(E, s->loc));
        E->fallible = 1;
    }
    if (cat == SYM_LOCAL) {
        line(E, "%s = %s;", local(E, idx), val);
    } else if (cat == SYM_VAR) {
        const MVar *mv = &E->m->vars[idx];
        if ((mv->has_min || mv->has_max) && !(cur && clamped))   /* clamped here; rt_set clamps as well when it logs */
            val = arena_printf(E->a, "rt_clamp(%s, %s, %s)", val,
                               mv->has_min ? arena_printf(E->a, "%d", (int)mv->min) : "INT32_MIN",
                               mv->has_max ? arena_printf(E->a, "%d", (int)mv->max) : "INT32_MAX");
        if (mv->per_player)
            line(E, "rt_pvar_store(g, VAR_%s, VCELL_%s, PLAYER_CELLS, %s, %s);", mv->name, mv->name, player, val);
        else
            line(E, "rt_var_store(g, VAR_%s, VCELL_%s, %s);", mv->name, mv->name, val);
    } else if (cat == SYM_STATE) {
        E->fallible = 1;
        line(E, "rt_set_card_state(g, %s, %s, %d, %s, %d);", ex(E, l->a), kind_enum(E, l->sem_extra), idx, val,
             site(E, s->loc));
    }
    check_fail(E);
}

static void emit_log(Emit *E, const AstNode *s)
{
    line(E, "rt_log_begin(g);");
    const char *t = s->text;
    int hole = 0;
    Buf seg = {0};
    bputs(&seg, "");
    for (const char *p = t; *p; p++) {
        if (*p == '{') {
            const char *close = strchr(p, '}');
            if (!close)
                break;
            if (seg.len)
                line(E, "rt_log_str(g, %s);", c_string(E, seg.s));
            seg.len = 0;
            seg.s[0] = '\0';
            if (hole < s->list.count) {
                const AstNode *h = s->list.items[hole++];
                const char *x = ex(E, h);
                switch ((TypeBase)h->sem_type) {
                case T_PLAYER: line(E, "rt_log_player(g, %s);", x); break;
                case T_SIDE: line(E, "rt_log_side(g, %s);", x); break;
                case T_CARD: line(E, "rt_log_card(g, %s);", x); break;
                case T_TEXT: line(E, "rt_log_str(g, %s);", x); break;
                case T_ENUM: line(E, "rt_log_value(g, RT_TY_ENUM + %d, %s);", h->sem_extra, x); break;
                case T_BOOL: line(E, "rt_log_value(g, RT_TY_BOOL, %s);", x); break;
                default: line(E, "rt_log_int(g, %s);", x); break;
                }
            }
            p = close;
            continue;
        }
        char c[2] = {*p, 0};
        bputs(&seg, c);
    }
    if (seg.len)
        line(E, "rt_log_str(g, %s);", c_string(E, seg.s));
    buf_free(&seg);
    line(E, "rt_log_end(g);");
    check_fail(E);
}

static void stmt(Emit *E, const AstNode *s)
{
    E->fallible = 0;
    switch (s->kind) {
    case AST_BLOCK:
        line(E, "{");
        E->indent++;
        block(E, s);
        E->indent--;
        line(E, "}");
        break;
    case AST_PHASE:
        line(E, "/* %s:%d: phase %s */", file_of(E, s->loc), s->loc.line, s->name);
        line(E, "rt_log_phase(g, %d);", s->sem_ref);
        block(E, s->b);
        break;
    case AST_IF:
        line(E, "if (%s) {", condition(E, s->a));
        E->indent++;
        block(E, s->b);
        E->indent--;
        {
            const AstNode *c = s->c;
            while (c) {
                if (c->kind == AST_IF) {
                    line(E, "} else if (%s) {", condition(E, c->a));
                    E->indent++;
                    block(E, c->b);
                    E->indent--;
                    c = c->c;
                } else {
                    line(E, "} else {");
                    E->indent++;
                    block(E, c);
                    E->indent--;
                    c = NULL;
                }
            }
        }
        line(E, "}");
        break;
    case AST_WHILE:
        line(E, "while (%s) {", condition(E, s->a));
        E->indent++;
        block(E, s->b);
        line(E, "if (rt_back_edge(g, %d)) return RT_END;", site(E, s->loc));   /* the step budget */
        E->indent--;
        line(E, "}");
        break;
    case AST_FOR: {
        const char *list, *idx;
        const char *var = local(E, (int)s->ival);
        if (s->flags & STMT_SIMULTANEOUS)
            E->hidden++;
        if ((TypeBase)s->a->sem_type == T_ZONE && pluck_ok(s)) {
            emit_pluck_for(E, s);
        } else if ((TypeBase)s->a->sem_type == T_ZONE) {
            emit_zone_for(E, s, var);
        } else {
            loop_begin(E, s->a, var, &list, &idx);
            for_body(E, s);
            loop_end(E, list);
        }
        if (s->flags & STMT_SIMULTANEOUS)
            E->hidden--;
        break;
    }
    case AST_CHOOSE:
        emit_choose(E, s);
        break;
    case AST_MENU:
        emit_menu(E, s);
        break;
    case AST_TURNS:
        emit_turns(E, s);
        break;
    case AST_MOVE: {
        const char *w = ex(E, s->a), *z = ex(E, s->b);
        const char *where = (s->flags & MOVE_BOTTOM) ? "RT_AT_BOTTOM" : "RT_AT_TOP";
        const AstNode *c = s->a;
        if ((TypeBase)c->sem_type == T_ZONE)
            line(E, "rt_move_all(g, %s, %s, %s, %d);", w, z, where, site(E, s->loc));
        else if (c->kind == AST_CALL && SYM_CAT(c->sem_ref) != SYM_FUNC && c->list.count == 1 &&
                 (strcmp(c->name, "top") == 0 || strcmp(c->name, "bottom") == 0))
            line(E, "rt_move_end(g, %s, %d, %s, %s, %d);", ex(E, c->list.items[0]), strcmp(c->name, "bottom") == 0, z,
                 where, site(E, s->loc));
        else
            line(E, "rt_move(g, %s, %s, %s, %d);", w, z, where, site(E, s->loc));
        E->fallible = 1;
        check_fail(E);
        break;
    }
    case AST_SHUFFLE:
        line(E, "rt_shuffle(g, %s);", ex(E, s->a));
        check_fail(E);
        break;
    case AST_RUN: {
        const AstNode *fa = s->a; /* FIELD_OF card.ability */
        const char *card = local(E, (int)s->ival);
        line(E, "%s = %s;", card, ex(E, fa->a));
        const char *who = s->b ? ex(E, s->b) : "f->me";
        const MKind *kd = &E->m->kinds[fa->sem_extra];
        const char *fname = "?";
        for (int i = 0; i < kd->nfields; i++)
            if (!kd->fields[i].is_state && kd->fields[i].index == SYM_IDX(fa->sem_ref))
                fname = kd->fields[i].name;
        const char *script = bound_kind(E, fa->a) == fa->sem_extra   /* a card known to be of the kind */
                                 ? arena_printf(E->a, "Rows_%s[rt__row(g, %s)].%s", kd->name, card, fname_of(E, fname))
                                 : arena_printf(E->a, "Rows_%s[rt_card_row(g, %s, %s, %d)].%s", kd->name, card,
                                                kind_enum(E, fa->sem_extra), site(E, s->loc), fname_of(E, fname));
        run_now(E, arena_printf(E->a, "rt_run(g, %s, %s, %s)", script, card, who));
        line(E, "if (rt_check(g)) return RT_END;");
        break;
    }
    case AST_ASSIGN:
        emit_assign(E, s);
        break;
    case AST_LET:
        line(E, "%s = %s;", local(E, (int)s->ival), ex(E, s->a));
        check_fail(E);
        break;
    case AST_WIN:
        if (s->flags & WIN_ALL) {
            /* every matching player wins; nobody matching is a draw */
            const char *var = local(E, (int)s->ival);
            line(E, "{");
            E->indent++;
            line(E, "int winners = 0;");
            line(E, "for (int i = 0; i < rt_players(g); i++) {");
            E->indent++;
            line(E, "%s = i;", var);
            if (s->c)
                line(E, "if (!(%s)) continue;", ex(E, s->c));
            line(E, "rt_win(g, %s);", var);
            line(E, "winners++;");
            E->indent--;
            line(E, "}");
            line(E, "return winners ? RT_END : rt_draw_game(g);");
            E->indent--;
            line(E, "}");
        } else {
            line(E, "return rt_win(g, %s);", ex(E, s->a));
        }
        break;
    case AST_DRAW_GAME:
        line(E, "return rt_draw_game(g);");
        break;
    case AST_LOG:
        emit_log(E, s);
        break;
    case AST_ROLL: {
        const MKind *kd = &E->m->kinds[s->sem_extra];
        const char *x = ex(E, s->a);
        line(E, "{");
        E->indent++;
        if ((TypeBase)s->a->sem_type == T_ZONE) {
            line(E, "RtValue zone = %s;", x);
            line(E, "for (int i = 0; i < rt_zone_size(g, zone); i++)");
            line(E, "    rt_set_card_state(g, rt_zone_at(g, zone, i), %s, 0, Faces_%s[rt_random(g, %du)], %d);",
                 kind_enum(E, s->sem_extra), kd->name, kd->nfaces, site(E, s->loc));
        } else {
            line(E, "RtValue die = %s;", x);
            line(E, "rt_set_card_state(g, die, %s, 0, Faces_%s[rt_random(g, %du)], %d);", kind_enum(E, s->sem_extra),
                 kd->name, kd->nfaces, site(E, s->loc));
        }
        E->indent--;
        line(E, "}");
        line(E, "if (rt_check(g)) return RT_END;");
        break;
    }
    case AST_CALL_STMT: {
        const MUnit *pu = &E->m->units[s->sem_ref];
        line(E, "{ /* %s */", pu->name);
        E->indent++;
        for (int i = 0; i < s->list.count; i++)
            line(E, "RtValue arg%d = %s;", i, ex(E, s->list.items[i]));
        line(E, "if (rt_call(g, %d, f->self, f->me)) {", E->script_of_unit[s->sem_ref]);
        E->indent++;
        if (s->list.count) {
            line(E, "RtValue *args = rt_frame_args(g);");
            line(E, "if (args) {");
            for (int i = 0; i < s->list.count; i++)
                line(E, "    args[%d] = arg%d;", i, i);
            line(E, "}");
        }
        E->indent--;
        line(E, "}");
        E->indent--;
        line(E, "}");
        run_now(E, "rt_run_top(g)");   /* a procedure's script always pushes a frame (or fails the game) */
        line(E, "if (rt_check(g)) return RT_END;");
        break;
    }
    default:
        break;
    }
}

/* ---- units ------------------------------------------------------------------------ */

static void emit_locals_struct(Emit *E, Buf *out, const MUnit *u)
{
    if (u->nlocals == 0)
        return;
    bprintf(out, "struct Locals_%s {\n", u->cname);
    for (int i = 0; i < u->nlocals; i++)
        bprintf(out, "    RtValue %s;\n", lname(E, u->locals[i]));
    bputs(out, "};\n\n");
}

static void emit_script(Emit *E, Buf *out, int ui)
{
    MUnit *u = &((Model *)E->m)->units[ui];
    Buf body = {0}, helpers = {0};
    E->unit = u;
    E->wunit = u;
    E->body = &body;
    E->helpers = &helpers;
    E->indent = 2;
    E->pc = 0;
    E->helper_count = 0;
    E->hidden = 0;
    if (is_setup(E, ui))
        setup_body(E, u);
    else
        block(E, u->body);
    emit_locals_struct(E, out, u);
    bputs(out, helpers.s ? helpers.s : "");
    bprintf(out, "/* %s:%d: %s */\n", file_of(E, u->loc), u->loc.line, c_comment(E->a, u->name));
    bprintf(out, "static RtStatus Script_%s(RtGame *g, RtFrame *f)\n{\n", u->cname);
    /* Loops that keep their variable in a C local may leave no use of L. */
    if (u->nlocals && body.s && (strstr(body.s, "L->") || strstr(body.s, ", L)") || strstr(body.s, "memset(L,")))
        bprintf(out, "    struct Locals_%s *L = (struct Locals_%s *)(void *)f->v;\n", u->cname, u->cname);
    bputs(out, "    switch (f->pc) {\n    case 0:;\n");
    bputs(out, body.s ? body.s : "");
    bprintf(out, "        break;\n    default:\n        return rt_fail(g, %d, \"bad resume point\");\n    }\n", site(E, u->loc));
    bputs(out, "    return RT_DONE;\n}\n\n");
    buf_free(&body);
    buf_free(&helpers);
}

static void emit_function(Emit *E, Buf *out, int ui)
{
    MUnit *u = &((Model *)E->m)->units[ui];
    Buf body = {0}, helpers = {0};
    E->unit = u;
    E->wunit = u;
    E->body = &body;
    E->helpers = &helpers;
    E->indent = 1;
    E->helper_count = 0;
    /* Params read as the C parameters (and are passed on to the
       aggregates by value) unless an aggregate nests in another. */
    E->by_value = !nested_aggregate(u->body);
    E->nbound = 0;
    if (E->by_value)
        for (int p = 0; p < u->nparams; p++)
            bind(E, p, lname(E, u->locals[p]), -1);
    E->memo_on = E->expand_on = E->by_value;
    E->nmemo = 0;
    const char *r = ex(E, u->body);
    for (int k = 0; k < E->nmemo; k++)
        line(E, "RtValue %s[2] = {0, 0};   /* the value, and 1 once it is set */", E->memo[k].var);
    line(E, "return %s;", r);
    E->memo_on = E->expand_on = 0;
    E->nmemo = 0;
    int by_value = E->by_value;
    E->by_value = 0;
    E->nbound = 0;
    if (!by_value)
        emit_locals_struct(E, out, u);
    bputs(out, helpers.s ? helpers.s : "");
    bprintf(out, "/* %s:%d: function %s */\n", file_of(E, u->loc), u->loc.line, u->name);
    bprintf(out, "static %sRtValue Fn_%s(RtGame *g, RtFrame *f", by_value ? "inline " : "", u->name);
    for (int p = 0; p < u->nparams; p++)
        bprintf(out, ", RtValue %s", lname(E, u->locals[p]));
    bputs(out, ")\n{\n");
    if (u->nlocals && !by_value) {
        bprintf(out, "    struct Locals_%s Lv, *L = &Lv;\n", u->cname);
        bputs(out, "    memset(&Lv, 0, sizeof Lv);\n");
        for (int p = 0; p < u->nparams; p++)
            bprintf(out, "    L->%s = %s;\n", lname(E, u->locals[p]), lname(E, u->locals[p]));
    }
    bputs(out, "    (void)g;\n    (void)f;\n");
    for (int p = 0; p < u->nparams; p++)   /* a param the body never reads */
        bprintf(out, "    (void)%s;\n", lname(E, u->locals[p]));
    bputs(out, body.s ? body.s : "");
    bputs(out, "}\n\n");
    buf_free(&body);
    buf_free(&helpers);
}

/* ---- tables and descriptors --------------------------------------------------------- */

static const char *ctype_of_field(AstType t)
{
    switch (t) {
    case TY_TEXT: return "const char *";
    case TY_ABILITY: return "int ";
    default: return "RtValue ";
    }
}

static void emit_tables(Emit *E, Buf *out)
{
    const Model *m = E->m;
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (kd->ndata == 0)
            continue;
        bprintf(out, "/* %s:%d: kind %s */\n", file_of(E, kd->loc), kd->loc.line, kd->name);
        bprintf(out, "struct Row_%s {\n", kd->name);
        if (kd->ndata == 0)
            bputs(out, "    int unused;\n");
        for (int f = 0; f < kd->nfields; f++)
            if (!kd->fields[f].is_state)
                bprintf(out, "    %s%s;\n", ctype_of_field(kd->fields[f].type), fname_of(E, kd->fields[f].name));
        bputs(out, "};\n\n");
        int nrows = 0;
        for (int c = 0; c < m->ncards; c++)
            if (m->cards[c].kind == k)
                nrows++;
        if (nrows == 0) {
            bprintf(out, "static const struct Row_%s Rows_%s[1];\n\n", kd->name, kd->name);
            continue;
        }

        bprintf(out, "static const struct Row_%s Rows_%s[] = {\n", kd->name, kd->name);
        for (int c = 0; c < m->ncards; c++) {
            const MCard *cd = &m->cards[c];
            if (cd->kind != k)
                continue;
            bprintf(out, "    { /* %s:%d: %s */\n", file_of(E, cd->loc), cd->loc.line, c_comment(E->a, cd->name));
            if (kd->ndata == 0)
                bputs(out, "        .unused = 0,\n");
            for (int f = 0; f < kd->nfields; f++) {
                const MField *fd = &kd->fields[f];
                if (fd->is_state)
                    continue;
                const MValue *v = &cd->values[fd->index];
                bprintf(out, "        .%s = ", fname_of(E, fd->name));
                switch (fd->type) {
                case TY_TEXT:
                    bputs(out, v->present && v->text ? c_string(E, v->text) : "\"\"");
                    break;
                case TY_ABILITY:
                    bprintf(out, "%d", v->present && v->script >= 0 ? E->script_of_unit[v->script] : -1);
                    break;
                case TY_NAMED:
                    bputs(out, v->present ? enum_value(E, fd->enum_index, v->ival) : "RT_NONE");
                    break;
                case TY_SIDE:
                    if (v->present && v->ival >= 0 && v->ival < m->nsides)
                        bprintf(out, "SIDE_%s", m->side_names[v->ival]);
                    else
                        bputs(out, "RT_NONE");
                    break;
                default:
                    bprintf(out, "%d", v->present ? (int)v->ival : 0);
                    break;
                }
                bputs(out, ",\n");
            }
            bputs(out, "    },\n");
        }
        bputs(out, "};\n\n");
    }
}

/* zone_capacity: the cards zone decl z can hold in every variant: the
   most instances of its kind (of any kind for the box and zones of no
   kind) a variant has. */
static int zone_capacity(const Model *m, int z)
{
    int best = 0;
    for (int v = 0; v < m->nvariants; v++) {
        int n = 0;
        for (int c = 0; c < m->ncards; c++)
            if (z == 0 || m->zones[z].kind < 0 || m->cards[c].kind == m->zones[z].kind)
                n += m->variants[v].copies[c];
        if (n > best)
            best = n;
    }
    return best;
}

/* emit_layout: the cells of the vars and zones, laid out as the runtime
   lays them out (rt_state.c lay_out; docs/runtime.md "The state block"):
   the shared vars, the shared zones, then one block of PLAYER_CELLS cells
   per player with his vars and zones. VCELL_x and ZCELL_x are the first
   cells (player 0's for per-player ones); the table `layout` gives the
   runtime the capacities and cells to check. */
static void emit_layout(Emit *E, Buf *out)
{
    const Model *m = E->m;
    int *cap = arena_alloc(E->a, sizeof *cap * (size_t)(m->nzones + 1));
    int *vcell = arena_alloc(E->a, sizeof *vcell * (size_t)(m->nvars + 1));
    int *zcell = arena_alloc(E->a, sizeof *zcell * (size_t)(m->nzones + 1));
    int off = 0, rel = 0;
    for (int v = 0; v < m->nvars; v++)
        if (!m->vars[v].per_player)
            vcell[v] = off++;
    for (int z = 0; z < m->nzones; z++) {
        cap[z] = zone_capacity(m, z);
        if (!m->zones[z].per_player) {
            zcell[z] = off;
            off += 1 + cap[z];
        }
    }
    for (int v = 0; v < m->nvars; v++)
        if (m->vars[v].per_player)
            vcell[v] = off + rel++;
    for (int z = 0; z < m->nzones; z++)
        if (m->zones[z].per_player) {
            zcell[z] = off + rel;
            rel += 1 + cap[z];
        }
    bputs(out, "/* The state layout this code reads (docs/runtime.md \"The state block\"). */\n");
    bprintf(out, "enum { PLAYER_CELLS = %d };\n", rel);
    if (m->nvars) {
        bputs(out, "enum {");
        for (int v = 0; v < m->nvars; v++)
            bprintf(out, "%s VCELL_%s = %d", v ? "," : "", m->vars[v].name, vcell[v]);
        bputs(out, " };\n");
    }
    bputs(out, "enum {");
    for (int z = 0; z < m->nzones; z++)
        bprintf(out, "%s ZCELL_%s = %d", z ? "," : "", m->zones[z].name, zcell[z]);
    bputs(out, " };\n");
    bputs(out, "static const int32_t layout[] = {\n    /* zone capacities */");
    for (int z = 0; z < m->nzones; z++)
        bprintf(out, " %d,", cap[z]);
    if (m->nvars) {
        bputs(out, "\n    /* vars */");
        for (int v = 0; v < m->nvars; v++)
            bprintf(out, " VCELL_%s,", m->vars[v].name);
    }
    bputs(out, "\n    /* zones */");
    for (int z = 0; z < m->nzones; z++)
        bprintf(out, " ZCELL_%s,", m->zones[z].name);
    bputs(out, "\n    PLAYER_CELLS,\n};\n\n");
}

static void emit_enums(Emit *E, Buf *out)
{
    const Model *m = E->m;
    if (m->nsides) {
        bputs(out, "enum {");
        for (int i = 0; i < m->nsides; i++)
            bprintf(out, "%s SIDE_%s = %d", i ? "," : "", m->side_names[i], i);
        bputs(out, " };\n");
    }
    for (int e = 0; e < m->nenums; e++) {
        if (!m->enums[e].nvalues)
            continue;   /* enum values are global names: ENUM_value */
        bputs(out, "enum {");
        for (int v = 0; v < m->enums[e].nvalues; v++)
            bprintf(out, "%s ENUM_%s = %d", v ? "," : "", m->enums[e].values[v], v);
        bputs(out, " };\n");
    }
    bputs(out, "enum {");
    for (int i = 0; i < m->nkinds; i++)
        bprintf(out, "%s KIND_%s = %d", i ? "," : "", m->kinds[i].name, i);
    if (!m->nkinds)
        bputs(out, " NO_KIND = 0");
    bputs(out, " };\n");
    bputs(out, "enum {");
    for (int i = 0; i < m->nzones; i++)
        bprintf(out, "%s ZONE_%s = %d", i ? "," : "", m->zones[i].name, i);
    bputs(out, " };\n");
    if (m->nvars) {
        bputs(out, "enum {");
        for (int i = 0; i < m->nvars; i++)
            bprintf(out, "%s VAR_%s = %d", i ? "," : "", m->vars[i].name, i);
        bputs(out, " };\n");
    }
    if (m->nconsts) {
        bputs(out, "enum {");
        for (int i = 0; i < m->nconsts; i++)
            bprintf(out, "%s CONST_%s = %d", i ? "," : "", m->consts[i].name, i);
        bputs(out, " };\n");
    }
    bputs(out, "\n");
    emit_layout(E, out);
}

static void emit_def_data(Emit *E, Buf *out)
{
    const Model *m = E->m;
    const char *id = m->id;
    if (m->nsides) {
        bputs(out, "static const char *const side_names[] = {");
        for (int i = 0; i < m->nsides; i++)
            bprintf(out, "%s %s", i ? "," : "", c_string(E, m->side_names[i]));
        bputs(out, " };\nstatic const char *const side_titles[] = {");
        for (int i = 0; i < m->nsides; i++)
            bprintf(out, "%s %s", i ? "," : "", c_string(E, m->side_titles[i]));
        bputs(out, " };\n\n");
    }
    for (int e = 0; e < m->nenums; e++) {
        bprintf(out, "static const char *const Values_%s[] = {", m->enums[e].name);
        for (int v = 0; v < m->enums[e].nvalues; v++)
            bprintf(out, "%s %s", v ? "," : "", c_string(E, m->enums[e].values[v]));
        if (!m->enums[e].nvalues)
            bputs(out, " \"\"");
        bputs(out, " };\n");
    }
    if (m->nenums) {
        bputs(out, "static const RtEnumDef enums[] = {\n");
        for (int e = 0; e < m->nenums; e++)
            bprintf(out, "    { %s, %d, Values_%s },\n", c_string(E, m->enums[e].name), m->enums[e].nvalues,
                    m->enums[e].name);
        bputs(out, "};\n\n");
    }
    bputs(out, "static const RtZoneDef zones[] = {\n");
    for (int i = 0; i < m->nzones; i++) {
        const MZone *z = &m->zones[i];
        static const char *const vis[] = {"RT_PUBLIC", "RT_PRIVATE", "RT_HIDDEN"};
        bprintf(out, "    { %s, %d, %d, %s, %s },\n", c_string(E, z->name), z->per_player, z->ordered,
                vis[z->visibility], z->kind >= 0 ? kind_enum(E, z->kind) : "-1");
    }
    bputs(out, "};\n\n");
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (kd->nstate == 0)
            continue;
        bprintf(out, "static const char *const StateNames_%s[] = {", kd->name);
        int first = 1;
        for (int f = 0; f < kd->nfields; f++)
            if (kd->fields[f].is_state) {
                bprintf(out, "%s %s", first ? "" : ",", c_string(E, kd->fields[f].name));
                first = 0;
            }
        bprintf(out, " };\nstatic const RtValue StateDefaults_%s[] = {", kd->name);
        first = 1;
        for (int f = 0; f < kd->nfields; f++)
            if (kd->fields[f].is_state) {
                const MField *fd = &kd->fields[f];
                if (fd->type == TY_NAMED)
                    bprintf(out, "%s %s", first ? "" : ",", enum_value(E, fd->enum_index, fd->def_value));
                else
                    bprintf(out, "%s %d", first ? "" : ",", (int)fd->def_value);
                first = 0;
            }
        bprintf(out, " };\nstatic const uint8_t StateTypes_%s[] = {", kd->name);
        first = 1;
        for (int f = 0; f < kd->nfields; f++)
            if (kd->fields[f].is_state) {
                const MField *fd = &kd->fields[f];
                if (fd->type == TY_NAMED)
                    bprintf(out, "%s RT_TY_ENUM + %d", first ? "" : ",", fd->enum_index);
                else
                    bprintf(out, "%s %s", first ? "" : ",", fd->type == TY_BOOL ? "RT_TY_BOOL" : "RT_TY_INT");
                first = 0;
            }
        bprintf(out, " };\nstatic const uint8_t StateKeep_%s[] = {", kd->name);
        first = 1;
        for (int f = 0; f < kd->nfields; f++)
            if (kd->fields[f].is_state) {
                bprintf(out, "%s %d", first ? "" : ",", kd->fields[f].keep);
                first = 0;
            }
        bputs(out, " };\n");
    }
    bputs(out, "static const RtKindDef kinds[] = {\n");
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        int nrows = 0;
        for (int c = 0; c < m->ncards; c++)
            if (m->cards[c].kind == k)
                nrows++;
        const char *rows = kd->ndata ? arena_printf(E->a, "Rows_%s, %d", kd->name, nrows) : "NULL, 0";
        if (kd->nstate)
            bprintf(out, "    { %s, %d, StateNames_%s, StateDefaults_%s, StateTypes_%s, %s, StateKeep_%s },\n",
                    c_string(E, kd->name), kd->nstate, kd->name, kd->name, kd->name, rows, kd->name);
        else
            bprintf(out, "    { %s, 0, NULL, NULL, NULL, %s, NULL },\n", c_string(E, kd->name), rows);
    }
    if (!m->nkinds)
        bputs(out, "    { \"none\", 0, NULL, NULL, NULL, NULL, 0, NULL },\n");
    bputs(out, "};\n\n");
    bputs(out, "static const RtCardDef cards[] = {\n");
    for (int c = 0; c < m->ncards; c++)
        bprintf(out, "    { %s, %s, %d },\n", c_string(E, m->cards[c].name), kind_enum(E, m->cards[c].kind),
                m->cards[c].row);
    if (!m->ncards)
        bputs(out, "    { \"none\", 0, 0 },\n");
    bputs(out, "};\n\n");
    if (m->nvars) {
        bputs(out, "static const RtVarDef vars[] = {\n");
        for (int i = 0; i < m->nvars; i++) {
            const MVar *v = &m->vars[i];
            const char *ty = v->type.base == T_BOOL     ? "RT_TY_BOOL"
                             : v->type.base == T_SIDE   ? "RT_TY_SIDE"
                             : v->type.base == T_PLAYER ? "RT_TY_PLAYER"
                             : v->type.base == T_CARD   ? "RT_TY_CARD"
                             : v->type.base == T_ENUM   ? arena_printf(E->a, "RT_TY_ENUM + %d", v->type.param)
                                                        : "RT_TY_INT";
            bprintf(out, "    { %s, %d, %s, %d, %d, %d, %d, %d, %s },\n", c_string(E, v->name), v->per_player, ty,
                    v->has_min, v->has_max, (int)v->init, (int)v->min, (int)v->max,
                    v->is_private ? "RT_PRIVATE" : "RT_PUBLIC");
        }
        bputs(out, "};\n\n");
    }
    bputs(out, "static const char *const strings[] = {\n");
    for (int i = 0; i < m->nstrings; i++)
        bprintf(out, "    %s, /* %d */\n", c_string(E, m->strings[i]), i);
    if (!m->nstrings)
        bputs(out, "    \"\",\n");
    bputs(out, "};\n\n");
    bputs(out, "static const RtScriptDef scripts[] = {\n");
    for (int u = 0; u < m->nunits; u++) {
        const MUnit *un = &m->units[u];
        if (un->is_function)
            continue;
        bprintf(out, "    { %s, %s, %d, Script_%s, %d },\n", c_string(E, un->name),
                c_string(E, file_path(E, un->loc)), un->loc.line, un->cname, un->nlocals);
    }
    bputs(out, "};\n\n");
    for (int v = 0; v < m->nvariants; v++) {
        const MVariant *mv = &m->variants[v];
        const char *vn = v == 0 ? "base" : mv->name;
        bprintf(out, "static const int16_t Copies_%s[] = {", vn);
        for (int c = 0; c < m->ncards; c++)
            bprintf(out, "%s%s%d", c ? "," : "", c % 16 == 0 ? "\n    " : " ", mv->copies[c]);
        if (!m->ncards)
            bputs(out, " 0");
        bputs(out, "\n};\n");
        bprintf(out, "static const RtValue Consts_%s[] = {", vn);
        for (int i = 0; i < m->nconsts; i++)
            bprintf(out, "%s %d", i ? "," : "", (int)mv->consts[i]);
        if (!m->nconsts)
            bputs(out, " 0");
        bputs(out, " };\n\n");
    }
    /* the game's `function score(p: player) : int`, for agents */
    const MUnit *score_fn = NULL;
    for (int u = 0; u < m->nunits; u++)
        if (m->units[u].is_function && strcmp(m->units[u].name, "score") == 0 && m->units[u].nparams == 1
            && m->units[u].param_types[0].base == T_PLAYER && m->units[u].result.base == T_INT)
            score_fn = &m->units[u];
    if (score_fn) {
        bputs(out, "/* the game's score of a player, for agents: its function score */\n"
                   "static RtValue game_score(RtGame *g, RtValue player)\n{\n"
                   "    RtFrame frame = { 0, 0, 0, RT_NONE };\n"
                   "    frame.me = player;\n");
        bprintf(out, "    return Fn_%s(g, &frame, player);\n}\n\n", score_fn->name);
    }
    /* the source locations scripts fail at (docs/runtime.md "Sites") */
    bputs(out, "static const char *const Site_files[] = {\n");
    for (int i = 0; i < E->nfiles; i++)
        bprintf(out, "    %s,\n", c_string(E, E->files[i]));
    if (!E->nfiles)
        bputs(out, "    \"?\",\n");
    bputs(out, "};\n\nstatic const RtSite Site_table[] = {\n");
    for (int i = 0; i < E->nsites; i++)
        bprintf(out, "    { %d, %d, %d }, /* %d: %s:%d:%d */\n", E->sites[i].file, E->sites[i].line, E->sites[i].col, i,
                file_of(E, E->sites[i]), E->sites[i].line, E->sites[i].col);
    if (!E->nsites)
        bputs(out, "    { 0, 0, 0 },\n");
    bputs(out, "};\n\n");
    int frames = m->max_frames;   /* proven by the checker (sema_calls.c) */
    for (int v = 0; v < m->nvariants; v++) {
        const MVariant *mv = &m->variants[v];
        const char *vn = v == 0 ? "base" : mv->name;
        if (v == 0)
            bprintf(out, "const RtGameDef %s_game = {\n", id);
        else
            bprintf(out, "const RtGameDef %s_variant_%s = {\n", id, mv->name);
        bprintf(out, "    CARDRT_ABI, %s, %s, %s,\n", c_string(E, id), c_string(E, vn),
                c_string(E, mv->title));
        bprintf(out, "    %d, %d,\n", m->min_players, m->max_players);
        if (m->nsides)
            bprintf(out, "    %d, side_names, side_titles,\n", m->nsides);
        else
            bputs(out, "    0, NULL, NULL,\n");
        bprintf(out, "    %d, zones,\n", m->nzones);
        bprintf(out, "    %d, kinds,\n", m->nkinds);
        bprintf(out, "    %d, cards, Copies_%s,\n", m->ncards, vn);
        bprintf(out, "    %d, %s,\n", m->nvars, m->nvars ? "vars" : "NULL");
        bprintf(out, "    %d, strings,\n", m->nstrings);
        int nscripts = 0;
        for (int u = 0; u < m->nunits; u++)
            if (!m->units[u].is_function)
                nscripts++;
        bprintf(out, "    %d, scripts,\n", nscripts);
        bprintf(out, "    %d, %d,\n", mv->setup >= 0 ? E->script_of_unit[mv->setup] : -1,
                mv->round >= 0 ? E->script_of_unit[mv->round] : -1);
        bprintf(out, "    %d, Consts_%s,\n", m->nconsts, vn);
        if (m->nenums)
            bprintf(out, "    %d, enums,\n", m->nenums);
        else
            bputs(out, "    0, NULL,\n");
        bprintf(out, "    %s,\n", score_fn ? "game_score" : "NULL");
        bprintf(out, "    %d, /* frames: the deepest calls can go (0: no static bound) */\n", frames);
        bputs(out, "    layout,\n");
        bprintf(out, "    %d, /* prelude: the setup begins with one */\n", has_prelude(E, mv->setup));
        bprintf(out, "    %d, Site_table, %d, Site_files,\n", E->nsites, E->nfiles ? E->nfiles : 1);
        bputs(out, "};\n\n");
    }
    bprintf(out, "const RtGameDef *const %s_variants[] = {\n", id);
    for (int v = 0; v < m->nvariants; v++) {
        if (v == 0)
            bprintf(out, "    &%s_game,\n", id);
        else
            bprintf(out, "    &%s_variant_%s,\n", id, m->variants[v].name);
    }
    bputs(out, "};\n");
    bprintf(out, "const int %s_variant_count = %d;\n\n", id, m->nvariants);
    bputs(out, "#ifdef CARDRT_ENGINE_MAIN\nint main(int argc, char **argv)\n{\n");
    bprintf(out, "    return rt_engine_main(argc, argv, %s_variants, %s_variant_count);\n}\n#endif\n", id, id);
}

/* emit_memo_helpers: for each function a memo reads (memo_call), the
   helper that returns memo m's value, calling the function the first time. */
static void emit_memo_helpers(Emit *E, Buf *out)
{
    for (int u = 0; u < E->m->nunits; u++) {
        if (!E->memo_helper[u])
            continue;
        const MUnit *un = &E->m->units[u];
        const char *fn = un->name;
        bprintf(out, "static inline RtValue Memo_%s(RtGame *g, RtFrame *f, RtValue *m", fn);
        for (int p = 0; p < un->nparams; p++)
            bprintf(out, ", RtValue a%d", p);
        bprintf(out, ")\n{\n    if (!m[1]) {\n        m[1] = 1;\n        m[0] = Fn_%s(g, f", fn);
        for (int p = 0; p < un->nparams; p++)
            bprintf(out, ", a%d", p);
        bputs(out, ");\n    }\n    return m[0];\n}\n\n");
    }
}

/* ---- files ---------------------------------------------------------------------------- */

static void banner(Emit *E, Buf *out, const char *what)
{
    bprintf(out, "/* %s: generated by cardc %s from:\n", what, CARDC_VERSION);
    for (int i = 0; i < E->nfiles; i++)
        bprintf(out, " *   %s\n", c_comment(E->a, E->files[i]));
    bputs(out, " * Do not edit: change the sources and run `cardc c` again. */\n");
}

char *emit_c_source(const Model *m, Arena *a, const char *const *files, int nfiles)
{
    Emit E_;
    Emit *E = &E_;
    memset(E, 0, sizeof *E);
    E->m = m;
    E->a = a;
    E->files = files;
    E->nfiles = nfiles;
    E->script_of_unit = arena_alloc(a, sizeof(int) * (size_t)(m->nunits + 1));
    E->memo_helper = arena_alloc(a, (size_t)m->nunits + 1);
    E->uses_matches = arena_alloc(a, (size_t)m->nenums + 1);
    memset(E->uses_matches, 0, (size_t)m->nenums + 1);
    memset(E->memo_helper, 0, (size_t)m->nunits + 1);
    for (int u = 0, s = 0; u < m->nunits; u++)
        E->script_of_unit[u] = m->units[u].is_function ? -1 : s++;

    /* scripts and functions first: they may add strings and temporaries */
    Buf code = {0}, protos = {0}, texts = {0};
    E->texts = &texts;
    for (int u = 0; u < m->nunits; u++)
        if (m->units[u].is_function) {
            const MUnit *un = &m->units[u];
            bprintf(&protos, "RT_PURE RT_MAYBE_UNUSED static RtValue Fn_%s(RtGame *g, RtFrame *f", un->name);
            for (int p = 0; p < un->nparams; p++)
                bputs(&protos, ", RtValue");
            bputs(&protos, ");\n");
        }
    for (int u = 0; u < m->nunits; u++)
        if (m->units[u].is_function)
            emit_function(E, &code, u);
    for (int u = 0; u < m->nunits; u++)
        if (!m->units[u].is_function)
            emit_script(E, &code, u);

    Buf out = {0};
    banner(E, &out, arena_printf(a, "%s.c", m->id));
    bputs(&out, "#include <stdint.h>\n#include <stddef.h>\n#include <string.h>\n\n");
    bprintf(&out, "#include \"cardrt.h\"\n#include \"%s.h\"\n\n", m->id);
    bputs(&out, "#if CARDRT_ABI != " CARDRT_ABI_STRING "\n");
    bprintf(&out, "#error \"%s.c was generated for libcardrt ABI " CARDRT_ABI_STRING
                  "; regenerate it with this runtime's cardc: cardc c <game folder>\"\n#endif\n\n", m->id);
    size_t texts_at = out.len;   /* the long text goes here, once all is written */
    emit_enums(E, &out);
    emit_tables(E, &out);
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        if (!kd->is_die)
            continue;
        /* unused when the die is never rolled (clang -Wunused-const-variable) */
        bprintf(&out, "/* %s:%d: die %s */\nRT_MAYBE_UNUSED static const RtValue Faces_%s[] = {", file_of(E, kd->loc), kd->loc.line,
                kd->name, kd->name);
        for (int f = 0; f < kd->nfaces; f++)
            bprintf(&out, "%s %s", f ? "," : "", enum_value(E, kd->fields[0].enum_index, kd->faces[f]));
        bputs(&out, " };\n\n");
    }
    for (int e = 0; e < m->nenums; e++) {
        if (!E->uses_matches[e])
            continue;
        const MEnum *en = &m->enums[e];
        bprintf(&out, "/* matches: face fits symbol: the same value, or face is wild */\n"
                      "static int Matches_%s(RtValue face, RtValue symbol)\n{\n", en->name);
        if (en->wild) {
            bputs(&out, "    return face == symbol");
            for (int v = 0; v < en->nvalues; v++)
                if (en->wild >> v & 1u)
                    bprintf(&out, " || face == %s", enum_value(E, e, v));
            bputs(&out, ";\n}\n\n");
        } else {
            bputs(&out, "    return face == symbol;\n}\n\n");
        }
    }
    if (protos.len) {
        bputs(&out, protos.s);
        bputs(&out, "\n");
    }
    emit_memo_helpers(E, &out);
    bputs(&out, code.s ? code.s : "");
    emit_def_data(E, &out);
    if (texts.len)
        bputs(&texts, "\n");
    char *r = arena_printf(a, "%.*s%s%s", (int)texts_at, out.s, texts.s ? texts.s : "", out.s + texts_at);
    buf_free(&out);
    buf_free(&texts);
    buf_free(&code);
    buf_free(&protos);
    return r;
}

char *emit_c_header(const Model *m, Arena *a, const char *const *files, int nfiles)
{
    Emit E_;
    Emit *E = &E_;
    memset(E, 0, sizeof *E);
    E->m = m;
    E->a = a;
    E->files = files;
    E->nfiles = nfiles;
    Buf out = {0};
    banner(E, &out, arena_printf(a, "%s.h", m->id));
    const char *guard = arena_printf(a, "CARDC_GAME_%s_H", m->id);
    bprintf(&out, "#ifndef %s\n#define %s\n\n#include \"cardrt.h\"\n\n", guard, guard);
    bprintf(&out, "/* %s */\nextern const RtGameDef %s_game;\n", c_comment(a, m->title), m->id);
    for (int v = 1; v < m->nvariants; v++)
        bprintf(&out, "/* %s */\nextern const RtGameDef %s_variant_%s;\n", c_comment(a, m->variants[v].title), m->id,
                m->variants[v].name);
    bprintf(&out, "/* every variant, the base game first */\nextern const RtGameDef *const %s_variants[];\n", m->id);
    bprintf(&out, "extern const int %s_variant_count;\n\n#endif\n", m->id);
    char *r = arena_strdup(a, out.s);
    buf_free(&out);
    return r;
}
