/* framing_floor.c - the cost of reading a NetTrace v4/v5 capture's event
 * rows while checking nothing: each compressed row header decoded field
 * by field (4.7: flags, then the varuints its flags name, the timestamp
 * delta, GUIDs skipped), its payload skipped.  The instructions it takes
 * are a floor under any checker of the same rows (issue 13 compares
 * tracegate's instructions per byte with it; tools/framing_floor.py
 * runs it).
 *
 * Input: what framing_floor.py extracts, each compressed event block's
 * rows as a u32 length and the bytes; 8 zero bytes are put after the
 * last (floor_input()), so that a varuint's first 8 bytes may be read as
 * one word.  Nothing here is checked: the file is trusted.  Usage:
 * framing_floor FILE [walk]: without `walk`, only the reading (the
 * baseline to subtract). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "floor_input.h"

/* A LEB128: one to three bytes from one 8-byte word, as tracegate's fast
 * reader takes them, longer ones a byte at a time. */
static inline uint64_t varuint(const unsigned char **pp)
{
    const unsigned char *p = *pp;
    uint64_t w;
    memcpy(&w, p, 8);
    if (!(w & 0x80)) {
        *pp = p + 1;
        return w & 0x7F;
    }
    if (!(w & 0x8000)) {
        *pp = p + 2;
        return (w & 0x7F) | (w >> 1 & 0x3F80);
    }
    if (!(w & 0x800000)) {
        *pp = p + 3;
        return (w & 0x7F) | (w >> 1 & 0x3F80) | (w >> 2 & 0x1FC000);
    }
    uint64_t v = 0;
    for (unsigned s = 0;; s += 7) {
        unsigned b = *p++;
        v |= (uint64_t)(b & 0x7F) << s;
        if (!(b & 0x80))
            break;
    }
    *pp = p;
    return v;
}

int main(int argc, char **argv)
{
    size_t n;
    unsigned char *buf =
        floor_input(argc, argv, "framing_floor", "[walk]", 8, &n);
    /* the header fields a row inherits; each value decoded goes into
     * `sum` or a running total once, so that the compiler keeps every
     * decode (a reader needs them all), at the fewest instructions */
    uint64_t rows = 0, sum = 0, meta = 0, seq = 0, capture = 0, proc = 0,
             thread = 0, stack = 0, ts = 0, size = 0;
    const unsigned char *p = buf, *end = buf + n;
    while (argc > 2 && p < end) {
        uint32_t len;
        memcpy(&len, p, 4);
        const unsigned char *block_end = p + 4 + len;
        for (p += 4; p < block_end; rows++) {
            unsigned flags = *p++;
            if (flags & 0x01)
                meta = varuint(&p);
            if (flags & 0x02) {
                seq += varuint(&p) + 1;
                capture = varuint(&p);
                proc = varuint(&p);
                sum += capture ^ proc;
            } else {
                seq++;
            }
            if (flags & 0x04)
                thread = varuint(&p);
            if (flags & 0x08)
                stack = varuint(&p);
            ts += varuint(&p);
            if (flags & 0x30) /* GUIDs */
                p += 16 * ((flags >> 4 & 1) + (flags >> 5 & 1));
            if (flags & 0x80)
                size = varuint(&p);
            p += size;
            sum += meta ^ thread ^ stack;
        }
    }
    printf("%llu rows, sum %llu\n", (unsigned long long)rows,
           (unsigned long long)(sum ^ seq ^ ts));
    free(buf);
    return 0;
}
