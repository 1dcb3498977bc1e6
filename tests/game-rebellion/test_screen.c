/* test_screen.c: the play screen (the view of game.cards): the board
   region by region, each system under its region in the order of the map
   (docs/games/rebellion.md "The board"), with its loyalty, its markers,
   its units and its leaders by name and count, as the log has put them
   there; both players see the same board, and only the Rebel player sees
   the card under the Rebel Base Location space while the base is hidden. */
#include <stdio.h>

#include "drive.h"
#include "testutil.h"

/* The regions and their systems, in the order of the board (a copy of
   the table of docs/games/rebellion.md). */
static const char *const regions[8] = {"Core Worlds", "Colonies", "Inner Rim", "Expansion Region",
                                       "Mid Rim", "Outer Rim", "Wild Space", "Unknown Regions"};
static const char *const systems[8][4] = {
    {"Coruscant", "Alderaan", "Corellia", "Kuat"},  {"Mandalore", "Bothawui", "Cato Neimoidia", "Dantooine"},
    {"Naboo", "Malastare", "Ord Mantell", "Ilum"},  {"Kessel", "Toydaria", "Mygeeto", "Felucia"},
    {"Kashyyyk", "Mon Calamari", "Rodia", "Saleucami"}, {"Tatooine", "Geonosis", "Ryloth", "Nal Hutta"},
    {"Utapau", "Mustafar", "Sullust", "Yavin"},     {"Bespin", "Hoth", "Dagobah", "Endor"},
};

/* A system's loyalty (-1, 0, 1) and markers, followed through the
   omniscient log's set and state lines. */
typedef struct Marks {
    char sys[40][40];
    int loyalty[40], subjugated[40], sabotaged[40], destroyed[40], n;
} Marks;

static int mark_of(Marks *m, const char *s)
{
    for (int i = 0; i < m->n; i++)
        if (strcmp(m->sys[i], s) == 0)
            return i;
    cr_assert_lt(m->n, 40);
    snprintf(m->sys[m->n], 40, "%s", s);
    m->loyalty[m->n] = m->subjugated[m->n] = m->sabotaged[m->n] = m->destroyed[m->n] = 0;
    return m->n++;
}

static void marks_line(Marks *m, const char *l)
{
    static const char *const states[] = {"subjugated", "sabotaged", "destroyed"};
    char s[64], pat[32];
    int a, b;
    if (sscanf(l, "set loyalty[%63[^]]] %d -> %d", s, &a, &b) == 3)
        m->loyalty[mark_of(m, s)] = b;
    for (int k = 0; k < 3; k++) {
        snprintf(pat, sizeof pat, "\" %s ", states[k]);
        const char *at = strstr(l, pat);
        if (strncmp(l, "state \"", 7) != 0 || !at)
            continue;
        snprintf(s, sizeof s, "%.*s", (int)(at - l - 7), l + 7);
        int *v = k == 0 ? m->subjugated : k == 1 ? m->sabotaged : m->destroyed;
        v[mark_of(m, s)] = strstr(l, "-> true") != NULL;
    }
}

/* screen: what seat p sees now (rt_view_print); the caller frees it. */
static char *screen(const RtGame *g, int p)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    cr_assert_not_null(f);
    rt_view_print(g, p, f);
    fclose(f);
    return s;
}

/* board_of: the lines of the board in screen s, from "The Galaxy:" to the
   first line not indented (a copy the caller frees). */
static char *board_of(const char *s)
{
    const char *a = strstr(s, "The Galaxy:\n");
    cr_assert_not_null(a, "no board on the screen:\n%s", s);
    const char *e = strchr(a, '\n') + 1;
    while (*e == ' ')
        e = strchr(e, '\n') + 1;
    return strndup(a, (size_t)(e - a));
}

/* expect_stack: the part "NAME: A x2, B" of a system's line lists exactly
   the cards of zone (by the tracker), by name and count; none when empty. */
static void expect_stack(Trk *t, const char *line, const char *system, const char *prefix, const char *name)
{
    char zone[64], part[32];
    drv_space_zone(prefix, system, zone, sizeof zone);
    snprintf(part, sizeof part, "%s: ", name);
    const char *at = strstr(line, part);
    int total = 0;
    for (int i = 0; i < t->used; i++) {
        if (strcmp(t->zone[i], zone) != 0 || t->n[i] <= 0)
            continue;
        total += t->n[i];
        char want[80];
        if (t->n[i] > 1)
            snprintf(want, sizeof want, "%s x%d", t->name[i], t->n[i]);
        else
            snprintf(want, sizeof want, "%s", t->name[i]);
        int found = 0;
        for (const char *p = at ? at + strlen(part) : NULL; p && *p && *p != ';';) {
            size_t len = strcspn(p, ",;");
            if (len == strlen(want) && strncmp(p, want, len) == 0)
                found = 1;
            p += len;
            p += *p == ',' ? 2 : 0;
        }
        cr_expect(found, "%s: '%s' is not in '%s'", system, want, line);
    }
    if (total == 0)
        cr_expect(at == NULL, "%s holds no %s, but the screen says '%s'", system, name, line);
}

/* expect_word: the word is among the line's markers iff on. */
static void expect_word(const char *line, const char *word, int on)
{
    const char *rest = strchr(line, ':');
    char head[200];
    snprintf(head, sizeof head, "%.*s", rest ? (int)strcspn(rest, ";") : 0, rest ? rest : "");
    cr_expect((strstr(head, word) != NULL) == on, "'%s' should%s be in '%s'", word, on ? "" : " not", line);
}

/* Counts of what the screens showed, so that the test is seen to test. */
typedef struct Seen {
    int units, marks, base_hidden;
} Seen;

/* check_screen: both players' screens of game g (seed) now, against the log. */
static void check_screen(RtGame *g, uint64_t seed, Seen *seen)
{
    Trk *t = calloc(1, sizeof *t);
    Marks *m = calloc(1, sizeof *m);
    for (int i = 0; i < rt_log_count(g); i++) {
        trk_line(t, drv_at(g, i));
        marks_line(m, drv_at(g, i));
    }
    char *reb = screen(g, REB), *imp = screen(g, IMP);
    char *board = board_of(reb), *board2 = board_of(imp);
    cr_expect_str_eq(board, board2, "seed %llu: the players see different boards", (unsigned long long)seed);
    const char *p = strchr(board, '\n') + 1;
    for (int r = 0; r < 8; r++) {
        char title[64];
        snprintf(title, sizeof title, "  %s:\n", regions[r]);
        cr_assert(strncmp(p, title, strlen(title)) == 0, "seed %llu: region %s expected at '%.60s'",
                  (unsigned long long)seed, regions[r], p);
        p += strlen(title);
        for (int s = 0; s < 4; s++) {
            const char *sys = systems[r][s];
            size_t len = strcspn(p, "\n");
            char line[600];
            snprintf(line, sizeof line, "%.*s", (int)len, p);
            p += len + 1;
            size_t nl = strlen(sys);
            cr_assert(strncmp(line, "    ", 4) == 0 && strncmp(line + 4, sys, nl) == 0
                          && (line[4 + nl] == 0 || line[4 + nl] == ':'),
                      "seed %llu: %s expected at '%s'", (unsigned long long)seed, sys, line);
            int i = mark_of(m, sys);
            expect_word(line, "rebel loyalty", m->loyalty[i] == 1);
            expect_word(line, "imperial loyalty", m->loyalty[i] == -1);
            expect_word(line, "subjugation marker", m->subjugated[i]);
            expect_word(line, "sabotage marker", m->sabotaged[i]);
            expect_word(line, "destroyed system marker", m->destroyed[i]);
            seen->marks += m->loyalty[i] != 0 || m->subjugated[i] || m->sabotaged[i];
            expect_stack(t, line, sys, "units_", "units");
            expect_stack(t, line, sys, "leaders_", "leaders");
            seen->units += strstr(line, "units: ") != NULL;
        }
    }
    cr_expect_str_eq(p, "", "seed %llu: more on the board than its 32 systems", (unsigned long long)seed);
    /* the card under the Location space: the Rebel player's own; the Imperial player sees a count */
    int hidden = drv_var(g, "base_revealed", 0) == 0 && drv_size(g, "base_card", REB) == 1;
    if (hidden) {
        seen->base_hidden++;
        cr_expect(strstr(imp, "base_card(Rebels): 1 card\n    seen") == NULL
                      && strstr(imp, "base_card(Rebels): 1 card\n    \"") == NULL,
                  "seed %llu: the Imperial player sees the base:\n%s", (unsigned long long)seed, imp);
        cr_expect(strstr(reb, "base_card(Rebels): 1 card\n    \"") != NULL, "seed %llu:\n%s", (unsigned long long)seed, reb);
    }
    cr_expect(strstr(reb, "loyalty[") == NULL, "seed %llu: loyalty is listed again", (unsigned long long)seed);
    for (int r = 0; r < 8; r++)
        for (int s = 0; s < 4; s++) {
            char zone[64];
            drv_space_zone("units_", systems[r][s], zone, sizeof zone);
            cr_expect(strstr(reb, zone) == NULL, "seed %llu: %s is listed again", (unsigned long long)seed, zone);
            drv_space_zone("leaders_", systems[r][s], zone, sizeof zone);
            cr_expect(strstr(reb, zone) == NULL, "seed %llu: %s is listed again", (unsigned long long)seed, zone);
        }
    free(board);
    free(board2);
    free(reb);
    free(imp);
    free(t);
    free(m);
}

/* Twelve games, each looked at on its first decision, on the first once
   the Rebel base is placed, and after some random moves. */
Test(screen, the_board_shows_each_system_by_region_with_its_units_loyalty_and_markers, .timeout = 300)
{
    Seen seen = {0, 0, 0};
    for (uint64_t seed = 1; seed <= 12; seed++) {
        RtGame *g = drv_new(seed);
        uint64_t rng = seed * 11 + 3;
        int at_base = 0;
        for (int k = 0; k < 80 + 30 * (int)seed && drv_next(g); k++) {
            int first_hidden = !at_base && drv_size(g, "base_card", REB) == 1 && drv_var(g, "base_revealed", 0) == 0;
            at_base |= first_hidden;
            if (k == 0 || first_hidden || k == 80 + 30 * (int)seed - 1)
                check_screen(g, seed, &seen);
            drv_random_move(g, &rng);
        }
        rt_free(g);
    }
    cr_expect_gt(seen.units, 36 * 5, "units on the board (%d)", seen.units);
    cr_expect_gt(seen.marks, 36 * 4, "loyalty and markers on the board (%d)", seen.marks);
    cr_expect_geq(seen.base_hidden, 12, "screens with a hidden base (%d)", seen.base_hidden);
}

/* is_system: name is one of the 32 systems. */
static int is_system(const char *name, size_t len)
{
    for (int r = 0; r < 8; r++)
        for (int s = 0; s < 4; s++)
            if (strlen(systems[r][s]) == len && strncmp(systems[r][s], name, len) == 0)
                return 1;
    return 0;
}

/* A person playing either side is offered systems by name (a choice
   among the spaces of the map: the system cards themselves lie in the
   hidden probe deck or the box): every option of the choices of a system
   in the first decisions of seed 7 is a system's name. */
Test(screen, systems_are_offered_by_name, .timeout = 300)
{
    for (int seat = 1; seat <= 2; seat++) {
        char cmd[300];
        snprintf(cmd, sizeof cmd, "yes 1 | head -300 | ASAN_OPTIONS=detect_leaks=0 " TEST_BUILD_DIR
                 "/san/rebellion play --seed 7 --seat %d", seat);
        RunResult r = run_cmd(cmd);
        int options = 0, in_choice = 0;
        for (const char *l = r.out; *l;) {
            size_t len = strcspn(l, "\n");
            char line[600];
            snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1), l);
            l += len + (l[len] == '\n');
            if (strstr(line, " to choose: "))
                in_choice = strstr(line, "the system") || strstr(line, "Rebel or neutral system");
            else if (in_choice && strncmp(line, "  ", 2) == 0 && line[2] >= '0' && line[2] <= '9' && strstr(line, ") ")) {
                const char *name = strstr(line, ") ") + 2;
                cr_expect(is_system(name, strlen(name)), "seat %d: option '%s' is no system's name", seat, line);
                options++;
            } else if (strncmp(line, "  ", 2) != 0) {
                in_choice = 0;
            }
        }
        cr_expect_gt(options, 10, "seat %d: choices of a system (%d options)", seat, options);
        run_free(&r);
    }
}
