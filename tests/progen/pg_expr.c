/* pg_expr.c: the program generator's expressions: random, well-typed
   expressions of every form (aggregates, calls, conditionals, fields,
   counters, variables) over what the game and the scope declare. */
#include "pg_script.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* pg_push: a new local of type t (its name is fresh); returns it. */
PgLocal *pg_push(PgCtx *c, int ty, int sub)
{
    if (c->nloc >= PG_MAX_LOCALS)
        abort();
    PgLocal *l = &c->loc[c->nloc++];
    pg_fresh(c->g, l->name);
    l->t.ty = ty;
    l->t.sub = sub;
    l->sec = PG_SEC_PUBLIC;
    return l;
}

/* pg_readable: see pg_script.h. */
int pg_readable(const PgCtx *c, const PgLocal *l)
{
    return l->sec == PG_SEC_PUBLIC || (l->sec == PG_SEC_MINE && c->mine);
}

/* find_local: a random local of type ty/sub, readable here unless any. */
static PgLocal *find_local(PgCtx *c, int ty, int sub, int any)
{
    int idx[PG_MAX_LOCALS + 1], n = 0;
    for (int i = 0; i < c->nloc; i++)
        if (c->loc[i].t.ty == ty && (sub < 0 || c->loc[i].t.sub == sub) && (any || pg_readable(c, &c->loc[i])))
            idx[n++] = i;
    return n ? &c->loc[idx[pg_rand(c->g, n)]] : NULL;
}

/* pg_local: see pg_script.h. */
const PgLocal *pg_local(PgCtx *c, int ty, int sub)
{
    return find_local(c, ty, sub, 0);
}

/* pg_local_any: see pg_script.h. */
PgLocal *pg_local_any(PgCtx *c, int ty, int sub)
{
    return find_local(c, ty, sub, 1);
}

/* word_char: whether ch may be part of a name. */
static int word_char(char ch)
{
    return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
}

/* pg_uses: whether text uses name as a variable (not as a field). */
int pg_uses(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
        if (!(p > text && (word_char(p[-1]) || p[-1] == '.')) && !word_char(p[n]))
            return 1;
    return 0;
}

/* pg_any_kind: see pg_script.h. */
int pg_any_kind(PgCtx *c)
{
    PgGen *g = c->g;
    if (g->die >= 0 && pg_chance(g, 25))
        return g->die;
    int k;
    do
        k = pg_rand(g, g->nkind);
    while (g->kind[k].is_die);
    return k;
}

static void aggregate(PgCtx *c, PgBuf *b, int what, int d);

static void player(PgCtx *c, PgBuf *b, int d);

/* pg_player: a player expression. It draws no random number: a guard
   (`if not empty(P.Z) { move top(P.Z) ... }`) writes it twice. */
void pg_player(PgCtx *c, PgBuf *b, int d)
{
    c->in_player++;
    player(c, b, d);
    c->in_player--;
}

static void player(PgCtx *c, PgBuf *b, int d)
{
    PgGen *g = c->g;
    for (;;) {
        switch (pg_rand(g, d > 0 ? 7 : 6)) {
        case 6:   /* the first best player: never of no item (a game has players) */
            aggregate(c, b, 6 + pg_rand(g, 2), d);
            return;
        case 0:
            if (c->pure)
                break;
            pg_put(b, "me");
            return;
        case 1:
            if (c->pure || g->nplayers != 2)
                break;
            pg_put(b, "opponent");
            return;
        case 2:
            pg_put(b, "%s", g->first);
            return;
        case 3:
            if (d <= 0)
                break;
            pg_put(b, "next(");
            player(c, b, d - 1);
            pg_put(b, ")");
            return;
        case 4: {
            const PgLocal *l = pg_local(c, PG_PLAYER, -1);
            if (!l)
                break;
            pg_put(b, "%s", l->name);
            return;
        }
        default:
            for (int i = 0; i < g->nvar; i++) {
                if (g->var[i].t.ty == PG_PLAYER && !g->var[i].per_player) {
                    pg_put(b, "%s", g->var[i].name);
                    return;
                }
            }
            break;
        }
    }
}

/* owner: "my " or "P." before a per-player name; returns whether "my ". */
static int owner(PgCtx *c, PgBuf *b)
{
    if (!c->pure && pg_chance(c->g, 40)) {
        pg_put(b, "my ");
        return 1;
    }
    pg_player(c, b, 1);
    pg_put(b, ".");
    return 0;
}

/* zone_of: a zone of kind k: any (want < 0), or one whose cards an
   expression here may read (want >= 0: public, or mine with c->mine);
   with its owner; *sec who knows its cards. */
static int zone_of(PgCtx *c, PgBuf *b, int k, int want, int *sec)
{
    PgGen *g = c->g;
    int idx[16], n = 0;
    for (int i = 0; i < g->nzone; i++)
        if (g->zone[i].kind == k && (want < 0 || g->zone[i].vis == PG_VIS_PUBLIC ||
                                     (c->mine && !c->pure && g->zone[i].vis == PG_VIS_PRIVATE)))
            idx[n++] = i;
    int z = idx[pg_rand(g, n)];
    const PgZone *zn = &g->zone[z];
    int my = 0;
    if (zn->per_player) {
        if (want >= 0 && zn->vis == PG_VIS_PRIVATE) {
            pg_put(b, "my ");
            my = 1;
        } else {
            my = owner(c, b);
        }
    }
    pg_put(b, "%s", zn->name);
    *sec = zn->vis == PG_VIS_PUBLIC ? PG_SEC_PUBLIC : zn->vis == PG_VIS_PRIVATE && my ? PG_SEC_MINE : PG_SEC_OTHER;
    return z;
}

/* pg_zone: a zone of kind k (with its owner), whose cards are not read
   (counted, moved, shuffled); returns the zone's index. */
int pg_zone(PgCtx *c, PgBuf *b, int k)
{
    int sec;
    return zone_of(c, b, k, -1, &sec);
}

/* pg_zone_read: see pg_script.h. */
int pg_zone_read(PgCtx *c, PgBuf *b, int k, int *sec)
{
    return zone_of(c, b, k, 1, sec);
}

/* pg_zone_sec: see pg_script.h. */
int pg_zone_sec(PgCtx *c, PgBuf *b, int k, int *sec)
{
    return zone_of(c, b, k, -1, sec);
}

/* counter: read or name a counter (i < 0: a random one). */
void pg_counter(PgCtx *c, PgBuf *b, int i)
{
    PgGen *g = c->g;
    if (i < 0)
        i = pg_rand(g, g->nctr);
    if (g->ctr[i].per_player)
        owner(c, b);
    pg_put(b, "%s", g->ctr[i].name);
}

/* pg_elem: see pg_script.h. */
int pg_elem(PgCtx *c, PgBuf *b, int i)
{
    PgGen *g = c->g;
    int read = i < 0;
    if (read) {   /* read: a public array, or my side's element of a private one */
        int idx[3], n = 0;
        for (int j = 0; j < g->narr; j++)
            if (!g->arr[j].priv || (c->mine && !c->pure))
                idx[n++] = j;
        if (!n)
            return 0;
        i = idx[pg_rand(g, n)];
    }
    const PgArray *a = &g->arr[i];
    pg_put(b, "%s[", a->name);
    if (a->first == PG_AI_PLAYER)
        pg_player(c, b, 1);
    else if (a->priv && (read || c->mine))
        pg_put(b, "me.side");
    else if (a->first == PG_AI_SIDE)
        pg_side(c, b, 1);
    else
        pg_enum(c, b, a->en, 1);
    int save_mine = c->mine;
    if (!read)   /* a written element's index is public: the check rejects a secret one, even of my side's array */
        c->mine = 0;
    if (a->ranged) {
        int n = a->hi - a->lo + 1;
        pg_put(b, ", ");
        if (pg_chance(g, 70)) {
            pg_put(b, "%d", a->lo + pg_rand(g, n));
        } else {   /* any int, brought into the range: lo + ((x % n) + n) % n */
            const PgLocal *l = pg_chance(g, 50) ? pg_local(c, PG_INT, -1) : NULL;
            pg_put(b, "%d + ((", a->lo);
            if (l)
                pg_put(b, "%s", l->name);
            else
                pg_int(c, b, 1);
            pg_put(b, ") %% %d + %d) %% %d", n, n, n);
        }
    }
    c->mine = save_mine;
    pg_put(b, "]");
    return 1;
}

/* var_of: a variable of type ty/sub (with its owner), or 0 if none. */
int pg_var(PgCtx *c, PgBuf *b, int ty, int sub)
{
    PgGen *g = c->g;
    int idx[8], n = 0;
    for (int i = 0; i < g->nvar; i++)
        if (g->var[i].t.ty == ty && (ty != PG_ENUM || g->var[i].t.sub == sub) &&
            (!g->var[i].priv || (c->mine && !c->pure)))
            idx[n++] = i;
    if (!n)
        return 0;
    const PgVar *v = &g->var[idx[pg_rand(g, n)]];
    if (v->priv)
        pg_put(b, "my ");
    else if (v->per_player)
        owner(c, b);
    pg_put(b, "%s", v->name);
    return 1;
}

/* call: a call of a function returning t, or 0 if none may be called here. */
static int call(PgCtx *c, PgBuf *b, PgType t, int d)
{
    PgGen *g = c->g;
    int idx[8], n = 0;
    int no_agg = c->pure && c->in_agg && !(g->feat & PG_BIT(PG_F_AGG_CALLS_AGG));
    for (int i = 0; i < c->fn_limit; i++)
        if (g->fn[i].ret.ty == t.ty && g->fn[i].ret.sub == t.sub && !(no_agg && g->fn[i].has_agg) &&
            !(c->in_player && g->fn[i].draws))
            idx[n++] = i;
    if (!n)
        return 0;
    const PgCallable *f = &g->fn[idx[pg_rand(g, n)]];
    if (f->has_agg)
        c->called_agg = 1;
    if (f->draws)
        c->drew = 1;
    pg_put(b, "%s(", f->name);
    for (int i = 0; i < f->nparam; i++) {
        pg_put(b, i ? ", " : "");
        pg_expr(c, b, f->param[i], d > 1 ? 1 : 0);
    }
    pg_put(b, ")");
    return 1;
}

/* use_of: a condition on local l (so that an aggregate uses its variable). */
static void use_of(PgCtx *c, PgBuf *b, const PgLocal *l)
{
    PgGen *g = c->g;
    if (l->t.ty == PG_PLAYER) {
        switch (pg_rand(g, 3)) {
        case 0: pg_put(b, "%s.%s >= %d", l->name, g->ctr[0].name, pg_rand(g, 3)); return;
        case 1: pg_put(b, "%s.side == %s", l->name, g->side[pg_rand(g, g->nsides)]); return;
        default: pg_put(b, "%s != ", l->name); pg_player(c, b, 1); return;
        }
    }
    if (l->t.ty == PG_INT) {   /* an item of a range */
        pg_put(b, "%s %s %d", l->name, pg_chance(g, 50) ? "<=" : "!=", pg_rand(g, 3));
        return;
    }
    const PgKind *k = &g->kind[l->t.sub];
    if (k->is_die) {
        const PgEnum *e = &g->en[k->mark_enum];
        pg_put(b, pg_chance(g, 50) ? "%s.face == %s" : "matches(%s.face, %s)", l->name, e->val[pg_rand(g, e->nval)]);
        return;
    }
    switch (pg_rand(g, 5)) {
    case 0: pg_put(b, "%s.%s", l->name, k->f_flag); return;
    case 1: pg_put(b, "not %s.%s", l->name, k->s_flag); return;
    case 2: pg_put(b, "%s.%s > %d", l->name, k->f_value, pg_rand(g, 8)); return;
    case 3:
        if (k->mark_enum >= 0) {
            const PgEnum *e = &g->en[k->mark_enum];
            pg_put(b, "%s.%s != %s", l->name, pg_chance(g, 50) ? k->f_mark : k->s_enum, e->val[pg_rand(g, e->nval)]);
            return;
        }
        /* fall through */
    default: pg_put(b, "%s.%s == %s.side", l->name, k->f_side, c->pure ? g->first : "me"); return;
    }
}

/* pg_using: cond/expr text that must use local l: written as is when it
   does, else with use_of(l) around it (unless PG_F_UNUSED_VAR allows). */
void pg_using(PgCtx *c, PgBuf *b, const PgLocal *l, const char *text, int is_bool)
{
    if (pg_uses(text, l->name) || ((c->g->feat & PG_BIT(PG_F_UNUSED_VAR)) && pg_chance(c->g, 50))) {
        pg_put(b, "%s", text);
        return;
    }
    if (is_bool) {
        pg_put(b, "(");
        use_of(c, b, l);
        pg_put(b, pg_chance(c->g, 50) ? ") and (%s)" : ") or (%s)", text);
    } else {
        pg_put(b, "if ");
        use_of(c, b, l);
        pg_put(b, " then %s else %d", text, pg_rand(c->g, 4));
    }
}

/* guard_unused: in a function, a condition using each name in scope
   (parameters, outer aggregates' variables) that text does not use, or
   NULL: a function's aggregate is written as a C function of all of them
   (PG_F_UNUSED_VAR: one that does not use them all). Caller frees. */
static char *guard_unused(PgCtx *c, int outer, const char *text)
{
    if (!c->pure || (c->g->feat & PG_BIT(PG_F_UNUSED_VAR)))
        return NULL;
    PgBuf b = {0};
    for (int i = 0; i < outer; i++) {
        const PgLocal *l = &c->loc[i];
        if (pg_uses(text, l->name))
            continue;
        pg_put(&b, "%s", b.s ? " or " : "");
        if (l->t.ty == PG_CARD || l->t.ty == PG_PLAYER) {
            use_of(c, &b, l);
        } else {
            pg_put(&b, "%s == ", l->name);
            pg_expr(c, &b, l->t, 0);
        }
    }
    return b.s;
}

/* aggregate: count, sum, any or all over a zone or the players; min, max,
   argmin or argmax over the players, with no where (so never of no item). */
static void aggregate(PgCtx *c, PgBuf *b, int what, int d)
{
    PgGen *g = c->g;
    static const char *const names[] = {"count", "sum", "any", "all", "min", "max", "argmin", "argmax"};
    int best = what >= 4;
    int save = c->nloc, save_agg = c->in_agg;
    PgLocal *l;
    PgBuf head = {0}, cond = {0}, body = {0};
    pg_put(&head, "%s(", names[what]);
    if (best || pg_chance(g, 20)) {
        l = pg_push(c, PG_PLAYER, 0);
        pg_put(&head, "%s in players", l->name);
    } else {
        int k = pg_any_kind(c), sec;
        PgBuf coll = {0};
        pg_zone_read(c, &coll, k, &sec);
        l = pg_push(c, PG_CARD, k);
        l->sec = sec;
        pg_put(&head, "%s in %s", l->name, coll.s);
        free(coll.s);
    }
    c->in_agg = 1;
    int where = !best && (what == 0 || pg_chance(g, 30));
    if (where) {
        PgBuf t = {0};
        pg_bool(c, &t, d - 1);
        pg_using(c, &cond, l, t.s, 1);
        free(t.s);
    }
    if (what != 0 || (!where && pg_chance(g, 50))) {
        PgBuf t = {0};
        if (what == 1 || best)
            pg_int(c, &t, d - 1);
        else
            pg_bool(c, &t, d - 1);
        if (where)
            pg_put(&body, "%s", t.s);
        else
            pg_using(c, &body, l, t.s, what != 1 && !best);
        free(t.s);
    }
    PgBuf all = {0};
    pg_put(&all, "%s %s %s", head.s, cond.s ? cond.s : "", body.s ? body.s : "");
    char *guard = guard_unused(c, save, all.s);
    free(all.s);
    pg_put(b, "%s", head.s);
    if (guard && !body.s)
        pg_put(b, " where (%s)%s%s%s", guard, cond.s ? " or (" : "", cond.s ? cond.s : "", cond.s ? ")" : "");
    else if (cond.s)
        pg_put(b, " where %s", cond.s);
    if (body.s && guard && (what == 1 || best))
        pg_put(b, ": if %s then %s else 0", guard, body.s);
    else if (body.s && guard)
        pg_put(b, ": (%s) or (%s)", guard, body.s);
    else if (body.s)
        pg_put(b, ": %s", body.s);
    pg_put(b, ")");
    free(guard);
    free(head.s);
    free(cond.s);
    free(body.s);
    c->nloc = save;
    c->in_agg = save_agg;
    c->has_agg = 1;
}

/* card_field: an int, bool, enum or side field of a card local, or 0. */
static int card_field(PgCtx *c, PgBuf *b, int ty, int sub)
{
    PgGen *g = c->g;
    const PgLocal *l = pg_local(c, PG_CARD, -1);
    const char *name = l ? l->name : NULL;
    int k = l ? l->t.sub : -1;
    if (c->this_kind >= 0 && (!l || pg_chance(g, 50))) {
        name = "this";
        k = c->this_kind;
    }
    if (!name)
        return 0;
    const PgKind *kd = &g->kind[k];
    if (kd->is_die) {
        if (ty != PG_ENUM || sub != kd->mark_enum)
            return 0;
        pg_put(b, "%s.face", name);
        return 1;
    }
    switch (ty) {
    case PG_INT:
        pg_put(b, "%s.%s", name, pg_chance(g, 40) ? kd->f_value : pg_chance(g, 50) ? kd->f_value2 : kd->s_num);
        return 1;
    case PG_BOOL: pg_put(b, "%s.%s", name, pg_chance(g, 50) ? kd->f_flag : kd->s_flag); return 1;
    case PG_SIDE: pg_put(b, "%s.%s", name, kd->f_side); return 1;
    case PG_ENUM:
        if (kd->mark_enum != sub)
            return 0;
        pg_put(b, "%s.%s", name, pg_chance(g, 50) ? kd->f_mark : kd->s_enum);
        return 1;
    default: return 0;
    }
}

/* pg_small: an int that does not grow with the game (for += and =):
   a literal, the constant, a card's int field (not its state), a count. */
void pg_small(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    switch (pg_rand(g, 4)) {
    case 0: pg_put(b, "%s", g->konst); return;
    case 1: {
        const PgLocal *l = pg_local(c, PG_CARD, -1);
        if (l && !g->kind[l->t.sub].is_die) {
            pg_put(b, "%s.%s", l->name, g->kind[l->t.sub].f_value);
            return;
        }
        if (c->this_kind >= 0) {
            pg_put(b, "this.%s", g->kind[c->this_kind].f_value2);
            return;
        }
    }
        /* fall through */
    case 2: pg_put(b, "count("); pg_zone(c, b, pg_any_kind(c)); pg_put(b, ")"); return;
    default: pg_put(b, "%d", pg_rand(g, 6)); return;
    }
}

void pg_dice_zone(PgCtx *c, PgBuf *b, int i)
{
    if (c->g->izone_pp[i])
        owner(c, b);
    pg_put(b, "%s", c->g->izone[i]);
}

void pg_dice_face(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    const PgLocal *l = pg_local(c, PG_ENUM, g->idie_enum);
    if (l && pg_chance(g, 30))
        pg_put(b, "%s", l->name);
    else
        pg_put(b, "%s", g->en[g->idie_enum].val[pg_rand(g, g->en[g->idie_enum].nval)]);
}

/* dice_count: how many interchangeable dice a zone of theirs holds, of
   one face or of any (an int), or whether one shows a face or none is
   there (a bool). */
static void dice_count(PgCtx *c, PgBuf *b, int is_bool)
{
    PgGen *g = c->g;
    PgBuf z = {0};
    pg_dice_zone(c, &z, pg_rand(g, g->nizone));
    char x[PG_NAME];
    pg_fresh(g, x);
    if (pg_chance(g, 30)) {
        pg_put(b, is_bool ? "empty(%s)" : "count(%s)", z.s);
    } else {
        pg_put(b, is_bool ? "any(%s in %s: %s.face == " : "count(%s in %s where %s.face == ", x, z.s, x);
        pg_dice_face(c, b);
        pg_put(b, ")");
    }
    free(z.s);
}

/* pg_int: an int expression of depth at most d. */
void pg_int(PgCtx *c, PgBuf *b, int d)
{
    PgGen *g = c->g;
    if (g->narr && pg_chance(g, 8) && pg_elem(c, b, -1))
        return;
    if (g->nizone && pg_chance(g, 6)) {
        dice_count(c, b, 0);
        return;
    }
    /* a random player's counter, drawn where the expression is evaluated
       (in a function or an aggregate too): never inside a player
       expression (see pg_player) */
    if ((g->feat & PG_BIT(PG_F_RANDOM)) && !c->in_player && pg_chance(g, 20)) {
        pg_put(b, "random(players).%s", g->ctr[0].name);
        c->drew = 1;
        return;
    }
    for (;;) {
        int r = pg_rand(g, d > 0 ? 18 : 7);
        switch (r) {
        case 0: pg_put(b, "%d", pg_rand(g, 10)); return;
        case 1: pg_put(b, "%s", g->konst); return;
        case 2: if (card_field(c, b, PG_INT, 0)) return; break;
        case 3: pg_counter(c, b, -1); return;
        case 4: if (pg_var(c, b, PG_INT, 0)) return; break;
        case 5: pg_put(b, "%s", g->round_ctr); return;
        case 6: {
            const PgLocal *l = pg_local(c, PG_INT, -1);
            if (!l)
                break;
            pg_put(b, "%s", l->name);
            return;
        }
        case 7: case 8: {
            int w = pg_rand(g, 4);   /* count, sum, min, max */
            aggregate(c, b, w < 2 ? w : 2 + w, d);
            return;
        }
        case 9: if (call(c, b, (PgType){PG_INT, 0}, d)) return; break;
        case 10:
            pg_put(b, "(if ");
            pg_bool(c, b, d - 1);
            pg_put(b, " then ");
            pg_int(c, b, d - 1);
            pg_put(b, " else ");
            pg_int(c, b, d - 1);
            pg_put(b, ")");
            return;
        case 11: case 12:
            pg_int(c, b, d - 1);
            pg_put(b, r == 11 ? " + " : " - ");
            pg_int(c, b, d - 1);
            return;
        case 13: pg_put(b, "("); pg_small(c, b); pg_put(b, ") * %d", 1 + pg_rand(g, 3)); return;
        case 14: case 15:
            pg_put(b, "(");
            pg_int(c, b, d - 1);
            pg_put(b, ") %s %d", r == 14 ? "/" : "%", 1 + pg_rand(g, 4));
            return;
        case 16: pg_put(b, "-("); pg_int(c, b, d - 1); pg_put(b, ")"); return;
        default: pg_put(b, "count("); pg_zone(c, b, pg_any_kind(c)); pg_put(b, ")"); return;
        }
    }
}

/* pg_enum: an expression of enum e. */
void pg_enum(PgCtx *c, PgBuf *b, int e, int d)
{
    PgGen *g = c->g;
    for (;;) {
        switch (pg_rand(g, d > 0 ? 6 : 3)) {
        case 0: pg_put(b, "%s", g->en[e].val[pg_rand(g, g->en[e].nval)]); return;
        case 1: if (card_field(c, b, PG_ENUM, e)) return; break;
        case 2: if (pg_var(c, b, PG_ENUM, e)) return; break;
        case 3: if (call(c, b, (PgType){PG_ENUM, e}, d)) return; break;
        case 4: {
            const PgLocal *l = pg_local(c, PG_ENUM, e);
            if (!l)
                break;
            pg_put(b, "%s", l->name);
            return;
        }
        default:
            pg_put(b, "(if ");
            pg_bool(c, b, d - 1);
            pg_put(b, " then ");
            pg_enum(c, b, e, d - 1);
            pg_put(b, " else ");
            pg_enum(c, b, e, d - 1);
            pg_put(b, ")");
            return;
        }
    }
}

/* pg_side: a side expression. */
void pg_side(PgCtx *c, PgBuf *b, int d)
{
    PgGen *g = c->g;
    for (;;) {
        switch (pg_rand(g, 4)) {
        case 0: pg_put(b, "%s", g->side[pg_rand(g, g->nsides)]); return;
        case 1: pg_player(c, b, d); pg_put(b, ".side"); return;
        case 2: if (card_field(c, b, PG_SIDE, 0)) return; break;
        default: if (pg_var(c, b, PG_SIDE, 0)) return; break;
        }
    }
}

/* compare: two values of one random type compared. */
static void compare(PgCtx *c, PgBuf *b, int d)
{
    PgGen *g = c->g;
    static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">="};
    int t = pg_rand(g, 4);
    if (t == 0 || (t == 3 && !g->nen)) {
        pg_int(c, b, d);
        pg_put(b, " %s ", ops[pg_rand(g, 6)]);
        pg_int(c, b, d);
    } else if (t == 1) {
        pg_player(c, b, 1);
        pg_put(b, pg_chance(g, 50) ? " == " : " != ");
        pg_player(c, b, 1);
    } else if (t == 2) {
        pg_side(c, b, 1);
        pg_put(b, pg_chance(g, 50) ? " == " : " != ");
        pg_side(c, b, 1);
    } else {
        int e = pg_rand(g, g->nen);
        pg_enum(c, b, e, d);
        pg_put(b, pg_chance(g, 50) ? " == " : " != ");
        pg_enum(c, b, e, d);
    }
}

/* pg_bool: a bool expression of depth at most d. */
void pg_bool(PgCtx *c, PgBuf *b, int d)
{
    PgGen *g = c->g;
    if (g->nizone && pg_chance(g, 6)) {
        dice_count(c, b, 1);
        return;
    }
    for (;;) {
        int r = pg_rand(g, d > 0 ? 17 : 5);
        switch (r) {
        case 0: pg_put(b, pg_chance(g, 50) ? "true" : "false"); return;
        case 1: if (card_field(c, b, PG_BOOL, 0)) return; break;
        case 2: if (pg_var(c, b, PG_BOOL, 0)) return; break;
        case 3: pg_put(b, "empty("); pg_zone(c, b, pg_any_kind(c)); pg_put(b, ")"); return;
        case 4: {
            const PgLocal *l = pg_local(c, PG_BOOL, -1);
            if (!l)
                break;
            pg_put(b, "%s", l->name);
            return;
        }
        case 5: case 6: compare(c, b, d - 1); return;
        case 7: pg_put(b, "not "); pg_bool(c, b, d - 1); return;
        case 8: case 9:
            pg_put(b, "(");
            pg_bool(c, b, d - 1);
            pg_put(b, r == 8 ? " and " : " or ");
            pg_bool(c, b, d - 1);
            pg_put(b, ")");
            return;
        case 10: case 11: aggregate(c, b, 2 + pg_rand(g, 2), d); return;
        case 12: if (call(c, b, (PgType){PG_BOOL, 0}, d)) return; break;
        case 13:
            if (g->die < 0)
                break;
            pg_put(b, "matches(");
            pg_enum(c, b, g->kind[g->die].mark_enum, d - 1);
            pg_put(b, ", ");
            pg_enum(c, b, g->kind[g->die].mark_enum, d - 1);
            pg_put(b, ")");
            return;
        case 15:   /* a player out of the game (PG_F_PLAYERS_OUT) */
            if (!(g->feat & PG_BIT(PG_F_PLAYERS_OUT)))
                break;
            pg_put(b, pg_chance(g, 50) ? "not " : "");
            pg_player(c, b, d - 1);
            pg_put(b, ".out");
            return;
        case 14: {
            const PgLocal *l = pg_local(c, PG_CARD, -1);
            if (!l)
                break;
            /* its own kind: 'is' narrows the card's kind where it holds */
            pg_put(b, "%s is %s", l->name, g->kind[l->t.sub].name);
            return;
        }
        default: compare(c, b, d - 1); return;
        }
    }
}

/* pg_expr: an expression of type t. */
void pg_expr(PgCtx *c, PgBuf *b, PgType t, int d)
{
    switch (t.ty) {
    case PG_INT: pg_int(c, b, d); return;
    case PG_BOOL: pg_bool(c, b, d); return;
    case PG_PLAYER: pg_player(c, b, d); return;
    case PG_SIDE: pg_side(c, b, d); return;
    default: pg_enum(c, b, t.sub, d); return;
    }
}

/* pg_text: see pg_script.h. */
void pg_text(PgCtx *c, PgBuf *b, const PgLocal *item)
{
    PgGen *g = c->g;
    static const char *const words[] = {"pick", "\\\"say\\\"", "tab\\tstop", "Ünï ☆", "odds:", "left"};
    c->in_player++;   /* a hole draws no random number */
    pg_put(b, "\"%s ", words[pg_rand(g, 6)]);
    if (item) {
        pg_put(b, "{%s} ", item->name);
        if (item->t.ty == PG_CARD && !g->kind[item->t.sub].is_die)
            pg_put(b, "({%s.%s}, {%s.name}) ", item->name, g->kind[item->t.sub].f_value, item->name);
    }
    int n = 1 + pg_rand(g, 3);
    for (int i = 0; i < n; i++) {
        static const int types[] = {PG_INT, PG_BOOL, PG_PLAYER, PG_SIDE, PG_ENUM};
        PgType t = {types[pg_rand(g, g->nen ? 5 : 4)], 0};
        if (t.ty == PG_ENUM)
            t.sub = pg_rand(g, g->nen);
        if (t.ty == PG_BOOL && pg_chance(g, 30)) {   /* a string in a hole */
            pg_put(b, "{if ");
            pg_bool(c, b, 1);
            pg_put(b, " then \"{yes}\" else \"no \\\"%d\\\"\"} ", pg_rand(g, 10));
            continue;
        }
        pg_put(b, "{");
        pg_expr(c, b, t, 1);
        pg_put(b, "} ");
    }
    pg_put(b, "end\"");
    c->in_player--;
}
