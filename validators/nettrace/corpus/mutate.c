/* mutate.c - one mutation per NetTrace rule: break exactly that rule in a
 * valid generated trace.  The parent is generated into a model (model.h);
 * a mutator edits blocks, inserts crafted ones or overrides the framing,
 * and marks where the break is; the model is then serialised.  Rules for
 * v4/v5 (or all layouts) start from a v4/v5 parent, v6-only rules from a
 * v6 parent. */
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "model.h"
#include "../nettrace.h"

typedef struct nt_mut {
    nt_model m;
    size_t item;    /* the break: in this item ...              */
    uint64_t delta; /* ... this many bytes into its content      */
    int header;     /* ... or into the item, header included     */
    uint64_t cut;   /* truncate the output here (UINT64_MAX: no) */
    /* the payload of fresh rows: these bytes, or (NULL) one that
     * matches the row's metadata (v4/v5: zeros) */
    const void *payload;
    size_t payload_n;
    uint64_t payload_at; /* where the first fresh row's payload starts
                             in its block's content                    */
    uint64_t row_at[4];  /* where fresh rows start in it              */
    uint64_t seed;       /* of the parent                             */
} nt_mut;

typedef int (*nt_mutator)(nt_mut *x, unsigned variant, tg_mutant *out);

/* The v4/v5 generator defines metadata ids 1-6: a mutant's own metadata
 * takes the next, so ids stay dense (NT-OBS-002).  Id 3 has no fields,
 * so events of it may hold any payload. */
#define NEXT_META  7
#define EMPTY_META 3

/* Whether item i is block b of the model's layout (kinds.c). */
static int is_block(const nt_mut *x, size_t i, enum nt_block b)
{
    const nt_item *it = &x->m.items[i];
    if (it->raw)
        return 0;
    if (x->m.layout == NT_V45) {
        const char *name = nt_block_name(NT_V45, b);
        return name && strcmp(it->name, name) == 0;
    }
    int kind = nt_block_kind(x->m.layout, b);
    return kind >= 0 && it->kind == (unsigned)kind;
}

/* The k-th block b (from the end when k < 0), or -1. */
static long nth(const nt_mut *x, enum nt_block b, long k)
{
    long seen = 0;
    for (size_t j = 0; j < x->m.n; j++) {
        size_t i = k >= 0 ? j : x->m.n - 1 - j;
        if (is_block(x, i, b) && seen++ == (k >= 0 ? k : -k - 1))
            return (long)i;
    }
    return -1;
}

static void mark(nt_mut *x, size_t item, uint64_t delta, const char *what,
                 tg_mutant *out)
{
    x->item = item;
    x->delta = delta;
    x->header = 0;
    out->mutation = what;
}

/* The break is in the item's header (object header, block header,
 * BlockSize, padding): delta counts from the item's first byte. */
static void mark_header(nt_mut *x, size_t item, uint64_t delta,
                        const char *what, tg_mutant *out)
{
    mark(x, item, delta, what, out);
    x->header = 1;
}

/* Where a v4/v5 object's header fields sit, from its first byte:
 * 05 05 01, version, minimum version, name length, name, 06, BlockSize,
 * padding. */
#define OBJ_VERSION 3
#define OBJ_MINVER  7
#define OBJ_NAME    15
static uint64_t obj_block_size(const nt_item *it)
{
    return OBJ_NAME + strlen(it->name) + 1;
}

/* Insert block b of the model's layout, holding n bytes from p, before
 * item `at`. */
static nt_item *insert(nt_mut *x, size_t at, enum nt_block b, const void *p,
                       size_t n)
{
    nt_item *it = nt_model_insert(&x->m, at);
    if (it == NULL)
        return NULL;
    if (x->m.layout == NT_V45)
        it->name = nt_block_name(NT_V45, b);
    else
        it->kind = (unsigned)nt_block_kind(x->m.layout, b);
    tgM_write(&it->content, p, n);
    return it;
}

static nt_item *raw_insert(nt_mut *x, size_t at, const void *p, size_t n)
{
    nt_item *it = nt_model_insert(&x->m, at);
    if (it) {
        it->raw = 1;
        tgM_write(&it->content, p, n);
    }
    return it;
}

/* Repeat item i right after itself. */
static int repeat_item(nt_mut *x, long i, const char *what, tg_mutant *out)
{
    if (i < 0)
        return 0;
    nt_item *copy = nt_model_insert(&x->m, (size_t)i + 1);
    if (copy == NULL)
        return 0;
    const nt_item *it = &x->m.items[i];
    copy->raw = it->raw;
    copy->kind = it->kind;
    copy->name = it->name;
    tgM_write(&copy->content, it->content.p, it->content.n);
    mark(x, (size_t)i + 1, 0, what, out);
    return 1;
}

static unsigned char *bytes(nt_mut *x, size_t item)
{
    return x->m.items[item].content.p;
}

/* An event/metadata block header: HeaderSize 20, flags, min, max. */
static void block_header(tgM_buf *b, unsigned flags, uint64_t min,
                         uint64_t max)
{
    put_u16(b, 20);
    put_u16(b, flags);
    put_u64(b, min);
    put_u64(b, max);
}

/* A v4/v5 metadata payload defining `id` (event `name`) up to Level,
 * and without the V1 field list the spec requires. */
static void meta_named(tgM_buf *b, uint32_t id, const char *name)
{
    put_u32(b, id);
    put_utf16z(b, "Mutant");
    put_u32(b, 1);
    put_utf16z(b, name);
    put_u64(b, 0);
    put_u32(b, 0);
    put_u32(b, 4);
}

static void meta_header(tgM_buf *b, uint32_t id)
{
    meta_named(b, id, "Event");
}

/* ... and with an empty field list. */
static void meta_payload(tgM_buf *b, uint32_t id)
{
    meta_header(b, id);
    put_u32(b, 0); /* FieldCount */
}

/* Make the parent a generated trace of another profile: for rules whose
 * variants cover several layouts. */
static int reparent(nt_mut *x, int profile, tg_mutant *out)
{
    nt_model_free(&x->m);
    memset(&x->m, 0, sizeof x->m);
    nt_sink sink = {NULL, &x->m, 0, 0};
    out->profile = tgN_profiles[profile];
    return nt_generate(profile, x->seed, 0, &sink) == 0;
}

/* Insert, after the first MetadataBlock, a MetadataBlock with one
 * compressed row whose header bytes are `hdr` (flags first) and whose
 * payload is `pl`; the row timestamp is 0. */
static long insert_meta_row(nt_mut *x, const void *hdr, size_t n,
                            const tgM_buf *pl)
{
    long i = nth(x, NT_B_METADATA, 0);
    if (i < 0)
        return -1;
    tgM_buf c = {0};
    block_header(&c, 1, 0, 0);
    put(&c, hdr, n);
    put(&c, pl->p, pl->n);
    insert(x, (size_t)i + 1, NT_B_METADATA, c.p, c.n);
    tgM_free(&c);
    return i + 1;
}

/* A one-row metadata block whose row is: flags 0x80 (PayloadSize), ts 0,
 * size, payload; the payload is made by `payload`. */
static long meta_block_with(nt_mut *x, const tgM_buf *payload)
{
    tgM_buf h = {0};
    put_u8(&h, 0x80);
    put_u8(&h, 0);
    put_var(&h, payload->n);
    x->payload_at = 20 + h.n;
    long i = insert_meta_row(x, h.p, h.n, payload);
    tgM_free(&h);
    return i;
}

/* The timestamp of the last SP block (v4/v5 and v6: its first 8 bytes). */
static uint64_t last_sp_ts(nt_mut *x, long *where)
{
    *where = nth(x, NT_B_SP, -1);
    return *where < 0 ? 0 : tgB_le64(bytes(x, (size_t)*where));
}

/* An event block after the last SP, on fresh capture threads 900001 and
 * 900002: rows of (thread, seq, ts, sorted, metadata id, payload size). */
typedef struct fresh_row {
    unsigned thread; /* 1 or 2 */
    uint32_t seq;
    int64_t dts; /* ts relative to the last SP */
    int sorted;
    uint32_t meta, size;
} fresh_row;

static long fresh_block(nt_mut *x, const fresh_row *rows, size_t n)
{
    long sp;
    uint64_t base = last_sp_ts(x, &sp), lo = UINT64_MAX, hi = 0, prev = 0;
    if (sp < 0 || x->m.layout != NT_V45)
        return -1;
    tgM_buf r = {0}, c = {0};
    uint32_t prev_seq = 0; /* a block starts from a zeroed row */
    for (size_t i = 0; i < n; i++) {
        uint64_t ts = base + (uint64_t)rows[i].dts;
        if (i < 4)
            x->row_at[i] = 20 + r.n;
        /* every field explicit: nothing inherited between rows */
        put_u8(&r, 0x01 | 0x02 | 0x04 | 0x80 | (rows[i].sorted ? 0x40 : 0));
        put_var(&r, rows[i].meta);
        put_var(&r, (uint32_t)(rows[i].seq - prev_seq - 1));
        prev_seq = rows[i].seq;
        put_var(&r, 900000 + rows[i].thread);
        put_var(&r, 0);
        put_var(&r, 900000 + rows[i].thread);
        put_var(&r, ts - prev);
        put_var(&r, rows[i].size);
        if (i == 0)
            x->payload_at = 20 + r.n;
        if (x->payload)
            put(&r, x->payload, rows[i].size);
        else
            for (uint32_t k = 0; k < rows[i].size; k++)
                put_u8(&r, 0);
        prev = ts;
        lo = ts < lo ? ts : lo;
        hi = ts > hi ? ts : hi;
    }
    block_header(&c, 1, lo, hi);
    put(&c, r.p, r.n);
    insert(x, (size_t)sp + 1, NT_B_EVENT, c.p, c.n);
    /* then a sequence point listing the fresh threads, so the stream still
     * ends with one (NT-OBS-004) and it lists every thread (NT-ORD-007) */
    c.n = 0;
    put_u64(&c, hi + 100);
    put_u32(&c, 2);
    for (unsigned thread = 1; thread <= 2; thread++) {
        uint32_t last = 0;
        for (size_t i = 0; i < n; i++)
            if (rows[i].thread == thread)
                last = rows[i].seq;
        put_u64(&c, 900000 + thread);
        put_u32(&c, last);
    }
    insert(x, (size_t)sp + 2, NT_B_SP, c.p, c.n);
    tgM_free(&r);
    tgM_free(&c);
    return sp + 1;
}

/* ---- header ----------------------------------------------------------- */

static int patch_raw(nt_mut *x, size_t item, size_t off, const void *p,
                     size_t n, const char *what, tg_mutant *out)
{
    if (item >= x->m.n || !x->m.items[item].raw ||
        x->m.items[item].content.n < off + n)
        return 0;
    memcpy(bytes(x, item) + off, p, n);
    mark(x, item, off, what, out);
    return 1;
}

static int mut_magic(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && patch_raw(x, 0, 7, "f", 1,
                               "changed the magic to "
                               "\"Nettracf\"",
                               out);
}

static int mut_fastser(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && patch_raw(x, 0, 8, "\x15", 1,
                               "set the FastSerialization length to 21", out);
}

static int mut_major(nt_mut *x, unsigned v, tg_mutant *out, unsigned major)
{
    unsigned char b[4];
    tgB_put32(b, major);
    return v == 0 && x->m.layout != NT_V45 &&
           patch_raw(x, 0, 12, b, 4,
                     major < 6 ? "set MajorVersion to 5"
                               : "set MajorVersion to 7",
                     out);
}

static int mut_major_old(nt_mut *x, unsigned v, tg_mutant *out)
{
    return mut_major(x, v, out, 5);
}

static int mut_major_new(nt_mut *x, unsigned v, tg_mutant *out)
{
    return mut_major(x, v, out, 7);
}

static int mut_netperf(nt_mut *x, unsigned v, tg_mutant *out)
{
    if (v > 0 || !x->m.items[0].raw)
        return 0;
    tgM_splice(&x->m.items[0].content, 0, 8, NULL, 0);
    mark(x, 0, 0, "removed the magic, leaving a NetPerf header", out);
    return 1;
}

static int mut_minor(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && x->m.layout != NT_V45 &&
           patch_raw(x, 0, 16, "\x01", 1, "set MinorVersion to 1", out);
}

/* ---- v4/v5 objects ----------------------------------------------------- */

/* Item 1 of a v4/v5 model is the Trace object: 21 header bytes, 48 bytes
 * of payload, 06. */
#define TRACE_ITEM    1
#define TRACE_PAYLOAD 21

static int mut_tags(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_METADATA, 0);
    if (v > 0 || i < 0)
        return 0;
    x->m.items[i].end_tag = 0x07;
    mark(x, (size_t)i, x->m.items[i].content.n,
         "closed the first MetadataBlock with 07 instead of 06", out);
    return 1;
}

static int mut_name_len(nt_mut *x, unsigned v, tg_mutant *out)
{
    static const unsigned char h[] = {5, 5, 1, 2,    0,    0,    0,   2,
                                      0, 0, 0, 0xff, 0xff, 0xff, 0xff};
    if (v > 0 || raw_insert(x, TRACE_ITEM + 1, h, sizeof h) == NULL)
        return 0;
    mark(x, TRACE_ITEM + 1, 11, "inserted an object with name length -1", out);
    return 1;
}

static int mut_first_trace(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_METADATA, 0);
    if (v > 0 || i != TRACE_ITEM + 1)
        return 0;
    nt_item t = x->m.items[TRACE_ITEM];
    x->m.items[TRACE_ITEM] = x->m.items[i];
    x->m.items[i] = t;
    mark_header(x, TRACE_ITEM, 0, "put the first MetadataBlock before Trace",
                out);
    return 1;
}

static int mut_trace_version(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && patch_raw(x, TRACE_ITEM, 3, "\x05", 1,
                               "set the Trace object version to 5", out);
}

static int mut_trace_minver(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && patch_raw(x, TRACE_ITEM, 7, "\x03", 1,
                               "set Trace MinimumReaderVersion to 3", out);
}

static int mut_trace_size(nt_mut *x, unsigned v, tg_mutant *out)
{
    if (v > 0 || x->m.items[TRACE_ITEM].content.n != TRACE_PAYLOAD + 49)
        return 0;
    tgM_splice(&x->m.items[TRACE_ITEM].content, TRACE_PAYLOAD + 47, 1, NULL,
               0);
    /* the end tag now stands where the 48th byte was; the next byte is
     * where it belongs */
    mark(x, TRACE_ITEM, TRACE_PAYLOAD + 48,
         "cut the Trace payload to 47 bytes", out);
    return 1;
}

static int mut_unknown_object(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_EVENT, 0);
    if (v > 0 || i < 0)
        return 0;
    x->m.items[i].name = "EventBlok";
    mark_header(x, (size_t)i, OBJ_NAME,
                "renamed the first EventBlock to EventBlok", out);
    return 1;
}

static int set_versions(nt_mut *x, unsigned v, int32_t version, int32_t minver,
                        const char *what, tg_mutant *out)
{
    long i = nth(x, NT_B_STACK, 0);
    if (v > 0 || i < 0)
        return 0;
    x->m.items[i].version = version;
    x->m.items[i].min_version = minver;
    mark_header(x, (size_t)i, version != 2 ? OBJ_VERSION : OBJ_MINVER, what,
                out);
    return 1;
}

static int mut_block_version(nt_mut *x, unsigned v, tg_mutant *out)
{
    return set_versions(x, v, 3, 2, "set a StackBlock version to 3", out);
}

static int mut_block_minver(nt_mut *x, unsigned v, tg_mutant *out)
{
    return set_versions(x, v, 2, 0,
                        "set a StackBlock MinimumReaderVersion to 0", out);
}

static int mut_block_minver_high(nt_mut *x, unsigned v, tg_mutant *out)
{
    return set_versions(x, v, 2, 3,
                        "set a StackBlock MinimumReaderVersion to 3", out);
}

static int mut_block_size(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_STACK, 0);
    if (v > 0 || i < 0)
        return 0;
    x->m.items[i].size = -1;
    mark_header(x, (size_t)i, obj_block_size(&x->m.items[i]),
                "set a BlockSize to -1", out);
    return 1;
}

/* Serialise into nothing, to learn the offsets. */
static int discard(void *ctx, const void *p, size_t n)
{
    (void)ctx;
    (void)p;
    (void)n;
    return 0;
}

static void layout(nt_mut *x)
{
    tgO_out *o = malloc(sizeof *o);
    if (o == NULL)
        return;
    tgO_init(o, discard, NULL);
    nt_serialise(&x->m, o);
    free(o);
}

static int mut_padding(nt_mut *x, unsigned v, tg_mutant *out)
{
    if (v > 0 || x->m.layout != NT_V45)
        return 0;
    layout(x);
    for (size_t i = 0; i < x->m.n; i++) {
        nt_item *it = &x->m.items[i];
        size_t header = 20 + (it->raw ? 0 : strlen(it->name));
        if (!it->raw && it->content_at - it->at > header) {
            it->pad_byte = 0xff;
            mark_header(x, i, obj_block_size(it) + 4,
                        "filled a block's padding with ff", out);
            return 1;
        }
    }
    return 0;
}

static int mut_pad_count(nt_mut *x, unsigned v, tg_mutant *out)
{
    if (v > 1 || x->m.layout != NT_V45)
        return 0;
    layout(x);
    /* a block with padding to take from (variant 1) or any (variant 0) */
    for (size_t i = 0; i < x->m.n; i++) {
        nt_item *it = &x->m.items[i];
        if (it->raw)
            continue;
        size_t pad = it->content_at - it->at - 20 - strlen(it->name);
        if (v == 1 && pad == 0)
            continue;
        it->pad_extra = v ? -1 : 1;
        mark_header(x, i, obj_block_size(it) + 4,
                    v ? "padded a block by one byte too few"
                      : "padded a block by one byte too many",
                    out);
        return 1;
    }
    return 0;
}

static int mut_cut(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_EVENT, -1);
    if (v > 0 || i < 0)
        return 0;
    layout(x);
    x->cut = x->m.items[i].content_at + 3;
    mark(x, (size_t)i, 3, "cut the file inside the last event block", out);
    return 1;
}

static int mut_end_missing(nt_mut *x, unsigned v, tg_mutant *out)
{
    if (v > 0 || x->m.layout != NT_V45 || !x->m.items[x->m.n - 1].raw)
        return 0;
    nt_model_remove(&x->m, x->m.n - 1);
    mark(x, x->m.n - 1, x->m.items[x->m.n - 1].content.n + 1,
         "removed the end-of-stream tag 01", out);
    return 1;
}

static int mut_trailing(nt_mut *x, unsigned v, tg_mutant *out)
{
    if (v > 0 || raw_insert(x, x->m.n, "\x01\0\0\0", 4) == NULL)
        return 0;
    mark(x, x->m.n - 1, 0, "appended 01 00 00 00 after the end", out);
    return 1;
}

static int patch_trace(nt_mut *x, unsigned v, size_t off, const void *p,
                       size_t n, const char *what, tg_mutant *out)
{
    /* v6: item 1 is the Trace block and its fields start at 0 */
    size_t base = x->m.layout != NT_V45 ? 0 : TRACE_PAYLOAD;
    if (v > 0 || x->m.n < 2 || x->m.items[TRACE_ITEM].content.n < base + 40)
        return 0;
    memcpy(bytes(x, TRACE_ITEM) + base + off, p, n);
    mark(x, TRACE_ITEM, base + off, what, out);
    return 1;
}

static int mut_pointer(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* 1 divides every stack size, so only PointerSize itself is wrong */
    return patch_trace(x, v, 32, "\x01\0\0\0", 4, "set PointerSize to 1", out);
}

static int mut_frequency(nt_mut *x, unsigned v, tg_mutant *out)
{
    return patch_trace(x, v, 24, "\0\0\0\0\0\0\0\0", 8,
                       "set the tick frequency to 0", out);
}

static int mut_synctime(nt_mut *x, unsigned v, tg_mutant *out)
{
    return patch_trace(x, v, 2, "\x0d\0", 2, "set SyncTimeUTC month to 13",
                       out);
}

/* ---- block headers ----------------------------------------------------- */

/* Insert a block of type b with content c after the first such block. */
static int insert_after_first(nt_mut *x, enum nt_block b, const void *c,
                              size_t n, uint64_t at, const char *what,
                              tg_mutant *out)
{
    long i = nth(x, b, 0);
    if (i < 0)
        return 0;
    tgM_buf content = {0};
    put(&content, c, n);
    insert(x, (size_t)i + 1, b, content.p, content.n);
    tgM_free(&content);
    mark(x, (size_t)i + 1, at, what, out);
    return 1;
}

static int mut_header_size(nt_mut *x, unsigned v, tg_mutant *out)
{
    unsigned char c[20] = {19, 0, 1};
    return v == 0 && insert_after_first(x, NT_B_EVENT, c, sizeof c, 0,
                                        "inserted an EventBlock with "
                                        "HeaderSize 19",
                                        out);
}

static int mut_block_flags(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_EVENT, 0);
    if (v > 0 || i < 0)
        return 0;
    bytes(x, (size_t)i)[2] = 3;
    mark(x, (size_t)i, 2, "set an EventBlock's Flags to 3", out);
    return 1;
}

static int mut_block_empty(nt_mut *x, unsigned v, tg_mutant *out)
{
    unsigned char c[20] = {20, 0, 1};
    return v == 0 &&
           insert_after_first(x, NT_B_EVENT, c, sizeof c, 0,
                              "inserted an EventBlock with no rows", out);
}

static int mut_row_end(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* flags 0x10 (ActivityId), timestamp delta 0, then 5 of 16 bytes */
    unsigned char c[27] = {20, 0, 1, 0, [20] = 0x10, 0, 1, 2, 3, 4, 5};
    return v == 0 && x->m.layout == NT_V45 &&
           insert_after_first(x, NT_B_EVENT, c, sizeof c, 22,
                              "inserted an EventBlock whose row's ActivityId "
                              "is cut by the block end",
                              out);
}

static int mut_empty_other(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_STACK, 0);
    if (v > 0 || i < 0)
        return 0;
    tgM_buf c = {0};
    put_u32(&c, 1000);
    put_u32(&c, 0);
    insert(x, (size_t)i + 1, NT_B_STACK, c.p, c.n);
    tgM_free(&c);
    mark(x, (size_t)i + 1, 4, "inserted a StackBlock with Count 0", out);
    return 1;
}

static int mut_minmax(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_EVENT, 0);
    if (v > 0 || i < 0)
        return 0;
    unsigned char *p = bytes(x, (size_t)i) + 4;
    tgB_put64(p, tgB_le64(p) - 1);
    mark(x, (size_t)i, 4, "lowered an EventBlock's MinTimestamp by 1", out);
    return 1;
}

/* ---- rows (in an inserted metadata block) ----------------------------- */

static int meta_row(nt_mut *x, const void *hdr, size_t n, int with_payload,
                    uint64_t at, const char *what, tg_mutant *out)
{
    tgM_buf pl = {0};
    if (with_payload)
        meta_payload(&pl, NEXT_META);
    long i = insert_meta_row(x, hdr, n, &pl);
    tgM_free(&pl);
    if (i < 0)
        return 0;
    mark(x, (size_t)i, 20 + at, what, out);
    return 1;
}

static int mut_varuint(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* flags 0x01: MetadataId as a 6-byte varuint32 */
    static const unsigned char h[] = {0x01, 0xff, 0xff, 0xff,
                                      0xff, 0xff, 0x01};
    return v == 0 &&
           meta_row(x, h, sizeof h, 0, 1,
                    "wrote a 6-byte varuint32 in a metadata row", out);
}

static int mut_varuint_long(nt_mut *x, unsigned v, tg_mutant *out)
{
    tgM_buf h = {0}, pl = {0};
    meta_payload(&pl, NEXT_META);
    put_u8(&h, 0x80);
    put(&h, "\x80\x00", 2); /* timestamp delta 0, in two bytes */
    put_var(&h, pl.n);
    long i = insert_meta_row(x, h.p, h.n, &pl);
    tgM_free(&h);
    tgM_free(&pl);
    if (v > 0 || i < 0)
        return 0;
    mark(x, (size_t)i, 21, "wrote timestamp delta 0 as 80 00", out);
    return 1;
}

static int mut_payload_size(nt_mut *x, unsigned v, tg_mutant *out)
{
    static const unsigned char h[] = {0x80, 0x00, 0xc8, 0x01}; /* 200 */
    /* the payload would start after the header, where the row ends */
    return v == 0 && meta_row(x, h, sizeof h, 1, sizeof h,
                              "gave a metadata row PayloadSize 200 with "
                              "fewer bytes left",
                              out);
}

static int mut_meta_header_id(nt_mut *x, unsigned v, tg_mutant *out)
{
    tgM_buf h = {0}, pl = {0};
    meta_payload(&pl, NEXT_META);
    put_u8(&h, 0x81);
    put_u8(&h, 5); /* header MetadataId 5 */
    put_u8(&h, 0);
    put_var(&h, pl.n);
    long i = v == 0 && x->m.layout == NT_V45
                 ? insert_meta_row(x, h.p, h.n, &pl)
                 : -1;
    tgM_free(&h);
    tgM_free(&pl);
    if (i < 0)
        return 0;
    mark(x, (size_t)i, 20, "gave a metadata row header MetadataId 5", out);
    return 1;
}

/* An uncompressed metadata block (Flags 0) with one row whose payload
 * defines id 1000 with event name `name`, followed by `pad` bytes of
 * `fill`, and whose EventSize is 76 + payload + pad + `size_delta`. */
/* What an uncompressed_meta() mutant breaks. */
enum { AT_EVENT_SIZE, AT_PAYLOAD_SIZE, AT_PADDING };

static int uncompressed_meta(nt_mut *x, unsigned v, const char *name,
                             size_t pad, unsigned char fill, int size_delta,
                             int where, const char *what, tg_mutant *out)
{
    long i = nth(x, NT_B_METADATA, 0);
    if (v > 0 || i < 0 || x->m.layout != NT_V45)
        return 0;
    tgM_buf pl = {0}, c = {0};
    meta_named(&pl, NEXT_META, name);
    put_u32(&pl, 0); /* FieldCount */
    uint64_t at = where == AT_EVENT_SIZE     ? 20
                  : where == AT_PAYLOAD_SIZE ? 20 + 76
                                             : 20 + 4 + 76 + pl.n;
    block_header(&c, 0, 0, 0);
    put_u32(&c, (uint32_t)(76 + pl.n + pad + (size_t)(long)size_delta));
    put_u32(&c, 0x80000000u);    /* MetadataId 0, not sorted */
    for (int k = 0; k < 68; k++) /* seq .. RelatedActivityId: zeros */
        put_u8(&c, 0);
    put_u32(&c, (uint32_t)pl.n);
    put(&c, pl.p, pl.n);
    for (size_t k = 0; k < pad; k++)
        put_u8(&c, fill);
    insert(x, (size_t)i + 1, NT_B_METADATA, c.p, c.n);
    tgM_free(&pl);
    tgM_free(&c);
    mark(x, (size_t)i + 1, at, what, out);
    return 1;
}

static int mut_event_size(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* "Event1": a 56-byte payload, a multiple of 4 */
    return uncompressed_meta(x, v, "Event1", 0, 0, -1, AT_EVENT_SIZE,
                             "gave an uncompressed row EventSize 76 + "
                             "PayloadSize - 1",
                             out);
}

static int mut_row_padding(nt_mut *x, unsigned v, tg_mutant *out)
{
    return uncompressed_meta(x, v, "Event1", 4, 0xff, 0, AT_PADDING,
                             "padded an uncompressed row with ff bytes", out);
}

static int mut_unaligned(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* "Event": a 54-byte payload, then 2 zero bytes of padding */
    return uncompressed_meta(x, v, "Event", 2, 0, 0, AT_PAYLOAD_SIZE,
                             "an uncompressed row with a 54-byte payload",
                             out);
}

static int mut_row_align(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* "Event1": a 56-byte payload, then 2 bytes where 0 align the row */
    return uncompressed_meta(x, v, "Event1", 2, 0, 0, AT_EVENT_SIZE,
                             "padded an uncompressed row by 2 bytes where "
                             "0 align it",
                             out);
}

/* ---- references -------------------------------------------------------- */

static int mut_undefined_metadata(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_EVENT, 0);
    /* the first row of a block always carries MetadataId (flag 0x01) */
    if (v > 0 || i < 0 || !(bytes(x, (size_t)i)[20] & 0x01))
        return 0;
    bytes(x, (size_t)i)[21] = 0x7f;
    mark(x, (size_t)i, 21, "made the first event refer to metadata id 127",
         out);
    return 1;
}

/* A MetadataBlock, after the first, defining metadata id `id`. */
static int define_meta(nt_mut *x, unsigned v, uint32_t id, const char *what,
                       tg_mutant *out)
{
    tgM_buf pl = {0};
    meta_payload(&pl, id);
    long i = v == 0 && x->m.layout == NT_V45 ? meta_block_with(x, &pl) : -1;
    tgM_free(&pl);
    if (i < 0)
        return 0;
    mark(x, (size_t)i, 23, what, out);
    return 1;
}

static int mut_metadata_twice(nt_mut *x, unsigned v, tg_mutant *out)
{
    return define_meta(x, v, 1, "defined metadata id 1 a second time", out);
}

static int mut_metadata_zero(nt_mut *x, unsigned v, tg_mutant *out)
{
    return define_meta(x, v, 0, "defined metadata id 0", out);
}

static int mut_undefined_stack(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_STACK, 0);
    if (v > 0 || i < 0)
        return 0;
    nt_model_remove(&x->m, (size_t)i);
    /* the first event of the window (it always has a stack) fails */
    long e = nth(x, NT_B_EVENT, 0);
    if (e < 0)
        return 0;
    mark(x, (size_t)e, 20, "removed the first window's StackBlock", out);
    return 1;
}

static int mut_stack_twice(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && repeat_item(x, nth(x, NT_B_STACK, 0),
                                 "repeated the first StackBlock", out);
}

static int mut_stack_parse(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* FirstId 500, Count 3, one empty stack */
    static const unsigned char c[] = {0xf4, 1, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0};
    /* the second stack's StackSize would be at 12 */
    return v == 0 &&
           insert_after_first(x, NT_B_STACK, c, sizeof c, 12,
                              "inserted a StackBlock with Count 3 and "
                              "one stack",
                              out);
}

static int mut_stack_extra(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_STACK, 0);
    if (v > 0 || i < 0)
        return 0;
    tgM_write(&x->m.items[i].content, "\xff", 1);
    mark(x, (size_t)i, x->m.items[i].content.n - 1,
         "added a byte after a StackBlock's stacks", out);
    return 1;
}

static int mut_stack_pointer(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* FirstId 500, Count 1, a 12-byte stack */
    static const unsigned char c[] = {0xf4, 1, 0, 0, 1, 0,  0,  0,
                                      12,   0, 0, 0, 1, 2,  3,  4,
                                      5,    6, 7, 8, 9, 10, 11, 12};
    return v == 0 &&
           insert_after_first(x, NT_B_STACK, c, sizeof c, 8,
                              "inserted a 12-byte stack (PointerSize 8)", out);
}

/* ---- v4/v5 metadata payloads ------------------------------------------- */

/* A MetadataBlock, after the first, holding the one metadata payload pl;
 * the break is `at` bytes into it. */
static int meta_payload_mut(nt_mut *x, const tgM_buf *pl, uint64_t at,
                            const char *what, tg_mutant *out)
{
    long i = x->m.layout == NT_V45 ? meta_block_with(x, pl) : -1;
    if (i < 0)
        return 0;
    mark(x, (size_t)i, x->payload_at + at, what, out);
    return 1;
}

static int mut_meta_parse(nt_mut *x, unsigned v, tg_mutant *out)
{
    tgM_buf pl = {0};
    int r = 0;
    if (v == 0) {
        put_u32(&pl, NEXT_META);
        put(&pl, "M\0u\0t", 5); /* a provider name without its NUL */
        r = meta_payload_mut(x, &pl, 4,
                             "cut a metadata provider name "
                             "before its NUL",
                             out);
    } else if (v == 1) {
        meta_payload(&pl, NEXT_META);
        uint64_t at = pl.n;
        put_u32(&pl, 0); /* an OpCode tag without its byte */
        put_u8(&pl, 1);
        r = meta_payload_mut(x, &pl, at, "an OpCode tag of 0 bytes", out);
    }
    tgM_free(&pl);
    return r;
}

static int mut_no_fields(nt_mut *x, unsigned v, tg_mutant *out)
{
    tgM_buf pl = {0};
    meta_header(&pl, NEXT_META);
    int r = v == 0 && meta_payload_mut(x, &pl, pl.n,
                                       "ended a metadata payload after "
                                       "Level, without FieldCount",
                                       out);
    tgM_free(&pl);
    return r;
}

/* A V2Params tag (kind 2) of these fields into pl. */
static void v2_tag(tgM_buf *pl, const tgM_buf *fields)
{
    put_u32(pl, (uint32_t)fields->n);
    put_u8(pl, 2);
    put(pl, fields->p, fields->n);
}

static int fields_mut(nt_mut *x, unsigned v, int32_t type, int with_tag,
                      const char *what, tg_mutant *out)
{
    tgM_buf pl = {0};
    meta_header(&pl, NEXT_META);
    uint64_t at = pl.n + 4; /* the TypeCode */
    put_u32(&pl, 1);
    put_u32(&pl, (uint32_t)type);
    put_utf16z(&pl, "F");
    if (with_tag) {
        /* V2Params tag with one Int32 field, after a non-empty V1 list */
        at = pl.n;
        tgM_buf t = {0};
        put_u32(&t, 1);
        put_u32(&t, 4 + 4 + 4);
        put_utf16z(&t, "G");
        put_u32(&t, 9);
        v2_tag(&pl, &t);
        tgM_free(&t);
    }
    int r = v == 0 && meta_payload_mut(x, &pl, at, what, out);
    tgM_free(&pl);
    return r;
}

static int mut_v2_with_v1(nt_mut *x, unsigned v, tg_mutant *out)
{
    return fields_mut(x, v, 9, 1, "added a V2Params tag after a V1 field",
                      out);
}

static int mut_array_in_v1(nt_mut *x, unsigned v, tg_mutant *out)
{
    return fields_mut(x, v, 19, 0, "gave a V1 field type code 19", out);
}

static int mut_type_code(nt_mut *x, unsigned v, tg_mutant *out)
{
    if (v == 0)
        return fields_mut(x, v, 2, 0, "gave a V1 field type code 2", out);
    if (v > 1)
        return 0;
    /* an empty V1 list, then V2Params {Values: Array of type code 2} */
    tgM_buf pl = {0}, t = {0};
    meta_payload(&pl, NEXT_META);
    put_u32(&t, 1);
    put_u32(&t, 4 + 14 + 4 + 4);
    put_utf16z(&t, "Values");
    put_u32(&t, 19);
    put_u32(&t, 2);
    uint64_t at = pl.n + 5 + t.n - 4; /* the element type */
    v2_tag(&pl, &t);
    int r = meta_payload_mut(x, &pl, at,
                             "gave a V2Params Array the element type 2", out);
    tgM_free(&pl);
    tgM_free(&t);
    return r;
}

static int mut_tag_unknown(nt_mut *x, unsigned v, tg_mutant *out)
{
    tgM_buf pl = {0};
    meta_payload(&pl, NEXT_META);
    uint64_t at = pl.n + 4; /* the kind */
    put_u32(&pl, 2);        /* tag of 2 bytes, kind 9 */
    put_u8(&pl, 9);
    put_u16(&pl, 0);
    int r = v == 0 && meta_payload_mut(x, &pl, at,
                                       "added a metadata tag of kind 9", out);
    tgM_free(&pl);
    return r;
}

/* ---- order, sequence points, sequence numbers ------------------------- */

static int insert_sp(nt_mut *x, int64_t dts, const char *what, tg_mutant *out)
{
    long sp;
    uint64_t ts = last_sp_ts(x, &sp);
    if (sp < 0 || x->m.layout != NT_V45)
        return 0;
    tgM_buf c = {0};
    put_u64(&c, ts + (uint64_t)dts);
    put_u32(&c, 0);
    insert(x, (size_t)sp + 1, NT_B_SP, c.p, c.n);
    tgM_free(&c);
    mark(x, (size_t)sp + 1, 0, what, out);
    return 1;
}

static int mut_sp_back(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && insert_sp(x, -1,
                               "inserted an SPBlock 1 tick before "
                               "the previous one",
                               out);
}

static int mut_sp_equal(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && insert_sp(x, 0,
                               "inserted an SPBlock with the previous "
                               "one's timestamp",
                               out);
}

static int mut_sp_window(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_SP, 0);
    if (v > 0 || i < 0)
        return 0;
    unsigned char *p = bytes(x, (size_t)i);
    tgB_put64(p, tgB_le64(p) - 1000);
    mark(x, (size_t)i, 0, "moved the first sequence point 1000 ticks back",
         out);
    return 1;
}

static int mut_sp_threads(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_SP, 0);
    if (v > 0 || i < 0 || x->m.layout != NT_V45)
        return 0;
    tgM_splice(&x->m.items[i].content, 8, x->m.items[i].content.n - 8,
               "\0\0\0\0", 4);
    mark(x, (size_t)i, 8, "emptied the first SPBlock's thread list", out);
    return 1;
}

static int mut_sp_parse(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_SP, 0);
    if (v > 0 || i < 0 || x->m.layout != NT_V45)
        return 0;
    tgM_buf c = {0};
    tgM_write(&c, bytes(x, (size_t)i), 8);
    put_u32(&c, 2);
    put_u64(&c, 900001);
    put_u32(&c, 0);
    insert(x, (size_t)i + 1, NT_B_SP, c.p, c.n);
    tgM_free(&c);
    mark(x, (size_t)i + 1, 8,
         "inserted an SPBlock with ThreadCount 2 and one entry", out);
    return 1;
}

/* The break is in row `row` of the fresh block. */
static int fresh(nt_mut *x, unsigned v, const fresh_row *rows, size_t n,
                 size_t row, const char *what, tg_mutant *out)
{
    long i = v == 0 ? fresh_block(x, rows, n) : -1;
    if (i < 0)
        return 0;
    mark(x, (size_t)i, x->row_at[row], what, out);
    return 1;
}

static int mut_thread_order(nt_mut *x, unsigned v, tg_mutant *out)
{
    const fresh_row r[] = {{1, 1, 5, 0, EMPTY_META, 0},
                           {1, 2, 4, 0, EMPTY_META, 0}};
    return fresh(x, v, r, 2, 1, "a new thread's second event 1 tick earlier",
                 out);
}

static int mut_sorted(nt_mut *x, unsigned v, tg_mutant *out)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0},
                           {2, 1, 4, 1, EMPTY_META, 0}};
    return fresh(x, v, r, 2, 1,
                 "an event older than the IsSorted event before "
                 "it",
                 out);
}

static int mut_switch(nt_mut *x, unsigned v, tg_mutant *out)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0},
                           {2, 1, 6, 0, EMPTY_META, 0}};
    return fresh(x, v, r, 2, 1,
                 "changed the capture thread on a row without "
                 "IsSorted",
                 out);
}

static int mut_seq_gap(nt_mut *x, unsigned v, tg_mutant *out)
{
    const fresh_row r[] = {{1, 6, 5, 1, EMPTY_META, 0}};
    return fresh(x, v, r, 1, 0, "a new thread's first event numbered 6", out);
}

static int mut_seq_back(nt_mut *x, unsigned v, tg_mutant *out)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0},
                           {1, 2, 6, 0, EMPTY_META, 0},
                           {1, 2, 7, 0, EMPTY_META, 0}};
    return fresh(x, v, r, 3, 2, "numbered a thread's third event 2 again",
                 out);
}

static int mut_seq_reset(nt_mut *x, unsigned v, tg_mutant *out)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0},
                           {1, 2, 6, 0, EMPTY_META, 0},
                           {1, 1, 7, 0, EMPTY_META, 0}};
    return fresh(x, v, r, 3, 2, "restarted a thread's numbering at 1", out);
}

static int mut_payload_large(nt_mut *x, unsigned v, tg_mutant *out)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 70000}};
    long i = v == 0 ? fresh_block(x, r, 1) : -1;
    if (i < 0)
        return 0;
    mark(x, (size_t)i, x->payload_at, "an event with a 70000-byte payload",
         out);
    return 1;
}

/* ---- v6 ----------------------------------------------------------------- */

static int mut_end_missing_v6(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_END, -1);
    if (v > 0 || i < 0)
        return 0;
    nt_model_remove(&x->m, (size_t)i);
    mark(x, (size_t)i - 1, x->m.items[i - 1].content.n,
         "removed the EndOfStream block", out);
    return 1;
}

static int mut_end_size(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_END, -1);
    if (v > 0 || i < 0)
        return 0;
    tgM_write(&x->m.items[i].content, "\0\0\0\0", 4);
    mark_header(x, (size_t)i, 0, "gave the EndOfStream block 4 bytes", out);
    return 1;
}

static int mut_kind_unknown(nt_mut *x, unsigned v, tg_mutant *out)
{
    nt_item *it = v == 0 ? nt_model_insert(&x->m, 2) : NULL;
    if (it == NULL)
        return 0;
    it->kind = NT_NBLOCKS; /* one past the last kind of final v6 */
    tgM_write(&it->content, "\1\2\3\4\5", 5);
    mark_header(x, 2, 0, "inserted a block of kind 9", out);
    return 1;
}

static int mut_first_block(nt_mut *x, unsigned v, tg_mutant *out)
{
    if (v > 0 || x->m.n < 3 || !is_block(x, 1, NT_B_TRACE))
        return 0;
    nt_item t = x->m.items[1];
    x->m.items[1] = x->m.items[2];
    x->m.items[2] = t;
    mark_header(x, 1, 0, "put the Metadata block before the Trace block", out);
    return 1;
}

static int mut_trace_again(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && repeat_item(x, nth(x, NT_B_TRACE, 0),
                                 "repeated the Trace block", out);
}

static int mut_trace_parse(nt_mut *x, unsigned v, tg_mutant *out)
{
    if (v > 0 || x->m.n < 2 || !is_block(x, 1, NT_B_TRACE))
        return 0;
    tgB_put32(bytes(x, 1) + 36, 100);
    /* the strings run out where the block ends */
    mark(x, 1, x->m.items[1].content.n,
         "set KeyValueCount to 100 with 3 pairs", out);
    return 1;
}

static int mut_trailing6(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_SP, -1);
    if (v > 0 || i < 0)
        return 0;
    tgM_write(&x->m.items[i].content, "\xff", 1);
    mark(x, (size_t)i, x->m.items[i].content.n - 1,
         "added a byte after a SequencePoint's entries", out);
    return 1;
}

/* A v6 metadata block, inserted after the first, with one row defining id
 * 100: name strings, then `fields` (Count + descriptions), `optional`
 * (Size + elements) and `tail`. */
/* Metadata block content: one row defining id 100 with these
 * FieldDescriptions, OptionalMetadata and tail.  @return the offset of
 * the FieldDescriptions in the content. */
static uint64_t meta_block6(tgM_buf *c, const void *fields, size_t nf,
                            const void *optional, size_t no, const void *tail,
                            size_t nt)
{
    tgM_buf row = {0};
    put_var(&row, 100);
    put_string6(&row, "P");
    put_var(&row, 1);
    put_string6(&row, "E");
    uint64_t fields_at = 4 + row.n;
    put(&row, fields, nf);
    put(&row, optional, no);
    put(&row, tail, nt);
    put_u16(c, 0);
    put_u16(c, (unsigned)row.n);
    put(c, row.p, row.n);
    tgM_free(&row);
    return fields_at;
}

static int meta6(nt_mut *x, const void *fields, size_t nf,
                 const void *optional, size_t no, const void *tail, size_t nt,
                 uint64_t at, const char *what, tg_mutant *out)
{
    long i = nth(x, NT_B_METADATA, 0);
    if (i < 0)
        return 0;
    tgM_buf c = {0};
    uint64_t fields_at = meta_block6(&c, fields, nf, optional, no, tail, nt);
    insert(x, (size_t)i + 1, NT_B_METADATA, c.p, c.n);
    tgM_free(&c);
    mark(x, (size_t)i + 1, fields_at + at, what, out);
    return 1;
}

#define NO_OPTIONAL       "\0\0", 2
#define FIELD(size, text) "\1\0" size text

static int mut_m6_frame(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_METADATA, 0);
    if (v > 0 || i < 0 ||
        insert(x, (size_t)i + 1, NT_B_METADATA, "\xff\xff", 2) == NULL)
        return 0;
    mark(x, (size_t)i + 1, 0,
         "inserted a Metadata block with HeaderSize "
         "65535",
         out);
    return 1;
}

static int mut_m6_row(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* Count 1, FieldSize 4, a name claiming 9 bytes */
    return v == 0 && meta6(x, "\1\0\4\0\x09Fx\x06", 8, NO_OPTIONAL, "", 0, 4,
                           "gave a field name 9 bytes in a 4-byte field", out);
}

static int field_type(nt_mut *x, unsigned v, const char *type, size_t n,
                      const char *what, tg_mutant *out)
{
    unsigned char f[16] = {1, 0, (unsigned char)(2 + n), 0, 1, 'F'};
    memcpy(f + 6, type, n);
    return v == 0 && meta6(x, f, 6 + n, NO_OPTIONAL, "", 0, 6, what, out);
}

static int mut_m6_type(nt_mut *x, unsigned v, tg_mutant *out)
{
    return field_type(x, v, "\x1b", 1, "gave a field type code 27", out);
}

static int mut_m6_decimal(nt_mut *x, unsigned v, tg_mutant *out)
{
    return field_type(x, v, "\x0f", 1, "gave a field type code 15", out);
}

static int mut_m6_loc_variable(nt_mut *x, unsigned v, tg_mutant *out)
{
    return field_type(x, v, "\x18\x12", 2,
                      "a RelLoc field of NullTerminatedUTF16String", out);
}

static int mut_m6_loc_varint(nt_mut *x, unsigned v, tg_mutant *out)
{
    return field_type(x, v, "\x19\x15", 2, "a DataLoc field of VarUInt", out);
}

static int mut_m6_utf8(nt_mut *x, unsigned v, tg_mutant *out)
{
    return field_type(x, v, "\x17", 1, "a scalar field of type 23", out);
}

static int mut_m6_optional(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && meta6(x, "\0\0", 2, "\2\0\2\1", 4, "", 0, 4,
                           "gave an OptionalMetadata element kind 2", out);
}

static int mut_m6_tail(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && meta6(x, "\0\0", 2, NO_OPTIONAL, "\7\7\7", 3, 4,
                           "added 3 undefined bytes to a metadata row", out);
}

/* Thread blocks and events on a fresh thread index 99, after the last SP:
 * each row is (seq, dts, flags extra, metadata id, uncompressed EventSize
 * or 0 for a compressed row). */
typedef struct row6 {
    uint32_t seq;
    int64_t dts;
    unsigned extra; /* 0x20, or 0x40 (sorted) */
    uint32_t meta;
    uint32_t event_size; /* uncompressed rows: the EventSize to write */
} row6;

static long fresh6(nt_mut *x, int declare, const row6 *rows, size_t n)
{
    long sp = nth(x, NT_B_SP, -1);
    if (sp < 0)
        return -1;
    uint64_t base = tgB_le64(bytes(x, (size_t)sp)), lo = UINT64_MAX, hi = 0;
    uint64_t prev = 0;
    uint32_t prev_seq = 0;
    size_t at = (size_t)sp + 1;
    /* a flush after the SP may be followed by re-declarations: go past */
    while (at < x->m.n &&
           (is_block(x, at, NT_B_THREAD) || is_block(x, at, NT_B_METADATA)))
        at++;
    if (declare) {
        tgM_buf t = {0};
        put_u16(&t, 1);
        put_u8(&t, 99);
        insert(x, at++, NT_B_THREAD, t.p, t.n);
        tgM_free(&t);
    }
    tgM_buf r = {0}, c = {0}, pl = {0};
    tgB_rng rng = {42};
    int uncompressed = rows[0].event_size != 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t ts = base + (uint64_t)rows[i].dts;
        if (i < 4)
            x->row_at[i] = 20 + r.n;
        pl.n = 0;
        if (x->payload)
            put(&pl, x->payload, x->payload_n);
        else
            nt_gen_payload(&pl, &rng, NT_V6, rows[i].meta);
        if (uncompressed) {
            put_u32(&r, rows[i].event_size);
            put_u32(&r,
                    rows[i].meta | (rows[i].extra & 0x40 ? 0 : 0x80000000u));
            put_u32(&r, rows[i].seq);
            put_u64(&r, 99);
            put_u64(&r, 99);
            put_u32(&r, 0);
            put_u32(&r, 0);
            put_u64(&r, ts);
            put_u32(&r, 0);
            put_u32(&r, (uint32_t)pl.n);
        } else {
            put_u8(&r, 0x01 | 0x02 | 0x04 | 0x80 | rows[i].extra);
            put_var(&r, rows[i].meta);
            put_var(&r, (uint32_t)(rows[i].seq - prev_seq - 1));
            put_var(&r, 99);
            put_var(&r, 0);
            put_var(&r, 99);
            put_var(&r, ts - prev);
            put_var(&r, pl.n);
        }
        if (i == 0)
            x->payload_at = 20 + r.n;
        put(&r, pl.p, pl.n);
        prev = ts;
        prev_seq = rows[i].seq;
        lo = ts < lo ? ts : lo;
        hi = ts > hi ? ts : hi;
    }
    block_header(&c, uncompressed ? 0 : 1, lo, hi);
    put(&c, r.p, r.n);
    insert(x, at, NT_B_EVENT, c.p, c.n);
    tgM_free(&r);
    tgM_free(&c);
    tgM_free(&pl);
    return (long)at;
}

/* The break is in the last of the fresh rows. */
static int events6(nt_mut *x, unsigned v, int declare, const row6 *rows,
                   size_t n, const char *what, tg_mutant *out)
{
    long i = v == 0 ? fresh6(x, declare, rows, n) : -1;
    if (i < 0)
        return 0;
    mark(x, (size_t)i, x->row_at[n - 1], what, out);
    return 1;
}

static int mut_event_size6(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* metadata 3 has no fields: its events have empty payloads */
    const row6 r[] = {{1, 5, 0x40, 3, 49}};
    return events6(x, v, 1, r, 1,
                   "wrote an uncompressed row with EventSize "
                   "49 for 48 + 0",
                   out);
}

static int mut_flag_20(nt_mut *x, unsigned v, tg_mutant *out)
{
    const row6 r[] = {{1, 5, 0x20, 1, 0}};
    return events6(x, v, 1, r, 1, "set flag 0x20 on a v6 row", out);
}

static int mut_thread_unknown(nt_mut *x, unsigned v, tg_mutant *out)
{
    const row6 r[] = {{1, 5, 0, 1, 0}};
    return events6(x, v, 0, r, 1,
                   "an event on thread index 99, never "
                   "declared",
                   out);
}

static int mut_seq_first6(nt_mut *x, unsigned v, tg_mutant *out)
{
    const row6 r[] = {{7, 5, 0, 1, 0}};
    return events6(x, v, 1, r, 1,
                   "numbered a new thread index's first "
                   "event 7",
                   out);
}

static int mut_thread_order6(nt_mut *x, unsigned v, tg_mutant *out)
{
    const row6 r[] = {{1, 5, 0, 1, 0}, {2, 4, 0, 1, 0}};
    return events6(x, v, 1, r, 2,
                   "gave a thread index's second event an "
                   "earlier timestamp",
                   out);
}

/* An event of metadata 100, defined just before it with these fields,
 * whose payload is these bytes. */
static int payload6(nt_mut *x, const void *fields, size_t nf,
                    const void *payload, size_t np, uint64_t at,
                    const char *what, tg_mutant *out)
{
    const row6 r[] = {{1, 5, 0, 100, 0}};
    x->payload = payload;
    x->payload_n = np;
    long i = fresh6(x, 1, r, 1);
    if (i < 0)
        return 0;
    tgM_buf c = {0};
    meta_block6(&c, fields, nf, NO_OPTIONAL, "", 0);
    insert(x, (size_t)i, NT_B_METADATA, c.p, c.n);
    tgM_free(&c);
    mark(x, (size_t)i + 1, x->payload_at + at, what, out);
    return 1;
}

/* A Thread block of content p inserted as item `at`; the break is
 * `delta` bytes into it. */
static int insert_threads(nt_mut *x, long at, const void *p, size_t n,
                          uint64_t delta, const char *what, tg_mutant *out)
{
    if (at < 0 || insert(x, (size_t)at, NT_B_THREAD, p, n) == NULL)
        return 0;
    mark(x, (size_t)at, delta, what, out);
    return 1;
}

static int mut_thread_parse(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* RowSize 3: index 98, a Name claiming 10 bytes */
    return v == 0 &&
           insert_threads(x, nth(x, NT_B_THREAD, 0) + 1, "\3\0\x62\1\x0a", 5,
                          4, "a thread name longer than its row", out);
}

static int mut_thread_kind(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 &&
           insert_threads(x, nth(x, NT_B_THREAD, 0) + 1, "\3\0\x61\5\0", 5, 3,
                          "a thread info entry of kind 5", out);
}

static int mut_thread_twice(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && repeat_item(x, nth(x, NT_B_THREAD, 0),
                                 "repeated the Thread block", out);
}

static int mut_thread_reuse(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_REMOVE_THREAD, -1);
    if (v > 0 || i < 0)
        return 0;
    /* a row re-declaring the removed index (its first varuint) */
    unsigned char row[3] = {1, 0, bytes(x, (size_t)i)[0]};
    return insert_threads(x, i + 1, row, 3, 0,
                          "declared the removed thread "
                          "index again",
                          out);
}

static int mut_thread_remove(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && repeat_item(x, nth(x, NT_B_REMOVE_THREAD, -1),
                                 "removed a thread index twice", out);
}

static int mut_label_unknown(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_LABELS, 0), e = nth(x, NT_B_EVENT, 0);
    if (v > 0 || i < 0 || e < i)
        return 0;
    tgB_put32(bytes(x, (size_t)i), 100);
    /* the window's first event (it always has label list 1) fails */
    mark(x, (size_t)e, 20, "moved a window's label list ids to start at 100",
         out);
    return 1;
}

static int insert_labels(nt_mut *x, const void *p, size_t n, uint64_t at,
                         const char *what, tg_mutant *out)
{
    long i = nth(x, NT_B_LABELS, 0);
    if (i < 0 || insert(x, (size_t)i + 1, NT_B_LABELS, p, n) == NULL)
        return 0;
    mark(x, (size_t)i + 1, at, what, out);
    return 1;
}

static int mut_label_first(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && insert_labels(x, "\0\0\0\0\1\0\0\0\x87\1", 10, 0,
                                   "a LabelList block with firstIndex 0", out);
}

static int mut_label_twice(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && repeat_item(x, nth(x, NT_B_LABELS, 0),
                                 "repeated a LabelList block", out);
}

static int mut_label_parse(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && insert_labels(x, "\xc8\0\0\0\1\0\0\0\x8b\1", 10, 8,
                                   "a label of kind 11", out);
}

static int mut_sp_flags(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_SP, 0);
    if (v > 0 || i < 0)
        return 0;
    bytes(x, (size_t)i)[8] |= 4;
    mark(x, (size_t)i, 8, "set bit 2 of a SequencePoint's Flags", out);
    return 1;
}

/* ---- the v6 draft (kinds.c: Stack and SequencePoint swap numbers) ----- */

static int bump_count(nt_mut *x, enum nt_block b, const char *what,
                      tg_mutant *out)
{
    long i = nth(x, b, 0);
    if (i < 0 || x->m.items[i].content.n < 2)
        return 0;
    unsigned char *p = bytes(x, (size_t)i);
    unsigned n = (unsigned)(p[0] | p[1] << 8) + 1;
    p[0] = (unsigned char)n;
    p[1] = (unsigned char)(n >> 8);
    mark(x, (size_t)i, 0, what, out);
    return 1;
}

static int mut_draft_meta_count(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && bump_count(x, NT_B_METADATA,
                                "raised a draft metadata Count by 1", out);
}

static int mut_draft_thread_parse(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v == 0 && bump_count(x, NT_B_THREAD,
                                "raised a draft Thread block Count "
                                "by 1",
                                out);
}

/* A draft metadata block after the first: Count 1, a row defining id 100
 * with `fields` and `optional` as given. */
static int draft_meta(nt_mut *x, const void *fields, size_t nf,
                      const void *optional, size_t no, uint64_t at,
                      const char *what, tg_mutant *out)
{
    long i = nth(x, NT_B_METADATA, 0);
    if (i < 0)
        return 0;
    tgM_buf c = {0};
    put_u16(&c, 1);
    put_var(&c, 100);
    put_string6(&c, "P");
    put_var(&c, 1);
    put_string6(&c, "E");
    uint64_t fields_at = c.n;
    put(&c, fields, nf);
    put(&c, optional, no);
    insert(x, (size_t)i + 1, NT_B_METADATA, c.p, c.n);
    tgM_free(&c);
    mark(x, (size_t)i + 1, fields_at + at, what, out);
    return 1;
}

static int mut_draft_meta_row(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* one field of type 25 (not a draft type code) named "F" */
    return v == 0 &&
           draft_meta(x,
                      "\x01\x19\x01"
                      "F",
                      4, "\0", 1, 1, "gave a draft field type code 25", out);
}

static int mut_draft_optional(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* no fields; one optional element of kind 7, Size 2 */
    return v == 0 &&
           draft_meta(x, "\0", 1, "\x01\x07\x02\xab\xcd", 5, 2,
                      "added a draft optional element of kind 7", out);
}

static int mut_draft_thread(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_THREAD, 0);
    if (v > 0 || i < 0)
        return 0;
    nt_model_remove(&x->m, (size_t)i);
    /* the first event after it names a thread no block declared */
    long e = nth(x, NT_B_EVENT, 0);
    if (e < i)
        return 0;
    mark(x, (size_t)e, 20, "removed the first draft Thread block", out);
    return 1;
}

/* After the last draft sequence point (before EndOfStream): a Thread
 * block declaring index 99, then an Event block with one row of metadata
 * `id` on it, 5 ticks after that point, holding `payload`; with pad >= 0
 * the row is uncompressed (the v5 row) with pad zero bytes of padding.
 * @return the Event block's item, its payload at x->payload_at, or -1. */
static long draft_event(nt_mut *x, uint32_t id, const void *payload, size_t np,
                        int pad)
{
    long sp = nth(x, NT_B_SP, -1), end = nth(x, NT_B_END, -1);
    if (sp < 0 || end < 0 || x->m.layout == NT_V45)
        return -1;
    uint64_t ts = tgB_le64(bytes(x, (size_t)sp)) + 5;
    /* Count 1: Index 99, ThreadId 99, ProcessId 1 */
    insert(x, (size_t)end, NT_B_THREAD, "\1\0\x63\x63\x01", 5);
    tgM_buf c = {0};
    block_header(&c, pad >= 0 ? 0 : 1, ts, ts);
    if (pad >= 0) {
        put_u32(&c, (uint32_t)(76 + np + (size_t)pad));
        put_u32(&c, id); /* bit 31 clear: sorted */
        put_u32(&c, 1);
        put_u64(&c, 99);
        put_u64(&c, 99);
        put_u32(&c, 0);
        put_u32(&c, 0);
        put_u64(&c, ts);
        for (int k = 0; k < 32; k++) /* ActivityId, RelatedActivityId */
            put_u8(&c, 0);
        put_u32(&c, (uint32_t)np);
    } else {
        put_u8(&c, 0x01 | 0x02 | 0x04 | 0x40 | 0x80);
        put_var(&c, id);
        put_var(&c, 0); /* sequence 0 + 0 + 1 */
        put_var(&c, 99);
        put_var(&c, 0);
        put_var(&c, 99);
        put_var(&c, ts);
        put_var(&c, np);
    }
    x->payload_at = c.n;
    put(&c, payload, np);
    for (int k = 0; k < pad; k++)
        put_u8(&c, 0);
    insert(x, (size_t)end + 1, NT_B_EVENT, c.p, c.n);
    tgM_free(&c);
    return end + 1;
}

static int mut_draft_row_padding(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* metadata 1 has no fields in the draft: an empty payload */
    long i = v == 0 ? draft_event(x, 1, "", 0, 4) : -1;
    if (i < 0)
        return 0;
    mark(x, (size_t)i, x->payload_at,
         "gave an uncompressed draft row 4 "
         "bytes of zero padding",
         out);
    return 1;
}

/* v4/v5: metadata NEXT_META with this field list (after Level), then an
 * event of it on a fresh thread holding `payload`; the break is `at`
 * bytes into that payload. */
static int payload45(nt_mut *x, const void *fields, size_t nf,
                     const void *payload, size_t np, uint64_t at,
                     const char *what, tg_mutant *out)
{
    tgM_buf pl = {0};
    meta_header(&pl, NEXT_META);
    put(&pl, fields, nf);
    long m = meta_block_with(x, &pl);
    tgM_free(&pl);
    const fresh_row r[] = {{1, 1, 5, 1, NEXT_META, (uint32_t)np}};
    x->payload = payload;
    long i = m < 0 ? -1 : fresh_block(x, r, 1);
    if (i < 0)
        return 0;
    mark(x, (size_t)i, x->payload_at + at, what, out);
    return 1;
}

/* The draft: metadata 100 with these draft fields, then an event of it
 * holding `payload`; the break is `at` bytes into the payload. */
static int payload_draft(nt_mut *x, const void *fields, size_t nf,
                         const void *payload, size_t np, uint64_t at,
                         const char *what, tg_mutant *out)
{
    if (!draft_meta(x, fields, nf, "\0", 1, 0, what, out))
        return 0;
    long i = draft_event(x, 100, payload, np, -1);
    if (i < 0)
        return 0;
    mark(x, (size_t)i, x->payload_at + at, what, out);
    return 1;
}

/* V1 fields: {Count: Int32, Ratio: Double}; {Name: String} */
#define V1_TWO                                                                \
    "\2\0\0\0"                                                                \
    "\x09\0\0\0C\0\0\0"                                                       \
    "\x0e\0\0\0R\0\0\0"
#define V1_NAME                                                               \
    "\1\0\0\0"                                                                \
    "\x12\0\0\0N\0\0\0"
/* an empty V1 list, then V2Params {P: Array<UInt16>} */
#define V2_PORTS                                                              \
    "\0\0\0\0"                                                                \
    "\x14\0\0\0\x02"                                                          \
    "\1\0\0\0"                                                                \
    "\x10\0\0\0P\0\0\0\x13\0\0\0\x08\0\0\0"

/* A payload mutant: metadata with these fields (in the layout of the
 * parent's profile) and an event of it whose payload breaks at `at`. */
typedef struct pay_case {
    int profile;
    const char *fields;
    size_t nf;
    const char *payload;
    size_t np;
    uint64_t at;
    const char *what;
} pay_case;

#define PAY(profile, fields, payload, at, what)                               \
    {                                                                         \
        profile, fields, sizeof fields - 1, payload, sizeof payload - 1, at,  \
            what                                                              \
    }

static int pay_mutant(nt_mut *x, const pay_case *c, tg_mutant *out)
{
    if (strcmp(out->profile, tgN_profiles[c->profile]) != 0 &&
        !reparent(x, c->profile, out))
        return 0;
    switch (c->profile) {
    case NT_PROFILE_DEFAULT:
        return payload45(x, c->fields, c->nf, c->payload, c->np, c->at,
                         c->what, out);
    case NT_PROFILE_V6:
        return payload6(x, c->fields, c->nf, c->payload, c->np, c->at, c->what,
                        out);
    default:
        return payload_draft(x, c->fields, c->nf, c->payload, c->np, c->at,
                             c->what, out);
    }
}

/* v4/v5 first (the rule's parent), then v6, then the draft */
static const pay_case pay_short[] = {
    PAY(NT_PROFILE_DEFAULT, V1_TWO, "\1\2\3\4\5\6\7\10\11\12\13", 0,
        "v4/v5: an event of two fixed-size V1 fields (12 bytes) with an "
        "11-byte payload"),
    PAY(NT_PROFILE_DEFAULT, V1_NAME, "a\0b\0c\0", 0,
        "v4/v5: a V1 String without its NUL"),
    PAY(NT_PROFILE_DEFAULT, V2_PORTS, "\377\377\1\0\2\0", 2,
        "v4/v5: a V2Params Array<UInt16> claiming 65535 elements in a "
        "6-byte payload"),
    PAY(NT_PROFILE_V6,
        "\2\0"
        "\7\0\5Count\x09"
        "\7\0\5Ratio\x0e",
        "\1\2\3\4\5\6\7\10\11\12\13", 0,
        "v6: an event of two fixed-size fields (12 bytes) with an 11-byte "
        "payload"),
    PAY(NT_PROFILE_V6, FIELD("\10\0", "\5Ports\x13\x08"), "\377\377\1\0\2\0",
        2, "v6: an Array<UInt16> claiming 65535 elements in a 6-byte payload"),
    PAY(NT_PROFILE_V6, FIELD("\6\0", "\4Name\x12"), "a\0b\0c\0", 0,
        "v6: a UTF-16 string without its NUL"),
    PAY(NT_PROFILE_V6, FIELD("\11\0", "\4Quad\x16\x09\377\377"),
        "\1\0\0\0\2\0\0\0", 0,
        "v6: a FixedLengthArray of 65535 Int32 in an 8-byte payload"),
    PAY(NT_PROFILE_V6_DRAFT, "\1\x17\5Label", "\x64\0ab", 2,
        "draft: a LengthPrefixedUTF8String claiming 100 bytes with 2"),
};

static const pay_case pay_loc[] = {
    PAY(NT_PROFILE_V6, FIELD("\7\0", "\4Blob\x18\x09"), "\10\0\4\0\1\2\3\4", 0,
        "a RelLoc whose region starts 8 bytes past its field in an "
        "8-byte payload"),
    PAY(NT_PROFILE_V6, FIELD("\7\0", "\4Text\x19\x06"), "\2\0\20\0abcd", 0,
        "a DataLoc of 16 bytes in an 8-byte payload"),
    PAY(NT_PROFILE_V6, FIELD("\7\0", "\4Blob\x18\x09"), "\0\0\3\0\1\2\3", 0,
        "a RelLoc<Int32> region of 3 bytes"),
};

#define NCASES(a) (sizeof a / sizeof a[0])

static int mut_pay_short(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v < NCASES(pay_short) && pay_mutant(x, &pay_short[v], out);
}

static int mut_pay_loc(nt_mut *x, unsigned v, tg_mutant *out)
{
    return v < NCASES(pay_loc) && pay_mutant(x, &pay_loc[v], out);
}

static int mut_str_encoding(nt_mut *x, unsigned v, tg_mutant *out)
{
    tgM_buf pl = {0};
    int r = 0;
    switch (v) {
    case 0: /* v4/v5: ProviderName "M", then a lone high surrogate */
        put_u32(&pl, NEXT_META);
        put(&pl, "M\0\0\xd8\0\0", 6);
        put_u32(&pl, 1);
        put_utf16z(&pl, "E");
        put_u64(&pl, 0);
        put_u32(&pl, 0);
        put_u32(&pl, 4);
        put_u32(&pl, 0);
        r = meta_payload_mut(x, &pl, 4 + 2,
                             "v4/v5: a provider name with an unpaired "
                             "surrogate",
                             out);
        break;
    case 1: /* v6: a Thread row for index 98 named c3 28 */
        r = reparent(x, NT_PROFILE_V6, out) &&
            insert_threads(x, nth(x, NT_B_THREAD, 0) + 1,
                           "\5\0\x62\1\2\xc3\x28", 7, 6,
                           "v6: a thread name that is not UTF-8", out);
        break;
    case 2: { /* the draft: metadata 100 whose provider is c3 28 */
        long i = reparent(x, NT_PROFILE_V6_DRAFT, out)
                     ? nth(x, NT_B_METADATA, 0)
                     : -1;
        if (i < 0)
            break;
        put(&pl, "\1\0\x64\2\xc3\x28\1\1E\0\0", 11);
        insert(x, (size_t)i + 1, NT_B_METADATA, pl.p, pl.n);
        mark(x, (size_t)i + 1, 5, "draft: a provider name that is not UTF-8",
             out);
        r = 1;
        break;
    }
    }
    tgM_free(&pl);
    return r;
}

/* ---- observed runtime invariants (v4/v5) ------------------------------ */

static int mut_obs_block(nt_mut *x, unsigned v, tg_mutant *out)
{
    long i = nth(x, NT_B_STACK, 0);
    if (v > 0 || i < 0)
        return 0;
    tgM_buf c = {0};
    put_u32(&c, 900);
    put_u32(&c, 1);
    /* a stack of the largest size a runtime writes, 12 header bytes on */
    put_u32(&c, NT_OBSERVED_BLOCK);
    for (unsigned k = 0; k < NT_OBSERVED_BLOCK; k++)
        put_u8(&c, 0);
    _Static_assert(NT_OBSERVED_BLOCK + 12 == 102412,
                   "the mutation's text names the block's size");
    insert(x, (size_t)i + 1, NT_B_STACK, c.p, c.n);
    tgM_free(&c);
    mark_header(x, (size_t)i + 1, obj_block_size(&x->m.items[i + 1]),
                "inserted a StackBlock of 102412 bytes", out);
    return 1;
}

static int mut_obs_meta(nt_mut *x, unsigned v, tg_mutant *out)
{
    return define_meta(x, v, 1000, "defined metadata id 1000 after ids 1-6",
                       out);
}

static int mut_obs_stack(nt_mut *x, unsigned v, tg_mutant *out)
{
    /* the last window's stacks get ids from 0, a new empty stack taking
     * id 0: every id its events use stays defined */
    long i = nth(x, NT_B_STACK, -1);
    if (v > 0 || i < 0)
        return 0;
    unsigned char *p = bytes(x, (size_t)i);
    tgB_put32(p, 0);
    tgB_put32(p + 4, tgB_le32(p + 4) + 1);
    tgM_splice(&x->m.items[i].content, 8, 0, "\0\0\0\0", 4);
    mark(x, (size_t)i, 0, "started the last window's stack ids at 0", out);
    return 1;
}

static int mut_obs_last_sp(nt_mut *x, unsigned v, tg_mutant *out)
{
    long sp = nth(x, NT_B_SP, -1);
    if (v > 0 || sp < 0 || x->m.layout != NT_V45)
        return 0;
    tgM_buf pl = {0}, c = {0};
    meta_payload(&pl, NEXT_META);
    block_header(&c, 1, 0, 0);
    put(&c, "\x80\x00", 2);
    put_var(&c, pl.n);
    put(&c, pl.p, pl.n);
    insert(x, (size_t)sp + 1, NT_B_METADATA, c.p, c.n);
    tgM_free(&pl);
    tgM_free(&c);
    /* the end tag now follows another object */
    mark(x, x->m.n - 1, 0, "added a MetadataBlock after the last SPBlock",
         out);
    return 1;
}

/* ---- the table, in rules.def order -------------------------------------- */

static const nt_mutator mutators[NT_NRULES] = {
#define MUT(fn, text) fn
#define NOMUT(reason) NULL
#define TG_RULE(sym, id, level, kind, gens, doc, section, quote, message,     \
                mutation, example)                                            \
    mutation,
#include "../rules.def"
#undef TG_RULE
#undef MUT
#undef NOMUT
};

int tgN_mutate(size_t rule, unsigned variant, uint64_t seed, tgO_out *out,
               tg_mutant *mu)
{
    if (rule >= NT_NRULES || mutators[rule] == NULL)
        return 0;
    /* the parent: v4/v5 for rules that apply there, else final v6, or the
     * draft for draft-only rules */
    unsigned scope = tgN_rules[rule].scope;
    int profile = scope & IN_V45  ? NT_PROFILE_DEFAULT
                  : scope & IN_V6 ? NT_PROFILE_V6
                                  : NT_PROFILE_V6_DRAFT;
    mu->profile = tgN_profiles[profile];
    nt_mut *x = calloc(1, sizeof *x);
    if (x == NULL)
        return -1;
    x->cut = UINT64_MAX;
    x->seed = seed;
    nt_sink sink = {NULL, &x->m, 0, 0};
    int r = nt_generate(profile, seed, 0, &sink);
    if (r == 0)
        r = mutators[rule](x, variant, mu);
    if (r > 0 && !x->m.failed) {
        tgM_buf b = {0};
        tgO_out *o = malloc(sizeof *o);
        if (o == NULL) {
            r = -1;
        } else {
            tgO_init(o, tgM_write, &b);
            nt_serialise(&x->m, o);
            if (tgO_flush(o) != 0 || b.failed)
                r = -1;
            free(o);
        }
        if (r > 0) {
            size_t n = x->cut < b.n ? (size_t)x->cut : b.n;
            tgO_put(out, b.p, n);
            nt_item *it = &x->m.items[x->item < x->m.n ? x->item : 0];
            mu->offset = (x->header ? it->at : it->content_at) + x->delta;
        }
        tgM_free(&b);
    } else if (r > 0) {
        r = -1;
    }
    nt_model_free(&x->m);
    free(x);
    return r;
}
