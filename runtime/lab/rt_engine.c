/* rt_engine.c: the engine's command line: play, sim and log (replay is in rt_replay.c); see docs/cli.md. */
#include "rt_engine.h"
#include "rt_lab.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Salt of the random agents' seeds (the first 64 bits of sqrt(2)'s fraction). */
#define AGENT_SALT 0x6a09e667f3bcc909u

enum { CMD_PLAY = 1, CMD_SIM = 2, CMD_LOG = 4, CMD_BENCH = 8 };
enum { OPT_INT, OPT_U64, OPT_STR, OPT_FLAG, OPT_KDIR, OPT_NAT };   /* OPT_INT: >= 1; OPT_NAT: >= 0 */

/* The options of play, sim and log, after parsing. */
typedef struct Args {
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
    int jobs;
    int csv;
    const char *compare; /* a second variant, the same seeds */
    const char *sweep;   /* variants to play in turn on the same seeds: "base,short" */
    const char *plot;    /* FILE.svg or FILE.png */
    int worst;           /* --save-worst K DIR */
    const char *worst_dir;
    int mcts_seconds;    /* bench: seconds of MCTS (-1: the default 2) */
    const char *sides;   /* "blue,red": the side of each seat; NULL: the default */
    const char *tally;   /* sim: a shared variable whose final values are counted */
} Args;

typedef struct OptSpec {
    const char *name;
    int type;
    size_t off;
    int cmds;            /* CMD_* that accept it */
    const char *arg, *help;
} OptSpec;

static const OptSpec opt_specs[] = {
    {"--seat", OPT_INT, offsetof(Args, seat), CMD_PLAY, "N", "your seat, 1-based (default 1)"},
    {"--seed", OPT_U64, offsetof(Args, seed), CMD_PLAY | CMD_SIM | CMD_LOG | CMD_BENCH, "S", "the seed (an unsigned 64-bit integer)"},
    {"--players", OPT_INT, offsetof(Args, players), CMD_PLAY | CMD_SIM | CMD_LOG, "N", "number of players (default: the game's minimum)"},
    {"--variant", OPT_STR, offsetof(Args, variant), CMD_PLAY | CMD_SIM | CMD_LOG, "V", "the variant (default: the base game)"},
    {"--sides", OPT_STR, offsetof(Args, sides), CMD_PLAY | CMD_SIM | CMD_LOG, "S,T", "the side each seat plays, by name (default: seat N the N-th side)"},
    {"--games", OPT_INT, offsetof(Args, games), CMD_SIM | CMD_BENCH, "N", "number of games (default 100)"},
    {"--json", OPT_FLAG, offsetof(Args, json), CMD_SIM | CMD_LOG, "", "JSON output"},
    {"--log", OPT_STR, offsetof(Args, log), CMD_SIM, "FILE", "write the JSON-lines log of game 0 to FILE"},
    {"--max-rounds", OPT_INT, offsetof(Args, max_rounds), CMD_PLAY | CMD_SIM | CMD_LOG, "N", "a game not over after N rounds fails (default 1000)"},
    {"--max-steps", OPT_INT, offsetof(Args, max_steps), CMD_PLAY | CMD_SIM | CMD_LOG, "N", "a game past N steps (loops gone round again, rounds) fails (default 1000000)"},
    {"--choices", OPT_STR, offsetof(Args, choices), CMD_LOG, "L", "option indices (0-based, comma-separated) for the first decisions"},
    {"--viewer", OPT_INT, offsetof(Args, viewer), CMD_LOG, "N", "print the text log as seat N (1-based) sees it"},
    {"--opponent", OPT_STR, offsetof(Args, opponent), CMD_PLAY, "A", "the agent of the other seats: random, greedy, mcts (default random)"},
    {"--agents", OPT_STR, offsetof(Args, agents), CMD_SIM | CMD_LOG, "A,B", "agent per seat: random, greedy, mcts (default random)"},
    {"--budget", OPT_INT, offsetof(Args, budget), CMD_PLAY | CMD_SIM | CMD_LOG | CMD_BENCH, "N", "mcts iterations per decision (default 200)"},
    {"--rollout", OPT_INT, offsetof(Args, rollout), CMD_PLAY | CMD_SIM | CMD_LOG, "N", "mcts: cut each rollout after N decisions and let the game's score decide (default: play it out)"},
    {"--mcts-seconds", OPT_NAT, offsetof(Args, mcts_seconds), CMD_BENCH, "S", "seconds of MCTS timing (default 2; 0: none)"},
    {"--jobs", OPT_INT, offsetof(Args, jobs), CMD_SIM, "J", "threads (default 1); the output does not depend on it"},
    {"--csv", OPT_FLAG, offsetof(Args, csv), CMD_SIM, "", "CSV output"},
    {"--compare", OPT_STR, offsetof(Args, compare), CMD_SIM, "V", "also run variant V on the same seeds and report the difference"},
    {"--sweep", OPT_STR, offsetof(Args, sweep), CMD_SIM, "V,W", "play each variant listed (or CARD.FIELD=A..B: those that set it) on the same seeds, a report each"},
    {"--tally", OPT_STR, offsetof(Args, tally), CMD_SIM, "VAR", "count the games by the value a shared variable (int, bool or enum) has when each ends"},
    {"--plot", OPT_STR, offsetof(Args, plot), CMD_SIM, "FILE", "draw win rates and game lengths (a sweep: win rates over its variants) to FILE.svg or FILE.png"},
    {"--save-worst", OPT_KDIR, offsetof(Args, worst), CMD_SIM, "K DIR", "write the K longest games as replay files into DIR"},
};

static const struct {
    const char *name;
    int cmd;
    const char *usage;
    const char *what;
} commands[] = {
    {"play", CMD_PLAY, "play [--seat N] [--seed S] [--players N] [--sides S,T] [--variant V] [--opponent A] [--budget N] [--rollout N] [--max-rounds N] [--max-steps N]",
     "play one game at the terminal against agents (random by default), seeing only what your seat may see"},
    {"sim", CMD_SIM, "sim [--games N] [--seed S] [--players N] [--sides S,T] [--variant V] [--agents A,B] [--budget N] [--rollout N] [--jobs J] "
     "[--json | --csv] [--compare V | --sweep V,W] [--tally VAR] [--plot FILE] [--save-worst K DIR] [--log FILE] [--max-rounds N] [--max-steps N]",
     "play many games between agents (random by default) and report the results"},
    {"bench", CMD_BENCH, "bench [--games N] [--seed S] [--budget N] [--mcts-seconds S]",
     "time N games between random agents on one thread, then MCTS iterations; one JSON line"},
    {"replay", 0, "replay FILE", "replay a JSON-lines log written by 'sim --log', print it as text and verify it"},
    {"log", CMD_LOG, "log [--seed S] [--players N] [--sides S,T] [--variant V] [--choices 0,2,1] [--agents A,B] [--budget N] [--rollout N] [--viewer N] [--json] [--max-rounds N] [--max-steps N]",
     "play one game from the given option indices (then the agents, random by default) and print its log"},
};

/* rt__agent_seed: (p+1)-th splitmix64 output from game_seed ^ AGENT_SALT. */
uint64_t rt__agent_seed(uint64_t game_seed, int p)
{
    return rt__splitmix_at(game_seed ^ AGENT_SALT, (uint64_t)p);
}

/* rt__engine_def: see rt_engine.h. */
const RtGameDef *rt__engine_def(const RtEngine *e, const char *cmd, const char *name)
{
    if (!name)
        return e->defs[0];
    for (int i = 0; i < e->ndefs; i++)
        if (e->defs[i]->variant && strcmp(e->defs[i]->variant, name) == 0)
            return e->defs[i];
    fprintf(e->err, "%s: %s: unknown variant '", e->prog, cmd);
    rt__put_esc(e->err, name);
    fputs("'; the variants are:", e->err);
    for (int i = 0; i < e->ndefs; i++) {
        fputc(' ', e->err);
        rt__put_esc(e->err, e->defs[i]->variant ? e->defs[i]->variant : "?");
    }
    fputc('\n', e->err);
    return NULL;
}

static void command_help(const RtEngine *e, int c, FILE *out)
{
    fprintf(out, "usage: %s %s\n%s\n", e->prog, commands[c].usage, commands[c].what);
    for (size_t i = 0; i < sizeof opt_specs / sizeof opt_specs[0]; i++)
        if (opt_specs[i].cmds & commands[c].cmd)
            fprintf(out, "  %-12s %-5s  %s\n", opt_specs[i].name, opt_specs[i].arg, opt_specs[i].help);
    fprintf(out, "  %-12s %-5s  %s\nsee docs/cli.md\n", "--help", "", "this text");
}

static void engine_help(const RtEngine *e, FILE *out)
{
    const RtGameDef *d = e->defs[0];
    fprintf(out, "usage: %s COMMAND [options]\n", e->prog);
    fputs("the engine of ", out);
    rt__put_esc(out, d->id ? d->id : "?");
    fputs(" \"", out);
    rt__put_esc(out, d->title ? d->title : "");
    fputs("\"; variants:", out);
    for (int i = 0; i < e->ndefs; i++) {
        fputc(' ', out);
        rt__put_esc(out, e->defs[i]->variant ? e->defs[i]->variant : "?");
    }
    fprintf(out, "\ncommands:\n");
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
        fprintf(out, "  %-7s %s\n", commands[c].name, commands[c].what);
    fprintf(out, "'%s COMMAND --help' lists a command's options; see docs/cli.md\n", e->prog);
}

/* parse_u64: all of s as a decimal unsigned 64-bit integer. */
static int parse_u64(const char *s, uint64_t *v)
{
    if (!s || *s < '0' || *s > '9')
        return 0;
    errno = 0;
    char *end;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || *end)
        return 0;
    *v = (uint64_t)x;
    return 1;
}

/* parse_args: fill a from argv (after the command). Returns -1 when done,
   else an exit status (after --help or an error). */
static int parse_args(const RtEngine *e, int c, int argc, char **argv, Args *a)
{
    const char *cmd = commands[c].name;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            command_help(e, c, e->out);
            return RT_EXIT_OK;
        }
        const char *eq = strchr(arg, '=');
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        const OptSpec *o = NULL;
        for (size_t k = 0; k < sizeof opt_specs / sizeof opt_specs[0]; k++)
            if ((opt_specs[k].cmds & commands[c].cmd) && strlen(opt_specs[k].name) == n
                && strncmp(opt_specs[k].name, arg, n) == 0)
                o = &opt_specs[k];
        if (!o) {
            if (arg[0] == '-')
                fprintf(e->err, "%s: %s: unknown option '%.*s' (see '%s %s --help')\n", e->prog, cmd, (int)n, arg, e->prog, cmd);
            else
                fprintf(e->err, "%s: %s: unexpected argument '%s' (see '%s %s --help')\n", e->prog, cmd, arg, e->prog, cmd);
            return RT_EXIT_USAGE;
        }
        char *field = (char *)a + o->off;
        if (o->type == OPT_FLAG) {
            if (eq) {
                fprintf(e->err, "%s: %s: %s takes no value\n", e->prog, cmd, o->name);
                return RT_EXIT_USAGE;
            }
            *(int *)(void *)field = 1;
            continue;
        }
        const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!val) {
            fprintf(e->err, "%s: %s: %s needs a value\n", e->prog, cmd, o->name);
            return RT_EXIT_USAGE;
        }
        uint64_t u;
        if (o->type == OPT_KDIR) {
            const char *dir = i + 1 < argc ? argv[++i] : NULL;
            if (!parse_u64(val, &u) || u < 1 || u > INT_MAX || !dir) {
                fprintf(e->err, "%s: %s: %s needs a positive count K and a directory DIR\n", e->prog, cmd, o->name);
                return RT_EXIT_USAGE;
            }
            *(int *)(void *)field = (int)u;
            a->worst_dir = dir;
        } else if (o->type == OPT_STR) {
            *(const char **)(void *)field = val;
        } else if (!parse_u64(val, &u) || (o->type == OPT_INT && (u < 1 || u > INT_MAX))
                   || (o->type == OPT_NAT && u > INT_MAX)) {
            fprintf(e->err, "%s: %s: %s: '%s' is not a %s\n", e->prog, cmd, o->name, val,
                    o->type == OPT_INT ? "positive integer"
                    : o->type == OPT_NAT ? "non-negative integer" : "seed (an unsigned integer)");
            return RT_EXIT_USAGE;
        } else if (o->type == OPT_INT || o->type == OPT_NAT) {
            *(int *)(void *)field = (int)u;
        } else {
            *(uint64_t *)(void *)field = u;
            a->seed_given = 1;
        }
    }
    return -1;
}

/* parse_sides: a->sides for a game of def with players seats into sides
   (RT_MAX_PLAYERS of them). Returns 1 if given, 0 if not, -1 after a
   one-line message. */
static int parse_sides(const RtEngine *e, const char *cmd, const Args *a, const RtGameDef *def, int players, int *sides)
{
    char why[1024];
    if (!a->sides)
        return 0;
    if (!rt__sides_parse(def, players, a->sides, sides, why, sizeof why))
        return 1;
    fprintf(e->err, "%s: %s: --sides: ", e->prog, cmd);
    rt__put_esc(e->err, why);
    fputc('\n', e->err);
    return -1;
}

/* new_game: a game of def for the parsed options, or NULL after a message. */
static RtGame *new_game(const RtEngine *e, const char *cmd, const RtGameDef *def, const Args *a, uint64_t seed, int log)
{
    int players = a->players ? a->players : def->min_players;
    if (players < def->min_players || players > def->max_players) {
        fprintf(e->err, "%s: %s: ", e->prog, cmd);
        rt__put_esc(e->err, def->id);
        fprintf(e->err, " takes %d to %d players, not %d\n", def->min_players, def->max_players, players);
        return NULL;
    }
    int sides[RT_MAX_PLAYERS];
    int given = parse_sides(e, cmd, a, def, players, sides);
    if (given < 0)
        return NULL;
    RtOptions opt = {players, seed, log, a->max_rounds, a->max_steps, given ? sides : NULL};
    RtGame *g = rt_new(def, &opt);
    if (!g)
        fprintf(e->err, "%s: %s: cannot start the game\n", e->prog, cmd);
    return g;
}

/* result_line: "result: X wins", "result: draw" or "result: error MSG". */
static void result_line(const RtGame *g, FILE *out)
{
    char buf[128];
    if (rt_failed(g)) {
        fputs("result: error ", out);
        rt__put_esc(out, rt_error(g));
        fputc('\n', out);
        return;
    }
    fputs("result:", out);
    int any = 0;
    for (int p = 0; p < rt_players(g); p++)
        if (rt_is_winner(g, p)) {
            fputs(any ? ", " : " ", out);
            rt__put_esc(out, rt_player_name(g, p, buf, sizeof buf));
            any = 1;
        }
    fputs(any ? " wins\n" : rt_lost(g) ? " every player loses\n" : " draw\n", out);
}

/* make_agent: agents[p], the agent called name (a's budget and rollout),
   seeded for seat p of the game seeded seed. Returns 0; out of memory,
   says so for command cmd, releases agents[0..p-1] and g, and returns
   RT_EXIT_FAIL. */
static int make_agent(const RtEngine *e, const char *cmd, const Args *a, RtAgent *agents, int p, const char *name,
                      uint64_t seed, RtGame *g)
{
    if (rt_agent_by_name(&agents[p], name, a->budget) != 0) {
        fprintf(e->err, "%s: %s: out of memory\n", e->prog, cmd);
        for (int q = 0; q < p; q++)
            rt_agent_release(&agents[q]);
        rt_free(g);
        return RT_EXIT_FAIL;
    }
    agents[p].rollout = a->rollout;
    agents[p].reset(&agents[p], rt__agent_seed(seed, p));
    return 0;
}

/* play: a person at seat vs agents (--opponent: random, greedy or mcts). */
static int cmd_play(const RtEngine *e, const Args *a)
{
    const RtGameDef *def = rt__engine_def(e, "play", a->variant);
    if (!def)
        return RT_EXIT_USAGE;
    const char *opponent = a->opponent ? a->opponent : "random";
    if (strcmp(opponent, "random") != 0 && strcmp(opponent, "greedy") != 0 && strcmp(opponent, "mcts") != 0) {
        fprintf(e->err, "%s: play: --opponent ", e->prog);
        rt__put_esc(e->err, opponent);
        fputs(": not an agent (random, greedy, mcts)\n", e->err);
        return RT_EXIT_USAGE;
    }
    uint64_t seed = a->seed_given ? a->seed : (uint64_t)time(NULL);
    RtGame *g = new_game(e, "play", def, a, seed, 1);
    if (!g)
        return RT_EXIT_USAGE;
    int seat = a->seat ? a->seat - 1 : 0;
    if (seat >= rt_players(g)) {
        fprintf(e->err, "%s: play: --seat %d: the game has %d players\n", e->prog, seat + 1, rt_players(g));
        rt_free(g);
        return RT_EXIT_USAGE;
    }
    char buf[512], t1[256], t2[256], t3[256];
    fprintf(e->out, "%s \"%s\" (%s), seed %llu, you are ", rt__esc(def->id, t1, sizeof t1),
            rt__esc(def->title ? def->title : "", t2, sizeof t2), rt__esc(def->variant, t3, sizeof t3),
            (unsigned long long)seed);
    rt__put_esc(e->out, rt_player_name(g, seat, buf, sizeof buf));
    fprintf(e->out, " against %s\n", opponent);
    RtAgent agents[RT_MAX_PLAYERS];
    RtAgent *ptrs[RT_MAX_PLAYERS];
    for (int p = 0; p < rt_players(g); p++) {
        if (p == seat) {
            rt_agent_human(&agents[p], e->in, e->out);
            agents[p].reset(&agents[p], seed);
        } else if (make_agent(e, "play", a, agents, p, opponent, seed, g) != 0) {
            return RT_EXIT_FAIL;
        }
        ptrs[p] = &agents[p];
    }
    int r = rt_play(g, ptrs);
    for (int p = 0; p < rt_players(g); p++)
        rt_agent_release(&agents[p]);
    rt__log_show(g, agents[seat].seen, seat, e->out);
    int status = RT_EXIT_OK;
    if (r < 0) {
        fprintf(e->out, "end of input: the game was abandoned\n");
        status = RT_EXIT_FAIL;
    } else {
        result_line(g, e->out);
        if (rt_failed(g))
            status = RT_EXIT_FAIL;
    }
    rt_free(g);
    return status;
}

/* cannot_write: the message of an output of sim that failed; returns 0. */
static int cannot_write(const RtEngine *e, const char *path, const RtOut *o)
{
    fprintf(e->err, "%s: sim: cannot write %s: %s\n", e->prog, path, o->why ? o->why : "write error");
    return 0;
}

/* open_out: start the output path of sim (before the simulation, so that
   a path that cannot be written stops it at once). Returns 1, or 0 after
   a message. */
static int open_out(const RtEngine *e, RtOut *o, const char *path)
{
    return rt_out_open(o, path) == 0 ? 1 : cannot_write(e, path, o);
}

/* write_json_log: g's JSON-lines log into the open output o of path, committed. Returns 1, or 0 after a message. */
static int write_json_log(const RtEngine *e, const RtGame *g, RtOut *o, const char *path)
{
    rt_log_json(g, o->f);
    return rt_out_commit(o) == 0 ? 1 : cannot_write(e, path, o);
}

/* tally_var: sp->tally for --tally name: 1 + the index of def's shared
   variable of that name, whose type is int, bool or an enum; 0, or an
   exit status after a message. */
static int tally_var(const RtEngine *e, const char *name, const RtGameDef *def, RtSimSpec *sp)
{
    for (int v = 0; v < def->nvars; v++) {
        const RtVarDef *d = &def->vars[v];
        if (strcmp(d->name, name) != 0)
            continue;
        int type_ok = d->type == RT_TY_INT || d->type == RT_TY_BOOL || d->type >= RT_TY_ENUM;
        if (d->per_player || !type_ok) {
            fprintf(e->err, "%s: sim: --tally ", e->prog);
            rt__put_esc(e->err, name);
            fputs(d->per_player ? ": the variable is per player (tally a shared one)\n"
                                : ": the variable is not an int, a bool or an enum\n", e->err);
            return RT_EXIT_USAGE;
        }
        sp->tally = v + 1;
        return 0;
    }
    fprintf(e->err, "%s: sim: --tally: ", e->prog);
    rt__put_esc(e->err, def->id);
    fputs(" has no variable '", e->err);
    rt__put_esc(e->err, name);
    fputs("'\n", e->err);
    return RT_EXIT_USAGE;
}

/* sim_spec: the simulation of def that a asks for; 0, or an exit status after a message. */
static int sim_spec(const RtEngine *e, const Args *a, const RtGameDef *def, RtSimSpec *sp, char *buf, size_t bsize)
{
    memset(sp, 0, sizeof *sp);
    int players = a->players ? a->players : def->min_players;
    if (players < def->min_players || players > def->max_players) {
        fprintf(e->err, "%s: sim: ", e->prog);
        rt__put_esc(e->err, def->id);
        fprintf(e->err, " takes %d to %d players, not %d\n", def->min_players, def->max_players, players);
        return RT_EXIT_USAGE;
    }
    if ((sp->seating = parse_sides(e, "sim", a, def, players, sp->sides)) < 0)
        return RT_EXIT_USAGE;
    sp->def = def;
    sp->players = players;
    sp->max_rounds = a->max_rounds;
    sp->max_steps = a->max_steps;
    sp->seed = a->seed_given ? a->seed : 1;
    sp->games = a->games ? a->games : 100;
    sp->jobs = a->jobs ? a->jobs : 1;
    sp->budget = a->budget;
    sp->rollout = a->rollout;
    if (rt__agents_parse(sp, a->agents ? a->agents : "random", buf, bsize, e->err, e->prog) != 0)
        return RT_EXIT_USAGE;
    return a->tally ? tally_var(e, a->tally, def, sp) : 0;
}

/* save_worst: the k longest games (most rounds, then most decisions, then
   the first) as replay files DIR/game-I.jsonl, written as one unit (none
   is renamed into DIR unless all were written). Returns 1, or 0 after a
   message. */
static int save_worst(const RtEngine *e, const RtSimSpec *sp, const RtSimResult *r, int k, const char *dir)
{
    if (k > r->games)
        k = r->games;
    char *taken = calloc((size_t)r->games + 1, 1);
    RtOut *outs = calloc((size_t)k + 1, sizeof *outs);
    int *games = calloc((size_t)k + 1, sizeof *games);
    char path[4096];
    int ok = taken && outs && games, n = 0;
    for (; ok && n < k; n++) {
        int best = -1;
        for (int i = 0; i < r->games; i++)
            if (!taken[i] && (best < 0 || r->game[i].rounds > r->game[best].rounds
                              || (r->game[i].rounds == r->game[best].rounds && r->game[i].decisions > r->game[best].decisions)))
                best = i;
        taken[best] = 1;
        games[n] = best;
        snprintf(path, sizeof path, "%s/game-%d.jsonl", dir, best);
        RtGame *g = rt__sim_replay(sp, best);
        if (!g || !open_out(e, &outs[n], path)) {
            if (!g)
                fprintf(e->err, "%s: sim: cannot replay game %d\n", e->prog, best);
            rt_free(g);
            ok = 0;
            break;
        }
        rt_log_json(g, outs[n].f);
        rt_free(g);
        if (rt_out_close(&outs[n]) != 0) {   /* closed now: K may exceed the open files allowed */
            ok = cannot_write(e, path, &outs[n]);
            n++;
            break;
        }
    }
    if (ok) {
        int bad = rt_out_commit_all(outs, n);
        if (bad >= 0) {
            snprintf(path, sizeof path, "%s/game-%d.jsonl", dir, games[bad]);
            ok = cannot_write(e, path, &outs[bad]);
        }
    } else {
        for (int i = 0; outs && i < n; i++)
            rt_out_abort(&outs[i]);
    }
    for (int i = 0; ok && i < n; i++)
        fprintf(e->err, "%s: sim: saved game %d (seed %llu, %d rounds) to %s/game-%d.jsonl\n", e->prog, games[i],
                (unsigned long long)r->game[games[i]].seed, (int)r->game[games[i]].rounds, dir, games[i]);
    free(taken);
    free(outs);
    free(games);
    return ok;
}

/* sim_outputs: check and start sim's output files before it runs: the
   log, the chart (its format by extension) and the folder of the longest
   games (made if missing). Returns 1, or 0 after a message (nothing left
   behind). */
static int sim_outputs(const RtEngine *e, const Args *a, RtOut *log, RtOut *plot, int *png)
{
    const char *why = NULL;
    if (a->plot && (*png = rt__plot_format(a->plot, e->err, e->prog)) < 0)
        return 0;
    if (a->worst && rt_out_folder(a->worst_dir, &why) != 0) {
        fprintf(e->err, "%s: sim: cannot write %s: %s\n", e->prog, a->worst_dir, why);
        return 0;
    }
    if (a->log && !open_out(e, log, a->log))
        return 0;
    if (a->plot && !open_out(e, plot, a->plot)) {
        if (a->log)
            rt_out_abort(log);
        return 0;
    }
    return 1;
}

/* report_errors: a message on the first failed game of r, if any (named:
   after the variant's name). Returns 1 if a game failed. */
static int report_errors(const RtEngine *e, const RtSimResult *r, int named)
{
    long errors = 0;
    int first = -1;
    for (int i = 0; i < r->games; i++)
        if (r->game[i].failed && errors++ == 0)
            first = i;
    if (!errors)
        return 0;
    fprintf(e->err, "%s: sim: ", e->prog);
    if (named) {
        rt__put_esc(e->err, r->def->variant);
        fputs(": ", e->err);
    }
    fprintf(e->err, "%ld game%s failed; first: game %d (seed %llu): ", errors, errors == 1 ? "" : "s", first,
            (unsigned long long)r->game[first].seed);
    rt__put_esc(e->err, r->game[first].error);
    fputc('\n', e->err);
    return 1;
}

/* is_root: 1 if this process reports (no MPI, or rank 0). */
static int is_root(const RtEngine *e)
{
    return !e->dist || e->dist->rank == 0;
}

/* sim_finish: what sim does once its games are played (rank 0): the log
   of game 0, the longest games, the chart, the report. Frees res and
   cres (the --compare run, or NULL); returns the exit status. */
static int sim_finish(const RtEngine *e, const Args *a, const RtSimSpec *sp, RtSimResult *res, RtSimResult *cres,
                      RtOut *logf, RtOut *plotf, int png)
{
    int status = RT_EXIT_OK;
    if (a->log) {
        RtGame *g = rt__sim_replay(sp, 0);
        if (!g) {
            fprintf(e->err, "%s: sim: cannot replay game 0\n", e->prog);
            rt_out_abort(logf);
            status = RT_EXIT_FAIL;
        } else if (!write_json_log(e, g, logf, a->log)) {
            status = RT_EXIT_FAIL;
        }
        rt_free(g);
    }
    if (status == RT_EXIT_OK && a->worst && !save_worst(e, sp, res, a->worst, a->worst_dir))
        status = RT_EXIT_FAIL;
    if (a->plot && status == RT_EXIT_OK) {
        rt__plot(res, sp, png, plotf);
        if (rt_out_commit(plotf) != 0) {
            cannot_write(e, a->plot, plotf);
            status = RT_EXIT_FAIL;
        }
    } else if (a->plot) {
        rt_out_abort(plotf);
    }
    if (status == RT_EXIT_OK) {
        RtReportSpec rs = {sp, res, cres, a->json, a->csv, NULL, NULL, 0};
        rt__report(&rs, e->out);
        if (report_errors(e, res, 0))
            status = RT_EXIT_FAIL;
    }
    rt__sim_free(res);
    if (cres)
        rt__sim_free(cres);
    return status;
}

/* sweep_field_end: the '=' that ends CARD.FIELD in a sweep of a card's
   field (--sweep 'CARD.FIELD=A..B'), or NULL for a list of variants. */
static const char *sweep_field_end(const char *sweep)
{
    return strrchr(sweep, '=');
}

/* sweep_range: s as "A..B" (A <= B) or "A", integers, into *lo and *hi;
   0 if it is neither. */
static int sweep_range(const char *s, long *lo, long *hi)
{
    char *end;
    errno = 0;
    *lo = strtol(s, &end, 10);
    if (end == s || errno || *lo < INT32_MIN || *lo > INT32_MAX)
        return 0;
    *hi = *lo;
    if (*end == '\0')
        return 1;
    if (strncmp(end, "..", 2) != 0)
        return 0;
    const char *t = end + 2;
    *hi = strtol(t, &end, 10);
    return end != t && !errno && *end == '\0' && *hi <= INT32_MAX && *lo <= *hi;
}

/* sweep_point_is: variant def changes field (flen bytes) of card (clen
   bytes) alone (RtGameDef.sweep). */
static const RtSweepPoint *sweep_point_is(const RtGameDef *def, const char *card, size_t clen, const char *field,
                                          size_t flen)
{
    const RtSweepPoint *sp = def->sweep;
    return sp && strlen(sp->card) == clen && memcmp(sp->card, card, clen) == 0 && strlen(sp->field) == flen &&
                   memcmp(sp->field, field, flen) == 0
               ? sp
               : NULL;
}

/* sweep_point_defs: the variants of a->sweep "CARD.FIELD=A..B" into defs
   and their values into values (at most max): for each value from A to B,
   the first variant that changes that field of that card alone to the
   value, or the base game when the card has it there; their number, or -1
   after a message. */
static int sweep_point_defs(const RtEngine *e, const Args *a, const RtGameDef **defs, RtValue *values, int max)
{
    const char *spec = a->sweep, *eq = sweep_field_end(spec), *dot = NULL;
    for (const char *p = spec; p < eq; p++)
        if (*p == '.')
            dot = p;
    long lo, hi;
    if (!dot || dot == spec || dot + 1 == eq || !sweep_range(eq + 1, &lo, &hi)) {
        fprintf(e->err, "%s: sim: --sweep: '", e->prog);
        rt__put_esc(e->err, spec);
        fputs("' is neither variants V,W,... nor CARD.FIELD=A..B (integers, A <= B)\n", e->err);
        return -1;
    }
    size_t clen = (size_t)(dot - spec), flen = (size_t)(eq - dot - 1);
    const RtSweepPoint *any = NULL;
    for (int i = 0; i < e->ndefs && !any; i++)
        any = sweep_point_is(e->defs[i], spec, clen, dot + 1, flen);
    if (!any || hi - lo >= max) {
        fprintf(e->err, "%s: sim: --sweep: ", e->prog);
        if (any)
            fprintf(e->err, "more than %d variants\n", max);
        else {
            fputs("no variant of the engine changes ", e->err);
            fprintf(e->err, "%.*s", (int)(eq - spec), spec);
            fputs(" alone (docs/lab.md \"Sweeps\")\n", e->err);
        }
        return -1;
    }
    int n = 0;
    for (long v = lo; v <= hi; v++) {
        const RtGameDef *found = NULL;
        for (int i = 0; i < e->ndefs && !found; i++) {
            const RtSweepPoint *sp = sweep_point_is(e->defs[i], spec, clen, dot + 1, flen);
            if (sp && sp->value == v)
                found = e->defs[i];
        }
        if (!found && any->base == v)
            found = e->defs[0];
        if (!found) {
            fprintf(e->err, "%s: sim: --sweep: no variant sets %.*s.%.*s to %ld; the engine has it at %ld (base)", e->prog,
                    (int)clen, spec, (int)flen, dot + 1, v, (long)any->base);
            for (int i = 0; i < e->ndefs; i++) {
                const RtSweepPoint *sp = sweep_point_is(e->defs[i], spec, clen, dot + 1, flen);
                if (sp)
                    fprintf(e->err, ", %ld (%s)", (long)sp->value, e->defs[i]->variant);
            }
            fputc('\n', e->err);
            return -1;
        }
        values[n] = (RtValue)v;
        defs[n++] = found;
    }
    return n;
}

/* sweep_defs: the variants of a->sweep (comma-separated, copied into buf;
   or CARD.FIELD=A..B, sweep_point_defs, with their values) into defs (at
   most max); their number, or -1 after a message. */
static int sweep_defs(const RtEngine *e, const Args *a, const RtGameDef **defs, RtValue *values, int max, char *buf,
                      size_t bsize)
{
    if (a->variant || a->compare || a->worst || a->log) {
        fprintf(e->err, "%s: sim: --sweep takes none of --variant, --compare, --save-worst, --log\n", e->prog);
        return -1;
    }
    if (sweep_field_end(a->sweep))
        return sweep_point_defs(e, a, defs, values, max);
    size_t len = strlen(a->sweep);
    if (len + 1 > bsize) {
        fprintf(e->err, "%s: sim: --sweep: the list is too long\n", e->prog);
        return -1;
    }
    memcpy(buf, a->sweep, len + 1);
    int n = 0;
    for (char *p = buf;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (!*p) {
            fprintf(e->err, "%s: sim: --sweep: an empty variant name in '%s'\n", e->prog, a->sweep);
            return -1;
        }
        if (n == max) {
            fprintf(e->err, "%s: sim: --sweep: more than %d variants\n", e->prog, max);
            return -1;
        }
        if (!(defs[n++] = rt__engine_def(e, "sim", p)))
            return -1;
        if (!comma)
            return n;
        p = comma + 1;
    }
}

#define SWEEP_MAX 32

/* sweep_reports: the report of each variant of a sweep (n of them, in
   order; a CSV is one table, each row led by its variant and the value
   swept). Returns 1 if a game failed (reported). */
static int sweep_reports(const RtEngine *e, const Args *a, RtSimSpec *sp, const RtGameDef *const *defs,
                         const RtValue *values, const RtSimResult *res, int n)
{
    const char *eq = sweep_field_end(a->sweep);
    char head[600];   /* "CARD.FIELD," as a CSV field (quoted when it holds a comma or a quote) */
    if (eq) {
        size_t h = 0, len = (size_t)(eq - a->sweep);
        int quote = memchr(a->sweep, ',', len) || memchr(a->sweep, '"', len);
        if (quote)
            head[h++] = '"';
        for (const char *p = a->sweep; p < eq && h + 8 < sizeof head; p++) {
            if (*p == '"')
                head[h++] = '"';
            head[h++] = (char)((unsigned char)*p < ' ' ? ' ' : *p);
        }
        if (quote)
            head[h++] = '"';
        memcpy(head + h, ",", 2);
    }
    int failed_games = 0;
    for (int k = 0; k < n; k++) {
        sp->def = defs[k];
        char lead[600], lead_head[640];
        snprintf(lead_head, sizeof lead_head, "variant,%s", eq ? head : "");
        if (eq)
            snprintf(lead, sizeof lead, "%s,%ld,", defs[k]->variant, (long)values[k]);
        else
            snprintf(lead, sizeof lead, "%s,", defs[k]->variant);
        RtReportSpec rs = {sp, &res[k], NULL, a->json, a->csv, lead_head, lead, k > 0};
        if (k && !a->json && !a->csv)
            fputc('\n', e->out);
        rt__report(&rs, e->out);
        failed_games |= report_errors(e, &res[k], 1);
    }
    return failed_games;
}

/* sweep_plot: the chart of a sweep (rt__plot_sweep) into plotf, opened
   before the games, committed here. Returns 1, or 0 after a message. */
static int sweep_plot(const RtEngine *e, const Args *a, const RtSimSpec *sp, const RtValue *values,
                      const RtSimResult *res, int n, RtOut *plotf, int png)
{
    const char *eq = sweep_field_end(a->sweep);
    char axis[300], labels[SWEEP_MAX][16];
    const char *label[SWEEP_MAX];
    snprintf(axis, sizeof axis, "%.*s", eq ? (int)(eq - a->sweep) : 0, a->sweep);
    for (int k = 0; k < n; k++) {
        snprintf(labels[k], sizeof labels[k], "%ld", (long)values[k]);
        label[k] = eq ? labels[k] : res[k].def->variant;
    }
    rt__plot_sweep(res, n, label, eq ? axis : "variant", sp, png, plotf);
    if (rt_out_commit(plotf) != 0) {
        cannot_write(e, a->plot, plotf);
        return 0;
    }
    return 1;
}

/* sweep: each variant of --sweep played on the same seeds (on --jobs
   threads, shared between processes with MPI), then a report each, in
   the list's order: what 'sim --variant V' prints for each V. */
static int cmd_sweep(const RtEngine *e, const Args *a)
{
    const RtGameDef *defs[SWEEP_MAX] = {NULL};
    RtValue values[SWEEP_MAX];
    char list[1024], abuf[1024];
    int n = sweep_defs(e, a, defs, values, SWEEP_MAX, list, sizeof list);
    if (n <= 0)   /* a list is never empty */
        return RT_EXIT_USAGE;
    RtSimSpec sp;
    int st = sim_spec(e, a, defs[0], &sp, abuf, sizeof abuf);
    if (st)
        return st;
    for (int k = 1; k < n; k++)
        if (defs[k]->min_players > sp.players || defs[k]->max_players < sp.players) {
            fprintf(e->err, "%s: sim: --sweep: ", e->prog);
            rt__put_esc(e->err, defs[k]->variant);
            fprintf(e->err, " takes %d to %d players, not %d\n", defs[k]->min_players, defs[k]->max_players, sp.players);
            return RT_EXIT_USAGE;
        }
    for (int k = 1; k < n; k++)
        if (parse_sides(e, "sim", a, defs[k], sp.players, sp.sides) < 0)
            return RT_EXIT_USAGE;
    RtOut logf = {0}, plotf = {0};   /* only the chart: a sweep writes no log */
    int png = 0, opened = !is_root(e) || sim_outputs(e, a, &logf, &plotf, &png);
    if (e->dist && !e->dist->agree(e->dist, opened)) {
        rt_out_abort(&plotf);
        return RT_EXIT_FAIL;
    }
    if (!opened)
        return RT_EXIT_FAIL;
    int fd = fileno(e->err);
    sp.progress = is_root(e) && fd >= 0 && isatty(fd) ? e->err : NULL;
    sp.dist = e->dist;
    RtSimResult res[SWEEP_MAX];   /* no allocation that one process alone could fail */
    int done = 0, status = RT_EXIT_OK;
    for (; done < n; done++) {
        sp.def = defs[done];
        if (parse_sides(e, "sim", a, sp.def, sp.players, sp.sides) < 0) {   /* checked before: each variant has the sides */
            status = RT_EXIT_USAGE;
            break;
        }
        if (rt__sim_run(&sp, &res[done], e->err) != 0) {
            status = RT_EXIT_FAIL;
            break;
        }
    }
    int ok = status == RT_EXIT_OK && is_root(e);   /* the chart first, then the reports (as sim) */
    if (ok && a->plot && !sweep_plot(e, a, &sp, values, res, done, &plotf, png))
        ok = 0, status = RT_EXIT_FAIL;
    else if (a->plot && !ok)
        rt_out_abort(&plotf);
    if (ok && sweep_reports(e, a, &sp, defs, values, res, done))
        status = RT_EXIT_FAIL;
    for (int k = 0; k < done; k++)
        rt__sim_free(&res[k]);
    return status;
}

/* sim: games between agents (random by default) on --jobs threads; game
   i is seeded with the (i+1)-th splitmix64 output from the seed; the
   report is in game order, so it never depends on --jobs, nor on how
   many processes share the games (e->dist). */
static int cmd_sim(const RtEngine *e, const Args *a)
{
    if (a->json && a->csv) {
        fprintf(e->err, "%s: sim: --json and --csv exclude each other\n", e->prog);
        return RT_EXIT_USAGE;
    }
    if (a->sweep)
        return cmd_sweep(e, a);
    const RtGameDef *def = rt__engine_def(e, "sim", a->variant);
    if (!def)
        return RT_EXIT_USAGE;
    const RtGameDef *cdef = NULL;
    if (a->compare && !(cdef = rt__engine_def(e, "sim", a->compare)))
        return RT_EXIT_USAGE;
    RtSimSpec sp, cp;
    char abuf[1024];
    int st = sim_spec(e, a, def, &sp, abuf, sizeof abuf);
    if (st)
        return st;
    if (cdef && (cdef->min_players > sp.players || cdef->max_players < sp.players)) {
        fprintf(e->err, "%s: sim: --compare %s: it takes %d to %d players, not %d\n", e->prog, a->compare,
                cdef->min_players, cdef->max_players, sp.players);
        return RT_EXIT_USAGE;
    }
    int csides[RT_MAX_PLAYERS] = {0};   /* cdef's numbers of the sides of --sides */
    if (cdef && parse_sides(e, "sim", a, cdef, sp.players, csides) < 0)
        return RT_EXIT_USAGE;
    RtOut logf = {0}, plotf = {0};
    int png = 0, root = is_root(e);
    /* only rank 0 writes files; every process learns whether it could */
    int ok = !root || sim_outputs(e, a, &logf, &plotf, &png);
    if (e->dist && !e->dist->agree(e->dist, ok)) {
        rt_out_abort(&logf);
        rt_out_abort(&plotf);
        return RT_EXIT_FAIL;
    }
    if (!ok)
        return RT_EXIT_FAIL;
    int fd = fileno(e->err);
    sp.progress = root && fd >= 0 && isatty(fd) ? e->err : NULL;
    sp.dist = e->dist;
    RtSimResult res, cres;
    int failed = rt__sim_run(&sp, &res, e->err) != 0;
    if (!failed && cdef) {
        cp = sp;
        cp.def = cdef;
        memcpy(cp.sides, csides, sizeof cp.sides);
        if (rt__sim_run(&cp, &cres, e->err) != 0) {
            rt__sim_free(&res);
            failed = 1;
        }
    }
    if (failed || !root) {
        rt_out_abort(&logf);
        rt_out_abort(&plotf);
        if (!failed) {
            rt__sim_free(&res);
            if (cdef)
                rt__sim_free(&cres);
        }
        return failed ? RT_EXIT_FAIL : RT_EXIT_OK;
    }
    return sim_finish(e, a, &sp, &res, cdef ? &cres : NULL, &logf, &plotf, png);
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* bench: --games games (default 20000) of the base game between random
   agents on one thread, seeded as sim's; then one MCTS agent (--budget,
   default 200) deciding for seat 1 in games against random agents until
   2 seconds have passed. Prints one JSON line with the rates and a
   checksum of the winners (seat of the first winner + 1, summed with
   weights), which the reference engines in bench/ print too. */
static int cmd_bench(const RtEngine *e, const Args *a)
{
    const RtGameDef *def = e->defs[0];
    int games = a->games ? a->games : 20000;
    uint64_t seed = a->seed_given ? a->seed : 1;
    RtOptions opt = {def->min_players, 0, 0, 0, 0, NULL};
    RtAgent agents[RT_MAX_PLAYERS], *seats[RT_MAX_PLAYERS];
    for (int p = 0; p < def->min_players; p++) {
        rt_agent_random(&agents[p]);
        seats[p] = &agents[p];
    }
    uint64_t check = 0;
    double t0 = now_seconds();
    RtGame *g = NULL;   /* one game, reset for each seed (rt_reset) */
    for (int i = 0; i < games; i++) {
        opt.seed = rt__splitmix_at(seed, (uint64_t)i);
        if (!g)
            g = rt_new(def, &opt);
        else
            rt_reset(g, opt.seed);
        if (!g)
            return RT_EXIT_FAIL;
        for (int p = 0; p < opt.players; p++)
            agents[p].reset(&agents[p], rt__agent_seed(opt.seed, p));
        rt_play(g, seats);
        int w = 0;
        for (int p = 0; p < opt.players && !w; p++)
            if (rt_is_winner(g, p))
                w = p + 1;
        check = check * 31 + (uint64_t)w;
    }
    rt_free(g);
    double t1 = now_seconds();
    RtAgent m;
    if (rt_agent_mcts(&m, a->budget) != 0)
        return RT_EXIT_FAIL;
    long iters = 0;
    double limit = a->mcts_seconds >= 0 ? a->mcts_seconds : 2.0;
    double t2 = now_seconds(), t3 = t2;
    for (int i = 0; t3 - t2 < limit; i++) {
        opt.seed = rt__splitmix_at(seed ^ 0x5bd1e995u, (uint64_t)i);
        RtGame *g = rt_new(def, &opt);
        if (!g)
            break;
        m.reset(&m, opt.seed);
        for (int p = 0; p < opt.players; p++)
            agents[p].reset(&agents[p], rt__agent_seed(opt.seed, p));
        while (rt_advance(g) && t3 - t2 < limit) {
            int p = rt_decision_player(g);
            if (p == 0) {
                rt_apply(g, m.choose(&m, g));
                iters += m.budget;
                t3 = now_seconds();
            } else {
                rt_apply(g, agents[p].choose(&agents[p], g));
            }
        }
        rt_free(g);
        t3 = now_seconds();
    }
    rt_agent_release(&m);
    fputs("{\"game\":", e->out);
    rt__json_str(e->out, def->id);
    fprintf(e->out, ",\"games\":%d,\"seed\":%llu,\"seconds\":%.6f,\"games_per_second\":%.1f,\"winners_checksum\":%llu,"
                    "\"mcts_budget\":%d,\"mcts_iterations\":%ld,\"mcts_seconds\":%.6f,\"mcts_iterations_per_second\":%.1f}\n",
            games, (unsigned long long)seed, t1 - t0, games / (t1 - t0), (unsigned long long)check, m.budget, iters, t3 - t2,
            t3 > t2 ? iters / (t3 - t2) : 0.0);
    return RT_EXIT_OK;
}

/* log: one game from --choices, then random agents; prints its log. */
static int cmd_log(const RtEngine *e, const Args *a)
{
    const RtGameDef *def = rt__engine_def(e, "log", a->variant);
    if (!def)
        return RT_EXIT_USAGE;
    uint64_t seed = a->seed_given ? a->seed : 1;
    RtGame *g = new_game(e, "log", def, a, seed, 1);
    if (!g)
        return RT_EXIT_USAGE;
    if (a->viewer > rt_players(g)) {
        fprintf(e->err, "%s: log: --viewer %d: the game has %d players\n", e->prog, a->viewer, rt_players(g));
        rt_free(g);
        return RT_EXIT_USAGE;
    }
    RtAgent agents[RT_MAX_PLAYERS];
    RtSimSpec sp;
    char abuf[1024];
    memset(&sp, 0, sizeof sp);
    sp.players = rt_players(g);
    if (rt__agents_parse(&sp, a->agents ? a->agents : "random", abuf, sizeof abuf, e->err, e->prog) != 0) {
        rt_free(g);
        return RT_EXIT_USAGE;
    }
    for (int p = 0; p < rt_players(g); p++)
        if (make_agent(e, "log", a, agents, p, sp.agents[p], seed, g) != 0)
            return RT_EXIT_FAIL;
    const char *c = a->choices;
    while (rt_advance(g)) {
        int i;
        if (c && *c) {
            char *end;
            errno = 0;
            long v = strtol(c, &end, 10);
            if (end == c || errno || v < 0 || v > INT_MAX || (*end && *end != ',')) {
                fprintf(e->err, "%s: log: --choices: '%s' is not a list of option indices\n", e->prog, a->choices);
                for (int p = 0; p < rt_players(g); p++)
                    rt_agent_release(&agents[p]);
                rt_free(g);
                return RT_EXIT_USAGE;
            }
            i = (int)v;
            c = *end ? end + 1 : end;
        } else {
            RtAgent *ag = &agents[rt_decision_player(g)];
            i = ag->choose(ag, g);
        }
        rt_apply(g, i);
    }
    if (a->json)
        rt_log_json(g, e->out);
    else
        rt_log_text(g, a->viewer ? a->viewer - 1 : -1, e->out);
    int status = rt_failed(g) ? RT_EXIT_FAIL : RT_EXIT_OK;
    for (int p = 0; p < rt_players(g); p++)
        rt_agent_release(&agents[p]);
    rt_free(g);
    return status;
}

/* rt_engine_run: see cardrt.h. */
int rt_engine_run(int argc, char **argv, const RtGameDef *const *defs, int ndefs, FILE *in, FILE *out, FILE *err)
{
    return rt__engine_run_dist(argc, argv, defs, ndefs, in, out, err, NULL);
}

/* rt__engine_run_dist: see rt_engine.h. */
int rt__engine_run_dist(int argc, char **argv, const RtGameDef *const *defs, int ndefs, FILE *in, FILE *out, FILE *err,
                        const RtSimDist *dist)
{
    RtEngine e = {argc > 0 && argv[0] ? argv[0] : "engine", defs, ndefs, in, out, err, dist};
    if (!defs || ndefs < 1 || !defs[0]) {
        fprintf(err, "%s: no game\n", e.prog);
        return RT_EXIT_USAGE;
    }
    if (argc < 2) {
        engine_help(&e, err);
        return RT_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        engine_help(&e, out);
        return RT_EXIT_OK;
    }
    if (dist && dist->rank != 0 && strcmp(cmd, "sim") != 0)
        return RT_EXIT_OK;   /* rank 0 runs it alone */
    if (strcmp(cmd, "replay") == 0)
        return rt__replay_main(&e, argc - 2, argv + 2);
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++) {
        if (strcmp(cmd, commands[c].name) != 0)
            continue;
        Args a;
        memset(&a, 0, sizeof a);
        a.mcts_seconds = -1;
        int r = parse_args(&e, (int)c, argc - 2, argv + 2, &a);
        if (r >= 0)
            return r;
        switch (commands[c].cmd) {
        case CMD_PLAY: return cmd_play(&e, &a);
        case CMD_SIM: return cmd_sim(&e, &a);
        case CMD_BENCH: return cmd_bench(&e, &a);
        default: return cmd_log(&e, &a);
        }
    }
    fprintf(err, "%s: unknown command '%s' (see '%s --help')\n", e.prog, cmd, e.prog);
    return RT_EXIT_USAGE;
}

/* rt_engine_main: rt_engine_run on stdin, stdout and stderr. */
int rt_engine_main(int argc, char **argv, const RtGameDef *const *defs, int ndefs)
{
    int r = rt_engine_run(argc, argv, defs, ndefs, stdin, stdout, stderr);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write the standard output: %s\n", argc > 0 && argv[0] ? argv[0] : "engine",
                strerror(errno));
        return r ? r : RT_EXIT_FAIL;
    }
    return r;
}
