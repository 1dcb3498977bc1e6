/* drive.h: what the rule tests of rebellion (Star Wars: Rebellion) need
   beyond tests/common/game_driver.h: the seats, copies of the components
   as docs/games/rebellion.md lists them (units, leaders, missions, the
   board's edges) to check the log against (not the script's own data),
   whole games played at random, and a tracker that follows the log's moves
   to know which cards every zone holds at each line.
   Header-only; every function is static. */
#ifndef REBELLION_DRIVE_H
#define REBELLION_DRIVE_H

#include "game_driver.h"
#include "rebellion.h"

enum { REB = 0, IMP = 1 }; /* seats: the Rebels are seat 1 */

/* ---- the units: side, ground, red and black dice, health, red health, transport,
   needs transport, transport restriction, immobile ------------------------------------- */
typedef struct DrvUnit {
    const char *name;
    int rebel, ground, red, black, health, red_health, transport, needs_transport, restricted, immobile;
} DrvUnit;
static const DrvUnit drv_units[] = {
    {"TIE Fighter", 0, 0, 0, 1, 1, 0, 0, 1, 0, 0},
    {"Assault Carrier", 0, 0, 0, 2, 2, 1, 5, 0, 0, 0},
    {"Star Destroyer", 0, 0, 2, 2, 4, 1, 4, 0, 0, 0},
    {"Super Star Destroyer", 0, 0, 4, 4, 8, 1, 6, 0, 0, 0},
    {"Death Star", 0, 0, 4, 2, 0, 0, 6, 0, 0, 0},
    {"Death Star Under Construction", 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
    {"Stormtrooper", 0, 1, 0, 1, 1, 0, 0, 1, 0, 0},
    {"AT-ST", 0, 1, 0, 2, 2, 0, 0, 1, 0, 0},
    {"AT-AT", 0, 1, 2, 1, 3, 1, 0, 1, 1, 0},
    {"X-wing", 1, 0, 0, 1, 1, 0, 0, 0, 0, 0},
    {"Y-wing", 1, 0, 1, 0, 1, 0, 0, 0, 0, 0},
    {"Rebel Transport", 1, 0, 0, 0, 1, 1, 4, 0, 0, 0},
    {"Corellian Corvette", 1, 0, 1, 1, 2, 1, 2, 0, 0, 0},
    {"Mon Calamari Cruiser", 1, 0, 2, 2, 4, 1, 3, 0, 0, 0},
    {"Rebel Trooper", 1, 1, 0, 1, 1, 0, 0, 1, 0, 0},
    {"Airspeeder", 1, 1, 1, 1, 2, 0, 0, 1, 1, 0},
    {"Shield Generator", 1, 1, 0, 0, 2, 1, 0, 0, 0, 1},
    {"Ion Cannon", 1, 1, 0, 0, 2, 1, 0, 0, 0, 1},
};
#define DRV_NUNITS ((int)(sizeof drv_units / sizeof drv_units[0]))

/* drv_unit: the unit named name, or NULL. */
static inline const DrvUnit *drv_unit(const char *name)
{
    for (int i = 0; i < DRV_NUNITS; i++)
        if (strcmp(drv_units[i].name, name) == 0)
            return &drv_units[i];
    return NULL;
}

/* ---- the leaders: skill icons (diplomacy, intel, spec ops, logistics), tactic values --- */
typedef struct DrvLeader {
    const char *name;
    int rebel, icons[4], space, ground, starting;
} DrvLeader;
static const DrvLeader drv_leaders[] = {
    {"Mon Mothma", 1, {2, 0, 0, 1}, 0, 0, 1},        {"Jan Dodonna", 1, {0, 2, 0, 1}, 2, 1, 1},
    {"Carlist Rieekan", 1, {1, 0, 1, 1}, 1, 2, 1},   {"Toryn Farr", 1, {1, 1, 0, 1}, 1, 1, 1},
    {"Luke Skywalker", 1, {0, 1, 2, 0}, 2, 1, 0},    {"Han Solo", 1, {0, 1, 2, 1}, 2, 2, 0},
    {"Chewbacca", 1, {0, 0, 2, 1}, 1, 2, 0},         {"Leia Organa", 1, {3, 1, 0, 0}, 1, 1, 0},
    {"Lando Calrissian", 1, {1, 1, 1, 1}, 2, 1, 0},  {"Admiral Ackbar", 1, {0, 0, 0, 2}, 3, 0, 0},
    {"Wedge Antilles", 1, {0, 0, 2, 0}, 2, 0, 0},    {"Obi-Wan Kenobi", 1, {1, 2, 1, 0}, 1, 1, 0},
    {"Luke Skywalker (Jedi)", 1, {1, 1, 3, 0}, 3, 2, 0},
    {"Emperor Palpatine", 0, {3, 1, 0, 0}, 0, 0, 1}, {"Darth Vader", 0, {1, 0, 3, 0}, 2, 2, 1},
    {"General Tagge", 0, {0, 1, 0, 2}, 1, 2, 1},     {"Admiral Motti", 0, {1, 0, 0, 1}, 2, 1, 1},
    {"Grand Moff Tarkin", 0, {2, 1, 0, 1}, 2, 1, 0}, {"Boba Fett", 0, {0, 1, 3, 0}, 1, 1, 0},
    {"General Veers", 0, {0, 0, 1, 1}, 0, 3, 0},     {"Admiral Piett", 0, {0, 1, 0, 2}, 2, 0, 0},
    {"Admiral Ozzel", 0, {0, 0, 0, 1}, 2, 1, 0},     {"Soontir Fel", 0, {0, 0, 2, 0}, 3, 1, 0},
    {"Moff Jerjerrod", 0, {0, 0, 0, 3}, 1, 1, 0},    {"Janus Greejatus", 0, {2, 2, 0, 0}, 0, 0, 0},
};
#define DRV_NLEADERS ((int)(sizeof drv_leaders / sizeof drv_leaders[0]))

static inline const DrvLeader *drv_leader(const char *name)
{
    for (int i = 0; i < DRV_NLEADERS; i++)
        if (strcmp(drv_leaders[i].name, name) == 0)
            return &drv_leaders[i];
    return NULL;
}

/* ---- the missions: skill (0 diplomacy, 1 intel, 2 spec ops, 3 logistics), requirement -- */
typedef struct DrvMission {
    const char *name;
    int skill, need, attempt;
} DrvMission;
static const DrvMission drv_missions[] = {
    {"Rally Support", 0, 2, 1},       {"Hit and Run", 2, 1, 1},         {"Gather Intel", 1, 1, 1},
    {"Covert Transit", 3, 1, 0},      {"Incite Rebellion", 0, 2, 1},    {"Recruit Allies", 0, 1, 0},
    {"Sabotage", 2, 2, 1},            {"Daring Rescue", 2, 2, 1},       {"Strike Team", 2, 2, 1},
    {"Infiltration", 1, 2, 1},        {"Jedi Training", 0, 1, 0},       {"Rapid Mobilization", 3, 2, 0},
    {"Imperial Decree", 0, 2, 1},     {"Capture Rebel Operative", 2, 1, 1}, {"Interrogation", 1, 1, 1},
    {"Accelerate Production", 3, 1, 0}, {"Research and Development", 3, 2, 0}, {"Long Range Probe", 1, 2, 0},
    {"Probe Droid Scan", 1, 1, 0},    {"Imperial Recruitment", 0, 1, 0}, {"Execution", 2, 2, 1},
    {"Carbonite Freeze", 2, 2, 1},    {"Lure of the Dark Side", 2, 3, 1}, {"Subdue the Populace", 0, 2, 1}, {"Construct Death Star", 3, 2, 0},
    {"Superlaser Online", 3, 1, 0},   {"Build Super Star Destroyer", 3, 2, 0},
};
#define DRV_NMISSIONS ((int)(sizeof drv_missions / sizeof drv_missions[0]))

static inline const DrvMission *drv_mission(const char *name)
{
    for (int i = 0; i < DRV_NMISSIONS; i++)
        if (strcmp(drv_missions[i].name, name) == 0)
            return &drv_missions[i];
    return NULL;
}

/* The board (authored, docs/games/rebellion.md): the 54 edges between systems. */
static const char *const drv_edges[][2] = {
    {"Coruscant", "Naboo"}, {"Coruscant", "Hoth"}, {"Alderaan", "Coruscant"}, {"Alderaan", "Kuat"},
    {"Alderaan", "Mandalore"}, {"Alderaan", "Bothawui"}, {"Corellia", "Coruscant"}, {"Corellia", "Kuat"},
    {"Corellia", "Ord Mantell"}, {"Corellia", "Endor"}, {"Bothawui", "Mandalore"}, {"Bothawui", "Dantooine"},
    {"Bothawui", "Naboo"}, {"Cato Neimoidia", "Kuat"}, {"Cato Neimoidia", "Mandalore"},
    {"Cato Neimoidia", "Dantooine"}, {"Dantooine", "Ord Mantell"}, {"Naboo", "Ord Mantell"},
    {"Malastare", "Naboo"}, {"Ilum", "Malastare"}, {"Ilum", "Ord Mantell"}, {"Ilum", "Mygeeto"},
    {"Kessel", "Malastare"}, {"Kessel", "Toydaria"}, {"Kessel", "Mygeeto"}, {"Kessel", "Saleucami"},
    {"Felucia", "Toydaria"}, {"Felucia", "Mygeeto"}, {"Felucia", "Rodia"}, {"Kashyyyk", "Kuat"},
    {"Kashyyyk", "Toydaria"}, {"Kashyyyk", "Mon Calamari"}, {"Kashyyyk", "Rodia"},
    {"Mon Calamari", "Saleucami"}, {"Mon Calamari", "Tatooine"}, {"Rodia", "Saleucami"},
    {"Geonosis", "Tatooine"}, {"Geonosis", "Nal Hutta"}, {"Geonosis", "Utapau"}, {"Ryloth", "Saleucami"},
    {"Ryloth", "Tatooine"}, {"Nal Hutta", "Ryloth"}, {"Nal Hutta", "Sullust"}, {"Mustafar", "Utapau"},
    {"Mustafar", "Yavin"}, {"Sullust", "Utapau"}, {"Sullust", "Yavin"}, {"Bespin", "Mustafar"},
    {"Bespin", "Sullust"}, {"Bespin", "Hoth"}, {"Bespin", "Dagobah"}, {"Dagobah", "Yavin"},
    {"Dagobah", "Endor"}, {"Endor", "Hoth"},
};
#define DRV_NEDGES ((int)(sizeof drv_edges / sizeof drv_edges[0]))
static const char *const drv_remote[] = {"Dantooine", "Ilum", "Yavin", "Hoth", "Dagobah", "Endor"};

/* drv_adjacent: systems a and b share an edge. */
static inline int drv_adjacent(const char *a, const char *b)
{
    for (int i = 0; i < DRV_NEDGES; i++)
        if ((strcmp(drv_edges[i][0], a) == 0 && strcmp(drv_edges[i][1], b) == 0) ||
            (strcmp(drv_edges[i][0], b) == 0 && strcmp(drv_edges[i][1], a) == 0))
            return 1;
    return 0;
}

static inline int drv_is_remote(const char *s)
{
    for (size_t i = 0; i < sizeof drv_remote / sizeof drv_remote[0]; i++)
        if (strcmp(drv_remote[i], s) == 0)
            return 1;
    return 0;
}

/* drv_space_zone: "Nal Hutta" -> "units_nal_hutta" (prefix "units_" or "leaders_"). */
static inline void drv_space_zone(const char *prefix, const char *system, char *out, size_t cap)
{
    size_t k = (size_t)snprintf(out, cap, "%s", prefix);
    for (const char *c = system; *c && k + 1 < cap; c++)
        out[k++] = *c == ' ' ? '_' : (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    out[k] = 0;
}

/* ---- games ------------------------------------------------------------------------------- */

static inline RtGame *drv_new(uint64_t seed) { return drv_new_p(&rebellion_game, seed, 2); }
static inline RtGame *drv_played(uint64_t seed) { return drv_played_p(&rebellion_game, seed, 2, seed * 7 + 1); }
static inline const char *drv_at(const RtGame *g, int i) { return drv_line(g, i, -1); }

/* drv_moved: line is `move "NAME" FROM -> TO`; copies the three parts. */
static inline int drv_moved(const char *line, char *name, char *from, char *to)
{
    if (strncmp(line, "move \"", 6) != 0)
        return 0;
    const char *q = strchr(line + 6, '"');
    if (!q)
        return 0;
    size_t n = (size_t)(q - (line + 6));
    memcpy(name, line + 6, n);
    name[n] = 0;
    return sscanf(q + 1, " %127s -> %127s", from, to) == 2;
}

/* ---- the tracker: how many cards of each name every zone holds, line by line --------- */
#define TRK_MAX 4096
typedef struct Trk {
    char zone[TRK_MAX][48];
    char name[TRK_MAX][48];
    int n[TRK_MAX];
    int used;
} Trk;

static inline int *trk_cell(Trk *t, const char *zone, const char *name)
{
    for (int i = 0; i < t->used; i++)
        if (strcmp(t->zone[i], zone) == 0 && strcmp(t->name[i], name) == 0)
            return &t->n[i];
    cr_assert_lt(t->used, TRK_MAX);
    snprintf(t->zone[t->used], sizeof t->zone[0], "%s", zone);
    snprintf(t->name[t->used], sizeof t->name[0], "%s", name);
    t->n[t->used] = 0;
    return &t->n[t->used++];
}

/* trk_line: follow one line of the omniscient log. */
static inline void trk_line(Trk *t, const char *line)
{
    char name[128], from[128], to[128];
    if (drv_moved(line, name, from, to)) {
        (*trk_cell(t, from, name))--;
        (*trk_cell(t, to, name))++;
    }
}

/* trk_units: units of a side (rebel 1/0) in zone, in a theater (ground 1/0, -1 both). */
static inline int trk_units(Trk *t, const char *zone, int rebel, int ground)
{
    int k = 0;
    for (int i = 0; i < t->used; i++) {
        if (strcmp(t->zone[i], zone) != 0 || t->n[i] <= 0)
            continue;
        const DrvUnit *u = drv_unit(t->name[i]);
        if (u && u->rebel == rebel && (ground < 0 || u->ground == ground))
            k += t->n[i];
    }
    return k;
}

/* trk_dice: the red (red 1) or black dice a side's units of a theater roll in zone. */
static inline int trk_dice(Trk *t, const char *zone, int rebel, int ground, int red)
{
    int k = 0;
    for (int i = 0; i < t->used; i++) {
        if (strcmp(t->zone[i], zone) != 0 || t->n[i] <= 0)
            continue;
        const DrvUnit *u = drv_unit(t->name[i]);
        if (u && u->rebel == rebel && u->ground == ground)
            k += t->n[i] * (red ? u->red : u->black);
        if (u && red && rebel && !ground && strcmp(u->name, "Ion Cannon") == 0)
            k += t->n[i];
    }
    return k;
}

/* trk_has: zone holds a card named name. */
static inline int trk_has(Trk *t, const char *zone, const char *name) { return *trk_cell(t, zone, name) > 0; }

#endif
