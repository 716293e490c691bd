/* scan16.h - sixteen bytes at a time: a bit mask of the bytes that equal
 * a given byte, of the bytes above 0x7F, of the hexadecimal digits, and
 * of the zero 16-bit lanes, for the scanners of the text formats (one
 * pass finds every byte a record's framing and fields turn on), their
 * hexadecimal items, and UTF-16 strings.  SSE2 where the compiler has it (every x86-64 does); plain C
 * elsewhere, or when TG_SCAN16_PORTABLE is defined, which is how
 * tests/scan16-t.c holds both to the same model.  Header-only: it runs
 * for every byte of a text trace. */
#ifndef TG_SCAN16_H
#define TG_SCAN16_H

#include <stddef.h>
#include <string.h>

#if defined(__SSE2__) && !defined(TG_SCAN16_PORTABLE)
#include <emmintrin.h>

typedef __m128i tgScan16_block;

static inline tgScan16_block tgScan16_load(const unsigned char *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

/* A byte in every lane (tgScan16_splat()), made once outside a loop. */
typedef __m128i tgScan16_byte;

static inline tgScan16_byte tgScan16_splat(unsigned char c)
{
    return _mm_set1_epi8((char)c);
}

/*! tgScan16_eq() : bit i is set when byte i of b is c. */
static inline unsigned tgScan16_eq(tgScan16_block b, tgScan16_byte c)
{
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, c));
}

/*! tgScan16_eq3() : bit i is set when byte i of b is c0, c1 or c2. */
static inline unsigned tgScan16_eq3(tgScan16_block b, tgScan16_byte c0,
                                    tgScan16_byte c1, tgScan16_byte c2)
{
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(b, c0), _mm_cmpeq_epi8(b, c1)),
        _mm_cmpeq_epi8(b, c2)));
}

/*! tgScan16_high() : bit i is set when byte i of b is above 0x7F. */
static inline unsigned tgScan16_high(tgScan16_block b)
{
    return (unsigned)_mm_movemask_epi8(b);
}

/*! tgScan16_zero16() : bits 2i and 2i + 1 are set when the 16-bit lane i of b
 *  (bytes 2i and 2i + 1) is zero: the NULs of UTF-16 text. */
static inline unsigned tgScan16_zero16(tgScan16_block b)
{
    return (unsigned)_mm_movemask_epi8(
        _mm_cmpeq_epi16(b, _mm_setzero_si128()));
}

/* The bytes of b in [lo, lo + span]: b - lo, wrapped, is no larger than
 * span (an unsigned compare, from an unsigned minimum). */
static inline __m128i tgScan16_in_(tgScan16_block b, unsigned char lo,
                                   unsigned char span)
{
    __m128i d = _mm_sub_epi8(b, _mm_set1_epi8((char)lo));
    return _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8((char)span)), d);
}

/*! tgScan16_hex_upper() : bit i is set when byte i of b is 0-9 or A-F. */
static inline __attribute__((always_inline)) unsigned
tgScan16_hex_upper(tgScan16_block b)
{
    return (unsigned)_mm_movemask_epi8(
        _mm_or_si128(tgScan16_in_(b, '0', 9), tgScan16_in_(b, 'A', 5)));
}

/*! tgScan16_hex_any() : bit i is set when byte i of b is 0-9, A-F or a-f
 *  (letters folded to lowercase first). */
static inline __attribute__((always_inline)) unsigned
tgScan16_hex_any(tgScan16_block b)
{
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(
        tgScan16_in_(b, '0', 9),
        tgScan16_in_(_mm_or_si128(b, _mm_set1_epi8(0x20)), 'a', 5)));
}

/*! tgScan16_same() : bit i is set when byte i of a equals byte i of b. */
static inline unsigned tgScan16_same(tgScan16_block a, tgScan16_block b)
{
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b));
}
#else
typedef struct tgScan16_block {
    unsigned char b[16];
} tgScan16_block;

static inline tgScan16_block tgScan16_load(const unsigned char *p)
{
    tgScan16_block b;
    memcpy(b.b, p, 16);
    return b;
}

typedef struct tgScan16_byte {
    unsigned char c;
} tgScan16_byte;

static inline tgScan16_byte tgScan16_splat(unsigned char c)
{
    tgScan16_byte s = {c};
    return s;
}

static inline unsigned tgScan16_eq(tgScan16_block b, tgScan16_byte c)
{
    unsigned m = 0;
    for (unsigned i = 0; i < 16; i++)
        m |= (unsigned)(b.b[i] == c.c) << i;
    return m;
}

static inline unsigned tgScan16_eq3(tgScan16_block b, tgScan16_byte c0,
                                    tgScan16_byte c1, tgScan16_byte c2)
{
    return tgScan16_eq(b, c0) | tgScan16_eq(b, c1) | tgScan16_eq(b, c2);
}

static inline unsigned tgScan16_high(tgScan16_block b)
{
    unsigned m = 0;
    for (unsigned i = 0; i < 16; i++)
        m |= (unsigned)(b.b[i] >> 7) << i;
    return m;
}

static inline unsigned tgScan16_zero16(tgScan16_block b)
{
    unsigned m = 0;
    for (unsigned i = 0; i < 16; i += 2)
        m |= (unsigned)(b.b[i] == 0 && b.b[i + 1] == 0) * 3u << i;
    return m;
}

static inline unsigned tgScan16_hex_upper(tgScan16_block b)
{
    unsigned m = 0;
    for (unsigned i = 0; i < 16; i++)
        m |= (unsigned)(b.b[i] - (unsigned)'0' < 10 ||
                        b.b[i] - (unsigned)'A' < 6)
             << i;
    return m;
}

static inline unsigned tgScan16_hex_any(tgScan16_block b)
{
    unsigned m = 0;
    for (unsigned i = 0; i < 16; i++)
        m |= (unsigned)(b.b[i] - (unsigned)'0' < 10 ||
                        (b.b[i] | 0x20u) - (unsigned)'a' < 6)
             << i;
    return m;
}

static inline unsigned tgScan16_same(tgScan16_block a, tgScan16_block b)
{
    unsigned m = 0;
    for (unsigned i = 0; i < 16; i++)
        m |= (unsigned)(a.b[i] == b.b[i]) << i;
    return m;
}
#endif

/*! tgScan16_load_part() : the n < 16 bytes at p, then zero bytes: the end of
 *  an input is scanned as a whole block without reading past it. */
static inline tgScan16_block tgScan16_load_part(const unsigned char *p,
                                                size_t n)
{
    unsigned char tail[16] = {0};
    memcpy(tail, p, n);
    return tgScan16_load(tail);
}

#endif
