/* mutator_rows.h - a format's mutator table, from its rules.def: the
 * function of each row's MUT(), or NULL for NOMUT(), in rule order.
 * Include it inside the initializer of the table, with TG_RULES_DEF
 * defined as the path of that rules.def from core/ (as for
 * core/rule_rows.h).  No include guard: each format's corpus/mutate.c
 * includes it once. */
#define MUT(fn, ...)  fn
#define NOMUT(reason) NULL
#define TG_RULE(sym, id, level, kind, applies, doc, section, quote, message,  \
                mutation, example)                                            \
    mutation,
#include TG_RULES_DEF
#undef TG_RULE
#undef MUT
#undef NOMUT
