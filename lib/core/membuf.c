/* membuf.c - see membuf.h. */
#include "membuf.h"

#include <stdlib.h>
#include <string.h>
#include "mem.h"

void tgMembuf_free(tgMembuf *b)
{
    tgMem_free(b->p);
    b->p = NULL;
    b->n = b->cap = 0;
}

static int reserve(tgMembuf *b, size_t need)
{
    if (need <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < need)
        cap *= 2;
    unsigned char *p = tgMem_realloc(b->p, cap);
    if (p == NULL) {
        b->failed = 1;
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

void tgMembuf_splice(tgMembuf *b, size_t off, size_t del, const void *ins,
                     size_t n)
{
    if (off > b->n || del > b->n - off || (del == 0 && n == 0) ||
        reserve(b, b->n - del + n) != 0)
        return; /* (an empty splice may meet a buffer never allocated) */
    memmove(b->p + off + n, b->p + off + del, b->n - off - del);
    if (n)
        memcpy(b->p + off, ins, n);
    b->n = b->n - del + n;
}

int tgMembuf_write(void *buf, const void *data, size_t size)
{
    tgMembuf *b = buf;
    tgMembuf_splice(b, b->n, 0, data, size);
    return b->failed ? -1 : 0;
}
