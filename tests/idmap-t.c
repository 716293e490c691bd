/* idmap-t.c - the id map against a plain model: random inserts, finds and
 * removes (small keys, held directly, and key 0 included) agree with an
 * array of flags; every value pointer is 8-byte aligned (UBSan caught a
 * misaligned key-0 value once);
 * values survive growth and backward-shift deletion; the limit holds.
 * Failure: any disagreement. */
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
    tgI_map m;
    tgI_init(&m, sizeof(value), KEYS);
    tgB_rng r = {7};
    size_t bad = 0, misaligned = 0, live = 0;
    for (int step = 0; step < steps; step++) {
        uint64_t k = tgB_below(&r, range);
        int op = (int)tgB_below(&r, 3), status;
        if (op == 0) {
            value *v = tgI_insert(&m, k, &status);
            misaligned += v && ((uintptr_t)v % 8) != 0;
            if (v == NULL || status != (present[k] ? 0 : 1))
                bad++;
            else if (status == 1)
                v->key = k, v->a = (uint32_t)k * 3, present[k] = 1, live++;
        } else if (op == 1) {
            value *v = tgI_find(&m, k);
            misaligned += v && ((uintptr_t)v % 8) != 0;
            if ((v != NULL) != present[k] || (v && (v->key != k ||
                                                    v->a != (uint32_t)k * 3)))
                bad++;
        } else {
            if (tgI_remove(&m, k) != present[k])
                bad++;
            live -= present[k];
            present[k] = 0;
        }
    }
    ok(bad == 0, "%s: %d random operations agree with the model", what,
       steps);
    ok(misaligned == 0, "%s: every value pointer is 8-byte aligned", what);
    char name[96];
    snprintf(name, sizeof name, "%s: the live count agrees", what);
    is_int((long long)m.used, (long long)live, name);
    tgI_free(&m);
}

int main(void)
{
    against_model(KEYS, 200000, "keys 0..4999");
    /* the direct array and the hash table meet at TGI_SMALL */
    against_model(2 * TGI_SMALL, 20000, "keys around TGI_SMALL");

    tgI_map s;
    tgI_init(&s, 0, 3);
    int st;
    tgI_insert(&s, 0, &st);
    tgI_insert(&s, 10, &st);
    tgI_insert(&s, 20, &st);
    ok(tgI_insert(&s, 30, &st) == NULL && st == -1,
       "a fourth key past a limit of 3 is refused");
    ok(tgI_insert(&s, 10, &st) != NULL && st == 0,
       "a key already there is still found at the limit");
    tgI_clear(&s);
    ok(tgI_find(&s, 0) == NULL && tgI_find(&s, 10) == NULL && s.used == 0,
       "clear empties the set, key 0 included");
    tgI_free(&s);
    return done_testing();
}
