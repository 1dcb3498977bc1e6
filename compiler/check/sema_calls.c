/* sema_calls.c: the checker's call graphs: functions and procedures that
   recurse, chains of calls deeper than the runtime's frame stack, and the
   game's static bound on nested frames (Model.max_frames). Each graph is
   walked once per node and edge (linear time), without recursion. */
#include "sema_internal.h"

#include <string.h>

#include "cardrt.h"
#include "diag.h"

/* A call graph: nodes 0..n-1, the edges of node u are to[first[u] ..
   first[u+1]-1], each made by the AST node at[] (a call or a run). Built
   in two passes over the same walk: counting, then filling. */
typedef struct Graph {
    int n, nedges, cap;
    int *first, *to;
    const AstNode **at;
    int filling;
} Graph;

static void add_edge(Graph *g, int u, int v, const AstNode *at)
{
    if (!g->filling) {
        g->first[u + 1]++;
        g->nedges++;
        return;
    }
    int k = g->first[u] + g->cap++;   /* cap: the next free slot of u (reset per node) */
    g->to[k] = v;
    g->at[k] = at;
}

/* EdgeFn: add to g the edges node n of node u's body makes. */
typedef void (*EdgeFn)(const Sema *S, Graph *g, int u, const AstNode *n);

static void walk(const Sema *S, Graph *g, int u, const AstNode *n, EdgeFn fn)
{
    if (!n)
        return;
    fn(S, g, u, n);
    const AstNode *kids[5] = {n->a, n->b, n->c, n->d, n->e};
    for (int i = 0; i < 5; i++)
        walk(S, g, u, kids[i], fn);
    for (int i = 0; i < n->list.count; i++)
        walk(S, g, u, n->list.items[i], fn);
}

/* build: the graph of n nodes whose node u's body is body(u), edges by fn. */
static Graph build(const Sema *S, int n, const AstNode *(*body)(const Sema *, int), EdgeFn fn)
{
    Graph g = {0};
    g.n = n;
    g.first = arena_alloc(S->a, sizeof(int) * (size_t)(n + 2));
    memset(g.first, 0, sizeof(int) * (size_t)(n + 2));
    for (int u = 0; u < n; u++)
        walk(S, &g, u, body(S, u), fn);
    for (int u = 0; u < n; u++)
        g.first[u + 1] += g.first[u];
    g.to = arena_alloc(S->a, sizeof(int) * (size_t)(g.nedges + 1));
    g.at = arena_alloc(S->a, sizeof(AstNode *) * (size_t)(g.nedges + 1));
    g.filling = 1;
    for (int u = 0; u < n; u++) {
        g.cap = 0;
        walk(S, &g, u, body(S, u), fn);
    }
    return g;
}

/* on_cycle: cyc[u] = 1 for every node that can reach itself (its strongly
   connected component has two nodes or more, or a loop), by Tarjan's
   algorithm with an explicit stack. cyc has g->n bytes. */
static void on_cycle(Arena *a, const Graph *g, uint8_t *cyc)
{
    int n = g->n, next_index = 0, top = 0, sp = 0;
    int *index = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int *low = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int *edge = arena_alloc(a, sizeof(int) * (size_t)(n + 1));   /* next edge to look at */
    int *stack = arena_alloc(a, sizeof(int) * (size_t)(n + 1));  /* Tarjan's stack */
    int *call = arena_alloc(a, sizeof(int) * (size_t)(n + 1));   /* the DFS path */
    uint8_t *onstack = arena_alloc(a, (size_t)n + 1);
    memset(onstack, 0, (size_t)n + 1);
    memset(cyc, 0, (size_t)n);
    for (int u = 0; u < n; u++)
        index[u] = -1;
    for (int root = 0; root < n; root++) {
        if (index[root] >= 0)
            continue;
        call[sp++] = root;
        index[root] = low[root] = next_index++;
        edge[root] = g->first[root];
        stack[top++] = root;
        onstack[root] = 1;
        while (sp > 0) {
            int u = call[sp - 1];
            if (edge[u] < g->first[u + 1]) {
                int v = g->to[edge[u]++];
                if (v == u)
                    cyc[u] = 1;
                if (index[v] < 0) {
                    index[v] = low[v] = next_index++;
                    edge[v] = g->first[v];
                    stack[top++] = v;
                    onstack[v] = 1;
                    call[sp++] = v;
                } else if (onstack[v] && index[v] < low[u]) {
                    low[u] = index[v];
                }
                continue;
            }
            sp--;
            if (sp > 0 && low[u] < low[call[sp - 1]])
                low[call[sp - 1]] = low[u];
            if (low[u] == index[u]) {   /* u roots a component: pop it */
                int size = 0, w;
                int base = top;
                do {
                    w = stack[--base];
                    size++;
                } while (w != u);
                for (int i = base; i < top; i++) {
                    onstack[stack[i]] = 0;
                    if (size > 1)
                        cyc[stack[i]] = 1;
                }
                top = base;
            }
        }
    }
}

/* ---- functions: no recursion ------------------------------------------------ */

static const AstNode *function_body(const Sema *S, int f) { return S->functions[f]->a; }

static void function_edge(const Sema *S, Graph *g, int u, const AstNode *n)
{
    if (n->kind != AST_CALL)
        return;
    int f = sema_find_func(S, n->name);
    if (f >= 0)
        add_edge(g, u, f, n);
}

/* ---- scripts: procedure calls and runs -------------------------------------- */

static const AstNode *unit_body(const Sema *S, int u)
{
    return S->m->units[u].is_function ? NULL : S->m->units[u].body;
}

/* procedure calls only (statements: procedures are called from statements) */
static void proc_edge(const Sema *S, Graph *g, int u, const AstNode *n)
{
    if (n->kind != AST_CALL_STMT)
        return;
    int p = sema_find_proc(S->m, n->name);
    if (p >= 0)
        add_edge(g, u, p, n);
}

/* procedure calls and runs: `run c.field` may start that ability of any
   card of the kind, in any variant */
static void frame_edge(const Sema *S, Graph *g, int u, const AstNode *n)
{
    const Model *m = S->m;
    if (n->kind == AST_CALL_STMT) {
        proc_edge(S, g, u, n);
        return;
    }
    if (n->kind != AST_RUN || !n->a || n->a->sem_extra < 0 || n->a->sem_extra >= m->nkinds)
        return;
    int k = n->a->sem_extra, fi = SYM_IDX(n->a->sem_ref);
    if (fi < 0 || fi >= m->kinds[k].ndata)
        return;
    for (int c = 0; c < m->ncards; c++) {
        if (m->cards[c].kind != k || !m->cards[c].values)
            continue;
        const MValue *v = &m->cards[c].values[fi];
        if (v->present && v->script >= 0)
            add_edge(g, u, v->script, n);
    }
}

/* frames: deep[u] = the frames a chain of calls and runs from unit u can
   stack (u included), best[u] the edge it goes on by (-1: none). An edge
   back into the path being walked (a cycle of runs) adds nothing, so
   deep[u] is the length of a chain that exists; returns 1 when there was
   such an edge (the game then has no static bound). */
static int frames(Arena *a, const Graph *g, int *deep, int *best)
{
    int n = g->n, sp = 0, cyclic = 0;
    uint8_t *colour = arena_alloc(a, (size_t)n + 1);   /* 0 new, 1 on the path, 2 done */
    int *edge = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    int *path = arena_alloc(a, sizeof(int) * (size_t)(n + 1));
    memset(colour, 0, (size_t)n + 1);
    for (int root = 0; root < n; root++) {
        if (colour[root])
            continue;
        path[sp++] = root;
        colour[root] = 1;
        edge[root] = g->first[root];
        deep[root] = 1;
        best[root] = -1;
        while (sp > 0) {
            int u = path[sp - 1];
            if (edge[u] < g->first[u + 1]) {
                int k = edge[u]++, v = g->to[k];
                if (colour[v] == 1) {
                    cyclic = 1;
                } else if (colour[v] == 0) {
                    colour[v] = 1;
                    edge[v] = g->first[v];
                    deep[v] = 1;
                    best[v] = -1;
                    path[sp++] = v;
                    edge[u]--;   /* look at this edge again once v is done */
                } else if (1 + deep[v] > deep[u]) {
                    deep[u] = 1 + deep[v];
                    best[u] = k;
                }
                continue;
            }
            colour[u] = 2;
            sp--;
        }
    }
    return cyclic;
}

/* too_deep: report the call or run of a chain from root that would push a
   frame past RT_MAX_DEPTH (once per unit it is in: reported[]). */
static void too_deep(Sema *S, const Graph *g, const int *best, int root, uint8_t *reported)
{
    int u = root;
    for (int frame = 1; frame < RT_MAX_DEPTH && best[u] >= 0; frame++)
        u = g->to[best[u]];
    if (best[u] < 0 || reported[u])
        return;
    reported[u] = 1;
    const AstNode *at = g->at[best[u]];
    diag_error(S->d, at->loc, "calls nested deeper than %d frames: this %s is frame %d, counting from '%s'",
               RT_MAX_DEPTH, at->kind == AST_RUN ? "run" : "call", RT_MAX_DEPTH + 1, S->m->units[root].name);
}

void sema_check_calls(Sema *S)
{
    Model *m = S->m;
    Graph fg = build(S, S->nfunctions, function_body, function_edge);
    uint8_t *cyc = arena_alloc(S->a, (size_t)fg.n + 1);
    on_cycle(S->a, &fg, cyc);
    for (int f = 0; f < S->nfunctions; f++)
        if (cyc[f]) {
            const AstNode *fn = S->functions[f];
            diag_error(S->d, fn->loc2.line ? fn->loc2 : fn->loc,
                       "function '%s' calls itself; functions cannot recurse", fn->name);
        }

    Graph pg = build(S, m->nunits, unit_body, proc_edge);
    cyc = arena_alloc(S->a, (size_t)pg.n + 1);
    on_cycle(S->a, &pg, cyc);
    int recursion = 0;
    for (int u = 0; u < m->nunits; u++)
        if (cyc[u] && m->units[u].is_procedure) {
            diag_error(S->d, m->units[u].loc, "procedure '%s' calls itself; procedures cannot recurse",
                       m->units[u].name);
            recursion = 1;
        }
    if (recursion || S->d->errors)
        return;

    Graph sg = build(S, m->nunits, unit_body, frame_edge);
    int *deep = arena_alloc(S->a, sizeof(int) * (size_t)(sg.n + 1));
    int *best = arena_alloc(S->a, sizeof(int) * (size_t)(sg.n + 1));
    int cyclic = frames(S->a, &sg, deep, best);
    uint8_t *called = arena_alloc(S->a, (size_t)sg.n + 1), *reported = arena_alloc(S->a, (size_t)sg.n + 1);
    memset(called, 0, (size_t)sg.n + 1);
    memset(reported, 0, (size_t)sg.n + 1);
    for (int k = 0; k < sg.nedges; k++)
        called[sg.to[k]] = 1;
    int most = 1;
    for (int u = 0; u < m->nunits; u++) {
        if (m->units[u].is_function)
            continue;
        if (deep[u] > most)
            most = deep[u];
        if (!called[u] && deep[u] > RT_MAX_DEPTH)
            too_deep(S, &sg, best, u, reported);
    }
    m->max_frames = cyclic ? 0 : most;
}
