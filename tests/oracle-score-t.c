/* oracle-score-t.c - the oracle's scorecard keeps at most OR_MAX_DEFECTS
 * defects per reader: a reader whose every message differs (it quotes its
 * input) cannot grow it without end over a long --fuzz.  Past the cap a
 * run counts in its class only, and the verdict line says how many
 * defects were not kept.  Failure: more defects kept, a count lost, or
 * another verdict line. */
#include "../cli/oracle/classify.c"
#include "../cli/oracle/score.c"
#include "../cli/report/escape.c"
#include "../cli/report/junit.c"

#include "tap.h"

int main(void)
{
    or_score s = {0};
    or_judgement j = {0};
    j.expect = TG_DUTY_REJECT;
    snprintf(j.rule, sizeof j.rule, "DA-REC-003");
    char sig[32], why[48];
    size_t made = 0;
    for (int i = 0; i < OR_MAX_DEFECTS + 25; i++) {
        snprintf(sig, sizeof sig, "message %d", i);
        snprintf(why, sizeof why, "the reader said message %d", i);
        made += or_score_add(&s, OR_CRASH, &j, sig, why, "x.bin", 10) != NULL;
    }
    /* a known defect still counts, past the cap */
    or_score_add(&s, OR_CRASH, &j, "message 3", "again", "y.bin", 5);
    char line[160];
    or_verdict_line(&s, line, sizeof line);
    ok(made == OR_MAX_DEFECTS && s.ndefects == OR_MAX_DEFECTS &&
           s.defects_dropped == 25,
       "%d distinct crashes: %zu kept, %" PRIu64 " not kept",
       OR_MAX_DEFECTS + 25, s.ndefects, s.defects_dropped);
    ok(s.by_class[OR_CRASH] == OR_MAX_DEFECTS + 26 && s.defects[3].count == 2,
       "every run counted in its class, the known one in its defect too");
    ok(strcmp(line, "1000 defects found, and 25 more not kept (a scorecard "
                    "keeps 1000)") == 0,
       "verdict line: %s", line);
    or_score_free(&s);
    return done_testing();
}
