/* tables.c - the record and field tables, expanded from records.def and
 * fields.def. */
#include "afperf.h"

const af_field_info af_fields[AF_NFIELDS] = {
#define AF_FIELD(sym, name, kind, blank, pattern) {name, kind, blank, pattern},
#include "fields.def"
#undef AF_FIELD
};

const char *const af_datatypes[AF_NDATATYPES] = {
    [AF_DT_DOUBLE] = "double", [AF_DT_INT32] = "int32",
    [AF_DT_INT64] = "int64",   [AF_DT_BOOL] = "bool",
    [AF_DT_STRING] = "string", [AF_DT_ENUM] = "enum"};

/* the field list of a row: its count and the fields, by preprocessor
 * argument counting */
#define AF_NARGS(...)                                     AF_NARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define AF_NARGS_(a1, a2, a3, a4, a5, a6, a7, a8, n, ...) n
#define AF_F1(a)                                          AF_F_##a
#define AF_LIST(...)                                      AF_LIST_(AF_NARGS(__VA_ARGS__), __VA_ARGS__)
#define AF_LIST_(n, ...)                                  AF_LIST__(n, __VA_ARGS__)
#define AF_LIST__(n, ...)                                 AF_L##n(__VA_ARGS__)
#define AF_L2(a, b)                                       AF_F1(a), AF_F1(b)
#define AF_L3(a, b, c)                                    AF_L2(a, b), AF_F1(c)
#define AF_L4(a, b, c, d)                                 AF_L3(a, b, c), AF_F1(d)
#define AF_L5(a, b, c, d, e)                              AF_L4(a, b, c, d), AF_F1(e)
#define AF_L6(a, b, c, d, e, f)                           AF_L5(a, b, c, d, e), AF_F1(f)
#define AF_L7(a, b, c, d, e, f, g)                        AF_L6(a, b, c, d, e, f), AF_F1(g)
#define AF_L8(a, b, c, d, e, f, g, h)                     AF_L7(a, b, c, d, e, f, g), AF_F1(h)

const af_record_info af_records[AF_NTYPES] = {
#define AF_RECORD(sym, id, name, role, pairs, ...)                            \
    [id] = {name,  sizeof name - 1,       role,                               \
            pairs, AF_NARGS(__VA_ARGS__), {AF_LIST(__VA_ARGS__)}},
#include "records.def"
#undef AF_RECORD
};
