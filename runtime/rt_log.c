/* rt_log.c: the event log: recording events, and writing them as text (per viewer) and JSON lines. */
#include "rt_internal.h"

#include <stdlib.h>
#include <string.h>

/* rt__event: append an event of type seen in detail by vis; NULL when the
   log is off, memory is short, or the game already failed. */
RtEvent *rt__event(RtGame *g, int type, uint32_t vis)
{
    if (!g->log_on || rt__hdr(g)->status == RT_FAILED)
        return NULL;
    if (g->nev == g->evcap) {
        int cap = g->evcap ? 2 * g->evcap : 256;
        RtEvent *ev = realloc(g->ev, (size_t)cap * sizeof *ev);
        if (!ev)
            return NULL;
        g->ev = ev;
        g->evcap = cap;
    }
    RtEvent *e = &g->ev[g->nev++];
    memset(e, 0, sizeof *e);
    e->type = type;
    e->round = rt__hdr(g)->round;
    e->vis = vis;
    return e;
}

/* rt__log_free: release the events and the text being built. */
void rt__log_free(RtGame *g)
{
    for (int i = 0; i < g->nev; i++) {
        free(g->ev[i].text);
        free(g->ev[i].prompt);
        free(g->ev[i].anon);
    }
    free(g->ev);
    free(g->text);
    rt__labels_free(g);
    g->ev = NULL;
    g->text = NULL;
    g->nev = g->evcap = 0;
}

static const char *const type_names[] = {
    "round", "phase", "turn", "move", "shuffle", "choice", "set", "state", "win", "draw", "error", "log", "out", "reveal", "lose"
};

static int sees(const RtEvent *e, int viewer)
{
    return viewer < 0 || (viewer < RT_MAX_PLAYERS && (e->vis >> viewer & 1u));
}

/* shown: viewer reads a line for event e: not for a private variable he
   does not see set, nor a state change of a card he does not see (that
   either happened would tell him something of a secret). */
static int shown(const RtEvent *e, int viewer)
{
    return (e->type != RT_EV_SET && e->type != RT_EV_STATE) || sees(e, viewer);
}

/* rt__log_shown: see rt_internal.h. */
int rt__log_shown(const RtGame *g, int i, int viewer) { return i >= 0 && i < g->nev && shown(&g->ev[i], viewer); }

/* state_type: the RT_TY_* of a card's state slot (int when not declared). */
static int state_type(const RtGame *g, RtValue card, int slot)
{
    if (!rt__is_card(g, card))
        return RT_TY_INT;
    const RtKindDef *k = &g->def->kinds[g->def->cards[g->inst_card[card]].kind];
    if (slot < 0 || slot >= k->nstate || !k->state_types)
        return RT_TY_INT;
    return k->state_types[slot];
}

static const char *state_name(const RtGame *g, RtValue card, int slot)
{
    if (!rt__is_card(g, card))
        return "?";
    const RtKindDef *k = &g->def->kinds[g->def->cards[g->inst_card[card]].kind];
    if (slot < 0 || slot >= k->nstate || !k->state_names || !k->state_names[slot])
        return "?";
    return k->state_names[slot];
}

/* render_reveal: a reveal or a look (rt_know.c) as text: the card by name
   for the players it was shown to and those who see its zone, else "a
   card"; who learns it: everyone, a player or a side. */
static void render_reveal(const RtGame *g, const RtEvent *e, int viewer, char *buf, size_t size)
{
    char what[200], zone[128], who[128];
    if (sees(e, viewer))
        snprintf(what, sizeof what, "\"%s\"", rt__card_label(g, e->a[0]));
    else
        snprintf(what, sizeof what, "a card");
    rt__zone_label(g, e->a[3], zone, sizeof zone);
    if (e->a[1] == RT_REVEAL_SIDE)
        snprintf(who, sizeof who, "%s", e->a[2] >= 0 && e->a[2] < g->def->nsides ? g->def->side_titles[e->a[2]] : "?");
    else
        rt_player_name(g, e->a[2], who, sizeof who);
    if (e->a[1] == RT_REVEAL_LOOK)
        snprintf(buf, size, "%s looks at %s in %s", who, what, zone);
    else if (e->a[1] == RT_REVEAL_ALL)
        snprintf(buf, size, "reveal %s in %s to everyone", what, zone);
    else
        snprintf(buf, size, "reveal %s in %s to %s", what, zone, who);
}

/* choice_label: the option chosen in choice event e, as viewer (who sees
   the choice) reads it: by place (e->anon) when neither the chooser nor
   he could tell its card from the others, else its label. */
static const char *choice_label(const RtGame *g, const RtEvent *e, int viewer, char *buf, size_t size)
{
    if (e->anon && viewer >= 0 && !(viewer < RT_MAX_PLAYERS && (e->tell >> viewer & 1u)))
        return e->anon;
    return e->text ? e->text : rt__label_text(g, e->a[3], e->a[4], e->a[5], buf, size);
}

/* render_raw: event e as one text line for viewer (-1: omniscient), names
   as they are (render escapes the line). */
static const char *render_raw(const RtGame *g, const RtEvent *e, int viewer, char *buf, size_t size)
{
    char a[128], b[128], c[200];
    const RtGameDef *def = g->def;
    switch (e->type) {
    case RT_EV_ROUND:
        snprintf(buf, size, "round %d", (int)e->a[0]);
        break;
    case RT_EV_PHASE:
        snprintf(buf, size, "phase %s", rt__string(g, e->a[0]));
        break;
    case RT_EV_TURN:
        snprintf(buf, size, "turn %s", rt_player_name(g, e->a[0], a, sizeof a));
        break;
    case RT_EV_MOVE:
        rt__zone_label(g, e->a[1], a, sizeof a);
        rt__zone_label(g, e->a[2], b, sizeof b);
        if (sees(e, viewer))
            snprintf(buf, size, "move \"%s\" %s -> %s%s", rt__card_label(g, e->a[0]), a, b, e->a[3] ? " (bottom)" : "");
        else
            snprintf(buf, size, "move a card %s -> %s%s", a, b, e->a[3] ? " (bottom)" : "");
        break;
    case RT_EV_SHUFFLE:
        snprintf(buf, size, "shuffle %s", rt__zone_label(g, e->a[0], a, sizeof a));
        break;
    case RT_EV_CHOICE:
        rt_player_name(g, e->a[0], a, sizeof a);
        if (sees(e, viewer))
            snprintf(buf, size, "choose %s: %s%s", a, choice_label(g, e, viewer, c, sizeof c),
                     (e->a[7] & RT_EVF_FORCED) ? " (forced)" : "");
        else
            snprintf(buf, size, "choose %s: (hidden)", a);
        break;
    case RT_EV_SET: {
        const RtVarDef *v = &def->vars[e->a[0]];
        char name[200];
        const char *at = strchr(v->name, '[');
        if (e->a[1] != RT_NONE && at)   /* an element of an array by player: "track[Player 1, 3]" */
            snprintf(name, sizeof name, "%.*s[%s, %s", (int)(at - v->name), v->name,
                     rt_player_name(g, e->a[1], c, sizeof c), at + 1);
        else if (e->a[1] != RT_NONE)
            snprintf(name, sizeof name, "%s(%s)", v->name, rt_player_name(g, e->a[1], c, sizeof c));
        else
            snprintf(name, sizeof name, "%s", v->name);
        if (!sees(e, viewer))
            snprintf(buf, size, "set %s (hidden)", name);
        else
            snprintf(buf, size, "set %s %s -> %s", name, rt__value_text(g, v->type, e->a[2], a, sizeof a),
                     rt__value_text(g, v->type, e->a[3], b, sizeof b));
        break;
    }
    case RT_EV_STATE:
        if (sees(e, viewer))
            snprintf(c, sizeof c, "\"%s\"", rt__card_label(g, e->a[0]));
        else
            snprintf(c, sizeof c, "a card");
        snprintf(buf, size, "state %s %s %s -> %s", c, state_name(g, e->a[0], e->a[1]),
                 rt__value_text(g, state_type(g, e->a[0], e->a[1]), e->a[2], a, sizeof a),
                 rt__value_text(g, state_type(g, e->a[0], e->a[1]), e->a[3], b, sizeof b));
        break;
    case RT_EV_WIN:
        snprintf(buf, size, "win %s", rt_player_name(g, e->a[0], a, sizeof a));
        break;
    case RT_EV_OUT:
        snprintf(buf, size, "out %s", rt_player_name(g, e->a[0], a, sizeof a));
        break;
    case RT_EV_DRAW:
        snprintf(buf, size, "draw");
        break;
    case RT_EV_LOSE:
        snprintf(buf, size, "lose: every player loses");
        break;
    case RT_EV_REVEAL:
        render_reveal(g, e, viewer, buf, size);
        break;
    case RT_EV_ERROR:
        snprintf(buf, size, "error %s", e->text ? e->text : "");
        break;
    default:
        snprintf(buf, size, "%s", e->text ? e->text : "");
        break;
    }
    return buf;
}

/* render: event e as one text line for viewer (-1: omniscient), with
   every control character of a name escaped (rt__esc): a line of the log
   is always one line, whatever the game's names hold. */
static const char *render(const RtGame *g, const RtEvent *e, int viewer, char *buf, size_t size)
{
    char raw[1024];
    if (!buf || size == 0)
        return "";
    render_raw(g, e, viewer, raw, sizeof raw < size ? sizeof raw : size);
    return rt__esc(raw, buf, size);
}

/* move_run: how many events from i on are moves between the same zones
   (the same end) that viewer sees all of or none of. */
static int move_run(const RtGame *g, int i, int viewer)
{
    const RtEvent *e = &g->ev[i];
    if (e->type != RT_EV_MOVE)
        return 1;
    int run = 1;
    for (; i + run < g->nev; run++) {
        const RtEvent *f = &g->ev[i + run];
        if (f->type != RT_EV_MOVE || f->a[1] != e->a[1] || f->a[2] != e->a[2] || f->a[3] != e->a[3] ||
            sees(f, viewer) != sees(e, viewer))
            break;
    }
    return run;
}

/* rt__log_show: see rt_internal.h. A run of moves between the same zones
   is one line ("move "A", "B" box -> hand(P)", or "move 16 cards ..."
   for cards the viewer does not see); other identical lines in a row are
   one with their count ("(x3)"). */
int rt__log_show(const RtGame *g, int from, int viewer, FILE *out)
{
    char line[512], next[512], a[256], b[256];
    for (int i = from; i < g->nev;) {
        if (!shown(&g->ev[i], viewer)) {
            i++;
            continue;
        }
        int run = move_run(g, i, viewer);
        const RtEvent *e = &g->ev[i];
        if (run > 1) {
            rt__zone_label(g, e->a[1], a, sizeof a);
            rt__zone_label(g, e->a[2], b, sizeof b);
            fputs("| move ", out);
            if (sees(e, viewer)) {
                for (int k = 0; k < run; k++) {
                    fputs(k ? ", \"" : "\"", out);
                    rt__put_esc(out, rt__card_label(g, g->ev[i + k].a[0]));
                    fputc('"', out);
                }
            } else {
                fprintf(out, "%d cards", run);
            }
            fputc(' ', out);
            rt__put_esc(out, a);
            fputs(" -> ", out);
            rt__put_esc(out, b);
            fprintf(out, "%s\n", e->a[3] ? " (bottom)" : "");
            i += run;
            continue;
        }
        rt_log_line(g, i, viewer, line, sizeof line);
        run = 1;
        while (i + run < g->nev && strcmp(rt_log_line(g, i + run, viewer, next, sizeof next), line) == 0)
            run++;
        if (run > 1)
            fprintf(out, "| %s (x%d)\n", line, run);
        else
            fprintf(out, "| %s\n", line);
        i += run;
    }
    return g->nev;
}

/* rt_log_count: events recorded so far. */
int rt_log_count(const RtGame *g) { return g->nev; }

/* rt_log_line: event i as text for viewer (-1: all) into buf ("" if i is
   out of range or the viewer reads no line for it). */
const char *rt_log_line(const RtGame *g, int i, int viewer, char *buf, size_t size)
{
    if (!buf || size == 0)
        return "";
    if (i < 0 || i >= g->nev || !shown(&g->ev[i], viewer)) {
        buf[0] = '\0';
        return buf;
    }
    return render(g, &g->ev[i], viewer, buf, size);
}

/* esc_one: the text that stands for the character at p in a line of
   text: a control character (below 0x20, DEL, or a UTF-8 C1 control
   U+0080..U+009F) as \n, \r, \t, \xHH or \u00HH, anything else as
   itself (a backslash too). Writes it to out (NUL-terminated) and returns
   how many bytes of p it stands for. */
static size_t esc_one(const unsigned char *p, char out[8])
{
    if (*p == '\n' || *p == '\r' || *p == '\t') {
        snprintf(out, 8, "\\%c", *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't');
        return 1;
    }
    if (*p < 0x20 || *p == 0x7f) {
        snprintf(out, 8, "\\x%02x", *p);
        return 1;
    }
    if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
        snprintf(out, 8, "\\u%04x", p[1]);
        return 2;
    }
    out[0] = (char)*p;
    out[1] = '\0';
    return 1;
}

/* rt__esc: see rt_internal.h. */
const char *rt__esc(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    char piece[8];
    if (!buf || size == 0)
        return "";
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        size_t used = esc_one(p, piece), len = strlen(piece);
        if (n + len >= size)
            break;
        memcpy(buf + n, piece, len);
        n += len;
        p += used;
    }
    buf[n] = '\0';
    return buf;
}

/* rt__put_esc: see rt_internal.h. */
void rt__put_esc(FILE *out, const char *s)
{
    char piece[8];
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        p += esc_one(p, piece);
        fputs(piece, out);
    }
}

/* rt_log_text: every event, one line each, as viewer sees it. */
void rt_log_text(const RtGame *g, int viewer, FILE *out)
{
    char buf[1024];
    for (int i = 0; i < g->nev; i++) {
        const RtEvent *e = &g->ev[i];
        if (!shown(e, viewer))
            continue;
        if (e->type == RT_EV_TEXT) {
            rt__put_esc(out, e->text);
        } else if (e->type == RT_EV_ERROR) {
            fputs("error ", out);
            rt__put_esc(out, e->text);
        } else {
            fputs(render(g, e, viewer, buf, sizeof buf), out);
        }
        fputc('\n', out);
    }
}

/* rt__json_str: s as a JSON string (quotes, backslashes and control bytes escaped; UTF-8 kept). */
void rt__json_str(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p == '\t')
            fputs("\\t", out);
        else if (*p == '\r')
            fputs("\\r", out);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

/* json_event: event e as one JSON object, as viewer sees it (-1: every
   field). For a viewer, an event whose detail he does not see says
   "seen":false and leaves out what the text log hides ("a card",
   "(hidden)"): the card, a hidden choice's option, prompt and label, a
   private variable's values; a choice of a card he could not tell apart
   gives its label by position (choice_label). */
static void json_event(const RtGame *g, const RtEvent *e, int viewer, FILE *out)
{
    char a[200], b[200];
    int seen = sees(e, viewer);
    fprintf(out, "{\"type\":\"%s\",\"round\":%d", type_names[e->type], e->round);
    switch (e->type) {
    case RT_EV_PHASE:
        fputs(",\"name\":", out);
        rt__json_str(out, rt__string(g, e->a[0]));
        break;
    case RT_EV_TURN:
    case RT_EV_WIN:
    case RT_EV_OUT:
        fprintf(out, ",\"player\":%d,\"name\":", (int)e->a[0]);
        rt__json_str(out, rt_player_name(g, e->a[0], a, sizeof a));
        break;
    case RT_EV_MOVE:
        if (seen) {
            fprintf(out, ",\"card\":%d,\"name\":", (int)e->a[0]);
            rt__json_str(out, rt__card_label(g, e->a[0]));
        }
        fputs(",\"from\":", out);
        rt__json_str(out, rt__zone_label(g, e->a[1], a, sizeof a));
        fputs(",\"to\":", out);
        rt__json_str(out, rt__zone_label(g, e->a[2], b, sizeof b));
        fprintf(out, ",\"where\":\"%s\"", e->a[3] ? "bottom" : "top");
        break;
    case RT_EV_SHUFFLE:
        fputs(",\"zone\":", out);
        rt__json_str(out, rt__zone_label(g, e->a[0], a, sizeof a));
        break;
    case RT_EV_CHOICE:
        if (!seen) {
            fprintf(out, ",\"player\":%d,\"hidden\":true", (int)e->a[0]);
            break;
        }
        fprintf(out, ",\"player\":%d,\"option\":%d,\"options\":%d,\"forced\":%s,\"hidden\":%s,\"prompt\":",
                (int)e->a[0], (int)e->a[1], (int)e->a[2], (e->a[7] & RT_EVF_FORCED) ? "true" : "false",
                (e->a[7] & RT_EVF_HIDDEN) ? "true" : "false");
        rt__json_str(out, e->prompt ? e->prompt : rt__string(g, e->a[6]));
        fputs(",\"label\":", out);
        rt__json_str(out, choice_label(g, e, viewer, a, sizeof a));
        break;
    case RT_EV_SET:
        fputs(",\"var\":", out);
        rt__json_str(out, g->def->vars[e->a[0]].name);
        if (e->a[1] != RT_NONE)
            fprintf(out, ",\"player\":%d", (int)e->a[1]);
        if (seen)
            fprintf(out, ",\"from\":%d,\"to\":%d", (int)e->a[2], (int)e->a[3]);
        break;
    case RT_EV_STATE:
        if (seen) {
            fprintf(out, ",\"card\":%d,\"name\":", (int)e->a[0]);
            rt__json_str(out, rt__card_label(g, e->a[0]));
        }
        fputs(",\"state\":", out);
        rt__json_str(out, state_name(g, e->a[0], e->a[1]));
        fprintf(out, ",\"from\":%d,\"to\":%d", (int)e->a[2], (int)e->a[3]);
        break;
    case RT_EV_ERROR:
        fputs(",\"message\":", out);
        rt__json_str(out, e->text);
        break;
    case RT_EV_TEXT:
        fputs(",\"text\":", out);
        rt__json_str(out, e->text);
        break;
    case RT_EV_REVEAL:
        if (seen) {
            fprintf(out, ",\"card\":%d,\"name\":", (int)e->a[0]);
            rt__json_str(out, rt__card_label(g, e->a[0]));
        }
        fputs(",\"zone\":", out);
        rt__json_str(out, rt__zone_label(g, e->a[3], a, sizeof a));
        fprintf(out, ",\"to\":\"%s\",\"who\":%d", e->a[1] == RT_REVEAL_ALL ? "all" : e->a[1] == RT_REVEAL_SIDE ? "side"
                                              : e->a[1] == RT_REVEAL_LOOK ? "look" : "player", (int)e->a[2]);
        break;
    default:
        break;
    }
    if (!seen)
        fputs(",\"seen\":false", out);
    fputs("}\n", out);
}

/* rt_log_json: see cardrt.h (the omniscient log). */
void rt_log_json(const RtGame *g, FILE *out) { rt_log_json_as(g, -1, out); }

/* rt_log_json_as: the header line, then one JSON object per event as
   viewer sees it (json_event; -1: omniscient). */
void rt_log_json_as(const RtGame *g, int viewer, FILE *out)
{
    fputs("{\"type\":\"header\",\"game\":", out);
    rt__json_str(out, g->def->id);
    fputs(",\"variant\":", out);
    rt__json_str(out, g->def->variant);
    fprintf(out, ",\"seed\":%llu,\"players\":%d,\"max_rounds\":%d", (unsigned long long)g->seed, g->nplayers,
            g->max_rounds);
    if (g->max_steps != RT_DEFAULT_MAX_STEPS)   /* the budget a replay needs, when not the default */
        fprintf(out, ",\"max_steps\":%d", g->max_steps);
    char sides[RT_MAX_PLAYERS * 64];
    if (rt__sides_text(g, sides, sizeof sides)) {   /* the seating a replay needs, when not the default */
        fputs(",\"sides\":", out);
        rt__json_str(out, sides);
    }
    if (viewer >= 0)   /* one seat's log (0-based, as the events' players): not a log to replay */
        fprintf(out, ",\"viewer\":%d", viewer);
    fputs("}\n", out);
    for (int i = 0; i < g->nev; i++)
        if (shown(&g->ev[i], viewer))
            json_event(g, &g->ev[i], viewer, out);
}

/* ---- log entries written by scripts ---- */

/* rt__log_phase / rt__log_turn: rt_log_phase's and rt_log_turn's
   out-of-line halves (see cardrt.h). */
void rt__log_phase(RtGame *g, int name_string)
{
    RtEvent *e = rt__event(g, RT_EV_PHASE, RT_VIS_EVERYONE);
    if (e)
        e->a[0] = name_string;
}
void rt__log_turn(RtGame *g, RtValue player)
{
    RtHeader *h = rt__hdr(g);
    if (h->first_turn == 0 && rt__is_player(g, player))
        h->first_turn = player + 1;
    RtEvent *e = rt__event(g, RT_EV_TURN, RT_VIS_EVERYONE);
    if (e)
        e->a[0] = player;
}

/* rt_log_begin .. rt_log_end: one free-text line built from pieces. */
void rt_log_begin(RtGame *g)
{
    if (!g->log_on)
        return;
    g->building = 1;
    g->textlen = 0;
    if (g->text)
        g->text[0] = '\0';
}

void rt_log_str(RtGame *g, const char *s)
{
    if (!g->log_on || !g->building || !s)
        return;
    size_t n = strlen(s);
    if (g->textlen + n + 1 > g->textcap) {
        size_t cap = g->textcap ? g->textcap : 128;
        while (cap < g->textlen + n + 1)
            cap *= 2;
        char *t = realloc(g->text, cap);
        if (!t)
            return;
        g->text = t;
        g->textcap = cap;
    }
    memcpy(g->text + g->textlen, s, n + 1);
    g->textlen += n;
}

/* logging: 1 while a text line is being built (the log is on). */
static int logging(const RtGame *g) { return g->log_on && g->building; }

void rt_log_int(RtGame *g, RtValue v)
{
    char buf[16];
    if (!logging(g))
        return;
    snprintf(buf, sizeof buf, "%ld", (long)v);
    rt_log_str(g, buf);
}

void rt_log_card(RtGame *g, RtValue card) { rt_log_str(g, rt__card_label(g, card)); }

void rt_log_player(RtGame *g, RtValue player)
{
    char buf[128];
    if (!logging(g))
        return;
    rt_log_str(g, rt_player_name(g, player, buf, sizeof buf));
}

void rt_log_side(RtGame *g, RtValue side)
{
    char buf[128];
    if (!logging(g))
        return;
    rt_log_str(g, rt__value_text(g, RT_TY_SIDE, side, buf, sizeof buf));
}

/* rt_log_value: v written as a value of RT_TY_* type (an enum value by its name). */
void rt_log_value(RtGame *g, int type, RtValue v)
{
    char buf[128];
    if (!logging(g))
        return;
    rt_log_str(g, rt__value_text(g, type, v, buf, sizeof buf));
}

/* end_text: the text event rt_log_begin started, an announcement or not. */
static void end_text(RtGame *g, int announced)
{
    if (!g->log_on || !g->building)
        return;
    g->building = 0;
    RtEvent *e = rt__event(g, RT_EV_TEXT, RT_VIS_EVERYONE);
    if (e) {
        e->text = strdup(g->text ? g->text : "");
        e->announced = (uint8_t)announced;
    }
}

void rt_log_end(RtGame *g) { end_text(g, 0); }
void rt_log_announce(RtGame *g) { end_text(g, 1); }

/* rt__log_card: the card event i shows viewer by name (a move or a reveal
   he sees, a choice of a card of a zone whose answer he sees, not by its
   place), else RT_NONE. */
RtValue rt__log_card(const RtGame *g, int i, int viewer)
{
    if (i < 0 || i >= g->nev || !sees(&g->ev[i], viewer))
        return RT_NONE;
    const RtEvent *e = &g->ev[i];
    switch (e->type) {
    case RT_EV_MOVE: case RT_EV_REVEAL: return e->a[0];
    case RT_EV_CHOICE:
        if ((e->a[7] & RT_EVF_NAMED) || (e->anon && viewer >= 0 && !(viewer < RT_MAX_PLAYERS && (e->tell >> viewer & 1u))))
            return RT_NONE;   /* named by the script, or read by its place */
        return rt__is_card(g, e->a[4]) ? e->a[4] : RT_NONE;
    default: return RT_NONE;
    }
}

/* rt__log_hidden_choice: when event i is a hidden choice, its chooser,
   option index and card (RT_NONE for an option of no card) into *player,
   *option and *card, and its label as the chooser read it into buf (size
   bytes); else NULL. */
const char *rt__log_hidden_choice(const RtGame *g, int i, int *player, int *option, RtValue *card, char *buf,
                                  size_t size)
{
    if (i < 0 || i >= g->nev || g->ev[i].type != RT_EV_CHOICE || !(g->ev[i].a[7] & RT_EVF_HIDDEN) || size == 0)
        return NULL;
    const RtEvent *e = &g->ev[i];
    *player = e->a[0];
    *option = e->a[1];
    *card = rt__is_card(g, e->a[4]) ? e->a[4] : RT_NONE;
    char tmp[512];
    snprintf(buf, size, "%s", choice_label(g, e, e->a[0], tmp, sizeof tmp));
    return buf;
}

/* rt__log_announced: 1 when event i is an announcement (rt_log_announce). */
int rt__log_announced(const RtGame *g, int i) { return i >= 0 && i < g->nev && g->ev[i].announced; }
