/* textmodel.h - a text trace as lines of fields, for the generators of
 * the text formats (which stream a line at a time) and their mutators
 * (which edit a whole small parent, then write it).  One writer turns
 * lines into bytes: fields joined by the format's separator, each field
 * put as the format's hook says (AFPerf quotes as RFC 4180 needs; a NULL
 * hook puts the bytes as they are), each line ended as its eol says. */
#ifndef TG_TEXTMODEL_H
#define TG_TEXTMODEL_H

#include "../membuf.h"
#include "../out.h"

enum tgT_eol { TGT_EOL_NONE, TGT_EOL_LF, TGT_EOL_CRLF, TGT_EOL_CR };

/* How a field is written, for a put hook that quotes: quoted when the
 * format needs it, always, or as its bytes are (a mutant's quoting
 * errors).  Without a hook every field is written as it is. */
enum { TGT_AS_NEEDED, TGT_QUOTED, TGT_AS_IS };

typedef struct tgT_mfield {
    size_t off, len; /* its text in the model's text buffer      */
    int quote;       /* TGT_AS_NEEDED, TGT_QUOTED or TGT_AS_IS   */
} tgT_mfield;

typedef struct tgT_mline {
    size_t first, n; /* its fields                                   */
    int raw;         /* one field written as is (comments, headers)  */
    enum tgT_eol eol;
} tgT_mline;

/* put(o, p, n, quote) writes one field of a line that is not raw. */
typedef void (*tgT_put_fn)(tgO_out *o, const unsigned char *p, size_t n,
                           int quote);

typedef struct tgT_model {
    tgM_buf text;
    tgT_mfield *f;
    size_t nf, capf;
    tgT_mline *l;
    size_t nl, capl;
    char sep;       /* between fields                  */
    tgT_put_fn put; /* NULL: fields as they are        */
    int failed;
} tgT_model;

/* Where a mutant breaks its rule: a field of a line (or the line's start,
 * field TGT_AT_LINE, or its end before the line end, TGT_AT_END), plus a
 * delta in bytes. */
#define TGT_AT_LINE ((size_t)-1)
#define TGT_AT_END  ((size_t)-2)
typedef struct tgT_mark {
    size_t line, field;
    uint64_t delta;
} tgT_mark;

/*! tgT_model_init() : an empty model whose fields are joined by sep and
 *  put by put (NULL: as they are). */
void tgT_model_init(tgT_model *m, char sep, tgT_put_fn put);
void tgT_model_free(tgT_model *m);
/*! tgT_line() : start a new line at the end (tgT_add() adds its fields). */
void tgT_line(tgT_model *m, int raw, enum tgT_eol eol);
/*! tgT_add() : a field of n bytes to the last line. */
void tgT_add(tgT_model *m, const char *p, size_t n, int quote);
void tgT_addz(tgT_model *m, const char *s);
void tgT_addf(tgT_model *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/*! tgT_write() : the lines as bytes; *at gets the offset of mark (if not
 *  NULL). */
void tgT_write(const tgT_model *m, tgO_out *o, const tgT_mark *mark,
               uint64_t *at);
/*! tgT_flush() : write every line and forget them (streaming). */
void tgT_flush(tgT_model *m, tgO_out *o);

/* ---- editing, for the mutators ---------------------------------------- */
/*! tgT_text() : the bytes of field f of line i (valid until the text
 *  grows). */
const unsigned char *tgT_text(const tgT_model *m, size_t i, size_t f,
                              size_t *n);
/*! tgT_text_is() : whether field f of line i is the text s. */
int tgT_text_is(const tgT_model *m, size_t i, size_t f, const char *s);
/*! tgT_set() : replace field f of line i by s, written as quote says. */
void tgT_set(tgT_model *m, size_t i, size_t f, const char *s, int quote);
/*! tgT_place() : move the line last added to position at; @return at. */
size_t tgT_place(tgT_model *m, size_t at);
/*! tgT_copy_to_end() : a copy of line i as the last line (not placed). */
void tgT_copy_to_end(tgT_model *m, size_t i);
/*! tgT_copy_line() : a copy of line i, placed right after it; @return its
 *  index. */
size_t tgT_copy_line(tgT_model *m, size_t i);
/*! tgT_raw_line() : a new raw line s at position at, ended as line 0 is;
 *  @return at. */
size_t tgT_raw_line(tgT_model *m, size_t at, const char *s);
/*! tgT_fields_line() : a new line of the n fields at position at, ended
 *  as line 0 is; @return at. */
size_t tgT_fields_line(tgT_model *m, size_t at, const char *const *fields,
                       size_t n);
void tgT_remove_line(tgT_model *m, size_t i);
/*! tgT_append() : field s at the end of line i; @return its index in the
 *  line. */
size_t tgT_append(tgT_model *m, size_t i, const char *s);
/*! tgT_num(), tgT_set_num() : field f of line i as an unsigned decimal
 *  number (fields a generator wrote in decimal). */
unsigned long long tgT_num(const tgT_model *m, size_t i, size_t f);
void tgT_set_num(tgT_model *m, size_t i, size_t f, unsigned long long v);

#endif
