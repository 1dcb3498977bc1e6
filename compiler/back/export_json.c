/* export_json.c: the card database as JSON (see export_json.h). */
#include "export_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_value.h"
#include "print.h"

typedef struct Js {
    char *s;
    size_t len, cap;
} Js;

static void put(Js *j, const char *s)
{
    size_t n = strlen(s);
    if (j->len + n + 1 > j->cap) {
        size_t cap = j->cap ? j->cap : 4096;
        while (j->len + n + 1 > cap)
            cap *= 2;
        char *ns = realloc(j->s, cap);
        if (!ns) {
            fprintf(stderr, "cardc: out of memory\n");
            abort();
        }
        j->s = ns;
        j->cap = cap;
    }
    memcpy(j->s + j->len, s, n + 1);
    j->len += n;
}

static void str(Js *j, const char *s)
{
    put(j, "\"");
    char one[8];
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\') {
            one[0] = '\\';
            one[1] = (char)*p;
            one[2] = '\0';
        } else if (*p == '\n')
            strcpy(one, "\\n");
        else if (*p == '\t')
            strcpy(one, "\\t");
        else if (*p < 0x20 || *p == 0x7f)
            snprintf(one, sizeof one, "\\u%04x", *p);
        else {
            one[0] = (char)*p;
            one[1] = '\0';
        }
        put(j, one);
    }
    put(j, "\"");
}

static void num(Js *j, long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%lld", v);
    put(j, b);
}

char *export_json_text(const Model *m, Arena *arena)
{
    Js j = { 0 };
    put(&j, "{\n  \"game\": ");
    str(&j, m->id);
    put(&j, ",\n  \"title\": ");
    str(&j, m->title);
    put(&j, ",\n  \"players\": {\"min\": ");
    num(&j, m->min_players);
    put(&j, ", \"max\": ");
    num(&j, m->max_players);
    put(&j, "},\n  \"sides\": [");
    for (int i = 0; i < m->nsides; i++) {
        put(&j, i ? ", {\"name\": " : "{\"name\": ");
        str(&j, m->side_names[i]);
        put(&j, ", \"title\": ");
        str(&j, m->side_titles[i] ? m->side_titles[i] : m->side_names[i]);
        put(&j, "}");
    }
    put(&j, "],\n  \"enums\": [");
    for (int e = 0; e < m->nenums; e++) {
        put(&j, e ? ", {\"name\": " : "{\"name\": ");
        str(&j, m->enums[e].name);
        put(&j, ", \"values\": [");
        for (int v = 0; v < m->enums[e].nvalues; v++) {
            put(&j, v ? ", " : "");
            str(&j, m->enums[e].values[v]);
        }
        put(&j, "]}");
    }
    put(&j, "],\n  \"variants\": [");
    for (int v = 1; v < m->nvariants; v++) {
        put(&j, v > 1 ? ", " : "");
        str(&j, m->variants[v].name);
    }
    put(&j, "],\n  \"kinds\": [");
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        put(&j, k ? ",\n    {\"name\": " : "\n    {\"name\": ");
        str(&j, kd->name);
        put(&j, ", \"fields\": [");
        int first = 1;
        for (int f = 0; f < kd->nfields; f++) {
            const MField *fd = &kd->fields[f];
            put(&j, first ? "{\"name\": " : ", {\"name\": ");
            first = 0;
            str(&j, fd->name);
            put(&j, ", \"type\": ");
            if (model_field_enum(m, fd)) {   /* "type": "enum", "enum": its name */
                str(&j, "enum");
                put(&j, ", \"enum\": ");
            }
            str(&j, model_field_type(m, fd));
            put(&j, fd->optional ? ", \"optional\": true" : ", \"optional\": false");
            put(&j, fd->is_state ? ", \"state\": true}" : ", \"state\": false}");
        }
        put(&j, "]}");
    }
    put(&j, "\n  ],\n  \"cards\": [");
    for (int c = 0; c < m->ncards; c++) {
        const MCard *cd = &m->cards[c];
        const MKind *kd = &m->kinds[cd->kind];
        put(&j, c ? ",\n    {\"name\": " : "\n    {\"name\": ");
        str(&j, cd->name);
        put(&j, ", \"kind\": ");
        str(&j, kd->name);
        put(&j, ", \"copies\": ");
        num(&j, cd->copies);
        put(&j, ", \"variant\": ");
        if (cd->variant >= 0 && cd->variant < m->nvariants)
            str(&j, m->variants[cd->variant].name);
        else
            put(&j, "null");
        put(&j, ", \"fields\": {");
        int first = 1;
        for (int f = 0; f < kd->nfields; f++) {
            const MField *fd = &kd->fields[f];
            if (fd->is_state)
                continue;
            const MValue *v = &cd->values[fd->index];
            put(&j, first ? "" : ", ");
            first = 0;
            str(&j, fd->name);
            put(&j, ": ");
            if (fd->type == TY_ABILITY) {   /* a script, as .cards text */
                const char *text = NULL;
                if (v->present && v->script >= 0 && v->script < m->nunits)
                    text = print_block(arena, m->units[v->script].body).text;
                if (text)
                    str(&j, text);
                else
                    put(&j, "null");
                continue;
            }
            const char *text = model_value_text(m, arena, fd, v);
            if (!text)
                put(&j, "null");
            else if (fd->type == TY_INT || fd->type == TY_BOOL)
                put(&j, text);
            else
                str(&j, text);
        }
        put(&j, "}}");
    }
    put(&j, "\n  ]\n}\n");
    char *r = arena_strdup(arena, j.s);
    free(j.s);
    return r;
}
