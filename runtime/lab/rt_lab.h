/* rt_lab.h: the balance lab shared by the engine's modules: parallel
   simulation (rt_sim.c), its statistics and reports (rt_report.c) and the
   chart (rt_plot.c). See docs/lab.md. */
#ifndef CARDRT_LAB_H
#define CARDRT_LAB_H

#include "rt_internal.h"
#include "rt_out.h"

typedef struct RtSimResult RtSimResult;

/* How one simulation is shared between processes (an MPI run: rt_mpi.c,
   linked only into the engines build/<id>-mpi). Process rank of size
   plays the games rt__sim_block gives it; every process calls exchange
   once per simulation (a collective). NULL in RtSimSpec: this process
   plays every game. */
typedef struct RtSimDist RtSimDist;
struct RtSimDist {
    int rank, size;
    /* exchange: ok is 1 if this process played its block of res; returns
       1 if every process did (the same answer everywhere), and then on
       rank 0 res holds every game; else 0 (after a message on err). */
    int (*exchange)(const RtSimDist *d, RtSimResult *res, int ok, FILE *err);
    /* agree: 1 if ok is 1 on every process, else 0 (a collective). */
    int (*agree)(const RtSimDist *d, int ok);
    void *ctx;                            /* the distributor's own */
};

/* rt__sim_block: the games [*lo, *hi) of process rank of size (contiguous
   blocks in game order, sizes differing by at most one). */
void rt__sim_block(int games, int rank, int size, int *lo, int *hi);

/* What one simulation runs. */
typedef struct RtSimSpec {
    const RtGameDef *def;
    int players;                          /* resolved (not 0) */
    int max_rounds;                       /* 0: the default */
    int max_steps;                        /* 0: the default (RT_DEFAULT_MAX_STEPS) */
    int seating;                          /* 1: seat p plays sides[p] (--sides); 0: the default seating */
    int sides[RT_MAX_PLAYERS];
    uint64_t seed;                        /* game i is seeded at(seed, i) */
    int games;
    int jobs;                             /* threads, >= 1 */
    int nagents;                          /* == players */
    const char *agents[RT_MAX_PLAYERS];   /* per seat: "random", "greedy", "mcts" */
    int budget;                           /* mcts iterations per decision (0: default) */
    int rollout;                          /* mcts decisions per rollout (0: to the end) */
    FILE *progress;                       /* a terminal for the progress bar, or NULL */
    const RtSimDist *dist;                /* shared between processes, or NULL */
    int tally;                            /* 1 + a shared variable whose value ends each game (--tally), or 0 */
} RtSimSpec;

/* One game's result. played holds a bit per (card def c, player p) at
   index c * players + p: an instance of c was seen in a public zone owned
   by p (see docs/lab.md). */
typedef struct RtSimGame {
    uint64_t seed;
    int32_t rounds, decisions;
    uint32_t winners;
    int32_t first;                        /* who took the first turn, or RT_NONE */
    int32_t tally;                        /* the --tally variable at the game's end (0 without --tally) */
    int lost;                             /* every player lost to the game (rt_lost) */
    int failed;
    char *error;                          /* owned, only when failed */
} RtSimGame;

/* The results of a simulation, in game order. */
struct RtSimResult {
    const RtGameDef *def;
    int players, games;
    uint64_t seed;
    char names[RT_MAX_PLAYERS][96];       /* player names, by seat */
    int sides[RT_MAX_PLAYERS];            /* side of each seat, or RT_NONE */
    RtSimGame *game;                      /* games of them */
    size_t played_stride;                 /* bytes of played bits per game */
    uint8_t *played;                      /* games * played_stride */
};

/* rt__sim_run: play spec->games games (spec->jobs threads) into *res;
   results never depend on jobs. With spec->dist, this process plays its
   block and the processes exchange results: on rank 0 res then holds
   every game, on the others only their own. Returns 0, or -1 (out of
   memory, a bad agent name or a game that cannot start, here or in
   another process; a message on err). The caller frees res with
   rt__sim_free (after a failure it holds nothing). */
int rt__sim_run(const RtSimSpec *spec, RtSimResult *res, FILE *err);
void rt__sim_free(RtSimResult *res);

/* rt__sim_replay: play game i of spec again with the log on and return it
   (caller frees), or NULL. The same agents and seeds as rt__sim_run. */
RtGame *rt__sim_replay(const RtSimSpec *spec, int i);

/* rt__agents_parse: "mcts,random" into spec->agents (pointers into the
   copy buf of size bsize); a single name applies to every seat. Returns
   0, or -1 with a message on err. */
int rt__agents_parse(RtSimSpec *spec, const char *list, char *buf, size_t bsize, FILE *err, const char *prog);

/* ---- statistics (rt_report.c) ------------------------------------------ */

/* A proportion with its 95% Wilson interval. */
typedef struct RtRate {
    double rate, lo, hi;
} RtRate;

/* rt__wilson: k successes of n as a rate with its 95% Wilson interval. */
RtRate rt__wilson(double k, double n);

/* RT_GAME_SIDE: the name the reports give the game itself as a side, in a
   game that can lose (RtGameDef.can_lose): it wins the games every player
   loses. */
#define RT_GAME_SIDE "the game"

/* The summary of a result. */
typedef struct RtStats {
    long wins[RT_MAX_PLAYERS], draws, errors;
    long losses;                          /* games every player lost to the game */
    double mean_rounds, mean_decisions;
    RtRate seat[RT_MAX_PLAYERS];
    int nsides;
    /* a side wins a game when one of its seats does; side_games: the
       games it had a seat in (every game, or none) */
    long side_wins[RT_MAX_PLAYERS], side_games[RT_MAX_PLAYERS];
    RtRate side[RT_MAX_PLAYERS];
    RtRate game_side;                     /* the game's win rate (losses of n), when def->can_lose */
    /* no_rival: a game of one player, or one whose seats all play the
       same side (RtSimResult.sides): the first player wins or loses with
       every player, so there is no first-player advantage; the reports
       leave it out, and fpa* are 0 */
    int no_rival;
    double fpa, fpa_lo, fpa_hi;           /* the first-turn player's win rate minus 1/players, 95% CI */
    long fpa_games;                       /* games with a first turn (the base of fpa) */
    int min_rounds, max_rounds, median_rounds, p10_rounds, p90_rounds;
    double sd_rounds;
    long *hist;                           /* hist[r - min_rounds], r in min..max (owned) */
} RtStats;

void rt__stats(const RtSimResult *r, RtStats *s);
void rt__stats_free(RtStats *s);

/* Everything a report prints. */
typedef struct RtReportSpec {
    const RtSimSpec *spec;
    const RtSimResult *res;
    const RtSimResult *cmp;               /* the --compare run, or NULL */
    int json, csv;
    /* A sweep's CSV, one table for every variant: lead_head, the names of
       the columns before each row's ("variant," or "variant,High.value,"),
       and lead, this report's fields there ("high_2,2,"); NULL: none.
       headless: the header was written with the first variant's rows. */
    const char *lead_head, *lead;
    int headless;
} RtReportSpec;

/* rt__report: the readable summary, the JSON line or the CSV table of
   rs to out. */
void rt__report(const RtReportSpec *rs, FILE *out);

/* rt__plot_format: 1 if path names a PNG chart, 0 an SVG one, else -1
   after a message on err. */
int rt__plot_format(const char *path, FILE *err, const char *prog);

/* rt__plot: draw the win rates and the game-length histogram of r as a PNG
   (png) or an SVG into the open output o (rt_out.h), which the caller
   commits. Returns 0, or -1 with o->why set (cairo's error, or the
   file's). */
int rt__plot(const RtSimResult *r, const RtSimSpec *spec, int png, RtOut *o);
/* rt__plot_sweep: the chart of a sweep, the win rate of each seat over
   the n runs res (each point with its 95% interval), labels[k] under run
   k, axis under them; as rt__plot. */
int rt__plot_sweep(const RtSimResult *res, int n, const char *const *labels, const char *axis, const RtSimSpec *spec,
                   int png, RtOut *o);

#endif
