/* ref_rng.h: the random generators of the hand-written reference engines
   (bench/evr_ref.h, bench/galaxy_ref.h): xoshiro256** seeded by splitmix64
   and uniform draws below n, exactly as the runtime (runtime/rt_rng.c)
   makes them, so that a reference plays the generated engine's games. */
#ifndef REF_RNG_H
#define REF_RNG_H

#include <stdint.h>

/* ------------------------------------------------------------ generators */

/* A xoshiro256** generator (as runtime/rt_rng.c). */
typedef struct RefRng {
    uint64_t s[4];
} RefRng;

/* ref_splitmix64: advance *x by the golden gamma and return the mixed value. */
static inline uint64_t ref_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* ref_splitmix_at: the (i+1)-th output of a splitmix64 started at x (game i
   of a bench seeded x; agent i of a game seeded x ^ salt). */
static inline uint64_t ref_splitmix_at(uint64_t x, uint64_t i)
{
    uint64_t s = x + i * 0x9E3779B97F4A7C15u;
    return ref_splitmix64(&s);
}

/* ref_rng_seed: state = the first four splitmix64 outputs from seed. */
static inline void ref_rng_seed(RefRng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = ref_splitmix64(&x);
}

/* ref_rotl: rotate x left by k bits. */
static inline uint64_t ref_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* ref_rng_next: the next xoshiro256** output. */
static inline uint64_t ref_rng_next(RefRng *r)
{
    uint64_t *s = r->s;
    uint64_t result = ref_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ref_rotl(s[3], 45);
    return result;
}

/* ref_rng_below: uniform in [0, n) exactly as rt__xoshiro_below: x = the
   upper 32 bits of the next output, drawn again at or above 2^32 - (2^32
   mod n), else x mod n. Since 2^32 mod n < n, any x <= 2^32 - n is below
   that limit: the limit (a second division) is computed only above it. */
static inline uint32_t ref_rng_below(RefRng *r, uint32_t n)
{
    if (n == 0)
        return 0;
    for (;;) {
        uint32_t x = (uint32_t)(ref_rng_next(r) >> 32);
        if (x <= UINT32_MAX - n + 1 || (uint64_t)x < 0x100000000u - (0x100000000u % n))
            return x % n;
    }
}

/* The salt of the agents' seeds (rt__agent_seed). */
#define EVR_AGENT_SALT 0x6a09e667f3bcc909u
/* A game not over after this many rounds fails (RT_DEFAULT_MAX_ROUNDS). */
#define EVR_MAX_ROUNDS 1000

#endif
