/* buf.h: the growable text buffer every writer of the compiler uses (the
   C back end, the JSON and YAML exports, the .cards printer, the IR's
   text). The text is on the heap, always NUL-terminated; out of memory,
   the compiler stops as the arena does ("cardc: out of memory"). */
#ifndef CARDC_BUF_H
#define CARDC_BUF_H

#include <stdarg.h>
#include <stddef.h>

#include "arena.h"

typedef struct Buf {
    char *s;          /* the text (NULL until something is written) */
    size_t len, cap;
} Buf;

/* buf_putn: append the n bytes at s. */
void buf_putn(Buf *b, const char *s, size_t n);
/* buf_put: append string s. */
void buf_put(Buf *b, const char *s);
/* buf_printf, buf_vprintf: append formatted text. */
void buf_printf(Buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
/* buf_text: the text so far ("" when empty); owned by b. */
const char *buf_text(const Buf *b);
/* buf_take: the text copied into arena a; b is freed. */
char *buf_take(Buf *b, Arena *a);
/* buf_free: free b's text; b is empty again. */
void buf_free(Buf *b);

#endif
