/* pg_run.c: the program generator's pipeline for one seed (see pg_run.h):
   each step a command whose exit status and output are checked. */
#include "pg_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pg_gen.h"
#include "testutil.h"

/* The strict flags every generated C must pass under gcc and clang. */
#define PG_STRICT "-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -pedantic -Werror -Iruntime"
#define PG_SAN "-O0 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"

/* sanitizer_said: whether output holds a sanitizer's report. */
static int sanitizer_said(const char *text)
{
    return strstr(text, "Sanitizer") || strstr(text, "runtime error:");
}

/* step: run cmd; 0 when it exits with want (and no sanitizer spoke), else
   1 after writing the step, the command and its output to dir/failure.txt
   and the message into msg. The result's output is in *r (caller frees). */
static int step(const char *dir, uint64_t seed, const char *name, const char *cmd, int want, RunResult *r, char *msg,
                size_t n)
{
    *r = run_cmd(cmd);
    if (r->status == want && !sanitizer_said(r->out) && !sanitizer_said(r->err))
        return 0;
    char path[1024];
    snprintf(path, sizeof path, "%s/failure.txt", dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "seed %llu: %s failed (exit %d, expected %d)\n$ %s\n--- stdout\n%s\n--- stderr\n%s\n",
                (unsigned long long)seed, name, r->status, want, cmd, r->out, r->err);
        fclose(f);
    }
    const char *first = *r->err ? r->err : r->out;
    snprintf(msg, n, "seed %llu: %s failed (exit %d); kept in %s (failure.txt): %.300s", (unsigned long long)seed,
             name, r->status, dir, first);
    return 1;
}

/* secrecy_error: whether text holds an error of the secrecy check
   (docs/language.md "The secrecy check": who sees what, and who knows it). */
static int secrecy_error(const char *text)
{
    for (const char *e = strstr(text, "error: "); e; e = strstr(e + 1, "error: ")) {
        size_t len = strcspn(e, "\n");
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), e);
        if (strstr(line, " sees ") && (strstr(line, "known only to") || strstr(line, "known to no player")))
            return 1;
    }
    return 0;
}

/* errors_at: whether text holds an error, and every error it holds is on
   the line at ("game.cards:N:") names. */
static int errors_at(const char *text, const char *at)
{
    int n = 0;
    for (const char *e = strstr(text, ": error: "); e; e = strstr(e + 1, ": error: ")) {
        const char *line = e;
        while (line > text && line[-1] != '\n')
            line--;
        if (!strstr(line, at) || strstr(line, at) > e)
            return 0;
        n++;
    }
    return n > 0;
}

/* fail_check: write dir/failure.txt for a check that went wrong (what,
   the command and its output) and the message into msg; PG_FAILED. */
static PgResult fail_check(const char *dir, uint64_t seed, const char *what, const char *cmd, const RunResult *r,
                           char *msg, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/failure.txt", dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "seed %llu: %s\n$ %s\n--- stdout\n%s\n--- stderr\n%s\n", (unsigned long long)seed, what, cmd, r->out,
                r->err);
        fclose(f);
    }
    snprintf(msg, n, "seed %llu: %s; kept in %s (failure.txt): %.300s", (unsigned long long)seed, what, dir, r->err);
    return PG_FAILED;
}

/* variant_of: the name of the game's variant in text (into out), or 0. */
static int variant_of(const char *text, char *out, size_t n)
{
    const char *v = strstr(text, "\nvariant ");
    if (!v)
        return 0;
    v += 9;
    size_t len = strcspn(v, " ");
    if (len >= n)
        return 0;
    memcpy(out, v, len);
    out[len] = '\0';
    return 1;
}

/* pg_run_seed: see pg_run.h. */
PgResult pg_run_seed(const PgRunOpts *o, uint64_t seed, char *msg, size_t n)
{
    char dir[512], game[600], cmd[8192];
    unsigned long long s = (unsigned long long)seed;
    snprintf(dir, sizeof dir, "%s/seed-%llu", o->work, s);
    snprintf(game, sizeof game, "%s/g%llu", dir, s);
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s/out'", dir, game);
    if (system(cmd) != 0) {
        snprintf(msg, n, "seed %llu: cannot make %s", s, dir);
        return PG_FAILED;
    }
    char *text = pg_generate(seed, o->features);
    char path[700];
    snprintf(path, sizeof path, "%s/game.cards", game);
    write_file(path, text);
    char variant[64];
    int has_variant = variant_of(text, variant, sizeof variant);
    int has_dice = strstr(text, " interchangeable {") != NULL;
    int has_view = strstr(text, "\nview {") != NULL;
    /* a leaky program (PG_F_LEAKS) names its leak and the line to reject:
       its errors are all there (any other would be a false alarm) */
    char leak[64] = "", at[64] = "";
    int leak_line = 0;
    const char *lk = strstr(text, "\n# leak: ");
    if (lk && sscanf(lk, "\n# leak: %63[^,], line %d", leak, &leak_line) == 2)
        snprintf(at, sizeof at, "game.cards:%d:", leak_line);
    free(text);

    RunResult r;
    snprintf(cmd, sizeof cmd, "%s/san/cardc check '%s'", o->build, game);
    r = run_cmd(cmd);
    int status = r.status, clean = !sanitizer_said(r.err) && !sanitizer_said(r.out);
    if (clean && *leak) {   /* caught on its line by the secrecy check, or a failure */
        char what[160];
        if (status == 0)
            snprintf(what, sizeof what, "cardc check accepted the leak '%s' on line %d", leak, leak_line);
        else if (status != 1 || !secrecy_error(r.err) || !errors_at(r.err, at))
            snprintf(what, sizeof what, "cardc check did not reject the leak '%s' on line %d as a leak (exit %d)", leak,
                     leak_line, status);
        else
            what[0] = '\0';
        PgResult res = *what ? fail_check(dir, seed, what, cmd, &r, msg, n) : PG_CAUGHT;
        run_free(&r);
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (res == PG_CAUGHT && system(cmd) != 0)
            return PG_FAILED;
        return res;
    }
    if (status == 1 && clean && secrecy_error(r.err)) {   /* a false alarm: the program leaks nothing */
        PgResult res = fail_check(dir, seed, "the secrecy check rejected a program written to leak nothing (a false alarm)",
                                  cmd, &r, msg, n);
        run_free(&r);
        return res;
    }
    run_free(&r);
    if (status == 1 && clean) {
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0)
            return PG_FAILED;
        return PG_REJECTED;
    }
    /* gcc (cc) builds the engine strictly; clang checks the same C strictly */
    const char *const steps[][2] = {
        {"cardc check", "%s/san/cardc check '%s'"},
        {"cardc c", "%s/san/cardc c '%s' -o '%s/out'"},
        {"clang -Werror", "clang " PG_STRICT " -fsyntax-only '%s/out/g%llu.c'"},
        {"sanitized build", "cc " PG_STRICT " " PG_SAN " -DCARDRT_ENGINE_MAIN -o '%s/engine' '%s/out/g%llu.c' "
                            "%s/san/libcardlab.a %s/san/libcardrt.a -lm -pthread $(pkg-config --libs cairo)"},
    };
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
        switch (i) {
        case 0: snprintf(cmd, sizeof cmd, steps[i][1], o->build, game); break;
        case 1: snprintf(cmd, sizeof cmd, steps[i][1], o->build, game, game); break;
        case 2: snprintf(cmd, sizeof cmd, steps[i][1], game, s); break;
        default: snprintf(cmd, sizeof cmd, steps[i][1], dir, game, s, o->build, o->build); break;
        }
        int bad = step(dir, seed, steps[i][0], cmd, 0, &r, msg, n);
        run_free(&r);
        if (bad)
            return PG_FAILED;
    }
    /* cardc built by clang writes the same C, byte for byte */
    snprintf(cmd, sizeof cmd, "%s/clang/cardc c '%s' -o '%s/out-clang' && cmp '%s/out/g%llu.c' '%s/out-clang/g%llu.c' && "
             "cmp '%s/out/g%llu.h' '%s/out-clang/g%llu.h'", o->build, game, dir, game, s, dir, s, game, s, dir, s);
    {
        int bad = step(dir, seed, "cardc built by clang", cmd, 0, &r, msg, n);
        run_free(&r);
        if (bad)
            return PG_FAILED;
    }
    /* the typed IR of every accepted game lowers and prints (cardc ir) */
    snprintf(cmd, sizeof cmd, "%s/san/cardc ir '%s' -o '%s/game.ir'", o->build, game, dir);
    {
        int bad = step(dir, seed, "cardc ir", cmd, 0, &r, msg, n);
        run_free(&r);
        if (bad)
            return PG_FAILED;
    }
    for (int v = 0; v <= has_variant; v++) {
        snprintf(cmd, sizeof cmd, "'%s/engine' sim --games %d --seed %llu%s%s", dir, v ? o->games / 5 : o->games, s,
                 v ? " --variant " : "", v ? variant : "");
        int bad = step(dir, seed, v ? "sim of the variant" : "sim", cmd, 0, &r, msg, n);
        if (!bad && !strstr(r.out, "\nerrors: 0\n")) {
            snprintf(path, sizeof path, "%s/failure.txt", dir);
            char line[160];
            const char *e = strstr(r.out, "errors:");
            snprintf(line, sizeof line, "%.40s", e ? e : "no errors line");
            snprintf(msg, n, "seed %llu: games ended in errors (%s); kept in %s; rerun: %s --log game.jsonl", s,
                     strtok(line, "\n"), dir, cmd);
            FILE *f = fopen(path, "w");
            if (f) {
                fprintf(f, "%s\n--- stdout\n%s\n", msg, r.out);
                fclose(f);
            }
            bad = 1;
        }
        run_free(&r);
        if (bad)
            return PG_FAILED;
    }
    /* one game played without a log (the random agents draw in place,
       choices counted rather than listed where cardc counts them) and the
       same game played again for its log (every decision's options
       listed): the same decisions, as many of them */
    snprintf(cmd, sizeof cmd,
             "'%s/engine' sim --games 1 --seed %llu --log '%s/one.jsonl' | sed -n 's/^mean decisions: \\([0-9]*\\).*/\\1/p' && "
             "{ grep -c '\"type\":\"choice\"' '%s/one.jsonl' || true; }",
             dir, s, dir, dir);
    {
        int bad = step(dir, seed, "one game with and without a log", cmd, 0, &r, msg, n);
        int played = -1, logged = -2;
        if (!bad && (sscanf(r.out, "%d %d", &played, &logged) != 2 || played != logged)) {
            snprintf(path, sizeof path, "%s/failure.txt", dir);
            snprintf(msg, n, "seed %llu: game 0 took %d decisions without a log and %d in its log; kept in %s", s, played,
                     logged, dir);
            FILE *f = fopen(path, "w");
            if (f) {
                fprintf(f, "%s\n$ %s\n--- stdout\n%s\n", msg, cmd, r.out);
                fclose(f);
            }
            bad = 1;
        }
        run_free(&r);
        if (bad)
            return PG_FAILED;
    }
    /* the engine built by clang plays the same games as the one gcc built:
       C leaves the order of operands to its compiler, cardc fixes it
       (docs/language.md "Order of evaluation") */
    snprintf(cmd, sizeof cmd,
             "clang " PG_STRICT " -O2 -DCARDRT_ENGINE_MAIN -o '%s/engine-clang' '%s/out/g%llu.c' %s/libcardlab.a "
             "%s/libcardrt.a -lm -pthread $(pkg-config --libs cairo) && "
             "for e in engine engine-clang; do '%s/'$e sim --games %d --seed %llu --json > '%s/'$e.json 2>/dev/null; "
             "'%s/'$e log --seed %llu > '%s/'$e.log 2>/dev/null; done; "
             "cmp '%s/engine.json' '%s/engine-clang.json' && cmp '%s/engine.log' '%s/engine-clang.log'",
             dir, game, s, o->build, o->build, dir, o->games, s, dir, dir, s, dir, dir, dir, dir, dir);
    {
        int bad = step(dir, seed, "the engine built by clang", cmd, 0, &r, msg, n);
        run_free(&r);
        if (bad)
            return PG_FAILED;
    }
    /* a game with a view is played on the play screen (the view's function
       shown per player, its hidden names left off) by a person who always
       answers 1, for 200 answers: it ends, or the input does (exit 1);
       neither a runtime error nor a sanitizer report */
    if (has_view) {
        snprintf(cmd, sizeof cmd,
                 "yes 1 | head -n 200 | '%s/engine' play --seed %llu > '%s/play.txt'; st=$?; "
                 "grep -q '^result: error' '%s/play.txt' && { tail -n 5 '%s/play.txt'; exit 1; }; "
                 "grep -q '^result: \\|end of input' '%s/play.txt' && [ $st -le 1 ]",
                 dir, s, dir, dir, dir, dir);
        int bad = step(dir, seed, "the play screen", cmd, 0, &r, msg, n);
        run_free(&r);
        if (bad)
            return PG_FAILED;
    }
    /* games played without a log (interchangeable dice as counts) and with
       one (as cards) in step hash equal after every step and note the same
       cards played (tests/lang/counted/counted_check.c): every program with
       such dice, and one in ten of the others */
    if (has_dice || seed % 10 == 0) {
        snprintf(cmd, sizeof cmd,
                 "cc " PG_STRICT " " PG_SAN " -DGAME_DEF=g%llu_game -o '%s/counted' tests/lang/counted/counted_check.c "
                 "'%s/out/g%llu.c' %s/san/libcardlab.a %s/san/libcardrt.a -lm -pthread $(pkg-config --libs cairo) && "
                 "'%s/counted' counted %d",
                 s, dir, game, s, o->build, o->build, dir, o->games < 20 ? o->games : 20);
        int bad = step(dir, seed, "games with and without a log in step", cmd, 0, &r, msg, n);
        run_free(&r);
        if (bad)
            return PG_FAILED;
    }
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? PG_PASSED : PG_FAILED;
}
