/* finding.h - the words a finding is said in, which the CLI's reports,
 * `show` and the browser page share (finding.c). */
#ifndef TG_VIEW_FINDING_H
#define TG_VIEW_FINDING_H

#include <stdio.h>

#include "tracegate.h"

/*! tgReport_severity() : error, warning or note. */
const char *tgReport_severity(tg_level level);
/*! tgReport_json_finding() : finding d as the JSON object the JSON report
 *  lists it as (spec/report.schema.json, "finding"). */
void tgReport_json_finding(FILE *o, const tg_diag *d);
/*! tgReport_capped() : the line of a summary finding (d->suppressed > 0)
 *  after its rule id: how many repeats the cap left out. */
void tgReport_capped(FILE *o, const tg_diag *d);
/*! tgReport_message() : the finding as one sentence into buf. */
const char *tgReport_message(const tg_diag *d, char *buf, size_t size);

#endif
