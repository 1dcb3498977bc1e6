/* leak_check.c: what the search agents may know, checked on one compiled
   game (tests/lang/knowledge_test.c builds it with -DGAME_DEF=<id>_game):

   leak SEEDS [EVERY]: plays SEEDS games with random agents and, at every
     EVERY-th decision (default 7), gives the deciding player's search
     agents (greedy, and MCTS with a fixed seed) the state and a copy that
     differs in everything that player cannot tell (permute_unknown,
     redraw_hidden_vars): the cards he cannot tell apart in other places
     (of any kind their zones take), their states swapped, the options of
     such cards following their places, his opponents' private variables
     of every type changed: both must pick the same option.
   keep SEEDS: at every decision of SEEDS games, 20 determinizations for
     each player must leave every card he knows where it is (rt_knows; the
     place for a place he knows, the zone for a zone he knows) and the
     zones he sees as they are.
   guess SEEDS: for tests/lang/games/knowledge (cards "One".."Eight", then
     "Guess 1".."Guess 8"): the agents never guess a value whose card their
     player knows is elsewhere than in the other's hand, and MCTS guesses
     right (a value of that hand) whenever it was shown a card still there.

   Prints one line of counts; the caller asserts it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

extern const RtGameDef GAME_DEF;

/* fits: card c may lie in zone z (a zone of any kind, or of c's kind). */
static int fits(const RtGame *g, RtValue c, RtValue z)
{
    return g->zi_kind[z] < 0 || g->zi_kind[z] == g->inst_kind[c];
}

/* permute_unknown: change, with rng, everything in g that viewer cannot
   tell (rt_card_seen), by random swaps checked one by one (independently
   of how rt_determinize deals): the cards he cannot tell apart swap
   places wherever their zones take them (a card whose zone he knows only
   within it), these cards swap their states with cards of their kind,
   and the pending decision's options of such cards offer what lies at
   their places now (an option stands for a place). Returns how many
   places and states changed. */
static int permute_unknown(RtGame *g, int viewer, uint64_t rng[4])
{
    int n = 0, changed = 0, nopts = rt_option_count(g);
    int32_t *zs = malloc(sizeof *zs * (size_t)g->ninst), *ps = malloc(sizeof *ps * (size_t)g->ninst);
    int32_t *optz = malloc(sizeof *optz * (size_t)(nopts + 1)), *optp = malloc(sizeof *optp * (size_t)(nopts + 1));
    int32_t *opt = rt__cells(g) + g->off_opts;
    for (int i = 0; i < nopts; i++) {
        RtValue c = opt[3 * i + 1];
        optz[i] = -1;
        if (rt__is_card(g, c) && !rt_card_seen(g, viewer, c)) {
            optz[i] = rt__card(g, c)[0];
            optp[i] = rt__cell_of(rt__zone(g, optz[i]), c);
        }
    }
    for (int z = 0; z < g->nzi; z++) {
        const int32_t *zz = rt__zone(g, z);
        for (int i = 0; i < zz[0]; i++)
            if (rt__is_card(g, zz[1 + i]) && !rt_card_seen(g, viewer, zz[1 + i])) {
                zs[n] = z;
                ps[n] = i;
                n++;
            }
    }
    for (int t = 0; n > 1 && t < 8 * n; t++) {
        int i = (int)rt__xoshiro_below(rng, (uint32_t)n), j = (int)rt__xoshiro_below(rng, (uint32_t)n);
        int32_t *ci = rt__zone(g, zs[i]) + 1 + ps[i], *cj = rt__zone(g, zs[j]) + 1 + ps[j];
        RtValue a = *ci, b = *cj;
        int known = rt__knows(g, viewer, a) == 1 || rt__knows(g, viewer, b) == 1;
        if (a == b || !fits(g, a, zs[j]) || !fits(g, b, zs[i]) || (known && zs[i] != zs[j]))
            continue;
        *ci = b;
        *cj = a;
        rt__card(g, a)[0] = zs[j];
        rt__card(g, b)[0] = zs[i];
        changed++;
    }
    for (int t = 0; n > 1 && t < 4 * n; t++) {
        int i = (int)rt__xoshiro_below(rng, (uint32_t)n), j = (int)rt__xoshiro_below(rng, (uint32_t)n);
        RtValue a = rt__zone(g, zs[i])[1 + ps[i]];
        RtValue b = rt__zone(g, zs[j])[1 + ps[j]];
        int k = g->inst_kind[a], ns = g->kind_nstate[k];
        if (a == b || k != g->inst_kind[b] || ns == 0)
            continue;
        int32_t *sa = rt__card(g, a) + 1, *sb = rt__card(g, b) + 1;
        if (memcmp(sa, sb, sizeof *sa * (size_t)ns) == 0)
            continue;
        for (int s = 0; s < ns; s++) {
            int32_t x = sa[s];
            sa[s] = sb[s];
            sb[s] = x;
        }
        changed++;
    }
    for (int i = 0; i < nopts; i++) {
        if (optz[i] < 0)
            continue;
        RtValue was = opt[3 * i + 1], now = rt__zone(g, optz[i])[optp[i]];
        opt[3 * i + 1] = now;
        if (opt[3 * i] == was)
            opt[3 * i] = now;
    }
    if (g->def->nlive > 0)
        g->def->live_recount(g);
    free(zs);
    free(ps);
    free(optz);
    free(optp);
    return changed;
}

/* redraw_hidden_vars: set every private variable viewer does not see
   (another player's, one private to a side he is not on) to another value
   of its type drawn with rng: a card of the same zone, a player, a side, a
   bool, an enum's value, an int near it (RT_NONE stays: whether it is set
   is taken as known, docs/lab.md); returns how many changed. */
static int redraw_hidden_vars(RtGame *g, int viewer, uint64_t rng[4])
{
    int changed = 0;
    for (int v = 0; v < g->def->nvars; v++) {
        const RtVarDef *d = &g->def->vars[v];
        if (d->visibility != RT_PRIVATE)
            continue;
        for (int p = 0; p < (d->per_player ? g->nplayers : 1); p++) {
            if (rt__var_seers(g, v, d->per_player ? p : RT_NONE) >> viewer & 1u)
                continue;
            int32_t *cell = rt__cells(g) + g->var_cell[v] + (d->per_player ? p * g->pre.player_stride : 0);
            int32_t c = *cell;
            if (d->type == RT_TY_CARD && rt__is_card(g, c)) {
                const int32_t *zz = rt__zone(g, rt__card(g, c)[0]);
                c = zz[1 + rt__xoshiro_below(rng, (uint32_t)zz[0])];
            } else if (d->type == RT_TY_PLAYER && c != RT_NONE) {
                c = (int32_t)rt__xoshiro_below(rng, (uint32_t)g->nplayers);
            } else if (d->type == RT_TY_SIDE && c != RT_NONE) {
                c = (int32_t)rt__xoshiro_below(rng, (uint32_t)g->def->nsides);
            } else if (d->type == RT_TY_BOOL) {
                c = (int32_t)rt__xoshiro_below(rng, 2);
            } else if (d->type >= RT_TY_ENUM && c != RT_NONE) {
                c = (int32_t)rt__xoshiro_below(rng, (uint32_t)g->def->enums[d->type - RT_TY_ENUM].nvalues);
            } else if (d->type == RT_TY_INT) {
                c += (int32_t)rt__xoshiro_below(rng, 3) - 1;
                if (d->has_min && c < d->min)
                    c = d->min;
                if (d->has_max && c > d->max)
                    c = d->max;
            }
            changed += c != *cell;
            *cell = c;
        }
    }
    return changed;
}

/* pick: what agent a (reset to seed) picks at g's decision. */
static int pick(RtAgent *a, RtGame *g, uint64_t seed)
{
    a->reset(a, seed);
    return a->choose(a, g);
}

/* leak: see the file's comment. */
static void leak(int seeds, int every)
{
    int states = 0, same_greedy = 0, same_mcts = 0, moved = 0;
    RtAgent greedy, mcts, rnd;
    rt_agent_greedy(&greedy);
    if (rt_agent_mcts(&mcts, 40) != 0)
        return;
    for (int s = 1; s <= seeds; s++) {
        RtOptions o = {0};
        o.seed = (uint64_t)s;
        RtGame *g = rt_new(&GAME_DEF, &o);
        rt_agent_random(&rnd);
        rnd.reset(&rnd, (uint64_t)s);
        uint64_t rng[4];
        rt__xoshiro_seed(rng, 1000 + (uint64_t)s);
        for (int d = 0; rt_advance(g); d++) {
            if (d % every == every / 2) {
                int me = rt_decision_player(g);
                RtGame *copy = rt_clone(g);
                int changed = permute_unknown(copy, me, rng) + redraw_hidden_vars(copy, me, rng);
                if (changed > 0) {
                    states++;
                    moved += changed;
                    same_greedy += pick(&greedy, g, 77 + (uint64_t)d) == pick(&greedy, copy, 77 + (uint64_t)d);
                    same_mcts += pick(&mcts, g, 99 + (uint64_t)d) == pick(&mcts, copy, 99 + (uint64_t)d);
                }
                rt_free(copy);
            }
            rt_apply(g, rnd.choose(&rnd, g));
        }
        rt_free(g);
    }
    rt_agent_release(&mcts);
    printf("states %d, greedy same %d, mcts same %d\n", states, same_greedy, same_mcts);
    fprintf(stderr, "(%d places dealt again)\n", moved);
}

/* dealt_once: 1 when every card of d lies in exactly one cell, of the
   zone its own cell names, and each zone keeps its count from g. */
static int dealt_once(const RtGame *g, const RtGame *d)
{
    int ok = 1;
    char *seen = calloc((size_t)d->ninst, 1);
    for (int z = 0; z < d->nzi && ok; z++) {
        const int32_t *zz = rt__zone(d, z);
        if (d->def->dice && d->def->dice[d->zi_decl[z]].live >= 0)
            continue;   /* interchangeable dice: the zone's cells count them by face */
        ok = zz[0] == rt__zone(g, z)[0];
        for (int i = 1; i <= zz[0] && ok; i++)
            ok = rt__is_card(d, zz[i]) && !seen[zz[i]]++ && rt_card_zone(d, zz[i]) == z;
    }
    free(seen);
    return ok;
}

/* kept: 1 when determinization d (of g, for viewer) left every card viewer
   knows where it was, and every zone he sees as it was, and dealt every
   card once (dealt_once). */
static int kept(const RtGame *g, const RtGame *d, int viewer, int *checked)
{
    if (!dealt_once(g, d))
        return 0;
    for (int c = 0; c < g->ninst; c++) {
        RtValue z = rt_card_zone(g, c);
        int vis = rt__zone_vis(g, z) >> viewer & 1u, k = rt__knows(g, viewer, c);
        if (!vis && k == 0)
            continue;
        ++*checked;
        if (rt_card_zone(d, c) != z)
            return 0;
        if ((vis || k == 2) && rt__cell_of(rt__zone(d, z), c) != rt__cell_of(rt__zone(g, z), c))
            return 0;
    }
    return 1;
}

/* keep: see the file's comment. */
static void keep(int seeds)
{
    int dets = 0, checked = 0, recorded = 0, bad = 0;
    RtAgent rnd;
    for (int s = 1; s <= seeds; s++) {
        RtOptions o = {0};
        o.seed = (uint64_t)s;
        RtGame *g = rt_new(&GAME_DEF, &o);
        rt_agent_random(&rnd);
        rnd.reset(&rnd, (uint64_t)s);
        while (rt_advance(g)) {
            for (int p = 0; p < g->nplayers; p++) {
                for (int c = 0; c < g->ninst; c++)
                    recorded += rt__knows(g, p, c) > 0 && !(rt__zone_vis(g, rt_card_zone(g, c)) >> p & 1u);
                for (int r = 0; r < 20; r++) {
                    uint64_t rng[4];
                    rt__xoshiro_seed(rng, (uint64_t)(s * 1000 + r));
                    RtGame *d = rt_clone(g);
                    rt_determinize(d, p, rng);
                    dets++;
                    bad += !kept(g, d, p, &checked);
                    rt_free(d);
                }
            }
            rt_apply(g, rnd.choose(&rnd, g));
        }
        rt_free(g);
    }
    printf("determinizations %d, known cards checked %d, moved %d\n", dets, checked, bad);
    fprintf(stderr, "(%d cards known from reveals and looks)\n", recorded);
}

/* guess: see the file's comment (the knowledge test game only). */
static void guess(int seeds)
{
    int picks = 0, seen_elsewhere = 0, shown = 0, shown_guessed = 0;
    RtAgent agents[2], rnd;
    rt_agent_greedy(&agents[0]);
    if (rt_agent_mcts(&agents[1], 200) != 0)
        return;
    for (int s = 1; s <= seeds; s++) {
        RtOptions o = {0};
        o.seed = (uint64_t)s;
        RtGame *g = rt_new(&GAME_DEF, &o);
        rt_agent_random(&rnd);
        rnd.reset(&rnd, (uint64_t)s);
        while (rt_advance(g)) {
            int me = rt_decision_player(g), other = (me + 1) % g->nplayers;
            RtValue hand = rt_zone(g, 2, other);   /* zones: box, deck, hand */
            int known_there = 0;
            for (int c = 0; c < 8; c++)
                known_there |= rt__knows(g, me, c) && rt_card_zone(g, c) == hand;
            for (int a = 0; a < 2; a++) {
                int i = pick(&agents[a], g, (uint64_t)s);
                const char *name = rt_card_name(g, g->pre.opt_cells[3 * i + 1]);   /* "Guess N" */
                int v = name[6] - '1';   /* the instance of the number N */
                picks++;
                seen_elsewhere += rt_knows(g, me, v) && rt_card_zone(g, v) != hand;
                if (a == 1 && known_there) {
                    shown++;
                    shown_guessed += rt_card_zone(g, v) == hand;
                }
            }
            rt_apply(g, rnd.choose(&rnd, g));
        }
        rt_free(g);
    }
    rt_agent_release(&agents[1]);
    printf("guesses %d, of a card seen elsewhere %d; mcts shown a card %d times, guessed right %d\n", picks,
           seen_elsewhere, shown, shown_guessed);
}

int main(int argc, char **argv)
{
    int seeds = argc > 2 ? atoi(argv[2]) : 10;
    if (argc > 1 && strcmp(argv[1], "leak") == 0)
        leak(seeds, argc > 3 && atoi(argv[3]) > 0 ? atoi(argv[3]) : 7);
    else if (argc > 1 && strcmp(argv[1], "keep") == 0)
        keep(seeds);
    else if (argc > 1 && strcmp(argv[1], "guess") == 0)
        guess(seeds);
    else
        return 2;
    return 0;
}
