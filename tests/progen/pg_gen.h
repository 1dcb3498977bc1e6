/* pg_gen.h: the program generator: a seeded, grammar-based writer of
   random .cards games that exercise every construct of the language
   (docs/testing.md, "The program generator"). */
#ifndef CARDC_PG_GEN_H
#define CARDC_PG_GEN_H

#include <stdint.h>

/* One switch per feature the generator can use. A feature that is "pending"
   makes programs that hit a known compiler bug; it is off in make test until
   the bug is fixed (pg_features[].pending names it). */
typedef enum PgFeature {
    PG_F_ENUMS,         /* enums, enum fields, states and variables */
    PG_F_DICE,          /* dice, roll, matches */
    PG_F_ABILITIES,     /* ability fields and run */
    PG_F_FUNCTIONS,     /* declared functions */
    PG_F_PROCEDURES,    /* declared procedures */
    PG_F_CHOOSE,        /* choose, choose N, choose up to N, else */
    PG_F_MENUS,         /* choose { option ... } */
    PG_F_TURNS,         /* turns ... passes in a row / until, actions */
    PG_F_SIMULT,        /* simultaneously for */
    PG_F_WHILE,         /* while loops */
    PG_F_VARIANTS,      /* a variant of the game */
    PG_F_THREE_PLAYERS, /* three players (no opponent) */
    PG_F_HOSTILE_NAMES, /* names like C macros, keywords, runtime names */
    PG_F_AGG_CALLS_AGG, /* a function's aggregate calls a function with an aggregate */
    PG_F_UNUSED_VAR,    /* an aggregate or loop whose variable is not used */
    PG_F_BOX_LOOP,      /* for c in Z { move c to Z2 } with no where */
    PG_F_MANY_ENUMS,    /* more than 32 enums */
    PG_F_ARRAYS,        /* arrays by player, side or enum (and a range), private by side; ranges as collections */
    PG_F_ALL_PASS,      /* turns ... until all pass; actions over players and ranges */
    PG_F_STACKS,        /* move x in Z where COND to Z2 */
    PG_F_UP_TO,         /* for up to N x in ..., move up to N x in Z where COND to Z2 */
    PG_F_INTERCHANGEABLE, /* interchangeable dice: their zones rolled, moved and counted by face */
    PG_F_RANDOM,        /* random(players) inside expressions: draws side by side (the order of evaluation) */
    PG_F_LEAKS,         /* one program in eight holds one known leak, which cardc check must reject */
    PG_F_MAPS,          /* a map of spaces and edges, zones per space, neighbours/within/adjacent/distance/reachable */
    PG_F_PROMPTS,       /* prompts and labels with holes on choices, menus, options, turns and actions */
    PG_F_PLAYERS_OUT,   /* eliminate P, p.out */
    PG_F_TEAMS,         /* four players in two teams */
    PG_F_DICE_POOLS,    /* dice of numbers and of faces of several symbols in one pool, d.SYMBOL, die states */
    PG_F_VIEWS,         /* view { f per player  hidden x }, shown by the play screen */
    PG_F_COUNT
} PgFeature;

typedef struct PgFeatureInfo {
    const char *name;
    const char *pending; /* NULL, or the bug that keeps it off in make test */
} PgFeatureInfo;

extern const PgFeatureInfo pg_features[PG_F_COUNT];

/* pg_default_features: the mask of every feature that is not pending. */
uint32_t pg_default_features(void);

/* pg_feature_mask: parse a comma-separated list of feature names ("all",
   "default", a name, or "-name" to remove one) into *mask, starting from
   the default mask; returns 0, or -1 on an unknown name. */
int pg_feature_mask(const char *list, uint32_t *mask);

/* pg_leak_names: the names of the leaks PG_F_LEAKS writes (one per
   program, PG_LEAK_* of pg_int.h). A leaky program ends with the line
   "# leak: NAME, line N": N is the line cardc check must reject. */
extern const char *const pg_leak_names[];

/* pg_generate: the game of seed (deterministic for a seed and a feature
   mask), as one .cards text the caller frees; its game id is "g<seed>". */
char *pg_generate(uint64_t seed, uint32_t features);

#endif
