/* selfcheck-t.c - the generate-mutate-check loop, for every rule of every
 * registered format and many seeds: a valid parent, plain, hostile or
 * typical (every format has the three styles), has no finding at all;
 * each mutant of a rule gets that rule, at the offset its manifest line
 * gives (a finding of the rule whose bytes hold it), no other rule except
 * findings marked as consequences, and the verdict the rule table
 * predicts.  A rule without a mutation must say why.  Failure: any of
 * these breaks. */
#include "support.h"
#include "tap.h"

#define SEEDS 40

static const char *const style_names[] = {"plain", "hostile", "typical"};

static void check_parents(const tg_format_info *fi, tg_checker *v,
                          tg_style style)
{
    tgMembuf b = {0};
    findings f = {0};
    for (const char *const *p = fi->profiles; *p; p++) {
        size_t bad = 0;
        tg_checker_set_profile(v, *p);
        for (uint64_t seed = 1; seed <= SEEDS; seed++) {
            findings_reset(&f, NULL);
            if (gen_style_into(&b, fi->name, *p, style, seed) != 0)
                bail("generator failed");
            tg_verdict r =
                tg_checker_check_buffer(v, b.p, b.n, NULL, NULL, collect, &f);
            if (r != TG_CONFORMANT || f.count != 0) {
                if (bad++ == 0)
                    diag("seed %" PRIu64 ": %s", seed, findings_text(&f));
            }
        }
        ok(bad == 0, "%s/%s: %d generated %s traces have no finding", fi->name,
           *p, SEEDS, style_names[style]);
    }
    tgMembuf_free(&b);
    findings_reset(&f, NULL);
}

static void check_rule(const tg_format_info *fi, const tg_rule *r)
{
    tgMembuf b = {0};
    findings f = {0};
    size_t made = 0, bad = 0;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        /* every variant the table declares, and none past them */
        for (unsigned var = 0;; var++) {
            tg_mutant m = {.size = sizeof m};
            b.n = 0;
            int w = tg_mutate(fi->name, tg_rule_id(r), var, seed,
                              tgMembuf_write, &b, &m) == TG_OK;
            int declared = tg_rule_mutation(r, var) != NULL;
            if (w != declared) {
                if (bad++ < 3)
                    diag("%s seed %" PRIu64 " variant %u: tg_mutate gave %d, "
                         "the table declares it %s",
                         tg_rule_id(r), seed, var, w,
                         declared ? "present" : "absent");
                break;
            }
            if (!declared)
                break;
            made++;
            tg_checker *v = tgTest_checker(fi->name);
            tg_checker_set_profile(v, m.profile);
            findings_reset(&f, tg_rule_id(r));
            f.at = m.offset;
            tg_verdict got =
                tg_checker_check_buffer(v, b.p, b.n, NULL, NULL, collect, &f);
            tg_checker_free(v);
            if (got != m.expected || f.of_rule == 0 || f.covering == 0 ||
                f.other_rules != 0) {
                if (bad++ < 3)
                    diag("%s seed %" PRIu64 " variant %u (%s): verdict %d "
                         "want %d, offset %" PRIu64 " %s, other rule %s\n%s",
                         tg_rule_id(r), seed, var, m.mutation, got, m.expected,
                         m.offset, f.covering ? "covered" : "NOT covered",
                         f.first_other, findings_text(&f));
            }
        }
    }
    ok(made > 0 && bad == 0, "%s: %zu mutants each break exactly this rule",
       tg_rule_id(r), made);
    tgMembuf_free(&b);
    findings_reset(&f, NULL);
}

int main(void)
{
    for (size_t i = 0; i < tg_format_count(); i++) {
        const tg_format_info *fi = tg_format_at(i);
        tg_checker *v = tgTest_checker(fi->name);
        for (tg_style s = TG_STYLE_PLAIN; s <= TG_STYLE_TYPICAL; s++) {
            ok((fi->styles & (1u << s)) != 0, "%s has the %s style", fi->name,
               style_names[s]);
            check_parents(fi, v, s);
        }
        tgMembuf b = {0};
        ok(gen_style_into(&b, fi->name, NULL, (tg_style)7, 1) == TG_EVALUE,
           "%s: tg_generate_style() refuses a style it has not (TG_EVALUE)",
           fi->name);
        tgMembuf_free(&b);
        tg_checker_free(v);
        for (size_t k = 0; k < tg_rule_count(fi->name); k++) {
            const tg_rule *r = tg_rule_at(fi->name, k);
            const char *why = tg_rule_get(r, TG_RULE_NO_MUTATION);
            if (tg_rule_get(r, TG_RULE_MUTATION))
                check_rule(fi, r);
            else
                ok(why && *why, "%s: no mutation, and the table says why",
                   tg_rule_id(r));
        }
    }
    return done_testing();
}
