/* rt_players.c: players out of the game (rt_eliminate), the wins of teams and which side each seat plays. */
#include "rt_internal.h"

#include <string.h>

/* rt_next_unpassed: see cardrt.h. */
RtValue rt_next_unpassed(const RtGame *g, RtValue p, RtValue passed)
{
    if (!rt__is_player(g, p))
        return RT_NONE;
    uint32_t skip = rt__hdr(g)->out | (uint32_t)passed;
    for (int k = 1; k <= g->nplayers; k++) {
        RtValue q = (p + k) % g->nplayers;
        if (!(skip >> q & 1u))
            return q;
    }
    return RT_NONE;
}

/* rt__next_in: see cardrt.h. The next player still in, none passed (never
   RT_NONE for a player: rt_eliminate keeps a player in). */
RtValue rt__next_in(const RtGame *g, RtValue p)
{
    return rt_next_unpassed(g, p, 0);
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

/* default_seats: how many of players seats play side k by default (seat p plays side p mod nsides). */
static int default_seats(int nsides, int players, int k)
{
    return players / nsides + (k < players % nsides);
}

/* rt__sides_check: see rt_internal.h. */
const char *rt__sides_check(const RtGameDef *def, int players, const int *sides, char *buf, size_t size)
{
    int n = def->nsides;
    if (n <= 0) {
        snprintf(buf, size, "%s has no sides", def->id ? def->id : "the game");
        return buf;
    }
    int seats[RT_MAX_PLAYERS] = {0};
    for (int p = 0; p < players && p < RT_MAX_PLAYERS; p++) {
        if (sides[p] < 0 || sides[p] >= n) {
            snprintf(buf, size, "seat %d: %d is not a side (0 to %d)", p + 1, sides[p], n - 1);
            return buf;
        }
        if (sides[p] < RT_MAX_PLAYERS)
            seats[sides[p]]++;
    }
    for (int pass = 0; pass < 2; pass++)   /* a side given too many seats first, then one given too few */
        for (int k = 0; k < n; k++) {
            int want = default_seats(n, players, k), got = k < RT_MAX_PLAYERS ? seats[k] : 0;
            if (pass == 0 ? got <= want : got >= want)
                continue;
            snprintf(buf, size, "side '%s' is given %d seat%s, not %d (each side keeps its number of seats)",
                     def->side_names[k] ? def->side_names[k] : "?", got, got == 1 ? "" : "s", want);
            return buf;
        }
    return NULL;
}

/* side_list: "red, blue", the names of def's sides, into buf. */
static void side_list(const RtGameDef *def, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < def->nsides && len < size; k++) {
        int w = snprintf(buf + len, size - len, "%s%s", k ? ", " : "", def->side_names[k] ? def->side_names[k] : "?");
        len += w > 0 ? (size_t)w : 0;
    }
}

/* rt__sides_parse: see rt_internal.h. */
const char *rt__sides_parse(const RtGameDef *def, int players, const char *list, int *sides, char *buf, size_t size)
{
    char names[256];
    if (def->nsides <= 0)
        return rt__sides_check(def, players, sides, buf, size);
    int count = 1;
    for (const char *c = list; *c; c++)
        count += *c == ',';
    if (count != players) {
        snprintf(buf, size, "expected %d side%s, one per seat", players, players == 1 ? "" : "s");
        return buf;
    }
    const char *p = list;
    for (int s = 0; s < players; s++) {
        size_t len = strcspn(p, ",");
        int found = -1;
        for (int k = 0; k < def->nsides && found < 0; k++)
            if (def->side_names[k] && strlen(def->side_names[k]) == len && strncmp(def->side_names[k], p, len) == 0)
                found = k;
        if (found < 0) {
            char raw[64], esc[128];
            snprintf(raw, sizeof raw, "%.*s", (int)(len < 60 ? len : 60), p);
            side_list(def, names, sizeof names);
            snprintf(buf, size, "unknown side '%s%s' (sides: %s)", rt__esc(raw, esc, sizeof esc), len > 60 ? "..." : "",
                     names);
            return buf;
        }
        sides[s] = found;
        p += len + (p[len] == ',');
    }
    return rt__sides_check(def, players, sides, buf, size);
}

/* rt__sides_text: see rt_internal.h. */
const char *rt__sides_text(const RtGame *g, char *buf, size_t size)
{
    int n = g->def->nsides, len = 0, other = 0;
    for (int p = 0; p < g->nplayers; p++)
        other |= n > 0 && g->pre.seat_side[p] != p % n;
    if (!other || size == 0)
        return NULL;
    buf[0] = '\0';
    for (int p = 0; p < g->nplayers && (size_t)len < size; p++) {
        const char *name = g->def->side_names[g->pre.seat_side[p]];
        int w = snprintf(buf + len, size - (size_t)len, "%s%s", p ? "," : "", name ? name : "?");
        len += w > 0 ? w : 0;
    }
    return buf;
}
