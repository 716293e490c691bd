/* mutate.c - one mutation per NetTrace rule: break exactly that rule in a
 * valid generated trace.  The parent is generated into a model (model.h);
 * a mutator (mutate_v45.c, mutate_v6.c, mutate_draft.c, mutate_payload.c,
 * all working with the kit of mutate.h) edits blocks, inserts crafted ones
 * or overrides the framing, and marks where the break is; the model is
 * then serialised here.  Rules for v4/v5 (or all layouts) start from a
 * v4/v5 parent, v6-only rules from a v6 parent, draft-only rules from the
 * draft. */
#include <stdlib.h>
#include <string.h>

#include "../../core/mem.h"
#include "../../core/corpus/mutation.h"
#include "mutate.h"

/* ---- the table, in rules.def order -------------------------------------- */

#define TG_RULES_DEF "../nettrace/rules.def"
static const nt_mutator mutators[NT_NRULES] = {
#include "../../core/mutator_rows.h"
};

static int parent(void *x, const void *ctx, unsigned variant, int profile,
                  uint64_t seed)
{
    (void)ctx;
    nt_mut *m = x;
    m->cut = UINT64_MAX;
    m->seed = seed;
    m->profile = profile;
    m->variant = variant;
    nt_sink sink = {NULL, &m->m, 0, 0};
    return nt_generate(profile, TG_STYLE_PLAIN, seed, 0, &sink);
}

static int apply(void *x, size_t rule) { return mutators[rule](x); }

/* The model serialised, cut where the mutator says, with the offset of
 * the item and delta it marked. */
static int write_mutant(void *x, tgOut *out, tg_mutant *mu)
{
    nt_mut *m = x;
    if (m->m.failed)
        return -1;
    tgMembuf b = {0};
    tgOut *o = tgMem_malloc(sizeof *o);
    int r = -1;
    if (o != NULL) {
        tgOut_init(o, tgMembuf_write, &b);
        nt_serialise(&m->m, o);
        r = tgOut_flush(o) != 0 || b.failed ? -1 : 0;
        tgMem_free(o);
    }
    if (r == 0) {
        size_t n = m->cut < b.n ? (size_t)m->cut : b.n;
        tgOut_put(out, b.p, n);
        nt_item *it = &m->m.items[m->item < m->m.n ? m->item : 0];
        mu->profile = tgNettrace_profiles[m->profile];
        mu->offset = (m->header ? it->at : it->content_at) + m->delta;
    }
    tgMembuf_free(&b);
    return r;
}

static void release(void *x) { nt_model_free(&((nt_mut *)x)->m); }

static const tgMutation_ops ops = {sizeof(nt_mut), parent, apply, write_mutant,
                                   release};

int tgNettrace_mutate(size_t rule, unsigned variant, uint64_t seed, tgOut *out,
                      tg_mutant *mu)
{
    if (rule >= NT_NRULES || mutators[rule] == NULL)
        return 0;
    /* the parent: the profile the caller wants (tg_mutate_profile()) if
     * the layout its generator writes is one the rule speaks of; else
     * v4/v5 for rules that apply there, else final v6, or the draft for
     * draft-only rules */
    unsigned scope = tgNettrace_rules[rule].scope;
    int want = tgFormat_profile_index(&tgFormat_nettrace, mu->profile);
    int profile =
        want >= 0 && (scope & NT_LAYOUT_SCOPE(nt_profile_layout(want))) ? want
        : scope & IN_V45 ? NT_PROFILE_DEFAULT
        : scope & IN_V6  ? NT_PROFILE_V6
                         : NT_PROFILE_V6_DRAFT;
    return tgMutation_run(&ops, NULL, rule, variant, profile, seed, out, mu);
}
