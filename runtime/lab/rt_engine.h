/* rt_engine.h: what the engine's command modules (rt_engine.c, rt_replay.c) share. */
#ifndef CARDRT_ENGINE_H
#define CARDRT_ENGINE_H

#include "rt_internal.h"

/* Exit statuses of the engine. */
enum { RT_EXIT_OK = 0, RT_EXIT_FAIL = 1, RT_EXIT_USAGE = 2 };

/* One run of the engine: its games and streams. */
typedef struct RtEngine {
    const char *prog;                 /* argv[0] */
    const RtGameDef *const *defs;
    int ndefs;
    FILE *in, *out, *err;
    const struct RtSimDist *dist;     /* sim shared between processes (MPI, rt_lab.h), or NULL */
} RtEngine;

/* rt__engine_run_dist: rt_engine_run (cardrt.h) with sim's simulations
   shared between the processes of dist (NULL: none, as rt_engine_run).
   With dist, rank 0 runs the command as rt_engine_run does; another rank
   only plays its share of sim's games and prints nothing on out; it runs
   no other command. Every process must be given the same arguments. */
int rt__engine_run_dist(int argc, char **argv, const RtGameDef *const *defs, int ndefs, FILE *in, FILE *out, FILE *err,
                        const struct RtSimDist *dist);

/* rt__engine_def: the def of variant name (NULL: the base game), or NULL
   after printing the known variants to err. */
const RtGameDef *rt__engine_def(const RtEngine *e, const char *cmd, const char *name);
/* rt__agent_seed: the seed of the random agent at seat p in a game seeded game_seed. */
uint64_t rt__agent_seed(uint64_t game_seed, int p);
/* rt__replay_main: the replay command (args after "replay"). */
int rt__replay_main(const RtEngine *e, int argc, char **argv);

#endif
