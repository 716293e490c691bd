/* emit.h - little writers the NetTrace generators share: fixed-width
 * integers, LEB128 varuints and strings into a growable buffer. */
#ifndef TG_NT_EMIT_H
#define TG_NT_EMIT_H

#include <string.h>

#include "../../core/bytes.h"
#include "../../core/corpus/hostile.h"
#include "../../core/membuf.h"
#include "../wire.h"

static inline void put(tgMembuf *b, const void *p, size_t n)
{
    tgMembuf_write(b, p, n);
}

static inline void put_u8(tgMembuf *b, unsigned v)
{
    unsigned char c = (unsigned char)v;
    put(b, &c, 1);
}

static inline void put_u16(tgMembuf *b, unsigned v)
{
    unsigned char c[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
    put(b, c, 2);
}

static inline void put_u32(tgMembuf *b, uint32_t v)
{
    unsigned char c[4];
    tgBytes_put32(c, v);
    put(b, c, 4);
}

static inline void put_u64(tgMembuf *b, uint64_t v)
{
    unsigned char c[8];
    tgBytes_put64(c, v);
    put(b, c, 8);
}

/* An event or metadata block header (NT_BLOCK_HEADER bytes): HeaderSize,
 * Flags (1: compressed rows), the row timestamps' minimum and maximum. */
static inline void put_block_header(tgMembuf *b, unsigned flags, uint64_t min,
                                    uint64_t max)
{
    put_u16(b, NT_BLOCK_HEADER);
    put_u16(b, flags);
    put_u64(b, min);
    put_u64(b, max);
}

static inline void put_var(tgMembuf *b, uint64_t v)
{
    do {
        put_u8(b, (unsigned)(v & 0x7F) | (v > 0x7F ? 0x80u : 0));
        v >>= 7;
    } while (v);
}

/* UTF-16LE and its NUL from the n bytes at s, UTF-8 (the generators'
 * text is valid UTF-8 without NUL: ASCII names, or hostile ones). */
static inline void put_utf16n(tgMembuf *b, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        uint32_t c = *p++;
        int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        c &= more ? 0x3Fu >> more : 0x7Fu;
        for (; more > 0 && p < end; more--)
            c = c << 6 | (*p++ & 0x3Fu);
        if (c >= 0x10000) { /* a surrogate pair */
            put_u16(b, 0xD800 + ((c - 0x10000) >> 10));
            put_u16(b, 0xDC00 + ((c - 0x10000) & 0x3FF));
        } else {
            put_u16(b, c);
        }
    }
    put_u16(b, 0);
}

static inline void put_utf16z(tgMembuf *b, const char *s)
{
    put_utf16n(b, s, strlen(s));
}

/* A name: the plain one, or in the hostile style the next hostile string
 * that fits (no more than 4 KiB: v6 rows have 16-bit sizes, and blocks
 * of names that long would pass the 100 KiB runtimes write, NT-OBS-001). */
static inline const char *nt_name(tgHostile_style *h, const char *plain)
{
    return tgHostile_text(h, TG_HOSTILE_NO_HUGE, plain);
}

/* Frames of a stack in the typical style (TG_STYLE_TYPICAL): the depth of
 * a sampled managed call stack, 16 to 48. */
static inline uint32_t nt_typical_frames(tgBytes_rng *rng)
{
    return 16 + tgBytes_below(rng, 33);
}

/* A v6 string: varuint32 byte length, then UTF-8. */
static inline void put_string6(tgMembuf *b, const char *s)
{
    put_var(b, strlen(s));
    put(b, s, strlen(s));
}

/* One event row, for put_row(). */
typedef struct nt_row {
    uint32_t meta, seq, stack, label, proc, size;
    uint64_t capture, thread, ts;
    int sorted;
} nt_row;

/* Write r compressed against prev, then make prev = r.  A field is written
 * only when it differs from prev, as the runtime does; NT_HF_CAPTURE
 * (sequence, capture thread, processor) also opens every IsSorted batch.
 * Without it the sequence number is implied: previous + 1, outside final
 * v6 only when MetadataId != 0.  Without NT_HF_THREAD_ID the thread is
 * the previous row's, but the draft's is the row's capture thread.  The
 * Guids of v4/v5 and the draft are never written.  The
 * caller writes the r->size payload bytes after. */
static inline void put_row(tgMembuf *b, const nt_row *r, nt_row *prev,
                           enum nt_layout layout)
{
    int v6 = layout == NT_V6;
    uint32_t implied = prev->seq + (v6 || r->meta != 0 ? 1u : 0u);
    uint64_t thread_if_clear = layout == NT_V6D ? r->capture : prev->thread;
    unsigned flags =
        (r->meta != prev->meta ? NT_HF_METADATA_ID : 0) |
        (r->sorted || r->capture != prev->capture || r->seq != implied
             ? NT_HF_CAPTURE
             : 0) |
        (r->thread != thread_if_clear ? NT_HF_THREAD_ID : 0) |
        (r->stack != prev->stack ? NT_HF_STACK_ID : 0) |
        (v6 && r->label != prev->label ? NT_HF_LABEL_LIST_ID : 0) |
        (r->sorted ? NT_HF_SORTED : 0) |
        (r->size != prev->size ? NT_HF_PAYLOAD_SIZE : 0);
    put_u8(b, flags);
    if (flags & NT_HF_METADATA_ID)
        put_var(b, r->meta);
    if (flags & NT_HF_CAPTURE) {
        put_var(b, (uint32_t)(r->seq - prev->seq - 1));
        put_var(b, r->capture);
        put_var(b, r->proc);
    }
    if (flags & NT_HF_THREAD_ID)
        put_var(b, r->thread);
    if (flags & NT_HF_STACK_ID)
        put_var(b, r->stack);
    put_var(b, r->ts - prev->ts); /* wraps when ts < prev->ts */
    if (flags & NT_HF_LABEL_LIST_ID)
        put_var(b, r->label);
    if (flags & NT_HF_PAYLOAD_SIZE)
        put_var(b, r->size);
    *prev = *r;
}

/* A thread as the generators keep it: its id (v6: its index), the
 * number and timestamp of its last event. */
typedef struct nt_gen_thread {
    uint64_t id;
    uint32_t seq;
    uint64_t ts;
} nt_gen_thread;

/*! nt_gen_event_block() : the content (header and rows) of one event block
 *  of 1..4 per-thread batches into b, using metadata ids 1..metadata,
 *  stacks 0..stacks and (v6) label lists 0..labels.  *clock is the latest
 *  timestamp so far and *floor the latest IsSorted one; both move on.
 *  Each payload matches its metadata (nt_gen_payload()). */
void nt_gen_event_block(tgMembuf *b, tgBytes_rng *rng, nt_gen_thread *threads,
                        unsigned nthreads, uint64_t *clock, uint64_t *floor,
                        uint32_t metadata, uint32_t stacks, uint32_t labels,
                        enum nt_layout layout);

/* The generators' event types (gen_types.c), in every layout. */
/*! nt_gen_fields() : the field list of metadata `id` as `layout` encodes
 *  it: v4/v5 a V1 list, or an empty one plus OpCode and V2Params tags;
 *  v6 and the draft their FieldDescriptions.  hostile: v4/v5 top-level
 *  field names are hostile strings, each row's from the table's first
 *  (its code that makes the canary first, so that a reader that runs
 *  names meets it in every event type). */
void nt_gen_fields(tgMembuf *b, enum nt_layout layout, uint32_t id,
                   int hostile);
/*! nt_gen_scalar() : a value of scalar type `code` of `layout` (a
 *  fixed-size type or a string) that any reader takes. */
void nt_gen_scalar(tgMembuf *out, tgBytes_rng *rng, enum nt_layout layout,
                   unsigned code);
/*! nt_gen_payload() : a payload that matches those fields. */
void nt_gen_payload(tgMembuf *out, tgBytes_rng *rng, enum nt_layout layout,
                    uint32_t id);

#endif
