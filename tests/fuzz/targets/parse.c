/* parse.c: libFuzzer target: the .cards front end (scanner, parser, `{expr}`
   holes of log strings) on any bytes, as one source file. */
#include "fuzz_target.h"
#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzRun r;
    fuzz_begin(&r);
    int file = diag_add_source(&r.d, "fuzz.cards", (const char *)data, size);
    parse_file(&r.d, &r.arena, file, &r.prog);
    fuzz_end(&r);
    return 0;
}
