/* test_dice.c: the Rebellion dice -- the team's starting pool and the
   Team Leader's extra die, the roll-and-assign loop (at least one die
   assigned or one forfeited before each re-roll, until every die is
   assigned or forfeited), recruiting a Rebel (it joins the team with its
   damage removed), attacking an Imperial (one DAMAGE a turn, and an
   Alliance Token), and refilling the sectors. */
#include "drive.h"
#include "testutil.h"

static const char *const face_label[] = {"a die showing TACTICAL",    "a die showing INTELLIGENCE",
                                         "a die showing SUPPORT",     "a die showing LEADERSHIP",
                                         "a die showing TACTICAL x2", "a die showing INTELLIGENCE x2",
                                         "a die showing SUPPORT x2",  "a die showing LEADERSHIP x2"};
static const char *const need_field[] = {"need_t", "need_i", "need_s", "need_l"};
static const char *const got_state[] = {"got_t", "got_i", "got_s", "got_l"};

/* shows: how many of single symbol s face f shows (enum symbol order). */
static int shows(int f, int s) { return f == s ? 1 : f == s + 4 ? 2 : 0; }

static int die_face(RtGame *g, RtValue d)
{
    return drv_state(g, d, rt_def(g)->kinds[rt_card_kind(g, d)].name, "face");
}

/* The player whose turn it is, and his team base's name. */
static const char *base_name(RtGame *g, int p)
{
    RtValue z = drv_zone(g, "base", p);
    cr_assert_eq(rt_zone_size(g, z), 1);
    return rt_card_name(g, rt_zone_at(g, z, 0));
}

/* Dice moved from the supply to the roll since line from, by colour. */
static int pool_dice(RtGame *g, int from, const char *colour)
{
    char want[96];
    snprintf(want, sizeof want, "move \"%s Rebellion die\" supply -> rolled", colour);
    return drv_log_count(g, from, -1, want);
}

Test(dice, the_team_base_gives_the_starting_pool_of_four_dice)
{
    for (uint64_t seed = 1; seed <= 12; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 4);
        int p = drv_turn_player(g), from = rt_log_count(g);
        const char *b = base_name(g, p);
        drv_pick(g, "Scarif");
        cr_assert(drv_next(g));
        int red = pool_dice(g, from, "Red"), yellow = pool_dice(g, from, "Yellow"),
            green = pool_dice(g, from, "Green"), blue = pool_dice(g, from, "Blue");
        if (!strcmp(b, "Tatooine"))
            cr_assert(red == 4 && yellow + green + blue == 0);
        else if (!strcmp(b, "Yavin 4"))
            cr_assert(yellow == 4 && red + green + blue == 0);
        else if (!strcmp(b, "Lothal"))
            cr_assert(green == 4 && red + yellow + blue == 0);
        else
            cr_assert(blue == 3 && green == 1 && red + yellow == 0, "Hoth: three blue, one green");
        cr_assert_geq(drv_log_find(g, from, "Rebellion dice (opening roll)."), 0);
        rt_free(g);
    }
}

Test(dice, the_team_leader_rolls_an_extra_die_when_another_rebel_is_on_the_team)
{
    static const char *const leader[] = {"Luke Skywalker", "Cassian Andor", "Hera Syndulla", "Leia Organa"};
    static const char *const extra[] = {"Blue", "Red", "Yellow", "Green"};
    for (uint64_t seed = 1; seed <= 8; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        int p = drv_turn_player(g), from = rt_log_count(g), k = -1;
        for (int i = 0; i < 4; i++)
            if (drv_in(g, "team", p, leader[i]))
                k = i;
        cr_assert_geq(k, 0);
        int before = pool_dice(g, 0, extra[k]);
        /* Sabine Wren (an ability without dice of its own) joins the team */
        RtValue s = drv_find_card(g, "deck", 0, "Sabine Wren");
        if (s == RT_NONE)
            s = drv_card(g, "deployed", 0, "Sabine Wren");
        rt_move(g, s, drv_zone(g, "team", p), RT_AT_TOP, 0);
        drv_pick(g, "Eadu");
        cr_assert(drv_next(g));
        char want[96];
        snprintf(want, sizeof want, "%s: another Rebel is on the team, an extra die.", leader[k]);
        int line = drv_log_find(g, from, want);
        cr_assert_geq(line, 0, "%s", want);
        snprintf(want, sizeof want, "move \"%s Rebellion die\" supply -> rolled", extra[k]);
        cr_assert_eq(drv_log_count(g, line, -1, want) >= 1, 1);
        cr_assert_geq(drv_log_find(g, from, "rolls 5 Rebellion dice (opening roll)."), 0);
        (void)before;
        rt_free(g);
    }
}

/* The first roll menu of the first turn of a 2-player game, deployed to sector. */
static RtGame *at_first_roll_from(uint64_t seed, const char *sector, int *from)
{
    RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
    if (from)
        *from = rt_log_count(g);
    drv_pick(g, sector);
    cr_assert(drv_next(g));
    while (!drv_at_assign(g)) {
        if (drv_has(g, "do not use the ability"))
            drv_pick(g, "do not use the ability");
        else
            rt_apply(g, 0);
        cr_assert(drv_next(g));
    }
    return g;
}
static RtGame *at_first_roll(uint64_t seed, const char *sector) { return at_first_roll_from(seed, sector, NULL); }

Test(dice, each_roll_assigns_at_least_one_die_or_forfeits_one_until_all_are_assigned_or_forfeited)
{
    int assigned_rolls = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        int from;
        RtGame *g = at_first_roll_from(seed, "Eadu", &from);
        int p = drv_turn_player(g);
        int n = drv_log_count(g, from, -1, "Rebellion die\" supply -> rolled");
        cr_assert_geq(n, 4);
        for (;;) {
            if (!drv_at_assign(g))
                break;
            int now = (int)drv_var(g, "assigned_now", 0);
            /* the roll ends by a re-roll only after a die was assigned, else by a forfeit */
            cr_assert_eq(drv_has(g, "re-roll the remaining dice"), now > 0);
            cr_assert_eq(drv_has(g, "forfeit a die and re-roll the rest"), now == 0);
            if (drv_has(g, "assign a die to a card at Eadu")) {
                drv_pick(g, "assign a die to a card at Eadu");
                cr_assert(drv_next(g));
                if (!drv_at_assign(g) && strncmp(drv_label(g, 0), "a die showing", 13) != 0) {
                    rt_apply(g, 0);         /* the first card (unless it was the only one) */
                    cr_assert(drv_next(g));
                }
                if (rt_option_count(g) > 0 && strncmp(drv_label(g, 0), "a die showing", 13) == 0) {
                    rt_apply(g, 0);         /* the first die that fits */
                    cr_assert(drv_next(g));
                }
                assigned_rolls++;
                cr_assert_gt(drv_log_count(g, from, -1, "assigns a "), 0);
            } else if (now > 0) {
                cr_assert(drv_pick_next(g, "re-roll the remaining dice"));
            } else {
                int forfeited = drv_size(g, "forfeited", 0);
                drv_pick(g, "forfeit a die and re-roll the rest");
                cr_assert(drv_next(g));
                if (rt_option_count(g) > 0 && strncmp(drv_label(g, 0), "a die showing", 13) == 0) {
                    rt_apply(g, 0);
                    cr_assert(drv_next(g));
                }
                cr_assert_eq(drv_size(g, "forfeited", 0), forfeited + 1, "one die is forfeited");
            }
            if (drv_turn_player(g) != p || drv_at_deploy(g))
                break;
        }
        /* every die of the pool was assigned or forfeited, then all went back to the supply */
        int assigned = drv_log_count(g, from, -1, "assigns a ");
        int forfeited = drv_log_count(g, from, -1, "forfeits a ");
        int left = 0;
        int line = drv_log_find(g, from, "No card can be completed with the ");
        if (line >= 0)
            left = atoi(drv_line(g, line, -1) + strlen("No card can be completed with the "));
        cr_assert_eq(assigned + forfeited + left, n, "seed %llu: %d assigned, %d forfeited, %d left of %d",
                     (unsigned long long)seed, assigned, forfeited, left, n);
        while (!drv_at_deploy(g) && rt_option_count(g) > 0) {
            rt_apply(g, 0);
            if (!drv_next(g))
                break;
        }
        if (!rt_over(g))
            cr_assert_eq(drv_size(g, "supply", 0), 15, "the dice return to the shared pool");
        rt_free(g);
    }
    cr_assert_gt(assigned_rolls, 0);
}

/* Card c at the active sector is one die short: its other symbols are
   marked as assigned; returns the face (enum symbol) of a rolled die that
   completes it, or -1. */
static int one_die_short(RtGame *g, RtValue c)
{
    RtValue z = drv_zone(g, "rolled", 0);
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        int f = die_face(g, rt_zone_at(g, z, i));
        for (int s = 0; s < 4; s++) {
            int need = drv_field(g, c, need_field[s]);
            if (need > 0 && shows(f, s) > 0) {
                for (int t = 0; t < 4; t++)
                    drv_set_state(g, c, "asset", got_state[t], drv_field(g, c, need_field[t]));
                drv_set_state(g, c, "asset", got_state[s], need > shows(f, s) ? need - shows(f, s) : 0);
                return f;
            }
        }
    }
    return -1;
}

/* A card of the active sector (Rebel or Imperial as wanted), or RT_NONE. */
static RtValue card_at(RtGame *g, int sector, int imperial)
{
    RtValue z = drv_zone(g, "deployed", 0);
    for (int i = 0; i < rt_zone_size(g, z); i++) {
        RtValue c = rt_zone_at(g, z, i);
        if (drv_at(g, c) == sector && drv_is_imperial(g, c) == imperial &&
            drv_damage(g, c) < drv_field(g, c, "capacity"))
            return c;
    }
    return RT_NONE;
}

/* Assign the die showing f to card c (from the roll menu). */
static void assign(RtGame *g, const char *sector, RtValue c, int f)
{
    char opt[64];
    snprintf(opt, sizeof opt, "assign a die to a card at %s", sector);
    drv_pick(g, opt);
    cr_assert(drv_next(g));
    if (drv_has(g, rt_card_name(g, c))) {
        drv_pick(g, rt_card_name(g, c));
        cr_assert(drv_next(g));
    }
    if (drv_has(g, face_label[f])) {
        drv_pick(g, face_label[f]);
        cr_assert(drv_next(g));
    }
}

Test(dice, matching_every_symbol_recruits_the_rebel_who_joins_the_team_with_its_damage_removed)
{
    int done = 0;
    for (uint64_t seed = 1; seed <= 60 && !done; seed++) {
        RtGame *g = at_first_roll(seed, "Jedha");
        int p = drv_turn_player(g);
        RtValue r = card_at(g, JEDHA, 0);
        int f = r == RT_NONE ? -1 : one_die_short(g, r);
        if (f < 0 || !drv_has(g, "assign a die to a card at Jedha")) {
            rt_free(g);
            continue;
        }
        drv_set_state(g, r, "asset", "damage", 1);
        char name[64];
        snprintf(name, sizeof name, "%s", rt_card_name(g, r));
        int from = rt_log_count(g);
        assign(g, "Jedha", r, f);
        char want[160];
        snprintf(want, sizeof want, "Every symbol of %s is matched: it joins Player %d's team at the end of the turn.",
                 name, p + 1);
        cr_assert_geq(drv_log_find(g, from, want), 0, "%s", want);
        cr_assert(drv_state(g, r, "asset", "done"));
        cr_assert(drv_in(g, "deployed", 0, name), "recruited at the end of the turn, not before");
        drv_finish_turn(g, p, 0);
        snprintf(want, sizeof want, "%s joins Player %d's team.", name, p + 1);
        cr_assert_geq(drv_log_find(g, from, want), 0, "%s", want);
        cr_assert(drv_in(g, "team", p, name));
        cr_assert_eq(drv_damage(g, drv_card(g, "team", p, name)), 0, "its damage counters are removed");
        /* the sector is refilled from the Asset deck: three cards again */
        int at_jedha = 0;
        RtValue z = drv_zone(g, "deployed", 0);
        for (int i = 0; i < rt_zone_size(g, z); i++)
            at_jedha += drv_at(g, rt_zone_at(g, z, i)) == JEDHA;
        cr_assert_eq(at_jedha, 3, "the empty space at Jedha is refilled");
        cr_assert_geq(drv_log_find(g, from, "is dealt face up at Jedha."), 0);
        done = 1;
        rt_free(g);
    }
    cr_assert(done, "no seed found");
}

Test(dice, an_attacked_imperial_takes_one_damage_a_turn_and_gives_an_alliance_token)
{
    int done = 0;
    for (uint64_t seed = 1; seed <= 200 && !done; seed++) {
        RtGame *g = drv_game_at_deploy(&dsr_game, seed, 2);
        /* deploy where an Imperial is */
        int sector = -1;
        for (int s = 0; s < 3 && sector < 0; s++)
            if (card_at(g, s, 1) != RT_NONE)
                sector = s;
        rt_free(g);
        if (sector < 0)
            continue;
        g = at_first_roll(seed, drv_sector_name[sector]);
        int p = drv_turn_player(g);
        RtValue imp = card_at(g, sector, 1);
        char opt[64];
        snprintf(opt, sizeof opt, "assign a die to a card at %s", drv_sector_name[sector]);
        int f = imp == RT_NONE ? -1 : one_die_short(g, imp);
        if (f < 0 || !drv_has(g, opt) || drv_size(g, "rolled", 0) < 2) {
            rt_free(g);
            continue;
        }
        char name[64];
        snprintf(name, sizeof name, "%s", rt_card_name(g, imp));
        int before = drv_damage(g, imp), tokens = drv_size(g, "held", p), from = rt_log_count(g);
        assign(g, drv_sector_name[sector], imp, f);
        cr_assert(drv_state(g, imp, "asset", "done"));
        /* no second attack on it this turn: it is no longer a target */
        if (drv_has(g, opt)) {
            drv_pick(g, opt);
            cr_assert(drv_next(g));
            cr_assert(!drv_has(g, name), "%s cannot be attacked twice in a turn: %s", name, drv_labels(g));
            cr_assert(rt_option_count(g) > 0);
            rt_apply(g, 0);
            cr_assert(drv_next(g));
        }
        drv_finish_turn(g, p, 0);
        char want[160];
        snprintf(want, sizeof want, "%s takes a DAMAGE (%d of ", name, before + 1);
        int line = drv_log_find(g, from, want);
        cr_assert_geq(line, 0, "%s", want);
        cr_assert_geq(drv_log_find(g, line, "draws the Alliance Token"), 0, "an Alliance Token for the DAMAGE");
        cr_assert_geq(drv_size(g, "held", p) + drv_size(g, "spent", 0), tokens + 1);
        done = 1;
        rt_free(g);
    }
    cr_assert(done, "no seed found");
}
