/* print.c: print statement and expression trees back to .cards text.
   Printing is two steps: the tree becomes a stream of tokens, each node's
   first token tagged with the node's source line; a layout pass then joins
   the tokens, breaking lines so that every tagged token lands on its
   source line (relative to the first one). */
#include "print.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "holes.h"

enum { GLUE_L = 1, GLUE_R = 2 };

/* One token of the stream: text, source line (0: none), spacing, brace. */
typedef struct Tok {
    const char *s;
    int line;
    int glue;
    char brace;
} Tok;

/* The printer: the token stream being built, the first error. */
typedef struct Printer {
    Arena *a;
    Tok *toks;
    int n, cap;
    const char *error;
    int depth;
} Printer;

static void tok(Printer *P, const char *s, int line, int glue)
{
    if (P->n == P->cap) {
        int cap = P->cap ? P->cap * 2 : 256;
        Tok *t = realloc(P->toks, sizeof *t * (size_t)cap);
        if (!t) {
            P->error = "out of memory";
            return;
        }
        P->toks = t;
        P->cap = cap;
    }
    P->toks[P->n++] = (Tok){ s, line, glue, 0 };
}

static void brace(Printer *P, char c)
{
    tok(P, c == '{' ? "{" : "}", 0, 0);
    if (!P->error)
        P->toks[P->n - 1].brace = c;
}

static void fail(Printer *P, const AstNode *n, const char *what)
{
    if (!P->error)
        P->error = arena_printf(P->a, "cannot print %s '%s' (node kind %d)", what,
                                n && n->kind < AST_KIND_COUNT ? ast_kind_name(n->kind) : "?", n ? (int)n->kind : -1);
}

const char *print_type(AstType t)
{
    static const char *const names[] = {
        [TY_INT] = "int", [TY_BOOL] = "bool", [TY_TEXT] = "text", [TY_SIDE] = "side",
        [TY_ABILITY] = "ability", [TY_PLAYER] = "player", [TY_CARD] = "card",
    };
    if ((int)t <= 0 || (size_t)t >= sizeof names / sizeof names[0])
        return NULL;
    return names[t];
}

/* literal: s as a .cards string literal, with quotes and escapes; with
   holes, each {hole} of s (to its matching '}': holes_close) is code and
   is written as it is. */
static char *literal(Arena *arena, const char *s, int holes)
{
    size_t n = strlen(s);
    char *o = arena_alloc(arena, n * 2 + 3);
    size_t j = 0;
    o[j++] = '"';
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        const char *close = holes && c == '{' ? holes_close(s + i) : NULL;
        if (close) {
            size_t len = (size_t)(close - (s + i)) + 1;
            memcpy(o + j, s + i, len);
            j += len;
            i += len - 1;
        } else if (c == '"' || c == '\\') {
            o[j++] = '\\';
            o[j++] = c;
        } else if (c == '\n') {
            o[j++] = '\\';
            o[j++] = 'n';
        } else if (c == '\t') {
            o[j++] = '\\';
            o[j++] = 't';
        } else {
            o[j++] = c;
        }
    }
    o[j++] = '"';
    o[j] = '\0';
    return o;
}

char *print_string_literal(Arena *arena, const char *s)
{
    return literal(arena, s, 0);
}

char *print_text_literal(Arena *arena, const char *s)
{
    return literal(arena, s, 1);
}

/* ---- expressions --------------------------------------------------------------- */

/* The binding strength of an expression: 0 if-then-else, 1 or, 2 and,
   3 not, 4 comparisons and `is`, 5 + -, 6 * / %, 7 unary -, 8 postfix,
   9 primary. */
static int prec(const AstNode *e)
{
    switch (e->kind) {
    case AST_COND: return 0;
    case AST_BINARY:
        switch (e->op) {
        case OP_OR: return 1;
        case OP_AND: return 2;
        case OP_ADD: case OP_SUB: return 5;
        case OP_MUL: case OP_DIV: case OP_MOD: return 6;
        default: return 4;
        }
    case AST_UNARY: return e->op == '!' ? 3 : 7;
    case AST_IS: return 4;
    case AST_FIELD_OF: return 8;
    default: return 9;
    }
}

/* The spelling of each binary operator (by AstOp). */
static const char *const binop_text[] = {
    [OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_MOD] = "%",
    [OP_EQ] = "==", [OP_NE] = "!=", [OP_LT] = "<", [OP_LE] = "<=", [OP_GT] = ">", [OP_GE] = ">=",
    [OP_AND] = "and", [OP_OR] = "or",
};

static void ex(Printer *P, const AstNode *e, int need);

static void args(Printer *P, const AstList *l)
{
    tok(P, "(", 0, GLUE_L | GLUE_R);
    for (int i = 0; i < l->count; i++) {
        if (i)
            tok(P, ",", 0, GLUE_L);
        ex(P, l->items[i], 0);
    }
    tok(P, ")", 0, GLUE_L);
}

/* avoiding_args: `(a, b, avoiding x where COND)` of a reachable call e. */
static void avoiding_args(Printer *P, const AstNode *e)
{
    tok(P, "(", 0, GLUE_L | GLUE_R);
    for (int i = 0; i < e->list.count; i++) {
        ex(P, e->list.items[i], 0);
        tok(P, ",", 0, GLUE_L);
    }
    tok(P, "avoiding", 0, 0);
    tok(P, e->name2, e->loc2.line, 0);
    tok(P, "where", 0, 0);
    ex(P, e->c, 0);
    tok(P, ")", 0, GLUE_L);
}

/* index_or_range: an element of an array `track[me, 3]` (AST_INDEX) or a
   range `1..5` (AST_RANGE) */
static void index_or_range(Printer *P, const AstNode *e, int line)
{
    if (e->kind == AST_RANGE) {
        ex(P, e->a, 5);
        tok(P, "..", 0, GLUE_L | GLUE_R);
        ex(P, e->b, 5);
        return;
    }
    tok(P, e->name, line, 0);
    tok(P, "[", 0, GLUE_L | GLUE_R);
    for (int i = 0; i < e->list.count; i++) {
        if (i)
            tok(P, ",", 0, GLUE_L);
        ex(P, e->list.items[i], 0);
    }
    tok(P, "]", 0, GLUE_L);
}

/* expr at strength `need` or tighter, parenthesised otherwise */
static void ex(Printer *P, const AstNode *e, int need)
{
    if (P->error)
        return;
    if (!e) {
        fail(P, NULL, "a missing expression");
        return;
    }
    int line = e->loc.line;
    int paren = prec(e) < need;
    if (paren) {
        tok(P, "(", line, GLUE_R);
        line = 0;
    }
    switch (e->kind) {
    case AST_INT:
        tok(P, arena_printf(P->a, "%lld", (long long)e->ival), line, 0);
        break;
    case AST_BOOL:
        tok(P, e->ival ? "true" : "false", line, 0);
        break;
    case AST_STRING:
        tok(P, print_string_literal(P->a, e->text ? e->text : ""), line, 0);
        break;
    case AST_NAME:
        tok(P, e->name, line, 0);
        break;
    case AST_ME: tok(P, "me", line, 0); break;
    case AST_THIS: tok(P, "this", line, 0); break;
    case AST_OPPONENT: tok(P, "opponent", line, 0); break;
    case AST_PLAYERS_ALL: tok(P, "players", line, 0); break;
    case AST_SIDES_ALL: tok(P, "sides", line, 0); break;
    case AST_MY:
        tok(P, "my", line, 0);
        tok(P, e->name, 0, 0);
        break;
    case AST_FIELD_OF:
        ex(P, e->a, 8);
        tok(P, ".", 0, GLUE_L | GLUE_R);
        tok(P, e->name, 0, 0);
        break;
    case AST_CALL:
        tok(P, e->name, line, 0);
        if (e->name2)   /* reachable(a, b, avoiding x where COND) */
            avoiding_args(P, e);
        else
            args(P, &e->list);
        break;
    case AST_RANGE:
    case AST_INDEX:
        index_or_range(P, e, line);
        break;
    case AST_AGGREGATE: {
        const char *w = e->op == 'c' ? "count" : e->op == 's' ? "sum" : e->op == 'a' ? "any" : e->op == 'l' ? "all"
                        : e->op == 'm' ? "min" : e->op == 'M' ? "max" : e->op == '<' ? "argmin" : e->op == '>' ? "argmax"
                        : NULL;
        if (!w) {
            fail(P, e, "the aggregate");
            return;
        }
        tok(P, w, line, 0);
        tok(P, "(", 0, GLUE_L | GLUE_R);
        tok(P, e->name, e->loc2.line, 0);
        tok(P, "in", 0, 0);
        ex(P, e->a, 0);
        if (e->c) {
            tok(P, "where", 0, 0);
            ex(P, e->c, 0);
        }
        if (e->b) {
            tok(P, ":", 0, GLUE_L);
            ex(P, e->b, 0);
        }
        tok(P, ")", 0, GLUE_L);
        break;
    }
    case AST_UNARY:
        if (e->op == '-') {
            tok(P, "-", line, GLUE_R);
            ex(P, e->a, 7);
        } else {
            tok(P, "not", line, 0);
            ex(P, e->a, 3);
        }
        break;
    case AST_BINARY: {
        int p = prec(e);
        const char *op = e->op > 0 && (size_t)e->op < sizeof binop_text / sizeof binop_text[0] ? binop_text[e->op] : NULL;
        if (!op) {
            fail(P, e, "the operator of");
            return;
        }
        /* comparisons do not chain: both operands are sums */
        ex(P, e->a, p == 4 ? 5 : p);
        tok(P, op, 0, 0);
        ex(P, e->b, p + 1);
        break;
    }
    case AST_IS:
        ex(P, e->a, 5);
        tok(P, "is", 0, 0);
        tok(P, e->name, 0, 0);
        break;
    case AST_COND:
        tok(P, "if", line, 0);
        ex(P, e->a, 0);
        tok(P, "then", 0, 0);
        ex(P, e->b, 0);
        tok(P, "else", 0, 0);
        ex(P, e->c, 0);
        break;
    default:
        fail(P, e, "the expression");
        return;
    }
    if (paren)
        tok(P, ")", 0, GLUE_L);
}

/* ---- statements ------------------------------------------------------------------ */

static void st(Printer *P, const AstNode *s);

/* block -> "{" { stmt } "}" */
static void blk(Printer *P, const AstNode *b)
{
    if (!b || b->kind != AST_BLOCK) {
        fail(P, b, "a block");
        return;
    }
    brace(P, '{');
    for (int i = 0; i < b->list.count && !P->error; i++)
        st(P, b->list.items[i]);
    brace(P, '}');
}

static void where(Printer *P, const char *kw, const AstNode *e)
{
    if (e) {
        tok(P, kw, 0, 0);
        ex(P, e, 0);
    }
}

/* text_clause: `word "text"` of a text with holes t (a prompt, a choice's
   label); nothing for none. */
static void text_clause(Printer *P, const char *word, const AstNode *t)
{
    if (t) {
        tok(P, word, 0, 0);
        tok(P, print_text_literal(P->a, t->text ? t->text : ""), 0, 0);
    }
}

/* prompt: `prompt "..."` of a choice or turn loop, if it has one. */
static void prompt(Printer *P, const AstNode *f)
{
    text_clause(P, "prompt", f);
}

/* counted_over: `[[up to] N] x in C [where P]` of a choose or a for
   (the count is s->d; up_to: it is written `up to N`). */
static void counted_over(Printer *P, const AstNode *s, int up_to)
{
    if (s->d) {
        if (up_to) {
            tok(P, "up", 0, 0);
            tok(P, "to", 0, 0);
        }
        ex(P, s->d, 0);
    }
    tok(P, s->name, 0, 0);
    tok(P, "in", 0, 0);
    ex(P, s->a, 0);
    where(P, "where", s->c);
}

/* st_choose: `choose [up to N] x in C [where] [by] [hidden] { } [else { }]`. */
static void st_choose(Printer *P, const AstNode *s, int line)
{
    tok(P, "choose", line, 0);
    counted_over(P, s, s->flags & CHOOSE_UP_TO);
    where(P, "by", s->e);
    if (s->flags & CHOOSE_HIDDEN)
        tok(P, "hidden", 0, 0);
    prompt(P, s->f);
    text_clause(P, "label", s->g);
    blk(P, s->b);
    if (s->list.count > 0) {
        tok(P, "else", 0, 0);
        blk(P, s->list.items[0]);
    }
}

/* st_for: `[simultaneously] for [up to N] x in C [where P] { }`. */
static void st_for(Printer *P, const AstNode *s, int line)
{
    if (s->flags & STMT_SIMULTANEOUS) {
        tok(P, "simultaneously", line, 0);
        line = 0;
    }
    tok(P, "for", line, 0);
    counted_over(P, s, 1);
    blk(P, s->b);
}

/* st_menu: `choose [by P] [hidden] { option "..." [when] { } ... }`. */
static void st_menu(Printer *P, const AstNode *s, int line)
{
    tok(P, "choose", line, 0);
    where(P, "by", s->e);
    if (s->flags & CHOOSE_HIDDEN)
        tok(P, "hidden", 0, 0);
    prompt(P, s->f);
    brace(P, '{');
    for (int i = 0; i < s->list.count && !P->error; i++) {
        const AstNode *o = s->list.items[i];
        if (o->kind != AST_OPTION) {
            fail(P, o, "a menu item");
            break;
        }
        tok(P, "option", o->loc.line, 0);
        tok(P, print_text_literal(P->a, o->text ? o->text : ""), 0, 0);
        where(P, "when", o->c);
        blk(P, o->b);
    }
    brace(P, '}');
}

/* st_turns: `turns from P until C` with a body, or `until N passes in a
   row` or `until all pass` with actions. */
static void st_turns(Printer *P, const AstNode *s, int line)
{
    tok(P, "turns", line, 0);
    tok(P, "from", 0, 0);
    ex(P, s->a, 0);
    tok(P, "until", 0, 0);
    if (s->flags & TURNS_ALL_PASS) {
        tok(P, "all", 0, 0);
        tok(P, "pass", 0, 0);
    } else {
        ex(P, s->c, 0);
    }
    if (s->flags & TURNS_PASSES) {
        if (!(s->flags & TURNS_ALL_PASS)) {
            tok(P, "passes", 0, 0);
            tok(P, "in", 0, 0);
            tok(P, "a", 0, 0);
            tok(P, "row", 0, 0);
        }
        prompt(P, s->f);
        brace(P, '{');
        for (int i = 0; i < s->list.count && !P->error; i++) {
            const AstNode *ac = s->list.items[i];
            if (ac->kind != AST_ACTION) {
                fail(P, ac, "a turn action");
                break;
            }
            tok(P, "action", ac->loc.line, 0);
            tok(P, print_text_literal(P->a, ac->text ? ac->text : ""), 0, 0);
            if (ac->name) {
                tok(P, "for", 0, 0);
                tok(P, ac->name, 0, 0);
                tok(P, "in", 0, 0);
                ex(P, ac->a, 0);
                where(P, "where", ac->c);
            }
            where(P, "when", ac->d);
            if (ac->flags & ACTION_PASS)
                tok(P, "pass", 0, 0);
            blk(P, ac->b);
        }
        brace(P, '}');
    } else {
        blk(P, s->b);
    }
}

/* reveal: `reveal X [to P]`, or `look P at X` (op 'l'). */
static void reveal(Printer *P, const AstNode *s, int line)
{
    if (s->op == 'l') {
        tok(P, "look", line, 0);
        ex(P, s->b, 0);
        tok(P, "at", 0, 0);
        ex(P, s->a, 0);
    } else {
        tok(P, "reveal", line, 0);
        ex(P, s->a, 0);
        where(P, "to", s->b);
    }
    if (s->op == 'a') {
        tok(P, "to", 0, 0);
        tok(P, "all", 0, 0);
        tok(P, s->name, 0, 0);
        tok(P, "in", 0, 0);
        ex(P, s->d, 0);
        where(P, "where", s->c);
    }
}

static void st(Printer *P, const AstNode *s)
{
    if (P->error)
        return;
    if (!s) {
        fail(P, NULL, "a missing statement");
        return;
    }
    int line = s->loc.line;
    switch (s->kind) {
    case AST_PHASE:
        tok(P, "phase", line, 0);
        tok(P, s->name, 0, 0);
        blk(P, s->b);
        break;
    case AST_IF:
        tok(P, "if", line, 0);
        ex(P, s->a, 0);
        blk(P, s->b);
        if (s->c) {
            tok(P, "else", 0, 0);
            if (s->c->kind == AST_IF)
                st(P, s->c);
            else
                blk(P, s->c);
        }
        break;
    case AST_WHILE:
        tok(P, "while", line, 0);
        ex(P, s->a, 0);
        blk(P, s->b);
        break;
    case AST_FOR:
        st_for(P, s, line);
        break;
    case AST_CHOOSE:
        st_choose(P, s, line);
        break;
    case AST_MENU:
        st_menu(P, s, line);
        break;
    case AST_TURNS:
        st_turns(P, s, line);
        break;
    case AST_MOVE:
        tok(P, "move", line, 0);
        ex(P, s->a, 0);
        tok(P, "to", 0, 0);
        ex(P, s->b, 0);
        if (s->flags & MOVE_BOTTOM)
            tok(P, "bottom", 0, 0);
        else if (s->flags & MOVE_TOP)
            tok(P, "top", 0, 0);
        break;
    case AST_SHUFFLE:
    case AST_ELIMINATE:
        tok(P, s->kind == AST_SHUFFLE ? "shuffle" : "eliminate", line, 0);
        ex(P, s->a, 0);
        break;
    case AST_RUN:
        tok(P, "run", line, 0);
        ex(P, s->a, 0);
        where(P, "as", s->b);
        break;
    case AST_ASSIGN:
        ex(P, s->a, 8);
        tok(P, s->op == '+' ? "+=" : s->op == '-' ? "-=" : "=", 0, 0);
        ex(P, s->b, 0);
        break;
    case AST_LET:
        tok(P, "let", line, 0);
        tok(P, s->name, 0, 0);
        tok(P, "=", 0, 0);
        ex(P, s->a, 0);
        break;
    case AST_WIN:
        tok(P, "win", line, 0);
        if (s->flags & WIN_ALL) {
            tok(P, "all", 0, 0);
            tok(P, s->name, 0, 0);
            tok(P, "in", 0, 0);
            ex(P, s->a, 0);
            where(P, "where", s->c);
        } else {
            ex(P, s->a, 0);
        }
        break;
    case AST_DRAW_GAME: case AST_LOSE_GAME:
        tok(P, s->kind == AST_DRAW_GAME ? "draw_game" : "lose_game", line, 0);
        break;
    case AST_LOG:
        tok(P, "log", line, 0);
        if (s->flags & LOG_PUBLIC)
            tok(P, "public", 0, 0);
        tok(P, print_text_literal(P->a, s->text ? s->text : ""), 0, 0);
        break;
    case AST_ROLL:
        tok(P, "roll", line, 0);
        ex(P, s->a, 0);
        break;
    case AST_REVEAL:
        reveal(P, s, line);
        break;
    case AST_CALL_STMT:
        tok(P, s->name, line, 0);
        args(P, &s->list);
        break;
    default:
        fail(P, s, "the statement");
        break;
    }
}

/* ---- layout ------------------------------------------------------------------------ */

/* put: n bytes of s to the output. */
static void put(Buf *o, const char *s, size_t n) { buf_putn(o, s, n); }

static void newline(Buf *o, int depth)
{
    put(o, "\n", 1);
    for (int i = 0; i < depth; i++)
        put(o, "  ", 2);
}

/* layout: join P's tokens as described in print.h. */
static PrintResult layout(Printer *P)
{
    PrintResult r = { NULL, 0, P->error };
    if (P->error) {
        free(P->toks);
        return r;
    }
    int first = 0;
    for (int i = 0; i < P->n && !first; i++)
        first = P->toks[i].line;
    Buf o = {0};
    put(&o, "", 0);
    int cur = first, depth = 0, at_start = 1, prev_glue = 0;
    int open_line[256];
    for (int i = 0; i < P->n; i++) {
        const Tok *t = &P->toks[i];
        if (t->brace == '}') {
            depth--;
            int opened = depth >= 0 && depth < 256 ? open_line[depth] : cur;
            int next = 0;
            for (int j = i + 1; j < P->n && !next; j++)
                next = P->toks[j].line;
            if (cur > opened && (next == 0 || next > cur)) {
                newline(&o, depth < 0 ? 0 : depth);
                cur++;
                at_start = 1;
            }
        } else if (t->line > cur) {
            for (; cur < t->line - 1; cur++)
                put(&o, "\n", 1);
            newline(&o, depth);
            cur = t->line;
            at_start = 1;
        }
        if (!at_start && !(prev_glue & GLUE_R) && !(t->glue & GLUE_L))
            put(&o, " ", 1);
        put(&o, t->s, strlen(t->s));
        at_start = 0;
        prev_glue = t->glue;
        if (t->brace == '{') {
            if (depth >= 0 && depth < 256)
                open_line[depth] = cur;
            depth++;
        }
    }
    free(P->toks);
    r.text = buf_take(&o, P->a);
    r.first_line = first;
    return r;
}

PrintResult print_block(Arena *arena, const AstNode *b)
{
    Printer P = { .a = arena };
    if (!b || b->kind != AST_BLOCK)
        fail(&P, b, "a block");
    else
        for (int i = 0; i < b->list.count && !P.error; i++)
            st(&P, b->list.items[i]);
    return layout(&P);
}

PrintResult print_expr(Arena *arena, const AstNode *e)
{
    Printer P = { .a = arena };
    ex(&P, e, 0);
    return layout(&P);
}
