/* state.c - what NetTrace checks remember across blocks: defined metadata
 * ids, the stack ids of the current sequence-point window, and per
 * capture thread the last sequence number and timestamp.  All of it is
 * live state with a limit (--max-live); reaching it is reported once and
 * the reference checks stop. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "../../core/mem.h"

TG_IDMAP_VALUE_FITS(nt_meta);
TG_IDMAP_VALUE_FITS(nt_thread);

void nt_state_init(nt_check *k)
{
    uint64_t live = k->c->limits[TG_LIMIT_LIVE_OBJECTS];
    tgIdmap_init(&k->meta, sizeof(nt_meta), live);
    tgIdmap_init(&k->threads, sizeof(nt_thread), live);
    tgIdmap_init(&k->labels, 0, live);
    tgRanges_init(&k->stacks, live);
    k->decode_payloads = tgEngine_active(k->c, NT_PAY_SHORT) ||
                         tgEngine_active(k->c, NT_PAY_LOC) ||
                         tgEngine_active(k->c, NT_PAY_BOOL) ||
                         tgEngine_active(k->c, NT_PAY_DATETIME);
    if (nt_deliver_begin(k) != 0)
        nt_table_full(k, 0); /* no memory for it: a limit, said so */
}

void nt_state_free(nt_check *k)
{
    tgIdmap_free(&k->meta);
    tgIdmap_free(&k->threads);
    tgIdmap_free(&k->labels);
    tgRanges_free(&k->stacks);
    tgMem_free(k->ops);
    k->ops = NULL;
    nt_kept_rows_free(k);
    nt_deliver_free(k);
    nt_show_free(k);
}

void nt_set_draft(nt_check *k, int draft)
{
    /* v4/v5 and the draft declare timestamps `long`, final v6 u64: keys
     * already kept are turned to the new order */
    uint64_t flip = !k->v6 || draft ? NT_SIGNED : 0;
    uint64_t change = flip ^ k->ts_flip;
    k->draft = draft;
    k->ts_flip = flip;
    k->last_sp_ts ^= change;
    k->max_ts_since_sp ^= change;
    k->sorted_floor ^= change;
}

const char *nt_ts_text(const nt_check *k, uint64_t key, char *buf, size_t size)
{
    uint64_t ts = key ^ k->ts_flip;
    if (k->ts_flip)
        snprintf(buf, size, "%" PRId64, (int64_t)ts);
    else
        snprintf(buf, size, "%" PRIu64, ts);
    return buf;
}

void nt_table_full(nt_check *k, uint64_t off)
{
    if (k->tables_full)
        return;
    k->tables_full = 1;
    char exp[96];
    nt_report(k, NT_LIM_TABLE, off, 0, "",
              tgEngine_limit_text(k->c, TG_LIMIT_LIVE_OBJECTS, "entries", exp,
                                  sizeof exp),
              "one more");
}

/* v as decimal text in buf, made only for a finding. */
#define I64_TEXT sizeof "-9223372036854775808"
static const char *i64_text(char buf[I64_TEXT], int64_t v)
{
    snprintf(buf, I64_TEXT, "%" PRId64, v);
    return buf;
}

nt_meta *nt_define_metadata(nt_check *k, int64_t id, uint64_t off,
                            uint64_t len, const char *field)
{
    if (k->silent) /* a trial parse changes nothing */
        return NULL;
    char found[I64_TEXT];
    if (id <= 0 || id > 0x7FFFFFFF)
        nt_report(k, NT_REF_METADATA_RANGE, off, len, field, "1 .. 2^31-1",
                  i64_text(found, id));
    if (k->tables_full)
        return NULL;
    /* events name ids in 32 bits: an int32 -1 is the id 0xFFFFFFFF */
    uint32_t key = (uint32_t)id;
    int status;
    nt_meta *m = tgIdmap_insert(&k->meta, key, &status);
    if (status == 0)
        nt_report(k, NT_REF_METADATA_TWICE, off, len, field,
                  "an id not yet defined", i64_text(found, id));
    else if (status < 0)
        nt_table_full(k, off);
    else if (!k->v6 && key != 0 && key != ++k->meta_defined) {
        char exp[I64_TEXT];
        nt_report(k, NT_OBS_META_DENSE, off, len, field,
                  i64_text(exp, k->meta_defined), i64_text(found, id));
        k->meta_defined = key; /* count on from it */
    }
    return status == 1 ? m : NULL;
}

/* How many of the ids [first, first + count) a block defines fit in 32
 * bits, the type events name them by; a block whose last ids do not is
 * reported at its first two fields (first, count), at `off`. */
static uint32_t ids_that_fit(nt_check *k, size_t rule, uint32_t first,
                             uint32_t count, uint64_t off, const char *field)
{
    uint64_t room = (uint64_t)UINT32_MAX - first + 1;
    if (count <= room)
        return count;
    char found[64];
    snprintf(found, sizeof found,
             "ids 0x%08" PRIX32 "..0x%" PRIX64 ", %" PRIu64 " past it", first,
             (uint64_t)first + count - 1, count - room);
    nt_report(k, rule, off, 8, field, "ids up to 0xFFFFFFFF", found);
    return (uint32_t)room;
}

void nt_define_stacks(nt_check *k, uint32_t first, uint32_t count,
                      uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    count = ids_that_fit(k, NT_STK_RANGE, first, count, off, "/FirstId");
    if (count == 0 || k->tables_full)
        return;
    uint64_t end = (uint64_t)first + count, a, b;
    int r = tgRanges_insert(&k->stacks, first, end, &a, &b);
    if (r < 0) {
        nt_table_full(k, off);
    } else if (r == 0) {
        char found[64];
        snprintf(found, sizeof found,
                 "ids %" PRIu32 "..%" PRIu64 " overlap %" PRIu64 "..%" PRIu64,
                 first, end - 1, a, b - 1);
        nt_report(k, NT_REF_STACK_TWICE, off, 8, "/FirstId", "new stack ids",
                  found);
    }
}

/* Sequence number s after last: a gap (events lost), a restart at 1, or a
 * step back.  Equal to last + 1 is silent. */
static void sequence(nt_check *k, uint32_t last, uint32_t s, uint64_t off,
                     uint64_t len, const char *field)
{
    uint32_t want = last + 1, ahead = s - want;
    if (s == want)
        return; /* the hot path: nothing to format */
    char exp[32], found[64];
    size_t rule = s == 1 && !k->v6      ? NT_SEQ_RESET
                  : ahead < 0x80000000u ? NT_SEQ_GAP
                                        : NT_SEQ_BACK;
    if (rule == NT_SEQ_GAP)
        k->c->events_lost += ahead;
    const char *f =
        rule == NT_SEQ_RESET ? "1"
        : rule == NT_SEQ_GAP
            ? TG_ENGINE_TEXT(k->c, rule, found,
                             "%" PRIu32 " (%" PRIu32 " lost)", s, ahead)
            : TG_ENGINE_TEXT(k->c, rule, found, "%" PRIu32, s);
    nt_report(k, rule, off, len, field,
              TG_ENGINE_TEXT(k->c, rule, exp, "%" PRIu32, want), f);
}

/* The finding for a thread index that is not live (t: its entry, if any). */
static __attribute__((cold, noinline)) void
not_live(nt_check *k, const nt_thread *t, uint64_t index, uint64_t off,
         uint64_t len, const char *field)
{
    char found[64];
    size_t rule = k->draft ? NT_DRF_THREAD : NT_THR_UNKNOWN;
    nt_report(k, rule, off, len, field,
              k->draft ? "an index declared since the last sequence point"
                       : "a live thread index",
              TG_ENGINE_TEXT(k->c, rule, found, "index %" PRIu64 "%s", index,
                             t ? " (removed)" : ""));
}

/* A v6 thread index that must be live; NULL (reported) if it is not. */
static inline nt_thread *live_thread(nt_check *k, uint64_t index, uint64_t off,
                                     uint64_t len, const char *field)
{
    nt_thread *t = tgIdmap_find(&k->threads, index);
    if (t && t->state == NT_THREAD_LIVE)
        return t;
    not_live(k, t, index, off, len, field);
    return NULL;
}

/* An event's timestamp below `floor` (rule's finding; `why` follows the
 * expected bound). */
static void ts_finding(nt_check *k, size_t rule, const nt_event *e,
                       uint64_t hl, uint64_t floor, const char *why)
{
    char exp[64], t1[24], t2[24];
    if (!tgEngine_shown(k->c, rule)) {
        nt_report(k, rule, e->off, hl, "/TimeStamp", NULL, NULL);
        return;
    }
    snprintf(exp, sizeof exp, ">= %s%s", nt_ts_text(k, floor, t1, sizeof t1),
             why);
    nt_report(k, rule, e->off, hl, "/TimeStamp", exp,
              nt_ts_text(k, e->ts ^ k->ts_flip, t2, sizeof t2));
}

void nt_on_event(nt_check *k, const nt_event *e)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    char found[48];
    /* an event's findings cover its header: the fields at fault are in
     * it, and where each sits depends on the row's flags */
    uint64_t hl = e->payload_off - e->off;
    k->payload_fits = -1;
    if (!k->tables_full) {
        const nt_meta *m = tgIdmap_find(&k->meta, e->metadata_id);
        if (m != NULL && k->decode_payloads && m->layout != NT_LAYOUT_NONE)
            k->payload_fits = 1; /* unless the walk says otherwise */
        if (m == NULL) {
            nt_report(k, NT_REF_METADATA, e->off, hl, "/MetadataId",
                      "a defined metadata id",
                      TG_ENGINE_TEXT(k->c, NT_REF_METADATA, found, "%" PRIu32,
                                     e->metadata_id));
        } else if (k->decode_payloads) {
            nt_check_payload(k, m, e);
        }
    }
    if (k->v6 && e->metadata_id == 0)
        nt_report(k, NT_ROW_META_ZERO_V6, e->off, hl, "/MetadataId",
                  "a non-zero id", "0");
    if (nt_processor_wide(e->processor))
        nt_report(k, NT_ROW_PROC_WIDE, e->off, hl, "/ProcessorNumber",
                  "0-255, or 0xFFFFFFFF (unknown)",
                  TG_ENGINE_TEXT(k->c, NT_ROW_PROC_WIDE, found, "%" PRIu32,
                                 e->processor));
    if (!k->v6 && (e->thread > NT_TE_THREAD_MAX ||
                   e->capture_thread > NT_TE_THREAD_MAX)) {
        int capture = e->capture_thread > NT_TE_THREAD_MAX;
        nt_report(k, NT_ROW_THREAD_WIDE, e->off, hl,
                  capture ? "/CaptureThreadId" : "/ThreadId",
                  "a thread id up to 0xFFFFFFFF",
                  TG_ENGINE_TEXT(k->c, NT_ROW_THREAD_WIDE, found, "0x%" PRIx64,
                                 capture ? e->capture_thread : e->thread));
    }
    if (k->v6 && e->label_list != 0 && !k->tables_full &&
        !tgIdmap_find(&k->labels, e->label_list)) {
        nt_report(k, NT_LBL_UNKNOWN, e->off, hl, "/LabelListId",
                  "a label list defined since the last sequence point",
                  TG_ENGINE_TEXT(k->c, NT_LBL_UNKNOWN, found, "%" PRIu32,
                                 e->label_list));
    }
    if (e->stack_id != 0 && !k->tables_full &&
        !tgRanges_contains(&k->stacks, e->stack_id)) {
        nt_report(k, NT_REF_STACK, e->off, hl, "/StackId",
                  "a stack id defined since the last sequence point",
                  TG_ENGINE_TEXT(k->c, NT_REF_STACK, found, "%" PRIu32,
                                 e->stack_id));
    }
    uint64_t ts = e->ts ^ k->ts_flip; /* ordered as its declared type */
    if (k->sp_count > 0 && ts < k->last_sp_ts)
        ts_finding(k, NT_ORD_SP_WINDOW, e, hl, k->last_sp_ts,
                   " (the last SP)");
    if (k->have_sorted && ts < k->sorted_floor)
        ts_finding(k, NT_ORD_SORTED, e, hl, k->sorted_floor, "");
    if (e->sorted && (!k->have_sorted || ts > k->sorted_floor)) {
        k->sorted_floor = ts;
        k->have_sorted = 1;
    }
    if (!k->events_since_sp || ts > k->max_ts_since_sp)
        k->max_ts_since_sp = ts;
    k->events_since_sp = 1;
    if (k->tables_full)
        return;
    nt_thread *t;
    if (k->v6) {
        /* both indexes must be live; the capture thread keeps the state */
        if ((e->thread != e->capture_thread &&
             !live_thread(k, e->thread, e->off, hl, "/ThreadIndex")) ||
            !(t = live_thread(k, e->capture_thread, e->off, hl,
                              "/CaptureThreadIndex")))
            return;
    } else if ((t = tgIdmap_find(&k->threads, e->capture_thread)) == NULL) {
        /* a thread's first event: it exists by being used (the find
         * before is inline, for every other event) */
        int status;
        t = tgIdmap_insert(&k->threads, e->capture_thread, &status);
        if (t == NULL) {
            nt_table_full(k, e->off);
            return;
        }
    }
    if (k->v6 && !t->has_event && e->seq != 1 && t->seq == 0) {
        nt_report(
            k, NT_SEQ_FIRST_V6, e->off, hl, "/SequenceNumber", "1",
            TG_ENGINE_TEXT(k->c, NT_SEQ_FIRST_V6, found, "%" PRIu32, e->seq));
    } else {
        /* a thread's numbering starts at 1: as if the last one were 0 */
        sequence(k, t->seq, e->seq, e->off, hl, "/SequenceNumber");
    }
    if (t->has_event && ts < t->last_ts)
        ts_finding(k, k->v6 ? NT_ORD_THREAD_V6 : NT_ORD_THREAD, e, hl,
                   t->last_ts, "");
    if (t->seen_sp != k->sp_count + 1) {
        t->seen_sp = k->sp_count + 1;
        k->threads_since_sp++;
    }
    t->has_event = 1;
    t->last_ts = ts;
    t->seq = e->seq;
}

void nt_sp_begin(nt_check *k, uint64_t raw_ts, uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    uint64_t ts = raw_ts ^ k->ts_flip; /* ordered as its declared type */
    char exp[64], t1[24], t2[24];
    if (k->sp_count > 0 && ts < k->last_sp_ts) {
        snprintf(exp, sizeof exp, ">= %s",
                 nt_ts_text(k, k->last_sp_ts, t1, sizeof t1));
        nt_report(k, NT_ORD_SP_BACK, off, 8, "/TimeStamp", exp,
                  nt_ts_text(k, ts, t2, sizeof t2));
    } else if (k->sp_count > 0 && ts == k->last_sp_ts) {
        snprintf(exp, sizeof exp, "> %s",
                 nt_ts_text(k, k->last_sp_ts, t1, sizeof t1));
        nt_report(k, NT_ORD_SP_EQUAL, off, 8, "/TimeStamp", exp,
                  nt_ts_text(k, ts, t2, sizeof t2));
    }
    if (k->events_since_sp && k->max_ts_since_sp > ts) {
        snprintf(exp, sizeof exp, ">= %s (the latest event)",
                 nt_ts_text(k, k->max_ts_since_sp, t1, sizeof t1));
        nt_report(k, NT_ORD_SP_WINDOW, off, 8, "/TimeStamp", exp,
                  nt_ts_text(k, ts, t2, sizeof t2));
    }
    k->sp_ts = ts;
    k->sp_covered = 0;
}

/* A sequence point's or RemoveThread entry's number seq, ahead of the
 * thread's last one: the events between were lost (NT-SEQ-001). */
static void lost(nt_check *k, uint32_t last, uint32_t seq,
                 const nt_entry_at *at)
{
    char exp[32], found[48];
    k->c->events_lost += seq - last;
    snprintf(exp, sizeof exp, "%" PRIu32, last);
    snprintf(found, sizeof found, "%" PRIu32 " (%" PRIu32 " lost)", seq,
             seq - last);
    nt_report(k, NT_SEQ_GAP, at->seq, at->seq_len, "/SequenceNumber", exp,
              found);
}

void nt_sp_thread(nt_check *k, uint64_t thread, uint32_t seq,
                  const nt_entry_at *at)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    if (k->tables_full)
        return;
    nt_thread *t;
    if (k->v6) {
        t = live_thread(k, thread, at->thread, at->thread_len, "/ThreadIndex");
        if (t == NULL)
            return;
    } else {
        int status;
        if ((t = tgIdmap_insert(&k->threads, thread, &status)) == NULL) {
            nt_table_full(k, at->thread);
            return;
        }
    }
    /* the SP number is a lower bound: equal or ahead is fine, behind is
     * not; ahead means events were lost */
    if (seq - t->seq >= 0x80000000u) {
        char exp[32], found[32];
        snprintf(exp, sizeof exp, ">= %" PRIu32, t->seq);
        snprintf(found, sizeof found, "%" PRIu32, seq);
        nt_report(k, NT_SEQ_BACK, at->seq, at->seq_len, "/SequenceNumber", exp,
                  found);
    } else if (seq != t->seq) {
        lost(k, t->seq, seq, at);
    }
    t->seq = seq;
    if (t->seen_sp == k->sp_count + 1)
        k->sp_covered++;
}

void nt_sp_end(nt_check *k, uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    /* v4/v5 only: "There is no requirement for all (or any) threads to be
     * in this list" in v6 */
    if (!k->v6 && k->sp_covered < k->threads_since_sp) {
        char exp[48], found[48];
        snprintf(exp, sizeof exp, "%" PRIu32 " threads", k->threads_since_sp);
        snprintf(found, sizeof found, "%" PRIu32 " of them", k->sp_covered);
        nt_report(k, NT_ORD_SP_THREADS, off + 8, 4, "/ThreadCount", exp,
                  found);
    }
    k->sp_count++;
    k->last_sp_ts = k->sp_ts;
    k->events_since_sp = 0;
    k->threads_since_sp = 0;
    k->stacks_in_window = 0;
    tgRanges_clear(
        &k->stacks); /* every sequence point ends the stack ids ... */
    tgIdmap_clear(&k->labels); /* ... and the label lists (v6)            */
    if (nt_delivering(k))
        nt_deliver_sp(k);
}

void nt_sp_flush_v6(nt_check *k, uint32_t flags)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    if (flags & 1) /* thread indexes end; removed ones may be reused */
        tgIdmap_clear(&k->threads);
    if (flags & 2) { /* metadata ids end, and their payload programs */
        tgIdmap_clear(&k->meta);
        k->nops = 0;
        if (nt_delivering(k))
            nt_deliver_flush_metadata(k);
    }
}

void nt_declare_thread(nt_check *k, uint64_t index, uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    if (k->tables_full)
        return;
    int status;
    nt_thread *t = tgIdmap_insert(&k->threads, index, &status);
    if (t == NULL) {
        nt_table_full(k, off);
        return;
    }
    if (status == 0 && t->state != NT_THREAD_IMPLICIT) {
        int live = t->state == NT_THREAD_LIVE;
        char found[32];
        snprintf(found, sizeof found, "index %" PRIu64, index);
        nt_report(k, live ? NT_THR_TWICE : NT_THR_REUSE, off, 0, "/Index",
                  live ? "an index not live"
                       : "a thread flush (SP Flags bit 0) before reuse",
                  found);
    }
    t->state = NT_THREAD_LIVE;
    t->has_event = 0;
    t->seq = 0;
    t->has_os = 0;
}

void nt_thread_os_id(nt_check *k, uint64_t index, uint64_t os_id)
{
    if (k->silent || k->tables_full)
        return;
    nt_thread *t = tgIdmap_find(&k->threads, index);
    if (t) {
        t->has_os = 1;
        t->os_id = os_id;
    }
}

void nt_remove_thread(nt_check *k, uint64_t index, uint32_t seq,
                      const nt_entry_at *at)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    if (k->tables_full)
        return;
    nt_thread *t = tgIdmap_find(&k->threads, index);
    if (t == NULL || t->state != NT_THREAD_LIVE) {
        char found[48];
        snprintf(found, sizeof found, "index %" PRIu64 "%s", index,
                 t ? " (already removed)" : "");
        nt_report(k, NT_THR_REMOVE, at->thread, at->thread_len, "/Index",
                  "a live thread index", found);
        return;
    }
    if (seq - t->seq >= 0x80000000u) {
        char exp[32], found[32];
        snprintf(exp, sizeof exp, ">= %" PRIu32, t->seq);
        snprintf(found, sizeof found, "%" PRIu32, seq);
        nt_report(k, NT_SEQ_BACK, at->seq, at->seq_len, "/SequenceNumber", exp,
                  found);
    } else if (seq != t->seq) { /* its final number: the rest were lost */
        lost(k, t->seq, seq, at);
    }
    /* TraceEvent removes by the OS thread id, from a table of indexes
     * (spec/nettrace.md, "The TraceEvent reader"): another live index of that number goes */
    const nt_thread *other = t->has_os && t->os_id != index
                                 ? tgIdmap_find(&k->threads, t->os_id)
                                 : NULL;
    if (other && other->state == NT_THREAD_LIVE) {
        char found[64];
        snprintf(found, sizeof found, "OS thread id %" PRIu64 ", a live index",
                 t->os_id);
        nt_report(k, NT_THR_OS_ID, at->thread, at->thread_len, "/Index",
                  "an index whose OS thread id is no other live index", found);
    }
    t->state = NT_THREAD_REMOVED;
}

void nt_define_labels(nt_check *k, uint32_t first, uint32_t count,
                      uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    count = ids_that_fit(k, NT_LBL_RANGE, first, count, off, "/firstIndex");
    int twice = 0;
    for (uint64_t id = first; id < (uint64_t)first + count && !k->tables_full;
         id++) {
        int status;
        tgIdmap_insert(&k->labels, id, &status);
        if (status < 0)
            nt_table_full(k, off);
        twice |= status == 0;
    }
    if (twice) {
        char found[48];
        snprintf(found, sizeof found, "ids %" PRIu32 "..%" PRIu64, first,
                 (uint64_t)first + count - 1);
        nt_report(k, NT_LBL_TWICE, off, 8, "/firstIndex",
                  "label list ids not yet defined", found);
    }
}
