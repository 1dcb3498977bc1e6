/* export_yaml.h: write a game's program as YAML game files (docs/formats.md),
   one per source file, with provenance so that the YAML compiles to the
   same generated C. */
#ifndef CARDC_EXPORT_YAML_H
#define CARDC_EXPORT_YAML_H

#include "ast.h"
#include "diag.h"

/* export_yaml_text: the YAML game file of the declarations of prog that came
   from source `file` of d (Loc.file), as an arena string; NULL after
   reporting (to d) a construct it cannot write. */
char *export_yaml_text(Diag *d, Arena *arena, const AstProgram *prog, int file);

/* export_yaml_name: the file name (no folder) for source `file`: its base
   name with the extension replaced by .yaml, or the whole base name plus
   .yaml if another source of d has the same stem. Arena-owned. */
const char *export_yaml_name(const Diag *d, Arena *arena, int file);

#endif
