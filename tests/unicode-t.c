/* unicode-t.c - tgUnicode_utf8_bad() against a model written from RFC 3629's
 * table of well-formed byte sequences (section 4), one sequence at a time:
 * strings of every length from 0 to 40 that are ASCII but for one byte at
 * each position (the word-at-a-time pass and its overlapping tail loads),
 * every lead byte with every edge of its continuation ranges, sequences
 * cut by the end, and random strings.  Failure: an index that differs from
 * the model's. */
#include <stdint.h>

#include "core/unicode.h"
#include "tap.h"

/* The index of the first byte that is not well-formed, the last byte of a
 * sequence cut by the end, or SIZE_MAX. */
static size_t model(const unsigned char *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = p[i], need, lo = 0x80, hi = 0xBF;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            lo = c == 0xE0 ? 0xA0 : 0x80; /* no overlong forms */
            hi = c == 0xED ? 0x9F : 0xBF; /* no surrogates      */
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            lo = c == 0xF0 ? 0x90 : 0x80; /* no overlong forms  */
            hi = c == 0xF4 ? 0x8F : 0xBF; /* nothing past U+10FFFF */
        } else {
            return i; /* 80-C1, F5-FF never lead */
        }
        for (unsigned j = 1; j <= need; j++) {
            if (i + j >= n)
                return n - 1;
            if (p[i + j] < lo || p[i + j] > hi)
                return i + j;
            lo = 0x80;
            hi = 0xBF;
        }
        i += need + 1;
    }
    return SIZE_MAX;
}

static unsigned long rng = 88172645463325252ull;
static unsigned next_byte(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng >> 24) & 0xFF;
}

/* Whether tgUnicode_utf8_bad() agrees with the model on p[0..n); says which
 * input when not. */
static int agrees(const unsigned char *p, size_t n, const char *what)
{
    size_t got = tgUnicode_utf8_bad(p, n), want = model(p, n);
    if (got == want)
        return 1;
    diag("%s: %zu bytes, got %zu, want %zu", what, n, got, want);
    return 0;
}

int main(void)
{
    unsigned char b[80] = {0};
    /* ASCII, one byte changed at each position: a high byte, a NUL, and
     * a valid two-byte sequence */
    int ascii_ok = 1;
    for (size_t n = 0; n <= 40; n++) {
        for (size_t i = 0; i < n; i++)
            b[i] = (unsigned char)('a' + i % 26);
        ascii_ok &= agrees(b, n, "ASCII");
        for (size_t k = 0; k < n; k++) {
            static const unsigned char one[] = {0x80, 0xC3, 0xFF, 0x00, 0x7F};
            for (size_t v = 0; v < sizeof one; v++) {
                unsigned char keep = b[k];
                b[k] = one[v];
                ascii_ok &= agrees(b, n, "one byte changed");
                b[k] = keep;
            }
            if (k + 1 < n) { /* U+00E9 */
                unsigned char k0 = b[k], k1 = b[k + 1];
                b[k] = 0xC3;
                b[k + 1] = 0xA9;
                ascii_ok &= agrees(b, n, "two-byte sequence");
                b[k] = k0;
                b[k + 1] = k1;
            }
        }
    }
    ok(ascii_ok, "ASCII strings of 0-40 bytes with one byte changed");

    /* every lead byte, then continuation bytes at the edges of the
     * ranges, at several offsets and with the string cut after each */
    static const unsigned char edges[] = {0x00, 0x41, 0x7F, 0x80, 0x8F,
                                          0x90, 0x9F, 0xA0, 0xBF, 0xC0};
    int seq_ok = 1;
    for (unsigned lead = 0x80; lead <= 0xFF; lead++)
        for (size_t e1 = 0; e1 < sizeof edges; e1++)
            for (size_t e2 = 0; e2 < sizeof edges; e2++)
                for (size_t off = 0; off < 10; off += 3) {
                    size_t n = 0;
                    for (; n < off; n++)
                        b[n] = 'x';
                    b[n++] = (unsigned char)lead;
                    b[n++] = edges[e1];
                    b[n++] = edges[e2];
                    b[n++] = 0xBF;
                    for (size_t m = off + 1; m <= n; m++)
                        seq_ok &= agrees(b, m, "lead and continuation");
                }
    ok(seq_ok, "every lead byte with continuation edges, cut at each byte");

    /* random strings, mostly ASCII, of 0 to 79 bytes */
    int random_ok = 1;
    for (int t = 0; t < 20000; t++) {
        size_t n = next_byte() % 80;
        unsigned high = next_byte() % 8; /* one in `high + 1` is high */
        for (size_t i = 0; i < n; i++) {
            unsigned v = next_byte();
            b[i] = (unsigned char)(next_byte() % (high + 1) == 0 ? v | 0x80
                                                                 : v & 0x7F);
        }
        random_ok &= agrees(b, n, "random");
    }
    ok(random_ok, "20,000 random strings");
    return done_testing();
}
