/* oracle-score-t.c - the oracle's scorecard (spec/oracle.md O4, O8, O10):
 * one defect per cause, with the rules it showed under as evidence; an
 * invalid file accepted in silence one defect per rule; the symmetric
 * verdicts ("rejects everything", "rejects every v6 file", "accepts
 * everything"); masked mutants and files outside --reads said in the
 * verdict line, never counted right; and at most OR_MAX_DEFECTS defects
 * per reader (a reader whose every message differs cannot grow it without
 * end over a long --fuzz).  Failure: a cause split or merged, a verdict
 * line other than the one written out here, a count lost. */
#include <inttypes.h>
#include <string.h>

#include "oracle.h"
#include "tap.h"

static or_judgement judged(tg_duty expect, const char *rule,
                           const char *version)
{
    or_judgement j;
    memset(&j, 0, sizeof j);
    j.expect = expect;
    snprintf(j.rule, sizeof j.rule, "%s", rule);
    snprintf(j.version, sizeof j.version, "%s", version);
    return j;
}

static void add(or_score *s, or_class cls, tg_duty expect, const char *rule,
                const char *version, const char *message)
{
    or_judgement j = judged(expect, rule, version);
    char sig[160];
    or_signature(message, sig, sizeof sig);
    or_score_add(s, cls, &j, sig, message, "", "f.bin", 10);
}

static void verdict_is(const or_score *s, const char *want, const char *what)
{
    char line[1024];
    or_verdict_line(s, line, sizeof line);
    ok(strcmp(line, want) == 0, "%s: %s", what, line);
}

static void one_cause(void)
{
    or_score s = {0};
    const char *hdr = "open trace: invalid NetTrace header at 12";
    add(&s, OR_REJECTS_VALID, TG_DUTY_ACCEPT, "", "v6", hdr);
    add(&s, OR_REJECTS_VALID, TG_DUTY_MAY_WARN, "NT-MET-010", "v6", hdr);
    add(&s, OR_REJECTS_VALID, TG_DUTY_ACCEPT, "", "v6", hdr);
    add(&s, OR_RIGHT, TG_DUTY_ACCEPT, "", "v5", "");
    add(&s, OR_RIGHT, TG_DUTY_REJECT, "NT-HDR-001", "v5", "no");
    ok(s.ndefects == 1 && s.defects[0].count == 3 &&
           s.defects[0].nrules == 2 &&
           strcmp(s.defects[0].rules[0].rule, "") == 0 &&
           s.defects[0].rules[0].files == 2 &&
           strcmp(s.defects[0].rules[1].rule, "NT-MET-010") == 0 &&
           s.defects[0].rules[1].files == 1,
       "one message under two rules: one defect, its rules the evidence");
    verdict_is(&s,
               "rejects every v6 file: it accepted none of the 3 it must "
               "accept; 1 defect found",
               "a reader of no v6 file");
    add(&s, OR_NOT_READ, TG_DUTY_ACCEPT, "", "v6-draft", "");
    add(&s, OR_MASKED, TG_DUTY_REJECT, "NT-HDR-003", "v6", "");
    verdict_is(&s,
               "rejects every v6 file: it accepted none of the 3 it must "
               "accept; 1 defect found; 1 mutant masked: the valid file "
               "each was made from was not read either; 1 v6-draft file not "
               "read (outside --reads)",
               "masked and not read, said and not counted right");
    ok(s.by_class[OR_RIGHT] == 2, "masked runs are not right");
    or_score_free(&s);
}

static void silent_accepts(void)
{
    or_score s = {0};
    add(&s, OR_ACCEPTS_INVALID, TG_DUTY_REJECT, "AF-REG-001", "v1", "");
    add(&s, OR_ACCEPTS_INVALID, TG_DUTY_REJECT, "AF-REG-004", "v1", "");
    add(&s, OR_ACCEPTS_INVALID, TG_DUTY_REJECT, "AF-REG-001", "v1", "");
    ok(s.ndefects == 2 && s.defects[0].count == 2 && s.defects[1].count == 1,
       "invalid files accepted in silence: one defect per rule");
    verdict_is(&s,
               "accepts everything: it accepted all 3 files it must reject; "
               "2 defects found",
               "a reader that accepts everything");
    or_score_free(&s);
    add(&s, OR_REJECTS_VALID, TG_DUTY_ACCEPT, "", "v1", "bad");
    add(&s, OR_RIGHT, TG_DUTY_REJECT, "AF-REG-001", "v1", "bad");
    verdict_is(&s,
               "rejects everything: it accepted none of the 1 it must "
               "accept; 1 defect found",
               "a reader that rejects everything");
    or_score_free(&s);
    add(&s, OR_HANG, TG_DUTY_ACCEPT, "", "", "still running");
    add(&s, OR_REJECTS_VALID, TG_DUTY_ACCEPT, "", "", "bad");
    verdict_is(&s,
               "reads no file: it accepted none of the 2 it must accept; "
               "2 defects found",
               "a reader that hangs on one valid file, rejects the other");
    or_score_free(&s);
}

static void cap(void)
{
    or_score s = {0};
    or_judgement j = judged(TG_DUTY_REJECT, "DA-REC-003", "");
    char sig[32], why[48];
    size_t made = 0;
    for (int i = 0; i < OR_MAX_DEFECTS + 25; i++) {
        snprintf(sig, sizeof sig, "message %d", i);
        snprintf(why, sizeof why, "the reader said message %d", i);
        made +=
            or_score_add(&s, OR_CRASH, &j, sig, why, "", "x.bin", 10) != NULL;
    }
    /* a known defect still counts, past the cap */
    or_score_add(&s, OR_CRASH, &j, "message 3", "again", "", "y.bin", 5);
    ok(made == OR_MAX_DEFECTS && s.ndefects == OR_MAX_DEFECTS &&
           s.defects_dropped == 25,
       "%d distinct crashes: %zu kept, %" PRIu64 " not kept",
       OR_MAX_DEFECTS + 25, s.ndefects, s.defects_dropped);
    ok(s.by_class[OR_CRASH] == OR_MAX_DEFECTS + 26 && s.defects[3].count == 2,
       "every run counted in its class, the known one in its defect too");
    verdict_is(&s,
               "1000 defects found, and 25 more not kept (a scorecard keeps "
               "1000)",
               "past the cap");
    or_score_free(&s);
}

/* or_masked(): a right rejection of a mutant whose valid parent the
 * reader did not read either is masked (O10), and so is a crash, hang or
 * running out of memory alike the parent's (O14). */
static void masking(void)
{
    ok(or_masked(OR_RIGHT, TG_DUTY_REJECT, TG_DUTY_ACCEPT,
                 1 + OR_REJECTS_VALID, 0) == OR_MASKED &&
           or_masked(OR_RIGHT, TG_DUTY_REJECT, TG_DUTY_ACCEPT, 1 + OR_HANG,
                     0) == OR_MASKED,
       "a rejected mutant of a rejected or hung parent: masked");
    ok(or_masked(OR_RIGHT, TG_DUTY_REJECT, TG_DUTY_ACCEPT, 1 + OR_RIGHT, 0) ==
               OR_RIGHT &&
           or_masked(OR_RIGHT, TG_DUTY_REJECT, TG_DUTY_ACCEPT, 0, 0) ==
               OR_RIGHT &&
           or_masked(OR_RIGHT, TG_DUTY_REJECT, TG_DUTY_REJECT,
                     1 + OR_ACCEPTS_INVALID, 0) == OR_RIGHT,
       "a parent read right, not run, or itself invalid: right stays right");
    ok(or_masked(OR_RIGHT, TG_DUTY_REJECT, TG_DUTY_ACCEPT, 1 + OR_MISREADS,
                 0) == OR_RIGHT,
       "a parent misread was read: its rejected mutant is right");
    ok(or_took_of(OR_MISREADS, TG_DUTY_ACCEPT) == OR_TOOK_ACCEPT,
       "a file misread was taken");
    ok(or_masked(OR_CRASH, TG_DUTY_REJECT, TG_DUTY_ACCEPT,
                 1 + OR_REJECTS_VALID, 0) == OR_CRASH &&
           or_masked(OR_ACCEPTS_INVALID, TG_DUTY_REJECT, TG_DUTY_ACCEPT,
                     1 + OR_REJECTS_VALID, 0) == OR_ACCEPTS_INVALID,
       "a defect on the mutant stays a defect, whatever its parent");
    ok(or_masked(OR_CRASH, TG_DUTY_REJECT, TG_DUTY_ACCEPT, 1 + OR_CRASH, 1) ==
               OR_MASKED &&
           or_masked(OR_HANG, TG_DUTY_ACCEPT, TG_DUTY_ACCEPT, 1 + OR_HANG,
                     1) == OR_MASKED &&
           or_masked(OR_OOM, TG_DUTY_REJECT, TG_DUTY_ACCEPT, 1 + OR_OOM, 1) ==
               OR_MASKED,
       "a crash, hang, out of memory alike the parent's: masked");
    ok(or_masked(OR_CRASH, TG_DUTY_REJECT, TG_DUTY_ACCEPT, 1 + OR_CRASH, 0) ==
               OR_CRASH &&
           or_masked(OR_CRASH, TG_DUTY_REJECT, TG_DUTY_ACCEPT, 1 + OR_HANG,
                     1) == OR_CRASH &&
           or_masked(OR_EXECUTES, TG_DUTY_ACCEPT, TG_DUTY_ACCEPT,
                     1 + OR_EXECUTES, 1) == OR_EXECUTES,
       "another crash, another class, or code run: a defect of its own");
}

int main(void)
{
    masking();
    one_cause();
    silent_accepts();
    cap();
    return done_testing();
}
