/* engine.h - the check context a format front end reports through.
 *
 * tgEngine_report() applies the options (disabled rules, level overrides, the
 * per-rule repeat cap), numbers the finding, links it to the finding it is
 * a consequence of, and keeps what the verdict needs. */
#ifndef TG_ENGINE_H
#define TG_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rule.h"

struct tgFormat;
struct tgWindow;

/* The number of tg_limit values (the ABI counts them by tg_limit_about()). */
#define TG_LIMIT_COUNT (TG_LIMIT_NAME_BYTES + 1)

/* A --level option: rule, at level. */
typedef struct tgOptions_level {
    const tg_rule *rule;
    tg_level level;
} tgOptions_level;

/* The options of a checker: one record, set through tg_checker_set_*()
 * and read by the check of every format (tgEngine_configure()).  The
 * defaults are made by tgOptions_init() alone. */
typedef struct tgOptions {
    const struct tgFormat *format; /* forced, or NULL to detect      */
    char *profile;                 /* a copied name, or NULL: first  */
    tg_level fail_on;
    uint64_t repeat_cap; /* 0 = unlimited                  */
    uint64_t limits[TG_LIMIT_COUNT];
    tgOptions_level *levels; /* --level options, in order      */
    size_t nlevels;
    const tg_rule **disabled; /* --disable options              */
    size_t ndisabled;
    tg_node_fn on_node;
    void *node_ctx;
    tg_event_fn on_event;
    void *event_ctx;
} tgOptions;

/*! tgOptions_init() : the default options into o. */
void tgOptions_init(tgOptions *o);

/* The check context: what the check of one format knows while it checks
 * one input.  The options are taken from the checker's at the start of
 * each check (tgEngine_configure()); the per-file part (from `seq` on) is
 * reset by each check. */
typedef struct tgEngine_check {
    const struct tgFormat *fmt;
    int profile;                     /* profile index in fmt          */
    tg_level *levels;                /* effective level per rule      */
    unsigned char *off;              /* 1 = rule disabled or not applicable */
    uint64_t *counts;                /* findings per rule so far      */
    uint64_t repeat_cap;             /* 0 = unlimited                 */
    uint64_t limits[TG_LIMIT_COUNT]; /* tg_limit values in force      */
    tg_level fail_on;
    tg_diag_fn on_diag;
    void *ctx;
    tg_node_fn on_node; /* the parts of the input, or NULL           */
    void *node_ctx;
    tg_event_fn on_event; /* its events, or NULL                    */
    void *event_ctx;
    /* per file */
    uint64_t seq;         /* findings reported so far              */
    uint64_t bytes;       /* bytes the input held                  */
    tg_verdict worst;     /* the most severe verdict of a finding  */
    int limit_hit;        /* the tg_limit reached first, or -1     */
    char layout[512];     /* what the front end found the input to be */
    char version[16];     /* its short name: "v5", "v6-draft" (layout) */
    uint64_t events_lost; /* events the input says were lost        */
} tgEngine_check;

/* The check of one format, kept by a checker between its inputs: the
 * context and the read window, which keeps the size it grew to. */
typedef struct tgEngine {
    tgEngine_check c;
    unsigned char *window;
    size_t window_cap;
} tgEngine;

/*! tgEngine_open() : the check of format fmt.  @return it, or NULL when
 *  memory is short. */
tgEngine *tgEngine_open(const struct tgFormat *fmt);
/*! tgEngine_free() : NULL is a no-op. */
void tgEngine_free(tgEngine *e);
/*! tgEngine_configure() : take the options o for the next check.
 *  @return TG_OK, or TG_ENAME when the format has no profile o->profile. */
tg_error tgEngine_configure(tgEngine *e, const tgOptions *o);
/*! tgEngine_check_memory(), tgEngine_check_reader() : check one whole
 *  input, in memory or read by `read`, calling on_diag for each finding.
 *  @return the verdict. */
tg_verdict tgEngine_check_memory(tgEngine *e, const void *data, size_t size,
                                 tg_diag_fn on_diag, void *ctx);
tg_verdict tgEngine_check_reader(tgEngine *e, tg_read_fn read, void *rctx,
                                 tg_diag_fn on_diag, void *ctx);

/* Where a finding is, and what was expected and found. */
typedef struct tgEngine_site {
    uint64_t offset, length;
    uint64_t line, column;
    const char *path;
    int64_t cause; /* seq of the finding this follows from, or -1 */
} tgEngine_site;

/*! tgEngine_report() : report rule index `rule` at site s.  expected and found
 *  are printf-free static or stack strings (NULL = "").
 *  @return the finding's seq, or -1 if it was not reported (disabled, not
 *  applicable, or over the repeat cap). */
int64_t tgEngine_report(tgEngine_check *c, size_t rule, const tgEngine_site *s,
                        const char *expected, const char *found);

/*! tgEngine_verdict() : the verdict one finding of a rule of this kind and
 *  level gives against fail_on: the one home of that mapping. */
tg_verdict tgEngine_verdict(tg_rule_kind kind, tg_level level,
                            tg_level fail_on);

/*! tgEngine_level_ok(), tgEngine_limit_ok() : TG_OK, or why a level or a limit
 *  value is refused; the checker takes options through these. */
tg_error tgEngine_level_ok(tg_level level);
tg_error tgEngine_limit_ok(tg_limit which, uint64_t value);

/*! tgEngine_limit_text() : the `expected` text of a LIMIT finding for limit
 *  `which` ("<= N unit (--option raises it)") into buf, and note that the
 *  limit was reached.  @return buf. */
const char *tgEngine_limit_text(tgEngine_check *c, tg_limit which,
                                const char *unit, char *buf, size_t size);

/*! tgEngine_active() : whether rule index `rule` is reported at all; lets a
 *  front end skip work for disabled rules. */
static inline int tgEngine_active(const tgEngine_check *c, size_t rule)
{
    return !c->off[rule];
}

/*! tgEngine_capped() : whether the next finding of `rule` is over the repeat
 *  cap, so only counted: a front end need not format its text (it still
 *  calls tgEngine_report(), with any site and NULL strings). */
static inline int tgEngine_capped(const tgEngine_check *c, size_t rule)
{
    return c->repeat_cap && c->counts[rule] >= c->repeat_cap;
}

/*! tgEngine_shown() : whether the next finding of `rule` is shown (active and
 *  under the repeat cap).  A finding that is only counted must cost next
 *  to nothing, so that millions of them cost no more than reading the
 *  records that carry them: its text and path are made only when shown. */
static inline int tgEngine_shown(const tgEngine_check *c, size_t rule)
{
    return !c->off[rule] && !tgEngine_capped(c, rule);
}

/*! tgEngine_count() : what tgEngine_report() does with a finding that tgEngine_shown()
 *  said is not shown (disabled, or over the cap: only counted), for a fast
 *  path that skips a run of such findings without building a site. */
static inline void tgEngine_count(tgEngine_check *c, size_t rule)
{
    if (!c->off[rule])
        c->counts[rule]++;
}

/*! tgEngine_showing() : whether the caller wants the input's parts
 *  (tg_checker_set_node_fn()): a front end then names each one and takes no fast
 *  path, which would skip them. */
static inline int tgEngine_showing(const tgEngine_check *c)
{
    return c->on_node != NULL;
}

/*! tgEngine_fast_paths() : whether a front end may take its fast paths:
 *  not when the caller wants the input's parts or its events (the fast
 *  paths skip them),
 *  and never in the test build that compares the paths with the general
 *  ones (TG_FAST_PATHS_OFF, tests/fast-paths.t).  Either way the findings
 *  are the same. */
static inline int tgEngine_fast_paths(const tgEngine_check *c)
{
#ifdef TG_FAST_PATHS_OFF
    (void)c;
    return 0;
#else
    return !tgEngine_showing(c) && c->on_event == NULL;
#endif
}

/*! tgEngine_node() : hand part n to the caller, when it wants parts. */
static inline void tgEngine_node(tgEngine_check *c, const tg_node *n)
{
    if (c->on_node)
        c->on_node(c->node_ctx, n);
}

/* TG_ENGINE_TEXT(c, rule, buf, format, ...) : buf (an array) formatted, when the
 * next finding of `rule` is shown; NULL (the engine's "") when it is only
 * counted.  How a front end formats the text of a finding that can repeat
 * per row, record or line. */
#define TG_ENGINE_TEXT(c, rule, buf, ...)                                     \
    (tgEngine_shown((c), (rule))                                              \
         ? (snprintf((buf), sizeof(buf), __VA_ARGS__), (const char *)(buf))   \
         : (const char *)NULL)
/* TG_ENGINE_QUOTED(c, rule, p, n, buf) : the bytes p[0..n) quoted into buf (an
 * array) by tgQuote_bytes() (core/quote.h, which the user includes), or
 * NULL when the next finding of `rule` is only counted. */
#define TG_ENGINE_QUOTED(c, rule, p, n, buf)                                  \
    (tgEngine_shown((c), (rule))                                              \
         ? tgQuote_bytes((p), (n), (buf), sizeof(buf))                        \
         : (const char *)NULL)

#endif
