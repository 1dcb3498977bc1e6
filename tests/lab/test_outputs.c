/* test_outputs.c: the engine's files (sim --log, --plot, --save-worst) are
   written whole or not at all, their folder is made, and a path that
   cannot be written stops sim before it simulates. A full disk is a
   file-size limit on this test's process (Criterion runs each test in its
   own) with SIGXFSZ ignored, so writes fail with EFBIG. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cardrt.h"
#include "evr.h"
#include "lab_engine.h"
#include "scratch.h"
#include "testutil.h"

/* SCRATCH: the template of the tests' scratch folders (tmpdir). */
#define SCRATCH "/tmp/cardc-engine-outputs-XXXXXX"

/* full_disk: from now on, files of this process grow to 4 KiB at most. */
static void full_disk(void)
{
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit rl = {4096, 4096};
    cr_assert_eq(setrlimit(RLIMIT_FSIZE, &rl), 0);
}

static const char *at(char *buf, size_t n, const char *dir, const char *name)
{
    snprintf(buf, n, "%s/%s", dir, name);
    return buf;
}

/* expect_only: dir holds exactly the names listed (ls -A, one a line). */
static void expect_only(const char *dir, const char *names)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "ls -A '%s'", dir);
    RunResult r = run_cmd(cmd);
    cr_expect_str_eq(r.out, names, "in %s", dir);
    run_free(&r);
}

Test(engine_outputs, a_full_disk_keeps_the_previous_log_chart_and_replays)
{
    char *d = tmpdir(SCRATCH);
    char log[512], svg[512], w[512], old[512];
    at(log, sizeof log, d, "game.jsonl");
    at(svg, sizeof svg, d, "chart.svg");
    at(w, sizeof w, d, "worst");
    cr_assert_eq(write_file(log, "old log\n"), 0);
    cr_assert_eq(write_file(svg, "old chart\n"), 0);
    cr_assert_eq(mkdir(w, 0755), 0);
    cr_assert_eq(write_file(at(old, sizeof old, w, "game-1.jsonl"), "old replay\n"), 0);
    full_disk();
    char *o, *e, want[1024];
    const char *a1[] = {"evr", "sim", "--games", "3", "--log", log, NULL};
    cr_expect_eq(lab_run(a1, &o, &e), 1);
    cr_expect_str_eq(e, (snprintf(want, sizeof want, "evr: sim: cannot write %s: File too large\n", log), want));
    cr_expect_str_eq(o, "", "no report after a failed output");
    free(o), free(e);
    const char *a2[] = {"evr", "sim", "--games", "3", "--plot", svg, NULL};
    cr_expect_eq(lab_run(a2, &o, &e), 1);
    cr_expect_str_eq(e, (snprintf(want, sizeof want, "evr: sim: cannot write %s: File too large\n", svg), want));
    free(o), free(e);
    const char *a2s[] = {"evr", "sim", "--games", "3", "--sweep", "base,tutorial", "--plot", svg, NULL};
    cr_expect_eq(lab_run(a2s, &o, &e), 1);
    cr_expect_str_eq(e, (snprintf(want, sizeof want, "evr: sim: cannot write %s: File too large\n", svg), want));
    cr_expect_str_eq(o, "", "no report after a failed output");
    free(o), free(e);
    const char *a3[] = {"evr", "sim", "--games", "3", "--save-worst", "3", w, NULL};
    cr_expect_eq(lab_run(a3, &o, &e), 1);
    cr_expect(strstr(e, "evr: sim: cannot write ") && strstr(e, ".jsonl: File too large\n"), "%s", e);
    cr_expect(strstr(e, "saved game") == NULL, "%s", e);
    free(o), free(e);
    char *s = read_file(log);
    cr_expect_str_eq(s, "old log\n");
    free(s);
    s = read_file(svg);
    cr_expect_str_eq(s, "old chart\n");
    free(s);
    s = read_file(old);
    cr_expect_str_eq(s, "old replay\n");
    free(s);
    expect_only(d, "chart.svg\ngame.jsonl\nworst\n");
    expect_only(w, "game-1.jsonl\n");
    rmtree(d);
}

Test(engine_outputs, the_save_worst_folder_is_made)
{
    char *d = tmpdir(SCRATCH);
    char w[512];
    at(w, sizeof w, d, "runs/worst");
    const char *a[] = {"evr", "sim", "--games", "4", "--seed", "2", "--save-worst", "1", w, NULL};
    char *o, *e;
    cr_expect_eq(lab_run(a, &o, &e), 0, "%s", e);
    free(o), free(e);
    RunResult r;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "ls %s | wc -l", w);
    r = run_cmd(cmd);
    cr_expect_str_eq(r.out, "1\n");
    run_free(&r);
    rmtree(d);
}

/* The outputs are checked before the simulation: with 2,000,000,000 games
   it could not even allocate its results (the test would crash or say
   "out of memory" had it simulated first). */
Test(engine_outputs, an_unwritable_output_stops_sim_before_it_simulates)
{
    char *d = tmpdir(SCRATCH);
    char file[512], sub[512], want[1024];
    at(file, sizeof file, d, "file");
    cr_assert_eq(write_file(file, "x"), 0);
    snprintf(sub, sizeof sub, "%s/file/game.jsonl", d);
    const char *a1[] = {"evr", "sim", "--games", "2000000000", "--log", sub, NULL};
    char *o, *e;
    cr_expect_eq(lab_run(a1, &o, &e), 1);
    cr_expect_str_eq(e, (snprintf(want, sizeof want, "evr: sim: cannot write %s: Not a directory\n", sub), want));
    free(o), free(e);
    snprintf(sub, sizeof sub, "%s/file/worst", d);
    const char *a2[] = {"evr", "sim", "--games", "2000000000", "--save-worst", "2", sub, NULL};
    cr_expect_eq(lab_run(a2, &o, &e), 1);
    cr_expect_str_eq(e, (snprintf(want, sizeof want, "evr: sim: cannot write %s: a part of it is not a folder\n", sub), want));
    free(o), free(e);
    const char *a3[] = {"evr", "sim", "--games", "2000000000", "--plot", "/dev/null", NULL};
    cr_expect_eq(lab_run(a3, &o, &e), 1);
    cr_expect_str_eq(e, "evr: sim: --plot /dev/null: the file must end in .svg or .png\n");
    free(o), free(e);
    rmtree(d);
}

/* sim --log /dev/stdout with the standard output redirected to a file
   writes the log through it, between what came before and the report:
   nothing written to the redirect is lost (the log used to be renamed
   over the file, taking the place of all else). A log to a FIFO reaches
   its reader. */
Test(engine_outputs, a_log_to_a_descriptor_or_a_fifo_is_written_through)
{
    char *d = tmpdir(SCRATCH);
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "cd %s && e=$OLDPWD/" TEST_BUILD_DIR "/san/evr && $e sim --games 2 --log log.jsonl > report && "
             "{ echo before; $e sim --games 2 --log /dev/stdout; } > out && "
             "{ echo before; cat log.jsonl report; } | cmp - out && "
             "mkfifo fifo && { cat fifo > got & } && $e sim --games 2 --log fifo > /dev/null && wait && "
             "cmp log.jsonl got && test -p fifo && echo ok", d);
    RunResult r = run_cmd(cmd);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "ok\n");
    run_free(&r);
    rmtree(d);
}

/* The standard output that cannot be written (a full device) is an error. */
Test(engine_outputs, a_failed_standard_output_is_an_error)
{
    RunResult r = run_cmd(TEST_BUILD_DIR "/san/evr sim --games 2 >/dev/full");
    cr_expect_eq(r.status, 1, "%s", r.err);
    cr_expect_str_eq(r.err, TEST_BUILD_DIR "/san/evr: cannot write the standard output: No space left on device\n");
    run_free(&r);
}
