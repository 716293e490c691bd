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

typedef tgText_mutation af_mut;

/* ---- the kit --------------------------------------------------------- */

/* The record type of a line, or 0 (raw lines, other records). */
static int line_type(const af_mut *x, size_t i)
{
    const tgText_mline *l = &x->m.l[i];
    if (l->raw || l->n == 0)
        return 0;
    for (int t = 1; t < AF_NTYPES; t++) {
        char id[4];
        snprintf(id, sizeof id, "%d", t);
        if (tgText_text_is(&x->m, i, 0, af_records[t].name) ||
            tgText_text_is(&x->m, i, 0, id))
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

static void mark(af_mut *x, size_t line, size_t field, uint64_t delta)
{
    x->mark.line = line;
    x->mark.field = field;
    x->mark.delta = delta;
}

/* the last line of type t: in the last run, which names its ids */
static long last(const af_mut *x, int t) { return find(x, t, -1); }

/* Line i's field f set to s, and the break marked there. */
static int set_at(af_mut *x, long i, size_t f, const char *s, int quote)
{
    if (i < 0 || f >= x->m.l[i].n)
        return 0;
    tgText_set(&x->m, (size_t)i, f, s, quote);
    mark(x, (size_t)i, f, 0);
    return 1;
}

/* The last line of type t, repeated; the break is field f of the copy. */
static int repeat_last(af_mut *x, int t, size_t f)
{
    long i = last(x, t);
    if (i < 0)
        return 0;
    mark(x, tgText_copy_line(&x->m, (size_t)i), f, 0);
    return 1;
}

/* The variant's text of a list, for mutators that set one field. */
#define VARIANT(...) ((const char *const[]){__VA_ARGS__})[x->variant]
/* The variant's number of a list. */
#define VARIANT_N(...) ((const unsigned[]){__VA_ARGS__})[x->variant]

/* The id of the last run's measurement type of index mt (generate.c
 * numbers each run's types from its first MeasurementType's id on), as
 * text in b. */
enum { MT_TIME, MT_CALLS, MT_LOAD, MT_CACHED, MT_HOST, MT_PAGE, MT_MEMORY };
static const char *mt_id(const af_mut *x, unsigned mt, char b[24])
{
    long r = last(x, AF_T_RUN_INFO);
    for (size_t i = (size_t)(r < 0 ? 0 : r); i < x->m.nl; i++)
        if (line_type(x, i) == AF_T_MEASUREMENT_TYPE) {
            snprintf(b, 24, "%llu", tgText_num(&x->m, i, 3) + mt);
            return b;
        }
    snprintf(b, 24, "%u", mt);
    return b;
}

/* ---- encoding and headers -------------------------------------------- */

static int mut_bad_utf8(af_mut *x)
{
    if (!set_at(x, last(x, AF_T_REGION_START), 4, "bad \xc3( label",
                TG_TEXT_AS_IS))
        return 0;
    x->mark.delta = 5; /* the byte that does not continue C3 (unicode.h) */
    return 1;
}

static int mut_bom(af_mut *x)
{
    tgText_set(&x->m, 0, 0, "\xEF\xBB\xBF" AF_HEADER, TG_TEXT_AS_IS);
    mark(x, 0, TG_TEXT_AT_LINE, 0);
    return 1;
}

static int mut_header(af_mut *x)
{
    if (x->variant == 0)
        tgText_set(&x->m, 0, 0, "# AFPerf v1", TG_TEXT_AS_IS);
    else
        tgText_remove_line(&x->m, 0);
    mark(x, 0, TG_TEXT_AT_LINE, 0);
    return 1;
}

static int mut_header_major(af_mut *x)
{
    tgText_set(&x->m, 0, 0, "# AFPerf v2     ", TG_TEXT_AS_IS);
    mark(x, 0, TG_TEXT_AT_LINE, 0);
    return 1;
}

static int mut_header_end(af_mut *x)
{
    x->m.l[0].eol = TG_TEXT_EOL_NONE;
    mark(x, 0, TG_TEXT_AT_LINE, AF_HEADER_LEN);
    return 1;
}

/* the header line of the second run */
static long second_header(const af_mut *x)
{
    for (size_t i = 1; i < x->m.nl; i++)
        if (x->m.l[i].raw && tgText_text_is(&x->m, i, 0, AF_HEADER))
            return (long)i;
    return -1;
}

static int mut_header_repeat(af_mut *x)
{
    long h = second_header(x);
    if (h < 0)
        return 0;
    mark(x, tgText_raw_line(&x->m, (size_t)h, "# AFPerf v1    X"),
         TG_TEXT_AT_LINE, 0);
    return 1;
}

static int mut_header_boundary(af_mut *x)
{
    long i = last(x, AF_T_MEASUREMENT_TYPE);
    if (i < 0)
        return 0;
    mark(x, tgText_raw_line(&x->m, (size_t)i + 1, AF_HEADER), TG_TEXT_AT_LINE,
         0);
    return 1;
}

/* ---- records and quoting --------------------------------------------- */

static int mut_bare_cr(af_mut *x)
{
    long i = last(x, AF_T_REGION_STOP);
    if (i < 0)
        return 0;
    x->m.l[i].eol = TG_TEXT_EOL_CR;
    mark(x, (size_t)i, TG_TEXT_AT_END, 0);
    return 1;
}

static int mut_mixed_eol(af_mut *x)
{
    size_t i = x->m.nl - 1;
    x->m.l[i].eol =
        x->m.l[i].eol == TG_TEXT_EOL_LF ? TG_TEXT_EOL_CRLF : TG_TEXT_EOL_LF;
    mark(x, i, TG_TEXT_AT_END, 0);
    return 1;
}

static int mut_blank_record(af_mut *x)
{
    mark(x, tgText_raw_line(&x->m, 2, "   "), TG_TEXT_AT_LINE, 0);
    return 1;
}

static int mut_quote_bare(af_mut *x)
{
    if (!set_at(x, last(x, AF_T_REGION_START), 4, "a\"b", TG_TEXT_AS_IS))
        return 0;
    x->mark.delta = 1;
    return 1;
}

static int mut_quote_after(af_mut *x)
{
    if (!set_at(x, last(x, AF_T_REGION_START), 4, "\"ab\"cd", TG_TEXT_AS_IS))
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
    tgText_set(&x->m, i, n - 2, "4", TG_TEXT_AS_NEEDED);
    tgText_set(&x->m, i, n - 1, "\"abc", TG_TEXT_AS_IS);
    mark(x, i, n - 1, 0);
    return 1;
}

static int mut_cut(af_mut *x)
{
    size_t i = x->m.nl - 1; /* a RunAggregate: its last value goes */
    if (line_type(x, i) != AF_T_RUN_AGGREGATE)
        return 0;
    x->m.l[i].n--;
    x->m.l[i].eol = TG_TEXT_EOL_NONE;
    mark(x, i, TG_TEXT_AT_LINE, 0);
    return 1;
}

/* ---- record types and field counts ----------------------------------- */

static int mut_type_unknown(af_mut *x)
{
    return set_at(x, last(x, AF_T_RUN_POINT), 0, VARIANT("15", "0", "runinfo"),
                  TG_TEXT_AS_NEEDED);
}

/* the last run reads forward-compatibly */
static int future_run(af_mut *x)
{
    long r = last(x, AF_T_RUN_INFO);
    if (r < 0)
        return 0;
    tgText_set(&x->m, (size_t)r, 4, "1.1.0", TG_TEXT_AS_NEEDED);
    return 1;
}

static int mut_type_future(af_mut *x)
{
    long r = last(x, AF_T_RUN_INFO);
    static const char *const rec[] = {"15", "10", "1"};
    if (!future_run(x))
        return 0;
    mark(x, tgText_fields_line(&x->m, (size_t)r + 1, rec, 3), 0, 0);
    return 1;
}

static int mut_type_hex(af_mut *x)
{
    return set_at(x, last(x, AF_T_RUN_POINT), 0, "0x9", TG_TEXT_AS_NEEDED);
}

static int mut_fields_few(af_mut *x)
{
    long i = last(x, x->variant ? AF_T_RUN_POINT : AF_T_REGION_STOP);
    if (i < 0)
        return 0;
    x->m.l[i].n = x->variant ? 3 : 2; /* no pair; no region id */
    mark(x, (size_t)i, TG_TEXT_AT_END, 0);
    return 1;
}

/* The last line of type t gets one more field, s, where the break is. */
static int append_last(af_mut *x, int t, const char *s)
{
    long i = last(x, t);
    if (i < 0)
        return 0;
    mark(x, (size_t)i, tgText_append(&x->m, (size_t)i, s), 0);
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
    case 0:
        return set_at(x, last(x, AF_T_REGION_STOP), 1, "", TG_TEXT_AS_NEEDED);
    case 1:
        return set_at(x, last(x, AF_T_RUN_POINT), 3, "", TG_TEXT_AS_NEEDED);
    default:
        return set_at(x, last(x, AF_T_MEASUREMENT_TYPE), 5, "",
                      TG_TEXT_AS_NEEDED);
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
    char id[24];
    size_t f = tgText_append(&x->m, (size_t)i, mt_id(x, MT_CALLS, id));
    tgText_append(&x->m, (size_t)i, "5");
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
    unsigned long long v = tgText_num(&x->m, (size_t)i, 1);
    char b[48];
    switch (form) {
    case TS_PLUS: snprintf(b, sizeof b, "+%llu", v); break;
    case TS_EXPONENT: snprintf(b, sizeof b, "%llue0", v); break;
    case TS_ZERO: snprintf(b, sizeof b, "0%llu", v); break;
    case TS_HEX: snprintf(b, sizeof b, "0x%llx", v); break;
    }
    return set_at(x, i, 1, b, TG_TEXT_AS_NEEDED);
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
                  TG_TEXT_AS_NEEDED);
}

static int mut_ts_range(af_mut *x)
{
    return set_at(x, last(x, AF_T_REGION_STOP), 1,
                  VARIANT("-1", "9223372036854775808"), TG_TEXT_AS_NEEDED);
}

/* field f of the last RunInfo set to s, or (append) its text and s */
static int run_field(af_mut *x, size_t f, const char *s, int append)
{
    long i = last(x, AF_T_RUN_INFO);
    if (i < 0)
        return 0;
    size_t n;
    const unsigned char *p = tgText_text(&x->m, (size_t)i, f, &n);
    char b[96];
    snprintf(b, sizeof b, "%.*s%s", append ? (int)n : 0, (const char *)p, s);
    return set_at(x, i, f, b, TG_TEXT_AS_NEEDED);
}

static int mut_float_syntax(af_mut *x)
{
    return x->variant ? run_field(x, 3, "2025-03-04 05:06:07", 0)
                      : run_field(x, 3, "x", 1);
}

static int mut_float_blanks(af_mut *x)
{
    if (x->variant == 0)
        return run_field(x, 3, " ", 1);
    long i = last(x, AF_T_REGION_STOP);
    if (i < 0)
        return 0;
    char b[48];
    snprintf(b, sizeof b, " %llu\t", tgText_num(&x->m, (size_t)i, 1));
    return set_at(x, i, 1, b, TG_TEXT_AS_NEEDED);
}

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

/* The MeasurementType of index mt in the last run. */
static long last_mt(const af_mut *x, unsigned mt)
{
    char id[24];
    mt_id(x, mt, id);
    for (size_t i = x->m.nl; i-- > 0;)
        if (line_type(x, i) == AF_T_MEASUREMENT_TYPE &&
            tgText_text_is(&x->m, i, 3, id))
            return (long)i;
    return -1;
}

static int mut_mt_datatype(af_mut *x)
{
    return set_at(x, last_mt(x, MT_TIME), 5, "float", 0);
}

static int mut_mt_units_blank(af_mut *x)
{
    return set_at(x, last_mt(x, MT_TIME), 6, "", 0);
}

/* Total time is int64 in time units, Host a string in text, Page size
 * an enum in KiB (generate.c) */
static int mut_mt_text(af_mut *x)
{
    return set_at(x, last_mt(x, x->variant ? MT_PAGE : MT_TIME), 6, "text", 0);
}
static int mut_mt_count(af_mut *x)
{
    return set_at(x, last_mt(x, x->variant ? MT_PAGE : MT_HOST), 6, "count",
                  TG_TEXT_AS_NEEDED);
}
static int mut_mt_time(af_mut *x)
{
    return set_at(x, last_mt(x, MT_TIME), 6, "min", 0);
}
static int mut_mt_time_long(af_mut *x)
{
    return set_at(x, last_mt(x, MT_TIME), 6, "nanoseconds", 0);
}
static int mut_mt_unit_unknown(af_mut *x)
{
    return set_at(x, last_mt(x, MT_CALLS), 6, "furlongs", TG_TEXT_AS_NEEDED);
}

static int mut_mt_id_runs(af_mut *x)
{
    /* a copy of the last run's last MeasurementType, with the id the
     * first run gives its first */
    long i = last(x, AF_T_MEASUREMENT_TYPE),
         f = find(x, AF_T_MEASUREMENT_TYPE, 0);
    if (i < 0 || f < 0)
        return 0;
    char id[24];
    snprintf(id, sizeof id, "%llu", tgText_num(&x->m, (size_t)f, 3));
    size_t c = tgText_copy_line(&x->m, (size_t)i);
    return set_at(x, (long)c, 3, id, TG_TEXT_AS_NEEDED);
}

/* A RunPoint of the last run (measurement type mt, value v) after its
 * last MeasurementType; the break is at field `at`. */
static int run_point(af_mut *x, const char *mt, const char *v, size_t at)
{
    long r = last(x, AF_T_RUN_INFO), i = last(x, AF_T_MEASUREMENT_TYPE);
    if (r < 0 || i < 0)
        return 0;
    size_t n;
    const unsigned char *p = tgText_text(&x->m, (size_t)r, 5, &n);
    char run[32], ts[32];
    snprintf(run, sizeof run, "%.*s", (int)n, (const char *)p);
    snprintf(ts, sizeof ts, "%llu", tgText_num(&x->m, (size_t)i, 1));
    const char *const rec[] = {"9", ts, run, mt, v};
    mark(x, tgText_fields_line(&x->m, (size_t)i + 1, rec, 5), at, 0);
    return 1;
}

static int mut_value_type(af_mut *x)
{
    char id[24];
    return run_point(x, mt_id(x, VARIANT_N(MT_CACHED, MT_CALLS, MT_LOAD), id),
                     VARIANT("2", "2147483648", "abc"), 4);
}

/* ---- references and ordering ----------------------------------------- */

static int mut_ref_run(af_mut *x)
{
    long i = last(x, AF_T_RUN_POINT);
    return set_at(x, i, 2, "999", TG_TEXT_AS_NEEDED);
}

static int mut_ref_mtype_run(af_mut *x)
{
    /* measurement type 40, registered by the first run only */
    long i = find(x, AF_T_MEASUREMENT_TYPE, 0);
    if (i < 0)
        return 0;
    tgText_set(&x->m, tgText_copy_line(&x->m, (size_t)i), 3, "40",
               TG_TEXT_AS_NEEDED);
    return run_point(x, "40", "5", 4);
}

static int mut_ref_mtype(af_mut *x) { return run_point(x, "999", "5", 4); }

static int mut_ref_section(af_mut *x)
{
    long i = last(x, AF_T_SECTION_INFO);
    if (i < 0)
        return 0;
    tgText_remove_line(&x->m,
                       (size_t)i); /* its first SectionStart takes its place */
    mark(x, (size_t)i, 2, 0);
    return line_type(x, (size_t)i) == AF_T_SECTION_START;
}

static int mut_ref_region(af_mut *x)
{
    return set_at(x, last(x, AF_T_REGION_POINT), 2, "999999",
                  TG_TEXT_AS_NEEDED);
}

static int mut_order_block(af_mut *x)
{
    /* the last run's RunPoints follow its MeasurementTypes */
    return set_at(x, last(x, AF_T_RUN_POINT), 2, "", TG_TEXT_AS_NEEDED);
}

static int mut_order_no_run(af_mut *x)
{
    /* a copy of the first MeasurementType before the first RunInfo; the
     * first stays, so that the run keeps its types */
    long r = find(x, AF_T_RUN_INFO, 0), i = find(x, AF_T_MEASUREMENT_TYPE, 0);
    if (r < 0 || i < 0)
        return 0;
    tgText_copy_to_end(&x->m, (size_t)i);
    size_t c = tgText_place(&x->m, (size_t)r);
    return set_at(x, (long)c, 2, "", TG_TEXT_AS_NEEDED);
}

/* ---- aggregates, regions, sections ----------------------------------- */

/* Aggregate line i made processed: its record id (field 3) blank, its
 * aggregation type (field agg) set to `type`; the break is field at. */
static int processed(af_mut *x, long i, size_t agg, const char *type,
                     size_t at)
{
    if (!set_at(x, i, 3, "", TG_TEXT_AS_NEEDED))
        return 0;
    tgText_set(&x->m, (size_t)i, agg, type, TG_TEXT_AS_NEEDED);
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
                  TG_TEXT_AS_NEEDED);
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
    return set_at(x, raw_section_aggregate(x), 4, "", TG_TEXT_AS_NEEDED);
}

/* The RegionStart of the region line i (a RegionStop) closes. */
static long start_of(const af_mut *x, long i)
{
    size_t n;
    const unsigned char *id = tgText_text(&x->m, (size_t)i, 2, &n);
    char b[32];
    snprintf(b, sizeof b, "%.*s", (int)n, (const char *)id);
    for (long j = i - 1; j >= 0; j--)
        if (line_type(x, (size_t)j) == AF_T_REGION_START &&
            tgText_text_is(&x->m, (size_t)j, 3, b))
            return j;
    return -1;
}

static int mut_time_order(af_mut *x)
{
    if (x->variant == 0) { /* PauseResume end and start swapped */
        long i = last(x, AF_T_PAUSE_RESUME);
        if (i < 0)
            return 0;
        unsigned long long end = tgText_num(&x->m, (size_t)i, 1);
        tgText_set_num(&x->m, (size_t)i, 1, tgText_num(&x->m, (size_t)i, 2));
        tgText_set_num(&x->m, (size_t)i, 2, end);
        mark(x, (size_t)i, 1, 0);
        return 1;
    }
    long i = last(x, AF_T_REGION_STOP), s = i < 0 ? -1 : start_of(x, i);
    if (s < 0 || tgText_num(&x->m, (size_t)s, 1) == 0)
        return 0;
    tgText_set_num(&x->m, (size_t)i, 1, tgText_num(&x->m, (size_t)s, 1) - 1);
    mark(x, (size_t)i, 1, 0);
    return 1;
}

static int mut_reg_empty(af_mut *x)
{
    long i = last(x, AF_T_REGION_STOP);
    if (i < 0)
        return 0;
    tgText_copy_to_end(&x->m,
                       (size_t)i); /* after everything: nothing is open */
    mark(x, x->m.nl - 1, TG_TEXT_AT_LINE, 0);
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
                    tgText_text(&x->m, (size_t)stack[depth - 2], 3, &n);
                char b[32];
                snprintf(b, sizeof b, "%.*s", (int)n, (const char *)outer);
                return set_at(x, (long)i, 2, b, TG_TEXT_AS_NEEDED);
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
        if (f && tgText_text_is(&x->m, i, f, from))
            tgText_set(&x->m, i, f, to, TG_TEXT_AS_NEEDED);
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
    snprintf(from, sizeof from, "%llu", tgText_num(&x->m, (size_t)b, 3));
    snprintf(to, sizeof to, "%llu", tgText_num(&x->m, (size_t)a, 3));
    rename_region(x, from, to);
    mark(x, (size_t)b, 3, 0);
    return 1;
}

static int mut_reg_open(af_mut *x)
{
    long i = last(x, AF_T_REGION_STOP), s = i < 0 ? -1 : start_of(x, i);
    if (s < 0)
        return 0;
    tgText_remove_line(&x->m, (size_t)i);
    mark(x, (size_t)s, TG_TEXT_AT_LINE, 0);
    return 1;
}

static int mut_sec_stop(af_mut *x)
{
    return repeat_last(x, AF_T_SECTION_STOP, 3);
}

/* The SectionStart of the interval SectionStop line i closes, or -1. */
static long interval_start(const af_mut *x, long i)
{
    for (long j = i - 1; j >= 0; j--)
        if (line_type(x, (size_t)j) == AF_T_SECTION_START &&
            tgText_num(&x->m, (size_t)j, 2) ==
                tgText_num(&x->m, (size_t)i, 2) &&
            tgText_num(&x->m, (size_t)j, 3) == tgText_num(&x->m, (size_t)i, 3))
            return j;
    return -1;
}

static int mut_sec_again(af_mut *x)
{
    if (x->variant == 0)
        return repeat_last(x, AF_T_SECTION_START, 3);
    /* the last interval, closed, then started and stopped again */
    long i = last(x, AF_T_SECTION_STOP), j = i < 0 ? -1 : interval_start(x, i);
    if (j < 0)
        return 0;
    tgText_copy_to_end(&x->m, (size_t)j);
    size_t again = tgText_place(&x->m, (size_t)i + 1);
    tgText_copy_to_end(&x->m, (size_t)i);
    tgText_place(&x->m, again + 1);
    mark(x, again, 3, 0);
    return 1;
}

static int mut_sec_info_twice(af_mut *x)
{
    return repeat_last(x, AF_T_SECTION_INFO, 3);
}

static int mut_sec_info_ts(af_mut *x)
{
    return set_at(x, last(x, AF_T_SECTION_INFO), 1, "", TG_TEXT_AS_NEEDED);
}

static int mut_sec_open(af_mut *x)
{
    long i = last(x, AF_T_SECTION_STOP), j = i < 0 ? -1 : interval_start(x, i);
    if (j < 0)
        return 0;
    tgText_remove_line(&x->m, (size_t)i);
    mark(x, (size_t)j, 3, 0);
    return 1;
}

static int mut_tag_form(af_mut *x)
{
    return set_at(x, last(x, AF_T_REGION_START), 5, "=x;a", 0);
}

static int mut_tag_twice(af_mut *x)
{
    return set_at(x, last(x, AF_T_REGION_START), 5, "a=1;a=2", 0);
}

/* ---- what Artificer reads (parents of the artificer-compat profile) -- */

static int mut_art_blank(af_mut *x)
{
    /* right after its RunInfo, or its RegionStart: in block order */
    long r = last(x, x->variant ? AF_T_REGION_START : AF_T_RUN_INFO);
    if (r < 0 || (size_t)r + 1 >= x->m.nl)
        return 0;
    return set_at(x, r + 1, 2, "", TG_TEXT_AS_NEEDED);
}

/* Every field that names section `from` (as text) set to `to`. */
static void rename_section(af_mut *x, const char *from, const char *to)
{
    for (size_t i = 0; i < x->m.nl; i++) {
        int t = line_type(x, i);
        size_t f = t == AF_T_SECTION_INFO || t == AF_T_SECTION_AGGREGATE ? 3
                   : t == AF_T_SECTION_START || t == AF_T_SECTION_STOP ||
                           t == AF_T_SECTION_POINT
                       ? 2
                       : 0;
        if (f && f < x->m.l[i].n && tgText_text_is(&x->m, i, f, from))
            tgText_set(&x->m, i, f, to, TG_TEXT_AS_NEEDED);
    }
}

static int mut_art_id_range(af_mut *x)
{
    long i = last(x, AF_T_SECTION_INFO);
    if (i < 0)
        return 0;
    char from[24];
    snprintf(from, sizeof from, "%llu", tgText_num(&x->m, (size_t)i, 3));
    rename_section(x, from, "9223372036854775808");
    mark(x, (size_t)i, 3, 0);
    return 1;
}

static int mut_art_value(af_mut *x)
{
    char id[24];
    return run_point(x, mt_id(x, VARIANT_N(MT_HOST, MT_LOAD, MT_TIME), id),
                     VARIANT("node-7", "1e400", "9007199254740993"), 4);
}

/* The header line that starts the last run, or -1. */
static long last_header(const af_mut *x)
{
    for (size_t i = x->m.nl; i-- > 1;)
        if (x->m.l[i].raw && tgText_text_is(&x->m, i, 0, AF_HEADER))
            return (long)i;
    return -1;
}

static int mut_art_run(af_mut *x)
{
    long r = last(x, AF_T_RUN_INFO);
    if (x->variant == 0) {
        /* without the header between them (a run's records on both of
         * its sides are AF-HDR-005), the last run's PauseResume before
         * its RunInfo: after the run before it */
        long h = last_header(x), p = last(x, AF_T_PAUSE_RESUME);
        if (h < 0 || p < 0 || r < h)
            return 0;
        tgText_copy_to_end(&x->m, (size_t)p);
        tgText_remove_line(&x->m, (size_t)p);
        size_t at = tgText_place(&x->m, (size_t)r);
        tgText_remove_line(&x->m, (size_t)h);
        mark(x, at - 1, 0, 0);
        return 1;
    }
    /* the first SectionStop, right after the last RunInfo */
    long s = find(x, AF_T_SECTION_STOP, 0);
    if (s < 0 || r < s)
        return 0;
    tgText_copy_to_end(&x->m, (size_t)s);
    tgText_remove_line(&x->m, (size_t)s);
    mark(x, tgText_place(&x->m, (size_t)r), 0, 0);
    return 1;
}

/* The RegionStop that closes the region RegionStart line s opens. */
static long stop_of(const af_mut *x, long s)
{
    for (size_t i = (size_t)s + 1; i < x->m.nl; i++)
        if (line_type(x, i) == AF_T_REGION_STOP &&
            tgText_num(&x->m, i, 2) == tgText_num(&x->m, (size_t)s, 3))
            return (long)i;
    return -1;
}

static int mut_art_region(af_mut *x)
{
    /* the last region's point (right after its start), or its aggregate
     * (right before its stop), moved past its RegionStop */
    long s = last(x, AF_T_REGION_START), e = s < 0 ? -1 : stop_of(x, s);
    long d = x->variant ? e - 1 : s + 1;
    if (e < 0 || d <= s ||
        line_type(x, (size_t)d) !=
            (x->variant ? AF_T_REGION_AGGREGATE : AF_T_REGION_POINT))
        return 0;
    tgText_copy_to_end(&x->m, (size_t)d);
    tgText_remove_line(&x->m, (size_t)d);
    mark(x, tgText_place(&x->m, (size_t)e), x->variant ? 3 : 2, 0);
    return 1;
}

static int mut_art_fields_future(af_mut *x)
{
    long i = last(x, AF_T_RUN_POINT);
    if (i < 0 || !future_run(x))
        return 0;
    size_t f = tgText_append(&x->m, (size_t)i, "x");
    tgText_append(&x->m, (size_t)i, "y");
    mark(x, (size_t)i, f, 0);
    return 1;
}

static int mut_art_last_blank(af_mut *x)
{
    /* a new section at the end, its tags blank, no line end after it */
    long i = last(x, AF_T_SECTION_INFO);
    if (i < 0)
        return 0;
    tgText_copy_to_end(&x->m, (size_t)i);
    size_t c = x->m.nl - 1;
    tgText_set(&x->m, c, 3, "1000000", TG_TEXT_AS_NEEDED);
    tgText_set(&x->m, c, 5, "", TG_TEXT_AS_NEEDED);
    x->m.l[c].eol = TG_TEXT_EOL_NONE;
    mark(x, c, TG_TEXT_AT_END, 0);
    return 1;
}

static int mut_art_empty_quoted(af_mut *x)
{
    /* the last RegionStart's label, or the last SectionInfo's tags, set
     * to an empty field written in quotes */
    return x->variant
               ? set_at(x, last(x, AF_T_SECTION_INFO), 5, "", TG_TEXT_QUOTED)
               : set_at(x, last(x, AF_T_REGION_START), 4, "", TG_TEXT_QUOTED);
}

/* ---- the table, in rules.def order ----------------------------------- */

#define TG_RULES_DEF "../afperf/rules.def"
static const tgText_mutator mutators[AF_NRULES] = {
#include "../../core/mutator_rows.h"
};

static const tgText_corpus corpus = {&tgFormat_afperf, mutators, AF_NRULES,
                                     af_model_init, af_generate};

int tgAfperf_mutate(size_t rule, unsigned variant, uint64_t seed, tgOut *out,
                    tg_mutant *mu)
{
    return tgText_mutate(&corpus, rule, variant, seed, out, mu);
}
