/* state.c - what NetTrace checks remember across blocks: defined metadata
 * ids, the stack ids of the current sequence-point window, and per
 * capture thread the last sequence number and timestamp.  All of it is
 * live state with a limit (--max-live); reaching it is reported once and
 * the reference checks stop. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "nettrace.h"

void nt_state_init(nt_check *k)
{
    tgI_init(&k->meta, sizeof(nt_meta), k->c->limits[TG_LIMIT_LIVE_OBJECTS]);
    tgI_init(&k->threads, sizeof(nt_thread), k->c->limits[TG_LIMIT_LIVE_OBJECTS]);
    tgI_init(&k->labels, 0, k->c->limits[TG_LIMIT_LIVE_OBJECTS]);
    k->decode_payloads = k->v6 && (tgE_active(k->c, NT_PAY_SHORT) ||
                                   tgE_active(k->c, NT_PAY_LOC));
}

void nt_state_free(nt_check *k)
{
    tgI_free(&k->meta);
    tgI_free(&k->threads);
    tgI_free(&k->labels);
    free(k->stacks);
    k->stacks = NULL;
    free(k->ops);
    k->ops = NULL;
}

static void table_full(nt_check *k, uint64_t off)
{
    if (k->tables_full)
        return;
    k->tables_full = 1;
    char exp[48];
    snprintf(exp, sizeof exp, "<= %" PRIu64 " entries", k->c->limits[TG_LIMIT_LIVE_OBJECTS]);
    nt_report(k, NT_LIM_TABLE, off, 0, "", exp, "one more");
}

/* v as decimal text in buf (24 bytes), made only for a finding. */
static const char *u64_text(char *buf, uint64_t v)
{
    snprintf(buf, 24, "%" PRIu64, v);
    return buf;
}

nt_meta *nt_define_metadata(nt_check *k, uint64_t id, uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return NULL;
    char found[24];
    if (id == 0 || id > 0x7FFFFFFFu)
        nt_report(k, NT_REF_METADATA_RANGE, off, 4, "/payload/MetaDataId",
                  "1 .. 2^31-1", u64_text(found, id));
    if (k->tables_full)
        return NULL;
    int status;
    nt_meta *m = tgI_insert(&k->meta, id, &status);
    if (status == 0)
        nt_report(k, NT_REF_METADATA_TWICE, off, 4, "/payload/MetaDataId",
                  "an id not yet defined", u64_text(found, id));
    else if (status < 0)
        table_full(k, off);
    else if (!k->v6 && id != 0 && id != ++k->meta_defined) {
        char exp[24];
        nt_report(k, NT_OBS_META_DENSE, off, 4, "/payload/MetaDataId",
                  u64_text(exp, k->meta_defined), u64_text(found, id));
        k->meta_defined = (uint32_t)id; /* count on from it */
    }
    return status == 1 ? m : NULL;
}

static int stack_known(const nt_check *k, uint32_t id)
{
    for (size_t i = k->nstacks; i-- > 0;)
        if (id - k->stacks[i].first < k->stacks[i].count)
            return 1;
    return 0;
}

void nt_define_stacks(nt_check *k, uint32_t first, uint32_t count,
                      uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    if (count == 0 || k->tables_full)
        return;
    uint64_t end = (uint64_t)first + count;
    for (size_t i = 0; i < k->nstacks; i++) {
        uint64_t a = k->stacks[i].first, b = a + k->stacks[i].count;
        if (first < b && a < end) {
            char found[64];
            snprintf(found, sizeof found, "ids %" PRIu32 "..%" PRIu64
                     " overlap %" PRIu64 "..%" PRIu64,
                     first, end - 1, a, b - 1);
            nt_report(k, NT_REF_STACK_TWICE, off, 8, "/FirstId",
                      "new stack ids", found);
            return;
        }
    }
    if (k->nstacks == k->stacks_cap) {
        size_t cap = k->stacks_cap ? 2 * k->stacks_cap : 16;
        nt_range *r = cap <= k->c->limits[TG_LIMIT_LIVE_OBJECTS]
                          ? realloc(k->stacks, cap * sizeof *r)
                          : NULL;
        if (r == NULL) {
            table_full(k, off);
            return;
        }
        k->stacks = r;
        k->stacks_cap = cap;
    }
    k->stacks[k->nstacks].first = first;
    k->stacks[k->nstacks++].count = count;
}

/* Sequence number s after last: a gap (events lost), a restart at 1, or a
 * step back.  Equal to last + 1 is silent. */
static void sequence(nt_check *k, uint32_t last, uint32_t s, uint64_t off,
                     const char *field)
{
    uint32_t want = last + 1, ahead = s - want;
    if (s == want)
        return; /* the hot path: nothing to format */
    char exp[32], found[64];
    snprintf(exp, sizeof exp, "%" PRIu32, want);
    if (s == 1 && !k->v6) {
        nt_report(k, NT_SEQ_RESET, off, 0, field, exp, "1");
    } else if (ahead < 0x80000000u) {
        snprintf(found, sizeof found, "%" PRIu32 " (%" PRIu32 " lost)", s,
                 ahead);
        nt_report(k, NT_SEQ_GAP, off, 0, field, exp, found);
    } else {
        snprintf(found, sizeof found, "%" PRIu32, s);
        nt_report(k, NT_SEQ_BACK, off, 0, field, exp, found);
    }
}

/* The finding for a thread index that is not live (t: its entry, if any). */
static __attribute__((cold, noinline)) void
not_live(nt_check *k, const nt_thread *t, uint64_t index, uint64_t off,
         const char *field)
{
    char found[64];
    snprintf(found, sizeof found, "index %" PRIu64 "%s", index,
             t ? " (removed)" : "");
    nt_report(k, k->draft ? NT_DRF_THREAD : NT_THR_UNKNOWN, off, 1, field,
              k->draft ? "an index declared since the last sequence point"
                       : "a live thread index",
              found);
}

/* A v6 thread index that must be live; NULL (reported) if it is not. */
static inline nt_thread *live_thread(nt_check *k, uint64_t index,
                                     uint64_t off, const char *field)
{
    nt_thread *t = tgI_find(&k->threads, index);
    if (t && t->state == NT_THREAD_LIVE)
        return t;
    not_live(k, t, index, off, field);
    return NULL;
}

void nt_on_event(nt_check *k, const nt_event *e)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    char exp[48], found[48];
    if (!k->tables_full) {
        const nt_meta *m = tgI_find(&k->meta, e->metadata_id);
        if (m == NULL) {
            snprintf(found, sizeof found, "%" PRIu32, e->metadata_id);
            nt_report(k, NT_REF_METADATA, e->off, 1, "/MetadataId",
                      "a defined metadata id", found);
        } else if (k->decode_payloads) {
            nt_check_payload(k, m, e);
        }
    }
    if (k->v6 && e->metadata_id == 0)
        nt_report(k, NT_ROW_META_ZERO_V6, e->off, 1, "/MetadataId",
                  "a non-zero id", "0");
    if (k->v6 && e->label_list != 0 && !k->tables_full &&
        !tgI_find(&k->labels, e->label_list)) {
        snprintf(found, sizeof found, "%" PRIu32, e->label_list);
        nt_report(k, NT_LBL_UNKNOWN, e->off, 1, "/LabelListId",
                  "a label list defined since the last sequence point",
                  found);
    }
    if (e->stack_id != 0 && !k->tables_full && !stack_known(k, e->stack_id)) {
        snprintf(found, sizeof found, "%" PRIu32, e->stack_id);
        nt_report(k, NT_REF_STACK, e->off, 1, "/StackId",
                  "a stack id defined since the last sequence point", found);
    }
    if (k->sp_count > 0 && e->ts < k->last_sp_ts) {
        snprintf(exp, sizeof exp, ">= %" PRIu64 " (the last SP)",
                 k->last_sp_ts);
        snprintf(found, sizeof found, "%" PRIu64, e->ts);
        nt_report(k, NT_ORD_SP_WINDOW, e->off, 1, "/TimeStamp", exp, found);
    }
    if (k->have_sorted && e->ts < k->sorted_floor) {
        snprintf(exp, sizeof exp, ">= %" PRIu64, k->sorted_floor);
        snprintf(found, sizeof found, "%" PRIu64, e->ts);
        nt_report(k, NT_ORD_SORTED, e->off, 1, "/TimeStamp", exp, found);
    }
    if (e->sorted && (!k->have_sorted || e->ts > k->sorted_floor)) {
        k->sorted_floor = e->ts;
        k->have_sorted = 1;
    }
    if (!k->events_since_sp || e->ts > k->max_ts_since_sp)
        k->max_ts_since_sp = e->ts;
    k->events_since_sp = 1;
    if (k->tables_full)
        return;
    nt_thread *t;
    if (k->v6) {
        /* both indexes must be live; the capture thread keeps the state */
        if ((e->thread != e->capture_thread &&
             !live_thread(k, e->thread, e->off, "/ThreadIndex")) ||
            !(t = live_thread(k, e->capture_thread, e->off,
                              "/CaptureThreadIndex")))
            return;
    } else {
        int status;
        t = tgI_insert(&k->threads, e->capture_thread, &status);
        if (t == NULL) {
            table_full(k, e->off);
            return;
        }
    }
    if (k->v6 && !t->has_event && e->seq != 1 && t->seq == 0) {
        snprintf(found, sizeof found, "%" PRIu32, e->seq);
        nt_report(k, NT_SEQ_FIRST_V6, e->off, 1, "/SequenceNumber", "1",
                  found);
    } else {
        /* a thread's numbering starts at 1: as if the last one were 0 */
        sequence(k, t->seq, e->seq, e->off, "/SequenceNumber");
    }
    if (t->has_event && e->ts < t->last_ts) {
        snprintf(exp, sizeof exp, ">= %" PRIu64, t->last_ts);
        snprintf(found, sizeof found, "%" PRIu64, e->ts);
        nt_report(k, k->v6 ? NT_ORD_THREAD_V6 : NT_ORD_THREAD, e->off, 1,
                  "/TimeStamp", exp, found);
    }
    if (t->seen_sp != k->sp_count + 1) {
        t->seen_sp = k->sp_count + 1;
        k->threads_since_sp++;
    }
    t->has_event = 1;
    t->last_ts = e->ts;
    t->seq = e->seq;
}

void nt_sp_begin(nt_check *k, uint64_t ts, uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    char exp[48], found[48];
    /* formatted only if something is to be said */
    if ((k->sp_count > 0 && ts <= k->last_sp_ts) ||
        (k->events_since_sp && k->max_ts_since_sp > ts))
        snprintf(found, sizeof found, "%" PRIu64, ts);
    if (k->sp_count > 0 && ts < k->last_sp_ts) {
        snprintf(exp, sizeof exp, ">= %" PRIu64, k->last_sp_ts);
        nt_report(k, NT_ORD_SP_BACK, off, 8, "/TimeStamp", exp, found);
    } else if (k->sp_count > 0 && ts == k->last_sp_ts) {
        snprintf(exp, sizeof exp, "> %" PRIu64, k->last_sp_ts);
        nt_report(k, NT_ORD_SP_EQUAL, off, 8, "/TimeStamp", exp, found);
    }
    if (k->events_since_sp && k->max_ts_since_sp > ts) {
        snprintf(exp, sizeof exp, ">= %" PRIu64 " (the latest event)",
                 k->max_ts_since_sp);
        nt_report(k, NT_ORD_SP_WINDOW, off, 8, "/TimeStamp", exp, found);
    }
    k->sp_ts = ts;
    k->sp_covered = 0;
}

void nt_sp_thread(nt_check *k, uint64_t thread, uint32_t seq, uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    if (k->tables_full)
        return;
    nt_thread *t;
    if (k->v6) {
        if ((t = live_thread(k, thread, off, "/ThreadIndex")) == NULL)
            return;
    } else {
        int status;
        if ((t = tgI_insert(&k->threads, thread, &status)) == NULL) {
            table_full(k, off);
            return;
        }
    }
    /* the SP number is a lower bound: equal or ahead is fine, behind is
     * not; ahead means events were lost */
    if (seq - t->seq >= 0x80000000u) {
        char exp[32], found[32];
        snprintf(exp, sizeof exp, ">= %" PRIu32, t->seq);
        snprintf(found, sizeof found, "%" PRIu32, seq);
        nt_report(k, NT_SEQ_BACK, off + 8, 4, "/SequenceNumber", exp, found);
    } else if (seq != t->seq) {
        char exp[32], found[48];
        snprintf(exp, sizeof exp, "%" PRIu32, t->seq);
        snprintf(found, sizeof found, "%" PRIu32 " (%" PRIu32 " lost)", seq,
                 seq - t->seq);
        nt_report(k, NT_SEQ_GAP, off + 8, 4, "/SequenceNumber", exp, found);
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
        nt_report(k, NT_ORD_SP_THREADS, off, 0, "/threads", exp, found);
    }
    k->sp_count++;
    k->last_sp_ts = k->sp_ts;
    k->events_since_sp = 0;
    k->threads_since_sp = 0;
    k->stacks_in_window = 0;
    k->nstacks = 0; /* every sequence point ends the stack ids ...   */
    tgI_clear(&k->labels); /* ... and the label lists (v6)            */
}

void nt_sp_flush_v6(nt_check *k, uint32_t flags)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    if (flags & 1) /* thread indexes end; removed ones may be reused */
        tgI_clear(&k->threads);
    if (flags & 2) { /* metadata ids end, and their payload programs */
        tgI_clear(&k->meta);
        k->nops = 0;
    }
}

void nt_declare_thread(nt_check *k, uint64_t index, uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    if (k->tables_full)
        return;
    int status;
    nt_thread *t = tgI_insert(&k->threads, index, &status);
    if (t == NULL) {
        table_full(k, off);
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
}

void nt_remove_thread(nt_check *k, uint64_t index, uint32_t seq,
                      uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    if (k->tables_full)
        return;
    nt_thread *t = tgI_find(&k->threads, index);
    if (t == NULL || t->state != NT_THREAD_LIVE) {
        char found[48];
        snprintf(found, sizeof found, "index %" PRIu64 "%s", index,
                 t ? " (already removed)" : "");
        nt_report(k, NT_THR_REMOVE, off, 0, "/Index", "a live thread index",
                  found);
        return;
    }
    if (seq - t->seq >= 0x80000000u) {
        char exp[32], found[32];
        snprintf(exp, sizeof exp, ">= %" PRIu32, t->seq);
        snprintf(found, sizeof found, "%" PRIu32, seq);
        nt_report(k, NT_SEQ_BACK, off, 0, "/SequenceNumber", exp, found);
    }
    t->state = NT_THREAD_REMOVED;
}

void nt_define_labels(nt_check *k, uint32_t first, uint32_t count,
                      uint64_t off)
{
    if (k->silent) /* a trial parse changes nothing */
        return;
    int twice = 0;
    for (uint64_t id = first; id < (uint64_t)first + count && !k->tables_full;
         id++) {
        int status;
        tgI_insert(&k->labels, id, &status);
        if (status < 0)
            table_full(k, off);
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
