/* numbers.c - numbers as the seed reads them (spec/afperf.md AF-A12,
 * AF-A13): integers in decimal or 0x-hexadecimal digits, and the strtod
 * syntax of the "C" locale.  Hand-written: they run for nearly every
 * field of a large file. */
#define _GNU_SOURCE /* strtod_l */
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/bytes.h"
#include "../../core/once.h"
#include "check.h"
#include "../../core/mem.h"

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
    return !(n > 1 && p[0] == '0') && tgDigits_decimal(p, n, u);
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
size_t af_float_len(const unsigned char *p, size_t n)
{
    size_t i = 0;
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

/* The "C" locale, made on the first number read and kept: strtod's
 * decimal point is the locale's, and the application that embeds the
 * library may have set another.  Without it (newlocale() failed) no
 * number is read, and the next one tries again. */
static locale_t c_locale;
static tgOnce c_locale_once = TG_ONCE_INIT;
static int c_locale_make(void)
{
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    return c_locale != (locale_t)0;
}

/* ---- ERANGE, as glibc's strtod says it ----------------------------------
 * Artificer's std::stod throws when strtod sets ERANGE, and its strtod is
 * glibc's: ERANGE for a value past the doubles (an infinity the text does
 * not spell), and for one below the normal doubles that the double does
 * not hold exactly (it underflows to 0, or to a subnormal it rounds to).
 * C libraries differ on the second (musl sets ERANGE only when the value
 * becomes 0), so it is worked out here from the text and the double, and
 * a finding never depends on the libc tracegate was built with. */

/* The significant digits of a number's text: without leading and
 * trailing zeros, and the exponent of the last one. */
typedef struct sig_digits {
    char *d; /* the first `cap` of them, as their values       */
    size_t cap;
    size_t n;    /* how many there are in all                     */
    long last;   /* the exponent of the last one, base 10 or 2    */
    int hex;     /* 0x: `last` is a power of two of the last digit */
    int special; /* inf or nan                                    */
} sig_digits;

/* The significant digits of s into g, the first cap of them into d. */
static void significant(const char *s, sig_digits *g, char *d, size_t cap)
{
    memset(g, 0, sizeof *g);
    g->d = d;
    g->cap = cap;
    while (af_space((unsigned char)*s))
        s++;
    if (*s == '+' || *s == '-')
        s++;
    if ((s[0] | 0x20) == 'i' || (s[0] | 0x20) == 'n') {
        g->special = 1;
        return;
    }
    g->hex = s[0] == '0' && (s[1] | 0x20) == 'x';
    if (g->hex)
        s += 2;
    /* the place of the last nonzero digit: digits before the point, less
     * one, less its index among all the digits */
    long index = -1, whole = -1, last_index = 0;
    size_t zeros = 0; /* zeros seen after the last nonzero digit */
    for (;; s++) {
        int v = *s == '.'                     ? -2
                : g->hex                      ? hex_value((unsigned char)*s)
                : is_digit((unsigned char)*s) ? *s - '0'
                                              : -1;
        if (v == -1)
            break;
        if (v == -2) {
            whole = index + 1;
            continue;
        }
        index++;
        if (v == 0) {
            zeros += g->n > 0;
            continue;
        }
        for (; zeros > 0; zeros--, g->n++)
            if (g->n < g->cap)
                g->d[g->n] = 0;
        if (g->n < g->cap)
            g->d[g->n] = (char)v;
        g->n++;
        last_index = index;
    }
    if (whole < 0)
        whole = index + 1;
    long place = whole - 1 - last_index;
    long exp = 0;
    if ((*s | 0x20) == (g->hex ? 'p' : 'e')) {
        int neg = s[1] == '-';
        s += 1 + (s[1] == '-' || s[1] == '+');
        /* past any double's range either way: capped, never overflowed */
        for (; is_digit((unsigned char)*s); s++)
            if (exp < 100000)
                exp = exp * 10 + (*s - '0');
        exp = neg ? -exp : exp;
    }
    g->last = g->hex ? exp + 4 * place : exp + place;
}

/* Whether a subnormal d is exactly the number whose digits are g. */
static int subnormal_exact(const sig_digits *g)
{
    if (g->hex) {
        /* exact when its bits fit the 53 of a double and its lowest is
         * no finer than 2^-1074 (then strtod gave exactly it) */
        if (g->n > 14)
            return 0;
        uint64_t h = 0;
        for (size_t i = 0; i < g->n; i++)
            h = h << 4 | (uint64_t)g->d[i];
        int low = __builtin_ctzll(h);
        return g->last + low >= -1074 && 64 - __builtin_clzll(h) - low <= 53;
    }
    /* a subnormal's exact decimal digits go on to 10^-1023 at least (it
     * is k x 2^-1074, k < 2^52): a shorter text cannot be exact; a longer
     * one is compared with them (-1) */
    return g->last > -1023 ? 0 : -1;
}

static int glibc_erange(const char *text, double d)
{
    char first[16];
    sig_digits g;
    significant(text, &g, first, sizeof first);
    if (g.special)
        return 0;
    if (isinf(d))
        return 1;
    if (d == 0)
        return g.n > 0; /* a nonzero number underflowed */
    if (fabs(d) >= DBL_MIN)
        return 0;
    int exact = subnormal_exact(&g);
    if (exact >= 0)
        return !exact;
    /* a decimal text long enough to be exact: all its digits against
     * the double's exact expansion (printf prints one exactly; 1100
     * places hold a subnormal's every digit) */
    char full[1200], mine[sizeof full], *theirs = tgMem_malloc(g.n);
    if (theirs == NULL)
        return 1; /* cannot tell: said as glibc says an inexact one */
    sig_digits e;
    snprintf(full, sizeof full, "%.1100f", fabs(d));
    significant(full, &e, mine, sizeof mine);
    significant(text, &g, theirs, g.n);
    int differ = e.n != g.n || e.last != g.last || memcmp(mine, theirs, g.n);
    tgMem_free(theirs);
    return differ;
}

int af_strtod(const unsigned char *p, size_t n, double *d, int *range)
{
    char small[128];
    /* strtod reads a NUL-terminated copy; a number longer than most is
     * copied to the heap (it is in the window already: within
     * --max-block) */
    if (!tgOnce_run(&c_locale_once, c_locale_make))
        return 0;
    char *text = n < sizeof small ? small : tgMem_malloc(n + 1);
    if (text == NULL)
        return 0;
    memcpy(text, p, n);
    text[n] = '\0';
    *d = strtod_l(text, NULL, c_locale);
    *range = glibc_erange(text, *d);
    if (text != small)
        tgMem_free(text);
    return 1;
}

/* ---- the start of a number (decision T-1) ----------------------------- */

/* Past the white space strtoll and strtod skip. */
static size_t skip_space(const unsigned char *p, size_t n)
{
    size_t i = 0;
    while (i < n && af_space(p[i]))
        i++;
    return i;
}

int af_int_start(const unsigned char *p, size_t n, int sign)
{
    size_t i = skip_space(p, n);
    if (sign && i < n && p[i] == '-')
        i++;
    /* nothing yet, or 0x without its digits */
    return i == n || (n - i == 2 && p[i] == '0' && (p[i + 1] | 0x20) == 'x');
}

int af_float_start(const unsigned char *p, size_t n)
{
    size_t i = skip_space(p, n);
    if (i < n && (p[i] == '+' || p[i] == '-'))
        i++;
    if (i == n)
        return 1;
    if ((p[i] | 0x20) == 'i' || (p[i] | 0x20) == 'n') {
        static const char *const words[] = {"infinity", "nan"};
        for (size_t w = 0; w < 2; w++) {
            size_t len = strlen(words[w]), m = n - i < len ? n - i : len;
            if (!ascii_lower_is(p + i, m, words[w]))
                continue;
            if (i + m == n) /* the word cut short, or whole */
                return 1;
            if (w == 1 && p[i + m] == '(') { /* nan( and no ')' yet */
                size_t j = i + m + 1;
                while (j < n &&
                       (is_digit(p[j]) ||
                        (unsigned)((p[j] | 0x20) - 'a') < 26 || p[j] == '_'))
                    j++;
                return j == n;
            }
        }
        return 0;
    }
    int hex = n - i >= 2 && p[i] == '0' && (p[i + 1] | 0x20) == 'x';
    if (hex)
        i += 2;
    size_t whole = digits(p + i, n - i, hex), frac = 0;
    i += whole;
    if (i < n && p[i] == '.') {
        frac = digits(p + i + 1, n - i - 1, hex);
        i += 1 + frac;
    }
    if (i == n)
        return 1;
    /* an exponent needs a number before it */
    if ((whole || frac) && (p[i] | 0x20) == (hex ? 'p' : 'e')) {
        i++;
        if (i < n && (p[i] == '+' || p[i] == '-'))
            i++;
        return i + digits(p + i, n - i, 0) == n;
    }
    return 0;
}

int af_value_start(const unsigned char *p, size_t n, int dt)
{
    switch (dt) {
    case AF_DT_DOUBLE: return af_float_start(p, n);
    case AF_DT_INT32:
    case AF_DT_INT64: return af_int_start(p, n, 1);
    case AF_DT_BOOL: /* a start of 0 or 1 is all of it: white space alone */
        return skip_space(p, n) == n;
    default: return 0; /* any text is a string or enum */
    }
}

int af_tags_start(const unsigned char *p, size_t n)
{
    /* name=value items joined by ';', the last one cut before its '=' */
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && p[i] != ';')
            continue;
        const unsigned char *eq = memchr(p + start, '=', i - start);
        if (i == n) /* the last item: a name, or nothing, so far */
            return eq == NULL;
        if (eq == NULL || eq == p + start)
            return 0;
        start = i + 1;
    }
    return 1;
}
