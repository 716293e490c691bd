/* unicode.c - see unicode.h.  ASCII runs are checked a word at a time,
 * since almost every string in a trace is ASCII. */
#include "unicode.h"

#include "tracegate.h"

#include <string.h>

#define ONES  0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

/* The scan of tgUnicode_scan(); with `first_bad`, it returns at the first bad
 * byte (tgUnicode_utf8_bad() wants nothing else, and text that is not UTF-8 at
 * all, random bytes, must cost no more than text that is).  The state is
 * read into locals and written back once: the bytes scanned may alias it
 * (both are unsigned char), so the compiler would store and load it again
 * for every byte. */
static inline tgUnicode_result scan(tgUnicode_state *s, const unsigned char *p,
                                    size_t n, int first_bad)
{
    tgUnicode_result r = {SIZE_MAX, SIZE_MAX};
    unsigned need = s->need, lo = s->lo, hi = s->hi;
    size_t i = 0;
    while (i < n) {
        if (need == 0 && n - i >= 8) {
            uint64_t w;
            memcpy(&w, p + i, 8);
            /* the high bits of the bytes above 0x7F, and of the zero
             * bytes (the lowest exact; borrows may set those above it) */
            uint64_t stop = (w | ((w - ONES) & ~w)) & HIGHS;
            if (stop == 0) { /* eight plain ASCII bytes */
                i += 8;
                continue;
            }
            i += (size_t)__builtin_ctzll(stop) >> 3; /* plain ASCII before */
        }
        unsigned c = p[i];
        if (need) {
            if (c < lo || c > hi) {
                if (r.bad == SIZE_MAX)
                    r.bad = i;
                need = 0; /* resynchronise on this byte */
                if (first_bad)
                    break;
                continue;
            }
            lo = 0x80;
            hi = 0xBF;
            need--;
        } else if (c < 0x80) {
            if (c == 0 && r.nul == SIZE_MAX)
                r.nul = i;
        } else if (c >= 0xC2 && c <= 0xDF) {
            need = 1, lo = 0x80, hi = 0xBF;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            lo = c == 0xE0 ? 0xA0 : 0x80; /* no overlongs   */
            hi = c == 0xED ? 0x9F : 0xBF; /* no surrogates  */
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            lo = c == 0xF0 ? 0x90 : 0x80;
            hi = c == 0xF4 ? 0x8F : 0xBF; /* <= U+10FFFF    */
        } else if (r.bad == SIZE_MAX) {
            r.bad = i;
            if (first_bad)
                break;
        }
        i++;
        /* the continuation bytes that follow, while they are good: the
         * loop's test above takes a bad one */
        while (need && i < n && p[i] >= lo && p[i] <= hi) {
            lo = 0x80;
            hi = 0xBF;
            need--;
            i++;
        }
    }
    s->need = (uint8_t)need;
    s->lo = (uint8_t)lo;
    s->hi = (uint8_t)hi;
    return r;
}

tgUnicode_result tgUnicode_scan(tgUnicode_state *s, const unsigned char *p,
                                size_t n)
{
    return scan(s, p, n, 0);
}

size_t tgUnicode_utf8_bad(const unsigned char *p, size_t n)
{
    /* most text is ASCII: one pass, eight bytes at a time, no state; the
     * last part word is the string's last eight bytes, or four and four
     * (loads that may overlap what was read: no byte loop) */
    uint64_t high = 0, v;
    uint32_t h, t;
    if (n >= 8) {
        for (size_t i = 0; i + 8 <= n; i += 8) {
            memcpy(&v, p + i, 8);
            high |= v;
        }
        memcpy(&v, p + n - 8, 8);
        high |= v;
    } else if (n >= 4) {
        memcpy(&h, p, 4);
        memcpy(&t, p + n - 4, 4);
        high = h | t;
    } else {
        for (size_t i = 0; i < n; i++)
            high |= p[i];
    }
    if (!(high & HIGHS))
        return SIZE_MAX;
    tgUnicode_state st = {0, 0, 0};
    tgUnicode_result r = scan(&st, p, n, 1);
    if (r.bad != SIZE_MAX)
        return r.bad;
    return tgUnicode_incomplete(&st) ? n - 1 : SIZE_MAX;
}

size_t tgUnicode_utf16_bad(const unsigned char *p, size_t units)
{
    for (size_t i = 0; i < units; i++) {
        unsigned u = (unsigned)(p[2 * i] | p[2 * i + 1] << 8);
        if (u < 0xD800 || u > 0xDFFF)
            continue;
        if (u >= 0xDC00) /* a low surrogate with no high one before it */
            return i;
        unsigned next =
            i + 1 < units ? (unsigned)(p[2 * i + 2] | p[2 * i + 3] << 8) : 0;
        if (next < 0xDC00 || next > 0xDFFF)
            return i;
        i++; /* a pair */
    }
    return SIZE_MAX;
}

size_t tgUnicode_utf16_to_utf8(const unsigned char *p, size_t units,
                               unsigned char *out, size_t cap)
{
    size_t w = 0;
    for (size_t i = 0; i < units; i++) {
        uint32_t u = (uint32_t)(p[2 * i] | p[2 * i + 1] << 8);
        if (u >= 0xD800 && u < 0xDC00 && i + 1 < units) {
            uint32_t lo = (uint32_t)(p[2 * i + 2] | p[2 * i + 3] << 8);
            if (lo >= 0xDC00 && lo < 0xE000) { /* a pair */
                if (w + 4 > cap)
                    break;
                u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                out[w++] = (unsigned char)(0xF0 | u >> 18);
                out[w++] = (unsigned char)(0x80 | (u >> 12 & 0x3F));
                out[w++] = (unsigned char)(0x80 | (u >> 6 & 0x3F));
                out[w++] = (unsigned char)(0x80 | (u & 0x3F));
                i++;
                continue;
            }
        }
        if (u >= 0xD800 && u < 0xE000)
            u = 0xFFFD; /* unpaired */
        size_t n = u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
        if (w + n > cap)
            break;
        if (n == 1) {
            out[w++] = (unsigned char)u;
        } else if (n == 2) {
            out[w++] = (unsigned char)(0xC0 | u >> 6);
            out[w++] = (unsigned char)(0x80 | (u & 0x3F));
        } else {
            out[w++] = (unsigned char)(0xE0 | u >> 12);
            out[w++] = (unsigned char)(0x80 | (u >> 6 & 0x3F));
            out[w++] = (unsigned char)(0x80 | (u & 0x3F));
        }
    }
    return w;
}
