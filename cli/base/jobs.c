/* jobs.c - an ordered parallel map: items worked on by up to `jobs`
 * threads, each item's result handed over in item order on the calling
 * thread, as soon as it and every one before it are done.  `check
 * --jobs` checks files with it: the report is written in the order of
 * the files, so it is the same as with one job. */
#include <pthread.h>
#include <stdlib.h>

#include "base.h"

typedef struct slot {
    void *result;
    int done;
} slot;

typedef struct pool {
    size_t n, next;
    slot *slots;
    tgCli_work_fn work;
    void *ctx;
    pthread_mutex_t lock;
    pthread_cond_t ready;
} pool;

typedef struct worker {
    pool *p;
    unsigned index;
} worker;

static void *work_loop(void *arg)
{
    worker *w = arg;
    pool *p = w->p;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t i = p->next < p->n ? p->next++ : p->n;
        pthread_mutex_unlock(&p->lock);
        if (i == p->n)
            return NULL;
        void *r = p->work(i, w->index, p->ctx);
        pthread_mutex_lock(&p->lock);
        p->slots[i].result = r;
        p->slots[i].done = 1;
        pthread_cond_broadcast(&p->ready);
        pthread_mutex_unlock(&p->lock);
    }
}

int tgCli_parallel(size_t n, unsigned jobs, tgCli_work_fn work,
                   tgCli_deliver_fn deliver, void *ctx)
{
    pool p = {n,
              0,
              calloc(n ? n : 1, sizeof(slot)),
              work,
              ctx,
              PTHREAD_MUTEX_INITIALIZER,
              PTHREAD_COND_INITIALIZER};
    if (jobs > n)
        jobs = (unsigned)n;
    pthread_t *t = calloc(jobs ? jobs : 1, sizeof *t);
    worker *w = calloc(jobs ? jobs : 1, sizeof *w);
    if (p.slots == NULL || t == NULL || w == NULL) {
        free(p.slots);
        free(t);
        free(w);
        return -1;
    }
    unsigned started = 0;
    for (; started < jobs; started++) {
        w[started] = (worker){&p, started};
        if (pthread_create(&t[started], NULL, work_loop, &w[started]) != 0)
            break;
    }
    if (started == 0) { /* no thread at all: the items one by one here */
        for (size_t i = 0; i < n; i++)
            deliver(i, work(i, 0, ctx), ctx);
    } else {
        for (size_t i = 0; i < n; i++) {
            pthread_mutex_lock(&p.lock);
            while (!p.slots[i].done)
                pthread_cond_wait(&p.ready, &p.lock);
            void *r = p.slots[i].result;
            pthread_mutex_unlock(&p.lock);
            deliver(i, r, ctx);
        }
    }
    for (unsigned k = 0; k < started; k++)
        pthread_join(t[k], NULL);
    free(p.slots);
    free(t);
    free(w);
    return 0;
}
