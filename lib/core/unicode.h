/* unicode.h - validation of the text encodings traces declare: UTF-8
 * (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF),
 * streamed in chunks of any size, and UTF-16 (no unpaired surrogate). */
#ifndef TG_UNICODE_H
#define TG_UNICODE_H

#include <stddef.h>
#include <stdint.h>

typedef struct tgUnicode_state {
    uint8_t need;   /* continuation bytes still expected           */
    uint8_t lo, hi; /* allowed range of the next continuation byte */
} tgUnicode_state;

typedef struct tgUnicode_result {
    size_t bad; /* index of the first invalid byte, or SIZE_MAX */
    size_t nul; /* index of the first NUL byte, or SIZE_MAX     */
} tgUnicode_result;

/*! tgUnicode_scan() : validate n more bytes continuing from *s.  Reports the
 *  first invalid byte and the first NUL within this chunk. */
tgUnicode_result tgUnicode_scan(tgUnicode_state *s, const unsigned char *p,
                                size_t n);

/*! tgUnicode_incomplete() : the input ended inside a sequence. */
static inline int tgUnicode_incomplete(const tgUnicode_state *s)
{
    return s->need != 0;
}

/*! tgUnicode_utf8_bad() : the index of the first byte of p[0..n) that is not
 *  well-formed UTF-8 (for a sequence cut by the end, its last byte), or
 *  SIZE_MAX if all of it is. */
size_t tgUnicode_utf8_bad(const unsigned char *p, size_t n);

/*! tgUnicode_utf16_bad() : the index of the first code unit of the `units`
 *  little-endian UTF-16 code units at p that is an unpaired surrogate,
 *  or SIZE_MAX if there is none. */
size_t tgUnicode_utf16_bad(const unsigned char *p, size_t units);

/*! tgUnicode_utf16_to_utf8() : the `units` little-endian UTF-16 code
 *  units at p as UTF-8 into out, which has room for `cap` bytes (3 a unit
 *  always suffice); an unpaired surrogate becomes U+FFFD (EF BF BD), as
 *  .NET's UTF-8 encoder writes one.  Stops before a character that would
 *  not fit.  @return the bytes written. */
size_t tgUnicode_utf16_to_utf8(const unsigned char *p, size_t units,
                               unsigned char *out, size_t cap);

#endif
