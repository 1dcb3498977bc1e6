/* cardc_test.c: the compiler as a user runs it: exact diagnostics for bad
   input, golden generated C, determinism, warning-free C under gcc and
   clang, escaping of hostile names, and no half-written output. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/san/cardc"

/* The names of the entries of dir ending in suffix, sorted; returns count. */
static int list_dir(const char *dir, const char *suffix, char names[][256], int max)
{
    DIR *d = opendir(dir);
    int n = 0;
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < max) {
        size_t len = strlen(e->d_name), sl = strlen(suffix);
        if (e->d_name[0] == '.' || len < sl || strcmp(e->d_name + len - sl, suffix) != 0)
            continue;
        snprintf(names[n++], 256, "%s", e->d_name);
    }
    closedir(d);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (strcmp(names[i], names[j]) > 0) {
                char t[256];
                memcpy(t, names[i], 256);
                memcpy(names[i], names[j], 256);
                memcpy(names[j], t, 256);
            }
    return n;
}

Test(diagnostics, every_bad_fixture_gives_its_exact_message)
{
    static char names[512][256];
    int n = list_dir("tests/cardc/bad", ".cards", names, 512);
    cr_assert_gt(n, 25, "expected the bad-input fixtures in tests/cardc/bad");
    cr_assert_lt(n, 512, "more bad fixtures than this test reads: raise its limit");
    for (int i = 0; i < n; i++) {
        char cmd[512], expected_path[512];
        snprintf(cmd, sizeof cmd, CARDC " check tests/cardc/bad/%s", names[i]);
        snprintf(expected_path, sizeof expected_path, "tests/cardc/bad/%.*s.expected",
                 (int)(strlen(names[i]) - 6), names[i]);
        RunResult r = run_cmd(cmd);
        char *expected = read_file(expected_path);
        cr_assert_not_null(expected, "missing %s (run make goldens)", expected_path);
        cr_expect_eq(r.status, 1, "%s: exit status %d, expected 1", names[i], r.status);
        cr_expect_str_eq(r.err, expected, "%s: diagnostics differ", names[i]);
        cr_expect(strstr(r.err, "error: ") != NULL, "%s: no error reported", names[i]);
        free(expected);
        run_free(&r);
    }
}

/* The secrecy check has no false alarm on the leaks of tests/cardc/bad
   closed as the rules allow (a hidden choice, a reveal first, a private
   variable, an announcement, a look before a pick): each is accepted. */
Test(diagnostics, every_closed_leak_is_accepted)
{
    static char names[64][256];
    int n = list_dir("tests/cardc/secret_ok", ".cards", names, 64);
    cr_assert_geq(n, 6, "expected the closed leaks in tests/cardc/secret_ok");
    for (int i = 0; i < n; i++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd, CARDC " check tests/cardc/secret_ok/%s", names[i]);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 0, "%s: exit status %d, expected 0:\n%s", names[i], r.status, r.err);
        run_free(&r);
    }
}

/* A syntax error in one file: the other files are still checked (their
   name errors reported), the broken file's declarations not guessed at. */
Test(diagnostics, syntax_errors_do_not_hide_name_errors_in_other_files)
{
    RunResult r = run_cmd(CARDC " check tests/cardc/bad/syntax_then_names");
    char *expected = read_file("tests/cardc/bad/syntax_then_names.expected");
    cr_assert_not_null(expected, "missing tests/cardc/bad/syntax_then_names.expected (run make goldens)");
    cr_expect_eq(r.status, 1);
    cr_expect_str_eq(r.err, expected);
    cr_expect(strstr(r.err, "did you mean 'value'?") != NULL, "%s", r.err);
    free(expected);
    run_free(&r);
}

Test(diagnostics, one_run_reports_several_errors)
{
    RunResult r = run_cmd(CARDC " check tests/cardc/bad/several_errors.cards");
    cr_assert_eq(r.status, 1);
    cr_expect_geq(count_lines_with(r.err, ": error: "), 5, "got:\n%s", r.err);
    cr_expect(strstr(r.err, "did you mean 'value'?") != NULL);
    cr_expect(strstr(r.err, "did you mean 'blue'?") != NULL);
    cr_expect(strstr(r.err, "did you mean 'token'?") != NULL);
    run_free(&r);
}

Test(diagnostics, caret_points_at_the_column)
{
    RunResult r = run_cmd(CARDC " check tests/cardc/bad/unknown_name.cards");
    /* the caret line sits under the 'd' of 'dek' at column 32 (2 spaces of indent) */
    const char *line = strstr(r.err, "  for p in players { shuffle p.dek }\n");
    cr_assert_not_null(line, "source line missing:\n%s", r.err);
    const char *caret = strchr(line, '\n') + 1;
    cr_expect_eq(strspn(caret, " "), 2 + 31u, "caret at the wrong column:\n%s", r.err);
    cr_expect_eq(caret[2 + 31], '^');
    run_free(&r);
}

Test(golden, generated_c_matches_the_committed_expectation)
{
    static char games[64][256];
    int n = 0;
    DIR *d = opendir("tests/cardc/good");
    cr_assert_not_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.' && !strchr(e->d_name, '.')) {
            cr_assert_lt(n, 64, "more golden games than this test reads: raise its limit");
            snprintf(games[n++], 256, "%s", e->d_name);
        }
    closedir(d);
    cr_assert_geq(n, 2);
    for (int i = 0; i < n; i++) {
        char cmd[2048];
        snprintf(cmd, sizeof cmd, "rm -rf /tmp/cardc-golden-%s && mkdir -p /tmp/cardc-golden-%s && " CARDC
                 " c tests/cardc/good/%s -o /tmp/cardc-golden-%s", games[i], games[i], games[i], games[i]);
        RunResult r = run_cmd(cmd);
        cr_assert_eq(r.status, 0, "%s: cardc failed:\n%s", games[i], r.err);
        run_free(&r);
        for (int h = 0; h < 2; h++) {
            char got_path[1024], want_path[1024];
            snprintf(got_path, sizeof got_path, "/tmp/cardc-golden-%s/%s.%s", games[i], games[i], h ? "h" : "c");
            snprintf(want_path, sizeof want_path, "tests/cardc/good/%s.expected.%s", games[i], h ? "h" : "c");
            char *got = read_file(got_path), *want = read_file(want_path);
            cr_assert_not_null(got, "%s not written", got_path);
            cr_assert_not_null(want, "missing %s (run make goldens)", want_path);
            cr_expect_str_eq(got, want, "%s differs from %s", got_path, want_path);
            free(got);
            free(want);
        }
    }
}

Test(golden, output_is_byte_for_byte_deterministic)
{
    RunResult r = run_cmd("rm -rf /tmp/cardc-det1 /tmp/cardc-det2 && mkdir /tmp/cardc-det1 /tmp/cardc-det2 && "
                          CARDC " c cards/evr -o /tmp/cardc-det1 && " CARDC " c cards/evr -o /tmp/cardc-det2 && "
                          "cmp /tmp/cardc-det1/evr.c /tmp/cardc-det2/evr.c && cmp /tmp/cardc-det1/evr.h /tmp/cardc-det2/evr.h");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    run_free(&r);
}

/* cardc built by clang (build/clang/cardc) writes the C and the IR that
   cardc built by gcc writes, byte for byte, for every game of the
   repository (cards/, tests/lang/games/, tests/cardc/good/): C leaves the
   order of a call's arguments to the compiler, and the emitter must not
   depend on it (a shuffle's site and its zone's site used to swap). */
Test(golden, output_does_not_depend_on_the_compiler_that_built_cardc)
{
    RunResult r = run_cmd("d=$(mktemp -d) && n=0 && for g in cards/*/ tests/lang/games/*/ tests/cardc/good/*/; do "
                          CARDC " c $g -o $d/gcc >/dev/null 2>&1 || continue; "
                          TEST_BUILD_DIR "/clang/cardc c $g -o $d/clang >/dev/null && "
                          CARDC " ir $g -o $d/gcc/ir && " TEST_BUILD_DIR "/clang/cardc ir $g -o $d/clang/ir && "
                          "{ diff -r $d/gcc $d/clang >/dev/null || echo \"differs: $g\"; }; n=$((n+1)); rm -rf $d/gcc $d/clang; "
                          "done; rm -rf $d; [ $n -ge 50 ] && echo \"$n games\"");
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "differs") == NULL, "%s", r.out);
    cr_expect(strstr(r.out, " games\n") != NULL, "%s", r.out);
    run_free(&r);
}

/* The shipped games' engines built by clang -O2 from generated/ (against
   the runtime gcc built) play the games of the engines gcc built,
   build/<id>: the same 200 games, byte for byte in `sim --json`. C leaves
   the order of a call's arguments to its compiler; cardc fixes the order
   of everything that draws or fails (docs/language.md "Order of
   evaluation"). */
Test(golden, the_shipped_games_built_by_clang_play_the_same_games)
{
    RunResult r = run_cmd("d=$(mktemp -d) && for id in dsr evr galaxy simple; do "
                          "clang -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pedantic -Werror -Iruntime -O2 "
                          "-DCARDRT_ENGINE_MAIN -o $d/$id generated/$id.c " TEST_BUILD_DIR "/libcardlab.a "
                          TEST_BUILD_DIR "/libcardrt.a -lm -pthread $(pkg-config --libs cairo) || exit 1; "
                          TEST_BUILD_DIR "/$id sim --games 200 --seed 1 --json > $d/gcc.json && "
                          "$d/$id sim --games 200 --seed 1 --json > $d/clang.json && "
                          "if cmp -s $d/gcc.json $d/clang.json && grep -q '\"games\":200' $d/gcc.json; "
                          "then echo \"$id: same\"; else echo \"$id: different\"; fi; done; s=$?; rm -rf $d; exit $s");
    if (r.status != 0) {
        cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
        run_free(&r);
        cr_assert_fail("the engines were not built");
    }
    cr_expect_str_eq(r.out, "dsr: same\nevr: same\ngalaxy: same\nsimple: same\n");
    run_free(&r);
}

/* Compile generated C with cc under the strictest warnings. */
static void compile_strict(const char *compiler, const char *game_dir, const char *id)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "command -v %s >/dev/null || exit 77; d=$(mktemp -d) && " CARDC " c %s -o $d && "
             "%s -std=c11 -Wall -Wextra -pedantic -Werror -Wshadow -Wstrict-prototypes -Iruntime -I$d "
             "-c -o $d/%s.o $d/%s.c && %s -std=c11 -Wall -Wextra -pedantic -Werror -DCARDRT_ENGINE_MAIN "
             "-Iruntime -I$d -c -o $d/main.o $d/%s.c; s=$?; rm -rf $d; exit $s",
             compiler, game_dir, compiler, id, id, compiler, id);
    RunResult r = run_cmd(cmd);
    if (r.status == 77) {
        run_free(&r);
        cr_skip_test("%s is not installed", compiler);
    }
    cr_expect_eq(r.status, 0, "%s on %s:\n%s%s", compiler, game_dir, r.out, r.err);
    run_free(&r);
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* game_dirs: the folders of root (each a game, named by its id), sorted;
   returns how many (at most max). */
static int game_dirs(const char *root, char names[][256], int max)
{
    DIR *d = opendir(root);
    cr_assert_not_null(d, "cannot read %s", root);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char path[512];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", root, e->d_name);
        if (e->d_name[0] == '.' || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        cr_assert_lt(n, max, "more games in %s than this test reads: raise its limit", root);
        snprintf(names[n++], 256, "%s", e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], cmp_name);
    return n;
}

/* compile_dirs: compile_strict on each game folder of root (named by the
   game's id), which must hold at least least of them. */
static void compile_dirs(const char *compiler, const char *root, int least)
{
    static char games[64][256];
    int n = game_dirs(root, games, 64);
    cr_assert_geq(n, least, "too few games in %s (a folder per game)", root);
    for (int i = 0; i < n; i++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/%s", root, games[i]);
        compile_strict(compiler, dir, games[i]);
    }
}

/* compile_every_game: compile_strict on each game of cards/ (however many
   there are, and at least one) and on each golden test game of
   tests/cardc/good. */
static void compile_every_game(const char *compiler)
{
    compile_dirs(compiler, "cards", 1);
    compile_dirs(compiler, "tests/cardc/good", 2);
}

Test(generated_c, compiles_warning_free_under_gcc)
{
    compile_every_game("gcc");
}

Test(generated_c, compiles_warning_free_under_clang)
{
    compile_every_game("clang");
}

Test(generated_c, hostile_names_stay_data)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " CARDC " c tests/cardc/good/escape -o $d && "
                          "cc -std=c11 -DCARDRT_ENGINE_MAIN -Iruntime -I$d -o $d/escape $d/escape.c "
                          TEST_BUILD_DIR "/libcardlab.a " TEST_BUILD_DIR "/libcardrt.a -lcairo -pthread -lm && $d/escape log --seed 1; s=$?; rm -rf $d; exit $s");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "\"); abort(); (\"") != NULL, "log:\n%s", r.out);
    cr_expect(strstr(r.out, "*/ int broken; /*") != NULL);
    cr_expect(strstr(r.out, "?\?/ back\\slash \\") != NULL);
    cr_expect(strstr(r.out, "\xC3\x9Cn\xC3\xAF" "c\xC3\xB6" "d\xC3\xA9 \xE2\x98\x86 \xCE\xA9mega") != NULL);
    cr_expect(strstr(r.out, "says \"hello\" */ ?\?/ \\ 2") != NULL);
    run_free(&r);
}

/* scan_generated: walk C text c as the compiler reads it: every string
   literal at most 4095 characters (C11 5.2.4.1); every comment printable
   ASCII without a backslash, "??" or a comment opening (no source text can end it,
   splice a line or form a trigraph); and the marker nowhere outside the
   two (no source text became code). */
static void scan_generated(const char *c, const char *marker, const char *what)
{
    const char *code_start = c;
    for (const char *p = c; *p;) {
        if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            cr_assert_not_null(end, "%s: unterminated comment", what);
            for (const char *q = p + 2; q < end; q++) {
                unsigned char ch = (unsigned char)*q;
                cr_assert(ch == '\n' || (ch >= 0x20 && ch < 0x7F), "%s: byte 0x%02X in a comment", what, ch);
                cr_assert(ch != '\\', "%s: backslash in a comment: %.60s", what, p);
                cr_assert(!(q[0] == '?' && q[1] == '?'), "%s: ?? in a comment: %.60s", what, p);
                cr_assert(!(q[0] == '/' && q[1] == '*'), "%s: /* in a comment: %.60s", what, p);
            }
            p = end + 2;
        } else if (*p == '"' || *p == '\'') {
            char q = *p;
            const char *start = ++p;
            while (*p && *p != q) {
                cr_assert(*p != '\n', "%s: a line ends inside a literal", what);
                p += p[0] == '\\' && p[1] ? 2 : 1;
            }
            cr_assert(p - start <= 4095, "%s: a literal of %d characters", what, (int)(p - start));
            if (*p)
                p++;
        } else {
            cr_assert(strncmp(p, marker, strlen(marker)) != 0, "%s: source text outside a literal or comment:\n%.200s",
                      what, p - code_start > 100 ? p - 100 : code_start);
            p++;
        }
    }
}

/* A game whose file name, title, card names, texts and log hold comment
   ends, trigraphs, backslash-newlines, #include lines and control bytes,
   and a card name and a text too long for one literal: its C holds none
   of it outside literals and safe comments, compiles under gcc and clang
   -pedantic -Werror, and plays with the text intact. */
Test(generated_c, hostile_text_stays_in_literals_and_safe_comments)
{
    /* the folder holds a trigraph and a comment end: .../HOSTILE ?\?/HOSTILE * /... */
    const char *dir = "/tmp/cardc-hostile-text/HOSTILE ?\?/HOSTILE *", *qdir = "'/tmp/cardc-hostile-text/HOSTILE ?\?/HOSTILE *'";
    RunResult r = run_cmd("rm -rf /tmp/cardc-hostile-text");
    run_free(&r);
    mkdir("/tmp/cardc-hostile-text", 0755);
    mkdir("/tmp/cardc-hostile-text/HOSTILE ?\?", 0755);
    mkdir(dir, 0755);
    static char longname[8000], longtext[16000], game[40000], path[512];
    strcpy(longname, "HOSTILE long ");
    for (int i = 0; i < 2000; i++)
        strcat(longname, "\xC3\xA9?");   /* é? */
    strcpy(longtext, "HOSTILE text ");
    for (int i = 0; i < 1500; i++)
        strcat(longtext, "*/\\\\?\\\"");   /* * / \ ? " (escaped for .cards) */
    snprintf(game, sizeof game,
             "game hostile \"HOSTILE */ #include <stdio.h> ?\?/ \\\\\\n\" {\n  players 2\n}\n"
             "kind chit {\n  text : text = \"HOSTILE ?\?= ?\?/ */ \\\\\"\n  power : ability?\n}\n"
             "zone pool of chit\n"
             "card chit \"HOSTILE */ int broken; /*\" { }\n"
             "card chit \"HOSTILE ?\?/\\n#include <stdlib.h>\\n#define x y\" { power { log \"HOSTILE ?\?/ */\" } }\n"
             "card chit \"HOSTILE back\\\\\\nslash\" { text \"%s\" }\n"
             "card chit \"%s\" { power { log \"{this}\" } }\n"
             "setup {\n  for c in box { move c to pool }\n}\n"
             "round {\n  log \"HOSTILE {me} */ ?\?/ \\\\\"\n  for c in pool { log \"{c}: {c.text}\"\n    run c.power }\n  win me\n}\n",
             longtext, longname);
    /* the file's own name: a backslash-newline, #include, a control byte */
    snprintf(path, sizeof path, "%s/HOSTILE \\\n#include <x.h> \x01 end.cards", dir);
    cr_assert_eq(write_file(path, game), 0);
    char cmd[512];
    snprintf(cmd, sizeof cmd, CARDC " c %s -o /tmp/cardc-hostile-text", qdir);
    r = run_cmd(cmd);
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    char *c = read_file("/tmp/cardc-hostile-text/hostile.c"), *h = read_file("/tmp/cardc-hostile-text/hostile.h");
    cr_assert(c && h);
    scan_generated(c, "HOSTILE", "hostile.c");
    scan_generated(h, "HOSTILE", "hostile.h");
    cr_expect(strstr(c, "static const char Text_") != NULL, "the long text is a char array");
    free(c);
    free(h);
    compile_strict("gcc", qdir, "hostile");
    compile_strict("clang", qdir, "hostile");
    r = run_cmd("d=/tmp/cardc-hostile-text && cc -std=c11 -DCARDRT_ENGINE_MAIN -Iruntime -I$d -o $d/engine $d/hostile.c "
                TEST_BUILD_DIR "/libcardlab.a " TEST_BUILD_DIR "/libcardrt.a -lcairo -pthread -lm && $d/engine log --seed 1");
    cr_assert_eq(r.status, 0, "%s", r.err);
    /* the long name as the log shows it, the text unescaped */
    static char want[8000];
    strcpy(want, "HOSTILE long ");
    for (int i = 0; i < 2000; i++)
        strcat(want, "\xC3\xA9?");
    cr_expect(strstr(r.out, want) != NULL, "the long name is logged whole");
    cr_expect(strstr(r.out, "HOSTILE text */\\?\"*/\\?\"") != NULL, "the long text is logged whole");
    /* the engine prints the newline after the backslash escaped (rt__esc) */
    cr_expect(strstr(r.out, "HOSTILE back\\\\nslash") != NULL, "%.400s", r.out);
    run_free(&r);
}

Test(cli, bad_input_writes_no_output)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " CARDC " c tests/cardc/bad/several_errors.cards -o $d; s=$?; "
                          "n=$(ls -A $d | wc -l); rm -rf $d; echo \"$s $n\"");
    cr_expect_str_eq(r.out, "1 0\n", "exit status and files written: %s", r.out);
    run_free(&r);
}

Test(cli, missing_output_folder_is_made)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " CARDC " c cards/evr -o $d/new/folder && ls $d/new/folder; rm -rf $d");
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "evr.c\nevr.h\n");
    run_free(&r);
    r = run_cmd("d=$(mktemp -d) && touch $d/file && " CARDC " c cards/evr -o $d/file/folder; s=$?; rm -rf $d; exit $s");
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "/file/folder: a part of it is not a folder\n1 error\n") != NULL, "%s", r.err);
    run_free(&r);
}

Test(cli, unknown_command_and_option)
{
    RunResult r = run_cmd(CARDC " frobnicate cards/evr");
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.err, "cardc: error: unknown command 'frobnicate' (see cardc --help)\n");
    run_free(&r);
    r = run_cmd(CARDC " check --fast cards/evr");
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.err, "cardc: error: unknown option '--fast' (see cardc --help)\n");
    run_free(&r);
    r = run_cmd(CARDC " check /no/such/game");
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.err, "cardc: error: cannot read '/no/such/game': no such file or folder\n1 error\n");
    run_free(&r);
}

Test(cli, misspelt_command_and_options_a_command_does_not_take)
{
    static const char *const cases[][2] = {
        {" chek cards/evr", "cardc: error: unknown command 'chek'; did you mean 'check'? (see cardc --help)\n"},
        {" check -o x cards/evr", "cardc: error: 'check' does not take -o (see cardc --help)\n"},
        {" json cards/evr --paper letter", "cardc: error: 'json' does not take --paper (see cardc --help)\n"},
        {" c cards/evr --cc gcc -o x", "cardc: error: 'c' does not take --cc (see cardc --help)\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char cmd[256];
        snprintf(cmd, sizeof cmd, CARDC "%s", cases[i][0]);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 2, "cardc%s: exit %d", cases[i][0], r.status);
        cr_expect_str_eq(r.err, cases[i][1], "cardc%s", cases[i][0]);
        run_free(&r);
    }
}

Test(cli, help_and_version)
{
    RunResult r = run_cmd(CARDC " --help");
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, "usage: cardc COMMAND") != NULL);
    run_free(&r);
    r = run_cmd(CARDC " --version");
    cr_expect_eq(r.status, 0);
    cr_expect(strncmp(r.out, "cardc ", 6) == 0);
    run_free(&r);
}

Test(cli, every_game_checks_clean)
{
    RunResult r = run_cmd("for g in cards/*/; do " CARDC " check $g || exit 1; done");
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.err, "", "warnings or errors:\n%s", r.err);
    run_free(&r);
}

Test(cli, build_makes_a_working_engine)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc build tests/cardc/good/mini -o $d/mini && "
                          "$d/mini sim --games 3 --seed 2; s=$?; rm -rf $d; exit $s");
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "3 games") != NULL, "%s", r.out);
    run_free(&r);
}

/* A setup whose prelude fails (a card of the wrong kind) fails every
   game the same way with a log (log: the prelude runs in setup) and
   without (sim: the runtime tried the prelude once, then runs it too). */
Test(cli, a_failing_prelude_fails_with_and_without_a_log)
{
    RunResult r = run_cmd("d=$(mktemp -d) && mkdir $d/bad && printf '%s' '"
                          "game bad \"Bad Prelude\" {\n  players 2\n}\nkind a { }\nkind b { }\nzone pile of a\n"
                          "card a \"Apple\" x2 { }\ncard b \"Bean\" { }\n"
                          "setup {\n  for c in box { move c to pile }\n}\nround { win me }\n' > $d/bad/bad.cards && "
                          TEST_BUILD_DIR "/cardc build $d/bad -o $d/engine >/dev/null && "
                          "$d/engine log --seed 1 2>&1; echo \"log $?\"; $d/engine sim --games 2 --seed 1 2>&1 >/dev/null; "
                          "echo \"sim $?\"; rm -rf $d");
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *want = "bad.cards:10:18: \"Bean\" is not a a and cannot enter pile";
    const char *first = strstr(r.out, want);
    cr_expect(first != NULL, "%s", r.out);
    cr_expect(first && strstr(first + 1, want) != NULL, "both runs report it:\n%s", r.out);
    cr_expect(strstr(r.out, "log 1") != NULL && strstr(r.out, "sim 1") != NULL, "%s", r.out);
    run_free(&r);
}

/* ---- limits (docs/language.md, "Limits") ------------------------------ */

/* Input far past a nesting limit is one error with its caret, never a crash
   of a walker downstream. */
Test(limits, input_far_past_a_limit_is_one_error)
{
    static const char *const cases[][2] = {
        { "sum", "./limits.cards:61:13: error: expression too long (more than 256 terms in a row)" },
        { "parens", "./limits.cards:61:269: error: expression nested too deeply (more than 256 levels)" },
        { "ifs", "./limits.cards:161:9: error: blocks nested too deeply (more than 100 levels)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd, "c=$(pwd)/" CARDC "; t=$(mktemp -d) && python3 tests/cardc/limits_game.py $t %s && "
                 "cd $t && $c check . 2>&1; s=$?; rm -rf $t; exit $s", cases[i][0]);
        RunResult r = run_cmd(cmd);
        cr_expect_eq(r.status, 1, "%s: exit status %d: %.300s", cases[i][0], r.status, r.out);
        cr_expect(strncmp(r.out, cases[i][1], strlen(cases[i][1])) == 0 && r.out[strlen(cases[i][1])] == '\n',
                  "%s: got %.200s", cases[i][0], r.out);
        cr_expect_eq(count_lines_with(r.out, "error"), 2, "%s: one error (and the count)", cases[i][0]);
        run_free(&r);
    }
}

/* A game at every limit checks, compiles, and exports to YAML that compiles
   to the same C but the site table's columns (the YAML scripts are at the
   limits too). */
Test(limits, a_game_at_every_limit_compiles_and_round_trips)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); mkdir $t/g $t/y $t/a $t/b; python3 tests/cardc/limits_game.py $t/g; "
                          CARDC " c $t/g -o $t/a; " CARDC " yaml $t/g -o $t/y; " CARDC " c $t/y -o $t/b; "
                          "sh tests/common/same_c.sh $t/a/mini.c $t/b/mini.c; rm -rf $t");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    run_free(&r);
}

/* A source file past 64 MiB (DIAG_MAX_SOURCE, docs/language.md "Limits")
   is refused before it is read, whatever its format, so that no line or
   column counter of the front ends can overflow (a YAML file of more lines
   than an int counts overflowed the lexer's); the files are sparse, and a
   stream with no size (a pipe) is cut off when it passes the limit. */
Test(limits, a_source_file_past_64_mib_is_refused)
{
    static const char *const files[] = {"big.cards", "big.yaml", "big.csv", "pipe.cards"};
    for (int i = 0; i < 4; i++) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd,
                 "cd $(mktemp -d) && truncate -s $((64 * 1024 * 1024 + 1)) big.cards big.yaml big.csv && "
                 "ln -s /dev/stdin pipe.cards && head -c $((64 * 1024 * 1024 + 1)) big.cards | "
                 "$OLDPWD/" CARDC " check %s; s=$?; rm -rf $(pwd); exit $s", files[i]);
        RunResult r = run_cmd(cmd);
        char want[256];
        snprintf(want, sizeof want,
                 "cardc: error: cannot read '%s': it is larger than 64 MiB, the most a source file may be\n1 error\n",
                 files[i]);
        cr_expect_eq(r.status, 2, "%s: %s", files[i], r.err);
        cr_expect_str_eq(r.err, want);
        run_free(&r);
    }
}

/* A map with the most spaces a map may have (1,024), each the neighbour
   of every other (a million edges, each checked for a duplicate and for
   its reverse), checks cleanly: the edges are found by hashing, where
   scanning the earlier edges took minutes. */
Test(limits, a_complete_map_at_the_space_limit_checks)
{
    RunResult r = run_cmd("t=$(mktemp -d) && python3 tests/cardc/limits_game.py $t map && " CARDC " check $t; "
                          "s=$?; rm -rf $t; exit $s");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect_str_eq(r.err, "");
    run_free(&r);
}

/* A map on the play screen (tests/cardc/good/mapview): the spaces by
   region in the order of the regions, the space in no region last; a
   bool function's name when it is true (held_site), an int function's
   value (worth, with the hidden counter tally it reads); a public zone
   per space by card name and count, a hidden one as a count; the map's
   zones and the hidden counter not listed again; the same for both
   seats. Red's options are spaces (within): named (RT_CHOOSE_NAMED);
   Blue's are the box's cards, the game's components, which every player
   knows: named too. */
Test(generated_c, a_view_shows_a_map_space_by_space)
{
    static const char *const options[2] = {
        "Red to choose: a site near the fort\n  1) Fort\n  2) Hill\n  3) Bay\n",
        "Blue to choose: choose a card from box\n  1) Moor\n  2) Bay\n  3) Hill\n  4) Fort\n",
    };
    for (int seat = 1; seat <= 2; seat++) {
        char cmd[600];
        snprintf(cmd, sizeof cmd, "d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc build tests/cardc/good/mapview -o $d/mv >/dev/null && "
                 "printf '1\\n' | $d/mv play --seed 1 --seat %d | sed -n '/^round 1$/,/^[A-Z][a-z]*> /p' | sed '$d'; "
                 "s=$?; rm -rf $d; exit $s", seat);
        RunResult r = run_cmd(cmd);
        cr_assert_eq(r.status, 0, "%s", r.err);
        char want[900];
        snprintf(want, sizeof want, "round 1\n"
                                    "The Land:\n"
                                    "  North:\n"
                                    "    Fort: held site, worth 5; pawns: Soldier x3\n"
                                    "    Hill: worth 0\n"
                                    "  South Coast:\n"
                                    "    Bay: worth 1; pawns: Scout\n"
                                    "  Moor: worth 0; camp: 1 card\n"
                                    "%s", options[seat - 1]);
        cr_expect_str_eq(r.out, want, "seat %d", seat);
        run_free(&r);
    }
}

/* The play screen of a game with a view: the view's values (functions
   named like the C tables that hold them), the hidden counter and zone
   left off, each card with its state, fields and text. */
Test(generated_c, a_view_shapes_the_play_screen)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc build tests/cardc/good/views -o $d/views >/dev/null && "
                          "printf '2\\n' | $d/views play --seed 1 | sed -n '6,18p'; s=$?; rm -rf $d; exit $s");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "round 1\n"
                            "values: 1\n"
                            "var_hidden: Player 1 3, Player 2 0\n"
                            "steps: 1\n"
                            "pile(Player 1): 2 cards\n"
                            "    \"Noted\" (spent false): value 2\n"
                            "      A \"noted\" chip.\n"
                            "    \"Plain\" (spent false): value 1\n"
                            "empty: pile(Player 2)\n"
                            "Player 1 to choose: choose a chip from pile\n"
                            "  1) Noted\n"
                            "  2) Plain\n"
                            "Player 1> | choose Player 1: Plain\n");
    run_free(&r);
}
