/* rt_agent.c: agents that answer decisions (random, a human at a terminal) and the loop that asks them. */
#include "rt_internal.h"

#include <stdlib.h>
#include <string.h>

static void random_reset(RtAgent *a, uint64_t seed)
{
    rt__xoshiro_seed(a->rng, seed);
}

/* rt__random_choose: the random agent's answer (rt__random_draw); the
   driver draws it itself when it sees this function (rt_driver.c). */
int rt__random_choose(RtAgent *a, RtGame *g)
{
    return rt__random_draw(a, rt_option_count(g));
}

/* rt_agent_random: an agent uniform over the options, with its own
   xoshiro256** stream seeded (like the game's) by reset; seed 0 until then. */
void rt_agent_random(RtAgent *a)
{
    memset(a, 0, sizeof *a);
    a->name = "random";
    a->choose = rt__random_choose;
    a->reset = random_reset;
    random_reset(a, 0);
}

static void human_reset(RtAgent *a, uint64_t seed)
{
    (void)seed;
    a->seen = 0;
}

/* same_option: options i and j look the same to a player: the same label
   and the same card face (the same printed card in the same state), or
   the same value when neither names a card. */
static int same_option(const RtGame *g, int i, int j)
{
    const int32_t *a = g->pre.opt_cells + 3 * i, *b = g->pre.opt_cells + 3 * j;
    char la[256], lb[256];
    int me = rt_decision_player(g);
    if (strcmp(rt_option_text(g, i, me, la, sizeof la), rt_option_text(g, j, me, lb, sizeof lb)) != 0)
        return 0;
    if (a[1] == RT_NONE || b[1] == RT_NONE)
        return a[1] == b[1] && a[0] == b[0];
    if (a[1] == b[1])
        return 1;
    if (a[1] < 0 || a[1] >= g->ninst || b[1] < 0 || b[1] >= g->ninst || g->inst_card[a[1]] != g->inst_card[b[1]])
        return 0;
    int nstate = g->def->kinds[g->def->cards[g->inst_card[a[1]]].kind].nstate;
    return memcmp(rt__card(g, a[1]) + 1, rt__card(g, b[1]) + 1, sizeof(int32_t) * (size_t)nstate) == 0;
}

/* put_state: " (state v, ...)" of the card of option i, if it has state. */
static void put_state(const RtGame *g, int i, FILE *out)
{
    RtValue c = g->pre.opt_cells[3 * i + 1];
    if (c < 0 || c >= g->ninst)
        return;
    const RtKindDef *k = &g->def->kinds[g->def->cards[g->inst_card[c]].kind];
    char buf[200];
    for (int s = 0; s < k->nstate; s++) {
        fputs(s ? ", " : " (", out);
        rt__put_esc(out, k->state_names && k->state_names[s] ? k->state_names[s] : "?");
        fputc(' ', out);
        rt__put_esc(out, rt__value_text(g, k->state_types ? k->state_types[s] : RT_TY_INT, rt__card(g, c)[1 + s], buf,
                                        sizeof buf));
    }
    if (k->nstate)
        fputc(')', out);
}

/* same_label: options i and j have the same label. */
static int same_label(const RtGame *g, int i, int j)
{
    char la[256], lb[256];
    int me = rt_decision_player(g);
    return strcmp(rt_option_text(g, i, me, la, sizeof la), rt_option_text(g, j, me, lb, sizeof lb)) == 0;
}

/* human_choose: show the new log lines the seat may see, its view and the
   options (from 1): options that look the same are one line with their
   count (the answer takes the first); options of the same label that
   differ show their card's state ("Die (face six)"); read a
   number. End of input: -1. */
static int human_choose(RtAgent *a, RtGame *g)
{
    char buf[512];
    int seat = rt_decision_player(g);
    int n = rt_option_count(g);
    a->seen = rt__log_show(g, a->seen, seat, a->out);
    fputc('\n', a->out);
    rt_view_print(g, seat, a->out);
    int *first = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (!first)
        return -1;
    int shown = 0;
    for (int i = 0; i < n; i++) {
        int same = 0;
        for (int k = 0; k < shown && !same; k++)
            same = same_option(g, first[k], i);
        if (same)
            continue;
        int copies = 1, twin = 0;
        for (int j = 0; j < n; j++) {
            int same = j != i && same_option(g, i, j);
            copies += j > i && same;
            twin |= j != i && !same && same_label(g, i, j);
        }
        first[shown++] = i;
        fprintf(a->out, "  %d) ", shown);
        rt__put_esc(a->out, rt_option_text(g, i, seat, buf, sizeof buf));   /* by name, or by place (RT_CHOOSE_NAMED) */
        if (twin)
            put_state(g, i, a->out);
        if (copies > 1)
            fprintf(a->out, " (x%d)", copies);
        fputc('\n', a->out);
    }
    for (;;) {
        rt__put_esc(a->out, rt_player_name(g, seat, buf, sizeof buf));
        fputs("> ", a->out);
        fflush(a->out);
        if (!fgets(buf, sizeof buf, a->in)) {
            free(first);
            return -1;
        }
        if (!strchr(buf, '\n')) {   /* discard the rest of a long line */
            int c;
            while ((c = fgetc(a->in)) != EOF && c != '\n')
                ;
        }
        char *end;
        long k = strtol(buf, &end, 10);
        while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
            end++;
        if (end != buf && *end == '\0' && k >= 1 && k <= shown) {
            int answer = first[k - 1];
            free(first);
            return answer;
        }
        fprintf(a->out, "answer with a number from 1 to %d\n", shown);
    }
}

/* rt_agent_human: an agent that asks a person through in/out (not owned). */
void rt_agent_human(RtAgent *a, FILE *in, FILE *out)
{
    memset(a, 0, sizeof *a);
    a->name = "human";
    a->choose = human_choose;
    a->reset = human_reset;
    a->in = in;
    a->out = out;
}

