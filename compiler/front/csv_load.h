/* csv_load.h: card tables in CSV: a header row names the columns (`name`,
   `kind`, optional `count`, and fields of the kind); each row is a card. */
#ifndef CARDC_CSV_LOAD_H
#define CARDC_CSV_LOAD_H

#include "ast.h"
#include "load.h"

/* csv_load_file: the cards of the CSV source `file` (registered in d),
   appended to prog as AST_CARD nodes in row order; their field values go to
   cells (typed by load_resolve_cells once the kinds are known). Reports
   malformed rows, quoting errors, invalid UTF-8 and bad header cells at
   their line and column. Returns the number of errors found. */
int csv_load_file(Diag *d, Arena *arena, int file, AstProgram *prog, LoadCells *cells);

#endif
