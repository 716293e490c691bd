/* quote.c - see quote.h. */
#include "quote.h"

#include <string.h>

const char *tgQuote_bytes(const unsigned char *p, size_t n, char *buf,
                          size_t cap)
{
    size_t room = cap - 6; /* quotes, "...", NUL */
    size_t take = n <= room ? n : room;
    while (take < n && take > 0 && (p[take] & 0xC0) == 0x80)
        take--; /* never split a character */
    buf[0] = '"';
    memcpy(buf + 1, p, take);
    strcpy(buf + 1 + take, take < n ? "\"..." : "\"");
    return buf;
}
