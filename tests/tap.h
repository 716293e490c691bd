/* tap.h - a minimal TAP producer for the C tests (prove reads it).
 * ok() and friends return whether the check passed, so a test can add
 * diagnostics; exit status is non-zero if any check failed. */
#ifndef TG_TAP_H
#define TG_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long tap_run, tap_failed;

static inline void tap_vline(int pass, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
static inline void tap_vline(int pass, const char *fmt, va_list ap)
{
    printf("%s %lu - ", pass ? "ok" : "not ok", ++tap_run);
    vprintf(fmt, ap);
    putchar('\n');
    if (!pass)
        tap_failed++;
}

static inline int ok(int pass, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static inline int ok(int pass, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tap_vline(pass, fmt, ap);
    va_end(ap);
    return pass;
}

static inline void diag(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
static inline void diag(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("# ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

static inline int is_int(long long got, long long want, const char *what)
{
    int pass = ok(got == want, "%s", what);
    if (!pass)
        diag("  got %lld, want %lld", got, want);
    return pass;
}

static inline int is_str(const char *got, const char *want, const char *what)
{
    int pass = ok(strcmp(got, want) == 0, "%s", what);
    if (!pass)
        diag("  got '%s'\n#  want '%s'", got, want);
    return pass;
}

static inline void bail(const char *why)
{
    printf("Bail out! %s\n", why);
    exit(255);
}

/* Print the plan (at the end) and return the exit status. */
static inline int done_testing(void)
{
    printf("1..%lu\n", tap_run);
    return tap_failed ? 1 : 0;
}

#endif
