/* hexcase-t.c - the word tests the TraceLog fast path makes of eight
 * hexadecimal digits (core/digits.h), against byte-by-byte models:
 * tgDigits_hex_lower(), for TL-HEX-003's uppercase digits, and
 * tgDigits_hex8_value(), an id's value.  Every one of the 22 hexadecimal digit
 * bytes in every position of a word of other digits, and random words.
 * Failure: a word said lowercase that has no 'a' to 'f', or the other
 * way; a value strtoull() does not give. */
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

int main(void)
{
    unsigned long cases = 0, bad = 0, wrong = 0;
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
            cases++;
        }
    for (int r = 0; r < 200000; r++) {
        for (int i = 0; i < 8; i++)
            b[i] =
                (unsigned char)digits[tgBytes_below(&rng, sizeof digits - 1)];
        bad += tgDigits_hex_lower(tgBytes_le64(b)) != model(b);
        wrong += tgDigits_hex8_value(tgBytes_le64(b)) != value_model(b);
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
