/* model.h - an AFPerf file as lines of fields, for the generator (which
 * streams one line at a time) and the mutators (which edit a whole small
 * parent and then write it).  One writer turns lines into bytes: fields
 * joined by commas, quoted as RFC 4180 needs (or as asked), each line
 * ended as its eol says. */
#ifndef TG_AF_MODEL_H
#define TG_AF_MODEL_H

#include "../../core/membuf.h"
#include "../../core/out.h"
#include "../afperf.h"

enum af_eol { AF_EOL_NONE, AF_EOL_LF, AF_EOL_CRLF, AF_EOL_CR };

/* How a field is written: quoted when RFC 4180 needs it, always, or as
 * its bytes are (a mutant's quoting errors). */
enum { AF_AS_NEEDED, AF_QUOTED, AF_AS_IS };

typedef struct af_mfield {
    size_t off, len; /* its text in the model's text buffer */
    int quote;       /* AF_AS_NEEDED, AF_QUOTED or AF_AS_IS */
} af_mfield;

typedef struct af_mline {
    size_t first, n; /* its fields                            */
    int raw;         /* one field written as is (comments, headers) */
    enum af_eol eol;
} af_mline;

typedef struct af_model {
    tgM_buf text;
    af_mfield *f;
    size_t nf, capf;
    af_mline *l;
    size_t nl, capl;
    int failed;
} af_model;

/* Where a mutant breaks its rule: a field of a line (or the line's start,
 * field AF_AT_LINE, or its end before the line end, AF_AT_END), plus a
 * delta in bytes. */
#define AF_AT_LINE ((size_t)-1)
#define AF_AT_END  ((size_t)-2)
typedef struct af_mark {
    size_t line, field;
    uint64_t delta;
} af_mark;

void af_model_free(af_model *m);
/*! af_line() : start a new line at the end (af_add() adds its fields). */
void af_line(af_model *m, int raw, enum af_eol eol);
/*! af_add() : a field of n bytes to the last line. */
void af_add(af_model *m, const char *p, size_t n, int quote);
void af_addz(af_model *m, const char *s);
void af_addf(af_model *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/*! af_write() : the lines as bytes; *at gets the offset of mark (if not
 *  NULL). */
void af_write(const af_model *m, tgO_out *o, const af_mark *mark,
              uint64_t *at);
/*! af_flush_lines() : write every line and forget them (streaming). */
void af_flush_lines(af_model *m, tgO_out *o);

/*! af_generate() : a valid file from seed into m, or (out not NULL)
 *  streamed to out until it holds min_size bytes (generate.c). */
int af_generate(af_model *m, tgO_out *out, uint64_t seed, uint64_t min_size);

#endif
