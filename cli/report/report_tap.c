/* report_tap.c - TAP version 13: one test point per file, "ok" only when
 * the file is conformant, with its findings in a YAML block.  The point
 * must precede its block but the verdict is known only at the end of the
 * file, so the block of the current file is buffered (bounded by the
 * repeat cap); the plan comes last. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report.h"

typedef struct tap_state {
    FILE *yaml;
    char *text;
    size_t size;
} tap_state;

static void tap_begin(tgReport_sink *s)
{
    fputs("TAP version 13\n", s->out);
    s->state = calloc(1, sizeof(tap_state));
}

static void tap_file_begin(tgReport_sink *s, const tgReport_file *f)
{
    tap_state *st = s->state;
    (void)f;
    if (st)
        st->yaml = open_memstream(&st->text, &st->size);
}

/* YAML accepts JSON's double-quoted strings, so tgEscape_json() serves. */
static void field(FILE *y, const char *key, const char *v)
{
    fprintf(y, "      %s: ", key);
    tgEscape_json(y, v);
    fputc('\n', y);
}

static void tap_diag(tgReport_sink *s, const tgReport_file *f,
                     const tg_diag *d)
{
    tap_state *st = s->state;
    char msg[512];
    (void)f;
    if (st == NULL || st->yaml == NULL)
        return;
    FILE *y = st->yaml;
    if (s->diags == 0)
        fputs("  findings:\n", y);
    fprintf(y, "    - rule: \"%s\"\n", tg_rule_id(d->rule));
    fprintf(y, "      level: %s\n", tg_level_name(d->level));
    fprintf(y, "      offset: %" PRIu64 "\n", d->offset);
    if (d->line)
        fprintf(y, "      line: %" PRIu64 "\n      column: %" PRIu64 "\n",
                d->line, d->column);
    field(y, "path", d->path);
    field(y, "message", tgReport_message(d, msg, sizeof msg));
    if (d->consequence_of >= 0)
        fprintf(y, "      consequence_of: %" PRId64 "\n", d->consequence_of);
}

static void tap_file_end(tgReport_sink *s, const tgReport_file *f)
{
    tap_state *st = s->state;
    FILE *o = s->out;
    fprintf(o, "%s %lu - ", f->verdict == TG_CONFORMANT ? "ok" : "not ok",
            s->files);
    /* '#' would start a directive in the description */
    char *name = strdup(f->path);
    for (char *p = name; p && *p; p++)
        if (*p == '#')
            *p = '_';
    tgEscape_plain(o, name ? name : "?");
    free(name);
    fputs("\n  ---\n", o);
    fprintf(o, "  verdict: %s\n  exit_code: %d\n", tg_verdict_name(f->verdict),
            (int)f->verdict);
    if (f->format) {
        fprintf(o, "  format: %s\n  profile: %s\n", f->format,
                f->profile ? f->profile : "null");
        if (f->layout) {
            fputs("  layout: ", o);
            tgEscape_json(o, f->layout);
            fputc('\n', o);
        }
    }
    if (f->problem) {
        fputs("  problem: ", o);
        tgEscape_json(o, f->problem);
        fputc('\n', o);
    }
    if (st && st->yaml) {
        fclose(st->yaml);
        st->yaml = NULL;
        fwrite(st->text, 1, st->size, o);
        free(st->text);
        st->text = NULL;
    }
    fputs("  ...\n", o);
}

static void tap_end(tgReport_sink *s, int exit_code)
{
    (void)exit_code;
    fprintf(s->out, "1..%lu\n", s->files);
}

static void tap_destroy(tgReport_sink *s) { free(s->state); }

const tgReport_ops tgReport_tap_ops = {.begin = tap_begin,
                                       .file_begin = tap_file_begin,
                                       .diag = tap_diag,
                                       .file_end = tap_file_end,
                                       .end = tap_end,
                                       .destroy = tap_destroy};
