/* ir_print.c: the IR as text (`cardc ir`, docs/compiler.md "The IR"): one
   unit after another, one node per line, indented two spaces per level;
   a kid that has a role is written "role: node". Only names, numbers and
   escaped text are written, so the text is the same from run to run. */
#include "ir.h"

#include <string.h>

#include "buf.h"

typedef struct Printer {
    const IrProgram *p;
    const char *const *files;
    int nfiles;
    int unit_file;        /* the unit's file: node locations there omit it */
    const MUnit *unit;
    Buf *out;
} Printer;

static const char *const op_names[IR_OP_COUNT] = {
    [IR_INT] = "int", [IR_BOOL] = "bool", [IR_TEXT] = "text", [IR_SIDE] = "side",
    [IR_ENUM_VALUE] = "enum-value", [IR_LOCAL] = "local", [IR_VAR] = "var", [IR_CONST] = "const",
    [IR_ZONE] = "zone", [IR_SPACE_ZONE] = "space-zone", [IR_ME] = "me", [IR_THIS] = "this", [IR_OPPONENT] = "opponent",
    [IR_PLAYERS] = "players", [IR_SIDES] = "sides", [IR_CARD_FIELD] = "card-field",
    [IR_CARD_STATE] = "card-state", [IR_CARD_OWNER] = "card-owner", [IR_CARD_NAME] = "card-name",
    [IR_PLAYER_SIDE] = "player-side", [IR_BUILTIN] = "builtin", [IR_CALL] = "call",
    [IR_AGGREGATE] = "aggregate", [IR_NEG] = "neg", [IR_NOT] = "not", [IR_ARITH] = "arith",
    [IR_COMPARE] = "compare", [IR_AND] = "and", [IR_OR] = "or", [IR_IS] = "is", [IR_SELECT] = "select",
    [IR_ELEM] = "element", [IR_FACE_COUNT] = "face-count", [IR_RANGE] = "range",
    [IR_BLOCK] = "block", [IR_PHASE] = "phase", [IR_IF] = "if", [IR_WHILE] = "while", [IR_FOR] = "for",
    [IR_CHOOSE] = "choose", [IR_MENU] = "menu", [IR_OPTION] = "option", [IR_TURNS] = "turns",
    [IR_ACTION] = "action", [IR_MOVE] = "move", [IR_SHUFFLE] = "shuffle", [IR_RUN] = "run",
    [IR_ASSIGN] = "assign", [IR_LET] = "let", [IR_WIN] = "win", [IR_WIN_ALL] = "win-all",
    [IR_DRAW_GAME] = "draw-game", [IR_LOSE_GAME] = "lose-game", [IR_LOG] = "log", [IR_ROLL] = "roll", [IR_CALL_PROC] = "call-procedure",
    [IR_PLAYER_OUT] = "player-out", [IR_ELIMINATE] = "eliminate",
    [IR_REVEAL] = "reveal",
    [IR_INLINE] = "inline", [IR_ARG] = "arg", [IR_PRELUDE] = "prelude",
};

const char *ir_op_name(IrOp op) { return op >= 0 && op < IR_OP_COUNT && op_names[op] ? op_names[op] : "?"; }

static const char *const builtin_names[] = {"next", "count", "empty", "random", "top", "bottom", "matches",
                                            "neighbours", "within", "adjacent", "distance", "spaces"};
static const char *const agg_names[] = {"count", "sum", "any", "all", "min", "max", "argmin", "argmax", "reachable"};
static const char *const binop_names[] = {"+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "="};

/* The role of kid i of a node of op, or NULL: such kids are written bare. */
static const char *role(IrOp op, int i)
{
    static const char *const over_where_do[] = {"over", "where", "do"};
    static const char *const cond_then_else[] = {"cond", "then", "else"};
    static const char *const choose[] = {"from", "where", "count", "by", "do", "else"};
    static const char *const action[] = {"over", "where", "when", "do"};
    static const char *const turns[] = {"from", "until", "do"};
    switch (op) {
    case IR_VAR: case IR_ZONE: case IR_PLAYER_SIDE: case IR_PLAYER_OUT: case IR_SPACE_ZONE: return i == 0 ? "of" : NULL;
    case IR_ELEM: return i == 0 ? "of" : "index";
    case IR_FACE_COUNT: return "die";
    case IR_CARD_FIELD: case IR_CARD_STATE: case IR_CARD_OWNER: case IR_CARD_NAME: return "card";
    case IR_AGGREGATE: return i < 3 ? (i == 2 ? "value" : over_where_do[i]) : i == 3 ? "from" : "to";
    case IR_SELECT: case IR_IF: return i < 3 ? cond_then_else[i] : NULL;
    case IR_WHILE: return i == 0 ? "cond" : "do";
    case IR_FOR: return i < 3 ? over_where_do[i] : "up-to";
    case IR_WIN_ALL: return i < 2 ? over_where_do[i] : NULL;
    case IR_CHOOSE: return i < 6 ? choose[i] : NULL;
    case IR_MENU: return i == 0 ? "by" : NULL;
    case IR_OPTION: return i == 0 ? "when" : "do";
    case IR_TURNS: return i < 3 ? turns[i] : NULL;
    case IR_ACTION: return i < 4 ? action[i] : NULL;
    case IR_MOVE: return i == 0 ? "what" : "to";
    case IR_REVEAL: return i == 0 ? "what" : i == 1 ? "to" : over_where_do[i - 2];
    case IR_RUN: return i == 0 ? "ability" : "as";
    case IR_ASSIGN: return i == 0 ? "target" : "value";
    case IR_INLINE: return i == 0 ? "body" : "with";
    default: return NULL;
    }
}

/* quoted: write s as a double-quoted string, escaping quotes, backslashes
   and every byte outside printable ASCII but UTF-8 sequences' bytes. */
static void quoted(Buf *out, const char *s)
{
    buf_put(out, "\"");
    for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c; c++) {
        if (*c == '"' || *c == '\\')
            buf_printf(out, "\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f)
            buf_printf(out, "\\x%02x", *c);
        else
            buf_putn(out, (const char *)c, 1);
    }
    buf_put(out, "\"");
}

/* type_text: write type t ("int", "card Unit", "zone hand", "enum Faction"). */
static void type_text(const Printer *P, Type t)
{
    static const char *const base[] = {"error", "void", "int", "bool", "text", "side", "player", "card",
                                       "zone", "ability", "players", "sides", "enum", "spaces"};
    const Model *m = P->p->m;
    buf_put(P->out, t.base >= 0 && t.base <= T_SPACES ? base[t.base] : t.base == T_RANGE ? "range" : "?");
    if (t.base == T_CARD && t.param >= 0 && t.param < m->nkinds)
        buf_printf(P->out, " %s", m->kinds[t.param].name);
    else if (t.base == T_ZONE && t.param >= 0 && t.param < m->nzones)
        buf_printf(P->out, " %s", m->zones[t.param].name);
    else if (t.base == T_ENUM && t.param >= 0 && t.param < m->nenums)
        buf_printf(P->out, " %s", m->enums[t.param].name);
    else if (t.base == T_SPACES && t.param >= 0 && t.param < m->ngraphs)
        buf_printf(P->out, " %s", m->graphs[t.param].name);
}

/* field_name: the name of data field (or state, state set) index of kind k. */
static const char *field_name(const Model *m, int k, int index, int state)
{
    if (k < 0 || k >= m->nkinds)
        return "?";
    for (int i = 0; i < m->kinds[k].nfields; i++)
        if (m->kinds[k].fields[i].is_state == state && m->kinds[k].fields[i].index == index)
            return m->kinds[k].fields[i].name;
    return "?";
}

static const char *slot_name(const Printer *P, int slot)
{
    return slot >= 0 && slot < P->unit->nlocals ? P->unit->locals[slot] : "?";
}

/* payload: what follows the op's name on its line. */
static void payload(const Printer *P, const IrNode *n)
{
    const Model *m = P->p->m;
    Buf *o = P->out;
    switch (n->op) {
    case IR_INT: buf_printf(o, " %lld", (long long)n->value); break;
    case IR_BOOL: buf_put(o, n->value ? " true" : " false"); break;
    case IR_TEXT: case IR_LOG: case IR_OPTION: case IR_ACTION: case IR_PHASE:
        buf_put(o, n->op == IR_LOG && n->aux ? " public " : " ");
        quoted(o, n->text);
        break;
    case IR_SIDE: buf_printf(o, " %s", m->side_names[n->index]); break;
    case IR_ENUM_VALUE: buf_printf(o, " %s.%s", m->enums[n->aux].name, m->enums[n->aux].values[n->index]); break;
    case IR_LOCAL: case IR_LET: case IR_FOR: case IR_WIN_ALL: case IR_AGGREGATE: case IR_RUN:
        if (n->op == IR_AGGREGATE)
            buf_printf(o, " %s", agg_names[n->agg]);
        buf_printf(o, " %d %s", n->index, slot_name(P, n->index));
        break;
    case IR_CHOOSE:
        buf_printf(o, " %d %s ", n->index, slot_name(P, n->index));
        quoted(o, m->strings[n->aux]);
        break;
    case IR_TURNS: buf_printf(o, " %d", n->index); break;
    case IR_VAR: buf_printf(o, " %s", m->vars[n->index].name); break;
    case IR_ELEM: buf_printf(o, " %s", m->arrays[n->index].name); break;
    case IR_RANGE: buf_printf(o, " %lld..%d", (long long)n->value, n->aux); break;
    case IR_FACE_COUNT: buf_printf(o, " %s.%s", m->enums[n->aux].name, m->enums[n->aux].values[n->index]); break;
    case IR_CONST: buf_printf(o, " %s", m->consts[n->index].name); break;
    case IR_ZONE: case IR_SPACE_ZONE: buf_printf(o, " %s", m->zones[n->index].name); break;
    case IR_CARD_FIELD: case IR_CARD_STATE:
        buf_printf(o, " %s.%s %s", m->kinds[n->card.kind].name,
                field_name(m, n->card.kind, n->card.field, n->op == IR_CARD_STATE),
                n->card.check == IR_KIND_KNOWN ? "known" : "checked");
        break;
    case IR_BUILTIN:
        buf_printf(o, " %s", builtin_names[n->builtin]);
        if (n->builtin == IR_B_MATCHES)
            buf_printf(o, " %s", m->enums[n->aux].name);
        else if (n->builtin >= IR_B_NEIGHBOURS)
            buf_printf(o, " %s", m->graphs[n->aux].name);
        break;
    case IR_CALL: case IR_CALL_PROC: case IR_INLINE:
        buf_printf(o, " %s", m->units[n->index].name);
        if (n->memo)
            buf_printf(o, " memo %d", n->memo);
        break;
    case IR_ARG: buf_printf(o, " %d", n->index); break;
    case IR_ARITH: case IR_COMPARE: buf_printf(o, " %s", binop_names[n->binop]); break;
    case IR_ASSIGN: buf_printf(o, " %s%s", n->binop == IR_SET ? "" : binop_names[n->binop], "="); break;
    case IR_IS: case IR_ROLL:   /* a roll of dice of several kinds: each its own */
        buf_printf(o, " %s", n->index >= 0 ? m->kinds[n->index].name : "any-die");
        break;
    case IR_REVEAL: {
        static const char *const to[] = {"to-all", "to-player", "to-side", "look"};
        buf_printf(o, " %s", to[n->aux & 3]);
        break;
    }
    default: break;
    }
    if ((n->op == IR_NEG || n->op == IR_ARITH || n->op == IR_ASSIGN || n->op == IR_AGGREGATE) && n->checked)
        buf_put(o, " checked");
    if ((n->op == IR_AGGREGATE || n->op == IR_CHOOSE) && n->live)
        buf_printf(o, " live %d", n->live);
    static const struct { int flag; const char *word; } flags[] = {
        {IR_SIMULTANEOUS, "simultaneously"}, {IR_HIDDEN, "hidden"}, {IR_UP_TO, "up-to"},
        {IR_PASSES, "passes"}, {IR_PASS, "pass"}, {IR_BOTTOM, "to-bottom"}, {IR_PLUCK, "pluck"}, {IR_ALL_PASS, "all-pass"},
        {IR_STEP, "step"},
        {IR_SHOWN, "shown"},
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (n->flags & flags[i].flag)
            buf_printf(o, " %s", flags[i].word);
}

/* facts_text: write the facts as " [fail yield write random zones moves]" (nothing when none). */
static void facts_text(Buf *o, unsigned f)
{
    static const struct { unsigned bit; const char *word; } words[] = {
        {IR_FACT_MAY_FAIL, "fail"}, {IR_FACT_MAY_YIELD, "yield"}, {IR_FACT_WRITES, "write"},
        {IR_FACT_RANDOM, "random"}, {IR_FACT_READS_ZONES, "zones"}, {IR_FACT_MOVES, "moves"},
    };
    int any = 0;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (f & words[i].bit)
            buf_printf(o, "%s%s", any++ ? " " : " [", words[i].word);
    if (any)
        buf_put(o, "]");
}

static const char *path_of(const Printer *P, int file)
{
    return file >= 0 && file < P->nfiles ? P->files[file] : "?";
}

static void print_node(const Printer *P, const IrNode *n, int depth, const char *role_name)
{
    Buf *o = P->out;
    buf_printf(o, "%*s", 2 * depth, "");
    if (role_name)
        buf_printf(o, "%s: ", role_name);
    buf_put(o, ir_op_name(n->op));
    payload(P, n);
    if (n->op == IR_ZONE) {
        buf_put(o, " : zone");   /* its name is written already */
    } else if (n->type.base != T_VOID) {
        buf_put(o, " : ");
        type_text(P, n->type);
    }
    if (n->loc.file == P->unit_file)
        buf_printf(o, " @%d:%d", n->loc.line, n->loc.col);
    else
        buf_printf(o, " @%s:%d:%d", path_of(P, n->loc.file), n->loc.line, n->loc.col);
    facts_text(o, n->facts);
    buf_put(o, "\n");
    if (n->op == IR_ARG)   /* the argument is written under its inline */
        return;
    for (int i = 0; i < n->nkids; i++)
        if (n->kids[i])
            print_node(P, n->kids[i], depth + 1, role(n->op, i));
}

static void print_unit(Printer *P, const IrUnit *iu)
{
    const Model *m = P->p->m;
    const MUnit *u = &m->units[iu->unit];
    Buf *o = P->out;
    P->unit = u;
    P->unit_file = u->loc.file;
    buf_printf(o, "\n%s ", u->is_function ? "function" : u->is_procedure ? "procedure" : "script");
    quoted(o, u->name);
    if (u->is_function) {
        buf_put(o, " -> ");
        type_text(P, u->result);
    }
    if (u->this_kind >= 0)
        buf_printf(o, " of %s", m->kinds[u->this_kind].name);
    buf_printf(o, " @%s:%d:%d", path_of(P, u->loc.file), u->loc.line, u->loc.col);
    facts_text(o, iu->facts);
    buf_put(o, "\n");
    if (u->nlocals > 0) {
        buf_put(o, "  locals:");
        for (int i = 0; i < u->nlocals; i++)
            buf_printf(o, " %d %s%s", i, u->locals[i], i < u->nparams ? " (param)" : "");
        buf_put(o, "\n");
    }
    print_node(P, iu->body, 1, NULL);
}

void ir_print(const IrProgram *p, const char *const *files, int nfiles, Buf *out)
{
    Printer P = {p, files, nfiles, -1, NULL, out};
    buf_printf(out, "; the IR of game %s (cardc ir; docs/compiler.md)\n", p->m->id);
    if (p->has_facts)
        buf_put(out, "; [fail] may fail at run time, [yield] may wait for a decision, [write] changes the state,\n"
                     "; [random] draws a random number, [zones] reads which cards zones hold,\n"
                     "; [moves] changes which cards zones hold or their order\n");
    else
        buf_put(out, "; as lowered, before the passes\n");
    for (int u = 0; u < p->nunits; u++)
        print_unit(&P, &p->units[u]);
    for (int i = 0; i < p->nlives; i++) {   /* ir_live.c */
        const IrLive *L = &p->lives[i];
        const IrNode *c = L->value ? L->value : L->where;
        buf_printf(out, "\nlive %d: zone %s%s, %d cell%s", i + 1, p->m->zones[L->zone].name,
                   L->per_player ? " (per player)" : "", L->ncells, L->ncells == 1 ? "" : "s");
        for (int k = 0; k < L->nkeys; k++) {
            const IrNode *key = L->keys[k];
            buf_printf(out, "%s%s", k ? ", " : "; keys ",
                       key->type.base == T_ENUM ? p->m->enums[key->type.param].name
                       : key->type.base == T_INT ? arena_printf(p->arena, "int %d..%d", L->lo[k], L->lo[k] + L->domain[k] - 2)
                                                 : "bool");
        }
        buf_printf(out, "; %s%s @%s:%d:%d\n", L->dice ? "the dice by face" : "as in ",
                   L->dice ? "" : p->m->units[L->unit].name, path_of(&P, c->loc.file), c->loc.line, c->loc.col);
    }
}

char *ir_text(const Model *m, Arena *a, const char *const *files, int nfiles, int passes)
{
    IrProgram *p = ir_lower(m, a);
    if (passes)
        ir_passes(p);
    Buf out = {0};
    ir_print(p, files, nfiles, &out);
    return buf_take(&out, a);
}
