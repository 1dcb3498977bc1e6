/* rt_view.c: the text view of a game as one player may see it (zones, counters, the pending decision); names escaped (rt__put_esc). */
#include "rt_internal.h"

static void print_card(const RtGame *g, RtValue card, FILE *out)
{
    const RtKindDef *k = &g->def->kinds[g->def->cards[g->inst_card[card]].kind];
    const int32_t *cs = rt__card(g, card);
    fputc('"', out);
    rt__put_esc(out, rt__card_label(g, card));
    fputc('"', out);
    int any = 0;
    for (int s = 0; s < k->nstate; s++) {
        if (cs[1 + s] == k->state_defaults[s])
            continue;
        fputs(any ? " " : " (", out);
        rt__put_esc(out, k->state_names && k->state_names[s] ? k->state_names[s] : "?");
        fprintf(out, "=%d", (int)cs[1 + s]);
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
        rt__put_esc(out, d->name);
        fputc(':', out);
        if (d->per_player) {
            for (int p = 0; p < g->nplayers; p++) {
                fputs(p ? ", " : " ", out);
                rt__put_esc(out, rt_player_name(g, p, a, sizeof a));
                fputc(' ', out);
                rt__put_esc(out, d->visibility == RT_PRIVATE && player >= 0 && p != player
                                     ? "(hidden)" : rt__value_text(g, d->type, rt_get(g, v, p), b, sizeof b));
            }
        } else {
            fputc(' ', out);
            rt__put_esc(out, rt__value_text(g, d->type, rt_get(g, v, 0), b, sizeof b));
        }
        fputc('\n', out);
    }
    for (int z = g->decl_first[def->nzones > 1 ? 1 : 0]; def->nzones > 1 && z < g->nzi; z++) {
        const int32_t *zc = rt__zone(g, z);
        rt__put_esc(out, rt__zone_label(g, z, a, sizeof a));
        fputc(':', out);
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
        fputs("game over: error ", out);
        rt__put_esc(out, h->error);
        fputc('\n', out);
    } else if (h->status == RT_OVER) {
        fputs("game over:", out);
        if (!h->winners)
            fputs(" draw", out);
        for (int p = 0; p < g->nplayers; p++)
            if (h->winners >> p & 1u) {
                fputc(' ', out);
                rt__put_esc(out, rt_player_name(g, p, a, sizeof a));
                fputs(" wins", out);
            }
        fputc('\n', out);
    } else if (h->pending == RT_DEC_WAITING) {
        rt__put_esc(out, rt_player_name(g, h->dec_player, a, sizeof a));
        fputs(" to choose: ", out);
        rt__put_esc(out, rt__string(g, h->dec_prompt));
        fputc('\n', out);
    }
}
