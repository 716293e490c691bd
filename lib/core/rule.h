/* rule.h - what a rule is inside the library (tracegate.h keeps it
 * opaque and offers tg_rule_get() and friends). */
#ifndef TG_RULE_H
#define TG_RULE_H

#include "tracegate_corpus.h"

/* Most scopes a format may declare (core/scopes.h). */
#define TG_MAX_SCOPES 4

/* One row of a format's rule table.  Every field is static text. */
struct tg_rule {
    const char *id;       /* stable id, e.g. "DA-REC-002"             */
    tg_level level;       /* level the spec gives the rule            */
    tg_rule_kind kind;    /* effect on the verdict                    */
    unsigned scope;       /* bit i: applies in the format's scope i   */
    const char *document; /* seed document the clause comes from      */
    const char *section;  /* section of that document                 */
    const char *quote;    /* short quote of the clause                */
    const char *message;  /* what a finding says                      */
    /* what each variant of gen's mutation does, NULL-terminated; NULL if
     * the rule has no mutation (the manifest's "mutation" text) */
    const char *const *mutations;
    const char *no_mutation; /* why there is no mutation, else NULL      */
    const char *example;     /* a violating byte sequence, hex, or NULL  */
    /* a rule below MUST whose findings the reader the format's compat
     * profile is named after fails on too: MUST under that profile, as
     * the COMPAT rules are (rules.def: SHOULD | READER_FAILS) */
    unsigned char reader_fails;
};

/* The level column's flag for reader_fails (rule_table.h READER_FAILS),
 * above every tg_level. */
#define TG_LEVEL_READER_FAILS 0x100

/* Whether the format's compat profile counts r as MUST: a COMPAT rule,
 * or one below MUST that the profile's reader fails on. */
static inline int tg_rule_must_under_compat(const tg_rule *r)
{
    return r->level == TG_COMPAT || r->reader_fails;
}

#endif
