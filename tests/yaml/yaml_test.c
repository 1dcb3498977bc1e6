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
    cr_assert_geq(check_fixtures("tests/yaml/bad", ".yaml"), 11);
}

Test(bad_yaml, alias_bomb_is_bounded)
{
    RunResult r = run_cmd(CARDC " check tests/yaml/bad/alias_bomb.yaml");
    cr_expect_eq(r.status, 1);
    cr_expect(strstr(r.err, "alias expansion exceeds 100000 nodes") != NULL, "%s", r.err);
    run_free(&r);
}

/* For every game folder in cards/: yaml export, then c on it, equals c on the original. */
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
                 "for f in $t/a/*; do cmp $f $t/b/$(basename $f); done; "
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

/* The YAML export of a YAML export is the same text (provenance survives). */
Test(equivalence, yaml_export_is_stable)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); mkdir $t/1 $t/2; " CARDC " yaml cards/evr -o $t/1; " CARDC
                          " yaml $t/1 -o $t/2; diff -r $t/1 $t/2; rm -rf $t");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
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
