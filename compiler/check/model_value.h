/* model_value.h: one reader of a card's checked field values, for every
   back end that shows them (the JSON export, the sheets). */
#ifndef CARDC_MODEL_VALUE_H
#define CARDC_MODEL_VALUE_H

#include "model.h"

/* model_field_type: the name of field f's type: "int", "bool", "text",
   "side", "ability", or its enum's name (model_field_enum says which). */
const char *model_field_type(const Model *m, const MField *f);

/* model_field_enum: the enum of an enum field, or NULL. */
const MEnum *model_field_enum(const Model *m, const MField *f);

/* model_value_text: value v of field f as text: an int in decimal, a bool
   "true" or "false", a side or an enum value by its name, a text as it is
   (arena a owns what is made). NULL for an absent optional field, an
   ability (a script: print it with print_block) and a value out of its
   type's range. */
const char *model_value_text(const Model *m, Arena *a, const MField *f, const MValue *v);

/* model_value_title: value v of field f as the title of a group of cards
   that have it (a board's region, a map's group on the play screen): an
   enum value as words ("outer_rim": "Outer Rim"), a side by its title, a
   bool as the field's words or "Not" and them, an int after the field's
   words ("Sector 3"); "" when absent. Arena-owned. */
const char *model_value_title(const Model *m, Arena *a, const MField *f, const MValue *v);

#endif
