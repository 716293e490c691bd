/* fast.c - the common line read in one pass.
 *
 * Most lines of a trace are stack and memory samples and CPU records
 * whose every item is perfect.  tl_fast_fixed() and tl_fast_tail() read
 * such a line item by item, a few instructions per byte, and give up at
 * the first thing they do not accept without a finding: a bare or
 * undefined IP, a decimal thread, a quoted name, a doubled space, a
 * number too long, and so on.  It never reports: from
 * there, records.c reads on (the fixed items from the start of the line,
 * repeating ones from the one given up on) and says what is wrong, so
 * the findings are the same whichever path reads an item.
 *
 * The lexers and the reader of fixed items are in fastread.h, to be
 * inlined in records.c too. */
#include "fastread.h"

void tl_fast_init(tl_check *k)
{
    /* with TL-HEX-003 on, the printf widths and case are checked here
     * too; an internal-id thread is the other path's to read when
     * TL-RDR-005 is to be said */
    k->fast_canon = tgE_active(k->c, TL_HEX_CANONICAL);
    k->fast_thread = !tgE_active(k->c, TL_RDR_THREAD_IID);
#ifdef TG_FAST_PATHS_OFF /* the test build that compares the paths */
    k->fast_off = 1;
#endif
}

/* The repeating items of one kind, it, from k->cur. */
TL_HOT size_t tail_of(tl_check *k, int it, enum tl_obj o)
{
    size_t n = k->n, i = k->cur, e, c = 0;
    for (; i < n; c++) {
        tl_val tv;
        if ((e = item(k, TL_K_PARTS, it, i, k->field + 1, k->fast_canon,
                      &tv)) == SIZE_MAX ||
            !next(k, e, &i))
            break;
        k->field++;
        k->cur = i;
        tl_use_item(k, o, &k->parts[0]);
    }
    return c;
}

/* The frame at p[0..29), if it has the form the writer prints, one the
 * path above takes whole: 0x, 8 hexadecimal digits, :0x, 16 more
 * (uppercase where TL-HEX-003 is on); 1 with its function's internal id
 * in *id, else 0.  Sixteen bytes are classified at a time
 * (core/scan16.h); the caller has 29 bytes at p. */
static inline int frame_printed(const unsigned char *p, int lower,
                                uint64_t *id)
{
    static const unsigned char form[16] = "0x________:0x__";
    tgV_block a = tgV_load(p), b = tgV_load(p + 13);
    unsigned ha = lower ? tgV_hex_any(a) : tgV_hex_upper(a);
    unsigned hb = lower ? tgV_hex_any(b) : tgV_hex_upper(b);
    /* digits at 2-9 and 13-28; 0x, :, 0x at 0, 1, 10, 11, 12 */
    if ((ha & 0xE3FCu) != 0xE3FCu || hb != 0xFFFFu ||
        (tgV_same(a, tgV_load(form)) & 0x1C03u) != 0x1C03u)
        return 0;
    *id = tgK_hex8_value(tgB_le64(p + 2));
    return 1;
}

/* A decimal number of 1 to 19 digits at p[i], as dec() takes it (the
 * line end after the line's bytes ends it): the index past it, or
 * SIZE_MAX. */
static inline size_t digits_at(const unsigned char *p, size_t i)
{
    size_t e = i;
    while (p[e] - (unsigned)'0' < 10)
        e++;
    return e - i - 1 < 19 ? e : SIZE_MAX;
}

/* The allocation item at p (left bytes of the line from it), if it has
 * the form the writer prints, one the path above takes whole: 0x and 8
 * hexadecimal digits, two decimal numbers, and 0x and 16 hexadecimal
 * digits if there is an IP, each after a colon (uppercase where
 * TL-HEX-003 is on): its length, with its class's internal id in *id;
 * else 0. */
static inline size_t alloc_printed(const unsigned char *p, size_t left,
                                   int lower, uint64_t *id)
{
    if (left < 16)
        return 0;
    tgV_block a = tgV_load(p);
    unsigned ha = lower ? tgV_hex_any(a) : tgV_hex_upper(a);
    if ((ha & 0x3FCu) != 0x3FCu || p[0] != '0' || p[1] != 'x' || p[10] != ':')
        return 0;
    size_t e = digits_at(p, 11);
    if (e == SIZE_MAX || p[e] != ':' || (e = digits_at(p, e + 1)) == SIZE_MAX)
        return 0;
    if (p[e] == ':') { /* the IP */
        if (left - e < 19 || p[e + 1] != '0' || p[e + 2] != 'x')
            return 0;
        tgV_block b = tgV_load(p + e + 3);
        unsigned hb = lower ? tgV_hex_any(b) : tgV_hex_upper(b);
        if (hb != 0xFFFFu)
            return 0;
        e += 19;
    }
    *id = tgK_hex8_value(tgB_le64(p + 2));
    return e;
}

/* The repeating items of one kind `it` from k->cur, frames (naming
 * functions) or allocation items (classes): each in the printed form is
 * taken by frame_printed() or alloc_printed(), any other by item() as
 * tail_of() takes it; both name their object (refs.c) the same way. */
static size_t printed(tl_check *k, int it, enum tl_obj o)
{
    const unsigned char *p = k->p;
    size_t n = k->n, i = k->cur, e, len, c = 0;
    int lower = !k->fast_canon;
    for (; i < n; c++) {
        tl_val tv;
        if (it == TL_I_FRAME
                ? n - i >= 29 && frame_printed(p + i, lower, &tv.u) &&
                      (len = 29)
                : (len = alloc_printed(p + i, n - i, lower, &tv.u)) != 0) {
            e = i + len;
            if (!next(k, e, &i))
                break;
            k->field++;
            k->cur = i;
            if (!(k->near[o].ok && tv.u - k->near[o].first <=
                                       k->near[o].last - k->near[o].first)) {
                /* not in the range last found: the item's place, as
                 * parts() notes it, for what tl_use() may keep */
                at(&tv, k, e - len, e - len + 10, k->field, 0);
                tl_use(k, o, &tv);
            }
            continue;
        }
        if ((e = item(k, TL_K_PARTS, it, i, k->field + 1, k->fast_canon,
                      &tv)) == SIZE_MAX ||
            !next(k, e, &i))
            break;
        k->field++;
        k->cur = i;
        tl_use_item(k, o, &k->parts[0]);
    }
    return c;
}

size_t tl_fast_tail(tl_check *k, const tl_record_info *ri)
{
    /* repeating items of one kind only (fun inf's two: the other path) */
    if (k->fast_off || ri->ntail != 1 || k->term == 0)
        return 0;
    switch (ri->tail[0]) {
    case TL_I_FRAME: return printed(k, TL_I_FRAME, TL_OBJ_FUNCTION);
    case TL_I_ALLOC_ITEM: return printed(k, TL_I_ALLOC_ITEM, TL_OBJ_CLASS);
    case TL_I_ALT_ITEM: return tail_of(k, TL_I_ALT_ITEM, TL_OBJ_CLASS);
    default: return 0;
    }
}
