/* engine.c - the check of one format: options taken, the check loop,
 * findings numbered and capped, and verdicts. */
#include "engine.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format.h"
#include "window.h"
#include "mem.h"

static const tg_limit_info limits[TG_LIMIT_COUNT] = {
    [TG_LIMIT_LIVE_OBJECTS] = {"--max-live",
                               "ids, threads and addresses tracked at once",
                               1u << 20, 1, (uint64_t)1 << 32},
    [TG_LIMIT_BLOCK_BYTES] = {"--max-block",
                              "bytes of the largest block read whole",
                              TG_WINDOW_MAX_NEED, 1u << 16, (uint64_t)1 << 31},
    /* recursion follows nesting: the maximum keeps the stack small */
    [TG_LIMIT_DEPTH] = {"--max-depth", "nesting of metadata field lists", 64,
                        1, 1024},
    [TG_LIMIT_PAYLOAD_STEPS] = {"--max-payload-steps",
                                "payload-decoding steps of live metadata",
                                1u << 20, 1, (uint64_t)1 << 28},
    [TG_LIMIT_NAME_BYTES] = {"--max-names",
                             "bytes of provider and event names kept to "
                             "name events",
                             (uint64_t)64 << 20, 1u << 16, UINT32_MAX},
};

const tg_limit_info *tg_limit_about(int which)
{
    return which >= 0 && which < TG_LIMIT_COUNT ? &limits[which] : NULL;
}

void tgOptions_init(tgOptions *o)
{
    memset(o, 0, sizeof *o);
    o->fail_on = TG_MUST;
    o->repeat_cap = TG_DEFAULT_REPEAT_CAP;
    for (int i = 0; i < TG_LIMIT_COUNT; i++)
        o->limits[i] = limits[i].value;
}

/* The index of r in the rule table of fmt, or -1 if it is another
 * format's. */
static long own_rule(const tgFormat *fmt, const tg_rule *r)
{
    return r >= fmt->rules && r < fmt->rules + fmt->nrules
               ? (long)(r - fmt->rules)
               : -1;
}

tg_error tgEngine_configure(tgEngine *e, const tgOptions *o)
{
    tgEngine_check *c = &e->c;
    const tgFormat *fmt = c->fmt;
    int p = o->profile ? tgFormat_profile_index(fmt, o->profile) : 0;
    if (p < 0)
        return TG_ENAME;
    c->profile = p;
    /* the effective level and on/off state of every rule, from the
     * table, the profile and the user's options, in the order given */
    for (size_t i = 0; i < fmt->nrules; i++) {
        const tg_rule *r = &fmt->rules[i];
        /* a compat profile raises COMPAT rules to MUST, and the rules its
         * reader fails on too */
        c->levels[i] = p == fmt->compat_profile && tg_rule_must_under_compat(r)
                           ? TG_MUST
                           : r->level;
        c->off[i] = !tgFormat_rule_applies(fmt, r, p);
    }
    for (size_t k = 0; k < o->nlevels; k++) {
        long i = own_rule(fmt, o->levels[k].rule);
        if (i >= 0)
            c->levels[i] = o->levels[k].level;
    }
    for (size_t k = 0; k < o->ndisabled; k++) {
        long i = own_rule(fmt, o->disabled[k]);
        if (i >= 0)
            c->off[i] = 1;
    }
    c->fail_on = o->fail_on;
    c->repeat_cap = o->repeat_cap;
    memcpy(c->limits, o->limits, sizeof c->limits);
    c->on_node = o->on_node;
    c->node_ctx = o->node_ctx;
    c->on_event = o->on_event;
    c->event_ctx = o->event_ctx;
    return TG_OK;
}

tgEngine *tgEngine_open(const tgFormat *fmt)
{
    tgEngine *e = tgMem_calloc(1, sizeof *e);
    if (e == NULL)
        return NULL;
    tgEngine_check *c = &e->c;
    size_t n = fmt->nrules;
    c->fmt = fmt;
    c->levels = tgMem_calloc(n, sizeof *c->levels);
    c->off = tgMem_calloc(n, 1);
    c->counts = tgMem_calloc(n, sizeof *c->counts);
    if (!c->levels || !c->off || !c->counts) {
        tgEngine_free(e);
        return NULL;
    }
    c->limit_hit = -1;
    return e;
}

void tgEngine_free(tgEngine *e)
{
    if (e == NULL)
        return;
    tgMem_free(e->c.levels);
    tgMem_free(e->c.off);
    tgMem_free(e->c.counts);
    tgMem_free(e->window);
    tgMem_free(e);
}

tg_error tgEngine_level_ok(tg_level level)
{
    return level >= TG_INFO && level <= TG_MUST ? TG_OK : TG_EVALUE;
}

tg_error tgEngine_limit_ok(tg_limit which, uint64_t value)
{
    const tg_limit_info *l = tg_limit_about((int)which);
    if (l == NULL)
        return TG_ENAME;
    return value >= l->min && value <= l->max ? TG_OK : TG_EVALUE;
}

const char *tg_strerror(tg_error e)
{
    switch (e) {
    case TG_OK: return "no error";
    case TG_EFORMAT: return "no such format";
    case TG_ENOMEM: return "out of memory";
    case TG_ENAME: return "no such profile, rule or limit";
    case TG_EVALUE: return "a value the option does not accept";
    case TG_EWRITE: return "the output could not be written";
    case TG_ENOCORPUS: return "built without the corpus code";
    case TG_ELATE: return "too late: the library has allocated already";
    }
    return "an unknown error";
}

const char *tg_version(void) { return TG_VERSION; }

const char *tgEngine_limit_text(tgEngine_check *c, tg_limit which,
                                const char *unit, char *buf, size_t size)
{
    if (c->limit_hit < 0)
        c->limit_hit = (int)which;
    snprintf(buf, size, "<= %" PRIu64 " %s (%s raises it)", c->limits[which],
             unit, limits[which].option);
    return buf;
}

int64_t tgEngine_report(tgEngine_check *c, size_t rule, const tgEngine_site *s,
                        const char *expected, const char *found)
{
    /* Disabled, or over the cap: counted only.  The verdict took this
     * rule in with its first finding (a rule's level is fixed for the
     * whole check). */
    if (!tgEngine_shown(c, rule)) {
        tgEngine_count(c, rule);
        return -1;
    }
    const tg_rule *r = &c->fmt->rules[rule];
    tg_level level = c->levels[rule];
    tg_verdict v = tgEngine_verdict(r->kind, level, c->fail_on);
    if (tg_verdict_rank(v) > tg_verdict_rank(c->worst))
        c->worst = v;
    if (c->repeat_cap)
        c->counts[rule]++;
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
static void report_suppressed(tgEngine_check *c, uint64_t end)
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

static tg_verdict run(tgEngine *e, tgWindow *w, tg_diag_fn on_diag, void *ctx)
{
    tgEngine_check *c = &e->c;
    memset(c->counts, 0, c->fmt->nrules * sizeof *c->counts);
    c->on_diag = on_diag;
    c->ctx = ctx;
    c->seq = 0;
    c->worst = TG_CONFORMANT;
    c->limit_hit = -1;
    c->layout[0] = '\0';
    c->version[0] = '\0';
    c->events_lost = 0;
    w->max_need = (size_t)c->limits[TG_LIMIT_BLOCK_BYTES];
    c->fmt->check(c, w);
    /* the rest of the input is read too: the byte count is its size, and
     * a writer on the other end of a pipe is never cut off */
    c->bytes = tgWindow_offset(w) + tgWindow_skip(w, UINT64_MAX);
    report_suppressed(c, c->bytes);
    if (w->error)
        return TG_IO_ERROR;
    if (w->nomem && tg_verdict_rank(TG_LIMIT) > tg_verdict_rank(c->worst))
        return TG_LIMIT; /* the window could not grow */
    return c->worst;
}

tg_verdict tgEngine_check_memory(tgEngine *e, const void *data, size_t size,
                                 tg_diag_fn on_diag, void *ctx)
{
    tgWindow w;
    tgWindow_open_memory(&w, data, size);
    return run(e, &w, on_diag, ctx);
}

tg_verdict tgEngine_check_reader(tgEngine *e, tg_read_fn read, void *rctx,
                                 tg_diag_fn on_diag, void *ctx)
{
    tgWindow w;
    tgWindow_open_reader(&w, e->window, e->window_cap, read, rctx);
    tg_verdict r = run(e, &w, on_diag, ctx);
    e->window = w.own; /* keep the (possibly grown) buffer */
    e->window_cap = w.cap;
    return r;
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

tg_verdict tgEngine_verdict(tg_rule_kind kind, tg_level level,
                            tg_level fail_on)
{
    switch (kind) {
    case TG_KIND_TRUNCATED: return TG_TRUNCATED;
    case TG_KIND_LIMIT: return TG_LIMIT;
    case TG_KIND_UNSUPPORTED: return TG_UNSUPPORTED;
    case TG_KIND_CHECK: break;
    }
    return level >= fail_on ? TG_VIOLATIONS : TG_CONFORMANT;
}

tg_verdict tg_rule_verdict(const tg_rule *r)
{
    return tgEngine_verdict(r->kind, r->level, TG_MUST);
}

tg_verdict tg_finding_verdict(const tg_rule *r, tg_level level,
                              tg_level fail_on)
{
    return tgEngine_verdict(r->kind, level, fail_on);
}

tg_duty tg_reader_duty(tg_verdict verdict, uint64_t findings,
                       uint64_t spec_must)
{
    switch (verdict) {
    case TG_CONFORMANT: return findings ? TG_DUTY_MAY_WARN : TG_DUTY_ACCEPT;
    /* every MUST finding only a compat profile's: a legal file */
    case TG_VIOLATIONS: return spec_must ? TG_DUTY_REJECT : TG_DUTY_MAY_WARN;
    case TG_UNSUPPORTED:
    case TG_TRUNCATED: return TG_DUTY_REJECT;
    /* a limit of the checker is never a property of the file */
    case TG_LIMIT:
    case TG_IO_ERROR:
    case TG_INTERNAL: break;
    }
    return TG_DUTY_UNDECIDED;
}

const char *tg_duty_name(tg_duty d)
{
    switch (d) {
    case TG_DUTY_ACCEPT: return "accept";
    case TG_DUTY_MAY_WARN: return "accept, may warn";
    case TG_DUTY_REJECT: return "reject";
    case TG_DUTY_UNDECIDED: break;
    }
    return "unscored";
}

int tg_verdict_rank(tg_verdict v)
{
    /* 6 > 3 > 5 > 4 > 1 > 7 > 0: a bug, then an input that could not be
     * read, then what could not be checked, then findings */
    static const int rank[] = {
        [TG_CONFORMANT] = 0, [TG_TRUNCATED] = 2,
        [TG_VIOLATIONS] = 3, [TG_UNSUPPORTED] = 4,
        [TG_LIMIT] = 5,      [TG_IO_ERROR] = 6,
        [TG_INTERNAL] = 7,   [2] = 1 /* no verdict, as an unknown value */};
    return (unsigned)v < sizeof rank / sizeof rank[0] ? rank[v] : 1;
}

const char *tg_verdict_name(tg_verdict v)
{
    switch (v) {
    case TG_CONFORMANT: return "conformant";
    case TG_VIOLATIONS: return "violations";
    case TG_IO_ERROR: return "io-error";
    case TG_UNSUPPORTED: return "unsupported";
    case TG_LIMIT: return "resource-limit";
    case TG_INTERNAL: return "internal-error";
    case TG_TRUNCATED: return "truncated";
    }
    return "?";
}
