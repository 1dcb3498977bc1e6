/* holes.h: where the {expr} holes of a text (a log line, a label, a
   prompt) end. One rule for every stage that reads such a text: the
   scanner, the parser of the holes, the printer and the C back end. */
#ifndef CARDC_HOLES_H
#define CARDC_HOLES_H

#include <stddef.h>

/* holes_len: the length of the hole whose text starts at s (just after
   its '{'; n bytes to the end of the text): the offset of its matching
   '}', with '{' '}' counted in pairs, a string of the expression ("...",
   its escapes its own) and an escape skipped whole. n when the hole does
   not end before the end of the line or of s. */
size_t holes_len(const char *s, size_t n);

/* holes_close: the matching '}' of the hole that opens at open (a '{' of
   the NUL-terminated text), or NULL when it does not end on its line. */
const char *holes_close(const char *open);

#endif
