/* test_games.c: whole games -- random play for 2, 3 and 4 players ends by
   the rules with no runtime error; determinism of the log and the hash; the
   engine's sim for the base and the short game. */
#include "drive.h"
#include "testutil.h"

static void random_games(const RtGameDef *def, int players, int n)
{
    for (uint64_t seed = 1; seed <= (uint64_t)n; seed++) {
        RtGame *g = drv_played_p(def, seed, players, seed * 3 + (uint64_t)players);
        cr_assert_eq(drv_var(g, "stage", 0), 6, "the game ends on Death Star 2");
        cr_assert_eq(drv_free(g), 0);
        cr_assert(drv_log_find(g, 0, "The last space of Death Star 2 is covered: the game ends.") >= 0);
        int best = -1000, winners = 0;
        for (int p = 0; p < players; p++)
            if (drv_vp(g, p) > best)
                best = drv_vp(g, p);
        for (int p = 0; p < players; p++)
            if (rt_is_winner(g, p)) {
                cr_assert_eq(drv_vp(g, p), best);
                winners++;
            }
        cr_assert_geq(winners, 1);
        /* every die, Ally, token and Sith Lord is somewhere: 4 dice back in the pool */
        cr_assert_eq(drv_size(g, "pool", 0), 4);
        rt_free(g);
    }
}

Test(games, two_players_100_random_games_end_by_the_rules) { random_games(&galaxy_game, 2, 100); }
Test(games, three_players_100_random_games_end_by_the_rules) { random_games(&galaxy_game, 3, 100); }
Test(games, four_players_100_random_games_end_by_the_rules) { random_games(&galaxy_game, 4, 100); }
Test(games, short_game_100_random_games_end_by_the_rules)
{
    random_games(&galaxy_variant_short, 3, 100);
}

Test(games, the_same_seed_and_choices_give_the_same_log_and_hash)
{
    for (uint64_t seed = 1; seed <= 5; seed++) {
        RtGame *a = drv_new_p(&galaxy_game, seed, 4), *b = drv_new_p(&galaxy_game, seed, 4);
        drv_play_random(a, seed);
        drv_play_random(b, seed);
        drv_assert_same_games(a, b);
        rt_free(a);
        rt_free(b);
    }
    /* a clone at a decision continues exactly like the original */
    RtGame *g = drv_first_turn(&galaxy_game, 9, 3);
    RtGame *c = rt_clone(g);
    cr_assert_eq(rt_hash(g), rt_hash(c));
    drv_play_random(g, 5);
    uint64_t rng = 5;
    while (rt_advance(c))
        drv_random_move(c, &rng);
    cr_assert_eq(rt_hash(g), rt_hash(c));
    rt_free(g);
    rt_free(c);
}

/* the engine's sim: deterministic, and the short game has fewer rounds on average */
static char *sim(const char *variant, int games)
{
    char games_s[16];
    snprintf(games_s, sizeof games_s, "%d", games);
    const char *argv[] = {"galaxy", "sim", "--games", games_s, "--seed", "1", "--players", "4", "--json", "--variant",
                          variant, NULL};
    char *out = NULL, *err = NULL;
    size_t no = 0, ne = 0;
    FILE *fo = open_memstream(&out, &no), *fe = open_memstream(&err, &ne);
    int r = rt_engine_run(11, (char **)argv, (const RtGameDef *const *)galaxy_variants, galaxy_variant_count, stdin,
                          fo, fe);
    fclose(fo);
    fclose(fe);
    cr_assert_eq(r, 0, "sim %s: %s", variant, err);
    free(err);
    return out;
}

static double field(const char *json, const char *key)
{
    const char *p = strstr(json, key);
    cr_assert_not_null(p, "no %s in %s", key, json);
    return atof(p + strlen(key));
}

Test(games, sim_is_deterministic_and_the_short_game_has_fewer_rounds)
{
    char *a = sim("base", 200), *b = sim("base", 200), *s = sim("short", 200), *s2 = sim("short", 200);
    cr_assert_str_eq(a, b);
    cr_assert_str_eq(s, s2);
    cr_assert(strstr(a, "\"errors\":0") && strstr(s, "\"errors\":0"));
    double ra = field(a, "\"mean_rounds\":"), rs = field(s, "\"mean_rounds\":");
    cr_assert_lt(rs, ra, "short %.3f, base %.3f", rs, ra);
    free(a);
    free(b);
    free(s);
    free(s2);
}

/* With 2, 3 and 4 players (the state laid out per player block), with a
   log and without (the runtime's fast paths; the dice-check variant's
   setup prelude from its template), and under rt_play (decisions answered
   in place): the same games, decision by decision. */
Test(games, log_on_and_off_and_rt_play_play_the_same_games)
{
    for (int k = 0; k < galaxy_variant_count; k++) {
        const RtGameDef *def = galaxy_variants[k];
        for (uint64_t seed = 1; seed <= 12; seed++) {
            int players = def->min_players + (int)(seed % (uint64_t)(def->max_players - def->min_players + 1));
            RtGame *g[3];
            RtAgent ag[3][4], *seats[4];
            for (int i = 0; i < 3; i++) {
                RtOptions o = {players, seed, i == 0, 1000, 0, NULL};
                g[i] = rt_new(def, &o);
                cr_assert_not_null(g[i]);
                for (int p = 0; p < players; p++) {
                    rt_agent_random(&ag[i][p]);
                    ag[i][p].reset(&ag[i][p], seed * 11 + (uint64_t)p);
                }
            }
            while (rt_advance(g[0])) {
                cr_assert_eq(rt_advance(g[1]), 1, "%s seed %llu", def->variant, (unsigned long long)seed);
                cr_assert_eq(rt_hash(g[0]), rt_hash(g[1]), "%s seed %llu", def->variant, (unsigned long long)seed);
                int p = rt_decision_player(g[0]);
                rt_apply(g[0], ag[0][p].choose(&ag[0][p], g[0]));
                rt_apply(g[1], ag[1][p].choose(&ag[1][p], g[1]));
            }
            cr_assert_eq(rt_advance(g[1]), 0);
            for (int p = 0; p < players; p++)
                seats[p] = &ag[2][p];
            cr_assert_eq(rt_play(g[2], seats), 0);
            cr_assert(!rt_failed(g[0]), "%s", rt_error(g[0]));
            cr_assert_eq(rt_hash(g[0]), rt_hash(g[1]));
            cr_assert_eq(rt_hash(g[0]), rt_hash(g[2]), "%s seed %llu", def->variant, (unsigned long long)seed);
            for (int i = 0; i < 3; i++)
                rt_free(g[i]);
        }
    }
}

/* -------------------------------------------------------------------------------------------- */

/* At the first menu of a reroll (no die picked yet), the reroll's frame
   holds nothing of an earlier frame at its depth: the local that keeps the
   chosen option (a temporary cardc adds to the procedure while it writes
   it, after it wrote the call in take_turn) is 0, as a new frame's locals
   are. Every earlier reroll ended on its last option ("roll the picked
   dice", 6), so a call that cleared only the locals the procedure had
   before its temporaries would leave a 6 there. */
static int visit_fresh_frame(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    int *seen = vctx;
    int reroll_menu = 0;
    for (int f = 0; f < 6; f++)
        reroll_menu |= drv_has(g, drv_reroll_label[f]);
    if (!reroll_menu || drv_size(g, "rerolling", 0) != 0)
        return DRV_RANDOM;
    const RtGamePrefix *x = rt__pre(g);
    const RtFrame *top = (const RtFrame *)(const void *)(x->frame_cells + (x->hdr->depth - 1) * x->frame_stride + 1);
    cr_assert_str_eq(galaxy_game.scripts[top->script].name, "reroll");
    cr_assert_eq(top->v[6], 0, "the reroll's option local holds %d before any option was chosen", (int)top->v[6]);
    return ++*seen >= 200 ? DRV_STOP : DRV_RANDOM;
}

Test(games, a_procedures_frame_starts_with_every_local_at_zero)
{
    int seen = 0;
    drv_search_p(&galaxy_game, 2, 1, 20, visit_fresh_frame, &seen, NULL);
    cr_assert_geq(seen, 200);
}
