/* test_driver.c: the driver: decisions, forced options, calls, clone and hash, clamping, errors, limits. */
#include "helpers.h"
#include "minigame.h"
#include "quitter.h"

#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdlib.h>
#include <string.h>

static char buf[256];

Test(driver, first_decisions_are_the_hidden_setup_choices)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    cr_assert_eq(rt_advance(g), 1);
    cr_assert_eq(rt_decision_player(g), 0);
    cr_assert_eq(rt_option_count(g), 2);
    cr_assert_str_eq(rt_decision_prompt(g), "pick a side");
    cr_assert_eq(rt_decision_hidden(g), 1);
    cr_assert_str_eq(rt_option_label(g, 0, buf, sizeof buf), "left");
    cr_assert_str_eq(rt_option_label(g, 1, buf, sizeof buf), "right");
    cr_assert_str_eq(rt_option_label(g, 2, buf, sizeof buf), "");
    cr_assert_eq(rt_advance(g), 1, "advancing again keeps waiting");
    cr_assert_eq(rt_decisions(g), 0);
    rt_apply(g, 1);
    cr_assert_eq(rt_decisions(g), 1);
    cr_assert_eq(rt_advance(g), 1);
    cr_assert_eq(rt_decision_player(g), 1);
    rt_apply(g, 0);
    cr_assert_eq(rt_get(g, V_SECRET, 1), -1, "the script resumes at the next rt_advance");
    /* round 1: North may pass or play its one card */
    cr_assert_eq(rt_advance(g), 1);
    cr_assert_eq(rt_get(g, V_SECRET, 0), 1);
    cr_assert_eq(rt_get(g, V_SECRET, 1), 0);
    cr_assert_eq(rt_rounds(g), 1);
    cr_assert_eq(rt_decision_player(g), 0);
    cr_assert_eq(rt_decision_hidden(g), 0);
    cr_assert_eq(rt_option_count(g), 2);
    cr_assert_str_eq(rt_option_label(g, 0, buf, sizeof buf), "pass");
    RtValue card = rt_zone_at(g, rt_zone(g, Z_HAND, 0), 0);
    char want[64];
    snprintf(want, sizeof want, "play: %s", rt_card_name(g, card));
    cr_assert_str_eq(rt_option_label(g, 1, buf, sizeof buf), want);
    rt_apply(g, 1);
    cr_assert_eq(rt_advance(g), 1);
    cr_assert_eq(rt_card_zone(g, card), rt_zone(g, Z_TABLE, 0));
    cr_assert_eq(rt_card_state(g, card, K_UNIT, ST_TAPPED, 1), 1);
    cr_assert_geq(rt_get(g, V_SCORE, 0), 1);
    rt_free(g);
}

/* An agent that always plays a card when it can: hands run dry, and the
   last decisions have one option ("pass"), applied without asking. */
static int eager(RtAgent *a, RtGame *g)
{
    (void)a;
    return rt_option_count(g) - 1;
}

Test(driver, single_options_are_forced_and_logged)
{
    RtGame *g = new_game(&mini_base, 3, 2);
    RtAgent a = {.name = "eager", .choose = eager};
    RtAgent *agents[] = {&a, &a};
    int asked = 0;
    while (rt_advance(g)) {
        cr_assert_geq(rt_option_count(g), 2);
        asked++;
        rt_apply(g, a.choose(&a, g));
    }
    cr_assert(rt_over(g));
    cr_assert_not(rt_failed(g), "%s", rt_error(g));
    char *text = log_text(g, -1);
    cr_assert(strstr(text, ": pass (forced)") != NULL || rt_is_winner(g, 0), "%s", text);
    int forced = 0, choices = 0;
    for (char *p = text; (p = strstr(p, "\nchoose ")) != NULL; p++) {
        choices++;
        char *nl = strchr(p + 1, '\n');
        if (nl && nl - p > 9 && strncmp(nl - 8, "(forced)", 8) == 0)
            forced++;
    }
    cr_assert_eq(choices, rt_decisions(g));
    cr_assert_eq(choices - forced, asked);
    free(text);
    (void)agents;
    rt_free(g);
}

Test(driver, nested_call_resumes_after_its_choice)
{
    /* Find a seed where North's first card is a Beta: its ability asks "bonus". */
    for (uint64_t seed = 1; seed < 200; seed++) {
        RtGame *g = new_game(&mini_base, seed, 2);
        rt_advance(g);
        rt_apply(g, 0);
        rt_advance(g);
        rt_apply(g, 0);
        rt_advance(g);
        RtValue card = rt_zone_at(g, rt_zone(g, Z_HAND, 0), 0);
        if (rt_card_row(g, card, K_UNIT, 1) != 1) {
            rt_free(g);
            continue;
        }
        rt_apply(g, 1);
        cr_assert_eq(rt_advance(g), 1);
        cr_assert_str_eq(rt_decision_prompt(g), "bonus");
        cr_assert_eq(rt_decision_player(g), 0);
        cr_assert_str_eq(rt_option_label(g, 1, buf, sizeof buf), "two");
        rt_apply(g, 1);
        cr_assert_eq(rt_advance(g), 1);
        cr_assert_eq(rt_get(g, V_SCORE, 0), 4);
        cr_assert_eq(rt_card_state(g, card, K_UNIT, ST_DMG, 1), 1);
        cr_assert_eq(rt_decision_player(g), 1, "the round script resumed after the call");
        cr_assert_not(rt_failed(g));
        rt_free(g);
        return;
    }
    cr_assert_fail("no seed deals a Beta first");
}

Test(driver, clone_continues_identically)
{
    RtGame *g = new_game(&mini_base, 11, 2);
    rt_advance(g);
    rt_apply(g, 1);
    rt_advance(g);
    RtGame *c = rt_clone(g);
    cr_assert_not_null(c);
    cr_assert_eq(rt_hash(c), rt_hash(g));
    cr_assert_eq(rt_log_count(c), 0, "clones have no log");
    RtAgent a, b;
    rt_agent_random(&a);
    rt_agent_random(&b);
    a.reset(&a, 77);
    b.reset(&b, 77);
    int ra, rb;
    do {
        ra = rt_advance(g);
        rb = rt_advance(c);
        cr_assert_eq(ra, rb);
        cr_assert_eq(rt_hash(g), rt_hash(c));
        if (ra) {
            rt_apply(g, a.choose(&a, g));
            rt_apply(c, b.choose(&b, c));
        }
    } while (ra);
    cr_assert_eq(rt_is_winner(g, 0), rt_is_winner(c, 0));
    cr_assert_eq(rt_is_winner(g, 1), rt_is_winner(c, 1));
    cr_assert_eq(rt_decisions(g), rt_decisions(c));
    cr_assert_eq(rt_rounds(g), rt_rounds(c));
    /* copy_state back to an earlier game */
    RtGame *d = new_game(&mini_base, 999, 2);
    cr_assert_neq(rt_hash(d), rt_hash(g));
    rt_copy_state(d, g);
    cr_assert_eq(rt_hash(d), rt_hash(g));
    cr_assert_eq(rt_over(d), 1);
    rt_free(c);
    rt_free(d);
    rt_free(g);
}

Test(driver, hash_follows_the_state)
{
    RtGame *g = new_game(&mini_base, 2, 2);
    uint64_t h0 = rt_hash(g);
    rt_set(g, V_MARKER, RT_NONE, 1);
    uint64_t h1 = rt_hash(g);
    cr_assert_neq(h0, h1);
    rt_set(g, V_MARKER, RT_NONE, 0);
    cr_assert_eq(rt_hash(g), h0);
    rt_random(g, 10);
    cr_assert_neq(rt_hash(g), h0, "the generator is part of the state");
    RtGame *c = rt_clone(g);
    rt_move(c, I_ALPHA0, rt_zone(c, Z_TABLE, 1), RT_AT_TOP, 1);
    cr_assert_neq(rt_hash(c), rt_hash(g));
    rt_free(c);
    rt_free(g);
}

/* The hash reads only what a game can observe: a card moved away and back
   to the top of its zone leaves a stale cell in the other zone, a reset
   game reuses a block full of an earlier game's scratch, and both still
   hash as the state they are equal to. */
Test(driver, hash_ignores_scratch_left_behind)
{
    RtGame *g = new_game(&mini_base, 5, 2);
    RtGame *c = rt_clone(g);
    RtValue from = rt_zone(c, Z_BOX, 0), card = rt_top(c, from, 1);
    rt_move(c, card, rt_zone(c, Z_TABLE, 1), RT_AT_TOP, 1);
    cr_assert_neq(rt_hash(c), rt_hash(g));
    rt_move(c, card, from, RT_AT_TOP, 1);
    cr_assert_eq(rt_hash(c), rt_hash(g));
    rt_free(c);

    RtGame *r = new_game(&mini_base, 8, 2);
    RtAgent a;
    rt_agent_random(&a);
    a.reset(&a, 3);
    while (rt_advance(r))
        rt_apply(r, a.choose(&a, r));
    rt_reset(r, 5);
    cr_assert_eq(rt_hash(r), rt_hash(g), "a reset game hashes as a new one");
    rt_free(r);
    rt_free(g);
}

Test(driver, counters_clamp_to_min_and_max)
{
    RtGame *g = new_game(&mini_base, 2, 2);
    rt_set(g, V_SCORE, 0, 7);
    cr_assert_eq(rt_get(g, V_SCORE, 0), 5);
    rt_set(g, V_SCORE, 0, -2);
    cr_assert_eq(rt_get(g, V_SCORE, 0), 0);
    rt_set(g, V_SCORE, 0, 0);   /* no change: not logged */
    rt_set(g, V_SECRET, 1, -40);
    cr_assert_eq(rt_get(g, V_SECRET, 1), -40, "no bounds, no clamp");
    char *text = log_text(g, -1);
    cr_assert_str_eq(text, "set score(North) 0 -> 5\nset score(North) 5 -> 0\nset secret(South) -1 -> -40\n");
    free(text);
    rt_free(g);
}

Test(driver, runtime_error_ends_the_game_with_file_and_line)
{
    RtGame *g = new_game(&mini_broken, 1, 2);
    cr_assert_eq(rt_advance(g), 0);
    cr_assert(rt_over(g));
    cr_assert(rt_failed(g));
    cr_assert(rt_check(g));
    cr_assert_str_eq(rt_error(g), "mini.cards:62:5: top of empty zone hand(North)");
    cr_assert_eq(rt_advance(g), 0);
    rt_apply(g, 0);   /* nothing to answer: ignored */
    char *text = log_text(g, 1);
    cr_assert_str_eq(text, "error mini.cards:62:5: top of empty zone hand(North)\n");
    free(text);
    rt_free(g);
}

Test(driver, bad_arguments_never_crash)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    rt_move(g, 999, 0, RT_AT_TOP, RT_SITE_NONE);
    cr_assert_str_eq(rt_error(g), "move of no card", "no site: no location");
    /* every primitive keeps giving harmless values */
    cr_assert_eq(rt_zone(g, 77, 0), RT_NONE);
    cr_assert_eq(rt_zone(g, Z_HAND, 9), RT_NONE);
    cr_assert_eq(rt_top(g, -3, 1), RT_NONE);
    cr_assert_eq(rt_bottom(g, 1000, 1), RT_NONE);
    cr_assert_eq(rt_random_card(g, rt_zone(g, Z_TABLE, 0), 1), RT_NONE);
    cr_assert_eq(rt_zone_size(g, -1), 0);
    cr_assert_eq(rt_zone_at(g, 0, 1000), RT_NONE);
    cr_assert_eq(rt_card_state(g, RT_NONE, K_UNIT, 0, 1), 0);
    cr_assert_eq(rt_card_state(g, I_GAMMA, K_UNIT, 0, 1), 0);
    cr_assert_eq(rt_card_state(g, I_ALPHA0, K_UNIT, 7, 1), 0);
    rt_set_card_state(g, -9, 0, 0, 1, 1);
    cr_assert_eq(rt_card_row(g, RT_NONE, K_UNIT, 1), 0);
    cr_assert_eq(rt_card_owner(g, 4000), RT_NONE);
    cr_assert_str_eq(rt_card_name(g, RT_NONE), "none");
    cr_assert_eq(rt_get(g, 55, 0), 0);
    cr_assert_eq(rt_get(g, V_SCORE, 5), 0);
    rt_set(g, 55, 0, 1);
    cr_assert_eq(rt_const(g, 1), 3);
    cr_assert_eq(rt_const(g, 9), 0);
    cr_assert_eq(rt_next_player(g, 1), 0);
    cr_assert_eq(rt_next_player(g, 8), RT_NONE);
    cr_assert_eq(rt_player_side(g, 1), 1);
    cr_assert_eq(rt_player_side(g, -1), RT_NONE);
    cr_assert_str_eq(rt_player_name(g, 7, buf, sizeof buf), "none");
    rt_move_all(g, 0, 55, RT_AT_TOP, 1);
    rt_shuffle(g, 1234, RT_SITE_NONE);
    cr_assert_eq(rt_call(g, 999, RT_NONE, 0, RT_SITE_NONE), 1);
    cr_assert_eq(rt_call(g, -1, RT_NONE, 0, RT_SITE_NONE), 0);
    rt_option(g, 1, 2, 3);
    rt_apply(g, 3);
    cr_assert_eq(rt_win(g, 3, RT_SITE_NONE), RT_END);
    cr_assert_eq(rt_fail(g, 1, "later"), RT_END);
    cr_assert_str_eq(rt_error(g), "move of no card", "the first error wins");
    cr_assert_eq(rt_advance(g), 0);
    cr_assert_eq(zone_total(g, 8), N_INST);
    rt_free(g);
}

Test(driver, wrong_kind_for_a_zone_is_an_error)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    rt_move(g, I_GAMMA, rt_zone(g, Z_DECK, 0), RT_AT_TOP, RT_SITE_NONE);
    cr_assert(rt_failed(g));
    cr_assert_str_eq(rt_error(g), "\"Gamma \"the token\"\" is not a unit and cannot enter deck(North)");
    cr_assert_eq(rt_card_zone(g, I_GAMMA), 0);
    rt_free(g);
}

Test(driver, bad_option_index_fails_the_game)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    rt_advance(g);
    rt_apply(g, 7);
    cr_assert(rt_failed(g));
    cr_assert_str_eq(rt_error(g), "option 7 does not exist (the decision has 2 options)");
    rt_free(g);
}

Test(driver, max_rounds_fails_with_a_named_error)
{
    RtOptions opt = {2, 1, 1, 5, 0, NULL};
    RtGame *g = rt_new(&mini_endless, &opt);
    cr_assert_eq(rt_advance(g), 0);
    cr_assert(rt_failed(g));
    cr_assert_eq(rt_rounds(g), 5);
    cr_assert_str_eq(rt_error(g), "game did not end within 5 rounds");
    char *text = log_text(g, -1);
    cr_assert(strstr(text, "round 5\nphase main\nerror game did not end within 5 rounds\n") != NULL, "%s", text);
    free(text);
    rt_free(g);
    opt.max_rounds = 0;
    g = rt_new(&mini_endless, &opt);
    cr_assert_eq(rt_advance(g), 0);
    cr_assert_eq(rt_rounds(g), 1000);
    rt_free(g);
}

Test(driver, frame_stack_overflow_is_a_named_error)
{
    RtGame *g = new_game(&mini_deep, 1, 2);
    cr_assert_eq(rt_advance(g), 0);
    cr_assert_str_eq(rt_error(g), "mini.cards:80: calls nested deeper than 64 frames");
    rt_free(g);
}

/* A procedure call as cardc writes it: the frame's arguments and zeroed
   locals reach the procedure, and each call's frame is popped (100
   rounds of one call each never reach the 64 frames). */
Test(driver, a_call_entered_inline_runs_and_pops_its_frame)
{
    RtOptions opt = {2, 1, 1, 100, 0, NULL};
    RtGame *g = rt_new(&mini_enter, &opt);
    cr_assert_eq(rt_advance(g), 0);
    cr_assert_str_eq(rt_error(g), "game did not end within 100 rounds");
    char *text = log_text(g, -1);
    cr_assert(strstr(text, "phase one") == NULL, "%s", text);
    cr_assert(strstr(text, "round 100\nphase bonus\nphase main\nerror game did not end within 100 rounds\n") != NULL,
              "%s", text);
    free(text);
    rt_free(g);
}

Test(driver, a_call_entered_inline_past_the_stack_is_the_same_error)
{
    RtGame *g = new_game(&mini_deep_entered, 1, 2);
    cr_assert_eq(rt_advance(g), 0);
    cr_assert_str_eq(rt_error(g), "mini.cards:100: calls nested deeper than 64 frames");
    rt_free(g);
}

/* rt_new says why on stderr, which the test reads (and so keeps off the screen). */
Test(driver, rt_new_checks_players_and_abi, .init = cr_redirect_stderr)
{
    RtOptions opt = {4, 1, 0, 0, 0, NULL};
    cr_assert_null(rt_new(&mini_base, &opt));
    opt.players = 1;
    cr_assert_null(rt_new(&mini_base, &opt));
    RtGameDef old = mini_base;
    old.abi = CARDRT_ABI + 1;
    opt.players = 2;
    cr_assert_null(rt_new(&old, &opt));
    fflush(stderr);
    char want[512];
    snprintf(want, sizeof want,
             "cardrt: mini: 4 players: the game takes 2 to 3\n"
             "cardrt: mini: 1 players: the game takes 2 to 3\n"
             "cardrt: mini: game was generated for runtime ABI %d but this runtime is ABI %d; regenerate it with cardc\n",
             CARDRT_ABI + 1, CARDRT_ABI);
    cr_assert_stderr_eq_str(want);
    opt.players = 0;
    RtGame *g = rt_new(&mini_base, &opt);
    cr_assert_eq(rt_players(g), 2, "0 players: the minimum");
    cr_assert_eq(rt_def(g), &mini_base);
    rt_free(g);
    rt_free(NULL);
}

Test(driver, three_players_are_named_by_seat)
{
    RtGame *g = new_game(&mini_base, 4, 3);
    cr_assert_str_eq(rt_player_name(g, 2, buf, sizeof buf), "Player 3");
    cr_assert_eq(rt_player_side(g, 2), 0);
    cr_assert_eq(rt_next_player(g, 0), 1);
    cr_assert_eq(rt_next_player(g, 1), 2);
    cr_assert_eq(rt_next_player(g, 2), 0);
    cr_assert_eq(rt_next_player(g, 3), RT_NONE);
    cr_assert_eq(rt_next_player(g, RT_NONE), RT_NONE);
    play_random(g, 4);
    cr_assert(rt_over(g));
    cr_assert_not(rt_failed(g), "%s", rt_error(g));
    cr_assert_eq(zone_total(g, 1 + 3 * 3 + 1), N_INST);
    rt_free(g);
}

Test(driver, games_end_with_a_result_matching_the_log)
{
    int wins = 0, draws = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        RtGame *g = new_game(&mini_base, seed, 2);
        play_random(g, seed);
        char *text = log_text(g, -1);
        if (rt_is_winner(g, 0) || rt_is_winner(g, 1)) {
            wins++;
            cr_assert(strstr(text, rt_is_winner(g, 0) ? "\nwin North\n" : "\nwin South\n") != NULL);
        } else {
            draws++;
            cr_assert(strstr(text, "\ndraw\n") != NULL, "%s", text);
        }
        free(text);
        rt_free(g);
    }
    cr_assert_gt(wins, 0);
}

Test(driver, options_past_the_limit_fail_the_game)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    rt_choose_begin(g, 0, S_PROMPT, 0, RT_SITE_NONE);
    RtOptBuf ob = rt_opt_buf(g);
    for (ptrdiff_t i = 0; i < ob.max; i++)
        rt_opt_add(&ob, (RtValue)i, RT_NONE, RT_LABEL_AUTO);
    rt_opt_done(g, &ob, 12);
    cr_assert(!rt_failed(g), "%s", rt_error(g));
    cr_assert_eq(rt_option_count(g), (int)ob.max);
    rt_choose_begin(g, 0, S_PROMPT, 0, RT_SITE_NONE);
    ob = rt_opt_buf(g);
    for (ptrdiff_t i = 0; i <= ob.max; i++)
        rt_opt_add(&ob, (RtValue)i, RT_NONE, RT_LABEL_AUTO);
    rt_opt_done(g, &ob, 12);
    cr_assert(rt_failed(g));
    char want[128];   /* named at the choice's site: mini.cards line 12, column 5 */
    snprintf(want, sizeof want, "mini.cards:12:5: more than %d options in one decision", (int)ob.max);
    cr_assert_str_eq(rt_error(g), want);
    rt_free(g);
}

/* An agent that gives up under rt_play leaves its decision waiting (the
   hand-written mini game yields to the driver at every decision). */
Test(driver, an_agent_giving_up_in_rt_play_leaves_the_decision_waiting)
{
    expect_give_up_waits(new_game(&mini_base, 3, 2), new_game(&mini_base, 3, 2), 2);
}

Test(driver, select_and_conditional_options_need_no_branch_and_are_exact)
{
    cr_assert_eq(rt_select(1, 7, -3), 7);
    cr_assert_eq(rt_select(0, 7, -3), -3);
    cr_assert_eq(rt_select(1, INT32_MIN, INT32_MAX), INT32_MIN);
    cr_assert_eq(rt_select(0, INT32_MIN, INT32_MAX), INT32_MAX);
    RtGame *g = new_game(&mini_base, 1, 2);
    rt_choose_begin(g, 0, S_PROMPT, 0, RT_SITE_NONE);
    RtOptBuf ob = rt_opt_buf(g);
    for (int i = 0; i < 6; i++)
        rt_opt_add_if(&ob, i % 2, (RtValue)(10 + i), RT_NONE, RT_LABEL_AUTO);
    rt_opt_done(g, &ob, 12);
    cr_assert_eq(rt_option_count(g), 3);
    char buf[64];
    cr_assert_str_eq(rt_option_label(g, 0, buf, sizeof buf), "11");
    cr_assert_str_eq(rt_option_label(g, 1, buf, sizeof buf), "13");
    cr_assert_str_eq(rt_option_label(g, 2, buf, sizeof buf), "15");
    rt_free(g);
}

/* rt_lose_game ends a running game with every player losing (not a
   draw), logs it, and is the game's only result: a win or a draw after
   it changes nothing, and it changes nothing after a win. */
Test(driver, losing_to_the_game_is_neither_a_win_nor_a_draw)
{
    RtGame *g = new_game(&mini_base, 5, 2);
    cr_assert(!rt_over(g) && !rt_lost(g));
    cr_assert_eq(rt_lose_game(g), RT_END);
    cr_assert(rt_over(g) && rt_lost(g) && !rt_failed(g));
    cr_assert_eq(rt_win(g, 0, RT_SITE_NONE), RT_END);
    cr_assert_eq(rt_draw_game(g), RT_END);
    cr_assert(!rt_is_winner(g, 0) && !rt_is_winner(g, 1) && rt_lost(g));
    char *text = log_text(g, 1);
    size_t len = strlen(text), tail = strlen("lose: every player loses\n");
    cr_assert(len >= tail && strcmp(text + len - tail, "lose: every player loses\n") == 0, "%s", text);
    cr_assert(len == tail || text[len - tail - 1] == '\n', "%s", text);
    free(text);
    char *json = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&json, &n);
    rt_log_json(g, f);
    fclose(f);
    cr_assert(strstr(json, "{\"type\":\"lose\",\"round\":"), "%s", json);
    free(json);
    rt_free(g);

    g = new_game(&mini_base, 5, 2);
    rt_win(g, 1, RT_SITE_NONE);
    cr_assert_eq(rt_lose_game(g), RT_END);
    cr_assert(rt_is_winner(g, 1) && !rt_lost(g), "a win stands");
    rt_free(g);
}
