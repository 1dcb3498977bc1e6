/* cardrt.h: libcardrt, the one runtime that runs every compiled game.

   A game is a const RtGameDef emitted by cardc. An RtGame is one running
   game: the definition, one flat block of state (no pointers inside, so a
   clone is a memcpy and a hash is a hash of bytes), and an event log kept
   outside the state.

   Scripts are compiled to resumable C functions (RtScriptFn). Every local
   of a script lives in its frame inside the state; at a `choose` the
   function stores its resume point in frame->pc and returns RT_YIELD; the
   runtime later calls it again with the same frame and it continues at
   `case pc:`. So the engine can stop at any decision, list the legal
   choices, apply one, clone and hash, without replaying anything.

   Values are int32: integers, booleans (0/1), players (seat 0..n-1),
   sides, card instances (0..ninstances-1), zone instances, script indices
   and string indices. RT_NONE (-1) is "no card / no player".

   Memory: rt_new allocates the RtGame and its state; rt_free releases
   them. RtGameDef data is const and owned by the generated code. Nothing
   in this runtime knows any particular game. */
#ifndef CARDRT_H
#define CARDRT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Bumped whenever generated code and the runtime stop fitting together. */
#define CARDRT_ABI 18

#define RT_NONE (-1)

/* RT_HOT_INLINE: a small function on the hottest paths, inlined even
   where the compiler would not (GCC and clang; plain inline elsewhere). */
#if defined(__GNUC__)
#define RT_HOT_INLINE static inline __attribute__((always_inline))
#else
#define RT_HOT_INLINE static inline
#endif
/* RT_COLD: a function called only when the game fails: the compiler
   lays the paths that call it out of the hot code (GCC and clang; the
   figures in docs/runtime.md "Performance"). */
#if defined(__GNUC__)
#define RT_COLD __attribute__((cold))
#else
#define RT_COLD
#endif

/* The most frames the frame stack holds (nested calls and runs); cardc
   rejects a chain of calls deeper than this. */
#define RT_MAX_DEPTH 64

typedef int32_t RtValue;
typedef struct RtGame RtGame;
typedef struct RtAgent RtAgent;   /* an agent that answers decisions (below) */
typedef struct RtFrame RtFrame;

/* What a script function returns to the runtime's driver. */
typedef enum RtStatus {
    RT_DONE = 0,  /* the script finished; pop its frame */
    RT_YIELD,     /* a decision is pending (rt_choose_begin + rt_option) */
    RT_CALL,      /* a new frame was pushed (rt_call); run it, then resume */
    RT_END        /* the game is over (win, draw) or failed (rt_fail) */
} RtStatus;

typedef RtStatus (*RtScriptFn)(RtGame *g, RtFrame *f);

/* ---- static description, emitted by cardc ---------------------------- */

enum { RT_PUBLIC = 0, RT_PRIVATE = 1, RT_HIDDEN = 2 };   /* zone visibility */
enum { RT_TY_INT = 0, RT_TY_BOOL, RT_TY_PLAYER, RT_TY_SIDE, RT_TY_CARD }; /* var types */
/* A value of the game's enum e has type RT_TY_ENUM + e (for the log). */
enum { RT_TY_ENUM = 16 };

/* An enumeration declared by the game (die faces, symbols, boards). */
typedef struct RtEnumDef {
    const char *name;
    int nvalues;
    const char *const *values;      /* value i's name */
} RtEnumDef;

typedef struct RtZoneDef {
    const char *name;
    uint8_t per_player;   /* one instance per player, else one shared */
    uint8_t ordered;      /* has a top (a pile) */
    uint8_t visibility;   /* RT_PUBLIC, RT_PRIVATE (owner sees), RT_HIDDEN */
    int16_t kind;         /* only cards of this kind may enter, or -1 */
} RtZoneDef;

typedef struct RtKindDef {
    const char *name;
    int nstate;                     /* per-instance state slots */
    const char *const *state_names; /* nstate names */
    const RtValue *state_defaults;  /* nstate defaults (reset on every move, unless kept) */
    const uint8_t *state_types;     /* nstate RT_TY_* (for the log), or NULL: all int */
    const void *rows;               /* the generated table of this kind's cards, or NULL */
    int nrows;
    const uint8_t *state_keep;      /* nstate flags: 1 = not reset by a move; NULL: all reset */
} RtKindDef;

typedef struct RtCardDef {
    const char *name;     /* the card's printed name (UTF-8) */
    int16_t kind;         /* index into RtGameDef.kinds */
    int16_t row;          /* index into the generated table of that kind */
} RtCardDef;

typedef struct RtVarDef {
    const char *name;
    uint8_t per_player;
    uint8_t type;         /* RT_TY_* (for the log) */
    uint8_t has_min, has_max;
    RtValue init, min, max;
    uint8_t visibility;   /* RT_PUBLIC, or RT_PRIVATE: only its player sees it (per player), or
                             only the players of side (not per player) */
    int8_t side;          /* RT_PRIVATE and not per player: the side whose players see it; else -1 */
} RtVarDef;

typedef struct RtScriptDef {
    const char *name;     /* "setup", "round", "Card Name.power" */
    const char *file;     /* source file, relative path */
    int line;             /* source line */
    RtScriptFn fn;
    int nlocals;          /* frame slots the function uses */
} RtScriptDef;

/* What the play screen shows of a game (docs/runtime.md "The play
   screen"), besides its zones and variables: the values of the game's
   `view` functions, each card's printed fields, and the variables and
   zones it leaves off. */
typedef struct RtViewValue {
    const char *name;
    uint8_t per_player;   /* shown for each player, else once */
    uint8_t type;         /* RT_TY_* of the value */
    /* the value for player p (per player), else for the viewer p; it may
       fail the game it is given (the screen gives it a copy) */
    RtValue (*fn)(RtGame *g, RtValue p);
} RtViewValue;
/* One thing a map on the screen shows of each space: the cards of a zone
   the space has (by name, counted), or the value of a function of it. */
typedef struct RtViewMapItem {
    const char *name;
    int zone;             /* a zone per space: the declaration of the map's first space's
                             zone (the other spaces' follow, in the map's order); else -1 */
    uint8_t type;         /* else: RT_TY_* of the function's value */
    /* the value for space (a card); it may fail the game it is given
       (the screen gives it a copy) */
    RtValue (*fn)(RtGame *g, RtValue space);
} RtViewMapItem;
/* A map on the screen (docs/runtime.md "The play screen"): its spaces in
   groups, each with the items. */
typedef struct RtViewMap {
    const char *title;
    int nspaces;
    const int16_t *order;               /* the spaces as shown (indices in the map's order) */
    const int32_t *card;                /* per space, in the map's order: its card */
    const char *const *group;           /* per space shown: the title of its group ("" for none) */
    int nitems;
    const RtViewMapItem *items;
} RtViewMap;
typedef struct RtViewDef {
    int nvalues;
    const RtViewValue *values;
    const uint8_t *var_hidden;          /* nvars flags (1: left off the screen), or NULL */
    const uint8_t *zone_hidden;         /* nzones flags, or NULL */
    const char *const *card_fields;     /* ncards: the printed fields ("value 3, character true"), or NULL */
    const char *const *card_texts;      /* ncards: the text fields, or NULL */
    int nmaps;
    const RtViewMap *maps;              /* the maps shown space by space, or NULL */
} RtViewDef;

/* A source location of the generated code (docs/runtime.md "Sites"):
   primitives that may fail take the index of one in RtGameDef.sites, a
   small constant, and the error names "file:line:col". RT_SITE_SCRIPT:
   the running script's own file and line (the runtime's checks of its
   own state); RT_SITE_NONE: no location (the engine's limits). */
typedef struct RtSite {
    int32_t file;         /* index into RtGameDef.files */
    int32_t line, col;    /* from 1 */
} RtSite;
enum { RT_SITE_NONE = -1, RT_SITE_SCRIPT = -2 };

/* A variant that differs from the base game in one thing only, the
   value of one int data field of one card (a `set card` that names that
   field alone): what `sim --sweep 'CARD.FIELD=A..B'` looks for among an
   engine's variants (docs/lab.md "Sweeps"). */
typedef struct RtSweepPoint {
    const char *card;     /* the card's name */
    const char *field;    /* the field's */
    RtValue value;        /* its value in this variant */
    RtValue base;         /* its value in the base game */
} RtSweepPoint;

/* Where a game without a log counts the interchangeable dice of a zone
   declaration (docs/runtime.md "Interchangeable dice"): ncells live count
   cells from live (an index among def->nlive), the dice showing face v in
   cell v - lo, any other value in the last. live is -1 for a zone of
   other cards. */
typedef struct RtDiceZone {
    int32_t live, ncells, lo;
} RtDiceZone;

typedef struct RtGameDef {
    int abi;                        /* CARDRT_ABI at generation */
    const char *id;                 /* the game's identifier */
    const char *variant;            /* "base" or the variant's name */
    const char *title;
    int min_players, max_players;
    int nsides;
    const char *const *side_names;  /* identifiers */
    const char *const *side_titles; /* printed names */
    int nzones;
    const RtZoneDef *zones;         /* zones[0] is the implicit shared hidden "box" */
    int nkinds;
    const RtKindDef *kinds;
    int ncards;
    const RtCardDef *cards;
    const int16_t *copies;          /* ncards: copies of each card in this variant (0 = removed) */
    int nvars;
    const RtVarDef *vars;
    int nstrings;
    const char *const *strings;     /* labels and prompts, UTF-8 */
    int nscripts;
    const RtScriptDef *scripts;
    int setup_script, round_script; /* indices into scripts (-1: none) */
    int nconsts;
    const RtValue *consts;          /* constants, as overridden by this variant */
    int nenums;
    const RtEnumDef *enums;
    /* score: the game's own measure of how well player is doing (its
       `function score(p: player) : int`), for agents; NULL if undeclared. */
    RtValue (*score)(RtGame *g, RtValue player);
    /* max_frames: the most frames the scripts can stack (cardc bounds the
       nesting of calls and runs); 0: no static bound, the runtime's 64. */
    int max_frames;
    /* layout: the state layout the generated code assumes, or NULL (then
       the runtime chooses every zone's capacity itself): nzones zone
       capacities, then each var's first cell, then each live count's
       (nlive), then each zone's first cell (player 0's instance for
       per-player vars, counts and zones), then the cells of one
       player's block (docs/runtime.md "The state block"). rt_new refuses
       a def whose layout is not the runtime's. */
    const int32_t *layout;
    /* prelude: 1 when the setup script begins with a prelude (statements
       that draw no number and ask nothing, hoisted by cardc): the runtime
       runs it once and starts later games without a log from its result
       (docs/runtime.md "The setup's prelude"). */
    int prelude;
    /* sites: the source locations the scripts fail at (RtSite), and the
       source files they name (relative paths). */
    int nsites;
    const RtSite *sites;
    int nfiles;
    const char *const *files;
    /* view: what the play screen shows (RtViewDef), or NULL: every
       variable and zone, and the cards by name. */
    const RtViewDef *view;
    /* can_lose: 1 when a script has `lose_game`: the game itself is an
       opponent that wins when every player loses (the lab reports it as
       a side, "the game"). */
    int can_lose;
    /* Live counts (docs/runtime.md "Live counts"): nlive cells the
       generated code keeps up to date, each the number of cards of a zone
       that meet a condition on their own fields and state. They are laid
       out after the vars (live_per_player: per cell, 1 when there is one
       per player). zone_live: per zone decl, 1 when some count reads it,
       or NULL (nlive 0); kind_live_slots: per kind, the state slots (the
       first 32) some condition reads. live_update adds sign to every count of owner's
       instance (RT_NONE: the shared one) of zone_decl that card meets:
       -1 before the card leaves the zone or a slot the conditions read
       changes, +1 after it enters or the slot changed. live_recount sets
       every count from the zones. */
    int nlive;
    const uint8_t *live_per_player;
    const uint8_t *zone_live;
    const uint32_t *kind_live_slots;   /* per kind: bit s when a count reads state slot s */
    void (*live_update)(RtGame *g, RtValue card, int zone_decl, RtValue owner, int sign);
    void (*live_recount)(RtGame *g);
    /* sweep: the card and field this variant changes, when that is all it
       changes (RtSweepPoint); NULL otherwise, and for the base game. */
    const RtSweepPoint *sweep;
    /* dice: per zone declaration, the live count of the interchangeable
       dice it holds by face (RtDiceZone; live -1 for a zone of other
       cards); NULL when the game has no interchangeable dice. */
    const RtDiceZone *dice;
    /* inst_data: per kind, the variant's table of the kind's data fields
       (but texts) by card instance, entry 1 + i for instance i and entry
       0 the kind's row 0 (docs/compiler.md "Card data by instance"), or
       NULL for a kind read by row; NULL when no kind has one. Only the
       generated code reads the tables, through the prefix. */
    const void *const *inst_data;
} RtGameDef;

/* rt_layout_cells: the state block's layout (docs/runtime.md "The state
   block"), computed in this one place for the runtime and for cardc: the
   shared variables, then the shared zones (a count cell and cap[z] card
   cells each), then one block per player of the per-player variables and
   zones. Writes each variable's and zone's first cell (player 0's for the
   per-player ones) and *shared_cells, the cells before player 0's block;
   returns the cells of one player's block. */
int rt_layout_cells(int nvars, const uint8_t *var_per_player, int nzones, const uint8_t *zone_per_player,
                    const int32_t *cap, int32_t *var_cell, int32_t *zone_cell, int32_t *shared_cells);

/* ---- frames: what a script function sees -------------------------------- */

/* One activation of a script. v[] holds every local (nlocals of them). */
struct RtFrame {
    int32_t script;      /* index into def->scripts */
    int32_t pc;          /* resume point; 0 = start */
    RtValue me;          /* the acting player */
    RtValue self;        /* `this`: the card whose ability runs, or RT_NONE */
    RtValue v[];         /* locals */
};

/* ---- the public prefix of a game, for the inline accessors --------------- */

/* Everything below is layout the inline primitives further down read; it
   is constant for a game (a def and a player count) except the state
   block the pointers point into. Generated code and callers use the
   primitives, never these members. */

#define RT_ERROR_SIZE 256        /* bytes of the error message, in the state */
enum { RT_RUNNING = 0, RT_OVER = 1, RT_FAILED = 2 };   /* RtHeader.status */
enum { RT_DEC_NONE = 0, RT_DEC_BUILDING = 1, RT_DEC_WAITING = 2 };   /* RtHeader.pending */

/* The fixed head of the state block. Only int32/uint64/char members and
   no padding, so the bytes (and so rt_hash) are fully determined. */
typedef struct RtHeader {
    uint64_t rng[4];        /* xoshiro256** state */
    int32_t status;         /* RT_RUNNING, RT_OVER, RT_FAILED */
    int32_t started;        /* setup was pushed */
    int32_t round;          /* rounds started */
    int32_t decisions;      /* decisions answered (forced ones included) */
    uint32_t winners;       /* bit p: player p won */
    int32_t depth;          /* frames on the stack */
    int32_t list_top;       /* cells used on the list stack */
    int32_t pending;        /* RT_DEC_*: options being added, or 2+ options await rt_apply */
    int32_t dec_player, dec_prompt, dec_flags, dec_count;
    int32_t dec_step, dec_steps; /* a repeated choice: dec_step picks made of dec_steps (rt_choose_steps); else 0, 0 */
    int32_t chosen_value, chosen_card;
    int32_t first_turn;     /* 1 + the player of the game's first turn (rt_log_turn), or 0 */
    int32_t prelude;        /* 1 once the setup script's prelude has run (rt_prelude_done) */
    int32_t steps_left;     /* steps the game may still take (rt_back_edge); below 0 it fails */
    int32_t max_steps;      /* the game's step budget (RtOptions.max_steps) */
    uint32_t out;           /* bit p: player p is out of the game (rt_eliminate) */
    int32_t nout;           /* players out */
    int32_t lost;           /* 1: every player lost, the game itself won (rt_lose_game) */
    int32_t counted;        /* 1: the zones of interchangeable dice hold counts by face, not cards
                               (a game without a log: docs/runtime.md "Interchangeable dice") */
    char error[RT_ERROR_SIZE];
} RtHeader;

/* RtGamePrefix: the first member of every RtGame (rt_internal.h). The
   pointers point into the game's own state block and tables (outside the
   state), so the state block itself stays pointer-free. */
typedef struct RtGamePrefix {
    const RtGameDef *def;
    RtHeader *hdr;              /* the head of the state block */
    int32_t *cells;             /* the state block's cells, after the head */
    int32_t *card_cells;        /* cells + off_cards: card c's cells at c * card_stride */
    int32_t *opt_cells;         /* cells + off_opts: option i's three cells at 3 * i */
    /* Sizes are ptrdiff_t, not int: a store to a cell (int32_t) cannot
       alias them, so the compiler keeps them in registers across stores. */
    ptrdiff_t nplayers;
    ptrdiff_t ninst;            /* card instances */
    ptrdiff_t nzi;              /* zone instances */
    ptrdiff_t card_stride;      /* cells per card instance */
    ptrdiff_t off_cards, off_lists, off_opts;   /* first cells of the areas */
    ptrdiff_t max_opts;         /* options one decision may hold */
    ptrdiff_t log_on;           /* an event log is kept */
    const ptrdiff_t *zone_off;    /* per zone instance: its first cell (absolute) */
    const ptrdiff_t *decl_first;  /* per zone decl: its first zone instance */
    const uint8_t *decl_per_player; /* per zone decl: one instance per player */
    const int16_t *inst_kind;   /* per card instance: its kind */
    const int16_t *inst_row;    /* per card instance: its row in its kind's table */
    const int32_t *kind_nstate; /* per kind: its state slots */
    const ptrdiff_t *var_cell;    /* per var: its first cell (absolute; player 0's when per player) */
    ptrdiff_t player_stride;      /* cells from one player's block to the next */
    const uint8_t *var_per_player;  /* per var: one value per player */
    ptrdiff_t maxstate;           /* state slots of a card's cells (the most any kind has) */
    const int32_t *kind_reset;    /* per kind: maxstate values a move resets its state to */
    const uint8_t *kind_keeps;    /* per kind: 1 when a move keeps some slot, 2 when it keeps all */
    const int32_t *kind_keep;     /* per kind: maxstate masks, -1 for a slot a move keeps, else 0 */
    const int32_t *zi_kind;       /* per zone instance: the kind it takes, or -1 */
    RtAgent *const *agents;       /* rt_play's agents while it runs (rt_answer_now), else NULL */
    uint8_t *played;              /* rt_note_played's bits while the lab records plays, else NULL */
    const int32_t *zi_noted;      /* per zone instance: its owner when it is public and a player's, else -1 */
    const int16_t *inst_card;     /* per card instance: its card */
    const int32_t *know_cells;    /* the knowledge area: cell 0 is 1 once the record is on (rt_know.c) */
    const void *const *inst_data; /* the def's inst_data (the kinds' data by card instance), or NULL */
    int8_t seat_side[32];         /* per seat: its side (RtOptions.sides), RT_NONE without sides */
    uint64_t *draw_rng[32];       /* per seat: while rt_play runs without a log, its random agent's
                                     generator (the agent answers in place), else NULL */
    const int32_t *zi_live;       /* per zone instance: its decl when live counts read it, else -1;
                                     NULL when the game keeps none */
    const uint32_t *kind_live_slots; /* per kind: the state slots live counts read (def's) */
    int32_t *frame_cells;         /* the frame stack: frame d's cells at d * frame_stride (rt_enter) */
    ptrdiff_t frame_stride;       /* cells per frame: the list mark, the frame's head, its locals */
    ptrdiff_t max_depth;          /* frames the stack holds */
} RtGamePrefix;

/* RT__NPLAYERS(x): the game's number of players: a constant in the C of
   a game whose count is fixed (`players N`: cardc defines CARDRT_PLAYERS
   N, and the runtime makes no game of another count), else read. */
#ifdef CARDRT_PLAYERS
#define RT__NPLAYERS(x) ((void)(x), (ptrdiff_t)CARDRT_PLAYERS)
#else
#define RT__NPLAYERS(x) ((x)->nplayers)
#endif

static inline const RtGamePrefix *rt__pre(const RtGame *g) { return (const RtGamePrefix *)(const void *)g; }

/* xoshiro256** (docs/runtime.md), inline for the loops that draw many
   numbers (shuffles, the random agent). rt__xoshiro_below_inline: x =
   the upper 32 bits of the next output; outputs x >= 2^32 - (2^32 mod n)
   are rejected (drawn again); returns x mod n (0 when n is 0). Since
   2^32 mod n < n, every x <= 2^32 - n is accepted without computing the
   limit. */
static inline uint64_t rt__rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t rt__xoshiro_next_inline(uint64_t s[4])
{
    uint64_t result = rt__rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rt__rotl(s[3], 45);
    return result;
}
/* rt__mod: x mod n (n >= 1) without a division for n up to RT__MOD_MAX
   (the draws of agents, shuffles and dice), by Lemire's "fastmod": with
   M = floor((2^64 - 1) / n) + 1, x mod n is the high 64 bits of
   (M * x mod 2^64) * n, exact for every 32-bit x; the product is taken in
   two halves, which fit 64 bits while n < 2^31. A division's latency is
   most of a draw's. */
#define RT__MOD_MAX 256
#define RT__MOD_M(n) (UINT64_MAX / (uint64_t)(n) + 1u)
#define RT__MOD_M4(n) RT__MOD_M(n), RT__MOD_M((n) + 1), RT__MOD_M((n) + 2), RT__MOD_M((n) + 3)
#define RT__MOD_M16(n) RT__MOD_M4(n), RT__MOD_M4((n) + 4), RT__MOD_M4((n) + 8), RT__MOD_M4((n) + 12)
#define RT__MOD_M64(n) RT__MOD_M16(n), RT__MOD_M16((n) + 16), RT__MOD_M16((n) + 32), RT__MOD_M16((n) + 48)
static const uint64_t rt__mod_m[RT__MOD_MAX + 1] = {
    0, RT__MOD_M64(1), RT__MOD_M64(65), RT__MOD_M64(129), RT__MOD_M64(193),
};
static inline uint32_t rt__mod(uint32_t x, uint32_t n)
{
    if (n > RT__MOD_MAX)
        return x % n;
    uint64_t low = rt__mod_m[n] * x;
    return (uint32_t)(((low >> 32) * n + (((low & 0xffffffffu) * n) >> 32)) >> 32);
}
/* rt__xoshiro_accepted: the x of a draw below n >= 1 (the first output
   not rejected), before its mod. */
static inline uint32_t rt__xoshiro_accepted(uint64_t s[4], uint32_t n)
{
    for (;;) {
        uint32_t x = (uint32_t)(rt__xoshiro_next_inline(s) >> 32);
        if (x <= UINT32_MAX - n + 1 || (uint64_t)x < 0x100000000u - (0x100000000u % n))
            return x;
    }
}
static inline uint32_t rt__xoshiro_below_inline(uint64_t s[4], uint32_t n)
{
    return n == 0 ? 0 : rt__mod(rt__xoshiro_accepted(s, n), n);
}

/* Out-of-line halves of the inline primitives: each is called only when
   the inline check failed, fails the game with the same message as ever
   and returns what the primitive returns then. Not for other callers. */
RT_COLD RtValue rt__zone_fail(RtGame *g, int zone_decl, RtValue p, int site);
RT_COLD RtValue rt__pick_fail(RtGame *g, RtValue zone, const char *what, int site);
RT_COLD int rt__card_row_fail(RtGame *g, RtValue card, int kind, int site);
RT_COLD RtValue rt__card_state_fail(RtGame *g, RtValue card, int kind, int slot, int site);
RT_COLD void rt__option_fail(RtGame *g, int site);

/* ---- creating and driving a game ---------------------------------------- */

/* RT_MAX_CARDS: the most card instances a game may have (rt_new refuses
   more); so a count of cards is below 2^24, which cardc relies on when it
   leaves a sum of counts unchecked. */
#define RT_MAX_CARDS (1 << 24)

typedef struct RtOptions {
    int players;          /* 0: the def's min_players */
    uint64_t seed;
    int log;              /* keep an event log */
    int max_rounds;       /* 0: 1000; reaching it fails the game with a named error */
    int max_steps;        /* 0: RT_DEFAULT_MAX_STEPS; the step budget (rt_back_edge) */
    const int *sides;     /* NULL: seat p plays side p mod nsides; else players sides, one per seat, a rearrangement of that */
} RtOptions;
/* The default step budget of a game: far above the most steps any game
   of the bundled games takes (docs/runtime.md "The step budget"). */
#define RT_DEFAULT_MAX_STEPS 1000000

/* rt_new: a new game of def, before setup. Returns NULL (and prints why to
   stderr) if the options do not fit the def. Caller frees with rt_free. */
RtGame *rt_new(const RtGameDef *def, const RtOptions *opt);
void rt_free(RtGame *g);
/* rt_reset: make g a new game of its def and players again, seeded seed
   (its other options kept), without allocating: the state is exactly
   what rt_new would give, and the log is emptied. */
void rt_reset(RtGame *g, uint64_t seed);

/* rt_advance: run scripts until a decision with two or more options is
   pending or the game is over. A decision with one option is applied
   without asking (and logged). Returns 1 if a decision is pending, 0 if
   the game is over. */
int rt_advance(RtGame *g);

/* The pending decision (valid after rt_advance returned 1). */
int rt_decision_player(const RtGame *g);
static inline int rt_option_count(const RtGame *g) { return rt__pre(g)->hdr->dec_count; }
/* rt_option_label: the option's text ("Card Name", "pass",
   "use a power: Card Name") into buf; returns buf. A label with holes is
   written out only while the log is on; else it reads "template: Card
   Name" (rt_option_card gives the card). */
const char *rt_option_label(const RtGame *g, int i, char *buf, size_t size);
/* rt_option_text: option i as player viewer sees it (-1: everything):
   rt_option_label, unless the option offers a card viewer cannot tell
   from the others (in a zone he does not see, its place unknown to him):
   then the card's place, "a card in deck, position 2 from the top" (after
   the option's label when it is a plain text). The play screen shows it. */
const char *rt_option_text(const RtGame *g, int i, int viewer, char *buf, size_t size);
/* rt_option_card: the card option i offers (a choice of a card, an action
   for a card), or RT_NONE. */
RtValue rt_option_card(const RtGame *g, int i);
/* rt_decision_prompt: the prompt text of the pending decision. */
const char *rt_decision_prompt(const RtGame *g);
int rt_decision_hidden(const RtGame *g);

/* rt_apply: answer the pending decision with option i (0-based). */
void rt_apply(RtGame *g, int i);

/* rt_clone: a copy of g's state and def, without the log. Caller frees. */
RtGame *rt_clone(const RtGame *g);
/* rt_note_played: from now on, every card entering a public zone of a
   player sets bit card * players + player of bits (the caller's, at least
   cards * players bits; a clone does not inherit it); the cards in such
   zones now are marked at once. NULL stops it. */
void rt_note_played(RtGame *g, uint8_t *bits);
/* rt_copy_state: make dst's state equal to src's (same def and players). */
void rt_copy_state(RtGame *dst, const RtGame *src);
/* rt_hash: a 64-bit hash of the whole state (docs/runtime.md); equal states
   hash equal, on every machine. */
uint64_t rt_hash(const RtGame *g);

/* Results. */
int rt_over(const RtGame *g);             /* 1 when ended (won, drawn or failed) */
int rt_failed(const RtGame *g);           /* 1 when a runtime error ended it */
const char *rt_error(const RtGame *g);    /* the error message, or "" */
int rt_is_winner(const RtGame *g, int player);
int rt_lost(const RtGame *g);             /* 1 when every player lost to the game (rt_lose_game) */
int rt_rounds(const RtGame *g);           /* rounds started */
const RtGameDef *rt_def(const RtGame *g);
int rt_decisions(const RtGame *g);        /* decisions answered so far */
int rt_first_player(const RtGame *g);     /* who took the game's first turn, or RT_NONE */
uint64_t rt_seed(const RtGame *g);        /* the seed given to rt_new */

/* rt_player_name: the side title when sides map one to one onto seats,
   else "Player N". */
const char *rt_player_name(const RtGame *g, int player, char *buf, size_t size);

/* ---- primitives called by generated code --------------------------------- */

/* Randomness: xoshiro256** seeded through splitmix64 (docs/runtime.md). */
uint32_t rt_random(RtGame *g, uint32_t n);      /* uniform in [0, n) */

/* rt_players: the number of players (seats). */
static inline int rt_players(const RtGame *g) { return (int)RT__NPLAYERS(rt__pre(g)); }

/* rt_next_player: the next seat, wrapping, skipping players out
   (rt__next_in); RT_NONE for a non-player. */
RtValue rt__next_in(const RtGame *g, RtValue p);
static inline RtValue rt_next_player(const RtGame *g, RtValue p)
{
    const RtGamePrefix *x = rt__pre(g);
    int n = (int)RT__NPLAYERS(x);
    RtValue q = p + 1;   /* wraps to 0 after the last seat, without a branch */
    if (x->hdr->out)
        return rt__next_in(g, p);
    return (uint32_t)p < (uint32_t)n ? q & -(RtValue)(q != n) : RT_NONE;
}
/* Players out (docs/runtime.md "Players out"): rt_player_out, 1 when p is
   out; rt_player_in, p or the next player in; rt_eliminate, p out for good. */
RtValue rt_player_out(const RtGame *g, RtValue p);
RtValue rt_player_in(const RtGame *g, RtValue p);
/* rt_next_unpassed: the next seat after p, wrapping, that is neither out
   nor in passed (bit q: seat q has passed for the rest of a turn loop,
   `turns ... until all pass`); RT_NONE when there is none, or for a
   non-player p. */
RtValue rt_next_unpassed(const RtGame *g, RtValue p, RtValue passed);
void rt_eliminate(RtGame *g, RtValue p, int site);
/* rt_player_side: seat p's side (RtOptions.sides); RT_NONE without sides. */
static inline RtValue rt_player_side(const RtGame *g, RtValue p)
{
    const RtGamePrefix *x = rt__pre(g);
    return (uint32_t)p < (uint32_t)RT__NPLAYERS(x) ? x->seat_side[p] : RT_NONE;
}

/* rt_zone: the instance of zone_decl (p's when per player; p ignored when
   shared). A bad decl or player fails the game and gives RT_NONE. */
static inline RtValue rt_zone(RtGame *g, int zone_decl, RtValue p)
{
    const RtGamePrefix *x = rt__pre(g);
    if (zone_decl >= 0 && zone_decl < x->def->nzones) {
        if (!x->decl_per_player[zone_decl])
            return x->decl_first[zone_decl];
        if (p >= 0 && p < RT__NPLAYERS(x))
            return x->decl_first[zone_decl] + p;
    }
    return rt__zone_fail(g, zone_decl, p, RT_SITE_SCRIPT);
}
/* rt_zone_of / rt_zone_shared: rt_zone for a zone_decl that cardc has
   checked (per player / shared): only the player is checked, and a zone of
   no player fails the game at site. */
static inline RtValue rt_zone_of(RtGame *g, int zone_decl, RtValue p, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if ((uint32_t)p < (uint32_t)RT__NPLAYERS(x))
        return x->decl_first[zone_decl] + p;
    return rt__zone_fail(g, zone_decl, p, site);
}
static inline RtValue rt_zone_shared(const RtGame *g, int zone_decl) { return rt__pre(g)->decl_first[zone_decl]; }
/* rt__zone_cells: zone's count then its cards (bottom first); zone must be valid. */
static inline int32_t *rt__zone_cells(const RtGame *g, RtValue zone)
{
    const RtGamePrefix *x = rt__pre(g);
    return x->cells + x->zone_off[zone];
}
/* rt_zone_size: cards in zone (0 for a bad zone). */
static inline int rt_zone_size(const RtGame *g, RtValue zone)
{
    return zone >= 0 && zone < rt__pre(g)->nzi ? rt__zone_cells(g, zone)[0] : 0;
}
/* rt_zone_cards: zone's count, then its cards (bottom first), for a loop
   whose body cannot move cards; a bad zone reads as an empty one. The
   pointer is valid until the next change of the state. (A zone of
   interchangeable dice in a game rt_counted: its count, then cells that
   name no die; rt_zone_faces counts its dice.) */
static inline const int32_t *rt_zone_cards(const RtGame *g, RtValue zone)
{
    static const int32_t empty[1] = {0};
    return zone >= 0 && zone < rt__pre(g)->nzi ? rt__zone_cells(g, zone) : empty;
}
/* rt_zone_at: the i-th card from the bottom, RT_NONE when out of range
   (and for a zone of interchangeable dice in a game rt_counted). */
static inline RtValue rt_zone_at(const RtGame *g, RtValue zone, int i)
{
    const RtGamePrefix *x = rt__pre(g);
    if (zone < 0 || zone >= x->nzi)
        return RT_NONE;
    if (x->hdr->counted && x->def->dice && x->zi_live && x->zi_live[zone] >= 0 && x->def->dice[x->zi_live[zone]].live >= 0)
        return RT_NONE;
    const int32_t *z = rt__zone_cells(g, zone);
    return i >= 0 && i < z[0] ? z[1 + i] : RT_NONE;
}
/* rt_top / rt_bottom / rt_random_card: a card of zone; an empty or bad
   zone fails the game (at site) and gives RT_NONE. */
static inline RtValue rt_top(RtGame *g, RtValue zone, int site)
{
    if (zone >= 0 && zone < rt__pre(g)->nzi) {
        const int32_t *z = rt__zone_cells(g, zone);
        if (z[0] > 0)
            return z[z[0]];
    }
    return rt__pick_fail(g, zone, "top", site);
}
RtValue rt_bottom(RtGame *g, RtValue zone, int site);
RtValue rt_random_card(RtGame *g, RtValue zone, int site);
RtValue rt_zone_owner(const RtGame *g, RtValue zone);       /* player or RT_NONE */
int rt_zone_decl(const RtGame *g, RtValue zone);

/* rt_counted: g keeps the interchangeable dice of its zones as counts by
   face (a game without a log: docs/runtime.md "Interchangeable dice");
   rt_zone_at then gives no die of those zones, and rt_zone_faces counts
   them. */
static inline int rt_counted(const RtGame *g) { return rt__pre(g)->hdr->counted; }

/* rt_zone_faces: for a zone of interchangeable dice, how many of its dice
   show each face: counts[i] for the face lo + i, i < n (*lo: the least
   face of the dice, 0 for faces of an enum), rt_counted or not; for any
   other zone, counts are 0. Returns how many cards (or dice) zone holds
   (0 for a bad zone). */
int rt_zone_faces(const RtGame *g, RtValue zone, int32_t *counts, int n, int32_t *lo);

#include "cardrt_cards.h"   /* moves, live counts, shuffles, knowledge, card state, rolls */

/* Variables and counters (p ignored unless per player). */
/* rt_get: the value of var (p's when per player); 0 if var or p is bad. */
static inline RtValue rt_get(const RtGame *g, int var, RtValue p)
{
    const RtGamePrefix *x = rt__pre(g);
    if (var < 0 || var >= x->def->nvars)
        return 0;
    if (!x->var_per_player[var])
        return x->cells[x->var_cell[var]];
    return p >= 0 && p < RT__NPLAYERS(x) ? x->cells[x->var_cell[var] + p * x->player_stride] : 0;
}
void rt_set(RtGame *g, int var, RtValue p, RtValue v);   /* clamps to min/max, logs */
/* rt_set_at: rt_set, failing the game at site (not at the running script)
   for a bad var or player. */
void rt_set_at(RtGame *g, int var, RtValue p, RtValue v, int site);

#include "cardrt_script.h"   /* cells, arithmetic, lists, decisions, calls, endings */

/* Log entries written by scripts. */
void rt__log_phase(RtGame *g, int name_string);
void rt__log_turn(RtGame *g, RtValue player);
/* rt_log_phase / rt_log_turn: "phase NAME", "turn PLAYER" (the turn also
   records the game's first turn); without a log only that is done, inline. */
static inline void rt_log_phase(RtGame *g, int name_string)
{
    if (rt__pre(g)->log_on)
        rt__log_phase(g, name_string);
}
static inline void rt_log_turn(RtGame *g, RtValue player)
{
    const RtGamePrefix *x = rt__pre(g);
    if (x->log_on || x->hdr->first_turn == 0)
        rt__log_turn(g, player);
}
/* rt_logging: an event log is kept (generated code skips a log statement
   without one when its holes can neither fail nor draw a number). */
static inline int rt_logging(const RtGame *g) { return rt__pre(g)->log_on != 0; }
void rt_log_begin(RtGame *g);
void rt_log_str(RtGame *g, const char *s);
void rt_log_int(RtGame *g, RtValue v);
void rt_log_card(RtGame *g, RtValue card);
void rt_log_player(RtGame *g, RtValue player);
void rt_log_side(RtGame *g, RtValue side);
void rt_log_value(RtGame *g, int type, RtValue v);  /* RT_TY_* (enums by name, bools as true/false) */
void rt_log_end(RtGame *g);
/* rt_log_announce: rt_log_end for an announcement the rules decree (`log
   public`): the line may say what was secret until then, so the seats'
   noninterference test (rt_secrets.c) takes it as a reveal to everyone. */
void rt_log_announce(RtGame *g);

/* ---- maps (rt_graph.c, docs/runtime.md "Maps"): cardc writes a const RtGraphDef per map */
#define RT_GRAPH_MAX_SPACES 1024     /* the most spaces of a map (cardc checks; scratch on the C stack) */
typedef struct RtGraphDef {          /* space i's neighbours are adj[first[i] .. first[i + 1]) */
    const char *name;
    int kind, nrows, nspaces;        /* the spaces' kind, the rows of its table, the spaces */
    const int16_t *space, *adj;      /* nrows: each row's space (-1: none); the neighbours */
    const int32_t *card, *first;     /* each space's card (RtGameDef.cards); nspaces + 1 offsets */
} RtGraphDef;
enum { RT_GRAPH_NEIGHBOURS, RT_GRAPH_WITHIN, RT_GRAPH_ALL };
/* Each fails the game at site when a card is no space of m. rt_graph_spaces: into out, the NEIGHBOURS
   of card as listed, those WITHIN steps breadth first, or ALL; how many (-1: failed). rt_graph_list
   pushes them as a list; rt_graph_reach: a path avoiding the spaces flagged (avoid[i]: ALL's i-th). */
int rt_graph_spaces(RtGame *g, const RtGraphDef *m, int op, RtValue card, RtValue steps, RtValue *out, int site);
int rt_graph_list(RtGame *g, const RtGraphDef *m, int op, RtValue card, RtValue steps, int site);
RtValue rt_graph_count(RtGame *g, const RtGraphDef *m, int op, RtValue card, RtValue steps, int site);
RtValue rt_graph_adjacent(RtGame *g, const RtGraphDef *m, RtValue a, RtValue b, int site);
RtValue rt_graph_distance(RtGame *g, const RtGraphDef *m, RtValue a, RtValue b, int site);
RtValue rt_graph_reach(RtGame *g, const RtGraphDef *m, RtValue a, RtValue b, const uint8_t *avoid, int site);
/* ---- the event log -------------------------------------------------------- */

/* rt_log_text: write every event visible to viewer (-1: all, omniscient)
   as text lines to out. */
void rt_log_text(const RtGame *g, int viewer, FILE *out);
/* rt_log_json: write every event as JSON lines (omniscient), preceded by a
   header line with game, variant, seed and players. */
void rt_log_json(const RtGame *g, FILE *out);
/* rt_log_json_as: the same as viewer (a seat, from 0; -1: omniscient)
   sees it: the header says "viewer", and an event whose detail he does
   not see says "seen":false and leaves out what the text log hides
   (docs/cli.md "log"). */
void rt_log_json_as(const RtGame *g, int viewer, FILE *out);
/* rt_log_count / rt_log_line: the i-th event as text for viewer (-1: all);
   "" for an event he reads no line for (a private variable or an unseen
   card's state he does not see change). */
int rt_log_count(const RtGame *g);
const char *rt_log_line(const RtGame *g, int i, int viewer, char *buf, size_t size);

/* rt_view_print: what player may see now (zones, counters), as text. */
void rt_view_print(const RtGame *g, int player, FILE *out);

/* ---- agents and the engine command line ---------------------------------- */

/* An agent answers decisions for one seat. choose returns an option index. */
struct RtAgent {
    const char *name;
    int (*choose)(RtAgent *self, RtGame *g);
    void (*reset)(RtAgent *self, uint64_t seed);   /* before each game; may be NULL */
    void *ctx;
    uint64_t rng[4];
    FILE *in, *out;       /* the human agent's terminal */
    int seen;             /* the human agent: log events already shown */
    /* Added for the search agents (rt_search.c); zero for the others. */
    int budget;           /* mcts: iterations per decision */
    void (*release)(RtAgent *self);   /* frees ctx; may be NULL */
    int rollout;          /* mcts: random decisions per rollout before the score decides; 0: to the end */
};

int rt__random_choose(RtAgent *a, RtGame *g);
/* rt__random_in_place: the random agent that answers in place (rt_play,
   no log kept) the decision being built, of n options; NULL when none
   does (fewer than two options, another agent, a log, no rt_play): its
   generator, the seat's draw_rng.
   Inlined everywhere, its tests read without a branch each: a game of
   many decisions spent a few percent of its time in the call and the
   branches (docs/runtime.md "Performance"). */
RT_HOT_INLINE uint64_t *rt__random_in_place(const RtGamePrefix *x, const RtHeader *h, int n)
{
    if ((n < 2) | (h->status != RT_RUNNING) | (h->pending != RT_DEC_BUILDING) | (x->log_on != 0) |
        ((uint32_t)h->dec_player >= (uint32_t)RT__NPLAYERS(x)))
        return NULL;
    return x->draw_rng[h->dec_player];   /* the agent's generator (rt_play) */
}
/* rt__draw_answer: the random agent whose generator is r draws one of n
   options (one draw, as rt__random_choose does); the decision is
   answered. Returns its index. */
static inline int rt__draw_answer(uint64_t *r, RtHeader *h, int n)
{
    uint64_t s[4] = {r[0], r[1], r[2], r[3]};
    int i = (int)rt__xoshiro_below_inline(s, (uint32_t)n);
    r[0] = s[0];
    r[1] = s[1];
    r[2] = s[2];
    r[3] = s[3];
    h->decisions++;
    h->pending = RT_DEC_NONE;
    return i;
}
/* rt__answer_in_place: the decision being built, of n options, answered
   in place when agents answer in rt_play and no log is kept: one option
   is taken without asking the agent (as the driver takes it), and among
   two or more the seat's random agent draws one (rt__random_in_place).
   Returns the option's index, or -1 when it is not answered here. */
RT_HOT_INLINE int rt__answer_in_place(const RtGamePrefix *x, RtHeader *h, int n)
{
    if (n == 1 && x->agents &&
        ((h->status == RT_RUNNING) & (h->pending == RT_DEC_BUILDING) & (x->log_on == 0))) {
        h->dec_count = 1;
        h->decisions++;
        h->pending = RT_DEC_NONE;
        return 0;
    }
    uint64_t *r = rt__random_in_place(x, h, n);
    if (!r)
        return -1;
    h->dec_count = n;
    return rt__draw_answer(r, h, n);
}
/* rt_answer_now's inline half (declared with the decisions above). */
static inline int rt_answer_now(RtGame *g)
{
    const RtGamePrefix *x = rt__pre(g);
    RtHeader *h = x->hdr;
    if (!x->agents)
        return 0;
    uint64_t *r = rt__random_in_place(x, h, h->dec_count);
    if (r) {
        const int32_t *o = x->opt_cells + 3 * rt__draw_answer(r, h, h->dec_count);
        h->chosen_value = o[0];
        h->chosen_card = o[1];
        return 1;
    }
    return rt__answer_now(g);
}
/* rt_pick_card_now: after rt_choose_begin, a choice of any card of a zone
   (cells: its count, then its cards bottom first) answered at once
   (rt__answer_in_place), without building its options: the card taken,
   as it would be from the options listed top first (rt_chosen gives it
   too); RT_NONE when it is not answered in place, and then the script
   builds the options and asks (rt_opt_done, rt_answer_now).
   rt_pick_card_at: the same, and *at the card's cell (1..count; left as
   it is when no card is taken), for a move of it that need not look for
   it (rt_move_picked_known). */
RT_HOT_INLINE RtValue rt_pick_card_at(RtGame *g, const int32_t *cells, int *at)
{
    const RtGamePrefix *x = rt__pre(g);
    RtHeader *h = x->hdr;
    int n = cells[0], i = rt__answer_in_place(x, h, n);
    if (i < 0)
        return RT_NONE;
    RtValue card = cells[n - i];
    h->chosen_value = card;
    h->chosen_card = card;
    *at = n - i;
    return card;
}
RT_HOT_INLINE RtValue rt_pick_card_now(RtGame *g, const int32_t *cells)
{
    int at;
    return rt_pick_card_at(g, cells, &at);
}
/* rt_draw_now: after rt_choose_begin, a choice of a card among n that the
   script counts without listing them (the cards of a zone passing a
   condition a live count keeps), answered at once (rt__answer_in_place):
   the index taken, as it would be from the options listed top first;
   the script then finds that card and names it (rt_drawn_option, the
   card as both value and card). -1 when it is not answered in place:
   then the script builds the options and asks (rt_opt_done,
   rt_answer_now). */
RT_HOT_INLINE int rt_draw_now(RtGame *g, int n)
{
    const RtGamePrefix *x = rt__pre(g);
    return rt__answer_in_place(x, x->hdr, n);
}
/* rt_draw_options_now: after rt_choose_begin, a decision of n options
   that the script counts without listing them (the actions of a turn,
   a menu), answered at once (rt__answer_in_place): the index taken, as
   from the options listed; the script then finds that option and names
   it (rt_drawn_option). -1 when it is not answered in place, or n is
   past the limit of options: then the script builds the options and
   asks (rt_opt_done, which fails the game past the limit). */
RT_HOT_INLINE int rt_draw_options_now(RtGame *g, int n)
{
    return n <= rt__pre(g)->max_opts ? rt_draw_now(g, n) : -1;
}
/* rt_drawn_option: the option rt_draw_options_now or rt_draw_now drew
   has value and card (RT_NONE for an option without one); rt_chosen and
   rt_chosen_card give them. */
static inline void rt_drawn_option(RtGame *g, RtValue value, RtValue card)
{
    RtHeader *h = rt__pre(g)->hdr;
    h->chosen_value = value;
    h->chosen_card = card;
}

void rt_agent_random(RtAgent *a);                 /* uniform over the options */
void rt_agent_human(RtAgent *a, FILE *in, FILE *out);

/* Search agents (rt_search.c, docs/lab.md). None of them reads what the
   deciding player may not see: before looking ahead they determinize a
   copy of the game (rt_determinize) with their own generator.

   rt_agent_greedy: one-ply lookahead on the game's score function (a win
   is best, a loss worst; ties and games without a score: uniform). */
void rt_agent_greedy(RtAgent *a);
/* rt_agent_mcts: Monte Carlo tree search (UCT over a determinization per
   iteration, random rollouts) with budget iterations per decision (0: the
   default, RT_MCTS_BUDGET). Returns 0, or -1 when out of memory. Free
   with rt_agent_release. Setting a->rollout to N > 0 cuts each rollout
   after N random decisions: a game not over by then is worth what the
   game's score says (1 to the leader, shared by those tied; 1/players each
   without a score), for games whose rollouts are long. */
#define RT_MCTS_BUDGET 200
int rt_agent_mcts(RtAgent *a, int budget);
/* rt_agent_by_name: "random", "greedy" or "mcts" (budget as above) into a.
   Returns 0, -1 for an unknown name, -2 when out of memory. */
int rt_agent_by_name(RtAgent *a, const char *name, int budget);
/* rt_agent_release: free what an agent holds (any agent; a stays usable
   for nothing until made again). */
void rt_agent_release(RtAgent *a);
/* rt_determinize: make g a sample of the games viewer cannot tell from it:
   the cards of the zones viewer does not see are dealt again at random
   from rng, except those he knows (rt_knows): a card whose place he knows
   stays, one whose zone he knows is dealt within it, the others among
   the places left of cards of the same kind; the other players forget
   the cards dealt again; card values of other players' private variables
   (and of variables private to a side viewer is not on) are redrawn from
   the zone that holds them, and g's generator is
   reseeded from rng. The result depends only on what viewer sees and
   knows, and on rng. */
void rt_determinize(RtGame *g, int viewer, uint64_t rng[4]);

/* rt_play: run g to the end, asking agents[seat]. Returns 0, or -1 if an
   agent gave up (end of input). */
int rt_play(RtGame *g, RtAgent *const *agents);

/* rt_engine_main: the engine's command line (play, sim, replay), for the
   variants of one game (defs[0] is the base game). */
int rt_engine_main(int argc, char **argv, const RtGameDef *const *defs, int ndefs);
/* rt_engine_run: rt_engine_main with its streams given (for tests and
   embedding); returns the exit status. */
int rt_engine_run(int argc, char **argv, const RtGameDef *const *defs, int ndefs,
                  FILE *in, FILE *out, FILE *err);

#endif
