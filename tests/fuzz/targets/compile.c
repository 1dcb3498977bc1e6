/* compile.c: libFuzzer target: the whole compiler on one .cards file, as
   `cardc c`, `cardc ir`, `cardc json`, `cardc yaml` and `cardc sheet` run
   it: parse, check (the secrecy check included), the checks on the IR,
   then every back end: the generated C (source and header), the IR as
   text, the JSON card database and the YAML export, into memory; the
   printable sheet (a PDF of the first cards) into a temporary folder,
   removed after. The YAML
   export is then loaded and checked again (the round trip `cardc yaml`
   promises): a game that checked must check again from its YAML, with the
   same card database; anything else aborts, as a finding. A game whose
   layouts draw image files gets no sheet: the checker has found that the
   files it names exist, and reading one such as /dev/stdin could block. */
#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

#include "emit_c.h"
#include "export_json.h"
#include "export_yaml.h"
#include "fuzz_target.h"
#include "ir.h"
#include "load.h"
#include "model.h"
#include "parse.h"
#include "sheet.h"
#include "yaml_load.h"

/* round_trip: load the YAML text (exported from the game whose JSON card
   database is json) into a fresh program, check it and compare the card
   databases; aborts with a message on stderr when the YAML does not check
   or its cards differ. Allocates in r's arena. */
static void round_trip(FuzzRun *r, const char *yaml, const char *json)
{
    Diag d;
    diag_init(&d, &r->arena, r->sink ? r->sink : stderr);
    AstProgram prog = { 0 };
    LoadCells cells = { 0 };
    int provenance = 0;
    int file = diag_add_source(&d, "fuzz.yaml", yaml, strlen(yaml));
    yaml_load_source(&d, &r->arena, file, &prog, &cells, &provenance);
    load_resolve_cells(&d, &r->arena, &prog, &cells);
    parse_resolve_card_items(&r->arena, &prog);
    Model *m = d.errors ? NULL : sema_check(&d, &r->arena, &prog);
    if (!m || d.errors || ir_check_model(m, &r->arena, &d) != 0) {
        fprintf(stderr, "compile: the game checks but its YAML export does not (%d errors):\n%s", d.errors, yaml);
        abort();
    }
    const char *again = export_json_text(m, &r->arena);
    if (strcmp(json, again) != 0) {
        fprintf(stderr, "compile: the YAML export's cards differ:\n%s\n--- from the .cards:\n%s\n--- from the YAML:\n%s",
                yaml, json, again);
        abort();
    }
}

/* draws_images: some layout of m draws an image file. */
static int draws_images(const Model *m)
{
    for (int k = 0; k < m->nkinds; k++) {
        const MLayout *l = &m->layouts[k];
        for (int i = 0; i < l->nfront + l->nback; i++)
            if ((i < l->nfront ? l->front[i] : l->back[i - l->nfront]).what == LI_IMAGE)
                return 1;
    }
    return 0;
}

/* sheet: `cardc sheet --cards A B C D` (a PDF of the game's first four
   cards, however many it has: a card takes tens of milliseconds to lay
   out and draw) into a temporary folder, then remove the folder and
   whatever is in it. */
static void sheet(FuzzRun *r, const Model *m)
{
    char dir[] = "/tmp/cardc-fuzz-XXXXXX";
    if (!mkdtemp(dir))
        return;
    SheetOptions o;
    sheet_options_default(&o);
    const char *names[4];
    for (int c = 0; c < m->ncards && c < 4; c++)
        names[o.nselect++] = m->cards[c].name;
    o.select = names;
    sheet_write(&r->d, &r->arena, m, &o, arena_printf(&r->arena, "%s/cards.pdf", dir));
    DIR *dp = opendir(dir);
    for (struct dirent *e; dp && (e = readdir(dp));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlink(arena_printf(&r->arena, "%s/%s", dir, e->d_name));
    if (dp)
        closedir(dp);
    rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzRun r;
    fuzz_begin(&r);
    int file = diag_add_source(&r.d, "fuzz.cards", (const char *)data, size);
    parse_file(&r.d, &r.arena, file, &r.prog);
    if (!r.d.errors) { /* as cardc: the checker sees only programs that loaded */
        Model *m = sema_check(&r.d, &r.arena, &r.prog);
        if (m && !r.d.errors && ir_check_model(m, &r.arena, &r.d) == 0) {
            const char *files[] = { "fuzz.cards" };
            emit_c_source(m, &r.arena, files, 1);
            emit_c_header(m, &r.arena, files, 1);
            ir_text(m, &r.arena, files, 1, 1);
            const char *json = export_json_text(m, &r.arena);
            const char *yaml = export_yaml_text(&r.d, &r.arena, &r.prog, file);
            if (yaml) /* NULL: a construct YAML cannot hold, reported */
                round_trip(&r, yaml, json);
            if (m->layouts && !draws_images(m))
                sheet(&r, m);
        }
    }
    fuzz_end(&r);
    return 0;
}
