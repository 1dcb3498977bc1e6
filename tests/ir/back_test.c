/* back_test.c: the C back end written from the IR (compiler/back/emit_*.c):
   what the IR knows reaches the C: an enum card state logs with its enum's
   value names; `c is K and A and B` reads c's fields unchecked in B. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/san/cardc"

Test(back, an_enum_state_logs_its_value_names)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc build tests/ir/run/enum_log.cards -o $d/e && "
                          "$d/e log --seed 1; s=$?; rm -rf $d; exit $s");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "move \"Tile\" box -> pile\n"
                            "round 1\n"
                            "the tile is blue\n"
                            "state \"Tile\" shade blue -> green\n"
                            "now it is green\n"
                            "win Player 1\n");
    run_free(&r);
}

Test(back, a_kind_tested_first_in_a_chain_of_ands_holds_in_every_term)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " CARDC " c tests/ir/run/and_chain.cards -o $d && "
                          "grep -o 'Inst_[a-z]*(g, it_c)->fd_[a-z]*\\|rt_card_inst([^)]*))->fd_[a-z]*' $d/andchain.c; "
                          "s=$?; rm -rf $d; exit $s");
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "Inst_gem(g, it_c)->fd_value\nInst_gem(g, it_c)->fd_bright\n");
    run_free(&r);
    r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc build tests/ir/run/and_chain.cards -o $d/e && "
                "$d/e log --seed 1 | grep bright; s=$?; rm -rf $d; exit $s");
    cr_expect_str_eq(r.out, "bright gems of value 2 or more: 1\n");
    run_free(&r);
}

/* The JSON export reads field values through model_value_text: Galaxy's
   enum fields by their value names, typed by their enum. */
Test(back, json_writes_enum_fields_by_value_and_enum)
{
    RunResult r = run_cmd(CARDC " json cards/galaxy | grep -e '\"Yavin 4 1.1\"' -e '\"name\": \"imperial_die\"' -e '\"enums\"'");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out,
        "  \"enums\": [{\"name\": \"symbol\", \"values\": [\"stormtrooper\", \"tie_fighter\", \"at_at\", \"star_destroyer\", "
        "\"victory\", \"imperial\"]}, {\"name\": \"board\", \"values\": [\"yavin4\", \"hoth\", \"dagobah\", \"bespin\", "
        "\"tatooine\", \"endor\", \"death_star2\"]}],\n"
        "    {\"name\": \"imperial_die\", \"fields\": [{\"name\": \"face\", \"type\": \"enum\", \"enum\": \"symbol\", "
        "\"optional\": false, \"state\": true}]},\n"
        "    {\"name\": \"Yavin 4 1.1\", \"kind\": \"space\", \"copies\": 1, \"variant\": null, \"fields\": {\"symbol\": "
        "\"stormtrooper\", \"board\": \"yavin4\", \"row\": 1, \"column\": 1, \"reward_vp\": 1, \"reward_ally\": 0}},\n");
    run_free(&r);
}

/* Each statement's C is preceded by `#line N "file"`: a debugger's line
   table (DWARF) maps the code to the .cards lines, here move top(my deck)
   to my play at imperial.cards:46 (docs/runtime.md "Source lines"). */
Test(back, source_lines_point_into_the_cards_files)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " CARDC " c cards/evr -o $d && "
                          "cc -std=c11 -g -O0 -Iruntime -c -o $d/evr.o $d/evr.c && "
                          "objdump --dwarf=decodedline $d/evr.o | awk '$1 == \"imperial.cards\" && $2 == 46 {n++} "
                          "$1 == \"evr.c\" {c++} END {print (n > 0), (c > 0)}'; s=$?; rm -rf $d; exit $s");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "1 1\n");   /* lines of imperial.cards:46, and of the C file itself */
    run_free(&r);
}

/* A file name with a quote, a backslash and a newline is written escaped in
   the #line directives: the C compiles strictly and its line table names
   the file as it is. */
Test(back, a_hostile_file_name_stays_a_literal_in_line_directives)
{
    RunResult r = run_cmd(
        "d=$(mktemp -d) && f=\"$d/g/a\\\"b\\\\c\nd.cards\" && mkdir $d/g && "
        "printf 'game hostile {\\n  players 2\\n}\\nround {\\n  log \"hi\"\\n  win me\\n}\\n' > \"$f\" && "
        CARDC " c $d/g -o $d && gcc -std=c11 -Wall -Wextra -pedantic -Werror -g -Iruntime -c -o $d/h.o $d/hostile.c && "
        "clang -std=c11 -Wall -Wextra -pedantic -Werror -Iruntime -fsyntax-only $d/hostile.c && "
        "grep -c '^ *#line [0-9]* \".*a\\\\\"b\\\\\\\\c\\\\nd.cards\"$' $d/hostile.c; s=$?; rm -rf $d; exit $s");
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, "2\n");   /* the round's two statements */
    run_free(&r);
}

/* A for loop that moves its card twice walks a snapshot (it is not a
   pluck loop): both moves happen, the second from where the first put
   the card (progen seed 102255 failed "move of no card"). */
Test(back, a_loop_that_moves_its_card_twice_is_not_a_pluck_loop)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc build tests/ir/run/move_twice.cards -o $d/e && "
                          "$d/e log --seed 1; s=$?; rm -rf $d; exit $s");
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, "move \"Chip\" box -> pile\n"
                            "move \"Chip\" box -> pile\n"
                            "round 1\n"
                            "move \"Chip\" pile -> tray (bottom)\n"
                            "move \"Chip\" tray -> bin\n"
                            "move \"Chip\" pile -> tray (bottom)\n"
                            "move \"Chip\" tray -> bin\n"
                            "pile 0, tray 0, bin 2\n"
                            "win Player 1\n");
    run_free(&r);
}

/* A loop over another player's hand that moves its cards to mine is a
   pluck loop under `for p in players where me != p`, and walks a snapshot
   where p may be me or changes in the body; the moves are the same with a
   log (the slow path) and without (the sim's fast path, whose winner,
   Player 2, needs every card where the log puts it). */
Test(back, a_loop_over_another_players_zone_of_the_same_declaration_is_a_pluck_loop)
{
    RunResult ir = run_cmd(CARDC " ir tests/ir/run/other_players.cards | grep -E '^ *for '");
    cr_assert_eq(ir.status, 0, "%s", ir.err);
    cr_expect_str_eq(ir.out, "      for 0 p step @21:3 [fail write zones moves]\n"   /* the setup's deal */
                             "          for 2 g pluck @22:5 [fail write zones moves]\n"
                             "    for 0 p step @27:3 [fail write zones moves]\n"
                             "        for 1 g pluck @28:5 [fail write zones moves]\n"
                             "    for 2 p_2 step @31:3 [fail write zones moves]\n"
                             "        for 3 g_2 @32:5 [fail write zones moves]\n"
                             "    for 4 p_3 step @35:3 [fail write zones moves]\n"
                             "        for 5 g_3 @37:5 [fail write zones moves]\n"
                             "    for 6 p_4 @39:3 [fail write zones]\n");
    run_free(&ir);
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc build tests/ir/run/other_players.cards -o $d/e && "
                          "$d/e log --seed 1 | sed -n '/^round/,$p' && $d/e sim --games 3 --seed 1 | sed -n 2p; "
                          "s=$?; rm -rf $d; exit $s");
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, "round 1\n"
                            "move \"Jade\" hand(Player 2) -> hand(Player 1)\n"
                            "move \"Onyx\" hand(Player 2) -> hand(Player 1)\n"
                            "move \"Ruby\" hand(Player 3) -> hand(Player 1)\n"
                            "move \"Topaz\" hand(Player 1) -> hand(Player 1) (bottom)\n"
                            "move \"Opal\" hand(Player 3) -> hand(Player 1) (bottom)\n"
                            "move \"Ruby\" hand(Player 1) -> hand(Player 2)\n"
                            "move \"Onyx\" hand(Player 1) -> hand(Player 2)\n"
                            "Player 1 holds 4\n"
                            "Player 2 holds 2\n"
                            "Player 3 holds 0\n"
                            "win Player 2\n"
                            "wins: Player 1 0 (0.0%), Player 2 3 (100.0%), Player 3 0 (0.0%)\n");
    run_free(&r);
}

/* An aggregate whose item a nested aggregate reads stores that item in
   the frame for it: its helper writes memory, so it is not declared pure
   (RT_PURE lets the C compiler assume a call changes nothing); the inner
   helper, which only reads, is. The game counts the rounds whose pile
   holds two chips of one value: two when the first chip taken off is
   "Two" (the pair stays a round longer), else one. */
Test(back, an_aggregate_that_stores_its_item_for_a_nested_one_is_not_pure)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc c tests/ir/run/nested_any.cards -o $d && "
                          "grep -o '^[A-Z_ ]*static RtValue Agg[0-9]*_round' $d/nested.c && "
                          TEST_BUILD_DIR "/cardc build tests/ir/run/nested_any.cards -o $d/e && "
                          "for s in 1 2 3 4 5 6; do $d/e log --seed $s > $d/log && "
                          "echo \"$(grep -c '^set pairs' $d/log) $(grep -m1 'pile -> box' $d/log | cut -d '\"' -f 2)\"; done; "
                          "s=$?; rm -rf $d; exit $s");
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, "RT_PURE static RtValue Agg2_round\n"
                            "static RtValue Agg1_round\n"
                            "1 Another One\n"
                            "2 Two\n"
                            "1 One\n"
                            "2 Two\n"
                            "2 Two\n"
                            "1 Another One\n");
    run_free(&r);
}
