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
const tg_rule tgAfperf_rules[AF_NRULES] = {
#include "../core/rule_rows.h"
};

const char *const tgAfperf_profiles[] = {
#include "../core/scope_names.h"
};

const char *const tgAfperf_versions[] = {"v1", NULL};

const tgFormat tgFormat_afperf = {
    .info = {.name = "afperf",
             .title = "AFPerf v1 profiling records (AFSIM), RFC 4180 text",
             .extension = ".afperf",
             .document = SEED,
             .profiles = tgAfperf_profiles,
             .styles = TG_FORMAT_ALL_STYLES,
             .versions = tgAfperf_versions,
             .text = 1,
             .group = "measurement type"},
    .rules = tgAfperf_rules,
    .nrules = AF_NRULES,
    .detect = tgAfperf_detect,
    .check = tgAfperf_check,
    TG_FORMAT_CORPUS(tgAfperf_generate, tgAfperf_mutate),
    .scopes = NULL, /* the scopes are the profiles */
    .compat_profile = AF_PROFILE_ARTIFICER,
    .pieces = tgAfperf_pieces,
    .tokens = tgAfperf_tokens,
    .also_named = NULL, /* no file name endings besides .afperf */
};
