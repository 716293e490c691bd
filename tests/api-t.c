/* api-t.c - the C API keeps its promises: tg_validator_open() tells an
 * unknown format from a success; option setters refuse names and values
 * they do not accept and change nothing then; options compose in any
 * order (a profile chosen after a level override or a disabled rule keeps
 * them); rule metadata is reached through functions; the version is the
 * same at compile and run time.  Failure: any of these breaks. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

/* A tg_write_fn that fails. */
static int write_fails(void *ctx, const void *data, size_t size)
{
    (void)ctx;
    (void)data;
    (void)size;
    return -1;
}

/* A tg_write_fn that counts. */
static int write_counts(void *ctx, const void *data, size_t size)
{
    (void)data;
    *(size_t *)ctx += size;
    return 0;
}

/* A tg_token_fn that counts. */
static void token_counts(void *ctx, const void *p, size_t n)
{
    (void)p;
    (void)n;
    (*(size_t *)ctx)++;
}

/* Generation and mutation say why they wrote nothing with a tg_error. */
static void corpus_errors(void)
{
    size_t n = 0;
    tg_mutant m;
    is_int(tg_generate("dumpalloc", NULL, 1, 0, write_counts, &n), TG_OK,
           "tg_generate(): TG_OK");
    ok(n > 0, "... and bytes written");
    is_int(tg_generate("no-such", NULL, 1, 0, write_counts, &n), TG_EFORMAT,
           "tg_generate() of an unknown format: TG_EFORMAT");
    is_int(tg_generate("dumpalloc", "no-such", 1, 0, write_counts, &n),
           TG_ENAME, "tg_generate() of an unknown profile: TG_ENAME");
    is_int(tg_generate("dumpalloc", NULL, 1, 0, write_fails, NULL), TG_EWRITE,
           "tg_generate() whose write fails: TG_EWRITE");
    is_int(tg_generate_style("dumpalloc", NULL, (tg_style)9, 1, 0,
                             write_counts, &n),
           TG_EVALUE, "tg_generate_style() of no such style: TG_EVALUE");
    is_int(tg_mutate("dumpalloc", "DA-REC-002", 0, 1, write_counts, &n, &m),
           TG_OK, "tg_mutate(): TG_OK");
    is_str(tg_rule_id(m.rule), "DA-REC-002", "... of its rule");
    is_int(tg_mutate("dumpalloc", "DA-REC-002", 1, 1, write_counts, &n, &m),
           TG_EVALUE, "tg_mutate() past the last variant: TG_EVALUE");
    is_int(tg_mutate("dumpalloc", "NO-SUCH-001", 0, 1, write_counts, &n, &m),
           TG_ENAME, "tg_mutate() of an unknown rule: TG_ENAME");
    is_int(tg_mutate("dumpalloc", "DA-REC-002", 0, 1, write_fails, NULL, &m),
           TG_EWRITE, "tg_mutate() whose write fails: TG_EWRITE");
    is_str(tg_strerror(TG_ENOCORPUS), "built without the corpus code",
           "tg_strerror(TG_ENOCORPUS)");
}

/* What a strict reader must do, by verdict (spec/oracle.md, O1): the
 * whole table, a checker limit and an I/O error undecided. */
static void reader_duty(void)
{
    static const struct {
        tg_verdict v;
        uint64_t findings, spec_must;
        const char *duty;
    } rows[] = {
        {TG_CONFORMANT, 0, 0, "accept"},
        {TG_CONFORMANT, 2, 0, "accept, may warn"},
        {TG_VIOLATIONS, 1, 1, "reject"},
        {TG_VIOLATIONS, 1, 0, "accept, may warn"},
        {TG_TRUNCATED, 1, 1, "reject"},
        {TG_UNSUPPORTED, 1, 1, "reject"},
        {TG_LIMIT, 1, 0, "unscored"},
        {TG_LIMIT, 2, 1, "unscored"},
        {TG_IO_ERROR, 0, 0, "unscored"},
        {TG_INTERNAL, 0, 0, "unscored"},
        {TG_USAGE, 0, 0, "unscored"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char what[128];
        snprintf(what, sizeof what, "%s with %u findings, %u of a MUST: %s",
                 tg_verdict_name(rows[i].v), (unsigned)rows[i].findings,
                 (unsigned)rows[i].spec_must, rows[i].duty);
        is_str(tg_duty_name(tg_reader_duty(rows[i].v, rows[i].findings,
                                           rows[i].spec_must)),
               rows[i].duty, what);
    }
    const tg_rule *should = tg_rule_find("DA-SEQ-001", NULL);
    is_int(tg_finding_verdict(should, TG_SHOULD, TG_MUST), TG_CONFORMANT,
           "a SHOULD finding under --fail-on MUST: conformant");
    is_int(tg_finding_verdict(should, TG_SHOULD, TG_SHOULD), TG_VIOLATIONS,
           "... under --fail-on SHOULD: violations");
    is_int(
        tg_finding_verdict(tg_rule_find("DA-REC-002", NULL), TG_MUST, TG_MUST),
        TG_TRUNCATED, "a truncation rule's finding: truncated");
}

/* The helpers a report writer or a fuzzer built on the API needs. */
/* tg_format_join(): a v4/v5 NetTrace block object cut from offset 35,
 * its content padded by 3 there (35 + its 30-byte header is 65), joined
 * at offset 32 after the stream header: padded by 2 (NetTraceFormat_v5.md,
 * "Aligns to 4 byte file offset").  Other formats: as they are. */
static void joins(void)
{
    static const unsigned char head[] =
        "Nettrace\x14\0\0\0!FastSerialization.1";
    static const unsigned char block[] = {5,   5,   1,   2,   0,   0,   0,
                                          2,   0,   0,   0,   10,  0,   0,
                                          0,   'E', 'v', 'e', 'n', 't', 'B',
                                          'l', 'o', 'c', 'k', 6,   4,   0,
                                          0,   0,   0,   0,   0, /* pad 3 */
                                          'a', 'b', 'c', 'd', 6};
    tg_piece pieces[] = {{head, sizeof head - 1, 0},
                         {block, sizeof block, 35}};
    unsigned char out[128];
    size_t n = tg_format_join("nettrace", pieces, 2, out);
    is_int((int)n, 32 + 37, "tg_format_join(): the block one byte shorter");
    ok(memcmp(out, head, 32) == 0 && memcmp(out + 32, block, 30) == 0 &&
           out[62] == 0 && out[63] == 0 &&
           memcmp(out + 64, "abcd\x06", 5) == 0,
       "... its header, 2 bytes of padding (32 + 30 + 2 is 64), its content");
    static const char lines[] = "6,1\n6,2\n";
    tg_piece text[] = {{lines + 4, 4, 4}, {lines, 4, 0}};
    ok(tg_format_join("afperf", text, 2, out) == 8 &&
           memcmp(out, "6,2\n6,1\n", 8) == 0,
       "... AFPerf lines as they are, in the order given");
    is_int((int)tg_format_join("no-such", text, 2, out), 0,
           "... nothing for an unknown format");
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
    size_t tokens = 0;
    is_int(tg_format_tokens("dumpalloc", token_counts, &tokens), TG_OK,
           "tg_format_tokens()");
    ok(tokens > 5, "... emits the table's constants (%u)", (unsigned)tokens);
    is_int(tg_format_tokens("no-such", token_counts, &tokens), TG_EFORMAT,
           "... of an unknown format: TG_EFORMAT");
    /* two records: PROC (8 + 8) and OBJE (8 + 7) */
    static const unsigned char two[] = {
        'P', 'R', 'O', 'C', 8, 0, 0, 0, 1, 0, 0, 0, 0,   0,   0,  0,
        'O', 'B', 'J', 'E', 7, 0, 0, 0, 3, 0, 0, 0, 'a', 'b', 'c'};
    size_t at[4] = {9, 9, 9, 9};
    is_int((int)tg_format_pieces("dumpalloc", two, sizeof two, at, 4), 2,
           "tg_format_pieces(): two dumpalloc records");
    ok(at[0] == 0 && at[1] == 16, "... at 0 and 16");
    static const char af[] = "# AFPerf v1     \n5,\"a\nb\",1\n6,2\n";
    is_int((int)tg_format_pieces("afperf", af, sizeof af - 1, at, 4), 3,
           "tg_format_pieces(): AFPerf records, a quoted line end inside one");
    ok(at[0] == 0 && at[1] == 17 && at[2] == 27, "... at 0, 17 and 27");
    is_int((int)tg_format_pieces("tracelog", "a\nb\n", 4, at, 4), 2,
           "... TraceLog lines");
    is_int((int)tg_format_pieces("no-such", "a", 1, at, 4), 0,
           "... none for an unknown format");
    joins();
    uint64_t a = 42, b = 42;
    uint64_t first = tg_random(&a);
    ok(first == tg_random(&b) && a == b && tg_random(&a) != first,
       "tg_random(): the same sequence from the same state");
    ok(tg_random_below(&a, 7) < 7 && tg_random_below(&a, 0) == 0,
       "tg_random_below() stays below n");
    is_int((int)tg_utf8_length("a"), 1, "tg_utf8_length(): ASCII 1");
    is_int((int)tg_utf8_length("\xc3\xa9"), 2, "... U+00E9 2");
    is_int((int)tg_utf8_length("\xf0\x9f\x98\x80"), 4, "... U+1F600 4");
    is_int((int)tg_utf8_length("\xc3("), 0, "... a cut sequence 0");
    is_int((int)tg_utf8_length("\xed\xa0\x80"), 0, "... a surrogate 0");
    is_int((int)tg_utf8_length(""), 0, "... the NUL 0");
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
    is_int(tg_checker_check_buffer(c, obje, 6, NULL, NULL, NULL, NULL),
           TG_TRUNCATED, "... and as a buffer too");
    tg_checker_free(c);
    tg_checker_free(NULL);
}

/* A growing buffer for a generated trace. */
typedef struct grown {
    unsigned char p[1 << 16];
    size_t n;
} grown;

static int write_grown(void *ctx, const void *data, size_t size)
{
    grown *g = ctx;
    if (size > sizeof g->p - g->n)
        return -1;
    memcpy(g->p + g->n, data, size);
    g->n += size;
    return 0;
}

/* The version a check tells apart (tg_checker_version()), and the ones a
 * format names; tg_mutate_profile()'s parent. */
static void versions(void)
{
    static const char *const want[][2] = {{"default", "v5"},
                                          {"nettrace-v6", "v6"},
                                          {"nettrace-v6-draft", "v6-draft"}};
    tg_checker *c;
    tg_checker_open(&c);
    for (size_t i = 0; i < 3; i++) {
        static grown g;
        g.n = 0;
        tg_generate("nettrace", want[i][0], 1, 0, write_grown, &g);
        mem m = {g.p, g.n, 0};
        tg_checker_check(c, mem_read, &m, NULL, NULL, NULL, NULL);
        const char *v = tg_checker_version(c);
        ok(v && strcmp(v, want[i][1]) == 0, "a %s trace reads as %s (%s)",
           want[i][0], want[i][1], v ? v : "none");
    }
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
    size_t n = 0;
    tg_mutant mu;
    is_int(tg_mutate_profile("tracelog", "vstools-compat", "TL-NUM-001", 0, 1,
                             write_counts, &n, &mu),
           TG_OK, "tg_mutate_profile(): TG_OK");
    is_str(mu.profile, "vstools-compat", "... its parent of that profile");
    is_int(tg_mutate_profile("tracelog", "no-such", "TL-NUM-001", 0, 1,
                             write_counts, &n, &mu),
           TG_ENAME, "tg_mutate_profile() of no such profile: TG_ENAME");
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
    tg_validator *v = tg_validator_new("dumpalloc");
    parts_seen s = {"", 0, 0};
    is_int(tg_set_node_fn(v, on_part, &s), TG_OK, "tg_set_node_fn(): TG_OK");
    tg_verdict r = tg_check_buffer(v, da, sizeof da, on_part_diag, &s);
    is_str(s.text,
           "OBJE@0+15/0 /record[0]{OBJE};DALC@15+16/0 /record[1]{DALC};",
           "the parts of a dumpalloc file, in order, with their paths");
    ok(s.findings_after == 1 && r == TG_CONFORMANT,
       "the DALC's finding (DA-LIVE-001, a SHOULD) follows its part");
    tg_set_node_fn(v, NULL, NULL);
    s.n = 0;
    s.text[0] = 0;
    tg_check_buffer(v, da, sizeof da, NULL, NULL);
    is_str(s.text, "", "tg_set_node_fn(NULL) hands on no part");
    tg_validator_free(v);
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
    ok(TG_VERSION_MAJOR == 0 && TG_VERSION_MINOR == 8 && TG_ABI == 2,
       "version 0.8, ABI 2");
    is_str(tg_strerror(TG_EVALUE), "a value the option does not accept",
           "tg_strerror() says what an error is");
    ok(tg_verdict_rank(TG_INTERNAL) > tg_verdict_rank(TG_IO_ERROR) &&
           tg_verdict_rank(TG_IO_ERROR) > tg_verdict_rank(TG_LIMIT) &&
           tg_verdict_rank(TG_LIMIT) > tg_verdict_rank(TG_UNSUPPORTED) &&
           tg_verdict_rank(TG_UNSUPPORTED) > tg_verdict_rank(TG_VIOLATIONS) &&
           tg_verdict_rank(TG_VIOLATIONS) > tg_verdict_rank(TG_TRUNCATED) &&
           tg_verdict_rank(TG_TRUNCATED) > tg_verdict_rank(TG_CONFORMANT),
       "verdicts rank 6 > 3 > 5 > 4 > 1 > 7 > 0");
    corpus_errors();
    reader_duty();
    helpers();
    return done_testing();
}
