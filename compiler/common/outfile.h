/* outfile.h: every file and folder cardc writes, written whole or not at
   all (runtime/rt_out.c underneath), with errors reported through diag. */
#ifndef CARDC_OUTFILE_H
#define CARDC_OUTFILE_H

#include <stddef.h>

#include "arena.h"
#include "diag.h"
#include "rt_out.h"

/* One output file: the path as the user named it (for messages) and its
   temporary. */
typedef struct OutFile {
    const char *path;    /* not owned; must outlive the OutFile */
    RtOut o;
} OutFile;

/* out_open: start writing path (see rt_out.h for links, folders, devices
   and modes). Returns 0, or -1 after "cannot write PATH: reason" on d. */
int out_open(Diag *d, OutFile *f, const char *path);

/* out_reserve: as out_open, but for another program to write f->o.tmp. */
int out_reserve(Diag *d, OutFile *f, const char *path);

/* out_write: append n bytes of p to f. Returns 0, or -1 (reported when
   the file is committed). */
int out_write(OutFile *f, const void *p, size_t n);

/* out_close: finish writing f (flush and close its temporary) and keep it
   for out_commit, so that a unit of many files does not hold them all
   open. Returns 0, or -1 after "cannot write PATH: reason" (f must still
   be aborted or committed). */
int out_close(Diag *d, OutFile *f);

/* out_commit: the n files fs[0..n) as one unit: all renamed over their
   destinations when every one was written well, else none (every
   temporary removed, the previous files intact). Returns 0, or -1 after
   "cannot write PATH: reason" on d. */
int out_commit(Diag *d, OutFile *fs, int n);

/* out_abort: remove the temporaries of fs[0..n) (nothing reported). */
void out_abort(OutFile *fs, int n);

/* out_text: write text to path whole or not at all (out_open, out_write,
   out_commit). Returns 0, or -1 (reported). */
int out_text(Diag *d, const char *path, const char *text);

/* out_folder: make the folder dir and its missing parents unless it
   exists; check that files can be made in it. Returns 0, or -1 after
   "cannot write DIR: reason". */
int out_folder(Diag *d, const char *dir);

/* A folder written whole: its files go into a fresh temporary folder
   beside it, which then takes its place (the old folder is removed). */
typedef struct OutDir {
    const char *path;    /* the folder as the user named it (not owned) */
    char *dest;          /* the folder replaced: path, or its link's target (arena) */
    char *tmp;           /* the temporary folder (arena) */
    char *old;           /* where the previous folder goes while swapping (arena) */
} OutDir;

/* out_dir_open: start writing the folder path. An existing path must be a
   folder that holds only regular files named *.yaml or *.yml (a previous
   export): anything else is refused, since the folder is replaced whole.
   Returns 0, or -1 (reported). Strings from a. */
int out_dir_open(Diag *d, Arena *a, OutDir *o, const char *path);

/* out_dir_text: write text as the file name of the folder o (into its
   temporary folder). Returns 0, or -1 after "cannot write DIR/NAME: reason". */
int out_dir_text(Diag *d, Arena *a, const OutDir *o, const char *name, const char *text);

/* out_dir_commit: put o's temporary folder in the place of o->path (an
   atomic exchange where the system has one) and remove the old folder.
   Returns 0, or -1 (reported; the temporary folder removed). */
int out_dir_commit(Diag *d, OutDir *o);

/* out_dir_abort: remove o's temporary folder and what it holds. */
void out_dir_abort(OutDir *o);

#endif
