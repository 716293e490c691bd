/* pieces.c - where each block (v6) or object (v4/v5) of a NetTrace input
 * starts, for the oracle's shrinker: dropping whole blocks keeps the rest
 * framed.  A v6 block is found by its 24-bit size; a v4/v5 object by its
 * opening tags 05 05 01 (BeginPrivateObject twice, then the type's
 * NullReference), which is enough here: a wrong boundary only gives a
 * candidate that tracegate judges otherwise, and the shrinker drops it.
 * The stream's closing NullReference is a piece of its own, so that the
 * last object can go and the stream still end.  Checks nothing; the
 * checker says what is wrong. */
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
    if (k < cap && n - 1 > at[k - 1] && p[n - 1] == NT_TAG_NULL_REF)
        at[k++] = n - 1;
    return k;
}

size_t tgNettrace_block_header(const unsigned char *p, size_t n)
{
    if (n < NT_O45_NAME || memcmp(p, NT_OBJECT_OPEN, NT_OBJECT_OPEN_LEN) != 0)
        return 0;
    uint32_t len = tgBytes_le32(p + NT_O45_NAMELEN);
    if (len < 5 || len > n - NT_O45_NAME || NT_O45_HEADER(len) > n ||
        memcmp(p + NT_O45_NAME + len - 5, "Block", 5) != 0)
        return 0;
    return NT_O45_HEADER(len);
}

size_t tgNettrace_join(const tg_piece *pieces, size_t n, unsigned char *out)
{
    return tgNettrace_join_at(pieces, n, out, NULL);
}

size_t tgNettrace_join_at(const tg_piece *pieces, size_t n, unsigned char *out,
                          size_t *starts)
{
    /* v4/v5 only: its first piece, the stream header, says so */
    const unsigned char *h = n ? pieces[0].data : NULL;
    int v45 = h && pieces[0].was_at == 0 && pieces[0].size >= NT_V6_STREAM &&
              memcmp(h, NT_MAGIC, NT_MAGIC_LEN) == 0 &&
              tgBytes_le32(h + NT_MAGIC_LEN) != 0;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned char *p = pieces[i].data;
        size_t size = pieces[i].size;
        if (starts != NULL)
            starts[i] = o;
        size_t hdr = v45 ? tgNettrace_block_header(p, size) : 0;
        size_t was = hdr ? nt_pad4(pieces[i].was_at + hdr) : 0;
        if (hdr == 0 || was > size - hdr) {
            memcpy(out + o, p, size);
            o += size;
            continue;
        }
        /* the header, the padding its new offset needs, the rest */
        size_t now = nt_pad4(o + hdr);
        memcpy(out + o, p, hdr);
        memset(out + o + hdr, 0, now);
        memcpy(out + o + hdr + now, p + hdr + was, size - hdr - was);
        o += size - was + now;
    }
    return o;
}
