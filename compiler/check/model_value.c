/* model_value.c: one reader of a card's checked field values (model_value.h). */
#include "model_value.h"

const MEnum *model_field_enum(const Model *m, const MField *f)
{
    if (f->type != TY_NAMED || f->enum_index < 0 || f->enum_index >= m->nenums)
        return NULL;
    return &m->enums[f->enum_index];
}

const char *model_field_type(const Model *m, const MField *f)
{
    const MEnum *e = model_field_enum(m, f);
    if (e)
        return e->name;
    switch (f->type) {
    case TY_INT: return "int";
    case TY_BOOL: return "bool";
    case TY_TEXT: return "text";
    case TY_SIDE: return "side";
    case TY_ABILITY: return "ability";
    default: return "?";
    }
}

const char *model_value_text(const Model *m, Arena *a, const MField *f, const MValue *v)
{
    if (!v->present)
        return NULL;
    const MEnum *e = model_field_enum(m, f);
    if (e)
        return v->ival >= 0 && v->ival < e->nvalues ? e->values[v->ival] : NULL;
    switch (f->type) {
    case TY_INT: return arena_printf(a, "%d", (int)v->ival);
    case TY_BOOL: return v->ival ? "true" : "false";
    case TY_TEXT: return v->text ? v->text : "";
    case TY_SIDE: return v->ival >= 0 && v->ival < m->nsides ? m->side_names[v->ival] : NULL;
    default: return NULL;   /* abilities are scripts */
    }
}

/* title_case: an identifier as a title ("outer_rim" -> "Outer Rim"); arena-owned. */
static const char *title_case(Arena *a, const char *id)
{
    char *s = arena_strdup(a, id);
    for (char *p = s; *p; p++) {
        if (*p == '_')
            *p = ' ';
        if ((p == s || p[-1] == ' ') && *p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    }
    return s;
}

const char *model_value_title(const Model *m, Arena *a, const MField *f, const MValue *v)
{
    if (!v->present)
        return "";
    if (f->type == TY_SIDE && v->ival >= 0 && v->ival < m->nsides)
        return m->side_titles[v->ival] ? m->side_titles[v->ival] : m->side_names[v->ival];
    if (f->type == TY_BOOL)
        return v->ival ? title_case(a, f->name) : arena_printf(a, "Not %s", f->name);
    if (f->type == TY_INT)
        return arena_printf(a, "%s %d", title_case(a, f->name), (int)v->ival);
    const char *t = model_value_text(m, a, f, v);
    return title_case(a, t ? t : "");
}
