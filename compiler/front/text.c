/* text.c: the one rule for text (valid UTF-8, no control characters) that every front end applies. */
#include "text.h"

#include <stdint.h>
#include <stdio.h>

/* utf8: the length of the valid UTF-8 sequence at s (n bytes left) and its
   code point in *cp, or 0 (overlong forms, surrogates and values past
   U+10FFFF are invalid). */
static int utf8(const unsigned char *s, size_t n, uint32_t *cp)
{
    int len;
    uint32_t c;
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    } else if (s[0] >= 0xC2 && s[0] <= 0xDF)
        len = 2, c = s[0] & 0x1F;
    else if (s[0] >= 0xE0 && s[0] <= 0xEF)
        len = 3, c = s[0] & 0x0F;
    else if (s[0] >= 0xF0 && s[0] <= 0xF4)
        len = 4, c = s[0] & 0x07;
    else
        return 0;
    if ((size_t)len > n)
        return 0;
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3F);
    }
    if ((len == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) || (len == 4 && (c < 0x10000 || c > 0x10FFFF)))
        return 0;
    *cp = c;
    return len;
}

int text_char(const char *s, size_t n, int allow, char *msg, size_t size)
{
    uint32_t cp = 0;
    int len = utf8((const unsigned char *)s, n, &cp);
    if (len == 0) {
        snprintf(msg, size, "invalid UTF-8 byte 0x%02X in text", (unsigned char)s[0]);
        return 0;
    }
    if ((cp == '\t' && (allow & TEXT_TAB)) || (cp == '\n' && (allow & TEXT_NEWLINE)))
        return len;
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) {
        snprintf(msg, size, "control character U+%04X in text%s", (unsigned)cp,
                 cp == '\t' ? " (write \\t)" : cp == '\n' ? " (write \\n)" : "");
        return 0;
    }
    return len;
}

size_t text_check(const char *s, size_t n, int allow, char *msg, size_t size)
{
    size_t i = 0;
    while (i < n) {
        int len = text_char(s + i, n - i, allow, msg, size);
        if (len == 0)
            return i;
        i += (size_t)len;
    }
    return n;
}
