/* arena.c: bump allocation for compiler data. */
#include "arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ArenaBlock {
    ArenaBlock *next;
    size_t used, size;
    max_align_t data[];
};

enum { ARENA_BLOCK = 64 * 1024 };

void *arena_alloc(Arena *arena, size_t size)
{
    size_t align = sizeof(max_align_t);
    size = (size + align - 1) / align * align;
    ArenaBlock *b = arena->head;
    if (!b || b->size - b->used < size) {
        size_t cap = size > ARENA_BLOCK ? size : ARENA_BLOCK;
        b = malloc(sizeof *b + cap);
        if (!b) {
            fputs("cardc: out of memory\n", stderr);
            abort();
        }
        b->size = cap;
        b->used = 0;
        b->next = arena->head;
        arena->head = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(Arena *arena, const char *s, size_t n)
{
    char *p = arena_alloc(arena, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(Arena *arena, const char *s)
{
    return arena_strndup(arena, s, strlen(s));
}

char *arena_printf(Arena *arena, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = arena_alloc(arena, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void arena_free(Arena *arena)
{
    ArenaBlock *b = arena->head;
    while (b) {
        ArenaBlock *next = b->next;
        free(b);
        b = next;
    }
    arena->head = NULL;
}
