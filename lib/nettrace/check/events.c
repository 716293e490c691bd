/* events.c - event and metadata rows (compressed and uncompressed, in all
 * three layouts).  Each block is held whole and walked with a bounded
 * cursor; a row that does not decode ends the walk of its block (the next
 * block is still read, since blocks are framed by their size).
 *
 * Two paths read a row.  The general one decodes it field by field and
 * reports what is wrong (compressed_row(), payload(), nt_on_event()).  The
 * fast one (fast_row()) takes the common row, a compressed event row that
 * has nothing to report, in one go: it decodes into locals, tests every
 * condition under which the general path would report, and only if none
 * holds commits what the general path would have changed.  Any other row
 * goes the general way, so which path reads a row never changes a
 * finding; tests/fast-paths.t compares the two over every rule's
 * mutants (the CLI built with TG_FAST_PATHS_OFF has the general one
 * only). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../../core/bytes.h"
#include "check.h"

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
    nt_report(k, NT_ROW_VARUINT, off, nt_var_span(r, bits, at, c->end), field,
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

/* What the rows of a block gather for the block's own checks, and (v4/v5
 * and the draft, read the general way) the last row's Guids, which a
 * compressed row inherits: where they are in the block, NULL for zeros. */
typedef struct block_rows {
    uint64_t lo, hi;       /* least and greatest timestamp key */
    uint64_t prev_capture; /* the last row's capture thread    */
    const unsigned char *activity, *related;
} block_rows;

static int compressed_row(nt_check *k, nt_cur *c, row_state *s, block_rows *r,
                          int *sorted)
{
    const unsigned char *f = take(k, c, 1, "/flags");
    uint64_t v;
    if (f == NULL)
        return -1;
    unsigned flags = f[0];
    if (flags & NT_HF_METADATA_ID) {
        if (var(k, c, 32, &v, "/MetadataId"))
            return -1;
        s->metadata_id = (uint32_t)v;
    }
    if (flags & NT_HF_CAPTURE) {
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
    if ((flags & NT_HF_THREAD_ID) && var(k, c, 64, &s->thread, "/ThreadId"))
        return -1;
    if (!(flags & NT_HF_THREAD_ID) && k->draft) /* "ThreadIndex is the same as
                                        CaptureThreadIndex" */
        s->thread = s->capture_thread;
    if (flags & NT_HF_STACK_ID) {
        if (var(k, c, 32, &v, "/StackId"))
            return -1;
        s->stack_id = (uint32_t)v;
    }
    if (var(k, c, 64, &v, "/TimeStamp"))
        return -1;
    s->ts += v; /* deltas wrap mod 2^64 (NT-A6) */
    if (k->v6 && !k->draft) {
        if (flags & NT_HF_LABEL_LIST_ID) {
            if (var(k, c, 32, &v, "/LabelListId"))
                return -1;
            s->label_list = (uint32_t)v;
        }
        if (flags & NT_HF_RELATED_ACTIVITY_ID) /* no longer defined:
                                                  nothing to read */
            nt_report(k, NT_ROW_FLAG_20, c->base + (uint64_t)(f - c->start), 1,
                      "/flags", "bit 0x20 clear", "set");
    } else {
        if ((flags & NT_HF_ACTIVITY_ID) &&
            !(r->activity = take(k, c, 16, "/ActivityId")))
            return -1;
        if ((flags & NT_HF_RELATED_ACTIVITY_ID) &&
            !(r->related = take(k, c, 16, "/RelatedActivityId")))
            return -1;
    }
    *sorted = (flags & NT_HF_SORTED) != 0;
    if (flags & NT_HF_PAYLOAD_SIZE) {
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
    uint32_t id = tgBytes_le32(p);
    s->metadata_id = id & 0x7FFFFFFFu;
    *sorted = !(id & 0x80000000u);
    s->seq = tgBytes_le32(p + 4);
    s->thread = tgBytes_le64(p + 8);
    s->capture_thread = tgBytes_le64(p + 16);
    s->proc = tgBytes_le32(p + 24);
    s->stack_id = tgBytes_le32(p + 28);
    s->ts = tgBytes_le64(p + 32);
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
    s->label_list = tgBytes_le32(p + NT_ROW6_LABELS);
    s->payload_size = tgBytes_le32(p + NT_ROW6_PAYLOAD_SIZE);
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
static long uncompressed_row(nt_check *k, nt_cur *c, row_state *s,
                             block_rows *r, int *sorted)
{
    uint64_t at = nt_off(c);
    const unsigned char *p = take(k, c, 4, "/EventSize");
    if (p == NULL)
        return -1;
    uint32_t size = tgBytes_le32(p);
    if (k->v6 && !k->draft) /* the draft keeps the v5 row */
        return uncompressed_row_v6(k, c, s, sorted, size, at);
    if (!(p = take(k, c, NT_ROW45_HEADER, "/header")))
        return -1;
    decode_common(k, p, s, sorted);
    r->activity = p + NT_ROW45_ACTIVITY;
    r->related = p + NT_ROW45_RELATED;
    s->payload_size = tgBytes_le32(p + NT_ROW45_PAYLOAD_SIZE);
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
    uint32_t padding = size - (uint32_t)need;
    if (!k->v6 && (at + 4 + size) % 4 != 0) {
        /* "Zero padding - Aligns to 4 byte file offset" */
        snprintf(exp, sizeof exp, "%" PRIu64 " padding bytes",
                 (uint64_t)nt_pad4(at + 4 + need));
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
    long i = 0;
    while (i < padding && c->p[i] == 0)
        i++;
    if (i < padding) {
        nt_report(k, NT_ROW_PADDING, nt_off(c) + (uint64_t)i, 1, "/padding",
                  "00", "a non-zero byte");
    } else if (padding > 0 && !k->v6) {
        /* legal, and required where the payload leaves the row unaligned,
         * but TraceEvent reads the next row where the padding starts */
        char found[32];
        snprintf(found, sizeof found, "%ld zero bytes", padding);
        nt_report(k, NT_ROW_UNALIGNED, nt_off(c), (uint64_t)padding,
                  "/padding", "none (TraceEvent advances by PayloadSize)",
                  found);
    }
    c->p += padding;
    return 0;
}

/* One row the general way.  @return 1 if the rest of the block is not
 * read (skipped, or a row that does not frame), else 0. */
static __attribute__((noinline)) int general_row(nt_check *k, nt_cur *b,
                                                 row_state *s, block_rows *r,
                                                 unsigned flags, int meta)
{
    char found[48];
    if (nt_abandon_rows(k, b))
        return 1; /* no row count, no Min/Max check on part of it */
    nt_event e;
    memset(&e, 0, sizeof e);
    e.off = nt_off(b);
    long padding = 0;
    int bad = (flags & 1)
                  ? compressed_row(k, b, s, r, &e.sorted)
                  : (padding = uncompressed_row(k, b, s, r, &e.sorted)) < 0;
    if (bad || payload(k, b, s, padding, meta) != 0) {
        nt_rows_lost(k, e.off, b);
        return 1;
    }
    uint64_t key = s->ts ^ k->ts_flip; /* min and max by its type */
    r->lo = key < r->lo ? key : r->lo;
    r->hi = key > r->hi ? key : r->hi;
    if (nt_showing(k) && meta)
        nt_show_metadata_v45(k, e.off, nt_off(b) - e.off, s->payload,
                             s->payload_size);
    else if (nt_showing(k))
        nt_show_event(k, e.off, nt_off(b) - e.off, s->metadata_id, s->thread,
                      s->ts, s->seq, s->stack_id, s->payload_size);
    if (meta) {
        if (s->metadata_id != 0) {
            snprintf(found, sizeof found, "%" PRIu32, s->metadata_id);
            nt_report(k, NT_ROW_META_ID, e.off, 1, "/MetadataId", "0", found);
        }
        return 0;
    }
    e.metadata_id = s->metadata_id;
    e.label_list = s->label_list;
    e.seq = s->seq;
    e.stack_id = s->stack_id;
    e.thread = s->thread;
    e.capture_thread = s->capture_thread;
    e.ts = s->ts;
    e.payload = s->payload;
    e.payload_size = s->payload_size;
    e.payload_off = s->payload_off;
    e.processor = s->proc;
    e.activity = r->activity;
    e.related = r->related;
    if (k->row > 0 && s->capture_thread != r->prev_capture && !e.sorted)
        nt_report(k, NT_ORD_SWITCH, e.off, s->payload_off - e.off, "/flags",
                  "IsSorted where the capture thread changes",
                  "a row without it");
    r->prev_capture = s->capture_thread;
    nt_on_event(k, &e);
    if (nt_delivering(k))
        nt_deliver_event(k, &e);
    return 0;
}

/* ---- the fast path ---------------------------------------------------- */

/* Whether fast rows may be read: nothing that only the general path
 * does (a full table, rows past the repeat cap) is in play. */
static inline int fast_allowed(const nt_check *k)
{
    return !k->tables_full &&
           (k->c->repeat_cap == 0 || k->row_findings <= k->c->repeat_cap);
}

/* An id map's value for key k: the small keys inline, the rest by
 * tgIdmap_find().  tgIdmap_find() tests the small keys first too, but is inlined
 * where the compiler chooses: called here instead, it took v4/v5 dense
 * from 3.981 to 4.001 instructions a byte. */
static inline __attribute__((always_inline)) void *fast_find(tgIdmap *m,
                                                             uint64_t k)
{
    if (k < TG_IDMAP_SMALL)
        return m->small_at[k];
    return tgIdmap_find(m, k);
}

/* The least timestamp key an event of thread t may have without a
 * finding (nt_on_event()): the last sequence point's, the latest IsSorted
 * event's, and t's last event's. */
static inline uint64_t fast_floor(const nt_check *k, const nt_thread *t)
{
    uint64_t f = k->sp_count > 0 ? k->last_sp_ts : 0;
    if (k->have_sorted && k->sorted_floor > f)
        f = k->sorted_floor;
    if (t->has_event && t->last_ts > f)
        f = t->last_ts;
    return f;
}

/* The capture thread a run of fast rows is on: its state as the rows
 * kept it, written back to the table when the run moves to another
 * thread or ends (the table's copy is not read meanwhile).  Its last
 * sequence number is the run's (fast_head's seq) once a row of it is
 * kept. */
typedef struct fast_thread {
    nt_thread *t;   /* NULL: none valid yet                      */
    uint64_t lower; /* the least key its next event may have     */
    uint32_t seq;   /* its sequence number when the run came to it */
    int rows;       /* events of it were kept in this run        */
    int new_here;   /* its first event since the last SP is here */
} fast_thread;

/* Write back what the rows kept of thread f->t, whose last event had
 * sequence number seq; lo and hi take its least and greatest key (its
 * keys never go down: fast_rows()). */
static inline void fast_thread_end(nt_check *k, fast_thread *f, block_rows *r,
                                   uint64_t first_key, uint32_t seq)
{
    if (!f->rows)
        return;
    nt_thread *t = f->t;
    t->has_event = 1;
    t->last_ts = f->lower;
    t->seq = seq;
    if (f->new_here) {
        t->seen_sp = k->sp_count + 1;
        k->threads_since_sp++;
    }
    if (first_key < r->lo)
        r->lo = first_key;
    if (f->lower > r->hi)
        r->hi = f->lower;
    f->rows = 0;
}

/* Make capture thread `id` the run's thread: 0 if it has a finding (not
 * seen yet in v4/v5, which the general path inserts; not live in v6). */
static inline int fast_thread_start(nt_check *k, fast_thread *f, uint64_t id,
                                    int v6)
{
    nt_thread *t = fast_find(&k->threads, id);
    f->t = t;
    f->rows = 0;
    if (t == NULL || (v6 && t->state != NT_THREAD_LIVE)) {
        f->t = NULL;
        return 0;
    }
    f->lower = fast_floor(k, t);
    f->seq = t->seq;
    f->new_here = t->seen_sp != k->sp_count + 1;
    return 1;
}

/* Whether stack id `id` (not 0) is defined: from the ids kept in
 * *first..*last, or the range the table gives, kept for the next.  A
 * range next to those kept joins them: each stack block defines a range
 * of its own, and events that take stacks from two blocks in turn (the
 * sample profiler's) would otherwise look one up at every other row.
 * The kept ids stay defined while the run lasts: only sequence points
 * and stack blocks change the table. */
static __attribute__((noinline)) int
fast_stack_find(nt_check *k, uint64_t id, uint64_t *first, uint64_t *last)
{
    const tgRanges_node *range = tgRanges_find(&k->stacks, id);
    if (range == NULL)
        return 0;
    if (range->first == *last + 1) {
        *last = range->last;
    } else if (range->last + 1 == *first) {
        *first = range->first;
    } else {
        *first = range->first;
        *last = range->last;
    }
    return 1;
}
static inline __attribute__((always_inline)) int
fast_stack(nt_check *k, uint64_t id, uint64_t *first, uint64_t *last)
{
    return (id >= *first && id <= *last) ||
           fast_stack_find(k, id, first, last);
}

/* Whether v6 thread index `id` is live. */
static inline int fast_live(nt_check *k, uint64_t id)
{
    const nt_thread *u = fast_find(&k->threads, id);
    return u != NULL && u->state == NT_THREAD_LIVE;
}

/* The most bytes a compressed row header takes: the flags, four
 * varuint32s, three varuint64s, a varuint32 and two GUIDs, and the 8
 * that nt_varuint_fast() looks at from a varuint's start. */
#define FAST_ROOM (1 + 4 * 5 + 3 * 10 + 5 + 2 * 16 + 8)

/* The header fields a compressed row inherits from the row before. */
typedef struct fast_head {
    uint64_t thread, capture, ts;
    uint32_t meta_id, seq, stack, proc, size, label;
} fast_head;

/* A run of fast rows (fast_rows()): where it is, the last row's header,
 * and what is known good of it. */
typedef struct fast_run {
    nt_check *k;
    block_rows *r;
    const unsigned char *p, *end;
    uint64_t row, flip;
    fast_head h;       /* the last row's, then the row's as it is read */
    const nt_meta *m;  /* the row's metadata (one load finds it)      */
    uint64_t label_ok; /* the label list id known good (UINT64_MAX: none) */
    uint64_t stack_first, stack_last; /* a defined range of stack ids */
    uint64_t first_key;               /* of the thread's first row    */
    fast_thread f;                    /* the capture thread           */
} fast_run;

/* The next row of the run, if it is a compressed event row that the
 * general path (compressed_row(), payload(), general_row(),
 * nt_on_event()) would read without a finding; every test below is one
 * of theirs, inverted.  @return 1 with the row kept; 0 if not, with
 * u->h to be restored by the caller (what it looked up may have moved:
 * the run ends).  decode: payloads are decoded (a payload rule is on).
 * room: the block has FAST_ROOM bytes from the row on.  The fields the
 * row names are decoded into u->h as they come; the rest are its
 * previous row's, which was good: only what it names anew is looked
 * up. */
static inline __attribute__((always_inline)) int
fast_row(fast_run *u, enum nt_layout layout, int decode, int room)
{
    const int v6 = layout != NT_V45, final6 = layout == NT_V6;
    nt_check *k = u->k;
    fast_head *h = &u->h;
    const unsigned char *q = u->p, *end = u->end;
    unsigned flags = *q++;
    uint64_t v;
    /* the header, as compressed_row() reads it */
    if (flags & NT_HF_METADATA_ID) {
        if (!nt_varuint_fast(&q, end, 32, &v, room))
            return 0;
        h->meta_id = (uint32_t)v;
        u->m = fast_find(&k->meta, v);
        if (u->m == NULL || (v6 && v == 0))
            return 0;
    }
    if (flags & NT_HF_CAPTURE) {
        uint64_t capture;
        if (!nt_varuint_fast(&q, end, 32, &v, room))
            return 0;
        uint32_t seq = h->seq + (uint32_t)v + 1, last = h->seq;
        if (!nt_varuint_fast(&q, end, 64, &capture, room) ||
            !nt_varuint_fast(&q, end, 32, &v, room))
            return 0;
        h->proc = (uint32_t)v;
        if (nt_processor_wide(h->proc) || (!v6 && capture > NT_TE_THREAD_MAX))
            return 0;
        if (capture != h->capture || u->f.t == NULL) {
            /* general_row(): a new capture thread needs IsSorted */
            if (u->row > 0 && capture != h->capture && !(flags & NT_HF_SORTED))
                return 0;
            fast_thread_end(k, &u->f, u->r, u->first_key, h->seq);
            if (!fast_thread_start(k, &u->f, capture, v6))
                return 0;
            h->capture = capture;
            last = u->f.seq;
        }
        if (seq != last + 1)
            return 0;
        h->seq = seq;
    } else if (h->meta_id != 0 || final6) {
        h->seq++; /* the thread's next */
    } else {
        return 0; /* the number stays: a step back */
    }
    if (flags & NT_HF_THREAD_ID) {
        if (!nt_varuint_fast(&q, end, 64, &h->thread, room) ||
            (!v6 && h->thread > NT_TE_THREAD_MAX))
            return 0;
    } else if (layout == NT_V6D) {
        h->thread = h->capture;
    }
    if (v6 && (flags & (NT_HF_CAPTURE | NT_HF_THREAD_ID)) &&
        h->thread != h->capture && !fast_live(k, h->thread))
        return 0;
    if (flags & NT_HF_STACK_ID) {
        if (!nt_varuint_fast(&q, end, 32, &v, room))
            return 0;
        h->stack = (uint32_t)v;
        if (v != 0 && !fast_stack(k, v, &u->stack_first, &u->stack_last))
            return 0;
    }
    if (!nt_varuint_fast(&q, end, 64, &v, room))
        return 0;
    uint64_t ts = h->ts + v;
    if (final6) {
        if (flags & NT_HF_LABEL_LIST_ID) {
            if (!nt_varuint_fast(&q, end, 32, &v, room))
                return 0;
            h->label = (uint32_t)v;
            if (v != 0 && v != u->label_ok) {
                if (!fast_find(&k->labels, v))
                    return 0;
                u->label_ok = v;
            }
        }
        if (flags & NT_HF_RELATED_ACTIVITY_ID)
            return 0;
    } else if (flags & (NT_HF_ACTIVITY_ID | NT_HF_RELATED_ACTIVITY_ID)) {
        size_t ids = (flags & NT_HF_ACTIVITY_ID ? 16u : 0) +
                     (flags & NT_HF_RELATED_ACTIVITY_ID ? 16u : 0);
        if ((size_t)(end - q) < ids)
            return 0;
        q += ids;
    }
    if (flags & NT_HF_PAYLOAD_SIZE) {
        if (!nt_varuint_fast(&q, end, 32, &v, room) || v > NT_OBSERVED_PAYLOAD)
            return 0;
        h->size = (uint32_t)v;
    }
    /* the payload, as payload() takes it (its size is no more than
     * NT_OBSERVED_PAYLOAD: fast_rows() made sure of the first row's) */
    uint32_t size = h->size;
    if (size > (size_t)(end - q))
        return 0;
    if (decode && !nt_payload_fits(k, u->m, q, size))
        return 0;
    uint64_t key = ts ^ u->flip;
    if (key < u->f.lower)
        return 0;
    /* no finding: what the general path would have changed */
    h->ts = ts;
    if (!u->f.rows) {
        u->first_key = key;
        u->f.rows = 1;
    }
    u->f.lower = key;
    if ((flags & NT_HF_SORTED) && (!k->have_sorted || key > k->sorted_floor)) {
        k->sorted_floor = key;
        k->have_sorted = 1;
    }
    u->p = q + size;
    u->row++;
    return 1;
}

/* Rows the fast way while they come and start before stop: 1 at stop, 0
 * at a row not taken, which leaves the header as the row before left
 * it. */
static inline __attribute__((always_inline)) int
fast_rows_before(fast_run *u, enum nt_layout layout, int decode,
                 const unsigned char *stop, int room)
{
    while (u->p < stop) {
        fast_head was = u->h;
        if (!fast_row(u, layout, decode, room)) {
            u->h = was;
            return 0;
        }
    }
    return 1;
}

/* Rows the fast way while they come: one loop per layout where payloads
 * are decoded, as they are unless their rules are off, and one for every
 * layout where not.  Not inline: the run's state stays in *u, in memory,
 * and the registers go to what changes every row. */
static inline __attribute__((always_inline)) void
fast_loop(fast_run *u, enum nt_layout layout, int decode)
{
    /* the rows that start FAST_ROOM bytes or more before the end, then
     * the others: one test per row, not two */
    const unsigned char *roomy =
        (size_t)(u->end - u->p) >= FAST_ROOM ? u->end - FAST_ROOM + 1 : u->p;
    if (fast_rows_before(u, layout, decode, roomy, 1))
        fast_rows_before(u, layout, decode, u->end, 0);
}
static __attribute__((noinline)) void fast_loop_v45(fast_run *u)
{
    fast_loop(u, NT_V45, 1);
}
static __attribute__((noinline)) void fast_loop_v6(fast_run *u)
{
    fast_loop(u, NT_V6, 1);
}
static __attribute__((noinline)) void fast_loop_v6d(fast_run *u)
{
    fast_loop(u, NT_V6D, 1);
}
static __attribute__((noinline)) void fast_loop_undecoded(fast_run *u,
                                                          enum nt_layout l)
{
    fast_loop(u, l, 0);
}

/* Read rows of b the fast way while they come (fast_row()).  It returns
 * at the block's end, or with b->p at a row it does not take, for the
 * general path.  What the first row inherits is looked at before it;
 * whatever of that has a finding, the first row must name anew (`need`,
 * its flag bits) or go the general way.
 *
 * An event on the same capture thread as the last only has to come no
 * earlier than it: that one was above every floor, and the floors rise
 * only to events' keys.  So per thread, keys never go down, and the
 * block's least and greatest keys are taken per run of a thread.  The
 * state lives in locals (u) and is written back once; pointers into the
 * tables stay valid meanwhile, since only general rows insert.  Inline
 * with a constant layout: the other layouts' tests drop out. */
static inline __attribute__((always_inline)) void
fast_rows(nt_check *k, nt_cur *b, row_state *s, block_rows *r,
          enum nt_layout layout)
{
    const int v6 = layout != NT_V45, final6 = layout == NT_V6;
    fast_run u;
    u.k = k;
    u.r = r;
    u.p = b->p;
    u.end = b->end;
    u.row = k->row;
    u.flip = k->ts_flip;
    /* the last row's header; general_row() leaves r->prev_capture equal
     * to s->capture_thread */
    u.h.thread = s->thread;
    u.h.capture = s->capture_thread;
    u.h.ts = s->ts;
    u.h.meta_id = s->metadata_id;
    u.h.seq = s->seq;
    u.h.stack = s->stack_id;
    u.h.proc = s->proc;
    u.h.size = s->payload_size;
    u.h.label = s->label_list;
    u.stack_first = 1;
    u.stack_last = 0;
    u.first_key = 0;
    const uint64_t row0 = u.row;
    unsigned need = 0;
    u.m = fast_find(&k->meta, u.h.meta_id);
    if (u.m == NULL || (v6 && u.h.meta_id == 0))
        need |= NT_HF_METADATA_ID;
    /* a thread whose number is not the row's is started anew by the
     * first row, which must name it (fast_row() takes the number from
     * the run's header while the thread stays) */
    if (!fast_thread_start(k, &u.f, u.h.capture, v6) || u.f.seq != u.h.seq) {
        need |= NT_HF_CAPTURE;
        u.f.t = NULL;
    }
    if (nt_processor_wide(u.h.proc) || (!v6 && u.h.capture > NT_TE_THREAD_MAX))
        need |= NT_HF_CAPTURE;
    if (!v6 && u.h.thread > NT_TE_THREAD_MAX)
        need |= NT_HF_THREAD_ID;
    if (final6 && u.h.thread != u.h.capture && !fast_live(k, u.h.thread))
        need |= NT_HF_THREAD_ID;
    if (u.h.stack != 0 &&
        !fast_stack(k, u.h.stack, &u.stack_first, &u.stack_last))
        need |= NT_HF_STACK_ID;
    if (u.h.size > NT_OBSERVED_PAYLOAD)
        need |= NT_HF_PAYLOAD_SIZE;
    u.label_ok = u.h.label;
    if (final6 && u.h.label != 0 && !fast_find(&k->labels, u.h.label)) {
        need |= NT_HF_LABEL_LIST_ID;
        u.label_ok = UINT64_MAX;
    }
    if (u.p < u.end && (*u.p & need) == need) {
        if (!k->decode_payloads)
            fast_loop_undecoded(&u, layout);
        else if (layout == NT_V45)
            fast_loop_v45(&u);
        else if (layout == NT_V6)
            fast_loop_v6(&u);
        else
            fast_loop_v6d(&u);
        fast_thread_end(k, &u.f, r, u.first_key, u.h.seq);
        if (u.row > row0) { /* the greatest key since the last SP */
            if (!k->events_since_sp || r->hi > k->max_ts_since_sp)
                k->max_ts_since_sp = r->hi;
            k->events_since_sp = 1;
        }
    }
    b->p = u.p;
    k->row = u.row;
    s->thread = u.h.thread;
    s->capture_thread = u.h.capture;
    s->ts = u.h.ts;
    s->metadata_id = u.h.meta_id;
    s->seq = u.h.seq;
    s->proc = u.h.proc;
    s->stack_id = u.h.stack;
    s->payload_size = u.h.size;
    s->label_list = u.h.label;
    r->prev_capture = u.h.capture;
}

/* The rows of a block; fast: the fast path may read them (compressed
 * event rows, not a trial parse).  @return 1 if the rest of the block is
 * not read (the block's own checks are left out). */
static inline __attribute__((always_inline)) int
rows(nt_check *k, nt_cur *b, row_state *s, block_rows *r, unsigned flags,
     int meta, int fast, enum nt_layout layout)
{
    for (k->row = 0; b->p < b->end; k->row++) {
        if (fast && fast_allowed(k)) {
            fast_rows(k, b, s, r, layout);
            if (b->p == b->end)
                break;
        }
        if (general_row(k, b, s, r, flags, meta))
            return 1;
    }
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
    uint64_t min = tgBytes_le64(b->p + 4), max = tgBytes_le64(b->p + 12);
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
    block_rows r = {UINT64_MAX, 0, 0, NULL, NULL};
    k->row_findings = 0;
    if (nt_showing(k)) {
        char what[64];
        snprintf(what, sizeof what,
                 "%s rows, timestamps %" PRId64 " to %" PRId64,
                 flags & 1 ? "compressed" : "uncompressed", (int64_t)min,
                 (int64_t)max);
        nt_show_header(k, header_off, (uint64_t)hs, what);
        if (!meta)
            nt_show_rows(k, nt_off(b), nt_left(b), "the events");
    }
    int fast = tgEngine_fast_paths(k->c) && !meta && (flags & 1) && !k->silent;
    int stopped;
    switch (fast ? nt_layout_of(k) : NT_NLAYOUTS) {
    case NT_V45: stopped = rows(k, b, &s, &r, flags, 0, 1, NT_V45); break;
    case NT_V6: stopped = rows(k, b, &s, &r, flags, 0, 1, NT_V6); break;
    case NT_V6D: stopped = rows(k, b, &s, &r, flags, 0, 1, NT_V6D); break;
    default: stopped = rows(k, b, &s, &r, flags, meta, 0, NT_V45);
    }
    if (stopped)
        return;
    uint64_t nrows = k->row;
    k->row = UINT64_MAX;
    if (nrows == 0) {
        nt_report(k, meta ? NT_BLK_EMPTY_OTHER : NT_BLK_EMPTY, header_off,
                  (uint64_t)hs, "", "1 or more rows", "none");
        return;
    }
    min ^= k->ts_flip;
    max ^= k->ts_flip;
    if (r.lo != min || r.hi != max) {
        char a[24], z[24];
        snprintf(exp, sizeof exp, "%s..%s", nt_ts_text(k, r.lo, a, sizeof a),
                 nt_ts_text(k, r.hi, z, sizeof z));
        snprintf(found, sizeof found, "%s..%s",
                 nt_ts_text(k, min, a, sizeof a),
                 nt_ts_text(k, max, z, sizeof z));
        nt_report(k, NT_BLK_MINMAX, header_off + 4, 16, "/header", exp, found);
    }
}
