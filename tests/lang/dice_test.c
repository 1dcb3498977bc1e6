/* dice_test.c: dice whose faces are numbers or show several symbols, and
   pools of dice of several kinds (docs/language.md "Dice"): the test game
   tests/lang/games/dicepool compiles warning-free with gcc and clang, plays
   1,000 seeded games under ASan and UBSan without an error, and its log
   for a fixed seed shows the rules. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "lang_game.h"

/* A pool of red and black dice rolled together: a face logs as the
   symbols it shows ("hit x2", "crit + hit"); the pool's hits are counted
   by symbol (a hit 1, a crit 2: Player 2's first roll, a crit, hit x2,
   hit and hit, makes 6). Player 2 keeps a Black die showing 1 hit and a Red die
   showing 2 hits, rerolls the rest (only the two dice left in the pool
   change) and then the blanks (the Red die's blank becomes a hit): the
   kept dice show the same after both rerolls. The six-sided die's number
   adds to the score. */
Test(dice, a_reroll_keeps_the_held_dice)
{
    game_expect("dicepool", "dicepool", "$e log --seed 1 && " SIM_1000,
                "move \"Six-sided die\" box -> tray\n"
                "round 1\n"
                "move \"Black die\" box -> pool\n"
                "move \"Black die\" box -> pool\n"
                "move \"Red die\" box -> pool\n"
                "move \"Red die\" box -> pool\n"
                "state \"Black die\" face hit + focus -> hit\n"
                "state \"Black die\" face hit + focus -> crit + hit\n"
                "state \"Red die\" face hit -> focus\n"
                "state \"Red die\" face hit -> hit x2\n"
                "Player 1 rolls 6 (focus 1)\n"
                "choose Player 1: done\n"
                "state \"Black die\" face hit -> crit + hit\n"
                "state \"Black die\" face crit + hit -> hit + focus\n"
                "state \"Red die\" face focus -> hit x2\n"
                "state \"Red die\" face hit x2 -> crit\n"
                "set score(Player 1) 0 -> 9\n"
                "move \"Black die\" pool -> box\n"
                "move \"Black die\" pool -> box\n"
                "move \"Red die\" pool -> box\n"
                "move \"Red die\" pool -> box\n"
                "move \"Red die\" box -> pool\n"
                "move \"Red die\" box -> pool\n"
                "move \"Black die\" box -> pool\n"
                "move \"Black die\" box -> pool\n"
                "state \"Black die\" face hit + focus -> hit\n"
                "state \"Black die\" face crit + hit -> hit\n"
                "Player 2 rolls 6 (focus 0)\n"
                "choose Player 2: Black die\n"
                "move \"Black die\" pool -> kept\n"
                "Player 2 keeps Black die showing 1 hit, 0 crit\n"
                "choose Player 2: Red die\n"
                "move \"Red die\" pool -> kept\n"
                "Player 2 keeps Red die showing 2 hit, 0 crit\n"
                "state \"Red die\" face crit -> blank\n"
                "state \"Black die\" face hit -> blank\n"
                "state \"Red die\" face blank -> hit\n"
                "still kept: Red die showing 2 hit, 0 crit\n"
                "still kept: Black die showing 1 hit, 0 crit\n"
                "state \"Six-sided die\" face 1 -> 3\n"
                "set score(Player 2) 0 -> 7\n"
                "move \"Red die\" pool -> box\n"
                "move \"Black die\" pool -> box\n"
                "move \"Black die\" kept -> box\n"
                "move \"Red die\" kept -> box\n"
                "round 2\n"
                "move \"Red die\" box -> pool\n"
                "move \"Black die\" box -> pool\n"
                "move \"Black die\" box -> pool\n"
                "move \"Red die\" box -> pool\n"
                "state \"Red die\" face hit x2 -> crit\n"
                "state \"Black die\" face hit -> blank\n"
                "state \"Black die\" face blank -> hit\n"
                "state \"Red die\" face hit -> focus\n"
                "Player 1 rolls 3 (focus 1)\n"
                "choose Player 1: Black die\n"
                "move \"Black die\" pool -> kept\n"
                "Player 1 keeps Black die showing 1 hit, 0 crit\n"
                "choose Player 1: Red die\n"
                "move \"Red die\" pool -> kept\n"
                "Player 1 keeps Red die showing 0 hit, 0 crit\n"
                "state \"Red die\" face crit -> hit\n"
                "state \"Black die\" face blank -> hit + focus\n"
                "still kept: Red die showing 0 hit, 0 crit\n"
                "still kept: Black die showing 1 hit, 0 crit\n"
                "state \"Six-sided die\" face 3 -> 5\n"
                "set score(Player 1) 9 -> 17\n"
                "move \"Red die\" pool -> box\n"
                "move \"Black die\" pool -> box\n"
                "move \"Black die\" kept -> box\n"
                "move \"Red die\" kept -> box\n"
                "win Player 1\n"
                "errors: 0\n");
}

/* A zone with no 'of' holds dice of any kind, and may hold other cards:
   the roll of such a card, and a symbol counted on it, stop the game at
   their source site. */
Test(dice, a_card_that_is_not_a_die_fails_at_the_roll_or_the_count)
{
    run_expect_status(game_run("not_dice", "notdice",
                               "$e log --seed 1; echo \"status $?\"; $e log --seed 1 --variant counting"),
                      1,
                      "move \"White die\" box -> pool\n"
                      "move \"Token\" box -> pool\n"
                      "round 1\n"
                      "state \"White die\" face hit -> blank\n"
                      "error tests/lang/games/not_dice/game.cards:21:3: only dice can be rolled\n"
                      "status 1\n"
                      "move \"White die\" box -> pool\n"
                      "move \"Token\" box -> pool\n"
                      "round 1\n"
                      "error tests/lang/games/not_dice/game.cards:20:87: this card is not a die that shows "
                      "these symbols\n");
}

/* Interchangeable dice (tests/lang/games/dice_counts): a game without a
   log keeps them as counts by face, one with a log as cards in face
   order; for 30 seeds the moons left in the pools, tallied by `sim` (no
   log) and logged by the same game replayed with its log, agree. The log
   shows the dice as cards: a roll logs each die whose face changes. */
Test(dice, interchangeable_dice_play_the_same_games_as_counts_and_as_cards)
{
    game_expect("dice_counts", "counts",
                "d=$(dirname $e) && for s in $(seq 1 30); do "
                "t=$($e sim --games 1 --seed $s --tally moons --log $d/log.jsonl | sed -n 's/^  \\([0-9]*\\):.*/\\1/p'); "
                "l=$(grep '\"var\":\"moons\"' $d/log.jsonl | tail -n 1 | sed 's/.*\"to\":\\([0-9]*\\).*/\\1/'); "
                "echo \"$t $l\"; done > $d/pairs && awk '$1 == $2 && $1 > 0 { n++ } END { print n + 0 \" the same\" }' $d/pairs && "
                "$e log --seed 2 | sed -n '8,16p' && " SIM_1000,
                "30 the same\n"
                "round 1\n"
                "state \"Mark die\" face star -> moon\n"
                "state \"Mark die\" face star -> sun\n"
                "state \"Mark die\" face star -> moon\n"
                "state \"Mark die\" face star -> moon\n"
                "state \"Mark die\" face star -> blank\n"
                "choose Player 1: reroll the blanks\n"
                "set score(Player 1) 0 -> 1\n"
                "set moons 0 -> 3\n"
                "errors: 0\n");
}

/* counted_check: tests/lang/counted/counted_check.c against the game of
   tests/lang/games/<game> (id its game's id), run with args; its output. */
static RunResult counted_check(const char *game, const char *id, const char *args)
{
    char dir[256];
    snprintf(dir, sizeof dir, "tests/lang/games/%s", game);
    return harness_run("counted/counted_check.c", dir, id, args);
}

/* The same games both ways in step (tests/lang/counted/counted_check.c):
   without a log (the dice as counts) and with one (as cards), the same
   options taken, the two states hash equal after every step, frames and
   the knowledge record included, and end alike. In known_dice the dice
   are shown as they leave the box, a loop gives a die from one player's
   zone to the next's (a loop over a snapshot, whose frame locals the
   game kept as cards writes), and a die entering a player's zone is no
   card played, either way, while the gems shown are. */
Test(dice, interchangeable_dice_hash_and_note_the_same_as_counts_and_as_cards)
{
    run_expect(counted_check("known_dice", "known_dice", "counted 300"),
               "300 of 300 games the same, steps taken, with the knowledge record, some cards played, 0 of them dice\n");
    run_expect(counted_check("dice_counts", "counts", "counted 100"),
               "100 of 100 games the same, steps taken, without the knowledge record, no cards played, 0 of them dice\n");
}

/* A label whose holes hold an aggregate reading the item (the program
   generator's find): the options' loop written for the log stores each
   item in the frame for the aggregate and gives the frame its value back,
   so the games with and without a log hash equal at every decision. */
Test(dice, a_label_aggregate_leaves_the_frame_as_it_was)
{
    run_expect(counted_check("label_frames", "frames", "counted 100"),
               "100 of 100 games the same, steps taken, without the knowledge record, no cards played, 0 of them dice\n");
}

/* `play`: a choice among identical dice tells them apart by the face (and
   state) they show, the same label otherwise; dice that show the same are
   one option: two Red dice show hit x2. */
Test(dice, play_tells_the_dice_to_choose_apart_by_their_face)
{
    game_expect("held_dice", "held", "printf '1\\n3\\n' | $e play --seed 1 | grep -m 1 -A 3 'to choose'",
                "Player 1 to choose: choose a red from pool (0 of 2 chosen)\n"
                "  1) Red die (face hit x2, held false, rolls 0) (x2)\n"
                "  2) Red die (face crit + hit, held false, rolls 0)\n"
                "  3) done\n");
}

/* Dice that carry a state of their own: Player 2 holds two dice (hit and
   hit x2, `d.held = true`), `roll d in pool where not d.held` rerolls the
   third only (hit -> blank), and the held dice still show hit and hit x2:
   3 points. The kept state `rolls` counts each die's turns. */
Test(dice, a_reroll_keeps_the_dice_held_by_their_state)
{
    game_expect("held_dice", "held", "$e log --seed 5 && " SIM_1000,
                "move \"Red die\" box -> pool\n"
                "move \"Red die\" box -> pool\n"
                "move \"Red die\" box -> pool\n"
                "round 1\n"
                "state \"Red die\" face hit -> hit x2\n"
                "choose Player 1: Red die\n"
                "state \"Red die\" held false -> true\n"
                "Player 1 holds a die showing hit x2\n"
                "choose Player 1: done\n"
                "state \"Red die\" face hit -> crit + hit\n"
                "still held: hit x2\n"
                "set score(Player 1) 0 -> 5\n"
                "state \"Red die\" rolls 0 -> 1\n"
                "state \"Red die\" held true -> false\n"
                "state \"Red die\" rolls 0 -> 1\n"
                "state \"Red die\" rolls 0 -> 1\n"
                "state \"Red die\" face crit + hit -> hit\n"
                "choose Player 2: Red die\n"
                "state \"Red die\" held false -> true\n"
                "Player 2 holds a die showing hit\n"
                "choose Player 2: Red die\n"
                "state \"Red die\" held false -> true\n"
                "Player 2 holds a die showing hit x2\n"
                "state \"Red die\" face hit -> blank\n"
                "still held: hit\n"
                "still held: hit x2\n"
                "set score(Player 2) 0 -> 3\n"
                "state \"Red die\" held true -> false\n"
                "state \"Red die\" rolls 1 -> 2\n"
                "state \"Red die\" held true -> false\n"
                "state \"Red die\" rolls 1 -> 2\n"
                "state \"Red die\" rolls 1 -> 2\n"
                "round 2\n"
                "state \"Red die\" face blank -> crit + hit\n"
                "state \"Red die\" face hit x2 -> crit + hit\n"
                "state \"Red die\" face hit -> crit + hit\n"
                "choose Player 1: Red die\n"
                "state \"Red die\" held false -> true\n"
                "Player 1 holds a die showing crit + hit\n"
                "choose Player 1: done\n"
                "state \"Red die\" face crit + hit -> hit x2\n"
                "still held: crit + hit\n"
                "set score(Player 1) 5 -> 11\n"
                "state \"Red die\" held true -> false\n"
                "state \"Red die\" rolls 2 -> 3\n"
                "state \"Red die\" rolls 2 -> 3\n"
                "state \"Red die\" rolls 2 -> 3\n"
                "win Player 1\n"
                "errors: 0\n");
}
