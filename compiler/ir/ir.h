/* ir.h: the typed intermediate representation between the checker and the
   back ends. Each code unit of the model (a script, an ability, a
   procedure, a function) is lowered (ir_lower.c) to one tree of IrNodes in
   which every name is resolved: a variable load names its variable and
   player, a card field its kind, field and check, a builtin is an IrBuiltin,
   and every node keeps its source location. The passes (ir_facts.c) then
   record what each node may do; ir_print.c writes it as text (`cardc ir`).
   Everything is allocated in the arena given to ir_lower. */
#ifndef CARDC_IR_H
#define CARDC_IR_H

#include <stdint.h>
#include "buf.h"
#include "model.h"

/* What a node is. The comment names what its kids[] and payload hold. */
typedef enum IrOp {
    /* ---- values -------------------------------------------------------- */
    IR_INT,          /* value */
    IR_BOOL,         /* value 0/1 */
    IR_TEXT,         /* text */
    IR_SIDE,         /* index: the side */
    IR_ENUM_VALUE,   /* index: the value's position, aux: the enum */
    IR_LOCAL,        /* index: the unit's slot (parameters first) */
    IR_VAR,          /* index: the variable; kids[0]: its player, for a per-player one */
    IR_CONST,        /* index: the constant (its value depends on the variant) */
    IR_ZONE,         /* index: the zone; kids[0]: its player, for a per-player one */
    IR_SPACE_ZONE,   /* index: a `per space` zone; kids[0]: the space (a card): its own zone */
    IR_ME,           /* the player the code runs for */
    IR_THIS,         /* an ability's card */
    IR_OPPONENT,     /* the other player of a two-player game */
    IR_PLAYERS,      /* every player, in seat order */
    IR_SIDES,        /* every side, in declaration order */
    IR_CARD_FIELD,   /* kids[0]: the card; field: kind, data field, check */
    IR_CARD_STATE,   /* kids[0]: the card; field: kind, state index, check */
    IR_CARD_OWNER,   /* kids[0]: the card */
    IR_CARD_NAME,    /* kids[0]: the card */
    IR_PLAYER_SIDE,  /* kids[0]: the player */
    IR_PLAYER_OUT,   /* kids[0]: the player; bool: taken out by `eliminate` */
    IR_BUILTIN,      /* builtin; kids: its arguments */
    IR_CALL,         /* index: the called function's unit; kids: the arguments */
    IR_AGGREGATE,    /* agg: count/sum/any/all/min/max/argmin/argmax; index: the loop slot;
                        kids: collection, where (or NULL), value (or NULL) */
    IR_NEG,          /* kids[0]; checked: the result may not fit */
    IR_NOT,          /* kids[0] */
    IR_ARITH,        /* binop: + - * / %; kids[0], kids[1]; checked as IR_NEG */
    IR_COMPARE,      /* binop: == != < <= > >=; kids[0], kids[1]; aux: the operands' TypeBase */
    IR_AND, IR_OR,   /* kids[0], kids[1], evaluated left to right, short circuit */
    IR_IS,           /* index: the kind; kids[0]: the card */
    IR_SELECT,       /* kids: condition, then, else */
    IR_RANGE,        /* the integers value..aux, as a collection */
    IR_FACE_COUNT,   /* index: a symbol of enum aux; kids[0]: a die (card.kind its kind, or -1):
                        how many of the symbol its face shows */
    IR_ELEM,         /* index: the array (Model.arrays); kids: its player (NULL unless
                        the array is per player), then one index per other dimension */

    /* ---- statements ---------------------------------------------------- */
    IR_BLOCK,        /* kids: the statements */
    IR_PHASE,        /* text: the phase's name; index: its string; kids[0]: block */
    IR_IF,           /* kids: condition, then block, else (block, if, or NULL) */
    IR_WHILE,        /* kids: condition, block */
    IR_FOR,          /* index: the loop slot; kids: collection, where (or NULL), block,
                        and with `up to` a fourth: the count (aux: the slot that counts
                        down, ir_for_limit); flags IR_SIMULTANEOUS */
    IR_CHOOSE,       /* index: the slot chosen into; aux: the prompt's string;
                        kids: collection, where, count, by, block, else block
                        (each may be NULL but the collection and the block),
                        then the label (an IR_LOG, also in label) if any, then
                        the prompt (fmt) if any; flags IR_HIDDEN, IR_UP_TO */
    IR_MENU,         /* kids: by (or NULL), then the options; flags IR_HIDDEN */
    IR_OPTION,       /* text: the label; index: its string; kids: when (or NULL), block */
    IR_TURNS,        /* index: the first of its four hidden slots (turn, passes,
                        saved me, action); aux: the "take a turn" string;
                        kids: first player, until (a condition, or the pass
                        count with IR_PASSES), block (or NULL), then the actions */
    IR_ACTION,       /* text: the label; index: its string; aux: the loop slot or -1;
                        kids: collection, where, when (each may be NULL), block;
                        flags IR_PASS */
    IR_MOVE,         /* kids: what (a card or a zone's cards), to (a zone); flags IR_BOTTOM */
    IR_SHUFFLE,      /* kids[0]: the zone */
    IR_RUN,          /* index: the hidden slot of the ability's card; kids: the
                        ability (an IR_CARD_FIELD), as (or NULL) */
    IR_ASSIGN,       /* binop: = + - (= += -=); kids: target (IR_LOCAL, IR_VAR,
                        IR_ELEM or IR_CARD_STATE), value; checked: += or -= may overflow */
    IR_LET,          /* index: the slot; kids[0]: the value */
    IR_WIN,          /* kids[0]: the winner */
    IR_WIN_ALL,      /* index: the slot; kids: players, where (or NULL) */
    IR_DRAW_GAME,
    IR_LOSE_GAME,    /* every player loses to the game */
    IR_LOG,          /* text: the format ({} holes); kids: the holes' values; aux 1: an
                        announcement (`log public`), its holes made public by the rules */
    IR_ROLL,         /* index: the die kind (-1: dice of any kind); kids[0]: a die or a zone of dice */
    IR_CALL_PROC,    /* index: the procedure's unit; kids: the arguments */
    IR_ELIMINATE,    /* kids[0]: the player taken out of the game */
    IR_REVEAL,       /* aux: who learns (cardrt.h's RT_REVEAL_*: everyone, a player, a side's
                        players, a player who looks); kids: a card or a zone, the player or side (or NULL);
                        `to all`: index the loop's slot, kids[2] the players, kids[3] where (or NULL) */

    /* ---- made by the passes ------------------------------------------------ */
    IR_INLINE,       /* a call written in place (ir_inline.c): index: the called
                        function's unit; kids[0]: its body, whose parameters
                        are IR_ARGs */
    IR_ARG,          /* in an inlined body, parameter index read as kids[0], the
                        argument (pure: repeating it changes nothing) */
    IR_PRELUDE,      /* the first statement of a setup (ir_prelude.c): kids:
                        the statements that run before any seed matters */
    IR_OP_COUNT
} IrOp;

/* The builtin functions of the language (docs/language.md). */
typedef enum IrBuiltin {
    IR_B_NEXT,       /* next(player) */
    IR_B_COUNT,      /* count(zone | players | sides) */
    IR_B_EMPTY,      /* empty(zone) */
    IR_B_RANDOM,     /* random(zone | players | sides) */
    IR_B_TOP,        /* top(zone) */
    IR_B_BOTTOM,     /* bottom(zone) */
    IR_B_MATCHES,    /* matches(face, symbol) of one enum (aux: the enum) */
    IR_B_NEIGHBOURS, /* neighbours(space): spaces (aux: the map) */
    IR_B_WITHIN,     /* within(space, steps): spaces (aux: the map) */
    IR_B_ADJACENT,   /* adjacent(a, b): bool (aux: the map) */
    IR_B_DISTANCE,   /* distance(a, b): int (aux: the map) */
    IR_B_SPACES      /* every space of map aux (no kids; reachable's loop) */
} IrBuiltin;

/* The aggregates. min, max, argmin and argmax of no item fail the game;
   argmin and argmax give the first best item in the collection's order.
   IR_A_REACH is reachable(a, b, avoiding x where COND): over every space
   of a map (an IR_B_SPACES), where: the avoided ones, kids[3] and kids[4]:
   a and b; it fails when a or b is no space. */
typedef enum IrAggregate {
    IR_A_COUNT, IR_A_SUM, IR_A_ANY, IR_A_ALL, IR_A_MIN, IR_A_MAX, IR_A_ARGMIN, IR_A_ARGMAX, IR_A_REACH
} IrAggregate;

typedef enum IrBinop {
    IR_ADD, IR_SUB, IR_MUL, IR_DIV, IR_MOD,
    IR_EQ, IR_NE, IR_LT, IR_LE, IR_GT, IR_GE,
    IR_SET
} IrBinop;

/* How a card field or state is read: the card's kind is checked at run
   time (the read may fail), or it is known (the card is the loop variable
   of a zone of that kind, or was tested with `is`). */
typedef enum IrCheck { IR_CHECK_KIND, IR_KIND_KNOWN } IrCheck;

enum {   /* IrNode.flags */
    IR_SIMULTANEOUS = 1 << 0,
    IR_HIDDEN = 1 << 1,
    IR_UP_TO = 1 << 2,
    IR_PASSES = 1 << 3,
    IR_PASS = 1 << 4,
    IR_BOTTOM = 1 << 5,
    IR_PLUCK = 1 << 6,       /* IR_FOR: a pluck loop (ir_pluck.c) */
    IR_ALL_PASS = 1 << 7,    /* IR_TURNS with IR_PASSES: `until all pass` (no count) */
    IR_STEP = 1 << 8,        /* IR_FOR, IR_AGGREGATE, IR_WIN_ALL, IR_REVEAL to all: each turn
                                takes a step of the game's budget (ir_steps.c) */
    IR_SHOWN = 1 << 9        /* IR_ASSIGN to a card's state: every player can name the card (the secrecy check) */
};

/* ir_steps.c: a loop over a range of at most IR_STEP_SMALL integers may be
   a leaf (its turns take no step); `cardc check` warns at a loop known to
   take more than IR_WORK_WARN turns, its nested loops' included
   (docs/runtime.md "The step budget"). */
enum { IR_STEP_SMALL = 64, IR_WORK_WARN = 10000000 };

enum {   /* IrNode.facts, computed by ir_facts.c */
    IR_FACT_MAY_FAIL = 1 << 0,   /* may stop the game with a run-time error */
    IR_FACT_MAY_YIELD = 1 << 1,  /* may wait for a decision (choose, menu, turns, run) */
    IR_FACT_WRITES = 1 << 2,     /* may change the game's state or its log */
    IR_FACT_RANDOM = 1 << 3,     /* draws from the game's random generator */
    IR_FACT_READS_ZONES = 1 << 4, /* reads which cards a zone holds */
    IR_FACT_MOVES = 1 << 5        /* may change which cards a zone holds, or their order */
};
/* pure: none of may-yield, writes, random (it may still read and fail). */
#define IR_PURE_MASK (IR_FACT_MAY_YIELD | IR_FACT_WRITES | IR_FACT_RANDOM)

typedef struct IrNode {
    IrOp op;
    Type type;               /* the value's type; T_VOID for statements */
    Loc loc;                 /* where it is written (file, line, column) */
    int index;               /* see IrOp */
    int aux;                 /* see IrOp */
    int flags;               /* IR_SIMULTANEOUS ... */
    unsigned facts;          /* IR_FACT_* (ir_facts) */
    int64_t value;           /* IR_INT, IR_BOOL */
    const char *text;        /* IR_TEXT, labels, IR_LOG's format; arena-owned */
    IrBuiltin builtin;       /* IR_BUILTIN */
    IrAggregate agg;         /* IR_AGGREGATE */
    IrBinop binop;           /* IR_ARITH, IR_COMPARE, IR_ASSIGN */
    int checked;             /* IR_NEG, IR_ARITH, IR_ASSIGN: needs the run-time overflow check;
                                IR_AGGREGATE (sum): its additions do */
    int memo;                /* IR_CALL: its memo in the function's body (1..), or 0 (ir_memo.c) */
    int live;                /* IR_AGGREGATE, IR_CHOOSE (its where's count): 1 + its live count in
                                IrProgram.lives, or 0 (ir_live.c) */
    struct IrNode **live_keys; /* with live: the values that pick its cell (IrLive.nkeys) */
    struct { int kind, field; IrCheck check; } card;   /* IR_CARD_FIELD, IR_CARD_STATE */
    struct IrNode **kids;
    int nkids;
    /* IR_CHOOSE, IR_MENU, IR_TURNS: the `prompt`; IR_OPTION, IR_ACTION: the
       label when it has holes: an IR_LOG (format and holes), also the
       node's last kid so that the passes see the holes; else NULL */
    struct IrNode *fmt;
    /* IR_CHOOSE: each item's `label` (an IR_LOG whose text is the template,
       index its string; also a kid), or NULL */
    struct IrNode *label;
} IrNode;

/* One lowered code unit: the model's unit ui and its body. */
typedef struct IrUnit {
    int unit;                /* index in Model.units */
    IrNode *body;            /* a block (scripts) or an expression (functions) */
    unsigned facts;          /* the body's facts, calls included */
    int flat;                /* a function with no aggregate inside another: its
                                parameters can be passed by value (ir_inline.c) */
    int nmemo;               /* the memos of a function's body (ir_memo.c) */
    int steps;               /* its body takes steps of the game's budget, calls included
                                (ir_steps.c): a function that does is not RT_PURE */
} IrUnit;

/* A live count (ir_live.c): the number of cards of a zone that meet a
   condition reading only the card's own fields and state, kept by the
   runtime as cards move and their state is written, one cell per value
   of its keys (the condition's parts that do not depend on the card: an
   enum, a bool, or an int compared with an int field of the card), for
   every aggregate whose condition is the same. */
enum { IR_LIVE_MAX_KEYS = 2, IR_LIVE_MAX_CELLS = 64, IR_LIVE_MAX_INTS = 16 };
typedef struct IrLive {
    int zone;                /* the zone declaration */
    int per_player;          /* one count per player (the zone is per player) */
    int kind;                /* the kind of its cards */
    int unit;                /* the unit of the aggregate that defines it (its slot names) */
    int slot;                /* the card's slot in that unit */
    const IrNode *where;     /* the aggregate's where (or NULL) */
    const IrNode *value;     /* its value (or NULL) */
    int negate;              /* count the cards where `where` holds and `value` does not (all) */
    int nkeys;
    const IrNode *keys[IR_LIVE_MAX_KEYS];   /* the defining aggregate's keys */
    int domain[IR_LIVE_MAX_KEYS];           /* each key's cells: an enum's values and one for
                                               any other (RT_NONE), 2 for a bool, or for an int
                                               the values lo.. of the card field it is compared
                                               with, and one for any other */
    int lo[IR_LIVE_MAX_KEYS];               /* an int key's least value (0 for the others) */
    int ncells;              /* the product of the domains */
    int first;               /* its first cell among all the live counts' (in order) */
    int dice;                /* the count of a zone of interchangeable dice by face (ir_live.c
                                makes one for each such zone: a game without a log keeps the
                                zone as it, docs/runtime.md "Interchangeable dice") */
} IrLive;

typedef struct IrProgram {
    const Model *m;
    Arena *arena;            /* where the IR lives (the passes allocate there) */
    IrUnit *units;           /* one per model unit, same order */
    int nunits;
    int has_facts;           /* ir_facts ran */
    IrLive *lives;           /* the live counts (ir_live.c) */
    int nlives;
    int live_cells;          /* the cells of all of them */
    int *dice_live;          /* per zone declaration: its live count by face when it holds
                                interchangeable dice, else -1 (ir_live.c; NULL before it) */
} IrProgram;

/* ir_lower: lower every unit of the checked model m (allocated in arena);
   never fails on a model sema_check returned. */
IrProgram *ir_lower(const Model *m, Arena *arena);

/* ir_facts: compute every node's facts and every unit's (calls and runs
   included, to a fixed point over the call graph); which arithmetic needs
   its overflow check (a bound on each integer's magnitude). */
void ir_facts(IrProgram *p);

/* ir_passes: every pass, in order (ir_passes.c): the facts, pluck loops,
   the setup's prelude, inlining of small functions, live counts, memos of
   calls (one file each; each file's comment is its contract). */
void ir_passes(IrProgram *p);
/* ir_steps: set IR_STEP on every loop whose turns take a step of the game's
   budget, IrUnit.steps, and the may-fail fact of what takes steps
   (ir_steps.c); runs after ir_live. */
void ir_steps(IrProgram *p);
void ir_pluck(IrProgram *p);
void ir_prelude(IrProgram *p);
void ir_inline(IrProgram *p);
void ir_memo(IrProgram *p);
void ir_live(IrProgram *p);

/* ir_dice_domain: the cells of a count of the interchangeable dice of kind
   k by face: one per face (an enum's values, or the numbers from the least,
   *lo, to the greatest) and one for any other value (ir_live.c). */
int ir_dice_domain(const Model *m, int k, int *lo);

/* ir_live_reads: some live count reads state slot of kind (ir_live.c):
   a write of it changes the counts of the card's zone. */
int ir_live_reads(const IrProgram *p, int kind, int slot);

/* ir_magnitude: a bound on |value| of integer node n of program p known
   without running it, or -1 (ir_facts.c). */
int64_t ir_magnitude(const IrProgram *p, const IrNode *n);

/* ir_steady: n's value cannot change while a loop over a zone (its
   variable in slot, or -1) moves the cards it walks out of that zone
   (ir_pluck.c). */
int ir_steady(const IrNode *n, int slot);

/* ir_pluck_ok: for statement n over a zone can be a pluck loop (ir_pluck.c). */
int ir_pluck_ok(const IrNode *n);

/* ir_for_limit: the count of an IR_FOR written `for up to N` (its counter
   is the local slot n->aux), or NULL. */
static inline const IrNode *ir_for_limit(const IrNode *n) { return n->nkids > 3 ? n->kids[3] : NULL; }

/* ir_reads_local: local slot is read at or below n (ir_live.c). */
int ir_reads_local(const IrNode *n, int slot);

/* ir_dice_zone: zone declaration z of m holds interchangeable dice
   (docs/language.md "Interchangeable dice"; ir_dice.c). */
int ir_dice_zone(const Model *m, int z);

/* ir_dice_check: report (through d) every use of a zone of interchangeable
   dice that a count of its dice by face does not answer as the dice would;
   returns how many (ir_dice.c). p is lowered; its facts need not be. */
int ir_dice_check(const IrProgram *p, Diag *d);

/* ir_labels_check: report (through d) every hole of a prompt or of an
   option's, action's or item's label that draws a random number (a label
   is made only when a screen or a log shows it: its draw would change the
   game); returns how many (ir_check.c). p has its facts (ir_facts). */
int ir_labels_check(const IrProgram *p, Diag *d);

/* ir_work_check: warn (through d) at each outermost loop known to take
   more than IR_WORK_WARN turns, those of the loops and aggregates nested in
   it and in the functions and procedures it calls included; returns how
   many (ir_steps.c). */
int ir_work_check(const IrProgram *p, Diag *d);

/* ir_check_model: the checks of checked model m that need its IR (the
   uses of interchangeable dice: ir_dice_check; labels that draw:
   ir_labels_check; then, without errors, the warnings of ir_work_check),
   lowering it in arena; returns how many errors it
   reported through d. `cardc check` and every back end run it after
   sema_check (ir_check.c). */
int ir_check_model(const Model *m, Arena *arena, Diag *d);

/* ir_dice_face: F when cond is `d.face == F` (or `F == d.face`), d the
   local in slot, F not reading it and steady (ir_steady); else NULL. */
const IrNode *ir_dice_face(const IrNode *cond, int slot);

/* ir_dice_loop_move: the one move of for statement s when its body only
   moves the loop's card (`move d to Z2`); else NULL. */
const IrNode *ir_dice_loop_move(const IrNode *s);

/* ir_dice_loop_roll: for statement s's body only rolls the loop's die
   (`roll d in Z where ...`). */
int ir_dice_loop_roll(const IrNode *s);

/* ir_has_aggregate: an aggregate at or below n (ir_inline.c). */
int ir_has_aggregate(const IrNode *n);

/* ir_same: a and b are the same expression (ignoring locations; an IR_ARG
   is the same as its argument) (ir_memo.c). */
int ir_same(const IrNode *a, const IrNode *b);

/* ir_eval_params: the value of expression n when the unit's parameters
   (its first nargs locals) are args, worked out at generation (ir_eval.c):
   1 and *out, or 0 when n reads anything else or may fail. */
int ir_eval_params(const IrNode *n, const int32_t *args, int nargs, int64_t *out);

/* ir_op_name: the printed name of op ("card-field"). */
const char *ir_op_name(IrOp op);

/* ir_print: write p as text to out (files: the source paths, by Loc.file), one node per line, indented by depth
   (docs/compiler.md "The IR"); stable from run to run. */
void ir_print(const IrProgram *p, const char *const *files, int nfiles, Buf *out);

/* ir_text: the IR of checked model m as text (ir_lower, then ir_passes
   when passes is set, then ir_print), allocated in a. Out of memory: a message and exit status 2,
   as the arena does. */
char *ir_text(const Model *m, Arena *a, const char *const *files, int nfiles, int passes);

#endif
