/* sema_internal.h: the checker's context and the helpers its files
   share (sema_names.c: names and constants; sema_script.c: expressions,
   statements and code units; sema_expr.c: expressions; sema_cards.c: cards, enums, dice and boards;
   sema_family.c: families of variants; sema.c: the other declarations and the whole program). */
#ifndef CARDC_SEMA_INTERNAL_H
#define CARDC_SEMA_INTERNAL_H

#include "model.h"

/* One local binding visible in the current scope. */
typedef struct Binding {
    const char *name;
    int slot;
    Type type;
} Binding;

/* The checker's context. */
typedef struct Sema {
    Diag *d;
    Arena *a;
    Model *m;
    AstProgram *prog;
    AstNode *game;
    AstNode *setup, *round;
    AstNode **functions;      /* AST_FUNCTION per model function index */
    int nfunctions;
    Type *fresult;
    int *fparam_count;
    Type **fparams;
    /* current unit */
    MUnit *unit;
    Binding *scope;
    int nscope, capscope;
    int simultaneous;
    int in_turns;
    int in_function;
    int endings;              /* win/draw_game/lose_game statements seen */
    /* the cards collected so far (sema.c's add_card) */
    struct StrTab *card_index; /* card name -> index in m->cards */
    int capcards;             /* capacity of m->cards */
    int *kind_cards;          /* cards of each kind so far (nkind_cards slots) */
    int nkind_cards;
} Sema;

/* Candidate-name collection for "did you mean". */
typedef struct Names {
    const char **v;
    int n, cap;
} Names;

enum { NS_LOCALS = 1, NS_SIDES = 2, NS_ZONES = 4, NS_VARS = 8, NS_CONSTS = 16, NS_FUNCS = 32, NS_KINDS = 64 };

/* Values of the fields of the card being built, for defaults like `= value`. */
typedef struct FieldEnv {
    const MKind *kind;
    const MValue *values;
    const int *set;
} FieldEnv;

/* sema_expand_families (sema_family.c): decls (*nd of them) with each
   family of variants (`variant NAME ... for v in A..B`) replaced by its
   variants, one per value, in order (a family in error by none, after
   reporting why); an arena array, its count in *nd. */
AstNode **sema_expand_families(Sema *S, AstNode **decls, int *nd);

/* mk: the type base with parameter p. */
static inline Type mk(TypeBase b, int p)
{
    Type t = {b, p};
    return t;
}

/* sema_annotate: store a checked type and symbol on a node. */
void sema_annotate(AstNode *n, Type t, int ref);
/* sema_bind: bind name in the current scope to a new local slot; returns the slot. */
int sema_bind(Sema *S, const char *name, Type t, Loc loc);
/* sema_c_ident: a C identifier made of s (lowercase, underscores). */
char *sema_c_ident(Sema *S, const char *s);
/* sema_check_calls: the call graphs once every unit is checked (sema_calls.c):
   reports recursion and calls nested deeper than RT_MAX_DEPTH frames, and
   sets m->max_frames. */
void sema_check_calls(Sema *S);
/* sema_check_expr: check an expression; returns its type and annotates it. */
Type sema_check_expr(Sema *S, AstNode *e);

/* sema_prompts.c: the holes of a label or prompt (what: "label",
   "prompt"), `eliminate`, and the game's `teams` (after its sides and
   players are collected). */
void sema_check_holes(Sema *S, AstList *holes, const char *what);
void sema_check_eliminate(Sema *S, AstNode *s);
void sema_check_teams(Sema *S, const AstNode *game);
/* sema_check_global_unique: 1 if name is not yet a global; else reports the clash and returns 0. */
int sema_check_global_unique(Sema *S, const char *name, Loc loc);
/* sema_check_unit: check one script unit (its body, with procedure parameters bound). */
void sema_check_unit(Sema *S, int ui);
/* sema_const_eval: evaluate a compile-time expression; 1 on success. */
int sema_const_eval(Sema *S, AstNode *e, const FieldEnv *env, int32_t *out, Type *ty);
/* sema_field_type: the checked type of a kind's field. */
Type sema_field_type(const Sema *S, const MField *f);
/* sema_find_*: index of the side, zone, variable, constant, kind, enum, procedure unit or function named name, or -1. */
int sema_find_const(const Model *m, const char *name);
int sema_find_enum(const Model *m, const char *name);
int sema_find_enum_value(const Model *m, const char *name, int *e);
int sema_find_field(const MKind *k, const char *name);
int sema_find_func(const Sema *S, const char *name);
int sema_find_kind(const Model *m, const char *name);
int sema_find_proc(const Model *m, const char *name);
int sema_find_side(const Model *m, const char *name);
int sema_find_var(const Model *m, const char *name);
int sema_find_zone(const Model *m, const char *name);
/* sema_gather: candidate names of the categories in which (NS_* bits). */
Names sema_gather(Sema *S, int which);
/* sema_check_reveal: `reveal X [to P]` and `look P at X` (sema_know.c). */
void sema_check_reveal(Sema *S, AstNode *s);
/* Arrays (sema_arrays.c): sema_find_array: the array named name, or -1;
   sema_array_declare: declare one (a counter's or variable's d: DIMS),
   whose elements are like proto; sema_arrays_expand: every array's
   elements, once the cards are known; sema_array_hide: hide an array
   from the play screen (1; 0: no array NAME; -1: hidden already);
   sema_check_index: check `NAME[i, ...]`, returning its type. */
int sema_find_array(const Model *m, const char *name);
void sema_array_declare(Sema *S, const AstNode *dims, const MVar *proto, const char *name, Loc loc);
void sema_arrays_expand(Sema *S);
int sema_array_hide(Sema *S, const char *name);
Type sema_check_index(Sema *S, AstNode *e);
/* sema_check_range: `A..B` where a collection is written (sema_arrays.c). */
Type sema_check_range(Sema *S, AstNode *e);
/* Dice (sema_dice.c): sema_die_other_faces: die n has a face that is a
   number or several symbols; sema_collect_die_faces: collect such a die's
   kind; sema_die_symbol: `d.hit` (kind: d's, or -1) when it is a count of
   a symbol on a die's face: 1 after checking it (*t its type), else 0. */
int sema_die_other_faces(const AstNode *n);
void sema_collect_die_faces(Sema *S, AstNode *n);
int sema_die_symbol(Sema *S, AstNode *e, int kind, const char *name, Loc loc, Type *t);
/* sema_die_states: append the states die n declares to its kind ki. */
void sema_die_states(Sema *S, const AstNode *n, int ki);
/* sema_new_die_kind: the kind of die n with nfaces faces (in the model's
   arena; state `face` of type int, or of enum e when e >= 0); its index. */
int sema_new_die_kind(Sema *S, const AstNode *n, int32_t *faces, int nfaces, int e);
/* sema_check_flow: the secrecy check (sema_flow.c), after the units: every
   place that shows something shows only what its audience may know. */
void sema_check_flow(Sema *S);
/* sema_check_views: the view declarations (sema_view.c), after the units. */
void sema_check_views(Sema *S, AstNode **decls, int nd);

/* sema_grow: grow an arena array by one zeroed element; returns its index. */
int sema_grow(Arena *a, void **items, int *count, int *cap, size_t size);
/* sema_want_kind: the kind named name, or -1 after reporting it unknown at loc (sema.c). */
int sema_want_kind(Sema *S, const char *name, Loc loc);
/* Cards, enums, dice and boards into the model (sema_cards.c): */
/* sema_find_card: index of the card named name so far, or -1. */
int sema_find_card(const Sema *S, const char *name);
/* sema_collect_card: card c (variant, or -1 for the base game), one per copy. */
void sema_collect_card(Sema *S, AstNode *c, int variant);
/* sema_collect_card_change: a variant's `set card KIND "Name" { ... }` (an
   AST_CARD with CARD_CHANGES): the base card's data with those fields. */
void sema_collect_card_change(Sema *S, AstNode *c, int variant);
/* sema_collect_enum: an enum declaration's type and values. */
void sema_collect_enum(Sema *S, AstNode *n);
/* sema_collect_board_names: the implicit enum `board`, one value per board. */
void sema_collect_board_names(Sema *S, AstNode **decls, int nd);
/* sema_collect_die_kind, sema_collect_die_card: a die's kind and its card. */
void sema_collect_die_kind(Sema *S, AstNode *n);
void sema_collect_die_card(Sema *S, AstNode *n);
/* sema_collect_board_cards: a board's spaces, one card per symbol of each row. */
void sema_collect_board_cards(Sema *S, AstNode *b);

/* Maps (sema_graph.c): the maps' names and the enum `region`; a map's
   spaces and edges; the map of a kind (or -1); a graph builtin call
   (returns 0 when e's function is not one, else its type in *out). */
void sema_collect_map_names(Sema *S, AstNode **decls, int nd);
void sema_collect_map(Sema *S, AstNode *d);
int sema_graph_of(const Model *m, int kind);
int sema_graph_call(Sema *S, AstNode *e, Type *out);
/* sema_expand_space_zones: a shared zone per space for each `per space`
   zone (once the maps are known); sema_space_zone: when name is such a
   zone and e's card may be a space, annotate e (SYM_ZONE) and return 1. */
void sema_expand_space_zones(Sema *S);
int sema_space_zone(Sema *S, AstNode *e, int kind, const char *name, Type *out);

/* sema_lookup_local: the innermost binding of name in scope, or NULL (sema_script.c). */
const Binding *sema_lookup_local(const Sema *S, const char *name);
/* sema_narrow: shadow each `x is KIND` of cond's and-chain; returns the scope size to restore. */
int sema_narrow(Sema *S, const AstNode *cond);
/* sema_expect: check e and require type base want (sema_expr.c). */
Type sema_expect(Sema *S, AstNode *e, TypeBase want, const char *context);
/* sema_element_of: the element type of collection coll of type t, or an error type. */
Type sema_element_of(Sema *S, AstNode *coll, Type t);

/* sema_names_add: add a candidate name for "did you mean". */
void sema_names_add(Sema *S, Names *ns, const char *s);
/* sema_new_unit: a new code unit (script) with a unique C name; returns its index. */
int sema_new_unit(Sema *S, const char *name, const char *cname, Loc loc, AstNode *body, int this_kind);
/* sema_resolve_type: a declared type, looking up enum names (reported if unknown). */
Type sema_resolve_type(Sema *S, AstType t, const char *name2, Loc loc);
/* sema_type_name: a readable name of t ("card of kind 'resource'"), in buf or static. */
const char *sema_type_name(const Sema *S, Type t, char *buf, size_t n);
/* sema_unknown: report "unknown WHAT 'name'" with a did-you-mean from ns. */
void sema_unknown(Sema *S, Loc loc, const char *what, const char *name, Names ns);

#endif
