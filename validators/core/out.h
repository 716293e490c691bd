/* out.h - buffered output for the generators. */
#ifndef TG_OUT_H
#define TG_OUT_H

#include <stddef.h>
#include <stdint.h>

#include "tracegate.h"

typedef struct tgO_out {
    unsigned char buf[1 << 16];
    size_t used;
    uint64_t total; /* bytes written so far, flushed or not */
    tg_write_fn write;
    void *ctx;
    int failed;
} tgO_out;

void tgO_init(tgO_out *o, tg_write_fn write, void *ctx);
/*! tgO_put() : append n bytes. Errors stick until tgO_flush(). */
void tgO_put(tgO_out *o, const void *p, size_t n);
/*! tgO_flush() : @return 0, or -1 if any write failed. */
int tgO_flush(tgO_out *o);

#endif
