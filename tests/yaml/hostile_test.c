/* hostile_test.c: a YAML game whose card name holds ESC, CR and a newline
   followed by "result:" (tests/yaml/hostile): the engine prints the name
   escaped, so it forges no line of the log. The YAML loader may refuse
   such a name (exit 1); the test is then skipped, and the runtime's own
   tests (tests/runtime/test_escape.c) still cover the escaping. */
#include <criterion/criterion.h>
#include <string.h>

#include "testutil.h"

Test(hostile_names, the_engine_prints_a_yaml_name_escaped)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc build tests/yaml/hostile -o $d/engine >&2; s=$?; "
                          "[ $s = 0 ] && $d/engine log --seed 1 && $d/engine sim --games 2 --csv; rm -rf $d; exit $s");
    if (r.status == 1 && strstr(r.err, "tests/yaml/hostile/game.yaml:")) {
        run_free(&r);
        cr_skip_test("the YAML loader refuses control characters in names");
    }
    cr_assert_eq(r.status, 0, "%s", r.err);
    for (const unsigned char *p = (const unsigned char *)r.out; *p; p++)
        cr_expect(*p >= 0x20 || *p == '\n', "a control byte 0x%02x in:\n%s", *p, r.out);
    cr_expect(strstr(r.out, "move \"Evil\\x1b[2J\\r\\nresult: Player 2 wins\" box -> pile\n"
                            "top Evil\\x1b[2J\\r\\nresult: Player 2 wins\n") != NULL, "%s", r.out);
    cr_expect(strncmp(r.out, "result:", 7) != 0 && strstr(r.out, "\nresult:") == NULL, "%s", r.out);
    run_free(&r);
}
