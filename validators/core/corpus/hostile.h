/* hostile.h - the strings of the hostile style of generated traces (gen
 * --hostile): valid text, built to break readers that misuse what they
 * read.  Code in several languages that, if run, makes the file named by
 * $TRACEGATE_CANARY (the oracle watches for it), format specifiers, path
 * separators and "..", markup and SQL, quotes, commas and line ends,
 * long names, and the edges of Unicode that are still valid: the last
 * code point, noncharacters, a BOM, bidirectional overrides, joiners,
 * stacked combining marks.  A generator asks for one that its field can
 * hold, saying which bytes the field cannot. */
#ifndef TG_HOSTILE_H
#define TG_HOSTILE_H

#include <stddef.h>
#include <stdint.h>

#include "tracegate.h"

/* What a field cannot hold. */
enum {
    TGH_NO_QUOTE = 1,      /* '"'                                          */
    TGH_NO_LINE_END = 2,   /* LF, CR, and U+0085, U+2028, U+2029           */
    TGH_NO_CONTROL = 4,    /* other C0 controls, DEL, C1 controls          */
    TGH_NO_SPACE = 8,      /* ' ' and TAB                                  */
    TGH_NO_SEPARATOR = 16, /* ',' ';' '='                                  */
    TGH_NO_LONG = 32,      /* more than 255 bytes                          */
    TGH_ASCII = 64,        /* any byte above 0x7F                          */
    TGH_NO_EMPTY = 128,    /* the empty string                             */
    TGH_NO_HUGE = 256      /* more than 4096 bytes                         */
};

/*! tgH_next() : the next hostile string after *turn in the table's
 *  order (NUL-terminated UTF-8, no NUL in it) that holds none of what
 *  `forbid` names, so that a file with enough fields holds them all; the
 *  plain word at the table's start if all are forbidden.  A generator
 *  keeps *turn (start it anywhere, e.g. from the seed). */
const char *tgH_next(unsigned *turn, unsigned forbid);
/* A generator's style: whether names are hostile, and the turn of
 * tgH_next(). */
typedef struct tgH_style {
    int on;
    unsigned turn;
} tgH_style;

/*! tgH_start() : the style of a generator asked for tg_style `style`,
 *  its turn started from the seed. */
static inline tgH_style tgH_start(int style, uint64_t seed)
{
    tgH_style h = {style == TG_STYLE_HOSTILE, (unsigned)seed};
    return h;
}

/*! tgH_text() : plain, or in the hostile style the next hostile string
 *  that holds none of what `forbid` names. */
static inline const char *tgH_text(tgH_style *h, unsigned forbid,
                                   const char *plain)
{
    return h->on ? tgH_next(&h->turn, forbid) : plain;
}

/*! tgH_count(), tgH_at() : the whole table, for tests. */
size_t tgH_count(void);
const char *tgH_at(size_t i);
/*! tgH_traits() : what string s holds, as the TGH_ flags it breaks. */
unsigned tgH_traits(const char *s);

#endif
