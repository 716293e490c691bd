/* out.c - see out.h. */
#include "out.h"

#include <string.h>

void tgOut_init(tgOut *o, tg_write_fn write, void *ctx)
{
    o->used = 0;
    o->total = 0;
    o->write = write;
    o->ctx = ctx;
    o->failed = 0;
}

static void drain(tgOut *o)
{
    if (o->used && !o->failed && o->write(o->ctx, o->buf, o->used) != 0)
        o->failed = 1;
    o->used = 0;
}

void tgOut_put(tgOut *o, const void *p, size_t n)
{
    const unsigned char *s = p;
    o->total += n;
    while (n > 0) {
        if (o->used == sizeof o->buf)
            drain(o);
        size_t k = sizeof o->buf - o->used;
        if (k > n)
            k = n;
        memcpy(o->buf + o->used, s, k);
        o->used += k;
        s += k;
        n -= k;
    }
}

int tgOut_flush(tgOut *o)
{
    drain(o);
    return o->failed ? -1 : 0;
}
