/* strtab.h: a hash table from strings to ints, allocated in an arena. */
#ifndef CARDC_STRTAB_H
#define CARDC_STRTAB_H

#include <stddef.h>
#include "arena.h"

/* A table of (key, value) pairs; keys are not copied (the caller keeps
   them alive, usually in the same arena). Zero-initialise it, or use
   strtab_new. It doubles when two-thirds full, so n insertions cost O(n)
   time and arena memory (the old slots stay in the arena). */
typedef struct StrTab {
    Arena *arena;
    const char **keys;   /* cap slots, NULL when empty */
    int *values;
    size_t cap, count;
} StrTab;

/* strtab_new: an empty table in arena (owned by arena). */
StrTab *strtab_new(Arena *arena);

/* strtab_get: the value of key, or -1 when key is absent. */
int strtab_get(const StrTab *t, const char *key);

/* strtab_put: set key's value (adding key if absent). */
void strtab_put(StrTab *t, const char *key, int value);

#endif
