/* afperf_floor.c - the cost of reading every field of an AFPerf file
 * while checking nothing: its line ends and commas found sixteen bytes at
 * a time into bit maps (as tracegate's text index finds them), then each
 * field cut at the next of them and read as a decimal number up to its
 * first byte that is not a digit (the comma or LF after it stops the
 * loop: no bound is tested).  The instructions it takes are a floor
 * under any checker that reads the same fields (issue 13 compares
 * tracegate's instructions per byte with it; tools/framing_floor.py runs
 * it).
 *
 * It is a floor, not a model: quotes are not looked at (a comma inside
 * them cuts the field), a number is not tested for overflow or leading
 * zeros, and no record type, value or reference is looked up.  Usage:
 * afperf_floor FILE [walk|cut]: `cut` cuts the fields and reads none;
 * with neither, only the reading of the file (the baseline to
 * subtract). */
#include <emmintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "floor_input.h"

typedef struct tally {
    uint64_t sum, fields, records;
} tally;

/* Each field of p[0..n), from the byte after the last end (a bit of
 * ends) to the next: its number read if `numbers`, else its length
 * summed.  Inline, so that each use is its own loop. */
static inline __attribute__((always_inline)) void
each_field(const unsigned char *p, size_t n, const uint64_t *ends,
           size_t words, int numbers, tally *t)
{
    size_t start = 0;
    for (size_t w = 0; w < words; w++) {
        for (uint64_t m = ends[w]; m; m &= m - 1) {
            size_t e = w * 64 + (size_t)__builtin_ctzll(m);
            if (e >= n)
                return; /* the zeros after the file */
            uint64_t v = 0;
            unsigned d;
            if (numbers)
                for (const unsigned char *q = p + start;
                     (d = *q - (unsigned)'0') < 10; q++)
                    v = v * 10 + d;
            t->sum += numbers ? v : e - start;
            t->fields++;
            t->records += p[e] == '\n';
            start = e + 1;
        }
    }
}

int main(int argc, char **argv)
{
    size_t n;
    /* 16 zero bytes after the file: the last load is whole */
    unsigned char *p =
        floor_input(argc, argv, "afperf_floor", "[walk|cut]", 16, &n);
    size_t words = n / 64 + 1;
    uint64_t *ends = calloc(words, sizeof *ends);
    if (ends == NULL) {
        fprintf(stderr, "afperf_floor: out of memory\n");
        return 3;
    }
    int walk = argc > 2 && strcmp(argv[2], "walk") == 0,
        cut = argc > 2 && strcmp(argv[2], "cut") == 0;
    if (!walk && !cut) {
        printf("%zu bytes\n", n);
        return 0;
    }
    /* a bit for each LF and comma */
    const __m128i lf = _mm_set1_epi8('\n'), comma = _mm_set1_epi8(',');
    for (size_t i = 0; i < n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        uint64_t m = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, comma)));
        ends[i / 64] |= m << (i % 64);
    }
    tally t = {0, 0, 0};
    if (walk)
        each_field(p, n, ends, words, 1, &t);
    else
        each_field(p, n, ends, words, 0, &t);
    /* what was read, so that none of it is left out as unused */
    printf("%llu records %llu fields %llu\n", (unsigned long long)t.records,
           (unsigned long long)t.fields, (unsigned long long)t.sum);
    free(p);
    free(ends);
    return 0;
}
