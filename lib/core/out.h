/* out.h - buffered output for the generators. */
#ifndef TG_OUT_H
#define TG_OUT_H

#include <stddef.h>
#include <stdint.h>

#include "tracegate_corpus.h"

typedef struct tgOut {
    unsigned char buf[1 << 16];
    size_t used;
    uint64_t total; /* bytes written so far, flushed or not */
    tg_write_fn write;
    void *ctx;
    int failed;
} tgOut;

void tgOut_init(tgOut *o, tg_write_fn write, void *ctx);
/*! tgOut_put() : append n bytes. Errors stick until tgOut_flush(). */
void tgOut_put(tgOut *o, const void *p, size_t n);
/*! tgOut_flush() : @return 0, or -1 if any write failed. */
int tgOut_flush(tgOut *o);

#endif
