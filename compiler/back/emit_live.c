/* emit_live.c: the C of the live counts (ir_live.c; docs/compiler.md
   "Live counts"): the read of one where its aggregate is written, the
   two functions the runtime keeps them with (Live_update, Live_recount)
   and their tables (which state slots they read: the runtime's writes of
   those follow them). */
#include "emit_internal.h"

#include <stdint.h>
#include <string.h>

/* key_cell: the C text of the cell of key k of L whose value v (C text)
   node x has: a bool's truth, an enum's value (any other: the last), an
   int's offset from the key's least value (any other: the last). */
static const char *key_cell(Emit *E, const IrLive *L, int k, const IrNode *x, const char *v)
{
    if (x->type.base == T_BOOL)
        return emit_truth(E, x, v);
    if (x->type.base == T_INT)
        return arena_printf(E->a, "rt_live_int_key(%s, %d, %d)", emit_bare(E, v), L->lo[k], L->domain[k] - 1);
    return arena_printf(E->a, "rt_live_key(%s, %d)", emit_bare(E, v), L->domain[k] - 1);
}

const char *emit_live_read(Emit *E, const IrNode *n)
{
    const IrLive *L = &E->ir->lives[n->live - 1];
    const char *cell = arena_printf(E->a, "LCELL_%d", n->live);
    int stride = 1;
    for (int k = 0; k < L->nkeys; k++) {
        const IrNode *key = n->live_keys[k];
        const char *v = emit_expr(E, key);
        const char *at = key_cell(E, L, k, key, v);
        cell = stride == 1 ? arena_printf(E->a, "%s + %s", cell, at) : arena_printf(E->a, "%s + %d * %s", cell, stride, at);
        stride *= L->domain[k];
    }
    const IrNode *z = n->kids[0];
    const char *count;
    if (!L->per_player) {
        count = arena_printf(E->a, "rt_live_at(g, %s)", cell);
    } else {
        const char *name = E->m->zones[L->zone].name;
        const char *player = emit_bare(E, emit_expr(E, z->kids[0]));   /* before the site: see emit_site */
        count = arena_printf(E->a, "rt_plive_at(g, ZONE_%s, %s, PLAYER_CELLS, %s, %d)", name, cell, player,
                             emit_site(E, z->loc));
        E->fallible = 1;
    }
    if (n->op != IR_AGGREGATE)   /* a choice: how many options it has */
        return count;
    if (n->agg == IR_A_ANY)
        return arena_printf(E->a, "(%s > 0)", count);
    if (n->agg == IR_A_ALL)
        return arena_printf(E->a, "(%s == 0)", count);
    return count;
}

/* has_key: n reads a key of L (a node of its condition the keys are). */
static int has_key(const IrLive *L, const IrNode *n)
{
    if (!n)
        return 0;
    for (int k = 0; k < L->nkeys; k++)
        if (L->keys[k] == n)
            return 1;
    for (int i = 0; i < n->nkids; i++)
        if (has_key(L, n->kids[i]))
            return 1;
    return 0;
}

/* Conjuncts: the parts of a live count's condition that must all hold,
   those that read no key apart (tested once per update, not per key). */
enum { MAX_PARTS = 16 };
typedef struct Parts {
    const IrNode *node[MAX_PARTS];
    int negated[MAX_PARTS];
    int n;
} Parts;

/* split: the conjuncts of n (an `and` is split, a key never: it is read
   whole; NULL adds nothing) of L's condition into P; 0 when there are too
   many. */
static int split(const IrLive *L, Parts *P, const IrNode *n, int negated)
{
    if (!n)
        return 1;
    int key = 0;
    for (int k = 0; k < L->nkeys; k++)
        key |= L->keys[k] == n;
    if (n->op == IR_AND && !negated && !key)
        return split(L, P, n->kids[0], 0) && split(L, P, n->kids[1], 0);
    if (n->op == IR_OR && negated && !key)   /* not (a or b): not a, not b */
        return split(L, P, n->kids[0], 1) && split(L, P, n->kids[1], 1);
    if (n->op == IR_NOT && !key)
        return split(L, P, n->kids[0], !negated);
    if (P->n == MAX_PARTS)
        return 0;
    P->node[P->n] = n;
    P->negated[P->n++] = negated;
    return 1;
}

/* conjunction: the C text of the parts of P that read a key (with_keys)
   or that read none, "1" for none; when flat, each part as 0 or 1 and
   joined by `&` (every part plain: read without a branch). */
static const char *conjunction(Emit *E, const IrLive *L, const Parts *P, int with_keys, int flat)
{
    const char *r = NULL;
    int n = 0;
    for (int i = 0; i < P->n; i++) {
        if (has_key(L, P->node[i]) != with_keys)
            continue;
        const char *x = emit_bare(E, emit_expr(E, P->node[i]));
        if (flat)
            x = P->negated[i] ? arena_printf(E->a, "(int)!(%s)", x) : arena_printf(E->a, "(int)!!(%s)", x);
        else if (P->negated[i])
            x = arena_printf(E->a, "!(%s)", x);
        r = n++ ? arena_printf(E->a, flat ? "%s & %s" : "%s && (%s)", r, x) : flat ? x : arena_printf(E->a, "(%s)", x);
    }
    return n == 0 ? "1" : n == 1 && !flat ? emit_bare(E, r) : r;
}

/* plain_parts: every part of P that reads a key is plain (emit_plain). */
static int plain_parts(Emit *E, const IrLive *L, const Parts *P)
{
    for (int i = 0; i < P->n; i++)
        if (has_key(L, P->node[i]) && !emit_plain(E, P->node[i]))
            return 0;
    return 1;
}

/* equal_key: when the card's side of key k is `side == key` (or `key ==
   side`, or `not (side != key)`) in one part of P, that part's index, and
   the C text of the cell side's value picks in *cell; else -1. */
static int equal_key(Emit *E, const IrLive *L, const Parts *P, int k, const char **cell)
{
    for (int i = 0; i < P->n; i++) {
        const IrNode *eq = P->node[i];
        if (eq->op != IR_COMPARE || eq->binop != (P->negated[i] ? IR_NE : IR_EQ))
            continue;
        int side = eq->kids[0] == L->keys[k] ? 1 : eq->kids[1] == L->keys[k] ? 0 : -1;
        if (side < 0 || has_key(L, eq->kids[side]))
            continue;
        *cell = key_cell(E, L, k, eq->kids[side], emit_expr(E, eq->kids[side]));
        return i;
    }
    return -1;
}

/* direct_cell: when every part of P that reads a key is `side == key`
   of a key of its own, the C text of the cell the card counts in (found
   without a loop over the keys' values); else NULL. */
static const char *direct_cell(Emit *E, const IrLive *L, const Parts *P)
{
    int used = 0, keyed = 0;
    for (int i = 0; i < P->n; i++)
        keyed += has_key(L, P->node[i]);
    const char *cell = arena_printf(E->a, "LCELL_%d", (int)(L - E->ir->lives) + 1);
    for (int k = 0, stride = 1; k < L->nkeys; stride *= L->domain[k], k++) {
        const char *at;
        if (equal_key(E, L, P, k, &at) < 0)
            return NULL;
        used++;
        cell = stride == 1 ? arena_printf(E->a, "%s + %s", cell, at) : arena_printf(E->a, "%s + %d * %s", cell, stride, at);
    }
    return used == keyed ? cell : NULL;
}

/* matches_key: the one part of P that reads L's one key is
   `matches(key, side)` (the key the face, side read from the card): the
   C text of side in *side and the enum in *en. The card then counts in
   the cell of side's value and in the cell of each wild face (but side's
   own), found without a loop over the keys. */
static int matches_key(Emit *E, const IrLive *L, const Parts *P, const char **side, int *en)
{
    int found = 0;
    for (int i = 0; L->nkeys == 1 && i < P->n; i++) {
        const IrNode *n = P->node[i];
        if (!has_key(L, n))
            continue;
        if (found || P->negated[i] || n->op != IR_BUILTIN || n->builtin != IR_B_MATCHES || n->kids[0] != L->keys[0] ||
            has_key(L, n->kids[1]) || !emit_plain(E, n->kids[1]))
            return 0;
        found = 1;
        *side = emit_bare(E, emit_expr(E, n->kids[1]));
        *en = n->aux;
    }
    return found;
}

/* update_case: the lines of Live_update for live count i (L), to be
   run when *fixed holds (C text, "1": always; the parts of the card's
   condition that read no key): the rest of the condition written with
   the card as `card` and the keys as key0, key1. Returns 1 when they loop
   over the keys' values, 0 when the card's cell is found directly. */
static int update_case(Emit *E, Buf *out, int i, const IrLive *L, const char **fixed_out)
{
    static const char *const names[IR_LIVE_MAX_KEYS] = {"key0", "key1"};
    if (L->dice)
        buf_printf(out, "            /* live %d: the dice by face */\n", i + 1);
    else
        buf_printf(out, "            /* live %d: as in %s */\n", i + 1, emit_c_comment(E->a, E->m->units[L->unit].name));
    Buf scratch = {0};
    E->unit = &E->m->units[L->unit];
    E->wunit = (MUnit *)E->unit;
    E->body = &scratch;
    E->helpers = &scratch;
    E->nbound = 0;
    E->by_value = 0;
    E->memo_on = 0;
    E->reads_frame = 0;
    E->live_keys = L->keys;
    E->live_key_names = names;
    E->nlive_keys = L->nkeys;
    emit_bind(E, L->slot, "card", L->kind);
    Parts P = {{0}, {0}, 0};
    if (!split(L, &P, L->where, 0) || !split(L, &P, L->value, L->negate)) {   /* too many parts: two */
        P.n = 0;
        if (L->where)
            P.node[P.n++] = L->where;
        if (L->value) {
            P.node[P.n] = L->value;
            P.negated[P.n++] = L->negate;
        }
    }
    const char *fixed = conjunction(E, L, &P, 0, 0);
    int flat = plain_parts(E, L, &P);   /* tested for each key's value: no branch */
    const char *direct = L->nkeys ? direct_cell(E, L, &P) : NULL;
    const char *side = NULL;
    int en = -1, matched = !direct && matches_key(E, L, &P, &side, &en);
    /* written only when it is used: writing it marks what it calls as
       used (a Matches_<enum> left unused is a warning) */
    const char *keyed = direct || matched ? "1" : conjunction(E, L, &P, 1, flat);
    E->nlive_keys = 0;
    emit_unbind(E, 0);
    buf_free(&scratch);

    int indent = 12;
    *fixed_out = fixed;
    if (direct) {
        buf_printf(out, "%*sc[%s] += sign;\n", indent, "", direct);
    } else if (matched) {   /* matches(key, side): side's cell, and the wild faces' */
        const MEnum *e = &E->m->enums[en];
        buf_printf(out, "%*s{\n%*s    RtValue face = %s;\n", indent, "", indent, "", side);
        buf_printf(out, "%*s    c[LCELL_%d + rt_live_key(face, %d)] += sign;\n", indent, "", i + 1, L->domain[0] - 1);
        for (int v = 0; v < e->nvalues; v++)
            if (e->wild >> v & 1u)
                buf_printf(out, "%*s    c[LCELL_%d + %d] += sign & -(int)(face != %s);\n", indent, "", i + 1, v,
                           emit_enum_value(E, en, v));
        buf_printf(out, "%*s}\n", indent, "");
    } else {
        Buf cell = {0};
        buf_printf(&cell, "LCELL_%d", i + 1);
        for (int k = 0, stride = 1; k < L->nkeys; stride *= L->domain[k], k++) {
            int n = L->domain[k];
            buf_printf(out, "%*sfor (int k%d = 0; k%d < %d; k%d++) {\n", indent, "", k, k, n, k);
            indent += 4;
            if (L->keys[k]->type.base == T_BOOL)
                buf_printf(out, "%*sRtValue key%d = k%d; (void)key%d;\n", indent, "", k, k, k);
            else if (L->keys[k]->type.base == T_INT)   /* the last: a value no card's field has */
                buf_printf(out, "%*sRtValue key%d = k%d < %d ? %d + k%d : %d; (void)key%d;\n", indent, "", k, k, n - 1, L->lo[k],
                           k, L->lo[k] > INT32_MIN ? L->lo[k] - 1 : L->lo[k] + n - 1, k);
            else
                buf_printf(out, "%*sRtValue key%d = k%d < %d ? k%d : RT_NONE; (void)key%d;\n", indent, "", k, k, n - 1, k, k);
            if (stride == 1)
                buf_printf(&cell, " + k%d", k);
            else
                buf_printf(&cell, " + %d * k%d", stride, k);
        }
        if (strcmp(keyed, "1") != 0 && flat)
            buf_printf(out, "%*sc[%s] += sign & -(%s);\n", indent, "", cell.s, keyed);
        else if (strcmp(keyed, "1") != 0)
            buf_printf(out, "%*sif (%s)\n%*s    c[%s] += sign;\n", indent, "", keyed, indent, "", cell.s);
        else
            buf_printf(out, "%*sc[%s] += sign;\n", indent, "", cell.s);
        for (int k = L->nkeys - 1; k >= 0; k--) {
            indent -= 4;
            buf_printf(out, "%*s}\n", indent, "");
        }
        buf_free(&cell);
    }
    return L->nkeys > 0 && !direct && !matched;
}

/* counts_zone: some live count of ir reads zone z. */
static int counts_zone(const IrProgram *ir, int z)
{
    for (int i = 0; i < ir->nlives; i++)
        if (ir->lives[i].zone == z)
            return 1;
    return 0;
}

/* recount_zone: the lines of Live_recount that clear the counts of zone
   z (of a player p when per_player) and count its cards again, indented
   by ind. */
static void recount_zone(const IrProgram *ir, const Model *m, Buf *out, int z, int per_player, int ind)
{
    const char *p = per_player ? " + p * PLAYER_CELLS" : "";
    for (int i = 0; i < ir->nlives; i++)
        if (ir->lives[i].zone == z)
            buf_printf(out, "%*smemset(x->cells + LCELL_%d%s, 0, %d * sizeof(int32_t));\n", ind, "", i + 1, p,
                       ir->lives[i].ncells);
    buf_printf(out, "%*sfor (const int32_t *zc = x->cells + ZCELL_%s%s, *at = zc + 1; at <= zc + zc[0]; at++)\n"
                    "%*s    if (*at >= 0)\n"
                    "%*s        Live_update(g, *at, ZONE_%s, %s, 1);\n",
               ind, "", m->zones[z].name, p, ind, "", ind, "", m->zones[z].name, per_player ? "(RtValue)p" : "RT_NONE");
}

/* recount_zones: recount_zone for each zone with counts, shared or per
   player (of player p), indented by ind: the zones of other cards, then
   those of interchangeable dice, counted only in a game kept as cards. */
static void recount_zones(const IrProgram *ir, const Model *m, Buf *out, int per_player, int ind)
{
    for (int pass = 0; pass < 2; pass++) {
        int dice = 0;
        for (int z = 0; z < m->nzones; z++) {
            if (!counts_zone(ir, z) || (m->zones[z].per_player != 0) != per_player || (ir->dice_live[z] >= 0) != pass)
                continue;
            if (pass && !dice++)
                buf_printf(out, "%*sif (!rt_counted(g)) {\n", ind, "");
            recount_zone(ir, m, out, z, per_player, pass ? ind + 4 : ind);
        }
        if (dice)
            buf_printf(out, "%*s}\n", ind, "");
    }
}

/* live_recount: Live_recount, which counts every live count from the
   zones: the shared zones' once, then each player's zones; a zone of
   interchangeable dice kept as counts (rt_counted) is its count by face,
   and is counted from its cards only in a game kept as cards. */
static void live_recount(Emit *E, Buf *out)
{
    const IrProgram *ir = E->ir;
    const Model *m = E->m;
    buf_put(out, "/* Live_recount: every live count from the zones (a gap a pluck loop left is no card;\n"
                 "   a zone of interchangeable dice kept as counts, rt_counted, is its count by face). */\n"
                 "static void Live_recount(RtGame *g)\n{\n"
                 "    const RtGamePrefix *x = rt__pre(g);\n");
    int per_player = 0;
    for (int z = 0; z < m->nzones; z++)
        per_player |= counts_zone(ir, z) && m->zones[z].per_player;
    recount_zones(ir, m, out, 0, 4);
    if (per_player) {
        buf_put(out, "    for (ptrdiff_t p = 0; p < x->nplayers; p++) {\n");
        recount_zones(ir, m, out, 1, 8);
        buf_put(out, "    }\n");
    }
    buf_put(out, "}\n\n");
}

void emit_live_functions(Emit *E, Buf *out)
{
    const IrProgram *ir = E->ir;
    const Model *m = E->m;
    if (!ir->nlives)
        return;
    buf_put(out, "/* Live counts (docs/runtime.md \"Live counts\"): card, of owner's instance of\n"
                 "   zone_decl, counts sign in every count of that zone whose condition it meets. */\n"
                 "static void Live_update(RtGame *g, RtValue card, int zone_decl, RtValue owner, int sign)\n{\n"
                 "    int32_t *c = rt__pre(g)->cells + (owner >= 0 ? owner * PLAYER_CELLS : 0);\n"
                 "    (void)card;\n"
                 "    switch (zone_decl) {\n");
    Buf inline_cases = {0};   /* the zones whose counts Live_in keeps in place */
    for (int z = 0; z < m->nzones; z++) {
        Buf cases = {0};
        int loops = 0;
        const char *open = NULL;   /* the condition of the block open: counts that share it share it */
        for (int i = 0; i < ir->nlives; i++) {
            if (ir->lives[i].zone != z)
                continue;
            Buf part = {0};
            const char *fixed;
            loops |= update_case(E, &part, i, &ir->lives[i], &fixed);
            if (open && strcmp(open, fixed) != 0) {
                buf_put(&cases, "        }\n");
                open = NULL;
            }
            if (!open)
                buf_put(&cases, strcmp(fixed, "1") != 0 ? arena_printf(E->a, "        if (%s) {\n", fixed) : "        {\n");
            open = fixed;
            buf_put(&cases, part.s);
            buf_free(&part);
        }
        if (!cases.len)
            continue;
        buf_put(&cases, "        }\n");
        buf_printf(out, "    case ZONE_%s:\n%s        break;\n", m->zones[z].name, cases.s);
        if (!loops)
            buf_printf(&inline_cases, "    case ZONE_%s: {\n        int32_t *c = rt__pre(g)->cells%s;\n%s        break;\n    }\n",
                       m->zones[z].name, m->zones[z].per_player ? " + owner * PLAYER_CELLS" : "", cases.s);
        buf_free(&cases);
    }
    buf_put(out, "    default:\n        break;\n    }\n}\n\n");

    /* the runtime's inline moves and writes call Live_in (CARDRT_LIVE_UPDATE) */
    buf_put(out, "/* Live_in: Live_update as the runtime's inline moves and writes call it\n"
                 "   (CARDRT_LIVE_UPDATE): the counts a card finds its cell in without a\n"
                 "   loop over the keys are kept in place; the others by Live_update. */\n"
                 "RT_HOT_INLINE void Live_in(RtGame *g, RtValue card, int zone_decl, RtValue owner, int sign)\n{\n"
                 "    (void)card;\n    (void)owner;\n    switch (zone_decl) {\n");
    buf_put(out, inline_cases.s ? inline_cases.s : "");
    buf_put(out, "    default:\n        Live_update(g, card, zone_decl, owner, sign);\n        break;\n    }\n}\n\n");
    buf_free(&inline_cases);

    live_recount(E, out);

    int dice = 0;
    for (int i = 0; i < ir->nlives; i++)
        dice |= ir->lives[i].dice;
    buf_put(out, "/* per live count cell: one per player */\nstatic const uint8_t Live_per_player[] = {");
    for (int i = 0, n = 0; i < ir->nlives; i++)
        for (int k = 0; k < ir->lives[i].ncells; k++)
            buf_printf(out, "%s%d", n++ ? ", " : " ", ir->lives[i].per_player);
    buf_put(out, " };\n/* per zone: live counts read it */\nstatic const uint8_t Zone_live[] = {");
    for (int z = 0; z < m->nzones; z++) {
        buf_printf(out, "%s%d", z ? ", " : " ", counts_zone(ir, z));
    }
    buf_put(out, " };\n/* per kind: the state slots live counts read */\nstatic const uint32_t Kind_live_slots[] = {");
    for (int k = 0; k < m->nkinds; k++) {
        uint32_t slots = 0;
        for (int s = 0; s < 32; s++)
            if (ir_live_reads(ir, k, s))
                slots |= 1u << s;
        buf_printf(out, "%s0x%xu", k ? ", " : " ", (unsigned)slots);
    }
    buf_put(out, " };\n\n");
    if (!dice)
        return;
    buf_put(out, "/* per zone: where a game without a log counts its interchangeable dice by face\n"
                 "   (the live count's first cell among them, its cells, the least face) */\n"
                 "static const RtDiceZone Dice_zones[] = {\n");
    for (int z = 0; z < m->nzones; z++) {
        int i = ir->dice_live[z];
        if (i < 0)
            buf_printf(out, "    { -1, 0, 0 },\n");
        else
            buf_printf(out, "    { %d, %d, %d },   /* %s */\n", ir->lives[i].first, ir->lives[i].ncells, ir->lives[i].lo[0],
                       m->zones[z].name);
    }
    buf_put(out, "};\n\n");
}

int emit_live_zone(const Emit *E, int z)
{
    return counts_zone(E->ir, z) ? z : -1;
}

const IrLive *emit_dice_zone(const Emit *E, const IrNode *z)
{
    if (!z || z->op != IR_ZONE || !E->ir->dice_live || E->ir->dice_live[z->index] < 0)
        return NULL;
    return &E->ir->lives[E->ir->dice_live[z->index]];
}

void emit_dice_sort(Emit *E, const IrNode *to)
{
    if (emit_dice_zone(E, to))
        emit_line(E, "rt_dice_sort(g, %s);", emit_expr(E, to));
}

const char *emit_dice_def(const Emit *E)
{
    for (int z = 0; E->ir->dice_live && z < E->m->nzones; z++)
        if (E->ir->dice_live[z] >= 0)
            return "Dice_zones";
    return "NULL";
}

const char *emit_live_def(const Emit *E)
{
    if (!E->ir->nlives)
        return "0, NULL, NULL, NULL, NULL, NULL";
    return arena_printf(E->a, "%d, Live_per_player, Zone_live, Kind_live_slots, Live_update, Live_recount",
                        E->ir->live_cells);
}

void emit_live_flags(const Emit *E, uint8_t *per_player)
{
    for (int i = 0, n = 0; i < E->ir->nlives; i++)
        for (int k = 0; k < E->ir->lives[i].ncells; k++)
            per_player[n++] = (uint8_t)E->ir->lives[i].per_player;
}
