/* hexcase-t.c - tgK_hex_lower() (core/digits.h), the word test the
 * TraceLog fast path uses for TL-HEX-003's uppercase digits, against a
 * byte-by-byte model: every one of the 22 hexadecimal digit bytes in
 * every position of a word of other digits, and random words.  Failure:
 * a word said lowercase that has no 'a' to 'f', or the other way. */
#include <stdint.h>
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

int main(void)
{
    unsigned long cases = 0, bad = 0;
    unsigned char b[8];
    tgB_rng rng = {11};
    /* each digit in each position, the others from a fixed uppercase and
     * decimal background */
    for (int pos = 0; pos < 8; pos++)
        for (size_t d = 0; d < sizeof digits - 1; d++) {
            memcpy(b, "9F0A3E7C", 8);
            b[pos] = (unsigned char)digits[d];
            bad += tgK_hex_lower(tgB_le64(b)) != model(b);
            cases++;
        }
    for (int r = 0; r < 200000; r++) {
        for (int i = 0; i < 8; i++)
            b[i] = (unsigned char)digits[tgB_below(&rng, sizeof digits - 1)];
        bad += tgK_hex_lower(tgB_le64(b)) != model(b);
        cases++;
    }
    ok(bad == 0,
       "%lu words of hexadecimal digits: lowercase found as the "
       "model finds it (%lu differ)",
       cases, bad);
    memcpy(b, "DEADBEEF", 8);
    ok(!tgK_hex_lower(tgB_le64(b)), "DEADBEEF is uppercase");
    memcpy(b, "DEADBEEf", 8);
    ok(tgK_hex_lower(tgB_le64(b)), "DEADBEEf has a lowercase digit");
    return done_testing();
}
