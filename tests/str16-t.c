/* str16-t.c - the payload walk's UTF-16 string end (nt_str16_end(): a
 * NUL-ended string of 16-bit code units, eight looked at together) against
 * a model written from the spec's words: the string ends after the first
 * code unit that is zero, counted in whole units from its start, and a
 * string whose NUL is not inside the payload does not end (the function
 * then gives a value past the payload, at most NT_STEP_PAST).  Every start
 * offset of buffers of 0 to 70 bytes, each in an allocation of exactly its
 * size (no byte past it may be read), with zero bytes and zero units
 * planted often, so that ends fall in whole blocks, in a last part block
 * (read as the 16 bytes that end it) and on a lone last byte.  Built
 * twice: with SIMD where the compiler has it, and with core/scan16.h's
 * plain C (str16-portable-t).  Failure: a different end. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "nettrace/check/check.h"
#include "tap.h"

static size_t model_end(const unsigned char *p, size_t n, size_t at)
{
    for (size_t i = at; i + 1 < n; i += 2)
        if (p[i] == 0 && p[i + 1] == 0)
            return i + 2;
    return SIZE_MAX;
}

int main(void)
{
    tgBytes_rng rng = {16};
    unsigned long cases = 0, failures = 0, ended = 0;
    for (int round = 0; round < 20000; round++) {
        size_t n = tgBytes_below(&rng, 71);
        unsigned char *buf = malloc(n ? n : 1);
        if (buf == NULL)
            abort();
        /* mostly text; zero bytes often, whole zero units now and then */
        unsigned zeros = 2 + tgBytes_below(&rng, 40);
        for (size_t i = 0; i < n; i++)
            buf[i] = tgBytes_below(&rng, zeros) == 0
                         ? 0
                         : (unsigned char)(1 + tgBytes_below(&rng, 255));
        if (n >= 2 && tgBytes_below(&rng, 2)) {
            size_t z = tgBytes_below(&rng, (uint32_t)n - 1);
            buf[z] = buf[z + 1] = 0;
        }
        for (size_t at = 0; at <= n; at++, cases++) {
            uint64_t got = nt_str16_end(buf, n, at);
            size_t want = model_end(buf, n, at);
            ended += want != SIZE_MAX;
            int same = want == SIZE_MAX ? got > n && got <= NT_STEP_PAST
                                        : got == want;
            if (!same && failures++ < 10)
                diag("%zu bytes, at %zu: end %llu (model %zu)", n, at,
                     (unsigned long long)got, want);
        }
        free(buf);
    }
    ok(failures == 0,
       "%lu UTF-16 string ends found as the model finds them (%lu end "
       "inside the payload)",
       cases, ended);
    /* by hand: "AB" and its NUL from offset 2 of a 20-byte payload (a
     * whole block), from offset 6 (a part block of 14 bytes, read as the
     * payload's last 16), and from offset 3, where the units are 00 42,
     * then 00 00 */
    static const unsigned char ab[20] = {1, 1, 'A', 0, 'B', 0, 0, 0, 7, 7,
                                         7, 7, 7,   7, 7,   7, 7, 7, 7, 7};
    ok(nt_str16_end(ab, sizeof ab, 2) == 8,
       "41 00 42 00 00 00 from offset 2 ends at 8");
    ok(nt_str16_end(ab, sizeof ab, 6) == 8,
       "00 00 from offset 6, in a part block: ends at 8");
    ok(nt_str16_end(ab, sizeof ab, 3) == 7,
       "00 42 00 00 from offset 3 ends at 7");
    ok(nt_str16_end(ab, sizeof ab, 8) > sizeof ab,
       "no zero unit from offset 8: no end");
    /* a NUL unit on the last two bytes of a 17-byte payload, a lone byte
     * after 16 whole ones from offset 1 */
    unsigned char tail[17];
    memset(tail, 'x', sizeof tail);
    tail[15] = tail[16] = 0;
    ok(nt_str16_end(tail, sizeof tail, 1) == 17,
       "a zero unit at bytes 15-16, from offset 1: ends at 17");
    ok(nt_str16_end(tail, sizeof tail, 0) > sizeof tail,
       "from offset 0 the units are 14-15 and a lone 16: no end");
    return done_testing();
}
