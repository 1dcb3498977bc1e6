/* sema_prompts.c: the checker's texts with holes (labels and prompts), `eliminate` and `teams`. */
#include "sema_internal.h"

#include <string.h>

/* sema_check_holes: the `{expr}` holes of a label or prompt (what names
   it): each is checked in the current scope and must be a value a text
   can show (a number, bool, text, player, side, card or enum value). */
void sema_check_holes(Sema *S, AstList *holes, const char *what)
{
    for (int i = 0; i < holes->count; i++) {
        AstNode *h = holes->items[i];
        Type t = sema_check_expr(S, h);
        if (t.base == T_ZONE || t.base == T_PLAYERS || t.base == T_SIDES || t.base == T_ABILITY
            || t.base == T_VOID || t.base == T_SPACES) {
            char b[96];
            diag_error(S->d, h->loc, "a %s cannot be shown in a %s", sema_type_name(S, t, b, sizeof b), what);
        }
    }
}

/* eliminate -> "eliminate" expr: the expression must be a player. */
void sema_check_eliminate(Sema *S, AstNode *s)
{
    sema_expect(S, s->a, T_PLAYER, "the player to eliminate");
    S->m->eliminates = 1;
}

/* teams -> "teams" (in `game`): every number of players the game allows
   splits evenly among its sides, seat i playing side i mod the number of
   sides; sets the model's teams. */
void sema_check_teams(Sema *S, const AstNode *game)
{
    Model *m = S->m;
    for (int i = 0; i < game->list.count; i++) {
        const AstNode *it = game->list.items[i];
        if (it->kind != AST_NAME || strcmp(it->name, "teams") != 0)
            continue;
        if (m->teams) {
            diag_error(S->d, it->loc, "'teams' is given twice");
            continue;
        }
        m->teams = 1;
        if (m->nsides < 2) {
            diag_error(S->d, it->loc, "teams need at least two sides ('sides a \"A\", b \"B\"')");
            continue;
        }
        for (int n = m->min_players; n >= 1 && n <= m->max_players; n++) {
            if (n % m->nsides != 0) {
                diag_error(S->d, it->loc,
                           "teams: %d players do not split evenly among %d sides (seat i plays side i mod %d)", n,
                           m->nsides, m->nsides);
                break;
            }
        }
    }
}
