/* ir_test.c: `cardc ir`, the typed IR as text (docs/compiler.md "The IR"):
   the IR of EvR, Galaxy and a small program against their golden files;
   what the facts pass adds to the lowered IR; every game lowers; the
   command's output, errors and options. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/san/cardc"

/* golden: `cardc ir ARGS` prints exactly the file want (refreshed by `make goldens`). */
static void golden(const char *args, const char *want_path)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, CARDC " ir %s", args);
    RunResult r = run_cmd(cmd);
    cr_assert_eq(r.status, 0, "%s: %s", cmd, r.err);
    cr_expect_str_eq(r.err, "");
    char *want = read_file(want_path);
    cr_assert_not_null(want, "missing %s", want_path);
    cr_expect_str_eq(r.out, want, "%s differs from %s (make goldens, then review the diff)", cmd, want_path);
    free(want);
    run_free(&r);
}

Test(ir, evr_is_its_golden_ir) { golden("cards/evr", "tests/ir/evr.expected.ir"); }
Test(ir, galaxy_is_its_golden_ir) { golden("cards/galaxy", "tests/ir/galaxy.expected.ir"); }
Test(ir, a_small_program_is_its_golden_ir) { golden("tests/ir/good/facts.cards", "tests/ir/good/facts.expected.ir"); }
Test(ir, the_lowered_ir_is_its_golden_ir)
{
    golden("--lowered tests/ir/good/facts.cards", "tests/ir/good/facts.lowered.expected.ir");
}

/* line_of: the first line of text that contains needle, as a new string (or NULL). */
static char *line_of(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    if (!at)
        return NULL;
    const char *b = at, *e = at;
    while (b > text && b[-1] != '\n')
        b--;
    while (*e && *e != '\n')
        e++;
    char *s = malloc((size_t)(e - b) + 1);
    memcpy(s, b, (size_t)(e - b));
    s[e - b] = '\0';
    return s;
}

/* section: the unit of text whose first line begins with header, up to
   the blank line after it, as a new string (or NULL). */
static char *section(const char *text, const char *header)
{
    const char *at = strstr(text, header);
    if (!at)
        return NULL;
    const char *end = strstr(at, "\n\n");
    size_t n = end ? (size_t)(end - at) + 1 : strlen(at);
    char *s = malloc(n + 1);
    memcpy(s, at, n);
    s[n] = '\0';
    return s;
}

/* The facts pass's effect on one program: the same tree, with what each
   node may do and which arithmetic needs its check added. */
Test(ir, the_facts_pass_marks_what_each_node_may_do)
{
    RunResult before = run_cmd(CARDC " ir --lowered tests/ir/good/facts.cards");
    RunResult after = run_cmd(CARDC " ir tests/ir/good/facts.cards");
    cr_assert_eq(before.status, 0, "%s", before.err);
    cr_assert_eq(after.status, 0, "%s", after.err);
    /* the same nodes, one per line, but the prelude the setup now begins with */
    cr_expect_eq(count_lines_with(before.out, "@") + 1, count_lines_with(after.out, "@"));
    /* before: no facts, no checks */
    const char *const facts[] = {" [fail", " [yield", " [write", " [random", " [zones", " moves]"};
    for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++)
        cr_expect_eq(count_lines_with(before.out, facts[i]), 0, "%s", facts[i]);
    cr_expect_gt(count_lines_with(after.out, " [fail"), 10);
    cr_expect_eq(count_lines_with(before.out, " checked @"), 0);
    struct { const char *node, *before, *after; } cases[] = {
        /* a division always needs its check (by zero) */
        {"arith / ", "  arith / : int @32:33", "  arith / checked : int @32:33 [fail]"},
        /* worth(me) * halves(...): no bound on halves (a division) */
        {"arith * ", "      value: arith * : int @45:15", "      value: arith * checked : int @45:15 [fail zones]"},
        /* worth(p) + worth(next(p)): each call as bounded as worth's body
           (unchecked; it may fail: p.hand of a p that may be no player) */
        {"arith + : int @53", "  arith + : int @53:41", "  arith + : int @53:41 [fail zones]"},
        /* a sum of a count and a sum of small fields: bounded, unchecked
           (the zones are p's, which may be no player) */
        {"arith + ", "  arith + : int @30:35", "  arith + : int @30:35 [fail zones]"},
        /* += on a counter with bounds stops at them: no check (worth(me)
           reads a zone of me: it is worth's call that may fail) */
        {"assign += @44", "    assign += @44:3", "    assign += @44:3 [fail write zones]"},
        /* the procedure chooses: its caller may wait for a decision */
        {"call-procedure polish", "    call-procedure polish @46:3", "    call-procedure polish @46:3 [fail yield write]"},
        /* the ability that runs chooses and moves */
        {"run 1 ability_card", "        run 1 ability_card @47:41",
         "        run 1 ability_card @47:41 [fail yield write zones moves]"},
        /* a move may change which cards a zone holds */
        {"move @24:33", "        move @24:33", "        move @24:33 [fail write zones moves]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *b = line_of(before.out, cases[i].node), *a = line_of(after.out, cases[i].node);
        cr_assert_not_null(b, "%s", cases[i].node);
        cr_assert_not_null(a, "%s", cases[i].node);
        cr_expect_str_eq(b, cases[i].before);
        cr_expect_str_eq(a, cases[i].after);
        free(b);
        free(a);
    }
    run_free(&before);
    run_free(&after);
}

/* The setup's two loops that only move cards out of the box are pluck
   loops, and the setup's prelude (they need no seed). */
Test(ir, the_pluck_and_prelude_passes_mark_the_setup)
{
    RunResult before = run_cmd(CARDC " ir --lowered tests/ir/good/facts.cards");
    RunResult after = run_cmd(CARDC " ir tests/ir/good/facts.cards");
    cr_assert_eq(after.status, 0, "%s", after.err);
    cr_expect_eq(count_lines_with(before.out, "prelude @"), 0);
    cr_expect_eq(count_lines_with(before.out, " pluck @"), 0);
    cr_expect_eq(count_lines_with(after.out, "    prelude @39:3 [fail write zones moves]"), 1);
    cr_expect_eq(count_lines_with(after.out, "      for 0 c pluck @39:3 [fail write zones moves]"), 1);
    cr_expect_eq(count_lines_with(after.out, "      for 1 c_2 pluck @40:3 [fail write zones moves]"), 1);
    /* the round's loop runs abilities: not a pluck loop; each turn takes a step */
    cr_expect_eq(count_lines_with(after.out, "    for 0 g step @47:3 [fail yield write zones moves]"), 1);
    run_free(&before);
    run_free(&after);
}

/* A loop that deals each player's deck and then shuffles it is split: the
   deal (line 32's loop, without its shuffle) joins the prelude, and the
   loop of shuffles stays after the shuffle of events, in source order
   (tests/cardc/good/prelude: the same games as before the split). */
Test(ir, the_prelude_splits_a_loop_that_deals_then_shuffles)
{
    RunResult r = run_cmd(CARDC " ir tests/cardc/good/prelude | grep -E '^    (prelude|shuffle|for|move)|^      for'");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "    prelude @27:3 [fail write zones moves]\n"
                            "      for 0 e pluck @27:3 [fail write zones moves]\n"
                            "      for 1 p step @32:3 [fail write zones moves]\n"
                            "    shuffle @28:3 [write random moves]\n"
                            "    for 1 p @32:3 [fail write random moves]\n"
                            "    move @39:3 [fail write zones moves]\n"
                            "    for 3 p_2 @40:3 [fail write zones moves]\n"
                            "    for 4 p_3 @41:3 [fail write random moves]\n");
    run_free(&r);
}

/* In a function's body, small functions are written in place (their
   parameters read as the arguments) and calls of the same function on the
   same arguments share one memo: beats(p) calls over(p) and over(next(p)),
   which call total(p) and total(next(p)), called again after. */
Test(ir, the_inline_and_memo_passes_rewrite_function_bodies)
{
    golden("tests/cardc/good/functions", "tests/ir/good/functions.expected.ir");
    RunResult before = run_cmd(CARDC " ir --lowered tests/cardc/good/functions");
    RunResult after = run_cmd(CARDC " ir tests/cardc/good/functions");
    cr_assert_eq(after.status, 0, "%s", after.err);
    cr_expect_eq(count_lines_with(before.out, "inline "), 0);
    cr_expect_eq(count_lines_with(before.out, " memo "), 0);
    char *b = section(before.out, "function \"beats\""), *a = section(after.out, "function \"beats\"");
    cr_assert(b && a);
    cr_expect_eq(count_lines_with(b, "      call over : bool @25:40"), 1);
    cr_expect_eq(count_lines_with(a, "      inline over : bool @25:40 [fail zones]"), 1);
    cr_expect_eq(count_lines_with(a, "          call total memo 1 : int @24:35 [fail zones]"), 1);
    cr_expect_eq(count_lines_with(a, "          call total memo 2 : int @24:35 [fail zones]"), 1);
    cr_expect_eq(count_lines_with(a, "        call total memo 1 : int @25:70 [fail zones]"), 1);
    cr_expect_eq(count_lines_with(a, "        call total memo 2 : int @25:81 [fail zones]"), 1);
    cr_expect_eq(count_lines_with(a, "memo 3"), 0);
    free(b);
    free(a);
    run_free(&before);
    run_free(&after);
}

/* A call whose parameter the body reads twice is written in place when
   its argument is a read (a variable), and stays a call when the argument
   is more (a card of the top of a zone), which would be computed twice. */
Test(ir, an_argument_read_twice_is_inlined_only_when_it_is_a_read)
{
    RunResult r = run_cmd(CARDC " ir tests/ir/good/inline_args.cards");
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *score = section(r.out, "function \"sq_score\""), *top = section(r.out, "function \"sq_top\"");
    cr_assert(score && top);
    cr_expect_eq(count_lines_with(score, "  inline sq : int @18:38 [fail]"), 1);
    cr_expect_eq(count_lines_with(score, "      arg 0 : int @17:"), 2);
    cr_expect_eq(count_lines_with(top, "  call sq memo 1 : int @19:27 [fail zones]"), 1);
    cr_expect_eq(count_lines_with(top, "inline sq"), 0);
    free(score);
    free(top);
    run_free(&r);
}

/* Card reads: known where the card is a loop variable over a zone of the
   kind or was tested with `is`; checked otherwise (top of a zone). */
Test(ir, card_reads_are_known_only_where_the_kind_is_proven)
{
    RunResult r = run_cmd(CARDC " ir tests/ir/good/facts.cards");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(count_lines_with(r.out, "card-field gem.value checked : int @31:32 [fail zones]"), 1);
    cr_expect_eq(count_lines_with(r.out, "card-field gem.value known : int @30:99"), 1);   /* c is gem and c.value */
    cr_expect_eq(count_lines_with(r.out, "card-field gem.value known : int @30:51"), 1);   /* g in vault */
    cr_expect_eq(count_lines_with(r.out, " checked : "), 3);
    run_free(&r);
}

/* Every game of cards/ lowers, and twice gives the same bytes. */
Test(ir, every_game_lowers_the_same_every_time)
{
    RunResult r = run_cmd("for g in cards/*/; do " CARDC " ir \"$g\" > /tmp/cardc-ir-1.txt || exit 1; "
                          CARDC " ir \"$g\" > /tmp/cardc-ir-2.txt || exit 1; "
                          "cmp -s /tmp/cardc-ir-1.txt /tmp/cardc-ir-2.txt || { echo \"$g\"; exit 2; }; "
                          "grep -c '^script\\|^function\\|^procedure' /tmp/cardc-ir-1.txt >/dev/null || exit 3; done; "
                          "rm -f /tmp/cardc-ir-1.txt /tmp/cardc-ir-2.txt");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    run_free(&r);
}

/* -o writes the file; a game with errors writes nothing and exits 1. */
Test(ir, output_file_and_errors)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " CARDC " ir tests/ir/good/facts.cards -o $d/facts.ir && "
                          "cmp $d/facts.ir tests/ir/good/facts.expected.ir && echo same; "
                          "printf 'game x {\\n  players 2\\n}\\nround { win nobody }\\n' > $d/bad.cards; "
                          CARDC " ir $d/bad.cards -o $d/bad.ir; echo \"exit $?\"; ls $d; rm -rf $d");
    cr_expect_str_eq(r.out, "same\nexit 1\nbad.cards\nfacts.ir\n");
    cr_expect(strstr(r.err, "bad.cards:4:13: error: unknown name 'nobody'") != NULL, "%s", r.err);
    run_free(&r);
}

Test(ir, lowered_is_an_option_of_ir_only)
{
    RunResult r = run_cmd(CARDC " check --lowered cards/evr");
    cr_expect_eq(r.status, 2);
    cr_expect_str_eq(r.err, "cardc: error: 'check' does not take --lowered (see cardc --help)\n");
    run_free(&r);
}
