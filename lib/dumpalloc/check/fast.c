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
    for (; i + 16 <= n; i += 16) {
        tgScan16_block v = tgScan16_load(p + i);
        if (tgScan16_high(v) | tgScan16_eq(v, tgScan16_splat(0)))
            return 0;
    }
    if (i == n)
        return 1;
    if (limit - (p + i) >= 16) {
        tgScan16_block v = tgScan16_load(p + i);
        unsigned want = (1u << (n - i)) - 1;
        return ((tgScan16_high(v) | tgScan16_eq(v, tgScan16_splat(0))) &
                want) == 0;
    }
    for (; i < n; i++)
        if ((unsigned char)(p[i] - 1) >= 0x7F) /* 0, or above 0x7F */
            return 0;
    return 1;
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
    while (end - p >= 8) {
        uint32_t type = tgBytes_le32(p), len = tgBytes_le32(p + 4);
        const unsigned char *q = p + 8;
        if (len > (size_t)(end - q))
            break; /* not whole in the window */
        const unsigned char *rec_end = q + len;
        if (type == DA_FRAM) {
            if (!k->in_list || len < DA_FRAM_MIN)
                break;
            uint32_t sub = tgBytes_le32(q);
            q += DA_FRAM_MIN;
            if (sub == DA_NTVE ? len != DA_NTVE_FIELDS
                : sub == DA_TERM
                    ? len != DA_FRAM_MIN
                    : sub != DA_PCAL || !pcal_ok ||
                          (q = fast_string(q, rec_end, end)) == NULL ||
                          (q = fast_string(q, rec_end, end)) == NULL ||
                          rec_end - q != DA_U32)
                break;
            k->frame = k->frames++;
            k->is_frame = 1;
            k->in_list = sub != DA_TERM;
        } else {
            if (k->in_list)
                break; /* a list that TERM did not end */
            if (type == DA_ALOC || type == DA_DALC) {
                if (len != (type == DA_ALOC ? DA_ALOC_FIELDS : DA_DALC_FIELDS))
                    break;
                uint64_t addr = tgBytes_le64(q);
                if (addr == 0)
                    break;
                if (type == DA_ALOC && (tgBytes_le32(q + 16) >= 1000000000u ||
                                        (int64_t)tgBytes_le64(q + 8) < 0))
                    break;
                if (k->tracking) { /* the last test: it may change the set */
                    int r = 1;
                    if (type == DA_ALOC && !tgIdmap_room(&k->live))
                        break; /* what may fail is check_address()'s to do */
                    if (type == DA_ALOC)
                        tgIdmap_insert(&k->live, addr, &r);
                    else
                        r = tgIdmap_remove(&k->live, addr);
                    if (r != 1)
                        break; /* not inserted, or not removed */
                }
                if (type == DA_ALOC) {
                    k->in_list = 1;
                    k->frames = 0;
                    k->list_broken = -1;
                }
            } else if (type == DA_OBJE) {
                if (len < DA_OBJE_MIN ||
                    fast_string(q, rec_end, end) != rec_end)
                    break;
            } else if (type == DA_PROC || len > DA_MAX_LENGTH ||
                       !fast_unknown(k->c, type)) {
                break;
            }
            k->record++;
            k->is_frame = 0;
        }
        p = rec_end;
    }
    tgWindow_consume(w, (size_t)(p - start));
}
