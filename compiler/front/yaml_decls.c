/* yaml_decls.c: the YAML front end's second step: the tree is checked
   against the schema of docs/formats.md and built into AST nodes,
   declaration by declaration, through a table of declaration forms. */
#include "yaml_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "parse.h"
#include "strtab.h"
#include "text.h"

/* ---- declarations ------------------------------------------------------------------ */

typedef AstNode *(*BuildFn)(Y *y, const YNode *map, Loc loc);

/* One declaration form: the key that names it, its builder, its keys. */
typedef struct DeclForm {
    const char *tag;
    BuildFn build;
    const char *keys[12];
} DeclForm;

/* game -> {game: NAME, title?, players: N | "A..B", sides?: {NAME: TITLE | ~}} */
static AstNode *build_game(Y *y, const YNode *m, Loc loc)
{
    AstNode *g = ast_new(y->a, AST_GAME, loc);
    g->loc2 = loc;
    g->name = yl_name_of(y, yl_get(m, "game"), "the game's id");
    const YNode *t = yl_get(m, "title");
    if (t && !yl_is_null(t))
        g->text = yl_scalar(y, t, "'title'");
    const YNode *p = yl_get(m, "players");
    if (p) {
        const char *s = yl_scalar(y, p, "'players'");
        if (s) {
            AstNode *pl = ast_new(y->a, AST_PLAYERS, y->origins && y->src >= 0 ? loc : yl_loc(y, p));
            const char *dots = strstr(s, "..");
            if (dots) {
                /* A..B: the checker reports a count out of range as written */
                const char *parts[2] = { s, dots + 2 };
                size_t lens[2] = { (size_t)(dots - s), strlen(dots + 2) };
                int64_t v[2] = { 0, 0 };
                for (int k = 0; k < 2; k++) {
                    size_t digits = strspn(parts[k], "0123456789");
                    if (digits == 0 || digits != lens[k]) {
                        diag_error(y->d, yl_loc(y, p), "'players' (N or A..B) must be an integer or a range, not '%s'", s);
                        return g;
                    }
                    if (digits > 18) {
                        diag_error(y->d, yl_loc(y, p), "a game has 1 to 8 players, not %.*s", (int)digits, parts[k]);
                        return g;
                    }
                    for (size_t i = 0; i < digits; i++)
                        v[k] = v[k] * 10 + (parts[k][i] - '0');
                }
                pl->ival = v[0];
                pl->ival2 = v[1];
            } else {
                int64_t v;
                if (!yl_integer(y, p, "'players' (N or A..B)", &v))
                    return g;
                pl->ival = pl->ival2 = v;
            }
            ast_push(y->a, &g->list, pl);
        }
    }
    const YNode *sides = yl_get(m, "sides");
    if (sides) {
        if (sides->kind != YN_MAP) {
            diag_error(y->d, yl_loc(y, sides), "'sides' must be a mapping from side names to titles, not %s",
                       yl_kind_word(sides));
            return g;
        }
        for (int i = 0; i + 1 < sides->count; i += 2) {
            const char *n = yl_name_of(y, sides->items[i], "a side");
            if (!n)
                continue;
            AstNode *s = ast_new(y->a, AST_SIDE, y->origins && y->src >= 0 ? loc : yl_loc(y, sides->items[i]));
            s->name = n;
            if (!yl_is_null(sides->items[i + 1]))
                s->text = yl_scalar(y, sides->items[i + 1], "a side's title");
            ast_push(y->a, &g->list, s);
        }
    }
    const YNode *teams = yl_get(m, "teams");
    int on = 0;
    if (teams && yl_boolean(y, teams, "'teams'", &on) && on) {
        AstNode *t = ast_new(y->a, AST_NAME, y->origins && y->src >= 0 ? loc : yl_loc(y, teams));
        t->name = "teams";
        ast_push(y->a, &g->list, t);
    }
    return g;
}

/* field spec -> ["state"] TYPE ["?"] ["=" EXPR] */
static AstNode *build_field(Y *y, const YNode *key, const YNode *val, Loc loc)
{
    AstNode *f = ast_new(y->a, AST_FIELD, loc);
    f->loc2 = loc;
    f->name = yl_name_of(y, key, "a field");
    const char *s = yl_scalar(y, val, "a field's type");
    if (!f->name || !s)
        return NULL;
    const char *p = s;
    while (*p == ' ')
        p++;
    if (strncmp(p, "state ", 6) == 0) {
        f->flags |= FIELD_STATE;
        p += 6;
        while (*p == ' ')
            p++;
        if (strncmp(p, "keep ", 5) == 0) {
            f->flags |= FIELD_KEEP;
            p += 5;
            while (*p == ' ')
                p++;
        }
    }
    size_t n = 0;
    while (p[n] && p[n] != ' ' && p[n] != '?' && p[n] != '=')
        n++;
    YNode tn = *val;
    tn.value = arena_strndup(y->a, p, n);
    tn.len = n;
    tn.col0 += (int)(p - s) + (val->style == YAML_DOUBLE_QUOTED_SCALAR_STYLE || val->style == YAML_SINGLE_QUOTED_SCALAR_STYLE);
    f->type = yl_type_of(y, &tn, "a field's type", &f->name2);
    if (f->type == TY_NONE)
        return NULL;
    p += n;
    while (*p == ' ')
        p++;
    if (*p == '?') {
        if (f->flags & FIELD_STATE) {
            diag_error(y->d, yl_loc(y, val), "a state field cannot be optional");
            return NULL;
        }
        f->flags |= FIELD_OPTIONAL;
        p++;
        while (*p == ' ')
            p++;
    }
    if (*p == '=') {
        p++;
        Loc base;
        if (y->origins && y->src >= 0) {
            base = loc;
        } else {
            base = yl_loc(y, val);
            base.col += (int)(p - s)
                        + (val->style == YAML_DOUBLE_QUOTED_SCALAR_STYLE || val->style == YAML_SINGLE_QUOTED_SCALAR_STYLE);
        }
        f->a = parse_expr_string(y->d, y->a, p, base);
        if (!f->a)
            return NULL;
    } else if (*p) {
        diag_error(y->d, yl_loc(y, val), "a field is written 'TYPE', 'TYPE?', 'TYPE = DEFAULT' or 'state [keep] TYPE [= DEFAULT]', not '%s'", s);
        return NULL;
    }
    return f;
}

/* kind -> {kind: NAME, fields: {NAME: SPEC}} */
static AstNode *build_kind(Y *y, const YNode *m, Loc loc)
{
    AstNode *k = ast_new(y->a, AST_KIND, loc);
    k->loc2 = loc;
    k->name = yl_name_of(y, yl_get(m, "kind"), "a kind's name");
    const YNode *fs = yl_get(m, "fields");
    if (!fs)
        return k;
    if (fs->kind != YN_MAP) {
        diag_error(y->d, yl_loc(y, fs), "'fields' must be a mapping from field names to types, not %s", yl_kind_word(fs));
        return k;
    }
    for (int i = 0; i + 1 < fs->count; i += 2) {
        Loc fl = y->origins && y->src >= 0 ? loc : yl_loc(y, fs->items[i]);
        AstNode *f = build_field(y, fs->items[i], fs->items[i + 1], fl);
        if (f)
            ast_push(y->a, &k->list, f);
    }
    return k;
}

/* values_at: the field values under `values` of m (a card or a board row)
   as pending cells of owner (the AST_CARD, or a row's AST_BLOCK whose name
   is the space kind): load_resolve_cells types them by the kind's fields
   once every file is loaded. loc: the node's location; in origins mode m's
   `lines` gives the lines of scripts (abilities). */
static void values_at(Y *y, const YNode *m, AstNode *owner, Loc loc)
{
    const YNode *vs = yl_get(m, "values");
    if (vs && vs->kind != YN_MAP) {
        diag_error(y->d, yl_loc(y, vs), "'values' must be a mapping from field names to values, not %s", yl_kind_word(vs));
        vs = NULL;
    }
    for (int i = 0; vs && i + 1 < vs->count; i += 2) {
        const YNode *key = vs->items[i], *val = vs->items[i + 1];
        const char *field = yl_name_of(y, key, "a field");
        if (!field)
            continue;
        if (val->kind != YN_SCALAR) {
            diag_error(y->d, yl_loc(y, val), "the value of '%s' must be a string, a number or a script, not %s", field,
                       yl_kind_word(val));
            continue;
        }
        LoadCell cell = { 0 };
        cell.card = owner;
        cell.field = field;
        int line = 0;
        if (y->origins && y->src >= 0 && yl_get(m, "origin")) {
            const YNode *lines = yl_get(m, "lines");
            const YNode *e = lines && lines->kind == YN_MAP ? yl_get(lines, field) : NULL;
            int64_t kl = loc.line, sl = 0;
            if (e && e->kind == YN_SCALAR)
                yl_integer(y, e, "a line", &kl);
            else if (e && e->kind == YN_SEQ && e->count == 2) {
                yl_integer(y, e->items[0], "a line", &kl);
                yl_integer(y, e->items[1], "a line", &sl);
            }
            cell.loc = (Loc){ y->src, (int)kl, 1 };
            cell.value_loc = cell.loc;
            line = sl ? (int)sl : (int)kl + 1;
        } else {
            cell.loc = yl_loc(y, key);
            cell.value_loc = yl_loc(y, val);
        }
        cell.script = yl_script_text(y, val, line, &cell.script_base);
        cell.text = val->value;
        cell.family_var = y->family_var;
        load_cell_add(y->a, y->cells, &cell);
    }
}

/* card_node: the AST_CARD of m, whose name is under tag ("card" or
   "set_card"), with its kind, one copy and its values (what: m, in
   messages). */
static AstNode *card_node(Y *y, const YNode *m, Loc loc, const char *tag, const char *what)
{
    AstNode *c = ast_new(y->a, AST_CARD, loc);
    c->loc2 = loc;
    c->text = yl_scalar(y, yl_get(m, tag), "a card's name");
    const YNode *k = yl_need(y, m, "kind", what);
    if (k)
        c->name = yl_name_of(y, k, "a card's kind");
    c->ival = 1;
    values_at(y, m, c, loc);
    return c;
}

/* card -> {card: NAME, kind: KIND, copies?: N, values?: {FIELD: VALUE}} */
static AstNode *build_card(Y *y, const YNode *m, Loc loc)
{
    AstNode *c = card_node(y, m, loc, "card", "a card");
    const YNode *cp = yl_get(m, "copies");
    if (cp)
        yl_integer(y, cp, "'copies'", &c->ival);
    return c;
}

/* set_card -> {set_card: NAME, kind: KIND, values?: {FIELD: VALUE}}: in a
   variant, new data for a card of the base game */
static AstNode *build_set_card(Y *y, const YNode *m, Loc loc)
{
    AstNode *c = card_node(y, m, loc, "set_card", "'set_card'");
    c->flags = CARD_CHANGES;
    return c;
}

static int flag_at(Y *y, const YNode *m, const char *key, int bit)
{
    const YNode *v = yl_get(m, key);
    int b = 0;
    if (v && yl_boolean(y, v, arena_printf(y->a, "'%s'", key), &b) && b)
        return bit;
    return 0;
}

/* zone -> {zone: NAME | [NAME...], per_player?, shared?, ordered?, public?, private?, hidden?, per_space?, of?: KIND} */
static AstNode *build_zone(Y *y, const YNode *m, Loc loc)
{
    AstNode *z = ast_new(y->a, AST_ZONE, loc);
    z->loc2 = loc;
    z->list = yl_names_at(y, yl_get(m, "zone"), loc, "a zone");
    z->flags = flag_at(y, m, "per_player", ZONE_PER_PLAYER) | flag_at(y, m, "shared", ZONE_SHARED)
               | flag_at(y, m, "ordered", ZONE_ORDERED) | flag_at(y, m, "public", ZONE_PUBLIC)
               | flag_at(y, m, "private", ZONE_PRIVATE) | flag_at(y, m, "hidden", ZONE_HIDDEN)
               | flag_at(y, m, "per_space", ZONE_PER_SPACE);
    const YNode *of = yl_get(m, "of");
    if (of)
        z->name = yl_name_of(y, of, "'of'");
    return z;
}

/* counter -> {counter: NAME | [NAME...], per_player?, init?: EXPR, min?: EXPR, max?: EXPR} */
static AstNode *build_counter(Y *y, const YNode *m, Loc loc)
{
    AstNode *c = ast_new(y->a, AST_COUNTER, loc);
    c->list = yl_names_at(y, yl_get(m, "counter"), loc, "a counter");
    c->loc2 = c->list.count ? c->list.items[0]->loc : loc;
    c->flags = flag_at(y, m, "per_player", DECL_PER_PLAYER);
    c->a = yl_expr_at(y, m, "init", "'init'");
    c->b = yl_expr_at(y, m, "min", "'min'");
    c->c = yl_expr_at(y, m, "max", "'max'");
    c->d = yl_dims_at(y, m, loc);
    return c;
}

/* var -> {var: NAME, type: TYPE, per_player?, init?: EXPR} */
static AstNode *build_var(Y *y, const YNode *m, Loc loc)
{
    AstNode *v = ast_new(y->a, AST_VAR, loc);
    v->loc2 = loc;
    v->name = yl_name_of(y, yl_get(m, "var"), "a variable");
    const YNode *t = yl_need(y, m, "type", "a var");
    if (t)
        v->type = yl_type_of(y, t, "'type'", &v->name2);
    v->flags = flag_at(y, m, "per_player", DECL_PER_PLAYER) | flag_at(y, m, "private", VAR_PRIVATE);
    v->a = yl_expr_at(y, m, "init", "'init'");
    v->d = yl_dims_at(y, m, loc);
    return v;
}

/* const -> {const: NAME, value: EXPR} */
static AstNode *build_const(Y *y, const YNode *m, Loc loc)
{
    AstNode *c = ast_new(y->a, AST_CONST, loc);
    c->loc2 = loc;
    c->name = yl_name_of(y, yl_get(m, "const"), "a constant");
    if (yl_need(y, m, "value", "a const"))
        c->a = yl_expr_at(y, m, "value", "'value'");
    return c->a ? c : NULL;
}

/* params_at: the `params` of m (a mapping name -> type, in order) as
   AST_PARAMs of f. */
static void params_at(Y *y, const YNode *m, AstNode *f, Loc loc)
{
    const YNode *ps = yl_get(m, "params");
    if (ps && ps->kind != YN_MAP && !yl_is_null(ps)) {
        diag_error(y->d, yl_loc(y, ps), "'params' must be a mapping from names to types, not %s", yl_kind_word(ps));
        ps = NULL;
    }
    for (int i = 0; ps && ps->kind == YN_MAP && i + 1 < ps->count; i += 2) {
        AstNode *p = ast_new(y->a, AST_PARAM, y->origins && y->src >= 0 ? loc : yl_loc(y, ps->items[i]));
        p->loc2 = p->loc;
        p->name = yl_name_of(y, ps->items[i], "a parameter");
        p->type = yl_type_of(y, ps->items[i + 1], "a parameter's type", &p->name2);
        if (p->name && p->type)
            ast_push(y->a, &f->list, p);
    }
}

/* function -> {function: NAME, params?: {NAME: TYPE}, type: TYPE (a type word or an enum), body: EXPR} */
static AstNode *build_function(Y *y, const YNode *m, Loc loc)
{
    AstNode *f = ast_new(y->a, AST_FUNCTION, loc);
    f->loc2 = loc;
    f->name = yl_name_of(y, yl_get(m, "function"), "a function");
    params_at(y, m, f, loc);
    const YNode *t = yl_need(y, m, "type", "a function");
    if (t)
        f->type = yl_type_of(y, t, "'type'", &f->name2);
    if (yl_need(y, m, "body", "a function"))
        f->a = yl_expr_at(y, m, "body", "'body'");
    return f->a ? f : NULL;
}

/* name_list: the list of names under key of m as AST_NAME nodes (each at
   its YAML position, or at loc in origins mode); an error if it is not a
   list of names or (unless may_be_empty) is empty. */
static AstList name_list(Y *y, const YNode *m, const char *key, Loc loc, const char *what, int may_be_empty)
{
    AstList l = { 0 };
    const YNode *n = yl_get(m, key);
    if (!n)
        return l;
    if (n->kind != YN_SEQ) {
        diag_error(y->d, yl_loc(y, n), "'%s' must be a list of names, not %s", key, yl_kind_word(n));
        return l;
    }
    if (n->count == 0 && !may_be_empty)
        diag_error(y->d, yl_loc(y, n), "'%s' needs at least one name", key);
    for (int i = 0; i < n->count; i++) {
        const char *s = yl_name_of(y, n->items[i], what);
        if (!s)
            continue;
        AstNode *nm = ast_new(y->a, AST_NAME, y->origins && y->src >= 0 ? loc : yl_loc(y, n->items[i]));
        nm->loc2 = nm->loc;
        nm->name = s;
        ast_push(y->a, &l, nm);
    }
    return l;
}

/* view -> {view: [NAME | {per_player: NAME} | {map: MAP, by?: FIELD, show: [NAME...]}...],
   hidden?: [NAME...]}: the functions the play screen shows (of no
   parameter, or of each player), the maps it shows space by space, and
   the counters, variables and zones it leaves off. */
static AstNode *build_view(Y *y, const YNode *m, Loc loc)
{
    AstNode *v = ast_new(y->a, AST_VIEW, loc);
    v->loc2 = loc;
    const YNode *shown = yl_get(m, "view");
    if (shown && shown->kind != YN_SEQ && !yl_is_null(shown))
        diag_error(y->d, yl_loc(y, shown), "'view' must be a list of functions, not %s", yl_kind_word(shown));
    for (int i = 0; shown && shown->kind == YN_SEQ && i < shown->count; i++) {
        const YNode *it = shown->items[i];
        if (it->kind == YN_MAP && yl_get(it, "map")) {   /* {map: MAP, by?: FIELD, show: [NAME...]} */
            static const char *const keys[] = { "map", "by", "show", NULL };
            if (!yl_check_keys(y, it, keys, "a map on the screen") || !yl_need(y, it, "show", "a map on the screen"))
                continue;
            const char *s = yl_name_of(y, yl_get(it, "map"), "a map");
            const char *by = yl_get(it, "by") ? yl_name_of(y, yl_get(it, "by"), "a field") : NULL;
            if (!s || (yl_get(it, "by") && !by))
                continue;
            AstNode *nm = ast_new(y->a, AST_NAME, y->origins && y->src >= 0 ? loc : yl_loc(y, it));
            nm->loc2 = nm->loc;
            nm->name = s;
            nm->text = by;
            nm->flags = VIEW_MAP;
            nm->list = name_list(y, it, "show", loc, "a zone or function", 1);
            ast_push(y->a, &v->list, nm);
            continue;
        }
        int per = it->kind == YN_MAP;
        if (per) {
            static const char *const keys[] = { "per_player", NULL };
            if (!yl_check_keys(y, it, keys, "a view item") || !yl_need(y, it, "per_player", "a view item"))
                continue;
            it = yl_get(it, "per_player");
        }
        const char *s = yl_name_of(y, it, "a function");
        if (!s)
            continue;
        AstNode *nm = ast_new(y->a, AST_NAME, y->origins && y->src >= 0 ? loc : yl_loc(y, it));
        nm->loc2 = nm->loc;
        nm->name = s;
        nm->flags = per ? DECL_PER_PLAYER : 0;
        ast_push(y->a, &v->list, nm);
    }
    AstList hidden = name_list(y, m, "hidden", loc, "a counter, variable or zone", 1);
    for (int i = 0; i < hidden.count; i++) {
        hidden.items[i]->flags |= VIEW_HIDDEN;
        ast_push(y->a, &v->list, hidden.items[i]);
    }
    return v;
}

/* title_at: the optional `title` of m (a string, or ~ for none). */
static const char *title_at(Y *y, const YNode *m)
{
    const YNode *t = yl_get(m, "title");
    return t && !yl_is_null(t) ? yl_scalar(y, t, "'title'") : NULL;
}

/* enum -> {enum: NAME, values: [NAME...]} */
static AstNode *build_enum(Y *y, const YNode *m, Loc loc)
{
    AstNode *e = ast_new(y->a, AST_ENUM, loc);
    e->loc2 = loc;
    e->name = yl_name_of(y, yl_get(m, "enum"), "an enum");
    if (yl_need(y, m, "values", "an enum"))
        e->list = name_list(y, m, "values", loc, "an enum value", 0);
    return e;
}

/* die -> {die: NAME, title?, copies?: N, interchangeable?: BOOL, faces: [NAME...], wild?: [NAME...]}
   (the wild faces follow the faces in the node's list, flagged FACE_WILD) */
static AstNode *build_die(Y *y, const YNode *m, Loc loc)
{
    AstNode *d = ast_new(y->a, AST_DIE, loc);
    d->loc2 = loc;
    d->name = yl_name_of(y, yl_get(m, "die"), "a die");
    d->text = title_at(y, m);
    d->ival = 1;
    const YNode *cp = yl_get(m, "copies");
    if (cp)
        yl_integer(y, cp, "'copies'", &d->ival); /* the checker bounds it, as for `xN` */
    const YNode *ic = yl_get(m, "interchangeable");
    int interchangeable = 0;
    if (ic && yl_boolean(y, ic, "'interchangeable'", &interchangeable) && interchangeable)
        d->flags |= DIE_INTERCHANGEABLE;
    if (yl_need(y, m, "faces", "a die"))
        d->list = yl_faces_at(y, m, loc);
    AstList wild = name_list(y, m, "wild", loc, "a wild face", 1);
    for (int i = 0; i < wild.count; i++) {
        wild.items[i]->flags |= FACE_WILD;
        ast_push(y->a, &d->list, wild.items[i]);
    }
    const YNode *fs = yl_get(m, "fields");   /* its states: {held: "state bool = false"} */
    if (fs && fs->kind != YN_MAP)
        diag_error(y->d, yl_loc(y, fs), "'fields' must be a mapping from field names to types, not %s", yl_kind_word(fs));
    for (int i = 0; fs && fs->kind == YN_MAP && i + 1 < fs->count; i += 2) {
        Loc fl = y->origins && y->src >= 0 ? loc : yl_loc(y, fs->items[i]);
        AstNode *f = build_field(y, fs->items[i], fs->items[i + 1], fl);
        if (f && !d->b)
            d->b = ast_new(y->a, AST_BLOCK, fl);
        if (f)
            ast_push(y->a, &d->b->list, f);
    }
    return d;
}

/* yl_values_at (yaml_internal.h): values_at for the other files (yaml_map.c). */
void yl_values_at(Y *y, const YNode *m, AstNode *owner, Loc loc) { values_at(y, m, owner, loc); }

/* board row -> {symbols: [NAME...], values?: {FIELD: VALUE}, origin?, lines?}
   (in origins mode `lines: {symbols: [LINE...]}` gives each symbol's line
   when they are not all on the row's line) */
static AstNode *build_row(Y *y, const YNode *r, const char *kind)
{
    static const char *const keys[] = { "symbols", "values", "origin", "lines", NULL };
    if (r->kind != YN_MAP) {
        diag_error(y->d, yl_loc(y, r), "a board row must be a mapping (with the key 'symbols'), not %s", yl_kind_word(r));
        return NULL;
    }
    if (!yl_check_keys(y, r, keys, "a board row"))
        return NULL;
    const YNode *lines = yl_get(r, "lines");
    if (lines && lines->kind != YN_MAP) {
        diag_error(y->d, yl_loc(y, lines), "'lines' must be a mapping, not %s", yl_kind_word(lines));
        return NULL;
    }
    const YNode *o = yl_get(r, "origin");
    int64_t ol;
    if (o && !yl_integer(y, o, "'origin'", &ol))
        return NULL;
    Loc loc = yl_decl_loc(y, r);
    AstNode *row = ast_new(y->a, AST_ROW, loc);
    row->loc2 = loc;
    if (yl_need(y, r, "symbols", "a board row"))
        row->list = name_list(y, r, "symbols", loc, "a symbol", 0);
    const YNode *sl = lines && y->origins && y->src >= 0 && o ? yl_get(lines, "symbols") : NULL;
    if (sl && sl->kind == YN_SEQ && sl->count == row->list.count)
        for (int i = 0; i < sl->count; i++) {
            int64_t l;
            if (yl_integer(y, sl->items[i], "a line", &l))
                row->list.items[i]->loc = row->list.items[i]->loc2 = (Loc){ y->src, (int)l, 1 };
        }
    row->b = ast_new(y->a, AST_BLOCK, loc);
    row->b->name = kind; /* the kind of the spaces, for load_resolve_cells */
    values_at(y, r, row->b, loc);
    return row;
}

/* board -> {board: NAME, title?, of: KIND, rows: [ROW...]} */
static AstNode *build_board(Y *y, const YNode *m, Loc loc)
{
    AstNode *b = ast_new(y->a, AST_BOARD, loc);
    b->loc2 = loc;
    b->name = yl_name_of(y, yl_get(m, "board"), "a board");
    b->text = title_at(y, m);
    const YNode *of = yl_need(y, m, "of", "a board");
    if (of)
        b->name2 = yl_name_of(y, of, "'of'");
    const YNode *rows = yl_get(m, "rows");
    if (rows && rows->kind != YN_SEQ && !yl_is_null(rows)) {
        diag_error(y->d, yl_loc(y, rows), "'rows' must be a list of rows, not %s", yl_kind_word(rows));
        return b;
    }
    for (int i = 0; rows && rows->kind == YN_SEQ && i < rows->count; i++) {
        AstNode *row = build_row(y, rows->items[i], b->name2);
        if (row)
            ast_push(y->a, &b->list, row);
    }
    return b;
}

/* procedure -> {procedure: NAME, params?: {NAME: TYPE}, script: SCRIPT} */
static AstNode *build_procedure(Y *y, const YNode *m, Loc loc)
{
    AstNode *p = ast_new(y->a, AST_PROCEDURE, loc);
    p->loc2 = loc;
    p->name = yl_name_of(y, yl_get(m, "procedure"), "a procedure");
    params_at(y, m, p, loc);
    if (yl_need(y, m, "script", "a procedure"))
        p->b = yl_block_at(y, m, "script", "'script'");
    return p->b ? p : NULL;
}

/* layout_words: the words of one layout item string (as the .cards scanner
   reads a layout body: names, numbers in thousandths, strings, and the marks
   ',' '-' '==' '!=') appended to out; each at its place in the YAML scalar,
   or at loc in origins mode. Returns 0 after reporting a bad character. */
static int layout_words(Y *y, const YNode *n, Loc loc, AstList *out)
{
    Loc base = loc;
    const char *t = y->origins && y->src >= 0 ? n->value : yl_script_text(y, n, 0, &base);
    int line = base.line, col = base.col;
    for (const char *p = t; *p;) {
        if (*p == '\n') {
            line++;
            col = 1;
            p++;
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == '\r') {
            p++;
            col++;
            continue;
        }
        Loc at = y->origins && y->src >= 0 ? loc : (Loc){ base.file, line, col };
        const char *q = p;
        AstNode *w = NULL;
        if (*p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')) {
            while (*q == '_' || (*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9'))
                q++;
            w = ast_new(y->a, AST_NAME, at);
            w->name = arena_strndup(y->a, p, (size_t)(q - p));
        } else if (*p >= '0' && *p <= '9') {
            int64_t v = 0;
            while (*q >= '0' && *q <= '9' && v < 1000000000)
                v = v * 10 + (*q++ - '0');
            v *= 1000;
            if (*q == '.' && q[1] >= '0' && q[1] <= '9') {
                int64_t scale = 100;
                for (q++; *q >= '0' && *q <= '9'; q++, scale /= 10)
                    v += (*q - '0') * scale;
            }
            w = ast_new(y->a, AST_INT, at);
            w->ival = v;
        } else if (*p == '"') {
            char *o = arena_alloc(y->a, strlen(p) + 1);
            size_t j = 0;
            for (q = p + 1; *q && *q != '"' && *q != '\n'; q++) {
                if (*q == '\\' && (q[1] == '"' || q[1] == '\\' || q[1] == 'n' || q[1] == 't')) {
                    q++;
                    o[j++] = *q == 'n' ? '\n' : *q == 't' ? '\t' : *q;
                } else if (*q == '\\') {
                    diag_error(y->d, at, "unknown escape in a layout string (use \\\" \\\\ \\n or \\t)");
                    return 0;
                } else {
                    o[j++] = *q;
                }
            }
            if (*q != '"') {
                diag_error(y->d, at, "unterminated string in a layout item");
                return 0;
            }
            o[j] = '\0';
            q++;
            w = ast_new(y->a, AST_STRING, at);
            w->text = o;
        } else {
            static const char *const marks[] = { "==", "!=", ",", "-" };
            for (size_t k = 0; k < sizeof marks / sizeof marks[0] && !w; k++)
                if (strncmp(p, marks[k], strlen(marks[k])) == 0) {
                    q = p + strlen(marks[k]);
                    w = ast_new(y->a, AST_NAME, at);
                    w->name = marks[k];
                }
            if (!w) {
                diag_error(y->d, at, "unexpected '%c' in a layout item", *p);
                return 0;
            }
        }
        w->loc2 = w->loc;
        ast_push(y->a, out, w);
        for (; p < q; p++)
            if (((unsigned char)*p & 0xC0) != 0x80)
                col++;
    }
    return 1;
}

/* layout_items: a list of layout items (strings of words, or {back: ITEMS}
   for the words `back { ... }`) as the flat word list of a layout. */
static void layout_items(Y *y, const YNode *items, Loc loc, const YNode *item_lines, int *k, AstList *out)
{
    if (items->kind != YN_SEQ) {
        diag_error(y->d, yl_loc(y, items), "layout items must be a list, not %s", yl_kind_word(items));
        return;
    }
    for (int i = 0; i < items->count; i++) {
        const YNode *it = items->items[i];
        Loc il = loc;
        int64_t l;
        if (item_lines && *k < item_lines->count && yl_integer(y, item_lines->items[*k], "a line", &l))
            il.line = (int)l;
        ++*k;
        if (it->kind == YN_SCALAR) {
            layout_words(y, it, il, out);
            continue;
        }
        static const char *const keys[] = { "back", NULL };
        if (it->kind != YN_MAP || !yl_get(it, "back")) {
            diag_error(y->d, yl_loc(y, it), "a layout item must be a string of words or a mapping with the key 'back', not %s",
                       it->kind == YN_MAP ? "another mapping" : yl_kind_word(it));
            continue;
        }
        if (!yl_check_keys(y, it, keys, "a layout item"))
            continue;
        AstNode *kw = ast_new(y->a, AST_NAME, y->origins && y->src >= 0 ? il : yl_loc(y, it->items[0]));
        kw->name = "back";
        ast_push(y->a, out, kw);
        AstNode *b = ast_new(y->a, AST_LAYOUT_BLOCK, kw->loc);
        layout_items(y, yl_get(it, "back"), loc, item_lines, k, &b->list);
        ast_push(y->a, out, b);
    }
}

/* layout -> {layout: KIND, items: [ITEM...]}; in origins mode
   `lines: {items: [LINE...]}` gives the line of each item (back items and
   theirs included, in order) */
static AstNode *build_layout(Y *y, const YNode *m, Loc loc)
{
    AstNode *l = ast_new(y->a, AST_LAYOUT, loc);
    l->loc2 = loc;
    l->name = yl_name_of(y, yl_get(m, "layout"), "a layout's kind");
    const YNode *items = yl_get(m, "items");
    const YNode *lines = y->origins && y->src >= 0 && yl_get(m, "origin") ? yl_get(m, "lines") : NULL;
    const YNode *il = lines && lines->kind == YN_MAP ? yl_get(lines, "items") : NULL;
    int k = 0;
    if (items && !yl_is_null(items))
        layout_items(y, items, loc, il && il->kind == YN_SEQ ? il : NULL, &k, &l->list);
    return l;
}

/* setup -> {setup: SCRIPT}; round -> {round: SCRIPT} */
static AstNode *build_setup(Y *y, const YNode *m, Loc loc)
{
    AstNode *s = ast_new(y->a, AST_SETUP, loc);
    s->b = yl_block_at(y, m, "setup", "'setup'");
    return s->b ? s : NULL;
}

static AstNode *build_round(Y *y, const YNode *m, Loc loc)
{
    AstNode *s = ast_new(y->a, AST_ROUND, loc);
    s->b = yl_block_at(y, m, "round", "'round'");
    return s->b ? s : NULL;
}

/* variant items: set -> {set: CONST, value: EXPR}; remove_card -> {remove_card: NAME};
   phase -> {phase: NAME, script: SCRIPT}; and card, setup, round as above */
static AstNode *build_set(Y *y, const YNode *m, Loc loc)
{
    AstNode *s = ast_new(y->a, AST_SET, loc);
    s->loc2 = loc;
    s->name = yl_name_of(y, yl_get(m, "set"), "'set'");
    if (yl_need(y, m, "value", "a set"))
        s->a = yl_expr_at(y, m, "value", "'value'");
    return s->a ? s : NULL;
}

static AstNode *build_remove_card(Y *y, const YNode *m, Loc loc)
{
    AstNode *r = ast_new(y->a, AST_REMOVE_CARD, loc);
    r->loc2 = loc;
    r->text = yl_scalar(y, yl_get(m, "remove_card"), "'remove_card'");
    return r->text ? r : NULL;
}

/* remove_board -> {remove_board: NAME} */
static AstNode *build_remove_board(Y *y, const YNode *m, Loc loc)
{
    AstNode *r = ast_new(y->a, AST_REMOVE_BOARD, loc);
    r->loc2 = loc;
    r->name = yl_name_of(y, yl_get(m, "remove_board"), "'remove_board'");
    return r->name ? r : NULL;
}

static AstNode *build_phase(Y *y, const YNode *m, Loc loc)
{
    AstNode *p = ast_new(y->a, AST_PHASE, loc);
    p->loc2 = loc;
    p->name = yl_name_of(y, yl_get(m, "phase"), "a phase");
    if (yl_need(y, m, "script", "a phase"))
        p->b = yl_block_at(y, m, "script", "'script'");
    return p->b ? p : NULL;
}

static AstNode *build_variant(Y *y, const YNode *m, Loc loc);

static const DeclForm top_forms[] = {
    { "game", build_game, { "game", "title", "players", "sides", "teams", "origin", "lines", NULL } },
    { "kind", build_kind, { "kind", "fields", "origin", "lines", NULL } },
    { "card", build_card, { "card", "kind", "copies", "values", "origin", "lines", NULL } },
    { "zone", build_zone, { "zone", "per_player", "shared", "ordered", "public", "private", "hidden", "per_space", "of", "origin", "lines", NULL } },
    { "counter", build_counter, { "counter", "per_player", "init", "min", "max", "index", "origin", "lines", NULL } },
    { "var", build_var, { "var", "type", "per_player", "private", "init", "index", "origin", "lines", NULL } },
    { "const", build_const, { "const", "value", "origin", "lines", NULL } },
    { "function", build_function, { "function", "params", "type", "body", "origin", "lines", NULL } },
    { "setup", build_setup, { "setup", "origin", "lines", NULL } },
    { "round", build_round, { "round", "origin", "lines", NULL } },
    { "enum", build_enum, { "enum", "values", "origin", "lines", NULL } },
    { "die", build_die, { "die", "title", "copies", "interchangeable", "faces", "wild", "fields", "origin", "lines", NULL } },
    { "board", build_board, { "board", "title", "of", "rows", "origin", "lines", NULL } },
    { "procedure", build_procedure, { "procedure", "params", "script", "origin", "lines", NULL } },
    { "layout", build_layout, { "layout", "items", "origin", "lines", NULL } },
    { "variant", build_variant, { "variant", "of", "title", "for", "in", "items", "origin", "lines", NULL } },
    { "view", build_view, { "view", "hidden", "origin", "lines", NULL } },
    { "map", yl_build_map, { "map", "title", "of", "symmetric", "spaces", "adjacency", "origin", "lines", NULL } },
    { NULL, NULL, { NULL } },
};

static const DeclForm variant_forms[] = {
    { "set", build_set, { "set", "value", "origin", "lines", NULL } },
    { "set_card", build_set_card, { "set_card", "kind", "values", "origin", "lines", NULL } },
    { "remove_card", build_remove_card, { "remove_card", "origin", "lines", NULL } },
    { "remove_board", build_remove_board, { "remove_board", "origin", "lines", NULL } },
    { "card", build_card, { "card", "kind", "copies", "values", "origin", "lines", NULL } },
    { "setup", build_setup, { "setup", "origin", "lines", NULL } },
    { "round", build_round, { "round", "origin", "lines", NULL } },
    { "phase", build_phase, { "phase", "script", "origin", "lines", NULL } },
    { NULL, NULL, { NULL } },
};

/* build_decl: the node of the mapping m by the form whose tag it has. */
static AstNode *build_decl(Y *y, const YNode *m, const DeclForm *forms, const char *what)
{
    if (m->kind != YN_MAP) {
        diag_error(y->d, yl_loc(y, m), "%s must be a mapping, not %s", what, yl_kind_word(m));
        return NULL;
    }
    const DeclForm *form = NULL;
    const char *tags[32];
    int ntags = 0;
    for (const DeclForm *f = forms; f->tag; f++)
        if (f->build == build_card && yl_get(m, "card"))
            form = f; /* a card also has the key 'kind' */
    for (const DeclForm *f = forms; f->tag; f++) {
        tags[ntags++] = f->tag;
        if (form && form->build == build_card)
            continue;
        if (!yl_get(m, f->tag))
            continue;
        if (form) {
            diag_error(y->d, yl_loc(y, yl_get_key(m, f->tag)), "%s has both '%s' and '%s': which is it?", what, form->tag,
                       f->tag);
            return NULL;
        }
        form = f;
    }
    if (!form) {
        char list[256] = "";
        for (int i = 0; i < ntags; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s'%s'", i ? (i + 1 == ntags ? " or " : ", ") : "",
                     tags[i]);
        if (m->count) {
            const char *sug = diag_suggest(m->items[0]->value, tags, ntags);
            if (sug) {
                diag_error(y->d, yl_loc(y, m->items[0]), "unknown key '%s' in %s (did you mean '%s'?)",
                           m->items[0]->value, what, sug);
                return NULL;
            }
        }
        if (m->count && forms == top_forms)
            for (const DeclForm *f = variant_forms; f->tag; f++)
                if (strcmp(f->tag, m->items[0]->value) == 0) {
                    diag_error(y->d, yl_loc(y, m->items[0]), "'%s' is a variant item: it belongs in a variant's 'items'",
                               f->tag);
                    return NULL;
                }
        diag_error(y->d, yl_loc(y, m), "%s needs one of the keys %s", what, list);
        return NULL;
    }
    if (!yl_check_keys(y, m, form->keys, arena_printf(y->a, "a '%s'", form->tag)))
        return NULL;
    const YNode *lines = yl_get(m, "lines");
    if (lines && lines->kind != YN_MAP) {
        diag_error(y->d, yl_loc(y, lines), "'lines' must be a mapping, not %s", yl_kind_word(lines));
        return NULL;
    }
    const YNode *o = yl_get(m, "origin");
    int64_t ol;
    if (o && !yl_integer(y, o, "'origin'", &ol))
        return NULL;
    int before = y->d->errors;
    AstNode *n = form->build(y, m, yl_decl_loc(y, m));
    return y->d->errors == before ? n : NULL;
}

/* family_at: the family of variant m (`for: NAME`, `in: A..B`), as the
   parser makes it (an AST_DIM), or NULL (none, or reported). */
static AstNode *family_at(Y *y, const YNode *m, Loc loc)
{
    const YNode *f = yl_get(m, "for"), *in = yl_get(m, "in");
    if (!f && !in)
        return NULL;
    if (!f || !in) {
        diag_error(y->d, yl_loc(y, f ? f : in), "a family of variants has both 'for' (its variable) and 'in' (A..B)");
        return NULL;
    }
    AstNode *r = ast_new(y->a, AST_DIM, y->origins && y->src >= 0 ? loc : yl_loc(y, f));
    r->loc2 = r->loc;
    r->op = 'r';
    r->name = yl_name_of(y, f, "'for'");
    const char *s = yl_scalar(y, in, "'in'");
    if (!r->name || !s)
        return NULL;
    const char *dots = strstr(s, "..");
    char *end = NULL;
    long long lo = dots ? strtoll(s, &end, 10) : 0;
    int ok = dots && end == dots && end != s;
    long long hi = ok ? strtoll(dots + 2, &end, 10) : 0;
    if (!ok || end == dots + 2 || *end || lo < INT32_MIN || hi > INT32_MAX) {
        diag_error(y->d, yl_loc(y, in), "'in' of a family of variants must be a range of integers A..B, not '%s'", s);
        return NULL;
    }
    r->ival = lo;
    r->ival2 = hi;
    return r;
}

/* variant -> {variant: NAME, of: GAME, title?, for?: NAME, in?: A..B, items: [ITEM...]} */
static AstNode *build_variant(Y *y, const YNode *m, Loc loc)
{
    AstNode *v = ast_new(y->a, AST_VARIANT, loc);
    v->loc2 = loc;
    v->name = yl_name_of(y, yl_get(m, "variant"), "a variant");
    const YNode *of = yl_need(y, m, "of", "a variant");
    if (of)
        v->name2 = yl_name_of(y, of, "'of'");
    const YNode *t = yl_get(m, "title");
    if (t && !yl_is_null(t))
        v->text = yl_scalar(y, t, "'title'");
    v->a = family_at(y, m, loc);
    const YNode *items = yl_get(m, "items");
    if (items && items->kind != YN_SEQ) {
        diag_error(y->d, yl_loc(y, items), "'items' must be a list, not %s", yl_kind_word(items));
        return v;
    }
    y->family_var = v->a ? v->a->name : NULL;
    for (int i = 0; items && i < items->count; i++) {
        AstNode *it = build_decl(y, items->items[i], variant_forms, "a variant item");
        if (it)
            ast_push(y->a, &v->list, it);
    }
    y->family_var = NULL;
    return v;
}

/* file -> {source?: PATH, declarations: [DECL...]} */
void yl_build_file(Y *y, const YNode *root, int *provenance)
{
    if (root->kind != YN_MAP) {
        diag_error(y->d, yl_loc(y, root), "a YAML game file must be a mapping (with the key 'declarations'), not %s",
                   yl_kind_word(root));
        return;
    }
    static const char *const keys[] = { "source", "declarations", NULL };
    if (!yl_check_keys(y, root, keys, "a YAML game file"))
        return;
    const YNode *src = yl_get(root, "source");
    if (src) {
        const char *path = yl_scalar(y, src, "'source'");
        if (!path)
            return;
        if (provenance)
            *provenance = 1;
        if (y->origins) {
            for (int i = 0; i < y->d->nsources && y->src < 0; i++)
                if (strcmp(y->d->sources[i].path, path) == 0)
                    y->src = i;
            if (y->src < 0)
                y->src = diag_add_source(y->d, path, "", 0);
        }
    }
    const YNode *decls = yl_get(root, "declarations");
    if (!decls)
        return;
    if (decls->kind != YN_SEQ) {
        diag_error(y->d, yl_loc(y, decls), "'declarations' must be a list, not %s", yl_kind_word(decls));
        return;
    }
    for (int i = 0; i < decls->count && !diag_too_many(y->d); i++) {
        AstNode *n = build_decl(y, decls->items[i], top_forms, "a declaration");
        if (n)
            ast_push(y->a, &y->prog->decls, n);
    }
}

/* Read a whole file into the arena; NULL if it cannot be read. */
