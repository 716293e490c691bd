/* report_text.c - compiler-style lines, one per finding:
 *     file:0x1a2f: error[DA-REC-002]: message
 *         at /record[3]{DALC}: expected 16 bytes, found 12 bytes
 *         spec: Dumpalloc File Format (github.com/mich181189/dumpalloc,
 *             fileformat.md, branch fix-format-ambiguity), section "Record
 *             Types" (on one line)
 * (file:LINE:COL: for text formats), then one verdict line per file, and
 * after several files a summary line.  Quiet (tgReport_set_quiet()): a file's
 * lines are held in memory until its verdict, and written only if it
 * fails; the summary too is written only if a file failed. */
#define _GNU_SOURCE /* open_memstream */
#include <inttypes.h>
#include <stdlib.h>

#include "escape.h"
#include "report.h"

static void text_diag(tgReport_sink *s, const tgReport_file *f,
                      const tg_diag *d)
{
    FILE *o = s->out;
    tgEscape_plain(o, f->path);
    if (d->line)
        fprintf(o, ":%" PRIu64 ":%" PRIu64 ": ", d->line, d->column);
    else
        fprintf(o, ":0x%" PRIx64 ": ", d->offset);
    fprintf(o, "%s[%s]: ", tgReport_severity(d->level), tg_rule_id(d->rule));
    if (d->suppressed) {
        tgReport_capped(o, d);
        return;
    }
    fprintf(o, "%s\n    at ", tg_rule_get(d->rule, TG_RULE_MESSAGE));
    tgEscape_plain(o, *d->path ? d->path : "/");
    if (*d->expected || *d->found) {
        fputs(": expected ", o);
        tgEscape_plain(o, d->expected);
        fputs(", found ", o);
        tgEscape_plain(o, d->found);
    }
    fputc('\n', o);
    fprintf(o, "    spec: %s, section \"%s\"\n",
            tg_rule_get(d->rule, TG_RULE_DOCUMENT),
            tg_rule_get(d->rule, TG_RULE_SECTION));
    if (d->consequence_of >= 0)
        fprintf(o, "    (a consequence of finding #%" PRId64 ")\n",
                d->consequence_of);
}

static void text_verdict_line(tgReport_sink *s, const tgReport_file *f);

typedef struct text_state {
    FILE *real; /* the report's stream, while s->out holds a file */
    char *held; /* what a quiet report holds of the current file  */
    size_t held_len;
    unsigned long verdicts[8]; /* files per verdict */
} text_state;

static void text_begin(tgReport_sink *s)
{
    s->state = calloc(1, sizeof(text_state));
}

static void text_file_begin(tgReport_sink *s, const tgReport_file *f)
{
    (void)f;
    text_state *t = s->state;
    if (!s->quiet || t == NULL)
        return;
    FILE *mem = open_memstream(&t->held, &t->held_len);
    if (mem == NULL) /* no memory to hold it: written as it comes */
        return;
    t->real = s->out;
    s->out = mem;
}

/* A quiet report's held file: written if it failed, then let go. */
static void text_release(tgReport_sink *s, const tgReport_file *f)
{
    text_state *t = s->state;
    if (t == NULL || t->real == NULL)
        return;
    fclose(s->out);
    s->out = t->real;
    t->real = NULL;
    if (f->verdict != TG_CONFORMANT)
        fwrite(t->held, 1, t->held_len, s->out);
    free(t->held);
    t->held = NULL;
}

static void text_file_end(tgReport_sink *s, const tgReport_file *f)
{
    text_verdict_line(s, f);
    text_release(s, f);
    text_state *t = s->state;
    if (t && (unsigned)f->verdict < 8)
        t->verdicts[f->verdict]++;
}

static void text_end(tgReport_sink *s, int exit_code)
{
    text_state *t = s->state;
    if (t == NULL || s->files < 2 ||
        (s->quiet && t->verdicts[TG_CONFORMANT] == s->files))
        return;
    fprintf(s->out, "tracegate: %lu files:", s->files);
    const char *sep = " ";
    for (int v = 0; v < 8; v++)
        if (t->verdicts[v]) {
            fprintf(s->out, "%s%lu %s", sep, t->verdicts[v],
                    tg_verdict_name((tg_verdict)v));
            sep = ", ";
        }
    fprintf(s->out, "; exit %d\n", exit_code);
}

static void text_destroy(tgReport_sink *s) { free(s->state); }

static void text_verdict_line(tgReport_sink *s, const tgReport_file *f)
{
    FILE *o = s->out;
    tgEscape_plain(o, f->path);
    fprintf(o, ": %s (exit %d)", tg_verdict_name(f->verdict), (int)f->verdict);
    if (f->problem) {
        fputs(": ", o);
        tgEscape_plain(o, f->problem);
    }
    if (f->format)
        fprintf(o,
                "; %s, profile %s, format from %s; %" PRIu64
                " bytes; findings: %" PRIu64 " MUST, %" PRIu64
                " SHOULD, %" PRIu64 " COMPAT, %" PRIu64 " INFO",
                f->format, f->profile ? f->profile : "-", f->detected,
                f->bytes, f->counts[TG_MUST], f->counts[TG_SHOULD],
                f->counts[TG_COMPAT], f->counts[TG_INFO]);
    if (f->suppressed)
        fprintf(o, " (+%" PRIu64 " capped)", f->suppressed);
    if (f->baselined)
        fprintf(o, " (+%" PRIu64 " in the baseline)", f->baselined);
    if (f->layout) {
        fputs("; layout ", o);
        tgEscape_plain(o, f->layout);
    }
    fputc('\n', o);
}

const tgReport_ops tgReport_text_ops = {.begin = text_begin,
                                        .file_begin = text_file_begin,
                                        .diag = text_diag,
                                        .file_end = text_file_end,
                                        .end = text_end,
                                        .destroy = text_destroy};
