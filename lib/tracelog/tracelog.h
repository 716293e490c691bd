/* tracelog.h - internals shared by the CoreProfiler TraceLog checker,
 * generator and mutator: the rule enum, the profiles, and the item and
 * record tables (items.def, parts.def, records.def) that all three read. */
#ifndef TG_TRACELOG_H
#define TG_TRACELOG_H

#include "../core/format.h"

/* Rule indices, in table order. */
enum tl_rule {
#define TG_RULE(sym, ...) TL_##sym,
#include "rules.def"
#undef TG_RULE
    TL_NRULES
};

/* Profiles are the scopes (scopes.def): index 0 is the default. */
#define TG_SCOPES_DEF "../tracelog/scopes.def"
#include "../core/scopes.h"
enum {
    TL_PROFILE_DEFAULT = IN_DEFAULT_INDEX,
    TL_PROFILE_VSTOOLS = IN_VSTOOLS_INDEX,
    TL_PROFILE_CANONICAL = IN_CANONICAL_INDEX
};

/* How an item is read (items.def says which item is which). */
enum tl_kind {
    TL_K_DEC,
    TL_K_HEX64,
    TL_K_HEX32,
    TL_K_IID,
    TL_K_IP,
    TL_K_TOKEN,
    TL_K_QUOTED,
    TL_K_SYSTIME,
    TL_K_PARTS,
    TL_K_FLAGS,
    TL_K_REASON,
    TL_K_THREAD
};

/* An item list's count, and its items as enum tl_item values, by
 * preprocessor argument counting (tables.c and check/fast.h expand the
 * .def files with them). */
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

/* The items of items.def. */
enum tl_item {
#define TL_ITEM(sym, name, kind) TL_I_##sym,
#include "items.def"
#undef TL_ITEM
    TL_NITEMS
};

typedef struct tl_item_info {
    const char *name;
    enum tl_kind kind;
} tl_item_info;
extern const tl_item_info tl_items[TL_NITEMS];

/* The parts of a compound item (parts.def), by item; all zero for an item
 * of another kind. */
#define TL_MAX_PARTS 4
typedef struct tl_parts_info {
    unsigned char min, max;           /* parts it must have, may have */
    unsigned char part[TL_MAX_PARTS]; /* enum tl_item                 */
} tl_parts_info;
extern const tl_parts_info tl_parts[TL_NITEMS];

/* Where a record comes from (TL-A7). */
enum tl_origin { TL_SPEC, TL_EXT };

/* The records of records.def, in table order. */
enum tl_record {
#define TL_RECORD(sym, tag, origin, tail, ...) TL_R_##sym,
#include "records.def"
#undef TL_RECORD
    TL_NRECORDS
};

#define TL_TAG_LEN   7 /* "aaa bbb"                             */
#define TL_MAX_FIXED 7 /* most fixed items a record has         */
#define TL_MAX_TAIL  2 /* most kinds of repeating items         */
typedef struct tl_record_info {
    char tag[TL_TAG_LEN + 1];
    enum tl_origin origin;
    unsigned char nfixed, ntail;
    unsigned char tail[TL_MAX_TAIL];   /* zero or more of each, in order */
    unsigned char fixed[TL_MAX_FIXED]; /* enum tl_item                  */
} tl_record_info;
extern const tl_record_info tl_records[TL_NRECORDS];
/* The tag of record sym (records.def), e.g. TL_TAG(SAM_STR) "sam str". */
#define TL_TAG(sym) (tl_records[TL_R_##sym].tag)

/* The profiler settings of settings.def. */
enum tl_setting_kind { TL_SET_METHOD, TL_SET_NUMBER, TL_SET_SWITCH };
typedef struct tl_setting {
    const char *name;
    enum tl_setting_kind kind;
} tl_setting;
enum {
    TL_NSETTINGS = 0
#define TL_SETTING(name, kind) +1
#include "settings.def"
#undef TL_SETTING
};
extern const tl_setting tl_settings[TL_NSETTINGS];
/* The collection methods CollectionMethod may name (TL-A10). */
extern const char *const tl_methods[3];

extern const tg_rule tgTracelog_rules[TL_NRULES];
/* the format descriptor (rules.c) */
extern const tgFormat tgFormat_tracelog;
extern const char *const tgTracelog_profiles[];

int tgTracelog_detect(const unsigned char *head, size_t size,
                      const char **how);
void tgTracelog_tokens(tg_token_fn emit, void *ctx);
size_t tgTracelog_pieces(const unsigned char *p, size_t n, size_t *at,
                         size_t cap);
void tgTracelog_check(tgEngine_check *c, tgWindow *w);
int tgTracelog_generate(int profile, int style, uint64_t seed,
                        uint64_t min_size, tgOut *out);
int tgTracelog_mutate(size_t rule, unsigned variant, uint64_t seed, tgOut *out,
                      tg_mutant *m);

#endif
