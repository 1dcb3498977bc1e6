/* lang_test.c: the language's constructs, one small game each under
   tests/lang/games/ (docs/language.md): each compiles warning-free with gcc
   and clang, plays 1,000 seeded games under ASan and UBSan without an
   error, and logs what its rule says for a fixed seed. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "lang_game.h"

Test(lang, min_max_argmin_argmax_over_zones_and_players)
{
    /* Ruby and Jade are both worth 5: argmax gives Ruby, the first from the
       table's top; at the end Players 1 and 3 tie on 5: argmin gives Player 1 */
    game_expect("aggregates", "aggs", "$e log --seed 1 && " SIM_1000,
                "move \"Pearl\" box -> table\n"
                "move \"Onyx\" box -> table\n"
                "move \"Jade\" box -> table\n"
                "move \"Opal\" box -> table\n"
                "move \"Ruby\" box -> table\n"
                "round 1\n"
                "lowest 1 (Onyx), highest 5 (Ruby)\n"
                "choose Player 1: Pearl\n"
                "set score(Player 1) 0 -> 3\n"
                "move \"Pearl\" table -> box\n"
                "choose Player 2: Ruby\n"
                "set score(Player 2) 0 -> 5\n"
                "move \"Ruby\" table -> box\n"
                "choose Player 3: Jade\n"
                "set score(Player 3) 0 -> 5\n"
                "move \"Jade\" table -> box\n"
                "round 2\n"
                "lowest 1 (Onyx), highest 2 (Opal)\n"
                "choose Player 1: Opal\n"
                "set score(Player 1) 3 -> 5\n"
                "move \"Opal\" table -> box\n"
                "choose Player 2: Onyx (forced)\n"
                "set score(Player 2) 5 -> 6\n"
                "move \"Onyx\" table -> box\n"
                "round 3\n"
                "best score 6 by Player 2, worst 5 by Player 1\n"
                "win Player 2\n"
                "errors: 0\n");
}

Test(lang, the_max_of_no_items_fails_the_game_at_the_aggregate)
{
    run_expect_status(game_run("empty_max", "emptymax", "$e log --seed 1"), 1,
                      "round 1\nerror tests/lang/games/empty_max/game.cards:14:31: max of no items\n");
}

/* The checker's messages for the new aggregates. */
Test(lang, aggregates_need_an_int_to_compare)
{
    RunResult r = run_cmd("d=$(mktemp -d) && printf 'game t {\\n  players 2\\n}\\nround {\\n"
                          "  log \"{max(p in players)} {argmin(p in players: true)}\"\\n  win me\\n}\\n' > $d/t.cards && "
                          TEST_BUILD_DIR "/san/cardc check $d/t.cards 2>&1 | sed \"s|$d/||\"; rm -rf $d");
    cr_expect_str_eq(r.out, "t.cards:5:9: error: 'max' needs ': expression' after the collection\n"
                            "    log \"{max(p in players)} {argmin(p in players: true)}\"\n"
                            "          ^\n"
                            "t.cards:5:50: error: the compared expression must be int, not bool\n"
                            "    log \"{max(p in players)} {argmin(p in players: true)}\"\n"
                            "                                                   ^\n"
                            "2 errors\n");
    run_free(&r);
}

/* A for loop's where is tested for each item when the loop reaches it,
   against the state as it is then (Three fails: the total is 5 by then),
   over the snapshot taken when the loop starts (every chip is visited
   though the body moves the pile's bottom chip out each time). */
/* Without a log, a log statement writes nothing, and of its holes only
   those that draw or may fail are evaluated: each of the three
   statements is guarded, and two holes (the draw, the top of a zone
   that may be empty) are evaluated without a log; the draw happens with
   or without a log (the same winners); so does the failure. */
Test(lang, a_log_statement_is_skipped_without_a_log_but_for_its_holes_that_draw_or_fail)
{
    game_expect("log_holes", "logholes",
                "grep -c 'if (rt_logging(g))' $d/logholes.c && grep -c 'volatile RtValue hole' $d/logholes.c && "
                "$e sim --games 50 --seed 1 --players 3 | sed -n 2p && "
                "$e sim --games 50 --seed 1 --players 3 --log $d/games.jsonl | sed -n 2p && "
                "{ $e sim --games 5 --seed 1 --players 2 2>/dev/null | grep '^errors'; "
                "$e log --seed 1 --players 2 | tail -n 1; }",
                "3\n2\n"
                "wins: Player 1 14 (28.0%), Player 2 17 (34.0%), Player 3 19 (38.0%)\n"
                "wins: Player 1 14 (28.0%), Player 2 17 (34.0%), Player 3 19 (38.0%)\n"
                "errors: 5\n"
                "error tests/lang/games/log_holes/game.cards:33:29: top of empty zone spare\n");
}

/* Live counts (docs/compiler.md "Live counts"): six aggregates of the
   game, in functions a menu's conditions call, are counts the runtime
   keeps (an enum key, an int key compared with a field, a zone per
   player, a die's face, a var as the key, `matches` of the key with a
   field, blue being wild); a count in a log statement is not. Each value is logged next to its twin that scans the zone, in 40
   games with a log (the runtime's moves and writes through their logged
   halves), and 1,000 without one under the sanitized runtime, which
   recounts every live count after each step of a script and aborts on a
   difference. */
Test(lang, a_live_count_is_what_scanning_its_zone_gives)
{
    game_expect("live_counts", "livecounts",
                TEST_BUILD_DIR "/san/cardc ir tests/lang/games/live_counts | sed -n 's/;.*//; s/^live //p' && "
                "grep 'Kind_live_slots\\[\\] =' $d/livecounts.c && "
                "for s in $(seq 1 40); do $e log --seed $s; done | grep -o '[a-z0-9]*/[a-z0-9]*' | "
                "awk -F/ '$1 != $2 { bad++ } { n++ } END { print n \" pairs, \" bad + 0 \" differ\" }' && "
                "$e log --seed 1 | sed -n '14,20p' && " SIM_1000,
                "1: zone shelf, 4 cells\n"
                "2: zone shelf, 4 cells\n"
                "3: zone hand (per player), 4 cells\n"
                "4: zone tray, 4 cells\n"
                "5: zone bag, 4 cells\n"
                "6: zone shelf, 4 cells\n"
                "static const uint32_t Kind_live_slots[] = { 0x1u, 0x1u };\n"
                "7440 pairs, 0 differ\n"
                "state \"Cube\" face red -> blue\n"
                "uncut red 0/0, green 0/0, blue 0/0; cut 0\n"
                "sizes done: 1 true/true, 2 true/true, 3 true/true, 7 true/true\n"
                "Player 1 holds green: false/false; the bag has 2/2 of it; someone holds it: false\n"
                "the tray shows red 3/3, green 0/0, blue 1/1\n"
                "the shelf fits red 0/0, green 0/0, blue 0/0\n"
                "0 dice showed green: the tray shows green 0/0\n"
                "errors: 0\n");
}

/* A repeated choice whose body moves the chosen card out of the zone,
   and puts none back, keeps no list of the cards chosen (one list in the
   C: the choice that puts the card back), and the one whose every card
   is an option is drawn in place, the cell of the card drawn kept for
   the move that takes it; with a log (the options built) the 30
   games take the same chips; over 200 games, the choice that puts the
   card back never offers it again. */
Test(lang, a_choice_whose_cards_leave_keeps_no_list_of_them)
{
    game_expect("chosen_leave", "chosenleave",
                "grep -c 'rt_list_new(' $d/chosenleave.c && grep -c 'rt_pick_card_at(' $d/chosenleave.c && "
                "grep -c 'rt_move_picked_known(' $d/chosenleave.c && "
                SAME_AS_LISTED " && "
                "for s in $(seq 1 200); do $e log --seed $s; done | "
                "awk '/put back$/ { back++ } /chosen again$/ { again++ } END { print back \" put back, \" again + 0 \" chosen again\" }' && "
                "$e log --seed 1 | sed -n '11,31p' && " SIM_1000,
                "1\n"
                "1\n"
                "1\n"
                "30 the same\n"
                "2400 put back, 0 chosen again\n"
                "choose Player 1: Four\n"
                "move \"Four\" pile -> hand(Player 1)\n"
                "set picked 0 -> 4\n"
                "choose Player 1: Six\n"
                "move \"Six\" pile -> hand(Player 1)\n"
                "set picked 4 -> 38\n"
                "choose Player 1: Three\n"
                "move \"Three\" pile -> hand(Player 1)\n"
                "set picked 38 -> 307\n"
                "choose Player 1: Five\n"
                "move \"Five\" pile -> hand(Player 1)\n"
                "set picked 307 -> 2461\n"
                "choose Player 1: Six\n"
                "move \"Six\" hand(Player 1) -> kept(Player 1)\n"
                "set picked 2461 -> 19694\n"
                "choose Player 1: Three\n"
                "move \"Three\" hand(Player 1) -> kept(Player 1)\n"
                "move \"Three\" kept(Player 1) -> hand(Player 1)\n"
                "set last 0 -> 3\n"
                "Three put back\n"
                "choose Player 1: Five\n"
                "errors: 0\n");
}

/* A choice whose where a live count counts (docs/compiler.md "Live
   counts") is drawn by the random agent without its options when no log
   is kept: it draws among the count and walks the zone to that card
   (three such choices in the C, two of them in a menu's options, one with
   an else), and with a log, from the options: 30 games (seeds 1..30)
   take and mark the same chips either way. */
Test(lang, the_random_agent_draws_a_counted_choice_as_it_would_from_the_options)
{
    game_expect("drawn_choice", "drawnchoice",
                TEST_BUILD_DIR "/san/cardc ir tests/lang/games/drawn_choice | grep -o '\"choose a chip from pile\" live [0-9]*' && "
                "grep -c 'rt_draw_now(' $d/drawnchoice.c && "
                SAME_AS_LISTED " && cut -d ' ' -f 1 $d/pairs | head -n 3 && "
                "$e log --seed 1 | sed -n '64,83p' && " SIM_1000,
                "\"choose a chip from pile\" live 1\n"
                "\"choose a chip from pile\" live 1\n"
                "\"choose a chip from pile\" live 1\n"
                "3\n"
                "30 the same\n"
                "724674\n"
                "263642\n"
                "264853\n"
                "choose Player 3: take a chip\n"
                "choose Player 3: Red 5 (forced)\n"
                "set score(Player 3) 3 -> 8\n"
                "set picked 733772 -> 71473\n"
                "move \"Red 5\" pile -> gone\n"
                "set wanted red -> blue\n"
                "no red chip is left unmarked\n"
                "round 4\n"
                "choose Player 1: pass\n"
                "set wanted blue -> red\n"
                "choose Player 2: pass (forced)\n"
                "set wanted red -> blue\n"
                "choose Player 3: take a chip\n"
                "choose Player 3: Blue 5 (forced)\n"
                "set score(Player 3) 8 -> 13\n"
                "set picked 71473 -> 786208\n"
                "move \"Blue 5\" pile -> gone\n"
                "set wanted blue -> red\n"
                "no red chip is left unmarked\n"
                "win Player 3\n"
                "errors: 0\n");
}

/* The actions of a turn are counted, not listed, when the random agent
   answers them in place (one such decision in the C; the two actions
   over the hand counted in one walk, the gated one cleared after it,
   each item drawn found from the cells its count noted), and listed with a log:
   30 games (seeds 1..30) take the same actions and items either way;
   every kind of action is taken in them. */
Test(lang, the_random_agent_draws_a_turns_action_as_it_would_from_the_options)
{
    game_expect("counted_actions", "countedactions",
                "grep -c 'rt_draw_options_now(' $d/countedactions.c && "
                "grep -c 'count_2 &= -when_2;' $d/countedactions.c && "
                "grep -c 'drawn_card = drawn_from\\[1 + at_' $d/countedactions.c && "
                SAME_AS_LISTED " && cut -d ' ' -f 1 $d/pairs | head -n 3 && "
                "for s in $(seq 1 30); do $e log --seed $s; done | sed -n 's/^choose Player .: \\([a-z]*\\).*/\\1/p' | "
                "sort | uniq -c | awk '{ print $2, ($1 > 100) }' && " SIM_1000,
                "1\n"
                "1\n"
                "2\n"
                "30 the same\n"
                "968442\n"
                "197586\n"
                "874569\n"
                "discard 1\n"
                "draw 1\n"
                "give 1\n"
                "pass 1\n"
                "tap 1\n"
                "untap 1\n"
                "errors: 0\n");
}

/* Over a hand of 35 cards, past the 32 cells a count notes, a turn's
   counted item is found by walking the hand again: 30 games (seeds
   1..30) tap and untap the same chips with the options drawn in place
   and listed, and both actions are taken in them. */
Test(lang, a_turns_counted_item_in_a_zone_of_more_than_32_cards_is_found_by_walking_it)
{
    game_expect("counted_many", "countedmany",
                "grep -c 'drawn_card = drawn_from\\[1 + at_' $d/countedmany.c && "
                SAME_AS_LISTED " && "
                "for s in $(seq 1 30); do $e log --seed $s; done | sed -n 's/^choose Player .: \\([a-z]*\\).*/\\1/p' | "
                "sort | uniq -c | awk '{ print $2, ($1 > 100) }' && " SIM_1000,
                "2\n"
                "30 the same\n"
                "pass 1\n"
                "tap 1\n"
                "untap 1\n"
                "errors: 0\n");
}

/* A menu is drawn in place by the random agent without a log (its
   whens read once: one that calls a function, one that draws a random
   number), and listed with one; a menu whose label has holes is always
   listed. 30 games (seeds 1..30) take the same options either way, and
   every option is taken in them. */
Test(lang, the_random_agent_draws_a_menus_option_as_it_would_from_the_options)
{
    game_expect("menus", "menus",
                "grep -c 'rt_draw_options_now(' $d/menus.c && "
                "grep -c 'int menu_1 = ' $d/menus.c && "
                SAME_AS_LISTED " && cut -d ' ' -f 1 $d/pairs | head -n 3 && "
                "for s in $(seq 1 30); do $e log --seed $s; done | sed -n 's/^choose Player .: \\([a-z]*\\).*/\\1/p' | "
                "sort | uniq -c | awk '{ print $2, ($1 > 20) }' && " SIM_1000,
                "2\n"
                "2\n"
                "30 the same\n"
                "818225\n"
                "119179\n"
                "105940\n"
                "bet 1\n"
                "discard 1\n"
                "draw 1\n"
                "hold 1\n"
                "keep 1\n"
                "rest 1\n"
                "toss 1\n"
                "trade 1\n"
                "errors: 0\n");
}

/* Moves between declared zones of one kind, and rolls of a declared
   zone, are written with their shape as constants (docs/runtime.md
   "Moves whose shape cardc knows"): each of the four primitives and the
   roll, for a kind that keeps some state slots, one that keeps none and
   a die that keeps them all, with live counts read in from, in to, in
   both and in neither (a chosen card's zone, or a `let` of a zone's top
   card's, known only when it moves, with the count read there; a card a
   choice takes in place and moves first thing leaves the cell it was
   taken from, live counts read in both zones). Played without a log (the known moves) and
   replayed with one (the runtime's general moves), 30 games leave the
   same state in `picked`; 1,000 games under the sanitized runtime, which
   recounts every live count after each step, find no count astray. */
Test(lang, a_move_whose_shape_cardc_knows_is_the_general_move)
{
    game_expect("known_moves", "knownmoves",
                "grep -o 'rt_[a-z_]*_known([^;]*' $d/knownmoves.c | grep -v set_state | "
                "sed 's/(.*, \\([A-Za-z_]*\\), [0-9]*, \\(RT_KEEP_[A-Z]*\\), /: \\1 \\2 /; s/)$//' && "
                SAME_AS_LISTED " && cut -d ' ' -f 1 $d/pairs | head -n 3 && "
                "$e log --seed 1 | sed -n '54,57p; 94,101p; 160,162p' && " SIM_1000,
                "rt_roll_known(g, rt_zone_shared(g, ZONE_cup), KIND_cube, Faces_cube, 6u, 14, ZONE_cup\n"
                "rt_pluck_known: KIND_cube RT_KEEP_ALL ZONE_cup, -1\n"
                "rt_move_end_known: KIND_token RT_KEEP_SOME -1, ZONE_hand\n"
                "rt_move_end_known: KIND_stone RT_KEEP_NONE -1, ZONE_pile\n"
                "rt_move_picked_known: KIND_token RT_KEEP_SOME ZONE_table, ZONE_hand\n"
                "rt_pluck_known: KIND_token RT_KEEP_SOME ZONE_hand, ZONE_table\n"
                "rt_move_all_known: KIND_cube RT_KEEP_ALL -1, ZONE_cup\n"
                "rt_move_known: KIND_token RT_KEEP_SOME -1\n"
                "rt_move_all_known: KIND_token RT_KEEP_SOME ZONE_table, -1\n"
                "rt_move_all_known: KIND_stone RT_KEEP_NONE ZONE_pile, -1\n"
                "30 the same\n"
                "67477\n"
                "856731\n"
                "379136\n"
                "choose Player 1: lay the marked tokens\n"
                "move \"Green A\" hand(Player 1) -> table\n"
                "set picked 472041 -> 633229\n"
                "set picked 633229 -> 630043\n"
                "state \"Green B\" marked false -> true\n"
                "move \"Green B\" table -> bag (bottom)\n"
                "move \"Green A\" table -> bag\n"
                "move \"Rock\" pile(Player 1) -> quarry\n"
                "move \"Pebble\" pile(Player 1) -> quarry\n"
                "move \"Slab\" pile(Player 2) -> quarry\n"
                "move \"Boulder\" pile(Player 2) -> quarry\n"
                "shuffle bag\n"
                "choose Player 1: take a token from the table\n"
                "choose Player 1: Red A (forced)\n"
                "move \"Red A\" table -> hand(Player 1)\n"
                "errors: 0\n");
}

/* A choice of any card of a zone is drawn without its options by the
   random agent when no log is kept (two such choices in the C: a prompt
   without holes does not stop it; a where does), and with a log, from
   the options: 30 games (seeds 1..30) take the same chips either way. */
Test(lang, the_random_agent_draws_a_zones_card_as_it_would_from_the_options)
{
    game_expect("counted_choice", "countedchoice",
                "grep -c 'rt_pick_card_now(' $d/countedchoice.c && "
                SAME_AS_LISTED " && cut -d ' ' -f 1 $d/pairs | head -n 3 && "
                "$e log --seed 1 | sed -n '9,$p' && " SIM_1000,
                "2\n"
                "30 the same\n"
                "1293374\n"
                "2686508\n"
                "4501158\n"
                "choose Player 1: Six\n"
                "set score(Player 1) 0 -> 6\n"
                "set picked 0 -> 6\n"
                "move \"Six\" pile -> gone\n"
                "choose Player 2: Three\n"
                "set score(Player 2) 0 -> 3\n"
                "set picked 6 -> 45\n"
                "move \"Three\" pile -> gone\n"
                "choose Player 3: Four\n"
                "set score(Player 3) 0 -> 4\n"
                "set picked 45 -> 319\n"
                "move \"Four\" pile -> gone\n"
                "choose Player 1: Four\n"
                "set picked 319 -> 2237\n"
                "nothing spare\n"
                "round 2\n"
                "choose Player 1: One\n"
                "set score(Player 1) 6 -> 7\n"
                "set picked 2237 -> 15660\n"
                "move \"One\" pile -> gone\n"
                "choose Player 2: Five\n"
                "set score(Player 2) 3 -> 8\n"
                "set picked 15660 -> 109625\n"
                "move \"Five\" pile -> gone\n"
                "choose Player 3: Two (forced)\n"
                "set score(Player 3) 4 -> 6\n"
                "set picked 109625 -> 767377\n"
                "move \"Two\" pile -> gone\n"
                "choose Player 1: Four\n"
                "set picked 767377 -> 5371643\n"
                "nothing spare\n"
                "round 3\n"
                "win Player 2\n"
                "errors: 0\n");
}

/* A game of one player has no first-player advantage (the first player
   wins or loses alone): no line in the text report, null in JSON, no
   CSV row; the seat's win rate is there. */
Test(lang, a_one_player_game_reports_no_first_player_advantage)
{
    game_expect("where_choose", "wherechoose",
                "{ $e sim --games 20 --seed 1 | grep -c -e 'first-player' || :; } && "
                "$e sim --games 20 --seed 1 | grep 'seat 1' && "
                "$e sim --games 20 --seed 1 --json | grep -o '\"first_player_advantage\":[a-z{]*' && "
                "{ $e sim --games 20 --seed 1 --csv | grep -c '^first_player_advantage' || :; }",
                "0\n"
                "  seat 1 Player 1 (random): 100.0% [83.9%, 100.0%]\n"
                "\"first_player_advantage\":null\n"
                "0\n");
}

/* A game without a `turns` loop has no first turn: the first-player
   advantage was measured over no game, and the reports say so instead of
   giving "+0.0% [+0.0%, +0.0%]" (text), null (JSON), no row (CSV). */
Test(lang, a_game_without_turns_measures_no_first_player_advantage)
{
    game_expect("duo", "duo",
                "$e sim --games 5 --seed 1 | grep -e 'first-player' && "
                "$e sim --games 5 --seed 1 --json | grep -o '\"first_player_advantage\":[a-z{]*' && "
                "{ $e sim --games 5 --seed 1 --csv | grep -c '^first_player_advantage' || :; }",
                "first-player advantage: not measured (no game that did not fail took a turn)\n"
                "\"first_player_advantage\":null\n"
                "0\n");
}

/* A loop that moves no card walks its zone in place, one that only moves
   the card it is at (counting another zone) plucks it, any other walks a
   snapshot: each kind is written (the C), and all visit the cards top
   first and see the same state (the log, as a snapshot loop gives it). */
Test(lang, loops_walked_in_place_plucked_or_snapshot_see_the_same_cards)
{
    game_expect("loops_in_place", "loops",
                "grep -o 'walk_v_[a-z]*\\|rt_pluck\\(_known\\)*(\\|rt_list_zone(' $d/loops.c | sed 's/_known//' | sort | uniq -c | "
                "sed 's/^ *//' && "
                "$e log --seed 1 | sed -n '5,$p' && " SIM_1000,
                "1 rt_list_zone(\n"
                "3 rt_pluck(\n"
                "3 walk_v_a\n"
                "3 walk_v_b\n"
                "6 walk_v_c\n"
                "round 1\n"
                "state \"Four\" marked false -> true\n"
                "set total 0 -> 4\n"
                "Four marked: total 4\n"
                "state \"Six\" marked false -> true\n"
                "set total 4 -> 10\n"
                "Six marked: total 10\n"
                "state \"Eight\" marked false -> true\n"
                "set total 10 -> 18\n"
                "Eight marked: total 18\n"
                "Six over Four\n"
                "Eight over Four\n"
                "Eight over Six\n"
                "move \"Four\" pile -> kept\n"
                "move \"Six\" pile -> kept\n"
                "2 on the pile, 2 kept\n"
                "noted One\n"
                "noted Eight\n"
                "move \"One\" pile -> spare\n"
                "visiting Six, 1 left on the pile\n"
                "move \"Eight\" pile -> spare\n"
                "visiting Four, 0 left on the pile\n"
                "move \"Eight\" spare -> pile\n"
                "1 spare, 1 on the pile\n"
                "win Player 1\n"
                "errors: 0\n");
}

/* `for up to N` and `move up to N`: the body runs for the first N items
   that pass, in the loop's order, in each form of loop (plucked, walked in
   place, over a snapshot whose body waits for a decision, over players);
   N is read once (three marks, not two); fewer than N pass: all of them;
   N <= 0: none, and the where, which would fail the game, is not tested;
   nor is it once N items passed. */
Test(lang, for_up_to_runs_its_body_for_the_first_n_items_that_pass)
{
    game_expect("up_to", "upto",
                "grep -o 'walk_v_[a-z0-9_]*\\|rt_pluck\\(_known\\)*(\\|rt_list_zone(\\|for (L->v_i' $d/upto.c | sed 's/_known//' | "
                "sort | uniq -c | "
                "sed 's/^ *//' && $e log --seed 1 | sed -n '7,$p' && " SIM_1000,
                "3 for (L->v_i\n"
                "2 rt_list_zone(\n"
                "3 rt_pluck(\n"
                "3 walk_v_c_3\n"
                "3 walk_v_c_5\n"
                "3 walk_v_c_7\n"
                "round 1\n"
                "move \"Three\" pile -> kept\n"
                "move \"Four\" pile -> kept\n"
                "kept 2, pile 4\n"
                "state \"One\" marked false -> true\n"
                "marked One\n"
                "state \"Two\" marked false -> true\n"
                "marked Two\n"
                "state \"Five\" marked false -> true\n"
                "marked Five\n"
                "move \"Four\" kept -> pile\n"
                "kept 1, pile 5\n"
                "first: Four\n"
                "Player 1 is one of two\n"
                "Player 2 is one of two\n"
                "choose Player 1: Six\n"
                "move \"Six\" pile -> kept\n"
                "after One: kept 2\n"
                "choose Player 1: Four (forced)\n"
                "move \"Four\" pile -> kept\n"
                "after Two: kept 3\n"
                "win Player 1\n"
                "errors: 0\n");
}

/* The count of `for up to` is an int, read in the scope around the loop. */
Test(lang, for_up_to_needs_an_int_count)
{
    RunResult r = run_cmd("d=$(mktemp -d) && printf 'game t {\\n  players 2\\n}\\nround {\\n"
                          "  for up to true p in players { log \"{p}\" }\\n"
                          "  move up to c c in box to box\\n  win me\\n}\\n' > $d/t.cards && "
                          TEST_BUILD_DIR "/san/cardc check $d/t.cards 2>&1 | sed \"s|$d/||\"; rm -rf $d");
    cr_expect_str_eq(r.out, "t.cards:5:13: error: the number of items of 'for up to' must be int, not bool\n"
                            "    for up to true p in players { log \"{p}\" }\n"
                            "              ^\n"
                            "t.cards:6:14: error: unknown name 'c'\n"
                            "    move up to c c in box to box\n"
                            "               ^\n"
                            "2 errors\n");
    run_free(&r);
}

/* A variant's `set card`: the card keeps its place among the cards, so a
   variant that sets the data a card has plays the base game's games (the
   same report, but for the variant's name), and one that changes it plays
   them with the new data (High at 2 and silver; Odd without its bonus),
   which the play screen shows; `cardc json` lists the two cards again
   with the variant. The fields are read by card instance (docs/compiler.md
   "Card data by instance"): a table for each variant, whose `set card`
   reads another row. */
Test(lang, set_card_gives_a_card_new_data_in_a_variant_and_keeps_its_place)
{
    game_expect("variant_cards", "vcards",
                "grep -o 'InstData_[a-z]*\\[\\] = { Insts_chip_[0-9]* }' $d/vcards.c && "
                "for v in base same cheap; do $e sim --games 300 --seed 2 --json --variant $v | "
                "sed 's/\"variant\":\"[a-z]*\",//' | md5sum; done | uniq -c | sed 's/^ *//' | cut -d' ' -f1 && "
                "$e log --seed 1 --variant cheap | sed -n '9,23p' && "
                "printf '1\\n1\\n1\\n' | $e play --seed 1 --variant cheap | grep -m1 -A1 '^    \"High\"' && "
                TEST_BUILD_DIR "/san/cardc json tests/lang/games/variant_cards | grep -c '\"variant\": \"cheap\"' && "
                SIM_1000,
                "InstData_base[] = { Insts_chip_0 }\n"
                "InstData_same[] = { Insts_chip_1 }\n"
                "InstData_cheap[] = { Insts_chip_2 }\n"
                "2\n"
                "1\n"
                "choose Player 1: draw at once\n"
                "move \"Low\" bag -> hand(Player 1)\n"
                "set score(Player 1) 0 -> 1\n"
                "Player 1 draws Low (grey): 1\n"
                "move \"High\" bag -> hand(Player 2)\n"
                "set score(Player 2) 0 -> 2\n"
                "Player 2 draws High (silver): 2\n"
                "round 2\n"
                "choose Player 1: draw\n"
                "move \"Low\" bag -> hand(Player 1)\n"
                "set score(Player 1) 1 -> 2\n"
                "Player 1 draws Low (grey): 1\n"
                "move \"Odd\" bag -> hand(Player 2)\n"
                "set score(Player 2) 2 -> 5\n"
                "Player 2 draws Odd (grey): 3\n"
                "    \"High\" (marked false): value 2, bonus false\n"
                "      silver\n"
                "2\n"
                "errors: 0\n");
}

/* What `set card` may change: a declared card of the base game, of the
   kind named, its data fields (not its state or abilities), once per
   variant. */
Test(lang, set_card_changes_the_data_of_a_declared_card_once)
{
    RunResult r = run_cmd("d=$(mktemp -d) && printf '%s' 'game t {\n  players 2\n}\n"
                          "kind chip {\n  value : int\n  power : ability?\n  state marked : bool = false\n}\n"
                          "kind other {\n  n : int\n}\ncard chip \"Low\" { value 1 }\ncard other \"Thing\" { n 1 }\n"
                          "round { win me }\nvariant v of t {\n  card chip \"Extra\" { value 9 }\n"
                          "  set card chip \"Lo\" { value 2 }\n  set card other \"Low\" { n 2 }\n"
                          "  set card chip \"Extra\" { value 2 }\n"
                          "  set card chip \"Low\" { value 3 marked true power { win me } valeu 3 }\n"
                          "  set card chip \"Low\" { value 4 }\n}\n' > $d/t.cards && "
                          TEST_BUILD_DIR "/san/cardc check $d/t.cards 2>&1 | grep -v '^ ' | sed \"s|$d/||\"; rm -rf $d");
    cr_expect_str_eq(r.out, "t.cards:17:17: error: unknown card 'Lo'; did you mean 'Low'?\n"
                            "t.cards:18:18: error: \"Low\" is a card of kind 'chip', not 'other'\n"
                            "t.cards:19:17: error: 'set card' changes a card of the base game, and it has no card "
                            "\"Extra\"\n"
                            "t.cards:20:33: error: 'set card' changes a card's data, and 'marked' is state of each card "
                            "in play\n"
                            "t.cards:20:45: error: 'set card' changes a card's data, and 'power' is an ability (code): "
                            "remove the card and add one\n"
                            "t.cards:20:62: error: kind 'chip' has no field 'valeu'; did you mean 'value'?\n"
                            "t.cards:21:17: error: this variant already changes \"Low\"\n"
                            "t.cards:20:17: note: here\n"
                            "7 errors\n");
    run_free(&r);
}

Test(lang, a_for_loops_where_sees_the_live_state_over_a_snapshot)
{
    game_expect("where_live", "wherelive", "$e log --seed 1 | sed -n '4,$p' && " SIM_1000,
                "round 1\n"
                "players 2, chips on the pile 3\n"
                "set total 0 -> 5\n"
                "Five passes: total 5\n"
                "set total 5 -> 14\n"
                "Nine passes: total 14\n"
                "move \"Nine\" pile -> kept\n"
                "visiting Five, 2 left on the pile\n"
                "move \"Three\" pile -> kept\n"
                "visiting Three, 1 left on the pile\n"
                "move \"Five\" pile -> kept\n"
                "visiting Nine, 0 left on the pile\n"
                "win Player 1\n"
                "errors: 0\n");
}

/* A family of variants is a variant for each value (high_2, high_3,
   high_4; low_m1, low_0), its value in the title and the items. `sim
   --sweep 'High.value=2..5'` plays the variants that change that field
   alone, in the order of the values, the base game where the card has the
   value: what `--sweep high_2,high_3,high_4,base` prints. A variant
   written by hand that sets the same value plays the same games. */
Test(lang, a_family_of_variants_is_a_variant_per_value_and_a_sweep_finds_them)
{
    game_expect("variant_family", "vfam",
                "$e sim --games 300 --seed 2 --json --sweep 'High.value=2..5' > $d/a && "
                "$e sim --games 300 --seed 2 --json --sweep high_2,high_3,high_4,base > $d/b && cmp $d/a $d/b && "
                "grep -o '\"variant\":\"[a-z_0-9]*\"\\|\"wins\":{[^}]*}' $d/a | paste -d' ' - - && "
                "for v in high_3 by_hand; do $e sim --games 300 --seed 2 --json --variant $v | "
                "sed 's/\"variant\":\"[a-z_0-9]*\",//' | md5sum; done | uniq | wc -l && "
                "$e --help | sed -n 2p && "
                "printf '1\\n' | $e play --seed 1 --variant low_m1 | head -1 && "
                "$e log --seed 1 --variant low_m1 | sed -n '18,20p' && " SIM_1000,
                "\"variant\":\"high_2\" \"wins\":{\"Player 1\":194,\"Player 2\":215}\n"
                "\"variant\":\"high_3\" \"wins\":{\"Player 1\":236,\"Player 2\":236}\n"
                "\"variant\":\"high_4\" \"wins\":{\"Player 1\":215,\"Player 2\":194}\n"
                "\"variant\":\"base\" \"wins\":{\"Player 1\":215,\"Player 2\":194}\n"
                "1\n"
                "the engine of vfam \"Variant Family\"; variants: base high_2 high_3 high_4 low_m1 low_0 by_hand "
                "silver\n"
                "vfam \"Low at -1, a bonus of -1 times 2 plus 1\" (low_m1), seed 1, you are Player 1 against random\n"
                "move \"Low\" bag -> hand(Player 1)\n"
                "set score(Player 1) 2 -> 0\n"
                "Player 1 draws Low (grey): -1\n"
                "errors: 0\n");
}

/* A sweep's CSV is one table: the header once, then each variant's rows
   of `sim --variant V --csv`, led by the variant and, for a sweep of a
   card's field, the value (a column named CARD.FIELD). The game has no
   `turns`, so no variant has a first_player_advantage row (76 rows). */
Test(lang, a_sweep_in_csv_is_one_table_led_by_the_variant_and_the_value)
{
    game_expect("variant_family", "vfam",
                "$e sim --games 200 --seed 4 --csv --sweep 'High.value=2..5' > $d/a && "
                "for vv in high_2:2 high_3:3 high_4:4 base:5; do v=${vv%%:*}; "
                "$e sim --games 200 --seed 4 --csv --variant $v | sed 1d | sed \"s/^/$v,${vv#*:},/\"; done > $d/b && "
                "sed -n 1p $d/a && sed 1d $d/a | cmp - $d/b && grep -c '' $d/a && "
                "$e sim --games 200 --seed 4 --csv --sweep high_3,silver | sed -n '1p;2p' && "
                "$e sim --games 200 --seed 4 --csv --sweep high_3,silver | grep -c '^silver,seat_win'",
                "variant,High.value,metric,name,player,agent,count,games,value,ci95_lo,ci95_hi\n"
                "77\n"
                "variant,metric,name,player,agent,count,games,value,ci95_lo,ci95_hi\n"
                "high_3,seat_win,seat 1,Player 1,random,155,200,0.7750,0.7123,0.8274\n"
                "2\n");
}

/* What a sweep of a card's field finds, and what it says when it finds
   nothing: a value no variant gives (the values the engine has), a card
   and field no variant changes alone (a family that also sets a constant,
   a variant that changes two fields, a text field), a range that is not
   one, more than 32 values. */
Test(lang, a_sweep_of_a_card_field_names_what_the_engine_has)
{
    game_expect("variant_family", "vfam",
                "for s in High.value=2..6 Low.value=-1..0 High.colour=1..2 Mid.value=3 High.value=4..2 High=2 "
                "High.value=1..40 high.value=1 Gem.value=1..2; do $e sim --games 5 --sweep $s 2>&1 | sed 's|^[^:]*: ||'; done",
                "sim: --sweep: no variant sets High.value to 6; the engine has it at 5 (base), 2 (high_2), "
                "3 (high_3), 4 (high_4), 3 (by_hand)\n"
                "sim: --sweep: no variant of the engine changes Low.value alone; a family of variants declared in "
                "the game's folder does, once the engine is built again: variant low_value of vfam for v in -1..0 "
                "{ set card chip \"Low\" { value v } } (docs/lab.md \"Sweeps\")\n"
                "sim: --sweep: no variant of the engine changes High.colour alone; a family of variants declared in "
                "the game's folder does, once the engine is built again: variant high_colour of vfam for v in 1..2 "
                "{ set card chip \"High\" { colour v } } (docs/lab.md \"Sweeps\")\n"
                "sim: --sweep: no variant of the engine changes Mid.value alone; a family of variants declared in "
                "the game's folder does, once the engine is built again: variant mid_value of vfam for v in 3..3 "
                "{ set card chip \"Mid\" { value v } } (docs/lab.md \"Sweeps\")\n"
                "sim: --sweep: 'High.value=4..2' is neither variants V,W,... nor CARD.FIELD=A..B (integers, A <= B)\n"
                "sim: --sweep: 'High=2' is neither variants V,W,... nor CARD.FIELD=A..B (integers, A <= B)\n"
                "sim: --sweep: more than 32 variants\n"
                "sim: --sweep: the engine has no card \"high\" (did you mean \"High\"?)\n"
                "sim: --sweep: the engine has no card \"Gem\"\n");
}

/* The family a sweep's message writes out is one to paste as it is: the
   game with it added builds, and the sweep then plays its variants. */
Test(lang, the_family_a_sweep_suggests_builds_and_is_swept)
{
    game_expect("variant_family", "vfam",
                "$e sim --games 5 --sweep 'Mid.value=2..4' 2>&1 | sed -n 's/.*built again: \\(.*\\) (docs.*/\\1/p' "
                "> $d/family && mkdir $d/g && cat tests/lang/games/variant_family/game.cards $d/family > $d/g/game.cards && "
                TEST_BUILD_DIR "/san/cardc c $d/g -o $d/c && "
                "cc " STRICT " " SAN " -DCARDRT_ENGINE_MAIN -o $d/e2 $d/c/vfam.c " TEST_BUILD_DIR "/san/libcardlab.a "
                TEST_BUILD_DIR "/san/libcardrt.a -lm -pthread $(pkg-config --libs cairo) && "
                "cat $d/family && $d/e2 sim --games 100 --seed 1 --sweep 'Mid.value=2..4' | grep '^vfam'",
                "variant mid_value of vfam for v in 2..4 { set card chip \"Mid\" { value v } }\n"
                "vfam (mid_value_2): 100 games, seed 1, 2 players\n"
                "vfam (mid_value_3): 100 games, seed 1, 2 players\n"
                "vfam (mid_value_4): 100 games, seed 1, 2 players\n");
}

/* What `cardc check` says of a family: values that are none or too many;
   items that are not values (a script, a card of its own); its variable
   unused; an error in its items once, not once per variant; a name a
   variant has already. */
Test(lang, a_family_of_variants_sets_values_and_is_checked_once)
{
    RunResult r = run_cmd("d=$(mktemp -d) && printf '%s' 'game t {\n  players 2\n}\n"
                          "kind chip {\n  value : int\n}\ncard chip \"Low\" { value 1 }\nconst k = 1\n"
                          "round { win me }\n"
                          "variant a of t for v in 3..1 { set k = v }\n"
                          "variant b of t for v in 1..65 { set k = v }\n"
                          "variant c of t for v in 1..2 { set k = v  round { win me }  card chip \"New\" { value v } }\n"
                          "variant d of t for v in 1..2 { set k = 2 }\n"
                          "variant e of t for v in 1..2 { set card chip \"Low\" { value v valeu 3 } }\n"
                          "variant e_2 of t { }\n' > $d/t.cards && "
                          TEST_BUILD_DIR "/san/cardc check $d/t.cards 2>&1 | grep -v '^ ' | sed \"s|$d/||\"; rm -rf $d");
    cr_expect_str_eq(r.out, "t.cards:10:16: error: the family's values 3..1 are none: the first is above the last\n"
                            "t.cards:11:16: error: a family of variants has at most 64 values, not 65\n"
                            "t.cards:12:43: error: a family of variants sets values (set, set card) and removes cards "
                            "and boards; 'round' belongs in a variant of its own\n"
                            "t.cards:12:61: error: a family of variants sets values (set, set card) and removes cards "
                            "and boards; a card of its own belongs in a variant of its own\n"
                            "t.cards:13:20: warning: the family's variable 'v' is not used: its variants are the same\n"
                            "t.cards:14:62: error: kind 'chip' has no field 'valeu'; did you mean 'value'?\n"
                            "t.cards:15:9: error: duplicate variant 'e_2'\n"
                            "6 errors\n");
    run_free(&r);
}

/* A choice's label names each item's option with its holes evaluated for
   the item (a card, two cards one at a time, a player, a number without
   holes; before or after the prompt); the log and its JSON show it. In a
   variant whose replaced phase has more locals, the other phase's labels
   and prompts read their own locals; a repeated choice's `where` compares
   a local (its loop, written twice, compiles warning-free). The game
   without its labels plays the same games. */
Test(lang, a_choice_label_names_each_item_and_changes_nothing_else)
{
    game_expect("choice_labels", "labels",
                "$e log --seed 1 | sed -n '7p;11p;15,16p;19p' && "
                "for v in base more; do $e log --seed 1 --variant $v --json | "
                "grep -o '\"prompt\":\"[^\"]*who scores[^\"]*\",\"label\":\"[^\"]*\"'; done && "
                "$e log --seed 1 --variant more | sed -n '7p' && "
                "mkdir $d/plain && sed 's/ label \"[^\"]*\"//' tests/lang/games/choice_labels/game.cards > $d/plain/game.cards && "
                "! grep -q '^ *choose.* label' $d/plain/game.cards && "
                TEST_BUILD_DIR "/cardc build $d/plain -o $d/plain/engine && "
                "for v in base more picky; do for x in $e $d/plain/engine; do $x sim --games 300 --seed 3 --variant $v --json | md5sum; "
                "done | uniq | wc -l; done && $e log --seed 1 --variant picky | grep -m1 ' for 2' && "
                "$e log --seed 9 | grep -v '^choose' > $d/l1 && $d/plain/engine log --seed 9 | grep -v '^choose' > $d/l2 && "
                "cmp $d/l1 $d/l2 && " SIM_1000,
                "choose Player 1: Ruby, red, worth 3\n"
                "choose Player 1: Onyx (worth 4)\n"
                "choose Player 1: Player 1, who has 3, for Player 1\n"
                "set score(Player 1) 3 -> 4\n"
                "choose Player 1: the plain choice\n"
                "\"prompt\":\"Player 1: who scores a point?\",\"label\":\"Player 1, who has 3, for Player 1\"\n"
                "\"prompt\":\"Player 2: who scores a point?\",\"label\":\"Player 1, who has 4, for Player 2\"\n"
                "\"prompt\":\"Player 1: who scores a point?\",\"label\":\"Player 1, who has 0, for Player 1\"\n"
                "\"prompt\":\"Player 2: who scores a point?\",\"label\":\"Player 1, who has 1, for Player 2\"\n"
                "choose Player 1: Opal at 3\n"
                "1\n"
                "1\n"
                "1\n"
                "choose Player 1: Jade for 2 (forced)\n"
                "errors: 0\n");
}

/* What the checker says of a choice's label: its holes see the item (not
   a zone), the prompt's do not; one label and one prompt; a word that is
   neither. */
Test(lang, a_choice_label_is_checked_with_the_item_in_scope)
{
    RunResult r = run_cmd("d=$(mktemp -d) && printf '%s' 'game t {\n  players 2\n}\nzone pile of chip\n"
                          "kind chip {\n  n : int\n}\ncard chip \"A\" { n 1 }\nround {\n"
                          "  choose c in box label \"{pile}\" { }\n  choose c in box label \"{c.nn}\" { }\n"
                          "  choose c in box prompt \"{c.n}\" { }\n  win me\n}\n' > $d/t.cards && "
                          TEST_BUILD_DIR "/san/cardc check $d/t.cards 2>&1 | grep -v '^ ' | sed \"s|$d/||\"; "
                          "printf '%s' 'game t {\n  players 2\n}\nround {\n"
                          "  choose c in box label \"a\" label \"x\" { }\n  choose c in box labl \"b\" { }\n"
                          "  choose c in box prompt \"a\" prompt \"b\" { }\n  win me\n}\n' > $d/u.cards && "
                          TEST_BUILD_DIR "/san/cardc check $d/u.cards 2>&1 | grep -v '^ ' | sed \"s|$d/||\"; rm -rf $d");
    cr_expect_str_eq(r.out, "t.cards:10:27: error: a zone cannot be shown in a label\n"
                            "t.cards:11:29: error: unknown card field 'nn'; did you mean 'n'?\n"
                            "t.cards:12:28: error: unknown name 'c'\n"
                            "3 errors\n"
                            "u.cards:5:29: error: a choice has one label\n"
                            "u.cards:6:19: error: expected 'prompt' or 'label', found 'labl'\n"
                            "u.cards:7:30: error: a choice has one prompt\n"
                            "3 errors\n");
    run_free(&r);
}

Test(lang, a_function_of_enums_is_a_table_and_a_filtered_write_one_store_with_the_same_results)
{
    /* rank (a colour and a bool) is a table of 6 values, share (a division)
       is not; the two lighting loops are one store a card; the log and the
       games without a log (every one won by Player 1) agree with the rules */
    game_expect("tabulated", "tabled",
                "grep -o 'Tab_[a-z]*\\[[0-9]*\\] = {[^}]*}\\|rt_set_state_when(' $d/tabled.c | sort | uniq -c | sed 's/^ *//' && "
                "$e log --seed 1 | sed -n '5,$p' && $e sim --games 50 --seed 3 | grep '^wins:' && " SIM_1000,
                "1 Tab_rank[6] = { 1, 10, 2, 20, 2, 6 }\n"
                "2 rt_set_state_when(\n"
                "round 1\n"
                "Ruby: rank 10 bright, 1 dim, share 4\n"
                "Leaf: rank 20 bright, 2 dim, share 4\n"
                "Sky: rank 6 bright, 2 dim, share 3\n"
                "Rose: rank 10 bright, 1 dim, share 4\n"
                "state \"Leaf\" lit false -> true\n"
                "state \"Sky\" lit false -> true\n"
                "state \"Rose\" lit false -> true\n"
                "state \"Rose\" lit true -> false\n"
                "win Player 1\n"
                "wins: Player 1 50 (100.0%), Player 2 0 (0.0%)\n"
                "errors: 0\n");
}

/* A procedure that never waits for a decision runs on a frame made on
   the C stack (rt_call_now, docs/runtime.md "Calls run at once"), which
   counts against the frame stack's depth as a pushed frame does: an
   ability and a procedure that call each other in a cycle fail the game
   at the same call as when every frame was pushed (the 32nd echo, whose
   call of the procedure would be the 65th frame), with or without a log. */
Test(lang, a_procedure_that_never_waits_runs_on_a_c_stack_frame_counted_against_the_depth)
{
    game_expect("deep_calls", "deepcalls",
                "grep -c 'rt_call_now(g, Script_proc_bounce' $d/deepcalls.c && "
                "$e log --seed 1 | tail -n 2 && $e sim --games 3 --seed 1 2>/dev/null | grep '^errors'",
                "1\n"
                "set depth 31 -> 32\n"
                "error tests/lang/games/deep_calls/game.cards:20:5: calls nested deeper than 64 frames\n"
                "errors: 3\n");
}
