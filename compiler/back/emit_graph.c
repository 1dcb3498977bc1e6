/* emit_graph.c: the C of maps: each map's const adjacency table (an
   RtGraphDef, Graph_<map>) and the code of the graph builtins: loops over
   neighbours and within, adjacent, distance, and reachable (runtime/
   rt_graph.c does the searches). */
#include "emit_internal.h"

#include <string.h>

/* Each map: the space of each row of its kind, each space's card, the
   offsets of each space's neighbours and the neighbours (docs/runtime.md
   "Maps"). Only the maps the code reads are written (an unused const is a
   clang warning). */
void emit_graph_tables(Emit *E, Buf *out)
{
    const Model *m = E->m;
    for (int gi = 0; gi < m->ngraphs; gi++) {
        const MGraph *gr = &m->graphs[gi];
        if (gr->kind < 0 || !E->uses_graph[gi])
            continue;
        const char *id = gr->name;
        int nrows = 0;
        for (int c = 0; c < m->ncards; c++)
            if (m->cards[c].kind == gr->kind)
                nrows++;
        buf_printf(out, "/* %s:%d: map %s */\n", emit_file_of(E, gr->loc), gr->loc.line, id);
        buf_printf(out, "static const int16_t GraphSpace_%s[%d] = {", id, nrows + 1);
        for (int r = 0; r < nrows; r++) {
            int sp = -1;
            for (int s = 0; s < gr->nspaces; s++)
                if (m->cards[gr->space_card[s]].row == r)
                    sp = s;
            buf_printf(out, "%s%d", r ? ", " : " ", sp);
        }
        buf_printf(out, "%s-1 };\n", nrows ? ", " : " ");
        buf_printf(out, "static const int32_t GraphCard_%s[%d] = {", id, gr->nspaces + 1);
        for (int s = 0; s < gr->nspaces; s++)
            buf_printf(out, "%s%d", s ? ", " : " ", gr->space_card[s]);
        buf_printf(out, "%s-1 };\n", gr->nspaces ? ", " : " ");
        buf_printf(out, "static const int32_t GraphFirst_%s[%d] = {", id, gr->nspaces + 1);
        for (int s = 0; s <= gr->nspaces; s++)
            buf_printf(out, "%s%d", s ? ", " : " ", gr->first[s]);
        buf_put(out, " };\n");
        int ne = gr->first[gr->nspaces];
        buf_printf(out, "static const int16_t GraphAdj_%s[%d] = {", id, ne + 1);
        for (int s = 0; s < gr->nspaces; s++) {
            if (gr->first[s] == gr->first[s + 1])
                continue;
            buf_printf(out, "\n    /* %s: */", emit_c_comment(E->a, gr->space_name[s]));
            for (int e = gr->first[s]; e < gr->first[s + 1]; e++)
                buf_printf(out, " %d,", gr->adj[e]);
        }
        buf_printf(out, "%s-1 };\n", ne ? "\n    " : " ");
        buf_printf(out, "static const RtGraphDef Graph_%s = {\n    .name = %s, .kind = %s, .nrows = %d, .nspaces = %d,\n"
                        "    .space = GraphSpace_%s, .adj = GraphAdj_%s, .card = GraphCard_%s, .first = GraphFirst_%s\n};\n\n",
                   id, emit_c_string(E, id), emit_kind_enum(E, gr->kind), nrows, gr->nspaces, id, id, id, id);
    }
}

/* graph_ref: "&Graph_<map>" of map gi, marking it used. */
static const char *graph_ref(Emit *E, int gi)
{
    E->uses_graph[gi] = 1;
    return arena_printf(E->a, "&Graph_%s", E->m->graphs[gi].name);
}

/* set_args: the op, space and steps arguments (C text) of the set of
   spaces coll (neighbours, within or every space). */
static const char *set_args(Emit *E, const IrNode *coll)
{
    if (coll->builtin == IR_B_SPACES)
        return "RT_GRAPH_ALL, RT_NONE, 0";
    const char *card = emit_expr(E, coll->kids[0]);
    if (coll->builtin == IR_B_NEIGHBOURS)
        return arena_printf(E->a, "RT_GRAPH_NEIGHBOURS, %s, 0", card);
    const char *ops[2] = {card, emit_expr(E, coll->kids[1])};
    const char *first = emit_ordered(E, (const IrNode *const *)coll->kids, ops, 2);   /* the space, then the steps */
    return arena_printf(E->a, "RT_GRAPH_WITHIN, %s, %s", ops[0], emit_in_order(E, first, ops[1]));
}

/* emit_graph_loop_open: the head of a pure loop over the set of spaces
   coll, its cards in a C array of the map's size (see emit_internal.h). */
void emit_graph_loop_open(Emit *E, const IrNode *coll, const char *cvar)
{
    int gi = coll->aux;
    const char *args = set_args(E, coll);
    emit_line(E, "RtValue gs[%d];", E->m->graphs[gi].nspaces + 1);
    emit_line(E, "int gn = rt_graph_spaces(g, %s, %s, gs, %d);", graph_ref(E, gi), args, emit_site(E, coll->loc));
    emit_line(E, "for (int i = 0; i < gn; i++) {");
    E->indent++;
    if (cvar)
        emit_line(E, "RtValue %s = gs[i]; (void)%s;", cvar, cvar);
    E->fallible = 1;
}

/* emit_graph_list: the call that pushes the set coll as a list (arena text). */
const char *emit_graph_list(Emit *E, const IrNode *coll, int site)
{
    const char *args = set_args(E, coll);
    return arena_printf(E->a, "rt_graph_list(g, %s, %s, %d)", graph_ref(E, coll->aux), args, site);
}

/* emit_graph_builtin: adjacent, distance, or count of a set (arena text). */
const char *emit_graph_builtin(Emit *E, const IrNode *n)
{
    E->fallible = 1;
    if (n->builtin == IR_B_COUNT) {   /* count(neighbours(s)), count(within(s, n)) */
        const IrNode *coll = n->kids[0];
        const char *args = set_args(E, coll);
        return arena_printf(E->a, "rt_graph_count(g, %s, %s, %d)", graph_ref(E, coll->aux), args,
                            emit_site(E, coll->loc));
    }
    const char *ab[2];
    ab[0] = emit_expr(E, n->kids[0]);   /* one after the other: see emit_site */
    ab[1] = emit_expr(E, n->kids[1]);
    const char *first = emit_ordered(E, (const IrNode *const *)n->kids, ab, 2);
    return emit_in_order(E, first, arena_printf(E->a, "rt_graph_%s(g, %s, %s, %s, %d)",
                                                n->builtin == IR_B_ADJACENT ? "adjacent" : "distance",
                                                graph_ref(E, n->aux), ab[0], ab[1], emit_site(E, n->loc)));
}

/* emit_graph_reach_body: reachable's helper: flag every space passing
   where (in RT_GRAPH_ALL's order), then search. */
void emit_graph_reach_body(Emit *E, const IrNode *n, const char *cvar, const char *where, int store)
{
    int gi = n->kids[0]->aux;
    /* a, b, then the spaces avoided (docs/language.md "Order of evaluation") */
    emit_line(E, "RtValue reach_from = %s;", emit_expr(E, n->kids[3]));
    emit_line(E, "RtValue reach_to = %s;", emit_expr(E, n->kids[4]));
    emit_line(E, "uint8_t avoid[%d];", E->m->graphs[gi].nspaces + 1);
    emit_line(E, "memset(avoid, 0, sizeof avoid);");
    emit_line(E, "{");
    E->indent++;
    emit_pure_loop_open(E, n->kids[0], n->index, cvar, store);
    emit_step(E, n, store ? arena_printf(E->a, "{ %s return 0; }", emit_frame_reset(E, n->index)) : "return 0;");
    emit_line(E, "if (%s) avoid[i] = 1;", emit_bare(E, where));
    E->indent--;
    emit_line(E, "}");
    E->indent--;
    emit_line(E, "}");
    if (store)
        emit_line(E, "%s", emit_frame_reset(E, n->index));
    emit_line(E, "return rt_graph_reach(g, %s, reach_from, reach_to, avoid, %d);", graph_ref(E, gi), emit_site(E, n->loc));
    E->fallible = 1;
}

/* emit_space_zone: s.Z as a call of Zone_Z (arena text). */
const char *emit_space_zone(Emit *E, const IrNode *n)
{
    E->uses_space_zone[n->index] = 1;
    E->fallible = 1;
    const char *space = emit_expr(E, n->kids[0]);   /* before the site: see emit_site */
    return arena_printf(E->a, "Zone_%s(g, %s, %d)", E->m->zones[n->index].name, space, emit_site(E, n->loc));
}

/* Each `per space` zone Z the code reads: Zone_Z(g, card, site), the zone
   of the space card is (one shared zone per space, by the row of the
   card in the map kind's table); a card that is no space fails the game. */
void emit_space_zone_helpers(Emit *E, Buf *out)
{
    const Model *m = E->m;
    for (int z = 0; z < m->nzones; z++) {
        const MZone *mz = &m->zones[z];
        if (!mz->per_space || !E->uses_space_zone[z])
            continue;
        const MGraph *gr = &m->graphs[mz->per_space - 1];
        buf_printf(out, "/* %s:%d: zone %s per space of map %s */\n", emit_file_of(E, mz->loc), mz->loc.line, mz->name,
                   gr->name);
        buf_printf(out, "static RtValue Zone_%s(RtGame *g, RtValue card, int site)\n{\n", mz->name);
        int nrows = 0;
        for (int c = 0; c < m->ncards; c++)
            if (m->cards[c].kind == gr->kind)
                nrows++;
        buf_printf(out, "    static const int16_t decl[%d] = {", nrows + 1);
        for (int r = 0; r < nrows; r++) {
            int zone = -1;
            for (int s = 0; s < gr->nspaces; s++)
                if (m->cards[gr->space_card[s]].row == r)
                    zone = mz->space_first + s;
            buf_printf(out, "%s%s", r ? ", " : " ", zone >= 0 ? arena_printf(E->a, "ZONE_%s", m->zones[zone].name) : "-1");
        }
        buf_printf(out, "%s-1 };\n", nrows ? ", " : " ");
        buf_printf(out, "    int row = rt_card_row(g, card, %s, site);\n", emit_kind_enum(E, gr->kind));
        buf_put(out, "    if (rt_check(g))\n        return RT_NONE;\n");
        buf_printf(out, "    if (decl[row] < 0) {\n        (void)rt_fail(g, site, %s);\n        return RT_NONE;\n    }\n",
                   emit_c_string(E, arena_printf(E->a, "a card that is no space of map %s has no zone %s", gr->name, mz->name)));
        buf_put(out, "    return rt_zone_shared(g, decl[row]);\n}\n\n");
    }
}
