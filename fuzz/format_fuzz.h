/* format_fuzz.h - the body every format's fuzz target shares.  Each
 * input is checked under every profile of the format, once as a whole
 * buffer and once pulled in chunks of 1..8 (and sometimes 4096) bytes;
 * verdicts and the digests of all findings must agree, and both count
 * every byte of the input.  Half the inputs (by their last byte) run with
 * a tiny repeat cap and every limit at or near its minimum, so the capping
 * and limit paths run too.  Validators live across inputs, as in a
 * long-running user of the library: each check must leave nothing behind
 * that changes the next.  Failure: a crash, a sanitizer report, a broken
 * finding invariant, or any whole/chunked difference. */
#ifndef TG_FORMAT_FUZZ_H
#define TG_FORMAT_FUZZ_H

#include <string.h>

#include "fuzz_helpers.h"

#define MAX_PROFILES 8

static tg_validator *fuzz_validator(const char *format, size_t profile,
                                    const char *name, int tight)
{
    static tg_validator *made[MAX_PROFILES][2];
    tg_validator **v = &made[profile][tight];
    if (*v == NULL) {
        *v = tg_validator_new(format);
        FUZZ_ASSERT(*v != NULL);
        FUZZ_ASSERT(tg_set_profile(*v, name) == 0);
        tg_set_fail_on(*v, TG_INFO);
        if (tight) {
            tg_set_repeat_cap(*v, 2);
            FUZZ_ASSERT(tg_set_limit(*v, TG_LIMIT_LIVE_OBJECTS, 3) == 0);
            FUZZ_ASSERT(tg_set_limit(*v, TG_LIMIT_DEPTH, 2) == 0);
            FUZZ_ASSERT(tg_set_limit(*v, TG_LIMIT_PAYLOAD_STEPS, 4) == 0);
            FUZZ_ASSERT(
                tg_set_limit(*v, TG_LIMIT_BLOCK_BYTES,
                             tg_limit_about(TG_LIMIT_BLOCK_BYTES)->min) == 0);
        }
    }
    return *v;
}

static void fuzz_profile(const char *format, const uint8_t *data, size_t size,
                         size_t profile, const char *name, uint64_t chunk_seed,
                         int tight)
{
    tg_validator *v = fuzz_validator(format, profile, name, tight);
    fuzz_digest whole = {0xcbf29ce484222325ull, 0};
    fuzz_digest part = whole;
    tg_verdict a = tg_check_buffer(v, data, size, fuzz_on_diag, &whole);
    FUZZ_ASSERT(tg_bytes_checked(v) == size);
    fuzz_feeder f = {data, size, 0, chunk_seed};
    tg_verdict b = tg_check_reader(v, fuzz_feed, &f, fuzz_on_diag, &part);
    FUZZ_ASSERT(tg_bytes_checked(v) == size);
    FUZZ_ASSERT(a == b);
    FUZZ_ASSERT(whole.count == part.count && whole.hash == part.hash);
    FUZZ_ASSERT(a != TG_INTERNAL && a != TG_IO_ERROR);
}

static const tg_format_info *fuzz_info(const char *format)
{
    const tg_format_info *info = NULL;
    for (size_t i = 0; i < tg_format_count(); i++)
        if (strcmp(tg_format_at(i)->name, format) == 0)
            info = tg_format_at(i);
    FUZZ_ASSERT(info != NULL);
    return info;
}

/* The whole body of a target for `format`. */
static int fuzz_format(const char *format, const uint8_t *data, size_t size)
{
    uint64_t seed = 0;
    for (size_t i = 0; i < 8 && i < size; i++)
        seed = seed << 8 | data[size - 1 - i];
    const tg_format_info *info = fuzz_info(format);
    for (size_t p = 0; info->profiles[p] && p < MAX_PROFILES; p++)
        fuzz_profile(format, data, size, p, info->profiles[p], seed,
                     (seed & 1) != 0);
    return 0;
}

/* The target: FUZZ_FORMAT names the format. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_format(FUZZ_FORMAT, data, size);
}

#ifdef TG_FUZZ_CUSTOM_MUTATOR
/* Structure-aware mutation, built on the generator and the rules'
 * mutations: one time in eight the input becomes a new trace of the
 * format (a random rule's mutant of a random variant, or a valid trace,
 * plain or hostile, of a random profile); otherwise the engine's own
 * mutations.  Weak, so engines without LLVMFuzzerMutate still link. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max)
    __attribute__((weak));
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max,
                               unsigned int seed);

typedef struct fuzz_out {
    uint8_t *p;
    size_t n, max;
} fuzz_out;

static int fuzz_put(void *ctx, const void *p, size_t n)
{
    fuzz_out *o = ctx;
    if (n > o->max - o->n)
        return -1; /* too long for the engine: give up on it */
    memcpy(o->p + o->n, p, n);
    o->n += n;
    return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max,
                               unsigned int seed)
{
    if (seed % 8 != 0 || max == 0)
        return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max) : size;
    uint8_t *buf = malloc(max);
    FUZZ_ASSERT(buf != NULL);
    fuzz_out o = {buf, 0, max};
    unsigned pick = seed >> 3;
    uint64_t gen_seed = (uint64_t)(seed >> 8) ^ size;
    size_t nrules = tg_rule_count(FUZZ_FORMAT);
    int w;
    if (pick % 5 == 0) { /* a valid trace */
        const tg_format_info *fi = fuzz_info(FUZZ_FORMAT);
        size_t np = 0;
        while (fi->profiles[np])
            np++;
        tg_style style = (pick & 8) && (fi->styles & (1u << TG_STYLE_HOSTILE))
                             ? TG_STYLE_HOSTILE
                             : TG_STYLE_PLAIN;
        w = tg_generate_style(FUZZ_FORMAT, fi->profiles[(pick >> 4) % np],
                              style, gen_seed, 0, fuzz_put, &o) == 0;
    } else { /* a rule's mutant */
        tg_mutant m;
        const tg_rule *r = tg_rule_at(FUZZ_FORMAT, (pick >> 3) % nrules);
        w = tg_mutate(FUZZ_FORMAT, tg_rule_id(r), (pick >> 12) % 4, gen_seed,
                      fuzz_put, &o, &m) == 1;
    }
    if (w) {
        memcpy(data, buf, o.n);
        size = o.n;
    } else if (LLVMFuzzerMutate) {
        size = LLVMFuzzerMutate(data, size, max);
    }
    free(buf);
    return size;
}
#endif

#endif
