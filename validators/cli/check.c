/* check.c - `tracegate check`: validate files (or stdin) and report. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/report.h"
#include "../core/window.h"
#include "cli.h"

#define HEAD_SIZE 4096 /* bytes read ahead for format detection */
#define MAX_RULE_OPTS 256

typedef struct level_opt {
    const char *id;
    tg_level level;
} level_opt;

typedef struct check_opts {
    const char *format;  /* NULL = auto */
    const char *profile; /* NULL = the format's default */
    tg_level fail_on;
    const char *report;
    const char *output;
    uint64_t repeat_cap;
    uint64_t limits[TG_NLIMITS]; /* 0 = the library default */
    const char *disabled[MAX_RULE_OPTS];
    size_t ndisabled;
    level_opt levels[MAX_RULE_OPTS];
    size_t nlevels;
} check_opts;

/* An input: the bytes read ahead for detection, then the descriptor. */
typedef struct source {
    int fd;
    unsigned char head[HEAD_SIZE];
    size_t n, pos;
} source;

static long source_read(void *ctx, void *buf, size_t cap)
{
    source *s = ctx;
    if (s->pos < s->n) {
        size_t k = s->n - s->pos < cap ? s->n - s->pos : cap;
        memcpy(buf, s->head + s->pos, k);
        s->pos += k;
        return (long)k;
    }
    return tgW_read_fd(&s->fd, buf, cap);
}

static int read_head(source *s)
{
    while (s->n < HEAD_SIZE) {
        long got = tgW_read_fd(&s->fd, s->head + s->n, HEAD_SIZE - s->n);
        if (got < 0)
            return -1;
        if (got == 0)
            break;
        s->n += (size_t)got;
    }
    return 0;
}

typedef struct file_run {
    tgR_sink *sink;
    tgR_file file;
} file_run;

static void on_diag(void *ctx, const tg_diag *d)
{
    file_run *r = ctx;
    if (d->suppressed)
        r->file.suppressed += d->suppressed;
    else
        r->file.counts[d->level]++;
    tgR_diag(r->sink, &r->file, d);
}

/* Apply the options that name this validator's rules; ids of other
 * formats are skipped (they were checked to exist up front). */
static void configure(tg_validator *v, const char *format,
                      const check_opts *o)
{
    const char *owner;
    for (size_t i = 0; i < o->ndisabled; i++)
        if (tg_rule_find(o->disabled[i], &owner) &&
            strcmp(owner, format) == 0)
            tg_disable_rule(v, o->disabled[i]);
    for (size_t i = 0; i < o->nlevels; i++)
        if (tg_rule_find(o->levels[i].id, &owner) &&
            strcmp(owner, format) == 0)
            tg_set_rule_level(v, o->levels[i].id, o->levels[i].level);
    tg_set_fail_on(v, o->fail_on);
    tg_set_repeat_cap(v, o->repeat_cap);
    for (int i = 0; i < TG_NLIMITS; i++)
        if (o->limits[i])
            tg_set_limit(v, (tg_limit)i, o->limits[i]);
}

/* The rest of an input that is not checked, for its byte count. */
static uint64_t drain(source *s)
{
    uint64_t n = s->n;
    unsigned char buf[1 << 15];
    long got;
    while ((got = tgW_read_fd(&s->fd, buf, sizeof buf)) > 0)
        n += (uint64_t)got;
    return n;
}

static tg_verdict check_one(const char *path, const check_opts *o,
                            tgR_sink *sink)
{
    static char problem[512];
    file_run run;
    memset(&run, 0, sizeof run);
    run.sink = sink;
    run.file.path = path;
    source *src = calloc(1, sizeof *src);
    if (src == NULL)
        return TG_INTERNAL;
    int is_stdin = strcmp(path, "-") == 0;
    src->fd = is_stdin ? 0 : open(path, O_RDONLY);
    tg_validator *v = NULL;
    if (src->fd < 0 || read_head(src) != 0) {
        snprintf(problem, sizeof problem, "cannot read %s: %s", path,
                 strerror(errno));
        run.file.problem = problem;
        run.file.verdict = TG_IO_ERROR;
        goto done;
    }
    if (o->format) {
        run.file.format = o->format;
        run.file.detected = "the --format option";
    } else {
        run.file.format = tg_detect(src->head, src->n,
                                    is_stdin ? "" : path,
                                    &run.file.detected);
        if (run.file.format == NULL) {
            snprintf(problem, sizeof problem,
                     "unknown format: %s; name it with --format",
                     run.file.detected);
            run.file.problem = problem;
            run.file.detected = NULL;
            run.file.verdict = TG_UNSUPPORTED;
            run.file.bytes = drain(src);
            goto done;
        }
    }
    v = tg_validator_new(run.file.format);
    if (v == NULL) {
        run.file.verdict = TG_INTERNAL;
        run.file.problem = "out of memory";
        goto done;
    }
    if (o->profile && tg_set_profile(v, o->profile) != 0) {
        snprintf(problem, sizeof problem,
                 "format %s has no profile \"%s\"", run.file.format,
                 o->profile);
        run.file.problem = problem;
        run.file.verdict = TG_UNSUPPORTED;
        goto done;
    }
    run.file.profile = tg_profile_name(v);
    configure(v, run.file.format, o);
    tgR_file_begin(sink, &run.file);
    run.file.verdict = tg_check_reader(v, source_read, src, on_diag, &run);
    run.file.bytes = tg_bytes_checked(v);
    if (*tg_layout(v))
        run.file.layout = tg_layout(v);
    if (run.file.verdict == TG_IO_ERROR) {
        snprintf(problem, sizeof problem, "read error after %llu bytes",
                 (unsigned long long)run.file.bytes);
        run.file.problem = problem;
    } else if (run.file.verdict == TG_TRUNCATED) {
        snprintf(problem, sizeof problem,
                 "the input stops early, at byte %llu",
                 (unsigned long long)run.file.bytes);
        run.file.problem = problem;
    } else if (run.file.verdict == TG_LIMIT) {
        const tg_limit_info *l = tg_limit_about(tg_limit_reached(v));
        if (l)
            snprintf(problem, sizeof problem,
                     "a resource limit of the checker was reached (%s; "
                     "see the limit finding): %s raises it",
                     l->meaning, l->option);
        else
            snprintf(problem, sizeof problem,
                     "the checker ran out of memory");
        run.file.problem = problem;
    }
    tgR_file_end(sink, &run.file);
    goto cleanup;
done:
    tgR_file_begin(sink, &run.file);
    tgR_file_end(sink, &run.file);
cleanup:
    if (!is_stdin && src->fd >= 0)
        close(src->fd);
    free(src);
    tg_validator_free(v);
    return run.file.verdict;
}

static int parse_level_opt(check_opts *o, char *arg)
{
    char *eq = strchr(arg, '=');
    int level = eq ? tg_level_parse(eq + 1) : -1;
    if (level < 0)
        return tgC_usage("--level wants ID=must|should|compat|info, not "
                         "'%s'",
                         arg);
    *eq = 0;
    if (tg_rule_find(arg, NULL) == NULL)
        return tgC_usage("--level: no rule %s", arg);
    if (o->nlevels == MAX_RULE_OPTS)
        return tgC_usage("too many --level options");
    o->levels[o->nlevels].id = arg;
    o->levels[o->nlevels++].level = (tg_level)level;
    return 0;
}

static int profile_exists(const char *name)
{
    for (size_t i = 0; i < tg_format_count(); i++)
        for (const char *const *p = tg_format_at(i)->profiles; *p; p++)
            if (strcmp(*p, name) == 0)
                return 1;
    return 0;
}

enum { O_FAIL = 256, O_DISABLE, O_LEVEL, O_PROFILE, O_FORMAT, O_REPORT,
       O_REPEATS, O_LIMIT /* + tg_limit */ };

/* The long options: fixed ones, then one per limit, named from the
 * library's table. */
static void options(struct option *out)
{
    static const struct option fixed[] = {
        {"fail-on", required_argument, NULL, O_FAIL},
        {"disable", required_argument, NULL, O_DISABLE},
        {"level", required_argument, NULL, O_LEVEL},
        {"profile", required_argument, NULL, O_PROFILE},
        {"format", required_argument, NULL, O_FORMAT},
        {"report", required_argument, NULL, O_REPORT},
        {"output", required_argument, NULL, 'o'},
        {"max-repeats", required_argument, NULL, O_REPEATS}};
    size_t n = sizeof fixed / sizeof fixed[0];
    memcpy(out, fixed, sizeof fixed);
    for (int i = 0; i < TG_NLIMITS; i++) {
        struct option l = {tg_limit_about(i)->option + 2, required_argument,
                           NULL, O_LIMIT + i};
        out[n++] = l;
    }
    memset(&out[n], 0, sizeof *out);
}

static int parse_limit(check_opts *o, int which, const char *arg)
{
    const tg_limit_info *l = tg_limit_about(which);
    uint64_t v;
    if (tgC_number(arg, &v) != 0 || v < l->min || v > l->max)
        return tgC_usage("%s wants a number from %" PRIu64 " to %" PRIu64
                         " (%s; default %" PRIu64 ")",
                         l->option, l->min, l->max, l->meaning, l->value);
    o->limits[which] = v;
    return 0;
}

static int parse(int argc, char **argv, check_opts *o)
{
    struct option longs[8 + TG_NLIMITS + 1];
    options(longs);
    int c, level, r;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:", longs, NULL)) != -1) {
        switch (c) {
        case O_FAIL:
            if ((level = tg_level_parse(optarg)) < 0)
                return tgC_usage("--fail-on wants must, should, compat or "
                                 "info, not '%s'",
                                 optarg);
            o->fail_on = (tg_level)level;
            break;
        case O_DISABLE:
            if (tg_rule_find(optarg, NULL) == NULL)
                return tgC_usage("--disable: no rule %s", optarg);
            if (o->ndisabled == MAX_RULE_OPTS)
                return tgC_usage("too many --disable options");
            o->disabled[o->ndisabled++] = optarg;
            break;
        case O_LEVEL:
            if ((r = parse_level_opt(o, optarg)) != 0)
                return r;
            break;
        case O_PROFILE:
            if (!profile_exists(optarg))
                return tgC_usage("--profile: no format has a profile "
                                 "'%s'",
                                 optarg);
            o->profile = optarg;
            break;
        case O_FORMAT:
            if (strcmp(optarg, "auto") == 0)
                o->format = NULL;
            else if (tg_rule_count(optarg) == 0)
                return tgC_usage("--format: unknown format '%s'", optarg);
            else
                o->format = optarg;
            break;
        case O_REPORT: o->report = optarg; break;
        case 'o': o->output = optarg; break;
        case O_REPEATS:
            if (tgC_number(optarg, &o->repeat_cap) != 0)
                return tgC_usage("--max-repeats wants a number");
            break;
        default:
            if (c >= O_LIMIT && c < O_LIMIT + TG_NLIMITS) {
                if ((r = parse_limit(o, c - O_LIMIT, optarg)) != 0)
                    return r;
                break;
            }
            return tgC_usage("check: bad option");
        }
    }
    if (optind >= argc)
        return tgC_usage("check: no input named (use - for stdin)");
    return 0;
}

int tgC_check(int argc, char **argv)
{
    static check_opts o;
    memset(&o, 0, sizeof o);
    o.fail_on = TG_MUST;
    o.report = "text";
    o.repeat_cap = 100;
    int r = parse(argc, argv, &o);
    if (r != 0)
        return r;
    FILE *out = stdout;
    if (o.output && (out = fopen(o.output, "w")) == NULL) {
        fprintf(stderr, "tracegate: cannot write %s: %s\n", o.output,
                strerror(errno));
        return TG_IO_ERROR;
    }
    tgR_sink *sink = tgR_open(o.report, out, o.fail_on);
    if (sink == NULL) {
        if (out != stdout)
            fclose(out);
        return tgC_usage("--report wants text, json, sarif, junit or tap, "
                         "not '%s'",
                         o.report);
    }
    tg_verdict worst = TG_CONFORMANT;
    for (int i = optind; i < argc; i++) {
        tg_verdict v = check_one(argv[i], &o, sink);
        if (tg_verdict_rank(v) > tg_verdict_rank(worst))
            worst = v;
    }
    tgR_close(sink, (int)worst);
    if (out != stdout && tgC_close_output(out, o.output) != 0 &&
        tg_verdict_rank(TG_IO_ERROR) > tg_verdict_rank(worst))
        worst = TG_IO_ERROR;
    return (int)worst;
}
