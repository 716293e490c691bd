/* afl_mutator.c - AFL++'s custom mutator for one format (FUZZ_FORMAT, set
 * by the build): the structure-aware inputs of structured.h, the same as
 * libFuzzer's.  Built as a shared library with plain clang (it runs inside
 * afl-fuzz, not in the instrumented target) and named by
 * AFL_CUSTOM_MUTATOR_LIBRARY; AFL++ runs it before its havoc stage, its own
 * mutations go on as well.  The API is AFL++'s docs/custom_mutators.md:
 * init, fuzz, deinit. */
#include <stdint.h>
#include <stdlib.h>

#include "../lib/core/bytes.h"
#include "structured.h"

#define AFL_API __attribute__((visibility("default")))

typedef struct mutator {
    tgBytes_rng rng; /* each call's pick and generator seed */
    uint8_t *buf;    /* the input made last, handed to AFL++ */
    size_t cap;
} mutator;

AFL_API void *afl_custom_init(void *afl, unsigned int seed);
AFL_API size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                               uint8_t **out_buf, uint8_t *add_buf,
                               size_t add_buf_size, size_t max_size);
AFL_API void afl_custom_deinit(void *data);

void *afl_custom_init(void *afl, unsigned int seed)
{
    (void)afl;
    mutator *m = calloc(1, sizeof *m);
    if (m)
        m->rng.s = seed;
    return m;
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size,
                       uint8_t **out_buf, uint8_t *add_buf,
                       size_t add_buf_size, size_t max_size)
{
    (void)add_buf;
    (void)add_buf_size;
    mutator *m = data;
    *out_buf = buf; /* unless a new trace fits: the input, unchanged */
    if (m->cap < max_size) {
        uint8_t *p = realloc(m->buf, max_size);
        if (p == NULL)
            return buf_size;
        m->buf = p;
        m->cap = max_size;
    }
    uint64_t r = tgBytes_next(&m->rng);
    size_t n = fuzz_structured(FUZZ_FORMAT, m->buf, max_size, (unsigned)r,
                               (r >> 32) ^ buf_size);
    if (n == 0)
        return buf_size;
    *out_buf = m->buf;
    return n;
}

void afl_custom_deinit(void *data)
{
    mutator *m = data;
    if (m)
        free(m->buf);
    free(m);
}
