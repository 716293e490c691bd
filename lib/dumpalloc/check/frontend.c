/* frontend.c - the dumpalloc front end: the records, walked by their
 * Length so that one bad record never hides the next (records.c reads
 * each; fast.c takes the runs that need no finding). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../../core/bytes.h"
#include "check.h"

/* The first four bytes as an int32 record type of the legacy stream. */
static int legacy_start(uint32_t type) { return type <= 3; }

static int check_header(da_check *k)
{
    k->start = tgWindow_offset(k->w);
    size_t avail = tgWindow_fill(k->w, 8);
    if (avail == 0)
        return 0;
    if (avail < 8) {
        char found[48];
        snprintf(found, sizeof found, "%zu bytes", avail);
        k->type = 0;
        k->is_frame = 0;
        if (k->start > 0)
            k->record++;
        k->ended = da_report_at(k, DA_REC_HEADER_SHORT, k->start, avail, "",
                                -1, "8 bytes", found);
        tgWindow_consume(k->w, avail);
        return 0;
    }
    const unsigned char *p = tgWindow_ptr(k->w);
    k->type = tgBytes_le32(p);
    k->subtype = 0;
    k->malformed = 0;
    uint32_t len = tgBytes_le32(p + 4);
    tgWindow_consume(k->w, 8);
    k->len = len;
    k->rem = len;
    if (k->start == 0 && legacy_start(k->type)) {
        da_report_record(k, DA_REC_LEGACY, "a FOURCC record type",
                         "an int32 record type 0-3");
        k->stop = 1;
        return 0;
    }
    da_enter_record(k);
    if (tgEngine_showing(k->c))
        da_show_record(k);
    if (len > DA_MAX_LENGTH) {
        char found[48];
        snprintf(found, sizeof found, "0x%08" PRIx32, len);
        da_report_at(k, DA_REC_LENGTH_MAX, k->start + 4, 4, "/length", -1,
                     "<= 0x7FFFFFFF", found);
        k->stop = 1;
        return 0;
    }
    if (k->start == 0 && k->type != DA_PROC) {
        char t[17];
        da_report_record(k, DA_SEQ_FIRST, "PROC",
                         da_fourcc_found(k, DA_SEQ_FIRST, k->type, t));
    }
    return 1;
}

void tgDumpalloc_check(tgEngine_check *c, tgWindow *w)
{
    da_check k;
    memset(&k, 0, sizeof k);
    k.c = c;
    k.w = w;
    k.lost_alloc = -1;
    k.list_broken = -1;
    k.ended = -1;
    k.tracking = tgEngine_active(c, DA_LIVE_UNKNOWN) ||
                 tgEngine_active(c, DA_LIVE_DOUBLE);
    tgIdmap_init(&k.live, 0, c->limits[TG_LIMIT_LIVE_OBJECTS]);
    int fast = tgEngine_fast_paths(c);
    int pcal_ok = !tgEngine_active(c, DA_COMPAT_PCAL);
    for (;;) {
        if (fast && tgWindow_offset(w) > 0 && !k.stop)
            da_fast_records(&k, pcal_ok);
        if (k.stop || !check_header(&k))
            break;
        da_check_payload(&k);
    }
    uint64_t end = tgWindow_offset(w);
    if (end == 0 && !w->error && tgEngine_active(c, DA_SEQ_EMPTY)) {
        tgEngine_site s = {0, 0, 0, 0, "/", -1};
        tgEngine_report(c, DA_SEQ_EMPTY, &s, "a PROC record", "0 bytes");
    } else if (k.in_list && (!k.stop || k.ended >= 0) && !w->error) {
        /* a frame list cut by a truncated record follows from that */
        k.is_frame = 1;
        k.subtype = 0;
        k.frame = k.frames; /* where the TERM should have been */
        da_report_at(&k, DA_LIST_EOF, end, 0, "", k.ended, "FRAM TERM",
                     "end of input");
    }
    tgIdmap_free(&k.live);
}
