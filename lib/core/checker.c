/* checker.c - the one checking handle: its options, held in one record
 * (engine.h, tgOptions) and taken by the check of each format at the
 * start of each input; one input checked end to end, as `tracegate
 * check` does it and any embedder can: the format detected (or given),
 * the check of that format made once and kept, the check run, and the
 * verdict explained in one sentence.  The facts of the last input have
 * one owner, the checker, and live until the next input. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "window.h"
#include "mem.h"

#define HEAD_SIZE 4096 /* bytes read ahead for detection */

struct tg_checker_s {
    tgOptions opts;
    tgEngine **engines; /* one per registered format, made on first use */
    /* the last input */
    const char *used_format, *detected, *used_profile, *layout, *version;
    char problem[512];
    uint64_t bytes, events_lost;
    int limit_hit;
    /* its reading: the head, then the rest from the source */
    unsigned char head[HEAD_SIZE];
    size_t n, pos;
    tg_read_fn read;
    void *rctx;
};

tg_error tg_checker_open(tg_checker **out)
{
    tg_checker *c = tgMem_calloc(1, sizeof *c);
    *out = NULL;
    if (c == NULL)
        return TG_ENOMEM;
    c->engines = tgMem_calloc(tgFormat_count(), sizeof *c->engines);
    if (c->engines == NULL) {
        tgMem_free(c);
        return TG_ENOMEM;
    }
    tgOptions_init(&c->opts);
    c->limit_hit = -1;
    *out = c;
    return TG_OK;
}

void tg_checker_free(tg_checker *c)
{
    if (c == NULL)
        return;
    for (size_t i = 0; i < tgFormat_count(); i++)
        tgEngine_free(c->engines[i]);
    tgMem_free(c->engines);
    tgMem_free(c->opts.profile);
    tgMem_free(c->opts.levels);
    tgMem_free(c->opts.disabled);
    tgMem_free(c);
}

tg_error tg_checker_set_format(tg_checker *c, const char *format)
{
    const tgFormat *f = format ? tgFormat_find(format) : NULL;
    if (format && f == NULL)
        return TG_EFORMAT;
    c->opts.format = f;
    return TG_OK;
}

tg_error tg_checker_set_profile(tg_checker *c, const char *profile)
{
    char *copy = NULL;
    if (profile) {
        int known = 0;
        for (size_t i = 0; i < tgFormat_count() && !known; i++)
            known = tgFormat_profile_index(tgFormat_at(i), profile) >= 0;
        if (!known)
            return TG_ENAME;
        size_t n = strlen(profile) + 1;
        if ((copy = tgMem_malloc(n)) == NULL)
            return TG_ENOMEM;
        memcpy(copy, profile, n);
    }
    tgMem_free(c->opts.profile);
    c->opts.profile = copy;
    return TG_OK;
}

tg_error tg_checker_set_rule_level(tg_checker *c, const char *id,
                                   tg_level level)
{
    const tg_rule *r = tg_rule_find(id, NULL);
    if (r == NULL)
        return TG_ENAME;
    if (tgEngine_level_ok(level) != TG_OK)
        return TG_EVALUE;
    tgOptions *o = &c->opts;
    tgOptions_level *l =
        tgMem_realloc(o->levels, (o->nlevels + 1) * sizeof *l);
    if (l == NULL)
        return TG_ENOMEM;
    o->levels = l;
    o->levels[o->nlevels].rule = r;
    o->levels[o->nlevels++].level = level;
    return TG_OK;
}

tg_error tg_checker_disable_rule(tg_checker *c, const char *id)
{
    const tg_rule *r = tg_rule_find(id, NULL);
    if (r == NULL)
        return TG_ENAME;
    tgOptions *o = &c->opts;
    const tg_rule **d =
        tgMem_realloc(o->disabled, (o->ndisabled + 1) * sizeof *d);
    if (d == NULL)
        return TG_ENOMEM;
    o->disabled = d;
    o->disabled[o->ndisabled++] = r;
    return TG_OK;
}

tg_error tg_checker_set_fail_on(tg_checker *c, tg_level level)
{
    tg_error e = tgEngine_level_ok(level);
    if (e == TG_OK)
        c->opts.fail_on = level;
    return e;
}

tg_error tg_checker_set_repeat_cap(tg_checker *c, uint64_t cap)
{
    c->opts.repeat_cap = cap;
    return TG_OK;
}

tg_error tg_checker_set_limit(tg_checker *c, tg_limit which, uint64_t value)
{
    tg_error e = tgEngine_limit_ok(which, value);
    if (e == TG_OK)
        c->opts.limits[which] = value;
    return e;
}

tg_error tg_checker_set_node_fn(tg_checker *c, tg_node_fn fn, void *ctx)
{
    c->opts.on_node = fn;
    c->opts.node_ctx = ctx;
    return TG_OK;
}

tg_error tg_checker_set_event_fn(tg_checker *c, tg_event_fn fn, void *ctx)
{
    c->opts.on_event = fn;
    c->opts.event_ctx = ctx;
    return TG_OK;
}

/* The check of format f, made on first use, with the options taken.
 * @return it, or NULL after saying why in c->problem (*verdict: what
 * that gives). */
static tgEngine *engine_of(tg_checker *c, const tgFormat *f,
                           tg_verdict *verdict)
{
    size_t i = 0;
    while (tgFormat_at(i) != f)
        i++;
    if (c->engines[i] == NULL && (c->engines[i] = tgEngine_open(f)) == NULL) {
        snprintf(c->problem, sizeof c->problem, "%s", tg_strerror(TG_ENOMEM));
        *verdict = TG_LIMIT;
        return NULL;
    }
    if (tgEngine_configure(c->engines[i], &c->opts) != TG_OK) {
        snprintf(c->problem, sizeof c->problem,
                 "format %s has no profile \"%s\"", f->info.name,
                 c->opts.profile);
        *verdict = TG_UNSUPPORTED;
        return NULL;
    }
    return c->engines[i];
}

/* The facts of the last input, from the check of its format. */
static void take_facts(tg_checker *c, const tgEngine *e)
{
    c->used_profile = e->c.fmt->info.profiles[e->c.profile];
    c->bytes = e->c.bytes;
    c->layout = e->c.layout[0] ? e->c.layout : NULL;
    c->version = e->c.version[0] ? e->c.version : NULL;
    c->events_lost = e->c.events_lost;
    c->limit_hit = e->c.limit_hit;
}

static void forget_facts(tg_checker *c)
{
    c->used_format = c->detected = c->used_profile = c->layout = NULL;
    c->version = NULL;
    c->events_lost = 0;
    c->limit_hit = -1;
    c->problem[0] = '\0';
    c->bytes = 0;
}

/* The source, with the head read ahead for detection put back first. */
static long read_again(void *ctx, void *buf, size_t cap)
{
    tg_checker *c = ctx;
    if (c->pos < c->n) {
        size_t k = c->n - c->pos < cap ? c->n - c->pos : cap;
        memcpy(buf, c->head + c->pos, k);
        c->pos += k;
        return (long)k;
    }
    return c->read(c->rctx, buf, cap);
}

/* Read the rest of an input that is not checked: its size is still
 * reported.  @return -1 on a read error. */
static int count_rest(tg_checker *c)
{
    unsigned char buf[1 << 14];
    long got;
    while ((got = c->read(c->rctx, buf, sizeof buf)) > 0)
        c->bytes += (uint64_t)got;
    return got < 0 ? -1 : 0;
}

/* The sentence that goes with a verdict. */
static void explain(tg_checker *c, tg_verdict verdict)
{
    const tg_limit_info *l;
    switch (verdict) {
    case TG_IO_ERROR:
        snprintf(c->problem, sizeof c->problem,
                 "a read failed after %" PRIu64 " bytes", c->bytes);
        break;
    case TG_TRUNCATED:
        snprintf(c->problem, sizeof c->problem,
                 "the input stops early, at byte %" PRIu64, c->bytes);
        break;
    case TG_LIMIT:
        if ((l = tg_limit_about(c->limit_hit)) != NULL)
            snprintf(c->problem, sizeof c->problem,
                     "a resource limit of the checker was reached (%s; "
                     "see the limit finding): %s raises it",
                     l->meaning, l->option);
        else
            snprintf(c->problem, sizeof c->problem,
                     "the checker ran out of memory");
        break;
    default: c->problem[0] = '\0';
    }
}

/* Why no format was found, said with the evidence: the first bytes of
 * the input.  The content alone decides (docs/checking.md, "How the
 * format is decided"); a file name that suggests a format is only
 * quoted, so the verdict is the same from a path and from a pipe. */
static void unknown_format(tg_checker *c, const unsigned char *head,
                           size_t size, const char *name)
{
    char bytes[3 * 8 + 1] = "";
    size_t n = size < 8 ? size : 8, o = 0;
    for (size_t i = 0; i < n; i++)
        o += (size_t)snprintf(bytes + o, sizeof bytes - o, "%s%02x",
                              i ? " " : "", head[i]);
    const tgFormat *like = tgFormat_named_like(name);
    const char *named = like ? like->info.name : NULL;
    char hint[96] = "";
    if (named)
        snprintf(hint, sizeof hint,
                 "; the file name suggests %s, but a name never decides the "
                 "format",
                 named);
    snprintf(c->problem, sizeof c->problem,
             "unknown format: the content alone cannot decide it (%s%s%s)%s; "
             "name the format to check it as (--format%s%s)",
             n ? "it starts " : "it is empty", bytes, size > n ? " ..." : "",
             hint, named ? " " : "", named ? named : "");
}

/* The check of an input whose first n bytes are head: its format's, with
 * the options taken.  @return it, or NULL when there is none, after
 * saying why (and *verdict). */
static tgEngine *decide(tg_checker *c, const unsigned char *head, size_t n,
                        const char *name, tg_verdict *verdict)
{
    const tgFormat *f = c->opts.format;
    if (f) {
        c->detected = "the --format option"; /* or tg_checker_set_format() */
    } else {
        const char *found = tg_detect(head, n, &c->detected);
        if ((f = found ? tgFormat_find(found) : NULL) == NULL) {
            unknown_format(c, head, n, name);
            c->detected = NULL;
            *verdict = TG_UNSUPPORTED;
            return NULL;
        }
    }
    c->used_format = f->info.name;
    return engine_of(c, f, verdict);
}

tg_verdict tg_checker_check(tg_checker *c, tg_read_fn read, void *rctx,
                            const char *name, tg_start_fn on_start,
                            tg_diag_fn on_diag, void *ctx)
{
    forget_facts(c);
    c->read = read;
    c->rctx = rctx;
    c->n = c->pos = 0;
    tg_verdict verdict = TG_CONFORMANT;
    while (c->n < HEAD_SIZE) {
        long got = read(rctx, c->head + c->n, HEAD_SIZE - c->n);
        if (got < 0) {
            snprintf(c->problem, sizeof c->problem,
                     "a read failed after %zu bytes", c->n);
            if (on_start)
                on_start(ctx, c);
            return TG_IO_ERROR;
        }
        if (got == 0)
            break;
        c->n += (size_t)got;
    }
    tgEngine *e = decide(c, c->head, c->n, name, &verdict);
    if (e == NULL) {
        c->bytes = c->n;
        if (count_rest(c))
            verdict = TG_IO_ERROR;
    } else {
        c->used_profile = e->c.fmt->info.profiles[e->c.profile];
    }
    if (on_start)
        on_start(ctx, c);
    if (e == NULL)
        return verdict;
    verdict = tgEngine_check_reader(e, read_again, c, on_diag, ctx);
    take_facts(c, e);
    explain(c, verdict);
    return verdict;
}

tg_verdict tg_checker_check_buffer(tg_checker *c, const void *data,
                                   size_t size, const char *name,
                                   tg_start_fn on_start, tg_diag_fn on_diag,
                                   void *ctx)
{
    forget_facts(c);
    tg_verdict verdict = TG_CONFORMANT;
    tgEngine *e =
        decide(c, data, size < HEAD_SIZE ? size : HEAD_SIZE, name, &verdict);
    if (e)
        c->used_profile = e->c.fmt->info.profiles[e->c.profile];
    else
        c->bytes = size;
    if (on_start)
        on_start(ctx, c);
    if (e == NULL)
        return verdict;
    verdict = tgEngine_check_memory(e, data, size, on_diag, ctx);
    take_facts(c, e);
    explain(c, verdict);
    return verdict;
}

tg_verdict tg_checker_check_fd(tg_checker *c, int fd, const char *name,
                               tg_start_fn on_start, tg_diag_fn on_diag,
                               void *ctx)
{
    return tg_checker_check(c, tg_read_fd, &fd, name, on_start, on_diag, ctx);
}

const char *tg_checker_format(const tg_checker *c) { return c->used_format; }
const char *tg_checker_detected(const tg_checker *c) { return c->detected; }
const char *tg_checker_profile(const tg_checker *c) { return c->used_profile; }
const char *tg_checker_layout(const tg_checker *c) { return c->layout; }
const char *tg_checker_version(const tg_checker *c) { return c->version; }
const char *tg_checker_problem(const tg_checker *c)
{
    return c->problem[0] ? c->problem : NULL;
}
uint64_t tg_checker_bytes(const tg_checker *c) { return c->bytes; }
uint64_t tg_checker_events_lost(const tg_checker *c) { return c->events_lost; }
int tg_checker_limit_reached(const tg_checker *c) { return c->limit_hit; }
