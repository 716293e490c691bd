/* emit.h - little writers the NetTrace generators share: fixed-width
 * integers, LEB128 varuints and strings into a growable buffer. */
#ifndef TG_NT_EMIT_H
#define TG_NT_EMIT_H

#include <string.h>

#include "../core/bytes.h"
#include "../core/membuf.h"

static inline void put(tgM_buf *b, const void *p, size_t n) { tgM_write(b, p, n); }

static inline void put_u8(tgM_buf *b, unsigned v)
{
    unsigned char c = (unsigned char)v;
    put(b, &c, 1);
}

static inline void put_u16(tgM_buf *b, unsigned v)
{
    unsigned char c[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
    put(b, c, 2);
}

static inline void put_u32(tgM_buf *b, uint32_t v)
{
    unsigned char c[4];
    tgB_put32(c, v);
    put(b, c, 4);
}

static inline void put_u64(tgM_buf *b, uint64_t v)
{
    unsigned char c[8];
    tgB_put64(c, v);
    put(b, c, 8);
}

static inline void put_var(tgM_buf *b, uint64_t v)
{
    do {
        put_u8(b, (unsigned)(v & 0x7F) | (v > 0x7F ? 0x80u : 0));
        v >>= 7;
    } while (v);
}

static inline void put_utf16z(tgM_buf *b, const char *ascii)
{
    for (; *ascii; ascii++)
        put_u16(b, (unsigned char)*ascii);
    put_u16(b, 0);
}

/* A v6 string: varuint32 byte length, then UTF-8. */
static inline void put_string6(tgM_buf *b, const char *s)
{
    put_var(b, strlen(s));
    put(b, s, strlen(s));
}

#endif
