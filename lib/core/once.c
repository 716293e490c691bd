/* once.c - state made once, a failed try retried (once.h). */
#include "once.h"

int tgOnce_run(tgOnce *o, int (*make)(void))
{
    if (atomic_load_explicit(&o->done, memory_order_acquire))
        return 1;
    pthread_mutex_lock(&o->lock);
    if (!atomic_load_explicit(&o->done, memory_order_relaxed) && make())
        atomic_store_explicit(&o->done, 1, memory_order_release);
    pthread_mutex_unlock(&o->lock);
    return atomic_load_explicit(&o->done, memory_order_acquire);
}
