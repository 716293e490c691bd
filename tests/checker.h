/* checker.h - a checker for one format, as most C tests want one. */
#ifndef TG_TEST_CHECKER_H
#define TG_TEST_CHECKER_H

#include "tracegate.h"

/*! tgTest_checker() : a checker whose inputs are all checked as
 *  `format`.  @return it, or NULL when memory is short or there is no
 *  such format. */
static inline tg_checker *tgTest_checker(const char *format)
{
    tg_checker *c = NULL;
    if (tg_checker_open(&c) == TG_OK &&
        tg_checker_set_format(c, format) == TG_OK)
        return c;
    tg_checker_free(c);
    return NULL;
}

#endif
