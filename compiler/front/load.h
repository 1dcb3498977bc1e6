/* load.h: find a game's source files (.cards, .yaml/.yml, .csv) and load
   each into one program. */
#ifndef CARDC_LOAD_H
#define CARDC_LOAD_H

#include "ast.h"

/* Flags of load_inputs_ex. */
enum {
    /* YAML files: give nodes the locations recorded in their `source` and
       `origin`/`lines` keys (the original files and lines), not the YAML
       file's own; see docs/formats.md, "Provenance". */
    LOAD_ORIGINS = 1 << 0
};

/* A card field value written as text (a YAML scalar or a CSV cell) whose
   meaning depends on the type of the field in its kind, which may be
   declared in a file loaded later: completed by load_resolve_cells once
   every file is loaded. */
typedef struct LoadCell {
    AstNode *card;        /* the AST_CARD the item belongs to */
    const char *field;    /* the field (CSV: the column) */
    const char *text;     /* the value as written */
    const char *script;   /* abilities: the text to parse (NULL: text) */
    Loc loc;              /* the item's location (key or cell) */
    Loc value_loc;        /* the value's location, for diagnostics */
    Loc script_base;      /* where text starts, for parsing scripts */
    Loc column_loc;       /* CSV: the header cell of the column (line 0: not CSV) */
    int csv_file;         /* CSV: the source index of the file */
    const char *family_var; /* YAML, a family of variants' `set_card`: its variable, an int field's value */
} LoadCell;

/* The pending cells of one load, in order. */
typedef struct LoadCells {
    LoadCell *items;
    int count, cap;
} LoadCells;

/* load_is_ident: s is an identifier (a letter or '_', then letters,
   digits or '_'); 0 for NULL. */
int load_is_ident(const char *s);

/* load_cell_add: append a copy of c to cells (grown in arena). */
void load_cell_add(Arena *arena, LoadCells *cells, const LoadCell *c);

/* load_resolve_cells: complete every pending cell against the kinds in
   prog: append to its card an AST_CARD_ITEM whose value is an INT, BOOL,
   NAME (side) or STRING node, or whose block is the parsed script (ability).
   Reports values of the wrong type, and for CSV unknown columns (once per
   column, with "did you mean"). Empty CSV cells are skipped. */
void load_resolve_cells(Diag *d, Arena *arena, AstProgram *prog, LoadCells *cells);

/* load_inputs_ex: for each input (a folder: its .cards, .yaml, .yml and
   .csv files together in name order; or a file), load it into prog with
   flags (LOAD_*). Errors go to d. Returns the number of files read, or -1
   if an input could not be read at all. *provenance (if not NULL) is set
   when a YAML file recorded origins (so a LOAD_ORIGINS load may differ). */
int load_inputs_ex(Diag *d, Arena *arena, const char *const *inputs, int ninputs, AstProgram *prog, int flags,
                   int *provenance);

/* load_inputs: load_inputs_ex without flags. */
int load_inputs(Diag *d, Arena *arena, const char *const *inputs, int ninputs, AstProgram *prog);

#endif
