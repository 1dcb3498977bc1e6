/* knowledge_test.c: what a player knows (docs/language.md "What a player
   knows"): `reveal` and `look` in tests/lang/games/knowledge, the log and
   the play screen of one player, and the search agents, which keep every
   card their player has seen where he saw it and choose alike whatever
   the cards he has not seen are (tests/lang/leak/leak_check.c), in that
   game, in tests/lang/games/knowledge_moves (how knowledge follows moves),
   in EvR and in Galaxy. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "lang_game.h"

/* leak_check: tests/lang/leak/leak_check.c against the game of folder
   dir (id its game's id), run with args; its output. */
static RunResult leak_check(const char *dir, const char *id, const char *args)
{
    return harness_run("leak/leak_check.c", dir, id, args);
}

Test(knowledge, a_look_and_a_reveal_are_logged_by_name_only_for_who_sees_the_card)
{
    /* South's log: North's look at the deck is "a card"; the card of South's
       hand shown to North is named, since South sees his hand */
    game_expect("knowledge", "peek", "$e log --seed 3 --viewer 2 | sed -n '/round 1/,/round 2/p' && " SIM_1000,
                "round 1\n"
                "North looks at a card in deck\n"
                "reveal \"Three\" in hand(South) to North\n"
                "choose North: Guess 1\n"
                "North guesses 1: false\n"
                "reveal \"Two\" in deck to everyone\n"
                "move \"Two\" deck -> discard\n"
                "South looks at \"One\" in deck\n"
                "reveal \"Four\" in hand(North) to South\n"
                "choose South: Guess 2\n"
                "South guesses 2: false\n"
                "reveal \"One\" in deck to everyone\n"
                "move \"One\" deck -> discard\n"
                "round 2\n"
                "errors: 0\n");
}

Test(knowledge, a_search_agent_guesses_the_card_it_was_shown)
{
    /* North is shown Four of South's hand and guesses it */
    game_expect("knowledge", "peek", "$e log --seed 1 --agents mcts,mcts --viewer 1 | sed -n '/round 1/,$p'",
                "round 1\n"
                "North looks at \"One\" in deck\n"
                "reveal \"Four\" in hand(South) to North\n"
                "choose North: Guess 4\n"
                "North guesses 4: true\n"
                "win North\n");
}

Test(knowledge, the_play_screen_shows_the_cards_a_player_has_seen)
{
    game_expect("knowledge", "peek", "printf '1\\n' | $e play --seed 3 | sed -n '/^round 1/,/^pictures/p'",
                "round 1\n"
                "deck: 4 cards\n"
                "    seen \"Two\", position 1 from the top\n"
                "hand(North): 2 cards\n"
                "    \"Four\": value 4\n"
                "    \"Six\": value 6\n"
                "hand(South): 2 cards\n"
                "    seen \"Three\"\n"
                "pictures: 8 cards\n");
}

Test(knowledge, determinizations_keep_every_card_a_player_knows_where_he_knows_it)
{
    run_expect(leak_check("tests/lang/games/knowledge", "peek", "keep 30"),
               "determinizations 2880, known cards checked 35860, moved 0\n");
}

Test(knowledge, an_agent_never_guesses_a_card_its_player_has_seen_elsewhere)
{
    run_expect(leak_check("tests/lang/games/knowledge", "peek", "guess 100"),
               "guesses 494, of a card seen elsewhere 0; mcts shown a card 247 times, guessed right 247\n");
}

Test(knowledge, search_agents_choose_alike_whatever_the_unseen_cards_of_the_knowledge_game)
{
    run_expect(leak_check("tests/lang/games/knowledge", "peek", "leak 200 1"),
               "states 381, greedy same 381, mcts same 381\n");
}

Test(knowledge, search_agents_choose_alike_whatever_the_unseen_cards_of_evr, .timeout = 300)
{
    run_expect(leak_check("cards/evr", "evr", "leak 10"),
               "states 177, greedy same 177, mcts same 177\n");
    RunResult r = leak_check("cards/evr", "evr", "keep 1");
    cr_expect_str_eq(r.out, "determinizations 4800, known cards checked 84460, moved 0\n");
    run_free(&r);
}

Test(knowledge, search_agents_choose_alike_whatever_the_unseen_cards_of_galaxy, .timeout = 300)
{
    run_expect(leak_check("cards/galaxy", "galaxy", "leak 5"),
               "states 230, greedy same 230, mcts same 230\n");
    RunResult r = leak_check("cards/galaxy", "galaxy", "keep 1");
    cr_expect_str_eq(r.out, "determinizations 19800, known cards checked 1507480, moved 0\n");
    run_free(&r);
}

Test(knowledge, a_card_put_into_a_hidden_zone_is_known_where_its_player_put_it)
{
    /* Player 1 buries a gem at the bottom of his deck (Player 2 sees "a
       card"), draws the top one: he still knows the buried gem is second
       from the top; Player 2 shows his hand */
    game_expect("knowledge_moves", "stash",
                "$e log --seed 2 --viewer 2 --choices 1,0,3 | sed -n '/round 1/,/round 2/p' && "
                "printf '2\\n1\\n3\\n' | $e play --seed 2 | sed -n '/^round 2/,/^hand(Player 1)/p' && " SIM_1000,
                "round 1\n"
                "choose Player 1: bury a gem\n"
                "choose Player 1: (hidden)\n"
                "move a card hand(Player 1) -> deck(Player 1) (bottom)\n"
                "move a card deck(Player 1) -> hand(Player 1)\n"
                "move \"Jade\" pile -> table\n"
                "set score(Player 1) 0 -> 2\n"
                "choose Player 2: show your hand\n"
                "reveal \"Ruby\" in hand(Player 2) to Player 1\n"
                "reveal \"Opal\" in hand(Player 2) to Player 1\n"
                "move \"Jade\" deck(Player 2) -> hand(Player 2)\n"
                "move \"Opal\" pile -> table\n"
                "set score(Player 2) 0 -> 1\n"
                "set left 6 -> 5\n"
                "round 2\n"
                "round 2\n"
                "left: 5\n"
                "score: Player 1 2, Player 2 1\n"
                "deck(Player 1): 2 cards\n"
                "    seen \"Jade\", position 2 from the top\n"
                "deck(Player 2): 1 card\n"
                "hand(Player 1): 2 cards\n"
                "errors: 0\n");
}

Test(knowledge, moves_shuffles_and_looks_keep_every_determinization_honest)
{
    run_expect(leak_check("tests/lang/games/knowledge_moves", "stash", "keep 30"),
               "determinizations 21000, known cards checked 140720, moved 0\n");
    RunResult r = leak_check("tests/lang/games/knowledge_moves", "stash", "leak 100 1");
    cr_expect_str_eq(r.out, "states 1351, greedy same 1351, mcts same 1351\n");
    run_free(&r);
}

/* A variable private to a team (`var plan[side] : card private`, in
   tests/lang/games/team_plans): the players of a side see its element in
   their logs and on their play screens; the other side's players read
   no line of its changes, and "(hidden)" on their screens. */
Test(knowledge, a_variable_private_to_a_side_is_seen_by_that_sides_players_only)
{
    game_expect("team_plans", "team_plans",
                "$e log --seed 1 --viewer 3 | grep -E '^round|plan' | head -6 && echo --- && "
                "$e log --seed 1 --viewer 2 | grep -E '^round|plan' | head -6 && echo --- && "
                "printf '4\\n' | $e play --seed 1 --seat 2 | grep -E '^plan' && " SIM_1000,
                "round 1\nset plan[north] none -> \"Star\"\nround 2\nset plan[north] \"Star\" -> \"Moon\"\n"
                "round 3\nset plan[north] \"Moon\" -> \"Wave\"\n---\n"
                "round 1\nset plan[south] none -> \"Wave\"\nround 2\nset plan[south] \"Wave\" -> \"Cloud\"\n"
                "round 3\nset plan[south] \"Cloud\" -> \"Star\"\n---\n"
                "plan[north]: (hidden)\nplan[south]: none\n"
                "plan[north]: (hidden)\nplan[south]: \"Star\"\n"
                "errors: 0\n");
}

/* Search agents do not read a plan their side does not see: given a copy
   of the state whose hidden plans are other cards, they choose alike (the
   determinization redraws a variable private to another side; without
   that, MCTS chose alike in 1643 of these 3096 states). */
Test(knowledge, search_agents_choose_alike_whatever_the_other_sides_plan)
{
    run_expect(leak_check("tests/lang/games/team_plans", "team_plans", "leak 40 1"),
               "states 3096, greedy same 3096, mcts same 3096\n");
}
