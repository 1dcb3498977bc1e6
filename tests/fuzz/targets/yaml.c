/* yaml.c: libFuzzer target: the YAML loader (libyaml, the schema, scripts
   in strings, card values typed against the kinds) on any bytes. */
#include "fuzz_target.h"
#include "load.h"
#include "parse.h"
#include "yaml_load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzRun r;
    fuzz_begin(&r);
    LoadCells cells = { 0 };
    int provenance = 0;
    int file = diag_add_source(&r.d, "fuzz.yaml", (const char *)data, size);
    yaml_load_source(&r.d, &r.arena, file, &r.prog, &cells, &provenance);
    load_resolve_cells(&r.d, &r.arena, &r.prog, &cells);
    parse_resolve_card_items(&r.arena, &r.prog);
    fuzz_end(&r);
    return 0;
}
