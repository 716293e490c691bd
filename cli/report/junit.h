/* junit.h - the envelope of a JUnit XML report, for check's report and
 * the oracle's scorecard alike.  Two consumers set the rules: Jenkins
 * (junit-10.xsd of the xunit plugin) and the stricter schema of Apache
 * Ant's JUnit task (JUnit.xsd, Windy Road, used by GitLab and others).
 * What both accept: <testsuites> with no attributes; each <testsuite>
 * with name, package, id, timestamp (no time zone), hostname, tests,
 * failures, errors, skipped and time; then <properties>, the test
 * cases, <system-out> and <system-err>, in that order; a test case holds
 * at most one of skipped, error or failure, and a failure or an error
 * has a type.  tests/junit-ant.xsd and tests/junit-jenkins.xsd hold both
 * and tests/reports.t validates against them. */
#ifndef TG_JUNIT_H
#define TG_JUNIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct tgJunit_suite {
    const char *name;    /* the suite: a file's path, a reader          */
    const char *package; /* what it belongs to: "tracegate.FORMAT"     */
    unsigned long id;    /* 0 for the first suite, then 1, 2, ...       */
    int64_t when;        /* Unix seconds, written in UTC                */
    uint64_t tests, failures, errors, skipped;
} tgJunit_suite;

/*! tgJunit_begin(), tgJunit_end() : the document around the suites. */
void tgJunit_begin(FILE *f);
void tgJunit_end(FILE *f);
/*! tgJunit_suite_begin() : a suite's opening tag and its properties,
 *  given as nprops name/value pairs (a NULL value is left out). */
void tgJunit_suite_begin(FILE *f, const tgJunit_suite *s,
                         const char *const *props, size_t nprops);
/*! tgJunit_suite_end() : the suite's system-out, whose text write_out
 *  (NULL: none) writes escaped, an empty system-err, and the closing tag. */
void tgJunit_suite_end(FILE *f, void (*write_out)(FILE *f, void *ctx),
                       void *ctx);

#endif
