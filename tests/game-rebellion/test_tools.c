/* test_tools.c: the game through its tools: `cardc sheet` prints every
   unit, leader and mission card and every system's probe card; the
   engine's `sim` is deterministic whatever the number of threads, with no
   error and no draw; `cardc check` (with its secrecy check) reports nothing. */
#include "drive.h"
#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/cardc"
#define ENGINE "ASAN_OPTIONS=detect_leaks=0 " TEST_BUILD_DIR "/san/rebellion"

Test(tools, the_sheet_prints_every_component, .timeout = 300)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); " CARDC " sheet cards/rebellion -o $t/s.pdf; "
                          "pdftotext -raw $t/s.pdf - | tr '\\n' ' ' | tr -s ' '; rm -rf $t");
    cr_assert_eq(r.status, 0, "%s", r.err);
    for (int i = 0; i < DRV_NUNITS; i++)
        cr_expect(strstr(r.out, drv_units[i].name) != NULL, "the unit %s is not in the sheet", drv_units[i].name);
    for (int i = 0; i < DRV_NLEADERS; i++)
        cr_expect(strstr(r.out, drv_leaders[i].name) != NULL, "the leader %s is not in the sheet", drv_leaders[i].name);
    for (int i = 0; i < DRV_NMISSIONS; i++)
        cr_expect(strstr(r.out, drv_missions[i].name) != NULL, "the mission %s is not in the sheet", drv_missions[i].name);
    for (int i = 0; i < DRV_NEDGES; i++)
        cr_expect(strstr(r.out, drv_edges[i][0]) != NULL, "the probe card %s is not in the sheet", drv_edges[i][0]);
    run_free(&r);
}

Test(tools, sim_is_deterministic_with_no_error_and_no_draw, .timeout = 300)
{
    RunResult a = run_cmd(ENGINE " sim --games 200 --seed 1 --json");
    RunResult b = run_cmd(ENGINE " sim --games 200 --seed 1 --jobs 2 --json");
    cr_assert_eq(a.status, 0, "%s", a.err);
    cr_assert_eq(b.status, 0, "%s", b.err);
    cr_assert_str_eq(a.out, b.out);
    cr_expect(strstr(a.out, "\"errors\":0,") != NULL, "%s", a.out);
    cr_expect(strstr(a.out, "\"draws\":0,") != NULL, "%s", a.out);
    run_free(&a);
    run_free(&b);
}

Test(tools, cardc_check_finds_no_error_and_no_leak)
{
    RunResult r = run_cmd(CARDC " check cards/rebellion");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_empty(r.err);
    run_free(&r);
}
