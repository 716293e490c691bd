/* window-t.c - the input window: a request larger than the buffer grows it
 * only as far as bytes actually arrive; a request beyond the end of a
 * small input allocates nothing more; skipping and offsets stay exact
 * across refills.  Failure: a wrong byte, offset, or buffer size. */
#include <stdlib.h>

#include "core/window.h"
#include "tap.h"

typedef struct source {
    size_t size, pos, step;
} source;

/* byte i of the input is (i * 7) & 0xFF, handed out `step` at a time */
static long produce(void *ctx, void *buf, size_t cap)
{
    source *s = ctx;
    size_t k = s->step < cap ? s->step : cap;
    if (k > s->size - s->pos)
        k = s->size - s->pos;
    for (size_t i = 0; i < k; i++)
        ((unsigned char *)buf)[i] = (unsigned char)((s->pos + i) * 7);
    s->pos += k;
    return (long)k;
}

static int bytes_ok(const tgWindow *w, size_t n)
{
    const unsigned char *p = tgWindow_ptr(w);
    uint64_t at = tgWindow_offset(w);
    for (size_t i = 0; i < n; i++)
        if (p[i] != (unsigned char)((at + i) * 7))
            return 0;
    return 1;
}

int main(void)
{
    tgWindow w;
    source small = {1024, 0, 100};
    tgWindow_open_reader(&w, NULL, 0, produce, &small);
    is_int((long long)tgWindow_fill(&w, 16u << 20), 1024,
           "a 16 MiB request on a 1 KiB input returns the 1 KiB");
    is_int((long long)w.cap, TG_WINDOW_START,
           "and the buffer stays at its start");
    ok(bytes_ok(&w, 1024), "the bytes are right");
    free(w.own);

    source big = {5u << 20, 0, 65536};
    tgWindow_open_reader(&w, NULL, 0, produce, &big);
    is_int((long long)tgWindow_skip(&w, 1000), 1000, "skip 1000");
    size_t need = (3u << 20) + 5;
    ok(tgWindow_fill(&w, need) >= need, "a 3 MiB request is met");
    ok(w.cap >= need && w.cap <= (4u << 20), "the buffer grew to fit it");
    ok(bytes_ok(&w, need), "the 3 MiB are the right bytes at offset 1000");
    tgWindow_consume(&w, need);
    is_int((long long)tgWindow_skip(&w, 10u << 20),
           (5u << 20) - 1000 - (long long)need,
           "skipping past the end stops at the end");
    ok(w.eof && !w.error && !w.nomem, "clean end of input");
    free(w.own);
    return done_testing();
}
