/* report.c - sink dispatch and the helpers every sink shares. */
#include "report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    const tgReport_ops *ops;
} kinds[] = {
    {"text", &tgReport_text_ops},   {"json", &tgReport_json_ops},
    {"sarif", &tgReport_sarif_ops}, {"junit", &tgReport_junit_ops},
    {"tap", &tgReport_tap_ops},     {"html", &tgReport_html_ops},
};

tgReport_sink *tgReport_open(const char *kind, FILE *out, tg_level fail_on)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(kinds[i].name, kind) != 0)
            continue;
        tgReport_sink *s = calloc(1, sizeof *s);
        if (s == NULL)
            return NULL;
        s->ops = kinds[i].ops;
        s->out = out;
        s->fail_on = fail_on;
        if (s->ops->begin)
            s->ops->begin(s);
        return s;
    }
    return NULL;
}

int tgReport_quiet_kind(const char *kind)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].name, kind) == 0)
            return kinds[i].ops == &tgReport_text_ops;
    return -1;
}

int tgReport_set_quiet(tgReport_sink *s)
{
    if (s->ops != &tgReport_text_ops)
        return -1;
    s->quiet = 1;
    return 0;
}

void tgReport_file_begin(tgReport_sink *s, const tgReport_file *f)
{
    s->diags = 0;
    if (s->ops->file_begin)
        s->ops->file_begin(s, f);
    s->files++;
}

void tgReport_diag(tgReport_sink *s, const tgReport_file *f, const tg_diag *d)
{
    s->ops->diag(s, f, d);
    s->diags++;
    s->total++;
}

void tgReport_file_end(tgReport_sink *s, const tgReport_file *f)
{
    if (s->ops->file_end)
        s->ops->file_end(s, f);
}

int tgReport_keep(tgReport_kept *k, const tg_diag *d)
{
    k->d = *d;
    k->d.path = k->path = strdup(d->path);
    k->d.expected = k->expected = strdup(d->expected);
    k->d.found = k->found = strdup(d->found);
    if (k->path && k->expected && k->found)
        return 0;
    tgReport_kept_free(k);
    return -1;
}

void tgReport_kept_free(tgReport_kept *k)
{
    free(k->path);
    free(k->expected);
    free(k->found);
    k->path = k->expected = k->found = NULL;
}

int tgReport_wants_parts(const tgReport_sink *s)
{
    return s->ops->parts != NULL;
}

void tgReport_file_parts(tgReport_sink *s, const tgReport_file *f,
                         struct show_outline *o)
{
    if (s->ops->parts)
        s->ops->parts(s, f, o);
}

void tgReport_close(tgReport_sink *s, int exit_code)
{
    if (s->ops->end)
        s->ops->end(s, exit_code);
    if (s->ops->destroy)
        s->ops->destroy(s);
    fflush(s->out);
    free(s);
}

size_t tgReport_rule_index(const tg_rule *r)
{
    const char *format;
    size_t base = 0, at = tg_rule_index(r, &format);
    for (size_t i = 0; i < tg_format_count(); i++) {
        const char *name = tg_format_at(i)->name;
        if (strcmp(name, format) == 0)
            return base + at;
        base += tg_rule_count(name);
    }
    return 0;
}

/* FNV-1a 64 over s and its NUL (the NUL keeps ("ab","c") from ("a","bc")),
 * with runs of digits in brackets left out when skip_indices is set. */
static uint64_t fnv(uint64_t h, const char *s, int skip_indices)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    for (; *p; p++) {
        if (skip_indices && *p == '[') {
            const unsigned char *q = p + 1;
            while (*q >= '0' && *q <= '9')
                q++;
            if (q > p + 1 && *q == ']') {
                p = q;
                continue;
            }
        }
        h = (h ^ *p) * 0x100000001b3ull;
    }
    return (h ^ 0) * 0x100000001b3ull;
}

uint64_t tgReport_fingerprint(const tg_diag *d)
{
    uint64_t h = fnv(0xcbf29ce484222325ull, tg_rule_id(d->rule), 0);
    h = fnv(h, d->path, 1);
    h = fnv(h, d->expected, 0);
    return fnv(h, d->found, 0);
}
