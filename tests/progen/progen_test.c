/* progen_test.c: "check => compiles": games from the program generator
   that cardc check accepts compile warning-free under gcc and clang and
   play 100 seeded games under ASan and UBSan without a finding; the ones
   written to leak nothing pass the secrecy check, and the ones written
   with a leak (PG_F_LEAKS) are rejected by it; and the generator itself
   is deterministic and writes every feature. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pg_gen.h"
#include "pg_run.h"
#include "testutil.h"

/* Each batch runs seeds from its own start until PG_BATCH programs pass;
   four batches (run two at a time with --jobs 2) make make test's 200+. */
#define PG_BATCH 52
#define PG_TRIES 80

/* batch: run seeds first.. until PG_BATCH pass; every failure (a leak
   accepted, a false alarm of the secrecy check, a step that failed) is
   reported with its seed and kept folder. */
static void batch(unsigned long long first)
{
    PgRunOpts o = {TEST_BUILD_DIR, TEST_BUILD_DIR "/progen-work", 100, pg_default_features()};
    char msg[2048];
    int passed = 0, rejected = 0, failed = 0, caught = 0;
    for (unsigned long long s = first; s < first + PG_TRIES && passed < PG_BATCH; s++) {
        switch (pg_run_seed(&o, s, msg, sizeof msg)) {
        case PG_PASSED: passed++; break;
        case PG_REJECTED: rejected++; break;
        case PG_CAUGHT: caught++; break;
        default:
            failed++;
            cr_log_error("%s (reproduce: build/progen run --first %llu --programs 1)", msg, s);
            break;
        }
    }
    cr_log_info("progen seeds from %llu: %d passed, %d rejected, %d leaks caught, %d failed", first, passed, rejected,
                caught, failed);
    cr_expect_eq(failed, 0, "%d generated games failed (see the errors above)", failed);
    cr_expect_geq(caught, 4, "only %d leaky programs among the seeds from %llu", caught, first);
    cr_expect_geq(passed, PG_BATCH, "only %d of the generated games from seed %llu passed (%d rejected)", passed, first,
                  rejected);
}

Test(progen, batch1, .timeout = 1800) { batch(1); }
Test(progen, batch2, .timeout = 1800) { batch(1001); }
Test(progen, batch3, .timeout = 1800) { batch(2001); }
Test(progen, batch4, .timeout = 1800) { batch(3001); }

/* The same seed and features give the same game; another seed another. */
Test(progen, deterministic)
{
    uint32_t f = pg_default_features();
    char *a = pg_generate(7, f), *b = pg_generate(7, f), *c = pg_generate(8, f);
    cr_assert_str_eq(a, b);
    cr_assert_str_neq(a, c);
    cr_assert(strstr(a, "game g7 ") != NULL);
    free(a);
    free(b);
    free(c);
}

/* has_in_seeds: whether some game of seeds 1..n with features f contains needle. */
static int has_in_seeds(uint32_t f, const char *needle, int n)
{
    for (int s = 1; s <= n; s++) {
        char *t = pg_generate((uint64_t)s, f);
        int hit = strstr(t, needle) != NULL;
        free(t);
        if (hit)
            return 1;
    }
    return 0;
}

/* Every construct appears in the first hundred default games. */
Test(progen, covers_constructs)
{
    uint32_t f = pg_default_features();
    static const char *const constructs[] = {
        "enum ", "die ", "kind ", " per player of ", " shared of ", "counter ", " min ", " max ", "var ",
        "const ", "function ", "procedure ", " : ability?", "choose ", "choose up to ", "option \"", "turns from ",
        " passes in a row", "action \"", " pass ", "simultaneously for ", "while ", "for ", "if ", " else ",
        "move ", "shuffle ", "roll ", "run ", "win ", "win all ", "draw_game", "lose_game", "count(", "sum(", "any(",
        "all(", "empty(", "matches(", "top(", "bottom(", "random(", "next(", " is ", "let ", "log \"", "for up to ",
        "move up to ", "set card ", " for v in ", " label \"take {", " interchangeable {",
        "variant ", "remove card ", " keep", " private", " hidden", " by ", " as ", "opponent", "this.",
        "log public ", "reveal ", "look ", " at top(", " private per player of ", " hidden per player of ",
        " private = ", "[me.side", "# leak: ",
        /* maps, prompts and labels, players out, teams, dice pools, views, families */
        "\nmap ", " symmetric {", " directed {", "  region ", "  spaces {", "neighbours(me.", "within(me.",
        "adjacent(", "distance(", "reachable(", " avoiding ", " per space of ", " : card per player",
        " prompt \"", "option \"pick", "action \"", "eliminate ", ".out", "\n  teams\n", "\"Numbers ",
        " x2, ", " + ", " state ", " where not ", ".face)", "view {", " per player\n  hidden ", "to all ",
        " = v + ", "lose_game", "look ",
    };
    for (size_t i = 0; i < sizeof constructs / sizeof *constructs; i++)
        cr_expect(has_in_seeds(f, constructs[i], 100), "no game of seeds 1..100 has '%s'", constructs[i]);
}

/* Each construct of issue 54's list is written by its feature and by no
   other: on, some game of seeds 1..100 has it; off, none does. */
Test(progen, each_construct_follows_its_feature)
{
    static const struct {
        int feature;
        const char *needle;
    } cases[] = {
        {PG_F_MAPS, "\nmap "},          {PG_F_MAPS, "reachable("},     {PG_F_PROMPTS, " prompt \""},
        {PG_F_PLAYERS_OUT, "eliminate "}, {PG_F_PLAYERS_OUT, ".out"},     {PG_F_TEAMS, "\n  teams\n"},
        {PG_F_DICE_POOLS, "\"Numbers "}, {PG_F_VIEWS, "\nview {"},
    };
    uint32_t all = pg_default_features();
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cr_expect(has_in_seeds(all, cases[i].needle, 100), "no game of seeds 1..100 has '%s'", cases[i].needle);
        cr_expect(!has_in_seeds(all & ~(1u << cases[i].feature), cases[i].needle, 100),
                  "a game without feature %s has '%s'", pg_features[cases[i].feature].name, cases[i].needle);
    }
}

/* PG_F_LEAKS writes one leak in the programs of one seed in eight, each
   kind in turn, on the line it names; with it off no program leaks. */
Test(progen, leaks_every_kind)
{
    uint32_t f = pg_default_features();
    for (int k = 0; k < 7; k++) {
        uint64_t seed = 5 + 8 * (uint64_t)k;
        char *t = pg_generate(seed, f), needle[80];
        snprintf(needle, sizeof needle, "\n# leak: %s, line ", pg_leak_names[k]);
        cr_expect(strstr(t, needle) != NULL, "seed %llu has no leak '%s'", (unsigned long long)seed, pg_leak_names[k]);
        free(t);
        t = pg_generate(seed + 1, f);
        cr_expect(strstr(t, "# leak: ") == NULL, "seed %llu has a leak", (unsigned long long)seed + 1);
        free(t);
        t = pg_generate(seed, f & ~(1u << PG_F_LEAKS));
        cr_expect(strstr(t, "# leak: ") == NULL, "seed %llu has a leak without the feature", (unsigned long long)seed);
        free(t);
    }
}

/* The features that once hit compiler bugs are on by default, and each is
   written: hostile names, loops that only move their card, more than 32
   enums (issue 11's cases stay in every make test run). */
Test(progen, former_bug_features_generate)
{
    uint32_t f = pg_default_features();
    const int on[] = {PG_F_HOSTILE_NAMES, PG_F_AGG_CALLS_AGG, PG_F_UNUSED_VAR, PG_F_BOX_LOOP, PG_F_MANY_ENUMS};
    for (size_t i = 0; i < sizeof on / sizeof *on; i++)
        cr_expect_neq(f & (1u << on[i]), 0u, "feature %s is off by default", pg_features[on[i]].name);
    cr_expect(has_in_seeds(f, "EOF", 200));
    cr_expect(has_in_seeds(f, "for c in box { move c to", 50));
    int many = 0;
    for (int s = 1; s <= 50 && !many; s++) {
        char *t = pg_generate((uint64_t)s, f);
        many = count_lines_with(t, "enum ") > 32;
        free(t);
    }
    cr_expect(many, "no game of seeds 1..50 has more than 32 enums");
    uint32_t m;
    cr_assert_eq(pg_feature_mask("all,-dice", &m), 0);
    cr_expect_eq(m & (1u << PG_F_DICE), 0u);
    cr_expect_neq(m & (1u << PG_F_HOSTILE_NAMES), 0u);
    cr_expect_eq(pg_feature_mask("nonsense", &m), -1);
}

/* compiles_clean: game (id "id") through cardc c and clang -Werror. */
static void compiles_clean(const char *id, const char *game)
{
    char dir[256], cmd[4096];
    snprintf(dir, sizeof dir, TEST_BUILD_DIR "/progen-work/%s", id);
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s/%s %s/out", dir, dir, id, dir);
    RunResult r = run_cmd(cmd);
    cr_assert_eq(r.status, 0);
    run_free(&r);
    snprintf(cmd, sizeof cmd, "%s/%s/game.cards", dir, id);
    cr_assert_eq(write_file(cmd, game), 0);
    snprintf(cmd, sizeof cmd,
             TEST_BUILD_DIR "/cardc c %s/%s -o %s/out && clang -std=c11 -Wall -Wextra -pedantic -Werror -Iruntime "
                            "-fsyntax-only %s/out/%s.c && rm -rf %s",
             dir, id, dir, dir, id, dir);
    r = run_cmd(cmd);
    int status = r.status;
    char out[4096];
    snprintf(out, sizeof out, "%s%s", r.out, r.err);
    run_free(&r);
    cr_assert_eq(status, 0, "%s", out);
}

/* Regression (found by the generator, seed 1): `x == x` is legal cards and
   its C must pass clang -Werror (-Wtautological-compare): a parameter, an
   enum value and a script's local each compared with itself. */
Test(progen, self_comparison_compiles)
{
    compiles_clean("selfcmp", "game selfcmp \"Self\" {\n  players 2\n}\n"
                              "enum hue { red, blue }\nvar h : hue = red\ncounter n per player\n"
                              "function same(b: bool, p: player) : bool = b == b and p == p and red != red\n"
                              "round {\n  let k = h\n"
                              "  choose { option \"a\" when k == k { my n += 1 } option \"b\" { } }\n"
                              "  if same(true, me) or h != h { win me }\n}\n");
}

/* Regression (found by the generator, seed 1044): a die never rolled
   leaves its faces table unused (clang -Wunused-const-variable). */
Test(progen, unrolled_die_compiles)
{
    compiles_clean("unrolled", "game unrolled \"Unrolled\" {\n  players 2\n}\n"
                               "enum pip { one, two }\ndie d \"D\" x2 { faces one, two }\nzone cup of d\n"
                               "setup { for x in box where x is d { move x to cup } }\n"
                               "round { if count(cup) == 2 { win me } }\n");
}

/* Regression (found by the generator, seed 101734): a small function
   written in place is parenthesised, so `pick(red) != red` became
   `(ENUM_red) != ENUM_red`, still a self-comparison to clang. */
Test(progen, inlined_self_comparison_compiles)
{
    compiles_clean("inlined", "game inlined \"Inlined\" {\n  players 2\n}\n"
                              "enum hue { red, blue }\n"
                              "function pick(h: hue) : hue = h\n"
                              "function differs() : bool = pick(red) != red\n"
                              "round {\n  if not differs() { win me }\n}\n");
}

/* Regression (found by the generator, seed 102077): an argument that a
   function written in place ignores was emitted all the same, so a call
   in it left its memo array and its memo helper unused (clang -Werror). */
Test(progen, an_ignored_argument_leaves_nothing_unused)
{
    compiles_clean("ignored", "game ignored \"Ignored\" {\n  players 2\n}\n"
                              "counter c per player\n"
                              "function heavy(p: player) : int = count(q in players where q.c > p.c)\n"
                              "function first(p: player, x: int) : bool = p == me\n"
                              "function both(p: player) : bool = first(p, heavy(p))\n"
                              "round {\n  my c += 1\n  if both(me) { win me }\n}\n");
}

/* Regression (found by the generator, seed 2801272): a live count of
   matches(h, t.hue) finds its cells without calling Matches_hue, which
   was emitted all the same and left unused (clang -Werror). */
Test(progen, a_matches_kept_in_place_leaves_nothing_unused)
{
    compiles_clean("matchlive", "game matchlive \"Match live\" {\n  players 2\n}\n"
                                "enum hue { red, blue }\ndie d \"D\" x2 {\n  faces red, blue\n  wild blue\n}\n"
                                "kind tile {\n  hue : hue\n}\nzone row shared of tile\ncard tile \"T\" { hue red }\n"
                                "function fits(h: hue) : bool = any(t in row: matches(h, t.hue))\n"
                                "setup { for x in box where x is tile { move x to row } }\n"
                                "round {\n  choose { option \"a\" when fits(red) { win me } option \"b\" { } }\n}\n");
}
