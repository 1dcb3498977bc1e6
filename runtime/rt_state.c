/* rt_state.c: the state block: layout, creation, clone, hash, results, names and runtime errors. */
#include "rt_internal.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(RtHeader) % 8 == 0, "RtHeader must not need tail padding");
_Static_assert(sizeof(RtFrame) == 4 * sizeof(int32_t), "RtFrame header is four int32");
_Static_assert(sizeof ((RtGamePrefix *)0)->seat_side == RT_MAX_PLAYERS, "a side for each seat");

/* def_problem: why def cannot be run with nplayers, or NULL. */
static const char *def_problem(const RtGameDef *def, int nplayers, char *buf, size_t size)
{
    if (def->abi != CARDRT_ABI) {
        snprintf(buf, size, "game was generated for runtime ABI %d but this runtime is ABI %d; regenerate it with cardc",
                 def->abi, CARDRT_ABI);
        return buf;
    }
    if (nplayers < def->min_players || nplayers > def->max_players || nplayers < 1 || nplayers > RT_MAX_PLAYERS) {
        snprintf(buf, size, "%d players: the game takes %d to %d", nplayers, def->min_players, def->max_players);
        return buf;
    }
    if (def->nzones < 1 || !def->zones)
        return "the definition has no zones (zone 0 must be the box)";
    if (def->nsides < 0 || def->nsides > INT8_MAX || (def->nsides > 0 && (!def->side_names || !def->side_titles)))
        return "the definition's sides are incomplete";
    for (int z = 0; z < def->nzones; z++)
        if (def->zones[z].kind < -1 || def->zones[z].kind >= def->nkinds)
            return "a zone names a kind that does not exist";
    for (int k = 0; k < def->nkinds; k++)
        if (def->kinds[k].nstate < 0 || (def->kinds[k].nstate > 0 && !def->kinds[k].state_defaults))
            return "a kind's state is incomplete";
    for (int c = 0; c < def->ncards; c++) {
        if (def->cards[c].kind < 0 || def->cards[c].kind >= def->nkinds)
            return "a card names a kind that does not exist";
        if (def->copies && def->copies[c] < 0)
            return "a card has a negative number of copies";
    }
    long ninst = 0;
    for (int c = 0; c < def->ncards; c++)
        ninst += def->copies ? def->copies[c] : 1;
    if (ninst > RT_MAX_CARDS)
        return "more card instances than the runtime takes (RT_MAX_CARDS)";
    for (int s = 0; s < def->nscripts; s++)
        if (!def->scripts[s].fn || def->scripts[s].nlocals < 0)
            return "a script has no function";
    if (def->nsites < 0 || (def->nsites > 0 && (!def->sites || def->nfiles < 1 || !def->files)))
        return "the definition's site table is incomplete";
    if (def->nlive < 0 || (def->nlive > 0 && (!def->live_per_player || !def->zone_live || !def->kind_live_slots
                                               || !def->live_update || !def->live_recount)))
        return "the definition's live counts are incomplete";
    if (def->setup_script < -1 || def->setup_script >= def->nscripts
        || def->round_script < -1 || def->round_script >= def->nscripts)
        return "the setup or round script index is out of range";
    return NULL;
}

/* alloc_tables: the per-game tables (outside the state); 0 when out of memory. */
static int alloc_tables(RtGame *g)
{
    const RtGameDef *def = g->def;
    size_t nv = (size_t)def->nvars + (size_t)def->nlive + 1, nz = (size_t)def->nzones + 1, ni = (size_t)g->ninst + 1;
    size_t nzi = (size_t)g->nzi + 1;
    g->var_cell = calloc(nv, sizeof *g->var_cell);
    g->var_pp = calloc(nv, sizeof *g->var_pp);
    g->inst_card = calloc(ni, sizeof *g->inst_card);
    g->card_inst = calloc((size_t)def->ncards + 1, sizeof *g->card_inst);
    g->inst_kind = calloc(ni, sizeof *g->inst_kind);
    g->inst_row = calloc(ni, sizeof *g->inst_row);
    g->kind_nstate = calloc((size_t)def->nkinds + 1, sizeof *g->kind_nstate);
    g->zi_decl = calloc(nzi, sizeof *g->zi_decl);
    g->zi_owner = calloc(nzi, sizeof *g->zi_owner);
    g->zi_kind = calloc(nzi, sizeof *g->zi_kind);
    g->zi_noted = calloc(nzi, sizeof *g->zi_noted);
    g->zi_live = calloc(nzi, sizeof *g->zi_live);
    g->decl_first = calloc(nz, sizeof *g->decl_first);
    g->decl_pp = calloc(nz, sizeof *g->decl_pp);
    g->zone_off = calloc(nzi, sizeof *g->zone_off);
    g->zone_cap = calloc(nzi, sizeof *g->zone_cap);
    g->kind_reset = calloc((size_t)def->nkinds * (size_t)g->maxstate + 1, sizeof *g->kind_reset);
    g->kind_keeps = calloc((size_t)def->nkinds + 1, sizeof *g->kind_keeps);
    g->kind_dice = calloc((size_t)def->nkinds + 1, sizeof *g->kind_dice);
    g->kind_keep = calloc((size_t)def->nkinds * (size_t)g->maxstate + 1, sizeof *g->kind_keep);
    return g->kind_reset && g->kind_keeps && g->kind_dice && g->kind_keep && g->zone_off && g->zone_cap && g->var_cell && g->var_pp && g->inst_card && g->card_inst && g->inst_kind && g->inst_row && g->kind_nstate
           && g->zi_decl && g->zi_owner && g->zi_kind && g->zi_noted && g->zi_live && g->decl_first && g->decl_pp;
}

/* fill_tables: the tables of a game of g->def with g->nplayers, from the
   def (var_cell and zone_off are set with the layout, lay_out). */
static void fill_tables(RtGame *g)
{
    const RtGameDef *def = g->def;
    for (int v = 0; v < def->nvars; v++)
        g->var_pp[v] = def->vars[v].per_player != 0;
    for (int k = 0; k < def->nkinds; k++) {
        const RtKindDef *kd = &def->kinds[k];
        g->kind_nstate[k] = kd->nstate;
        int kept = 0;
        for (int s = 0; s < kd->nstate && s < g->maxstate; s++) {
            g->kind_reset[k * g->maxstate + s] = kd->state_defaults[s];
            if (kd->state_keep && kd->state_keep[s]) {
                kept++;
                g->kind_keep[k * g->maxstate + s] = -1;
            }
        }
        /* 2: every slot kept (a move resets none; the cells past the
           kind's slots are never written, and stay 0) */
        g->kind_keeps[k] = kept == 0 ? 0 : kept == kd->nstate ? 2 : 1;
    }
    int i = 0;
    for (int c = 0; c < def->ncards; c++) {
        g->card_inst[c] = (def->copies ? def->copies[c] : 1) > 0 ? i : RT_NONE;
        for (int k = 0; k < (def->copies ? def->copies[c] : 1); k++, i++) {
            g->inst_card[i] = (int16_t)c;
            g->inst_kind[i] = def->cards[c].kind;
            g->inst_row[i] = def->cards[c].row;
        }
    }
    int zi = 0;
    for (int z = 0; z < def->nzones; z++) {
        g->decl_first[z] = zi;
        g->decl_pp[z] = def->zones[z].per_player != 0;
        int n = def->zones[z].per_player ? g->nplayers : 1;
        for (int p = 0; p < n; p++, zi++) {
            g->zi_decl[zi] = z;
            g->zi_owner[zi] = def->zones[z].per_player ? p : RT_NONE;
            g->zi_kind[zi] = def->zones[z].kind;
            /* interchangeable dice entering a player's zone are no card he plays */
            g->zi_noted[zi] = def->zones[z].per_player && def->zones[z].visibility == RT_PUBLIC &&
                                      !(def->dice && def->dice[z].live >= 0)
                                  ? p
                                  : -1;
            g->zi_live[zi] = def->nlive > 0 && def->zone_live[z] ? z : -1;
        }
        if (def->dice && def->dice[z].live >= 0 && def->zones[z].kind >= 0)
            g->kind_dice[def->zones[z].kind] = 1;
    }
}

/* fill_prefix: g->pre from g's layout, tables and state block. */
static void fill_prefix(RtGame *g)
{
    RtGamePrefix *x = &g->pre;
    x->def = g->def;
    x->hdr = (RtHeader *)(void *)g->blk;
    x->cells = (int32_t *)(void *)((char *)g->blk + sizeof(RtHeader));
    x->nplayers = g->nplayers;
    x->ninst = g->ninst;
    x->nzi = g->nzi;
    x->zone_off = g->zone_off;
    x->card_stride = g->card_stride;
    x->off_cards = g->off_cards;
    x->off_lists = g->off_lists;
    x->off_opts = g->off_opts;
    x->card_cells = x->cells + g->off_cards;
    x->opt_cells = x->cells + g->off_opts;
    x->max_opts = g->max_opts;
    x->log_on = g->log_on;
    x->decl_first = g->decl_first;
    x->decl_per_player = g->decl_pp;
    x->inst_kind = g->inst_kind;
    x->inst_row = g->inst_row;
    x->inst_data = g->def->inst_data;
    x->kind_nstate = g->kind_nstate;
    x->var_cell = g->var_cell;
    x->var_per_player = g->var_pp;
    x->maxstate = g->maxstate;
    x->kind_reset = g->kind_reset;
    x->kind_keeps = g->kind_keeps;
    x->kind_keep = g->kind_keep;
    x->zi_kind = g->zi_kind;
    x->zi_noted = g->zi_noted;
    x->inst_card = g->inst_card;
    x->know_cells = x->cells + g->off_know;
    x->zi_live = g->def->nlive > 0 ? g->zi_live : NULL;
    x->kind_live_slots = g->def->kind_live_slots;
    x->frame_cells = x->cells + g->off_frames;
    x->frame_stride = g->frame_stride;
    x->max_depth = g->max_depth;
    for (int p = 0; p < g->nplayers; p++)   /* the default seating; rt_new and rt_clone may change it */
        x->seat_side[p] = (int8_t)(g->def->nsides > 0 ? p % g->def->nsides : RT_NONE);
}

/* zone_capacity: the cards zone decl z can hold: def->layout's, or the
   instances of its kind (every instance for the box and zones of no
   kind); -1 when def->layout's is too small for this variant. */
static int zone_capacity(const RtGame *g, int z)
{
    int k = g->def->zones[z].kind, cap = 0;
    for (int c = 0; c < g->ninst; c++)
        cap += z == 0 || k < 0 || g->inst_kind[c] == k;
    if (!g->def->layout)
        return cap;
    return g->def->layout[z] >= cap ? g->def->layout[z] : -1;
}

/* lay_out: the first cells of the vars and zones (rt_layout_cells, the
   one computation of the layout). Returns the first cell after them, or
   -1 when out of memory or (g->layout_refused) def->layout is not this
   layout. */
static int lay_out(RtGame *g)
{
    const RtGameDef *def = g->def;
    int nv_live = def->nvars + def->nlive;   /* the live counts are laid out as vars after the vars */
    size_t nv = (size_t)nv_live + 1, nz = (size_t)def->nzones + 1;
    uint8_t *vpp = calloc(nv, 1), *zpp = calloc(nz, 1);
    int32_t *cap = calloc(nz, sizeof *cap), *vcell = calloc(nv, sizeof *vcell), *zcell = calloc(nz, sizeof *zcell);
    int bad = !vpp || !zpp || !cap || !vcell || !zcell, oom = bad;
    int32_t base = 0, rel = 0;
    if (!bad) {
        for (int v = 0; v < def->nvars; v++)
            vpp[v] = (uint8_t)(def->vars[v].per_player != 0);
        for (int l = 0; l < def->nlive; l++)
            vpp[def->nvars + l] = (uint8_t)(def->live_per_player[l] != 0);
        for (int z = 0; z < def->nzones; z++) {
            zpp[z] = (uint8_t)(def->zones[z].per_player != 0);
            cap[z] = zone_capacity(g, z);
            bad |= cap[z] < 0;
        }
    }
    if (!bad) {
        rel = rt_layout_cells(nv_live, vpp, def->nzones, zpp, cap, vcell, zcell, &base);
        for (int v = 0; v < nv_live; v++)
            g->var_cell[v] = vcell[v];
        g->pre.player_stride = rel;
        for (int zi = 0; zi < g->nzi; zi++) {
            int z = g->zi_decl[zi], p = g->zi_owner[zi];
            g->zone_off[zi] = zcell[z] + (p == RT_NONE ? 0 : (ptrdiff_t)p * rel);
            g->zone_cap[zi] = cap[z];
        }
        const int32_t *lay = def->layout;   /* the layout the generated code was written for */
        if (lay) {
            for (int v = 0; v < nv_live; v++)
                bad |= lay[def->nzones + v] != vcell[v];
            for (int z = 0; z < def->nzones; z++)
                bad |= lay[def->nzones + nv_live + z] != zcell[z];
            bad |= lay[2 * def->nzones + nv_live] != rel;
        }
    }
    free(vpp);
    free(zpp);
    free(cap);
    free(vcell);
    free(zcell);
    if (bad) {
        g->layout_refused = !oom;
        return -1;
    }
    return base + g->nplayers * rel;
}

/* alloc_game: an RtGame with its layout and tables; its state block is
   allocated but not filled (rt_new fills it, rt_clone copies it). NULL
   when out of memory or (*layout_refused set) def->layout is refused. */
static RtGame *alloc_game(const RtGameDef *def, int nplayers, uint64_t seed, int max_rounds, int log_on,
                          int *layout_refused)
{
    RtGame *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->def = def;
    g->nplayers = nplayers;
    g->seed = seed;
    g->max_rounds = max_rounds > 0 ? max_rounds : RT_DEFAULT_MAX_ROUNDS;
    g->max_steps = RT_DEFAULT_MAX_STEPS;
    g->log_on = log_on;

    long ninst = 0;
    for (int c = 0; c < def->ncards; c++)
        ninst += def->copies ? def->copies[c] : 1;
    g->ninst = (int)ninst;
    g->nzi = 0;
    for (int z = 0; z < def->nzones; z++)
        g->nzi += def->zones[z].per_player ? nplayers : 1;
    for (int k = 0; k < def->nkinds; k++)
        if (def->kinds[k].nstate > g->maxstate)
            g->maxstate = def->kinds[k].nstate;
    for (int s = 0; s < def->nscripts; s++)
        if (def->scripts[s].nlocals > g->maxlocals)
            g->maxlocals = def->scripts[s].nlocals;

    g->max_opts = 4 * g->ninst + 256;
    g->list_cap = 8 * g->ninst + 256;
    g->frame_stride = 1 + 4 + g->maxlocals;
    g->max_depth = def->max_frames > 0 && def->max_frames < RT_MAX_DEPTH ? def->max_frames : RT_MAX_DEPTH;
    g->card_stride = 1 + g->maxstate;

    if (!alloc_tables(g)) {
        rt_free(g);
        return NULL;
    }
    fill_tables(g);

    int off = lay_out(g);
    if (off < 0) {
        *layout_refused = g->layout_refused;
        rt_free(g);
        return NULL;
    }
    g->off_cards = off;  off += g->ninst * g->card_stride;
    g->know_words = (g->ninst + 31) / 32;   /* a flag, then per player three bitsets (rt_know.c) */
    g->know_state_words = (int)(((long)g->ninst * g->maxstate + 31) / 32);
    g->know_size = 1 + g->nplayers * (2 * g->know_words + g->know_state_words);
    g->off_know = off;   off += g->know_size;
    g->off_frames = off; off += g->max_depth * g->frame_stride;
    g->off_lists = off;  off += g->list_cap;
    g->off_opts = off;   off += 3 * g->max_opts;
    g->size = sizeof(RtHeader) + ((size_t)off * sizeof(int32_t) + 7) / 8 * 8;
    g->blk = calloc(1, g->size);   /* filled by init_state or a copy */
    if (!g->blk) {
        rt_free(g);
        return NULL;
    }
    fill_prefix(g);
    return g;
}

/* reset_card_state: card c's state slots = its kind's defaults (0 beyond). */
static void reset_card_state(RtGame *g, RtValue c)
{
    const RtKindDef *k = &g->def->kinds[g->def->cards[g->inst_card[c]].kind];
    int32_t *cs = rt__card(g, c);
    for (int s = 0; s < g->maxstate; s++)
        cs[1 + s] = s < k->nstate ? k->state_defaults[s] : 0;
}

/* build_prelude: g->fresh_prelude, the n bytes of g->fresh after the
   setup's prelude (which draws no number: the generator stays unseeded);
   none when it fails or memory is short. g's block holds g->fresh after. */
static void build_prelude(RtGame *g, size_t n)
{
    if (rt__run_prelude(g)) {
        g->fresh_prelude = malloc(n);
        if (g->fresh_prelude)
            memcpy(g->fresh_prelude, g->blk, n);
    }
    memcpy(g->blk, g->fresh, n);
}

/* init_state: g's state block as a new game of seed g->seed: zeroed, then
   the generator seeded, every var at its initial value and every
   instance in the box (in order) with its kind's default state. */
static void init_state(RtGame *g)
{
    const RtGameDef *def = g->def;
    /* The header, vars, zones and cards; frames are cleared when pushed,
       lists and options are written before they are read (and rt_hash
       reads only the live ones). After the first time they are copied
       from g->fresh. */
    size_t n = sizeof(RtHeader) + (size_t)g->off_frames * sizeof(int32_t);
    RtHeader *h = rt__hdr(g);
    if (g->fresh) {
        memcpy(g->blk, !g->log_on && g->fresh_prelude ? g->fresh_prelude : g->fresh, n);
        rt__xoshiro_seed(h->rng, g->seed);
        return;
    }
    memset(g->blk, 0, n);
    h->dec_player = RT_NONE;
    h->dec_prompt = -1;
    h->chosen_value = RT_NONE;
    h->chosen_card = RT_NONE;
    h->max_steps = g->max_steps;
    h->counted = def->dice != NULL && !g->log_on;   /* docs/runtime.md "Interchangeable dice" */
    h->steps_left = g->max_steps;
    int32_t *cells = rt__cells(g);
    for (int v = 0; v < def->nvars; v++) {
        int count = def->vars[v].per_player ? g->nplayers : 1;
        for (int p = 0; p < count; p++)
            cells[g->var_cell[v] + p * g->pre.player_stride] = def->vars[v].init;
    }
    int32_t *box = rt__zone(g, 0);
    for (int c = 0; c < g->ninst; c++) {
        box[1 + c] = c;
        rt__card(g, c)[0] = 0;
        reset_card_state(g, c);
    }
    box[0] = g->ninst;
    if (def->nlive > 0)
        def->live_recount(g);
    g->fresh = malloc(n);   /* when there is no memory, the next reset builds the state again */
    if (g->fresh) {
        memcpy(g->fresh, g->blk, n);
        g->fresh_size = n;
        if (!g->log_on && def->prelude)
            build_prelude(g, n);
    }
    rt__xoshiro_seed(h->rng, g->seed);
}

/* rt_new: see cardrt.h. The state starts with every instance in the box. */
RtGame *rt_new(const RtGameDef *def, const RtOptions *opt)
{
    char buf[200];
    if (!def || !opt) {
        fprintf(stderr, "cardrt: rt_new: no definition or no options\n");
        return NULL;
    }
    int nplayers = opt->players ? opt->players : def->min_players;
    const char *why = def_problem(def, nplayers, buf, sizeof buf);
    if (why) {
        fprintf(stderr, "cardrt: %s: %s\n", def->id ? def->id : "game", why);
        return NULL;
    }
    int layout_refused = 0;
    RtGame *g = alloc_game(def, nplayers, opt->seed, opt->max_rounds, opt->log, &layout_refused);
    if (!g) {
        if (layout_refused)
            fprintf(stderr, "cardrt: %s: the generated code lays the state out otherwise than this runtime "
                            "(generate it again with this cardc)\n", def->id ? def->id : "game");
        else
            fprintf(stderr, "cardrt: out of memory\n");
        return NULL;
    }
    if (opt->max_steps > 0)
        g->max_steps = opt->max_steps;
    if (opt->sides) {
        if ((why = rt__sides_check(def, nplayers, opt->sides, buf, sizeof buf))) {
            fprintf(stderr, "cardrt: %s: RtOptions.sides: %s\n", def->id ? def->id : "game", why);
            rt_free(g);
            return NULL;
        }
        for (int p = 0; p < nplayers; p++)
            g->pre.seat_side[p] = (int8_t)opt->sides[p];
    }
    init_state(g);
    return g;
}

/* rt_reset: see cardrt.h. */
void rt_reset(RtGame *g, uint64_t seed)
{
    for (int i = 0; i < g->nev; i++) {
        free(g->ev[i].text);
        free(g->ev[i].prompt);
    }
    g->nev = 0;
    g->building = 0;
    g->lab_serial = -1;
    g->textlen = 0;
    g->seed = seed;
    init_state(g);
}

/* rt_free: release g, its state and its log. NULL is fine. */
void rt_free(RtGame *g)
{
    if (!g)
        return;
    rt__log_free(g);
    free(g->inst_card);
    free(g->card_inst);
    rt__graph_memo_free(g);
    free(g->zi_decl);
    free(g->zi_owner);
    free(g->decl_first);
    free(g->decl_pp);
    free(g->inst_kind);
    free(g->inst_row);
    free(g->kind_nstate);
    free(g->var_cell);
    free(g->var_pp);
    free(g->zi_kind);
    free(g->zi_noted);
    free(g->zi_live);
    free(g->zone_off);
    free(g->zone_cap);
    free(g->kind_reset);
    free(g->kind_keeps);
    free(g->kind_dice);
    free(g->kind_keep);
    free(g->fresh);
    free(g->fresh_prelude);
    free(g->blk);
    free(g);
}

/* clone_game: a copy of g's state and def (rt_clone), its log kept from
   now on if log (the events before are not copied). */
static RtGame *clone_game(const RtGame *g, int log)
{
    if (!g)
        return NULL;
    int refused = 0;
    RtGame *c = alloc_game(g->def, g->nplayers, g->seed, g->max_rounds, log, &refused);
    if (!c)
        return NULL;
    c->max_steps = g->max_steps;
    memcpy(c->pre.seat_side, g->pre.seat_side, sizeof c->pre.seat_side);   /* the copy plays the same seating */
    memcpy(c->blk, g->blk, g->size);
    return c;
}

/* rt_clone: a new game with g's def and state, no log. Caller frees. */
RtGame *rt_clone(const RtGame *g) { return clone_game(g, 0); }

/* rt__clone_logged: see rt_internal.h. */
RtGame *rt__clone_logged(const RtGame *g) { return clone_game(g, g ? g->log_on : 0); }

/* rt_note_played: see cardrt.h. */
void rt_note_played(RtGame *g, uint8_t *bits)
{
    if (!g)
        return;
    g->pre.played = bits;
    for (int z = 0; bits && z < g->nzi; z++) {
        if (g->zi_noted[z] < 0)
            continue;
        const int32_t *cells = rt__zone(g, z);
        for (int i = 1; i <= cells[0]; i++)
            rt__note_played(&g->pre, cells[i], z);
    }
}

/* rt_copy_state: dst's state and seating = src's; nothing happens if they do not fit. */
void rt_copy_state(RtGame *dst, const RtGame *src)
{
    if (!dst || !src || dst == src || dst->def != src->def || dst->size != src->size)
        return;
    memcpy(dst->pre.seat_side, src->pre.seat_side, sizeof dst->pre.seat_side);
    memcpy(dst->blk, src->blk, src->size);
}

/* hash_word: fold one 64-bit word into h. */
static uint64_t hash_word(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9e3779b97f4a7c15u;
    return h ^ (h >> 29);
}

/* hash_bytes: fold n bytes into h, as little-endian 64-bit words, then
   the bytes left over, then n. */
static uint64_t hash_bytes(uint64_t h, const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        h = hash_word(h, (uint64_t)p[i] | (uint64_t)p[i + 1] << 8 | (uint64_t)p[i + 2] << 16 | (uint64_t)p[i + 3] << 24
                             | (uint64_t)p[i + 4] << 32 | (uint64_t)p[i + 5] << 40 | (uint64_t)p[i + 6] << 48
                             | (uint64_t)p[i + 7] << 56);
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3u;
    return hash_word(h, (uint64_t)n);
}

/* hash_cells: fold n cells into h, each as its 32-bit value, then n. */
static uint64_t hash_cells(uint64_t h, const int32_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = hash_word(h, (uint32_t)c[i]);
    return hash_word(h, (uint64_t)n);
}

/* rt_hash: a 64-bit hash of the live parts of the state block (the same
   value on every machine; docs/runtime.md): the header, the pending
   decision's options, the vars, each zone's count and cards, the cards,
   the frames on the stack (each as far as its script's locals go) and
   the lists on the list stack. Cells past a
   zone's count, popped frames and lists, and old options are not read:
   two states equal in everything a game can observe hash equal. A zone
   of interchangeable dice is its count by face, and its dice are not
   read one by one: a game kept as counts (rt_counted) and the same game
   kept as cards hash equal. */
uint64_t rt_hash(const RtGame *g)
{
    RtHeader hd = *rt__hdr(g);
    const int32_t *cells = rt__cells(g);
    const RtDiceZone *dice = g->def->dice;
    uint64_t h = 0xcbf29ce484222325u;
    hd.counted = 0;
    hd.steps_left = 0;   /* the budget is a guard, not the position: dice kept as counts loop less */
    h = hash_bytes(h, (const unsigned char *)&hd, sizeof hd);
    if (hd.pending != RT_DEC_NONE)
        h = hash_cells(h, cells + g->off_opts, 3 * (size_t)hd.dec_count);
    for (int v = 0; v < g->def->nvars; v++)
        for (int p = 0; p < (g->var_pp[v] ? g->nplayers : 1); p++)
            h = hash_word(h, (uint32_t)cells[g->var_cell[v] + p * g->pre.player_stride]);
    for (int z = 0; z < g->nzi; z++) {
        const int32_t *zz = cells + g->zone_off[z];
        const RtDiceZone *dz = rt__dice_zone(g, z);
        if (dz) {   /* its count, and its count by face (a live count, kept either way) */
            h = hash_word(h, (uint32_t)zz[0]);
            h = hash_cells(h, rt__dice_faces(g, z, dz), (size_t)dz->ncells);
        } else {
            h = hash_cells(h, zz, 1 + (size_t)zz[0]);
        }
    }
    if (!dice) {
        h = hash_cells(h, cells + g->off_cards, (size_t)g->ninst * (size_t)g->card_stride);
    } else {   /* the cards but the dice */
        for (int c = 0; c < g->ninst; c++)
            if (!g->kind_dice[g->inst_kind[c]])
                h = hash_cells(h, cells + g->off_cards + (size_t)c * (size_t)g->card_stride, (size_t)g->card_stride);
    }
    /* the knowledge record: a die's bits are 0 either way (each move clears a
       card's bits, and nothing shows a die in its zones) */
    h = hash_cells(h, cells + g->off_know, (size_t)g->know_size);
    for (int d = 0; d < hd.depth; d++) {   /* the list-stack base, the RtFrame and its script's locals */
        const int32_t *fc = cells + g->off_frames + (size_t)d * (size_t)g->frame_stride;
        int script = fc[1];
        size_t n = 5 + (size_t)(script >= 0 && script < g->def->nscripts ? g->def->scripts[script].nlocals : 0);
        h = hash_cells(h, fc, n < (size_t)g->frame_stride ? n : (size_t)g->frame_stride);
    }
    h = hash_cells(h, cells + g->off_lists, (size_t)hd.list_top);
    h *= 0xbf58476d1ce4e5b9u;
    return h ^ (h >> 31);
}

/* rt_first_player: the player whose turn came first (recorded by rt_log_turn). */
int rt_first_player(const RtGame *g)
{
    int32_t f = rt__hdr(g)->first_turn;
    return f > 0 ? f - 1 : RT_NONE;
}

/* Results: see cardrt.h. */
int rt_over(const RtGame *g) { return rt__hdr(g)->status != RT_RUNNING; }
int rt_failed(const RtGame *g) { return rt__hdr(g)->status == RT_FAILED; }
const char *rt_error(const RtGame *g) { return rt__hdr(g)->error; }
int rt_is_winner(const RtGame *g, int player)
{
    return rt__is_player(g, player) && (rt__hdr(g)->winners >> player & 1u);
}
int rt_lost(const RtGame *g) { return rt__hdr(g)->status == RT_OVER && rt__hdr(g)->lost; }
int rt_rounds(const RtGame *g) { return rt__hdr(g)->round; }
const RtGameDef *rt_def(const RtGame *g) { return g->def; }
int rt_decisions(const RtGame *g) { return rt__hdr(g)->decisions; }
uint64_t rt_seed(const RtGame *g) { return g->seed; }


/* rt_player_name: the title of the seat's side when sides map one to one onto seats, else
   "Player N" (1-based); "none" for anything that is not a player. */
const char *rt_player_name(const RtGame *g, int player, char *buf, size_t size)
{
    if (!buf || size == 0)
        return "";
    if (!rt__is_player(g, player))
        snprintf(buf, size, "none");
    else if (g->def->nsides == g->nplayers && g->def->side_titles[g->pre.seat_side[player]])
        snprintf(buf, size, "%s", g->def->side_titles[g->pre.seat_side[player]]);
    else
        snprintf(buf, size, "Player %d", player + 1);
    return buf;
}



/* rt__string: string s of the def, or "" when out of range. */
const char *rt__string(const RtGame *g, int s)
{
    if (s < 0 || s >= g->def->nstrings || !g->def->strings[s])
        return "";
    return g->def->strings[s];
}

/* rt__card_label: the card's printed name, or "none". */
const char *rt__card_label(const RtGame *g, RtValue card)
{
    if (!rt__is_card(g, card))
        return "none";
    const char *n = g->def->cards[g->inst_card[card]].name;
    return n ? n : "?";
}

/* rt__zone_label: "name" for a shared zone, "name(Player)" for a player's. */
const char *rt__zone_label(const RtGame *g, RtValue zone, char *buf, size_t size)
{
    char pn[96];
    if (!rt__is_zone(g, zone)) {
        snprintf(buf, size, "none");
        return buf;
    }
    const char *name = g->def->zones[g->zi_decl[zone]].name;
    if (!name)
        name = "?";
    if (g->zi_owner[zone] == RT_NONE)
        snprintf(buf, size, "%s", name);
    else
        snprintf(buf, size, "%s(%s)", name, rt_player_name(g, g->zi_owner[zone], pn, sizeof pn));
    return buf;
}

/* rt__value_text: v as a value of the given RT_TY_* type. */
const char *rt__value_text(const RtGame *g, int type, RtValue v, char *buf, size_t size)
{
    switch (type) {
    case RT_TY_BOOL:
        snprintf(buf, size, "%s", v ? "true" : "false");
        break;
    case RT_TY_PLAYER:
        rt_player_name(g, v, buf, size);
        break;
    case RT_TY_SIDE:
        if (v >= 0 && v < g->def->nsides && g->def->side_titles[v])
            snprintf(buf, size, "%s", g->def->side_titles[v]);
        else
            snprintf(buf, size, "none");
        break;
    case RT_TY_CARD:
        if (rt__is_card(g, v))
            snprintf(buf, size, "\"%s\"", rt__card_label(g, v));
        else
            snprintf(buf, size, "none");
        break;
    default:
        if (type >= RT_TY_ENUM && type - RT_TY_ENUM < g->def->nenums) {
            const RtEnumDef *e = &g->def->enums[type - RT_TY_ENUM];
            if (v >= 0 && v < e->nvalues && e->values[v])
                snprintf(buf, size, "%s", e->values[v]);
            else
                snprintf(buf, size, "none");
            break;
        }
        snprintf(buf, size, "%ld", (long)v);
        break;
    }
    return buf;
}

/* rt__label_text: an option's text: "label: card", "label", the card's
   name, a player's name, a side's title, or the value. */
const char *rt__label_text(const RtGame *g, RtValue value, RtValue card, int label, char *buf, size_t size)
{
    if (label >= 0 && rt__is_card(g, card))
        snprintf(buf, size, "%s: %s", rt__string(g, label), rt__card_label(g, card));
    else if (label >= 0)
        snprintf(buf, size, "%s", rt__string(g, label));
    else if (label == RT_LABEL_PLAYER)
        rt__value_text(g, RT_TY_PLAYER, value, buf, size);
    else if (label == RT_LABEL_SIDE)
        rt__value_text(g, RT_TY_SIDE, value, buf, size);
    else if (rt__is_card(g, card))
        snprintf(buf, size, "%s", rt__card_label(g, card));
    else
        snprintf(buf, size, "%ld", (long)value);
    return buf;
}

/* rt__vfailf: see rt_internal.h. */
void rt__vfailf(RtGame *g, int site, const char *fmt, va_list ap)
{
    RtHeader *h = rt__hdr(g);
    if (g->labeling) {   /* a hole of a label (rt_label.c): the label shows its template */
        g->label_failed = 1;
        return;
    }
    if (h->status != RT_RUNNING)
        return;
    char msg[RT_ERROR_SIZE];
    vsnprintf(msg, sizeof msg, fmt, ap);
    const RtGameDef *d = g->def;
    char full[2 * RT_ERROR_SIZE + 48];
    if (site >= 0 && site < d->nsites && d->sites) {
        const RtSite *st = &d->sites[site];
        const char *file = st->file >= 0 && st->file < d->nfiles && d->files ? d->files[st->file] : "?";
        snprintf(full, sizeof full, "%.*s:%d:%d: %s", RT_ERROR_SIZE, file, (int)st->line, (int)st->col, msg);
    } else {
        const RtScriptDef *s = NULL;
        if (site == RT_SITE_SCRIPT && h->depth > 0 && h->depth <= g->max_depth) {
            int sc = rt__frame(g, h->depth - 1)->script;
            if (sc >= 0 && sc < d->nscripts)
                s = &d->scripts[sc];
        }
        if (s)
            snprintf(full, sizeof full, "%.*s:%d: %s", RT_ERROR_SIZE, s->file ? s->file : "?", s->line, msg);
        else
            snprintf(full, sizeof full, "%s", msg);
    }
    size_t n = strlen(full);
    if (n >= sizeof h->error)
        n = sizeof h->error - 1;
    memcpy(h->error, full, n);
    h->error[n] = '\0';
    RtEvent *e = rt__event(g, RT_EV_ERROR, RT_VIS_EVERYONE);
    if (e)
        e->text = strdup(h->error);
    h->status = RT_FAILED;
    h->pending = 0;
}

void rt__failf(RtGame *g, int site, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    rt__vfailf(g, site, fmt, ap);
    va_end(ap);
}

/* rt_fail: end the game with "file:line:col: message" (site's location). Returns RT_END. */
RtStatus rt_fail(RtGame *g, int site, const char *message)
{
    rt__failf(g, site, "%s", message ? message : "error");
    return RT_END;
}

/* rt__arith_fail: checked arithmetic's failing half (see cardrt.h): fail
   the game at site naming the operation ('n' is unary minus). Returns 0. */
RtValue rt__arith_fail(RtGame *g, int site, int op, RtValue a, RtValue b)
{
    if ((op == '/' || op == '%') && b == 0)
        rt__failf(g, site, "%s by zero: %ld %c 0", op == '/' ? "division" : "modulo", (long)a, op);
    else if (op == 'n')
        rt__failf(g, site, "integer overflow: -(%ld) is out of range (%ld..%ld)", (long)a, (long)INT32_MIN,
                  (long)INT32_MAX);
    else
        rt__failf(g, site, "integer overflow: %ld %c %ld is out of range (%ld..%ld)", (long)a, op, (long)b,
                  (long)INT32_MIN, (long)INT32_MAX);
    return 0;
}

/* rt__steps_fail: rt_back_edge's failing half (see cardrt.h). */
void rt__steps_fail(RtGame *g, int site)
{
    RtHeader *h = rt__hdr(g);
    h->steps_left = 0;   /* stays at the budget's end, whatever a failed game still does */
    rt__failf(g, site, "game exceeded %d steps in this loop (--max-steps)", (int)h->max_steps);
}

/* rt_steps: see cardrt.h. */
int rt_steps(const RtGame *g)
{
    const RtHeader *h = rt__pre(g)->hdr;
    return h->max_steps - (h->steps_left > 0 ? h->steps_left : 0);
}
