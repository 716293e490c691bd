/* pieces.c - where each record of a TraceLog input starts, for the
 * oracle's shrinker: every line is one record (a quoted name never holds
 * a line end, TL-A8).  Checks nothing. */
#include "tracelog.h"

size_t tgTracelog_pieces(const unsigned char *p, size_t n, size_t *at,
                         size_t cap)
{
    size_t k = 0;
    if (n == 0 || cap == 0)
        return 0;
    at[k++] = 0;
    for (size_t i = 0; i + 1 < n && k < cap; i++)
        if (p[i] == '\n')
            at[k++] = i + 1;
    return k;
}
