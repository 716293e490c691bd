/* ranges-t.c - the range set (stack ids of a sequence-point window)
 * against a plain model: ranges added in ascending, descending and
 * scattered order agree on overlaps and on lookups; the tree's height
 * stays within the AVL bound (1.44 log2 n), so adding and looking up
 * cost O(log n) whatever the order; the limit holds and a clear empties
 * it.  Failure: any disagreement, or a tree taller than the bound. */
#include <stdio.h>
#include <stdlib.h>

#include "core/bytes.h"
#include "core/ranges.h"
#include "tap.h"

#define N 100000

/* An AVL tree of n nodes is at most 1.44 log2(n + 2) tall. */
static int avl_bound(size_t n)
{
    int log2 = 0;
    for (size_t m = n + 2; m > 1; m >>= 1)
        log2++;
    return (int)(1.45 * (log2 + 1));
}

/* Ranges [10 i, 10 i + 5) added in the order order(i). */
static void ordered(size_t (*order)(size_t), const char *what)
{
    tgRanges r;
    tgRanges_init(&r, N);
    uint64_t a, b;
    size_t added = 0, bad = 0;
    for (size_t i = 0; i < N; i++) {
        size_t k = order(i);
        added += tgRanges_insert(&r, 10 * k, 10 * k + 5, &a, &b) == 1;
    }
    for (size_t k = 0; k < N; k++) {
        bad += !tgRanges_contains(&r, 10 * k) ||
               !tgRanges_contains(&r, 10 * k + 4);
        bad += tgRanges_contains(&r, 10 * k + 5) ||
               tgRanges_contains(&r, 10 * k + 9);
        /* an overlap from either side is refused, and names the range */
        bad += tgRanges_insert(&r, 10 * k + 4, 10 * k + 7, &a, &b) != 0 ||
               a != 10 * k;
        /* from the left: [10k - 3, 10k + 1), or [0, 1) for k = 0 */
        uint64_t left = k ? 10 * k - 3 : 0;
        bad += tgRanges_insert(&r, left, 10 * k + 1, &a, &b) != 0;
    }
    ok(added == N && bad == 0, "%s: %d ranges, lookups and overlaps agree",
       what, N);
    int h = tgRanges_height(&r), bound = avl_bound(N);
    ok(h <= bound, "%s: height %d within the AVL bound %d", what, h, bound);
    tgRanges_free(&r);
}

static size_t ascending(size_t i) { return i; }
static size_t descending(size_t i) { return N - 1 - i; }
static size_t scattered(size_t i) { return (i * 7919) % N; } /* prime */

int main(void)
{
    ordered(ascending, "ascending");
    ordered(descending, "descending");
    ordered(scattered, "scattered");

    /* against a model of small random ranges */
    static unsigned char owner[4096];
    tgRanges r;
    tgRanges_init(&r, 1000);
    tgBytes_rng rng = {5};
    size_t bad = 0;
    uint64_t a, b;
    for (int step = 0; step < 20000; step++) {
        if (step % 5000 == 0) {
            tgRanges_clear(&r);
            for (size_t i = 0; i < sizeof owner; i++)
                owner[i] = 0;
        }
        uint64_t first = tgBytes_below(&rng, 4000),
                 n = 1 + tgBytes_below(&rng, 20);
        int free_ = 1;
        for (uint64_t i = first; i < first + n; i++)
            free_ &= !owner[i];
        int got = tgRanges_insert(&r, first, first + n, &a, &b);
        if (got == -1)
            continue; /* the limit: checked below */
        bad += got != free_;
        if (got == 1)
            for (uint64_t i = first; i < first + n; i++)
                owner[i] = 1;
        uint64_t probe = tgBytes_below(&rng, 4096);
        bad += tgRanges_contains(&r, probe) != owner[probe];
    }
    ok(bad == 0, "random ranges agree with the model, across clears");
    tgRanges_clear(&r);
    ok(!tgRanges_contains(&r, 1) && tgRanges_height(&r) == 0,
       "clear empties it");
    tgRanges_free(&r);

    tgRanges_init(&r, 2);
    ok(tgRanges_insert(&r, 1, 2, &a, &b) == 1 &&
           tgRanges_insert(&r, 5, 6, &a, &b) == 1 &&
           tgRanges_insert(&r, 9, 10, &a, &b) == -1,
       "a third range past a limit of 2 is refused");
    tgRanges_free(&r);
    /* single ids with values: in order and with one value, one range */
    tgRanges ids;
    tgRanges_init(&ids, 8);
    int added = 1;
    for (uint64_t id = 5; id < 1005; id++)
        added &= tgRanges_add_id(&ids, id, 7) == 1;
    ok(added && ids.n == 1, "1000 ids in order with one value: one range");
    is_int(tgRanges_add_id(&ids, 500, 7), 0, "an id already held: 0");
    is_int(tgRanges_add_id(&ids, 1005, 8), 1,
           "the next id, another value: added");
    ok(ids.n == 2 && tgRanges_find(&ids, 1005)->value == 8 &&
           tgRanges_find(&ids, 1004)->value == 7 &&
           tgRanges_find(&ids, 1006) == NULL && tgRanges_find(&ids, 4) == NULL,
       "a second range for the other value; values found by id");
    is_int(tgRanges_add_id(&ids, 3, 7), 1, "an id before the first range");
    ok(ids.n == 3 && !tgRanges_contains(&ids, 4), "it is a range of its own");
    ok(tgRanges_add_id(&ids, UINT64_MAX, 9) == 1 &&
           tgRanges_find(&ids, UINT64_MAX)->value == 9 &&
           tgRanges_add_id(&ids, UINT64_MAX, 9) == 0 &&
           tgRanges_add_id(&ids, UINT64_MAX - 1, 9) == 1 && ids.n == 5,
       "2^64-1 is an id like the others");
    tgRanges_free(&ids);
    return done_testing();
}
