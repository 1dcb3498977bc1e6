/* state_cost.c: what steppability costs: state size, clone, hash, and one
   random playout from mid-game, for the generated EvR and Galaxy engines.
   Build and run (after make):
     cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Iruntime -Ibuild/gen -o build/state_cost \
        bench/state_cost.c build/gen/evr.c build/gen/galaxy.c build/libcardrt.a -lcairo -pthread -lm
     build/state_cost */
#include <stdio.h>
#include <time.h>
#include "cardrt.h"
#include "rt_internal.h"
extern const RtGameDef evr_game, galaxy_game;
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
/* measure: print the costs for def with the given players. */
static void measure(const RtGameDef *def, int players) {
    RtOptions o = {players, 1, 0, 0, 0, NULL};
    RtGame *g = rt_new(def, &o);
    for (int i = 0; i < 30 && rt_advance(g); i++) rt_apply(g, 0);
    RtGame *c = rt_clone(g);
    int n = 1000000;
    double t0 = now();
    for (int i = 0; i < n; i++) rt_copy_state(c, g);
    double t1 = now();
    uint64_t h = 0;
    for (int i = 0; i < n; i++) h ^= rt_hash(g);
    double t2 = now();
    /* a whole random game from the same point, for scale */
    int games = 2000; double t3 = now();
    for (int k = 0; k < games; k++) { rt_copy_state(c, g); while (rt_advance(c)) rt_apply(c, (int)(rt_random(c, (uint32_t)rt_option_count(c)))); }
    double t4 = now();
    printf("%s: state %zu bytes; clone %.0f ns; hash %.0f ns; a random playout from there %.1f us (%llx)\n", def->id,
           g->size, (t1 - t0) / n * 1e9, (t2 - t1) / n * 1e9, (t4 - t3) / games * 1e6, (unsigned long long)(h & 0xff));
    rt_free(c); rt_free(g);
}
int main(void) { measure(&evr_game, 2); measure(&galaxy_game, 4); return 0; }
