/* pieces.c - where each record of an AFPerf input starts, for the
 * oracle's shrinker: a line end outside quotes ends a record (RFC 4180: a
 * quoted field may hold line ends, so a record is not always a line).
 * Checks nothing: a boundary misplaced by a stray quote only gives a
 * candidate that tracegate judges otherwise, and the shrinker drops it. */
#include "afperf.h"

size_t tgAfperf_pieces(const unsigned char *p, size_t n, size_t *at,
                       size_t cap)
{
    size_t k = 0;
    int quoted = 0;
    if (n == 0 || cap == 0)
        return 0;
    at[k++] = 0;
    for (size_t i = 0; i + 1 < n && k < cap; i++) {
        if (p[i] == '"')
            quoted = !quoted; /* "" inside quotes toggles twice */
        else if (p[i] == '\n' && !quoted)
            at[k++] = i + 1;
    }
    return k;
}
