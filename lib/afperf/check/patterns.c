/* patterns.c - the text patterns of fields.def and units.def, compiled
 * once per process with PCRE2 (and its JIT where the platform has one).
 * PCRE2 because these are the shapes the table declares, read by people;
 * the hot paths (fields, numbers) stay hand-written. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <pthread.h>

#include "check.h"

static const char *const sources[AF_NPATTERNS] = {
#define AF_FIELD(sym, name, kind, blank, pattern) pattern,
#include "../fields.def"
#undef AF_FIELD
#define AF_UNIT(sym, pattern) pattern,
#include "units.def"
#undef AF_UNIT
};

static pcre2_code *codes[AF_NPATTERNS];
static int ready; /* every pattern compiled */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void compile_all(void)
{
    for (size_t i = 0; i < AF_NPATTERNS; i++) {
        if (sources[i] == NULL)
            continue;
        int err;
        PCRE2_SIZE at;
        codes[i] =
            pcre2_compile((PCRE2_SPTR)sources[i], PCRE2_ZERO_TERMINATED,
                          PCRE2_UTF | PCRE2_NO_UTF_CHECK, &err, &at, NULL);
        if (codes[i] == NULL)
            return; /* out of memory: the checker says so */
        /* without a JIT (or its memory) the interpreter matches */
        (void)pcre2_jit_compile(codes[i], PCRE2_JIT_COMPLETE);
    }
    ready = 1;
}

int af_patterns_ready(void)
{
    pthread_once(&once, compile_all);
    return ready;
}

void *af_match_data(void) { return pcre2_match_data_create(8, NULL); }

void af_match_data_free(void *md) { pcre2_match_data_free(md); }

int af_match(void *md, enum af_pattern which, const unsigned char *p, size_t n,
             size_t *groups, size_t ngroups)
{
    pcre2_match_data *m = md;
    /* PCRE2 checks the subject's UTF-8 itself: a field that is not
     * UTF-8 (AF-ENC-001) matches nothing */
    int r = pcre2_match(codes[which], p, n, 0, 0, m, NULL);
    if (r < 0)
        return 0;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(m);
    for (size_t g = 0; g < ngroups; g++) {
        groups[2 * g] = ov[2 * (g + 1)];
        groups[2 * g + 1] = ov[2 * (g + 1) + 1];
    }
    return 1;
}
