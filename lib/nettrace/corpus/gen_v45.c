/* gen_v45.c - valid NetTrace traces from a seed.  For every profile but
 * nettrace-v6 and nettrace-v6-draft (gen_v6.c), the v4/v5 layout the .NET
 * runtime writes: compressed headers, a first metadata row with flag
 * 0x02 and sequence delta 0xFFFFFFFF (NT-A4), per-thread batches opened by
 * an IsSorted row, timestamps that step back between threads (wrapped
 * deltas, NT-A6), stack ids restarting at 1 after each sequence point, V5
 * metadata tags (OpCode, V2Params with an Array).  Output has no finding
 * under any profile.  With min_size, windows are streamed until the trace
 * is that long; memory stays that of one window. */
#include <stdlib.h>
#include <string.h>

#include "../../core/bytes.h"
#include "emit.h"
#include "model.h"
#include "../nettrace.h"
#include "../../core/mem.h"

#define GEN_THREADS  4
#define GEN_METADATA 6
#define GEN_STACKS   8

typedef struct nt_gen {
    tgBytes_rng rng;
    nt_sink *sink;
    tgMembuf block; /* content of the block being built  */
    nt_gen_thread threads[GEN_THREADS];
    unsigned nthreads;
    uint64_t clock;          /* latest timestamp handed out       */
    uint64_t floor;          /* latest IsSorted timestamp         */
    uint32_t stacks;         /* stack ids defined in this window  */
    tgHostile_style hostile; /* names from core/corpus/hostile.h */
    int typical;             /* deep stacks (TG_STYLE_TYPICAL)    */
} nt_gen;

/* The object around the block content in g->block. */
static void emit_block(nt_gen *g, enum nt_block b)
{
    nt_sink_block(g->sink, b, &g->block);
    g->block.n = 0;
}

static void emit_header(nt_gen *g)
{
    tgMembuf b = {0};
    put(&b, NT_MAGIC, NT_MAGIC_LEN);
    put_u32(&b, NT_FASTSER_LEN);
    put(&b, NT_FASTSER, NT_FASTSER_LEN);
    nt_sink_raw(g->sink, b.p, b.n);
    b.n = 0;
    put(&b, NT_OBJECT_OPEN, NT_OBJECT_OPEN_LEN);
    put_u32(&b, 4);
    put_u32(&b, 4);
    put_u32(&b, 5);
    put(&b, "Trace", 5);
    put_u8(&b, NT_TAG_END);
    /* Monday 9 June 2025: DayOfWeek agrees with the date */
    static const unsigned short date[8] = {2025, 6, 1, 9, 14, 30, 5, 250};
    for (int i = 0; i < 8; i++)
        put_u16(&b, date[i]);
    put_u64(&b, g->clock); /* SyncTimeQPC             */
    put_u64(&b, 10000000); /* QPCFrequency            */
    put_u32(&b, 8);        /* PointerSize             */
    put_u32(&b, 1000 + tgBytes_below(&g->rng, 60000)); /* ProcessId         */
    put_u32(&b, 2 + tgBytes_below(&g->rng, 30)); /* NumberOfProcessors      */
    put_u32(&b, 1000000);                        /* ExpectedCPUSamplingRate */
    put_u8(&b, NT_TAG_END);
    nt_sink_raw(g->sink, b.p, b.n);
    tgMembuf_free(&b);
}

/* One metadata payload: id, names, keywords, version, level, then the
 * field list the runtime always writes (V1, or an empty V1 list with
 * OpCode and V2Params tags). */
static void metadata_payload(nt_gen *g, tgMembuf *p, uint32_t id)
{
    static const char *const names[] = {"Start", "Stop",         "Sample",
                                        "",      "GC/Triggered", "Alloc"};
    put_u32(p, id);
    put_utf16z(p, nt_name(&g->hostile, "Demo-Provider"));
    put_u32(p, id * 10);
    put_utf16z(p, nt_name(&g->hostile, names[id % 6]));
    put_u64(p, 1ull << tgBytes_below(&g->rng, 40));
    put_u32(p, tgBytes_below(&g->rng, 3));
    put_u32(p, 1 + tgBytes_below(&g->rng, 5));
    nt_gen_fields(p, NT_V45, id, g->hostile.on);
}

/* The metadata rows, in one block; in the hostile style a block each, as
 * a runtime writes the rows of the event types it meets as it meets
 * them (a reader's failure on one type is then a piece of its own). */
static void emit_metadata(nt_gen *g)
{
    tgMembuf rows = {0}, pl = {0};
    uint64_t ts0 = g->clock;
    for (uint32_t id = 1; id <= GEN_METADATA; id++) {
        pl.n = 0;
        metadata_payload(g, &pl, id);
        if (id == 1 || g->hostile.on) {
            /* the runtime's first row: processor differs from the zeroed
             * previous row, so NT_HF_CAPTURE with sequence delta
             * 0xFFFFFFFF */
            put_u8(&rows, NT_HF_SORTED | NT_HF_PAYLOAD_SIZE | NT_HF_CAPTURE |
                              NT_HF_THREAD_ID);
            put_var(&rows, 0xFFFFFFFFu);
            put_var(&rows, 0);
            put_var(&rows, 0xFFFFFFFFu);
            put_var(&rows, g->threads[0].id);
            put_var(&rows, ts0);
        } else {
            put_u8(&rows, NT_HF_SORTED | NT_HF_PAYLOAD_SIZE);
            put_var(&rows, 0);
        }
        put_var(&rows, pl.n);
        put(&rows, pl.p, pl.n);
        if (g->hostile.on || id == GEN_METADATA) {
            put_block_header(&g->block, 1, ts0, ts0);
            put(&g->block, rows.p, rows.n);
            emit_block(g, NT_B_METADATA);
            rows.n = 0;
        }
    }
    tgMembuf_free(&rows);
    tgMembuf_free(&pl);
}

static void emit_stacks(nt_gen *g)
{
    g->stacks = 1 + tgBytes_below(&g->rng, GEN_STACKS);
    put_u32(&g->block, 1);
    put_u32(&g->block, g->stacks);
    put_u32(&g->block, 0); /* id 1: the empty stack, as the runtime does */
    for (uint32_t i = 1; i < g->stacks; i++) {
        uint32_t n = g->typical ? nt_typical_frames(&g->rng)
                                : 1 + tgBytes_below(&g->rng, 4);
        put_u32(&g->block, 8 * n);
        for (uint32_t k = 0; k < n; k++)
            put_u64(&g->block,
                    0x7ff800001000ull + 16 * tgBytes_below(&g->rng, 1u << 20));
    }
    emit_block(g, NT_B_STACK);
}

/* An EventBlock of per-thread batches. */
static void emit_events(nt_gen *g)
{
    nt_gen_event_block(&g->block, &g->rng, g->threads, g->nthreads, &g->clock,
                       &g->floor, GEN_METADATA, g->stacks, 0, NT_V45);
    emit_block(g, NT_B_EVENT);
}

static void emit_sequence_point(nt_gen *g)
{
    g->clock += 1 + tgBytes_below(&g->rng, 100);
    put_u64(&g->block, g->clock);
    put_u32(&g->block, g->nthreads);
    for (unsigned i = 0; i < g->nthreads; i++) {
        put_u64(&g->block, g->threads[i].id);
        put_u32(&g->block, g->threads[i].seq);
    }
    g->floor = g->clock;
    for (unsigned i = 0; i < g->nthreads; i++)
        g->threads[i].ts = g->clock;
    emit_block(g, NT_B_SP);
}

/* One window: stacks, event blocks, a sequence point. */
static void emit_window(nt_gen *g)
{
    emit_stacks(g);
    for (unsigned n = 1 + tgBytes_below(&g->rng, 3); n > 0; n--)
        emit_events(g);
    emit_sequence_point(g);
}

/* The v4/v5 generator. */
static int generate_v45(int style, uint64_t seed, uint64_t min_size,
                        nt_sink *sink)
{
    nt_gen *g = tgMem_calloc(1, sizeof *g);
    if (g == NULL)
        return -1;
    g->hostile = tgHostile_start(style, seed);
    g->typical = style == TG_STYLE_TYPICAL;
    g->rng.s = seed;
    g->sink = sink;
    g->clock = 1000000 + tgBytes_below(&g->rng, 1000000);
    g->nthreads = 2 + tgBytes_below(&g->rng, GEN_THREADS - 1);
    for (unsigned i = 0; i < g->nthreads; i++) {
        g->threads[i].id = 1000 + 4 * i + tgBytes_below(&g->rng, 4);
        g->threads[i].ts = g->clock;
    }
    emit_header(g);
    emit_metadata(g);
    if (min_size > 0) { /* a window at least: events end in an SPBlock */
        do
            emit_window(g);
        while (sink->total < min_size && !nt_sink_failed(sink));
    } else {
        for (unsigned n = 1 + tgBytes_below(&g->rng, 3); n > 0; n--)
            emit_window(g);
    }
    nt_sink_raw(sink, "\x01", 1);
    int failed = g->block.failed;
    tgMembuf_free(&g->block);
    tgMem_free(g);
    return nt_sink_failed(sink) || failed ? -1 : 0;
}

enum nt_layout nt_profile_layout(int profile)
{
    return profile == NT_PROFILE_V6_DRAFT ? NT_V6D
           : profile == NT_PROFILE_V6     ? NT_V6
                                          : NT_V45;
}

int nt_generate(int profile, int style, uint64_t seed, uint64_t min_size,
                nt_sink *sink)
{
    int draft = profile == NT_PROFILE_V6_DRAFT;
    sink->layout = nt_profile_layout(profile);
    if (sink->model)
        sink->model->layout = sink->layout;
    return sink->layout != NT_V45
               ? nt_generate_v6(style, seed, min_size, sink, draft)
               : generate_v45(style, seed, min_size, sink);
}

int tgNettrace_generate(int profile, int style, uint64_t seed,
                        uint64_t min_size, tgOut *out)
{
    nt_sink sink = {out, NULL, 0, 0};
    return nt_generate(profile, style, seed, min_size, &sink);
}
