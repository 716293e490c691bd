/* mutation.c - see mutation.h. */
#include "mutation.h"

#include <stdlib.h>
#include "../mem.h"

int tgMutation_run(const tgMutation_ops *ops, const void *ctx, size_t rule,
                   unsigned variant, int profile, uint64_t seed, tgOut *out,
                   tg_mutant *mu)
{
    void *x = tgMem_calloc(1, ops->size);
    if (x == NULL)
        return -1;
    int r = ops->parent(x, ctx, variant, profile, seed);
    if (r == 0)
        r = ops->apply(x, rule);
    if (r > 0 && ops->write(x, out, mu) != 0)
        r = -1;
    ops->release(x);
    tgMem_free(x);
    return r;
}
