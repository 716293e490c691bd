/* finding.c - the words a finding is said in, which every report and the
 * browser page share: its severity, its sentence, and its JSON object
 * (spec/report.schema.json, "finding"). */
#include <inttypes.h>

#include "escape.h"
#include "finding.h"

const char *tgReport_severity(tg_level level)
{
    return level == TG_MUST     ? "error"
           : level == TG_SHOULD ? "warning"
                                : "note";
}

void tgReport_capped(FILE *o, const tg_diag *d)
{
    fprintf(o,
            "%" PRIu64 " more findings of this rule not shown (repeat cap)\n",
            d->suppressed);
}

const char *tgReport_message(const tg_diag *d, char *buf, size_t size)
{
    if (d->suppressed)
        snprintf(buf, size,
                 "%" PRIu64 " more findings of this rule not shown "
                 "(repeat cap reached)",
                 d->suppressed);
    else if (*d->expected || *d->found)
        snprintf(buf, size, "%s: expected %s, found %s",
                 tg_rule_get(d->rule, TG_RULE_MESSAGE), d->expected, d->found);
    else
        snprintf(buf, size, "%s", tg_rule_get(d->rule, TG_RULE_MESSAGE));
    return buf;
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
    tgEscape_json_member(o, "path", d->path);
    tgEscape_json_member(o, "message", tgReport_message(d, msg, sizeof msg));
    tgEscape_json_member(o, "expected", d->expected);
    tgEscape_json_member(o, "found", d->found);
    if (d->consequence_of >= 0)
        fprintf(o, ",\"consequence_of\":%" PRId64, d->consequence_of);
    else
        fputs(",\"consequence_of\":null", o);
    fprintf(o, ",\"suppressed\":%" PRIu64, d->suppressed);
    fputs(",\"clause\":{\"document\":", o);
    tgEscape_json(o, tg_rule_get(d->rule, TG_RULE_DOCUMENT));
    tgEscape_json_member(o, "section", tg_rule_get(d->rule, TG_RULE_SECTION));
    tgEscape_json_member(o, "quote", tg_rule_get(d->rule, TG_RULE_QUOTE));
    fputs("}}", o);
}
