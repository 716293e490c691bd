/* fast.c - the dumpalloc fast path: runs of records that give no finding
 * shown, read straight from the window's bytes. */
#include <stdint.h>

#include "../../core/bytes.h"
#include "../../core/scan16.h"
#include "../../core/unicode.h"
#include "check.h"

/* Whether the n bytes at p are ASCII without a NUL, 16 at a time; the
 * window's bytes end at `limit`, so a last part of fewer than 16 is read
 * whole where 16 fit before it, and the bits past the string dropped. */
static inline int fast_ascii(const unsigned char *p, size_t n,
                             const unsigned char *limit)
{
    size_t i = 0;
    if (n > 16 || limit - p < 16) { /* most strings are shorter */
        for (; i + 16 <= n; i += 16) {
            tgScan16_block v = tgScan16_load(p + i);
            if (tgScan16_high(v) | tgScan16_eq(v, tgScan16_splat(0)))
                return 0;
        }
        if (i == n)
            return 1;
        if (limit - (p + i) < 16) {
            for (; i < n; i++)
                if ((unsigned char)(p[i] - 1) >= 0x7F) /* 0, or above 0x7F */
                    return 0;
            return 1;
        }
    }
    tgScan16_block v = tgScan16_load(p + i);
    unsigned want = (1u << (n - i)) - 1; /* n - i <= 16 */
    return ((tgScan16_high(v) | tgScan16_eq(v, tgScan16_splat(0))) & want) ==
           0;
}

/* Whether the n bytes at p are UTF-8 without a NUL, as scan_string()
 * reads them whole: ASCII checked first, a string with other characters
 * by the scanner. */
static inline int fast_text(const unsigned char *p, size_t n,
                            const unsigned char *limit)
{
    if (fast_ascii(p, n, limit))
        return 1;
    tgUnicode_state st = {0, 0, 0};
    tgUnicode_result r = tgUnicode_scan(&st, p, n);
    return r.bad == SIZE_MAX && r.nul == SIZE_MAX &&
           !tgUnicode_incomplete(&st);
}

/* A string field at p of a record whose payload ends at end: its bytes
 * fit and are UTF-8 without a NUL.  @return the byte after it, or
 * NULL. */
static inline const unsigned char *fast_string(const unsigned char *p,
                                               const unsigned char *end,
                                               const unsigned char *limit)
{
    if (end - p < 4)
        return NULL;
    uint32_t n = tgBytes_le32(p);
    p += 4;
    if (n > (size_t)(end - p) || !fast_text(p, n, limit))
        return NULL;
    return p + n;
}

/* A record of a type da_check_payload() does not know, whose finding is
 * only counted (a run of them is what a zero-filled tail reads as: eight
 * bytes each): counted as tgEngine_report() would.  @return 0 when the finding
 * is shown, for da_check_payload() to report. */
static inline int fast_unknown(tgEngine_check *c, uint32_t type)
{
    size_t rule = da_printable(type) ? DA_REC_UNKNOWN : DA_REC_FOURCC;
    if (tgEngine_shown(c, rule))
        return 0;
    tgEngine_count(c, rule);
    return 1;
}

/* The state the loop below changes, kept in locals while it runs: the
 * window's bytes are unsigned char, which may alias anything, so fields
 * of da_check written in the loop would be stored and loaded again for
 * every record. */
typedef struct fast_state {
    uint64_t record, frame, frames;
    int in_list, is_frame;
} fast_state;

/* The frames of a list that da_check_payload() reads without a finding:
 * NTVE and TERM of exactly their fields, and PCAL of two strings and a
 * line where pcal_ok, from p on (a list is open).  @return the byte after
 * the last one read: at the list's TERM's end (the list closed), or at
 * the first record that is not such a frame. */
static inline const unsigned char *fast_frames(fast_state *s,
                                               const unsigned char *p,
                                               const unsigned char *end,
                                               int pcal_ok)
{
    /* a frame's first 12 bytes: FRAM, its length, its type */
    const uint64_t ntve = (uint64_t)DA_NTVE_FIELDS << 32 | DA_FRAM;
    const uint64_t term = (uint64_t)DA_FRAM_MIN << 32 | DA_FRAM;
    while (end - p >= 12) {
        uint64_t head = tgBytes_le64(p);
        uint32_t sub = tgBytes_le32(p + 8);
        const unsigned char *next;
        if (head == ntve && sub == DA_NTVE) {
            next = p + 8 + DA_NTVE_FIELDS;
            if (next > end)
                break;
        } else if (head == term && sub == DA_TERM) {
            s->frames++;
            s->in_list = 0;
            return p + 8 + DA_FRAM_MIN;
        } else { /* a PCAL, whole, of two strings and a line */
            uint32_t len = (uint32_t)(head >> 32);
            if ((uint32_t)head != DA_FRAM || sub != DA_PCAL || !pcal_ok ||
                len < DA_FRAM_MIN || len > (size_t)(end - (p + 8)))
                break;
            const unsigned char *q = p + 8 + DA_FRAM_MIN;
            next = p + 8 + len;
            if ((q = fast_string(q, next, end)) == NULL ||
                (q = fast_string(q, next, end)) == NULL || next - q != DA_U32)
                break;
        }
        s->frames++;
        p = next;
    }
    return p;
}

/* The records held whole in the window that check_header() and
 * da_check_payload() would read without a finding shown, read from the
 * window's bytes as they are: frames (NTVE, TERM, and PCAL where
 * DA-COMPAT-001 is off), ALOC, DALC and OBJE of exactly their fields,
 * outside or inside a frame list as each must be, and records of unknown
 * types outside a list whose findings are only counted.  Every test below
 * is one of theirs, inverted; the first record that fails one is left in
 * the window for them, with nothing of it kept.  Not for the first
 * record, which has rules of its own. */
void da_fast_records(da_check *k, int pcal_ok)
{
    tgWindow *w = k->w;
    const unsigned char *p = tgWindow_ptr(w), *start = p;
    const unsigned char *end = p + (w->end - w->pos);
    fast_state s = {k->record, k->frame, k->frames, k->in_list, k->is_frame};
    int tracking = k->tracking, opened = 0;
    for (;;) {
        if (s.in_list) {
            const unsigned char *at = p;
            p = fast_frames(&s, p, end, pcal_ok);
            if (p != at) { /* a frame was read: the last is current */
                s.is_frame = 1;
                s.frame = s.frames - 1;
            }
            if (s.in_list)
                break; /* a record the list may not hold, or its end */
        }
        if (end - p < 8)
            break;
        uint32_t type = tgBytes_le32(p), len = tgBytes_le32(p + 4);
        const unsigned char *q = p + 8;
        if (len > (size_t)(end - q))
            break; /* not whole in the window */
        const unsigned char *rec_end = q + len;
        if (type == DA_ALOC) {
            if (len != DA_ALOC_FIELDS) /* then its fields may be read */
                break;
            uint64_t addr = tgBytes_le64(q);
            if (addr == 0 || tgBytes_le32(q + 16) >= 1000000000u ||
                (int64_t)tgBytes_le64(q + 8) < 0)
                break;
            if (tracking) { /* the last test: it may change the set */
                int r;
                if (!tgIdmap_room(&k->live))
                    break; /* what may fail is check_address()'s to do */
                tgIdmap_insert(&k->live, addr, &r);
                if (r != 1)
                    break; /* not inserted */
            }
            s.in_list = 1;
            s.frames = 0;
            opened = 1;
        } else if (type == DA_DALC) {
            if (len != DA_DALC_FIELDS)
                break;
            uint64_t addr = tgBytes_le64(q);
            if (addr == 0 || (tracking && tgIdmap_remove(&k->live, addr) != 1))
                break; /* not removed (the last test: it changes the set) */
        } else if (type == DA_OBJE) {
            if (len < DA_OBJE_MIN || fast_string(q, rec_end, end) != rec_end)
                break;
        } else if (type == DA_FRAM || type == DA_PROC || len > DA_MAX_LENGTH ||
                   !fast_unknown(k->c, type)) {
            break; /* a frame outside a list among them */
        }
        s.record++;
        s.is_frame = 0;
        p = rec_end;
    }
    k->record = s.record;
    k->frame = s.frame;
    k->frames = s.frames;
    k->in_list = s.in_list;
    k->is_frame = s.is_frame;
    if (opened)
        k->list_broken = -1;
    tgWindow_consume(w, (size_t)(p - start));
}
