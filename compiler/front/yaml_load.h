/* yaml_load.h: the YAML front end: a game file in YAML (docs/formats.md),
   read with libyaml, checked against the schema, built into the same AST
   the .cards parser builds. */
#ifndef CARDC_YAML_LOAD_H
#define CARDC_YAML_LOAD_H

#include "ast.h"
#include "load.h"

/* The bounds of a YAML file: nesting depth and nodes after expanding aliases. */
#define YAML_MAX_DEPTH 64
#define YAML_MAX_NODES 100000

/* yaml_load_file: read the YAML game file at path and append its
   declarations to prog; card values go to cells (load_resolve_cells
   completes them). Errors (bad YAML, schema violations, script syntax)
   are reported to d with the YAML file's line and column. With
   use_origins, nodes take their locations from the file's provenance keys
   (`source`, `origin`, `lines`) where present; the YAML file is then
   registered with d only if some location needs it. Sets *provenance to 1
   if the file has a `source` key. Returns 1, or -1 if the file cannot be
   read. Nodes and strings live in arena. */
int yaml_load_file(Diag *d, Arena *arena, const char *path, AstProgram *prog, LoadCells *cells, int use_origins,
                   int *provenance);

/* yaml_load_source: as yaml_load_file without origins, for the YAML text
   already registered in d as source `file` (tests and fuzzing load from
   memory). Returns 1, or -1 if file is not a source of d. */
int yaml_load_source(Diag *d, Arena *arena, int file, AstProgram *prog, LoadCells *cells, int *provenance);

#endif
