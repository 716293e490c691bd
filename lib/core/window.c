/* window.c - refilling and skipping for the input window. */
#include "window.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mem.h"

/* Where a window with no buffer yet (an empty memory source, a read source
 * before its first fill or whose buffer could not be had) points: data +
 * pos stays a valid pointer expression, with nothing readable at it. */
static const unsigned char no_bytes[1];

void tgWindow_open_memory(tgWindow *w, const void *data, size_t size)
{
    memset(w, 0, sizeof *w);
    w->data = data ? data : no_bytes;
    w->end = size;
    w->eof = 1;
    w->max_need = TG_WINDOW_MAX_NEED;
}

void tgWindow_open_reader(tgWindow *w, unsigned char *buf, size_t cap,
                          tg_read_fn read, void *rctx)
{
    memset(w, 0, sizeof *w);
    w->own = buf;
    w->cap = buf ? cap : 0;
    w->data = buf ? buf : no_bytes;
    w->read = read;
    w->rctx = rctx;
    w->max_need = TG_WINDOW_MAX_NEED;
}

/* Double the buffer (the first is TG_WINDOW_START), up to max_need. */
static int grow(tgWindow *w)
{
    size_t cap = w->cap ? w->cap * 2 : TG_WINDOW_START;
    if (cap > w->max_need)
        cap = w->max_need > TG_WINDOW_START ? w->max_need : TG_WINDOW_START;
    unsigned char *p = tgMem_realloc(w->own, cap);
    if (p == NULL) {
        w->nomem = 1;
        return -1;
    }
    w->own = p;
    w->data = p;
    w->cap = cap;
    return 0;
}

size_t tgWindow_refill(tgWindow *w, size_t n)
{
    size_t avail = w->end - w->pos;
    if (w->eof || w->error || w->nomem)
        return avail;
    if (n > w->max_need)
        n = w->max_need;
    /* Slide the unread tail to the front, then read as much as fits: large
     * reads keep the per-call overhead off the hot path. */
    if (w->pos > 0) {
        memmove(w->own, w->own + w->pos, avail);
        w->base += w->pos;
        w->pos = 0;
        w->end = avail;
    }
    while (w->end < n) {
        /* grow only when full: the bytes so far are real, not claimed */
        if (w->end == w->cap && grow(w) != 0)
            break;
        long got = w->read(w->rctx, w->own + w->end, w->cap - w->end);
        if (got < 0) {
            w->error = 1;
            break;
        }
        if (got == 0) {
            w->eof = 1;
            break;
        }
        w->end += (size_t)got;
    }
    return w->end - w->pos;
}

uint64_t tgWindow_skip(tgWindow *w, uint64_t n)
{
    uint64_t done = 0;
    while (done < n) {
        size_t avail = w->end - w->pos;
        if (avail == 0) {
            avail = tgWindow_refill(w, 1);
            if (avail == 0)
                break;
        }
        size_t step = (n - done < avail) ? (size_t)(n - done) : avail;
        w->pos += step;
        done += step;
    }
    return done;
}

long tg_read_fd(void *ctx, void *buf, size_t cap)
{
    int fd = *(int *)ctx;
    for (;;) {
        ssize_t got = read(fd, buf, cap);
        if (got >= 0)
            return (long)got;
        if (errno != EINTR)
            return -1;
    }
}
