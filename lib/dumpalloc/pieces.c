/* pieces.c - where each record of a dumpalloc input starts, by its Length
 * alone, for the oracle's shrinker: dropping whole records keeps the rest
 * framed.  Checks nothing; the checker says what is wrong. */
#include "../core/bytes.h"
#include "dumpalloc.h"

size_t tgDumpalloc_pieces(const unsigned char *p, size_t n, size_t *at,
                          size_t cap)
{
    size_t k = 0, i = 0;
    while (i < n && k < cap) {
        at[k++] = i;
        if (n - i < 8)
            break;
        uint64_t len = tgBytes_le32(p + i + 4);
        if (len > n - i - 8)
            break; /* the rest is one unit */
        i += 8 + (size_t)len;
    }
    return k;
}
