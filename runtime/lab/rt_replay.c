/* rt_replay.c: the replay command: read a JSON-lines log, replay its choices, verify the regenerated log. */
#include "rt_engine.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* read_all: the whole stream as a NUL-terminated string (caller frees), or NULL. */
static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    for (;;) {
        if (n + 1 >= cap) {
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                return NULL;
            }
            buf = b;
            cap *= 2;
        }
        size_t r = fread(buf + n, 1, cap - n - 1, f);
        n += r;
        if (r == 0)
            break;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* split_lines: cut buf at newlines in place; returns the lines (caller
   frees the array), *count of them (a final empty line is dropped). */
static char **split_lines(char *buf, size_t len, int *count)
{
    int n = 0;
    for (size_t i = 0; i < len; i++)
        n += buf[i] == '\n';
    char **lines = malloc(((size_t)n + 2) * sizeof *lines);
    if (!lines)
        return NULL;
    int k = 0;
    char *p = buf;
    while (*p || p < buf + len) {
        lines[k++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
        if (p >= buf + len)
            break;
    }
    *count = k;
    return lines;
}

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

/* skip_string: p at an opening quote; returns just past the closing one, or NULL. */
static const char *skip_string(const char *p)
{
    for (p++; *p; p++) {
        if (*p == '\\') {
            if (!*++p)
                return NULL;
        } else if (*p == '"') {
            return p + 1;
        }
    }
    return NULL;
}

/* json_value: the raw value of key in a flat JSON object (one level, as the
   log writes them), its length in *n; NULL when absent or malformed. */
static const char *json_value(const char *line, const char *key, size_t *n)
{
    const char *p = skip_ws(line);
    if (*p++ != '{')
        return NULL;
    for (;;) {
        p = skip_ws(p);
        if (*p != '"')
            return NULL;
        const char *ks = p + 1;
        if (!(p = skip_string(p)))
            return NULL;
        size_t kn = (size_t)(p - ks - 1);
        p = skip_ws(p);
        if (*p++ != ':')
            return NULL;
        p = skip_ws(p);
        const char *vs = p;
        if (*p == '"') {
            if (!(p = skip_string(p)))
                return NULL;
        } else {
            while (*p && *p != ',' && *p != '}')
                p++;
        }
        if (kn == strlen(key) && strncmp(ks, key, kn) == 0) {
            *n = (size_t)(p - vs);
            while (*n > 0 && (vs[*n - 1] == ' ' || vs[*n - 1] == '\t'))
                (*n)--;
            return vs;
        }
        p = skip_ws(p);
        if (*p++ != ',')
            return NULL;
    }
}

/* json_string: the string value of key, unescaped into buf; 0 if absent. */
static int json_string(const char *line, const char *key, char *buf, size_t size)
{
    size_t n;
    const char *v = json_value(line, key, &n);
    if (!v || n < 2 || v[0] != '"' || size == 0)
        return 0;
    size_t k = 0;
    for (size_t i = 1; i + 1 < n && k + 1 < size; i++) {
        char c = v[i];
        if (c == '\\' && i + 2 < n) {
            c = v[++i];
            if (c == 'n')
                c = '\n';
            else if (c == 't')
                c = '\t';
            else if (c == 'r')
                c = '\r';
            else if (c == 'u' && i + 4 < n) {
                char hex[5] = {v[i + 1], v[i + 2], v[i + 3], v[i + 4], 0};
                long u = strtol(hex, NULL, 16);
                c = u > 0 && u < 0x80 ? (char)u : '?';
                i += 4;
            }
        }
        buf[k++] = c;
    }
    buf[k] = '\0';
    return 1;
}

/* json_u64: the unsigned integer value of key; 0 if absent or not one. */
static int json_u64(const char *line, const char *key, uint64_t *out)
{
    size_t n;
    const char *v = json_value(line, key, &n);
    if (!v || n == 0 || n > 20 || v[0] < '0' || v[0] > '9')
        return 0;
    char buf[24];
    memcpy(buf, v, n);
    buf[n] = '\0';
    char *end;
    errno = 0;
    unsigned long long x = strtoull(buf, &end, 10);
    if (errno || *end)
        return 0;
    *out = (uint64_t)x;
    return 1;
}

static int json_is(const char *line, const char *key, const char *literal)
{
    size_t n;
    const char *v = json_value(line, key, &n);
    return v && n == strlen(literal) && strncmp(v, literal, n) == 0;
}

static void replay_help(const RtEngine *e, FILE *out)
{
    fprintf(out, "usage: %s replay FILE\n"
                 "replay a JSON-lines log written by 'sim --log': play its game again with the\n"
                 "recorded seed, players, sides, variant and choices, print the text log, and check\n"
                 "that the regenerated JSON log equals FILE (exit 1 at the first difference)\n"
                 "  --help   this text\nsee docs/cli.md\n", e->prog);
}

/* compare: FILE's lines against the regenerated log; 0 if equal, else
   prints the first difference and returns 1. */
static int compare(const RtEngine *e, const char *path, char **lines, int nlines, char *regen, size_t rlen)
{
    int nr;
    char **rl = split_lines(regen, rlen, &nr);
    if (!rl)
        return 1;
    int status = 0;
    for (int i = 0; i < nlines || i < nr; i++) {
        const char *a = i < nlines ? lines[i] : NULL;
        const char *b = i < nr ? rl[i] : NULL;
        if (a && b && strcmp(a, b) == 0)
            continue;
        fprintf(e->err, "%s: replay: %s:%d: the replayed game differs\n  log:    ", e->prog, path, i + 1);
        rt__put_esc(e->err, a ? a : "(end of file)");
        fputs("\n  replay: ", e->err);
        rt__put_esc(e->err, b ? b : "(end of log)");
        fputc('\n', e->err);
        status = 1;
        break;
    }
    if (!status)
        fprintf(e->err, "%s: replay: %s: %d lines verified\n", e->prog, path, nr);
    free(rl);
    return status;
}

/* header_sides: the seating of the header line (its "sides", as
   --sides) into sides. Returns 1 if it has one, 0 if not, -1 after a
   message. */
static int header_sides(const RtEngine *e, const char *path, const char *line, const RtGameDef *def, int players, int *sides)
{
    char list[RT_MAX_PLAYERS * 64], why[1024];
    size_t n;
    if (!json_value(line, "sides", &n))
        return 0;
    const char *bad = json_string(line, "sides", list, sizeof list) ? rt__sides_parse(def, players, list, sides, why, sizeof why)
                                                                    : "not a string";
    if (!bad)
        return 1;
    fprintf(e->err, "%s: replay: %s:1: sides: ", e->prog, path);
    rt__put_esc(e->err, bad);
    fputc('\n', e->err);
    return -1;
}

/* rt__replay_main: see rt_engine.h and docs/cli.md. */
int rt__replay_main(const RtEngine *e, int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            replay_help(e, e->out);
            return RT_EXIT_OK;
        }
        if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(e->err, "%s: replay: unknown option '%s' (see '%s replay --help')\n", e->prog, argv[i], e->prog);
            return RT_EXIT_USAGE;
        }
        if (path) {
            fprintf(e->err, "%s: replay: one FILE only (see '%s replay --help')\n", e->prog, e->prog);
            return RT_EXIT_USAGE;
        }
        path = argv[i];
    }
    if (!path) {
        fprintf(e->err, "%s: replay: no FILE (see '%s replay --help')\n", e->prog, e->prog);
        return RT_EXIT_USAGE;
    }
    FILE *f = strcmp(path, "-") == 0 ? e->in : fopen(path, "r");
    if (!f) {
        fprintf(e->err, "%s: replay: cannot open %s: %s\n", e->prog, path, strerror(errno));
        return RT_EXIT_FAIL;
    }
    size_t len;
    char *text = read_all(f, &len);
    if (f != e->in)
        fclose(f);
    int nlines = 0;
    char **lines = text ? split_lines(text, len, &nlines) : NULL;
    char game[128], variant[128];
    uint64_t seed, players, max_rounds = 0;
    if (!lines || nlines == 0 || !json_is(lines[0], "type", "\"header\"") || !json_string(lines[0], "game", game, sizeof game)
        || !json_string(lines[0], "variant", variant, sizeof variant) || !json_u64(lines[0], "seed", &seed)
        || !json_u64(lines[0], "players", &players) || players > RT_MAX_PLAYERS) {
        fprintf(e->err, "%s: replay: %s:1: not a log header (written by 'sim --log')\n", e->prog, path);
        free(lines);
        free(text);
        return RT_EXIT_FAIL;
    }
    size_t vn;
    if (json_value(lines[0], "viewer", &vn)) {   /* log --viewer N --json: what one seat saw */
        fprintf(e->err, "%s: replay: %s:1: the log of one seat (log --viewer), not of the whole game\n",
                e->prog, path);
        free(lines);
        free(text);
        return RT_EXIT_FAIL;
    }
    json_u64(lines[0], "max_rounds", &max_rounds);
    uint64_t max_steps = 0;
    json_u64(lines[0], "max_steps", &max_steps);
    const RtGameDef *def = NULL;
    char t1[256], t2[256];
    if (strcmp(game, e->defs[0]->id) != 0)
        fprintf(e->err, "%s: replay: %s is a log of %s, not of %s\n", e->prog, path, rt__esc(game, t1, sizeof t1),
                rt__esc(e->defs[0]->id, t2, sizeof t2));
    else
        def = rt__engine_def(e, "replay", variant);
    int sides[RT_MAX_PLAYERS];
    int seated = def ? header_sides(e, path, lines[0], def, (int)players, sides) : 0;
    if (seated < 0)
        def = NULL;
    int *choices = malloc(((size_t)nlines + 1) * sizeof *choices);
    RtOptions opt = {(int)players, seed, 1, max_rounds > 0 && max_rounds < 0x7fffffff ? (int)max_rounds : 0,
                     max_steps > 0 && max_steps < 0x7fffffff ? (int)max_steps : 0,
                     seated > 0 ? sides : NULL};
    RtGame *g = def && choices ? rt_new(def, &opt) : NULL;
    if (!g) {
        free(choices);
        free(lines);
        free(text);
        return RT_EXIT_FAIL;
    }
    int nchoices = 0;
    for (int i = 1; i < nlines; i++) {
        uint64_t v;
        if (json_is(lines[i], "type", "\"choice\"") && json_is(lines[i], "forced", "false")
            && json_u64(lines[i], "option", &v))
            choices[nchoices++] = v < 0x7fffffff ? (int)v : 0x7fffffff;
    }
    int k = 0;
    while (rt_advance(g) && k < nchoices)
        rt_apply(g, choices[k++]);
    rt_log_text(g, -1, e->out);
    char *regen = NULL;
    size_t rlen = 0;
    FILE *m = open_memstream(&regen, &rlen);
    int status = RT_EXIT_FAIL;
    if (m) {
        rt_log_json(g, m);
        fclose(m);
        status = compare(e, path, lines, nlines, regen, rlen) ? RT_EXIT_FAIL : RT_EXIT_OK;
    }
    free(regen);
    rt_free(g);
    free(choices);
    free(lines);
    free(text);
    return status;
}
