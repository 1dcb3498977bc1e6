/* order_test.c: the order of evaluation (docs/language.md "Order of
   evaluation"): operands that draw random numbers or fail the game are
   evaluated left to right, each once, whichever C compiler built the
   engine. Each game is compiled by gcc (with ASan and UBSan) and by clang
   (against the runtime gcc built), and both engines must print the same. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "lang_game.h"

/* BUILD_BOTH: in a shell where $d is a folder, the engines $d/<game>/gcc
   and $d/<game>/clang of tests/lang/games/<game> (the game's id: its
   folder's name). */
#define BUILD_BOTH(game)                                                                                          \
    "mkdir -p $d/" game " && " TEST_BUILD_DIR "/san/cardc c tests/lang/games/" game " -o $d/" game " && "          \
    "cc " STRICT " " SAN " -DCARDRT_ENGINE_MAIN -o $d/" game "/gcc $d/" game "/*.c " TEST_BUILD_DIR               \
    "/san/libcardlab.a " TEST_BUILD_DIR "/san/libcardrt.a -lm -pthread $(pkg-config --libs cairo) && "             \
    "clang " STRICT " -O2 -DCARDRT_ENGINE_MAIN -o $d/" game "/clang $d/" game "/*.c " TEST_BUILD_DIR              \
    "/libcardlab.a " TEST_BUILD_DIR "/libcardrt.a -lm -pthread $(pkg-config --libs cairo)"

/* shell: run commands in a fresh temporary folder $d (removed after). */
static RunResult shell(const char *commands)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "d=$(mktemp -d) && { %s; }; s=$?; rm -rf $d; exit $s", commands);
    return run_cmd(cmd);
}

/* tests/lang/games/order draws side by side: in sums, products,
   comparisons, the arguments of calls (inlined or not), a counter's
   player and a card's state as assignment targets (drawn once), an
   array element's player and index, a move's card and zone, a log's
   holes. order_let makes every draw by a `let` of its own, in the
   language's order. The logs of five games and a 300-game simulation are
   the same for both games, each built by gcc and by clang; the
   simulation ends without an error. */
Test(order, draws_side_by_side_happen_left_to_right_with_gcc_and_clang)
{
    const char *play = "for s in 1 2 3 4 5; do $d/$x log --seed $s; done; $d/$x sim --games 300 --seed 9 --json";
    char cmd[8192];
    snprintf(cmd, sizeof cmd,
             BUILD_BOTH("order") " && " BUILD_BOTH("order_let") " && "
             "x=order_let/gcc && { %s; } > $d/want && grep -c '^round' $d/want && "
             "for x in order/gcc order/clang order_let/clang; do { %s; } > $d/got && "
             "if cmp -s $d/got $d/want; then echo \"$x: same\"; else echo \"$x: different\"; fi; done && "
             "$d/order/gcc sim --games 300 --seed 9 | grep '^errors:'",
             play, play);
    run_expect(shell(cmd), "60\n"
                           "order/gcc: same\n"
                           "order/clang: same\n"
                           "order_let/clang: same\n"
                           "errors: 0\n");
}

/* tests/lang/games/order_fail: in each variant two operands would fail
   the game; the one the language evaluates first does, with gcc and with
   clang: the left operand of a sum and of a product, an argument a
   function ignores (written in place), an argument read in one branch
   only, a call's body after its arguments and before the next call, and
   a log line's hole (a zone of a card's owner, who is no player), which
   stops the game without a log as well (sim: both games in error). */
Test(order, the_first_failure_in_the_order_of_evaluation_stops_the_game)
{
    const char *F = "tests/lang/games/order_fail/game.cards";
    char want[2048];
    snprintf(want, sizeof want,
             "base: error %s:37:13: integer overflow: 2147483000 + 1000 is out of range (-2147483648..2147483647)\n"
             "right: error %s:43:29: integer overflow: 2147483000 + 2000 is out of range (-2147483648..2147483647)\n"
             "ignored: error %s:27:38: top of empty zone empty_pile\n"
             "branch: error %s:28:45: top of empty zone empty_pile\n"
             "args: error %s:25:39: division by zero: 1 / 0\n"
             "inlined: error %s:25:39: division by zero: 1 / 0\n"
             "owner_log: error %s:78:33: zone hand of no player\n"
             "errors: 2\n",
             F, F, F, F, F, F, F);
    run_expect(shell(BUILD_BOTH("order_fail") " && "
                     "for v in base right ignored branch args inlined owner_log; do "
                     "a=$($d/order_fail/gcc log --seed 1 --variant $v 2>&1 | tail -n 1); "
                     "b=$($d/order_fail/clang log --seed 1 --variant $v 2>&1 | tail -n 1); "
                     "echo \"$v: $a\"; [ \"$a\" = \"$b\" ] || echo \"$v: clang: $b\"; done && "
                     "$d/order_fail/gcc sim --games 2 --seed 1 --variant owner_log 2>/dev/null | grep '^errors:'"),
               want);
}

/* tests/lang/games/order's turn offers an action whose `when` draws.
   Without a log the random agent answers in place, counting the options
   (`sim`); with one the options are listed (`sim --log`, which plays game
   0 again for its log): the `when` is drawn once either way, so for each
   of 20 seeds game 0 takes as many decisions both ways. */
Test(order, a_draw_in_an_actions_when_is_made_once_with_or_without_a_log)
{
    game_expect("order", "order",
                "for s in $(seq 1 20); do "
                "a=$($e sim --games 1 --seed $s --log $d/log.jsonl | sed -n 's/^mean decisions: \\([0-9]*\\).*/\\1/p'); "
                "b=$(grep -c '\"type\":\"choice\"' $d/log.jsonl); "
                "[ \"$a\" = \"$b\" ] && [ \"$a\" -gt 0 ] && echo same || echo \"seed $s: $a and $b\"; done | sort | uniq -c | sed 's/^ *//'",
                "20 same\n");
}
