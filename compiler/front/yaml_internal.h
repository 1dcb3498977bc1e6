/* yaml_internal.h: what the YAML front end's files share (yaml_tree.c: the
   YAML tree; yaml_schema.c: schema helpers, provenance and scripts;
   yaml_decls.c: declarations; yaml_load.c: the entry points). Not for
   other modules. */
#ifndef CARDC_YAML_INTERNAL_H
#define CARDC_YAML_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "strtab.h"
#include "yaml_load.h"

typedef enum YKind { YN_SCALAR, YN_SEQ, YN_MAP } YKind;

/* One node: a scalar, a sequence (items) or a mapping (items: key, value,
   key, value ...). Aliases share the node they name. */
typedef struct YNode {
    YKind kind;
    int line0, col0;        /* libyaml's mark: 0-based line, column in characters */
    int style;              /* scalars: yaml_scalar_style_t */
    const char *value;      /* scalars: NUL-terminated */
    size_t len;
    struct YNode **items;
    int count, cap;
    int height;             /* 1 for a scalar */
    long size;              /* nodes in the subtree, aliases expanded */
    int done;               /* complete (an alias may name it) */
    StrTab *keys;           /* mappings past MAP_INDEX_FROM keys: key -> item index */
} YNode;

/* A mapping with more keys than this indexes them for the duplicate check. */
enum { MAP_INDEX_FROM = 16 };

/* The state of loading one YAML file. */
typedef struct Y {
    Diag *d;
    Arena *a;
    const char *path;
    const char *text;       /* the file's bytes, NUL-terminated */
    size_t len;
    int file;               /* its Diag source index, or -1 until needed */
    int origins;            /* use the provenance keys */
    int src;                /* the Diag index of `source` (origins mode), or -1 */
    size_t *line_start;     /* byte offset of each line */
    int nlines;
    StrTab *anchors;        /* anchor name -> index in anchor_nodes (the latest of a name) */
    YNode **anchor_nodes;
    int nanchors, capanchors;
    long nodes;             /* nodes so far, aliases expanded */
    AstProgram *prog;
    LoadCells *cells;
    const char *family_var; /* while a family of variants' items are built: its variable */
} Y;

/* ---- the YAML tree (yaml_tree.c) ------------------------------------------- */

/* yl_index_lines: the offset of each line of y's text (for locations). */
void yl_index_lines(Y *y);
/* yl_kind_word: what n is, for messages ("a mapping"). */
const char *yl_kind_word(const YNode *n);
/* yl_read_tree: the single document of the file as a tree; *root NULL for an
   empty file. Returns 0 after reporting an error. */
int yl_read_tree(Y *y, YNode **root);
/* yl_loc: where node n starts in the YAML file. */
Loc yl_loc(Y *y, const YNode *n);

/* ---- schema helpers, provenance and scripts (yaml_schema.c) ---------------- */

/* yl_block_at: the script under key of map as an AST_BLOCK, or NULL. */
AstNode *yl_block_at(Y *y, const YNode *map, const char *key, const char *what);
/* yl_boolean: scalar n as true or false into *out; 0 after reporting that
   `what` needs one. */
int yl_boolean(Y *y, const YNode *n, const char *what, int *out);
/* yl_check_keys: report every key of map not in allowed (NULL-terminated). */
int yl_check_keys(Y *y, const YNode *map, const char *const *allowed, const char *what);
/* yl_decl_loc: the location of a declaration: its `origin` line in
   `source` (origins mode), else the YAML position of its first key. */
Loc yl_decl_loc(Y *y, const YNode *map);
/* yl_expr_at: the expression under key of map, or NULL (reported). */
AstNode *yl_expr_at(Y *y, const YNode *map, const char *key, const char *what);
/* yl_get, yl_get_key: the value (the key node) of key in map, or NULL. */
YNode *yl_get(const YNode *map, const char *key);
YNode *yl_get_key(const YNode *map, const char *key);
/* yl_integer: scalar n as an int32 into *out; 0 after reporting that
   `what` needs one. */
int yl_integer(Y *y, const YNode *n, const char *what, int64_t *out);
/* yl_is_null: n is YAML's null (~, null, or nothing). */
int yl_is_null(const YNode *n);
/* yl_name_of: a scalar that is a name (an identifier). */
const char *yl_name_of(Y *y, const YNode *n, const char *what);
/* yl_names_at: a name or a list of names as AST_NAME nodes. */
AstList yl_names_at(Y *y, const YNode *n, Loc loc, const char *what);
/* yl_need: the value of key in map, or NULL after reporting that `what`
   needs it. */
const YNode *yl_need(Y *y, const YNode *map, const char *key, const char *what);
/* yl_scalar: the string value of n, or NULL after reporting that `what` needs one. */
const char *yl_scalar(Y *y, const YNode *n, const char *what);
/* yl_script_text: the text of the scalar n to parse as a script or expression
   and, in *base, where its first character is. In origins mode (line > 0)
   the base is that source line; otherwise the scalar's own position in the
   YAML file: for a literal block (`|`) every line is re-indented as in the
   file so that columns match too. */
const char *yl_script_text(Y *y, const YNode *n, int line, Loc *base);
/* yl_type_of: a field or parameter type written as n (an enum's name in
   *name2); TY_NONE after reporting. */
AstType yl_type_of(Y *y, const YNode *n, const char *what, const char **name2);

/* ---- shapes of arrays and dice (yaml_shapes.c) ------------------------------ */

/* yl_dims_at: map's `index: [...]`, an array's indices (AST_DIMS), or NULL
   when absent or after reporting it. */
AstNode *yl_dims_at(Y *y, const YNode *m, Loc loc);
/* yl_faces_at: map's `faces: [...]`, a die's faces: names, numbers and
   "hit x2 + focus" (AST_NAME, AST_INT, AST_FACE). */
AstList yl_faces_at(Y *y, const YNode *m, Loc loc);

/* ---- declarations (yaml_decls.c) ------------------------------------------- */

/* yl_build_map: a map declaration (yaml_map.c; NULL after an error);
   yl_values_at: the `values` of m as pending cells of owner (yaml_decls.c). */
AstNode *yl_build_map(Y *y, const YNode *m, Loc loc);
void yl_values_at(Y *y, const YNode *m, AstNode *owner, Loc loc);

/* yl_build_file: the declarations of the file's tree root (file ->
   {source?: PATH, declarations: [DECL...]}) into y->prog. */
void yl_build_file(Y *y, const YNode *root, int *provenance);

#endif
