/* pg_world.c: the program generator's maps (spaces, regions, edges,
   zones per space and the builtins that read them), dice pools (dice of
   numbers and of faces of several symbols rolled, held and counted
   together) and views: their declarations, their setup and their rules. */
#include "pg_script.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PG_MAX_SPACES 7

/* decl_map: a kind of spaces (a region field when the map has regions),
   a map of three to seven spaces, some in regions, joined by a ring and a
   few more edges (so every space reaches every other: `distance` never
   fails), symmetric (each edge both ways) or directed; the zone the
   spaces lie in, each player's space and, perhaps, a zone per space of
   the first kind (PG_F_MAPS). */
static void decl_map(PgGen *g, PgBuf *b)
{
    int n = 3 + pg_rand(g, PG_MAX_SPACES - 2), nreg = pg_rand(g, 3);
    int loose = nreg == 0 || pg_chance(g, 40), sym = pg_chance(g, 60);
    char sp[PG_MAX_SPACES][PG_NAME], reg[2][PG_NAME], map[PG_NAME];
    int in_reg[PG_MAX_SPACES], adj[PG_MAX_SPACES][PG_MAX_SPACES];
    g->has_map = 1;
    pg_fresh(g, g->m_kind);
    pg_fresh(g, g->m_val);
    pg_fresh(g, g->m_flag);
    pg_fresh(g, g->m_num);
    pg_fresh(g, map);
    pg_put(b, "kind %s {\n", g->m_kind);
    if (nreg)
        pg_put(b, "  region : region%s\n", loose ? "?" : "");
    pg_put(b, "  %s : int = %d\n  state %s : bool = false\n  state %s : int = 0\n}\n", g->m_val, pg_rand(g, 3),
           g->m_flag, g->m_num);
    for (int i = 0; i < n; i++) {
        pg_fresh(g, sp[i]);
        in_reg[i] = nreg && !(loose && i % 3 == 2) ? i % nreg : -1;
    }
    for (int r = 0; r < nreg; r++)
        pg_fresh(g, reg[r]);
    memset(adj, 0, sizeof adj);
    for (int i = 0; i < n; i++) {   /* a ring, then a few chords */
        adj[i][(i + 1) % n] = 1;
        if (sym)
            adj[(i + 1) % n][i] = 1;
    }
    for (int e = pg_rand(g, n); e > 0; e--) {
        int a = pg_rand(g, n), c = pg_rand(g, n);
        if (a != c) {
            adj[a][c] = 1;
            if (sym)
                adj[c][a] = 1;
        }
    }
    pg_put(b, "map %s \"Map %s\" of %s %s {\n", map, map, g->m_kind, sym ? "symmetric" : "directed");
    for (int r = -1; r < nreg; r++) {
        int first = 1;
        for (int i = 0; i < n; i++) {
            if (in_reg[i] != r)
                continue;
            if (first)
                pg_put(b, r < 0 ? "  spaces {" : "  region %s {", r < 0 ? "" : reg[r]);
            pg_put(b, "%s %s", first ? "" : ",", sp[i]);
            if (pg_chance(g, 50))
                pg_put(b, " \"Space %s\"", sp[i]);
            if (pg_chance(g, 40))
                pg_put(b, " { %s %d }", g->m_val, pg_rand(g, 6));
            first = 0;
        }
        if (!first)
            pg_put(b, " }\n");
    }
    for (int i = 0; i < n; i++) {   /* a space's neighbours, on one line or two */
        int split = pg_chance(g, 20), k = 0;
        for (int j = 0; j < n; j++) {
            if (!adj[i][j])
                continue;
            if (k == 0 || (split && k == 1))
                pg_put(b, "%s  %s :", k ? "\n" : "", sp[i]);
            pg_put(b, "%s %s", k == 0 || (split && k == 1) ? "" : ",", sp[j]);
            k++;
        }
        if (k)
            pg_put(b, "\n");
    }
    pg_put(b, "}\n");
    pg_fresh(g, g->m_zone);
    pg_fresh(g, g->m_pos);
    pg_put(b, "zone %s of %s\nvar %s : card per player\n", g->m_zone, g->m_kind, g->m_pos);
    g->units = pg_chance(g, 60);
    if (g->units) {
        pg_fresh(g, g->m_units);
        pg_put(b, "zone %s per space of %s\n", g->m_units, g->kind[0].name);
    }
}

/* decl_pool: a die of numbers (negative and zero among them, perhaps), a
   die whose faces show several symbols of one enum (`a x2`, `a + b`) with
   a state, and two zones of no kind that hold both (PG_F_DICE_POOLS). */
static void decl_pool(PgGen *g, PgBuf *b)
{
    g->has_pool = 1;
    g->pool_enum = pg_rand(g, g->nen);
    const PgEnum *e = &g->en[g->pool_enum];
    pg_fresh(g, g->d_num);
    pg_fresh(g, g->d_sym);
    pg_fresh(g, g->d_held);
    pg_fresh(g, g->pool);
    pg_fresh(g, g->kept);
    int lo = pg_rand(g, 3) - 1, nf = 2 + pg_rand(g, 5);
    pg_put(b, "die %s \"Numbers %s\"%s {\n  faces", g->d_num, g->d_num, pg_chance(g, 50) ? " x2" : "");
    for (int i = 0; i < nf; i++)
        pg_put(b, "%s %d", i ? "," : "", lo + i);
    pg_put(b, "\n}\ndie %s \"Symbols %s\" x%d {\n  faces %s, %s x2, %s + %s, %s", g->d_sym, g->d_sym, 2 + pg_rand(g, 3),
           e->val[0], e->val[0], e->val[0], e->val[1], e->val[1]);
    if (e->nval > 2)
        pg_put(b, ", %s x%d + %s", e->val[2], 1 + pg_rand(g, 3), e->val[0]);
    pg_put(b, "\n  state %s : bool = false\n}\nzone %s, %s\n", g->d_held, g->pool, g->kept);
}

/* pg_decl_world: see pg_int.h. */
void pg_decl_world(PgGen *g, PgBuf *b)
{
    if ((g->feat & PG_BIT(PG_F_MAPS)) && pg_chance(g, 40))
        decl_map(g, b);
    if ((g->feat & PG_BIT(PG_F_DICE_POOLS)) && g->nen && pg_chance(g, 40))
        decl_pool(g, b);
}

/* pg_setup_world: see pg_int.h. The spaces and the dice leave the box
   before anything else may walk it. */
void pg_setup_world(PgGen *g, PgBuf *b)
{
    if (g->has_map)
        pg_put(b, "  for s in box where s is %s { move s to %s }\n  for p in players { p.%s = %s(%s) }\n", g->m_kind,
               g->m_zone, g->m_pos, pg_chance(g, 50) ? "random" : "top", g->m_zone);
    if (g->has_pool)
        pg_put(b, "  for d in box where d is %s or d is %s { move d to %s }\n", g->d_num, g->d_sym, g->pool);
}

/* pg_decl_view: a function of a player that reads only what everyone
   sees (his first counter, the count of a public zone), shown per player,
   and the round's counter (and perhaps the first player) hidden. */
void pg_decl_view(PgGen *g, PgBuf *b)
{
    if (!(g->feat & PG_BIT(PG_F_VIEWS)) || !pg_chance(g, 50))
        return;
    char f[PG_NAME];
    pg_fresh(g, f);
    g->has_view = 1;
    pg_put(b, "function %s(p: player) : int = p.%s", f, g->ctr[0].name);
    for (int i = 0; i < g->nzone; i++)
        if (g->zone[i].vis == PG_VIS_PUBLIC) {
            pg_put(b, " + count(%s%s)", g->zone[i].per_player ? "p." : "", g->zone[i].name);
            break;
        }
    pg_put(b, "\nview {\n  %s per player\n  hidden %s", f, g->round_ctr);
    if (pg_chance(g, 50))
        pg_put(b, ", %s", g->first);
    pg_put(b, "\n}\n");
}

/* here: "me.POS", the acting player's space. */
static void here(PgCtx *c, PgBuf *b)
{
    pg_put(b, "me.%s", c->g->m_pos);
}

/* map_stmt: a rule on the map: a move to a neighbour (a choice whose
   label shows the distance), a walk of the spaces within n steps, a
   path's length when one avoiding the marked spaces exists, a test of
   adjacency, a log of the aggregates over sets of spaces, the units of
   a space (a card dealt onto it, a stack moved to a neighbour, a count,
   the space cleared). */
static void map_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    char t[PG_NAME];
    pg_fresh(g, t);
    const char *v = g->m_val, *fl = g->m_flag, *nm = g->m_num;
    switch (pg_rand(g, g->units ? 7 : 5)) {
    case 0:
        pg_put(b, "choose %s in neighbours(", t);
        here(c, b);
        pg_put(b, ")");
        if (pg_chance(g, 50))
            pg_put(b, " where not %s.%s", t, fl);
        if (g->feat & PG_BIT(PG_F_PROMPTS))
            pg_put(b, " label \"{%s} ({%s.%s}, {distance(me.%s, %s)} away)\"", t, t, v, g->m_pos, t);
        pg_put(b, " {\n%*sme.%s = %s\n%*s%s.%s = true\n%*s%s.%s += 1\n%*s}", c->ind * 2 + 2, "", g->m_pos, t,
               c->ind * 2 + 2, "", t, fl, c->ind * 2 + 2, "", t, nm, c->ind * 2, "");
        if (pg_chance(g, 40))
            pg_put(b, " else { log \"stuck\" }");
        return;
    case 1:
        pg_put(b, "for %s in within(", t);
        here(c, b);
        pg_put(b, ", %d) where %s.%s >= %d { %s.%s += 1 }", pg_rand(g, 4) - 1, t, v, pg_rand(g, 3), t, nm);
        return;
    case 2:
        pg_put(b, "if reachable(me.%s, next(me).%s, avoiding %s where %s.%s) { my %s += distance(me.%s, next(me).%s) }",
               g->m_pos, g->m_pos, t, t, fl, g->ctr[0].name, g->m_pos, g->m_pos);
        return;
    case 3:
        pg_put(b, "if adjacent(me.%s, %s.%s) { my %s += 1 } else { log \"apart\" }", g->m_pos, g->first, g->m_pos,
               g->ctr[0].name);
        return;
    case 4:
        pg_put(b, "log \"{count(neighbours(me.%s))} {count(%s in within(me.%s, 2) where %s.%s)} ", g->m_pos, t, g->m_pos,
               t, fl);
        pg_put(b, "{argmax(%s in neighbours(me.%s): %s.%s)} {argmin(%s in within(me.%s, 1): %s.%s)} ", t, g->m_pos, t, v,
               t, g->m_pos, t, nm);
        pg_put(b, "{sum(%s in within(me.%s, 1): %s.%s)} {min(%s in neighbours(me.%s): %s.%s)} ", t, g->m_pos, t, nm, t,
               g->m_pos, t, v);
        pg_put(b, "{max(%s in within(me.%s, 3): %s.%s)} {any(%s in neighbours(me.%s): %s.%s)} ", t, g->m_pos, t, v, t,
               g->m_pos, t, fl);
        pg_put(b, "{all(%s in neighbours(me.%s): %s.%s)}\"", t, g->m_pos, t, fl);
        return;
    case 5: {
        const PgKind *k = &g->kind[0];
        pg_put(b, "if not empty(my %s) { move top(my %s) to me.%s.%s }", g->zone[k->deck].name, g->zone[k->deck].name,
               g->m_pos, g->m_units);
        return;
    }
    default: {
        const PgKind *k = &g->kind[0];
        char u[PG_NAME];
        pg_fresh(g, u);
        switch (pg_rand(g, 3)) {
        case 0:
            pg_put(b, "choose %s in neighbours(me.%s) { move %s in me.%s.%s where %s.%s > %d to %s.%s }", t, g->m_pos, u,
                   g->m_pos, g->m_units, u, k->f_value, pg_rand(g, 5), t, g->m_units);
            return;
        case 1:
            pg_put(b, "%s += count(%s in me.%s.%s where %s.%s == me.side)", g->round_ctr, u, g->m_pos, g->m_units, u,
                   k->f_side);
            return;
        default:
            pg_put(b, "move me.%s.%s to %s", g->m_pos, g->m_units, g->zone[k->deck + 2].name);
            return;
        }
    }
    }
}

/* pool_stmt: a rule on the dice pool: a roll of the pool, a reroll of
   the dice not held, dice held by a choice, released, scored by symbol
   and by number, set aside by symbol and brought back, one rolled. */
static void pool_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    const PgEnum *e = &g->en[g->pool_enum];
    const char *s = g->d_sym, *h = g->d_held, *p = g->pool, *k = g->kept;
    const char *a = e->val[0], *z = e->val[1];
    char d[PG_NAME];
    pg_fresh(g, d);
    switch (pg_rand(g, 8)) {
    case 0: pg_put(b, "roll %s", p); return;
    case 1: pg_put(b, "roll %s in %s where %s is %s and not %s.%s", d, p, d, s, d, h); return;
    case 2:
        pg_put(b, "choose up to %d %s in %s where %s is %s", 1 + pg_rand(g, 2), d, p, d, s);
        if (g->feat & PG_BIT(PG_F_PROMPTS))
            pg_put(b, " prompt \"{me}: hold which? ({count(%s)} dice)\" label \"{%s} ({%s.%s} %s)\"", p, d, d, a, a);
        pg_put(b, " { if %s is %s { %s.%s = true } }", d, s, d, h);
        return;
    case 3: pg_put(b, "for %s in %s where %s is %s { %s.%s = false }", d, p, d, s, d, h); return;
    case 4:
        pg_put(b, "my %s += sum(%s in %s where %s is %s: %s.%s + 2 * %s.%s) + sum(%s in %s where %s is %s: %s.face)",
               g->ctr[0].name, d, p, d, s, d, a, d, z, d, p, d, g->d_num, d);
        return;
    case 5: pg_put(b, "move %s in %s where %s is %s and %s.%s >= 1 to %s", d, p, d, s, d, z, k); return;
    case 6: pg_put(b, "if not empty(%s) { roll top(%s) }\n%*smove %s to %s", k, k, c->ind * 2, "", k, p); return;
    default:
        pg_put(b, "log \"{count(%s in %s where %s is %s and %s.%s > 0)} {any(%s in %s: %s is %s)} {sum(%s in %s where %s is %s: %s.face)}\"",
               d, p, d, s, d, a, d, k, d, s, d, p, d, g->d_num, d);
        return;
    }
}

/* pg_world_stmt: see pg_script.h. */
int pg_world_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    if (c->pure || c->pc || c->simult)
        return 0;
    if (g->has_map && (!g->has_pool || pg_chance(g, 50))) {
        map_stmt(c, b);
        return 1;
    }
    if (g->has_pool) {
        pool_stmt(c, b);
        return 1;
    }
    return 0;
}
