/* bytemask-t.c - the byte-class masks of core/digits.h against a byte
 * model: tgDigits_dec_mask() (decimal digits), tgDigits_hex_mask() (hexadecimal
 * digits, either case) and tgDigits_lower_mask() ('a' to 'z', the TraceLog
 * tag's letters).  Every byte value in every position of a word, the
 * other seven random, then random words; every lane of each answer is
 * compared, so a sum that carries into the next byte, or a byte above
 * 0x7F taken for its 7-bit twin, shows.  Then tgDigits_digit_run() (the
 * digits a word starts with, and their value) against a count and a sum
 * made byte by byte, on words of digits with every byte value in every
 * position, and random words mostly of digits.  Failure: a lane, a
 * count or a value that differs. */
#include <stdint.h>
#include <string.h>

#include "core/bytes.h"
#include "core/digits.h"
#include "tap.h"

static int is_dec(unsigned c) { return c >= '0' && c <= '9'; }
static int is_hex(unsigned c)
{
    return is_dec(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static int is_lower(unsigned c) { return c >= 'a' && c <= 'z'; }

static const struct {
    const char *name;
    uint64_t (*mask)(uint64_t);
    int (*model)(unsigned);
} classes[] = {
    {"tgDigits_dec_mask", tgDigits_dec_mask, is_dec},
    {"tgDigits_hex_mask", tgDigits_hex_mask, is_hex},
    {"tgDigits_lower_mask", tgDigits_lower_mask, is_lower},
};

/* The lanes of one word that differ from the model. */
static unsigned long lanes_wrong(size_t c, const unsigned char b[8])
{
    uint64_t m = classes[c].mask(tgBytes_le64(b));
    unsigned long bad = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t want = classes[c].model(b[i]) ? 0x80u : 0u;
        bad += (m >> (8 * i) & 0xFF) != want;
    }
    return bad;
}

/* Whether tgDigits_digit_run() of the word b differs from the model: the
 * digits b starts with, counted and valued one by one.  (c: unused; a
 * judge like lanes_wrong().) */
static unsigned long run_wrong(size_t c, const unsigned char b[8])
{
    size_t want = 0;
    uint64_t value = 0, u = UINT64_MAX;
    (void)c;
    while (want < 8 && is_dec(b[want]))
        value = value * 10 + (b[want++] - (unsigned)'0');
    size_t got = tgDigits_digit_run(tgBytes_le64(b), &u);
    return got != want || (want < 8 && u != value) ? 1 : 0;
}

static unsigned char any_byte(tgBytes_rng *rng)
{
    return (unsigned char)tgBytes_below(rng, 256);
}
static unsigned char digit(tgBytes_rng *rng)
{
    return (unsigned char)('0' + tgBytes_below(rng, 10));
}
static unsigned char mostly_digit(tgBytes_rng *rng)
{
    return tgBytes_below(rng, 4) ? digit(rng) : any_byte(rng);
}

/* Words for judge() (of class c): every byte value in every position, 16
 * times, the other seven bytes from around(); then `more` words of
 * bytes from fill().  @return the differences it found, with the words
 * tried in *words. */
static unsigned long sweep(tgBytes_rng *rng, size_t c,
                           unsigned long (*judge)(size_t,
                                                  const unsigned char[8]),
                           unsigned char (*around)(tgBytes_rng *),
                           unsigned char (*fill)(tgBytes_rng *),
                           unsigned long more, unsigned long *words)
{
    unsigned long bad = 0;
    unsigned char b[8];
    *words = 0;
    for (int pos = 0; pos < 8; pos++)
        for (unsigned v = 0; v < 256; v++)
            for (int r = 0; r < 16; r++, ++*words) {
                for (int i = 0; i < 8; i++)
                    b[i] = around(rng);
                b[pos] = (unsigned char)v;
                bad += judge(c, b);
            }
    for (unsigned long r = 0; r < more; r++, ++*words) {
        for (int i = 0; i < 8; i++)
            b[i] = fill(rng);
        bad += judge(c, b);
    }
    return bad;
}

int main(void)
{
    tgBytes_rng rng = {5};
    unsigned long words, bad;
    for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++) {
        bad = sweep(&rng, c, lanes_wrong, any_byte, any_byte, 100000, &words);
        ok(bad == 0 && words > 100000, "%s: %lu words, %lu lanes differ",
           classes[c].name, words, bad);
    }
    bad = sweep(&rng, 0, run_wrong, digit, mostly_digit, 200000, &words);
    ok(bad == 0 && words > 200000, "tgDigits_digit_run: %lu words, %lu differ",
       words, bad);
    return done_testing();
}
