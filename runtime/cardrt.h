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
#define CARDRT_ABI 1

#define RT_NONE (-1)

typedef int32_t RtValue;
typedef struct RtGame RtGame;
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
    uint8_t visibility;   /* RT_PUBLIC, or RT_PRIVATE: only its player sees it (per player only) */
} RtVarDef;

typedef struct RtScriptDef {
    const char *name;     /* "setup", "round", "Card Name.power" */
    const char *file;     /* source file, relative path */
    int line;             /* source line */
    RtScriptFn fn;
    int nlocals;          /* frame slots the function uses */
} RtScriptDef;

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
} RtGameDef;

/* ---- frames: what a script function sees -------------------------------- */

/* One activation of a script. v[] holds every local (nlocals of them). */
struct RtFrame {
    int32_t script;      /* index into def->scripts */
    int32_t pc;          /* resume point; 0 = start */
    RtValue me;          /* the acting player */
    RtValue self;        /* `this`: the card whose ability runs, or RT_NONE */
    RtValue v[];         /* locals */
};

/* ---- creating and driving a game ---------------------------------------- */

typedef struct RtOptions {
    int players;          /* 0: the def's min_players */
    uint64_t seed;
    int log;              /* keep an event log */
    int max_rounds;       /* 0: 1000; reaching it fails the game with a named error */
} RtOptions;

/* rt_new: a new game of def, before setup. Returns NULL (and prints why to
   stderr) if the options do not fit the def. Caller frees with rt_free. */
RtGame *rt_new(const RtGameDef *def, const RtOptions *opt);
void rt_free(RtGame *g);

/* rt_advance: run scripts until a decision with two or more options is
   pending or the game is over. A decision with one option is applied
   without asking (and logged). Returns 1 if a decision is pending, 0 if
   the game is over. */
int rt_advance(RtGame *g);

/* The pending decision (valid after rt_advance returned 1). */
int rt_decision_player(const RtGame *g);
int rt_option_count(const RtGame *g);
/* rt_option_label: the option's text ("Card Name", "pass",
   "use a power: Card Name") into buf; returns buf. */
const char *rt_option_label(const RtGame *g, int i, char *buf, size_t size);
/* rt_decision_prompt: the prompt text of the pending decision. */
const char *rt_decision_prompt(const RtGame *g);
int rt_decision_hidden(const RtGame *g);

/* rt_apply: answer the pending decision with option i (0-based). */
void rt_apply(RtGame *g, int i);

/* rt_clone: a copy of g's state and def, without the log. Caller frees. */
RtGame *rt_clone(const RtGame *g);
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
int rt_rounds(const RtGame *g);           /* rounds started */
int rt_players(const RtGame *g);
const RtGameDef *rt_def(const RtGame *g);
int rt_decisions(const RtGame *g);        /* decisions answered so far */
uint64_t rt_seed(const RtGame *g);        /* the seed given to rt_new */

/* rt_player_name: the side title when sides map one to one onto seats,
   else "Player N". */
const char *rt_player_name(const RtGame *g, int player, char *buf, size_t size);

/* ---- primitives called by generated code --------------------------------- */

/* Randomness: xoshiro256** seeded through splitmix64 (docs/runtime.md). */
uint32_t rt_random(RtGame *g, uint32_t n);      /* uniform in [0, n) */

/* Players and sides. */
RtValue rt_next_player(const RtGame *g, RtValue p);
RtValue rt_player_side(const RtGame *g, RtValue p);

/* Zones: zone instance of a declared zone (p ignored for shared zones). */
RtValue rt_zone(RtGame *g, int zone_decl, RtValue p);
int rt_zone_size(const RtGame *g, RtValue zone);
RtValue rt_zone_at(const RtGame *g, RtValue zone, int i);   /* 0 = bottom */
RtValue rt_top(RtGame *g, RtValue zone, int line);          /* fails if empty */
RtValue rt_bottom(RtGame *g, RtValue zone, int line);
RtValue rt_random_card(RtGame *g, RtValue zone, int line);
RtValue rt_zone_owner(const RtGame *g, RtValue zone);       /* player or RT_NONE */
int rt_zone_decl(const RtGame *g, RtValue zone);

/* Cards. */
enum { RT_AT_TOP = 0, RT_AT_BOTTOM = 1 };
void rt_move(RtGame *g, RtValue card, RtValue zone, int where, int line);
void rt_move_all(RtGame *g, RtValue from, RtValue to, int where, int line);
void rt_shuffle(RtGame *g, RtValue zone);
RtValue rt_card_zone(const RtGame *g, RtValue card);
RtValue rt_card_owner(const RtGame *g, RtValue card);
int rt_card_kind(const RtGame *g, RtValue card);              /* -1 for RT_NONE */
/* rt_card_row: the card's row in its kind's table; fails the game (and
   returns 0) if card is RT_NONE or not of kind. */
int rt_card_row(RtGame *g, RtValue card, int kind, int line);
const char *rt_card_name(const RtGame *g, RtValue card);
RtValue rt_card_state(RtGame *g, RtValue card, int kind, int slot, int line);
void rt_set_card_state(RtGame *g, RtValue card, int kind, int slot, RtValue v, int line);

/* Variables and counters (p ignored unless per player). */
RtValue rt_get(const RtGame *g, int var, RtValue p);
void rt_set(RtGame *g, int var, RtValue p, RtValue v);   /* clamps to min/max, logs */
RtValue rt_const(const RtGame *g, int k);

/* Snapshot lists for loops, on a stack inside the state. */
int rt_list_zone(RtGame *g, RtValue zone);       /* push a copy of zone's cards, top first; returns a handle */
int rt_list_len(const RtGame *g, int list);
RtValue rt_list_at(const RtGame *g, int list, int i);
void rt_list_pop(RtGame *g, int list);           /* pop list and every list above it */
int rt_list_new(RtGame *g);                      /* push an empty list; returns its handle */
void rt_list_add(RtGame *g, int list, RtValue v); /* append v (list must be the top list) */
int rt_list_has(const RtGame *g, int list, RtValue v);

/* Decisions. A script calls rt_choose_begin, adds options, and if
   rt_option_count(g) > 0 stores its pc and returns RT_YIELD. When resumed,
   rt_chosen/rt_chosen_card give the picked option. */
enum { RT_CHOOSE_HIDDEN = 1 };
/* rt_option's label, besides a string index: RT_LABEL_AUTO names the card
   (or prints the value when card is RT_NONE); RT_LABEL_PLAYER and
   RT_LABEL_SIDE print the value as a player's name or a side's title. */
enum { RT_LABEL_AUTO = -1, RT_LABEL_PLAYER = -2, RT_LABEL_SIDE = -3 };
void rt_choose_begin(RtGame *g, RtValue player, int prompt, int flags);
void rt_option(RtGame *g, RtValue value, RtValue card, int label);  /* label: string index or -1 */
RtValue rt_chosen(const RtGame *g);
RtValue rt_chosen_card(const RtGame *g);

/* Calls: push a frame for script with this = self and me = me. Returns 1
   if pushed (the caller stores its pc and returns RT_CALL), 0 if script
   is -1 (an absent ability: nothing to run). */
int rt_call(RtGame *g, int script, RtValue self, RtValue me);
/* rt_frame_args: after rt_call, the new frame's locals, where the caller
   stores a procedure's arguments (v[0..n-1]); NULL if the game has failed. */
RtValue *rt_frame_args(RtGame *g);

/* Ending. Each returns RT_END for the script to return. */
RtStatus rt_win(RtGame *g, RtValue player);
RtStatus rt_draw_game(RtGame *g);
/* rt_fail: end the game with a runtime error "file:line: message". */
RtStatus rt_fail(RtGame *g, int line, const char *message);
/* rt_check: fail if a primitive failed; generated code returns RT_END if nonzero. */
int rt_check(const RtGame *g);

/* Log entries written by scripts. */
void rt_log_phase(RtGame *g, int name_string);
void rt_log_turn(RtGame *g, RtValue player);
void rt_log_begin(RtGame *g);
void rt_log_str(RtGame *g, const char *s);
void rt_log_int(RtGame *g, RtValue v);
void rt_log_card(RtGame *g, RtValue card);
void rt_log_player(RtGame *g, RtValue player);
void rt_log_side(RtGame *g, RtValue side);
void rt_log_value(RtGame *g, int type, RtValue v);  /* RT_TY_* (enums by name, bools as true/false) */
void rt_log_end(RtGame *g);

/* ---- the event log -------------------------------------------------------- */

/* rt_log_text: write every event visible to viewer (-1: all, omniscient)
   as text lines to out. */
void rt_log_text(const RtGame *g, int viewer, FILE *out);
/* rt_log_json: write every event as JSON lines (omniscient), preceded by a
   header line with game, variant, seed and players. */
void rt_log_json(const RtGame *g, FILE *out);
/* rt_log_count / rt_log_line: the i-th event as text for viewer (-1: all). */
int rt_log_count(const RtGame *g);
const char *rt_log_line(const RtGame *g, int i, int viewer, char *buf, size_t size);

/* rt_view_print: what player may see now (zones, counters), as text. */
void rt_view_print(const RtGame *g, int player, FILE *out);

/* ---- agents and the engine command line ---------------------------------- */

/* An agent answers decisions for one seat. choose returns an option index. */
typedef struct RtAgent RtAgent;
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
};

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
   with rt_agent_release. */
#define RT_MCTS_BUDGET 200
int rt_agent_mcts(RtAgent *a, int budget);
/* rt_agent_by_name: "random", "greedy" or "mcts" (budget as above) into a.
   Returns 0, -1 for an unknown name, -2 when out of memory. */
int rt_agent_by_name(RtAgent *a, const char *name, int budget);
/* rt_agent_release: free what an agent holds (any agent; a stays usable
   for nothing until made again). */
void rt_agent_release(RtAgent *a);
/* rt_determinize: make g a sample of the games viewer cannot tell from it:
   the cards of every zone viewer does not see are dealt again at random
   (among the unseen places of cards of the same kind) from rng, card
   values of other players' private variables are redrawn from the zone
   that holds them, and g's generator is reseeded from rng. The result
   depends only on what viewer sees and on rng. */
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
