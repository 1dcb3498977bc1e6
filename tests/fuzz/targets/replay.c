/* replay.c: libFuzzer target: the engine's replay-log reader (`evr replay -`)
   on any bytes: the header, the choices, the game played again from them
   and the comparison with the regenerated log. Links EvR's generated C. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cardrt.h"
#include "evr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *in = fmemopen((void *)data, size ? size : 1, "r");
    FILE *sink = fopen("/dev/null", "w");
    if (in && sink && size) {
        char *argv[] = { "evr", "replay", "-", NULL };
        rt_engine_run(3, argv, evr_variants, evr_variant_count, in, sink, sink);
    }
    if (in)
        fclose(in);
    if (sink)
        fclose(sink);
    return 0;
}
