/* rt_mpi_main.c: the main of an MPI engine build/<id>-mpi; the Makefile names the game (GAME_HEADER, GAME_VARIANTS, GAME_COUNT). */
#include GAME_HEADER
#include "rt_mpi.h"

int main(int argc, char **argv)
{
    return rt_mpi_engine_main(argc, argv, GAME_VARIANTS, GAME_COUNT);
}
