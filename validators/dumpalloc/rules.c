/* rules.c - the dumpalloc rule table and format descriptor. */
#include "../core/rule_table.h"
#include "dumpalloc.h"

/* id, level, kind, applies, document, section, quote, message, mutation,
 * no_mutation, example, reader_fails (dumpalloc has no compat profile) */
const tg_rule tgD_rules[DA_NRULES] = {
#define TG_RULE(sym, id, level, kind, applies, section, quote, message,       \
                mutation, example)                                            \
    {                                                                         \
        id,      level, kind,    applies,  "seeds/dumpalloc.md",              \
        section, quote, message, mutation, example,                           \
        0},
#include "rules.def"
#undef TG_RULE
};

const char *const tgD_profiles[] = {
#include "../core/scope_names.h"
};

static const char *const also_named[] = {".dalloc", NULL};

const tgF_format tgF_dumpalloc = {
    {"dumpalloc", "dumpalloc FOURCC heap-allocation records", ".dumpalloc",
     "seeds/dumpalloc.md", tgD_profiles, TGF_ALL_STYLES},
    tgD_rules,
    DA_NRULES,
    tgD_detect,
    tgD_check,
    TGF_CORPUS(tgD_generate, tgD_mutate),
    NULL, /* the scopes are the profiles */
    NULL,
    -1,
    tgD_units,
    tgD_tokens,
    also_named,
};
