/* yaml_load.c: the YAML front end's entry points: read a YAML game file,
   build its tree (yaml_tree.c) and its declarations (yaml_decls.c). */
#include "yaml_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "parse.h"
#include "strtab.h"
#include "text.h"

/* read_all: path's bytes in arena a (NUL bytes kept: libyaml reports
   them), or NULL after reporting (diag_read_file). */
static char *read_all(Diag *d, Arena *a, const char *path, size_t *len)
{
    char *buf = diag_read_file(d, path, len);
    if (!buf)
        return NULL;
    char *r = arena_strndup(a, buf, *len);
    memcpy(r, buf, *len);
    free(buf);
    return r;
}

/* Read y's text (set by the caller) into a tree and build its declarations. */
static int load_text(Y *y, int *provenance)
{
    yl_index_lines(y);
    YNode *root = NULL;
    if (!yl_read_tree(y, &root) || !root)
        return 1;
    yl_build_file(y, root, provenance);
    return 1;
}

int yaml_load_file(Diag *d, Arena *arena, const char *path, AstProgram *prog, LoadCells *cells, int use_origins,
                   int *provenance)
{
    Y y_ = { 0 };
    Y *y = &y_;
    y->d = d;
    y->a = arena;
    y->path = arena_strdup(arena, path);
    y->file = -1;
    y->src = -1;
    y->origins = use_origins;
    y->prog = prog;
    y->cells = cells;
    if (use_origins) {
        y->text = read_all(d, arena, path, &y->len);
        if (!y->text)
            return -1;
    } else {
        y->file = diag_load_file(d, path);
        if (y->file < 0)
            return -1;
        y->text = d->sources[y->file].text;
        y->len = d->sources[y->file].len;
    }
    return load_text(y, provenance);
}

int yaml_load_source(Diag *d, Arena *arena, int file, AstProgram *prog, LoadCells *cells, int *provenance)
{
    if (file < 0 || file >= d->nsources)
        return -1;
    Y y_ = { 0 };
    Y *y = &y_;
    y->d = d;
    y->a = arena;
    y->path = d->sources[file].path;
    y->file = file;
    y->src = -1;
    y->prog = prog;
    y->cells = cells;
    y->text = d->sources[file].text;
    y->len = d->sources[file].len;
    return load_text(y, provenance);
}

