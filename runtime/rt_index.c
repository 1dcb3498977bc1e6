/* rt_index.c: an index of an array counter or variable checked against
   its range (docs/language.md "Arrays"). */
#include "rt_internal.h"

/* rt_index: v - lo when lo <= v < lo + n; else the game fails at site
   with "index V out of range LO..HI for NAME" (name: the array's, static)
   and the result is 0, the first element, for the code that runs on
   until it checks. */
int rt_index(RtGame *g, RtValue v, RtValue lo, int n, const char *name, int site)
{
    if ((int64_t)v >= lo && (int64_t)v < (int64_t)lo + n)
        return (int)(v - lo);
    rt__failf(g, site, "index %d out of range %d..%d for %s", (int)v, (int)lo, (int)(lo + n - 1), name);
    return 0;
}
