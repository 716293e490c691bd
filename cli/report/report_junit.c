/* report_junit.c - JUnit XML: a testsuite per file and a testcase per
 * (file, rule) of the file's format, in the envelope junit.h describes.
 * A rule fails when it has a finding at or above --fail-on, spelled out
 * in its failure; findings below it go to the suite's system-out (a test
 * case may hold no output in Ant's schema); rules that do not apply to
 * the profile are skipped.  Tallies are per rule of the current file, so
 * memory does not grow with the number of findings.  Every time is "0":
 * one pass checks every rule, so no rule has a time of its own; the
 * suite's timestamp is when the file was last written, so the report
 * stays the same from run to run. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "junit.h"
#include "report.h"

#define DETAIL_LINES 20 /* findings spelled out per (file, rule) */

typedef struct junit_rule {
    uint64_t failing, other;
    FILE *detail;
    char *text;
    size_t size;
    unsigned lines;
} junit_rule;

typedef struct junit_state {
    const char *format; /* the file's, or NULL */
    size_t nrules;      /* in its table         */
    junit_rule *rules;
} junit_state;

static void junit_begin(tgReport_sink *s)
{
    tgJunit_begin(s->out);
    s->state = calloc(1, sizeof(junit_state));
}

static void junit_file_begin(tgReport_sink *s, const tgReport_file *f)
{
    junit_state *st = s->state;
    if (st == NULL)
        return;
    st->format = f->format;
    st->nrules = f->format ? tg_rule_count(f->format) : 0;
    st->rules = st->nrules ? calloc(st->nrules, sizeof *st->rules) : NULL;
}

static void junit_diag(tgReport_sink *s, const tgReport_file *f,
                       const tg_diag *d)
{
    junit_state *st = s->state;
    (void)f;
    if (st == NULL || st->rules == NULL)
        return;
    const char *format;
    junit_rule *r = &st->rules[tg_rule_index(d->rule, &format)];
    if (d->level >= s->fail_on && tg_rule_kind_of(d->rule) == TG_KIND_CHECK)
        r->failing += d->suppressed ? d->suppressed : 1;
    else
        r->other += d->suppressed ? d->suppressed : 1;
    if (r->lines >= DETAIL_LINES)
        return;
    if (r->detail == NULL)
        r->detail = open_memstream(&r->text, &r->size);
    if (r->detail == NULL)
        return;
    char msg[512];
    fprintf(r->detail, "0x%" PRIx64, d->offset);
    if (d->line) /* text formats: where an editor shows it */
        fprintf(r->detail, " (%" PRIu64 ":%" PRIu64 ")", d->line, d->column);
    fprintf(r->detail, " %s %s: %s\n", tg_level_name(d->level),
            *d->path ? d->path : "/", tgReport_message(d, msg, sizeof msg));
    r->lines++;
}

static void testcase(FILE *o, const tgReport_file *f, const tg_rule *rule,
                     junit_rule *r, int applies)
{
    fputs("    <testcase classname=\"", o);
    tgEscape_xml(o, f->path);
    fputs("\" name=\"", o);
    tgEscape_xml(o, tg_rule_id(rule));
    fputs("\" time=\"0\">", o);
    if (r->detail) {
        fclose(r->detail);
        r->detail = NULL;
    }
    if (!applies) {
        fputs("<skipped message=\"the rule does not apply under profile ", o);
        tgEscape_xml(o, f->profile ? f->profile : "-");
        fputs("\"/>", o);
    } else if (r->failing) {
        fprintf(o, "<failure type=\"%s\" message=\"", tg_rule_id(rule));
        tgEscape_xml(o, tg_rule_get(rule, TG_RULE_MESSAGE));
        fprintf(o, " (%" PRIu64 " findings)\">", r->failing);
        if (r->text)
            tgEscape_xml(o, r->text);
        fputs("</failure>", o);
    }
    fputs("</testcase>\n", o);
}

/* The suite's system-out: the findings of the rules that did not fail,
 * each rule's after its id. */
static void passed_findings(FILE *o, void *ctx)
{
    const junit_state *st = ctx;
    for (size_t i = 0; i < st->nrules; i++) {
        const junit_rule *r = &st->rules[i];
        if (r->failing || !r->other || !r->text)
            continue;
        tgEscape_xml(o, tg_rule_id(tg_rule_at(st->format, i)));
        fputs(":\n", o);
        tgEscape_xml(o, r->text);
    }
}

static void junit_file_end(tgReport_sink *s, const tgReport_file *f)
{
    junit_state *st = s->state;
    FILE *o = s->out;
    size_t n = st && st->rules ? st->nrules : 0;
    int broken = f->verdict != TG_CONFORMANT && f->verdict != TG_VIOLATIONS;
    char package[64];
    snprintf(package, sizeof package, "tracegate%s%s", f->format ? "." : "",
             f->format ? f->format : "");
    tgJunit_suite suite = {f->path,
                           package,
                           s->files - 1,
                           f->mtime,
                           n + (size_t)broken,
                           0,
                           (uint64_t)broken,
                           0};
    for (size_t i = 0; i < n; i++) {
        suite.failures += st->rules[i].failing != 0;
        suite.skipped +=
            tg_rule_applies(tg_rule_at(st->format, i), f->profile) == 0;
    }
    const char *props[] = {
        "format", f->format, "profile", f->profile,
        "layout", f->layout, "verdict", tg_verdict_name(f->verdict)};
    tgJunit_suite_begin(o, &suite, props, sizeof props / sizeof *props / 2);
    for (size_t i = 0; i < n; i++) {
        const tg_rule *rule = tg_rule_at(st->format, i);
        testcase(o, f, rule, &st->rules[i],
                 tg_rule_applies(rule, f->profile) != 0);
    }
    if (broken) {
        /* the verdict itself: truncated, unsupported, I/O error, limit */
        fputs("    <testcase classname=\"", o);
        tgEscape_xml(o, f->path);
        fprintf(o,
                "\" name=\"verdict\" time=\"0\"><error type=\"%s\" "
                "message=\"",
                tg_verdict_name(f->verdict));
        tgEscape_xml(o, f->problem ? f->problem : tg_verdict_name(f->verdict));
        fputs("\"/></testcase>\n", o);
    }
    tgJunit_suite_end(o, n ? passed_findings : NULL, st);
    for (size_t i = 0; i < n; i++)
        free(st->rules[i].text);
    if (st) {
        free(st->rules);
        st->rules = NULL;
    }
}

static void junit_end(tgReport_sink *s, int exit_code)
{
    (void)exit_code;
    tgJunit_end(s->out);
}

static void junit_destroy(tgReport_sink *s) { free(s->state); }

const tgReport_ops tgReport_junit_ops = {.begin = junit_begin,
                                         .file_begin = junit_file_begin,
                                         .diag = junit_diag,
                                         .file_end = junit_file_end,
                                         .end = junit_end,
                                         .destroy = junit_destroy};
