/* test_rng.c: the seeded generators: known answers and determinism. */
#include "helpers.h"
#include "minigame.h"
#include "rt_internal.h"

#include <criterion/criterion.h>

Test(rng, splitmix64_known_answers)
{
    uint64_t x = 0;
    cr_assert_eq(rt__splitmix64(&x), 0xe220a8397b1dcdafu);
    cr_assert_eq(rt__splitmix64(&x), 0x6e789e6aa1b965f4u);
    cr_assert_eq(rt__splitmix64(&x), 0x06c45d188009454fu);
    cr_assert_eq(rt__splitmix_at(0, 2), 0x06c45d188009454fu);
}

Test(rng, xoshiro_known_answers)
{
    uint64_t s[4];
    rt__xoshiro_seed(s, 0);
    cr_assert_eq(rt__xoshiro_next(s), 0x99ec5f36cb75f2b4u);
    cr_assert_eq(rt__xoshiro_next(s), 0xbf6e1f784956452au);
    cr_assert_eq(rt__xoshiro_next(s), 0x1a5f849d4933e6e0u);
    cr_assert_eq(rt__xoshiro_next(s), 0x6aa594f1262d2d2cu);
    rt__xoshiro_seed(s, 1);
    cr_assert_eq(rt__xoshiro_next(s), 0xb3f2af6d0fc710c5u);
}

/* rt_random(n) = (upper 32 bits of the next output) mod n, as documented. */
Test(rng, rt_random_known_answers)
{
    RtGame *g = new_game(&mini_base, 1, 2);
    static const uint32_t expect[] = {3, 4, 4, 3, 4, 0, 3, 2};
    for (int i = 0; i < 8; i++)
        cr_assert_eq(rt_random(g, 6), expect[i], "draw %d", i);
    cr_assert_eq(rt_random(g, 0), 0);
    rt_free(g);
    g = new_game(&mini_base, 0, 2);
    cr_assert_eq(rt_random(g, 0xFFFFFFFFu), 0x99ec5f36u);
    cr_assert_eq(rt_random(g, 0xFFFFFFFFu), 0xbf6e1f78u);
    rt_free(g);
}

/* rt__mod, the remainder the draws take without a division, is x % n for
   every divisor the table holds and past it: at the ends of the 32-bit
   range, near multiples of n and at random. */
Test(rng, the_remainder_without_a_division_is_the_remainder)
{
    uint64_t s[4];
    rt__xoshiro_seed(s, 7);
    for (uint32_t n = 1; n <= RT__MOD_MAX + 3; n++) {
        const uint32_t edges[] = {0, 1, n - 1, n, n + 1, 2 * n - 1, UINT32_MAX, UINT32_MAX - 1, UINT32_MAX - n,
                                  UINT32_MAX - UINT32_MAX % n, 0x7fffffffu, 0x80000000u};
        for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++)
            cr_assert_eq(rt__mod(edges[e], n), edges[e] % n, "%u mod %u", edges[e], n);
        for (int i = 0; i < 20000; i++) {
            uint32_t x = (uint32_t)(rt__xoshiro_next(s) >> 32);
            cr_assert_eq(rt__mod(x, n), x % n, "%u mod %u", x, n);
        }
    }
}

Test(rng, same_seed_same_stream_other_seed_differs)
{
    RtGame *a = new_game(&mini_base, 42, 2), *b = new_game(&mini_base, 42, 2), *c = new_game(&mini_base, 43, 2);
    int differs = 0;
    for (int i = 0; i < 100; i++) {
        uint32_t x = rt_random(a, 1000), y = rt_random(b, 1000), z = rt_random(c, 1000);
        cr_assert_eq(x, y);
        cr_assert_lt(x, 1000);
        differs |= x != z;
    }
    cr_assert(differs);
    rt_free(a);
    rt_free(b);
    rt_free(c);
}

Test(rng, random_agents_are_seeded)
{
    RtAgent a, b;
    rt_agent_random(&a);
    rt_agent_random(&b);
    a.reset(&a, 9);
    b.reset(&b, 9);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(rt__xoshiro_next(a.rng), rt__xoshiro_next(b.rng));
}
