/* rules.c - the AFPerf rule table and format descriptor. */
#include "../core/rule_table.h"
#include "afperf.h"

#define SEED "seeds/afperf-v1.rst"
#define DEC  "formats/afperf.md section 4 (decisions), per spec/afperf.md"
#define ART  "the Artificer reader (AFSIM), per formats/afperf.md section 5.2"

#define TG_RULES_DEF "../afperf/rules.def"
const tg_rule tgA_rules[AF_NRULES] = {
#include "../core/rule_rows.h"
};

const char *const tgA_profiles[] = {
#include "../core/scope_names.h"
};

const tgF_format tgF_afperf = {
    {"afperf", "AFPerf v1 profiling records (AFSIM), RFC 4180 text", ".afperf",
     SEED, tgA_profiles, TGF_ALL_STYLES},
    tgA_rules,
    AF_NRULES,
    tgA_detect,
    tgA_check,
    TGF_CORPUS(tgA_generate, tgA_mutate),
    NULL, /* the scopes are the profiles */
    NULL,
    AF_PROFILE_ARTIFICER,
    NULL, /* text: the shrinker cuts lines */
    tgA_tokens,
    NULL, /* no file name endings besides .afperf */
};
