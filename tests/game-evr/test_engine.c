/* test_engine.c: the EvR engine binary as a user runs it: sim at scale,
   deterministic JSON, replay of a logged game, help on every command. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cardrt.h"
#include "evr.h"
#include "testutil.h"

#define ENGINE TEST_BUILD_DIR "/evr"

Test(engine, sim_10000_games_is_deterministic_and_every_game_ends)
{
    RunResult a = run_cmd(ENGINE " sim --games 10000 --seed 1 --json");
    RunResult b = run_cmd(ENGINE " sim --games 10000 --seed 1 --json");
    cr_assert_eq(a.status, 0, "%s", a.err);
    cr_assert_str_eq(a.out, b.out, "two runs with the same seed differ");
    /* a real JSON parser reads it; every game has a winner (EvR has no draw) and no error */
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "python3 -c 'import json,sys; d=json.load(sys.stdin); "
             "assert d[\"game\"]==\"evr\" and d[\"variant\"]==\"base\" and d[\"games\"]==10000 and d[\"seed\"]==1; "
             "assert d[\"errors\"]==0 and d[\"draws\"]==0; "
             "assert sum(d[\"wins\"].values())==10000, d[\"wins\"]; "
             "assert set(d[\"wins\"])=={\"Rebel Alliance\",\"Galactic Empire\"}; "
             "assert 3 < d[\"mean_rounds\"] < 14, d[\"mean_rounds\"]'");
    FILE *p = popen(cmd, "w");
    cr_assert_not_null(p);
    fputs(a.out, p);
    cr_expect_eq(pclose(p), 0, "the JSON summary is wrong:\n%s", a.out);
    run_free(&a);
    run_free(&b);
}

Test(engine, different_seeds_give_different_games)
{
    RunResult a = run_cmd(ENGINE " sim --games 200 --seed 1 --json");
    RunResult b = run_cmd(ENGINE " sim --games 200 --seed 2 --json");
    cr_assert_eq(a.status, 0);
    cr_expect_str_neq(a.out, b.out);
    run_free(&a);
    run_free(&b);
}

Test(engine, a_logged_game_replays_exactly)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " ENGINE " sim --games 1 --seed 11 --log $d/g.jsonl >/dev/null && "
                          ENGINE " replay $d/g.jsonl > $d/replay.txt; s=$?; "
                          ENGINE " log --seed 11 > /dev/null; "
                          "head -c 300 $d/g.jsonl; echo; tail -n 3 $d/replay.txt; rm -rf $d; exit $s");
    cr_assert_eq(r.status, 0, "replay failed:\n%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "\"type\":\"header\"") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "win ") != NULL, "the replay ends with a win:\n%s", r.out);
    run_free(&r);
}

Test(engine, a_tampered_log_does_not_replay)
{
    /* change the first recorded decision: the replay must notice, not crash */
    RunResult r = run_cmd("d=$(mktemp -d) && " ENGINE " sim --games 1 --seed 11 --log $d/g.jsonl >/dev/null && "
                          "python3 -c 'import json,sys\n"
                          "out=[]\n"
                          "done=False\n"
                          "for line in open(sys.argv[1]):\n"
                          "    o=json.loads(line)\n"
                          "    if not done and o.get(\"type\")==\"choice\" and not o.get(\"forced\") and o[\"options\"]>1:\n"
                          "        o[\"option\"]=(o[\"option\"]+1)%o[\"options\"]; done=True\n"
                          "    out.append(json.dumps(o,separators=(\",\",\":\")))\n"
                          "open(sys.argv[1],\"w\").write(\"\\n\".join(out)+\"\\n\")' $d/g.jsonl && "
                          ENGINE " replay $d/g.jsonl >/dev/null; s=$?; rm -rf $d; exit $s");
    cr_expect_eq(r.status, 1, "a tampered log must fail the replay with status 1:\n%s", r.err);
    run_free(&r);
}

Test(engine, every_command_has_help)
{
    const char *cmds[] = {"--help", "play --help", "sim --help", "replay --help", "log --help"};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, ENGINE " %s", cmds[i]);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 0, "%s: status %d", cmds[i], r.status);
        cr_expect(strstr(r.out, "usage") != NULL || strstr(r.out, "Usage") != NULL, "%s:\n%s", cmds[i], r.out);
        run_free(&r);
    }
    RunResult r = run_cmd(ENGINE " sim --gmaes 3");
    cr_expect_eq(r.status, 2, "an unknown option is a usage error");
    run_free(&r);
}

Test(engine, tutorial_variant_runs)
{
    RunResult r = run_cmd(ENGINE " sim --games 500 --seed 3 --variant tutorial --json");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "\"variant\":\"tutorial\"") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "\"errors\":0") != NULL, "%s", r.out);
    run_free(&r);
}

/* The first-player statistic follows the game's first turn, not seat 1. */
Test(engine, first_player_is_who_took_the_first_turn)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        RtOptions o = {2, seed, 1, 0, 0, NULL};
        RtGame *g = rt_new(&evr_game, &o);
        cr_assert_not_null(g);
        while (rt_advance(g))
            rt_apply(g, 0);
        char buf[256];
        int first = RT_NONE;
        for (int i = 0; i < rt_log_count(g) && first == RT_NONE; i++) {
            const char *l = rt_log_line(g, i, -1, buf, sizeof buf);
            if (strncmp(l, "turn ", 5) == 0)
                first = strcmp(l + 5, "Rebel Alliance") == 0 ? 0 : 1;
        }
        cr_assert_neq(first, RT_NONE);
        cr_expect_eq(rt_first_player(g), first, "seed %llu", (unsigned long long)seed);
        rt_free(g);
    }
}

/* new_with_layout: rt_new of evr_game with layout, stderr kept in err. */
static RtGame *new_with_layout(const int32_t *layout, char *err, size_t size)
{
    RtGameDef def = evr_game;
    def.layout = layout;
    RtOptions opt = {2, 1, 0, 0, 0, NULL};
    fflush(stderr);
    FILE *tmp = tmpfile();
    cr_assert_not_null(tmp);
    int saved = dup(2);
    dup2(fileno(tmp), 2);
    RtGame *g = rt_new(&def, &opt);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    size_t n = fread(err, 1, size - 1, tmp);
    err[n] = '\0';
    fclose(tmp);
    return g;
}

Test(engine, a_def_laid_out_otherwise_than_the_runtime_is_refused)
{
    const RtGameDef *d = &evr_game;
    int n = 2 * d->nzones + d->nvars + d->nlive + 1;   /* capacities, vars, live counts, zones, a block */
    int32_t *lay = malloc(sizeof *lay * (size_t)n);
    char err[512];
    memcpy(lay, d->layout, sizeof *lay * (size_t)n);
    RtGame *g = new_with_layout(lay, err, sizeof err);
    cr_assert_not_null(g, "the generated layout itself: %s", err);
    rt_free(g);
    /* a var one cell off */
    lay[d->nzones] += 1;
    cr_assert_null(new_with_layout(lay, err, sizeof err));
    cr_assert(strstr(err, "lays the state out otherwise than this runtime"), "%s", err);
    /* a zone too small for the variant's cards */
    memcpy(lay, d->layout, sizeof *lay * (size_t)n);
    lay[1] -= 1;
    cr_assert_null(new_with_layout(lay, err, sizeof err));
    cr_assert(strstr(err, "lays the state out otherwise"), "%s", err);
    /* more room than needed moves everything after it: refused too */
    memcpy(lay, d->layout, sizeof *lay * (size_t)n);
    lay[1] += 1;
    cr_assert_null(new_with_layout(lay, err, sizeof err));
    free(lay);
}
