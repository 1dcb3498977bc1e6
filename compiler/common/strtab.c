/* strtab.c: a hash table from strings to ints (open addressing, FNV-1a), in an arena. */
#include "strtab.h"

#include <stdint.h>
#include <string.h>

StrTab *strtab_new(Arena *arena)
{
    StrTab *t = arena_alloc(arena, sizeof *t);
    t->arena = arena;
    return t;
}

static uint32_t hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* slot: the slot of key, or of the empty slot where it would go (cap > 0). */
static size_t slot(const StrTab *t, const char *key)
{
    size_t i = hash(key) & (t->cap - 1);
    while (t->keys[i] && strcmp(t->keys[i], key) != 0)
        i = (i + 1) & (t->cap - 1);
    return i;
}

int strtab_get(const StrTab *t, const char *key)
{
    if (t->count == 0)
        return -1;
    size_t i = slot(t, key);
    return t->keys[i] ? t->values[i] : -1;
}

/* grow: double the slots (16 at first) and re-insert every pair. */
static void grow(StrTab *t)
{
    StrTab old = *t;
    t->cap = old.cap ? old.cap * 2 : 16;
    t->keys = arena_alloc(t->arena, sizeof *t->keys * t->cap);
    t->values = arena_alloc(t->arena, sizeof *t->values * t->cap);
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) {
            size_t j = slot(t, old.keys[i]);
            t->keys[j] = old.keys[i];
            t->values[j] = old.values[i];
        }
}

void strtab_put(StrTab *t, const char *key, int value)
{
    if ((t->count + 1) * 3 > t->cap * 2)
        grow(t);
    size_t i = slot(t, key);
    if (!t->keys[i]) {
        t->keys[i] = key;
        t->count++;
    }
    t->values[i] = value;
}
