/* blocks_common.c - the blocks the layouts share: event and metadata rows
 * (compressed and uncompressed, in all three layouts), stacks (all three),
 * and the v4/v5 sequence point (which the draft inherits).  Each block is
 * held whole and walked with a bounded cursor; a row that does not decode
 * ends the walk of its block (the next block is still read, since blocks
 * are framed by their size). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../nettrace.h"

/* The decoded header of the previous row: compressed rows inherit. */
typedef struct row_state {
    uint32_t metadata_id, seq, stack_id, proc, payload_size, label_list;
    uint64_t thread, capture_thread, ts;
    const unsigned char *payload; /* this row's, once read */
    uint64_t payload_off;
} row_state;

/* The report for a varuint that failed or was not minimal. */
static __attribute__((cold, noinline)) int var_problem(nt_check *k, nt_cur *c,
                                                       const unsigned char *at,
                                                       int r, unsigned bits,
                                                       const char *field)
{
    uint64_t off = c->base + (uint64_t)(at - c->start);
    if (r == NT_VAR_REDUNDANT) {
        nt_report(k, NT_ROW_VARUINT_LONG, off, (uint64_t)(c->p - at), field,
                  "a minimal encoding", "a redundant zero group");
        return 0;
    }
    static const char *const why[] = {"", "", "cut by the block end",
                                      "too many bytes", "too large"};
    nt_report(k, NT_ROW_VARUINT, off, 1, field,
              bits == 32 ? "a varuint32" : "a varuint64", why[r]);
    return -1;
}

/* A varuint field; reports and returns -1 on failure. */
static inline int var(nt_check *k, nt_cur *c, unsigned bits, uint64_t *out,
                      const char *field)
{
    const unsigned char *at = c->p;
    int r = nt_varuint(c, bits, out);
    if (r == NT_VAR_OK)
        return 0;
    return var_problem(k, c, at, r, bits, field);
}

/* n fixed bytes of the row; NULL (reported) if the block ends first. */
static const unsigned char *take(nt_check *k, nt_cur *c, size_t n,
                                 const char *field)
{
    if (nt_left(c) < n) {
        char exp[32];
        snprintf(exp, sizeof exp, "%zu bytes", n);
        nt_report(k, NT_BLK_ROW_END, nt_off(c), nt_left(c), field, exp,
                  "the end of the block");
        return NULL;
    }
    const unsigned char *p = c->p;
    c->p += n;
    return p;
}

static int compressed_row(nt_check *k, nt_cur *c, row_state *s, int *sorted)
{
    const unsigned char *f = take(k, c, 1, "/flags");
    uint64_t v;
    if (f == NULL)
        return -1;
    unsigned flags = f[0];
    if (flags & 0x01) {
        if (var(k, c, 32, &v, "/MetadataId"))
            return -1;
        s->metadata_id = (uint32_t)v;
    }
    if (flags & 0x02) {
        if (var(k, c, 32, &v, "/SequenceNumber"))
            return -1;
        s->seq = s->seq + (uint32_t)v + 1; /* mod 2^32 (NT-A4) */
        if (var(k, c, 64, &s->capture_thread, "/CaptureThreadId") ||
            var(k, c, 32, &v, "/ProcessorNumber"))
            return -1;
        s->proc = (uint32_t)v;
    } else if (s->metadata_id != 0 || (k->v6 && !k->draft)) {
        s->seq++; /* v6: "in either case increment" (NT-A5) */
    }
    if ((flags & 0x04) && var(k, c, 64, &s->thread, "/ThreadId"))
        return -1;
    if (!(flags & 0x04) && k->draft) /* "ThreadIndex is the same as
                                        CaptureThreadIndex" */
        s->thread = s->capture_thread;
    if (flags & 0x08) {
        if (var(k, c, 32, &v, "/StackId"))
            return -1;
        s->stack_id = (uint32_t)v;
    }
    if (var(k, c, 64, &v, "/TimeStamp"))
        return -1;
    s->ts += v; /* deltas wrap mod 2^64 (NT-A6) */
    if (k->v6 && !k->draft) {
        if (flags & 0x10) {
            if (var(k, c, 32, &v, "/LabelListId"))
                return -1;
            s->label_list = (uint32_t)v;
        }
        if (flags & 0x20) /* no longer defined: nothing to read */
            nt_report(k, NT_ROW_FLAG_20, c->base + (uint64_t)(f - c->start), 1,
                      "/flags", "bit 0x20 clear", "set");
    } else {
        if ((flags & 0x10) && !take(k, c, 16, "/ActivityId"))
            return -1;
        if ((flags & 0x20) && !take(k, c, 16, "/RelatedActivityId"))
            return -1;
    }
    *sorted = (flags & 0x40) != 0;
    if (flags & 0x80) {
        if (var(k, c, 32, &v, "/PayloadSize"))
            return -1;
        s->payload_size = (uint32_t)v;
    }
    return 0;
}

/* The fields v4/v5 and v6 uncompressed headers share (after EventSize):
 * MetadataId (bit 31 set = NOT sorted, NT-A1), SequenceNumber, ThreadId,
 * CaptureThreadId, ProcessorNumber, StackId, TimeStamp. */
static void decode_common(nt_check *k, const unsigned char *p, row_state *s,
                          int *sorted)
{
    uint32_t id = tgB_le32(p);
    s->metadata_id = id & 0x7FFFFFFFu;
    *sorted = !(id & 0x80000000u);
    s->seq = tgB_le32(p + 4);
    s->thread = tgB_le64(p + 8);
    s->capture_thread = tgB_le64(p + 16);
    s->proc = tgB_le32(p + 24);
    s->stack_id = tgB_le32(p + 28);
    s->ts = tgB_le64(p + 32);
    k->uncompressed = 1; /* stated in the layout line */
}

/* v6: 48 header bytes after EventSize, which must be 48 + PayloadSize;
 * TraceEvent advances by the fields alone, and so does this. */
static long uncompressed_row_v6(nt_check *k, nt_cur *c, row_state *s,
                                int *sorted, uint32_t size, uint64_t at)
{
    const unsigned char *p = take(k, c, NT_ROW6_HEADER, "/header");
    if (p == NULL)
        return -1;
    decode_common(k, p, s, sorted);
    s->label_list = tgB_le32(p + NT_ROW6_LABELS);
    s->payload_size = tgB_le32(p + NT_ROW6_PAYLOAD_SIZE);
    if ((uint64_t)size != (uint64_t)NT_ROW6_HEADER + s->payload_size) {
        char exp[32], found[32];
        snprintf(exp, sizeof exp, "%" PRIu64,
                 (uint64_t)NT_ROW6_HEADER + s->payload_size);
        snprintf(found, sizeof found, "%" PRIu32, size);
        nt_report(k, NT_ROW_EVENT_SIZE_V6, at, 4, "/EventSize", exp, found);
    }
    return 0;
}

/* @return the bytes after the payload to skip (padding), or -1. */
static long uncompressed_row(nt_check *k, nt_cur *c, row_state *s, int *sorted)
{
    uint64_t at = nt_off(c);
    const unsigned char *p = take(k, c, 4, "/EventSize");
    if (p == NULL)
        return -1;
    uint32_t size = tgB_le32(p);
    if (k->v6 && !k->draft) /* the draft keeps the v5 row */
        return uncompressed_row_v6(k, c, s, sorted, size, at);
    if (!(p = take(k, c, NT_ROW45_HEADER, "/header")))
        return -1;
    decode_common(k, p, s, sorted);
    s->payload_size = tgB_le32(p + NT_ROW45_PAYLOAD_SIZE);
    /* EventSize and PayloadSize are `int` here */
    char exp[48], found[48];
    if ((int32_t)s->payload_size < 0) {
        snprintf(found, sizeof found, "%" PRId32, (int32_t)s->payload_size);
        nt_report(k, NT_ROW_PAYLOAD_SIZE, at + 4 + NT_ROW45_PAYLOAD_SIZE, 4,
                  "/PayloadSize", ">= 0", found);
        return -1;
    }
    uint64_t need = (uint64_t)NT_ROW45_HEADER + s->payload_size;
    if ((int32_t)size < 0 || size < need) {
        snprintf(exp, sizeof exp, ">= %" PRIu64, need);
        snprintf(found, sizeof found, "%" PRId32, (int32_t)size);
        nt_report(k, NT_ROW_EVENT_SIZE, at, 4, "/EventSize", exp, found);
        return -1;
    }
    if (s->payload_size % 4) {
        snprintf(found, sizeof found, "%" PRIu32, s->payload_size);
        nt_report(k, NT_ROW_UNALIGNED, at + 4 + NT_ROW45_PAYLOAD_SIZE, 4,
                  "/PayloadSize", "a multiple of 4", found);
    }
    uint32_t padding = size - (uint32_t)need;
    if (!k->v6 && (at + 4 + size) % 4 != 0) {
        /* "Zero padding - Aligns to 4 byte file offset" */
        snprintf(exp, sizeof exp, "%" PRIu64 " padding bytes",
                 (4 - (at + 4 + need) % 4) % 4);
        snprintf(found, sizeof found, "%" PRIu32, padding);
        nt_report(k, NT_ROW_ALIGN, at, 4, "/EventSize", exp, found);
    } else if (k->draft && padding > 0) {
        /* NT-A26: tolerated, since EventSize says where the row ends */
        snprintf(found, sizeof found, "%" PRIu32 " bytes", padding);
        nt_report(k, NT_DRF_ROW_PADDING, at + 4 + need, padding, "/padding",
                  "none", found);
    }
    return (long)padding;
}

/* Payload and padding of a decoded row; @return 0 or -1. */
static int payload(nt_check *k, nt_cur *c, row_state *s, long padding,
                   int meta)
{
    uint64_t at = nt_off(c);
    if (s->payload_size > nt_left(c) ||
        (uint64_t)padding > nt_left(c) - s->payload_size) {
        char exp[48], found[48];
        snprintf(exp, sizeof exp, "<= %zu bytes", nt_left(c));
        snprintf(found, sizeof found, "%" PRIu32, s->payload_size);
        nt_report(k, NT_ROW_PAYLOAD_SIZE, at, 0, "/PayloadSize", exp, found);
        return -1;
    }
    nt_cur pl = {c->p, c->p + s->payload_size, c->start, c->base};
    s->payload = pl.p;
    s->payload_off = at;
    if (meta)
        nt_metadata_v45(k, &pl);
    else if (s->payload_size > NT_OBSERVED_PAYLOAD) {
        char exp[32], found[32];
        snprintf(exp, sizeof exp, "<= %u bytes", NT_OBSERVED_PAYLOAD);
        snprintf(found, sizeof found, "%" PRIu32 " bytes", s->payload_size);
        nt_report(k, NT_PAY_LARGE, at, s->payload_size, "/payload", exp,
                  found);
    }
    c->p += s->payload_size;
    for (long i = 0; i < padding; i++)
        if (c->p[i] != 0) {
            nt_report(k, NT_ROW_PADDING, nt_off(c) + (uint64_t)i, 1,
                      "/padding", "00", "a non-zero byte");
            break;
        }
    c->p += padding;
    return 0;
}

void nt_event_block(nt_check *k, nt_cur *b, int meta)
{
    char exp[48], found[48];
    if (nt_short(k, NT_BLK_HEADER_SIZE, b, NT_BLOCK_HEADER, "/header",
                 TG_STRINGIFY(NT_BLOCK_HEADER) " bytes"))
        return;
    int16_t hs = (int16_t)(b->p[0] | b->p[1] << 8);
    unsigned flags = (unsigned)(b->p[2] | b->p[3] << 8);
    uint64_t min = tgB_le64(b->p + 4), max = tgB_le64(b->p + 12);
    if (hs < NT_BLOCK_HEADER || (size_t)hs > nt_left(b)) {
        snprintf(found, sizeof found, "%d", hs);
        nt_report(k, NT_BLK_HEADER_SIZE, nt_off(b), 2, "/HeaderSize",
                  TG_STRINGIFY(NT_BLOCK_HEADER) " .. the block size", found);
        return;
    }
    if (flags & ~1u) {
        snprintf(found, sizeof found, "0x%04x", flags);
        nt_report(k, NT_BLK_FLAGS, nt_off(b) + 2, 2, "/Flags", "0 or 1",
                  found);
    }
    uint64_t header_off = nt_off(b);
    b->p += hs;
    row_state s;
    memset(&s, 0, sizeof s); /* "assume the previous event ... zeroed" */
    uint64_t lo = UINT64_MAX, hi = 0, prev_capture = 0;
    for (k->row = 0; b->p < b->end; k->row++) {
        if (nt_abandon_rows(k, b))
            return; /* no row count, no Min/Max check on part of it */
        nt_event e;
        memset(&e, 0, sizeof e);
        e.off = nt_off(b);
        long padding = 0;
        int bad = (flags & 1)
                      ? compressed_row(k, b, &s, &e.sorted)
                      : (padding = uncompressed_row(k, b, &s, &e.sorted)) < 0;
        if (bad || payload(k, b, &s, padding, meta) != 0) {
            nt_rows_lost(k, e.off, b);
            return;
        }
        uint64_t key = s.ts ^ k->ts_flip; /* min and max by its type */
        lo = key < lo ? key : lo;
        hi = key > hi ? key : hi;
        if (meta) {
            if (s.metadata_id != 0) {
                snprintf(found, sizeof found, "%" PRIu32, s.metadata_id);
                nt_report(k, NT_ROW_META_ID, e.off, 1, "/MetadataId", "0",
                          found);
            }
            continue;
        }
        e.metadata_id = s.metadata_id;
        e.label_list = s.label_list;
        e.seq = s.seq;
        e.stack_id = s.stack_id;
        e.thread = s.thread;
        e.capture_thread = s.capture_thread;
        e.ts = s.ts;
        e.payload = s.payload;
        e.payload_size = s.payload_size;
        e.payload_off = s.payload_off;
        if (k->row > 0 && s.capture_thread != prev_capture && !e.sorted)
            nt_report(k, NT_ORD_SWITCH, e.off, s.payload_off - e.off, "/flags",
                      "IsSorted where the capture thread changes",
                      "a row without it");
        prev_capture = s.capture_thread;
        nt_on_event(k, &e);
    }
    uint64_t rows = k->row;
    k->row = UINT64_MAX;
    if (rows == 0) {
        nt_report(k, meta ? NT_BLK_EMPTY_OTHER : NT_BLK_EMPTY, header_off,
                  (uint64_t)hs, "", "1 or more rows", "none");
        return;
    }
    min ^= k->ts_flip;
    max ^= k->ts_flip;
    if (lo != min || hi != max) {
        char a[24], z[24];
        snprintf(exp, sizeof exp, "%s..%s", nt_ts_text(k, lo, a, sizeof a),
                 nt_ts_text(k, hi, z, sizeof z));
        snprintf(found, sizeof found, "%s..%s",
                 nt_ts_text(k, min, a, sizeof a),
                 nt_ts_text(k, max, z, sizeof z));
        nt_report(k, NT_BLK_MINMAX, header_off + 4, 16, "/header", exp, found);
    }
}

void nt_stack_block(nt_check *k, nt_cur *b)
{
    char exp[48], found[48];
    uint64_t at = nt_off(b);
    if (nt_short(k, NT_STK_PARSE, b, 8, "/header",
                 "FirstId and Count (8 bytes)"))
        return;
    uint32_t first = tgB_le32(b->p), count = tgB_le32(b->p + 4);
    b->p += 8;
    uint32_t ptr = k->pointer_size; /* 0: PointerSize was not 4 or 8 */
    for (k->row = 0; k->row < count && !nt_abandon_rows(k, b); k->row++) {
        uint64_t sat = nt_off(b);
        uint32_t size = nt_left(b) >= 4 ? tgB_le32(b->p) : 0;
        if (nt_left(b) < 4 || size > nt_left(b) - 4) {
            snprintf(exp, sizeof exp, "%" PRIu32 " stacks", count);
            snprintf(found, sizeof found, "%" PRIu64 " that fit", k->row);
            nt_report(k, NT_STK_PARSE, sat, nt_left(b), "/StackSize", exp,
                      found);
            k->row = UINT64_MAX;
            return;
        }
        if (ptr && size % ptr) {
            snprintf(exp, sizeof exp, "a multiple of %" PRIu32, ptr);
            snprintf(found, sizeof found, "%" PRIu32, size);
            nt_report(k, NT_STK_POINTER, sat, 4, "/StackSize", exp, found);
        }
        b->p += 4 + size;
    }
    k->row = UINT64_MAX;
    nt_extra(k, NT_STK_EXTRA, b);
    if (count == 0)
        nt_report(k, NT_BLK_EMPTY_OTHER, at, 8, "/Count", "1 or more", "0");
    if (!k->v6 && k->stacks_in_window++ == 0 && first != 1) {
        snprintf(found, sizeof found, "%" PRIu32, first);
        nt_report(k, NT_OBS_STACK_START, at, 4, "/FirstId", "1", found);
    }
    nt_define_stacks(k, first, count, at);
}

void nt_sp_block_v45(nt_check *k, nt_cur *b)
{
    char exp[48], found[48];
    uint64_t at = nt_off(b);
    int32_t count = nt_left(b) >= 12 ? (int32_t)tgB_le32(b->p + 8) : -1;
    if (count < 0 || (uint64_t)count * 12 != nt_left(b) - 12) {
        snprintf(exp, sizeof exp, "12 + 12 x ThreadCount bytes");
        snprintf(found, sizeof found, "%zu bytes, ThreadCount %" PRId32,
                 nt_left(b), count);
        nt_report(k, NT_SP_PARSE, at, nt_left(b), "", exp, found);
        return;
    }
    nt_sp_begin(k, tgB_le64(b->p), at);
    b->p += 12;
    for (k->row = 0; k->row < (uint64_t)count && !nt_abandon_rows(k, b);
         k->row++, b->p += 12)
        nt_sp_thread(k, tgB_le64(b->p), tgB_le32(b->p + 8), nt_off(b));
    k->row = UINT64_MAX;
    nt_sp_end(k, at);
}
