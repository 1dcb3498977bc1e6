/* docs_test.c: every fenced shell command of README.md and docs/ runs as
   written, in the order given, in a scratch clone of the repository.

   The fence's info string says what a block is (a fence without one fails
   the test, so no command goes untested unnoticed):
     ```sh              each line is a command, run from the clone's root
                        with /bin/sh; it must exit 0 (a line ending in '\'
                        continues on the next; '#' lines are comments)
     ```sh exit=N       the block's last command must exit N (an error
                        example), the others 0
     ```sh no-run       shown, not run: it needs a terminal or a person (play)
     ```text output     exactly what the previous command printed
                        (stdout, then stderr)
     ```cards file=P    written to the file P (relative to the clone's root) by
                        the page's first block naming P, appended by the next
                        ones, so a tutorial's blocks build the game its
                        commands use (any language word: ```c file=P too)
     anything else      (```text, ```cards, ```yaml, ```json) is not run
   Each file gets its own clone (`git clone` of the repository: what is
   committed) with the tools already built in build/ copied in and every file
   given one timestamp, so `make` there rebuilds nothing it need not. */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "testutil.h"

/* The pages whose commands are run; every_page_is_listed keeps it whole. */
static const char *const pages[] = {
    "README.md",        "docs/cli.md",     "docs/formats.md",     "docs/lab.md",
    "docs/language.md", "docs/runtime.md", "docs/sheets.md",      "docs/tutorial.md",
    "docs/testing.md",  "docs/games/evr.md", "docs/games/galaxy.md", "docs/games/simple.md",
    "docs/compiler.md", "docs/games/dsr.md", "docs/games/rebellion.md",
};

/* One page being run: its name, the scratch folder, the last command's output. */
typedef struct Page {
    const char *name;
    char scratch[64];
    char *last_out;
    int last_line;
    char written[16][512];   /* the files a block of this page has written */
    int nwritten;
} Page;

/* sh: run a shell command (no output captured); returns its exit status. */
static int sh(const char *cmd)
{
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* make_scratch: clone the repository into p->scratch/cardc and copy build/
   in (without the sanitized builds and the test binaries). */
static void make_scratch(Page *p)
{
    snprintf(p->scratch, sizeof p->scratch, "/tmp/cardc-docs-XXXXXX");
    cr_assert_not_null(mkdtemp(p->scratch), "cannot make a scratch folder");
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "S=%s; git clone -q . $S/cardc && mkdir -p $S/cardc/build && "
             "tar -C build --exclude=./san --exclude=./tests -cf - . | tar -C $S/cardc/build -xf - && "
             "find $S/cardc -path $S/cardc/.git -prune -o -exec touch -h -d @%lld {} +",
             p->scratch, (long long)time(NULL));
    cr_assert_eq(sh(cmd), 0, "cannot clone the repository into %s (is this a git checkout, built?)",
                 p->scratch);
}

static void drop_scratch(Page *p)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", p->scratch);
    sh(cmd);
    free(p->last_out);
    p->last_out = NULL;
}

/* info_word: whether the fence's info string has the word w (or w=...). */
static const char *info_word(const char *info, const char *w)
{
    size_t n = strlen(w);
    for (const char *s = info; (s = strstr(s, w)) != NULL; s += n)
        if ((s == info || s[-1] == ' ') && (s[n] == '\0' || s[n] == ' ' || s[n] == '='))
            return s + n;
    return NULL;
}

/* tail: the last lines of text (at most about 2,000 bytes of it). */
static const char *tail(const char *text)
{
    size_t n = strlen(text);
    return n > 2000 ? text + n - 2000 : text;
}

/* run_command: run one command of page p at line; want: its exit status. */
static void run_command(Page *p, int line, const char *cmd, int want)
{
    /* `make test` is the command that runs this test: it cannot run itself. */
    if (strncmp(cmd, "make test", 9) == 0 && (cmd[9] == '\0' || cmd[9] == ' '))
        return;
    char path[128], full[512];
    snprintf(path, sizeof path, "%s/cmd.sh", p->scratch);
    cr_assert_eq(write_file(path, cmd), 0);
    snprintf(full, sizeof full,
             "S=%s; cd $S/cardc && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u BXFI_MAP -u ASAN_OPTIONS "
             "-u LSAN_OPTIONS -u UBSAN_OPTIONS timeout 300 sh $S/cmd.sh </dev/null >$S/out 2>$S/err",
             p->scratch);
    int st = sh(full);
    char outp[128], errp[128];
    snprintf(outp, sizeof outp, "%s/out", p->scratch);
    snprintf(errp, sizeof errp, "%s/err", p->scratch);
    char *out = read_file(outp), *err = read_file(errp);
    cr_assert(out && err);
    free(p->last_out);
    p->last_out = malloc(strlen(out) + strlen(err) + 1);
    strcat(strcpy(p->last_out, out), err);
    p->last_line = line;
    free(out);
    free(err);
    cr_expect_eq(st, want, "%s:%d: `%s` exited %d, expected %d; it printed:\n%s", p->name, line,
                 cmd, st, want, tail(p->last_out));
}

/* run_block: the commands of an ```sh block whose first line is line,
   joined across trailing backslashes; the last must exit want, the others 0. */
static void run_block(Page *p, int line, const char *text, int want)
{
    enum { MAX = 64 };
    char *cmds[MAX];
    int lines[MAX], n = 0;
    char *cur = NULL;
    size_t len = 0;
    for (const char *s = text; *s; line++) {
        const char *eol = strchr(s, '\n');
        size_t k = eol ? (size_t)(eol - s) : strlen(s);
        const char *t = s + strspn(s, " ");
        if (cur || (t != s + k && *t != '#')) {
            if (!cur) {
                cr_assert_lt(n, MAX, "%s:%d: too many commands in one block", p->name, line);
                lines[n] = line;
                cur = calloc(1, 1);
                len = 0;
            }
            cur = realloc(cur, len + k + 1);
            memcpy(cur + len, s, k);
            len += k;
            cur[len] = '\0';
            if (len > 0 && cur[len - 1] == '\\') {
                cur[len - 1] = ' '; /* joined as the shell joins it */
            } else {
                cmds[n++] = cur;
                cur = NULL;
            }
        }
        s = eol ? eol + 1 : s + k;
    }
    cr_expect_null(cur, "%s:%d: the block ends inside a command", p->name, line);
    free(cur);
    for (int i = 0; i < n; i++) {
        run_command(p, lines[i], cmds[i], i == n - 1 ? want : 0);
        free(cmds[i]);
    }
}

/* append_file: a ```cards file=P block: write its text to P in the clone
   (the page's first block naming P), or append it. */
static void append_file(Page *p, int line, const char *path, const char *text)
{
    char full[512];
    size_t n = strcspn(path, " ");
    snprintf(full, sizeof full, "%s/cardc/%.*s", p->scratch, (int)n, path);
    int seen = 0;
    for (int i = 0; i < p->nwritten; i++)
        seen |= strcmp(p->written[i], full) == 0;
    if (!seen && p->nwritten < 16)
        snprintf(p->written[p->nwritten++], sizeof p->written[0], "%s", full);
    FILE *f = fopen(full, seen ? "ab" : "wb");
    cr_assert_not_null(f, "%s:%d: cannot write %s (make its folder in an earlier command)",
                       p->name, line, full);
    fputs(text, f);
    fclose(f);
}

/* do_block: act on one fenced block of p: info is its info string, text its
   body, line the line of its opening fence. */
static void do_block(Page *p, int line, const char *info, char *text)
{
    const char *v;
    cr_expect_neq(info[0], '\0',
                  "%s:%d: a fence without an info string: say what the block is "
                  "(sh, sh no-run, text, cards, ...)", p->name, line);
    if (strncmp(info, "sh", 2) == 0 && (info[2] == '\0' || info[2] == ' ')) {
        if (info_word(info, "no-run"))
            return;
        v = info_word(info, "exit");
        run_block(p, line + 1, text, v && *v == '=' ? atoi(v + 1) : 0);
    } else if (strncmp(info, "text", 4) == 0 && info_word(info, "output")) {
        cr_expect_not_null(p->last_out, "%s:%d: an output block with no command before it", p->name, line);
        if (p->last_out)
            cr_expect_str_eq(p->last_out, text, "%s:%d: the output shown is not what the command "
                             "at line %d prints; it prints:\n%s", p->name, line, p->last_line, p->last_out);
    } else if ((v = info_word(info, "file")) != NULL && *v == '=') {
        append_file(p, line, v + 1, text);
    }
}

/* run_page: read page name and act on each of its fenced blocks in order. */
static void run_page(const char *name)
{
    Page p = {.name = name};
    char *doc = read_file(name);
    cr_assert_not_null(doc, "cannot read %s", name);
    make_scratch(&p);
    int line = 1;
    char *s = doc;
    while (*s) {
        char *eol = strchr(s, '\n');
        if (eol)
            *eol = '\0';
        if (strncmp(s, "```", 3) == 0) {
            int open = line;
            char info[128];
            snprintf(info, sizeof info, "%s", s + 3);
            char *body = eol ? eol + 1 : s + strlen(s), *end = body;
            line++;
            /* find the closing fence; the body keeps its newlines */
            while (*end && strncmp(end, "```", 3) != 0) {
                char *e = strchr(end, '\n');
                end = e ? e + 1 : end + strlen(end);
                line++;
            }
            cr_assert_neq(*end, '\0', "%s:%d: a fence that is never closed", name, open);
            char *next = strchr(end, '\n');
            *end = '\0';
            do_block(&p, open, info, body);
            s = next ? next + 1 : end;
            line++;
            continue;
        }
        line++;
        s = eol ? eol + 1 : s + strlen(s);
    }
    drop_scratch(&p);
    free(doc);
}

Test(docs, every_page_is_listed)
{
    glob_t g;
    cr_assert_eq(glob("docs/*.md", 0, NULL, &g), 0);
    cr_assert_eq(glob("docs/*/*.md", GLOB_APPEND, NULL, &g), 0);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        int found = 0;
        for (size_t j = 0; j < sizeof pages / sizeof *pages; j++)
            found |= strcmp(g.gl_pathv[i], pages[j]) == 0;
        cr_expect(found, "%s is not in pages[] of tests/docs/docs_test.c", g.gl_pathv[i]);
    }
    globfree(&g);
}

/* Each page in its own clone; Criterion runs two at a time (--jobs 2). */
Test(docs, readme, .timeout = 600) { run_page("README.md"); }
Test(docs, cli, .timeout = 600) { run_page("docs/cli.md"); }
Test(docs, formats, .timeout = 600) { run_page("docs/formats.md"); }
Test(docs, lab, .timeout = 600) { run_page("docs/lab.md"); }
Test(docs, language, .timeout = 600) { run_page("docs/language.md"); }
Test(docs, runtime, .timeout = 600) { run_page("docs/runtime.md"); }
Test(docs, sheets, .timeout = 600) { run_page("docs/sheets.md"); }
Test(docs, testing, .timeout = 600) { run_page("docs/testing.md"); }
Test(docs, tutorial, .timeout = 600) { run_page("docs/tutorial.md"); }
Test(docs, games_evr, .timeout = 600) { run_page("docs/games/evr.md"); }
Test(docs, games_galaxy, .timeout = 600) { run_page("docs/games/galaxy.md"); }
Test(docs, games_simple, .timeout = 600) { run_page("docs/games/simple.md"); }
Test(docs, games_dsr, .timeout = 600) { run_page("docs/games/dsr.md"); }
Test(docs, games_rebellion, .timeout = 600) { run_page("docs/games/rebellion.md"); }
Test(docs, compiler, .timeout = 600) { run_page("docs/compiler.md"); }
