/* show.c - the parts of a dumpalloc trace, for tg_checker_set_node_fn(): each
 * record, named from a look at its first bytes before the check reads
 * them, so that the record's findings follow it. */
#include <inttypes.h>
#include <stdio.h>

#include "../../core/bytes.h"
#include "../../core/quote.h"
#include "check.h"

/* Enough of a payload for its fixed fields and the start of a name. */
#define SHOW_PEEK 96u

/* The string field (u32 length, bytes) at p[0..n), quoted, or "". */
static const char *peek_string(const unsigned char *p, size_t n, char *buf,
                               size_t cap)
{
    if (n < DA_U32)
        return "";
    uint32_t len = tgBytes_le32(p);
    return tgQuote_bytes(p + DA_U32, len < n - DA_U32 ? len : n - DA_U32, buf,
                         cap);
}

void da_show_record(da_check *k)
{
    size_t want = k->len < SHOW_PEEK ? k->len : SHOW_PEEK;
    size_t n = tgWindow_fill(k->w, want);
    if (n > want)
        n = want;
    const unsigned char *p = tgWindow_ptr(k->w);
    char kind[17], label[128] = "", name[72];
    tg_node node = {0};
    uint32_t type = k->type;
    if (k->is_frame && n >= DA_FRAM_MIN) {
        type = tgBytes_le32(p);
        p += DA_FRAM_MIN;
        n -= DA_FRAM_MIN;
    }
    da_fourcc_text(type, kind);
    switch (type) {
    case DA_PROC:
        if (n >= DA_U32)
            snprintf(label, sizeof label, "pid %" PRIu32 ", name %s",
                     tgBytes_le32(p),
                     peek_string(p + DA_U32, n - DA_U32, name, sizeof name));
        break;
    case DA_OBJE:
        snprintf(label, sizeof label, "name %s",
                 peek_string(p, n, name, sizeof name));
        break;
    case DA_ALOC:
        if (n >= DA_ALOC_FIELDS) {
            int64_t secs = (int64_t)tgBytes_le64(p + 8);
            uint32_t ns = tgBytes_le32(p + 16);
            snprintf(label, sizeof label,
                     "address 0x%" PRIx64 ", time %" PRId64 ".%09" PRIu32 " s",
                     tgBytes_le64(p), secs, ns);
            /* nanoseconds, where they fit an int64 */
            if (secs >= 0 && secs < INT64_MAX / 1000000000 - 1 &&
                ns < 1000000000u) {
                node.has = TG_NODE_TIME;
                node.time = secs * 1000000000 + ns;
            }
        }
        break;
    case DA_DALC:
    case DA_NTVE:
        if (n >= DA_ADDRESS)
            snprintf(label, sizeof label, "address 0x%" PRIx64,
                     tgBytes_le64(p));
        break;
    case DA_PCAL:
        snprintf(label, sizeof label, "function %s",
                 peek_string(p, n, name, sizeof name));
        break;
    case DA_TERM: snprintf(label, sizeof label, "end of the frames"); break;
    default: break;
    }
    node.depth = k->is_frame ? 1 : 0;
    node.kind = kind;
    /* a frame's path names its type, as its findings' paths will once
     * the check has read it */
    k->subtype = k->is_frame ? type : 0;
    node.path = da_path(k, "");
    k->subtype = 0;
    node.offset = k->start;
    node.length = 8 + (uint64_t)k->len;
    node.label = label;
    node.group = "";
    tgEngine_node(k->c, &node);
}
