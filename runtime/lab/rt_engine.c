/* rt_engine.c: the engine's command line: its options, play, bench and log (sim is in rt_sim_cmd.c, replay in
   rt_replay.c); see docs/cli.md. */
#include "rt_engine.h"
#include "rt_lab.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Salt of the random agents' seeds (the first 64 bits of sqrt(2)'s fraction). */
#define AGENT_SALT 0x6a09e667f3bcc909u

enum { CMD_PLAY = 1, CMD_SIM = 2, CMD_LOG = 4, CMD_BENCH = 8, CMD_SECRETS = 16 };
enum { OPT_INT, OPT_U64, OPT_STR, OPT_FLAG, OPT_KDIR, OPT_NAT };   /* OPT_INT: >= 1; OPT_NAT: >= 0 */

typedef struct OptSpec {
    const char *name;
    int type;
    size_t off;
    int cmds;            /* CMD_* that accept it */
    const char *arg, *help;
} OptSpec;

static const OptSpec opt_specs[] = {
    {"--seat", OPT_INT, offsetof(RtArgs, seat), CMD_PLAY, "N", "your seat, 1-based (default 1)"},
    {"--seed", OPT_U64, offsetof(RtArgs, seed), CMD_PLAY | CMD_SIM | CMD_LOG | CMD_BENCH | CMD_SECRETS, "S", "the seed (an unsigned 64-bit integer)"},
    {"--players", OPT_INT, offsetof(RtArgs, players), CMD_PLAY | CMD_SIM | CMD_LOG | CMD_SECRETS, "N", "number of players (default: the game's minimum)"},
    {"--variant", OPT_STR, offsetof(RtArgs, variant), CMD_PLAY | CMD_SIM | CMD_LOG | CMD_SECRETS, "V", "the variant (default: the base game)"},
    {"--sides", OPT_STR, offsetof(RtArgs, sides), CMD_PLAY | CMD_SIM | CMD_LOG | CMD_SECRETS, "S,T", "the side each seat plays, by name (default: seat N the N-th side)"},
    {"--games", OPT_INT, offsetof(RtArgs, games), CMD_SIM | CMD_BENCH | CMD_SECRETS, "N", "number of games (default 100; secrets: 10)"},
    {"--every", OPT_INT, offsetof(RtArgs, every), CMD_SECRETS, "K", "start a redrawn world at every K-th decision (default 1)"},
    {"--json", OPT_FLAG, offsetof(RtArgs, json), CMD_SIM | CMD_LOG, "", "JSON output"},
    {"--log", OPT_STR, offsetof(RtArgs, log), CMD_SIM, "FILE", "write the JSON-lines log of game 0 to FILE"},
    {"--max-rounds", OPT_INT, offsetof(RtArgs, max_rounds), CMD_PLAY | CMD_SIM | CMD_LOG | CMD_SECRETS, "N", "a game not over after N rounds fails (default 1000)"},
    {"--max-steps", OPT_INT, offsetof(RtArgs, max_steps), CMD_PLAY | CMD_SIM | CMD_LOG | CMD_SECRETS, "N", "a game past N steps (loops gone round again, rounds) fails (default 1000000)"},
    {"--choices", OPT_STR, offsetof(RtArgs, choices), CMD_LOG, "L", "option indices (0-based, comma-separated) for the first decisions"},
    {"--viewer", OPT_INT, offsetof(RtArgs, viewer), CMD_LOG, "N", "print the log (text or --json) as seat N (1-based) sees it"},
    {"--opponent", OPT_STR, offsetof(RtArgs, opponent), CMD_PLAY, "A", "the agent of the other seats: random, greedy, mcts (default random)"},
    {"--agents", OPT_STR, offsetof(RtArgs, agents), CMD_SIM | CMD_LOG, "A,B", "agent per seat: random, greedy, mcts (default random)"},
    {"--budget", OPT_INT, offsetof(RtArgs, budget), CMD_PLAY | CMD_SIM | CMD_LOG | CMD_BENCH, "N", "mcts iterations per decision (default 200)"},
    {"--rollout", OPT_INT, offsetof(RtArgs, rollout), CMD_PLAY | CMD_SIM | CMD_LOG, "N", "mcts: cut each rollout after N decisions and let the game's score decide (default: play it out)"},
    {"--mcts-seconds", OPT_NAT, offsetof(RtArgs, mcts_seconds), CMD_BENCH, "S", "seconds of MCTS timing (default 2; 0: none)"},
    {"--jobs", OPT_NAT, offsetof(RtArgs, jobs), CMD_SIM, "J", "threads (default 1; 0: one per CPU it may use); the output does not depend on it"},
    {"--csv", OPT_FLAG, offsetof(RtArgs, csv), CMD_SIM, "", "CSV output"},
    {"--compare", OPT_STR, offsetof(RtArgs, compare), CMD_SIM, "V", "also run variant V on the same seeds and report the difference"},
    {"--sweep", OPT_STR, offsetof(RtArgs, sweep), CMD_SIM, "V,W", "play each variant listed (or CARD.FIELD=A..B: those that set it) on the same seeds, a report each"},
    {"--tally", OPT_STR, offsetof(RtArgs, tally), CMD_SIM, "VAR", "count the games by the value a shared variable (int, bool or enum) has when each ends"},
    {"--plot", OPT_STR, offsetof(RtArgs, plot), CMD_SIM, "FILE", "draw win rates and game lengths (a sweep: win rates over its variants) to FILE.svg or FILE.png"},
    {"--save-worst", OPT_KDIR, offsetof(RtArgs, worst), CMD_SIM, "K DIR", "write the K longest games as replay files into DIR"},
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
    {"secrets", CMD_SECRETS, "secrets [--games N] [--seed S] [--every K] [--players N] [--sides S,T] [--variant V] [--max-rounds N] [--max-steps N]",
     "check that no seat's log or screen depends on what it may not know: redraw it, replay the same decisions, compare"},
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

/* parse_u64: all of s as a decimal unsigned 64-bit integer: 1, with *v
   set; 2 when s is digits past 2^64 - 1 (*v = UINT64_MAX); 0 when s is
   not a number. */
static int parse_u64(const char *s, uint64_t *v)
{
    if (!s || *s < '0' || *s > '9')
        return 0;
    errno = 0;
    char *end;
    unsigned long long x = strtoull(s, &end, 10);
    if (*end)
        return 0;
    *v = errno ? UINT64_MAX : (uint64_t)x;   /* digits past 2^64 - 1: out of every range */
    return errno ? 2 : 1;
}

/* parse_args: fill a from argv (after the command). Returns -1 when done,
   else an exit status (after --help or an error). */
static int parse_args(const RtEngine *e, int c, int argc, char **argv, RtArgs *a)
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
        int num;
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
        } else if ((num = parse_u64(val, &u)) == 0 || (o->type == OPT_INT && u < 1)) {
            fprintf(e->err, "%s: %s: %s: '%s' is not a %s\n", e->prog, cmd, o->name, val,
                    o->type == OPT_INT ? "positive integer"
                    : o->type == OPT_NAT ? "non-negative integer" : "seed (an unsigned integer)");
            return RT_EXIT_USAGE;
        } else if (num == 2 || ((o->type == OPT_INT || o->type == OPT_NAT) && u > INT_MAX)) {
            if (o->type == OPT_INT || o->type == OPT_NAT)
                fprintf(e->err, "%s: %s: %s: '%s' is out of range (%d..%d)\n", e->prog, cmd, o->name, val,
                        o->type == OPT_INT ? 1 : 0, INT_MAX);
            else
                fprintf(e->err, "%s: %s: %s: '%s' is out of range (0..%llu)\n", e->prog, cmd, o->name, val,
                        (unsigned long long)UINT64_MAX);
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

/* rt__parse_sides: see rt_engine.h. */
int rt__parse_sides(const RtEngine *e, const char *cmd, const RtArgs *a, const RtGameDef *def, int players, int *sides)
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
/* rt__engine_game: see rt_engine.h. */
RtGame *rt__engine_game(const RtEngine *e, const char *cmd, const RtGameDef *def, const RtArgs *a, uint64_t seed, int log)
{
    int players = a->players ? a->players : def->min_players;
    if (players < def->min_players || players > def->max_players) {
        fprintf(e->err, "%s: %s: ", e->prog, cmd);
        rt__put_esc(e->err, def->id);
        fprintf(e->err, " takes %d to %d players, not %d\n", def->min_players, def->max_players, players);
        return NULL;
    }
    int sides[RT_MAX_PLAYERS];
    int given = rt__parse_sides(e, cmd, a, def, players, sides);
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
static int make_agent(const RtEngine *e, const char *cmd, const RtArgs *a, RtAgent *agents, int p, const char *name,
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
static int cmd_play(const RtEngine *e, const RtArgs *a)
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
    RtGame *g = rt__engine_game(e, "play", def, a, seed, 1);
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
static int cmd_bench(const RtEngine *e, const RtArgs *a)
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
static int cmd_log(const RtEngine *e, const RtArgs *a)
{
    const RtGameDef *def = rt__engine_def(e, "log", a->variant);
    if (!def)
        return RT_EXIT_USAGE;
    uint64_t seed = a->seed_given ? a->seed : 1;
    RtGame *g = rt__engine_game(e, "log", def, a, seed, 1);
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
        rt_log_json_as(g, a->viewer ? a->viewer - 1 : -1, e->out);
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
        RtArgs a;
        memset(&a, 0, sizeof a);
        a.mcts_seconds = -1;
        a.jobs = -1;
        int r = parse_args(&e, (int)c, argc - 2, argv + 2, &a);
        if (r >= 0)
            return r;
        switch (commands[c].cmd) {
        case CMD_PLAY: return cmd_play(&e, &a);
        case CMD_SIM: return rt__sim_main(&e, &a);
        case CMD_BENCH: return cmd_bench(&e, &a);
        case CMD_SECRETS: return rt__secrets_main(&e, &a);
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
