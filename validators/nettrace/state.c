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
    tgI_init(&k->meta, 0, k->c->live_limit);
    tgI_init(&k->threads, sizeof(nt_thread), k->c->live_limit);
}

void nt_state_free(nt_check *k)
{
    tgI_free(&k->meta);
    tgI_free(&k->threads);
    free(k->stacks);
    k->stacks = NULL;
}

static void table_full(nt_check *k, uint64_t off)
{
    if (k->tables_full)
        return;
    k->tables_full = 1;
    char exp[48];
    snprintf(exp, sizeof exp, "<= %" PRIu64 " entries", k->c->live_limit);
    nt_report(k, NT_LIM_TABLE, off, 0, "", exp, "one more");
}

void nt_define_metadata(nt_check *k, uint64_t id, uint64_t off)
{
    char found[24];
    snprintf(found, sizeof found, "%" PRIu64, id); /* once per metadata */
    if (id == 0 || id > 0x7FFFFFFFu)
        nt_report(k, NT_REF_METADATA_RANGE, off, 4, "/payload/MetaDataId",
                  "1 .. 2^31-1", found);
    if (k->tables_full)
        return;
    int status;
    tgI_insert(&k->meta, id, &status);
    if (status == 0)
        nt_report(k, NT_REF_METADATA_TWICE, off, 4, "/payload/MetaDataId",
                  "an id not yet defined", found);
    else if (status < 0)
        table_full(k, off);
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
        nt_range *r = cap <= k->c->live_limit
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
    if (s == 1) {
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

void nt_on_event(nt_check *k, const nt_event *e)
{
    char exp[48], found[48];
    if (!k->tables_full && !tgI_find(&k->meta, e->metadata_id)) {
        snprintf(found, sizeof found, "%" PRIu32, e->metadata_id);
        nt_report(k, NT_REF_METADATA, e->off, 1, "/MetadataId",
                  "a defined metadata id", found);
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
    int status;
    nt_thread *t = tgI_insert(&k->threads, e->capture_thread, &status);
    if (t == NULL) {
        table_full(k, e->off);
        return;
    }
    /* a thread's numbering starts at 1: as if the last one were 0 */
    sequence(k, t->seq, e->seq, e->off, "/SequenceNumber");
    if (t->has_event && e->ts < t->last_ts) {
        snprintf(exp, sizeof exp, ">= %" PRIu64, t->last_ts);
        snprintf(found, sizeof found, "%" PRIu64, e->ts);
        nt_report(k, NT_ORD_THREAD, e->off, 1, "/TimeStamp", exp, found);
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
    char exp[48], found[48];
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
    if (k->tables_full)
        return;
    int status;
    nt_thread *t = tgI_insert(&k->threads, thread, &status);
    if (t == NULL) {
        table_full(k, off);
        return;
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
    if (k->sp_covered < k->threads_since_sp) {
        char exp[48], found[48];
        snprintf(exp, sizeof exp, "%" PRIu32 " threads", k->threads_since_sp);
        snprintf(found, sizeof found, "%" PRIu32 " of them", k->sp_covered);
        nt_report(k, NT_ORD_SP_THREADS, off, 0, "/threads", exp, found);
    }
    k->sp_count++;
    k->last_sp_ts = k->sp_ts;
    k->events_since_sp = 0;
    k->threads_since_sp = 0;
    k->nstacks = 0; /* every sequence point ends the stack ids */
}
