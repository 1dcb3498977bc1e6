/* test_tools.c: the game through its tools: `cardc sheet` prints every
   location card with its rank and suit, every mission card, every unit
   and leader; the engine's `sim` is deterministic and every game ends by
   the rules within the time limit. */
#include "drive.h"
#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/cardc"
#define ENGINE "ASAN_OPTIONS=detect_leaks=0 " TEST_BUILD_DIR "/san/simple"

Test(tools, the_sheet_prints_the_decks_with_rank_and_suit, .timeout = 300)
{
    RunResult r = run_cmd("set -e; t=$(mktemp -d); " CARDC " sheet cards/simple -o $t/s.pdf; "
                          "pdftotext -raw $t/s.pdf - | tr '\\n' ' ' | tr -s ' '; rm -rf $t");
    cr_assert_eq(r.status, 0, "%s", r.err);
    char want[96];
    for (int s = 0; s < 4; s++)
        for (int k = 0; k < 8; k++) {
            snprintf(want, sizeof want, "%d%s %s ", k + 1, drv_suits[s], drv_systems[s][k]);
            cr_expect(strstr(r.out, want) != NULL, "the location card '%s' is not in the sheet", want);
        }
    for (int s = 0; s < 4; s++)
        for (int rank = 1; rank <= 10; rank++) {
            if (rank == 1)
                snprintf(want, sizeof want, "A%s", drv_suits[s]);
            else
                snprintf(want, sizeof want, "%d%s", rank, drv_suits[s]);
            cr_expect(strstr(r.out, want) != NULL, "the mission card %s is not in the sheet", want);
        }
    for (int i = 0; i < DRV_NUNITS; i++)
        cr_expect(strstr(r.out, drv_units[i].name) != NULL, "the unit %s is not in the sheet", drv_units[i].name);
    for (int i = 0; i < DRV_NLEADERS; i++)
        cr_expect(strstr(r.out, drv_leaders[i].name) != NULL, "the leader %s is not in the sheet", drv_leaders[i].name);
    run_free(&r);
}

Test(tools, sim_is_deterministic_and_no_game_reaches_the_round_limit, .timeout = 300)
{
    RunResult a = run_cmd(ENGINE " sim --games 200 --seed 1 --json");
    RunResult b = run_cmd(ENGINE " sim --games 200 --seed 1 --jobs 2 --json");
    cr_assert_eq(a.status, 0, "%s", a.err);
    cr_assert_eq(b.status, 0, "%s", b.err);
    cr_assert_str_eq(a.out, b.out);
    cr_expect(strstr(a.out, "\"errors\":0,") != NULL, "%s", a.out);
    cr_expect(strstr(a.out, "\"draws\":0,") != NULL, "%s", a.out);
    const char *max = strstr(a.out, "\"max\":");
    cr_assert_not_null(max);
    cr_expect_leq(atoi(max + 6), 22, "the longest game: %s", max);
    run_free(&a);
    run_free(&b);
}
