/* helpers.h: small helpers shared by the runtime's tests. */
#ifndef RT_TEST_HELPERS_H
#define RT_TEST_HELPERS_H

#include "cardrt.h"

/* new_game: a game of def with the seed (log on); asserts it was made. */
RtGame *new_game(const RtGameDef *def, uint64_t seed, int players);
/* play_random: answer every decision with a random agent per seat seeded from seed. */
void play_random(RtGame *g, uint64_t seed);
/* log_text: g's text log for viewer as a malloc'd string. */
char *log_text(const RtGame *g, int viewer);
/* log_json: g's JSON-lines log as a malloc'd string. */
char *log_json(const RtGame *g);
/* run_engine: rt_engine_run with argv (NULL-terminated), capturing out and err (malloc'd). */
int run_engine(const char *const *argv, char **out, char **err);
/* run_engine_defs: the same with the variants defs (ndefs of them) in place of the minigame's. */
int run_engine_defs(const RtGameDef *const *defs, int ndefs, const char *const *argv, char **out, char **err);
/* zone_total: cards in every zone instance (2 players: 8 zone instances). */
int zone_total(const RtGame *g, int nzi);

/* starts: s begins with prefix. */
int starts(const char *s, const char *prefix);

#endif
