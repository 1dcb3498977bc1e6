/* fuzz_test.c: seeded mutation fuzzing of every input format: mutants of
   real .cards, .yaml and .csv files go through the sanitized compiler,
   which must answer with success or diagnostics (exit 0 or 1), never a
   crash, a sanitizer report or a hang. Deterministic: the mutants come
   from a fixed generator, so a failure names a reproducible case. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define CARDC TEST_BUILD_DIR "/san/cardc"

/* splitmix64: the mutation generator (a test's own, seeded). */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Tokens worth splicing in: they reach deeper than random bytes. */
static const char *const tokens[] = {
    "{", "}", "(", ")", ",", ":", "\"", "..", "x3", "x0", "-", "2147483648", "\t", "\n", "\xC3", "\xff",
    "card", "kind", "zone", "choose", "turns", "win", "if", "for", "move", "roll", "reveal", "look", "die", "enum", "board",
    "layout", "procedure", "state", "private", "keep", "where", "in", "my", "this", "me", "  ", "&a", "*a",
    "- ", "? ", "!!", "key: value", "\"\"", "#", "{x}", "\\",
};

/* mutate: a copy of text (heap) with 1..4 random edits: delete, duplicate,
   flip a byte, or insert a token. */
static char *mutate(const char *text, uint64_t *seed)
{
    size_t len = strlen(text);
    size_t cap = len * 2 + 256;
    char *out = malloc(cap);
    memcpy(out, text, len + 1);
    int edits = 1 + (int)(next(seed) % 4);
    for (int e = 0; e < edits && len > 0; e++) {
        size_t at = next(seed) % len;
        switch (next(seed) % 4) {
        case 0: { /* delete a run */
            size_t n = 1 + next(seed) % 8;
            if (at + n > len)
                n = len - at;
            memmove(out + at, out + at + n, len - at - n + 1);
            len -= n;
            break;
        }
        case 1: { /* duplicate a run */
            size_t n = 1 + next(seed) % 16;
            if (at + n > len)
                n = len - at;
            if (len + n + 1 > cap)
                break;
            memmove(out + at + n, out + at, len - at + 1);
            len += n;
            break;
        }
        case 2: /* flip a byte */
            out[at] = (char)(next(seed) & 0xff);
            if (out[at] == 0)
                out[at] = '?';
            break;
        default: { /* insert a token */
            const char *t = tokens[next(seed) % (sizeof tokens / sizeof *tokens)];
            size_t n = strlen(t);
            if (len + n + 1 > cap)
                break;
            memmove(out + at + n, out + at, len - at + 1);
            memcpy(out + at, t, n);
            len += n;
            break;
        }
        }
    }
    return out;
}

/* fuzz: n mutants of path, each checked alone (with the files of its game
   folder beside it when game_dir is given). */
static void fuzz(const char *path, const char *game_dir, const char *ext, int n, uint64_t seed)
{
    char *text = read_file(path);
    cr_assert_not_null(text, "cannot read %s", path);
    for (int i = 0; i < n; i++) {
        uint64_t s = seed * 1000003u + (uint64_t)i;
        char *m = mutate(text, &s);
        char dir[] = "/tmp/cardc-fuzz-XXXXXX";
        cr_assert_not_null(mkdtemp(dir));
        char cmd[1024], file[512];
        if (game_dir)
            snprintf(cmd, sizeof cmd, "cp %s/* %s/ 2>/dev/null; rm -f %s/$(basename %s)", game_dir, dir, dir, path);
        else
            snprintf(cmd, sizeof cmd, "true");
        RunResult prep = run_cmd(cmd);
        run_free(&prep);
        snprintf(file, sizeof file, "%s/mutant%s", dir, ext);
        cr_assert_eq(write_file(file, m), 0);
        snprintf(cmd, sizeof cmd, "timeout 20 " CARDC " check %s", game_dir ? dir : file);
        RunResult r = run_cmd(cmd);
        int bad = !(r.status == 0 || r.status == 1) || strstr(r.err, "Sanitizer") || strstr(r.err, "runtime error");
        if (bad) {
            char keep[600];
            snprintf(keep, sizeof keep, "/tmp/cardc-fuzz-failure%s", ext);
            write_file(keep, m);
        }
        cr_expect(!bad, "%s mutant %d (seed %llu): exit %d; kept as /tmp/cardc-fuzz-failure%s\n%.2000s", path, i,
                  (unsigned long long)seed, r.status, ext, r.err);
        run_free(&r);
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        RunResult rm = run_cmd(cmd);
        run_free(&rm);
        free(m);
        if (bad)
            break;
    }
    free(text);
}

Test(fuzz, cards_language)
{
    fuzz("cards/evr/rules.cards", "cards/evr", ".cards", 100, 1);
    fuzz("cards/galaxy/game.cards", "cards/galaxy", ".cards", 60, 2);
    fuzz("tests/cardc/good/escape/escape.cards", NULL, ".cards", 60, 3);
}

Test(fuzz, yaml)
{
    fuzz("tests/yaml/good/tiles/game.yaml", NULL, ".yaml", 120, 4);
}

Test(fuzz, csv)
{
    fuzz("cards/evr/events.csv", "cards/evr", ".csv", 80, 5);
}
