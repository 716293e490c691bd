/* report_json.c - the versioned JSON report (spec/report.schema.json),
 * streamed: findings are written as they arrive. */
#include <inttypes.h>

#include "escape.h"
#include "report.h"

static void json_begin(tgReport_sink *s)
{
    fprintf(s->out,
            "{\"schema\":\"tracegate-report\",\"version\":%d,"
            "\"tool\":{\"name\":\"tracegate\",\"version\":\"%s\"},"
            "\"fail_on\":\"%s\",\"files\":[",
            TG_REPORT_SCHEMA_VERSION, TG_VERSION, tg_level_name(s->fail_on));
}

static void json_file_begin(tgReport_sink *s, const tgReport_file *f)
{
    fputs(s->files ? ",{\"path\":" : "{\"path\":", s->out);
    tgEscape_json(s->out, f->path);
    fputs(",\"findings\":[", s->out);
}

static void json_diag(tgReport_sink *s, const tgReport_file *f,
                      const tg_diag *d)
{
    (void)f;
    if (s->diags)
        fputc(',', s->out);
    tgReport_json_finding(s->out, d);
}

static void json_file_end(tgReport_sink *s, const tgReport_file *f)
{
    FILE *o = s->out;
    fputc(']', o);
    tgEscape_json_member(o, "format", f->format);
    tgEscape_json_member(o, "detected_by", f->detected);
    tgEscape_json_member(o, "profile", f->profile);
    tgEscape_json_member(o, "layout", f->layout);
    tgEscape_json_member(o, "problem", f->problem);
    fprintf(o, ",\"verdict\":\"%s\",\"exit_code\":%d,\"bytes\":%" PRIu64,
            tg_verdict_name(f->verdict), (int)f->verdict, f->bytes);
    fprintf(o,
            ",\"counts\":{\"MUST\":%" PRIu64 ",\"SHOULD\":%" PRIu64
            ",\"COMPAT\":%" PRIu64 ",\"INFO\":%" PRIu64 "}",
            f->counts[TG_MUST], f->counts[TG_SHOULD], f->counts[TG_COMPAT],
            f->counts[TG_INFO]);
    fprintf(o, ",\"suppressed\":%" PRIu64 "}", f->suppressed);
}

static void json_end(tgReport_sink *s, int exit_code)
{
    fprintf(s->out, "],\"exit_code\":%d}\n", exit_code);
}

const tgReport_ops tgReport_json_ops = {.begin = json_begin,
                                        .file_begin = json_file_begin,
                                        .diag = json_diag,
                                        .file_end = json_file_end,
                                        .end = json_end};
