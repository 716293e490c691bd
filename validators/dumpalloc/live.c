/* live.c - see live.h.  Deletion shifts later entries of the probe run back
 * (no tombstones), so long runs of alloc/free never degrade the table. */
#include "live.h"

#include <stdlib.h>

#define FIRST_SLOTS 1024u

static size_t slot_of(const tgD_live *s, uint64_t a)
{
    return (size_t)((a * 0x9E3779B97F4A7C15ull) >> 20) & s->mask;
}

void tgD_live_init(tgD_live *s, uint64_t limit)
{
    s->slots = NULL;
    s->mask = 0;
    s->used = 0;
    s->limit = (size_t)limit;
    s->has_zero = 0;
}

void tgD_live_free(tgD_live *s)
{
    free(s->slots);
    s->slots = NULL;
}

static void insert_fresh(uint64_t *slots, size_t mask, const tgD_live *s,
                         uint64_t a)
{
    size_t i = slot_of(s, a);
    while (slots[i])
        i = (i + 1) & mask;
    slots[i] = a;
}

static int grow(tgD_live *s)
{
    size_t n = s->slots ? (s->mask + 1) * 2 : FIRST_SLOTS;
    uint64_t *fresh = calloc(n, sizeof *fresh);
    if (fresh == NULL)
        return -1;
    tgD_live old = *s;
    s->mask = n - 1;
    for (size_t i = 0; old.slots && i <= old.mask; i++)
        if (old.slots[i])
            insert_fresh(fresh, s->mask, s, old.slots[i]);
    free(old.slots);
    s->slots = fresh;
    return 0;
}

int tgD_live_add(tgD_live *s, uint64_t a)
{
    if (a == 0) {
        if (s->has_zero)
            return 0;
        if (s->used >= s->limit)
            return -1;
        s->has_zero = 1;
        s->used++;
        return 1;
    }
    if (s->slots) {
        for (size_t i = slot_of(s, a); s->slots[i]; i = (i + 1) & s->mask)
            if (s->slots[i] == a)
                return 0;
    }
    if (s->used >= s->limit)
        return -1;
    /* keep the load at most a quarter: short probe runs on every call */
    if (s->slots == NULL || (s->used + 1) * 4 > s->mask + 1)
        if (grow(s) != 0)
            return -1;
    insert_fresh(s->slots, s->mask, s, a);
    s->used++;
    return 1;
}

int tgD_live_remove(tgD_live *s, uint64_t a)
{
    if (a == 0) {
        if (!s->has_zero)
            return 0;
        s->has_zero = 0;
        s->used--;
        return 1;
    }
    if (s->slots == NULL)
        return 0;
    size_t i = slot_of(s, a);
    while (s->slots[i] != a) {
        if (s->slots[i] == 0)
            return 0;
        i = (i + 1) & s->mask;
    }
    /* backward-shift deletion */
    size_t hole = i;
    for (size_t j = (i + 1) & s->mask; s->slots[j]; j = (j + 1) & s->mask) {
        size_t home = slot_of(s, s->slots[j]);
        /* move j into the hole unless its home lies in (hole, j] */
        if (((j - home) & s->mask) >= ((j - hole) & s->mask)) {
            s->slots[hole] = s->slots[j];
            hole = j;
        }
    }
    s->slots[hole] = 0;
    s->used--;
    return 1;
}
