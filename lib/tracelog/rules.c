/* rules.c - the TraceLog rule table, profiles and format descriptor. */
#include "../core/rule_table.h"
#include "tracelog.h"

/* The documents the rules cite (spec/tracelog.md, "Sources"). */
#define SEED                                                                  \
    "Format description of trace data file (CoreProfiler; Tizen "             \
    "sdk/tools/coreprofiler.git, doc/tracelog-format.md)"
#define DEC "tracegate's spec/tracelog.md, decisions"
#define RDR                                                                   \
    "the vs-tools-cps readers (github.com/Samsung/vs-tools-cps, "             \
    "CperfParser.cs, 2018 and 2019), as tracegate's spec/tracelog.md "        \
    "lists them"

#define TG_RULES_DEF "../tracelog/rules.def"
const tg_rule tgTracelog_rules[TL_NRULES] = {
#include "../core/rule_rows.h"
};

const char *const tgTracelog_profiles[] = {
#include "../core/scope_names.h"
};

const tgFormat tgFormat_tracelog = {
    .info = {.name = "tracelog",
             .title = "CoreProfiler TraceLog (Tizen .NET profiler), text",
             .extension = ".tracelog",
             .document = SEED,
             .profiles = tgTracelog_profiles,
             .styles = TG_FORMAT_ALL_STYLES,
             .versions = tgFormat_no_versions,
             .text = 1,
             .group = "thread (samples)"},
    .rules = tgTracelog_rules,
    .nrules = TL_NRULES,
    .detect = tgTracelog_detect,
    .check = tgTracelog_check,
    TG_FORMAT_CORPUS(tgTracelog_generate, tgTracelog_mutate),
    .scopes = NULL, /* the scopes are the profiles */
    .compat_profile = TL_PROFILE_VSTOOLS,
    .pieces = tgTracelog_pieces,
    .tokens = tgTracelog_tokens,
    .also_named = NULL, /* no file name endings besides .tracelog */
};
