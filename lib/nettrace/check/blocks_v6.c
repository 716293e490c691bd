/* blocks_v6.c - the v6 SequencePoint, Thread, RemoveThread and LabelList
 * blocks.  Each is walked with a bounded cursor; a part that does not
 * parse ends the walk of that block only. */
#include <inttypes.h>
#include <stdio.h>

#include "../../core/bytes.h"
#include "check.h"

/* A varuint in a v6 block; reports and returns -1 on failure. */
static int var6(nt_check *k, nt_cur *c, unsigned bits, uint64_t *out,
                size_t rule, const char *field)
{
    uint64_t at = nt_off(c);
    int r = nt_varuint(c, bits, out);
    if (r < NT_VAR_CUT) {
        if (r == NT_VAR_REDUNDANT)
            nt_report(k, NT_ROW_VARUINT_LONG, at, (uint64_t)(nt_off(c) - at),
                      field, "a minimal encoding", "a redundant zero group");
        return 0;
    }
    nt_report(k, r == NT_VAR_CUT ? rule : NT_ROW_VARUINT, at,
              nt_var_span(r, bits, c->p, c->end), field,
              bits == 32 ? "a varuint32" : "a varuint64",
              r == NT_VAR_CUT ? "the end of the block"
                              : "too long or too large");
    return -1;
}

/* A (thread index, sequence number) entry of varuints, cut short as
 * `rule`: 0 with the two and where they are in *at, or -1 (reported). */
static int entry(nt_check *k, nt_cur *b, size_t rule, const char *field,
                 uint64_t *index, uint64_t *seq, nt_entry_at *at)
{
    at->thread = nt_off(b);
    if (var6(k, b, 64, index, rule, field))
        return -1;
    at->seq = nt_off(b);
    at->thread_len = at->seq - at->thread;
    if (var6(k, b, 32, seq, rule, "/SequenceNumber"))
        return -1;
    at->seq_len = nt_off(b) - at->seq;
    return 0;
}

void nt_sp_block_v6(nt_check *k, nt_cur *b)
{
    uint64_t at = nt_off(b);
    if (nt_short(k, NT_SP_PARSE, b, 16, "",
                 "TimeStamp, Flags and ThreadCount (16 bytes)"))
        return;
    uint64_t ts = tgBytes_le64(b->p);
    uint32_t flags = tgBytes_le32(b->p + 8), count = tgBytes_le32(b->p + 12);
    if (nt_showing(k)) {
        char what[64];
        snprintf(what, sizeof what,
                 "timestamp %" PRIu64 ", flags 0x%" PRIx32 ", %" PRIu32
                 " threads",
                 ts, flags, count);
        nt_show_header(k, at, 16, what);
    }
    b->p += 16;
    if (flags & ~3u) {
        char found[24];
        snprintf(found, sizeof found, "0x%08" PRIx32, flags);
        nt_report(k, NT_SP_FLAGS, at + 8, 4, "/Flags", "bits 0 and 1 only",
                  found);
    }
    nt_sp_begin(k, ts, at);
    for (k->row = 0; k->row < count && !nt_abandon_rows(k, b); k->row++) {
        uint64_t index, seq;
        nt_entry_at where;
        if (entry(k, b, NT_SP_PARSE, "/ThreadIndex", &index, &seq, &where)) {
            k->row = UINT64_MAX;
            return;
        }
        nt_sp_thread(k, index, (uint32_t)seq, &where);
    }
    k->row = UINT64_MAX;
    nt_extra(k, NT_V6_TRAILING, b);
    nt_sp_end(k, at);
    nt_sp_flush_v6(k, flags);
}

/* One OptionalThreadInfo entry of thread `index`; @return 0, 1 (unknown
 * kind: skip the rest of the row), or -1 (does not fit). */
static int thread_info(nt_check *k, nt_cur *r, uint64_t index)
{
    uint64_t at = nt_off(r), v;
    unsigned kind = *r->p++;
    switch (kind) {
    case 1: return nt_string_v6(k, r, "/OptionalThreadInfo/Name");
    case 2: return nt_varuint(r, 64, &v) < NT_VAR_CUT ? 0 : -1;
    case 3: /* OSThreadId: TraceEvent removes threads by it */
        if (nt_varuint(r, 64, &v) >= NT_VAR_CUT)
            return -1;
        if (v > NT_TE_THREAD_MAX) {
            char found[32];
            snprintf(found, sizeof found, "0x%" PRIx64, v);
            nt_report(k, NT_ROW_THREAD_WIDE, at + 1, nt_off(r) - at - 1,
                      "/OptionalThreadInfo/OSThreadId",
                      "a thread id up to 0xFFFFFFFF", found);
        }
        nt_thread_os_id(k, index, v);
        return 0;
    case 4:
        return nt_string_v6(k, r, "/OptionalThreadInfo/KeyValue") ||
                       nt_string_v6(k, r, "/OptionalThreadInfo/KeyValue")
                   ? -1
                   : 0;
    default: {
        char found[16];
        snprintf(found, sizeof found, "%u", kind);
        nt_report(k, NT_THR_INFO_KIND, at, 1, "/OptionalThreadInfo",
                  "kinds 1-4", found);
        return 1;
    }
    }
}

void nt_thread_block_v6(nt_check *k, nt_cur *b)
{
    for (k->row = 0; nt_left(b) > 0 && !nt_abandon_rows(k, b); k->row++) {
        uint64_t at = nt_off(b);
        nt_cur r;
        if (nt_sized_row(b, &r) != 0) {
            nt_report(k, NT_THR_PARSE, at, nt_left(b), "/RowSize",
                      "a row inside the block", "a row past its end");
            break;
        }
        if (nt_showing(k))
            nt_show_thread(k, at, nt_off(&r) + nt_left(&r) - at, r);
        uint64_t index;
        if (var6(k, &r, 64, &index, NT_THR_PARSE, "/Index"))
            continue;
        nt_declare_thread(k, index, at);
        int got = 0;
        while (nt_left(&r) > 0 && (got = thread_info(k, &r, index)) == 0)
            ;
        if (got < 0)
            nt_report(k, NT_THR_PARSE, nt_off(&r), nt_left(&r),
                      "/OptionalThreadInfo", "entries inside the row",
                      "an entry past its end");
    }
    k->row = UINT64_MAX;
}

void nt_remove_thread_block_v6(nt_check *k, nt_cur *b)
{
    for (k->row = 0; nt_left(b) > 0 && !nt_abandon_rows(k, b); k->row++) {
        uint64_t index, seq;
        nt_entry_at where;
        if (entry(k, b, NT_ROW_VARUINT, "/Index", &index, &seq, &where))
            break;
        nt_remove_thread(k, index, (uint32_t)seq, &where);
    }
    k->row = UINT64_MAX;
}

/* The value of one label of kind (1 to NT_LABEL_KINDS); @return 0 or
 * -1. */
static int label_value(nt_check *k, nt_cur *c, unsigned kind)
{
    const nt_label_kind *lk = &nt_label_kinds[kind];
    uint64_t v;
    switch (lk->value) {
    case NT_LV_STRINGS:
        return nt_string_v6(k, c, "/label") || nt_string_v6(k, c, "/label")
                   ? -1
                   : 0;
    case NT_LV_STRING_VAR:
        return nt_string_v6(k, c, "/label") ||
                       nt_varuint(c, 64, &v) >= NT_VAR_CUT
                   ? -1
                   : 0;
    default:
        if (nt_left(c) < lk->size)
            return -1;
        c->p += lk->size;
        return 0;
    }
}

void nt_label_block_v6(nt_check *k, nt_cur *b)
{
    uint64_t at = nt_off(b);
    if (nt_short(k, NT_LBL_PARSE, b, 8, "", "firstIndex and count (8 bytes)"))
        return;
    uint32_t first = tgBytes_le32(b->p), count = tgBytes_le32(b->p + 4);
    b->p += 8;
    if (first == 0)
        nt_report(k, NT_LBL_FIRST, at, 4, "/firstIndex", ">= 1", "0");
    /* the values are noted only for events delivered to the caller */
    int deliver = nt_delivering(k);
    for (k->row = 0; k->row < count && !nt_abandon_rows(k, b); k->row++) {
        nt_label_values values;
        if (deliver)
            values = (nt_label_values){0};
        for (;;) {
            uint64_t lat = nt_off(b);
            if (nt_left(b) < 1) {
                nt_report(k, NT_LBL_PARSE, lat, 0, "/label",
                          "a label ending the list (kind bit 7 set)",
                          "the end of the block");
                k->row = UINT64_MAX;
                return;
            }
            unsigned raw = *b->p++, kind = raw & ~NT_LABEL_LAST;
            if (kind < 1 || kind > NT_LABEL_KINDS) {
                char found[16];
                snprintf(found, sizeof found, "%u", kind);
                nt_report(k, NT_LBL_PARSE, lat, 1, "/label/Kind",
                          "1-" TG_STRINGIFY(NT_LABEL_KINDS), found);
                k->row = UINT64_MAX;
                return;
            }
            const unsigned char *value = b->p;
            if (label_value(k, b, kind) != 0) {
                nt_report(k, NT_LBL_PARSE, lat, nt_left(b), "/label",
                          "its value inside the block", "the end");
                k->row = UINT64_MAX;
                return;
            }
            if (deliver)
                nt_label_value(&values, kind, value);
            if (raw & NT_LABEL_LAST)
                break;
        }
        if (deliver)
            nt_deliver_label(k, (uint64_t)first + k->row, &values, at);
    }
    k->row = UINT64_MAX;
    nt_extra(k, NT_V6_TRAILING, b);
    if (first != 0)
        nt_define_labels(k, first, count, at);
}
