/* rules.c - the NetTrace rule table and format descriptor. */
#include "../core/rule_table.h"
#include "nettrace.h"

/* The documents the rules cite (spec/nettrace.md, "Sources"). */
#define V5                                                                    \
    "NetTraceFormat_v5.md, the v4/v5 layout (github.com/microsoft/perfview, " \
    "src/TraceEvent/EventPipe)"
#define V6                                                                    \
    "NetTraceFormat.md, final v6 (github.com/microsoft/perfview, "            \
    "src/TraceEvent/EventPipe)"
#define SEED                                                                  \
    "NetTrace File Format v6, the February 2025 draft "                       \
    "(github.com/microsoft/perfview pull request 2170, "                      \
    "src/TraceEvent/EventPipe/NetTraceFormat_v6.md)"
#define TE                                                                    \
    "TraceEvent's EventPipeEventSource (github.com/microsoft/perfview, "      \
    "src/TraceEvent/EventPipe), the reference reader"

#define TG_RULES_DEF "../nettrace/rules.def"
const tg_rule tgNettrace_rules[NT_NRULES] = {
#include "../core/rule_rows.h"
};

const char *const tgNettrace_profiles[] = {
    "default", "nettrace-v6-draft", "traceevent-compat", "nettrace-v6", NULL};

const char *const tgNettrace_versions[] = {[NT_VERSION_V4] = "v4",
                                           [NT_VERSION_V5] = "v5",
                                           [NT_VERSION_V6_DRAFT] = "v6-draft",
                                           [NT_VERSION_V6] = "v6",
                                           NULL};

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
                   sizeof tgNettrace_profiles / sizeof tgNettrace_profiles[0] -
                       1,
               "one scope mask per profile");

static const char *const also_named[] = {".netperf", NULL};

const tgFormat tgFormat_nettrace = {
    .info = {.name = "nettrace",
             .title = ".NET EventPipe NetTrace (v4/v5, v6, v6 draft)",
             .extension = ".nettrace",
             .document = V6,
             .profiles = tgNettrace_profiles,
             .styles = TG_FORMAT_ALL_STYLES,
             .versions = tgNettrace_versions,
             .text = 0,
             .group = "provider/event",
             .events = 1},
    .rules = tgNettrace_rules,
    .nrules = NT_NRULES,
    .detect = tgNettrace_detect,
    .check = tgNettrace_check,
    TG_FORMAT_CORPUS(tgNettrace_generate, tgNettrace_mutate),
    .scopes = nt_scopes,
    .profile_scopes = nt_profile_scopes,
    .compat_profile = NT_PROFILE_TRACEEVENT,
    .pieces = tgNettrace_pieces,
    .join = tgNettrace_join,
    TG_FORMAT_RELAYOUT(tgNettrace_relayout),
    .tokens = tgNettrace_tokens,
    .also_named = also_named,
};
