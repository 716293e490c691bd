/* support.h - what the C tests share: generating traces into memory and
 * collecting findings as comparable text. */
#ifndef TG_TEST_SUPPORT_H
#define TG_TEST_SUPPORT_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/membuf.h"
#include "checker.h"
#include "tracegate_corpus.h"

/* Findings of one check: each as one line of text, in order. */
typedef struct findings {
    tgMembuf text;
    size_t count;
    size_t primary;        /* findings that are not consequences   */
    const char *only_rule; /* while counting: rule of interest     */
    uint64_t at;           /* ... and where it must be (UINT64_MAX:
                                 anywhere)                              */
    size_t of_rule;        /* findings of only_rule (primary)      */
    size_t covering;       /* of those, findings whose bytes hold `at`
                                 (a point finding: at its offset)     */
    size_t other_rules;    /* primary findings of any other rule   */
    char first_other[32];  /* id of the first such other rule      */
} findings;

static inline void collect(void *ctx, const tg_diag *d)
{
    findings *f = ctx;
    char line[1024];
    int n = snprintf(line, sizeof line,
                     "%s %s off=%" PRIu64 " len=%" PRIu64 " %s exp=%s "
                     "found=%s cause=%" PRId64 " supp=%" PRIu64 "\n",
                     tg_rule_id(d->rule), tg_level_name(d->level), d->offset,
                     d->length, d->path, d->expected, d->found,
                     d->consequence_of, d->suppressed);
    tgMembuf_write(&f->text, line, (size_t)n);
    f->count++;
    if (d->consequence_of >= 0)
        return;
    f->primary++;
    if (f->only_rule && strcmp(tg_rule_id(d->rule), f->only_rule) == 0) {
        f->of_rule++;
        uint64_t len = d->length ? d->length : 1;
        f->covering += f->at == UINT64_MAX ||
                       (f->at >= d->offset && f->at - d->offset < len);
    } else {
        if (f->other_rules++ == 0)
            snprintf(f->first_other, sizeof f->first_other, "%s",
                     tg_rule_id(d->rule));
    }
}

static inline void findings_reset(findings *f, const char *rule)
{
    tgMembuf_free(&f->text);
    memset(f, 0, sizeof *f);
    f->only_rule = rule;
    f->at = UINT64_MAX;
}

/* The text of all findings, NUL-terminated (valid until next reset). */
static inline const char *findings_text(findings *f)
{
    tgMembuf_write(&f->text, "", 1);
    f->text.n--;
    return (const char *)f->text.p;
}

static inline tg_error gen_into(tgMembuf *b, const char *format,
                                const char *profile, uint64_t seed)
{
    b->n = 0;
    return tg_generate(format, profile, seed, 0, tgMembuf_write, b);
}

static inline tg_error gen_style_into(tgMembuf *b, const char *format,
                                      const char *profile, tg_style style,
                                      uint64_t seed)
{
    b->n = 0;
    return tg_generate_style(format, profile, style, seed, 0, tgMembuf_write,
                             b);
}

#endif
