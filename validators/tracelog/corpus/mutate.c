/* mutate.c - placeholder while the mutators are written. */
#include "model.h"

int tgL_mutate(size_t rule, unsigned variant, uint64_t seed, tgO_out *out,
               tg_mutant *mu)
{
    (void)rule; (void)variant; (void)seed; (void)out; (void)mu;
    return 0;
}
