/* ranges.c - see ranges.h.  Nodes are named by index + 1 so that 0 means
 * "none" and the array may move when it grows. */
#include "ranges.h"

#include <stdlib.h>
#include "mem.h"

#define NODE(r, i) ((r)->nodes[(i)-1])

void tgRanges_init(tgRanges *r, uint64_t limit)
{
    r->nodes = NULL;
    r->n = r->cap = 0;
    r->root = 0;
    r->limit = limit < UINT32_MAX ? (size_t)limit : UINT32_MAX - 1;
}

void tgRanges_free(tgRanges *r)
{
    tgMem_free(r->nodes);
    r->nodes = NULL;
    r->n = r->cap = 0;
    r->root = 0;
}

static int32_t height(const tgRanges *r, uint32_t i)
{
    return i ? NODE(r, i).height : 0;
}

static void update(tgRanges *r, uint32_t i)
{
    int32_t a = height(r, NODE(r, i).child[0]);
    int32_t b = height(r, NODE(r, i).child[1]);
    NODE(r, i).height = 1 + (a > b ? a : b);
}

/* Lift i's child on side d (0 left, 1 right) above i. */
static uint32_t rotate(tgRanges *r, uint32_t i, int d)
{
    uint32_t c = NODE(r, i).child[d];
    NODE(r, i).child[d] = NODE(r, c).child[!d];
    NODE(r, c).child[!d] = i;
    update(r, i);
    update(r, c);
    return c;
}

/* Restore the AVL balance at i after an insert below it. */
static uint32_t balance(tgRanges *r, uint32_t i)
{
    update(r, i);
    int32_t d =
        height(r, NODE(r, i).child[0]) - height(r, NODE(r, i).child[1]);
    if (d >= -1 && d <= 1)
        return i;
    int heavy = d < 0; /* the taller side */
    uint32_t c = NODE(r, i).child[heavy];
    /* a child leaning the other way is turned first (a double rotation) */
    if (height(r, NODE(r, c).child[!heavy]) >
        height(r, NODE(r, c).child[heavy]))
        NODE(r, i).child[heavy] = rotate(r, c, !heavy);
    return rotate(r, i, heavy);
}

/* Insert node `add` below i; ranges are disjoint, so `first` orders. */
static uint32_t insert(tgRanges *r, uint32_t i, uint32_t add)
{
    if (i == 0)
        return add;
    int side = NODE(r, add).first >= NODE(r, i).first;
    NODE(r, i).child[side] = insert(r, NODE(r, i).child[side], add);
    return balance(r, i);
}

/* The neighbours of `first`: the last range starting at or before it and
 * the first starting after it; only they can overlap a range from first. */
static void neighbours(const tgRanges *r, uint64_t first, uint32_t *before,
                       uint32_t *after)
{
    *before = *after = 0;
    for (uint32_t i = r->root; i;) {
        if (first < NODE(r, i).first) {
            *after = i;
            i = NODE(r, i).child[0];
        } else {
            *before = i;
            i = NODE(r, i).child[1];
        }
    }
}

/* Add [first, last] with value; @return 1, or -1 at the limit or when
 * memory is short. */
static int add_node(tgRanges *r, uint64_t first, uint64_t last, uint64_t value)
{
    if (r->n >= r->limit)
        return -1;
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        tgRanges_node *p = tgMem_realloc(r->nodes, cap * sizeof *p);
        if (p == NULL)
            return -1;
        r->nodes = p;
        r->cap = cap;
    }
    tgRanges_node node = {first, last, value, {0, 0}, 1};
    r->nodes[r->n++] = node;
    r->root = insert(r, r->root, (uint32_t)r->n);
    return 1;
}

int tgRanges_insert(tgRanges *r, uint64_t first, uint64_t end,
                    uint64_t *ofirst, uint64_t *oend)
{
    uint32_t before, after;
    neighbours(r, first, &before, &after);
    uint32_t hit = before && NODE(r, before).last >= first ? before
                   : after && NODE(r, after).first < end   ? after
                                                           : 0;
    if (hit) {
        *ofirst = NODE(r, hit).first;
        *oend = NODE(r, hit).last + 1;
        return 0;
    }
    return add_node(r, first, end - 1, 0);
}

const tgRanges_node *tgRanges_find(const tgRanges *r, uint64_t id)
{
    for (uint32_t i = r->root; i;) {
        if (id < NODE(r, i).first)
            i = NODE(r, i).child[0];
        else if (id <= NODE(r, i).last)
            return &NODE(r, i);
        else
            i = NODE(r, i).child[1];
    }
    return NULL;
}

int tgRanges_add_id(tgRanges *r, uint64_t id, uint64_t value)
{
    uint32_t before, after;
    neighbours(r, id, &before, &after);
    if (before && NODE(r, before).last >= id)
        return 0;
    if (before && NODE(r, before).last + 1 == id &&
        NODE(r, before).value == value) {
        /* id is in no range, so [first, id] overlaps none */
        NODE(r, before).last = id;
        return 1;
    }
    return add_node(r, id, id, value);
}

int tgRanges_height(const tgRanges *r) { return height(r, r->root); }
