/* membuf.h - a growable byte buffer with splicing, for building and
 * editing small traces in memory (the mutators' model). */
#ifndef TG_MEMBUF_H
#define TG_MEMBUF_H

#include <stddef.h>

typedef struct tgMembuf {
    unsigned char *p;
    size_t n, cap;
    int failed; /* an allocation failed; contents are incomplete */
} tgMembuf;

void tgMembuf_free(tgMembuf *b);
/*! tgMembuf_splice() : replace del bytes at off with the n bytes of ins.
 *  off + del must lie within the buffer. */
void tgMembuf_splice(tgMembuf *b, size_t off, size_t del, const void *ins,
                     size_t n);
/*! tgMembuf_write() : a tg_write_fn appending to a tgMembuf. */
int tgMembuf_write(void *buf, const void *data, size_t size);

#endif
