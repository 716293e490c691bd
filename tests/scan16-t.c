/* scan16-t.c - the sixteen-byte masks of core/scan16.h (one byte, any of
 * three bytes, bytes above 0x7F, zero 16-bit lanes, hexadecimal digits,
 * bytes equal to another block's) against a byte loop: every byte value at
 * every position of a block, random blocks for several target bytes, and
 * blocks cut short by tgScan16_load_part().  Built
 * twice: as scan16-t with what the compiler offers (SSE2 on x86-64), and
 * as scan16-portable-t with TG_SCAN16_PORTABLE, the plain C every other
 * machine runs.  Failure: a mask that differs from the loop's. */
#include "core/bytes.h"
#include "core/scan16.h"
#include "tap.h"

static unsigned model_eq(const unsigned char *b, size_t n, unsigned char c)
{
    unsigned m = 0;
    for (size_t i = 0; i < n; i++)
        m |= (unsigned)(b[i] == c) << i;
    return m;
}

static unsigned model_high(const unsigned char *b, size_t n)
{
    unsigned m = 0;
    for (size_t i = 0; i < n; i++)
        m |= (unsigned)(b[i] >= 0x80) << i;
    return m;
}

static unsigned model_zero16(const unsigned char *b, size_t n)
{
    unsigned m = 0;
    for (size_t i = 0; i + 1 < n; i += 2)
        if (b[i] == 0 && b[i + 1] == 0)
            m |= 3u << i;
    return m;
}

static unsigned model_hex(const unsigned char *b, size_t n, int lower)
{
    unsigned m = 0;
    for (size_t i = 0; i < n; i++) {
        int up = (b[i] >= '0' && b[i] <= '9') || (b[i] >= 'A' && b[i] <= 'F');
        int lo = b[i] >= 'a' && b[i] <= 'f';
        m |= (unsigned)(lower ? lo : up) << i;
    }
    return m;
}

static unsigned model_same(const unsigned char *a, const unsigned char *b)
{
    unsigned m = 0;
    for (size_t i = 0; i < 16; i++)
        m |= (unsigned)(a[i] == b[i]) << i;
    return m;
}

/* Whether the masks of the first n bytes of b (n < 16: loaded in part,
 * the rest of the block zero bytes) match the model for target c. */
static int agrees(const unsigned char *b, size_t n, unsigned char c)
{
    unsigned char whole[16] = {0}, rotated[16];
    memcpy(whole, b, n);
    for (size_t i = 0; i < 16; i++) /* the same bytes, most of them moved */
        rotated[i] = whole[(i * 7 + (i & 1)) % 16];
    tgScan16_block v = n == 16 ? tgScan16_load(b) : tgScan16_load_part(b, n);
    unsigned char c1 = (unsigned char)(c + 1), c2 = (unsigned char)(c ^ 0x80);
    return tgScan16_eq(v, tgScan16_splat(c)) == model_eq(whole, 16, c) &&
           tgScan16_eq3(v, tgScan16_splat(c), tgScan16_splat(c1),
                        tgScan16_splat(c2)) ==
               (model_eq(whole, 16, c) | model_eq(whole, 16, c1) |
                model_eq(whole, 16, c2)) &&
           tgScan16_high(v) == model_high(whole, 16) &&
           tgScan16_zero16(v) == model_zero16(whole, 16) &&
           tgScan16_hex_upper(v) == model_hex(whole, 16, 0) &&
           tgScan16_hex_any(v) ==
               (model_hex(whole, 16, 0) | model_hex(whole, 16, 1)) &&
           tgScan16_same(v, tgScan16_load(rotated)) ==
               model_same(whole, rotated);
}

int main(void)
{
    unsigned char b[16];
    long bad = 0;
    for (unsigned pos = 0; pos < 16; pos++)
        for (unsigned x = 0; x < 256; x++) {
            memset(b, 'a', sizeof b);
            b[pos] = (unsigned char)x;
            bad += !agrees(b, 16, (unsigned char)x) || !agrees(b, 16, ',');
        }
    ok(bad == 0, "each byte value at each position: %ld blocks differ", bad);

    tgBytes_rng rng = {7};
    static const unsigned char targets[] = {',', '\n', '\r', '"', 0,   0xFF,
                                            '0', '9',  'A',  'F', 'a', 'f',
                                            '/', ':',  '@',  'G', '`', 'g'};
    bad = 0;
    for (int t = 0; t < 200000; t++) {
        for (size_t i = 0; i < 16; i++) /* targets often, any byte else */
            b[i] = tgBytes_below(&rng, 3)
                       ? targets[tgBytes_below(&rng, 18)]
                       : (unsigned char)tgBytes_below(&rng, 256);
        size_t n = t % 2 ? 16 : tgBytes_below(&rng, 17);
        bad += !agrees(b, n, targets[tgBytes_below(&rng, 18)]);
    }
    ok(bad == 0, "random whole and part blocks: %ld differ", bad);

    memset(b, ',', sizeof b);
    tgScan16_block none = tgScan16_load_part(b, 0);
    ok(tgScan16_eq(none, tgScan16_splat(',')) == 0 &&
           tgScan16_high(none) == 0 && tgScan16_zero16(none) == 0xFFFF,
       "an empty part block has no byte of any kind but zero");
    return done_testing();
}
