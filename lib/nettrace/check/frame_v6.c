/* frame_v6.c - final v6 NetTrace: blocks after the stream header, each a u32
 * (size in the low 24 bits, kind in the high 8) and that many bytes,
 * checked whole.  Unknown kinds are skipped; EndOfStream ends the stream.
 * Blocks are framed by their size alone, so an error inside one never
 * stops the walk. */
#include <inttypes.h>
#include <stdio.h>

#include "../../core/bytes.h"
#include "check.h"

void nt_trace_block_v6(nt_check *k, nt_cur *b)
{
    uint64_t at = nt_off(b);
    if (k->trace_seen)
        nt_report(k, NT_V6_TRACE_AGAIN, at, nt_left(b), "", "one Trace block",
                  "another");
    k->trace_seen = 1;
    if (nt_short(k, NT_V6_TRACE_PARSE, b, NT_TF_V6_FIXED, "",
                 TG_STRINGIFY(NT_TF_V6_FIXED) " bytes of fixed fields"))
        return;
    nt_trace_fields(k, b->p, at);
    int32_t count = (int32_t)tgBytes_le32(b->p + NT_TF_V6_COUNT);
    b->p += NT_TF_V6_FIXED;
    for (int32_t i = 0; i < count; i++)
        if (nt_string_v6(k, b, "/KeyValues") != 0 ||
            nt_string_v6(k, b, "/KeyValues") != 0) {
            nt_report(k, NT_V6_TRACE_PARSE, nt_off(b), nt_left(b),
                      "/KeyValues", "key and value strings in the block",
                      "a string past the end");
            return;
        }
    if (count < 0) {
        char found[24];
        snprintf(found, sizeof found, "%" PRId32, count);
        nt_report(k, NT_V6_TRACE_PARSE, at + 36, 4, "/KeyValueCount", ">= 0",
                  found);
        return;
    }
    nt_extra(k, NT_V6_TRAILING, b);
}

static void dispatch(nt_check *k, uint32_t kind, nt_cur *b)
{
    enum nt_layout layout = k->draft ? NT_V6D : NT_V6;
    switch (nt_block_of(layout, kind)) {
    case NT_B_TRACE: nt_trace_block_v6(k, b); break;
    case NT_B_EVENT: nt_event_block(k, b, 0); break;
    case NT_B_METADATA:
        if (k->draft)
            nt_metadata_block_draft(k, b);
        else
            nt_metadata_block_v6(k, b);
        break;
    case NT_B_STACK: nt_stack_block(k, b); break;
    case NT_B_SP:
        if (k->draft) {
            /* the v5 layout; every sequence point ends the thread indexes */
            nt_sp_block_v45(k, b);
            nt_sp_flush_v6(k, 1);
        } else {
            nt_sp_block_v6(k, b);
        }
        break;
    case NT_B_THREAD:
        if (k->draft)
            nt_thread_block_draft(k, b);
        else
            nt_thread_block_v6(k, b);
        break;
    case NT_B_REMOVE_THREAD: nt_remove_thread_block_v6(k, b); break;
    case NT_B_LABELS: nt_label_block_v6(k, b); break;
    default: { /* EndOfStream never comes here: the caller ends on it */
        char exp[24], found[24];
        snprintf(found, sizeof found, "kind %" PRIu32, kind);
        nt_report(k, NT_V6_KIND_UNKNOWN, nt_off(b) - 4, 4, "",
                  nt_block_kinds(layout, exp, sizeof exp), found);
    }
    }
    k->row = UINT64_MAX;
}

/* MUST findings of the framing block b would have if read as the draft
 * or not (nt_report_from() counts them while k->silent). */
static uint64_t trial(nt_check *k, uint32_t kind, const nt_cur *b, int draft)
{
    nt_cur copy = *b;
    int was = k->draft;
    k->draft = draft; /* state is not touched: no timestamp keys to turn */
    k->silent = 1;
    k->silent_count = 0;
    dispatch(k, kind, &copy);
    k->silent = 0;
    k->draft = was;
    return k->silent_count;
}

/* NT-A28: a v6 header is final v6 unless the first block whose layout
 * differs (metadata, stack, sequence point, thread) has a MUST finding
 * read as final v6 and none read as the draft.  Findings of lower levels
 * (an empty block, an undefined tail, a note) never switch.  A profile
 * that names a layout decided it before any block was read. */
static void choose_layout(nt_check *k, uint32_t kind, const nt_cur *b)
{
    k->decided = 1;
    if (trial(k, kind, b, 0) == 0) {
        k->choice = NT_CHOSE_FINAL;
    } else if (trial(k, kind, b, 1) == 0) {
        k->choice = NT_CHOSE_DRAFT;
        nt_set_draft(k, 1);
    } else {
        k->choice = NT_CHOSE_NEITHER;
    }
}

void nt_check_v6(nt_check *k)
{
    tgWindow *w = k->w;
    char name[24];
    for (k->object = 0;; k->object++) {
        uint64_t at = tgWindow_offset(w);
        k->object_name = NULL;
        size_t avail = tgWindow_fill(w, 4);
        if (avail == 0) {
            if (!w->error)
                nt_report(k, NT_END_MISSING_V6, at, 0, "end",
                          "an EndOfStream block", "end of input");
            return;
        }
        if (avail < 4) {
            nt_report(k, NT_OBJ_CUT, at, avail, "end", "a 4-byte block header",
                      "fewer bytes");
            return;
        }
        uint32_t x = tgBytes_le32(tgWindow_ptr(w));
        uint32_t size = x & 0xFFFFFFu, kind = x >> 24;
        tgWindow_consume(w, 4);
        enum nt_layout layout = k->draft ? NT_V6D : NT_V6;
        enum nt_block block = nt_block_of(layout, kind);
        k->object_name = nt_block_name(layout, block);
        if (k->object_name == NULL) { /* formatted only when needed */
            snprintf(name, sizeof name, "kind %" PRIu32, kind);
            k->object_name = name;
        }
        int held = nt_hold(k, at, size);
        if (held < 0) {
            char exp[32], found[48];
            snprintf(exp, sizeof exp, "%" PRIu32 " bytes", size);
            nt_input_left(k, at + 4, found, sizeof found);
            if (held == NT_HOLD_CUT)
                nt_report(k, NT_OBJ_CUT, at, 4, "", exp, found);
            return;
        }
        if (nt_showing(k))
            nt_show_block(k, at, 4 + (uint64_t)size, block,
                          held == NT_HOLD_HELD ? tgWindow_ptr(w) : NULL,
                          held == NT_HOLD_HELD ? size : 0);
        if (k->object == 0 && block != NT_B_TRACE)
            nt_report(k, NT_V6_FIRST_TRACE, at, 4, "", "the Trace block",
                      k->object_name);
        if (block == NT_B_END) {
            if (size != 0) {
                char found[32];
                snprintf(found, sizeof found, "%" PRIu32 " bytes", size);
                nt_report(k, NT_END_SIZE, at, 4, "", "0 bytes", found);
            }
            if (held == NT_HOLD_HELD)
                tgWindow_consume(w, size);
            nt_trailing(k);
            return;
        }
        if (held == NT_HOLD_SKIPPED)
            continue;
        const unsigned char *p = tgWindow_ptr(w);
        nt_cur b = {p, p + size, p, at + 4};
        if (!k->decided && nt_block_differs(block))
            choose_layout(k, kind, &b);
        dispatch(k, kind, &b);
        tgWindow_consume(w, size);
    }
}
