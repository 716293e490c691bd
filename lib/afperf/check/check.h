/* check.h - the AFPerf checker's state, shared by its files:
 *   frontend.c  the version headers and the record loop
 *   lex.c       records and fields (RFC 4180), line:column, UTF-8
 *   numbers.c   integers and strtod numbers, as the seed reads them
 *   patterns.c  the PCRE2 patterns of fields.def and of units
 *   records.c   each record against its row of records.def
 *   fast.c      plain records framed and read in one go
 *   refs.c      ids, regions, sections and values across the file
 *   artificer.c what the Artificer reader makes of a record
 *               (artificer-compat) */
#ifndef TG_AF_CHECK_H
#define TG_AF_CHECK_H

#include <string.h>

#include "../../core/digits.h"
#include "../../core/quote.h"
#include "../../core/idmap.h"
#include "../../core/ranges.h"
#include "../../core/textindex.h"
#include "../afperf.h"

/* One field of the current record: its value bytes (inside the quotes of
 * a quoted field, doubled quotes still doubled) and where it is. */
typedef struct af_fld {
    const unsigned char *p;
    size_t n;
    uint64_t at; /* offset of its first byte (the opening quote) */
    int escaped; /* it holds a doubled quote                     */
} af_fld;

/* A place in the file, for findings reported later than their record. */
typedef struct af_site {
    uint64_t at, line, column;
    uint32_t len;
} af_site;

/* What a parsed field held. */
typedef struct af_num {
    uint64_t u; /* the value (ids, timestamps, codes)         */
    int blank;  /* the field was empty                        */
    int ok;     /* it parsed (and is in range); never if blank */
    af_site at; /* its offset and length (no line:column yet) */
} af_num;

/* The record that opened the current block of data records (AF-A14). */
typedef struct af_block {
    enum af_role role; /* AF_OPENS_RUN/REGION/SECTION, or AF_OTHER */
    int has_id;        /* the opener named its id                */
    uint64_t id;       /* run, region or section id              */
    int run_known;     /* the run the block belongs to is known  */
    uint64_t run;
} af_block;

/* The owner of a record's values: its kind, id, and run (refs.c). */
typedef struct af_owner {
    int kind; /* AF_DATA_RUN, AF_DATA_REGION, AF_DATA_SECTION; 0 = none */
    uint64_t id;
    int run_known;
    uint64_t run;
    uint32_t run_idx; /* the run's dense index, UINT32_MAX if none yet */
} af_owner;

/* The last texts a pattern field matched with no finding, and what each
 * gave (records.c pattern_field()): writers repeat a few tags, units and
 * datatypes over and over, and a repeat needs no second match. */
#define AF_MEMO      64 /* bytes of a text kept                       */
#define AF_MEMO_WAYS 4  /* texts kept per field, the oldest replaced  */
typedef struct af_memo {
    struct {
        uint8_t n; /* bytes in text; 0: none (a blank is not matched) */
        uint64_t u;
        unsigned char text[AF_MEMO];
    } way[AF_MEMO_WAYS];
    unsigned next; /* the way to replace */
} af_memo;

/*! af_memo_hit() : whether p[0..n) is a text memo m holds, and what it
 *  gave (*u). */
static inline int af_memo_hit(const af_memo *m, const unsigned char *p,
                              size_t n, uint64_t *u)
{
    for (unsigned i = 0; i < AF_MEMO_WAYS; i++)
        if (m->way[i].n == n && memcmp(m->way[i].text, p, n) == 0) {
            *u = m->way[i].u;
            return 1;
        }
    return 0;
}

/* A cached datatype of (run, measurement type), refs.c run_datatype(). */
#define AF_DT_CACHE 256
typedef struct af_dt_cache {
    uint64_t mtype;
    uint32_t run_idx; /* + 1; 0 = empty */
    int dt;
} af_dt_cache;

/* An open region (the stack of AF-33) or section interval. */
typedef struct af_region {
    uint64_t id, ts, run;
    uint8_t has_id, ts_ok, run_known;
    uint8_t art_known; /* art_run is the run Artificer files it under */
    uint32_t site;     /* where it opened (refs.c keep()), +1; 0 = none */
    uint64_t art_run;
} af_region;

#define AF_TYPE_SLOTS 32 /* the record type names' table (fast.c) */

typedef struct af_check {
    tgEngine_check *c;
    tgWindow *w;
    int fast_off; /* fast.c reads no record (tgEngine_fast_paths()) */
    struct { /* record type names (fast.c): their first and last 8 bytes */
        uint64_t head, tail;
        unsigned char type; /* 0: an empty slot */
    } names[AF_TYPE_SLOTS];
    unsigned fixed_present[AF_NTYPES]; /* by type: bits of its fixed
                                          fields in `present` (fast.c) */
    struct { /* the last run id of 16 or more digits fast.c read: its
                length (0: none), three words of its text, its value */
        size_t n;
        uint64_t words[3], u;
    } run_text;
    /* the current record */
    uint64_t rec_at;          /* offset of its first byte            */
    const unsigned char *rec; /* its bytes (stable while it is read) */
    size_t rec_n;             /* without its line end                */
    uint64_t line, column;    /* of its first byte (1-based)         */
    uint64_t lines_in;        /* LFs inside its quoted fields        */
    int ended_lf;             /* it ended with LF or CRLF            */
    uint64_t record;          /* 0-based index among records         */
    const unsigned char *cur; /* next field (lex.c)                  */
    int quotes;               /* it holds a double quote somewhere   */
    /* where its line ends and its commas are: the index holds every byte
     * of a record but a comment, from bit rec_bit (lex.c) */
    tgTextindex index;
    size_t rec_bit;
    int type;      /* its type, or -1                     */
    int quiet;     /* read it without findings (too few
                                 fields to know which is which, or
                                 cut by an open quote)               */
    int truncated; /* the input was found cut short       */
    int unended;   /* it ends the input without line end,
                      in a file whose records have one    */
    char path[96];
    unsigned char *scratch; /* unescaped field values              */
    size_t scratch_cap;
    /* the file */
    int eol_seen;        /* 1 LF, 2 CRLF, 3 both reported       */
    uint64_t headers;    /* version headers so far (epoch)      */
    af_site header_site; /* the last of them                    */
    char header_path[32];
    int skip_header;  /* the first line is a malformed header      */
    int stop;         /* checking ends (limit or unsupported)*/
    int no_memory;    /* a pattern match ran out: only the limit says */
    int tracking;     /* cross-record state still kept      */
    int art;          /* the artificer-compat profile: the AF-ART rules */
    int runinfo_seen; /* a RunInfo came before the current record */
    /* parsed fields of the current record, by enum af_field */
    af_num val[AF_NFIELDS];
    unsigned present;         /* bit f: field f was in the record  */
    af_memo memo[AF_NFIELDS]; /* of the pattern fields          */
    /* cross-record state (refs.c) */
    af_block block;
    af_dt_cache dt_cache[AF_DT_CACHE];
    af_owner owner;     /* of the record numbered owner_for - 1 */
    uint64_t owner_for; /* 0: none found yet                    */
    int last_run_known, last_run_fc;
    uint64_t last_run; /* of the last RunInfo                */
    tgIdmap runs, mtypes, sections, intervals, open_intervals;
    tgIdmap regions;  /* region ids named before any RegionStart of them */
    tgRanges started; /* region ids started, valued by run (refs.c) */
    struct {          /* the range of started region ids last found (refs.c) */
        uint64_t first, last, run;
        int ok;
    } near_region;
    struct { /* the run whose dense index was last found (refs.c) */
        uint64_t id;
        uint32_t idx;
        int ok;
    } near_run;
    tgIdmap defs;            /* (run, mtype) -> datatype           */
    tgRanges used_intervals; /* (section, interval) ever started   */
    int mt_runs_said;        /* AF-MT-008 is said once per file    */
    struct { /* the run Artificer files a record under (artificer.c) */
        uint64_t run;
        int known;
    } art_run;
    tgIdmap pend[3];            /* (owner, mtype) -> pending values   */
    struct af_pending *pending; /* what pend[] values index           */
    size_t npending, cap_pending;
    struct af_kept *sites; /* places kept for later findings     */
    uint32_t free_site;    /* a released site, +1; 0 = none (refs.c) */
    size_t nsites, cap_sites;
    af_region *stack; /* open regions, innermost last       */
    size_t depth, cap_stack;
    uint32_t nruns, nmtypes, nregions, nsections, nintervals;
    void *match; /* pcre2_match_data                   */
} af_check;

/* ---- lex.c ---- */
/*! af_where() : line and column (code points, 1-based) of offset `at` of
 *  the current record. */
void af_where(const af_check *k, uint64_t at, uint64_t *line,
              uint64_t *column);
/*! af_report() : report rule at [at, at + len) of the current record. */
int64_t af_report(af_check *k, size_t rule, uint64_t at, uint64_t len,
                  const char *field, const char *exp, const char *found);
/*! af_open_end() : whether field f runs to the end of a last record that
 *  has no line end (unquoted): it may have been cut inside (T-1). */
static inline int af_open_end(const struct af_check *k, const af_fld *f)
{
    return k->unended && f->at + f->n == k->rec_at + k->rec_n;
}

/*! af_cut() : the input was cut short inside the current record (T-1):
 *  AF-CUT-001 for the record, and the rest of it read quietly. */
void af_cut(af_check *k, const char *exp, const char *found);
/*! af_report_blanks() : AF-FLT-002 at [at, at + len) of field `field`:
 *  the number p[0..n) has white space around it (T-10). */
void af_report_blanks(af_check *k, uint64_t at, uint64_t len,
                      const char *field, const unsigned char *p, size_t n);
/*! af_report_site() : report at a site kept from an earlier record. */
int64_t af_report_site(af_check *k, size_t rule, const af_site *s,
                       const char *path, const char *exp, const char *found);
af_site af_site_of(const af_check *k, uint64_t at, uint64_t len);
/*! af_frame() : frame the next record (k->rec, k->rec_n); 0 at the end of
 *  the input or when checking stops. */
int af_frame(af_check *k);
/*! af_next_quoted() : af_next_field() for a field that opens with a
 *  quote. */
int af_next_quoted(af_check *k, af_fld *f);
/*! af_bare_quote() : report a quote inside the unquoted field f
 *  (AF-QUO-001). */
void af_bare_quote(af_check *k, const af_fld *f);

/*! af_span() : *f is the unquoted field [s, c) of the record whose bytes
 *  are at rec and start at input offset rec_at. */
static inline void af_span(af_fld *f, const unsigned char *rec,
                           uint64_t rec_at, const unsigned char *s,
                           const unsigned char *c)
{
    f->p = s;
    f->n = (size_t)(c - s);
    f->at = rec_at + (uint64_t)(s - rec);
    f->escaped = 0;
}

/*! af_next_comma() : the first comma of the current record at or after
 *  from, or its end (k->rec + k->rec_n) if there is none. */
static inline const unsigned char *af_next_comma(const af_check *k,
                                                 const unsigned char *from)
{
    size_t b = k->rec_bit;
    return k->rec +
           (tgTextindex_next(k->index.map[TG_TEXTINDEX_SEPS],
                             b + (size_t)(from - k->rec), b + k->rec_n) -
            b);
}

/*! af_next_field() : the next field of the current record; 0 at its end.
 *  Inline: it runs for every field.  Its end is the next comma outside
 *  quotes; in a record with quotes, a field that opens with one goes the
 *  long way, and any other is looked at for a quote inside. */
static inline int af_next_field(af_check *k, af_fld *f)
{
    const unsigned char *end = k->rec + k->rec_n, *s = k->cur;
    if (s > end)
        return 0;
    if (k->quotes && s < end && *s == '"')
        return af_next_quoted(k, f);
    const unsigned char *c = af_next_comma(k, s);
    af_span(f, k->rec, k->rec_at, s, c);
    k->cur = c + 1; /* past the end when c is the end */
    if (k->quotes)
        af_bare_quote(k, f);
    return 1;
}

/*! af_next_fields() : up to n next fields of the current record into
 *  f[]; how many there were.  A record without quotes, the common case,
 *  is cut in one loop that touches k only before and after it. */
static inline unsigned af_next_fields(af_check *k, af_fld *f, unsigned n)
{
    unsigned have = 0;
    if (k->quotes) {
        while (have < n && af_next_field(k, &f[have]))
            have++;
        return have;
    }
    /* one walk over the record's commas from the cursor on */
    const unsigned char *rec = k->rec, *s = k->cur, *end = rec + k->rec_n;
    size_t b = k->rec_bit;
    tgTextindex_walk commas;
    tgTextindex_walk_start(&commas, k->index.map[TG_TEXTINDEX_SEPS],
                           b + (size_t)(s - rec), b + k->rec_n);
    for (; have < n && s <= end; have++) {
        const unsigned char *c = rec + (tgTextindex_walk_next(&commas) - b);
        af_span(&f[have], rec, k->rec_at, s, c);
        s = c + 1;
    }
    k->cur = s;
    return have;
}

/*! af_text() : the value of f with doubled quotes made single, and its
 *  length; valid until the next call. */
const unsigned char *af_unescape(af_check *k, const af_fld *f, size_t *n);
static inline const unsigned char *af_text(af_check *k, const af_fld *f,
                                           size_t *n)
{
    if (!f->escaped) {
        *n = f->n;
        return f->p;
    }
    return af_unescape(k, f, n);
}

/* ---- numbers.c ---- */
enum af_int {
    AF_IV_OK,
    AF_IV_BLANK,
    AF_IV_SYNTAX,   /* not digits, or a sign where none is allowed */
    AF_IV_NEGATIVE, /* "-digits": syntax for ids, range for others */
    AF_IV_RANGE     /* above 2^64-1                                */
};
/* 16 bytes, so that it comes back in two registers */
typedef struct af_intv {
    uint64_t u; /* magnitude */
    uint8_t r;  /* enum af_int */
    uint8_t hex, zeros, minus;
} af_intv;
_Static_assert(sizeof(af_intv) <= 16, "af_intv is returned in registers");
/*! af_parse_int_long() : af_parse_int() for what is not a decimal number
 *  of up to 8 digits. */
af_intv af_parse_int_long(const unsigned char *p, size_t n);
/*! af_parse_int() : decimal or 0x-hex digits, an optional leading '-'.
 *  Inline for the common case, up to 8 decimal digits without a leading
 *  zero: it runs for nearly every field. */
static inline af_intv af_parse_int(const unsigned char *p, size_t n)
{
    af_intv v = {0, AF_IV_OK, 0, 0, 0};
    if (n == 1 && (v.u = p[0] - (unsigned)'0') <= 9) /* ids and types */
        return v;
    if (n - 2 < 3 && p[0] != '0' && tgDigits_digits(p, n, &v.u))
        return v;
    if (n - 5 < 4 && p[0] != '0' && tgDigits_decimal8(p, n, &v.u))
        return v;
    return af_parse_int_long(p, n);
}

/*! af_float_len() : how many leading bytes of p[0..n) form a strtod
 *  number, or 0. */
size_t af_float_len(const unsigned char *p, size_t n);

/*! af_int_start(), af_float_start(), af_tags_start() : whether p[0..n),
 *  which the field's kind does not accept as it is, is the start of what
 *  it accepts: what a last record cut inside its last field leaves of an
 *  integer (a '-' first if sign), a strtod number or tags (decision
 *  T-1). */
int af_int_start(const unsigned char *p, size_t n, int sign);
int af_float_start(const unsigned char *p, size_t n);
int af_tags_start(const unsigned char *p, size_t n);
/*! af_value_start() : the same for a value of datatype dt (T-5). */
int af_value_start(const unsigned char *p, size_t n, int dt);

/*! af_space() : whether c is white space as strtoll and strtod skip it
 *  (C99 7.4.1.10 in the "C" locale). */
static inline int af_space(unsigned c)
{
    return c == ' ' || c - '\t' < 5; /* \t \n \v \f \r */
}

/*! af_trim() : p[0..*n) without the white space around it (decision
 *  T-10: AF-FLT-002 for a number); whether there was any. */
static inline int af_trim(const unsigned char **p, size_t *n)
{
    const unsigned char *s = *p, *e = s + *n;
    while (s < e && af_space(*s))
        s++;
    while (e > s && af_space(e[-1]))
        e--;
    int had = s != *p || e != *p + *n;
    *p = s;
    *n = (size_t)(e - s);
    return had;
}

/*! af_strtod() : p[0..n), a whole strtod number of the "C" locale, as a
 *  double in *d; *range is set when strtod says ERANGE (out of a
 *  double's range, or below its normal numbers and not exact).  0 when
 *  there was no memory to read it. */
int af_strtod(const unsigned char *p, size_t n, double *d, int *range);

/* ---- patterns.c ---- */
/*! af_match() : whether the whole of p[0..n) matches pattern `which`
 *  (an af_pattern); captures[] (0-based groups 1..) when not NULL.  Out
 *  of memory for the match: the checker's limit reported, the check
 *  stopped, and 1 (no finding about the field). */
enum af_pattern {
#define AF_FIELD(sym, name, kind, blank, pattern) AF_P_FIELD_##sym,
#include "../fields.def"
#undef AF_FIELD
#define AF_UNIT(sym, pattern) AF_P_UNIT_##sym,
#include "units.def"
#undef AF_UNIT
    AF_NPATTERNS
};
/*! af_patterns_ready() : the patterns compiled, once for the process
 *  (thread-safe).  @return 1, or 0 when memory ran out: nothing is left
 *  of the try, and the next call tries again. */
int af_patterns_ready(void);
void *af_match_data(void);
void af_match_data_free(void *md);
int af_match(af_check *k, enum af_pattern which, const unsigned char *p,
             size_t n, size_t *groups, size_t ngroups);

/* ---- records.c ---- */
void af_record(af_check *k);
/* ---- show.c ---- */
/*! af_show_record() : hand the current record, framed and not yet read,
 *  and its measurement pairs to the caller that wants the input's parts. */
void af_show_record(af_check *k);
/*! af_show_line() : a line that is no record (the version header, a
 *  comment), as a part of kind `kind`. */
void af_show_line(af_check *k, const char *kind);
/*! af_pairs() : the measurement pairs of the current record from k->cur
 *  on, `count` of them read before. */
void af_pairs(af_check *k, const af_record_info *ri, unsigned count);

/* ---- fast.c ---- */
/*! af_fast_init() : the tables of the fast path. */
void af_fast_init(af_check *k);
/*! af_fast() : frame and read plain records while they come, as the
 *  front end's loop would; the first that does not frame plainly is left
 *  to it. */
void af_fast(af_check *k);
/*! af_value_is() : whether a value is one of datatype dt (T-5), white
 *  space around a number aside (T-10). */
int af_value_is(const unsigned char *p, size_t n, int dt);
/*! af_value_plain() : whether a value of datatype dt (not AF_DT_NONE)
 *  has nothing to say, by tests that cost less than the full ones
 *  (af_refs_value(): af_value_is(), white space around a number,
 *  af_art_misread() where art) and decide most values: any text of a
 *  string or enum where Artificer is not modelled; -? then 1 to 15
 *  digits, a dot and more digits allowed in a double, no leading zero in
 *  an integer.  strtod reads every such double whole and in range; such
 *  an integer is an int64 below 2^53 (which Artificer's double holds
 *  exactly), an int32 up to 9 digits, a bool if it is 0 or 1.  0 leaves
 *  the value to the full tests.  Inline: it runs for every pair. */
static inline int af_value_plain(int art, const unsigned char *p, size_t n,
                                 int dt)
{
    if (dt == AF_DT_STRING || dt == AF_DT_ENUM)
        return !art;
    size_t sign = n > 1 && p[0] == '-', m = n - sign;
    const unsigned char *d = p + sign;
    if (m - 1 >= 15)
        return 0;
    if (dt == AF_DT_DOUBLE) {
        const unsigned char *dot = memchr(d, '.', m);
        size_t whole = dot ? (size_t)(dot - d) : m;
        return whole > 0 && tgDigits_all(d, whole) &&
               (!dot ||
                (whole + 1 < m && tgDigits_all(dot + 1, m - whole - 1)));
    }
    if ((d[0] == '0' && m > 1) || !tgDigits_all(d, m))
        return 0;
    switch (dt) {
    case AF_DT_INT64: return 1;
    case AF_DT_INT32: return m <= 9;
    case AF_DT_BOOL: return !sign && m == 1 && d[0] <= '1';
    default: return 0;
    }
}
/*! af_value_fits() : the datatypes (AF_DT_* bits) a value is fit for. */
unsigned af_value_fits(const unsigned char *p, size_t n);

/* ---- refs.c ---- */
void af_refs_init(af_check *k);
void af_refs_free(af_check *k);
/*! af_refs_record() : the current record's meaning across the file, once
 *  its fixed fields are read (k->val, k->present). */
void af_refs_record(af_check *k);
/*! af_refs_<TYPE>() : af_refs_record() for a record of that type of
 *  records.def (k->type), one function each. */
#define AF_RECORD(sym, ...) void af_refs_##sym(af_check *k);
#include "../records.def"
#undef AF_RECORD
/*! af_refs_value() : a value (p, n) of measurement type `mtype` (read
 *  from field t) in the current record. */
void af_refs_value(af_check *k, uint64_t mtype, const af_fld *t,
                   const af_fld *v, const unsigned char *p, size_t n);
/*! af_refs_end() : what the end of the file settles. */
void af_refs_end(af_check *k);
/*! af_limit() : report AF-LIM-001 once (`what` ran out) and stop the
 *  checks across records. */
void af_limit(af_check *k, uint64_t at, const char *what);
/*! af_record_run() : whether the run of the current record is known,
 *  and which: its run id, its region's or section's run, else the run
 *  of its block or of the last RunInfo (decision T-3). */
int af_record_run(af_check *k, uint64_t *run);

/* ---- artificer.c ---- */
/*! af_art_record() : what Artificer makes of the current record (k->art
 *  only), before refs.c reads what it means: the ids it throws on, the
 *  run it files the record under, its stacks of regions. */
void af_art_record(af_check *k);
/*! af_art_misread() : how Artificer's stod misreads value p[0..n), a
 *  value of datatype dt (af_value_is()), or NULL when it reads it right
 *  (AF-ART-003). */
const char *af_art_misread(const unsigned char *p, size_t n, int dt);
/*! af_art_misread_of() : af_art_misread()'s text for datatype dt. */
const char *af_art_misread_of(int dt);
/*! af_art_last_field() : a last record without a line end whose last
 *  field is empty (k->art only). */
void af_art_last_field(af_check *k);

#endif
