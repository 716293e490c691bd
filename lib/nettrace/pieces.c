/* pieces.c - where each block (v6) or object (v4/v5) of a NetTrace input
 * starts, for the oracle's shrinker: dropping whole blocks keeps the rest
 * framed.  A v6 block is found by its 24-bit size; a v4/v5 object by its
 * opening tags 05 05 01 (BeginPrivateObject twice, then the type's
 * NullReference), which is enough here: a wrong boundary only gives a
 * candidate that tracegate judges otherwise, and the shrinker drops it.
 * Checks nothing; the checker says what is wrong. */
#include <string.h>

#include "../core/bytes.h"
#include "nettrace.h"

size_t tgNettrace_pieces(const unsigned char *p, size_t n, size_t *at,
                         size_t cap)
{
    size_t k = 0;
    if (cap == 0)
        return 0;
    at[k++] = 0; /* the header */
    if (n >= NT_V6_STREAM && memcmp(p, NT_MAGIC, NT_MAGIC_LEN) == 0 &&
        tgBytes_le32(p + NT_MAGIC_LEN) == 0) { /* v6: Reserved 0, then Major */
        for (size_t i = NT_V6_STREAM; i < n && k < cap;) {
            at[k++] = i;
            if (n - i < 4)
                break;
            size_t size = tgBytes_le32(p + i) & 0xFFFFFFu;
            if (size > n - i - 4)
                break;
            i += 4 + size;
        }
        return k;
    }
    for (size_t i = 1; i + NT_OBJECT_OPEN_LEN <= n && k < cap; i++)
        if (memcmp(p + i, NT_OBJECT_OPEN, NT_OBJECT_OPEN_LEN) == 0)
            at[k++] = i;
    return k;
}
