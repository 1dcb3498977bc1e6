/* sema_cards.c: the checker's cards: card values and defaults, enums, dice
   and boards, each turned into cards of the Model (sema.c calls these in
   the order of the whole program). */
#include "sema_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strtab.h"

/* sema_find_card: the index of the card named name so far, or -1. */
int sema_find_card(const Sema *S, const char *name)
{
    return S->card_index ? strtab_get(S->card_index, name) : -1;
}

/* add_card: append a zeroed card named name of kind to the model and
   return its index; its row is the number of cards of its kind before it;
   the name finds it (sema_find_card) unless an earlier card has it.
   Amortised O(1): the array doubles, the name goes in S->card_index. */
static int add_card(Sema *S, const char *name, int kind)
{
    Model *m = S->m;
    if (!S->card_index)
        S->card_index = strtab_new(S->a);
    int ci = sema_grow(S->a, (void **)&m->cards, &m->ncards, &S->capcards, sizeof *m->cards);
    if (strtab_get(S->card_index, name) < 0)   /* a variant's new data for a card keeps its name's card */
        strtab_put(S->card_index, name, ci);
    if (kind >= S->nkind_cards) {
        int n = m->nkinds > kind ? m->nkinds : kind + 1;
        int *counts = arena_alloc(S->a, sizeof *counts * (size_t)n);
        if (S->nkind_cards)
            memcpy(counts, S->kind_cards, sizeof *counts * (size_t)S->nkind_cards);
        S->kind_cards = counts;
        S->nkind_cards = n;
    }
    m->cards[ci].name = name;
    m->cards[ci].kind = kind;
    m->cards[ci].row = S->kind_cards[kind]++;
    m->cards[ci].changes = -1;
    m->cards[ci].changed_field = -1;
    return ci;
}

/* Card values, defaults and ability units. variant: -1 for base cards. */
/* no_such_field: report item it, which names no data field of kind k. */
static void no_such_field(Sema *S, const MKind *k, const AstNode *it)
{
    Names ns = {0};
    for (int j = 0; j < k->nfields; j++)
        if (!k->fields[j].is_state)
            sema_names_add(S, &ns, k->fields[j].name);
    const char *s = diag_suggest(it->name, ns.v, ns.n);
    if (s)
        diag_error(S->d, it->loc, "kind '%s' has no field '%s'; did you mean '%s'?", k->name, it->name, s);
    else
        diag_error(S->d, it->loc, "kind '%s' has no field '%s'", k->name, it->name);
}

/* card_value: the value of card c's item it for field fd (of kind) into
   v: a script for an ability, a constant for the others, checked against
   the field's type. */
static void card_value(Sema *S, const AstNode *c, int kind, const MField *fd, AstNode *it, MValue *v)
{
    Model *m = S->m;
    switch (fd->type) {
    case TY_ABILITY:
        if (!it->b) {
            diag_error(S->d, it->loc, "ability '%s' needs a block { ... }", it->name);
            break;
        }
        v->script = sema_new_unit(S, arena_printf(S->a, "%s.%s", c->text, it->name),
                             arena_printf(S->a, "%s_%s", sema_c_ident(S, c->text), it->name), it->loc, it->b, kind);
        break;
    case TY_BOOL:
        if (!it->a) {
            v->ival = 1;
            break;
        }
        /* fall through */
    case TY_INT:
    case TY_NAMED:
    case TY_SIDE: {
        if (it->b || !it->a) {
            diag_error(S->d, it->loc, "field '%s' needs a value", it->name);
            break;
        }
        if (fd->type == TY_SIDE && it->a->kind == AST_NAME && sema_find_side(m, it->a->name) < 0) {
            Names ns = sema_gather(S, NS_SIDES);
            sema_unknown(S, it->a->loc, "side", it->a->name, ns);
            break;
        }
        if (fd->type == TY_NAMED && it->a->kind == AST_NAME && fd->enum_index >= 0) {
            const MEnum *en = &m->enums[fd->enum_index];
            int ev = -1;
            for (int k = 0; k < en->nvalues; k++)
                if (strcmp(en->values[k], it->a->name) == 0)
                    ev = k;
            if (ev < 0) {
                Names ns = {0};
                for (int k = 0; k < en->nvalues; k++)
                    sema_names_add(S, &ns, en->values[k]);
                const char *sg = diag_suggest(it->a->name, ns.v, ns.n);
                if (sg)
                    diag_error(S->d, it->a->loc, "'%s' is not a value of enum '%s'; did you mean '%s'?",
                               it->a->name, en->name, sg);
                else
                    diag_error(S->d, it->a->loc, "'%s' is not a value of enum '%s'", it->a->name, en->name);
                break;
            }
            v->ival = ev;
            break;
        }
        Type t;
        Type want = sema_field_type(S, fd);
        if (it->a->kind == AST_STRING) {
            char b1[96];
            diag_error(S->d, it->a->loc, "field '%s' is %s, not text", it->name,
                       sema_type_name(S, want, b1, sizeof b1));
            break;
        }
        if (!sema_const_eval(S, it->a, NULL, &v->ival, &t)) {
            diag_error(S->d, it->a->loc, "field '%s' needs a constant value", it->name);
            break;
        }
        if (t.base != want.base || (t.base == T_ENUM && t.param != want.param)) {
            char b1[96], b2[96];
            diag_error(S->d, it->a->loc, "field '%s' is %s, not %s", it->name,
                       sema_type_name(S, want, b1, sizeof b1), sema_type_name(S, t, b2, sizeof b2));
        }
        break;
    }
    case TY_TEXT:
        if (!it->a || it->a->kind != AST_STRING) {
            diag_error(S->d, it->a ? it->a->loc : it->loc, "field '%s' needs a string", it->name);
            break;
        }
        v->text = it->a->text;
        break;
    default:
        break;
    }
}

/* card_defaults: the fields card c (of kind k) does not give: their
   defaults, in field order, absent optional ones, and an error for each
   required one (at nl). set: the fields given. */
static void card_defaults(Sema *S, const AstNode *c, const MKind *k, MValue *values, int *set, Loc nl)
{
    FieldEnv env = {k, values, set};
    for (int f = 0; f < k->nfields; f++) {
        const MField *fd = &k->fields[f];
        if (fd->is_state || set[fd->index])
            continue;
        MValue *v = &values[fd->index];
        v->script = -1;
        if (fd->def) {
            if (fd->type == TY_TEXT) {
                if (fd->def->kind == AST_STRING) {
                    v->text = fd->def->text;
                    v->present = 1;
                }
            } else {
                Type t;
                if (sema_const_eval(S, fd->def, &env, &v->ival, &t))
                    v->present = 1;
            }
            set[fd->index] = 1;
        } else if (fd->optional) {
            v->present = 0;
            set[fd->index] = 1;
        } else {
            diag_error(S->d, nl, "card \"%s\" lacks the required field '%s' of kind '%s'", c->text,
                       fd->name, k->name);
        }
    }
}

/* card_items: the values card c's items give the fields of its kind (into
   values, each checked against its field; set marks those given). A
   variant's `set card` (data_only) gives data fields only: state and
   abilities are not data. */
static void card_items(Sema *S, AstNode *c, int kind, MValue *values, int *set, int data_only)
{
    const MKind *k = &S->m->kinds[kind];
    for (int i = 0; i < c->list.count; i++) {
        AstNode *it = c->list.items[i];
        int f = sema_find_field(k, it->name);
        if (f < 0) {
            no_such_field(S, k, it);
            continue;
        }
        const MField *fd = &k->fields[f];
        if (fd->is_state && !data_only) {
            diag_error(S->d, it->loc, "'%s' is state of each card in play, not card data; it starts at its default",
                       it->name);
            continue;
        }
        if (data_only && (fd->is_state || fd->type == TY_ABILITY)) {
            diag_error(S->d, it->loc, "'set card' changes a card's data, and '%s' is %s", it->name,
                       fd->is_state ? "state of each card in play" : "an ability (code): remove the card and add one");
            continue;
        }
        int di = fd->index;
        if (set[di]) {
            diag_error(S->d, it->loc, "field '%s' is given twice", it->name);
            continue;
        }
        set[di] = 1;
        MValue *v = &values[di];
        memset(v, 0, sizeof *v);
        v->present = 1;
        v->script = -1;
        card_value(S, c, kind, fd, it, v);
    }
}

/* declared_card: a new card of the model for card declaration c (of kind,
   named at nl): its copies and variant (-1: the base game's), room for
   its values. */
static MCard *declared_card(Sema *S, AstNode *c, int kind, Loc nl, int copies, int variant)
{
    int ci = add_card(S, c->text, kind);   /* may move the cards: index them after */
    MCard *card = &S->m->cards[ci];
    card->loc = nl;
    card->copies = copies;
    card->variant = variant;
    card->node = c;
    card->board = -1;
    card->values = arena_alloc(S->a, sizeof(MValue) * (size_t)(S->m->kinds[kind].ndata + 1));
    return card;
}

/* sema_collect_card: card c (of a variant, or -1 for the base game) into the
   model's cards, one per copy, with its values and ability units. */
void sema_collect_card(Sema *S, AstNode *c, int variant)
{
    Model *m = S->m;
    Loc nl = c->loc2.line ? c->loc2 : c->loc;
    int kind = sema_want_kind(S, c->name, c->loc);
    int first = sema_find_card(S, c->text);
    if (first >= 0) {
        diag_error(S->d, nl, "duplicate card \"%s\"", c->text);
        diag_note(S->d, m->cards[first].loc, "the first is here");
        return;
    }
    if (c->ival < 1) {
        diag_error(S->d, nl, "a card has at least one copy, not %d", (int)c->ival);
        return;
    }
    if (c->ival > 10000) {
        diag_error(S->d, nl, "too many copies (%d); the limit is 10000", (int)c->ival);
        return;
    }
    if (kind < 0)
        return;
    MCard *card = declared_card(S, c, kind, nl, (int)c->ival, variant);
    const MKind *k = &m->kinds[kind];
    int *set = arena_alloc(S->a, sizeof(int) * (size_t)(k->ndata + 1));
    card_items(S, c, kind, card->values, set, 0);
    card_defaults(S, c, k, card->values, set, nl);
}

/* change_target: the base card a variant's `set card` c changes (of kind),
   or -1 after reporting why it cannot. */
static int change_target(Sema *S, const AstNode *c, int kind, int variant, Loc nl)
{
    Model *m = S->m;
    int base = sema_find_card(S, c->text);
    if (base < 0) {
        Names ns = {0};
        for (int i = 0; i < m->ncards; i++)
            if (m->cards[i].variant < 0 && m->cards[i].board < 0)
                sema_names_add(S, &ns, m->cards[i].name);
        sema_unknown(S, nl, "card", c->text, ns);
        return -1;
    }
    if (m->cards[base].variant >= 0) {
        diag_error(S->d, nl, "'set card' changes a card of the base game, and it has no card \"%s\"", c->text);
        return -1;
    }
    const MCard *b = &m->cards[base];
    if (b->kind != kind) {
        diag_error(S->d, nl, "\"%s\" is a card of kind '%s', not '%s'", c->text, m->kinds[b->kind].name,
                   m->kinds[kind].name);
        return -1;
    }
    int g = sema_graph_of(m, kind);
    if (b->board >= 0 || g >= 0 || m->kinds[kind].is_die) {
        if (g >= 0)
            diag_error(S->d, nl, "\"%s\" is a space of map '%s': 'set card' changes the cards a game declares",
                       c->text, m->graphs[g].name);
        else
            diag_error(S->d, nl, "\"%s\" is %s: 'set card' changes the cards a game declares", c->text,
                       b->board >= 0 ? "a space of a board" : "a die");
        return -1;
    }
    for (int i = 0; i < m->ncards; i++)
        if (m->cards[i].changes == base && m->cards[i].variant == variant) {
            diag_error(S->d, nl, "this variant already changes \"%s\"", c->text);
            diag_note(S->d, m->cards[i].loc, "here");
            return -1;
        }
    return base;
}

/* sema_collect_card_change: a variant's `set card KIND "Name" { ... }`: a
   card of the model with the base card's data but for the fields c gives
   (checked as a card's are), which the variant's instances of the base
   card read (MCard.changes); it has no copies of its own. Its data fields
   only: an ability is code, which a variant replaces with a card of its
   own. */
void sema_collect_card_change(Sema *S, AstNode *c, int variant)
{
    Model *m = S->m;
    Loc nl = c->loc2.line ? c->loc2 : c->loc;
    int kind = sema_want_kind(S, c->name, c->loc);
    if (kind < 0)
        return;
    int base = change_target(S, c, kind, variant, nl);
    if (base < 0)
        return;
    MCard *card = declared_card(S, c, kind, nl, m->cards[base].copies, variant);
    const MKind *k = &m->kinds[kind];
    card->changes = base;
    memcpy(card->values, m->cards[base].values, sizeof(MValue) * (size_t)k->ndata);
    int *set = arena_alloc(S->a, sizeof(int) * (size_t)(k->ndata + 1));
    card_items(S, c, kind, card->values, set, 1);
    int named = 0;
    for (int f = 0; f < k->ndata; f++)
        if (set[f]) {
            named++;
            card->changed_field = f;
        }
    if (named != 1)
        card->changed_field = -1;
}

/* ---- enums, dice, boards, procedures ------------------------------------------ */

static int add_enum(Sema *S, const char *name, Loc loc)
{
    Model *m = S->m;
    int i = sema_grow(S->a, (void **)&m->enums, &m->nenums, &m->capenums, sizeof *m->enums);
    m->enums[i].name = name;
    m->enums[i].loc = loc;
    return i;
}

static int add_enum_value(Sema *S, int e, const char *name, Loc loc)
{
    if (!sema_check_global_unique(S, name, loc))
        return -1;
    MEnum *en = &S->m->enums[e];
    const char **v = arena_alloc(S->a, sizeof *v * (size_t)(en->nvalues + 1));
    if (en->nvalues)
        memcpy(v, en->values, sizeof *v * (size_t)en->nvalues);
    v[en->nvalues] = name;
    en->values = v;
    return en->nvalues++;
}

/* enum -> "enum" NAME "{" names "}" */
void sema_collect_enum(Sema *S, AstNode *n)
{
    Loc nl = n->loc2.line ? n->loc2 : n->loc;
    if (sema_find_enum(S->m, n->name) >= 0 || sema_find_kind(S->m, n->name) >= 0) {
        diag_error(S->d, nl, "duplicate type name '%s'", n->name);
        return;
    }
    if (n->list.count > 32) {
        diag_error(S->d, nl, "enum '%s' has %d values; the limit is 32", n->name, n->list.count);
        return;
    }
    int e = add_enum(S, n->name, nl);
    for (int i = 0; i < n->list.count; i++)
        add_enum_value(S, e, n->list.items[i]->name, n->list.items[i]->loc);
}

/* The implicit enum `board`: one value per declared board, in order. */
void sema_collect_board_names(Sema *S, AstNode **decls, int nd)
{
    int e = -1;
    for (int i = 0; i < nd; i++) {
        AstNode *b = decls[i];
        if (b->kind != AST_BOARD)
            continue;
        Loc nl = b->loc2.line ? b->loc2 : b->loc;
        if (e < 0) {
            if (sema_find_enum(S->m, "board") >= 0) {
                diag_error(S->d, nl, "boards make the enum 'board'; the game declares its own 'board' already");
                return;
            }
            e = add_enum(S, "board", nl);
        }
        int v = add_enum_value(S, e, b->name, nl);
        if (v < 0)
            continue;
        int cap = S->m->nboards;
        int bi = sema_grow(S->a, (void **)&S->m->boards, &S->m->nboards, &cap, sizeof *S->m->boards);
        S->m->boards[bi].name = b->name;
        S->m->boards[bi].title = b->text ? b->text : b->name;
        S->m->boards[bi].loc = nl;
        S->m->boards[bi].kind = -1;
        b->sem_ref = bi;
    }
}

/* die -> a kind with one state `face` (the enum of its faces) and a card with copies. */
void sema_collect_die_kind(Sema *S, AstNode *n)
{
    Model *m = S->m;
    Loc nl = n->loc2.line ? n->loc2 : n->loc;
    if (sema_find_kind(m, n->name) >= 0 || sema_find_enum(m, n->name) >= 0) {
        diag_error(S->d, nl, "duplicate type name '%s'", n->name);
        return;
    }
    if (sema_die_other_faces(n)) {   /* numbers, or several symbols a face */
        sema_collect_die_faces(S, n);
        return;
    }
    int e = -1;
    int32_t *faces = arena_alloc(S->a, sizeof(int32_t) * (size_t)(n->list.count + 1));
    int nfaces = 0, bad = 0;
    uint32_t wild = 0;
    for (int i = 0; i < n->list.count; i++) {
        AstNode *f = n->list.items[i];
        int fe;
        int v = sema_find_enum_value(m, f->name, &fe);
        if (v < 0) {
            Names ns = {0};
            for (int k = 0; k < m->nenums; k++)
                for (int j = 0; j < m->enums[k].nvalues; j++)
                    sema_names_add(S, &ns, m->enums[k].values[j]);
            const char *sg = diag_suggest(f->name, ns.v, ns.n);
            if (sg)
                diag_error(S->d, f->loc, "unknown face '%s'; did you mean '%s'? (faces are values of an enum)",
                           f->name, sg);
            else
                diag_error(S->d, f->loc, "unknown face '%s': faces are values of an enum declared with 'enum'",
                           f->name);
            bad = 1;
            continue;
        }
        if (e >= 0 && fe != e) {
            diag_error(S->d, f->loc, "face '%s' is a value of enum '%s', but this die's faces are '%s' values",
                       f->name, m->enums[fe].name, m->enums[e].name);
            bad = 1;
            continue;
        }
        e = fe;
        if (f->flags & FACE_WILD) {
            wild |= 1u << v;
            int on_die = 0;
            for (int j = 0; j < nfaces; j++)
                if (faces[j] == v)
                    on_die = 1;
            if (!on_die)
                diag_error(S->d, f->loc, "wild face '%s' is not one of this die's faces", f->name);
        } else {
            faces[nfaces++] = v;
        }
    }
    if (bad || e < 0)
        return;
    if (nfaces < 2) {
        diag_error(S->d, nl, "a die needs at least two faces");
        return;
    }
    m->enums[e].wild |= wild;
    int ki = sema_new_die_kind(S, n, faces, nfaces, e);
    m->kinds[ki].symbols = e;
    sema_die_states(S, n, ki);
}

/* sema_collect_die_card: die n's card, with its copies. */
void sema_collect_die_card(Sema *S, AstNode *n)
{
    Model *m = S->m;
    int kind = sema_find_kind(m, n->name);
    if (kind < 0 || !m->kinds[kind].is_die)
        return;
    const char *name = n->text ? n->text : n->name;
    Loc nl = n->loc2.line ? n->loc2 : n->loc;
    if (sema_find_card(S, name) >= 0) {
        diag_error(S->d, nl, "duplicate card \"%s\"", name);
        return;
    }
    if (n->ival < 1 || n->ival > 10000) {
        diag_error(S->d, nl, "a die has 1 to 10000 copies, not %d", (int)n->ival);
        return;
    }
    int ci = add_card(S, name, kind);
    MCard *c = &m->cards[ci];
    c->row = 0; /* a die has no table row */
    c->loc = nl;
    c->copies = (int)n->ival;
    c->variant = -1;
    c->board = -1;
    c->values = arena_alloc(S->a, sizeof(MValue));
    c->node = n;
    m->kinds[kind].used = 1;
}

static AstNode *synth_item(Sema *S, Loc loc, const char *field, AstNode *value)
{
    AstNode *it = ast_new(S->a, AST_CARD_ITEM, loc);
    it->name = field;
    it->a = value;
    return it;
}

/* board -> one card of the board's kind per symbol of each row. */
void sema_collect_board_cards(Sema *S, AstNode *b)
{
    Model *m = S->m;
    Loc nl = b->loc2.line ? b->loc2 : b->loc;
    int kind = sema_want_kind(S, b->name2, nl);
    if (kind < 0)
        return;
    const MKind *k = &m->kinds[kind];
    int fsym = sema_find_field(k, "symbol");
    if (fsym < 0 || k->fields[fsym].is_state || k->fields[fsym].type != TY_NAMED) {
        diag_error(S->d, nl, "board '%s' is of kind '%s', which needs an enum field 'symbol' for the row's symbols",
                   b->name, k->name);
        return;
    }
    int frow = sema_find_field(k, "row"), fcol = sema_find_field(k, "column"), fboard = sema_find_field(k, "board");
    const char *title = b->text ? b->text : b->name;
    for (int r = 0; r < b->list.count; r++) {
        AstNode *row = b->list.items[r];
        if (row->list.count == 0)
            diag_error(S->d, row->loc, "a row needs at least one symbol");
        for (int c = 0; c < row->list.count; c++) {
            AstNode *sym = row->list.items[c];
            AstNode *card = ast_new(S->a, AST_CARD, sym->loc);
            card->loc2 = sym->loc;
            card->name = b->name2;
            card->text = arena_printf(S->a, "%s %d.%d", title, r + 1, c + 1);
            card->ival = 1;
            AstNode *sv = ast_new(S->a, AST_NAME, sym->loc);
            sv->name = sym->name;
            ast_push(S->a, &card->list, synth_item(S, sym->loc, "symbol", sv));
            if (frow >= 0 && k->fields[frow].type == TY_INT) {
                AstNode *iv = ast_new(S->a, AST_INT, row->loc);
                iv->ival = r + 1;
                ast_push(S->a, &card->list, synth_item(S, row->loc, "row", iv));
            }
            if (fcol >= 0 && k->fields[fcol].type == TY_INT) {
                AstNode *iv = ast_new(S->a, AST_INT, sym->loc);
                iv->ival = c + 1;
                ast_push(S->a, &card->list, synth_item(S, sym->loc, "column", iv));
            }
            if (fboard >= 0 && k->fields[fboard].type == TY_NAMED) {
                AstNode *bv = ast_new(S->a, AST_NAME, nl);
                bv->name = b->name;
                ast_push(S->a, &card->list, synth_item(S, nl, "board", bv));
            }
            if (row->b)
                for (int i = 0; i < row->b->list.count; i++)
                    ast_push(S->a, &card->list, row->b->list.items[i]);
            int before = m->ncards;
            sema_collect_card(S, card, -1);
            if (m->ncards > before)
                m->cards[m->ncards - 1].board = b->sem_ref;
        }
    }
    if (b->sem_ref >= 0 && b->sem_ref < m->nboards)
        m->boards[b->sem_ref].kind = kind;
}
