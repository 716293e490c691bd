/* idmap.h - a map from u64 ids to small fixed-size values (or a plain set,
 * with value size 0): live allocations, metadata ids, threads.  Keys below
 * TG_IDMAP_SMALL (0 included) live in a direct array, since ids that writers
 * number from 1 are looked up once or more per event; the others in open
 * addressing with linear probing at most a quarter full, which grows by
 * doubling up to a limit on live entries, so memory follows live state,
 * never the input size.  Keys are hashed by a full 64-bit mixer, so no
 * pattern of keys (high bits only, strides of powers of two) piles up in
 * one probe run. */
#ifndef TG_IDMAP_H
#define TG_IDMAP_H

#include <stddef.h>
#include <stdint.h>

/* largest value_size; sizes are rounded up to a multiple of 8 so every
 * value is aligned for the structs kept in it */
#define TG_IDMAP_MAX_VALUE 32
#define TG_IDMAP_SMALL     16 /* keys 0 .. TG_IDMAP_SMALL - 1 are held directly */

typedef struct tgIdmap {
    uint64_t *keys;      /* 0 = empty slot (small keys are not here) */
    unsigned char *vals; /* value_size bytes per slot               */
    size_t value_size;   /* bytes of a value (0: a set)             */
    size_t mask;         /* slot count - 1 (a power of two)         */
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
    /* every bit of the result depends on every bit of k (MurmurHash3's
     * finaliser) */
    k ^= k >> 33;
    k *= 0xFF51AFD7ED558CCDull;
    k ^= k >> 33;
    k *= 0xC4CEB9FE1A85EC53ull;
    k ^= k >> 33;
    return (size_t)k & m->mask;
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
/*! tgIdmap_insert() : the value of key, created zeroed if absent.  *status is
 *  1 created, 0 already there, -1 limit reached or no memory (NULL). */
void *tgIdmap_insert(tgIdmap *m, uint64_t key, int *status);
/*! tgIdmap_remove() : @return 1 removed, 0 was absent. */
int tgIdmap_remove(tgIdmap *m, uint64_t key);

#endif
