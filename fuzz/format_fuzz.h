/* format_fuzz.h - the body every format's fuzz target shares.  Each
 * input is checked under every profile of the format, once as a whole
 * buffer and once pulled in chunks of 1..8 (and sometimes 4096) bytes;
 * verdicts and the digests of all findings must agree, and both count
 * every byte of the input.  Half the inputs (by their last byte) run with
 * a tiny repeat cap and every limit at or near its minimum, so the capping
 * and limit paths run too.  The chunked check also hands on the input's
 * parts (tg_checker_set_node_fn(), which takes no fast path): its findings must be
 * the whole check's all the same, and every part well formed.  Validators
 * live across inputs, as in a
 * long-running user of the library: each check must leave nothing behind
 * that changes the next.  The pieces the oracle's shrinker drops whole
 * are listed too (tg_format_pieces()), and the input is laid out again
 * as AFL++'s mutator does (tg_format_relayout()), near an offset the
 * input names.  A text format's whole check runs again on each vector
 * path below the best one the processor has (lib/core/simd.h): the text
 * index is what the path chooses the kernel of, and the binary formats
 * build none.  Failure: a crash, a
 * sanitizer report, a broken finding invariant or piece list, any
 * whole/chunked or path/path difference, or a relayout past its room, of
 * another stream header, or not the same twice. */
#ifndef TG_FORMAT_FUZZ_H
#define TG_FORMAT_FUZZ_H

#include <string.h>

#include <stdlib.h>

#include "../lib/core/simd.h"
#include "tracegate_corpus.h"
#include "structured.h"

#define MAX_PROFILES 8

static tg_checker *fuzz_checker(const char *format, size_t profile,
                                const char *name, int tight)
{
    static tg_checker *made[MAX_PROFILES][2];
    tg_checker **v = &made[profile][tight];
    if (*v == NULL) {
        *v = tgTest_checker(format);
        FUZZ_ASSERT(*v != NULL);
        FUZZ_ASSERT(tg_checker_set_profile(*v, name) == 0);
        tg_checker_set_fail_on(*v, TG_INFO);
        if (tight) {
            tg_checker_set_repeat_cap(*v, 2);
            FUZZ_ASSERT(tg_checker_set_limit(*v, TG_LIMIT_LIVE_OBJECTS, 3) ==
                        0);
            FUZZ_ASSERT(tg_checker_set_limit(*v, TG_LIMIT_DEPTH, 2) == 0);
            FUZZ_ASSERT(tg_checker_set_limit(*v, TG_LIMIT_PAYLOAD_STEPS, 4) ==
                        0);
            FUZZ_ASSERT(tg_checker_set_limit(
                            *v, TG_LIMIT_BLOCK_BYTES,
                            tg_limit_about(TG_LIMIT_BLOCK_BYTES)->min) == 0);
        }
    }
    return *v;
}

/* A part as tg_node promises it: every text there, a sane depth. */
static void fuzz_on_node(void *ctx, const tg_node *n)
{
    (void)ctx;
    FUZZ_ASSERT(n->kind && *n->kind && n->path && n->label && n->group);
    FUZZ_ASSERT(n->depth < 64);
    FUZZ_ASSERT(strlen(n->kind) + strlen(n->path) + strlen(n->label) < 4096);
}

/* The whole check of the input again on each vector path below the best
 * one: the same verdict and findings (every kernel of the text formats'
 * index makes the same bit maps).  The best path is taken again after,
 * whatever TRACEGATE_SIMD said. */
static void fuzz_paths(tg_checker *v, const uint8_t *data, size_t size,
                       tg_verdict want, const fuzz_digest *whole)
{
    enum tgSimd_path best = tgSimd_best();
    for (enum tgSimd_path p = TG_SIMD_SCALAR; p < best; p++) {
        FUZZ_ASSERT(tgSimd_force(p) == p);
        fuzz_digest d = {0xcbf29ce484222325ull, 0};
        tg_verdict got = tg_checker_check_buffer(v, data, size, NULL, NULL,
                                                 fuzz_on_diag, &d);
        FUZZ_ASSERT(got == want);
        FUZZ_ASSERT(d.count == whole->count && d.hash == whole->hash);
    }
    tgSimd_force(best);
}

static void fuzz_profile(const char *format, const uint8_t *data, size_t size,
                         size_t profile, const char *name, uint64_t chunk_seed,
                         int tight)
{
    tg_checker *v = fuzz_checker(format, profile, name, tight);
    fuzz_digest whole = {0xcbf29ce484222325ull, 0};
    fuzz_digest part = whole;
    tg_verdict a = tg_checker_check_buffer(v, data, size, NULL, NULL,
                                           fuzz_on_diag, &whole);
    FUZZ_ASSERT(tg_checker_bytes(v) == size);
    if (fuzz_info(format)->text)
        fuzz_paths(v, data, size, a, &whole);
    fuzz_feeder f = {data, size, 0, chunk_seed};
    tg_checker_set_node_fn(v, fuzz_on_node, NULL);
    tg_verdict b =
        tg_checker_check(v, fuzz_feed, &f, NULL, NULL, fuzz_on_diag, &part);
    tg_checker_set_node_fn(v, NULL, NULL);
    FUZZ_ASSERT(tg_checker_bytes(v) == size);
    FUZZ_ASSERT(a == b);
    FUZZ_ASSERT(whole.count == part.count && whole.hash == part.hash);
    FUZZ_ASSERT(a != TG_INTERNAL && a != TG_IO_ERROR);
}

/* The pieces the oracle's shrinker drops whole (tg_format_pieces()): at
 * least one, the first at 0, each after the one before, all inside the
 * input. */
static void fuzz_pieces(const char *format, const uint8_t *data, size_t size)
{
    if (size == 0)
        return;
    size_t *at = malloc(size * sizeof *at);
    FUZZ_ASSERT(at != NULL);
    size_t n = tg_format_pieces(format, data, size, at, size);
    FUZZ_ASSERT(n >= 1 && n <= size && at[0] == 0);
    for (size_t i = 1; i < n; i++)
        FUZZ_ASSERT(at[i] > at[i - 1] && at[i] < size);
    free(at);
}

/* A relayout of the input (tg_format_relayout()): within its room, the
 * stream header (the first piece) kept, the same bytes for the same
 * seed, and what it says changed (a 4-byte count or code) inside it. */
static void fuzz_relayout(const char *format, const uint8_t *data, size_t size,
                          uint64_t seed)
{
    size_t cap = 2 * size + 4096, near = (size_t)(seed >> 1) % (size + 1);
    uint8_t *a = malloc(cap), *b = malloc(cap);
    FUZZ_ASSERT(a != NULL && b != NULL);
    size_t changed;
    size_t n =
        tg_format_relayout(format, data, size, seed, near, a, cap, &changed);
    FUZZ_ASSERT(n <= cap);
    FUZZ_ASSERT(n == 0 ? changed == SIZE_MAX
                       : changed < n && n - changed >= 4);
    FUZZ_ASSERT(
        tg_format_relayout(format, data, size, seed, near, b, cap, NULL) == n);
    FUZZ_ASSERT(memcmp(a, b, n) == 0);
    size_t head = 0, starts[2];
    if (n > 0 && tg_format_pieces(format, data, size, starts, 2) == 2)
        head = starts[1];
    FUZZ_ASSERT(head <= n && memcmp(a, data, head) == 0);
    free(a);
    free(b);
}

/* The whole body of a target for `format`. */
static int fuzz_format(const char *format, const uint8_t *data, size_t size)
{
    uint64_t seed = 0;
    for (size_t i = 0; i < 8 && i < size; i++)
        seed = seed << 8 | data[size - 1 - i];
    const tg_format_info *info = fuzz_info(format);
    fuzz_pieces(format, data, size);
    fuzz_relayout(format, data, size, seed);
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
/* Structure-aware mutation (structured.h): one time in eight the input
 * becomes a new trace of the format; otherwise the engine's own
 * mutations.  Weak, so engines without LLVMFuzzerMutate still link. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max)
    __attribute__((weak));
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max,
                               unsigned int seed);

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max,
                               unsigned int seed)
{
    if (seed % 8 != 0 || max == 0)
        return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max) : size;
    uint8_t *buf = malloc(max);
    FUZZ_ASSERT(buf != NULL);
    size_t n = fuzz_structured(FUZZ_FORMAT, buf, max, seed >> 3,
                               (uint64_t)(seed >> 8) ^ size);
    if (n > 0) {
        memcpy(data, buf, n);
        size = n;
    } else if (LLVMFuzzerMutate) {
        size = LLVMFuzzerMutate(data, size, max);
    }
    free(buf);
    return size;
}
#endif

#endif
