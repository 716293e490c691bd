/* structured.h - structure-aware inputs for the fuzzers, built on the
 * generator and the rules' mutations: a new trace of a format, either a
 * random rule's mutant (one of its first four variants) or a valid trace,
 * plain or hostile, of a random profile.  One piece of code for every
 * engine: libFuzzer's LLVMFuzzerCustomMutator (format_fuzz.h) and AFL++'s
 * custom mutator library (afl_mutator.c). */
#ifndef TG_FUZZ_STRUCTURED_H
#define TG_FUZZ_STRUCTURED_H

#include <string.h>

#include "fuzz_helpers.h"

typedef struct fuzz_out {
    uint8_t *p;
    size_t n, max;
} fuzz_out;

static inline int fuzz_put(void *ctx, const void *p, size_t n)
{
    fuzz_out *o = ctx;
    if (n > o->max - o->n)
        return -1; /* too long for the engine: give up on it */
    memcpy(o->p + o->n, p, n);
    o->n += n;
    return 0;
}

static inline const tg_format_info *fuzz_info(const char *format)
{
    const tg_format_info *info = NULL;
    for (size_t i = 0; i < tg_format_count(); i++)
        if (strcmp(tg_format_at(i)->name, format) == 0)
            info = tg_format_at(i);
    FUZZ_ASSERT(info != NULL);
    return info;
}

/*! fuzz_structured() : a new trace of `format` into out[0..max), chosen
 *  by the bits of `pick` and made from `seed`: a rule without the variant
 *  picked gives its first, and a rule without a mutation a valid trace.
 *  @return its length, or 0 if none fits in max bytes. */
static inline size_t fuzz_structured(const char *format, uint8_t *out,
                                     size_t max, unsigned pick, uint64_t seed)
{
    fuzz_out o = {out, 0, max};
    if (pick % 5 != 0) { /* a rule's mutant */
        const tg_rule *r =
            tg_rule_at(format, (pick >> 3) % tg_rule_count(format));
        tg_error made = tg_mutate(format, tg_rule_id(r), (pick >> 12) % 4,
                                  seed, fuzz_put, &o, NULL);
        if (made == TG_EVALUE) /* no such variant: its first */
            made =
                tg_mutate(format, tg_rule_id(r), 0, seed, fuzz_put, &o, NULL);
        if (made != TG_EVALUE) /* made, or too long for max */
            return made == TG_OK ? o.n : 0;
    }
    /* a valid trace */
    const tg_format_info *fi = fuzz_info(format);
    size_t np = 0;
    while (fi->profiles[np])
        np++;
    return tg_generate_style(format, fi->profiles[(pick >> 4) % np],
                             fuzz_style(fi, pick >> 8), seed, 0, fuzz_put,
                             &o) == TG_OK
               ? o.n
               : 0;
}

#endif
