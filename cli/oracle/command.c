/* command.c - `tracegate oracle`: judge every file of the corpus folders
 * once, run each reader on each file (on --jobs threads, each with its
 * own scratch folder), class the runs, shrink one example of every
 * defect, and write the scorecards. */
#define _GNU_SOURCE /* nftw's FTW_DEPTH */
#include <errno.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session.h"

/* The whole file at path.  @return the bytes (free them), or NULL. */
unsigned char *or_slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *b = malloc(cap);
    while (b) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap)
            break;
        unsigned char *g = realloc(b, cap *= 2);
        if (g == NULL)
            free(b);
        b = g;
    }
    if (b && ferror(f)) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *size = n;
    return b;
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

static void *run_one(size_t i, unsigned worker, void *ctx)
{
    session *s = ctx;
    outcome *out = calloc(1, sizeof *out);
    if (out == NULL)
        return NULL;
    char scratch[TG_CLI_PATH];
    or_run r;
    if (tgCli_path(scratch, "%s/%u", s->base, worker) != 0 ||
        or_run_reader(s->reader, s->cases->at[i].path, scratch, &s->o->lim,
                      &r) != 0) {
        free(out);
        return NULL;
    }
    if (r.exited && r.status == 127) { /* sh: no such command */
        /* the start of the shell's message: cut to fit, on purpose */
        snprintf(out->why, sizeof out->why, "%.*s", (int)sizeof out->why - 1,
                 r.err);
        out->cls = OR_NCLASSES;
        return out;
    }
    out->cls =
        or_classify(s->pat, &r, &s->judged[i], out->why, sizeof out->why);
    or_signature(out->why, out->sig, sizeof out->sig);
    return out;
}

static void scored(size_t i, void *result, void *ctx)
{
    session *s = ctx;
    outcome *out = result;
    if (out == NULL || out->cls == OR_NCLASSES) {
        if (!s->failed && out == NULL)
            fprintf(stderr,
                    "tracegate: oracle: cannot run the reader on "
                    "%s: %s\n",
                    s->cases->at[i].path, strerror(errno));
        else if (!s->failed)
            fprintf(stderr,
                    "tracegate: oracle: the reader exits 127 (the "
                    "shell found no such command): %s",
                    out->why);
        s->failed = 1;
        free(out);
        return;
    }
    or_score_add(s->score, out->cls, &s->judged[i], out->sig, out->why,
                 s->cases->at[i].path, s->sizes[i]);
    s->took[(s->reader_number - 1) * s->cases->n + i] =
        (unsigned char)or_took_of(out->cls, s->judged[i].expect);
    free(out);
}

/* The case whose file is `path`. */
static size_t case_of(const session *s, const char *path)
{
    size_t i = 0;
    while (i < s->cases->n && strcmp(s->cases->at[i].path, path) != 0)
        i++;
    return i;
}

/* The file name ending of path: from the first dot of its last part. */
static const char *ending(const char *path)
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
        tgCli_path(candidate, "%s/candidate%s", dir, ending(d->example)) !=
            0) {
        free(out->data);
        free(out);
        return NULL;
    }
    or_probe p = {s->reader,        dir,      &s->o->lim, s->pat,
                  &s->cases->at[i], candidate};
    /* a hang costs a whole timeout per try */
    uint64_t budget =
        d->cls == OR_HANG && s->o->shrink_runs > 12 ? 12 : s->o->shrink_runs;
    or_judgement j; /* again: --fuzz inputs were judged, not kept judged */
    or_judge(&s->cases->at[i], out->data, out->size, &j);
    out->size = or_shrink(&p, d->cls, d->sig, &j, out->data, out->size,
                          (unsigned)budget);
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
    FILE *f = tgCli_path(d->minimal, "%s/%zu-%s-%s-%zu%s", s->o->keep,
                         s->reader_number, or_class_name(d->cls),
                         d->rule[0] ? d->rule : "valid", k + 1,
                         ending(d->example)) == 0
                  ? fopen(d->minimal, "wb")
                  : NULL;
    int bad = f == NULL || fwrite(out->data, 1, out->size, f) != out->size;
    bad |= f != NULL && fclose(f) != 0;
    if (bad) {
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
    if (s->o->shrink_runs == 0 || s->score->ndefects == 0)
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
                       uint64_t *disagree)
{
    size_t n = cases->n; /* --fuzz adds to them */
    session s = {.o = o,
                 .cases = cases,
                 .scores = scores,
                 .judged = calloc(cases->n + 1, sizeof(or_judgement)),
                 .sizes = calloc(cases->n + 1, sizeof(size_t)),
                 .took = calloc(cases->n * o->nreaders + 1, 1)};
    or_patterns *pat = or_patterns_new(o->crash_re, o->oom_re, o->crash_codes,
                                       o->ncrash, o->accept_codes, o->naccept);
    s.pat = pat;
    int r = 0;
    if (s.judged == NULL || s.sizes == NULL || s.took == NULL || pat == NULL)
        r = pat == NULL ? TG_USAGE : TG_INTERNAL;
    else if (make_scratch(&s, o->jobs) != 0) {
        fprintf(stderr, "tracegate: oracle: no scratch folder: %s\n",
                strerror(errno));
        r = TG_IO_ERROR;
    } else if (tgCli_parallel(cases->n, o->jobs, judge_one, judged, &s) != 0)
        r = TG_INTERNAL;
    for (size_t k = 0; r == 0 && k < o->nreaders; k++) {
        s.reader = o->readers[k];
        s.reader_number = k + 1;
        s.score = &scores[k];
        scores[k].reader = o->readers[k];
        if (tgCli_parallel(n, o->jobs, run_one, scored, &s) != 0)
            r = TG_INTERNAL;
        else if (s.failed)
            r = TG_IO_ERROR;
    }
    if (r == 0 && o->fuzz > 0)
        r = or_fuzz_run(&s);
    for (size_t k = 0; r == 0 && k < o->nreaders; k++) {
        s.reader = o->readers[k];
        s.reader_number = k + 1;
        s.score = &scores[k];
        r = shrink_defects(&s);
    }
    if (r == 0)
        *disagree = disagreements(&s, n);
    if (s.base[0])
        nftw(s.base, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    or_patterns_free(pat);
    free(s.judged);
    free(s.sizes);
    free(s.took);
    return r;
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
    uint64_t disagree = 0;
    if (r == 0)
        r = run_readers(&o, &cases, scores, &disagree);
    if (r == 0) {
        FILE *f = o.output ? fopen(o.output, "w") : stdout;
        if (f == NULL) {
            fprintf(stderr, "tracegate: cannot write %s: %s\n", o.output,
                    strerror(errno));
            r = TG_IO_ERROR;
        } else {
            or_write_report(f, o.form, scores, o.nreaders, &o.lim, disagree);
            if (f != stdout && tgCli_close_output(f, o.output) != 0)
                r = TG_IO_ERROR;
            for (size_t k = 0; k < o.nreaders && r == 0; k++)
                if (scores[k].ndefects)
                    r = TG_VIOLATIONS;
        }
    }
    for (size_t k = 0; k < o.nreaders; k++)
        or_score_free(&scores[k]);
    or_cases_free(&cases);
    return r;
}
