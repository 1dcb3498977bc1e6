/* sheet_text.h: card text for printing: markup (*bold*, _italic_, {icon}), wrapping and shrink-to-fit, with pango. */
#ifndef CARDC_SHEET_TEXT_H
#define CARDC_SHEET_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <cairo.h>

/* How a text box looks. */
typedef struct SheetStyle {
    const char *font;        /* family, e.g. "DejaVu Sans" */
    double pt;               /* the wanted size in points */
    int bold, italic;
    int align;               /* 0 left, 1 center, 2 right */
    int valign;              /* 0 top, 1 middle, 2 bottom */
    uint32_t color;          /* 0xRRGGBB */
} SheetStyle;

/* Finds the file of icon `name` (len bytes, not NUL-terminated): a path the
   callee keeps alive, or NULL. */
typedef const char *(*SheetIconFn)(void *ud, const char *name, size_t len);

/* One text engine: a font map and a pango context set up so that every
   output (PDF, PNG, SVG) breaks lines the same way (72 dpi, no hinting, no
   rounded glyph positions), and the icons loaded so far. */
typedef struct SheetText SheetText;

/* sheet_text_new: a text engine; icon (may be NULL) resolves `{name}`.
   Free with sheet_text_free. NULL if pango cannot start. */
SheetText *sheet_text_new(SheetIconFn icon, void *ud);
void sheet_text_free(SheetText *t);

/* sheet_text_fit: the largest font size, at most st->pt and at least the
   floor (40% of st->pt, and never below 4 pt), at which `prefix` (plain) +
   `body` (markup when markup is set) fits in a w x h mm box, found by a
   binary search to 0.05 pt. *fits (may be NULL) is 0 when even the floor
   overflows (the floor is returned); *lines (may be NULL) gets the number of
   lines at the returned size. */
double sheet_text_fit(SheetText *t, const SheetStyle *st, const char *prefix, const char *body, int markup,
                      double w_mm, double h_mm, int *fits, int *lines);

/* sheet_text_draw: draw the text fitted into the box at (x, y) mm (cr's user
   space is in mm), clipped to the box. Returns the size used (points). */
double sheet_text_draw(SheetText *t, cairo_t *cr, const SheetStyle *st, const char *prefix, const char *body,
                       int markup, double x, double y, double w, double h, int *fits);

/* sheet_text_font_family: the family that a request for `family` resolves to
   (for "font replaced" warnings); a static or engine-owned string. */
const char *sheet_text_font_family(SheetText *t, const char *family);

/* sheet_image_load: a cairo surface for an image file (PNG, or SVG through
   librsvg when it can be loaded), cached in t; *w, *h its natural size.
   NULL if it cannot be read. The engine owns the surface. */
cairo_surface_t *sheet_image_load(SheetText *t, const char *path, double *w, double *h);

#endif
