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

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* rt__xoshiro_next: the next xoshiro256** output. */
uint64_t rt__xoshiro_next(uint64_t s[4])
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* rt__xoshiro_below: x = the upper 32 bits of the next output; outputs
   x >= 2^32 - (2^32 mod n) are rejected (drawn again); returns x mod n.
   Since 2^32 mod n < n, every x <= 2^32 - n is accepted without
   computing the limit (one division per draw instead of two). */
uint32_t rt__xoshiro_below(uint64_t s[4], uint32_t n)
{
    if (n == 0)
        return 0;
    for (;;) {
        uint32_t x = (uint32_t)(rt__xoshiro_next(s) >> 32);
        if (x <= UINT32_MAX - n + 1 || (uint64_t)x < 0x100000000u - (0x100000000u % n))
            return x % n;
    }
}

/* rt_random: uniform in [0, n) from the game's generator (0 if n is 0). */
uint32_t rt_random(RtGame *g, uint32_t n)
{
    return rt__xoshiro_below(rt__hdr(g)->rng, n);
}
