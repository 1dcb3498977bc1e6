/* agent_leaks_test.c: the search agents see no more than their player
   (docs/lab.md "Hidden information"). Each game of tests/lang/games/leak_*
   is a guess that is a coin flip for a player who sees only what the
   rules show him; random, greedy and MCTS each play it as North against a
   random South, and each must win about half the games. Before the
   determinization redrew what these games hide, greedy and MCTS won every
   one of them. Also: a choice among cards the chooser cannot see offers
   them by position on the play screen and in his log, and `log --viewer
   N --json` is that seat's log. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "lang_game.h"

/* The games: 200 each, seeds from 1 (sim's seeding), so every count is
   exact and repeatable. Winning a coin flip, a player wins 82 to 118 of
   200 games with probability 99.1%: P(X <= 81) = P(X >= 119) = 0.0044
   for X binomial(200, 1/2). A leak shows as a count near 200. */
#define GAMES "200"
#define LOW 82
#define HIGH 118

/* NORTH_WINS: for random, greedy and mcts at North, the games North won,
   one number a line. */
#define NORTH_WINS                                                                                \
    "for a in random greedy mcts; do $e sim --games " GAMES " --seed 1 --jobs 1 --agents $a,random | " \
    "sed -n 's/^wins: North \\([0-9]*\\) .*/\\1/p'; done"

/* expect_coin_flip: build game (whose id is id), play it with each agent
   at North; each must win between LOW and HIGH games. */
static void expect_coin_flip(const char *game, const char *id)
{
    RunResult r = game_run(game, id, NORTH_WINS);
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    int wins[3] = {-1, -1, -1};
    int n = sscanf(r.out, "%d %d %d", &wins[0], &wins[1], &wins[2]);
    cr_expect_eq(n, 3, "%s", r.out);
    static const char *const agents[3] = {"random", "greedy", "mcts"};
    for (int i = 0; i < 3; i++)
        cr_expect(wins[i] >= LOW && wins[i] <= HIGH, "%s: %s won %d of " GAMES " games, not %d to %d", game,
                  agents[i], wins[i], LOW, HIGH);
    run_free(&r);
}

/* a: a gem and a rock, one of each kind, under two cups: the
   determinization deals a card to any place its zone takes, not only to
   places of its own kind. */
Test(agent_leaks, a_card_of_a_kind_of_its_own_is_dealt_anywhere_its_zone_takes_it, .timeout = 600)
{
    expect_coin_flip("leak_kind", "leak_kind");
}

/* b: a mark set by a hidden choice on one of two coins of a private hand:
   the states of the cards the player cannot tell apart are dealt among
   them. */
Test(agent_leaks, a_mark_set_unseen_does_not_travel_with_its_card, .timeout = 600)
{
    expect_coin_flip("leak_state", "leak_state");
}

/* c: another player's private int. */
Test(agent_leaks, another_players_private_number_is_not_kept, .timeout = 600)
{
    expect_coin_flip("leak_int", "leak_int");
}

/* d: a pick from a face-down pile: the options stand for places. */
Test(agent_leaks, a_face_down_pick_offers_places_not_cards, .timeout = 600)
{
    expect_coin_flip("leak_pick", "leak_pick");
}

/* e: the two stones are of the game's 65th kind. */
Test(agent_leaks, cards_of_every_kind_are_dealt_again, .timeout = 600)
{
    expect_coin_flip("leak_many", "leak_many");
}

/* The face-down pick as a person plays it, and in each seat's log: North
   sees places; the omniscient log names the card. */
Test(agent_leaks, a_face_down_pick_is_offered_and_logged_by_position)
{
    game_expect("leak_pick", "leak_pick",
                "printf '1\\n' | $e play --seed 2 | sed -n '/^North to choose/,$p' && echo --- && "
                "$e log --seed 2 --choices 1 --viewer 1 | grep choose && "
                "$e log --seed 2 --choices 1 --viewer 2 | grep choose && "
                "$e log --seed 2 --choices 1 | grep choose",
                "North to choose: North: take a stone\n"
                "  1) a card in pile, position 1 from the top\n"
                "  2) a card in pile, position 2 from the top\n"
                "North> | choose North: a card in pile, position 1 from the top\n"
                "| move \"Ruby\" pile -> taken\n"
                "| win North\n"
                "result: North wins\n"
                "---\n"
                "choose North: a card in pile, position 2 from the top\n"
                "choose North: a card in pile, position 2 from the top\n"
                "choose North: Pebble\n");
}

/* `log --viewer N --json`: what seat N sees, as JSON: South's hand is
   private, his pick hidden; North's log leaves out the cards and the pick
   ("seen":false) and has no line for the mark on a card he does not see,
   South's names them; the header
   says whose log it is; replay refuses such a log. */
Test(agent_leaks, a_json_log_for_a_viewer_shows_what_that_seat_sees)
{
    game_expect("leak_state", "leak_state",
                "$e log --seed 2 --viewer 1 --json && echo --- && $e log --seed 2 --viewer 2 --json | head -5 && "
                "{ $e log --seed 2 --viewer 1 --json | $e replay - 2>&1; echo \"exit $?\"; } | sed 's/^.*: replay:/replay:/'",
                "{\"type\":\"header\",\"game\":\"leak_state\",\"variant\":\"base\",\"seed\":2,\"players\":2,"
                "\"max_rounds\":1000,\"viewer\":0}\n"
                "{\"type\":\"move\",\"round\":0,\"from\":\"box\",\"to\":\"hand(South)\",\"where\":\"top\",\"seen\":false}\n"
                "{\"type\":\"move\",\"round\":0,\"from\":\"box\",\"to\":\"hand(South)\",\"where\":\"top\",\"seen\":false}\n"
                "{\"type\":\"choice\",\"round\":0,\"player\":1,\"hidden\":true,\"seen\":false}\n"
                "{\"type\":\"round\",\"round\":1}\n"
                "{\"type\":\"choice\",\"round\":1,\"player\":0,\"option\":1,\"options\":2,\"forced\":false,"
                "\"hidden\":false,\"prompt\":\"North: which coin is marked?\",\"label\":\"Silver\"}\n"
                "{\"type\":\"reveal\",\"round\":1,\"card\":0,\"name\":\"Gold\",\"zone\":\"hand(South)\",\"to\":\"all\","
                "\"who\":-1}\n"
                "{\"type\":\"reveal\",\"round\":1,\"card\":1,\"name\":\"Silver\",\"zone\":\"hand(South)\",\"to\":\"all\","
                "\"who\":-1}\n"
                "{\"type\":\"win\",\"round\":1,\"player\":1,\"name\":\"South\"}\n"
                "---\n"
                "{\"type\":\"header\",\"game\":\"leak_state\",\"variant\":\"base\",\"seed\":2,\"players\":2,"
                "\"max_rounds\":1000,\"viewer\":1}\n"
                "{\"type\":\"move\",\"round\":0,\"card\":1,\"name\":\"Silver\",\"from\":\"box\",\"to\":\"hand(South)\","
                "\"where\":\"top\"}\n"
                "{\"type\":\"move\",\"round\":0,\"card\":0,\"name\":\"Gold\",\"from\":\"box\",\"to\":\"hand(South)\","
                "\"where\":\"top\"}\n"
                "{\"type\":\"choice\",\"round\":0,\"player\":1,\"option\":0,\"options\":2,\"forced\":false,"
                "\"hidden\":true,\"prompt\":\"South: mark a coin\",\"label\":\"Gold\"}\n"
                "{\"type\":\"state\",\"round\":0,\"card\":0,\"name\":\"Gold\",\"state\":\"marked\",\"from\":0,\"to\":1}\n"
                "replay: -:1: the log of one seat (log --viewer), not of the whole game\n"
                "exit 1\n");
}
