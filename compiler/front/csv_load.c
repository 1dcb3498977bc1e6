/* csv_load.c: card tables in CSV (RFC 4180: commas, double quotes, "" for a
   quote inside quotes, newlines inside quotes, CRLF or LF line ends; cells
   hold text by text.h's rule). */
#include "csv_load.h"
#include "text.h"

#include <stdint.h>
#include <string.h>

/* One cell: its unquoted text and where it starts. */
typedef struct Cell {
    const char *text;
    Loc loc;
    int quoted;
} Cell;

/* The scanner: position in the text. */
typedef struct Csv {
    Diag *d;
    Arena *a;
    const char *s;
    size_t len, i;
    int file, line, col;
    char *buf;              /* scratch for one cell: len + 1 bytes */
} Csv;

static Loc here(const Csv *c)
{
    Loc l = { c->file, c->line, c->col };
    return l;
}

static void advance(Csv *c)
{
    if (c->s[c->i] == '\n') {
        c->line++;
        c->col = 1;
    } else {
        c->col++;
    }
    c->i++;
}

/* take_char: copy the character at c's position (one UTF-8 sequence)
   into buf at j and step over it; returns the new j. A character that text
   may not hold (text.h: a tab may, and a newline inside quotes) is
   reported once per row (*bad) and copied a byte at a time. */
static size_t take_char(Csv *c, char *buf, size_t j, int quoted, int *bad)
{
    char msg[96];
    int u = text_char(c->s + c->i, c->len - c->i, TEXT_TAB | (quoted ? TEXT_NEWLINE : 0), msg, sizeof msg);
    if (!u) {
        if (!*bad && c->s[c->i] == '\r')
            diag_error(c->d, here(c), "a carriage return without a line feed (CSV lines end with LF or CRLF)");
        else if (!*bad)
            diag_error(c->d, here(c), "%s", msg);
        *bad = 1;
        u = 1;
    }
    for (int k = 0; k < u; k++)
        buf[j++] = c->s[c->i + (size_t)k];
    if (u > 1) {
        c->i += (size_t)u;
        c->col += u;
    } else {
        advance(c);
    }
    return j;
}

/* row: scan one record into cells (at most max); returns the number of
   cells, 0 at the end of the text, -1 after a reported error (the rest of
   the record is skipped). */
static int row(Csv *c, Cell *cells, int max, Loc *row_loc)
{
    /* skip empty lines */
    while (c->i < c->len && (c->s[c->i] == '\n' || (c->s[c->i] == '\r' && c->s[c->i + 1] == '\n'))) {
        if (c->s[c->i] == '\r')
            c->i++;
        advance(c);
    }
    if (c->i >= c->len)
        return 0;
    *row_loc = here(c);
    int n = 0, bad = 0;
    for (;;) {
        Cell cell = { NULL, here(c), 0 };
        char *buf = c->buf;
        size_t j = 0;
        if (c->s[c->i] == '"') {
            cell.quoted = 1;
            advance(c);
            for (;;) {
                if (c->i >= c->len) {
                    if (!bad)
                        diag_error(c->d, cell.loc, "this quoted field has no closing '\"' (it runs to the end of the file)");
                    return -1;
                }
                if (c->s[c->i] == '"') {
                    if (c->s[c->i + 1] == '"') {
                        buf[j++] = '"';
                        advance(c);
                        advance(c);
                        continue;
                    }
                    advance(c);
                    break;
                }
                if (c->s[c->i] == '\r' && c->s[c->i + 1] == '\n') {
                    c->i++; /* CRLF inside quotes is a newline */
                    continue;
                }
                j = take_char(c, buf, j, 1, &bad);
            }
            if (c->i < c->len && c->s[c->i] != ',' && c->s[c->i] != '\n' && c->s[c->i] != '\r') {
                Loc at = here(c);
                if (!bad) {
                    diag_error(c->d, at, "unexpected text after a quoted field (a field with '\"' must be quoted whole)");
                    if (at.line > cell.loc.line)   /* the field ran over rows: its opening quote is likely unclosed */
                        diag_note(c->d, cell.loc, "the quoted field opens here, %d line%s above; is its closing '\"' missing?",
                                  at.line - cell.loc.line, at.line - cell.loc.line == 1 ? "" : "s");
                }
                bad = 1;
                while (c->i < c->len && c->s[c->i] != ',' && c->s[c->i] != '\n')
                    advance(c);
            }
        } else {
            while (c->i < c->len && c->s[c->i] != ',' && c->s[c->i] != '\n'
                   && !(c->s[c->i] == '\r' && c->s[c->i + 1] == '\n')) {
                if (c->s[c->i] == '"') {
                    if (!bad)
                        diag_error(c->d, here(c), "a '\"' inside an unquoted field (quote the whole field and write '\"\"')");
                    bad = 1;
                }
                j = take_char(c, buf, j, 0, &bad);
            }
        }
        buf[j] = '\0';
        cell.text = arena_strndup(c->a, buf, j);
        if (n < max)
            cells[n] = cell;
        n++;
        if (c->i < c->len && c->s[c->i] == ',') {
            advance(c);
            continue;
        }
        if (c->i < c->len && c->s[c->i] == '\r')
            c->i++;
        if (c->i < c->len)
            advance(c); /* the newline */
        break;
    }
    return bad ? -1 : n;
}

#define CSV_MAX_COLUMNS 256

/* edge_column: the index of column name in header head (nh cells), or -1. */
static int edge_column(const Cell *head, int nh, const char *name)
{
    for (int k = 0; k < nh; k++)
        if (strcmp(head[k].text, name) == 0)
            return k;
    return -1;
}

/* edge_rows: a map's edge list (header `map,from,to`, in any order): each
   row becomes an adjacency `from : to` of the map (an AST_ADJACENT decl
   whose name2 is the map, checked with the map's own edges). */
static void edge_rows(Csv *c, const Cell *head, AstProgram *prog)
{
    int cm = edge_column(head, 3, "map"), cf = edge_column(head, 3, "from"), ct = edge_column(head, 3, "to");
    Cell cellv[CSV_MAX_COLUMNS];
    Loc rl;
    for (;;) {
        int n = row(c, cellv, CSV_MAX_COLUMNS, &rl);
        if (n == 0)
            break;
        if (n < 0)
            continue;
        if (n != 3) {
            diag_error(c->d, rl, "this row has %d field%s but the header has 3", n, n == 1 ? "" : "s");
            continue;
        }
        int ok = 1;
        for (int k = 0; k < 3; k++)
            if (!load_is_ident(cellv[k].text)) {
                diag_error(c->d, cellv[k].loc, "'%s' is not the name of a %s", cellv[k].text, k == cm ? "map" : "space");
                ok = 0;
            }
        if (!ok)
            continue;
        AstNode *a = ast_new(c->a, AST_ADJACENT, cellv[cf].loc);
        a->name = cellv[cf].text;
        a->name2 = cellv[cm].text;
        a->loc2 = cellv[cm].loc;
        AstNode *to = ast_new(c->a, AST_NAME, cellv[ct].loc);
        to->name = cellv[ct].text;
        ast_push(c->a, &a->list, to);
        ast_push(c->a, &prog->decls, a);
    }
}

int csv_load_file(Diag *d, Arena *arena, int file, AstProgram *prog, LoadCells *cells)
{
    int before = d->errors;
    const DiagSource *src = &d->sources[file];
    Csv c = { d, arena, src->text, src->len, 0, file, 1, 1, arena_alloc(arena, src->len + 1) };
    /* a UTF-8 byte order mark is skipped */
    if (c.len >= 3 && memcmp(c.s, "\xEF\xBB\xBF", 3) == 0)
        c.i = 3;
    Cell head[CSV_MAX_COLUMNS];
    Loc rl;
    int nh = row(&c, head, CSV_MAX_COLUMNS, &rl);
    if (nh <= 0) {
        if (nh == 0) {
            Loc l = { file, 1, 1 };
            diag_error(d, l, "a CSV card table needs a header row (name, kind, [count,] fields...)");
        }
        return d->errors - before;
    }
    if (nh > CSV_MAX_COLUMNS) {
        diag_error(d, rl, "more than %d columns", CSV_MAX_COLUMNS);
        return d->errors - before;
    }
    if (nh == 3 && edge_column(head, 3, "map") >= 0 && edge_column(head, 3, "from") >= 0
        && edge_column(head, 3, "to") >= 0) {
        edge_rows(&c, head, prog);
        return d->errors - before;
    }
    int col_name = -1, col_kind = -1, col_count = -1;
    for (int k = 0; k < nh; k++) {
        const char *h = head[k].text;
        if (!load_is_ident(h)) {
            diag_error(d, head[k].loc, "the column name '%s' is not a field name", h);
            continue;
        }
        for (int j = 0; j < k; j++)
            if (strcmp(head[j].text, h) == 0) {
                diag_error(d, head[k].loc, "the column '%s' appears twice", h);
                diag_note(d, head[j].loc, "first here");
            }
        if (strcmp(h, "name") == 0)
            col_name = k;
        else if (strcmp(h, "kind") == 0)
            col_kind = k;
        else if (strcmp(h, "count") == 0)
            col_count = k;
    }
    if (col_name < 0 || col_kind < 0) {
        diag_error(d, rl, "a CSV card table needs the columns 'name' and 'kind'");
        return d->errors - before;
    }
    if (d->errors > before)
        return d->errors - before;
    Cell cellv[CSV_MAX_COLUMNS];
    for (;;) {
        int n = row(&c, cellv, CSV_MAX_COLUMNS, &rl);
        if (n == 0)
            break;
        if (n < 0)
            continue;
        if (n != nh) {
            diag_error(d, rl, "this row has %d field%s but the header has %d", n, n == 1 ? "" : "s", nh);
            continue;
        }
        AstNode *card = ast_new(arena, AST_CARD, rl);
        card->loc2 = cellv[col_name].loc;
        card->text = cellv[col_name].text;
        card->name = cellv[col_kind].text;
        card->ival = 1;
        if (card->text[0] == '\0') {
            diag_error(d, cellv[col_name].loc, "this card has no name");
            continue;
        }
        if (!load_is_ident(card->name)) {
            diag_error(d, cellv[col_kind].loc, "'%s' is not a kind name", card->name);
            continue;
        }
        if (col_count >= 0 && cellv[col_count].text[0]) {
            const char *p = cellv[col_count].text;
            int64_t v = 0;
            for (; *p >= '0' && *p <= '9' && v <= INT32_MAX; p++)
                v = v * 10 + (*p - '0');
            if (*p || v > INT32_MAX) {
                diag_error(d, cellv[col_count].loc, "column 'count': '%s' is not a number of copies", cellv[col_count].text);
                continue;
            }
            card->ival = v;
        }
        for (int k = 0; k < nh; k++) {
            if (k == col_name || k == col_kind || k == col_count)
                continue;
            LoadCell lc = { 0 };
            lc.card = card;
            lc.field = head[k].text;
            lc.text = cellv[k].text;
            lc.loc = cellv[k].loc;
            lc.value_loc = cellv[k].loc;
            lc.script_base = cellv[k].loc;
            if (cellv[k].quoted)
                lc.script_base.col++;
            lc.column_loc = head[k].loc;
            lc.csv_file = file;
            load_cell_add(arena, cells, &lc);
        }
        ast_push(arena, &prog->decls, card);
    }
    return d->errors - before;
}
