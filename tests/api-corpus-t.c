/* api-corpus-t.c - tracegate_corpus.h keeps its promises: generation and
 * mutation say why they wrote nothing with a tg_error; a tg_mutant is
 * filled as far as the size its caller gives; what a strict reader must do
 * by verdict; a fuzzing dictionary, the pieces of a trace and their join;
 * the seeded random sequence; generated NetTrace of each layout reads as
 * its version.  Failure: any of these breaks. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "tracegate_corpus.h"

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
    tg_mutant m = {.size = sizeof m};
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
        {(tg_verdict)2, 0, 0, "unscored"}, /* no verdict */
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
}

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

/* A tg_mutant of an older, smaller caller is filled as far as it goes;
 * one too small for the first version's fields is refused. */
static void mutant_sizes(void)
{
    size_t n = 0;
    tg_mutant m;
    memset(&m, 0xAB, sizeof m);
    m.size = offsetof(tg_mutant, profile) + sizeof m.profile;
    is_int(tg_mutate("dumpalloc", "DA-REC-002", 0, 1, write_counts, &n, &m),
           TG_OK, "tg_mutate() into the first version's tg_mutant");
    ok(m.size == offsetof(tg_mutant, profile) + sizeof m.profile &&
           strcmp(tg_rule_id(m.rule), "DA-REC-002") == 0 &&
           m.expected == TG_TRUNCATED,
       "... its size kept, its fields filled");
    m.size = offsetof(tg_mutant, profile);
    is_int(tg_mutate("dumpalloc", "DA-REC-002", 0, 1, write_counts, &n, &m),
           TG_EVALUE, "a tg_mutant smaller than that: TG_EVALUE");
    is_int(tg_mutate("dumpalloc", "DA-REC-002", 0, 1, write_counts, &n, NULL),
           TG_OK, "no tg_mutant at all: TG_OK");
}

/* Generated NetTrace of each layout reads as its version; a parent of the
 * profile asked for. */
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
        tg_checker_check_buffer(c, g.p, g.n, NULL, NULL, NULL, NULL);
        const char *v = tg_checker_version(c);
        ok(v && strcmp(v, want[i][1]) == 0, "a %s trace reads as %s (%s)",
           want[i][0], want[i][1], v ? v : "none");
    }
    tg_checker_free(c);
    size_t n = 0;
    tg_mutant mu = {.size = sizeof mu};
    is_int(tg_mutate_profile("tracelog", "vstools-compat", "TL-NUM-001", 0, 1,
                             write_counts, &n, &mu),
           TG_OK, "tg_mutate_profile(): TG_OK");
    is_str(mu.profile, "vstools-compat", "... its parent of that profile");
    is_int(tg_mutate_profile("tracelog", "no-such", "TL-NUM-001", 0, 1,
                             write_counts, &n, &mu),
           TG_ENAME, "tg_mutate_profile() of no such profile: TG_ENAME");
}

static void helpers(void)
{
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
}

int main(void)
{
    corpus_errors();
    mutant_sizes();
    reader_duty();
    helpers();
    versions();
    return done_testing();
}
