/* rt_sim_cmd.c: the engine's sim command (rt__sim_main): one simulation, a
   comparison of two variants, or a sweep; its files (log, chart, longest
   games) and its report; see docs/lab.md and docs/cli.md. */
#define _GNU_SOURCE   /* sched_getaffinity: the CPUs --jobs 0 may use */
#include "rt_engine.h"
#include "rt_lab.h"

#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* usable_cpus: the CPUs this process may run on (--jobs 0): its affinity
   mask (which mpirun's binding and Slurm's allocation set), else the
   processors online; at least 1. */
static int usable_cpus(void)
{
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

/* sim_spec: the simulation of def that a asks for; 0, or an exit status after a message. */
static int sim_spec(const RtEngine *e, const RtArgs *a, const RtGameDef *def, RtSimSpec *sp, char *buf, size_t bsize)
{
    memset(sp, 0, sizeof *sp);
    int players = a->players ? a->players : def->min_players;
    if (players < def->min_players || players > def->max_players) {
        fprintf(e->err, "%s: sim: ", e->prog);
        rt__put_esc(e->err, def->id);
        fprintf(e->err, " takes %d to %d players, not %d\n", def->min_players, def->max_players, players);
        return RT_EXIT_USAGE;
    }
    if ((sp->seating = rt__parse_sides(e, "sim", a, def, players, sp->sides)) < 0)
        return RT_EXIT_USAGE;
    sp->def = def;
    sp->players = players;
    sp->max_rounds = a->max_rounds;
    sp->max_steps = a->max_steps;
    sp->seed = a->seed_given ? a->seed : 1;
    sp->games = a->games ? a->games : 100;
    sp->jobs = a->jobs > 0 ? a->jobs : a->jobs == 0 ? usable_cpus() : 1;
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
static int sim_outputs(const RtEngine *e, const RtArgs *a, RtOut *log, RtOut *plot, int *png)
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
static int sim_finish(const RtEngine *e, const RtArgs *a, const RtSimSpec *sp, RtSimResult *res, RtSimResult *cres,
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

/* sweep_card: the card named name (len bytes) in any variant of the
   engine, or NULL; *def its variant. With fold, the name's letters in
   either case (for a suggestion). */
static const RtCardDef *sweep_card(const RtEngine *e, const char *name, size_t len, int fold, const RtGameDef **def)
{
    for (int i = 0; i < e->ndefs; i++)
        for (int c = 0; c < e->defs[i]->ncards; c++) {
            const char *n = e->defs[i]->cards[c].name;
            if (strlen(n) != len)
                continue;
            size_t k = 0;
            while (k < len && (n[k] == name[k] || (fold && tolower((unsigned char)n[k]) == tolower((unsigned char)name[k]))))
                k++;
            if (k == len) {
                *def = e->defs[i];
                return &e->defs[i]->cards[c];
            }
        }
    return NULL;
}

/* put_quoted: s (len bytes) as a string of the language, to out:
   quotes and backslashes escaped, control bytes as rt__put_esc writes them. */
static void put_quoted(FILE *out, const char *s, size_t len)
{
    char buf[512];
    size_t n = 0;
    for (size_t i = 0; i < len && n + 3 < sizeof buf; i++) {
        if (s[i] == '"' || s[i] == '\\')
            buf[n++] = '\\';
        buf[n++] = s[i];
    }
    buf[n] = '\0';
    fputc('"', out);
    rt__put_esc(out, buf);
    fputc('"', out);
}

/* sweep_unswept: the message for a sweep of card.field (clen and flen
   bytes) from lo to hi that no variant of the engine makes: the engine
   has no such card (and the one of that name in other letter case, if
   any), or the family of variants that would make it, to declare in the
   game's folder. */
static void sweep_unswept(const RtEngine *e, const char *card, size_t clen, const char *field, size_t flen, long lo,
                          long hi)
{
    const RtGameDef *def = NULL;
    const RtCardDef *c = sweep_card(e, card, clen, 0, &def);
    fprintf(e->err, "%s: sim: --sweep: ", e->prog);
    if (!c) {
        fputs("the engine has no card ", e->err);
        put_quoted(e->err, card, clen);
        if ((c = sweep_card(e, card, clen, 1, &def))) {
            fputs(" (did you mean ", e->err);
            put_quoted(e->err, c->name, strlen(c->name));
            fputs("?)", e->err);
        }
        fputc('\n', e->err);
        return;
    }
    /* the family's name: the card's and the field's letters and digits, in lower case */
    char name[64];
    size_t n = 0;
    for (size_t i = 0; i < clen + 1 + flen && n + 2 < sizeof name; i++) {
        unsigned char ch = (unsigned char)(i < clen ? card[i] : i == clen ? '_' : field[i - clen - 1]);
        if (isalnum(ch) && ch < 0x80)
            name[n++] = (char)tolower(ch);
        else if (n > 0 && name[n - 1] != '_')
            name[n++] = '_';
    }
    name[n] = '\0';
    fputs("no variant of the engine changes ", e->err);
    rt__put_esc(e->err, c->name);
    fprintf(e->err, ".%.*s alone; a family of variants declared in the game's folder does, once the engine is built "
            "again: variant %s%s of ", (int)flen, field, isalpha((unsigned char)name[0]) ? "" : "v_", name);
    rt__put_esc(e->err, def->id);
    fputs(" for v in ", e->err);
    fprintf(e->err, "%ld..%ld { set card ", lo, hi);
    rt__put_esc(e->err, def->kinds[c->kind].name);
    fputc(' ', e->err);
    put_quoted(e->err, c->name, strlen(c->name));
    fprintf(e->err, " { %.*s v } } (docs/lab.md \"Sweeps\")\n", (int)flen, field);
}

/* sweep_point_defs: the variants of a->sweep "CARD.FIELD=A..B" into defs
   and their values into values (at most max): for each value from A to B,
   the first variant that changes that field of that card alone to the
   value, or the base game when the card has it there; their number, or -1
   after a message. */
static int sweep_point_defs(const RtEngine *e, const RtArgs *a, const RtGameDef **defs, RtValue *values, int max)
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
    if (!any) {
        sweep_unswept(e, spec, clen, dot + 1, flen, lo, hi);
        return -1;
    }
    if (hi - lo >= max) {
        fprintf(e->err, "%s: sim: --sweep: more than %d variants\n", e->prog, max);
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
static int sweep_defs(const RtEngine *e, const RtArgs *a, const RtGameDef **defs, RtValue *values, int max, char *buf,
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
static int sweep_reports(const RtEngine *e, const RtArgs *a, RtSimSpec *sp, const RtGameDef *const *defs,
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
static int sweep_plot(const RtEngine *e, const RtArgs *a, const RtSimSpec *sp, const RtValue *values,
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
static int cmd_sweep(const RtEngine *e, const RtArgs *a)
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
        if (rt__parse_sides(e, "sim", a, defs[k], sp.players, sp.sides) < 0)
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
        if (rt__parse_sides(e, "sim", a, sp.def, sp.players, sp.sides) < 0) {   /* checked before: each variant has the sides */
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
int rt__sim_main(const RtEngine *e, const RtArgs *a)
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
    if (cdef && rt__parse_sides(e, "sim", a, cdef, sp.players, csides) < 0)
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
