/* test_dominance.c: reveal strategies, determine victory, cleanup.
   One observer watches every round of random games at the pass that ends the
   struggle, predicts the dominance phase from the state (totals, strategies,
   balance, victory points) and checks it; each test asks that the situation
   it names was seen at least once. */
#include "drive.h"

typedef struct {
    /* witnesses */
    int exhausted_char, kessel_exhausted_char, totals_checked;
    int busted_no_effect, deception_cancels, both_deception, busted_deception;
    int win_higher, win_tie_balance, win_one_over, both_over;
    int balance_fewer_vp, balance_tie_loser, balance_tie_no_winner;
    int used_pile, retrieved;
    int rounds;
    int greedy; /* play cards whenever possible (both players bust more often) */
} Obs;

static int is_deception(const char *s) { return strstr(s, "Deception") != NULL; }
static int neutral(const char *s)
{
    return strcmp(s, "Hit and Run") && strcmp(s, "Hope") && strcmp(s, "Reinforcements") && strcmp(s, "Intimidation");
}

static void observe_dominance(RtGame *g, uint64_t *rng, Obs *o)
{
    int full = drv_var(g, "full_value", 0);
    char event[80], strat[2][64];
    snprintf(event, sizeof event, "%s", drv_event(g));
    const DrvEvent *ev = drv_event_info(event);
    int tot[2], over[2], vp[2], infl[2], unused[2], forced_next[2], exch[2] = {0, 0};
    int balance = drv_var(g, "balance", 0);
    for (int p = 0; p < 2; p++) {
        tot[p] = drv_total(g, p, full);
        over[p] = tot[p] > ev->objective;
        vp[p] = drv_var(g, "vp", p);
        infl[p] = drv_var(g, "influence", p);
        unused[p] = drv_size(g, "strategies", p);
        forced_next[p] = drv_size(g, "forced", p);
        cr_assert_eq(drv_size(g, "chosen", p), 1);
        snprintf(strat[p], sizeof strat[p], "%s", drv_top_name(g, "chosen", p));
        RtValue z = drv_zone(g, "play", p);
        for (int i = 0; i < rt_zone_size(g, z); i++) {
            RtValue c = rt_zone_at(g, z, i);
            if (drv_exhausted(g, c) && drv_is_character(rt_card_name(g, c)))
                exch[p]++;
        }
    }
    int at = rt_log_count(g);
    drv_pick(g, "pass");
    int more;
    while ((more = drv_next(g)) && strcmp(drv_phase(g), "dominance") == 0)
        drv_random_move(g, rng);
    o->rounds++;

    int dom = drv_log_find(g, at, "phase dominance");
    cr_assert_eq(dom, at + 1, "the struggle ends after two passes");
    int vic = drv_log_find(g, dom, "-> won_events(");
    int none = drv_log_find(g, dom, "Both players exceed the objective");
    int mark = vic >= 0 && (none < 0 || vic < none) ? vic : none;
    cr_assert(mark > dom);

    /* 1. reveal strategies: who resolves */
    int res[2];
    for (int p = 0; p < 2; p++) {
        cr_assert_eq(drv_var(g, "busted", p), over[p], "busted(%s)", drv_pname(p));
        int opp_deceives = is_deception(strat[1 - p]) && !over[1 - p];
        res[p] = !over[p] && !opp_deceives;
        cr_assert_eq(drv_var(g, "resolves", p), res[p], "resolves(%s): %s vs %s, totals %d/%d obj %d", drv_pname(p),
                     strat[p], strat[1 - p], tot[p], tot[1 - p], ev->objective);
        if (over[p] && !is_deception(strat[p]))
            o->busted_no_effect++;
        if (opp_deceives && !over[p] && !is_deception(strat[p]))
            o->deception_cancels++;
    }
    if (is_deception(strat[0]) && is_deception(strat[1]) && !over[0] && !over[1])
        o->both_deception++;
    for (int p = 0; p < 2; p++)
        if (is_deception(strat[p]) && over[p] && !over[1 - p] && !is_deception(strat[1 - p]))
            o->busted_deception++;
    /* the influence strategies resolve exactly when they should */
    int dip = res[REBEL] && strcmp(strat[REBEL], "Diplomacy") == 0;
    int prop = res[EMPIRE] && strcmp(strat[EMPIRE], "Propaganda") == 0;
    int rebel_before_prop = infl[REBEL] + (dip && balance == REBEL ? 2 : 0);
    cr_assert_eq(drv_log_count(g, dom, mark, "set influence(Rebel Alliance)"), dip + (prop && rebel_before_prop > 0),
                 "Rebel influence changes: %s vs %s", strat[0], strat[1]);
    cr_assert_eq(drv_log_count(g, dom, mark, "set influence(Galactic Empire)"), prop);

    /* 2. determine victory */
    int winner = -1;
    if (!over[0] && (over[1] || tot[0] > tot[1]))
        winner = 0;
    else if (!over[1] && (over[0] || tot[1] > tot[0]))
        winner = 1;
    else if (!over[0] && tot[0] == tot[1])
        winner = balance;
    int totals_known = neutral(strat[0]) && neutral(strat[1]);
    if (!totals_known)
        return; /* the effects may change the totals: the rest is not predicted */
    if (winner < 0) {
        o->both_over++;
        cr_assert(none >= 0 && (vic < 0 || vic > none), "both over: nobody wins %s", event);
        cr_assert_eq(drv_var(g, "vp", 0), vp[0]);
        cr_assert_eq(drv_var(g, "vp", 1), vp[1]);
        cr_assert_str_eq(rt_card_name(g, rt_zone_at(g, drv_zone(g, "events", 0), 0)), event,
                         "the event goes to the bottom of the event deck");
    } else {
        char want[256];
        snprintf(want, sizeof want, "%s wins %s: %d against %d.", drv_pname(winner), event, tot[winner],
                 tot[1 - winner]);
        cr_assert(drv_log_find(g, dom, want) >= 0, "expected \"%s\"", want);
        o->totals_checked++;
        if (exch[0] + exch[1] > 0)
            full ? o->kessel_exhausted_char++ : o->exhausted_char++;
        if (over[1 - winner])
            o->win_one_over++;
        else if (tot[0] == tot[1])
            o->win_tie_balance++;
        else
            o->win_higher++;
        /* 17. the winner gains the victory points and the influence */
        char vps[80];
        snprintf(vps, sizeof vps, "set vp(%s) %d -> %d", drv_pname(winner), vp[winner], vp[winner] + ev->victory);
        cr_assert(drv_log_find(g, vic, vps) > vic, "expected \"%s\"", vps);
        cr_assert_eq(drv_count_named(g, "won_events", winner, event), 1);
        vp[winner] += ev->victory;
        if (ev->influence) {
            int l = drv_log_find(g, vic, "set influence(");
            cr_assert(l > vic && strstr(drv_line(g, l, -1), drv_pname(winner)));
        }
    }
    if (!more) {
        /* 18. the game ends when the winner reaches 7 */
        cr_assert(winner >= 0 && vp[winner] >= 7, "the game ended without 7 VP");
        cr_assert(rt_is_winner(g, winner));
        return;
    }
    cr_assert(winner < 0 || vp[winner] < 7, "%s has %d VP and the game goes on", drv_pname(winner), vp[winner]);

    /* the state is checked at the next decision if it is the next planning phase */
    if (strcmp(drv_phase(g), "planning") != 0)
        return;
    /* 3. cleanup: resource cards back in the deck, reserve apart */
    for (int p = 0; p < 2; p++) {
        cr_assert_eq(drv_size(g, "play", p), 0);
        cr_assert_eq(drv_size(g, "discard", p), 0);
        cr_assert_eq(drv_size(g, "looking", p), 0);
        cr_assert_eq(drv_size(g, "deck", p) + drv_size(g, "reserve", p), 24);
        char sh[64];
        snprintf(sh, sizeof sh, "shuffle deck(%s)", drv_pname(p));
        cr_assert(drv_log_find(g, mark, sh) > mark);
    }
    /* balance token (the next event's reveal may move it again: look at the cleanup's value) */
    int bal = balance;
    int r = drv_log_find(g, mark, "round ");
    for (int i = mark; i < r; i++) {
        const char *l = drv_line(g, i, -1);
        if (strncmp(l, "set balance ", 12) == 0)
            bal = strstr(l, "-> Rebel") ? REBEL : EMPIRE;
    }
    if (vp[0] != vp[1]) {
        cr_assert_eq(bal, vp[0] < vp[1] ? 0 : 1, "balance to fewer VP");
        o->balance_fewer_vp++;
    } else if (winner >= 0) {
        cr_assert_eq(bal, 1 - winner, "tied VP: balance to the loser");
        o->balance_tie_loser++;
    } else {
        cr_assert_eq(bal, balance, "tied VP, no winner: balance unchanged");
        o->balance_tie_no_winner++;
    }
    /* strategies */
    for (int p = 0; p < 2; p++) {
        cr_assert_eq(drv_size(g, "revealed", p), 0);
        if (unused[p] == 0 && forced_next[p] == 0) {
            /* (he may have chosen for the next round already) */
            cr_assert_eq(drv_size(g, "strategies", p) + drv_size(g, "chosen", p), 5,
                         "%s retrieves all his strategies", drv_pname(p));
            cr_assert_eq(drv_size(g, "used", p), 0);
            o->retrieved++;
        } else {
            cr_assert_eq(drv_count_named(g, "used", p, strat[p]), 1, "%s's %s is in his used pile", drv_pname(p),
                         strat[p]);
            o->used_pile++;
        }
    }
}

static int visit_obs(RtGame *g, uint64_t *rng, void *ctx)
{
    if (!drv_is_turn(g))
        return DRV_RANDOM;
    char last[128];
    snprintf(last, sizeof last, "choose %s: pass", drv_pname(1 - rt_decision_player(g)));
    int i = (int)(drv_rand(rng) % (uint64_t)rt_option_count(g));
    if (((Obs *)ctx)->greedy && drv_has(g, "play a card"))
        i = drv_find(g, "play a card");
    if (strcmp(drv_last_choice(g), last) == 0 && strcmp(drv_label(g, i), "pass") == 0) {
        observe_dominance(g, rng, ctx);
        return DRV_APPLIED;
    }
    rt_apply(g, i);
    return DRV_APPLIED;
}

static Obs run_obs_greedy(uint64_t n, int greedy)
{
    Obs o;
    memset(&o, 0, sizeof o);
    o.greedy = greedy;
    drv_search(&evr_game, 1, n, visit_obs, &o);
    return o;
}

static Obs run_obs(uint64_t n) { return run_obs_greedy(n, 0); }

#define OBS_GAMES 60

Test(total, exhausted_character_counts_its_exhausted_value)
{
    Obs o = run_obs(OBS_GAMES);
    cr_assert_gt(o.exhausted_char, 0, "no round won with an exhausted character in play (%d checked)", o.totals_checked);
}

Test(total, kessel_run_counts_exhausted_cards_at_full_value)
{
    Obs o = run_obs(OBS_GAMES * 3);
    cr_assert_gt(o.kessel_exhausted_char, 0);
}

Test(reveal, busted_player_strategy_is_not_resolved)
{
    Obs o = run_obs(OBS_GAMES);
    cr_assert_gt(o.busted_no_effect, 0);
}

Test(deception, cancels_the_opposing_effect)
{
    Obs o = run_obs(OBS_GAMES);
    cr_assert_gt(o.deception_cancels, 0);
}

Test(deception, two_deceptions_cancel_each_other)
{
    Obs o = run_obs(OBS_GAMES * 3);
    cr_assert_gt(o.both_deception, 0);
}

Test(deception, busted_deception_cancels_nothing)
{
    Obs o = run_obs(OBS_GAMES * 3);
    cr_assert_gt(o.busted_deception, 0);
}

Test(victory, highest_total_not_over_wins)
{
    Obs o = run_obs(OBS_GAMES);
    cr_assert_gt(o.win_higher, 0);
}

Test(victory, tie_goes_to_the_balance_player)
{
    Obs o = run_obs(OBS_GAMES);
    cr_assert_gt(o.win_tie_balance, 0);
}

Test(victory, one_over_the_other_wins)
{
    Obs o = run_obs(OBS_GAMES);
    cr_assert_gt(o.win_one_over, 0);
}

Test(victory, both_over_nobody_wins_and_event_goes_to_the_bottom)
{
    Obs o = run_obs_greedy(OBS_GAMES, 1);
    cr_assert_gt(o.both_over, 0);
}

Test(cleanup, balance_token_rules)
{
    Obs o = run_obs(OBS_GAMES * 3);
    cr_assert_gt(o.balance_fewer_vp, 0);
    cr_assert_gt(o.balance_tie_loser, 0);
    o = run_obs_greedy(OBS_GAMES, 1);
    cr_assert_gt(o.balance_tie_no_winner, 0);
}

Test(cleanup, strategies_go_to_used_and_are_retrieved_when_none_left)
{
    Obs o = run_obs(OBS_GAMES);
    cr_assert_gt(o.used_pile, 0);
    cr_assert_gt(o.retrieved, 0);
}

/* ---- 7 victory points ------------------------------------------------------------------------- */

Test(victory, seven_vp_wins_at_once)
{
    for (uint64_t seed = 1; seed <= 40; seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        drv_play_random(g, seed);
        cr_assert(rt_over(g) && !rt_failed(g));
        int w = rt_is_winner(g, REBEL) ? REBEL : EMPIRE;
        cr_assert(rt_is_winner(g, w) && !rt_is_winner(g, 1 - w));
        cr_assert_geq(drv_var(g, "vp", w), 7);
        cr_assert_lt(drv_var(g, "vp", 1 - w), 7);
        /* the last victory points are followed by the win, with no cleanup */
        int n = rt_log_count(g), last_vp = -1;
        for (int i = 0; i < n; i++)
            if (strncmp(drv_line(g, i, -1), "set vp(", 7) == 0) {
                cr_assert(last_vp < 0 || atoi(strstr(drv_line(g, last_vp, -1), "-> ") + 3) < 7);
                last_vp = i;
            }
        cr_assert_eq(drv_log_count(g, last_vp, -1, "revealed("), 0, "no cleanup after the 7th VP");
        cr_assert_eq(drv_log_count(g, last_vp, -1, ") -> deck("), drv_log_count(g, last_vp, -1, "reserve("),
                     "no cleanup after the 7th VP");
        cr_assert_eq(drv_log_count(g, last_vp, -1, "round "), 0);
        char want[64];
        snprintf(want, sizeof want, "win %s", drv_pname(w));
        cr_assert_str_eq(drv_line(g, n - 1, -1), want);
        rt_free(g);
    }
}

/* ---- discarding the last unused strategy (FAQ) -------------------------------------------------- */

/* Scans the log: whenever a discard (strategies -> used) empties a player's
   unused strategies outside the cleanup, all his used cards come back at once. */
Test(strategy, discarding_the_last_unused_strategy_retrieves_all)
{
    int seen_palpatine = 0, seen_r2 = 0, seen_bounty = 0;
    for (uint64_t seed = 1; seed <= 200 && !(seen_palpatine && seen_r2 && seen_bounty); seed++) {
        RtGame *g = drv_new(&evr_game, seed);
        drv_play_random(g, seed);
        int n = rt_log_count(g);
        for (int p = 0; p < 2; p++) {
            char s_out[96], u_in[96], u_out[96], s_in[96];
            const char *pn = drv_pname(p);
            snprintf(s_out, sizeof s_out, "strategies(%s) ->", pn);
            snprintf(s_in, sizeof s_in, "-> strategies(%s)", pn);
            snprintf(u_in, sizeof u_in, "-> used(%s)", pn);
            snprintf(u_out, sizeof u_out, "used(%s) -> strategies(%s)", pn, pn);
            int unused = 0, used = 0, others = 0; /* others: forced + infiltrated */
            const char *by = "";
            for (int i = 0; i < n; i++) {
                const char *l = drv_line(g, i, -1);
                if (strstr(l, "use a power: Emperor Palpatine"))
                    by = "palpatine";
                else if (strstr(l, "use a power: R2-D2 and C-3PO"))
                    by = "r2";
                else if (strstr(l, "wins Bounty on Han Solo"))
                    by = "bounty";
                if (strncmp(l, "move ", 5) != 0)
                    continue;
                char inf[96], fo[96];
                snprintf(inf, sizeof inf, "-> infiltrated(%s)", pn);
                snprintf(fo, sizeof fo, "forced(%s) ->", pn);
                if (strstr(l, inf))
                    others++;
                if (strstr(l, fo))
                    others--;
                int from_s = strstr(l, s_out) != NULL, to_s = strstr(l, s_in) != NULL;
                int to_u = strstr(l, u_in) != NULL;
                if (strstr(l, u_out)) {
                    used--;
                    unused++;
                    continue;
                }
                if (to_s)
                    unused++;
                if (from_s)
                    unused--;
                if (to_u)
                    used++;
                if (from_s && to_u && unused == 0 && others == 0) {
                    /* the last unused card was discarded: the next `used` moves bring all back */
                    int k = i + 1, back = 0;
                    while (k < n && strstr(drv_line(g, k, -1), u_out)) {
                        back++;
                        k++;
                    }
                    cr_assert_eq(back, used, "seed %llu: %d of %d used cards retrieved after \"%s\"",
                                 (unsigned long long)seed, back, used, l);
                    if (strcmp(by, "palpatine") == 0)
                        seen_palpatine++;
                    else if (strcmp(by, "r2") == 0)
                        seen_r2++;
                    else if (strcmp(by, "bounty") == 0)
                        seen_bounty++;
                }
            }
        }
        rt_free(g);
    }
    cr_assert(seen_palpatine > 0, "Emperor Palpatine never discarded a last unused strategy");
    cr_assert(seen_r2 > 0, "R2-D2 and C-3PO never discarded a last unused strategy");
    cr_assert(seen_bounty > 0, "Bounty on Han Solo never discarded a last unused strategy");
}
