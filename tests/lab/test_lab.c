/* test_lab.c: the balance lab on the EvR engine, in-process: parallel sim
   is independent of --jobs, the report's JSON/CSV, --compare, --plot,
   --save-worst and replays, the search agents (MCTS beats random on both
   sides) and MCTS's blindness to hidden information. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cardrt.h"
#include "evr.h"
#include "lab_engine.h"
#include "scratch.h"
#include "testutil.h"

/* SCRATCH: the template of the tests' scratch folders (tmpdir). */
#define SCRATCH "/tmp/cardrt-lab-XXXXXX"

#ifndef TEST_BUILD_DIR
#define TEST_BUILD_DIR "build"
#endif

/* fontconfig (under cairo's text) keeps process-wide caches until exit. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so\n";
}

/* json_ints: the integers of the JSON array after "key":[ in s. */
static int json_ints(const char *s, const char *key, long *v, int max)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":[", key);
    const char *p = strstr(s, pat);
    cr_assert_not_null(p, "no %s in %s", key, s);
    p += strlen(pat);
    int n = 0;
    while (*p && *p != ']' && n < max) {
        char *end;
        v[n++] = strtol(p, &end, 10);
        p = *end == ',' ? end + 1 : end;
    }
    return n;
}

/* ---- simulation ----------------------------------------------------------- */

/* The same JSON on 1, 2 and 5 threads, and on one per CPU (--jobs 0). */
Test(sim, json_is_identical_for_any_number_of_jobs)
{
    const char *a1[] = {"evr", "sim", "--games", "400", "--seed", "7", "--json", NULL};
    const char *a2[] = {"evr", "sim", "--games", "400", "--seed", "7", "--jobs", "2", "--json", NULL};
    const char *a3[] = {"evr", "sim", "--games", "400", "--seed", "7", "--jobs", "5", "--json", NULL};
    const char *a0[] = {"evr", "sim", "--games", "400", "--seed", "7", "--jobs", "0", "--json", NULL};
    char *o1, *e1, *o2, *e2, *o3, *e3, *o0, *e0;
    cr_assert_eq(lab_run(a1, &o1, &e1), 0, "%s", e1);
    cr_assert_eq(lab_run(a2, &o2, &e2), 0, "%s", e2);
    cr_assert_eq(lab_run(a3, &o3, &e3), 0, "%s", e3);
    cr_assert_eq(lab_run(a0, &o0, &e0), 0, "%s", e0);
    cr_assert_str_eq(o1, o2);
    cr_assert_str_eq(o1, o3);
    cr_assert_str_eq(o1, o0);
    free(o0), free(e0);
    cr_assert_str_eq(e1, "", "no progress bar when stderr is not a terminal");
    /* the core keys first, in their order, then the lab's */
    const char *head = "{\"game\":\"evr\",\"variant\":\"base\",\"games\":400,\"seed\":7,\"players\":2,";
    cr_assert(strncmp(o1, head, strlen(head)) == 0, "%s", o1);
    const char *keys[] = {"\"wins\":{", "\"draws\":", "\"mean_rounds\":", "\"agents\":[\"random\",\"random\"]",
                          "\"seat_wins\":[", "\"seats\":[", "\"sides\":[", "\"first_player_advantage\":{\"value\":",
                          "\"length\":{", "\"histogram\":{", "\"cards\":["};
    const char *prev = o1;
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        const char *p = strstr(o1, keys[k]);
        cr_assert(p && p > prev, "key %s missing or out of order", keys[k]);
        prev = p;
    }
    long w[4];
    cr_assert_eq(json_ints(o1, "seat_wins", w, 4), 2);
    cr_assert_gt(w[0] + w[1], 390);
    cr_assert_eq(strchr(o1, '\n'), o1 + strlen(o1) - 1, "one line");
    free(o1), free(e1), free(o2), free(e2), free(o3), free(e3);
}

Test(sim, mcts_agents_are_deterministic_across_jobs)
{
    const char *a1[] = {"evr", "sim", "--games", "6", "--seed", "11", "--agents", "mcts,greedy", "--budget", "8", "--json", NULL};
    const char *a2[] = {"evr", "sim", "--games", "6", "--seed", "11", "--agents", "mcts,greedy", "--budget", "8", "--jobs", "3", "--json", NULL};
    char *o1, *e1, *o2, *e2;
    cr_assert_eq(lab_run(a1, &o1, &e1), 0, "%s", e1);
    cr_assert_eq(lab_run(a2, &o2, &e2), 0, "%s", e2);
    cr_assert_str_eq(o1, o2);
    cr_assert(strstr(o1, "\"agents\":[\"mcts\",\"greedy\"]") != NULL, "%s", o1);
    free(o1), free(e1), free(o2), free(e2);
}

Test(sim, text_report_keeps_the_summary_and_adds_the_statistics)
{
    const char *a[] = {"evr", "sim", "--games", "200", "--seed", "1", NULL};
    char *o, *e;
    cr_assert_eq(lab_run(a, &o, &e), 0, "%s", e);
    const char *head = "evr (base): 200 games, seed 1, 2 players\nwins: Rebel Alliance ";
    cr_assert(strncmp(o, head, strlen(head)) == 0, "%s", o);
    const char *parts[] = {"\ndraws: 0\nerrors: 0\nmean rounds: ", "\nmean decisions: ", "\nwin rate by seat (95% CI):\n  seat 1 Rebel Alliance (random): ",
                           "\nwin rate by side (95% CI):\n", "\nfirst-player advantage (the first turn's player's win rate minus 1/2): ",
                           "\ngame length (rounds): min ", "\ncards (win rate of the player"};
    const char *prev = o;
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
        const char *p = strstr(o, parts[k]);
        cr_assert(p && p >= prev, "missing or out of order: %s\n%s", parts[k], o);
        prev = p;
    }
    free(o), free(e);
}

/* 949 wins in 2000 games is 47.45% (and 1051 is 52.55%): every line that
   shows it rounds the half the same way (up), whatever its binary value. */
Test(sim, text_report_rounds_a_figure_the_same_way_everywhere)
{
    const char *a[] = {"evr", "sim", "--games", "2000", "--seed", "6", NULL};
    char *o, *e;
    cr_assert_eq(lab_run(a, &o, &e), 0, "%s", e);
    cr_expect(strstr(o, "wins: Rebel Alliance 949 (47.5%), Galactic Empire 1051 (52.6%)\n") != NULL, "%s", o);
    cr_expect(strstr(o, "  seat 1 Rebel Alliance (random): 47.5% [") != NULL, "%s", o);
    cr_expect(strstr(o, "  seat 2 Galactic Empire (random): 52.6% [") != NULL, "%s", o);
    cr_expect(strstr(o, "  Rebel Alliance: 47.5% [") != NULL, "%s", o);
    cr_expect(strstr(o, "shared wins") == NULL, "EvR has no shared wins:\n%s", o);
    free(o), free(e);
}

Test(sim, csv_has_a_header_and_a_row_per_figure)
{
    const char *a[] = {"evr", "sim", "--games", "100", "--seed", "2", "--csv", NULL};
    char *o, *e;
    cr_assert_eq(lab_run(a, &o, &e), 0, "%s", e);
    const char *head = "metric,name,player,agent,count,games,value,ci95_lo,ci95_hi\nseat_win,seat 1,Rebel Alliance,random,";
    cr_assert(strncmp(o, head, strlen(head)) == 0, "%s", o);
    cr_assert(strstr(o, "\nside_win,Galactic Empire,,,") != NULL);
    cr_assert(strstr(o, "\nfirst_player_advantage,,,,,100,") != NULL);
    cr_assert(strstr(o, "\nrounds,") != NULL);
    cr_assert(strstr(o, "\ncard_played,") != NULL);
    /* every line has 9 fields (no name here needs quotes... except those with commas) */
    for (const char *l = o; *l;) {
        const char *nl = strchr(l, '\n');
        cr_assert_not_null(nl);
        int commas = 0, q = 0;
        for (const char *c = l; c < nl; c++) {
            if (*c == '"')
                q = !q;
            commas += *c == ',' && !q;
        }
        cr_assert_eq(commas, 8, "%.*s", (int)(nl - l), l);
        l = nl + 1;
    }
    const char *bad[] = {"evr", "sim", "--games", "3", "--csv", "--json", NULL};
    free(o), free(e);
    cr_assert_eq(lab_run(bad, &o, &e), 2);
    free(o), free(e);
}

Test(sim, compare_runs_the_same_seeds_on_two_variants)
{
    const char *a[] = {"evr", "sim", "--games", "150", "--seed", "4", "--compare", "tutorial", "--json", NULL};
    const char *t[] = {"evr", "sim", "--games", "150", "--seed", "4", "--compare", "tutorial", NULL};
    const char *v[] = {"evr", "sim", "--games", "150", "--seed", "4", "--variant", "tutorial", "--json", NULL};
    char *o, *e, *ot, *et, *ov, *ev;
    cr_assert_eq(lab_run(a, &o, &e), 0, "%s", e);
    cr_assert_eq(lab_run(t, &ot, &et), 0, "%s", et);
    cr_assert_eq(lab_run(v, &ov, &ev), 0, "%s", ev);
    cr_assert(strstr(o, ",\"compare\":{\"variant\":\"tutorial\",\"seats\":[{\"seat\":1,") != NULL, "%s", o);
    cr_assert(strstr(o, "\"mean_rounds_difference\":") != NULL);
    /* the compared run is the variant's own run on the same seeds */
    long w[4], wv[4];
    json_ints(ov, "seat_wins", wv, 4);
    const char *c = strstr(o, "\"compare\":");
    char pat[64];
    snprintf(pat, sizeof pat, "\"wins\":%ld,", wv[0]);
    cr_assert(strstr(c, pat) != NULL, "%s vs %s", c, ov);
    (void)w;
    cr_assert(strstr(ot, "\ncompare: tutorial minus base, the same 150 seeds (95% CI):\n  Rebel Alliance win rate: ") != NULL, "%s", ot);
    cr_assert(strstr(ot, "\n  mean rounds: ") != NULL);
    free(o), free(e), free(ot), free(et), free(ov), free(ev);
    const char *bad[] = {"evr", "sim", "--compare", "nope", NULL};
    cr_assert_eq(lab_run(bad, &o, &e), 2);
    cr_assert(strstr(e, "unknown variant 'nope'") != NULL, "%s", e);
    free(o), free(e);
}

Test(sim, agents_option_errors)
{
    const char *a1[] = {"evr", "sim", "--agents", "mcts,alphazero", NULL};
    const char *a2[] = {"evr", "sim", "--agents", "mcts,random,random", NULL};
    char *o, *e;
    cr_assert_eq(lab_run(a1, &o, &e), 2);
    cr_assert(strstr(e, "unknown agent 'alphazero'") != NULL, "%s", e);
    free(o), free(e);
    cr_assert_eq(lab_run(a2, &o, &e), 2);
    cr_assert(strstr(e, "3 agents for 2 players") != NULL, "%s", e);
    free(o), free(e);
}

/* ---- plot ------------------------------------------------------------------- */

Test(plot, svg_and_png)
{
    char *d = tmpdir(SCRATCH);
    char svg[256], png[256];
    snprintf(svg, sizeof svg, "%s/chart.svg", d);
    snprintf(png, sizeof png, "%s/chart.png", d);
    const char *a1[] = {"evr", "sim", "--games", "100", "--plot", svg, NULL};
    const char *a2[] = {"evr", "sim", "--games", "100", "--plot", png, NULL};
    const char *a3[] = {"evr", "sim", "--games", "10", "--plot", "chart.gif", NULL};
    char *o, *e;
    cr_assert_eq(lab_run(a1, &o, &e), 0, "%s", e);
    free(o), free(e);
    char *s = slurp(svg);
    cr_assert(strstr(s, "<svg") != NULL);
    free(s);
    cr_assert_eq(lab_run(a2, &o, &e), 0, "%s", e);
    free(o), free(e);
    s = slurp(png);
    cr_assert(memcmp(s, "\x89PNG", 4) == 0);
    free(s);
    cr_assert_eq(lab_run(a3, &o, &e), 1);
    cr_assert(strstr(e, "must end in .svg or .png") != NULL, "%s", e);
    free(o), free(e);
    remove(svg);
    remove(png);
    rmdir(d);
    free(d);
}

/* slurp_n: the whole file (binary) and its size in *n; the caller frees it. */
static char *slurp_n(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot read %s", path);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    rewind(f);
    char *b = malloc((size_t)len + 1);
    cr_assert_not_null(b);
    *n = fread(b, 1, (size_t)len, f);
    fclose(f);
    return b;
}

/* A sweep's chart: the win rate of each seat over its variants, as an
   SVG or a PNG, the same picture on any number of threads (PNGs compared:
   cairo numbers the SVG's glyphs anew in each chart a process draws); it
   is not the chart of one of its variants. */
Test(plot, a_sweep_draws_the_win_rates_over_its_variants)
{
    char *d = tmpdir(SCRATCH);
    char png1[256], png2[256], one[256], svg[256];
    snprintf(png1, sizeof png1, "%s/sweep1.png", d);
    snprintf(png2, sizeof png2, "%s/sweep2.png", d);
    snprintf(one, sizeof one, "%s/one.png", d);
    snprintf(svg, sizeof svg, "%s/sweep.svg", d);
    const char *a1[] = {"evr", "sim", "--games", "60", "--sweep", "tutorial,base", "--plot", png1, "--jobs", "1", NULL};
    const char *a2[] = {"evr", "sim", "--games", "60", "--sweep", "tutorial,base", "--plot", png2, "--jobs", "2", NULL};
    const char *a3[] = {"evr", "sim", "--games", "60", "--plot", one, NULL};
    const char *a4[] = {"evr", "sim", "--games", "60", "--sweep", "base,tutorial,base", "--plot", svg, "--csv", NULL};
    char *o, *e;
    const char *const *runs[] = {a1, a2, a3, a4};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(lab_run(runs[i], &o, &e), 0, "%s", e);
        free(o), free(e);
    }
    size_t n1, n2, n3;
    char *p1 = slurp_n(png1, &n1), *p2 = slurp_n(png2, &n2), *p3 = slurp_n(one, &n3), *s = slurp(svg);
    cr_expect(memcmp(p1, "\x89PNG", 4) == 0);
    cr_expect(n1 == n2 && memcmp(p1, p2, n1) == 0, "the chart depends on --jobs");
    cr_expect(n1 != n3 || memcmp(p1, p3, n1) != 0, "the sweep's chart is one variant's");
    cr_expect(strstr(s, "<svg") != NULL);
    free(p1), free(p2), free(p3), free(s);
    remove(png1), remove(png2), remove(one), remove(svg);
    rmdir(d);
    free(d);
}

/* ---- replays ---------------------------------------------------------------- */

Test(replay, save_worst_keeps_the_longest_games_and_they_replay)
{
    char *d = tmpdir(SCRATCH);
    const char *a[] = {"evr", "sim", "--games", "40", "--seed", "9", "--agents", "mcts,random", "--budget", "6",
                       "--save-worst", "2", d, "--json", NULL};
    char *o, *e;
    cr_assert_eq(lab_run(a, &o, &e), 0, "%s", e);
    const char *mx = strstr(o, "\"max\":");
    cr_assert_not_null(mx);
    int maxr = atoi(mx + 6);
    /* the files named on stderr: "saved game I (seed G, R rounds) to PATH" */
    int files = 0;
    for (const char *p = strstr(e, "saved game "); p; p = strstr(p + 1, "saved game ")) {
        int idx, rounds;
        unsigned long long seed;
        cr_assert_eq(sscanf(p, "saved game %d (seed %llu, %d rounds)", &idx, &seed, &rounds), 3);
        if (files == 0)
            cr_assert_eq(rounds, maxr, "the first saved game is a longest one");
        char path[512];
        snprintf(path, sizeof path, "%s/game-%d.jsonl", d, idx);
        const char *r[] = {"evr", "replay", path, NULL};
        char *ro, *re;
        cr_assert_eq(lab_run(r, &ro, &re), 0, "%s", re);
        free(ro), free(re);
        /* the same game again from its seed alone, with the same agents */
        char sb[32];
        snprintf(sb, sizeof sb, "%llu", seed);
        const char *l[] = {"evr", "log", "--seed", sb, "--agents", "mcts,random", "--budget", "6", "--json", NULL};
        char *lo, *le;
        cr_assert_eq(lab_run(l, &lo, &le), 0, "%s", le);
        char *f = slurp(path);
        cr_assert_str_eq(lo, f, "game %d is reproduced by log --seed %s", idx, sb);
        free(f), free(lo), free(le);
        remove(path);
        files++;
    }
    cr_assert_eq(files, 2, "%s", e);
    free(o), free(e);
    rmdir(d);
    free(d);
}

/* ---- agents ------------------------------------------------------------------ */

static void mcts_wins_as(const char *agents, int seat)
{
    const char *a[] = {"evr", "sim", "--games", "16", "--seed", "3", "--agents", agents, "--budget", "40", "--jobs", "2", "--json", NULL};
    char *o, *e;
    cr_assert_eq(lab_run(a, &o, &e), 0, "%s", e);
    long w[4];
    cr_assert_eq(json_ints(o, "seat_wins", w, 4), 2);
    cr_assert_geq(w[seat], 12, "mcts at seat %d won only %ld of 16: %s", seat + 1, w[seat], o);
    free(o), free(e);
}

Test(agents, mcts_beats_random_as_either_side)
{
    mcts_wins_as("mcts,random", 0);
    mcts_wins_as("random,mcts", 1);
}

/* --rollout N cuts each rollout after N decisions and lets the game's
   score (EvR: victory points) decide: the agent still beats random, the
   games do not depend on --jobs, and the cut changes what it plays. */
Test(agents, a_cut_rollout_lets_the_score_decide)
{
    const char *cut[] = {"evr", "sim", "--games", "16", "--seed", "3", "--agents", "mcts,random", "--budget", "40",
                         "--rollout", "10", "--json", NULL};
    const char *cut2[] = {"evr", "sim", "--games", "16", "--seed", "3", "--agents", "mcts,random", "--budget", "40",
                          "--rollout", "10", "--jobs", "2", "--json", NULL};
    const char *full[] = {"evr", "sim", "--games", "16", "--seed", "3", "--agents", "mcts,random", "--budget", "40",
                          "--json", NULL};
    char *o1, *o2, *o3, *e;
    cr_assert_eq(lab_run(cut, &o1, &e), 0, "%s", e);
    free(e);
    cr_assert_eq(lab_run(cut2, &o2, &e), 0, "%s", e);
    free(e);
    cr_assert_eq(lab_run(full, &o3, &e), 0, "%s", e);
    free(e);
    long w[4];
    cr_assert_eq(json_ints(o1, "seat_wins", w, 4), 2);
    cr_expect_geq(w[0], 12, "mcts with cut rollouts won only %ld of 16: %s", w[0], o1);
    cr_expect_str_eq(o1, o2, "--jobs changed the games");
    cr_expect_str_neq(o1, o3, "the cut changed nothing");
    free(o1), free(o2), free(o3);
    const char *zero[] = {"evr", "sim", "--agents", "mcts", "--rollout", "0", NULL};
    cr_expect_eq(lab_run(zero, &o1, &e), 2, "--rollout 0 is a usage error");
    free(o1), free(e);
}

Test(agents, greedy_and_mcts_play_complete_games)
{
    const char *a[] = {"evr", "sim", "--games", "8", "--seed", "5", "--agents", "greedy", "--json", NULL};
    char *o, *e;
    cr_assert_eq(lab_run(a, &o, &e), 0, "%s", e);
    cr_assert(strstr(o, "\"errors\":0") != NULL, "%s", o);
    free(o), free(e);
    RtAgent x;
    cr_assert_eq(rt_agent_by_name(&x, "nobody", 0), -1);
    cr_assert_eq(rt_agent_by_name(&x, "mcts", 0), 0);
    cr_assert_eq(x.budget, RT_MCTS_BUDGET);
    rt_agent_release(&x);
}

/* ---- hidden information -------------------------------------------------------- */

static int zone_of(const RtGameDef *d, const char *name)
{
    for (int z = 0; z < d->nzones; z++)
        if (strcmp(d->zones[z].name, name) == 0)
            return z;
    cr_assert_fail("no zone %s", name);
    return -1;
}

static char *view(const RtGame *g, int p)
{
    char *b = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&b, &n);
    rt_view_print(g, p, f);
    fclose(f);
    return b;
}

/* reach: a game of seed advanced by random agents to the k-th decision of
   seat 0 at which the opponent's reserve is not empty. */
static RtGame *reach(uint64_t seed, int k)
{
    RtOptions o = {2, seed, 0, 0, 0, NULL};
    RtGame *g = rt_new(&evr_game, &o);
    cr_assert_not_null(g);
    RtAgent r[2];
    rt_agent_random(&r[0]);
    rt_agent_random(&r[1]);
    r[0].reset(&r[0], seed + 1);
    r[1].reset(&r[1], seed + 2);
    int reserve = zone_of(&evr_game, "reserve");
    while (rt_advance(g)) {
        int p = rt_decision_player(g);
        if (p == 0 && rt_zone_size(g, rt_zone(g, reserve, 1)) > 0 && k-- <= 0)
            return g;
        rt_apply(g, r[p].choose(&r[p], g));
    }
    rt_free(g);
    return NULL;
}

/* disturb: change only what seat 0 cannot see: swap a card of the
   opponent's private reserve with one of his hidden deck, then shuffle
   that deck (which also moves the true generator on). */
static void disturb(RtGame *g)
{
    int reserve = zone_of(&evr_game, "reserve"), deck = zone_of(&evr_game, "deck");
    RtValue zr = rt_zone(g, reserve, 1), zd = rt_zone(g, deck, 1);
    cr_assert_gt(rt_zone_size(g, zd), 1);
    RtValue a = rt_zone_at(g, zr, 0), b = rt_zone_at(g, zd, 0);
    rt_move(g, b, zr, RT_AT_BOTTOM, 0);
    rt_move(g, a, zd, RT_AT_TOP, 0);
    rt_shuffle(g, zd, RT_SITE_NONE);
    cr_assert(!rt_failed(g));
}

Test(hidden, determinization_depends_only_on_what_the_player_sees)
{
    for (uint64_t seed = 1; seed <= 6; seed++) {
        RtGame *g1 = reach(seed, (int)seed % 4);
        cr_assert_not_null(g1);
        RtGame *g2 = rt_clone(g1);
        uint64_t h0 = rt_hash(g1);
        disturb(g2);
        cr_assert_neq(rt_hash(g2), h0, "the disturbance changed the true state");
        char *v1 = view(g1, 0), *v2 = view(g2, 0);
        cr_assert_str_eq(v1, v2, "seat 0 sees the same");
        uint64_t r1[4] = {1, 2, 3, seed}, r2[4] = {1, 2, 3, seed};
        rt_determinize(g1, 0, r1);
        rt_determinize(g2, 0, r2);
        cr_assert_eq(rt_hash(g1), rt_hash(g2), "seed %llu: two true states seat 0 cannot tell apart give the same sample",
                     (unsigned long long)seed);
        char *w1 = view(g1, 0);
        cr_assert_str_eq(v1, w1, "the sample looks the same to seat 0");
        free(v1), free(v2), free(w1);
        rt_free(g1);
        rt_free(g2);
    }
}

Test(hidden, mcts_decisions_ignore_the_opponents_hidden_cards)
{
    int distinct = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        RtGame *g1 = reach(seed, (int)(seed * 3) % 7);
        cr_assert_not_null(g1);
        RtGame *g2 = rt_clone(g1);
        disturb(g2);
        RtAgent m1, m2;
        cr_assert_eq(rt_agent_mcts(&m1, 40), 0);
        cr_assert_eq(rt_agent_mcts(&m2, 40), 0);
        m1.reset(&m1, seed * 77);
        m2.reset(&m2, seed * 77);
        int c1 = m1.choose(&m1, g1), c2 = m2.choose(&m2, g2);
        cr_assert_eq(c1, c2, "seed %llu: mcts chose %d with one hidden deal and %d with the other",
                     (unsigned long long)seed, c1, c2);
        /* and it keeps deciding alike at the next decisions it takes in both */
        cr_assert_eq(m1.choose(&m1, g1), m2.choose(&m2, g2));
        distinct += c1 != 0;
        rt_agent_release(&m1);
        rt_agent_release(&m2);
        rt_free(g1);
        rt_free(g2);
    }
    (void)distinct;
}

Test(hidden, greedy_decisions_ignore_the_opponents_hidden_cards)
{
    for (uint64_t seed = 1; seed <= 6; seed++) {
        RtGame *g1 = reach(seed, (int)seed % 5);
        cr_assert_not_null(g1);
        RtGame *g2 = rt_clone(g1);
        disturb(g2);
        RtAgent a1, a2;
        rt_agent_greedy(&a1);
        rt_agent_greedy(&a2);
        a1.reset(&a1, seed);
        a2.reset(&a2, seed);
        cr_assert_eq(a1.choose(&a1, g1), a2.choose(&a2, g2));
        rt_free(g1);
        rt_free(g2);
    }
}
