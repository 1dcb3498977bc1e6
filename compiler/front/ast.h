/* ast.h: the syntax tree of a .cards program, allocated in one arena. */
#ifndef CARDC_AST_H
#define CARDC_AST_H

#include <stddef.h>
#include <stdint.h>
#include "arena.h"
#include "diag.h"

/* A list of node pointers, grown in the arena. */
typedef struct AstList {
    struct AstNode **items;
    int count, cap;
} AstList;

/* Every declaration, statement and expression is one node kind. */
typedef enum AstKind {
    /* declarations */
    AST_GAME,        /* name, text=title, list=items (GAME_PLAYERS, SIDE) */
    AST_PLAYERS,     /* ival=min, ival2=max */
    AST_SIDE,        /* name, text=title */
    AST_KIND,        /* name, list=fields (FIELD) */
    AST_FIELD,       /* name, type, flags FIELD_OPTIONAL|FIELD_STATE, a=default or NULL */
    AST_CARD,        /* name=kind name, text=card name, ival=copies (1 default), list=items (CARD_ITEM);
                        flags CARD_CHANGES (in a variant: the base card's fields that change) */
    AST_CARD_ITEM,   /* name=field, a=value expr or NULL (bare bool), b=BLOCK for abilities */
    AST_ZONE,        /* list=names (NAME), flags ZONE_*, name=of-kind or NULL */
    AST_COUNTER,     /* list=names (NAME), flags DECL_PER_PLAYER, a=init, b=min, c=max (NULL if absent),
                        d=DIMS of an array (one name) or NULL */
    AST_VAR,         /* name, type, flags DECL_PER_PLAYER, a=init or NULL, d=DIMS or NULL */
    AST_CONST,       /* name, a=value */
    AST_FUNCTION,    /* name, list=params (PARAM), type=result, a=body expr */
    AST_PARAM,       /* name, type */
    AST_SETUP,       /* b=BLOCK */
    AST_ROUND,       /* b=BLOCK */
    AST_VARIANT,     /* name, name2=base game, text=title, list=items (SET, REMOVE_CARD, CARD, SETUP, ROUND, PHASE);
                        a=NULL, or a family's DIM (op 'r': name=its variable, ival..ival2 its values) */
    AST_SET,         /* name, a=value */
    AST_REMOVE_CARD, /* text=card name */
    AST_ENUM,        /* name, list=values (NAME) */
    AST_DIE,         /* name, text=title or NULL, ival=copies, list=faces (NAME, INT or FACE;
                        flags FACE_WILD on wild faces), b=NULL or a BLOCK of its state FIELDs;
                        flags DIE_INTERCHANGEABLE (loc2 is then the word's) */
    AST_BOARD,       /* name, text=title or NULL, name2=space kind, list=rows (ROW) */
    AST_ROW,         /* list=symbols (NAME), b=BLOCK whose list holds CARD_ITEMs for every space of the row */
    AST_PROCEDURE,   /* name, list=params (PARAM), b=BLOCK */
    AST_REMOVE_BOARD,/* name=board */
    AST_LAYOUT,      /* name=kind, list=words of the layout body (see sheet_layout.c); loc2=kind name.
                        Words: AST_NAME (names, keywords and the punctuation ",", "==", "!=", "-"),
                        AST_INT (a number in thousandths: 1.5 is 1500), AST_STRING, AST_LAYOUT_BLOCK */
    AST_LAYOUT_BLOCK,/* list=words between '{' and '}' inside a layout (the `back { ... }` face) */
    AST_VIEW,        /* list=items (NAME): a function shown (flags DECL_PER_PLAYER: of each player),
                        with VIEW_HIDDEN a counter, variable or zone left off the play screen, or
                        with VIEW_MAP a map shown space by space */
    AST_MAP,         /* name, text=title or NULL, name2=space kind (a: its NAME), ival=1 if symmetric,
                        list=items (REGION, ADJACENT) */
    AST_REGION,      /* name=region (NULL for `spaces { ... }`), list=spaces (SPACE) */
    AST_SPACE,       /* name=the space's identifier, text=title or NULL, b=BLOCK of CARD_ITEMs or NULL */
    AST_ADJACENT,    /* name=space, list=its neighbours (NAME), each an edge from it; at top
                        level (a CSV edge list's row) name2=the map, loc2=where it is named */
    AST_DIMS,        /* list=DIMs: the indices of an array counter or variable (its decl's d) */
    AST_DIM,         /* op 'p' (player), 'n' (name=an enum or a kind) or 'r' (ival..ival2; name=label or NULL) */
    AST_FACE,        /* a die's face of several symbols: list=NAMEs, each with ival=its count (0: once) */
    /* (every kind above AST_INT is a statement or declaration: code tests `kind < AST_INT`) */

    /* statements */
    AST_BLOCK,       /* list=statements */
    AST_PHASE,       /* name, b=BLOCK */
    AST_IF,          /* a=cond, b=then BLOCK, c=else (BLOCK or IF) or NULL */
    AST_WHILE,       /* a=cond, b=BLOCK */
    AST_FOR,         /* name=var, a=collection, c=where or NULL, b=BLOCK, d=`up to` count or NULL
                        (ival2: its counter's slot), flags STMT_SIMULTANEOUS */
    AST_CHOOSE,      /* name=var, a=collection, c=where, d=count or NULL, e=by or NULL, b=BLOCK,
                        f=prompt (an AST_LOG) or NULL, g=each item's label (an AST_LOG) or NULL,
                        list=else BLOCK in items[0] if any; flags CHOOSE_HIDDEN|CHOOSE_UP_TO */
    AST_MENU,        /* e=by or NULL, list=options (OPTION), flags CHOOSE_HIDDEN */
    AST_OPTION,      /* text=label, list=its {expr} holes, c=when or NULL, b=BLOCK */
    AST_TURNS,       /* a=from, c=until cond (or pass count when flags TURNS_PASSES; NULL with TURNS_ALL_PASS), list=ACTIONs, b=BLOCK of plain statements */
    AST_ACTION,      /* text=label, list=its {expr} holes, name=for-var or NULL, a=for-collection, c=where, d=when, b=BLOCK, flags ACTION_PASS */
    AST_MOVE,        /* a=what, b=to zone, flags MOVE_BOTTOM */
    AST_SHUFFLE,     /* a=zone */
    AST_RUN,         /* a=ability expr, b=as player or NULL */
    AST_ASSIGN,      /* a=lvalue, b=value, op: '=', '+', '-' */
    AST_LET,         /* name, a=value */
    AST_WIN,         /* a=player; or with WIN_ALL: name=var, a=collection (players), c=where or NULL */
    AST_DRAW_GAME,   /* no fields */
    AST_LOSE_GAME,   /* no fields: every player loses to the game */
    AST_LOG,         /* text=format (with {expr} holes), list=parsed hole exprs; flags LOG_PUBLIC */
    AST_ROLL,        /* a=die or zone of dice */
    AST_CALL_STMT,   /* name=procedure, list=args */
    AST_ELIMINATE,   /* a=player: out of the game for good */
    AST_REVEAL,      /* a=card or zone, b=to (player or side) or NULL: everyone; op 'l': `look b at a`;
                        op 'a': `to all NAME in d where c`, ival the slot of NAME */

    /* expressions */
    AST_INT,         /* ival */
    AST_BOOL,        /* ival 0/1 */
    AST_STRING,      /* text */
    AST_NAME,        /* name */
    AST_ME, AST_THIS, AST_OPPONENT, AST_PLAYERS_ALL, AST_SIDES_ALL,
    AST_MY,          /* name: `my deck` */
    AST_FIELD_OF,    /* a=object, name=field */
    AST_CALL,        /* name=function (builtin or declared), list=args */
    AST_AGGREGATE,   /* op: 'c' count, 's' sum, 'a' any, 'l' all, 'm' min, 'M' max, '<' argmin, '>' argmax;
                        name=var, a=collection, c=where or NULL, b=expr or NULL */
    AST_UNARY,       /* op: '-' or '!', a */
    AST_BINARY,      /* op: see AstOp, a, b */
    AST_IS,          /* a=expr, name=kind */
    AST_COND,        /* a=cond, b=then, c=else */
    AST_INDEX,       /* name=array counter or variable, list=indices: `track[me, 3]` */
    AST_RANGE,       /* a..b, integers as a collection (only where a collection is written) */
    AST_KIND_COUNT
} AstKind;

/* Binary operators. */
typedef enum AstOp {
    OP_NONE = 0, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_AND, OP_OR,
    OP_NEG, OP_NOT, OP_SET, OP_INC, OP_DEC
} AstOp;

/* Declared types as written in the source. */
typedef enum AstType {
    TY_NONE = 0, TY_INT, TY_BOOL, TY_TEXT, TY_SIDE, TY_ABILITY, TY_PLAYER, TY_CARD,
    TY_NAMED          /* a declared enum: its name is in the node's name2 */
} AstType;

enum {
    FIELD_OPTIONAL = 1 << 0,
    FIELD_STATE = 1 << 1,
    DECL_PER_PLAYER = 1 << 2,
    ZONE_PER_PLAYER = 1 << 3,
    ZONE_ORDERED = 1 << 4,
    ZONE_PUBLIC = 1 << 5,
    ZONE_PRIVATE = 1 << 6,
    ZONE_HIDDEN = 1 << 7,
    ZONE_SHARED = 1 << 8,
    STMT_SIMULTANEOUS = 1 << 9,
    CHOOSE_HIDDEN = 1 << 10,
    CHOOSE_UP_TO = 1 << 11,
    TURNS_PASSES = 1 << 12,
    ACTION_PASS = 1 << 13,
    MOVE_BOTTOM = 1 << 14,
    MOVE_TOP = 1 << 15,
    FACE_WILD = 1 << 16,
    FIELD_KEEP = 1 << 17,
    VAR_PRIVATE = 1 << 18,
    WIN_ALL = 1 << 19,
    VIEW_HIDDEN = 1 << 20,
    ZONE_PER_SPACE = 1 << 21,    /* `zone units per space`: a zone for each space of the map */
    TURNS_ALL_PASS = 1 << 22,    /* with TURNS_PASSES: `until all pass` (c is NULL) */
    CARD_CHANGES = 1 << 23,      /* a variant's `set card KIND "Name" { ... }`: new data for a base card */
    DIE_INTERCHANGEABLE = 1 << 24, /* `die NAME ... interchangeable { ... }`: its zones hold its dice by face */
    LOG_PUBLIC = 1 << 25,          /* `log public "..."`: an announcement the rules decree (its holes become public) */
    /* set by the secrecy check on `c.state = v`: every player can name c and
       sees the change (ASSIGN_SHOWN), or some analysis of it found c a
       secret (ASSIGN_NOT_SHOWN, which wins) */
    ASSIGN_SHOWN = 1 << 26,
    ASSIGN_NOT_SHOWN = 1 << 27,
    VIEW_MAP = 1 << 28             /* a view item `MAP [by FIELD] { NAME, ... }`: the map's spaces, each with
                                      those zones and functions (name = MAP, text = FIELD or NULL, list) */
};

/* One node. Which fields are used depends on kind (see AstKind). */
typedef struct AstNode {
    AstKind kind;
    Loc loc;                 /* where the node starts */
    Loc loc2;                /* a second location (e.g. the name after a keyword), or loc */
    const char *name;        /* arena-owned */
    const char *name2;
    const char *text;        /* string literal contents, unescaped, arena-owned */
    int64_t ival, ival2;
    int op;                  /* AstOp or a character code (see kinds) */
    int flags;
    AstType type;
    struct AstNode *a, *b, *c, *d, *e;
    struct AstNode *f;       /* AST_CHOOSE, AST_MENU, AST_TURNS: the `prompt` (an AST_LOG) or NULL */
    struct AstNode *g;       /* AST_CHOOSE: each item's `label` (an AST_LOG) or NULL */
    AstList list;
    /* filled by the checker */
    int sem_type;            /* sema's type code */
    int sem_ref;             /* sema's resolved symbol index */
    int sem_extra;
} AstNode;

/* A whole program: the top-level declarations of every file, in file order
   (append-only: the indexes below rely on it). */
typedef struct AstProgram {
    AstList decls;
    /* bookkeeping of the front end, zero at first */
    struct StrTab *kinds;    /* ast_find_kind's index: kind name -> decl */
    int kinds_indexed;       /* decls[0..kinds_indexed) are in it */
    int resolved;            /* parse_resolve_card_items: decls[0..resolved) done or pending */
    AstList pending;         /* decls whose items wait for a kind not yet declared */
    int pending_kinds;       /* kinds indexed when pending was last tried */
} AstProgram;

/* ast_new: a zeroed node of kind at loc, owned by arena. */
AstNode *ast_new(Arena *arena, AstKind kind, Loc loc);

/* ast_push: append node to list, growing it in arena. */
void ast_push(Arena *arena, AstList *list, AstNode *node);

/* ast_index_kinds: bring prog's index of kinds up to date with its decls
   (allocated in arena); returns how many kind names it holds. */
int ast_index_kinds(Arena *arena, AstProgram *prog);

/* ast_find_kind: the first AST_KIND declaration named name in prog, or
   NULL; amortised O(1) (indexes new decls first, in arena). */
const AstNode *ast_find_kind(Arena *arena, AstProgram *prog, const char *name);

/* ast_kind_name: a readable name for a node kind ("choose"). */
const char *ast_kind_name(AstKind kind);

#endif
