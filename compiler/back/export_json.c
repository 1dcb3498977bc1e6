/* export_json.c: the card database as JSON (see export_json.h). */
#include "export_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static const char *type_name(AstType t)
{
    const char *s = print_type(t);
    return s ? s : "?";
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
            str(&j, type_name(fd->type));
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
            if (!v->present) {
                put(&j, "null");
                continue;
            }
            switch (fd->type) {
            case TY_INT: num(&j, v->ival); break;
            case TY_BOOL: put(&j, v->ival ? "true" : "false"); break;
            case TY_SIDE:
                if (v->ival >= 0 && v->ival < m->nsides)
                    str(&j, m->side_names[v->ival]);
                else
                    put(&j, "null");
                break;
            case TY_ABILITY: {
                const char *text = NULL;
                if (v->script >= 0 && v->script < m->nunits) {
                    PrintResult r = print_block(arena, m->units[v->script].body);
                    text = r.text;
                }
                if (text)
                    str(&j, text);
                else
                    put(&j, "null");
                break;
            }
            default: str(&j, v->text); break;
            }
        }
        put(&j, "}}");
    }
    put(&j, "\n  ]\n}\n");
    char *r = arena_strdup(arena, j.s);
    free(j.s);
    return r;
}
