/* mutate_v6.c - mutators whose parent is a final v6 trace. */
#include <stdlib.h>
#include <string.h>

#include "mutate.h"

/* ---- v6 ----------------------------------------------------------------- */

int mut_end_missing_v6(nt_mut *x)
{
    long i = mu_nth(x, NT_B_END, -1);
    if (i < 0)
        return 0;
    nt_model_remove(&x->m, (size_t)i);
    mu_mark(x, (size_t)i - 1, x->m.items[i - 1].content.n);
    return 1;
}

int mut_end_size(nt_mut *x)
{
    long i = mu_nth(x, NT_B_END, -1);
    if (i < 0)
        return 0;
    tgMembuf_write(&x->m.items[i].content, "\0\0\0\0", 4);
    mu_mark_header(x, (size_t)i, 0);
    return 1;
}

int mut_kind_unknown(nt_mut *x)
{
    nt_item *it = nt_model_insert(&x->m, 2);
    if (it == NULL)
        return 0;
    it->kind = NT_NBLOCKS; /* one past the last kind of final v6 */
    tgMembuf_write(&it->content, "\1\2\3\4\5", 5);
    mu_mark_header(x, 2, 0);
    return 1;
}

int mut_first_block(nt_mut *x)
{
    if (x->m.n < 3 || !mu_is_block(x, 1, NT_B_TRACE))
        return 0;
    nt_item t = x->m.items[1];
    x->m.items[1] = x->m.items[2];
    x->m.items[2] = t;
    mu_mark_header(x, 1, 0);
    return 1;
}

int mut_trace_again(nt_mut *x)
{
    return mu_repeat_item(x, mu_nth(x, NT_B_TRACE, 0));
}

int mut_trace_parse(nt_mut *x)
{
    if (x->m.n < 2 || !mu_is_block(x, 1, NT_B_TRACE))
        return 0;
    tgBytes_put32(mu_bytes(x, 1) + 36, 100);
    /* the strings run out where the block ends */
    mu_mark(x, 1, x->m.items[1].content.n);
    return 1;
}

int mut_trailing6(nt_mut *x)
{
    long i = mu_nth(x, NT_B_SP, -1);
    if (i < 0)
        return 0;
    tgMembuf_write(&x->m.items[i].content, "\xff", 1);
    mu_mark(x, (size_t)i, x->m.items[i].content.n - 1);
    return 1;
}

/* A v6 metadata block, inserted after the first, with one row defining id
 * 100: name strings, then `fields` (Count + descriptions), `optional`
 * (Size + elements) and `tail`. */
/* Metadata block content: one row defining id 100 with these
 * FieldDescriptions, OptionalMetadata and tail.  @return the offset of
 * the FieldDescriptions in the content. */
static uint64_t meta_block6(tgMembuf *c, const void *fields, size_t nf,
                            const void *optional, size_t no, const void *tail,
                            size_t nt)
{
    tgMembuf row = {0};
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
    tgMembuf_free(&row);
    return fields_at;
}

static int meta6(nt_mut *x, const void *fields, size_t nf,
                 const void *optional, size_t no, const void *tail, size_t nt,
                 uint64_t at)
{
    long i = mu_nth(x, NT_B_METADATA, 0);
    if (i < 0)
        return 0;
    tgMembuf c = {0};
    uint64_t fields_at = meta_block6(&c, fields, nf, optional, no, tail, nt);
    mu_insert(x, (size_t)i + 1, NT_B_METADATA, c.p, c.n);
    tgMembuf_free(&c);
    mu_mark(x, (size_t)i + 1, fields_at + at);
    return 1;
}

/* no OptionalMetadata: a count of 0, as the (bytes, size) pair meta6()
 * takes */
#define NO_OPTIONAL "\0\0", 2

int mut_m6_frame(nt_mut *x)
{
    long i = mu_nth(x, NT_B_METADATA, 0);
    if (i < 0 ||
        mu_insert(x, (size_t)i + 1, NT_B_METADATA, "\xff\xff", 2) == NULL)
        return 0;
    mu_mark(x, (size_t)i + 1, 0);
    return 1;
}

int mut_m6_row(nt_mut *x)
{
    /* Count 1, FieldSize 4, a name claiming 9 bytes */
    return meta6(x, "\1\0\4\0\x09Fx\x06", 8, NO_OPTIONAL, "", 0, 4);
}

static int field_type(nt_mut *x, const char *type, size_t n)
{
    unsigned char f[16] = {1, 0, (unsigned char)(2 + n), 0, 1, 'F'};
    memcpy(f + 6, type, n);
    return meta6(x, f, 6 + n, NO_OPTIONAL, "", 0, 6);
}

int mut_m6_type(nt_mut *x) { return field_type(x, "\x1b", 1); }

int mut_m6_decimal(nt_mut *x) { return field_type(x, "\x0f", 1); }

int mut_m6_loc_variable(nt_mut *x) { return field_type(x, "\x18\x12", 2); }

int mut_m6_loc_varint(nt_mut *x) { return field_type(x, "\x19\x15", 2); }

int mut_m6_utf8(nt_mut *x) { return field_type(x, "\x17", 1); }

int mut_m6_optional(nt_mut *x)
{
    return meta6(x, "\0\0", 2, "\2\0\2\1", 4, "", 0, 4);
}

int mut_m6_tail(nt_mut *x)
{
    return meta6(x, "\0\0", 2, NO_OPTIONAL, "\7\7\7", 3, 4);
}

long mu_fresh6(nt_mut *x, int declare, const row6 *rows, size_t n)
{
    long sp = mu_nth(x, NT_B_SP, -1);
    if (sp < 0)
        return -1;
    uint64_t base = tgBytes_le64(mu_bytes(x, (size_t)sp)), lo = UINT64_MAX,
             hi = 0;
    uint64_t prev = 0;
    uint32_t prev_seq = 0;
    size_t at = (size_t)sp + 1;
    /* a flush after the SP may be followed by re-declarations: go past */
    while (at < x->m.n && (mu_is_block(x, at, NT_B_THREAD) ||
                           mu_is_block(x, at, NT_B_METADATA)))
        at++;
    if (declare) {
        tgMembuf t = {0};
        put_u16(&t, 1);
        put_u8(&t, 99);
        mu_insert(x, at++, NT_B_THREAD, t.p, t.n);
        tgMembuf_free(&t);
    }
    tgMembuf r = {0}, c = {0}, pl = {0};
    tgBytes_rng rng = {42};
    int uncompressed = rows[0].event_size != 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t ts = base + (uint64_t)rows[i].dts;
        if (i < 4)
            x->row_at[i] = NT_BLOCK_HEADER + r.n;
        pl.n = 0;
        if (x->payload)
            put(&pl, x->payload, x->payload_n);
        else
            nt_gen_payload(&pl, &rng, NT_V6, rows[i].meta);
        if (uncompressed) {
            put_u32(&r, rows[i].event_size);
            put_u32(&r, rows[i].meta |
                            (rows[i].extra & NT_HF_SORTED ? 0 : 0x80000000u));
            put_u32(&r, rows[i].seq);
            put_u64(&r, 99);
            put_u64(&r, 99);
            put_u32(&r, rows[i].proc);
            put_u32(&r, rows[i].stack);
            put_u64(&r, ts);
            put_u32(&r, 0);
            put_u32(&r, (uint32_t)pl.n);
        } else {
            put_u8(&r, NT_HF_METADATA_ID | NT_HF_CAPTURE | NT_HF_THREAD_ID |
                           NT_HF_PAYLOAD_SIZE | rows[i].extra |
                           (rows[i].stack ? NT_HF_STACK_ID : 0));
            put_var(&r, rows[i].meta);
            put_var(&r, (uint32_t)(rows[i].seq - prev_seq - 1));
            put_var(&r, 99);
            put_var(&r, rows[i].proc);
            put_var(&r, 99);
            if (rows[i].stack)
                put_var(&r, rows[i].stack);
            put_var(&r, ts - prev);
            put_var(&r, pl.n);
        }
        if (i == 0)
            x->payload_at = NT_BLOCK_HEADER + r.n;
        put(&r, pl.p, pl.n);
        prev = ts;
        prev_seq = rows[i].seq;
        lo = ts < lo ? ts : lo;
        hi = ts > hi ? ts : hi;
    }
    put_block_header(&c, uncompressed ? 0 : 1, lo, hi);
    put(&c, r.p, r.n);
    mu_insert(x, at, NT_B_EVENT, c.p, c.n);
    tgMembuf_free(&r);
    tgMembuf_free(&c);
    tgMembuf_free(&pl);
    return (long)at;
}

/* The break is in the last of the fresh rows. */
static int events6(nt_mut *x, int declare, const row6 *rows, size_t n)
{
    long i = mu_fresh6(x, declare, rows, n);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, x->row_at[n - 1]);
    return 1;
}

int mut_event_size6(nt_mut *x)
{
    /* metadata 3 has no fields: its events have empty payloads */
    const row6 r[] = {{1, 5, NT_HF_SORTED, 3, 49, 0, 0}};
    return events6(x, 1, r, 1);
}

int mut_flag_20(nt_mut *x)
{
    const row6 r[] = {{1, 5, NT_HF_RELATED_ACTIVITY_ID, 1, 0, 0, 0}};
    return events6(x, 1, r, 1);
}

int mut_thread_unknown(nt_mut *x)
{
    const row6 r[] = {{1, 5, 0, 1, 0, 0, 0}};
    return events6(x, 0, r, 1);
}

int mut_seq_first6(nt_mut *x)
{
    const row6 r[] = {{7, 5, 0, 1, 0, 0, 0}};
    return events6(x, 1, r, 1);
}

int mut_thread_order6(nt_mut *x)
{
    const row6 r[] = {{1, 5, 0, 1, 0, 0, 0}, {2, 4, 0, 1, 0, 0, 0}};
    return events6(x, 1, r, 2);
}

/* An event of metadata 100, defined just before it with these fields,
 * whose payload is these bytes. */
static int payload6(nt_mut *x, const void *fields, size_t nf,
                    const void *payload, size_t np, uint64_t at, int in_meta)
{
    const row6 r[] = {{1, 5, 0, 100, 0, 0, 0}};
    x->payload = payload;
    x->payload_n = np;
    long i = mu_fresh6(x, 1, r, 1);
    if (i < 0)
        return 0;
    tgMembuf c = {0};
    uint64_t fields_at = meta_block6(&c, fields, nf, NO_OPTIONAL, "", 0);
    mu_insert(x, (size_t)i, NT_B_METADATA, c.p, c.n);
    tgMembuf_free(&c);
    if (in_meta)
        mu_mark(x, (size_t)i, fields_at + at);
    else
        mu_mark(x, (size_t)i + 1, x->payload_at + at);
    return 1;
}

int mu_payload6(nt_mut *x, const void *fields, size_t nf, const void *payload,
                size_t np, uint64_t at)
{
    return payload6(x, fields, nf, payload, np, at, 0);
}

int mu_payload6_meta(nt_mut *x, const void *fields, size_t nf,
                     const void *payload, size_t np, uint64_t at)
{
    return payload6(x, fields, nf, payload, np, at, 1);
}

/* A Thread block of content p inserted as item `at`; the break is
 * `delta` bytes into it. */
int mu_insert_threads(nt_mut *x, long at, const void *p, size_t n,
                      uint64_t delta)
{
    if (at < 0 || mu_insert(x, (size_t)at, NT_B_THREAD, p, n) == NULL)
        return 0;
    mu_mark(x, (size_t)at, delta);
    return 1;
}

int mut_thread_parse(nt_mut *x)
{
    /* RowSize 3: index 98, a Name claiming 10 bytes */
    return mu_insert_threads(x, mu_nth(x, NT_B_THREAD, 0) + 1,
                             "\3\0\x62\1\x0a", 5, 4);
}

int mut_thread_kind(nt_mut *x)
{
    return mu_insert_threads(x, mu_nth(x, NT_B_THREAD, 0) + 1, "\3\0\x61\5\0",
                             5, 3);
}

int mut_thread_twice(nt_mut *x)
{
    return mu_repeat_item(x, mu_nth(x, NT_B_THREAD, 0));
}

int mut_thread_reuse(nt_mut *x)
{
    long i = mu_nth(x, NT_B_REMOVE_THREAD, -1);
    if (i < 0)
        return 0;
    /* a row re-declaring the removed index (its first varuint) */
    unsigned char row[3] = {1, 0, mu_bytes(x, (size_t)i)[0]};
    return mu_insert_threads(x, i + 1, row, 3, 0);
}

int mut_thread_os_id(nt_mut *x)
{
    /* before the first sequence point: index 99 (RowSize 3, OSThreadId 1,
     * index 1 being live), then its removal; TraceEvent removes index 1
     * at that sequence point, and the events after it that name index 1
     * fail */
    long i = mu_nth(x, NT_B_SP, 0);
    if (i < 0 || !mu_insert_threads(x, i, "\3\0\x63\3\1", 5, 0) ||
        mu_insert(x, (size_t)i + 1, NT_B_REMOVE_THREAD, "\x63\0", 2) == NULL)
        return 0;
    mu_mark(x, (size_t)i + 1, 0);
    return 1;
}

int mut_thread_remove(nt_mut *x)
{
    return mu_repeat_item(x, mu_nth(x, NT_B_REMOVE_THREAD, -1));
}

int mut_label_unknown(nt_mut *x)
{
    long i = mu_nth(x, NT_B_LABELS, 0), e = mu_nth(x, NT_B_EVENT, 0);
    if (i < 0 || e < i)
        return 0;
    tgBytes_put32(mu_bytes(x, (size_t)i), 100);
    /* the window's first event (it always has label list 1) fails */
    mu_mark(x, (size_t)e, NT_BLOCK_HEADER);
    return 1;
}

static int insert_labels(nt_mut *x, const void *p, size_t n, uint64_t at)
{
    long i = mu_nth(x, NT_B_LABELS, 0);
    if (i < 0 || mu_insert(x, (size_t)i + 1, NT_B_LABELS, p, n) == NULL)
        return 0;
    mu_mark(x, (size_t)i + 1, at);
    return 1;
}

int mut_label_first(nt_mut *x)
{
    return insert_labels(x, "\0\0\0\0\1\0\0\0\x87\1", 10, 0);
}

int mut_label_twice(nt_mut *x)
{
    return mu_repeat_item(x, mu_nth(x, NT_B_LABELS, 0));
}

int mut_label_range(nt_mut *x)
{
    /* firstIndex 0xFFFFFFFF, count 2: the second list's index wraps to 0 */
    return insert_labels(x, "\xff\xff\xff\xff\2\0\0\0\x87\1\x87\1", 12, 0);
}

int mut_label_parse(nt_mut *x)
{
    return insert_labels(x, "\xc8\0\0\0\1\0\0\0\x8b\1", 10, 8);
}

int mut_sp_flags(nt_mut *x)
{
    long i = mu_nth(x, NT_B_SP, 0);
    if (i < 0)
        return 0;
    mu_bytes(x, (size_t)i)[8] |= 4;
    mu_mark(x, (size_t)i, 8);
    return 1;
}
