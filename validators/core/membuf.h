/* membuf.h - a growable byte buffer with splicing, for building and
 * editing small traces in memory (the mutators' model). */
#ifndef TG_MEMBUF_H
#define TG_MEMBUF_H

#include <stddef.h>

typedef struct tgM_buf {
    unsigned char *p;
    size_t n, cap;
    int failed; /* an allocation failed; contents are incomplete */
} tgM_buf;

void tgM_free(tgM_buf *b);
/*! tgM_splice() : replace del bytes at off with the n bytes of ins.
 *  off + del must lie within the buffer. */
void tgM_splice(tgM_buf *b, size_t off, size_t del, const void *ins, size_t n);
/*! tgM_write() : a tg_write_fn appending to a tgM_buf. */
int tgM_write(void *buf, const void *data, size_t size);

#endif
