/* textindex.c - building the bit maps of textindex.h. */
#include <stdlib.h>
#include <string.h>

#include "mem.h"
#include "scan16.h"
#include "simd.h"
#include "textindex.h"

/* The bits of up to 64 bytes at p, one at a time through the class of
 * each byte (x->class): the scalar kernel, and the part word at the end
 * of what every kernel indexes (the bits past n stay clear: zero bytes
 * are of no class). */
static void word_scalar(const tgTextindex *x, const unsigned char *p, size_t n,
                        uint64_t *marks, uint64_t *seps, uint64_t *high)
{
    uint64_t m = 0, s = 0, h = 0;
    for (size_t j = 0; j < n; j++) {
        unsigned c = x->class[p[j]];
        m |= (uint64_t)(c & 1) << j;
        s |= (uint64_t)(c >> 1 & 1) << j;
        h |= (uint64_t)(c >> 2) << j;
    }
    *marks = m;
    *seps = s;
    *high = h;
}

/* Each kernel indexes the whole words of p[i..to) (p: the byte at
 * x->base, i a multiple of 64) and returns where the words it left
 * start. */
static size_t classify_scalar(tgTextindex *x, const unsigned char *p, size_t i,
                              size_t to)
{
    for (; i < to && to - i >= 64; i += 64)
        word_scalar(x, p + i, 64, &x->map[TG_TEXTINDEX_MARKS][i >> 6],
                    &x->map[TG_TEXTINDEX_SEPS][i >> 6],
                    &x->map[TG_TEXTINDEX_HIGH][i >> 6]);
    return i;
}

#if defined(__x86_64__) && !defined(TG_SCAN16_PORTABLE)
/* scan16.h is SSE2 here; every x86-64 has it */
static size_t classify_sse2(tgTextindex *x, const unsigned char *p, size_t i,
                            size_t to)
{
    const tgScan16_byte m0 = tgScan16_splat(x->mark[0]),
                        m1 = tgScan16_splat(x->mark[1]),
                        m2 = tgScan16_splat(x->mark[2]),
                        sep = tgScan16_splat(x->sep);
    for (; i < to && to - i >= 64; i += 64) {
        uint64_t marks = 0, seps = 0, high = 0;
        for (unsigned j = 0; j < 64; j += 16) {
            tgScan16_block b = tgScan16_load(p + i + j);
            marks |= (uint64_t)tgScan16_eq3(b, m0, m1, m2) << j;
            seps |= (uint64_t)tgScan16_eq(b, sep) << j;
            high |= (uint64_t)tgScan16_high(b) << j;
        }
        x->map[TG_TEXTINDEX_MARKS][i >> 6] = marks;
        x->map[TG_TEXTINDEX_SEPS][i >> 6] = seps;
        x->map[TG_TEXTINDEX_HIGH][i >> 6] = high;
    }
    return i;
}

#include <immintrin.h>
#define AVX2 __attribute__((target("avx2")))

/* The bits of a 64-byte word from the masks of its two halves. */
AVX2 static inline uint64_t word_of(__m256i lo, __m256i hi)
{
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(lo) |
           (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
}

AVX2 static inline __m256i any3(__m256i b, __m256i c0, __m256i c1, __m256i c2)
{
    return _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi8(b, c0), _mm256_cmpeq_epi8(b, c1)),
        _mm256_cmpeq_epi8(b, c2));
}

AVX2 static size_t classify_avx2(tgTextindex *x, const unsigned char *p,
                                 size_t i, size_t to)
{
    const __m256i m0 = _mm256_set1_epi8((char)x->mark[0]),
                  m1 = _mm256_set1_epi8((char)x->mark[1]),
                  m2 = _mm256_set1_epi8((char)x->mark[2]),
                  sep = _mm256_set1_epi8((char)x->sep);
    for (; i < to && to - i >= 64; i += 64) {
        __m256i lo =
            _mm256_loadu_si256((const __m256i *)(const void *)(p + i));
        __m256i hi =
            _mm256_loadu_si256((const __m256i *)(const void *)(p + i + 32));
        x->map[TG_TEXTINDEX_MARKS][i >> 6] =
            word_of(any3(lo, m0, m1, m2), any3(hi, m0, m1, m2));
        x->map[TG_TEXTINDEX_SEPS][i >> 6] =
            word_of(_mm256_cmpeq_epi8(lo, sep), _mm256_cmpeq_epi8(hi, sep));
        x->map[TG_TEXTINDEX_HIGH][i >> 6] = word_of(lo, hi);
    }
    return i;
}
#endif

void tgTextindex_init(tgTextindex *x, const unsigned char mark[3],
                      unsigned char sep, size_t max)
{
    memset(x, 0, sizeof *x);
    memcpy(x->mark, mark, sizeof x->mark);
    x->sep = sep;
    x->max = max;
    x->path = tgSimd_path();
    for (unsigned c = 0x80; c < 0x100; c++)
        x->class[c] = 4;
    for (unsigned i = 0; i < 3; i++)
        x->class[mark[i]] |= 1;
    x->class[sep] |= 2;
}

void tgTextindex_free(tgTextindex *x)
{
    tgMem_free(x->map[0]);
    memset(x->map, 0, sizeof x->map);
    x->cap = x->n = 0;
}

/* Room for need bytes (need <= x->max): the maps start afresh. */
static int grow(tgTextindex *x, size_t need)
{
    size_t cap = x->cap ? x->cap : TG_TEXTINDEX_CHUNK;
    while (cap < need)
        cap = cap <= x->max / 2 ? 2 * cap : x->max;
    cap = (cap + 63) & ~(size_t)63;
    size_t words = cap / 64 + 1; /* one past them, for tgTextindex_word() */
    uint64_t *m = tgMem_calloc(3 * words, sizeof *m);
    if (m == NULL)
        return 0;
    tgMem_free(x->map[0]);
    for (unsigned i = 0; i < 3; i++)
        x->map[i] = m + i * words;
    x->cap = cap;
    x->n = 0;
    return 1;
}

/* Index p[from..to), p being the byte at x->base, from a multiple of 64:
 * whole words by the path's kernel, the last part word by the scalar
 * one, padded with the bits of zero bytes (no class). */
static void classify(tgTextindex *x, const unsigned char *p, size_t from,
                     size_t to)
{
    size_t i = from;
#if defined(__x86_64__) && !defined(TG_SCAN16_PORTABLE)
    i = x->path == TG_SIMD_AVX2   ? classify_avx2(x, p, i, to)
        : x->path == TG_SIMD_SSE2 ? classify_sse2(x, p, i, to)
                                  : i;
#endif
    i = classify_scalar(x, p, i, to);
    if (i < to)
        word_scalar(x, p + i, to - i, &x->map[TG_TEXTINDEX_MARKS][i >> 6],
                    &x->map[TG_TEXTINDEX_SEPS][i >> 6],
                    &x->map[TG_TEXTINDEX_HIGH][i >> 6]);
}

int tgTextindex_reach(tgTextindex *x, const unsigned char *p, uint64_t at,
                      size_t i, size_t avail)
{
    /* the bytes before at may be gone from the window: a record that did
     * not start the maps starts them afresh */
    if (at != x->base) {
        x->base = at;
        x->n = 0;
    }
    if (i >= x->cap && (i >= x->max || !grow(x, i + 1)))
        return 0;
    size_t to = avail < x->cap ? avail : x->cap;
    classify(x, p, x->n & ~(size_t)63, to);
    x->n = to;
    return 1;
}

size_t tgTextindex_scan_more(tgTextindex_scan *s)
{
    for (;;) {
        /* the walk has passed every byte before both */
        size_t i = s->to > s->from ? s->to : s->from;
        if (i >= s->n)
            return s->n;
        if (!tgTextindex_reach(s->x, s->p, s->at, i, s->n))
            return SIZE_MAX;
        tgTextindex_scan_cover(s, i);
        size_t m = tgTextindex_walk_next(&s->walk);
        if (m < s->walk.to)
            return m - s->b;
    }
}
