/* model.h: the checked game model that sema builds and the back ends read. */
#ifndef CARDC_MODEL_H
#define CARDC_MODEL_H

#include <stdint.h>
#include "ast.h"

/* Value types of the checked program. */
typedef enum TypeBase {
    T_ERROR = 0, T_VOID, T_INT, T_BOOL, T_TEXT, T_SIDE, T_PLAYER, T_CARD,
    T_ZONE, T_ABILITY, T_PLAYERS, T_SIDES,
    T_ENUM,         /* param: the enum's index */
    T_SPACES,       /* spaces of a map (neighbours, within): param: the map (graph) */
    T_RANGE         /* integers lo..hi as a collection (sema_arrays.c) */
} TypeBase;

/* A type: base plus, for cards, the kind (-1: any kind) and, for zones,
   the zone declaration (-1: unknown). */
typedef struct Type {
    TypeBase base;
    int param;
} Type;

/* Symbol categories stored in AstNode.sem_ref as (category << 24 | index). */
enum {
    SYM_NONE = 0, SYM_LOCAL, SYM_SIDE, SYM_ZONE, SYM_VAR, SYM_CONST, SYM_FUNC,
    SYM_FIELD, SYM_STATE, SYM_PARAM,
    SYM_CARD_OWNER, SYM_CARD_NAME, SYM_PLAYER_SIDE, SYM_ENUMVAL, SYM_PROC,
    SYM_PLAYER_OUT, SYM_ARRAY, SYM_FACE_COUNT
};
#define SYM_MAKE(cat, idx) (((cat) << 24) | (idx))
#define SYM_CAT(ref) ((ref) >> 24)
#define SYM_IDX(ref) ((ref) & 0xFFFFFF)

typedef struct MField {
    const char *name;
    Loc loc;
    AstType type;
    int optional, is_state;
    int keep;                 /* state not reset when the card moves */
    int index;                /* index among the kind's data fields or states */
    int enum_index;           /* TY_NAMED: the enum's index, else -1 */
    int32_t def_value;        /* state: the constant default */
    AstNode *def;             /* default expression or NULL */
} MField;

typedef struct MKind {
    const char *name;
    Loc loc;
    MField *fields;           /* data fields then state fields, in source order */
    int nfields;
    int ndata, nstate;
    int used;                 /* a card or zone refers to it */
    int is_die;               /* declared with `die`: one state `face` */
    int32_t *faces;           /* dice: the face of each side, in order */
    int nfaces;
    int symbols;              /* dice: the enum of the symbols the faces show, or -1 (number faces) */
    int32_t *counts;          /* dice of several symbols a face (sema_dice.c): nfaces rows of the
                                 symbols' counts; the face state is the face's position; else NULL */
    int interchangeable;      /* dice declared `interchangeable`: its zones hold them by face
                                 (docs/language.md "Interchangeable dice") */
} MKind;

/* One field value of one card (after defaults). */
typedef struct MValue {
    int present;              /* 0 for an absent optional field */
    int32_t ival;             /* int, bool, side */
    const char *text;         /* text fields */
    int script;               /* ability fields: script index, or -1 */
} MValue;

typedef struct MCard {
    const char *name;
    Loc loc;
    int kind;
    int copies;
    int row;                  /* index in its kind's table */
    int variant;              /* -1: base game; else the variant that adds it */
    int changes;              /* -1; or, for a variant's `set card`, the base card whose data this
                                 is in that variant (the card has no copies of its own) */
    int changed_field;        /* a `set card` naming one data field alone: its index; else -1 */
    MValue *values;           /* one per data field of the kind */
    AstNode *node;
    int board;                /* the board that made this space card, or -1 */
} MCard;

typedef struct MEnum {
    const char *name;
    Loc loc;
    const char **values;
    int nvalues;
    uint32_t wild;            /* bit i: value i is a wild die face */
    int die_faces;            /* 1 + the die whose faces these values name ("hit x2 + focus"),
                                 made by sema_dice.c and not a name in the program; else 0 */
} MEnum;

typedef struct MBoard {
    const char *name, *title;
    Loc loc;
    int kind;
} MBoard;

/* A map (`map NAME of KIND ...`): spaces (cards of kind) and the edges
   between them, as compressed rows: the neighbours of space i are
   adj[first[i] .. first[i + 1]), in the order they are written. */
typedef struct MGraph {
    const char *name, *title;
    Loc loc;
    int kind;
    int symmetric;            /* declared `symmetric`: every edge is given both ways */
    int nspaces;
    int *space_card;          /* per space: its card (index in Model.cards) */
    const char **space_name;  /* per space: its identifier */
    int *first;               /* nspaces + 1 */
    int *adj;                 /* first[nspaces] neighbours */
} MGraph;

typedef struct MZone {
    const char *name;
    Loc loc;
    int per_player, ordered, visibility, kind;  /* visibility: RT_PUBLIC.. values */
    int used;
    int view_hidden;          /* left off the play screen (view { hidden ... }) */
    int per_space;            /* `per space`: 1 + the map, whose spaces each have a zone of their own */
    int space_first;          /* per_space: the zone of the map's first space (the others follow) */
} MZone;

typedef struct MVar {
    const char *name;
    Loc loc;
    int per_player, is_counter;
    int is_private;           /* only its player sees it (per player), or its side's players (private_side) */
    int private_side;         /* an element of a private array by side: 1 + the side whose players see it, else 0 */
    Type type;
    int32_t init, min, max;
    int has_min, has_max;
    int view_hidden;          /* left off the play screen (view { hidden ... }) */
    int array;                /* an element of array (array - 1), or 0 (sema_arrays.c) */
} MVar;

/* One index of an array counter or variable (sema_arrays.c). */
typedef enum MDimWhat { DIM_PLAYER, DIM_SIDE, DIM_ENUM, DIM_KIND, DIM_RANGE } MDimWhat;
typedef struct MDim {
    MDimWhat what;
    int param;                /* DIM_ENUM: the enum; DIM_KIND: the kind */
    int32_t lo;               /* DIM_RANGE: the least index, else 0 */
    int n;                    /* how many values (DIM_PLAYER: not counted in elements) */
} MDim;

/* An array counter or variable: its elements are the variables
   first..first+nelems-1, in row-major order of the dimensions after a
   leading player one (which makes every element per player). */
typedef struct MArray {
    const char *name;
    Loc loc;
    int first, nelems;
    MDim *dims;
    int ndims;
    int per_player;           /* dims[0] is DIM_PLAYER */
    MVar proto;               /* what every element is (its name aside) */
} MArray;

/* A value the play screen shows (view { NAME [per player] }): the
   function unit, called with each player or with none. */
typedef struct MView {
    const char *name;
    Loc loc;
    int unit;                 /* index into units: a function */
    int per_player;
} MView;

/* One item of a map view: a zone per space of the map, or a function of
   one card (the space). */
typedef struct MViewMapItem {
    const char *name;
    Loc loc;
    int zone;                 /* the `per space` zone (its declaration), or -1 */
    int unit;                 /* else the function's unit */
} MViewMapItem;

/* A map on the play screen (`view { MAP [by FIELD] { items } }`). */
typedef struct MViewMap {
    Loc loc;
    int graph;
    int group_field;          /* the field of the map's kind the spaces are grouped by, or -1 */
    MViewMapItem *items;
    int nitems;
} MViewMap;

typedef struct MConst {
    const char *name;
    Loc loc;
    Type type;
    int32_t value;
} MConst;

/* A code unit: a script (resumable) or a function (plain). */
typedef struct MUnit {
    const char *name;         /* for the log and comments */
    const char *cname;        /* C identifier suffix */
    Loc loc;
    int is_function;
    int is_procedure;         /* a `procedure`: a script with parameters */
    const AstNode *decl;      /* procedures: the declaration (for its parameters) */
    AstNode *body;            /* BLOCK for scripts, expression for functions */
    int this_kind;            /* abilities: the card's kind; else -1 */
    const char **locals;      /* slot names (unique within the unit) */
    int nlocals, caplocals;
    int nparams;              /* functions: the first nparams locals */
    Type *param_types;
    Type result;
} MUnit;

typedef struct MVariant {
    const char *name;
    const char *title;
    Loc loc;
    int32_t *consts;          /* nconsts values */
    int16_t *copies;          /* ncards copies in this variant */
    int setup, round;         /* unit indices */
} MVariant;

/* ---- printable layouts: checked by sheet_layout.c, drawn by sheet.c ------ */

/* What a layout item draws. */
typedef enum MLayoutWhat {
    LI_BACKGROUND,            /* fill the card (and its bleed) with color */
    LI_FRAME,                 /* a border of width line mm, inside the card edge */
    LI_BOX,                   /* a field's value (or the card's name) in a text box */
    LI_TEXT,                  /* a fixed text in a text box */
    LI_IMAGE                  /* a PNG (or SVG) file scaled into a box */
} MLayoutWhat;

#define LAYOUT_FIELD_NAME (-2) /* MLayoutItem.field: the card's name */

/* `when FIELD [== VALUE | != VALUE]`: the item is drawn only for cards whose
   field matches (field -1: always). */
typedef struct MLayoutCond {
    int field;                /* data field index in the kind, or -1 */
    int negate;               /* `!=` or `not` */
    int32_t ival;             /* int, bool, side and enum values */
    const char *text;         /* text fields: the compared text */
} MLayoutCond;

typedef struct MLayoutItem {
    MLayoutWhat what;
    Loc loc;
    MLayoutCond when;
    double x, y, w, h;        /* mm from the card's top-left corner (trim) */
    int field;                /* LI_BOX: data field index or LAYOUT_FIELD_NAME */
    const char *text;         /* LI_TEXT: the text; LI_IMAGE: the file name pattern
                                 ({name} is the card's name), relative to dir */
    Loc text_loc;             /* where text is written (icons are reported there) */
    const char *label;        /* LI_BOX: a fixed prefix ("Value ") or NULL */
    const char *font;         /* font family */
    Loc font_loc;
    double pt;                /* font size in points */
    int bold, italic;
    int align;                /* 0 left, 1 center, 2 right */
    int valign;               /* 0 top, 1 middle, 2 bottom */
    uint32_t color;           /* 0xRRGGBB: text, frame or background */
    double line;              /* LI_FRAME: width in mm */
} MLayoutItem;

/* The printed look of one kind; every kind has one (a default when none is written). */
typedef struct MLayout {
    Loc loc;
    int declared;             /* 0: the default layout made by sheet_layout_default */
    double w, h;              /* the card's size in mm */
    const char *dir;          /* the folder of the file that declared it (images) */
    MLayoutItem *front, *back;
    int nfront, nback;
} MLayout;

/* The printed board of a map (`layout MAP { ... }`): each space drawn as a
   small card of layout space, the spaces grouped by a field, the edges
   drawn between them (sheet_board.c places them). */
typedef struct MBoardLayout {
    int declared;             /* 0: the map has no board layout (it is not printed) */
    Loc loc;
    MLayout space;            /* one space: its size (w, h) and items, as a card's front */
    double w, h;              /* the sheet in mm; 0: the paper, landscape */
    int group_field;          /* the data field the spaces are grouped by, or -1 */
    int ring;                 /* `group F ring`: the groups round an ellipse (else rows) */
    uint32_t edge_color;      /* the edges' lines: colour and width in mm */
    double edge_line;
} MBoardLayout;

typedef struct Model {
    Arena *arena;
    const char *id, *title;
    Loc game_loc;
    int min_players, max_players;
    const char **side_names, **side_titles;
    int nsides;
    MKind *kinds;    int nkinds;
    MCard *cards;    int ncards;
    MZone *zones;    int nzones;      /* zones[0] is "box" */
    MVar *vars;      int nvars;
    MConst *consts;  int nconsts;
    MUnit *units;    int nunits, capunits;
    MVariant *variants; int nvariants; /* variants[0] is the base game */
    MEnum *enums;    int nenums, capenums;
    MBoard *boards;  int nboards;
    const char **strings; int nstrings, capstrings;
    struct StrTab *string_index;      /* string -> index in strings (model_string) */
    const char **files; int nfiles;   /* source paths, in load order */
    MLayout *layouts;                 /* one per kind (sheet_layout_check) */
    MBoardLayout *board_layouts;      /* one per map (ngraphs; declared 0: none) */
    const char *game_dir;             /* the folder of the game's declaration (icons/) */
    int max_frames;                   /* the most frames the scripts can stack; 0: no static bound */
    MView *views;    int nviews;      /* the play screen's values, in declaration order */
    MViewMap *view_maps; int nview_maps; /* the play screen's maps, in declaration order */
    int has_view;                     /* a view declaration exists (the play screen's data is emitted) */
    int eliminates;                   /* an `eliminate` exists: turn loops skip players who are out */
    int can_lose;                     /* a `lose_game` exists: the game itself is an opponent (RtGameDef.can_lose) */
    int teams;                        /* `teams`: the players of a side share its wins (seat i plays side i mod nsides) */
    MGraph *graphs;  int ngraphs;     /* the maps, in declaration order */
    MArray *arrays;  int narrays;     /* array counters and variables (sema_arrays.c) */
} Model;

/* sema_check: check prog and build the model in arena. Reports to d.
   Returns the model, or NULL if there were errors. */
Model *sema_check(Diag *d, Arena *arena, AstProgram *prog);

/* model_string: the index of s in the model's string table (added once). */
int model_string(Model *m, const char *s);

#endif
