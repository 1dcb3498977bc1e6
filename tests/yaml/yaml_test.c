/* yaml_test.c: the YAML front end and the exports: every bad-input fixture
   gives its exact diagnostic; every game's YAML export compiles to
   byte-identical C; the JSON export is valid JSON listing every card. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/san/cardc"

/* Run `cardc check` on every entry of dir whose name ends in ext and
   compare stderr with the .expected beside it. Returns how many ran. */
static int check_fixtures(const char *dir, const char *ext)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "cannot open %s", dir);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name), el = strlen(ext);
        if (e->d_name[0] == '.' || len <= el || strcmp(e->d_name + len - el, ext) != 0)
            continue;
        char path[512], exp[512], cmd[1100];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        snprintf(exp, sizeof exp, "%s/%.*s.expected", dir, (int)(len - el), e->d_name);
        snprintf(cmd, sizeof cmd, "%s check %s", CARDC, path);
        RunResult r = run_cmd(cmd);
        char *want = read_file(exp);
        cr_assert_not_null(want, "missing %s", exp);
        cr_expect_eq(r.status, 1, "%s: exit status %d", path, r.status);
        cr_expect_str_eq(r.err, want, "%s: stderr differs from %s", path, exp);
        free(want);
        run_free(&r);
        n++;
    }
    closedir(d);
    return n;
}

Test(bad_yaml, every_fixture_gives_its_exact_diagnostic)
{
    cr_assert_geq(check_fixtures("tests/yaml/bad", ".yaml"), 23);
}

Test(bad_yaml, alias_bomb_is_bounded)
{
    RunResult r = run_cmd(CARDC " check tests/yaml/bad/alias_bomb.yaml");
    cr_expect_eq(r.status, 1);
    cr_expect(strstr(r.err, "alias expansion exceeds 100000 nodes") != NULL, "%s", r.err);
    run_free(&r);
}

/* 20,000 anchors load (each is found in O(1); before, every alias scanned
   every anchor), and an alias names the latest anchor of its name. */
Test(bad_yaml, twenty_thousand_anchors_load)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); " CARDC " yaml tests/cardc/good/mini -o $t; "
                          "python3 tests/yaml/anchors_game.py $t/mini.yaml $t/a.yaml 4000; grep -c '&' $t/a.yaml; "
                          CARDC " json $t/a.yaml | grep -E '\"(Extra 3999|Third)\"' | sed 's/, \"text.*//'; rm -rf $t");
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "20002\n"
                            "    {\"name\": \"Extra 3999\", \"kind\": \"token\", \"copies\": 1, \"variant\": null, "
                            "\"fields\": {\"side\": \"blue\", \"value\": 5, \"bonus\": 4\n"
                            "    {\"name\": \"Third\", \"kind\": \"token\", \"copies\": 1, \"variant\": null, "
                            "\"fields\": {\"side\": \"red\", \"value\": 2, \"bonus\": 2\n");
    run_free(&r);
}

/* For every game folder in cards/: yaml export, then c on it, equals c on
   the original (but the site table's columns: tests/common/same_c.sh). */
Test(equivalence, yaml_export_compiles_to_identical_c_for_every_game)
{
    DIR *d = opendir("cards");
    cr_assert_not_null(d);
    struct dirent *e;
    int games = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char cmd[2048];
        snprintf(cmd, sizeof cmd,
                 "set -e; t=$(mktemp -d); mkdir $t/y $t/a $t/b; "
                 "%s yaml cards/%s -o $t/y; %s c cards/%s -o $t/a; %s c $t/y -o $t/b; "
                 "for f in $t/a/*; do sh tests/common/same_c.sh $f $t/b/$(basename $f); done; "
                 "test \"$(ls $t/a | wc -l)\" = 2; rm -rf $t",
                 CARDC, e->d_name, CARDC, e->d_name, CARDC);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 0, "game %s: %s%s", e->d_name, r.out, r.err);
        run_free(&r);
        games++;
    }
    closedir(d);
    cr_assert_geq(games, 1);
}

/* For every test game of tests/lang/games: the YAML export compiles to
   the same C (side indices included: `index: [side]`, which was written
   "0..0" and failed cardc check); the one game with a CSV edge list is
   refused with the documented error and no export written. */
Test(equivalence, every_language_test_game_round_trips_through_yaml)
{
    DIR *d = opendir("tests/lang/games");
    cr_assert_not_null(d);
    struct dirent *e;
    int games = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char cmd[2048];
        if (strcmp(e->d_name, "graph_csv") == 0)
            snprintf(cmd, sizeof cmd,
                     "t=$(mktemp -d); %s yaml tests/lang/games/%s -o $t/y 2>$t/err; s=$?; test $s = 1 && grep -qF "
                     "\"error: cannot write a 'adjacency' declaration to YAML yet (docs/formats.md lists what can be)\" "
                     "$t/err && test ! -e $t/y; s=$?; rm -rf $t; exit $s",
                     CARDC, e->d_name);
        else
            snprintf(cmd, sizeof cmd,
                     "set -e; t=$(mktemp -d); mkdir $t/a $t/b; "
                     "%s yaml tests/lang/games/%s -o $t/y; %s c tests/lang/games/%s -o $t/a; %s c $t/y -o $t/b; "
                     "for f in $t/a/*; do sh tests/common/same_c.sh $f $t/b/$(basename $f); done; "
                     "test \"$(ls $t/a | wc -l)\" = 2; rm -rf $t",
                     CARDC, e->d_name, CARDC, e->d_name, CARDC);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 0, "game %s: %s%s", e->d_name, r.out, r.err);
        run_free(&r);
        games++;
    }
    closedir(d);
    cr_assert_geq(games, 30);
}

/* For every game: the YAML export of a YAML export is the same text (provenance survives). */
Test(equivalence, yaml_export_is_stable)
{
    DIR *d = opendir("cards");
    cr_assert_not_null(d);
    struct dirent *e;
    int games = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char cmd[1024];
        snprintf(cmd, sizeof cmd,
                 "set -e; t=$(mktemp -d); mkdir $t/1 $t/2; %s yaml cards/%s -o $t/1; %s yaml $t/1 -o $t/2; "
                 "diff -r $t/1 $t/2; rm -rf $t",
                 CARDC, e->d_name, CARDC);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 0, "game %s: %s%s", e->d_name, r.out, r.err);
        run_free(&r);
        games++;
    }
    closedir(d);
    cr_assert_geq(games, 1);
}

/* The YAML-only game tests/yaml/good/tiles uses every form that came with
   enums, dice, boards and procedures: it checks clean, and its export (with
   every one of those forms) compiles to the same C and exports again to the
   same text. */
Test(yaml_game, tiles_checks_clean_and_its_export_compiles_to_identical_c)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); mkdir $t/y $t/z $t/a $t/b; " CARDC " check tests/yaml/good/tiles; " CARDC
                          " yaml tests/yaml/good/tiles -o $t/y; " CARDC " c tests/yaml/good/tiles -o $t/a; " CARDC
                          " c $t/y -o $t/b; for f in $t/a/*; do sh tests/common/same_c.sh $f $t/b/$(basename $f); done; "
                          "test \"$(ls $t/a | wc -l)\" = 2; " CARDC " yaml $t/y -o $t/z; diff -r $t/y $t/z; "
                          "cat $t/y/game.yaml; rm -rf $t");
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    static const char *const forms[] = {
        "\n  - enum: color\n    values: [red, blue, gold]\n",
        "\n    faces: [red, red, blue, gold]\n    wild: [gold]\n",
        "\n  - board: north\n    title: \"The north side\"\n    of: tile\n    rows:\n",
        "\n      - {symbols: [red, blue], values: {points: 2}, origin: ",
        "\n  - procedure: cover\n    params: {p: player, f: color}\n    script: |-\n",
        "      seen: \"state keep color = red\"\n",
        "\n    private: true\n",
        "\n        roll tray\n",
        "{ cover(p, d.face) }",
        "matches(f, t.symbol)",
        "\n    - remove_board: south\n",
        "\n  - layout: tile\n    items:\n      - size square\n      - background \"#f4efe4\"\n",
        "\n      - frame \"#444\" 1.5\n      - box name at 5, 5 size 60 x 10",
        "\n      - back:\n          - background \"#333\"\n",
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        cr_expect(strstr(r.out, forms[i]) != NULL, "the export lacks <%s>:\n%s", forms[i], r.out);
    run_free(&r);
}

/* A diagnostic of the checker about a YAML-only construct points into the YAML list. */
Test(yaml_front_end, an_unknown_face_points_at_its_list_item)
{
    RunResult r = run_cmd(CARDC " check tests/yaml/bad/unknown_face.yaml");
    cr_expect(strstr(r.err, "unknown_face.yaml:8:18: error: unknown face 'bleu'") != NULL, "%s", r.err);
    run_free(&r);
}

Test(json, export_is_valid_json_and_lists_every_card)
{
    RunResult r = run_cmd(CARDC " json cards/evr | python3 -c 'import json,sys; d=json.load(sys.stdin); "
                                "print(len(d[\"cards\"])); [print(c[\"name\"]) for c in d[\"cards\"]]'");
    cr_assert_eq(r.status, 0, "%s", r.err);
    /* every `card KIND "Name"` of the .cards sources and every row of the .csv tables appears */
    RunResult names = run_cmd("cat cards/evr/*.cards | sed -n 's/^ *card [a-z_]* \"\\([^\"]*\\)\".*/\\1/p'; "
                              "for f in cards/evr/*.csv; do [ -e \"$f\" ] && python3 -c 'import csv,sys; "
                              "[print(r[\"name\"]) for r in csv.DictReader(open(sys.argv[1]))]' \"$f\"; done; true");
    int n = 0;
    for (char *line = strtok(names.out, "\n"); line; line = strtok(NULL, "\n"), n++) {
        char want[300];
        snprintf(want, sizeof want, "\n%s\n", line);
        cr_expect(strstr(r.out, want) != NULL, "card '%s' missing from the JSON", line);
    }
    cr_expect_geq(n, 60);
    run_free(&names);
    run_free(&r);
}

Test(yaml_front_end, a_script_error_points_into_the_yaml_block)
{
    RunResult r = run_cmd(CARDC " check tests/yaml/bad/script_error.yaml");
    cr_expect(strstr(r.err, "script_error.yaml:4:24: error:") != NULL, "%s", r.err);
    run_free(&r);
}

/* Arrays (`index: [...]`), dice of numbers and of faces of several
   symbols (`faces: [1, 2]`, `"hit x2"`, `"crit + hit"`) and dice with
   states (`fields: {held: "state bool = false"}`): the YAML export
   of each test game compiles to the same C as the game (but the site
   table's columns), and its export is stable. */
Test(equivalence, arrays_and_dice_survive_the_yaml_export)
{
    static const char *const games[] = {"tracks", "dicepool", "array_range", "held_dice"};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char cmd[2048];
        snprintf(cmd, sizeof cmd,
                 "set -e; t=$(mktemp -d); mkdir $t/y $t/z $t/a $t/b; g=tests/lang/games/%s; "
                 "%s yaml $g -o $t/y; %s yaml $t/y -o $t/z; diff -r $t/y $t/z; "
                 "grep -q 'index: \\|faces: ' $t/y/*.yaml; %s c $g -o $t/a; %s c $t/y -o $t/b; "
                 "for f in $t/a/*; do sh tests/common/same_c.sh $f $t/b/$(basename $f); done; rm -rf $t",
                 games[i], CARDC, CARDC, CARDC, CARDC);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 0, "game %s: %s%s", games[i], r.out, r.err);
        run_free(&r);
    }
}

/* `for up to` and `move up to` (a `for up to` whose body is the move), a
   variant's `set card` (`set_card` in YAML, with the card's kind and its
   new values), a family of variants (`for` and `in`) and a choice's
   `label` survive the YAML
   export: the same C (but the site table's columns), and a stable export
   that writes each (counted by grep). */
Test(equivalence, up_to_and_set_card_survive_the_yaml_export)
{
    static const struct { const char *game, *written; const char *count; } cases[] = {
        {"up_to", "for up to", "8\n"},
        {"variant_cards", "set_card: ", "3\n"},
        {"variant_family", "^ *in: ", "2\n"},
        {"choice_labels", " label \"", "6\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char cmd[2048];
        snprintf(cmd, sizeof cmd,
                 "set -e; t=$(mktemp -d); mkdir $t/y $t/z $t/a $t/b; g=tests/lang/games/%s; "
                 "%s yaml $g -o $t/y; %s yaml $t/y -o $t/z; diff -r $t/y $t/z; grep -c '%s' $t/y/game.yaml; "
                 "%s c $g -o $t/a; %s c $t/y -o $t/b; "
                 "for f in $t/a/*; do sh tests/common/same_c.sh $f $t/b/$(basename $f); done; rm -rf $t",
                 cases[i].game, CARDC, CARDC, cases[i].written, CARDC, CARDC);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 0, "game %s: %s%s", cases[i].game, r.out, r.err);
        cr_expect_str_eq(r.out, cases[i].count, "game %s", cases[i].game);
        run_free(&r);
    }
}

/* The YAML forms of indices and faces are checked as the .cards ones. */
Test(yaml_errors, a_bad_index_or_face_is_reported_at_its_item)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); printf '%s' '"
                          "declarations:\n"
                          "  - game: t\n"
                          "    players: 2\n"
                          "  - enum: symbol\n"
                          "    values: [hit, blank]\n"
                          "  - counter: track\n"
                          "    index: [player, \"column: 5..x\"]\n"
                          "  - die: red\n"
                          "    faces: [\"hit x2 + 3\", blank]\n"
                          "  - round: win me\n"
                          "' > $t/g.yaml; " CARDC " check $t/g.yaml 2>&1 | sed \"s|$t/||\"; rm -rf $t");
    cr_expect_str_eq(r.out, "g.yaml:7:21: error: a range of indices is written 'A..B' with two integers, not "
                            "'column: 5..x'\n"
                            "      index: [player, \"column: 5..x\"]\n"
                            "                      ^\n"
                            "g.yaml:9:13: error: a face is a number or symbols joined by '+' (each maybe 'xN'), not "
                            "'hit x2 + 3'\n"
                            "      faces: [\"hit x2 + 3\", blank]\n"
                            "              ^\n"
                            "2 errors\n");
    run_free(&r);
}

/* A function whose result is an enum keeps its type in the YAML export
   (`type: colour`), and the export compiles to the same C. */
Test(equivalence, a_function_returning_an_enum_survives_the_yaml_export)
{
    RunResult r = run_cmd(
        "set -e; t=$(mktemp -d); mkdir $t/g $t/y $t/a $t/b; "
        "printf 'game swap \"Swap\" { players 2 }\\nenum colour { red, blue }\\nvar c : colour = red\\n"
        "function other(x: colour) : colour = if x == red then blue else red\\n"
        "round { c = other(c)\\n if c == red { win me } }\\n' > $t/g/swap.cards; "
        CARDC " yaml $t/g -o $t/y; grep -q '^    type: colour$' $t/y/swap.yaml; "
        CARDC " c $t/g -o $t/a; " CARDC " c $t/y -o $t/b; "
        "for f in $t/a/*; do sh tests/common/same_c.sh $f $t/b/$(basename $f); done; rm -rf $t");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    run_free(&r);
}

/* A family of variants in YAML: `for` and `in` go together, `in` is a
   range of integers, and only the family's variable stands for an int. */
Test(yaml_errors, a_family_of_variants_has_for_and_a_range_in)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); printf '%s' '"
                          "declarations:\n"
                          "  - game: t\n"
                          "    players: 2\n"
                          "  - kind: chip\n"
                          "    fields: {value: int}\n"
                          "  - card: Low\n"
                          "    kind: chip\n"
                          "    values: {value: 1}\n"
                          "  - round: win me\n"
                          "  - variant: a\n"
                          "    of: t\n"
                          "    for: v\n"
                          "  - variant: b\n"
                          "    of: t\n"
                          "    for: v\n"
                          "    in: 1..x\n"
                          "  - variant: c\n"
                          "    of: t\n"
                          "    for: v\n"
                          "    in: 1..3\n"
                          "    items:\n"
                          "      - set_card: Low\n"
                          "        kind: chip\n"
                          "        values: {value: w}\n"
                          "' > $t/g.yaml; " CARDC " check $t/g.yaml 2>&1 | grep -v '^ ' | sed \"s|$t/||\"; rm -rf $t");
    cr_expect_str_eq(r.out, "g.yaml:12:10: error: a family of variants has both 'for' (its variable) and 'in' (A..B)\n"
                            "g.yaml:16:9: error: 'in' of a family of variants must be a range of integers A..B, not "
                            "'1..x'\n"
                            "g.yaml:24:25: error: field 'value' is an int: 'w' is not an integer\n"
                            "3 errors\n");
    run_free(&r);
}
