/* test_secrets.c: what the Imperium may know (issue: the face-down
   missions and the secret base). Random seeded games are read twice, as
   the runtime writes the log for everyone (omniscient) and for the
   Imperium's seat: no line the Imperium reads names a mission card while
   that card is in a place the Imperium does not see (the Resistance's hand
   or face-down missions, the deck, the face-down discard pile), but for
   the line that reveals it; the Resistance's choices in the Assignment
   Round reach the Imperium as "(hidden)"; and no line the Imperium reads
   names the system of the hidden base, but for the one that shows the old
   system when units that cannot be moved stay behind on it. */
#include "drive.h"

#define GAMES 30

/* The 40 mission cards' names as the cards show them ("A♥", "10♠"). */
static void mission_name(int k, char *out, size_t cap)
{
    static const char *const ranks[10] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"};
    snprintf(out, cap, "%s%s", ranks[k % 10], drv_suits[k / 10]);
}

/* line names the card (not as the tail of "10♥" for "0♥": no such card). */
static int names_card(const char *line, const char *card)
{
    for (const char *p = strstr(line, card); p; p = strstr(p + 1, card))
        if (p == line || !(p[-1] >= '0' && p[-1] <= '9'))
            return 1;
    return 0;
}

/* line names the system (not as the head of "Ajada IV" for "Ajada I"). */
static int names_system(const char *line, const char *sys)
{
    size_t n = strlen(sys);
    for (const char *p = strstr(line, sys); p; p = strstr(p + 1, sys))
        if (!((p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= 'a' && p[n] <= 'z')))
            return 1;
    return 0;
}

static int seen_by_imperium(const char *zone)
{
    return strcmp(zone, "hand(Imperium)") == 0 || strcmp(zone, "assigned(Imperium)") == 0 ||
           strcmp(zone, "revealed") == 0;
}

/* A `move "NAME" FROM -> TO` line whose zones hold a player in parentheses. */
static int moved(const char *line, char *name, char *from, char *to)
{
    if (strncmp(line, "move \"", 6) != 0)
        return 0;
    const char *q = strchr(line + 6, '"');
    const char *arrow = q ? strstr(q, " -> ") : NULL;
    if (!arrow)
        return 0;
    snprintf(name, 64, "%.*s", (int)(q - line - 6), line + 6);
    snprintf(from, 64, "%.*s", (int)(arrow - q - 2), q + 2);
    snprintf(to, 64, "%s", arrow + 4);
    char *sp = strchr(to, ' ');
    if (sp)
        *sp = 0;
    return 1;
}

Test(secrets, the_imperium_never_reads_a_face_down_mission_before_its_reveal)
{
    int reveals = 0, hidden_picks = 0;
    char names[40][16], name[64], from[64], to[64];
    for (int k = 0; k < 40; k++)
        mission_name(k, names[k], sizeof names[k]);
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        char zone[40][64];
        for (int k = 0; k < 40; k++)
            snprintf(zone[k], sizeof zone[k], "box");
        int assignment = 0;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *all = drv_at(g, i);
            const char *mine = drv_line(g, i, IMP);
            if (strncmp(all, "phase ", 6) == 0)
                assignment = strcmp(all, "phase assignment") == 0;
            if (assignment && strncmp(mine, "choose Resistance: ", 19) == 0) {
                cr_assert_str_eq(mine, "choose Resistance: (hidden)", "seed %llu line %d: %s",
                                 (unsigned long long)seed, i, mine);
                hidden_picks++;
            }
            int card = -1;
            char before[64] = "";
            if (moved(all, name, from, to))
                for (int k = 0; k < 40; k++)
                    if (strcmp(names[k], name) == 0) {
                        card = k;
                        snprintf(before, sizeof before, "%s", zone[k]);
                        snprintf(zone[k], sizeof zone[k], "%s", to);
                    }
            for (int k = 0; k < 40; k++) {
                if (!names_card(mine, names[k]))
                    continue;
                char quoted[64];
                snprintf(quoted, sizeof quoted, "reveal \"%s\" in assigned(", names[k]);
                if (strncmp(mine, quoted, strlen(quoted)) == 0 && strstr(mine, "to everyone")) {
                    reveals += strstr(mine, "(Resistance)") != NULL;
                    continue;
                }
                int seen = seen_by_imperium(zone[k]) || (k == card && seen_by_imperium(before));
                cr_assert(seen, "seed %llu line %d: the Imperium reads %s while it lies in %s: %s",
                          (unsigned long long)seed, i, names[k], zone[k], mine);
            }
        }
        rt_free(g);
    }
    cr_assert_gt(reveals, 100, "the Resistance reveals its missions (%d)", reveals);
    cr_assert_gt(hidden_picks, 300, "the Resistance's assignment picks (%d)", hidden_picks);
}

Test(secrets, the_imperium_never_reads_the_hidden_base_s_system)
{
    int hidden_lines = 0, moves = 0, left = 0, told_base = 0;
    char name[64], from[64], to[64];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        char base[64] = "";
        int hidden = 0;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *all = drv_at(g, i);
            const char *mine = drv_line(g, i, IMP);
            if (moved(all, name, from, to) && strcmp(to, "base_card(Resistance)") == 0) {
                snprintf(base, sizeof base, "%s", name);
                hidden = 1;
                moves++;
                cr_assert(strncmp(mine, "move a card ", 12) == 0, "seed %llu line %d: %s", (unsigned long long)seed, i,
                          mine);
                continue;
            }
            if (strncmp(all, "The secret base is revealed on ", 31) == 0) {
                hidden = 0;
                continue;
            }
            if (!hidden)
                continue;
            if (strstr(mine, "secret base") || strstr(mine, "base_card") || strstr(mine, "base_units")) {
                hidden_lines++;
                char leaves[160];
                snprintf(leaves, sizeof leaves, "The secret base leaves %s;", base);
                char shown[192];
                snprintf(shown, sizeof shown, "reveal \"%s\" in base_card(Resistance) to everyone", base);
                char told[192];
                snprintf(told, sizeof told, "Resistance: the secret base is on %s: true.", base);
                if (strncmp(mine, "Resistance: units from the secret base to ", 42) == 0) {
                    /* names the system the leader went to, in sight: whether
                       units come from the base is seen as they leave it */
                } else if (strcmp(mine, told) == 0) {
                    /* Imperium ground units came onto the base's system: the
                       Resistance says so and reveals the base at once */
                    int at = i + 1;
                    while (at < i + 3 && strcmp(drv_line(g, at, IMP), shown) != 0)
                        at++;
                    cr_assert_str_eq(drv_line(g, at, IMP), shown, "seed %llu line %d", (unsigned long long)seed, at);
                    told_base++;
                } else if (strcmp(mine, shown) == 0 &&
                           strncmp(drv_at(g, i + 1), "The secret base is revealed on ", 31) == 0) {
                    hidden = 0;   /* the base is revealed */
                } else if (strcmp(mine, shown) == 0) {
                    /* the old system is shown when units stay behind on it */
                    cr_assert(strncmp(drv_line(g, i + 1, IMP), leaves, strlen(leaves)) == 0, "seed %llu line %d: %s",
                              (unsigned long long)seed, i + 1, drv_line(g, i + 1, IMP));
                    left++;
                } else if (names_system(mine, base)) {
                    cr_assert(strncmp(mine, leaves, strlen(leaves)) == 0, "seed %llu line %d: %s",
                              (unsigned long long)seed, i, mine);
                    cr_assert_str_eq(drv_line(g, i - 1, IMP), shown, "seed %llu line %d", (unsigned long long)seed, i);
                }
            }
        }
        rt_free(g);
    }
    cr_assert_gt(moves, GAMES, "the base is chosen and moved (%d)", moves);
    cr_assert_gt(hidden_lines, 100, "lines about the hidden base (%d)", hidden_lines);
    cr_assert_gt(left, 0, "units that cannot be moved stay behind a moving base (%d)", left);
    cr_assert_gt(told_base, 0, "Imperium ground units find the base (%d)", told_base);
}
