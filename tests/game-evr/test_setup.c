/* test_setup.c: the complete setup (rulebook "Complete Setup", steps 1-7). */
#include "drive.h"

static const char *const REB4[] = {"Han Solo", "Luke Skywalker", "Chewbacca", "Leia Organa"};
static const char *const EMP4[] = {"Darth Vader", "Boba Fett", "Admiral Piett", "General Veers"};

/* The order of the event deck at the first decision (before round 1). */
static void event_order(uint64_t seed, char *out, size_t size)
{
    RtGame *g = drv_new(&evr_game, seed);
    cr_assert(drv_next(g));
    cr_assert_eq(drv_size(g, "events", 0), 24, "all 24 events are in the event deck after step 1");
    cr_assert_eq(drv_size(g, "current", 0), 0);
    cr_assert(drv_log_find(g, 0, "shuffle events") >= 0, "the event deck is shuffled");
    out[0] = '\0';
    RtValue z = drv_zone(g, "events", 0);
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        strncat(out, rt_card_name(g, rt_zone_at(g, z, i)), size - strlen(out) - 1);
        strncat(out, ";", size - strlen(out) - 1);
    }
    rt_free(g);
}

Test(setup, events_are_shuffled)
{
    char a[4096], b[4096], c[4096];
    event_order(1, a, sizeof a);
    event_order(2, b, sizeof b);
    event_order(3, c, sizeof c);
    cr_assert(strcmp(a, b) != 0 || strcmp(a, c) != 0, "three seeds give the same event order: %s", a);
}

Test(setup, deck_is_16_others_plus_4_chosen_characters)
{
    RtGame *g = drv_new(&evr_game, 1);
    drv_setup(g, REB4, EMP4);
    cr_assert(drv_next(g));
    /* seed 1 reveals an event that does not add characters */
    cr_assert(strcmp(drv_event(g), "Battle of Hoth") != 0 && strcmp(drv_event(g), "Dagobah Training") != 0);
    for (int p = 0; p < 2; p++) {
        const char *const *chosen = p == REBEL ? REB4 : EMP4;
        cr_assert_eq(drv_size(g, "deck", p), 20, "%s deck", drv_pname(p));
        cr_assert_eq(drv_size(g, "reserve", p), 4, "%s reserve", drv_pname(p));
        int chars = 0;
        RtValue d = drv_zone(g, "deck", p);
        for (int i = 0; i < rt_zone_size(g, d); i++)
            chars += drv_is_character(rt_card_name(g, rt_zone_at(g, d, i)));
        cr_assert_eq(chars, 4, "%s deck has %d characters", drv_pname(p), chars);
        for (int k = 0; k < 4; k++) {
            cr_assert_eq(drv_count_named(g, "deck", p, chosen[k]), 1, "%s is in the deck", chosen[k]);
            cr_assert_eq(drv_count_named(g, "reserve", p, chosen[k]), 0);
        }
        RtValue r = drv_zone(g, "reserve", p);
        for (int i = 0; i < rt_zone_size(g, r); i++)
            cr_assert(drv_is_character(rt_card_name(g, rt_zone_at(g, r, i))), "only characters in the reserve");
        cr_assert_eq(drv_size(g, "strategies", p), 5, "5 strategy cards prepared");
    }
    cr_assert(drv_log_find(g, 0, "shuffle deck(Rebel Alliance)") >= 0);
    cr_assert(drv_log_find(g, 0, "shuffle deck(Galactic Empire)") >= 0);
    rt_free(g);
}

Test(setup, character_choice_is_hidden_from_the_opponent)
{
    RtGame *g = drv_new(&evr_game, 1);
    cr_assert(drv_next(g));
    cr_assert(rt_decision_hidden(g), "the choice of characters is secret");
    rt_free(g);

    g = drv_new(&evr_game, 1);
    drv_setup(g, REB4, EMP4);
    cr_assert(drv_next(g));
    int r1 = drv_log_find(g, 0, "round 1");
    cr_assert(r1 > 0);
    /* each player sees his own picks */
    cr_assert(drv_log_find_as(g, REBEL, 0, "choose Rebel Alliance: Han Solo") >= 0);
    cr_assert(drv_log_find_as(g, EMPIRE, 0, "choose Galactic Empire: Darth Vader") >= 0);
    /* the opponent sees 4 hidden choices and no name of a character */
    cr_assert_eq(drv_log_count_as(g, EMPIRE, 0, r1, "choose Rebel Alliance: (hidden)"), 4);
    cr_assert_eq(drv_log_count_as(g, REBEL, 0, r1, "choose Galactic Empire: (hidden)"), 4);
    for (int k = 0; k < 4; k++) {
        cr_assert_eq(drv_log_count_as(g, EMPIRE, 0, r1, REB4[k]), 0, "the Empire's view names %s", REB4[k]);
        cr_assert_eq(drv_log_count_as(g, REBEL, 0, r1, EMP4[k]), 0, "the Rebel's view names %s", EMP4[k]);
    }
    cr_assert_eq(drv_log_count_as(g, EMPIRE, 0, r1, "move a card reserve(Rebel Alliance) -> deck(Rebel Alliance)"), 4);
    rt_free(g);
}

Test(setup, each_player_has_2_influence)
{
    RtGame *g = drv_new(&evr_game, 1);
    cr_assert(drv_next(g));
    cr_assert_eq(drv_var(g, "influence", REBEL), 2);
    cr_assert_eq(drv_var(g, "influence", EMPIRE), 2);
    cr_assert_eq(drv_var(g, "vp", REBEL), 0);
    cr_assert_eq(drv_var(g, "vp", EMPIRE), 0);
    rt_free(g);
}

Test(setup, balance_token_is_random)
{
    int seen[2] = {0, 0};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        drv_setup(g, NULL, NULL);
        drv_next(g);
        int i = drv_log_find(g, 0, "set balance none -> ");
        cr_assert(i >= 0, "the balance token is set in the setup");
        cr_assert(i < drv_log_find(g, 0, "round 1"));
        const char *l = drv_line(g, i, -1);
        if (strstr(l, "-> Rebel Alliance"))
            seen[REBEL]++;
        else if (strstr(l, "-> Galactic Empire"))
            seen[EMPIRE]++;
        else
            cr_assert_fail("bad balance line %s", l);
        rt_free(g);
    }
    cr_assert(seen[REBEL] > 5 && seen[EMPIRE] > 5, "balance over 40 seeds: rebel %d, empire %d", seen[REBEL],
              seen[EMPIRE]);
}
