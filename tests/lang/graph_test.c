/* graph_test.c: maps (docs/language.md "Maps"): a probe that walks only
   along the edges of a small hand-computed map, the graph builtins'
   results against that map, the same map with its edges from a CSV edge
   list and written in YAML, the builtins' runtime errors at their calls,
   and units in bulk on the spaces. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "lang_game.h"

/* The map of tests/lang/games/graph: Coruscant - Alderaan, Coruscant -
   Tatooine, Alderaan - Hoth, Tatooine - Hoth, Tatooine - Dagobah; Endor
   alone. Hoth has the fewest resources (0), Tatooine 3. */
Test(graph, builtins_match_the_hand_computed_map_and_the_probe_walks_along_edges)
{
    /* each step is checked by the game itself (1 / 0 when not adjacent):
       1,000 games without an error are 1,000 walks along edges */
    game_expect("graph", "graph", "$e log --seed 1 | sed -n '7,38p' && " SIM_1000,
                "Coruscant (core): 2 neighbours, 3 within 1, 5 within 2\n"
                "Alderaan (core): 2 neighbours, 3 within 1, 4 within 2\n"
                "Tatooine (rim): 3 neighbours, 4 within 1, 5 within 2\n"
                "Hoth (rim): 2 neighbours, 3 within 1, 5 within 2\n"
                "Dagobah (rim): 1 neighbours, 2 within 1, 4 within 2\n"
                "Endor (rim): 0 neighbours, 1 within 1, 1 within 2\n"
                "distance Hoth to Coruscant: 2; around Tatooine: true, around Alderaan: true\n"
                "distance Hoth to Alderaan: 1; around Tatooine: true, around Alderaan: false\n"
                "distance Hoth to Tatooine: 1; around Tatooine: false, around Alderaan: true\n"
                "distance Hoth to Hoth: 0; around Tatooine: true, around Alderaan: true\n"
                "distance Hoth to Dagobah: 2; around Tatooine: false, around Alderaan: true\n"
                "no path from Hoth to Endor\n"
                "within 1 of Hoth: Hoth\n"
                "within 1 of Hoth: Alderaan\n"
                "within 1 of Hoth: Tatooine\n"
                "richest within 2 of Hoth: Dagobah\n"
                "Alderaan next to Hoth: true\n"
                "choose Player 1: Dagobah\n"
                "set probe none -> \"Dagobah\"\n"
                "round 1\n"
                "choose Player 1: Tatooine (forced)\n"
                "set probe \"Dagobah\" -> \"Tatooine\"\n"
                "state \"Tatooine\" visited 0 -> 1\n"
                "set score(Player 1) 0 -> 3\n"
                "set steps 0 -> 1\n"
                "Player 1 moves the probe from Dagobah to Tatooine (distance 1; rich neighbours 1, best 4, all visited false)\n"
                "choose Player 2: Coruscant\n"
                "set probe \"Tatooine\" -> \"Coruscant\"\n"
                "state \"Coruscant\" visited 0 -> 1\n"
                "set score(Player 2) 0 -> 1\n"
                "set steps 1 -> 2\n"
                "Player 2 moves the probe from Tatooine to Coruscant (distance 1; rich neighbours 1, best 3, all visited false)\n"
                "errors: 0\n");
}

/* Without Tatooine (a variant removes its card), its edges are gone:
   Dagobah is cut off, Hoth reaches Coruscant only through Alderaan, and
   reachable's avoided spaces still line up with the spaces that remain. */
Test(graph, a_space_a_variant_removes_takes_its_edges_with_it)
{
    game_expect("graph", "graph", "$e log --variant no_tatooine --seed 1 | sed -n '1,20p'",
                "move \"Endor\" box -> sky\n"
                "move \"Dagobah\" box -> sky\n"
                "move \"Hoth\" box -> sky\n"
                "move \"Alderaan\" box -> sky\n"
                "move \"Coruscant\" box -> sky\n"
                "Coruscant (core): 1 neighbours, 2 within 1, 3 within 2\n"
                "Alderaan (core): 2 neighbours, 3 within 1, 3 within 2\n"
                "Hoth (rim): 1 neighbours, 2 within 1, 3 within 2\n"
                "Dagobah (rim): 0 neighbours, 1 within 1, 1 within 2\n"
                "Endor (rim): 0 neighbours, 1 within 1, 1 within 2\n"
                "distance Hoth to Coruscant: 2; around Tatooine: true, around Alderaan: false\n"
                "distance Hoth to Alderaan: 1; around Tatooine: true, around Alderaan: false\n"
                "distance Hoth to Hoth: 0; around Tatooine: true, around Alderaan: true\n"
                "no path from Hoth to Dagobah\n"
                "no path from Hoth to Endor\n"
                "within 1 of Hoth: Hoth\n"
                "within 1 of Hoth: Alderaan\n"
                "richest within 2 of Hoth: Alderaan\n"
                "Alderaan next to Hoth: true\n"
                "choose Player 1: Alderaan\n");
}

/* expect_same_map: the game of folder game (its id graph) logs and plays
   exactly like tests/lang/games/graph, whose log has line. */
static void expect_same_map(const char *game, const char *line)
{
    const char *cmd = "$e log --seed 1 && $e log --seed 5 && $e sim --games 200 --seed 3 | grep -v -i time";
    RunResult a = game_run("graph", "graph", cmd);
    RunResult b = game_run(game, "graph", cmd);
    cr_assert_eq(a.status, 0, "%s%s", a.out, a.err);
    cr_assert_eq(b.status, 0, "%s%s", b.out, b.err);
    cr_expect(strstr(a.out, line) != NULL, "%s", a.out);
    cr_expect_str_eq(b.out, a.out);
    run_free(&a);
    run_free(&b);
}

Test(graph, a_csv_edge_list_makes_the_same_map_as_the_cards_block)
{
    expect_same_map("graph_csv", "Tatooine (rim): 3 neighbours, 4 within 1, 5 within 2\n");
}

Test(graph, a_yaml_map_makes_the_same_map_as_the_cards_block)
{
    expect_same_map("graph_yaml", "Dagobah (rim): 1 neighbours, 2 within 1, 4 within 2\n");
}

Test(graph, no_path_and_no_space_are_runtime_errors_at_the_call)
{
    const char *src = "tests/lang/games/graph_errors/game.cards";
    char want[2048];
    snprintf(want, sizeof want,
             "move \"Gamma\" box -> sky\n"
             "move \"Beta\" box -> sky\n"
             "move \"Alpha\" box -> sky\n"
             "move \"Crate\" box -> hold\n"
             "from Beta to Gamma: 1; within 5 of Gamma: 1, of Beta: 2\n"
             "error %s:33:33: no path from \"Gamma\" to \"Beta\" on map galaxy\n"
             "move \"Crate\" box -> hold\n"
             "set probe none -> \"Crate\"\n"
             "error %s:42:17: \"Crate\" is not a system\n"
             "error %s:49:71: \"Nowhere\" is not a space of map galaxy\n",
             src, src, src);
    game_expect("graph_errors", "grapherr",
                "$e log --seed 1; $e log --seed 1 --variant crate; $e log --seed 1 --variant nowhere; true", want);
}

/* tests/lang/games/tokens: 292 units from four cards with copies, a zone
   per space, stacks of up to five moved along the edges one card at a
   time (each move logged), units counted by class and side; any, all,
   max, sum and argmax over sides, players, a zone, spaces, neighbours. */
Test(graph, units_in_bulk_sit_on_spaces_and_move_in_stacks)
{
    game_expect("tokens", "tokens",
                "$e log --seed 1 > $d/log && grep -c '^move \"TIE Fighter\" box -> units_coruscant$' $d/log && "
                "sed -n '/^round 1$/,/^round 2$/p' $d/log | grep '^move' && "
                "grep -v '^move' $d/log | sed -n '1,19p' && " SIM_1000,
                "120\n"
                "move \"X-wing\" units_hoth -> units_yavin\n"
                "move \"X-wing\" units_hoth -> units_yavin\n"
                "move \"X-wing\" units_hoth -> units_yavin\n"
                "move \"X-wing\" units_hoth -> units_yavin\n"
                "move \"X-wing\" units_hoth -> units_yavin\n"
                "move \"TIE Fighter\" units_coruscant -> units_kuat\n"
                "move \"TIE Fighter\" units_coruscant -> units_kuat\n"
                "move \"TIE Fighter\" units_coruscant -> units_kuat\n"
                "move \"TIE Fighter\" units_coruscant -> units_kuat\n"
                "move \"TIE Fighter\" units_coruscant -> units_kuat\n"
                "Coruscant: 132 units, 120 fighters, 12 imperial capital ships\n"
                "Kuat: 0 units, 0 fighters, 0 imperial capital ships\n"
                "Yavin: 0 units, 0 fighters, 0 imperial capital ships\n"
                "Hoth: 160 units, 100 fighters, 0 imperial capital ships\n"
                "every side holds a space: true; a player of the Empire: true; all of Hoth's units rebel: true; spaces next to an empty one: 2; strongest next to Kuat: Hoth; most units on a space: 160, total 292\n"
                "round 1\n"
                "choose Rebel Alliance: Hoth (forced)\n"
                "choose Rebel Alliance: Yavin\n"
                "Rebel Alliance moves 5 from Hoth to Yavin: 5 there, 155 left\n"
                "choose Galactic Empire: Coruscant (forced)\n"
                "choose Galactic Empire: Kuat\n"
                "Galactic Empire moves 5 from Coruscant to Kuat: 5 there, 127 left\n"
                "round 2\n"
                "choose Rebel Alliance: Yavin\n"
                "choose Rebel Alliance: Coruscant\n"
                "Rebel Alliance moves 5 from Yavin to Coruscant: 5 there, 0 left\n"
                "choose Galactic Empire: Kuat\n"
                "choose Galactic Empire: Hoth\n"
                "Galactic Empire moves 5 from Kuat to Hoth: 5 there, 0 left\n"
                "errors: 0\n");
}

/* A map, a zone per space and reachable's `avoiding` survive the YAML
   export: the export compiles to the same C (but the site table's
   columns, tests/common/same_c.sh), and exporting the export changes
   nothing. */
Test(graph, a_map_exported_to_yaml_compiles_to_the_same_c)
{
    const char *cardc = TEST_BUILD_DIR "/san/cardc";
    const char *games[] = { "tests/cardc/good/graph", "tests/lang/games/tokens", "tests/lang/games/graph_yaml" };
    for (int i = 0; i < 3; i++) {
        char cmd[2048];
        snprintf(cmd, sizeof cmd,
                 "set -e; t=$(mktemp -d); mkdir $t/y $t/z $t/a $t/b; "
                 "%s yaml %s -o $t/y; %s yaml $t/y -o $t/z; diff -r $t/y $t/z; "
                 "%s c %s -o $t/a; %s c $t/y -o $t/b; "
                 "for f in $t/a/*; do sh tests/common/same_c.sh $f $t/b/$(basename $f); done; "
                 "grep -c '^  - map: ' $t/y/*; rm -rf $t",
                 cardc, games[i], cardc, cardc, games[i], cardc);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 0, "%s: %s%s", games[i], r.out, r.err);
        cr_expect(strstr(r.out, "1\n") != NULL, "%s: no map in the export: %s", games[i], r.out);
        run_free(&r);
    }
}

/* Searches on a map the runtime keeps them for (100 spaces) and on one
   too large to keep (300), of the same shape: the same counts, distances
   and breadth-first order as a search by hand (a line of cells with a
   shortcut of ten from every fiftieth), and the same again when asked
   again in the rounds. */
Test(graph, kept_searches_give_what_a_search_gives_on_a_map_of_any_size)
{
    game_expect("big_map", "bigmap", "$e log --seed 1 | grep -v '^move\\|^set ' && " SIM_1000,
                "long 0: 9 within 3, 50 within 40, 245 to the last\n"
                "long 45: 7 within 3, 95 within 40, 209 to the last\n"
                "long 50: 12 within 3, 90 within 40, 204 to the last\n"
                "long 299: 4 within 3, 42 within 40, 0 to the last\n"
                "short 0: 9 within 3, 50 within 40, 81 to the last\n"
                "short 45: 7 within 3, 95 within 40, 45 to the last\n"
                "short 50: 12 within 3, 90 within 40, 40 to the last\n"
                "short 99: 4 within 3, 42 within 40, 0 to the last\n"
                "long within 2 of 50: 50\n"
                "long within 2 of 50: 49\n"
                "long within 2 of 50: 51\n"
                "long within 2 of 50: 60\n"
                "long within 2 of 50: 48\n"
                "long within 2 of 50: 52\n"
                "long within 2 of 50: 59\n"
                "long within 2 of 50: 61\n"
                "short within 2 of 50: 50\n"
                "short within 2 of 50: 49\n"
                "short within 2 of 50: 51\n"
                "short within 2 of 50: 60\n"
                "short within 2 of 50: 48\n"
                "short within 2 of 50: 52\n"
                "short within 2 of 50: 59\n"
                "short within 2 of 50: 61\n"
                "round 1\n"
                "round 1: short 8 within 2, 41 to the first\n"
                "round 1: long 8 within 2, 41 to the first\n"
                "round 2\n"
                "round 2: short 8 within 2, 41 to the first\n"
                "round 2: long 8 within 2, 41 to the first\n"
                "round 3\n"
                "round 3: short 8 within 2, 41 to the first\n"
                "round 3: long 8 within 2, 41 to the first\n"
                "round 4\n"
                "draw\n"
                "errors: 0\n");
}
