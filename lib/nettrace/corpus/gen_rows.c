/* gen_rows.c - event blocks for both NetTrace generators. */
#include "emit.h"

void nt_gen_event_block(tgMembuf *b, tgBytes_rng *rng, nt_gen_thread *threads,
                        unsigned nthreads, uint64_t *clock, uint64_t *floor,
                        uint32_t metadata, uint32_t stacks, uint32_t labels,
                        enum nt_layout layout)
{
    int labelled = layout == NT_V6;
    tgMembuf rows = {0}, pl = {0};
    nt_row prev = {0}; /* "assume the previous event ... zeroed" */
    uint64_t lo = UINT64_MAX, hi = 0;
    for (unsigned batch = 1 + tgBytes_below(rng, 4); batch > 0; batch--) {
        nt_gen_thread *t = &threads[tgBytes_below(rng, nthreads)];
        /* a batch starts at or after every earlier sorted row and after
         * its thread's last event; rows of other threads may be later, so
         * timestamps step back between batches (wrapped deltas) */
        uint64_t start =
            (t->ts > *floor ? t->ts : *floor) + tgBytes_below(rng, 50);
        *floor = start;
        nt_row r = {0};
        r.ts = start;
        r.proc = tgBytes_below(rng, 8);
        for (unsigned n = 1 + tgBytes_below(rng, 6); n > 0; n--) {
            r.meta = 1 + tgBytes_below(rng, metadata);
            /* the first row of a block always has a stack and (v6) a label
             * list, id 1, so mutations can rely on a reference */
            r.stack = rows.n == 0 ? 1 : tgBytes_below(rng, stacks + 1);
            r.label = !labelled     ? 0
                      : rows.n == 0 ? 1
                                    : tgBytes_below(rng, labels + 1);
            pl.n = 0;
            nt_gen_payload(&pl, rng, layout, r.meta);
            r.size = (uint32_t)pl.n;
            r.seq = t->seq + 1;
            r.sorted = r.ts == start;
            r.capture = r.thread = t->id;
            put_row(&rows, &r, &prev, layout);
            put(&rows, pl.p, pl.n);
            lo = r.ts < lo ? r.ts : lo;
            hi = r.ts > hi ? r.ts : hi;
            t->seq = r.seq;
            t->ts = r.ts;
            if (r.ts > *clock)
                *clock = r.ts;
            r.ts += tgBytes_below(rng, 40);
        }
    }
    put_block_header(b, 1, lo, hi);
    put(b, rows.p, rows.n);
    tgMembuf_free(&rows);
    tgMembuf_free(&pl);
}
