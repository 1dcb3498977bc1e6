/* pg_script.h: the program generator's scope and the expression writers
   that pg_script.c (statements) and pg_expr.c (expressions) share. */
#ifndef CARDC_PG_SCRIPT_H
#define CARDC_PG_SCRIPT_H

#include "pg_int.h"

#define PG_MAX_LOCALS 48

/* A name in scope (loop, choose, let, aggregate variable or parameter). */
typedef struct PgLocal {
    char name[PG_NAME];
    PgType t;
} PgLocal;

/* Where an expression or statement is written, and what it may use. */
typedef struct PgCtx {
    PgGen *g;
    PgLocal loc[PG_MAX_LOCALS];
    int nloc;
    int pure;       /* in a function: no me, my */
    int in_player;  /* inside a player expression (a zone's owner, which guards repeat): no random draw */
    int in_agg;     /* inside an aggregate */
    int has_agg;    /* an aggregate was written (a function's body) */
    int called_agg; /* a function with an aggregate was called */
    int drew;       /* a random number is drawn (written, or by a function called) */
    int fn_limit;   /* functions 0..fn_limit-1 may be called */
    int pr_limit;   /* procedures 0..pr_limit-1 may be called */
    int this_kind;  /* the kind of `this`, or -1 */
    int run_ok, turns_ok, first_ok, win_ok;
    int depth;      /* statement nesting left */
    int ind;        /* indentation */
} PgCtx;

PgLocal *pg_push(PgCtx *c, int ty, int sub);
const PgLocal *pg_local(PgCtx *c, int ty, int sub);
int pg_uses(const char *text, const char *name);
void pg_using(PgCtx *c, PgBuf *b, const PgLocal *l, const char *text, int is_bool);
void pg_player(PgCtx *c, PgBuf *b, int d);
int pg_zone(PgCtx *c, PgBuf *b, int k);
/* pg_any_kind: a random kind of cards (not a die), or the die with chance. */
int pg_any_kind(PgCtx *c);
void pg_counter(PgCtx *c, PgBuf *b, int i);
/* pg_elem: an element of array i (i < 0: a random one), its indices
   mostly constants within range, else an int local or any int brought
   into the range (so that no game stops with an index error). */
void pg_elem(PgCtx *c, PgBuf *b, int i);
int pg_var(PgCtx *c, PgBuf *b, int ty, int sub);
void pg_small(PgCtx *c, PgBuf *b);
/* pg_dice_zone: zone i of the interchangeable dice (its owner first when
   it is per player). */
void pg_dice_zone(PgCtx *c, PgBuf *b, int i);
/* pg_dice_face: the F of `d.face == F` for the interchangeable dice: one
   of their faces, or a local of their enum (steady as the dice move). */
void pg_dice_face(PgCtx *c, PgBuf *b);
void pg_int(PgCtx *c, PgBuf *b, int d);
void pg_bool(PgCtx *c, PgBuf *b, int d);
void pg_enum(PgCtx *c, PgBuf *b, int e, int d);
void pg_side(PgCtx *c, PgBuf *b, int d);
void pg_expr(PgCtx *c, PgBuf *b, PgType t, int d);

#endif
