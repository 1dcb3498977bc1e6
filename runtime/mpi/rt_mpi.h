/* rt_mpi.h: the engine's command line shared between the processes of an MPI job (build/<id>-mpi; docs/lab.md "Past one machine: MPI"). */
#ifndef CARDRT_MPI_H
#define CARDRT_MPI_H

#include "cardrt.h"

/* rt_mpi_engine_main: rt_engine_main (cardrt.h) in every process of an MPI
   job (MPI_Init to MPI_Finalize): sim's games are split between the
   processes (and --jobs threads within each), rank 0 gathers them and
   prints the report, the same bytes as one process would; rank 0 alone
   runs the other commands. Returns the exit status. */
int rt_mpi_engine_main(int argc, char **argv, const RtGameDef *const *defs, int ndefs);

#endif
