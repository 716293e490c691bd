/* rule_table.h - the vocabulary of every format's rules.def, for the
 * file that expands it into a tg_rule table (rules.c). */
#ifndef TG_RULE_TABLE_H
#define TG_RULE_TABLE_H

#include "rule.h"

#define MUST   TG_MUST
#define SHOULD TG_SHOULD
#define COMPAT TG_COMPAT
#define INFO   TG_INFO
/* with a level below MUST: the compat profile's reader fails on it too */
#define READER_FAILS TG_LEVEL_READER_FAILS
#define CHECK        TG_KIND_CHECK
#define TRUNCATED    TG_KIND_TRUNCATED
#define LIMIT        TG_KIND_LIMIT
#define UNSUPPORTED  TG_KIND_UNSUPPORTED
/* the mutation column: what each variant does, or why there is none */
#define MUT(fn, ...)  (const char *const[]){__VA_ARGS__, NULL}, NULL
#define NOMUT(reason) NULL, reason

#endif
