/* utf8.h - streaming UTF-8 validation (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF), fed in chunks of any size. */
#ifndef TG_UTF8_H
#define TG_UTF8_H

#include <stddef.h>
#include <stdint.h>

typedef struct tgU_state {
    uint8_t need;   /* continuation bytes still expected           */
    uint8_t lo, hi; /* allowed range of the next continuation byte */
} tgU_state;

typedef struct tgU_result {
    size_t bad; /* index of the first invalid byte, or SIZE_MAX */
    size_t nul; /* index of the first NUL byte, or SIZE_MAX     */
} tgU_result;

/*! tgU_scan() : validate n more bytes continuing from *s.  Reports the
 *  first invalid byte and the first NUL within this chunk. */
tgU_result tgU_scan(tgU_state *s, const unsigned char *p, size_t n);

/*! tgU_incomplete() : the input ended inside a sequence. */
static inline int tgU_incomplete(const tgU_state *s) { return s->need != 0; }

#endif
