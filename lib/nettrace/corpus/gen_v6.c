/* gen_v6.c - valid v6 NetTrace traces from a seed, final or (draft) in the
 * seed's February 2025 layout.  Final v6 has a Trace block with
 * key/value pairs; metadata rows using every type code family (scalars,
 * Array, FixedLengthArray, RelLoc and DataLoc over fixed-size elements,
 * nested Object; gen_types.c) and optional metadata, with event payloads
 * that match them; Thread blocks with every info
 * kind; stacks; label lists with every label kind; event blocks of
 * per-thread batches opened by IsSorted rows, with label list ids and
 * wrapped timestamp deltas; sequence points that sometimes flush threads
 * (then re-declared) or metadata (then re-defined); a RemoveThread; and
 * EndOfStream.  Output has no finding.  With min_size, windows are
 * streamed until the trace is that long. */
#include <stdlib.h>

#include "emit.h"
#include "model.h"
#include "../nettrace.h"
#include "../../core/mem.h"

#define G6_THREADS  4
#define G6_METADATA 6
#define G6_LABELS   6

typedef struct nt_gen6 {
    tgBytes_rng rng;
    nt_sink *sink;
    tgMembuf b;                        /* content of the block being built */
    nt_gen_thread threads[G6_THREADS]; /* threads[i] has index i + 1 */
    unsigned nthreads;
    uint64_t clock, floor;
    uint32_t stacks, labels;
    int draft;               /* the seed's layout                 */
    tgHostile_style hostile; /* names from core/corpus/hostile.h */
    int typical;             /* deep stacks (TG_STYLE_TYPICAL)    */
} nt_gen6;

static void emit(nt_gen6 *g, enum nt_block b)
{
    nt_sink_block(g->sink, b, &g->b);
    g->b.n = 0;
}

static void trace_block(nt_gen6 *g)
{
    static const short date[8] = {2025, 10, 4, 16, 8, 45, 30, 125};
    for (int i = 0; i < 8; i++)
        put_u16(&g->b, (unsigned)date[i]);
    put_u64(&g->b, g->clock);
    put_u64(&g->b, 10000000);
    put_u32(&g->b, 8);
    put_u32(&g->b, 3);
    put_string6(&g->b, "ProcessId");
    put_string6(&g->b, "4242");
    put_string6(&g->b, "HardwareThreadCount");
    put_string6(&g->b, "16");
    put_string6(&g->b, "ExpectedCPUSamplingRate");
    put_string6(&g->b, "1000000");
    emit(g, NT_B_TRACE);
}

static void metadata_row(nt_gen6 *g, tgMembuf *row, uint32_t id)
{
    put_var(row, id);
    put_string6(row, nt_name(&g->hostile, "Demo.Provider"));
    put_var(row, id);
    put_string6(row, nt_name(&g->hostile, id % 2 ? "Tick" : "Work/Start"));
    nt_gen_fields(row, NT_V6, id, 0);
    /* OptionalMetadata: OpCode, Keyword, Level, Version, a template */
    tgMembuf o = {0};
    put_u8(&o, 1);
    put_u8(&o, 1 + tgBytes_below(&g->rng, 9));
    put_u8(&o, 3);
    put_u64(&o, 1ull << tgBytes_below(&g->rng, 48));
    put_u8(&o, 8);
    put_u8(&o, 4);
    put_u8(&o, 9);
    put_u8(&o, 1);
    put_u8(&o, 4);
    put_string6(&o, "Tick {Count}");
    put_u16(row, (unsigned)o.n);
    put(row, o.p, o.n);
    tgMembuf_free(&o);
}

/* The draft's metadata: Count rows, fields as (Type, name), optional
 * metadata as a varuint count of elements. */
static void metadata_block_draft(nt_gen6 *g)
{
    put_u16(&g->b, G6_METADATA);
    for (uint32_t id = 1; id <= G6_METADATA; id++) {
        put_var(&g->b, id);
        put_string6(&g->b, nt_name(&g->hostile, "Demo.Provider"));
        put_var(&g->b, id);
        put_string6(&g->b, nt_name(&g->hostile, "Tick"));
        nt_gen_fields(&g->b, NT_V6D, id, 0);
        put_var(&g->b, 3);
        put_u8(&g->b, 1);
        put_u8(&g->b, 1 + tgBytes_below(&g->rng, 9));
        put_u8(&g->b, 3);
        put_u64(&g->b, 1ull << tgBytes_below(&g->rng, 48));
        put_u8(&g->b, 4);
        put_u8(&g->b, 1);
        put_u8(&g->b, 4);
        put_string6(&g->b, "Tick {Count}");
    }
    emit(g, NT_B_METADATA);
}

static void metadata_block(nt_gen6 *g)
{
    if (g->draft) {
        metadata_block_draft(g);
        return;
    }
    tgMembuf row = {0};
    put_u16(&g->b, 0); /* HeaderSize, as writers do */
    for (uint32_t id = 1; id <= G6_METADATA; id++) {
        row.n = 0;
        metadata_row(g, &row, id);
        put_u16(&g->b, (unsigned)row.n);
        put(&g->b, row.p, row.n);
    }
    tgMembuf_free(&row);
    emit(g, NT_B_METADATA);
}

static void thread_block(nt_gen6 *g)
{
    if (g->draft) {
        /* Count, then (Index, ThreadId, ProcessId) */
        put_u16(&g->b, g->nthreads);
        for (unsigned i = 0; i < g->nthreads; i++) {
            put_var(&g->b, g->threads[i].id);
            put_var(&g->b, 5000 + g->threads[i].id);
            put_var(&g->b, 4242);
            g->threads[i].seq = 0; /* a fresh index starts at 1 */
        }
        emit(g, NT_B_THREAD);
        return;
    }
    tgMembuf row = {0};
    for (unsigned i = 1; i <= g->nthreads; i++) {
        row.n = 0;
        put_var(&row, g->threads[i - 1].id);
        put_u8(&row, 1);
        put_string6(&row, nt_name(&g->hostile, i == 1 ? "Main" : "Worker"));
        put_u8(&row, 2);
        put_var(&row, 4242);
        put_u8(&row, 3);
        put_var(&row, 5000 + i);
        put_u8(&row, 4);
        put_string6(&row, "role");
        put_string6(&row, "demo");
        put_u16(&g->b, (unsigned)row.n);
        put(&g->b, row.p, row.n);
        g->threads[i - 1].seq = 0; /* a fresh index starts at 1 */
    }
    tgMembuf_free(&row);
    emit(g, NT_B_THREAD);
}

static void stack_block(nt_gen6 *g)
{
    g->stacks = 1 + tgBytes_below(&g->rng, 6);
    put_u32(&g->b, 1);
    put_u32(&g->b, g->stacks);
    for (uint32_t i = 0; i < g->stacks; i++) {
        uint32_t n = g->typical ? nt_typical_frames(&g->rng)
                                : tgBytes_below(&g->rng, 4);
        put_u32(&g->b, 8 * n);
        for (uint32_t k = 0; k < n; k++)
            put_u64(&g->b, 0x401000 + 16 * tgBytes_below(&g->rng, 1u << 16));
    }
    emit(g, NT_B_STACK);
}

static void label_block(nt_gen6 *g)
{
    g->labels = 1 + tgBytes_below(&g->rng, G6_LABELS);
    put_u32(&g->b, 1);
    put_u32(&g->b, g->labels);
    for (uint32_t i = 0; i < g->labels; i++) {
        /* list i holds labels of kinds (i % 10) + 1 and the next one */
        for (unsigned n = 0; n < 2; n++) {
            unsigned kind = (i + n) % NT_LABEL_KINDS + 1;
            const nt_label_kind *lk = &nt_label_kinds[kind];
            put_u8(&g->b, kind | (n == 1 ? NT_LABEL_LAST : 0));
            if (lk->value == NT_LV_STRINGS) {
                put_string6(&g->b, "tenant");
                put_string6(&g->b, nt_name(&g->hostile, "blue"));
            } else if (lk->value == NT_LV_STRING_VAR) {
                put_string6(&g->b, "retries");
                put_var(&g->b, 2 * tgBytes_below(&g->rng, 5)); /* zig-zag */
            } else if (lk->size == 16) {                       /* the ids */
                for (int k = 0; k < 16; k++)
                    put_u8(&g->b, (unsigned)tgBytes_next(&g->rng));
            } else if (lk->size == 8) {
                put_u64(&g->b, tgBytes_next(&g->rng));
            } else { /* OpCode, Level, Version: small, as real ones */
                put_u8(&g->b, 1 + tgBytes_below(&g->rng, 5));
            }
        }
    }
    emit(g, NT_B_LABELS);
}

static void event_block(nt_gen6 *g)
{
    nt_gen_event_block(&g->b, &g->rng, g->threads, g->nthreads, &g->clock,
                       &g->floor, G6_METADATA, g->stacks, g->labels,
                       g->draft ? NT_V6D : NT_V6);
    emit(g, NT_B_EVENT);
}

/* A sequence point; flags 1 and 2 flush threads and metadata, which are
 * then declared again. */
static void sequence_point(nt_gen6 *g)
{
    uint32_t roll = tgBytes_below(&g->rng, 8);
    uint32_t flags = roll == 0 ? 1u : roll == 1 ? 2u : 0u;
    g->clock += 1 + tgBytes_below(&g->rng, 100);
    put_u64(&g->b, g->clock);
    if (g->draft) {
        /* the v5 layout; every draft SP ends the thread indexes */
        flags = 1;
        put_u32(&g->b, g->nthreads);
        for (unsigned i = 0; i < g->nthreads; i++) {
            put_u64(&g->b, g->threads[i].id);
            put_u32(&g->b, g->threads[i].seq);
        }
    } else {
        put_u32(&g->b, flags);
        put_u32(&g->b, g->nthreads);
        for (unsigned i = 0; i < g->nthreads; i++) {
            put_var(&g->b, g->threads[i].id);
            put_var(&g->b, g->threads[i].seq);
        }
    }
    emit(g, NT_B_SP);
    g->floor = g->clock;
    for (unsigned i = 0; i < g->nthreads; i++)
        g->threads[i].ts = g->clock;
    if (flags & 1)
        thread_block(g);
    if (flags & 2)
        metadata_block(g);
}

static void window(nt_gen6 *g)
{
    stack_block(g);
    if (!g->draft) /* the draft has no label lists */
        label_block(g);
    for (unsigned n = 1 + tgBytes_below(&g->rng, 3); n > 0; n--)
        event_block(g);
    sequence_point(g);
}

int nt_generate_v6(int style, uint64_t seed, uint64_t min_size, nt_sink *sink,
                   int draft)
{
    nt_gen6 *g = tgMem_calloc(1, sizeof *g);
    if (g == NULL)
        return -1;
    g->draft = draft;
    g->hostile = tgHostile_start(style, seed);
    g->typical = style == TG_STYLE_TYPICAL;
    g->rng.s = seed;
    g->sink = sink;
    g->clock = 1000 + tgBytes_below(&g->rng, 100000);
    g->nthreads = 2 + tgBytes_below(&g->rng, G6_THREADS - 1);
    for (unsigned i = 0; i < g->nthreads; i++)
        g->threads[i].id = i + 1;
    /* Reserved 0, MajorVersion 6, MinorVersion 0 */
    nt_sink_raw(sink, NT_MAGIC "\0\0\0\0\6\0\0\0\0\0\0\0", NT_V6_STREAM);
    trace_block(g);
    metadata_block(g);
    thread_block(g);
    for (unsigned i = 0; i < g->nthreads; i++)
        g->threads[i].ts = g->clock;
    if (min_size > 0) { /* a window at least, as without a size */
        do
            window(g);
        while (sink->total < min_size && !nt_sink_failed(sink));
    } else {
        for (unsigned n = 1 + tgBytes_below(&g->rng, 3); n > 0; n--)
            window(g);
    }
    if (!draft) {
        /* the last thread ends: RemoveThread with its final number */
        put_var(&g->b, g->threads[g->nthreads - 1].id);
        put_var(&g->b, g->threads[g->nthreads - 1].seq);
        emit(g, NT_B_REMOVE_THREAD);
    }
    emit(g, NT_B_END);
    int failed = g->b.failed;
    tgMembuf_free(&g->b);
    tgMem_free(g);
    return nt_sink_failed(sink) || failed ? -1 : 0;
}
