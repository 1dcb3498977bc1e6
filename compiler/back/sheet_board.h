/* sheet_board.h: where a map's board layout puts its spaces and groups on the sheet (a deterministic plan). */
#ifndef CARDC_SHEET_BOARD_H
#define CARDC_SHEET_BOARD_H

#include "arena.h"
#include "model.h"

#define SHEET_BOARD_GAP 4.0        /* mm between spaces, and round them in a group */
#define SHEET_BOARD_GROUP_GAP 10.0 /* mm between groups */
#define SHEET_BOARD_TITLE 7.0      /* mm of a group's title above its spaces */
#define SHEET_BOARD_MARGIN 10.0    /* mm of paper round the board */

/* The plan of one board: board coordinates in mm (x right, y down), put on
   the sheet by x * scale + ox, y * scale + oy. */
typedef struct SheetBoardPlan {
    double w, h;                   /* the sheet, mm */
    double scale, ox, oy;          /* at most 1: a board larger than the sheet is shrunk to fit */
    int nspaces;                   /* the map's spaces, in declaration order */
    double *sx, *sy;               /* per space: the top-left corner of its box */
    int *group_of;                 /* per space: its group */
    int ngroups;                   /* in the order of their field's value; the spaces without one last */
    double *gx, *gy, *gw, *gh;     /* per group: its box (title included) */
    const char **gtitle;           /* per group: its title ("" for the spaces without a value) */
} SheetBoardPlan;

/* sheet_board_plan: the plan of map g's board layout (declared) on a sheet
   of the layout's size, or paper_w x paper_h when it gives none. Groups
   are laid out in rows (as square as the count allows) or, with `ring`,
   round an ellipse in order from the top, clockwise, just wide enough that
   no two overlap; the spaces of a group in rows inside it. Everything is
   allocated in a; the same model gives the same plan. */
void sheet_board_plan(Arena *a, const Model *m, int g, double paper_w, double paper_h, SheetBoardPlan *p);

#endif
