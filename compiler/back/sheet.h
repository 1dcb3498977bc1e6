/* sheet.h: printable card sheets (PDF pages of cards with backs, or one PNG/SVG per card face). */
#ifndef CARDC_SHEET_H
#define CARDC_SHEET_H

#include "arena.h"
#include "diag.h"
#include "model.h"

typedef enum SheetFormat { SHEET_PDF, SHEET_PNG, SHEET_SVG } SheetFormat;
typedef enum SheetDuplex { SHEET_DUPLEX_NONE, SHEET_DUPLEX_LONG, SHEET_DUPLEX_SHORT } SheetDuplex;

/* What to print and how (sheet_options_default, then the command line). */
typedef struct SheetOptions {
    int letter;                /* US Letter instead of A4 */
    SheetDuplex duplex;        /* long (default): a mirrored back page after each front page */
    double back_dx, back_dy;   /* shift of back pages in mm (printers that shift) */
    SheetFormat format;        /* PDF (default), or a folder of PNG or SVG images */
    int format_set;
    double dpi;                /* PNG resolution (default 300) */
    const char **select;       /* card names or kind names; none: every card */
    int nselect;
    const char *variant;       /* the variant whose cards are printed (NULL: the base game) */
} SheetOptions;

/* sheet_options_default: A4, long-edge duplex, PDF, 300 dpi, every card. */
void sheet_options_default(SheetOptions *o);

/* sheet_option_arity: how many values the sheet option opt takes: 0 (a
   flag), 1, 2 (one or more, up to the next option), or -1 if it is not a
   sheet option. */
int sheet_option_arity(const char *opt);

/* sheet_option: apply option opt with its values vals[0..nvals) to o.
   Returns 0, or -1 with *err set to a static message. vals stay owned by
   the caller and must outlive o. */
int sheet_option(SheetOptions *o, const char *opt, const char **vals, int nvals, const char **err);

/* sheet_write: print m's cards (each copy, in the base game or the
   variant o names, with their data there; no dice or board spaces) as
   described by o to out: a PDF file, or for PNG and SVG a folder
   (made if missing) of NN-name-front/back files (one per card). The output
   is opened before any page is drawn, and written whole or not at all
   (outfile.h): every file goes to a temporary, renamed only when all were
   written and cairo reported no error. Reports to d (warnings: replaced fonts, text
   that does not fit even when shrunk). Returns 0, 1 (errors in the
   selection) or 2 (I/O errors). */
int sheet_write(Diag *d, Arena *a, const Model *m, const SheetOptions *o, const char *out);

#endif
