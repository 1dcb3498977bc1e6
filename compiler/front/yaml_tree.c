/* yaml_tree.c: the YAML front end's first step: libyaml's events become a
   small tree of YNodes, checking duplicate keys, nesting depth, anchors
   and the alias expansion bound (docs/formats.md "Bad YAML"). */
#include "yaml_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "parse.h"
#include "strtab.h"
#include "text.h"

static int yfile(Y *y)
{
    if (y->file < 0)
        y->file = diag_add_source(y->d, y->path, y->text, y->len);
    return y->file;
}

/* yl_index_lines: the offset of each line of y's text. */
void yl_index_lines(Y *y)
{
    int n = 1;
    for (size_t i = 0; i < y->len; i++)
        if (y->text[i] == '\n')
            n++;
    y->line_start = arena_alloc(y->a, sizeof(size_t) * (size_t)(n + 1));
    y->line_start[0] = 0;
    int k = 1;
    for (size_t i = 0; i < y->len; i++)
        if (y->text[i] == '\n')
            y->line_start[k++] = i + 1;
    y->nlines = n;
}

/* The location of libyaml's mark (0-based line, column in characters) as a
   Loc of the YAML file (column in bytes). */
static Loc mark_loc(Y *y, int line0, int col0)
{
    Loc l = { yfile(y), line0 + 1, 1 };
    if (line0 < 0 || line0 >= y->nlines)
        return l;
    size_t p = y->line_start[line0];
    int chars = 0;
    while (p < y->len && y->text[p] != '\n' && chars < col0) {
        p++;
        while (p < y->len && ((unsigned char)y->text[p] & 0xC0) == 0x80)
            p++;
        chars++;
    }
    l.col = (int)(p - y->line_start[line0]) + 1;
    return l;
}

/* yl_loc: where node n starts in the YAML file. */
Loc yl_loc(Y *y, const YNode *n)
{
    return mark_loc(y, n->line0, n->col0);
}

/* The location of a byte offset of the file. */
static Loc offset_loc(Y *y, size_t off)
{
    int line = 0;
    while (line + 1 < y->nlines && y->line_start[line + 1] <= off)
        line++;
    Loc l = { yfile(y), line + 1, (int)(off - y->line_start[line]) + 1 };
    return l;
}

/* yl_kind_word: what n is, for messages. */
const char *yl_kind_word(const YNode *n)
{
    return n->kind == YN_MAP ? "a mapping" : n->kind == YN_SEQ ? "a list" : "a string";
}

static YNode *new_node(Y *y, YKind k, const yaml_mark_t *m)
{
    YNode *n = arena_alloc(y->a, sizeof *n);
    n->kind = k;
    n->line0 = (int)m->line;
    n->col0 = (int)m->column;
    n->height = 1;
    n->size = 1;
    return n;
}

static void push_item(Y *y, YNode *parent, YNode *child)
{
    if (parent->count == parent->cap) {
        int cap = parent->cap ? parent->cap * 2 : 8;
        YNode **n = arena_alloc(y->a, sizeof *n * (size_t)cap);
        if (parent->count)
            memcpy(n, parent->items, sizeof *n * (size_t)parent->count);
        parent->items = n;
        parent->cap = cap;
    }
    parent->items[parent->count++] = child;
}

/* Report libyaml's error. */
static void parser_error(Y *y, const yaml_parser_t *p)
{
    const char *problem = p->problem ? p->problem : "cannot parse";
    if (p->error == YAML_READER_ERROR) {
        char msg[96];
        if (p->problem_offset < y->len
            && text_char(y->text + p->problem_offset, y->len - p->problem_offset, TEXT_TAB | TEXT_NEWLINE, msg,
                         sizeof msg) == 0)
            diag_error(y->d, offset_loc(y, p->problem_offset), "%s", msg); /* text.h's words */
        else if (strstr(problem, "UTF-8") || strstr(problem, "octet"))
            diag_error(y->d, offset_loc(y, p->problem_offset), "invalid UTF-8 in YAML file (%s)", problem);
        else
            diag_error(y->d, offset_loc(y, p->problem_offset), "YAML: %s", problem);
        return;
    }
    Loc l = mark_loc(y, (int)p->problem_mark.line, (int)p->problem_mark.column);
    size_t at = l.line - 1 < y->nlines ? y->line_start[l.line - 1] + (size_t)(l.col - 1) : y->len;
    if (at < y->len && y->text[at] == '\t') {
        diag_error(y->d, l, "a tab in YAML indentation: YAML indents with spaces only");
        return;
    }
    if (p->context)
        diag_error(y->d, l, "YAML: %s (%s)", problem, p->context);
    else
        diag_error(y->d, l, "YAML: %s", problem);
}

/* check_text: apply text.h's rule to the scalar n (escapes such as "\x01"
   or "\u0085" can give what the reader lets through); the error is at the
   character in a plain scalar on one line, else at the scalar. Returns 0
   after reporting. */
static int check_text(Y *y, const YNode *n)
{
    char msg[96];
    size_t at = text_check(n->value, n->len, TEXT_TAB | TEXT_NEWLINE, msg, sizeof msg);
    if (at == n->len)
        return 1;
    Loc l = yl_loc(y, n);
    if (n->style == YAML_PLAIN_SCALAR_STYLE && !memchr(n->value, '\n', at))
        l.col += (int)at;
    diag_error(y->d, l, "%s", msg);
    return 0;
}

/* find_anchor: the node of the latest anchor called name, or NULL (O(1)). */
static YNode *find_anchor(Y *y, const char *name)
{
    int i = y->anchors ? strtab_get(y->anchors, name) : -1;
    return i < 0 ? NULL : y->anchor_nodes[i];
}

/* add_anchor: name n; a later anchor of the same name replaces it (YAML:
   an alias names the most recent node with its anchor). */
static void add_anchor(Y *y, const char *name, YNode *n)
{
    if (!y->anchors)
        y->anchors = strtab_new(y->a);
    if (y->nanchors == y->capanchors) {
        int cap = y->capanchors ? y->capanchors * 2 : 8;
        YNode **a = arena_alloc(y->a, sizeof *a * (size_t)cap);
        if (y->nanchors)
            memcpy(a, y->anchor_nodes, sizeof *a * (size_t)y->nanchors);
        y->anchor_nodes = a;
        y->capanchors = cap;
    }
    y->anchor_nodes[y->nanchors] = n;
    strtab_put(y->anchors, arena_strdup(y->a, name), y->nanchors++);
}

/* find_key: the index in the mapping p of the key equal to n, or -1;
   past MAP_INDEX_FROM keys through p->keys (keys with a NUL inside are
   compared one by one). */
static int find_key(Y *y, YNode *p, const YNode *n)
{
    int plain = strlen(n->value) == n->len;
    if (plain && p->count / 2 >= MAP_INDEX_FROM) {
        if (!p->keys) {
            p->keys = strtab_new(y->a);
            for (int i = 0; i < p->count; i += 2)
                if (strlen(p->items[i]->value) == p->items[i]->len && strtab_get(p->keys, p->items[i]->value) < 0)
                    strtab_put(p->keys, p->items[i]->value, i);
        }
        return strtab_get(p->keys, n->value);
    }
    for (int i = 0; i < p->count; i += 2)
        if (p->items[i]->len == n->len && memcmp(p->items[i]->value, n->value, n->len) == 0)
            return i;
    return -1;
}

/* add_child: attach a finished node to the open collection on top of the
   stack, checking the key of a mapping (a string, not given before). */
static int add_child(Y *y, YNode **stack, int depth, YNode *n)
{
    if (depth == 0)
        return 1;
    YNode *p = stack[depth - 1];
    if (p->kind == YN_MAP && p->count % 2 == 0) {
        if (n->kind != YN_SCALAR) {
            diag_error(y->d, yl_loc(y, n), "a YAML key must be a string, not %s", yl_kind_word(n));
            return 0;
        }
        int i = find_key(y, p, n);
        if (i >= 0) {
            diag_error(y->d, yl_loc(y, n), "duplicate key '%s'", n->value);
            diag_note(y->d, yl_loc(y, p->items[i]), "'%s' was first given here", n->value);
            return 0;
        }
        if (p->keys && strlen(n->value) == n->len)
            strtab_put(p->keys, n->value, p->count);
    }
    push_item(y, p, n);
    return 1;
}

/* yl_read_tree: the single document of the file as a tree; *root NULL for an
   empty file. Returns 0 after reporting an error. */
int yl_read_tree(Y *y, YNode **root)
{
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) {
        diag_plain(y->d, "out of memory starting libyaml");
        return 0;
    }
    yaml_parser_set_input_string(&p, (const unsigned char *)y->text, y->len);
    YNode *stack[YAML_MAX_DEPTH + 2];
    int depth = 0, ok = 1, docs = 0, done = 0;
    *root = NULL;
    while (ok && !done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev)) {
            parser_error(y, &p);
            ok = 0;
            break;
        }
        YNode *n = NULL;
        const char *anchor = NULL;
        switch (ev.type) {
        case YAML_STREAM_END_EVENT:
            done = 1;
            break;
        case YAML_DOCUMENT_START_EVENT:
            if (++docs > 1) {
                diag_error(y->d, mark_loc(y, (int)ev.start_mark.line, (int)ev.start_mark.column),
                           "a YAML game file holds one document; this is a second one");
                ok = 0;
            }
            break;
        case YAML_SCALAR_EVENT:
            n = new_node(y, YN_SCALAR, &ev.start_mark);
            n->value = arena_strndup(y->a, (const char *)ev.data.scalar.value, ev.data.scalar.length);
            n->len = ev.data.scalar.length;
            n->style = ev.data.scalar.style;
            if (!check_text(y, n))
                ok = 0;
            n->done = 1;
            anchor = (const char *)ev.data.scalar.anchor;
            break;
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
            n = new_node(y, ev.type == YAML_SEQUENCE_START_EVENT ? YN_SEQ : YN_MAP, &ev.start_mark);
            anchor = ev.type == YAML_SEQUENCE_START_EVENT ? (const char *)ev.data.sequence_start.anchor
                                                          : (const char *)ev.data.mapping_start.anchor;
            break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: {
            YNode *c = stack[--depth];
            for (int i = 0; i < c->count; i++) {
                if (c->items[i]->height + 1 > c->height)
                    c->height = c->items[i]->height + 1;
            }
            c->done = 1;
            if (!add_child(y, stack, depth, c))
                ok = 0;
            if (depth > 0)
                stack[depth - 1]->size += c->size;
            else
                *root = c;
            break;
        }
        case YAML_ALIAS_EVENT: {
            const char *name = (const char *)ev.data.alias.anchor;
            YNode *t = find_anchor(y, name);
            Loc l = mark_loc(y, (int)ev.start_mark.line, (int)ev.start_mark.column);
            if (!t) {
                diag_error(y->d, l, "unknown YAML alias '*%s'", name);
                ok = 0;
            } else if (!t->done) {
                diag_error(y->d, l, "the YAML alias '*%s' refers to a node that contains it", name);
                ok = 0;
            } else if (y->nodes + t->size > YAML_MAX_NODES) {
                diag_error(y->d, l, "YAML alias expansion exceeds %d nodes", YAML_MAX_NODES);
                ok = 0;
            } else if (depth + t->height > YAML_MAX_DEPTH) {
                diag_error(y->d, l, "YAML nesting deeper than %d levels", YAML_MAX_DEPTH);
                ok = 0;
            } else {
                y->nodes += t->size;
                if (!add_child(y, stack, depth, t))
                    ok = 0;
                else if (depth > 0)
                    stack[depth - 1]->size += t->size;
                else
                    *root = t;
            }
            break;
        }
        default:
            break;
        }
        if (ok && n) {
            if (++y->nodes > YAML_MAX_NODES) {
                diag_error(y->d, yl_loc(y, n), "YAML file exceeds %d nodes", YAML_MAX_NODES);
                ok = 0;
            } else {
                if (anchor)
                    add_anchor(y, anchor, n);
                if (n->kind == YN_SCALAR) {
                    if (!add_child(y, stack, depth, n))
                        ok = 0;
                    else if (depth > 0)
                        stack[depth - 1]->size += 1;
                    else
                        *root = n;
                } else if (depth >= YAML_MAX_DEPTH) {
                    diag_error(y->d, yl_loc(y, n), "YAML nesting deeper than %d levels", YAML_MAX_DEPTH);
                    ok = 0;
                } else {
                    stack[depth++] = n;
                }
            }
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&p);
    return ok;
}

