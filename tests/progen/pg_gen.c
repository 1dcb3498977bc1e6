/* pg_gen.c: the program generator's declarations and driver: names,
   kinds, zones, counters, cards, setup, round and variant of one seeded
   random game (scripts and expressions are in pg_script.c). */
#include "pg_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const PgFeatureInfo pg_features[PG_F_COUNT] = {
    [PG_F_ENUMS] = {"enums", NULL},
    [PG_F_DICE] = {"dice", NULL},
    [PG_F_ABILITIES] = {"abilities", NULL},
    [PG_F_FUNCTIONS] = {"functions", NULL},
    [PG_F_PROCEDURES] = {"procedures", NULL},
    [PG_F_CHOOSE] = {"choose", NULL},
    [PG_F_MENUS] = {"menus", NULL},
    [PG_F_TURNS] = {"turns", NULL},
    [PG_F_SIMULT] = {"simultaneously", NULL},
    [PG_F_WHILE] = {"while", NULL},
    [PG_F_VARIANTS] = {"variants", NULL},
    [PG_F_THREE_PLAYERS] = {"three-players", NULL},
    /* Names like C macros, keywords and runtime names (EOF, errno, rt_new, L, g, ...). */
    [PG_F_HOSTILE_NAMES] = {"hostile-names", NULL},
    /* A function's aggregate calling a function with an aggregate (no memo across items). */
    [PG_F_AGG_CALLS_AGG] = {"agg-calls-agg", NULL},
    /* Aggregates and functions that do not use their variable or parameters. */
    [PG_F_UNUSED_VAR] = {"unused-var", NULL},
    /* for c in box { move c to deck }: a loop that only moves its card. */
    [PG_F_BOX_LOOP] = {"box-loop", NULL},
    /* More than 32 enums. */
    [PG_F_MANY_ENUMS] = {"many-enums", NULL},
    /* counter t[player, 1..4], var plan[side] : int private, counter c[ENUM], for i in 1..4 */
    [PG_F_ARRAYS] = {"arrays", NULL},
    /* turns from P until all pass, action "..." for p in players / for n in 1..3 */
    [PG_F_ALL_PASS] = {"all-pass", NULL},
    /* move c in Z where COND to Z2: a stack in one statement */
    [PG_F_STACKS] = {"stacks", NULL},
    /* for up to N x in ..., move up to N x in Z where COND to Z2: the first N that pass */
    [PG_F_UP_TO] = {"up-to", NULL},
    /* Interchangeable dice: zones a game without a log keeps as counts by face. */
    [PG_F_INTERCHANGEABLE] = {"interchangeable", NULL},
    [PG_F_RANDOM] = {"random", NULL},
    /* One program in eight (seed % 8 == 5) holds a known leak (each kind of
       tests/cardc/bad/secret_*.cards in turn): cardc check must reject it. */
    [PG_F_LEAKS] = {"leaks", NULL},
    /* map ... of KIND symmetric|directed with regions, a zone per space,
       neighbours, within, adjacent, distance, reachable ... avoiding */
    [PG_F_MAPS] = {"maps", NULL},
    /* prompt "..." and label "..." with holes on choices, menus and turns;
       options' and actions' labels with holes */
    [PG_F_PROMPTS] = {"prompts", NULL},
    /* eliminate P (never the last player in), p.out in conditions */
    [PG_F_PLAYERS_OUT] = {"players-out", NULL},
    /* one game in five: players 4, two sides, teams */
    [PG_F_TEAMS] = {"teams", NULL},
    /* a die of numbers and a die of faces of several symbols, with a
       state, in one pool: rolled, rerolled in part, held, counted */
    [PG_F_DICE_POOLS] = {"dice-pools", NULL},
    /* view { f per player  hidden ... }, played on the play screen */
    [PG_F_VIEWS] = {"views", NULL},
};

/* pg_default_features: see pg_gen.h. */
uint32_t pg_default_features(void)
{
    uint32_t m = 0;
    for (int i = 0; i < PG_F_COUNT; i++)
        if (!pg_features[i].pending)
            m |= 1u << i;
    return m;
}

/* pg_feature_mask: see pg_gen.h. */
int pg_feature_mask(const char *list, uint32_t *mask)
{
    *mask = pg_default_features();
    const char *p = list;
    while (*p) {
        size_t n = strcspn(p, ",");
        int neg = *p == '-';
        const char *w = p + neg;
        size_t wn = n - (size_t)neg;
        int found = 0;
        if (wn == 3 && strncmp(w, "all", 3) == 0) {
            *mask = (1u << PG_F_COUNT) - 1;
            found = 1;
        } else if (wn == 7 && strncmp(w, "default", 7) == 0) {
            found = 1;
        }
        for (int i = 0; i < PG_F_COUNT && !found; i++) {
            if (strlen(pg_features[i].name) == wn && strncmp(pg_features[i].name, w, wn) == 0) {
                *mask = neg ? *mask & ~(1u << i) : *mask | (1u << i);
                found = 1;
            }
        }
        if (!found)
            return -1;
        p += n;
        if (*p == ',')
            p++;
    }
    return 0;
}

/* pg_rand: the next number of splitmix64 (Steele, Lea, Flood 2014), the
   generator's only source of randomness, in [0, n) (n > 0). */
int pg_rand(PgGen *g, int n)
{
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    z ^= z >> 31;
    return (int)(z % (uint64_t)n);
}

/* pg_chance: true with probability pct percent. */
int pg_chance(PgGen *g, int pct)
{
    return pg_rand(g, 100) < pct;
}

/* pg_put: append printf-formatted text to b (grows it; aborts on no memory). */
void pg_put(PgBuf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            abort();
        if (b->s && (size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s)
            abort();
        b->s = s;
        b->cap = cap;
    }
}

/* Ordinary names, and some words the language does not reserve. */
static const char *const plain_names[] = {
    "alpha", "bravo", "gold", "ember", "quill", "tower", "river", "stone", "maple", "orbit", "pearl",
    "raven", "cedar", "delta", "flint", "grove", "haven", "ivory", "jade", "karma", "lotus", "mirth",
    "noble", "onyx", "prism", "quartz", "ruby", "sable", "thorn", "umber", "vivid", "willow", "xenon",
    "yarrow", "zephyr", "row", "faces", "wild", "layout", "a", "Camel", "UPPER", "x_1", "_under",
};

/* Names that are C macros, keywords or names of the runtime and of the
   generated C (PG_F_HOSTILE_NAMES). */
static const char *const hostile_names[] = {
    "EOF", "BUFSIZ", "INT32_MAX", "errno", "rt_new", "L", "g", "NULL", "main", "exit", "char", "double",
    "return", "static", "struct", "void", "switch", "case", "goto", "unsigned", "long", "stdin",
    "printf", "size_t", "RtGame", "RtValue", "rt_move", "f", "i", "n", "s", "it", "INT_MAX", "abs",
    "free", "malloc", "assert", "script_setup", "SIZE_MAX", "RT_NONE", "signed", "register",
};

/* name_used: whether name was handed out already. */
static int name_used(const PgGen *g, const char *name)
{
    for (int i = 0; i < g->nused; i++)
        if (strcmp(g->used[i], name) == 0)
            return 1;
    return 0;
}

/* pg_fresh: a new name, unique in the program, into out (PG_NAME bytes). */
void pg_fresh(PgGen *g, char *out)
{
    const int np = (int)(sizeof plain_names / sizeof *plain_names);
    const int nh = (int)(sizeof hostile_names / sizeof *hostile_names);
    if ((g->feat & PG_BIT(PG_F_HOSTILE_NAMES)) && pg_chance(g, 30)) {
        const char *h = hostile_names[pg_rand(g, nh)];
        if (!name_used(g, h)) {
            snprintf(out, PG_NAME, "%s", h);
            goto done;
        }
    }
    const char *w = plain_names[pg_rand(g, np)];
    snprintf(out, PG_NAME, "%s", w);
    for (int k = 2; name_used(g, out); k++)
        snprintf(out, PG_NAME, "%s_%d", w, k);
done:
    if (g->nused < PG_MAX_NAMES)
        snprintf(g->used[g->nused++], PG_NAME, "%s", out);
}

/* decl_enums: one to three enums (more than 32 with PG_F_MANY_ENUMS). */
static void decl_enums(PgGen *g, PgBuf *b)
{
    if (!(g->feat & PG_BIT(PG_F_ENUMS)))
        return;
    int n = 1 + pg_rand(g, 3);
    if ((g->feat & PG_BIT(PG_F_MANY_ENUMS)) && pg_chance(g, 20))
        n = 33 + pg_rand(g, 4);
    for (int i = 0; i < n && g->nen < PG_MAX_ENUMS; i++) {
        PgEnum *e = &g->en[g->nen++];
        pg_fresh(g, e->name);
        e->nval = 2 + pg_rand(g, 4);
        pg_put(b, "enum %s {", e->name);
        for (int v = 0; v < e->nval; v++) {
            pg_fresh(g, e->val[v]);
            pg_put(b, "%s %s", v ? "," : "", e->val[v]);
        }
        pg_put(b, " }\n");
    }
}

/* decl_kind: one kind of cards with a field of every type and states. */
static void decl_kind(PgGen *g, PgBuf *b, PgKind *k)
{
    pg_fresh(g, k->name);
    if (pg_chance(g, 30))
        snprintf(k->f_side, PG_NAME, "side");
    else
        pg_fresh(g, k->f_side);
    pg_fresh(g, k->f_value);
    pg_fresh(g, k->f_value2);
    pg_fresh(g, k->f_flag);
    pg_fresh(g, k->f_label);
    pg_fresh(g, k->s_num);
    pg_fresh(g, k->s_flag);
    pg_put(b, "kind %s {\n  %s : side\n  %s : int\n  %s : int = %s\n", k->name, k->f_side, k->f_value, k->f_value2,
           k->f_value);
    pg_put(b, "  %s : bool = %s\n  %s : text = \"\"\n", k->f_flag, pg_chance(g, 50) ? "true" : "false", k->f_label);
    k->mark_enum = g->nen && pg_chance(g, 80) ? pg_rand(g, g->nen > 3 ? 3 : g->nen) : -1;
    if (k->mark_enum >= 0) {
        pg_fresh(g, k->f_mark);
        pg_fresh(g, k->s_enum);
        k->mark_required = pg_chance(g, 50);
        const PgEnum *e = &g->en[k->mark_enum];
        if (k->mark_required)
            pg_put(b, "  %s : %s\n", k->f_mark, e->name);
        else
            pg_put(b, "  %s : %s = %s\n", k->f_mark, e->name, e->val[pg_rand(g, e->nval)]);
        pg_put(b, "  state %s : %s = %s\n", k->s_enum, e->name, e->val[0]);
    }
    k->has_power = (g->feat & PG_BIT(PG_F_ABILITIES)) && pg_chance(g, 75);
    if (k->has_power) {
        pg_fresh(g, k->f_power);
        pg_put(b, "  %s : ability?\n", k->f_power);
    }
    pg_put(b, "  state %s : int = %d\n  state %s : bool = %s%s\n}\n", k->s_num, pg_rand(g, 3), k->s_flag,
           pg_chance(g, 50) ? "true" : "false", pg_chance(g, 50) ? " keep" : "");
}

/* decl_zone: a zone of kind k; returns its index. */
static int decl_zone(PgGen *g, PgBuf *b, int k, int per_player, const char *attrs)
{
    PgZone *z = &g->zone[g->nzone];
    pg_fresh(g, z->name);
    z->per_player = per_player;
    z->kind = k;
    z->vis = strstr(attrs, "hidden") ? PG_VIS_HIDDEN : strstr(attrs, "private") ? PG_VIS_PRIVATE : PG_VIS_PUBLIC;
    pg_put(b, "zone %s %s%s of %s\n", z->name, attrs, per_player ? " per player" : " shared", g->kind[k].name);
    return g->nzone++;
}

/* decl_kinds: the kinds, a die perhaps, and their zones. */
static void decl_kinds(PgGen *g, PgBuf *b)
{
    g->nkind = 1 + pg_rand(g, 2);
    for (int i = 0; i < g->nkind; i++) {
        PgKind *k = &g->kind[i];
        decl_kind(g, b, k);
        /* a leaky program's first kind has a hidden deck and a private zone (pg_leak) */
        int hidden = pg_chance(g, 50), priv = pg_chance(g, 50);
        k->deck = decl_zone(g, b, i, 1, hidden || (i == 0 && g->leak >= 0) ? "ordered hidden" : "ordered");
        decl_zone(g, b, i, 1, !priv && !(i == 0 && g->leak >= 0) ? "public" : "private");
        decl_zone(g, b, i, 0, pg_chance(g, 50) ? "" : "ordered");
    }
    g->die = -1;
    if ((g->feat & PG_BIT(PG_F_DICE)) && g->nen && pg_chance(g, 60)) {
        PgKind *d = &g->kind[g->nkind];
        memset(d, 0, sizeof *d);
        d->is_die = 1;
        d->mark_enum = pg_rand(g, g->nen);
        pg_fresh(g, d->name);
        const PgEnum *e = &g->en[d->mark_enum];
        pg_put(b, "die %s \"Die %s\" x%d {\n  faces", d->name, d->name, 2 + pg_rand(g, 3));
        for (int v = 0; v < e->nval; v++)
            pg_put(b, "%s %s", v ? "," : "", e->val[v]);
        if (pg_chance(g, 40))
            pg_put(b, ", %s", e->val[0]);
        if (pg_chance(g, 50))
            pg_put(b, "\n  wild %s", e->val[e->nval - 1]);
        pg_put(b, "\n}\n");
        g->die = g->nkind++;
        d->deck = decl_zone(g, b, g->die, 0, "");
        decl_zone(g, b, g->die, pg_chance(g, 50), "");
    }
    g->nizone = 0;
    if ((g->feat & PG_BIT(PG_F_INTERCHANGEABLE)) && g->nen && pg_chance(g, 50)) {
        g->idie_enum = pg_rand(g, g->nen);
        const PgEnum *e = &g->en[g->idie_enum];
        pg_fresh(g, g->idie);
        pg_put(b, "die %s \"Die %s\" x%d interchangeable {\n  faces", g->idie, g->idie, 2 + pg_rand(g, 4));
        for (int v = 0; v < e->nval; v++)
            pg_put(b, "%s %s", v ? "," : "", e->val[v]);
        if (pg_chance(g, 40))
            pg_put(b, ", %s", e->val[e->nval - 1]);
        pg_put(b, "\n}\n");
        g->nizone = 2 + pg_rand(g, 2);
        for (int i = 0; i < g->nizone; i++) {
            pg_fresh(g, g->izone[i]);
            g->izone_pp[i] = i > 0 && pg_chance(g, 40);
            pg_put(b, "zone %s%s of %s\n", g->izone[i], g->izone_pp[i] ? " per player" : pg_chance(g, 50) ? " shared" : "",
                   g->idie);
        }
    }
}

/* decl_arrays: one to three arrays: a counter by player and a range, an
   int variable by side (private to the side's players, or by side and a
   range), a counter by enum (PG_F_ARRAYS). */
static void decl_arrays(PgGen *g, PgBuf *b)
{
    g->narr = 1 + pg_rand(g, 3);
    for (int i = 0; i < g->narr; i++) {
        PgArray *a = &g->arr[i];
        pg_fresh(g, a->name);
        a->first = pg_rand(g, g->nen ? 3 : 2);
        a->en = a->first == PG_AI_ENUM ? pg_rand(g, g->nen) : 0;
        a->ranged = a->first == PG_AI_PLAYER || pg_chance(g, 40);
        a->lo = pg_rand(g, 3) - 1;
        a->hi = a->lo + pg_rand(g, 4);
        a->is_var = a->first == PG_AI_SIDE && pg_chance(g, 60);
        a->bounded = !a->is_var && pg_chance(g, 50);
        const char *first = a->first == PG_AI_PLAYER ? "player" : a->first == PG_AI_SIDE ? "side" : g->en[a->en].name;
        pg_put(b, "%s %s[%s", a->is_var ? "var" : "counter", a->name, first);
        if (a->ranged)
            pg_put(b, pg_chance(g, 50) ? ", column: %d..%d" : ", %d..%d", a->lo, a->hi);
        pg_put(b, "]");
        a->priv = a->is_var && pg_chance(g, 60);
        if (a->is_var)
            pg_put(b, " : int%s = %d", a->priv ? " private" : "", pg_rand(g, 3));
        else if (pg_chance(g, 50))
            pg_put(b, " = %d", pg_rand(g, 4));
        if (a->bounded)
            pg_put(b, " min %d max %d", -pg_rand(g, 3), 10 + pg_rand(g, 20));
        pg_put(b, "\n");
    }
}

/* decl_state: counters, variables and a constant. */
static void decl_state(PgGen *g, PgBuf *b)
{
    pg_fresh(g, g->round_ctr);
    pg_put(b, "counter %s\n", g->round_ctr);
    g->nctr = 1 + pg_rand(g, 3);
    for (int i = 0; i < g->nctr; i++) {
        PgCounter *c = &g->ctr[i];
        pg_fresh(g, c->name);
        c->per_player = i == 0 || pg_chance(g, 60);
        c->bounded = i > 0 && pg_chance(g, 60);
        pg_put(b, "counter %s%s", c->name, c->per_player ? " per player" : "");
        if (pg_chance(g, 50))
            pg_put(b, " = %d", pg_rand(g, 5));
        if (c->bounded)
            pg_put(b, " min %d max %d", -pg_rand(g, 3), 20 + pg_rand(g, 30));
        else if (pg_chance(g, 30))
            pg_put(b, " min 0");
        pg_put(b, "\n");
    }
    pg_fresh(g, g->first);
    pg_put(b, "var %s : player\n", g->first);
    static const int types[] = {PG_INT, PG_BOOL, PG_ENUM, PG_SIDE, PG_PLAYER};
    g->nvar = pg_rand(g, 4);
    for (int i = 0; i < g->nvar; i++) {
        PgVar *v = &g->var[i];
        pg_fresh(g, v->name);
        v->t.ty = types[pg_rand(g, 5)];
        if (v->t.ty == PG_ENUM && !g->nen)
            v->t.ty = PG_INT;
        v->t.sub = v->t.ty == PG_ENUM ? pg_rand(g, g->nen) : 0;
        v->per_player = pg_chance(g, 50);
        pg_put(b, "var %s : ", v->name);
        switch (v->t.ty) {
        case PG_INT: pg_put(b, "int"); break;
        case PG_BOOL: pg_put(b, "bool"); break;
        case PG_ENUM: pg_put(b, "%s", g->en[v->t.sub].name); break;
        case PG_SIDE: pg_put(b, "side"); break;
        default: pg_put(b, "player"); break;
        }
        v->priv = v->per_player && pg_chance(g, 40);
        if (v->per_player)
            pg_put(b, " per player%s", v->priv ? " private" : "");
        if (v->t.ty == PG_INT)
            pg_put(b, " = %d", pg_rand(g, 4));
        else if (v->t.ty == PG_BOOL && pg_chance(g, 50))
            pg_put(b, " = true");
        else if (v->t.ty == PG_ENUM)
            pg_put(b, " = %s", g->en[v->t.sub].val[1]);
        pg_put(b, "\n");
    }
    pg_fresh(g, g->konst);
    pg_put(b, "const %s = %d\n", g->konst, 1 + pg_rand(g, 4));
    if (g->feat & PG_BIT(PG_F_ARRAYS))
        decl_arrays(g, b);
}

/* Card names: some carry the characters C strings and comments must escape. */
static const char *const card_titles[] = {
    "Plain", "Quote \\\" in", "Back\\\\slash", "*/ comment", "?\?/ trigraph", "Tab\\there", "Ünïcödé ☆",
};

/* decl_cards: two to four cards of each kind, for each side. */
static void decl_cards(PgGen *g, PgBuf *b)
{
    int serial = 0;
    for (int i = 0; i < g->nkind; i++) {
        const PgKind *k = &g->kind[i];
        if (k->is_die)
            continue;
        int n = 2 + pg_rand(g, 3);
        for (int c = 0; c < n; c++) {
            const char *t = card_titles[pg_rand(g, (int)(sizeof card_titles / sizeof *card_titles))];
            pg_put(b, "card %s \"%s %d\"", k->name, t, ++serial);
            if (serial == 1) {
                snprintf(g->card1, sizeof g->card1, "%s 1", t);
                g->card1_kind = i;
            }
            if (pg_chance(g, 60))
                pg_put(b, " x%d", 1 + pg_rand(g, 3));
            pg_put(b, " {\n  %s %s  %s %d", k->f_side, g->side[c % g->nsides], k->f_value, pg_rand(g, 10));
            if (pg_chance(g, 40))
                pg_put(b, "  %s %d", k->f_value2, pg_rand(g, 10));
            if (pg_chance(g, 40))
                pg_put(b, "  %s", k->f_flag);
            else if (pg_chance(g, 30))
                pg_put(b, "  %s false", k->f_flag);
            if (pg_chance(g, 40))
                pg_put(b, "  %s \"%s {not a hole}\"", k->f_label, t);
            if (k->mark_enum >= 0 && (k->mark_required || pg_chance(g, 50))) {
                const PgEnum *e = &g->en[k->mark_enum];
                pg_put(b, "  %s %s", k->f_mark, e->val[pg_rand(g, e->nval)]);
            }
            if (k->has_power && pg_chance(g, 70)) {
                pg_put(b, "\n  %s {\n", k->f_power);
                pg_ability(g, b, i);
                pg_put(b, "  }");
            }
            pg_put(b, "\n}\n");
        }
    }
}

/* decl_setup: deal the box out, pick the first player, then a few statements. */
static void decl_setup(PgGen *g, PgBuf *b)
{
    pg_put(b, "setup {\n  %s = random(players)\n", g->first);
    for (int i = 0; i < g->nvar; i++) {
        const PgVar *v = &g->var[i];
        if (v->t.ty == PG_PLAYER && v->per_player)
            pg_put(b, "  for p in players { p.%s = next(p) }\n", v->name);
        else if (v->t.ty == PG_PLAYER)
            pg_put(b, "  %s = random(players)\n", v->name);
    }
    for (int i = 0; i < g->nkind; i++) {
        const PgKind *k = &g->kind[i];
        const char *z = g->zone[k->deck].name;
        if (k->is_die) {
            pg_put(b, "  for d in box where d is %s { move d to %s }\n", k->name, z);
            continue;
        }
        pg_put(b, "  for p in players {\n    for c in box where c is %s and c.%s == p.side { move c to p.%s }\n", k->name,
               k->f_side, z);
        pg_put(b, "    shuffle p.%s\n  }\n", z);
    }
    if (g->nizone)
        pg_put(b, "  for d in box where d is %s { move d to %s }\n", g->idie, g->izone[0]);
    pg_setup_world(g, b);
    if (g->feat & PG_BIT(PG_F_BOX_LOOP)) {
        /* every card is dealt already: this loop runs over an empty box */
        pg_put(b, "  for c in box { move c to %s }\n", g->zone[g->kind[0].deck + 2].name);
    }
    pg_script(g, b, PG_IN_SETUP, 1 + pg_rand(g, 3));
    pg_put(b, "}\n");
}

const char *const pg_leak_names[PG_LEAK_COUNT] = {
    [PG_LEAK_PUBLIC_CHOOSE] = "public-choose", [PG_LEAK_LOG_HOLE] = "log-hole",
    [PG_LEAK_PUBLIC_VAR] = "public-var",       [PG_LEAK_OPTION_WHEN] = "option-when",
    [PG_LEAK_IMPLICIT] = "implicit",           [PG_LEAK_HIDDEN_DECK] = "hidden-deck",
    [PG_LEAK_BLIND_PICK] = "blind-pick",
};

/* line_now: the number of the line b's next character is on. */
static int line_now(const PgBuf *b)
{
    int n = 1;
    for (size_t i = 0; i < b->len; i++)
        n += b->s[i] == '\n';
    return n;
}

/* leak: the program's one leak (g->leak), written at the round's top
   level over the first kind's private zone Z and hidden deck D, each the
   kind of a fixture of tests/cardc/bad/secret_*.cards; returns the line
   cardc check must name. */
static int leak(PgGen *g, PgBuf *b, const char *var)
{
    const PgKind *k = &g->kind[0];
    const char *d = g->zone[k->deck].name, *z = g->zone[k->deck + 1].name, *s = g->zone[k->deck + 2].name;
    const char *v = k->f_value, *ctr = g->ctr[0].name;
    char x[PG_NAME];
    pg_fresh(g, x);
    int at = line_now(b);
    switch (g->leak) {
    case PG_LEAK_PUBLIC_CHOOSE:   /* a public choice over my private zone, naming the card before its move shows it */
        pg_put(b, "  choose %s in my %s { my %s += 1  move %s to %s }\n", x, z, ctr, x, s);
        break;
    case PG_LEAK_LOG_HOLE:   /* a log hole names my private card */
        pg_put(b, "  if not empty(my %s) {\n    let %s = top(my %s)\n    log \"{me} holds {%s.%s}\"\n  }\n", z, x, z, x,
               pg_chance(g, 50) ? "name" : v);
        at += 2;
        break;
    case PG_LEAK_PUBLIC_VAR:   /* a public counter set from my private cards */
        pg_put(b, "  my %s = count(%s in my %s where %s.%s > 2)\n", ctr, x, z, x, v);
        break;
    case PG_LEAK_OPTION_WHEN:   /* a public menu's option offered on my private cards */
        pg_put(b, "  choose {\n    option \"leak\" when any(%s in my %s: %s.%s == 3) { my %s += 1 }\n", x, z, x, v, ctr);
        pg_put(b, "    option \"pass\" { }\n  }\n");
        at += 1;
        break;
    case PG_LEAK_IMPLICIT:   /* a public effect under a condition on my private cards */
        pg_put(b, "  if any(%s in my %s: %s.%s > 2) { shuffle %s }\n", x, z, x, v, s);
        break;
    case PG_LEAK_HIDDEN_DECK:   /* a log hole names the top card of my hidden deck */
        pg_put(b, "  if not empty(my %s) { log \"the top card is {top(my %s)}\" }\n", d, d);
        break;
    default:   /* a blind pick from the next player's private zone, kept in my private variable */
        pg_put(b, "  choose %s in next(me).%s hidden { my %s = %s.%s }\n", x, z, var, x, v);
        break;
    }
    return at;
}

/* decl_round: the round: its counter, phases, and the end after a few
   rounds (and a leaky program's leak first, on *leak_line). */
static void decl_round(PgGen *g, PgBuf *b, const char *var, int *leak_line)
{
    int nphase = 1 + pg_rand(g, 3);
    pg_put(b, "round {\n  %s += 1\n", g->round_ctr);
    if (g->leak >= 0)
        *leak_line = leak(g, b, var);
    for (int i = 0; i < nphase; i++) {
        pg_fresh(g, g->phase[i]);
        pg_put(b, "  phase %s {\n", g->phase[i]);
        pg_script(g, b, PG_IN_ROUND, 1 + pg_rand(g, 4));
        pg_put(b, "  }\n");
    }
    g->nphase = nphase;
    const char *sc = g->ctr[0].name;
    pg_put(b, "  if %s >= %d {\n", g->round_ctr, 3 + pg_rand(g, 10));
    switch (pg_rand(g, g->teams ? 4 : 3)) {
    case 0:
        pg_put(b, "    win all p in players where p.%s * %d >= sum(q in players: q.%s)\n", sc, g->nplayers, sc);
        break;
    case 3:   /* a team's total: the team of the first player, or the other wins */
        pg_put(b, "    if sum(q in players where q.side == %s.side: q.%s) >= sum(q in players where q.side != %s.side: q.%s) "
                  "{ win %s } else { win all p in players where p.side != %s.side }\n",
               g->first, sc, g->first, sc, g->first, g->first);
        break;
    case 1:
        pg_put(b, "    if %s.%s > next(%s).%s { win %s } else { draw_game }\n", g->first, sc, g->first, sc, g->first);
        break;
    default:
        pg_put(b, "    win random(players)\n");
        break;
    }
    pg_put(b, "  }\n}\n");
}

/* decl_variant: a variant that sets the constant, removes a card or gives
   it new data, replaces a phase; maybe a family of variants that gives
   the card a value each. */
static void decl_variant(PgGen *g, PgBuf *b)
{
    pg_fresh(g, g->variant);
    pg_put(b, "variant %s of g%llu \"Variant\" {\n  set %s = %d\n", g->variant, (unsigned long long)g->seed, g->konst,
           pg_rand(g, 5));
    const PgKind *k = &g->kind[g->card1_kind];
    if (pg_chance(g, 50))
        pg_put(b, "  remove card \"%s\"\n", g->card1);
    else if (pg_chance(g, 60))
        pg_put(b, "  set card %s \"%s\" { %s %d  %s %s }\n", k->name, g->card1, k->f_value, pg_rand(g, 10), k->f_flag,
               pg_chance(g, 50) ? "true" : "false");
    pg_put(b, "  phase %s {\n", g->phase[pg_rand(g, g->nphase)]);
    pg_script(g, b, PG_IN_ROUND, 1 + pg_rand(g, 3));
    pg_put(b, "  }\n}\n");
    if (pg_chance(g, 50)) {   /* a family: a variant per value, names <variant>_f_N (or _f_mN) */
        int lo = pg_rand(g, 5) - 2;
        pg_put(b, "variant %s_f of g%llu \"Family {v}\" for v in %d..%d {\n  set card %s \"%s\" { %s v }\n",
               g->variant, (unsigned long long)g->seed, lo, lo + pg_rand(g, 4), k->name, g->card1, k->f_value);
        if (pg_chance(g, 50))   /* the constant too, from v */
            pg_put(b, "  set %s = v + %d\n", g->konst, 2 + pg_rand(g, 3));
        pg_put(b, "}\n");
    }
}

/* pg_generate: see pg_gen.h. */
char *pg_generate(uint64_t seed, uint32_t features)
{
    PgGen *g = calloc(1, sizeof *g);
    if (!g)
        abort();
    g->seed = seed;
    g->rng = seed * 0x2545f4914f6cdd1du + 1;
    g->feat = features;
    /* PG_F_LEAKS: one seed in eight, each kind of leak in turn */
    g->leak = (features & PG_BIT(PG_F_LEAKS)) && seed % 8 == 5 ? (int)(seed / 8 % PG_LEAK_COUNT) : -1;
    g->nplayers = (features & PG_BIT(PG_F_THREE_PLAYERS)) && pg_chance(g, 25) ? 3 : 2;
    g->nsides = g->nplayers;
    if (g->nplayers == 2 && (features & PG_BIT(PG_F_TEAMS)) && pg_chance(g, 20)) {   /* two teams of two */
        g->nplayers = 4;
        g->teams = 1;
    }
    PgBuf b = {0};
    pg_put(&b, "# generated by progen, seed %llu\ngame g%llu \"Generated %llu\" {\n  players %d\n  sides",
           (unsigned long long)seed, (unsigned long long)seed, (unsigned long long)seed, g->nplayers);
    for (int i = 0; i < g->nsides; i++) {
        pg_fresh(g, g->side[i]);
        pg_put(&b, "%s %s \"Side %d\"", i ? "," : "", g->side[i], i + 1);
    }
    pg_put(&b, g->teams ? "\n  teams\n}\n" : "\n}\n");
    decl_enums(g, &b);
    decl_kinds(g, &b);
    decl_state(g, &b);
    pg_decl_world(g, &b);
    pg_decl_functions(g, &b);
    pg_decl_view(g, &b);
    pg_decl_procedures(g, &b);
    decl_cards(g, &b);
    decl_setup(g, &b);
    char leak_var[PG_NAME];
    int leak_line = 0;
    if (g->leak >= 0)
        pg_fresh(g, leak_var);
    decl_round(g, &b, leak_var, &leak_line);
    if ((features & PG_BIT(PG_F_VARIANTS)) && pg_chance(g, 40))
        decl_variant(g, &b);
    /* while loops' counters, declared last (order does not matter) */
    for (int i = 0; i < g->nwhile; i++)
        pg_put(&b, "var %s : int = 0\n", g->whilev[i]);
    if (g->leak >= 0)   /* the leak's variable, and what pg_run reads: its kind and line */
        pg_put(&b, "var %s : int per player private = 0\n# leak: %s, line %d\n", leak_var, pg_leak_names[g->leak],
               leak_line);
    free(g);
    return b.s;
}
