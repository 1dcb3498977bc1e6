/* parse_test.c: the .cards scanner and parser: tree shapes, locations and exact diagnostics. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "parse.h"
#include "testutil.h"

#define FIXTURES "tests/parse/fixtures"

/* A parse of one source text; diagnostics go to a memory stream. */
typedef struct Parsed {
    Arena arena;
    Diag diag;
    AstProgram prog;
    FILE *out;
    char *msgs;
    size_t msgs_len;
    int errors;
} Parsed;

static void start(Parsed *p)
{
    memset(p, 0, sizeof *p);
    p->out = open_memstream(&p->msgs, &p->msgs_len);
    cr_assert(p->out);
    diag_init(&p->diag, &p->arena, p->out);
}

/* finish: close the diagnostics stream (p->msgs holds them). */
static void finish(Parsed *p)
{
    fclose(p->out);
    p->out = NULL;
}

static void release(Parsed *p)
{
    if (p->out)
        fclose(p->out);
    free(p->msgs);
    arena_free(&p->arena);
}

static void parse_text(Parsed *p, const char *path, const char *text)
{
    start(p);
    int f = diag_add_source(&p->diag, path, text, strlen(text));
    p->errors = parse_file(&p->diag, &p->arena, f, &p->prog);
    finish(p);
}

/* read_all: the file as read_file reads it, and its length. */
static char *read_all(const char *path, size_t *len)
{
    char *text = read_file(path);
    *len = text ? strlen(text) : 0;
    return text;
}

/* The n-th declaration, checked to be of kind k. */
static AstNode *decl(Parsed *p, int n, AstKind k)
{
    cr_assert_lt(n, p->prog.decls.count, "no declaration %d", n);
    AstNode *d = p->prog.decls.items[n];
    cr_assert_eq(d->kind, k, "declaration %d is a %s, not a %s", n, ast_kind_name(d->kind), ast_kind_name(k));
    return d;
}

static void is_kind(const AstNode *n, AstKind k)
{
    cr_assert(n, "expected a %s, got NULL", ast_kind_name(k));
    cr_assert_eq(n->kind, k, "expected a %s, got a %s", ast_kind_name(k), ast_kind_name(n->kind));
}

static void is_name(const AstNode *n, const char *name)
{
    is_kind(n, AST_NAME);
    cr_assert_str_eq(n->name, name);
}

static void is_binary(const AstNode *n, int op)
{
    is_kind(n, AST_BINARY);
    cr_assert_eq(n->op, op, "operator %d, expected %d", n->op, op);
}

static void at(const AstNode *n, int line, int col)
{
    cr_assert_eq(n->loc.line, line, "%s at line %d, expected %d", ast_kind_name(n->kind), n->loc.line, line);
    cr_assert_eq(n->loc.col, col, "%s at col %d, expected %d", ast_kind_name(n->kind), n->loc.col, col);
}

/* ---- fixtures: NAME.cards parsed, its diagnostics equal NAME.expected ---- */

/* check_fixture: parse fixtures/name.cards (registered as "name.cards") and
   compare its diagnostics byte for byte; CARDC_UPDATE_GOLDENS=1 rewrites them. */
static void check_fixture(const char *name)
{
    char path[512], exp_path[512], shown[256];
    snprintf(path, sizeof path, FIXTURES "/%s.cards", name);
    snprintf(exp_path, sizeof exp_path, FIXTURES "/%s.expected", name);
    snprintf(shown, sizeof shown, "%s.cards", name);
    size_t len, exp_len;
    char *src = read_all(path, &len);
    cr_assert(src, "cannot read %s", path);
    Parsed p;
    start(&p);
    int f = diag_add_source(&p.diag, shown, src, len);
    p.errors = parse_file(&p.diag, &p.arena, f, &p.prog);
    finish(&p);
    if (getenv("CARDC_UPDATE_GOLDENS")) {
        FILE *o = fopen(exp_path, "wb");
        cr_assert(o);
        fwrite(p.msgs, 1, p.msgs_len, o);
        fclose(o);
    }
    char *expected = read_all(exp_path, &exp_len);
    cr_assert(expected, "cannot read %s", exp_path);
    cr_expect_str_eq(p.msgs, expected, "diagnostics of %s differ:\n--- got\n%s--- expected\n%s", path, p.msgs, expected);
    cr_expect_eq(p.errors, p.diag.errors);
    free(src);
    free(expected);
    release(&p);
}

#define FIXTURE(name) Test(fixtures, name) { check_fixture(#name); }

FIXTURE(all)
FIXTURE(lex_bad_escape)
FIXTURE(lex_bom)
FIXTURE(lex_bad_utf8)
FIXTURE(lex_c1_control)
FIXTURE(lex_control_byte)
FIXTURE(lex_int_too_large)
FIXTURE(lex_non_ascii)
FIXTURE(lex_unknown_char)
FIXTURE(lex_unterminated_string)
FIXTURE(limit_blocks)
FIXTURE(limit_else_if)
FIXTURE(limit_ok)
FIXTURE(limit_parens)
FIXTURE(limit_sum)
FIXTURE(limit_unary)
FIXTURE(syn_bad_expr)
FIXTURE(syn_card)
FIXTURE(syn_choose)
FIXTURE(syn_view)
FIXTURE(syn_view_reserved)
FIXTURE(syn_log_holes)
FIXTURE(syn_hole_strings)
FIXTURE(syn_missing_brace)
FIXTURE(syn_missing_colon)
FIXTURE(syn_name_of_player)
FIXTURE(syn_misspelt_declaration)
FIXTURE(syn_misspelt_keyword)
FIXTURE(syn_passes_row)
FIXTURE(syn_recovery)
FIXTURE(syn_reserved_name)
FIXTURE(syn_unclosed_block)

/* Every fixture on disk is listed above and has its .expected file. */
Test(fixtures, all_listed)
{
    DIR *dir = opendir(FIXTURES);
    cr_assert(dir, "run the suite from the repository root");
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        size_t l = strlen(e->d_name);
        if (l > 6 && strcmp(e->d_name + l - 6, ".cards") == 0) {
            char path[512];
            size_t len;
            snprintf(path, sizeof path, FIXTURES "/%.*s.expected", (int)(l - 6), e->d_name);
            char *text = read_all(path, &len);
            cr_expect(text, "%s has no .expected", e->d_name);
            free(text);
            n++;
        }
    }
    closedir(dir);
    cr_expect_eq(n, 32, "%d fixtures on disk; list new ones in parse_test.c", n);
}

/* The reserved words docs/language.md lists are the ones the parser knows
   (parse_keywords: the misspelt-keyword and reserved-word messages). */
Test(fixtures, reserved_words_are_the_documented_ones)
{
    size_t len;
    char *doc = read_all("docs/language.md", &len);
    cr_assert(doc, "run the suite from the repository root");
    const char *list = strstr(doc, "Keywords: `");
    cr_assert(list, "docs/language.md has no 'Keywords:' list");
    list += strlen("Keywords: `");
    const char *end = strchr(list, '`');
    cr_assert(end);
    int n = 0;
    for (const char *w = list; w < end;) {
        size_t k = strcspn(w, " \n`");
        int known = 0;
        for (int i = 0; parse_keywords[i]; i++)
            known |= strlen(parse_keywords[i]) == k && strncmp(parse_keywords[i], w, k) == 0;
        cr_expect(known, "docs/language.md lists '%.*s', which parse_keywords lacks", (int)k, w);
        n++;
        w += k;
        w += strspn(w, " \n");
    }
    int count = 0;
    while (parse_keywords[count])
        count++;
    cr_expect_eq(n, count, "docs/language.md lists %d reserved words, parse_keywords has %d", n, count);
    free(doc);
}

Test(fixtures, recovery_reports_several_errors)
{
    size_t len;
    char *src = read_all(FIXTURES "/syn_recovery.cards", &len);
    cr_assert(src);
    Parsed p;
    parse_text(&p, "syn_recovery.cards", src);
    cr_expect_geq(p.errors, 2);
    /* the declarations around the errors are still in the tree */
    int counters = 0, functions = 0;
    for (int i = 0; i < p.prog.decls.count; i++) {
        counters += p.prog.decls.items[i]->kind == AST_COUNTER;
        functions += p.prog.decls.items[i]->kind == AST_FUNCTION;
    }
    cr_expect_eq(counters, 1);
    cr_expect_eq(functions, 0); /* `f(p : player) int` is broken */
    free(src);
    release(&p);
}

/* ---- the tree of all.cards -------------------------------------------- */

static void parse_all(Parsed *p)
{
    size_t len;
    char *src = read_all(FIXTURES "/all.cards", &len);
    cr_assert(src);
    parse_text(p, "all.cards", src);
    free(src);
    cr_assert_eq(p->errors, 0, "%s", p->msgs);
}

Test(tree, declarations)
{
    Parsed p;
    parse_all(&p);
    static const AstKind kinds[] = {
        AST_GAME, AST_KIND, AST_CARD, AST_CARD, AST_ZONE, AST_ZONE, AST_ZONE, AST_ZONE, AST_COUNTER,
        AST_COUNTER, AST_VAR, AST_VAR, AST_CONST, AST_FUNCTION, AST_SETUP, AST_ROUND, AST_VARIANT,
    };
    cr_assert_eq(p.prog.decls.count, (int)(sizeof kinds / sizeof kinds[0]));
    for (int i = 0; i < p.prog.decls.count; i++)
        decl(&p, i, kinds[i]);

    AstNode *g = decl(&p, 0, AST_GAME);
    cr_expect_str_eq(g->name, "evr");
    cr_expect_str_eq(g->text, "Star Wars: Empire vs. Rebellion");
    at(g, 2, 1);
    cr_assert_eq(g->list.count, 3);
    is_kind(g->list.items[0], AST_PLAYERS);
    cr_expect_eq(g->list.items[0]->ival, 2);
    cr_expect_eq(g->list.items[0]->ival2, 4);
    is_kind(g->list.items[2], AST_SIDE);
    cr_expect_str_eq(g->list.items[2]->name, "imperial");
    cr_expect_str_eq(g->list.items[2]->text, "Galactic Empire");
    at(g->list.items[2], 4, 33);

    AstNode *k = decl(&p, 1, AST_KIND);
    cr_assert_eq(k->list.count, 7);
    cr_expect_str_eq(k->list.items[0]->name, "side");
    cr_expect_eq(k->list.items[0]->type, TY_SIDE);
    is_name(k->list.items[2]->a, "value");
    cr_expect_eq(k->list.items[5]->type, TY_ABILITY);
    cr_expect_eq(k->list.items[5]->flags, FIELD_OPTIONAL);
    cr_expect_eq(k->list.items[6]->flags, FIELD_STATE);
    cr_expect_str_eq(k->list.items[6]->name, "exhausted");
    at(k->list.items[6], 14, 3);

    AstNode *z = decl(&p, 4, AST_ZONE);
    cr_expect_eq(z->flags, ZONE_ORDERED | ZONE_HIDDEN | ZONE_PER_PLAYER);
    cr_expect_str_eq(z->name, "resource");
    z = decl(&p, 5, AST_ZONE);
    cr_assert_eq(z->list.count, 3);
    is_name(z->list.items[2], "discard");
    at(z->list.items[2], 27, 21);
    z = decl(&p, 7, AST_ZONE);
    cr_expect_eq(z->flags, ZONE_SHARED | ZONE_PUBLIC | ZONE_PRIVATE);
    cr_expect_null(z->name);

    AstNode *c = decl(&p, 8, AST_COUNTER);
    cr_expect_eq(c->flags, DECL_PER_PLAYER);
    cr_expect_eq(c->a->ival, 2);
    cr_expect_eq(c->b->ival, 0);
    cr_expect_null(c->c);
    c = decl(&p, 9, AST_COUNTER);
    cr_assert_eq(c->list.count, 2);
    cr_expect_eq(c->c->ival, 10);

    AstNode *v = decl(&p, 11, AST_VAR);
    cr_expect_eq(v->type, TY_CARD);
    cr_expect_eq(v->flags, DECL_PER_PLAYER);
    is_kind(v->a, AST_CALL);
    cr_expect_str_eq(v->a->name, "top");

    AstNode *f = decl(&p, 13, AST_FUNCTION);
    cr_expect_str_eq(f->name, "total");
    cr_expect_eq(f->type, TY_INT);
    cr_assert_eq(f->list.count, 2);
    cr_expect_eq(f->list.items[1]->type, TY_INT);
    is_binary(f->a, OP_ADD);
    AstNode *sum = f->a->a;
    is_kind(sum, AST_AGGREGATE);
    cr_expect_eq(sum->op, 's');
    cr_expect_str_eq(sum->name, "c");
    cr_expect_null(sum->c);
    is_kind(sum->b, AST_COND);
    at(sum, 38, 3);

    AstNode *var = decl(&p, 16, AST_VARIANT);
    cr_expect_str_eq(var->name, "tutorial");
    cr_expect_str_eq(var->name2, "evr");
    cr_assert_eq(var->list.count, 6);
    is_kind(var->list.items[0], AST_SET);
    is_kind(var->list.items[1], AST_REMOVE_CARD);
    cr_expect_str_eq(var->list.items[1]->text, "Rebel Trooper");
    is_kind(var->list.items[2], AST_CARD);
    is_name(var->list.items[2]->list.items[0]->a, "rebel");
    is_kind(var->list.items[3], AST_SETUP);
    is_kind(var->list.items[4], AST_ROUND);
    is_kind(var->list.items[5], AST_PHASE);
    release(&p);
}

Test(tree, cards)
{
    Parsed p;
    parse_all(&p);
    AstNode *luke = decl(&p, 2, AST_CARD);
    cr_expect_str_eq(luke->name, "resource");
    cr_expect_str_eq(luke->text, "Luke Skywalker");
    cr_expect_eq(luke->ival, 1);
    cr_assert_eq(luke->list.count, 6);
    AstNode *side = luke->list.items[0];
    cr_expect_str_eq(side->name, "side");
    is_name(side->a, "rebel"); /* joined by parse_resolve_card_items */
    at(side->a, 18, 8);
    AstNode *character = luke->list.items[1];
    cr_expect_str_eq(character->name, "character");
    cr_expect_null(character->a); /* bare bool */
    cr_expect_null(character->b);
    AstNode *ev = luke->list.items[3];
    is_kind(ev->a, AST_INT);
    cr_expect_eq(ev->a->ival, -2);
    at(ev->a, 18, 51);
    is_kind(luke->list.items[4]->a, AST_STRING);
    AstNode *power = luke->list.items[5];
    is_kind(power->b, AST_BLOCK);
    AstNode *ch = power->b->list.items[0];
    is_kind(ch, AST_CHOOSE);
    is_kind(ch->a, AST_MY);
    cr_expect_str_eq(ch->a->name, "play");
    is_binary(ch->c, OP_AND);
    is_kind(ch->b->list.items[0], AST_ASSIGN);

    AstNode *trooper = decl(&p, 3, AST_CARD);
    cr_expect_eq(trooper->ival, 3);
    cr_expect_eq(trooper->list.count, 2);
    release(&p);
}

Test(tree, statements)
{
    Parsed p;
    parse_all(&p);
    AstNode *setup = decl(&p, 14, AST_SETUP)->b;
    cr_assert_eq(setup->list.count, 4);
    is_kind(setup->list.items[0], AST_SHUFFLE);
    AstNode *f = setup->list.items[1];
    is_kind(f, AST_FOR);
    cr_expect_str_eq(f->name, "p");
    is_kind(f->a, AST_PLAYERS_ALL);
    is_binary(f->c, OP_NE);
    AstNode *c4 = f->b->list.items[0];
    is_kind(c4, AST_CHOOSE);
    cr_expect_eq(c4->d->ival, 4);
    is_name(c4->e, "p");
    cr_expect_eq(c4->flags, CHOOSE_HIDDEN);
    cr_expect_eq(c4->list.count, 0);
    at(c4, 43, 5);
    cr_expect_eq(c4->loc2.col, 14);
    AstNode *mv = c4->b->list.items[0];
    is_kind(mv, AST_MOVE);
    cr_expect_eq(mv->flags, MOVE_BOTTOM);
    is_kind(mv->b, AST_FIELD_OF);
    AstNode *upto = f->b->list.items[1];
    cr_expect_eq(upto->flags, CHOOSE_UP_TO);
    cr_expect_eq(upto->d->ival, 2);
    cr_expect_eq(upto->b->list.items[0]->flags, MOVE_TOP);
    cr_expect_eq(f->b->list.items[2]->flags, 0);

    AstNode *sim = setup->list.items[2];
    cr_expect_eq(sim->flags, STMT_SIMULTANEOUS);
    AstNode *cs = sim->b->list.items[0];
    cr_assert_eq(cs->list.count, 1); /* the else block */
    is_kind(cs->list.items[0], AST_BLOCK);
    is_kind(cs->list.items[0]->list.items[0], AST_DRAW_GAME);
    AstNode *assign = setup->list.items[3];
    cr_expect_eq(assign->op, '=');
    is_kind(assign->b, AST_CALL);
    cr_expect_str_eq(assign->b->name, "random");

    AstNode *round = decl(&p, 15, AST_ROUND)->b;
    AstNode *planning = round->list.items[0];
    is_kind(planning, AST_PHASE);
    cr_expect_str_eq(planning->name, "planning");
    AstNode *iff = planning->b->list.items[0];
    is_kind(iff, AST_IF);
    is_kind(iff->b->list.items[0], AST_WIN);
    is_kind(iff->c, AST_IF); /* else if */
    is_kind(iff->c->c, AST_BLOCK); /* else */
    is_kind(iff->c->c->list.items[0], AST_LET);
    AstNode *wh = planning->b->list.items[1];
    is_kind(wh, AST_WHILE);
    cr_expect_eq(wh->b->list.items[0]->op, '+');
    is_kind(wh->b->list.items[0]->a, AST_MY);
    AstNode *menu = planning->b->list.items[2];
    is_kind(menu, AST_MENU);
    is_kind(menu->e, AST_OPPONENT);
    cr_expect_eq(menu->flags, CHOOSE_HIDDEN);
    cr_assert_eq(menu->list.count, 2);
    is_kind(menu->list.items[0], AST_OPTION);
    cr_expect_str_eq(menu->list.items[0]->text, "gain");
    is_binary(menu->list.items[0]->c, OP_GT);
    cr_expect_null(menu->list.items[1]->c);
    cr_expect_eq(menu->list.items[0]->b->list.items[0]->op, '-');
    AstNode *run = planning->b->list.items[3];
    is_kind(run, AST_RUN);
    is_kind(run->a, AST_FIELD_OF);
    is_kind(run->a->a, AST_CALL);
    is_kind(run->b, AST_CALL);
    cr_expect_str_eq(run->b->name, "next");

    AstNode *struggle = round->list.items[1];
    AstNode *t1 = struggle->b->list.items[0];
    is_kind(t1, AST_TURNS);
    cr_expect_eq(t1->flags, TURNS_PASSES);
    cr_expect_eq(t1->c->ival, 2);
    cr_expect_null(t1->b);
    cr_assert_eq(t1->list.count, 2);
    AstNode *use = t1->list.items[0];
    is_kind(use, AST_ACTION);
    cr_expect_str_eq(use->text, "use");
    cr_expect_str_eq(use->name, "c");
    is_kind(use->a, AST_MY);
    is_kind(use->c, AST_UNARY);
    cr_expect_eq(use->c->op, '!');
    is_binary(use->d, OP_GT);
    at(use, 63, 7);
    AstNode *pass = t1->list.items[1];
    cr_expect_eq(pass->flags, ACTION_PASS);
    cr_expect_null(pass->name);
    AstNode *t2 = struggle->b->list.items[1];
    cr_expect_eq(t2->flags, 0);
    is_kind(t2->c, AST_AGGREGATE);
    cr_expect_eq(t2->c->op, 'a');
    AstNode *cnt = t2->b->list.items[0]->b;
    is_kind(cnt, AST_AGGREGATE);
    cr_expect_eq(cnt->op, 'c');
    is_kind(cnt->c, AST_IS);
    cr_expect_str_eq(cnt->c->name, "resource");
    cr_expect_null(cnt->b);
    release(&p);
}

Test(tree, log_holes)
{
    Parsed p;
    parse_all(&p);
    AstNode *round = decl(&p, 15, AST_ROUND)->b;
    AstNode *lg = round->list.items[1]->b->list.items[2];
    is_kind(lg, AST_LOG);
    cr_expect_str_eq(lg->text, "score: {total(me, 1)} of {target_vp}");
    cr_assert_eq(lg->list.count, 2);
    is_kind(lg->list.items[0], AST_CALL);
    at(lg->list.items[0], 67, 18);
    at(lg->list.items[0]->list.items[1], 67, 28);
    is_name(lg->list.items[1], "target_vp");
    at(lg->list.items[1], 67, 36);
    release(&p);
}

Test(tree, log_holes_after_escapes)
{
    Parsed p;
    parse_text(&p, "t.cards", "setup {\n\tlog \"\\\"q\\\" {x.y}\"\n}\n");
    cr_assert_eq(p.errors, 0, "%s", p.msgs);
    AstNode *lg = p.prog.decls.items[0]->b->list.items[0];
    cr_expect_str_eq(lg->text, "\"q\" {x.y}");
    cr_assert_eq(lg->list.count, 1);
    /* tab = 1 column; `log "` ends at col 6; `\"q\" {` is 7 bytes */
    at(lg->list.items[0], 2, 14);
    is_kind(lg->list.items[0], AST_FIELD_OF);
    cr_expect_eq(lg->list.items[0]->loc2.col, 16);
    release(&p);
}

/* A '"' inside a hole of a text begins a string of the hole's expression;
   the text keeps the hole as written (escapes and all) and goes on to
   its own closing quote. A string that is not a text (a condition's
   operand) still ends at its first quote, braces or not. */
Test(tree, a_string_in_a_hole)
{
    Parsed p;
    parse_text(&p, "t.cards",
               "setup {\n"
               "  log \"{a.name} says {if x then \"yes\" else \"n\\\"o\"}, \\\"ok\\\"\"\n"
               "  if \"{\" == \"}\" { choose by me prompt \"{\"a\"}\" { option \"{\"b\"} {1}\" { } } }\n"
               "}\n");
    cr_assert_eq(p.errors, 0, "%s", p.msgs);
    AstNode *body = p.prog.decls.items[0]->b;
    AstNode *lg = body->list.items[0];
    is_kind(lg, AST_LOG);
    cr_expect_str_eq(lg->text, "{a.name} says {if x then \"yes\" else \"n\\\"o\"}, \"ok\"");
    cr_assert_eq(lg->list.count, 2);
    AstNode *cond = lg->list.items[1];
    is_kind(cond, AST_COND);
    at(cond, 2, 23);
    is_kind(cond->b, AST_STRING);
    cr_expect_str_eq(cond->b->text, "yes");
    at(cond->b, 2, 33);
    is_kind(cond->c, AST_STRING);
    cr_expect_str_eq(cond->c->text, "n\"o");
    at(cond->c, 2, 44);
    AstNode *ifs = body->list.items[1];
    is_kind(ifs, AST_IF);
    is_binary(ifs->a, OP_EQ);
    cr_expect_str_eq(ifs->a->a->text, "{");
    cr_expect_str_eq(ifs->a->b->text, "}");
    AstNode *menu = ifs->b->list.items[0];
    is_kind(menu, AST_MENU);
    cr_assert_eq(menu->f->list.count, 1);
    is_kind(menu->f->list.items[0], AST_STRING);
    cr_expect_str_eq(menu->f->list.items[0]->text, "a");
    AstNode *opt = menu->list.items[0];
    is_kind(opt, AST_OPTION);
    cr_expect_str_eq(opt->text, "{\"b\"} {1}");
    cr_assert_eq(opt->list.count, 2);
    cr_expect_str_eq(opt->list.items[0]->text, "b");
    release(&p);
}

/* ---- copies, calls, expressions ----------------------------------------- */

Test(tree, copies)
{
    Parsed p;
    parse_text(&p, "t.cards",
               "card k \"A\" x3 { }\ncard k \"B\" { }\ncard k \"C\" x12 { x3 }\nsetup { x3 = 1 log \"s\" x4 = 2 }\n");
    cr_assert_eq(p.errors, 0, "%s", p.msgs);
    cr_expect_eq(decl(&p, 0, AST_CARD)->ival, 3);
    cr_expect_eq(decl(&p, 1, AST_CARD)->ival, 1);
    AstNode *c = decl(&p, 2, AST_CARD);
    cr_expect_eq(c->ival, 12);
    cr_expect_str_eq(c->list.items[0]->name, "x3"); /* a field named x3 */
    AstNode *s = decl(&p, 3, AST_SETUP)->b;
    is_name(s->list.items[0]->a, "x3");
    is_name(s->list.items[2]->a, "x4");
    release(&p);
}

Test(tree, count_call_or_aggregate)
{
    Parsed p;
    start(&p);
    Loc base = { 0, 1, 1 };
    AstNode *e = parse_expr_string(&p.diag, &p.arena, "count(deck) + count(c in deck where c.x) + count(c in deck)", base);
    finish(&p);
    cr_assert(e, "%s", p.msgs);
    is_binary(e, OP_ADD);
    is_binary(e->a, OP_ADD);
    AstNode *call = e->a->a;
    is_kind(call, AST_CALL);
    cr_expect_str_eq(call->name, "count");
    cr_assert_eq(call->list.count, 1);
    is_name(call->list.items[0], "deck");
    AstNode *agg = e->a->b;
    is_kind(agg, AST_AGGREGATE);
    cr_expect_eq(agg->op, 'c');
    cr_expect_str_eq(agg->name, "c");
    is_name(agg->a, "deck");
    is_kind(agg->c, AST_FIELD_OF);
    at(agg, 1, 15);
    cr_expect_eq(agg->loc2.col, 21);
    is_kind(e->b, AST_AGGREGATE);
    cr_expect_null(e->b->c);
    release(&p);
}

Test(expr, precedence)
{
    Parsed p;
    start(&p);
    Loc base = { 0, 1, 1 };
    AstNode *e = parse_expr_string(&p.diag, &p.arena, "a or b and not c == d + e * f", base);
    finish(&p);
    cr_assert(e, "%s", p.msgs);
    is_binary(e, OP_OR);
    is_name(e->a, "a");
    is_binary(e->b, OP_AND);
    is_name(e->b->a, "b");
    AstNode *n = e->b->b;
    is_kind(n, AST_UNARY);
    cr_expect_eq(n->op, '!');
    is_binary(n->a, OP_EQ);
    is_name(n->a->a, "c");
    is_binary(n->a->b, OP_ADD);
    is_name(n->a->b->a, "d");
    is_binary(n->a->b->b, OP_MUL);
    is_name(n->a->b->b->a, "e");
    is_name(n->a->b->b->b, "f");
    at(n->a->b->b, 1, 25);
    cr_expect_eq(n->a->b->b->loc2.col, 27);
    release(&p);
}

Test(expr, more_precedence)
{
    Parsed p;
    start(&p);
    Loc base = { 0, 1, 1 };
    AstNode *e1 = parse_expr_string(&p.diag, &p.arena, "-x.y * 2 - 3 - 4 % 5", base);
    AstNode *e2 = parse_expr_string(&p.diag, &p.arena, "if a then b else c or d", base);
    AstNode *e3 = parse_expr_string(&p.diag, &p.arena, "not x is k and my deck != p.deck", base);
    AstNode *e4 = parse_expr_string(&p.diag, &p.arena, "(a or b) and f(1, g()).h", base);
    finish(&p);
    cr_assert(e1 && e2 && e3 && e4, "%s", p.msgs);
    /* ((-(x.y) * 2) - 3) - (4 % 5) */
    is_binary(e1, OP_SUB);
    is_binary(e1->b, OP_MOD);
    is_binary(e1->a, OP_SUB);
    is_binary(e1->a->a, OP_MUL);
    is_kind(e1->a->a->a, AST_UNARY);
    cr_expect_eq(e1->a->a->a->op, '-');
    is_kind(e1->a->a->a->a, AST_FIELD_OF);
    /* if a then b else (c or d) */
    is_kind(e2, AST_COND);
    is_binary(e2->c, OP_OR);
    /* (not (x is k)) and ((my deck) != p.deck) */
    is_binary(e3, OP_AND);
    is_kind(e3->a, AST_UNARY);
    is_kind(e3->a->a, AST_IS);
    cr_expect_str_eq(e3->a->a->name, "k");
    is_binary(e3->b, OP_NE);
    is_kind(e3->b->a, AST_MY);
    is_kind(e3->b->b, AST_FIELD_OF);
    cr_expect_str_eq(e3->b->b->name, "deck");
    /* (a or b) and (f(1, g()).h) */
    is_binary(e4, OP_AND);
    is_binary(e4->a, OP_OR);
    is_kind(e4->b, AST_FIELD_OF);
    is_kind(e4->b->a, AST_CALL);
    cr_expect_eq(e4->b->a->list.count, 2);
    cr_expect_eq(e4->b->a->list.items[1]->list.count, 0);
    release(&p);
}

Test(expr, string_base_location)
{
    Parsed p;
    start(&p);
    int f = diag_add_source(&p.diag, "game.yaml", "x\n    effect: \"me.vp + 1\"\n", 26u);
    Loc base = { f, 2, 14 };
    AstNode *e = parse_expr_string(&p.diag, &p.arena, "me.vp + 1", base);
    AstNode *bad = parse_expr_string(&p.diag, &p.arena, "me.vp +", base);
    AstNode *blk = parse_block_string(&p.diag, &p.arena, "win me\nx += 1", base);
    finish(&p);
    cr_assert(e);
    at(e, 2, 14);
    cr_expect_eq(e->loc2.col, 20);
    at(e->b, 2, 22);
    cr_expect_null(bad);
    cr_expect_str_eq(p.msgs, "game.yaml:2:21: error: unexpected end of expression\n"
                             "      effect: \"me.vp + 1\"\n"
                             "                      ^\n");
    cr_assert(blk);
    is_kind(blk, AST_BLOCK);
    cr_assert_eq(blk->list.count, 2);
    at(blk->list.items[0], 2, 14);
    at(blk->list.items[1], 3, 1); /* a new line starts at column 1 */
    release(&p);
}

Test(expr, several_files)
{
    Parsed p;
    start(&p);
    /* the kind of a card may come in a later file: items are joined then */
    const char *t1 = "card k \"A\" { side rebel flag }\n", *t2 = "kind k { side : side flag : bool }\n";
    int f1 = diag_add_source(&p.diag, "a.cards", t1, strlen(t1));
    int f2 = diag_add_source(&p.diag, "b.cards", t2, strlen(t2));
    cr_expect_eq(parse_file(&p.diag, &p.arena, f1, &p.prog), 0);
    cr_expect_eq(decl(&p, 0, AST_CARD)->list.count, 3);
    cr_expect_eq(parse_file(&p.diag, &p.arena, f2, &p.prog), 0);
    finish(&p);
    AstNode *card = decl(&p, 0, AST_CARD);
    cr_assert_eq(card->list.count, 2);
    is_name(card->list.items[0]->a, "rebel");
    cr_expect_eq(card->list.items[0]->a->loc.file, f1);
    cr_expect_null(card->list.items[1]->a);
    cr_expect_eq(decl(&p, 1, AST_KIND)->loc.file, f2);
    release(&p);
}

/* ---- limits: input far past them gives one error, never a crash ------- */

/* repeat: a malloc'd text of head, then `piece` n times, then tail. */
static char *repeat(const char *head, const char *piece, int n, const char *tail)
{
    size_t hl = strlen(head), pl = strlen(piece), tl = strlen(tail);
    char *s = malloc(hl + pl * (size_t)n + tl + 1);
    cr_assert(s);
    memcpy(s, head, hl);
    for (int i = 0; i < n; i++)
        memcpy(s + hl + pl * (size_t)i, piece, pl);
    memcpy(s + hl + pl * (size_t)n, tail, tl + 1);
    return s;
}

/* expect_first_line: parse text as a file; expect errors, the first
   diagnostic line being want. */
static void expect_first_line(const char *text, const char *want)
{
    Parsed p;
    parse_text(&p, "deep.cards", text);
    cr_expect_geq(p.errors, 1);
    const char *nl = strchr(p.msgs, '\n');
    size_t n = nl ? (size_t)(nl - p.msgs) : strlen(p.msgs);
    cr_expect(n == strlen(want) && strncmp(p.msgs, want, n) == 0, "got %.*s, expected %s", (int)n, p.msgs, want);
    release(&p);
}

Test(limits, parentheses_100000_deep)
{
    char *s = repeat("const c = ", "(", 100000, "1");
    expect_first_line(s, "deep.cards:1:267: error: expression nested too deeply (more than 256 levels)");
    free(s);
}

Test(limits, sum_of_100000_terms_on_one_line)
{
    char *s = repeat("const c = 1", " + 1", 99999, "\n");
    expect_first_line(s, "deep.cards:1:11: error: expression too long (more than 256 terms in a row)");
    free(s);
}

Test(limits, minus_signs_100000_deep_fill_the_parser_stack)
{
    /* bison's stack fills before the tree is built: the same words, at the sign where it filled */
    char *s = repeat("const c = ", "-", 100000, "1");
    Parsed p;
    parse_text(&p, "deep.cards", s);
    cr_expect_eq(p.errors, 1);
    cr_expect(strstr(p.msgs, ": error: expression nested too deeply (more than 256 levels)\n") != NULL, "%s", p.msgs);
    release(&p);
    free(s);
}

Test(limits, if_blocks_10000_deep)
{
    char *s = repeat("setup {\n", "if true {\n", 10000, "");
    expect_first_line(s, "deep.cards:101:9: error: blocks nested too deeply (more than 100 levels)");
    free(s);
}

Test(limits, a_script_counts_as_a_block)
{
    /* a YAML script is the first level: 100 more `if`s pass the limit */
    char *s = repeat("", "if true {\n", 100, "");
    Parsed p;
    start(&p);
    Loc base = { diag_add_source(&p.diag, "game.yaml", s, strlen(s)), 1, 1 };
    AstNode *b = parse_block_string(&p.diag, &p.arena, s, base);
    finish(&p);
    cr_expect_null(b);
    cr_expect(strncmp(p.msgs, "game.yaml:100:9: error: blocks nested too deeply (more than 100 levels)\n", 72) == 0,
              "%s", p.msgs);
    release(&p);
    free(s);
}
