/* command.c - `tracegate oracle`: judge every file of the corpus folders
 * once, run each reader on each file (on --jobs threads, each with its
 * own scratch folder), class the runs, shrink one example of every
 * defect, and write the scorecards. */
#define _GNU_SOURCE /* nftw's FTW_DEPTH */
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "oracle.h"

#define MAX_READERS 16
#define MAX_CODES   16

typedef struct options {
    const char *readers[MAX_READERS];
    size_t nreaders;
    or_limits lim;
    unsigned jobs;
    int crash_codes[MAX_CODES], accept_codes[MAX_CODES];
    size_t ncrash, naccept;
    const char *crash_re, *oom_re;
    or_report form;
    const char *output, *keep;
    const char *profile; /* judge under it; "manifest": each file's own */
    double fuzz;         /* --fuzz seconds; 0: only the corpus folders */
    const char *format;  /* of the --fuzz inputs */
    uint64_t seed;
    uint64_t shrink_runs;
} options;

/* One run's outcome, handed from a worker to the scorecard. */
typedef struct outcome {
    or_class cls;
    char why[320], sig[160];
} outcome;

/* How a reader took a file, for the differential count. */
enum took { TOOK_REJECT, TOOK_ACCEPT, TOOK_OTHER };

typedef struct session {
    const options *o;
    or_cases *cases; /* --fuzz adds the inputs it keeps */
    or_judgement *judged;
    size_t *sizes;
    const or_patterns *pat;
    const char *reader;
    size_t reader_number; /* 1-based, in reproducers' names */
    char base[4096];      /* the scratch folder; worker w works in base/w */
    or_score *score;
    or_score *scores; /* every reader's, for --fuzz */
    uint64_t fuzzed;  /* --fuzz inputs made so far */
    uint64_t fuzz_disagree;
    unsigned char *took; /* [(reader_number - 1) * cases + case]: took */
    int failed;          /* a reader could not be started */
} session;

static int add_code(int *codes, size_t *n, const char *arg)
{
    char *end;
    long v = strtol(arg, &end, 10);
    if (*end || end == arg || v < 0 || v > 255 || *n == MAX_CODES)
        return -1;
    codes[(*n)++] = (int)v;
    return 0;
}

static int known_profile(const char *profile)
{
    for (size_t f = 0; f < tg_format_count(); f++)
        for (const char *const *p = tg_format_at(f)->profiles; *p; p++)
            if (strcmp(*p, profile) == 0)
                return 1;
    return strcmp(profile, "manifest") == 0;
}

static int parse(int argc, char **argv, options *o)
{
    static const struct option longs[] = {
        {"reader", required_argument, NULL, 'r'},
        {"timeout", required_argument, NULL, 't'},
        {"memory", required_argument, NULL, 'm'},
        {"jobs", required_argument, NULL, 'j'},
        {"crash-exit", required_argument, NULL, 'c'},
        {"accept-exit", required_argument, NULL, 'a'},
        {"crash-pattern", required_argument, NULL, 'C'},
        {"oom-pattern", required_argument, NULL, 'M'},
        {"report", required_argument, NULL, 'R'},
        {"output", required_argument, NULL, 'o'},
        {"keep", required_argument, NULL, 'k'},
        {"shrink-runs", required_argument, NULL, 's'},
        {"profile", required_argument, NULL, 'p'},
        {"fuzz", required_argument, NULL, 'F'},
        {"format", required_argument, NULL, 'f'},
        {"seed", required_argument, NULL, 'S'},
        {NULL, 0, NULL, 0}};
    static const char *const forms[] = {"text", "json", "junit", "markdown"};
    o->lim.timeout = 10;
    o->lim.memory_mib = 2048;
    o->jobs = 1;
    o->keep = "tracegate-oracle";
    o->shrink_runs = 200;
    optind = 1;
    int c;
    uint64_t n;
    char *end;
    while ((c = getopt_long(argc, argv, "r:j:o:", longs, NULL)) != -1) {
        switch (c) {
        case 'r':
            if (o->nreaders == MAX_READERS)
                return tgC_usage("oracle: at most %d readers", MAX_READERS);
            o->readers[o->nreaders++] = optarg;
            break;
        case 't':
            o->lim.timeout = strtod(optarg, &end);
            if (*end || end == optarg || !(o->lim.timeout > 0) ||
                o->lim.timeout > 86400)
                return tgC_usage("oracle: --timeout wants seconds, "
                                 "0 < S <= 86400");
            break;
        case 'm':
            if (tgC_number(optarg, &o->lim.memory_mib) != 0 ||
                o->lim.memory_mib > (1u << 24))
                return tgC_usage("oracle: --memory wants MiB (0: no cap)");
            break;
        case 'j':
            if (tgC_number(optarg, &n) != 0 || n == 0 || n > 256)
                return tgC_usage("oracle: --jobs wants 1 to 256");
            o->jobs = (unsigned)n;
            break;
        case 'c':
        case 'a':
            if (add_code(c == 'c' ? o->crash_codes : o->accept_codes,
                         c == 'c' ? &o->ncrash : &o->naccept, optarg) != 0)
                return tgC_usage("oracle: '%s' is not an exit code 0-255 "
                                 "(at most %d of a kind)",
                                 optarg, MAX_CODES);
            break;
        case 'C': o->crash_re = optarg; break;
        case 'M': o->oom_re = optarg; break;
        case 'R':
            for (n = 0; n < 4 && strcmp(optarg, forms[n]); n++)
                ;
            if (n == 4)
                return tgC_usage("oracle: --report text|json|junit|markdown");
            o->form = (or_report)n;
            break;
        case 'o': o->output = optarg; break;
        case 'k': o->keep = optarg; break;
        case 'p': o->profile = optarg; break;
        case 'F':
            o->fuzz = strtod(optarg, &end);
            if (*end || end == optarg || !(o->fuzz > 0) || o->fuzz > 1e6)
                return tgC_usage("oracle: --fuzz wants seconds");
            break;
        case 'f': o->format = optarg; break;
        case 'S':
            if (tgC_number(optarg, &o->seed) != 0)
                return tgC_usage("oracle: --seed wants a number");
            break;
        case 's':
            if (tgC_number(optarg, &o->shrink_runs) != 0)
                return tgC_usage("oracle: --shrink-runs wants a count");
            break;
        default: return tgC_usage("oracle: bad option");
        }
    }
    if (o->nreaders == 0)
        return tgC_usage("oracle: --reader 'COMMAND {}' is required");
    if (o->profile && !known_profile(o->profile))
        return tgC_usage("oracle: no format has a profile '%s'", o->profile);
    if (o->fuzz > 0 && (o->format == NULL || tg_rule_count(o->format) == 0))
        return tgC_usage("oracle: --fuzz wants --format NAME, a format "
                         "tracegate knows");
    if (o->fuzz == 0 && o->format)
        return tgC_usage("oracle: --format is for --fuzz (the corpus "
                         "manifest says each file's)");
    if (optind == argc && o->fuzz == 0)
        return tgC_usage("oracle: name at least one corpus folder, or "
                         "--fuzz SECONDS");
    return 0;
}

/* Which profile files are judged under: the reader's (--profile; the
 * format's default without it), or with --profile manifest each file's
 * own.  A mutant of a rule of another profile is then judged as this
 * reader must take it. */
static void set_profiles(or_cases *cases, const char *profile)
{
    if (profile && strcmp(profile, "manifest") == 0)
        return;
    for (size_t i = 0; i < cases->n; i++) {
        free(cases->at[i].profile);
        cases->at[i].profile = profile ? strdup(profile) : NULL;
    }
}

/* The whole file at path.  @return the bytes (free them), or NULL. */
static unsigned char *slurp(const char *path, size_t *size)
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
    unsigned char *data = slurp(s->cases->at[i].path, &n);
    if (data == NULL) {
        s->judged[i].expect = OR_UNDECIDED;
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
    char scratch[4200];
    snprintf(scratch, sizeof scratch, "%s/%u", s->base, worker);
    or_run r;
    if (or_run_reader(s->reader, s->cases->at[i].path, scratch, &s->o->lim,
                      &r) != 0) {
        free(out);
        return NULL;
    }
    if (r.exited && r.status == 127) { /* sh: no such command */
        snprintf(out->why, sizeof out->why, "%s", r.err);
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
    int must_reject = s->judged[i].expect == OR_REJECT;
    s->took[(s->reader_number - 1) * s->cases->n + i] =
        (unsigned char)(out->cls == OR_ACCEPTS_INVALID ? TOOK_ACCEPT
                        : out->cls == OR_REJECTS_VALID ? TOOK_REJECT
                        : out->cls == OR_RIGHT
                            ? (must_reject ? TOOK_REJECT : TOOK_ACCEPT)
                            : TOOK_OTHER);
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
        (out->data = slurp(d->example, &out->size)) == NULL) {
        free(out);
        return NULL;
    }
    char dir[4200], candidate[4400];
    snprintf(dir, sizeof dir, "%s/%u", s->base, worker);
    snprintf(candidate, sizeof candidate, "%s/candidate%s", dir,
             ending(d->example));
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
    snprintf(d->minimal, sizeof d->minimal, "%s/%zu-%s-%s-%zu%s", s->o->keep,
             s->reader_number, or_class_name(d->cls),
             d->rule[0] ? d->rule : "valid", k + 1, ending(d->example));
    FILE *f = fopen(d->minimal, "wb");
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
    if (tgC_mkdirs(s->o->keep) != 0) {
        fprintf(stderr, "tracegate: cannot create %s: %s\n", s->o->keep,
                strerror(errno));
        return TG_IO_ERROR;
    }
    if (tgC_parallel(s->score->ndefects, s->o->jobs, shrink_one, shrink_done,
                     s) != 0)
        return TG_INTERNAL;
    return s->failed ? TG_IO_ERROR : 0;
}

/* ---- --fuzz: inputs made and run by every reader until time is up ---- */
typedef struct fuzz_item {
    char path[4300], rule[32], what[200];
    or_judgement j;
    size_t size;
    outcome out[MAX_READERS];
} fuzz_item;

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *fuzz_one(size_t i, unsigned worker, void *ctx)
{
    session *s = ctx;
    fuzz_item *it = calloc(1, sizeof *it);
    if (it == NULL)
        return NULL;
    uint64_t n = s->fuzzed + i;
    snprintf(it->path, sizeof it->path, "%s/fuzz-%" PRIu64, s->base, n);
    if (or_fuzz_input(s->o->format, s->o->seed, n, it->path, it->rule,
                      it->what, sizeof it->what) != 0) {
        free(it);
        return NULL;
    }
    char format[32], profile[64];
    snprintf(format, sizeof format, "%s", s->o->format);
    snprintf(profile, sizeof profile, "%s",
             s->o->profile ? s->o->profile : "");
    or_case c = {it->path, format, profile[0] ? profile : NULL,
                 it->rule[0] ? it->rule : NULL};
    unsigned char *data = slurp(it->path, &it->size);
    or_judge(&c, data ? data : (const unsigned char *)"", data ? it->size : 0,
             &it->j);
    free(data);
    char scratch[4200];
    snprintf(scratch, sizeof scratch, "%s/%u", s->base, worker);
    for (size_t k = 0; k < s->o->nreaders; k++) {
        or_run r;
        outcome *o = &it->out[k];
        if (or_run_reader(s->o->readers[k], it->path, scratch, &s->o->lim,
                          &r) != 0 ||
            (r.exited && r.status == 127)) {
            o->cls = OR_NCLASSES;
            continue;
        }
        o->cls = or_classify(s->pat, &r, &it->j, o->why, sizeof o->why);
        or_signature(o->why, o->sig, sizeof o->sig);
    }
    return it;
}

/* Keep a fuzz input that shows a defect: into the keep folder, and among
 * the cases, so that it can be shrunk.  @return 0, or -1. */
static int keep_input(session *s, const fuzz_item *it, uint64_t n)
{
    char dir[4200], kept[4400];
    snprintf(dir, sizeof dir, "%s/fuzz", s->o->keep);
    snprintf(kept, sizeof kept, "%s/%06" PRIu64 "%s", dir, n,
             tgC_format(s->o->format)->extension);
    size_t size;
    unsigned char *data = slurp(it->path, &size);
    FILE *f = data && tgC_mkdirs(dir) == 0 ? fopen(kept, "wb") : NULL;
    int bad = f == NULL || fwrite(data, 1, size, f) != size;
    bad |= f != NULL && fclose(f) != 0;
    free(data);
    if (bad || or_cases_add(s->cases, kept, s->o->format, s->o->profile,
                            it->rule[0] ? it->rule : NULL) != 0) {
        fprintf(stderr, "tracegate: oracle: cannot keep %s\n", kept);
        return -1;
    }
    for (size_t k = 0; k < s->o->nreaders; k++)
        for (size_t d = 0; d < s->scores[k].ndefects; d++)
            if (strcmp(s->scores[k].defects[d].example, it->path) == 0)
                snprintf(s->scores[k].defects[d].example,
                         sizeof s->scores[k].defects[d].example, "%s", kept);
    return 0;
}

static void fuzz_done(size_t i, void *result, void *ctx)
{
    session *s = ctx;
    fuzz_item *it = result;
    if (it == NULL) {
        if (!s->failed)
            fputs("tracegate: oracle: a --fuzz input could not be made\n",
                  stderr);
        s->failed = 1;
        return;
    }
    int keep = 0, accepted = -1;
    unsigned differ = 0;
    for (size_t k = 0; k < s->o->nreaders; k++) {
        const outcome *o = &it->out[k];
        if (o->cls == OR_NCLASSES) {
            if (!s->failed)
                fprintf(stderr,
                        "tracegate: oracle: cannot run the reader "
                        "'%s'\n",
                        s->o->readers[k]);
            s->failed = 1;
            continue;
        }
        or_score *sc = &s->scores[k];
        or_score_add(sc, o->cls, &it->j, o->sig, o->why, it->path, it->size);
        for (size_t d = 0; d < sc->ndefects; d++)
            keep |= strcmp(sc->defects[d].example, it->path) == 0;
        int took = o->cls == OR_ACCEPTS_INVALID ||
                   (o->cls == OR_RIGHT && it->j.expect != OR_REJECT);
        if (accepted >= 0 && took != accepted)
            differ = 1;
        accepted = took;
    }
    s->fuzz_disagree += differ != 0;
    if (keep && keep_input(s, it, s->fuzzed + i) != 0)
        s->failed = 1;
    remove(it->path);
    free(it);
}

/* Fuzz until the time is up, a batch of 4 inputs per job at a time. */
static int fuzz(session *s)
{
    double end = seconds_now() + s->o->fuzz;
    size_t batch = 4 * (size_t)s->o->jobs;
    while (!s->failed && seconds_now() < end) {
        if (tgC_parallel(batch, s->o->jobs, fuzz_one, fuzz_done, s) != 0)
            return TG_INTERNAL;
        s->fuzzed += batch;
    }
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
    snprintf(s->base, sizeof s->base, "%s/tracegate-oracle-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(s->base) == NULL)
        return -1;
    for (unsigned w = 0; w < jobs; w++) {
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/%u", s->base, w);
        if (mkdir(dir, 0700) != 0)
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
    } else if (tgC_parallel(cases->n, o->jobs, judge_one, judged, &s) != 0)
        r = TG_INTERNAL;
    for (size_t k = 0; r == 0 && k < o->nreaders; k++) {
        s.reader = o->readers[k];
        s.reader_number = k + 1;
        s.score = &scores[k];
        scores[k].reader = o->readers[k];
        if (tgC_parallel(n, o->jobs, run_one, scored, &s) != 0)
            r = TG_INTERNAL;
        else if (s.failed)
            r = TG_IO_ERROR;
    }
    if (r == 0 && o->fuzz > 0)
        r = fuzz(&s);
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

int tgC_oracle(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    int r = parse(argc, argv, &o);
    if (r != 0)
        return r;
    or_cases cases = {0};
    for (int i = optind; i < argc && r == 0; i++)
        r = or_cases_add_folder(&cases, argv[i]);
    if (r == 0 && cases.n == 0 && o.fuzz == 0)
        r = tgC_usage("oracle: the corpus folders hold no file");
    if (r == 0)
        set_profiles(&cases, o.profile);
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
            if (f != stdout && tgC_close_output(f, o.output) != 0)
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
