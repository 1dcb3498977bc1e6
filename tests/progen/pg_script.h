/* pg_script.h: the program generator's scope and the expression writers
   that pg_script.c (statements) and pg_expr.c (expressions) share. */
#ifndef CARDC_PG_SCRIPT_H
#define CARDC_PG_SCRIPT_H

#include "pg_int.h"

#define PG_MAX_LOCALS 48

/* A name in scope (loop, choose, let, aggregate variable or parameter). */
/* Who may know a local's value (the secrecy check): every player; `me`
   only (a card of `my` private zone, my hidden choice's answer, a value
   read from my secrets); or some other player, or none. */
enum { PG_SEC_PUBLIC, PG_SEC_MINE, PG_SEC_OTHER };
typedef struct PgLocal {
    char name[PG_NAME];
    PgType t;
    int sec;        /* PG_SEC_* */
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
    int mine;       /* expressions may read what `me` alone knows (my private
                       zones and variables, my side's private arrays, locals
                       of PG_SEC_MINE); else only what every player knows */
    int simult;     /* inside `simultaneously for`: every choice is hidden */
    int pc;         /* statements run under a secret condition (a hidden
                       menu's option): PG_SEC_MINE or PG_SEC_OTHER; only
                       private ones are written (no public effect) */
    int ind;        /* indentation */
} PgCtx;

PgLocal *pg_push(PgCtx *c, int ty, int sub);
/* pg_local: a random local of type ty (kind/enum sub, or -1 for any kind)
   that an expression here may read (see PgCtx.mine), or NULL;
   pg_local_any: any such local, readable or not (what a move moves). */
const PgLocal *pg_local(PgCtx *c, int ty, int sub);
PgLocal *pg_local_any(PgCtx *c, int ty, int sub);
/* pg_readable: whether an expression here may read local l. */
int pg_readable(const PgCtx *c, const PgLocal *l);
/* pg_zone_read: a zone of kind k whose cards an expression here may read
   (a public zone, or with c->mine one of my private zones, written
   `my Z`); returns the zone's index, *sec who knows its cards. */
int pg_zone_read(PgCtx *c, PgBuf *b, int k, int *sec);
/* pg_zone_sec: any zone of kind k (with its owner) and, in *sec, who
   knows its cards (PG_SEC_MINE only for `my Z` of a private zone). */
int pg_zone_sec(PgCtx *c, PgBuf *b, int k, int *sec);
int pg_uses(const char *text, const char *name);
void pg_using(PgCtx *c, PgBuf *b, const PgLocal *l, const char *text, int is_bool);
void pg_player(PgCtx *c, PgBuf *b, int d);
int pg_zone(PgCtx *c, PgBuf *b, int k);
/* pg_any_kind: a random kind of cards (not a die), or the die with chance. */
int pg_any_kind(PgCtx *c);
void pg_counter(PgCtx *c, PgBuf *b, int i);
/* pg_elem: an element of array i (i < 0: a random one an expression here
   may read, or 0 if none), its indices mostly constants within range,
   else an int local or any int brought into the range (so that no game
   stops with an index error); a private array's side is `me.side` where
   it is read (or c->mine). Returns 1 when written. */
int pg_elem(PgCtx *c, PgBuf *b, int i);
/* pg_var: a variable of type ty/sub an expression here may read (a
   private one as `my v`, with c->mine), with its owner; 0 if none. */
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
/* pg_text: a text with holes for a prompt or a label, quoted: words and
   one to three holes of values an expression here may read (see
   PgCtx.mine), none of which draws a random number; item, when not
   NULL, is a local the text shows (a label's item). */
void pg_text(PgCtx *c, PgBuf *b, const PgLocal *item);
/* pg_world_stmt: a rule on the map or the dice pool (pg_world.c), or 0
   when the game has neither or none fits here (a function, a secret
   condition, a simultaneous choice). */
int pg_world_stmt(PgCtx *c, PgBuf *b);

#endif
