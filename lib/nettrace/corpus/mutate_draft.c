/* mutate_draft.c - mutators whose parent is a trace in the seed's draft
 * of v6. */
#include <stdlib.h>
#include <string.h>

#include "mutate.h"

/* ---- the v6 draft (kinds.c: Stack and SequencePoint swap numbers) ----- */

static int bump_count(nt_mut *x, enum nt_block b)
{
    long i = mu_nth(x, b, 0);
    if (i < 0 || x->m.items[i].content.n < 2)
        return 0;
    unsigned char *p = mu_bytes(x, (size_t)i);
    unsigned n = (unsigned)(p[0] | p[1] << 8) + 1;
    p[0] = (unsigned char)n;
    p[1] = (unsigned char)(n >> 8);
    mu_mark(x, (size_t)i, 0);
    return 1;
}

int mut_draft_meta_count(nt_mut *x) { return bump_count(x, NT_B_METADATA); }

int mut_draft_thread_parse(nt_mut *x) { return bump_count(x, NT_B_THREAD); }

/* A draft metadata block after the first: Count 1, a row defining id 100
 * with `fields` and `optional` as given. */
int mu_draft_meta(nt_mut *x, const void *fields, size_t nf,
                  const void *optional, size_t no, uint64_t at)
{
    long i = mu_nth(x, NT_B_METADATA, 0);
    if (i < 0)
        return 0;
    tgMembuf c = {0};
    put_u16(&c, 1);
    put_var(&c, 100);
    put_string6(&c, "P");
    put_var(&c, 1);
    put_string6(&c, "E");
    uint64_t fields_at = c.n;
    put(&c, fields, nf);
    put(&c, optional, no);
    mu_insert(x, (size_t)i + 1, NT_B_METADATA, c.p, c.n);
    tgMembuf_free(&c);
    mu_mark(x, (size_t)i + 1, fields_at + at);
    return 1;
}

int mut_draft_meta_row(nt_mut *x)
{
    /* one field of type 25 (not a draft type code) named "F" */
    return mu_draft_meta(x,
                         "\x01\x19\x01"
                         "F",
                         4, "\0", 1, 1);
}

int mut_draft_optional(nt_mut *x)
{
    /* no fields; one optional element of kind 7, Size 2 */
    return mu_draft_meta(x, "\0", 1, "\x01\x07\x02\xab\xcd", 5, 2);
}

int mut_draft_thread(nt_mut *x)
{
    long i = mu_nth(x, NT_B_THREAD, 0);
    if (i < 0)
        return 0;
    nt_model_remove(&x->m, (size_t)i);
    /* the first event after it names a thread no block declared */
    long e = mu_nth(x, NT_B_EVENT, 0);
    if (e < i)
        return 0;
    mu_mark(x, (size_t)e, NT_BLOCK_HEADER);
    return 1;
}

/* After the last draft sequence point (before EndOfStream): a Thread
 * block declaring index 99, then an Event block with one row of metadata
 * `id` on it, 5 ticks after that point, holding `payload`; with pad >= 0
 * the row is uncompressed (the v5 row) with pad zero bytes of padding.
 * @return the Event block's item, its payload at x->payload_at, or -1. */
long mu_draft_event(nt_mut *x, uint32_t id, const void *payload, size_t np,
                    int pad)
{
    long sp = mu_nth(x, NT_B_SP, -1), end = mu_nth(x, NT_B_END, -1);
    if (sp < 0 || end < 0 || x->m.layout == NT_V45)
        return -1;
    uint64_t ts = tgBytes_le64(mu_bytes(x, (size_t)sp)) + 5;
    /* Count 1: Index 99, ThreadId 99, ProcessId 1 */
    mu_insert(x, (size_t)end, NT_B_THREAD, "\1\0\x63\x63\x01", 5);
    tgMembuf c = {0};
    put_block_header(&c, pad >= 0 ? 0 : 1, ts, ts);
    if (pad >= 0) {
        put_u32(&c, (uint32_t)(NT_ROW45_HEADER + np + (size_t)pad));
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
        put_u8(&c, NT_HF_METADATA_ID | NT_HF_CAPTURE | NT_HF_THREAD_ID |
                       NT_HF_SORTED | NT_HF_PAYLOAD_SIZE);
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
    mu_insert(x, (size_t)end + 1, NT_B_EVENT, c.p, c.n);
    tgMembuf_free(&c);
    return end + 1;
}

int mut_draft_row_padding(nt_mut *x)
{
    /* metadata 1 has no fields in the draft: an empty payload */
    long i = mu_draft_event(x, 1, "", 0, 4);
    if (i < 0)
        return 0;
    mu_mark(x, (size_t)i, x->payload_at);
    return 1;
}
