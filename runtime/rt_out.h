/* rt_out.h: files written whole or not at all: each output is written to a
   temporary beside its destination and renamed over it only on success;
   a destination that is no regular file is written through.
   Shared by the engine (logs, charts, replays) and by cardc (compiler/common/outfile.c). */
#ifndef CARDRT_OUT_H
#define CARDRT_OUT_H

#include <stddef.h>
#include <stdio.h>

/* One output being written. The rules (docs/cli.md, "How outputs are written"):
   - a destination that is a symbolic link is followed: its target is
     replaced (atomically) and the link kept; a link whose target cannot be
     resolved is refused;
   - a destination that names an open descriptor (/dev/stdout, /dev/stderr,
     /dev/fd/N, /proc/self/fd/N, or a link to one) is written through that
     descriptor (a dup of it: at its offset, after what was written to it);
     a device, a FIFO or a socket (or a link to one) is opened and written
     through; neither is replaced, and neither can take back what was
     written when the output then fails; rt_out_reserve refuses both;
   - a destination that is a folder is refused, and so is a file this
     process may not write (access(W_OK));
   - an existing file's permission bits are kept; a new file gets 0666
     less the umask;
   - the temporary is created in the destination's folder (so the rename is
     atomic), named .NAME.tmp-PID-N, and removed on any failure. */
typedef struct RtOut {
    char *dest;          /* the file replaced: the path, or its link's target (owned) */
    char *tmp;           /* the temporary beside dest (owned); NULL when through */
    FILE *f;             /* open on tmp while writing; NULL when reserved or closed */
    int keep_mode;       /* dest exists: mode is given to tmp before the rename */
    unsigned mode;       /* dest's permission bits */
    const char *why;     /* why it failed (static text), NULL while all is well */
    int through;         /* dest is no regular file: written through, never renamed over */
    int fd;              /* through, while opening: the descriptor written (then o->f's) */
} RtOut;

/* rt_out_open: start writing path: resolve it, refuse what is not a file,
   create and open the temporary. Returns 0, or -1 with o->why set and
   nothing left behind (o needs no abort then). */
int rt_out_open(RtOut *o, const char *path);

/* rt_out_reserve: as rt_out_open, but the temporary is created empty and
   closed, for another program to write (o->tmp is its name). */
int rt_out_reserve(RtOut *o, const char *path);

/* rt_out_write: append n bytes of p. Returns 0, or -1 (o->why set; the
   output then never commits). */
int rt_out_write(RtOut *o, const void *p, size_t n);

/* rt_out_close: flush and close the temporary and give it dest's mode.
   Returns 0, or -1 with o->why set (also when an earlier write failed, or
   when o->f's error flag is set: text written with fprintf counts).
   Keeps the temporary; rt_out_commit or rt_out_abort ends o. */
int rt_out_close(RtOut *o);

/* rt_out_commit: close o (if open) and rename its temporary over dest.
   Returns 0, or -1 with o->why set and the temporary removed (dest is then
   untouched). Frees o's memory either way. */
int rt_out_commit(RtOut *o);

/* rt_out_commit_all: the n outputs os[0..n) as one unit: close them all,
   and only when every one closed well rename them all; otherwise remove
   every temporary. Returns -1 when all were committed, else the index of
   the output that failed (its why is set). Frees every output's memory. */
int rt_out_commit_all(RtOut *os, int n);

/* rt_out_abort: close and remove o's temporary (an output written
   through: close it, dropping what is still buffered); free o's memory.
   Safe on an output that failed to open or was already ended. */
void rt_out_abort(RtOut *o);

/* rt_out_folder: make the folder dir (and its missing parents) unless it
   exists, and check that files can be made in it. Returns 0, or -1 with
   *why set (static text). */
int rt_out_folder(const char *dir, const char **why);

#endif
