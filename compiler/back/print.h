/* print.h: print statement and expression trees back to .cards text that
   re-parses to the same tree (scripts inside YAML exports). */
#ifndef CARDC_PRINT_H
#define CARDC_PRINT_H

#include "arena.h"
#include "ast.h"

/* The printed text of one script or expression. */
typedef struct PrintResult {
    char *text;         /* arena-owned, NUL-terminated; NULL on error */
    int first_line;     /* the source line of the first node printed (0: none) */
    const char *error;  /* on error: what could not be printed (an internal error) */
} PrintResult;

/* print_block: the statements of the AST_BLOCK b (without its braces).
   The layout preserves lines: a node that started on source line
   first_line + k is printed on line k of the text (newlines are inserted
   before a node whose source line is later than the current line; no node
   ever moves to a later line), so re-parsing the text from a base at
   first_line gives every node its original line. Strings live in arena. */
PrintResult print_block(Arena *arena, const AstNode *b);

/* print_expr: the expression e, with the same line-preserving layout. */
PrintResult print_expr(Arena *arena, const AstNode *e);

/* print_type: the source spelling of a declared type ("int"), or NULL. */
const char *print_type(AstType t);

/* print_string_literal: s as a .cards string literal with quotes and escapes. */
char *print_string_literal(Arena *arena, const char *s);

/* print_text_literal: s, a text with {expr} holes (a log's, a label's,
   a prompt's), as a literal: the text around the holes escaped, each
   hole written as it is (a string in it is its expression's). */
char *print_text_literal(Arena *arena, const char *s);

#endif
