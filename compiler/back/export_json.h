/* export_json.h: the card database of a checked game as JSON, for other tools. */
#ifndef CARDC_EXPORT_JSON_H
#define CARDC_EXPORT_JSON_H

#include "model.h"

/* export_json_text: one JSON object: the game (id, title, players, sides),
   its kinds (fields with types), and every card (base game and variants)
   with its kind, copies, the variant that adds it (null: the base game)
   and every data field of its kind: int, bool, text or side name; an
   ability as its script text; an absent optional field as null. Ends with
   a newline; arena-owned. */
char *export_json_text(const Model *m, Arena *arena);

#endif
