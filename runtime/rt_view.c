/* rt_view.c: the text view of a game as one player may see it (the play
   screen, docs/runtime.md "The play screen"): the round, the game's view
   values and maps, its variables, its zones with their cards' printed fields and
   state, then the result or the pending decision; names escaped
   (rt__put_esc). */
#include "rt_internal.h"

#include <stdlib.h>
#include <string.h>

/* var_shown / zone_shown: whether the def's view leaves the variable or
   zone declaration on the screen. */
static int var_shown(const RtGameDef *def, int v)
{
    return !def->view || !def->view->var_hidden || !def->view->var_hidden[v];
}
static int zone_shown(const RtGameDef *def, int zone_decl)
{
    return !def->view || !def->view->zone_hidden || !def->view->zone_hidden[zone_decl];
}

/* print_card_state: one line for a card the viewer sees, its state slots
   being state: its name, its state (every slot, by type: booleans as
   words, faces and enums by name), its printed fields; its text on the
   next line, indented. */
static void print_card_state(const RtGame *g, RtValue card, const int32_t *state, FILE *out)
{
    int cd = g->inst_card[card];
    const RtKindDef *k = &g->def->kinds[g->def->cards[cd].kind];
    const RtViewDef *view = g->def->view;
    char buf[200];
    fputs("    \"", out);
    rt__put_esc(out, rt__card_label(g, card));
    fputc('"', out);
    for (int s = 0; s < k->nstate; s++) {
        fputs(s ? ", " : " (", out);
        rt__put_esc(out, k->state_names && k->state_names[s] ? k->state_names[s] : "?");
        fputc(' ', out);
        rt__put_esc(out, rt__value_text(g, k->state_types ? k->state_types[s] : RT_TY_INT, state[s], buf, sizeof buf));
    }
    if (k->nstate)
        fputc(')', out);
    if (view && view->card_fields && view->card_fields[cd][0]) {
        fputs(": ", out);
        rt__put_esc(out, view->card_fields[cd]);
    }
    fputc('\n', out);
    if (view && view->card_texts && view->card_texts[cd][0]) {
        fputs("      ", out);
        rt__put_esc(out, view->card_texts[cd]);
        fputc('\n', out);
    }
}

/* print_card: print_card_state of card with its own state. */
static void print_card(const RtGame *g, RtValue card, FILE *out) { print_card_state(g, card, rt__card(g, card) + 1, out); }

/* print_dice: the dice of zone z, a zone of interchangeable dice (dz) in
   a game that keeps them as counts, as print_card prints them in a game
   that keeps them as cards: a line a die, the greatest faces on top (the
   dice are one card's copies: any of them names them). */
static void print_dice(const RtGame *g, int z, const RtDiceZone *dz, FILE *out)
{
    int kind = g->def->zones[g->zi_decl[z]].kind, die = -1;
    for (int c = 0; c < g->ninst && die < 0; c++)
        die = g->inst_kind[c] == kind ? c : -1;
    const int32_t *counts = rt__dice_faces(g, z, dz);
    for (int i = dz->ncells - 2; die >= 0 && i >= 0; i--)
        for (int32_t n = 0; n < counts[i]; n++) {
            int32_t face = dz->lo + i;
            print_card_state(g, die, &face, out);
        }
}

/* print_values: the def's view values, each evaluated on a copy of the
   game (a value that fails shows "?" and fails only the copy). */
static void print_values(const RtGame *g, int player, FILE *out)
{
    const RtViewDef *view = g->def->view;
    if (!view || view->nvalues <= 0)
        return;
    RtGame *copy = rt_clone(g);
    char a[200], b[200];
    for (int i = 0; i < view->nvalues; i++) {
        const RtViewValue *w = &view->values[i];
        rt__put_esc(out, w->name);
        fputc(':', out);
        for (int p = 0; p < (w->per_player ? g->nplayers : 1); p++) {
            fputs(p ? ", " : " ", out);
            if (w->per_player) {
                rt__put_esc(out, rt_player_name(g, p, a, sizeof a));
                fputc(' ', out);
            }
            RtValue x = copy ? w->fn(copy, w->per_player ? p : (player >= 0 ? player : 0)) : 0;
            if (!copy || rt_failed(copy)) {
                fputc('?', out);
                if (copy)
                    rt_copy_state(copy, g);
            } else {
                rt__put_esc(out, rt__value_text(g, w->type, x, b, sizeof b));
            }
        }
        fputc('\n', out);
    }
    rt_free(copy);
}

/* put_words: name with its underscores written as spaces. */
static void put_words(FILE *out, const char *name)
{
    char buf[200];
    size_t n = 0;
    for (; name[n] && n + 1 < sizeof buf; n++)
        buf[n] = name[n] == '_' ? ' ' : name[n];
    buf[n] = '\0';
    rt__put_esc(out, buf);
}

/* print_stack: the cards of zone z as player sees them, after "NAME: "
   (and "; " unless it is the space's first item):
   the names, each once with its count ("Stormtrooper x3"), in the order
   they first come from the top; a zone he does not see as a count; an
   empty zone not at all. *sep is the text before the next part. */
static void print_stack(const RtGame *g, int player, const char *name, int z, const char **sep, FILE *out)
{
    const int32_t *zc = rt__zone(g, z);
    if (zc[0] == 0)
        return;
    fputs(strcmp(*sep, ": ") == 0 ? ": " : "; ", out);
    *sep = "; ";
    put_words(out, name);
    fputs(": ", out);
    if (!(player < 0 || (player < RT_MAX_PLAYERS && (rt__zone_vis(g, z) >> player & 1u)))) {
        fprintf(out, "%d card%s", (int)zc[0], zc[0] == 1 ? "" : "s");
        return;
    }
    int shown = 0;
    for (int i = zc[0] - 1; i >= 0; i--) {
        const char *label = rt__card_label(g, zc[1 + i]);
        int first = 1, count = 0;
        for (int j = zc[0] - 1; j >= 0; j--) {
            int same = strcmp(rt__card_label(g, zc[1 + j]), label) == 0;
            if (same && j > i)
                first = 0;
            count += same;
        }
        if (!first)
            continue;
        fputs(shown++ ? ", " : "", out);
        rt__put_esc(out, label);
        if (count > 1)
            fprintf(out, " x%d", count);
    }
}

/* print_maps: each map the view shows, its spaces group by group
   ("  Core Worlds:"), a space a line: its name, then its items: a bool
   function's name (underscores as spaces) when true, another function's
   name and value, each zone's cards (print_stack); the functions are
   evaluated on a copy of the game (a value that fails shows "?"). */
static void print_maps(const RtGame *g, int player, FILE *out)
{
    const RtViewDef *view = g->def->view;
    if (!view || view->nmaps <= 0)
        return;
    RtGame *copy = rt_clone(g);
    char b[200];
    for (int v = 0; v < view->nmaps; v++) {
        const RtViewMap *map = &view->maps[v];
        rt__put_esc(out, map->title);
        fputs(":\n", out);
        for (int i = 0; i < map->nspaces; i++) {
            int s = map->order[i];
            if (map->group[i][0] && (i == 0 || strcmp(map->group[i], map->group[i - 1]) != 0)) {
                fputs("  ", out);
                rt__put_esc(out, map->group[i]);
                fputs(":\n", out);
            }
            RtValue card = g->card_inst[map->card[s]];
            fputs(map->group[i][0] ? "    " : "  ", out);
            rt__put_esc(out, rt__card_label(g, card));
            const char *sep = ": ";
            for (int k = 0; k < map->nitems; k++) {
                const RtViewMapItem *it = &map->items[k];
                if (it->zone >= 0) {
                    print_stack(g, player, it->name, (int)g->decl_first[it->zone + s], &sep, out);
                    continue;
                }
                RtValue x = copy ? it->fn(copy, card) : 0;
                int failed = !copy || rt_failed(copy);
                if (failed && copy)
                    rt_copy_state(copy, g);
                if (it->type == RT_TY_BOOL && !failed && !x)
                    continue;
                fputs(sep, out);
                sep = ", ";
                put_words(out, it->name);
                if (it->type != RT_TY_BOOL || failed) {
                    fputc(' ', out);
                    rt__put_esc(out, failed ? "?" : rt__value_text(g, it->type, x, b, sizeof b));
                }
            }
            fputc('\n', out);
        }
    }
    rt_free(copy);
}

/* print_vars: each variable the view shows, per player when per player
   (a private one of another player, or of a side player is not on, as
   "(hidden)"). */
static void print_vars(const RtGame *g, int player, FILE *out)
{
    const RtGameDef *def = g->def;
    char a[200], b[200];
    for (int v = 0; v < def->nvars; v++) {
        const RtVarDef *d = &def->vars[v];
        if (!var_shown(def, v))
            continue;
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
            rt__put_esc(out, player >= 0 && !(rt__var_seers(g, v, RT_NONE) >> player & 1u)
                                 ? "(hidden)" : rt__value_text(g, d->type, rt_get(g, v, 0), b, sizeof b));
        }
        fputc('\n', out);
    }
}

/* named_after: card a's name sorts after card b's. */
static int named_after(const RtGame *g, RtValue a, RtValue b)
{
    return strcmp(rt__card_label(g, a), rt__card_label(g, b)) > 0;
}

/* print_known: the cards of zone (cells zc) that player does not see but
   has been shown and not lost track of (rt_know.c), each on a line
   `    seen "NAME"`: first those whose place he knows in an ordered zone,
   top first, with their position from the top; then the others by name
   (their order in the zone is what he does not know). */
static void print_known(const RtGame *g, int player, RtValue zone, const int32_t *zc, FILE *out)
{
    int ordered = g->def->zones[g->zi_decl[zone]].ordered, nloose = 0;
    RtValue *loose = malloc(sizeof *loose * (size_t)(zc[0] > 0 ? zc[0] : 1));
    for (int i = zc[0] - 1; i >= 0; i--) {
        int k = rt__knows(g, player, zc[1 + i]);
        if (k == 0)
            continue;
        if (k != 2 || !ordered) {
            if (loose)
                loose[nloose++] = zc[1 + i];
            continue;
        }
        fputs("    seen \"", out);
        rt__put_esc(out, rt__card_label(g, zc[1 + i]));
        fprintf(out, "\", position %d from the top\n", (int)zc[0] - i);
    }
    for (int i = 1; i < nloose; i++)   /* insertion sort by name: a zone holds few known cards */
        for (int j = i; j > 0 && named_after(g, loose[j - 1], loose[j]); j--) {
            RtValue c = loose[j];
            loose[j] = loose[j - 1];
            loose[j - 1] = c;
        }
    for (int i = 0; i < nloose; i++) {
        fputs("    seen \"", out);
        rt__put_esc(out, rt__card_label(g, loose[i]));
        fputs("\"\n", out);
    }
    free(loose);
}

/* print_zones: each zone the view shows but the box: one the viewer sees
   with a line per card (top first), another as a count; the empty ones
   on one line at the end. */
static void print_zones(const RtGame *g, int player, FILE *out)
{
    const RtGameDef *def = g->def;
    char a[200];
    int nempty = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int z = def->nzones > 1 ? g->decl_first[1] : g->nzi; z < g->nzi; z++) {
            const int32_t *zc = rt__zone(g, z);
            if (!zone_shown(def, g->zi_decl[z]) || (pass == 0) != (zc[0] > 0))
                continue;
            if (pass == 1) {
                fputs(nempty++ ? ", " : "empty: ", out);
                rt__put_esc(out, rt__zone_label(g, z, a, sizeof a));
                continue;
            }
            int visible = player < 0 || (player < RT_MAX_PLAYERS && (rt__zone_vis(g, z) >> player & 1u));
            const RtDiceZone *dice = rt__hdr(g)->counted ? rt__dice_zone(g, z) : NULL;   /* kept as counts */
            rt__put_esc(out, rt__zone_label(g, z, a, sizeof a));
            fprintf(out, ": %d card%s\n", (int)zc[0], zc[0] == 1 ? "" : "s");
            if (dice)
                print_dice(g, z, dice, out);
            else if (visible)
                for (int i = zc[0] - 1; i >= 0; i--)
                    print_card(g, zc[1 + i], out);
            else
                print_known(g, player, z, zc, out);
        }
    }
    if (nempty)
        fputc('\n', out);
}

/* print_pending: the result, or whose decision waits and what it is (for
   a repeated choice, how many picks are made). */
static void print_pending(const RtGame *g, FILE *out)
{
    const RtHeader *h = rt__hdr(g);
    char a[200];
    if (h->status == RT_FAILED) {
        fputs("game over: error ", out);
        rt__put_esc(out, h->error);
        fputc('\n', out);
    } else if (h->status == RT_OVER) {
        fputs("game over:", out);
        if (h->lost)
            fputs(" every player loses", out);
        else if (!h->winners)
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
        rt__put_esc(out, rt_decision_prompt(g));
        if (h->dec_steps > 0)
            fprintf(out, " (%d of %d chosen)", (int)h->dec_step, (int)h->dec_steps);
        fputc('\n', out);
    }
}

/* print_round: "round N", then, when a log is kept, the round's current
   phase and whose turn it is (the last of each in the log since the round
   began; a turn only after the phase it belongs to). */
static void print_round(const RtGame *g, FILE *out)
{
    char a[200];
    fprintf(out, "round %d", (int)rt__hdr(g)->round);
    int phase = -1, turn = -1;
    for (int i = g->nev - 1; i >= 0 && g->ev[i].type != RT_EV_ROUND; i--) {
        if (g->ev[i].type == RT_EV_PHASE) {
            phase = i;
            break;
        }
        if (g->ev[i].type == RT_EV_TURN && turn < 0)
            turn = i;
    }
    if (phase >= 0) {
        fputs(", phase ", out);
        rt__put_esc(out, rt__string(g, g->ev[phase].a[0]));
    }
    if (turn >= 0) {
        fputs(", turn of ", out);
        rt__put_esc(out, rt_player_name(g, g->ev[turn].a[0], a, sizeof a));
    }
    fputc('\n', out);
}

/* rt_view_print: what player (-1: everything) may see now: the round (its
   phase and turn), the view's values and maps, the variables and zones the
   view shows, then the result or the pending decision. */
void rt_view_print(const RtGame *g, int player, FILE *out)
{
    print_round(g, out);
    print_values(g, player, out);
    print_maps(g, player, out);
    print_vars(g, player, out);
    print_zones(g, player, out);
    print_pending(g, out);
}
