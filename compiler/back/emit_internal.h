/* emit_internal.h: what the C back end's files share: the text buffer, the
   emitter's context, names and escaping (emit_c.c), the code of units
   written from the IR (emit_expr.c, emit_stmt.c). Not for other modules. */
#ifndef CARDC_EMIT_INTERNAL_H
#define CARDC_EMIT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "emit_c.h"
#include "ir.h"

/* The emitter's context: the whole file's, and the unit being written. */
typedef struct Emit {
    const Model *m;
    const IrProgram *ir;   /* the game's IR after its passes */
    Arena *a;
    const char *const *files;
    int nfiles;
    const MUnit *unit;
    MUnit *wunit;          /* the same unit, to add temporaries */
    Buf *body;             /* the function body being written */
    Buf *helpers;          /* aggregate helpers of this unit */
    int indent;
    int pc;                /* last resume point used */
    int helper_count;
    int fallible;          /* the current statement calls a primitive that may fail */
    int hidden;            /* inside simultaneously */
    int *script_of_unit;   /* unit index -> script index (-1 for functions) */
    Loc *sites;            /* the site table (docs/runtime.md "Sites"), in order of use */
    int nsites, capsites;
    uint8_t *uses_matches;  /* enum index -> matches() on it is used */
    uint8_t *uses_graph;    /* map index -> the code reads its table (emit_graph.c) */
    uint8_t *uses_space_zone; /* zone index -> the code reads `s.Z` of that per-space zone */
    uint8_t *uses_count;    /* enum index -> d.symbol of it is read (emit_dice.c) */
    int uses_roll_any;      /* dice of several kinds are rolled (emit_dice.c) */
    int uses_run_script;    /* a `run` calls an ability through Run_script (emit_c.c) */
    /* Per kind k and variant v, inst_rows[k * nvariants + v]: the row of
       each card instance (entry 1 + i for instance i, entry 0 row 0, -1
       for another kind's instance), ninst_rows entries; inst_rows[k *
       nvariants] is NULL when kind k's data is read by row (emit_c.c,
       inst_rows_of; docs/compiler.md "Card data by instance"). */
    const int32_t **inst_rows;
    int *ninst_rows;
    int *inst_table;       /* the same index: the number of the table read (Insts_<kind>_<number>) */
    /* Loop variables of pure loops (aggregates, options) read as C locals:
       slot, its C name, the kind every value has (-1: not known), and
       whether the code written reads it (used). */
    struct { int slot, kind, used; const char *cname; } bound[16];
    int nbound;
    /* A choice of any card of a zone (emit_choice.c: choose_one and
       emit_choose) whose body starts by moving that card: that move
       (hint_move), the choice's zone (hint_from), and the C local holding
       the cell the random agent took the card from (hint_var:
       rt_pick_card_at, 0 when asked), which the move passes on
       (rt_move_picked_known). */
    const IrNode *hint_move, *hint_from;
    const char *hint_var;
    int in_options;        /* options are being added to the local RtOptBuf ob */
    int options_site;      /* the site of the decision whose options are being added */
    int by_value;          /* a function's params are C parameters, passed by value to its aggregates */
    int reads_frame;       /* the code written reads the locals through L */
    int writes_frame;      /* the code written stores a local through L (an aggregate's item) */
    /* In a function's body: calls of game functions are made once each
       (memo: the IR's memo pass numbered them) and small functions are
       written in place (the IR's inline pass). */
    int memo_on;
    uint8_t *memo_helper;  /* unit index -> a memo helper is used */
    Buf *texts;            /* the char arrays of long text (emit_c_string), or NULL */
    int ntexts;
    const char **line_files;  /* per source file: its name as a #line string literal, or NULL */
    /* Writing a live count's condition (emit_live.c): each of its keys
       (nodes of the IR) reads as the C local of the same position. */
    const IrNode *const *live_keys;
    const char *const *live_key_names;
    int nlive_keys;
    /* The temporaries that fix the order of a construct's operands
       (emit_ordered): elements of two C arrays of the C function being
       written, seq (RtValue) and seq_text (const char *), declared at its
       top (emit_seq_begin, emit_seq_end); seq_on: some may be made. */
    int seq_on, nseq, nseq_text;
} Emit;

/* ---- emit_c.c: names, text, sites ------------------------------------------ */

/* emit_lname: the C name of local (or param) slot name s: v_s (arena). */
const char *emit_lname(Emit *E, const char *s);
/* emit_fname: the C member name of field s: fd_s (arena). */
const char *emit_fname(Emit *E, const char *s);
/* emit_c_string: the C text of string s (a literal or a Text_<n> array). */
const char *emit_c_string(Emit *E, const char *s);
/* emit_c_comment: s as safe comment text (arena). */
const char *emit_c_comment(Arena *a, const char *s);
/* emit_file_of: the path of loc's file, as comment text. */
const char *emit_file_of(const Emit *E, Loc loc);
/* emit_const_fixed: constant k has the same value in every variant (it is
   emitted as its value, FIXED_<name>, not read from the variant's table). */
int emit_const_fixed(const Model *m, int k);
/* emit_site: a new entry for loc in the site table; its index. Like every
   emit_ function that adds to the output's tables (sites, helpers, temps),
   it is never an argument beside another such call: C leaves the order
   of a call's arguments to the compiler, and a cardc built by clang must
   write the C a cardc built by gcc writes. Emit the operands first, into
   locals, then take the site. */
int emit_site(Emit *E, Loc loc);
/* emit_enum_value: the C name of value v of enum e (RT_NONE when out of range). */
const char *emit_enum_value(Emit *E, int e, int v);
/* emit_rt_type: the runtime's RT_TY_* of a value of type t (arena). */
const char *emit_rt_type(Emit *E, Type t);
/* emit_view: the play screen's data (emit_view.c): the view functions'
   wrappers, the hidden flags, each card's printed fields; `view`, and
   `view_<variant>` for each variant that gives a card new data. */
void emit_view(Emit *E, Buf *out);
/* emit_variant_changes: variant v gives a card new data (`set card`). */
int emit_variant_changes(const Model *m, int v);
/* emit_row_field: data field fname (of type t) of kind k's data of card
   (C text), read as `how` says: EMIT_ROW_TRUSTED, card is a valid
   instance of k; EMIT_ROW_OR_NONE, such an instance or RT_NONE (row 0);
   EMIT_ROW_CHECKED, any value, checked at site (a bad card fails the
   game and reads row 0). By instance where kind k has a table of its
   instances, else by row. */
enum { EMIT_ROW_TRUSTED, EMIT_ROW_OR_NONE, EMIT_ROW_CHECKED };
const char *emit_row_field(Emit *E, int k, const char *card, const char *fname, AstType t, int how, int site);
/* emit_card_data_of: per card, the card whose data it has in variant v
   (v < 0: each its own): the card holding v's `set card` for it, else
   itself. In E's arena. */
const int *emit_card_data_of(Emit *E, int v);
/* emit_kind_enum: the C name of kind k: KIND_k. */
const char *emit_kind_enum(Emit *E, int k);

/* Source lines (docs/runtime.md "Source lines"): the code of a statement
   is preceded by `#line N "file"`, so that a debugger and the C compiler
   point into the .cards source; each unit's code ends with EMIT_LINE_BACK,
   which emit_lines_back turns into the `#line` that returns to the C file. */
#define EMIT_LINE_BACK "#line (back)"
/* emit_source_line: the #line of loc, at the current indent (nothing when
   its file's name cannot be a short literal). */
void emit_source_line(Emit *E, Loc loc);
/* emit_lines_back: text with each EMIT_LINE_BACK line replaced by `#line N
   "id.c"`, N the line after it (arena). */
char *emit_lines_back(Arena *a, const char *text, const char *id);

/* ---- emit_expr.c: expressions ----------------------------------------------- */

/* emit_line: one line of the body, at the current indent. */
void emit_line(Emit *E, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* emit_temp: a new hidden slot of the unit; returns "L->name". */
const char *emit_temp(Emit *E, const char *base);
/* emit_local: the C text that reads local slot (a bound C local, or L->v_x). */
const char *emit_local(Emit *E, int slot);
/* Order of evaluation (docs/language.md "Order of evaluation"): C leaves
   the order of a call's arguments and of an operator's operands to the
   compiler, so two operands that may each fail the game, draw a random
   number or write would happen in an order that depends on the C
   compiler. emit_ordered: of the operands nodes[0..n), whose C texts are
   texts[0..n), when two or more may (emit_order_matters; a NULL node
   may not), each of them but the last is stored first, in order, into a
   temporary whose name replaces its text; returns the stores, "seq[0] =
   A, seq[1] = B, " (arena), or "" when nothing needs storing.
   emit_ordered_values: the same for int values, those whose order
   matters flagged in matters[] (an index checked against its range).
   emit_in_order: x (a construct of the texts) after the stores.
   emit_ordered_lines: the same stores as statements of their own, before
   the statement that uses the texts (nodes, or matters when nodes is
   NULL). */
const char *emit_ordered(Emit *E, const IrNode *const *nodes, const char **texts, int n);
const char *emit_ordered_values(Emit *E, const int *matters, const char **texts, int n);
const char *emit_in_order(Emit *E, const char *stores, const char *x);
void emit_ordered_lines(Emit *E, const IrNode *const *nodes, const int *matters, const char **texts, int n);
/* emit_once: text x of node n read once: when n is not plain, it is
   stored into a temporary by a statement of its own and the temporary's
   name returned (for a target read, then written: `p.points += 1` with
   p = random(players) draws one player). */
const char *emit_once(Emit *E, const IrNode *n, const char *x);
/* emit_seq_begin: a new C function is being written, with temporaries
   of its own; returns the state emit_seq_end restores. emit_seq_end: the
   declarations of the temporaries the function used, at indent 1 ("" for
   none; arena). */
typedef struct EmitSeqSave { int on, nseq, nseq_text; } EmitSeqSave;
EmitSeqSave emit_seq_begin(Emit *E);
const char *emit_seq_end(Emit *E, EmitSeqSave saved);
/* emit_card_member: the C text of card member n (field, state, owner,
   name) of the card whose C text is card (n->kids[0]'s, or a temporary
   holding its value). */
const char *emit_card_member(Emit *E, const IrNode *n, const char *card);
/* emit_order_matters: evaluating n may fail, wait, draw or write (its
   facts, or a kid's: IR_FACT_MAY_FAIL | IR_PURE_MASK); the order of such
   operands is fixed (emit_ordered). */
int emit_order_matters(const IrNode *n);
/* emit_expr: the C text of expression n (arena). */
const char *emit_expr(Emit *E, const IrNode *n);
/* emit_condition: the C text of n as a whole condition (a plain `and` or
   `or` kept one value: rt_flat). */
const char *emit_condition(Emit *E, const IrNode *n);
/* emit_bare: x without one pair of parentheses that wraps all of it (kept
   around a comma expression, which bare would be two arguments). */
const char *emit_bare(Emit *E, const char *x);
/* emit_truth: the C text x of bool n as 0 or 1. */
const char *emit_truth(Emit *E, const IrNode *n, const char *x);
/* emit_plain: reading n costs a few loads and cannot fail or change anything. */
int emit_plain(const Emit *E, const IrNode *n);
/* emit_zone_cells: the C text of zone expression z's cells (const int32_t *). */
const char *emit_zone_cells(Emit *E, const IrNode *z);
/* emit_card_known: the kind local n is known to hold a valid card of (a
   loop's or a choice's item bound while its body is written), or -1. */
int emit_card_known(const Emit *E, const IrNode *n);
/* emit_zone_kind: the kind every card of zone expression z has, or -1. */
int emit_zone_kind(const Emit *E, const IrNode *z);
/* emit_bind / emit_unbind: slot reads as C local cname (cards of kind)
   until unbound to depth n; emit_bind returns 0 when no binding is free. */
int emit_bind(Emit *E, int slot, const char *cname, int kind);
void emit_unbind(Emit *E, int n);
/* emit_picked_kind: when n is top, bottom or a random card of a zone of
   one kind, that kind (n's value is a card of it, or RT_NONE once the
   game has failed); else -1. */
int emit_picked_kind(const Emit *E, const IrNode *n);
/* emit_tested_kind: K when n is `x is K [and ...]` for a local x not yet
   known to be of one kind, else -1. */
int emit_tested_kind(const Emit *E, const IrNode *n);
/* emit_pure_loop_bind / emit_loop_var_used / emit_pure_loop_open: a loop
   whose body cannot change the state, in two calls (see emit_expr.c). */
int emit_pure_loop_bind(Emit *E, const IrNode *coll, int slot, const char **cvar, int *bound_ok);
int emit_loop_var_used(const Emit *E, int depth, int bound_ok, int store);
void emit_pure_loop_open(Emit *E, const IrNode *coll, int slot, const char *cvar, int store);
/* emit_frame_reset: the C statement that sets the frame local of slot back
   to 0, as a frame's locals start (arena text). An aggregate's helper that
   stores its item for a nested one (emit_pure_loop_open with store)
   writes it at every exit, so that a game that evaluates the helper only
   for its log (a hole of a log line or a label) has the state of one that
   does not (rt_hash); so does a loop over interchangeable dice kept as
   cards (emit_stmt.c), which the counted half does not run. */
const char *emit_frame_reset(Emit *E, int slot);

/* ---- emit_stmt.c: statements ---------------------------------------------------- */

/* emit_block: the statements of block b (or the one statement b), into E->body. */
void emit_block(Emit *E, const IrNode *b);

/* Shared by the statements (emit_stmt.c) and the decisions (emit_choice.c). */
/* emit_check_fail: after a statement that may fail, stop the game at once. */
void emit_check_fail(Emit *E);
/* emit_step: at the start of a turn of loop n, the step of the game's
   budget the IR gives it (IR_STEP, ir_steps.c): rt_back_edge, then leave
   (a C statement) once the game is over; nothing for a loop without. */
void emit_step(Emit *E, const IrNode *n, const char *leave);
/* emit_calls_function: n calls a game function or holds an aggregate. */
int emit_calls_function(const IrNode *n);
/* emit_bind_zone_card: bind the local in slot, a card of zone coll in
   body, to the zone's kind (unless coll holds several kinds or body
   assigns the local); returns the binding depth to restore. */
int emit_bind_zone_card(Emit *E, const IrNode *coll, int slot, const IrNode *body);
/* MoveTest: whether one move or shuffle (n) keeps the property a walk
   of statements asks about (arg: a kind, a zone declaration). */
typedef int MoveTest(const Emit *E, const IrNode *n, int arg);
/* emit_every_move: each move and shuffle at or below n passes test, and n
   calls and runs nothing that moves cards (its moves are not seen). */
int emit_every_move(const Emit *E, const IrNode *n, MoveTest *test, int arg);

/* ---- emit_choice.c: decisions ------------------------------------------------------ */

/* emit_choose, emit_menu, emit_turns: a `choose`, a menu of options, a
   `turns` loop with its actions (each a decision of the running player). */
void emit_choose(Emit *E, const IrNode *s);
void emit_menu(Emit *E, const IrNode *s);
void emit_turns(Emit *E, const IrNode *s);

/* ---- emit_units.c: units ------------------------------------------------------- */

/* emit_unit: the C of unit ui (a function or a script) into out. */
void emit_unit(Emit *E, Buf *out, int ui);
/* emit_knows: some unit of the game reveals or looks (its setup and round
   scripts then start the record of what each player knows). */
int emit_knows(const Emit *E);
/* Maps (emit_graph.c): the tables of the maps the code reads (after the
   units are written); the head of a pure loop over a set of spaces (as
   emit_pure_loop_open); the C call that pushes such a set as a list
   (a loop that may yield); adjacent, distance and count of spaces; the
   helper body of reachable (cvar bound, where its condition's C text). */
void emit_graph_tables(Emit *E, Buf *out);
void emit_graph_loop_open(Emit *E, const IrNode *coll, const char *cvar);
const char *emit_graph_list(Emit *E, const IrNode *coll, int site);
const char *emit_graph_builtin(Emit *E, const IrNode *n);
void emit_graph_reach_body(Emit *E, const IrNode *n, const char *cvar, const char *where, int store);
/* emit_space_zone: the C of `s.Z` (a zone per space: Zone_Z(g, s, site));
   emit_space_zone_helpers: the Zone_Z functions the code calls. */
const char *emit_space_zone(Emit *E, const IrNode *n);
void emit_space_zone_helpers(Emit *E, Buf *out);
/* emit_memo_helpers: the Memo_ helper of each function a memo reads. */
void emit_memo_helpers(Emit *E, Buf *out);
/* Arrays (emit_arrays.c): emit_elem_var: the C of an element's variable
   index; emit_elem_read: of its value; emit_elem_assign: the statement
   `element op= v` (v a C expression). */
const char *emit_elem_var(Emit *E, const IrNode *n);
/* Dice (emit_dice.c): emit_face_count: the C of `d.hit`; emit_roll_any:
   `roll` of dice of any kind; emit_dice_helpers: the helpers they use. */
/* emit_dice_for: a loop over interchangeable dice (ir_dice.c) in a game
   that keeps them as counts, with `up to`'s counter left (or NULL); opens
   the block of a game kept as cards, which the caller closes.
   emit_dice_frame_reset: after such a loop kept as cards, the frame
   locals it wrote back to 0 (temps: its snapshot's, or NULL). */
void emit_dice_for(Emit *E, const IrNode *s, const char *left);
void emit_dice_frame_reset(Emit *E, const IrNode *s, const char *const temps[2]);
/* emit_dice_move_all / emit_dice_roll_counted: a move of every die of
   zone z (counted as L) to zone to (T), a roll of z's dice of kind kd, in
   a game that keeps them as counts; each opens the block of a game kept
   as cards, which the caller closes (emit_dice.c). */
void emit_dice_move_all(Emit *E, const IrNode *z, const IrLive *L, const IrNode *to, const IrLive *T);
void emit_dice_roll_counted(Emit *E, const IrNode *z, const IrLive *L, const MKind *kd);
const char *emit_face_count(Emit *E, const IrNode *n);
void emit_roll_any(Emit *E, const IrNode *s);
void emit_dice_helpers(Emit *E, Buf *out);
const char *emit_elem_read(Emit *E, const IrNode *n);
void emit_elem_assign(Emit *E, const IrNode *s, const char *v);

/* ---- emit_live.c: live counts (ir_live.c) ---------------------------------------- */

/* emit_live_read: the C text of aggregate n (n->live set): its live
   count's cell, picked by n's keys; of choice n, the count of its
   options. */
const char *emit_live_read(Emit *E, const IrNode *n);
/* emit_live_functions: Live_update, Live_recount and the tables the def
   names (nothing when the game keeps no live count); they leave E's unit
   context changed (written after every unit). */
void emit_live_functions(Emit *E, Buf *out);
/* emit_live_zone: zone decl z when live counts read it, else -1. */
int emit_live_zone(const Emit *E, int z);
/* emit_live_def: the def's members for the live counts (C text). */
const char *emit_live_def(const Emit *E);
/* emit_dice_def: the def's member for its interchangeable dice (C text:
   their table, Dice_zones, or NULL; emit_live_functions writes it). */
const char *emit_dice_def(const Emit *E);
/* emit_dice_zone: zone expression z is a zone of interchangeable dice
   (ir_dice.c): the live count of its dice by face, else NULL. */
const IrLive *emit_dice_zone(const Emit *E, const IrNode *z);
/* emit_dice_sort: after a move into zone expression to, or a roll of it,
   a zone of interchangeable dice in a game kept as cards gets its dice in
   face order again (rt_dice_sort; nothing for another zone). */
void emit_dice_sort(Emit *E, const IrNode *to);
/* emit_live_flags: per live count cell (ir->live_cells of them), 1 when
   it is per player: the cells are laid out as vars after the vars. */
void emit_live_flags(const Emit *E, uint8_t *per_player);

/* ---- emit_prompts.c: texts with holes, players out ------------------------------ */

void emit_text_pieces(Emit *E, const IrNode *s);
/* emit_log: a `log` statement (what it writes with a log, what its holes
   do without one). */
void emit_log(Emit *E, const IrNode *s);
void emit_label(Emit *E, const IrNode *fmt, const char *slot, int tpl);
int emit_prompt_string(Emit *E, const IrNode *fmt, int dflt);
void emit_prompt(Emit *E, const IrNode *fmt);
void emit_eliminate(Emit *E, const IrNode *s);

#endif
