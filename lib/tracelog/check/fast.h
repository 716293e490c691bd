/* fast.h - the common line read in one pass.
 *
 * Most lines of a trace are stack and memory samples and CPU records
 * whose every item is perfect.  tl_fast_fixed() and tl_fast_tail() read
 * such a line item by item, a few instructions per byte, and give up at
 * the first thing they do not accept without a finding: a bare or
 * undefined IP, a decimal thread, a quoted name, a doubled space, a
 * number too long, and so on.  They never report: from there, records.c
 * reads on (the fixed items from the start of the line, repeating ones
 * from the one given up on) and says what is wrong, so the findings are
 * the same whichever path reads an item.
 *
 * All of it is inlined in records.c, where each record's line is read by
 * code of its own: the record, and so every item's kind, is a constant
 * the compiler folds.  The readers are made from items.def, parts.def
 * and records.def by the preprocessor, one per record and compound item:
 * no table is looked up, and no switch taken, per item.  The byte after
 * a line (its LF or CR) ends every run of digits, so the loops need no
 * bound: lines without a line end take the other path. */
#ifndef TG_TL_FAST_H
#define TG_TL_FAST_H

#include "../../core/digits.h"
#include "../../core/scan16.h"
#include "check.h"

/* inlined where they are used: calls cost more than they do */
#define TL_HOT static inline __attribute__((always_inline))

/* each item's kind (enum tl_kind) as a constant; two have kinds of their
 * own here: <hex>, the one item whose canonical form (TL-HEX-003) is 0x%x,
 * and the times in ms and us, decimals that run to many digits (a trace's
 * clock reaches six in minutes) */
enum {
    KIND_LOWER_HEX = TL_K_PARTS + 1000,
    KIND_LONG_DEC,
#define TL_ITEM(sym, name, kind)                                              \
    KIND_##sym = TL_I_##sym == TL_I_HEX ? KIND_LOWER_HEX                      \
                 : TL_I_##sym == TL_I_MS || TL_I_##sym == TL_I_US             \
                     ? KIND_LONG_DEC                                          \
                     : kind,
#include "../items.def"
#undef TL_ITEM
};

/* The line being read, as the readers below take it: copied out of the
 * check, so that it stays in registers.  Read through k, the compiler
 * would load it again after each value stored (a tl_val's uint64_t may
 * be k->n, for all it knows). */
typedef struct fast_line {
    const unsigned char *p;
    size_t n;    /* the bytes of the line; p[n] is its LF or CR */
    uint64_t at; /* the input offset of p[0]                     */
} fast_line;

TL_HOT fast_line line_of(const tl_check *k)
{
    fast_line ln = {k->p, k->n, k->at};
    return ln;
}

/* Decimal digits at p[i], 1 to 19 (never an overflow) and a value up to
 * max: the index past them, or SIZE_MAX.  (Numbers are short: a loop
 * costs less than a word's test here.) */
TL_HOT size_t dec(const unsigned char *p, size_t i, uint64_t max, uint64_t *u)
{
    unsigned d0 = p[i] - (unsigned)'0';
    if (d0 < 10 && p[i + 1] - (unsigned)'0' >= 10) { /* most are one digit */
        *u = d0;
        return i + 1; /* every max is above 9 */
    }
    uint64_t v = 0;
    size_t e = i;
    for (unsigned d; (d = p[e] - (unsigned)'0') < 10; e++)
        v = v * 10 + d;
    *u = v;
    return e - i - 1 < 19 && v <= max ? e : SIZE_MAX;
}

/* dec() for the items that run to many digits (KIND_LONG_DEC): where the
 * line has eight bytes from p[i] (n: its length), the digits are found
 * in one word and valued together (tgDigits_digit_run()), a cost that does
 * not grow with their count. */
TL_HOT size_t dec_long(const unsigned char *p, size_t i, size_t n,
                       uint64_t max, uint64_t *u)
{
    size_t len;
    if (n - i < 8 || (len = tgDigits_digit_run(tgBytes_le64(p + i), u)) == 8)
        return dec(p, i, max, u);
    return len > 0 && *u <= max ? i + len : SIZE_MAX;
}

/* 0x and 1 to max hexadecimal digits at p[i]: the printf widths, 8 or 16
 * digits, by words (a 64-bit item's value is not kept: none is used);
 * any other count byte by byte.  canon (TL-HEX-003 on): only the seed's
 * printf form, exactly max uppercase digits; any other is the other
 * path's to report. */
TL_HOT size_t hex(const unsigned char *p, size_t i, size_t n, size_t max,
                  int canon, uint64_t *u)
{
    if (p[i] != '0' || p[i + 1] != 'x')
        return SIZE_MAX;
    size_t d = i + 2;
    if (n - d >= 16) { /* sixteen bytes of the line classified at once */
        tgScan16_block v = tgScan16_load(p + d);
        /* canon: a lowercase digit is none, so the digits end before it
         * and what the caller takes to end the item does not */
        unsigned h = canon ? tgScan16_hex_upper(v) : tgScan16_hex_any(v);
        if (h & 0x100
                ? max == 16 && h == 0xFFFFu && tgDigits_hexv[p[d + 16]] == 0
                : (h & 0xFFu) == 0xFFu) {
            size_t len = h & 0x100 ? 16 : 8;
            if (canon && len == 8 && max != 8)
                return SIZE_MAX;
            *u = len == 8 ? tgDigits_hex8_value(tgBytes_le64(p + d)) : 0;
            return d + len;
        }
    } else if (n - d >= 8) {
        uint64_t w = tgBytes_le64(p + d), w2;
        if (tgDigits_hex_mask(w) == TG_DIGITS_HIGH) {
            if (tgDigits_hexv[p[d + 8]] == 0) { /* p[n] is the line end */
                if (canon && (max != 8 || tgDigits_hex_lower(w)))
                    return SIZE_MAX;
                *u = tgDigits_hex8_value(w);
                return d + 8;
            }
            if (max == 16 && n - d >= 16 &&
                tgDigits_hex_mask(w2 = tgBytes_le64(p + d + 8)) ==
                    TG_DIGITS_HIGH &&
                tgDigits_hexv[p[d + 16]] == 0) {
                if (canon && (tgDigits_hex_lower(w) || tgDigits_hex_lower(w2)))
                    return SIZE_MAX;
                *u = 0;
                return d + 16;
            }
        }
    }
    if (canon)
        return SIZE_MAX;
    uint64_t v = 0;
    size_t e = d;
    for (unsigned x; (x = tgDigits_hexv[p[e]]) != 0; e++)
        v = v << 4 | (x - 1);
    *u = v;
    return e - d - 1 < max ? e : SIZE_MAX;
}

/* hex() of an item of at most 8 digits, whose 8 digits, if it has that
 * many, may be ones read before: then their value is k->hex8's, where
 * hex() put it.  The same items as hex() take, the same values: the
 * digits were taken as they are now (canon is the same for the whole
 * check), and the byte after them ends the item, as hex() asks. */
TL_HOT size_t hex8(tl_check *k, fast_line ln, size_t i, int canon, uint64_t *u)
{
    size_t d = i + 2;
    if (ln.n - i < 10 || ln.p[i] != '0' || ln.p[i + 1] != 'x')
        return hex(ln.p, i, ln.n, 8, canon, u);
    uint64_t w = tgBytes_le64(ln.p + d);
    tl_hex8 *m = &k->hex8[(w * 0x9E3779B97F4A7C15ull) >> (64 - TL_HEX8_BITS)];
    if (m->digits == w && tgDigits_hexv[ln.p[d + 8]] == 0) {
        *u = m->value;
        return d + 8;
    }
    size_t e = hex(ln.p, i, ln.n, 8, canon, u);
    if (e == d + 8) {
        m->digits = w;
        m->value = *u;
    }
    return e;
}

TL_HOT void at(tl_val *v, fast_line ln, size_t s, size_t e, int field,
               int part)
{
    v->at = ln.at + s;
    v->n = (uint32_t)(e - s);
    v->field = (int16_t)field;
    v->part = (int16_t)part;
    v->ok = 1;
    v->decimal = 0;
}

/* An item of a kind that is no compound, up to max if decimal. */
TL_HOT size_t simple(tl_check *k, fast_line ln, int kind, size_t i,
                     uint64_t max, int canon, uint64_t *u)
{
    switch (kind) {
    case TL_K_DEC: return dec(ln.p, i, max, u);
    case KIND_LONG_DEC: return dec_long(ln.p, i, ln.n, max, u);
    case KIND_LOWER_HEX: /* its canonical form is the other path's; a
                            code size or an IL offset of more than 8
                            digits may be above 32 bits: TL-RDR-007 */
        return canon ? SIZE_MAX : hex(ln.p, i, ln.n, 8, 0, u);
    case TL_K_IP: /* 0x: bare is said, and 0x under vstools-compat */
        if (!k->fast_ip)
            return SIZE_MAX;
        /* fall through */
    case TL_K_HEX64: return hex(ln.p, i, ln.n, 16, canon, u);
    case TL_K_THREAD: /* an internal id, unless TL-RDR-005 is said */
        if (!k->fast_thread)
            return SIZE_MAX;
        /* fall through */
    case TL_K_HEX32:
    case TL_K_IID: return hex8(k, ln, i, canon, u);
    case TL_K_REASON: { /* ? or the one word, whose length says which */
        size_t len = ln.p[i] == '?' ? 1 : 7;
        *u = 0;
        return ln.n - i >= len && tl_is_reason(ln.p + i, len) ? i + len
                                                              : SIZE_MAX;
    }
    case TL_K_FLAGS:
        *u = 0;
        return ln.n - i >= 4 && tl_is_gen_flags(ln.p + i, 4) ? i + 4
                                                             : SIZE_MAX;
    default: return SIZE_MAX; /* names, times, tokens: the other path */
    }
}

/* A compound item of np parts of the given kinds (min needed), at p[i],
 * its parts into k->parts.  head: the sam str head, whose two numbers
 * are int32 to the reader, and whose IP may be ?.  Unrolled: each part's
 * kind is a constant where it is inlined. */
TL_HOT size_t parts(tl_check *k, fast_line ln, size_t i, int field, int canon,
                    unsigned min, unsigned np, const int *kinds, int head)
{
    const unsigned char *p = ln.p;
    size_t e = i;
#pragma GCC unroll 4
    for (unsigned j = 0; j < np; j++) {
        if (j > 0) { /* a colon and the next part, or the item's end */
            if (p[e] != ':') {
                if (j < min)
                    return SIZE_MAX;
                k->nparts = (int)j;
                return e;
            }
            i = e + 1;
        }
        tl_val *pv = &k->parts[j];
        if (head && j == 2 && p[i] == '?') {
            e = i + 1;
            at(pv, ln, i, e, field, (int)j);
            pv->ok = 0;
        } else {
            e = simple(k, ln, kinds[j], i,
                       head && j < 2 ? INT32_MAX : UINT64_MAX, canon, &pv->u);
            if (e == SIZE_MAX)
                return SIZE_MAX;
            at(pv, ln, i, e, field, (int)j);
        }
    }
    k->nparts = (int)np;
    return e;
}

/* one reader per compound item of parts.def */
#define KL1(a)          KIND_##a
#define KL2(a, b)       KL1(a), KIND_##b
#define KL3(a, b, c)    KL2(a, b), KIND_##c
#define KL4(a, b, c, d) KL3(a, b, c), KIND_##d
#define KL_(n, ...)     KL##n(__VA_ARGS__)
#define KL(n, ...)      KL_(n, __VA_ARGS__)
#define TL_PARTS(item, min, ...)                                              \
    TL_HOT size_t parts_##item(tl_check *k, fast_line ln, size_t i,           \
                               int field, int canon)                          \
    {                                                                         \
        static const int kinds[] = {KL(TL_NARGS(__VA_ARGS__), __VA_ARGS__)};  \
        return parts(k, ln, i, field, canon, min, TL_NARGS(__VA_ARGS__),      \
                     kinds, TL_I_##item == TL_I_STACK_HEAD);                  \
    }
#include "../parts.def"
#undef TL_PARTS

/* Item it, of kind kind (both constants where it is inlined), at p[i]. */
TL_HOT size_t item(tl_check *k, fast_line ln, int kind, int it, size_t i,
                   int field, int canon, tl_val *v)
{
    size_t e;
    if (kind != TL_K_PARTS)
        e = simple(k, ln, kind, i, UINT64_MAX, canon, &v->u);
    else
        switch (it) {
#define TL_PARTS(item, min, ...)                                              \
    case TL_I_##item:                                                         \
        e = parts_##item(k, ln, i, field, canon);                             \
        break;
#include "../parts.def"
#undef TL_PARTS
        default: return SIZE_MAX;
        }
    if (e != SIZE_MAX)
        at(v, ln, i, e, field, -1);
    return e;
}

/* Past an item that ends at e: 1 with *i at the next field when one
 * space and more follow, or at the line's end; 0 for anything else.
 * The byte at the line's end (p[n]) is its LF or CR, never a space, so
 * a space is within the line. */
TL_HOT int next(fast_line ln, size_t e, size_t *i)
{
    if (ln.p[e] == ' ') {
        *i = e + 1;
        return e + 1 < ln.n;
    }
    *i = e;
    return e == ln.n;
}

/* the fixed items of a record, one after another */
#define ONE(sym, f)                                                           \
    if (i >= n ||                                                             \
        (e = item(k, ln, KIND_##sym, TL_I_##sym, i, f, canon, &v[f])) ==      \
            SIZE_MAX ||                                                       \
        !next(ln, e, &i))                                                     \
        return 0;                                                             \
    if (TL_I_##sym == TL_I_STACK_HEAD) {                                      \
        head[0] = k->parts[0];                                                \
        head[1] = k->parts[1];                                                \
    }
#define FX1(a)                      ONE(a, 0)
#define FX2(a, b)                   FX1(a) ONE(b, 1)
#define FX3(a, b, c)                FX2(a, b) ONE(c, 2)
#define FX4(a, b, c, d)             FX3(a, b, c) ONE(d, 3)
#define FX5(a, b, c, d, e_)         FX4(a, b, c, d) ONE(e_, 4)
#define FX6(a, b, c, d, e_, f_)     FX5(a, b, c, d, e_) ONE(f_, 5)
#define FX7(a, b, c, d, e_, f_, g_) FX6(a, b, c, d, e_, f_) ONE(g_, 6)
#define FX_(n, ...)                 FX##n(__VA_ARGS__)
#define FX(n, ...)                  FX_(n, __VA_ARGS__)

/*! tl_fast_fixed() : read the fixed items of the current line, of
 *  record r, if every one is what it may be with no finding at all: 1,
 *  with their values in v, the stack head in head, and k->cur at what
 *  follows them; 0 (nothing done) to read them the way that says what is
 *  wrong.  canon is k->fast_canon, passed so that it can be a constant. */
TL_HOT int tl_fast_fixed(tl_check *k, int r, int canon, tl_val *v,
                         tl_val head[2])
{
    fast_line ln = line_of(k);
    size_t n = ln.n, i = TL_TAG_LEN + 1, e;
    if (k->fast_off || k->term == 0 || n <= i || ln.p[TL_TAG_LEN] != ' ')
        return 0;
    switch (r) {
#define TL_RECORD(sym, tag, origin, tail, ...)                                \
    case TL_R_##sym: {                                                        \
        FX(TL_NARGS(__VA_ARGS__), __VA_ARGS__)                                \
    } break;
#include "../records.def"
#undef TL_RECORD
    default: return 0;
    }
    k->cur = i;
    k->field = tl_records[r].nfixed - 1;
    return 1;
}

/*! tl_fast_init() : what the fast path may read under the check's
 *  options. */
static inline void tl_fast_init(tl_check *k)
{
    /* with TL-HEX-003 on, the printf widths and case are checked here
     * too; an internal-id thread is the other path's to read when
     * TL-RDR-005 is to be said */
    k->fast_canon = tgEngine_active(k->c, TL_HEX_CANONICAL);
    k->fast_thread = !tgEngine_active(k->c, TL_RDR_THREAD_IID);
    k->fast_ip = !tgEngine_active(k->c, TL_RDR_IP_0X);
    k->fast_off = !tgEngine_fast_paths(k->c);
}

/* One repeating item of kind `it` at p[*i], read by item(): 1 with it
 * taken (k->field and k->cur past it, *i at the next) and the object it
 * names used, 0 if the fast path does not take it. */
TL_HOT int tail_item(tl_check *k, fast_line ln, int it, enum tl_obj o,
                     size_t *i)
{
    tl_val tv;
    size_t e =
        item(k, ln, TL_K_PARTS, it, *i, k->field + 1, k->fast_canon, &tv);
    if (e == SIZE_MAX || !next(ln, e, i))
        return 0;
    k->field++;
    k->cur = *i;
    tl_use_item(k, o, &k->parts[0]);
    return 1;
}

/* The repeating items of one kind, it, from k->cur. */
TL_HOT size_t tail_of(tl_check *k, int it, enum tl_obj o)
{
    fast_line ln = line_of(k);
    size_t i = k->cur, c = 0;
    while (i < ln.n && tail_item(k, ln, it, o, &i))
        c++;
    return c;
}

/* The frame at p[0..29), if it has the form the writer prints, one the
 * path above takes whole: 0x, 8 hexadecimal digits, :0x, 16 more
 * (uppercase where TL-HEX-003 is on); 1 with the 8 digits of its
 * function's internal id as a word in *id (tgBytes_le64()), else 0.
 * Sixteen bytes are classified at a time (core/scan16.h); the caller has
 * 29 bytes at p. */
static inline int frame_printed(const unsigned char *p, int lower,
                                uint64_t *id)
{
    static const unsigned char form[16] = "0x________:0x__";
    tgScan16_block a = tgScan16_load(p), b = tgScan16_load(p + 13);
    unsigned ha = lower ? tgScan16_hex_any(a) : tgScan16_hex_upper(a);
    unsigned hb = lower ? tgScan16_hex_any(b) : tgScan16_hex_upper(b);
    /* digits at 2-9 and 13-28; 0x, :, 0x at 0, 1, 10, 11, 12 */
    if ((ha & 0xE3FCu) != 0xE3FCu || hb != 0xFFFFu ||
        (tgScan16_same(a, tgScan16_load(form)) & 0x1C03u) != 0x1C03u)
        return 0;
    *id = tgBytes_le64(p + 2);
    return 1;
}

/* The frame at p[0..10), if it is one with no IP in the form the writer
 * prints, one the path above takes whole: 0x and 8 hexadecimal digits
 * (uppercase where TL-HEX-003 is on); the caller has made sure that the
 * item ends after them.  1 with the digits of its function's internal
 * id in *id, as frame_printed() gives them; else 0. */
static inline int frame_bare(const unsigned char *p, int lower, uint64_t *id)
{
    uint64_t w = tgBytes_le64(p + 2);
    if (p[0] != '0' || p[1] != 'x' || tgDigits_hex_mask(w) != TG_DIGITS_HIGH ||
        (!lower && tgDigits_hex_lower(w)))
        return 0;
    *id = w;
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
 * TL-HEX-003 is on): its length, with the digits of its class's
 * internal id in *id, as frame_printed() gives them; else 0. */
static inline size_t alloc_printed(const unsigned char *p, size_t left,
                                   int lower, int ip, uint64_t *id)
{
    if (left < 16)
        return 0;
    tgScan16_block a = tgScan16_load(p);
    unsigned ha = lower ? tgScan16_hex_any(a) : tgScan16_hex_upper(a);
    if ((ha & 0x3FCu) != 0x3FCu || p[0] != '0' || p[1] != 'x' || p[10] != ':')
        return 0;
    size_t e = digits_at(p, 11);
    if (e == SIZE_MAX || p[e] != ':' || (e = digits_at(p, e + 1)) == SIZE_MAX)
        return 0;
    if (p[e] == ':') { /* the IP, if the fast path may read one */
        if (!ip || left - e < 19 || p[e + 1] != '0' || p[e + 2] != 'x')
            return 0;
        tgScan16_block b = tgScan16_load(p + e + 3);
        unsigned hb = lower ? tgScan16_hex_any(b) : tgScan16_hex_upper(b);
        if (hb != 0xFFFFu)
            return 0;
        e += 19;
    }
    *id = tgBytes_le64(p + 2);
    return e;
}

/* The repeating items of one kind `it` from k->cur, frames (naming
 * functions) or allocation items (classes): each in the printed form is
 * taken by frame_printed(), frame_bare() or alloc_printed(), any other
 * by item() as
 * tail_of() takes it; both name their object (refs.c) the same way. */
TL_HOT size_t printed(tl_check *k, int it, enum tl_obj o)
{
    fast_line ln = line_of(k);
    const unsigned char *p = ln.p;
    size_t n = ln.n, i = k->cur, e, len, c = 0;
    int lower = !k->fast_canon;
    for (; i < n; c++) {
        tl_val tv;
        if (it == TL_I_FRAME
                ? (k->fast_ip && n - i >= 29 &&
                   frame_printed(p + i, lower, &tv.u) && (len = 29)) ||
                      (n - i >= 10 && (i + 10 == n || p[i + 10] == ' ') &&
                       frame_bare(p + i, lower, &tv.u) && (len = 10))
                : (len = alloc_printed(p + i, n - i, lower, k->fast_ip,
                                       &tv.u)) != 0) {
            e = i + len;
            if (!next(ln, e, &i))
                break;
            k->field++;
            k->cur = i;
            if (!tl_near_hex8(k, o, tv.u)) {
                /* not in the range last found: the id's value and the
                 * item's place, as parts() notes them, for what tl_use()
                 * may keep */
                tv.u = tgDigits_hex8_value(tv.u);
                at(&tv, ln, e - len, e - len + 10, k->field, 0);
                tl_use(k, o, &tv);
            }
        } else if (!tail_item(k, ln, it, o, &i)) {
            break;
        }
    }
    return c;
}

/*! tl_fast_tail() : read on the repeating items from k->cur while each
 *  is perfect, using the ids they name (refs.c): how many, with k->cur
 *  and k->field at the last read. */
TL_HOT size_t tl_fast_tail(tl_check *k, const tl_record_info *ri)
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

#endif
