/* check_files.c - tracegate as a library: check the files named on the
 * command line, each on a thread of its own, the format of each detected
 * from its content, every allocation of the library made through an
 * allocator of this program's.  It uses nothing but tracegate.h.
 *
 *     cc check_files.c $(pkg-config --cflags --libs tracegate) -lpthread
 *     ./a.out FILE...
 *
 * Exit status: the most severe verdict of the files (0 conformant, 1
 * violations, ...), as the tracegate command gives it; 2 for a usage
 * error. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include <tracegate.h>

/* The program's allocator: the C library's, with the blocks in use
 * counted (the library may call it from several threads at once). */
static atomic_long blocks;

static void *count_malloc(void *ctx, size_t n)
{
    (void)ctx;
    void *p = malloc(n);
    if (p)
        atomic_fetch_add(&blocks, 1);
    return p;
}

static void *count_realloc(void *ctx, void *p, size_t n)
{
    (void)ctx;
    void *q = realloc(p, n);
    if (q && p == NULL)
        atomic_fetch_add(&blocks, 1);
    return q;
}

static void count_free(void *ctx, void *p)
{
    (void)ctx;
    free(p);
    atomic_fetch_sub(&blocks, 1);
}

/* One file's check, on its thread.  A finding is printed whole, under a
 * lock, so that the lines of two files never mix. */
typedef struct job {
    const char *path;
    tg_verdict verdict;
    unsigned long long findings;
} job;

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

static void print_finding(void *ctx, const tg_diag *d)
{
    job *j = ctx;
    j->findings++;
    pthread_mutex_lock(&out_lock);
    if (d->suppressed)
        printf("%s: %s: %llu more not shown\n", j->path, tg_rule_id(d->rule),
               (unsigned long long)d->suppressed);
    else if (*d->expected || *d->found)
        printf("%s:0x%llx: %s %s: %s (expected %s, found %s) at %s\n", j->path,
               (unsigned long long)d->offset, tg_level_name(d->level),
               tg_rule_id(d->rule), tg_rule_get(d->rule, TG_RULE_MESSAGE),
               d->expected, d->found, d->path);
    else
        printf("%s:0x%llx: %s %s: %s at %s\n", j->path,
               (unsigned long long)d->offset, tg_level_name(d->level),
               tg_rule_id(d->rule), tg_rule_get(d->rule, TG_RULE_MESSAGE),
               d->path);
    pthread_mutex_unlock(&out_lock);
}

static void *check_one(void *arg)
{
    job *j = arg;
    tg_checker *c;
    FILE *f = fopen(j->path, "rb");
    if (f == NULL) {
        perror(j->path);
        j->verdict = TG_IO_ERROR;
        return NULL;
    }
    if (tg_checker_open(&c) != TG_OK) {
        fclose(f);
        j->verdict = TG_INTERNAL;
        return NULL;
    }
    /* the format is left unset: each file's own bytes decide it */
    j->verdict =
        tg_checker_check_fd(c, fileno(f), j->path, NULL, print_finding, j);
    fclose(f);
    pthread_mutex_lock(&out_lock);
    printf("%s: %s, %s, %llu bytes, %llu findings%s%s\n", j->path,
           tg_checker_format(c) ? tg_checker_format(c) : "no format",
           tg_verdict_name(j->verdict),
           (unsigned long long)tg_checker_bytes(c), j->findings,
           tg_checker_problem(c) ? ": " : "",
           tg_checker_problem(c) ? tg_checker_problem(c) : "");
    pthread_mutex_unlock(&out_lock);
    tg_checker_free(c);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        return 2;
    }
    /* before anything else of the library, on one thread */
    tg_allocator a = {sizeof a, count_malloc, count_realloc, count_free, NULL};
    if (tg_set_allocator(&a) != TG_OK) {
        fprintf(stderr, "tracegate refused the allocator\n");
        return 6;
    }
    size_t n = (size_t)argc - 1;
    job *jobs = calloc(n, sizeof *jobs);
    pthread_t *threads = calloc(n, sizeof *threads);
    if (jobs == NULL || threads == NULL)
        return 6;
    for (size_t i = 0; i < n; i++) {
        jobs[i].path = argv[i + 1];
        if (pthread_create(&threads[i], NULL, check_one, &jobs[i]) != 0)
            return 6;
    }
    tg_verdict worst = TG_CONFORMANT;
    for (size_t i = 0; i < n; i++) {
        pthread_join(threads[i], NULL);
        if (tg_verdict_rank(jobs[i].verdict) > tg_verdict_rank(worst))
            worst = jobs[i].verdict;
    }
    /* what the library makes once and keeps (AFPerf's compiled patterns)
     * is still held: every checker is freed */
    printf("%zu files: %s (tracegate %s); %ld blocks of our allocator "
           "kept by the library\n",
           n, tg_verdict_name(worst), tg_version(), atomic_load(&blocks));
    free(jobs);
    free(threads);
    return (int)worst;
}
