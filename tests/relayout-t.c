/* relayout-t.c - tg_format_relayout() on a v4/v5 trace built here byte by
 * byte from NetTraceFormat_v5.md (the stream header, the Trace object, a
 * MetadataBlock of three compressed rows, an EventBlock of four events):
 * metadata 1 has the V1 fields UInt16 A and Int32 B, metadata 2 an Object
 * (which no relayout takes), metadata 3 a Double D and no events.  For 200 seeds the output is read back here,
 * with this test's own decoder and its own table of V1 type sizes:
 *  - every block's content starts 4-aligned after zero padding, its
 *    BlockSize is the content's size, and 06 closes the object;
 *  - every event of metadata 1 holds exactly the bytes its row's fields
 *    now take (a String: UTF-16 up to its NUL), and metadata 2's row and
 *    event are the input's bytes;
 *  - the checker finds in it just what it finds in the input;
 *  - all four changes occur: fields dropped, one added, one retyped,
 *    none;
 *  - given an offset inside row 3, only row 3 changes; given the offset
 *    of A's TypeCode, B is the field retyped three times in four.
 * And no relayout where there is none to make: a v6 trace, a text
 * format, an output that would pass its cap.  Failure: any of these. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "tap.h"
#include "tracegate_corpus.h"

static void u8(tgMembuf *b, unsigned v)
{
    unsigned char c = (unsigned char)v;
    tgMembuf_write(b, &c, 1);
}
static void u16(tgMembuf *b, unsigned v) { u8(b, v & 0xff), u8(b, v >> 8); }
static void u32(tgMembuf *b, uint32_t v)
{
    u16(b, v & 0xffff), u16(b, v >> 16);
}
static void bytes(tgMembuf *b, const char *s, size_t n)
{
    tgMembuf_write(b, s, n);
}
static void wide(tgMembuf *b, const char *s) /* UTF-16LE of ASCII, NUL */
{
    while (*s)
        u16(b, (unsigned char)*s++);
    u16(b, 0);
}

/* A metadata payload: id, provider, event id, name, keywords, version,
 * level, then the V1 list the caller writes. */
static void meta_head(tgMembuf *b, uint32_t id)
{
    u32(b, id);
    wide(b, "P");
    u32(b, id);
    wide(b, id == 1 ? "E" : "F");
    u32(b, 0), u32(b, 0); /* Keywords */
    u32(b, 0);            /* Version */
    u32(b, 4);            /* Level */
}

/* A FastSerialization object: 05 05 01, version, minimum version, the
 * name, 06; a block then BlockSize, padding to 4, the content; then 06. */
static void object(tgMembuf *f, const char *name, const tgMembuf *content,
                   int block)
{
    bytes(f, "\x05\x05\x01", 3);
    u32(f, block ? 2 : 4), u32(f, block ? 2 : 4);
    u32(f, (uint32_t)strlen(name));
    bytes(f, name, strlen(name));
    u8(f, 6);
    if (block) {
        u32(f, (uint32_t)content->n);
        while (f->n % 4)
            u8(f, 0);
    }
    bytes(f, (const char *)content->p, content->n);
    u8(f, 6);
}

static void block_header(tgMembuf *b)
{
    u16(b, 20), u16(b, 1); /* HeaderSize, Flags: compressed */
    for (int i = 0; i < 16; i++)
        u8(b, 0); /* the timestamps */
}

static void build(tgMembuf *f)
{
    tgMembuf c = {0}, m = {0};
    bytes(f, "Nettrace\x14\0\0\0!FastSerialization.1", 32);
    static const unsigned short date[8] = {2021, 6, 3, 9, 9, 48, 25, 902};
    for (int i = 0; i < 8; i++)
        u16(&c, date[i]);
    u32(&c, 0), u32(&c, 0), u32(&c, 10000000), u32(&c, 0); /* QPC, freq */
    u32(&c, 8), u32(&c, 1234), u32(&c, 8), u32(&c, 1000000);
    object(f, "Trace", &c, 0);

    c.n = 0;
    block_header(&c);
    meta_head(&m, 1); /* V1: UInt16 A, Int32 B */
    u32(&m, 2), u32(&m, 8), wide(&m, "A"), u32(&m, 9), wide(&m, "B");
    u8(&c, 0x80), u8(&c, 0), u8(&c, (unsigned)m.n);
    bytes(&c, (const char *)m.p, m.n);
    m.n = 0;
    meta_head(&m, 2); /* V1: Object O of Int32 X */
    u32(&m, 1), u32(&m, 1), u32(&m, 1), u32(&m, 9), wide(&m, "X");
    wide(&m, "O");
    u8(&c, 0x80), u8(&c, 0), u8(&c, (unsigned)m.n);
    bytes(&c, (const char *)m.p, m.n);
    m.n = 0;
    meta_head(&m, 3); /* V1: Double D */
    u32(&m, 1), u32(&m, 14), wide(&m, "D");
    u8(&c, 0x80), u8(&c, 0), u8(&c, (unsigned)m.n);
    bytes(&c, (const char *)m.p, m.n);
    object(f, "MetadataBlock", &c, 1);

    /* events: 1 (6 bytes), 2 (4), 1 (6), 1 with nothing but a timestamp:
     * the metadata id and the size of the row before */
    c.n = 0;
    block_header(&c);
    u8(&c, 0x87), u8(&c, 1), u8(&c, 0), u8(&c, 1), u8(&c, 0), u8(&c, 7);
    u8(&c, 1), u8(&c, 6);
    bytes(&c, "\x01\x00\x02\x00\x00\x00", 6);
    u8(&c, 0x81), u8(&c, 2), u8(&c, 1), u8(&c, 4);
    bytes(&c, "\x03\x00\x00\x00", 4);
    u8(&c, 0x81), u8(&c, 1), u8(&c, 1), u8(&c, 6);
    bytes(&c, "\x04\x00\x05\x00\x00\x00", 6);
    u8(&c, 0x00), u8(&c, 1);
    bytes(&c, "\x06\x00\x07\x00\x00\x00", 6);
    object(f, "EventBlock", &c, 1);
    u8(f, 1); /* the stream's closing NullReference */
    tgMembuf_free(&c);
    tgMembuf_free(&m);
}

/* ---- reading the output back ----------------------------------------- */

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* The bytes a V1 type code's value takes in a payload (the spec's sizes),
 * 0 for a String (up to its NUL), -1 for what this test does not know. */
static int v1_size(uint32_t code)
{
    static const int size[19] = {-1, -1, -1, 4, 2, 1,  1, 2,  2, 4,
                                 4,  8,  8,  4, 8, -1, 8, 16, 0};
    return code < 19 ? size[code] : -1;
}

/* The content of the block named `name` in file f: @return its offset, 0
 * if it is not framed as the spec says. */
static size_t content_of(const tgMembuf *f, const char *name, size_t *size)
{
    size_t len = strlen(name);
    for (size_t at = 32; at + 15 + len + 5 <= f->n; at++) {
        if (memcmp(f->p + at, "\x05\x05\x01", 3) != 0 ||
            le32(f->p + at + 11) != len ||
            memcmp(f->p + at + 15, name, len) != 0)
            continue;
        size_t c = at + 15 + len + 1 + 4;
        *size = le32(f->p + c - 4);
        for (; c % 4; c++)
            if (f->p[c] != 0)
                return 0;
        return c + *size < f->n && f->p[c + *size] == 6 ? c : 0;
    }
    return 0;
}

static uint64_t var(const unsigned char **p)
{
    uint64_t v = 0;
    for (int s = 0;; s += 7) {
        unsigned b = *(*p)++;
        v |= (uint64_t)(b & 0x7f) << s;
        if (!(b & 0x80))
            return v;
    }
}

typedef struct row {
    uint64_t meta;
    const unsigned char *payload;
    size_t size;
} row;

/* The rows of a block this test built (flags 0x01, 0x02, 0x04, 0x80
 * only), at most 8.  @return how many. */
static size_t rows_of(const unsigned char *c, size_t n, row *r)
{
    const unsigned char *p = c + 20, *end = c + n;
    uint64_t meta = 0, size = 0;
    size_t k = 0;
    while (p < end && k < 8) {
        unsigned flags = *p++;
        if (flags & 0x01)
            meta = var(&p);
        if (flags & 0x02)
            var(&p), var(&p), var(&p);
        if (flags & 0x04)
            var(&p);
        var(&p); /* TimeStamp */
        if (flags & 0x80)
            size = var(&p);
        r[k++] = (row){meta, p, size};
        p += size;
    }
    return p == end ? k : 0;
}

/* Where a metadata row's FieldCount is (its payload holds names this
 * test wrote, each ended). */
static const unsigned char *count_at(const row *meta)
{
    const unsigned char *q = meta->payload + 4;
    while (q[0] || q[1]) /* ProviderName */
        q += 2;
    q += 2 + 4;
    while (q[0] || q[1]) /* EventName */
        q += 2;
    return q + 2 + 16;
}

/* Where field i's TypeCode is in a metadata row of V1 fields. */
static const unsigned char *code_at(const row *meta, uint32_t i)
{
    const unsigned char *q = count_at(meta) + 4;
    for (; i > 0; i--) {
        for (q += 4; q[0] || q[1];) /* FieldName */
            q += 2;
        q += 2;
    }
    return q;
}

/* Where in out the relayout changed row `now` (was: the input's): its
 * FieldCount if fields were dropped, the last TypeCode if one was added,
 * the first that differs if one was retyped, the last if none changed. */
static size_t where_changed(const row *now, const row *was,
                            const tgMembuf *out)
{
    uint32_t n = le32(count_at(now)), o = le32(count_at(was)), i = 0;
    while (i < n && i < o && le32(code_at(now, i)) == le32(code_at(was, i)))
        i++;
    const unsigned char *at = n < o   ? count_at(now)
                              : n > o ? code_at(now, n - 1)
                              : i < n ? code_at(now, i)
                              : n > 0 ? code_at(now, n - 1)
                                      : count_at(now);
    return (size_t)(at - out->p);
}

/* The bytes metadata 1's fields take in payload p: -1 if they do not
 * fit it, or its types are not V1 scalars.  Its field count into *count. */
static long implied(const row *meta, const unsigned char *p, size_t n,
                    uint32_t *count, uint32_t types[8])
{
    const unsigned char *q = count_at(meta);
    *count = le32(q);
    q += 4;
    size_t at = 0;
    for (uint32_t i = 0; i < *count && i < 8; i++) {
        types[i] = le32(q);
        int size = v1_size(types[i]);
        for (q += 4; q[0] || q[1];) /* FieldName */
            q += 2;
        q += 2;
        if (size < 0)
            return -1;
        if (size == 0) { /* a String */
            while (at + 1 < n && (p[at] || p[at + 1]))
                at += 2;
            size = 2;
        }
        at += (size_t)size;
    }
    return *count <= 8 && at <= n ? (long)at : -1;
}

static void count_findings(void *ctx, const tg_diag *d)
{
    (void)d;
    ++*(size_t *)ctx;
}

static size_t findings_in(const tgMembuf *b)
{
    tg_checker *v = tgTest_checker("nettrace");
    size_t n = 0;
    if (v == NULL)
        return (size_t)-1;
    tg_checker_check_buffer(v, b->p, b->n, NULL, NULL, count_findings, &n);
    tg_checker_free(v);
    return n;
}

int main(void)
{
    tgMembuf in = {0}, out = {0};
    build(&in);
    size_t in_size, out_size,
        in_mc = content_of(&in, "MetadataBlock", &in_size);
    size_t in_findings = findings_in(&in);
    row in_meta[8], in_ev[8];
    ok(in_mc && rows_of(in.p + in_mc, in_size, in_meta) == 3,
       "the hand-built input frames as this test reads it");
    size_t in_ec = content_of(&in, "EventBlock", &in_size);
    ok(in_ec && rows_of(in.p + in_ec, in_size, in_ev) == 4,
       "its EventBlock holds four events");
    diag("the input draws %zu findings", in_findings);

    size_t cap = 1u << 20, bad = 0;
    out.p = malloc(cap);
    unsigned seen[4] = {0}; /* dropped, added, retyped, the same */
    size_t misplaced = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        size_t changed;
        out.n = tg_format_relayout("nettrace", in.p, in.n, seed, SIZE_MAX,
                                   out.p, cap, &changed);
        row meta[8], ev[8];
        size_t mc = content_of(&out, "MetadataBlock", &out_size);
        size_t nm = mc ? rows_of(out.p + mc, out_size, meta) : 0;
        size_t ec = content_of(&out, "EventBlock", &out_size);
        size_t ne = ec ? rows_of(out.p + ec, out_size, ev) : 0;
        int good =
            out.n > 0 && nm == 3 && ne == 4 &&
            meta[1].size == in_meta[1].size &&
            memcmp(meta[1].payload, in_meta[1].payload, in_meta[1].size) == 0;
        uint32_t count = 0, types[8];
        for (size_t i = 0; good && i < ne; i++) {
            if (ev[i].meta == 2) {
                good = ev[i].size == 4 &&
                       memcmp(ev[i].payload, "\x03\0\0\0", 4) == 0;
                continue;
            }
            long want =
                implied(&meta[0], ev[i].payload, ev[i].size, &count, types);
            good = ev[i].meta == 1 && want == (long)ev[i].size;
        }
        good = good && findings_in(&out) == in_findings;
        if (!good) {
            if (bad++ == 0)
                diag("seed %llu: out %zu bytes, %zu metadata rows, %zu "
                     "events, or a finding more",
                     (unsigned long long)seed, out.n, nm, ne);
            continue;
        }
        seen[count < 2                        ? 0
             : count == 3                     ? 1
             : types[0] != 8 || types[1] != 9 ? 2
                                              : 3]++;
        /* what changed: the FieldCount of a drop, the TypeCode added or
         * retyped, and with no change the last field's (near is none);
         * in row 1 or row 3, or either when neither changed */
        int one = meta[0].size != in_meta[0].size ||
                  memcmp(meta[0].payload, in_meta[0].payload, meta[0].size),
            three = meta[2].size != in_meta[2].size ||
                    memcmp(meta[2].payload, in_meta[2].payload, meta[2].size);
        size_t at1 = where_changed(&meta[0], &in_meta[0], &out),
               at3 = where_changed(&meta[2], &in_meta[2], &out);
        misplaced += one     ? changed != at1
                     : three ? changed != at3
                             : changed != at1 && changed != at3;
    }
    is_int((long long)misplaced, 0,
           "200 seeds: each says where in its output the row changed");
    is_int((long long)bad, 0,
           "200 seeds: every output frames, each event of metadata 1 holds "
           "exactly what its row's fields take, metadata 2 is as it was, "
           "and the checker finds no more than in the input");
    ok(seen[0] && seen[1] && seen[2] && seen[3],
       "all four changes occur: dropped %u, added %u, retyped %u, the "
       "same %u",
       seen[0], seen[1], seen[2], seen[3]);

    /* near: an offset inside row 3, then A's TypeCode */
    size_t row3 = (size_t)(in_meta[2].payload - in.p) + 10;
    size_t a_type = (size_t)(in_meta[0].payload - in.p) + in_meta[0].size -
                    2 * 2 - 4 - 2 * 2 - 4;
    unsigned only3 = 0, changed3 = 0, retyped[2] = {0};
    ok(le32(in.p + a_type) == 8, "A's TypeCode is at %zu", a_type);
    for (uint64_t seed = 1; seed <= 200; seed++) {
        out.n = tg_format_relayout("nettrace", in.p, in.n, seed, row3, out.p,
                                   cap, NULL);
        row meta[8];
        size_t mc = content_of(&out, "MetadataBlock", &out_size);
        size_t nm = mc ? rows_of(out.p + mc, out_size, meta) : 0;
        size_t ec = content_of(&out, "EventBlock", &out_size);
        if (nm == 3 && ec && out_size == in_size &&
            memcmp(out.p + ec, in.p + in_ec, in_size) == 0 &&
            memcmp(meta[0].payload, in_meta[0].payload, in_meta[0].size) ==
                0) {
            only3++;
            changed3 +=
                meta[2].size != in_meta[2].size ||
                memcmp(meta[2].payload, in_meta[2].payload, meta[2].size) != 0;
        }
        out.n = tg_format_relayout("nettrace", in.p, in.n, seed, a_type, out.p,
                                   cap, NULL);
        mc = content_of(&out, "MetadataBlock", &out_size);
        if (mc && rows_of(out.p + mc, out_size, meta) == 3 &&
            meta[0].size == in_meta[0].size) {
            size_t at = a_type - (size_t)(in_meta[0].payload - in.p);
            retyped[0] += le32(meta[0].payload + at) != 8;
            retyped[1] += le32(meta[0].payload + at + 4 + 4) != 9;
        }
    }
    is_int(only3, 200, "near row 3: row 1 and the events stay as they were");
    ok(changed3 > 100, "near row 3: row 3 changes (%u of 200)", changed3);
    ok(retyped[1] > 2 * retyped[0] && retyped[0] > 0,
       "near A's TypeCode: B retyped %u times, A %u", retyped[1], retyped[0]);

    size_t changed = 0;
    ok(tg_format_relayout("nettrace", in.p, in.n, 1, SIZE_MAX, out.p, in.n / 2,
                          &changed) == 0 &&
           changed == SIZE_MAX,
       "an output past its cap is not made, nor said to have changed");
    tgMembuf v6 = {0}, text = {0};
    gen_into(&v6, "nettrace", "nettrace-v6", 1);
    gen_into(&text, "afperf", NULL, 1);
    ok(tg_format_relayout("nettrace", v6.p, v6.n, 1, SIZE_MAX, out.p, cap,
                          NULL) == 0,
       "a v6 trace: no relayout");
    ok(tg_format_relayout("afperf", text.p, text.n, 1, SIZE_MAX, out.p, cap,
                          NULL) == 0,
       "a text format: no relayout");
    ok(tg_format_relayout("nettrace", in.p, 0, 1, SIZE_MAX, out.p, cap,
                          NULL) == 0,
       "an empty input: no relayout");
    tgMembuf_free(&v6);
    tgMembuf_free(&text);
    tgMembuf_free(&in);
    free(out.p);
    return done_testing();
}
