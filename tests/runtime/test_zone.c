/* test_zone.c: zones, moves, order, shuffles, card state and conservation of cards. */
#include "helpers.h"
#include "minigame.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#define NZI 8   /* zone instances of a 2-player mini game */

Test(zone, everything_starts_in_the_box_in_card_order)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    RtValue box = rt_zone(g, Z_BOX, RT_NONE);
    cr_assert_eq(box, 0);
    cr_assert_eq(rt_zone_size(g, box), N_INST);
    for (int i = 0; i < N_INST; i++) {
        cr_assert_eq(rt_zone_at(g, box, i), i);
        cr_assert_eq(rt_card_zone(g, i), box);
    }
    cr_assert_str_eq(rt_card_name(g, I_ALPHA2), "Alpha");
    cr_assert_str_eq(rt_card_name(g, I_BETA0), "Beta");
    cr_assert_eq(rt_card_kind(g, I_GAMMA), K_TOKEN);
    cr_assert_eq(rt_card_kind(g, RT_NONE), -1);
    cr_assert_eq(rt_card_state(g, I_ALPHA0, K_UNIT, ST_DMG, 1), 3);
    cr_assert_eq(rt_zone_owner(g, rt_zone(g, Z_HAND, 1)), 1);
    cr_assert_eq(rt_zone_owner(g, box), RT_NONE);
    cr_assert_eq(rt_zone_decl(g, rt_zone(g, Z_TABLE, 1)), Z_TABLE);
    cr_assert_eq(rt_zone_decl(g, 99), -1);
    rt_free(g);
}

Test(zone, moves_keep_order_top_and_bottom)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    RtValue t = rt_zone(g, Z_TABLE, 0);
    rt_move(g, I_ALPHA0, t, RT_AT_TOP, 1);
    rt_move(g, I_ALPHA1, t, RT_AT_TOP, 1);
    rt_move(g, I_BETA0, t, RT_AT_BOTTOM, 1);
    rt_move(g, I_GAMMA, t, RT_AT_TOP, 1);
    /* bottom .. top: Beta0 Alpha0 Alpha1 Gamma */
    RtValue want[] = {I_BETA0, I_ALPHA0, I_ALPHA1, I_GAMMA};
    cr_assert_eq(rt_zone_size(g, t), 4);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(rt_zone_at(g, t, i), want[i]);
    cr_assert_eq(rt_top(g, t, 1), I_GAMMA);
    cr_assert_eq(rt_bottom(g, t, 1), I_BETA0);
    /* the box kept its order without the moved cards */
    RtValue box = rt_zone(g, Z_BOX, 0);
    cr_assert_eq(rt_zone_size(g, box), 2);
    cr_assert_eq(rt_zone_at(g, box, 0), I_ALPHA2);
    cr_assert_eq(rt_zone_at(g, box, 1), I_BETA1);
    /* from the middle */
    rt_move(g, I_ALPHA0, rt_zone(g, Z_HAND, 1), RT_AT_TOP, 1);
    cr_assert_eq(rt_zone_at(g, t, 1), I_ALPHA1);
    cr_assert_eq(rt_card_owner(g, I_ALPHA0), 1);
    cr_assert_eq(zone_total(g, NZI), N_INST);
    cr_assert(!rt_failed(g));
    rt_free(g);
}

Test(zone, move_all_preserves_order)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    RtValue box = rt_zone(g, Z_BOX, 0), t = rt_zone(g, Z_TABLE, 0), h = rt_zone(g, Z_HAND, 0);
    rt_move(g, I_GAMMA, h, RT_AT_TOP, 1);
    rt_move_all(g, box, t, RT_AT_TOP, 1);
    cr_assert_eq(rt_zone_size(g, box), 0);
    for (int i = 0; i < 5; i++)
        cr_assert_eq(rt_zone_at(g, t, i), i);
    rt_move_all(g, t, h, RT_AT_BOTTOM, 1);   /* below Gamma, same order */
    for (int i = 0; i < 5; i++)
        cr_assert_eq(rt_zone_at(g, h, i), i);
    cr_assert_eq(rt_zone_at(g, h, 5), I_GAMMA);
    cr_assert_eq(zone_total(g, NZI), N_INST);
    rt_free(g);
}

Test(zone, moving_resets_state_to_defaults)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    rt_set_card_state(g, I_BETA0, K_UNIT, ST_TAPPED, 1, 1);
    rt_set_card_state(g, I_BETA0, K_UNIT, ST_DMG, 0, 1);
    cr_assert_eq(rt_card_state(g, I_BETA0, K_UNIT, ST_TAPPED, 1), 1);
    rt_move(g, I_BETA0, rt_zone(g, Z_TABLE, 0), RT_AT_TOP, 1);
    cr_assert_eq(rt_card_state(g, I_BETA0, K_UNIT, ST_TAPPED, 1), 0);
    cr_assert_eq(rt_card_state(g, I_BETA0, -1, ST_DMG, 1), 3);
    rt_free(g);
}

Test(zone, shuffle_is_a_seeded_permutation)
{
    RtGame *a = new_game(&mini_base, 5, 2), *b = new_game(&mini_base, 5, 2), *c = new_game(&mini_base, 6, 2);
    RtGame *gs[] = {a, b, c};
    for (int k = 0; k < 3; k++)
        rt_shuffle(gs[k], 0, RT_SITE_NONE);
    int seen[N_INST] = {0};
    int same_ab = 1, same_ac = 1;
    for (int i = 0; i < N_INST; i++) {
        RtValue x = rt_zone_at(a, 0, i);
        seen[x]++;
        same_ab &= x == rt_zone_at(b, 0, i);
        same_ac &= x == rt_zone_at(c, 0, i);
        /* the card knows where it is */
        cr_assert_eq(rt_card_zone(a, x), 0);
    }
    for (int i = 0; i < N_INST; i++)
        cr_assert_eq(seen[i], 1);
    cr_assert(same_ab);
    cr_assert_not(same_ac, "seeds 5 and 6 happen to shuffle the same way");
    /* a position is kept per card: moving from a shuffled zone keeps the others' order */
    RtValue second = rt_zone_at(a, 0, 2);
    rt_move(a, rt_zone_at(a, 0, 1), rt_zone(a, Z_TABLE, 0), RT_AT_TOP, 1);
    cr_assert_eq(rt_zone_at(a, 0, 1), second);
    for (int k = 0; k < 3; k++)
        rt_free(gs[k]);
}

Test(zone, cards_are_conserved_through_whole_games)
{
    for (uint64_t seed = 1; seed <= 30; seed++) {
        RtGame *g = new_game(&mini_base, seed, 2);
        play_random(g, seed);
        cr_assert(rt_over(g));
        cr_assert_not(rt_failed(g), "%s", rt_error(g));
        cr_assert_eq(zone_total(g, NZI), N_INST);
        for (RtValue c = 0; c < N_INST; c++) {
            RtValue z = rt_card_zone(g, c);
            int found = 0;
            for (int i = 0; i < rt_zone_size(g, z); i++)
                found += rt_zone_at(g, z, i) == c;
            cr_assert_eq(found, 1);
        }
        rt_free(g);
    }
}

Test(zone, lists_snapshot_top_first)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    int l = rt_list_zone(g, 0, RT_SITE_SCRIPT);
    cr_assert_eq(rt_list_len(g, l), N_INST);
    cr_assert_eq(rt_list_at(g, l, 0), I_GAMMA);
    cr_assert_eq(rt_list_at(g, l, N_INST - 1), I_ALPHA0);
    rt_move(g, I_GAMMA, rt_zone(g, Z_POOL, 0), RT_AT_TOP, 1);
    cr_assert_eq(rt_list_len(g, l), N_INST);   /* a snapshot */
    int l2 = rt_list_zone(g, 0, RT_SITE_SCRIPT);
    cr_assert_eq(rt_list_len(g, l2), N_INST - 1);
    rt_list_pop(g, l);
    cr_assert_eq(rt_list_len(g, l2), 0);
    cr_assert_eq(rt_list_at(g, l2, 0), RT_NONE);
    cr_assert_eq(rt_list_len(g, -5), 0);
    cr_assert_eq(rt_list_at(g, 12345, 0), RT_NONE);
    rt_free(g);
}

Test(zone, list_stack_overflow_is_a_named_error)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    int ok = 0;
    for (int i = 0; i < 1000 && !rt_failed(g); i++)
        ok += rt_list_zone(g, 0, RT_SITE_SCRIPT) >= 0;
    cr_assert(rt_failed(g));
    cr_assert_gt(ok, 10);
    cr_assert(strstr(rt_error(g), "list stack (limit") != NULL, "%s", rt_error(g));
    rt_free(g);
}

Test(zone, built_lists_append_and_search)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    int l = rt_list_new(g, RT_SITE_SCRIPT);
    rt_list_add(g, l, I_BETA0, RT_SITE_SCRIPT);
    rt_list_add(g, l, I_GAMMA, RT_SITE_SCRIPT);
    cr_assert_eq(rt_list_len(g, l), 2);
    cr_assert(rt_list_has(g, l, I_GAMMA));
    cr_assert_not(rt_list_has(g, l, I_ALPHA0));
    int inner = rt_list_zone(g, 0, RT_SITE_SCRIPT);
    rt_list_add(g, l, I_ALPHA0, RT_SITE_SCRIPT);   /* not the top list: an error */
    cr_assert(rt_failed(g));
    rt_list_pop(g, inner);
    rt_free(g);
}

/* pluck_all_units: what a pluck loop over the box does for `where c is
   unit { if c is the first Beta: move to deck bottom, else table top }`. */
static void pluck_units(RtGame *g)
{
    RtValue box = rt_zone(g, Z_BOX, RT_NONE);
    const int32_t *cells = rt_zone_cards(g, box);
    for (int at = cells[0]; at >= 1; at--) {
        RtValue c = cells[at];
        if (rt_card_kind(g, c) != K_UNIT)
            continue;
        if (c == I_BETA0)
            rt_pluck(g, box, at, rt_zone(g, Z_DECK, 0), RT_AT_BOTTOM, 7);
        else
            rt_pluck(g, box, at, rt_zone(g, Z_TABLE, 0), RT_AT_TOP, 7);
    }
    rt_pluck_close(g, box);
}

/* The same loop over a snapshot with rt_move. */
static void move_units(RtGame *g)
{
    RtValue box = rt_zone(g, Z_BOX, RT_NONE);
    int list = rt_list_zone(g, box, RT_SITE_SCRIPT);
    for (int i = 0; i < rt_list_len(g, list); i++) {
        RtValue c = rt_list_at(g, list, i);
        if (rt_card_kind(g, c) != K_UNIT)
            continue;
        if (c == I_BETA0)
            rt_move(g, c, rt_zone(g, Z_DECK, 0), RT_AT_BOTTOM, 7);
        else
            rt_move(g, c, rt_zone(g, Z_TABLE, 0), RT_AT_TOP, 7);
    }
    rt_list_pop(g, list);
}

Test(zone, pluck_moves_as_a_snapshot_loop_of_moves_does)
{
    RtGame *a = new_game(&mini_base, 1, 2), *b = new_game(&mini_base, 1, 2);
    rt_move(a, I_ALPHA1, rt_zone(a, Z_DECK, 0), RT_AT_TOP, 1);   /* a card already there */
    rt_move(b, I_ALPHA1, rt_zone(b, Z_DECK, 0), RT_AT_TOP, 1);
    rt_set_card_state(a, I_ALPHA2, K_UNIT, ST_DMG, 0, 1);          /* reset by the move */
    rt_set_card_state(b, I_ALPHA2, K_UNIT, ST_DMG, 0, 1);
    pluck_units(a);
    move_units(b);
    cr_assert(!rt_failed(a) && !rt_failed(b));
    for (int z = 0; z < NZI; z++) {
        cr_assert_eq(rt_zone_size(a, z), rt_zone_size(b, z), "zone %d", z);
        for (int i = 0; i < rt_zone_size(a, z); i++)
            cr_assert_eq(rt_zone_at(a, z, i), rt_zone_at(b, z, i), "zone %d cell %d", z, i);
    }
    for (int c = 0; c < N_INST; c++) {
        cr_assert_eq(rt_card_zone(a, c), rt_card_zone(b, c));
        if (rt_card_kind(a, c) == K_UNIT)
            cr_assert_eq(rt_card_state(a, c, K_UNIT, ST_DMG, 1), rt_card_state(b, c, K_UNIT, ST_DMG, 1));
    }
    /* walked top first: Gamma stays, Beta1 to the table, Beta0 under the
       deck, then Alpha2 and Alpha0 onto the table */
    RtValue box = rt_zone(a, Z_BOX, RT_NONE), table = rt_zone(a, Z_TABLE, 0), deck = rt_zone(a, Z_DECK, 0);
    cr_assert_eq(rt_zone_size(a, box), 1);
    cr_assert_eq(rt_zone_at(a, box, 0), I_GAMMA);
    cr_assert_eq(rt_zone_size(a, deck), 2);
    cr_assert_eq(rt_zone_at(a, deck, 0), I_BETA0);
    cr_assert_eq(rt_zone_at(a, deck, 1), I_ALPHA1);
    cr_assert_eq(rt_zone_size(a, table), 3);
    cr_assert_eq(rt_zone_at(a, table, 0), I_BETA1);
    cr_assert_eq(rt_zone_at(a, table, 1), I_ALPHA2);
    cr_assert_eq(rt_zone_at(a, table, 2), I_ALPHA0);
    cr_assert_eq(rt_card_state(a, I_ALPHA2, K_UNIT, ST_DMG, 1), 3);
    cr_assert_eq(rt_hash(a), rt_hash(b));
    /* the log says the same */
    char *la = log_json(a), *lb = log_json(b);
    cr_assert_str_eq(la, lb);
    free(la);
    free(lb);
    rt_free(a);
    rt_free(b);
}

Test(zone, pluck_refuses_a_card_of_the_wrong_kind_and_moves_nothing)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    RtValue box = rt_zone(g, Z_BOX, RT_NONE), pool = rt_zone(g, Z_POOL, RT_NONE);
    rt_pluck(g, box, 1 + I_ALPHA0, pool, RT_AT_TOP, 13);   /* the pool takes tokens */
    cr_assert(rt_failed(g));
    cr_assert(strstr(rt_error(g), "\"Alpha\" is not a token and cannot enter pool"), "%s", rt_error(g));
    rt_pluck_close(g, box);
    cr_assert_eq(rt_zone_size(g, box), N_INST);
    cr_assert_eq(rt_zone_size(g, pool), 0);
    rt_free(g);
}

Test(zone, pluck_of_an_empty_cell_or_into_its_own_zone_fails)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    RtValue box = rt_zone(g, Z_BOX, RT_NONE);
    rt_pluck(g, box, 1, box, RT_AT_TOP, 3);
    cr_assert(rt_failed(g));
    cr_assert(strstr(rt_error(g), "no zone"), "%s", rt_error(g));
    rt_free(g);
    g = new_game(&mini_base, 1, 2);
    box = rt_zone(g, Z_BOX, RT_NONE);
    rt_pluck(g, box, 1, rt_zone(g, Z_TABLE, 0), RT_AT_TOP, 3);
    rt_pluck(g, box, 1, rt_zone(g, Z_TABLE, 0), RT_AT_TOP, 3);   /* the cell is empty now */
    cr_assert(rt_failed(g));
    cr_assert(strstr(rt_error(g), "move of no card"), "%s", rt_error(g));
    rt_pluck_close(g, box);
    cr_assert_eq(rt_zone_size(g, box), N_INST - 1);
    cr_assert_eq(zone_total(g, NZI), N_INST);
    rt_free(g);
}

Test(zone, move_end_takes_the_top_or_bottom_card_as_move_does)
{
    RtGame *a = new_game(&mini_base, 1, 2), *b = new_game(&mini_base, 1, 2);
    RtValue box = rt_zone(a, Z_BOX, RT_NONE), t = rt_zone(a, Z_TABLE, 1);
    rt_move_end(a, box, 0, t, RT_AT_TOP, 5);      /* Gamma */
    rt_move(b, rt_top(b, box, 5), t, RT_AT_TOP, 5);
    rt_move_end(a, box, 1, t, RT_AT_BOTTOM, 5);   /* Alpha0, under Gamma */
    rt_move(b, rt_bottom(b, box, 5), t, RT_AT_BOTTOM, 5);
    cr_assert_eq(rt_zone_at(a, t, 0), I_ALPHA0);
    cr_assert_eq(rt_zone_at(a, t, 1), I_GAMMA);
    cr_assert_eq(rt_zone_at(a, box, 0), I_ALPHA1);
    cr_assert_eq(rt_zone_size(a, box), N_INST - 2);
    cr_assert_eq(rt_hash(a), rt_hash(b));
    char *la = log_json(a), *lb = log_json(b);
    cr_assert_str_eq(la, lb);
    free(la);
    free(lb);
    /* an empty zone fails as top() does, and nothing moves */
    rt_move_end(a, rt_zone(a, Z_HAND, 0), 0, t, RT_AT_TOP, 9);
    cr_assert(rt_failed(a));
    cr_assert(strstr(rt_error(a), "top of empty zone"), "%s", rt_error(a));
    cr_assert_eq(rt_zone_size(a, t), 2);
    rt_free(a);
    rt_free(b);
}

/* note_played_run: the played-card bits of moves in a game of mini_base
   with the log off (the inline fast paths) or on (the general ones). */
static void note_played_run(int log)
{
    RtOptions opt = {2, 1, log, 0, 0};
    RtGame *g = rt_new(&mini_base, &opt);
    cr_assert_not_null(g);
    uint8_t bits[1] = {0};   /* 3 cards x 2 players */
    rt_note_played(g, bits);
    cr_assert_eq(bits[0], 0, "the box is no player's public zone");
    rt_move(g, I_ALPHA0, rt_zone(g, Z_TABLE, 1), RT_AT_TOP, 1);
    rt_move(g, I_ALPHA0, rt_zone(g, Z_HAND, 1), RT_AT_TOP, 1);
    cr_assert_eq(bits[0], 1u << (0 * 2 + 1), "Alpha passed through player 2's table: played, and it stays so");
    rt_move(g, I_BETA0, rt_zone(g, Z_HAND, 0), RT_AT_TOP, 1);
    rt_move(g, I_GAMMA, rt_zone(g, Z_POOL, RT_NONE), RT_AT_TOP, 1);
    cr_assert_eq(bits[0], 1u << 1, "a private zone and a shared public one note nothing");
    rt_move(g, I_BETA1, rt_zone(g, Z_HAND, 0), RT_AT_BOTTOM, 1);
    rt_move_all(g, rt_zone(g, Z_HAND, 0), rt_zone(g, Z_TABLE, 0), RT_AT_TOP, 1);
    cr_assert_eq(bits[0], (1u << 1) | (1u << (1 * 2 + 0)), "a move of a whole zone notes its cards");
    RtGame *c = rt_clone(g);
    rt_move(c, I_GAMMA, rt_zone(c, Z_TABLE, 0), RT_AT_TOP, 1);
    cr_assert_eq(bits[0], (1u << 1) | (1u << 2), "a clone's moves are not noted");
    uint8_t again[1] = {0};
    rt_note_played(g, again);
    cr_assert_eq(again[0], 1u << 2, "starting to note marks what the public zones hold: both Betas on player 1's table");
    rt_note_played(g, NULL);
    rt_move(g, I_ALPHA1, rt_zone(g, Z_TABLE, 0), RT_AT_TOP, 1);
    cr_assert_eq(again[0], 1u << 2, "stopped: nothing more is noted");
    rt_free(c);
    rt_free(g);
}

Test(zone, played_cards_are_noted_as_they_enter_a_players_public_zone)
{
    note_played_run(0);
    note_played_run(1);
}
