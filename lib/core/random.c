/* random.c - the generators' pseudo-random sequence, in the API. */
#include "bytes.h"
#include "tracegate_corpus.h"

uint64_t tg_random(uint64_t *state)
{
    tgBytes_rng r = {*state};
    uint64_t v = tgBytes_next(&r);
    *state = r.s;
    return v;
}

uint32_t tg_random_below(uint64_t *state, uint32_t n)
{
    tgBytes_rng r = {*state};
    uint32_t v = tgBytes_below(&r, n);
    *state = r.s;
    return v;
}
