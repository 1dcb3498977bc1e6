/* text.h: the one rule for text in every front end: which characters a name
   or a text value may hold, and the words that report the others. */
#ifndef CARDC_TEXT_H
#define CARDC_TEXT_H

#include <stddef.h>

/* Characters a front end may allow in text: in YAML and CSV a tab or a line
   break is written as itself; in .cards it is written \t or \n. */
enum { TEXT_TAB = 1, TEXT_NEWLINE = 2 };

/* text_char: the length in bytes of the character at s (n > 0 bytes left)
   when text may hold it: valid UTF-8 that is not a control character (C0,
   DEL, C1), except a tab or a newline that allow (TEXT_*) lets through.
   Otherwise 0, with the error's words written to msg (size bytes), e.g.
   "control character U+0007 in text", "invalid UTF-8 byte 0xFF in text". */
int text_char(const char *s, size_t n, int allow, char *msg, size_t size);

/* text_check: the offset of the first character of s[0..n) that text may
   not hold (see text_char, which writes msg), or n if there is none. */
size_t text_check(const char *s, size_t n, int allow, char *msg, size_t size);

#endif
