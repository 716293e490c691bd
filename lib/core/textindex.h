/* textindex.h - bit maps of the bytes a text format's framing turns on.
 *
 * A text checker asks, for every record, where its line ends and where
 * its fields are cut.  Rather than look at the bytes of each record, the
 * index classifies a stretch of the input once, 16 or 32 bytes at a time
 * (the kernel of the process's path, simd.h), into three bit maps: bit i
 * of map[TG_TEXTINDEX_MARKS] is set when the byte at input offset
 * base + i is one of three mark bytes (for AFPerf, LF, CR and the double
 * quote), of map[TG_TEXTINDEX_SEPS] when it is the separator (the comma),
 * and of map[TG_TEXTINDEX_HIGH] when it is above 0x7F (where UTF-8 checks
 * start).  Records then take their line end and their
 * fields from the maps, a count-trailing-zeros per item.
 *
 * The maps are keyed by input offset, not by address, because the window
 * moves its bytes when it refills.  They cover [base, base + n): a record
 * that starts past them, or runs past them, indexes afresh from its own
 * start, and one longer than the maps grows them, up to the bytes per
 * record the checker allows (--max-block), so memory follows the longest
 * record, never the input. */
#ifndef TG_TEXTINDEX_H
#define TG_TEXTINDEX_H

#include <stddef.h>
#include <stdint.h>

#include "simd.h"

#define TG_TEXTINDEX_CHUNK                                                    \
    32768u /* bytes indexed at a time (a multiple of 64) */

enum tgTextindex_map {
    TG_TEXTINDEX_MARKS,
    TG_TEXTINDEX_SEPS,
    TG_TEXTINDEX_HIGH
};

typedef struct tgTextindex {
    uint64_t base;    /* input offset of bit 0                 */
    size_t n;         /* bytes indexed from base               */
    size_t cap;       /* bytes the maps have room for          */
    size_t max;       /* the most cap may grow to              */
    uint64_t *map[3]; /* by enum tgTextindex_map: one allocation     */
    unsigned char mark[3], sep;
    enum tgSimd_path path; /* the kernel that classifies            */
    /* each byte's classes, for the scalar kernel: 1 a mark, 2 the
     * separator, 4 above 0x7F */
    unsigned char class[256];
} tgTextindex;

/*! tgTextindex_init() : an empty index for three mark bytes and a separator
 *  (none of them 0, which pads the end of the input), that may grow to
 *  hold records of up to max bytes.  It classifies on the process's path
 *  (tgSimd_path(); x->path, which tests set to check each kernel: the
 *  maps are the same whichever it is). */
void tgTextindex_init(tgTextindex *x, const unsigned char mark[3],
                      unsigned char sep, size_t max);
void tgTextindex_free(tgTextindex *x);

/*! tgTextindex_reach() : make the index cover the bytes p[0..i] (p: the bytes at
 *  input offset at, avail > i of them; at no less than any offset asked
 *  before), indexing on from there as far as avail and the maps allow.
 *  @return 0 when the maps cannot grow (memory, or i past x->max). */
int tgTextindex_reach(tgTextindex *x, const unsigned char *p, uint64_t at,
                      size_t i, size_t avail);

/*! tgTextindex_have() : how many bytes from input offset at the index covers. */
static inline size_t tgTextindex_have(const tgTextindex *x, uint64_t at)
{
    return at >= x->base && at - x->base < x->n ? (size_t)(x->base + x->n - at)
                                                : 0;
}

/* A walk over the set bits of a map in [from, to), in order: for a
 * record with several marks, one word load per 64 bytes rather than a
 * search per mark.  Words up to the one that holds bit to - 1 must
 * exist. */
typedef struct tgTextindex_walk {
    const uint64_t *map;
    size_t w, to;
    uint64_t m; /* the bits of word w not yet returned */
} tgTextindex_walk;

static inline void tgTextindex_walk_start(tgTextindex_walk *it,
                                          const uint64_t *map, size_t from,
                                          size_t to)
{
    it->map = map;
    it->to = to;
    it->w = from >> 6;
    it->m = from < to ? map[it->w] & (~(uint64_t)0 << (from & 63)) : 0;
}

/*! tgTextindex_walk_next() : the next set bit, or it->to when there is none. */
static inline size_t tgTextindex_walk_next(tgTextindex_walk *it)
{
    while (it->m == 0) {
        if ((++it->w << 6) >= it->to)
            return it->to;
        it->m = it->map[it->w];
    }
    size_t at = (it->w << 6) + (size_t)__builtin_ctzll(it->m);
    it->m &= it->m - 1;
    return at < it->to ? at : it->to;
}

/*! tgTextindex_next() : the first set bit of map in [from, to), or to. */
static inline size_t tgTextindex_next(const uint64_t *map, size_t from,
                                      size_t to)
{
    tgTextindex_walk it;
    tgTextindex_walk_start(&it, map, from, to);
    return tgTextindex_walk_next(&it);
}

/*! tgTextindex_word() : the 64 bits of map from bit from on, as one word (bit 0
 *  is bit from), for a record short enough to be read from one: two
 *  loads and no branch.  Only its bits below the end of what the index
 *  holds are the map's; the caller masks the others away.  The maps have
 *  a word more than they hold (grow()), so the second load is always
 *  inside them. */
static inline uint64_t tgTextindex_word(const uint64_t *map, size_t from)
{
    size_t w = from >> 6, s = from & 63;
    /* the next word's low bits above this one's: a shift by 64 (s = 0)
     * is undefined, so it takes two steps */
    return map[w] >> s | map[w + 1] << (63 - s) << 1;
}

/* A walk over the bytes of one class in p[0..n) (p: the bytes at input
 * offset at) that indexes more of them as it goes: the walk of what the
 * index holds, then tgTextindex_reach() past it. */
typedef struct tgTextindex_scan {
    tgTextindex *x;
    enum tgTextindex_map map;
    const unsigned char *p;
    uint64_t at;
    size_t n, b, to; /* the bit of p[0]; bytes of p the walk covers */
    size_t from;     /* where the walk started                     */
    tgTextindex_walk walk;
} tgTextindex_scan;

/* Walk what the index holds of p[i..n). */
static inline void tgTextindex_scan_cover(tgTextindex_scan *s, size_t i)
{
    size_t have = tgTextindex_have(s->x, s->at);
    s->to = have < s->n ? have : s->n;
    s->b = (size_t)(s->at - s->x->base);
    s->from = i;
    tgTextindex_walk_start(&s->walk, s->x->map[s->map], s->b + i,
                           s->b + s->to);
}

static inline void tgTextindex_scan_start(tgTextindex_scan *s, tgTextindex *x,
                                          enum tgTextindex_map map,
                                          const unsigned char *p, uint64_t at,
                                          size_t i, size_t n)
{
    s->x = x;
    s->map = map;
    s->p = p;
    s->at = at;
    s->n = n;
    tgTextindex_scan_cover(s, i);
}

/*! tgTextindex_scan_more() : tgTextindex_scan_next() once the walk has passed what the
 *  index held. */
size_t tgTextindex_scan_more(tgTextindex_scan *s);

/*! tgTextindex_scan_next() : the offset from p of the next byte of the class, n
 *  when there is none, SIZE_MAX when the maps cannot grow. */
static inline size_t tgTextindex_scan_next(tgTextindex_scan *s)
{
    size_t m = tgTextindex_walk_next(&s->walk);
    return m < s->walk.to ? m - s->b : tgTextindex_scan_more(s);
}

#endif
