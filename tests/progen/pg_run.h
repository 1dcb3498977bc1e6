/* pg_run.h: the program generator's pipeline for one seed: generate the
   game, check it, compile it strictly with gcc and clang, build it under
   ASan and UBSan, and simulate seeded games (docs/testing.md). */
#ifndef CARDC_PG_RUN_H
#define CARDC_PG_RUN_H

#include <stddef.h>
#include <stdint.h>

typedef struct PgRunOpts {
    const char *build;   /* the build folder: build/cardc, build/san/cardc, build/san/libcardrt.a and libcardlab.a */
    const char *work;    /* where each seed's folder is made (kept when it fails) */
    int games;           /* games to simulate (100) */
    uint32_t features;   /* pg_generate's feature mask */
} PgRunOpts;

typedef enum PgResult { PG_PASSED, PG_REJECTED, PG_FAILED, PG_CAUGHT } PgResult;

/* pg_run_seed: run the pipeline for seed. PG_REJECTED: cardc check said no
   (exit 1, diagnostics) for a reason other than secrecy. PG_CAUGHT: the
   program holds a known leak (PG_F_LEAKS) and cardc check rejected it with
   a secrecy error on the leak's line. PG_FAILED: a step failed (a leak
   accepted, a leak-free program rejected by the secrecy check: a false
   alarm); msg (of size n) names the seed, the step and the kept folder,
   which also holds failure.txt with the command and its output. A passing,
   rejected or caught seed's folder is removed. */
PgResult pg_run_seed(const PgRunOpts *o, uint64_t seed, char *msg, size_t n);

#endif
