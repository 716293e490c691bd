/* model.c - how an AFPerf field is written: quoted as RFC 4180 needs. */
#include <string.h>

#include "model.h"

/* RFC 4180: quoted when it holds a comma, a quote, CR or LF. */
static int needs_quotes(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] == ',' || p[i] == '"' || p[i] == '\r' || p[i] == '\n')
            return 1;
    return 0;
}

static void put_field(tgOut *o, const unsigned char *p, size_t n, int quote)
{
    if (quote == TG_TEXT_AS_IS ||
        (quote == TG_TEXT_AS_NEEDED && !needs_quotes(p, n))) {
        tgOut_put(o, p, n);
        return;
    }
    tgOut_put(o, "\"", 1);
    for (size_t i = 0; i < n;) {
        const unsigned char *q = memchr(p + i, '"', n - i);
        size_t end = q ? (size_t)(q - p) + 1 : n;
        tgOut_put(o, p + i, end - i);
        if (q)
            tgOut_put(o, "\"", 1); /* "" for " */
        i = end;
    }
    tgOut_put(o, "\"", 1);
}

void af_model_init(tgText_model *m) { tgText_model_init(m, ',', put_field); }
