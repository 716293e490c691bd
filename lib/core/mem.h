/* mem.h - every block the library allocates, through the allocator an
 * embedder set (tg_set_allocator()) or the C library's.  No file of the
 * library calls malloc, calloc, realloc or free but mem.c; PCRE2
 * allocates through these too (AFPerf's patterns.c). */
#ifndef TG_MEM_H
#define TG_MEM_H

#include <stddef.h>

void *tgMem_malloc(size_t n);
/*! tgMem_calloc() : k zeroed elements of n bytes, or NULL (k * n too
 *  large included). */
void *tgMem_calloc(size_t k, size_t n);
void *tgMem_realloc(void *p, size_t n);
void tgMem_free(void *p);

/*! tgMem_sort() : the n elements of `size` bytes at base in the order of
 *  cmp, in place (a heapsort): glibc's qsort() may take its buffer from
 *  malloc, past the allocator.  The order of equal elements is not
 *  kept. */
void tgMem_sort(void *base, size_t n, size_t size,
                int (*cmp)(const void *, const void *));

#endif
