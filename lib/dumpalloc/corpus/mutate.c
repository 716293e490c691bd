/* mutate.c - one mutation per rule: break exactly that rule in a valid
 * generated trace, and nothing else.
 *
 * The parent trace is generated into memory and indexed record by record;
 * each mutator edits the bytes through tgMembuf_splice() and says where the
 * break is.  Records are picked by position (first, middle, last of a
 * kind), so the same seed always gives the same mutant. */
#include <stdlib.h>
#include <string.h>

#include "../../core/mem.h"
#include "../../core/bytes.h"
#include "../../core/corpus/mutation.h"
#include "../../core/membuf.h"
#include "../dumpalloc.h"

typedef struct da_rec {
    size_t off;    /* header offset                  */
    uint32_t type; /* FOURCC                         */
    uint32_t sub;  /* frame type, 0 for non-frames   */
    uint32_t len;  /* Length field                   */
} da_rec;

typedef struct da_model {
    tgMembuf b;
    da_rec *r;
    size_t nr;
    unsigned variant; /* which of the rule's mutations (rules.def) */
    size_t at;        /* the break: its offset in the mutant       */
} da_model;

/* Break the mutator's rule in m, variant m->variant; @return 1 done, 0
 * impossible in this parent. */
typedef int (*da_mutator)(da_model *m);

/* Index the records of a valid trace (generator output, so well framed). */
static int index_records(da_model *m)
{
    tgMem_free(m->r);
    m->r = NULL;
    m->nr = 0;
    size_t cap = 0;
    for (size_t off = 0; off + 8 <= m->b.n;) {
        if (m->nr == cap) {
            cap = cap ? 2 * cap : 64;
            da_rec *r = tgMem_realloc(m->r, cap * sizeof *r);
            if (r == NULL)
                return -1;
            m->r = r;
        }
        da_rec *r = &m->r[m->nr++];
        r->off = off;
        r->type = tgBytes_le32(m->b.p + off);
        r->len = tgBytes_le32(m->b.p + off + 4);
        r->sub = (r->type == DA_FRAM && r->len >= 4 && off + 12 <= m->b.n)
                     ? tgBytes_le32(m->b.p + off + 8)
                     : 0;
        off += 8 + (size_t)r->len;
    }
    return 0;
}

static size_t rec_end(const da_model *m, size_t i)
{
    return m->r[i].off + 8 + m->r[i].len;
}

/* The k-th record of a type (and frame type, if sub != 0), counting from
 * the end when k < 0.  @return its index or -1. */
static long find(const da_model *m, uint32_t type, uint32_t sub, long k)
{
    long seen = 0;
    for (size_t j = 0; j < m->nr; j++) {
        size_t i = k >= 0 ? j : m->nr - 1 - j;
        if (m->r[i].type == type && (sub == 0 || m->r[i].sub == sub) &&
            seen++ == (k >= 0 ? k : -k - 1))
            return (long)i;
    }
    return -1;
}

/* The record about halfway through that starts a top-level record other
 * than the first: a place where a record can be inserted without landing
 * in a frame list. */
static long middle_top(const da_model *m)
{
    for (size_t i = m->nr / 2; i < m->nr; i++)
        if (m->r[i].type != DA_FRAM && i > 0)
            return (long)i;
    return -1;
}

/* Write a record header and payload into out; @return its size. */
static size_t make(unsigned char *out, uint32_t type, uint32_t len,
                   const void *payload, size_t n)
{
    tgBytes_put32(out, type);
    tgBytes_put32(out + 4, len);
    memcpy(out + 8, payload, n);
    return 8 + n;
}

static void put_len(da_model *m, size_t i, uint32_t len)
{
    tgBytes_put32(m->b.p + m->r[i].off + 4, len);
}

static void mark(da_model *m, size_t offset) { m->at = offset; }

/* Replace record i (header and payload) with n bytes. */
static void replace(da_model *m, size_t i, const void *bytes, size_t n)
{
    tgMembuf_splice(&m->b, m->r[i].off, 8 + m->r[i].len, bytes, n);
}

/* Insert n zero bytes at the end of record i and grow its Length. */
static void extend(da_model *m, size_t i, uint32_t n)
{
    static const unsigned char zeros[16];
    put_len(m, i, m->r[i].len + n);
    tgMembuf_splice(&m->b, rec_end(m, i), 0, zeros, n);
}

/* Drop the last n payload bytes of record i and shrink its Length. */
static void shrink(da_model *m, size_t i, uint32_t n)
{
    put_len(m, i, m->r[i].len - n);
    tgMembuf_splice(&m->b, rec_end(m, i) - n, n, NULL, 0);
}

/* ---- mutators, in rules.def order ------------------------------------ */

static int mut_partial_header(da_model *m)
{
    mark(m, m->b.n);
    tgMembuf_splice(&m->b, m->b.n, 0, "PRO", 3);
    return 1;
}

static int mut_cut_last_byte(da_model *m)
{
    if (m->nr == 0)
        return 0;
    /* the last record is the one cut short */
    mark(m, m->r[m->nr - 1].off);
    tgMembuf_splice(&m->b, m->b.n - 1, 1, NULL, 0);
    return 1;
}

static int mut_length_max(da_model *m)
{
    long i = middle_top(m);
    if (i < 0)
        return 0;
    put_len(m, (size_t)i, m->variant ? 0xFFFFFFFFu : 0x80000000u);
    mark(m, m->r[i].off + 4);
    return 1;
}

/* Insert record rec before record i; the break is `at` bytes into it. */
static int insert_before(da_model *m, long i, const void *rec, size_t n,
                         size_t at)
{
    if (i < 0)
        return 0;
    mark(m, m->r[i].off + at);
    tgMembuf_splice(&m->b, m->r[i].off, 0, rec, n);
    return 1;
}

static int mut_unprintable_type(da_model *m)
{
    unsigned char rec[16];
    size_t n = make(rec, DA_FOURCC('P', 'R', 0, 'C'), 4, "\0\0\0\0", 4);
    return insert_before(m, middle_top(m), rec, n, 0);
}

static int mut_unknown_type(da_model *m)
{
    unsigned char rec[32];
    size_t n =
        m->variant
            ? make(rec, DA_FOURCC('p', 'r', 'o', 'c'), 4, "\1\2\3\4", 4)
            : make(rec, DA_FOURCC('X', 'T', 'R', 'A'), 10, "0123456789", 10);
    return insert_before(m, middle_top(m), rec, n, 0);
}

static int mut_extension_bytes(da_model *m)
{
    static const uint32_t types[] = {DA_PROC, DA_ALOC, DA_DALC};
    static const uint32_t extra[] = {6, 8, 4};
    if (m->variant >= sizeof types / sizeof *types)
        return 0;
    long i = find(m, types[m->variant], 0, 0);
    if (i < 0)
        return 0;
    mark(m, rec_end(m, (size_t)i));
    extend(m, (size_t)i, extra[m->variant]);
    return 1;
}

static int mut_legacy_stream(da_model *m)
{
    /* header record: int32 type 0, u64 monotonic seconds, pid, argv[0];
     * then one dealloc: int32 type 2, u64 seconds, u64 address */
    static const unsigned char legacy[] = {
        0, 0, 0, 0, 5, 0,   0,    0,   0, 0, 0, 0, 0xd2, 4, 0,
        0, 3, 0, 0, 0, 'a', 'p',  'p', 2, 0, 0, 0, 6,    0, 0,
        0, 0, 0, 0, 0, 0,   0x10, 0,   0, 0, 0, 0, 0};
    tgMembuf_splice(&m->b, 0, m->b.n, legacy, sizeof legacy);
    mark(m, 0);
    return 1;
}

static int mut_proc_short(da_model *m)
{
    unsigned char rec[16];
    if (m->r[0].type != DA_PROC)
        return 0;
    replace(m, 0, rec, make(rec, DA_PROC, 7, "\xd2\x04\0\0\0\0\0", 7));
    mark(m, 4);
    return 1;
}

static int mut_obje_short(da_model *m)
{
    unsigned char rec[16];
    long i = find(m, DA_OBJE, 0, 0);
    if (i < 0)
        return 0;
    mark(m, m->r[i].off + 4);
    replace(m, (size_t)i, rec, make(rec, DA_OBJE, 3, "\0\0\0", 3));
    return 1;
}

static int shorten(da_model *m, long i, uint32_t by)
{
    if (i < 0)
        return 0;
    mark(m, m->r[i].off + 4);
    shrink(m, (size_t)i, by);
    return 1;
}

static int mut_aloc_short(da_model *m)
{
    return shorten(m, find(m, DA_ALOC, 0, 0), 1);
}

static int mut_dalc_short(da_model *m)
{
    return shorten(m, find(m, DA_DALC, 0, 0), 4);
}

/* Replace the first NTVE frame by rec; the break is `at` bytes into it. */
static int replace_ntve(da_model *m, const void *rec, size_t n, size_t at)
{
    long i = find(m, DA_FRAM, DA_NTVE, 0);
    if (i < 0)
        return 0;
    mark(m, m->r[i].off + at);
    replace(m, (size_t)i, rec, n);
    return 1;
}

static int mut_fram_short(da_model *m)
{
    unsigned char rec[16];
    size_t n = make(rec, DA_FRAM, 3, "NTV", 3);
    return replace_ntve(m, rec, n, 0);
}

static int mut_ntve_short(da_model *m)
{
    return shorten(m, find(m, DA_FRAM, DA_NTVE, 0), 1);
}

static int mut_pcal_no_line(da_model *m)
{
    static const unsigned char pcal[] = {'P', 'C', 'A', 'L', 4,   0, 0,
                                         0,   'm', 'a', 'i', 'n', 3, 0,
                                         0,   0,   'a', '.', 'c'};
    unsigned char rec[64];
    size_t n = make(rec, DA_FRAM, sizeof pcal, pcal, sizeof pcal);
    return replace_ntve(m, rec, n, 0);
}

static int mut_term_extra(da_model *m)
{
    long i = find(m, DA_FRAM, DA_TERM, 0);
    if (i < 0)
        return 0;
    mark(m, m->r[i].off + 4);
    extend(m, (size_t)i, 4);
    return 1;
}

static int mut_unknown_frame(da_model *m)
{
    unsigned char rec[32];
    size_t n = make(rec, DA_FRAM, 12, "JAVA\1\2\3\4\5\6\7\10", 12);
    return insert_before(m, find(m, DA_FRAM, DA_TERM, 0), rec, n, 0);
}

static int mut_drop_term(da_model *m)
{
    for (long k = 0;; k++) {
        long i = find(m, DA_FRAM, DA_TERM, k);
        if (i < 0)
            return 0;
        if ((size_t)i + 1 < m->nr && m->r[i + 1].type != DA_FRAM) {
            mark(m, m->r[i].off);
            replace(m, (size_t)i, NULL, 0);
            return 1;
        }
    }
}

static int mut_cut_before_term(da_model *m)
{
    long i = find(m, DA_FRAM, DA_TERM, -1);
    if (i < 0)
        return 0;
    mark(m, m->r[i].off);
    tgMembuf_splice(&m->b, m->r[i].off, m->b.n - m->r[i].off, NULL, 0);
    return 1;
}

static int mut_orphan_frame(da_model *m)
{
    unsigned char rec[32];
    size_t n = make(rec, DA_FRAM, 12, "NTVE\0\0\x40\0\0\0\0\0", 12);
    return insert_before(m, middle_top(m), rec, n, 0);
}

static int mut_string_overrun(da_model *m)
{
    if (m->variant == 2) {
        /* PCAL "f", then a file name claiming 100 bytes of the 6 left */
        static const unsigned char pcal[] = {'P', 'C', 'A', 'L', 1, 0, 0,
                                             0,   'f', 100, 0,   0, 0, 'a',
                                             'b', 1,   0,   0,   0};
        unsigned char rec[64];
        size_t n = make(rec, DA_FRAM, sizeof pcal, pcal, sizeof pcal);
        /* the file name's length, after the header, PCAL and "f" */
        return replace_ntve(m, rec, n, 17);
    }
    if (m->r[0].type != DA_PROC)
        return 0;
    unsigned char *len = m->b.p + 12;
    tgBytes_put32(len, m->variant ? 0xFFFFFFFFu : tgBytes_le32(len) + 5);
    mark(m, 12);
    return 1;
}

/* Give the first OBJE the name `name` (n bytes), whose byte `bad` is at
 * fault. */
static int replace_obje_name(da_model *m, const char *name, size_t n,
                             size_t bad)
{
    unsigned char rec[64], payload[48];
    long i = find(m, DA_OBJE, 0, 0);
    if (i < 0)
        return 0;
    tgBytes_put32(payload, (uint32_t)n);
    memcpy(payload + 4, name, n);
    mark(m, m->r[i].off + 12 + bad);
    replace(m, (size_t)i, rec,
            make(rec, DA_OBJE, (uint32_t)(4 + n), payload, 4 + n));
    return 1;
}

static int mut_bad_utf8(da_model *m)
{
    /* C3 opens a sequence that '(' does not continue */
    return replace_obje_name(m, "/lib/\xc3(x.so", 11, 6);
}

static int mut_nul_in_string(da_model *m)
{
    return replace_obje_name(m, "/lib/a\0b.so", 11, 6);
}

static int patch_aloc(da_model *m, size_t field, size_t size, uint64_t value)
{
    long i = find(m, DA_ALOC, 0, 0);
    if (i < 0)
        return 0;
    unsigned char *p = m->b.p + m->r[i].off + 8 + field;
    if (size == 4)
        tgBytes_put32(p, (uint32_t)value);
    else
        tgBytes_put64(p, value);
    mark(m, m->r[i].off + 8 + field);
    return 1;
}

static int mut_nsec_overflow(da_model *m)
{
    return patch_aloc(m, 16, 4, 1000000000u);
}

static int mut_negative_seconds(da_model *m)
{
    return patch_aloc(m, 8, 8, UINT64_MAX);
}

static int mut_first_not_proc(da_model *m)
{
    if (m->nr < 2 || m->r[1].type != DA_OBJE)
        return 0;
    size_t n = 8 + m->r[0].len;
    unsigned char *proc = tgMem_malloc(n);
    if (proc == NULL)
        return 0;
    memcpy(proc, m->b.p, n);
    tgMembuf_splice(&m->b, 0, n, NULL, 0);
    tgMembuf_splice(&m->b, 8 + m->r[1].len, 0, proc, n);
    tgMem_free(proc);
    mark(m, 0);
    return 1;
}

static int mut_empty(da_model *m)
{
    tgMembuf_splice(&m->b, 0, m->b.n, NULL, 0);
    mark(m, 0);
    return 1;
}

static int mut_second_proc(da_model *m)
{
    if (m->r[0].type != DA_PROC || 8 + m->r[0].len > 256)
        return 0;
    unsigned char rec[256];
    memcpy(rec, m->b.p, 8 + m->r[0].len);
    return insert_before(m, middle_top(m), rec, 8 + m->r[0].len, 0);
}

static int mut_zero_address(da_model *m)
{
    long i = find(m, DA_ALOC, 0, 0);
    if (i < 0)
        return 0;
    unsigned char *a = m->b.p + m->r[i].off + 8;
    uint64_t addr = tgBytes_le64(a);
    /* its deallocation follows it to 0, so pairing stays intact */
    for (size_t j = 0; j < m->nr; j++)
        if (m->r[j].type == DA_DALC &&
            tgBytes_le64(m->b.p + m->r[j].off + 8) == addr)
            tgBytes_put64(m->b.p + m->r[j].off + 8, 0);
    tgBytes_put64(a, 0);
    mark(m, m->r[i].off + 8);
    return 1;
}

static int mut_stray_dealloc(da_model *m)
{
    unsigned char rec[16], addr[8];
    /* generated addresses are multiples of 16: this one never is */
    tgBytes_put64(addr, 0xDEAD0008u);
    size_t n = make(rec, DA_DALC, 8, addr, 8);
    return insert_before(m, middle_top(m), rec, n, 8);
}

static int mut_double_alloc(da_model *m)
{
    long i = find(m, DA_ALOC, 0, 0);
    if (i < 0)
        return 0;
    size_t t = (size_t)i + 1;
    while (t < m->nr && m->r[t].sub != DA_TERM)
        t++;
    if (t == m->nr)
        return 0;
    size_t from = m->r[i].off, n = rec_end(m, t) - from;
    unsigned char *copy = tgMem_malloc(n);
    if (copy == NULL)
        return 0;
    memcpy(copy, m->b.p + from, n);
    tgMembuf_splice(&m->b, from + n, 0, copy, n);
    tgMem_free(copy);
    mark(m, from + n + 8); /* the repeated address */
    return 1;
}

static int mut_pcal_frame(da_model *m)
{
    static const unsigned char pcal[] = {
        'P', 'C', 'A', 'L', 4,   0,   0,   0,   'm', 'a', 'i', 'n', 7, 0,
        0,   0,   'm', 'a', 'i', 'n', '.', 'p', 'y', 10,  0,   0,   0};
    unsigned char rec[64];
    size_t n = make(rec, DA_FRAM, sizeof pcal, pcal, sizeof pcal);
    return insert_before(m, find(m, DA_FRAM, DA_TERM, 0), rec, n, 0);
}

#define TG_RULES_DEF "../dumpalloc/rules.def"
static const da_mutator mutators[DA_NRULES] = {
#include "../../core/mutator_rows.h"
};

static int parent(void *x, const void *ctx, unsigned variant, int profile,
                  uint64_t seed)
{
    (void)ctx;
    da_model *m = x;
    m->variant = variant;
    tgOut *gen = tgMem_malloc(sizeof *gen);
    if (gen == NULL)
        return -1;
    tgOut_init(gen, tgMembuf_write, &m->b);
    int r = tgDumpalloc_generate(profile, TG_STYLE_PLAIN, seed, 0, gen);
    if (r == 0)
        r = tgOut_flush(gen);
    tgMem_free(gen);
    return r == 0 && index_records(m) == 0 ? 0 : -1;
}

static int apply(void *x, size_t rule)
{
    da_model *m = x;
    int r = mutators[rule](m);
    return m->b.failed ? -1 : r;
}

static int write_mutant(void *x, tgOut *out, tg_mutant *mu)
{
    const da_model *m = x;
    tgOut_put(out, m->b.p, m->b.n);
    mu->offset = m->at;
    return 0;
}

static void release(void *x)
{
    da_model *m = x;
    tgMembuf_free(&m->b);
    tgMem_free(m->r);
}

static const tgMutation_ops ops = {sizeof(da_model), parent, apply,
                                   write_mutant, release};

int tgDumpalloc_mutate(size_t rule, unsigned variant, uint64_t seed,
                       tgOut *out, tg_mutant *m)
{
    if (rule >= DA_NRULES || mutators[rule] == NULL)
        return 0;
    /* the parent is the trace of the profile tg_mutate() chose */
    int profile = tgFormat_profile_index(&tgFormat_dumpalloc, m->profile);
    return tgMutation_run(&ops, NULL, rule, variant, profile, seed, out, m);
}
