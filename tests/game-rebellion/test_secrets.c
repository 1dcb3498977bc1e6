/* test_secrets.c: what the Imperial player sees. In his log (the log as
   seat 2 sees it) the Rebel base's system is never named as the base
   before it is revealed, the Rebel player's objective cards and his
   missions placed facedown are "a card", and the choices that pick them
   are hidden. Each player's action cards and tactic cards are "a card" to
   the other until played; the announcements the rules make are public
   log lines both players read. */
#include "drive.h"

#define GAMES 40

Test(secrets, the_base_objectives_and_facedown_missions_stay_hidden)
{
    int hidden_choices = 0, announced = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        int revealed = drv_log_find(g, 0, "The Rebel base is revealed");
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_line(g, i, IMP);
            if (strstr(l, "base_card(Rebels)") || strstr(l, "base_pick(Rebels)") || strstr(l, "new_base(Rebels)")) {
                /* the base's card goes faceup to base_shown when the base is revealed */
                if (strncmp(l, "move ", 5) == 0 && strstr(l, "-> base_shown"))
                    cr_assert(strstr(drv_line(g, i + 1, IMP), "The Rebel base is revealed"), "seed %llu line %d: %s",
                              (unsigned long long)seed, i, l);
                else if (strncmp(l, "move ", 5) == 0)
                    cr_assert(strncmp(l, "move a card", 11) == 0 || (revealed >= 0 && i > revealed) ||
                                  strstr(l, "-> probes(Imperials)") != NULL,
                              "seed %llu line %d: %s", (unsigned long long)seed, i, l);
                if (strncmp(l, "reveal ", 7) == 0)
                    cr_assert(strstr(drv_line(g, i + 1, IMP), "The Rebel base is revealed") ||
                                  strstr(drv_line(g, i + 1, IMP), "establishes a new base"),
                              "%s", l);
            }
            const char *m = drv_line(g, i, REB);
            if (strstr(m, "-> actions(Imperials)") || strstr(m, "-> tactics(Imperials)"))
                cr_assert(strncmp(m, "move a card", 11) == 0, "seed %llu line %d: %s", (unsigned long long)seed, i, m);
            if (strstr(l, "-> actions(Rebels)") || strstr(l, "-> tactics(Rebels)"))
                cr_assert(strncmp(l, "move a card", 11) == 0, "seed %llu line %d: %s", (unsigned long long)seed, i, l);
            if (strstr(l, "Rebels plays an objective card: ") || strstr(l, "Imperials blocks damage with a tactic card: "))
                announced++;
            if (strstr(l, "-> objectives(Rebels)") || strstr(l, "-> assigned(Rebels)") || strstr(l, "-> hand(Rebels)"))
                cr_assert(strncmp(l, "move a card", 11) == 0 || strstr(l, "revealed ->") || strstr(l, "mission_discard ->"),
                          "seed %llu line %d: %s", (unsigned long long)seed, i, l);
            /* the choice of a facedown mission card: hidden */
            if (strstr(l, "move a card hand(Rebels) -> assigned(Rebels)")) {
                int k = i - 1;
                while (k > 0 && strncmp(drv_line(g, k, IMP), "choose ", 7) != 0)
                    k--;
                cr_assert_str_eq(drv_line(g, k, IMP), "choose Rebels: (hidden)", "seed %llu line %d", (unsigned long long)seed, k);
                hidden_choices++;
            }
        }
        rt_free(g);
    }
    cr_assert_gt(announced, 20, "the announcements are in the Imperial player's log (%d)", announced);
    cr_assert_gt(hidden_choices, 100, "the Rebels place many missions facedown (%d)", hidden_choices);
}
