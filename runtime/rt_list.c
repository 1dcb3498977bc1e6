/* rt_list.c: lists built by scripts on the state's list stack (the items a
   `choose N` has already picked). Snapshots of zones are in rt_zone.c. */
#include "rt_internal.h"

/* rt_list_new: push an empty list; returns its handle, or -1 after failing
   the game at site when the list stack is full (a named error). */
int rt_list_new(RtGame *g, int site)
{
    RtHeader *h = rt__hdr(g);
    if (h->list_top + 1 > g->list_cap) {
        rt__failf(g, site, "nested loops exceed the list stack (limit %d cells)", g->list_cap);
        return -1;
    }
    int handle = h->list_top;
    rt__cells(g)[g->off_lists + handle] = 0;
    h->list_top += 1;
    return handle;
}

/* rt_list_add: append v to list, which must be the topmost list; fails the
   game otherwise (at the running script), or at site when the stack is
   full. */
void rt_list_add(RtGame *g, int list, RtValue v, int site)
{
    RtHeader *h = rt__hdr(g);
    if (list < 0 || list >= h->list_top) {
        rt__failf(g, RT_SITE_SCRIPT, "append to a list that does not exist");
        return;
    }
    int32_t *l = rt__cells(g) + g->off_lists + list;
    if (list + 1 + l[0] != h->list_top) {
        rt__failf(g, RT_SITE_SCRIPT, "append to a list that is not the innermost one");
        return;
    }
    if (h->list_top + 1 > g->list_cap) {
        rt__failf(g, site, "nested loops exceed the list stack (limit %d cells)", g->list_cap);
        return;
    }
    l[1 + l[0]] = v;
    l[0]++;
    h->list_top++;
}

/* rt_list_has: 1 if v is in list (read whole: no branch on where). */
int rt_list_has(const RtGame *g, int list, RtValue v)
{
    const int32_t *l = rt_list_cells(g, list);
    int n = l[0], found = 0;
    for (int i = 1; i <= n; i++)
        found |= l[i] == v;
    return found;
}
