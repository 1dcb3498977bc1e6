/* fuzz_target.h: what the libFuzzer targets share: one run's compiler
   context (an arena, diagnostics to /dev/null) and its teardown. */
#ifndef FUZZ_TARGET_H
#define FUZZ_TARGET_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"

/* One input's run: everything it allocates lives in arena. */
typedef struct FuzzRun {
    Arena arena;
    Diag d;
    FILE *sink;         /* where diagnostics go (printed, then dropped) */
    AstProgram prog;
} FuzzRun;

/* fuzz_begin: a fresh run (diagnostics formatted into /dev/null, so the
   printing code runs too). */
static inline void fuzz_begin(FuzzRun *r)
{
    memset(r, 0, sizeof *r);
    r->sink = fopen("/dev/null", "w");
    diag_init(&r->d, &r->arena, r->sink ? r->sink : stderr);
}

/* fuzz_end: free everything the run allocated. */
static inline void fuzz_end(FuzzRun *r)
{
    if (r->sink)
        fclose(r->sink);
    arena_free(&r->arena);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
