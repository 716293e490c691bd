/* rules.c - the dumpalloc rule table and format descriptor. */
#include "../core/rule_table.h"
#include "dumpalloc.h"

/* The document the rules cite (spec/dumpalloc.md, "Sources"). */
#define SEED                                                                  \
    "Dumpalloc File Format (github.com/mich181189/dumpalloc, "                \
    "fileformat.md, branch fix-format-ambiguity)"

#define TG_RULES_DEF "../dumpalloc/rules.def"
const tg_rule tgDumpalloc_rules[DA_NRULES] = {
#include "../core/rule_rows.h"
};

const char *const tgDumpalloc_profiles[] = {
#include "../core/scope_names.h"
};

static const char *const also_named[] = {".dalloc", NULL};

const tgFormat tgFormat_dumpalloc = {
    .info = {.name = "dumpalloc",
             .title = "dumpalloc FOURCC heap-allocation records",
             .extension = ".dumpalloc",
             .document = SEED,
             .profiles = tgDumpalloc_profiles,
             .styles = TG_FORMAT_ALL_STYLES,
             .versions = tgFormat_no_versions,
             .text = 0,
             .group = ""},
    .rules = tgDumpalloc_rules,
    .nrules = DA_NRULES,
    .detect = tgDumpalloc_detect,
    .check = tgDumpalloc_check,
    TG_FORMAT_CORPUS(tgDumpalloc_generate, tgDumpalloc_mutate),
    .scopes = NULL, /* the scopes are the profiles */
    .compat_profile = DA_PROFILE_DRAFT_READER,
    .pieces = tgDumpalloc_pieces,
    .tokens = tgDumpalloc_tokens,
    .also_named = also_named,
};
