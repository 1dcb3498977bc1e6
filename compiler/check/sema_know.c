/* sema_know.c: the checker of what a player is shown: `reveal X [to P]` and `look P at X`. */
#include "sema_internal.h"

#include "cardrt.h"

/* check_shown: what is shown, a card or a zone (every card of it). */
static void check_shown(Sema *S, AstNode *e, const char *verb)
{
    char tb[160];
    Type t = sema_check_expr(S, e);
    if (t.base != T_ERROR && t.base != T_CARD && t.base != T_ZONE)
        diag_error(S->d, e->loc, "'%s' needs a card or a zone, not %s", verb, sema_type_name(S, t, tb, sizeof tb));
}

/* sema_check_reveal: reveal -> "reveal" expr ["to" (expr | "all" NAME "in"
   expr ["where" expr])]; look -> "look" expr "at" expr. Sets s->sem_extra
   to who learns (RT_REVEAL_*; each player of the loop for `to all`). */
void sema_check_reveal(Sema *S, AstNode *s)
{
    char tb[160];
    if (s->op == 'l') {
        sema_expect(S, s->b, T_PLAYER, "who looks");
        check_shown(S, s->a, "look ... at");
        s->sem_extra = RT_REVEAL_LOOK;
        return;
    }
    check_shown(S, s->a, "reveal");
    s->sem_extra = RT_REVEAL_ALL;
    if (s->op == 'a') {   /* to all p in players [where c]: each player passing c */
        int save = S->nscope;
        Type ct = sema_check_expr(S, s->d);
        if (ct.base != T_ERROR && ct.base != T_PLAYERS)
            diag_error(S->d, s->d->loc, "'reveal ... to all' ranges over 'players'");
        s->ival = sema_bind(S, s->name, mk(T_PLAYER, -1), s->loc2);
        if (s->c)
            sema_expect(S, s->c, T_BOOL, "a 'where' condition");
        S->nscope = save;
        s->sem_extra = RT_REVEAL_PLAYER;
        return;
    }
    if (!s->b)
        return;
    Type t = sema_check_expr(S, s->b);
    if (t.base == T_PLAYER)
        s->sem_extra = RT_REVEAL_PLAYER;
    else if (t.base == T_SIDE)
        s->sem_extra = RT_REVEAL_SIDE;
    else if (t.base != T_ERROR)
        diag_error(S->d, s->b->loc, "'reveal ... to' needs a player or a side, not %s",
                   sema_type_name(S, t, tb, sizeof tb));
}
