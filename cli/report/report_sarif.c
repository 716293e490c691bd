/* report_sarif.c - SARIF 2.1.0, one run.  rules[] comes from the rule
 * tables; each result has byteOffset/byteLength and a startLine (1 for
 * binary formats) so code-scanning services accept findings in binary
 * files, and a partialFingerprint (tgReport_fingerprint()), which stays put
 * when records are inserted, deleted or moved elsewhere.  Files that could not be checked
 * become toolExecutionNotifications. */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base.h" /* TG_CLI_USAGE */
#include "escape.h"
#include "report.h"

/* The tool's home page for informationUri, set by whoever builds
 * tracegate for others (CMake's TG_HOMEPAGE); none by default. */
#ifndef TG_HOMEPAGE
#define TG_HOMEPAGE ""
#endif

typedef struct sarif_state {
    FILE *notes; /* toolExecutionNotifications, written at the end */
    char *text;
    size_t size;
    int any_note;
    char *root; /* --sarif-root: absolute, ending in '/'; NULL = none */
} sarif_state;

static void write_rule(FILE *o, const char *format, const tg_rule *r)
{
    char full[1024], help[2048];
    const char *id = tg_rule_id(r), *level = tg_level_name(tg_rule_level(r));
    const char *message = tg_rule_get(r, TG_RULE_MESSAGE);
    const char *example = tg_rule_get(r, TG_RULE_EXAMPLE);
    fputs("{\"id\":", o);
    tgEscape_json(o, id);
    fputs(",\"shortDescription\":{\"text\":", o);
    tgEscape_json(o, message);
    snprintf(full, sizeof full, "%s, section \"%s\": \"%s\"",
             tg_rule_get(r, TG_RULE_DOCUMENT), tg_rule_get(r, TG_RULE_SECTION),
             tg_rule_get(r, TG_RULE_QUOTE));
    fputs("},\"fullDescription\":{\"text\":", o);
    tgEscape_json(o, full);
    /* code scanning shows help with each alert: the rule, its clause,
     * and the bytes of a violation */
    int n = snprintf(help, sizeof help, "%s (%s, %s).\n\nThe clause: %s.",
                     message, id, level, full);
    if (example && n > 0 && (size_t)n < sizeof help)
        snprintf(help + n, sizeof help - (size_t)n, "\n\nA violation: %s",
                 example);
    fputs("},\"help\":{\"text\":", o);
    tgEscape_json(o, help);
    fprintf(o, "},\"defaultConfiguration\":{\"level\":\"%s\"}",
            tgReport_severity(tg_rule_level(r)));
    fprintf(o,
            ",\"properties\":{\"format\":\"%s\",\"level\":\"%s\","
            "\"applies\":",
            format, level);
    tgEscape_json(o, tg_rule_get(r, TG_RULE_APPLIES));
    fputs("}}", o);
}

static void sarif_begin(tgReport_sink *s)
{
    FILE *o = s->out;
    sarif_state *st = calloc(1, sizeof *st);
    s->state = st;
    if (st)
        st->notes = open_memstream(&st->text, &st->size);
    fprintf(o,
            "{\"$schema\":\"https://json.schemastore.org/"
            "sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{"
            "\"tool\":{\"driver\":{\"name\":\"tracegate\","
            "\"version\":\"%s\",",
            TG_VERSION);
    if (*TG_HOMEPAGE) /* set where tracegate is built for others */
        fputs("\"informationUri\":\"" TG_HOMEPAGE "\",", o);
    fputs("\"rules\":[", o);
    int first = 1;
    for (size_t i = 0; i < tg_format_count(); i++) {
        const char *format = tg_format_at(i)->name;
        for (size_t k = 0; k < tg_rule_count(format); k++) {
            if (!first)
                fputc(',', o);
            first = 0;
            write_rule(o, format, tg_rule_at(format, k));
        }
    }
    /* text formats count columns in code points (AFPerf, decision T-8),
     * not in SARIF's default UTF-16 code units */
    fputs("]}},\"columnKind\":\"unicodeCodePoints\",\"results\":[", o);
}

/* s percent-encoded outside RFC 3986's unreserved characters and '/'. */
static void write_escaped(FILE *o, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
            (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
            fputc(*p, o);
        else
            fprintf(o, "%%%02X", *p);
    }
}

/* An artifactLocation's members: under --sarif-root, a path below the
 * root relative to %SRCROOT%; any other absolute path a file: URI; a
 * relative path a relative reference. */
static void write_location(FILE *o, const sarif_state *st, const char *path)
{
    size_t n = st && st->root ? strlen(st->root) : 0;
    fputs("\"uri\":\"", o);
    if (strcmp(path, "-") == 0) {
        fputs("stdin\"", o);
        return;
    }
    /* a path given relative to the working folder, made absolute to be
     * compared with the root */
    char *abs = n && path[0] != '/' ? realpath(path, NULL) : NULL;
    const char *p = abs ? abs : path;
    if (n && strncmp(p, st->root, n) == 0) {
        write_escaped(o, p + n);
        fputs("\",\"uriBaseId\":\"%SRCROOT%\"", o);
        free(abs);
        return;
    }
    free(abs);
    if (path[0] == '/')
        fputs("file://", o);
    write_escaped(o, path);
    fputc('"', o);
}

static void sarif_diag(tgReport_sink *s, const tgReport_file *f,
                       const tg_diag *d)
{
    FILE *o = s->out;
    char msg[512];
    if (s->total > 0)
        fputc(',', o);
    fputs("{\"ruleId\":", o);
    tgEscape_json(o, tg_rule_id(d->rule));
    fprintf(o, ",\"ruleIndex\":%zu,\"level\":\"%s\",\"message\":{\"text\":",
            tgReport_rule_index(d->rule), tgReport_severity(d->level));
    tgEscape_json(o, tgReport_message(d, msg, sizeof msg));
    fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{", o);
    write_location(o, s->state, f->path);
    fprintf(o,
            "},\"region\":{\"byteOffset\":%" PRIu64 ",\"byteLength\":%" PRIu64
            ",\"startLine\":%" PRIu64,
            d->offset, d->length, d->line ? d->line : 1);
    if (d->column)
        fprintf(o, ",\"startColumn\":%" PRIu64, d->column);
    fputs("}}", o);
    if (*d->path) {
        fputs(",\"logicalLocations\":[{\"fullyQualifiedName\":", o);
        tgEscape_json(o, d->path);
        fputs("}]", o);
    }
    fprintf(o,
            "}],\"partialFingerprints\":{\"tracegateFinding/v2\":\"%016" PRIx64
            "\"},\"properties\":{\"tracegateLevel\":\"%s\"",
            tgReport_fingerprint(d), tg_level_name(d->level));
    if (d->consequence_of >= 0)
        fprintf(o, ",\"consequenceOf\":%" PRId64, d->consequence_of);
    fputs("}}", o);
}

static void sarif_file_end(tgReport_sink *s, const tgReport_file *f)
{
    sarif_state *st = s->state;
    if (st == NULL || st->notes == NULL || f->problem == NULL)
        return;
    FILE *n = st->notes;
    if (st->any_note++)
        fputc(',', n);
    fprintf(n, "{\"level\":\"%s\",\"message\":{\"text\":",
            f->verdict == TG_TRUNCATED ? "warning" : "error");
    tgEscape_json(n, f->problem);
    fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{", n);
    write_location(n, st, f->path);
    fputs("}}}]}", n);
}

static void sarif_end(tgReport_sink *s, int exit_code)
{
    sarif_state *st = s->state;
    FILE *o = s->out;
    fprintf(o,
            "],\"invocations\":[{\"executionSuccessful\":%s,"
            "\"exitCode\":%d,\"toolExecutionNotifications\":[",
            exit_code == TG_INTERNAL || exit_code == TG_CLI_USAGE ? "false"
                                                                  : "true",
            exit_code);
    if (st && st->notes) {
        fclose(st->notes);
        st->notes = NULL;
        fwrite(st->text, 1, st->size, o);
    }
    fputs("]}]", o);
    if (st && st->root) {
        fputs(",\"originalUriBaseIds\":{\"%SRCROOT%\":{\"uri\":\"file://", o);
        write_escaped(o, st->root);
        fputs("\"}}", o);
    }
    fputs("}]}\n", o);
}

int tgReport_set_sarif_root(tgReport_sink *s, const char *abs_dir)
{
    sarif_state *st = s->state;
    size_t n = strlen(abs_dir);
    if (s->ops != &tgReport_sarif_ops || st == NULL || abs_dir[0] != '/')
        return -1;
    free(st->root);
    st->root = malloc(n + 2);
    if (st->root == NULL)
        return -1;
    memcpy(st->root, abs_dir, n + 1);
    if (n == 0 || st->root[n - 1] != '/')
        strcpy(st->root + n, "/");
    return 0;
}

static void sarif_destroy(tgReport_sink *s)
{
    sarif_state *st = s->state;
    if (st == NULL)
        return;
    if (st->notes)
        fclose(st->notes);
    free(st->text);
    free(st->root);
    free(st);
}

const tgReport_ops tgReport_sarif_ops = {.begin = sarif_begin,
                                         .diag = sarif_diag,
                                         .file_end = sarif_file_end,
                                         .end = sarif_end,
                                         .destroy = sarif_destroy};
