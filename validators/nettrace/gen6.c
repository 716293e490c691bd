/* gen6.c - valid final-v6 NetTrace traces from a seed: a Trace block with
 * key/value pairs; metadata rows using every type code family (scalars,
 * Array, FixedLengthArray, RelLoc and DataLoc over fixed-size elements,
 * nested Object) and optional metadata; Thread blocks with every info
 * kind; stacks; label lists with every label kind; event blocks of
 * per-thread batches opened by IsSorted rows, with label list ids and
 * wrapped timestamp deltas; sequence points that sometimes flush threads
 * (then re-declared) or metadata (then re-defined); a RemoveThread; and
 * EndOfStream.  Output has no finding.  With min_size, windows are
 * streamed until the trace is that long. */
#include <stdlib.h>

#include "emit.h"
#include "model.h"
#include "nettrace.h"

#define G6_THREADS 4
#define G6_METADATA 6
#define G6_LABELS 6

typedef struct g6_thread {
    uint32_t seq;
    uint64_t ts;
} g6_thread;

typedef struct nt_gen6 {
    tgB_rng rng;
    nt_sink *sink;
    tgM_buf b;               /* content of the block being built */
    g6_thread threads[G6_THREADS + 1]; /* by index; index 0 unused */
    unsigned nthreads;
    uint64_t clock, floor;
    uint32_t stacks, labels;
} nt_gen6;

static void emit(nt_gen6 *g, unsigned kind)
{
    nt_sink_block(g->sink, kind, NULL, &g->b);
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
    emit(g, 1);
}

/* One field: FieldSize, name, type bytes. */
static void field(tgM_buf *row, const char *name, const void *type, size_t n)
{
    tgM_buf f = {0};
    put_string6(&f, name);
    put(&f, type, n);
    put_u16(row, (unsigned)f.n);
    put(row, f.p, f.n);
    tgM_free(&f);
}

static void metadata_row(nt_gen6 *g, tgM_buf *row, uint32_t id)
{
    put_var(row, id);
    put_string6(row, "Demo.Provider");
    put_var(row, id);
    put_string6(row, id % 2 ? "Tick" : "Work/Start");
    switch (id % 3) {
    case 0: /* scalars of every fixed family, a string, the varints */
        put_u16(row, 8);
        field(row, "Flag", "\x03", 1);
        field(row, "Unit", "\x04", 1);
        field(row, "Small", "\x05", 1);
        field(row, "Count", "\x0c", 1);
        field(row, "Ratio", "\x0e", 1);
        field(row, "Name", "\x12", 1);
        field(row, "Delta", "\x14", 1);
        field(row, "On", "\x1a", 1);
        break;
    case 1: /* arrays and locators */
        put_u16(row, 4);
        field(row, "Ports", "\x13\x08", 2);
        field(row, "Quad", "\x16\x09\x04\x00", 4);
        field(row, "Blob", "\x18\x06", 2);
        field(row, "Text", "\x19\x17", 2);
        break;
    default: /* a nested object and a guid */
        put_u16(row, 2);
        {
            tgM_buf t = {0};
            put_u8(&t, 1);
            put_u16(&t, 2);
            field(&t, "X", "\x09", 1);
            field(&t, "Y", "\x0e", 1);
            field(row, "Point", t.p, t.n);
            tgM_free(&t);
        }
        field(row, "Id", "\x11", 1);
    }
    /* OptionalMetadata: OpCode, Keyword, Level, Version, a template */
    tgM_buf o = {0};
    put_u8(&o, 1);
    put_u8(&o, 1 + tgB_below(&g->rng, 9));
    put_u8(&o, 3);
    put_u64(&o, 1ull << tgB_below(&g->rng, 48));
    put_u8(&o, 8);
    put_u8(&o, 4);
    put_u8(&o, 9);
    put_u8(&o, 1);
    put_u8(&o, 4);
    put_string6(&o, "Tick {Count}");
    put_u16(row, (unsigned)o.n);
    put(row, o.p, o.n);
    tgM_free(&o);
}

static void metadata_block(nt_gen6 *g)
{
    tgM_buf row = {0};
    put_u16(&g->b, 0); /* HeaderSize, as writers do */
    for (uint32_t id = 1; id <= G6_METADATA; id++) {
        row.n = 0;
        metadata_row(g, &row, id);
        put_u16(&g->b, (unsigned)row.n);
        put(&g->b, row.p, row.n);
    }
    tgM_free(&row);
    emit(g, 3);
}

static void thread_block(nt_gen6 *g)
{
    tgM_buf row = {0};
    for (unsigned i = 1; i <= g->nthreads; i++) {
        row.n = 0;
        put_var(&row, i);
        put_u8(&row, 1);
        put_string6(&row, i == 1 ? "Main" : "Worker");
        put_u8(&row, 2);
        put_var(&row, 4242);
        put_u8(&row, 3);
        put_var(&row, 5000 + i);
        put_u8(&row, 4);
        put_string6(&row, "role");
        put_string6(&row, "demo");
        put_u16(&g->b, (unsigned)row.n);
        put(&g->b, row.p, row.n);
        g->threads[i].seq = 0; /* a fresh index starts at 1 */
    }
    tgM_free(&row);
    emit(g, 6);
}

static void stack_block(nt_gen6 *g)
{
    g->stacks = 1 + tgB_below(&g->rng, 6);
    put_u32(&g->b, 1);
    put_u32(&g->b, g->stacks);
    for (uint32_t i = 0; i < g->stacks; i++) {
        uint32_t n = tgB_below(&g->rng, 4);
        put_u32(&g->b, 8 * n);
        for (uint32_t k = 0; k < n; k++)
            put_u64(&g->b, 0x401000 + 16 * tgB_below(&g->rng, 1u << 16));
    }
    emit(g, 5);
}

static void label_block(nt_gen6 *g)
{
    g->labels = 1 + tgB_below(&g->rng, G6_LABELS);
    put_u32(&g->b, 1);
    put_u32(&g->b, g->labels);
    for (uint32_t i = 0; i < g->labels; i++) {
        /* list i holds labels of kinds (i % 10) + 1 and the next one */
        for (unsigned n = 0; n < 2; n++) {
            unsigned kind = (i + n) % 10 + 1;
            put_u8(&g->b, kind | (n == 1 ? 0x80u : 0));
            switch (kind) {
            case 1: case 2: case 3:
                for (int k = 0; k < 16; k++)
                    put_u8(&g->b, (unsigned)tgB_next(&g->rng));
                break;
            case 4: case 8: put_u64(&g->b, tgB_next(&g->rng)); break;
            case 5:
                put_string6(&g->b, "tenant");
                put_string6(&g->b, "blue");
                break;
            case 6:
                put_string6(&g->b, "retries");
                put_var(&g->b, 2 * tgB_below(&g->rng, 5)); /* zig-zag */
                break;
            default: put_u8(&g->b, 1 + tgB_below(&g->rng, 5));
            }
        }
    }
    emit(g, 8);
}

static void event_block(nt_gen6 *g)
{
    tgM_buf rows = {0};
    uint64_t prev_ts = 0, prev_capture = 0, prev_thread = 0;
    uint64_t lo = UINT64_MAX, hi = 0;
    uint32_t prev_meta = 0, prev_stack = 0, prev_seq = 0, prev_size = 0;
    uint32_t prev_label = 0;
    for (unsigned batch = 1 + tgB_below(&g->rng, 4); batch > 0; batch--) {
        unsigned index = 1 + tgB_below(&g->rng, g->nthreads);
        g6_thread *t = &g->threads[index];
        uint64_t start = (t->ts > g->floor ? t->ts : g->floor) +
                         tgB_below(&g->rng, 50);
        g->floor = start;
        uint64_t ts = start;
        for (unsigned n = 1 + tgB_below(&g->rng, 6); n > 0; n--) {
            uint32_t meta = 1 + tgB_below(&g->rng, G6_METADATA);
            /* the first row of a block always has a stack (id 1) */
            uint32_t stack =
                rows.n == 0 ? 1 : tgB_below(&g->rng, g->stacks + 1);
            /* ... and a label list (id 1) */
            uint32_t label =
                rows.n == 0 ? 1 : tgB_below(&g->rng, g->labels + 1);
            uint32_t size = tgB_below(&g->rng, 40);
            uint32_t seq = t->seq + 1;
            int first = ts == start;
            unsigned flags = 0;
            if (meta != prev_meta)
                flags |= 0x01;
            /* without 0x02 the sequence number is the previous + 1 */
            if (first || index != prev_capture || seq != prev_seq + 1)
                flags |= 0x02;
            if (index != prev_thread)
                flags |= 0x04;
            if (stack != prev_stack)
                flags |= 0x08;
            if (label != prev_label)
                flags |= 0x10;
            if (first)
                flags |= 0x40;
            if (size != prev_size)
                flags |= 0x80;
            put_u8(&rows, flags);
            if (flags & 0x01)
                put_var(&rows, meta);
            if (flags & 0x02) {
                put_var(&rows, (uint32_t)(seq - prev_seq - 1));
                put_var(&rows, index);
                put_var(&rows, tgB_below(&g->rng, 16));
            }
            if (flags & 0x04)
                put_var(&rows, index);
            if (flags & 0x08)
                put_var(&rows, stack);
            put_var(&rows, ts - prev_ts);
            if (flags & 0x10)
                put_var(&rows, label);
            if (flags & 0x80)
                put_var(&rows, size);
            for (uint32_t i = 0; i < size; i++)
                put_u8(&rows, (unsigned)tgB_next(&g->rng));
            lo = ts < lo ? ts : lo;
            hi = ts > hi ? ts : hi;
            prev_ts = ts;
            prev_capture = prev_thread = index;
            prev_meta = meta;
            prev_stack = stack;
            prev_label = label;
            prev_seq = t->seq = seq;
            prev_size = size;
            t->ts = ts;
            if (ts > g->clock)
                g->clock = ts;
            ts += tgB_below(&g->rng, 40);
        }
    }
    put_u16(&g->b, 20);
    put_u16(&g->b, 1);
    put_u64(&g->b, lo);
    put_u64(&g->b, hi);
    put(&g->b, rows.p, rows.n);
    tgM_free(&rows);
    emit(g, 2);
}

/* A sequence point; flags 1 and 2 flush threads and metadata, which are
 * then declared again. */
static void sequence_point(nt_gen6 *g)
{
    uint32_t roll = tgB_below(&g->rng, 8);
    uint32_t flags = roll == 0 ? 1u : roll == 1 ? 2u : 0u;
    g->clock += 1 + tgB_below(&g->rng, 100);
    put_u64(&g->b, g->clock);
    put_u32(&g->b, flags);
    put_u32(&g->b, g->nthreads);
    for (unsigned i = 1; i <= g->nthreads; i++) {
        put_var(&g->b, i);
        put_var(&g->b, g->threads[i].seq);
    }
    emit(g, 4);
    g->floor = g->clock;
    for (unsigned i = 1; i <= g->nthreads; i++)
        g->threads[i].ts = g->clock;
    if (flags & 1)
        thread_block(g);
    if (flags & 2)
        metadata_block(g);
}

static void window(nt_gen6 *g)
{
    stack_block(g);
    label_block(g);
    for (unsigned n = 1 + tgB_below(&g->rng, 3); n > 0; n--)
        event_block(g);
    sequence_point(g);
}

int nt_generate_v6(uint64_t seed, uint64_t min_size, nt_sink *sink)
{
    nt_gen6 *g = calloc(1, sizeof *g);
    if (g == NULL)
        return -1;
    g->rng.s = seed;
    g->sink = sink;
    g->clock = 1000 + tgB_below(&g->rng, 100000);
    g->nthreads = 2 + tgB_below(&g->rng, G6_THREADS - 1);
    nt_sink_raw(sink, "Nettrace\0\0\0\0\6\0\0\0\0\0\0\0", 20);
    trace_block(g);
    metadata_block(g);
    thread_block(g);
    for (unsigned i = 1; i <= g->nthreads; i++)
        g->threads[i].ts = g->clock;
    if (min_size > 0) {
        while (sink->total < min_size && !nt_sink_failed(sink))
            window(g);
    } else {
        for (unsigned n = 1 + tgB_below(&g->rng, 3); n > 0; n--)
            window(g);
    }
    /* the last thread ends: RemoveThread with its final number */
    put_var(&g->b, g->nthreads);
    put_var(&g->b, g->threads[g->nthreads].seq);
    emit(g, 7);
    emit(g, 0);
    int failed = g->b.failed;
    tgM_free(&g->b);
    free(g);
    return nt_sink_failed(sink) || failed ? -1 : 0;
}
