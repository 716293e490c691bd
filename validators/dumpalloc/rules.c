/* rules.c - the dumpalloc rule table and format descriptor. */
#include "../core/rule_table.h"
#include "dumpalloc.h"

/* The document the rules cite (spec/dumpalloc.md, "Sources"). */
#define SEED                                                                  \
    "Dumpalloc File Format (github.com/mich181189/dumpalloc, "                \
    "fileformat.md, branch fix-format-ambiguity)"

#define TG_RULES_DEF "../dumpalloc/rules.def"
const tg_rule tgD_rules[DA_NRULES] = {
#include "../core/rule_rows.h"
};

const char *const tgD_profiles[] = {
#include "../core/scope_names.h"
};

static const char *const also_named[] = {".dalloc", NULL};

const tgF_format tgF_dumpalloc = {
    .info = {.name = "dumpalloc",
             .title = "dumpalloc FOURCC heap-allocation records",
             .extension = ".dumpalloc",
             .document = SEED,
             .profiles = tgD_profiles,
             .styles = TGF_ALL_STYLES},
    .rules = tgD_rules,
    .nrules = DA_NRULES,
    .detect = tgD_detect,
    .check = tgD_check,
    TGF_CORPUS(tgD_generate, tgD_mutate),
    .scopes = NULL, /* the scopes are the profiles */
    .compat_profile = -1,
    .units = tgD_units,
    .tokens = tgD_tokens,
    .also_named = also_named,
};
