/* sheet_board.c: the plan of a printed board: each space's box, grouped by a field, in rows or round a ring. */
#include <math.h>
#include <string.h>

#include "model_value.h"
#include "sheet_board.h"

#define PI 3.14159265358979323846

/* overlap: boxes of w x h centred on (x1, y1) and (x2, y2), gap apart, overlap. */
static int overlap(double x1, double y1, double x2, double y2, double w, double h, double gap)
{
    return fabs(x1 - x2) < w + gap - 1e-9 && fabs(y1 - y2) < h + gap - 1e-9;
}

void sheet_board_plan(Arena *a, const Model *m, int g, double paper_w, double paper_h, SheetBoardPlan *p)
{
    const MBoardLayout *B = &m->board_layouts[g];
    const MGraph *G = &m->graphs[g];
    memset(p, 0, sizeof *p);
    p->w = B->w > 0 ? B->w : paper_w;
    p->h = B->h > 0 ? B->h : paper_h;
    int n = G->nspaces;
    p->nspaces = n;
    p->sx = arena_alloc(a, sizeof(double) * (size_t)(n + 1));
    p->sy = arena_alloc(a, sizeof(double) * (size_t)(n + 1));
    p->group_of = arena_alloc(a, sizeof(int) * (size_t)(n + 1));

    /* the groups: the distinct values of the field, ascending; absent last */
    int32_t *vals = arena_alloc(a, sizeof(int32_t) * (size_t)(n + 1));
    int nvals = 0, absent = 0;
    const MField *f = B->group_field >= 0 ? &m->kinds[G->kind].fields[B->group_field] : NULL;
    for (int s = 0; s < n; s++) {
        const MValue *v = f ? &m->cards[G->space_card[s]].values[f->index] : NULL;
        if (!v || !v->present) {
            absent = 1;
            continue;
        }
        int k = 0;
        while (k < nvals && vals[k] < v->ival)
            k++;
        if (k < nvals && vals[k] == v->ival)
            continue;
        memmove(vals + k + 1, vals + k, sizeof *vals * (size_t)(nvals - k));
        vals[k] = v->ival;
        nvals++;
    }
    int ng = nvals + absent;
    p->ngroups = ng;
    p->gtitle = arena_alloc(a, sizeof(char *) * (size_t)(ng + 1));
    p->gx = arena_alloc(a, sizeof(double) * (size_t)(ng + 1));
    p->gy = arena_alloc(a, sizeof(double) * (size_t)(ng + 1));
    p->gw = arena_alloc(a, sizeof(double) * (size_t)(ng + 1));
    p->gh = arena_alloc(a, sizeof(double) * (size_t)(ng + 1));
    int *count = arena_alloc(a, sizeof(int) * (size_t)(ng + 1));
    for (int k = 0; k < nvals; k++) {
        MValue v = {1, vals[k], NULL, -1};
        p->gtitle[k] = model_value_title(m, a, f, &v);
    }
    if (absent)
        p->gtitle[nvals] = "";
    for (int s = 0; s < n; s++) {
        const MValue *v = f ? &m->cards[G->space_card[s]].values[f->index] : NULL;
        int k = nvals;
        for (int j = 0; v && v->present && j < nvals; j++)
            if (vals[j] == v->ival)
                k = j;
        p->group_of[s] = k;
        count[k]++;
    }

    /* one size of group box for all: the largest group's spaces in rows */
    int most = 1;
    for (int k = 0; k < ng; k++)
        most = count[k] > most ? count[k] : most;
    int cols = (int)ceil(sqrt((double)most)), rows = (most + cols - 1) / cols;
    double sw = B->space.w, sh = B->space.h, gap = SHEET_BOARD_GAP;
    double title = f ? SHEET_BOARD_TITLE : 0;
    double GW = cols * sw + (cols + 1) * gap, GH = title + rows * sh + (rows + 1) * gap, GG = SHEET_BOARD_GROUP_GAP;

    /* group centres */
    double *cx = arena_alloc(a, sizeof(double) * (size_t)(ng + 1)), *cy = arena_alloc(a, sizeof(double) * (size_t)(ng + 1));
    if (B->ring && ng > 1) {
        for (double r = 0.5;; r += 0.05) {
            int ok = 1;
            for (int k = 0; k < ng; k++) {
                double t = -PI / 2 + 2 * PI * k / ng;
                cx[k] = r * (GW + GG) * cos(t);
                cy[k] = r * (GH + GG) * sin(t);
                if (fabs(cx[k]) < 1e-9)
                    cx[k] = 0;
                if (fabs(cy[k]) < 1e-9)
                    cy[k] = 0;
                for (int j = 0; j < k && ok; j++)
                    ok = !overlap(cx[j], cy[j], cx[k], cy[k], GW, GH, GG);
            }
            if (ok || r > 100)
                break;
        }
    } else {
        int gc = (int)ceil(sqrt((double)ng)), k = 0;
        for (int k2 = 0; k2 < ng; k2++, k++) {
            cx[k2] = (k % gc) * (GW + GG);
            cy[k2] = (k / gc) * (GH + GG);
        }
    }
    double minx = 0, miny = 0, maxx = 0, maxy = 0;
    for (int k = 0; k < ng; k++) {
        p->gx[k] = cx[k] - GW / 2;
        p->gy[k] = cy[k] - GH / 2;
        p->gw[k] = GW;
        p->gh[k] = GH;
        if (k == 0 || p->gx[k] < minx)
            minx = p->gx[k];
        if (k == 0 || p->gy[k] < miny)
            miny = p->gy[k];
        if (k == 0 || p->gx[k] + GW > maxx)
            maxx = p->gx[k] + GW;
        if (k == 0 || p->gy[k] + GH > maxy)
            maxy = p->gy[k] + GH;
    }
    for (int k = 0; k < ng; k++) {   /* the board from (0, 0) */
        p->gx[k] -= minx;
        p->gy[k] -= miny;
    }
    int *placed = arena_alloc(a, sizeof(int) * (size_t)(ng + 1));
    for (int s = 0; s < n; s++) {
        int k = p->group_of[s], i = placed[k]++;
        p->sx[s] = p->gx[k] + gap + (i % cols) * (sw + gap);
        p->sy[s] = p->gy[k] + title + gap + (i / cols) * (sh + gap);
    }
    double bw = maxx - minx, bh = maxy - miny, room_w = p->w - 2 * SHEET_BOARD_MARGIN, room_h = p->h - 2 * SHEET_BOARD_MARGIN;
    p->scale = fmin(1.0, fmin(room_w / bw, room_h / bh));
    p->ox = (p->w - bw * p->scale) / 2;
    p->oy = (p->h - bh * p->scale) / 2;
}
