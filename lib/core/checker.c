/* checker.c - one input checked end to end, as `tracegate check` does it
 * and any embedder can: the format detected (or given), the validator of
 * that format made once and kept, the options applied to it, the check
 * run, and the verdict explained in one sentence.  The facts of the last
 * input have one owner, the checker, and live until the next input. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "window.h"
#include "mem.h"

#define HEAD_SIZE 4096 /* bytes read ahead for detection */

typedef struct level_opt {
    const tg_rule *rule;
    tg_level level;
} level_opt;

struct tg_checker_s {
    /* options */
    const tgFormat *format; /* forced, or NULL to detect            */
    const char *profile;    /* a profile name, or NULL              */
    tg_level fail_on;
    uint64_t repeat_cap;
    uint64_t limits[TG_NLIMITS]; /* 0: the library default           */
    level_opt *levels;           /* --level options, in order            */
    size_t nlevels;
    const tg_rule **disabled; /* --disable options                    */
    size_t ndisabled;
    tg_validator **validators; /* one per registered format, or NULL   */
    tg_node_fn on_node;        /* tg_checker_set_node_fn()             */
    void *node_ctx;
    tg_event_fn on_event; /* tg_checker_set_event_fn()            */
    void *event_ctx;
    /* the last input */
    const char *used_format, *detected, *used_profile, *layout, *version;
    char problem[512];
    uint64_t bytes, events_lost;
    /* its reading: the head, then the rest from the source */
    unsigned char head[HEAD_SIZE];
    size_t n, pos;
    tg_read_fn read;
    void *rctx;
};

tg_error tg_checker_open(tg_checker **out)
{
    *out = tgMem_calloc(1, sizeof **out);
    if (*out == NULL)
        return TG_ENOMEM;
    (*out)->validators =
        tgMem_calloc(tgFormat_count(), sizeof *(*out)->validators);
    if ((*out)->validators == NULL) {
        tgMem_free(*out);
        *out = NULL;
        return TG_ENOMEM;
    }
    (*out)->fail_on = TG_MUST;
    (*out)->repeat_cap = 100;
    return TG_OK;
}

void tg_checker_free(tg_checker *c)
{
    if (c == NULL)
        return;
    for (size_t i = 0; i < tgFormat_count(); i++)
        tg_validator_free(c->validators[i]);
    tgMem_free(c->validators);
    tgMem_free(c->levels);
    tgMem_free(c->disabled);
    tgMem_free(c);
}

/* A changed option applies to validators made from now on. */
static void forget_validators(tg_checker *c)
{
    for (size_t i = 0; i < tgFormat_count(); i++) {
        tg_validator_free(c->validators[i]);
        c->validators[i] = NULL;
    }
}

tg_error tg_checker_set_format(tg_checker *c, const char *format)
{
    const tgFormat *f = format ? tgFormat_find(format) : NULL;
    if (format && f == NULL)
        return TG_EFORMAT;
    c->format = f;
    return TG_OK;
}

tg_error tg_checker_set_profile(tg_checker *c, const char *profile)
{
    int known = profile == NULL;
    for (size_t i = 0; i < tgFormat_count() && !known; i++)
        known = tgFormat_profile_index(tgFormat_at(i), profile) >= 0;
    if (!known)
        return TG_ENAME;
    c->profile = profile;
    forget_validators(c);
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
    level_opt *l = tgMem_realloc(c->levels, (c->nlevels + 1) * sizeof *l);
    if (l == NULL)
        return TG_ENOMEM;
    c->levels = l;
    c->levels[c->nlevels].rule = r;
    c->levels[c->nlevels++].level = level;
    forget_validators(c);
    return TG_OK;
}

tg_error tg_checker_disable_rule(tg_checker *c, const char *id)
{
    const tg_rule *r = tg_rule_find(id, NULL);
    if (r == NULL)
        return TG_ENAME;
    const tg_rule **d =
        tgMem_realloc(c->disabled, (c->ndisabled + 1) * sizeof *d);
    if (d == NULL)
        return TG_ENOMEM;
    c->disabled = d;
    c->disabled[c->ndisabled++] = r;
    forget_validators(c);
    return TG_OK;
}

tg_error tg_checker_set_fail_on(tg_checker *c, tg_level level)
{
    tg_error e = tgEngine_level_ok(level);
    if (e != TG_OK)
        return e;
    c->fail_on = level;
    forget_validators(c);
    return TG_OK;
}

tg_error tg_checker_set_repeat_cap(tg_checker *c, uint64_t cap)
{
    c->repeat_cap = cap;
    forget_validators(c);
    return TG_OK;
}

tg_error tg_checker_set_limit(tg_checker *c, tg_limit which, uint64_t value)
{
    tg_error e = tgEngine_limit_ok(which, value);
    if (e != TG_OK)
        return e;
    c->limits[which] = value;
    forget_validators(c);
    return TG_OK;
}

tg_error tg_checker_set_node_fn(tg_checker *c, tg_node_fn fn, void *ctx)
{
    c->on_node = fn;
    c->node_ctx = ctx;
    return TG_OK;
}

tg_error tg_checker_set_event_fn(tg_checker *c, tg_event_fn fn, void *ctx)
{
    c->on_event = fn;
    c->event_ctx = ctx;
    return TG_OK;
}

/* The validator of format i, made with the options on first use.  Rule
 * options naming another format's rules pass it by. */
static tg_error validator_of(tg_checker *c, size_t i, tg_validator **out)
{
    if (c->validators[i]) {
        *out = c->validators[i];
        return TG_OK;
    }
    const tgFormat *f = tgFormat_at(i);
    tg_validator *v;
    tg_error e = tg_validator_open(f->info.name, &v);
    if (e != TG_OK)
        return e;
    if (c->profile && tg_set_profile(v, c->profile) != TG_OK) {
        tg_validator_free(v);
        return TG_ENAME;
    }
    for (size_t k = 0; k < c->ndisabled; k++)
        if (c->disabled[k] >= f->rules &&
            c->disabled[k] < f->rules + f->nrules)
            tg_disable_rule(v, c->disabled[k]->id);
    for (size_t k = 0; k < c->nlevels; k++)
        if (c->levels[k].rule >= f->rules &&
            c->levels[k].rule < f->rules + f->nrules)
            tg_set_rule_level(v, c->levels[k].rule->id, c->levels[k].level);
    tg_set_fail_on(v, c->fail_on);
    tg_set_repeat_cap(v, c->repeat_cap);
    for (int k = 0; k < TG_NLIMITS; k++)
        if (c->limits[k])
            tg_set_limit(v, (tg_limit)k, c->limits[k]);
    *out = c->validators[i] = v;
    return TG_OK;
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
static void explain(tg_checker *c, tg_verdict verdict, const tg_validator *v)
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
        if ((l = tg_limit_about(tg_limit_reached(v))) != NULL)
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
static void unknown_format(tg_checker *c, const char *name)
{
    char bytes[3 * 8 + 1] = "";
    size_t n = c->n < 8 ? c->n : 8, o = 0;
    for (size_t i = 0; i < n; i++)
        o += (size_t)snprintf(bytes + o, sizeof bytes - o, "%s%02x",
                              i ? " " : "", c->head[i]);
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
             n ? "it starts " : "it is empty", bytes, c->n > n ? " ..." : "",
             hint, named ? " " : "", named ? named : "");
}

tg_verdict tg_checker_check(tg_checker *c, tg_read_fn read, void *rctx,
                            const char *name, tg_start_fn on_start,
                            tg_diag_fn on_diag, void *ctx)
{
    c->used_format = c->detected = c->used_profile = c->layout = NULL;
    c->version = NULL;
    c->events_lost = 0;
    c->problem[0] = '\0';
    c->bytes = 0;
    c->read = read;
    c->rctx = rctx;
    c->n = c->pos = 0;
    tg_verdict verdict = TG_CONFORMANT;
    tg_validator *v = NULL;
    while (c->n < HEAD_SIZE) {
        long got = read(rctx, c->head + c->n, HEAD_SIZE - c->n);
        if (got <= 0) {
            if (got < 0) {
                snprintf(c->problem, sizeof c->problem,
                         "a read failed after %zu bytes", c->n);
                verdict = TG_IO_ERROR;
                goto said;
            }
            break;
        }
        c->n += (size_t)got;
    }
    const tgFormat *f = c->format;
    if (f) {
        c->detected = "the --format option"; /* or tg_checker_set_format() */
    } else {
        const char *name_found = tg_detect(c->head, c->n, &c->detected);
        if ((f = name_found ? tgFormat_find(name_found) : NULL) == NULL) {
            unknown_format(c, name);
            c->detected = NULL;
            c->bytes = c->n;
            verdict = count_rest(c) ? TG_IO_ERROR : TG_UNSUPPORTED;
            goto said;
        }
    }
    size_t i = 0;
    while (tgFormat_at(i) != f)
        i++;
    c->used_format = f->info.name;
    tg_error e = validator_of(c, i, &v);
    if (e != TG_OK) {
        if (e == TG_ENAME)
            snprintf(c->problem, sizeof c->problem,
                     "format %s has no profile \"%s\"", f->info.name,
                     c->profile);
        else
            snprintf(c->problem, sizeof c->problem, "%s", tg_strerror(e));
        verdict = e == TG_ENAME ? TG_UNSUPPORTED : TG_LIMIT;
        c->bytes = c->n;
        if (count_rest(c))
            verdict = TG_IO_ERROR;
        v = NULL;
        goto said;
    }
    c->used_profile = tg_profile_name(v);
    if (on_start)
        on_start(ctx, c);
    tg_set_node_fn(v, c->on_node, c->node_ctx);
    tg_set_event_fn(v, c->on_event, c->event_ctx);
    verdict = tg_check_reader(v, read_again, c, on_diag, ctx);
    c->bytes = tg_bytes_checked(v);
    if (*tg_layout(v))
        c->layout = tg_layout(v);
    if (*tg_layout_version(v))
        c->version = tg_layout_version(v);
    c->events_lost = tg_events_lost(v);
    explain(c, verdict, v);
    return verdict;
said:
    if (on_start)
        on_start(ctx, c);
    return verdict;
}

const char *tg_checker_format(const tg_checker *c) { return c->used_format; }
const char *tg_checker_detected(const tg_checker *c) { return c->detected; }
const char *tg_checker_profile(const tg_checker *c) { return c->used_profile; }
const char *tg_checker_layout(const tg_checker *c) { return c->layout; }
const char *tg_checker_version(const tg_checker *c) { return c->version; }
uint64_t tg_checker_events_lost(const tg_checker *c) { return c->events_lost; }
const char *tg_checker_problem(const tg_checker *c)
{
    return c->problem[0] ? c->problem : NULL;
}
uint64_t tg_checker_bytes(const tg_checker *c) { return c->bytes; }

/* Bytes in memory, read as a tg_read_fn reads them. */
typedef struct in_memory {
    const unsigned char *p;
    size_t left;
} in_memory;

static long read_memory(void *ctx, void *buf, size_t cap)
{
    in_memory *m = ctx;
    size_t n = cap < m->left ? cap : m->left;
    memcpy(buf, m->p, n);
    m->p += n;
    m->left -= n;
    return (long)n;
}

tg_verdict tg_checker_check_buffer(tg_checker *c, const void *data,
                                   size_t size, const char *name,
                                   tg_start_fn on_start, tg_diag_fn on_diag,
                                   void *ctx)
{
    in_memory m = {data, size};
    return tg_checker_check(c, read_memory, &m, name, on_start, on_diag, ctx);
}
