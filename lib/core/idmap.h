/* idmap.h - a map from u64 ids to small fixed-size values (or a plain set,
 * with value size 0): live allocations, metadata ids, threads.  Keys below
 * TG_IDMAP_SMALL (0 included) live in a direct array, since ids that writers
 * number from 1 are looked up once or more per event; the others in open
 * addressing with linear probing at most a quarter full, which grows by
 * doubling up to a limit on live entries, so memory follows live state,
 * never the input size.  Keys are hashed by a multiply that every bit of
 * the key moves, so no pattern of keys (high bits only, strides of powers
 * of two) piles up in one probe run. */
#ifndef TG_IDMAP_H
#define TG_IDMAP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* largest value_size; sizes are rounded up to a multiple of 8 so every
 * value is aligned for the structs kept in it */
#define TG_IDMAP_MAX_VALUE 32
#define TG_IDMAP_SMALL     16 /* keys 0 .. TG_IDMAP_SMALL - 1 are held directly */

typedef struct tgIdmap {
    uint64_t *keys;      /* 0 = empty slot (small keys are not here) */
    unsigned char *vals; /* value_size bytes per slot               */
    size_t value_size;   /* bytes of a value (0: a set)             */
    size_t mask;         /* slot count - 1 (a power of two)         */
    unsigned shift;      /* 64 - log2(slot count)                   */
    size_t used;         /* live entries, small keys included       */
    size_t limit;        /* most live entries allowed               */
    /* small key k's value (small[k]) while it is present, else NULL: one
     * load finds it.  It points into the map, which is never copied. */
    void *small_at[TG_IDMAP_SMALL];
    _Alignas(16) unsigned char small[TG_IDMAP_SMALL][TG_IDMAP_MAX_VALUE];
} tgIdmap;

/*! tgIdmap_init() : an empty map of values of value_size bytes (at most
 *  TG_IDMAP_MAX_VALUE: callers assert it of their value type with
 *  TG_IDMAP_VALUE_FITS). */
void tgIdmap_init(tgIdmap *m, size_t value_size, uint64_t limit);
#define TG_IDMAP_VALUE_FITS(type)                                             \
    _Static_assert(sizeof(type) <= TG_IDMAP_MAX_VALUE,                        \
                   #type " does not fit in an id map value")
void tgIdmap_free(tgIdmap *m);
/*! tgIdmap_clear() : remove every entry.  It costs what was inserted since
 *  the last clear, never the table's size: a table much larger than its
 *  entries is released instead of wiped. */
void tgIdmap_clear(tgIdmap *m);
static inline size_t tgIdmap_slot(const tgIdmap *m, uint64_t k)
{
    /* the top bits of k times 2^64 over the golden ratio (Fibonacci
     * hashing): every bit of k moves them, and keys of a stride, of high
     * bits only or of low bits only fall in slots spread evenly */
    return (size_t)((k * 0x9E3779B97F4A7C15ull) >> m->shift);
}

/* The slot holding k, or the empty slot where it would go. */
static inline size_t tgIdmap_probe(const tgIdmap *m, uint64_t k)
{
    size_t i = tgIdmap_slot(m, k);
    while (m->keys[i] && m->keys[i] != k)
        i = (i + 1) & m->mask;
    return i;
}

/*! tgIdmap_find() : the value of key, or NULL if absent (for a set, any
 *  non-NULL pointer means present).  Inline: it runs once or more per
 *  event. */
static inline void *tgIdmap_find(tgIdmap *m, uint64_t k)
{
    if (k < TG_IDMAP_SMALL)
        return m->small_at[k];
    if (m->keys == NULL)
        return NULL;
    size_t i = tgIdmap_probe(m, k);
    if (!m->keys[i])
        return NULL;
    return m->value_size ? (void *)(m->vals + i * m->value_size) : (void *)m;
}
/*! tgIdmap_room() : whether tgIdmap_insert() of one more key cannot fail: the
 *  map is under its limit and needs no memory to hold it.  (A fast path
 *  that must not do what could fail asks first.) */
static inline int tgIdmap_room(const tgIdmap *m)
{
    return m->used < m->limit && m->keys != NULL &&
           (m->used + 1) * 4 <= m->mask + 1;
}
/* The whole of tgIdmap_insert() and tgIdmap_remove(), for the cases their
 * inline parts leave: small keys, a table to make or grow, the limit, and
 * entries to shift back. */
void *tgIdmap_insert_rest(tgIdmap *m, uint64_t key, int *status);
int tgIdmap_remove_rest(tgIdmap *m, uint64_t key);
/* Empty slot i, moving back the entries of the probe run after it that
 * would be cut off from their home slot. */
void tgIdmap_remove_slot(tgIdmap *m, size_t i);

/*! tgIdmap_insert() : the value of key, created zeroed if absent.  *status is
 *  1 created, 0 already there, -1 limit reached or no memory (NULL).
 *  Inline where the key is in the table, or goes in with room to spare:
 *  a live address or an id is added once an event. */
static inline void *tgIdmap_insert(tgIdmap *m, uint64_t k, int *status)
{
    if (k < TG_IDMAP_SMALL || !tgIdmap_room(m))
        return tgIdmap_insert_rest(m, k, status);
    size_t i = tgIdmap_probe(m, k);
    *status = m->keys[i] == 0;
    if (*status) {
        m->keys[i] = k;
        m->used++;
        if (m->value_size)
            memset(m->vals + i * m->value_size, 0, m->value_size);
    }
    return m->value_size ? (void *)(m->vals + i * m->value_size) : (void *)m;
}

/*! tgIdmap_remove() : @return 1 removed, 0 was absent.  Inline where no
 *  entry after it is to shift back (the slot after it is empty). */
static inline int tgIdmap_remove(tgIdmap *m, uint64_t k)
{
    if (k < TG_IDMAP_SMALL || m->keys == NULL)
        return tgIdmap_remove_rest(m, k);
    size_t i = tgIdmap_probe(m, k);
    if (m->keys[i] == 0)
        return 0;
    if (m->keys[(i + 1) & m->mask] != 0) {
        tgIdmap_remove_slot(m, i);
        return 1;
    }
    m->keys[i] = 0;
    m->used--;
    return 1;
}

#endif
