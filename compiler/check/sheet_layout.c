/* sheet_layout.c: read `layout` declarations (a flat word list from the parser) into MLayout, check them, and make default layouts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "sheet_layout.h"

/* The grammar of a layout body, read here word by word (the parser keeps
   the words; see AST_LAYOUT in ast.h):

   layout  -> "layout" KIND "{" { item } "}"
   item    -> "size" (SIZENAME | num "x" num)
            | "background" COLOUR [when]
            | "frame" COLOUR [num] [when]
            | "box" (FIELD | "name") { attr } [when]
            | "text" STRING { attr } [when]
            | "image" STRING { attr } [when]
            | "back" "{" { item } "}"
   A board layout (`layout MAP { ... }`, MAP a map's name) has the items
   of a card's front, drawn on each space, and these:
            | "size" num "x" num              the sheet (default: the paper, landscape)
            | "space" num "x" num             one space (default 40 x 24)
            | "group" FIELD ["ring" | "rows"] the spaces grouped by a field
            | "edge" COLOUR [num]             the edges' colour and width
   attr    -> "at" num "," num | "size" num "x" num | "font" STRING [num] | num
            | "bold" | "italic" | "left" | "center" | "right" | "top" | "middle" | "bottom"
            | ("color" | "colour") COLOUR | "label" STRING
   when    -> "when" ["not"] FIELD [("==" | "!=") VALUE]
   num     -> ["-"] (INT | DECIMAL)         millimetres (font sizes: points) */

typedef struct Reader {
    Diag *d;
    Arena *a;
    Model *m;
    int kind;
    MLayout *L;
    const AstList *w;
    int i;
    int ncap[2];
    MBoardLayout *B;          /* reading a board layout: its map's, else NULL */
} Reader;

typedef struct SizeName {
    const char *name;
    double w, h;
} SizeName;

static const SizeName sizes[] = {
    {"poker", 63, 88}, {"bridge", 57, 89}, {"tarot", 70, 120}, {"mini", 44, 63},
    {"square", 70, 70}, {"domino", 44, 89},
};

static const char *const item_words[] = {"size", "background", "frame", "box", "text", "image", "back",
                                         "space", "group", "edge"};

static int is_word(const AstNode *n, const char *s)
{
    return n && n->kind == AST_NAME && strcmp(n->name, s) == 0;
}

static AstNode *peek(const Reader *R)
{
    return R->i < R->w->count ? R->w->items[R->i] : NULL;
}

/* A Loc for "the end of the layout" when the words run out. */
static Loc here(const Reader *R)
{
    if (R->i < R->w->count)
        return R->w->items[R->i]->loc;
    if (R->w->count > 0)
        return R->w->items[R->w->count - 1]->loc;
    return R->L->loc;
}

static const char *describe(Arena *a, const AstNode *n)
{
    if (!n)
        return "the end of the layout";
    switch (n->kind) {
    case AST_NAME: return arena_printf(a, "'%s'", n->name);
    case AST_INT: return "a number";
    case AST_STRING: return "a string";
    default: return "'{'";
    }
}

static int is_item_start(const Reader *R, int i)
{
    if (i >= R->w->count)
        return 1;
    const AstNode *n = R->w->items[i];
    for (size_t k = 0; k < sizeof item_words / sizeof *item_words; k++)
        if (is_word(n, item_words[k]))
            return 1;
    return 0;
}

/* skip: after an error, move to the next item keyword. */
static void skip(Reader *R)
{
    R->i++;
    while (R->i < R->w->count && !is_item_start(R, R->i))
        R->i++;
}

/* num -> ["-"] (INT | DECIMAL): the value in mm (or points); 0 and an error if absent. */
static int number(Reader *R, double *out, const char *what)
{
    AstNode *n = peek(R);
    double sign = 1;
    if (is_word(n, "-")) {
        sign = -1;
        R->i++;
        n = peek(R);
    }
    if (!n || n->kind != AST_INT) {
        diag_error(R->d, here(R), "expected %s (a number), found %s", what, describe(R->a, n));
        return -1;
    }
    R->i++;
    *out = sign * (double)n->ival / 1000.0;
    return 0;
}

/* num "x" num (also `num x8`, which scans as a number and the name x8). */
static int dimensions(Reader *R, double *w, double *h)
{
    if (number(R, w, "a width") != 0)
        return -1;
    AstNode *n = peek(R);
    if (n && n->kind == AST_NAME && n->name[0] == 'x' && n->name[1] >= '0' && n->name[1] <= '9') {
        R->i++;
        *h = atof(n->name + 1);
        return 0;
    }
    if (!is_word(n, "x")) {
        diag_error(R->d, here(R), "expected 'x' between width and height, found %s", describe(R->a, n));
        return -1;
    }
    R->i++;
    return number(R, h, "a height");
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* COLOUR -> STRING "#rgb" | "#rrggbb" */
static int colour(Reader *R, uint32_t *out)
{
    AstNode *n = peek(R);
    if (!n || n->kind != AST_STRING) {
        diag_error(R->d, here(R), "expected a colour (a string \"#rrggbb\"), found %s", describe(R->a, n));
        return -1;
    }
    R->i++;
    const char *s = n->text;
    size_t len = strlen(s);
    uint32_t v = 0;
    int ok = s[0] == '#' && (len == 4 || len == 7);
    for (size_t k = 1; ok && k < len; k++) {
        int h = hexval(s[k]);
        if (h < 0)
            ok = 0;
        else
            v = len == 4 ? (v << 8) | (uint32_t)(h * 17) : (v << 4) | (uint32_t)h;
    }
    if (!ok) {
        diag_error(R->d, n->loc, "bad colour \"%s\" (write \"#rrggbb\" or \"#rgb\")", s);
        return -1;
    }
    *out = v;
    return 0;
}

/* A data field of the layout's kind by name, or -1 after reporting (did-you-mean). */
static int field(Reader *R, const AstNode *n, int allow_name)
{
    const MKind *k = &R->m->kinds[R->kind];
    if (!n || n->kind != AST_NAME || strcmp(n->name, ",") == 0 || strcmp(n->name, "-") == 0) {
        diag_error(R->d, n ? n->loc : here(R), "expected a field of kind '%s', found %s", k->name, describe(R->a, n));
        return -1;
    }
    if (allow_name && strcmp(n->name, "name") == 0)
        return LAYOUT_FIELD_NAME;
    const char **cands = arena_alloc(R->a, sizeof(char *) * (size_t)(k->nfields + 1));
    int nc = 0;
    for (int f = 0; f < k->nfields; f++) {
        if (k->fields[f].is_state)
            continue;
        if (strcmp(k->fields[f].name, n->name) == 0) {
            if (k->fields[f].type == TY_ABILITY) {
                diag_error(R->d, n->loc, "field '%s' of kind '%s' is an ability; it has no printable value",
                           n->name, k->name);
                return -1;
            }
            return f;
        }
        cands[nc++] = k->fields[f].name;
    }
    if (allow_name)
        cands[nc++] = "name";
    const char *s = diag_suggest(n->name, cands, nc);
    if (s)
        diag_error(R->d, n->loc, "kind '%s' has no field '%s'; did you mean '%s'?", k->name, n->name, s);
    else
        diag_error(R->d, n->loc, "kind '%s' has no field '%s'", k->name, n->name);
    return -1;
}

/* when -> "when" ["not"] FIELD [("==" | "!=") VALUE] */
static int when(Reader *R, MLayoutCond *c)
{
    if (!is_word(peek(R), "when"))
        return 0;
    R->i++;
    if (is_word(peek(R), "not")) {
        c->negate = 1;
        R->i++;
    }
    AstNode *fn = peek(R);
    int f = field(R, fn, 0);
    if (f < 0)
        return -1;
    R->i++;
    c->field = f;
    const MField *mf = &R->m->kinds[R->kind].fields[f];
    AstNode *op = peek(R);
    if (!is_word(op, "==") && !is_word(op, "!=")) {
        if (mf->type != TY_BOOL) {
            diag_error(R->d, fn->loc, "'when %s' needs a value: when %s == VALUE", mf->name, mf->name);
            return -1;
        }
        c->ival = 1;
        return 0;
    }
    R->i++;
    if (is_word(op, "!="))
        c->negate = !c->negate;
    AstNode *v = peek(R);
    int neg = 0;
    if (is_word(v, "-")) {
        neg = 1;
        R->i++;
        v = peek(R);
    }
    if (!v) {
        diag_error(R->d, here(R), "expected a value after '%s'", op->name);
        return -1;
    }
    R->i++;
    switch (mf->type) {
    case TY_INT:
        if (v->kind == AST_INT && v->ival % 1000 == 0) {
            c->ival = (int32_t)(v->ival / 1000) * (neg ? -1 : 1);
            return 0;
        }
        break;
    case TY_BOOL:
        if (is_word(v, "true") || is_word(v, "false")) {
            c->ival = is_word(v, "true");
            return 0;
        }
        break;
    case TY_TEXT:
        if (v->kind == AST_STRING) {
            c->text = v->text;
            return 0;
        }
        break;
    case TY_SIDE:
        if (v->kind == AST_NAME)
            for (int s = 0; s < R->m->nsides; s++)
                if (strcmp(R->m->side_names[s], v->name) == 0) {
                    c->ival = s;
                    return 0;
                }
        if (v->kind == AST_NAME) {
            const char *s = diag_suggest(v->name, R->m->side_names, R->m->nsides);
            if (s)
                diag_error(R->d, v->loc, "unknown side '%s'; did you mean '%s'?", v->name, s);
            else
                diag_error(R->d, v->loc, "unknown side '%s'", v->name);
            return -1;
        }
        break;
    case TY_NAMED:
        if (v->kind == AST_NAME && mf->enum_index >= 0) {
            const MEnum *e = &R->m->enums[mf->enum_index];
            for (int s = 0; s < e->nvalues; s++)
                if (strcmp(e->values[s], v->name) == 0) {
                    c->ival = s;
                    return 0;
                }
        }
        break;
    default:
        break;
    }
    diag_error(R->d, v->loc, "%s is not a value of field '%s'", describe(R->a, v), mf->name);
    return -1;
}

/* attr -> see the grammar above; reads attributes until an item keyword, `when` or the end. */
static int attrs(Reader *R, MLayoutItem *it, int *has_at, int *has_size)
{
    while (R->i < R->w->count) {
        AstNode *n = peek(R);
        if (is_word(n, "when") || (is_item_start(R, R->i) && !is_word(n, "size")))
            return 0;
        if (is_word(n, "size")) {
            AstNode *nx = R->i + 1 < R->w->count ? R->w->items[R->i + 1] : NULL;
            if (nx && nx->kind == AST_NAME && !is_word(nx, "-"))
                return 0; /* `size poker`: the next item */
            R->i++;
            if (dimensions(R, &it->w, &it->h) != 0)
                return -1;
            *has_size = 1;
        } else if (is_word(n, "at")) {
            R->i++;
            if (number(R, &it->x, "x") != 0)
                return -1;
            if (!is_word(peek(R), ",")) {
                diag_error(R->d, here(R), "expected ',' between x and y, found %s", describe(R->a, peek(R)));
                return -1;
            }
            R->i++;
            if (number(R, &it->y, "y") != 0)
                return -1;
            *has_at = 1;
        } else if (is_word(n, "font")) {
            R->i++;
            AstNode *f = peek(R);
            if (f && f->kind == AST_STRING) {
                it->font = f->text;
                it->font_loc = f->loc;
                R->i++;
            }
            if (peek(R) && peek(R)->kind == AST_INT && number(R, &it->pt, "a font size") != 0)
                return -1;
        } else if (n->kind == AST_INT) {
            if (number(R, &it->pt, "a font size") != 0)
                return -1;
        } else if (is_word(n, "bold")) {
            it->bold = 1, R->i++;
        } else if (is_word(n, "italic")) {
            it->italic = 1, R->i++;
        } else if (is_word(n, "left") || is_word(n, "center") || is_word(n, "right")) {
            it->align = is_word(n, "left") ? 0 : is_word(n, "center") ? 1 : 2;
            R->i++;
        } else if (is_word(n, "top") || is_word(n, "middle") || is_word(n, "bottom")) {
            it->valign = is_word(n, "top") ? 0 : is_word(n, "middle") ? 1 : 2;
            R->i++;
        } else if (is_word(n, "color") || is_word(n, "colour")) {
            R->i++;
            if (colour(R, &it->color) != 0)
                return -1;
        } else if (is_word(n, "label")) {
            R->i++;
            AstNode *s = peek(R);
            if (!s || s->kind != AST_STRING) {
                diag_error(R->d, here(R), "expected a string after 'label', found %s", describe(R->a, s));
                return -1;
            }
            it->label = s->text;
            R->i++;
        } else {
            diag_error(R->d, n->loc, "unknown attribute %s (expected at, size, font, bold, italic, left, center, "
                       "right, top, middle, bottom, color, label or when)", describe(R->a, n));
            return -1;
        }
    }
    return 0;
}

static MLayoutItem *add_item(Reader *R, int back)
{
    MLayoutItem **items = back ? &R->L->back : &R->L->front;
    int *n = back ? &R->L->nback : &R->L->nfront;
    if (*n == R->ncap[back]) {
        int cap = R->ncap[back] ? R->ncap[back] * 2 : 8;
        MLayoutItem *grown = arena_alloc(R->a, sizeof *grown * (size_t)cap);
        if (*n)
            memcpy(grown, *items, sizeof *grown * (size_t)*n);
        *items = grown;
        R->ncap[back] = cap;
    }
    MLayoutItem *it = &(*items)[(*n)++];
    memset(it, 0, sizeof *it);
    it->when.field = -1;
    it->font = "DejaVu Sans";
    it->pt = 9;
    it->color = 0x000000;
    it->line = 1;
    return it;
}

static void items(Reader *R, const AstList *words, int back);

/* board_item: the items of a board layout only (the grammar above), after
   the word w at n; outside a board layout, an error. */
static int board_item(Reader *R, const AstNode *n, const char *w)
{
    MBoardLayout *B = R->B;
    if (!B) {
        diag_error(R->d, n->loc, "'%s' belongs to the layout of a map (a board), not of a kind", w);
        return -1;
    }
    if (strcmp(w, "size") == 0 || strcmp(w, "space") == 0) {
        double x, y;
        if (dimensions(R, &x, &y) != 0)
            return -1;
        int sheet = w[1] == 'i';
        double lo = sheet ? 50 : 10, hi = sheet ? 1200 : 200;
        if (x < lo || y < lo || x > hi || y > hi) {
            diag_error(R->d, n->loc, "%s %g x %g mm is out of range (%g to %g mm a side)", sheet ? "a board of" : "a space of",
                       x, y, lo, hi);
            return -1;
        }
        if (sheet)
            B->w = x, B->h = y;
        else
            R->L->w = x, R->L->h = y;
        return 0;
    }
    if (strcmp(w, "group") == 0) {
        AstNode *f = peek(R);
        int fi = field(R, f, 0);
        if (fi < 0)
            return -1;
        R->i++;
        int t = R->m->kinds[R->kind].fields[fi].type;
        if (t != TY_INT && t != TY_SIDE && t != TY_NAMED && t != TY_BOOL) {
            diag_error(R->d, f->loc, "spaces are grouped by an int, bool, side or enum field; '%s' is none", f->name);
            return -1;
        }
        B->group_field = fi;
        if (is_word(peek(R), "ring") || is_word(peek(R), "rows")) {
            B->ring = is_word(peek(R), "ring");
            R->i++;
        }
        return 0;
    }
    if (colour(R, &B->edge_color) != 0)   /* edge COLOUR [num] */
        return -1;
    if (peek(R) && peek(R)->kind == AST_INT && number(R, &B->edge_line, "a line width") != 0)
        return -1;
    if (B->edge_line <= 0 || B->edge_line > 5) {
        diag_error(R->d, n->loc, "an edge's width is more than 0 and at most 5 mm");
        return -1;
    }
    return 0;
}

/* item -> one of the alternatives in the grammar above */
static int item(Reader *R, int back)
{
    AstNode *n = peek(R);
    if (n->kind == AST_NAME && is_item_start(R, R->i)) {
        const char *w = n->name;
        R->i++;
        if (strcmp(w, "space") == 0 || strcmp(w, "group") == 0 || strcmp(w, "edge") == 0
            || (strcmp(w, "size") == 0 && R->B))
            return board_item(R, n, w);
        if (strcmp(w, "size") == 0) {
            if (back) {
                diag_error(R->d, n->loc, "'size' belongs to the layout, not to its back");
                return -1;
            }
            AstNode *s = peek(R);
            if (s && s->kind == AST_NAME && !is_word(s, "-")) {
                for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
                    if (strcmp(sizes[k].name, s->name) == 0) {
                        R->L->w = sizes[k].w;
                        R->L->h = sizes[k].h;
                        R->i++;
                        return 0;
                    }
                diag_error(R->d, s->loc, "unknown card size '%s' (poker, bridge, tarot, mini, square, domino, "
                           "or W x H in mm)", s->name);
                R->i++;
                return -1;
            }
            double w, h;
            if (dimensions(R, &w, &h) != 0)
                return -1;
            if (w < 20 || h < 20 || w > 190 || h > 270) {
                diag_error(R->d, n->loc, "card size %g x %g mm is not printable (20 to 190 mm wide, 20 to 270 mm high)", w, h);
                return -1;
            }
            R->L->w = w;
            R->L->h = h;
            return 0;
        }
        if (strcmp(w, "back") == 0) {
            AstNode *b = peek(R);
            if (R->B) {
                diag_error(R->d, n->loc, "a board has no back: it prints on one side");
                if (b && b->kind == AST_LAYOUT_BLOCK)
                    R->i++;
                return -1;
            }
            if (back || !b || b->kind != AST_LAYOUT_BLOCK) {
                diag_error(R->d, b ? b->loc : n->loc, back ? "a back has no back" : "expected '{' after 'back'");
                return -1;
            }
            R->i++;
            items(R, &b->list, 1);
            return 0;
        }
        MLayoutItem *it = add_item(R, back);
        it->loc = n->loc;
        int has_at = 0, has_size = 0;
        if (strcmp(w, "background") == 0 || strcmp(w, "frame") == 0) {
            it->what = w[0] == 'b' ? LI_BACKGROUND : LI_FRAME;
            if (colour(R, &it->color) != 0)
                return -1;
            if (it->what == LI_FRAME && peek(R) && (peek(R)->kind == AST_INT || is_word(peek(R), "-"))
                && number(R, &it->line, "a line width") != 0)
                return -1;
            return when(R, &it->when);
        }
        if (strcmp(w, "box") == 0) {
            it->what = LI_BOX;
            it->field = field(R, peek(R), 1);
            if (it->field == -1)
                return -1;
            R->i++;
        } else {
            AstNode *s = peek(R);
            if (!s || s->kind != AST_STRING) {
                diag_error(R->d, here(R), "expected a string after '%s', found %s", w, describe(R->a, s));
                return -1;
            }
            R->i++;
            it->what = w[0] == 't' ? LI_TEXT : LI_IMAGE;
            it->text = s->text;
            it->text_loc = s->loc;
        }
        if (attrs(R, it, &has_at, &has_size) != 0)
            return -1;
        if (!has_at || !has_size) {
            diag_error(R->d, n->loc, "'%s' needs a place: at X, Y size W x H (in mm)", w);
            return -1;
        }
        if (it->pt < 3 || it->pt > 96) {
            diag_error(R->d, n->loc, "font size %g pt is out of range (3 to 96)", it->pt);
            return -1;
        }
        if (when(R, &it->when) != 0)
            return -1;
        return 0;
    }
    diag_error(R->d, n->loc, "expected a layout item (size, background, frame, box, text, image or back), found %s",
               describe(R->a, n));
    return -1;
}

static void items(Reader *R, const AstList *words, int back)
{
    const AstList *saved = R->w;
    int saved_i = R->i;
    R->w = words;
    R->i = 0;
    while (R->i < words->count && !diag_too_many(R->d)) {
        int start = R->i, nf = R->L->nfront, nb = R->L->nback;
        if (item(R, back) != 0) {
            /* drop the broken item; resume at the next item keyword (a `size`
               with a number after it belongs to the broken item) */
            R->L->nfront = nf;
            R->L->nback = nb;
            if (R->i == start)
                R->i++;
            while (R->i < words->count
                   && (!is_item_start(R, R->i)
                       || (is_word(words->items[R->i], "size") && R->i + 1 < words->count
                           && words->items[R->i + 1]->kind == AST_INT)))
                R->i++;
        } else if (R->i < words->count && !is_item_start(R, R->i)) {
            AstNode *n = peek(R);
            diag_error(R->d, n->loc, "expected a layout item (size, background, frame, box, text, image or back), "
                       "found %s", describe(R->a, n));
            skip(R);
        }
    }
    R->w = saved;
    R->i = saved_i;
}

/* ---- checks against the cards ------------------------------------------- */

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static const char *dir_of(Arena *a, const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? arena_strndup(a, path, (size_t)(slash - path)) : ".";
}

int sheet_icon_ref(const char *text, size_t i, const char **name, size_t *nlen)
{
    if (text[i] != '{')
        return 0;
    size_t j = i + 1;
    while ((text[j] >= 'a' && text[j] <= 'z') || (text[j] >= 'A' && text[j] <= 'Z') || (text[j] >= '0' && text[j] <= '9')
           || text[j] == '_' || text[j] == '-')
        j++;
    if (j == i + 1 || text[j] != '}')
        return 0;
    *name = text + i + 1;
    *nlen = j - i - 1;
    return (int)(j - i + 1);
}

const char *sheet_icon_path(Arena *a, const Model *m, const char *name, size_t len)
{
    static const char *const exts[] = {"svg", "png"};
    for (int e = 0; e < 2; e++) {
        const char *p = arena_printf(a, "%s/icons/%.*s.%s", m->game_dir ? m->game_dir : ".", (int)len, name, exts[e]);
        if (file_exists(p))
            return p;
    }
    return NULL;
}

const char *sheet_image_path(Arena *a, const MLayout *l, const MLayoutItem *it, const char *card_name)
{
    const char *pat = it->text;
    size_t cap = strlen(pat) + strlen(card_name) * 4 + 1;
    char *out = arena_alloc(a, cap);
    size_t o = 0;
    for (size_t i = 0; pat[i];) {
        if (strncmp(pat + i, "{name}", 6) == 0) {
            size_t n = strlen(card_name);
            memcpy(out + o, card_name, n);
            o += n;
            i += 6;
        } else {
            out[o++] = pat[i++];
        }
    }
    out[o] = '\0';
    if (out[0] == '/')
        return out;
    return arena_printf(a, "%s/%s", l->dir, out);
}

/* The location of a card's value for field f (the string), or the card's. */
static Loc value_loc(const MCard *c, const MField *f)
{
    if (c->node)
        for (int i = 0; i < c->node->list.count; i++) {
            const AstNode *it = c->node->list.items[i];
            if (it && it->kind == AST_CARD_ITEM && it->name && strcmp(it->name, f->name) == 0 && it->a)
                return it->a->loc;
        }
    return c->loc;
}

/* Report every `{icon}` in text without a file; base is the string's location. */
static void check_icons(Diag *d, Arena *a, const Model *m, const char *text, Loc base, const char *card)
{
    for (size_t i = 0; text[i]; i++) {
        const char *name;
        size_t len;
        if (!sheet_icon_ref(text, i, &name, &len))
            continue;
        if (!sheet_icon_path(a, m, name, len)) {
            Loc at = base;
            at.col += 1 + (int)i;
            if (card)
                diag_error(d, at, "unknown icon '{%.*s}' in card \"%s\" (no file icons/%.*s.svg or .png in %s)",
                           (int)len, name, card, (int)len, name, m->game_dir);
            else
                diag_error(d, at, "unknown icon '{%.*s}' (no file icons/%.*s.svg or .png in %s)", (int)len, name,
                           (int)len, name, m->game_dir);
        }
    }
}

static int printable(const Model *m, const MCard *c)
{
    return c->board < 0 && !m->kinds[c->kind].is_die;
}

/* Boxes inside the card, image files, icons in fixed texts and card texts. */
static void check_layout(Diag *d, Arena *a, const Model *m, int k, const MLayout *L, const char *what)
{
    for (int face = 0; face < 2; face++) {
        const MLayoutItem *its = face ? L->back : L->front;
        int n = face ? L->nback : L->nfront;
        for (int i = 0; i < n; i++) {
            const MLayoutItem *it = &its[i];
            if (it->what == LI_BACKGROUND || it->what == LI_FRAME)
                continue;
            double slack = it->what == LI_IMAGE && strcmp(what, "card") == 0 ? SHEET_BLEED_MM : 0.0;
            if (it->x < -slack - 1e-9 || it->y < -slack - 1e-9 || it->w <= 0 || it->h <= 0
                || it->x + it->w > L->w + slack + 1e-9 || it->y + it->h > L->h + slack + 1e-9)
                diag_error(d, it->loc, "%s at %g, %g size %g x %g mm is outside the %g x %g mm %s%s",
                           it->what == LI_IMAGE ? "image" : it->what == LI_TEXT ? "text" : "box", it->x, it->y,
                           it->w, it->h, L->w, L->h, what, slack > 0 ? " and its 3 mm bleed" : "");
            if (it->what == LI_TEXT)
                check_icons(d, a, m, it->text, it->text_loc, NULL);
            if (it->what != LI_IMAGE)
                continue;
            for (int c = 0; c < m->ncards; c++) {
                const MCard *card = &m->cards[c];
                if (card->kind != k || !printable(m, card))
                    continue;
                const char *path = sheet_image_path(a, L, it, card->name);
                if (!file_exists(path)) {
                    diag_error(d, it->text_loc, "image file '%s' does not exist (for card \"%s\")", path, card->name);
                    if (!strstr(it->text, "{name}"))
                        break;
                }
            }
        }
    }
    /* card texts: icons in every text field the layout prints */
    const MKind *kind = &m->kinds[k];
    for (int f = 0; f < kind->ndata; f++) {
        const MField *mf = &kind->fields[f];
        if (mf->type != TY_TEXT || mf->is_state)
            continue;
        for (int c = 0; c < m->ncards; c++) {
            const MCard *card = &m->cards[c];
            if (card->kind != k || !printable(m, card) || !card->values[mf->index].present || !card->values[mf->index].text)
                continue;
            check_icons(d, a, m, card->values[mf->index].text, value_loc(card, mf), card->name);
        }
    }
}

/* ---- the default layout ----------------------------------------------- */

static const uint32_t side_tints[] = {0xe8eef7, 0xf7e8e8, 0xe9f4e6, 0xf6f0df, 0xefe6f5, 0xe6f3f4};

/* Pale tints of the colours a side may be named after ("red", "Blue Team"). */
static const struct {
    const char *word;
    uint32_t tint;
} colour_words[] = {
    {"red", 0xf7e8e8},    {"blue", 0xe8eef7},   {"green", 0xe9f4e6}, {"yellow", 0xf6f0df},
    {"gold", 0xf6f0df},   {"purple", 0xefe6f5}, {"violet", 0xefe6f5}, {"teal", 0xe6f3f4},
    {"cyan", 0xe6f3f4},   {"orange", 0xf8ebdf}, {"pink", 0xf8e6ee},  {"brown", 0xeee5da},
    {"grey", 0xeeeeee},   {"gray", 0xeeeeee},   {"black", 0xe2e2e2}, {"white", 0xfbfaf6},
};

/* named_tint: the tint of a colour word that is the whole of name or a
   word of it (case-insensitive), or 0 when it names no colour. */
static uint32_t named_tint(const char *name)
{
    for (const char *w = name; w && *w;) {
        size_t n = 0;
        while (w[n] && w[n] != ' ' && w[n] != '_' && w[n] != '-')
            n++;
        for (size_t i = 0; i < sizeof colour_words / sizeof *colour_words; i++)
            if (strlen(colour_words[i].word) == n && strncasecmp(w, colour_words[i].word, n) == 0)
                return colour_words[i].tint;
        w += n;
        while (*w == ' ' || *w == '_' || *w == '-')
            w++;
    }
    return 0;
}

/* side_tint: side s's background in the default layout: the colour its name
   or title names; else, the sides that name none taken in order, the first
   tint of side_tints that no side named after a colour and no earlier such
   side has. */
static uint32_t side_tint(const Model *m, int s)
{
    uint32_t tint[64] = {0};
    int n = m->nsides < 64 ? m->nsides : 64;
    for (int o = 0; o < n; o++) {
        tint[o] = named_tint(m->side_names[o]);
        if (!tint[o] && m->side_titles[o])
            tint[o] = named_tint(m->side_titles[o]);
    }
    for (int o = 0; o < n && o <= s; o++) {
        for (size_t i = 0; !tint[o] && i < sizeof side_tints / sizeof *side_tints; i++) {
            int used = 0;
            for (int j = 0; j < n; j++)
                used |= tint[j] == side_tints[i];
            if (!used)
                tint[o] = side_tints[i];
        }
        if (!tint[o])
            tint[o] = side_tints[o % 6];
    }
    return s < n ? tint[s] : side_tints[s % 6];
}

/* default: the name on top, every int/bool/side/enum field on a line of its
   own, the text fields below, a background tinted by the first side field
   (each side's own colour: side_tint). */
static void make_default(Arena *a, const Model *m, int k, MLayout *L)
{
    const MKind *kind = &m->kinds[k];
    Reader R = {0};
    R.a = a;
    R.L = L;
    R.kind = k;
    L->w = 63;
    L->h = 88;
    MLayoutItem *it = add_item(&R, 0);
    it->what = LI_BACKGROUND;
    it->color = 0xfbfaf6;
    int side_field = -1;
    for (int f = 0; f < kind->nfields; f++)
        if (!kind->fields[f].is_state && kind->fields[f].type == TY_SIDE) {
            side_field = f;
            break;
        }
    for (int s = 0; side_field >= 0 && s < m->nsides; s++) {
        it = add_item(&R, 0);
        it->what = LI_BACKGROUND;
        it->color = side_tint(m, s);
        it->when.field = side_field;
        it->when.ival = s;
    }
    it = add_item(&R, 0);
    it->what = LI_FRAME;
    it->color = 0x333333;
    it->line = 1.2;
    it = add_item(&R, 0);
    it->what = LI_BOX;
    it->field = LAYOUT_FIELD_NAME;
    it->x = 4, it->y = 4, it->w = 55, it->h = 10;
    it->pt = 12, it->bold = 1, it->align = 1, it->valign = 1;
    double y = 16;
    int ntext = 0;
    for (int f = 0; f < kind->nfields; f++) {
        const MField *mf = &kind->fields[f];
        if (mf->is_state || mf->type == TY_ABILITY)
            continue;
        if (mf->type == TY_TEXT) {
            ntext++;
            continue;
        }
        it = add_item(&R, 0);
        it->what = LI_BOX;
        it->field = f;
        it->label = mf->type == TY_BOOL ? NULL : arena_printf(a, "%s: ", mf->name);
        it->x = 6, it->y = y, it->w = 51, it->h = 5;
        it->pt = 8;
        it->color = 0x222222;
        y += 5;
    }
    double room = 84 - (y + 2);
    for (int f = 0; f < kind->nfields && ntext > 0; f++) {
        const MField *mf = &kind->fields[f];
        if (mf->is_state || mf->type != TY_TEXT)
            continue;
        it = add_item(&R, 0);
        it->what = LI_BOX;
        it->field = f;
        it->x = 6, it->y = y + 2, it->w = 51, it->h = room / ntext - 1;
        it->font = "DejaVu Serif";
        it->pt = 9;
        y += room / ntext;
    }
    /* the back: the game's title and the kind */
    it = add_item(&R, 1);
    it->what = LI_BACKGROUND;
    it->color = 0x2b3a55;
    it = add_item(&R, 1);
    it->what = LI_FRAME;
    it->color = 0xd8c27a;
    it->line = 2.5;
    it = add_item(&R, 1);
    it->what = LI_TEXT;
    it->text = m->title ? m->title : m->id;
    it->x = 6, it->y = 24, it->w = 51, it->h = 30;
    it->pt = 16, it->bold = 1, it->align = 1, it->valign = 1;
    it->color = 0xf4efe4;
    it = add_item(&R, 1);
    it->what = LI_TEXT;
    it->text = kind->name;
    it->x = 6, it->y = 58, it->w = 51, it->h = 8;
    it->pt = 10, it->italic = 1, it->align = 1, it->valign = 1;
    it->color = 0xd8c27a;
}

/* read_board: layout n as the board layout of the map it names; 0 when
   no map has that name (n is then a kind's layout). */
static int read_board(Diag *d, Arena *a, Model *m, const AstNode *n)
{
    int g = -1;
    for (int j = 0; j < m->ngraphs; j++)
        if (strcmp(m->graphs[j].name, n->name) == 0)
            g = j;
    if (g < 0)
        return 0;
    MBoardLayout *B = &m->board_layouts[g];
    if (B->declared) {
        diag_error(d, n->loc2, "map '%s' already has a layout", n->name);
        diag_note(d, B->loc, "the first layout of '%s' is here", n->name);
        return 1;
    }
    memset(B, 0, sizeof *B);
    B->declared = 1;
    B->loc = n->loc;
    B->group_field = -1;
    B->edge_color = 0x8a8a8a;
    B->edge_line = 0.6;
    MLayout *L = &B->space;
    L->declared = 1;
    L->loc = n->loc;
    L->w = 40;
    L->h = 24;
    L->dir = dir_of(a, d->sources[n->loc.file].path);
    Reader R = {d, a, m, m->graphs[g].kind, L, NULL, 0, {0, 0}, B};
    items(&R, &n->list, 0);
    return 1;
}

void sheet_layout_check(Diag *d, Arena *a, Model *m, AstProgram *prog)
{
    m->layouts = arena_alloc(a, sizeof *m->layouts * (size_t)(m->nkinds + 1));
    m->board_layouts = arena_alloc(a, sizeof *m->board_layouts * (size_t)(m->ngraphs + 1));
    memset(m->board_layouts, 0, sizeof *m->board_layouts * (size_t)(m->ngraphs + 1));
    if (m->game_loc.file >= 0 && m->game_loc.file < d->nsources && d->sources[m->game_loc.file].path)
        m->game_dir = dir_of(a, d->sources[m->game_loc.file].path);
    else
        m->game_dir = ".";
    const char **knames = arena_alloc(a, sizeof(char *) * (size_t)(m->nkinds + 1));
    for (int k = 0; k < m->nkinds; k++)
        knames[k] = m->kinds[k].name;
    for (int i = 0; i < prog->decls.count; i++) {
        AstNode *n = prog->decls.items[i];
        if (!n || n->kind != AST_LAYOUT)
            continue;
        int k = -1;
        for (int j = 0; j < m->nkinds; j++)
            if (strcmp(m->kinds[j].name, n->name) == 0)
                k = j;
        if (k < 0 && read_board(d, a, m, n))
            continue;
        if (k < 0) {
            const char *s = diag_suggest(n->name, knames, m->nkinds);
            if (s)
                diag_error(d, n->loc2, "unknown kind '%s'; did you mean '%s'?", n->name, s);
            else
                diag_error(d, n->loc2, "unknown kind '%s'", n->name);
            continue;
        }
        MLayout *L = &m->layouts[k];
        if (L->declared) {
            diag_error(d, n->loc2, "kind '%s' already has a layout", n->name);
            diag_note(d, L->loc, "the first layout of '%s' is here", n->name);
            continue;
        }
        memset(L, 0, sizeof *L);
        L->declared = 1;
        L->loc = n->loc;
        L->w = 63;
        L->h = 88;
        L->dir = dir_of(a, d->sources[n->loc.file].path);
        Reader R = {d, a, m, k, L, NULL, 0, {0, 0}, NULL};
        items(&R, &n->list, 0);
    }
    for (int k = 0; k < m->nkinds; k++) {
        MLayout *L = &m->layouts[k];
        if (!L->declared) {
            L->loc = m->kinds[k].loc;
            L->dir = m->game_dir;
            make_default(a, m, k, L);
        }
        check_layout(d, a, m, k, L, "card");
    }
    for (int g = 0; g < m->ngraphs; g++)
        if (m->board_layouts[g].declared)
            check_layout(d, a, m, m->graphs[g].kind, &m->board_layouts[g].space, "space");
}
