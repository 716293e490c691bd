/* rules.c - the NetTrace rule table and format descriptor. */
#include "../core/rule_table.h"
#include "nettrace.h"

#define V5   "NetTraceFormat_v5.md (perfview), per formats/nettrace.md"
#define V6   "NetTraceFormat.md (perfview, final v6), per formats/nettrace.md"
#define SEED "seeds/nettrace-v6.md"
#define TE                                                                    \
    "TraceEvent EventPipeEventSource (perfview), per formats/nettrace.md"

#define TG_RULES_DEF "../nettrace/rules.def"
const tg_rule tgN_rules[NT_NRULES] = {
#include "../core/rule_rows.h"
};

const char *const tgN_profiles[] = {"default", "nettrace-v6-draft",
                                    "traceevent-compat", "nettrace-v6", NULL};

static const char *const nt_scopes[] = {
#include "../core/scope_names.h"
};

/* Rules name layouts, not profiles, and the check itself keeps a rule to
 * files of its layout.  Every profile reads v4/v5; a v6 header is read as
 * final v6 or, by choice (NT-A28), as the draft; only nettrace-v6-draft
 * rules final v6 out. */
static const unsigned nt_profile_scopes[] = {
    [NT_PROFILE_DEFAULT] = IN_ALL,
    [NT_PROFILE_V6_DRAFT] = IN_V45 | IN_V6D,
    [NT_PROFILE_TRACEEVENT] = IN_ALL,
    [NT_PROFILE_V6] = IN_ALL,
};
_Static_assert(sizeof nt_profile_scopes / sizeof nt_profile_scopes[0] ==
                   sizeof tgN_profiles / sizeof tgN_profiles[0] - 1,
               "one scope mask per profile");

static const char *const also_named[] = {".netperf", NULL};

const tgF_format tgF_nettrace = {
    {"nettrace", ".NET EventPipe NetTrace (v4/v5, v6, v6 draft)", ".nettrace",
     "seeds/nettrace-v6.md", tgN_profiles, TGF_ALL_STYLES},
    tgN_rules,
    NT_NRULES,
    tgN_detect,
    tgN_check,
    TGF_CORPUS(tgN_generate, tgN_mutate),
    nt_scopes,
    nt_profile_scopes,
    NT_PROFILE_TRACEEVENT,
    tgN_units,
    tgN_tokens,
    also_named,
};
