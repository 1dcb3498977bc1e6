/* test_tools.c: the game through its tools: `cardc sheet` prints every
   unit, leader and mission card and every system's probe card, and the
   board, by region, every system with its icons; the
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

/* The board (`layout galaxy`): one A3 landscape page; the regions' titles
   in the order of the map, then the systems region by region, each with
   its resource icons and build queue spaces (the table of
   docs/games/rebellion.md), the remote systems marked. */
Test(tools, the_board_prints_every_system_by_region, .timeout = 300)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); " CARDC " sheet cards/rebellion -o $t/b.pdf --cards galaxy; "
                          "pdfinfo $t/b.pdf | sed -n 's/^Page size: *//p'; "
                          "pdftotext -raw $t/b.pdf - | tr '\n' ' ' | tr -s ' '; rm -rf $t");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect(strncmp(r.out, "1190.55 x 841.89 pts (A3)\n", 26) == 0, "%s", r.out);
    static const char *const order[] = {
        "Core Worlds Colonies Inner Rim Expansion Region Mid Rim Outer Rim Wild Space Unknown Regions ",
        "Coruscant blue_square space 3 orange_circle space 2 Alderaan orange_triangle space 1 ",
        "Cato Neimoidia blue_circle space 2 Dantooine Remote ", "Ilum Remote ", "Kessel orange_triangle space 1 ",
        "Mon Calamari blue_square space 3 blue_circle space 2 ", "Geonosis orange_square space 3 blue_triangle space 1 ",
        "Yavin Remote ", "Bespin blue_triangle space 1 Hoth Remote Dagobah Remote Endor Remote",
    };
    const char *at = r.out;
    for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
        const char *f = strstr(at, order[i]);
        cr_expect(f != NULL, "'%s' is not in the board after what comes before it: %s", order[i], r.out);
        if (f)
            at = f + strlen(order[i]);
    }
    for (int i = 0; i < DRV_NEDGES; i++)
        for (int e = 0; e < 2; e++)
            cr_expect(strstr(r.out, drv_edges[i][e]) != NULL, "the system %s is not on the board", drv_edges[i][e]);
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
