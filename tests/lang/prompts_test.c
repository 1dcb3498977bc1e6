/* prompts_test.c: decisions that say what they decide (prompts and labels
   with {expr} holes, strings in holes), players out of the game, and teams
   (docs/language.md "Prompts and labels", "Players out", "Teams"): each
   game compiles warning-free with gcc and clang, plays 1,000 seeded games
   under ASan and UBSan without an error, and logs its rule. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "lang_game.h"

/* The labels of options and actions show their holes (card fields, enum
   values, numbers, bools, players) as the log records the choice; the
   first choice has no prompt and no holes: its label is the card. */
Test(prompts, labels_show_their_holes_in_the_log)
{
    game_expect("prompts", "prompts", "$e log --seed 1 | sed -n '5,$p' && " SIM_1000,
                "round 1\n"
                "choose Red: Pearl\n"
                "Red looks at Pearl first\n"
                "choose Red: gain 2 coins\n"
                "set coins(Red) 4 -> 6\n"
                "choose Blue: gain 2 coins\n"
                "set coins(Blue) 4 -> 6\n"
                "turn Red\n"
                "choose Red: take Pearl (silver, worth 3)\n"
                "set coins(Red) 6 -> 3\n"
                "set score(Red) 0 -> 3\n"
                "move \"Pearl\" table -> hoard(Red)\n"
                "turn Blue\n"
                "choose Blue: take Opal (gold, worth 2)\n"
                "set coins(Blue) 6 -> 4\n"
                "set score(Blue) 0 -> 2\n"
                "move \"Opal\" table -> hoard(Blue)\n"
                "turn Red\n"
                "choose Red: take Jet (silver, worth 1)\n"
                "set coins(Red) 3 -> 2\n"
                "set score(Red) 3 -> 4\n"
                "move \"Jet\" table -> hoard(Red)\n"
                "turn Blue\n"
                "choose Blue: pass with 2 points (forced)\n"
                "turn Red\n"
                "choose Red: pass with 4 points (forced)\n"
                "choose Red: Ruby (forced)\n"
                "move \"Ruby\" table -> box\n"
                "win Red\n"
                "errors: 0\n");
}

/* The JSON log gives each choice its prompt and label as formatted: the
   default prompt says what is chosen and from where. */
Test(prompts, the_json_log_has_the_formatted_prompt_and_label)
{
    game_expect("prompts", "prompts", "$e log --seed 1 --json | grep '\"choice\"' | head -n 4",
                "{\"type\":\"choice\",\"round\":1,\"player\":0,\"option\":1,\"options\":4,\"forced\":false,"
                "\"hidden\":false,\"prompt\":\"choose a gem from table\",\"label\":\"Pearl\"}\n"
                "{\"type\":\"choice\",\"round\":1,\"player\":0,\"option\":0,\"options\":2,\"forced\":false,"
                "\"hidden\":false,\"prompt\":\"Red: gain coins or keep 4?\",\"label\":\"gain 2 coins\"}\n"
                "{\"type\":\"choice\",\"round\":1,\"player\":1,\"option\":0,\"options\":2,\"forced\":false,"
                "\"hidden\":false,\"prompt\":\"Blue: gain coins or keep 4?\",\"label\":\"gain 2 coins\"}\n"
                "{\"type\":\"choice\",\"round\":1,\"player\":0,\"option\":1,\"options\":5,\"forced\":false,"
                "\"hidden\":false,\"prompt\":\"Red (Red) has 6 coins\",\"label\":\"take Pearl (silver, worth 3)\"}\n");
}

/* The play screen asks with the default prompt, then with the prompts
   the game writes, their holes filled in with the state of the moment. */
Test(prompts, the_play_screen_shows_default_and_custom_prompts)
{
    game_expect("prompts", "prompts",
                "yes 2 | head -n 20 | $e play --seed 1 | grep -E 'to choose|^  [0-9]\\)'",
                "Red to choose: choose a gem from table\n"
                "  1) Ruby\n"
                "  2) Pearl\n"
                "  3) Opal\n"
                "  4) Jet\n"
                "Red to choose: Red: gain coins or keep 4?\n"
                "  1) gain 2 coins\n"
                "  2) keep 4 coins (rich: false)\n"
                "Red to choose: Red (Red) has 4 coins\n"
                "  1) take Pearl (silver, worth 3)\n"
                "  2) take Opal (gold, worth 2)\n"
                "  3) take Jet (silver, worth 1)\n"
                "  4) pass with 0 points\n"
                "Red to choose: Red (Red) has 2 coins\n"
                "  1) take Jet (silver, worth 1)\n"
                "  2) pass with 2 points\n"
                "Red to choose: choose a gem from table\n"
                "  1) Ruby\n"
                "  2) Jet\n");
}

/* Players knocked out never get a turn: the turn loop passes over them
   (seed 2: Player 3 is out, then round 2 goes 1, 2, 4), and a round that
   starts at a player who is out starts at the next one in (seed 5: Player
   1 is out, round 2 starts at Player 2). The game itself fails if an out
   player takes a turn, so 1,000 games without an error prove it too. */
Test(players_out, an_eliminated_player_never_gets_a_turn)
{
    game_expect("knockout", "knockout",
                "for s in 2 5; do $e log --seed $s | grep -E '^(round|turn|out|win|Player)'; done && "
                SIM_1000,
                "round 1\nturn Player 1\nturn Player 2\nturn Player 3\nturn Player 4\n"
                "turn Player 1\nturn Player 2\n"
                "out Player 3\nPlayer 3 is out; 3 left, Player 4 plays next\n"
                "round 2\nturn Player 1\nturn Player 2\nturn Player 4\n"
                "out Player 1\nPlayer 1 is out; 2 left, Player 2 plays next\n"
                "round 3\nturn Player 2\n"
                "out Player 4\nPlayer 4 is out; 1 left, Player 2 plays next\n"
                "win Player 2\n"
                "round 1\nturn Player 1\nturn Player 2\nturn Player 3\nturn Player 4\n"
                "turn Player 1\nturn Player 2\n"
                "out Player 1\nPlayer 1 is out; 3 left, Player 3 plays next\n"
                "round 2\nturn Player 2\n"
                "out Player 4\nPlayer 4 is out; 2 left, Player 3 plays next\n"
                "round 3\nturn Player 2\nturn Player 3\nturn Player 2\n"
                "out Player 3\nPlayer 3 is out; 1 left, Player 2 plays next\n"
                "win Player 2\n"
                "errors: 0\n");
}

/* The last player in cannot go out: the game must end instead. */
Test(players_out, eliminating_the_last_player_in_is_a_runtime_error)
{
    RunResult r = run_cmd("d=$(mktemp -d) && printf 'game t {\\n  players 2\\n}\\nround {\\n"
                          "  eliminate me\\n  log \"{me.out} {next(me)}\"\\n  eliminate next(me)\\n  win me\\n}\\n' "
                          "> $d/t.cards && " TEST_BUILD_DIR "/san/cardc c $d/t.cards -o $d && "
                          "cc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pedantic -Werror -Iruntime "
                          "-DCARDRT_ENGINE_MAIN -o $d/e $d/t.c " TEST_BUILD_DIR "/libcardlab.a "
                          TEST_BUILD_DIR "/libcardrt.a -lm -pthread $(pkg-config --libs cairo) && "
                          "$d/e log --seed 1 | sed \"s|$d/||\"; rm -rf $d");
    cr_expect_str_eq(r.out, "round 1\nout Player 1\ntrue Player 2\n"
                            "error t.cards:7:3: eliminate: Player 2 is the last player in (end the game instead)\n",
                     "%s", r.err);
    run_free(&r);
}

/* A team's win is a win of every member: seats 1 and 3 (North) win
   together, and the side's rate counts each member's win. */
Test(teams, a_team_win_counts_for_every_member)
{
    game_expect("duo", "duo",
                "$e log --seed 1 | tail -n 6 && " SIM_1000 " && "
                "$e sim --games 1000 --seed 7 --json | grep -o '\"seat_wins\":\\[[0-9,]*\\]'",
                "round 3\n"
                "choose Player 1: one point\n"
                "set points(Player 1) 3 -> 4\n"
                "North has 7\n"
                "win Player 1\n"
                "win Player 3\n"
                "errors: 0\n"
                "\"seat_wins\":[680,320,680,320]\n");
}

/* A choice's where is tested for every item each time the choice is
   offered, against the state of that moment: after each pick raises the
   total, the next offer holds only the chips worth more (5, then 4, then
   1 option); the prompt's hole shows the total of the moment. */
Test(where, a_choices_where_is_tested_at_each_offer_against_the_live_state)
{
    game_expect("where_choose", "wherechoose",
                "$e log --seed 3 | sed -n '6,$p' && $e log --seed 3 --json | grep '\"choice\"' | "
                "grep -o '\"options\":[0-9]*,.*\"prompt\":\"[^\"]*\"' && " SIM_1000,
                "round 1\n"
                "choose Player 1: One\n"
                "set total 0 -> 1\n"
                "One: total 1, 4 chips worth more\n"
                "choose Player 1: Three\n"
                "set total 1 -> 4\n"
                "Three: total 4, 1 chips worth more\n"
                "choose Player 1: Five (forced)\n"
                "set total 4 -> 9\n"
                "Five: total 9, 0 chips worth more\n"
                "win Player 1\n"
                "\"options\":5,\"forced\":false,\"hidden\":false,\"prompt\":\"a chip worth more than 0\"\n"
                "\"options\":4,\"forced\":false,\"hidden\":false,\"prompt\":\"a chip worth more than 1\"\n"
                "\"options\":1,\"forced\":true,\"hidden\":false,\"prompt\":\"a chip worth more than 4\"\n"
                "errors: 0\n");
}

/* The reserved words docs/language.md lists are exactly the scanner's
   keywords; each is refused as a name, and the contextual words the page
   names are names everywhere else. */
Test(reserved, the_listed_reserved_words_are_the_keywords_and_refused_as_names)
{
    RunResult r = run_cmd(
        "listed=$(awk '/^Keywords: /{f=1} f{print} f&&/`\\.$/{exit}' docs/language.md | sed 's/Keywords://' | "
        "tr -d '`.' | tr -s ' ' '\\n' | grep -v '^$' | sort) && "
        "lexed=$(grep -oE '^\"[a-z_]+\"' dsl/lexer.l | tr -d '\"' | sort) && "
        "[ \"$listed\" = \"$lexed\" ] && echo same && d=$(mktemp -d) && n=0 && "
        "for w in $listed; do printf 'game t {\\n  players 2\\n}\\nvar %s : int\\nround { win me }\\n' $w > $d/t.cards; "
        TEST_BUILD_DIR "/san/cardc check $d/t.cards 2>&1 | grep -q \"'$w' is a reserved word\" && n=$((n+1)); done; "
        "echo $n reserved; for w in a row at board faces wild prompt teams layout; do "
        "printf 'game t {\\n  players 2\\n}\\nvar %s : int\\nround { %s = 1\\n  win me\\n}\\n' $w $w > $d/t.cards; "
        TEST_BUILD_DIR "/san/cardc check $d/t.cards || echo \"$w refused\"; done; "
        "echo $(echo \"$listed\" | wc -l) listed; rm -rf $d");
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, "same\n91 reserved\n91 listed\n", "%s", r.err);
    run_free(&r);
}

/* A string in a hole of a text is a string of the hole's expression (the
   text goes on after it): a log line, a prompt, option and action labels
   show it, its braces ({ok}), its own escapes (a "red" glow, ("cheap"))
   and the text's; the JSON log has the labels and prompts as formatted. */
Test(prompts, strings_in_holes_show_in_the_log_labels_and_prompts)
{
    game_expect("hole_strings", "hole_strings",
                "$e log --seed 1 | sed -n '3,8p' && $e log --seed 1 --json | grep '\"choice\"' | head -n 2 && " SIM_1000,
                "round 1\n"
                "Ruby is dear (a \"red\" glow, plain: \"false\") {ok}\n"
                "Jet is cheap (plain, plain: \"true\") {ok}\n"
                "choose Red: keep all three\n"
                "turn Red\n"
                "choose Red: take Jet (\"cheap\")\n"
                "{\"type\":\"choice\",\"round\":1,\"player\":0,\"option\":1,\"options\":2,\"forced\":false,"
                "\"hidden\":false,\"prompt\":\"Red: spend?\",\"label\":\"keep all three\"}\n"
                "{\"type\":\"choice\",\"round\":1,\"player\":0,\"option\":0,\"options\":2,\"forced\":false,"
                "\"hidden\":false,\"prompt\":\"Red {takes}\",\"label\":\"take Jet (\\\"cheap\\\")\"}\n"
                "errors: 0\n");
}

/* The YAML form writes a text's holes as they are (their strings not
   escaped as the text's), so it reads back to the same C (but for the
   source named in the banner and the columns of the sites). */
Test(prompts, the_yaml_form_keeps_strings_in_holes)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/san/cardc yaml tests/lang/games/hole_strings -o $d/y && "
                          "grep -c -F 'action \"take {c} {if c.worth > 1 then \"(dear)\" else \"(\\\"cheap\\\")\"}\"' $d/y/game.yaml && "
                          TEST_BUILD_DIR "/san/cardc c $d/y -o $d/a && " TEST_BUILD_DIR "/san/cardc c tests/lang/games/hole_strings -o $d/b && "
                          "sed 2d $d/a/hole_strings.c | grep -v 'game.cards:[0-9]*:[0-9]* [*]/$' > $d/a.c && "
                          "sed 2d $d/b/hole_strings.c | grep -v 'game.cards:[0-9]*:[0-9]* [*]/$' > $d/b.c && "
                          "cmp $d/a.c $d/b.c && echo same; s=$?; rm -rf $d; exit $s");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, "1\nsame\n");
    run_free(&r);
}

/* A replay of a log with formatted labels regenerates the same log. */
Test(prompts, a_replay_verifies_the_formatted_labels)
{
    RunResult r = game_run("prompts", "prompts", "$e log --seed 4 --json > $d/r.jsonl && $e replay $d/r.jsonl >/dev/null");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.err, "18 lines verified") != NULL, "%s", r.err);
    run_free(&r);
}

/* `teams` survives the YAML form: exported as `teams: true`, read back
   to the same C (but for the source named in the banner and the columns
   of the sites, which the YAML form does not keep). */
Test(teams, the_yaml_form_keeps_teams)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/san/cardc yaml tests/lang/games/duo -o $d/y && "
                          "grep -c '^    teams: true$' $d/y/game.yaml && "
                          TEST_BUILD_DIR "/san/cardc c $d/y -o $d/a && " TEST_BUILD_DIR "/san/cardc c tests/lang/games/duo -o $d/b && "
                          "sed 2d $d/a/duo.c | grep -v 'game.cards:[0-9]*:[0-9]* [*]/$' > $d/a.c && "
                          "sed 2d $d/b/duo.c | grep -v 'game.cards:[0-9]*:[0-9]* [*]/$' > $d/b.c && "
                          "cmp $d/a.c $d/b.c && echo same; s=$?; rm -rf $d; exit $s");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.out, "1\nsame\n");
    run_free(&r);
}

/* `turns ... until all pass`: a player who passes takes no more turns in
   the loop, one knocked out takes none, and the loop ends when every
   player in has passed (seed 2: Players 2 and 4 pass, then only 1 and 3
   play; Player 4 is knocked out after passing; Player 3 plays on alone).
   An action's `for p in players` and `for n in 1..3` give the item chosen
   (`hit Player 3` lowers Player 3's health, `take 2` adds 2). The game
   fails if a passed or out player takes a turn, so 1,000 games without an
   error prove it too. */
Test(players_out, a_player_who_passed_gets_no_more_turns)
{
    game_expect("passing", "passing",
                "$e log --seed 2 | grep -E '^(round|turn|out|win)|: pass|hits|takes|^set (coins|health)' && "
                SIM_1000,
                "round 1\nturn Player 1\nset health(Player 3) 4 -> 3\nPlayer 1 hits Player 3, who has 3\n"
                "turn Player 2\nchoose Player 2: pass\n"
                "turn Player 3\nset coins(Player 3) 0 -> 2\nPlayer 3 takes 2\n"
                "turn Player 4\nchoose Player 4: pass\n"
                "turn Player 1\nset coins(Player 1) 0 -> 3\nPlayer 1 takes 3\n"
                "turn Player 3\nset coins(Player 3) 2 -> 3\nPlayer 3 takes 1\n"
                "turn Player 1\nset health(Player 4) 4 -> 3\nPlayer 1 hits Player 4, who has 3\n"
                "turn Player 3\nset health(Player 1) 4 -> 3\nPlayer 3 hits Player 1, who has 3\n"
                "turn Player 1\nset health(Player 2) 4 -> 3\nPlayer 1 hits Player 2, who has 3\n"
                "turn Player 3\nset coins(Player 3) 3 -> 4\nPlayer 3 takes 1\n"
                "turn Player 1\nset health(Player 4) 3 -> 2\nPlayer 1 hits Player 4, who has 2\n"
                "turn Player 3\nset coins(Player 3) 4 -> 6\nPlayer 3 takes 2\n"
                "turn Player 1\nset health(Player 2) 3 -> 2\nPlayer 1 hits Player 2, who has 2\n"
                "turn Player 3\nset health(Player 2) 2 -> 1\nPlayer 3 hits Player 2, who has 1\n"
                "turn Player 1\nset coins(Player 1) 3 -> 4\nPlayer 1 takes 1\n"
                "turn Player 3\nset health(Player 4) 2 -> 1\nPlayer 3 hits Player 4, who has 1\n"
                "turn Player 1\nset coins(Player 1) 4 -> 5\nPlayer 1 takes 1\n"
                "turn Player 3\nset health(Player 4) 1 -> 0\nPlayer 3 hits Player 4, who has 0\nout Player 4\n"
                "turn Player 1\nchoose Player 1: pass\n"
                "turn Player 3\nset health(Player 1) 3 -> 2\nPlayer 3 hits Player 1, who has 2\n"
                "turn Player 3\nset health(Player 1) 2 -> 1\nPlayer 3 hits Player 1, who has 1\n"
                "turn Player 3\nset health(Player 2) 1 -> 0\nPlayer 3 hits Player 2, who has 0\nout Player 2\n"
                "turn Player 3\nset health(Player 1) 1 -> 0\nPlayer 3 hits Player 1, who has 0\nout Player 1\n"
                "turn Player 3\nchoose Player 3: pass (forced)\nwin Player 3\n"
                "errors: 0\n");
}
