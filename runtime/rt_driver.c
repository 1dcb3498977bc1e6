/* rt_driver.c: the frame stack, the setup/round loop, decisions and their answers, calls and endings. */
#include "rt_internal.h"

#include <stdlib.h>
#include <string.h>

/* rt__depth_fail: a call one frame deeper than the stack holds fails the
   game at site (push, rt_enter). */
void rt__depth_fail(RtGame *g, int site)
{
    rt__failf(g, site, "calls nested deeper than %d frames", g->max_depth);
}

/* push: a frame for script (pc 0, its locals zeroed; the cells past them
   are never read); fails the game at site when the stack is full
   (rt_enter, with the script's own count of locals). */
static inline void push(RtGame *g, int script, RtValue self, RtValue me, int site)
{
    (void)rt_enter(g, script, self, me, g->def->scripts[script].nlocals, site);
}

/* pop: drop the top frame and the lists it left on the list stack. */
static inline void pop(RtGame *g)
{
    RtHeader *h = rt__hdr(g);
    rt__pop_frame(h, rt__frame_cell(g, h->depth - 1), h->depth - 1);
}

/* apply: rt__apply, inline for the common case (a good index, no log). */
static inline void apply(RtGame *g, RtHeader *h, int i, int forced)
{
    if (g->log_on || i < 0 || i >= h->dec_count) {
        rt__apply(g, i, forced);
        return;
    }
    const int32_t *o = g->pre.opt_cells + 3 * i;
    h->chosen_value = o[0];
    h->chosen_card = o[1];
    h->decisions++;
    h->pending = RT_DEC_NONE;
}

#ifdef CARDRT_CHECK_LIVE
/* check_dice: in a game kept as counts (rt_counted), each zone of
   interchangeable dice holds as many dice as its count by face says, and
   no count is below 0; else a report on stderr and an abort. */
static void check_dice(RtGame *g)
{
    const RtGameDef *def = g->def;
    if (!def->dice || !rt__hdr(g)->counted)
        return;
    for (int z = 0; z < g->nzi; z++) {
        const RtDiceZone *dz = rt__dice_zone(g, z);
        if (!dz)
            continue;
        const int32_t *c = rt__dice_faces(g, z, dz);
        int32_t sum = 0, low = 0;
        for (int i = 0; i < dz->ncells; i++) {
            sum += c[i];
            low = c[i] < low ? c[i] : low;
        }
        if (sum != rt__zone(g, z)[0] || low < 0) {
            fprintf(stderr, "cardrt: %s: zone %s holds %d dice, its count by face %d\n", def->id,
                    def->zones[g->zi_decl[z]].name, (int)rt__zone(g, z)[0], (int)sum);
            abort();
        }
    }
}

/* check_live: the sanitized runtime (built with CARDRT_CHECK_LIVE) checks
   after every step of a script that each live count (RtGameDef.nlive) is
   what counting the zones gives, and that the interchangeable dice kept as
   counts add up (check_dice); a difference is a bug of cardc or of the
   runtime, reported on stderr before an abort. */
static void check_live(RtGame *g)
{
    const RtGameDef *def = g->def;
    if (def->nlive <= 0)
        return;
    check_dice(g);
    int32_t *cells = rt__cells(g);
    size_t n = (size_t)def->nlive * (size_t)g->nplayers;
    int32_t *kept = malloc(n * sizeof *kept);
    if (!kept)
        return;
    for (int l = 0; l < def->nlive; l++)
        for (int p = 0; p < (def->live_per_player[l] ? g->nplayers : 1); p++)
            kept[(size_t)l * (size_t)g->nplayers + (size_t)p] =
                cells[g->var_cell[def->nvars + l] + p * g->pre.player_stride];
    def->live_recount(g);
    for (int l = 0; l < def->nlive; l++)
        for (int p = 0; p < (def->live_per_player[l] ? g->nplayers : 1); p++) {
            int32_t was = kept[(size_t)l * (size_t)g->nplayers + (size_t)p];
            int32_t is = cells[g->var_cell[def->nvars + l] + p * g->pre.player_stride];
            if (was != is) {
                fprintf(stderr, "cardrt: %s: live count %d (player %d) is %d, the zones give %d\n", def->id, l, p,
                        (int)was, (int)is);
                abort();
            }
        }
    free(kept);
}
#endif

/* advance: rt_advance, and with agents (one per seat) rt_play: each
   decision of two or more options is answered at once by its seat's
   agent. Returns 1 when a decision waits (no agents), 0 when the game is
   over, -1 when an agent is missing or gave up. Pushes setup at the
   first call, then the round script each time the stack is empty, until
   the game ends or max_rounds rounds were started ("game did not end
   within N rounds"). */
static int advance(RtGame *g, RtAgent *const *agents)
{
    RtHeader *h = rt__hdr(g);
    const RtGameDef *def = g->def;
    for (;;) {
        if (h->status != RT_RUNNING)
            return 0;
        if (h->pending == RT_DEC_WAITING)
            return 1;
        if (h->depth == 0) {
            if (!h->started) {
                h->started = 1;
                if (def->setup_script >= 0)
                    push(g, def->setup_script, RT_NONE, 0, RT_SITE_NONE);
                continue;
            }
            if (def->round_script < 0) {
                rt__failf(g, RT_SITE_NONE, "the game has no round script");
                return 0;
            }
            if (h->round >= g->max_rounds) {
                rt__failf(g, RT_SITE_NONE, "game did not end within %d rounds", g->max_rounds);
                return 0;
            }
            if (--h->steps_left < 0) {   /* a round is a step (docs/runtime.md "The step budget") */
                h->steps_left = 0;
                rt__failf(g, RT_SITE_NONE, "game exceeded %d steps before round %d (--max-steps)", (int)h->max_steps,
                          (int)h->round + 1);
                return 0;
            }
            h->round++;
            RtEvent *e = rt__event(g, RT_EV_ROUND, RT_VIS_EVERYONE);
            if (e)
                e->a[0] = h->round;
            push(g, def->round_script, RT_NONE, 0, RT_SITE_NONE);
            continue;
        }
        RtFrame *f = rt__frame(g, h->depth - 1);
        if (f->script < 0 || f->script >= def->nscripts) {
            rt__failf(g, RT_SITE_NONE, "frame of no script %d", (int)f->script);
            return 0;
        }
        int depth = h->depth;
        RtStatus st = def->scripts[f->script].fn(g, f);
#ifdef CARDRT_CHECK_LIVE
        check_live(g);
#endif
        if (h->status != RT_RUNNING)
            return 0;
        switch (st) {
        case RT_DONE:
            pop(g);
            break;
        case RT_CALL:
            if (h->depth <= depth)
                rt__failf(g, RT_SITE_SCRIPT, "script returned RT_CALL without a call");
            break;
        case RT_YIELD:
            if (g->gave_up) {
                g->gave_up = 0;
                return -1;
            }
            if (h->pending != RT_DEC_BUILDING || h->dec_count == 0)
                rt__failf(g, RT_SITE_SCRIPT, "script yielded without a decision to make");
            else if (h->dec_count == 1)
                apply(g, h, 0, 1);
            else if (!agents)
                h->pending = RT_DEC_WAITING;
            else {
                RtAgent *a = rt__is_player(g, h->dec_player) ? agents[h->dec_player] : NULL;
                h->pending = RT_DEC_WAITING;
                int i = !a || !a->choose ? -1
                        : a->choose == rt__random_choose ? rt__random_draw(a, h->dec_count)   /* no call */
                                                         : a->choose(a, g);
                if (i < 0)
                    return -1;
                apply(g, h, i, 0);
            }
            break;
        case RT_END:
            rt__failf(g, RT_SITE_SCRIPT, "script ended the game without a result");
            break;
        default:
            rt__failf(g, RT_SITE_SCRIPT, "script returned an unknown status %d", (int)st);
            break;
        }
    }
}

/* rt__run_prelude: see rt_internal.h. The frame it pushes is popped again. */
int rt__run_prelude(RtGame *g)
{
    RtHeader *h = rt__hdr(g);
    const RtGameDef *def = g->def;
    if (def->setup_script < 0 || h->depth != 0)
        return 0;
    push(g, def->setup_script, RT_NONE, 0, RT_SITE_NONE);
    if (h->status != RT_RUNNING)
        return 0;
    g->building_prelude = 1;
    RtStatus st = def->scripts[def->setup_script].fn(g, rt__frame(g, 0));
    g->building_prelude = 0;
    int ok = st == RT_DONE && h->status == RT_RUNNING && h->prelude && h->depth == 1 && h->list_top == 0 &&
             h->pending == RT_DEC_NONE;
    pop(g);
    return ok;
}

/* rt_prelude_end: see cardrt.h. */
int rt_prelude_end(RtGame *g)
{
    rt__hdr(g)->prelude = 1;
    return g->building_prelude;
}

/* rt_advance: see cardrt.h. */
int rt_advance(RtGame *g) { return advance(g, NULL); }

/* rt_play: see cardrt.h. A missing agent for the deciding seat counts as
   giving up. The agents answer in place (rt_answer_now) or inside the
   driver's loop. */
int rt_play(RtGame *g, RtAgent *const *agents)
{
    g->pre.agents = agents;
    for (int p = 0; p < g->nplayers; p++)   /* the random agents that answer in place (rt__random_in_place) */
        g->pre.draw_rng[p] = agents && agents[p] && agents[p]->choose == rt__random_choose && !g->log_on
                                 ? agents[p]->rng : NULL;
    g->gave_up = 0;
    int r = advance(g, agents);
    g->pre.agents = NULL;
    memset(g->pre.draw_rng, 0, sizeof g->pre.draw_rng);
    return r < 0 ? -1 : 0;
}

/* rt__answer_now: rt_answer_now's general half (see cardrt.h). The
   decision is answered as the driver would answer it: a single option
   without asking, else the seat's agent. */
int rt__answer_now(RtGame *g)
{
    RtHeader *h = rt__hdr(g);
    RtAgent *const *agents = g->pre.agents;
    if (!agents || h->status != RT_RUNNING || h->pending != RT_DEC_BUILDING || h->dec_count == 0)
        return 0;
    if (h->dec_count == 1) {
        apply(g, h, 0, 1);
        return h->status == RT_RUNNING;
    }
    RtAgent *a = rt__is_player(g, h->dec_player) ? agents[h->dec_player] : NULL;
    if (!a || !a->choose)
        return 0;   /* the driver finds no agent either and gives up */
    h->pending = RT_DEC_WAITING;
    int i = a->choose == rt__random_choose ? rt__random_draw(a, h->dec_count) : a->choose(a, g);
    if (i < 0) {   /* the decision waits, as when the driver's agent gives up */
        g->gave_up = 1;
        return 0;
    }
    apply(g, h, i, 0);
    return h->status == RT_RUNNING;
}

/* The pending decision: see cardrt.h. */
int rt_decision_player(const RtGame *g) { return rt__hdr(g)->dec_player; }
const char *rt_decision_prompt(const RtGame *g)
{
    const char *p = rt__prompt_of(g);
    return p ? p : rt__string(g, rt__hdr(g)->dec_prompt);
}
int rt_decision_hidden(const RtGame *g) { return (rt__hdr(g)->dec_flags & RT_CHOOSE_HIDDEN) != 0; }

static const int32_t *option(const RtGame *g, int i)
{
    return rt__cells(g) + g->off_opts + 3 * i;
}

/* rt_option_label: option i's text into buf ("" when out of range). */
const char *rt_option_label(const RtGame *g, int i, char *buf, size_t size)
{
    if (!buf || size == 0)
        return "";
    if (i < 0 || i >= rt__hdr(g)->dec_count) {
        buf[0] = '\0';
        return buf;
    }
    const int32_t *o = option(g, i);
    const char *t = rt__label_of(g, i);
    if (t) {
        snprintf(buf, size, "%s", t);
        return buf;
    }
    return rt__label_text(g, o[0], o[1], o[2], buf, size);
}

/* anon_text: the text of an option of card (label: its label) for a
   player who cannot tell card apart (rt_card_seen): "a card in ZONE,
   position K from the top", after "LABEL: " when the label is a plain
   text (a label with holes could name the card, and is left out). */
static const char *anon_text(const RtGame *g, RtValue card, int label, char *buf, size_t size)
{
    char zone[160];
    RtValue z = rt__card(g, card)[0];
    const int32_t *zz = rt__is_zone(g, z) ? rt__zone(g, z) : NULL;
    int cell = zz ? rt__cell_of(zz, card) : 0;
    const char *l = label >= 0 ? rt__string(g, label) : "";
    rt__zone_label(g, z, zone, sizeof zone);
    snprintf(buf, size, "%s%sa card in %s, position %d from the top", label >= 0 && !strchr(l, '{') ? l : "",
             label >= 0 && !strchr(l, '{') ? ": " : "", zone, zz ? (int)zz[0] - cell + 1 : 0);
    return buf;
}

/* rt_option_text: see cardrt.h. */
const char *rt_option_text(const RtGame *g, int i, int viewer, char *buf, size_t size)
{
    RtValue card = rt_option_card(g, i);
    if (!buf || size == 0 || card == RT_NONE || (rt__hdr(g)->dec_flags & RT_CHOOSE_NAMED) ||
        rt_card_seen(g, viewer, card))
        return rt_option_label(g, i, buf, size);
    return anon_text(g, card, option(g, i)[2], buf, size);
}

/* rt_option_card: see cardrt.h. */
RtValue rt_option_card(const RtGame *g, int i)
{
    if (i < 0 || i >= rt__hdr(g)->dec_count)
        return RT_NONE;
    RtValue card = option(g, i)[1];
    return rt__is_card(g, card) ? card : RT_NONE;
}

/* rt__apply: record option i as chosen, log it (forced: it was the only
   one), count the decision. */
void rt__apply(RtGame *g, int i, int forced)
{
    RtHeader *h = rt__hdr(g);
    if (i < 0 || i >= h->dec_count) {
        rt__failf(g, RT_SITE_NONE, "option %d does not exist (the decision has %d options)", i, (int)h->dec_count);
        return;
    }
    const int32_t *o = option(g, i);
    const char *label = g->log_on ? rt__label_of(g, i) : NULL, *prompt = g->log_on ? rt__prompt_of(g) : NULL;
    h->chosen_value = o[0];
    h->chosen_card = o[1];
    h->decisions++;
    h->pending = RT_DEC_NONE;
    if (!g->log_on)
        return;
    int hidden = (h->dec_flags & RT_CHOOSE_HIDDEN) != 0;
    RtEvent *e = rt__event(g, RT_EV_CHOICE,
                           hidden ? (rt__is_player(g, h->dec_player) ? 1u << h->dec_player : 0) : RT_VIS_EVERYONE);
    int named = (h->dec_flags & RT_CHOOSE_NAMED) != 0;
    if (e && !named && rt__is_card(g, o[1]) && !rt_card_seen(g, h->dec_player, o[1])) {
        /* a card the chooser could not tell apart: who could (rt_card_seen) reads its
           name, the others its place (anon) */
        char buf[512];
        e->tell = 0;
        for (int p = 0; p < g->nplayers && p < RT_MAX_PLAYERS; p++)
            e->tell |= (uint32_t)rt_card_seen(g, p, o[1]) << p;
        if ((e->vis & ~e->tell) != 0)
            e->anon = strdup(anon_text(g, o[1], o[2], buf, sizeof buf));
    }
    if (e) {
        e->a[0] = h->dec_player;
        e->a[1] = i;
        e->a[2] = h->dec_count;
        e->a[3] = o[0];
        e->a[4] = o[1];
        e->a[5] = o[2];
        e->a[6] = h->dec_prompt;
        e->a[7] = (hidden ? RT_EVF_HIDDEN : 0) | (forced ? RT_EVF_FORCED : 0) | (named ? RT_EVF_NAMED : 0);
        e->text = label ? strdup(label) : NULL;
        e->prompt = prompt ? strdup(prompt) : NULL;
    }
}

/* rt_apply: answer the waiting decision with option i (0-based). Does
   nothing when no decision waits; a bad index fails the game. */
void rt_apply(RtGame *g, int i)
{
    RtHeader *h = rt__hdr(g);
    if (h->status != RT_RUNNING || h->pending != RT_DEC_WAITING)
        return;
    rt__apply(g, i, 0);
}

/* rt__choose_fail: rt_choose_begin's failing half: a choice by no player
   fails the game at site. */
void rt__choose_fail(RtGame *g, int site)
{
    rt__failf(g, site, "a choice by no player");
}

/* rt__option_fail: rt_option's and rt_opt_done's failing half: an option
   outside a choice (at the running script), or one more than the limit (at
   site), fails the game with a named error. */
void rt__option_fail(RtGame *g, int site)
{
    RtHeader *h = rt__hdr(g);
    if (h->pending != RT_DEC_BUILDING)
        rt__failf(g, RT_SITE_SCRIPT, "an option outside a choice");
    else if (h->dec_count >= g->max_opts)
        rt__failf(g, site, "more than %d options in one decision", g->max_opts);
}

/* rt_call: push a frame for script (see cardrt.h). Returns 0 only when
   script is -1; a bad script or a full stack fails the game and returns
   1, so the caller returns RT_CALL and the driver stops. */
int rt_call(RtGame *g, int script, RtValue self, RtValue me, int site)
{
    if (script == -1)
        return 0;
    if (script < 0 || script >= g->def->nscripts) {
        rt__failf(g, site, "call of no script %d", script);
        return 1;
    }
    push(g, script, self, me, site);
    return 1;
}

/* rt_run: see cardrt.h: rt_call and rt_run_top in one. */
RtStatus rt_run(RtGame *g, int script, RtValue self, RtValue me, int site)
{
    if (script == -1)
        return RT_DONE;
    if (!rt_call(g, script, self, me, site))
        return RT_DONE;
    return rt_run_top(g);
}

/* rt_run_top: see cardrt.h (rt_run_entered with the top frame's script's
   function from the table). */
RtStatus rt_run_top(RtGame *g)
{
    RtHeader *h = rt__hdr(g);
    if (h->status != RT_RUNNING || h->depth == 0)
        return RT_END;
    return rt_run_entered(g, g->def->scripts[rt__frame(g, h->depth - 1)->script].fn);
}

/* rt_frame_args: the locals of the frame rt_call just pushed, where the
   caller stores a procedure's arguments; NULL if the game has failed. */
RtValue *rt_frame_args(RtGame *g)
{
    RtHeader *h = rt__hdr(g);
    if (h->status == RT_FAILED || h->depth == 0)
        return NULL;
    return rt__frame(g, h->depth - 1)->v;
}

/* rt_win: player wins; the game is over. Further rt_win calls add
   winners (a team). Returns RT_END. */
RtStatus rt_win(RtGame *g, RtValue player, int site)
{
    RtHeader *h = rt__hdr(g);
    if (h->status == RT_FAILED || (h->status == RT_OVER && h->winners == 0))
        return RT_END;
    if (!rt__is_player(g, player)) {
        rt__failf(g, site, "win of no player");
        return RT_END;
    }
    if (h->winners >> player & 1u)
        return RT_END;
    h->winners |= 1u << player;
    h->status = RT_OVER;
    h->pending = RT_DEC_NONE;
    RtEvent *e = rt__event(g, RT_EV_WIN, RT_VIS_EVERYONE);
    if (e)
        e->a[0] = player;
    return RT_END;
}

/* end_without_winner: a running game ends with no winner, logged as
   event (RT_EV_DRAW or RT_EV_LOSE); lost: every player lost to the game.
   Nothing happens once the game is over. Returns RT_END. */
static RtStatus end_without_winner(RtGame *g, RtEventType event, int lost)
{
    RtHeader *h = rt__hdr(g);
    if (h->status != RT_RUNNING)
        return RT_END;
    rt__event(g, event, RT_VIS_EVERYONE);
    h->status = RT_OVER;
    h->lost = lost;
    h->pending = RT_DEC_NONE;
    return RT_END;
}

/* rt_draw_game: the game ends with no winner. Returns RT_END. */
RtStatus rt_draw_game(RtGame *g)
{
    return end_without_winner(g, RT_EV_DRAW, 0);
}

/* rt_lose_game: the game ends and every player loses to it (a co-operative
   game's defeat). Returns RT_END. */
RtStatus rt_lose_game(RtGame *g)
{
    return end_without_winner(g, RT_EV_LOSE, 1);
}
