/* fuzz_helpers.h - shared by the fuzz targets: an assertion that stays on
 * in every build, and a digest of a check's findings for comparing runs. */
#ifndef TG_FUZZ_HELPERS_H
#define TG_FUZZ_HELPERS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../tests/checker.h"
#include "tracegate_corpus.h"

#define FUZZ_ASSERT(cond)                                                     \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "%s:%d: FUZZ_ASSERT(%s) failed\n", __FILE__,      \
                    __LINE__, #cond);                                         \
            abort();                                                          \
        }                                                                     \
    } while (0)

typedef struct fuzz_digest {
    uint64_t hash;
    uint64_t count;
} fuzz_digest;

static inline void fuzz_mix(fuzz_digest *g, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        g->hash = (g->hash ^ b[i]) * 0x100000001b3ull;
}

static inline void fuzz_mix_str(fuzz_digest *g, const char *s)
{
    while (*s)
        fuzz_mix(g, s++, 1);
    fuzz_mix(g, "", 1);
}

/* A tg_diag_fn: folds every field of every finding into the digest, and
 * checks the invariants a finding must hold. */
static inline void fuzz_on_diag(void *ctx, const tg_diag *d)
{
    fuzz_digest *g = ctx;
    FUZZ_ASSERT(d->rule && tg_rule_id(d->rule) && d->path && d->expected &&
                d->found);
    FUZZ_ASSERT(d->consequence_of < (int64_t)d->seq);
    fuzz_mix_str(g, tg_rule_id(d->rule));
    fuzz_mix_str(g, d->path);
    fuzz_mix_str(g, d->expected);
    fuzz_mix_str(g, d->found);
    fuzz_mix(g, &d->offset, sizeof d->offset);
    fuzz_mix(g, &d->length, sizeof d->length);
    fuzz_mix(g, &d->consequence_of, sizeof d->consequence_of);
    fuzz_mix(g, &d->suppressed, sizeof d->suppressed);
    g->count++;
}

/* Hands the input out in chunks whose sizes come from a seed taken from
 * the input's tail, so the fuzzer explores chunk boundaries too. */
typedef struct fuzz_feeder {
    const uint8_t *p;
    size_t n, pos;
    uint64_t state;
} fuzz_feeder;

static inline long fuzz_feed(void *ctx, void *buf, size_t cap)
{
    fuzz_feeder *f = ctx;
    f->state = f->state * 6364136223846793005ull + 1442695040888963407ull;
    size_t k = 1 + (size_t)(f->state >> 61); /* 1..8 */
    if ((f->state >> 40 & 7) == 0)
        k = 4096; /* now and then a large read */
    if (k > cap)
        k = cap;
    if (k > f->n - f->pos)
        k = f->n - f->pos;
    for (size_t i = 0; i < k; i++)
        ((uint8_t *)buf)[i] = f->p[f->pos + i];
    f->pos += k;
    return (long)k;
}

/*! fuzz_style() : the tg_style that a number picks (modulo the styles),
 *  or the plain one where the format has not got it. */
static inline tg_style fuzz_style(const tg_format_info *fi, unsigned pick)
{
    tg_style s = (tg_style)(pick % (TG_STYLE_TYPICAL + 1));
    return fi->styles & (1u << s) ? s : TG_STYLE_PLAIN;
}

#endif
