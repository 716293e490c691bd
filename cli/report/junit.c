/* junit.c - the JUnit envelope both schemas accept (junit.h). */
#include "junit.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

#include "escape.h"

void tgJunit_begin(FILE *f)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n", f);
}

void tgJunit_end(FILE *f) { fputs("</testsuites>\n", f); }

/* The machine's name; "localhost" when it has none, as Ant's schema
 * asks. */
static void hostname(FILE *f)
{
    char name[256] = "";
    if (gethostname(name, sizeof name - 1) != 0 || name[0] == 0)
        strcpy(name, "localhost");
    tgEscape_xml(f, name);
}

void tgJunit_suite_begin(FILE *f, const tgJunit_suite *s,
                         const char *const *props, size_t nprops)
{
    time_t t = (time_t)s->when;
    struct tm tm;
    char when[32] = "1970-01-01T00:00:00";
    if (gmtime_r(&t, &tm) != NULL)
        strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
    fputs("  <testsuite name=\"", f);
    tgEscape_xml(f, s->name);
    fputs("\" package=\"", f);
    tgEscape_xml(f, s->package);
    fprintf(f, "\" id=\"%lu\" timestamp=\"%s\" hostname=\"", s->id, when);
    hostname(f);
    fprintf(f,
            "\" tests=\"%llu\" failures=\"%llu\" errors=\"%llu\" "
            "skipped=\"%llu\" time=\"0\">\n    <properties>\n",
            (unsigned long long)s->tests, (unsigned long long)s->failures,
            (unsigned long long)s->errors, (unsigned long long)s->skipped);
    for (size_t i = 0; i + 1 < 2 * nprops; i += 2) {
        if (props[i + 1] == NULL)
            continue;
        fputs("      <property name=\"", f);
        tgEscape_xml(f, props[i]);
        fputs("\" value=\"", f);
        tgEscape_xml(f, props[i + 1]);
        fputs("\"/>\n", f);
    }
    fputs("    </properties>\n", f);
}

void tgJunit_suite_end(FILE *f, void (*write_out)(FILE *f, void *ctx),
                       void *ctx)
{
    fputs("    <system-out>", f);
    if (write_out)
        write_out(f, ctx);
    fputs("</system-out>\n    <system-err></system-err>\n  </testsuite>\n", f);
}
