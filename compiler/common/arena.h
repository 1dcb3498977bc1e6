/* arena.h: bump allocation for compiler data; everything is freed at once. */
#ifndef CARDC_ARENA_H
#define CARDC_ARENA_H

#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;

/* An arena: a chain of blocks. Zero-initialise it; free it with arena_free. */
typedef struct Arena {
    ArenaBlock *head;
} Arena;

/* arena_alloc: size zeroed bytes aligned for any type, owned by arena.
   Aborts with a message if memory is exhausted. */
void *arena_alloc(Arena *arena, size_t size);

/* arena_strndup: a NUL-terminated copy of the first n bytes of s, owned by arena. */
char *arena_strndup(Arena *arena, const char *s, size_t n);

/* arena_strdup: a copy of the NUL-terminated s, owned by arena. */
char *arena_strdup(Arena *arena, const char *s);

/* arena_printf: a formatted string owned by arena. */
char *arena_printf(Arena *arena, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* arena_free: release every block; the arena may be reused afterwards. */
void arena_free(Arena *arena);

#endif
