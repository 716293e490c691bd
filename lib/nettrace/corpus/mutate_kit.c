/* mutate_kit.c - the mutators' kit (mutate.h): finding, inserting and
 * repeating blocks of the model, marking the break, and the v4/v5
 * metadata and event blocks several mutators build. */
#include <stdlib.h>
#include <string.h>

#include "mutate.h"

/* Whether item i is block b of the model's layout (kinds.c). */
int mu_is_block(const nt_mut *x, size_t i, enum nt_block b)
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
long mu_nth(const nt_mut *x, enum nt_block b, long k)
{
    long seen = 0;
    for (size_t j = 0; j < x->m.n; j++) {
        size_t i = k >= 0 ? j : x->m.n - 1 - j;
        if (mu_is_block(x, i, b) && seen++ == (k >= 0 ? k : -k - 1))
            return (long)i;
    }
    return -1;
}

void mu_mark(nt_mut *x, size_t item, uint64_t delta)
{
    x->item = item;
    x->delta = delta;
    x->header = 0;
}

/* The break is in the item's header (object header, block header,
 * BlockSize, padding): delta counts from the item's first byte. */
void mu_mark_header(nt_mut *x, size_t item, uint64_t delta)
{
    mu_mark(x, item, delta);
    x->header = 1;
}

uint64_t mu_obj_block_size(const nt_item *it)
{
    return NT_O45_HEADER(strlen(it->name)) - 4;
}

/* Insert block b of the model's layout, holding n bytes from p, before
 * item `at`. */
nt_item *mu_insert(nt_mut *x, size_t at, enum nt_block b, const void *p,
                   size_t n)
{
    nt_item *it = nt_model_insert(&x->m, at);
    if (it == NULL)
        return NULL;
    if (x->m.layout == NT_V45)
        it->name = nt_block_name(NT_V45, b);
    else
        it->kind = (unsigned)nt_block_kind(x->m.layout, b);
    tgMembuf_write(&it->content, p, n);
    return it;
}

nt_item *mu_raw_insert(nt_mut *x, size_t at, const void *p, size_t n)
{
    nt_item *it = nt_model_insert(&x->m, at);
    if (it) {
        it->raw = 1;
        tgMembuf_write(&it->content, p, n);
    }
    return it;
}

/* Repeat item i right after itself. */
int mu_repeat_item(nt_mut *x, long i)
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
    tgMembuf_write(&copy->content, it->content.p, it->content.n);
    mu_mark(x, (size_t)i + 1, 0);
    return 1;
}

unsigned char *mu_bytes(nt_mut *x, size_t item)
{
    return x->m.items[item].content.p;
}

/* A v4/v5 metadata payload defining `id` (event `name`) up to Level,
 * and without the V1 field list the spec requires. */
void mu_meta_named(tgMembuf *b, uint32_t id, const char *name)
{
    put_u32(b, id);
    put_utf16z(b, "Mutant");
    put_u32(b, 1);
    put_utf16z(b, name);
    put_u64(b, 0);
    put_u32(b, 0);
    put_u32(b, 4);
}

void mu_meta_header(tgMembuf *b, uint32_t id)
{
    mu_meta_named(b, id, "Event");
}

/* ... and with an empty field list. */
void mu_meta_payload(tgMembuf *b, uint32_t id)
{
    mu_meta_header(b, id);
    put_u32(b, 0); /* FieldCount */
}

/* Make the parent a generated trace of another profile: for rules whose
 * variants cover several layouts. */
int mu_reparent(nt_mut *x, int profile)
{
    nt_model_free(&x->m);
    memset(&x->m, 0, sizeof x->m);
    nt_sink sink = {NULL, &x->m, 0, 0};
    x->profile = profile;
    return nt_generate(profile, TG_STYLE_PLAIN, x->seed, 0, &sink) == 0;
}

/* Insert, after the first MetadataBlock, a MetadataBlock with one
 * compressed row whose header bytes are `hdr` (flags first) and whose
 * payload is `pl`; the row timestamp is 0. */
long mu_insert_meta_row(nt_mut *x, const void *hdr, size_t n,
                        const tgMembuf *pl)
{
    long i = mu_nth(x, NT_B_METADATA, 0);
    if (i < 0)
        return -1;
    tgMembuf c = {0};
    put_block_header(&c, 1, 0, 0);
    put(&c, hdr, n);
    put(&c, pl->p, pl->n);
    mu_insert(x, (size_t)i + 1, NT_B_METADATA, c.p, c.n);
    tgMembuf_free(&c);
    return i + 1;
}

/* A one-row metadata block whose row is: flags NT_HF_PAYLOAD_SIZE, ts 0,
 * size, payload; the payload is made by `payload`. */
long mu_meta_block_with(nt_mut *x, const tgMembuf *payload)
{
    tgMembuf h = {0};
    put_u8(&h, NT_HF_PAYLOAD_SIZE);
    put_u8(&h, 0);
    put_var(&h, payload->n);
    x->payload_at = NT_BLOCK_HEADER + h.n;
    long i = mu_insert_meta_row(x, h.p, h.n, payload);
    tgMembuf_free(&h);
    return i;
}

/* The timestamp of the last SP block (v4/v5 and v6: its first 8 bytes). */
uint64_t mu_last_sp_ts(nt_mut *x, long *where)
{
    *where = mu_nth(x, NT_B_SP, -1);
    return *where < 0 ? 0 : tgBytes_le64(mu_bytes(x, (size_t)*where));
}

/* An event block after the last SP, on fresh capture threads 900001 and
 * 900002 (mutate.h). */
/* The id of a fresh row's thread (capture thread and thread alike). */
static uint64_t fresh_id(const fresh_row *r)
{
    return r->thread_id ? r->thread_id : 900000 + r->thread;
}

long mu_fresh_block(nt_mut *x, const fresh_row *rows, size_t n)
{
    long sp;
    uint64_t base = mu_last_sp_ts(x, &sp), lo = UINT64_MAX, hi = 0, prev = 0;
    if (sp < 0 || x->m.layout != NT_V45)
        return -1;
    tgMembuf r = {0}, c = {0};
    uint32_t prev_seq = 0; /* a block starts from a zeroed row */
    for (size_t i = 0; i < n; i++) {
        uint64_t ts = base + (uint64_t)rows[i].dts;
        if (i < 4)
            x->row_at[i] = NT_BLOCK_HEADER + r.n;
        /* every field explicit: nothing inherited between rows */
        put_u8(&r, NT_HF_METADATA_ID | NT_HF_CAPTURE | NT_HF_THREAD_ID |
                       NT_HF_PAYLOAD_SIZE |
                       (rows[i].sorted ? NT_HF_SORTED : 0) |
                       (rows[i].stack ? NT_HF_STACK_ID : 0));
        put_var(&r, rows[i].meta);
        put_var(&r, (uint32_t)(rows[i].seq - prev_seq - 1));
        prev_seq = rows[i].seq;
        put_var(&r, fresh_id(&rows[i]));
        put_var(&r, rows[i].proc);
        put_var(&r, fresh_id(&rows[i]));
        if (rows[i].stack)
            put_var(&r, rows[i].stack);
        put_var(&r, ts - prev);
        put_var(&r, rows[i].size);
        if (i == 0)
            x->payload_at = NT_BLOCK_HEADER + r.n;
        if (x->payload)
            put(&r, x->payload, rows[i].size);
        else
            for (uint32_t k = 0; k < rows[i].size; k++)
                put_u8(&r, 0);
        prev = ts;
        lo = ts < lo ? ts : lo;
        hi = ts > hi ? ts : hi;
    }
    put_block_header(&c, 1, lo, hi);
    put(&c, r.p, r.n);
    mu_insert(x, (size_t)sp + 1, NT_B_EVENT, c.p, c.n);
    /* then a sequence point listing the fresh threads, so the stream still
     * ends with one (NT-OBS-004) and it lists every thread (NT-ORD-007) */
    c.n = 0;
    put_u64(&c, hi + 100);
    put_u32(&c, 2);
    for (unsigned thread = 1; thread <= 2; thread++) {
        uint32_t last = 0;
        uint64_t id = 900000 + thread;
        for (size_t i = 0; i < n; i++)
            if (rows[i].thread == thread) {
                last = rows[i].seq;
                id = fresh_id(&rows[i]);
            }
        put_u64(&c, id);
        put_u32(&c, last);
    }
    mu_insert(x, (size_t)sp + 2, NT_B_SP, c.p, c.n);
    tgMembuf_free(&r);
    tgMembuf_free(&c);
    return sp + 1;
}
