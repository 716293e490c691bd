/* registry.c - the formats this build knows, and look-ups over them. */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format.h"
#include "mem.h"

/* A format the build's TG_FORMATS leaves out (CMakeLists.txt) is marked
 * TG_WITHOUT_<FORMAT>. */
extern const tgFormat tgFormat_afperf, tgFormat_dumpalloc, tgFormat_nettrace,
    tgFormat_tracelog;

static const tgFormat *const formats[] = {
#ifndef TG_WITHOUT_AFPERF
    &tgFormat_afperf,
#endif
#ifndef TG_WITHOUT_DUMPALLOC
    &tgFormat_dumpalloc,
#endif
#ifndef TG_WITHOUT_NETTRACE
    &tgFormat_nettrace,
#endif
#ifndef TG_WITHOUT_TRACELOG
    &tgFormat_tracelog,
#endif
};

#define NFORMATS (sizeof formats / sizeof formats[0])

size_t tgFormat_count(void) { return NFORMATS; }
const char *const tgFormat_no_versions[] = {NULL};

const tgFormat *tgFormat_at(size_t i)
{
    return i < NFORMATS ? formats[i] : NULL;
}

static int ends_with(const char *name, const char *ending)
{
    size_t n = strlen(name), k = strlen(ending);
    return n >= k && strcmp(name + n - k, ending) == 0;
}

const tgFormat *tgFormat_named_like(const char *name)
{
    for (size_t i = 0; name && i < NFORMATS; i++) {
        const tgFormat *f = formats[i];
        if (ends_with(name, f->info.extension))
            return f;
        for (size_t k = 0; f->also_named && f->also_named[k]; k++)
            if (ends_with(name, f->also_named[k]))
                return f;
    }
    return NULL;
}

const tgFormat *tgFormat_find(const char *name)
{
    for (size_t i = 0; name && i < NFORMATS; i++)
        if (strcasecmp(formats[i]->info.name, name) == 0)
            return formats[i];
    return NULL;
}

int tgFormat_profile_index(const tgFormat *fmt, const char *profile)
{
    for (int i = 0; profile && fmt->info.profiles[i]; i++)
        if (strcasecmp(fmt->info.profiles[i], profile) == 0)
            return i;
    return -1;
}

int tgFormat_rule_applies(const tgFormat *fmt, const tg_rule *r, int p)
{
    unsigned reads = fmt->profile_scopes ? fmt->profile_scopes[p] : 1u << p;
    return (r->scope & reads) != 0;
}

/* The text of every scope mask of every format, made once from the names:
 * static text that tg_rule_get() can hand out. */
#define SCOPE_TEXT_MAX (TG_MAX_SCOPES * 24)
static char scope_text[NFORMATS][1u << TG_MAX_SCOPES][SCOPE_TEXT_MAX];
static pthread_once_t scope_text_once = PTHREAD_ONCE_INIT;

static const char *scope_name(const tgFormat *fmt, unsigned i)
{
    return fmt->scopes ? fmt->scopes[i] : fmt->info.profiles[i];
}

static void make_scope_text(void)
{
    for (size_t f = 0; f < NFORMATS; f++) {
        unsigned n = 0;
        while (scope_name(formats[f], n))
            n++;
        for (unsigned mask = 1; mask < 1u << n; mask++) {
            char *t = scope_text[f][mask];
            if (mask == (1u << n) - 1) {
                strcpy(t, "all");
                continue;
            }
            size_t used = 0;
            for (unsigned i = 0; i < n; i++) {
                if (!(mask & 1u << i))
                    continue;
                int w = snprintf(t + used, SCOPE_TEXT_MAX - used, "%s%s",
                                 used ? "," : "", scope_name(formats[f], i));
                if (w < 0 || (size_t)w >= SCOPE_TEXT_MAX - used)
                    abort(); /* scope names are short static text */
                used += (size_t)w;
            }
        }
    }
}

const char *tgFormat_scope_text(const tgFormat *fmt, unsigned mask)
{
    pthread_once(&scope_text_once, make_scope_text);
    for (size_t f = 0; f < NFORMATS; f++)
        if (formats[f] == fmt && mask < 1u << TG_MAX_SCOPES)
            return scope_text[f][mask];
    return "";
}

size_t tg_format_count(void) { return NFORMATS; }

const tg_format_info *tg_format_at(size_t i)
{
    return i < NFORMATS ? &formats[i]->info : NULL;
}

size_t tg_rule_count(const char *format)
{
    const tgFormat *f = tgFormat_find(format);
    return f ? f->nrules : 0;
}

const tg_rule *tg_rule_at(const char *format, size_t i)
{
    const tgFormat *f = tgFormat_find(format);
    return f && i < f->nrules ? &f->rules[i] : NULL;
}

/* The format whose table holds r, or NULL: compared as addresses, since
 * relational operators on pointers into different arrays are undefined. */
static const tgFormat *format_of(const tg_rule *r)
{
    for (size_t f = 0; f < NFORMATS; f++) {
        uintptr_t at = (uintptr_t)r, first = (uintptr_t)formats[f]->rules;
        if (at >= first && at - first < formats[f]->nrules * sizeof *r)
            return formats[f];
    }
    return NULL;
}

const char *tg_rule_get(const tg_rule *r, tg_rule_text which)
{
    const tgFormat *f;
    switch (which) {
    case TG_RULE_ID: return r->id;
    case TG_RULE_APPLIES:
        f = format_of(r);
        return f ? tgFormat_scope_text(f, r->scope) : NULL;
    case TG_RULE_MUST_UNDER:
        f = format_of(r);
        return f && f->compat_profile >= 0 && tg_rule_must_under_compat(r)
                   ? f->info.profiles[f->compat_profile]
                   : NULL;
    case TG_RULE_DOCUMENT: return r->document;
    case TG_RULE_SECTION: return r->section;
    case TG_RULE_QUOTE: return r->quote;
    case TG_RULE_MESSAGE: return r->message;
    case TG_RULE_MUTATION: return tg_rule_mutation(r, 0);
    case TG_RULE_NO_MUTATION: return r->no_mutation;
    case TG_RULE_EXAMPLE: return r->example;
    }
    return NULL;
}

const char *tg_rule_mutation(const tg_rule *r, unsigned variant)
{
    for (unsigned v = 0; r->mutations && r->mutations[v]; v++)
        if (v == variant)
            return r->mutations[v];
    return NULL;
}

const char *tg_rule_id(const tg_rule *r) { return r->id; }
tg_level tg_rule_level(const tg_rule *r) { return r->level; }
tg_rule_kind tg_rule_kind_of(const tg_rule *r) { return r->kind; }

const tg_rule *tg_rule_find(const char *id, const char **format)
{
    for (size_t i = 0; i < NFORMATS; i++)
        for (size_t k = 0; k < formats[i]->nrules; k++)
            if (strcasecmp(formats[i]->rules[k].id, id) == 0) {
                if (format)
                    *format = formats[i]->info.name;
                return &formats[i]->rules[k];
            }
    return NULL;
}

const char *tg_detect(const void *head, size_t size, const char **how)
{
    int best = 0;
    const char *name = NULL;
    *how = "no format recognised the content";
    for (size_t i = 0; i < NFORMATS; i++) {
        const char *why = NULL;
        int score = formats[i]->detect(head, size, &why);
        if (score > best) {
            best = score;
            name = formats[i]->info.name;
            *how = why;
        }
    }
    return name;
}

tg_error tg_generate(const char *format, const char *profile, uint64_t seed,
                     uint64_t min_size, tg_write_fn write, void *ctx)
{
    return tg_generate_style(format, profile, TG_STYLE_PLAIN, seed, min_size,
                             write, ctx);
}

/* Flush what a generator or mutator wrote; r is what it returned. */
static tg_error finish(tgOut *o, int r)
{
    tg_error e = r < 0 ? TG_EWRITE : tgOut_flush(o) != 0 ? TG_EWRITE : TG_OK;
    tgMem_free(o);
    return e;
}

tg_error tg_generate_style(const char *format, const char *profile,
                           tg_style style, uint64_t seed, uint64_t min_size,
                           tg_write_fn write, void *ctx)
{
    const tgFormat *f = tgFormat_find(format);
    if (f == NULL)
        return TG_EFORMAT;
    int p = tgFormat_profile_index(f, profile ? profile : f->info.profiles[0]);
    if (p < 0)
        return TG_ENAME;
    if (f->generate == NULL)
        return TG_ENOCORPUS;
    if ((unsigned)style >= 32 || !(f->info.styles & (1u << style)))
        return TG_EVALUE;
    tgOut *o = tgMem_malloc(sizeof *o);
    if (o == NULL)
        return TG_ENOMEM;
    tgOut_init(o, write, ctx);
    return finish(o, f->generate(p, (int)style, seed, min_size, o));
}

/* The parent a mutant is made from, in m->profile.  A format whose
 * scopes are its profiles: the wanted profile (an index, or -1) if the
 * rule applies under it, else the first profile it applies under; the
 * mutant is checked under that profile, where a compat profile counts
 * COMPAT as MUST.  A format of other scopes (NetTrace's layouts) is told
 * the wanted profile, or NULL, and chooses. */
static void mutant_profile(const tgFormat *f, const tg_rule *r, tg_mutant *m,
                           int want)
{
    if (f->scopes != NULL) {
        m->profile = want >= 0 ? f->info.profiles[want] : NULL;
        return;
    }
    int p = want;
    if (p < 0 || !tgFormat_rule_applies(f, r, p))
        for (p = 0;
             f->info.profiles[p + 1] && !tgFormat_rule_applies(f, r, p);)
            p++;
    m->profile = f->info.profiles[p];
    if (p == f->compat_profile && tg_rule_must_under_compat(r))
        m->expected = tgEngine_verdict(r->kind, TG_MUST, TG_MUST);
}

tg_error tg_mutate(const char *format, const char *rule_id, unsigned variant,
                   uint64_t seed, tg_write_fn write, void *ctx, tg_mutant *m)
{
    return tg_mutate_profile(format, NULL, rule_id, variant, seed, write, ctx,
                             m);
}

tg_error tg_mutate_profile(const char *format, const char *profile,
                           const char *rule_id, unsigned variant,
                           uint64_t seed, tg_write_fn write, void *ctx,
                           tg_mutant *out)
{
    const tgFormat *f = tgFormat_find(format);
    if (f == NULL)
        return TG_EFORMAT;
    /* the fields of the first tg_mutant, rule to profile */
    if (out && out->size < offsetof(tg_mutant, profile) + sizeof out->profile)
        return TG_EVALUE;
    tg_mutant mutant, *m = &mutant;
    int want = profile ? tgFormat_profile_index(f, profile) : -1;
    if (profile && want < 0)
        return TG_ENAME;
    for (size_t i = 0; i < f->nrules; i++) {
        if (strcasecmp(f->rules[i].id, rule_id) != 0)
            continue;
        const char *what = tg_rule_mutation(&f->rules[i], variant);
        if (what == NULL)
            return TG_EVALUE;
        if (f->mutate == NULL)
            return TG_ENOCORPUS;
        tgOut *o = tgMem_malloc(sizeof *o);
        if (o == NULL)
            return TG_ENOMEM;
        tgOut_init(o, write, ctx);
        int r = 0;
        /* the wanted parent; if the rule cannot be broken in it (a
         * mutant writes nothing before it is made), the usual one */
        for (int tries = want >= 0 ? 2 : 1; r == 0 && tries > 0; tries--) {
            memset(m, 0, sizeof *m);
            m->rule = &f->rules[i];
            m->variant = variant;
            m->mutation = what;
            /* what the default options must say, from the table alone */
            m->expected = tg_rule_verdict(&f->rules[i]);
            mutant_profile(f, &f->rules[i], m, tries == 2 ? want : -1);
            r = f->mutate(i, variant, seed, o, m);
        }
        if (r == 0) { /* none could be made from this seed */
            tgMem_free(o);
            return TG_EVALUE;
        }
        if (out) { /* what fits in the caller's */
            size_t size = out->size;
            memcpy(out, m, size < sizeof *m ? size : sizeof *m);
            out->size = size;
        }
        return finish(o, r);
    }
    return TG_ENAME;
}

size_t tg_rule_index(const tg_rule *r, const char **format)
{
    const tgFormat *f = format_of(r);
    *format = f ? f->info.name : NULL;
    return f ? (size_t)(r - f->rules) : 0;
}

int tg_rule_applies(const tg_rule *r, const char *profile)
{
    const tgFormat *f = format_of(r);
    int p = f ? tgFormat_profile_index(f, profile) : -1;
    return p < 0 ? -1 : tgFormat_rule_applies(f, r, p);
}

tg_error tg_format_tokens(const char *format, tg_token_fn emit, void *ctx)
{
    const tgFormat *f = tgFormat_find(format);
    if (f == NULL)
        return TG_EFORMAT;
    f->tokens(emit, ctx);
    return TG_OK;
}

size_t tg_format_pieces(const char *format, const void *data, size_t size,
                        size_t *at, size_t cap)
{
    const tgFormat *f = tgFormat_find(format);
    return f && f->pieces ? f->pieces(data, size, at, cap) : 0;
}

size_t tg_format_relayout(const char *format, const void *data, size_t size,
                          uint64_t seed, size_t near, void *out, size_t cap,
                          size_t *changed)
{
    const tgFormat *f = tgFormat_find(format);
    if (changed != NULL)
        *changed = SIZE_MAX;
    return f && f->relayout && size > 0
               ? f->relayout(data, size, seed, near, out, cap, changed)
               : 0;
}

size_t tg_format_join(const char *format, const tg_piece *pieces, size_t n,
                      void *out)
{
    const tgFormat *f = tgFormat_find(format);
    if (f == NULL)
        return 0;
    if (f->join)
        return f->join(pieces, n, out);
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        memcpy((unsigned char *)out + o, pieces[i].data, pieces[i].size);
        o += pieces[i].size;
    }
    return o;
}
