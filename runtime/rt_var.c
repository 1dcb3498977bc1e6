/* rt_var.c: counters and variables of the game and of each player, and constants. */
#include "rt_internal.h"

/* var_cell: the cell of var (for player p when per player), or NULL. */
static int32_t *var_cell(const RtGame *g, int var, RtValue p)
{
    if (var < 0 || var >= g->def->nvars)
        return NULL;
    if (!g->var_pp[var])
        return rt__cells(g) + g->var_cell[var];
    return rt__is_player(g, p) ? rt__cells(g) + g->var_cell[var] + p * g->pre.player_stride : NULL;
}

/* rt__var_seers: see rt_internal.h. */
uint32_t rt__var_seers(const RtGame *g, int var, RtValue p)
{
    const RtVarDef *d = &g->def->vars[var];
    if (d->visibility != RT_PRIVATE)
        return RT_VIS_EVERYONE;
    if (d->per_player)
        return p >= 0 && p < 32 ? 1u << p : RT_VIS_EVERYONE;
    uint32_t seers = 0;
    for (int q = 0; q < g->nplayers && q < 32; q++)
        if (rt_player_side(g, q) == d->side)
            seers |= 1u << q;
    return seers;
}

/* rt_set: var = v clamped to its min/max; a change is logged. A bad var
   or player fails the game at the running script. */
void rt_set(RtGame *g, int var, RtValue p, RtValue v) { rt_set_at(g, var, p, v, RT_SITE_SCRIPT); }

/* rt_set_at: rt_set, failing at site (see cardrt.h). */
void rt_set_at(RtGame *g, int var, RtValue p, RtValue v, int site)
{
    int32_t *c = var_cell(g, var, p);
    if (!c) {
        if (var < 0 || var >= g->def->nvars)
            rt__failf(g, site, "no variable %d", (int)var);
        else
            rt__failf(g, site, "%s of no player", g->def->vars[var].name);
        return;
    }
    const RtVarDef *d = &g->def->vars[var];
    if (d->has_min && v < d->min)
        v = d->min;
    if (d->has_max && v > d->max)
        v = d->max;
    RtValue old = *c;
    if (old == v)
        return;
    *c = v;
    if (!g->log_on)
        return;
    uint32_t vis = rt__var_seers(g, var, p);
    RtEvent *e = rt__event(g, RT_EV_SET, vis);
    if (e) {
        e->a[0] = var;
        e->a[1] = d->per_player ? p : RT_NONE;
        e->a[2] = old;
        e->a[3] = v;
    }
}
