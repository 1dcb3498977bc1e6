/* minigame.c: a small game written by hand exactly as cardc would generate it (tables + resumable scripts). */
#include "minigame.h"

static const char *const side_names[] = {"north", "south"};
static const char *const side_titles[] = {"North", "South"};

static const RtZoneDef zones[] = {
    {"box", 0, 0, RT_HIDDEN, -1},
    {"deck", 1, 1, RT_HIDDEN, K_UNIT},
    {"hand", 1, 0, RT_PRIVATE, -1},
    {"table", 1, 0, RT_PUBLIC, -1},
    {"pool", 0, 1, RT_PUBLIC, K_TOKEN},
};

static const char *const unit_state_names[] = {"tapped", "dmg"};
static const RtValue unit_state_defaults[] = {0, 3};
static const RtKindDef kinds[] = {
    {"unit", 2, unit_state_names, unit_state_defaults, NULL, NULL, 0, NULL},
    {"token", 0, NULL, NULL, NULL, NULL, 0, NULL},
};

static const RtCardDef cards[] = {
    {"Alpha", K_UNIT, 0},
    {"Beta", K_UNIT, 1},
    {"Gamma \"the token\"", K_TOKEN, 0},
};
static const int16_t copies[] = {3, 2, 1};

/* The generated table of kind unit. */
static const struct { int power; int ability; } unit_rows[] = {
    {1, -1},
    {2, SC_BETA},
};

static const RtVarDef vars[] = {
    {"score", 1, RT_TY_INT, 1, 1, 0, 0, 5, RT_PUBLIC, -1},
    {"secret", 1, RT_TY_INT, 0, 0, -1, 0, 0, RT_PUBLIC, -1},
    {"marker", 0, RT_TY_INT, 0, 0, 0, 0, 0, RT_PUBLIC, -1},
};

static const char *const strings[] = {
    "pass", "play", "choose a card", "main", "pick a side", "left", "right", "bonus", "one", "two",
};

static const RtValue consts[] = {7, 3};

/* setup (mini.cards:10) */
static RtStatus setup_fn(RtGame *g, RtFrame *f)
{
    for (;;) switch (f->pc) {
    case 0: {
        int l = rt_list_zone(g, rt_zone(g, Z_BOX, RT_NONE), RT_SITE_SCRIPT);
        int k = 0;
        for (int i = 0; i < rt_list_len(g, l); i++) {
            RtValue c = rt_list_at(g, l, i);
            if (rt_card_kind(g, c) == K_UNIT)
                rt_move(g, c, rt_zone(g, Z_DECK, k++ % rt_players(g)), RT_AT_TOP, 12);
            else
                rt_move(g, c, rt_zone(g, Z_POOL, RT_NONE), RT_AT_TOP, 13);
        }
        rt_list_pop(g, l);
        for (RtValue p = 0; p < rt_players(g); p++) {
            rt_shuffle(g, rt_zone(g, Z_DECK, p), 14);
            rt_move(g, rt_top(g, rt_zone(g, Z_DECK, p), 15), rt_zone(g, Z_HAND, p), RT_AT_TOP, 15);
            if (rt_check(g))
                return RT_END;
        }
        rt_log_begin(g);
        rt_log_str(g, "dealt ");
        rt_log_int(g, k);
        rt_log_str(g, " units; ");
        rt_log_card(g, rt_top(g, rt_zone(g, Z_POOL, RT_NONE), 17));
        rt_log_str(g, " waits; ");
        rt_log_player(g, 0);
        rt_log_str(g, " plays ");
        rt_log_side(g, rt_player_side(g, 0));
        rt_log_end(g);
        f->v[0] = 0;
        f->pc = 1;
        break;
    }
    case 1:
        if (f->v[0] >= rt_players(g))
            return RT_DONE;
        rt_choose_begin(g, f->v[0], S_SECRET, RT_CHOOSE_HIDDEN, 20);
        rt_option(g, 0, RT_NONE, S_LEFT);
        rt_option(g, 1, RT_NONE, S_RIGHT);
        f->pc = 2;
        return RT_YIELD;
    case 2:
        rt_set(g, V_SECRET, f->v[0], rt_chosen(g));
        f->v[0]++;
        f->pc = 1;
        break;
    default:
        return rt_fail(g, 10, "bad resume point");
    }
}

/* round (mini.cards:30): each player in turn may play a card from hand. */
static RtStatus round_fn(RtGame *g, RtFrame *f)
{
    for (;;) switch (f->pc) {
    case 0:
        rt_log_phase(g, S_MAIN);
        f->v[0] = 0;
        f->pc = 1;
        break;
    case 1: {
        if (f->v[0] >= rt_players(g)) {
            int left = 0;
            for (RtValue p = 0; p < rt_players(g); p++)
                left += rt_zone_size(g, rt_zone(g, Z_HAND, p)) + rt_zone_size(g, rt_zone(g, Z_DECK, p));
            if (left == 0)
                return rt_draw_game(g);
            rt_set(g, V_MARKER, RT_NONE, rt_get(g, V_MARKER, RT_NONE) + 1);
            return RT_DONE;
        }
        RtValue p = f->v[0];
        rt_log_turn(g, p);
        rt_choose_begin(g, p, S_PROMPT, 0, 30);
        rt_option(g, 0, RT_NONE, S_PASS);
        int l = rt_list_zone(g, rt_zone(g, Z_HAND, p), RT_SITE_SCRIPT);
        for (int i = 0; i < rt_list_len(g, l); i++)
            rt_option(g, 1, rt_list_at(g, l, i), S_PLAY);
        rt_list_pop(g, l);
        f->pc = 2;
        return RT_YIELD;
    }
    case 2: {
        RtValue p = f->v[0];
        f->pc = 3;
        if (rt_chosen(g) == 1) {
            RtValue c = rt_chosen_card(g);
            f->v[1] = c;
            rt_move(g, c, rt_zone(g, Z_TABLE, p), RT_AT_TOP, 34);
            rt_set_card_state(g, c, K_UNIT, ST_TAPPED, 1, 35);
            int row = rt_card_row(g, c, K_UNIT, 36);
            if (rt_check(g))
                return RT_END;
            rt_set(g, V_SCORE, p, rt_get(g, V_SCORE, p) + unit_rows[row].power);
            if (rt_call(g, unit_rows[row].ability, c, p, RT_SITE_SCRIPT))
                return RT_CALL;
        }
        break;
    }
    case 3: {
        RtValue p = f->v[0];
        RtValue deck = rt_zone(g, Z_DECK, p);
        if (rt_zone_size(g, deck) > 0)
            rt_move(g, rt_top(g, deck, 40), rt_zone(g, Z_HAND, p), RT_AT_TOP, 40);
        if (rt_get(g, V_SCORE, p) >= 5)
            return rt_win(g, p, 41);
        f->v[0]++;
        f->pc = 1;
        break;
    }
    default:
        return rt_fail(g, 30, "bad resume point");
    }
}

/* resource Beta.ability (mini.cards:50): gain one or two more. */
static RtStatus beta_fn(RtGame *g, RtFrame *f)
{
    switch (f->pc) {
    case 0:
        rt_choose_begin(g, f->me, S_BONUS, 0, 50);
        rt_option(g, 1, RT_NONE, S_ONE);
        rt_option(g, 2, RT_NONE, S_TWO);
        f->pc = 1;
        return RT_YIELD;
    case 1:
        f->v[0] = rt_chosen(g);
        rt_set(g, V_SCORE, f->me, rt_get(g, V_SCORE, f->me) + f->v[0]);
        rt_set_card_state(g, f->self, K_UNIT, ST_DMG, rt_card_state(g, f->self, K_UNIT, ST_DMG, 53) - f->v[0], 53);
        if (rt_check(g))
            return RT_END;
        return RT_DONE;
    default:
        return rt_fail(g, 50, "bad resume point");
    }
}

/* setup of variant broken (mini.cards:60) */
static RtStatus broken_fn(RtGame *g, RtFrame *f)
{
    (void)f;
    RtValue c = rt_top(g, rt_zone(g, Z_HAND, 0), 62);
    if (rt_check(g))
        return RT_END;
    rt_move(g, c, rt_zone(g, Z_TABLE, 0), RT_AT_TOP, 63);
    return RT_DONE;
}

/* round of variant endless (mini.cards:70) */
static RtStatus endless_fn(RtGame *g, RtFrame *f)
{
    (void)f;
    rt_log_phase(g, S_MAIN);
    return RT_DONE;
}

/* round of variant deep (mini.cards:80) */
static RtStatus deep_fn(RtGame *g, RtFrame *f)
{
    switch (f->pc) {
    case 0:
        f->pc = 1;
        if (rt_call(g, SC_DEEP, RT_NONE, f->me, RT_SITE_SCRIPT))
            return RT_CALL;
        return RT_DONE;
    default:
        return RT_DONE;
    }
}

/* round of variant enter (mini.cards:90): calls the procedure at
   mini.cards:95 as cardc writes a call (rt_enter, rt_run_entered), its
   argument the phase to log. */
static RtStatus phase_fn(RtGame *g, RtFrame *f);
static RtStatus enter_fn(RtGame *g, RtFrame *f)
{
    RtValue *args = rt_enter(g, SC_PHASE, RT_NONE, f->me, 2, RT_SITE_SCRIPT);
    if (args)
        args[0] = S_BONUS;
    RtStatus st = rt_run_entered(g, phase_fn);
    if (st != RT_DONE)
        return st;
    rt_log_phase(g, S_MAIN);
    return RT_DONE;
}

/* procedure of variant enter (mini.cards:95): logs the phase of its
   argument plus its second local, which starts at 0: the 1 it leaves there
   is in the cell the next call's frame takes, which rt_enter zeroes. */
static RtStatus phase_fn(RtGame *g, RtFrame *f)
{
    rt_log_phase(g, f->v[0] + f->v[1]);
    f->v[1] = 1;
    return RT_DONE;
}

/* round of variant deep_entered (mini.cards:100): calls itself forever
   as cardc writes a call. */
static RtStatus deep_entered_fn(RtGame *g, RtFrame *f)
{
    (void)rt_enter(g, SC_DEEP_ENTERED, RT_NONE, f->me, 0, RT_SITE_SCRIPT);
    return rt_run_entered(g, deep_entered_fn);
}

/* The site table: the minigame passes a source line as the site, so
   site i is mini.cards line i, column 5 (the lines it uses). */
static const char *const files[] = {"mini.cards"};
#define SITE(N) [N] = {0, N, 5}
static const RtSite sites[] = {SITE(10), SITE(12), SITE(13), SITE(14), SITE(15), SITE(17), SITE(20), SITE(30), SITE(34), SITE(35),
                               SITE(36), SITE(40), SITE(41), SITE(50), SITE(53), SITE(62), SITE(63), SITE(80)};

static const RtScriptDef scripts[] = {
    {"setup", "mini.cards", 10, setup_fn, 1},
    {"round", "mini.cards", 30, round_fn, 2},
    {"unit Beta.ability", "mini.cards", 50, beta_fn, 1},
    {"setup", "mini.cards", 60, broken_fn, 0},
    {"round", "mini.cards", 70, endless_fn, 0},
    {"round", "mini.cards", 80, deep_fn, 0},
    {"round", "mini.cards", 90, enter_fn, 0},
    {"procedure phase", "mini.cards", 95, phase_fn, 2},
    {"round", "mini.cards", 100, deep_entered_fn, 0},
};

#define MINI_DEF(VARIANT, SETUP, ROUND)                                             \
    {                                                                               \
        CARDRT_ABI, "mini", VARIANT, "A Small Test Game", 2, 3,                     \
        2, side_names, side_titles,                                                 \
        5, zones, 2, kinds, 3, cards, copies,                                       \
        3, vars, 10, strings, (int)(sizeof scripts / sizeof scripts[0]), scripts, SETUP, ROUND, 2, consts, 0, NULL, NULL, 0, NULL, 0,      \
        (int)(sizeof sites / sizeof sites[0]), sites, 1, files, NULL, 0,            \
        0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL                           \
    }

const RtGameDef mini_base = MINI_DEF("base", SC_SETUP, SC_ROUND);
const RtGameDef mini_broken = MINI_DEF("broken", SC_BROKEN, SC_ROUND);
const RtGameDef mini_endless = MINI_DEF("endless", -1, SC_ENDLESS);
const RtGameDef mini_deep = MINI_DEF("deep", -1, SC_DEEP);
const RtGameDef mini_enter = MINI_DEF("enter", -1, SC_ENTER);
const RtGameDef mini_deep_entered = MINI_DEF("deep_entered", -1, SC_DEEP_ENTERED);
const RtGameDef *const mini_defs[4] = {&mini_base, &mini_broken, &mini_endless, &mini_deep};
