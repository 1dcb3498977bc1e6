/* csv_test.c: CSV card tables: quotes, commas and newlines inside quotes,
   UTF-8, the count column, abilities as scripts; each error at its row and
   column. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/san/cardc"

Test(csv, cells_are_read_as_written)
{
    RunResult r = run_cmd(CARDC " json tests/csv/good/mini | python3 -c 'import json,sys; d=json.load(sys.stdin); "
                                "print(json.dumps(d[\"cards\"], ensure_ascii=False))'");
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *want = read_file("tests/csv/good/mini.expected.json");
    cr_assert_not_null(want);
    cr_expect_str_eq(r.out, want);
    free(want);
    run_free(&r);
}

Test(csv, a_game_with_a_csv_table_checks)
{
    RunResult r = run_cmd(CARDC " check tests/csv/good/mini");
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.err, "");
    run_free(&r);
}

Test(csv, every_bad_table_gives_its_exact_diagnostic)
{
    DIR *d = opendir("tests/csv/bad");
    cr_assert_not_null(d);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strstr(e->d_name, ".expected"))
            continue;
        char cmd[600], exp[600];
        snprintf(cmd, sizeof cmd, "%s check tests/csv/bad/%s", CARDC, e->d_name);
        snprintf(exp, sizeof exp, "tests/csv/bad/%s.expected", e->d_name);
        RunResult r = run_cmd(cmd);
        char *want = read_file(exp);
        cr_assert_not_null(want, "missing %s", exp);
        cr_expect_eq(r.status, 1, "%s", e->d_name);
        cr_expect_str_eq(r.err, want, "%s", e->d_name);
        free(want);
        run_free(&r);
        n++;
    }
    closedir(d);
    cr_expect_geq(n, 6);
}

/* A table of 50,000 cards checks (the checker is linear in the cards;
   before, it took minutes). Its cards are all in the JSON export. */
Test(csv, a_table_of_50000_cards_checks)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); python3 tests/csv/big_table.py $t 50000; " CARDC " check $t; "
                          CARDC " json $t | grep -c '\"name\": \"Card ' ; rm -rf $t");
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.err, "");
    cr_expect_str_eq(r.out, "50000\n");
    run_free(&r);
}

/* The CSV game exports to YAML and back to the same C (but the site
   table's columns, which the export does not record). */
Test(csv, yaml_export_of_a_csv_game_is_equivalent)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); mkdir $t/y $t/a $t/b; " CARDC " yaml tests/csv/good/mini -o $t/y; "
                          CARDC " c tests/csv/good/mini -o $t/a; " CARDC " c $t/y -o $t/b; "
                          "sh tests/common/same_c.sh $t/a/mini.c $t/b/mini.c; cmp $t/a/mini.h $t/b/mini.h; rm -rf $t");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    run_free(&r);
}
