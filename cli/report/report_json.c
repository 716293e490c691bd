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

static void opt_str(FILE *o, const char *key, const char *v)
{
    fprintf(o, ",\"%s\":", key);
    if (v)
        tgEscape_json(o, v);
    else
        fputs("null", o);
}

static void json_file_begin(tgReport_sink *s, const tgReport_file *f)
{
    fputs(s->files ? ",{\"path\":" : "{\"path\":", s->out);
    tgEscape_json(s->out, f->path);
    fputs(",\"findings\":[", s->out);
}

void tgReport_json_finding(FILE *o, const tg_diag *d)
{
    char msg[512];
    fputs("{\"rule\":", o);
    tgEscape_json(o, tg_rule_id(d->rule));
    fprintf(o,
            ",\"level\":\"%s\",\"severity\":\"%s\",\"seq\":%" PRIu64
            ",\"offset\":%" PRIu64 ",\"length\":%" PRIu64,
            tg_level_name(d->level), tgReport_severity(d->level), d->seq,
            d->offset, d->length);
    if (d->line)
        fprintf(o, ",\"line\":%" PRIu64 ",\"column\":%" PRIu64, d->line,
                d->column);
    else
        fputs(",\"line\":null,\"column\":null", o);
    opt_str(o, "path", d->path);
    opt_str(o, "message", tgReport_message(d, msg, sizeof msg));
    opt_str(o, "expected", d->expected);
    opt_str(o, "found", d->found);
    if (d->consequence_of >= 0)
        fprintf(o, ",\"consequence_of\":%" PRId64, d->consequence_of);
    else
        fputs(",\"consequence_of\":null", o);
    fprintf(o, ",\"suppressed\":%" PRIu64, d->suppressed);
    fputs(",\"clause\":{\"document\":", o);
    tgEscape_json(o, tg_rule_get(d->rule, TG_RULE_DOCUMENT));
    opt_str(o, "section", tg_rule_get(d->rule, TG_RULE_SECTION));
    opt_str(o, "quote", tg_rule_get(d->rule, TG_RULE_QUOTE));
    fputs("}}", o);
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
    opt_str(o, "format", f->format);
    opt_str(o, "detected_by", f->detected);
    opt_str(o, "profile", f->profile);
    opt_str(o, "layout", f->layout);
    opt_str(o, "problem", f->problem);
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
