/* rt_know.c: what each player knows of the cards he cannot see (reveals, looks, and how moves and shuffles forget). */
#include "rt_internal.h"

/* The knowledge area (g->off_know, inside the state block, so a clone
   copies it and rt_hash reads it): cell 0 is 1 once the record is on
   (rt_know_on, or a first reveal; until then every move keeps the inline
   fast paths), then for each player two bitsets of know_words words over
   the card instances: the cards whose zone he knows, the cards whose
   place (zone and cell) he knows (a card whose place is known has its
   zone bit set too); then a bitset of know_state_words words over the
   cards' state slots (card * maxstate + slot): the slots he cannot tell,
   as they changed on a card he could not tell (rt__know_state). How reveals, moves and shuffles change them is said
   at each function (docs/runtime.md "What a player knows"); every rule
   depends only on what the player sees, never on which card moved when
   he cannot see it, so the record is a function of what he observed. */

/* bits: player p's bitset (0: zones, 1: places). */
static uint32_t *bits(const RtGame *g, int p, int which)
{
    return (uint32_t *)(void *)(rt__cells(g) + g->off_know + 1 + p * (2 * g->know_words + g->know_state_words) +
                                which * g->know_words);
}

/* unsure: player p's bitset of the state slots he cannot tell. */
static uint32_t *unsure(const RtGame *g, int p) { return bits(g, p, 2); }

static void set_bit(uint32_t *b, RtValue c) { b[c >> 5] |= 1u << (c & 31); }
static void clear_bit(uint32_t *b, RtValue c) { b[c >> 5] &= ~(1u << (c & 31)); }
static int get_bit(const uint32_t *b, RtValue c) { return (int)(b[c >> 5] >> (c & 31) & 1u); }

/* rt__knows: see rt_internal.h. */
int rt__knows(const RtGame *g, int player, RtValue card)
{
    if (!rt__is_player(g, player) || !rt__is_card(g, card) || !rt__cells(g)[g->off_know])
        return 0;
    if (get_bit(bits(g, player, 1), card))
        return 2;
    return get_bit(bits(g, player, 0), card);
}

/* rt_knows: see rt_internal.h. */
int rt_knows(const RtGame *g, int player, RtValue card)
{
    if (!rt__is_player(g, player) || !rt__is_card(g, card))
        return 0;
    if (player < RT_MAX_PLAYERS && (rt__zone_vis(g, rt__card(g, card)[0]) >> player & 1u))
        return 1;
    return rt__knows(g, player, card) > 0;
}

/* rt_card_seen: see rt_internal.h. The one test of "can he tell this card
   from the others": the determinization deals again exactly the cards it
   fails for, the play screen and the log name a chosen card only when it
   holds, and the search agents' options follow it (docs/lab.md "Hidden
   information"). */
int rt_card_seen(const RtGame *g, int viewer, RtValue card)
{
    if (viewer < 0)
        return 1;
    if (!rt__is_card(g, card))
        return 0;
    RtValue zone = rt__card(g, card)[0];
    if (zone == RT__BOX || (viewer < RT_MAX_PLAYERS && (rt__zone_vis(g, zone) >> viewer & 1u)))
        return 1;   /* the box's cards are the game's components: every player knows them */
    return rt__knows(g, viewer, card) == 2;
}

/* forget_zone: player p forgets the places (and, when zones is set, the
   zones) of every card of zone (a plucked zone's empty cells skipped). */
static void forget_zone(RtGame *g, int p, RtValue zone, int zones)
{
    const int32_t *z = rt__zone(g, zone);
    uint32_t *kz = bits(g, p, 0), *kp = bits(g, p, 1);
    for (int i = 1; i <= z[0]; i++) {
        if (!rt__is_card(g, z[i]))
            continue;
        clear_bit(kp, z[i]);
        if (zones)
            clear_bit(kz, z[i]);
    }
}

/* rt_know_on: see cardrt.h (the record starts). */
void rt_know_on(RtGame *g) { rt__cells(g)[g->off_know] = 1; }

/* rt__state_unsure: see rt_internal.h. */
int rt__state_unsure(const RtGame *g, int player, RtValue card, int slot)
{
    if (!rt__is_player(g, player) || !rt__is_card(g, card) || slot < 0 || slot >= g->maxstate)
        return 0;
    if (!rt__cells(g)[g->off_know])   /* no record: every slot of a card he cannot tell */
        return !rt_card_seen(g, player, card);
    return get_bit(unsure(g, player), card * g->maxstate + slot);
}

/* sure_again: player p sees card, and so every state slot of it. */
static void sure_again(RtGame *g, int p, RtValue card)
{
    uint32_t *u = unsure(g, p);
    for (int s = 0; s < g->maxstate; s++)
        clear_bit(u, card * g->maxstate + s);
}

/* rt__know_state: see rt_internal.h. A change shown to everyone is
   sure to everyone. Otherwise a player who cannot tell the card
   (rt_card_seen) sees that a card's state changed, not which: that slot
   of every card of its kind he cannot tell becomes unsure to him. */
void rt__know_state(RtGame *g, RtValue card, int slot, int shown)
{
    if (!rt__is_card(g, card) || slot < 0 || slot >= g->maxstate || !rt__cells(g)[g->off_know])
        return;
    int kind = g->inst_kind[card];
    if (g->kind_dice[kind])
        return;   /* a die's face is rolled in sight, and its bits stay 0 (rt_hash: a game keeping dice as counts sets none) */
    for (int p = 0; p < g->nplayers && p < RT_MAX_PLAYERS; p++) {
        if (shown) {
            clear_bit(unsure(g, p), card * g->maxstate + slot);
            continue;
        }
        if (rt_card_seen(g, p, card))
            continue;
        uint32_t *u = unsure(g, p);
        for (RtValue c = 0; c < g->ninst; c++)
            if (g->inst_kind[c] == kind && !rt_card_seen(g, p, c))
                set_bit(u, c * g->maxstate + slot);
    }
}

/* moved_unseen: player p (whose record is kz, kp) does not see zone from,
   which card left (card, whose place he knew when placed). From an end of
   the zone (end): he knows where it left from, so the cards whose place
   he knows stay known; unless he knew which card it was, those whose
   zone alone he knew may be the one that left. Otherwise: if he sees where it went and knew its place,
   the others keep their places; if he sees where it went only, they keep
   their zones (he cannot tell where it was); if he sees neither, he
   cannot tell which card left and forgets every card of the zone. */
static void moved_unseen(RtGame *g, int p, RtValue from, int end, int sees_to, int placed)
{
    if (end) {
        const int32_t *z = rt__zone(g, from);
        uint32_t *kz = bits(g, p, 0), *kp = bits(g, p, 1);
        for (int i = 1; i <= z[0] && !sees_to && !placed; i++)
            if (rt__is_card(g, z[i]) && !get_bit(kp, z[i]))
                clear_bit(kz, z[i]);
        return;
    }
    if (!(sees_to && placed))
        forget_zone(g, p, from, !sees_to);
}

/* rt__know_move: see rt_internal.h. For each player p: the card is
   forgotten, then: from a zone p sees to one he does not, he saw where it
   went (the top or the bottom): he knows its place; from an end of a zone
   he does not see, when he knew the card's place, he knows where it went
   too; a card leaving a zone he does not see follows moved_unseen. A move
   within a zone he does not see forgets the places of its cards, not
   their zone. */
void rt__know_move(RtGame *g, RtValue card, RtValue from, RtValue to, int end)
{
    if (!rt__is_card(g, card) || !rt__is_zone(g, from) || !rt__is_zone(g, to))
        return;
    uint32_t vf = rt__zone_vis(g, from), vt = rt__zone_vis(g, to);
    for (int p = 0; p < g->nplayers && p < RT_MAX_PLAYERS; p++) {
        uint32_t *kz = bits(g, p, 0), *kp = bits(g, p, 1);
        int placed = get_bit(kp, card), zoned = get_bit(kz, card), sees_from = vf >> p & 1u, sees_to = vt >> p & 1u;
        clear_bit(kz, card);
        clear_bit(kp, card);
        if (sees_to)
            sure_again(g, p, card);   /* he sees it, and its state, again */
        if (from == to) {
            if (!sees_from) {   /* still there, but where? */
                forget_zone(g, p, from, 0);
                if (zoned)
                    set_bit(kz, card);
            }
            continue;
        }
        if (sees_from || (end && placed)) {
            if (!sees_to) {
                set_bit(kz, card);
                set_bit(kp, card);
            }
            if (sees_from)
                continue;
        }
        moved_unseen(g, p, from, end, sees_to, placed);
    }
}

/* rt__know_shuffle: see rt_internal.h. Everyone forgets the places of
   the zone's cards, not that they are in it. */
void rt__know_shuffle(RtGame *g, RtValue zone)
{
    if (!rt__is_zone(g, zone))
        return;
    for (int p = 0; p < g->nplayers; p++)
        forget_zone(g, p, zone, 0);
}

/* rt__know_drop: see rt_internal.h. */
void rt__know_drop(RtGame *g, int p, RtValue card)
{
    if (rt__is_player(g, p) && rt__is_card(g, card)) {
        clear_bit(bits(g, p, 0), card);
        clear_bit(bits(g, p, 1), card);
        for (int s = 0; s < g->maxstate; s++)   /* nor its state */
            set_bit(unsure(g, p), card * g->maxstate + s);
    }
}

/* learners: the players how and to name (a bit each), or 0 after failing
   the game at site (no player, no side). */
static uint32_t learners(RtGame *g, int how, RtValue to, int site)
{
    uint32_t mask = 0;
    int n = g->nplayers < RT_MAX_PLAYERS ? g->nplayers : RT_MAX_PLAYERS;
    if (how == RT_REVEAL_ALL)
        return n >= 32 ? RT_VIS_EVERYONE : (1u << n) - 1u;
    if (how == RT_REVEAL_SIDE) {
        if (to < 0 || to >= g->def->nsides) {
            rt__failf(g, site, "reveal to no side");
            return 0;
        }
        for (int p = 0; p < n; p++)
            if (rt_player_side(g, p) == to)
                mask |= 1u << p;
        return mask;
    }
    if (!rt__is_player(g, to) || to >= RT_MAX_PLAYERS) {
        rt__failf(g, site, how == RT_REVEAL_LOOK ? "look by no player" : "reveal to no player");
        return 0;
    }
    return 1u << to;
}

/* reveal_event: log that card (in zone) was revealed to mask, as how and to say. */
static void reveal_event(RtGame *g, RtValue card, int how, RtValue to, uint32_t mask)
{
    RtValue zone = rt__card(g, card)[0];
    RtEvent *e = rt__event(g, RT_EV_REVEAL, mask | rt__zone_vis(g, zone));
    if (e) {
        e->a[0] = card;
        e->a[1] = how;
        e->a[2] = to;
        e->a[3] = zone;
    }
}

/* reveal_to: every player of mask learns card's place (and state). */
static void reveal_to(RtGame *g, RtValue card, uint32_t mask)
{
    rt__cells(g)[g->off_know] = 1;
    for (int p = 0; p < g->nplayers && p < RT_MAX_PLAYERS; p++)
        if (mask >> p & 1u) {
            set_bit(bits(g, p, 0), card);
            set_bit(bits(g, p, 1), card);
            sure_again(g, p, card);
        }
}

/* rt_reveal: see cardrt.h. */
void rt_reveal(RtGame *g, RtValue card, int how, RtValue to, int site)
{
    if (!rt__is_card(g, card)) {
        rt__failf(g, site, how == RT_REVEAL_LOOK ? "look at no card" : "reveal of no card");
        return;
    }
    uint32_t mask = learners(g, how, to, site);
    if (rt_check(g))
        return;
    reveal_to(g, card, mask);
    if (g->log_on)
        reveal_event(g, card, how, to, mask);
}

/* rt_reveal_zone: see cardrt.h (logged top card first). */
void rt_reveal_zone(RtGame *g, RtValue zone, int how, RtValue to, int site)
{
    if (!rt__is_zone(g, zone)) {
        rt__failf(g, site, how == RT_REVEAL_LOOK ? "look at no zone" : "reveal of no zone");
        return;
    }
    uint32_t mask = learners(g, how, to, site);
    if (rt_check(g))
        return;
    const int32_t *z = rt__zone(g, zone);
    for (int i = z[0]; i >= 1; i--) {   /* top first, as a loop over the zone */
        if (!rt__is_card(g, z[i]))
            continue;   /* a cell a loop plucked */
        reveal_to(g, z[i], mask);
        if (g->log_on)
            reveal_event(g, z[i], how, to, mask);
    }
}
