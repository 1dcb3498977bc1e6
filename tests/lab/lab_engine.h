/* lab_engine.h: the lab suite's way to run the EvR engine in-process. */
#ifndef LAB_ENGINE_H
#define LAB_ENGINE_H

#include <stdio.h>

#include "cardrt.h"
#include "evr.h"

/* lab_run: the EvR engine with argv (NULL-terminated); its stdout and
   stderr captured in *out and *err (malloc'd: the caller frees them);
   stdin is /dev/null. Returns the engine's exit status. */
static inline int lab_run(const char *const *argv, char **out, char **err)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    size_t no = 0, ne = 0;
    FILE *fo = open_memstream(out, &no);
    FILE *fe = open_memstream(err, &ne);
    FILE *in = fopen("/dev/null", "r");
    if (!fo || !fe || !in)
        return -1;
    int r = rt_engine_run(argc, (char **)argv, evr_variants, evr_variant_count, in, fo, fe);
    fclose(fo);
    fclose(fe);
    fclose(in);
    return r;
}

#endif
