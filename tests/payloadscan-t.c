/* payloadscan-t.c - the fast path's payload test (nt_scan_fits(), inline
 * in the row loop, for programs whose loops are Arrays of one step)
 * against the walk that reports (payload.c's run(), by nt_walk_fits())
 * and against a model written here from the spec's words for each field
 * type:
 *   - a NUL-ended UTF-16 string ends after its first code unit of zero;
 *   - a VarInt or VarUInt is a LEB128 of at most 10 bytes whose tenth
 *     byte holds at most the 64th bit;
 *   - an Array is a UInt16 count, then that many elements; a u16-length
 *     string is a UInt16 count of UTF-8 bytes (NT-A7) or of UTF-16 code
 *     units (the draft's), then those units;
 *   - the draft's varuint-length string is a varuint32 (at most 5 bytes,
 *     32 bits; a redundant zero group is read), then that many bytes;
 *   - a RelLoc or DataLoc is a UInt32 whose low 16 bits are the offset,
 *     from the locator's end or from the payload's start, and whose high
 *     16 are the size in bytes: the region must lie in the payload, its
 *     size a whole number of elements;
 *   - a Boolean is 4 bytes (1 in the draft's) holding 0 or 1;
 *   - a DateTime of 8 bytes is a FILETIME that .NET's DateTime holds:
 *     from 0 to DateTime.MaxValue's ticks less those from 0001 to 1601;
 *   - fixed-size fields after a step must all be there.
 * Random programs of one to four steps, each a field or an Array of one,
 * with fixed bytes after each, on random payloads of 0 to 48 bytes, each
 * in an allocation of exactly its size.  Failure: a payload that one of
 * the three takes and another does not. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/bytes.h"
#include "nettrace/check/check.h"
#include "tap.h"

/* ---- the model ---------------------------------------------------------- */

static size_t u16_at(const unsigned char *p, size_t n, size_t at, size_t *v)
{
    if (n - at < 2)
        return SIZE_MAX;
    *v = (size_t)p[at] + 256 * (size_t)p[at + 1];
    return at + 2;
}

/* An unsigned LEB128 of at most max bytes whose value fits bits. */
static size_t leb_at(const unsigned char *p, size_t n, size_t at, unsigned max,
                     unsigned bits, uint64_t *v)
{
    *v = 0;
    for (unsigned i = 0; i < max; i++) {
        if (at + i >= n)
            return SIZE_MAX;
        unsigned group = p[at + i] & 0x7F;
        if (7 * i + 7 > bits && group >> (bits - 7 * i) != 0)
            return SIZE_MAX; /* bits past the value's size */
        *v |= (uint64_t)group << (7 * i);
        if (!(p[at + i] & 0x80))
            return at + i + 1;
    }
    return SIZE_MAX; /* a byte more than max */
}

/* DateTime.MaxValue.Ticks, and the ticks from 0001-01-01 to 1601-01-01,
 * where FILETIMEs start */
#define MAX_TICKS     3155378975999999999ull
#define TICKS_TO_1601 504911232000000000ull

/* The little-endian value of the n bytes at p. */
static uint64_t le_at(const unsigned char *p, size_t n)
{
    uint64_t v = 0;
    while (n-- > 0)
        v = v << 8 | p[n];
    return v;
}

/* The end of one field of op o's type at `at`, before its fixed bytes. */
static size_t model_field(const nt_op *o, const unsigned char *p, size_t n,
                          size_t at)
{
    size_t count;
    uint64_t v;
    switch (o->code) {
    case NT_OP_SKIP: return at;
    case NT_OP_STR16:
        for (size_t i = at; i + 1 < n; i += 2)
            if (p[i] == 0 && p[i + 1] == 0)
                return i + 2;
        return SIZE_MAX;
    case NT_OP_VARINT: return leb_at(p, n, at, 10, 64, &v);
    case NT_OP_STR8:
    case NT_OP_STR16N:
    case NT_OP_ARRAY_FIXED: {
        size_t unit = o->code == NT_OP_STR8     ? 1
                      : o->code == NT_OP_STR16N ? 2
                                                : o->a;
        if ((at = u16_at(p, n, at, &count)) == SIZE_MAX ||
            count * unit > n - at)
            return SIZE_MAX;
        return at + count * unit;
    }
    case NT_OP_STR8V:
        if ((at = leb_at(p, n, at, 5, 32, &v)) == SIZE_MAX || v > n - at)
            return SIZE_MAX;
        return at + (size_t)v;
    case NT_OP_BOOL:
        return n - at >= o->a && le_at(p + at, o->a) <= 1 ? at + o->a
                                                          : SIZE_MAX;
    case NT_OP_DATE: /* a FILETIME: a = 8 */
        return n - at >= 8 && le_at(p + at, 8) <= MAX_TICKS - TICKS_TO_1601
                   ? at + 8
                   : SIZE_MAX;
    default: { /* RelLoc, DataLoc */
        if (n - at < 4)
            return SIZE_MAX;
        size_t offset = p[at] + 256 * (size_t)p[at + 1],
               size = p[at + 2] + 256 * (size_t)p[at + 3];
        size_t start = offset + (o->code == NT_OP_RELLOC ? at + 4 : 0);
        if (start + size > n || (o->a > 1 && size % o->a != 0))
            return SIZE_MAX;
        return at + 4;
    }
    }
}

/* A field and its fixed bytes. */
static size_t model_step(const nt_op *o, const unsigned char *p, size_t n,
                         size_t at)
{
    if ((at = model_field(o, p, n, at)) == SIZE_MAX || o->post > n - at)
        return SIZE_MAX;
    return at + o->post;
}

static int model_fits(const nt_op *o, size_t nops, size_t lead,
                      const unsigned char *p, size_t n)
{
    if (n < lead)
        return 0;
    size_t at = lead, count;
    for (size_t i = 0; i < nops; i++) {
        if (o[i].code != NT_OP_ARRAY) {
            if ((at = model_step(&o[i], p, n, at)) == SIZE_MAX)
                return 0;
            continue;
        }
        if ((at = u16_at(p, n, at, &count)) == SIZE_MAX)
            return 0;
        for (size_t e = 0; e < count; e++)
            if ((at = model_step(&o[i + 1], p, n, at)) == SIZE_MAX)
                return 0;
        if (o[i].post > n - at)
            return 0;
        at += o[i++].post;
    }
    return 1;
}

/* ---- random programs and payloads ---------------------------------------- */

static const uint32_t fields[] = {
    NT_OP_STR16,  NT_OP_STR16,   NT_OP_VARINT, NT_OP_VARINT,
    NT_OP_STR8,   NT_OP_STR16N,  NT_OP_STR8V,  NT_OP_ARRAY_FIXED,
    NT_OP_RELLOC, NT_OP_DATALOC, NT_OP_BOOL,   NT_OP_DATE};
static const uint32_t sizes[] = {1, 2, 4}, bools[] = {1, 4};

static void random_field(tgBytes_rng *r, nt_op *o)
{
    o->code = TG_BYTES_PICK(r, fields);
    o->a = o->code == NT_OP_STR8     ? 1
           : o->code == NT_OP_STR16N ? 2
           : o->code == NT_OP_ARRAY_FIXED || o->code == NT_OP_RELLOC ||
                   o->code == NT_OP_DATALOC
               ? TG_BYTES_PICK(r, sizes)
           : o->code == NT_OP_BOOL ? TG_BYTES_PICK(r, bools)
           : o->code == NT_OP_DATE ? 8
                                   : 0;
    o->body = 0;
    o->post = tgBytes_below(r, 4) == 0 ? tgBytes_below(r, 5) : 0;
}

/* Mostly small bytes, so that counts, lengths and locators land near the
 * payload's size; zeros often, so that strings end. */
static unsigned char random_byte(tgBytes_rng *r)
{
    switch (tgBytes_below(r, 6)) {
    case 0:
    case 1: return 0;
    case 2: return (unsigned char)tgBytes_below(r, 4);
    case 3: return (unsigned char)(0x80 | tgBytes_below(r, 128));
    default: return (unsigned char)tgBytes_below(r, 256);
    }
}

int main(void)
{
    tgBytes_rng rng = {1306};
    static tgEngine_check c; /* no repeat cap: the walk says every problem */
    nt_check k;
    memset(&k, 0, sizeof k);
    k.c = &c;
    nt_op ops[8];
    k.ops = ops;
    unsigned long cases = 0, fit = 0, bad_scan = 0, bad_walk = 0;
    for (int round = 0; round < 40000; round++) {
        size_t nops = 0;
        for (unsigned steps = 1 + tgBytes_below(&rng, 4); steps > 0; steps--) {
            if (tgBytes_below(&rng, 3) == 0) { /* an Array of one field */
                ops[nops] = (nt_op){NT_OP_ARRAY, 0, 1,
                                    tgBytes_below(&rng, 3) == 0 ? 2 : 0};
                random_field(&rng, &ops[nops + 1]);
                nops += 2;
            } else {
                random_field(&rng, &ops[nops++]);
            }
        }
        uint32_t lead = tgBytes_below(&rng, 4);
        nt_meta m = {.layout = NT_LAYOUT_SCAN,
                     .size = lead,
                     .nops = (uint32_t)nops,
                     .fits_from = UINT32_MAX,
                     .scan_from = lead};
        for (int payloads = 0; payloads < 8; payloads++, cases++) {
            size_t n = tgBytes_below(&rng, 49);
            unsigned char *p = malloc(n ? n : 1);
            if (p == NULL)
                abort();
            for (size_t i = 0; i < n; i++)
                p[i] = random_byte(&rng);
            int want = model_fits(ops, nops, m.size, p, n);
            int scan = nt_payload_fits(&k, &m, p, (uint32_t)n);
            int walk = nt_walk_fits(&k, &m, p, (uint32_t)n);
            fit += (unsigned long)want;
            if (scan != want && bad_scan++ < 5)
                diag("round %d, %zu bytes: scan %d, model %d", round, n, scan,
                     want);
            if (walk != want && bad_walk++ < 5)
                diag("round %d, %zu bytes: walk %d, model %d", round, n, walk,
                     want);
            free(p);
        }
    }
    ok(bad_scan == 0,
       "nt_scan_fits() takes the payloads the model takes: %lu of %lu", fit,
       cases);
    ok(bad_walk == 0, "the walk takes the same payloads");
    ok(fit > cases / 10 && fit < cases - cases / 10,
       "both outcomes are common (%lu of %lu fit)", fit, cases);
    /* by hand: Array<Object{String, Int32}> then a UInt16, as the
     * generated v4/v5 types hold it; two elements "A" 7 and "" 9, then 5 */
    nt_op pairs[2] = {{NT_OP_ARRAY, 0, 1, 2}, {NT_OP_STR16, 0, 0, 4}};
    k.ops = pairs;
    nt_meta pm = {
        .layout = NT_LAYOUT_SCAN, .nops = 2, .fits_from = UINT32_MAX};
    static const unsigned char two[] = {2, 0, 'A', 0, 0, 0, 7, 0, 0,
                                        0, 0, 0,   9, 0, 0, 0, 5, 0};
    ok(nt_payload_fits(&k, &pm, two, sizeof two),
       "two pairs and the UInt16 after them fit 18 bytes");
    ok(!nt_payload_fits(&k, &pm, two, sizeof two - 1),
       "17 bytes leave the UInt16 short");
    /* by hand: a DateTime, then a Boolean of 4 bytes: the last FILETIME
     * (0x24C85A5ED1C03FFF) fits, one tick more or a negative one does
     * not */
    nt_op dated[2] = {{NT_OP_DATE, 8, 0, 0}, {NT_OP_BOOL, 4, 0, 0}};
    k.ops = dated;
    nt_meta dm = {
        .layout = NT_LAYOUT_SCAN, .nops = 2, .fits_from = UINT32_MAX};
    unsigned char when[64] = {0xFF, 0x3F, 0xC0, 0xD1, 0x5E, 0x5A,
                              0xC8, 0x24, 1,    0,    0,    0};
    const uint32_t n = 12; /* of when: the rest is room for wide loads */
    ok(nt_payload_fits(&k, &dm, when, n) && nt_walk_fits(&k, &dm, when, n) &&
           !nt_payload_fits(&k, &dm, when, n - 1),
       "the last FILETIME of 9999 and a true Boolean fit 12 bytes, not 11");
    when[0] = 0; /* ...4000: one tick past it */
    when[1] = 0x40;
    ok(!nt_payload_fits(&k, &dm, when, n) && !nt_walk_fits(&k, &dm, when, n),
       "a FILETIME one tick past 9999 does not");
    when[7] = 0x80;
    ok(!nt_payload_fits(&k, &dm, when, n), "nor does a negative one");
    when[7] = 0;
    when[8] = 2;
    ok(!nt_payload_fits(&k, &dm, when, n),
       "nor a Boolean of 2 after a good FILETIME");
    k.ops = pairs;
    static const unsigned char three[] = {3, 0, 'A', 0, 0, 0, 7, 0, 0,
                                          0, 0, 0,   9, 0, 0, 0, 5, 0};
    ok(!nt_payload_fits(&k, &pm, three, sizeof three),
       "a count of 3 reads the UInt16 as a third string, never ended");
    return done_testing();
}
