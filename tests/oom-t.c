/* oom-t.c - running out of memory is a clean error (STYLE.md 37).
 *
 * This binary is linked with --wrap for malloc, calloc, realloc and free,
 * so every allocation the library makes passes through the counters
 * below.  For each format, on a valid trace of every profile and on one
 * mutant, the check is run again and again, the i-th allocation failing
 * for i = 0, 1, ... until a run makes no allocation that could fail.  Each
 * run must end cleanly: opening refuses with TG_ENOMEM, or the check gives
 * its usual verdict, or it gives "limit" (memory is a limit of the
 * checker, never a finding about the trace).  After the handle is freed
 * nothing the library allocated is left.  Failure: a crash (the test
 * dies), a verdict that is neither, or a leak. */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "checker.h"
#include "tracegate_corpus.h"
#include "wrap.h"

/* ---- counting allocator -------------------------------------------- */

static long fail_at = -1; /* which allocation fails; -1: none   */
static long calls;        /* allocations attempted since reset   */
static long live;         /* blocks allocated and not yet freed  */

static int fails_now(void) { return calls++ == fail_at; }

void *__wrap_malloc(size_t n)
{
    void *p = fails_now() ? NULL : __real_malloc(n);
    live += p != NULL;
    return p;
}

void *__wrap_calloc(size_t k, size_t n)
{
    void *p = fails_now() ? NULL : __real_calloc(k, n);
    live += p != NULL;
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    if (fails_now())
        return NULL; /* p stays allocated, as realloc promises */
    void *q = __real_realloc(p, n);
    live += p == NULL && q != NULL;
    return q;
}

void __wrap_free(void *p)
{
    live -= p != NULL;
    __real_free(p);
}

/* ---- inputs ---------------------------------------------------------- */

typedef struct buf {
    unsigned char *p;
    size_t n;
} buf;

static int append(void *ctx, const void *data, size_t size)
{
    buf *b = ctx;
    unsigned char *q = realloc(b->p, b->n + size);
    if (q == NULL)
        return -1;
    memcpy(q + b->n, data, size);
    b->p = q;
    b->n += size;
    return 0;
}

typedef struct reader {
    const buf *b;
    size_t at;
} reader;

static long read_buf(void *ctx, void *out, size_t cap)
{
    reader *r = ctx;
    size_t n = r->b->n - r->at < cap ? r->b->n - r->at : cap;
    if (n == 0)
        return 0; /* an empty mutant has no buffer at all */
    memcpy(out, r->b->p + r->at, n);
    r->at += n;
    return (long)n;
}

static void ignore(void *ctx, const tg_diag *d)
{
    (void)ctx;
    (void)d;
}

/* ---- the runs ---------------------------------------------------------- */

/* One check of data under (format, profile) by a checker, in memory and
 * then through a read callback, with allocation i failing.  Returns whether some
 * allocation failed (else the loop is over); a bad ending is a test
 * failure. */
static int run(const char *format, const char *profile, const buf *data,
               tg_verdict usual, long i, const char *what)
{
    long before = live;
    calls = 0;
    fail_at = i;

    tg_checker *v = NULL;
    tg_error e = tg_checker_open(&v);
    if (e == TG_OK)
        e = tg_checker_set_format(v, format);
    if (e == TG_OK && profile)
        e = tg_checker_set_profile(v, profile);
    tg_verdict got = usual;
    if (e == TG_OK)
        got = tg_checker_check_buffer(v, data->p, data->n, NULL, NULL, ignore,
                                      NULL);
    tg_checker_free(v);
    int vfailed = calls > i; /* the refused allocation was the first's */

    tg_checker *c = NULL;
    tg_error ce = tg_checker_open(&c);
    if (ce == TG_OK)
        ce = tg_checker_set_format(c, format);
    if (ce == TG_OK && profile)
        ce = tg_checker_set_profile(c, profile);
    tg_verdict cgot = usual;
    if (ce == TG_OK) {
        reader r = {data, 0};
        cgot = tg_checker_check(c, read_buf, &r, NULL, NULL, ignore, NULL);
    }
    tg_checker_free(c);

    int failed = calls > i;
    fail_at = -1;
    /* a refused allocation is never silent: the open says so, or the
     * verdict is "limit" (a check that carried on with less would pass
     * off a checker limit as a verdict about the trace) */
    int cfailed = failed && !vfailed;
    int clean = (e == TG_OK ? got == (vfailed ? TG_LIMIT : usual)
                            : e == TG_ENOMEM && vfailed) &&
                (ce == TG_OK ? cgot == (cfailed ? TG_LIMIT : usual)
                             : ce == TG_ENOMEM && cfailed);
    if (!clean || live != before) {
        ok(0, "%s: allocation %ld fails cleanly", what, i);
        diag("  open %s / %s, verdicts %s / %s (usual %s), %ld blocks left",
             tg_strerror(e), tg_strerror(ce), tg_verdict_name(got),
             tg_verdict_name(cgot), tg_verdict_name(usual), live - before);
        return 0; /* one report per input is enough */
    }
    return failed;
}

/* Every allocation of checking data fails once, in turn: 1 if each ended
 * cleanly (a failure is reported by run()). */
static int every_failure(const char *format, const char *profile,
                         const buf *data, tg_verdict usual, const char *what)
{
    long i = 0;
    while (run(format, profile, data, usual, i, what))
        i++;
    return i > 0 && calls <= i;
}

static tg_verdict usual_verdict(const char *format, const char *profile,
                                const buf *data)
{
    tg_checker *v = tgTest_checker(format);
    if (v == NULL || (profile && tg_checker_set_profile(v, profile) != TG_OK))
        bail("no checker");
    tg_verdict got =
        tg_checker_check_buffer(v, data->p, data->n, NULL, NULL, ignore, NULL);
    tg_checker_free(v);
    return got;
}

/* AFPerf's text patterns are compiled on the process's first AFPerf
 * check, with PCRE2 allocating through the library's malloc: each of
 * that check's allocations failing in turn, before any check has
 * compiled them, gives "limit" and leaves nothing behind, and the next
 * check tries anew, until one is conformant (a failed allocation of the
 * JIT is not a failure: the interpreter matches).  The first check that succeeds allocates more
 * than the next (what it compiled, and keeps), so PCRE2's allocations
 * were among those failed. */
static void afperf_pattern_setup(void)
{
    buf data = {NULL, 0};
    if (tg_generate("afperf", NULL, 1, 0, append, &data) != TG_OK)
        bail("tg_generate failed");
    long i = 0, bad = 0, first = 0;
    for (;; i++) {
        long before = live;
        calls = 0;
        fail_at = i;
        tg_checker *v = tgTest_checker("afperf");
        tg_verdict got = TG_LIMIT;
        if (v != NULL)
            got = tg_checker_check_buffer(v, data.p, data.n, NULL, NULL,
                                          ignore, NULL);
        tg_checker_free(v);
        fail_at = -1;
        if (got == TG_CONFORMANT) { /* compiled (a JIT may fail: the
                                        interpreter matches), and kept */
            first = calls;
            break;
        }
        bad += got != TG_LIMIT || live != before || calls <= i;
    }
    calls = 0;
    tg_checker *v = tgTest_checker("afperf");
    tg_verdict again =
        tg_checker_check_buffer(v, data.p, data.n, NULL, NULL, ignore, NULL);
    tg_checker_free(v);
    is_int(bad, 0,
           "AFPerf's pattern setup: each of its first check's allocations "
           "failing in turn gives 'limit' and leaves nothing, and then it "
           "compiles");
    ok(again == TG_CONFORMANT && first > calls + 20,
       "the first check allocated %ld times, the next %ld: PCRE2's "
       "allocations pass through the library's malloc",
       first, calls);
    free(data.p);
}

int main(void)
{
    afperf_pattern_setup();
    for (size_t f = 0; f < tg_format_count(); f++) {
        const tg_format_info *info = tg_format_at(f);
        char what[160];
        for (size_t p = 0; info->profiles[p]; p++) {
            buf data = {NULL, 0};
            if (tg_generate(info->name, info->profiles[p], 1, 0, append,
                            &data) != TG_OK)
                bail("tg_generate failed");
            tg_verdict usual =
                usual_verdict(info->name, info->profiles[p], &data);
            is_int(usual, TG_CONFORMANT, "the valid trace is conformant");
            snprintf(what, sizeof what, "%s, valid %s trace", info->name,
                     info->profiles[p]);
            ok(every_failure(info->name, info->profiles[p], &data, usual,
                             what),
               "%s: every allocation fails cleanly", what);
            free(data.p);
        }

        /* every rule's first mutant: findings are made and reported while
         * memory runs out, at every place a mutation can reach */
        int mutants = 0, clean = 0;
        for (size_t k = 0; k < tg_rule_count(info->name); k++) {
            const tg_rule *r = tg_rule_at(info->name, k);
            buf data = {NULL, 0};
            tg_mutant m = {.size = sizeof m};
            if (tg_mutate(info->name, tg_rule_id(r), 0, 1, append, &data,
                          &m) == TG_OK) {
                snprintf(what, sizeof what, "%s, mutant of %s", info->name,
                         tg_rule_id(r));
                mutants++;
                clean += every_failure(
                    info->name, m.profile, &data,
                    usual_verdict(info->name, m.profile, &data), what);
            }
            free(data.p);
        }
        ok(mutants > 0 && clean == mutants,
           "%s: every allocation fails cleanly in %d of %d mutants",
           info->name, clean, mutants);
    }
    return done_testing();
}
