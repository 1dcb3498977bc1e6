/* test_sides.c: which side each seat plays (RtOptions.sides): the default
   seating, a rearrangement read by rt_player_side, rt_player_name and team
   wins, kept by rt_reset, rt_clone and rt_copy_state, recorded in the JSON
   log; the parser's and rt_new's refusals, word for word. The minigame
   has sides north and south and takes 2 or 3 players. */
#include "helpers.h"
#include "minigame.h"
#include "rt_internal.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

/* seated: a game of mini_base with players seats playing sides (NULL: the default), log on. */
static RtGame *seated(int players, const int *sides, uint64_t seed)
{
    RtOptions opt = {players, seed, 1, 0, 0, sides};
    RtGame *g = rt_new(&mini_base, &opt);
    cr_assert_not_null(g);
    return g;
}

/* name: seat p's name in g (a static buffer: one call per expression). */
static const char *name(const RtGame *g, int p)
{
    static char buf[64];
    return rt_player_name(g, p, buf, sizeof buf);
}

Test(sides, default_seating_is_the_seat_modulo_the_sides)
{
    RtGame *g = seated(3, NULL, 1);
    cr_assert_eq(rt_player_side(g, 0), 0);
    cr_assert_eq(rt_player_side(g, 1), 1);
    cr_assert_eq(rt_player_side(g, 2), 0);
    cr_assert_eq(rt_player_side(g, 3), RT_NONE);
    cr_assert_eq(rt_player_side(g, -1), RT_NONE);
    rt_free(g);
    g = seated(2, NULL, 1);
    cr_assert_str_eq(name(g, 0), "North");
    cr_assert_str_eq(name(g, 1), "South");
    rt_free(g);
}

Test(sides, a_swapped_seat_is_named_by_its_own_side)
{
    static const int swapped[] = {1, 0};
    RtGame *g = seated(2, swapped, 1);
    cr_assert_eq(rt_player_side(g, 0), 1);
    cr_assert_eq(rt_player_side(g, 1), 0);
    cr_assert_str_eq(name(g, 0), "South");
    cr_assert_str_eq(name(g, 1), "North");
    rt_free(g);
}

/* teams keep their sizes; a team's win is every seat of the winner's side */
Test(sides, team_wins_follow_the_seating)
{
    static const int seating[] = {1, 0, 0};   /* south, north, north */
    RtGame *g = seated(3, seating, 1);
    cr_assert_str_eq(name(g, 0), "Player 1", "3 seats, 2 sides: seats are not named by side");
    rt_win_team(g, 1, RT_SITE_NONE);
    cr_assert_eq(rt_is_winner(g, 0), 0);
    cr_assert_eq(rt_is_winner(g, 1), 1);
    cr_assert_eq(rt_is_winner(g, 2), 1);
    rt_free(g);
    g = seated(3, seating, 1);
    rt_win_team(g, 0, RT_SITE_NONE);
    cr_assert_eq(rt__hdr(g)->winners, 1u);
    rt_free(g);
}

Test(sides, reset_clone_and_copy_keep_the_seating)
{
    static const int swapped[] = {1, 0};
    RtGame *g = seated(2, swapped, 4);
    rt_reset(g, 5);
    cr_assert_eq(rt_player_side(g, 0), 1, "rt_reset keeps the seating");
    RtGame *c = rt_clone(g);
    cr_assert_not_null(c);
    cr_assert_eq(rt_player_side(c, 0), 1, "a clone plays the same seating");
    cr_assert_eq(rt_player_side(c, 1), 0);
    cr_assert_str_eq(name(c, 0), "South");
    RtGame *d = seated(2, NULL, 4);
    rt_copy_state(d, g);
    cr_assert_eq(rt_player_side(d, 0), 1, "rt_copy_state copies the seating with the state");
    rt_free(c);
    rt_free(d);
    rt_free(g);
}

/* the game the rules give: a seat plays its side's cards, and the same
   seed with the seats swapped is the same game, seat for seat swapped */
Test(sides, the_log_records_a_seating_that_is_not_the_default)
{
    static const int swapped[] = {1, 0}, same[] = {0, 1};
    RtGame *g = seated(2, swapped, 1), *d = seated(2, same, 1), *n = seated(2, NULL, 1);
    play_random(g, 1);
    play_random(d, 1);
    play_random(n, 1);
    char *lg = log_json(g), *ld = log_json(d), *ln = log_json(n);
    cr_assert(starts(lg, "{\"type\":\"header\",\"game\":\"mini\",\"variant\":\"base\",\"seed\":1,\"players\":2,"
                         "\"max_rounds\":1000,\"sides\":\"south,north\"}\n"), "%s", lg);
    cr_assert_str_eq(ld, ln, "the default seating given is the default");
    cr_assert(!strstr(ln, "\"sides\""));
    char *tg = log_text(g, -1);
    cr_assert(strstr(tg, "South plays South"), "seat 1 is South and plays its side: %s", tg);
    free(tg);
    free(lg);
    free(ld);
    free(ln);
    rt_free(g);
    rt_free(d);
    rt_free(n);
}

Test(sides, the_parser_refuses_anything_but_a_rearrangement)
{
    static const struct {
        int players;
        const char *list, *why;
    } bad[] = {
        {2, "north", "expected 2 sides, one per seat"},
        {2, "north,south,north", "expected 2 sides, one per seat"},
        {2, "nrth,south", "unknown side 'nrth' (sides: north, south)"},
        {2, ",south", "unknown side '' (sides: north, south)"},
        {2, "south,south", "side 'south' is given 2 seats, not 1 (each side keeps its number of seats)"},
        {3, "south,south,north", "side 'south' is given 2 seats, not 1 (each side keeps its number of seats)"},
        {3, "north,north,north", "side 'north' is given 3 seats, not 2 (each side keeps its number of seats)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int sides[RT_MAX_PLAYERS];
        char buf[256];
        const char *why = rt__sides_parse(&mini_base, bad[i].players, bad[i].list, sides, buf, sizeof buf);
        cr_assert_not_null(why, "'%s' was taken", bad[i].list);
        cr_expect_str_eq(why, bad[i].why, "'%s'", bad[i].list);
    }
    int sides[RT_MAX_PLAYERS];
    char buf[256];
    cr_assert_null(rt__sides_parse(&mini_base, 3, "north,north,south", sides, buf, sizeof buf), "%s", buf);
    cr_assert_eq(sides[0], 0);
    cr_assert_eq(sides[1], 0);
    cr_assert_eq(sides[2], 1);
    RtGameDef none = mini_base;
    none.nsides = 0;
    cr_assert_str_eq(rt__sides_parse(&none, 2, "north,south", sides, buf, sizeof buf), "mini has no sides");
}

/* rt_new refuses a seating that is not a rearrangement, and sides in a game without them */
Test(sides, rt_new_refuses_a_bad_seating)
{
    static const int twice[] = {1, 1}, outside[] = {0, 2};
    RtOptions a = {2, 1, 0, 0, 0, twice}, b = {2, 1, 0, 0, 0, outside};
    cr_assert_null(rt_new(&mini_base, &a));
    cr_assert_null(rt_new(&mini_base, &b));
    RtGameDef none = mini_base;
    none.nsides = 0;
    static const int ok[] = {0, 1};
    RtOptions c = {2, 1, 0, 0, 0, ok};
    cr_assert_null(rt_new(&none, &c));
    RtOptions d = {2, 1, 0, 0, 0, NULL};
    RtGame *g = rt_new(&none, &d);
    cr_assert_not_null(g);
    cr_assert_eq(rt_player_side(g, 0), RT_NONE);
    cr_assert_str_eq(name(g, 0), "Player 1");
    rt_free(g);
}
