/* rules.c - the AFPerf rule table and format descriptor. */
#include "../core/rule_table.h"
#include "afperf.h"

/* The documents the rules cite (spec/afperf.md, "Sources"). */
#define SEED                                                                  \
    "AFPerf Intermediate File Format (AFSIM; github.com/yiqweqw/Afsim, "      \
    "tools/profiling/doc/afperf_file_format.rst)"
#define DEC "tracegate's spec/afperf.md, decisions"
#define ART                                                                   \
    "the Artificer reader (AFSIM; github.com/yiqweqw/Afsim, "                 \
    "tools/artificer/source/lib), as tracegate's spec/afperf.md lists it"

#define TG_RULES_DEF "../afperf/rules.def"
const tg_rule tgA_rules[AF_NRULES] = {
#include "../core/rule_rows.h"
};

const char *const tgA_profiles[] = {
#include "../core/scope_names.h"
};

const tgF_format tgF_afperf = {
    .info = {.name = "afperf",
             .title = "AFPerf v1 profiling records (AFSIM), RFC 4180 text",
             .extension = ".afperf",
             .document = SEED,
             .profiles = tgA_profiles,
             .styles = TGF_ALL_STYLES},
    .rules = tgA_rules,
    .nrules = AF_NRULES,
    .detect = tgA_detect,
    .check = tgA_check,
    TGF_CORPUS(tgA_generate, tgA_mutate),
    .scopes = NULL, /* the scopes are the profiles */
    .compat_profile = AF_PROFILE_ARTIFICER,
    .units = NULL, /* text: the shrinker cuts lines */
    .tokens = tgA_tokens,
    .also_named = NULL, /* no file name endings besides .afperf */
};
