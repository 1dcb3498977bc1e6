/* rt_view.c: the text view of a game as one player may see it (zones, counters, the pending decision). */
#include "rt_internal.h"

static void print_card(const RtGame *g, RtValue card, FILE *out)
{
    const RtKindDef *k = &g->def->kinds[g->def->cards[g->inst_card[card]].kind];
    const int32_t *cs = rt__card(g, card);
    fprintf(out, "\"%s\"", rt__card_label(g, card));
    int any = 0;
    for (int s = 0; s < k->nstate; s++) {
        if (cs[1 + s] == k->state_defaults[s])
            continue;
        fprintf(out, "%s%s=%d", any ? " " : " (", k->state_names && k->state_names[s] ? k->state_names[s] : "?",
                (int)cs[1 + s]);
        any = 1;
    }
    if (any)
        fputc(')', out);
}

/* rt_view_print: what player (-1: everything) may see now: the round, the
   counters, each zone (cards it may see, top first, with the state that
   differs from the defaults; else a count; the box is left out), then the
   result or the pending decision. */
void rt_view_print(const RtGame *g, int player, FILE *out)
{
    const RtGameDef *def = g->def;
    const RtHeader *h = rt__hdr(g);
    char a[200], b[200];
    fprintf(out, "round %d\n", (int)h->round);
    for (int v = 0; v < def->nvars; v++) {
        const RtVarDef *d = &def->vars[v];
        fprintf(out, "%s:", d->name);
        if (d->per_player) {
            for (int p = 0; p < g->nplayers; p++)
                fprintf(out, "%s %s %s", p ? "," : "", rt_player_name(g, p, a, sizeof a),
                        d->visibility == RT_PRIVATE && player >= 0 && p != player
                            ? "(hidden)" : rt__value_text(g, d->type, rt_get(g, v, p), b, sizeof b));
        } else {
            fprintf(out, " %s", rt__value_text(g, d->type, rt_get(g, v, 0), b, sizeof b));
        }
        fputc('\n', out);
    }
    for (int z = g->decl_first[def->nzones > 1 ? 1 : 0]; def->nzones > 1 && z < g->nzi; z++) {
        const int32_t *zc = rt__zone(g, z);
        fprintf(out, "%s:", rt__zone_label(g, z, a, sizeof a));
        int visible = player < 0 || (player < RT_MAX_PLAYERS && (rt__zone_vis(g, z) >> player & 1u));
        if (zc[0] == 0)
            fputs(" empty", out);
        else if (!visible)
            fprintf(out, " %d card%s", (int)zc[0], zc[0] == 1 ? "" : "s");
        else
            for (int i = zc[0] - 1; i >= 0; i--) {
                fputs(i == zc[0] - 1 ? " " : ", ", out);
                print_card(g, zc[1 + i], out);
            }
        fputc('\n', out);
    }
    if (h->status == RT_FAILED) {
        fprintf(out, "game over: error %s\n", h->error);
    } else if (h->status == RT_OVER) {
        fputs("game over:", out);
        if (!h->winners)
            fputs(" draw", out);
        for (int p = 0; p < g->nplayers; p++)
            if (h->winners >> p & 1u)
                fprintf(out, " %s wins", rt_player_name(g, p, a, sizeof a));
        fputc('\n', out);
    } else if (h->pending == RT_DEC_WAITING) {
        fprintf(out, "%s to choose: %s\n", rt_player_name(g, h->dec_player, a, sizeof a), rt__string(g, h->dec_prompt));
    }
}
