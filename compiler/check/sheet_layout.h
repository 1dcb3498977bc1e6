/* sheet_layout.h: card layouts for printing: read `layout` declarations into the model and check them. */
#ifndef CARDC_SHEET_LAYOUT_H
#define CARDC_SHEET_LAYOUT_H

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "model.h"

#define SHEET_BLEED_MM 3.0

/* sheet_layout_check: read every `layout` declaration of prog into
   m->layouts (one per kind; a default layout for each kind without one) and
   set m->game_dir. Reports to d, each at file:line:col: unknown kinds and
   fields (with did-you-mean), malformed items, boxes outside the card, image
   files that do not exist and `{icon}` references without a file in the
   game's icons/ folder. Everything is allocated in a. */
void sheet_layout_check(Diag *d, Arena *a, Model *m, AstProgram *prog);

/* sheet_icon_path: the file of icon `name` (icons/NAME.svg, then .png, in
   m->game_dir), arena-allocated, or NULL when there is none. */
const char *sheet_icon_path(Arena *a, const Model *m, const char *name, size_t len);

/* sheet_image_path: the image file of item it (LI_IMAGE) for the card named
   card_name ({name} replaced), relative to the layout's folder; arena-allocated. */
const char *sheet_image_path(Arena *a, const MLayout *l, const MLayoutItem *it, const char *card_name);

/* sheet_icon_ref: if text[i] starts an icon reference `{name}` (name: letters,
   digits, '_' and '-'), its length including the braces, else 0; *name and
   *nlen receive the name. */
int sheet_icon_ref(const char *text, size_t i, const char **name, size_t *nlen);

#endif
