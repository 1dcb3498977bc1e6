/* diag.h: source files and diagnostics (file:line:col, source line, caret). */
#ifndef CARDC_DIAG_H
#define CARDC_DIAG_H

#include <stdio.h>
#include "arena.h"

/* A position in a source file: file is an index into the Diag's sources;
   line and col count from 1 (col in bytes). */
typedef struct Loc {
    int file;
    int line, col;
} Loc;

/* One loaded source file. */
typedef struct DiagSource {
    const char *path;   /* as given on the command line, arena-owned */
    const char *text;   /* contents, NUL-terminated, arena-owned */
    size_t len;
    int broken;         /* it had syntax errors (set by parse_file) */
} DiagSource;

/* The diagnostics context: the loaded sources, where messages go, counts. */
typedef struct Diag {
    Arena *arena;
    DiagSource *sources;
    int nsources, cap;
    FILE *out;          /* stderr unless redirected */
    int errors, warnings;
    int max_errors;     /* stop reporting after this many (0: 50) */
    int syntax_errors;  /* how many of the errors were syntax errors in .cards files */
    int only_sound;     /* report (and count) only what is located in a source that
                           is not broken: checking what the syntax errors left */
    int skipping;       /* the last error was not reported: neither are its notes */
    struct StrTab *seen;   /* each error and warning reported ("file:line:col: what: text"; arena,
                              NULL before the first): the same again is not shown again (a
                              family of variants checks its items once per variant) */
    int repeats;        /* errors counted but not shown again: the summary leaves them out */
} Diag;

/* diag_init: an empty context writing to out, allocating in arena. */
void diag_init(Diag *d, Arena *arena, FILE *out);

/* diag_add_source: register text (copied into the arena) as path; returns its index. */
int diag_add_source(Diag *d, const char *path, const char *text, size_t len);

/* DIAG_MAX_SOURCE: the most bytes a source file (.cards, .yaml, .csv) may
   have (docs/language.md, "Limits"), so that no line or column number,
   size or count of the front ends can overflow an int. */
#define DIAG_MAX_SOURCE (64L << 20)

/* diag_read_file: the bytes of path (malloc'd, the caller frees; one NUL
   after them) and their number in *len; NULL after reporting "cannot
   read 'PATH': reason" (a file larger than DIAG_MAX_SOURCE included:
   refused before it is read when its size is known). */
char *diag_read_file(Diag *d, const char *path, size_t *len);

/* diag_load_file: read path into a new source (diag_read_file); returns
   its index or -1 (after reporting "cannot read" as an error). */
int diag_load_file(Diag *d, const char *path);

/* diag_error: report "file:line:col: error: message", the line and a caret. */
void diag_error(Diag *d, Loc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* diag_warning: as diag_error, for warnings (not counted as errors). */
void diag_warning(Diag *d, Loc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* diag_note: a "note:" line attached to the previous diagnostic. */
void diag_note(Diag *d, Loc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* diag_plain: an error without a location ("cardc: error: ..."). */
void diag_plain(Diag *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* diag_suggest: the candidate closest to name within a small edit distance
   (at most 2, and less than half the name), or NULL. */
const char *diag_suggest(const char *name, const char *const *candidates, int n);

/* diag_edit_distance: Levenshtein distance between a and b. */
int diag_edit_distance(const char *a, const char *b);

/* diag_too_many: true once max_errors errors have been reported. */
int diag_too_many(const Diag *d);

#endif
