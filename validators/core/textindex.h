/* textindex.h - bit maps of the bytes a text format's framing turns on.
 *
 * A text checker asks, for every record, where its line ends and where
 * its fields are cut.  Rather than look at the bytes of each record, the
 * index classifies a stretch of the input once, sixteen bytes at a time
 * (scan16.h), into three bit maps: bit i of map[TGX_MARKS] is set when
 * the byte at input offset base + i is one of three mark bytes (for
 * AFPerf, LF, CR and the double quote), of map[TGX_SEPS] when it is the
 * separator (the comma), and of map[TGX_HIGH] when it is above 0x7F
 * (where UTF-8 checks start).  Records then take their line end and their
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

#define TGX_CHUNK 32768u /* bytes indexed at a time (a multiple of 64) */

enum tgX_map { TGX_MARKS, TGX_SEPS, TGX_HIGH };

typedef struct tgX_index {
    uint64_t base;    /* input offset of bit 0                 */
    size_t n;         /* bytes indexed from base               */
    size_t cap;       /* bytes the maps have room for          */
    size_t max;       /* the most cap may grow to              */
    uint64_t *map[3]; /* by enum tgX_map: one allocation     */
    unsigned char mark[3], sep;
} tgX_index;

/*! tgX_init() : an empty index for three mark bytes and a separator
 *  (none of them 0, which pads the end of the input), that may grow to
 *  hold records of up to max bytes. */
void tgX_init(tgX_index *x, const unsigned char mark[3], unsigned char sep,
              size_t max);
void tgX_free(tgX_index *x);

/*! tgX_reach() : make the index cover the bytes p[0..i] (p: the bytes at
 *  input offset at, avail > i of them; at no less than any offset asked
 *  before), indexing on from there as far as avail and the maps allow.
 *  @return 0 when the maps cannot grow (memory, or i past x->max). */
int tgX_reach(tgX_index *x, const unsigned char *p, uint64_t at, size_t i,
              size_t avail);

/*! tgX_have() : how many bytes from input offset at the index covers. */
static inline size_t tgX_have(const tgX_index *x, uint64_t at)
{
    return at >= x->base && at - x->base < x->n ? (size_t)(x->base + x->n - at)
                                                : 0;
}

/*! tgX_next() : the first set bit of map in [from, to), or to.  Words up
 *  to the one that holds bit to - 1 must exist. */
static inline size_t tgX_next(const uint64_t *map, size_t from, size_t to)
{
    if (from >= to)
        return to;
    size_t w = from >> 6;
    uint64_t m = map[w] & (~(uint64_t)0 << (from & 63));
    while (m == 0) {
        if ((++w << 6) >= to)
            return to;
        m = map[w];
    }
    size_t at = (w << 6) + (size_t)__builtin_ctzll(m);
    return at < to ? at : to;
}

/*! tgX_find() : the first byte of class `map` in p[i..n) (p: the bytes
 *  at input offset at), indexing them as needed: its offset from p, n if
 *  there is none, SIZE_MAX when the maps cannot grow. */
static inline size_t tgX_find(tgX_index *x, enum tgX_map map,
                              const unsigned char *p, uint64_t at, size_t i,
                              size_t n)
{
    for (;;) {
        size_t have = tgX_have(x, at), to = have < n ? have : n;
        if (i < to) {
            size_t b = (size_t)(at - x->base);
            size_t found = tgX_next(x->map[map], b + i, b + to) - b;
            if (found < to)
                return found;
            i = to;
        }
        if (i >= n)
            return n;
        if (!tgX_reach(x, p, at, i, n))
            return SIZE_MAX;
    }
}

#endif
