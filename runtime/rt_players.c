/* rt_players.c: players out of the game (rt_eliminate) and the wins of teams. */
#include "rt_internal.h"

/* rt__next_in: see cardrt.h. */
RtValue rt__next_in(const RtGame *g, RtValue p)
{
    if (!rt__is_player(g, p))
        return RT_NONE;
    uint32_t out = rt__hdr(g)->out;
    for (int k = 1; k <= g->nplayers; k++) {
        RtValue q = (p + k) % g->nplayers;
        if (!(out >> q & 1u))
            return q;
    }
    return RT_NONE;   /* unreachable: rt_eliminate keeps a player in */
}

/* rt_player_out / rt_player_in: see cardrt.h. */
RtValue rt_player_out(const RtGame *g, RtValue p)
{
    return rt__is_player(g, p) ? (RtValue)(rt__hdr(g)->out >> p & 1u) : 0;
}
RtValue rt_player_in(const RtGame *g, RtValue p)
{
    return rt_player_out(g, p) ? rt__next_in(g, p) : p;
}

/* rt_eliminate: see cardrt.h. */
void rt_eliminate(RtGame *g, RtValue p, int site)
{
    RtHeader *h = rt__hdr(g);
    char name[128];
    if (h->status != RT_RUNNING)
        return;
    if (!rt__is_player(g, p)) {
        rt__failf(g, site, "eliminate of no player");
        return;
    }
    if (h->out >> p & 1u)
        return;
    if (h->nout + 1 >= g->nplayers) {
        rt__failf(g, site, "eliminate: %s is the last player in (end the game instead)",
                  rt_player_name(g, p, name, sizeof name));
        return;
    }
    h->out |= 1u << p;
    h->nout++;
    RtEvent *e = rt__event(g, RT_EV_OUT, RT_VIS_EVERYONE);
    if (e)
        e->a[0] = p;
}

/* rt_win_team: see cardrt.h. */
RtStatus rt_win_team(RtGame *g, RtValue player, int site)
{
    RtValue side = rt_player_side(g, player);
    if (side == RT_NONE)
        return rt_win(g, player, site);
    for (int p = 0; p < g->nplayers; p++)
        if (rt_player_side(g, p) == side)
            rt_win(g, p, site);
    return RT_END;
}
