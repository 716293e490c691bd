/* mutate.h - the kit every NetTrace mutator works with: the mutant being
 * made (a generated parent as a model, and where the break is), finding
 * and inserting blocks, marking the break, and the builders one layout's
 * mutators lend another.  The mutators themselves live by the parent they
 * start from: mutate_v45.c (v4/v5, and rules of every layout), mutate_v6.c,
 * mutate_draft.c, and mutate_payload.c (payload rules, in each layout);
 * mutate.c holds the table and tgNettrace_mutate(). */
#ifndef TG_NT_MUTATE_H
#define TG_NT_MUTATE_H

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
    int profile;         /* of the parent (NT_PROFILE_*)              */
    unsigned variant;    /* which of the rule's mutations (rules.def) */
} nt_mut;

/* Break the mutator's rule in x->m, variant x->variant; @return 1 done,
 * 0 impossible in this parent, -1 out of memory. */
typedef int (*nt_mutator)(nt_mut *x);

/* The v4/v5 generator defines metadata ids 1-6: a mutant's own metadata
 * takes the next, so ids stay dense (NT-OBS-002).  Id 3 has no fields,
 * so events of it may hold any payload. */
#define NEXT_META  7
#define EMPTY_META 3

/* A field list of one V1 field in v6 metadata: count 1, then `size` and
 * `text` (type and name). */
#define FIELD(size, text) "\1\0" size text

/* An event block after the last SP, on fresh capture threads 900001 and
 * 900002: rows of (thread, seq, ts, sorted, metadata id, payload size). */
typedef struct fresh_row {
    unsigned thread; /* 1 or 2 */
    uint32_t seq;
    int64_t dts; /* ts relative to the last SP */
    int sorted;
    uint32_t meta, size;
    /* what most rows leave 0: the capture thread's id (0: 900000 +
     * thread), the processor number, the stack id */
    uint64_t thread_id;
    uint32_t proc, stack;
} fresh_row;

/* Events on a fresh v6 thread index 99, after the last SP: each row is
 * (seq, dts, flags extra, metadata id, uncompressed EventSize or 0 for a
 * compressed row, processor number, stack id). */
typedef struct row6 {
    uint32_t seq;
    int64_t dts;
    unsigned extra; /* NT_HF_RELATED_ACTIVITY_ID (v6: undefined), or
                       NT_HF_SORTED */
    uint32_t meta;
    uint32_t event_size; /* uncompressed rows: the EventSize to write */
    uint32_t proc, stack;
} row6;

/* ---- the kit (mutate_kit.c) ---- */

/* Whether item i is block b of the model's layout (kinds.c). */
int mu_is_block(const nt_mut *x, size_t i, enum nt_block b);

/* The k-th block b (from the end when k < 0), or -1. */
long mu_nth(const nt_mut *x, enum nt_block b, long k);

void mu_mark(nt_mut *x, size_t item, uint64_t delta);

/* The break is in the item's header (object header, block header,
 * BlockSize, padding): delta counts from the item's first byte. */
void mu_mark_header(nt_mut *x, size_t item, uint64_t delta);

uint64_t mu_obj_block_size(const nt_item *it);

/* Insert block b of the model's layout, holding n bytes from p, before
 * item `at`. */
nt_item *mu_insert(nt_mut *x, size_t at, enum nt_block b, const void *p,
                   size_t n);

nt_item *mu_raw_insert(nt_mut *x, size_t at, const void *p, size_t n);

/* Repeat item i right after itself. */
int mu_repeat_item(nt_mut *x, long i);

unsigned char *mu_bytes(nt_mut *x, size_t item);

/* A v4/v5 metadata payload defining `id` (event `name`) up to Level,
 * and without the V1 field list the spec requires. */
void mu_meta_named(tgMembuf *b, uint32_t id, const char *name);

void mu_meta_header(tgMembuf *b, uint32_t id);

/* ... and with an empty field list. */
void mu_meta_payload(tgMembuf *b, uint32_t id);

/* Make the parent a generated trace of another profile: for rules whose
 * variants cover several layouts. */
int mu_reparent(nt_mut *x, int profile);

/* Insert, after the first MetadataBlock, a MetadataBlock with one
 * compressed row whose header bytes are `hdr` (flags first) and whose
 * payload is `pl`; the row timestamp is 0. */
long mu_insert_meta_row(nt_mut *x, const void *hdr, size_t n,
                        const tgMembuf *pl);

/* A one-row metadata block whose row is: flags 0x80 (PayloadSize), ts 0,
 * size, payload; the payload is made by `payload`. */
long mu_meta_block_with(nt_mut *x, const tgMembuf *payload);

/* The timestamp of the last SP block (v4/v5 and v6: its first 8 bytes). */
uint64_t mu_last_sp_ts(nt_mut *x, long *where);

long mu_fresh_block(nt_mut *x, const fresh_row *rows, size_t n);

/* ---- lent by mutate_v45.c ---- */

int mu_patch_raw(nt_mut *x, size_t item, size_t off, const void *p, size_t n);

/* Insert a block of type b with content c after the first such block. */
int mu_insert_after_first(nt_mut *x, enum nt_block b, const void *c, size_t n,
                          uint64_t at);

/* A MetadataBlock, after the first, defining metadata id `id`. */
int mu_define_meta(nt_mut *x, uint32_t id);

/* A MetadataBlock, after the first, holding the one metadata payload pl;
 * the break is `at` bytes into it. */
int mu_meta_payload_mut(nt_mut *x, const tgMembuf *pl, uint64_t at);

/* ---- lent by mutate_v6.c ---- */

/* An event of metadata 100, defined just before it with these fields,
 * whose payload is these bytes; the break is `at` bytes into the
 * payload, or with mu_payload6_meta() into the metadata row's fields. */
int mu_payload6(nt_mut *x, const void *fields, size_t nf, const void *payload,
                size_t np, uint64_t at);
int mu_payload6_meta(nt_mut *x, const void *fields, size_t nf,
                     const void *payload, size_t np, uint64_t at);

/* A Thread block of content p inserted as item `at`; the break is
 * `delta` bytes into it. */
int mu_insert_threads(nt_mut *x, long at, const void *p, size_t n,
                      uint64_t delta);

/* An Event block of `rows` on thread index 99 (declared first when
 * `declare`), after the last SP and the Thread and Metadata blocks that
 * follow it.  @return its item, or -1. */
long mu_fresh6(nt_mut *x, int declare, const row6 *rows, size_t n);

/* ---- lent by mutate_draft.c ---- */

/* A draft metadata block after the first: Count 1, a row defining id 100
 * with `fields` and `optional` as given. */
int mu_draft_meta(nt_mut *x, const void *fields, size_t nf,
                  const void *optional, size_t no, uint64_t at);

/* After the last draft sequence point (before EndOfStream): a Thread
 * block declaring index 99, then an Event block with one row of metadata
 * `id` on it, 5 ticks after that point, holding `payload`; with pad >= 0
 * the row is uncompressed (the v5 row) with pad zero bytes of padding.
 * @return the Event block's item, its payload at x->payload_at, or -1. */
long mu_draft_event(nt_mut *x, uint32_t id, const void *payload, size_t np,
                    int pad);

/* ---- the mutators, one per rules.def MUT() ---- */
#define MUT(fn, ...) int fn(nt_mut *x);
#define NOMUT(reason)
#define TG_RULE(sym, id, level, kind, gens, doc, section, quote, message,     \
                mutation, example)                                            \
    mutation
#include "../rules.def"
#undef TG_RULE
#undef MUT
#undef NOMUT

#endif
