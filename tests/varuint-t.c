/* varuint-t.c - NetTrace's varuint reader (nt_varuint(): one byte
 * inline, longer ones out of line) against a model written from the
 * spec's LEB128: every length from 1 to 11 bytes, values at and past the
 * 32- and 64-bit limits, redundant trailing zero groups, and cuts, each in
 * a buffer of its own size (no byte past it may be read).  Failure: a
 * different result, value, or position.  Then the payload walk's varint
 * end (nt_varint_end(): VarInt and VarUInt fields, whose end alone
 * matters) against its own model, at every offset of buffers of 0 to 20
 * bytes, so that its word loads near the end are tried.  And the event
 * rows' fast reader (nt_varuint_fast(): eight bytes at once, and the two
 * past them of a 64-bit varuint), which must take exactly the varuints
 * the model reads with no finding, with and without room to read ahead. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "nettrace/check/check.h"
#include "tap.h"

/* The model: groups of 7 bits, lowest first, at most 5 (32 bits) or 10
 * (64 bits) bytes, the last group only the bits left; a trailing zero
 * group after the first is redundant. */
static int model(const unsigned char *p, size_t n, unsigned bits,
                 uint64_t *value, size_t *used)
{
    uint64_t v = 0;
    unsigned max = bits == 32 ? 5 : 10;
    for (size_t i = 0;; i++) {
        if (i == n)
            return NT_VAR_CUT;
        if (i == max)
            return NT_VAR_LONG;
        unsigned part = p[i] & 0x7F, shift = (unsigned)(7 * i);
        if (shift + 7 > bits && part >> (bits - shift) != 0)
            return NT_VAR_BIG;
        v |= (uint64_t)part << shift;
        if (p[i] < 0x80) {
            *value = v;
            *used = i + 1;
            return i > 0 && p[i] == 0 ? NT_VAR_REDUNDANT : NT_VAR_OK;
        }
    }
}

/* The payload walk's model: the first byte without bit 7 within ten
 * from `at` ends it, and a tenth byte may hold only 1 (64 bits). */
static size_t model_end(const unsigned char *p, size_t n, size_t at)
{
    for (size_t i = 0; i < 10; i++) {
        if (at + i >= n)
            return SIZE_MAX;
        if (p[at + i] < 0x80)
            return i == 9 && p[at + i] > 1 ? SIZE_MAX : at + i + 1;
    }
    return SIZE_MAX;
}

/* One case: the bytes, in a buffer exactly `n` long. */
static unsigned long failures;
static void one(const unsigned char *bytes, size_t n, unsigned bits)
{
    unsigned char *buf = malloc(n ? n : 1);
    if (buf == NULL)
        abort();
    memcpy(buf, bytes, n);
    nt_cur c = {buf, buf + n, buf, 0};
    uint64_t got = 0, want = 0;
    size_t used = 0;
    int r = nt_varuint(&c, bits, &got), m = model(buf, n, bits, &want, &used);
    size_t moved = (size_t)(c.p - buf);
    if (r != m ||
        (m < NT_VAR_CUT ? got != want || moved != used : moved != 0)) {
        if (failures++ < 10)
            diag("%zu bytes, %u bits, first %02x: result %d (model %d), "
                 "value %llu (%llu), moved %zu (%zu)",
                 n, bits, n ? buf[0] : 0, r, m, (unsigned long long)got,
                 (unsigned long long)want, moved, m < NT_VAR_CUT ? used : 0);
    }
    free(buf);
}

int main(void)
{
    tgBytes_rng rng = {7};
    unsigned char b[16];
    unsigned long cases = 0;
    for (unsigned bits = 32; bits <= 64; bits += 32)
        for (int round = 0; round < 200000; round++) {
            size_t len = 1 + tgBytes_below(&rng, 11); /* the varuint's bytes */
            for (size_t i = 0; i < len; i++)
                b[i] = (unsigned char)(tgBytes_below(&rng, 256) | 0x80);
            /* the last byte ends it: random, zero (redundant), or the
             * bits a 32- or 64-bit value may just hold, and one more */
            unsigned pick = tgBytes_below(&rng, 4);
            b[len - 1] =
                (unsigned char)(pick == 0   ? tgBytes_below(&rng, 128)
                                : pick == 1 ? 0u
                                : pick == 2 ? 0x0Fu >> (round & 3)
                                            : 0x01u << (round & 7) & 0x7Fu);
            for (size_t i = len; i < sizeof b; i++) /* what follows */
                b[i] = (unsigned char)tgBytes_below(&rng, 256);
            /* the buffer ends after it, inside it, or well past it */
            size_t n = tgBytes_below(&rng, 3) == 0
                           ? tgBytes_below(&rng, (uint32_t)len + 1)
                       : tgBytes_below(&rng, 2) ? len
                                                : sizeof b;
            one(b, n, bits);
            cases++;
        }
    ok(failures == 0,
       "%lu random varuints read as the model reads them "
       "(%lu differ)",
       cases, failures);
    /* the event rows' fast reader: whatever it takes, the model reads as
     * NT_VAR_OK with the same value and length, and it takes every such
     * varuint; read with room (18 bytes there) and without, in buffers
     * of exactly the varuint's bytes and a few past them */
    unsigned long fast_cases = 0, fast_failures = 0;
    for (int round = 0; round < 300000; round++) {
        unsigned bits = round & 1 ? 64 : 32;
        size_t len = 1 + tgBytes_below(&rng, 11);
        unsigned char v[32];
        for (size_t i = 0; i < len; i++)
            v[i] = (unsigned char)(tgBytes_below(&rng, 256) | 0x80);
        unsigned pick = tgBytes_below(&rng, 5);
        v[len - 1] = (unsigned char)(pick == 0   ? tgBytes_below(&rng, 128)
                                     : pick == 1 ? 0u
                                     : pick == 2 ? 1u
                                     : pick == 3 ? 0x0Fu >> (round & 3)
                                                 : tgBytes_below(&rng, 256));
        size_t n = len + tgBytes_below(&rng, 20);
        if (tgBytes_below(&rng, 4) == 0)
            n = tgBytes_below(&rng, (uint32_t)len + 1); /* cut short */
        for (size_t i = len; i < n; i++)
            v[i] = (unsigned char)tgBytes_below(&rng, 256);
        unsigned char *buf = malloc(n ? n : 1);
        if (buf == NULL)
            abort();
        memcpy(buf, v, n);
        uint64_t want = 0;
        size_t used = 0;
        int m = model(buf, n, bits, &want, &used);
        for (int room = 0; room <= (n >= 18); room++, fast_cases++) {
            const unsigned char *q = buf;
            uint64_t got = 0;
            int r = nt_varuint_fast(&q, buf + n, bits, &got, room);
            if ((r != (m == NT_VAR_OK)) ||
                (r && (got != want || (size_t)(q - buf) != used)) ||
                (!r && q != buf)) {
                if (fast_failures++ < 10)
                    diag("fast: %zu of %zu bytes, %u bits, room %d: %d "
                         "(model %d), value %llu (%llu), used %zu (%zu)",
                         len, n, bits, room, r, m, (unsigned long long)got,
                         (unsigned long long)want, (size_t)(q - buf), used);
            }
        }
        free(buf);
    }
    ok(fast_failures == 0,
       "%lu varuints read by the fast reader as the model reads them",
       fast_cases);
    /* varint ends: mostly continuation bytes, so that ends fall late */
    unsigned long end_cases = 0, end_failures = 0;
    for (int round = 0; round < 100000; round++) {
        size_t n = tgBytes_below(&rng, 21);
        unsigned char *buf = malloc(n ? n : 1);
        if (buf == NULL)
            abort();
        for (size_t i = 0; i < n; i++)
            buf[i] = (unsigned char)(tgBytes_below(&rng, 4)
                                         ? 0x80 | tgBytes_below(&rng, 128)
                                         : tgBytes_below(&rng, 3));
        for (size_t at = 0; at <= n; at++, end_cases++) {
            uint64_t got = nt_varint_end(buf, n, at);
            size_t want = model_end(buf, n, at);
            /* no end inside the buffer: past it, at most NT_STEP_PAST */
            int same = want == SIZE_MAX ? got > n && got <= NT_STEP_PAST
                                        : got == want;
            if (!same && end_failures++ < 10)
                diag("%zu bytes, at %zu: end %llu (model %zu)", n, at,
                     (unsigned long long)got, want);
        }
        free(buf);
    }
    ok(end_failures == 0, "%lu varint ends found as the model finds them",
       end_cases);
    /* the limits by hand: 2^32 - 1 and 2^32 in 5 bytes, 2^64 - 1 in 10 */
    static const unsigned char max32[] = {0xFF, 0xFF, 0xFF, 0xFF,
                                          0x0F, 0,    0,    0};
    static const unsigned char big32[] = {0x80, 0x80, 0x80, 0x80,
                                          0x10, 0,    0,    0};
    static const unsigned char max64[] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                          0xFF, 0xFF, 0xFF, 0xFF, 0x01};
    uint64_t v;
    nt_cur c = {max32, max32 + sizeof max32, max32, 0};
    ok(nt_varuint(&c, 32, &v) == NT_VAR_OK && v == UINT32_MAX &&
           c.p == max32 + 5,
       "FF FF FF FF 0F is 2^32 - 1, 5 bytes");
    c = (nt_cur){big32, big32 + sizeof big32, big32, 0};
    ok(nt_varuint(&c, 32, &v) == NT_VAR_BIG && c.p == big32,
       "80 80 80 80 10 is too big for 32 bits, and nothing is read");
    c = (nt_cur){max64, max64 + sizeof max64, max64, 0};
    ok(nt_varuint(&c, 64, &v) == NT_VAR_OK && v == UINT64_MAX &&
           c.p == max64 + 10,
       "FF x 9, 01 is 2^64 - 1, 10 bytes");
    return done_testing();
}
