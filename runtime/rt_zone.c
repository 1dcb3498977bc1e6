/* rt_zone.c: zones, card instances, moves, shuffles, card state and loop snapshot lists. */
#include "rt_internal.h"

#include <string.h>

/* rt__zone_vis: the players who see the cards of zone (bit per player). */
uint32_t rt__zone_vis(const RtGame *g, RtValue zone)
{
    if (!rt__is_zone(g, zone))
        return 0;
    const RtZoneDef *z = &g->def->zones[g->zi_decl[zone]];
    if (z->visibility == RT_PUBLIC)
        return RT_VIS_EVERYONE;
    if (z->visibility == RT_PRIVATE && g->zi_owner[zone] != RT_NONE)
        return 1u << g->zi_owner[zone];
    return 0;
}

/* rt__zone_fail: rt_zone's failing half (a bad decl, or a per-player
   zone of no player): fails the game at site and gives RT_NONE (or the
   zone when the arguments were good after all). */
RtValue rt__zone_fail(RtGame *g, int zone_decl, RtValue p, int site)
{
    if (zone_decl < 0 || zone_decl >= g->def->nzones) {
        rt__failf(g, site, "no zone %d", zone_decl);
        return RT_NONE;
    }
    if (!g->def->zones[zone_decl].per_player)
        return g->decl_first[zone_decl];
    if (!rt__is_player(g, p)) {
        rt__failf(g, site, "zone %s of no player", g->def->zones[zone_decl].name);
        return RT_NONE;
    }
    return g->decl_first[zone_decl] + p;
}

/* pick: the card at index i (-1: top) of zone, failing with what+zone if empty. */
static RtValue pick(RtGame *g, RtValue zone, int i, const char *what, int site)
{
    char zb[128];
    if (!rt__is_zone(g, zone)) {
        rt__failf(g, site, "%s of no zone", what);
        return RT_NONE;
    }
    const int32_t *z = rt__zone(g, zone);
    if (z[0] == 0) {
        rt__failf(g, site, "%s of empty zone %s", what, rt__zone_label(g, zone, zb, sizeof zb));
        return RT_NONE;
    }
    return z[1 + (i < 0 ? z[0] - 1 : i)];
}

/* rt__pick_fail: rt_top's failing half (see cardrt.h). */
RtValue rt__pick_fail(RtGame *g, RtValue zone, const char *what, int site) { return pick(g, zone, -1, what, site); }

/* rt__top_at_fail: rt_top_at's and rt_bottom_at's failing half (see cardrt.h). */
RtValue rt__top_at_fail(RtGame *g, int zone_decl, RtValue p, int bottom, int site)
{
    RtValue zone = rt__zone_fail(g, zone_decl, p, site);   /* the zone, when decl and p are good */
    return pick(g, zone, bottom ? 0 : -1, bottom ? "bottom" : "top", site);
}

/* rt_bottom / rt_random_card: a card of zone; an empty or bad zone fails
   the game (at site) and gives RT_NONE. */
RtValue rt_bottom(RtGame *g, RtValue zone, int site) { return pick(g, zone, 0, "bottom", site); }
RtValue rt_random_card(RtGame *g, RtValue zone, int site)
{
    int n = rt_zone_size(g, zone);
    return pick(g, zone, n > 0 ? (int)rt_random(g, (uint32_t)n) : 0, "random card", site);
}

/* rt_zone_owner: the owning player of a per-player zone, else RT_NONE. */
RtValue rt_zone_owner(const RtGame *g, RtValue zone)
{
    return rt__is_zone(g, zone) ? g->zi_owner[zone] : RT_NONE;
}

/* rt_zone_decl: the declared zone of an instance, -1 for a bad zone. */
int rt_zone_decl(const RtGame *g, RtValue zone)
{
    return rt__is_zone(g, zone) ? g->zi_decl[zone] : -1;
}

static int card_kind(const RtGame *g, RtValue card) { return g->inst_kind[card]; }

/* rt_dice_sort: see cardrt_cards.h. An insertion sort: a zone holds a
   few dice. */
void rt_dice_sort(RtGame *g, RtValue zone)
{
    if (!rt__is_zone(g, zone) || rt__hdr(g)->counted)
        return;
    int32_t *z = rt__zone(g, zone);
    for (int i = 2; i <= z[0]; i++) {
        int32_t card = z[i], face = rt__card(g, card)[1];
        int j = i - 1;
        for (; j >= 1 && rt__card(g, z[j])[1] > face; j--)
            z[j + 1] = z[j];
        z[j + 1] = card;
    }
}

/* rt_zone_faces: see cardrt.h. */
int rt_zone_faces(const RtGame *g, RtValue zone, int32_t *counts, int n, int32_t *lo)
{
    if (lo)
        *lo = 0;
    for (int i = 0; counts && i < n; i++)
        counts[i] = 0;
    if (!rt__is_zone(g, zone))
        return 0;
    const int32_t *z = rt__zone(g, zone);
    const RtDiceZone *dz = rt__dice_zone(g, zone);
    if (!dz || !counts)
        return z[0];
    if (lo)
        *lo = dz->lo;
    if (rt__hdr(g)->counted) {   /* the count by face is the zone */
        const int32_t *c = rt__dice_faces(g, zone, dz);
        for (int i = 0; i < n && i < dz->ncells - 1; i++)
            counts[i] = c[i];
        return z[0];
    }
    for (int i = 1; i <= z[0]; i++) {
        if (z[i] < 0 || z[i] >= g->ninst)
            continue;
        uint32_t at = (uint32_t)rt__card(g, z[i])[1] - (uint32_t)dz->lo;
        if (at < (uint32_t)n && at < (uint32_t)(dz->ncells - 1))
            counts[at]++;
    }
    return z[0];
}

/* enter: card (out of its zone's cells already, and of a kind zone
   takes) enters zone at where (rt__insert, rt__arrive). */
RT_HOT_INLINE void enter(RtGame *g, RtValue card, RtValue zone, int where)
{
    const RtGamePrefix *x = &g->pre;
    int32_t *cs = rt__card(g, card);
    int k = card_kind(g, card);
    rt__insert(x, card, zone, where);
    rt__arrive(g, x, card, cs, cs[0], rt__live_decl(x, cs[0]), zone, rt__live_decl(x, zone),
               rt__reset_of(x, k), rt__kept(x, k));
}

/* move_event: log a move of card from zone from to zone to (when a log is kept). */
static void move_event(RtGame *g, RtValue card, RtValue from, RtValue to, int where)
{
    RtEvent *e = rt__event(g, RT_EV_MOVE, rt__zone_vis(g, from) | rt__zone_vis(g, to));
    if (e) {
        e->a[0] = card;
        e->a[1] = from;
        e->a[2] = to;
        e->a[3] = where == RT_AT_BOTTOM;
    }
}

/* move_fail: fail the game for a move of card to zone that rt_move or
   rt_pluck refuses (no card, no zone, or a card of the wrong kind). */
static void move_fail(RtGame *g, RtValue card, RtValue zone, int site)
{
    char zb[128];
    if (!rt__is_card(g, card))
        rt__failf(g, site, "move of no card");
    else if (!rt__is_zone(g, zone))
        rt__failf(g, site, "move of \"%s\" to no zone", rt__card_label(g, card));
    else
        rt__failf(g, site, "\"%s\" is not a %s and cannot enter %s", rt__card_label(g, card),
                  g->def->kinds[g->zi_kind[zone]].name, rt__zone_label(g, zone, zb, sizeof zb));
}

/* may_enter: card is a card, zone a zone, and the zone takes its kind. */
static inline int may_enter(const RtGame *g, RtValue card, RtValue zone)
{
    if (!rt__is_card(g, card) || !rt__is_zone(g, zone))
        return 0;
    int zk = g->zi_kind[zone];
    return zk < 0 || zk == card_kind(g, card);
}

/* rt__move: rt_move's general half (see cardrt.h): a log, a kind that
   keeps state, a move within a zone, or a move that fails. */
void rt__move(RtGame *g, RtValue card, RtValue zone, int where, int site)
{
    if (!may_enter(g, card, zone)) {
        move_fail(g, card, zone, site);
        return;
    }
    RtValue from = g->pre.card_cells[card * g->pre.card_stride];
    int32_t *src = g->pre.cells + g->pre.zone_off[from];
    int n = src[0], at = rt__cell_of(src, card);   /* at: the card's cell, 1..n */
    if (at == 0) {
        rt__failf(g, site, "\"%s\" is not in its zone (corrupt state)", rt__card_label(g, card));
        return;
    }
    /* The cards above it shift down; from's old top cell keeps its value. */
    if (at < n)
        memmove(src + at, src + at + 1, (size_t)(n - at) * sizeof *src);
    src[0] = n - 1;
    enter(g, card, zone, where);
    if (g->log_on)
        move_event(g, card, from, zone, where);
    if (g->pre.know_cells[0])
        rt__know_move(g, card, from, zone, 0);
}

/* rt__move_end: rt_move_end's general half: rt_move(top(from)) (bottom(from) when end is 1) without
   looking for the card: an empty or bad zone fails the game as rt_top
   does, and nothing moves. */
void rt__move_end(RtGame *g, RtValue from, int end, RtValue zone, int where, int site)
{
    if (!rt__is_zone(g, from) || rt__zone(g, from)[0] == 0 || zone == from) {
        RtValue card = pick(g, from, end ? 0 : -1, end ? "bottom" : "top", site);
        rt_move(g, card, zone, where, site);
        return;
    }
    int32_t *src = g->pre.cells + g->pre.zone_off[from];
    int n = src[0];
    RtValue card = src[end ? 1 : n];
    if (!may_enter(g, card, zone)) {
        move_fail(g, card, zone, site);
        return;
    }
    if (end && n > 1)
        memmove(src + 1, src + 2, (size_t)(n - 1) * sizeof *src);
    src[0] = n - 1;
    enter(g, card, zone, where);
    if (g->log_on)
        move_event(g, card, from, zone, where);
    if (g->pre.know_cells[0])
        rt__know_move(g, card, from, zone, 1);
}

/* rt__pluck: rt_pluck's general half: the card in cell at (1 = bottom) of zone from enters zone to
   (at where) exactly as rt_move would move it there, but from keeps its
   count and its other cards keep their cells: the card's cell is emptied
   (RT_NONE) until rt_pluck_close(from) closes the gaps. For a loop that
   walks from (top first) and moves only the card it is at out of it;
   to must not be from. Fails as rt_move does (and then moves nothing). */
void rt__pluck(RtGame *g, RtValue from, int at, RtValue to, int where, int site)
{
    if (!rt__is_zone(g, from) || !rt__is_zone(g, to) || to == from) {
        rt__failf(g, site, "move of a card to no zone");
        return;
    }
    int32_t *src = g->pre.cells + g->pre.zone_off[from];
    RtValue card = at >= 1 && at <= src[0] ? src[at] : RT_NONE;
    if (!may_enter(g, card, to)) {
        move_fail(g, card, to, site);
        return;
    }
    src[at] = RT_NONE;
    enter(g, card, to, where);
    if (g->log_on)
        move_event(g, card, from, to, where);
    if (g->pre.know_cells[0])
        rt__know_move(g, card, from, to, 0);
}

/* rt_pluck_close: close the gaps rt_pluck left in zone from (the cards
   left keep their order): rt_pluck_close_from its first cell. */
void rt_pluck_close(RtGame *g, RtValue from) { rt_pluck_close_from(g, from, 1); }

/* move_all_fast: rt_move_all without a log, in one pass: the zones and
   cards after it are those the card-by-card moves leave. Returns 0 (and
   does nothing) when a card of from may not enter to, so that the
   card-by-card path fails as ever. Everything is read before the first
   store (see enter). */
static int move_all_fast(RtGame *g, RtValue from, RtValue to, int where)
{
    int32_t *cells = g->pre.cells, *cards = g->pre.card_cells;
    int32_t *src = cells + g->pre.zone_off[from], *dst = cells + g->pre.zone_off[to];
    const int16_t *kind = g->inst_kind;
    ptrdiff_t stride = g->pre.card_stride;
    int n = src[0], m = dst[0], zk = g->zi_kind[to];
    if (n == 0)
        return 1;
    if (zk >= 0 && g->zi_kind[from] != zk)   /* a zone of kind zk holds only such cards */
        for (int i = 1; i <= n; i++)
            if (kind[src[i]] != zk)
                return 0;
    int32_t live_from = rt__live_decl(&g->pre, from), live_to = rt__live_decl(&g->pre, to);
    int32_t *put = dst + 1;   /* where from's bottom card goes */
    if (where == RT_AT_BOTTOM)
        memmove(dst + 1 + n, dst + 1, (size_t)m * sizeof *dst);   /* the top card goes first, under the rest */
    else
        put += m;
    for (int i = 0; i < n; i++) {
        int32_t c = src[1 + i];
        int k = kind[c];
        put[i] = c;
        rt__arrive(g, &g->pre, c, cards + c * stride, from, live_from, to, live_to,
                   rt__reset_of(&g->pre, k), rt__kept(&g->pre, k));
    }
    dst[0] = n + m;
    src[0] = 0;
    return 1;
}

/* rt__move_all: rt_move_all's general half (see cardrt.h). */
void rt__move_all(RtGame *g, RtValue from, RtValue to, int where, int site)
{
    if (!rt__is_zone(g, from) || !rt__is_zone(g, to)) {
        rt__failf(g, site, "move of all cards with no zone");
        return;
    }
    if (from == to)
        return;
    if (rt__hdr(g)->status == RT_FAILED)
        return;
    if (!g->log_on && !g->pre.know_cells[0] && move_all_fast(g, from, to, where))
        return;
    for (int n = rt_zone_size(g, from); n > 0 && rt__hdr(g)->status != RT_FAILED; n--) {
        const int32_t *z = rt__zone(g, from);
        rt_move(g, z[where == RT_AT_BOTTOM ? z[0] : 1], to, where, site);
    }
}

/* rt_shuffle: Fisher-Yates with the game's generator: for i from the top
   index down to 1, swap card i with card rt_random(i + 1). Logged. The
   generator's state is worked on in a copy and stored once. The mod is a
   division here, not rt__mod: no draw of a shuffle waits for the one
   before, so the divisions overlap, and rt__mod's multiplications save
   nothing (fewer instructions, the same time). */
void rt_shuffle(RtGame *g, RtValue zone, int site)
{
    if (!rt__is_zone(g, zone)) {
        rt__failf(g, site, "shuffle of no zone");
        return;
    }
    int32_t *z = rt__zone(g, zone);
    uint64_t *state = rt__hdr(g)->rng, rng[4] = {state[0], state[1], state[2], state[3]};
    for (int i = z[0] - 1; i > 0; i--) {
        int j = (int)(rt__xoshiro_accepted(rng, (uint32_t)i + 1) % ((uint32_t)i + 1));
        int32_t t = z[1 + i];
        z[1 + i] = z[1 + j];
        z[1 + j] = t;
    }
    memcpy(state, rng, sizeof rng);
    if (g->pre.know_cells[0])
        rt__know_shuffle(g, zone);
    if (!g->log_on)
        return;
    RtEvent *e = rt__event(g, RT_EV_SHUFFLE, RT_VIS_EVERYONE);
    if (e)
        e->a[0] = zone;
}

/* rt_card_owner: who owns the zone card is in. */
RtValue rt_card_owner(const RtGame *g, RtValue card)
{
    return rt_zone_owner(g, rt_card_zone(g, card));
}

/* check_card: 1 if card is a card (of kind, unless kind < 0), else fails. */
static int check_card(RtGame *g, RtValue card, int kind, int site)
{
    if (!rt__is_card(g, card)) {
        rt__failf(g, site, "no card");
        return 0;
    }
    if (kind >= 0 && card_kind(g, card) != kind) {
        rt__failf(g, site, "\"%s\" is not a %s", rt__card_label(g, card),
                  kind < g->def->nkinds ? g->def->kinds[kind].name : "kind that exists");
        return 0;
    }
    return 1;
}

/* rt__card_row_fail: rt_card_row's failing half (see cardrt.h). */
int rt__card_row_fail(RtGame *g, RtValue card, int kind, int site)
{
    return check_card(g, card, kind, site) ? g->inst_row[card] : 0;
}

/* rt_card_name: the printed name, "none" for no card. */
const char *rt_card_name(const RtGame *g, RtValue card)
{
    return rt__card_label(g, card);
}

/* state_cell: card's state slot, or NULL after failing the game. */
static int32_t *state_cell(RtGame *g, RtValue card, int kind, int slot, int site)
{
    if (!check_card(g, card, kind, site))
        return NULL;
    const RtKindDef *k = &g->def->kinds[card_kind(g, card)];
    if (slot < 0 || slot >= k->nstate) {
        rt__failf(g, site, "\"%s\" has no state %d", rt__card_label(g, card), slot);
        return NULL;
    }
    return rt__card(g, card) + 1 + slot;
}

/* rt__card_state_fail: rt_card_state's failing half (see cardrt.h). */
RtValue rt__card_state_fail(RtGame *g, RtValue card, int kind, int slot, int site)
{
    int32_t *c = state_cell(g, card, kind, slot, site);
    return c ? *c : 0;
}

/* set_state: set slot of card to v, as rt_set_card_state (shown: every
   player sees the change, else those who see the card). */
static void set_state(RtGame *g, RtValue card, int kind, int slot, RtValue v, int site, int shown)
{
    int32_t *c = state_cell(g, card, kind, slot, site);
    if (!c || *c == v)
        return;
    RtValue old = *c;
    int k = card_kind(g, card);
    if (g->pre.zi_live && slot < 32 && (g->pre.kind_live_slots[k] >> slot & 1u))
        rt__set_live_in(g, &g->pre, card, slot, v);   /* a live count reads the slot */
    else
        *c = v;
    if (RT__KNOWING(&g->pre))
        rt__know_state(g, card, slot, shown);
    if (!g->log_on)
        return;
    RtEvent *e = rt__event(g, RT_EV_STATE, shown ? RT_VIS_EVERYONE : rt__zone_vis(g, rt__card(g, card)[0]));
    if (e) {
        e->a[0] = card;
        e->a[1] = slot;
        e->a[2] = old;
        e->a[3] = v;
    }
}

/* rt__set_card_state: rt_set_card_state's general half (see cardrt.h). */
void rt__set_card_state(RtGame *g, RtValue card, int kind, int slot, RtValue v, int site)
{
    set_state(g, card, kind, slot, v, site, 0);
}

/* rt_set_state_shown: see cardrt.h. */
void rt_set_state_shown(RtGame *g, RtValue card, int kind, int slot, RtValue v, int site)
{
    set_state(g, card, kind, slot, v, site, 1);
}

/* rt__roll: rt_roll's general half: each die, from the bottom up, through
   rt_set_card_state (which logs and checks it). */
void rt__roll(RtGame *g, RtValue zone, int kind, const RtValue *faces, uint32_t nfaces, int site)
{
    for (int i = 0; i < rt_zone_size(g, zone); i++) {
        RtValue die = rt_zone_at(g, zone, i);
        rt_set_card_state(g, die, kind, 0, faces[rt_random(g, nfaces)], site);
    }
}

/* rt_list_zone: push a snapshot of zone's cards (top first) on the list
   stack; returns its handle, or -1 after failing the game at site (bad
   zone, or the stack is full: a named error). */
int rt_list_zone(RtGame *g, RtValue zone, int site)
{
    RtHeader *h = rt__hdr(g);
    if (!rt__is_zone(g, zone)) {
        rt__failf(g, site, "loop over no zone");
        return -1;
    }
    const int32_t *z = rt__zone(g, zone);
    if (h->list_top + 1 + z[0] > g->list_cap) {
        rt__failf(g, site, "nested loops exceed the list stack (limit %d cells)", g->list_cap);
        return -1;
    }
    int32_t *l = rt__cells(g) + g->off_lists + h->list_top;
    l[0] = z[0];
    for (int i = 0; i < z[0]; i++)
        l[1 + i] = z[z[0] - i];
    int handle = h->list_top;
    h->list_top += 1 + z[0];
    return handle;
}

/* rt_list_pop: drop list and every list pushed after it. */
void rt_list_pop(RtGame *g, int handle)
{
    RtHeader *h = rt__hdr(g);
    if (handle >= 0 && handle < h->list_top)
        h->list_top = handle;
}
