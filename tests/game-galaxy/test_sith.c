/* test_sith.c: Darth Vader and Emperor Palpatine -- who earns them, the dice
   they take, passing to the next player they visit, returning after one
   turn, the last-empty-space exception, and keeping them across planets. */
#include "drive.h"
#include "testutil.h"

/* a 2-player game at its first turn where the first two turns can each place two dice */
static RtGame *game_where(uint64_t *seed_io, int (*ok)(RtGame *))
{
    for (uint64_t seed = *seed_io; seed < *seed_io + 500; seed++) {
        RtGame *g = drv_first_turn(&galaxy_game, seed, 2);
        if (ok(g)) {
            *seed_io = seed;
            return g;
        }
        rt_free(g);
    }
    cr_assert_fail("no seed found");
    return NULL;
}
static int a_zero_b_two(RtGame *g)
{
    RtGame *c = rt_clone(g);
    int ok = drv_end_turn(c) && drv_can_place_two(c);
    rt_free(c);
    return ok;
}

/* The Sith Lord took n dice before p's roll: the turn's log moves n dice to
   `taken` before any die changes face, at most 4 - n dice changed face (the
   roll), and the turn's menu comes at once (no choice of dice). */
static void took_before_the_roll(RtGame *g, int p, int n)
{
    char turn[32];
    snprintf(turn, sizeof turn, "turn %s", drv_pname(p));
    int t = -1;
    for (int i = rt_log_count(g) - 1; i >= 0 && t < 0; i--)
        if (strcmp(drv_line(g, i, -1), turn) == 0)
            t = i;
    cr_assert_geq(t, 0);
    int first_face = drv_log_find(g, t, "state \"Imperial die\" face");
    int end = first_face < 0 ? rt_log_count(g) : first_face;
    cr_assert_eq(drv_log_count(g, t, end, "move \"Imperial die\" pool -> taken"), n,
                 "the Sith Lord takes %d dice before the roll", n);
    cr_assert_leq(drv_log_count(g, t, -1, "state \"Imperial die\" face"), 4 - n, "only %d dice are rolled", 4 - n);
    cr_assert_eq(drv_log_count(g, t, -1, "choose "), 0, "no choice of the dice taken");
    cr_assert(drv_is_menu(g));
    cr_assert_eq(drv_size(g, "pool", 0), 4 - n);
    cr_assert_eq(drv_size(g, "taken", 0), n);
}

Test(sith, emperor_palpatine_when_no_space_is_covered_with_dice_takes_two_dice)
{
    uint64_t seed = 1;
    RtGame *g = game_where(&seed, a_zero_b_two);
    int a = drv_turn_player(g), b = 1 - a;
    int at = rt_log_count(g);
    cr_assert(drv_end_turn(g));
    char want[96];
    snprintf(want, sizeof want, "move \"Emperor Palpatine\" edge -> visiting(%s)", drv_pname(a));
    cr_assert(drv_log_find(g, at, want) >= 0);
    cr_assert_eq(drv_sith_at(g, "Emperor Palpatine"), a);
    /* B covers two spaces with dice */
    cr_assert_eq(drv_turn_player(g), b);
    drv_place_dice(g, 2);
    cr_assert(drv_end_turn(g));
    cr_assert_eq(drv_sith_at(g, "Emperor Palpatine"), a, "B covered two spaces: Palpatine stays with A");
    /* A's next turn: Palpatine takes two dice away, A rolls the other two */
    cr_assert_eq(drv_turn_player(g), a);
    snprintf(want, sizeof want, "Emperor Palpatine visits %s: 2 of the dice are forfeited this turn.", drv_pname(a));
    cr_assert(drv_log_find(g, at, want) >= 0);
    took_before_the_roll(g, a, 2);
    rt_free(g);
}

static int a_one_b_two(RtGame *g)
{
    RtGame *c = rt_clone(g);
    int ok = drv_place_dice(c, 1) == 1 && drv_end_turn(c) && drv_can_place_two(c);
    rt_free(c);
    return ok;
}

Test(sith, darth_vader_when_one_space_is_covered_with_dice_takes_one_die_and_returns_after_one_turn)
{
    uint64_t seed = 1;
    RtGame *g = game_where(&seed, a_one_b_two);
    int a = drv_turn_player(g);
    int at = rt_log_count(g);
    cr_assert_eq(drv_place_dice(g, 1), 1);
    cr_assert(drv_end_turn(g));
    char want[96];
    snprintf(want, sizeof want, "move \"Darth Vader\" edge -> visiting(%s)", drv_pname(a));
    cr_assert(drv_log_find(g, at, want) >= 0, "seed %llu", (unsigned long long)seed);
    drv_place_dice(g, 2);
    cr_assert(drv_end_turn(g));
    cr_assert_eq(drv_sith_at(g, "Darth Vader"), a);
    cr_assert_eq(drv_turn_player(g), a);
    took_before_the_roll(g, a, 1);
    snprintf(want, sizeof want, "Darth Vader visits %s: 1 of the dice are forfeited this turn.", drv_pname(a));
    cr_assert(drv_log_find(g, at, want) >= 0);
    /* after the hindered turn he returns to the edge (A covers two spaces, if he can; else he earns a Sith Lord again) */
    int n = drv_place_dice(g, 2);
    int at2 = rt_log_count(g);
    if (drv_is_menu(g) && drv_turn_player(g) == a)
        drv_end_turn(g);
    snprintf(want, sizeof want, "move \"Darth Vader\" visiting(%s) -> edge", drv_pname(a));
    cr_assert(drv_log_find(g, at2 - 20, want) >= 0, "returned after one turn");
    if (n >= 2) {
        cr_assert_eq(drv_sith_at(g, "Darth Vader"), -1);
        cr_assert_eq(drv_size(g, "taken", 0), 0, "the forfeited die comes back");
    }
    rt_free(g);
}

static int a_one_b_one(RtGame *g)
{
    RtGame *c = rt_clone(g);
    int ok = drv_place_dice(c, 1) == 1 && drv_end_turn(c);
    ok = ok && drv_place_dice(c, 1) == 1;
    rt_free(c);
    return ok;
}

Test(sith, a_sith_lord_passes_to_the_next_player_who_earns_him)
{
    uint64_t seed = 1;
    RtGame *g = game_where(&seed, a_one_b_one);
    int a = drv_turn_player(g), b = 1 - a;
    drv_place_dice(g, 1);
    cr_assert(drv_end_turn(g));
    cr_assert_eq(drv_sith_at(g, "Darth Vader"), a);
    int at = rt_log_count(g);
    drv_place_dice(g, 1);
    cr_assert(drv_end_turn(g));
    char want[96];
    snprintf(want, sizeof want, "move \"Darth Vader\" visiting(%s) -> visiting(%s)", drv_pname(a), drv_pname(b));
    cr_assert(drv_log_find(g, at, want) >= 0);
    cr_assert_eq(drv_sith_at(g, "Darth Vader"), b, "B is hindered instead of A");
    /* A's turn: no die forfeited */
    cr_assert_eq(drv_turn_player(g), a);
    cr_assert_eq(drv_size(g, "pool", 0), 4);
    cr_assert_eq(drv_size(g, "taken", 0), 0);
    /* and Palpatine goes the same way */
    drv_end_turn(g);
    cr_assert_eq(drv_sith_at(g, "Emperor Palpatine"), a);
    took_before_the_roll(g, b, 1); /* B is visited by Vader */
    drv_end_turn(g); /* Vader returns, then B earns Palpatine */
    cr_assert_eq(drv_sith_at(g, "Emperor Palpatine"), b);
    cr_assert_eq(drv_sith_at(g, "Darth Vader"), -1);
    rt_free(g);
}

/* ---- the last empty space ------------------------------------------------------------------- */

typedef struct {
    int by_die, by_token;
} LastCtx;

static int visit_last(RtGame *g, uint64_t *rng, void *vctx)
{
    (void)rng;
    LastCtx *c = vctx;
    if (!drv_at_turn_start(g) || drv_free(g) != 1 || drv_var(g, "stage", 0) == 6)
        return DRV_RANDOM;
    int p = drv_turn_player(g);
    char want[128];
    if (c->by_die < 5) {
        /* cover the last space with a die, if one matches */
        int k = -1;
        for (int f = 0; f < 6 && k < 0; f++)
            if (drv_place_label[f] && drv_has(g, drv_place_label[f]))
                k = f;
        if (k >= 0) {
            int at = rt_log_count(g);
            drv_pick(g, drv_place_label[k]);
            cr_assert(drv_next(g));
            snprintf(want, sizeof want, "%s covered the last empty space with a die: Darth Vader does not retaliate.",
                     drv_pname(p));
            cr_assert(drv_log_find(g, at, want) >= 0);
            snprintf(want, sizeof want, "\"Darth Vader\" edge -> visiting(%s)", drv_pname(p));
            cr_assert_eq(drv_log_count(g, at, -1, want), 0);
            cr_assert_neq(drv_sith_at(g, "Darth Vader"), p);
            cr_assert(drv_log_find(g, at, "The duel moves to") >= 0 || drv_log_find(g, at, "The final duel") >= 0,
                      "the next site begins");
            c->by_die++;
            return DRV_APPLIED;
        }
    }
    if (c->by_token < 3 && drv_has(g, "use your Rebel token")) {
        /* covered by the Rebel token and no die: the exception is Darth Vader's only */
        int at = rt_log_count(g);
        drv_pick(g, "use your Rebel token");
        cr_assert(drv_next(g));
        snprintf(want, sizeof want, "Emperor Palpatine will visit %s", drv_pname(p));
        cr_assert(drv_log_find(g, at, want) >= 0);
        c->by_token++;
        return DRV_APPLIED;
    }
    return c->by_die >= 5 && c->by_token >= 3 ? DRV_STOP : DRV_RANDOM;
}

Test(sith, the_last_empty_space_covered_with_a_die_escapes_darth_vader)
{
    LastCtx c = {0, 0};
    drv_search_p(&galaxy_game, 2, 1, 300, visit_last, &c, NULL);
    cr_assert(c.by_die >= 5 && c.by_token >= 3, "by die %d, by token %d", c.by_die, c.by_token);
}

/* ---- kept across planets ---------------------------------------------------------------------- */

Test(sith, sith_lords_are_kept_across_planets)
{
    int seen = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        RtGame *g = drv_new_p(&galaxy_game, seed, 3);
        drv_play_random(g, seed);
        int n = rt_log_count(g);
        for (int i = 0; i < n; i++) {
            const char *l = drv_line(g, i, -1);
            char who[32];
            char lord[32];
            /* "X will visit Player N in the next turn." then the site changes before any turn */
            if (sscanf(l, "Darth Vader will visit %31[^i]in the next turn.", who) == 1)
                snprintf(lord, sizeof lord, "Darth Vader");
            else if (sscanf(l, "Emperor Palpatine will visit %31[^i]in the next turn.", who) == 1)
                snprintf(lord, sizeof lord, "Emperor Palpatine");
            else
                continue;
            who[strlen(who) - 1] = '\0'; /* drop the trailing space */
            int site = drv_log_find(g, i, "The duel moves to");
            int next_turn = drv_log_find(g, i, "turn Player");
            if (site < 0 || next_turn < 0 || site > next_turn)
                continue;
            /* he stays with that player through the change of planet ... */
            char moved[96];
            snprintf(moved, sizeof moved, "\"%s\" visiting(%s) ->", lord, who);
            int away = drv_log_find(g, i, moved);
            char visits[96];
            snprintf(visits, sizeof visits, "%s visits %s:", lord, who);
            int v = drv_log_find(g, i, visits);
            /* the change of planet does not send him back to the edge: he leaves that player
               only by visiting him (then returning) or by passing to another player */
            int first = v >= 0 && (away < 0 || v < away) ? v : away;
            cr_assert(first >= 0, "seed %llu: %s vanished", (unsigned long long)seed, lord);
            cr_assert(first == v || strstr(drv_line(g, away, -1), "-> edge") == NULL,
                      "seed %llu: %s returned to the edge by the change of planet", (unsigned long long)seed, lord);
            if (first != v)
                continue;
            seen++;
        }
        rt_free(g);
    }
    cr_assert(seen >= 5, "seen %d", seen);
}
