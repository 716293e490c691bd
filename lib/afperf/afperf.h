/* afperf.h - internals shared by the AFPerf v1 checker, generator and
 * mutator: the rule enum, the profiles, and the record and field tables
 * (records.def, fields.def) that all three read. */
#ifndef TG_AFPERF_H
#define TG_AFPERF_H

#include "../core/format.h"

/* The 16-byte version header (the seed, "Record Ordering"). */
#define AF_HEADER     "# AFPerf v1     "
#define AF_HEADER_LEN 16
_Static_assert(sizeof AF_HEADER - 1 == AF_HEADER_LEN, "the header's length");
/* Where every later header line starts, and how a header names its
 * major version (the digits after it). */
#define AF_HEADER_STEM     "# AFPerf v"
#define AF_HEADER_STEM_LEN 10
#define AF_MAJOR           1

/* Rule indices, in table order. */
enum af_rule {
#define TG_RULE(sym, ...) AF_##sym,
#include "rules.def"
#undef TG_RULE
    AF_NRULES
};

/* Profiles are the scopes (scopes.def): index 0 is the default. */
#define TG_SCOPES_DEF "../afperf/scopes.def"
#include "../core/scopes.h"
enum {
    AF_PROFILE_DEFAULT = IN_DEFAULT_INDEX,
    AF_PROFILE_ARTIFICER = IN_ARTIFICER_INDEX
};

/* How a field's value is read. */
enum af_kind {
    AF_K_TIMESTAMP, /* integer 0 .. 2^63-1                          */
    AF_K_RUN,       /* ids: integer 0 .. 2^64-1                     */
    AF_K_REGION,
    AF_K_SECTION,
    AF_K_INTERVAL,
    AF_K_RECORD,      /* an aggregate's record id                     */
    AF_K_MTYPE,       /* a measurement type id                        */
    AF_K_VALUE,       /* typed by its measurement type's datatype     */
    AF_K_AGGREGATION, /* free text; blank or not decides raw/processed */
    AF_K_TEXT,        /* free text                                    */
    AF_K_DATATYPE,
    AF_K_UNITS,     /* MeasurementType units                        */
    AF_K_TS_UNITS,  /* RunInfo timestamp units                      */
    AF_K_WALLCLOCK, /* finite float >= 0                            */
    AF_K_VERSION,   /* N.N.N                                        */
    AF_K_TAGS       /* name=value;...                               */
};

/* The fields of fields.def. */
enum af_field {
#define AF_FIELD(sym, name, kind, blank, pattern) AF_F_##sym,
#include "fields.def"
#undef AF_FIELD
    AF_NFIELDS
};

typedef struct af_field_info {
    const char *name;
    enum af_kind kind;
    int blank;           /* may be empty                     */
    const char *pattern; /* PCRE2 pattern of the whole value */
} af_field_info;
extern const af_field_info af_fields[AF_NFIELDS];

/* MeasurementType datatypes: the groups of the DATATYPE pattern
 * (fields.def), in order; the names are af_datatypes[]. */
enum af_datatype {
    AF_DT_NONE,
    AF_DT_DOUBLE,
    AF_DT_INT32,
    AF_DT_INT64,
    AF_DT_BOOL,
    AF_DT_STRING,
    AF_DT_ENUM,
    AF_NDATATYPES
};
extern const char *const af_datatypes[AF_NDATATYPES];

/* What a record is to blank-id block ordering (records.def). */
enum af_role {
    AF_OTHER,
    AF_DATA_RUN,
    AF_DATA_REGION,
    AF_DATA_SECTION,
    AF_OPENS_RUN,
    AF_OPENS_REGION,
    AF_OPENS_SECTION
};
enum af_pairs { AF_NO_PAIRS, AF_PAIRS, AF_ONE_PAIR };

/* Record types, by id: AF_T_<sym> is the id (1..14). */
enum af_type {
    AF_T_RESERVED = 0,
#define AF_RECORD(sym, id, name, role, pairs, ...) AF_T_##sym = id,
#include "records.def"
#undef AF_RECORD
    AF_NTYPES
};

#define AF_MAX_FIELDS 8 /* most fields a record type names        */

/* A row's field list, by preprocessor argument counting: AF_NARGS() is
 * how many (at most AF_MAX_FIELDS), AF_EACH(m, ...) is m(field) for each
 * in order. */
#define AF_NARGS(...)                                     AF_NARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define AF_NARGS_(a1, a2, a3, a4, a5, a6, a7, a8, n, ...) n
#define AF_EACH(m, ...)                                   AF_EACH_(AF_NARGS(__VA_ARGS__), m, __VA_ARGS__)
#define AF_EACH_(n, m, ...)                               AF_EACH__(n, m, __VA_ARGS__)
#define AF_EACH__(n, m, ...)                              AF_E##n(m, __VA_ARGS__)
#define AF_E1(m, a)                                       m(a)
#define AF_E2(m, a, b)                                    AF_E1(m, a) m(b)
#define AF_E3(m, a, b, c)                                 AF_E2(m, a, b) m(c)
#define AF_E4(m, a, b, c, d)                              AF_E3(m, a, b, c) m(d)
#define AF_E5(m, a, b, c, d, e)                           AF_E4(m, a, b, c, d) m(e)
#define AF_E6(m, a, b, c, d, e, f)                        AF_E5(m, a, b, c, d, e) m(f)
#define AF_E7(m, a, b, c, d, e, f, g)                     AF_E6(m, a, b, c, d, e, f) m(g)
#define AF_E8(m, a, b, c, d, e, f, g, h)                  AF_E7(m, a, b, c, d, e, f, g) m(h)
typedef struct af_record_info {
    const char *name;
    size_t namelen;
    enum af_role role;
    enum af_pairs pairs;
    unsigned nfields;                   /* after the type           */
    unsigned char field[AF_MAX_FIELDS]; /* enum af_field          */
} af_record_info;
/* Indexed by id; entry 0 (reserved) has no name. */
extern const af_record_info af_records[AF_NTYPES];

extern const tg_rule tgAfperf_rules[AF_NRULES];
/* the format descriptor (rules.c) */
extern const tgFormat tgFormat_afperf;
extern const char *const tgAfperf_profiles[];
extern const char *const tgAfperf_versions[]; /* tg_checker_version() */

void tgAfperf_check(tgEngine_check *c, tgWindow *w);
int tgAfperf_detect(const unsigned char *head, size_t size, const char **how);
void tgAfperf_tokens(tg_token_fn emit, void *ctx);
size_t tgAfperf_pieces(const unsigned char *p, size_t n, size_t *at,
                       size_t cap);
int tgAfperf_generate(int profile, int style, uint64_t seed, uint64_t min_size,
                      tgOut *out);
int tgAfperf_mutate(size_t rule, unsigned variant, uint64_t seed, tgOut *out,
                    tg_mutant *m);

#endif
