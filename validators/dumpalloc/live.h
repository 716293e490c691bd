/* live.h - the set of live allocation addresses (ALOC without DALC yet).
 * Open addressing with linear probing; grows by doubling up to a limit on
 * live entries, so memory follows live state, never the file size. */
#ifndef TG_DA_LIVE_H
#define TG_DA_LIVE_H

#include <stddef.h>
#include <stdint.h>

typedef struct tgD_live {
    uint64_t *slots; /* 0 = empty; address 0 is kept in has_zero */
    size_t mask;     /* slot count - 1 (a power of two)           */
    size_t used;     /* live entries, has_zero included           */
    size_t limit;    /* most live entries allowed                 */
    int has_zero;
} tgD_live;

void tgD_live_init(tgD_live *s, uint64_t limit);
void tgD_live_free(tgD_live *s);
/*! tgD_live_add() : @return 1 added, 0 already live, -1 limit reached
 *  (or out of memory). */
int tgD_live_add(tgD_live *s, uint64_t addr);
/*! tgD_live_remove() : @return 1 removed, 0 was not live. */
int tgD_live_remove(tgD_live *s, uint64_t addr);

#endif
