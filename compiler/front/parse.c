/* parse.c: the front end's entry points: run the flex scanner and bison parser over source text. */
#include "parse.h"
#include "holes.h"
#include "parser.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A node still to visit in check_depth: the expression levels above it
   and how it was reached. */
typedef struct DepthItem {
    AstNode *n;
    int level;       /* expression levels above n (0: n is under a statement or declaration) */
    int chain;       /* n is the left operand of a binary operator */
} DepthItem;

/* A growable stack of DepthItems (malloc'd, freed by check_depth). */
typedef struct DepthStack {
    DepthItem *v;
    size_t n, cap;
} DepthStack;

static void depth_push(DepthStack *s, AstNode *n, int level, int chain)
{
    if (!n)
        return;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 256;
        s->v = realloc(s->v, sizeof *s->v * s->cap);
        if (!s->v) {
            fputs("cardc: out of memory\n", stderr);
            abort();
        }
    }
    s->v[s->n++] = (DepthItem){ n, level, chain };
}

/* check_depth: report the first expression in the trees roots[0..nroots)
   that lies more than PARSE_MAX_EXPR_DEPTH levels deep ("too long" when it
   ends a chain of binary operators, `1 + 1 + ...`, which the grammar builds
   left-deep: n terms are n levels). Blocks are bounded by the grammar (block_enter) and
   parentheses by the scanner; together the tree any walker sees is at
   most a few hundred nodes deep. Iterative; returns 1 if it reported. */
static int check_depth(Diag *d, AstNode *const *roots, int nroots)
{
    DepthStack s = { 0 };
    int found = 0;
    for (int r = nroots - 1; r >= 0; r--)
        depth_push(&s, roots[r], 0, 0);
    while (s.n > 0 && !found) {
        DepthItem it = s.v[--s.n];
        AstNode *n = it.n;
        int level = n->kind >= AST_INT ? it.level + 1 : 0;
        if (level > PARSE_MAX_EXPR_DEPTH) {
            if (it.chain)
                diag_error(d, n->loc, "expression too long (more than %d terms in a row)", PARSE_MAX_EXPR_DEPTH);
            else
                diag_error(d, n->loc, "expression nested too deeply (more than %d levels)", PARSE_MAX_EXPR_DEPTH);
            found = 1;
            break;
        }
        for (int i = n->list.count - 1; i >= 0; i--)
            depth_push(&s, n->list.items[i], level, 0);
        depth_push(&s, n->e, level, 0);
        depth_push(&s, n->d, level, 0);
        depth_push(&s, n->c, level, 0);
        depth_push(&s, n->b, level, 0);
        depth_push(&s, n->a, level, n->kind == AST_BINARY);
    }
    free(s.v);
    return found;
}

/* run: scan and parse text[0..len) from position base in the given mode,
   then bound the depth of what it built. Returns the number of errors
   reported meanwhile. */
static int run(ParseCtx *ctx, const char *text, size_t len, Loc base)
{
    int before = ctx->d->errors;
    ctx->file = base.file;
    ctx->line = base.line;
    ctx->col = base.col;
    ctx->blocks = ctx->mode == PARSE_BLOCK; /* a script is a block */
    int first = ctx->prog->decls.count;
    int rc = parse_run(ctx, text, len);
    if (rc >= 0 && !ctx->too_deep) {
        if (ctx->mode == PARSE_FILE && ctx->prog->decls.count > first)
            ctx->too_deep = check_depth(ctx->d, ctx->prog->decls.items + first, ctx->prog->decls.count - first);
        else if (ctx->result)
            ctx->too_deep = check_depth(ctx->d, &ctx->result, 1);
    }
    if (rc < 0) {
        diag_plain(ctx->d, "out of memory starting the scanner");
        return 1;
    }
    if (rc != 0 && ctx->d->errors == before) /* bison gave up without a message */
        diag_error(ctx->d, base, "cannot parse this text");
    return ctx->d->errors - before;
}

int parse_file(Diag *d, Arena *arena, int file, AstProgram *prog)
{
    if (file < 0 || file >= d->nsources)
        return 0;
    ParseCtx ctx = { .d = d, .arena = arena, .prog = prog, .mode = PARSE_FILE };
    Loc base = { file, 1, 1 };
    const DiagSource *src = &d->sources[file];
    const char *text = src->text;
    size_t len = src->len;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) { /* a UTF-8 byte order mark: skipped, columns unchanged */
        text += 3;
        len -= 3;
    }
    int errors = run(&ctx, text, len, base);
    d->sources[file].broken = errors > 0;
    /* Past a nesting limit no walker may see the tree: these errors are
       not "syntax only", so the checker does not run over the rest. */
    if (!ctx.too_deep)
        d->syntax_errors += errors;
    parse_resolve_card_items(arena, prog);
    return errors;
}

AstNode *parse_expr_string(Diag *d, Arena *arena, const char *text, Loc base)
{
    AstProgram scratch = { 0 };
    ParseCtx ctx = { .d = d, .arena = arena, .prog = &scratch, .mode = PARSE_EXPR };
    int errors = run(&ctx, text, strlen(text), base);
    return errors ? NULL : ctx.result;
}

AstNode *parse_block_string(Diag *d, Arena *arena, const char *text, Loc base)
{
    AstProgram scratch = { 0 };
    ParseCtx ctx = { .d = d, .arena = arena, .prog = &scratch, .mode = PARSE_BLOCK };
    int errors = run(&ctx, text, strlen(text), base);
    return errors ? NULL : ctx.result;
}

const char *const parse_keywords[] = {
    "ability", "action", "all", "and", "any", "argmax", "argmin", "as", "bool", "bottom", "by", "card",
    "choose", "const", "count", "counter", "die", "draw_game", "eliminate", "else", "empty", "enum",
    "false", "for", "from", "function", "game", "hidden", "if", "in", "int", "is", "keep",
    "kind", "let", "log", "look", "lose_game", "max", "me", "min", "move", "my", "next", "not", "of",
    "opponent", "option", "or", "ordered", "pass", "passes", "per", "phase", "player",
    "players", "private", "procedure", "public", "random", "remove", "reveal", "roll", "round",
    "run", "set", "setup", "shared", "shuffle", "side", "sides", "simultaneously",
    "state", "sum", "text", "then", "this", "to", "top", "true", "turns", "until", "up",
    "var", "variant", "view", "when", "where", "while", "win", "zone", NULL,
};

static int is_keyword(const char *name)
{
    for (int i = 0; parse_keywords[i]; i++)
        if (strcmp(parse_keywords[i], name) == 0)
            return 1;
    return 0;
}

/* swapped: whether a and b differ only by two neighbouring letters swapped. */
static int swapped(const char *a, const char *b)
{
    size_t n = strlen(a), i = 0;
    if (n != strlen(b))
        return 0;
    while (i < n && a[i] == b[i])
        i++;
    return i + 1 < n && a[i] == b[i + 1] && a[i + 1] == b[i] && strcmp(a + i + 2, b + i + 2) == 0;
}

/* near_keyword: the keyword that name (not itself one, at least 3 letters
   long) misspells: one edit (or one swap of neighbours) away, or two for 7
   letters or more; the nearest, and of those the one of name's length;
   else NULL. */
static const char *near_keyword(const char *name)
{
    if (strlen(name) < 3 || is_keyword(name))
        return NULL;
    int most = strlen(name) >= 7 ? 2 : 1, best_d = most + 1, best_len = 0;
    const char *best = NULL;
    for (int i = 0; parse_keywords[i]; i++) {
        int dist = swapped(name, parse_keywords[i]) ? 1 : diag_edit_distance(name, parse_keywords[i]);
        int len = strlen(parse_keywords[i]) == strlen(name);
        if (dist <= most && (dist < best_d || (dist == best_d && len > best_len))) {
            best = parse_keywords[i];
            best_d = dist;
            best_len = len;
        }
    }
    return best;
}

/* expects: whether bison's message msg lists what among its expected tokens. */
static int expects(const char *msg, const char *what)
{
    const char *e = strstr(msg, ", expecting ");
    return e && strstr(e, what) != NULL;
}

/* named_error: report the mistakes a syntax error most often means, with a
   message that names them: a misspelt keyword (the unexpected name, or a
   name that began its line just before it), a reserved word where a name
   belongs, a '{' still open at the end of the file. Returns 1 if it
   reported one. */
static int named_error(ParseCtx *ctx, Loc loc, const char *msg)
{
    int eff = ctx->depth + (ctx->prev[0] == '}'); /* the depth the unexpected token is at */
    const char *k;
    if (ctx->tok_class == 'e' && ctx->mode == PARSE_FILE && ctx->depth > 0) {
        Loc at = ctx->depth <= PARSE_MAX_OPEN ? ctx->open[ctx->depth - 1] : loc;
        diag_error(ctx->d, at, "this '{' is never closed: the file ends before its '}'");
        return 1;
    }
    if (ctx->tok_class == 'n' && (k = near_keyword(ctx->tok_name)) != NULL) {
        char quoted[48];
        snprintf(quoted, sizeof quoted, "'%s'", k);
        if (!strstr(msg, ", expecting ") || expects(msg, quoted)) {
            diag_error(ctx->d, ctx->tok_loc, "unknown keyword '%s'; did you mean '%s'?", ctx->tok_name, k);
            ctx->quiet_depth = eff;
            return 1;
        }
    }
    if (ctx->prev[0] == TK_OF && ctx->prev[1] == TK_NAME && ctx->depth > 0) {
        /* `hand of me`: the English order, not the language's */
        diag_error(ctx->d, ctx->prev_loc, "'%s of ...' is not how a player's zone or counter is named: write 'P.%s' "
                   "(or 'my %s')", ctx->prev_name, ctx->prev_name, ctx->prev_name);
        ctx->quiet_depth = eff;
        return 1;
    }
    if (ctx->prev[1] == TK_NAME && (k = near_keyword(ctx->prev_name)) != NULL) {
        diag_error(ctx->d, ctx->prev_loc, "unknown keyword '%s'; did you mean '%s'?", ctx->prev_name, k);
        ctx->quiet_depth = eff;
        return 1;
    }
    if (ctx->mode == PARSE_FILE && (k = near_keyword(ctx->head_name)) != NULL) {
        /* a declaration that begins with a misspelt keyword (`kindd token {`) */
        diag_error(ctx->d, ctx->head_loc, "unknown keyword '%s'; did you mean '%s'?", ctx->head_name, k);
        ctx->head_name[0] = '\0';
        ctx->quiet_depth = 1;
        return 1;
    }
    if (ctx->tok_name[0] && !ctx->tok_first && is_keyword(ctx->tok_name) && expects(msg, "name")) {
        diag_error(ctx->d, loc, "'%s' is a reserved word and cannot be a name "
                   "(docs/language.md lists the reserved words)", ctx->tok_name);
        return 1;
    }
    return 0;
}

/* Rewrite bison's "syntax error, unexpected X, expecting A or B" as
   "unexpected X 'text', expected A or B", naming the end of a hole or
   script as such. */
void parse_syntax_error(ParseCtx *ctx, Loc loc, const char *msg)
{
    const char *eof = ctx->mode == PARSE_EXPR ? "end of expression"
                      : ctx->mode == PARSE_BLOCK ? "end of script" : "end of file";
    const char *prefix = "syntax error, ";
    if (ctx->too_deep) /* the limit is reported; the text was cut there */
        return;
    if (strncmp(msg, prefix, strlen(prefix)) != 0) {
        /* bison's stack: blocks and parentheses are bounded before it
           fills, so only a long chain of prefix operators (`- - - x`,
           `not not x`, `if a then if b then ...`) can fill it */
        if (strstr(msg, "exhausted"))
            diag_error(ctx->d, loc, "expression nested too deeply (more than %d levels)", PARSE_MAX_EXPR_DEPTH);
        else
            diag_error(ctx->d, loc, "%s", msg);
        return;
    }
    if (ctx->quiet_depth > 0 && ctx->depth + (ctx->prev[0] == '}') >= ctx->quiet_depth)
        return; /* still in the block of a misspelt keyword: the rest of it follows from that */
    ctx->quiet_depth = 0;
    if (named_error(ctx, loc, msg))
        return;
    msg += strlen(prefix);
    /* split "unexpected X" from ", expecting ..." */
    const char *exp = strstr(msg, ", expecting ");
    size_t ulen = exp ? (size_t)(exp - msg) : strlen(msg);
    char unexpected[160];
    snprintf(unexpected, sizeof unexpected, "%.*s", (int)ulen, msg);
    char what[128] = "";
    if (ctx->tok_class == 'e')
        snprintf(unexpected, sizeof unexpected, "unexpected %s", eof);
    else if (ctx->tok_class == 'n')
        snprintf(what, sizeof what, " '%.*s'", ctx->tok_len > 40 ? 40 : ctx->tok_len, ctx->tok_text);
    else if (ctx->tok_class == 'i')
        snprintf(what, sizeof what, " %.*s", ctx->tok_len > 40 ? 40 : ctx->tok_len, ctx->tok_text);
    else if (ctx->tok_class == 's')
        snprintf(what, sizeof what, " %.*s%s", ctx->tok_len > 40 ? 40 : ctx->tok_len, ctx->tok_text,
                 ctx->tok_len > 40 ? "..." : "");
    char expected[400] = "";
    if (exp) {
        exp += strlen(", expecting ");
        /* bison lists alternatives as "A or B or C": print "A, B or C" */
        size_t o = 0;
        const char *p = exp;
        while (*p && o + 16 < sizeof expected) {
            const char *sep = strstr(p, " or ");
            size_t n = sep ? (size_t)(sep - p) : strlen(p);
            if (n == strlen("end of file") && strncmp(p, "end of file", n) == 0)
                o += (size_t)snprintf(expected + o, sizeof expected - o, "%s", eof);
            else
                o += (size_t)snprintf(expected + o, sizeof expected - o, "%.*s", (int)n, p);
            if (o >= sizeof expected - 1 || !sep)
                break;
            p = sep + 4;
            o += (size_t)snprintf(expected + o, sizeof expected - o, "%s", strstr(p, " or ") ? ", " : " or ");
        }
    }
    if (!exp && ctx->tok_class == 'd' && ctx->depth > 0)
        diag_error(ctx->d, loc, "%s (is a '}' missing before it?)", unexpected);
    else if (exp)
        diag_error(ctx->d, loc, "%s%s, expected %s", unexpected, what, expected);
    else
        diag_error(ctx->d, loc, "%s%s", unexpected, what);
}

void parse_contextual(ParseCtx *ctx, Loc loc, const char *got, const char *want)
{
    if (strcmp(got, want) != 0)
        diag_error(ctx->d, loc, "expected '%s', found '%s'%s", want, got,
                   strcmp(want, "a") == 0 ? " (write 'passes in a row')" : "");
}

void parse_game_word(ParseCtx *ctx, Loc loc, const char *got)
{
    const char *k;
    if (strcmp(got, "teams") == 0 || (ctx->quiet_depth > 0 && ctx->depth >= ctx->quiet_depth))
        return;
    if ((k = near_keyword(got)) != NULL)
        diag_error(ctx->d, loc, "unknown keyword '%s'; did you mean '%s'?", got, k);
    else
        parse_contextual(ctx, loc, got, "teams");
    ctx->quiet_depth = ctx->depth;   /* the rest of the game's items follow from it */
}

/* parse_choose_text: see parse.h. */
AstNode *parse_choose_text(ParseCtx *ctx, AstNode *texts, Loc loc, const char *word, Loc str_loc, StrLit s)
{
    int label = strcmp(word, "label") == 0;
    if (!label && strcmp(word, "prompt") != 0) {
        diag_error(ctx->d, loc, "expected 'prompt' or 'label', found '%s'", word);
        return texts;
    }
    if (!texts)
        texts = ast_new(ctx->arena, AST_CHOOSE, loc);
    AstNode *t = parse_text_holes(ctx, loc, str_loc, s, label ? "label" : "prompt");
    if (label ? texts->g : texts->f)
        diag_error(ctx->d, loc, "a choice has one %s", word);
    else if (label)
        texts->g = t;
    else
        texts->f = t;
    return texts;
}

/* log -> "log" STRING: the holes `{expr}` of the raw string are parsed as
   expressions at their own source columns (a string is on one line). */
AstNode *parse_log(ParseCtx *ctx, Loc loc, Loc str_loc, StrLit s)
{
    return parse_text_holes(ctx, loc, str_loc, s, "log");
}

/* label -> STRING, prompt -> "prompt" STRING: as a log's text. A hole
   ends at its matching '}' (holes_len): a string in it is a string of
   its expression. */
AstNode *parse_text_holes(ParseCtx *ctx, Loc loc, Loc str_loc, StrLit s, const char *what)
{
    AstNode *n = ast_new(ctx->arena, AST_LOG, loc);
    n->loc2 = str_loc;
    n->text = s.text;
    const char *raw = s.raw;
    size_t rawlen = strlen(raw);
    for (size_t i = 0; raw[i]; i++) {
        Loc at = str_loc;
        at.col += 1 + (int)i; /* 1 for the opening quote */
        if (raw[i] == '}') {
            diag_error(ctx->d, at, "'}' without '{' in %s text (holes are written {expr})", what);
            continue;
        }
        if (raw[i] != '{')
            continue;
        size_t len = holes_len(raw + i + 1, rawlen - i - 1);
        if (len == rawlen - i - 1) {
            const char *q = strchr(raw + i + 1, '"');
            if (q) {   /* its '}' is in a string of the hole, or after a '"' that ends no string */
                at.col += (int)(q - (raw + i));
                diag_error(ctx->d, at, "'\"' in a hole of %s text begins a string, and no '}' ends the hole after it", what);
            } else {
                diag_error(ctx->d, at, "'{' without '}' in %s text (holes are written {expr})", what);
            }
            break;
        }
        const char *hole = arena_strndup(ctx->arena, raw + i + 1, len);
        size_t k = 0;
        while (hole[k] == ' ')
            k++;
        if (hole[k] == '\0') {
            diag_error(ctx->d, at, "empty '{}' in %s text (holes are written {expr})", what);
        } else {
            Loc base = at;
            base.col += 1;
            AstNode *e = parse_expr_string(ctx->d, ctx->arena, hole, base);
            if (e)
                ast_push(ctx->arena, &n->list, e);
        }
        i += len + 1;
    }
    return n;
}


static int is_bare(const AstNode *item)
{
    return item->kind == AST_CARD_ITEM && !item->a && !item->b;
}

/* find_field: the field declaration name of kind (an AST_KIND), or NULL. */
static const AstNode *find_field(const AstNode *kind, const char *name)
{
    for (int f = 0; f < kind->list.count; f++) {
        const AstNode *fd = kind->list.items[f];
        if (fd && fd->kind == AST_FIELD && fd->name && strcmp(fd->name, name) == 0)
            return fd;
    }
    return NULL;
}

/* resolve_items: join `field NAME` bare pairs of a card's items, where the
   field of kind_name is side- or enum-typed, or int-typed with int_names
   (the `set card` of a family of variants, whose variable is a value; see
   parse.h), and `NAME NAME` where neither names a field (a misspelt field
   and its value). Returns 0 when
   kind_name is not declared (yet), 1 otherwise. */
static int resolve_items(Arena *arena, AstProgram *prog, const char *kind_name, AstList *items, int int_names)
{
    const AstNode *kind = ast_find_kind(arena, prog, kind_name);
    if (!kind)
        return 0;
    int out = 0;
    for (int i = 0; i < items->count; i++) {
        AstNode *it = items->items[i];
        items->items[out++] = it;
        if (!is_bare(it) || i + 1 >= items->count || !is_bare(items->items[i + 1]))
            continue;
        const AstNode *field = find_field(kind, it->name);
        /* a misspelt field and a name after it: the name is its value (one
           error for the field, not a second for the value as a field) */
        int misspelt = !field && !find_field(kind, items->items[i + 1]->name);
        if (!misspelt && (!field || (field->type != TY_SIDE && field->type != TY_NAMED && !(int_names && field->type == TY_INT)) ||
                          (field->flags & FIELD_STATE)))
            continue;
        const AstNode *next = items->items[++i];
        AstNode *v = ast_new(arena, AST_NAME, next->loc);
        v->name = next->name;
        it->a = v;
        it->loc2 = next->loc;
    }
    items->count = out;
    return 1;
}

/* resolve_decl: resolve the card items of one declaration (a card, the rows
   of a board, the cards of a variant); returns 0 if a kind it names is not
   declared yet (it is then tried again later). Idempotent. */
static int resolve_decl(Arena *arena, AstProgram *prog, AstNode *d)
{
    int done = 1;
    if (d->kind == AST_CARD)
        done = resolve_items(arena, prog, d->name, &d->list, 0);
    else if (d->kind == AST_BOARD) {
        for (int j = 0; j < d->list.count; j++)
            if (d->list.items[j] && d->list.items[j]->b)
                done &= resolve_items(arena, prog, d->name2, &d->list.items[j]->b->list, 0);
    }
    else if (d->kind == AST_MAP) {
        for (int j = 0; j < d->list.count; j++) {
            const AstNode *r = d->list.items[j];
            if (r && r->kind == AST_REGION)
                for (int k = 0; k < r->list.count; k++)
                    if (r->list.items[k]->b)
                        done &= resolve_items(arena, prog, d->name2, &r->list.items[k]->b->list, 0);
        }
    }
    else if (d->kind == AST_VARIANT)
        for (int j = 0; j < d->list.count; j++)
            if (d->list.items[j] && d->list.items[j]->kind == AST_CARD)
                done &= resolve_items(arena, prog, d->list.items[j]->name, &d->list.items[j]->list, d->a != NULL);
    return done;
}

/* Each declaration is resolved once it is parsed, or (pending) once its
   kind is declared: the work over all files is linear in the program,
   plus one pass over the pending ones for each file that declares kinds. */
void parse_resolve_card_items(Arena *arena, AstProgram *prog)
{
    int kinds = ast_index_kinds(arena, prog);
    if (prog->pending.count && kinds != prog->pending_kinds) {
        int out = 0;
        for (int i = 0; i < prog->pending.count; i++)
            if (!resolve_decl(arena, prog, prog->pending.items[i]))
                prog->pending.items[out++] = prog->pending.items[i];
        prog->pending.count = out;
    }
    for (; prog->resolved < prog->decls.count; prog->resolved++) {
        AstNode *d = prog->decls.items[prog->resolved];
        if (d && !resolve_decl(arena, prog, d))
            ast_push(arena, &prog->pending, d);
    }
    prog->pending_kinds = kinds;
}
