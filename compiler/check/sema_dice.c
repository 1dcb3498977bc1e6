/* sema_dice.c: dice whose faces are numbers or show several symbols
   (docs/language.md "Dice"), and `d.hit`, how many of a symbol a die's
   face shows. Dice whose faces are single symbols are sema_cards.c's. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "sema_internal.h"

/* sema_die_other_faces: die n has a number face or a face of several
   symbols (an AST_FACE). */
int sema_die_other_faces(const AstNode *n)
{
    for (int i = 0; i < n->list.count; i++)
        if (n->list.items[i]->kind == AST_INT || n->list.items[i]->kind == AST_FACE)
            return 1;
    return 0;
}

/* sema_new_die_kind: the kind of die n with nfaces faces (state `face` of
   type int, or of enum e when e >= 0), in the model's arena; its index. */
int sema_new_die_kind(Sema *S, const AstNode *n, int32_t *faces, int nfaces, int e)
{
    Model *m = S->m;
    Loc nl = n->loc2.line ? n->loc2 : n->loc;
    int cap = m->nkinds;
    int ki = sema_grow(S->a, (void **)&m->kinds, &m->nkinds, &cap, sizeof *m->kinds);
    MKind *k = &m->kinds[ki];
    k->name = n->name;
    k->loc = nl;
    k->is_die = 1;
    k->interchangeable = (n->flags & DIE_INTERCHANGEABLE) != 0;
    if (k->interchangeable && e < 0 && nfaces > 0) {   /* a count by face keeps a cell per number */
        int32_t least = faces[0], most = faces[0];
        for (int i = 1; i < nfaces; i++) {
            least = faces[i] < least ? faces[i] : least;
            most = faces[i] > most ? faces[i] : most;
        }
        if ((int64_t)most - least >= 64)
            diag_error(S->d, nl, "the numbers of interchangeable die '%s' span at most 64 values, not %lld (%d to %d)",
                       n->name, (long long)most - least + 1, (int)least, (int)most);
    }
    k->faces = faces;
    k->nfaces = nfaces;
    k->symbols = -1;
    k->fields = arena_alloc(S->a, sizeof(MField));
    memset(k->fields, 0, sizeof(MField));
    k->nfields = 1;
    k->nstate = 1;
    k->fields[0].name = "face";
    k->fields[0].loc = nl;
    k->fields[0].type = e >= 0 ? TY_NAMED : TY_INT;
    k->fields[0].is_state = 1;
    k->fields[0].keep = 1;
    k->fields[0].enum_index = e;
    k->fields[0].def_value = faces[0];
    return ki;
}

/* number_die: die n whose faces are all numbers: `face` is an int. */
static void number_die(Sema *S, AstNode *n)
{
    int32_t *faces = arena_alloc(S->a, sizeof(int32_t) * (size_t)(n->list.count + 1));
    int nfaces = 0, bad = 0;
    for (int i = 0; i < n->list.count; i++) {
        AstNode *f = n->list.items[i];
        if (f->flags & FACE_WILD) {
            diag_error(S->d, f->loc, "a die with number faces has no wild faces");
            bad = 1;
        } else if (f->kind != AST_INT) {
            diag_error(S->d, f->loc, "this die's faces are numbers: every face is a number, or every face shows symbols");
            bad = 1;
        } else {
            faces[nfaces++] = (int32_t)f->ival;
        }
    }
    if (bad)
        return;
    if (nfaces < 2) {
        diag_error(S->d, n->loc2.line ? n->loc2 : n->loc, "a die needs at least two faces");
        return;
    }
    sema_die_states(S, n, sema_new_die_kind(S, n, faces, nfaces, -1));
}

/* face_symbol: the value of term t (a NAME) in enum *e (set by the first
   term of the die), or -1 after reporting it. */
static int face_symbol(Sema *S, const AstNode *t, int *e)
{
    int te, v = sema_find_enum_value(S->m, t->name, &te);
    if (v < 0) {
        diag_error(S->d, t->loc, "unknown symbol '%s': a face shows values of an enum declared with 'enum'", t->name);
        return -1;
    }
    if (*e >= 0 && te != *e) {
        diag_error(S->d, t->loc, "symbol '%s' is a value of enum '%s', but this die's faces show '%s' values", t->name,
                   S->m->enums[te].name, S->m->enums[*e].name);
        return -1;
    }
    *e = te;
    return v;
}

/* face_enum: the enum that names the faces of die n (its values the
   faces as written: "hit x2 + focus"), marked die_faces; -1 when its
   name, <die>_face, is taken. */
static int face_enum(Sema *S, const AstNode *n, const char **texts, int nfaces, int die)
{
    Model *m = S->m;
    const char *name = arena_printf(S->a, "%s_face", n->name);
    if (sema_find_enum(m, name) >= 0 || sema_find_kind(m, name) >= 0) {
        diag_error(S->d, n->loc2.line ? n->loc2 : n->loc,
                   "the faces of die '%s' are values of a type named '%s', which is declared already", n->name, name);
        return -1;
    }
    int e = sema_grow(S->a, (void **)&m->enums, &m->nenums, &m->capenums, sizeof *m->enums);
    m->enums[e].name = name;
    m->enums[e].loc = n->loc;
    m->enums[e].values = texts;
    m->enums[e].nvalues = nfaces;
    m->enums[e].die_faces = die + 1;
    return e;
}

/* record_die: die n whose faces show symbols of one enum, some several
   (`hit x2 + focus`): `face` is the face's position, named by an enum of
   its own, and counts[face][symbol] how many of each it shows. */
static void record_die(Sema *S, AstNode *n)
{
    int nf = n->list.count, e = -1, bad = 0;
    const char **texts = arena_alloc(S->a, sizeof *texts * (size_t)(nf + 1));
    int (*terms)[2] = arena_alloc(S->a, sizeof *terms * (size_t)(nf * 8 + 1));
    int *first = arena_alloc(S->a, sizeof *first * (size_t)(nf + 2));
    int nterms = 0;
    for (int i = 0; i < nf; i++) {
        AstNode *f = n->list.items[i];
        first[i] = nterms;
        if (f->flags & FACE_WILD) {
            diag_error(S->d, f->loc, "a die whose faces show several symbols has no wild faces");
            bad = 1;
            continue;
        }
        if (f->kind == AST_INT) {
            diag_error(S->d, f->loc, "this die's faces show symbols: every face is a number, or every face shows symbols");
            bad = 1;
            continue;
        }
        const AstNode *one[1] = {f};
        int nt = f->kind == AST_FACE ? f->list.count : 1;
        if (nt > 8) {
            diag_error(S->d, f->list.items[8]->loc, "a face shows at most 8 symbols");
            bad = 1;
            continue;
        }
        Buf b = {0};
        buf_put(&b, "");
        for (int t = 0; t < nt; t++) {
            const AstNode *term = f->kind == AST_FACE ? f->list.items[t] : one[0];
            int v = face_symbol(S, term, &e);
            if (v < 0) {
                bad = 1;
                continue;
            }
            int count = f->kind == AST_FACE && term->ival ? (int)term->ival : 1;
            if (count < 1 || count > 1000) {
                diag_error(S->d, term->loc, "a face shows a symbol 1 to 1000 times, not %d", count < 1 ? 0 : count);
                bad = 1;
                continue;
            }
            buf_printf(&b, "%s%s", t ? " + " : "", term->name);
            if (count > 1)
                buf_printf(&b, " x%d", count);
            terms[nterms][0] = v;   /* room for 8 a face */
            terms[nterms++][1] = count;
        }
        texts[i] = arena_strdup(S->a, b.s);
        buf_free(&b);
    }
    first[nf] = nterms;
    if (bad || e < 0)
        return;
    if (nf < 2) {
        diag_error(S->d, n->loc2.line ? n->loc2 : n->loc, "a die needs at least two faces");
        return;
    }
    /* faces that show the same symbols are one value (listed twice, it is
       weighted, as a face of one symbol listed twice) */
    int ns = S->m->enums[e].nvalues, nu = 0;
    int32_t *faces = arena_alloc(S->a, sizeof(int32_t) * (size_t)nf);
    int32_t *counts = arena_alloc(S->a, sizeof(int32_t) * (size_t)(nf * ns));
    int32_t *row = arena_alloc(S->a, sizeof(int32_t) * (size_t)ns);
    const char **utexts = arena_alloc(S->a, sizeof *utexts * (size_t)nf);
    for (int i = 0; i < nf; i++) {
        memset(row, 0, sizeof(int32_t) * (size_t)ns);
        for (int t = first[i]; t < first[i + 1]; t++)
            row[terms[t][0]] += terms[t][1];
        int u = 0;
        while (u < nu && memcmp(&counts[u * ns], row, sizeof(int32_t) * (size_t)ns) != 0)
            u++;
        if (u == nu) {
            memcpy(&counts[nu * ns], row, sizeof(int32_t) * (size_t)ns);
            utexts[nu++] = texts[i];
        }
        faces[i] = u;
    }
    int fe = face_enum(S, n, utexts, nu, S->m->nkinds);
    if (fe < 0)
        return;
    int ki = sema_new_die_kind(S, n, faces, nf, fe);
    S->m->kinds[ki].symbols = e;
    S->m->kinds[ki].counts = counts;
    sema_die_states(S, n, ki);
}

/* sema_collect_die_faces: the kind of die n, whose faces are numbers or
   show several symbols (the caller has checked its name is free). */
void sema_collect_die_faces(Sema *S, AstNode *n)
{
    if (n->list.count && n->list.items[0]->kind == AST_INT)
        number_die(S, n);   /* reports a face that is not a number */
    else
        record_die(S, n);   /* reports a face that is a number */
}

/* sema_die_symbol: `d.hit`, the count of symbol hit on die d's face, when
   d is a die of kind `kind` whose faces show hit's enum, or of a kind not
   known here (-1) when no kind has a field hit and some die shows that
   enum. Annotates e (T_INT, SYM_FACE_COUNT of the symbol; sem_extra the
   kind, ival2 the enum) and returns 1; a die that shows other symbols is
   an error (also 1, *t T_ERROR); else 0: not a face count. */
int sema_die_symbol(Sema *S, AstNode *e, int kind, const char *name, Loc loc, Type *t)
{
    const Model *m = S->m;
    int se, v;
    if (strcmp(name, "face") == 0 || (v = sema_find_enum_value(m, name, &se)) < 0)
        return 0;
    if (kind >= 0) {
        const MKind *k = &m->kinds[kind];
        if (!k->is_die)
            return 0;
        if (k->symbols != se) {
            if (k->symbols < 0)
                diag_error(S->d, loc, "die '%s' shows numbers, not symbols: its number is '.face'", k->name);
            else
                diag_error(S->d, loc, "die '%s' shows '%s' symbols, and '%s' is a value of enum '%s'", k->name,
                           m->enums[k->symbols].name, name, m->enums[se].name);
            *t = mk(T_ERROR, -1);
            return 1;
        }
    } else {
        int shown = 0;
        for (int k = 0; k < m->nkinds; k++) {
            if (sema_find_field(&m->kinds[k], name) >= 0)
                return 0;
            shown |= m->kinds[k].is_die && m->kinds[k].symbols == se;
        }
        if (!shown)
            return 0;
    }
    e->sem_type = T_INT;
    e->sem_extra = kind;
    e->ival2 = se;
    e->sem_ref = SYM_MAKE(SYM_FACE_COUNT, v);
    *t = mk(T_INT, -1);
    return 1;
}

/* sema_die_states: the states die n declares besides its face (`state held
   : bool = false`), appended to its kind ki as a kind's states are (their
   defaults are checked with every kind's); a name taken, or a type that
   is not int, bool or an enum, is reported. The fields live in the arena. */
void sema_die_states(Sema *S, const AstNode *n, int ki)
{
    if (!n->b || ki < 0)
        return;
    MKind *k = &S->m->kinds[ki];
    if (k->interchangeable && n->b->list.count > 0) {   /* a state would tell one die from another */
        const AstNode *fd = n->b->list.items[0];
        diag_error(S->d, fd->loc2.line ? fd->loc2 : fd->loc,
                   "die '%s' is interchangeable: it has no state but its face", k->name);
        return;
    }
    MField *f = arena_alloc(S->a, sizeof(MField) * (size_t)(k->nfields + n->b->list.count));
    memcpy(f, k->fields, sizeof(MField) * (size_t)k->nfields);
    k->fields = f;
    for (int i = 0; i < n->b->list.count; i++) {
        const AstNode *fd = n->b->list.items[i];
        if (sema_find_field(k, fd->name) >= 0) {
            diag_error(S->d, fd->loc2.line ? fd->loc2 : fd->loc, "die '%s' has a '%s' already", k->name, fd->name);
            continue;
        }
        if (!(fd->flags & FIELD_STATE)) {   /* YAML's `fields` of a die */
            diag_error(S->d, fd->loc, "a die's fields are states: write 'state %s'", fd->name);
            continue;
        }
        if (fd->type != TY_INT && fd->type != TY_BOOL && fd->type != TY_NAMED) {
            diag_error(S->d, fd->loc, "state '%s' must be int, bool or an enum", fd->name);
            continue;
        }
        MField *mf = &k->fields[k->nfields++];
        memset(mf, 0, sizeof *mf);
        mf->name = fd->name;
        mf->loc = fd->loc;
        mf->type = fd->type;
        mf->is_state = 1;
        mf->keep = (fd->flags & FIELD_KEEP) != 0;
        mf->def = fd->a;
        mf->enum_index = -1;
        if (fd->type == TY_NAMED) {
            Type t = sema_resolve_type(S, TY_NAMED, fd->name2, fd->loc2.line ? fd->loc2 : fd->loc);
            mf->enum_index = t.base == T_ENUM ? t.param : -1;
        }
        mf->index = k->nstate++;
    }
}
