/* allocator-t.c - every block the library allocates comes from the
 * allocator tg_set_allocator() names (tracegate.h), PCRE2's included.
 *
 * This binary is linked with --wrap for malloc, calloc, realloc and free,
 * as oom-t is: a call of any of them from the library's code lands in
 * the counters below.  The allocator set here takes its blocks from the
 * C library directly (__real_malloc), so with it in place the wrapped
 * counters must stay at 0 while every format generates, mutates, checks
 * with the format given and detected, cuts into pieces and lays out, and
 * the allocator's own counts must be more than 0, with nothing left when
 * the handles are freed but AFPerf's patterns, which the process keeps.
 * A size too small or a function missing is refused; once the library
 * has allocated, a new allocator is refused (TG_ELATE).  Failure: any
 * call past the allocator, a block left, a wrong answer. */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "checker.h"
#include "tracegate_corpus.h"
#include "wrap.h"

static long past; /* calls that went past the allocator */

void *__wrap_malloc(size_t n)
{
    past++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t k, size_t n)
{
    past++;
    void *p = __real_malloc(k * n);
    if (p)
        memset(p, 0, k * n);
    return p;
}

void *__wrap_realloc(void *p, size_t n)
{
    past++;
    return __real_realloc(p, n);
}

void __wrap_free(void *p)
{
    past += p != NULL;
    __real_free(p);
}

/* ---- the allocator set ------------------------------------------------ */

typedef struct counts {
    long blocks, live;
} counts;

static void *own_malloc(void *ctx, size_t n)
{
    counts *c = ctx;
    c->blocks++;
    c->live++;
    return __real_malloc(n);
}

static void *own_realloc(void *ctx, void *p, size_t n)
{
    counts *c = ctx;
    void *q = __real_realloc(p, n);
    c->blocks++;
    c->live += p == NULL && q != NULL;
    return q;
}

static void own_free(void *ctx, void *p)
{
    counts *c = ctx;
    c->live--;
    __real_free(p);
}

/* ---- what the library does with it ------------------------------------ */

/* Output into a fixed buffer: the test itself allocates nothing. */
static unsigned char made[1 << 21], out[1 << 22];
static size_t made_n;

static int keep(void *ctx, const void *p, size_t n)
{
    (void)ctx;
    if (n > sizeof made - made_n)
        return -1;
    memcpy(made + made_n, p, n);
    made_n += n;
    return 0;
}

static void ignore(void *ctx, const tg_diag *d)
{
    (void)ctx;
    (void)d;
}

/* One check of made[] with its format given, one with it detected:
 * @return how many were conformant. */
static int check_made(const char *format, const char *profile)
{
    int conformant = 0;
    tg_checker *v = tgTest_checker(format);
    if (v && (!profile || tg_checker_set_profile(v, profile) == TG_OK))
        conformant += tg_checker_check_buffer(v, made, made_n, NULL, NULL,
                                              ignore, NULL) == TG_CONFORMANT;
    tg_checker_free(v);
    tg_checker *k = NULL;
    if (tg_checker_open(&k) == TG_OK) {
        conformant += tg_checker_check_buffer(k, made, made_n, NULL, NULL,
                                              ignore, NULL) == TG_CONFORMANT;
    }
    tg_checker_free(k);
    return conformant;
}

int main(void)
{
    counts c = {0, 0};
    tg_allocator small = {sizeof small - 1, own_malloc, own_realloc, own_free,
                          &c};
    tg_allocator missing = {sizeof missing, own_malloc, NULL, own_free, &c};
    tg_allocator own = {sizeof own, own_malloc, own_realloc, own_free, &c};
    is_int(tg_set_allocator(&small), TG_EVALUE, "a size too small: refused");
    is_int(tg_set_allocator(&missing), TG_EVALUE,
           "a function missing: refused");
    is_int(tg_set_allocator(&own), TG_OK, "an allocator set before use");

    long kept = -1; /* AFPerf's patterns, once compiled */
    int conformant = 0, checks = 0, mutants = 0, relayouts = 0;
    for (size_t f = 0; f < tg_format_count(); f++) {
        const tg_format_info *fi = tg_format_at(f);
        for (size_t p = 0; fi->profiles[p]; p++) {
            made_n = 0;
            if (tg_generate(fi->name, fi->profiles[p], 3, 0, keep, NULL) !=
                TG_OK)
                bail("tg_generate");
            conformant += check_made(fi->name, fi->profiles[p]);
            checks += 2;
            size_t at[64];
            tg_format_pieces(fi->name, made, made_n, at, 64);
            relayouts +=
                tg_format_relayout(fi->name, made, made_n, 1, SIZE_MAX, out,
                                   sizeof out, NULL) > 0;
            if (kept < 0 && strcmp(fi->name, "afperf") == 0)
                kept = c.live;
        }
        for (size_t r = 0; r < tg_rule_count(fi->name) && r < 40; r++) {
            tg_mutant m = {.size = sizeof m};
            made_n = 0;
            if (tg_mutate(fi->name, tg_rule_id(tg_rule_at(fi->name, r)), 0, 3,
                          keep, NULL, &m) != TG_OK)
                continue;
            mutants++;
            check_made(fi->name, NULL);
        }
    }
    is_int(past, 0,
           "no call of malloc, calloc, realloc or free past the allocator");
    ok(c.blocks > 1000 && conformant == checks && mutants > 100 &&
           relayouts > 0,
       "%ld blocks from it: %d checks of valid traces, all conformant, %d "
       "mutants checked, %d relayout",
       c.blocks, checks, mutants, relayouts);
    ok(kept > 0 && c.live == kept,
       "%ld blocks left, AFPerf's patterns (%ld after its first check)",
       c.live, kept);
    is_int(tg_set_allocator(NULL), TG_ELATE,
           "once the library has allocated, the allocator stays");
    return done_testing();
}
