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

/* human_choose: show the new log lines the seat may see, its view and the
   numbered options (from 1); read a number. End of input: -1. */
static int human_choose(RtAgent *a, RtGame *g)
{
    char buf[512];
    int seat = rt_decision_player(g);
    int n = rt_option_count(g);
    for (; a->seen < rt_log_count(g); a->seen++)
        fprintf(a->out, "| %s\n", rt_log_line(g, a->seen, seat, buf, sizeof buf));
    fputc('\n', a->out);
    rt_view_print(g, seat, a->out);
    for (int i = 0; i < n; i++) {
        fprintf(a->out, "  %d) ", i + 1);
        rt__put_esc(a->out, rt_option_label(g, i, buf, sizeof buf));
        fputc('\n', a->out);
    }
    for (;;) {
        rt__put_esc(a->out, rt_player_name(g, seat, buf, sizeof buf));
        fputs("> ", a->out);
        fflush(a->out);
        if (!fgets(buf, sizeof buf, a->in))
            return -1;
        if (!strchr(buf, '\n')) {   /* discard the rest of a long line */
            int c;
            while ((c = fgetc(a->in)) != EOF && c != '\n')
                ;
        }
        char *end;
        long k = strtol(buf, &end, 10);
        while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n')
            end++;
        if (end != buf && *end == '\0' && k >= 1 && k <= n)
            return (int)k - 1;
        fprintf(a->out, "answer with a number from 1 to %d\n", n);
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

