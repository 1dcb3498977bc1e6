/* load.c: find a game's source files and parse each into one program. */
#include "load.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "parse.h"

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Load and parse one source file by its extension. */
static int load_file(Diag *d, Arena *arena, const char *path, AstProgram *prog)
{
    if (!ends_with(path, ".cards")) {
        diag_plain(d, "'%s': unknown kind of source file (expected .cards)", path);
        return -1;
    }
    int id = diag_load_file(d, path);
    if (id < 0)
        return -1;
    parse_file(d, arena, id, prog);
    return 1;
}

int load_inputs(Diag *d, Arena *arena, const char *const *inputs, int ninputs, AstProgram *prog)
{
    int count = 0;
    for (int i = 0; i < ninputs; i++) {
        const char *in = inputs[i];
        struct stat st;
        if (stat(in, &st) != 0) {
            diag_plain(d, "cannot read '%s': no such file or folder", in);
            return -1;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (load_file(d, arena, in, prog) < 0)
                return -1;
            count++;
            continue;
        }
        DIR *dir = opendir(in);
        if (!dir) {
            diag_plain(d, "cannot read folder '%s'", in);
            return -1;
        }
        const char **names = NULL;
        int n = 0, cap = 0;
        struct dirent *e;
        while ((e = readdir(dir)) != NULL) {
            if (e->d_name[0] == '.' || !ends_with(e->d_name, ".cards"))
                continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 16;
                const char **nn = arena_alloc(arena, sizeof *nn * (size_t)cap);
                if (n)
                    memcpy(nn, names, sizeof *nn * (size_t)n);
                names = nn;
            }
            names[n++] = arena_strdup(arena, e->d_name);
        }
        closedir(dir);
        if (n == 0) {
            diag_plain(d, "folder '%s' has no .cards files", in);
            return -1;
        }
        qsort(names, (size_t)n, sizeof *names, by_name);
        size_t len = strlen(in);
        int slash = len > 0 && in[len - 1] == '/';
        for (int k = 0; k < n; k++) {
            const char *path = arena_printf(arena, "%s%s%s", in, slash ? "" : "/", names[k]);
            if (load_file(d, arena, path, prog) < 0)
                return -1;
            count++;
        }
    }
    return count;
}
