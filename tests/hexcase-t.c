/* hexcase-t.c - the word tests the TraceLog fast path makes of eight
 * hexadecimal digits (core/digits.h), against byte-by-byte models:
 * tgDigits_hex_lower(), for TL-HEX-003's uppercase digits,
 * tgDigits_hex8_value(), an id's value, and tgDigits_hex8_key(), a word
 * that orders as the value does (the fast path's test of an id against
 * a defined range).  Every one of the 22 hexadecimal digit bytes in every
 * position of a word of other digits, and random words.  Failure: a word
 * said lowercase that has no 'a' to 'f', or the other way; a value
 * strtoull() does not give; a key other than tgDigits_hex8_key_of() of
 * that value, or two keys that order otherwise than their values. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "core/digits.h"
#include "tap.h"

static const char digits[] = "0123456789ABCDEFabcdef";

static int model(const unsigned char b[8])
{
    for (int i = 0; i < 8; i++)
        if (b[i] >= 'a' && b[i] <= 'f')
            return 1;
    return 0;
}

/* the value strtoull() reads from the 8 digits of b */
static uint64_t value_model(const unsigned char b[8])
{
    char s[9];
    memcpy(s, b, 8);
    s[8] = 0;
    return strtoull(s, NULL, 16);
}

/* Whether b's key is its value's, and orders against the key of the
 * word before (*prev, its value *prev_value) as the values do. */
static int key_ok(const unsigned char b[8], uint64_t *prev,
                  uint64_t *prev_value)
{
    uint64_t key = tgDigits_hex8_key(tgBytes_le64(b)), v = value_model(b);
    int good = key == tgDigits_hex8_key_of(v) &&
               (key < *prev) == (v < *prev_value) &&
               (key == *prev) == (v == *prev_value);
    *prev = key;
    *prev_value = v;
    return good;
}

int main(void)
{
    unsigned long cases = 0, bad = 0, wrong = 0, keys = 0;
    uint64_t prev = tgDigits_hex8_key_of(0), prev_value = 0;
    unsigned char b[8];
    tgBytes_rng rng = {11};
    /* each digit in each position, the others from a fixed uppercase and
     * decimal background */
    for (int pos = 0; pos < 8; pos++)
        for (size_t d = 0; d < sizeof digits - 1; d++) {
            memcpy(b, "9F0A3E7C", 8);
            b[pos] = (unsigned char)digits[d];
            bad += tgDigits_hex_lower(tgBytes_le64(b)) != model(b);
            wrong += tgDigits_hex8_value(tgBytes_le64(b)) != value_model(b);
            keys += !key_ok(b, &prev, &prev_value);
            cases++;
        }
    for (int r = 0; r < 200000; r++) {
        for (int i = 0; i < 8; i++)
            b[i] =
                (unsigned char)digits[tgBytes_below(&rng, sizeof digits - 1)];
        bad += tgDigits_hex_lower(tgBytes_le64(b)) != model(b);
        wrong += tgDigits_hex8_value(tgBytes_le64(b)) != value_model(b);
        keys += !key_ok(b, &prev, &prev_value);
        cases++;
    }
    ok(bad == 0,
       "%lu words of hexadecimal digits: lowercase found as the "
       "model finds it (%lu differ)",
       cases, bad);
    ok(wrong == 0,
       "%lu words of hexadecimal digits: the value strtoull() reads (%lu "
       "differ)",
       cases, wrong);
    ok(keys == 0,
       "%lu words of hexadecimal digits: the key of their value, ordered "
       "as the value against the word before (%lu not)",
       cases, keys);
    /* the ends of the digits and of the letters, in both cases */
    static const char *const order[] = {"00000000", "00000009", "0000000A",
                                        "0000000f", "00000010", "9FFFFFFF",
                                        "a0000000", "FFFFFFFe", "ffffffff"};
    int ordered = 1;
    for (size_t i = 1; i < sizeof order / sizeof *order; i++)
        ordered &=
            tgDigits_hex8_key(
                tgBytes_le64((const unsigned char *)order[i - 1])) <
            tgDigits_hex8_key(tgBytes_le64((const unsigned char *)order[i]));
    ok(ordered, "00000000 < 00000009 < 0000000A < 0000000f < 00000010 < "
                "9FFFFFFF < a0000000 < FFFFFFFe < ffffffff by key");
    ok(tgDigits_hex8_key(tgBytes_le64((const unsigned char *)"0000000a")) ==
           tgDigits_hex8_key(tgBytes_le64((const unsigned char *)"0000000A")),
       "0000000a and 0000000A have one key");
    ok(tgDigits_hex8_key_of(0) == 0x1010101010101010ull &&
           tgDigits_hex8_key_of(0xFFFFFFFFu) == 0x4646464646464646ull &&
           tgDigits_hex8_key_of(0x0123ABCDu) == 0x1011121341424344ull,
       "the keys of 0, 0xFFFFFFFF and 0x0123ABCD: 0x1010101010101010, "
       "0x4646464646464646, 0x1011121341424344");
    memcpy(b, "DEADBEEF", 8);
    ok(!tgDigits_hex_lower(tgBytes_le64(b)), "DEADBEEF is uppercase");
    ok(tgDigits_hex8_value(tgBytes_le64(b)) == 0xDEADBEEFu,
       "DEADBEEF is 0xDEADBEEF");
    memcpy(b, "fFfFfFfF", 8);
    ok(tgDigits_hex8_value(tgBytes_le64(b)) == 0xFFFFFFFFu,
       "fFfFfFfF is 0xFFFFFFFF");
    memcpy(b, "00000001", 8);
    ok(tgDigits_hex8_value(tgBytes_le64(b)) == 1, "00000001 is 1");
    memcpy(b, "10000000", 8);
    ok(tgDigits_hex8_value(tgBytes_le64(b)) == 0x10000000u,
       "10000000 is 0x10000000");
    memcpy(b, "DEADBEEf", 8);
    ok(tgDigits_hex_lower(tgBytes_le64(b)), "DEADBEEf has a lowercase digit");
    return done_testing();
}
