/* cardrt_cards.h: the runtime's primitives over cards: moves (a card, a
   zone's end, a whole zone, a card out of a loop), the live counts and
   played cards kept as cards move, shuffles, what a player knows, a
   card's zone, kind, row and state, and rolls. Part of cardrt.h, which
   includes it; never included alone (docs/runtime.md). */
#ifndef CARDRT_CARDS_H
#define CARDRT_CARDS_H
#ifndef CARDRT_H
#error "include cardrt.h, not cardrt_cards.h"
#endif

/* Cards. */
enum { RT_AT_TOP = 0, RT_AT_BOTTOM = 1 };
/* rt_move: card leaves its zone (the others keep their order) and enters
   zone at the top (end) or bottom (index 0); its state is reset to its
   kind's defaults. A bad card or zone, or a card of the wrong kind for
   the zone, fails the game at site and moves nothing. Inline below. */
static inline void rt_move(RtGame *g, RtValue card, RtValue zone, int where, int site);
/* rt_move_all: every card of from to to, keeping their order (the bottom
   card of from stays below the others). Nothing happens if from == to.
   Inline below. */
static inline void rt_move_all(RtGame *g, RtValue from, RtValue to, int where, int site);
/* rt_pluck / rt_pluck_close: a loop that walks zone from and moves only
   the card it is at out of it moves the card in cell at (1 = bottom) with
   rt_pluck, which leaves an empty cell behind, and closes the gaps once
   with rt_pluck_close (rt_zone.c). rt_pluck_close_from: the same when no
   gap lies below cell low, the last cell a loop that walks from the top
   down plucked (0: none, and nothing to close). */
void rt__pluck(RtGame *g, RtValue from, int at, RtValue to, int where, int site);
void rt_pluck_close(RtGame *g, RtValue from);
static inline void rt_pluck_close_from(RtGame *g, RtValue from, int low)
{
    const RtGamePrefix *x = rt__pre(g);
    if (low < 1 || (uint32_t)from >= (uint32_t)x->nzi)
        return;
    int32_t *z = x->cells + x->zone_off[from];
    int n = z[0], k = low - 1;
    for (int i = low; i <= n; i++)
        if (z[i] != RT_NONE)
            z[++k] = z[i];
    z[0] = k;
}
void rt__move_end(RtGame *g, RtValue from, int end, RtValue zone, int where, int site);

/* The shape of a card's cells: its zone, then maxstate state slots
   (card_stride = 1 + maxstate). cardc knows it when it writes a game's C
   and defines CARDRT_MAXSTATE (the most state slots any kind has), and
   CARDRT_NO_KEEP when no kind keeps a slot across moves, before it
   includes this header: the inline primitives then use constants, and a
   move's reset of a card's state is a few stores. Without them (the
   runtime's own files, an embedder's C), the prefix's values. */
#ifdef CARDRT_MAXSTATE
#define RT__MAXSTATE(x) ((ptrdiff_t)CARDRT_MAXSTATE)
#else
#define RT__MAXSTATE(x) ((x)->maxstate)
#endif
#define RT__STRIDE(x) (1 + RT__MAXSTATE(x))

/* rt__note_played: with plays recorded (rt_note_played), mark card's
   card as played by zone's owner when zone is a player's public zone. */
static inline void rt__note_played(const RtGamePrefix *x, RtValue card, RtValue zone)
{
    int32_t owner = x->zi_noted[zone];
    if (owner >= 0) {
        size_t bit = (size_t)x->inst_card[card] * (size_t)RT__NPLAYERS(x) + (size_t)owner;
        x->played[bit >> 3] |= (uint8_t)(1u << (bit & 7));
    }
}
/* rt__live_in: with live counts kept (RtGameDef.live_update), card's
   counts in zone instance zone change by sign (-1 before it leaves the
   zone or a slot they read changes, +1 after). card must be a card.
   rt__live_decl: the zone instance's decl when counts read it, else -1
   (none are kept: -1). In the C of a game that keeps none, cardc defines
   CARDRT_NO_LIVE before it includes this header, and the inline
   primitives test nothing. */
#ifdef CARDRT_NO_LIVE   /* cardc defines it in the C of a game with no live count (nlive 0) */
#define RT__LIVE_ON(x) 0
#else
#define RT__LIVE_ON(x) ((x)->zi_live != NULL)
#endif
static inline int32_t rt__live_decl(const RtGamePrefix *x, RtValue zone) { return RT__LIVE_ON(x) ? x->zi_live[zone] : -1; }
#ifdef CARDRT_LIVE_UPDATE   /* cardc defines it in the C of a game with live counts: its Live_in */
RT_HOT_INLINE void CARDRT_LIVE_UPDATE(RtGame *g, RtValue card, int zone_decl, RtValue owner, int sign);
#define RT__LIVE_UPDATE(x) CARDRT_LIVE_UPDATE   /* the game's own function, called directly */
#else
#define RT__LIVE_UPDATE(x) (x)->def->live_update
#endif
RT_HOT_INLINE void rt__live_in(RtGame *g, const RtGamePrefix *x, RtValue card, RtValue zone, int32_t decl, int sign)
{
    if (decl >= 0)
        RT__LIVE_UPDATE(x)(g, card, decl, x->decl_per_player[decl] ? zone - (RtValue)x->decl_first[decl] : RT_NONE,
                           sign);
}
/* rt__set_live_in: card's state slot (a slot live counts read) becomes v,
   its counts following. An unchanged value takes its counts down and up
   again: no branch on a value the CPU cannot foresee (a die's new face). */
RT_HOT_INLINE void rt__set_live_in(RtGame *g, const RtGamePrefix *x, RtValue card, int slot, RtValue v)
{
    int32_t *cs = x->card_cells + card * RT__STRIDE(x);
    int32_t decl = x->zi_live[cs[0]];
    rt__live_in(g, x, card, cs[0], decl, -1);
    cs[1 + slot] = v;
    rt__live_in(g, x, card, cs[0], decl, 1);
}
/* rt__insert: card, out of its zone already, is put into zone's cells
   at where (its own cells are left as they are: rt__arrive). */
RT_HOT_INLINE void rt__insert(const RtGamePrefix *x, RtValue card, RtValue zone, int where)
{
    int32_t *dst = x->cells + x->zone_off[zone];
    int m = dst[0];
    if (where == RT_AT_BOTTOM) {
        for (int i = m; i > 0; i--)
            dst[1 + i] = dst[i];
        dst[1] = card;
    } else {
        dst[1 + m] = card;
    }
    dst[0] = m + 1;
}
/* rt__reset_with: the ms state slots cs back to their defaults d, but
   those whose mask in keep is -1 (keep NULL: every slot reset; d NULL:
   none, the kind keeps them all: rt__reset_of). */
RT_HOT_INLINE void rt__reset_with(int32_t *cs, const int32_t *d, const int32_t *keep, ptrdiff_t ms)
{
    if (!d)
        return;
    if (!keep) {   /* the common case: every slot reset */
        for (ptrdiff_t s = 0; s < ms; s++)
            cs[s] = d[s];
        return;
    }
    for (ptrdiff_t s = 0; s < ms; s++)
        cs[s] = (cs[s] & keep[s]) | (d[s] & ~keep[s]);
}
/* rt__reset_of: the defaults of kind k's state slots for rt__reset_with,
   NULL when a move keeps every slot of the kind (a die keeps its face). */
static inline const int32_t *rt__reset_of(const RtGamePrefix *x, int k)
{
#ifdef CARDRT_NO_KEEP   /* cardc defines it when no kind keeps a slot */
    return x->kind_reset + k * RT__MAXSTATE(x);
#else
    return x->kind_keeps[k] == 2 ? NULL : x->kind_reset + k * RT__MAXSTATE(x);
#endif
}
/* rt__kept: the keep masks of kind k for rt__reset_with (NULL when a move
   resets every slot of the kind). */
static inline const int32_t *rt__kept(const RtGamePrefix *x, int k)
{
#ifdef CARDRT_NO_KEEP   /* cardc defines it when no kind keeps a slot */
    (void)x;
    (void)k;
    return NULL;
#else
    return x->kind_keeps[k] ? x->kind_keep + k * RT__MAXSTATE(x) : NULL;
#endif
}
/* rt__arrive: the one step of every move of a card, when no log is
   kept: card, whose cells are cs, has left zone from (read by the live
   counts of decl live_from, -1: none) for zone to (live_to), whose cells
   already hold it. The counts of from lose it, its zone becomes to (a
   play noted), its state slots go back to d but those keep keeps
   (rt__reset_with), and the counts of to gain it. */
RT_HOT_INLINE void rt__arrive(RtGame *g, const RtGamePrefix *x, RtValue card, int32_t *cs, RtValue from,
                              int32_t live_from, RtValue to, int32_t live_to, const int32_t *d, const int32_t *keep)
{
    rt__live_in(g, x, card, from, live_from, -1);
    cs[0] = to;
    if (x->played)
        rt__note_played(x, card, to);
    rt__reset_with(cs + 1, d, keep, RT__MAXSTATE(x));
    rt__live_in(g, x, card, to, live_to, 1);
}
/* rt__enter_fast: the inline half of a move when no log is kept: card,
   out of its zone from already, enters zone at where (rt__insert,
   rt__arrive). Returns 0, doing nothing, when the zone does not take the
   card's kind. */
RT_HOT_INLINE int rt__enter_fast(RtGame *g, const RtGamePrefix *x, RtValue card, RtValue from, RtValue zone, int where)
{
    int k = x->inst_kind[card], zk = x->zi_kind[zone];
    if (zk >= 0 && zk != k)
        return 0;
    rt__insert(x, card, zone, where);
    rt__arrive(g, x, card, x->card_cells + card * RT__STRIDE(x), from, rt__live_decl(x, from), zone,
               rt__live_decl(x, zone), rt__reset_of(x, k), rt__kept(x, k));
    return 1;
}
/* RT__KNOWING(x): the record of what players know is on (rt_know_on);
   0 in the C of a game that never reveals nor looks (cardc defines
   CARDRT_NO_KNOWLEDGE: no script of it starts the record), so that its
   inline moves do not read the record's first cell. */
#ifdef CARDRT_NO_KNOWLEDGE
#define RT__KNOWING(x) ((void)(x), 0)
#else
#define RT__KNOWING(x) ((x)->know_cells[0])
#endif
/* rt__fast_move: a move from zone from to zone to may take the inline
   fast path: no log is kept, no record of what players know, and both
   zones are valid and not the same. */
static inline int rt__fast_move(const RtGamePrefix *x, RtValue from, RtValue to)
{
    return !x->log_on && !RT__KNOWING(x) && (uint32_t)from < (uint32_t)x->nzi && (uint32_t)to < (uint32_t)x->nzi &&
           to != from;
}
static inline void rt_pluck(RtGame *g, RtValue from, int at, RtValue to, int where, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (rt__fast_move(x, from, to)) {
        int32_t *src = x->cells + x->zone_off[from];
        if (at >= 1 && at <= src[0] && (uint32_t)src[at] < (uint32_t)x->ninst && rt__enter_fast(g, x, src[at], from, to, where)) {
            src[at] = RT_NONE;
            return;
        }
    }
    rt__pluck(g, from, at, to, where, site);
}
void rt__move(RtGame *g, RtValue card, RtValue zone, int where, int site);
/* rt__cell_of: the cell (1..count) of card in a zone's cells z (a card
   is in one cell at most); 0 if it is not there. A large zone is
   searched from both ends (most moves take a top or a bottom card). */
static inline int rt__cell_of(const int32_t *z, RtValue card)
{
    int n = z[0];
    if (n <= 16) {   /* a small zone is read whole: no branch on where the card is */
        int at = 0;
        for (int i = 1; i <= n; i++)
            at |= (z[i] == card) * i;
        return at;
    }
    for (int hi = n, lo = 1; lo <= hi; hi--, lo++) {
        if (z[hi] == card)
            return hi;
        if (z[lo] == card)
            return lo;
    }
    return 0;
}
/* rt__close_cell: zone cells z (count n) lose cell at (1..n): the cards
   above it move down one cell. */
RT_HOT_INLINE void rt__close_cell(int32_t *z, int at, int n)
{
    for (int i = at; i < n; i++)
        z[i] = z[i + 1];
    z[0] = n - 1;
}
static inline void rt_move(RtGame *g, RtValue card, RtValue zone, int where, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (!x->log_on && !RT__KNOWING(x) && (uint32_t)card < (uint32_t)x->ninst && (uint32_t)zone < (uint32_t)x->nzi) {
        RtValue from = x->card_cells[card * RT__STRIDE(x)];
        int32_t *src = x->cells + x->zone_off[from];
        int n = src[0], at = rt__cell_of(src, card);
        if (at && from != zone && rt__enter_fast(g, x, card, from, zone, where)) {
            rt__close_cell(src, at, n);
            return;
        }
    }
    rt__move(g, card, zone, where, site);
}
void rt__move_all(RtGame *g, RtValue from, RtValue to, int where, int site);
/* rt_move_end: rt_move of top(from) (end 0) or bottom(from) (end 1),
   without looking for the card; fails as rt_top and rt_move do. */
static inline void rt_move_end(RtGame *g, RtValue from, int end, RtValue zone, int where, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (rt__fast_move(x, from, zone)) {
        int32_t *src = x->cells + x->zone_off[from];
        int n = src[0];
        if (n > 0 && rt__enter_fast(g, x, src[end ? 1 : n], from, zone, where)) {
            rt__close_cell(src, end ? 1 : n, n);
            return;
        }
    }
    rt__move_end(g, from, end, zone, where, site);
}
/* The `_known` moves: rt_pluck, rt_move_all, rt_move_end and rt_move
   where cardc knows the move's shape when it writes it, passed as constants so that
   the inline primitive keeps only the branches they leave:
   kind, the kind of every card moved (zone from holds only that kind and
   zone to takes it: no kind is checked); nstate, its state slots; keep,
   what a move keeps of them (RT_KEEP_NONE: a move resets every slot,
   RT_KEEP_SOME: the kind's keep masks, RT_KEEP_ALL: none is reset); and
   live_from, live_to: the zone decls of from and to when live counts
   read them, else -1. The same moves, counts and failures as the plain
   primitives (docs/runtime.md "Moves whose shape cardc knows"). */
enum { RT_KEEP_NONE = 0, RT_KEEP_SOME = 1, RT_KEEP_ALL = 2 };
/* rt__arrive_known: rt__arrive for a move of that shape. */
RT_HOT_INLINE void rt__arrive_known(RtGame *g, const RtGamePrefix *x, RtValue card, int32_t *cs, RtValue from,
                                    RtValue to, int kind, int nstate, int keep, int live_from, int live_to)
{
    if (live_from >= 0)
        rt__live_in(g, x, card, from, live_from, -1);
    cs[0] = to;
    if (x->played)
        rt__note_played(x, card, to);
    if (keep != RT_KEEP_ALL)
        rt__reset_with(cs + 1, x->kind_reset + kind * RT__MAXSTATE(x),
                       keep == RT_KEEP_SOME ? x->kind_keep + kind * RT__MAXSTATE(x) : NULL, nstate);
    if (live_to >= 0)
        rt__live_in(g, x, card, to, live_to, 1);
}
/* rt_pluck_known: rt_pluck of a move of a known shape. */
RT_HOT_INLINE void rt_pluck_known(RtGame *g, RtValue from, int at, RtValue to, int where, int site, int kind,
                                  int nstate, int keep, int live_from, int live_to)
{
    const RtGamePrefix *x = rt__pre(g);
    if (rt__fast_move(x, from, to)) {
        int32_t *src = x->cells + x->zone_off[from];
        RtValue card = at >= 1 && at <= src[0] ? src[at] : RT_NONE;
        if ((uint32_t)card < (uint32_t)x->ninst) {
            rt__insert(x, card, to, where);
            rt__arrive_known(g, x, card, x->card_cells + card * RT__STRIDE(x), from, to, kind, nstate, keep,
                             live_from, live_to);
            src[at] = RT_NONE;
            return;
        }
    }
    rt__pluck(g, from, at, to, where, site);
}
/* rt__leave_cell_known: card, in cell at of zone from (cells src, count
   n), leaves it for zone to at where: the one step of the `_known` moves
   of a single card once they have found it (rt__close_cell, rt__insert,
   rt__arrive_known). */
RT_HOT_INLINE void rt__leave_cell_known(RtGame *g, const RtGamePrefix *x, RtValue card, int32_t *src, int at, int n,
                                        RtValue from, RtValue to, int where, int kind, int nstate, int keep,
                                        int live_from, int live_to)
{
    rt__close_cell(src, at, n);
    rt__insert(x, card, to, where);
    rt__arrive_known(g, x, card, x->card_cells + card * RT__STRIDE(x), from, to, kind, nstate, keep, live_from, live_to);
}
/* rt_move_known: rt_move of a card cardc knows the kind of (a variable
   bound to a zone of that kind, a card drawn from one) to a declared
   zone that takes it: after the plain arguments, the kind's shape and
   live_to; the zone the card leaves is read from its cells, and which
   live counts read it from the game's tables. */
RT_HOT_INLINE void rt_move_known(RtGame *g, RtValue card, RtValue to, int where, int site, int kind, int nstate,
                                 int keep, int live_to)
{
    const RtGamePrefix *x = rt__pre(g);
    if (!x->log_on && !RT__KNOWING(x) && (uint32_t)card < (uint32_t)x->ninst && (uint32_t)to < (uint32_t)x->nzi) {
        int32_t *cs = x->card_cells + card * RT__STRIDE(x);
        RtValue from = cs[0];
        int32_t *src = x->cells + x->zone_off[from];
        int n = src[0], at = rt__cell_of(src, card);
        if (at && from != to) {
            rt__leave_cell_known(g, x, card, src, at, n, from, to, where, kind, nstate, keep, rt__live_decl(x, from),
                                 live_to);
            return;
        }
    }
    rt__move(g, card, to, where, site);
}
/* rt_move_picked_known: rt_move_known of a card that a choice has just
   taken from cell at of zone from (rt_pick_card_at; at 0: the choice was
   asked, not answered in place), moved first thing: the cell is closed
   without looking for the card or reading which zone holds it, so that
   after the random agent's draw little waits on loads (the zone's
   shape as rt_move_all_known takes it). While the cell does not hold the
   card, it is rt_move_known. */
RT_HOT_INLINE void rt_move_picked_known(RtGame *g, RtValue card, int at, RtValue from, RtValue to, int where, int site,
                                        int kind, int nstate, int keep, int live_from, int live_to)
{
    const RtGamePrefix *x = rt__pre(g);
    if (at >= 1 && rt__fast_move(x, from, to)) {
        int32_t *src = x->cells + x->zone_off[from];
        int n = src[0];
        if (at <= n && src[at] == card) {
            rt__leave_cell_known(g, x, card, src, at, n, from, to, where, kind, nstate, keep, live_from, live_to);
            return;
        }
    }
    rt_move_known(g, card, to, where, site, kind, nstate, keep, live_to);
}
/* rt_move_all_known: rt_move_all of a move of a known shape. */
RT_HOT_INLINE void rt_move_all_known(RtGame *g, RtValue from, RtValue to, int where, int site, int kind, int nstate,
                                     int keep, int live_from, int live_to)
{
    const RtGamePrefix *x = rt__pre(g);
    if (where == RT_AT_TOP && rt__fast_move(x, from, to) && x->hdr->status == RT_RUNNING) {
        int32_t *src = x->cells + x->zone_off[from], *dst = x->cells + x->zone_off[to], *cards = x->card_cells;
        int n = src[0], m = dst[0];
        for (int i = 0; i < n; i++) {   /* each card as rt_move moves it */
            int32_t c = src[1 + i];
            dst[1 + m + i] = c;
            rt__arrive_known(g, x, c, cards + c * RT__STRIDE(x), from, to, kind, nstate, keep, live_from, live_to);
        }
        dst[0] = m + n;
        src[0] = 0;
        return;
    }
    rt__move_all(g, from, to, where, site);
}
/* rt_move_all's inline half: onto the top, from a zone of one kind the
   destination takes, the cards move in one pass as rt_move_all_known
   moves them, the shape read from the game's tables (what the kind keeps,
   which zones live counts read). */
static inline void rt_move_all(RtGame *g, RtValue from, RtValue to, int where, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (rt__fast_move(x, from, to)) {
        int zk = x->zi_kind[from], tk = x->zi_kind[to];
        if (zk >= 0 && (tk < 0 || tk == zk)) {
#ifdef CARDRT_NO_KEEP
            int keep = RT_KEEP_NONE;
#else
            int keep = x->kind_keeps[zk];   /* 0, 1, 2: RT_KEEP_NONE, SOME, ALL */
#endif
            rt_move_all_known(g, from, to, where, site, zk, x->kind_nstate[zk], keep, rt__live_decl(x, from),
                              rt__live_decl(x, to));
            return;
        }
    }
    rt__move_all(g, from, to, where, site);
}
/* rt_move_end_known: rt_move_end of a move of a known shape. */
RT_HOT_INLINE void rt_move_end_known(RtGame *g, RtValue from, int end, RtValue to, int where, int site, int kind,
                                     int nstate, int keep, int live_from, int live_to)
{
    const RtGamePrefix *x = rt__pre(g);
    if (rt__fast_move(x, from, to)) {
        int32_t *src = x->cells + x->zone_off[from];
        int n = src[0];
        if (n > 0) {
            rt__leave_cell_known(g, x, src[end ? 1 : n], src, end ? 1 : n, n, from, to, where, kind, nstate, keep,
                                 live_from, live_to);
            return;
        }
    }
    rt__move_end(g, from, end, to, where, site);
}
/* rt_shuffle: shuffle zone with the game's generator (logged); no zone
   fails the game at site. */
void rt_shuffle(RtGame *g, RtValue zone, int site);
/* What a player knows (rt_know.c, docs/runtime.md "What a player knows"):
   rt_reveal shows card to everyone (RT_REVEAL_ALL), to player to, to
   every player of side to, or to player to who looks (RT_REVEAL_LOOK),
   logged; no card, player or side fails the game at site. rt_reveal_zone:
   each card of zone, top first. rt_know_on: the record starts (a game
   that reveals or looks calls it first in its setup and round scripts). */
enum { RT_REVEAL_ALL = 0, RT_REVEAL_PLAYER = 1, RT_REVEAL_SIDE = 2, RT_REVEAL_LOOK = 3 };
void rt_reveal(RtGame *g, RtValue card, int how, RtValue to, int site);
void rt_reveal_zone(RtGame *g, RtValue zone, int how, RtValue to, int site);
void rt_know_on(RtGame *g);

/* rt_card_zone: the zone instance holding card, RT_NONE for no card. */
static inline RtValue rt_card_zone(const RtGame *g, RtValue card)
{
    const RtGamePrefix *x = rt__pre(g);
    return card >= 0 && card < x->ninst ? x->card_cells[card * RT__STRIDE(x)] : RT_NONE;
}
RtValue rt_card_owner(const RtGame *g, RtValue card);
/* rt_card_kind: the card's kind, -1 for RT_NONE (or any non-card). */
static inline int rt_card_kind(const RtGame *g, RtValue card)
{
    const RtGamePrefix *x = rt__pre(g);
    return card >= 0 && card < x->ninst ? x->inst_kind[card] : -1;
}
/* rt_card_row: the card's row in its kind's table; fails the game (and
   returns 0) if card is RT_NONE or not of kind (kind < 0: any kind). */
static inline int rt_card_row(RtGame *g, RtValue card, int kind, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (card >= 0 && card < x->ninst && (kind < 0 || x->inst_kind[card] == kind))
        return x->inst_row[card];
    return rt__card_row_fail(g, card, kind, site);
}
/* rt_card_inst: card, when it is a card of kind (kind < 0: any kind);
   else fails the game as rt_card_row does and returns RT_NONE (what
   reads row 0 of a table of the kind's data by instance, docs/compiler.md
   "Card data by instance"). */
static inline RtValue rt_card_inst(RtGame *g, RtValue card, int kind, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (card >= 0 && card < x->ninst && (kind < 0 || x->inst_kind[card] == kind))
        return card;
    (void)rt__card_row_fail(g, card, kind, site);
    return RT_NONE;
}
const char *rt_card_name(const RtGame *g, RtValue card);
/* rt__row / rt__state: rt_card_row and rt_card_state without checks, for
   a card cardc knows is a valid instance of a kind that has the slot (a
   loop variable over a zone of that kind). */
static inline int rt__row(const RtGame *g, RtValue card) { return rt__pre(g)->inst_row[card]; }
static inline RtValue rt__state(const RtGame *g, RtValue card, int slot)
{
    const RtGamePrefix *x = rt__pre(g);
    return x->card_cells[card * RT__STRIDE(x) + 1 + slot];
}

/* rt_card_state: state slot of card (kind < 0: any kind); a bad card,
   kind or slot fails the game and gives 0. */
static inline RtValue rt_card_state(RtGame *g, RtValue card, int kind, int slot, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (card >= 0 && card < x->ninst) {
        int k = x->inst_kind[card];
        if ((kind < 0 || k == kind) && slot >= 0 && slot < x->kind_nstate[k])
            return x->card_cells[card * RT__STRIDE(x) + 1 + slot];
    }
    return rt__card_state_fail(g, card, kind, slot, site);
}
/* rt_set_card_state: set a state slot of card (of kind; kind < 0: any);
   a change is logged, and the live counts that read the slot follow it;
   a bad card, kind or slot fails the game. */
void rt__set_card_state(RtGame *g, RtValue card, int kind, int slot, RtValue v, int site);
static inline void rt_set_card_state(RtGame *g, RtValue card, int kind, int slot, RtValue v, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (!x->log_on && !RT__KNOWING(x) && (uint32_t)card < (uint32_t)x->ninst) {
        int k = x->inst_kind[card];
        if ((kind < 0 || k == kind) && (uint32_t)slot < (uint32_t)x->kind_nstate[k]) {
            if (!(RT__LIVE_ON(x) && slot < 32 && (x->kind_live_slots[k] >> slot & 1u))) {
                x->card_cells[card * RT__STRIDE(x) + 1 + slot] = v;
                return;
            }   /* a live count reads the slot: the general half keeps it (this half stays small) */
        }
    }
    rt__set_card_state(g, card, kind, slot, v, site);
}

/* rt_set_state_shown: rt_set_card_state of a card every player can name
   (cardc's secrecy check says so): every player sees the change, in the
   log and in the record of what he knows (rt_know.c). */
void rt_set_state_shown(RtGame *g, RtValue card, int kind, int slot, RtValue v, int site);

/* rt_set_state_known: rt_set_card_state of card, which the script knows
   is a card of kind (a kind that has slot); live: cardc knows that a
   live count reads the slot. While no log is kept, a store (the counts
   following it); else rt_set_card_state. */
RT_HOT_INLINE void rt_set_state_known(RtGame *g, RtValue card, int kind, int slot, RtValue v, int live, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (x->log_on || RT__KNOWING(x)) {   /* logged, or the record follows it (rt__know_state) */
        rt__set_card_state(g, card, kind, slot, v, site);
    } else if (live && RT__LIVE_ON(x)) {
        rt__set_live_in(g, x, card, slot, v);
    } else {
        x->card_cells[card * RT__STRIDE(x) + 1 + slot] = v;
    }
}

/* rt_set_state_when: rt_set_state_known of card (a slot no live count
   reads) when cond (0 or 1) holds. While no log is kept, one store
   without a branch on cond: the slot keeps its value when cond is 0. */
RT_HOT_INLINE void rt_set_state_when(RtGame *g, RtValue card, int kind, int slot, int cond, RtValue v, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (x->log_on || RT__KNOWING(x)) {
        if (cond)
            rt__set_card_state(g, card, kind, slot, v, site);
        return;
    }
    int32_t *cell = x->card_cells + card * RT__STRIDE(x) + 1 + slot;
    *cell ^= (*cell ^ v) & -(int32_t)cond;
}

/* rt_roll: each die of zone, from the bottom up, is rolled: its state slot
   0 (its face) becomes faces[rt_random(g, nfaces)], as rt_set_card_state
   of kind writes it (logged, live counts following; a card not of kind
   fails the game at site). Inline with the generator's state in locals
   when no log is kept and the zone takes only kind. */
void rt__roll(RtGame *g, RtValue zone, int kind, const RtValue *faces, uint32_t nfaces, int site);
static inline void rt_roll(RtGame *g, RtValue zone, int kind, const RtValue *faces, uint32_t nfaces, int site);
/* rt_roll_known: rt_roll of a zone of kind's dice where cardc knows
   live_decl, the zone's decl when live counts read the zone and a die's
   face, else -1 (a constant: no table is read for the counts). */
RT_HOT_INLINE void rt_roll_known(RtGame *g, RtValue zone, int kind, const RtValue *faces, uint32_t nfaces, int site,
                                 int live_decl)
{
    const RtGamePrefix *x = rt__pre(g);
    if (x->log_on || RT__KNOWING(x) || (uint32_t)zone >= (uint32_t)x->nzi || kind < 0 || x->zi_kind[zone] != kind ||
        x->kind_nstate[kind] < 1) {
        rt__roll(g, zone, kind, faces, nfaces, site);
        return;
    }
    const int32_t *z = x->cells + x->zone_off[zone];
    uint64_t *state = x->hdr->rng, rng[4] = {state[0], state[1], state[2], state[3]};
    for (int i = 1; i <= z[0]; i++) {
        RtValue v = faces[rt__xoshiro_below_inline(rng, nfaces)];
        int32_t *cs = x->card_cells + z[i] * RT__STRIDE(x);
        if (live_decl >= 0)
            rt__live_in(g, x, z[i], zone, live_decl, -1);
        cs[1] = v;
        if (live_decl >= 0)
            rt__live_in(g, x, z[i], zone, live_decl, 1);
    }
    state[0] = rng[0];
    state[1] = rng[1];
    state[2] = rng[2];
    state[3] = rng[3];
}
/* Interchangeable dice kept as counts (rt_counted; docs/runtime.md
   "Interchangeable dice"): a zone of them is its count cell (zcell, the
   cell of its count of cards) and its count by face (ncells cells from
   fcell; face v counts in cell rt_dice_cell(v, lo, ncells)). cardc writes
   these calls only where rt_counted holds, with cells it laid out. */

/* rt_dice_at: what to add to the cells of a per-player zone of
   interchangeable dice (zone_decl) for player p's: p * stride; -1 after
   failing the game at site for no such player. */
static inline ptrdiff_t rt_dice_at(RtGame *g, int zone_decl, ptrdiff_t stride, RtValue p, int site)
{
    if ((uint32_t)p < (uint32_t)RT__NPLAYERS(rt__pre(g)))
        return p * stride;
    rt__zone_fail(g, zone_decl, p, site);
    return -1;
}
/* rt_dice_count: cell's value (a zone's count of dice, or a count of one face). */
static inline int32_t rt_dice_count(const RtGame *g, ptrdiff_t cell) { return rt__pre(g)->cells[cell]; }
/* rt_dice_cell: the cell of face v among ncells (v - lo, or the last for
   a value no face has). */
static inline int rt_dice_cell(RtValue v, int32_t lo, int ncells)
{
    uint32_t i = (uint32_t)v - (uint32_t)lo;
    return i < (uint32_t)(ncells - 1) ? (int)i : ncells - 1;
}
/* rt__dice_draw: n dice, taken off the count by face c already, each draw
   a side of faces (nsides of them) as rt_roll draws them, one after the
   other, and count in c again. */
RT_HOT_INLINE void rt__dice_draw(RtGame *g, int32_t *c, int32_t n, int ncells, int32_t lo, const RtValue *faces,
                                 uint32_t nsides)
{
    uint64_t *state = rt__pre(g)->hdr->rng, rng[4] = {state[0], state[1], state[2], state[3]};
    for (int32_t i = 0; i < n; i++)
        c[rt_dice_cell(faces[rt__xoshiro_below_inline(rng, nsides)], lo, ncells)]++;
    state[0] = rng[0];
    state[1] = rng[1];
    state[2] = rng[2];
    state[3] = rng[3];
}
/* rt_dice_roll: `roll` of a zone of interchangeable dice: every die draws. */
RT_HOT_INLINE void rt_dice_roll(RtGame *g, int32_t zcell, int32_t fcell, int ncells, int32_t lo, const RtValue *faces,
                                uint32_t nsides)
{
    int32_t *c = rt__pre(g)->cells + fcell;
    for (int i = 0; i < ncells; i++)
        c[i] = 0;
    rt__dice_draw(g, c, rt__pre(g)->cells[zcell], ncells, lo, faces, nsides);
}
/* rt_dice_reroll: `roll d in Z where d.face == F` (face cell k; k < 0:
   every die) of a zone of interchangeable dice: the dice of that face
   draw again. */
RT_HOT_INLINE void rt_dice_reroll(RtGame *g, int32_t zcell, int32_t fcell, int ncells, int32_t lo, const RtValue *faces,
                                  uint32_t nsides, int k)
{
    if (k < 0) {
        rt_dice_roll(g, zcell, fcell, ncells, lo, faces, nsides);
        return;
    }
    int32_t *c = rt__pre(g)->cells + fcell, n = c[k];
    c[k] = 0;
    rt__dice_draw(g, c, n, ncells, lo, faces, nsides);
}
/* rt_dice_move: up to n dice (n <= 0: none) of a zone of interchangeable
   dice (zfrom, ffrom) go to another zone of the same dice (zto, fto):
   those of face cell k, or with k < 0 those of any face, the greatest
   faces first (such a zone lies in face order, the greatest on top, and a
   move takes from the top). Returns n less the dice moved (what a loop's
   `up to` counter has left after them). */
RT_HOT_INLINE int32_t rt_dice_move(RtGame *g, int32_t zfrom, int32_t ffrom, int32_t zto, int32_t fto, int ncells, int k,
                                   int32_t n)
{
    int32_t *c = rt__pre(g)->cells;
    if (k >= 0) {   /* one face: no loop */
        int32_t have = c[ffrom + k], m = n <= 0 ? 0 : have < n ? have : n;
        c[ffrom + k] = have - m;
        c[fto + k] += m;
        c[zfrom] -= m;
        c[zto] += m;
        return n - m;
    }
    for (int i = ncells - 1; i >= 0 && n > 0; i--) {
        int32_t m = c[ffrom + i] < n ? c[ffrom + i] : n;
        c[ffrom + i] -= m;
        c[fto + i] += m;
        c[zfrom] -= m;
        c[zto] += m;
        n -= m;
    }
    return n;
}
/* rt_dice_move_all: every die of a zone of interchangeable dice (zfrom,
   ffrom) goes to another zone of the same dice (zto, fto); to the zone
   itself (a player's zone to the same player's), nothing changes, as a
   move of each die to the top of its own zone changes nothing. */
RT_HOT_INLINE void rt_dice_move_all(RtGame *g, int32_t zfrom, int32_t ffrom, int32_t zto, int32_t fto, int ncells)
{
    int32_t *c = rt__pre(g)->cells;
    if (c[zfrom] == 0 || zfrom == zto)   /* an empty zone, or the zone itself: nothing to add */
        return;
    for (int i = 0; i < ncells; i++) {
        c[fto + i] += c[ffrom + i];
        c[ffrom + i] = 0;
    }
    c[zto] += c[zfrom];
    c[zfrom] = 0;
}
/* rt_dice_sort: the dice of zone, a zone of interchangeable dice in a game
   not rt_counted, put in face order (the least at the bottom; dice of one
   face keep their order): where every such zone lies after a move into
   it or a roll, so that a move of its top dice takes what rt_dice_move
   takes. Not logged. */
void rt_dice_sort(RtGame *g, RtValue zone);

/* rt_roll's inline half: rt_roll_known, whether live counts follow the
   faces read from the game's tables. */
static inline void rt_roll(RtGame *g, RtValue zone, int kind, const RtValue *faces, uint32_t nfaces, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    int live = (uint32_t)zone < (uint32_t)x->nzi && kind >= 0 && RT__LIVE_ON(x) && (x->kind_live_slots[kind] & 1u);
    rt_roll_known(g, zone, kind, faces, nfaces, site, live ? rt__live_decl(x, zone) : -1);
}

#endif
