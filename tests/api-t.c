/* api-t.c - the C API keeps its promises: tg_validator_open() tells an
 * unknown format from a success; option setters refuse names and values
 * they do not accept and change nothing then; options compose in any
 * order (a profile chosen after a level override or a disabled rule keeps
 * them); rule metadata is reached through functions; the version is the
 * same at compile and run time.  Failure: any of these breaks. */
#include <string.h>

#include "tap.h"
#include "tracegate.h"

/* The level and the number of findings a rule got on data, by id. */
typedef struct seen {
    const char *id;
    int count;
    tg_level level;
} seen;

static void on_diag(void *ctx, const tg_diag *d)
{
    seen *s = ctx;
    if (strcmp(tg_rule_id(d->rule), s->id) == 0) {
        s->count++;
        s->level = d->level;
    }
}

/* A dumpalloc file that starts with an OBJE, not a PROC: DA-SEQ-001
 * (SHOULD), and nothing else. */
static const unsigned char obje[] = {'O', 'B', 'J', 'E', 7,   0,   0,  0,
                                     3,   0,   0,   0,   'a', 'b', 'c'};

/* A read callback over a memory buffer. */
typedef struct mem {
    const unsigned char *p;
    size_t n, at;
} mem;

static long mem_read(void *ctx, void *buf, size_t cap)
{
    mem *m = ctx;
    size_t k = m->n - m->at < cap ? m->n - m->at : cap;
    memcpy(buf, m->p + m->at, k);
    m->at += k;
    return (long)k;
}

static int started;
static void on_start(void *ctx, const tg_checker *c)
{
    (void)ctx;
    (void)c;
    started++;
}

/* The checker: detection, the sentence of a verdict, the byte count. */
static void checker(void)
{
    tg_checker *c;
    is_int(tg_checker_open(&c), TG_OK, "a checker opens");
    is_int(tg_checker_set_format(c, "no-such"), TG_EFORMAT,
           "an unknown format is refused");
    is_int(tg_checker_set_profile(c, "no-such"), TG_ENAME,
           "an unknown profile is refused");
    seen s = {"DA-SEQ-001", 0, TG_INFO};
    mem m = {obje, sizeof obje, 0};
    is_int(tg_checker_check(c, mem_read, &m, NULL, on_start, on_diag, &s),
           TG_CONFORMANT, "the OBJE file: conformant");
    ok(started == 1 && s.count == 1 &&
           strcmp(tg_checker_format(c), "dumpalloc") == 0 &&
           strcmp(tg_checker_profile(c), "default") == 0 &&
           tg_checker_bytes(c) == sizeof obje && tg_checker_problem(c) == NULL,
       "... detected as dumpalloc, started once, its bytes counted");
    static const unsigned char zeros[5000];
    mem z = {zeros, sizeof zeros, 0};
    is_int(tg_checker_check(c, mem_read, &z, "x.bin", on_start, NULL, NULL),
           TG_UNSUPPORTED, "5000 zero bytes: unknown format");
    ok(tg_checker_format(c) == NULL && tg_checker_bytes(c) == 5000 &&
           tg_checker_problem(c) &&
           strncmp(tg_checker_problem(c), "unknown format: ", 16) == 0,
       "... no format, all 5000 bytes counted, and a sentence why");
    mem cut = {obje, 6, 0};
    is_int(tg_checker_set_format(c, "dumpalloc"), TG_OK, "format forced");
    is_int(tg_checker_check(c, mem_read, &cut, NULL, NULL, NULL, NULL),
           TG_TRUNCATED, "6 bytes of a header: truncated");
    is_str(tg_checker_problem(c), "the input stops early, at byte 6",
           "... and the sentence says where");
    tg_checker_free(c);
    tg_checker_free(NULL);
}

int main(void)
{
    checker();
    tg_validator *v = (tg_validator *)&v;
    is_int(tg_validator_open("no-such-format", &v), TG_EFORMAT,
           "an unknown format is TG_EFORMAT");
    ok(v == NULL, "... and gives no validator");
    ok(tg_validator_new("no-such-format") == NULL,
       "tg_validator_new() gives NULL for it");
    is_int(tg_validator_open("dumpalloc", &v), TG_OK, "dumpalloc opens");

    is_int(tg_set_fail_on(v, (tg_level)42), TG_EVALUE,
           "tg_set_fail_on(v, 42) is refused");
    is_int(tg_set_rule_level(v, "DA-SEQ-001", (tg_level)9), TG_EVALUE,
           "a level outside INFO..MUST is refused");
    is_int(tg_set_rule_level(v, "NO-SUCH-001", TG_MUST), TG_ENAME,
           "an unknown rule is refused");
    is_int(tg_set_profile(v, "no-such-profile"), TG_ENAME,
           "an unknown profile is refused");
    is_int(tg_disable_rule(v, "NO-SUCH-001"), TG_ENAME,
           "disabling an unknown rule is refused");
    is_int(tg_set_limit(v, (tg_limit)99, 5), TG_ENAME,
           "an unknown limit is refused");
    is_int(tg_set_limit(v, TG_LIMIT_DEPTH, 0), TG_EVALUE,
           "a limit below its minimum is refused");
    is_int(tg_set_limit(v, TG_LIMIT_DEPTH, 2000), TG_EVALUE,
           "a limit above its maximum is refused");

    /* refused calls changed nothing: DA-SEQ-001 is still SHOULD, and a
     * SHOULD finding does not fail under the default fail-on */
    seen s = {"DA-SEQ-001", 0, TG_INFO};
    is_int(tg_check_buffer(v, obje, sizeof obje, on_diag, &s), TG_CONFORMANT,
           "after refused options, defaults hold");
    ok(s.count == 1 && s.level == TG_SHOULD, "DA-SEQ-001 at SHOULD");

    /* options compose: an override, then a profile, keeps the override */
    is_int(tg_set_rule_level(v, "DA-SEQ-001", TG_MUST), TG_OK,
           "DA-SEQ-001 raised to MUST");
    is_int(tg_set_profile(v, "draft-reader"), TG_OK,
           "then profile draft-reader");
    s.count = 0;
    is_int(tg_check_buffer(v, obje, sizeof obje, on_diag, &s), TG_VIOLATIONS,
           "the override survives the profile: the finding fails");
    ok(s.count == 1 && s.level == TG_MUST, "DA-SEQ-001 reported at MUST");
    is_int(tg_disable_rule(v, "DA-SEQ-001"), TG_OK, "DA-SEQ-001 disabled");
    is_int(tg_set_profile(v, "default"), TG_OK, "then profile default");
    s.count = 0;
    tg_check_buffer(v, obje, sizeof obje, on_diag, &s);
    is_int(s.count, 0, "the disabled rule stays off after a profile");
    is_int(tg_set_fail_on(v, TG_INFO), TG_OK, "fail-on INFO is accepted");
    tg_validator_free(v);
    tg_validator_free(NULL);

    /* rules through functions */
    const tg_rule *r = tg_rule_find("DA-REC-003", NULL);
    ok(r && strcmp(tg_rule_id(r), "DA-REC-003") == 0 &&
           tg_rule_level(r) == TG_MUST &&
           tg_rule_kind_of(r) == TG_KIND_CHECK &&
           tg_rule_verdict(r) == TG_VIOLATIONS &&
           strcmp(tg_rule_get(r, TG_RULE_APPLIES), "all") == 0,
       "a rule's columns through tg_rule_*()");
    ok(tg_rule_get(r, (tg_rule_text)77) == NULL, "an unknown column is NULL");
    /* the variants of its mutation, as rules.def declares them */
    is_str(tg_rule_mutation(r, 0), "set a record Length to 0x80000000",
           "mutation variant 0");
    is_str(tg_rule_mutation(r, 1), "set a record Length to 0xFFFFFFFF",
           "mutation variant 1");
    ok(tg_rule_mutation(r, 2) == NULL, "no variant past the last");
    is_str(tg_rule_get(r, TG_RULE_MUTATION),
           "set a record Length to 0x80000000",
           "the MUTATION column is variant 0");
    ok(tg_rule_mutation(tg_rule_find("DA-LIVE-003", NULL), 0) == NULL &&
           tg_rule_get(tg_rule_find("DA-LIVE-003", NULL),
                       TG_RULE_NO_MUTATION) != NULL,
       "a rule without a mutation has no variant, and says why");
    /* applies is made from the scope bits: layouts for NetTrace, profiles
     * for dumpalloc (rules.def says IN_V6 | IN_V6D, IN_V45 | IN_V6D, ...) */
    is_str(tg_rule_get(tg_rule_find("NT-HDR-003", NULL), TG_RULE_APPLIES),
           "v6,v6d", "two layouts, in bit order");
    is_str(tg_rule_get(tg_rule_find("NT-HDR-002", NULL), TG_RULE_APPLIES),
           "v4/5", "one layout");
    is_str(tg_rule_get(tg_rule_find("NT-HDR-001", NULL), TG_RULE_APPLIES),
           "all", "every layout is \"all\"");
    is_str(tg_rule_get(tg_rule_find("DA-COMPAT-001", NULL), TG_RULE_APPLIES),
           "draft-reader", "a dumpalloc scope is a profile");
    ok(tg_rule_count("dumpalloc") > 0 &&
           tg_rule_at("dumpalloc", tg_rule_count("dumpalloc")) == NULL &&
           tg_rule_count("no-such-format") == 0,
       "tg_rule_count() and tg_rule_at() bound the table");

    /* the version, at compile and run time */
    is_str(tg_version(), TG_VERSION, "tg_version() is TG_VERSION");
    ok(TG_VERSION_MAJOR == 0 && TG_VERSION_MINOR == 3, "version 0.3");
    is_str(tg_strerror(TG_EVALUE), "a value the option does not accept",
           "tg_strerror() says what an error is");
    ok(tg_verdict_rank(TG_INTERNAL) > tg_verdict_rank(TG_IO_ERROR) &&
           tg_verdict_rank(TG_IO_ERROR) > tg_verdict_rank(TG_LIMIT) &&
           tg_verdict_rank(TG_LIMIT) > tg_verdict_rank(TG_UNSUPPORTED) &&
           tg_verdict_rank(TG_UNSUPPORTED) > tg_verdict_rank(TG_VIOLATIONS) &&
           tg_verdict_rank(TG_VIOLATIONS) > tg_verdict_rank(TG_TRUNCATED) &&
           tg_verdict_rank(TG_TRUNCATED) > tg_verdict_rank(TG_CONFORMANT),
       "verdicts rank 6 > 3 > 5 > 4 > 1 > 7 > 0");
    return done_testing();
}
