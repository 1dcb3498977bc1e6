/* load.c: find a game's source files and load each into one program:
   .cards files through the parser, .yaml/.yml through yaml_load, .csv
   through csv_load; card values written as text are completed at the end. */
#include "load.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "csv_load.h"
#include "parse.h"
#include "yaml_load.h"

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int is_source(const char *name)
{
    return ends_with(name, ".cards") || ends_with(name, ".yaml") || ends_with(name, ".yml")
           || ends_with(name, ".csv");
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void load_cell_add(Arena *arena, LoadCells *cells, const LoadCell *c)
{
    if (cells->count == cells->cap) {
        int cap = cells->cap ? cells->cap * 2 : 64;
        LoadCell *n = arena_alloc(arena, sizeof *n * (size_t)cap);
        if (cells->count)
            memcpy(n, cells->items, sizeof *n * (size_t)cells->count);
        cells->items = n;
        cells->cap = cap;
    }
    cells->items[cells->count++] = *c;
}


static const AstNode *find_field(const AstNode *kind, const char *name)
{
    for (int i = 0; i < kind->list.count; i++) {
        const AstNode *f = kind->list.items[i];
        if (f && f->kind == AST_FIELD && !(f->flags & FIELD_STATE) && strcmp(f->name, name) == 0)
            return f;
    }
    return NULL;
}

/* load_is_ident: s is an identifier (a letter or '_', then letters,
   digits or '_'); 0 for NULL. */
int load_is_ident(const char *s)
{
    if (!s || !(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z')))
        return 0;
    for (s++; *s; s++)
        if (!(*s == '_' || (*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
            return 0;
    return 1;
}

/* Parse a decimal int32 (an optional '-'); 0 if s is not one. */
static int parse_int(const char *s, int64_t *out)
{
    const char *p = s;
    int neg = 0;
    if (*p == '-') {
        neg = 1;
        p++;
    }
    if (!*p)
        return 0;
    int64_t v = 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return 0;
        v = v * 10 + (*p - '0');
        if (v > (int64_t)INT32_MAX + 1)
            return 0;
    }
    v = neg ? -v : v;
    if (v > INT32_MAX || v < INT32_MIN)
        return 0;
    *out = v;
    return 1;
}

/* Report an unknown CSV column once (the first cell that meets it). */
static void unknown_column(Diag *d, Arena *arena, const LoadCells *cells, int upto, const LoadCell *c,
                           const AstNode *kind)
{
    for (int j = 0; j < upto; j++) {
        const LoadCell *o = &cells->items[j];
        if (o->csv_file == c->csv_file && o->column_loc.line && o->column_loc.line == c->column_loc.line
            && o->column_loc.col == c->column_loc.col && o->column_loc.file == c->column_loc.file && o->text[0]
            && (!o->card->name || !c->card->name || strcmp(o->card->name, c->card->name) == 0))
            return; /* reported already */
    }
    const char **names = arena_alloc(arena, sizeof(char *) * (size_t)(kind->list.count + 4));
    int n = 0;
    for (int i = 0; i < kind->list.count; i++)
        if (!(kind->list.items[i]->flags & FIELD_STATE))
            names[n++] = kind->list.items[i]->name;
    names[n++] = "count";
    const char *s = diag_suggest(c->field, names, n);
    if (s)
        diag_error(d, c->column_loc, "unknown column '%s': kind '%s' has no such field (did you mean '%s'?)", c->field,
                   kind->name, s);
    else
        diag_error(d, c->column_loc, "unknown column '%s': kind '%s' has no such field", c->field, kind->name);
}

void load_resolve_cells(Diag *d, Arena *arena, AstProgram *prog, LoadCells *cells)
{
    for (int i = 0; i < cells->count; i++) {
        LoadCell *c = &cells->items[i];
        int csv = c->column_loc.line != 0;
        if (csv && c->text[0] == '\0')
            continue; /* an empty cell: the field is absent */
        const AstNode *kind = ast_find_kind(arena, prog, c->card->name);
        const AstNode *field = kind ? find_field(kind, c->field) : NULL;
        AstNode *item = ast_new(arena, AST_CARD_ITEM, c->loc);
        item->loc2 = c->value_loc;
        item->name = c->field;
        if (kind && !field && csv) {
            unknown_column(d, arena, cells, i, c, kind);
            continue;
        }
        AstType t = field ? field->type : TY_TEXT;
        int64_t v = 0;
        switch (t) {
        case TY_INT:
            if (c->family_var && strcmp(c->text, c->family_var) == 0) {
                item->a = ast_new(arena, AST_NAME, c->value_loc);
                item->a->name = c->text;
                break;
            }
            if (!parse_int(c->text, &v)) {
                diag_error(d, c->value_loc, "field '%s' is an int: '%s' is not an integer", c->field, c->text);
                continue;
            }
            item->a = ast_new(arena, AST_INT, c->value_loc);
            item->a->ival = v;
            break;
        case TY_BOOL:
            if (strcmp(c->text, "true") != 0 && strcmp(c->text, "false") != 0) {
                diag_error(d, c->value_loc, "field '%s' is a bool: expected true or false, found '%s'", c->field,
                           c->text);
                continue;
            }
            item->a = ast_new(arena, AST_BOOL, c->value_loc);
            item->a->ival = c->text[0] == 't';
            break;
        case TY_SIDE:
        case TY_NAMED:
            if (!load_is_ident(c->text)) {
                diag_error(d, c->value_loc, "field '%s' is a%s: '%s' is not a name", c->field,
                           t == TY_SIDE ? " side" : "n enum value", c->text);
                continue;
            }
            item->a = ast_new(arena, AST_NAME, c->value_loc);
            item->a->name = c->text;
            break;
        case TY_ABILITY: {
            AstNode *b = parse_block_string(d, arena, c->script ? c->script : c->text, c->script_base);
            if (!b)
                continue;
            item->b = b;
            break;
        }
        default:
            item->a = ast_new(arena, AST_STRING, c->value_loc);
            item->a->text = c->text;
            break;
        }
        ast_push(arena, &c->card->list, item);
    }
    cells->count = 0;
}

/* Load one source file by its extension. */
static int load_file(Diag *d, Arena *arena, const char *path, AstProgram *prog, LoadCells *cells, int flags,
                     int *provenance)
{
    if (ends_with(path, ".yaml") || ends_with(path, ".yml"))
        return yaml_load_file(d, arena, path, prog, cells, (flags & LOAD_ORIGINS) != 0, provenance);
    if (!ends_with(path, ".cards") && !ends_with(path, ".csv")) {
        diag_plain(d, "'%s': unknown kind of source file (expected .cards, .yaml, .yml or .csv)", path);
        return -1;
    }
    int id = diag_load_file(d, path);
    if (id < 0)
        return -1;
    if (ends_with(path, ".csv"))
        csv_load_file(d, arena, id, prog, cells);
    else
        parse_file(d, arena, id, prog);
    return 1;
}

int load_inputs_ex(Diag *d, Arena *arena, const char *const *inputs, int ninputs, AstProgram *prog, int flags,
                   int *provenance)
{
    int count = 0;
    LoadCells cells = { 0 };
    int prov = 0;
    for (int i = 0; i < ninputs; i++) {
        const char *in = inputs[i];
        struct stat st;
        if (stat(in, &st) != 0) {
            diag_plain(d, "cannot read '%s': no such file or folder", in);
            return -1;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (load_file(d, arena, in, prog, &cells, flags, &prov) < 0)
                return -1;
            count++;
            continue;
        }
        DIR *dir = opendir(in);
        if (!dir) {
            diag_plain(d, "cannot read folder '%s'", in);
            return -1;
        }
        const char **names = NULL;
        int n = 0, cap = 0;
        struct dirent *e;
        while ((e = readdir(dir)) != NULL) {
            if (e->d_name[0] == '.' || !is_source(e->d_name))
                continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 16;
                const char **nn = arena_alloc(arena, sizeof *nn * (size_t)cap);
                if (n)
                    memcpy(nn, names, sizeof *nn * (size_t)n);
                names = nn;
            }
            names[n++] = arena_strdup(arena, e->d_name);
        }
        closedir(dir);
        if (n == 0) {
            diag_plain(d, "folder '%s' has no .cards, .yaml or .csv files", in);
            return -1;
        }
        qsort(names, (size_t)n, sizeof *names, by_name);
        size_t len = strlen(in);
        int slash = len > 0 && in[len - 1] == '/';
        for (int k = 0; k < n; k++) {
            const char *path = arena_printf(arena, "%s%s%s", in, slash ? "" : "/", names[k]);
            if (load_file(d, arena, path, prog, &cells, flags, &prov) < 0)
                return -1;
            count++;
        }
    }
    load_resolve_cells(d, arena, prog, &cells);
    parse_resolve_card_items(arena, prog);
    if (provenance)
        *provenance = prov;
    return count;
}

int load_inputs(Diag *d, Arena *arena, const char *const *inputs, int ninputs, AstProgram *prog)
{
    return load_inputs_ex(d, arena, inputs, ninputs, prog, 0, NULL);
}
