/* items.c - each item of a line read by its kind (items.def), by hand:
 * hexadecimal and decimal digits, ?, the flags and reason of a
 * collection, a thread field, a quoted name, and compound items part by
 * part (parts.def).  What each kind accepts is spec/tracelog.md's
 * decisions TL-A3 to TL-A5, TL-A8, TL-A11 and TL-A13. */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <string.h>

#include "../../core/digits.h"
#include "../../core/unicode.h"
#include "check.h"

/* A fresh value of the item at [s, s + n) of the line, at the field and
 * part being read. */
static void val_at(const tl_check *k, tl_val *v, size_t s, size_t n)
{
    memset(v, 0, sizeof *v);
    v->at = k->at + s;
    v->n = (uint32_t)n; /* a line is at most --max-block < 2^32 bytes */
    v->field = (int16_t)k->field;
    v->part = (int16_t)k->part;
}

static int is_q(const unsigned char *p, size_t n)
{
    return n == 1 && *p == '?';
}

/* Whether item v, which its kind does not accept as it is, ends a last
 * line without a line end and is the start of what it accepts (`start`):
 * then the input was cut inside it (T-1), said as such.  @return 1 when
 * it was. */
static int cut_inside(tl_check *k, const tl_val *v, int start)
{
    if (!start || !k->unended || v->at + v->n != k->at + k->n)
        return 0;
    tl_cut(k);
    return 1;
}

/* Whether p[0..n) is all t and f: the start of a GC's flags. */
static int flags_start(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != 't' && p[i] != 'f')
            return 0;
    return 1;
}

/* Whether p[0..n) is the start of a 0x item: 0, or 0x. */
static int hex_start(const unsigned char *p, size_t n)
{
    return (n == 1 && p[0] == '0') || (n == 2 && p[0] == '0' && p[1] == 'x');
}

/* n bytes of hexadecimal digits into *u: 1, or 0 if one is not. */
static int hex_digits(const unsigned char *p, size_t n, uint64_t *u)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned d = tgDigits_hexv[p[i]];
        if (d == 0)
            return 0;
        v = v << 4 | (d - 1);
    }
    *u = v;
    return 1;
}

/* The seed's printf form of a hexadecimal item (TL-08): `0x%x` for <hex>,
 * eight or sixteen uppercase digits for the others. */
static void canonical(tl_check *k, int item, const unsigned char *d, size_t n,
                      const tl_val *v)
{
    if (!tgEngine_active(k->c, TL_HEX_CANONICAL))
        return;
    int lower = item == TL_I_HEX;
    size_t width =
        lower ? 0
        : tl_items[item].kind == TL_K_HEX64 || tl_items[item].kind == TL_K_IP
            ? 16
            : 8;
    int ok = width ? n == width : n == 1 || d[0] != '0';
    for (size_t i = 0; i < n && ok; i++)
        ok = lower ? !(d[i] >= 'A' && d[i] <= 'F')
                   : !(d[i] >= 'a' && d[i] <= 'f');
    if (!ok)
        tl_report(k, TL_HEX_CANONICAL, v->at, v->n,
                  lower ? "0x and lowercase digits, no leading zero (0x%x)"
                  : width == 8 ? "0x and 8 uppercase digits (0x%08X)"
                               : "0x and 16 uppercase digits (0x%016X)",
                  "another width or case");
}

/* 0x and 1 to `max` hexadecimal digits (TL-A3): 1, or 0 (said). */
static int hex(tl_check *k, int item, const unsigned char *p, size_t n,
               tl_val *v)
{
    int wide = tl_items[item].kind == TL_K_HEX64;
    size_t rule = wide ? TL_HEX64 : TL_HEX32, max = wide ? 16 : 8;
    const char *exp = wide ? "0x and 1 to 16 hexadecimal digits"
                           : "0x and 1 to 8 hexadecimal digits";
    const char *found = NULL;
    if (n < 2 || p[0] != '0' || (p[1] | 0x20) != 'x')
        found = is_q(p, n) ? "?, which only a top-level internal id may be"
                           : "no 0x";
    else if (n == 2)
        found = "0x and no digits";
    else if (n - 2 > max)
        found = wide ? "more than 16 digits" : "more than 8 digits";
    else if (!hex_digits(p + 2, n - 2, &v->u))
        found = "a byte that is no hexadecimal digit";
    else if (p[1] != 'x')
        found = "0X";
    if (found && !cut_inside(k, v, hex_start(p, n))) {
        char q[48];
        tl_report(k, rule, v->at, v->n, exp,
                  TG_ENGINE_QUOTED(k->c, rule, p, n, q));
    }
    if (found)
        return 0;
    v->ok = 1;
    canonical(k, item, p + 2, n - 2, v);
    return 1;
}

/* Unsigned decimal digits, no sign (TL-A13), at most `max`. */
static int dec(tl_check *k, const unsigned char *p, size_t n, uint64_t max,
               tl_val *v)
{
    uint64_t u = 0;
    int over = 0;
    size_t i = 0;
    for (; i < n && p[i] - (unsigned)'0' < 10; i++) {
        unsigned d = p[i] - (unsigned)'0';
        over |= u > (UINT64_MAX - d) / 10;
        u = u * 10 + d;
    }
    char q[48];
    if (n == 0 || i < n) {
        tl_report(k, TL_NUM_SYNTAX, v->at, v->n, "unsigned decimal digits",
                  TG_ENGINE_QUOTED(k->c, TL_NUM_SYNTAX, p, n, q));
        return 0;
    }
    if (over || u > max) {
        tl_report(k, TL_NUM_RANGE, v->at, v->n,
                  max == INT32_MAX ? "at most 2147483647"
                                   : "at most 18446744073709551615",
                  TG_ENGINE_QUOTED(k->c, TL_NUM_RANGE, p, n, q));
        return 0;
    }
    v->u = u;
    v->ok = 1;
    return 1;
}

/* An instruction pointer: 0x-hex or bare hex of 1 to 16 digits (TL-A4);
 * ? is the caller's to allow. */
static int ip(tl_check *k, const unsigned char *p, size_t n, tl_val *v)
{
    int ox = n >= 2 && p[0] == '0' && p[1] == 'x';
    const unsigned char *d = ox ? p + 2 : p;
    size_t nd = ox ? n - 2 : n;
    if ((nd == 0 || nd > 16 || !hex_digits(d, nd, &v->u)) &&
        cut_inside(k, v, hex_start(p, n)))
        return 0;
    if (nd == 0 || nd > 16 || !hex_digits(d, nd, &v->u)) {
        char q[48];
        tl_report(k, TL_IP_SYNTAX, v->at, v->n,
                  "0x and 1 to 16 hexadecimal digits, or 1 to 16 of them "
                  "alone",
                  TG_ENGINE_QUOTED(k->c, TL_IP_SYNTAX, p, n, q));
        return 0;
    }
    v->ok = 1;
    if (!ox)
        tl_report(k, TL_RDR_BARE_IP, v->at, v->n,
                  "0x before the digits, for the 2019 reader",
                  "bare hexadecimal digits");
    else if (k->vstools)
        tl_report(k, TL_RDR_IP_0X, v->at, v->n,
                  "no instruction pointer, which one of the readers "
                  "misreads in either form",
                  "0x and digits, which the 2018 reader reads as 0");
    else
        canonical(k, TL_I_IP, d, nd, v);
    return 1;
}

/* ? for an internal id (TL-A5): no pattern of the vstools readers
 * matches it (their ids are 0x and digits), so they drop the line. */
static int undefined_id(tl_check *k, const tl_val *v)
{
    if (k->vstools)
        tl_report(k, TL_RDR_UNDEFINED_ID, v->at, v->n,
                  "0x and hexadecimal digits, which the readers' patterns "
                  "match",
                  "?");
    return 1;
}

/* A thread field of a JIT or GC record: an internal id, or a decimal OS
 * thread id with a SHOULD finding (TL-A11). */
static int thread(tl_check *k, const unsigned char *p, size_t n, tl_val *v)
{
    if (is_q(p, n))
        return undefined_id(k, v);
    if (n > 0 && p[0] - (unsigned)'0' < 10 && (n < 2 || p[1] != 'x')) {
        if (!dec(k, p, n, UINT64_MAX, v))
            return 0;
        v->ok = 0; /* an OS thread id: no internal id to resolve */
        v->decimal = 1;
        tl_report(k, TL_THREAD_DECIMAL, v->at, v->n,
                  "the thread's internal id (0x and hexadecimal digits)",
                  "a decimal number");
        return 1;
    }
    if (!hex(k, TL_I_IID, p, n, v))
        return 0;
    tl_report(k, TL_RDR_THREAD_IID, v->at, v->n,
              "a decimal OS thread id, which the 2019 reader reads",
              "an internal id");
    return 1;
}

static int parts(tl_check *k, int item, size_t s, size_t e);

int tl_item(tl_check *k, int item, int top, size_t s, size_t e, tl_val *v)
{
    const unsigned char *p = k->p + s;
    size_t n = e - s;
    val_at(k, v, s, n);
    char q[48];
    switch (tl_items[item].kind) {
    case TL_K_DEC: return dec(k, p, n, UINT64_MAX, v);
    case TL_K_HEX64:
    case TL_K_HEX32: return hex(k, item, p, n, v);
    case TL_K_IID:
        if (top && is_q(p, n)) /* undefined: a top-level id may be (TL-A5) */
            return undefined_id(k, v);
        return hex(k, item, p, n, v);
    case TL_K_IP: return ip(k, p, n, v);
    case TL_K_TOKEN: /* cut at spaces; what it may hold is the record's */
        v->ok = 1;
        return 1;
    case TL_K_FLAGS:
        if (tl_is_gen_flags(p, n))
            return v->ok = 1;
        if (cut_inside(k, v, n < 4 && flags_start(p, n)))
            return 0;
        tl_report(k, TL_GC_FLAGS, v->at, v->n,
                  "four of t and f, for generations 0, 1, 2 and the large "
                  "object heap",
                  TG_ENGINE_QUOTED(k->c, TL_GC_FLAGS, p, n, q));
        return 0;
    case TL_K_REASON:
        if (tl_is_reason(p, n))
            return v->ok = 1;
        if (cut_inside(k, v, n < 7 && memcmp(p, "induced", n) == 0))
            return 0;
        tl_report(k, TL_GC_REASON, v->at, v->n, "induced or ?",
                  TG_ENGINE_QUOTED(k->c, TL_GC_REASON, p, n, q));
        return 0;
    case TL_K_THREAD: return thread(k, p, n, v);
    case TL_K_PARTS: return parts(k, item, s, e);
    default: /* TL_K_QUOTED, TL_K_SYSTIME: cut by records.c */ return 0;
    }
}

/* A compound item: parts joined by ':', as many as parts.def says. */
static int parts(tl_check *k, int item, size_t s, size_t e)
{
    const tl_parts_info *pi = &tl_parts[item];
    size_t at[TL_MAX_PARTS + 1], np = 0;
    at[0] = s;
    for (size_t i = s; i < e; i++)
        if (k->p[i] == ':') {
            if (++np >= TL_MAX_PARTS)
                break;
            at[np] = i + 1;
        }
    np++;
    /* the line's last item, cut short: parts missing, or the last empty */
    if (k->unended && e == k->n && (np < pi->min || at[np - 1] == e)) {
        tl_cut(k);
        return 0;
    }
    if (np < pi->min || np > pi->max) {
        char exp[96], q[48];
        const char *ex =
            pi->max > pi->min
                ? TG_ENGINE_TEXT(k->c, TL_ITEM_PARTS, exp,
                                 "%s: %u to %u parts joined by ':'",
                                 tl_items[item].name, pi->min, pi->max)
                : TG_ENGINE_TEXT(k->c, TL_ITEM_PARTS, exp,
                                 "%s: %u parts joined by ':'",
                                 tl_items[item].name, pi->min);
        tl_report(k, TL_ITEM_PARTS, k->at + s, e - s, ex,
                  TG_ENGINE_QUOTED(k->c, TL_ITEM_PARTS, k->p + s, e - s, q));
        return 0;
    }
    at[np] = e + 1;
    int ok = 1;
    k->nparts = (int)np;
    for (size_t i = 0; i < np; i++) {
        size_t ps = at[i], pe = at[i + 1] - 1;
        int part = pi->part[i];
        tl_val *v = &k->parts[i];
        k->part = (int)i;
        if (tl_items[part].kind == TL_K_IP && is_q(k->p + ps, pe - ps)) {
            val_at(k, v, ps, 1);
            if (item == TL_I_FRAME) /* left out, never ?, in a frame */
                tl_report(k, TL_IP_FRAME_UNDEFINED, v->at, 1,
                          "the frame without its instruction pointer", ":?");
            else if (item != TL_I_STACK_HEAD) {
                tl_report(k, TL_IP_SYNTAX, v->at, 1,
                          "an instruction pointer (? only in the sam str "
                          "head)",
                          "?");
                ok = 0;
            }
            continue;
        }
        int r;
        if (item == TL_I_STACK_HEAD && i < 2) { /* int32 to the reader */
            val_at(k, v, ps, pe - ps);
            r = dec(k, k->p + ps, pe - ps, INT32_MAX, v);
        } else {
            r = tl_item(k, part, 0, ps, pe, v);
        }
        /* a code size and the IL map's offsets: the readers parse them
         * as 32 bits (HexToUInt32), and throw above */
        if (r && v->u > UINT32_MAX &&
            ((item == TL_I_CODE_INFO && i == 1) || item == TL_I_IL_MAP))
            tl_report(k, TL_RDR_HEX32, v->at, v->n,
                      "at most 0xFFFFFFFF, which the readers parse",
                      "a value above 32 bits: the readers throw, and drop "
                      "the rest of the file");
        ok &= r;
    }
    k->part = -1;
    return ok;
}

/* The readers try their records' patterns in a fixed order, unanchored
 * at the start (spec/tracelog.md, "The vstools readers", V4), so text inside a quoted
 * name that a pattern tried before the line's own matches is read as
 * that record.  The patterns that can match inside a name read to the
 * end of the line, and each starts with its tag, a space and a 0x field:
 * for each record with a name, the tags of those tried before it, by
 * either reader (CperfParser.cs of 2018 and 2019).  @return the tag
 * found in the name's n bytes at p, or NULL. */
static const char *record_inside(const tl_check *k, const unsigned char *p,
                                 size_t n)
{
    static const char *const tried[] = {"sam str", "sam mem", "apd crf",
                                        "asm ldf", "mod ldf", "cls nam",
                                        "fun inf", "fun cmf", "fun csf"};
    size_t before = k->rec == TL_R_APD_CRF   ? 2
                    : k->rec == TL_R_ASM_LDF ? 3
                    : k->rec == TL_R_MOD_LDF ? 4
                    : k->rec == TL_R_CLS_NAM
                        ? 5
                        : sizeof tried / sizeof *tried; /* fun nam, fil src */
    if (n < TL_TAG_LEN + 3 || !memchr(p, ' ', n))
        return NULL;
    for (size_t i = 0; i < before; i++) {
        char key[TL_TAG_LEN + 4];
        memcpy(key, tried[i], TL_TAG_LEN);
        memcpy(key + TL_TAG_LEN, " 0x", 3);
        if (memmem(p, n, key, TL_TAG_LEN + 3))
            return tried[i];
    }
    return NULL;
}

int tl_quoted(tl_check *k, size_t s, size_t *e)
{
    const unsigned char *p = k->p;
    char q[48];
    if (p[s] != '"') {
        size_t end = s;
        while (end < k->n && p[end] != ' ')
            end++;
        tl_report(k, TL_QUOTED, k->at + s, end - s, "a double quote",
                  TG_ENGINE_QUOTED(k->c, TL_QUOTED, p + s, end - s, q));
        return 0;
    }
    const unsigned char *close = memchr(p + s + 1, '"', k->n - s - 1);
    if (close == NULL && k->unended) { /* cut short (T-1) */
        tl_cut(k);
        return 0;
    }
    if (close == NULL) {
        tl_report(k, TL_QUOTED, k->at + s, k->n - s, "a closing double quote",
                  "the end of the line");
        return 0;
    }
    size_t c = (size_t)(close - p);
    if (c + 1 < k->n && p[c + 1] != ' ') {
        tl_report(k, TL_QUOTED, k->at + c, 1,
                  "a closing double quote, then a space or the line end",
                  "a double quote inside the name");
        return 0;
    }
    /* UTF-8 from the name's first byte above 0x7F (TL-A8: a warning) */
    size_t b = k->bit;
    size_t hi =
        tgTextindex_next(k->index.map[TG_TEXTINDEX_HIGH], b + s + 1, b + c) -
        b;
    if (hi < c) {
        size_t bad = tgUnicode_utf8_bad(p + hi, c - hi);
        if (bad != SIZE_MAX)
            tl_report(k, TL_ENC_UTF8, k->at + hi + bad, 1, "UTF-8",
                      "a byte that does not continue or start a character");
    }
    const char *shaped = record_inside(k, p + s + 1, c - s - 1);
    if (shaped) {
        char f[64];
        tl_report(k, TL_RDR_RECORD_TEXT, k->at + s, c + 1 - s,
                  "a name no pattern the readers try first finds a record in",
                  TG_ENGINE_TEXT(k->c, TL_RDR_RECORD_TEXT, f,
                                 "text shaped like a %s record", shaped));
    }
    k->qtn_at = k->at + s;
    k->qtn_len = (uint32_t)(c + 1 - s);
    *e = c + 1;
    if (c + 1 < k->n)
        tl_field_past(k, c + 1);
    else
        k->cur = k->n;
    return 1;
}
