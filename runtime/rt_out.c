/* rt_out.c: files written whole or not at all (a temporary beside the destination, renamed over it); see rt_out.h. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "rt_out.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* fail: record the first reason of o's failure; returns -1. */
static int fail(RtOut *o, const char *why)
{
    if (!o->why)
        o->why = why;
    return -1;
}

/* resolve: the file that writing path replaces, into o->dest (path, or
   the target of the symbolic link path), with its mode when it exists.
   Returns 0, or -1 with o->why set. */
static int resolve(RtOut *o, const char *path)
{
    struct stat st;
    if (!path || !*path)
        return fail(o, "no file name");
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        o->dest = realpath(path, NULL);
        if (!o->dest)
            return fail(o, "it is a symbolic link whose target cannot be resolved");
    } else {
        o->dest = strdup(path);
        if (!o->dest)
            return fail(o, strerror(ENOMEM));
    }
    if (stat(o->dest, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return fail(o, "it is a folder, not a file");
        if (!S_ISREG(st.st_mode))
            return fail(o, "it is not a regular file (a device, FIFO or socket)");
        if (access(o->dest, W_OK) != 0)   /* a file we may not write is not replaced either */
            return fail(o, strerror(errno));
        o->keep_mode = 1;
        o->mode = (unsigned)(st.st_mode & 07777);
    } else if (errno != ENOENT) {
        return fail(o, strerror(errno));
    }
    return 0;
}

/* make_temp: create o->tmp, ".NAME.tmp-PID-N" beside o->dest, exclusively;
   returns its descriptor, or -1 with o->why set. */
static int make_temp(RtOut *o)
{
    const char *slash = strrchr(o->dest, '/');
    size_t dlen = slash ? (size_t)(slash - o->dest + 1) : 0;
    const char *base = o->dest + dlen;
    size_t n = strlen(o->dest) + 48;
    o->tmp = malloc(n);
    if (!o->tmp)
        return fail(o, strerror(ENOMEM));
    for (int k = 0; k < 1000; k++) {
        snprintf(o->tmp, n, "%.*s.%s.tmp-%ld-%d", (int)dlen, o->dest, base, (long)getpid(), k);
        int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd >= 0)
            return fd;
        if (errno != EEXIST)
            break;
    }
    fail(o, strerror(errno));
    free(o->tmp);
    o->tmp = NULL;
    return -1;
}

/* start: rt_out_open's and rt_out_reserve's common half. */
static int start(RtOut *o, const char *path, int stream)
{
    memset(o, 0, sizeof *o);
    int fd = -1;
    if (resolve(o, path) == 0)
        fd = make_temp(o);
    if (fd < 0) {
        const char *why = o->why;
        rt_out_abort(o);
        o->why = why;
        return -1;
    }
    if (!stream) {
        close(fd);
        return 0;
    }
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        const char *why = strerror(errno);
        close(fd);
        rt_out_abort(o);
        o->why = why;
        return -1;
    }
    return 0;
}

/* rt_out_open: see rt_out.h. */
int rt_out_open(RtOut *o, const char *path) { return start(o, path, 1); }

/* rt_out_reserve: see rt_out.h. */
int rt_out_reserve(RtOut *o, const char *path) { return start(o, path, 0); }

/* rt_out_write: see rt_out.h. */
int rt_out_write(RtOut *o, const void *p, size_t n)
{
    if (o->why || !o->f)
        return fail(o, "write error");
    if (n && fwrite(p, 1, n, o->f) != n)
        return fail(o, strerror(errno));
    return 0;
}

/* rt_out_close: see rt_out.h. */
int rt_out_close(RtOut *o)
{
    if (o->f) {
        int bad = ferror(o->f);
        errno = 0;
        if (fflush(o->f) != 0 || bad)
            fail(o, errno ? strerror(errno) : "write error");
        if (o->keep_mode && fchmod(fileno(o->f), (mode_t)o->mode) != 0)
            fail(o, strerror(errno));
        if (fclose(o->f) != 0)
            fail(o, strerror(errno));
        o->f = NULL;
    } else if (o->tmp && o->keep_mode && chmod(o->tmp, (mode_t)o->mode) != 0) {
        fail(o, strerror(errno));
    }
    return o->why ? -1 : 0;
}

/* end: free o's memory (the temporary is gone or renamed). */
static void end(RtOut *o)
{
    free(o->dest);
    free(o->tmp);
    o->dest = o->tmp = NULL;
}

/* rt_out_commit: see rt_out.h. */
int rt_out_commit(RtOut *o)
{
    if (rt_out_close(o) == 0 && rename(o->tmp, o->dest) != 0)
        fail(o, strerror(errno));
    if (o->why) {
        const char *why = o->why;
        rt_out_abort(o);
        o->why = why;
        return -1;
    }
    end(o);
    return 0;
}

/* rt_out_commit_all: see rt_out.h. */
int rt_out_commit_all(RtOut *os, int n)
{
    int bad = -1, renamed = 0;
    for (int i = 0; i < n; i++)
        if (rt_out_close(&os[i]) != 0 && bad < 0)
            bad = i;
    for (; bad < 0 && renamed < n; renamed++)
        if (rename(os[renamed].tmp, os[renamed].dest) != 0) {
            fail(&os[renamed], strerror(errno));
            bad = renamed;
        }
    for (int i = 0; i < n; i++) {
        if (i < renamed && i != bad) {
            end(&os[i]);
        } else {
            const char *why = os[i].why;
            rt_out_abort(&os[i]);
            os[i].why = why;
        }
    }
    return bad;
}

/* rt_out_abort: see rt_out.h. */
void rt_out_abort(RtOut *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp)
        unlink(o->tmp);
    end(o);
}

/* rt_out_folder: see rt_out.h. */
int rt_out_folder(const char *dir, const char **why)
{
    struct stat st;
    char path[PATH_MAX];
    size_t n = dir ? strlen(dir) : 0;
    if (n == 0 || n >= sizeof path) {
        *why = n ? strerror(ENAMETOOLONG) : "no folder name";
        return -1;
    }
    memcpy(path, dir, n + 1);
    /* each prefix ending before a slash, then the whole path */
    for (size_t i = 1; i <= n; i++) {
        if (i < n && path[i] != '/')
            continue;
        path[i] = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            *why = strerror(errno);
            return -1;
        }
        if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
            *why = i < n ? "a part of it is not a folder" : "it is not a folder";
            return -1;
        }
        path[i] = i < n ? '/' : '\0';
    }
    if (access(dir, W_OK | X_OK) != 0) {
        *why = strerror(errno);
        return -1;
    }
    return 0;
}
