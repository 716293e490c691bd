/* score.c - a reader's scorecard: runs counted by class, overall and per
 * rule, and its defects, one per (class, rule, message); then the
 * scorecards written as text, JSON, JUnit XML or markdown. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../report/escape.h"
#include "../report/junit.h"
#include "oracle.h"

/* Grow an array of n elements of `size` to hold one more. */
static int grow(void **at, size_t n, size_t *cap, size_t size)
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
    if (grow((void **)&s->rows, s->nrows, &s->caprows, sizeof *s->rows))
        return NULL;
    or_rule_row *r = &s->rows[s->nrows++];
    memset(r, 0, sizeof *r);
    snprintf(r->rule, sizeof r->rule, "%s", rule);
    return r;
}

or_defect *or_score_add(or_score *s, or_class cls, const or_judgement *j,
                        const char *sig, const char *why, const char *path,
                        size_t size)
{
    s->by_class[cls]++;
    or_rule_row *row = row_of(s, j->rule);
    if (row)
        row->by_class[cls]++;
    if (j->expect == TG_DUTY_REJECT) {
        s->must_reject++;
        s->rejected_of_must += cls != OR_ACCEPTS_INVALID;
    }
    if (!or_is_defect(cls))
        return NULL;
    for (size_t i = 0; i < s->ndefects; i++) {
        or_defect *d = &s->defects[i];
        if (d->cls == cls && strcmp(d->rule, j->rule) == 0 &&
            strcmp(d->sig, sig) == 0) {
            d->count++;
            if (size >= d->example_size)
                return NULL;
            snprintf(d->example, sizeof d->example, "%s", path); /* smaller */
            d->example_size = size;
            return d;
        }
    }
    if (s->ndefects == OR_MAX_DEFECTS) {
        s->defects_dropped++;
        return NULL;
    }
    if (grow((void **)&s->defects, s->ndefects, &s->capdefects,
             sizeof *s->defects))
        return NULL;
    or_defect *d = &s->defects[s->ndefects++];
    memset(d, 0, sizeof *d);
    d->cls = cls;
    d->count = 1;
    snprintf(d->rule, sizeof d->rule, "%s", j->rule);
    snprintf(d->sig, sizeof d->sig, "%s", sig);
    snprintf(d->why, sizeof d->why, "%s", why);
    snprintf(d->example, sizeof d->example, "%s", path);
    d->example_size = size;
    return d;
}

void or_score_free(or_score *s)
{
    free(s->rows);
    free(s->defects);
    memset(s, 0, sizeof *s);
}

void or_verdict_line(const or_score *s, char *out, size_t size)
{
    if (s->must_reject > 0 && s->rejected_of_must == 0)
        snprintf(out, size,
                 "accepts everything: it accepted all %" PRIu64
                 " files it must reject",
                 s->must_reject);
    else if (s->ndefects == 0)
        snprintf(out, size, "no defect found");
    else if (s->defects_dropped == 0)
        snprintf(out, size, "%zu defect%s found", s->ndefects,
                 s->ndefects == 1 ? "" : "s");
    else
        snprintf(out, size,
                 "%zu defects found, and %" PRIu64
                 " more not kept (a scorecard keeps %d)",
                 s->ndefects, s->defects_dropped, OR_MAX_DEFECTS);
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

/* ---- text ---- */
static void text_report(FILE *f, const or_score *all, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const or_score *s = &all[i];
        char verdict[160];
        or_verdict_line(s, verdict, sizeof verdict);
        fputs("reader: ", f);
        tgEscape_plain(f, s->reader);
        fprintf(f, "\n  %" PRIu64 " runs:", total(s->by_class));
        for (int c = 0; c < OR_NCLASSES; c++)
            fprintf(f, "%s %s %" PRIu64, c ? "," : "",
                    or_class_name((or_class)c), s->by_class[c]);
        fprintf(f, "\n  verdict: %s\n", verdict);
        for (size_t k = 0; k < s->ndefects; k++) {
            const or_defect *d = &s->defects[k];
            fprintf(f, "  %s %s: ", or_class_name(d->cls),
                    rule_label(d->rule));
            tgEscape_plain(f, d->why[0] ? d->why : "(no message)");
            fprintf(f, " (%" PRIu64 " file%s)\n    example: ", d->count,
                    d->count == 1 ? "" : "s");
            tgEscape_plain(f, d->example);
            fprintf(f, " (%zu bytes)\n", d->example_size);
            if (d->minimal[0]) {
                fputs("    minimal: ", f);
                tgEscape_plain(f, d->minimal);
                fprintf(f, " (%zu bytes)\n", d->minimal_size);
            }
        }
    }
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

static void json_report(FILE *f, const or_score *all, size_t n,
                        const or_limits *lim, uint64_t disagree)
{
    fprintf(f,
            "{\"schema\":\"tracegate-oracle\",\"version\":1,\"tool\":"
            "\"tracegate %s\",\"timeout_seconds\":%g,\"memory_mib\":%" PRIu64
            ",\"disagreements\":%" PRIu64 ",\"readers\":[",
            TG_VERSION, lim->timeout, lim->memory_mib, disagree);
    for (size_t i = 0; i < n; i++) {
        const or_score *s = &all[i];
        char verdict[160];
        or_verdict_line(s, verdict, sizeof verdict);
        fputs(i ? ",{\"reader\":" : "{\"reader\":", f);
        tgEscape_json(f, s->reader);
        fputs(",\"verdict\":", f);
        tgEscape_json(f, verdict);
        fputs(",\"runs\":", f);
        json_counts(f, s->by_class);
        fputs(",\"rules\":[", f);
        for (size_t k = 0; k < s->nrows; k++) {
            fputs(k ? ",{\"rule\":" : "{\"rule\":", f);
            if (s->rows[k].rule[0])
                tgEscape_json(f, s->rows[k].rule);
            else
                fputs("null", f);
            fputs(",\"runs\":", f);
            json_counts(f, s->rows[k].by_class);
            fputc('}', f);
        }
        fputs("],\"defects\":[", f);
        for (size_t k = 0; k < s->ndefects; k++) {
            const or_defect *d = &s->defects[k];
            fprintf(f, "%s{\"class\":\"%s\",\"rule\":", k ? "," : "",
                    or_class_name(d->cls));
            if (d->rule[0])
                tgEscape_json(f, d->rule);
            else
                fputs("null", f);
            fputs(",\"message\":", f);
            tgEscape_json(f, d->why);
            fputs(",\"signature\":", f);
            tgEscape_json(f, d->sig);
            fprintf(f, ",\"files\":%" PRIu64 ",\"example\":", d->count);
            tgEscape_json(f, d->example);
            fprintf(f, ",\"example_bytes\":%zu,\"minimal\":", d->example_size);
            if (d->minimal[0]) {
                tgEscape_json(f, d->minimal);
                fprintf(f, ",\"minimal_bytes\":%zu}", d->minimal_size);
            } else {
                fputs("null,\"minimal_bytes\":null}", f);
            }
        }
        fputs("]}", f);
    }
    fputs("]}\n", f);
}

/* ---- JUnit: a test suite per reader, a test case per rule ---- */
static void junit_report(FILE *f, const or_score *all, size_t n)
{
    int64_t now = (int64_t)time(NULL);
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
                            const or_limits *lim)
{
    fprintf(f,
            "# tracegate oracle scorecard\n\ntracegate %s; timeout %g s, "
            "memory %" PRIu64 " MiB.\n",
            TG_VERSION, lim->timeout, lim->memory_mib);
    for (size_t i = 0; i < n; i++) {
        const or_score *s = &all[i];
        char verdict[160];
        or_verdict_line(s, verdict, sizeof verdict);
        fputs("\n## Reader `", f);
        md_cell(f, s->reader);
        fprintf(f, "`\n\n%s.\n\n| class | runs |\n|---|---:|\n", verdict);
        for (int c = 0; c < OR_NCLASSES; c++)
            fprintf(f, "| %s | %" PRIu64 " |\n", or_class_name((or_class)c),
                    s->by_class[c]);
        if (s->ndefects) {
            fputs("\n| class | rule | message | files | minimal "
                  "reproducer |\n|---|---|---|---:|---|\n",
                  f);
            for (size_t k = 0; k < s->ndefects; k++) {
                const or_defect *d = &s->defects[k];
                fprintf(f, "| %s | %s | ", or_class_name(d->cls),
                        rule_label(d->rule));
                md_cell(f, d->why);
                fprintf(f, " | %" PRIu64 " | ", d->count);
                md_cell(f, d->minimal[0] ? d->minimal : d->example);
                fprintf(f, " (%zu bytes) |\n",
                        d->minimal[0] ? d->minimal_size : d->example_size);
            }
        }
    }
}

/* The differential line: readers that do not all take a file alike. */
static void differential(FILE *f, size_t n, uint64_t disagree)
{
    fprintf(f,
            "%zu readers disagree on %" PRIu64 " file%s; tracegate's "
            "verdict decides which is wrong (their defects)\n",
            n, disagree, disagree == 1 ? "" : "s");
}

void or_write_report(FILE *f, or_report form, const or_score *s, size_t n,
                     const or_limits *lim, uint64_t disagree)
{
    switch (form) {
    case OR_TEXT:
        text_report(f, s, n);
        if (n > 1)
            differential(f, n, disagree);
        break;
    case OR_JSON: json_report(f, s, n, lim, disagree); break;
    case OR_JUNIT: junit_report(f, s, n); break;
    case OR_MARKDOWN:
        markdown_report(f, s, n, lim);
        if (n > 1) {
            fputs("\n", f);
            differential(f, n, disagree);
        }
        break;
    }
}
