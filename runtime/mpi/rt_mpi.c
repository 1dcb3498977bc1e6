/* rt_mpi.c: sim shared between the processes of an MPI job: each rank plays its block of games, rank 0 gathers them (packed, byte order fixed) and reports. */
#include "rt_mpi.h"

#include "rt_engine.h"
#include "rt_lab.h"

#include <errno.h>
#include <limits.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

/* A game packed: seed, rounds, decisions, winners, first, failed, the
   error's length + 1 (0: none), the --tally value and lost, each 8 bytes little-endian; then its
   played bits (played_stride bytes); then the error's bytes. */
#define REC_FIELDS 9
#define REC_HEAD (REC_FIELDS * 8)

static void put_u64(uint8_t *p, uint64_t v)
{
    for (int k = 0; k < 8; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}

static uint64_t get_u64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int k = 0; k < 8; k++)
        v |= (uint64_t)p[k] << (8 * k);
    return v;
}

/* pack: the games [lo, hi) of res into a new buffer (caller frees) of
   *len bytes; NULL when out of memory or too large for an MPI count. */
static uint8_t *pack(const RtSimResult *res, int lo, int hi, long long *len)
{
    long long n = 0;
    for (int i = lo; i < hi; i++) {
        const RtSimGame *g = &res->game[i];
        n += REC_HEAD + (long long)res->played_stride + (g->error ? (long long)strlen(g->error) : 0);
    }
    *len = n;
    if (n > INT_MAX)
        return NULL;
    uint8_t *buf = malloc(n ? (size_t)n : 1), *p = buf;
    if (!buf)
        return NULL;
    for (int i = lo; i < hi; i++) {
        const RtSimGame *g = &res->game[i];
        size_t elen = g->error ? strlen(g->error) : 0;
        uint64_t f[REC_FIELDS] = {g->seed, (uint64_t)(int64_t)g->rounds, (uint64_t)(int64_t)g->decisions, g->winners,
                                  (uint64_t)(int64_t)g->first, (uint64_t)(int64_t)g->failed, g->error ? elen + 1 : 0,
                                  (uint64_t)(int64_t)g->tally, (uint64_t)(int64_t)g->lost};
        for (int k = 0; k < REC_FIELDS; k++)
            put_u64(p + 8 * k, f[k]);
        p += REC_HEAD;
        memcpy(p, res->played + (size_t)i * res->played_stride, res->played_stride);
        p += res->played_stride;
        memcpy(p, g->error ? g->error : "", elen);
        p += elen;
    }
    return buf;
}

/* unpack: the games [lo, hi) of res from buf (len bytes, as pack wrote
   them). Returns 0, or -1 (out of memory, or a buffer that does not hold
   them). */
static int unpack(RtSimResult *res, int lo, int hi, const uint8_t *buf, long long len)
{
    const uint8_t *p = buf, *end = buf + len;
    for (int i = lo; i < hi; i++) {
        if (end - p < REC_HEAD + (long long)res->played_stride)
            return -1;
        RtSimGame *g = &res->game[i];
        g->seed = get_u64(p);
        g->rounds = (int32_t)(int64_t)get_u64(p + 8);
        g->decisions = (int32_t)(int64_t)get_u64(p + 16);
        g->winners = (uint32_t)get_u64(p + 24);
        g->first = (int32_t)(int64_t)get_u64(p + 32);
        g->failed = (int)(int64_t)get_u64(p + 40);
        uint64_t elen = get_u64(p + 48);
        g->tally = (int32_t)(int64_t)get_u64(p + 56);
        g->lost = (int)(int64_t)get_u64(p + 64);
        p += REC_HEAD;
        memcpy(res->played + (size_t)i * res->played_stride, p, res->played_stride);
        p += res->played_stride;
        if (elen) {
            if ((uint64_t)(end - p) < elen - 1 || !(g->error = malloc(elen)))
                return -1;
            memcpy(g->error, p, elen - 1);
            g->error[elen - 1] = '\0';
            p += elen - 1;
        }
    }
    return p == end ? 0 : -1;
}

/* agree: see RtSimDist (rt_lab.h). */
static int agree(const RtSimDist *d, int ok)
{
    (void)d;
    int all = 0;
    if (MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD) != MPI_SUCCESS)
        return 0;
    return all;
}

/* gather_root: on rank 0, receive the other ranks' packed games (mine
   of mylen bytes among them) into res; counts and displs have room for a
   number per rank. Returns 1, or 0 after a message. */
static int gather_root(const RtSimDist *d, RtSimResult *res, const uint8_t *mine, int mylen, int *counts, int *displs,
                       FILE *err)
{
    long long total = 0;
    int ok = MPI_Gather(&mylen, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD) == MPI_SUCCESS;
    for (int r = 0; ok && r < d->size; r++) {
        displs[r] = (int)total;
        total += counts[r];
        if (total > INT_MAX)
            ok = 0;
    }
    uint8_t *all = ok ? malloc(total ? (size_t)total : 1) : NULL;
    ok = agree(d, all != NULL);
    if (ok && MPI_Gatherv(mine, mylen, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
        ok = 0;
    for (int r = 1; ok && r < d->size; r++) {
        int lo, hi;
        rt__sim_block(res->games, r, d->size, &lo, &hi);
        if (unpack(res, lo, hi, all + displs[r], counts[r]) != 0)
            ok = 0;
    }
    if (!ok)
        fprintf(err, "cardrt: sim: cannot gather the games of the other processes (out of memory?)\n");
    free(all);
    return ok;
}

/* exchange: see RtSimDist (rt_lab.h). Every rank packs its block; if all
   could, rank 0 gathers the packs and unpacks them into res; the last
   agreement tells every rank whether rank 0 could. */
static int exchange(const RtSimDist *d, RtSimResult *res, int ok, FILE *err)
{
    int lo, hi;
    rt__sim_block(res->games, d->rank, d->size, &lo, &hi);
    long long len = 0;
    uint8_t *mine = ok ? pack(res, lo, hi, &len) : NULL;
    int *counts = NULL, *displs = NULL;
    if (d->rank == 0 && mine) {
        counts = calloc((size_t)d->size, sizeof *counts);
        displs = calloc((size_t)d->size, sizeof *displs);
    }
    int mine_ok = mine && (d->rank != 0 || (counts && displs));
    if (ok && !mine_ok)
        fprintf(err, "cardrt: sim: cannot pack this process's games (out of memory, or over 2 GB)\n");
    if (!agree(d, mine_ok)) {
        if (mine_ok)
            fprintf(err, "cardrt: sim: another process of the run failed\n");
        free(mine);
        free(counts);
        free(displs);
        return 0;
    }
    int mylen = (int)len;
    if (d->rank == 0) {
        ok = gather_root(d, res, mine, mylen, counts, displs, err);
        free(counts);
        free(displs);
    } else {
        MPI_Gather(&mylen, 1, MPI_INT, NULL, 0, MPI_INT, 0, MPI_COMM_WORLD);
        if (agree(d, 1))
            MPI_Gatherv(mine, mylen, MPI_BYTE, NULL, NULL, NULL, MPI_BYTE, 0, MPI_COMM_WORLD);
        ok = 1;
    }
    free(mine);
    return agree(d, ok);
}

/* rt_mpi_engine_main: see rt_mpi.h. A rank other than 0 writes its
   output to memory (dropped) and its messages to memory too: they are
   printed, and its status returned, when it failed with messages of its
   own, not by a usage error (which rank 0 reports with its exit status,
   every rank reading the same arguments); else it returns 0. */
int rt_mpi_engine_main(int argc, char **argv, const RtGameDef *const *defs, int ndefs)
{
    const char *prog = argc > 0 && argv[0] ? argv[0] : "engine";
    int provided = 0, rank = 0, size = 1;
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "%s: cannot start MPI\n", prog);
        return RT_EXIT_FAIL;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    RtSimDist d = {rank, size, exchange, agree, NULL};
    char *obuf = NULL, *ebuf = NULL;
    size_t olen = 0, elen = 0;
    FILE *out = stdout, *err = stderr;
    if (rank != 0) {
        FILE *o = open_memstream(&obuf, &olen), *e = open_memstream(&ebuf, &elen);
        out = o ? o : stdout;
        err = e ? e : stderr;
    }
    int r = rt__engine_run_dist(argc, argv, defs, ndefs, stdin, out, err, &d);
    if (out != stdout)
        fclose(out);
    if (err != stderr) {
        fclose(err);
        if (r != RT_EXIT_OK && r != RT_EXIT_USAGE && elen)
            fprintf(stderr, "%s (rank %d): %.*s", prog, rank, (int)(elen > INT_MAX ? INT_MAX : elen), ebuf);
        else
            r = RT_EXIT_OK;   /* rank 0 reports it, with its status */
    }
    free(obuf);
    free(ebuf);
    if (rank == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
        fprintf(stderr, "%s: cannot write the standard output: %s\n", prog, strerror(errno));
        r = r ? r : RT_EXIT_FAIL;
    }
    /* no process leaves before rank 0 has written everything (mpirun
       stops the job at the first process that exits with an error) */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return r;
}
