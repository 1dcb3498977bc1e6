/* sheet_test.c: printable card sheets: pages, paper, text, determinism, a golden page, shrink-to-fit and layout diagnostics. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>

#include "sheet_text.h"
#include "scratch.h"
#include "testutil.h"

/* SCRATCH: the template of the tests' scratch folders (tmpdir). */
#define SCRATCH "/tmp/sheet-test-XXXXXX"

/* pango and fontconfig keep caches for the life of the process: no leak checks in the child */
#define CARDC "ASAN_OPTIONS=detect_leaks=0 " TEST_BUILD_DIR "/san/cardc"
#define FIX "tests/sheet/fixtures"
#define EVR_COPIES 82   /* every copy of every base-game card of cards/evr (cardc json) */

/* run: the output (stdout, and stderr when err) of a shell command; *status its exit status. */
static char *run(const char *cmd, int *status)
{
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p, "cannot run %s", cmd);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (n + 1 >= cap)
            buf = realloc(buf, cap *= 2);
    }
    buf[n] = '\0';
    int st = pclose(p);
    if (status)
        *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return buf;
}

/* slurp: the whole file (read_file), which must be readable. */
static void rmrf(const char *d)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
    free(run(cmd, NULL));
}

/* pdfinfo's value for key ("Pages", "Page size") in path. */
static char *pdfinfo(const char *path, const char *key)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "pdfinfo '%s' | sed -n 's/^%s: *//p'", path, key);
    char *s = run(cmd, NULL);
    s[strcspn(s, "\n")] = '\0';
    return s;
}

static void make_sheet(const char *game, const char *out, const char *opts)
{
    char cmd[1024];
    int st;
    snprintf(cmd, sizeof cmd, CARDC " sheet %s -o '%s' %s 2>&1", game, out, opts);
    char *o = run(cmd, &st);
    cr_assert_eq(st, 0, "%s failed (%d):\n%s", cmd, st, o);
    free(o);
}

Test(sheet, evr_pages_match_card_count_on_a4)
{
    char *d = tmpdir(SCRATCH);
    char out[256];
    snprintf(out, sizeof out, "%s/evr.pdf", d);
    make_sheet("cards/evr", out, "");
    char *pages = pdfinfo(out, "Pages"), *size = pdfinfo(out, "Page size");
    int fronts = (EVR_COPIES + 8) / 9;
    cr_expect_eq(atoi(pages), 2 * fronts, "pages %s, expected %d fronts and %d backs", pages, fronts, fronts);
    cr_expect(strstr(size, "(A4)") != NULL, "page size %s", size);
    free(pages);
    free(size);
    rmrf(d);
    free(d);
}

Test(sheet, letter_paper_and_no_backs)
{
    char *d = tmpdir(SCRATCH);
    char out[256];
    snprintf(out, sizeof out, "%s/evr.pdf", d);
    make_sheet("cards/evr", out, "--paper letter --duplex none");
    char *pages = pdfinfo(out, "Pages"), *size = pdfinfo(out, "Page size");
    cr_expect_eq(atoi(pages), (EVR_COPIES + 8) / 9, "pages %s", pages);
    cr_expect(strstr(size, "(letter)") != NULL, "page size %s", size);
    free(pages);
    free(size);
    rmrf(d);
    free(d);
}

Test(sheet, evr_text_contains_every_card_name)
{
    char *d = tmpdir(SCRATCH);
    char out[256], cmd[512];
    snprintf(out, sizeof out, "%s/evr.pdf", d);
    make_sheet("cards/evr", out, "");
    /* content-stream order keeps a wrapped name's lines together */
    snprintf(cmd, sizeof cmd, "pdftotext -raw '%s' - | tr '\\n' ' ' | tr -s ' '", out);
    char *text = run(cmd, NULL);
    /* the base game's cards, from the card database (cardc json) */
    char *names = run(CARDC " json cards/evr | grep '\"variant\": null' | sed 's/^ *{\"name\": \"//; s/\", \"kind\".*//'",
                      NULL);
    int n = 0;
    for (char *line = strtok(names, "\n"); line; line = strtok(NULL, "\n"), n++)
        cr_expect(strstr(text, line) != NULL, "card name '%s' is not in the PDF's text", line);
    cr_expect_gt(n, 40);
    free(text);
    free(names);
    rmrf(d);
    free(d);
}

Test(sheet, pdf_is_deterministic)
{
    char *d = tmpdir(SCRATCH);
    char a[256], b[256], cmd[600];
    snprintf(a, sizeof a, "%s/a.pdf", d);
    snprintf(b, sizeof b, "%s/b.pdf", d);
    make_sheet("cards/evr", a, "");
    make_sheet("cards/evr", b, "");
    snprintf(cmd, sizeof cmd, "cmp '%s' '%s'", a, b);
    int st;
    free(run(cmd, &st));
    cr_expect_eq(st, 0, "two runs made different PDFs");
    rmrf(d);
    free(d);
}

/* The first page of the demo game (layout, icons, markup, shrunk text)
   rendered at 40 dpi matches the golden PNG within a small tolerance. */
Test(sheet, demo_page_matches_golden_png)
{
    char *d = tmpdir(SCRATCH);
    char out[256], cmd[600], png[300];
    snprintf(out, sizeof out, "%s/demo.pdf", d);
    make_sheet(FIX "/demo", out, "");
    snprintf(cmd, sizeof cmd, "pdftoppm -r 40 -f 1 -l 1 -png -singlefile '%s' '%s/page'", out, d);
    int st;
    free(run(cmd, &st));
    cr_assert_eq(st, 0);
    snprintf(png, sizeof png, "%s/page.png", d);
    if (getenv("SHEET_REFRESH_GOLDEN")) {
        snprintf(cmd, sizeof cmd, "cp '%s' tests/sheet/golden/demo-page1.png", png);
        free(run(cmd, NULL));
    }
    cairo_surface_t *got = cairo_image_surface_create_from_png(png);
    cairo_surface_t *want = cairo_image_surface_create_from_png("tests/sheet/golden/demo-page1.png");
    cr_assert_eq(cairo_surface_status(got), CAIRO_STATUS_SUCCESS);
    cr_assert_eq(cairo_surface_status(want), CAIRO_STATUS_SUCCESS, "golden PNG missing");
    int w = cairo_image_surface_get_width(got), h = cairo_image_surface_get_height(got);
    cr_assert_eq(w, cairo_image_surface_get_width(want));
    cr_assert_eq(h, cairo_image_surface_get_height(want));
    cairo_surface_t *gs = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h), *ws = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *c1 = cairo_create(gs), *c2 = cairo_create(ws);
    cairo_set_source_surface(c1, got, 0, 0);
    cairo_paint(c1);
    cairo_set_source_surface(c2, want, 0, 0);
    cairo_paint(c2);
    cairo_destroy(c1);
    cairo_destroy(c2);
    cairo_surface_flush(gs);
    cairo_surface_flush(ws);
    const unsigned char *p = cairo_image_surface_get_data(gs), *q = cairo_image_surface_get_data(ws);
    int stride = cairo_image_surface_get_stride(gs);
    long bad = 0;
    double sum = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w * 4; x++) {
            if (x % 4 == 3)
                continue;
            int diff = abs(p[y * stride + x] - q[y * stride + x]);
            sum += diff;
            if (diff > 64)
                bad++;
        }
    double mean = sum / ((double)w * h * 3);
    cr_expect(mean < 2.0, "mean difference %.2f per channel", mean);
    cr_expect(bad < (long)w * h * 3 / 100, "%ld channels differ by more than 64", bad);
    cairo_surface_destroy(gs);
    cairo_surface_destroy(ws);
    cairo_surface_destroy(got);
    cairo_surface_destroy(want);
    rmrf(d);
    free(d);
}

Test(sheet, long_text_shrinks_to_fit)
{
    SheetText *t = sheet_text_new(NULL, NULL);
    cr_assert_not_null(t);
    SheetStyle st = {"DejaVu Serif", 10, 0, 0, 0, 0, 0};
    const char *shortt = "Gain one influence.";
    char longt[2000] = "";
    for (int i = 0; i < 12; i++)
        strcat(longt, "At the start of each round, look at the top three cards of your deck. ");
    int fits_s, fits_l, lines_s, lines_l;
    double ps = sheet_text_fit(t, &st, "", shortt, 1, 53, 30, &fits_s, &lines_s);
    double pl = sheet_text_fit(t, &st, "", longt, 1, 53, 30, &fits_l, &lines_l);
    cr_expect(fits_s && fits_l);
    cr_expect_eq(ps, 10.0, "a short text keeps its size (%.2f)", ps);
    cr_expect_lt(pl, 10.0, "a long text shrinks (%.2f)", pl);
    cr_expect_geq(pl, 4.0);
    cr_expect_gt(lines_l, lines_s);
    /* a size just above the chosen one does not fit: the search is tight */
    SheetStyle bigger = st;
    bigger.pt = pl + 0.2;
    int f2;
    double p2 = sheet_text_fit(t, &bigger, "", longt, 1, 53, 30, &f2, NULL);
    cr_expect_lt(p2, bigger.pt);
    /* far too much text: the floor, reported as not fitting */
    int f3;
    char huge[20000] = "";
    for (int i = 0; i < 150; i++)
        strcat(huge, "Far too much text for one small box. ");
    double p3 = sheet_text_fit(t, &st, "", huge, 1, 20, 10, &f3, NULL);
    cr_expect_eq(f3, 0);
    cr_expect_eq(p3, 4.0);
    sheet_text_free(t);
}

Test(sheet, png_one_image_per_face)
{
    char *d = tmpdir(SCRATCH);
    make_sheet(FIX "/demo", d, "--format png --dpi 100");
    char cmd[400];
    snprintf(cmd, sizeof cmd, "ls '%s' | wc -l", d);
    char *o = run(cmd, NULL);
    cr_expect_eq(atoi(o), 6, "3 cards x 2 faces: %s", o);
    free(o);
    /* the size from the PNG's IHDR chunk: big-endian width and height at bytes 16..23 */
    char path[400];
    snprintf(path, sizeof path, "%s/01-scout-front.png", d);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "no %s", path);
    unsigned char h[24];
    cr_assert_eq(fread(h, 1, sizeof h, f), sizeof h);
    fclose(f);
    cr_expect(memcmp(h, "\x89PNG", 4) == 0, "not a PNG");
    unsigned long w = (unsigned long)h[16] << 24 | (unsigned long)h[17] << 16 | (unsigned long)h[18] << 8 | h[19];
    unsigned long ht = (unsigned long)h[20] << 24 | (unsigned long)h[21] << 16 | (unsigned long)h[22] << 8 | h[23];
    cr_expect(w == 272 && ht == 370, "69 x 94 mm at 100 dpi is 272 x 370, not %lu x %lu", w, ht);
    rmrf(d);
    free(d);
}

/* The background of a default-layout front in dir (a PNG at 50 dpi), 10 mm
   from its left edge and 88 mm from its top (below every field): 0xRRGGBB. */
static uint32_t tint_of(const char *dir, const char *file)
{
    char path[400];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    cr_assert_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS, "cannot read %s", path);
    cairo_surface_flush(s);
    const unsigned char *px = cairo_image_surface_get_data(s) +
                              (int)(88 / 25.4 * 50) * cairo_image_surface_get_stride(s) + (int)(10 / 25.4 * 50) * 4;
    uint32_t rgb = (uint32_t)px[2] << 16 | (uint32_t)px[1] << 8 | px[0];  /* ARGB32, little-endian */
    cairo_surface_destroy(s);
    return rgb;
}

Test(sheet, default_layout_tints_each_side_with_its_own_colour)
{
    char *d = tmpdir(SCRATCH);
    make_sheet(FIX "/tint", d, "--format png --dpi 50");
    uint32_t red = tint_of(d, "01-red-unit-front.png"), blue = tint_of(d, "02-blue-unit-front.png"),
             rebel = tint_of(d, "03-rebel-unit-front.png");
    cr_expect_eq(red, 0xf7e8e8, "side red is tinted %06x, not red", red);
    cr_expect_eq(blue, 0xe8eef7, "side blue is tinted %06x, not blue", blue);
    cr_expect(rebel != red && rebel != blue, "side rebel shares a tint (%06x)", rebel);
    rmrf(d);
    free(d);
}

Test(sheet, cards_option_selects_and_rejects)
{
    char *d = tmpdir(SCRATCH);
    char out[256], cmd[600];
    snprintf(out, sizeof out, "%s/s.pdf", d);
    make_sheet("cards/evr", out, "--cards \"Luke Skywalker\" strategy");
    char *pages = pdfinfo(out, "Pages");
    cr_expect_eq(atoi(pages), 4, "1 + 10 cards: 2 fronts, 2 backs; got %s", pages);
    free(pages);
    int st;
    snprintf(cmd, sizeof cmd, CARDC " sheet cards/evr -o '%s' --cards 'Luke Skywalkr' 2>&1", out);
    char *o = run(cmd, &st);
    cr_expect_eq(st, 1);
    cr_expect_str_eq(o, "cardc: error: no card or kind named 'Luke Skywalkr'; did you mean 'Luke Skywalker'?\n1 error\n");
    free(o);
    rmrf(d);
    free(d);
}

/* Each layout diagnostic: `cardc check` of the fixture prints expected.txt exactly. */
static void diagnostic(const char *name)
{
    char cmd[512], path[256];
    snprintf(cmd, sizeof cmd, "cd " FIX " && ASAN_OPTIONS=detect_leaks=0 ../../../" TEST_BUILD_DIR "/san/cardc check %s 2>&1 >/dev/null", name);
    int st;
    char *got = run(cmd, &st);
    snprintf(path, sizeof path, FIX "/%s/expected.txt", name);
    char *want = slurp(path);
    cr_expect_eq(st, 1);
    cr_expect_str_eq(got, want);
    free(got);
    free(want);
}

Test(sheet_diag, unknown_field_did_you_mean) { diagnostic("bad_field"); }
Test(sheet_diag, box_outside_the_card) { diagnostic("box_outside"); }
Test(sheet_diag, missing_image_file) { diagnostic("missing_image"); }
Test(sheet_diag, unknown_icon) { diagnostic("unknown_icon"); }
Test(sheet_diag, unknown_side_and_bad_colour) { diagnostic("bad_side"); }

/* A requested font that is not installed: the sheet is made (exit 0) and a
   warning names the font, its replacement, and the layout line. */
Test(sheet_diag, replaced_font_is_a_warning)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cd " FIX " && ASAN_OPTIONS=detect_leaks=0 ../../../" TEST_BUILD_DIR
             "/san/cardc sheet font_replaced -o /tmp/cardc-font-test.pdf 2>&1 >/dev/null");
    int st;
    char *got = run(cmd, &st);
    cr_expect_eq(st, 0, "%s", got);
    cr_expect_str_eq(got, "font_replaced/game.cards:7:37: warning: font 'Nonexistent Sans Display' is not installed; "
                          "it is replaced by 'DejaVu Sans'\n"
                          "    box name at 3, 3 size 35 x 8 font \"Nonexistent Sans Display\" 10 bold\n"
                          "                                      ^\n");
    free(got);
    remove("/tmp/cardc-font-test.pdf");
}

/* --variant: the cards of a variant with the data it gives them (the
   High chip of tests/lang/games/variant_cards is gold in the game and
   silver in its variant `cheap`); an unknown variant is refused with the
   list of them. */
Test(sheet, variant_option_prints_the_variant_cards_with_their_data)
{
    char *d = tmpdir(SCRATCH);
    char out[256], cmd[700];
    const char *game = "tests/lang/games/variant_cards";
    const char *variants[] = {"", "--variant base", "--variant cheap"};
    const char *want[] = {"gold", "gold", "silver"};
    for (int i = 0; i < 3; i++) {
        snprintf(out, sizeof out, "%s/v%d.pdf", d, i);
        make_sheet(game, out, variants[i]);
        snprintf(cmd, sizeof cmd, "pdftotext -raw '%s' - | grep -c -w 'gold\\|silver'; pdftotext -raw '%s' - | grep -o -w -m1 'gold\\|silver'", out, out);
        char *text = run(cmd, NULL);
        char expect[64];
        snprintf(expect, sizeof expect, "2\n%s\n", want[i]);
        cr_expect_str_eq(text, expect, "%s", variants[i]);
        free(text);
    }
    int st;
    snprintf(cmd, sizeof cmd, CARDC " sheet %s -o '%s/x.pdf' --variant chep 2>&1", game, d);
    char *o = run(cmd, &st);
    cr_expect_eq(st, 1);
    cr_expect_str_eq(o, "cardc: error: --variant: no variant named 'chep'; did you mean 'cheap'? (the variants: base, "
                        "same, cheap)\n1 error\n");
    free(o);
    rmrf(d);
    free(d);
}

/* ---- boards: a map printed by its board layout --------------------------- */

/* word_centre: the centre (in points) of word w on page `page` of pdf, from
   pdftotext -bbox; fails the test when the word is not there. */
static void word_centre(const char *pdf, int page, const char *w, double *x, double *y)
{
    char cmd[700];
    snprintf(cmd, sizeof cmd,
             "pdftotext -f %d -l %d -bbox '%s' - | sed -n 's/.*xMin=\"\\([0-9.]*\\)\" yMin=\"\\([0-9.]*\\)\" "
             "xMax=\"\\([0-9.]*\\)\" yMax=\"\\([0-9.]*\\)\">%s<.*/\\1 \\2 \\3 \\4/p'",
             page, page, pdf, w);
    char *o = run(cmd, NULL);
    double x0, y0, x1, y1;
    cr_assert_eq(sscanf(o, "%lf %lf %lf %lf", &x0, &y0, &x1, &y1), 4, "no word %s on page %d: %s", w, page, o);
    *x = (x0 + x1) / 2;
    *y = (y0 + y1) / 2;
    free(o);
}

/* red_near: whether a pixel within 2 px of (x, y) of the RGB24 image is red. */
static int red_near(cairo_surface_t *img, double x, double y)
{
    const unsigned char *p = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img), w = cairo_image_surface_get_width(img),
        h = cairo_image_surface_get_height(img);
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) {
            int px = (int)lround(x) + dx, py = (int)lround(y) + dy;
            if (px < 0 || py < 0 || px >= w || py >= h)
                continue;
            const unsigned char *q = p + py * stride + px * 4;   /* B, G, R, x */
            if (q[2] > 200 && q[1] < 90 && q[0] < 90)
                return 1;
        }
    return 0;
}

/* The fixture's board: one page after the card's front and back, A4
   turned landscape; the group titles and the spaces, row by row, in
   that order (the groups in the order of the regions, the space in no
   region last); an edge between spaces of two groups is a red line
   through the middle of the gap; no line where there is no edge; the edge
   Coruscant-Tatooine, whose straight line would pass over Alderaan, bends
   round it. Two runs make the same PDF. */
Test(sheet, board_prints_spaces_by_group_and_edges)
{
    char *d = tmpdir(SCRATCH);
    char out[256], out2[256], cmd[700];
    snprintf(out, sizeof out, "%s/board.pdf", d);
    snprintf(out2, sizeof out2, "%s/board2.pdf", d);
    make_sheet(FIX "/board", out, "");
    make_sheet(FIX "/board", out2, "");
    char *pages = pdfinfo(out, "Pages");
    cr_expect_str_eq(pages, "3");
    snprintf(cmd, sizeof cmd, "pdfinfo -f 3 -l 3 '%s' | sed -n 's/^Page *3 size: *//p'", out);
    char *size = run(cmd, NULL);
    cr_expect_str_eq(size, "841.89 x 595.276 pts (A4)\n");
    snprintf(cmd, sizeof cmd, "pdftotext -f 3 -l 3 -raw '%s' -", out);
    char *text = run(cmd, NULL);
    cr_expect_str_eq(text, "Core Rim\nDeep\nCoruscant Alderaan\nsize 2\nTatooine Hoth\nDagobah\nEndor Kessel\n\f");
    snprintf(cmd, sizeof cmd, "cmp '%s' '%s'", out, out2);
    int st;
    free(run(cmd, &st));
    cr_expect_eq(st, 0, "two runs made different PDFs");

    snprintf(cmd, sizeof cmd, "pdftoppm -r 72 -f 3 -l 3 -png -singlefile '%s' '%s/board'", out, d);
    free(run(cmd, &st));
    cr_assert_eq(st, 0);
    snprintf(cmd, sizeof cmd, "%s/board.png", d);
    cairo_surface_t *png = cairo_image_surface_create_from_png(cmd);
    cr_assert_eq(cairo_surface_status(png), CAIRO_STATUS_SUCCESS);
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, cairo_image_surface_get_width(png),
                                                      cairo_image_surface_get_height(png));
    cairo_t *c = cairo_create(img);
    cairo_set_source_surface(c, png, 0, 0);
    cairo_paint(c);
    cairo_destroy(c);
    cairo_surface_flush(img);
    double cx, cy, ax, ay, tx, ty, ex, ey, kx, ky, gx, gy;
    word_centre(out, 3, "Coruscant", &cx, &cy);
    word_centre(out, 3, "Alderaan", &ax, &ay);
    word_centre(out, 3, "Tatooine", &tx, &ty);
    word_centre(out, 3, "Endor", &ex, &ey);
    word_centre(out, 3, "Kessel", &kx, &ky);
    word_centre(out, 3, "Dagobah", &gx, &gy);
    cr_expect(cy == ay && ay == ty && cx < ax && ax < tx, "one row: Coruscant, Alderaan, Tatooine");
    cr_expect(ey > cy && fabs(ex - cx) < 0.5, "Endor (Deep) below Coruscant (Core)");
    cr_expect(ky > gy && fabs(kx - gx) < 0.5, "Kessel (no region) below Dagobah (Rim)");
    cr_expect(red_near(img, (ax + ex) / 2, (ay + ey) / 2), "the edge Alderaan-Endor");
    cr_expect(red_near(img, (gx + kx) / 2, (gy + ky) / 2), "the edge Dagobah-Kessel");
    cr_expect(!red_near(img, (ex + kx) / 2, (ey + ky) / 2), "no edge Endor-Kessel");
    cr_expect(!red_near(img, (cx + ex) / 2, (cy + ey) / 2), "no edge Coruscant-Endor");
    /* 40 x 20 mm spaces: the bent edge passes below Alderaan's box (10 mm below its centre) */
    int below = 0;
    for (double y = cy + 11 * 72 / 25.4; y < cy + 40 * 72 / 25.4 && !below; y += 1)
        below = red_near(img, (cx + tx) / 2, y);
    cr_expect(below, "the edge Coruscant-Tatooine bends below Alderaan");
    cr_expect(!red_near(img, ax, ay + 12), "no edge over Alderaan");
    cairo_surface_destroy(img);
    cairo_surface_destroy(png);
    free(pages);
    free(size);
    free(text);
    rmrf(d);
    free(d);
}

/* --cards with the map's name prints the board alone; PNG output writes it
   as NN-<map>-board.png, the size of the sheet. */
Test(sheet, board_alone_and_as_png)
{
    char *d = tmpdir(SCRATCH);
    char out[256], cmd[700];
    snprintf(out, sizeof out, "%s/b.pdf", d);
    make_sheet(FIX "/board", out, "--cards galaxy");
    char *pages = pdfinfo(out, "Pages");
    cr_expect_str_eq(pages, "1");
    snprintf(out, sizeof out, "%s/png", d);
    make_sheet(FIX "/board", out, "--format png --dpi 20");
    snprintf(cmd, sizeof cmd, "cd '%s' && ls", out);
    char *ls = run(cmd, NULL);
    cr_expect(strstr(ls, "01-marker-front.png\n") != NULL, "%s", ls);
    cr_expect(strstr(ls, "08-kessel-front.png\n09-galaxy-board.png\n") != NULL, "%s", ls);   /* the spaces' own cards, then the board */
    snprintf(cmd, sizeof cmd, "%s/09-galaxy-board.png", out);
    cairo_surface_t *png = cairo_image_surface_create_from_png(cmd);
    cr_assert_eq(cairo_surface_status(png), CAIRO_STATUS_SUCCESS);
    cr_expect_eq(cairo_image_surface_get_width(png), 234);    /* 297 mm at 20 dpi */
    cr_expect_eq(cairo_image_surface_get_height(png), 165);   /* 210 mm */
    cairo_surface_destroy(png);
    free(pages);
    free(ls);
    rmrf(d);
    free(d);
}

Test(sheet_diag, board_layout_items) { diagnostic("board_bad"); }
