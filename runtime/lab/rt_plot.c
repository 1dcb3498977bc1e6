/* rt_plot.c: the chart of a simulation (cairo): win rate per seat with its
   95% interval, and the histogram of game lengths; or a sweep's: the win
   rate per seat over its variants or values; SVG or PNG. */
#include "rt_lab.h"
#include "rt_out.h"

#include <cairo.h>
#include <cairo-svg.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define W 900.0
#define H 420.0

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    if (n < k)
        return 0;
    for (size_t i = 0; i < k; i++) {
        char c = s[n - k + i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != suffix[i])
            return 0;
    }
    return 1;
}

static void text_at(cairo_t *cr, double x, double y, double size, int center, const char *s)
{
    cairo_text_extents_t te;
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, s, &te);
    cairo_move_to(cr, center ? x - te.width / 2 - te.x_bearing : x, y);
    cairo_show_text(cr, s);
}

/* chart_begin: a white chart with title at the top. */
static void chart_begin(cairo_t *cr, const char *title, double size)
{
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text_at(cr, W / 2, 24, size, 1, title);
}

/* rate_frame: the frame of a panel of rates at (x0, y0), pw by ph, with
   lines and labels at 0, 25, 50, 75 and 100%. */
static void rate_frame(cairo_t *cr, double x0, double y0, double pw, double ph)
{
    char buf[16];
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, x0, y0, pw, ph);
    cairo_stroke(cr);
    for (int t = 0; t <= 4; t++) {
        double y = y0 + ph - ph * t / 4.0;
        snprintf(buf, sizeof buf, "%d%%", 25 * t);
        text_at(cr, x0 - 40, y + 4, 11, 0, buf);
        cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
        cairo_move_to(cr, x0, y);
        cairo_line_to(cr, x0 + pw, y);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
    }
}

/* interval: a 95% interval at x from y lo to y hi, ends half wide. */
static void interval(cairo_t *cr, double x, double lo, double hi, double half)
{
    cairo_move_to(cr, x, lo);
    cairo_line_to(cr, x, hi);
    cairo_move_to(cr, x - half, lo);
    cairo_line_to(cr, x + half, lo);
    cairo_move_to(cr, x - half, hi);
    cairo_line_to(cr, x + half, hi);
    cairo_stroke(cr);
}

/* fair_line: the dashed line of a fair game of np seats across a panel. */
static void fair_line(cairo_t *cr, double x0, double y0, double pw, double ph, int np)
{
    double fair = y0 + ph - ph / np;
    cairo_set_source_rgb(cr, 0.8, 0, 0);
    double dash[] = {4, 3};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, x0, fair);
    cairo_line_to(cr, x0 + pw, fair);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

/* draw: both panels on cr. */
static void draw(cairo_t *cr, const RtSimResult *r, const RtSimSpec *spec, const RtStats *s)
{
    char buf[160];
    snprintf(buf, sizeof buf, "%s (%s): %d games, seed %llu", r->def->id, r->def->variant, r->games,
             (unsigned long long)r->seed);
    chart_begin(cr, buf, 16);

    /* left: win rates with 95% intervals */
    double x0 = 60, y0 = 60, pw = 360, ph = 300;
    rate_frame(cr, x0, y0, pw, ph);
    text_at(cr, x0 + pw / 2, y0 - 8, 13, 1, "win rate by seat (95% CI)");
    int np = r->players;
    double slot = pw / np;
    for (int p = 0; p < np; p++) {
        double bx = x0 + slot * p + slot * 0.2, bw = slot * 0.6;
        double top = y0 + ph - ph * s->seat[p].rate;
        double hue = (double)p / np;
        cairo_set_source_rgb(cr, 0.2 + 0.6 * hue, 0.4, 0.8 - 0.6 * hue);
        cairo_rectangle(cr, bx, top, bw, y0 + ph - top);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        double lo = y0 + ph - ph * s->seat[p].lo, hi = y0 + ph - ph * s->seat[p].hi, cx = bx + bw / 2;
        interval(cr, cx, lo, hi, 6);
        snprintf(buf, sizeof buf, "%.1f%%", 100 * s->seat[p].rate);
        text_at(cr, cx, hi - 6, 11, 1, buf);
        text_at(cr, cx, y0 + ph + 16, 11, 1, r->names[p]);
        const char *agent = p < spec->nagents && spec->agents[p] ? spec->agents[p] : "random";
        text_at(cr, cx, y0 + ph + 30, 10, 1, agent);
    }
    fair_line(cr, x0, y0, pw, ph, np);

    /* right: game lengths */
    double x1 = 500, pw1 = 360;
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_rectangle(cr, x1, y0, pw1, ph);
    cairo_stroke(cr);
    text_at(cr, x1 + pw1 / 2, y0 - 8, 13, 1, "game length (rounds)");
    int nb = s->max_rounds - s->min_rounds + 1;
    long most = 1;
    for (int k = 0; s->hist && k < nb; k++)
        if (s->hist[k] > most)
            most = s->hist[k];
    double bwid = pw1 / nb;
    for (int k = 0; s->hist && k < nb; k++) {
        double hgt = ph * (double)s->hist[k] / most;
        cairo_set_source_rgb(cr, 0.3, 0.6, 0.3);
        cairo_rectangle(cr, x1 + k * bwid + 1, y0 + ph - hgt, bwid - 2 > 1 ? bwid - 2 : 1, hgt);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        if (nb <= 30 || k % (nb / 15 + 1) == 0) {
            snprintf(buf, sizeof buf, "%d", s->min_rounds + k);
            text_at(cr, x1 + k * bwid + bwid / 2, y0 + ph + 16, 10, 1, buf);
        }
    }
    snprintf(buf, sizeof buf, "max %ld games", most);
    text_at(cr, x1 + 4, y0 + 14, 10, 0, buf);
    snprintf(buf, sizeof buf, "mean %.2f, median %d", s->mean_rounds, s->median_rounds);
    text_at(cr, x1 + pw1 / 2, y0 + ph + 34, 11, 1, buf);
}

/* draw_sweep: the win rate of each seat over the n runs of a sweep, each
   point with its 95% interval, one line per seat; labels under the points. */
static void draw_sweep(cairo_t *cr, const RtSimResult *res, int n, const char *const *labels, const char *axis,
                       const RtSimSpec *spec, const RtStats *s)
{
    char buf[400];
    snprintf(buf, sizeof buf, "%s: win rate by seat over %s (95%% CI), %d games each, seed %llu", res[0].def->id, axis,
             res[0].games, (unsigned long long)res[0].seed);
    chart_begin(cr, buf, 15);
    double x0 = 70, y0 = 50, pw = 560, ph = 300;
    rate_frame(cr, x0, y0, pw, ph);
    double step = pw / n;
    for (int k = 0; k < n; k++)
        text_at(cr, x0 + step * (k + 0.5), y0 + ph + 16, 11, 1, labels[k]);
    text_at(cr, x0 + pw / 2, y0 + ph + 36, 12, 1, axis);
    int np = res[0].players;
    for (int p = 0; p < np; p++) {
        double hue = (double)p / np;
        cairo_set_source_rgb(cr, 0.2 + 0.6 * hue, 0.4, 0.8 - 0.6 * hue);
        for (int k = 0; k < n; k++) {   /* the line through the rates */
            double x = x0 + step * (k + 0.5), y = y0 + ph - ph * s[k].seat[p].rate;
            if (k)
                cairo_line_to(cr, x, y);
            else
                cairo_move_to(cr, x, y);
        }
        cairo_set_line_width(cr, 2);
        cairo_stroke(cr);
        cairo_set_line_width(cr, 1);
        for (int k = 0; k < n; k++) {   /* each point's interval */
            double x = x0 + step * (k + 0.5) + 4 * (p - (np - 1) / 2.0);
            interval(cr, x, y0 + ph - ph * s[k].seat[p].lo, y0 + ph - ph * s[k].seat[p].hi, 4);
        }
        /* the legend: seat, player and agent */
        double ly = y0 + 16 + 20 * p;
        cairo_rectangle(cr, x0 + pw + 16, ly - 9, 14, 10);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        const char *agent = p < spec->nagents && spec->agents[p] ? spec->agents[p] : "random";
        snprintf(buf, sizeof buf, "seat %d %s (%s)", p + 1, res[0].names[p], agent);
        text_at(cr, x0 + pw + 36, ly, 11, 0, buf);
    }
    fair_line(cr, x0, y0, pw, ph, np);
}

/* rt__plot_format: see rt_lab.h. */
int rt__plot_format(const char *path, FILE *err, const char *prog)
{
    if (ends_with(path, ".png"))
        return 1;
    if (ends_with(path, ".svg"))
        return 0;
    fprintf(err, "%s: sim: --plot %s: the file must end in .svg or .png\n", prog, path);
    return -1;
}

/* to_out: cairo's write function into an RtOut (the closure). */
static cairo_status_t to_out(void *closure, const unsigned char *data, unsigned int len)
{
    return rt_out_write(closure, data, len) == 0 ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* A chart being drawn: the one sim's, or a sweep's. */
typedef struct Chart {
    const RtSimResult *res;
    int n;                        /* the runs of a sweep; 0: one sim's chart */
    const char *const *labels;
    const char *axis;
    const RtSimSpec *spec;
    const RtStats *stats;         /* one per run */
} Chart;

/* render: chart c as a PNG (png) or an SVG into o. Returns 0, or -1 with
   o->why set. */
static int render(const Chart *c, int png, RtOut *o)
{
    cairo_surface_t *surf = png ? cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)W, (int)H)
                                : cairo_svg_surface_create_for_stream(to_out, o, W, H);
    cairo_t *cr = cairo_create(surf);
    if (c->n)
        draw_sweep(cr, c->res, c->n, c->labels, c->axis, c->spec, c->stats);
    else
        draw(cr, c->res, c->spec, c->stats);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(surf);
    if (png && st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_write_to_png_stream(surf, to_out, o);
    cairo_surface_finish(surf);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(surf);
    cairo_surface_destroy(surf);
    if (st != CAIRO_STATUS_SUCCESS && !o->why)
        o->why = cairo_status_to_string(st);
    return o->why ? -1 : 0;
}

/* rt__plot: see rt_lab.h. */
int rt__plot(const RtSimResult *r, const RtSimSpec *spec, int png, RtOut *o)
{
    RtStats s;
    rt__stats(r, &s);
    Chart c = {r, 0, NULL, NULL, spec, &s};
    int rc = render(&c, png, o);
    rt__stats_free(&s);
    return rc;
}

/* rt__plot_sweep: see rt_lab.h. */
int rt__plot_sweep(const RtSimResult *res, int n, const char *const *labels, const char *axis, const RtSimSpec *spec,
                   int png, RtOut *o)
{
    RtStats *s = calloc((size_t)n, sizeof *s);
    if (!s) {
        o->why = "out of memory";
        return -1;
    }
    for (int k = 0; k < n; k++)
        rt__stats(&res[k], &s[k]);
    Chart c = {res, n, labels, axis, spec, s};
    int rc = render(&c, png, o);
    for (int k = 0; k < n; k++)
        rt__stats_free(&s[k]);
    free(s);
    return rc;
}
