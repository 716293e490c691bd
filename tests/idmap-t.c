/* idmap-t.c - the id map against a plain model: random inserts, finds and
 * removes (small keys, held directly, and key 0 included) agree with an
 * array of flags; every value pointer is 8-byte aligned (UBSan caught a
 * misaligned key-0 value once);
 * values survive growth and backward-shift deletion; the limit holds;
 * keys of adversarial patterns (high bits only, low bits only, strides of
 * powers of two) never pile up in long probe runs; and clearing a table
 * much larger than its entries releases it, so a flush costs the entries,
 * not the capacity.  Failure: any disagreement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "core/idmap.h"
#include "tap.h"

#define KEYS 5000

typedef struct value {
    uint64_t key;
    uint32_t a, b;
    uint8_t c;
} value; /* 24 bytes, 8-aligned: like nt_thread */

/* Random inserts, finds and removes of keys below `range` against the
 * model; one ok() per property. */
static void against_model(uint32_t range, int steps, const char *what)
{
    static unsigned char present[KEYS];
    memset(present, 0, sizeof present);
    tgIdmap m;
    tgIdmap_init(&m, sizeof(value), KEYS);
    tgBytes_rng r = {7};
    size_t bad = 0, misaligned = 0, live = 0;
    for (int step = 0; step < steps; step++) {
        uint64_t k = tgBytes_below(&r, range);
        int op = (int)tgBytes_below(&r, 3), status;
        if (op == 0) {
            value *v = tgIdmap_insert(&m, k, &status);
            misaligned += v && ((uintptr_t)v % 8) != 0;
            if (v == NULL || status != (present[k] ? 0 : 1))
                bad++;
            else if (status == 1)
                v->key = k, v->a = (uint32_t)k * 3, present[k] = 1, live++;
        } else if (op == 1) {
            value *v = tgIdmap_find(&m, k);
            misaligned += v && ((uintptr_t)v % 8) != 0;
            if ((v != NULL) != present[k] ||
                (v && (v->key != k || v->a != (uint32_t)k * 3)))
                bad++;
        } else {
            if (tgIdmap_remove(&m, k) != present[k])
                bad++;
            live -= present[k];
            present[k] = 0;
        }
    }
    ok(bad == 0, "%s: %d random operations agree with the model", what, steps);
    ok(misaligned == 0, "%s: every value pointer is 8-byte aligned", what);
    char name[96];
    snprintf(name, sizeof name, "%s: the live count agrees", what);
    is_int((long long)m.used, (long long)live, name);
    tgIdmap_free(&m);
}

/* The longest run of occupied slots, which bounds any probe. */
static size_t longest_run(const tgIdmap *m)
{
    size_t best = 0, run = 0;
    for (size_t i = 0; i <= 2 * m->mask + 1; i++) { /* wraps once */
        run = m->keys[i & m->mask] ? run + 1 : 0;
        best = run > best ? run : best;
    }
    return best;
}

/* 2^17 keys of the form f(i); the table stays at most a quarter full, so
 * a good hash keeps every probe run short. */
static void adversarial(uint64_t (*f)(uint64_t), const char *what)
{
    tgIdmap m;
    tgIdmap_init(&m, sizeof(value), 1u << 20);
    int st;
    for (uint64_t i = 0; i < (1u << 17); i++)
        tgIdmap_insert(&m, f(i), &st);
    size_t run = longest_run(&m);
    ok(m.used == (1u << 17) && run < 64,
       "%s: 2^17 keys, the longest probe run is %zu slots (< 64)", what, run);
    tgIdmap_free(&m);
}

static uint64_t high_bits(uint64_t i) { return i << 44; }
static uint64_t low_stride(uint64_t i) { return 16 + (i << 4); }
static uint64_t page_stride(uint64_t i)
{
    return 0x7f0000000000ull + (i << 12);
}
static uint64_t top_bits(uint64_t i) { return (i << 47) | 1; }

int main(void)
{
    adversarial(high_bits, "keys i << 44");
    adversarial(low_stride, "keys 16 + 16 i");
    adversarial(page_stride, "keys a page apart");
    adversarial(top_bits, "keys i << 47 | 1");

    tgIdmap big;
    tgIdmap_init(&big, 0, 1u << 20);
    int st2;
    for (uint64_t i = 0; i < 100000; i++)
        tgIdmap_insert(&big, 1000 + i, &st2);
    tgIdmap_clear(&big); /* wiped: it costs the 100000 entries inserted */
    tgIdmap_insert(&big, 7, &st2);
    tgIdmap_insert(&big, 1000, &st2);
    tgIdmap_clear(&big);
    ok(big.keys == NULL && big.used == 0,
       "a clear with one entry in a table grown for 100000 releases it, "
       "so later clears do not pay for the old capacity");
    tgIdmap_insert(&big, 1000, &st2);
    tgIdmap_clear(&big);
    ok(big.keys != NULL && big.mask + 1 <= 64 &&
           tgIdmap_find(&big, 1000) == NULL,
       "a small table is wiped and kept");
    tgIdmap_free(&big);

    against_model(KEYS, 200000, "keys 0..4999");
    /* the direct array and the hash table meet at TG_IDMAP_SMALL */
    against_model(2 * TG_IDMAP_SMALL, 20000, "keys around TG_IDMAP_SMALL");

    tgIdmap s;
    tgIdmap_init(&s, 0, 3);
    int st;
    tgIdmap_insert(&s, 0, &st);
    tgIdmap_insert(&s, 10, &st);
    tgIdmap_insert(&s, 20, &st);
    ok(tgIdmap_insert(&s, 30, &st) == NULL && st == -1,
       "a fourth key past a limit of 3 is refused");
    ok(tgIdmap_insert(&s, 10, &st) != NULL && st == 0,
       "a key already there is still found at the limit");
    tgIdmap_clear(&s);
    ok(tgIdmap_find(&s, 0) == NULL && tgIdmap_find(&s, 10) == NULL &&
           s.used == 0,
       "clear empties the set, key 0 included");
    tgIdmap_free(&s);
    return done_testing();
}
