/* parse.h: the .cards front end: scan and parse source text into the AST. */
#ifndef CARDC_PARSE_H
#define CARDC_PARSE_H

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* The front end's limits (docs/language.md, "Limits"): no tree it hands on
   is deeper, so every recursive walker downstream is bounded. */
enum {
    PARSE_MAX_EXPR_DEPTH = 256, /* expression levels: parentheses, operands, arguments */
    PARSE_MAX_BLOCK_DEPTH = 100 /* nested blocks; each `else if` counts as one */
};

/* parse_file: parse source `file` (already loaded into d via diag_add_source
   or diag_load_file), appending its top-level declarations to prog->decls.
   Errors go to d. Returns the number of errors found in this file. Nodes are
   allocated in arena. After the file is parsed, card items of every card in
   prog are completed (see parse_resolve_card_items). */
int parse_file(Diag *d, Arena *arena, int file, AstProgram *prog);

/* parse_expr_string: parse `text` as a single expression (for `{expr}` holes
   inside log strings and scripts inside YAML); locations are computed
   relative to `base` (the location of the first character of text).
   Returns NULL on error (reported to d). */
AstNode *parse_expr_string(Diag *d, Arena *arena, const char *text, Loc base);

/* parse_block_string: as parse_expr_string, for a script body (statements);
   returns an AST_BLOCK, or NULL on error (reported). */
AstNode *parse_block_string(Diag *d, Arena *arena, const char *text, Loc base);

/* parse_resolve_card_items: the grammar cannot tell `side rebel` (a field and
   a side name) from two bare bool fields, so it emits one bare item per name;
   this joins a bare item whose field is `side`-typed in the card's kind with
   the bare item after it (which becomes its AST_NAME value). Idempotent;
   parse_file calls it on the whole program after each file, so once every
   file is parsed all cards whose kind exists are complete. */
void parse_resolve_card_items(Arena *arena, AstProgram *prog);

/* --- internal to the front end (parse.c, dsl/parser.y, dsl/lexer.l) ------- */

/* A string literal token: the unescaped text and the raw source bytes between
   the quotes (to map `{expr}` holes back to source columns). */
typedef struct StrLit {
    const char *text;
    const char *raw;
} StrLit;

/* How many open '{' a ParseCtx remembers the place of. */
#define PARSE_MAX_OPEN 64

/* What the parser is parsing, selected by the first (synthetic) token. */
typedef enum ParseMode { PARSE_FILE, PARSE_EXPR, PARSE_BLOCK } ParseMode;

/* The state shared by one scanner and one parser run (flex's yyextra). */
typedef struct ParseCtx {
    Diag *d;
    Arena *arena;
    int file;
    AstProgram *prog;      /* PARSE_FILE: where declarations go */
    AstNode *result;       /* PARSE_EXPR / PARSE_BLOCK: the parsed tree */
    ParseMode mode;
    int started;           /* set once the scanner has emitted the START_ token */
    int line, col;         /* position of the next byte to scan */
    const char *src;       /* the text being scanned (parse_run), src_len bytes, */
    size_t src_len;        /*   and the offset of the next byte to scan: a text's */
    size_t pos;            /*   string in a hole is read past flex's token */
    int prev[3];           /* the last three token kinds returned, newest first */
    int in_die;            /* from 'die' to the next '}': `hit x2` in a face is a count */
    const char *tok_text;  /* the text of the last token (for syntax errors) */
    int tok_len;
    int tok_class;         /* the last token: 'e' end, 'n' name, 'i' integer, 's' string,
                              'd' a declaration keyword, 0 other */
    int depth;             /* open '{' so far (for the "missing '}'" hint) */
    int parens;            /* open '(' so far */
    int blocks;            /* block levels open (parser.y's block_enter) */
    int too_deep;          /* a nesting limit was reported: the scanner stops, no walker runs */
    Loc last_end;          /* just after the last token returned (line 0: none yet) */
    Loc tok_loc, prev_loc; /* where the last token and the one before it start */
    char tok_name[40];     /* the last token's text when it is a name or a keyword, else "" */
    char prev_name[40];    /* the same for the token before it */
    int tok_first;         /* the last token began its line */
    int prev_first;        /* the token before the last one began its line */
    char head_name[40];    /* the name that began the last line at depth 0, else "" */
    Loc head_loc;
    int quiet_depth;       /* > 0: syntax errors are not reported until depth drops below it */
    Loc open[PARSE_MAX_OPEN]; /* where each '{' still open starts (the first PARSE_MAX_OPEN) */
} ParseCtx;

/* parse_keywords: the reserved words of the language, sorted; NULL-terminated.
   docs/language.md lists the same words (tests/parse checks). */
extern const char *const parse_keywords[];

/* parse_run: scan and parse text[0..len) with ctx (mode, position and
   outputs set by the caller); bison's result: 0 when parsed, 1 after
   unrecoverable errors, 2 out of memory, -1 if the scanner cannot start.
   Defined in dsl/lexer.l, so that only the generated files see each other. */
int parse_run(ParseCtx *ctx, const char *text, size_t len);

/* parse_syntax_error: report bison's message `msg` at loc, rewritten to read
   "unexpected name 'x', expected '}' or ':'". */
void parse_syntax_error(ParseCtx *ctx, Loc loc, const char *msg);

/* parse_log: an AST_LOG for the string literal s at loc: text is the unescaped
   format, list the expressions of its `{expr}` holes, parsed in order. */
AstNode *parse_log(ParseCtx *ctx, Loc loc, Loc str_loc, StrLit s);

/* parse_game_word: a name among a game's items must be `teams`; else an
   error at loc (a misspelt keyword, `sidess`, as one), and the rest of
   the game's block reports nothing more. */
void parse_game_word(ParseCtx *ctx, Loc loc, const char *got);

/* parse_text_holes: parse_log's AST_LOG for a label or prompt: what ("label",
   "prompt") names the text in its errors. Allocated in ctx's arena. */
AstNode *parse_text_holes(ParseCtx *ctx, Loc loc, Loc str_loc, StrLit s, const char *what);

/* parse_choose_text: a choice's `prompt STRING` or `label STRING` (word, at
   loc) into texts (a node made on the first, NULL before: f the prompt, g
   the label); reports another word, or one given twice. Returns texts. */
AstNode *parse_choose_text(ParseCtx *ctx, AstNode *texts, Loc loc, const char *word, Loc str_loc, StrLit s);

/* parse_contextual: check that the name `got` (scanned as a name) is the
   contextual keyword `want`; reports an error otherwise. */
void parse_contextual(ParseCtx *ctx, Loc loc, const char *got, const char *want);

#endif
