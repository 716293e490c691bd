/* textindex.c - building the bit maps of textindex.h. */
#include <stdlib.h>
#include <string.h>

#include "scan16.h"
#include "textindex.h"

void tgX_init(tgX_index *x, const unsigned char mark[3], unsigned char sep,
              size_t max)
{
    memset(x, 0, sizeof *x);
    memcpy(x->mark, mark, sizeof x->mark);
    x->sep = sep;
    x->max = max;
}

void tgX_free(tgX_index *x)
{
    free(x->map[0]);
    memset(x->map, 0, sizeof x->map);
    x->cap = x->n = 0;
}

/* Room for need bytes (need <= x->max): the maps start afresh. */
static int grow(tgX_index *x, size_t need)
{
    size_t cap = x->cap ? x->cap : TGX_CHUNK;
    while (cap < need)
        cap = cap <= x->max / 2 ? 2 * cap : x->max;
    cap = (cap + 63) & ~(size_t)63;
    size_t words = cap / 64;
    uint64_t *m = malloc(3 * words * sizeof *m);
    if (m == NULL)
        return 0;
    free(x->map[0]);
    for (unsigned i = 0; i < 3; i++)
        x->map[i] = m + i * words;
    x->cap = cap;
    x->n = 0;
    return 1;
}

/* Index p[from..to), p being the byte at x->base, from a multiple of 64:
 * whole words, the last padded with bits of zero bytes (no class).  The
 * lanes of the four bytes are made once, and every whole word of the
 * input is read by four plain loads; only the last part word checks
 * where the input ends. */
static void classify(tgX_index *x, const unsigned char *p, size_t from,
                     size_t to)
{
    const tgV_byte m0 = tgV_splat(x->mark[0]), m1 = tgV_splat(x->mark[1]),
                   m2 = tgV_splat(x->mark[2]), sep = tgV_splat(x->sep);
    size_t i = from;
    for (; i < to && to - i >= 64; i += 64) {
        uint64_t marks = 0, seps = 0, high = 0;
        for (unsigned j = 0; j < 64; j += 16) {
            tgV_block b = tgV_load(p + i + j);
            marks |= (uint64_t)tgV_eq3(b, m0, m1, m2) << j;
            seps |= (uint64_t)tgV_eq(b, sep) << j;
            high |= (uint64_t)tgV_high(b) << j;
        }
        x->map[TGX_MARKS][i >> 6] = marks;
        x->map[TGX_SEPS][i >> 6] = seps;
        x->map[TGX_HIGH][i >> 6] = high;
    }
    if (i < to) { /* the part word at the end */
        uint64_t marks = 0, seps = 0, high = 0;
        for (unsigned j = 0; i + j < to; j += 16) {
            size_t left = to - i - j;
            tgV_block b = left >= 16 ? tgV_load(p + i + j)
                                     : tgV_load_part(p + i + j, left);
            marks |= (uint64_t)tgV_eq3(b, m0, m1, m2) << j;
            seps |= (uint64_t)tgV_eq(b, sep) << j;
            high |= (uint64_t)tgV_high(b) << j;
        }
        x->map[TGX_MARKS][i >> 6] = marks;
        x->map[TGX_SEPS][i >> 6] = seps;
        x->map[TGX_HIGH][i >> 6] = high;
    }
}

int tgX_reach(tgX_index *x, const unsigned char *p, uint64_t at, size_t i,
              size_t avail)
{
    /* the bytes before at may be gone from the window: a record that did
     * not start the maps starts them afresh */
    if (at != x->base) {
        x->base = at;
        x->n = 0;
    }
    if (i >= x->cap && (i >= x->max || !grow(x, i + 1)))
        return 0;
    size_t to = avail < x->cap ? avail : x->cap;
    classify(x, p, x->n & ~(size_t)63, to);
    x->n = to;
    return 1;
}

size_t tgX_scan_more(tgX_scan *s)
{
    for (;;) {
        /* the walk has passed every byte before both */
        size_t i = s->to > s->from ? s->to : s->from;
        if (i >= s->n)
            return s->n;
        if (!tgX_reach(s->x, s->p, s->at, i, s->n))
            return SIZE_MAX;
        tgX_scan_cover(s, i);
        size_t m = tgX_walk_next(&s->walk);
        if (m < s->walk.to)
            return m - s->b;
    }
}
