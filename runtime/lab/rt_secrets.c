/* rt_secrets.c: the engine's secrets command, the seats' noninterference
   test (docs/lab.md "What a seat may know"). Random agents play the games
   sim would play (the same seeds). At every K-th decision of each game,
   for each seat, two copies of the game go on from there: the true one,
   and one redrawn from what that seat knows (rt_determinize; the game's
   generator is kept, so the dice and shuffles to come are the same). Both
   take the same answers, drawn at random on the true copy (another
   player's hidden choice is answered in the redrawn copy as it was in
   the true one: by the option's label, else its place); what the seat is
   shown must be the same in both, from one decision it sees to the next:
   its log lines, its screen (rt_view_print), and the decision (whose it
   is, the prompt and the options as it reads them), until something is
   revealed to it (a card it could not tell becomes one it can,
   rt_card_seen, or an announcement, rt_log_announce), the game ends or
   WINDOW_STEPS steps were compared. The first difference is printed, with
   both versions, and the command fails. */
#include "rt_engine.h"

#include <stdlib.h>
#include <string.h>

/* The most steps one redrawn world is compared for. */
#define WINDOW_STEPS 100
/* Salt of the worlds' generators (the first 64 bits of sqrt(3)'s fraction). */
#define WORLD_SALT 0xbb67ae8584caa73bu

/* What the runs found. */
typedef struct Tally {
    long windows, steps;              /* worlds redrawn; steps compared in them */
    long revealed, ended, cut;        /* how the worlds' comparisons stopped */
} Tally;

/* A difference: where it was found and the two versions (owned). */
typedef struct Difference {
    int found;
    uint64_t seed;                    /* the game's seed */
    int seat, from, at;               /* the seat; decisions before the redraw; before the difference */
    const char *what;                 /* "its log", "its screen", "the decision" */
    int line;                         /* 1-based line of it that differs */
    char name[128];                   /* the seat's player name */
    char *truth, *redrawn;
} Difference;

/* One run of the command. */
typedef struct Secrets {
    const RtEngine *e;
    const RtArgs *a;
    Tally tally;
    Difference diff;
    uint8_t *seen_t, *seen_r;         /* per card: the seat could tell it, in each copy */
    uint8_t *picked_t, *picked_r;     /* per card: another player took it by a hidden choice, in each copy */
    int lines;                        /* the seat's log lines compared in this world */
    int ninst;
} Secrets;

/* text_of: what put(g, seat, out) writes, as a string the caller frees
   (NULL when out of memory). */
static char *text_of(const RtGame *g, int seat, void (*put)(const RtGame *, int, FILE *))
{
    char *s = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&s, &n);
    if (!out)
        return NULL;
    put(g, seat, out);
    if (fclose(out) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

/* put_view: the seat's screen: what rt_view_print shows it. */
static void put_view(const RtGame *g, int seat, FILE *out) { rt_view_print(g, seat, out); }

/* put_decision: the pending decision as seat sees it: whose it is and,
   unless it is another player's hidden choice, its prompt and options as
   the seat reads them; or how the game ended. */
static void put_decision(const RtGame *g, int seat, FILE *out)
{
    char buf[512];
    if (rt_over(g)) {
        fputs("over:", out);
        if (rt_failed(g)) {
            fputs(" error ", out);
            rt__put_esc(out, rt_error(g));
        }
        for (int p = 0; p < rt_players(g); p++)
            if (rt_is_winner(g, p)) {
                fputs(" won by ", out);
                rt__put_esc(out, rt_player_name(g, p, buf, sizeof buf));
            }
        fputc('\n', out);
        return;
    }
    int p = rt_decision_player(g);
    fputs("decision of ", out);
    rt__put_esc(out, rt_player_name(g, p, buf, sizeof buf));
    if (p != seat && rt_decision_hidden(g)) {
        fputs(", hidden\n", out);
        return;
    }
    fputs(": ", out);
    rt__put_esc(out, rt_decision_prompt(g));
    fputc('\n', out);
    for (int i = 0; i < rt_option_count(g); i++) {
        fprintf(out, "  %d) ", i + 1);
        rt__put_esc(out, rt_option_text(g, i, seat, buf, sizeof buf));
        fputc('\n', out);
    }
}

/* first_line_apart: the 1-based line at which a and b first differ, 0
   when they are equal. */
static int first_line_apart(const char *a, const char *b)
{
    int line = 1;
    for (; *a == *b; a++, b++) {
        if (!*a)
            return 0;
        line += *a == '\n';
    }
    return line;
}

/* line_copy: line (1-based) of text, without its newline; "(none)" past
   the end. The caller frees it. */
static char *line_copy(const char *text, int line)
{
    for (int i = 1; i < line && text; i++) {
        text = strchr(text, '\n');
        text = text ? text + 1 : NULL;
    }
    if (!text || !*text)
        return strdup("(none)");
    size_t n = strcspn(text, "\n");
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, text, n);
        s[n] = '\0';
    }
    return s;
}

/* differ: record in S the difference of t's and r's version of what,
   unless one was recorded; returns 1. */
static int differ(Secrets *S, const char *what, int line, const char *t, const char *r)
{
    Difference *d = &S->diff;
    if (!d->found) {
        d->found = 1;
        d->what = what;
        d->line = line;
        d->truth = line_copy(t, 1);
        d->redrawn = line_copy(r, 1);
    }
    return 1;
}

/* same_text_fails: compare what put shows seat in t and in r; 1 after a
   difference (recorded in S, the first line that differs), else 0. Out
   of memory counts as a difference. */
static int same_text_fails(Secrets *S, const RtGame *t, const RtGame *r, int seat, const char *what,
                           void (*put)(const RtGame *, int, FILE *))
{
    char *a = text_of(t, seat, put), *b = text_of(r, seat, put);
    int failed = 0;
    if (!a || !b) {
        failed = differ(S, what, 0, "out of memory", "out of memory");
    } else {
        int line = first_line_apart(a, b);
        if (line) {
            char *la = line_copy(a, line), *lb = line_copy(b, line);
            failed = differ(S, what, line, la ? la : "", lb ? lb : "");
            free(la);
            free(lb);
        }
    }
    free(a);
    free(b);
    return failed;
}

/* held_secretly: card is the value of a variable private to another
   player that seat does not see (a pick kept for later). */
static int held_secretly(const RtGame *g, int seat, RtValue card)
{
    for (int v = 0; v < g->def->nvars; v++) {
        const RtVarDef *d = &g->def->vars[v];
        if (d->visibility != RT_PRIVATE || d->type != RT_TY_CARD)
            continue;
        for (int p = 0; p < (d->per_player ? g->nplayers : 1); p++)
            if (!(rt__var_seers(g, v, d->per_player ? p : RT_NONE) >> seat & 1u) &&
                rt__cells(g)[g->var_cell[v] + (d->per_player ? p * g->pre.player_stride : 0)] == card)
                return 1;
    }
    return 0;
}

/* reveals: event i of g shows seat something it could not tell when the
   step began (seen): an announcement, or a card by name that it could not
   tell, or that another player took by a hidden choice since the redraw
   (picked, marked here) or holds in a private variable (the move of a
   card picked in secret shows which it was). */
static int reveals(const RtGame *g, int i, int seat, const uint8_t *seen, uint8_t *picked)
{
    char label[512];
    int p, option;
    RtValue c;
    if (rt__log_hidden_choice(g, i, &p, &option, &c, label, sizeof label) && p != seat && c != RT_NONE)
        picked[c] = 1;
    c = rt__log_card(g, i, seat);
    return rt__log_announced(g, i) || (c != RT_NONE && (!seen[c] || picked[c] || held_secretly(g, seat, c)));
}

/* next_shown: the first event of g from i on that seat reads a line for. */
static int next_shown(const RtGame *g, int i, int seat)
{
    while (i < rt_log_count(g) && !rt__log_shown(g, i, seat))
        i++;
    return i;
}

/* log_fails: compare the lines seat reads in t's and r's logs from events
   *from_t and *from_r on (both copies log from the redraw), up to the
   first that reveals something to the seat (seen_t, seen_r: the cards it
   could tell when the step began). Returns 1 after a difference, 2 at a
   reveal, else 0. */
static int log_fails(Secrets *S, const RtGame *t, const RtGame *r, int seat, int *from_t, int *from_r)
{
    char a[2048], b[2048];
    int nt = rt_log_count(t), nr = rt_log_count(r), line = 0;
    for (int i = *from_t, j = *from_r;; i++, j++) {
        i = next_shown(t, i, seat);
        j = next_shown(r, j, seat);
        if (i >= nt && j >= nr)
            break;
        line++;
        int shown_t = i < nt && reveals(t, i, seat, S->seen_t, S->picked_t);   /* both: each marks its picks */
        int shown_r = j < nr && reveals(r, j, seat, S->seen_r, S->picked_r);
        if (shown_t || shown_r)
            return 2;
        const char *la = i < nt ? rt_log_line(t, i, seat, a, sizeof a) : "(none)";
        const char *lb = j < nr ? rt_log_line(r, j, seat, b, sizeof b) : "(none)";
        if (strcmp(la, lb) != 0)
            return differ(S, "its log", S->lines + line, la, lb);
    }
    S->lines += line;
    *from_t = nt;
    *from_r = nr;
    return 0;
}

/* newly_seen: update seen (per card: the seat can tell it in g); 1 when
   a card it could not tell became one it can. */
static int newly_seen(const RtGame *g, int seat, uint8_t *seen, int ninst)
{
    int any = 0;
    for (int c = 0; c < ninst; c++) {
        uint8_t now = (uint8_t)rt_card_seen(g, seat, c);
        any |= now && !seen[c];
        seen[c] = now;
    }
    return any;
}

/* screens_fail: compare the seat's screen and the pending decision in t
   and r; 1 after a difference. */
static int screens_fail(Secrets *S, const RtGame *t, const RtGame *r, int seat)
{
    return same_text_fails(S, t, r, seat, "the decision", put_decision) ||
           same_text_fails(S, t, r, seat, "its screen", put_view);
}

/* unseen_decision: g waits for a decision seat does not see (another
   player's hidden choice). */
static int unseen_decision(const RtGame *g, int seat)
{
    return !rt_over(g) && rt_decision_player(g) != seat && rt_decision_hidden(g);
}

/* settle_truth: answer t's decisions that seat does not see (pick
   draws), until one it sees, the end, or *left of them were taken. */
static void settle_truth(RtGame *t, int seat, RtAgent *pick, int *left)
{
    for (; *left > 0 && unseen_decision(t, seat); --*left) {
        rt_apply(t, pick->choose(pick, t));
        rt_advance(t);
    }
}

/* answer_as: the option of r's pending decision (another player's hidden
   choice) that answers it as t's next hidden choice of that player was
   answered (events of t from *cursor on): the option of the same label
   as the chooser reads it, else the one at the same place. */
static int answer_as(const RtGame *t, const RtGame *r, int *cursor)
{
    char want[512], have[512];
    int n = rt_option_count(r), chooser = rt_decision_player(r);
    for (; *cursor < rt_log_count(t); ++*cursor) {
        int p, option;
        RtValue card;
        if (!rt__log_hidden_choice(t, *cursor, &p, &option, &card, want, sizeof want) || p != chooser)
            continue;
        ++*cursor;
        for (int i = 0; i < n; i++)
            if (strcmp(rt_option_label(r, i, have, sizeof have), want) == 0)
                return i;
        return option < n ? option : option % n;
    }
    return 0;   /* t made no such choice: what the seat sees shows it */
}

/* settle_redrawn: answer r's decisions that seat does not see as t's
   were answered (answer_as), until one it sees or the end (or
   WINDOW_STEPS of them). */
static void settle_redrawn(const RtGame *t, RtGame *r, int seat, int *cursor)
{
    for (int left = WINDOW_STEPS; left > 0 && unseen_decision(r, seat); left--) {
        rt_apply(r, answer_as(t, r, cursor));
        rt_advance(r);
    }
}

/* compare_world: play t and r (redrawn for seat) on, comparing what seat
   sees (see the top of the file): from one decision it sees to the next,
   the decisions it sees answered alike (drawn by random agent pick on t),
   another player's hidden choices in r as they were in t. 1 after a
   difference. */
static int compare_world(Secrets *S, RtGame *t, RtGame *r, int seat, RtAgent *pick)
{
    int logged_t = 0, logged_r = 0, cursor = 0, left = WINDOW_STEPS;   /* left: decisions t may still take */
    S->lines = 0;
    memset(S->picked_t, 0, (size_t)S->ninst + 1);
    memset(S->picked_r, 0, (size_t)S->ninst + 1);
    newly_seen(t, seat, S->seen_t, S->ninst);
    newly_seen(r, seat, S->seen_r, S->ninst);
    if (memcmp(S->seen_t, S->seen_r, (size_t)S->ninst) != 0)
        return differ(S, "the cards it can tell", 0, "before the redraw", "after the redraw");
    for (int step = 0;; step++) {
        if (step > 0 || unseen_decision(t, seat)) {
            if (step > 0) {   /* the decision the seat saw, answered alike (its options compared) */
                int answer = pick->choose(pick, t), n = rt_option_count(r);
                rt_apply(t, answer);
                rt_apply(r, answer < n ? answer : n - 1);
                rt_advance(t);
                rt_advance(r);
                left--;
            }
            settle_truth(t, seat, pick, &left);
            settle_redrawn(t, r, seat, &cursor);
            S->tally.steps++;
            int log = log_fails(S, t, r, seat, &logged_t, &logged_r);   /* seen_*: as the step began */
            if (log == 1)
                return 1;
            int seen_t = newly_seen(t, seat, S->seen_t, S->ninst), seen_r = newly_seen(r, seat, S->seen_r, S->ninst);
            if (log == 2 || seen_t || seen_r) {
                S->tally.revealed++;
                return 0;
            }
        }
        if (screens_fail(S, t, r, seat))
            return 1;
        if (rt_over(t)) {
            S->tally.ended++;
            return 0;
        }
        if (left <= 0 || unseen_decision(t, seat)) {   /* WINDOW_STEPS decisions taken */
            S->tally.cut++;
            return 0;
        }
    }
}

/* world: redraw g (a decision pending) for seat and compare the two
   copies; 1 after a difference (S->diff), -1 out of memory. */
static int world(Secrets *S, const RtGame *g, uint64_t seed, int seat)
{
    RtGame *t = rt__clone_logged(g), *r = rt__clone_logged(g);
    RtAgent pick;
    rt_agent_random(&pick);
    uint64_t key = rt__splitmix_at(seed ^ WORLD_SALT, (uint64_t)rt_decisions(g) * RT_MAX_PLAYERS + (uint64_t)seat), rng[4];
    pick.reset(&pick, key);
    rt__xoshiro_seed(rng, ~key);
    int failed = -1;
    if (t && r) {
        rt_determinize(r, seat, rng);
        memcpy(rt__hdr(r)->rng, rt__hdr(t)->rng, sizeof rt__hdr(t)->rng);   /* the same dice and shuffles */
        S->tally.windows++;
        failed = compare_world(S, t, r, seat, &pick);
        if (failed) {
            S->diff.seed = seed;
            S->diff.seat = seat;
            S->diff.from = rt_decisions(g);
            S->diff.at = rt_decisions(t);
            rt_player_name(g, seat, S->diff.name, sizeof S->diff.name);
        }
    }
    rt_free(t);
    rt_free(r);
    return failed;
}

/* one_game: play the game seeded seed with random agents, redrawing a
   world for every seat at every every-th decision. 0, 1 after a
   difference, -1 when the game cannot start or memory ran out. */
static int one_game(Secrets *S, const RtGameDef *def, uint64_t seed, int every)
{
    RtGame *g = rt__engine_game(S->e, "secrets", def, S->a, seed, 1);
    if (!g)
        return -1;
    RtAgent agents[RT_MAX_PLAYERS];
    for (int p = 0; p < rt_players(g); p++) {
        rt_agent_random(&agents[p]);
        agents[p].reset(&agents[p], rt__agent_seed(seed, p));
    }
    S->ninst = g->ninst;
    S->seen_t = malloc((size_t)g->ninst + 1);
    S->seen_r = malloc((size_t)g->ninst + 1);
    S->picked_t = malloc((size_t)g->ninst + 1);
    S->picked_r = malloc((size_t)g->ninst + 1);
    int status = S->seen_t && S->seen_r && S->picked_t && S->picked_r ? 0 : -1;
    for (int d = 0; status == 0 && rt_advance(g); d++) {
        for (int seat = 0; seat < rt_players(g) && status == 0 && d % every == 0; seat++)
            status = world(S, g, seed, seat);
        if (status == 0)
            rt_apply(g, agents[rt_decision_player(g)].choose(&agents[rt_decision_player(g)], g));
    }
    free(S->seen_t);
    free(S->seen_r);
    free(S->picked_t);
    free(S->picked_r);
    rt_free(g);
    return status;
}

/* report: the difference S found, or the tally of a clean run. */
static void report(const Secrets *S, int games, FILE *out)
{
    const Difference *d = &S->diff;
    if (!d->found) {
        fprintf(out,
                "secrets: %d games, %ld worlds redrawn, %ld steps compared; they ended at a reveal %ld, at the end "
                "of the game %ld, after %d steps %ld: no seat was shown what it may not know\n",
                games, S->tally.windows, S->tally.steps, S->tally.revealed, S->tally.ended, WINDOW_STEPS,
                S->tally.cut);
        return;
    }
    fprintf(out, "secrets: the game of seed %llu, seat %d (", (unsigned long long)d->seed, d->seat + 1);
    rt__put_esc(out, d->name);
    fprintf(out, "): redrawn after decision %d from what the seat knows, the same answers show it something else "
                 "after decision %d, in %s",
            d->from, d->at, d->what);
    if (d->line)
        fprintf(out, ", line %d", d->line);
    fputs(":\n  the game:    ", out);
    rt__put_esc(out, d->truth ? d->truth : "");
    fputs("\n  redrawn:     ", out);
    rt__put_esc(out, d->redrawn ? d->redrawn : "");
    fputc('\n', out);
}

/* rt__secrets_main: see rt_engine.h. */
int rt__secrets_main(const RtEngine *e, const RtArgs *a)
{
    const RtGameDef *def = rt__engine_def(e, "secrets", a->variant);
    if (!def)
        return RT_EXIT_USAGE;
    int games = a->games ? a->games : 10, every = a->every ? a->every : 1;
    uint64_t seed = a->seed_given ? a->seed : 1;
    Secrets S;
    memset(&S, 0, sizeof S);
    S.e = e;
    S.a = a;
    int status = 0;
    for (int i = 0; i < games && status == 0; i++)
        status = one_game(&S, def, rt__splitmix_at(seed, (uint64_t)i), every);
    if (status < 0 && !S.diff.found) {
        fprintf(e->err, "%s: secrets: out of memory or the game cannot start\n", e->prog);
        return RT_EXIT_FAIL;
    }
    report(&S, games, e->out);
    free(S.diff.truth);
    free(S.diff.redrawn);
    return S.diff.found ? RT_EXIT_FAIL : RT_EXIT_OK;
}
