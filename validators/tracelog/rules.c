/* rules.c - the TraceLog rule table, profiles and format descriptor. */
#include "../core/rule_table.h"
#include "tracelog.h"

#define SEED "seeds/coreprofiler-tracelog.md"
#define DEC  "formats/tracelog.md section 4 (decisions), per spec/tracelog.md"
#define RDR                                                                   \
    "the vs-tools-cps reader (2019), per formats/tracelog.md section 5.2"

#define TG_RULES_DEF "../tracelog/rules.def"
const tg_rule tgL_rules[TL_NRULES] = {
#include "../core/rule_rows.h"
};

const char *const tgL_profiles[] = {
#include "../core/scope_names.h"
};

const tgF_format tgF_tracelog = {
    {"tracelog", "CoreProfiler TraceLog (Tizen .NET profiler), text",
     ".tracelog", SEED, tgL_profiles, TGF_ALL_STYLES},
    tgL_rules,
    TL_NRULES,
    tgL_detect,
    tgL_check,
    TGF_CORPUS(tgL_generate, tgL_mutate),
    NULL, /* the scopes are the profiles */
    NULL,
    TL_PROFILE_VSTOOLS,
    NULL, /* text: the shrinker cuts lines */
    tgL_tokens,
    NULL, /* no file name endings besides .tracelog */
};
