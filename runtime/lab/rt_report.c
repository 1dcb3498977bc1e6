/* rt_report.c: statistics of a simulation (win rates with 95% intervals,
   first-player advantage (none with one player or in a co-operative game), game lengths,
   per-card play statistics, a comparison of two variants) written as
   text, one JSON line or CSV. */
#include "rt_lab.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define Z95 1.959963984540054

/* rt__wilson: see rt_lab.h. n == 0 gives 0 [0, 1]. */
RtRate rt__wilson(double k, double n)
{
    RtRate r = {0, 0, 1};
    if (n <= 0)
        return r;
    double p = k / n, z2 = Z95 * Z95;
    double den = 1 + z2 / n;
    double mid = (p + z2 / (2 * n)) / den;
    double half = Z95 * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den;
    r.rate = p;
    r.lo = mid - half < 0 ? 0 : mid - half;
    r.hi = mid + half > 1 ? 1 : mid + half;
    return r;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* no_rival: 1 when r's first player wins or loses with every player: a
   game of one player, or one whose seats all play the same side (a
   co-operative game such as Dark Side Rising); else 0 (also in a game of
   several players without sides). */
static int no_rival(const RtSimResult *r)
{
    if (r->players == 1)
        return 1;
    if (r->players < 1 || r->sides[0] == RT_NONE)
        return 0;
    for (int p = 1; p < r->players; p++)
        if (r->sides[p] != r->sides[0])
            return 0;
    return 1;
}

/* first_player_advantage: s->fpa* of r: how often the player who took
   the game's first turn (whoever it was) won, against the 1/players of a
   fair game, with a 95% normal interval, over the games with a first
   turn that did not fail. */
static void first_player_advantage(const RtSimResult *r, RtStats *s)
{
    long fwins = 0, fgames = 0;
    for (int i = 0; i < r->games; i++) {
        const RtSimGame *gm = &r->game[i];
        if (gm->failed || gm->first < 0 || gm->first >= RT_MAX_PLAYERS)
            continue;
        fgames++;
        if (gm->winners >> gm->first & 1u)
            fwins++;
    }
    double p0 = fgames ? (double)fwins / (double)fgames : 0, se = fgames ? sqrt(p0 * (1 - p0) / (double)fgames) : 0;
    s->fpa_games = fgames;
    s->fpa = fgames ? p0 - 1.0 / r->players : 0;
    s->fpa_lo = s->fpa - Z95 * se;
    s->fpa_hi = s->fpa + Z95 * se;
}

/* rt__stats: see rt_lab.h. Rates are over all games (errors count as no win). */
void rt__stats(const RtSimResult *r, RtStats *s)
{
    memset(s, 0, sizeof *s);
    int n = r->games, np = r->players;
    double sum = 0, sum2 = 0, dec = 0;
    int *len = malloc(((size_t)n + 1) * sizeof *len);
    s->min_rounds = n ? r->game[0].rounds : 0;
    s->max_rounds = s->min_rounds;
    for (int i = 0; i < n; i++) {
        const RtSimGame *g = &r->game[i];
        sum += g->rounds;
        sum2 += (double)g->rounds * g->rounds;
        dec += g->decisions;
        if (len)
            len[i] = g->rounds;
        if (g->rounds < s->min_rounds)
            s->min_rounds = g->rounds;
        if (g->rounds > s->max_rounds)
            s->max_rounds = g->rounds;
        if (g->failed) {
            s->errors++;
            continue;
        }
        if (g->lost)
            s->losses++;
        else if (!g->winners)
            s->draws++;
        for (int p = 0; p < np; p++)
            if (g->winners >> p & 1u)
                s->wins[p]++;
    }
    s->mean_rounds = n ? sum / n : 0;
    s->mean_decisions = n ? dec / n : 0;
    s->sd_rounds = n > 1 ? sqrt(fmax(0, (sum2 - sum * sum / n) / (n - 1))) : 0;
    if (len && n) {
        qsort(len, (size_t)n, sizeof *len, cmp_int);
        s->median_rounds = len[n / 2];
        s->p10_rounds = len[n / 10];
        s->p90_rounds = len[(n * 9) / 10 < n ? (n * 9) / 10 : n - 1];
    }
    free(len);
    s->hist = calloc((size_t)(s->max_rounds - s->min_rounds + 1), sizeof *s->hist);
    if (s->hist)
        for (int i = 0; i < n; i++)
            s->hist[r->game[i].rounds - s->min_rounds]++;
    for (int p = 0; p < np; p++)
        s->seat[p] = rt__wilson((double)s->wins[p], n);
    s->nsides = r->def->nsides > 0 ? r->def->nsides : 0;
    if (s->nsides > RT_MAX_PLAYERS)
        s->nsides = RT_MAX_PLAYERS;
    /* a side's games are counted once however many seats it has: its
       seats win together in a team game, and pooling them would narrow
       the interval as if each seat were a game of its own */
    uint32_t side_seats[RT_MAX_PLAYERS] = {0};
    for (int p = 0; p < np; p++)
        if (r->sides[p] >= 0 && r->sides[p] < s->nsides)
            side_seats[r->sides[p]] |= 1u << p;
    for (int k = 0; k < s->nsides; k++) {
        if (!side_seats[k])
            continue;
        s->side_games[k] = n;
        for (int i = 0; i < n; i++)
            if (!r->game[i].failed && (r->game[i].winners & side_seats[k]))
                s->side_wins[k]++;
        s->side[k] = rt__wilson((double)s->side_wins[k], (double)n);
    }
    s->game_side = rt__wilson((double)s->losses, n);
    /* a first player who wins or loses with every other (one player, or a
       co-operative game) has no advantage to measure (fpa* stay 0) */
    s->no_rival = no_rival(r);
    if (!s->no_rival)
        first_player_advantage(r, s);
}

void rt__stats_free(RtStats *s)
{
    free(s->hist);
    s->hist = NULL;
}

/* ---- per-card statistics ----------------------------------------------------- */

typedef struct CardRow {
    int card, player;
    long played, won_played, other, won_other;
    RtRate rp, rn;
    double diff;
} CardRow;

static int cmp_row(const void *a, const void *b)
{
    const CardRow *x = a, *y = b;
    if (x->diff != y->diff)
        return x->diff > y->diff ? -1 : 1;
    if (x->card != y->card)
        return x->card < y->card ? -1 : 1;
    return (x->player > y->player) - (x->player < y->player);
}

/* lowest_bit: the place of the lowest set bit of a byte (0 for 0). */
static const uint8_t lowest_bit[256] = {
#define B4(n) (n), 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0
    B4(0), B4(4), B4(5), B4(4), B4(6), B4(4), B4(5), B4(4),
    B4(7), B4(4), B4(5), B4(4), B4(6), B4(4), B4(5), B4(4),
#undef B4
};

/* card_rows: a row per (card, player) that played it at least once, over
   the games that did not fail, best difference first; *count rows. The
   games are read once: each game's played bits add to the counts of the
   cards it played; the games a card was not played in are the rest.
   Caller frees. */
static CardRow *card_rows(const RtSimResult *r, int *count)
{
    int nc = r->def->ncards, np = r->players, k = 0;
    size_t nbits = (size_t)nc * (size_t)np;
    CardRow *rows = calloc(nbits + 1, sizeof *rows);
    long *played = calloc(nbits + 1, sizeof *played), *won_played = calloc(nbits + 1, sizeof *won_played);
    *count = 0;
    if (!rows || !played || !won_played) {
        free(rows);
        free(played);
        free(won_played);
        return NULL;
    }
    long ok = 0, wins[RT_MAX_PLAYERS] = {0};
    for (int i = 0; i < r->games; i++) {
        const RtSimGame *g = &r->game[i];
        if (g->failed)
            continue;
        ok++;
        for (int p = 0; p < np; p++)
            wins[p] += (long)(g->winners >> p & 1u);
        const uint8_t *bits = r->played + (size_t)i * r->played_stride;
        for (size_t b = 0; b < r->played_stride; b++)
            for (unsigned byte = bits[b]; byte; byte &= byte - 1) {   /* each set bit, lowest first */
                size_t bit = b * 8 + lowest_bit[byte];
                if (bit < nbits) {
                    played[bit]++;
                    won_played[bit] += (long)(g->winners >> (bit % (size_t)np) & 1u);
                }
            }
    }
    for (int c = 0; c < nc; c++)
        for (int p = 0; p < np; p++) {
            size_t bit = (size_t)c * (size_t)np + (size_t)p;
            if (!played[bit])
                continue;
            CardRow row;
            memset(&row, 0, sizeof row);
            row.card = c;
            row.player = p;
            row.played = played[bit];
            row.won_played = won_played[bit];
            row.other = ok - row.played;
            row.won_other = wins[p] - row.won_played;
            row.rp = rt__wilson((double)row.won_played, (double)row.played);
            row.rn = rt__wilson((double)row.won_other, (double)row.other);
            row.diff = row.other ? row.rp.rate - row.rn.rate : 0;
            rows[k++] = row;
        }
    free(played);
    free(won_played);
    qsort(rows, (size_t)k, sizeof *rows, cmp_row);
    *count = k;
    return rows;
}

/* ---- comparison ------------------------------------------------------------------ */

/* A difference (b - a) with its 95% interval (normal approximation). */
typedef struct Diff {
    double a, b, d, lo, hi;
} Diff;

static Diff diff_rate(double ka, double na, double kb, double nb)
{
    Diff x;
    x.a = na > 0 ? ka / na : 0;
    x.b = nb > 0 ? kb / nb : 0;
    x.d = x.b - x.a;
    double se = sqrt((na > 0 ? x.a * (1 - x.a) / na : 0) + (nb > 0 ? x.b * (1 - x.b) / nb : 0));
    x.lo = x.d - Z95 * se;
    x.hi = x.d + Z95 * se;
    return x;
}

static Diff diff_mean(const RtStats *a, const RtStats *b, int na, int nb)
{
    Diff x;
    x.a = a->mean_rounds;
    x.b = b->mean_rounds;
    x.d = x.b - x.a;
    double se = sqrt((na > 0 ? a->sd_rounds * a->sd_rounds / na : 0) + (nb > 0 ? b->sd_rounds * b->sd_rounds / nb : 0));
    x.lo = x.d - Z95 * se;
    x.hi = x.d + Z95 * se;
    return x;
}

/* ---- output ------------------------------------------------------------------------ */

static const char *agent_of(const RtSimSpec *sp, int p)
{
    return p < sp->nagents && sp->agents[p] ? sp->agents[p] : "random";
}

static const char *side_title(const RtGameDef *d, int k)
{
    return d->side_titles && d->side_titles[k] ? d->side_titles[k] : "?";
}

/* pct: fraction f as a percentage rounded to a tenth, halves away from zero
   as in decimal (0.5165 prints 51.7, not the 51.6 of its binary value), so
   a figure prints the same wherever the text report shows it. */
static double pct(double f)
{
    double t = f * 1000;
    return (t < 0 ? -floor(-t + 0.5 + 1e-6) : floor(t + 0.5 + 1e-6)) / 10;
}

static void tally_report(const RtReportSpec *rs, const RtSimResult *r, FILE *out);

static void text_report(const RtReportSpec *rs, const RtStats *s, FILE *out)
{
    const RtSimSpec *sp = rs->spec;
    const RtSimResult *r = rs->res;
    const RtGameDef *def = r->def;
    int n = r->games;
    char e1[400], e2[400];   /* names escaped (rt__esc) */
    fprintf(out, "%s (%s): %d games, seed %llu, %d players\n", rt__esc(def->id, e1, sizeof e1),
            rt__esc(def->variant, e2, sizeof e2), n, (unsigned long long)r->seed, r->players);
    fputs("wins:", out);
    for (int p = 0; p < r->players; p++)
        fprintf(out, "%s %s %ld (%.1f%%)", p ? "," : "", rt__esc(r->names[p], e1, sizeof e1), s->wins[p],
                n ? pct((double)s->wins[p] / n) : 0);
    long won = 0;
    for (int p = 0; p < r->players; p++)
        won += s->wins[p];
    if (won > n - s->draws - s->errors)
        fputs(" (shared wins count for each winner)", out);
    fprintf(out, "\ndraws: %ld\n", s->draws);
    if (def->can_lose)
        fprintf(out, "lost to the game: %ld (%.1f%%)\n", s->losses, pct(s->game_side.rate));
    fprintf(out, "errors: %ld\nmean rounds: %.3f\nmean decisions: %.3f\n", s->errors, s->mean_rounds,
            s->mean_decisions);
    fputs("win rate by seat (95% CI):\n", out);
    for (int p = 0; p < r->players; p++)
        fprintf(out, "  seat %d %s (%s): %.1f%% [%.1f%%, %.1f%%]\n", p + 1, rt__esc(r->names[p], e1, sizeof e1),
                agent_of(sp, p), pct(s->seat[p].rate), pct(s->seat[p].lo), pct(s->seat[p].hi));
    if (s->nsides > 0 || def->can_lose) {
        fputs("win rate by side (95% CI):\n", out);
        for (int k = 0; k < s->nsides; k++)
            if (s->side_games[k])
                fprintf(out, "  %s: %.1f%% [%.1f%%, %.1f%%]\n", rt__esc(side_title(def, k), e1, sizeof e1),
                        pct(s->side[k].rate), pct(s->side[k].lo), pct(s->side[k].hi));
        if (def->can_lose)
            fprintf(out, "  %s: %.1f%% [%.1f%%, %.1f%%]\n", RT_GAME_SIDE, pct(s->game_side.rate),
                    pct(s->game_side.lo), pct(s->game_side.hi));
    }
    tally_report(rs, r, out);
    if (!s->no_rival && !s->fpa_games)
        fputs("first-player advantage: not measured (no game that did not fail took a turn)\n", out);
    else if (!s->no_rival)
        fprintf(out, "first-player advantage (the first turn's player's win rate minus 1/%d): %+.1f%% [%+.1f%%, %+.1f%%]\n",
                r->players, pct(s->fpa), pct(s->fpa_lo), pct(s->fpa_hi));
    fprintf(out, "game length (rounds): min %d, p10 %d, median %d, p90 %d, max %d, mean %.3f, sd %.3f\n",
            s->min_rounds, s->p10_rounds, s->median_rounds, s->p90_rounds, s->max_rounds, s->mean_rounds, s->sd_rounds);
    long most = 1;
    for (int k = 0; s->hist && k <= s->max_rounds - s->min_rounds; k++)
        if (s->hist[k] > most)
            most = s->hist[k];
    for (int k = 0; s->hist && k <= s->max_rounds - s->min_rounds; k++) {
        int w = (int)(40 * s->hist[k] / most);
        fprintf(out, "  %4d | ", s->min_rounds + k);
        for (int i = 0; i < w; i++)
            fputc('#', out);
        fprintf(out, "%s%ld\n", w ? " " : "", s->hist[k]);
    }
    int nrows;
    CardRow *rows = card_rows(r, &nrows);
    if (nrows > 0) {
        fputs("cards (win rate of the player when he played the card / when he did not):\n", out);
        for (int i = 0; i < nrows; i++) {
            const CardRow *c = &rows[i];
            fprintf(out, "  %+6.1f%%  %s (%s): %.1f%% in %ld games / %.1f%% in %ld\n", pct(c->diff),
                    rt__esc(def->cards[c->card].name, e1, sizeof e1), rt__esc(r->names[c->player], e2, sizeof e2),
                    pct(c->rp.rate), c->played, pct(c->rn.rate),
                    c->other);
        }
    }
    free(rows);
}

static void csv_row(const RtReportSpec *rs, FILE *out, const char *metric, const char *name, const char *player,
                    const char *agent, long count, long games, double value, const double *ci);

/* The games by the value of the --tally variable at their end (failed
   games left out): each value, ascending, with its count. */
typedef struct Tally {
    int n;                                /* distinct values */
    long games;                           /* games tallied */
    RtValue *value;                       /* n values (owned) */
    long *count;                          /* n counts (owned) */
} Tally;

static int cmp_value(const void *a, const void *b)
{
    RtValue x = *(const RtValue *)a, y = *(const RtValue *)b;
    return (x > y) - (x < y);
}

/* tally_of: r's tally (t->n is 0 without --tally or when memory runs out). */
static void tally_of(const RtReportSpec *rs, const RtSimResult *r, Tally *t)
{
    memset(t, 0, sizeof *t);
    if (!rs->spec->tally || r->games == 0)
        return;
    RtValue *all = malloc(sizeof *all * (size_t)r->games);
    t->value = malloc(sizeof *t->value * (size_t)r->games);
    t->count = calloc((size_t)r->games, sizeof *t->count);
    if (!all || !t->value || !t->count) {
        free(all);
        free(t->value);
        free(t->count);
        memset(t, 0, sizeof *t);
        return;
    }
    for (int i = 0; i < r->games; i++)
        if (!r->game[i].failed)
            all[t->games++] = r->game[i].tally;
    qsort(all, (size_t)t->games, sizeof *all, cmp_value);
    for (long i = 0; i < t->games; i++) {
        if (t->n == 0 || t->value[t->n - 1] != all[i])
            t->value[t->n++] = all[i];
        t->count[t->n - 1]++;
    }
    free(all);
}

/* tally_name: the printed form of value v of the --tally variable. */
static const char *tally_name(const RtReportSpec *rs, RtValue v, char *buf, size_t size)
{
    const RtGameDef *def = rs->res->def;
    int type = def->vars[rs->spec->tally - 1].type;
    if (type >= RT_TY_ENUM && v >= 0 && v < def->enums[type - RT_TY_ENUM].nvalues)
        return def->enums[type - RT_TY_ENUM].values[v];
    if (type == RT_TY_BOOL)
        return v ? "true" : "false";
    snprintf(buf, size, "%ld", (long)v);
    return buf;
}

/* tally_report: the --tally section of r (the run, or the --compare
   one), in the report's form. */
static void tally_report(const RtReportSpec *rs, const RtSimResult *r, FILE *out)
{
    if (!rs->spec->tally)
        return;
    Tally t;
    tally_of(rs, r, &t);
    const char *var = r->def->vars[rs->spec->tally - 1].name;
    int compared = r != rs->res;
    char buf[32], e1[400], e2[400];
    if (rs->json) {
        fputs(",\"tally\":{\"variable\":", out);
        rt__json_str(out, var);
        fputs(",\"values\":[", out);
    } else if (!rs->csv) {
        fprintf(out, "%s%s when the game ends%s%s (95%% CI, of %ld games):\n", compared ? "  " : "",
                rt__esc(var, e1, sizeof e1), compared ? " in " : "", compared ? rt__esc(r->def->variant, e2, sizeof e2) : "",
                t.games);
    }
    for (int i = 0; i < t.n; i++) {
        RtRate share = rt__wilson((double)t.count[i], (double)t.games);
        const char *name = tally_name(rs, t.value[i], buf, sizeof buf);
        if (rs->json) {
            fputs(i ? ",{\"value\":" : "{\"value\":", out);
            rt__json_str(out, name);
            fprintf(out, ",\"games\":%ld,\"share\":%.4f,\"ci95\":[%.4f,%.4f]}", t.count[i], share.rate, share.lo,
                    share.hi);
        } else if (rs->csv) {
            double ci[2] = {share.lo, share.hi};
            char cell[256];
            snprintf(cell, sizeof cell, "%s=%s", var, name);
            csv_row(rs, out, compared ? "compare_tally" : "tally", cell, NULL, NULL, t.count[i], t.games, share.rate, ci);
        } else {
            fprintf(out, "%s  %s: %ld (%.1f%% [%.1f%%, %.1f%%])\n", compared ? "  " : "", rt__esc(name, e1, sizeof e1), t.count[i],
                    pct(share.rate), pct(share.lo), pct(share.hi));
        }
    }
    if (rs->json)
        fputs("]}", out);
    free(t.value);
    free(t.count);
}

static void json_rate(FILE *out, const char *key, RtRate r)
{
    fprintf(out, "\"%s\":%.4f,\"ci95\":[%.4f,%.4f]", key, r.rate, r.lo, r.hi);
}

static void json_report(const RtReportSpec *rs, const RtStats *s, FILE *out)
{
    const RtSimSpec *sp = rs->spec;
    const RtSimResult *r = rs->res;
    const RtGameDef *def = r->def;
    int n = r->games;
    fputs("{\"game\":", out);
    rt__json_str(out, def->id);
    fputs(",\"variant\":", out);
    rt__json_str(out, def->variant);
    fprintf(out, ",\"games\":%d,\"seed\":%llu,\"players\":%d,\"max_rounds\":%d,\"wins\":{", n,
            (unsigned long long)r->seed, r->players, sp->max_rounds ? sp->max_rounds : RT_DEFAULT_MAX_ROUNDS);
    for (int p = 0; p < r->players; p++) {
        fputs(p ? "," : "", out);
        rt__json_str(out, r->names[p]);
        fprintf(out, ":%ld", s->wins[p]);
    }
    fprintf(out, "},\"draws\":%ld,\"losses\":%ld,\"errors\":%ld,\"mean_rounds\":%.3f,\"mean_decisions\":%.3f",
            s->draws, s->losses, s->errors, s->mean_rounds, s->mean_decisions);
    fputs(",\"agents\":[", out);
    for (int p = 0; p < r->players; p++) {
        fputs(p ? "," : "", out);
        rt__json_str(out, agent_of(sp, p));
    }
    fputs("],\"seat_wins\":[", out);
    for (int p = 0; p < r->players; p++)
        fprintf(out, "%s%ld", p ? "," : "", s->wins[p]);
    fputs("],\"seats\":[", out);
    for (int p = 0; p < r->players; p++) {
        fprintf(out, "%s{\"seat\":%d,\"player\":", p ? "," : "", p + 1);
        rt__json_str(out, r->names[p]);
        fputs(",\"agent\":", out);
        rt__json_str(out, agent_of(sp, p));
        fprintf(out, ",\"wins\":%ld,", s->wins[p]);
        json_rate(out, "win_rate", s->seat[p]);
        fputc('}', out);
    }
    fputs("],\"sides\":[", out);
    int first = 1;
    for (int k = 0; k < s->nsides; k++) {
        if (!s->side_games[k])
            continue;
        fputs(first ? "{\"side\":" : ",{\"side\":", out);
        first = 0;
        rt__json_str(out, side_title(def, k));
        fprintf(out, ",\"wins\":%ld,\"games\":%ld,", s->side_wins[k], s->side_games[k]);
        json_rate(out, "win_rate", s->side[k]);
        fputc('}', out);
    }
    if (def->can_lose) {
        fprintf(out, "%s{\"side\":\"%s\",\"wins\":%ld,\"games\":%d,", first ? "" : ",", RT_GAME_SIDE, s->losses, n);
        json_rate(out, "win_rate", s->game_side);
        fputc('}', out);
    }
    if (s->no_rival || !s->fpa_games)
        fputs("],\"first_player_advantage\":null", out);
    else
        fprintf(out, "],\"first_player_advantage\":{\"value\":%.4f,\"ci95\":[%.4f,%.4f]}", s->fpa, s->fpa_lo, s->fpa_hi);
    fprintf(out, ",\"length\":{\"min\":%d,\"p10\":%d,\"median\":%d,\"p90\":%d,\"max\":%d,\"mean\":%.3f,\"sd\":%.3f,\"histogram\":{",
            s->min_rounds, s->p10_rounds, s->median_rounds, s->p90_rounds, s->max_rounds, s->mean_rounds, s->sd_rounds);
    first = 1;
    for (int k = 0; s->hist && k <= s->max_rounds - s->min_rounds; k++)
        if (s->hist[k]) {
            fprintf(out, "%s\"%d\":%ld", first ? "" : ",", s->min_rounds + k, s->hist[k]);
            first = 0;
        }
    fputs("}},\"cards\":[", out);
    int nrows;
    CardRow *rows = card_rows(r, &nrows);
    for (int i = 0; i < nrows; i++) {
        const CardRow *c = &rows[i];
        fputs(i ? ",{\"card\":" : "{\"card\":", out);
        rt__json_str(out, def->cards[c->card].name);
        fputs(",\"player\":", out);
        rt__json_str(out, r->names[c->player]);
        fprintf(out, ",\"played\":%ld,\"win_rate_played\":%.4f,\"ci95_played\":[%.4f,%.4f],\"not_played\":%ld,"
                     "\"win_rate_not_played\":%.4f,\"ci95_not_played\":[%.4f,%.4f],\"difference\":%.4f}",
                c->played, c->rp.rate, c->rp.lo, c->rp.hi, c->other, c->rn.rate, c->rn.lo, c->rn.hi, c->diff);
    }
    free(rows);
    fputc(']', out);
}

/* csv_str: s as a CSV field: control characters escaped (rt__esc), so
   that a row is one line; quoted when needed. */
static void csv_str(FILE *out, const char *raw)
{
    char buf[400];
    const char *s = rt__esc(raw, buf, sizeof buf);
    if (!strpbrk(s, ",\"")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* csv_row: [a sweep's lead,]metric,name,player,agent,count,games,value,ci95_lo,ci95_hi (NULL/negative: empty). */
static void csv_row(const RtReportSpec *rs, FILE *out, const char *metric, const char *name, const char *player,
                    const char *agent, long count, long games, double value, const double *ci)
{
    if (rs->lead)
        fputs(rs->lead, out);
    fprintf(out, "%s,", metric);
    csv_str(out, name ? name : "");
    fputc(',', out);
    csv_str(out, player ? player : "");
    fputc(',', out);
    csv_str(out, agent ? agent : "");
    if (count >= 0)
        fprintf(out, ",%ld", count);
    else
        fputc(',', out);
    fprintf(out, ",%ld,%.4f", games, value);
    if (ci)
        fprintf(out, ",%.4f,%.4f\n", ci[0], ci[1]);
    else
        fputs(",,\n", out);
}

static void csv_report(const RtReportSpec *rs, const RtStats *s, FILE *out)
{
    const RtSimSpec *sp = rs->spec;
    const RtSimResult *r = rs->res;
    const RtGameDef *def = r->def;
    long n = r->games;
    char name[64];
    if (!rs->headless)
        fprintf(out, "%smetric,name,player,agent,count,games,value,ci95_lo,ci95_hi\n", rs->lead_head ? rs->lead_head : "");
    for (int p = 0; p < r->players; p++) {
        double ci[2] = {s->seat[p].lo, s->seat[p].hi};
        snprintf(name, sizeof name, "seat %d", p + 1);
        csv_row(rs, out, "seat_win", name, r->names[p], agent_of(sp, p), s->wins[p], n, s->seat[p].rate, ci);
    }
    for (int k = 0; k < s->nsides; k++)
        if (s->side_games[k]) {
            double ci[2] = {s->side[k].lo, s->side[k].hi};
            csv_row(rs, out, "side_win", side_title(def, k), NULL, NULL, s->side_wins[k], s->side_games[k], s->side[k].rate, ci);
        }
    if (def->can_lose) {
        double ci[2] = {s->game_side.lo, s->game_side.hi};
        csv_row(rs, out, "side_win", RT_GAME_SIDE, NULL, NULL, s->losses, n, s->game_side.rate, ci);
    }
    csv_row(rs, out, "draw", NULL, NULL, NULL, s->draws, n, n ? (double)s->draws / n : 0, NULL);
    csv_row(rs, out, "error", NULL, NULL, NULL, s->errors, n, n ? (double)s->errors / n : 0, NULL);
    if (!s->no_rival && s->fpa_games) {
        double fci[2] = {s->fpa_lo, s->fpa_hi};
        csv_row(rs, out, "first_player_advantage", NULL, NULL, NULL, -1, s->fpa_games, s->fpa, fci);
    }
    double se = n ? s->sd_rounds / sqrt((double)n) : 0;
    double mci[2] = {s->mean_rounds - Z95 * se, s->mean_rounds + Z95 * se};
    csv_row(rs, out, "mean_rounds", NULL, NULL, NULL, -1, n, s->mean_rounds, mci);
    csv_row(rs, out, "mean_decisions", NULL, NULL, NULL, -1, n, s->mean_decisions, NULL);
    for (int k = 0; s->hist && k <= s->max_rounds - s->min_rounds; k++)
        if (s->hist[k]) {
            snprintf(name, sizeof name, "%d", s->min_rounds + k);
            csv_row(rs, out, "rounds", name, NULL, NULL, s->hist[k], n, n ? (double)s->hist[k] / n : 0, NULL);
        }
    int nrows;
    CardRow *rows = card_rows(r, &nrows);
    for (int i = 0; i < nrows; i++) {
        const CardRow *c = &rows[i];
        double a[2] = {c->rp.lo, c->rp.hi}, b[2] = {c->rn.lo, c->rn.hi};
        csv_row(rs, out, "card_played", def->cards[c->card].name, r->names[c->player], NULL, c->won_played, c->played,
                c->rp.rate, a);
        csv_row(rs, out, "card_not_played", def->cards[c->card].name, r->names[c->player], NULL, c->won_other, c->other,
                c->rn.rate, b);
    }
    free(rows);
}

/* compare: the second variant's figures minus the first's. */
static void compare_report(const RtReportSpec *rs, const RtStats *a, FILE *out)
{
    const RtSimResult *r = rs->res, *c = rs->cmp;
    RtStats b;
    rt__stats(c, &b);
    Diff seat[RT_MAX_PLAYERS];
    for (int p = 0; p < r->players; p++)
        seat[p] = diff_rate((double)a->wins[p], r->games, (double)b.wins[p], c->games);
    Diff len = diff_mean(a, &b, r->games, c->games);
    Diff draw = diff_rate((double)a->draws, r->games, (double)b.draws, c->games);
    Diff loss = diff_rate((double)a->losses, r->games, (double)b.losses, c->games);
    int can_lose = r->def->can_lose;
    if (rs->json) {
        fputs(",\"compare\":{\"variant\":", out);
        rt__json_str(out, c->def->variant);
        fputs(",\"seats\":[", out);
        for (int p = 0; p < r->players; p++) {
            fprintf(out, "%s{\"seat\":%d,\"player\":", p ? "," : "", p + 1);
            rt__json_str(out, r->names[p]);
            fprintf(out, ",\"wins\":%ld,\"win_rate\":%.4f,\"difference\":%.4f,\"ci95\":[%.4f,%.4f]}", b.wins[p],
                    seat[p].b, seat[p].d, seat[p].lo, seat[p].hi);
        }
        fprintf(out, "],\"draws\":%ld,\"draw_difference\":%.4f,\"losses\":%ld,\"loss_difference\":%.4f,"
                     "\"loss_difference_ci95\":[%.4f,%.4f],\"mean_rounds\":%.3f,\"mean_rounds_difference\":%.3f,"
                     "\"mean_rounds_ci95\":[%.3f,%.3f],\"errors\":%ld",
                b.draws, draw.d, b.losses, loss.d, loss.lo, loss.hi, b.mean_rounds, len.d, len.lo, len.hi, b.errors);
        tally_report(rs, c, out);
        fputc('}', out);
    } else if (rs->csv) {
        for (int p = 0; p < r->players; p++) {
            double ci[2] = {seat[p].lo, seat[p].hi};
            csv_row(rs, out, "compare_seat_win", c->def->variant, r->names[p], NULL, b.wins[p], c->games, seat[p].d, ci);
        }
        if (can_lose) {
            double lci[2] = {loss.lo, loss.hi};
            csv_row(rs, out, "compare_loss", c->def->variant, NULL, NULL, b.losses, c->games, loss.d, lci);
        }
        double ci[2] = {len.lo, len.hi};
        csv_row(rs, out, "compare_mean_rounds", c->def->variant, NULL, NULL, -1, c->games, len.d, ci);
        tally_report(rs, c, out);
    } else {
        char e1[400], e2[400];   /* names escaped (rt__esc) */
        fprintf(out, "compare: %s minus %s, the same %d seeds (95%% CI):\n", rt__esc(c->def->variant, e1, sizeof e1),
                rt__esc(r->def->variant, e2, sizeof e2), c->games);
        for (int p = 0; p < r->players; p++)
            fprintf(out, "  %s win rate: %.1f%% -> %.1f%%, %+.1f%% [%+.1f%%, %+.1f%%]\n", rt__esc(r->names[p], e1, sizeof e1),
                    pct(seat[p].a), pct(seat[p].b), pct(seat[p].d), pct(seat[p].lo), pct(seat[p].hi));
        fprintf(out, "  draws: %.1f%% -> %.1f%%, %+.1f%% [%+.1f%%, %+.1f%%]\n", pct(draw.a), pct(draw.b),
                pct(draw.d), pct(draw.lo), pct(draw.hi));
        if (can_lose)
            fprintf(out, "  lost to the game: %.1f%% -> %.1f%%, %+.1f%% [%+.1f%%, %+.1f%%]\n", pct(loss.a), pct(loss.b),
                    pct(loss.d), pct(loss.lo), pct(loss.hi));
        fprintf(out, "  mean rounds: %.3f -> %.3f, %+.3f [%+.3f, %+.3f]\n", len.a, len.b, len.d, len.lo, len.hi);
        if (b.errors)
            fprintf(out, "  errors in %s: %ld\n", rt__esc(c->def->variant, e1, sizeof e1), b.errors);
        tally_report(rs, c, out);
    }
    rt__stats_free(&b);
}

/* rt__report: see rt_lab.h. */
void rt__report(const RtReportSpec *rs, FILE *out)
{
    RtStats s;
    rt__stats(rs->res, &s);
    if (rs->json) {
        json_report(rs, &s, out);
        tally_report(rs, rs->res, out);
        if (rs->cmp)
            compare_report(rs, &s, out);
        fputs("}\n", out);
    } else if (rs->csv) {
        csv_report(rs, &s, out);
        tally_report(rs, rs->res, out);
        if (rs->cmp)
            compare_report(rs, &s, out);
    } else {
        text_report(rs, &s, out);
        if (rs->cmp)
            compare_report(rs, &s, out);
    }
    rt__stats_free(&s);
}
