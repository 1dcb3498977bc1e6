/* max_steps.c: the most steps (docs/runtime.md "The step budget") any game
   of every bundled game takes: each variant, each player count, 10,000
   games between random agents (seeds 1..10000), with the default budget.
   Build and run (after make):
     cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Iruntime -Ibuild/gen -o build/max_steps \
        bench/max_steps.c build/gen/evr.c build/gen/galaxy.c build/libcardrt.a -lcairo -pthread -lm
     build/max_steps */
#include <stdio.h>
#include "cardrt.h"
#include "evr.h"
#include "galaxy.h"

/* measure: print the most steps and the most rounds of n games of def
   with the given players, and how many failed. */
static void measure(const RtGameDef *def, int players, int n)
{
    RtOptions o = {players, 1, 0, 0, 0, NULL};
    RtGame *g = rt_new(def, &o);
    RtAgent agents[8], *seats[8];
    for (int p = 0; p < players; p++) {
        rt_agent_random(&agents[p]);
        seats[p] = &agents[p];
    }
    int most = 0, rounds = 0, failed = 0;
    for (int k = 1; k <= n; k++) {
        rt_reset(g, (uint64_t)k);
        for (int p = 0; p < players; p++)
            if (agents[p].reset)
                agents[p].reset(&agents[p], (uint64_t)k * 31 + (uint64_t)p);
        rt_play(g, seats);
        failed += rt_failed(g);
        if (rt_steps(g) > most)
            most = rt_steps(g);
        if (rt_rounds(g) > rounds)
            rounds = rt_rounds(g);
    }
    printf("%-7s %-11s %d players: most steps %7d, most rounds %5d, failed %d of %d\n", def->id, def->variant,
           players, most, rounds, failed, n);
    rt_free(g);
}

int main(void)
{
    const RtGameDef *const *games[] = {evr_variants, galaxy_variants};
    const int counts[] = {evr_variant_count, galaxy_variant_count};
    for (int i = 0; i < 2; i++)
        for (int v = 0; v < counts[i]; v++)
            for (int p = games[i][v]->min_players; p <= games[i][v]->max_players; p++)
                measure(games[i][v], p, 10000);
    return 0;
}
