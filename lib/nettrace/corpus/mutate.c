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

#include "mutate.h"

/* ---- the table, in rules.def order -------------------------------------- */

#define TG_RULES_DEF "../nettrace/rules.def"
static const nt_mutator mutators[NT_NRULES] = {
#include "../../core/mutator_rows.h"
};

int tgNettrace_mutate(size_t rule, unsigned variant, uint64_t seed, tgOut *out,
                      tg_mutant *mu)
{
    if (rule >= NT_NRULES || mutators[rule] == NULL)
        return 0;
    /* the parent: v4/v5 for rules that apply there, else final v6, or the
     * draft for draft-only rules */
    unsigned scope = tgNettrace_rules[rule].scope;
    int profile = scope & IN_V45  ? NT_PROFILE_DEFAULT
                  : scope & IN_V6 ? NT_PROFILE_V6
                                  : NT_PROFILE_V6_DRAFT;
    nt_mut *x = calloc(1, sizeof *x);
    if (x == NULL)
        return -1;
    x->cut = UINT64_MAX;
    x->seed = seed;
    x->profile = profile;
    x->variant = variant;
    nt_sink sink = {NULL, &x->m, 0, 0};
    int r = nt_generate(profile, TG_STYLE_PLAIN, seed, 0, &sink);
    if (r == 0)
        r = mutators[rule](x);
    if (r > 0 && !x->m.failed) {
        tgMembuf b = {0};
        tgOut *o = malloc(sizeof *o);
        if (o == NULL) {
            r = -1;
        } else {
            tgOut_init(o, tgMembuf_write, &b);
            nt_serialise(&x->m, o);
            if (tgOut_flush(o) != 0 || b.failed)
                r = -1;
            free(o);
        }
        if (r > 0) {
            size_t n = x->cut < b.n ? (size_t)x->cut : b.n;
            tgOut_put(out, b.p, n);
            nt_item *it = &x->m.items[x->item < x->m.n ? x->item : 0];
            mu->profile = tgNettrace_profiles[x->profile];
            mu->offset = (x->header ? it->at : it->content_at) + x->delta;
        }
        tgMembuf_free(&b);
    } else if (r > 0) {
        r = -1;
    }
    nt_model_free(&x->m);
    free(x);
    return r;
}
