/* testutil.h: helpers shared by the test suites: run a command and capture
   its output, read and compare files. Header-only; every function is static. */
#ifndef CARDC_TESTUTIL_H
#define CARDC_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* read_file: the whole file as a NUL-terminated heap string (caller frees),
   or NULL if it cannot be read. */
static inline char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len - 1 == 0) {
            cap *= 2;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                buf = NULL;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

/* write_file: write text to path; returns 0 on success. */
static inline int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

/* A finished command: exit status and everything it printed (heap strings). */
typedef struct RunResult {
    int status;
    char *out;
    char *err;
} RunResult;

/* run_cmd: run cmd with /bin/sh, capturing stdout and stderr separately.
   Free the result with run_free. */
static inline RunResult run_cmd(const char *cmd)
{
    RunResult r = {-1, NULL, NULL};
    char outp[] = "/tmp/cardc-test-out-XXXXXX", errp[] = "/tmp/cardc-test-err-XXXXXX";
    int fo = mkstemp(outp), fe = mkstemp(errp);
    if (fo < 0 || fe < 0)
        return r;
    close(fo);
    close(fe);
    size_t n = strlen(cmd) + strlen(outp) + strlen(errp) + 32;
    char *full = malloc(n);
    snprintf(full, n, "(%s) >%s 2>%s </dev/null", cmd, outp, errp);
    int st = system(full);
    free(full);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = read_file(outp);
    r.err = read_file(errp);
    remove(outp);
    remove(errp);
    if (!r.out)
        r.out = calloc(1, 1);
    if (!r.err)
        r.err = calloc(1, 1);
    return r;
}

static inline void run_free(RunResult *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

/* count_lines_with: how many lines of text contain needle. */
static inline int count_lines_with(const char *text, const char *needle)
{
    int n = 0;
    const char *p = text;
    while (p && *p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        for (size_t i = 0; i + strlen(needle) <= len; i++)
            if (strncmp(p + i, needle, strlen(needle)) == 0) {
                n++;
                break;
            }
        p = eol ? eol + 1 : NULL;
    }
    return n;
}

#endif
