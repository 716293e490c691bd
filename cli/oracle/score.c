/* score.c - a reader's scorecard: runs counted by class, overall, per
 * rule and per version, and its defects, one per cause (O4), each with
 * the rules it showed under; then the scorecards written as text, JSON,
 * JUnit XML or markdown. */
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "junit.h"
#include "oracle.h"

int or_grow(void **at, size_t n, size_t *cap, size_t size)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? *cap * 2 : 16;
    void *p = realloc(*at, c * size);
    if (p == NULL)
        return -1;
    *at = p;
    *cap = c;
    return 0;
}

static or_rule_row *row_of(or_score *s, const char *rule)
{
    for (size_t i = 0; i < s->nrows; i++) /* rules are few: a scan */
        if (strcmp(s->rows[i].rule, rule) == 0)
            return &s->rows[i];
    if (or_grow((void **)&s->rows, s->nrows, &s->caprows, sizeof *s->rows))
        return NULL;
    or_rule_row *r = &s->rows[s->nrows++];
    memset(r, 0, sizeof *r);
    snprintf(r->rule, sizeof r->rule, "%s", rule);
    return r;
}

/* The row of a version; NULL for a file of no version, or past
 * OR_VERSIONS (no format names that many). */
static or_version_row *version_of(or_score *s, const char *version)
{
    if (version[0] == '\0')
        return NULL;
    for (size_t i = 0; i < s->nversions; i++)
        if (strcmp(s->versions[i].version, version) == 0)
            return &s->versions[i];
    if (s->nversions == OR_VERSIONS)
        return NULL;
    or_version_row *v = &s->versions[s->nversions++];
    memset(v, 0, sizeof *v);
    snprintf(v->version, sizeof v->version, "%s", version);
    return v;
}

/* Count what the run says of the reader's reach: what it accepted of the
 * files it must accept, rejected of those it must reject. */
static void count_reach(or_score *s, or_class cls, const or_judgement *j)
{
    or_version_row *v = version_of(s, j->version);
    if (cls == OR_NOT_READ) {
        if (v)
            v->not_read++;
        return;
    }
    if (j->expect == TG_DUTY_REJECT) {
        s->must_reject++;
        s->rejected_of_must += cls != OR_ACCEPTS_INVALID;
    } else if (j->expect != TG_DUTY_UNDECIDED) {
        for (or_version_row *r = &s->all; r; r = r == v ? NULL : v) {
            r->must_accept++;
            r->accepted += or_took_of(cls, j->expect) == OR_TOOK_ACCEPT;
            r->rejected += cls == OR_REJECTS_VALID;
        }
    }
}

/* Add a file under rule to the evidence of d. */
static void add_evidence(or_defect *d, const char *rule)
{
    for (size_t i = 0; i < d->nrules; i++)
        if (strcmp(d->rules[i].rule, rule) == 0) {
            d->rules[i].files++;
            return;
        }
    if (d->nrules == OR_EVIDENCE) {
        d->more_files++;
        return;
    }
    or_evidence *e = &d->rules[d->nrules++];
    snprintf(e->rule, sizeof e->rule, "%s", rule);
    e->files = 1;
}

/* Whether a run of class cls with signature sig, on a file breaking
 * rule, is of the cause d (O4). */
static int same_cause(const or_defect *d, or_class cls, const char *rule,
                      const char *sig)
{
    if (d->cls != cls)
        return 0;
    return cls == OR_ACCEPTS_INVALID ? strcmp(d->rule, rule) == 0
                                     : strcmp(d->sig, sig) == 0;
}

static void set_example(or_defect *d, const or_judgement *j, const char *what,
                        const char *path, size_t size)
{
    snprintf(d->rule, sizeof d->rule, "%s", j->rule);
    snprintf(d->what, sizeof d->what, "%s", what);
    snprintf(d->example, sizeof d->example, "%s", path);
    d->example_size = size;
}

or_defect *or_score_add(or_score *s, or_class cls, const or_judgement *j,
                        const char *sig, const char *why, const char *what,
                        const char *path, size_t size)
{
    s->by_class[cls]++;
    or_rule_row *row = row_of(s, j->rule);
    if (row)
        row->by_class[cls]++;
    count_reach(s, cls, j);
    if (!or_is_defect(cls))
        return NULL;
    for (size_t i = 0; i < s->ndefects; i++) {
        or_defect *d = &s->defects[i];
        if (!same_cause(d, cls, j->rule, sig))
            continue;
        d->count++;
        add_evidence(d, j->rule);
        if (size >= d->example_size)
            return NULL;
        set_example(d, j, what, path, size); /* smaller */
        return d;
    }
    if (s->ndefects == OR_MAX_DEFECTS) {
        s->defects_dropped++;
        return NULL;
    }
    if (or_grow((void **)&s->defects, s->ndefects, &s->capdefects,
                sizeof *s->defects))
        return NULL;
    or_defect *d = &s->defects[s->ndefects++];
    memset(d, 0, sizeof *d);
    d->cls = cls;
    d->count = 1;
    snprintf(d->sig, sizeof d->sig, "%s", sig);
    snprintf(d->why, sizeof d->why, "%s", why);
    add_evidence(d, j->rule);
    set_example(d, j, what, path, size);
    return d;
}

static size_t defect_at(const or_score *s, or_class cls, const char *rule,
                        const char *sig)
{
    size_t i = 0;
    while (i < s->ndefects && !same_cause(&s->defects[i], cls, rule, sig))
        i++;
    return i;
}

const or_defect *or_score_find(const or_score *s, or_class cls,
                               const char *rule, const char *sig)
{
    size_t i = defect_at(s, cls, rule, sig);
    return i < s->ndefects ? &s->defects[i] : NULL;
}

void or_score_behind(or_score *s, or_class cls, const char *rule,
                     const char *sig, const or_behind *b)
{
    if (b->text[0] == '\0' || (cls == b->cls && strcmp(sig, b->sig) == 0))
        return;
    size_t i = defect_at(s, cls, rule, sig);
    or_defect *d = i < s->ndefects ? &s->defects[i] : NULL;
    /* a cause met before on its own was not hiding behind anything */
    if (d && d->count == 1 && d->behind[0] == '\0')
        snprintf(d->behind, sizeof d->behind, "%s", b->text);
}

void or_score_free(or_score *s)
{
    free(s->rows);
    free(s->defects);
    memset(s, 0, sizeof *s);
}

/* Append printf text to out[size] at *used. */
static void append(char *out, size_t size, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void append(char *out, size_t size, size_t *used, const char *fmt, ...)
{
    if (*used >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + *used, size - *used, fmt, ap);
    va_end(ap);
    *used = n < 0 ? size : *used + (size_t)n;
}

static const char *plural(uint64_t n) { return n == 1 ? "" : "s"; }

/* "rejects every v6 file" (or "rejects everything": what = NULL) when
 * the reader accepted none of the files of a kind that it must accept;
 * "reads no" when it did not reject them all either (it hung, it
 * crashed). */
static void reads_none(char *out, size_t size, size_t *used,
                       const or_version_row *v, const char *what)
{
    if (v->must_accept == 0 || v->accepted > 0)
        return;
    int rejected = v->rejected == v->must_accept;
    if (what)
        append(out, size, used, "%s %s file",
               rejected ? "rejects every" : "reads no", what);
    else
        append(out, size, used, "%s",
               rejected ? "rejects everything" : "reads no file");
    append(out, size, used,
           ": it accepted none of the %" PRIu64 " it must accept; ",
           v->must_accept);
}

/* The symmetric verdicts come first: a reader that takes no file of a
 * kind has one defect that explains the rest (O8). */
void or_verdict_line(const or_score *s, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    if (s->all.must_accept > 0 && s->all.accepted == 0)
        reads_none(out, size, &used, &s->all, NULL);
    else if (s->must_reject > 0 && s->rejected_of_must == 0)
        append(out, size, &used,
               "accepts everything: it accepted all %" PRIu64
               " files it must reject; ",
               s->must_reject);
    else
        for (size_t i = 0; i < s->nversions; i++)
            reads_none(out, size, &used, &s->versions[i],
                       s->versions[i].version);
    if (s->ndefects == 0)
        append(out, size, &used, "no defect found");
    else
        append(out, size, &used, "%zu defect%s found", s->ndefects,
               plural(s->ndefects));
    if (s->defects_dropped)
        append(out, size, &used,
               ", and %" PRIu64 " more not kept (a scorecard keeps %d)",
               s->defects_dropped, OR_MAX_DEFECTS);
    if (s->by_class[OR_MASKED])
        append(out, size, &used,
               "; %" PRIu64 " mutant%s masked: the valid file each was "
               "made from was not read either",
               s->by_class[OR_MASKED], plural(s->by_class[OR_MASKED]));
    for (size_t i = 0; i < s->nversions; i++)
        if (s->versions[i].not_read)
            append(out, size, &used,
                   "; %" PRIu64 " %s file%s not read (outside --reads)",
                   s->versions[i].not_read, s->versions[i].version,
                   plural(s->versions[i].not_read));
}

static uint64_t total(const uint64_t *by_class)
{
    uint64_t t = 0;
    for (int c = 0; c < OR_NCLASSES; c++)
        t += by_class[c];
    return t;
}

static const char *rule_label(const char *rule)
{
    return rule[0] ? rule : "(valid)";
}

/* What a defect's cause is called: its message; for an invalid file
 * accepted in silence, the rule it broke. */
static const char *cause_of(const or_defect *d)
{
    if (d->cls == OR_ACCEPTS_INVALID)
        return d->rule;
    return d->why[0] ? d->why : "(no message)";
}

/* "AF-REG-001 2, (valid) 1": the rules a cause showed under. */
static void evidence_text(FILE *f, const or_defect *d)
{
    for (size_t i = 0; i < d->nrules; i++)
        fprintf(f, "%s%s %" PRIu64, i ? ", " : "",
                rule_label(d->rules[i].rule), d->rules[i].files);
    if (d->more_files)
        fprintf(f, ", %" PRIu64 " under other rules", d->more_files);
}

static const char *signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}

/* The differential line: readers that do not all take a file alike. */
static void differential(FILE *f, size_t n, uint64_t disagree)
{
    if (n > 1)
        fprintf(f,
                "%zu readers disagree on %" PRIu64 " file%s; tracegate's "
                "verdict decides which is wrong (their defects)\n",
                n, disagree, plural(disagree));
}

/* The sweep's line: how much of the valid files it reached. */
static void sweep_line(FILE *f, const or_run_info *run)
{
    if (run->swept_files == 0)
        return;
    fprintf(f,
            "sweep: %" PRIu64 " fields of %" PRIu64 " valid file%s, %" PRIu64
            " inputs",
            run->swept_fields, run->swept_files, plural(run->swept_files),
            run->swept_inputs);
    if (run->swept_capped)
        fprintf(f, " (%" PRIu64 " file%s had more fields than a sweep takes)",
                run->swept_capped, plural(run->swept_capped));
    fputc('\n', f);
}

/* The campaign's lines (--engine afl): what made the inputs, and the
 * edges it reached over time. */
static void campaign_lines(FILE *f, const or_run_info *run, int markdown)
{
    const or_campaign *c = &run->campaign;
    if (c->coverage == NULL)
        return;
    if (strcmp(c->coverage, "none") == 0) {
        fputs("campaign: the reader has no coverage AFL++ can see (built "
              "with neither afl-cc nor SharpFuzz): the black-box oracle's "
              "inputs ran instead, for the same time\n",
              f);
        return;
    }
    fprintf(f,
            "campaign: AFL++, coverage from %s, %s mutations, %u "
            "instance%s, %.0f s: %" PRIu64
            " executions (%.0f a second), %" PRIu64
            " inputs in the queue, %" PRIu64 " crash%s and %" PRIu64
            " hang%s saved, %" PRIu64 " edges reached (a map of %" PRIu64
            "; AFL++ counted %" PRIu64 ", at %.2f%% stability); %" PRIu64
            " inputs judged\n",
            c->coverage, c->mutations, c->instances, plural(c->instances),
            c->seconds, c->executions, c->per_second, c->queue, c->crashes,
            c->crashes == 1 ? "" : "es", c->hangs, plural(c->hangs), c->edges,
            c->map_size, c->afl_edges, c->stability, c->judged);
    if (c->npoints == 0)
        return;
    if (markdown) {
        fputs("\n| seconds | edges |\n|---:|---:|\n", f);
        for (size_t i = 0; i < c->npoints; i++)
            fprintf(f, "| %.0f | %" PRIu64 " |\n", c->curve[i].seconds,
                    c->curve[i].edges);
        return;
    }
    fputs("edges over time:", f);
    for (size_t i = 0; i < c->npoints; i++)
        fprintf(f, "%s %.0f s %" PRIu64, i ? "," : "", c->curve[i].seconds,
                c->curve[i].edges);
    fputc('\n', f);
}

/* ---- text ---- */
static void text_report(FILE *f, const or_score *all, size_t n,
                        const or_run_info *run)
{
    if (run->interrupted)
        fprintf(f,
                "interrupted by %s: the scorecard of the runs made "
                "until then\n",
                signal_name(run->interrupted));
    sweep_line(f, run);
    campaign_lines(f, run, 0);
    for (size_t i = 0; i < n; i++) {
        const or_score *s = &all[i];
        char verdict[1024];
        or_verdict_line(s, verdict, sizeof verdict);
        fputs("reader: ", f);
        tgEscape_plain(f, s->reader);
        fprintf(f, "\n  %" PRIu64 " runs:", total(s->by_class));
        for (int c = 0; c < OR_NCLASSES; c++)
            fprintf(f, "%s %s %" PRIu64, c ? "," : "",
                    or_class_name((or_class)c), s->by_class[c]);
        fputs("\n  verdict: ", f);
        tgEscape_plain(f, verdict);
        fputc('\n', f);
        for (size_t k = 0; k < s->ndefects; k++) {
            const or_defect *d = &s->defects[k];
            fprintf(f, "  %s: ", or_class_name(d->cls));
            tgEscape_plain(f, cause_of(d));
            fprintf(f, " (%" PRIu64 " file%s: ", d->count, plural(d->count));
            evidence_text(f, d);
            fputs(")\n    example: ", f);
            tgEscape_plain(f, d->example);
            fprintf(f, " (%zu bytes)", d->example_size);
            if (d->what[0]) {
                fputs(", ", f);
                tgEscape_plain(f, d->what);
            }
            fputc('\n', f);
            if (d->behind[0]) {
                fputs("    behind: ", f);
                tgEscape_plain(f, d->behind);
                fputc('\n', f);
            }
            if (d->minimal[0]) {
                fputs("    minimal: ", f);
                tgEscape_plain(f, d->minimal);
                fprintf(f, " (%zu bytes)\n", d->minimal_size);
            }
        }
    }
    differential(f, n, run->disagree);
}

/* ---- JSON ---- */
static void json_counts(FILE *f, const uint64_t *by_class)
{
    fputc('{', f);
    for (int c = 0; c < OR_NCLASSES; c++)
        fprintf(f, "%s\"%s\":%" PRIu64, c ? "," : "",
                or_class_name((or_class)c), by_class[c]);
    fputc('}', f);
}

static void json_text_or_null(FILE *f, const char *s)
{
    if (s && s[0])
        tgEscape_json(f, s);
    else
        fputs("null", f);
}

static void json_defect(FILE *f, const or_defect *d)
{
    fprintf(f, "{\"class\":\"%s\",\"rule\":", or_class_name(d->cls));
    json_text_or_null(f, d->rule);
    fputs(",\"message\":", f);
    tgEscape_json(f, d->why);
    fputs(",\"signature\":", f);
    tgEscape_json(f, d->sig);
    fprintf(f, ",\"files\":%" PRIu64 ",\"rules\":[", d->count);
    for (size_t i = 0; i < d->nrules; i++) {
        fputs(i ? ",{\"rule\":" : "{\"rule\":", f);
        json_text_or_null(f, d->rules[i].rule);
        fprintf(f, ",\"files\":%" PRIu64 "}", d->rules[i].files);
    }
    fprintf(f, "],\"files_under_other_rules\":%" PRIu64 ",\"what\":",
            d->more_files);
    json_text_or_null(f, d->what);
    fputs(",\"behind\":", f);
    json_text_or_null(f, d->behind);
    fputs(",\"example\":", f);
    tgEscape_json(f, d->example);
    fprintf(f, ",\"example_bytes\":%zu,\"minimal\":", d->example_size);
    if (d->minimal[0]) {
        tgEscape_json(f, d->minimal);
        fprintf(f, ",\"minimal_bytes\":%zu}", d->minimal_size);
    } else {
        fputs("null,\"minimal_bytes\":null}", f);
    }
}

static void json_reader(FILE *f, const or_score *s)
{
    char verdict[1024];
    or_verdict_line(s, verdict, sizeof verdict);
    fputs("{\"reader\":", f);
    tgEscape_json(f, s->reader);
    fputs(",\"verdict\":", f);
    tgEscape_json(f, verdict);
    fputs(",\"runs\":", f);
    json_counts(f, s->by_class);
    fputs(",\"versions\":[", f);
    for (size_t k = 0; k < s->nversions; k++) {
        const or_version_row *v = &s->versions[k];
        fprintf(f,
                "%s{\"version\":\"%s\",\"must_accept\":%" PRIu64
                ",\"accepted\":%" PRIu64 ",\"not_read\":%" PRIu64 "}",
                k ? "," : "", v->version, v->must_accept, v->accepted,
                v->not_read);
    }
    fputs("],\"rules\":[", f);
    for (size_t k = 0; k < s->nrows; k++) {
        fputs(k ? ",{\"rule\":" : "{\"rule\":", f);
        json_text_or_null(f, s->rows[k].rule);
        fputs(",\"runs\":", f);
        json_counts(f, s->rows[k].by_class);
        fputc('}', f);
    }
    fputs("],\"defects\":[", f);
    for (size_t k = 0; k < s->ndefects; k++) {
        if (k)
            fputc(',', f);
        json_defect(f, &s->defects[k]);
    }
    fputs("]}", f);
}

/* "campaign": null, or the figures of --engine afl's campaign. */
static void json_campaign(FILE *f, const or_campaign *c)
{
    fputs(",\"campaign\":", f);
    if (c->coverage == NULL) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"coverage\":\"%s\",\"mutations\":\"%s\"", c->coverage,
            c->mutations);
    if (strcmp(c->coverage, "none") != 0) {
        fprintf(f,
                ",\"instances\":%u,\"seconds\":%.0f,\"executions\":%" PRIu64
                ",\"executions_per_second\":%.1f,\"queue\":%" PRIu64
                ",\"crashes\":%" PRIu64 ",\"hangs\":%" PRIu64
                ",\"edges\":%" PRIu64 ",\"map_size\":%" PRIu64
                ",\"afl_edges\":%" PRIu64 ",\"stability\":%.2f"
                ",\"judged\":%" PRIu64 ",\"edges_over_time\":[",
                c->instances, c->seconds, c->executions, c->per_second,
                c->queue, c->crashes, c->hangs, c->edges, c->map_size,
                c->afl_edges, c->stability, c->judged);
        for (size_t i = 0; i < c->npoints; i++)
            fprintf(f, "%s[%.0f,%" PRIu64 "]", i ? "," : "",
                    c->curve[i].seconds, c->curve[i].edges);
        fputc(']', f);
    }
    fputc('}', f);
}

static void json_report(FILE *f, const or_score *all, size_t n,
                        const or_run_info *run)
{
    fprintf(f,
            "{\"schema\":\"tracegate-oracle\",\"version\":2,\"tool\":"
            "\"tracegate %s\",\"timeout_seconds\":%g,\"memory_mib\":%" PRIu64
            ",\"reads\":",
            TG_VERSION, run->lim->timeout, run->lim->memory_mib);
    json_text_or_null(f, run->reads);
    fputs(",\"interrupted\":", f);
    if (run->interrupted)
        fprintf(f, "\"%s\"", signal_name(run->interrupted));
    else
        fputs("null", f);
    fprintf(f,
            ",\"sweep\":{\"files\":%" PRIu64 ",\"fields\":%" PRIu64
            ",\"inputs\":%" PRIu64 ",\"files_capped\":%" PRIu64 "}",
            run->swept_files, run->swept_fields, run->swept_inputs,
            run->swept_capped);
    json_campaign(f, &run->campaign);
    fprintf(f, ",\"disagreements\":%" PRIu64 ",\"readers\":[", run->disagree);
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        json_reader(f, &all[i]);
    }
    fputs("]}\n", f);
}

/* ---- JUnit: a test suite per reader, a test case per rule ---- */
static void junit_report(FILE *f, const or_score *all, size_t n)
{
    int64_t now = tgCli_now();
    tgJunit_begin(f);
    for (size_t i = 0; i < n; i++) {
        const or_score *s = &all[i];
        tgJunit_suite suite = {
            s->reader, "tracegate.oracle", i, now, s->nrows, 0, 0, 0};
        for (size_t k = 0; k < s->nrows; k++)
            for (int c = 0; c < OR_RIGHT; c++)
                if (s->rows[k].by_class[c]) {
                    suite.failures++;
                    break;
                }
        tgJunit_suite_begin(f, &suite, NULL, 0);
        for (size_t k = 0; k < s->nrows; k++) {
            const or_rule_row *r = &s->rows[k];
            fprintf(f,
                    "    <testcase classname=\"oracle\" name=\"%s\" "
                    "time=\"0\"",
                    rule_label(r->rule));
            int first = 1;
            for (int c = 0; c < OR_RIGHT; c++) {
                if (!r->by_class[c])
                    continue;
                if (first)
                    fputs(">\n      <failure type=\"defect\" message=\"", f);
                fprintf(f, "%s%s %" PRIu64, first ? "" : ", ",
                        or_class_name((or_class)c), r->by_class[c]);
                first = 0;
            }
            fputs(first ? "/>\n" : "\"/>\n    </testcase>\n", f);
        }
        tgJunit_suite_end(f, NULL, NULL);
    }
    tgJunit_end(f);
}

/* ---- markdown, for reports/ ---- */
static void md_cell(FILE *f, const char *s)
{
    for (; *s; s++) { /* a | would end the cell, a newline the row */
        if (*s == '|' || *s == '\n' || *s == '`')
            fputc(' ', f);
        else
            fputc(*s, f);
    }
}

static void markdown_report(FILE *f, const or_score *all, size_t n,
                            const or_run_info *run)
{
    fprintf(f,
            "# tracegate oracle scorecard\n\ntracegate %s; timeout %g s, "
            "memory %" PRIu64 " MiB.\n",
            TG_VERSION, run->lim->timeout, run->lim->memory_mib);
    if (run->interrupted)
        fprintf(f, "\nInterrupted by %s: the runs made until then.\n",
                signal_name(run->interrupted));
    if (run->swept_files) {
        fputc('\n', f);
        sweep_line(f, run);
    }
    if (run->campaign.coverage) {
        fputc('\n', f);
        campaign_lines(f, run, 1);
    }
    for (size_t i = 0; i < n; i++) {
        const or_score *s = &all[i];
        char verdict[1024];
        or_verdict_line(s, verdict, sizeof verdict);
        fputs("\n## Reader `", f);
        md_cell(f, s->reader);
        fputs("`\n\n", f);
        md_cell(f, verdict);
        fputs(".\n\n| class | runs |\n|---|---:|\n", f);
        for (int c = 0; c < OR_NCLASSES; c++)
            fprintf(f, "| %s | %" PRIu64 " |\n", or_class_name((or_class)c),
                    s->by_class[c]);
        if (s->ndefects == 0)
            continue;
        fputs("\n| class | cause | files (by rule) | minimal reproducer "
              "|\n|---|---|---|---|\n",
              f);
        for (size_t k = 0; k < s->ndefects; k++) {
            const or_defect *d = &s->defects[k];
            fprintf(f, "| %s | ", or_class_name(d->cls));
            md_cell(f, cause_of(d));
            if (d->behind[0]) {
                fputs(" (behind ", f);
                md_cell(f, d->behind);
                fputc(')', f);
            }
            fprintf(f, " | %" PRIu64 " (", d->count);
            evidence_text(f, d);
            fputs(") | ", f);
            md_cell(f, d->minimal[0] ? d->minimal : d->example);
            fprintf(f, " (%zu bytes) |\n",
                    d->minimal[0] ? d->minimal_size : d->example_size);
        }
    }
    if (n > 1)
        fputc('\n', f);
    differential(f, n, run->disagree);
}

void or_write_report(FILE *f, or_report form, const or_score *s, size_t n,
                     const or_run_info *run)
{
    switch (form) {
    case OR_TEXT: text_report(f, s, n, run); break;
    case OR_JSON: json_report(f, s, n, run); break;
    case OR_JUNIT: junit_report(f, s, n); break;
    case OR_MARKDOWN: markdown_report(f, s, n, run); break;
    }
}
