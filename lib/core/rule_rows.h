/* rule_rows.h - the rows of one format's rule table, from its rules.def.
 * Include it inside the initializer of the format's tg_rule array, with
 * TG_RULES_DEF defined as the path of that rules.def, whose TG_RULE rows
 * have the columns sym, id, level, kind, applies, document, section,
 * quote, message, mutation, example (core/rule_table.h gives the
 * vocabulary).  No include guard: every format's rules.c includes it
 * once. */
#define TG_RULE(sym, id, level, kind, applies, doc, section, quote, message,  \
                mutation, example)                                            \
    {id,                                                                      \
     (tg_level)((level) & ~TG_LEVEL_READER_FAILS),                            \
     kind,                                                                    \
     applies,                                                                 \
     doc,                                                                     \
     section,                                                                 \
     quote,                                                                   \
     message,                                                                 \
     mutation,                                                                \
     example,                                                                 \
     ((level)&TG_LEVEL_READER_FAILS) != 0},
#include TG_RULES_DEF
#undef TG_RULE
