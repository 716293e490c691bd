/* records.c - one record against its row of records.def: the record type,
 * every field by its kind (fields.def), the field count and the
 * measurement pairs.  What a record means across the file (ids, regions,
 * sections, values) is refs.c's. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../../core/mem.h"

/* ---- the record type ------------------------------------------------- */

/* Whether p[0..n) is the start of a record type's name, not all of it:
 * what a cut last record may leave of its type. */
static int name_start(const unsigned char *p, size_t n)
{
    for (int t = 1; t < AF_NTYPES; t++)
        if (af_records[t].namelen > n && memcmp(af_records[t].name, p, n) == 0)
            return 1;
    return 0;
}

/* The type named by field 0: 1..14, or -1 (reported). */
static int record_type(af_check *k, const af_fld *f)
{
    size_t n;
    const unsigned char *p = af_text(k, f, &n);
    /* names start with a capital letter, ids with a digit */
    for (int t = 1; t < AF_NTYPES && n && p[0] - (unsigned)'A' < 26; t++)
        if (af_records[t].namelen == n &&
            memcmp(af_records[t].name, p, n) == 0)
            return t;
    const unsigned char *q = p;
    size_t m = n;
    int spaced = af_trim(&q, &m);
    af_intv v = af_parse_int(q, m);
    char found[64];
    if (v.r == AF_IV_OK && v.u >= 1 && v.u < AF_NTYPES) {
        if (spaced) /* an id is a number (T-10) */
            af_report_blanks(k, f->at, f->n, "type", p, n);
        if (v.hex)
            af_report(k, AF_TYPE_HEX, f->at, f->n, "type",
                      "the type in decimal digits", "hexadecimal");
        else if (v.zeros)
            af_report(k, AF_INT_ZEROS, f->at, f->n, "type", "no leading zero",
                      "a leading zero");
        return (int)v.u;
    }
    if (k->unended && k->cur > k->rec + k->rec_n && name_start(p, n)) {
        af_cut(k, "a record type", "the start of one's name");
        return -1;
    }
    if (k->last_run_known && k->last_run_fc)
        af_report(k, AF_TYPE_FUTURE, f->at, f->n, "type",
                  "a record type of AFPerf 1.0",
                  TG_ENGINE_QUOTED(k->c, AF_TYPE_FUTURE, p, n, found));
    else
        af_report(k, AF_TYPE_UNKNOWN, f->at, f->n, "type",
                  "a record type name or an id from 1 to 14",
                  TG_ENGINE_QUOTED(k->c, AF_TYPE_UNKNOWN, p, n, found));
    return -1;
}

/* ---- fields ---------------------------------------------------------- */

static const char *field_name(unsigned field) { return af_fields[field].name; }

/* An integer field: a timestamp or an id. */
static void integer_field(af_check *k, unsigned field, const af_fld *f,
                          const unsigned char *p, size_t n, af_num *v)
{
    const char *name = field_name(field);
    int ts = af_fields[field].kind == AF_K_TIMESTAMP;
    const unsigned char *q = p;
    size_t m = n;
    int spaced = af_trim(&q, &m);
    af_intv iv = af_parse_int(q, m);
    char found[64];
    if (m == 0) /* white space alone: no number, and not blank either */
        iv.r = AF_IV_SYNTAX;
    else if (spaced)
        af_report_blanks(k, f->at, f->n, name, p, n);
    if (iv.r == AF_IV_NEGATIVE && ts) {
        af_report(k, AF_TS_RANGE, f->at, f->n, name, ">= 0",
                  TG_ENGINE_QUOTED(k->c, AF_TS_RANGE, p, n, found));
        return;
    }
    if (iv.r == AF_IV_SYNTAX && af_open_end(k, f) && af_int_start(p, n, 0)) {
        af_cut(k, "the rest of the record",
               "the end of the input inside a number");
        return;
    }
    switch (iv.r) {
    case AF_IV_BLANK: return; /* blank is the caller's */
    case AF_IV_NEGATIVE:      /* an id has no sign */
    case AF_IV_SYNTAX:
        af_report(k, AF_INT_SYNTAX, f->at, f->n, name,
                  "decimal digits, or 0x and hexadecimal digits",
                  TG_ENGINE_QUOTED(k->c, AF_INT_SYNTAX, p, n, found));
        return;
    case AF_IV_RANGE:
        af_report(k, ts ? AF_TS_RANGE : AF_ID_RANGE, f->at, f->n, name,
                  ts ? "<= 9223372036854775807" : "<= 18446744073709551615",
                  TG_ENGINE_QUOTED(k->c, ts ? AF_TS_RANGE : AF_ID_RANGE, p, n,
                                   found));
        return;
    case AF_IV_OK: break;
    }
    if (ts && iv.u > INT64_MAX) {
        af_report(k, AF_TS_RANGE, f->at, f->n, name, "<= 9223372036854775807",
                  TG_ENGINE_QUOTED(k->c, AF_TS_RANGE, p, n, found));
        return;
    }
    if (iv.hex)
        af_report(k, AF_INT_HEX, f->at, f->n, name, "decimal digits",
                  TG_ENGINE_QUOTED(k->c, AF_INT_HEX, p, n, found));
    else if (iv.zeros)
        af_report(k, AF_INT_ZEROS, f->at, f->n, name, "no leading zero",
                  TG_ENGINE_QUOTED(k->c, AF_INT_ZEROS, p, n, found));
    v->u = iv.u;
    v->ok = 1;
}

/* The wallclock time: a strtod number, finite and >= 0. */
static void wallclock_field(af_check *k, const af_fld *f,
                            const unsigned char *p, size_t n, af_num *v)
{
    const char *name = field_name(AF_F_WALLCLOCK);
    char found[64];
    const unsigned char *q = p;
    size_t m = n;
    int spaced = af_trim(&q, &m);
    if (m == 0 || af_float_len(q, m) != m) {
        af_report(k, AF_FLOAT_SYNTAX, f->at, f->n, name,
                  "a number as strtod reads it, and nothing after it",
                  TG_ENGINE_QUOTED(k->c, AF_FLOAT_SYNTAX, p, n, found));
        return;
    }
    if (spaced)
        af_report_blanks(k, f->at, f->n, name, p, n);
    double d;
    int range;
    if (!af_strtod(q, m, &d, &range)) {
        af_limit(k, f->at, "memory to read a number");
        return;
    }
    if (!(d >= 0) || isinf(d)) {
        af_report(k, AF_RUN_WALLCLOCK, f->at, f->n, name,
                  "finite seconds >= 0",
                  TG_ENGINE_QUOTED(k->c, AF_RUN_WALLCLOCK, p, n, found));
        return;
    }
    v->ok = 1;
}

_Static_assert((int)AF_P_FIELD_SECTION_LABEL == (int)AF_F_SECTION_LABEL,
               "a field's pattern has the field's number");

/* Tag names given twice (AF-A21): the names sorted, then neighbours
 * compared, so a field of many tags costs n log n. */
typedef struct tag_name {
    const unsigned char *p;
    size_t n;
} tag_name;

static int tag_cmp(const void *a, const void *b)
{
    const tag_name *x = a, *y = b;
    int c = memcmp(x->p, y->p, x->n < y->n ? x->n : y->n);
    return c ? c : (x->n > y->n) - (x->n < y->n);
}

/* @return whether a name is given twice (reported), or the check ran
 * into a limit (reported as such). */
static int tags_twice(af_check *k, const af_fld *f, const unsigned char *p,
                      size_t n)
{
    size_t count = 1;
    for (size_t i = 0; i < n; i++)
        count += p[i] == ';';
    if (count < 2)
        return 0;
    if (count > k->c->limits[TG_LIMIT_LIVE_OBJECTS] ||
        count > SIZE_MAX / sizeof(tag_name)) {
        af_limit(k, f->at, "tags in one field");
        return 1;
    }
    tag_name *t = tgMem_malloc(count * sizeof *t);
    if (t == NULL) {
        af_limit(k, f->at, "tags in one field");
        return 1;
    }
    size_t m = 0, start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && p[i] != ';')
            continue;
        const unsigned char *eq = memchr(p + start, '=', i - start);
        t[m].p = p + start;
        t[m++].n = (size_t)(eq - (p + start)); /* the pattern gave each '=' */
        start = i + 1;
    }
    tgMem_sort(t, m, sizeof *t, tag_cmp);
    int twice = 0;
    for (size_t i = 1; i < m && !twice; i++)
        if (tag_cmp(&t[i - 1], &t[i]) == 0) {
            char found[64];
            af_report(
                k, AF_TAG_TWICE, f->at, f->n, field_name(AF_F_TAGS),
                "each tag name once",
                TG_ENGINE_QUOTED(k->c, AF_TAG_TWICE, t[i].p, t[i].n, found));
            twice = 1;
        }
    tgMem_free(t);
    return twice;
}

/* What pattern_field() found: 1 a clean match (v->u set), 0 a finding. */
static int pattern_checked(af_check *k, unsigned field, const af_fld *f,
                           const unsigned char *p, size_t n, af_num *v)
{
    const char *name = field_name(field);
    char found[64];
    size_t g[2 * AF_NDATATYPES];
    enum af_kind kind = af_fields[field].kind;
    enum af_pattern pat = (enum af_pattern)field; /* AF_P_FIELD_<field> */
    size_t groups = kind == AF_K_VERSION    ? 3
                    : kind == AF_K_DATATYPE ? AF_NDATATYPES - 1
                                            : 0;
    if (!af_match(k, pat, p, n, g, groups)) {
        if (kind == AF_K_TAGS && af_open_end(k, f) && af_tags_start(p, n)) {
            af_cut(k, "the rest of the record",
                   "the end of the input inside the tags");
            return 0;
        }
        size_t rule = kind == AF_K_DATATYPE   ? AF_MT_DATATYPE
                      : kind == AF_K_TS_UNITS ? AF_RUN_UNITS
                      : kind == AF_K_VERSION  ? AF_RUN_VERSION
                                              : AF_TAG_FORM;
        const char *exp =
            kind == AF_K_DATATYPE
                ? "double, int32, int64, bool, string or enum"
            : kind == AF_K_TS_UNITS
                ? "seconds, milliseconds, microseconds, nanoseconds, s, ms, "
                  "us, \xc2\xb5s or ns"
            : kind == AF_K_VERSION
                ? "three integers joined by dots, e.g. 1.0.0"
                : "name=value items joined by ';'";
        af_report(k, rule, f->at, f->n, name, exp,
                  TG_ENGINE_QUOTED(k->c, rule, p, n, found));
        return 0;
    }
    v->ok = 1;
    if (kind == AF_K_DATATYPE) {
        /* the pattern's group g + 1 is datatype g + 1 (fields.def) */
        for (size_t d = 0; d < groups; d++)
            if (g[2 * d] != SIZE_MAX)
                v->u = d + 1;
    } else if (kind == AF_K_TS_UNITS) {
        /* Artificer knows the four ASCII abbreviations only */
        int ascii = (n == 1 && p[0] == 's') ||
                    (n == 2 && p[1] == 's' &&
                     (p[0] == 'm' || p[0] == 'u' || p[0] == 'n'));
        if (!ascii) {
            af_report(k, AF_RUN_UNITS_ART, f->at, f->n, name,
                      "s, ms, us or ns",
                      TG_ENGINE_QUOTED(k->c, AF_RUN_UNITS_ART, p, n, found));
            return 0;
        }
    } else if (kind == AF_K_VERSION) {
        af_intv major = af_parse_int(p + g[0], g[1] - g[0]);
        af_intv minor = af_parse_int(p + g[2], g[3] - g[2]);
        if (major.r != AF_IV_OK || major.u != AF_MAJOR) {
            af_report(k, AF_RUN_MAJOR, f->at, f->n, name, "major version 1",
                      TG_ENGINE_QUOTED(k->c, AF_RUN_MAJOR, p, n, found));
            v->ok = 0;
            return 0;
        }
        /* a later minor version reads forward-compatibly (AF-A4) */
        v->u = minor.r != AF_IV_OK || minor.u > 0;
    } else if (kind == AF_K_TAGS) {
        return !tags_twice(k, f, p, n);
    }
    return 1;
}

static void pattern_field(af_check *k, unsigned field, const af_fld *f,
                          const unsigned char *p, size_t n, af_num *v)
{
    af_memo *m = &k->memo[field];
    if (af_memo_hit(m, p, n, &v->u)) {
        v->ok = 1;
        return;
    }
    if (pattern_checked(k, field, f, p, n, v) && n <= AF_MEMO) {
        unsigned i = m->next++ % AF_MEMO_WAYS;
        m->way[i].n = (uint8_t)n;
        m->way[i].u = v->u;
        memcpy(m->way[i].text, p, n);
    }
}

static void units_field(af_check *k, const unsigned char *p, size_t n,
                        af_num *v)
{
    enum af_pattern c = AF_P_UNIT_TEXT;
    while (c < AF_NPATTERNS && !af_match(k, c, p, n, NULL, 0))
        c++;
    v->ok = 1;
    v->u = c; /* AF_NPATTERNS: none */
}

/* What is noted of every field read: that it was there, and where
 * (line:column only when a finding needs them). */
static inline af_num *field_seen(af_check *k, unsigned field, const af_fld *f)
{
    af_num *v = &k->val[field];
    v->at.at = f->at;
    v->at.len = (uint32_t)(f->n > UINT32_MAX ? UINT32_MAX : f->n);
    k->present |= 1u << field;
    return v;
}

/* Every field but the clean integers read_field() takes inline (kept
 * out of line, so that the inline part stays small). */
static __attribute__((noinline)) void
read_field_full(af_check *k, unsigned field, const af_fld *f)
{
    af_num *v = field_seen(k, field, f);
    v->u = 0;
    v->ok = 0;
    size_t n;
    const unsigned char *p = af_text(k, f, &n);
    v->blank = n == 0;
    if (v->blank) {
        enum af_kind kind = af_fields[field].kind;
        if (field == AF_F_INFO_TS)
            af_report(k, AF_SEC_INFO_TS, f->at, 0, field_name(field),
                      "a timestamp", "blank");
        else if (kind == AF_K_UNITS)
            af_report(k, AF_MT_UNITS_BLANK, f->at, 0, field_name(field),
                      "units", "blank");
        else if (!af_fields[field].blank)
            af_report(k, AF_FIELD_BLANK, f->at, 0, field_name(field),
                      "a value", "blank");
        return;
    }
    switch (af_fields[field].kind) {
    case AF_K_TIMESTAMP:
    case AF_K_RUN:
    case AF_K_REGION:
    case AF_K_SECTION:
    case AF_K_INTERVAL:
    case AF_K_RECORD:
    case AF_K_MTYPE: integer_field(k, field, f, p, n, v); break;
    case AF_K_WALLCLOCK: wallclock_field(k, f, p, n, v); break;
    case AF_K_DATATYPE:
    case AF_K_TS_UNITS:
    case AF_K_VERSION:
    case AF_K_TAGS: pattern_field(k, field, f, p, n, v); break;
    case AF_K_UNITS: units_field(k, p, n, v); break;
    case AF_K_VALUE:
    case AF_K_AGGREGATION:
    case AF_K_TEXT: v->ok = 1; break;
    }
}

/* Kinds read as integers (integer_field()). */
#define AF_INTEGER_KINDS                                                      \
    (1u << AF_K_TIMESTAMP | 1u << AF_K_RUN | 1u << AF_K_REGION |              \
     1u << AF_K_SECTION | 1u << AF_K_INTERVAL | 1u << AF_K_RECORD |           \
     1u << AF_K_MTYPE)

/* Field `field` of the current record: most are integers in plain
 * decimal with nothing to report, which this takes inline; the rest, and
 * whatever would need a finding, go to read_field_full(). */
static inline __attribute__((always_inline)) void
read_field(af_check *k, unsigned field, const af_fld *f)
{
    enum af_kind kind = af_fields[field].kind;
    if (AF_INTEGER_KINDS >> kind & 1 && f->n > 0 && !f->escaped) {
        af_intv iv = af_parse_int(f->p, f->n);
        if (iv.r == AF_IV_OK && !iv.hex && !iv.zeros &&
            (kind != AF_K_TIMESTAMP || iv.u <= INT64_MAX)) {
            af_num *v = field_seen(k, field, f);
            v->u = iv.u;
            v->ok = 1;
            v->blank = 0;
            return;
        }
    }
    read_field_full(k, field, f);
}

/* ---- values ---------------------------------------------------------- */

/* Whether a value is one of datatype dt (decision T-5); white space
 * around a number is its own finding (T-10). */
int af_value_is(const unsigned char *p, size_t n, int dt)
{
    if (dt == AF_DT_STRING || dt == AF_DT_ENUM)
        return 1;
    if (n > 0 && (af_space(p[0]) || af_space(p[n - 1])))
        af_trim(&p, &n);
    switch (dt) {
    case AF_DT_BOOL: return n == 1 && (p[0] == '0' || p[0] == '1');
    case AF_DT_INT32:
    case AF_DT_INT64: {
        /* most values: decimal digits without a leading zero, few enough
         * that any of them fits (10^18 - 1 < 2^63, 10^9 - 1 < 2^31) */
        size_t sign = n > 0 && p[0] == '-', digits = n - sign;
        if (digits - 1 < (dt == AF_DT_INT64 ? 18u : 9u) &&
            (p[sign] != '0' || digits == 1) && tgDigits_all(p + sign, digits))
            return 1;
        af_intv iv = af_parse_int(p, n);
        if (iv.r != AF_IV_OK && iv.r != AF_IV_NEGATIVE)
            return 0;
        uint64_t lim = iv.minus ? (uint64_t)INT64_MAX + 1 : INT64_MAX;
        return iv.u <= (dt == AF_DT_INT64 ? lim : lim >> 32);
    }
    case AF_DT_DOUBLE: return n > 0 && af_float_len(p, n) == n;
    default: return 0;
    }
}

unsigned af_value_fits(const unsigned char *p, size_t n)
{
    unsigned fits = 0;
    for (int dt = AF_DT_NONE + 1; dt < AF_NDATATYPES; dt++)
        fits |= (unsigned)af_value_is(p, n, dt) << dt;
    return fits;
}

/* ---- the record ------------------------------------------------------ */

static int fc_run(const af_check *k)
{
    return k->last_run_known && k->last_run_fc;
}

void af_pairs(af_check *k, const af_record_info *ri, unsigned count)
{
    af_fld f, v;
    while (af_next_field(k, &f)) {
        if (count == 1 && ri->pairs == AF_ONE_PAIR && fc_run(k)) {
            /* in a run of a later minor version, what follows the one
             * pair is fields 1.0 does not know, ignored (AF-A4), which
             * Artificer reads as pairs (AF-ART-006) */
            size_t rule = k->art ? AF_ART_FIELDS_FUTURE : AF_FIELDS_FUTURE;
            af_report(k, rule, f.at, k->rec_at + k->rec_n - f.at, "",
                      "one measurement pair", "more fields");
            return;
        }
        read_field(k, AF_F_MTYPE, &f);
        if (!af_next_field(k, &v)) {
            if (k->unended) /* the value was cut off (T-1) */
                af_cut(k, "a value after the measurement type id",
                       "the end of the input");
            else
                af_report(k, AF_PAIR_ODD, f.at, f.n, "measurement type id",
                          "a value after the measurement type id",
                          "the end of the record");
            return;
        }
        if (++count == 2 && ri->pairs == AF_ONE_PAIR)
            af_report(k, AF_PAIR_MANY, f.at, k->rec_at + k->rec_n - f.at,
                      "measurement type id", "one measurement pair", "more");
        size_t n;
        const unsigned char *p = af_text(k, &v, &n);
        if (k->val[AF_F_MTYPE].ok)
            af_refs_value(k, k->val[AF_F_MTYPE].u, &f, &v, p, n);
    }
    if (count == 0 && k->unended) {
        af_cut(k, "a measurement pair", "the end of the input");
    } else if (count == 0) {
        char found[32];
        /* (every field the type names was there: it was not quiet) */
        af_report(k, AF_FIELDS_FEW, k->rec_at + k->rec_n, 0, "",
                  "at least one measurement type id and value",
                  TG_ENGINE_TEXT(k->c, AF_FIELDS_FEW, found, "%u fields",
                                 ri->nfields));
    }
}

/* A record with fewer fields than its Format line: which are missing is
 * unknown, so the fields are read for what they do to the state (the
 * region stack, blocks, ids) without findings of their own. */
static const char *few_note(int type, unsigned have)
{
    if (type == AF_T_RUN_INFO && have == 7)
        return " (the seed's example and older writers leave out the "
               "format version)";
    if (type == AF_T_REGION_START && have == 4)
        return " (the seed's example leaves out the run id)";
    if (type == AF_T_SECTION_INFO && have == 4)
        return " (the seed's example leaves out a field)";
    return "";
}

void af_record(af_check *k)
{
    af_fld f, fixed[AF_MAX_FIELDS];
    af_next_field(k, &f);
    int type = record_type(k, &f);
    if (type < 0)
        return;
    k->type = type;
    const af_record_info *ri = &af_records[type];
    unsigned have = af_next_fields(k, fixed, ri->nfields);
    k->present = 0;
    if (have < ri->nfields && k->unended) { /* cut short (T-1) */
        af_cut(k, "the rest of the record", "the end of the input");
    } else if (have < ri->nfields) {
        char exp[64], found[128];
        af_report(k, AF_FIELDS_FEW, k->rec_at + k->rec_n, 0, "",
                  TG_ENGINE_TEXT(k->c, AF_FIELDS_FEW, exp,
                                 "%u fields after the type%s", ri->nfields,
                                 ri->pairs ? ", then measurement pairs" : ""),
                  TG_ENGINE_TEXT(k->c, AF_FIELDS_FEW, found, "%u%s", have,
                                 few_note(type, have)));
        k->quiet = 1;
    }
    for (unsigned i = 0; i < have; i++)
        read_field(k, ri->field[i], &fixed[i]);
    af_refs_record(k);
    if (k->quiet) /* the front end ends it with the record */
        return;
    if (ri->pairs) {
        af_pairs(k, ri, 0);
        return;
    }
    if (af_next_field(k, &f)) {
        char exp[48];
        size_t rule = fc_run(k) ? AF_FIELDS_FUTURE : AF_FIELDS_MANY;
        af_report(k, rule, f.at, k->rec_at + k->rec_n - f.at, "",
                  TG_ENGINE_TEXT(k->c, rule, exp, "%u fields after the type",
                                 ri->nfields),
                  "more");
    }
}
