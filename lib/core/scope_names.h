/* scope_names.h - the texts of one format's scopes (its scopes.def), in
 * order, then NULL.  Include it inside the initializer of a
 * `const char *const` array, after scopes.h, so that each format's list
 * of profile or layout names is made the same way from its one table.
 * No include guard: every format's rules.c includes it once. */
#define TG_SCOPE(sym, text) text,
#include TG_SCOPES_DEF
#undef TG_SCOPE
NULL
