/* rt_out.c: files written whole or not at all (a temporary beside the destination, renamed over it), and
   descriptors and devices written through; see rt_out.h. */
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

/* descriptor: the open descriptor that path names, or -1: /dev/stdout,
   /dev/stderr, /dev/fd/N, /proc/self/fd/N or /proc/PID/fd/N of this
   process, or a chain of symbolic links that passes through one of them
   (at most 40 links, as the system follows). */
static int descriptor(const char *path)
{
    char cur[PATH_MAX], next[PATH_MAX], pid[32];
    snprintf(pid, sizeof pid, "/proc/%ld/fd/", (long)getpid());
    if (strlen(path) >= sizeof cur)
        return -1;
    strcpy(cur, path);
    for (int hop = 0; hop <= 40; hop++) {
        static const char *const dirs[] = {"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", NULL};
        if (strcmp(cur, "/dev/stdout") == 0)
            return 1;
        if (strcmp(cur, "/dev/stderr") == 0)
            return 2;
        for (int i = 0; i < 4; i++) {
            const char *dir = dirs[i] ? dirs[i] : pid;
            size_t n = strlen(dir);
            if (strncmp(cur, dir, n) == 0 && cur[n] >= '0' && cur[n] <= '9' && strlen(cur + n) < 10
                && strspn(cur + n, "0123456789") == strlen(cur + n))
                return atoi(cur + n);
        }
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return -1;
        ssize_t len = readlink(cur, next, sizeof next - 1);
        if (len < 0)
            return -1;
        next[len] = '\0';
        if (next[0] != '/') {   /* relative to the link's folder */
            char *slash = strrchr(cur, '/');
            size_t keep = slash ? (size_t)(slash - cur + 1) : 0;
            if (keep + (size_t)len >= sizeof cur)
                return -1;
            memmove(cur + keep, next, (size_t)len + 1);
        } else {
            memcpy(cur, next, (size_t)len + 1);
        }
    }
    return -1;
}

/* resolve: the file that writing path replaces, into o->dest (path, or
   the target of the symbolic link path), with its mode when it exists;
   or, for a destination that is no regular file (a descriptor, a device,
   a FIFO, a socket, or a link to one), o->through and o->fd set to write
   through it. Returns 0, or -1 with o->why set. */
static int resolve(RtOut *o, const char *path)
{
    struct stat st;
    o->fd = -1;
    if (!path || !*path)
        return fail(o, "no file name");
    int fd = descriptor(path);
    if (fd >= 0) {
        o->through = 1;
        o->dest = strdup(path);
        if (!o->dest)
            return fail(o, strerror(ENOMEM));
        o->fd = dup(fd);
        return o->fd >= 0 ? 0 : fail(o, strerror(errno));
    }
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
        if (!S_ISREG(st.st_mode)) {   /* a device, FIFO or socket: written through */
            o->through = 1;
            o->fd = open(o->dest, O_WRONLY | O_NOCTTY);
            return o->fd >= 0 ? 0 : fail(o, strerror(errno));
        }
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
    if (resolve(o, path) == 0 && o->through && !stream)
        fail(o, "it is not a regular file (a device, FIFO or socket), which this output needs");
    else if (o->through)
        fd = o->fd;
    else if (!o->why)
        fd = make_temp(o);
    if (fd < 0 || o->why) {
        const char *why = o->why;
        rt_out_abort(o);
        o->why = why;
        return -1;
    }
    o->fd = -1;
    if (!stream) {
        close(fd);
        return 0;
    }
    if (o->through)
        fflush(NULL);   /* what this process wrote to that descriptor before comes first */
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
    if (rt_out_close(o) == 0 && !o->through && rename(o->tmp, o->dest) != 0)
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
        if (!os[renamed].through && rename(os[renamed].tmp, os[renamed].dest) != 0) {
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
    if (o->f && o->through) {   /* what is still buffered goes nowhere, not through */
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, fileno(o->f));
            close(null);
        }
    }
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->through && o->fd >= 0)
        close(o->fd);
    o->fd = -1;
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
