/* test_outputs.c: every file cardc writes is written whole or not at all:
   a full disk (simulated with a file-size limit, SIGXFSZ ignored, so writes
   fail with EFBIG) leaves the previous outputs intact byte for byte and no
   temporary behind; the .c/.h pair is never mixed; links are followed,
   devices, FIFOs and descriptors written through, folders refused, modes
   kept, output folders made;
   an output that cannot be written is reported before the work. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scratch.h"
#include "testutil.h"

/* SCRATCH: the template of the tests' scratch folders (tmpdir). */
#define SCRATCH "/tmp/cardc-outputs-XXXXXX"

#define CARDC TEST_BUILD_DIR "/san/cardc"
/* CARDC from another folder (the shell's $OLDPWD: the source tree) */
#define CARDC_ABS "$OLDPWD/" CARDC
/* cardc sheet under LeakSanitizer: fontconfig's caches are suppressed
   (tests/lsan.supp); keep the count of them out of stderr */
#define SHEET "LSAN_OPTIONS=\"$LSAN_OPTIONS:print_suppressions=0\" " CARDC " sheet"
/* run what follows with writes limited to 4 KiB (dash counts 512-byte blocks) */
#define FULL_DISK "trap '' XFSZ; ulimit -f 8; "

/* runf: run_cmd of a printf-style command. */
static RunResult runf(const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    return run_cmd(cmd);
}

/* put: write text to dir/name. */
static void put(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    cr_assert_eq(write_file(path, text), 0, "%s", path);
}

/* expect_file: dir/name holds exactly text. */
static void expect_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *s = read_file(path);
    cr_assert_not_null(s, "%s is missing", path);
    cr_expect_str_eq(s, text, "%s", path);
    free(s);
}

/* entries: the names in dir, sorted, one a line (dotfiles too). */
static char *entries(const char *dir)
{
    RunResult r = runf("ls -A '%s'", dir);
    free(r.err);
    return r.out;
}

/* expect_err: the command failed with status 2 and exactly this message. */
static void expect_err(RunResult *r, const char *fmt, const char *dir)
{
    char want[1024];
    snprintf(want, sizeof want, fmt, dir);
    cr_expect_eq(r->status, 2, "%s", r->err);
    cr_expect_str_eq(r->err, want);
}

Test(full_disk, c_keeps_the_previous_pair_and_never_mixes_it)
{
    char *d = tmpdir(SCRATCH);
    put(d, "evr.c", "old source\n");
    put(d, "evr.h", "old header\n");
    /* the header fits in 4 KiB, the source does not: neither may change */
    RunResult r = runf(FULL_DISK CARDC " c cards/evr -o %s", d);
    expect_err(&r, "cardc: error: cannot write %s/evr.c: File too large\n1 error\n", d);
    run_free(&r);
    expect_file(d, "evr.c", "old source\n");
    expect_file(d, "evr.h", "old header\n");
    char *ls = entries(d);
    cr_expect_str_eq(ls, "evr.c\nevr.h\n", "no temporary is left");
    free(ls);
    /* without the limit both are replaced */
    r = runf(CARDC " c cards/evr -o %s && cmp %s/evr.c generated/evr.c && cmp %s/evr.h generated/evr.h", d, d, d);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    run_free(&r);
    rmtree(d);
}

Test(full_disk, json_keeps_the_previous_file)
{
    char *d = tmpdir(SCRATCH);
    put(d, "cards.json", "{\"old\": true}\n");
    RunResult r = runf(FULL_DISK CARDC " json cards/evr -o %s/cards.json", d);
    expect_err(&r, "cardc: error: cannot write %s/cards.json: File too large\n1 error\n", d);
    run_free(&r);
    expect_file(d, "cards.json", "{\"old\": true}\n");
    char *ls = entries(d);
    cr_expect_str_eq(ls, "cards.json\n");
    free(ls);
    rmtree(d);
}

Test(full_disk, yaml_keeps_the_previous_export_whole)
{
    char *d = tmpdir(SCRATCH);
    char out[512];
    snprintf(out, sizeof out, "%s/export", d);
    cr_assert_eq(mkdir(out, 0755), 0);
    put(out, "game.yaml", "old: game\n");
    put(out, "stale.yaml", "old: stale\n");
    RunResult r = runf(FULL_DISK CARDC " yaml cards/evr -o %s", out);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, "/export/") && strstr(r.err, ".yaml: File too large\n1 error\n"), "%s", r.err);
    run_free(&r);
    expect_file(out, "game.yaml", "old: game\n");
    expect_file(out, "stale.yaml", "old: stale\n");
    char *ls = entries(d);
    cr_expect_str_eq(ls, "export\n", "no temporary folder is left");
    free(ls);
    /* a full export replaces the folder whole: the stale file is gone */
    r = runf(CARDC " yaml cards/evr -o %s && ls %s && ls -A %s", out, out, d);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "events.yaml\ngame.yaml\nimperial.yaml\nlayout.yaml\nrebel.yaml\nrules.yaml\ntutorial.yaml\nexport\n");
    run_free(&r);
    rmtree(d);
}

Test(full_disk, sheet_pdf_keeps_the_previous_file)
{
    char *d = tmpdir(SCRATCH);
    put(d, "cards.pdf", "old pdf\n");
    RunResult r = runf(FULL_DISK SHEET " cards/evr -o %s/cards.pdf --cards 'Darth Vader'", d);
    expect_err(&r, "cardc: error: cannot write %s/cards.pdf: File too large\n1 error\n", d);
    run_free(&r);
    expect_file(d, "cards.pdf", "old pdf\n");
    char *ls = entries(d);
    cr_expect_str_eq(ls, "cards.pdf\n");
    free(ls);
    rmtree(d);
}

Test(full_disk, sheet_png_renames_no_image_unless_all_were_written)
{
    char *d = tmpdir(SCRATCH);
    char out[512];
    snprintf(out, sizeof out, "%s/new/png", d);
    /* the folder is made, with its parent */
    RunResult r = runf(SHEET " cards/evr --format png --dpi 50 -o %s --cards 'Darth Vader' && ls %s", out, out);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "01-darth-vader-back.png\n01-darth-vader-front.png\n");
    run_free(&r);
    put(out, "01-darth-vader-front.png", "old front\n");
    put(out, "01-darth-vader-back.png", "old back\n");
    r = runf(FULL_DISK SHEET " cards/evr --format png --dpi 300 -o %s --cards 'Darth Vader'", out);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(strstr(r.err, ".png: File too large\n1 error\n") != NULL, "%s", r.err);
    run_free(&r);
    expect_file(out, "01-darth-vader-front.png", "old front\n");
    expect_file(out, "01-darth-vader-back.png", "old back\n");
    char *ls = entries(out);
    cr_expect_str_eq(ls, "01-darth-vader-back.png\n01-darth-vader-front.png\n");
    free(ls);
    rmtree(d);
}

/* A destination that is no regular file is written through, never
   replaced: /dev/stdout (a link to the descriptor) with the standard output
   redirected to a file adds the JSON to what the shell wrote there (the
   rename used to replace the whole redirect), and so does a link to
   /dev/stdout; a FIFO passes it to its reader, /dev/null takes it. A
   regular file is still replaced by a rename (a new inode). */
Test(destinations, devices_fifos_and_descriptors_are_written_through)
{
    char *d = tmpdir(SCRATCH);
    RunResult r = runf("cd %s && " CARDC_ABS " json $OLDPWD/cards/evr -o ref.json && ln -s /dev/stdout link && "
                       "{ echo before; " CARDC_ABS " json $OLDPWD/cards/evr -o /dev/stdout; echo after; } > out && "
                       "{ echo before; echo after; } | sed '1r ref.json' | cmp - out && "
                       "{ echo before; " CARDC_ABS " json $OLDPWD/cards/evr -o link; } > out2 && "
                       "{ echo before; cat ref.json; } | cmp - out2 && test -L link && "
                       "mkfifo fifo && { cat fifo > got & } && " CARDC_ABS " json $OLDPWD/cards/evr -o fifo && wait && "
                       "cmp ref.json got && test -p fifo && "
                       CARDC_ABS " json $OLDPWD/cards/evr -o /dev/null && test -c /dev/null && "
                       "i=$(stat -c %%i ref.json) && " CARDC_ABS " json $OLDPWD/cards/evr -o ref.json && "
                       "test \"$(stat -c %%i ref.json)\" != \"$i\" && echo ok", d);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "ok\n");
    cr_expect_str_eq(r.err, "");
    run_free(&r);
    char *ls = entries(d);
    cr_expect_str_eq(ls, "fifo\ngot\nlink\nout\nout2\nref.json\n", "no temporary left behind");
    free(ls);
    rmtree(d);
}

/* A folder where a file is expected is refused, and so is a device as the
   engine of `cardc build` (the C compiler writes it: it needs a file). */
Test(destinations, folders_are_refused)
{
    char *d = tmpdir(SCRATCH);
    RunResult r = runf(TEST_BUILD_DIR "/cardc build cards/evr --cc false -o /dev/null");
    expect_err(&r, "cardc: error: cannot write %s: it is not a regular file (a device, FIFO or socket), "
                   "which this output needs\n1 error\n", "/dev/null");
    run_free(&r);
    struct stat st;
    cr_assert_eq(stat("/dev/null", &st), 0);
    cr_expect(S_ISCHR(st.st_mode), "/dev/null is still a device");
    r = runf(CARDC " json cards/evr -o %s", d);
    expect_err(&r, "cardc: error: cannot write %s: it is a folder, not a file\n1 error\n", d);
    run_free(&r);
    r = runf("mkdir %s/evr.c && " CARDC " c cards/evr -o %s", d, d);
    expect_err(&r, "cardc: error: cannot write %s/evr.c: it is a folder, not a file\n1 error\n", d);
    run_free(&r);
    r = runf("touch %s/file && " CARDC " yaml cards/evr -o %s/file", d, d);
    expect_err(&r, "cardc: error: cannot write %s/file: it is not a folder\n1 error\n", d);
    run_free(&r);
    char *ls = entries(d);
    cr_expect_str_eq(ls, "evr.c\nfile\n", "nothing else was written");
    free(ls);
    rmtree(d);
}

Test(destinations, a_link_is_followed_and_kept)
{
    char *d = tmpdir(SCRATCH);
    put(d, "real.json", "old\n");
    RunResult r = runf("ln -s real.json %s/link.json && " CARDC " json cards/evr -o %s/link.json "
                       "&& readlink %s/link.json && " CARDC " json cards/evr | cmp - %s/real.json && echo same",
                       d, d, d, d);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect_str_eq(r.out, "real.json\nsame\n");
    run_free(&r);
    r = runf("ln -s %s/nowhere/x %s/dangling && " CARDC " json cards/evr -o %s/dangling", d, d, d);
    expect_err(&r, "cardc: error: cannot write %s/dangling: it is a symbolic link whose target cannot be resolved\n1 error\n", d);
    run_free(&r);
    rmtree(d);
}

Test(destinations, an_existing_file_keeps_its_mode)
{
    char *d = tmpdir(SCRATCH);
    put(d, "kept.json", "old\n");
    RunResult r = runf("chmod 640 %s/kept.json && " CARDC " json cards/evr -o %s/kept.json && "
                       "umask 077 && " CARDC " json cards/evr -o %s/new.json && stat -c '%%a %%n' %s/kept.json %s/new.json",
                       d, d, d, d, d);
    cr_expect_eq(r.status, 0, "%s", r.err);
    char want[1024];
    snprintf(want, sizeof want, "640 %s/kept.json\n600 %s/new.json\n", d, d);
    cr_expect_str_eq(r.out, want);
    run_free(&r);
    rmtree(d);
}

Test(before_work, build_reports_an_unwritable_engine_before_compiling)
{
    char *d = tmpdir(SCRATCH);
    /* --cc false: had cardc compiled first, it would say the compiler
       failed; build/cardc (not the sanitized one) finds the runtime beside it */
    RunResult r = runf(TEST_BUILD_DIR "/cardc build cards/evr --cc false -o %s", d);
    expect_err(&r, "cardc: error: cannot write %s: it is a folder, not a file\n1 error\n", d);
    run_free(&r);
    r = runf("touch %s/file && " TEST_BUILD_DIR "/cardc build cards/evr --cc false -o %s/file/engine", d, d);
    expect_err(&r, "cardc: error: cannot write %s/file/engine: Not a directory\n1 error\n", d);
    run_free(&r);
    rmtree(d);
}

Test(destinations, sheet_outputs_under_a_file_are_refused)
{
    char *d = tmpdir(SCRATCH);
    RunResult r = runf("touch %s/file && " SHEET " cards/evr -o %s/file/cards.pdf", d, d);
    expect_err(&r, "cardc: error: cannot write %s/file/cards.pdf: Not a directory\n1 error\n", d);
    run_free(&r);
    r = runf(SHEET " cards/evr --format svg -o %s/file/svg", d);
    expect_err(&r, "cardc: error: cannot write %s/file/svg: a part of it is not a folder\n1 error\n", d);
    run_free(&r);
    rmtree(d);
}

Test(destinations, a_failed_standard_output_is_an_error)
{
    RunResult r = run_cmd(CARDC " json cards/evr >/dev/full");
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect_str_eq(r.err, "cardc: error: cannot write the JSON to stdout\n1 error\n");
    run_free(&r);
}

/* A folder that is read-only for the temporary and a read-only file: as
   root (who may write anywhere) the command runs as nobody. */
Test(destinations, read_only_folders_and_files_are_not_written)
{
    const char *as = getuid() == 0 ? "setpriv --reuid=nobody --regid=nogroup --clear-groups " : "";
    if (*as && system("command -v setpriv >/dev/null") != 0)
        cr_skip_test("running as root without setpriv");
    char *d = tmpdir(SCRATCH);
    char sub[512];
    snprintf(sub, sizeof sub, "%s/ro", d);
    cr_assert_eq(mkdir(sub, 0755), 0);
    put(sub, "cards.json", "old\n");
    put(d, "ro.json", "old too\n");
    cr_assert_eq(chmod(sub, 0555), 0);
    cr_assert_eq(chmod(d, 0777), 0);
    char ro[512];
    snprintf(ro, sizeof ro, "%s/ro.json", d);
    cr_assert_eq(chmod(ro, 0444), 0);
    RunResult r = runf("%s" CARDC " json cards/evr -o %s/ro/cards.json", as, d);
    expect_err(&r, "cardc: error: cannot write %s/ro/cards.json: Permission denied\n1 error\n", d);
    run_free(&r);
    r = runf("%s" CARDC " json cards/evr -o %s/ro.json", as, d);
    expect_err(&r, "cardc: error: cannot write %s/ro.json: Permission denied\n1 error\n", d);
    run_free(&r);
    expect_file(sub, "cards.json", "old\n");
    expect_file(d, "ro.json", "old too\n");
    char *ls = entries(sub);
    cr_expect_str_eq(ls, "cards.json\n");
    free(ls);
    rmtree(d);
}

/* cardc yaml replaces its folder whole: a folder with anything but YAML
   files in it is refused, and left as it was. */
Test(destinations, yaml_refuses_a_folder_with_other_files)
{
    char *d = tmpdir(SCRATCH);
    put(d, "notes.txt", "mine\n");
    RunResult r = runf(CARDC " yaml cards/evr -o %s", d);
    expect_err(&r, "cardc: error: cannot write %s: it holds other files than a YAML export (the export replaces "
                   "the folder whole); name a new or empty folder\n1 error\n", d);
    run_free(&r);
    expect_file(d, "notes.txt", "mine\n");
    char *ls = entries(d);
    cr_expect_str_eq(ls, "notes.txt\n");
    free(ls);
    rmtree(d);
}
