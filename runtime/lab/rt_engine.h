/* rt_engine.h: what the engine's command modules (rt_engine.c, rt_sim_cmd.c,
   rt_replay.c) share. */
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

/* The options of play, sim and log, after parsing. */
typedef struct RtArgs {
    int seat;            /* 1-based; 0: not given */
    uint64_t seed;
    int seed_given;
    int players;
    const char *variant;
    int games;
    int json;
    const char *log;
    int max_rounds;
    int max_steps;       /* the step budget; 0: RT_DEFAULT_MAX_STEPS */
    const char *choices;
    int viewer;          /* 1-based; 0: omniscient */
    const char *agents;  /* "mcts,random"; NULL: random everywhere */
    const char *opponent;/* play: the agent of every other seat; NULL: random */
    int budget;          /* mcts iterations per decision */
    int rollout;         /* mcts decisions per rollout; 0: to the end */
    int jobs;            /* threads; 0: one per CPU it may use; -1: not given (1) */
    int csv;
    const char *compare; /* a second variant, the same seeds */
    const char *sweep;   /* variants to play in turn on the same seeds: "base,short" */
    const char *plot;    /* FILE.svg or FILE.png */
    int worst;           /* --save-worst K DIR */
    const char *worst_dir;
    int mcts_seconds;    /* bench: seconds of MCTS (-1: the default 2) */
    const char *sides;   /* "blue,red": the side of each seat; NULL: the default */
    const char *tally;   /* sim: a shared variable whose final values are counted */
    int every;           /* secrets: a redrawn world at every K-th decision; 0: not given (1) */
} RtArgs;

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
/* rt__engine_game: a new game of def for command cmd, a's players and
   sides, seeded seed, its log kept if log; NULL after a one-line message
   on e->err. Caller frees with rt_free. */
RtGame *rt__engine_game(const RtEngine *e, const char *cmd, const RtGameDef *def, const RtArgs *a, uint64_t seed, int log);
/* rt__agent_seed: the seed of the random agent at seat p in a game seeded game_seed. */
uint64_t rt__agent_seed(uint64_t game_seed, int p);
/* rt__parse_sides: a->sides for a game of def with players seats into
   sides (RT_MAX_PLAYERS of them), for command cmd. Returns 1 if given, 0
   if not, -1 after a one-line message. */
int rt__parse_sides(const RtEngine *e, const char *cmd, const RtArgs *a, const RtGameDef *def, int players, int *sides);
/* rt__replay_main: the replay command (args after "replay"). */
int rt__replay_main(const RtEngine *e, int argc, char **argv);
/* rt__sim_main: the sim command, its options parsed (rt_sim_cmd.c);
   returns the exit status. */
int rt__sim_main(const RtEngine *e, const RtArgs *a);
/* rt__secrets_main: the secrets command, its options parsed (rt_secrets.c). */
int rt__secrets_main(const RtEngine *e, const RtArgs *a);

#endif
