/* rules.c - the NetTrace rule table and format descriptor. */
#include <string.h>

#include "../core/rule_table.h"
#include "nettrace.h"

#define V5   "NetTraceFormat_v5.md (perfview), per formats/nettrace.md"
#define V6   "NetTraceFormat.md (perfview, final v6), per formats/nettrace.md"
#define SEED "seeds/nettrace-v6.md"
#define TE                                                                    \
    "TraceEvent EventPipeEventSource (perfview), per formats/nettrace.md"

const tg_rule tgN_rules[NT_NRULES] = {
#define TG_RULE(sym, id, level, kind, gens, doc, section, quote, message,     \
                mutation, example)                                            \
    {id, level, kind, gens, doc, section, quote, message, mutation, example},
#include "rules.def"
#undef TG_RULE
};

const char *const tgN_profiles[] = {"default", "nettrace-v6-draft",
                                    "traceevent-compat", "nettrace-v6", NULL};

/* Rules name layouts, not profiles, and the check itself keeps a rule to
 * files of its layout.  Every profile reads v4/v5; a v6 header is read as
 * final v6 or, by choice (NT-A28), as the draft; only nettrace-v6-draft
 * rules final v6 out. */
static int nt_applies(const tg_rule *r, int profile)
{
    const char *g = r->applies;
    if (profile != NT_PROFILE_V6_DRAFT || strcmp(g, "all") == 0 ||
        strstr(g, "v4/5"))
        return 1;
    return strstr(g, "v6d") != NULL;
}

const tgF_format tgF_nettrace = {
    {"nettrace", ".NET EventPipe NetTrace (v4/v5, v6, v6 draft)", ".nettrace",
     "seeds/nettrace-v6.md", tgN_profiles},
    tgN_rules,
    NT_NRULES,
    tgN_detect,
    tgN_check,
    TGF_CORPUS(tgN_generate, tgN_mutate),
    nt_applies,
    NT_PROFILE_TRACEEVENT,
};
