/* rt_rng.c: the seeded generators: splitmix64 (seeding) and xoshiro256** (every random draw). */
#include "rt_internal.h"

/* rt__splitmix64: advance *x by the golden gamma and return the mixed value. */
uint64_t rt__splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* rt__splitmix_at: the (i+1)-th output of a splitmix64 started at x. */
uint64_t rt__splitmix_at(uint64_t x, uint64_t i)
{
    uint64_t s = x + i * 0x9E3779B97F4A7C15u;
    return rt__splitmix64(&s);
}

/* rt__xoshiro_seed: state = the first four splitmix64 outputs from seed. */
void rt__xoshiro_seed(uint64_t s[4], uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        s[i] = rt__splitmix64(&x);
}

/* rt__xoshiro_next: the next xoshiro256** output. */
uint64_t rt__xoshiro_next(uint64_t s[4]) { return rt__xoshiro_next_inline(s); }

/* rt__xoshiro_below: uniform in [0, n) (rt__xoshiro_below_inline). */
uint32_t rt__xoshiro_below(uint64_t s[4], uint32_t n) { return rt__xoshiro_below_inline(s, n); }

/* rt_random: uniform in [0, n) from the game's generator (0 if n is 0). */
uint32_t rt_random(RtGame *g, uint32_t n)
{
    return rt__xoshiro_below_inline(rt__hdr(g)->rng, n);
}
