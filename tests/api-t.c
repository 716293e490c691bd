/* api-t.c - the checking API (tracegate.h alone) keeps its promises: one
 * handle checks a reader, a buffer and a descriptor alike, detecting the
 * format or told it; option setters refuse names and values they do not
 * accept and change nothing then; options compose in any order (a
 * profile chosen after a level override or a disabled rule keeps them);
 * a string given is copied; rule metadata is reached through functions;
 * the limits are counted by asking; the version is the same at compile
 * and run time.  tests/api-corpus-t.c has tracegate_corpus.h's.
 * Failure: any of these breaks. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "checker.h"
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

/* The verdict of one finding, against a fail-on level. */
static void finding_verdicts(void)
{
    const tg_rule *should = tg_rule_find("DA-SEQ-001", NULL);
    is_int(tg_finding_verdict(should, TG_SHOULD, TG_MUST), TG_CONFORMANT,
           "a SHOULD finding under --fail-on MUST: conformant");
    is_int(tg_finding_verdict(should, TG_SHOULD, TG_SHOULD), TG_VIOLATIONS,
           "... under --fail-on SHOULD: violations");
    is_int(
        tg_finding_verdict(tg_rule_find("DA-REC-002", NULL), TG_MUST, TG_MUST),
        TG_TRUNCATED, "a truncation rule's finding: truncated");
}

static void helpers(void)
{
    const char *format = "?";
    const tg_rule *r = tg_rule_at("nettrace", 5);
    is_int((int)tg_rule_index(r, &format), 5, "tg_rule_index() of row 5");
    is_str(format, "nettrace", "... and its format");
    is_int(tg_rule_applies(tg_rule_find("DA-COMPAT-001", NULL), "default"), 0,
           "a draft-reader rule does not apply under default");
    is_int(
        tg_rule_applies(tg_rule_find("DA-COMPAT-001", NULL), "draft-reader"),
        1, "... and applies under draft-reader");
    is_int(tg_rule_applies(r, "no-such"), -1, "an unknown profile: -1");
    int fds[2];
    char got[8] = "";
    ok(pipe(fds) == 0 && write(fds[1], "abc", 3) == 3 && close(fds[1]) == 0,
       "a pipe holds 3 bytes");
    is_int((int)tg_read_fd(&fds[0], got, sizeof got), 3,
           "tg_read_fd() reads them");
    is_int((int)tg_read_fd(&fds[0], got, sizeof got), 0, "... then the end");
    close(fds[0]);
    int closed = fds[0];
    is_int((int)tg_read_fd(&closed, got, sizeof got), -1,
           "... and -1 from a closed descriptor");
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
    seen b = {"DA-SEQ-001", 0, TG_INFO};
    started = 0;
    is_int(tg_checker_check_buffer(c, obje, sizeof obje, NULL, on_start,
                                   on_diag, &b),
           TG_CONFORMANT, "tg_checker_check_buffer(): the OBJE file too");
    ok(started == 1 && b.count == 1 && tg_checker_bytes(c) == sizeof obje &&
           strcmp(tg_checker_format(c), "dumpalloc") == 0,
       "... the same finding, format and byte count as through a reader");
    static const unsigned char zeros[5000];
    mem z = {zeros, sizeof zeros, 0};
    is_int(tg_checker_check(c, mem_read, &z, "x.bin", on_start, NULL, NULL),
           TG_UNSUPPORTED, "5000 zero bytes: unknown format");
    ok(tg_checker_format(c) == NULL && tg_checker_detected(c) == NULL &&
           tg_checker_profile(c) == NULL && tg_checker_bytes(c) == 5000,
       "... no format, no profile, all 5000 bytes counted");
    is_str(tg_checker_problem(c),
           "unknown format: the content alone cannot decide it (it starts "
           "00 00 00 00 00 00 00 00 ...); name the format to check it as "
           "(--format)",
           "... and a sentence why, with the first bytes");
    is_int(tg_checker_check_buffer(c, zeros, 3, NULL, NULL, NULL, NULL),
           TG_UNSUPPORTED, "3 zero bytes in a buffer: unknown format");
    is_str(tg_checker_problem(c),
           "unknown format: the content alone cannot decide it (it starts "
           "00 00 00); name the format to check it as (--format)",
           "... said the same way");
    int fds[2];
    ok(pipe(fds) == 0 && write(fds[1], obje, sizeof obje) == sizeof obje &&
           close(fds[1]) == 0,
       "a pipe holds the OBJE file");
    seen f = {"DA-SEQ-001", 0, TG_INFO};
    is_int(tg_checker_check_fd(c, fds[0], "pipe", NULL, on_diag, &f),
           TG_CONFORMANT, "tg_checker_check_fd() reads it");
    close(fds[0]);
    ok(f.count == 1 && tg_checker_bytes(c) == sizeof obje &&
           tg_checker_limit_reached(c) == -1,
       "... its finding, its bytes, no limit reached");
    mem cut = {obje, 6, 0};
    is_int(tg_checker_set_format(c, "dumpalloc"), TG_OK, "format forced");
    is_int(tg_checker_check(c, mem_read, &cut, NULL, NULL, NULL, NULL),
           TG_TRUNCATED, "6 bytes of a header: truncated");
    is_str(tg_checker_problem(c), "the input stops early, at byte 6",
           "... and the sentence says where");
    is_int(tg_checker_check_buffer(c, obje, 6, NULL, NULL, NULL, NULL),
           TG_TRUNCATED, "... and as a buffer too");
    tg_checker_free(c);
    tg_checker_free(NULL);
}

/* The version a check tells apart (tg_checker_version()), and the ones a
 * format names (tests/api-corpus-t.c: those of generated NetTrace). */
static void versions(void)
{
    tg_checker *c;
    tg_checker_open(&c);
    static const char afperf[] = "# AFPerf v1\n";
    mem a = {(const unsigned char *)afperf, sizeof afperf - 1, 0};
    tg_checker_check(c, mem_read, &a, NULL, NULL, NULL, NULL);
    is_str(tg_checker_version(c), "v1", "an AFPerf header: v1");
    mem d = {obje, sizeof obje, 0};
    tg_checker_check(c, mem_read, &d, NULL, NULL, NULL, NULL);
    ok(tg_checker_version(c) == NULL, "dumpalloc names no version");
    tg_checker_free(c);
    const tg_format_info *nt = NULL;
    for (size_t i = 0; i < tg_format_count(); i++)
        if (strcmp(tg_format_at(i)->name, "nettrace") == 0)
            nt = tg_format_at(i);
    ok(nt && strcmp(nt->versions[0], "v4") == 0 &&
           strcmp(nt->versions[3], "v6") == 0 && nt->versions[4] == NULL,
       "NetTrace names v4, v5, v6-draft, v6");
}

/* The parts a check handed on, as "kind@offset+length/depth" lines. */
typedef struct parts_seen {
    char text[512];
    size_t n;
    unsigned findings_after; /* findings that came after the last part */
} parts_seen;

static void on_part(void *ctx, const tg_node *n)
{
    parts_seen *s = ctx;
    s->n += (size_t)snprintf(s->text + s->n, sizeof s->text - s->n,
                             "%s@%llu+%llu/%u %s;", n->kind,
                             (unsigned long long)n->offset,
                             (unsigned long long)n->length, n->depth, n->path);
    s->findings_after = 0;
}

static void on_part_diag(void *ctx, const tg_diag *d)
{
    (void)d;
    ((parts_seen *)ctx)->findings_after++;
}

static void parts(void)
{
    /* an OBJE of 7 bytes (a 3-byte name), then a DALC of address 1 */
    static const unsigned char da[] = {
        'O', 'B', 'J', 'E', 7, 0, 0, 0, 3, 0, 0, 0, 'a', 'b', 'c', 'D',
        'A', 'L', 'C', 8,   0, 0, 0, 1, 0, 0, 0, 0, 0,   0,   0};
    tg_checker *v = tgTest_checker("dumpalloc");
    parts_seen s = {"", 0, 0};
    is_int(tg_checker_set_node_fn(v, on_part, &s), TG_OK,
           "tg_checker_set_node_fn(): TG_OK");
    tg_verdict r = tg_checker_check_buffer(v, da, sizeof da, NULL, NULL,
                                           on_part_diag, &s);
    is_str(s.text,
           "OBJE@0+15/0 /record[0]{OBJE};DALC@15+16/0 /record[1]{DALC};",
           "the parts of a dumpalloc file, in order, with their paths");
    ok(s.findings_after == 1 && r == TG_CONFORMANT,
       "the DALC's finding (DA-LIVE-001, a SHOULD) follows its part");
    tg_checker_set_node_fn(v, NULL, NULL);
    s.n = 0;
    s.text[0] = 0;
    tg_checker_check_buffer(v, da, sizeof da, NULL, NULL, NULL, NULL);
    is_str(s.text, "", "tg_checker_set_node_fn(NULL) hands on no part");
    tg_checker_free(v);
    tg_checker *c;
    tg_checker_open(&c);
    tg_checker_set_node_fn(c, on_part, &s);
    mem m = {da, sizeof da, 0};
    tg_checker_check(c, mem_read, &m, NULL, NULL, NULL, NULL);
    is_str(s.text,
           "OBJE@0+15/0 /record[0]{OBJE};DALC@15+16/0 /record[1]{DALC};",
           "tg_checker_set_node_fn() hands on the same parts");
    tg_checker_free(c);
    const char *group[][2] = {{"nettrace", "provider/event"},
                              {"afperf", "measurement type"},
                              {"tracelog", "thread (samples)"},
                              {"dumpalloc", ""}};
    for (size_t i = 0; i < 4; i++) {
        const tg_format_info *f = NULL;
        for (size_t j = 0; j < tg_format_count(); j++)
            if (strcmp(tg_format_at(j)->name, group[i][0]) == 0)
                f = tg_format_at(j);
        ok(f && strcmp(f->group, group[i][1]) == 0 &&
               f->text == (i == 1 || i == 2),
           "%s: groups \"%s\", %s", group[i][0], group[i][1],
           i == 1 || i == 2 ? "a text format" : "binary");
    }
}

int main(void)
{
    checker();
    versions();
    parts();
    tg_checker *v = (tg_checker *)&v;
    ok(tgTest_checker("no-such-format") == NULL,
       "no checker for an unknown format");
    is_int(tg_checker_open(&v), TG_OK, "a checker opens");
    is_int(tg_checker_set_format(v, "dumpalloc"), TG_OK, "... as dumpalloc");

    is_int(tg_checker_set_fail_on(v, (tg_level)42), TG_EVALUE,
           "tg_checker_set_fail_on(v, 42) is refused");
    is_int(tg_checker_set_rule_level(v, "DA-SEQ-001", (tg_level)9), TG_EVALUE,
           "a level outside INFO..MUST is refused");
    is_int(tg_checker_set_rule_level(v, "NO-SUCH-001", TG_MUST), TG_ENAME,
           "an unknown rule is refused");
    is_int(tg_checker_set_profile(v, "no-such-profile"), TG_ENAME,
           "an unknown profile is refused");
    is_int(tg_checker_disable_rule(v, "NO-SUCH-001"), TG_ENAME,
           "disabling an unknown rule is refused");
    is_int(tg_checker_set_limit(v, (tg_limit)99, 5), TG_ENAME,
           "an unknown limit is refused");
    is_int(tg_checker_set_limit(v, TG_LIMIT_DEPTH, 0), TG_EVALUE,
           "a limit below its minimum is refused");
    is_int(tg_checker_set_limit(v, TG_LIMIT_DEPTH, 2000), TG_EVALUE,
           "a limit above its maximum is refused");

    /* refused calls changed nothing: DA-SEQ-001 is still SHOULD, and a
     * SHOULD finding does not fail under the default fail-on */
    seen s = {"DA-SEQ-001", 0, TG_INFO};
    is_int(
        tg_checker_check_buffer(v, obje, sizeof obje, NULL, NULL, on_diag, &s),
        TG_CONFORMANT, "after refused options, defaults hold");
    ok(s.count == 1 && s.level == TG_SHOULD, "DA-SEQ-001 at SHOULD");

    /* options compose: an override, then a profile, keeps the override */
    is_int(tg_checker_set_rule_level(v, "DA-SEQ-001", TG_MUST), TG_OK,
           "DA-SEQ-001 raised to MUST");
    /* the profile's name is copied: the caller's buffer is gone before
     * the check */
    char name[16];
    strcpy(name, "draft-reader");
    is_int(tg_checker_set_profile(v, name), TG_OK,
           "then profile draft-reader");
    memset(name, 'x', sizeof name - 1);
    s.count = 0;
    is_int(
        tg_checker_check_buffer(v, obje, sizeof obje, NULL, NULL, on_diag, &s),
        TG_VIOLATIONS, "the override survives the profile: the finding fails");
    ok(s.count == 1 && s.level == TG_MUST, "DA-SEQ-001 reported at MUST");
    is_str(tg_checker_profile(v), "draft-reader",
           "... under draft-reader, though the caller's name was overwritten");
    is_int(tg_checker_disable_rule(v, "DA-SEQ-001"), TG_OK,
           "DA-SEQ-001 disabled");
    is_int(tg_checker_set_profile(v, "default"), TG_OK,
           "then profile default");
    s.count = 0;
    tg_checker_check_buffer(v, obje, sizeof obje, NULL, NULL, on_diag, &s);
    is_int(s.count, 0, "the disabled rule stays off after a profile");
    is_int(tg_checker_set_fail_on(v, TG_INFO), TG_OK,
           "fail-on INFO is accepted");
    is_int(tg_checker_set_profile(v, NULL), TG_OK, "profile NULL: the first");
    tg_checker_check_buffer(v, obje, sizeof obje, NULL, NULL, NULL, NULL);
    is_str(tg_checker_profile(v), "default", "... which is default");
    tg_checker_free(v);
    tg_checker_free(NULL);

    /* the limits are counted by asking */
    int limits = 0;
    while (tg_limit_about(limits) != NULL)
        limits++;
    is_int(limits, 5, "five limits, numbered without gaps");
    ok(tg_limit_about(-1) == NULL, "... and none at -1");
    is_str(tg_limit_about(TG_LIMIT_DEPTH)->option, "--max-depth",
           "TG_LIMIT_DEPTH is --max-depth");

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
    ok(TG_VERSION_MAJOR == 0 && TG_VERSION_MINOR == 9 && TG_ABI == 3,
       "version 0.9, ABI 3");
    is_str(tg_strerror(TG_EVALUE), "a value the option does not accept",
           "tg_strerror() says what an error is");
    ok(tg_verdict_rank(TG_INTERNAL) > tg_verdict_rank(TG_IO_ERROR) &&
           tg_verdict_rank(TG_IO_ERROR) > tg_verdict_rank(TG_LIMIT) &&
           tg_verdict_rank(TG_LIMIT) > tg_verdict_rank(TG_UNSUPPORTED) &&
           tg_verdict_rank(TG_UNSUPPORTED) > tg_verdict_rank(TG_VIOLATIONS) &&
           tg_verdict_rank(TG_VIOLATIONS) > tg_verdict_rank(TG_TRUNCATED) &&
           tg_verdict_rank(TG_TRUNCATED) > tg_verdict_rank(TG_CONFORMANT),
       "verdicts rank 6 > 3 > 5 > 4 > 1 > 7 > 0");
    finding_verdicts();
    helpers();
    return done_testing();
}
