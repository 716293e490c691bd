/* mutate.c - one mutation per AFPerf rule: break exactly that rule in a
 * valid generated file.  The parent is generated into a model of lines
 * and fields (model.h); a mutator edits lines or fields, says where the
 * break is (a field, a line's start or its end), and the model is then
 * written.  What each variant does is said once, in rules.def.
 *
 * Mutators work in the parent's last run where they can: it always names
 * its ids (the first run of some seeds leaves them blank), so an edit
 * there breaks one rule and no block ordering. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

typedef struct af_mut {
    af_model m;
    af_mark mark;
    unsigned variant;
} af_mut;

typedef int (*af_mutator)(af_mut *x);

/* ---- the kit --------------------------------------------------------- */

static const unsigned char *ftext(const af_mut *x, size_t line, size_t f,
                                  size_t *n)
{
    const af_mfield *fl = &x->m.f[x->m.l[line].first + f];
    *n = fl->len;
    return x->m.text.p + fl->off;
}

static int ftext_is(const af_mut *x, size_t line, size_t f, const char *s)
{
    size_t n;
    const unsigned char *p = ftext(x, line, f, &n);
    return n == strlen(s) && memcmp(p, s, n) == 0;
}

/* The record type of a line, or 0 (raw lines, other records). */
static int line_type(const af_mut *x, size_t i)
{
    const af_mline *l = &x->m.l[i];
    if (l->raw || l->n == 0)
        return 0;
    for (int t = 1; t < AF_NTYPES; t++) {
        char id[4];
        snprintf(id, sizeof id, "%d", t);
        if (ftext_is(x, i, 0, af_records[t].name) || ftext_is(x, i, 0, id))
            return t;
    }
    return 0;
}

/* The k-th line of type t (from the end when k < 0), or -1. */
static long find(const af_mut *x, int t, long k)
{
    long seen = 0;
    for (size_t j = 0; j < x->m.nl; j++) {
        size_t i = k >= 0 ? j : x->m.nl - 1 - j;
        if (line_type(x, i) == t && seen++ == (k >= 0 ? k : -k - 1))
            return (long)i;
    }
    return -1;
}

/* Replace field f of line i by s, written as `quote` says (model.h). */
static void set(af_mut *x, size_t i, size_t f, const char *s, int quote)
{
    af_mfield *fl = &x->m.f[x->m.l[i].first + f];
    size_t off = x->m.text.n, n = strlen(s);
    tgM_splice(&x->m.text, off, 0, s, n);
    x->m.failed |= x->m.text.failed;
    fl->off = off;
    fl->len = n;
    fl->quote = quote;
}

static void mark(af_mut *x, size_t line, size_t field, uint64_t delta)
{
    x->mark.line = line;
    x->mark.field = field;
    x->mark.delta = delta;
}

/* Move the line last added to position `at`. */
static size_t place(af_mut *x, size_t at)
{
    af_mline l = x->m.l[x->m.nl - 1];
    memmove(&x->m.l[at + 1], &x->m.l[at], (x->m.nl - 1 - at) * sizeof *x->m.l);
    x->m.l[at] = l;
    return at;
}

/* A copy of line i as the last line (not placed yet). */
static void copy_to_end(af_mut *x, size_t i)
{
    af_mline src = x->m.l[i];
    af_line(&x->m, src.raw, src.eol);
    for (size_t f = 0; f < src.n && !x->m.failed; f++) {
        size_t n;
        const unsigned char *p = ftext(x, i, f, &n);
        /* p moves if the text grows: copy it out first */
        char *c = malloc(n + 1);
        if (c == NULL) {
            x->m.failed = 1;
            return;
        }
        memcpy(c, p, n);
        af_add(&x->m, c, n, x->m.f[src.first + f].quote);
        free(c);
    }
}

/* A copy of line i, placed right after it; @return its index. */
static size_t copy_line(af_mut *x, size_t i)
{
    copy_to_end(x, i);
    return place(x, i + 1);
}

/* A new raw line `s` at position at. */
static size_t raw_line(af_mut *x, size_t at, const char *s)
{
    af_line(&x->m, 1, x->m.l[0].eol);
    af_addz(&x->m, s);
    return place(x, at);
}

/* A new record line of the given fields at position at. */
static size_t record_line(af_mut *x, size_t at, const char *const *fields,
                          size_t n)
{
    af_line(&x->m, 0, x->m.l[0].eol);
    for (size_t i = 0; i < n; i++)
        af_addz(&x->m, fields[i]);
    return place(x, at);
}

static void remove_line(af_mut *x, size_t i)
{
    memmove(&x->m.l[i], &x->m.l[i + 1], (x->m.nl - i - 1) * sizeof *x->m.l);
    x->m.nl--;
}

/* Append field s to line i; @return its index in the line. */
static size_t append_field(af_mut *x, size_t i, const char *s)
{
    copy_to_end(x, i);
    af_addz(&x->m, s);
    x->m.l[i] = x->m.l[--x->m.nl]; /* the longer copy takes its place */
    return x->m.l[i].n - 1;
}

/* The text of field f of line i as a number (fields the generator wrote
 * in decimal). */
static unsigned long long fnum(const af_mut *x, size_t i, size_t f)
{
    size_t n;
    const unsigned char *p = ftext(x, i, f, &n);
    char b[32];
    n = n < sizeof b - 1 ? n : sizeof b - 1;
    memcpy(b, p, n);
    b[n] = '\0';
    return strtoull(b, NULL, 10);
}

static void set_num(af_mut *x, size_t i, size_t f, unsigned long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", v);
    set(x, i, f, b, AF_AS_NEEDED);
}

/* the last line of type t: in the last run, which names its ids */
static long last(const af_mut *x, int t) { return find(x, t, -1); }

/* Line i's field f set to s, and the break marked there. */
static int set_at(af_mut *x, long i, size_t f, const char *s, int quote)
{
    if (i < 0 || f >= x->m.l[i].n)
        return 0;
    set(x, (size_t)i, f, s, quote);
    mark(x, (size_t)i, f, 0);
    return 1;
}

/* The last line of type t, repeated; the break is field f of the copy. */
static int repeat_last(af_mut *x, int t, size_t f)
{
    long i = last(x, t);
    if (i < 0)
        return 0;
    mark(x, copy_line(x, (size_t)i), f, 0);
    return 1;
}

/* The variant's text of a list, for mutators that set one field. */
#define VARIANT(...) ((const char *const[]){__VA_ARGS__})[x->variant]

/* ---- encoding and headers -------------------------------------------- */

static int mut_bad_utf8(af_mut *x)
{
    if (!set_at(x, last(x, AF_T_REGION_START), 4, "bad \xc3( label", AF_AS_IS))
        return 0;
    x->mark.delta = 5; /* the byte that does not continue C3 (unicode.h) */
    return 1;
}

static int mut_bom(af_mut *x)
{
    set(x, 0, 0, "\xEF\xBB\xBF" AF_HEADER, AF_AS_IS);
    mark(x, 0, AF_AT_LINE, 0);
    return 1;
}

static int mut_header(af_mut *x)
{
    if (x->variant == 0)
        set(x, 0, 0, "# AFPerf v1", AF_AS_IS);
    else
        remove_line(x, 0);
    mark(x, 0, AF_AT_LINE, 0);
    return 1;
}

static int mut_header_major(af_mut *x)
{
    set(x, 0, 0, "# AFPerf v2     ", AF_AS_IS);
    mark(x, 0, AF_AT_LINE, 0);
    return 1;
}

static int mut_header_end(af_mut *x)
{
    x->m.l[0].eol = AF_EOL_NONE;
    mark(x, 0, AF_AT_LINE, AF_HEADER_LEN);
    return 1;
}

/* the header line of the second run */
static long second_header(const af_mut *x)
{
    for (size_t i = 1; i < x->m.nl; i++)
        if (x->m.l[i].raw && ftext_is(x, i, 0, AF_HEADER))
            return (long)i;
    return -1;
}

static int mut_header_repeat(af_mut *x)
{
    long h = second_header(x);
    if (h < 0)
        return 0;
    mark(x, raw_line(x, (size_t)h, "# AFPerf v1    X"), AF_AT_LINE, 0);
    return 1;
}

static int mut_header_boundary(af_mut *x)
{
    long i = last(x, AF_T_MEASUREMENT_TYPE);
    if (i < 0)
        return 0;
    mark(x, raw_line(x, (size_t)i + 1, AF_HEADER), AF_AT_LINE, 0);
    return 1;
}

/* ---- records and quoting --------------------------------------------- */

static int mut_bare_cr(af_mut *x)
{
    long i = last(x, AF_T_REGION_STOP);
    if (i < 0)
        return 0;
    x->m.l[i].eol = AF_EOL_CR;
    mark(x, (size_t)i, AF_AT_END, 0);
    return 1;
}

static int mut_mixed_eol(af_mut *x)
{
    size_t i = x->m.nl - 1;
    x->m.l[i].eol = x->m.l[i].eol == AF_EOL_LF ? AF_EOL_CRLF : AF_EOL_LF;
    mark(x, i, AF_AT_END, 0);
    return 1;
}

static int mut_blank_record(af_mut *x)
{
    mark(x, raw_line(x, 2, "   "), AF_AT_LINE, 0);
    return 1;
}

static int mut_quote_bare(af_mut *x)
{
    if (!set_at(x, last(x, AF_T_REGION_START), 4, "a\"b", AF_AS_IS))
        return 0;
    x->mark.delta = 1;
    return 1;
}

static int mut_quote_after(af_mut *x)
{
    if (!set_at(x, last(x, AF_T_REGION_START), 4, "\"ab\"cd", AF_AS_IS))
        return 0;
    x->mark.delta = 4;
    return 1;
}

static int mut_quote_open(af_mut *x)
{
    /* the last value, of the string measurement type, opens a quote: the
     * line end becomes its text and the input ends inside it */
    size_t i = x->m.nl - 1, n = x->m.l[i].n;
    if (line_type(x, i) != AF_T_RUN_AGGREGATE)
        return 0;
    set(x, i, n - 2, "4", AF_AS_NEEDED);
    set(x, i, n - 1, "\"abc", AF_AS_IS);
    mark(x, i, n - 1, 0);
    return 1;
}

static int mut_cut(af_mut *x)
{
    size_t i = x->m.nl - 1; /* a RunAggregate: its last value goes */
    if (line_type(x, i) != AF_T_RUN_AGGREGATE)
        return 0;
    x->m.l[i].n--;
    x->m.l[i].eol = AF_EOL_NONE;
    mark(x, i, AF_AT_LINE, 0);
    return 1;
}

/* ---- record types and field counts ----------------------------------- */

static int mut_type_unknown(af_mut *x)
{
    return set_at(x, last(x, AF_T_RUN_POINT), 0, VARIANT("15", "0", "runinfo"),
                  AF_AS_NEEDED);
}

/* the last run reads forward-compatibly */
static int future_run(af_mut *x)
{
    long r = last(x, AF_T_RUN_INFO);
    if (r < 0)
        return 0;
    set(x, (size_t)r, 4, "1.1.0", AF_AS_NEEDED);
    return 1;
}

static int mut_type_future(af_mut *x)
{
    long r = last(x, AF_T_RUN_INFO);
    static const char *const rec[] = {"15", "10", "1"};
    if (!future_run(x))
        return 0;
    mark(x, record_line(x, (size_t)r + 1, rec, 3), 0, 0);
    return 1;
}

static int mut_type_hex(af_mut *x)
{
    return set_at(x, last(x, AF_T_RUN_POINT), 0, "0x9", AF_AS_NEEDED);
}

static int mut_fields_few(af_mut *x)
{
    long i = last(x, x->variant ? AF_T_RUN_POINT : AF_T_REGION_STOP);
    if (i < 0)
        return 0;
    x->m.l[i].n = x->variant ? 3 : 2; /* no pair; no region id */
    mark(x, (size_t)i, AF_AT_END, 0);
    return 1;
}

/* The last line of type t gets one more field, s, where the break is. */
static int append_last(af_mut *x, int t, const char *s)
{
    long i = last(x, t);
    if (i < 0)
        return 0;
    mark(x, (size_t)i, append_field(x, (size_t)i, s), 0);
    return 1;
}

static int mut_fields_many(af_mut *x)
{
    return append_last(x, AF_T_SECTION_START, "label");
}

static int mut_fields_future(af_mut *x)
{
    return future_run(x) && append_last(x, AF_T_REGION_STOP, "extra");
}

static int mut_field_blank(af_mut *x)
{
    switch (x->variant) {
    case 0: return set_at(x, last(x, AF_T_REGION_STOP), 1, "", AF_AS_NEEDED);
    case 1: return set_at(x, last(x, AF_T_RUN_POINT), 3, "", AF_AS_NEEDED);
    default:
        return set_at(x, last(x, AF_T_MEASUREMENT_TYPE), 5, "", AF_AS_NEEDED);
    }
}

static int mut_pair_odd(af_mut *x)
{
    return append_last(x, AF_T_REGION_POINT, "2");
}

static int mut_pair_many(af_mut *x)
{
    long i = last(x, AF_T_RUN_POINT);
    if (i < 0)
        return 0;
    size_t f = append_field(x, (size_t)i, "1"); /* Calls, an int32 */
    append_field(x, (size_t)i, "5");
    mark(x, (size_t)i, f, 0);
    return 1;
}

/* ---- numbers --------------------------------------------------------- */

/* the timestamp of the last RegionStop, rewritten */
enum ts_form { TS_PLUS, TS_EXPONENT, TS_ZERO, TS_HEX };
static int stop_ts(af_mut *x, enum ts_form form)
{
    long i = last(x, AF_T_REGION_STOP);
    if (i < 0)
        return 0;
    unsigned long long v = fnum(x, (size_t)i, 1);
    char b[48];
    switch (form) {
    case TS_PLUS: snprintf(b, sizeof b, "+%llu", v); break;
    case TS_EXPONENT: snprintf(b, sizeof b, "%llue0", v); break;
    case TS_ZERO: snprintf(b, sizeof b, "0%llu", v); break;
    case TS_HEX: snprintf(b, sizeof b, "0x%llx", v); break;
    }
    return set_at(x, i, 1, b, AF_AS_NEEDED);
}

static int mut_int_syntax(af_mut *x)
{
    return stop_ts(x, x->variant ? TS_EXPONENT : TS_PLUS);
}

static int mut_int_zeros(af_mut *x) { return stop_ts(x, TS_ZERO); }

static int mut_int_hex(af_mut *x) { return stop_ts(x, TS_HEX); }

static int mut_id_range(af_mut *x)
{
    return set_at(x, last(x, AF_T_RUN_POINT), 2, "18446744073709551616",
                  AF_AS_NEEDED);
}

static int mut_ts_range(af_mut *x)
{
    return set_at(x, last(x, AF_T_REGION_STOP), 1,
                  VARIANT("-1", "9223372036854775808"), AF_AS_NEEDED);
}

/* field f of the last RunInfo set to s, or (append) its text and s */
static int run_field(af_mut *x, size_t f, const char *s, int append)
{
    long i = last(x, AF_T_RUN_INFO);
    if (i < 0)
        return 0;
    size_t n;
    const unsigned char *p = ftext(x, (size_t)i, f, &n);
    char b[96];
    snprintf(b, sizeof b, "%.*s%s", append ? (int)n : 0, (const char *)p, s);
    return set_at(x, i, f, b, AF_AS_NEEDED);
}

static int mut_float_syntax(af_mut *x)
{
    return x->variant ? run_field(x, 3, "2022-01-11 06:33:54", 0)
                      : run_field(x, 3, "x", 1);
}

static int mut_float_blanks(af_mut *x) { return run_field(x, 3, " ", 1); }

/* ---- RunInfo --------------------------------------------------------- */

static int mut_run_units(af_mut *x)
{
    return run_field(x, 2, VARIANT("minutes", "(1/1000000)"), 0);
}

static int mut_run_units_art(af_mut *x)
{
    return run_field(x, 2, VARIANT("nanoseconds", "\xce\xbcs"), 0);
}

static int mut_run_wallclock(af_mut *x)
{
    return run_field(x, 3, VARIANT("-1", "inf"), 0);
}

static int mut_run_version(af_mut *x)
{
    return run_field(x, 4, VARIANT("1.0", "1.0.0-rc"), 0);
}

static int mut_run_major(af_mut *x) { return run_field(x, 4, "2.0.0", 0); }

static int mut_run_twice(af_mut *x)
{
    return repeat_last(x, AF_T_RUN_INFO, 5); /* the run id */
}

/* ---- MeasurementType and values -------------------------------------- */

/* The MeasurementType of id mt in the last run. */
static long last_mt(const af_mut *x, unsigned mt)
{
    char id[8];
    snprintf(id, sizeof id, "%u", mt);
    for (size_t i = x->m.nl; i-- > 0;)
        if (line_type(x, i) == AF_T_MEASUREMENT_TYPE && ftext_is(x, i, 3, id))
            return (long)i;
    return -1;
}

static int mut_mt_datatype(af_mut *x)
{
    return set_at(x, last_mt(x, AF_AS_NEEDED), 5, "float", 0);
}

static int mut_mt_units_blank(af_mut *x)
{
    return set_at(x, last_mt(x, AF_AS_NEEDED), 6, "", 0);
}

/* measurement type 0 is int64 in time units, 4 a string in text */
static int mut_mt_text(af_mut *x)
{
    return set_at(x, last_mt(x, AF_AS_NEEDED), 6, "text", 0);
}
static int mut_mt_count(af_mut *x)
{
    return set_at(x, last_mt(x, 4), 6, "count", AF_AS_NEEDED);
}
static int mut_mt_time(af_mut *x)
{
    return set_at(x, last_mt(x, AF_AS_NEEDED), 6, "min", 0);
}
static int mut_mt_time_long(af_mut *x)
{
    return set_at(x, last_mt(x, AF_AS_NEEDED), 6, "nanoseconds", 0);
}
static int mut_mt_unit_unknown(af_mut *x)
{
    return set_at(x, last_mt(x, AF_AS_IS), 6, "furlongs", AF_AS_NEEDED);
}

/* A RunPoint of the last run (measurement type mt, value v) after its
 * last MeasurementType; the break is at field `at`. */
static int run_point(af_mut *x, const char *mt, const char *v, size_t at)
{
    long r = last(x, AF_T_RUN_INFO), i = last(x, AF_T_MEASUREMENT_TYPE);
    if (r < 0 || i < 0)
        return 0;
    size_t n;
    const unsigned char *p = ftext(x, (size_t)r, 5, &n);
    char run[32], ts[32];
    snprintf(run, sizeof run, "%.*s", (int)n, (const char *)p);
    snprintf(ts, sizeof ts, "%llu", fnum(x, (size_t)i, 1));
    const char *const rec[] = {"9", ts, run, mt, v};
    mark(x, record_line(x, (size_t)i + 1, rec, 5), at, 0);
    return 1;
}

static int mut_value_type(af_mut *x)
{
    /* 3 is bool, 1 int32, 2 double (generate.c) */
    return run_point(x, VARIANT("3", "1", "2"),
                     VARIANT("2", "2147483648", "abc"), 4);
}

/* ---- references and ordering ----------------------------------------- */

static int mut_ref_run(af_mut *x)
{
    long i = last(x, AF_T_RUN_POINT);
    return set_at(x, i, 2, "999", AF_AS_NEEDED);
}

static int mut_ref_mtype_run(af_mut *x)
{
    /* measurement type 40, registered by the first run only */
    long i = find(x, AF_T_MEASUREMENT_TYPE, 0);
    if (i < 0)
        return 0;
    set(x, copy_line(x, (size_t)i), 3, "40", AF_AS_NEEDED);
    return run_point(x, "40", "5", 4);
}

static int mut_ref_mtype(af_mut *x) { return run_point(x, "999", "5", 4); }

static int mut_ref_section(af_mut *x)
{
    long i = last(x, AF_T_SECTION_INFO);
    if (i < 0)
        return 0;
    remove_line(x, (size_t)i); /* its first SectionStart takes its place */
    mark(x, (size_t)i, 2, 0);
    return line_type(x, (size_t)i) == AF_T_SECTION_START;
}

static int mut_ref_region(af_mut *x)
{
    return set_at(x, last(x, AF_T_REGION_POINT), 2, "999999", AF_AS_NEEDED);
}

static int mut_order_block(af_mut *x)
{
    /* the last run's RunPoints follow its MeasurementTypes */
    return set_at(x, last(x, AF_T_RUN_POINT), 2, "", AF_AS_NEEDED);
}

/* ---- aggregates, regions, sections ----------------------------------- */

/* Aggregate line i made processed: its record id (field 3) blank, its
 * aggregation type (field agg) set to `type`; the break is field at. */
static int processed(af_mut *x, long i, size_t agg, const char *type,
                     size_t at)
{
    if (!set_at(x, i, 3, "", AF_AS_NEEDED))
        return 0;
    set(x, (size_t)i, agg, type, AF_AS_NEEDED);
    mark(x, (size_t)i, at, 0);
    return 1;
}

static int mut_agg_processed(af_mut *x)
{
    return processed(x, last(x, AF_T_REGION_AGGREGATE), 4, "", 4);
}

static int mut_agg_raw(af_mut *x)
{
    return set_at(x, last(x, AF_T_REGION_AGGREGATE), 4, "summation",
                  AF_AS_NEEDED);
}

/* the raw SectionAggregates come before the last, processed one */
static long raw_section_aggregate(const af_mut *x)
{
    return find(x, AF_T_SECTION_AGGREGATE, -2);
}

static int mut_agg_interval(af_mut *x)
{
    /* the interval id (field 4) stays */
    return processed(x, raw_section_aggregate(x), 5, "total", 4);
}

static int mut_agg_interval_art(af_mut *x)
{
    return set_at(x, raw_section_aggregate(x), 4, "", AF_AS_NEEDED);
}

/* The RegionStart of the region line i (a RegionStop) closes. */
static long start_of(const af_mut *x, long i)
{
    size_t n;
    const unsigned char *id = ftext(x, (size_t)i, 2, &n);
    char b[32];
    snprintf(b, sizeof b, "%.*s", (int)n, (const char *)id);
    for (long j = i - 1; j >= 0; j--)
        if (line_type(x, (size_t)j) == AF_T_REGION_START &&
            ftext_is(x, (size_t)j, 3, b))
            return j;
    return -1;
}

static int mut_time_order(af_mut *x)
{
    if (x->variant == 0) { /* PauseResume end and start swapped */
        long i = last(x, AF_T_PAUSE_RESUME);
        if (i < 0)
            return 0;
        unsigned long long end = fnum(x, (size_t)i, 1);
        set_num(x, (size_t)i, 1, fnum(x, (size_t)i, 2));
        set_num(x, (size_t)i, 2, end);
        mark(x, (size_t)i, 1, 0);
        return 1;
    }
    long i = last(x, AF_T_REGION_STOP), s = i < 0 ? -1 : start_of(x, i);
    if (s < 0 || fnum(x, (size_t)s, 1) == 0)
        return 0;
    set_num(x, (size_t)i, 1, fnum(x, (size_t)s, 1) - 1);
    mark(x, (size_t)i, 1, 0);
    return 1;
}

static int mut_reg_empty(af_mut *x)
{
    long i = last(x, AF_T_REGION_STOP);
    if (i < 0)
        return 0;
    copy_to_end(x, (size_t)i); /* after everything: nothing is open */
    mark(x, x->m.nl - 1, AF_AT_LINE, 0);
    return 1;
}

static int mut_reg_nest(af_mut *x)
{
    /* the first RegionStop of an inner region of the last run */
    long r = last(x, AF_T_RUN_INFO);
    long stack[64];
    size_t depth = 0;
    for (size_t i = (size_t)(r < 0 ? 0 : r); i < x->m.nl; i++) {
        int t = line_type(x, i);
        if (t == AF_T_REGION_START && depth < 64) {
            stack[depth++] = (long)i;
        } else if (t == AF_T_REGION_STOP && depth > 0) {
            if (depth >= 2) {
                size_t n;
                const unsigned char *outer =
                    ftext(x, (size_t)stack[depth - 2], 3, &n);
                char b[32];
                snprintf(b, sizeof b, "%.*s", (int)n, (const char *)outer);
                return set_at(x, (long)i, 2, b, AF_AS_NEEDED);
            }
            depth--;
        }
    }
    return 0;
}

/* Every field naming region id `from` now names `to`. */
static void rename_region(af_mut *x, const char *from, const char *to)
{
    for (size_t i = 0; i < x->m.nl; i++) {
        int t = line_type(x, i);
        size_t f = t == AF_T_REGION_START       ? 3
                   : t == AF_T_REGION_STOP      ? 2
                   : t == AF_T_REGION_POINT     ? 2
                   : t == AF_T_REGION_AGGREGATE ? 3
                                                : 0;
        if (f && ftext_is(x, i, f, from))
            set(x, i, f, to, AF_AS_NEEDED);
    }
}

static int mut_reg_reuse(af_mut *x)
{
    long r = last(x, AF_T_RUN_INFO), a = -1, b = -1;
    for (size_t i = (size_t)(r < 0 ? 0 : r); i < x->m.nl && b < 0; i++)
        if (line_type(x, i) == AF_T_REGION_START)
            *(a < 0 ? &a : &b) = (long)i;
    if (b < 0)
        return 0;
    char from[32], to[32];
    snprintf(from, sizeof from, "%llu", fnum(x, (size_t)b, 3));
    snprintf(to, sizeof to, "%llu", fnum(x, (size_t)a, 3));
    rename_region(x, from, to);
    mark(x, (size_t)b, 3, 0);
    return 1;
}

static int mut_reg_open(af_mut *x)
{
    long i = last(x, AF_T_REGION_STOP), s = i < 0 ? -1 : start_of(x, i);
    if (s < 0)
        return 0;
    remove_line(x, (size_t)i);
    mark(x, (size_t)s, AF_AT_LINE, 0);
    return 1;
}

static int mut_sec_stop(af_mut *x)
{
    return repeat_last(x, AF_T_SECTION_STOP, 3);
}

static int mut_sec_again(af_mut *x)
{
    return repeat_last(x, AF_T_SECTION_START, 3);
}

static int mut_sec_info_ts(af_mut *x)
{
    return set_at(x, last(x, AF_T_SECTION_INFO), 1, "", AF_AS_NEEDED);
}

static int mut_sec_open(af_mut *x)
{
    long i = last(x, AF_T_SECTION_STOP);
    if (i < 0)
        return 0;
    for (long j = i - 1; j >= 0; j--)
        if (line_type(x, (size_t)j) == AF_T_SECTION_START &&
            fnum(x, (size_t)j, 2) == fnum(x, (size_t)i, 2) &&
            fnum(x, (size_t)j, 3) == fnum(x, (size_t)i, 3)) {
            remove_line(x, (size_t)i);
            mark(x, (size_t)j, 3, 0);
            return 1;
        }
    return 0;
}

static int mut_tag_form(af_mut *x)
{
    return set_at(x, last(x, AF_T_REGION_START), 5, "=x;a", 0);
}

static int mut_tag_twice(af_mut *x)
{
    return set_at(x, last(x, AF_T_REGION_START), 5, "a=1;a=2", 0);
}

/* ---- the table, in rules.def order ----------------------------------- */

static const af_mutator mutators[AF_NRULES] = {
#define MUT(fn, ...)  fn
#define NOMUT(reason) NULL
#define TG_RULE(sym, id, level, kind, applies, doc, section, quote, message,  \
                mutation, example)                                            \
    mutation,
#include "../rules.def"
#undef TG_RULE
#undef MUT
#undef NOMUT
};

int tgA_mutate(size_t rule, unsigned variant, uint64_t seed, tgO_out *out,
               tg_mutant *mu)
{
    if (rule >= AF_NRULES || mutators[rule] == NULL)
        return 0;
    mu->profile = tgA_profiles[AF_PROFILE_DEFAULT];
    af_mut *x = calloc(1, sizeof *x);
    if (x == NULL)
        return -1;
    x->variant = variant;
    int r = af_generate(&x->m, NULL, seed, 0);
    if (r == 0)
        r = mutators[rule](x);
    if (r > 0 && !x->m.failed) {
        uint64_t at = 0;
        af_write(&x->m, out, &x->mark, &at);
        mu->offset = at;
    } else if (r > 0) {
        r = -1;
    }
    af_model_free(&x->m);
    free(x);
    return r;
}
