/* test_missions.c: Assignment and Missions in random seeded games, read
   from the log and checked against the packet's leader list: a mission's
   leaders have 1 icon of the card's suit per card (2 per ace); the skill
   test rolls a die per icon of that suit (10 at most, 2 more for the
   Resistance's Diplomacy with a unit there), counts 1-2 nothing, 3-5 one
   success, 6 two, and succeeds on more successes than the opposition's. */
#include "drive.h"

#define GAMES 30

static int successes(int face) { return face == 6 ? 2 : face >= 3 ? 1 : 0; }

Test(missions, leaders_have_one_icon_per_card_and_two_per_ace)
{
    int missions = 0, two_cards = 0, aces = 0;
    char name[128], from[128], to[128];
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        int suit = -1, cost = 0, icons[4] = {0}, cards = 0, leaders = 0, opposing = 0;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            if (strstr(l, " opposes with ")) {
                opposing = 1; /* the opposing leader leaves the pool next */
                continue;
            }
            if (opposing && drv_moved(l, name, from, to)) {
                opposing = 0;
                continue;
            }
            if (drv_moved(l, name, from, to) && strncmp(to, "assigned(", 9) == 0) {
                int s = drv_card_suit(name);
                cr_assert(suit < 0 || s == suit, "seed %llu: one suit per mission: %s", (unsigned long long)seed, l);
                suit = s;
                cost += drv_card_rank(name) == 1 ? 2 : 1;
                aces += drv_card_rank(name) == 1;
                cards++;
            } else if (drv_moved(l, name, from, to) && strncmp(to, "on_mission(", 11) == 0 && strncmp(from, "pool(", 5) == 0) {
                const DrvLeader *d = drv_leader(name);
                cr_assert_not_null(d, "%s", l);
                for (int s = 0; s < 4; s++)
                    icons[s] += d->icons[s];
                leaders++;
            } else if (strstr(l, " assigns mission ")) {
                cr_assert(cards >= 1 && cards <= 2, "seed %llu: %d cards: %s", (unsigned long long)seed, cards, l);
                cr_assert(leaders >= 1 && leaders <= 2, "seed %llu: %d leaders: %s", (unsigned long long)seed, leaders, l);
                cr_assert_geq(icons[suit], cost, "seed %llu line %d: %d icons for cost %d: %s", (unsigned long long)seed,
                              i, icons[suit], cost, l);
                missions++;
                two_cards += cards == 2;
                suit = -1;
                cost = cards = leaders = 0;
                memset(icons, 0, sizeof icons);
            }
        }
        rt_free(g);
    }
    cr_assert_gt(missions, 200, "%d missions", missions);
    cr_assert_gt(two_cards, 10, "%d missions of two cards", two_cards);
    cr_assert_gt(aces, 10, "%d aces assigned", aces);
}

Test(missions, the_skill_test_rolls_the_leaders_icons_of_the_cards_suit)
{
    int opposed = 0, unopposed = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        RtGame *g = drv_played(seed);
        int suit = -1, icons = 0, bonus = 0, opp = -1, rolls[2] = {0}, succ[2] = {0}, in_test = 0;
        for (int i = 0; i < rt_log_count(g); i++) {
            const char *l = drv_at(g, i);
            const char *r;
            if ((r = strstr(l, " reveals ")) && strchr(l, '.')) {
                if (!in_test)
                    suit = drv_card_suit(r + 9);
                else
                    cr_assert_eq(drv_card_suit(r + 9), suit, "%s", l);
            } else if ((r = strstr(l, " brings "))) {
                char leader[128];
                size_t n = (size_t)(r - l);
                memcpy(leader, l, n);
                leader[n] = 0;
                int k;
                cr_assert_eq(sscanf(r, " brings %d", &k), 1, "%s", l);
                cr_assert_eq(drv_suit_of_word(strstr(r + 8, " ") + 1), suit, "seed %llu: the card's suit: %s",
                             (unsigned long long)seed, l);
                cr_assert_eq(k, drv_leader(leader)->icons[suit], "seed %llu: %s's icons: %s", (unsigned long long)seed,
                             leader, l);
                icons += k;
                in_test = 1;
            } else if (in_test && strstr(l, ": 2 extra dice.")) {
                cr_assert_eq(suit, 0, "the extra dice are Diplomacy's: %s", l);
                bonus = 2;
            } else if (in_test && (r = strstr(l, " opposes with "))) {
                char leader[128];
                const char *open = strrchr(l, '(');
                size_t n = (size_t)(open - 1 - (r + 14));
                memcpy(leader, r + 14, n);
                leader[n] = 0;
                cr_assert_eq(sscanf(open, "(%d dice)", &opp), 1, "%s", l);
                int want = drv_leader(leader)->icons[suit];
                cr_assert_eq(opp, want > 10 ? 10 : want, "seed %llu: %s", (unsigned long long)seed, l);
            } else if (in_test && (r = strstr(l, " for the mission."))) {
                int f;
                cr_assert_eq(sscanf(strstr(l, " rolls ") + 7, "%d", &f), 1, "%s", l);
                int side = rolls[0] < (icons + bonus > 10 ? 10 : icons + bonus) ? 0 : 1;
                rolls[side]++;
                succ[side] += successes(f);
            } else if (in_test && strncmp(l, "Mission dice: ", 14) == 0) {
                int a, x, b, y;
                cr_assert_eq(sscanf(strchr(l, ' ') + 1, "%*s %*s %d dice, %d successes; %*s %d dice, %d successes.", &a, &x,
                                    &b, &y), 4, "%s", l);
                int want = icons + bonus > 10 ? 10 : icons + bonus;
                cr_assert_eq(a, want, "seed %llu line %d: %d dice for %d icons + %d: %s", (unsigned long long)seed, i, a,
                             icons, bonus, l);
                cr_assert_eq(b, opp, "%s", l);
                cr_assert_eq(rolls[0], a, "%s", l);
                cr_assert_eq(rolls[1], b, "%s", l);
                cr_assert_eq(succ[0], x, "seed %llu: the table's successes: %s", (unsigned long long)seed, l);
                cr_assert_eq(succ[1], y, "%s", l);
                const char *verdict = drv_at(g, i + 1);
                cr_assert_str_eq(verdict, x > y ? "The mission succeeds." : "The mission fails.", "%s", l);
                opposed++;
            } else if (in_test && (strcmp(l, "The mission succeeds.") == 0 || strcmp(l, "The mission fails.") == 0)) {
                if (opp < 0) {
                    cr_assert_str_eq(l, "The mission succeeds.", "seed %llu: an unopposed mission succeeds",
                                     (unsigned long long)seed);
                    unopposed++;
                }
                suit = -1;
                icons = bonus = in_test = 0;
                opp = -1;
                memset(rolls, 0, sizeof rolls);
                memset(succ, 0, sizeof succ);
            }
        }
        rt_free(g);
    }
    cr_assert_gt(opposed, 50, "%d opposed missions", opposed);
    cr_assert_gt(unopposed, 50, "%d unopposed missions", unopposed);
}
