/* rt_internal.h: the RtGame struct, the state block's layout and helpers shared by the runtime's modules. */
#ifndef CARDRT_INTERNAL_H
#define CARDRT_INTERNAL_H

#include "cardrt.h"

#include <stdarg.h>

#define RT_MAX_PLAYERS 32        /* a winners bitmask and visibility masks are 32 bits */
#define RT_DEFAULT_MAX_ROUNDS 1000

enum { RT_VIS_ALL = -1 };                                 /* viewer: omniscient */

/* One event of the log (outside the state). a[] meaning depends on type. */
typedef enum RtEventType {
    RT_EV_ROUND, RT_EV_PHASE, RT_EV_TURN, RT_EV_MOVE, RT_EV_SHUFFLE,
    RT_EV_CHOICE, RT_EV_SET, RT_EV_STATE, RT_EV_WIN, RT_EV_DRAW,
    RT_EV_ERROR, RT_EV_TEXT, RT_EV_OUT, RT_EV_REVEAL, RT_EV_LOSE
} RtEventType;

/* RT_EV_CHOICE flag bits in a[7]. */
enum { RT_EVF_HIDDEN = 1, RT_EVF_FORCED = 2, RT_EVF_NAMED = 4 };

typedef struct RtEvent {
    int type;
    int round;
    int32_t a[8];
    uint32_t vis;       /* players who see the detail (all bits: everyone) */
    char *text;         /* owned; RT_EV_TEXT and RT_EV_ERROR; RT_EV_CHOICE: the label formatted (or NULL) */
    char *prompt;       /* owned; RT_EV_CHOICE: the prompt formatted (or NULL) */
    uint32_t tell;      /* RT_EV_CHOICE of a card the chooser could not tell apart: the players who could */
    char *anon;         /* owned; RT_EV_CHOICE: that option as the others read it (by place), or NULL */
    uint8_t announced;  /* RT_EV_TEXT: written by rt_log_announce (`log public`) */
} RtEvent;

struct RtGame {
    RtGamePrefix pre;       /* first: what the inline primitives of cardrt.h read */
    const RtGameDef *def;
    int nplayers;
    uint64_t seed;
    int max_rounds;
    int max_steps;          /* the step budget a new state starts with */
    int log_on;

    /* layout (constant for a def and a player count) */
    int ninst;              /* card instances */
    int nzi;                /* zone instances */
    int maxstate, maxlocals;
    int max_opts, list_cap, frame_stride, card_stride;
    int max_depth;          /* frames on the frame stack: the def's max_frames, at most RT_MAX_DEPTH */
    ptrdiff_t *zone_off;      /* nzi: first cell of each zone instance (absolute) */
    int32_t *zone_cap;      /* nzi: cards it can hold (the instances of its kind; all for no kind) */
    int off_opts, off_cards, off_frames, off_lists;  /* in int32 cells */
    int off_know, know_words;  /* the knowledge area (rt_know.c) and the words of one bitset */
    int know_state_words;      /* the words of a player's bitset of state slots (cards x maxstate) */
    int know_size;             /* the cells of the knowledge area */
    int16_t *inst_card;     /* ninst: card def of each instance */
    int32_t *card_inst;     /* ncards: the first instance of each card def (RT_NONE: no copy) */
    int *zi_decl, *zi_owner;/* nzi: zone decl and owner (RT_NONE if shared) */
    ptrdiff_t *decl_first;    /* nzones: first zone instance of each decl */
    uint8_t *decl_pp;       /* nzones: per player (pre.decl_per_player) */
    int16_t *inst_kind, *inst_row;  /* ninst: kind and row of each instance */
    int32_t *kind_nstate;   /* nkinds: state slots of each kind */
    ptrdiff_t *var_cell;      /* nvars + nlive: first cell of each var, then each live count (absolute) */
    uint8_t *var_pp;        /* nvars: per player */
    int32_t *zi_kind;       /* nzi: the kind a zone instance takes, or -1 */
    int32_t *zi_noted;      /* nzi: the owner of a player's public zone, else -1 (rt_note_played) */
    int32_t *zi_live;       /* nzi: its decl when live counts read it, else -1 (pre.zi_live) */
    int32_t *kind_reset;    /* nkinds * maxstate: what a move resets each state slot to (0 past nstate) */
    uint8_t *kind_keeps;    /* nkinds: 1 when a move keeps some slot of the kind, 2 when it keeps all */
    uint8_t *kind_dice;     /* nkinds: 1 for interchangeable dice (the kind of a zone def->dice counts) */
    int32_t *kind_keep;     /* nkinds * maxstate: -1 for a slot a move keeps (state_keep), else 0 */
    uint64_t *fresh;        /* the block's header..cards of a new game before seeding (built at the first reset; NULL before) */
    uint64_t *fresh_prelude;/* the same after the setup's prelude (games without a log; NULL: none) */
    int building_prelude;   /* rt__run_prelude is running the setup's prelude */
    int gave_up;            /* an agent answering in place gave up */
    size_t fresh_size;      /* bytes of fresh */
    size_t size;            /* bytes of the state block */
    int layout_refused;     /* lay_out: def->layout is not the runtime's layout */
    struct RtGraphMemo *graph_memo;   /* the maps' searches made so far (rt_graph.c; NULL: none) */

    uint64_t *blk;          /* the state block */

    /* the log */
    RtEvent *ev;
    int nev, evcap;
    char *text;             /* rt_log_begin..rt_log_end text being built */
    size_t textlen, textcap;
    int building;

    /* the pending decision's labels and prompt with holes (rt_label.c),
       formatted while the log is on */
    char *labels;           /* the texts, each ending in NUL; at most RT_LABEL_BYTES */
    size_t lablen;
    int32_t *lab_at;        /* 1 + max_opts: slot (0: the prompt, 1 + i: option i): offset, or -1 */
    int32_t *lab_tpl;       /* 1 + max_opts: the template (string index) the slot was formatted from */
    int32_t lab_serial;     /* the decision (RtHeader.decisions) they are of; -1: none */
    int lab_slot;           /* the slot being formatted (rt_label_begin) */
    int labeling;           /* a label is being formatted: a failing hole does not fail the game */
    int label_failed;       /* ... and one did */
};

/* rt_label.c: the formatted label of option i / of the prompt of the
   pending decision, or NULL; rt__labels_free releases them. */
const char *rt__label_of(const RtGame *g, int i);
const char *rt__prompt_of(const RtGame *g);
void rt__labels_free(RtGame *g);
/* rt_graph.c: rt__graph_memo_free releases the searches rt_graph.c keeps. */
void rt__graph_memo_free(RtGame *g);

static inline RtHeader *rt__hdr(const RtGame *g) { return g->pre.hdr; }
static inline int32_t *rt__cells(const RtGame *g) { return g->pre.cells; }

/* Validity checks (never read outside the block). */
static inline int rt__is_player(const RtGame *g, RtValue p) { return p >= 0 && p < g->nplayers; }
static inline int rt__is_card(const RtGame *g, RtValue c) { return c >= 0 && c < g->ninst; }
static inline int rt__is_zone(const RtGame *g, RtValue z) { return z >= 0 && z < g->nzi; }

/* Zone instance z: count then ninst card slots. */
static inline int32_t *rt__zone(const RtGame *g, RtValue z) { return rt__cells(g) + g->zone_off[z]; }
/* Card instance c: its zone, then maxstate state slots. */
static inline int32_t *rt__card(const RtGame *g, RtValue c) { return rt__cells(g) + g->off_cards + c * g->card_stride; }
/* rt__dice_zone: the RtDiceZone of zone instance z when it holds
   interchangeable dice (docs/runtime.md "Interchangeable dice"), else NULL. */
static inline const RtDiceZone *rt__dice_zone(const RtGame *g, int z)
{
    const RtDiceZone *dz = g->def->dice ? &g->def->dice[g->zi_decl[z]] : NULL;
    return dz && dz->live >= 0 ? dz : NULL;
}
/* rt__dice_faces: zone instance z's count of its interchangeable dice by
   face (dz its decl's RtDiceZone): the live count's cells, its owner's
   for a player's zone. */
static inline int32_t *rt__dice_faces(const RtGame *g, int z, const RtDiceZone *dz)
{
    return rt__cells(g) + g->var_cell[g->def->nvars + dz->live] + (g->zi_owner[z] >= 0 ? g->zi_owner[z] * g->pre.player_stride : 0);
}
/* Frame d: the list-stack base when pushed, then the RtFrame. */
static inline int32_t *rt__frame_cell(const RtGame *g, int d) { return rt__cells(g) + g->off_frames + d * g->frame_stride; }
static inline RtFrame *rt__frame(const RtGame *g, int d) { return (RtFrame *)(void *)(rt__frame_cell(g, d) + 1); }

/* rng (rt_rng.c) */
uint64_t rt__splitmix64(uint64_t *x);
/* rt__splitmix_at: the (i+1)-th output of splitmix64 started at x. */
uint64_t rt__splitmix_at(uint64_t x, uint64_t i);
void rt__xoshiro_seed(uint64_t s[4], uint64_t seed);
uint64_t rt__xoshiro_next(uint64_t s[4]);
/* rt__xoshiro_below: uniform in [0, n) (0 when n is 0), see docs/runtime.md. */
uint32_t rt__xoshiro_below(uint64_t s[4], uint32_t n);

/* agents (rt_agent.c): the random agent's choose, and its draw among n
   options: uniform, from the agent's own stream (a local copy, stored
   once, so that the draw stays in registers). */
static inline int rt__random_draw(RtAgent *a, int n)
{
    uint64_t s[4] = {a->rng[0], a->rng[1], a->rng[2], a->rng[3]};
    int i = (int)rt__xoshiro_below_inline(s, (uint32_t)n);
    a->rng[0] = s[0];
    a->rng[1] = s[1];
    a->rng[2] = s[2];
    a->rng[3] = s[3];
    return i;
}

/* errors (rt_state.c): fail the game with "file:line:col: message", the
   location of site in the def's site table; RT_SITE_SCRIPT: "file:line:
   message", the top frame's script (without a frame, no location);
   RT_SITE_NONE: no location (an engine error). The first error wins;
   nothing happens once the game is over. */
RT_COLD void rt__failf(RtGame *g, int site, const char *fmt, ...);
void rt__vfailf(RtGame *g, int site, const char *fmt, va_list ap);

/* names (rt_state.c) */
const char *rt__card_label(const RtGame *g, RtValue card);     /* name or "none" */
const char *rt__zone_label(const RtGame *g, RtValue zone, char *buf, size_t size);
/* rt__log_show: print the log lines from `from` on that viewer may see
   ("| " first; identical runs as one, with "(xN)"); returns the log's
   length (rt_agent.c). */
int rt__log_show(const RtGame *g, int from, int viewer, FILE *out);
/* rt__value_text: v written as a value of RT_TY_* type. */
const char *rt__value_text(const RtGame *g, int type, RtValue v, char *buf, size_t size);
const char *rt__label_text(const RtGame *g, RtValue value, RtValue card, int label, char *buf, size_t size);
const char *rt__string(const RtGame *g, int s);                /* string s or "" */

/* zones (rt_zone.c) */
uint32_t rt__zone_vis(const RtGame *g, RtValue zone);          /* who sees the cards */

/* knowledge (rt_know.c): what each player knows of the cards he cannot
   see. rt__know_cells: the cells of the area (g->off_know); rt__know_move:
   card moved from zone from to zone to (called by every move once a
   record is kept; end: it was the top or bottom card, taken as such); rt__know_shuffle: zone was shuffled; rt__know_drop:
   player p's record forgets card (the determinization, which deals again
   the cards viewer does not know, for the other players). */
void rt__know_move(RtGame *g, RtValue card, RtValue from, RtValue to, int end);
void rt__know_shuffle(RtGame *g, RtValue zone);
void rt__know_drop(RtGame *g, int p, RtValue card);
/* rt__knows: 2 when player knows card's place, 1 when only its zone, else 0
   (the record only; a zone player sees is not consulted). */
int rt__knows(const RtGame *g, int player, RtValue card);
/* rt__state_unsure: 1 when player cannot tell state slot of card: that
   slot of a card of its kind changed while he could tell neither, and he
   has not seen the card since; in a game that keeps no record, every
   slot of a card he cannot tell (rt_card_seen). rt__know_state: slot of
   card changed, shown to everyone or not (rt__set_card_state and
   rt_set_state_shown, while the record is on). */
int rt__state_unsure(const RtGame *g, int player, RtValue card, int slot);
void rt__know_state(RtGame *g, RtValue card, int slot, int shown);
/* rt_knows: 1 when player may tell where card is: it is in a zone he
   sees, or his record says so; else 0 (also for no card or no player). */
int rt_knows(const RtGame *g, int player, RtValue card);

/* rt_card_seen: 1 when viewer can tell card from every other card: it
   lies in a zone he sees, or he knows its place (rt__knows 2); 1 for
   viewer -1 (omniscient), 0 for no card. What he cannot tell apart is
   dealt again by rt_determinize, offered by position (rt_option_text) and
   logged without its name. */
int rt_card_seen(const RtGame *g, int viewer, RtValue card);
/* RT__BOX: the box's zone instance (decl 0, never per player). */
enum { RT__BOX = 0 };

/* log (rt_log.c): append an event (NULL when the log is off). */
RtEvent *rt__event(RtGame *g, int type, uint32_t vis);
void rt__log_free(RtGame *g);
int rt__log_shown(const RtGame *g, int i, int viewer);   /* viewer reads a line for event i (rt_log_line) */
int rt__log_announced(const RtGame *g, int i);
RtValue rt__log_card(const RtGame *g, int i, int viewer);   /* the card event i names to viewer, or RT_NONE */
/* rt__log_hidden_choice: event i as a hidden choice (chooser, option, card, its label as he read it), else NULL. */
const char *rt__log_hidden_choice(const RtGame *g, int i, int *player, int *option, RtValue *card, char *buf,
                                  size_t size);
/* rt__clone_logged: rt_clone (cardrt.h), keeping a log from now on when g
   keeps one (it starts empty). Caller frees with rt_free. */
RtGame *rt__clone_logged(const RtGame *g);   /* event i is an announcement (rt_log_announce) */
/* rt__esc: s as it is shown on a line of text (a log line, the terminal):
   control characters (below 0x20, DEL, UTF-8 C1) escaped as \n, \r, \t,
   \xHH or \u00HH, the rest kept. Into buf (size bytes, always
   terminated, cut before an escape that does not fit). Returns buf. */
const char *rt__esc(const char *s, char *buf, size_t size);
/* rt__put_esc: s escaped as rt__esc, to out. Every name or text of a game
   the engine prints as text goes through one of the two. */
void rt__put_esc(FILE *out, const char *s);
/* rt__json_str: s written as a JSON string literal. */
void rt__json_str(FILE *out, const char *s);
#define RT_VIS_EVERYONE 0xFFFFFFFFu
/* rt__var_seers: the players who see variable var's value (of player p,
   when per player), a bit each (rt_var.c): everyone for a public one,
   p for a private one per player, the players of its side for one
   private to a side. */
uint32_t rt__var_seers(const RtGame *g, int var, RtValue p);

/* seating (rt_players.c): the side of each seat (RtOptions.sides). The
   messages (NULL: none) are written to buf and say why not, e.g.
   "unknown side 'bleu' (sides: red, blue)". rt__sides_check:
   whether sides, one per seat of a game of def with players seats,
   rearranges the default seating (seat p plays side p mod nsides: each
   side keeps its number of seats). rt__sides_parse: the names of list
   ("blue,red") into sides, checked. rt__sides_text: g's seating
   as such a list into buf, or NULL when it is the default. */
const char *rt__sides_check(const RtGameDef *def, int players, const int *sides, char *buf, size_t size);
const char *rt__sides_parse(const RtGameDef *def, int players, const char *list, int *sides, char *buf, size_t size);
const char *rt__sides_text(const RtGame *g, char *buf, size_t size);

/* driver (rt_driver.c) */
void rt__apply(RtGame *g, int i, int forced);
/* rt__run_prelude: run the setup script's prelude in g's block (a new
   game); 1 when it ran to its end without failing. */
int rt__run_prelude(RtGame *g);

#endif
