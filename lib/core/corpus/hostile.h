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

#include "tracegate_corpus.h"

/* What a field cannot hold. */
enum {
    TG_HOSTILE_NO_QUOTE = 1, /* '"'                                          */
    TG_HOSTILE_NO_LINE_END =
        2, /* LF, CR, and U+0085, U+2028, U+2029           */
    TG_HOSTILE_NO_CONTROL =
        4,                   /* other C0 controls, DEL, C1 controls          */
    TG_HOSTILE_NO_SPACE = 8, /* ' ' and TAB                                  */
    TG_HOSTILE_NO_SEPARATOR =
        16,                  /* ',' ';' '='                                  */
    TG_HOSTILE_NO_LONG = 32, /* more than 255 bytes                          */
    TG_HOSTILE_ASCII = 64,   /* any byte above 0x7F                          */
    TG_HOSTILE_NO_EMPTY =
        128,                 /* the empty string                             */
    TG_HOSTILE_NO_HUGE = 256 /* more than 4096 bytes                         */
};

/*! tgHostile_next() : the next hostile string after *turn in the table's
 *  order (NUL-terminated UTF-8, no NUL in it) that holds none of what
 *  `forbid` names, so that a file with enough fields holds them all; the
 *  plain word at the table's start if all are forbidden.  A generator
 *  keeps *turn (start it anywhere, e.g. from the seed). */
const char *tgHostile_next(unsigned *turn, unsigned forbid);
/* A generator's style: whether names are hostile, and the turn of
 * tgHostile_next(). */
typedef struct tgHostile_style {
    int on;
    unsigned turn;
} tgHostile_style;

/*! tgHostile_start() : the style of a generator asked for tg_style `style`,
 *  its turn started from the seed. */
static inline tgHostile_style tgHostile_start(int style, uint64_t seed)
{
    tgHostile_style h = {style == TG_STYLE_HOSTILE, (unsigned)seed};
    return h;
}

/*! tgHostile_text() : plain, or in the hostile style the next hostile string
 *  that holds none of what `forbid` names. */
static inline const char *tgHostile_text(tgHostile_style *h, unsigned forbid,
                                         const char *plain)
{
    return h->on ? tgHostile_next(&h->turn, forbid) : plain;
}

/*! tgHostile_count(), tgHostile_at() : the whole table, for tests. */
size_t tgHostile_count(void);
const char *tgHostile_at(size_t i);
/*! tgHostile_traits() : what string s holds, as the TG_HOSTILE_ flags it breaks. */
unsigned tgHostile_traits(const char *s);

#endif
