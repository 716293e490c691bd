/* model.c - lines of fields, and the one writer of AFPerf bytes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

void af_model_free(af_model *m)
{
    tgM_free(&m->text);
    free(m->f);
    free(m->l);
    memset(m, 0, sizeof *m);
}

static int grow(void **p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 1;
    size_t want = *cap ? 2 * *cap : 64;
    void *q = realloc(*p, want * size);
    if (q == NULL)
        return 0;
    *p = q;
    *cap = want;
    return 1;
}

void af_line(af_model *m, int raw, enum af_eol eol)
{
    if (!grow((void **)&m->l, &m->capl, m->nl, sizeof *m->l)) {
        m->failed = 1;
        return;
    }
    m->l[m->nl++] = (af_mline){m->nf, 0, raw, eol};
}

void af_add(af_model *m, const char *p, size_t n, int quote)
{
    if (m->nl == 0 || !grow((void **)&m->f, &m->capf, m->nf, sizeof *m->f)) {
        m->failed = 1;
        return;
    }
    size_t off = m->text.n;
    tgM_splice(&m->text, off, 0, p, n);
    m->failed |= m->text.failed;
    m->f[m->nf++] = (af_mfield){off, n, quote};
    m->l[m->nl - 1].n++;
}

void af_addz(af_model *m, const char *s)
{
    af_add(m, s, strlen(s), AF_AS_NEEDED);
}

void af_addf(af_model *m, const char *fmt, ...)
{
    char b[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    af_add(m, b,
           n < 0                  ? 0
           : (size_t)n < sizeof b ? (size_t)n
                                  : sizeof b - 1,
           AF_AS_NEEDED);
}

/* RFC 4180: quoted when it holds a comma, a quote, CR or LF. */
static int needs_quotes(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] == ',' || p[i] == '"' || p[i] == '\r' || p[i] == '\n')
            return 1;
    return 0;
}

static void put_field(tgO_out *o, const unsigned char *p, size_t n, int quote)
{
    if (quote == AF_AS_IS || (quote == AF_AS_NEEDED && !needs_quotes(p, n))) {
        tgO_put(o, p, n);
        return;
    }
    tgO_put(o, "\"", 1);
    for (size_t i = 0; i < n;) {
        const unsigned char *q = memchr(p + i, '"', n - i);
        size_t end = q ? (size_t)(q - p) + 1 : n;
        tgO_put(o, p + i, end - i);
        if (q)
            tgO_put(o, "\"", 1); /* "" for " */
        i = end;
    }
    tgO_put(o, "\"", 1);
}

static const char *const eols[] = {"", "\n", "\r\n", "\r"};

void af_write(const af_model *m, tgO_out *o, const af_mark *mark, uint64_t *at)
{
    for (size_t i = 0; i < m->nl; i++) {
        const af_mline *l = &m->l[i];
        if (mark && mark->line == i && mark->field == AF_AT_LINE)
            *at = o->total + mark->delta;
        for (size_t j = 0; j < l->n; j++) {
            const af_mfield *f = &m->f[l->first + j];
            const unsigned char *p = m->text.p + f->off;
            if (j)
                tgO_put(o, ",", 1);
            if (mark && mark->line == i && mark->field == j)
                *at = o->total + mark->delta;
            if (l->raw)
                tgO_put(o, p, f->len);
            else
                put_field(o, p, f->len, f->quote);
        }
        if (mark && mark->line == i && mark->field == AF_AT_END)
            *at = o->total + mark->delta;
        tgO_put(o, eols[l->eol], strlen(eols[l->eol]));
    }
}

void af_flush_lines(af_model *m, tgO_out *o)
{
    af_write(m, o, NULL, NULL);
    m->nl = m->nf = 0;
    m->text.n = 0;
}
