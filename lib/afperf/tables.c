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

#define AF_FIELD_ID(a) AF_F_##a,

const af_record_info af_records[AF_NTYPES] = {
#define AF_RECORD(sym, id, name, role, pairs, ...)                            \
    [id] = {                                                                  \
        name,  sizeof name - 1,       role,                                   \
        pairs, AF_NARGS(__VA_ARGS__), {AF_EACH(AF_FIELD_ID, __VA_ARGS__)}},
#include "records.def"
#undef AF_RECORD
};
#undef AF_FIELD_ID
