/* scopes.h - the scope bits of one format's rules, from its scopes.def.
 *
 * A scope is what a rule's "applies" column names: a layout (NetTrace's
 * v4/5, v6, v6 draft) or a profile (dumpalloc).  Each scope is declared
 * once, in the format's scopes.def, as TG_SCOPE(SYMBOL, "text"); this
 * header turns the list into one bit per scope, named by SYMBOL, and
 * IN_ALL for every scope.  The text form is made from the bits
 * (tgFormat_scope_text()), never written twice.
 *
 * Include it once per translation unit, after defining TG_SCOPES_DEF as
 * the path of the format's scopes.def. */
#include "rule.h"

#ifndef TG_SCOPES_DEF
#error "define TG_SCOPES_DEF before including scopes.h"
#endif

enum {
#define TG_SCOPE(sym, text) sym##_INDEX,
#include TG_SCOPES_DEF
#undef TG_SCOPE
    TG_SCOPE_COUNT
};

enum {
#define TG_SCOPE(sym, text) sym = 1u << sym##_INDEX,
#include TG_SCOPES_DEF
#undef TG_SCOPE
    IN_ALL = (1u << TG_SCOPE_COUNT) - 1
};

_Static_assert(TG_SCOPE_COUNT <= TG_MAX_SCOPES,
               "more scopes than tg_rule.scope and the text cache hold");
