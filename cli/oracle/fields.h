/* fields.h - the fields of a trace that readers trust, found in its bytes
 * and set to the values that break readers: the oracle's sweep (every
 * field of a valid file, spec/oracle.md O11) and AFL++'s custom mutator
 * (one field of the input it is handed) share this one model.
 *
 * A binary field is where a changed value draws a finding at that very
 * offset: the finding's length gives the field's width, its path the
 * field's name.  A text field is a number standing alone in a record. */
#ifndef TG_ORACLE_FIELDS_H
#define TG_ORACLE_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "tracegate_corpus.h"

/* The values a field is set to, in the order they are tried. */
enum or_boundary {
    OR_FV_ZERO,
    OR_FV_ONE,
    OR_FV_MINUS_ONE,    /* all bits set: -1 read as signed, the maximum */
    OR_FV_INT31_MAX,    /* 2^31 - 1 */
    OR_FV_INT31_MAX_UP, /* 2^31 */
    OR_FV_UINT32_MAX,   /* 2^32 - 1 */
    OR_FV_SIGNED_MAX,   /* the largest value of the field's signed type */
    OR_FV_OWN_DOWN,     /* its own value - 1: a container's size - 1 */
    OR_FV_OWN_UP,       /* its own value + 1: the size + 1, the next enum */
    OR_FV_PAST_END,     /* one past the bytes after the field */
    OR_FV_COUNT
};

typedef struct or_field {
    size_t offset, width; /* binary: 1, 2, 4 or 8 bytes; text: its digits */
    int text;
    char path[96]; /* binary: the finding's path */
} or_field;

/*! or_field_probe() : whether a binary field starts at `at` of data[0..n):
 *  an all-ones, a 2^31 - 1 or a zero value there draws a finding of
 *  checker k at `at`.  scratch holds a copy of data (given back as it
 *  was); at most `window` bytes past `at` are checked, so that probing
 *  every offset of a large file does not cost its size squared.
 *  @return 1 with *f set, or 0. */
int or_field_probe(tg_checker *k, unsigned char *scratch,
                   const unsigned char *data, size_t n, size_t at,
                   size_t window, or_field *f);

/*! or_field_number_at() : the length of the number at t[at] of n bytes
 *  (decimal, or 0x and hex digits, an optional leading '-'), or 0. */
size_t or_field_number_at(const unsigned char *t, size_t n, size_t at);

/*! or_field_in_word() : whether byte c may border a number in text: a
 *  number inside a name ("v1", "x86_64") or a fraction is not a field. */
int or_field_in_word(unsigned char c);

/*! or_field_looks_like_text() : no control bytes but tabs and line ends:
 *  a text format's fields are numbers, a binary one's are probed. */
int or_field_looks_like_text(const unsigned char *p, size_t n);

/*! or_field_value() : value v of field f of data[0..n) as text (decimal
 *  for a binary field), and its own value in was.
 *  @return 0, or 2 if v is the field's own value or one an earlier value
 *  of the list gave (no new input). */
int or_field_value(const or_field *f, const unsigned char *data, size_t n,
                   enum or_boundary v, char text[32], char was[32]);

/*! or_field_set_size() : the size of data (n bytes) with field f set to
 *  text. */
size_t or_field_set_size(const or_field *f, size_t n, const char *text);

/*! or_field_set() : data with field f set to text (from or_field_value())
 *  into out, which has room for or_field_set_size() bytes. */
void or_field_set(const or_field *f, const unsigned char *data, size_t n,
                  const char *text, unsigned char *out);

#endif
