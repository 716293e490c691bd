/* window.h - the bounded input window every front end pulls from.
 *
 * A front end asks for "n contiguous bytes" (n <= max_need); the window
 * refills from its source until it has them or the source ends.  The
 * buffer starts at TG_WINDOW_START bytes and grows only while a request is
 * larger than the buffer and the bytes keep arriving, so memory follows
 * the largest block actually present, never a length field's claim or the
 * input size.  A memory source is used in place, without copying. */
#ifndef TG_WINDOW_H
#define TG_WINDOW_H

#include <stddef.h>
#include <stdint.h>

#include "tracegate_corpus.h"

#define TG_WINDOW_START    (1u << 20) /* first buffer of a read source       */
#define TG_WINDOW_MAX_NEED (1u << 25) /* default of max_need (--max-block)   */
#define TG_WINDOW_CHUNK    (1u << 16) /* a good piece size for streaming scans */

typedef struct tgWindow {
    const unsigned char *data; /* buffer (own, or the caller's memory)  */
    size_t pos;                /* next unread byte in data              */
    size_t end;                /* one past the last valid byte          */
    uint64_t base;             /* input offset of data[0]               */
    unsigned char *own;        /* buffer of a read source (may grow)    */
    size_t cap;                /* its size                              */
    tg_read_fn read;           /* source; NULL for a memory source      */
    void *rctx;                /* its context                           */
    int eof;                   /* the source has ended                  */
    int error;                 /* the source failed (I/O error)         */
    int nomem;                 /* the buffer could not grow             */
    size_t max_need;           /* largest contiguous request served     */
} tgWindow;

/*! tgWindow_open_memory(), tgWindow_open_reader() : set a window up.  A read source
 *  fills buf (cap bytes, from malloc; NULL/0 to start afresh), which the
 *  window may realloc: take it back from w->own and w->cap afterwards. */
void tgWindow_open_memory(tgWindow *w, const void *data, size_t size);
void tgWindow_open_reader(tgWindow *w, unsigned char *buf, size_t cap,
                          tg_read_fn read, void *rctx);

/*! tgWindow_refill() : slow path of tgWindow_fill(). */
size_t tgWindow_refill(tgWindow *w, size_t n);

/*! tgWindow_fill() : make at least n (<= w->max_need) bytes readable at
 *  tgWindow_ptr().  @return the bytes readable: >= n unless the input ends. */
static inline size_t tgWindow_fill(tgWindow *w, size_t n)
{
    size_t avail = w->end - w->pos;
    return avail >= n ? avail : tgWindow_refill(w, n);
}

static inline const unsigned char *tgWindow_ptr(const tgWindow *w)
{
    return w->data + w->pos;
}

/* Consume n bytes; n must not exceed what the last fill returned. */
static inline void tgWindow_consume(tgWindow *w, size_t n) { w->pos += n; }

static inline uint64_t tgWindow_offset(const tgWindow *w)
{
    return w->base + w->pos;
}

/*! tgWindow_skip() : consume n bytes, refilling as needed.
 *  @return the bytes skipped: n unless the input ends first. */
uint64_t tgWindow_skip(tgWindow *w, uint64_t n);

#endif
