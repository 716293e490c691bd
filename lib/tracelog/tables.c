/* tables.c - the item and record tables, expanded from items.def,
 * parts.def and records.def. */
#include "tracelog.h"

const tl_item_info tl_items[TL_NITEMS] = {
#define TL_ITEM(sym, name, kind) [TL_I_##sym] = {name, kind},
#include "items.def"
#undef TL_ITEM
};

const tl_parts_info tl_parts[TL_NITEMS] = {
#define TL_PARTS(item, min, ...)                                              \
    [TL_I_##item] = {min, TL_NARGS(__VA_ARGS__), {TL_LIST(__VA_ARGS__)}},
#include "parts.def"
#undef TL_PARTS
};

#define TL_TAIL0()                                                            \
    0, { 0 }
#define TL_TAIL1(a)                                                           \
    1, { TL_I1(a) }
#define TL_TAIL2(a, b)                                                        \
    2, { TL_I1(a), TL_I1(b) }

const tl_record_info tl_records[TL_NRECORDS] = {
#define TL_RECORD(sym, tag, origin, tail, ...)                                \
    [TL_R_##sym] = {                                                          \
        tag, origin, TL_NARGS(__VA_ARGS__), tail, {TL_LIST(__VA_ARGS__)}},
#include "records.def"
#undef TL_RECORD
};

const tl_setting tl_settings[TL_NSETTINGS] = {
#define TL_SETTING(name, kind) {name, kind},
#include "settings.def"
#undef TL_SETTING
};

const char *const tl_methods[3] = {"None", "Instrumentation", "Sampling"};
