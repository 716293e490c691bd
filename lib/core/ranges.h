/* ranges.h - a set of disjoint id ranges, each with a value
 * its owner chooses: the stack ids a NetTrace sequence-point window
 * defines, the region ids an AFPerf file has started (with their run, so
 * that ids given out in order take one range).  An AVL tree in one array, so
 * adding a range (with its overlap check) and looking an id up take
 * O(log n) steps whatever order ranges come in, and clearing takes O(1);
 * the number of ranges is capped, and reaching the cap is the caller's
 * to report. */
#ifndef TG_RANGES_H
#define TG_RANGES_H

#include <stddef.h>
#include <stdint.h>

typedef struct tgRanges_node {
    uint64_t first, last; /* the range [first, last]: last is kept, not
                             an end past it, so 2^64-1 fits too    */
    uint64_t value;       /* the owner's, the same for every id    */
    uint32_t child[2];    /* left, right (node index + 1), 0 = none */
    int32_t height;       /* of the subtree rooted here            */
} tgRanges_node;

typedef struct tgRanges {
    tgRanges_node *nodes; /* node i is nodes[i]; kept across clears */
    size_t n, cap;        /* nodes in use, nodes allocated          */
    uint32_t root;        /* node index + 1, 0 = empty              */
    size_t limit;         /* most ranges held at once               */
} tgRanges;

void tgRanges_init(tgRanges *r, uint64_t limit);
void tgRanges_free(tgRanges *r);
/*! tgRanges_clear() : remove every range, keeping the memory. */
static inline void tgRanges_clear(tgRanges *r)
{
    r->n = 0;
    r->root = 0;
}
/*! tgRanges_insert() : add [first, end) (first < end) unless it overlaps a
 *  range of the set.  @return 1 added; 0 overlaps, with that range in
 *  *ofirst and *oend (0 if it ends at 2^64-1, which only tgRanges_add_id()
 *  makes); -1 the limit is reached or memory is short. */
int tgRanges_insert(tgRanges *r, uint64_t first, uint64_t end,
                    uint64_t *ofirst, uint64_t *oend);
/*! tgRanges_find() : the range that holds id, or NULL. */
const tgRanges_node *tgRanges_find(const tgRanges *r, uint64_t id);
/*! tgRanges_contains() : whether id lies in a range of the set. */
static inline int tgRanges_contains(const tgRanges *r, uint64_t id)
{
    return tgRanges_find(r, id) != NULL;
}
/*! tgRanges_add_id() : add the single id with `value`; a range that ends
 *  just before id with the same value grows by one instead, so
 *  ids added in order cost one range.  @return 1 added, 0 already in the
 *  set, -1 the limit is reached or memory is short. */
int tgRanges_add_id(tgRanges *r, uint64_t id, uint64_t value);
/*! tgRanges_height() : height of the tree (0 when empty), for tests. */
int tgRanges_height(const tgRanges *r);

#endif
