/* scratch.h: scratch folders and files for the suites' tests: a fresh
   folder under /tmp, its removal, and a file that must be readable.
   Header-only; every function is static. Include it after
   <criterion/criterion.h>: a failure fails the test. */
#ifndef CARDC_SCRATCH_H
#define CARDC_SCRATCH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

/* tmpdir: a fresh folder made from template ("/tmp/NAME-XXXXXX"); the
   caller frees the name, or removes the folder and frees it with rmtree. */
static inline char *tmpdir(const char *template)
{
    char *d = strdup(template);
    cr_assert(d && mkdtemp(d), "cannot make a folder %s", template);
    return d;
}

/* rmtree: remove folder d and all it holds, then free d. */
static inline void rmtree(char *d)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
    cr_assert_eq(system(cmd), 0);
    free(d);
}

/* slurp: the whole file (read_file), which must be readable; the caller frees it. */
static inline char *slurp(const char *path)
{
    char *b = read_file(path);
    cr_assert_not_null(b, "cannot read %s", path);
    return b;
}

#endif
