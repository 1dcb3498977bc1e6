/* helpers.c: small helpers shared by the runtime's tests. */
#include "helpers.h"
#include "minigame.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

RtGame *new_game(const RtGameDef *def, uint64_t seed, int players)
{
    RtOptions opt = {players, seed, 1, 0, 0, NULL};
    RtGame *g = rt_new(def, &opt);
    cr_assert_not_null(g);
    return g;
}

void play_random(RtGame *g, uint64_t seed)
{
    RtAgent agents[8];
    RtAgent *ptrs[8];
    for (int p = 0; p < rt_players(g); p++) {
        rt_agent_random(&agents[p]);
        agents[p].reset(&agents[p], seed * 31 + (uint64_t)p);
        ptrs[p] = &agents[p];
    }
    cr_assert_eq(rt_play(g, ptrs), 0);
}

static char *capture(void (*fn)(const RtGame *, int, FILE *), const RtGame *g, int viewer)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    cr_assert_not_null(f);
    fn(g, viewer, f);
    fclose(f);
    return buf;
}

char *log_text(const RtGame *g, int viewer) { return capture(rt_log_text, g, viewer); }

static void json_adapter(const RtGame *g, int viewer, FILE *f)
{
    (void)viewer;
    rt_log_json(g, f);
}

char *log_json(const RtGame *g) { return capture(json_adapter, g, -1); }

int run_engine(const char *const *argv, char **out, char **err)
{
    return run_engine_defs(mini_defs, 4, argv, out, err);
}

int run_engine_defs(const RtGameDef *const *defs, int ndefs, const char *const *argv, char **out, char **err)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    size_t no = 0, ne = 0;
    FILE *fo = open_memstream(out, &no);
    FILE *fe = open_memstream(err, &ne);
    FILE *in = fopen("/dev/null", "r");
    cr_assert(fo && fe && in);
    int r = rt_engine_run(argc, (char **)argv, defs, ndefs, in, fo, fe);
    fclose(fo);
    fclose(fe);
    fclose(in);
    return r;
}

int zone_total(const RtGame *g, int nzi)
{
    int t = 0;
    for (int z = 0; z < nzi; z++)
        t += rt_zone_size(g, z);
    return t;
}

int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}
