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

enum tgText_eol {
    TG_TEXT_EOL_NONE,
    TG_TEXT_EOL_LF,
    TG_TEXT_EOL_CRLF,
    TG_TEXT_EOL_CR
};

/* How a field is written, for a put hook that quotes: quoted when the
 * format needs it, always, or as its bytes are (a mutant's quoting
 * errors).  Without a hook every field is written as it is. */
enum { TG_TEXT_AS_NEEDED, TG_TEXT_QUOTED, TG_TEXT_AS_IS };

typedef struct tgText_mfield {
    size_t off, len; /* its text in the model's text buffer      */
    int quote;       /* TG_TEXT_AS_NEEDED, TG_TEXT_QUOTED or TG_TEXT_AS_IS   */
} tgText_mfield;

typedef struct tgText_mline {
    size_t first, n; /* its fields                                   */
    int raw;         /* one field written as is (comments, headers)  */
    enum tgText_eol eol;
} tgText_mline;

/* put(o, p, n, quote) writes one field of a line that is not raw. */
typedef void (*tgText_put_fn)(tgOut *o, const unsigned char *p, size_t n,
                              int quote);

typedef struct tgText_model {
    tgMembuf text;
    tgText_mfield *f;
    size_t nf, capf;
    tgText_mline *l;
    size_t nl, capl;
    char sep;          /* between fields                  */
    tgText_put_fn put; /* NULL: fields as they are        */
    int failed;
} tgText_model;

/* Where a mutant breaks its rule: a field of a line (or the line's start,
 * field TG_TEXT_AT_LINE, or its end before the line end, TG_TEXT_AT_END), plus a
 * delta in bytes. */
#define TG_TEXT_AT_LINE ((size_t)-1)
#define TG_TEXT_AT_END  ((size_t)-2)
typedef struct tgText_mark {
    size_t line, field;
    uint64_t delta;
} tgText_mark;

/* A text format's mutation: the parent's lines, where the break is, and
 * which of the rule's mutations is made. */
typedef struct tgText_mutation {
    tgText_model m;
    tgText_mark mark;
    unsigned variant;
    const struct tgText_corpus *corpus; /* whose mutators apply */
} tgText_mutation;

/* A text format's mutator: break its rule in x's lines (mutation
 * x->variant) and mark where: 1 done, 0 impossible in this parent. */
typedef int (*tgText_mutator)(tgText_mutation *x);

/* What a text format gives tgText_mutate(). */
typedef struct tgText_corpus {
    const struct tgFormat *format;
    const tgText_mutator *mutators; /* by rule index; NULL: none    */
    size_t nrules;
    void (*init)(tgText_model *m); /* an empty model of its lines   */
    /* its generator: a valid file of profile and tg_style from seed into
     * m (out NULL): 0, or -1 */
    int (*generate)(tgText_model *m, tgOut *out, int profile, int style,
                    uint64_t seed, uint64_t min_size);
} tgText_corpus;

/*! tgText_mutate() : a text format's tgX_mutate() (core/format.h): its
 *  mutator of rule index `rule`, run by tgMutation_run() on the trace of
 *  the profile tg_mutate() chose. */
int tgText_mutate(const tgText_corpus *c, size_t rule, unsigned variant,
                  uint64_t seed, tgOut *out, tg_mutant *mu);

/*! tgText_model_init() : an empty model whose fields are joined by sep and
 *  put by put (NULL: as they are). */
void tgText_model_init(tgText_model *m, char sep, tgText_put_fn put);
void tgText_model_free(tgText_model *m);
/*! tgText_line() : start a new line at the end (tgText_add() adds its fields). */
void tgText_line(tgText_model *m, int raw, enum tgText_eol eol);
/*! tgText_add() : a field of n bytes to the last line. */
void tgText_add(tgText_model *m, const char *p, size_t n, int quote);
void tgText_addz(tgText_model *m, const char *s);
void tgText_addf(tgText_model *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/*! tgText_write() : the lines as bytes; *at gets the offset of mark (if not
 *  NULL). */
void tgText_write(const tgText_model *m, tgOut *o, const tgText_mark *mark,
                  uint64_t *at);
/*! tgText_flush() : write every line and forget them (streaming). */
void tgText_flush(tgText_model *m, tgOut *o);

/* ---- editing, for the mutators ---------------------------------------- */
/*! tgText_text() : the bytes of field f of line i (valid until the text
 *  grows). */
const unsigned char *tgText_text(const tgText_model *m, size_t i, size_t f,
                                 size_t *n);
/*! tgText_text_is() : whether field f of line i is the text s. */
int tgText_text_is(const tgText_model *m, size_t i, size_t f, const char *s);
/*! tgText_set() : replace field f of line i by s, written as quote says. */
void tgText_set(tgText_model *m, size_t i, size_t f, const char *s, int quote);
/*! tgText_place() : move the line last added to position at; @return at. */
size_t tgText_place(tgText_model *m, size_t at);
/*! tgText_copy_to_end() : a copy of line i as the last line (not placed). */
void tgText_copy_to_end(tgText_model *m, size_t i);
/*! tgText_copy_line() : a copy of line i, placed right after it; @return its
 *  index. */
size_t tgText_copy_line(tgText_model *m, size_t i);
/*! tgText_raw_line() : a new raw line s at position at, ended as line 0 is;
 *  @return at. */
size_t tgText_raw_line(tgText_model *m, size_t at, const char *s);
/*! tgText_fields_line() : a new line of the n fields at position at, ended
 *  as line 0 is; @return at. */
size_t tgText_fields_line(tgText_model *m, size_t at,
                          const char *const *fields, size_t n);
void tgText_remove_line(tgText_model *m, size_t i);
/*! tgText_append() : field s at the end of line i; @return its index in the
 *  line. */
size_t tgText_append(tgText_model *m, size_t i, const char *s);
/*! tgText_num(), tgText_set_num() : field f of line i as an unsigned decimal
 *  number (fields a generator wrote in decimal). */
unsigned long long tgText_num(const tgText_model *m, size_t i, size_t f);
void tgText_set_num(tgText_model *m, size_t i, size_t f, unsigned long long v);

#endif
