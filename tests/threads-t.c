/* threads-t.c - checks on several threads at once, as docs/library.md
 * says an embedder may run them: each thread its own checker, the
 * rule tables and texts shared.  Four threads start together, before
 * anything in the process has checked a trace, so that the state the
 * library makes on first use (AFPerf's compiled patterns, its "C"
 * locale, the rules' scope texts) is made while they race.  Each checks
 * a valid trace of every format and profile and a rule's mutant of every
 * format, ten times, and reads every rule's texts.  Then one thread alone
 * checks the same inputs: every thread's verdicts and finding counts must
 * be its, each input checked told its format (and each valid trace with
 * its format detected too), all through an allocator of the test's own,
 * set first.
 * ./build.sh test runs it under ThreadSanitizer as well, which fails it
 * on a data race.  Failure: a race, a verdict or a count that differs. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"
#include "tap.h"
#include "tracegate_corpus.h"

#define THREADS 4
#define ROUNDS  10
#define INPUTS  64

typedef struct input {
    const char *format, *profile;
    int mutant; /* a rule's mutant, else a valid trace */
    tgMembuf data;
} input;

static input inputs[INPUTS];
static size_t ninputs;

/* What one thread saw of each input, in its last round. */
typedef struct seen {
    tg_verdict verdict[INPUTS];
    size_t findings[INPUTS];
    size_t differ;  /* rounds whose result was not the round before's */
    size_t guessed; /* inputs whose check with the format detected
                       differed from the check told it           */
    size_t texts;   /* rule texts read */
} seen;

static pthread_barrier_t start;

/* The program's allocator, as an embedder's: the C library's, the blocks
 * it gave counted, from every thread at once. */
static atomic_long given;

static void *count_malloc(void *ctx, size_t n)
{
    (void)ctx;
    atomic_fetch_add(&given, 1);
    return malloc(n);
}

static void *count_realloc(void *ctx, void *p, size_t n)
{
    (void)ctx;
    if (p == NULL)
        atomic_fetch_add(&given, 1);
    return realloc(p, n);
}

static void count_free(void *ctx, void *p)
{
    (void)ctx;
    free(p);
}

static void count(void *ctx, const tg_diag *d)
{
    (void)d;
    ++*(size_t *)ctx;
}

/* One check of input i by a checker told its format (or, format NULL,
 * that detects it): the verdict, and the findings into *n. */
static tg_verdict check_one(size_t i, const char *format, size_t *n)
{
    tg_checker *v = NULL;
    tg_verdict r = TG_INTERNAL;
    *n = 0;
    if (tg_checker_open(&v) == TG_OK &&
        tg_checker_set_format(v, format) == TG_OK &&
        (!inputs[i].profile ||
         tg_checker_set_profile(v, inputs[i].profile) == TG_OK))
        r = tg_checker_check_buffer(v, inputs[i].data.p, inputs[i].data.n,
                                    NULL, NULL, count, n);
    tg_checker_free(v);
    return r;
}

/* Every input checked once into s (verdict, findings), told its format
 * and with it detected. */
static void check_all(seen *s)
{
    for (size_t i = 0; i < ninputs; i++) {
        size_t n;
        s->verdict[i] = check_one(i, inputs[i].format, &s->findings[i]);
        /* a mutant may break what tells its format */
        if (!inputs[i].mutant)
            s->guessed +=
                check_one(i, NULL, &n) != s->verdict[i] || n != s->findings[i];
    }
}

static void *worker(void *arg)
{
    seen *s = arg;
    pthread_barrier_wait(&start);
    for (int round = 0; round < ROUNDS; round++) {
        seen now;
        now.guessed = 0;
        check_all(&now);
        s->guessed += now.guessed;
        if (round > 0 &&
            (memcmp(now.verdict, s->verdict, sizeof now.verdict) != 0 ||
             memcmp(now.findings, s->findings, sizeof now.findings) != 0))
            s->differ++;
        memcpy(s->verdict, now.verdict, sizeof now.verdict);
        memcpy(s->findings, now.findings, sizeof now.findings);
        for (size_t f = 0; f < tg_format_count(); f++) {
            const char *format = tg_format_at(f)->name;
            for (size_t r = 0; r < tg_rule_count(format); r++) {
                const tg_rule *rule = tg_rule_at(format, r);
                s->texts += tg_rule_get(rule, TG_RULE_APPLIES) != NULL;
            }
        }
    }
    return NULL;
}

int main(void)
{
    /* before anything else of the library, on one thread */
    tg_allocator a = {sizeof a, count_malloc, count_realloc, count_free, NULL};
    if (tg_set_allocator(&a) != TG_OK)
        bail("tg_set_allocator() refused");
    /* the inputs: generated, not checked (nothing is made on first use
     * by the generators that a check needs) */
    for (size_t f = 0; f < tg_format_count(); f++) {
        const tg_format_info *fi = tg_format_at(f);
        for (size_t p = 0; fi->profiles[p] && ninputs + 2 <= INPUTS; p++) {
            input *in = &inputs[ninputs++];
            in->format = fi->name;
            in->profile = fi->profiles[p];
            gen_into(&in->data, fi->name, fi->profiles[p], 5);
        }
        input *m = &inputs[ninputs++];
        m->format = fi->name;
        m->mutant = 1;
        tg_mutant mutant = {
            .size = sizeof mutant}; /* the first rule's that has one */
        int made = 0;
        for (size_t r = 0; !made && r < tg_rule_count(fi->name); r++) {
            m->data.n = 0;
            made = tg_mutate(fi->name, tg_rule_id(tg_rule_at(fi->name, r)), 0,
                             5, tgMembuf_write, &m->data, &mutant) == TG_OK &&
                   m->data.n > 0;
        }
        if (!made)
            bail("no rule's mutant");
    }
    seen s[THREADS];
    memset(s, 0, sizeof s);
    pthread_t t[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, worker, &s[i]) != 0)
            bail("pthread_create");
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&start);

    seen alone;
    memset(&alone, 0, sizeof alone);
    check_all(&alone);
    is_int((long long)alone.guessed, 0,
           "alone, each valid trace checks the same with its format detected");
    size_t as_made = 0, mutants = 0;
    for (size_t i = 0; i < ninputs; i++) {
        mutants += inputs[i].mutant != 0;
        as_made += (alone.verdict[i] == TG_CONFORMANT) != inputs[i].mutant;
    }
    is_int((long long)as_made, (long long)ninputs,
           "checked alone, each valid trace is conformant and each mutant "
           "is not");
    ok(mutants == tg_format_count() && ninputs > 2 * mutants,
       "%zu inputs, %zu of them mutants", ninputs, mutants);
    for (int i = 0; i < THREADS; i++) {
        ok(s[i].differ == 0 &&
               memcmp(s[i].verdict, alone.verdict,
                      ninputs * sizeof *alone.verdict) == 0 &&
               memcmp(s[i].findings, alone.findings,
                      ninputs * sizeof *alone.findings) == 0,
           "thread %d: %d rounds, each the verdicts and finding counts of "
           "one thread alone",
           i, ROUNDS);
        ok(s[i].texts > 0, "thread %d read %zu rule texts", i, s[i].texts);
        is_int((long long)s[i].guessed, 0,
               "... and the same with the formats detected");
    }
    ok(atomic_load(&given) > 0,
       "the library took its blocks from the test's allocator (%ld)",
       atomic_load(&given));
    for (size_t i = 0; i < ninputs; i++)
        tgMembuf_free(&inputs[i].data);
    return done_testing();
}
