/* fast.c - plain records framed and read in one go.
 *
 * Most records of a file are short data records on a line of their own:
 * no quote, no CR, nothing to report.  af_fast() frames such records from
 * the text index as the front end's loop would (af_frame(), then
 * tgAfperf_check()'s dispatch) and reads each: its type, its fixed fields and
 * its measurement pairs are lexed here, and what the record means across
 * the file is refs.c's, as for any record.  Whatever is not plain goes
 * the general way: a record that does not frame plainly is left to
 * af_frame(), one whose type or fixed fields would give a finding is
 * read by af_record() from its start (nothing it did is kept), and a pair
 * whose measurement type id would is read on by the general pair reader.
 * Lexing here never reports, so the findings are the same whichever path
 * reads a record: tests/fast-paths.t compares the two
 * (TG_FAST_PATHS_OFF). */
#include "../../core/unicode.h"
#include "check.h"

/* Fields of a record cut at once; a record with more is read the
 * general way. */
#define FAST_FIELDS 64

/* Records shorter than this are cut from one or two words of the maps
 * (fast_short(), fast_long()); longer ones by fast_cut(). */
#define FAST_TWO_WORDS 128

/* ---- record types ----------------------------------------------------- */

/* The name table's key of the n bytes at p: length, first, middle and
 * last byte, mixed. */
static unsigned type_slot(const unsigned char *p, size_t n)
{
    uint32_t key = (uint32_t)n << 24 | (uint32_t)p[0] << 16 |
                   (uint32_t)p[n / 2] << 8 | p[n - 1];
    return (key * 0x9E3779B1u) >> (32 - 5); /* 32 slots */
}

/* A clean unsigned decimal, [1-9][0-9]* or 0 that fits 64 bits, as
 * af_parse_int() reads one with nothing to report: 1 and *u, else 0.
 * The bytes up to lim may be read: two to eight digits are read as one
 * word (core/digits.h), where eight bytes from p are there. */
static inline __attribute__((always_inline)) int
fast_uint(const unsigned char *p, size_t n, uint64_t *u,
          const unsigned char *lim)
{
    if (n == 1) {
        *u = p[0] - (unsigned)'0';
        return *u <= 9;
    }
    if (n == 0 || p[0] == '0')
        return 0;
    if (n > 8) /* ids of a random 64 bits */
        return tgDigits_decimal(p, n, u);
    if (lim - p < 8) {
        *u = 0;
        return tgDigits_digits(p, n, u);
    }
    uint64_t w = tgDigits_zeros_before(tgBytes_le64(p), n);
    if (!tgDigits_eight(w))
        return 0;
    *u = tgDigits_eight_value(w);
    return 1;
}

/* A run id of 16 to 20 bytes at p, as fast_uint() reads it: 1 and *u,
 * else 0.  Every record that names a run repeats its random 64-bit id,
 * so the last one read is kept: its text compared as three words (the
 * first 8 bytes, the next 8, the last 8) costs less than its digits
 * valued again. */
static inline int fast_run_id(af_check *k, const unsigned char *p, size_t n,
                              uint64_t *u)
{
    uint64_t a = tgBytes_le64(p), b = tgBytes_le64(p + 8),
             c = tgBytes_le64(p + n - 8);
    if (k->run_text.n == n && k->run_text.words[0] == a &&
        k->run_text.words[1] == b && k->run_text.words[2] == c) {
        *u = k->run_text.u;
        return 1;
    }
    if (p[0] == '0' || !tgDigits_decimal(p, n, u))
        return 0;
    k->run_text.n = n;
    k->run_text.words[0] = a;
    k->run_text.words[1] = b;
    k->run_text.words[2] = c;
    k->run_text.u = *u;
    return 1;
}

/* A name's first eight bytes as a word, zeros after a shorter one, and
 * the word of its last eight (0 for a name of eight or fewer). */
static inline uint64_t name_head(const unsigned char *p, size_t n)
{
    return n >= 8 ? tgBytes_le64(p)
                  : tgBytes_le64(p) & ((1ull << (8 * n)) - 1);
}
static inline uint64_t name_tail(const unsigned char *p, size_t n)
{
    return n > 8 ? tgBytes_le64(p + n - 8) : 0;
}

void af_fast_init(af_check *k)
{
    for (int t = 1; t < AF_NTYPES; t++) {
        const af_record_info *ri = &af_records[t];
        const unsigned char *name = (const unsigned char *)ri->name;
        unsigned char pad[16] = {0}; /* the shortest names are 7 bytes */
        memcpy(pad, name, ri->namelen < 16 ? ri->namelen : 16);
        unsigned i = type_slot(name, ri->namelen);
        while (k->names[i].type)
            i = (i + 1) & (AF_TYPE_SLOTS - 1);
        k->names[i].type = (unsigned char)t;
        k->names[i].head = name_head(pad, ri->namelen);
        k->names[i].tail = name_tail(name, ri->namelen);
        k->fixed_present[t] = 0;
        for (unsigned f = 0; f < ri->nfields; f++)
            k->fixed_present[t] |= 1u << ri->field[f];
    }
    k->fast_off = !tgEngine_fast_paths(k->c);
}

/* The type field 0 names, if record_type() takes it with no finding: a
 * name, or an id 1 to 14 in plain decimal; else 0.  A name is compared
 * as two words where eight bytes from p may be read (below lim). */
static inline int fast_type(const af_check *k, const unsigned char *p,
                            size_t n, const unsigned char *lim)
{
    if (n == 0)
        return 0;
    if (p[0] - (unsigned)'A' < 26) {
        if (n > 16)
            return 0;
        int words = lim - p >= 8;
        uint64_t head = words ? name_head(p, n) : 0, tail = name_tail(p, n);
        for (unsigned i = type_slot(p, n); k->names[i].type;
             i = (i + 1) & (AF_TYPE_SLOTS - 1)) {
            const af_record_info *ri = &af_records[k->names[i].type];
            if (ri->namelen == n &&
                (words ? k->names[i].head == head && k->names[i].tail == tail
                       : memcmp(ri->name, p, n) == 0))
                return k->names[i].type;
        }
        return 0;
    }
    uint64_t u;
    return fast_uint(p, n, &u, lim) && u >= 1 && u < AF_NTYPES ? (int)u : 0;
}

/* ---- fields ------------------------------------------------------------ */

/* Each field's kind and whether it may be blank (fields.def), as
 * constants: the readers below are made per record type, so that what
 * fast_field() does with a field is decided when it is compiled. */
enum {
#define AF_FIELD(sym, name, kind, blank, pattern)                             \
    FAST_KIND_##sym = kind, FAST_BLANK_##sym = blank,
#include "../fields.def"
#undef AF_FIELD
};

/* Field `field` (of kind `kind`, blank allowed if may_blank) at p[0..n),
 * if read_field() reads it with no finding: 1 and its value in *u (0 for
 * a blank); else 0.  Integers in plain decimal, blanks where the field
 * may be blank, free text, and texts of a pattern field that matched
 * before (the memo); the rest is the general reader's. */
static inline __attribute__((always_inline)) int
fast_value(af_check *k, unsigned field, int kind, int may_blank,
           const af_fld *f, const unsigned char *lim, uint64_t *u)
{
    const unsigned char *p = f->p;
    size_t n = f->n;
    *u = 0;
    if (f->escaped && kind != AF_K_AGGREGATION && kind != AF_K_TEXT)
        return 0; /* a doubled quote: only free text takes it as it is */
    /* a blank is said where the field may not be one, and of two fields
     * that may */
    if (n == 0)
        return may_blank && field != AF_F_INFO_TS && kind != AF_K_UNITS;
    if (kind == AF_K_RUN && n >= 16)
        return fast_run_id(k, p, n, u);
    if (kind <= AF_K_MTYPE) /* the integers (af_kind order) */
        return fast_uint(p, n, u, lim) &&
               (kind != AF_K_TIMESTAMP || *u <= INT64_MAX);
    if (kind >= AF_K_DATATYPE) /* patterns, units, wallclock */
        return af_memo_hit(&k->memo[field], p, n, u);
    return 1; /* values, aggregation types and free text as they are */
}

/* fast_value(), the value noted as read_field() notes it. */
static inline __attribute__((always_inline)) int
fast_field(af_check *k, unsigned field, int kind, int may_blank,
           const af_fld *f, const unsigned char *lim)
{
    af_num *v = &k->val[field];
    uint64_t u;
    if (!fast_value(k, field, kind, may_blank, f, lim, &u))
        return 0;
    v->u = u;
    v->ok = f->n != 0;
    v->blank = f->n == 0;
    v->at.at = f->at;
    v->at.len = (uint32_t)f->n;
    return 1;
}
_Static_assert(AF_K_TIMESTAMP == 0 && AF_K_MTYPE == 6 && AF_K_VALUE == 7 &&
                   AF_K_AGGREGATION == 8 && AF_K_TEXT == 9 &&
                   AF_K_DATATYPE == 10,
               "fast_value() reads kinds by their order");

/* Field i of the current record (0 the type), between bounds cut[i] and
 * cut[i + 1] (fast_cut()): its text inside quotes
 * if it opens with one (then it ends with the closing quote: fast_frame()
 * made sure), as af_next_field() gives it.  The byte at its end is
 * there to read, a comma or the record's LF, so an empty field is never
 * taken for a quoted one.  Always inlined: gcc made it a call, and the
 * span went through memory on its way to the field's reader. */
static inline __attribute__((always_inline)) void
fast_span(const af_check *k, const uint32_t *cut, unsigned i, af_fld *f)
{
    const unsigned char *rec = k->rec;
    size_t s = (uint32_t)(cut[i] + 1), e = cut[i + 1];
    f->at = k->rec_at + s;
    f->escaped = 0;
    if (rec[s] == '"') {
        f->p = rec + s + 1;
        f->n = e - s - 2;
        f->escaped = memchr(f->p, '"', f->n) != NULL;
        return;
    }
    f->p = rec + s;
    f->n = e - s;
}

/* Whether a record of nf fields, then pairs as given, may have nc
 * commas; if not, a field too few or too many is said by af_record(). */
static inline int fast_count(unsigned nc, unsigned nf, enum af_pairs pairs)
{
    unsigned extra = nc - nf; /* pair fields */
    return nc >= nf && (pairs == AF_NO_PAIRS   ? extra == 0
                        : pairs == AF_ONE_PAIR ? extra == 2
                                               : extra != 0 && extra % 2 == 0);
}

/* The pairs of a record of type `type` once its nf fixed fields are
 * read and its af_refs_<TYPE>() has been called.  @return 1: it is
 * read. */
static int fast_pairs(af_check *k, int type, unsigned nf, const uint32_t *cut,
                      unsigned nc, const unsigned char *lim)
{
    /* a pair's measurement type id goes to af_refs_value() and is not
     * noted in k->val: nothing asks for it after af_refs_record() */
    for (unsigned i = nf + 1; i <= nc; i += 2) {
        af_fld f;
        uint64_t mtype;
        fast_span(k, cut, i, &f);
        if (!fast_value(k, AF_F_MTYPE, FAST_KIND_MTYPE, FAST_BLANK_MTYPE, &f,
                        lim, &mtype)) {
            /* the general reader goes on from this pair */
            k->cur = k->rec + (cut[i] + 1);
            af_pairs(k, &af_records[type], (i - nf - 1) / 2);
            return 1;
        }
        af_fld v;
        size_t n;
        fast_span(k, cut, i + 1, &v);
        const unsigned char *p = af_text(k, &v, &n);
        af_refs_value(k, mtype, &f, &v, p, n);
    }
    return 1;
}

/* One reader per record type of records.def: its fixed fields, then
 * what they mean (af_refs_<TYPE>()), then fast_pairs().  @return 0 with
 * nothing done (k->val aside) for af_record() to read the record, 1 when
 * it is read. */
#define FAST_READ(sym)                                                        \
    fast_span(k, cut, ++i, &f);                                               \
    if (!fast_field(k, AF_F_##sym, FAST_KIND_##sym, FAST_BLANK_##sym, &f,     \
                    lim))                                                     \
        return 0;
#define AF_RECORD(sym, id, name, role, pairs, ...)                            \
    static int fast_##sym(af_check *k, const uint32_t *cut, unsigned nc,      \
                          const unsigned char *lim)                           \
    {                                                                         \
        unsigned i = 0;                                                       \
        af_fld f;                                                             \
        if (!fast_count(nc, AF_NARGS(__VA_ARGS__), pairs))                    \
            return 0;                                                         \
        AF_EACH(FAST_READ, __VA_ARGS__)                                       \
        k->present = k->fixed_present[id]; /* each field's, as read */        \
        k->type = id; /* read: from here on, as af_record() goes on */        \
        af_refs_##sym(k);                                                     \
        return fast_pairs(k, id, i, cut, nc, lim);                            \
    }
#include "../records.def"
#undef AF_RECORD
#undef FAST_READ

/* The record read the fast way: its type, then its type's reader. */
static int fast_record(af_check *k, const uint32_t *cut, unsigned nc,
                       const unsigned char *lim)
{
    af_fld f;
    fast_span(k, cut, 0, &f);
    switch (f.escaped ? 0 : fast_type(k, f.p, f.n, lim)) {
#define AF_RECORD(sym, id, ...)                                               \
    case id:                                                                  \
        return fast_##sym(k, cut, nc, lim);
#include "../records.def"
#undef AF_RECORD
    default: return 0;
    }
}

/* ---- framing ----------------------------------------------------------- */

/* The quoted parts of a record fast_frame() takes, at most: a record with
 * more is framed the general way. */
#define FAST_QUOTED 16

/* Where the record at p ends (its LF), if af_frame() frames it without
 * a finding: marks (LF, CR, quote) from index bit b on, to bytes of p
 * indexed.  Quotes may only open a field and close it before a comma or
 * the line end, "" inside standing for one; no CR anywhere.  An LF
 * inside quotes is data, and counted in *lfs (scan_record() in lex.c).
 * @return its length, with the quoted parts [q[2i], q[2i + 1]] (the
 * quotes) in q and their count in *nq; or SIZE_MAX. */
static inline size_t fast_frame(const uint64_t *marks, const unsigned char *p,
                                size_t b, size_t to, size_t *q, unsigned *nq,
                                uint64_t *lfs)
{
    tgTextindex_walk it;
    tgTextindex_walk_start(&it, marks, b, b + to);
    *nq = 0;
    *lfs = 0;
    for (;;) {
        size_t m = tgTextindex_walk_next(&it) - b;
        if (m == to || p[m] == '\r')
            return SIZE_MAX; /* no line end yet, or a CR */
        if (p[m] == '\n')
            return m;
        /* a quote: it must open a field, and close it */
        if ((m > 0 && p[m - 1] != ',') || *nq == FAST_QUOTED)
            return SIZE_MAX;
        q[2 * *nq] = m;
        for (;;) {
            size_t c = tgTextindex_walk_next(&it) - b;
            if (c == to || p[c] == '\r')
                return SIZE_MAX; /* no end yet, or a CR inside quotes */
            if (p[c] == '\n') {
                ++*lfs;
                continue;
            }
            if (c + 1 < to && p[c + 1] == '"') {
                tgTextindex_walk_next(&it); /* "" is one quote */
                continue;
            }
            if (c == m + 1)
                return SIZE_MAX; /* an empty quoted field: AF-ART-008 */
            if (c + 1 >= to || (p[c + 1] != ',' && p[c + 1] != '\n'))
                return SIZE_MAX; /* text after the closing quote */
            q[2 * (*nq)++ + 1] = c;
            break;
        }
    }
}

/* Bits a to b of a word, a <= b < 64. */
static inline uint64_t bits_between(size_t a, size_t b)
{
    return (((uint64_t)2 << b) - 1) & (~(uint64_t)0 << a);
}

/* The commas of a word m whose bit 0 is byte w0 of the record, after the
 * nc of cut[] (fast_cut()): their count then. */
static inline unsigned cut_word(uint64_t m, size_t w0, uint32_t *cut,
                                unsigned nc)
{
    for (; m; m &= m - 1)
        cut[++nc] = (uint32_t)(w0 + (size_t)__builtin_ctzll(m));
    return nc;
}

/* The bounds of the fields of the record of n bytes from index bit b
 * (all of them indexed, and the byte after): cut[0] is UINT32_MAX (the
 * byte before the first, its "comma"), then its commas but those inside
 * its nq quoted parts q, then n.  The record is taken 64 bytes at a
 * time, each a word of the map from its own start (tgTextindex_word()), the bits
 * of its quoted parts cleared.  @return the count of commas, or more than
 * FAST_FIELDS (cut[] has room for a word past them; n does not fit its
 * 32 bits). */
static inline unsigned fast_cut(const uint64_t *map, size_t b, size_t n,
                                const size_t *q, unsigned nq, uint32_t *cut)
{
    unsigned nc = 0, iq = 0;
    if (n >= UINT32_MAX) /* bounds are 32-bit */
        return FAST_FIELDS + 1;
    cut[0] = UINT32_MAX; /* + 1 is 0 */
    for (size_t w0 = 0; w0 < n && nc <= FAST_FIELDS; w0 += 64) {
        uint64_t m = tgTextindex_word(map, b + w0);
        if (n - w0 < 64)
            m &= ((uint64_t)1 << (n - w0)) - 1;
        /* quoted parts that reach into this word */
        for (; iq < nq && q[2 * iq] < w0 + 64; iq++) {
            size_t qo = q[2 * iq], qc = q[2 * iq + 1];
            m &= ~bits_between(qo > w0 ? qo - w0 : 0,
                               qc - w0 < 63 ? qc - w0 : 63);
            if (qc >= w0 + 64)
                break; /* it goes on into the next word */
        }
        nc = cut_word(m, w0, cut, nc);
    }
    cut[nc + 1] = (uint32_t)n;
    return nc;
}

/* A record framed here: its length (without the LF), the quoted parts
 * and the field bounds of fast_frame() and fast_cut(), and where its
 * first byte above 0x7F is (n: none). */
typedef struct fast_rec {
    size_t n, high;
    uint64_t lfs; /* inside quotes */
    unsigned nq, nc;
    size_t q[2 * FAST_QUOTED];
    uint32_t cut[FAST_FIELDS + 64 + 1]; /* fast_cut()'s, and a comma a
                                           byte for fast_cut_words() */
} fast_rec;
_Static_assert(FAST_TWO_WORDS <= FAST_FIELDS + 64,
               "cut[] holds a comma a byte of a record fast_cut_words() "
               "cuts");

/* The bounds of the fields of a record of n < FAST_TWO_WORDS bytes whose
 * commas outside quotes are the bits of lo and hi (bit i of lo: byte i,
 * of hi: byte 64 + i), as fast_cut() gives them: their count, which may
 * pass FAST_FIELDS (cut[] has room for them all). */
static inline unsigned fast_cut_words(uint64_t lo, uint64_t hi, size_t n,
                                      uint32_t *cut)
{
    cut[0] = UINT32_MAX;
    unsigned nc = cut_word(hi, 64, cut, cut_word(lo, 0, cut, 0));
    cut[nc + 1] = (uint32_t)n;
    return nc;
}

/* The bits of map for the n < FAST_TWO_WORDS bytes of a record from
 * index bit b, all of them indexed: bytes 0 to 63 in *lo, 64 to n - 1 in
 * *hi. */
static inline void record_words(const uint64_t *map, size_t b, size_t n,
                                uint64_t *lo, uint64_t *hi)
{
    *lo = tgTextindex_word(map, b);
    *hi = 0;
    if (n < 64)
        *lo &= ((uint64_t)1 << n) - 1;
    else
        *hi = tgTextindex_word(map, b + 64) & (((uint64_t)1 << (n - 64)) - 1);
}

/* The common record, under 128 bytes and with no quote or CR, framed
 * from one or two words of each map (those from index bit b on, to bytes
 * of it indexed): 1, or 0 for fast_long() to look at it. */
static inline int fast_short(const tgTextindex *x, const unsigned char *p,
                             size_t b, size_t to, fast_rec *r)
{
    uint64_t marks = tgTextindex_word(x->map[TG_TEXTINDEX_MARKS], b);
    size_t n;
    if (marks != 0) {
        n = (size_t)__builtin_ctzll(marks);
    } else if (to > 64) { /* the index holds the next word's first byte */
        uint64_t next = tgTextindex_word(x->map[TG_TEXTINDEX_MARKS], b + 64);
        if (next == 0)
            return 0;
        n = 64 + (size_t)__builtin_ctzll(next);
    } else {
        return 0;
    }
    if (n >= to || p[n] != '\n')
        return 0; /* not indexed yet, a quote or a CR first */
    r->n = n;
    r->nq = 0;
    r->lfs = 0;
    if (n < 64) { /* one word of each map: most records */
        uint64_t below = ((uint64_t)1 << n) - 1; /* the record's bytes */
        uint64_t high = tgTextindex_word(x->map[TG_TEXTINDEX_HIGH], b) & below;
        r->high = high ? (size_t)__builtin_ctzll(high) : n;
        r->nc = fast_cut_words(tgTextindex_word(x->map[TG_TEXTINDEX_SEPS], b) &
                                   below,
                               0, n, r->cut);
        return 1;
    }
    uint64_t lo, hi;
    record_words(x->map[TG_TEXTINDEX_HIGH], b, n, &lo, &hi);
    r->high = lo   ? (size_t)__builtin_ctzll(lo)
              : hi ? 64 + (size_t)__builtin_ctzll(hi)
                   : n;
    record_words(x->map[TG_TEXTINDEX_SEPS], b, n, &lo, &hi);
    r->nc = fast_cut_words(lo, hi, n, r->cut);
    return 1;
}

/* Any other record fast_frame() frames: 1, or 0 for af_frame().  One
 * under FAST_TWO_WORDS bytes has its commas from two words, those of its
 * quoted parts masked away. */
static inline int fast_long(const tgTextindex *x, const unsigned char *p,
                            size_t b, size_t to, fast_rec *r)
{
    size_t n = fast_frame(x->map[TG_TEXTINDEX_MARKS], p, b, to, r->q, &r->nq,
                          &r->lfs);
    if (n == SIZE_MAX)
        return 0; /* quotes astray, a CR, no line end yet */
    r->n = n;
    r->high = tgTextindex_next(x->map[TG_TEXTINDEX_HIGH], b, b + n) - b;
    if (n >= FAST_TWO_WORDS) {
        r->nc = fast_cut(x->map[TG_TEXTINDEX_SEPS], b, n, r->q, r->nq, r->cut);
        return 1;
    }
    uint64_t lo, hi; /* the index holds them: n < to */
    record_words(x->map[TG_TEXTINDEX_SEPS], b, n, &lo, &hi);
    for (unsigned i = 0; i < r->nq; i++) { /* its opening, closing quote */
        size_t qo = r->q[2 * i], qc = r->q[2 * i + 1];
        if (qo < 64)
            lo &= ~bits_between(qo, qc < 64 ? qc : 63);
        if (qc >= 64)
            hi &= ~bits_between(qo < 64 ? 0 : qo - 64, qc - 64);
    }
    r->nc = fast_cut_words(lo, hi, n, r->cut);
    return 1;
}

void af_fast(af_check *k)
{
    tgWindow *w = k->w;
    tgTextindex *x = &k->index;
    if (k->fast_off || k->skip_header)
        return;
    while (!k->stop && (k->rec == NULL || k->ended_lf)) {
        /* af_frame()'s frame_plain(): a record ended by the LF that is
         * its first mark, within the window and the index */
        size_t avail = w->end - w->pos;
        uint64_t at = tgWindow_offset(w);
        size_t have = tgTextindex_have(x, at),
               to = have < avail ? have : avail;
        const unsigned char *p = tgWindow_ptr(w);
        if (to == 0 || p[0] == '#' || p[0] == ' ' || p[0] == '\t')
            return; /* comments and blanks: the loop's */
        size_t b = (size_t)(at - x->base);
        fast_rec r;
        if (!fast_short(x, p, b, to, &r) && !fast_long(x, p, b, to, &r))
            return;
        size_t n = r.n;
        if (n + 1 > w->max_need || (k->eol_seen & 2))
            return; /* a record over the limit, CRLF lines */
        if (r.high < n &&
            tgUnicode_utf8_bad(p + r.high, n + 1 - r.high) != SIZE_MAX)
            return; /* AF-ENC-001 is said there */
        /* framed: af_frame() for the line before, then start_record() */
        if (k->rec) {
            k->line += k->lines_in + 1;
            k->column = 1;
        }
        k->rec_at = at;
        k->rec = p;
        k->rec_n = n;
        k->type = -1;
        k->cur = p;
        k->quotes = r.nq > 0;
        k->lines_in = r.lfs;
        k->unended = 0;
        k->rec_bit = b;
        k->eol_seen = 1; /* line_end(): LF, and never CRLF before */
        tgWindow_consume(w, n + 1);
        k->ended_lf = 1;
        /* tgAfperf_check()'s dispatch: an empty record is skipped */
        if (n > 0 &&
            (r.nc > FAST_FIELDS || !fast_record(k, r.cut, r.nc, p + avail)))
            af_record(k);
        k->quiet = 0;
        k->record++;
    }
}
