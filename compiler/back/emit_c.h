/* emit_c.h: the C back end. */
#ifndef CARDC_EMIT_C_H
#define CARDC_EMIT_C_H

#include "cardrt.h"
#include "model.h"

#define CARDC_VERSION "0.1"
/* CARDRT_ABI_STRING: the runtime's ABI number (cardrt.h) as a string literal. */
#define CARDC_STRINGIFY_(x) #x
#define CARDC_STRINGIFY(x) CARDC_STRINGIFY_(x)
#define CARDRT_ABI_STRING CARDC_STRINGIFY(CARDRT_ABI)

/* emit_c_source: the whole generated <id>.c for m, as a string in arena.
   files are the source paths (by Loc.file index) named in the banner. */
char *emit_c_source(const Model *m, Arena *a, const char *const *files, int nfiles);

/* emit_c_header: the generated <id>.h, as a string in arena. */
char *emit_c_header(const Model *m, Arena *a, const char *const *files, int nfiles);

#endif
