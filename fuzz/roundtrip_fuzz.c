/* roundtrip_fuzz.c - the generate-mutate-check loop, with the generator's
 * choices taken from the input: which format, profile, style, seed and
 * size, and whether to write a rule's mutant instead.  A generated valid
 * trace must get no finding at all under its profile; a mutant must get
 * its rule and the verdict the table promises.  Failure: either breaks
 * (the model and the checker disagree), or a crash.
 *
 * Input bytes: [0] format, [1] profile, [2] bit 1: a mutant, the rest
 * (shifted right by 2) the style, [3..10] seed, [11] size in KiB
 * (streamed; 0: the plain size), [12..13] rule index, [14] variant. */

#include "../lib/core/membuf.h"
#include "fuzz_helpers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct seen {
    const tg_rule *want;
    int has_want;
    uint64_t count;
} seen;

static void on_diag(void *ctx, const tg_diag *d)
{
    seen *s = ctx;
    fuzz_digest ignored = {0, 0};
    fuzz_on_diag(&ignored, d); /* the invariants of a finding */
    s->has_want |= d->rule == s->want;
    s->count++;
}

static uint8_t at(const uint8_t *data, size_t size, size_t i)
{
    return i < size ? data[i] : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const tg_format_info *fi =
        tg_format_at(at(data, size, 0) % tg_format_count());
    size_t np = 0;
    while (fi->profiles[np])
        np++;
    const char *profile = fi->profiles[at(data, size, 1) % np];
    unsigned flags = at(data, size, 2);
    uint64_t seed = 0;
    for (size_t i = 3; i < 11; i++)
        seed = seed << 8 | at(data, size, i);
    uint64_t min_size = (uint64_t)at(data, size, 11) * 1024;
    tgMembuf g = {0};
    seen s = {NULL, 0, 0};
    tg_verdict want = TG_CONFORMANT;
    if (flags & 2) { /* a rule's mutant, if it has one for this seed */
        size_t nr = tg_rule_count(fi->name);
        const tg_rule *r = tg_rule_at(
            fi->name,
            ((size_t)at(data, size, 12) << 8 | at(data, size, 13)) % nr);
        tg_mutant m;
        tg_error w = tg_mutate(fi->name, tg_rule_id(r), at(data, size, 14) % 4,
                               seed, tgMembuf_write, &g, &m);
        FUZZ_ASSERT(w == TG_OK || w == TG_EVALUE);
        if (w == TG_EVALUE) {
            tgMembuf_free(&g);
            return 0;
        }
        profile = m.profile;
        s.want = r;
        want = m.expected;
    } else {
        FUZZ_ASSERT(tg_generate_style(fi->name, profile,
                                      fuzz_style(fi, flags >> 2), seed,
                                      min_size, tgMembuf_write, &g) == TG_OK);
    }
    tg_checker *v = tgTest_checker(fi->name);
    FUZZ_ASSERT(v != NULL && tg_checker_set_profile(v, profile) == TG_OK);
    tg_checker_set_fail_on(v, TG_INFO);
    tg_verdict got =
        tg_checker_check_buffer(v, g.p, g.n, NULL, NULL, on_diag, &s);
    if (s.want == NULL) { /* valid: no finding at all */
        FUZZ_ASSERT(got == TG_CONFORMANT && s.count == 0);
    } else { /* the mutant's rule, and its verdict by default options */
        FUZZ_ASSERT(s.has_want);
        tg_checker_set_fail_on(v, TG_MUST);
        seen again = {NULL, 0, 0};
        FUZZ_ASSERT(tg_checker_check_buffer(v, g.p, g.n, NULL, NULL, on_diag,
                                            &again) == want);
    }
    tg_checker_free(v);
    tgMembuf_free(&g);
    return 0;
}
