/* export_json.c: the card database as JSON (see export_json.h). */
#include "export_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "model_value.h"
#include "print.h"

static void str(Buf *j, const char *s)
{
    buf_put(j, "\"");
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
        buf_put(j, one);
    }
    buf_put(j, "\"");
}

static void num(Buf *j, long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%lld", v);
    buf_put(j, b);
}

char *export_json_text(const Model *m, Arena *arena)
{
    Buf j = {0};
    buf_put(&j, "{\n  \"game\": ");
    str(&j, m->id);
    buf_put(&j, ",\n  \"title\": ");
    str(&j, m->title);
    buf_put(&j, ",\n  \"players\": {\"min\": ");
    num(&j, m->min_players);
    buf_put(&j, ", \"max\": ");
    num(&j, m->max_players);
    buf_put(&j, "},\n  \"sides\": [");
    for (int i = 0; i < m->nsides; i++) {
        buf_put(&j, i ? ", {\"name\": " : "{\"name\": ");
        str(&j, m->side_names[i]);
        buf_put(&j, ", \"title\": ");
        str(&j, m->side_titles[i] ? m->side_titles[i] : m->side_names[i]);
        buf_put(&j, "}");
    }
    buf_put(&j, m->teams ? "],\n  \"teams\": true,\n  \"enums\": [" : "],\n  \"enums\": [");
    for (int e = 0; e < m->nenums; e++) {
        buf_put(&j, e ? ", {\"name\": " : "{\"name\": ");
        str(&j, m->enums[e].name);
        buf_put(&j, ", \"values\": [");
        for (int v = 0; v < m->enums[e].nvalues; v++) {
            buf_put(&j, v ? ", " : "");
            str(&j, m->enums[e].values[v]);
        }
        buf_put(&j, "]}");
    }
    buf_put(&j, "],\n  \"variants\": [");
    for (int v = 1; v < m->nvariants; v++) {
        buf_put(&j, v > 1 ? ", " : "");
        str(&j, m->variants[v].name);
    }
    buf_put(&j, "],\n  \"kinds\": [");
    for (int k = 0; k < m->nkinds; k++) {
        const MKind *kd = &m->kinds[k];
        buf_put(&j, k ? ",\n    {\"name\": " : "\n    {\"name\": ");
        str(&j, kd->name);
        buf_put(&j, ", \"fields\": [");
        int first = 1;
        for (int f = 0; f < kd->nfields; f++) {
            const MField *fd = &kd->fields[f];
            buf_put(&j, first ? "{\"name\": " : ", {\"name\": ");
            first = 0;
            str(&j, fd->name);
            buf_put(&j, ", \"type\": ");
            if (model_field_enum(m, fd)) {   /* "type": "enum", "enum": its name */
                str(&j, "enum");
                buf_put(&j, ", \"enum\": ");
            }
            str(&j, model_field_type(m, fd));
            buf_put(&j, fd->optional ? ", \"optional\": true" : ", \"optional\": false");
            buf_put(&j, fd->is_state ? ", \"state\": true}" : ", \"state\": false}");
        }
        buf_put(&j, "]}");
    }
    buf_put(&j, "\n  ],\n  \"cards\": [");
    for (int c = 0; c < m->ncards; c++) {
        const MCard *cd = &m->cards[c];
        const MKind *kd = &m->kinds[cd->kind];
        buf_put(&j, c ? ",\n    {\"name\": " : "\n    {\"name\": ");
        str(&j, cd->name);
        buf_put(&j, ", \"kind\": ");
        str(&j, kd->name);
        buf_put(&j, ", \"copies\": ");
        num(&j, cd->copies);
        buf_put(&j, ", \"variant\": ");
        if (cd->variant >= 0 && cd->variant < m->nvariants)
            str(&j, m->variants[cd->variant].name);
        else
            buf_put(&j, "null");
        buf_put(&j, ", \"fields\": {");
        int first = 1;
        for (int f = 0; f < kd->nfields; f++) {
            const MField *fd = &kd->fields[f];
            if (fd->is_state)
                continue;
            const MValue *v = &cd->values[fd->index];
            buf_put(&j, first ? "" : ", ");
            first = 0;
            str(&j, fd->name);
            buf_put(&j, ": ");
            if (fd->type == TY_ABILITY) {   /* a script, as .cards text */
                const char *text = NULL;
                if (v->present && v->script >= 0 && v->script < m->nunits)
                    text = print_block(arena, m->units[v->script].body).text;
                if (text)
                    str(&j, text);
                else
                    buf_put(&j, "null");
                continue;
            }
            const char *text = model_value_text(m, arena, fd, v);
            if (!text)
                buf_put(&j, "null");
            else if (fd->type == TY_INT || fd->type == TY_BOOL)
                buf_put(&j, text);
            else
                str(&j, text);
        }
        buf_put(&j, "}}");
    }
    buf_put(&j, "\n  ]\n}\n");
    return buf_take(&j, arena);
}
