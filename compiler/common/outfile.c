/* outfile.c: cardc's outputs (files, pairs of files, whole folders), written whole or not at all. */
#define _GNU_SOURCE   /* renameat2 (RENAME_EXCHANGE): swap a folder in at once */
#include "outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void report(Diag *d, const char *path, const char *why)
{
    diag_plain(d, "cannot write %s: %s", path, why ? why : "write error");
}

/* out_open: see outfile.h. */
int out_open(Diag *d, OutFile *f, const char *path)
{
    f->path = path;
    if (rt_out_open(&f->o, path) == 0)
        return 0;
    report(d, path, f->o.why);
    return -1;
}

/* out_reserve: see outfile.h. */
int out_reserve(Diag *d, OutFile *f, const char *path)
{
    f->path = path;
    if (rt_out_reserve(&f->o, path) == 0)
        return 0;
    report(d, path, f->o.why);
    return -1;
}

/* out_write: see outfile.h. */
int out_write(OutFile *f, const void *p, size_t n) { return rt_out_write(&f->o, p, n); }

/* out_close: see outfile.h. */
int out_close(Diag *d, OutFile *f)
{
    if (rt_out_close(&f->o) == 0)
        return 0;
    report(d, f->path, f->o.why);
    return -1;
}

/* out_commit: see outfile.h. */
int out_commit(Diag *d, OutFile *fs, int n)
{
    RtOut *os = malloc(sizeof *os * (size_t)(n > 0 ? n : 1));
    if (!os) {
        out_abort(fs, n);
        report(d, n > 0 ? fs[0].path : "?", strerror(ENOMEM));
        return -1;
    }
    for (int i = 0; i < n; i++)
        os[i] = fs[i].o;
    int bad = rt_out_commit_all(os, n);
    for (int i = 0; i < n; i++)
        fs[i].o = os[i];
    free(os);
    if (bad < 0)
        return 0;
    report(d, fs[bad].path, fs[bad].o.why);
    return -1;
}

/* out_abort: see outfile.h. */
void out_abort(OutFile *fs, int n)
{
    for (int i = 0; i < n; i++)
        rt_out_abort(&fs[i].o);
}

/* out_text: see outfile.h. */
int out_text(Diag *d, const char *path, const char *text)
{
    OutFile f;
    if (out_open(d, &f, path) != 0)
        return -1;
    out_write(&f, text, strlen(text));
    return out_commit(d, &f, 1);
}

/* out_folder: see outfile.h. */
int out_folder(Diag *d, const char *dir)
{
    const char *why = NULL;
    if (rt_out_folder(dir, &why) == 0)
        return 0;
    report(d, dir, why);
    return -1;
}

/* ---- folders written whole ----------------------------------------------- */

static int is_yaml_name(const char *s)
{
    size_t n = strlen(s);
    return s[0] != '.' && ((n > 5 && strcmp(s + n - 5, ".yaml") == 0) || (n > 4 && strcmp(s + n - 4, ".yml") == 0));
}

/* only_yaml: 1 if the folder dir holds nothing but regular files named NAME.yaml or NAME.yml. */
static int only_yaml(Arena *a, const char *dir)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return 0;
    int ok = 1;
    struct dirent *e;
    while (ok && (e = readdir(dp)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        struct stat st;
        ok = is_yaml_name(e->d_name) && lstat(arena_printf(a, "%s/%s", dir, e->d_name), &st) == 0
             && S_ISREG(st.st_mode);
    }
    closedir(dp);
    return ok;
}

/* remove_folder: remove the regular files of dir (not below), then dir. */
static void remove_folder(const char *dir)
{
    DIR *dp = opendir(dir);
    if (dp) {
        struct dirent *e;
        while ((e = readdir(dp)) != NULL) {
            size_t n = strlen(dir) + strlen(e->d_name) + 2;
            char *p = malloc(n);
            struct stat st;
            if (p) {
                snprintf(p, n, "%s/%s", dir, e->d_name);
                if (lstat(p, &st) == 0 && S_ISREG(st.st_mode))
                    unlink(p);
                free(p);
            }
        }
        closedir(dp);
    }
    rmdir(dir);
}

/* out_dir_open: see outfile.h. */
int out_dir_open(Diag *d, Arena *a, OutDir *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    struct stat st;
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/')
        n--;
    char *dest = arena_printf(a, "%.*s", (int)n, path);
    if (lstat(dest, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(dest, NULL);
        if (!real) {
            report(d, path, "it is a symbolic link whose target cannot be resolved");
            return -1;
        }
        dest = arena_printf(a, "%s", real);
        free(real);
    }
    int exists = stat(dest, &st) == 0;
    if (exists && !S_ISDIR(st.st_mode)) {
        report(d, path, "it is not a folder");
        return -1;
    }
    if (exists && !only_yaml(a, dest)) {
        report(d, path, "it holds other files than a YAML export (the export replaces the folder whole); "
                        "name a new or empty folder");
        return -1;
    }
    const char *slash = strrchr(dest, '/');
    const char *parent = slash ? (slash == dest ? "/" : arena_printf(a, "%.*s", (int)(slash - dest), dest)) : ".";
    const char *base = slash ? slash + 1 : dest;
    if (!exists && strcmp(parent, ".") != 0 && out_folder(d, parent) != 0)
        return -1;
    const char *sep = strcmp(parent, "/") == 0 ? "" : "/";
    for (int k = 0; k < 1000 && !o->tmp; k++) {
        char *t = arena_printf(a, "%s%s.%s.tmp-%ld-%d", parent, sep, base, (long)getpid(), k);
        if (mkdir(t, 0777) == 0)
            o->tmp = t;
        else if (errno != EEXIST)
            break;
    }
    if (!o->tmp) {
        report(d, path, strerror(errno));
        return -1;
    }
    if (exists)
        chmod(o->tmp, st.st_mode & 07777);
    o->old = arena_printf(a, "%s%s.%s.old-%ld", parent, sep, base, (long)getpid());
    o->dest = dest;
    return 0;
}

/* out_dir_text: see outfile.h. */
int out_dir_text(Diag *d, Arena *a, const OutDir *o, const char *name, const char *text)
{
    OutFile f;
    if (out_open(d, &f, arena_printf(a, "%s/%s", o->tmp, name)) != 0)
        return -1;
    f.path = arena_printf(a, "%s/%s", o->path, name);   /* errors name the final file */
    out_write(&f, text, strlen(text));
    return out_commit(d, &f, 1);
}

/* out_dir_commit: see outfile.h. */
int out_dir_commit(Diag *d, OutDir *o)
{
    struct stat st;
    if (stat(o->dest, &st) != 0) {
        if (rename(o->tmp, o->dest) == 0)
            return 0;
    } else if (renameat2(AT_FDCWD, o->tmp, AT_FDCWD, o->dest, RENAME_EXCHANGE) == 0) {
        remove_folder(o->tmp);   /* now the previous export */
        return 0;
    } else if (rename(o->dest, o->old) == 0) {
        /* no atomic exchange here (EINVAL, ENOSYS): two renames */
        if (rename(o->tmp, o->dest) == 0) {
            remove_folder(o->old);
            return 0;
        }
        int e = errno;
        rename(o->old, o->dest);
        errno = e;
    }
    report(d, o->path, strerror(errno));
    out_dir_abort(o);
    return -1;
}

/* out_dir_abort: see outfile.h. */
void out_dir_abort(OutDir *o)
{
    if (o->tmp)
        remove_folder(o->tmp);
    o->tmp = NULL;
}
