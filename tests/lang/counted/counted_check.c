/* counted_check.c: a game played without a log and with one in step,
   checked on one compiled game (tests/lang/dice_test.c and the program
   generator build it with -DGAME_DEF=<id>_game):

   counted SEEDS: for each seed, the game without a log (its
     interchangeable dice, if any, kept as counts by face) and the same
     game with a log (kept as cards), the
     lab's played-card notes on in both; at every decision the same option
     is taken in both (drawn by the harness). After every step both must
     be at the same decision with the same options and hash equal
     (rt_hash), and at the end have the same winners and the same cards
     noted as played (rt_note_played: a bit per card and player), none
     of them a die.

   Prints one line of counts; the caller asserts it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

extern const RtGameDef GAME_DEF;

/* mismatch: print what differs at step n of seed s; returns 1. */
static int mismatch(const char *what, int s, int n)
{
    printf("seed %d, step %d: %s differ\n", s, n, what);
    return 1;
}

/* play_both: play seed s both ways in step; adds to *steps, *known (steps
   taken with the knowledge record on), *played (cards noted as played)
   and *dice_played (dice among them). Returns 1 at the first difference
   (printed), else 0. */
static int play_both(int s, long *steps, long *known, long *played, long *dice_played)
{
    RtGame *g[2];
    uint8_t *bits[2];
    for (int i = 0; i < 2; i++) {
        RtOptions o;
        memset(&o, 0, sizeof o);
        o.seed = (uint64_t)s;
        o.log = i;
        g[i] = rt_new(&GAME_DEF, &o);
        if (!g[i])
            exit(2);
        bits[i] = calloc((size_t)g[i]->def->ncards * (size_t)g[i]->nplayers / 8 + 1, 1);
        rt_note_played(g[i], bits[i]);
    }
    int differ = 0;
    if (rt_counted(g[0]) != (g[0]->def->dice != NULL) || rt_counted(g[1]) != 0)
        differ = mismatch("the ways of keeping the dice do not", s, 0);
    uint64_t rng[4];
    rt__xoshiro_seed(rng, 5000 + (uint64_t)s);
    for (int n = 0; !differ; n++) {
        int more = rt_advance(g[0]);
        if (rt_advance(g[1]) != more)
            differ = mismatch("whether the game goes on", s, n);
        else if (rt_hash(g[0]) != rt_hash(g[1]))
            differ = mismatch("the hashes", s, n);
        else if (more && (rt_decision_player(g[0]) != rt_decision_player(g[1]) ||
                          rt_option_count(g[0]) != rt_option_count(g[1])))
            differ = mismatch("the decisions", s, n);
        if (differ || !more)
            break;
        (*steps)++;
        *known += rt__cells(g[0])[g[0]->off_know] != 0;
        int choice = (int)rt__xoshiro_below(rng, (uint32_t)rt_option_count(g[0]));
        rt_apply(g[0], choice);
        rt_apply(g[1], choice);
    }
    if (!differ && (rt_failed(g[0]) || rt_failed(g[1]))) {
        printf("seed %d: %s%s\n", s, rt_error(g[0]), rt_error(g[1]));
        differ = 1;
    }
    for (int p = 0; !differ && p < g[0]->nplayers; p++)
        if (rt_is_winner(g[0], p) != rt_is_winner(g[1], p))
            differ = mismatch("the winners", s, -1);
    for (int c = 0; !differ && c < g[0]->def->ncards; c++)
        for (int p = 0; p < g[0]->nplayers; p++) {
            int b = c * g[0]->nplayers + p, at[2];
            for (int i = 0; i < 2; i++)
                at[i] = bits[i][b >> 3] >> (b & 7) & 1;
            if (at[0] != at[1]) {
                differ = mismatch("the cards played", s, -1);
                break;
            }
            *played += at[0];
            *dice_played += at[0] && g[0]->def->cards[c].kind >= 0 && g[0]->kind_dice[g[0]->def->cards[c].kind];
        }
    for (int i = 0; i < 2; i++) {
        rt_free(g[i]);
        free(bits[i]);
    }
    return differ;
}

int main(int argc, char **argv)
{
    if (argc != 3 || strcmp(argv[1], "counted") != 0) {
        fprintf(stderr, "usage: %s counted SEEDS\n", argv[0]);
        return 2;
    }
    int seeds = atoi(argv[2]), same = 0;
    long steps = 0, known = 0, played = 0, dice_played = 0;
    for (int s = 1; s <= seeds; s++)
        same += !play_both(s, &steps, &known, &played, &dice_played);
    printf("%d of %d games the same, %s, %s, %s cards played, %ld of them dice\n", same, seeds,
           steps > 0 ? "steps taken" : "no steps", known > 0 ? "with the knowledge record" : "without the knowledge record",
           played > 0 ? "some" : "no", dice_played);
    return same == seeds ? 0 : 1;
}
