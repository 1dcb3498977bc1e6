/* engine.c: libFuzzer target: what an engine reads from outside, through
   rt_engine_run as a person's shell would call it: the command line (the
   commands play, sim, log, replay and help, their options and values:
   --variant, --sides, --players, --agents, --opponent, --choices,
   --viewer, --json, --csv, --compare, --sweep, --tally, ...) and the
   standard input (the answers typed at play, a log given to `replay -`).
   Links two engines: EvR, and Simple (hidden information on a map).

   The input: its first line is the command line, words split at spaces
   and tabs; its first word names the engine ("simple": Simple, anything
   else: EvR) and is the program name the messages print. The rest of the
   input is the standard input.

   Bounded so that an input runs in milliseconds, and deterministic:
   bench (timing), --jobs (threads), and the options that write files
   (--log, --plot, --save-worst) are not fuzzed (the input is skipped),
   nor replay of a named file; nor is an input that would play too many
   games or MCTS with --budget above 2 (skipped). play, sim and log get
   --budget 2 (and sim --games 2, play --seed 1, which it otherwise takes
   from the clock) before the input's own options, which override them. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cardrt.h"
#include "evr.h"
#include "simple.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_WORDS = 64, MAX_BUDGET = 2, MAX_GAMES = 8, MAX_GAMES_SEARCH = 2 };

/* number: s as a count if it is all digits (at most 9 of them after
   leading zeros), else -1 (the engine rejects it, or it is huge). */
static long number(const char *s)
{
    if (!*s || strspn(s, "0123456789") != strlen(s))
        return -1;
    while (*s == '0' && s[1])
        s++;
    return strlen(s) > 9 ? 1000000000L : strtol(s, NULL, 10);
}

/* is_opt: word w (up to its '=', len bytes) is option name. */
static int is_opt(const char *w, size_t len, const char *name)
{
    return strlen(name) == len && strncmp(w, name, len) == 0;
}

/* skipped: command cmd with its words (after the command, words[0..n))
   asks for what this target does not run (see the top of the file), on
   Simple when simple is set. Every word that names an option counts, with
   the word after it (or after its '=') as its value. The games an input
   may play, --games (2 if not given) times the variants of --sweep (times
   2 with --compare), are at most 8 on EvR, and 2 on Simple (whose games
   are about ten times longer) or with a greedy or MCTS agent (which try
   every option). Simple runs no greedy or MCTS agent (EvR covers them). */
static int skipped(int simple, const char *cmd, char **words, int n)
{
    long games = 2, variants = 1, compare = 1;
    int search = simple;
    if (strcmp(cmd, "bench") == 0)
        return 1;
    for (int i = 0; i < n; i++) {
        const char *w = words[i], *eq = strchr(w, '=');
        size_t len = eq ? (size_t)(eq - w) : strlen(w);
        const char *val = eq ? eq + 1 : i + 1 < n ? words[i + 1] : "";
        if (strcmp(cmd, "replay") == 0 && w[0] != '-')
            return 1;   /* a file by name */
        if (is_opt(w, len, "--log") || is_opt(w, len, "--plot") || is_opt(w, len, "--save-worst")
            || is_opt(w, len, "--jobs"))
            return 1;
        if (strstr(w, "greedy") || strstr(w, "mcts")) {
            if (simple)
                return 1;
            search = 1;
        }
        if (is_opt(w, len, "--budget") && number(val) > MAX_BUDGET)
            return 1;
        if (is_opt(w, len, "--games") && number(val) > games)
            games = number(val);
        if (is_opt(w, len, "--compare"))
            compare = 2;
        if (is_opt(w, len, "--sweep") && !strchr(val, '=')) {   /* CARD.FIELD=A..B: neither game has such variants */
            long k = 1;
            for (const char *c = val; *c; c++)
                k += *c == ',';
            if (k > variants)
                variants = k;
        }
    }
    return games * variants * compare > (search ? MAX_GAMES_SEARCH : MAX_GAMES);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nl = memchr(data, '\n', size);
    size_t line = nl ? (size_t)(nl - data) : size;
    if (memchr(data, '\0', line))
        return 0;   /* a command line holds no NUL */
    char *text = malloc(line + 1);
    if (!text)
        return 0;
    memcpy(text, data, line);
    text[line] = '\0';
    char *words[MAX_WORDS + 7];
    int n = 0;
    for (char *w = strtok(text, " \t"); w; w = strtok(NULL, " \t")) {
        if (n == MAX_WORDS) {
            free(text);
            return 0;
        }
        words[n++] = w;
    }
    int simple = n > 0 && strcmp(words[0], "simple") == 0;
    if (n == 0 || (n > 1 && skipped(simple, words[1], words + 2, n - 2))) {
        free(text);
        return 0;
    }
    /* argv: the program, the command, the target's defaults, the rest */
    char *argv[MAX_WORDS + 8];
    int argc = 0;
    argv[argc++] = words[0];
    if (n > 1) {
        const char *cmd = words[1];
        argv[argc++] = words[1];
        if (strcmp(cmd, "play") == 0 || strcmp(cmd, "sim") == 0 || strcmp(cmd, "log") == 0) {
            argv[argc++] = "--budget";
            argv[argc++] = "2";
        }
        if (strcmp(cmd, "sim") == 0) {
            argv[argc++] = "--games";
            argv[argc++] = "2";
        }
        if (strcmp(cmd, "play") == 0) {
            argv[argc++] = "--seed";
            argv[argc++] = "1";
        }
        for (int i = 2; i < n; i++)
            argv[argc++] = words[i];
    }
    argv[argc] = NULL;

    const uint8_t *rest = nl ? nl + 1 : data + size;
    size_t nrest = (size_t)(data + size - rest);
    /* fmemopen of 0 bytes fails: an empty standard input is /dev/null */
    FILE *in = nrest ? fmemopen((void *)rest, nrest, "r") : fopen("/dev/null", "r");
    FILE *sink = fopen("/dev/null", "w");
    if (in && sink) {
        if (simple)
            rt_engine_run(argc, argv, simple_variants, simple_variant_count, in, sink, sink);
        else
            rt_engine_run(argc, argv, evr_variants, evr_variant_count, in, sink, sink);
    }
    if (in)
        fclose(in);
    if (sink)
        fclose(sink);
    free(text);
    return 0;
}
