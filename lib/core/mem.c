/* mem.c - the library's allocator (mem.h, tg_set_allocator()). */
#include "mem.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tracegate_corpus.h"

static void *libc_malloc(void *ctx, size_t n)
{
    (void)ctx;
    return malloc(n);
}

static void *libc_realloc(void *ctx, void *p, size_t n)
{
    (void)ctx;
    return realloc(p, n);
}

static void libc_free(void *ctx, void *p)
{
    (void)ctx;
    free(p);
}

static const tg_allocator libc = {sizeof libc, libc_malloc, libc_realloc,
                                  libc_free, NULL};
static tg_allocator current = {sizeof current, libc_malloc, libc_realloc,
                               libc_free, NULL};
/* a block was asked for: the allocator may no longer change, or a block
 * of one would be freed by another */
static atomic_int used;

tg_error tg_set_allocator(const tg_allocator *a)
{
    if (a && (a->size < sizeof *a || a->malloc == NULL || a->realloc == NULL ||
              a->free == NULL))
        return TG_EVALUE;
    if (atomic_load_explicit(&used, memory_order_relaxed))
        return TG_ELATE;
    current = a ? *a : libc;
    current.size = sizeof current;
    return TG_OK;
}

static void note_use(void)
{
    if (!atomic_load_explicit(&used, memory_order_relaxed))
        atomic_store_explicit(&used, 1, memory_order_relaxed);
}

void *tgMem_malloc(size_t n)
{
    note_use();
    return current.malloc(current.ctx, n ? n : 1);
}

void *tgMem_calloc(size_t k, size_t n)
{
    if (n && k > SIZE_MAX / n)
        return NULL;
    void *p = tgMem_malloc(k * n);
    if (p)
        memset(p, 0, k * n);
    return p;
}

void *tgMem_realloc(void *p, size_t n)
{
    note_use();
    return current.realloc(current.ctx, p, n ? n : 1);
}

void tgMem_free(void *p)
{
    if (p)
        current.free(current.ctx, p);
}

/* ---- sorting in place ---------------------------------------------------- */

static void swap(unsigned char *a, unsigned char *b, size_t size)
{
    while (size-- > 0) {
        unsigned char t = *a;
        *a++ = *b;
        *b++ = t;
    }
}

/* Element i of the heap base[0..n) sifted down to its place. */
static void sift(unsigned char *base, size_t i, size_t n, size_t size,
                 int (*cmp)(const void *, const void *))
{
    for (;;) {
        size_t big = i, l = 2 * i + 1, r = l + 1;
        if (l < n && cmp(base + l * size, base + big * size) > 0)
            big = l;
        if (r < n && cmp(base + r * size, base + big * size) > 0)
            big = r;
        if (big == i)
            return;
        swap(base + i * size, base + big * size, size);
        i = big;
    }
}

void tgMem_sort(void *base, size_t n, size_t size,
                int (*cmp)(const void *, const void *))
{
    unsigned char *b = base;
    for (size_t i = n / 2; i-- > 0;)
        sift(b, i, n, size, cmp);
    for (size_t end = n; end > 1; end--) {
        swap(b, b + (end - 1) * size, size);
        sift(b, 0, end - 1, size, cmp);
    }
}
