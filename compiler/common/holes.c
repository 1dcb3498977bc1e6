/* holes.c: where the {expr} holes of a text end (holes.h). */
#include "holes.h"

#include <string.h>

/* holes_len: see holes.h. */
size_t holes_len(const char *s, size_t n)
{
    size_t i = 0, depth = 1;
    while (i < n && s[i] != '\n') {
        char c = s[i];
        if (c == '\\') {
            i += i + 1 < n && s[i + 1] != '\n' ? 2 : 1;
        } else if (c == '"') {
            for (i++; i < n && s[i] != '"' && s[i] != '\n';)
                i += s[i] == '\\' && i + 1 < n && s[i + 1] != '\n' ? 2 : 1;
            if (i >= n || s[i] != '"')
                return n;
            i++;
        } else if (c == '}' && --depth == 0) {
            return i;
        } else {
            depth += c == '{';
            i++;
        }
    }
    return n;
}

/* holes_close: see holes.h. */
const char *holes_close(const char *open)
{
    size_t n = strlen(open + 1), len = holes_len(open + 1, n);
    return len < n ? open + 1 + len : NULL;
}
