/* rt_label.c: the option labels and prompts with holes of the pending decision, formatted while the log is on. */
#include "rt_internal.h"

#include <stdlib.h>
#include <string.h>

/* RT_LABEL_BYTES: the most text a decision's labels hold; past it a label
   shows its template. */
#define RT_LABEL_BYTES 65536

/* slots: make the slot tables (1 + max_opts each); 0 when memory is short. */
static int slots(RtGame *g)
{
    if (g->lab_at)
        return 1;
    size_t n = 1 + (size_t)(g->max_opts > 0 ? g->max_opts : 0);
    g->lab_at = malloc(n * sizeof *g->lab_at);
    g->lab_tpl = malloc(n * sizeof *g->lab_tpl);
    g->labels = malloc(RT_LABEL_BYTES);
    if (!g->lab_at || !g->lab_tpl || !g->labels) {
        rt__labels_free(g);
        return 0;
    }
    g->lab_serial = -1;
    return 1;
}

/* rt_label_begin: see cardrt.h. Starts a text as rt_log_begin does, for
   slot (an option's index, or RT_PROMPT_SLOT) of the decision being built. */
int rt_label_begin(RtGame *g, int slot, int tpl)
{
    RtHeader *h = rt__hdr(g);
    if (!g->log_on || h->status != RT_RUNNING || slot < RT_PROMPT_SLOT || slot >= g->max_opts || !slots(g))
        return 0;
    if (g->lab_serial != h->decisions) {   /* a new decision: forget the last one's */
        for (int i = 0; i <= g->max_opts; i++)
            g->lab_at[i] = -1;
        g->lablen = 0;
        g->lab_serial = h->decisions;
    }
    g->lab_slot = slot + 1;
    g->lab_at[g->lab_slot] = -1;
    g->lab_tpl[g->lab_slot] = tpl;
    g->labeling = 1;
    g->label_failed = 0;
    rt_log_begin(g);
    return 1;
}

/* rt_label_end: store the text begun by rt_label_begin (unless a hole
   failed or the texts are full: then the slot shows its template). */
void rt_label_end(RtGame *g)
{
    if (!g->labeling)
        return;
    g->labeling = 0;
    g->building = 0;
    const char *t = g->text ? g->text : "";
    size_t n = strlen(t) + 1;
    if (g->label_failed || g->lablen + n > RT_LABEL_BYTES)
        return;
    memcpy(g->labels + g->lablen, t, n);
    g->lab_at[g->lab_slot] = (int32_t)g->lablen;
    g->lablen += n;
}

/* text_of: the text formatted for slot of the pending decision when it
   was formatted from the template it shows (tpl), else NULL. */
static const char *text_of(const RtGame *g, int slot, int tpl)
{
    if (!g->lab_at || g->lab_serial != rt__hdr(g)->decisions || slot < 0 || slot > g->max_opts)
        return NULL;
    if (g->lab_at[slot] < 0 || g->lab_tpl[slot] != tpl)
        return NULL;
    return g->labels + g->lab_at[slot];
}

/* rt__label_of / rt__prompt_of: see rt_internal.h. */
const char *rt__label_of(const RtGame *g, int i)
{
    if (i < 0 || i >= rt__hdr(g)->dec_count)
        return NULL;
    return text_of(g, i + 1, g->pre.opt_cells[3 * i + 2]);
}
const char *rt__prompt_of(const RtGame *g) { return text_of(g, 0, rt__hdr(g)->dec_prompt); }

/* rt__labels_free: release the texts (rt_free, rt_reset). */
void rt__labels_free(RtGame *g)
{
    free(g->labels);
    free(g->lab_at);
    free(g->lab_tpl);
    g->labels = NULL;
    g->lab_at = g->lab_tpl = NULL;
    g->lablen = 0;
    g->lab_serial = -1;
}
