/* textindex.c - building the bit maps of textindex.h. */
#include <stdlib.h>
#include <string.h>

#include "mem.h"
#include "scan16.h"
#include "textindex.h"

/* AVX2, chosen when the index is made, where the compiler can target it
 * and the processor has it (both GCC and clang check that the operating
 * system saves the wide registers too) */
#if defined(__x86_64__) && defined(__SSE2__) && !defined(TG_SCAN16_PORTABLE)
#include <immintrin.h>
#define TG_TEXTINDEX_AVX2 1

static int has_avx2(void) { return __builtin_cpu_supports("avx2"); }

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

/* classify()'s whole words, 32 bytes at a time: @return where the
 * words it left start. */
AVX2 static size_t classify_wide(tgTextindex *x, const unsigned char *p,
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
#else
static int has_avx2(void) { return 0; }
#endif

void tgTextindex_init(tgTextindex *x, const unsigned char mark[3],
                      unsigned char sep, size_t max)
{
    memset(x, 0, sizeof *x);
    memcpy(x->mark, mark, sizeof x->mark);
    x->sep = sep;
    x->max = max;
    x->wide = has_avx2();
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
 * whole words, the last padded with bits of zero bytes (no class).  The
 * lanes of the four bytes are made once, and every whole word of the
 * input is read by four plain loads; only the last part word checks
 * where the input ends. */
static void classify(tgTextindex *x, const unsigned char *p, size_t from,
                     size_t to)
{
    const tgScan16_byte m0 = tgScan16_splat(x->mark[0]),
                        m1 = tgScan16_splat(x->mark[1]),
                        m2 = tgScan16_splat(x->mark[2]),
                        sep = tgScan16_splat(x->sep);
    size_t i = from;
#ifdef TG_TEXTINDEX_AVX2
    if (x->wide)
        i = classify_wide(x, p, i, to);
#endif
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
    if (i < to) { /* the part word at the end */
        uint64_t marks = 0, seps = 0, high = 0;
        for (unsigned j = 0; i + j < to; j += 16) {
            size_t left = to - i - j;
            tgScan16_block b = left >= 16
                                   ? tgScan16_load(p + i + j)
                                   : tgScan16_load_part(p + i + j, left);
            marks |= (uint64_t)tgScan16_eq3(b, m0, m1, m2) << j;
            seps |= (uint64_t)tgScan16_eq(b, sep) << j;
            high |= (uint64_t)tgScan16_high(b) << j;
        }
        x->map[TG_TEXTINDEX_MARKS][i >> 6] = marks;
        x->map[TG_TEXTINDEX_SEPS][i >> 6] = seps;
        x->map[TG_TEXTINDEX_HIGH][i >> 6] = high;
    }
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
