/* sheet.c: printable card sheets (PDF pages of cards with backs, or one PNG/SVG per card face), with cairo. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "outfile.h"
#include "sheet.h"
#include "sheet_board.h"
#include "model_value.h"
#include "sheet_layout.h"
#include "sheet_text.h"

#define MM_PT (72.0 / 25.4)
#define BLEED SHEET_BLEED_MM
#define MIN_MARGIN 4.0   /* mm of paper kept around the bleed for crop marks */

void sheet_options_default(SheetOptions *o)
{
    memset(o, 0, sizeof *o);
    o->duplex = SHEET_DUPLEX_LONG;
    o->dpi = 300;
}

int sheet_option_arity(const char *opt)
{
    static const char *const one[] = {"--paper", "--duplex", "--back-offset", "--format", "--dpi", "--variant"};
    for (size_t i = 0; i < sizeof one / sizeof *one; i++)
        if (strcmp(opt, one[i]) == 0)
            return 1;
    return strcmp(opt, "--cards") == 0 ? 2 : -1;
}

int sheet_option(SheetOptions *o, const char *opt, const char **vals, int nvals, const char **err)
{
    const char *v = nvals > 0 ? vals[0] : "";
    if (strcmp(opt, "--paper") == 0) {
        if (strcasecmp(v, "a4") == 0)
            o->letter = 0;
        else if (strcasecmp(v, "letter") == 0)
            o->letter = 1;
        else
            return *err = "--paper is a4 or letter", -1;
    } else if (strcmp(opt, "--duplex") == 0) {
        if (strcmp(v, "long") == 0)
            o->duplex = SHEET_DUPLEX_LONG;
        else if (strcmp(v, "short") == 0)
            o->duplex = SHEET_DUPLEX_SHORT;
        else if (strcmp(v, "none") == 0)
            o->duplex = SHEET_DUPLEX_NONE;
        else
            return *err = "--duplex is long, short or none", -1;
    } else if (strcmp(opt, "--back-offset") == 0) {
        char *end;
        o->back_dx = strtod(v, &end);
        if (end == v || *end != ',' || (o->back_dy = strtod(end + 1, &end), *end != '\0')
            || fabs(o->back_dx) > 20 || fabs(o->back_dy) > 20)
            return *err = "--back-offset is DX,DY in mm (e.g. 1.5,-0.5; at most 20)", -1;
    } else if (strcmp(opt, "--format") == 0) {
        if (strcmp(v, "pdf") == 0)
            o->format = SHEET_PDF;
        else if (strcmp(v, "png") == 0)
            o->format = SHEET_PNG;
        else if (strcmp(v, "svg") == 0)
            o->format = SHEET_SVG;
        else
            return *err = "--format is pdf, png or svg", -1;
        o->format_set = 1;
    } else if (strcmp(opt, "--dpi") == 0) {
        char *end;
        o->dpi = strtod(v, &end);
        if (end == v || *end || o->dpi < 10 || o->dpi > 1200)
            return *err = "--dpi is a number from 10 to 1200", -1;
    } else if (strcmp(opt, "--variant") == 0) {
        o->variant = v;
    } else if (strcmp(opt, "--cards") == 0) {
        if (nvals == 0)
            return *err = "--cards needs card or kind names", -1;
        o->select = vals;
        o->nselect = nvals;
    } else {
        return *err = "unknown sheet option", -1;
    }
    return 0;
}

/* ---- drawing one card face ------------------------------------------------ */

typedef struct Printer {
    Diag *d;
    Arena *a;
    const Model *m;
    const SheetOptions *o;
    SheetText *text;
    const int16_t *copies;     /* per card: its copies in the variant printed */
    const int *data;           /* per card: the card whose data it has there (a `set card`: another) */
    unsigned char *warned;     /* per card: text-overflow warnings already given */
    const char **fonts_seen;
    int nfonts, capfonts;
} Printer;

static const char *icon_path(void *ud, const char *name, size_t len)
{
    Printer *P = ud;
    return sheet_icon_path(P->a, P->m, name, len);
}

static void set_rgb(cairo_t *cr, uint32_t c)
{
    cairo_set_source_rgb(cr, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0);
}

static int matches(const Model *m, const MCard *c, const MLayoutCond *w)
{
    if (w->field < 0)
        return 1;
    const MField *f = &m->kinds[c->kind].fields[w->field];
    const MValue *v = &c->values[f->index];
    int eq;
    if (f->type == TY_TEXT)
        eq = strcmp(v->present && v->text ? v->text : "", w->text ? w->text : "") == 0;
    else
        eq = (v->present ? v->ival : 0) == w->ival;
    return w->negate ? !eq : eq;
}

/* The printed value of a box for card c: a plain string or markup text. */
static const char *box_value(Printer *P, const MCard *c, const MLayoutItem *it, int *markup)
{
    *markup = 0;
    if (it->field == LAYOUT_FIELD_NAME)
        return c->name;
    const MField *f = &P->m->kinds[c->kind].fields[it->field];
    const MValue *v = &c->values[f->index];
    if (!v->present)
        return "";
    switch (f->type) {
    case TY_TEXT:
        *markup = 1;
        return v->text ? v->text : "";
    case TY_BOOL: {   /* a true flag prints its field's name ("Elite"), a false one nothing */
        if (!v->ival)
            return "";
        char *s = arena_strdup(P->a, f->name);
        for (char *p = s; *p; p++)
            if (*p == '_')
                *p = ' ';
        if (s[0] >= 'a' && s[0] <= 'z')
            s[0] = (char)(s[0] - 'a' + 'A');
        return s;
    }
    case TY_SIDE:   /* a side prints its title */
        if (v->ival >= 0 && v->ival < P->m->nsides)
            return P->m->side_titles && P->m->side_titles[v->ival] ? P->m->side_titles[v->ival] : P->m->side_names[v->ival];
        return "";
    default: {   /* ints and enum values as model_value_text reads them */
        const char *t = model_value_text(P->m, P->a, f, v);
        return t ? t : "";
    }
    }
}

static void check_font(Printer *P, const MLayoutItem *it)
{
    for (int i = 0; i < P->nfonts; i++)
        if (strcmp(P->fonts_seen[i], it->font) == 0)
            return;
    if (P->nfonts == P->capfonts) {
        int cap = P->capfonts ? P->capfonts * 2 : 8;
        const char **g = arena_alloc(P->a, sizeof *g * (size_t)cap);
        if (P->nfonts)
            memcpy(g, P->fonts_seen, sizeof *g * (size_t)P->nfonts);
        P->fonts_seen = g;
        P->capfonts = cap;
    }
    P->fonts_seen[P->nfonts++] = it->font;
    const char *got = sheet_text_font_family(P->text, it->font);
    if (strcasecmp(got, it->font) != 0) {
        if (it->font_loc.line > 0)
            diag_warning(P->d, it->font_loc, "font '%s' is not installed; it is replaced by '%s'", it->font, got);
        else
            fprintf(P->d->out, "cardc: warning: font '%s' is not installed; it is replaced by '%s'\n", it->font, got);
    }
}

static void draw_image(Printer *P, cairo_t *cr, const MLayout *L, const MLayoutItem *it, const MCard *c)
{
    const char *path = sheet_image_path(P->a, L, it, c->name);
    double iw, ih;
    cairo_surface_t *s = sheet_image_load(P->text, path, &iw, &ih);
    if (!s || iw <= 0 || ih <= 0)
        return;
    double scale = fmax(it->w / iw, it->h / ih); /* cover the box */
    cairo_save(cr);
    cairo_rectangle(cr, it->x, it->y, it->w, it->h);
    cairo_clip(cr);
    cairo_translate(cr, it->x + (it->w - iw * scale) / 2, it->y + (it->h - ih * scale) / 2);
    cairo_scale(cr, scale, scale);
    cairo_set_source_surface(cr, s, 0, 0);
    cairo_paint(cr);
    cairo_restore(cr);
}

/* draw_items: card c's face (0 front, 1 back) as layout L draws it, with
   cr's origin at the card's top-left trim corner and user units in mm. The
   caller clips the bleed. */
static void draw_items(Printer *P, cairo_t *cr, const MLayout *L, const MCard *c, int face)
{
    const MLayoutItem *its = face ? L->back : L->front;
    int n = face ? L->nback : L->nfront;
    if (n == 0 && face) {
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_rectangle(cr, -BLEED, -BLEED, L->w + 2 * BLEED, L->h + 2 * BLEED);
        cairo_fill(cr);
    }
    for (int i = 0; i < n; i++) {
        const MLayoutItem *it = &its[i];
        if (!matches(P->m, c, &it->when))
            continue;
        switch (it->what) {
        case LI_BACKGROUND:
            set_rgb(cr, it->color);
            cairo_rectangle(cr, -BLEED, -BLEED, L->w + 2 * BLEED, L->h + 2 * BLEED);
            cairo_fill(cr);
            break;
        case LI_FRAME:
            set_rgb(cr, it->color);
            cairo_set_line_width(cr, it->line);
            cairo_rectangle(cr, it->line / 2, it->line / 2, L->w - it->line, L->h - it->line);
            cairo_stroke(cr);
            break;
        case LI_IMAGE:
            draw_image(P, cr, L, it, c);
            break;
        case LI_BOX:
        case LI_TEXT: {
            int markup = 1;
            const char *body = it->what == LI_TEXT ? it->text : box_value(P, c, it, &markup);
            if (!body[0])
                break;
            check_font(P, it);
            SheetStyle st = {it->font, it->pt, it->bold, it->italic, it->align, it->valign, it->color};
            int fits = 1;
            sheet_text_draw(P->text, cr, &st, it->label ? it->label : "", body, markup, it->x, it->y, it->w, it->h, &fits);
            int bit = i + face * 32;
            if (!fits && bit < 64 && !(P->warned[(c - P->m->cards) * 8 + bit / 8] & (1u << (bit % 8)))) {
                P->warned[(c - P->m->cards) * 8 + bit / 8] |= (unsigned char)(1u << (bit % 8));
                diag_warning(P->d, it->loc, "the text of card \"%s\" does not fit in this box even at %.1f pt; it is cut",
                             c->name, fmax(4.0, it->pt * 0.4));
            }
            break;
        }
        }
    }
}

/* draw_face: card c's face (0 front, 1 back) as its kind's layout draws it (draw_items). */
static void draw_face(Printer *P, cairo_t *cr, const MCard *c, int face)
{
    draw_items(P, cr, &P->m->layouts[c->kind], c, face);
}

/* ---- boards --------------------------------------------------------------- */

/* lists: whether space t lists space s among its neighbours. */
static int lists(const MGraph *G, int t, int s)
{
    for (int i = G->first[t]; i < G->first[t + 1]; i++)
        if (G->adj[i] == s)
            return 1;
    return 0;
}

/* crosses: how many of 64 points of the quadratic curve from the centre
   of space s through control point (qx, qy) to the centre of space t lie
   on a third space's box (grown by 1 mm). */
static int crosses(const SheetBoardPlan *bp, double sw, double sh, int s, int t, double qx, double qy)
{
    double x1 = bp->sx[s] + sw / 2, y1 = bp->sy[s] + sh / 2, x2 = bp->sx[t] + sw / 2, y2 = bp->sy[t] + sh / 2;
    int n = 0;
    for (int i = 1; i < 64; i++) {
        double u = i / 64.0, x = (1 - u) * (1 - u) * x1 + 2 * u * (1 - u) * qx + u * u * x2,
               y = (1 - u) * (1 - u) * y1 + 2 * u * (1 - u) * qy + u * u * y2;
        for (int o = 0; o < bp->nspaces; o++)
            if (o != s && o != t && x > bp->sx[o] - 1 && x < bp->sx[o] + sw + 1 && y > bp->sy[o] - 1
                && y < bp->sy[o] + sh + 1)
                n++;
    }
    return n;
}

/* edge_bend: the control point of the edge from space s to space t: the
   midpoint (a straight line) when that passes over no other space, else
   of the bends to either side by 1, 2 or 3 spaces' heights (the curve's
   peak: half of that), the first that passes over none, or over the
   fewest points of other spaces (crosses). */
static void edge_bend(const SheetBoardPlan *bp, double sw, double sh, int s, int t, double *qx, double *qy)
{
    double x1 = bp->sx[s] + sw / 2, y1 = bp->sy[s] + sh / 2, x2 = bp->sx[t] + sw / 2, y2 = bp->sy[t] + sh / 2;
    double dx = x2 - x1, dy = y2 - y1, len = hypot(dx, dy), nx = len > 0 ? -dy / len : 0, ny = len > 0 ? dx / len : 1;
    int best = -1;
    for (int k = 0; k <= 6 && best != 0; k++) {
        double off = (k + 1) / 2 * sh * (k % 2 ? 1 : -1);   /* 0, +h, -h, +2h, -2h, +3h, -3h */
        double x = (x1 + x2) / 2 + nx * off, y = (y1 + y2) / 2 + ny * off;
        int n = crosses(bp, sw, sh, s, t, x, y);
        if (best < 0 || n < best) {
            best = n;
            *qx = x;
            *qy = y;
        }
    }
}

/* draw_board: map g's board as plan bp places it, with cr's origin at the
   sheet's top-left corner and user units in mm: a white sheet, each group's
   box and title, each space as its layout draws it (on white), then the
   edges on top, from the border of one box to the border of the other: a
   straight line between the two centres, or a curve to one side when the
   line would pass over another space (edge_bend); an edge given both ways
   is drawn once, one given one way has an arrowhead half-way, pointing at
   the space it leads to. */
static void draw_board(Printer *P, cairo_t *cr, int g, const SheetBoardPlan *bp)
{
    const MGraph *G = &P->m->graphs[g];
    const MBoardLayout *B = &P->m->board_layouts[g];
    double sw = B->space.w, sh = B->space.h;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_save(cr);
    cairo_translate(cr, bp->ox, bp->oy);
    cairo_scale(cr, bp->scale, bp->scale);
    for (int k = 0; k < bp->ngroups; k++) {
        cairo_rectangle(cr, bp->gx[k], bp->gy[k], bp->gw[k], bp->gh[k]);
        set_rgb(cr, 0xf2f2ee);
        cairo_fill_preserve(cr);
        set_rgb(cr, 0xb4b4ac);
        cairo_set_line_width(cr, 0.4);
        cairo_stroke(cr);
        if (!bp->gtitle[k][0])
            continue;
        SheetStyle st = {"DejaVu Sans", 11, 1, 0, 0, 1, 0x333333};
        sheet_text_draw(P->text, cr, &st, "", bp->gtitle[k], 0, bp->gx[k] + SHEET_BOARD_GAP, bp->gy[k] + 1,
                        bp->gw[k] - 2 * SHEET_BOARD_GAP, SHEET_BOARD_TITLE, NULL);
    }
    for (int s = 0; s < G->nspaces; s++) {
        cairo_save(cr);
        cairo_translate(cr, bp->sx[s], bp->sy[s]);
        cairo_rectangle(cr, 0, 0, sw, sh);
        cairo_clip(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        draw_items(P, cr, &B->space, &P->m->cards[G->space_card[s]], 0);
        cairo_restore(cr);
    }
    set_rgb(cr, B->edge_color);
    cairo_set_line_width(cr, B->edge_line);
    for (int s = 0; s < G->nspaces; s++)
        for (int i = G->first[s]; i < G->first[s + 1]; i++) {
            int t = G->adj[i], both = lists(G, t, s);
            if (both && t < s)
                continue;
            double x1 = bp->sx[s] + sw / 2, y1 = bp->sy[s] + sh / 2, x2 = bp->sx[t] + sw / 2, y2 = bp->sy[t] + sh / 2;
            double qx = 0, qy = 0;
            edge_bend(bp, sw, sh, s, t, &qx, &qy);
            /* the curve outside the two spaces' boxes */
            cairo_save(cr);
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
            cairo_rectangle(cr, -1e4, -1e4, 2e4, 2e4);
            cairo_rectangle(cr, bp->sx[s], bp->sy[s], sw, sh);
            cairo_rectangle(cr, bp->sx[t], bp->sy[t], sw, sh);
            cairo_clip(cr);
            cairo_move_to(cr, x1, y1);
            cairo_curve_to(cr, x1 + 2.0 / 3 * (qx - x1), y1 + 2.0 / 3 * (qy - y1), x2 + 2.0 / 3 * (qx - x2),
                           y2 + 2.0 / 3 * (qy - y2), x2, y2);
            cairo_stroke(cr);
            if (!both) {   /* the arrowhead at the curve's middle, along it */
                double mx = (x1 + 2 * qx + x2) / 4, my = (y1 + 2 * qy + y2) / 4, dx = x2 - x1, dy = y2 - y1;
                double len = hypot(dx, dy), ux = len > 0 ? dx / len : 1, uy = len > 0 ? dy / len : 0, a = 2.5;
                cairo_move_to(cr, mx + ux * a, my + uy * a);
                cairo_line_to(cr, mx - ux * a - uy * a * 0.6, my - uy * a + ux * a * 0.6);
                cairo_line_to(cr, mx - ux * a + uy * a * 0.6, my - uy * a - ux * a * 0.6);
                cairo_close_path(cr);
                cairo_fill(cr);
            }
            cairo_restore(cr);
        }
    cairo_restore(cr);
}

/* board_wanted: whether map g's board is printed: it has a board layout,
   and --cards is not given or names the map. */
static int board_wanted(const Printer *P, int g)
{
    if (!P->m->board_layouts || !P->m->board_layouts[g].declared)
        return 0;
    int want = P->o->nselect == 0;
    for (int i = 0; i < P->o->nselect && !want; i++)
        want = strcmp(P->m->graphs[g].name, P->o->select[i]) == 0;
    return want;
}

/* board_plan: the plan of map g's board on the paper turned landscape
   (unless its layout gives the sheet's size). */
static void board_plan(Printer *P, int g, SheetBoardPlan *bp)
{
    double pw = P->o->letter ? 279.4 : 297.0, ph = P->o->letter ? 215.9 : 210.0;
    sheet_board_plan(P->a, P->m, g, pw, ph, bp);
}

/* ---- which cards --------------------------------------------------------- */

/* printable: card c is a card of the variant printed (not a die, not a
   space of a board or map). */
static int printable(const Printer *P, int c)
{
    const MCard *card = &P->m->cards[c];
    return card->board < 0 && !P->m->kinds[card->kind].is_die && P->copies[c] > 0;
}

/* The selected cards (indices into m->cards), or -1 after reporting. */
static int select_cards(Printer *P, int *out)
{
    const Model *m = P->m;
    int n = 0;
    for (int i = 0; i < P->o->nselect; i++) {
        int found = 0;
        for (int k = 0; k < m->nkinds; k++)
            if (strcmp(m->kinds[k].name, P->o->select[i]) == 0)
                found = 1;
        for (int c = 0; c < m->ncards && !found; c++)
            if (strcmp(m->cards[c].name, P->o->select[i]) == 0)
                found = 1;
        for (int g = 0; g < m->ngraphs && !found; g++)
            found = m->board_layouts && m->board_layouts[g].declared && strcmp(m->graphs[g].name, P->o->select[i]) == 0;
        if (!found) {
            const char **cands = arena_alloc(P->a, sizeof(char *) * (size_t)(m->ncards + m->nkinds + 1));
            int nc = 0;
            for (int c = 0; c < m->ncards; c++)
                cands[nc++] = m->cards[c].name;
            for (int k = 0; k < m->nkinds; k++)
                cands[nc++] = m->kinds[k].name;
            const char *s = diag_suggest(P->o->select[i], cands, nc);
            if (s)
                diag_plain(P->d, "no card or kind named '%s'; did you mean '%s'?", P->o->select[i], s);
            else
                diag_plain(P->d, "no card or kind named '%s'", P->o->select[i]);
            return -1;
        }
    }
    for (int c = 0; c < m->ncards; c++) {
        const MCard *card = &m->cards[c];
        if (!printable(P, c))
            continue;
        int want = P->o->nselect == 0;
        for (int i = 0; i < P->o->nselect && !want; i++)
            want = strcmp(card->name, P->o->select[i]) == 0 || strcmp(m->kinds[card->kind].name, P->o->select[i]) == 0;
        if (want)
            out[n++] = c;
    }
    return n;
}

/* ---- PDF pages ------------------------------------------------------------ */

static void crop_marks(cairo_t *cr, double gx, double gy, int cols, int rows, double w, double h, double pw, double ph)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.2);
    double mx = fmin(5.0, gx - BLEED - 1.0), my = fmin(5.0, gy - BLEED - 1.0);
    (void)pw;
    (void)ph;
    for (int c = 0; c <= cols && my > 0.5; c++) {
        double x = gx + c * w;
        cairo_move_to(cr, x, gy - BLEED - 1.0);
        cairo_line_to(cr, x, gy - BLEED - 1.0 - my);
        cairo_move_to(cr, x, gy + rows * h + BLEED + 1.0);
        cairo_line_to(cr, x, gy + rows * h + BLEED + 1.0 + my);
    }
    for (int r = 0; r <= rows && mx > 0.5; r++) {
        double y = gy + r * h;
        cairo_move_to(cr, gx - BLEED - 1.0, y);
        cairo_line_to(cr, gx - BLEED - 1.0 - mx, y);
        cairo_move_to(cr, gx + cols * w + BLEED + 1.0, y);
        cairo_line_to(cr, gx + cols * w + BLEED + 1.0 + mx, y);
    }
    cairo_stroke(cr);
}

/* One page: cards slots[0..n) of one size, fronts (face 0) or backs. */
static void draw_page(Printer *P, cairo_t *cr, const int *slots, int n, int cols, int rows, double pw, double ph, int face)
{
    const MLayout *L = &P->m->layouts[P->m->cards[slots[0]].kind];
    double w = L->w, h = L->h;
    double gx = (pw - cols * w) / 2, gy = (ph - rows * h) / 2;
    double dx = 0, dy = 0;
    if (face) {
        dx = P->o->back_dx;
        dy = P->o->back_dy;
    }
    cairo_save(cr);
    cairo_translate(cr, dx, dy);
    for (int i = 0; i < n; i++) {
        int c = i % cols, r = i / cols;
        /* bleed on every edge without a card beside it; inner edges are shared cuts */
        int left = c > 0, right = c < cols - 1 && i + 1 < n, above = r > 0, below = i + cols < n;
        if (face && P->o->duplex == SHEET_DUPLEX_LONG) {
            c = cols - 1 - c;
            int t = left; left = right; right = t;
        } else if (face && P->o->duplex == SHEET_DUPLEX_SHORT) {
            r = rows - 1 - r;
            int t = above; above = below; below = t;
        }
        double x0 = gx + c * w, y0 = gy + r * h;
        double l = left ? 0 : BLEED, t = above ? 0 : BLEED, rr = right ? 0 : BLEED, b = below ? 0 : BLEED;
        cairo_save(cr);
        cairo_rectangle(cr, x0 - l, y0 - t, w + l + rr, h + t + b);
        cairo_clip(cr);
        cairo_translate(cr, x0, y0);
        draw_face(P, cr, &P->m->cards[slots[i]], face);
        cairo_restore(cr);
    }
    crop_marks(cr, gx, gy, cols, rows, w, h, pw, ph);
    cairo_restore(cr);
}

static const char *pdf_date(Arena *a)
{
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    time_t t = 946684800; /* 2000-01-01T00:00:00Z: no clock in the output */
    if (sde && *sde) {
        char *end;
        long long v = strtoll(sde, &end, 10);
        if (*end == '\0' && v >= 0)
            t = (time_t)v;
    }
    struct tm tm;
    gmtime_r(&t, &tm);
    return arena_printf(a, "%04d-%02d-%02dT%02d:%02d:%02dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                        tm.tm_min, tm.tm_sec);
}

/* to_out: cairo's write function into an OutFile (the closure). */
static cairo_status_t to_out(void *closure, const unsigned char *data, unsigned int len)
{
    return out_write(closure, data, len) == 0 ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* surface_done: finish s, which wrote into f (for PNG: write it into f
   first), and destroy it; drawn is the status of the context that drew on
   it. Returns 0, or 2 after reporting what failed: the file's own error (a
   full disk) or cairo's. */
static int surface_done(Printer *P, cairo_surface_t *s, OutFile *f, int png, cairo_status_t drawn)
{
    cairo_status_t st = drawn != CAIRO_STATUS_SUCCESS ? drawn : cairo_surface_status(s);
    if (png && st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_write_to_png_stream(s, to_out, f);
    cairo_surface_finish(s);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(s);
    cairo_surface_destroy(s);
    if (st == CAIRO_STATUS_SUCCESS && !f->o.why)
        return 0;
    diag_plain(P->d, "cannot write %s: %s", f->path, f->o.why ? f->o.why : cairo_status_to_string(st));
    return 2;
}

static int write_pdf(Printer *P, const int *sel, int nsel, const char *out)
{
    double pw = P->o->letter ? 215.9 : 210.0, ph = P->o->letter ? 279.4 : 297.0;
    OutFile f;
    if (out_open(P->d, &f, out) != 0)
        return 2;
    cairo_surface_t *s = cairo_pdf_surface_create_for_stream(to_out, &f, pw * MM_PT, ph * MM_PT);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        surface_done(P, s, &f, 0, CAIRO_STATUS_SUCCESS);
        out_abort(&f, 1);
        return 2;
    }
    const char *date = pdf_date(P->a);
    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, date);
    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_MOD_DATE, date);
    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, P->m->title ? P->m->title : P->m->id);
    cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "cardc sheet");
    cairo_t *cr = cairo_create(s);
    cairo_scale(cr, MM_PT, MM_PT);
    /* slots: every copy of every selected card, in order */
    int total = 0;
    for (int i = 0; i < nsel; i++)
        total += P->copies[sel[i]];
    int *slots = arena_alloc(P->a, sizeof(int) * (size_t)(total + 1));
    int ns = 0;
    for (int i = 0; i < nsel; i++)
        for (int k = 0; k < P->copies[sel[i]]; k++)
            slots[ns++] = P->data[sel[i]];
    int pages = 0;
    for (int i = 0; i < ns;) {
        const MLayout *L = &P->m->layouts[P->m->cards[slots[i]].kind];
        int cols = (int)((pw - 2 * (MIN_MARGIN + BLEED)) / L->w), rows = (int)((ph - 2 * (MIN_MARGIN + BLEED)) / L->h);
        cols = cols > 3 ? 3 : cols < 1 ? 1 : cols;
        rows = rows > 3 ? 3 : rows < 1 ? 1 : rows;
        int n = 0;
        while (i + n < ns && n < cols * rows) {
            const MLayout *L2 = &P->m->layouts[P->m->cards[slots[i + n]].kind];
            if (L2->w != L->w || L2->h != L->h)
                break;
            n++;
        }
        draw_page(P, cr, slots + i, n, cols, rows, pw, ph, 0);
        cairo_show_page(cr);
        pages++;
        if (P->o->duplex != SHEET_DUPLEX_NONE) {
            draw_page(P, cr, slots + i, n, cols, rows, pw, ph, 1);
            cairo_show_page(cr);
            pages++;
        }
        i += n;
    }
    for (int g = 0; g < P->m->ngraphs; g++) {
        if (!board_wanted(P, g))
            continue;
        SheetBoardPlan bp;
        board_plan(P, g, &bp);
        cairo_pdf_surface_set_size(s, bp.w * MM_PT, bp.h * MM_PT);
        draw_board(P, cr, g, &bp);
        cairo_show_page(cr);
    }
    cairo_status_t drawn = cairo_status(cr);
    cairo_destroy(cr);
    if (surface_done(P, s, &f, 0, drawn) != 0) {
        out_abort(&f, 1);
        return 2;
    }
    return out_commit(P->d, &f, 1) == 0 ? 0 : 2;
}

/* ---- one image per card face ---------------------------------------------- */

static const char *slug(Arena *a, const char *name)
{
    size_t n = strlen(name);
    char *s = arena_alloc(a, n + 1);
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            s[o++] = (char)c;
        else if (c >= 'A' && c <= 'Z')
            s[o++] = (char)(c - 'A' + 'a');
        else if (o > 0 && s[o - 1] != '-')
            s[o++] = '-';
    }
    while (o > 0 && s[o - 1] == '-')
        o--;
    s[o] = '\0';
    return o ? s : "card";
}

/* write_images: one PNG or SVG per card face into the folder out (made
   if missing); every file is rendered to its temporary first, and they are
   renamed only when all were written. Returns 0 or 2 (reported). */
static int write_images(Printer *P, const int *sel, int nsel, const char *out)
{
    if (out_folder(P->d, out) != 0)
        return 2;
    int svg = P->o->format == SHEET_SVG, faces = P->o->duplex == SHEET_DUPLEX_NONE ? 1 : 2, nf = 0;
    OutFile *files = arena_alloc(P->a, sizeof *files * (size_t)(nsel * faces + P->m->ngraphs + 1));
    for (int i = 0; i < nsel; i++) {
        const MCard *c = &P->m->cards[P->data[sel[i]]];
        const MLayout *L = &P->m->layouts[c->kind];
        double wmm = L->w + 2 * BLEED, hmm = L->h + 2 * BLEED;
        for (int face = 0; face < faces; face++) {
            const char *path = arena_printf(P->a, "%s/%02d-%s-%s.%s", out, i + 1, slug(P->a, c->name),
                                            face ? "back" : "front", svg ? "svg" : "png");
            OutFile *f = &files[nf];
            if (out_open(P->d, f, path) != 0) {
                out_abort(files, nf);
                return 2;
            }
            nf++;
            cairo_surface_t *s;
            double scale;
            if (svg) {
                s = cairo_svg_surface_create_for_stream(to_out, f, wmm * MM_PT, hmm * MM_PT);
                scale = MM_PT;
            } else {
                scale = P->o->dpi / 25.4;
                s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)lround(wmm * scale), (int)lround(hmm * scale));
            }
            cairo_status_t drawn = CAIRO_STATUS_SUCCESS;
            if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
                cairo_t *cr = cairo_create(s);
                cairo_set_source_rgb(cr, 1, 1, 1);
                cairo_paint(cr);
                cairo_scale(cr, scale, scale);
                cairo_translate(cr, BLEED, BLEED);
                draw_face(P, cr, c, face);
                drawn = cairo_status(cr);
                cairo_destroy(cr);
            }
            if (surface_done(P, s, f, !svg, drawn) != 0 || out_close(P->d, f) != 0) {
                out_abort(files, nf);
                return 2;
            }
        }
    }
    for (int g = 0; g < P->m->ngraphs; g++) {
        if (!board_wanted(P, g))
            continue;
        SheetBoardPlan bp;
        board_plan(P, g, &bp);
        const char *path = arena_printf(P->a, "%s/%02d-%s-board.%s", out, nsel + g + 1, slug(P->a, P->m->graphs[g].name),
                                        svg ? "svg" : "png");
        OutFile *f = &files[nf];
        if (out_open(P->d, f, path) != 0) {
            out_abort(files, nf);
            return 2;
        }
        nf++;
        double scale = svg ? MM_PT : P->o->dpi / 25.4;
        cairo_surface_t *s = svg ? cairo_svg_surface_create_for_stream(to_out, f, bp.w * MM_PT, bp.h * MM_PT)
                                 : cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)lround(bp.w * scale),
                                                              (int)lround(bp.h * scale));
        cairo_status_t drawn = CAIRO_STATUS_SUCCESS;
        if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
            cairo_t *cr = cairo_create(s);
            cairo_scale(cr, scale, scale);
            draw_board(P, cr, g, &bp);
            drawn = cairo_status(cr);
            cairo_destroy(cr);
        }
        if (surface_done(P, s, f, !svg, drawn) != 0 || out_close(P->d, f) != 0) {
            out_abort(files, nf);
            return 2;
        }
    }
    return out_commit(P->d, files, nf) == 0 ? 0 : 2;
}

/* variant_of: the index of variant o->variant (none: the base game), or
   -1 after reporting that the game has no such variant. */
static int variant_of(Diag *d, Arena *a, const Model *m, const SheetOptions *o)
{
    if (!o->variant)
        return 0;
    const char **names = arena_alloc(a, sizeof *names * (size_t)(m->nvariants + 1));
    for (int v = 0; v < m->nvariants; v++) {
        if (strcmp(m->variants[v].name, o->variant) == 0)
            return v;
        names[v] = m->variants[v].name;
    }
    const char *s = diag_suggest(o->variant, names, m->nvariants);
    const char *list = "";
    for (int v = 0; v < m->nvariants; v++)
        list = arena_printf(a, "%s%s%s", list, v ? ", " : "", names[v]);
    if (s)
        diag_plain(d, "--variant: no variant named '%s'; did you mean '%s'? (the variants: %s)", o->variant, s, list);
    else
        diag_plain(d, "--variant: no variant named '%s' (the variants: %s)", o->variant, list);
    return -1;
}

int sheet_write(Diag *d, Arena *a, const Model *m, const SheetOptions *o, const char *out)
{
    if (!m->layouts) {
        diag_plain(d, "the game has no layouts (internal error)");
        return 2;
    }
    int v = variant_of(d, a, m, o);
    if (v < 0)
        return 1;
    int *data = arena_alloc(a, sizeof *data * (size_t)(m->ncards + 1));
    for (int c = 0; c < m->ncards; c++)
        data[c] = c;
    for (int c = 0; c < m->ncards; c++)
        if (m->cards[c].changes >= 0 && m->cards[c].variant == v)
            data[m->cards[c].changes] = c;
    Printer P = {d, a, m, o, NULL, m->variants[v].copies, data, NULL, NULL, 0, 0};
    P.warned = arena_alloc(a, (size_t)m->ncards * 8 + 8);
    int *sel = arena_alloc(a, sizeof(int) * (size_t)(m->ncards + 1));
    int nsel = select_cards(&P, sel);
    if (nsel < 0)
        return 1;
    int nboards = 0;
    for (int g = 0; g < m->ngraphs; g++)
        nboards += board_wanted(&P, g);
    if (nsel == 0 && nboards == 0) {
        diag_plain(d, "no cards to print");
        return 1;
    }
    P.text = sheet_text_new(icon_path, &P);
    if (!P.text) {
        diag_plain(d, "cannot start the text engine (pango)");
        return 2;
    }
    SheetFormat f = o->format;
    SheetOptions oo = *o;
    oo.format = f;
    P.o = &oo;
    int rc = f == SHEET_PDF ? write_pdf(&P, sel, nsel, out) : write_images(&P, sel, nsel, out);
    sheet_text_free(P.text);
    return rc;
}
