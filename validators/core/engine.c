/* engine.c - validators, options, the check loop and verdicts. */
#include "engine.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format.h"
#include "window.h"

struct tg_validator_s {
    const tgF_format *fmt;
    int profile;
    tg_level *levels;       /* level override per rule                */
    unsigned char *disabled;/* 1 = disabled by the user               */
    unsigned char *off;     /* disabled or not applicable to profile  */
    uint64_t *counts;
    uint64_t repeat_cap;
    uint64_t live_limit;
    tg_level fail_on;
    uint64_t bytes;
    char layout[160];      /* from the last check                      */
    unsigned char *window; /* read buffer, made on first use, then kept */
    size_t window_cap;
};

static void recompute_off(tg_validator *v)
{
    for (size_t i = 0; i < v->fmt->nrules; i++)
        v->off[i] = v->disabled[i] ||
                    !tgF_rule_applies(v->fmt, &v->fmt->rules[i], v->profile);
}

tg_validator *tg_validator_new(const char *format)
{
    const tgF_format *fmt = tgF_find(format);
    if (fmt == NULL)
        return NULL;
    tg_validator *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    size_t n = fmt->nrules;
    v->fmt = fmt;
    v->levels = calloc(n, sizeof *v->levels);
    v->disabled = calloc(n, 1);
    v->off = calloc(n, 1);
    v->counts = calloc(n, sizeof *v->counts);
    if (!v->levels || !v->disabled || !v->off || !v->counts) {
        tg_validator_free(v);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        v->levels[i] = fmt->rules[i].level;
    v->repeat_cap = 100;
    v->live_limit = 1u << 20;
    v->fail_on = TG_MUST;
    recompute_off(v);
    return v;
}

void tg_validator_free(tg_validator *v)
{
    if (v == NULL)
        return;
    free(v->levels);
    free(v->disabled);
    free(v->off);
    free(v->counts);
    free(v->window);
    free(v);
}

static long rule_index(const tg_validator *v, const char *id)
{
    for (size_t i = 0; i < v->fmt->nrules; i++)
        if (strcasecmp(v->fmt->rules[i].id, id) == 0)
            return (long)i;
    return -1;
}

int tg_set_profile(tg_validator *v, const char *profile)
{
    int p = tgF_profile_index(v->fmt, profile);
    if (p < 0)
        return -1;
    v->profile = p;
    /* levels start from the table; a compat profile raises COMPAT rules.
     * Overrides set with tg_set_rule_level() afterwards still win. */
    for (size_t i = 0; i < v->fmt->nrules; i++) {
        v->levels[i] = v->fmt->rules[i].level;
        if (p == v->fmt->compat_profile && v->levels[i] == TG_COMPAT)
            v->levels[i] = TG_MUST;
    }
    recompute_off(v);
    return 0;
}

const char *tg_profile_name(const tg_validator *v)
{
    return v->fmt->info.profiles[v->profile];
}

int tg_set_rule_level(tg_validator *v, const char *id, tg_level level)
{
    long i = rule_index(v, id);
    if (i < 0 || level < TG_INFO || level > TG_MUST)
        return -1;
    v->levels[i] = level;
    return 0;
}

int tg_disable_rule(tg_validator *v, const char *id)
{
    long i = rule_index(v, id);
    if (i < 0)
        return -1;
    v->disabled[i] = 1;
    recompute_off(v);
    return 0;
}

void tg_set_fail_on(tg_validator *v, tg_level level) { v->fail_on = level; }
void tg_set_repeat_cap(tg_validator *v, uint64_t cap) { v->repeat_cap = cap; }

int tg_set_limit(tg_validator *v, tg_limit which, uint64_t value)
{
    if (which != TG_LIMIT_LIVE_OBJECTS || value == 0)
        return -1;
    v->live_limit = value;
    return 0;
}

uint64_t tg_bytes_checked(const tg_validator *v) { return v->bytes; }
const char *tg_layout(const tg_validator *v) { return v->layout; }

int64_t tgE_report(tgE_check *c, size_t rule, const tgE_site *s,
                   const char *expected, const char *found)
{
    if (c->off[rule])
        return -1;
    const tg_rule *r = &c->fmt->rules[rule];
    tg_level level = c->levels[rule];
    /* The verdict counts every finding, capped or not. */
    if (r->kind == TG_KIND_TRUNCATED)
        c->truncated = 1;
    else if (r->kind == TG_KIND_LIMIT)
        c->limited = 1;
    else if (r->kind == TG_KIND_UNSUPPORTED)
        c->unsupported = 1;
    else if (level >= c->fail_on)
        c->failed = 1;
    if (c->repeat_cap && ++c->counts[rule] > c->repeat_cap)
        return -1;
    tg_diag d;
    d.rule = r;
    d.level = level;
    d.seq = c->seq++;
    d.offset = s->offset;
    d.length = s->length;
    d.line = s->line;
    d.column = s->column;
    d.path = s->path ? s->path : "";
    d.expected = expected ? expected : "";
    d.found = found ? found : "";
    d.consequence_of = s->cause;
    d.suppressed = 0;
    if (c->on_diag)
        c->on_diag(c->ctx, &d);
    return (int64_t)d.seq;
}

/* One summary finding per rule whose repeats were capped. */
static void report_suppressed(tgE_check *c, uint64_t end)
{
    for (size_t i = 0; i < c->fmt->nrules; i++) {
        if (!c->repeat_cap || c->counts[i] <= c->repeat_cap)
            continue;
        tg_diag d;
        memset(&d, 0, sizeof d);
        d.rule = &c->fmt->rules[i];
        d.level = c->levels[i];
        d.seq = c->seq++;
        d.offset = end;
        d.path = "";
        d.expected = "";
        d.found = "";
        d.consequence_of = -1;
        d.suppressed = c->counts[i] - c->repeat_cap;
        if (c->on_diag)
            c->on_diag(c->ctx, &d);
    }
}

static tg_verdict run(tg_validator *v, tgW_window *w, tg_diag_fn on_diag,
                      void *ctx)
{
    memset(v->counts, 0, v->fmt->nrules * sizeof *v->counts);
    tgE_check c;
    memset(&c, 0, sizeof c);
    c.fmt = v->fmt;
    c.profile = v->profile;
    c.levels = v->levels;
    c.off = v->off;
    c.counts = v->counts;
    c.repeat_cap = v->repeat_cap;
    c.live_limit = v->live_limit;
    c.fail_on = v->fail_on;
    c.on_diag = on_diag;
    c.ctx = ctx;
    v->fmt->check(&c, w);
    v->bytes = tgW_offset(w);
    memcpy(v->layout, c.layout, sizeof v->layout);
    report_suppressed(&c, v->bytes);
    if (w->error)
        return TG_IO_ERROR;
    if (c.limited || w->nomem)
        return TG_LIMIT;
    if (c.unsupported)
        return TG_UNSUPPORTED;
    if (c.failed)
        return TG_VIOLATIONS;
    if (c.truncated)
        return TG_TRUNCATED;
    return TG_CONFORMANT;
}

tg_verdict tg_check_buffer(tg_validator *v, const void *data, size_t size,
                           tg_diag_fn on_diag, void *ctx)
{
    tgW_window w;
    tgW_open_memory(&w, data, size);
    return run(v, &w, on_diag, ctx);
}

tg_verdict tg_check_reader(tg_validator *v, tg_read_fn read, void *rctx,
                           tg_diag_fn on_diag, void *ctx)
{
    tgW_window w;
    tgW_open_reader(&w, v->window, v->window_cap, read, rctx);
    tg_verdict r = run(v, &w, on_diag, ctx);
    v->window = w.own; /* keep the (possibly grown) buffer */
    v->window_cap = w.cap;
    return r;
}

tg_verdict tg_check_fd(tg_validator *v, int fd, tg_diag_fn on_diag,
                       void *ctx)
{
    return tg_check_reader(v, tgW_read_fd, &fd, on_diag, ctx);
}

static const char *const level_names[] = {"INFO", "COMPAT", "SHOULD", "MUST"};

const char *tg_level_name(tg_level level)
{
    return (unsigned)level <= TG_MUST ? level_names[level] : "?";
}

int tg_level_parse(const char *name)
{
    for (int i = 0; i <= TG_MUST; i++)
        if (strcasecmp(name, level_names[i]) == 0)
            return i;
    return -1;
}

const char *tg_verdict_name(tg_verdict v)
{
    switch (v) {
    case TG_CONFORMANT: return "conformant";
    case TG_VIOLATIONS: return "violations";
    case TG_USAGE: return "usage-error";
    case TG_IO_ERROR: return "io-error";
    case TG_UNSUPPORTED: return "unsupported";
    case TG_LIMIT: return "resource-limit";
    case TG_INTERNAL: return "internal-error";
    case TG_TRUNCATED: return "truncated";
    }
    return "?";
}
