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
