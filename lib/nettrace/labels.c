/* labels.c - what each kind of v6 label holds (wire.h), for the checker
 * and the generator alike. */
#include "wire.h"

const nt_label_kind nt_label_kinds[NT_LABEL_KINDS + 1] = {
    [1] = {"ActivityId", NT_LV_FIXED, 16},
    [2] = {"RelatedActivityId", NT_LV_FIXED, 16},
    [3] = {"TraceId", NT_LV_FIXED, 16},
    [4] = {"SpanId", NT_LV_FIXED, 8},
    [5] = {"a string key and value", NT_LV_STRINGS, 0},
    [6] = {"a string key and a varint value", NT_LV_STRING_VAR, 0},
    [7] = {"OpCode", NT_LV_FIXED, 1},
    [8] = {"Keywords", NT_LV_FIXED, 8},
    [9] = {"Level", NT_LV_FIXED, 1},
    [10] = {"Version", NT_LV_FIXED, 1},
};
