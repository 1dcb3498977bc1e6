/* test_games.c: whole games -- random play for 2, 3 and 4 players and in
   every variant ends by the rules with no runtime error (a win of every
   player, or a loss with its condition); the same seed and choices give
   the same log; the engine's sim is deterministic and reports the
   Rebel Alliance's win rate, and no first-player advantage (every seat
   plays the Rebel Alliance). */
#include "drive.h"
#include "testutil.h"

static void random_games(const RtGameDef *def, int players, int n)
{
    for (uint64_t seed = 1; seed <= (uint64_t)n; seed++) {
        RtGame *g = drv_played_p(def, seed, players, seed * 3 + (uint64_t)players);
        int ending = (int)drv_var(g, "ending", 0), winners = 0;
        for (int p = 0; p < players; p++)
            winners += rt_is_winner(g, p);
        if (ending == END_WIN) {
            cr_assert_eq(winners, players, "the players win together");
            cr_assert(!rt_lost(g));
        } else {
            cr_assert(ending == END_DEATH_STAR || ending == END_REBELS || ending == END_TEAM, "ending %d", ending);
            cr_assert_eq(winners, 0, "the players lose together");
            cr_assert(rt_lost(g), "a loss is the game's win, not a draw");
        }
        /* the fifteen Rebellion dice are back in the shared pool */
        cr_assert_eq(drv_size(g, "supply", 0), 15);
        rt_free(g);
    }
}

Test(games, two_players_100_random_games_end_by_the_rules) { random_games(&dsr_game, 2, 100); }
Test(games, three_players_100_random_games_end_by_the_rules) { random_games(&dsr_game, 3, 100); }
Test(games, four_players_100_random_games_end_by_the_rules) { random_games(&dsr_game, 4, 100); }
Test(games, every_variant_20_random_games_end_by_the_rules)
{
    for (int v = 0; v < dsr_variant_count; v++)
        for (int players = 2; players <= 4; players++)
            random_games(dsr_variants[v], players, 20);
}

Test(games, the_same_seed_and_choices_give_the_same_log_and_hash)
{
    for (uint64_t seed = 1; seed <= 5; seed++) {
        RtGame *a = drv_new_p(&dsr_game, seed, 3), *b = drv_new_p(&dsr_game, seed, 3);
        drv_play_random(a, seed);
        drv_play_random(b, seed);
        drv_assert_same_games(a, b);
        rt_free(a);
        rt_free(b);
    }
}

/* count_of: the games of the tally's entry for value, or -1. */
static long count_of(const char *json, const char *value)
{
    char pat[96];
    snprintf(pat, sizeof pat, "{\"value\":\"%s\",\"games\":", value);
    const char *p = strstr(json, pat);
    return p ? strtol(p + strlen(pat), NULL, 10) : -1;
}
static long long_after(const char *json, const char *key)
{
    const char *p = strstr(json, key);
    cr_assert_not_null(p, "no %s", key);
    return strtol(p + strlen(key), NULL, 10);
}

/* engine: the engine run on argv (argc entries); its stdout (caller frees). */
static char *engine(int argc, const char *const *argv)
{
    char *out = NULL, *err = NULL;
    size_t no = 0, ne = 0;
    FILE *fo = open_memstream(&out, &no), *fe = open_memstream(&err, &ne);
    int r = rt_engine_run(argc, (char **)argv, (const RtGameDef *const *)dsr_variants, dsr_variant_count, stdin, fo,
                          fe);
    fclose(fo);
    fclose(fe);
    cr_assert_eq(r, 0, "%s: %s", argv[1], err);
    free(err);
    return out;
}

/* the engine's sim: deterministic; two sides, the Rebel Alliance (the
   players' win rate) and the game (the games every player lost) */
static char *sim(const char *players, const char *jobs)
{
    const char *argv[] = {"dsr", "sim", "--games", "300", "--seed", "1", "--players", players, "--json",
                          "--jobs", jobs, "--tally", "ending", NULL};
    return engine(13, argv);
}

Test(games, sim_is_deterministic_and_reports_the_rebel_alliance)
{
    for (int n = 2; n <= 4; n++) {
        char players[4];
        snprintf(players, sizeof players, "%d", n);
        char *a = sim(players, "1"), *b = sim(players, "2");
        cr_assert_str_eq(a, b, "the same report for 1 and 2 threads");
        cr_assert(strstr(a, "\"errors\":0"), "%s", a);
        /* the tally of ending: the games won, then the lost ones by loss condition */
        long won = count_of(a, "players_win"), lost_games = long_after(a, "\"losses\":");
        cr_assert_eq(long_after(a, "\"draws\":"), 0, "no game is a draw: %s", a);
        char side[96];
        snprintf(side, sizeof side, "{\"side\":\"the game\",\"wins\":%ld,\"games\":300,", lost_games);
        cr_assert(strstr(a, side), "the game is a side that wins the lost games: %s", a);
        snprintf(side, sizeof side, "{\"side\":\"Rebel Alliance\",\"wins\":%ld,\"games\":300,", won > 0 ? won : 0);
        cr_assert(strstr(a, side), "the players' side wins a game when they do (per game, not per seat): %s", a);
        long lost = 0;
        static const char *const losses[] = {"death_star_operational", "rebels_defeated", "team_wiped_out"};
        for (int k = 0; k < 3; k++)
            lost += count_of(a, losses[k]) > 0 ? count_of(a, losses[k]) : 0;
        cr_assert_eq(lost, lost_games, "every lost game has its loss condition");
        cr_assert_eq(won > 0 ? won : 0, long_after(a, "\"seat_wins\":["), "the games won are the players' wins");
        cr_assert_eq(count_of(a, "playing"), -1, "no game ends while it is going on");
        free(a);
        free(b);
    }
}

/* The readable report and the CSV name the game as the second side, with
   the games lost to it; --compare gives the change in losses and the
   compared variant's tally. */
Test(games, the_reports_name_the_game_as_a_side)
{
    const char *text_argv[] = {"dsr", "sim", "--games", "200", "--seed", "2", "--tally", "ending", NULL};
    char *text = engine(8, text_argv);
    const char *jargv[] = {"dsr", "sim", "--games", "200", "--seed", "2", "--json", NULL};
    char *json = engine(7, jargv);
    long lost = long_after(json, "\"losses\":");
    cr_assert_gt(lost, 100, "random players lose most games: %s", json);
    char want[96];
    snprintf(want, sizeof want, "\ndraws: 0\nlost to the game: %ld (%.1f%%)\nerrors: 0\n", lost, 100.0 * lost / 200);
    cr_assert(strstr(text, want), "%s in %s", want, text);
    cr_assert(strstr(text, "win rate by side (95% CI):\n  Rebel Alliance: "), "%s", text);
    cr_assert(strstr(text, "\n  the game: "), "%s", text);
    const char *cargv[] = {"dsr", "sim", "--games", "200", "--seed", "2", "--csv", NULL};
    char *csv = engine(7, cargv);
    snprintf(want, sizeof want, "\nside_win,the game,,,%ld,200,", lost);
    cr_assert(strstr(csv, want), "%s in %s", want, csv);
    free(text);
    free(json);
    free(csv);

    const char *cmp_argv[] = {"dsr", "sim", "--games", "200", "--seed", "2", "--tally", "ending", "--compare",
                              "imperials11", NULL};
    char *cmp = engine(10, cmp_argv);
    cr_assert(strstr(cmp, "\n  lost to the game: "), "%s", cmp);
    cr_assert(strstr(cmp, "\n  ending when the game ends in imperials11 (95% CI, of 200 games):\n"), "%s", cmp);
    free(cmp);
    const char *cj_argv[] = {"dsr", "sim", "--games", "200", "--seed", "2", "--tally", "ending", "--compare",
                             "imperials11", "--json", NULL};
    char *cj = engine(11, cj_argv);
    const char *c = strstr(cj, "\"compare\":{\"variant\":\"imperials11\"");
    cr_assert_not_null(c, "%s", cj);
    cr_assert(strstr(c, "\"losses\":") && strstr(c, "\"loss_difference\":"), "%s", c);
    cr_assert(strstr(c, "\"tally\":{\"variable\":\"ending\",\"values\":[{"), "%s", c);
    free(cj);
}

/* Every seat plays the Rebel Alliance: the first player wins or loses
   with the others, so no report has a first-player advantage (JSON: null;
   text and CSV: no line, no row), whatever the number of players. */
Test(games, the_reports_have_no_first_player_advantage)
{
    const char *null_fpa = "],\"first_player_advantage\":null,\"length\":{";
    static const char *const players[] = {"2", "3", "4"};
    for (int k = 0; k < 3; k++) {
        const char *jargv[] = {"dsr", "sim", "--games", "30", "--seed", "4", "--players", players[k], "--json", NULL};
        char *json = engine(9, jargv);
        const char *fpa = strstr(json, null_fpa);
        cr_assert_not_null(fpa, "%s", json);
        cr_assert_null(strstr(fpa + strlen(null_fpa), "first_player_advantage"), "once: %s", json);
        free(json);
        const char *targv[] = {"dsr", "sim", "--games", "30", "--seed", "4", "--players", players[k], "--tally", "ending",
                               NULL};
        char *text = engine(10, targv);
        cr_assert_null(strstr(text, "first-player"), "%s", text);
        /* the tally's lines are followed by the game length */
        const char *tally = strstr(text, "\nending when the game ends (95% CI, of 30 games):\n");
        cr_assert_not_null(tally, "%s", text);
        const char *l = strchr(tally + 1, '\n') + 1;
        while (strncmp(l, "  ", 2) == 0)
            l = strchr(l, '\n') + 1;
        cr_assert(strncmp(l, "game length (rounds): ", 22) == 0, "%s", text);
        free(text);
        const char *cargv[] = {"dsr", "sim", "--games", "30", "--seed", "4", "--players", players[k], "--csv", NULL};
        char *csv = engine(9, cargv);
        cr_assert_null(strstr(csv, "first_player_advantage"), "%s", csv);
        cr_assert(strstr(csv, "\nerror,,,,0,30,0.0000,,\nmean_rounds,,,,,30,"), "%s", csv);
        free(csv);
    }
    /* nor in a comparison's report */
    const char *cargv[] = {"dsr", "sim", "--games", "30", "--seed", "4", "--compare", "imperials11", "--json", NULL};
    char *cmp = engine(9, cargv);
    cr_assert(strstr(cmp, null_fpa), "%s", cmp);
    free(cmp);
}
