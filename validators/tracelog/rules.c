/* rules.c - the TraceLog rule table and profiles. */
#include "../core/rule_table.h"
#include "tracelog.h"

#define SEED "seeds/coreprofiler-tracelog.md"
#define DEC  "formats/tracelog.md section 4 (decisions), per spec/tracelog.md"
#define RDR                                                                   \
    "the vs-tools-cps reader (2019), per formats/tracelog.md section 5.2"

const tg_rule tgL_rules[TL_NRULES] = {
#define TG_RULE(sym, id, level, kind, applies, doc, section, quote, message,  \
                mutation, example)                                            \
    {id,      level, kind,    applies,  doc,                                  \
     section, quote, message, mutation, example},
#include "rules.def"
#undef TG_RULE
};

const char *const tgL_profiles[] = {
#define TG_SCOPE(sym, text) text,
#include "scopes.def"
#undef TG_SCOPE
    NULL};
