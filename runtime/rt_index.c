/* rt_index.c: the failing half of rt_index, an index of an array counter
   or variable outside its range (docs/language.md "Arrays"). */
#include "rt_internal.h"

/* rt__index_fail: fail the game at site with "index V out of range
   LO..HI for NAME" (name: the array's, static); returns 0, the first
   element, for the code that runs on until it checks. */
int rt__index_fail(RtGame *g, RtValue v, RtValue lo, int n, const char *name, int site)
{
    rt__failf(g, site, "index %d out of range %d..%d for %s", (int)v, (int)lo, (int)(lo + n - 1), name);
    return 0;
}
