/* fast.c - the common line read in one pass.
 *
 * Most lines of a trace are stack and memory samples and CPU records
 * whose every item is perfect.  tl_fast_fixed() and tl_fast_tail() read such a line item by
 * item from the layout of records.def, each by a few instructions per
 * byte, and gives up at the first thing it does not accept without a
 * finding: a bare or undefined IP, a decimal thread, a quoted name, a
 * doubled space, a number too long, and so on.  It never reports: from
 * there, records.c reads on (the fixed items from the start of the line,
 * repeating ones from the one given up on) and says what is wrong, so
 * the findings are the same whichever path reads an item.
 *
 * The byte after a line (its LF or CR) ends every run of digits, so the
 * loops need no bound: lines without a line end take the other path. */
#include "../../core/digits.h"
#include "check.h"

/* the few lexers, inlined where they are used: calls cost more than
 * they do */
#define HOT static inline __attribute__((always_inline))

enum fast_kind {
    F_NONE,  /* the other path                         */
    F_DEC,   /* decimal digits, value                  */
    F_HEX16, /* 0x and 1 to 16 hexadecimal digits      */
    F_HEX8,  /* 0x and 1 to 8, value                   */
    F_PARTS  /* a compound item: its parts, each so    */
};

void tl_fast_init(tl_check *k)
{
    /* the canonical widths (TL-HEX-003) are the other path's to check */
    int canonical = tgE_active(k->c, TL_HEX_CANONICAL);
    for (int i = 0; i < TL_NITEMS; i++) {
        unsigned char f = F_NONE;
        switch (tl_items[i].kind) {
        case TL_K_DEC: f = F_DEC; break;
        case TL_K_HEX64:
        case TL_K_IP: f = F_HEX16; break; /* 0x: a bare IP is said */
        case TL_K_HEX32:
        case TL_K_IID: f = F_HEX8; break;
        case TL_K_THREAD: /* an internal id, unless TL-RDR-005 is said */
            f = tgE_active(k->c, TL_RDR_THREAD_IID) ? F_NONE : F_HEX8;
            break;
        case TL_K_PARTS: f = i == TL_I_GEN_ITEM ? F_NONE : F_PARTS; break;
        default: break;
        }
        k->fast[i] = canonical ? F_NONE : f;
    }
}

/* a byte's hexadecimal value + 1, or 0 */
static const unsigned char hexv[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,
    ['6'] = 7,  ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12,
    ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12,
    ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* Decimal digits at p[i], 1 to 19 (never an overflow) and a value up to
 * max: the index past them, or SIZE_MAX.  (Numbers are short: a loop
 * costs less than a word's test here.) */
HOT size_t dec(const unsigned char *p, size_t i, uint64_t max, uint64_t *u)
{
    uint64_t v = 0;
    size_t e = i;
    for (unsigned d; (d = p[e] - (unsigned)'0') < 10; e++)
        v = v * 10 + d;
    *u = v;
    return e - i - 1 < 19 && v <= max ? e : SIZE_MAX;
}

/* 0x and 1 to max hexadecimal digits at p[i]: the printf widths, 8 or 16
 * digits, by words; any other count byte by byte. */
HOT size_t hex(const unsigned char *p, size_t i, size_t n, size_t max,
               uint64_t *u)
{
    if (p[i] != '0' || p[i + 1] != 'x')
        return SIZE_MAX;
    size_t d = i + 2;
    if (n - d >= 8) {
        uint64_t w = tgB_le64(p + d);
        if (tgK_hex_mask(w) == TGK_HIGH) {
            if (hexv[p[d + 8]] == 0) { /* p[n] is the line end */
                *u = tgK_hex8_value(w);
                return d + 8;
            }
            if (max == 16 && n - d >= 16 &&
                tgK_hex_mask(tgB_le64(p + d + 8)) == TGK_HIGH &&
                hexv[p[d + 16]] == 0) {
                *u = 0; /* 64-bit ids and pointers: no value is used */
                return d + 16;
            }
        }
    }
    uint64_t v = 0;
    size_t e = d;
    for (unsigned x; (x = hexv[p[e]]) != 0; e++)
        v = v << 4 | (x - 1);
    *u = v;
    return e - d - 1 < max ? e : SIZE_MAX;
}

HOT void at(tl_val *v, const tl_check *k, size_t s, size_t e, int field,
            int part)
{
    v->at = k->at + s;
    v->n = (uint32_t)(e - s);
    v->field = (int16_t)field;
    v->part = (int16_t)part;
    v->ok = 1;
    v->decimal = 0;
}

HOT size_t simple(const unsigned char *p, size_t n, int f, size_t i,
                  uint64_t max, uint64_t *u)
{
    switch (f) {
    case F_DEC: return dec(p, i, max, u);
    case F_HEX16: return hex(p, i, n, 16, u);
    case F_HEX8: return hex(p, i, n, 8, u);
    default: return SIZE_MAX;
    }
}

/* A compound item at p[i], its parts into k->parts. */
HOT size_t parts(tl_check *k, int item, size_t i, int field)
{
    const tl_parts_info *pi = &tl_parts[item];
    const unsigned char *p = k->p;
    int head = item == TL_I_STACK_HEAD;
    for (unsigned np = 0;;) {
        tl_val *pv = &k->parts[np];
        size_t e;
        if (head && np == 2 && p[i] == '?') { /* undefined: the head may */
            e = i + 1;
            at(pv, k, i, e, field, (int)np);
            pv->ok = 0;
        } else {
            /* matchPrefixSize and stackSize are int32 to the reader */
            e = simple(p, k->n, k->fast[pi->part[np]], i,
                       head && np < 2 ? INT32_MAX : UINT64_MAX, &pv->u);
            if (e == SIZE_MAX)
                return SIZE_MAX;
            at(pv, k, i, e, field, (int)np);
        }
        np++;
        if (p[e] == ':' && np < pi->max) {
            i = e + 1;
            continue;
        }
        if (np < pi->min)
            return SIZE_MAX;
        k->nparts = (int)np;
        return e;
    }
}

HOT size_t item(tl_check *k, int it, size_t i, int field, tl_val *v)
{
    int f = k->fast[it];
    size_t e = f == F_PARTS ? parts(k, it, i, field)
                            : simple(k->p, k->n, f, i, UINT64_MAX, &v->u);
    if (e != SIZE_MAX)
        at(v, k, i, e, field, -1);
    return e;
}

/* Past an item that ends at e: 1 with *i at the next field when one
 * space and more follow, or at the line's end; 0 for anything else. */
HOT int next(const tl_check *k, size_t e, size_t *i)
{
    if (e == k->n) {
        *i = e;
        return 1;
    }
    *i = e + 1;
    return k->p[e] == ' ' && e + 1 < k->n;
}

int tl_fast_fixed(tl_check *k, const tl_record_info *ri, tl_val *v,
                  tl_val head[2])
{
    size_t n = k->n, i = TL_TAG_LEN + 1, e;
    if (k->term == 0 || n <= i || k->p[TL_TAG_LEN] != ' ')
        return 0;
    int nfixed = ri->nfixed;
    for (int f = 0; f < nfixed; f++) {
        int it = ri->fixed[f];
        if (i >= n || (e = item(k, it, i, f, &v[f])) == SIZE_MAX ||
            !next(k, e, &i))
            return 0;
        if (it == TL_I_STACK_HEAD) {
            head[0] = k->parts[0];
            head[1] = k->parts[1];
        }
    }
    k->cur = i;
    k->field = nfixed - 1;
    return 1;
}

size_t tl_fast_tail(tl_check *k, const tl_record_info *ri)
{
    size_t n = k->n, i = k->cur, e, c = 0;
    /* repeating items of one kind only (fun inf's two: the other path) */
    if (ri->ntail != 1 || k->term == 0)
        return 0;
    int it = ri->tail[0];
    enum tl_obj o = it == TL_I_FRAME ? TL_OBJ_FUNCTION : TL_OBJ_CLASS;
    for (; i < n; c++) {
        tl_val tv;
        if ((e = item(k, it, i, k->field + 1, &tv)) == SIZE_MAX ||
            !next(k, e, &i))
            break;
        k->field++;
        k->cur = i;
        tl_use_item(k, o, &k->parts[0]);
    }
    return c;
}
