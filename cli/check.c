/* check.c - `tracegate check`: validate files (or stdin) and report.  The
 * library's checker does each input end to end (format, options, check,
 * the verdict's sentence); this file parses the options into it, opens
 * the inputs and feeds the report sinks. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/report.h"
#include "cli.h"
#include "outline.h"

typedef struct check_opts {
    tg_checker *checker;
    tg_level fail_on; /* for the sinks, which also show it */
    const char *report;
    const char *output;
    int quiet;              /* only files that fail (text report) */
    const char *sarif_root; /* SARIF URIs relative to this folder */
    const char *baseline, *write_baseline; /* files named */
    tgCli_baseline *known;  /* --baseline: findings that do not fail */
    tgCli_baseline *record; /* --write-baseline: the findings seen     */
    uint64_t jobs;          /* files checked at once                   */
    int progress;           /* --progress: even when stderr is no terminal */
} check_opts;

typedef struct file_run {
    tgReport_sink *sink;
    tgReport_file file;
    int begun;
    const check_opts *o;
    /* with a baseline: the worst verdict of all findings, and of those
     * not in it */
    tg_verdict all, kept;
    show_outline *outline; /* the parts, for a sink that shows them */
} file_run;

static void raise_to(tg_verdict *w, tg_verdict v)
{
    if (tg_verdict_rank(v) > tg_verdict_rank(*w))
        *w = v;
}

/* A file's report begins: the format found, how, and the profile. */
static void start(file_run *r, const char *format, const char *detected,
                  const char *profile)
{
    r->file.format = format;
    r->file.detected = detected;
    r->file.profile = profile;
    tgCli_progress_hold();
    tgReport_file_begin(r->sink, &r->file);
    tgCli_progress_release();
    r->begun = 1;
}

static void on_start(void *ctx, const tg_checker *c)
{
    start(ctx, tg_checker_format(c), tg_checker_detected(c),
          tg_checker_profile(c));
}

static void on_diag(void *ctx, const tg_diag *d)
{
    file_run *r = ctx;
    const check_opts *o = r->o;
    if (o->record && tgCli_baseline_add(o->record, r->file.path, d) != 0)
        r->file.problem = "no memory to record the baseline";
    if (o->known) {
        tg_verdict v = tg_finding_verdict(d->rule, d->level, o->fail_on);
        raise_to(&r->all, v);
        if (tgCli_baseline_take(o->known, r->file.path, d)) {
            r->file.baselined++;
            return; /* known: neither reported nor failing */
        }
        raise_to(&r->kept, v);
    }
    if (d->suppressed)
        r->file.suppressed += d->suppressed;
    else
        r->file.counts[d->level]++;
    if (r->outline)
        show_outline_diag(r->outline, d);
    tgCli_progress_hold();
    tgReport_diag(r->sink, &r->file, d);
    tgCli_progress_release();
}

/* What a check of a file gave besides its findings. */
typedef struct file_result {
    tg_verdict verdict;
    uint64_t bytes;
    const char *layout, *problem;
    int64_t mtime; /* see tgReport_file */
} file_result;

/* When the input was last written: a regular file's modification time;
 * a stream's is now, when it is read (tgCli_now()). */
static int64_t written_at(const struct stat *st)
{
    return S_ISREG(st->st_mode) ? (int64_t)st->st_mtime : tgCli_now();
}

static void outline_node(void *ctx, const tg_node *n)
{
    show_outline_node(ctx, n);
}

/* Check one file (stdin for "-") with checker k; the findings go to
 * start and diag, and the parts into outline unless it is NULL. */
static void check_file(tg_checker *k, const char *path, tg_start_fn start_fn,
                       tg_diag_fn diag_fn, void *ctx, show_outline *outline,
                       file_result *res, char *problem, size_t size)
{
    tg_checker_set_node_fn(k, outline ? outline_node : NULL, outline);
    int is_stdin = strcmp(path, "-") == 0;
    int fd = is_stdin ? 0 : open(path, O_RDONLY);
    struct stat st;
    memset(res, 0, sizeof *res);
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(problem, size, "cannot read %s: %s", path, strerror(errno));
        res->problem = problem;
        res->verdict = TG_IO_ERROR;
    } else if (S_ISDIR(st.st_mode)) {
        snprintf(problem, size,
                 "%s is a directory: name the traces in it (for example "
                 "%s/*)",
                 path, path);
        res->problem = problem;
        res->verdict = TG_IO_ERROR;
        res->mtime = written_at(&st);
    } else {
        res->verdict =
            tg_checker_check(k, tgCli_progress_read, &fd,
                             is_stdin ? NULL : path, start_fn, diag_fn, ctx);
        res->bytes = tg_checker_bytes(k);
        res->layout = tg_checker_layout(k);
        res->problem = tg_checker_problem(k);
        res->mtime = written_at(&st);
    }
    if (fd >= 0 && !is_stdin)
        close(fd);
}

/* The end of a file's report: its verdict, with the baseline's findings
 * taken out (a verdict of findings, all of them in the baseline or not
 * failing: what the others give). */
static tg_verdict file_done(file_run *run, const file_result *res)
{
    run->file.verdict = res->verdict;
    if (run->file.baselined && res->verdict == run->all &&
        (run->all == TG_VIOLATIONS || run->all == TG_TRUNCATED))
        run->file.verdict = run->kept;
    run->file.bytes = res->bytes;
    run->file.mtime = res->mtime;
    run->file.layout = res->layout;
    if (res->problem)
        run->file.problem = res->problem;
    tgCli_progress_hold();
    if (!run->begun)
        tgReport_file_begin(run->sink, &run->file);
    if (run->outline) {
        show_outline_end(run->outline);
        tgReport_file_parts(run->sink, &run->file, run->outline);
    }
    tgReport_file_end(run->sink, &run->file);
    tgCli_progress_release();
    show_outline_free(run->outline);
    run->outline = NULL;
    return run->file.verdict;
}

static void run_init(file_run *run, const char *path, const check_opts *o,
                     tgReport_sink *sink)
{
    memset(run, 0, sizeof *run);
    run->sink = sink;
    run->o = o;
    run->file.path = path;
}

static tg_verdict check_one(const char *path, const check_opts *o,
                            tgReport_sink *sink)
{
    char problem[512];
    file_run run;
    file_result res;
    run_init(&run, path, o, sink);
    if (tgReport_wants_parts(sink))
        run.outline = show_outline_new(TG_REPORT_PARTS_DEPTH);
    check_file(o->checker, path, on_start, on_diag, &run, run.outline, &res,
               problem, sizeof problem);
    return file_done(&run, &res);
}

enum {
    O_FAIL = 256,
    O_DISABLE,
    O_LEVEL,
    O_PROFILE,
    O_FORMAT,
    O_REPORT,
    O_REPEATS,
    O_SARIF_ROOT,
    O_BASELINE,
    O_WRITE_BASELINE,
    O_PROGRESS,
    O_LIMIT /* + tg_limit */
};

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
        {"max-repeats", required_argument, NULL, O_REPEATS},
        {"quiet", no_argument, NULL, 'q'},
        {"sarif-root", required_argument, NULL, O_SARIF_ROOT},
        {"baseline", required_argument, NULL, O_BASELINE},
        {"write-baseline", required_argument, NULL, O_WRITE_BASELINE},
        {"jobs", required_argument, NULL, 'j'},
        {"progress", no_argument, NULL, O_PROGRESS}};
    size_t n = sizeof fixed / sizeof fixed[0];
    memcpy(out, fixed, sizeof fixed);
    tgCli_limit_options(out + n, O_LIMIT);
}

/* One option, given to the checker, which refuses what it does not
 * accept: the library is the one place that knows. */
static int option(check_opts *o, int c, char *arg)
{
    tg_checker *k = o->checker;
    int level;
    uint64_t n;
    char *eq;
    switch (c) {
    case O_FAIL:
        if ((level = tg_level_parse(arg)) < 0)
            return tgCli_usage("--fail-on wants must, should, compat or "
                               "info, not '%s'",
                               arg);
        o->fail_on = (tg_level)level;
        return tg_checker_set_fail_on(k, o->fail_on) ? -1 : 0;
    case O_DISABLE:
        return tg_checker_disable_rule(k, arg)
                   ? tgCli_usage("--disable: no rule %s", arg)
                   : 0;
    case O_LEVEL:
        eq = strchr(arg, '=');
        level = eq ? tg_level_parse(eq + 1) : -1;
        if (level < 0)
            return tgCli_usage("--level wants ID=must|should|compat|info, "
                               "not '%s'",
                               arg);
        *eq = 0;
        return tg_checker_set_rule_level(k, arg, (tg_level)level)
                   ? tgCli_usage("--level: no rule %s", arg)
                   : 0;
    case O_PROFILE:
        return tg_checker_set_profile(k, arg)
                   ? tgCli_usage("--profile: no format has a profile '%s'",
                                 arg)
                   : 0;
    case O_FORMAT:
        return tg_checker_set_format(k, strcmp(arg, "auto") ? arg : NULL)
                   ? tgCli_usage("--format: unknown format '%s'", arg)
                   : 0;
    case O_REPORT: o->report = arg; return 0;
    case 'o': o->output = arg; return 0;
    case 'q': o->quiet = 1; return 0;
    case O_SARIF_ROOT: o->sarif_root = arg; return 0;
    case O_BASELINE: o->baseline = arg; return 0;
    case O_WRITE_BASELINE: o->write_baseline = arg; return 0;
    case O_PROGRESS: o->progress = 1; return 0;
    case 'j':
        if (tgCli_number(arg, &o->jobs) != 0 || o->jobs < 1 || o->jobs > 256)
            return tgCli_usage("--jobs wants a number from 1 to 256");
        return 0;
    case O_REPEATS:
        if (tgCli_number(arg, &n) != 0)
            return tgCli_usage("--max-repeats wants a number");
        return tg_checker_set_repeat_cap(k, n) ? -1 : 0;
    default:
        if (c >= O_LIMIT && c < O_LIMIT + TG_CLI_LIMITS)
            return tgCli_limit_option(k, c - O_LIMIT, arg);
        return tgCli_usage("check: bad option");
    }
}

static int parse(int argc, char **argv, check_opts *o)
{
    struct option longs[14 + TG_CLI_LIMITS + 1];
    options(longs);
    int c, r;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:qj:", longs, NULL)) != -1)
        if ((r = option(o, c, optarg)) != 0)
            return r < 0 ? TG_INTERNAL : r;
    if (optind >= argc)
        return tgCli_usage("check: no input named (use - for stdin)");
    int stdins = 0;
    for (int i = optind; i < argc; i++)
        stdins += strcmp(argv[i], "-") == 0;
    if (stdins > 1)
        return tgCli_usage("check: - (stdin) is named %d times: it can be "
                           "read once",
                           stdins);
    return 0;
}

/* ---- --jobs ----------------------------------------------------------- */

/* A file checked on a worker: what start() and on_diag() are to get,
 * kept until the report reaches the file. */
typedef struct recorded {
    int started, nomem;
    show_outline *outline; /* the parts, for a sink that shows them */
    const char *format, *detected, *profile; /* static texts */
    tgReport_kept *diags;
    size_t n, cap;
    file_result res;
    char *layout, *problem; /* copies: the checker moves on */
    char buf[512];
} recorded;

static char *copy(const char *s) { return s ? strdup(s) : NULL; }

static void rec_start(void *ctx, const tg_checker *c)
{
    recorded *r = ctx;
    r->started = 1;
    r->format = tg_checker_format(c);
    r->detected = tg_checker_detected(c);
    r->profile = tg_checker_profile(c);
}

static void rec_diag(void *ctx, const tg_diag *d)
{
    recorded *r = ctx;
    if (r->nomem)
        return;
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        tgReport_kept *p = realloc(r->diags, cap * sizeof *p);
        if (p == NULL) {
            r->nomem = 1;
            return;
        }
        r->diags = p;
        r->cap = cap;
    }
    if (r->outline)
        show_outline_diag(r->outline, d);
    if (tgReport_keep(&r->diags[r->n], d) != 0) {
        r->nomem = 1;
        return;
    }
    r->n++;
}

static void rec_free(recorded *r)
{
    if (r == NULL)
        return;
    for (size_t i = 0; i < r->n; i++)
        tgReport_kept_free(&r->diags[i]);
    free(r->diags);
    free(r->layout);
    free(r->problem);
    show_outline_free(r->outline);
    free(r);
}

typedef struct jobs_ctx {
    check_opts *o;
    tg_checker **checkers; /* one per worker, set as o->checker is */
    char **paths;
    tgReport_sink *sink;
    tg_verdict worst;
} jobs_ctx;

static void *job_work(size_t i, unsigned worker, void *ctx)
{
    jobs_ctx *j = ctx;
    recorded *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    if (tgReport_wants_parts(j->sink) &&
        (r->outline = show_outline_new(TG_REPORT_PARTS_DEPTH)) == NULL)
        r->nomem = 1;
    check_file(j->checkers[worker], j->paths[i], rec_start, rec_diag, r,
               r->outline, &r->res, r->buf, sizeof r->buf);
    r->layout = copy(r->res.layout);
    r->problem = copy(r->res.problem);
    return r;
}

/* On the calling thread, in file order: the file's report, as
 * check_one() would have written it. */
static void job_deliver(size_t i, void *result, void *ctx)
{
    jobs_ctx *j = ctx;
    recorded *r = result;
    file_run run;
    run_init(&run, j->paths[i], j->o, j->sink);
    file_result res = {TG_LIMIT, 0, NULL,
                       "no memory to hold this file's findings (--jobs)", 0};
    if (r && !r->nomem) {
        if (r->started)
            start(&run, r->format, r->detected, r->profile);
        for (size_t k = 0; k < r->n; k++)
            on_diag(&run, &r->diags[k].d);
        res = r->res;
        res.layout = r->layout;
        res.problem = r->problem;
        run.outline = r->outline; /* filled on the worker: file_done() */
        r->outline = NULL;        /* hands it on and frees it          */
    }
    raise_to(&j->worst, file_done(&run, &res));
    rec_free(r);
}

/* The files argv[first..] on o->jobs threads, each with a checker set as
 * o->checker is (the same options, parsed again). */
static tg_verdict check_parallel(check_opts *o, int argc, char **argv,
                                 int first, tgReport_sink *sink)
{
    size_t n = (size_t)(argc - first);
    unsigned jobs = (unsigned)(o->jobs < n ? o->jobs : n);
    jobs_ctx j = {o, calloc(jobs, sizeof(tg_checker *)), argv + first, sink,
                  TG_CONFORMANT};
    int ok = j.checkers != NULL;
    for (unsigned w = 0; ok && w < jobs; w++) {
        check_opts wo;
        memset(&wo, 0, sizeof wo);
        ok = tg_checker_open(&wo.checker) == TG_OK;
        j.checkers[w] = wo.checker;
        if (ok && parse(argc, argv, &wo) != 0)
            ok = 0;
        if (ok && (o->known || o->record))
            tg_checker_set_repeat_cap(wo.checker, 0);
    }
    if (!ok || tgCli_parallel(n, jobs, job_work, job_deliver, &j) != 0) {
        /* no memory for jobs: one file after the other */
        for (size_t i = 0; i < n; i++)
            raise_to(&j.worst, check_one(argv[first + (int)i], o, sink));
    }
    for (unsigned w = 0; j.checkers && w < jobs; w++)
        tg_checker_free(j.checkers[w]);
    free(j.checkers);
    return j.worst;
}

int tgCli_check(int argc, char **argv)
{
    check_opts o;
    memset(&o, 0, sizeof o);
    o.fail_on = TG_MUST;
    o.report = "text";
    o.jobs = 1;
    if (tg_checker_open(&o.checker) != TG_OK) {
        fputs("tracegate: out of memory\n", stderr);
        return TG_LIMIT;
    }
    int r = parse(argc, argv, &o);
    FILE *out = stdout;
    if (r == 0 && o.output && (out = fopen(o.output, "w")) == NULL) {
        fprintf(stderr, "tracegate: cannot write %s: %s\n", o.output,
                strerror(errno));
        r = TG_IO_ERROR;
    }
    char why[600];
    if (r == 0 && o.baseline &&
        (o.known = tgCli_baseline_read(o.baseline, why, sizeof why)) == NULL)
        r = tgCli_usage("--baseline %s", why);
    if (r == 0 && o.write_baseline &&
        (o.record = tgCli_baseline_new()) == NULL)
        r = TG_LIMIT;
    /* a baseline holds every finding: none is left to a repeat cap */
    if (r == 0 && (o.known || o.record))
        tg_checker_set_repeat_cap(o.checker, 0);
    char *sarif_root = NULL; /* absolute */
    if (r == 0 && o.sarif_root && strcmp(o.report, "sarif") != 0)
        r = tgCli_usage("--sarif-root is for the SARIF report");
    else if (r == 0 && o.sarif_root &&
             (sarif_root = realpath(o.sarif_root, NULL)) == NULL)
        r = tgCli_usage("--sarif-root: %s: %s", o.sarif_root, strerror(errno));
    if (r == 0 && o.quiet && tgReport_quiet_kind(o.report) == 0)
        r = tgCli_usage("--quiet is for the text report: a %s report holds "
                        "every file",
                        o.report);
    tgReport_sink *sink =
        r == 0 ? tgReport_open(o.report, out, o.fail_on) : NULL;
    if (r == 0 && sink == NULL)
        r = tgCli_usage(
            "--report wants text, json, sarif, junit, tap or html, "
            "not '%s'",
            o.report);
    if (r == 0 && o.quiet)
        tgReport_set_quiet(sink);
    if (r == 0 && sarif_root && tgReport_set_sarif_root(sink, sarif_root) != 0)
        r = TG_LIMIT; /* no memory for it */
    free(sarif_root);
    if (r != 0) {
        tgCli_baseline_free(o.known);
        tgCli_baseline_free(o.record);
        if (sink)
            tgReport_close(sink, r);
        if (out != stdout && out != NULL)
            fclose(out);
        tg_checker_free(o.checker);
        return r;
    }
    tg_verdict worst = TG_CONFORMANT;
    int first = optind; /* the files, before other parses move optind */
    tgCli_progress_start(o.progress, out);
    if (o.jobs > 1 && argc - first > 1) {
        worst = check_parallel(&o, argc, argv, first, sink);
    } else {
        for (int i = first; i < argc; i++)
            raise_to(&worst, check_one(argv[i], &o, sink));
    }
    tgCli_progress_end();
    if (o.record && tgCli_baseline_write(o.record, o.write_baseline) != 0) {
        if (tg_verdict_rank(TG_IO_ERROR) > tg_verdict_rank(worst))
            worst = TG_IO_ERROR;
    } else if (o.record && !o.known &&
               (worst == TG_VIOLATIONS || worst == TG_TRUNCATED)) {
        /* the baseline written holds the findings: recording them is what
         * was asked, and it went well */
        worst = TG_CONFORMANT;
    }
    tgReport_close(sink, (int)worst);
    tgCli_baseline_free(o.known);
    tgCli_baseline_free(o.record);
    tg_checker_free(o.checker);
    if (out != stdout && tgCli_close_output(out, o.output) != 0 &&
        tg_verdict_rank(TG_IO_ERROR) > tg_verdict_rank(worst))
        worst = TG_IO_ERROR;
    return (int)worst;
}
