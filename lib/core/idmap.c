/* idmap.c - see idmap.h.  Deletion shifts later entries of the probe run
 * back (no tombstones), so long runs of insert/remove never degrade it. */
#include "idmap.h"

#include <stdlib.h>
#include <string.h>
#include "mem.h"

/* small: tables cleared often (per sequence point) stay cheap to clear */
#define FIRST_SLOTS 64u

static unsigned char *val_at(const tgIdmap *m, size_t i)
{
    return m->vals + i * m->value_size;
}

/* No small key present. */
static void forget_small(tgIdmap *m)
{
    for (size_t k = 0; k < TG_IDMAP_SMALL; k++)
        m->small_at[k] = NULL;
}

void tgIdmap_init(tgIdmap *m, size_t value_size, uint64_t limit)
{
    memset(m, 0, sizeof *m);
    forget_small(m); /* NULL, whatever its bits */
    /* a multiple of 8, so every value is aligned; TG_IDMAP_VALUE_FITS keeps
     * callers within TG_IDMAP_MAX_VALUE at compile time */
    m->value_size = (value_size + 7) & ~(size_t)7;
    m->limit = (size_t)limit;
}

void tgIdmap_free(tgIdmap *m)
{
    tgMem_free(m->keys);
    tgMem_free(m->vals);
    m->keys = NULL;
    m->vals = NULL;
}

void tgIdmap_clear(tgIdmap *m)
{
    /* a table at most a quarter full holds more than an eighth of its
     * slots unless entries were removed: wiping it costs O(entries
     * inserted since it was last empty); a larger one is released */
    if (m->keys && m->mask + 1 > 8 * (m->used + FIRST_SLOTS)) {
        tgIdmap_free(m);
        m->mask = 0;
    } else if (m->keys) {
        memset(m->keys, 0, (m->mask + 1) * sizeof *m->keys);
    }
    m->used = 0;
    forget_small(m);
}

static int grow(tgIdmap *m)
{
    size_t n = m->keys ? (m->mask + 1) * 2 : FIRST_SLOTS;
    uint64_t *keys = tgMem_calloc(n, sizeof *keys);
    unsigned char *vals =
        m->value_size ? tgMem_calloc(n, m->value_size) : NULL;
    if (keys == NULL || (m->value_size && vals == NULL)) {
        tgMem_free(keys);
        tgMem_free(vals);
        return -1;
    }
    tgIdmap old = *m;
    m->keys = keys;
    m->vals = vals;
    m->mask = n - 1;
    m->shift = 64u - (unsigned)__builtin_ctzll((unsigned long long)n);
    for (size_t i = 0; old.keys && i <= old.mask; i++) {
        if (!old.keys[i])
            continue;
        size_t j = tgIdmap_probe(m, old.keys[i]);
        m->keys[j] = old.keys[i];
        if (m->value_size)
            memcpy(val_at(m, j), val_at(&old, i), m->value_size);
    }
    tgMem_free(old.keys);
    tgMem_free(old.vals);
    return 0;
}

void *tgIdmap_insert_rest(tgIdmap *m, uint64_t k, int *status)
{
    if (k < TG_IDMAP_SMALL) {
        if (m->small_at[k]) {
            *status = 0;
            return m->small_at[k];
        }
        *status = -1;
        if (m->used >= m->limit)
            return NULL;
        memset(m->small[k], 0, sizeof m->small[k]);
        m->small_at[k] = m->small[k];
        m->used++;
        *status = 1;
        return m->small[k];
    }
    /* one probe finds the key or the slot it goes in, unless the table
     * grows first */
    size_t i = 0;
    if (m->keys != NULL) {
        i = tgIdmap_probe(m, k);
        if (m->keys[i]) {
            *status = 0;
            return m->value_size ? (void *)val_at(m, i) : (void *)m;
        }
    }
    *status = -1;
    if (m->used >= m->limit)
        return NULL;
    if (m->keys == NULL || (m->used + 1) * 4 > m->mask + 1) {
        if (grow(m) != 0)
            return NULL;
        i = tgIdmap_probe(m, k);
    }
    m->keys[i] = k;
    m->used++;
    *status = 1;
    if (!m->value_size)
        return m;
    memset(val_at(m, i), 0, m->value_size);
    return val_at(m, i);
}

int tgIdmap_remove_rest(tgIdmap *m, uint64_t k)
{
    if (k < TG_IDMAP_SMALL) {
        if (!m->small_at[k])
            return 0;
        m->small_at[k] = NULL;
        m->used--;
        return 1;
    }
    if (m->keys == NULL)
        return 0;
    size_t i = tgIdmap_probe(m, k);
    if (!m->keys[i])
        return 0;
    tgIdmap_remove_slot(m, i);
    return 1;
}

void tgIdmap_remove_slot(tgIdmap *m, size_t i)
{
    /* backward-shift deletion */
    size_t hole = i;
    for (size_t j = (i + 1) & m->mask; m->keys[j]; j = (j + 1) & m->mask) {
        size_t home = tgIdmap_slot(m, m->keys[j]);
        /* move j into the hole unless its home lies in (hole, j] */
        if (((j - home) & m->mask) >= ((j - hole) & m->mask)) {
            m->keys[hole] = m->keys[j];
            if (m->value_size)
                memcpy(val_at(m, hole), val_at(m, j), m->value_size);
            hole = j;
        }
    }
    m->keys[hole] = 0;
    m->used--;
}
