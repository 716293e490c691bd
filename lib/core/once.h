/* once.h - process-wide state made once, by the first caller that needs
 * it, where making it can fail (memory): pthread_once() would keep the
 * failure for the life of the process, and an embedder that ran short of
 * memory once would lose the checks that need the state for good.  Here a
 * failed try leaves nothing done, and the next caller tries again. */
#ifndef TG_ONCE_H
#define TG_ONCE_H

#include <pthread.h>
#include <stdatomic.h>

typedef struct tgOnce {
    pthread_mutex_t lock;
    atomic_int done;
} tgOnce;

#define TG_ONCE_INIT                                                          \
    {                                                                         \
        PTHREAD_MUTEX_INITIALIZER, 0                                          \
    }

/*! tgOnce_run() : make() unless a call of it has succeeded (returned
 *  non-zero), one caller at a time; what make() wrote is seen by every
 *  caller this returns 1 to.  A make() that fails must leave nothing.
 *  @return 1 when done, 0 when make() failed this time. */
int tgOnce_run(tgOnce *o, int (*make)(void));

#endif
