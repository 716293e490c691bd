/* quote.h - a piece of the input, quoted in a finding's "found" text. */
#ifndef TG_QUOTE_H
#define TG_QUOTE_H

#include <stddef.h>

/*! tgQuote_bytes() : the n bytes at p as a short quoted text for a finding
 *  ("found ..."): at most cap - 6 of them, never a character cut in
 *  two, and "..." after the quote when some are left out.  @return buf. */
const char *tgQuote_bytes(const unsigned char *p, size_t n, char *buf,
                          size_t cap);

#endif
