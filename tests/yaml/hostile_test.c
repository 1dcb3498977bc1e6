/* hostile_test.c: a YAML game whose card name holds ESC, CR and a newline
   followed by "result:" (tests/yaml/hostile) is refused by the loader with
   the location of the first control character, as the .cards front end
   refuses one (docs/formats.md); nothing is built. What the engines print
   of names is escaped whatever the front end (tests/runtime/test_escape.c). */
#include <criterion/criterion.h>
#include <string.h>

#include "testutil.h"

Test(hostile_names, a_yaml_name_with_control_characters_is_refused)
{
    RunResult r = run_cmd("d=$(mktemp -d) && " TEST_BUILD_DIR "/cardc build tests/yaml/hostile -o $d/engine; s=$?; "
                          "n=$(ls -A $d | wc -l); rm -rf $d; echo \"$s $n\"");
    cr_expect_str_eq(r.out, "1 0\n", "exit status and files written");
    cr_expect_str_eq(r.err, "tests/yaml/hostile/game.yaml:14:11: error: control character U+001B in text\n"
                            "    - card: \"Evil\\e[2J\\r\\nresult: Player 2 wins\"\n"
                            "            ^\n"
                            "1 error\n");
    run_free(&r);
}
