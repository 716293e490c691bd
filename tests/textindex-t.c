/* textindex-t.c - the bit maps of core/textindex.h against a byte loop.
 * A reader walks a random input forward as a checker does, at offsets
 * that only grow, asking for the first byte of each class from random
 * places and scanning on from there (tgTextindex_scan); each time, the bytes it passes are a fresh copy of the input
 * from its offset on, so any look before that offset (gone from a real
 * window) reads freed memory under the sanitizers.  Records longer than
 * the maps grow them, and past the most they may hold, the index says
 * so.  Run with each kernel the build and processor have (core/simd.h),
 * and built twice, like scan16-t: with the x86-64 kernels and with plain
 * C alone.
 * Failure: an answer that differs from the loop's. */
#include <stdio.h>
#include <stdlib.h>

#include "core/bytes.h"
#include "core/textindex.h"
#include "tap.h"

static const unsigned char marks[3] = {'\n', '\r', '"'};

static int in_class(unsigned char c, enum tgTextindex_map map)
{
    switch (map) {
    case TG_TEXTINDEX_MARKS: return c == '\n' || c == '\r' || c == '"';
    case TG_TEXTINDEX_SEPS: return c == ',';
    case TG_TEXTINDEX_HIGH: return c >= 0x80;
    }
    return 0;
}

/* The first byte of class map in p[i..n) by the index: a scan's first
 * step. */
static size_t find(tgTextindex *x, enum tgTextindex_map map,
                   const unsigned char *p, uint64_t at, size_t i, size_t n)
{
    tgTextindex_scan s;
    tgTextindex_scan_start(&s, x, map, p, at, i, n);
    return tgTextindex_scan_next(&s);
}

static size_t model_find(const unsigned char *p, enum tgTextindex_map map,
                         size_t i, size_t n)
{
    while (i < n && !in_class(p[i], map))
        i++;
    return i;
}

/* Every check, with the index classifying on one path. */
static void checks(enum tgSimd_path path)
{
    char how[32];
    snprintf(how, sizeof how, " (%s)", tgSimd_name(path));
    enum { LEN = 400000 };
    unsigned char *input = malloc(LEN);
    tgBytes_rng rng = {11};
    static const unsigned char bytes[] = {'\n', '\r', '"', ',', 0xC3, 0, 'a'};
    for (size_t i = 0; i < LEN; i++) /* sparse or dense classes by stretch */
        input[i] = tgBytes_below(&rng, (i >> 12) % 3 == 0 ? 2 : 40) == 0
                       ? bytes[tgBytes_below(&rng, sizeof bytes)]
                       : (unsigned char)tgBytes_below(&rng, 256);

    tgTextindex x;
    tgTextindex_init(&x, marks, ',', 200000);
    x.path = path;
    long bad = 0, asked = 0;
    uint64_t at = 0;
    while (at < LEN - 1) {
        size_t avail =
            1 + tgBytes_below(&rng,
                              (uint32_t)(LEN - at < 90000 ? LEN - at : 90000));
        unsigned char *p = malloc(avail);
        memcpy(p, input + at, avail);
        for (int q = 0; q < 4; q++, asked++) {
            enum tgTextindex_map map =
                (enum tgTextindex_map)tgBytes_below(&rng, 3);
            size_t i = tgBytes_below(&rng, (uint32_t)avail);
            size_t n = i + 1 + tgBytes_below(&rng, (uint32_t)(avail - i));
            size_t got = find(&x, map, p, at, i, n);
            size_t want = model_find(p, map, i, n);
            if (got != want && bad++ < 5)
                diag("at %lu, class %d, [%zu, %zu): %zu, not %zu",
                     (unsigned long)at, (int)map, i, n, got, want);
            /* and on, as scan_record() goes: up to 40 bytes of the class
             * after it, the index growing past what it held */
            tgTextindex_scan sc;
            tgTextindex_scan_start(&sc, &x, map, p, at, i, n);
            for (int step = 0; step < 40 && want < n; step++, asked++) {
                got = tgTextindex_scan_next(&sc);
                if (got != want && bad++ < 5)
                    diag("at %lu, class %d, step %d: %zu, not %zu",
                         (unsigned long)at, (int)map, step, got, want);
                want = model_find(p, map, want + 1, n);
            }
        }
        free(p);
        at += 1 + tgBytes_below(&rng, (uint32_t)(avail < 3000 ? avail : 3000));
    }
    ok(bad == 0 && asked > 1000, "%ld of %ld answers differ%s", bad, asked,
       how);

    /* a walk over every bit of a map, from random places to random ends
     * inside what the index holds, meets the bytes the model names */
    long walked = 0, strayed = 0;
    tgTextindex y; /* of its own: offsets asked of an index only grow */
    tgTextindex_init(&y, marks, ',', 200000);
    y.path = path;
    size_t held = 0;
    for (int q = 0; q < 300 && strayed == 0; q++) {
        size_t n = 1 + tgBytes_below(&rng, 70000);
        if (n > held) { /* index [0, n) of the input, at offset 0 */
            if (find(&y, TG_TEXTINDEX_MARKS, input, 0, n - 1, n) == SIZE_MAX)
                break;
            held = tgTextindex_have(&y, 0);
        }
        enum tgTextindex_map map =
            (enum tgTextindex_map)tgBytes_below(&rng, 3);
        size_t from = tgBytes_below(&rng, (uint32_t)n);
        tgTextindex_walk it;
        tgTextindex_walk_start(&it, y.map[map], from, n);
        size_t want = model_find(input, map, from, n), got;
        do {
            got = tgTextindex_walk_next(&it);
            walked++;
            strayed += got != want;
            want = want < n ? model_find(input, map, want + 1, n) : n;
        } while (got < n && strayed == 0);
    }
    ok(walked > 1000 && strayed == 0, "walks: %ld bits, %ld astray%s", walked,
       strayed, how);

    /* a word of a map from any bit, up to an end that may be short of 64
     * bits or past them, to the last bit the index holds: its bits below
     * the end are the model's (the rest are not the map's to say) */
    long worded = 0, wrong = 0;
    for (int q = 0; q < 20000 && held > 0; q++) {
        enum tgTextindex_map map =
            (enum tgTextindex_map)tgBytes_below(&rng, 3);
        size_t from = q < 64 ? held - 1 - (size_t)q % held
                             : tgBytes_below(&rng, (uint32_t)held);
        size_t room = held - from, span = 1 + tgBytes_below(&rng, 100);
        size_t to = from + (span < room ? span : room);
        uint64_t m = tgTextindex_word(y.map[map], from);
        for (size_t j = 0; j < 64 && from + j < to; j++, worded++)
            wrong += (m >> j & 1) != (uint64_t)in_class(input[from + j], map);
    }
    ok(worded > 100000 && wrong == 0, "words: %ld bits, %ld wrong%s", worded,
       wrong, how);
    tgTextindex_free(&y);
    /* maps that hold exactly their room: a word up to their last bit reads
     * the spare word after them, never past it (the sanitizers' to see;
     * HIGH is allocated last) */
    tgTextindex z;
    tgTextindex_init(&z, marks, ',', TG_TEXTINDEX_CHUNK);
    z.path = path;
    uint64_t last = 0;
    if (find(&z, TG_TEXTINDEX_HIGH, input, 0, TG_TEXTINDEX_CHUNK - 1,
             TG_TEXTINDEX_CHUNK) != SIZE_MAX &&
        tgTextindex_have(&z, 0) == z.cap)
        for (size_t from = TG_TEXTINDEX_CHUNK - 63; from < TG_TEXTINDEX_CHUNK;
             from++)
            last |= tgTextindex_word(z.map[TG_TEXTINDEX_HIGH], from) &
                    (((uint64_t)1 << (TG_TEXTINDEX_CHUNK - from)) - 1);
    ok(tgTextindex_have(&z, 0) == z.cap && z.cap == TG_TEXTINDEX_CHUNK &&
           (last != 0) ==
               (model_find(input, TG_TEXTINDEX_HIGH, TG_TEXTINDEX_CHUNK - 63,
                           TG_TEXTINDEX_CHUNK) < TG_TEXTINDEX_CHUNK),
       "words up to the last bit of full maps%s", how);
    tgTextindex_free(&z);

    /* one record of 150000 bytes: the maps grow to hold it whole */
    unsigned char *p = malloc(160000);
    memset(p, 'a', 160000);
    p[150000] = '\n';
    p[149999] = ',';
    ok(find(&x, TG_TEXTINDEX_MARKS, p, LEN, 0, 160000) == 150000 &&
           find(&x, TG_TEXTINDEX_SEPS, p, LEN, 0, 160000) == 149999 &&
           x.cap >= 150001,
       "a record longer than the first maps: they grow to hold it%s", how);
    /* past the most the maps may hold (200000 bytes), the index says so */
    free(p);
    p = calloc(260000, 1);
    ok(find(&x, TG_TEXTINDEX_MARKS, p, LEN + 160000, 0, 260000) == SIZE_MAX,
       "a record past the maps' most: SIZE_MAX, nothing read past it%s", how);
    ok(find(&x, TG_TEXTINDEX_MARKS, p, LEN + 160000, 0, 200000) == 200000,
       "up to the maps' most: indexed, and no mark in it%s", how);
    free(p);
    tgTextindex_free(&x);
    free(input);
}

int main(void)
{
    for (int path = 0; path <= (int)tgSimd_best(); path++)
        checks((enum tgSimd_path)path);
    if (tgSimd_best() < TG_SIMD_AVX2)
        diag("no AVX2 here (or a portable build): paths up to %s are run",
             tgSimd_name(tgSimd_best()));
    return done_testing();
}
