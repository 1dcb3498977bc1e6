/* sheet_text.c: card text for printing: markup (*bold*, _italic_, {icon}), wrapping and shrink-to-fit, with pango. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>

#include "sheet_text.h"

#define MM_PT (72.0 / 25.4)   /* points per millimetre */
#define MAX_IMAGES 256

typedef struct Image {
    char *path;
    cairo_surface_t *surface;  /* NULL: could not be read */
    double w, h;
} Image;

struct SheetText {
    PangoFontMap *fontmap;
    PangoContext *ctx;
    SheetIconFn icon;
    void *ud;
    Image images[MAX_IMAGES];
    int nimages;
    char family[128];
};

/* ---- images: PNG with cairo, SVG with librsvg --------------------------------- */

/* load_svg: the SVG file at path drawn into a recording surface of its
   intrinsic size (*w, *h in pixels); NULL if it cannot be read. */
static cairo_surface_t *load_svg(const char *path, double *w, double *h)
{
    GError *err = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_file(path, &err);
    if (!handle) {
        if (err)
            g_error_free(err);
        return NULL;
    }
    gdouble iw = 0, ih = 0;
    if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, &iw, &ih) || iw <= 0 || ih <= 0)
        iw = ih = 100;
    *w = iw;
    *h = ih;
    cairo_rectangle_t extents = {0, 0, *w, *h};
    cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
    cairo_t *cr = cairo_create(rec);
    RsvgRectangle vp = {0, 0, *w, *h};
    gboolean ok = rsvg_handle_render_document(handle, cr, &vp, &err);
    cairo_destroy(cr);
    g_object_unref(handle);
    if (err)
        g_error_free(err);
    if (!ok) {
        cairo_surface_destroy(rec);
        return NULL;
    }
    return rec;
}

cairo_surface_t *sheet_image_load(SheetText *t, const char *path, double *w, double *h)
{
    for (int i = 0; i < t->nimages; i++)
        if (strcmp(t->images[i].path, path) == 0) {
            *w = t->images[i].w;
            *h = t->images[i].h;
            return t->images[i].surface;
        }
    cairo_surface_t *s = NULL;
    double iw = 0, ih = 0;
    size_t n = strlen(path);
    if (n > 4 && strcasecmp(path + n - 4, ".svg") == 0) {
        s = load_svg(path, &iw, &ih);
    } else {
        s = cairo_image_surface_create_from_png(path);
        if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
            cairo_surface_destroy(s);
            s = NULL;
        } else {
            iw = cairo_image_surface_get_width(s);
            ih = cairo_image_surface_get_height(s);
        }
    }
    if (t->nimages < MAX_IMAGES) {
        Image *im = &t->images[t->nimages++];
        im->path = strdup(path);
        im->surface = s;
        im->w = iw;
        im->h = ih;
    } else if (s) {
        /* no room to cache: leak-free but uncached is not possible (the caller
           does not own it), so keep the last slot's surface replaced */
        cairo_surface_destroy(t->images[MAX_IMAGES - 1].surface);
        free(t->images[MAX_IMAGES - 1].path);
        t->images[MAX_IMAGES - 1].path = strdup(path);
        t->images[MAX_IMAGES - 1].surface = s;
        t->images[MAX_IMAGES - 1].w = iw;
        t->images[MAX_IMAGES - 1].h = ih;
    }
    *w = iw;
    *h = ih;
    return s;
}

/* The shape renderer draws an inline icon at the current point (the
   baseline), filling the shape's logical rectangle. */
static void draw_shape(cairo_t *cr, PangoAttrShape *attr, gboolean do_path, gpointer data)
{
    (void)data;
    Image *im = attr->data;
    if (do_path || !im || !im->surface || im->w <= 0 || im->h <= 0)
        return;
    double x, y;
    cairo_get_current_point(cr, &x, &y);
    double bw = (double)attr->logical_rect.width / PANGO_SCALE;
    double bh = (double)attr->logical_rect.height / PANGO_SCALE;
    double by = (double)attr->logical_rect.y / PANGO_SCALE;
    double s = fmin(bw / im->w, bh / im->h);
    cairo_save(cr);
    cairo_translate(cr, x + (bw - im->w * s) / 2, y + by + (bh - im->h * s) / 2);
    cairo_scale(cr, s, s);
    cairo_set_source_surface(cr, im->surface, 0, 0);
    cairo_paint(cr);
    cairo_restore(cr);
}

SheetText *sheet_text_new(SheetIconFn icon, void *ud)
{
    SheetText *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->icon = icon;
    t->ud = ud;
    t->fontmap = pango_cairo_font_map_new();
    if (!t->fontmap) {
        free(t);
        return NULL;
    }
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(t->fontmap), 72.0);
    t->ctx = pango_font_map_create_context(t->fontmap);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(t->ctx, fo);
    cairo_font_options_destroy(fo);
    pango_context_set_round_glyph_positions(t->ctx, FALSE);
    pango_cairo_context_set_shape_renderer(t->ctx, draw_shape, NULL, NULL);
    return t;
}

void sheet_text_free(SheetText *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->nimages; i++) {
        if (t->images[i].surface)
            cairo_surface_destroy(t->images[i].surface);
        free(t->images[i].path);
    }
    g_object_unref(t->ctx);
    g_object_unref(t->fontmap);
    free(t);
}

const char *sheet_text_font_family(SheetText *t, const char *family)
{
    PangoFontDescription *d = pango_font_description_new();
    pango_font_description_set_family(d, family);
    pango_font_description_set_size(d, 10 * PANGO_SCALE);
    PangoFont *f = pango_font_map_load_font(t->fontmap, t->ctx, d);
    pango_font_description_free(d);
    if (!f)
        return "";
    PangoFontDescription *got = pango_font_describe(f);
    const char *fam = pango_font_description_get_family(got);
    snprintf(t->family, sizeof t->family, "%s", fam ? fam : "");
    pango_font_description_free(got);
    g_object_unref(f);
    return t->family;
}

/* ---- markup --------------------------------------------------------------- */

/* The icon (an Image slot) for name, loaded through the resolver, or NULL. */
static Image *icon_image(SheetText *t, const char *name, size_t len)
{
    const char *path = t->icon ? t->icon(t->ud, name, len) : NULL;
    if (!path)
        return NULL;
    double w, h;
    if (!sheet_image_load(t, path, &w, &h))
        return NULL;
    for (int i = 0; i < t->nimages; i++)
        if (strcmp(t->images[i].path, path) == 0)
            return &t->images[i];
    return NULL;
}

static int icon_ref(const char *s, size_t i, size_t *nlen)
{
    if (s[i] != '{')
        return 0;
    size_t j = i + 1;
    while ((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= 'A' && s[j] <= 'Z') || (s[j] >= '0' && s[j] <= '9') || s[j] == '_'
           || s[j] == '-')
        j++;
    if (j == i + 1 || s[j] != '}')
        return 0;
    *nlen = j - i - 1;
    return (int)(j - i + 1);
}

/* A marker pair: `c` at i has a closing `c` later in the same text. */
static int has_closing(const char *s, size_t i, char c)
{
    if (!s[i + 1] || s[i + 1] == ' ' || s[i + 1] == c)
        return 0;
    const char *close = strchr(s + i + 1, c);
    return close != NULL && close[-1] != ' ';
}

/* build: the plain text and attributes of prefix + body at size pt. */
static PangoLayout *build(SheetText *t, const SheetStyle *st, const char *prefix, const char *body, int markup,
                          double pt, double w_mm)
{
    size_t cap = strlen(prefix) + strlen(body) * 3 + 1;
    char *text = malloc(cap);
    if (!text)
        return NULL;
    PangoAttrList *attrs = pango_attr_list_new();
    size_t o = 0;
    memcpy(text, prefix, strlen(prefix));
    o = strlen(prefix);
    long bold_at = -1, italic_at = -1;
    for (size_t i = 0; body[i];) {
        size_t nlen;
        int n;
        if (markup && body[i] == '*' && (bold_at >= 0 || has_closing(body, i, '*'))) {
            if (bold_at >= 0) {
                PangoAttribute *a = pango_attr_weight_new(PANGO_WEIGHT_BOLD);
                a->start_index = (guint)bold_at;
                a->end_index = (guint)o;
                pango_attr_list_insert(attrs, a);
                bold_at = -1;
            } else {
                bold_at = (long)o;
            }
            i++;
        } else if (markup && body[i] == '_' && (italic_at >= 0 || has_closing(body, i, '_'))) {
            if (italic_at >= 0) {
                PangoAttribute *a = pango_attr_style_new(PANGO_STYLE_ITALIC);
                a->start_index = (guint)italic_at;
                a->end_index = (guint)o;
                pango_attr_list_insert(attrs, a);
                italic_at = -1;
            } else {
                italic_at = (long)o;
            }
            i++;
        } else if (markup && (n = icon_ref(body, i, &nlen)) > 0) {
            Image *im = icon_image(t, body + i + 1, nlen);
            /* U+FFFC OBJECT REPLACEMENT CHARACTER carries the shape */
            memcpy(text + o, "\xEF\xBF\xBC", 3);
            int size = (int)(pt * 1.0 * PANGO_SCALE);
            PangoRectangle r = {0, -(int)(pt * 0.8 * PANGO_SCALE), size, size};
            PangoAttribute *a = pango_attr_shape_new_with_data(&r, &r, im, NULL, NULL);
            a->start_index = (guint)o;
            a->end_index = (guint)o + 3;
            pango_attr_list_insert(attrs, a);
            o += 3;
            i += (size_t)n;
        } else {
            text[o++] = body[i++];
        }
    }
    text[o] = '\0';
    PangoLayout *l = pango_layout_new(t->ctx);
    PangoFontDescription *d = pango_font_description_new();
    pango_font_description_set_family(d, st->font ? st->font : "DejaVu Sans");
    pango_font_description_set_size(d, (int)lround(pt * PANGO_SCALE));
    if (st->bold)
        pango_font_description_set_weight(d, PANGO_WEIGHT_BOLD);
    if (st->italic)
        pango_font_description_set_style(d, PANGO_STYLE_ITALIC);
    pango_layout_set_font_description(l, d);
    pango_font_description_free(d);
    pango_layout_set_width(l, (int)(w_mm * MM_PT * PANGO_SCALE));
    pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_alignment(l, st->align == 1 ? PANGO_ALIGN_CENTER : st->align == 2 ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
    pango_layout_set_text(l, text, (int)o);
    pango_layout_set_attributes(l, attrs);
    pango_attr_list_unref(attrs);
    free(text);
    return l;
}

static int fits_box(PangoLayout *l, double w_mm, double h_mm)
{
    PangoRectangle ink, logical;
    pango_layout_get_extents(l, &ink, &logical);
    double h = (double)logical.height / PANGO_SCALE / MM_PT;
    double w = (double)logical.width / PANGO_SCALE / MM_PT;
    return h <= h_mm + 1e-6 && w <= w_mm + 1e-6;
}

double sheet_text_fit(SheetText *t, const SheetStyle *st, const char *prefix, const char *body, int markup,
                      double w_mm, double h_mm, int *fits, int *lines)
{
    double hi = st->pt, lo = fmax(4.0, st->pt * 0.4);
    if (lo > hi)
        lo = hi;
    double best = hi;
    PangoLayout *l = build(t, st, prefix, body, markup, hi, w_mm);
    int ok = l && fits_box(l, w_mm, h_mm);
    if (l)
        g_object_unref(l);
    if (!ok) {
        l = build(t, st, prefix, body, markup, lo, w_mm);
        ok = l && fits_box(l, w_mm, h_mm);
        if (l)
            g_object_unref(l);
        best = lo;
        if (ok) {
            /* lo fits, hi does not */
            while (hi - lo > 0.05) {
                double mid = (lo + hi) / 2;
                l = build(t, st, prefix, body, markup, mid, w_mm);
                int f = l && fits_box(l, w_mm, h_mm);
                if (l)
                    g_object_unref(l);
                if (f)
                    lo = mid;
                else
                    hi = mid;
            }
            best = floor(lo * 100) / 100;
        }
    }
    if (fits)
        *fits = ok;
    if (lines) {
        l = build(t, st, prefix, body, markup, best, w_mm);
        *lines = l ? pango_layout_get_line_count(l) : 0;
        if (l)
            g_object_unref(l);
    }
    return best;
}

double sheet_text_draw(SheetText *t, cairo_t *cr, const SheetStyle *st, const char *prefix, const char *body,
                       int markup, double x, double y, double w, double h, int *fits)
{
    double pt = sheet_text_fit(t, st, prefix, body, markup, w, h, fits, NULL);
    PangoLayout *l = build(t, st, prefix, body, markup, pt, w);
    if (!l)
        return pt;
    PangoRectangle ink, logical;
    pango_layout_get_extents(l, &ink, &logical);
    double th = (double)logical.height / PANGO_SCALE / MM_PT;
    double dy = st->valign == 1 ? (h - th) / 2 : st->valign == 2 ? h - th : 0;
    if (dy < 0)
        dy = 0;
    cairo_save(cr);
    cairo_rectangle(cr, x, y, w, h);
    cairo_clip(cr);
    cairo_translate(cr, x, y + dy);
    cairo_scale(cr, 1 / MM_PT, 1 / MM_PT);
    cairo_set_source_rgb(cr, ((st->color >> 16) & 255) / 255.0, ((st->color >> 8) & 255) / 255.0,
                         (st->color & 255) / 255.0);
    cairo_move_to(cr, 0, 0);
    pango_cairo_show_layout(cr, l);
    cairo_restore(cr);
    g_object_unref(l);
    return pt;
}
