/* files.c - whole files read and written: the oracle's inputs, and the
 * queue entries AFL++'s mutator module compares (it is built from this
 * file too). */
#include <stdio.h>
#include <stdlib.h>

#include "oracle.h"

/* The whole file at path.  @return the bytes (free them), or NULL. */
unsigned char *or_slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *b = malloc(cap);
    while (b) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap)
            break;
        unsigned char *g = realloc(b, cap *= 2);
        if (g == NULL)
            free(b);
        b = g;
    }
    if (b && ferror(f)) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *size = n;
    return b;
}

int or_write_bytes(const char *path, const unsigned char *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return -1;
    size_t put = n ? fwrite(p, 1, n, f) : 0;
    return fclose(f) != 0 || put != n ? -1 : 0;
}
