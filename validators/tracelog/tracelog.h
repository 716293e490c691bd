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

extern const tg_rule tgL_rules[TL_NRULES];
extern const char *const tgL_profiles[];

int tgL_detect(const unsigned char *head, size_t size, const char *filename,
               const char **how);
void tgL_check(tgE_check *c, tgW_window *w);
int tgL_generate(int profile, uint64_t seed, uint64_t min_size, tgO_out *out);
int tgL_mutate(size_t rule, unsigned variant, uint64_t seed, tgO_out *out,
               tg_mutant *m);

#endif
