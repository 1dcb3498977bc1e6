/* test_vader.c: the Dark Side dice -- every facing of the Darth Vader die
   (clockwise, counter-clockwise, the helmet, the Death Star face), his
   attack on the Rebels of his sector only, the Imperials he triggers and
   in which order, and the Death Star die's counter. */
#include "drive.h"
#include "testutil.h"

/* The face-up cards before the Dark Side dice. */
typedef struct Snap {
    char name[64];
    int at, damage, imperial, capacity;
} Snap;
typedef struct Before {
    Snap card[9];
    int n, vader, from;
} Before;

static void snapshot(RtGame *g, Before *b)
{
    RtValue z = drv_zone(g, "deployed", 0);
    b->n = rt_zone_size(g, z);
    cr_assert_eq(b->n, 9, "nine face-up asset cards");
    for (int i = 0; i < b->n; i++) {
        RtValue c = rt_zone_at(g, z, i);
        snprintf(b->card[i].name, sizeof b->card[i].name, "%s", rt_card_name(g, c));
        b->card[i].at = drv_at(g, c);
        b->card[i].damage = drv_damage(g, c);
        b->card[i].imperial = drv_is_imperial(g, c);
        b->card[i].capacity = drv_field(g, c, "capacity");
    }
    b->vader = drv_vader(g);
    b->from = rt_log_count(g);
}

static int imperials_in_sectors(const Before *b)
{
    int seen[3] = {0, 0, 0};
    for (int i = 0; i < b->n; i++)
        if (b->card[i].imperial)
            seen[b->card[i].at] = 1;
    return seen[0] + seen[1] + seen[2];
}

/* A game of 2 players at its first turn, deployed to Eadu, whose Darth
   Vader die then shows face (and with imperials in at least min_sectors
   sectors); *b is the table before the Dark Side dice. */
static RtGame *first_turn_with(int face, int min_sectors, Before *b)
{
    for (uint64_t seed = 1; seed < 2000; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        snapshot(g, b);
        if (imperials_in_sectors(b) >= min_sectors) {
            drv_pick(g, "Eadu");
            cr_assert(drv_next(g));
            if (drv_state(g, drv_vader_die(g), "vader_die", "face") == face)
                return g;
        }
        rt_free(g);
    }
    cr_assert_fail("no seed shows the face");
    return NULL;
}

/* The line "<Imperial> at <sector>:" of a triggered Imperial, or -1. */
static int trigger_line(RtGame *g, int from, const Snap *s)
{
    char want[128];
    snprintf(want, sizeof want, "%s at %s: ", s->name, drv_sector_name[s->at]);
    return drv_log_find(g, from, want);
}

/* Vader attacked sector x: its face-up Rebels took a DAMAGE (up to their
   capacity), the other sectors' Rebels took none from him; the
   Imperials of x were triggered after the attack. */
static void attacked_and_triggered(RtGame *g, const Before *b, int x, int others_triggered)
{
    char want[96];
    snprintf(want, sizeof want, "Darth Vader attacks the Rebels at %s.", drv_sector_name[x]);
    int attack = drv_log_find(g, b->from, want);
    cr_assert_geq(attack, 0, "%s", want);
    for (int i = 0; i < b->n; i++) {
        const Snap *s = &b->card[i];
        RtValue c = drv_card(g, "deployed", 0, s->name);
        if (s->imperial) {
            int t = trigger_line(g, b->from, s);
            if (s->at == x) {
                cr_assert_gt(t, attack, "%s at %s is triggered after the attack", s->name, drv_sector_name[x]);
            } else if (!others_triggered) {
                cr_assert_eq(t, -1, "%s is not in Vader's sector and is not triggered", s->name);
            }
        } else if (s->at == x) {
            int want_damage = s->damage + 1 > s->capacity ? s->capacity : s->damage + 1;
            cr_assert_geq(drv_damage(g, c), want_damage, "%s at %s takes a DAMAGE", s->name, drv_sector_name[x]);
        } else if (!others_triggered) {
            cr_assert_eq(drv_damage(g, c), s->damage, "%s is not in Vader's sector", s->name);
        }
    }
}

Test(vader, clockwise_rotates_him_to_the_next_sector_where_he_attacks_and_triggers_the_imperials)
{
    Before b;
    RtGame *g = first_turn_with(V_CW, 1, &b);
    int x = drv_cw(b.vader);
    cr_assert_eq(drv_vader(g), x);
    char want[96];
    snprintf(want, sizeof want, "Darth Vader rotates clockwise to %s.", drv_sector_name[x]);
    cr_assert_geq(drv_log_find(g, b.from, want), 0);
    attacked_and_triggered(g, &b, x, 0);
    rt_free(g);
}

Test(vader, counter_clockwise_rotates_him_to_the_previous_sector_where_he_attacks_and_triggers)
{
    Before b;
    RtGame *g = first_turn_with(V_CCW, 1, &b);
    int x = drv_ccw(b.vader);
    cr_assert_eq(drv_vader(g), x);
    char want[96];
    snprintf(want, sizeof want, "Darth Vader rotates counter-clockwise to %s.", drv_sector_name[x]);
    cr_assert_geq(drv_log_find(g, b.from, want), 0);
    attacked_and_triggered(g, &b, x, 0);
    rt_free(g);
}

Test(vader, the_helmet_keeps_him_and_triggers_every_imperial_his_sector_first_then_clockwise)
{
    Before b;
    RtGame *g = first_turn_with(V_HELMET, 2, &b);
    int x = b.vader;
    cr_assert_eq(drv_vader(g), x, "the helmet keeps him where he is");
    attacked_and_triggered(g, &b, x, 1);
    /* every Imperial is triggered, in the order: his sector, clockwise, then the last */
    int last[3] = {-1, -1, -1}, first[3] = {1 << 30, 1 << 30, 1 << 30};
    for (int i = 0; i < b.n; i++) {
        if (!b.card[i].imperial)
            continue;
        int t = trigger_line(g, b.from, &b.card[i]);
        cr_assert_geq(t, 0, "%s is triggered by the helmet", b.card[i].name);
        int rank = (b.card[i].at - x + 3) % 3;
        if (t > last[rank])
            last[rank] = t;
        if (t < first[rank])
            first[rank] = t;
    }
    for (int r = 0; r < 2; r++)
        for (int s = r + 1; s < 3; s++)
            if (last[r] >= 0 && first[s] < (1 << 30))
                cr_assert_lt(last[r], first[s], "sector +%d before sector +%d", r, s);
    rt_free(g);
}

Test(vader, the_death_star_face_rolls_the_death_star_die_again_and_he_still_attacks_where_he_is)
{
    Before b;
    RtGame *g = first_turn_with(V_DEATH_STAR, 1, &b);
    int x = b.vader;
    cr_assert_eq(drv_vader(g), x);
    char want[96];
    snprintf(want, sizeof want, "Darth Vader stays at %s and the Death Star die is rolled again.", drv_sector_name[x]);
    int again = drv_log_find(g, b.from, want);
    cr_assert_geq(again, 0);
    snprintf(want, sizeof want, "Darth Vader attacks the Rebels at %s.", drv_sector_name[x]);
    int attack = drv_log_find(g, b.from, want);
    /* two Death Star results before the attack: one before the Vader die, one after */
    cr_assert_eq(drv_log_count(g, b.from, again, "An Operation Counter is added to "), 1);
    cr_assert_eq(drv_log_count(g, again, attack, "An Operation Counter is added to "), 1);
    int total = 0;
    RtValue ds = drv_zone(g, "deathstar", 0);
    for (int i = 0; i < rt_zone_size(g, ds); i++)
        total += drv_state(g, rt_zone_at(g, ds, i), "component", "counters");
    cr_assert_geq(total, 2);
    attacked_and_triggered(g, &b, x, 0);
    rt_free(g);
}

/* The components of the colours of the Death Star die (enum hue order). */
static const char *const component_of_hue[] = {"Superlaser", "Tractor Beam", "Hangar Bay", "Detention Block",
                                               "Reactor Core", "Command Bridge"};

Test(vader, the_death_star_die_adds_a_counter_to_the_component_of_its_colour)
{
    int checked = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 3);
        int from = rt_log_count(g);
        drv_pick(g, "Jedha");
        cr_assert(drv_next(g));
        /* (Director Krennic rolls the Death Star die too: games where he is triggered are left out) */
        if (drv_state(g, drv_vader_die(g), "vader_die", "face") != V_DEATH_STAR &&
            drv_log_find(g, from, "Director Krennic at") < 0) {
            /* one roll of the Death Star die: its face names the component of the first counter */
            int colour = drv_state(g, drv_death_star_die(g), "death_star_die", "face");
            int line = drv_log_find(g, from, "An Operation Counter is added to ");
            cr_assert_geq(line, 0);
            char want[96];
            snprintf(want, sizeof want, "An Operation Counter is added to %s (1 of ", component_of_hue[colour]);
            cr_assert(strstr(drv_line(g, line, -1), want), "%s, not %s", want, drv_line(g, line, -1));
            cr_assert_geq(drv_state(g, drv_card(g, "deathstar", 0, component_of_hue[colour]), "component", "counters"), 1);
            checked++;
        }
        rt_free(g);
    }
    cr_assert_geq(checked, 10);
}
