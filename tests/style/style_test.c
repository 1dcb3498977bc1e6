/* style_test.c: the sizes the project keeps to (docs/testing.md "Sizes"):
   no source file of the compiler or the runtime over 1,200 lines, no
   function over 120. */
#include <criterion/criterion.h>

#include "testutil.h"

#define SOURCES "compiler/*.c compiler/*/*.c compiler/*/*.h runtime/*.c runtime/*.h runtime/lab/*.c runtime/lab/*.h runtime/mpi/*.c runtime/mpi/*.h"

Test(style, no_file_or_function_is_too_long)
{
    RunResult r = run_cmd("awk -f tests/style/sizes.awk " SOURCES);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "", "too long:\n%s", r.out);
    run_free(&r);
}

/* The check finds what it looks for: a function of 121 lines, a file of 1,201. */
Test(style, the_check_sees_a_long_function)
{
    RunResult r = run_cmd("f=$(mktemp --suffix=.c) && { echo 'int f(void)'; echo '{'; "
                          "for i in $(seq 1 120); do echo '    ;'; done; echo '}'; } > $f && "
                          "awk -f tests/style/sizes.awk $f | sed \"s|$f|F|\"; rm -f $f");
    cr_expect_str_eq(r.out, "F:1: function f is 122 lines (at most 120)\n");
    run_free(&r);
    r = run_cmd("f=$(mktemp --suffix=.c) && seq 1 1201 > $f && awk -f tests/style/sizes.awk $f | sed \"s|$f|F|\"; rm -f $f");
    cr_expect_str_eq(r.out, "F:1: 1201 lines (at most 1200)\n");
    run_free(&r);
}
