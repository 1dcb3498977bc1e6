/* cardrt_script.h: the runtime's inline primitives for generated scripts:
   cells at the places cardc laid out, checked arithmetic, the loops'
   snapshot lists, decisions, calls, endings and the step budget. Part of
   cardrt.h, which includes it; never included alone (docs/runtime.md). */
#ifndef CARDRT_SCRIPT_H
#define CARDRT_SCRIPT_H
#ifndef CARDRT_H
#error "include cardrt.h, not cardrt_script.h"
#endif

/* ---- cells at places cardc laid out ---------------------------------------
   Generated code reads vars and zones at the cells its def->layout names
   (rt_new has checked that the runtime lays the state out so): cell is a
   shared var's or zone's cell, or player 0's cell of a per-player one,
   and stride the cells of one player's block. A bad player fails the game
   (zones) or reads 0 (vars), as rt_zone and rt_get do. */

/* rt_var_at / rt_pvar_at: the value of a shared var / of p's var. */
static inline RtValue rt_var_at(const RtGame *g, ptrdiff_t cell) { return rt__pre(g)->cells[cell]; }
static inline RtValue rt_pvar_at(const RtGame *g, ptrdiff_t cell, ptrdiff_t stride, RtValue p)
{
    const RtGamePrefix *x = rt__pre(g);
    return (uint32_t)p < (uint32_t)RT__NPLAYERS(x) ? x->cells[cell + p * stride] : 0;
}
/* rt_var_store / rt_pvar_store: var = v for a var without min or max,
   stored at once when no log is kept, else through rt_set (which logs it);
   a var of no player fails the game at site. */
static inline void rt_var_store(RtGame *g, int var, ptrdiff_t cell, RtValue v)
{
    const RtGamePrefix *x = rt__pre(g);
    if (!x->log_on)
        x->cells[cell] = v;
    else
        rt_set(g, var, 0, v);
}
static inline void rt_pvar_store(RtGame *g, int var, ptrdiff_t cell, ptrdiff_t stride, RtValue p, RtValue v,
                                 int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if (!x->log_on && (uint32_t)p < (uint32_t)RT__NPLAYERS(x))
        x->cells[cell + p * stride] = v;
    else
        rt_set_at(g, var, p, v, site);
}
/* rt_zone_cells_at / rt_pzone_cells_at: a shared zone's / p's zone's
   count, then its cards bottom first (read only; valid until the state
   changes). A bad player fails the game at site and reads as an empty
   zone. */
static inline const int32_t *rt_zone_cells_at(const RtGame *g, ptrdiff_t cell) { return rt__pre(g)->cells + cell; }
static inline const int32_t *rt_pzone_cells_at(RtGame *g, int zone_decl, ptrdiff_t cell, ptrdiff_t stride, RtValue p,
                                               int site)
{
    static const int32_t empty[1] = {0};
    const RtGamePrefix *x = rt__pre(g);
    if ((uint32_t)p < (uint32_t)RT__NPLAYERS(x))
        return x->cells + cell + p * stride;
    rt__zone_fail(g, zone_decl, p, site);
    return empty;
}
/* rt_live_at / rt_plive_at: a shared live count / p's instance of a
   per-player one (docs/runtime.md "Live counts"), at cell; a bad player
   fails the game at site as a read of its zone (zone_decl) does, and
   counts nothing. */
static inline RtValue rt_live_at(const RtGame *g, ptrdiff_t cell) { return rt__pre(g)->cells[cell]; }
static inline RtValue rt_plive_at(RtGame *g, int zone_decl, ptrdiff_t cell, ptrdiff_t stride, RtValue p, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    if ((uint32_t)p < (uint32_t)RT__NPLAYERS(x))
        return x->cells[cell + p * stride];
    rt__zone_fail(g, zone_decl, p, site);
    return 0;
}
/* rt_live_key: the cell of enum value v among n values and one for any
   other (RT_NONE). */
static inline ptrdiff_t rt_live_key(RtValue v, int n) { return (uint32_t)v < (uint32_t)n ? v : n; }
/* rt_live_int_key: the cell of int v among the n values lo.. and one for
   any other. */
static inline ptrdiff_t rt_live_int_key(RtValue v, int32_t lo, int n)
{
    uint32_t at = (uint32_t)v - (uint32_t)lo;
    return at < (uint32_t)n ? (ptrdiff_t)at : n;
}
/* rt_top_at / rt_bottom_at: the top / bottom card of the zone whose cells
   zc are (p's instance of zone_decl; p is RT_NONE for a shared zone); an
   empty zone fails the game at site and gives RT_NONE. */
RT_COLD RtValue rt__top_at_fail(RtGame *g, int zone_decl, RtValue p, int bottom, int site);
static inline RtValue rt_top_at(RtGame *g, const int32_t *zc, int zone_decl, RtValue p, int site)
{
    return zc[0] > 0 ? zc[zc[0]] : rt__top_at_fail(g, zone_decl, p, 0, site);
}
static inline RtValue rt_bottom_at(RtGame *g, const int32_t *zc, int zone_decl, RtValue p, int site)
{
    return zc[0] > 0 ? zc[1] : rt__top_at_fail(g, zone_decl, p, 1, site);
}
/* rt_flat: x (an `&` or `|` of plain truth values that a branch tests),
   computed whole before the branch. A compiler may split such an operator
   into a branch per side again, and on data the CPU cannot predict (a
   card's state, a random face) each of those is mispredicted half the
   time, where the whole is often steady (a filter that rarely passes); an
   empty asm that reads and writes x keeps it one value (GCC and clang; x
   itself elsewhere). */
#if defined(__GNUC__)
static inline int rt_flat(int x)
{
    __asm__("" : "+r"(x));
    return x;
}
#else
static inline int rt_flat(int x) { return x; }
#endif
/* rt_select: a when c (0 or 1) is 1, else b, without a branch. */
static inline RtValue rt_select(int c, RtValue a, RtValue b) { return b ^ ((a ^ b) & -(RtValue)c); }
/* rt_index: v - lo, index v's position among the n from lo of an array's
   dimension; outside, it fails the game at site ("index 6 out of range
   1..5 for track") and gives 0 (rt_index.c). */
int rt_index(RtGame *g, RtValue v, RtValue lo, int n, const char *name, int site);
/* rt_clamp: v within [lo, hi] (a var's min and max). */
static inline RtValue rt_clamp(RtValue v, RtValue lo, RtValue hi) { return v < lo ? lo : v > hi ? hi : v; }
/* rt_clamp_wide: v, a sum computed in 64 bits (it cannot overflow),
   within [lo, hi]: `+=` and `-=` on a counter with a bound. */
static inline RtValue rt_clamp_wide(int64_t v, RtValue lo, RtValue hi) { return v < lo ? lo : v > hi ? hi : (RtValue)v; }

/* Checked arithmetic (docs/language.md "Integers"): a result outside the
   int32 range, or a division or modulo by zero, fails the game at site
   (rt__arith_fail names the operation and its operands) and gives 0. The
   check is one overflow flag on the fast path. */
RT_COLD RtValue rt__arith_fail(RtGame *g, int site, int op, RtValue a, RtValue b);
#if defined(__GNUC__)
#define RT__OVF(fn, a, b, r) __builtin_##fn##_overflow(a, b, r)
#else
static inline int rt__ovf_wide(int64_t w, RtValue *r) { *r = (RtValue)w; return w < INT32_MIN || w > INT32_MAX; }
#define RT__OVF(fn, a, b, r) rt__ovf_##fn(a, b, r)
#define rt__ovf_add(a, b, r) rt__ovf_wide((int64_t)(a) + (b), r)
#define rt__ovf_sub(a, b, r) rt__ovf_wide((int64_t)(a) - (b), r)
#define rt__ovf_mul(a, b, r) rt__ovf_wide((int64_t)(a) * (b), r)
#endif
static inline RtValue rt_add(RtGame *g, RtValue a, RtValue b, int site)
{
    RtValue r;
    return RT__OVF(add, a, b, &r) ? rt__arith_fail(g, site, '+', a, b) : r;
}
static inline RtValue rt_sub(RtGame *g, RtValue a, RtValue b, int site)
{
    RtValue r;
    return RT__OVF(sub, a, b, &r) ? rt__arith_fail(g, site, '-', a, b) : r;
}
static inline RtValue rt_mul(RtGame *g, RtValue a, RtValue b, int site)
{
    RtValue r;
    return RT__OVF(mul, a, b, &r) ? rt__arith_fail(g, site, '*', a, b) : r;
}
/* rt_neg: -a (fails for the least int32, whose negation is out of range). */
static inline RtValue rt_neg(RtGame *g, RtValue a, int site)
{
    return a == INT32_MIN ? rt__arith_fail(g, site, 'n', a, 0) : -a;
}
/* rt_div / rt_mod: a / b truncated toward zero, and its remainder (the
   sign of a); b == 0 fails, and so does the least int32 / -1. */
static inline RtValue rt_div(RtGame *g, RtValue a, RtValue b, int site)
{
    if (b == 0 || (b == -1 && a == INT32_MIN))
        return rt__arith_fail(g, site, '/', a, b);
    return a / b;
}
static inline RtValue rt_mod(RtGame *g, RtValue a, RtValue b, int site)
{
    if (b == 0)
        return rt__arith_fail(g, site, '%', a, b);
    return b == -1 ? 0 : a % b;
}
/* rt__row_or0: rt__row of a card that is a valid instance or RT_NONE (0 for RT_NONE). */
static inline int rt__row_or0(const RtGame *g, RtValue card) { return card >= 0 ? rt__pre(g)->inst_row[card] : 0; }

/* rt_const: constant k as this variant sets it; 0 when out of range. */
static inline RtValue rt_const(const RtGame *g, int k)
{
    const RtGameDef *d = rt__pre(g)->def;
    return k >= 0 && k < d->nconsts && d->consts ? d->consts[k] : 0;
}

/* Snapshot lists for loops, on a stack inside the state. */
/* rt_list_zone: push a copy of zone's cards, top first; returns its handle,
   or -1 after failing the game at site (a bad zone, or the list stack is
   full). */
int rt_list_zone(RtGame *g, RtValue zone, int site);
/* rt__list: the cells of list handle, or NULL when it is not a live list. */
static inline const int32_t *rt__list(const RtGame *g, int handle)
{
    const RtGamePrefix *x = rt__pre(g);
    int top = x->hdr->list_top;
    if (handle < 0 || handle >= top)
        return NULL;
    const int32_t *l = x->cells + x->off_lists + handle;
    return l[0] >= 0 && handle + 1 + l[0] <= top ? l : NULL;
}
/* rt_list_len / rt_list_at: length and i-th card (0 = the zone's top). */
static inline int rt_list_len(const RtGame *g, int list)
{
    const int32_t *l = rt__list(g, list);
    return l ? l[0] : 0;
}
static inline RtValue rt_list_at(const RtGame *g, int list, int i)
{
    const int32_t *l = rt__list(g, list);
    return l && i >= 0 && i < l[0] ? l[1 + i] : RT_NONE;
}
/* rt_list_cells: list's length, then its cards, for a loop whose body
   cannot yield (the list stays where it is until it is popped); a bad
   handle reads as an empty list. */
static inline const int32_t *rt_list_cells(const RtGame *g, int list)
{
    static const int32_t empty[1] = {0};
    const int32_t *l = rt__list(g, list);
    return l ? l : empty;
}
void rt_list_pop(RtGame *g, int list);           /* pop list and every list above it */
/* rt_list_new: push an empty list; returns its handle, or -1 after failing
   the game at site (the list stack is full). rt_list_add: append v to list
   (which must be the top list); a full stack fails the game at site. */
int rt_list_new(RtGame *g, int site);
void rt_list_add(RtGame *g, int list, RtValue v, int site);
int rt_list_has(const RtGame *g, int list, RtValue v);

/* Decisions. A script calls rt_choose_begin, adds options, and if
   rt_option_count(g) > 0 stores its pc and returns RT_YIELD. When resumed,
   rt_chosen/rt_chosen_card give the picked option. */
/* RT_CHOOSE_HIDDEN: the choice is hidden from the other players;
   RT_CHOOSE_SPACES: the options are spaces of a map (`choose s in
   neighbours(x)`, `within`): places on the board, which the play screen
   names to the chooser wherever their cards lie. */
enum { RT_CHOOSE_HIDDEN = 1, RT_CHOOSE_SPACES = 2 };
/* rt_option's label, besides a string index: RT_LABEL_AUTO names the card
   (or prints the value when card is RT_NONE); RT_LABEL_PLAYER and
   RT_LABEL_SIDE print the value as a player's name or a side's title. */
enum { RT_LABEL_AUTO = -1, RT_LABEL_PLAYER = -2, RT_LABEL_SIDE = -3 };
/* rt_choose_begin: start a decision of player (options follow); a bad
   player fails the game at site (the choice). */
RT_COLD void rt__choose_fail(RtGame *g, int site);
static inline void rt_choose_begin(RtGame *g, RtValue player, int prompt, int flags, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    RtHeader *h = x->hdr;
    if ((uint32_t)player >= (uint32_t)RT__NPLAYERS(x))
        rt__choose_fail(g, site);
    h->dec_player = player;
    h->dec_prompt = prompt;
    h->dec_flags = flags;
    h->dec_count = 0;
    h->dec_step = h->dec_steps = 0;
    h->pending = RT_DEC_BUILDING;
}
/* rt_label_begin / rt_label_end: a label or prompt (RT_PROMPT_SLOT) with
   holes (docs/runtime.md "Labels and prompts with holes"). */
enum { RT_PROMPT_SLOT = -1 };
int rt_label_begin(RtGame *g, int slot, int tpl);
void rt_label_end(RtGame *g);
/* rt_choose_steps: after rt_choose_begin, say that this decision is one of
   a repeated choice (`choose N`): step picks are made, of steps (for the
   play screen's prompt; it changes nothing else). */
static inline void rt_choose_steps(RtGame *g, int step, int steps)
{
    RtHeader *h = rt__pre(g)->hdr;
    h->dec_step = step;
    h->dec_steps = steps;
}
/* rt_option: add an option (value, card, label: a string index or an
   RT_LABEL_*) to the decision being built; outside a choice, or more than
   the limit, fails the game with a named error. */
static inline void rt_option(RtGame *g, RtValue value, RtValue card, int label)
{
    const RtGamePrefix *x = rt__pre(g);
    RtHeader *h = x->hdr;
    if (h->pending != RT_DEC_BUILDING || h->dec_count >= x->max_opts) {
        rt__option_fail(g, RT_SITE_SCRIPT);
        return;
    }
    int32_t *o = x->opt_cells + 3 * h->dec_count;
    o[0] = value;
    o[1] = card;
    o[2] = label;
    h->dec_count++;
}
/* rt_answer_now: a script that built a decision's options (its pc
   stored) asks whether the agents of rt_play answered it in place:
   1, and the script goes on; 0, and it returns RT_YIELD to the driver
   (no agents attached, a decision the driver must refuse, or an agent
   that gave up). The runtime's random agent draws inline, without a
   call; rt__answer_now does the rest (rt_driver.c). */
int rt__answer_now(RtGame *g);
static inline int rt_answer_now(RtGame *g);   /* inline below, after RtAgent */
/* RT_PURE: marks the generated game functions and the aggregates that
   only read the state (not one that stores its item for a nested one,
   nor one that draws a random number: each call draws):
   the compiler may reuse a call's value while the state has not changed
   (a failing call fails the game once either way: the first error
   wins). RT_NOINLINE keeps a function's aggregates out of line, so that
   their calls can be reused. RT_MAYBE_UNUSED: a game function every use
   of which was written in place. */
#if defined(__GNUC__)
#define RT_PURE __attribute__((pure))
#define RT_NOINLINE __attribute__((noinline))
#define RT_MAYBE_UNUSED __attribute__((unused))
#else
#define RT_PURE
#define RT_NOINLINE
#define RT_MAYBE_UNUSED
#endif
/* RtOptBuf: the options of the decision being built, added in registers
   by generated code (rt_opt_buf, rt_opt_add) and counted once
   (rt_opt_done), which fails the game at site (the choice) past the
   limit, with rt_option's message. */
typedef struct RtOptBuf {
    int32_t *cell;
    ptrdiff_t n, max;
} RtOptBuf;
static inline RtOptBuf rt_opt_buf(RtGame *g)
{
    const RtGamePrefix *x = rt__pre(g);
    RtOptBuf b = {x->opt_cells, 0, x->max_opts};
    return b;
}
static inline void rt_opt_add(RtOptBuf *b, RtValue value, RtValue card, int label)
{
    if (b->n < b->max) {
        int32_t *o = b->cell + 3 * b->n;
        o[0] = value;
        o[1] = card;
        o[2] = label;
    }
    b->n++;
}
/* rt_opt_add_if: rt_opt_add when cond (0 or 1) holds, without a branch:
   the option is written either way and counted only then. */
static inline void rt_opt_add_if(RtOptBuf *b, int cond, RtValue value, RtValue card, int label)
{
    if (b->n < b->max) {
        int32_t *o = b->cell + 3 * b->n;
        o[0] = value;
        o[1] = card;
        o[2] = label;
    }
    b->n += cond;
}
static inline void rt_opt_done(RtGame *g, const RtOptBuf *b, int site)
{
    RtHeader *h = rt__pre(g)->hdr;
    h->dec_count = (int32_t)(b->n < b->max ? b->n : b->max);
    if (b->n > b->max)
        rt__option_fail(g, site);
}
/* The setup's prelude: generated setup scripts run it when
   rt_prelude_done is 0, then call rt_prelude_end, which records it as
   done and returns 1 when the runtime only wanted the prelude's result
   (the script then returns RT_DONE). */
static inline int rt_prelude_done(const RtGame *g) { return rt__pre(g)->hdr->prelude != 0; }
int rt_prelude_end(RtGame *g);
/* rt_chosen / rt_chosen_card: the value and card of the last answer. */
static inline RtValue rt_chosen(const RtGame *g) { return rt__pre(g)->hdr->chosen_value; }
static inline RtValue rt_chosen_card(const RtGame *g) { return rt__pre(g)->hdr->chosen_card; }

/* Calls: push a frame for script with this = self and me = me. Returns 1
   if pushed (the caller stores its pc and returns RT_CALL), 0 if script
   is -1 (an absent ability: nothing to run). Calls nested deeper than the
   frame stack fail the game at site (the call). */
int rt_call(RtGame *g, int script, RtValue self, RtValue me, int site);
/* rt_frame_args: after rt_call, the new frame's locals, where the caller
   stores a procedure's arguments (v[0..n-1]); NULL if the game has failed. */
RtValue *rt_frame_args(RtGame *g);
/* rt_run_top: run the frame rt_call pushed at once, in the caller's
   turn (the caller stored its pc first). RT_DONE when the script ended
   (its frame is popped: the caller goes on); else the status the caller
   returns, and the driver goes on with the frames as they are. */
RtStatus rt_run_top(RtGame *g);
/* rt_run: push a frame for script and run it at once (rt_call then
   rt_run_top); RT_DONE at once for script -1 (an absent ability). */
RtStatus rt_run(RtGame *g, int script, RtValue self, RtValue me, int site);
/* rt_enter and rt_run_entered: rt_call, rt_frame_args and rt_run_top
   inline, for a call of a script the caller knows (a procedure): the same
   frames, the same failures. rt_enter pushes a frame for script, whose
   nlocals locals start at 0, and returns them for the arguments; NULL when
   the stack is full (the game failed at site). rt_run_entered runs that
   frame at once with fn, the script's own function, and returns what
   rt_run_top returns. */
RT_COLD void rt__depth_fail(RtGame *g, int site);
RT_HOT_INLINE RtValue *rt_enter(RtGame *g, int script, RtValue self, RtValue me, int nlocals, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    RtHeader *h = x->hdr;
    if (h->depth >= x->max_depth) {
        rt__depth_fail(g, site);
        return NULL;
    }
    int32_t *cell = x->frame_cells + h->depth * x->frame_stride;
    RtFrame *f = (RtFrame *)(void *)(cell + 1);
    cell[0] = h->list_top;
    f->script = script;
    f->pc = 0;
    f->me = me;
    f->self = self;
    for (int i = 0; i < nlocals; i++)
        f->v[i] = 0;
    h->depth++;
    return f->v;
}
/* rt__pop_frame: frame d, the top one, whose cells are at cell, is
   dropped with the lists it left on the list stack (the driver's pop,
   rt_run_entered). */
RT_HOT_INLINE void rt__pop_frame(RtHeader *h, const int32_t *cell, ptrdiff_t d)
{
    h->depth = (int32_t)d;
    if (cell[0] >= 0 && cell[0] < h->list_top)
        h->list_top = cell[0];
}
RT_HOT_INLINE RtStatus rt_run_entered(RtGame *g, RtScriptFn fn)
{
    const RtGamePrefix *x = rt__pre(g);
    RtHeader *h = x->hdr;
    if (h->status != RT_RUNNING || h->depth == 0)
        return RT_END;
    ptrdiff_t d = h->depth - 1;
    int32_t *cell = x->frame_cells + d * x->frame_stride;
    RtStatus st = fn(g, (RtFrame *)(void *)(cell + 1));
    if (h->status != RT_RUNNING)
        return RT_END;
    if (st == RT_DONE)   /* the frame is the top again */
        rt__pop_frame(h, cell, d);
    return st;
}

/* rt_call_now: a call of a procedure that never waits for a decision
   (fn, its script's function), run at once on frame f, which the caller
   made on the C stack (RT_FRAME_CELLS(nlocals) cells, zeroed, laid out
   as a frame stack's: cell 0 for the list stack's top, the frame from
   cell 1: rt_frame_at) rather than on the frame stack, which only a
   script that may wait and be resumed needs: the same depth limit (a
   call past it fails the game at site), the same failures; the lists it
   leaves on the list stack are dropped (rt__pop_frame, as when a pushed
   frame is popped). Returns what rt_run_entered returns. */
#define RT_FRAME_CELLS(nlocals) (5 + (nlocals))
static inline RtFrame *rt_frame_at(int32_t *cells, int script, RtValue self, RtValue me)
{
    RtFrame *f = (RtFrame *)(void *)(cells + 1);
    f->script = script;
    f->me = me;
    f->self = self;
    return f;
}
RT_HOT_INLINE RtStatus rt_call_now(RtGame *g, RtScriptFn fn, RtFrame *f, int site)
{
    const RtGamePrefix *x = rt__pre(g);
    RtHeader *h = x->hdr;
    if (h->depth >= x->max_depth) {
        rt__depth_fail(g, site);
        return RT_END;
    }
    int32_t *cell = (int32_t *)(void *)f - 1;
    ptrdiff_t d = h->depth++;
    cell[0] = h->list_top;
    RtStatus st = fn(g, f);
    rt__pop_frame(h, cell, d);
    return h->status != RT_RUNNING ? RT_END : st;
}

/* Ending. Each returns RT_END for the script to return. rt_win: player
   wins (a further call adds a winner); no player fails the game at site. */
RtStatus rt_win(RtGame *g, RtValue player, int site);
RtStatus rt_win_team(RtGame *g, RtValue player, int site);   /* `teams`: each player of player's side wins */
RtStatus rt_draw_game(RtGame *g);
RtStatus rt_lose_game(RtGame *g);   /* every player loses: the game itself wins */
/* rt_fail: end the game with a runtime error "file:line:col: message" (the
   location of site in the def's site table). */
RT_COLD RtStatus rt_fail(RtGame *g, int site, const char *message);
/* rt_check: nonzero once the game failed (or ended): generated code then returns RT_END. */
static inline int rt_check(const RtGame *g) { return rt__pre(g)->hdr->status != RT_RUNNING; }
/* rt_back_edge: one step of the game's budget, taken where a loop that
   need not end goes round again (a `while`, a `turns` loop) and at each
   round: past the budget the game fails at site ("game exceeded N steps
   in this loop"). Nonzero once the game failed (or ended), as rt_check. */
RT_COLD void rt__steps_fail(RtGame *g, int site);
static inline int rt_back_edge(RtGame *g, int site)
{
    RtHeader *h = rt__pre(g)->hdr;
    if (--h->steps_left < 0)
        rt__steps_fail(g, site);
    return h->status != RT_RUNNING;
}
/* rt_steps: the steps the game has taken (loops gone round again, rounds). */
int rt_steps(const RtGame *g);

#endif
