/* pg_int.h: the program generator's internal model: what a game being
   generated has declared so far, shared by pg_gen.c and pg_script.c. */
#ifndef CARDC_PG_INT_H
#define CARDC_PG_INT_H

#include <stddef.h>
#include <stdint.h>

#include "pg_gen.h"

#define PG_NAME 40
#define PG_MAX_NAMES 1024
#define PG_MAX_ENUMS 40
#define PG_BIT(f) (1u << (f))

/* A growing text buffer. */
typedef struct PgBuf {
    char *s;
    size_t len, cap;
} PgBuf;

/* Value types of expressions; sub is the enum's or the kind's index. */
enum { PG_INT, PG_BOOL, PG_PLAYER, PG_SIDE, PG_ENUM, PG_CARD };
typedef struct PgType {
    int ty, sub;
} PgType;

typedef struct PgEnum {
    char name[PG_NAME];
    int nval;
    char val[6][PG_NAME];
} PgEnum;

/* A kind of cards (or a die: is_die, whose face is of enum mark_enum). */
typedef struct PgKind {
    char name[PG_NAME];
    int is_die, deck; /* deck: its first zone (then the next two, for cards) */
    char f_side[PG_NAME], f_value[PG_NAME], f_value2[PG_NAME], f_flag[PG_NAME], f_label[PG_NAME];
    char f_mark[PG_NAME], f_power[PG_NAME], s_num[PG_NAME], s_flag[PG_NAME], s_enum[PG_NAME];
    int mark_enum, mark_required, has_power;
} PgKind;

/* Who sees a zone's cards (the secrecy check, docs/language.md). */
enum { PG_VIS_PUBLIC, PG_VIS_PRIVATE, PG_VIS_HIDDEN };
typedef struct PgZone {
    char name[PG_NAME];
    int per_player, kind;
    int vis;        /* PG_VIS_*: a private zone is per player */
} PgZone;

typedef struct PgCounter {
    char name[PG_NAME];
    int per_player, bounded;
} PgCounter;

typedef struct PgVar {
    char name[PG_NAME];
    PgType t;
    int per_player;
    int priv;       /* per player private: known to its player only */
} PgVar;

/* An array counter or variable (PG_F_ARRAYS): its first index is a player,
   a side or a value of enum en; ranged: a second index lo..hi. */
enum { PG_AI_PLAYER, PG_AI_SIDE, PG_AI_ENUM };
typedef struct PgArray {
    char name[PG_NAME];
    int first, en;
    int ranged, lo, hi;
    int is_var, bounded;
    int priv;       /* a private variable by side: known to the side's players */
} PgArray;

/* A function or a procedure: its parameters (and a function's result). */
typedef struct PgCallable {
    char name[PG_NAME];
    int nparam, has_agg;
    int draws;      /* its body draws a random number (the `random` feature) */
    PgType param[2], ret;
} PgCallable;

typedef struct PgGen {
    uint64_t seed, rng;
    uint32_t feat;
    char used[PG_MAX_NAMES][PG_NAME];
    int nused;
    int nplayers, nsides, teams;   /* teams: PG_F_TEAMS, four players on two sides */
    char side[3][PG_NAME];
    PgEnum en[PG_MAX_ENUMS];
    int nen;
    PgKind kind[4];
    int nkind, die;
    /* interchangeable dice (PG_F_INTERCHANGEABLE): their name, the enum of
       their faces, and their zones (nizone, 0: none), kept apart from
       kind and zone so that only the rules such dice allow name them */
    char idie[PG_NAME];
    int idie_enum, nizone;
    char izone[3][PG_NAME];
    int izone_pp[3];   /* the zone is per player (never the first, which the setup deals to) */
    PgZone zone[16];
    int nzone;
    PgCounter ctr[4];
    int nctr;
    PgVar var[4];
    int nvar;
    PgArray arr[3];
    int narr;
    char round_ctr[PG_NAME], first[PG_NAME], konst[PG_NAME], variant[PG_NAME], card1[64];
    int card1_kind;   /* card1's kind (g->kind) */
    char phase[3][PG_NAME];
    int nphase;
    PgCallable fn[6];
    int nfn;
    PgCallable pr[4];
    int npr, pr_done; /* pr_done: procedures written so far (callable) */
    char whilev[64][PG_NAME];
    int nwhile;
    /* PG_F_LEAKS: the kind of leak this program holds (PG_LEAK_*), or -1 */
    int leak;
    /* PG_F_MAPS (pg_world.c): the map's kind, its int field and states,
       the zone its spaces lie in, each player's space (a card variable)
       and the zone per space (units: 0 when none) of the first kind */
    int has_map, units;
    char m_kind[PG_NAME], m_val[PG_NAME], m_flag[PG_NAME], m_num[PG_NAME], m_zone[PG_NAME], m_pos[PG_NAME];
    char m_units[PG_NAME];
    /* PG_F_DICE_POOLS (pg_world.c): a die of numbers, a die of faces of
       several symbols of enum pool_enum with a state, their two zones */
    int has_pool, pool_enum;
    char d_num[PG_NAME], d_sym[PG_NAME], d_held[PG_NAME], pool[PG_NAME], kept[PG_NAME];
    /* PG_F_VIEWS: the function the view shows per player */
    int has_view;
} PgGen;

/* The leaks PG_F_LEAKS writes, one per program, each a kind of
   tests/cardc/bad/secret_*.cards (pg_leak_names). */
enum {
    PG_LEAK_PUBLIC_CHOOSE, PG_LEAK_LOG_HOLE, PG_LEAK_PUBLIC_VAR, PG_LEAK_OPTION_WHEN,
    PG_LEAK_IMPLICIT, PG_LEAK_HIDDEN_DECK, PG_LEAK_BLIND_PICK, PG_LEAK_COUNT
};

/* Where a script is written. */
enum { PG_IN_SETUP, PG_IN_ROUND, PG_IN_ABILITY, PG_IN_PROC };

int pg_rand(PgGen *g, int n);
int pg_chance(PgGen *g, int pct);
void pg_put(PgBuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void pg_fresh(PgGen *g, char *out);

/* pg_world.c: maps, dice pools and views (PG_F_MAPS, PG_F_DICE_POOLS,
   PG_F_VIEWS). pg_decl_world declares the map and the pool (after the
   kinds), pg_setup_world deals them in the setup, pg_decl_view writes
   the view and its function. */
void pg_decl_world(PgGen *g, PgBuf *b);
void pg_setup_world(PgGen *g, PgBuf *b);
void pg_decl_view(PgGen *g, PgBuf *b);

/* pg_script: n statements of a script of the given place (PG_IN_*). */
void pg_script(PgGen *g, PgBuf *b, int where, int n);
/* pg_ability: the body of an ability of a card of kind k. */
void pg_ability(PgGen *g, PgBuf *b, int k);
/* pg_decl_functions, pg_decl_procedures: declare and write them. */
void pg_decl_functions(PgGen *g, PgBuf *b);
void pg_decl_procedures(PgGen *g, PgBuf *b);

#endif
