/* test_layers.c: libcardrt stands alone (runtime/README.md): it needs no
   threads, no cairo, nothing of the lab; a program embedding a game links
   only it (docs/runtime.md "Embedding a game", run by tests/docs). */
#include <criterion/criterion.h>
#include <string.h>

#include "testutil.h"

#ifndef TEST_BUILD_DIR
#define TEST_BUILD_DIR "build"
#endif

Test(layers, the_runtime_calls_no_threads_cairo_or_lab)
{
    /* every symbol the runtime's objects use but do not define */
    RunResult r = run_cmd("nm -u " TEST_BUILD_DIR "/libcardrt.a | awk 'NF == 2 {print $2}' | sort -u > /tmp/cardc-rt-undef && "
                          "nm --defined-only " TEST_BUILD_DIR "/libcardlab.a | awk 'NF == 3 {print $3}' | sort -u > /tmp/cardc-lab-def && "
                          "grep -E '^(pthread_|cairo_|pango_)' /tmp/cardc-rt-undef; "
                          "comm -12 /tmp/cardc-rt-undef /tmp/cardc-lab-def; "
                          "rm -f /tmp/cardc-rt-undef /tmp/cardc-lab-def");
    cr_expect_str_eq(r.out, "", "libcardrt needs:\n%s", r.out);
    run_free(&r);
}

Test(layers, the_lab_uses_the_runtime)
{
    /* the check above can fail: the lab does call into the runtime */
    RunResult r = run_cmd("nm -u " TEST_BUILD_DIR "/libcardlab.a | awk 'NF == 2 {print $2}' | grep -c '^rt_advance$'");
    cr_expect_neq(strcmp(r.out, "0\n"), 0, "%s", r.out);
    run_free(&r);
}

/* MPI is the MPI engines' alone (runtime/mpi/, linked into build/<id>-mpi):
   neither the runtime nor the lab calls it. */
Test(layers, the_runtime_and_the_lab_call_no_mpi)
{
    RunResult r = run_cmd("nm -u " TEST_BUILD_DIR "/libcardrt.a " TEST_BUILD_DIR "/libcardlab.a | awk 'NF == 2 {print $2}' "
                          "| grep -iE '^(mpi_|ompi_)' | sort -u");
    cr_expect_str_eq(r.out, "", "MPI in libcardrt or libcardlab:\n%s", r.out);
    run_free(&r);
}
