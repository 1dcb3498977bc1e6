/* buf.c: the compiler's growable text buffer (buf.h). */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* grow: room for need more bytes and the NUL; out of memory stops cardc. */
static void grow(Buf *b, size_t need)
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

void buf_putn(Buf *b, const char *s, size_t n)
{
    grow(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void buf_put(Buf *b, const char *s) { buf_putn(b, s, strlen(s)); }

void buf_vprintf(Buf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n > 0) {
        grow(b, (size_t)n);
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    } else {
        grow(b, 0);
        b->s[b->len] = '\0';
    }
    va_end(again);
}

void buf_printf(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *buf_text(const Buf *b) { return b->s ? b->s : ""; }

char *buf_take(Buf *b, Arena *a)
{
    char *r = arena_strndup(a, buf_text(b), b->len);
    buf_free(b);
    return r;
}

void buf_free(Buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}
