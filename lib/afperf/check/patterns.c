/* patterns.c - the text patterns of fields.def and units.def, compiled
 * with PCRE2 (and its JIT where the platform has one) on the first AFPerf
 * check of the process, and kept.  PCRE2 because these are the shapes the
 * table declares, read by people; the hot paths (fields, numbers) stay
 * hand-written.
 *
 * PCRE2 allocates through the library's own malloc and free (a general
 * context), as everything else the library holds does, so a failed
 * allocation is seen (tests/oom-t.c fails each in turn).  A setup that
 * fails frees what it made and leaves none: that check reports the
 * checker's limit, and the next one tries again. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>

#include "../../core/mem.h"
#include "../../core/once.h"
#include "check.h"

static const char *const sources[AF_NPATTERNS] = {
#define AF_FIELD(sym, name, kind, blank, pattern) pattern,
#include "../fields.def"
#undef AF_FIELD
#define AF_UNIT(sym, pattern) pattern,
#include "units.def"
#undef AF_UNIT
};

static pcre2_general_context *general; /* the allocator, while ready */
static pcre2_code *codes[AF_NPATTERNS];
static tgOnce setup = TG_ONCE_INIT;

static void *pattern_alloc(PCRE2_SIZE n, void *data)
{
    (void)data;
    return tgMem_malloc(n);
}

static void pattern_free(void *p, void *data)
{
    (void)data;
    tgMem_free(p);
}

static void release_all(void)
{
    for (size_t i = 0; i < AF_NPATTERNS; i++) {
        pcre2_code_free(codes[i]);
        codes[i] = NULL;
    }
    pcre2_general_context_free(general);
    general = NULL;
}

/* @return 1 with every pattern compiled, or 0 with none (out of
 * memory). */
static int compile_all(void)
{
    general = pcre2_general_context_create(pattern_alloc, pattern_free, NULL);
    pcre2_compile_context *cc =
        general ? pcre2_compile_context_create(general) : NULL;
    int done = cc != NULL;
    for (size_t i = 0; done && i < AF_NPATTERNS; i++) {
        if (sources[i] == NULL)
            continue;
        int err;
        PCRE2_SIZE at;
        codes[i] =
            pcre2_compile((PCRE2_SPTR)sources[i], PCRE2_ZERO_TERMINATED,
                          PCRE2_UTF | PCRE2_NO_UTF_CHECK, &err, &at, cc);
        done = codes[i] != NULL;
        /* without a JIT (or its memory) the interpreter matches */
        if (done)
            (void)pcre2_jit_compile(codes[i], PCRE2_JIT_COMPLETE);
    }
    pcre2_compile_context_free(cc);
    if (!done)
        release_all();
    return done;
}

int af_patterns_ready(void) { return tgOnce_run(&setup, compile_all); }

void *af_match_data(void) { return pcre2_match_data_create(8, general); }

void af_match_data_free(void *md) { pcre2_match_data_free(md); }

int af_match(af_check *k, enum af_pattern which, const unsigned char *p,
             size_t n, size_t *groups, size_t ngroups)
{
    pcre2_match_data *m = k->match;
    /* PCRE2 checks the subject's UTF-8 itself: a field that is not
     * UTF-8 (AF-ENC-001) matches nothing */
    int r = pcre2_match(codes[which], p, n, 0, 0, m, NULL);
    if (r == PCRE2_ERROR_NOMEMORY) {
        /* its backtracking frames: a limit of the checker, which ends
         * the check, never a finding about the field */
        if (!k->no_memory)
            af_report(k, AF_LIMIT_LIVE, k->rec_at, 0, "",
                      "memory for the checker's text patterns", "none");
        k->no_memory = k->stop = 1;
        for (size_t g = 0; g < 2 * ngroups; g++)
            groups[g] = 0;
        return 1;
    }
    if (r < 0)
        return 0;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(m);
    for (size_t g = 0; g < ngroups; g++) {
        groups[2 * g] = ov[2 * (g + 1)];
        groups[2 * g + 1] = ov[2 * (g + 1) + 1];
    }
    return 1;
}
