/* bytes.h - little-endian loads and stores, and the generators' random
 * numbers.  Header-only: these sit on every hot path. */
#ifndef TG_BYTES_H
#define TG_BYTES_H

#include <stdint.h>
#include <string.h>

/* One load, then a byte swap where the machine is big-endian (the
 * compiler merges the two halves of tgBytes_le64() into one load). */
static inline uint32_t tgBytes_le32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static inline uint64_t tgBytes_le64(const unsigned char *p)
{
    return (uint64_t)tgBytes_le32(p) | (uint64_t)tgBytes_le32(p + 4) << 32;
}

static inline void tgBytes_put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

static inline void tgBytes_put64(unsigned char *p, uint64_t v)
{
    tgBytes_put32(p, (uint32_t)v);
    tgBytes_put32(p + 4, (uint32_t)(v >> 32));
}

/* splitmix64: tiny, fast, and the same sequence on every platform, which
 * is what "same seed, same bytes" needs. */
typedef struct tgBytes_rng {
    uint64_t s;
} tgBytes_rng;

static inline uint64_t tgBytes_next(tgBytes_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform-enough value in [0, n) for small n; n == 0 gives 0. */
static inline uint32_t tgBytes_below(tgBytes_rng *r, uint32_t n)
{
    return n ? (uint32_t)(((tgBytes_next(r) >> 32) * n) >> 32) : 0;
}

/* A random element of array a (a real array, not a pointer). */
#define TG_BYTES_PICK(r, a) (a[tgBytes_below(r, sizeof a / sizeof a[0])])

#endif
