/* truncate-t.c - a valid trace cut at every byte: the check never crashes,
 * and it reports only that the input ends early, with one verdict in every
 * format (docs/checking.md, "Truncation"): findings of kind "truncated"
 * and exit 7.
 * A cut on a boundary where the prefix is itself a valid trace may give no
 * finding, or only a warning that says the input ends there (TraceLog's
 * last line without its line end, TL-LIN-004).  In the text formats the
 * last record may end at the end of the input, and one whose fields are
 * all there is checked like any other (spec/afperf.md and
 * spec/tracelog.md, T-1): a cut that leaves a whole record which means
 * something else (a region id 1 cut from 12) may give what that record
 * means, with a verdict of 0, 1 or 7, when the same trace cut before
 * that record is clean.  Failure: any other finding or verdict. */
#include "support.h"
#include "tap.h"

/* Whether p[0..n) checks clean: conformant with no finding, or cut
 * short with only findings of that. */
static int ends_clean(tg_checker *v, const unsigned char *p, size_t n)
{
    findings f = {0};
    tg_verdict r = tg_checker_check_buffer(v, p, n, NULL, NULL, collect, &f);
    int clean = r == TG_CONFORMANT ? f.count == 0 : r == TG_TRUNCATED;
    for (const char *l = findings_text(&f); clean && *l;
         l = strchr(l, '\n') + 1) {
        char id[32];
        sscanf(l, "%31s", id);
        const tg_rule *rule = tg_rule_find(id, NULL);
        clean = rule && (tg_rule_kind_of(rule) == TG_KIND_TRUNCATED ||
                         tg_rule_level(rule) < TG_MUST);
    }
    findings_reset(&f, NULL);
    return clean;
}

/* Where the last record of the text p[0..n) starts: after its last line
 * end outside a quoted field (AFPerf quotes may hold line ends; comments
 * and TraceLog lines hold none that count), or n for a binary format,
 * whose records never end at the end of the input. */
static size_t last_record(const char *fmt, const unsigned char *p, size_t n)
{
    int afperf = strcmp(fmt, "afperf") == 0;
    if (!afperf && strcmp(fmt, "tracelog") != 0)
        return n;
    size_t start = 0;
    int quoted = 0, comment = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == start)
            comment = p[i] == '#';
        if (afperf && !comment && p[i] == '"')
            quoted = !quoted;
        else if (p[i] == '\n' && !quoted)
            start = i + 1;
    }
    return start;
}

int main(void)
{
    tgMembuf b = {0};
    for (size_t i = 0; i < tg_format_count(); i++) {
        const char *fmt = tg_format_at(i)->name;
        tg_checker *v = tgTest_checker(fmt);
        size_t cuts = 0, bad = 0, truncated = 0;
        const char *const *profiles = tg_format_at(i)->profiles;
        /* two seeds per profile: each profile's generator in turn */
        for (size_t p = 0; profiles[p]; p++)
            for (uint64_t seed = 1; seed <= 2; seed++) {
                tg_checker_set_profile(v, profiles[p]);
                gen_into(&b, fmt, profiles[p], seed);
                for (size_t cut = 1; cut < b.n; cut++) {
                    findings f = {0};
                    tg_verdict r = tg_checker_check_buffer(v, b.p, cut, NULL,
                                                           NULL, collect, &f);
                    const char *text = findings_text(&f);
                    size_t last = last_record(fmt, b.p, cut);
                    int only_cut = 1, any_cut = 0, in_last = 0;
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
                        only_cut &= cut_rule || ends_warning || last < cut;
                        in_last |= !cut_rule && !ends_warning;
                        any_cut |= cut_rule;
                    }
                    /* the last record's doing: the trace before it is
                     * clean (ends_clean() asks the same of it) */
                    if (in_last && only_cut)
                        only_cut = ends_clean(v, b.p, last);
                    int fine = only_cut && (in_last ? r == TG_CONFORMANT ||
                                                          r == TG_VIOLATIONS ||
                                                          r == TG_TRUNCATED
                                            : any_cut ? r == TG_TRUNCATED
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
        tg_checker_free(v);
    }
    tgMembuf_free(&b);
    return done_testing();
}
