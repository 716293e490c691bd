/* report.c - sink dispatch and the helpers every sink shares. */
#include "report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    const tgR_ops *ops;
} kinds[] = {
    {"text", &tgR_text_ops},   {"json", &tgR_json_ops},
    {"sarif", &tgR_sarif_ops}, {"junit", &tgR_junit_ops},
    {"tap", &tgR_tap_ops},
};

tgR_sink *tgR_open(const char *kind, FILE *out, tg_level fail_on)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(kinds[i].name, kind) != 0)
            continue;
        tgR_sink *s = calloc(1, sizeof *s);
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

int tgR_quiet_kind(const char *kind)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].name, kind) == 0)
            return kinds[i].ops == &tgR_text_ops;
    return -1;
}

int tgR_set_quiet(tgR_sink *s)
{
    if (s->ops != &tgR_text_ops)
        return -1;
    s->quiet = 1;
    return 0;
}

void tgR_file_begin(tgR_sink *s, const tgR_file *f)
{
    s->diags = 0;
    if (s->ops->file_begin)
        s->ops->file_begin(s, f);
    s->files++;
}

void tgR_diag(tgR_sink *s, const tgR_file *f, const tg_diag *d)
{
    s->ops->diag(s, f, d);
    s->diags++;
    s->total++;
}

void tgR_file_end(tgR_sink *s, const tgR_file *f)
{
    if (s->ops->file_end)
        s->ops->file_end(s, f);
}

void tgR_close(tgR_sink *s, int exit_code)
{
    if (s->ops->end)
        s->ops->end(s, exit_code);
    if (s->ops->destroy)
        s->ops->destroy(s);
    fflush(s->out);
    free(s);
}

const char *tgR_severity(tg_level level)
{
    return level == TG_MUST     ? "error"
           : level == TG_SHOULD ? "warning"
                                : "note";
}

size_t tgR_rule_index(const tg_rule *r)
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

uint64_t tgR_fingerprint(const tg_diag *d)
{
    uint64_t h = fnv(0xcbf29ce484222325ull, tg_rule_id(d->rule), 0);
    h = fnv(h, d->path, 1);
    h = fnv(h, d->expected, 0);
    return fnv(h, d->found, 0);
}

const char *tgR_message(const tg_diag *d, char *buf, size_t size)
{
    if (d->suppressed)
        snprintf(buf, size,
                 "%" PRIu64 " more findings of this rule not shown "
                 "(repeat cap reached)",
                 d->suppressed);
    else if (*d->expected || *d->found)
        snprintf(buf, size, "%s: expected %s, found %s",
                 tg_rule_get(d->rule, TG_RULE_MESSAGE), d->expected, d->found);
    else
        snprintf(buf, size, "%s", tg_rule_get(d->rule, TG_RULE_MESSAGE));
    return buf;
}
