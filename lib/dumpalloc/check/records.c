/* records.c - each dumpalloc record's layout, frame lists, strings,
 * timestamps and allocation pairing.  Strings are streamed through the
 * UTF-8 scanner in window-sized pieces: no record, however long, is ever
 * held in memory whole. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../../core/unicode.h"
#include "check.h"

/* Made for every record of an unknown type, so without printf. */
void da_fourcc_text(uint32_t v, char out[17])
{
    static const char hex[] = "0123456789abcdef";
    char *p = out;
    for (int i = 0; i < 4; i++) {
        unsigned ch = (v >> (8 * i)) & 0xFF;
        if (ch >= 0x20 && ch < 0x7F && ch != '\\') {
            *p++ = (char)ch;
        } else {
            *p++ = '\\';
            *p++ = 'x';
            *p++ = hex[ch >> 4];
            *p++ = hex[ch & 15];
        }
    }
    *p = 0;
}

/* The FOURCC v as the found text of a finding of `rule`, or NULL when
 * that finding is only counted. */
const char *da_fourcc_found(const da_check *k, size_t rule, uint32_t v,
                            char out[17])
{
    if (!tgEngine_shown(k->c, rule))
        return NULL;
    da_fourcc_text(v, out);
    return out;
}

const char *da_path(da_check *k, const char *field)
{
    char t[17], s[17];
    da_fourcc_text(k->type, t);
    if (k->type == 0 && !k->is_frame) {
        snprintf(k->path, sizeof k->path, "/record[%" PRIu64 "]%s", k->record,
                 field);
    } else if (k->is_frame) {
        da_fourcc_text(k->subtype, s);
        snprintf(k->path, sizeof k->path,
                 "/record[%" PRIu64 "]{ALOC}/frame[%" PRIu64 "]{%s}%s",
                 k->record, k->frame, k->subtype ? s : "FRAM", field);
    } else {
        snprintf(k->path, sizeof k->path, "/record[%" PRIu64 "]{%s}%s",
                 k->record, t, field);
    }
    return k->path;
}

int64_t da_report_at(da_check *k, size_t rule, uint64_t off, uint64_t len,
                     const char *field, int64_t cause, const char *exp,
                     const char *found)
{
    if (!tgEngine_active(k->c, rule))
        return -1;
    /* a finding only counted needs no path */
    tgEngine_site s = {off,
                       len,
                       0,
                       0,
                       tgEngine_capped(k->c, rule) ? NULL : da_path(k, field),
                       cause};
    return tgEngine_report(k->c, rule, &s, exp, found);
}

/* A finding about the whole current record. */
int64_t da_report_record(da_check *k, size_t rule, const char *exp,
                         const char *found)
{
    return da_report_at(k, rule, k->start, 8, "", -1, exp, found);
}

/* The input ended inside the current record. */
static __attribute__((cold, noinline)) void truncated(da_check *k)
{
    char exp[48], found[48];
    uint64_t have = tgWindow_offset(k->w) + (k->w->end - k->w->pos) - k->start;
    snprintf(exp, sizeof exp, "%" PRIu64 " bytes", 8 + (uint64_t)k->len);
    snprintf(found, sizeof found, "%" PRIu64 " bytes", have);
    k->ended = da_report_at(k, DA_REC_PAYLOAD_SHORT, k->start, have, "", -1,
                            exp, found);
    k->stop = 1;
}

/* Take n (<= 20) payload bytes of the current record; the caller has
 * checked k->rem >= n.  NULL if the input ends first. */
static inline const unsigned char *take(da_check *k, size_t n)
{
    if (tgWindow_fill(k->w, n) < n) {
        truncated(k);
        return NULL;
    }
    const unsigned char *p = tgWindow_ptr(k->w);
    tgWindow_consume(k->w, n);
    k->rem -= n;
    return p;
}

/* Stream n string bytes through the UTF-8 scanner. */
static void scan_string(da_check *k, uint64_t n, const char *field)
{
    int want = tgEngine_active(k->c, DA_STR_UTF8) ||
               tgEngine_active(k->c, DA_STR_NUL);
    uint64_t at = tgWindow_offset(k->w), bad = UINT64_MAX, nul = UINT64_MAX;
    uint64_t left = n;
    tgUnicode_state st = {0, 0, 0};
    while (left > 0) {
        size_t ask = left < TG_WINDOW_CHUNK ? (size_t)left : TG_WINDOW_CHUNK;
        size_t got = tgWindow_fill(k->w, ask);
        if (got == 0) {
            truncated(k);
            return;
        }
        if (got > left)
            got = (size_t)left;
        if (want) {
            uint64_t base = tgWindow_offset(k->w);
            tgUnicode_result r = tgUnicode_scan(&st, tgWindow_ptr(k->w), got);
            if (bad == UINT64_MAX && r.bad != SIZE_MAX)
                bad = base + r.bad;
            if (nul == UINT64_MAX && r.nul != SIZE_MAX)
                nul = base + r.nul;
        }
        tgWindow_consume(k->w, got);
        left -= got;
    }
    if (want && bad == UINT64_MAX && tgUnicode_incomplete(&st))
        bad = at + n - 1;
    if (bad != UINT64_MAX)
        da_report_at(k, DA_STR_UTF8, bad, 1, field, -1, "UTF-8",
                     "an invalid byte sequence");
    if (nul != UINT64_MAX)
        da_report_at(k, DA_STR_NUL, nul, 1, field, -1, "no NUL byte",
                     "a NUL byte");
}

/* A string field: u32 length, then the bytes.  @return 0 read (or the
 * input ended: see k->stop), 1 the length runs past the record
 * (reported), 2 no room for the length field (the caller reports). */
static int string_field(da_check *k, const char *field)
{
    if (k->rem < 4)
        return 2;
    uint64_t at = tgWindow_offset(k->w);
    const unsigned char *p = take(k, 4);
    if (p == NULL)
        return 0;
    uint32_t n = tgBytes_le32(p);
    if (n > k->rem) {
        char exp[48], found[48];
        da_report_at(k, DA_STR_FIT, at, 4, field, -1,
                     TG_ENGINE_TEXT(k->c, DA_STR_FIT, exp,
                                    "length <= %" PRIu64, k->rem),
                     TG_ENGINE_TEXT(k->c, DA_STR_FIT, found, "%" PRIu32, n));
        k->malformed = 1;
        return 1;
    }
    k->rem -= n;
    scan_string(k, n, field);
    return 0;
}

static void too_short(da_check *k, size_t rule, uint32_t need)
{
    char exp[48], found[48];
    int64_t seq = da_report_record(
        k, rule, TG_ENGINE_TEXT(k->c, rule, exp, "Length >= %" PRIu32, need),
        TG_ENGINE_TEXT(k->c, rule, found, "%" PRIu32, k->len));
    k->malformed = 1;
    if (rule == DA_ALOC_SHORT)
        k->lost_alloc = seq;
}

static void check_timestamp(da_check *k, const unsigned char *p, uint64_t at)
{
    int64_t secs = (int64_t)tgBytes_le64(p);
    uint32_t ns = tgBytes_le32(p + 8);
    char found[48];
    if (ns >= 1000000000u)
        da_report_at(
            k, DA_TIME_NSEC, at + 8, 4, "/time/nanoseconds", -1,
            "< 1000000000",
            TG_ENGINE_TEXT(k->c, DA_TIME_NSEC, found, "%" PRIu32, ns));
    if (secs < 0)
        da_report_at(
            k, DA_TIME_NEGATIVE, at, 8, "/time/seconds", -1, ">= 0",
            TG_ENGINE_TEXT(k->c, DA_TIME_NEGATIVE, found, "%" PRId64, secs));
}

static void limit_reached(da_check *k, uint64_t at)
{
    char exp[96];
    da_report_at(k, DA_LIVE_LIMIT, at, 8, "/address", -1,
                 tgEngine_limit_text(k->c, TG_LIMIT_LIVE_OBJECTS,
                                     "live allocations", exp, sizeof exp),
                 "one more");
    k->tracking = 0;
}

static void check_address(da_check *k, uint64_t addr, uint64_t at, int alloc)
{
    if (addr == 0)
        da_report_at(k, DA_ADDR_ZERO, at, 8, "/address", -1, "non-zero", "0");
    if (!k->tracking)
        return;
    /* the common case, a clean pair, formats nothing */
    size_t rule;
    const char *exp;
    if (alloc) {
        int r;
        tgIdmap_insert(&k->live, addr, &r);
        if (r < 0)
            limit_reached(k, at);
        if (r != 0)
            return;
        rule = DA_LIVE_DOUBLE;
        exp = "an address not live";
    } else {
        if (tgIdmap_remove(&k->live, addr) != 0)
            return;
        rule = DA_LIVE_UNKNOWN;
        exp = "a live address";
    }
    char found[48];
    da_report_at(k, rule, at, 8, "/address", alloc ? -1 : k->lost_alloc, exp,
                 TG_ENGINE_TEXT(k->c, rule, found, "0x%" PRIx64, addr));
}

static void check_aloc(da_check *k)
{
    if (k->rem < DA_ALOC_FIELDS) {
        too_short(k, DA_ALOC_SHORT, DA_ALOC_FIELDS);
        return;
    }
    uint64_t at = tgWindow_offset(k->w);
    const unsigned char *p = take(k, DA_ALOC_FIELDS);
    if (p == NULL)
        return;
    uint64_t addr = tgBytes_le64(p);
    check_timestamp(k, p + 8, at + 8);
    check_address(k, addr, at, 1);
}

static void check_dalc(da_check *k)
{
    if (k->rem < DA_DALC_FIELDS) {
        too_short(k, DA_DALC_SHORT, DA_DALC_FIELDS);
        return;
    }
    uint64_t at = tgWindow_offset(k->w);
    const unsigned char *p = take(k, DA_DALC_FIELDS);
    if (p != NULL)
        check_address(k, tgBytes_le64(p), at, 0);
}

static void check_proc(da_check *k)
{
    if (k->procs > 0)
        da_report_record(k, DA_SEQ_PROC_AGAIN, "one PROC", "another PROC");
    k->procs++;
    if (k->rem < DA_PROC_MIN) {
        too_short(k, DA_PROC_SHORT, DA_PROC_MIN);
        return;
    }
    if (take(k, DA_U32) != NULL)
        string_field(k, "/name");
}

static void check_obje(da_check *k)
{
    if (k->rem < DA_OBJE_MIN)
        too_short(k, DA_OBJE_SHORT, DA_OBJE_MIN);
    else
        string_field(k, "/name");
}

static void check_pcal(da_check *k)
{
    /* function name and file name (each a u32 length and bytes), then a
     * line number: the Length needed grows as the names are read */
    unsigned left = 3; /* u32 fields not read yet */
    int r = string_field(k, "/function");
    if (r == 0 && !k->stop) {
        left = 2;
        r = string_field(k, "/file");
    }
    if (r == 0 && !k->stop) {
        left = 1;
        if (k->rem < DA_U32)
            r = 2;
    }
    if (r == 2) {
        too_short(k, DA_PCAL_SHORT, k->len - (uint32_t)k->rem + DA_U32 * left);
        return;
    }
    if (r == 0 && !k->stop) {
        take(k, DA_U32);
        da_report_record(k, DA_COMPAT_PCAL, "a frame the reader reads",
                         "PCAL");
    }
}

enum { FRAME_PLAIN, FRAME_TERM, FRAME_UNKNOWN };

/* @return what kind of frame the record was. */
static int check_fram(da_check *k)
{
    if (k->rem < DA_FRAM_MIN) {
        too_short(k, DA_FRAM_SHORT, DA_FRAM_MIN);
        return FRAME_PLAIN;
    }
    const unsigned char *p = take(k, DA_FRAM_MIN);
    if (p == NULL)
        return FRAME_PLAIN;
    k->subtype = tgBytes_le32(p);
    switch (k->subtype) {
    case DA_NTVE:
        if (k->rem < DA_ADDRESS)
            too_short(k, DA_NTVE_SHORT, DA_NTVE_FIELDS);
        else
            take(k, DA_ADDRESS);
        return FRAME_PLAIN;
    case DA_PCAL: check_pcal(k); return FRAME_PLAIN;
    case DA_TERM:
        if (k->rem > 0)
            da_report_record(k, DA_TERM_EXTRA, "Length 4", "a payload");
        return FRAME_TERM;
    default: {
        char t[17];
        da_report_record(k, DA_FRAM_UNKNOWN, "NTVE, PCAL or TERM",
                         da_fourcc_found(k, DA_FRAM_UNKNOWN, k->subtype, t));
        return FRAME_UNKNOWN;
    }
    }
}

/* Frame-list bookkeeping before a record is looked at. */
void da_enter_record(da_check *k)
{
    int fram = k->type == DA_FRAM;
    if (k->in_list && !fram) {
        char t[17];
        k->in_list = 0;
        k->is_frame = 0;
        k->record++;
        k->list_broken = da_report_record(
            k, DA_LIST_INTERRUPTED, "FRAM",
            da_fourcc_found(k, DA_LIST_INTERRUPTED, k->type, t));
        return;
    }
    if (k->in_list) {
        k->is_frame = 1;
        k->frame = k->frames++;
        return;
    }
    k->is_frame = 0;
    if (k->start > 0 || k->record > 0)
        k->record++;
    if (fram)
        da_report_at(k, DA_LIST_ORPHAN, k->start, 8, "", k->list_broken,
                     "a frame list opened by ALOC", "FRAM");
}

void da_check_payload(da_check *k)
{
    int known = 1, frame = FRAME_PLAIN;
    switch (k->type) {
    case DA_PROC: check_proc(k); break;
    case DA_OBJE: check_obje(k); break;
    case DA_ALOC: check_aloc(k); break;
    case DA_DALC: check_dalc(k); break;
    case DA_FRAM:
        frame = check_fram(k);
        known = frame != FRAME_UNKNOWN;
        break;
    default: {
        char t[17];
        if (da_printable(k->type))
            da_report_record(k, DA_REC_UNKNOWN,
                             "PROC, OBJE, ALOC, DALC or FRAM",
                             da_fourcc_found(k, DA_REC_UNKNOWN, k->type, t));
        else
            da_report_record(k, DA_REC_FOURCC, "printable ASCII",
                             da_fourcc_found(k, DA_REC_FOURCC, k->type, t));
        known = 0;
    }
    }
    if (k->stop)
        return;
    /* the bytes past the fields, skipped first: a finding about them
     * covers those the input has */
    uint64_t extra_at = tgWindow_offset(k->w);
    uint64_t skipped = k->rem > 0 ? tgWindow_skip(k->w, k->rem) : 0;
    /* TERM has its own rule for a payload (DA-FRAM-004) */
    if (known && frame != FRAME_TERM && !k->malformed && k->rem > 0) {
        char found[48];
        da_report_at(k, DA_REC_EXTRA, extra_at, skipped, "", -1,
                     "no bytes past the fields",
                     TG_ENGINE_TEXT(k->c, DA_REC_EXTRA, found,
                                    "%" PRIu64 " extra bytes", k->rem));
    }
    if (k->type == DA_ALOC) {
        k->in_list = 1;
        k->frames = 0;
        k->list_broken = -1;
    } else if (frame == FRAME_TERM && k->is_frame) {
        k->in_list = 0;
    }
    if (skipped < k->rem)
        truncated(k);
}
