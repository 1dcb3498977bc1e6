/* rt_graph.c: maps, boards whose spaces are joined by edges: neighbours,
   spaces within N steps, distances and paths, by breadth-first search
   over the const adjacency table cardc writes (RtGraphDef). A search's
   queue and marks are on the C stack, sized by RT_GRAPH_MAX_SPACES; the
   unlimited search from a space of a map of at most 256 spaces is kept in
   the RtGame the first time it is made (rt__graph_memo_free). */
#include "rt_internal.h"

#include <stdlib.h>

/* space_instance: the instance of space s's card, or RT_NONE when this
   variant has no copy of it. */
static RtValue space_instance(const RtGame *g, const RtGraphDef *m, int s)
{
    return g->card_inst[m->card[s]];
}

/* graph_space: card's space in m, or -1 after failing the game at site. */
static int graph_space(RtGame *g, const RtGraphDef *m, RtValue card, int site)
{
    int row = rt_card_row(g, card, m->kind, site);
    if (rt_check(g))
        return -1;
    int s = row >= 0 && row < m->nrows ? m->space[row] : -1;
    if (s < 0) {
        rt__failf(g, site, "\"%s\" is not a space of map %s", rt_card_name(g, card), m->name);
        return -1;
    }
    return s;
}

/* bfs: breadth-first search of m from space from, at most steps deep
   (steps < 0: no limit), not entering avoided spaces (avoid may be NULL).
   Writes the spaces reached in order into order[] and their distances
   into dist[] (-1: not reached); returns how many were reached. Spaces
   this variant lacks are never entered. */
static int bfs(const RtGame *g, const RtGraphDef *m, int from, int steps, const uint8_t *avoid, int16_t *dist,
               int16_t *order)
{
    for (int i = 0; i < m->nspaces; i++)
        dist[i] = -1;
    int n = 0;
    dist[from] = 0;
    order[n++] = (int16_t)from;
    for (int head = 0; head < n; head++) {
        int s = order[head];
        if (steps >= 0 && dist[s] >= steps)
            continue;
        for (int e = m->first[s]; e < m->first[s + 1]; e++) {
            int t = m->adj[e];
            if (dist[t] >= 0 || (avoid && avoid[t]) || space_instance(g, m, t) == RT_NONE)
                continue;
            dist[t] = (int16_t)(dist[s] + 1);
            order[n++] = (int16_t)t;
        }
    }
    return n;
}

/* The searches made so far, per map: a map's spaces and the copies of
   their cards are the same for the whole life of an RtGame (its variant),
   so the breadth-first search from a space, without a limit, is made once
   and kept: its order and distances give WITHIN (the first spaces of the
   order, whose distances grow) and distance. Kept outside the state block,
   for maps of at most MEMO_SPACES spaces (nspaces^2 entries each). */
enum { MEMO_MAPS = 4, MEMO_SPACES = 256 };
struct RtGraphMemo {
    const RtGraphDef *map[MEMO_MAPS];
    int16_t *dist[MEMO_MAPS], *order[MEMO_MAPS];   /* nspaces rows of nspaces, a row per space searched from */
    int16_t *reached[MEMO_MAPS];                   /* per space: the spaces its search reached, -1 before it is made */
};

/* rt__graph_memo_free (rt_internal.h): free g's searches. */
void rt__graph_memo_free(RtGame *g)
{
    struct RtGraphMemo *mm = g->graph_memo;
    if (!mm)
        return;
    for (int i = 0; i < MEMO_MAPS; i++) {
        free(mm->dist[i]);
        free(mm->order[i]);
        free(mm->reached[i]);
    }
    free(mm);
    g->graph_memo = NULL;
}

/* search_from: the search of m from space from, unlimited: its order and
   distances (rows of g's memo, made the first time; owned by g), and how
   many spaces it reached. Returns 0, setting nothing, when the map is too
   large to keep or memory runs out: the caller searches itself. */
static int search_from(RtGame *g, const RtGraphDef *m, int from, const int16_t **dist, const int16_t **order)
{
    if (m->nspaces > MEMO_SPACES)
        return 0;
    if (!g->graph_memo && !(g->graph_memo = calloc(1, sizeof *g->graph_memo)))
        return 0;
    struct RtGraphMemo *mm = g->graph_memo;
    int i = 0;
    while (i < MEMO_MAPS && mm->map[i] && mm->map[i] != m)
        i++;
    if (i == MEMO_MAPS)
        return 0;
    size_t n = (size_t)m->nspaces;
    if (!mm->map[i]) {
        mm->dist[i] = malloc(n * n * sizeof *mm->dist[i]);
        mm->order[i] = malloc(n * n * sizeof *mm->order[i]);
        mm->reached[i] = malloc(n * sizeof *mm->reached[i]);
        if (!mm->dist[i] || !mm->order[i] || !mm->reached[i]) {
            free(mm->dist[i]);
            free(mm->order[i]);
            free(mm->reached[i]);
            mm->dist[i] = mm->order[i] = mm->reached[i] = NULL;
            return 0;
        }
        for (size_t s = 0; s < n; s++)
            mm->reached[i][s] = -1;
        mm->map[i] = m;
    }
    int16_t *d = mm->dist[i] + (size_t)from * n, *o = mm->order[i] + (size_t)from * n;
    if (mm->reached[i][from] < 0)
        mm->reached[i][from] = (int16_t)bfs(g, m, from, -1, NULL, d, o);
    *dist = d;
    *order = o;
    return mm->reached[i][from];
}

/* rt_graph_spaces (cardrt.h): the set op of card into out. */
int rt_graph_spaces(RtGame *g, const RtGraphDef *m, int op, RtValue card, RtValue steps, RtValue *out, int site)
{
    int n = 0;
    if (op == RT_GRAPH_ALL) {
        for (int s = 0; s < m->nspaces; s++)
            if ((out[n] = space_instance(g, m, s)) != RT_NONE)
                n++;
        return n;
    }
    int from = graph_space(g, m, card, site);
    if (from < 0)
        return -1;
    if (op == RT_GRAPH_NEIGHBOURS) {
        for (int e = m->first[from]; e < m->first[from + 1]; e++)
            if ((out[n] = space_instance(g, m, m->adj[e])) != RT_NONE)
                n++;
        return n;
    }
    if (steps < 0)
        return 0;
    const int16_t *d, *o;
    int all = search_from(g, m, from, &d, &o);
    if (all > 0) {   /* the order's first spaces, up to steps away */
        while (n < all && d[o[n]] <= steps) {
            out[n] = space_instance(g, m, o[n]);
            n++;
        }
        return n;
    }
    int16_t dist[RT_GRAPH_MAX_SPACES], order[RT_GRAPH_MAX_SPACES];
    int reached = bfs(g, m, from, steps > RT_GRAPH_MAX_SPACES ? RT_GRAPH_MAX_SPACES : (int)steps, NULL, dist, order);
    for (int i = 0; i < reached; i++)
        out[n++] = space_instance(g, m, order[i]);
    return n;
}

/* rt_graph_list (cardrt.h): the set pushed as a list. */
int rt_graph_list(RtGame *g, const RtGraphDef *m, int op, RtValue card, RtValue steps, int site)
{
    RtValue items[RT_GRAPH_MAX_SPACES];
    int n = rt_graph_spaces(g, m, op, card, steps, items, site);
    if (n < 0)
        return -1;
    int list = rt_list_new(g, site);
    for (int i = 0; i < n && list >= 0 && !rt_check(g); i++)
        rt_list_add(g, list, items[i], site);
    return rt_check(g) ? -1 : list;
}

/* rt_graph_count (cardrt.h): the set's size. */
RtValue rt_graph_count(RtGame *g, const RtGraphDef *m, int op, RtValue card, RtValue steps, int site)
{
    RtValue items[RT_GRAPH_MAX_SPACES];
    int n = rt_graph_spaces(g, m, op, card, steps, items, site);
    return n < 0 ? 0 : n;
}

/* rt_graph_adjacent (cardrt.h): b is listed among a's neighbours. */
RtValue rt_graph_adjacent(RtGame *g, const RtGraphDef *m, RtValue a, RtValue b, int site)
{
    int from = graph_space(g, m, a, site);
    int to = from < 0 ? -1 : graph_space(g, m, b, site);
    if (to < 0)
        return 0;
    for (int e = m->first[from]; e < m->first[from + 1]; e++)
        if (m->adj[e] == to)
            return 1;
    return 0;
}

/* rt_graph_distance (cardrt.h): the fewest steps; no path fails. */
RtValue rt_graph_distance(RtGame *g, const RtGraphDef *m, RtValue a, RtValue b, int site)
{
    int from = graph_space(g, m, a, site);
    int to = from < 0 ? -1 : graph_space(g, m, b, site);
    if (to < 0)
        return 0;
    int16_t dist_here[RT_GRAPH_MAX_SPACES], order[RT_GRAPH_MAX_SPACES];
    const int16_t *dist, *kept_order;
    if (!search_from(g, m, from, &dist, &kept_order)) {   /* not kept: search here */
        bfs(g, m, from, -1, NULL, dist_here, order);
        dist = dist_here;
    }
    if (dist[to] < 0) {
        rt__failf(g, site, "no path from \"%s\" to \"%s\" on map %s", rt_card_name(g, a), rt_card_name(g, b), m->name);
        return 0;
    }
    return dist[to];
}

/* rt_graph_reach (cardrt.h): a path from a to b entering no avoided space. */
RtValue rt_graph_reach(RtGame *g, const RtGraphDef *m, RtValue a, RtValue b, const uint8_t *avoid, int site)
{
    int from = graph_space(g, m, a, site);
    int to = from < 0 ? -1 : graph_space(g, m, b, site);
    if (to < 0)
        return 0;
    uint8_t flags[RT_GRAPH_MAX_SPACES];   /* avoid[] counts the spaces this variant has */
    for (int s = 0, i = 0; s < m->nspaces; s++) {
        int present = space_instance(g, m, s) != RT_NONE;
        flags[s] = present && avoid[i];
        i += present;
    }
    int16_t dist[RT_GRAPH_MAX_SPACES], order[RT_GRAPH_MAX_SPACES];
    bfs(g, m, from, -1, flags, dist, order);
    return dist[to] >= 0;
}
