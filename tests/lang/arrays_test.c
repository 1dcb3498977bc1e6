/* arrays_test.c: array counters and variables (docs/language.md "Arrays"):
   each test game under tests/lang/games/ compiles warning-free with gcc and
   clang and plays 1,000 seeded games under ASan and UBSan without an
   error; its log for a fixed seed shows the rule. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "lang_game.h"

/* A track per player per column, clamped to 0..3: column 3 on a track at
   2 stops at 3 (not 4), and choosing a full column logs no change; the
   columns are chosen from the range 1..3 and listed with `for c in 1..3`;
   `any` and `all` over 1..3 test the tracks; a
   loyalty per system (a card index) stops at -2; a supply per colour (an
   enum index) and the player who last pulled each system (an array
   variable). In 1,000 games no track leaves its bounds: the game checks
   it after every turn and would end in a draw (draws: 0). */
Test(arrays, a_track_per_player_per_column_stays_within_its_bounds)
{
    game_expect("tracks", "tracks", "$e log --seed 3 && $e sim --games 1000 --seed 7 | grep -E '^(errors|draws):'",
                "move \"Tatooine\" box -> systems\n"
                "move \"Endor\" box -> systems\n"
                "move \"Hoth\" box -> systems\n"
                "round 1\n"
                "choose Player 1: 1\n"
                "set track[Player 1, 1] 0 -> 2\n"
                "choose Player 1: Hoth\n"
                "set loyalty[Hoth] 0 -> -1\n"
                "set supply[blue] 1 -> 2\n"
                "set puller[Hoth] none -> Player 1\n"
                "choose Player 2: 2\n"
                "set track[Player 2, 2] 0 -> 2\n"
                "choose Player 2: Tatooine\n"
                "set loyalty[Tatooine] 0 -> 1\n"
                "set supply[red] 1 -> 2\n"
                "set puller[Tatooine] none -> Player 2\n"
                "round 2\n"
                "choose Player 1: 2\n"
                "set track[Player 1, 2] 0 -> 2\n"
                "choose Player 1: Hoth\n"
                "set loyalty[Hoth] -1 -> -2\n"
                "set supply[blue] 2 -> 3\n"
                "choose Player 2: 3\n"
                "set track[Player 2, 3] 0 -> 2\n"
                "choose Player 2: Hoth\n"
                "set loyalty[Hoth] -2 -> -1\n"
                "set supply[blue] 3 -> 4\n"
                "set puller[Hoth] Player 1 -> Player 2\n"
                "round 3\n"
                "choose Player 1: 3\n"
                "set track[Player 1, 3] 0 -> 2\n"
                "choose Player 1: Tatooine\n"
                "set loyalty[Tatooine] 1 -> 0\n"
                "set supply[red] 2 -> 3\n"
                "set puller[Tatooine] Player 2 -> Player 1\n"
                "choose Player 2: 3\n"
                "set track[Player 2, 3] 2 -> 3\n"
                "choose Player 2: Tatooine\n"
                "set loyalty[Tatooine] 0 -> 1\n"
                "set supply[red] 3 -> 4\n"
                "set puller[Tatooine] Player 1 -> Player 2\n"
                "round 4\n"
                "choose Player 1: 3\n"
                "set track[Player 1, 3] 2 -> 3\n"
                "choose Player 1: Hoth\n"
                "set loyalty[Hoth] -1 -> -2\n"
                "set supply[blue] 4 -> 5\n"
                "set puller[Hoth] Player 2 -> Player 1\n"
                "choose Player 2: 3\n"
                "choose Player 2: Hoth\n"
                "set loyalty[Hoth] -2 -> -1\n"
                "set supply[blue] 5 -> 6\n"
                "set puller[Hoth] Player 1 -> Player 2\n"
                "round 5\n"
                "choose Player 1: 1\n"
                "set track[Player 1, 1] 2 -> 3\n"
                "choose Player 1: Endor\n"
                "set loyalty[Endor] 0 -> -1\n"
                "set supply[green] 1 -> 2\n"
                "set puller[Endor] none -> Player 1\n"
                "choose Player 2: 3\n"
                "choose Player 2: Tatooine\n"
                "set loyalty[Tatooine] 1 -> 2\n"
                "set supply[red] 4 -> 5\n"
                "round 6\n"
                "choose Player 1: 3\n"
                "choose Player 1: Hoth\n"
                "set loyalty[Hoth] -1 -> -2\n"
                "set supply[blue] 6 -> 7\n"
                "set puller[Hoth] Player 2 -> Player 1\n"
                "choose Player 2: 2\n"
                "set track[Player 2, 2] 2 -> 3\n"
                "choose Player 2: Tatooine\n"
                "set supply[red] 5 -> 6\n"
                "round 7\n"
                "choose Player 1: 2\n"
                "set track[Player 1, 2] 2 -> 3\n"
                "choose Player 1: Tatooine\n"
                "set loyalty[Tatooine] 2 -> 1\n"
                "set supply[red] 6 -> 7\n"
                "set puller[Tatooine] Player 2 -> Player 1\n"
                "column 1: 3 of 3\n"
                "column 2: 3 of 6\n"
                "column 3: 3 of 6\n"
                "Player 1 fills every track; Hoth is at -2, pulled by Player 1\n"
                "win Player 1\n"
                "draws: 0\n"
                "errors: 0\n");
}

/* An index computed at run time outside its range stops the game with an
   error at the index, naming the array and its range. */
Test(arrays, an_index_out_of_range_at_run_time_fails_at_its_site)
{
    run_expect_status(game_run("array_range", "arange", "$e log --seed 1"), 1,
                      "round 1\n"
                      "set step 0 -> 1\n"
                      "set track[Player 1, 1] 0 -> 1\n"
                      "round 2\n"
                      "set step 1 -> 2\n"
                      "set track[Player 1, 2] 0 -> 1\n"
                      "round 3\n"
                      "set step 2 -> 3\n"
                      "set track[Player 1, 3] 0 -> 1\n"
                      "round 4\n"
                      "set step 3 -> 4\n"
                      "set track[Player 1, 4] 0 -> 1\n"
                      "round 5\n"
                      "set step 4 -> 5\n"
                      "set track[Player 1, 5] 0 -> 1\n"
                      "round 6\n"
                      "set step 5 -> 6\n"
                      "error tests/lang/games/array_range/game.cards:13:13: index 6 out of range 1..5 for track\n");
}

/* The play screen shows an element per line, a per-player one with each
   player's value (track[2]: Player 1 0, Player 2 0), the array hidden by
   the view (puller) not at all; choosing from the range 1..3 offers the
   numbers, and the change is logged with the player first. */
Test(arrays, the_play_screen_shows_each_element)
{
    game_expect("tracks", "tracks", "printf '2\\n' | $e play --seed 3 | sed -n '5,24p'",
                "round 1\n"
                "track[1]: Player 1 0, Player 2 0\n"
                "track[2]: Player 1 0, Player 2 0\n"
                "track[3]: Player 1 0, Player 2 0\n"
                "loyalty[Hoth]: 0\n"
                "loyalty[Endor]: 0\n"
                "loyalty[Tatooine]: 0\n"
                "supply[red]: 1\n"
                "supply[green]: 1\n"
                "supply[blue]: 1\n"
                "systems: 3 cards\n"
                "    \"Hoth\": colour blue\n"
                "    \"Endor\": colour green\n"
                "    \"Tatooine\": colour red\n"
                "Player 1 to choose: choose a number\n"
                "  1) 1\n"
                "  2) 2\n"
                "  3) 3\n"
                "Player 1> | choose Player 1: 2\n"
                "| set track[Player 1, 2] 0 -> 2\n");
}
