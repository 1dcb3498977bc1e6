/* ir_live.c: the live-count pass. A count, any or all over a zone of one
   kind whose condition reads only the card's own fields and state,
   literals and constants, and values that do not depend on the card (its
   keys: each an enum, a bool, or an int compared with an int field of
   the card, read where the aggregate is) becomes a
   read of a count the runtime keeps up to date as cards move and their
   state is written (docs/compiler.md "Live counts"): one cell for each
   combination of the keys' values. Aggregates whose conditions are the
   same but for their keys share one count: `any(d in pool: d.face == f)`
   and `any(d in pool: d.face == victory)` read the cells f and victory of
   one count of the pool's dice by face.

   A choice of a card of a zone whose `where` one of those counts
   counts reads it too: the random agent draws among its options without
   listing them.

   Contract: runs after ir_facts and ir_inline (the conditions' small
   calls are written in place); sets IrNode.live and live_keys of the
   aggregates it turns into reads and of the choices that read a count,
   and IrProgram.lives and live_cells.
   The aggregates keep their conditions, unchanged: the other passes read
   them as before, and the back end writes the runtime's updates from
   them. */
#include "ir.h"

#include <string.h>

/* How a part of a condition depends on the card it is asked of. */
enum { FREE = 0, CARD = 1, BAD = 2 };

typedef struct Finder {
    const IrProgram *p;
    int slot;                 /* the card's slot */
    int kind;                 /* the card's kind */
    int bad;                  /* a part is neither the card's nor a key */
    int nkeys;
    IrNode *keys[IR_LIVE_MAX_KEYS];
    int domain[IR_LIVE_MAX_KEYS];
    int lo[IR_LIVE_MAX_KEYS];
} Finder;

/* unwrap_arg: the argument an inlined parameter reads, through any number
   of them (IR_ARG), or n itself. */
static const IrNode *unwrap_arg(const IrNode *n)
{
    while (n && n->op == IR_ARG)
        n = n->kids[0];
    return n;
}

/* is_card: n is the card (its slot, perhaps as an inlined argument). */
static int is_card(const Finder *F, const IrNode *n)
{
    n = unwrap_arg(n);
    return n && n->op == IR_LOCAL && n->index == F->slot;
}

int ir_reads_local(const IrNode *n, int slot)
{
    if (!n)
        return 0;
    if (n->op == IR_LOCAL)
        return n->index == slot;
    for (int i = 0; i < n->nkids; i++)
        if (ir_reads_local(n->kids[i], slot))
            return 1;
    return 0;
}

/* reads_card: the card's slot is read at or below n. */
static int reads_card(const Finder *F, const IrNode *n) { return ir_reads_local(n, F->slot); }

/* combined: CARD, FREE or BAD for an operator over kids from..nkids-1. */
static int classify(const Finder *F, const IrNode *n);
static int combined(const Finder *F, const IrNode *n, int from)
{
    int r = FREE;
    for (int i = from; i < n->nkids; i++) {
        int k = classify(F, n->kids[i]);
        if (k == BAD)
            return BAD;
        r |= k;
    }
    return r;
}

/* classify: how n depends on the card: not at all (FREE), through its own
   fields and state only (CARD), or otherwise (BAD: a bare use of the
   card, a read of its fields that may fail, anything that may fail or
   change the game). */
static int classify(const Finder *F, const IrNode *n)
{
    if (!n)
        return FREE;
    if (n->facts & (IR_FACT_MAY_FAIL | IR_PURE_MASK))
        return BAD;
    switch (n->op) {
    case IR_LOCAL:
        return n->index == F->slot ? BAD : FREE;
    case IR_ARG:
        return classify(F, n->kids[0]);
    case IR_CARD_FIELD:
    case IR_CARD_STATE:   /* the runtime follows writes of the first 32 state slots */
        if (is_card(F, n->kids[0]))
            return n->card.kind == F->kind && n->card.check == IR_KIND_KNOWN && (n->op == IR_CARD_FIELD || n->card.field < 32)
                       ? CARD : BAD;
        return classify(F, n->kids[0]) == FREE ? FREE : BAD;
    case IR_IS:
        if (is_card(F, n->kids[0]))
            return CARD;
        return classify(F, n->kids[0]) == FREE ? FREE : BAD;
    case IR_INLINE:   /* the body reads the arguments through its IR_ARGs */
        return classify(F, n->kids[0]);
    case IR_BUILTIN:
        if (n->builtin != IR_B_MATCHES)
            return reads_card(F, n) ? BAD : FREE;
        return combined(F, n, 0);
    case IR_NOT: case IR_NEG: case IR_ARITH: case IR_COMPARE: case IR_AND: case IR_OR: case IR_SELECT:
        return combined(F, n, 0);
    default:
        return reads_card(F, n) ? BAD : FREE;
    }
}

/* constant: n's value is the same wherever it is read in a game (a
   literal, a constant of the variant, or an operator over those); an enum
   value is a key instead, so that `f` and `victory` share a count. */
static int constant(const IrNode *n)
{
    switch (n->op) {
    case IR_INT: case IR_BOOL: case IR_TEXT: case IR_CONST: case IR_SIDE:
        return 1;
    case IR_NOT: case IR_NEG: case IR_ARITH: case IR_COMPARE: case IR_AND: case IR_OR: case IR_SELECT:
        for (int i = 0; i < n->nkids; i++)
            if (!constant(n->kids[i]))
                return 0;
        return 1;
    default:
        return 0;
    }
}

/* field_range: the least and greatest value of int field `field` of the
   cards of kind (an absent one reads 0); 0 when the kind has no card. */
static int field_range(const Model *m, int kind, int field, int32_t *lo, int32_t *hi)
{
    int any = 0;
    for (int c = 0; c < m->ncards; c++) {
        if (m->cards[c].kind != kind)
            continue;
        const MValue *v = &m->cards[c].values[field];
        int32_t x = v->present ? v->ival : 0;
        if (!any++ || x < *lo)
            *lo = x;
        if (any == 1 || x > *hi)
            *hi = x;
    }
    return any;
}

/* int_domain: the cells of int key n whose parent compares it (== or !=)
   with an int field of the card: one per value the field takes on the
   kind's cards, from *lo, and one for any other; 0 otherwise (an int
   compared any other way is no key). */
static int int_domain(const Finder *F, const IrNode *n, const IrNode *parent, int *lo)
{
    if (!parent || parent->op != IR_COMPARE || (parent->binop != IR_EQ && parent->binop != IR_NE))
        return 0;
    const IrNode *other = unwrap_arg(parent->kids[unwrap_arg(parent->kids[0]) == n ? 1 : 0]);
    if (other->op != IR_CARD_FIELD || !is_card(F, other->kids[0]) || other->type.base != T_INT)
        return 0;
    int32_t least = 0, most = 0;
    if (!field_range(F->p->m, F->kind, other->card.field, &least, &most) || (int64_t)most - least >= IR_LIVE_MAX_INTS)
        return 0;
    *lo = least;
    return (int)(most - least) + 2;
}

/* add_key: the free part n (an enum, a bool, or an int compared with an
   int field of the card; parent: the node above it) picks the count's
   cell. */
static void add_key(Finder *F, const IrNode *n, const IrNode *parent)
{
    n = unwrap_arg(n);
    for (int i = 0; i < F->nkeys; i++)
        if (F->keys[i] == n)
            return;
    /* an enum's values, and one cell for any other (RT_NONE: no value) */
    int lo = 0;
    int domain = n->type.base == T_BOOL ? 2
                 : n->type.base == T_ENUM ? F->p->m->enums[n->type.param].nvalues + 1
                 : n->type.base == T_INT ? int_domain(F, n, parent, &lo)
                 : 0;
    if (domain <= 0 || F->nkeys == IR_LIVE_MAX_KEYS) {
        F->bad = 1;
        return;
    }
    F->keys[F->nkeys] = (IrNode *)n;
    F->lo[F->nkeys] = lo;
    F->domain[F->nkeys++] = domain;
}

/* part: a free part n of the condition (under parent, or NULL): a
   constant stays in it, any other is a key. */
static void collect(Finder *F, const IrNode *n);
static void part(Finder *F, const IrNode *n, const IrNode *parent)
{
    if (!n)
        return;
    int k = classify(F, n);
    if (k == BAD)
        F->bad = 1;
    else if (k == CARD)
        collect(F, n);
    else if (!constant(unwrap_arg(n)))
        add_key(F, n, parent);
}

/* collect: the keys of n, a part of the condition that reads the card. */
static void collect(Finder *F, const IrNode *n)
{
    switch (n->op) {
    case IR_CARD_FIELD: case IR_CARD_STATE: case IR_IS:   /* of the card itself */
        return;
    case IR_ARG: case IR_INLINE:
        collect(F, n->kids[0]);
        return;
    default:
        for (int i = 0; i < n->nkids && !F->bad; i++)
            part(F, n->kids[i], n);
    }
}

/* key_of: the position of n among keys (n keys), or -1. */
static int key_of(const IrNode *const *keys, int n, const IrNode *x)
{
    for (int i = 0; i < n; i++)
        if (keys[i] == x)
            return i;
    return -1;
}

/* same_shape: a (of live count L's condition) and b (of F's) are the same
   condition: the same nodes, each card its own aggregate's, each key in
   the same position with as many values. */
static int same_shape(const IrLive *L, const IrNode *a, const Finder *F, const IrNode *b)
{
    if (!a || !b)
        return a == b;
    int ka = key_of(L->keys, L->nkeys, a), kb = key_of((const IrNode *const *)F->keys, F->nkeys, b);
    if (ka >= 0 || kb >= 0)
        return ka == kb && L->domain[ka] == F->domain[kb] && L->lo[ka] == F->lo[kb];
    int ca = a->op == IR_LOCAL && a->index == L->slot, cb = b->op == IR_LOCAL && b->index == F->slot;
    if (ca || cb)
        return ca && cb;
    if (a->op != b->op || a->type.base != b->type.base || a->type.param != b->type.param || a->index != b->index
        || a->aux != b->aux || a->value != b->value || a->builtin != b->builtin || a->binop != b->binop
        || a->card.kind != b->card.kind || a->card.field != b->card.field || a->card.check != b->card.check
        || a->nkids != b->nkids || (a->text == NULL) != (b->text == NULL) || (a->text && strcmp(a->text, b->text)))
        return 0;
    for (int i = 0; i < a->nkids; i++)
        if (!same_shape(L, a->kids[i], F, b->kids[i]))
            return 0;
    return 1;
}

/* counts_cond: live count L counts the cards that pass cond (of F's)
   alone: a count with one condition, not negated (count(x in Z where C)
   counts what any(x in Z: C) asks, and what choose x in Z where C offers). */
static int counts_cond(const IrLive *L, const Finder *F, const IrNode *cond)
{
    return !L->negate && L->nkeys == F->nkeys && (!L->where || !L->value) &&
           same_shape(L, L->where ? L->where : L->value, F, cond);
}

/* read_live: n (an aggregate or a choice) reads live count i, picking its
   cell by F's keys (arena). */
static void read_live(IrProgram *p, IrNode *n, int i, const Finder *F)
{
    n->live = 1 + i;
    n->live_keys = arena_alloc(p->arena, sizeof *n->live_keys * (size_t)(F->nkeys + 1));
    for (int k = 0; k < F->nkeys; k++)
        n->live_keys[k] = F->keys[k];
}

/* countable: the zone of zone expression zone when a live count can be
   kept of it (a declared zone of one kind, not the box, not a zone per
   space), else NULL. */
static const MZone *countable(const IrProgram *p, const IrNode *zone)
{
    if (zone->op != IR_ZONE || zone->index == 0)
        return NULL;
    const MZone *z = &p->m->zones[zone->index];
    return z->kind < 0 || z->per_space ? NULL : z;
}

/* live_of: n's live count: one of p's with the same zone and condition,
   or a new one; -1 when p has too many cells. */
static int live_of(IrProgram *p, const IrNode *n, const Finder *F, int unit)
{
    const IrNode *zone = n->kids[0], *where = n->kids[1], *value = n->kids[2];
    int negate = n->agg == IR_A_ALL;
    for (int i = 0; i < p->nlives; i++) {
        const IrLive *L = &p->lives[i];
        if (L->zone != zone->index || L->negate != negate || L->nkeys != F->nkeys)
            continue;
        if (same_shape(L, L->where, F, where) && same_shape(L, L->value, F, value))
            return i;
        if (!negate && (!where || !value) && counts_cond(L, F, where ? where : value))
            return i;
    }
    int cells = 1;
    for (int k = 0; k < F->nkeys; k++)
        cells *= F->domain[k];
    if (cells > IR_LIVE_MAX_CELLS)
        return -1;
    IrLive *grown = arena_alloc(p->arena, sizeof *grown * (size_t)(p->nlives + 1));
    if (p->nlives)
        memcpy(grown, p->lives, sizeof *grown * (size_t)p->nlives);
    IrLive *L = &grown[p->nlives];
    memset(L, 0, sizeof *L);
    L->zone = zone->index;
    L->per_player = p->m->zones[zone->index].per_player != 0;
    L->kind = F->kind;
    L->unit = unit;
    L->slot = F->slot;
    L->where = where;
    L->value = value;
    L->negate = negate;
    L->nkeys = F->nkeys;
    for (int k = 0; k < F->nkeys; k++) {
        L->keys[k] = F->keys[k];
        L->domain[k] = F->domain[k];
        L->lo[k] = F->lo[k];
    }
    L->ncells = cells;
    L->first = p->live_cells;
    p->live_cells += cells;
    p->lives = grown;
    return p->nlives++;
}

/* try_live: make aggregate n of unit a read of a live count when it can be. */
static void try_live(IrProgram *p, IrNode *n, int unit)
{
    if (n->agg != IR_A_COUNT && n->agg != IR_A_ANY && n->agg != IR_A_ALL)
        return;
    const MZone *z = countable(p, n->kids[0]);
    if (!z || (!n->kids[1] && !n->kids[2]))
        return;
    Finder F = {p, n->index, z->kind, 0, 0, {0}, {0}, {0}};
    part(&F, n->kids[1], NULL);
    if (!F.bad)
        part(&F, n->kids[2], NULL);
    if (F.bad)
        return;
    int i = live_of(p, n, &F, unit);
    if (i >= 0)
        read_live(p, n, i, &F);
}

int ir_dice_domain(const Model *m, int k, int *lo)
{
    const MKind *kd = &m->kinds[k];
    *lo = 0;
    if (kd->fields[0].enum_index >= 0)
        return m->enums[kd->fields[0].enum_index].nvalues + 1;
    int32_t least = kd->faces[0], most = kd->faces[0];
    for (int f = 1; f < kd->nfaces; f++) {
        least = kd->faces[f] < least ? kd->faces[f] : least;
        most = kd->faces[f] > most ? kd->faces[f] : most;
    }
    *lo = least;
    return (int)((int64_t)most - least) + 2;
}

/* new_node: a node of op and type at loc with nkids kids (arena). */
static IrNode *new_node(IrProgram *p, IrOp op, Type type, Loc loc, int nkids)
{
    IrNode *n = arena_alloc(p->arena, sizeof *n);
    memset(n, 0, sizeof *n);
    n->op = op;
    n->type = type;
    n->loc = loc;
    n->index = n->aux = -1;
    n->nkids = nkids;
    n->kids = arena_alloc(p->arena, sizeof *n->kids * (size_t)(nkids ? nkids : 1));
    memset(n->kids, 0, sizeof *n->kids * (size_t)(nkids ? nkids : 1));
    return n;
}

/* dice_lives: for each zone of interchangeable dice, the count of its dice
   by face (`d.face == key`, key the face), made first: a game without a
   log keeps the zone as that count, and every count of its dice reads it. */
static void dice_lives(IrProgram *p)
{
    const Model *m = p->m;
    enum { CARD_SLOT = 0, KEY_SLOT = 1 };   /* the card and the key as the count's condition reads them */
    p->dice_live = arena_alloc(p->arena, sizeof *p->dice_live * (size_t)(m->nzones ? m->nzones : 1));
    for (int z = 0; z < m->nzones; z++) {
        p->dice_live[z] = -1;
        if (!ir_dice_zone(m, z))
            continue;
        int k = m->zones[z].kind, lo = 0, cells = ir_dice_domain(m, k, &lo);
        const MField *face = &m->kinds[k].fields[0];
        Type ft = {face->enum_index >= 0 ? T_ENUM : T_INT, face->enum_index};
        Loc at = m->zones[z].loc;
        IrNode *card = new_node(p, IR_LOCAL, (Type){T_CARD, k}, at, 0);
        card->index = CARD_SLOT;
        IrNode *state = new_node(p, IR_CARD_STATE, ft, at, 1);
        state->kids[0] = card;
        state->card.kind = k;
        state->card.field = 0;
        state->card.check = IR_KIND_KNOWN;
        IrNode *key = new_node(p, IR_LOCAL, ft, at, 0);
        key->index = KEY_SLOT;
        IrNode *eq = new_node(p, IR_COMPARE, (Type){T_BOOL, -1}, at, 2);
        eq->binop = IR_EQ;
        eq->kids[0] = state;
        eq->kids[1] = key;
        IrLive *grown = arena_alloc(p->arena, sizeof *grown * (size_t)(p->nlives + 1));
        if (p->nlives)
            memcpy(grown, p->lives, sizeof *grown * (size_t)p->nlives);
        IrLive *L = &grown[p->nlives];
        memset(L, 0, sizeof *L);
        L->zone = z;
        L->per_player = m->zones[z].per_player != 0;
        L->kind = k;
        L->slot = CARD_SLOT;
        L->where = eq;
        L->nkeys = 1;
        L->keys[0] = key;
        L->domain[0] = cells;
        L->lo[0] = lo;
        L->ncells = cells;
        L->first = p->live_cells;
        L->dice = 1;
        p->live_cells += cells;
        p->lives = grown;
        p->dice_live[z] = p->nlives++;
    }
}

/* dice_aggregate: aggregate n over a zone of interchangeable dice that
   counts those of one face (ir_dice.c checked it) reads the zone's count
   by face, at that face. */
static void dice_aggregate(IrProgram *p, IrNode *n)
{
    IrNode *cond = n->kids[1] ? n->kids[1] : n->kids[2];
    const IrNode *face = ir_dice_face(cond, n->index);
    if (!face)
        return;
    n->live = 1 + p->dice_live[n->kids[0]->index];
    n->live_keys = arena_alloc(p->arena, sizeof *n->live_keys);
    n->live_keys[0] = (IrNode *)face;
}

/* Hot code: what a game asks again and again while its state changes
   little: the conditions of a menu's options and of actions, of `while`
   and `until`, the `where` of loops and choices, the conditions of
   aggregates, every function called from those, and the game's score
   (the agents' measure). An aggregate elsewhere (a statement's value,
   asked once in a while) is scanned: a live count costs every move of
   its zone's cards. */

/* hot_kid: kid i of n is asked again and again (or once per item). */
static int hot_kid(const IrNode *n, int i)
{
    switch (n->op) {
    case IR_OPTION: return i == 0;                   /* when */
    case IR_ACTION: return i == 1 || i == 2;         /* where, when */
    case IR_WHILE: return i == 0;                    /* the condition */
    case IR_TURNS: return i == 1;                    /* until */
    case IR_FOR: case IR_CHOOSE: return i == 1;      /* where */
    case IR_AGGREGATE: return i >= 1;                /* where, value */
    default: return 0;
    }
}

/* mark_calls: the functions called at or below n (hot or not) into
   called; returns 1 when one was new. */
static int mark_calls(const IrNode *n, uint8_t *called)
{
    if (!n)
        return 0;
    int grew = 0;
    if ((n->op == IR_CALL || n->op == IR_INLINE) && !called[n->index])
        grew = called[n->index] = 1;
    for (int i = 0; i < n->nkids; i++)
        grew |= mark_calls(n->kids[i], called);
    return grew;
}

/* hot_calls: the functions n calls from its hot parts (hot: n itself is
   one) into called; returns 1 when one was new. */
static int hot_calls(const IrNode *n, int hot, uint8_t *called)
{
    if (!n)
        return 0;
    if (hot)
        return mark_calls(n, called);
    int grew = 0;
    for (int i = 0; i < n->nkids; i++)
        grew |= hot_calls(n->kids[i], hot_kid(n, i), called);
    return grew;
}

/* hot_units: per unit, 1 when its whole body is hot (a function that hot
   code calls), to a fixed point over the calls; arena. */
static uint8_t *hot_units(IrProgram *p)
{
    uint8_t *hot = arena_alloc(p->arena, (size_t)p->nunits + 1);
    for (int grew = 1; grew;) {
        grew = 0;
        for (int u = 0; u < p->nunits; u++)
            grew |= hot_calls(p->units[u].body, hot[u], hot);
    }
    return hot;
}

/* walk: every aggregate at or below n (in hot code when hot is set),
   inner ones first. */
static void walk(IrProgram *p, IrNode *n, int unit, int hot)
{
    if (!n)
        return;
    for (int i = 0; i < n->nkids; i++)
        walk(p, n->kids[i], unit, hot || hot_kid(n, i));
    if (n->op == IR_AGGREGATE && n->kids[0] && n->kids[0]->op == IR_ZONE && p->dice_live[n->kids[0]->index] >= 0)
        dice_aggregate(p, n);   /* hot or not: the zone may be a count */
    else if (n->op == IR_AGGREGATE && hot)
        try_live(p, n, unit);
}

/* counted_choice: choice n (one card of a zone passing a where) reads
   the live count of p that counts the cards its where passes, if one
   does: the random agent then draws among its options without listing
   them (docs/compiler.md "Live counts"). No count is made for a choice
   (a count costs every move of its zone's cards); one an aggregate made
   is shared. */
static void counted_choice(IrProgram *p, IrNode *n)
{
    const IrNode *where = n->kids[1];
    const MZone *z = countable(p, n->kids[0]);
    if (n->kids[2] || !where || !z)
        return;
    Finder F = {p, n->index, z->kind, 0, 0, {0}, {0}, {0}};
    part(&F, where, NULL);
    if (F.bad)
        return;
    for (int i = 0; i < p->nlives; i++)
        if (p->lives[i].zone == n->kids[0]->index && counts_cond(&p->lives[i], &F, where)) {
            read_live(p, n, i, &F);
            return;
        }
}

/* choices: counted_choice for every choice at or below n. */
static void choices(IrProgram *p, IrNode *n)
{
    if (!n)
        return;
    for (int i = 0; i < n->nkids; i++)
        choices(p, n->kids[i]);
    if (n->op == IR_CHOOSE)
        counted_choice(p, n);
}

void ir_live(IrProgram *p)
{
    dice_lives(p);
    uint8_t *hot = hot_units(p);
    for (int u = 0; u < p->nunits; u++)
        walk(p, p->units[u].body, u, hot[u]);
    for (int u = 0; u < p->nunits; u++)   /* once every count is made */
        choices(p, p->units[u].body);
}

/* reads_state: n reads state slot of a card of kind. */
static int reads_state(const IrNode *n, int kind, int slot)
{
    if (!n)
        return 0;
    if (n->op == IR_CARD_STATE && n->card.kind == kind && n->card.field == slot)
        return 1;
    for (int i = 0; i < n->nkids; i++)
        if (reads_state(n->kids[i], kind, slot))
            return 1;
    return 0;
}

int ir_live_reads(const IrProgram *p, int kind, int slot)
{
    for (int i = 0; i < p->nlives; i++) {
        const IrLive *L = &p->lives[i];
        if (L->kind == kind && (reads_state(L->where, kind, slot) || reads_state(L->value, kind, slot)))
            return 1;
    }
    return 0;
}
