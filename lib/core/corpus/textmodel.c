/* textmodel.c - lines of fields, their one writer, and the edits the
 * mutators of the text formats make. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textmodel.h"

#include "../format.h"
#include "mutation.h"
#include "../mem.h"

void tgText_model_init(tgText_model *m, char sep, tgText_put_fn put)
{
    memset(m, 0, sizeof *m);
    m->sep = sep;
    m->put = put;
}

void tgText_model_free(tgText_model *m)
{
    tgMembuf_free(&m->text);
    tgMem_free(m->f);
    tgMem_free(m->l);
    tgText_model_init(m, m->sep, m->put);
}

static int grow(void **p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 1;
    size_t want = *cap ? 2 * *cap : 64;
    void *q = tgMem_realloc(*p, want * size);
    if (q == NULL)
        return 0;
    *p = q;
    *cap = want;
    return 1;
}

void tgText_line(tgText_model *m, int raw, enum tgText_eol eol)
{
    if (!grow((void **)&m->l, &m->capl, m->nl, sizeof *m->l)) {
        m->failed = 1;
        return;
    }
    m->l[m->nl++] = (tgText_mline){m->nf, 0, raw, eol};
}

void tgText_add(tgText_model *m, const char *p, size_t n, int quote)
{
    if (m->nl == 0 || !grow((void **)&m->f, &m->capf, m->nf, sizeof *m->f)) {
        m->failed = 1;
        return;
    }
    size_t off = m->text.n;
    tgMembuf_splice(&m->text, off, 0, p, n);
    m->failed |= m->text.failed;
    m->f[m->nf++] = (tgText_mfield){off, n, quote};
    m->l[m->nl - 1].n++;
}

void tgText_addz(tgText_model *m, const char *s)
{
    tgText_add(m, s, strlen(s), TG_TEXT_AS_NEEDED);
}

void tgText_addf(tgText_model *m, const char *fmt, ...)
{
    char b[128];
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(b, sizeof b, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof b) {
        tgText_add(m, b, (size_t)n, TG_TEXT_AS_NEEDED);
    } else { /* longer (a hostile name): never cut short */
        char *big = n < 0 ? NULL : tgMem_malloc((size_t)n + 1);
        if (big == NULL)
            m->failed = 1;
        else {
            vsnprintf(big, (size_t)n + 1, fmt, again);
            tgText_add(m, big, (size_t)n, TG_TEXT_AS_NEEDED);
            tgMem_free(big);
        }
    }
    va_end(again);
}

static const char *const eols[] = {"", "\n", "\r\n", "\r"};

void tgText_write(const tgText_model *m, tgOut *o, const tgText_mark *mark,
                  uint64_t *at)
{
    for (size_t i = 0; i < m->nl; i++) {
        const tgText_mline *l = &m->l[i];
        if (mark && mark->line == i && mark->field == TG_TEXT_AT_LINE)
            *at = o->total + mark->delta;
        for (size_t j = 0; j < l->n; j++) {
            const tgText_mfield *f = &m->f[l->first + j];
            const unsigned char *p = m->text.p + f->off;
            if (j)
                tgOut_put(o, &m->sep, 1);
            if (mark && mark->line == i && mark->field == j)
                *at = o->total + mark->delta;
            if (l->raw || m->put == NULL)
                tgOut_put(o, p, f->len);
            else
                m->put(o, p, f->len, f->quote);
        }
        if (mark && mark->line == i && mark->field == TG_TEXT_AT_END)
            *at = o->total + mark->delta;
        tgOut_put(o, eols[l->eol], strlen(eols[l->eol]));
    }
}

void tgText_flush(tgText_model *m, tgOut *o)
{
    tgText_write(m, o, NULL, NULL);
    m->nl = m->nf = 0;
    m->text.n = 0;
}

/* ---- editing ---------------------------------------------------------- */

const unsigned char *tgText_text(const tgText_model *m, size_t i, size_t f,
                                 size_t *n)
{
    const tgText_mfield *fl = &m->f[m->l[i].first + f];
    *n = fl->len;
    return m->text.p + fl->off;
}

int tgText_text_is(const tgText_model *m, size_t i, size_t f, const char *s)
{
    size_t n;
    const unsigned char *p = tgText_text(m, i, f, &n);
    return n == strlen(s) && memcmp(p, s, n) == 0;
}

void tgText_set(tgText_model *m, size_t i, size_t f, const char *s, int quote)
{
    tgText_mfield *fl = &m->f[m->l[i].first + f];
    size_t off = m->text.n, n = strlen(s);
    tgMembuf_splice(&m->text, off, 0, s, n);
    m->failed |= m->text.failed;
    fl->off = off;
    fl->len = n;
    fl->quote = quote;
}

size_t tgText_place(tgText_model *m, size_t at)
{
    tgText_mline l = m->l[m->nl - 1];
    memmove(&m->l[at + 1], &m->l[at], (m->nl - 1 - at) * sizeof *m->l);
    m->l[at] = l;
    return at;
}

void tgText_copy_to_end(tgText_model *m, size_t i)
{
    tgText_mline src = m->l[i];
    tgText_line(m, src.raw, src.eol);
    for (size_t f = 0; f < src.n && !m->failed; f++) {
        size_t n;
        const unsigned char *p = tgText_text(m, i, f, &n);
        /* p moves if the text grows: copy it out first */
        char *c = tgMem_malloc(n + 1);
        if (c == NULL) {
            m->failed = 1;
            return;
        }
        memcpy(c, p, n);
        tgText_add(m, c, n, m->f[src.first + f].quote);
        tgMem_free(c);
    }
}

size_t tgText_copy_line(tgText_model *m, size_t i)
{
    tgText_copy_to_end(m, i);
    return tgText_place(m, i + 1);
}

size_t tgText_raw_line(tgText_model *m, size_t at, const char *s)
{
    tgText_line(m, 1, m->l[0].eol);
    tgText_addz(m, s);
    return tgText_place(m, at);
}

size_t tgText_fields_line(tgText_model *m, size_t at,
                          const char *const *fields, size_t n)
{
    tgText_line(m, 0, m->l[0].eol);
    for (size_t i = 0; i < n; i++)
        tgText_addz(m, fields[i]);
    return tgText_place(m, at);
}

void tgText_remove_line(tgText_model *m, size_t i)
{
    memmove(&m->l[i], &m->l[i + 1], (m->nl - i - 1) * sizeof *m->l);
    m->nl--;
}

size_t tgText_append(tgText_model *m, size_t i, const char *s)
{
    tgText_copy_to_end(m, i);
    tgText_addz(m, s);
    m->l[i] = m->l[--m->nl]; /* the longer copy takes its place */
    return m->l[i].n - 1;
}

unsigned long long tgText_num(const tgText_model *m, size_t i, size_t f)
{
    size_t n;
    const unsigned char *p = tgText_text(m, i, f, &n);
    char b[32];
    n = n < sizeof b - 1 ? n : sizeof b - 1;
    memcpy(b, p, n);
    b[n] = '\0';
    return strtoull(b, NULL, 10);
}

void tgText_set_num(tgText_model *m, size_t i, size_t f, unsigned long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", v);
    tgText_set(m, i, f, b, TG_TEXT_AS_NEEDED);
}

/* ---- tgText_mutate(): the steps of tgMutation_run() for every text
 * format ------------------------------------------------------------------ */

static int text_parent(void *x, const void *ctx, unsigned variant, int profile,
                       uint64_t seed)
{
    tgText_mutation *t = x;
    t->corpus = ctx;
    t->variant = variant;
    t->corpus->init(&t->m);
    return t->corpus->generate(&t->m, NULL, profile, TG_STYLE_PLAIN, seed, 0);
}

static int text_apply(void *x, size_t rule)
{
    tgText_mutation *t = x;
    return t->corpus->mutators[rule](t);
}

static int text_write(void *x, tgOut *out, tg_mutant *mu)
{
    tgText_mutation *t = x;
    if (t->m.failed)
        return -1;
    uint64_t at = 0;
    tgText_write(&t->m, out, &t->mark, &at);
    mu->offset = at;
    return 0;
}

static void text_release(void *x)
{
    tgText_mutation *t = x;
    tgText_model_free(&t->m);
}

static const tgMutation_ops text_ops = {sizeof(tgText_mutation), text_parent,
                                        text_apply, text_write, text_release};

int tgText_mutate(const tgText_corpus *c, size_t rule, unsigned variant,
                  uint64_t seed, tgOut *out, tg_mutant *mu)
{
    if (rule >= c->nrules || c->mutators[rule] == NULL)
        return 0;
    /* the parent is the trace of the profile tg_mutate() chose */
    int profile = tgFormat_profile_index(c->format, mu->profile);
    return tgMutation_run(&text_ops, c, rule, variant, profile, seed, out, mu);
}
