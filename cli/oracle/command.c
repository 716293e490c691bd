/* command.c - `tracegate oracle`: judge every file of the corpus folders
 * once, run each reader on each file (on --jobs threads, each with its
 * own scratch folder), class the runs, shrink one example of every
 * defect, and write the scorecards. */
#define _GNU_SOURCE /* nftw's FTW_DEPTH */
#include <errno.h>
#include <ftw.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "session.h"

volatile sig_atomic_t or_stop;

static void on_stop(int sig) { or_stop = sig; }

/* SIGINT and SIGTERM stop the run where it is; the scorecard of what ran
 * is written all the same (O9). */
static void catch_stop(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static void *judge_one(size_t i, unsigned worker, void *ctx)
{
    (void)worker;
    session *s = ctx;
    size_t n = 0;
    unsigned char *data = or_slurp(s->cases->at[i].path, &n);
    if (data == NULL) {
        s->judged[i].expect = TG_DUTY_UNDECIDED;
        s->judged[i].verdict = TG_IO_ERROR;
    } else {
        or_judge(&s->cases->at[i], data, n, &s->judged[i]);
    }
    s->sizes[i] = n;
    free(data);
    return NULL;
}

static void judged(size_t i, void *result, void *ctx)
{
    (void)i, (void)result, (void)ctx;
}

int or_outcome(const session *s, const char *reader, const char *path,
               const or_judgement *j, unsigned worker, outcome *out)
{
    memset(out, 0, sizeof *out);
    if (!or_in_scope(s->o, j->version)) {
        out->cls = OR_NOT_READ;
        return 0;
    }
    char scratch[TG_CLI_PATH];
    or_run r;
    if (or_stop || tgCli_path(scratch, "%s/%u", s->base, worker) != 0) {
        out->skipped = 1;
        return 0;
    }
    if (or_run_reader(reader, path, scratch, &s->o->lim, &r) != 0)
        return -1;
    if (r.interrupted) {
        out->skipped = 1;
        return 0;
    }
    if (r.broken || (r.exited && r.status == 127)) {
        /* no verdict of the reader's: what was said, cut to fit on
         * purpose */
        const char *head = r.broken ? ""
                                    : "the reader exits 127 (the shell "
                                      "found no such command): ";
        size_t n = strlen(head), m = strnlen(r.err, sizeof out->why - 1 - n);
        memcpy(out->why, head, n);
        memcpy(out->why + n, r.err, m);
        out->why[n + m] = '\0';
        out->cls = OR_NCLASSES;
        return 0;
    }
    out->cls = or_classify(s->pat, &r, j, out->why, sizeof out->why);
    or_signature(out->why, out->sig, sizeof out->sig);
    return 0;
}

void or_progress(const session *s)
{
    size_t defects = 0;
    for (size_t k = 0; k < s->o->nreaders; k++)
        defects += s->scores[k].ndefects;
    tgCli_progress_say("oracle: %" PRIu64 " runs, %zu defect%s so far",
                       s->runs, defects, defects == 1 ? "" : "s");
}

/* The cases of one pass: those made from no parent, or those made from
 * one (run after their parents). */
typedef struct pass {
    session *s;
    const size_t *at; /* the cases' indexes */
} pass;

static void *run_one(size_t k, unsigned worker, void *ctx)
{
    const pass *p = ctx;
    session *s = p->s;
    size_t i = p->at[k];
    outcome *out = malloc(sizeof *out);
    if (out && or_outcome(s, s->reader, s->cases->at[i].path, &s->judged[i],
                          worker, out) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* The class of the reader's run on case i, its parent's run known. */
static or_class after_parent(const session *s, size_t i, const outcome *out)
{
    size_t parent = s->cases->at[i].parent_at;
    if (parent == OR_NO_PARENT)
        return out->cls;
    return or_masked(out->cls, s->judged[i].expect, s->judged[parent].expect,
                     s->ran[(s->reader_number - 1) * s->ncases + parent],
                     strcmp(s->sigs[parent], out->sig) == 0);
}

static void scored(size_t k, void *result, void *ctx)
{
    const pass *p = ctx;
    session *s = p->s;
    size_t i = p->at[k];
    outcome *out = result;
    if (out == NULL || out->cls == OR_NCLASSES) {
        if (!s->failed && out == NULL)
            fprintf(stderr,
                    "tracegate: oracle: cannot run the reader on "
                    "%s: %s\n",
                    s->cases->at[i].path, strerror(errno));
        else if (!s->failed)
            fprintf(stderr, "tracegate: oracle: %s", out->why);
        s->failed = 1;
        free(out);
        return;
    }
    if (!out->skipped) {
        or_class cls = after_parent(s, i, out);
        or_score_add(s->score, cls, &s->judged[i], out->sig, out->why, "",
                     s->cases->at[i].path, s->sizes[i]);
        size_t at = (s->reader_number - 1) * s->ncases + i;
        s->took[at] = (unsigned char)or_took_of(cls, s->judged[i].expect);
        s->ran[at] = (unsigned char)(1 + cls);
        memcpy(s->sigs[i], out->sig, sizeof s->sigs[i]);
        s->runs++;
        or_progress(s);
    }
    free(out);
}

/* Run the reader on every case: first those made from no parent (the
 * valid files among them), then the mutants, whose parents' runs are
 * known by then. */
static int run_cases(session *s)
{
    size_t *order = malloc((s->ncases ? s->ncases : 1) * sizeof *order);
    if (order == NULL)
        return TG_INTERNAL;
    size_t first = 0, n = 0;
    for (int mutants = 0; mutants < 2; mutants++) {
        first = mutants ? n : 0;
        for (size_t i = 0; i < s->ncases; i++)
            if ((s->cases->at[i].parent_at != OR_NO_PARENT) == mutants)
                order[n++] = i;
    }
    pass a = {s, order}, b = {s, order + first};
    int r =
        tgCli_parallel(first, s->o->jobs, run_one, scored, &a) != 0 ||
                tgCli_parallel(n - first, s->o->jobs, run_one, scored, &b) != 0
            ? TG_INTERNAL
            : 0;
    free(order);
    return r;
}

/* The case whose file is `path`. */
static size_t case_of(const session *s, const char *path)
{
    size_t i = 0;
    while (i < s->cases->n && strcmp(s->cases->at[i].path, path) != 0)
        i++;
    return i;
}

const char *or_ending(const char *path)
{
    const char *base = strrchr(path, '/');
    const char *dot = strchr(base ? base + 1 : path, '.');
    return dot ? dot : "";
}

/* A shrunk example, from a worker to the keep folder. */
typedef struct shrunk {
    unsigned char *data;
    size_t size;
} shrunk;

static void *shrink_one(size_t k, unsigned worker, void *ctx)
{
    session *s = ctx;
    const or_defect *d = &s->score->defects[k];
    size_t i = case_of(s, d->example);
    shrunk *out = calloc(1, sizeof *out);
    if (out == NULL || i == s->cases->n ||
        (out->data = or_slurp(d->example, &out->size)) == NULL) {
        free(out);
        return NULL;
    }
    char dir[TG_CLI_PATH], candidate[TG_CLI_PATH];
    if (tgCli_path(dir, "%s/%u", s->base, worker) != 0 ||
        tgCli_path(candidate, "%s/candidate%s", dir, or_ending(d->example)) !=
            0) {
        free(out->data);
        free(out);
        return NULL;
    }
    /* a hang costs a timeout per try: it is shrunk under a shorter one,
     * and the result confirmed at the full one (O5) */
    or_limits quick = or_quick_limits(&s->o->lim, d->cls);
    or_probe p = {s->reader,
                  dir,
                  &quick,
                  s->pat,
                  &s->cases->at[i],
                  candidate,
                  or_seconds() + s->o->shrink_time};
    or_judgement j; /* again: --fuzz inputs were judged, not kept judged */
    or_judge(&s->cases->at[i], out->data, out->size, &j);
    size_t was = out->size;
    out->size = or_shrink(&p, d->cls, d->sig, &j, out->data, out->size,
                          (unsigned)s->o->shrink_runs);
    p.lim = &s->o->lim;
    if (d->cls == OR_HANG && out->size < was && !or_stop &&
        !or_reproduces(&p, d->cls, d->sig, &j, out->data, out->size)) {
        free(out->data); /* it ends in time: keep the example */
        out->data = or_slurp(d->example, &out->size);
        if (out->data == NULL) {
            free(out);
            return NULL;
        }
    }
    return out;
}

static void shrink_done(size_t k, void *result, void *ctx)
{
    session *s = ctx;
    shrunk *out = result;
    or_defect *d = &s->score->defects[k];
    if (out == NULL) {
        s->failed = 1;
        return;
    }
    if (tgCli_path(d->minimal, "%s/%zu-%s-%s-%zu%s", s->o->keep,
                   s->reader_number, or_class_name(d->cls),
                   d->rule[0] ? d->rule : "valid", k + 1,
                   or_ending(d->example)) != 0 ||
        or_write_bytes(d->minimal, out->data, out->size) != 0) {
        fprintf(stderr, "tracegate: cannot write %s\n", d->minimal);
        d->minimal[0] = '\0';
        s->failed = 1;
    }
    d->minimal_size = out->size;
    free(out->data);
    free(out);
}

/* Shrink the example of each defect of the reader into the keep folder,
 * the defects on --jobs threads. */
static int shrink_defects(session *s)
{
    if (s->o->shrink_runs == 0 || s->score->ndefects == 0 || or_stop)
        return 0;
    if (tgCli_mkdirs(s->o->keep) != 0) {
        fprintf(stderr, "tracegate: cannot create %s: %s\n", s->o->keep,
                strerror(errno));
        return TG_IO_ERROR;
    }
    if (tgCli_parallel(s->score->ndefects, s->o->jobs, shrink_one, shrink_done,
                       s) != 0)
        return TG_INTERNAL;
    return s->failed ? TG_IO_ERROR : 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

void or_remove_tree(const char *path)
{
    nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static int make_scratch(session *s, unsigned jobs)
{
    const char *tmp = getenv("TMPDIR");
    if (tgCli_path(s->base, "%s/tracegate-oracle-XXXXXX",
                   tmp && *tmp ? tmp : "/tmp") != 0 ||
        mkdtemp(s->base) == NULL)
        return -1;
    for (unsigned w = 0; w < jobs; w++) {
        char dir[TG_CLI_PATH];
        if (tgCli_path(dir, "%s/%u", s->base, w) != 0 || mkdir(dir, 0700) != 0)
            return -1;
    }
    return 0;
}

/* The files the readers did not all take alike: of the first n cases
 * (the corpus folders'), and of the --fuzz inputs. */
static uint64_t disagreements(const session *s, size_t n)
{
    uint64_t d = s->fuzz_disagree;
    for (size_t i = 0; i < n; i++)
        for (size_t k = 1; k < s->o->nreaders; k++)
            if (s->took[k * n + i] != s->took[i]) {
                d++;
                break;
            }
    return d;
}

static int run_readers(const options *o, or_cases *cases, or_score *scores,
                       or_run_info *info)
{
    size_t n = cases->n; /* --fuzz and --sweep add to them */
    session s = {.o = o,
                 .cases = cases,
                 .ncases = n,
                 .scores = scores,
                 .info = info,
                 .judged = calloc(n + 1, sizeof(or_judgement)),
                 .sizes = calloc(n + 1, sizeof(size_t)),
                 .took = calloc(n * o->nreaders + 1, 1),
                 .ran = calloc(n * o->nreaders + 1, 1),
                 .sigs = calloc(n + 1, OR_SIG),
                 .simpler = calloc(n + 1, sizeof(or_bytes)),
                 .simpler_behind = calloc(n + 1, sizeof(or_behind))};
    or_patterns *pat =
        or_patterns_new(o->crash_re, o->oom_re, o->crash_codes, o->ncrash,
                        o->accept_codes, o->naccept, o->misread_code);
    s.pat = pat;
    int r = 0;
    if (s.judged == NULL || s.sizes == NULL || s.took == NULL ||
        s.ran == NULL || s.sigs == NULL || s.simpler == NULL ||
        s.simpler_behind == NULL || pat == NULL)
        r = pat == NULL ? TG_CLI_USAGE : TG_INTERNAL;
    else if (make_scratch(&s, o->jobs) != 0) {
        fprintf(stderr, "tracegate: oracle: no scratch folder: %s\n",
                strerror(errno));
        r = TG_IO_ERROR;
    } else if (or_cases_link_parents(cases) != 0 ||
               tgCli_parallel(n, o->jobs, judge_one, judged, &s) != 0)
        r = TG_INTERNAL;
    for (size_t k = 0; r == 0 && k < o->nreaders; k++) {
        s.reader = o->readers[k];
        s.reader_number = k + 1;
        s.score = &scores[k];
        scores[k].reader = o->readers[k];
        r = run_cases(&s);
        if (r == 0 && s.failed)
            r = TG_IO_ERROR;
        if (r == 0)
            r = or_unmask_run(&s);
    }
    if (r == 0 && (o->sweep || (o->fuzz > 0 && !o->afl)))
        r = or_sweep_run(&s);
    if (r == 0 && o->fuzz > 0)
        r = o->afl ? or_afl_run(&s) : or_fuzz_run(&s);
    for (size_t k = 0; r == 0 && k < o->nreaders; k++) {
        s.reader = o->readers[k];
        s.reader_number = k + 1;
        s.score = &scores[k];
        r = shrink_defects(&s);
    }
    tgCli_progress_end();
    if (r == 0)
        info->disagree = disagreements(&s, n);
    if (s.base[0])
        or_remove_tree(s.base);
    or_patterns_free(pat);
    free(s.judged);
    free(s.sizes);
    free(s.took);
    free(s.ran);
    free(s.sigs);
    for (size_t i = 0; s.simpler && i < n; i++)
        free(s.simpler[i].p);
    free(s.simpler);
    free(s.simpler_behind);
    return r;
}

static int write_scorecard(const options *o, const or_score *scores,
                           or_run_info *run)
{
    FILE *f = o->output ? fopen(o->output, "w") : stdout;
    if (f == NULL) {
        fprintf(stderr, "tracegate: cannot write %s: %s\n", o->output,
                strerror(errno));
        return TG_IO_ERROR;
    }
    run->interrupted = (int)or_stop;
    or_write_report(f, o->form, scores, o->nreaders, run);
    if (tgCli_close_output(f, o->output ? o->output : "standard output") != 0)
        return TG_IO_ERROR;
    if (or_stop) /* as a shell reports a command that a signal ended */
        return 128 + (int)or_stop;
    for (size_t k = 0; k < o->nreaders; k++)
        if (scores[k].ndefects)
            return TG_VIOLATIONS;
    return 0;
}

int tgCli_oracle(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    int r = or_parse_options(argc, argv, &o);
    if (r != 0)
        return r;
    or_cases cases = {0};
    for (int i = optind; i < argc && r == 0; i++)
        r = or_cases_add_folder(&cases, argv[i]);
    if (r == 0 && cases.n == 0 && o.fuzz == 0)
        r = tgCli_usage("oracle: the corpus folders hold no file");
    if (r == 0)
        or_set_profiles(&cases, o.profile);
    or_score scores[MAX_READERS];
    memset(scores, 0, sizeof scores);
    or_run_info run = {.lim = &o.lim, .reads = o.reads};
    if (r == 0) {
        catch_stop();
        tgCli_progress_start(o.progress, o.output ? stderr : stdout);
        r = run_readers(&o, &cases, scores, &run);
        or_servers_stop(); /* the main thread's (--serve) */
    }
    if (r == 0)
        r = write_scorecard(&o, scores, &run);
    for (size_t k = 0; k < o.nreaders; k++)
        or_score_free(&scores[k]);
    or_cases_free(&cases);
    return r;
}
