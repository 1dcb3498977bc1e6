/* load.h: find a game's source files and parse each into one program. */
#ifndef CARDC_LOAD_H
#define CARDC_LOAD_H

#include "ast.h"

/* load_inputs: for each input (a folder: its .cards files in name order;
   or a file), load and parse it into prog. Errors go to d. Returns the
   number of files read, or -1 if an input could not be read at all. */
int load_inputs(Diag *d, Arena *arena, const char *const *inputs, int ninputs, AstProgram *prog);

#endif
