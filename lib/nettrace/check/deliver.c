/* deliver.c - the events of a NetTrace file for tg_checker_set_event_fn(): each
 * event row the checker decodes, with what it refers to resolved as a
 * reader would resolve it: its metadata row's provider, name, event id,
 * opcode and version; (v6) its label list's activity ids and overrides
 * and its threads' OS ids; its stack's size and FNV-1a 64.
 *
 * What that needs beyond the checks is kept here, only while a caller
 * wants events: the names of live metadata ids in one arena (bounded by
 * --max-names: NT-LIM-005; it holds at most one row's names' worst case
 * more while they are converted), and for the current sequence-point window the
 * size and hash of each stack and the values of each label list (bounded
 * by --max-live, as the checks' own tables are).  A sequence point ends
 * the stacks and label lists, a metadata flush (v6) the names. */
#include <stdlib.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../../core/unicode.h"
#include "check.h"
#include "../../core/mem.h"

#define FNV_BASIS 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

static uint64_t fnv1a64(const unsigned char *p, size_t n)
{
    uint64_t h = FNV_BASIS;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * FNV_PRIME;
    return h;
}

/* A metadata id's names, in the arena from `at`: the provider, then the
 * event name. */
typedef struct named {
    uint32_t at, provider_size, name_size;
    int32_t opcode;
    int64_t id, version;
} named;
TG_IDMAP_VALUE_FITS(named);

typedef struct stack_sum {
    uint32_t size;
    uint64_t fnv1a64;
} stack_sum;
TG_IDMAP_VALUE_FITS(stack_sum);

struct nt_deliver {
    tgIdmap names;        /* metadata id -> named               */
    unsigned char *arena; /* the names' bytes                   */
    size_t used, cap;     /* of the arena                       */
    int names_full;       /* NT-LIM-005 was said                */
    tgIdmap stacks;       /* stack id -> stack_sum (SP window)  */
    tgIdmap labels;       /* label list id -> index + 1 in lists */
    nt_label_values *lists;
    size_t nlists, lists_cap;
};

int nt_deliver_begin(nt_check *k)
{
    if (k->c->on_event == NULL)
        return 0;
    struct nt_deliver *d = tgMem_calloc(1, sizeof *d);
    if (d == NULL)
        return -1;
    uint64_t live = k->c->limits[TG_LIMIT_LIVE_OBJECTS];
    tgIdmap_init(&d->names, sizeof(named), live);
    tgIdmap_init(&d->stacks, sizeof(stack_sum), live);
    tgIdmap_init(&d->labels, sizeof(uint32_t), live);
    k->deliver = d;
    return 0;
}

void nt_deliver_free(nt_check *k)
{
    struct nt_deliver *d = k->deliver;
    if (d == NULL)
        return;
    tgIdmap_free(&d->names);
    tgIdmap_free(&d->stacks);
    tgIdmap_free(&d->labels);
    tgMem_free(d->arena);
    tgMem_free(d->lists);
    tgMem_free(d);
    k->deliver = NULL;
}

/* The bytes the names may be kept in, past what the arena holds: n
 * more.  @return 0, or -1 with no memory. */
static int arena_grow(struct nt_deliver *d, size_t n)
{
    if (d->used + n <= d->cap)
        return 0;
    size_t cap = d->cap ? d->cap : 4096;
    while (cap < d->used + n)
        cap *= 2;
    unsigned char *a = tgMem_realloc(d->arena, cap);
    if (a == NULL)
        return -1;
    d->arena = a;
    d->cap = cap;
    return 0;
}

/* One name into the arena: UTF-16 converted, UTF-8 as it is. */
static size_t keep(struct nt_deliver *d, const unsigned char *p, size_t size,
                   int utf16)
{
    unsigned char *out = d->arena + d->used;
    size_t n = utf16 ? tgUnicode_utf16_to_utf8(p, size / 2, out, size / 2 * 3)
                     : (memcpy(out, p, size), size);
    d->used += n;
    return n;
}

/* The names are past --max-names (or there was no memory for them):
 * said once, and no more names are kept. */
static void names_full(nt_check *k, uint64_t off)
{
    char exp[96];
    k->deliver->names_full = 1;
    nt_report(k, NT_LIM_NAMES, off, 0, "",
              tgEngine_limit_text(k->c, TG_LIMIT_NAME_BYTES, "bytes", exp,
                                  sizeof exp),
              "more names");
}

void nt_deliver_metadata(nt_check *k, uint32_t id, const nt_names *n,
                         uint64_t off)
{
    struct nt_deliver *d = k->deliver;
    /* the most bytes the two names take: UTF-16 grows by 3/2 at most */
    size_t most = n->utf16 ? (n->provider_size + n->name_size) / 2 * 3
                           : n->provider_size + n->name_size;
    if (d->names_full)
        return;
    if (arena_grow(d, most) != 0) {
        names_full(k, off); /* memory is a limit, said as such */
        return;
    }
    size_t at = d->used;
    uint32_t provider_size =
        (uint32_t)keep(d, n->provider, n->provider_size, n->utf16);
    uint32_t name_size = (uint32_t)keep(d, n->name, n->name_size, n->utf16);
    if (d->used > k->c->limits[TG_LIMIT_NAME_BYTES]) {
        d->used = at;
        names_full(k, off);
        return;
    }
    int status;
    named *m = tgIdmap_insert(&d->names, id, &status);
    if (m == NULL) { /* the checks' own table of ids is as large */
        d->used = at;
        nt_table_full(k, off);
        return;
    }
    m->at = (uint32_t)at;
    m->provider_size = provider_size;
    m->name_size = name_size;
    m->opcode = n->opcode;
    m->id = n->event_id;
    m->version = n->version;
}

void nt_deliver_flush_metadata(nt_check *k)
{
    struct nt_deliver *d = k->deliver;
    tgIdmap_clear(&d->names);
    d->used = 0;
}

void nt_deliver_stack(nt_check *k, uint64_t id, const unsigned char *p,
                      uint32_t size, uint64_t off)
{
    if (id > UINT32_MAX) /* not an id an event can name (NT-STK-004) */
        return;
    int status;
    stack_sum *s = tgIdmap_insert(&k->deliver->stacks, id, &status);
    if (s == NULL) {
        nt_table_full(k, off);
        return;
    }
    s->size = size;
    s->fnv1a64 = fnv1a64(p, size);
}

void nt_deliver_label(nt_check *k, uint64_t id, const nt_label_values *v,
                      uint64_t off)
{
    struct nt_deliver *d = k->deliver;
    if (id > UINT32_MAX) /* not an id an event can name (NT-LBL-005) */
        return;
    int status;
    uint32_t *slot = tgIdmap_insert(&d->labels, id, &status);
    if (slot == NULL) {
        nt_table_full(k, off);
        return;
    }
    if (status == 1) { /* a new id; a second definition takes its slot */
        if (d->nlists == d->lists_cap) {
            size_t cap = d->lists_cap ? d->lists_cap * 2 : 64;
            nt_label_values *l = tgMem_realloc(d->lists, cap * sizeof *l);
            if (l == NULL) {
                tgIdmap_remove(&d->labels, id);
                nt_table_full(k, off);
                return;
            }
            d->lists = l;
            d->lists_cap = cap;
        }
        *slot = (uint32_t)++d->nlists;
    }
    d->lists[*slot - 1] = *v;
}

void nt_deliver_sp(nt_check *k)
{
    struct nt_deliver *d = k->deliver;
    tgIdmap_clear(&d->stacks);
    tgIdmap_clear(&d->labels);
    d->nlists = 0;
}

/* The OS thread id a v6 or draft thread index names, if its row gave
 * one; a v4/v5 thread id is itself. */
static int thread_id(nt_check *k, uint64_t index, uint64_t *out)
{
    if (!k->v6) {
        *out = index;
        return 1;
    }
    const nt_thread *t = tgIdmap_find(&k->threads, index);
    if (t == NULL || !t->has_os)
        return 0;
    *out = t->os_id;
    return 1;
}

void nt_deliver_event(nt_check *k, const nt_event *e)
{
    struct nt_deliver *d = k->deliver;
    const named *m = tgIdmap_find(&d->names, e->metadata_id);
    if (m == NULL) /* not defined before it: the finding says so */
        return;
    tg_event v;
    memset(&v, 0, sizeof v);
    v.offset = e->off;
    v.metadata_id = e->metadata_id;
    v.provider = (const char *)d->arena + m->at;
    v.provider_size = m->provider_size;
    v.name = v.provider + m->provider_size;
    v.name_size = m->name_size;
    v.id = m->id;
    v.opcode = m->opcode;
    v.version = m->version;
    if (thread_id(k, e->thread, &v.thread))
        v.has |= TG_EVENT_THREAD;
    if (thread_id(k, e->capture_thread, &v.capture_thread))
        v.has |= TG_EVENT_CAPTURE_THREAD;
    v.sequence = e->seq;
    v.processor = e->processor;
    if (e->processor != NT_PROCESSOR_UNKNOWN)
        v.has |= TG_EVENT_PROCESSOR;
    v.timestamp = e->ts;
    if (k->ts_flip)
        v.has |= TG_EVENT_SIGNED_TIME;
    if (e->activity)
        memcpy(v.activity, e->activity, 16);
    if (e->related)
        memcpy(v.related_activity, e->related, 16);
    const uint32_t *slot =
        e->label_list ? tgIdmap_find(&d->labels, e->label_list) : NULL;
    if (slot) { /* a label list stands in for header fields (v6) */
        const nt_label_values *l = &d->lists[*slot - 1];
        if (l->has & NT_HAS_ACTIVITY)
            memcpy(v.activity, l->activity, 16);
        if (l->has & NT_HAS_RELATED)
            memcpy(v.related_activity, l->related, 16);
        if (l->has & NT_HAS_OPCODE)
            v.opcode = l->opcode;
        if (l->has & NT_HAS_VERSION)
            v.version = l->version;
    }
    v.payload = e->payload;
    v.payload_size = e->payload_size;
    v.payload_fnv1a64 = fnv1a64(e->payload, e->payload_size);
    v.payload_fits = k->payload_fits;
    const stack_sum *s =
        e->stack_id ? tgIdmap_find(&d->stacks, e->stack_id) : NULL;
    v.stack_id = e->stack_id;
    if (s) {
        v.stack_size = s->size;
        v.stack_fnv1a64 = s->fnv1a64;
    }
    k->c->on_event(k->c->event_ctx, &v);
}

void nt_label_value(nt_label_values *v, unsigned kind, const unsigned char *p)
{
    switch (kind) {
    case NT_LABEL_ACTIVITY:
        memcpy(v->activity, p, 16);
        v->has |= NT_HAS_ACTIVITY;
        break;
    case NT_LABEL_RELATED:
        memcpy(v->related, p, 16);
        v->has |= NT_HAS_RELATED;
        break;
    case NT_LABEL_OPCODE:
        v->opcode = p[0];
        v->has |= NT_HAS_OPCODE;
        break;
    case NT_LABEL_VERSION:
        v->version = p[0];
        v->has |= NT_HAS_VERSION;
        break;
    default: break; /* data, not a header field */
    }
}
