/* blocks_common.c - the blocks the layouts share besides event rows
 * (events.c): stacks (all three layouts) and the v4/v5 sequence point
 * (which the draft inherits).  Each block is held whole and walked with a
 * bounded cursor. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../../core/bytes.h"
#include "check.h"

void nt_stack_block(nt_check *k, nt_cur *b)
{
    char exp[48], found[48];
    uint64_t at = nt_off(b);
    if (nt_short(k, NT_STK_PARSE, b, 8, "/header",
                 "FirstId and Count (8 bytes)"))
        return;
    uint32_t first = tgBytes_le32(b->p), count = tgBytes_le32(b->p + 4);
    if (nt_showing(k)) {
        snprintf(found, sizeof found, "FirstId %" PRIu32 ", Count %" PRIu32,
                 first, count);
        nt_show_header(k, at, 8, found);
        nt_show_rows(k, at + 8, nt_left(b) - 8, "the stacks");
    }
    b->p += 8;
    uint32_t ptr = k->pointer_size; /* 0: PointerSize was not 4 or 8 */
    for (k->row = 0; k->row < count && !nt_abandon_rows(k, b); k->row++) {
        uint64_t sat = nt_off(b);
        uint32_t size = nt_left(b) >= 4 ? tgBytes_le32(b->p) : 0;
        if (nt_left(b) < 4 || size > nt_left(b) - 4) {
            snprintf(exp, sizeof exp, "%" PRIu32 " stacks", count);
            snprintf(found, sizeof found, "%" PRIu64 " that fit", k->row);
            nt_report(k, NT_STK_PARSE, sat, nt_left(b), "/StackSize", exp,
                      found);
            k->row = UINT64_MAX;
            return;
        }
        if (nt_showing(k))
            nt_show_stack(k, sat, size, first + (uint32_t)k->row);
        if (nt_delivering(k))
            nt_deliver_stack(k, (uint64_t)first + k->row, b->p + 4, size, sat);
        if (size > NT_TE_STACK_MAX) {
            snprintf(exp, sizeof exp, "<= %u bytes", NT_TE_STACK_MAX);
            snprintf(found, sizeof found, "%" PRIu32 " bytes", size);
            nt_report(k, NT_STK_WIDE, sat, 4, "/StackSize", exp, found);
        }
        if (ptr && size % ptr) {
            snprintf(exp, sizeof exp, "a multiple of %" PRIu32, ptr);
            snprintf(found, sizeof found, "%" PRIu32, size);
            nt_report(k, NT_STK_POINTER, sat, 4, "/StackSize", exp, found);
        }
        b->p += 4 + size;
    }
    k->row = UINT64_MAX;
    nt_extra(k, NT_STK_EXTRA, b);
    if (count == 0)
        nt_report(k, NT_BLK_EMPTY_OTHER, at + 4, 4, "/Count", "1 or more",
                  "0");
    if (!k->v6 && k->stacks_in_window++ == 0 && first != 1) {
        snprintf(found, sizeof found, "%" PRIu32, first);
        nt_report(k, NT_OBS_STACK_START, at, 4, "/FirstId", "1", found);
    }
    nt_define_stacks(k, first, count, at);
}

void nt_sp_block_v45(nt_check *k, nt_cur *b)
{
    char exp[48], found[48];
    uint64_t at = nt_off(b);
    int32_t count = nt_left(b) >= 12 ? (int32_t)tgBytes_le32(b->p + 8) : -1;
    if (count < 0 || (uint64_t)count * 12 != nt_left(b) - 12) {
        snprintf(exp, sizeof exp, "12 + 12 x ThreadCount bytes");
        snprintf(found, sizeof found, "%zu bytes, ThreadCount %" PRId32,
                 nt_left(b), count);
        nt_report(k, NT_SP_PARSE, at, nt_left(b), "", exp, found);
        return;
    }
    if (nt_showing(k)) {
        snprintf(found, sizeof found,
                 "timestamp %" PRId64 ", %" PRId32 " threads",
                 (int64_t)tgBytes_le64(b->p), count);
        nt_show_header(k, at, 12, found);
    }
    nt_sp_begin(k, tgBytes_le64(b->p), at);
    b->p += 12;
    for (k->row = 0; k->row < (uint64_t)count && !nt_abandon_rows(k, b);
         k->row++, b->p += 12) {
        uint64_t off = nt_off(b);
        nt_entry_at entry = {off, 8, off + 8, 4};
        nt_sp_thread(k, tgBytes_le64(b->p), tgBytes_le32(b->p + 8), &entry);
    }
    k->row = UINT64_MAX;
    nt_sp_end(k, at);
}
