/* report_text.c - compiler-style lines, one per finding:
 *     file:0x1a2f: error[DA-REC-002]: message
 *         at /record[3]{DALC}: expected 16 bytes, found 12 bytes
 *         spec: seeds/dumpalloc.md, section "Record Types"
 * (file:LINE:COL: for text formats), then one verdict line per file. */
#include <inttypes.h>

#include "escape.h"
#include "report.h"

static void text_diag(tgR_sink *s, const tgR_file *f, const tg_diag *d)
{
    FILE *o = s->out;
    tgX_plain(o, f->path);
    if (d->line)
        fprintf(o, ":%" PRIu64 ":%" PRIu64 ": ", d->line, d->column);
    else
        fprintf(o, ":0x%" PRIx64 ": ", d->offset);
    fprintf(o, "%s[%s]: ", tgR_severity(d->level), d->rule->id);
    if (d->suppressed) {
        fprintf(o,
                "%" PRIu64 " more findings of this rule not shown "
                "(repeat cap)\n",
                d->suppressed);
        return;
    }
    fprintf(o, "%s\n    at ", d->rule->message);
    tgX_plain(o, *d->path ? d->path : "/");
    if (*d->expected || *d->found) {
        fputs(": expected ", o);
        tgX_plain(o, d->expected);
        fputs(", found ", o);
        tgX_plain(o, d->found);
    }
    fputc('\n', o);
    fprintf(o, "    spec: %s, section \"%s\"\n", d->rule->document,
            d->rule->section);
    if (d->consequence_of >= 0)
        fprintf(o, "    (a consequence of finding #%" PRId64 ")\n",
                d->consequence_of);
}

static void text_file_end(tgR_sink *s, const tgR_file *f)
{
    FILE *o = s->out;
    tgX_plain(o, f->path);
    fprintf(o, ": %s (exit %d)", tg_verdict_name(f->verdict), (int)f->verdict);
    if (f->problem) {
        fputs(": ", o);
        tgX_plain(o, f->problem);
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
    if (f->layout) {
        fputs("; layout ", o);
        tgX_plain(o, f->layout);
    }
    fputc('\n', o);
}

const tgR_ops tgR_text_ops = {NULL,          NULL, text_diag,
                              text_file_end, NULL, NULL};
