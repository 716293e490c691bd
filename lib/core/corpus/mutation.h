/* mutation.h - how every format's tgX_mutate() runs one mutation, the
 * same four steps whatever the format's model: make the valid parent,
 * apply the rule's mutator (from the table core/mutator_rows.h makes),
 * write the mutant with where its break is, release the model.  A format
 * says how to do each step for its model (tgMutation_ops); the steps and
 * their order live here alone. */
#ifndef TG_MUTATION_H
#define TG_MUTATION_H

#include <stddef.h>
#include <stdint.h>

#include "../out.h"
#include "tracegate_corpus.h"

typedef struct tgMutation_ops {
    size_t size; /* bytes of the format's mutation state, zeroed first */
    /* make the parent of `profile` from seed into x, for mutation number
     * `variant` (ctx: what the format passed tgMutation_run()): 0, or -1 */
    int (*parent)(void *x, const void *ctx, unsigned variant, int profile,
                  uint64_t seed);
    /* apply the mutator of rule index `rule` to x: 1 done, 0 impossible
     * in this parent, -1 when the model ran out of memory */
    int (*apply)(void *x, size_t rule);
    /* write the mutant to out and say where its break is (mu->offset,
     * and mu->profile where the format chooses it): 0, or -1 */
    int (*write)(void *x, tgOut *out, tg_mutant *mu);
    /* free what x holds (not x) */
    void (*release)(void *x);
} tgMutation_ops;

/*! tgMutation_run() : mutation `variant` of rule index `rule`, from the
 *  trace of `profile` made from seed, written to out; ctx goes to
 *  ops->parent.  @return 1 written,
 *  0 impossible in this parent, -1 on an error. */
int tgMutation_run(const tgMutation_ops *ops, const void *ctx, size_t rule,
                   unsigned variant, int profile, uint64_t seed, tgOut *out,
                   tg_mutant *mu);

#endif
