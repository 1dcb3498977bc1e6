/* ast.c: allocation of syntax tree nodes and lists, and node kind names. */
#include "ast.h"

#include <string.h>

#include "strtab.h"

AstNode *ast_new(Arena *arena, AstKind kind, Loc loc)
{
    AstNode *n = arena_alloc(arena, sizeof *n);
    n->kind = kind;
    n->loc = loc;
    n->loc2 = loc;
    return n;
}

void ast_push(Arena *arena, AstList *list, AstNode *node)
{
    if (list->count == list->cap) {
        int cap = list->cap ? list->cap * 2 : 4;
        AstNode **items = arena_alloc(arena, sizeof *items * (size_t)cap);
        if (list->count)
            memcpy(items, list->items, sizeof *items * (size_t)list->count);
        list->items = items;
        list->cap = cap;
    }
    list->items[list->count++] = node;
}

static const char *const kind_names[AST_KIND_COUNT] = {
    [AST_GAME] = "game",
    [AST_PLAYERS] = "players",
    [AST_SIDE] = "side",
    [AST_KIND] = "kind",
    [AST_FIELD] = "field",
    [AST_CARD] = "card",
    [AST_CARD_ITEM] = "card item",
    [AST_ZONE] = "zone",
    [AST_COUNTER] = "counter",
    [AST_VAR] = "var",
    [AST_CONST] = "const",
    [AST_FUNCTION] = "function",
    [AST_PARAM] = "parameter",
    [AST_SETUP] = "setup",
    [AST_ROUND] = "round",
    [AST_VARIANT] = "variant",
    [AST_SET] = "set",
    [AST_REMOVE_CARD] = "remove card",
    [AST_ENUM] = "enum",
    [AST_DIE] = "die",
    [AST_BOARD] = "board",
    [AST_VIEW] = "view",
    [AST_MAP] = "map",
    [AST_REGION] = "region",
    [AST_SPACE] = "space",
    [AST_ADJACENT] = "adjacency",
    [AST_DIMS] = "indices",
    [AST_DIM] = "index",
    [AST_FACE] = "face",
    [AST_ROW] = "row",
    [AST_PROCEDURE] = "procedure",
    [AST_REMOVE_BOARD] = "remove board",
    [AST_LAYOUT] = "layout",
    [AST_LAYOUT_BLOCK] = "layout block",
    [AST_BLOCK] = "block",
    [AST_PHASE] = "phase",
    [AST_IF] = "if",
    [AST_WHILE] = "while",
    [AST_FOR] = "for",
    [AST_CHOOSE] = "choose",
    [AST_MENU] = "menu",
    [AST_OPTION] = "option",
    [AST_TURNS] = "turns",
    [AST_ACTION] = "action",
    [AST_MOVE] = "move",
    [AST_SHUFFLE] = "shuffle",
    [AST_RUN] = "run",
    [AST_ASSIGN] = "assignment",
    [AST_LET] = "let",
    [AST_WIN] = "win",
    [AST_DRAW_GAME] = "draw_game", [AST_LOSE_GAME] = "lose_game",
    [AST_LOG] = "log",
    [AST_ELIMINATE] = "eliminate",
    [AST_ROLL] = "roll",
    [AST_CALL_STMT] = "procedure call",
    [AST_REVEAL] = "reveal",
    [AST_INT] = "integer",
    [AST_BOOL] = "boolean",
    [AST_STRING] = "string",
    [AST_NAME] = "name",
    [AST_ME] = "me",
    [AST_THIS] = "this",
    [AST_OPPONENT] = "opponent",
    [AST_PLAYERS_ALL] = "players",
    [AST_SIDES_ALL] = "sides",
    [AST_MY] = "my",
    [AST_FIELD_OF] = "field access",
    [AST_CALL] = "call",
    [AST_AGGREGATE] = "aggregate",
    [AST_UNARY] = "unary",
    [AST_BINARY] = "binary",
    [AST_IS] = "is",
    [AST_COND] = "if-then-else",
    [AST_INDEX] = "index",
    [AST_RANGE] = "range",
};

const char *ast_kind_name(AstKind kind)
{
    if ((int)kind < 0 || kind >= AST_KIND_COUNT || !kind_names[kind])
        return "?";
    return kind_names[kind];
}

int ast_index_kinds(Arena *arena, AstProgram *prog)
{
    if (!prog->kinds)
        prog->kinds = strtab_new(arena);
    for (; prog->kinds_indexed < prog->decls.count; prog->kinds_indexed++) {
        const AstNode *k = prog->decls.items[prog->kinds_indexed];
        if (k && k->kind == AST_KIND && k->name && strtab_get(prog->kinds, k->name) < 0)
            strtab_put(prog->kinds, k->name, prog->kinds_indexed);
    }
    return (int)prog->kinds->count;
}

/* ast_find_kind: see ast.h. */
const AstNode *ast_find_kind(Arena *arena, AstProgram *prog, const char *name)
{
    if (!name)
        return NULL;
    ast_index_kinds(arena, prog);
    int i = strtab_get(prog->kinds, name);
    return i < 0 ? NULL : prog->decls.items[i];
}
