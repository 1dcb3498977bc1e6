/* evr_ref.c: the hand-written reference engine of Star Wars: Empire vs.
   Rebellion (the game itself is in evr_ref.h), timed by bench/run.sh next
   to `build/evr bench`.

     evr_ref [GAMES [SEED]] [--games N] [--seed S] [--winners]

   Plays GAMES games (default 20000) between random agents, seeded as
   `build/evr bench --games GAMES --seed SEED` seeds them (game i: the
   (i+1)-th splitmix64 output from SEED), on one thread, and prints one JSON
   line: {"game":"evr","engine":"reference","games":…,"seed":…,
   "seconds":…,"games_per_second":…,"winners_checksum":…}; the checksum is
   `build/evr bench`'s (check = check * 31 + first winner's seat + 1, 0 for
   none). --winners first prints each game's winner, one line per game:
   the seat (0 Rebel, 1 Imperial) or -1. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "evr_ref.h"

/* Options of the command line. */
typedef struct Args {
    long games;
    unsigned long long seed;
    int winners;
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

/* parse_args: positional GAMES and SEED, or --games/--seed, and --winners.
   Returns 0, or -1 after printing the usage. */
static int parse_args(int argc, char **argv, Args *a)
{
    int positional = 0;
    unsigned long long v;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "--winners") == 0) {
            a->winners = 1;
        } else if ((strcmp(s, "--games") == 0 || strcmp(s, "--seed") == 0) && i + 1 < argc
                   && parse_number(argv[i + 1], &v)) {
            if (s[2] == 'g')
                a->games = (long)v;
            else
                a->seed = v;
            i++;
        } else if (positional < 2 && parse_number(s, &v)) {
            if (positional++ == 0)
                a->games = (long)v;
            else
                a->seed = v;
        } else {
            fprintf(stderr, "usage: %s [GAMES [SEED]] [--games N] [--seed S] [--winners]\n", argv[0]);
            return -1;
        }
    }
    return 0;
}

/* main: play the games, time them, print the JSON line (and --winners). */
int main(int argc, char **argv)
{
    Args a = {20000, 1, 0};
    if (parse_args(argc, argv, &a) != 0)
        return 2;
    uint64_t check = 0;
    double t0 = now_seconds();
    for (long i = 0; i < a.games; i++) {
        int w = evr_ref_play(ref_splitmix_at(a.seed, (uint64_t)i), NULL);
        check = check * 31 + (uint64_t)(w + 1);
        if (a.winners)
            printf("%d\n", w);
    }
    double t1 = now_seconds();
    double s = t1 - t0;
    printf("{\"game\":\"evr\",\"engine\":\"reference\",\"games\":%ld,\"seed\":%llu,\"seconds\":%.6f,"
           "\"games_per_second\":%.1f,\"winners_checksum\":%llu}\n",
           a.games, a.seed, s, s > 0 ? (double)a.games / s : 0.0, (unsigned long long)check);
    return 0;
}
