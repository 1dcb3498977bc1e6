/* test_sites.c: setup, rewards of rows, the dueling sites in order, the end
   and its scoring, ties, the shorter game. */
#include "drive.h"

Test(sites, setup_puts_yavin4_in_play_with_its_allies)
{
    RtGame *g = drv_first_turn(&galaxy_game, 2, 3);
    cr_assert_eq(drv_size(g, "spaces", 0), 13);
    cr_assert_eq(drv_var(g, "stage", 0), 1);
    cr_assert_eq(drv_size(g, "offered", 0), 2, "Yavin 4 has two rows with an Ally");
    cr_assert_eq(drv_size(g, "ally_supply", 0), 11);
    cr_assert_eq(drv_size(g, "edge", 0), 2, "both Sith Lords at the edge");
    for (int p = 0; p < 3; p++)
        cr_assert_eq(drv_size(g, "token", p), 1, "each player chose a Rebel token");
    cr_assert(drv_log_find(g, 0, "is the youngest player and begins.") >= 0);
    rt_free(g);
}

/* every reward line names a row; its points go to the player of that turn, once per row */
static void check_rewards(RtGame *g)
{
    int cur = -1, rows = 0;
    char claimed[64][32];
    int nclaimed = 0;
    for (int i = 0; i < rt_log_count(g); i++) {
        const char *l = drv_line(g, i, -1);
        int p, r, c, b, vp, al;
        char name[32];
        if (sscanf(l, "turn Player %d", &p) == 1)
            cur = p;
        if (strstr(l, "The duel") == l)
            nclaimed = 0;
        if (sscanf(l, "Player %d covers the last space of the row of %31[^:]: %d victory point(s), %d Ally.", &p, name,
                   &vp, &al) == 4) {
            cr_assert_eq(p, cur, "the reward goes to the player who covered the last space");
            cr_assert(drv_space(name, &b, &r, &c));
            cr_assert_eq(vp, drv_boards[b].rows[r - 1].vp);
            cr_assert_eq(al, drv_boards[b].rows[r - 1].ally);
            for (int k = 0; k < nclaimed; k++)
                cr_assert(strcmp(claimed[k], name) != 0, "row %s rewarded twice", name);
            snprintf(claimed[nclaimed++], 32, "%s", name);
            if (vp) {
                char want[48];
                snprintf(want, sizeof want, "set vp(Player %d) ", p);
                cr_assert(strstr(drv_line(g, i + 1, -1), want), "points: %s", drv_line(g, i + 1, -1));
            }
            if (al) {
                char want[48];
                snprintf(want, sizeof want, "offered -> allies(Player %d)", p);
                int k = drv_log_find(g, i, want);
                cr_assert(k >= 0 && k <= i + 3, "the row's Ally goes to that player");
            }
            rows++;
        }
    }
    cr_assert(rows >= 30, "rows rewarded %d", rows);
}

Test(sites, the_reward_of_a_row_goes_to_the_player_who_covers_its_last_space)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        RtGame *g = drv_new_p(&galaxy_game, seed, 2 + (int)(seed % 3));
        drv_play_random(g, seed);
        check_rewards(g);
        rt_free(g);
    }
}

static void check_order(const RtGameDef *def, const char *const *want, int n)
{
    for (uint64_t seed = 1; seed <= 10; seed++) {
        RtGame *g = drv_new_p(def, seed, 2);
        drv_play_random(g, seed);
        int at = 0;
        for (int k = 0; k < n; k++) {
            int i = drv_log_find(g, at, want[k]);
            cr_assert(i >= at, "seed %llu: %s", (unsigned long long)seed, want[k]);
            at = i + 1;
        }
        cr_assert_eq(drv_log_count(g, 0, -1, "The duel moves to") + drv_log_count(g, 0, -1, "The duel begins") +
                         drv_log_count(g, 0, -1, "The final duel"),
                     n);
        rt_free(g);
    }
}

Test(sites, the_planets_in_order_with_dagobah_and_bespin_together)
{
    static const char *const base[] = {"Yavin 4.", "Hoth.", "Dagobah and the Gas Giant Bespin.", "Tatooine.",
                                       "Endor.", "Death Star 2."};
    check_order(&galaxy_game, base, 6);
    static const char *const shortg[] = {"Yavin 4.", "Hoth.", "Tatooine.", "Endor.", "Death Star 2."};
    check_order(&galaxy_variant_short, shortg, 5);
}

typedef struct {
    int changes, stage3;
} SiteCtx;

static int visit_site(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    SiteCtx *c = vctx;
    static int last = -1;
    int st = drv_var(g, "stage", 0);
    if (st != last && drv_is_menu(g)) {
        if (last >= 0 && st == last + 1 && drv_at_turn_start(g)) {
            /* markers cleared: every space in play is a space of the new site, and empty */
            RtValue z = drv_zone(g, "spaces", 0);
            int expect = 0;
            for (int b = 0; b < DRV_NBOARDS; b++)
                if (drv_boards[b].stage == st)
                    for (int r = 0; r < 6 && drv_boards[b].rows[r].symbols; r++)
                        expect += (int)strlen(drv_boards[b].rows[r].symbols);
            cr_assert_eq(rt_zone_size(g, z), expect);
            for (int i = 0; i < rt_zone_size(g, z); i++) {
                int b, r, cc;
                cr_assert(drv_space(rt_card_name(g, rt_zone_at(g, z, i)), &b, &r, &cc));
                cr_assert_eq(drv_boards[b].stage, st);
            }
            cr_assert_eq(drv_free(g), expect, "the Rebel markers are cleared between planets");
            int allies = 0;
            for (int b = 0; b < DRV_NBOARDS; b++)
                if (drv_boards[b].stage == st)
                    for (int r = 0; r < 6; r++)
                        allies += drv_boards[b].rows[r].ally;
            cr_assert_eq(drv_size(g, "offered", 0), allies, "stage %d", st);
            if (st == 6)
                cr_assert_eq(allies, 0, "no Allies on Death Star 2");
            if (st == 3)
                c->stage3 += expect == 31;
            c->changes++;
        }
        last = st;
    }
    return DRV_RANDOM;
}

Test(sites, markers_are_cleared_between_planets_and_death_star2_has_no_allies)
{
    SiteCtx c = {0, 0};
    drv_search_p(&galaxy_game, 2, 1, 10, visit_site, &c, NULL);
    cr_assert(c.changes >= 30 && c.stage3 >= 5, "changes %d, Dagobah+Bespin %d", c.changes, c.stage3);
}

/* the final scoring, read back from the log */
static void check_end(RtGame *g)
{
    cr_assert(rt_over(g) && !rt_failed(g));
    cr_assert_eq(drv_var(g, "stage", 0), 6);
    cr_assert_eq(drv_free(g), 0, "the game ends when the last space of Death Star 2 is covered");
    int end = drv_log_find(g, 0, "The last space of Death Star 2 is covered: the game ends.");
    cr_assert(end >= 0);
    int n = rt_players(g), best = -1000;
    for (int p = 0; p < n; p++) {
        char want[96];
        int allies = drv_size(g, "allies", p), sith = drv_size(g, "visiting", p);
        cr_assert_leq(sith, 1);
        snprintf(want, sizeof want, "%s gains %d victory point(s) for the Allies not used.", drv_pname(p), allies);
        cr_assert_eq(drv_log_count(g, end, -1, want), allies > 0);
        snprintf(want, sizeof want, "%s loses 1 victory point: a Sith Lord is due to visit.", drv_pname(p));
        cr_assert_eq(drv_log_count(g, end, -1, want), sith);
        if (drv_vp(g, p) > best)
            best = drv_vp(g, p);
    }
    int winners = 0;
    for (int p = 0; p < n; p++) {
        if (rt_is_winner(g, p)) {
            cr_assert_eq(drv_vp(g, p), best, "a winner has the most victory points");
            winners++;
        }
    }
    cr_assert_geq(winners, 1);
}

Test(sites, the_game_ends_on_death_star2_with_allies_and_sith_lords_scored)
{
    for (uint64_t seed = 1; seed <= 30; seed++) {
        RtGame *g = drv_new_p(&galaxy_game, seed, 2 + (int)(seed % 3));
        drv_play_random(g, seed);
        check_end(g);
        rt_free(g);
    }
}

/* Ties share the win: every tied player with the most victory points wins
   (`win all p in players where best(p)`), and a player behind does not. */
Test(sites, ties_share_the_win)
{
    int ties = 0;
    for (uint64_t seed = 1; seed <= 400 && ties < 3; seed++) {
        RtGame *g = drv_new_p(&galaxy_game, seed, 2);
        drv_play_random(g, seed);
        if (drv_vp(g, 0) == drv_vp(g, 1)) {
            cr_assert(rt_is_winner(g, 0) && rt_is_winner(g, 1), "seed %llu: a tie has two winners",
                      (unsigned long long)seed);
            ties++;
        } else {
            int hi = drv_vp(g, 0) > drv_vp(g, 1) ? 0 : 1;
            cr_assert(rt_is_winner(g, hi) && !rt_is_winner(g, 1 - hi), "seed %llu: one winner",
                      (unsigned long long)seed);
        }
        rt_free(g);
    }
    cr_assert(ties >= 1, "no tie in 400 games");
}
