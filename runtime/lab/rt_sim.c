/* rt_sim.c: many games on many threads, each a pure function of (seed, game index, agents), collected in game order. */
#include "rt_lab.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Salt of the agents' seeds (as rt__agent_seed in rt_engine.c). */
#define AGENT_SALT 0x6a09e667f3bcc909u

/* SIM_RUN: the most games a thread takes at a time. */
enum { SIM_RUN = 64 };

/* What the threads share: they play the games [next, hi), a run at a
   time (run_length); next and done are guarded by lock. */
typedef struct Shared {
    const RtSimSpec *spec;
    RtSimResult *res;
    pthread_mutex_t lock;
    int next, hi, total, done, shown, failed_start, jobs;
} Shared;

/* run_length: how many of the left games a thread takes next: SIM_RUN
   while many are left, then a share of the rest (left / (2 * jobs), at
   least one), so that the threads run out of games together even when
   the games are few and long. Which thread plays a game never changes
   its result. */
static int run_length(int left, int jobs)
{
    int share = left / (2 * (jobs > 0 ? jobs : 1));
    if (share < 1)
        share = 1;
    return share < SIM_RUN ? share : SIM_RUN;
}

/* rt__sim_block: see rt_lab.h. */
void rt__sim_block(int games, int rank, int size, int *lo, int *hi)
{
    if (size < 1 || rank < 0 || rank >= size) {
        *lo = 0;
        *hi = games;
        return;
    }
    *lo = (int)((long long)games * rank / size);
    *hi = (int)((long long)games * (rank + 1) / size);
}

/* rt__agents_parse: see rt_lab.h. */
int rt__agents_parse(RtSimSpec *spec, const char *list, char *buf, size_t bsize, FILE *err, const char *prog)
{
    size_t n = strlen(list);
    if (n + 1 > bsize) {
        fprintf(err, "%s: --agents: the list is too long\n", prog);
        return -1;
    }
    memcpy(buf, list, n + 1);
    int k = 0;
    for (char *p = buf;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (strcmp(p, "random") != 0 && strcmp(p, "greedy") != 0 && strcmp(p, "mcts") != 0) {
            fprintf(err, "%s: --agents: unknown agent '%s' (the agents are random, greedy, mcts)\n", prog, p);
            return -1;
        }
        if (k >= RT_MAX_PLAYERS) {
            fprintf(err, "%s: --agents: too many agents\n", prog);
            return -1;
        }
        spec->agents[k++] = p;
        if (!comma)
            break;
        p = comma + 1;
    }
    if (k == 1) {
        for (int i = 1; i < spec->players; i++)
            spec->agents[i] = spec->agents[0];
        k = spec->players;
    }
    if (k != spec->players) {
        fprintf(err, "%s: --agents: %d agents for %d players (give one per seat, or one for all)\n", prog, k,
                spec->players);
        return -1;
    }
    spec->nagents = k;
    return 0;
}

static uint64_t agent_seed(uint64_t game_seed, int p)
{
    return rt__splitmix_at(game_seed ^ AGENT_SALT, (uint64_t)p);
}

/* make_agents: the spec's agent per seat. Returns 0 or -1 (out of memory). */
static int make_agents(const RtSimSpec *spec, RtAgent *agents)
{
    for (int p = 0; p < spec->players; p++) {
        const char *name = p < spec->nagents && spec->agents[p] ? spec->agents[p] : "random";
        if (rt_agent_by_name(&agents[p], name, spec->budget) != 0) {
            for (int q = 0; q < p; q++)
                rt_agent_release(&agents[q]);
            return -1;
        }
        agents[p].rollout = spec->rollout;
    }
    return 0;
}

static void release_agents(const RtSimSpec *spec, RtAgent *agents)
{
    for (int p = 0; p < spec->players; p++)
        rt_agent_release(&agents[p]);
}

/* play_one: game i with agents (made for spec), log on or off, in reuse
   (a game of spec played before, rt_reset) or, when reuse is NULL, in a
   new game; NULL if it cannot start. */
static RtGame *play_one(const RtSimSpec *spec, int i, RtAgent *agents, int log, uint8_t *bits, RtGame *reuse)
{
    uint64_t gs = rt__splitmix_at(spec->seed, (uint64_t)i);
    RtOptions opt = {spec->players, gs, log, spec->max_rounds, spec->max_steps, spec->seating ? spec->sides : NULL};
    RtGame *g = reuse;
    if (g)
        rt_reset(g, gs);
    else
        g = rt_new(spec->def, &opt);
    if (!g)
        return NULL;
    for (int p = 0; p < spec->players; p++)
        agents[p].reset(&agents[p], agent_seed(gs, p));
    rt_note_played(g, bits);   /* every card that enters a player's public zone */
    RtAgent *seat[RT_MAX_PLAYERS];
    for (int p = 0; p < spec->players; p++)
        seat[p] = &agents[p];
    rt_play(g, seat);          /* the agents answer in place, as in bench */
    while (rt_advance(g)) {    /* what an agent gave up on: asked again, as ever */
        RtAgent *a = &agents[rt_decision_player(g)];
        rt_apply(g, a->choose(a, g));
    }
    rt_note_played(g, NULL);
    return g;
}

/* progress: a bar on the terminal, redrawn at each whole percent (lock held). */
static void progress(Shared *sh)
{
    FILE *f = sh->spec->progress;
    if (!f)
        return;
    int pct = sh->total ? (int)(100L * sh->done / sh->total) : 100;
    if (pct == sh->shown && sh->done != sh->total)
        return;
    sh->shown = pct;
    char bar[41];
    int fill = pct * 40 / 100;
    for (int i = 0; i < 40; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[40] = '\0';
    fprintf(f, "\r[%s] %3d%% %d/%d games", bar, pct, sh->done, sh->total);
    if (sh->done == sh->total)
        fputs("\r\033[K", f);
    fflush(f);
}

static void *worker(void *arg)
{
    Shared *sh = arg;
    const RtSimSpec *spec = sh->spec;
    RtSimResult *res = sh->res;
    RtAgent agents[RT_MAX_PLAYERS];
    if (make_agents(spec, agents) != 0) {
        pthread_mutex_lock(&sh->lock);
        sh->failed_start = 1;
        pthread_mutex_unlock(&sh->lock);
        return NULL;
    }
    RtGame *g = NULL;   /* reused from game to game */
    /* The played cards are noted in this thread's own buffer as the
       game moves them and copied out once per game. */
    uint8_t *bits = malloc(res->played_stride);
    if (!bits) {
        pthread_mutex_lock(&sh->lock);
        sh->failed_start = 1;
        pthread_mutex_unlock(&sh->lock);
        release_agents(spec, agents);
        return NULL;
    }
    for (;;) {
        /* A run of games at a time: one lock per run, and each thread
           writes its own stretch of res->game and res->played. */
        pthread_mutex_lock(&sh->lock);
        int lo = sh->failed_start ? sh->hi : sh->next;
        int hi = lo + run_length(sh->hi - lo, sh->jobs);
        if (hi > sh->hi)
            hi = sh->hi;
        sh->next = hi;
        pthread_mutex_unlock(&sh->lock);
        if (lo >= hi)
            break;
        int played = 0;
        for (int i = lo; i < hi; i++, played++) {
            memset(bits, 0, res->played_stride);
            g = play_one(spec, i, agents, 0, bits, g);
            if (!g)
                break;
            memcpy(res->played + (size_t)i * res->played_stride, bits, res->played_stride);
            RtSimGame *r = &res->game[i];
            r->seed = rt_seed(g);
            r->rounds = rt_rounds(g);
            r->decisions = rt_decisions(g);
            r->failed = rt_failed(g);
            r->winners = rt__hdr(g)->winners;
            r->lost = rt_lost(g);
            r->first = rt_first_player(g);
            r->tally = spec->tally ? (int32_t)rt_get(g, spec->tally - 1, 0) : 0;
            if (r->failed)
                r->error = strdup(rt_error(g));
        }
        pthread_mutex_lock(&sh->lock);
        sh->done += played;
        if (!g)
            sh->failed_start = 1;
        progress(sh);
        pthread_mutex_unlock(&sh->lock);
        if (!g)
            break;
    }
    free(bits);
    rt_free(g);
    release_agents(spec, agents);
    return NULL;
}

/* sim_setup: the names and sides of res's players, and room for its
   games. Returns 0, or -1 after a message (res freed). */
static int sim_setup(const RtSimSpec *spec, RtSimResult *res, FILE *err)
{
    memset(res, 0, sizeof *res);
    res->def = spec->def;
    res->players = spec->players;
    res->games = spec->games;
    res->seed = spec->seed;
    RtOptions opt = {spec->players, spec->seed, 0, spec->max_rounds, spec->max_steps, spec->seating ? spec->sides : NULL};
    RtGame *g0 = rt_new(spec->def, &opt);
    if (!g0) {
        fprintf(err, "cardrt: sim: cannot start the game\n");
        return -1;
    }
    for (int p = 0; p < spec->players; p++) {
        rt_player_name(g0, p, res->names[p], sizeof res->names[p]);
        res->sides[p] = rt_player_side(g0, p);
    }
    rt_free(g0);
    res->played_stride = ((size_t)spec->def->ncards * (size_t)spec->players + 7) / 8;
    if (res->played_stride == 0)
        res->played_stride = 1;
    res->game = calloc((size_t)spec->games, sizeof *res->game);
    res->played = calloc((size_t)spec->games, res->played_stride);
    if (!res->game || !res->played) {
        fprintf(err, "cardrt: sim: out of memory\n");
        rt__sim_free(res);
        return -1;
    }
    return 0;
}

/* play_block: the games [lo, hi) of spec into res on spec->jobs threads.
   Returns 0, or -1 after a message. */
static int play_block(const RtSimSpec *spec, RtSimResult *res, int lo, int hi, FILE *err)
{
    Shared sh;
    memset(&sh, 0, sizeof sh);
    sh.spec = spec;
    sh.res = res;
    sh.next = lo;
    sh.hi = hi;
    sh.total = hi - lo;
    sh.shown = -1;
    pthread_mutex_init(&sh.lock, NULL);
    int jobs = spec->jobs < 1 ? 1 : spec->jobs;
    if (jobs > sh.total)
        jobs = sh.total > 0 ? sh.total : 1;
    sh.jobs = jobs;
    pthread_t *th = calloc((size_t)jobs, sizeof *th);
    int started = 0;
    if (th)
        for (int t = 1; t < jobs; t++) {
            if (pthread_create(&th[t], NULL, worker, &sh) != 0)
                break;
            started = t;
        }
    worker(&sh);
    for (int t = 1; t <= started; t++)
        pthread_join(th[t], NULL);
    free(th);
    pthread_mutex_destroy(&sh.lock);
    if (sh.failed_start || sh.done != sh.total) {
        fprintf(err, "cardrt: sim: cannot start a game or an agent (out of memory?)\n");
        return -1;
    }
    return 0;
}

/* rt__sim_run: see rt_lab.h. */
int rt__sim_run(const RtSimSpec *spec, RtSimResult *res, FILE *err)
{
    const RtSimDist *d = spec->dist;
    int lo, hi;
    rt__sim_block(spec->games, d ? d->rank : 0, d ? d->size : 1, &lo, &hi);
    int ok = sim_setup(spec, res, err) == 0 && play_block(spec, res, lo, hi, err) == 0;
    if (d && !d->exchange(d, res, ok, err))
        ok = 0;
    if (!ok) {
        rt__sim_free(res);
        return -1;
    }
    return 0;
}

/* rt__sim_free: see rt_lab.h. */
void rt__sim_free(RtSimResult *res)
{
    if (res->game)
        for (int i = 0; i < res->games; i++)
            free(res->game[i].error);
    free(res->game);
    free(res->played);
    res->game = NULL;
    res->played = NULL;
}

/* rt__sim_replay: see rt_lab.h. */
RtGame *rt__sim_replay(const RtSimSpec *spec, int i)
{
    RtAgent agents[RT_MAX_PLAYERS];
    if (make_agents(spec, agents) != 0)
        return NULL;
    RtGame *g = play_one(spec, i, agents, 1, NULL, NULL);
    release_agents(spec, agents);
    return g;
}
