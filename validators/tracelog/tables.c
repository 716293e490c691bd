/* tables.c - the item and record tables, expanded from items.def,
 * parts.def and records.def. */
#include "tracelog.h"

/* an item list's count and its items, by preprocessor argument counting */
#define TL_NARGS(...)                                 TL_NARGS_(__VA_ARGS__, 7, 6, 5, 4, 3, 2, 1, 0)
#define TL_NARGS_(a1, a2, a3, a4, a5, a6, a7, n, ...) n
#define TL_I1(a)                                      TL_I_##a
#define TL_LIST(...)                                  TL_LIST_(TL_NARGS(__VA_ARGS__), __VA_ARGS__)
#define TL_LIST_(n, ...)                              TL_LIST__(n, __VA_ARGS__)
#define TL_LIST__(n, ...)                             TL_L##n(__VA_ARGS__)
#define TL_L1(a)                                      TL_I1(a)
#define TL_L2(a, b)                                   TL_L1(a), TL_I1(b)
#define TL_L3(a, b, c)                                TL_L2(a, b), TL_I1(c)
#define TL_L4(a, b, c, d)                             TL_L3(a, b, c), TL_I1(d)
#define TL_L5(a, b, c, d, e)                          TL_L4(a, b, c, d), TL_I1(e)
#define TL_L6(a, b, c, d, e, f)                       TL_L5(a, b, c, d, e), TL_I1(f)
#define TL_L7(a, b, c, d, e, f, g)                    TL_L6(a, b, c, d, e, f), TL_I1(g)

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
