/* truncate-t.c - a valid trace cut at every byte: the check never crashes,
 * and it reports only that the input ends early, with one verdict in every
 * format (README, "Truncation"): findings of kind "truncated" and exit 7.
 * A cut on a boundary where the prefix is itself a valid trace may give no
 * finding, or only a warning that says the input ends there (TraceLog's
 * last line without its line end, TL-LIN-004).  Failure: any other
 * finding or verdict. */
#include "support.h"
#include "tap.h"

int main(void)
{
    tgM_buf b = {0};
    for (size_t i = 0; i < tg_format_count(); i++) {
        const char *fmt = tg_format_at(i)->name;
        tg_validator *v = tg_validator_new(fmt);
        size_t cuts = 0, bad = 0, truncated = 0;
        const char *const *profiles = tg_format_at(i)->profiles;
        /* two seeds per profile: each profile's generator in turn */
        for (size_t p = 0; profiles[p]; p++)
            for (uint64_t seed = 1; seed <= 2; seed++) {
                tg_set_profile(v, profiles[p]);
                gen_into(&b, fmt, profiles[p], seed);
                for (size_t cut = 1; cut < b.n; cut++) {
                    findings f = {0};
                    tg_verdict r = tg_check_buffer(v, b.p, cut, collect, &f);
                    const char *text = findings_text(&f);
                    int only_cut = 1, any_cut = 0;
                    /* each line starts with the rule id: look the rule up */
                    for (const char *l = text; *l; l = strchr(l, '\n') + 1) {
                        char id[32];
                        sscanf(l, "%31s", id);
                        const tg_rule *rule = tg_rule_find(id, NULL);
                        int cut_rule =
                            rule && tg_rule_kind_of(rule) == TG_KIND_TRUNCATED;
                        int ends_warning =
                            rule && tg_rule_level(rule) < TG_MUST &&
                            strncmp(tg_rule_get(rule, TG_RULE_MESSAGE),
                                    "input ends", 10) == 0;
                        only_cut &= cut_rule || ends_warning;
                        any_cut |= cut_rule;
                    }
                    int fine = only_cut && (any_cut ? r == TG_TRUNCATED
                                                    : r == TG_CONFORMANT);
                    truncated += any_cut != 0;
                    if (!fine && bad++ < 3)
                        diag("seed %" PRIu64 " cut %zu: verdict %d\n%s", seed,
                             cut, r, text);
                    cuts++;
                    findings_reset(&f, NULL);
                }
            }
        ok(bad == 0 && truncated > cuts / 2,
           "%s: %zu cuts, %zu reported as cut short, the rest clean "
           "prefixes",
           fmt, cuts, truncated);
        tg_validator_free(v);
    }
    tgM_free(&b);
    return done_testing();
}
