/* pg_main.c: the program generator as a command (build/progen): write the
   game of one seed, or run the whole pipeline over many seeds in parallel
   (make stress). Usage in docs/testing.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pg_gen.h"
#include "pg_run.h"

static int usage(void)
{
    fprintf(stderr, "usage: progen gen SEED [DIR] [--features LIST]\n"
                    "       progen run [--programs N] [--first SEED] [--jobs J] [--games G] [--features LIST]\n"
                    "                  [--work DIR] [--build DIR]\n"
                    "       progen features\n");
    return 2;
}

/* gen: write DIR/g<SEED>/game.cards. */
static int gen(unsigned long long seed, const char *dir, uint32_t feat)
{
    char path[1024];
    snprintf(path, sizeof path, "mkdir -p '%s/g%llu'", dir, seed);
    if (system(path) != 0)
        return 1;
    snprintf(path, sizeof path, "%s/g%llu/game.cards", dir, seed);
    FILE *f = fopen(path, "w");
    if (!f)
        return 1;
    char *text = pg_generate(seed, feat);
    fputs(text, f);
    free(text);
    printf("%s\n", path);
    return fclose(f) != 0;
}

/* worker: run seeds first+j, first+j+jobs, ...; one line per seed on fd. */
static void worker(const PgRunOpts *o, unsigned long long first, long programs, int j, int jobs, int fd)
{
    char msg[2048], line[2200];
    for (long i = j; i < programs; i += jobs) {
        unsigned long long seed = first + (unsigned long long)i;
        PgResult r = pg_run_seed(o, seed, msg, sizeof msg);
        for (char *p = msg; *p; p++)   /* one line per seed */
            if (*p == '\n')
                *p = ' ';
        int len = snprintf(line, sizeof line, "%d %llu %s\n", (int)r, seed, r == PG_FAILED ? msg : "");
        if (write(fd, line, (size_t)len) != len)
            _exit(1);
    }
    _exit(0);
}

/* run: the pipeline over programs seeds, jobs at a time; 0 when none failed. */
static int run(const PgRunOpts *o, unsigned long long first, long programs, int jobs)
{
    int fds[2];
    if (pipe(fds) != 0)
        return 1;
    for (int j = 0; j < jobs; j++) {
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            worker(o, first, programs, j, jobs, fds[1]);
        }
        if (pid < 0)
            return 1;
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    long count[4] = {0, 0, 0, 0};
    char line[2200];
    while (in && fgets(line, sizeof line, in)) {
        int r = line[0] - '0';
        if (r >= 0 && r <= 3)
            count[r]++;
        if (r == PG_FAILED)
            fprintf(stderr, "FAIL %s", line + 2);
    }
    if (in)
        fclose(in);
    while (wait(NULL) > 0)
        ;
    long total = count[0] + count[1] + count[2] + count[3];
    printf("progen: %ld programs (seeds %llu..%llu): %ld passed, %ld rejected by cardc check (%.1f%% accepted), "
           "%ld leaks caught, %ld failed\n",
           total, first, first + (unsigned long long)programs - 1, count[0], count[1],
           total - count[3] ? 100.0 * (double)(count[0] + count[2]) / (double)(total - count[3]) : 0.0, count[3],
           count[2]);
    return count[2] != 0 || total != programs;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    uint32_t feat = pg_default_features();
    PgRunOpts o = {"build", "build/progen-work", 100, 0};
    unsigned long long first = 1;
    long programs = 1000;
    int jobs = 2;
    const char *pos[2] = {NULL, NULL};
    int npos = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--features") == 0 && v) {
            if (pg_feature_mask(v, &feat) != 0) {
                fprintf(stderr, "progen: unknown feature in '%s' (see progen features)\n", v);
                return 2;
            }
        } else if (strcmp(a, "--programs") == 0 && v) {
            programs = atol(v);
        } else if (strcmp(a, "--first") == 0 && v) {
            first = strtoull(v, NULL, 10);
        } else if (strcmp(a, "--jobs") == 0 && v) {
            jobs = atoi(v) > 0 ? atoi(v) : 1;
        } else if (strcmp(a, "--games") == 0 && v) {
            o.games = atoi(v);
        } else if (strcmp(a, "--work") == 0 && v) {
            o.work = v;
        } else if (strcmp(a, "--build") == 0 && v) {
            o.build = v;
        } else if (a[0] != '-' && npos < 2) {
            pos[npos++] = a;
            continue;
        } else {
            return usage();
        }
        i++;
    }
    o.features = feat;
    if (strcmp(argv[1], "features") == 0) {
        for (int i = 0; i < PG_F_COUNT; i++)
            printf("%-16s %s%s\n", pg_features[i].name, pg_features[i].pending ? "pending: " : "on",
                   pg_features[i].pending ? pg_features[i].pending : "");
        return 0;
    }
    if (strcmp(argv[1], "gen") == 0 && npos >= 1)
        return gen(strtoull(pos[0], NULL, 10), npos > 1 ? pos[1] : ".", feat);
    if (strcmp(argv[1], "run") == 0 && npos == 0) {
        /* the sanitizers' options of make test, unless the caller set them */
        setenv("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=1", 0);
        setenv("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1", 0);
        return run(&o, first, programs, jobs);
    }
    return usage();
}
