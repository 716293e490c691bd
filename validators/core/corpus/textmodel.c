/* textmodel.c - lines of fields, their one writer, and the edits the
 * mutators of the text formats make. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textmodel.h"

void tgT_model_init(tgT_model *m, char sep, tgT_put_fn put)
{
    memset(m, 0, sizeof *m);
    m->sep = sep;
    m->put = put;
}

void tgT_model_free(tgT_model *m)
{
    tgM_free(&m->text);
    free(m->f);
    free(m->l);
    tgT_model_init(m, m->sep, m->put);
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

void tgT_line(tgT_model *m, int raw, enum tgT_eol eol)
{
    if (!grow((void **)&m->l, &m->capl, m->nl, sizeof *m->l)) {
        m->failed = 1;
        return;
    }
    m->l[m->nl++] = (tgT_mline){m->nf, 0, raw, eol};
}

void tgT_add(tgT_model *m, const char *p, size_t n, int quote)
{
    if (m->nl == 0 || !grow((void **)&m->f, &m->capf, m->nf, sizeof *m->f)) {
        m->failed = 1;
        return;
    }
    size_t off = m->text.n;
    tgM_splice(&m->text, off, 0, p, n);
    m->failed |= m->text.failed;
    m->f[m->nf++] = (tgT_mfield){off, n, quote};
    m->l[m->nl - 1].n++;
}

void tgT_addz(tgT_model *m, const char *s)
{
    tgT_add(m, s, strlen(s), TGT_AS_NEEDED);
}

void tgT_addf(tgT_model *m, const char *fmt, ...)
{
    char b[128];
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof b) {
        tgT_add(m, b, (size_t)n, TGT_AS_NEEDED);
    } else { /* longer (a hostile name): never cut short */
        char *big = n < 0 ? NULL : malloc((size_t)n + 1);
        if (big == NULL)
            m->failed = 1;
        else {
            vsnprintf(big, (size_t)n + 1, fmt, again);
            tgT_add(m, big, (size_t)n, TGT_AS_NEEDED);
            free(big);
        }
    }
    va_end(again);
}

static const char *const eols[] = {"", "\n", "\r\n", "\r"};

void tgT_write(const tgT_model *m, tgO_out *o, const tgT_mark *mark,
               uint64_t *at)
{
    for (size_t i = 0; i < m->nl; i++) {
        const tgT_mline *l = &m->l[i];
        if (mark && mark->line == i && mark->field == TGT_AT_LINE)
            *at = o->total + mark->delta;
        for (size_t j = 0; j < l->n; j++) {
            const tgT_mfield *f = &m->f[l->first + j];
            const unsigned char *p = m->text.p + f->off;
            if (j)
                tgO_put(o, &m->sep, 1);
            if (mark && mark->line == i && mark->field == j)
                *at = o->total + mark->delta;
            if (l->raw || m->put == NULL)
                tgO_put(o, p, f->len);
            else
                m->put(o, p, f->len, f->quote);
        }
        if (mark && mark->line == i && mark->field == TGT_AT_END)
            *at = o->total + mark->delta;
        tgO_put(o, eols[l->eol], strlen(eols[l->eol]));
    }
}

void tgT_flush(tgT_model *m, tgO_out *o)
{
    tgT_write(m, o, NULL, NULL);
    m->nl = m->nf = 0;
    m->text.n = 0;
}

/* ---- editing ---------------------------------------------------------- */

const unsigned char *tgT_text(const tgT_model *m, size_t i, size_t f,
                              size_t *n)
{
    const tgT_mfield *fl = &m->f[m->l[i].first + f];
    *n = fl->len;
    return m->text.p + fl->off;
}

int tgT_text_is(const tgT_model *m, size_t i, size_t f, const char *s)
{
    size_t n;
    const unsigned char *p = tgT_text(m, i, f, &n);
    return n == strlen(s) && memcmp(p, s, n) == 0;
}

void tgT_set(tgT_model *m, size_t i, size_t f, const char *s, int quote)
{
    tgT_mfield *fl = &m->f[m->l[i].first + f];
    size_t off = m->text.n, n = strlen(s);
    tgM_splice(&m->text, off, 0, s, n);
    m->failed |= m->text.failed;
    fl->off = off;
    fl->len = n;
    fl->quote = quote;
}

size_t tgT_place(tgT_model *m, size_t at)
{
    tgT_mline l = m->l[m->nl - 1];
    memmove(&m->l[at + 1], &m->l[at], (m->nl - 1 - at) * sizeof *m->l);
    m->l[at] = l;
    return at;
}

void tgT_copy_to_end(tgT_model *m, size_t i)
{
    tgT_mline src = m->l[i];
    tgT_line(m, src.raw, src.eol);
    for (size_t f = 0; f < src.n && !m->failed; f++) {
        size_t n;
        const unsigned char *p = tgT_text(m, i, f, &n);
        /* p moves if the text grows: copy it out first */
        char *c = malloc(n + 1);
        if (c == NULL) {
            m->failed = 1;
            return;
        }
        memcpy(c, p, n);
        tgT_add(m, c, n, m->f[src.first + f].quote);
        free(c);
    }
}

size_t tgT_copy_line(tgT_model *m, size_t i)
{
    tgT_copy_to_end(m, i);
    return tgT_place(m, i + 1);
}

size_t tgT_raw_line(tgT_model *m, size_t at, const char *s)
{
    tgT_line(m, 1, m->l[0].eol);
    tgT_addz(m, s);
    return tgT_place(m, at);
}

size_t tgT_fields_line(tgT_model *m, size_t at, const char *const *fields,
                       size_t n)
{
    tgT_line(m, 0, m->l[0].eol);
    for (size_t i = 0; i < n; i++)
        tgT_addz(m, fields[i]);
    return tgT_place(m, at);
}

void tgT_remove_line(tgT_model *m, size_t i)
{
    memmove(&m->l[i], &m->l[i + 1], (m->nl - i - 1) * sizeof *m->l);
    m->nl--;
}

size_t tgT_append(tgT_model *m, size_t i, const char *s)
{
    tgT_copy_to_end(m, i);
    tgT_addz(m, s);
    m->l[i] = m->l[--m->nl]; /* the longer copy takes its place */
    return m->l[i].n - 1;
}

unsigned long long tgT_num(const tgT_model *m, size_t i, size_t f)
{
    size_t n;
    const unsigned char *p = tgT_text(m, i, f, &n);
    char b[32];
    n = n < sizeof b - 1 ? n : sizeof b - 1;
    memcpy(b, p, n);
    b[n] = '\0';
    return strtoull(b, NULL, 10);
}

void tgT_set_num(tgT_model *m, size_t i, size_t f, unsigned long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", v);
    tgT_set(m, i, f, b, TGT_AS_NEEDED);
}
