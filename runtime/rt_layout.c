/* rt_layout.c: where the variables and zones of a game live in its state
   block: the one computation of the layout, used by the runtime when it
   creates a game and by cardc when it writes the cells the generated code
   reads (docs/runtime.md "The state block"). Pure: no game, no memory. */
#include "cardrt.h"

int rt_layout_cells(int nvars, const uint8_t *var_per_player, int nzones, const uint8_t *zone_per_player,
                    const int32_t *cap, int32_t *var_cell, int32_t *zone_cell, int32_t *shared_cells)
{
    int32_t off = 0, rel = 0;
    for (int v = 0; v < nvars; v++)
        if (!var_per_player[v])
            var_cell[v] = off++;
    for (int z = 0; z < nzones; z++)
        if (!zone_per_player[z]) {
            zone_cell[z] = off;
            off += 1 + cap[z];
        }
    for (int v = 0; v < nvars; v++)
        if (var_per_player[v])
            var_cell[v] = off + rel++;
    for (int z = 0; z < nzones; z++)
        if (zone_per_player[z]) {
            zone_cell[z] = off + rel;
            rel += 1 + cap[z];
        }
    *shared_cells = off;
    return rel;
}
