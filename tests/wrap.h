/* wrap.h - the C library's allocator as a test linked with
 * -Wl,--wrap=malloc,calloc,realloc,free sees it (CMakeLists.txt): the
 * library's calls come to the test's __wrap_ functions, which reach the
 * C library's own through __real_ (oom-t.c, allocator-t.c). */
#ifndef TG_TEST_WRAP_H
#define TG_TEST_WRAP_H

#include <stddef.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t k, size_t n);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

#endif
