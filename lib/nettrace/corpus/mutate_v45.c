/* mutate_v45.c - mutators whose parent is a v4/v5 trace: the stream
 * header, FastSerialization objects, block headers, rows, references,
 * metadata payloads, ordering and sequence numbers, and the runtime's
 * observed invariants.  Some also have v6 variants (reparent()). */
#include <stdlib.h>
#include <string.h>

#include "mutate.h"
#include "../../core/mem.h"

/* ---- header ----------------------------------------------------------- */

int mu_patch_raw(nt_mut *x, size_t item, size_t off, const void *p, size_t n)
{
    if (item >= x->m.n || !x->m.items[item].raw ||
        x->m.items[item].content.n < off + n)
        return 0;
    memcpy(mu_bytes(x, item) + off, p, n);
    mu_mark(x, item, off);
    return 1;
}

int mut_magic(nt_mut *x)
{
    return mu_patch_raw(x, 0, NT_MAGIC_LEN - 1, "f", 1);
}

int mut_fastser(nt_mut *x)
{
    return mu_patch_raw(x, 0, NT_MAGIC_LEN, "\x15", 1);
}

static int mut_major(nt_mut *x, unsigned major)
{
    unsigned char b[4];
    tgBytes_put32(b, major);
    return x->m.layout != NT_V45 && mu_patch_raw(x, 0, NT_V6_MAJOR, b, 4);
}

int mut_major_old(nt_mut *x) { return mut_major(x, 5); }

int mut_major_new(nt_mut *x) { return mut_major(x, 7); }

int mut_netperf(nt_mut *x)
{
    if (!x->m.items[0].raw)
        return 0;
    tgMembuf_splice(&x->m.items[0].content, 0, 8, NULL, 0);
    mu_mark(x, 0, 0);
    return 1;
}

int mut_minor(nt_mut *x)
{
    return x->m.layout != NT_V45 && mu_patch_raw(x, 0, NT_V6_MINOR, "\x01", 1);
}

/* ---- v4/v5 objects ----------------------------------------------------- */

/* Item 1 of a v4/v5 model is the Trace object: its header (the name
 * "Trace" and 06), the payload, 06. */
#define TRACE_ITEM    1
#define TRACE_PAYLOAD (NT_O45_NAME + 5 + 1)

int mut_tags(nt_mut *x)
{
    long i = mu_nth(x, NT_B_METADATA, 0);
    if (i < 0)
        return 0;
    x->m.items[i].end_tag = 0x07;
    mu_mark(x, (size_t)i, x->m.items[i].content.n);
    return 1;
}

int mut_name_len(nt_mut *x)
{
    static const unsigned char h[] = {NT_TAG_BEGIN,
                                      NT_TAG_BEGIN,
                                      NT_TAG_NULL_REF,
                                      2,
                                      0,
                                      0,
                                      0,
                                      2,
                                      0,
                                      0,
                                      0,
                                      0xff,
                                      0xff,
                                      0xff,
                                      0xff};
    if (mu_raw_insert(x, TRACE_ITEM + 1, h, sizeof h) == NULL)
        return 0;
    mu_mark(x, TRACE_ITEM + 1, NT_O45_NAMELEN);
    return 1;
}

int mut_first_trace(nt_mut *x)
{
    long i = mu_nth(x, NT_B_METADATA, 0);
    if (i != TRACE_ITEM + 1)
        return 0;
    nt_item t = x->m.items[TRACE_ITEM];
    x->m.items[TRACE_ITEM] = x->m.items[i];
    x->m.items[i] = t;
    mu_mark_header(x, TRACE_ITEM, 0);
    return 1;
}

int mut_trace_version(nt_mut *x)
{
    return mu_patch_raw(x, TRACE_ITEM, NT_O45_VERSION, "\x05", 1);
}

int mut_trace_minver(nt_mut *x)
{
    return mu_patch_raw(x, TRACE_ITEM, NT_O45_MINVER, "\x03", 1);
}

int mut_trace_size(nt_mut *x)
{
    enum { END = TRACE_PAYLOAD + NT_TF_V45_SIZE };
    if (x->m.items[TRACE_ITEM].content.n != END + 1)
        return 0;
    tgMembuf_splice(&x->m.items[TRACE_ITEM].content, END - 1, 1, NULL, 0);
    /* the end tag now stands where the last payload byte was; the next
     * byte is where it belongs */
    mu_mark(x, TRACE_ITEM, END);
    return 1;
}

int mut_unknown_object(nt_mut *x)
{
    long i = mu_nth(x, NT_B_EVENT, 0);
    if (i < 0)
        return 0;
    x->m.items[i].name = "EventBlok";
    mu_mark_header(x, (size_t)i, NT_O45_NAME);
    return 1;
}

static int set_versions(nt_mut *x, int32_t version, int32_t minver)
{
    long i = mu_nth(x, NT_B_STACK, 0);
    if (i < 0)
        return 0;
    x->m.items[i].version = version;
    x->m.items[i].min_version = minver;
    mu_mark_header(x, (size_t)i,
                   version != 2 ? NT_O45_VERSION : NT_O45_MINVER);
    return 1;
}

int mut_block_version(nt_mut *x) { return set_versions(x, 3, 2); }

int mut_block_minver(nt_mut *x) { return set_versions(x, 2, 0); }

int mut_block_minver_high(nt_mut *x) { return set_versions(x, 2, 3); }

int mut_block_size(nt_mut *x)
{
    long i = mu_nth(x, NT_B_STACK, 0);
    if (i < 0)
        return 0;
    x->m.items[i].size = -1;
    mu_mark_header(x, (size_t)i, mu_obj_block_size(&x->m.items[i]));
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
    tgOut *o = tgMem_malloc(sizeof *o);
    if (o == NULL)
        return;
    tgOut_init(o, discard, NULL);
    nt_serialise(&x->m, o);
    tgMem_free(o);
}

int mut_padding(nt_mut *x)
{
    if (x->m.layout != NT_V45)
        return 0;
    layout(x);
    for (size_t i = 0; i < x->m.n; i++) {
        nt_item *it = &x->m.items[i];
        if (!it->raw &&
            it->content_at - it->at > NT_O45_HEADER(strlen(it->name))) {
            it->pad_byte = 0xff;
            mu_mark_header(x, i, mu_obj_block_size(it) + 4);
            return 1;
        }
    }
    return 0;
}

int mut_pad_count(nt_mut *x)
{
    if (x->m.layout != NT_V45)
        return 0;
    layout(x);
    /* a block with padding to take from (variant 1) or any (variant 0) */
    for (size_t i = 0; i < x->m.n; i++) {
        nt_item *it = &x->m.items[i];
        if (it->raw)
            continue;
        size_t pad = it->content_at - it->at - NT_O45_HEADER(strlen(it->name));
        if (x->variant == 1 && pad == 0)
            continue;
        it->pad_extra = x->variant ? -1 : 1;
        mu_mark_header(x, i, mu_obj_block_size(it) + 4);
        return 1;
    }
    return 0;
}

int mut_cut(nt_mut *x)
{
    long i = mu_nth(x, NT_B_EVENT, -1);
    if (i < 0)
        return 0;
    layout(x);
    x->cut = x->m.items[i].content_at + 3;
    mu_mark(x, (size_t)i, 2); /* the last byte the input has */
    return 1;
}

int mut_end_missing(nt_mut *x)
{
    if (x->m.layout != NT_V45 || !x->m.items[x->m.n - 1].raw)
        return 0;
    nt_model_remove(&x->m, x->m.n - 1);
    mu_mark(x, x->m.n - 1, x->m.items[x->m.n - 1].content.n + 1);
    return 1;
}

int mut_trailing(nt_mut *x)
{
    if (mu_raw_insert(x, x->m.n, "\x01\0\0\0", 4) == NULL)
        return 0;
    mu_mark(x, x->m.n - 1, 0);
    return 1;
}

static int patch_trace(nt_mut *x, size_t off, const void *p, size_t n)
{
    /* v6: item 1 is the Trace block and its fields start at 0 */
    size_t base = x->m.layout != NT_V45 ? 0 : TRACE_PAYLOAD;
    if (x->m.n < 2 || x->m.items[TRACE_ITEM].content.n < base + NT_TF_V6_FIXED)
        return 0;
    memcpy(mu_bytes(x, TRACE_ITEM) + base + off, p, n);
    mu_mark(x, TRACE_ITEM, base + off);
    return 1;
}

int mut_pointer(nt_mut *x)
{
    /* 1 divides every stack size, so only PointerSize itself is wrong;
     * 0 (variant 1) is what breaks readers that divide by it */
    return patch_trace(x, NT_TF_POINTER,
                       x->variant ? "\0\0\0\0" : "\x01\0\0\0", 4);
}

int mut_frequency(nt_mut *x)
{
    return patch_trace(x, NT_TF_FREQUENCY, "\0\0\0\0\0\0\0\0", 8);
}

/* Month 13 */
int mut_synctime(nt_mut *x)
{
    return patch_trace(x, NT_TF_SYNCTIME + 2, "\x0d\0", 2);
}

/* ---- block headers ----------------------------------------------------- */

/* Insert a block of type b with content c after the first such block. */
int mu_insert_after_first(nt_mut *x, enum nt_block b, const void *c, size_t n,
                          uint64_t at)
{
    long i = mu_nth(x, b, 0);
    if (i < 0)
        return 0;
    tgMembuf content = {0};
    put(&content, c, n);
    mu_insert(x, (size_t)i + 1, b, content.p, content.n);
    tgMembuf_free(&content);
    mu_mark(x, (size_t)i + 1, at);
    return 1;
}

int mut_header_size(nt_mut *x)
{
    /* HeaderSize one short of the header, Flags 1 (compressed) */
    unsigned char c[NT_BLOCK_HEADER] = {NT_BLOCK_HEADER - 1, 0, 1};
    return mu_insert_after_first(x, NT_B_EVENT, c, sizeof c, 0);
}

int mut_block_flags(nt_mut *x)
{
    long i = mu_nth(x, NT_B_EVENT, 0);
    if (i < 0)
        return 0;
    mu_bytes(x, (size_t)i)[2] = 3;
    mu_mark(x, (size_t)i, 2);
    return 1;
}

int mut_block_empty(nt_mut *x)
{
    /* a block header (HeaderSize, Flags 1) and no row */
    unsigned char c[NT_BLOCK_HEADER] = {NT_BLOCK_HEADER, 0, 1};
    return mu_insert_after_first(x, NT_B_EVENT, c, sizeof c, 0);
}

int mut_row_end(nt_mut *x)
{
    /* a block header, then a row: flags 0x10 (ActivityId), timestamp
     * delta 0, then 5 of 16 bytes */
    enum { ROW = NT_BLOCK_HEADER };
    unsigned char c[ROW + 7] = {ROW, 0, 1, [ROW] = 0x10, 0, 1, 2, 3, 4, 5};
    return x->m.layout == NT_V45 &&
           mu_insert_after_first(x, NT_B_EVENT, c, sizeof c, ROW + 2);
}

int mut_empty_other(nt_mut *x)
{
    long i = mu_nth(x, NT_B_STACK, 0);
    if (i < 0)
        return 0;
    tgMembuf c = {0};
    put_u32(&c, 1000);
    put_u32(&c, 0);
    mu_insert(x, (size_t)i + 1, NT_B_STACK, c.p, c.n);
    tgMembuf_free(&c);
    mu_mark(x, (size_t)i + 1, 4);
    return 1;
}

int mut_minmax(nt_mut *x)
{
    long i = mu_nth(x, NT_B_EVENT, 0);
    if (i < 0)
        return 0;
    unsigned char *p = mu_bytes(x, (size_t)i) + 4;
    tgBytes_put64(p, tgBytes_le64(p) - 1);
    mu_mark(x, (size_t)i, 4);
    return 1;
}

/* ---- rows (in an inserted metadata block) ----------------------------- */

static int meta_row(nt_mut *x, const void *hdr, size_t n, int with_payload,
                    uint64_t at)
{
    tgMembuf pl = {0};
    if (with_payload)
        mu_meta_payload(&pl, NEXT_META);
    long i = mu_insert_meta_row(x, hdr, n, &pl);
    tgMembuf_free(&pl);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, NT_BLOCK_HEADER + at);
    return 1;
}

int mut_varuint(nt_mut *x)
{
    /* MetadataId as a 6-byte varuint32 */
    static const unsigned char h[] = {
        NT_HF_METADATA_ID, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01};
    return meta_row(x, h, sizeof h, 0, 1);
}

int mut_varuint_long(nt_mut *x)
{
    tgMembuf h = {0}, pl = {0};
    mu_meta_payload(&pl, NEXT_META);
    put_u8(&h, NT_HF_PAYLOAD_SIZE);
    put(&h, "\x80\x00", 2); /* timestamp delta 0, in two bytes */
    put_var(&h, pl.n);
    long i = mu_insert_meta_row(x, h.p, h.n, &pl);
    tgMembuf_free(&h);
    tgMembuf_free(&pl);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, NT_BLOCK_HEADER + 1); /* after the flags */
    return 1;
}

int mut_payload_size(nt_mut *x)
{
    static const unsigned char h[] = {NT_HF_PAYLOAD_SIZE, 0x00, 0xc8,
                                      0x01}; /* size 200 */
    /* the payload would start after the header, where the row ends */
    return meta_row(x, h, sizeof h, 1, sizeof h);
}

int mut_meta_header_id(nt_mut *x)
{
    tgMembuf h = {0}, pl = {0};
    mu_meta_payload(&pl, NEXT_META);
    put_u8(&h, NT_HF_PAYLOAD_SIZE | NT_HF_METADATA_ID);
    put_u8(&h, 5); /* header MetadataId 5 */
    put_u8(&h, 0);
    put_var(&h, pl.n);
    long i = x->m.layout == NT_V45 ? mu_insert_meta_row(x, h.p, h.n, &pl) : -1;
    tgMembuf_free(&h);
    tgMembuf_free(&pl);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, NT_BLOCK_HEADER);
    return 1;
}

/* An uncompressed metadata block (Flags 0) with one row whose payload
 * defines id 1000 with event name `name`, followed by `pad` bytes of
 * `fill`, and whose EventSize is its header, payload and pad, plus
 * `size_delta`. */
/* What an uncompressed_meta() mutant breaks. */
enum { AT_EVENT_SIZE, AT_PADDING };

static int uncompressed_meta(nt_mut *x, const char *name, size_t pad,
                             unsigned char fill, int size_delta, int where)
{
    long i = mu_nth(x, NT_B_METADATA, 0);
    if (i < 0 || x->m.layout != NT_V45)
        return 0;
    tgMembuf pl = {0}, c = {0};
    mu_meta_named(&pl, NEXT_META, name);
    put_u32(&pl, 0); /* FieldCount */
    uint64_t row = NT_BLOCK_HEADER;
    uint64_t at =
        where == AT_EVENT_SIZE ? row : row + 4 + NT_ROW45_HEADER + pl.n;
    put_block_header(&c, 0, 0, 0);
    put_u32(&c, (uint32_t)(NT_ROW45_HEADER + pl.n + pad +
                           (size_t)(long)size_delta));
    put_u32(&c, 0x80000000u); /* MetadataId 0, not sorted */
    /* SequenceNumber .. RelatedActivityId: zeros */
    for (int k = 4; k < NT_ROW45_PAYLOAD_SIZE; k++)
        put_u8(&c, 0);
    put_u32(&c, (uint32_t)pl.n);
    put(&c, pl.p, pl.n);
    for (size_t k = 0; k < pad; k++)
        put_u8(&c, fill);
    mu_insert(x, (size_t)i + 1, NT_B_METADATA, c.p, c.n);
    tgMembuf_free(&pl);
    tgMembuf_free(&c);
    mu_mark(x, (size_t)i + 1, at);
    return 1;
}

int mut_event_size(nt_mut *x)
{
    /* "Event1": a 56-byte payload, a multiple of 4 */
    return uncompressed_meta(x, "Event1", 0, 0, -1, AT_EVENT_SIZE);
}

int mut_row_padding(nt_mut *x)
{
    return uncompressed_meta(x, "Event1", 4, 0xff, 0, AT_PADDING);
}

int mut_unaligned(nt_mut *x)
{
    /* "Event": a 54-byte payload, then 2 zero bytes of padding */
    return uncompressed_meta(x, "Event", 2, 0, 0, AT_PADDING);
}

int mut_row_align(nt_mut *x)
{
    /* "Event": a 54-byte payload and no padding, where 2 bytes align the
     * row (padding of any count is NT-ROW-006's) */
    return uncompressed_meta(x, "Event", 0, 0, 0, AT_EVENT_SIZE);
}

/* ---- references -------------------------------------------------------- */

int mut_undefined_metadata(nt_mut *x)
{
    long i = mu_nth(x, NT_B_EVENT, 0);
    /* the first row of a block always carries MetadataId (flag 0x01) */
    enum { ROW = NT_BLOCK_HEADER };
    if (i < 0 || !(mu_bytes(x, (size_t)i)[ROW] & 0x01))
        return 0;
    mu_bytes(x, (size_t)i)[ROW + 1] = 0x7f; /* MetadataId, a varint */
    mu_mark(x, (size_t)i, ROW + 1);
    return 1;
}

/* A MetadataBlock, after the first, defining metadata id `id`. */
int mu_define_meta(nt_mut *x, uint32_t id)
{
    tgMembuf pl = {0};
    mu_meta_payload(&pl, id);
    long i = x->m.layout == NT_V45 ? mu_meta_block_with(x, &pl) : -1;
    tgMembuf_free(&pl);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, x->payload_at); /* the payload's MetadataId */
    return 1;
}

int mut_metadata_twice(nt_mut *x) { return mu_define_meta(x, 1); }

int mut_metadata_zero(nt_mut *x) { return mu_define_meta(x, 0); }

int mut_undefined_stack(nt_mut *x)
{
    long i = mu_nth(x, NT_B_STACK, 0);
    if (i < 0)
        return 0;
    nt_model_remove(&x->m, (size_t)i);
    /* the first event of the window (it always has a stack) fails */
    long e = mu_nth(x, NT_B_EVENT, 0);
    if (e < 0)
        return 0;
    mu_mark(x, (size_t)e, NT_BLOCK_HEADER);
    return 1;
}

int mut_stack_twice(nt_mut *x)
{
    return mu_repeat_item(x, mu_nth(x, NT_B_STACK, 0));
}

int mut_stack_parse(nt_mut *x)
{
    /* FirstId 500, Count 3, one empty stack; the second stack's StackSize
     * would be at 12 */
    static const unsigned char cut[] = {0xf4, 1, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0};
    /* FirstId 500, Count 1, a stack whose StackSize is 0xFFFFFFFF (-1 as
     * an int32) with 8 bytes after it */
    static const unsigned char huge[] = {0xf4, 1,    0,    0,    1,    0, 0,
                                         0,    0xff, 0xff, 0xff, 0xff, 0, 0,
                                         0,    0,    0,    0,    0,    0};
    return x->variant == 0
               ? mu_insert_after_first(x, NT_B_STACK, cut, sizeof cut, 12)
               : mu_insert_after_first(x, NT_B_STACK, huge, sizeof huge, 8);
}

int mut_stack_range(nt_mut *x)
{
    /* FirstId 0xFFFFFFFF, Count 2, two empty stacks: the second id is
     * 2^32, which wraps to 0 in a u32 */
    static const unsigned char c[] = {0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0,
                                      0,    0,    0,    0,    0, 0, 0, 0};
    return mu_insert_after_first(x, NT_B_STACK, c, sizeof c, 0);
}

int mut_stack_extra(nt_mut *x)
{
    long i = mu_nth(x, NT_B_STACK, 0);
    if (i < 0)
        return 0;
    tgMembuf_write(&x->m.items[i].content, "\xff", 1);
    mu_mark(x, (size_t)i, x->m.items[i].content.n - 1);
    return 1;
}

int mut_stack_pointer(nt_mut *x)
{
    /* FirstId 500, Count 1, a 12-byte stack */
    static const unsigned char c[] = {0xf4, 1, 0, 0, 1, 0,  0,  0,
                                      12,   0, 0, 0, 1, 2,  3,  4,
                                      5,    6, 7, 8, 9, 10, 11, 12};
    return mu_insert_after_first(x, NT_B_STACK, c, sizeof c, 8);
}

/* ---- v4/v5 metadata payloads ------------------------------------------- */

/* A MetadataBlock, after the first, holding the one metadata payload pl;
 * the break is `at` bytes into it. */
int mu_meta_payload_mut(nt_mut *x, const tgMembuf *pl, uint64_t at)
{
    long i = x->m.layout == NT_V45 ? mu_meta_block_with(x, pl) : -1;
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, x->payload_at + at);
    return 1;
}

int mut_meta_parse(nt_mut *x)
{
    tgMembuf pl = {0};
    int r = 0;
    if (x->variant == 0) {
        put_u32(&pl, NEXT_META);
        put(&pl, "M\0u\0t", 5); /* a provider name without its NUL */
        r = mu_meta_payload_mut(x, &pl, 4);
    } else {
        mu_meta_payload(&pl, NEXT_META);
        uint64_t at = pl.n;
        put_u32(&pl, 0); /* an OpCode tag without its byte */
        put_u8(&pl, 1);
        r = mu_meta_payload_mut(x, &pl, at);
    }
    tgMembuf_free(&pl);
    return r;
}

int mut_no_fields(nt_mut *x)
{
    tgMembuf pl = {0};
    mu_meta_header(&pl, NEXT_META);
    int r = mu_meta_payload_mut(x, &pl, pl.n);
    tgMembuf_free(&pl);
    return r;
}

/* A V2Params tag (kind 2) of these fields into pl. */
static void v2_tag(tgMembuf *pl, const tgMembuf *fields)
{
    put_u32(pl, (uint32_t)fields->n);
    put_u8(pl, 2);
    put(pl, fields->p, fields->n);
}

static int fields_mut(nt_mut *x, int32_t type, int with_tag)
{
    tgMembuf pl = {0};
    mu_meta_header(&pl, NEXT_META);
    uint64_t at = pl.n + 4; /* the TypeCode */
    put_u32(&pl, 1);
    put_u32(&pl, (uint32_t)type);
    put_utf16z(&pl, "F");
    if (with_tag) {
        /* V2Params tag with one Int32 field, after a non-empty V1 list */
        at = pl.n;
        tgMembuf t = {0};
        put_u32(&t, 1);
        put_u32(&t, 4 + 4 + 4);
        put_utf16z(&t, "G");
        put_u32(&t, 9);
        v2_tag(&pl, &t);
        tgMembuf_free(&t);
    }
    int r = mu_meta_payload_mut(x, &pl, at);
    tgMembuf_free(&pl);
    return r;
}

int mut_v2_with_v1(nt_mut *x) { return fields_mut(x, 9, 1); }

int mut_array_in_v1(nt_mut *x) { return fields_mut(x, 19, 0); }

int mut_type_code(nt_mut *x)
{
    if (x->variant == 0)
        return fields_mut(x, 2, 0);
    /* an empty V1 list, then V2Params {Values: Array of type code 2} */
    tgMembuf pl = {0}, t = {0};
    mu_meta_payload(&pl, NEXT_META);
    put_u32(&t, 1);
    put_u32(&t, 4 + 14 + 4 + 4);
    put_utf16z(&t, "Values");
    put_u32(&t, 19);
    put_u32(&t, 2);
    uint64_t at = pl.n + 5 + t.n - 4; /* the element type */
    v2_tag(&pl, &t);
    int r = mu_meta_payload_mut(x, &pl, at);
    tgMembuf_free(&pl);
    tgMembuf_free(&t);
    return r;
}

int mut_tag_unknown(nt_mut *x)
{
    tgMembuf pl = {0};
    mu_meta_payload(&pl, NEXT_META);
    uint64_t at = pl.n + 4; /* the kind */
    put_u32(&pl, 2);        /* tag of 2 bytes, kind 9 */
    put_u8(&pl, 9);
    put_u16(&pl, 0);
    int r = mu_meta_payload_mut(x, &pl, at);
    tgMembuf_free(&pl);
    return r;
}

/* ---- order, sequence points, sequence numbers ------------------------- */

static int insert_sp(nt_mut *x, int64_t dts)
{
    long sp;
    uint64_t ts = mu_last_sp_ts(x, &sp);
    if (sp < 0 || x->m.layout != NT_V45)
        return 0;
    tgMembuf c = {0};
    put_u64(&c, ts + (uint64_t)dts);
    put_u32(&c, 0);
    mu_insert(x, (size_t)sp + 1, NT_B_SP, c.p, c.n);
    tgMembuf_free(&c);
    mu_mark(x, (size_t)sp + 1, 0);
    return 1;
}

int mut_sp_back(nt_mut *x) { return insert_sp(x, -1); }

int mut_sp_equal(nt_mut *x) { return insert_sp(x, 0); }

int mut_sp_window(nt_mut *x)
{
    long i = mu_nth(x, NT_B_SP, 0);
    if (i < 0)
        return 0;
    unsigned char *p = mu_bytes(x, (size_t)i);
    tgBytes_put64(p, tgBytes_le64(p) - 1000);
    mu_mark(x, (size_t)i, 0);
    return 1;
}

int mut_sp_threads(nt_mut *x)
{
    long i = mu_nth(x, NT_B_SP, 0);
    if (i < 0 || x->m.layout != NT_V45)
        return 0;
    tgMembuf_splice(&x->m.items[i].content, 8, x->m.items[i].content.n - 8,
                    "\0\0\0\0", 4);
    mu_mark(x, (size_t)i, 8);
    return 1;
}

int mut_sp_parse(nt_mut *x)
{
    long i = mu_nth(x, NT_B_SP, 0);
    if (i < 0 || x->m.layout != NT_V45)
        return 0;
    tgMembuf c = {0};
    tgMembuf_write(&c, mu_bytes(x, (size_t)i), 8);
    put_u32(&c, 2);
    put_u64(&c, 900001);
    put_u32(&c, 0);
    mu_insert(x, (size_t)i + 1, NT_B_SP, c.p, c.n);
    tgMembuf_free(&c);
    mu_mark(x, (size_t)i + 1, 8);
    return 1;
}

/* The break is in row `row` of the fresh block. */
static int fresh(nt_mut *x, const fresh_row *rows, size_t n, size_t row)
{
    long i = mu_fresh_block(x, rows, n);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, x->row_at[row]);
    return 1;
}

int mut_thread_order(nt_mut *x)
{
    const fresh_row r[] = {{1, 1, 5, 0, EMPTY_META, 0, 0, 0, 0},
                           {1, 2, 4, 0, EMPTY_META, 0, 0, 0, 0}};
    return fresh(x, r, 2, 1);
}

int mut_sorted(nt_mut *x)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0, 0, 0, 0},
                           {2, 1, 4, 1, EMPTY_META, 0, 0, 0, 0}};
    return fresh(x, r, 2, 1);
}

int mut_switch(nt_mut *x)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0, 0, 0, 0},
                           {2, 1, 6, 0, EMPTY_META, 0, 0, 0, 0}};
    return fresh(x, r, 2, 1);
}

int mut_seq_gap(nt_mut *x)
{
    const fresh_row r[] = {{1, 6, 5, 1, EMPTY_META, 0, 0, 0, 0}};
    return fresh(x, r, 1, 0);
}

int mut_seq_back(nt_mut *x)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0, 0, 0, 0},
                           {1, 2, 6, 0, EMPTY_META, 0, 0, 0, 0},
                           {1, 2, 7, 0, EMPTY_META, 0, 0, 0, 0}};
    return fresh(x, r, 3, 2);
}

int mut_seq_reset(nt_mut *x)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 0, 0, 0, 0},
                           {1, 2, 6, 0, EMPTY_META, 0, 0, 0, 0},
                           {1, 1, 7, 0, EMPTY_META, 0, 0, 0, 0}};
    return fresh(x, r, 3, 2);
}

int mut_payload_large(nt_mut *x)
{
    const fresh_row r[] = {{1, 1, 5, 1, EMPTY_META, 70000, 0, 0, 0}};
    long i = mu_fresh_block(x, r, 1);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, x->payload_at);
    return 1;
}

/* ---- observed runtime invariants (v4/v5) ------------------------------ */

int mut_obs_block(nt_mut *x)
{
    long i = mu_nth(x, NT_B_STACK, 0);
    if (i < 0)
        return 0;
    tgMembuf c = {0};
    put_u32(&c, 900);
    put_u32(&c, 2);
    /* two stacks of half the largest block a runtime writes, so that 20
     * header bytes take the block past it; each is one TraceEvent holds
     * whole (NT-STK-005) */
    for (int s = 0; s < 2; s++) {
        put_u32(&c, NT_OBSERVED_BLOCK / 2);
        for (unsigned k = 0; k < NT_OBSERVED_BLOCK / 2; k++)
            put_u8(&c, 0);
    }
    _Static_assert(NT_OBSERVED_BLOCK + 16 == 102416 &&
                       NT_OBSERVED_BLOCK / 2 <= NT_TE_STACK_MAX,
                   "the mutation's text names the block's size");
    mu_insert(x, (size_t)i + 1, NT_B_STACK, c.p, c.n);
    tgMembuf_free(&c);
    mu_mark_header(x, (size_t)i + 1, mu_obj_block_size(&x->m.items[i + 1]));
    return 1;
}

int mut_obs_meta(nt_mut *x) { return mu_define_meta(x, 1000); }

int mut_obs_stack(nt_mut *x)
{
    /* the last window's stacks get ids from 0, a new empty stack taking
     * id 0: every id its events use stays defined */
    long i = mu_nth(x, NT_B_STACK, -1);
    if (i < 0)
        return 0;
    unsigned char *p = mu_bytes(x, (size_t)i);
    tgBytes_put32(p, 0);
    tgBytes_put32(p + 4, tgBytes_le32(p + 4) + 1);
    tgMembuf_splice(&x->m.items[i].content, 8, 0, "\0\0\0\0", 4);
    mu_mark(x, (size_t)i, 0);
    return 1;
}

int mut_obs_last_sp(nt_mut *x)
{
    long sp = mu_nth(x, NT_B_SP, -1);
    if (sp < 0 || x->m.layout != NT_V45)
        return 0;
    tgMembuf pl = {0}, c = {0};
    mu_meta_payload(&pl, NEXT_META);
    put_block_header(&c, 1, 0, 0);
    put(&c, "\x80\x00", 2);
    put_var(&c, pl.n);
    put(&c, pl.p, pl.n);
    mu_insert(x, (size_t)sp + 1, NT_B_METADATA, c.p, c.n);
    tgMembuf_free(&pl);
    tgMembuf_free(&c);
    /* the end tag now follows another object */
    mu_mark(x, x->m.n - 1, 0);
    return 1;
}
