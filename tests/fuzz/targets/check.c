/* check.c: libFuzzer target: the whole check (`cardc check`) of one .cards
   file: parse it and, when it parses, run the checker over it; when it
   checks, lower it to the IR and print that (`cardc ir`). */
#include "fuzz_target.h"
#include "ir.h"
#include "load.h"
#include "model.h"
#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzRun r;
    fuzz_begin(&r);
    int file = diag_add_source(&r.d, "fuzz.cards", (const char *)data, size);
    parse_file(&r.d, &r.arena, file, &r.prog);
    if (!r.d.errors) { /* as cardc: the checker sees only programs that loaded */
        Model *m = sema_check(&r.d, &r.arena, &r.prog);
        if (m && !r.d.errors && ir_check_model(m, &r.arena, &r.d) == 0) {
            const char *files[] = {"fuzz.cards"};
            ir_text(m, &r.arena, files, 1, 1);
        }
    }
    fuzz_end(&r);
    return 0;
}
