/* test_escape.c: what the engine prints of a game's names is escaped: a
   name with ESC, CR or a newline followed by "result:" can neither forge a
   line of the text log or of play's output nor move the terminal's cursor.
   The def is the minigame's with hostile names put in by hand (the loaders
   may refuse such names; the runtime must not rely on it). */
#include "helpers.h"
#include "minigame.h"
#include "rt_internal.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EVIL_CARD "Gam\x1b[2Jma\r\nresult: South wins"
#define EVIL_CARD_SHOWN "Gam\\x1b[2Jma\\r\\nresult: South wins"
#define EVIL_SIDE "North\x1b[1A\nresult: draw"
#define EVIL_PROMPT "choose\x1b[31m a card\n| forged"

static RtCardDef cards[3];
static const char *titles[2];
static const char *strings[10];
static RtGameDef hostile;
static const RtGameDef *hostile_defs[1] = {&hostile};

/* make_hostile: the minigame with a card, a side title and a prompt that hold control characters. */
static void make_hostile(void)
{
    hostile = mini_base;
    cr_assert_eq(hostile.ncards, 3);
    cr_assert_eq(hostile.nstrings, 10);
    memcpy(cards, mini_base.cards, sizeof cards);
    cards[2].name = EVIL_CARD;   /* Gamma: logged by setup, moved to the pool */
    titles[0] = EVIL_SIDE;
    titles[1] = mini_base.side_titles[1];
    for (int i = 0; i < 10; i++)
        strings[i] = mini_base.strings[i];
    strings[S_PROMPT] = EVIL_PROMPT;
    hostile.cards = cards;
    hostile.side_titles = titles;
    hostile.strings = strings;
}

/* control_bytes: how many bytes of s are control characters other than '\n'. */
static int control_bytes(const char *s)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        n += (*p < 0x20 && *p != '\n') || *p == 0x7f;
    return n;
}

/* lines_starting: how many lines of s begin with prefix. */
static int lines_starting(const char *s, const char *prefix)
{
    int n = 0;
    for (const char *p = s; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        n += strncmp(p, prefix, strlen(prefix)) == 0;
    return n;
}

static int count_char(const char *s, char c)
{
    int n = 0;
    for (; *s; s++)
        n += *s == c;
    return n;
}

/* run: rt_engine_run on the hostile def with input in, capturing out and err. */
static int run(const char *const *argv, const char *input, char **out, char **err)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    size_t no = 0, ne = 0;
    FILE *fo = open_memstream(out, &no), *fe = open_memstream(err, &ne);
    FILE *in = fmemopen((void *)input, strlen(input) + 1, "r");
    cr_assert(fo && fe && in);
    int r = rt_engine_run(argc, (char **)argv, hostile_defs, 1, in, fo, fe);
    fclose(fo);
    fclose(fe);
    fclose(in);
    return r;
}

Test(escape, control_characters_become_backslash_sequences)
{
    char buf[64];
    cr_assert_str_eq(rt__esc("a\x1b\r\n\tb\x7f\xc2\x9b \\n \xc3\xa9", buf, sizeof buf),
                     "a\\x1b\\r\\n\\tb\\x7f\\u009b \\n \xc3\xa9");
    /* cut before an escape that does not fit, never in its middle */
    cr_assert_str_eq(rt__esc("ab\x1b", buf, 5), "ab");
    cr_assert_str_eq(rt__esc(NULL, buf, sizeof buf), "");
}

Test(escape, a_name_cannot_forge_a_line_of_the_text_log)
{
    make_hostile();
    RtGame *g = new_game(&hostile, 1, 2);
    play_random(g, 7);
    cr_assert(rt_over(g) && !rt_failed(g));
    char *text = log_text(g, -1);
    cr_expect_eq(control_bytes(text), 0, "%s", text);
    cr_expect_eq(count_char(text, '\n'), rt_log_count(g), "one line per event:\n%s", text);
    cr_expect_eq(lines_starting(text, "result:"), 0, "%s", text);
    cr_expect(strstr(text, "move \"" EVIL_CARD_SHOWN "\" box -> pool") != NULL, "%s", text);
    cr_expect(strstr(text, "dealt 5 units; " EVIL_CARD_SHOWN " waits; North\\x1b[1A\\nresult: draw plays") != NULL, "%s",
              text);
    for (int viewer = 0; viewer < 2; viewer++) {
        char *seen = log_text(g, viewer);
        cr_expect_eq(control_bytes(seen), 0, "%s", seen);
        free(seen);
    }
    char line[256];
    for (int i = 0; i < rt_log_count(g); i++)
        cr_expect_eq(control_bytes(rt_log_line(g, i, -1, line, sizeof line)), 0, "%s", line);
    free(text);
    rt_free(g);
}

Test(escape, the_json_log_escapes_per_json)
{
    make_hostile();
    RtGame *g = new_game(&hostile, 1, 2);
    play_random(g, 7);
    char *json = log_json(g);
    cr_expect_eq(control_bytes(json), 0, "%s", json);
    cr_expect_eq(count_char(json, '\n'), rt_log_count(g) + 1, "a header and one line per event");
    cr_expect(strstr(json, "\"name\":\"Gam\\u001b[2Jma\\r\\nresult: South wins\"") != NULL, "%s", json);
    free(json);
    rt_free(g);
}

Test(escape, the_view_escapes_names)
{
    make_hostile();
    RtGame *g = new_game(&hostile, 1, 2);
    cr_assert_eq(rt_advance(g), 1);
    for (int viewer = -1; viewer < 2; viewer++) {
        char *text = NULL;
        size_t n = 0;
        FILE *f = open_memstream(&text, &n);
        rt_view_print(g, viewer, f);
        fclose(f);
        cr_expect_eq(control_bytes(text), 0, "%s", text);
        cr_expect(strstr(text, "to choose: ") == NULL || strstr(text, "\\x1b[") != NULL, "%s", text);
        free(text);
    }
    rt_free(g);
}

Test(escape, play_log_and_sim_print_names_escaped)
{
    make_hostile();
    char *answers = malloc(2001);
    for (int i = 0; i < 1000; i++)
        memcpy(answers + 2 * i, "1\n", 2);
    answers[2000] = '\0';
    char *out, *err;
    /* always the first option: the game runs out of rounds, play says so in its one result line */
    const char *play[] = {"mini", "play", "--seed", "3", "--max-rounds", "3", NULL};
    cr_assert_eq(run(play, answers, &out, &err), 1, "%s", err);
    cr_expect(strstr(out, "\nresult: error game did not end within 3 rounds\n") != NULL, "%s", out);
    cr_expect_eq(control_bytes(out), 0, "%s", out);
    cr_expect_eq(lines_starting(out, "result:"), 1, "%s", out);
    cr_expect(strstr(out, "you are North\\x1b[1A\\nresult: draw against random\n") != NULL, "%s", out);
    cr_expect(strstr(out, "choose\\x1b[31m a card\\n| forged") != NULL, "%s", out);
    free(out);
    free(err);
    const char *logcmd[] = {"mini", "log", "--seed", "1", NULL};
    cr_assert_eq(run(logcmd, "", &out, &err), 0, "%s", err);
    cr_expect_eq(control_bytes(out), 0, "%s", out);
    cr_expect_eq(lines_starting(out, "result:"), 0, "%s", out);
    free(out);
    free(err);
    const char *sims[][7] = {{"mini", "sim", "--games", "20", NULL},
                             {"mini", "sim", "--games", "20", "--csv", NULL},
                             {"mini", "sim", "--games", "20", "--json", NULL}};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(run(sims[i], "", &out, &err), 0, "%s", err);
        cr_expect_eq(control_bytes(out), 0, "%s", out);
        cr_expect_eq(control_bytes(err), 0, "%s", err);
        free(out);
        free(err);
    }
    free(answers);
}

/* replay prints the first line that differs from the file: a line of the
   file itself, which may hold anything. */
Test(escape, replay_prints_a_differing_line_escaped)
{
    make_hostile();
    char dir[] = "/tmp/cardc-escape-XXXXXX";
    cr_assert(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/game.jsonl", dir);
    char *out, *err;
    const char *sim[] = {"mini", "sim", "--games", "1", "--log", path, NULL};
    cr_assert_eq(run(sim, "", &out, &err), 0, "%s", err);
    free(out);
    free(err);
    /* the card's name in the log, its escapes turned back into raw bytes */
    FILE *f = fopen(path, "rb");
    cr_assert(f);
    char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *name = strstr(text, "Gam\\u001b[2Jma\\r\\nresult");
    cr_assert_not_null(name, "%s", text);
    memcpy(name, "Gam\x1b[2Jma\r\nresult", strlen("Gam\x1b[2Jma\r\nresult"));
    memmove(name + strlen("Gam\x1b[2Jma\r\nresult"), name + strlen("Gam\\u001b[2Jma\\r\\nresult"),
            strlen(name + strlen("Gam\\u001b[2Jma\\r\\nresult")) + 1);
    f = fopen(path, "wb");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
    const char *replay[] = {"mini", "replay", path, NULL};
    cr_assert_eq(run(replay, "", &out, &err), 1, "%s", err);
    cr_expect(strstr(err, "the replayed game differs\n  log:    ") != NULL, "%s", err);
    cr_expect_eq(control_bytes(err), 0, "%s", err);
    cr_expect_eq(control_bytes(out), 0, "%s", out);
    free(out);
    free(err);
    remove(path);
    rmdir(dir);
}
