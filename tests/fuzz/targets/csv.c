/* csv.c: libFuzzer target: the CSV loader on any bytes, after a fixed
   .cards prelude whose kinds have a field of every type, so that cells are
   typed (int, bool, side, enum value, text, ability script) and checked. */
#include "fuzz_target.h"
#include "load.h"
#include "model.h"
#include "parse.h"
#include "csv_load.h"

#include <string.h>

static const char prelude[] =
    "game mini \"CSV fuzz\" { players 2  sides red \"Red\", blue \"Blue\" }\n"
    "enum color { green, gold }\n"
    "kind event {\n"
    "  capacity : int\n"
    "  text     : text = \"\"\n"
    "  rare     : bool = false\n"
    "  owner    : side\n"
    "  color    : color\n"
    "  reveal   : ability?\n"
    "}\n"
    "kind unit { power : int = 0 }\n"
    "zone events ordered shared of event\n"
    "zone units shared of unit\n"
    "counter vp per player\n"
    "setup { move box to events  shuffle events }\n"
    "round { for p in players { p.vp += 1 }  if count(events) == 0 { win me } else { move top(events) to box } }\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzRun r;
    fuzz_begin(&r);
    LoadCells cells = { 0 };
    int pre = diag_add_source(&r.d, "prelude.cards", prelude, strlen(prelude));
    parse_file(&r.d, &r.arena, pre, &r.prog);
    int file = diag_add_source(&r.d, "fuzz.csv", (const char *)data, size);
    csv_load_file(&r.d, &r.arena, file, &r.prog, &cells);
    load_resolve_cells(&r.d, &r.arena, &r.prog, &cells);
    parse_resolve_card_items(&r.arena, &r.prog);
    if (!r.d.errors)
        sema_check(&r.d, &r.arena, &r.prog);
    fuzz_end(&r);
    return 0;
}
