/* afnumbers-t.c - the AFPerf integer reader (eight digits at a time),
 * and the int32 and int64 value check, against a plain digit-by-digit
 * model: random strings of 1 to 22 bytes, mostly digits with signs,
 * blanks, letters, the bytes next to the digits and bytes that carry
 * mixed in, each in a buffer of its own size (no byte past it may be
 * read), give the same verdict (syntax, range, negative, ok), the same
 * value and the same fit; and the float syntax takes what strtod takes
 * on a fixed list; af_strtod() says ERANGE where glibc's strtod does (what
 * Artificer's std::stod throws on), on any libc: a fixed list, each also
 * checked against this machine's strtod when it is glibc's; what the
 * value shortcut af_value_plain() passes, the full value tests pass; and
 * the decimal numbers with a short exponent that af_art_misread() takes
 * to be in range without strtod are, as glibc says.  Failure: any
 * disagreement. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afperf/check/check.h"
#include "core/bytes.h"
#include "tap.h"

/* The model: decimal only (hex has its own loop). */
static enum af_int model(const char *b, int n, uint64_t *value)
{
    int i = b[0] == '-';
    if (i == n)
        return AF_IV_SYNTAX;
    unsigned __int128 u = 0;
    for (; i < n; i++) {
        if (b[i] < '0' || b[i] > '9')
            return AF_IV_SYNTAX;
        u = u * 10 + (unsigned)(b[i] - '0');
        if (u > UINT64_MAX)
            u = (unsigned __int128)UINT64_MAX + 1; /* stays above */
    }
    if (u > UINT64_MAX)
        return AF_IV_RANGE;
    *value = (uint64_t)u;
    return b[0] == '-' ? AF_IV_NEGATIVE : AF_IV_OK;
}

int main(void)
{
    tgBytes_rng rng = {42};
    char b[32];
    long tried = 0, bad = 0, bad_fit = 0;
    for (int t = 0; t < 1000000; t++) {
        int n = 1 + (int)tgBytes_below(&rng, 22);
        for (int i = 0; i < n; i++)
            b[i] = tgBytes_below(&rng, 60) == 0
                       ? "x-+ 0/:\xff\xfa"[tgBytes_below(&rng, 9)]
                       : (char)('0' + tgBytes_below(&rng, 10));
        int s = b[0] == '-';
        if (n - s > 2 && b[s] == '0' && (b[s + 1] | 0x20) == 'x')
            continue;
        uint64_t want = 0;
        enum af_int r = model(b, n, &want);
        /* a copy of exactly n bytes: a look past it is an error under
         * the sanitizers */
        unsigned char *exact = malloc((size_t)n);
        memcpy(exact, b, (size_t)n);
        af_intv got = af_parse_int(exact, (size_t)n);
        /* and as a value of datatype int32 and int64 (T-5): one that
         * reads and fits, white space around it aside (T-10) */
        int lo = 0, hi = n;
        while (lo < hi && b[lo] == ' ')
            lo++;
        while (hi > lo && b[hi - 1] == ' ')
            hi--;
        uint64_t trimmed = 0;
        enum af_int tr =
            lo < hi ? model(b + lo, hi - lo, &trimmed) : AF_IV_SYNTAX;
        for (int dt = AF_DT_INT32; dt <= AF_DT_INT64; dt++) {
            uint64_t top = dt == AF_DT_INT64 ? INT64_MAX : INT32_MAX;
            int fits = (tr == AF_IV_OK && trimmed <= top) ||
                       (tr == AF_IV_NEGATIVE && trimmed <= top + 1);
            if (af_value_is(exact, (size_t)n, dt) != fits && bad_fit++ < 3)
                diag("%.*s as %s: %d", n, b, af_datatypes[dt], !fits);
        }
        free(exact);
        tried++;
        if (got.r != r ||
            ((r == AF_IV_OK || r == AF_IV_NEGATIVE) && got.u != want)) {
            if (bad++ < 3)
                diag("%.*s: got %d %llu, want %d %llu", n, b, (int)got.r,
                     (unsigned long long)got.u, (int)r,
                     (unsigned long long)want);
        }
    }
    ok(bad == 0, "%ld random integers read as the model reads them", tried);
    ok(bad_fit == 0, "and typed int32 and int64 as the model types them");
    ok(af_parse_int((const unsigned char *)"18446744073709551615", 20).u ==
           UINT64_MAX,
       "2^64-1 is read whole");
    is_int(af_parse_int((const unsigned char *)"18446744073709551616", 20).r,
           AF_IV_RANGE, "2^64 is out of range");

    /* strtod's syntax: the length af_float_len() takes */
    static const struct {
        const char *text;
        size_t len;
    } floats[] = {
        {"1.5", 3},      {"1.5x", 3},  {"-0.25", 5},    {"1e3", 3},
        {"1e", 1},       {"1E-3", 4},  {".5", 2},       {"5.", 2},
        {".", 0},        {"inf", 3},   {"INFINITY", 8}, {"nan", 3},
        {"nan(0x1)", 8}, {"0x1p3", 5}, {"0x", 1},       {"0x.8", 4},
        {"+7", 2},       {"-", 0},     {"abc", 0},      {"1.5e+", 3}};
    int fine = 1;
    for (size_t i = 0; i < sizeof floats / sizeof floats[0]; i++) {
        size_t n = strlen(floats[i].text);
        size_t got = af_float_len((const unsigned char *)floats[i].text, n);
        char *end;
        (void)strtod(floats[i].text, &end);
        if (got != floats[i].len || got != (size_t)(end - floats[i].text)) {
            fine = 0;
            diag("%s: took %zu, want %zu (strtod %zu)", floats[i].text, got,
                 floats[i].len, (size_t)(end - floats[i].text));
        }
    }
    ok(fine, "the float syntax takes what strtod takes");

    /* ERANGE: past the doubles, or below the normal ones and not exact */
    static char exact_min[1200]; /* 2^-1074, every digit */
    snprintf(exact_min, sizeof exact_min, "%.1100f", 0x1p-1074);
    static char near_min[1200]; /* ... with its last digit changed */
    snprintf(near_min, sizeof near_min, "%s", exact_min);
    near_min[strlen(near_min) - 1] =
        (char)(near_min[strlen(near_min) - 1] == '9' ? '8' : '9');
    static const struct {
        const char *text;
        int range;
    } ranges[] = {{"1.5", 0},
                  {"1e308", 0},
                  {"1e309", 1},
                  {"-1e309", 1},
                  {"inf", 0},
                  {"-INFINITY", 0},
                  {"nan", 0},
                  {"0", 0},
                  {"0e-999", 0},
                  {"0.000e+5", 0},
                  {"1e-400", 1},
                  {"4.9e-324", 1},
                  {"2.2250738585072014e-308", 0}, /* DBL_MIN: normal */
                  {"2.2250738585072011e-308", 1}, /* just below: rounds */
                  {"0x1p-1074", 0},   /* the least subnormal, exactly */
                  {"0x1.8p-1073", 0}, /* 3 x 2^-1074, exactly */
                  {"0x1.8p-1074", 1}, /* 1.5 x 2^-1074: rounds */
                  {"0x1p-1075", 1},   /* half the least: rounds to 0 */
                  {"0x1p-1022", 0},
                  {"0x1.0000000000001p-1023", 1},
                  {"0x10000000000000p-1126", 0}};
    int agree = 1;
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0] + 2; i++) {
        const char *text = i < sizeof ranges / sizeof ranges[0]
                               ? ranges[i].text
                           : i == sizeof ranges / sizeof ranges[0] ? exact_min
                                                                   : near_min;
        int want = i < sizeof ranges / sizeof ranges[0]
                       ? ranges[i].range
                       : i != sizeof ranges / sizeof ranges[0];
        double d;
        int range;
        af_strtod((const unsigned char *)text, strlen(text), &d, &range);
        errno = 0;
        (void)strtod(text, NULL);
#ifdef __GLIBC__
        int glibc = errno == ERANGE;
#else
        int glibc = want;
#endif
        if (range != want || glibc != want) {
            agree = 0;
            diag("%.40s: range %d, want %d (glibc %d)", text, range, want,
                 glibc);
        }
    }
    ok(agree, "ERANGE as glibc says it: overflow, underflow to 0 or to an "
              "inexact subnormal; the least subnormal written out exactly "
              "is in range, one digit off is not");
#ifdef __GLIBC__
    /* and on decimal numbers near the edges, drawn at random: the same
     * as this machine's glibc (hexadecimal ones are left out: glibc 2.36
     * misses some inexact subnormals there, spec/afperf.md, row A24) */
    uint64_t seed = 42;
    int same = 1;
    for (int i = 0; i < 20000 && same; i++) {
        char text[64];
        uint64_t r = tg_random(&seed);
        int digits = 1 + (int)(r % 17);
        uint64_t m = tg_random(&seed) % 100000000000000000ull;
        snprintf(text, sizeof text, "%.*llue%d", digits, (unsigned long long)m,
                 (r >> 41 & 1 ? 290 : -340) + (int)(r >> 20 & 63));
        double d;
        int range;
        af_strtod((const unsigned char *)text, strlen(text), &d, &range);
        errno = 0;
        (void)strtod(text, NULL);
        if (range != (errno == ERANGE)) {
            same = 0;
            diag("%s: range %d, glibc %d", text, range, errno == ERANGE);
        }
    }
    ok(same, "20000 decimal numbers at the edges of the doubles: ERANGE as "
             "glibc");
#endif

    /* af_value_plain(), the shortcut before the full value tests: what it
     * passes, the full tests pass, for every datatype, with Artificer
     * modelled and not; random texts of digits, signs, dots, exponents,
     * blanks and letters, and long digit runs near the 15-digit edge,
     * each in a buffer of its own size */
    long passed = 0, wrong = 0;
    for (int t = 0; t < 300000; t++) {
        int n = 1 + (int)tgBytes_below(&rng, 18);
        for (int i = 0; i < n; i++)
            b[i] = tgBytes_below(&rng, 4) == 0
                       ? "-.e +x0\t"[tgBytes_below(&rng, 8)]
                       : (char)('0' + tgBytes_below(&rng, 10));
        unsigned char *exact = malloc((size_t)n);
        memcpy(exact, b, (size_t)n);
        for (int dt = AF_DT_NONE + 1; dt < AF_NDATATYPES; dt++)
            for (int art = 0; art <= 1; art++) {
                if (!af_value_plain(art, exact, (size_t)n, dt))
                    continue;
                passed++;
                const unsigned char *q = exact;
                size_t qn = (size_t)n;
                int numeric = dt != AF_DT_STRING && dt != AF_DT_ENUM;
                int nothing = af_value_is(exact, (size_t)n, dt) &&
                              !(numeric && af_trim(&q, &qn) && qn > 0) &&
                              !(art && af_art_misread(exact, (size_t)n, dt));
                if (!nothing && wrong++ < 3)
                    diag("%.*s as %s%s: plain, but not fine", n, b,
                         af_datatypes[dt], art ? " (artificer)" : "");
            }
        free(exact);
    }
    ok(wrong == 0 && passed > 100000,
       "a value af_value_plain() passes has nothing to say (%ld passed)",
       passed);
    static const struct {
        const char *text;
        int dt, plain;
    } plain[] = {
        {"0", AF_DT_BOOL, 1},
        {"1", AF_DT_BOOL, 1},
        {"10", AF_DT_BOOL, 0},
        {"-1", AF_DT_BOOL, 0},
        {"123456789", AF_DT_INT32, 1},
        {"1234567890", AF_DT_INT32, 0},
        {"-123456789012345", AF_DT_INT64, 1},
        {"1234567890123456", AF_DT_INT64, 0},
        {"01", AF_DT_INT64, 0},
        {"-12.5", AF_DT_DOUBLE, 1},
        {"12", AF_DT_DOUBLE, 1},
        {"1.", AF_DT_DOUBLE, 0},
        {".5", AF_DT_DOUBLE, 0},
        {"1e3", AF_DT_DOUBLE, 0},
        {"rack 3, slot 2", AF_DT_STRING, 1},
    };
    int as_listed = 1;
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        if (af_value_plain(0, (const unsigned char *)plain[i].text,
                           strlen(plain[i].text),
                           plain[i].dt) != plain[i].plain) {
            as_listed = 0;
            diag("%s as %s: not %d", plain[i].text, af_datatypes[plain[i].dt],
                 plain[i].plain);
        }
    ok(as_listed, "af_value_plain() on a fixed list");
    ok(!af_value_plain(1, (const unsigned char *)"x", 1, AF_DT_STRING),
       "a string under artificer-compat is left to the full tests");

    /* Artificer's stod on decimal numbers with an exponent of one or two
     * digits, which af_art_misread() takes to be in range without
     * strtod: 1 to 98 digits around a dot, the digits after the first
     * mostly nines or zeros (the edges), exponents -99 to 99 */
    uint64_t draw = 7;
    int misread = 0;
    for (int i = 0; i < 20000; i++) {
        char text[128];
        size_t len = 0;
        uint64_t r = tg_random(&draw);
        if (r & 1)
            text[len++] = r >> 1 & 1 ? '-' : '+';
        size_t digits = 1 + (size_t)(r >> 2) % 90, dot = (size_t)(r >> 9) % 95;
        for (size_t d = 0; d < digits; d++) {
            if (d == dot)
                text[len++] = '.';
            uint64_t c = tg_random(&draw);
            text[len++] =
                (char)(d == 0 || c % 8 == 0 ? '0' + (int)((c >> 3) % 10)
                       : c % 8 < 5          ? '9'
                                            : '0');
        }
        int exponent = (int)((r >> 16) % 199) - 99;
        len += (size_t)snprintf(text + len, sizeof text - len,
                                r >> 32 & 1 ? "e%+d" : "E%d", exponent);
        if (af_art_misread((const unsigned char *)text, len, AF_DT_DOUBLE) &&
            misread++ < 3)
            diag("%s: said to be misread", text);
#ifdef __GLIBC__
        errno = 0;
        (void)strtod(text, NULL);
        if (errno == ERANGE && misread++ < 3)
            diag("%s: ERANGE from glibc", text);
#endif
    }
    ok(misread == 0, "20000 decimal numbers with a short exponent: stod "
                     "reads them in range");
    ok(af_art_misread((const unsigned char *)"1e999", 5, AF_DT_DOUBLE) &&
           af_art_misread((const unsigned char *)"1e-999", 6, AF_DT_DOUBLE) &&
           !af_art_misread((const unsigned char *)" 9.5E-99", 8, AF_DT_DOUBLE),
       "a third exponent digit is strtod's to judge");
    return done_testing();
}
