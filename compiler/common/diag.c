/* diag.c: source files and diagnostics. */
#include "diag.h"
#include "strtab.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void diag_init(Diag *d, Arena *arena, FILE *out)
{
    memset(d, 0, sizeof *d);
    d->arena = arena;
    d->out = out;
    d->max_errors = 50;
}

int diag_add_source(Diag *d, const char *path, const char *text, size_t len)
{
    if (d->nsources == d->cap) {
        int cap = d->cap ? d->cap * 2 : 16;
        DiagSource *s = arena_alloc(d->arena, sizeof *s * (size_t)cap);
        if (d->nsources)
            memcpy(s, d->sources, sizeof *s * (size_t)d->nsources);
        d->sources = s;
        d->cap = cap;
    }
    DiagSource *s = &d->sources[d->nsources];
    s->path = arena_strdup(d->arena, path);
    s->text = arena_strndup(d->arena, text, len);
    s->len = len;
    s->broken = 0;
    return d->nsources++;
}

/* too_large: report path as larger than DIAG_MAX_SOURCE; returns NULL. */
static char *too_large(Diag *d, const char *path)
{
    diag_plain(d, "cannot read '%s': it is larger than %ld MiB, the most a source file may be", path,
               DIAG_MAX_SOURCE >> 20);
    return NULL;
}

/* diag_read_file: see diag.h. */
char *diag_read_file(Diag *d, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_plain(d, "cannot read '%s': %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > DIAG_MAX_SOURCE) {
        fclose(f);
        return too_large(d, path);
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (!buf) {
            fclose(f);
            diag_plain(d, "out of memory reading '%s'", path);
            return NULL;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n > (size_t)DIAG_MAX_SOURCE) {   /* a stream that grew past the limit */
            free(buf);
            fclose(f);
            return too_large(d, path);
        }
        if (n < cap)
            break;
        cap *= 2;
        char *nb = realloc(buf, cap + 1);
        if (!nb)
            free(buf);
        buf = nb;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        diag_plain(d, "cannot read '%s'", path);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

int diag_load_file(Diag *d, const char *path)
{
    size_t len;
    char *buf = diag_read_file(d, path, &len);
    if (!buf)
        return -1;
    int id = diag_add_source(d, path, buf, len);
    free(buf);
    return id;
}

/* Print the source line of loc and a caret under its column. */
static void show_line(Diag *d, Loc loc)
{
    if (loc.file < 0 || loc.file >= d->nsources || loc.line < 1)
        return;
    const DiagSource *s = &d->sources[loc.file];
    const char *p = s->text, *end = s->text + s->len;
    for (int line = 1; line < loc.line && p < end; p++)
        if (*p == '\n')
            line++;
    if (p >= end && loc.line > 1)
        return;
    const char *eol = p;
    while (eol < end && *eol != '\n' && *eol != '\r')
        eol++;
    fputs("  ", d->out);
    for (const char *q = p; q < eol; q++)
        fputc(*q == '\t' ? ' ' : (unsigned char)*q < 0x20 ? '?' : *q, d->out);
    fputs("\n  ", d->out);
    for (int i = 1; i < loc.col && p + i - 1 < eol; i++) {
        unsigned char ch = (unsigned char)p[i - 1];
        if ((ch & 0xC0) == 0x80)
            continue; /* one caret column per UTF-8 character */
        fputc(' ', d->out);
    }
    fputs("^\n", d->out);
}

static void report(Diag *d, Loc loc, const char *what, const char *fmt, va_list ap)
{
    const char *path = loc.file >= 0 && loc.file < d->nsources ? d->sources[loc.file].path : "cardc";
    fprintf(d->out, "%s:%d:%d: %s: ", path, loc.line, loc.col, what);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    show_line(d, loc);
}

int diag_too_many(const Diag *d)
{
    return d->errors >= (d->max_errors ? d->max_errors : 50);
}

/* unsound: whether d->only_sound keeps a message at loc quiet. */
static int unsound(const Diag *d, Loc loc)
{
    return d->only_sound && (loc.file < 0 || loc.file >= d->nsources || d->sources[loc.file].broken);
}

/* repeated: the message fmt/ap at loc was reported already (then it is
   not shown again: a family of variants checks its items once per
   variant, and one mistake is one message); else it is recorded. Past
   the most errors shown nothing is recorded (nothing is shown). */
static int repeated(Diag *d, Loc loc, const char *what, const char *fmt, va_list ap)
{
    if (d->errors >= (d->max_errors ? d->max_errors : 50))
        return 0;
    char text[1024];
    int n = snprintf(text, sizeof text, "%d:%d:%d: %s: ", loc.file, loc.line, loc.col, what);
    vsnprintf(text + n, sizeof text - (size_t)n, fmt, ap);
    if (!d->seen)
        d->seen = strtab_new(d->arena);
    if (strtab_get(d->seen, text) >= 0)
        return 1;
    strtab_put(d->seen, arena_strdup(d->arena, text), 1);
    return 0;
}

void diag_error(Diag *d, Loc loc, const char *fmt, ...)
{
    d->skipping = unsound(d, loc);
    if (d->skipping)
        return;
    va_list ap;
    va_start(ap, fmt);
    int again = repeated(d, loc, "error", fmt, ap);
    va_end(ap);
    d->errors++;   /* counted even when not shown again: callers compare counts */
    if (again) {
        d->repeats++;
        d->skipping = 1;
        return;
    }
    if (d->errors > (d->max_errors ? d->max_errors : 50))
        return;
    va_start(ap, fmt);
    report(d, loc, "error", fmt, ap);
    va_end(ap);
    if (d->errors == (d->max_errors ? d->max_errors : 50))
        fprintf(d->out, "cardc: too many errors, stopping\n");
}

void diag_warning(Diag *d, Loc loc, const char *fmt, ...)
{
    d->skipping = unsound(d, loc);
    if (d->skipping)
        return;
    va_list ap;
    va_start(ap, fmt);
    d->skipping = repeated(d, loc, "warning", fmt, ap);
    va_end(ap);
    if (d->skipping)
        return;
    d->warnings++;
    va_start(ap, fmt);
    report(d, loc, "warning", fmt, ap);
    va_end(ap);
}

void diag_note(Diag *d, Loc loc, const char *fmt, ...)
{
    if (d->skipping || d->errors > (d->max_errors ? d->max_errors : 50))
        return;
    va_list ap;
    va_start(ap, fmt);
    report(d, loc, "note", fmt, ap);
    va_end(ap);
}

void diag_plain(Diag *d, const char *fmt, ...)
{
    d->skipping = d->only_sound;
    if (d->skipping)
        return;
    d->errors++;
    va_list ap;
    va_start(ap, fmt);
    fputs("cardc: error: ", d->out);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    va_end(ap);
}

int diag_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return 99;
    int row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = diag + cost;
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

const char *diag_suggest(const char *name, const char *const *candidates, int n)
{
    const char *best = NULL;
    int best_d = 3;
    int limit = (int)strlen(name) / 2 + 1;
    for (int i = 0; i < n; i++) {
        if (!candidates[i] || strcmp(candidates[i], name) == 0)
            continue;
        int dist = diag_edit_distance(name, candidates[i]);
        if (dist < best_d && dist < limit) {
            best_d = dist;
            best = candidates[i];
        }
    }
    return best;
}
