/* digits.h - ASCII decimal digits read fast, for the text formats: eight
 * at a time by word arithmetic, four to eight by two loads that may
 * overlap, and short runs by a loop, whichever costs least for the
 * length.  No function reads a byte past p + n.  The formats put their
 * own rules on top (AFPerf: signs, 0x, leading zeros). */
#ifndef TG_DIGITS_H
#define TG_DIGITS_H

#include <stddef.h>
#include <stdint.h>

#include "bytes.h"

/*! tgDigits_digits() : *x followed by the n decimal digits at p (n small
 *  enough not to overflow), and 1; 0 at a byte that is no digit. */
static inline int tgDigits_digits(const unsigned char *p, size_t n,
                                  uint64_t *x)
{
    uint64_t u = *x;
    for (size_t i = 0; i < n; i++) {
        unsigned d = p[i] - (unsigned)'0';
        if (d > 9)
            return 0;
        u = u * 10 + d;
    }
    *x = u;
    return 1;
}

/*! tgDigits_eight() : whether the 8 bytes of v are all ASCII digits:
 *  0x30..0x39 keep their high nibble 3 with or without 6 added (a byte
 *  that carries into the next fails itself). */
static inline int tgDigits_eight(uint64_t v)
{
    return ((v & 0xF0F0F0F0F0F0F0F0ull) |
            (((v + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4)) ==
           0x3333333333333333ull;
}

/*! tgDigits_eight_value() : the value of 8 ASCII digits, the first in the
 *  lowest byte; tgDigits_lanes_value() : of 8 bytes that hold digits' values
 *  (0 to 9).  Pairs, then quads, then the whole, by multiplications that
 *  keep each partial sum in its own lanes. */
static inline uint64_t tgDigits_lanes_value(uint64_t v)
{
    v = v * 10 + (v >> 8);
    return ((v & 0x000000FF000000FFull) * (100 + (1000000ull << 32)) +
            ((v >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32))) >>
           32;
}
static inline uint64_t tgDigits_eight_value(uint64_t v)
{
    return tgDigits_lanes_value(v - 0x3030303030303030ull);
}

/*! tgDigits_digit_run() : how many ASCII digits word w starts with (its first
 *  byte the lowest), 0 to 7, with their value in *u; 8 if all eight are
 *  digits (*u is not set).  A byte b is a digit when b ^ '0' is at most 9:
 *  adding 0x76 sets bit 7 of any other (a carry out of such a byte only
 *  reaches the bytes after it).  The digits' values, moved to the top of
 *  the word with zeros below, are valued as tgDigits_eight_value() does. */
static inline size_t tgDigits_digit_run(uint64_t w, uint64_t *u)
{
    uint64_t x = w ^ 0x3030303030303030ull;
    uint64_t stop = ((x + 0x7676767676767676ull) | x) & 0x8080808080808080ull;
    if (stop == 0)
        return 8;
    size_t len = (size_t)__builtin_ctzll(stop) / 8;
    *u = len ? tgDigits_lanes_value(x << (8 * (8 - len))) : 0;
    return len;
}

/*! tgDigits_zeros_before() : the first n (1 to 8) bytes of w (the first in the
 *  lowest byte) moved to the top of a word, '0's below them: n digits as
 *  the eight that have their value, for tgDigits_eight() and
 *  tgDigits_eight_value(). */
static inline uint64_t tgDigits_zeros_before(uint64_t w, size_t n)
{
    return w << (8 * (8 - n)) | 0x3030303030303030ull >> (8 * n - 1) >> 1;
}

/*! tgDigits_decimal8() : the value of the 4 to 8 ASCII digits at p into *u, and
 *  1; 0 if a byte is no digit.  Two loads of four, which may overlap, make
 *  the last n bytes of a word whose first 8 - n are '0'. */
static inline int tgDigits_decimal8(const unsigned char *p, size_t n,
                                    uint64_t *u)
{
    uint64_t w = tgDigits_zeros_before((uint64_t)tgBytes_le32(p) |
                                           (uint64_t)tgBytes_le32(p + n - 4)
                                               << (8 * (n - 4)),
                                       n);
    if (!tgDigits_eight(w))
        return 0;
    *u = tgDigits_eight_value(w);
    return 1;
}

/* Bit 7 of each byte of v set when that byte is an ASCII decimal digit
 * (tgDigits_dec_mask()) or hexadecimal digit (tgDigits_hex_mask()).  Bytes are
 * compared on 7 bits, so no sum carries into the next byte, and those
 * above 0x7F are cleared at the end. */
#define TG_DIGITS_HIGH 0x8080808080808080ull
static inline __attribute__((always_inline)) uint64_t
tgDigits_dec_mask(uint64_t v)
{
    uint64_t v7 = v & ~TG_DIGITS_HIGH;
    return (v7 + 0x5050505050505050ull) & ~(v7 + 0x4646464646464646ull) & ~v &
           TG_DIGITS_HIGH; /* >= '0', and not > '9' */
}
static inline __attribute__((always_inline)) uint64_t
tgDigits_hex_mask(uint64_t v)
{
    uint64_t l =
        (v & ~TG_DIGITS_HIGH) | 0x2020202020202020ull; /* A-F as a-f */
    uint64_t alpha = (l + 0x1F1F1F1F1F1F1F1Full) &
                     ~(l + 0x1919191919191919ull); /* 'a' to 'f' */
    return (tgDigits_dec_mask(v) | (alpha & ~v & TG_DIGITS_HIGH));
}

/* Bit 7 of each byte of v set when that byte is an ASCII lowercase
 * letter, 'a' to 'z', compared on 7 bits as above. */
static inline uint64_t tgDigits_lower_mask(uint64_t v)
{
    uint64_t v7 = v & ~TG_DIGITS_HIGH;
    return (v7 + 0x1F1F1F1F1F1F1F1Full) & ~(v7 + 0x0505050505050505ull) & ~v &
           TG_DIGITS_HIGH; /* >= 'a', and not > 'z' */
}

/*! tgDigits_hex_lower() : whether a byte of v, 8 ASCII hexadecimal digits, is
 *  a lowercase letter: 'a' to 'f' have bits 6 and 5 set, digits have not
 *  bit 6, 'A' to 'F' not bit 5. */
static inline int tgDigits_hex_lower(uint64_t v)
{
    return (v & v << 1 & 0x4040404040404040ull) != 0;
}

/*! tgDigits_hex8_value() : the value of 8 ASCII hexadecimal digits, the first
 *  in the lowest byte: each byte to its nibble, then pairs, quads and
 *  halves folded together. */
static inline __attribute__((always_inline)) uint64_t
tgDigits_hex8_value(uint64_t v)
{
    v = (v & 0x0F0F0F0F0F0F0F0Full) + 9 * ((v >> 6) & 0x0101010101010101ull);
    v = __builtin_bswap64(v); /* the first digit in the top byte */
    v = (v | v >> 4) & 0x00FF00FF00FF00FFull;
    v = (v | v >> 8) & 0x0000FFFF0000FFFFull;
    return (v | v >> 16) & 0xFFFFFFFFull;
}

/*! tgDigits_hex8_key() : a word that orders as the value of the 8 ASCII
 *  hexadecimal digits v (the first in the lowest byte, either case) does,
 *  without that value: with its case bit cleared, a digit is 0x10 to 0x19
 *  and a letter 0x41 to 0x46, so with the first digit made the top byte,
 *  the words of two such ids compare as the ids do. */
static inline uint64_t tgDigits_hex8_key(uint64_t v)
{
    return __builtin_bswap64(v & 0xDFDFDFDFDFDFDFDFull);
}

/*! tgDigits_hex8_key_of() : tgDigits_hex8_key() of the 8 digits of u <
 *  2^32: digit i (from the lowest) in byte i. */
static inline uint64_t tgDigits_hex8_key_of(uint64_t u)
{
    uint64_t key = 0;
    for (unsigned i = 0; i < 8; i++) {
        unsigned d = (unsigned)(u >> (4 * i)) & 0xF;
        key |= (uint64_t)(d < 10 ? 0x10 + d : 0x41 + (d - 10)) << (8 * i);
    }
    return key;
}

/* tgDigits_hexv[b]: the value of b as a hexadecimal digit, + 1; 0 if it is
 * none. */
extern const unsigned char tgDigits_hexv[256];

/*! tgDigits_all() : whether the n bytes at p are all ASCII digits.  Inline:
 *  AFPerf tests the value of every pair with it. */
static inline int tgDigits_all(const unsigned char *p, size_t n)
{
    if (n >= 8) { /* eight at a time, the last eight overlapping */
        for (size_t i = 0; i + 8 < n; i += 8)
            if (!tgDigits_eight(tgBytes_le64(p + i)))
                return 0;
        return tgDigits_eight(tgBytes_le64(p + n - 8));
    }
    if (n >= 4) { /* two loads of four, overlapping below eight */
        uint64_t w = (uint64_t)tgBytes_le32(p + n - 4) << 32 | tgBytes_le32(p);
        return tgDigits_eight(w);
    }
    for (size_t i = 0; i < n; i++)
        if (p[i] - (unsigned)'0' > 9)
            return 0;
    return 1;
}

/*! tgDigits_decimal() : the value of the 1 to 20 ASCII digits at p into *u,
 *  and 1; 0 if a byte is no digit, n is 0 or above 20, or the value does
 *  not fit 64 bits (leading zeros are digits like any other).  Inline:
 *  the readers that call it run for every number of a file. */
static inline int tgDigits_decimal(const unsigned char *p, size_t n,
                                   uint64_t *u)
{
    static const uint64_t tens[8] = {1,     10,     100,     1000,
                                     10000, 100000, 1000000, 10000000};
    if (n - 1 >= 20)
        return 0;
    /* 19 digits never overflow; a 20th is added with a check */
    size_t fast = n < 19 ? n : 19, i = 0;
    uint64_t x = 0, tail;
    for (; fast - i >= 8; i += 8) {
        uint64_t w =
            tgBytes_le64(p + i); /* the first digit in the lowest byte */
        if (!tgDigits_eight(w))
            return 0;
        x = x * 100000000 + tgDigits_eight_value(w);
    }
    size_t left = fast - i; /* fewer than 8 */
    if (left >= 4) {        /* four to seven at once */
        if (!tgDigits_decimal8(p + i, left, &tail))
            return 0;
        x = x * tens[left] + tail;
    } else if (!tgDigits_digits(p + i, left, &x)) {
        return 0;
    }
    if (n == 20) {
        unsigned d = p[19] - (unsigned)'0';
        if (d > 9 || __builtin_mul_overflow(x, 10, &x) ||
            __builtin_add_overflow(x, d, &x))
            return 0;
    }
    *u = x;
    return 1;
}

#endif
