/* leak_check.c: what the search agents may know, checked on one compiled
   game (tests/lang/knowledge_test.c builds it with -DGAME_DEF=<id>_game):

   leak SEEDS [EVERY]: plays SEEDS games with random agents and, at every
     EVERY-th decision (default 7), gives the deciding player's search agents (greedy, and MCTS
     with a fixed seed) the state and a copy whose cards that player
     neither sees nor knows are dealt again at random, and whose card
     variables he does not see are set to other cards of their zones (the
     copy differs only in what is hidden from him): both must pick the
     same option.
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

/* permute_unknown: deal the cards of g that viewer neither sees nor knows
   again among their places (kind by kind) with rng; returns how many
   places changed. Each card keeps its own state. */
static int permute_unknown(RtGame *g, int viewer, uint64_t rng[4])
{
    int n = 0, changed = 0;
    int32_t *zs = malloc(sizeof *zs * (size_t)g->ninst), *ps = malloc(sizeof *ps * (size_t)g->ninst);
    int32_t *cs = malloc(sizeof *cs * (size_t)g->ninst);
    for (int z = 0; z < g->nzi; z++) {
        if (rt__zone_vis(g, z) >> viewer & 1u)
            continue;
        const int32_t *zz = rt__zone(g, z);
        for (int i = 0; i < zz[0]; i++)
            if (!rt_knows(g, viewer, zz[1 + i])) {
                zs[n] = z;
                ps[n] = i;
                cs[n] = zz[1 + i];
                n++;
            }
    }
    for (int k = 0; k < g->def->nkinds; k++) {
        int idx[4096], m = 0;
        for (int i = 0; i < n && m < 4096; i++)
            if (rt_card_kind(g, cs[i]) == k)
                idx[m++] = i;
        for (int i = m - 1; i > 0; i--) {
            int j = (int)rt__xoshiro_below(rng, (uint32_t)i + 1);
            int32_t t = cs[idx[i]];
            cs[idx[i]] = cs[idx[j]];
            cs[idx[j]] = t;
        }
    }
    for (int i = 0; i < n; i++) {
        int32_t *cell = rt__zone(g, zs[i]) + 1 + ps[i];
        changed += *cell != cs[i];
        *cell = cs[i];
        rt__card(g, cs[i])[0] = zs[i];
    }
    free(zs);
    free(ps);
    free(cs);
    return changed;
}

/* redraw_hidden_vars: set every card variable viewer does not see (another
   player's private one, one private to a side he is not on) to a card of
   the same zone, drawn with rng; returns how many changed. */
static int redraw_hidden_vars(RtGame *g, int viewer, uint64_t rng[4])
{
    int changed = 0;
    for (int v = 0; v < g->def->nvars; v++) {
        const RtVarDef *d = &g->def->vars[v];
        if (d->type != RT_TY_CARD || d->visibility != RT_PRIVATE)
            continue;
        for (int p = 0; p < (d->per_player ? g->nplayers : 1); p++) {
            if (rt__var_seers(g, v, d->per_player ? p : RT_NONE) >> viewer & 1u)
                continue;
            int32_t *cell = rt__cells(g) + g->var_cell[v] + (d->per_player ? p * g->pre.player_stride : 0);
            if (!rt__is_card(g, *cell))
                continue;
            const int32_t *zz = rt__zone(g, rt__card(g, *cell)[0]);
            int32_t c = zz[1 + rt__xoshiro_below(rng, (uint32_t)zz[0])];
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

/* kept: 1 when determinization d (of g, for viewer) left every card viewer
   knows where it was, and every zone he sees as it was. */
static int kept(const RtGame *g, const RtGame *d, int viewer, int *checked)
{
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
