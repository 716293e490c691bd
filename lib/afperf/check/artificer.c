/* artificer.c - what the Artificer reader makes of a legal record, for
 * the artificer-compat profile (the AF-ART rules).
 *
 * The model is the reader's, as spec/afperf.md "The Artificer reader" lists it
 * and as AFSIM 2.9.0's tools/artificer/source/lib shows it (RunData.cpp,
 * SimulationData.cpp, V1Parser.cpp): it reads the id and timestamp
 * fields of each record type with stoll (stoull for run ids), every
 * measurement value with stod, files a record under the run id it names
 * or, for the records that name none, under the run id it read last,
 * and keeps a stack of open regions per run.  spec/afperf.md "The
 * Artificer reader" lists each behaviour and the rule that reports it. */
#include <stdio.h>
#include <string.h>

#include "check.h"

/* How Artificer reads an id field of a record type. */
enum { ART_STOLL = 1, ART_STOULL };

#define FIELD(f) (1u << (f))

/* Whether Artificer files a record of the type by the run id it names,
 * which it reads with stoull (SimulationData::GetRunID()); else under
 * the run id it read last. */
static int names_run(int type)
{
    return type == AF_T_RUN_INFO || type == AF_T_RUN_AGGREGATE ||
           type == AF_T_MEASUREMENT_TYPE || type == AF_T_SECTION_INFO ||
           type == AF_T_RUN_POINT || type == AF_T_REGION_START;
}

/* The id fields Artificer reads with stoll in a record of the type, a
 * bit per field (its timestamps too, but a blank timestamp is
 * AF-FLD-004 or AF-SEC-003, and none is above 2^63-1 that AF-TS-001
 * lets through).  A RegionStop pops without reading its id.  An
 * aggregate's record id, and a SectionAggregate's interval id, are read
 * only when the record id is there (a processed record leaves it
 * blank). */
static unsigned stoll_fields(int type)
{
    unsigned ids = FIELD(AF_F_REGION) | FIELD(AF_F_SECTION) |
                   FIELD(AF_F_INTERVAL) | FIELD(AF_F_RECORD) |
                   FIELD(AF_F_MTYPE);
    return type == AF_T_REGION_STOP ? ids & ~FIELD(AF_F_REGION) : ids;
}

/* What std::stoll / std::stoull make of p[0..n): 1 and *u (the value as
 * 64 bits), or 0 when it throws (no digits after white space and a
 * sign, or a value out of the type's range).  Base 10: "0x1f" is 0. */
static int art_sto(const unsigned char *p, size_t n, int how, uint64_t *u)
{
    size_t i = 0;
    while (i < n && af_space(p[i]))
        i++;
    int minus = i < n && p[i] == '-';
    if (i < n && (p[i] == '-' || p[i] == '+'))
        i++;
    uint64_t v = 0;
    size_t digits = 0;
    for (; i < n && p[i] - (unsigned)'0' < 10; i++, digits++)
        if (__builtin_mul_overflow(v, 10, &v) ||
            __builtin_add_overflow(v, (uint64_t)(p[i] - '0'), &v))
            return 0;
    if (digits == 0)
        return 0;
    if (how == ART_STOLL && v > (uint64_t)INT64_MAX + (uint64_t)minus)
        return 0;
    *u = minus ? 0 - v : v; /* stoull wraps a negative value */
    return 1;
}

/* The bytes of field f of the current record, as read: inside its quotes
 * if it has them (its offset is the opening quote's, its length the
 * text's), as Artificer's tokeniser gives it. */
static const unsigned char *field_bytes(const af_check *k, unsigned f,
                                        size_t *n)
{
    const unsigned char *p = k->rec + (k->val[f].at.at - k->rec_at);
    *n = k->val[f].at.len;
    return *p == '"' ? p + 1 : p;
}

/* What Artificer's stoll or stoull make of id field f (art_sto()).  An
 * id the checker read whose first byte is a digit 1 to 9 was plain
 * decimal (a hex id starts 0x, a spaced one with a blank), so the
 * checker's value is what stoll reads, with no second parse. */
static int read_id(const af_check *k, unsigned f, int how, uint64_t *u)
{
    size_t n;
    const unsigned char *p = field_bytes(k, f, &n);
    const af_num *v = &k->val[f];
    if (v->ok && n > 0 && p[0] - (unsigned)'1' < 9 &&
        (how == ART_STOULL || v->u <= INT64_MAX)) {
        *u = v->u;
        return 1;
    }
    return art_sto(p, n, how, u);
}

static void report_field(af_check *k, size_t rule, unsigned f, const char *exp,
                         const char *found)
{
    af_report(k, rule, k->val[f].at.at, k->val[f].at.len, af_fields[f].name,
              exp, found);
}

/* The id fields of the current record that Artificer's stoll and stoull
 * throw on: blank (AF-ART-001), or above 2^63-1 where it uses stoll
 * (AF-ART-002).  A field that is no number at all was reported as such.
 * @return 1 and *run (what Artificer reads of a run id it files by),
 * 0 when the record names no run for it or it throws there. */
static int read_fields(af_check *k, const af_record_info *ri, uint64_t *run)
{
    int t = k->type, got_run = 0;
    int raw = !(k->present >> AF_F_RECORD & 1) || !k->val[AF_F_RECORD].blank;
    unsigned ull = names_run(t) ? FIELD(AF_F_RUN) & k->present : 0;
    unsigned todo = (stoll_fields(t) & k->present) | ull;
    for (unsigned i = 0; todo && i < ri->nfields; i++) {
        unsigned f = ri->field[i];
        if (!(todo >> f & 1))
            continue;
        todo &= ~FIELD(f);
        int how = ull >> f & 1 ? ART_STOULL : ART_STOLL;
        if ((f == AF_F_RECORD ||
             (f == AF_F_INTERVAL && t == AF_T_SECTION_AGGREGATE)) &&
            k->val[AF_F_RECORD].blank)
            continue; /* a processed aggregate: not read */
        if (f == AF_F_INTERVAL && t == AF_T_SECTION_AGGREGATE && raw &&
            k->val[f].blank)
            continue; /* AF-AGG-004, under every profile */
        uint64_t u;
        if (k->val[f].blank) {
            report_field(k, AF_ART_BLANK, f,
                         "an id, which Artificer reads with stoll or stoull",
                         "blank: it throws");
        } else if (!read_id(k, f, how, &u)) {
            if (k->val[f].ok) /* a number, but out of stoll's range */
                report_field(k, AF_ART_ID_RANGE, f, "<= 9223372036854775807",
                             "an id Artificer's stoll throws on");
        } else if (f == AF_F_RUN) {
            *run = u;
            got_run = 1;
        }
    }
    return got_run;
}

/* The innermost open region of Artificer's stack of run r: the last of
 * the checker's stack it filed under r; or -1. */
static long stack_top(const af_check *k, uint64_t r)
{
    for (size_t i = k->depth; i > 0; i--)
        if (k->stack[i - 1].art_known && k->stack[i - 1].art_run == r)
            return (long)(i - 1);
    return -1;
}

/* A RegionStop, RegionPoint or raw RegionAggregate against Artificer's
 * stack of the run it files the record under (AF-ART-005). */
static void region_record(af_check *k, uint64_t r)
{
    char exp[80], found[96];
    if (k->type == AF_T_REGION_STOP) {
        if (k->depth == 0)
            return; /* AF-REG-001 */
        long top = stack_top(k, r);
        if (top == (long)k->depth - 1)
            return;
        af_report(k, AF_ART_REGION, k->rec_at, k->rec_n, "",
                  TG_ENGINE_TEXT(k->c, AF_ART_REGION, exp,
                                 "the innermost open region, of run %llu",
                                 (unsigned long long)r),
                  top < 0 ? "no open region of that run: Artificer's "
                            "RegionStop pops an empty stack and crashes"
                          : "another region of that run innermost: "
                            "Artificer closes that one");
        return;
    }
    unsigned f = k->type == AF_T_REGION_POINT ? AF_F_REGION : AF_F_RECORD;
    if (!(k->present >> f & 1) || !k->val[f].ok)
        return; /* blank: processed, or AF-ART-001 */
    uint64_t id = k->val[f].u;
    for (size_t i = k->depth; i > 0; i--) {
        const af_region *g = &k->stack[i - 1];
        if (g->has_id && g->id == id && g->art_known && g->art_run == r)
            return;
    }
    report_field(
        k, AF_ART_REGION, f,
        TG_ENGINE_TEXT(k->c, AF_ART_REGION, exp,
                       "a region open in run %llu, the run Artificer "
                       "files the record under",
                       (unsigned long long)r),
        TG_ENGINE_TEXT(k->c, AF_ART_REGION, found,
                       "region %llu, not open there: Artificer throws",
                       (unsigned long long)id));
}

/* A record without a run id of its own, filed by Artificer under run r:
 * its own run as the checker reads it must be r (AF-ART-004). */
static void filed_under(af_check *k, uint64_t r)
{
    uint64_t own;
    if (!af_record_run(k, &own) || own == r)
        return;
    char exp[64], found[96];
    af_report(
        k, AF_ART_RUN, k->rec_at, k->rec_n, "",
        TG_ENGINE_TEXT(k->c, AF_ART_RUN, exp, "a record of run %llu",
                       (unsigned long long)own),
        TG_ENGINE_TEXT(k->c, AF_ART_RUN, found,
                       "one Artificer files under run %llu, the run id it "
                       "read last",
                       (unsigned long long)r));
}

void af_art_record(af_check *k)
{
    const af_record_info *ri = &af_records[k->type];
    uint64_t run;
    if (read_fields(k, ri, &run)) {
        k->art_run.run = run;
        k->art_run.known = 1;
        return;
    }
    if (names_run(k->type)) { /* it threw on the run id */
        k->art_run.known = 0;
        return;
    }
    if (!k->art_run.known || !k->tracking)
        return;
    uint64_t r = k->art_run.run;
    int region =
        k->type == AF_T_REGION_STOP || k->type == AF_T_REGION_POINT ||
        (k->type == AF_T_REGION_AGGREGATE && !k->val[AF_F_RECORD].blank);
    if (region)
        region_record(k, r);
    else
        filed_under(k, r);
}

/* ---- values ---------------------------------------------------------- */

/* What each datatype's values can lose through stod, by datatype. */
static const char *const misreads[AF_NDATATYPES] = {
    [AF_DT_DOUBLE] = "a number out of a double's range: stod throws",
    [AF_DT_INT64] = "an integer a double cannot hold: stod rounds it",
    [AF_DT_STRING] = "a value of a string type: stod throws on text and "
                     "turns digits into a number",
    [AF_DT_ENUM] = "a value of an enum type: stod throws on text and "
                   "turns digits into a number",
};

/* The shortest double without an exponent that stod can find out of
 * range: under 200 bytes, a decimal or hex number lies between 1e-199
 * and 16^198 (2^792), well inside a double's range. */
#define ART_RANGE_MIN_LEN 200

/* Whether p[0..n), white space around it aside, is a decimal number
 * with an exponent of one or two digits in under 100 bytes,
 * [+-]d*[.d*]e[+-]d[d] with a digit before the e: 0, or between 1e-198
 * and 1e198, which stod reads in range. */
static int short_exponent(const unsigned char *p, size_t n)
{
    af_trim(&p, &n);
    if (n >= 100)
        return 0;
    size_t i = n > 0 && (p[0] == '+' || p[0] == '-'), digits = 0;
    for (; i < n && p[i] - (unsigned)'0' < 10; i++)
        digits++;
    if (i < n && p[i] == '.')
        for (i++; i < n && p[i] - (unsigned)'0' < 10; i++)
            digits++;
    if (digits == 0 || i == n || (p[i] | 0x20) != 'e')
        return 0;
    if (++i < n && (p[i] == '+' || p[i] == '-'))
        i++;
    size_t e = i;
    while (i < n && p[i] - (unsigned)'0' < 10)
        i++;
    return i == n && i - e - 1 < 2;
}

const char *af_art_misread(const unsigned char *p, size_t n, int dt)
{
    switch (dt) {
    case AF_DT_STRING:
    case AF_DT_ENUM: return misreads[dt];
    case AF_DT_DOUBLE: {
        double d;
        int range;
        if (short_exponent(p, n))
            return NULL; /* 1e-3 and the like: no need for strtod */
        if (n < ART_RANGE_MIN_LEN && !memchr(p, 'e', n) &&
            !memchr(p, 'E', n) && !memchr(p, 'p', n) && !memchr(p, 'P', n))
            return NULL; /* most values: no need for strtod */
        af_trim(&p, &n);
        /* no memory for a long number: said as not read */
        return !af_strtod(p, n, &d, &range) || range ? misreads[dt] : NULL;
    }
    case AF_DT_INT64: {
        if (n <= 15)
            return NULL; /* 15 digits: below 2^53 */
        af_trim(&p, &n);
        af_intv v = af_parse_int(p, n);
        if (v.r != AF_IV_OK && v.r != AF_IV_NEGATIVE)
            return NULL; /* not a value of its datatype: AF-VAL-001 */
        /* a double holds every integer up to 2^53, and the rest when
         * their low bits are zero */
        uint64_t u = v.u;
        while (u > (1ull << 53) && !(u & 1))
            u >>= 1;
        return u > (1ull << 53) ? misreads[dt] : NULL;
    }
    default: return NULL; /* int32 and bool values are exact doubles */
    }
}

const char *af_art_misread_of(int dt) { return misreads[dt]; }

/* ---- the last record ------------------------------------------------- */

void af_art_last_field(af_check *k)
{
    const unsigned char *p = k->rec;
    size_t n = k->rec_n;
    /* its last field is "" or nothing after the last comma */
    int empty =
        (n > 0 && p[n - 1] == ',') ||
        (n >= 3 && p[n - 1] == '"' && p[n - 2] == '"' && p[n - 3] == ',');
    if (empty)
        af_report(k, AF_ART_LAST_BLANK, k->rec_at + n, 0, "",
                  "a line end after the record, or a last field that is "
                  "not empty",
                  "an empty last field at the end of the input: Artificer "
                  "drops it");
}
