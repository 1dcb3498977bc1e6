/* pg_script.c: the program generator's statements, functions and
   procedures: every statement of the language, nested at bounded depth,
   in forms that always end (bounded while loops, turns that pass). */
#include "pg_script.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void stmts(PgCtx *c, PgBuf *b, int n);
static void private_stmt(PgCtx *c, PgBuf *b);

/* indent: the current indentation. */
static void indent(PgCtx *c, PgBuf *b)
{
    pg_put(b, "%*s", c->ind * 2, "");
}

/* secs_save, secs_restore: who knows each local in scope, kept at a
   block's start and given back at its end: a local made public in the
   block (a reveal, an announcement, a move to a public zone) is public
   there only, since the check joins it with the paths that skip the block. */
static void secs_save(const PgCtx *c, int *sec)
{
    for (int i = 0; i < c->nloc; i++)
        sec[i] = c->loc[i].sec;
}

static void secs_restore(PgCtx *c, const int *sec, int n)
{
    for (int i = 0; i < n && i < c->nloc; i++)
        c->loc[i].sec = sec[i];
}

/* block: " { n statements }" one level deeper; its locals end with it. */
static void block(PgCtx *c, PgBuf *b, int n)
{
    int save = c->nloc, sec[PG_MAX_LOCALS];
    secs_save(c, sec);
    pg_put(b, " {\n");
    c->ind++;
    c->depth--;
    stmts(c, b, n);
    c->depth++;
    c->ind--;
    indent(c, b);
    pg_put(b, "}");
    c->nloc = save;
    secs_restore(c, sec, save);
}

/* card_local: a card local of a kind (not a die) for statements, or NULL. */
static const PgLocal *card_local(PgCtx *c, int die)
{
    for (int tries = 0; tries < 4; tries++) {
        const PgLocal *l = pg_local(c, PG_CARD, -1);
        if (l && c->g->kind[l->t.sub].is_die == die)
            return l;
    }
    return NULL;
}

/* any_card_local: a card local of a kind (not a die), readable or not
   (what a move moves, whose state a public value may be given), or NULL. */
static const PgLocal *any_card_local(PgCtx *c)
{
    for (int tries = 0; tries < 4; tries++) {
        const PgLocal *l = pg_local_any(c, PG_CARD, -1);
        if (l && !c->g->kind[l->t.sub].is_die)
            return l;
    }
    return NULL;
}

/* assign: an assignment of a public value to a counter, variable, array
   element, card state or local. */
static int assign(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    if (g->narr && pg_chance(g, 20)) {
        int i = pg_rand(g, g->narr);
        pg_elem(c, b, i);
        pg_put(b, " %s ", pg_chance(g, 60) ? "+=" : pg_chance(g, 50) ? "-=" : "=");
        if (g->arr[i].bounded)
            pg_int(c, b, 2);
        else
            pg_small(c, b);
        return 1;
    }
    switch (pg_rand(g, 5)) {
    case 0: {
        int i = pg_rand(g, g->nctr);
        pg_counter(c, b, i);
        pg_put(b, " %s ", pg_chance(g, 60) ? "+=" : pg_chance(g, 50) ? "-=" : "=");
        if (g->ctr[i].bounded)
            pg_int(c, b, 2);
        else
            pg_small(c, b);
        return 1;
    }
    case 1: {
        const PgLocal *l = any_card_local(c);
        const char *name = l ? l->name : c->this_kind >= 0 ? "this" : NULL;
        if (!name)
            return 0;
        const PgKind *k = &g->kind[l ? l->t.sub : c->this_kind];
        int r = pg_rand(g, 3);
        if (r == 0) {
            pg_put(b, "%s.%s %s ", name, k->s_num, pg_chance(g, 50) ? "+=" : "=");
            pg_small(c, b);
        } else if (r == 1 || k->mark_enum < 0) {
            pg_put(b, "%s.%s = ", name, k->s_flag);
            pg_bool(c, b, 2);
        } else {
            pg_put(b, "%s.%s = ", name, k->s_enum);
            pg_enum(c, b, k->mark_enum, 2);
        }
        return 1;
    }
    case 2: {
        if (!g->nvar)
            return 0;
        const PgVar *v = &g->var[pg_rand(g, g->nvar)];
        if (v->per_player && !pg_chance(g, 40)) {   /* a private one's too: a public value */
            pg_player(c, b, 1);
            pg_put(b, ".%s", v->name);
        } else if (v->per_player) {
            pg_put(b, "my %s", v->name);
        } else {
            pg_put(b, "%s", v->name);
        }
        if (v->t.ty == PG_INT) {
            pg_put(b, pg_chance(g, 50) ? " += " : " = ");
            pg_small(c, b);
        } else {
            pg_put(b, " = ");
            pg_expr(c, b, v->t, 2);
        }
        return 1;
    }
    case 3:
        if (!c->first_ok)
            return 0;
        pg_put(b, "%s = ", g->first);
        if (pg_chance(g, 50))
            pg_put(b, "random(players)");
        else
            pg_player(c, b, 2);
        return 1;
    default: {
        const PgLocal *l = pg_local(c, PG_INT, -1);
        if (!l)
            return 0;
        pg_put(b, "%s %s ", l->name, pg_chance(g, 50) ? "+=" : "=");
        pg_small(c, b);
        return 1;
    }
    }
}

/* let: a local of a random value type. */
static void let(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    static const int types[] = {PG_INT, PG_BOOL, PG_PLAYER, PG_ENUM};
    PgType t = {types[pg_rand(g, g->nen ? 4 : 3)], 0};
    if (t.ty == PG_ENUM)
        t.sub = pg_rand(g, g->nen);
    /* what I alone know, perhaps (under a secret condition: what it knows) */
    int save = c->mine, sec = c->pc;
    if (c->pc != PG_SEC_OTHER && !c->pure && pg_chance(g, 30)) {
        c->mine = 1;
        sec = PG_SEC_MINE;
    }
    PgBuf e = {0};
    if (t.ty == PG_INT)
        pg_small(c, &e);
    else
        pg_expr(c, &e, t, 2);
    c->mine = save;
    PgLocal *l = pg_push(c, t.ty, t.sub);
    l->sec = sec;
    pg_put(b, "let %s = %s", l->name, e.s);
    free(e.s);
}

/* if_stmt: if, else if, else. */
static void if_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    pg_put(b, "if ");
    pg_bool(c, b, 2);
    block(c, b, 1 + pg_rand(g, 2));
    if (pg_chance(g, 30)) {
        pg_put(b, " else if ");
        pg_bool(c, b, 2);
        block(c, b, 1);
    }
    if (pg_chance(g, 40)) {
        pg_put(b, " else");
        block(c, b, 1 + pg_rand(g, 2));
    }
}

/* collection: " in COLL" with a new local over it (cards of a zone or
   players); the local's sec says who knows the zone's cards (public_only:
   a public zone). */
static const PgLocal *collection(PgCtx *c, PgBuf *b, int players, int public_only)
{
    PgBuf t = {0};
    const PgLocal *l;
    if (players) {
        pg_put(&t, pg_chance(c->g, 20) ? "players" : "players");
        l = pg_push(c, PG_PLAYER, 0);
    } else {
        int k = pg_any_kind(c), sec;
        if (public_only)
            pg_zone_read(c, &t, k, &sec);
        else
            pg_zone_sec(c, &t, k, &sec);
        PgLocal *cl = pg_push(c, PG_CARD, k);
        cl->sec = sec;
        l = cl;
    }
    pg_put(b, "%s in %s", l->name, t.s);
    free(t.s);
    return l;
}

/* range_collection: " in LO..HI" (an array's range, or a small one) with
   a new int local over it (PG_F_ARRAYS). */
static const PgLocal *range_collection(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    int lo = pg_rand(g, 3), hi = lo + pg_rand(g, 3);
    for (int i = 0; i < g->narr; i++)
        if (g->arr[i].ranged && pg_chance(g, 60)) {
            lo = g->arr[i].lo;
            hi = g->arr[i].hi;
            break;
        }
    const PgLocal *l = pg_push(c, PG_INT, 0);
    pg_put(b, "%s in %d..%d", l->name, lo, hi);
    return l;
}

/* ranges: whether a loop here runs over a range (PG_F_ARRAYS, with chance pct). */
static int ranges(PgCtx *c, int pct)
{
    return (c->g->feat & PG_BIT(PG_F_ARRAYS)) && pg_chance(c->g, pct);
}

/* prompts: whether a prompt or a label with holes is written here
   (PG_F_PROMPTS, with chance pct). */
static int prompts(PgCtx *c, int pct)
{
    return (c->g->feat & PG_BIT(PG_F_PROMPTS)) && pg_chance(c->g, pct);
}

/* where: " where COND" using l (maybe none; none when l may not be
   read here: a condition on a secret would give it away). */
static int where(PgCtx *c, PgBuf *b, const PgLocal *l, int pct)
{
    if (!pg_chance(c->g, pct) || !pg_readable(c, l))
        return 0;
    PgBuf t = {0};
    pg_bool(c, &t, 2);
    pg_put(b, " where ");
    pg_using(c, b, l, t.s, 1);
    free(t.s);
    return 1;
}

/* up_to: with chance pct, "up to N " (PG_F_UP_TO) before a loop's or a
   stack's variable: N a small int (0 and the constant's value among them). */
static void up_to(PgCtx *c, PgBuf *b, int pct)
{
    if (!(c->g->feat & PG_BIT(PG_F_UP_TO)) || !pg_chance(c->g, pct))
        return;
    pg_put(b, "up to ");
    pg_small(c, b);
    pg_put(b, " ");
}

/* for_stmt: for (or simultaneously for) over a zone or the players. */
static void for_stmt(PgCtx *c, PgBuf *b, int simult)
{
    PgGen *g = c->g;
    int save = c->nloc;
    pg_put(b, "%sfor ", simult ? "simultaneously " : "");
    up_to(c, b, 20);
    const PgLocal *l =
        !simult && ranges(c, 20) ? range_collection(c, b) : collection(c, b, simult || pg_chance(g, 30), 0);
    int has_where = where(c, b, l, 50);
    int save_simult = c->simult, save_turns = c->turns_ok;
    if (simult) {   /* its choices are hidden (its turns' actions too: none) */
        c->simult = 1;
        c->turns_ok = 0;
    }
    if (!has_where && l->t.ty == PG_CARD && !(g->feat & PG_BIT(PG_F_BOX_LOOP))) {
        /* a body that only moves its card is PG_F_BOX_LOOP's: start it
           with a log (a card of a zone not every player sees: announced,
           and public from then on) */
        int sec[PG_MAX_LOCALS], n = c->nloc;
        secs_save(c, sec);
        pg_put(b, " {\n");
        c->ind++;
        indent(c, b);
        pg_put(b, "log %s\"at {%s}\"\n", l->sec ? "public " : "", l->name);
        c->loc[c->nloc - 1].sec = PG_SEC_PUBLIC;
        c->depth--;
        stmts(c, b, 1 + pg_rand(g, 2));
        c->depth++;
        c->ind--;
        indent(c, b);
        pg_put(b, "}");
        c->nloc = n;
        secs_restore(c, sec, n);
    } else {
        block(c, b, 1 + pg_rand(g, 2));
    }
    c->simult = save_simult;
    c->turns_ok = save_turns;
    c->nloc = save;
}

/* while_stmt: a while loop bounded by a counter of its own. */
static void while_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    if (g->nwhile >= 64)
        return;
    char *w = g->whilev[g->nwhile++];
    pg_fresh(g, w);
    pg_put(b, "%s = 0\n", w);
    indent(c, b);
    pg_put(b, "while %s < %d and ", w, 1 + pg_rand(g, 4));
    pg_bool(c, b, 2);
    pg_put(b, " {\n");
    c->ind++;
    indent(c, b);
    pg_put(b, "%s += 1\n", w);
    c->depth--;
    int save = c->nloc, sec[PG_MAX_LOCALS];
    secs_save(c, sec);
    stmts(c, b, 1 + pg_rand(g, 2));
    c->nloc = save;
    secs_restore(c, sec, save);
    c->depth++;
    c->ind--;
    indent(c, b);
    pg_put(b, "}");
}

/* by: " by P" perhaps, into t; returns whether written (the chooser is
   then P, not me). */
static int by(PgCtx *c, PgBuf *t)
{
    if (!pg_chance(c->g, 40))
        return 0;
    pg_put(t, " by ");
    pg_player(c, t, 1);
    return 1;
}

/* choose_stmt: choose [N | up to N] x in COLL [where] [by] [hidden] [label "..."] { } [else { }].
   A choice over a zone not every player sees is hidden; its where and
   label read the item only when its chooser knows it (my private zone,
   chosen by me); in its body the answer is known to the chooser alone. */
static void choose_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    int save = c->nloc, save_mine = c->mine;
    PgBuf who = {0}, ask = {0};
    int other = by(c, &who);   /* the chooser does not see the chosen */
    if (prompts(c, 40)) {   /* asked before anything is chosen: it cannot name the item */
        c->mine = 0;
        pg_put(&ask, " prompt ");
        pg_text(c, &ask, NULL);
        c->mine = save_mine;
    }
    pg_put(b, "choose ");
    int r = pg_rand(g, 4);
    if (r == 1)
        pg_put(b, "%d ", 1 + pg_rand(g, 3));
    else if (r == 2)
        pg_put(b, "up to %d ", 1 + pg_rand(g, 3));
    PgLocal *l = ranges(c, 10) ? (PgLocal *)range_collection(c, b) : (PgLocal *)collection(c, b, pg_chance(g, 20), 0);
    int hidden = l->sec != PG_SEC_PUBLIC || pg_chance(g, 25);
    int written = hidden && !c->simult;   /* inside simultaneously, hidden unsaid */
    hidden = hidden || c->simult;
    if (l->sec == PG_SEC_MINE && other)
        l->sec = PG_SEC_OTHER;   /* another player picks from my private zone: a blind pick */
    c->mine = l->sec == PG_SEC_MINE;
    int has_where = where(c, b, l, 40);
    c->mine = save_mine;
    pg_put(b, "%s%s", who.s ? who.s : "", written || (hidden && pg_chance(g, 30)) ? " hidden" : "");
    free(who.s);
    pg_put(b, "%s", ask.s ? ask.s : "");
    free(ask.s);
    if (pg_chance(g, 30) && l->sec != PG_SEC_OTHER) {   /* each item's label shows the item (to the chooser) */
        if (prompts(c, 70)) {   /* and what the chooser may know: his secrets only when he alone sees it */
            c->mine = hidden && !other;
            pg_put(b, " label ");
            pg_text(c, b, l);
            c->mine = save_mine;
        } else {
            pg_put(b, " label \"take {%s}\"", l->name);
        }
    }
    int secret_where = has_where && l->sec != PG_SEC_PUBLIC;
    if (hidden)   /* the answer: the chooser's */
        l->sec = other || l->sec == PG_SEC_OTHER ? PG_SEC_OTHER : PG_SEC_MINE;
    block(c, b, 1 + pg_rand(g, 2));
    c->nloc = save;
    if (!secret_where && pg_chance(g, 40)) {   /* no else after a secret where: it would tell */
        pg_put(b, " else");
        block(c, b, 1);
    }
}

/* menu: choose [by] [hidden] { option "..." [when] { } ... } (the last
   always offered). A hidden menu's option taken is its chooser's secret:
   its conditions may read what I alone know (chosen by me), and its
   bodies are private (no public effect). */
static void menu(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    pg_put(b, "choose");
    int other = by(c, b);
    int hidden = pg_chance(g, 25);
    if (hidden)
        pg_put(b, " hidden");
    hidden = hidden || c->simult;
    int n = 1 + pg_rand(g, 3), save_pc = c->pc, save_mine = c->mine;
    if (prompts(c, 40)) {
        c->mine = 0;   /* every player sees the question */
        pg_put(b, " prompt ");
        pg_text(c, b, NULL);
        c->mine = save_mine;
    }
    pg_put(b, " {\n");
    c->ind++;
    for (int i = 0; i < n; i++) {
        indent(c, b);
        if (prompts(c, 50)) {   /* a label with holes: its chooser's secrets only when he alone sees it */
            c->mine = hidden && !other && c->pc != PG_SEC_OTHER;
            pg_put(b, "option ");
            pg_text(c, b, NULL);
            c->mine = save_mine;
        } else {
            pg_put(b, "option \"%s %d\"", i % 2 ? "take \\\"it\\\"" : "option", i + 1);
        }
        if (i + 1 < n && pg_chance(g, 60)) {
            pg_put(b, " when ");
            c->mine = hidden && !other && c->pc != PG_SEC_OTHER && pg_chance(g, 60);
            pg_bool(c, b, 2);
            c->mine = save_mine;
        }
        if (hidden)
            c->pc = other || c->pc == PG_SEC_OTHER ? PG_SEC_OTHER : PG_SEC_MINE;
        block(c, b, 1 + pg_rand(g, 2));
        c->pc = save_pc;
        pg_put(b, "\n");
    }
    c->ind--;
    indent(c, b);
    pg_put(b, "}");
}

/* move_stmt: a card, the top/bottom/random card of a zone, or a zone, to a zone. */
static void move_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    static const char *const where_to[] = {"", " top", " bottom"};
    if ((g->feat & PG_BIT(PG_F_STACKS)) && pg_chance(g, 15)) {   /* a stack */
        int save = c->nloc;
        pg_put(b, "move ");
        up_to(c, b, 30);
        const PgLocal *s = collection(c, b, 0, 0);
        where(c, b, s, 70);
        pg_put(b, " to ");
        pg_zone(c, b, s->t.sub);
        pg_put(b, "%s", where_to[pg_rand(g, 3)]);
        c->nloc = save;
        return;
    }
    PgLocal *l = pg_local_any(c, PG_CARD, -1);
    if (l && pg_chance(g, 60)) {
        pg_put(b, "move %s to ", l->name);
        if (g->zone[pg_zone(c, b, l->t.sub)].vis == PG_VIS_PUBLIC)
            l->sec = PG_SEC_PUBLIC;   /* every player sees it now */
        pg_put(b, "%s", where_to[pg_rand(g, 3)]);
        return;
    }
    int k = pg_any_kind(c);
    PgBuf z = {0};
    pg_zone(c, &z, k);
    if (pg_chance(g, 60)) {
        static const char *const which[] = {"top", "bottom", "random"};
        pg_put(b, "if not empty(%s) { move %s(%s) to ", z.s, which[pg_rand(g, 3)], z.s);
        pg_zone(c, b, k);
        pg_put(b, "%s }", where_to[pg_rand(g, 3)]);
    } else {
        pg_put(b, "move %s to ", z.s);
        pg_zone(c, b, k);
        pg_put(b, "%s", where_to[pg_rand(g, 3)]);
    }
    free(z.s);
}

/* log_stmt: a log line with holes of several types; or an announcement
   (`log public`) of what I alone know, or of locals no player or only
   some know, each local then public. */
static void log_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    int announce = !c->pure && pg_chance(g, 25), save_mine = c->mine;
    pg_put(b, "log %s\"say \\\"%d\\\" \\\\ ", announce ? "public " : "", pg_rand(g, 100));
    if (announce) {
        c->mine = 1;
        PgLocal *x = NULL;
        for (int tries = 0; tries < 4 && !x; tries++) {
            x = pg_local_any(c, pg_rand(g, 6), -1);
            if (x && x->sec == PG_SEC_PUBLIC)
                x = NULL;
        }
        if (x) {
            pg_put(b, "{%s} ", x->name);
            x->sec = PG_SEC_PUBLIC;
        }
    }
    int n = 1 + pg_rand(g, 3);
    for (int i = 0; i < n; i++) {
        const PgLocal *l = card_local(c, 0);
        if (l && pg_chance(g, 30)) {
            const PgKind *k = &g->kind[l->t.sub];
            pg_put(b, "{%s} {%s.name} {%s.%s} ", l->name, l->name, l->name, k->f_label);
            continue;
        }
        static const int types[] = {PG_INT, PG_BOOL, PG_PLAYER, PG_SIDE, PG_ENUM};
        PgType t = {types[pg_rand(g, g->nen ? 5 : 4)], 0};
        if (t.ty == PG_ENUM)
            t.sub = pg_rand(g, g->nen);
        pg_put(b, "{");
        pg_expr(c, b, t, 1);
        pg_put(b, "} ");
    }
    pg_put(b, "\"");
    c->mine = save_mine;
}

/* secret_assign: my private variable, or my side's element of a private
   array, given what I alone know (or any value); 0 if there is none. */
static int secret_assign(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    int save = c->mine;
    c->mine = c->pc != PG_SEC_OTHER;
    if (g->narr && pg_chance(g, 40)) {
        for (int i = 0; i < g->narr; i++) {
            if (!g->arr[i].priv)
                continue;
            pg_elem(c, b, i);
            pg_put(b, " %s ", pg_chance(g, 50) ? "+=" : "=");
            pg_small(c, b);
            c->mine = save;
            return 1;
        }
    }
    int written = 0;
    for (int i = 0; i < g->nvar && !written; i++) {
        const PgVar *v = &g->var[i];
        if (!v->priv || (c->pc == PG_SEC_OTHER) || !pg_chance(g, 70))
            continue;
        pg_put(b, "my %s", v->name);
        if (v->t.ty == PG_INT) {
            pg_put(b, pg_chance(g, 50) ? " += " : " = ");
            pg_small(c, b);
        } else {
            pg_put(b, " = ");
            pg_expr(c, b, v->t, 2);
        }
        written = 1;
    }
    c->mine = save;
    return written;
}

/* private_stmt: a statement with no public effect, for a body under a
   secret condition (c->pc): a let, or my private variable set. */
static void private_stmt(PgCtx *c, PgBuf *b)
{
    if (c->pc == PG_SEC_MINE && pg_chance(c->g, 60)) {
        size_t at = b->len;
        if (secret_assign(c, b))
            return;
        b->len = at;
        b->s[at] = '\0';
    }
    let(c, b);
}

/* reveal_stmt: a card no player or only some know revealed to everyone
   (a local, public from then on), or to a player; a zone's cards or its
   top card shown to a player (`look`, `reveal ... to`). */
static void reveal_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    PgLocal *x = NULL;
    for (int tries = 0; tries < 4 && !x; tries++) {
        x = pg_local_any(c, PG_CARD, -1);
        if (x && (x->sec == PG_SEC_PUBLIC || g->kind[x->t.sub].is_die))
            x = NULL;
    }
    if (x && pg_chance(g, 70)) {
        if (pg_chance(g, 15)) {   /* to every player passing a public test */
            char p[PG_NAME];
            pg_fresh(g, p);
            pg_put(b, "reveal %s to all %s in players", x->name, p);
            if (pg_chance(g, 70))
                pg_put(b, " where %s.side == %s", p, g->side[pg_rand(g, g->nsides)]);
        } else if (pg_chance(g, 30)) {
            pg_put(b, "reveal %s to ", x->name);
            if (pg_chance(g, 30))
                pg_side(c, b, 1);
            else
                pg_player(c, b, 1);
        } else {
            pg_put(b, "reveal %s", x->name);
            x->sec = PG_SEC_PUBLIC;
        }
        return;
    }
    int k;
    do
        k = pg_rand(g, g->nkind);
    while (g->kind[k].is_die);
    PgBuf z = {0};
    pg_zone(c, &z, k);
    switch (pg_rand(g, 4)) {
    case 0:
        pg_put(b, "look ");
        pg_player(c, b, 1);
        pg_put(b, " at %s", z.s);
        break;
    case 1:
        pg_put(b, "reveal %s to ", z.s);
        pg_player(c, b, 1);
        break;
    case 2:
        pg_put(b, "if not empty(%s) { look ", z.s);
        pg_player(c, b, 1);
        pg_put(b, " at top(%s) }", z.s);
        break;
    default:
        pg_put(b, "if not empty(%s) { reveal %s(%s) }", z.s, pg_chance(g, 50) ? "top" : "bottom", z.s);
        break;
    }
    free(z.s);
}

/* call_stmt: a call of a procedure that may be called here, or 0. */
static int call_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    if (c->pr_limit <= 0)
        return 0;
    const PgCallable *p = &g->pr[pg_rand(g, c->pr_limit)];
    pg_put(b, "%s(", p->name);
    for (int i = 0; i < p->nparam; i++) {
        pg_put(b, i ? ", " : "");
        pg_expr(c, b, p->param[i], 1);
    }
    pg_put(b, ")");
    return 1;
}

/* turns_stmt: turns until N passes in a row (actions), or until back to the first player. */
static void turns_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    int save_turns = c->turns_ok, save_first = c->first_ok, save = c->nloc;
    c->turns_ok = 0;
    c->first_ok = 0;
    if (!(g->feat & PG_BIT(PG_F_TURNS)) || pg_chance(g, 40)) {
        pg_put(b, "turns from %s until next(me) == %s", g->first, g->first);
        if (g->feat & PG_BIT(PG_F_PLAYERS_OUT))   /* the first out: next(me) is never he */
            pg_put(b, " or %s.out", g->first);
        block(c, b, 1 + pg_rand(g, 3));
    } else {
        int all_pass = (g->feat & PG_BIT(PG_F_ALL_PASS)) && pg_chance(g, 40);
        if (all_pass)
            pg_put(b, "turns from %s until all pass", g->first);
        else
            pg_put(b, "turns from %s until %d passes in a row", g->first, 1 + pg_rand(g, 2));
        if (prompts(c, 40)) {
            pg_put(b, " prompt ");
            pg_text(c, b, NULL);
        }
        pg_put(b, " {\n");
        c->ind++;
        int n = 1 + pg_rand(g, 3);
        for (int i = 0; i < n; i++) {
            indent(c, b);
            int at = c->nloc;
            PgBuf fr = {0};
            const PgLocal *l = NULL;
            if (pg_chance(g, 40)) {
                pg_put(&fr, " for ");
                int over = (g->feat & PG_BIT(PG_F_ALL_PASS)) ? pg_rand(g, 4) : 0;   /* cards, players, a range */
                l = over == 3 ? range_collection(c, &fr) : collection(c, &fr, over == 2, 1);
                where(c, &fr, l, 50);
            }
            if (prompts(c, 50)) {   /* every player sees the label; it may show the item */
                pg_put(b, "action ");
                pg_text(c, b, l);
            } else {
                pg_put(b, "action \"act %d\"", i + 1);
            }
            pg_put(b, "%s", fr.s ? fr.s : "");
            free(fr.s);
            if (pg_chance(g, 40)) {
                int item = c->nloc;
                PgLocal hidden = item > at ? c->loc[at] : (PgLocal){{0}, {0, 0}, 0};
                c->nloc = at; /* 'when' does not see the item of 'for' */
                pg_put(b, " when ");
                pg_bool(c, b, 2);
                c->nloc = item;
                if (item > at)
                    c->loc[at] = hidden;
            }
            block(c, b, 1 + pg_rand(g, 2));
            c->nloc = at;
            pg_put(b, "\n");
        }
        indent(c, b);
        pg_put(b, "action \"pass\" pass");
        block(c, b, pg_rand(g, 2));
        pg_put(b, "\n");
        c->ind--;
        indent(c, b);
        pg_put(b, "}");
    }
    c->nloc = save;
    c->turns_ok = save_turns;
    c->first_ok = save_first;
}

/* compound: a statement that holds others, or 0 if none fits here. */
static int compound(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    switch (pg_rand(g, 8)) {
    case 0: if_stmt(c, b); return 1;
    case 1: for_stmt(c, b, 0); return 1;
    case 2:
        if (!(g->feat & PG_BIT(PG_F_WHILE)))
            return 0;
        while_stmt(c, b);
        return 1;
    case 3:
        if (!(g->feat & PG_BIT(PG_F_CHOOSE)))
            return 0;
        choose_stmt(c, b);
        return 1;
    case 4:
        if (!(g->feat & PG_BIT(PG_F_MENUS)))
            return 0;
        menu(c, b);
        return 1;
    case 5:
        if (!c->turns_ok)
            return 0;
        turns_stmt(c, b);
        return 1;
    case 6:
        if (!(g->feat & PG_BIT(PG_F_SIMULT)))
            return 0;
        for_stmt(c, b, 1);
        return 1;
    default: if_stmt(c, b); return 1;
    }
}

/* dice_stmt: a rule on the interchangeable dice: a roll, or a move of
   them (a zone, up to N of a face or of any, all of a face) to another of
   their zones, or out of the box; or a log of their counts. */
static void dice_stmt(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    int a = pg_rand(g, g->nizone), t = (a + 1 + pg_rand(g, g->nizone - 1)) % g->nizone;
    if (g->izone_pp[a] && pg_chance(g, 30))
        t = a;   /* a player's zone to another player's (or his own) */
    PgBuf from = {0}, to = {0};
    pg_dice_zone(c, &from, a);
    pg_dice_zone(c, &to, t);
    char d[PG_NAME];
    pg_fresh(g, d);
    switch (pg_rand(g, 9)) {
    case 0: pg_put(b, "roll %s", from.s); break;
    case 1: pg_put(b, "move %s to %s", from.s, to.s); break;
    case 2: case 3:
        pg_put(b, "move up to (");
        pg_small(c, b);
        pg_put(b, ") %s in %s", d, from.s);
        if (pg_chance(g, 60)) {
            pg_put(b, " where %s.face == ", d);
            pg_dice_face(c, b);
        }
        pg_put(b, " to %s", to.s);
        break;
    case 4:
        pg_put(b, "for %s in %s where %s.face == ", d, from.s, d);
        pg_dice_face(c, b);
        pg_put(b, " { move %s to %s }", d, to.s);
        break;
    case 5: pg_put(b, "for %s in %s { move %s to %s }", d, from.s, d, to.s); break;
    case 6: pg_put(b, "for %s in box where %s is %s { move %s to %s }", d, d, g->idie, d, from.s); break;
    case 8:
        pg_put(b, "roll %s in %s where %s.face == ", d, from.s, d);
        pg_dice_face(c, b);
        break;
    default:
        pg_put(b, "log \"%s {count(%s)}, ", g->izone[a], from.s);
        pg_dice_face(c, b);
        pg_put(b, " {count(%s in %s where %s.face == ", d, from.s, d);
        pg_dice_face(c, b);
        pg_put(b, ")}\"");
        break;
    }
    free(from.s);
    free(to.s);
}

/* simple: a statement that holds none, or 0 if the pick does not fit here. */
static int simple(PgCtx *c, PgBuf *b)
{
    PgGen *g = c->g;
    if (g->nizone && pg_chance(g, 10)) {
        dice_stmt(c, b);
        return 1;
    }
    if ((g->has_map || g->has_pool) && pg_chance(g, 15) && pg_world_stmt(c, b))
        return 1;
    if ((g->feat & PG_BIT(PG_F_PLAYERS_OUT)) && c->win_ok && pg_chance(g, 4)) {
        /* never the last player in (a runtime error): the game goes on */
        pg_put(b, "if count(q in players where not q.out) > 1 { eliminate ");
        pg_player(c, b, 1);
        pg_put(b, " }");
        return 1;
    }
    switch (pg_rand(g, 14)) {
    case 0: case 1: return assign(c, b);
    case 11: reveal_stmt(c, b); return 1;
    case 12: return !c->pure && secret_assign(c, b);
    case 2: let(c, b); return 1;
    case 3: case 4: move_stmt(c, b); return 1;
    case 5: {
        PgBuf z = {0};
        pg_zone(c, &z, pg_any_kind(c));
        pg_put(b, "shuffle %s", z.s);
        free(z.s);
        return 1;
    }
    case 6: {
        if (g->die < 0)
            return 0;
        const PgLocal *l = card_local(c, 1);
        if (l && pg_chance(g, 50)) {
            pg_put(b, "roll %s", l->name);
            return 1;
        }
        pg_put(b, "roll ");
        pg_zone(c, b, g->die);
        return 1;
    }
    case 7: {
        const PgLocal *l = card_local(c, 0);
        if (!c->run_ok || !l || !g->kind[l->t.sub].has_power)
            return 0;
        pg_put(b, "run %s.%s", l->name, g->kind[l->t.sub].f_power);
        if (pg_chance(g, 40)) {
            pg_put(b, " as ");
            pg_player(c, b, 1);
        }
        return 1;
    }
    case 8: return call_stmt(c, b);
    case 9: log_stmt(c, b); return 1;
    case 10:
        if (!c->win_ok || !pg_chance(g, 15))
            return 0;
        pg_put(b, "if ");
        pg_bool(c, b, 2);
        if (pg_chance(g, 20)) {
            pg_put(b, pg_chance(g, 50) ? " { draw_game }" : " { lose_game }");
        } else if (pg_chance(g, 30)) {
            pg_put(b, " { win all p in players where p.%s > 0 }", g->ctr[0].name);
        } else {
            pg_put(b, " { win ");
            pg_player(c, b, 1);
            pg_put(b, " }");
        }
        return 1;
    default: return assign(c, b);
    }
}

/* stmts: n statements, each on its own line. */
static void stmts(PgCtx *c, PgBuf *b, int n)
{
    for (int i = 0; i < n; i++) {
        indent(c, b);
        for (;;) {
            size_t at = b->len;
            if (c->pc) {
                private_stmt(c, b);
                break;
            }
            if (c->depth > 0 && pg_chance(c->g, 45) ? compound(c, b) : simple(c, b))
                break;
            b->len = at;
            b->s[at] = '\0';
        }
        pg_put(b, "\n");
    }
}

/* context: a fresh scope for a script of the given place. */
static void context(PgCtx *c, PgGen *g, int where_, int ind)
{
    memset(c, 0, sizeof *c);
    c->g = g;
    c->this_kind = -1;
    c->fn_limit = g->nfn;
    c->pr_limit = g->npr;
    c->depth = 3;
    c->ind = ind;
    c->win_ok = 1;
    c->run_ok = where_ == PG_IN_ROUND || where_ == PG_IN_SETUP;
    c->turns_ok = c->run_ok && (g->feat & PG_BIT(PG_F_TURNS));
    c->first_ok = c->run_ok;
    if (!(g->feat & PG_BIT(PG_F_ABILITIES)))
        c->run_ok = 0;
}

/* pg_script: see pg_int.h. */
void pg_script(PgGen *g, PgBuf *b, int where_, int n)
{
    PgCtx c;
    context(&c, g, where_, where_ == PG_IN_ROUND ? 2 : 1);
    stmts(&c, b, n);
}

/* pg_ability: see pg_int.h. */
void pg_ability(PgGen *g, PgBuf *b, int k)
{
    PgCtx c;
    context(&c, g, PG_IN_ABILITY, 2);
    c.this_kind = k;
    c.depth = 2;
    stmts(&c, b, 1 + pg_rand(g, 2));
}

/* param: a parameter of a random value type, pushed as a local. */
static PgType param(PgCtx *c, PgBuf *b, int i)
{
    PgGen *g = c->g;
    static const int types[] = {PG_PLAYER, PG_INT, PG_BOOL, PG_ENUM, PG_SIDE};
    PgType t = {types[i == 0 ? 0 : pg_rand(g, g->nen ? 5 : 3)], 0};
    if (t.ty == PG_ENUM)
        t.sub = pg_rand(g, g->nen);
    const PgLocal *l = pg_push(c, t.ty, t.sub);
    static const char *const names[] = {"int", "bool", "player", "side"};
    pg_put(b, "%s%s: %s", i ? ", " : "", l->name, t.ty == PG_ENUM ? g->en[t.sub].name : names[t.ty]);
    return t;
}

/* pg_decl_functions: see pg_int.h. Function i calls only functions before it. */
void pg_decl_functions(PgGen *g, PgBuf *b)
{
    if (!(g->feat & PG_BIT(PG_F_FUNCTIONS)))
        return;
    g->nfn = 1 + pg_rand(g, 5);
    for (int i = 0; i < g->nfn; i++) {
        PgCallable *f = &g->fn[i];
        PgCtx c;
        context(&c, g, PG_IN_PROC, 0);
        c.pure = 1;
        c.fn_limit = i;
        pg_fresh(g, f->name);
        pg_put(b, "function %s(", f->name);
        f->nparam = 1 + pg_rand(g, 2);
        for (int p = 0; p < f->nparam; p++)
            f->param[p] = param(&c, b, p);
        static const int rets[] = {PG_INT, PG_BOOL, PG_ENUM};
        f->ret.ty = rets[pg_rand(g, g->nen ? 3 : 2)];
        f->ret.sub = f->ret.ty == PG_ENUM ? pg_rand(g, g->nen) : 0;
        pg_put(b, ") : %s =\n  ", f->ret.ty == PG_ENUM ? g->en[f->ret.sub].name : f->ret.ty == PG_INT ? "int" : "bool");
        PgBuf body = {0};
        pg_expr(&c, &body, f->ret, 3);
        /* every parameter used (unless PG_F_UNUSED_VAR): "if use then body else ..." */
        PgBuf whole = {0};
        pg_put(&whole, "%s", body.s);
        for (int p = 0; p < f->nparam; p++) {
            if (pg_uses(whole.s, c.loc[p].name) || (g->feat & PG_BIT(PG_F_UNUSED_VAR)))
                continue;
            PgBuf t = {0};
            pg_put(&t, "(if %s == ", c.loc[p].name);
            pg_expr(&c, &t, f->param[p], 0);
            pg_put(&t, " then %s else ", whole.s);
            pg_expr(&c, &t, f->ret, 1);
            pg_put(&t, ")");
            free(whole.s);
            whole = t;
        }
        pg_put(b, "%s\n", whole.s);
        free(whole.s);
        free(body.s);
        f->has_agg = c.has_agg || c.called_agg;
        f->draws = c.drew;
    }
}

/* pg_decl_procedures: see pg_int.h. Procedure i calls only procedures before it. */
void pg_decl_procedures(PgGen *g, PgBuf *b)
{
    if (!(g->feat & PG_BIT(PG_F_PROCEDURES)))
        return;
    g->npr = 1 + pg_rand(g, 3);
    for (int i = 0; i < g->npr; i++) {
        PgCallable *p = &g->pr[i];
        PgCtx c;
        context(&c, g, PG_IN_PROC, 1);
        c.pr_limit = i;
        c.depth = 2;
        pg_fresh(g, p->name);
        pg_put(b, "procedure %s(", p->name);
        p->nparam = pg_rand(g, 3);
        for (int k = 0; k < p->nparam; k++)
            p->param[k] = param(&c, b, k);
        pg_put(b, ") {\n");
        stmts(&c, b, 1 + pg_rand(g, 3));
        pg_put(b, "}\n");
    }
}
