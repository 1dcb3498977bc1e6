/* cardc.c: the command-line driver: load a game's sources, check them, and
   run a back end (check, c, build, yaml, json). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "emit_c.h"
#include "export_json.h"
#include "export_yaml.h"
#include "ir.h"
#include "load.h"
#include "model.h"
#include "outfile.h"
#include "sheet.h"

static const char usage[] =
    "usage: cardc COMMAND [options] GAME...\n"
    "\n"
    "GAME is a game folder (every .cards, .yaml, .yml and .csv file in it, in name\n"
    "order) or such files.\n"
    "\n"
    "commands:\n"
    "  check GAME            check the game and report every error\n"
    "  c GAME -o DIR         write DIR/<id>.c and DIR/<id>.h (the generated C)\n"
    "  build GAME -o FILE    generate the C and compile the engine FILE with cc\n"
    "  yaml GAME -o DIR      write the game as YAML files, one per source file, into DIR\n"
    "  json GAME [-o FILE]   write the card database as JSON (to stdout without -o)\n"
    "  ir GAME [-o FILE]     write the typed IR of the game's code as text (to stdout without -o)\n"
    "  sheet GAME -o OUT     print the cards: a PDF of 3 x 3 cards per page with backs,\n"
    "                        or (--format png|svg) one image per card face into the folder OUT\n"
    "  help                  this text\n"
    "\n"
    "options:\n"
    "  -o PATH               output folder (c, yaml), engine file (build) or text file (json, ir)\n"
    "  --cc CC               the C compiler for build (default: $CC or cc)\n"
    "  --runtime DIR         where cardrt.h, libcardrt.a and libcardlab.a are (default: beside cardc)\n"
    "  --lowered             ir: the IR as lowered, before its passes\n"
    "  --version             print the version\n"
    "sheet options (docs/sheets.md):\n"
    "  --paper a4|letter     paper size (default a4)\n"
    "  --duplex long|short|none  back pages mirrored for long- or short-edge duplex, or none\n"
    "  --back-offset DX,DY   shift back pages by DX,DY mm (printers that shift)\n"
    "  --format pdf|png|svg  output format (default pdf)\n"
    "  --dpi N               PNG resolution (default 300)\n"
    "  --cards NAME...       only these cards or kinds (the names up to the next option)\n"
    "  --variant V           the cards of variant V, with its data (default: the base game's)\n"
    "\n"
    "Exit status: 0 success, 1 errors in the game, 2 usage or I/O errors.\n";

/* The parsed command line. */
typedef struct Args {
    const char *command;
    const char *out;
    const char *cc;
    const char *runtime;
    const char *sheet_opt;    /* the first sheet option given (--paper, ...), or NULL */
    int lowered;              /* ir --lowered: the IR before its passes */
    const char **inputs;
    int ninputs;
    SheetOptions sheet;      /* the sheet command's options */
} Args;

/* The folder that holds this executable (for the runtime), into buf. */
static const char *exe_dir(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0)
        return ".";
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash)
        *slash = '\0';
    return buf;
}

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Run argv, waiting for it; returns its exit status or -1. */
static int run(char *const argv[])
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execvp(argv[0], argv);
        fprintf(stderr, "cardc: cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status;
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int cmd_build(Diag *d, Arena *a, const Args *args, const Model *m, const char *const *files, int nfiles)
{
    char exe[PATH_MAX];
    const char *rt = args->runtime;
    const char *incdir, *libdir;
    if (!rt) {
        const char *dir = exe_dir(exe, sizeof exe);
        /* in the source tree: build/cardc with runtime/ beside build/; installed: bin/ with ../include, ../lib */
        libdir = dir;
        incdir = arena_printf(a, "%s/../runtime", dir);
        if (!file_exists(arena_printf(a, "%s/cardrt.h", incdir)))
            incdir = arena_printf(a, "%s/../include", dir);
        if (!file_exists(arena_printf(a, "%s/libcardrt.a", libdir)))
            libdir = arena_printf(a, "%s/../lib", dir);
    } else {
        incdir = rt;
        libdir = rt;
    }
    if (!file_exists(arena_printf(a, "%s/cardrt.h", incdir)) || !file_exists(arena_printf(a, "%s/libcardrt.a", libdir))
        || !file_exists(arena_printf(a, "%s/libcardlab.a", libdir))) {
        diag_plain(d, "cannot find cardrt.h, libcardrt.a and libcardlab.a (looked in %s and %s); use --runtime DIR",
                   incdir, libdir);
        return 2;
    }
    char tmpdir[] = "/tmp/cardc-build-XXXXXX";
    if (!mkdtemp(tmpdir)) {
        diag_plain(d, "cannot make a temporary folder: %s", strerror(errno));
        return 2;
    }
    const char *cpath = arena_printf(a, "%s/%s.c", tmpdir, m->id);
    const char *hpath = arena_printf(a, "%s/%s.h", tmpdir, m->id);
    int rc = 2;
    OutFile engine;
    if (out_text(d, cpath, emit_c_source(m, a, files, nfiles)) == 0
        && out_text(d, hpath, emit_c_header(m, a, files, nfiles)) == 0
        && out_reserve(d, &engine, args->out) == 0) {
        const char *cc = args->cc ? args->cc : getenv("CC") ? getenv("CC") : "cc";
        char *argv[] = {(char *)cc, "-std=c11", "-O2", "-DCARDRT_ENGINE_MAIN",
                        (char *)arena_printf(a, "-I%s", incdir), (char *)arena_printf(a, "-I%s", tmpdir),
                        "-o", engine.o.tmp, (char *)cpath, (char *)arena_printf(a, "%s/libcardlab.a", libdir),
                        (char *)arena_printf(a, "%s/libcardrt.a", libdir), "-lcairo", "-pthread", "-lm", NULL};
        int st = run(argv);
        if (st != 0) {
            diag_plain(d, "the C compiler failed (status %d)", st);
            out_abort(&engine, 1);
        } else if (out_commit(d, &engine, 1) == 0) {
            rc = 0;
        }
    }
    remove(cpath);
    remove(hpath);
    rmdir(tmpdir);
    return rc;
}

/* cmd_c: DIR/<id>.c and DIR/<id>.h (DIR made if missing), written as one
   unit: both or neither. Returns 0 or 2 (reported). */
static int cmd_c(Diag *d, Arena *a, const char *dir, const Model *m, const char *const *files, int nfiles)
{
    OutFile ch[2];
    if (out_folder(d, dir) != 0 || out_open(d, &ch[0], arena_printf(a, "%s/%s.c", dir, m->id)) != 0)
        return 2;
    if (out_open(d, &ch[1], arena_printf(a, "%s/%s.h", dir, m->id)) != 0) {
        out_abort(ch, 1);
        return 2;
    }
    char *src = emit_c_source(m, a, files, nfiles);
    char *hdr = emit_c_header(m, a, files, nfiles);
    out_write(&ch[0], src, strlen(src));
    out_write(&ch[1], hdr, strlen(hdr));
    return out_commit(d, ch, 2) == 0 ? 0 : 2;
}

/* cmd_yaml: the game as YAML, one file per source file of used, into the
   folder dir, which is replaced whole (outfile.h's OutDir). d counts the
   errors; used is d or the provenance pass's diagnostics. Returns 0, 1
   (a construct YAML cannot hold) or 2 (reported). */
static int cmd_yaml(Diag *d, Diag *used, Arena *a, const AstProgram *prog, const char *dir)
{
    OutDir od;
    if (out_dir_open(d, a, &od, dir) != 0)
        return 2;
    int rc = 0;
    for (int i = 0; i < used->nsources && rc == 0; i++) {
        char *text = export_yaml_text(used, a, prog, i);
        if (!text) {
            rc = 1;
            d->errors += used == d ? 0 : used->errors;
        } else if (out_dir_text(d, a, &od, export_yaml_name(used, a, i), text) != 0) {
            rc = 2;
        }
    }
    if (rc != 0)
        out_dir_abort(&od);
    else if (out_dir_commit(d, &od) != 0)
        rc = 2;
    return rc;
}

static int parse_args(int argc, char **argv, Args *args, const char **err)
{
    memset(args, 0, sizeof *args);
    sheet_options_default(&args->sheet);
    args->inputs = calloc((size_t)argc, sizeof *args->inputs);
    if (!args->inputs) {
        *err = "out of memory";
        return -1;
    }
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "-o") == 0 || strcmp(s, "--cc") == 0 || strcmp(s, "--runtime") == 0) {
            if (i + 1 >= argc) {
                *err = "an option needs a value";
                return -1;
            }
            const char *v = argv[++i];
            if (s[1] == 'o')
                args->out = v;
            else if (strcmp(s, "--cc") == 0)
                args->cc = v;
            else
                args->runtime = v;
        } else if (strcmp(s, "--lowered") == 0) {
            args->lowered = 1;
        } else if (sheet_option_arity(s) >= 0) {
            int arity = sheet_option_arity(s), n = 0;
            if (!args->sheet_opt)
                args->sheet_opt = s;
            /* one value, or (--cards) one and every following value up to the next option */
            while (i + 1 + n < argc && (n == 0 || (arity == 2 && argv[i + 1 + n][0] != '-')))
                n++;
            if (sheet_option(&args->sheet, s, (const char **)argv + i + 1, n, err) != 0)
                return -1;
            i += n;
        } else if (s[0] == '-' && s[1] != '\0') {
            *err = s;
            return -2;
        } else if (!args->command) {
            args->command = s;
        } else {
            args->inputs[args->ninputs++] = s;
        }
    }
    return 0;
}

/* usage_problem: report on stderr an unknown command (with a "did you
   mean" for a near miss) or an option that args' command does not take, and
   free args->inputs; returns 1 then, else 0. */
static int usage_problem(Args *args)
{
    static const char *const commands[] = {"check", "c", "build", "sheet", "yaml", "json", "ir", "help"};
    const char *cmd = args->command;
    int known = 0;
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        known |= strcmp(cmd, commands[i]) == 0;
    int is_build = strcmp(cmd, "build") == 0, is_sheet = strcmp(cmd, "sheet") == 0;
    /* an option the command does not take is a usage error, not ignored */
    const char *stray = strcmp(cmd, "check") == 0 && args->out ? "-o"
                        : !is_build && args->cc ? "--cc"
                        : !is_build && args->runtime ? "--runtime"
                        : strcmp(cmd, "ir") != 0 && args->lowered ? "--lowered"
                        : !is_sheet ? args->sheet_opt : NULL;
    if (!known) {
        const char *s = diag_suggest(cmd, commands, (int)(sizeof commands / sizeof *commands));
        if (s)
            fprintf(stderr, "cardc: error: unknown command '%s'; did you mean '%s'? (see cardc --help)\n", cmd, s);
        else
            fprintf(stderr, "cardc: error: unknown command '%s' (see cardc --help)\n", cmd);
    } else if (stray) {
        fprintf(stderr, "cardc: error: '%s' does not take %s (see cardc --help)\n", cmd, stray);
    } else {
        return 0;
    }
    free(args->inputs);
    return 1;
}

/* reload_with_origins: load and check the game again with the origins the
   YAML files record (source, origin, lines), into d2, so that the outputs
   name the original files and lines. Returns d2, with *m and *prog the
   reloaded game, or d (a warning said why) when the provenance does not
   check. */
static Diag *reload_with_origins(Diag *d, Diag *d2, Arena *arena, const Args *args, Model **m, AstProgram *prog)
{
    Diag *used = d;
    FILE *sink = fopen("/dev/null", "w");
    diag_init(d2, arena, sink ? sink : stderr);
    AstProgram prog2 = {0};
    if (load_inputs_ex(d2, arena, args->inputs, args->ninputs, &prog2, LOAD_ORIGINS, NULL) >= 0 && !d2->errors) {
        Model *m2 = sema_check(d2, arena, &prog2);
        if (m2 && !d2->errors) {
            *m = m2;
            *prog = prog2;
            used = d2;
        }
    }
    if (sink)
        fclose(sink);
    d2->out = stderr;
    if (used == d)
        fprintf(stderr, "cardc: warning: the YAML provenance (source/origin/lines) does not check; "
                        "the output names the YAML files instead\n");
    return used;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("cardc %s (runtime ABI %s)\n", CARDC_VERSION, CARDRT_ABI_STRING);
            return 0;
        }
    }
    Args args;
    const char *err = NULL;
    int pr = parse_args(argc, argv, &args, &err);
    if (pr < 0) {
        if (pr == -2)
            fprintf(stderr, "cardc: error: unknown option '%s' (see cardc --help)\n", err);
        else
            fprintf(stderr, "cardc: error: %s (see cardc --help)\n", err);
        free(args.inputs);
        return 2;
    }
    if (!args.command || strcmp(args.command, "help") == 0) {
        fputs(usage, args.command ? stdout : stderr);
        free(args.inputs);
        return args.command ? 0 : 2;
    }
    int is_c = strcmp(args.command, "c") == 0;
    int is_build = strcmp(args.command, "build") == 0;
    int is_yaml = strcmp(args.command, "yaml") == 0;
    int is_json = strcmp(args.command, "json") == 0;
    int is_sheet = strcmp(args.command, "sheet") == 0;
    int is_ir = strcmp(args.command, "ir") == 0;
    if (usage_problem(&args))
        return 2;
    if (args.ninputs == 0) {
        fprintf(stderr, "cardc: error: '%s' needs a game folder or files\n", args.command);
        free(args.inputs);
        return 2;
    }
    if ((is_c || is_build || is_yaml || is_sheet) && !args.out) {
        fprintf(stderr, "cardc: error: '%s' needs -o %s\n", args.command,
                is_build ? "FILE" : is_sheet ? "FILE.pdf (or a folder with --format png|svg)" : "DIR");
        free(args.inputs);
        return 2;
    }

    Arena arena = {0};
    Diag d;
    diag_init(&d, &arena, stderr);
    AstProgram prog = {0};
    int rc = 0;
    int provenance = 0;
    int loaded = load_inputs_ex(&d, &arena, args.inputs, args.ninputs, &prog, 0, &provenance);
    if (loaded < 0) {
        rc = 2;
        goto done;
    }
    if (d.errors) {
        /* only syntax errors in .cards files: still check the rest of the
           game, reporting what is wrong in the files that parsed */
        if (d.errors == d.syntax_errors) {
            d.only_sound = 1;
            sema_check(&d, &arena, &prog);
            d.only_sound = 0;
        }
        rc = 1;
        goto done;
    }
    Model *m = sema_check(&d, &arena, &prog);
    if (!m || ir_check_model(m, &arena, &d) > 0) {
        rc = 1;
        goto done;
    }
    /* YAML files with provenance: load again with the recorded origins, so
       that the generated C (and a YAML export) names the original files and
       lines; diagnostics above pointed into the YAML files. */
    Diag *used = &d;
    Diag d2;
    if (provenance && (is_c || is_build || is_yaml))
        used = reload_with_origins(&d, &d2, &arena, &args, &m, &prog);
    const char **files = arena_alloc(&arena, sizeof(char *) * (size_t)(used->nsources + 1));
    for (int i = 0; i < used->nsources; i++)
        files[i] = used->sources[i].path;
    if (is_c) {
        rc = cmd_c(&d, &arena, args.out, m, files, used->nsources);
    } else if (is_build) {
        rc = cmd_build(&d, &arena, &args, m, files, used->nsources);
    } else if (is_yaml) {
        rc = cmd_yaml(&d, used, &arena, &prog, args.out);
    } else if (is_sheet) {
        rc = sheet_write(&d, &arena, m, &args.sheet, args.out);
    } else if (is_json || is_ir) {
        char *text = is_json ? export_json_text(m, &arena) : ir_text(m, &arena, files, used->nsources, !args.lowered);
        if (args.out) {
            if (out_text(&d, args.out, text) != 0)
                rc = 2;
        } else if (fputs(text, stdout) == EOF || fflush(stdout) != 0) {
            diag_plain(&d, "cannot write the %s to stdout", is_json ? "JSON" : "IR");
            rc = 2;
        }
    }
done:
    if (d.errors && rc == 0)
        rc = 1;
    int shown = d.errors - d.repeats;
    if (d.errors > 0)
        fprintf(stderr, "%d error%s\n", shown, shown == 1 ? "" : "s");
    arena_free(&arena);
    free(args.inputs);
    return rc;
}
