/* galaxy_ref.c: the hand-written reference engine of Galaxy Rebellion (the
   game itself is in galaxy_ref.h), timed by bench/run.sh next to
   `build/galaxy bench`.

     galaxy_ref [GAMES [SEED]] [--games N] [--seed S] [--players P] [--winners]
     galaxy_ref --game-seed G [--players P]

   Plays GAMES games (default 20000) of 2 players (--players: 2 to 4)
   between random agents, seeded as `build/galaxy bench --games GAMES
   --seed SEED` seeds them (game i: the (i+1)-th splitmix64 output from
   SEED), on one thread, and prints one JSON line:
   {"game":"galaxy","engine":"reference","games":…,"seed":…,"seconds":…,
   "games_per_second":…,"winners_checksum":…}; the checksum is `build/galaxy
   bench`'s (check = check * 31 + first winner's seat + 1, 0 for none).
   --winners first prints each game's first winner, one line per game: the
   seat (0 = Player 1) or -1. --game-seed plays the one game `build/galaxy
   log --seed G` plays and prints its first winner; built with
   -DGALAXY_REF_TRACE, every game also prints its rounds, turns, decisions
   and winners in the words of that log. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "galaxy_ref.h"

/* Options of the command line. */
typedef struct Args {
    long games;
    unsigned long long seed, game_seed;
    int players, winners, one_game;
} Args;

/* now_seconds: a monotonic clock in seconds. */
static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* parse_number: s as an unsigned decimal into *v; 0 if it is not one. */
static int parse_number(const char *s, unsigned long long *v)
{
    char *end;
    if (!s || !*s || *s == '-')
        return 0;
    *v = strtoull(s, &end, 10);
    return *end == '\0';
}

/* parse_args: positional GAMES and SEED, or --games/--seed/--players/
   --game-seed, and --winners. Returns 0, or -1 after printing the usage. */
static int parse_args(int argc, char **argv, Args *a)
{
    static const char *const opts[] = {"--games", "--seed", "--players", "--game-seed"};
    int positional = 0;
    unsigned long long v;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int o = -1;
        for (int k = 0; k < 4; k++)
            if (strcmp(s, opts[k]) == 0)
                o = k;
        if (strcmp(s, "--winners") == 0) {
            a->winners = 1;
        } else if (o >= 0 && i + 1 < argc && parse_number(argv[i + 1], &v)) {
            if (o == 0)
                a->games = (long)v;
            else if (o == 1)
                a->seed = v;
            else if (o == 2)
                a->players = (int)v;
            else
                a->game_seed = v, a->one_game = 1;
            i++;
        } else if (o < 0 && positional < 2 && parse_number(s, &v)) {
            if (positional++ == 0)
                a->games = (long)v;
            else
                a->seed = v;
        } else {
            o = -2;
        }
        if (o == -2 || a->players < 2 || a->players > GAL_MAX_PLAYERS) {
            fprintf(stderr,
                    "usage: %s [GAMES [SEED]] [--games N] [--seed S] [--players 2..4] [--winners]\n"
                    "       %s --game-seed G [--players 2..4]\n",
                    argv[0], argv[0]);
            return -1;
        }
    }
    return 0;
}

/* main: play the games, time them, print the JSON line (and --winners);
   or play the one game of --game-seed. */
int main(int argc, char **argv)
{
    Args a = {20000, 1, 0, 2, 0, 0};
    if (parse_args(argc, argv, &a) != 0)
        return 2;
    GalTables t;
    gal_tables(&t);
    if (a.one_game) {
        printf("%d\n", gal_ref_play(&t, a.players, a.game_seed, NULL));
        return 0;
    }
    uint64_t check = 0;
    double t0 = now_seconds();
    for (long i = 0; i < a.games; i++) {
        int w = gal_ref_play(&t, a.players, ref_splitmix_at(a.seed, (uint64_t)i), NULL);
        check = check * 31 + (uint64_t)(w + 1);
        if (a.winners)
            printf("%d\n", w);
    }
    double t1 = now_seconds();
    double s = t1 - t0;
    printf("{\"game\":\"galaxy\",\"engine\":\"reference\",\"games\":%ld,\"seed\":%llu,\"seconds\":%.6f,"
           "\"games_per_second\":%.1f,\"winners_checksum\":%llu}\n",
           a.games, a.seed, s, s > 0 ? (double)a.games / s : 0.0, (unsigned long long)check);
    return 0;
}
