/* numbers.c - numbers as the seed reads them (formats/afperf.md AF-A12,
 * AF-A13): integers in decimal or 0x-hexadecimal digits, and the strtod
 * syntax of the "C" locale.  Hand-written: they run for nearly every
 * field of a large file. */
#include "../../core/bytes.h"
#include "check.h"

static int is_digit(unsigned c) { return c - '0' < 10; }

static int hex_value(unsigned c)
{
    if (c - '0' < 10)
        return (int)(c - '0');
    c |= 0x20;
    return c - 'a' < 6 ? (int)(c - 'a' + 10) : -1;
}

/* 1 to 20 decimal digits without a leading zero (or "0") that fit 64
 * bits: *u and 1, or 0 for the general reader. */
static inline int plain_decimal(const unsigned char *p, size_t n, uint64_t *u)
{
    return !(n > 1 && p[0] == '0') && tgK_decimal(p, n, u);
}

af_intv af_parse_int_long(const unsigned char *p, size_t n)
{
    af_intv v = {0, AF_IV_OK, 0, 0, 0};
    if (n == 0) {
        v.r = AF_IV_BLANK;
        return v;
    }
    size_t i = 0;
    if (p[0] == '-') {
        v.minus = 1;
        i = 1;
    }
    /* af_parse_int() read up to 8 digits already */
    if ((i == 1 || n > 8) && plain_decimal(p + i, n - i, &v.u)) {
        v.r = v.minus ? AF_IV_NEGATIVE : AF_IV_OK;
        return v;
    }
    if (n - i > 2 && p[i] == '0' && (p[i + 1] | 0x20) == 'x') {
        v.hex = 1;
        for (i += 2; i < n; i++) {
            int d = hex_value(p[i]);
            if (d < 0) {
                v.r = AF_IV_SYNTAX;
                return v;
            }
            if (v.u >> 60)
                v.r = AF_IV_RANGE;
            v.u = v.u << 4 | (uint64_t)d;
        }
    } else {
        if (i == n) {
            v.r = AF_IV_SYNTAX;
            return v;
        }
        v.zeros = (uint8_t)(n - i > 1 && p[i] == '0');
        /* what the short path above left: leading zeros, a sign, more
         * than 19 digits, or not digits at all */
        uint64_t u = 0;
        for (; i < n; i++) {
            unsigned d = p[i] - (unsigned)'0';
            if (d > 9) {
                v.r = AF_IV_SYNTAX;
                return v;
            }
            if (__builtin_mul_overflow(u, 10, &u) ||
                __builtin_add_overflow(u, d, &u))
                v.r = AF_IV_RANGE;
        }
        v.u = u;
    }
    if (v.r == AF_IV_OK && v.minus)
        v.r = AF_IV_NEGATIVE;
    return v;
}

static int ascii_lower_is(const unsigned char *p, size_t n, const char *w)
{
    for (size_t i = 0; i < n; i++)
        if ((p[i] | 0x20) != (unsigned char)w[i])
            return 0;
    return 1;
}

static size_t digits(const unsigned char *p, size_t n, int hex)
{
    size_t i = 0;
    while (i < n && (hex ? hex_value(p[i]) >= 0 : is_digit(p[i])))
        i++;
    return i;
}

/* [+-] then: inf, infinity, nan, nan(n-char-seq), a hex float
 * 0x<digits>[.<digits>][p[+-]<digits>] or a decimal float
 * <digits>[.<digits>][e[+-]<digits>] (C99 7.20.1.3). */
size_t af_float_len(const unsigned char *p, size_t n, size_t *lead)
{
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    *lead = i;
    if (i < n && (p[i] == '+' || p[i] == '-'))
        i++;
    size_t left = n - i;
    /* most numbers start with a digit or a dot: the words come after */
    int word = left >= 3 && !is_digit(p[i]) && p[i] != '.';
    if (word && left >= 8 && ascii_lower_is(p + i, 8, "infinity"))
        return i + 8;
    if (word && ascii_lower_is(p + i, 3, "inf"))
        return i + 3;
    if (word && ascii_lower_is(p + i, 3, "nan")) {
        size_t j = i + 3;
        if (j < n && p[j] == '(') {
            size_t k = j + 1;
            while (k < n &&
                   (is_digit(p[k]) || (unsigned)((p[k] | 0x20) - 'a') < 26 ||
                    p[k] == '_'))
                k++;
            if (k < n && p[k] == ')')
                return k + 1;
        }
        return j;
    }
    int hex = left > 2 && p[i] == '0' && (p[i + 1] | 0x20) == 'x';
    size_t j = i + (hex ? 2 : 0);
    size_t whole = digits(p + j, n - j, hex), frac = 0;
    j += whole;
    if (j < n && p[j] == '.') {
        frac = digits(p + j + 1, n - j - 1, hex);
        if (whole || frac)
            j += 1 + frac;
    }
    if (whole == 0 && frac == 0)
        return hex ? i + 1 : 0; /* strtod reads the "0" of "0x" */
    if (j < n && (p[j] | 0x20) == (hex ? 'p' : 'e')) {
        size_t k = j + 1;
        if (k < n && (p[k] == '+' || p[k] == '-'))
            k++;
        size_t e = digits(p + k, n - k, 0);
        if (e)
            j = k + e;
    }
    return j;
}
