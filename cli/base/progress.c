/* progress.c - `check` and `oracle` show how far they are on stderr: when
 * stderr is a terminal (never into a pipe or a CI log) or --progress
 * asks, once they have run for a second, every half second: for check
 * the bytes read so far and the rate, counting every file and every
 * --jobs thread together; for the oracle its runs and defects.  Report output to the same terminal takes the line
 * first (tgCli_progress_hold): the line is cleared before the report writes,
 * and no progress is shown while it does, so a verdict never lands after
 * the progress text. */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "base.h"

static int on;                          /* showing progress at all     */
static _Atomic unsigned long long seen; /* bytes read by every check  */
static double began, last;              /* seconds: start, last shown  */
static int shown;                       /* a line is on the terminal   */
static FILE *report;                    /* report on the terminal, or NULL */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void tgCli_progress_start(int forced, FILE *out)
{
    on = forced || isatty(STDERR_FILENO);
    report = on && isatty(fileno(out)) ? out : NULL;
    began = last = now();
}

/* Clears the line; the caller holds the lock. */
static void clear_line(void)
{
    if (shown) /* the line goes, so the report is left as it was */
        fputs("\r\033[K", stderr);
    shown = 0;
}

void tgCli_progress_hold(void)
{
    if (report == NULL)
        return;
    pthread_mutex_lock(&lock);
    clear_line();
}

void tgCli_progress_release(void)
{
    if (report == NULL)
        return;
    fflush(report); /* what was written is on the terminal before the next
                       progress line */
    pthread_mutex_unlock(&lock);
}

/* Whether a line is due: after the first second, every half second. */
static int due(double t) { return on && t - began >= 1.0 && t - last >= 0.5; }

void tgCli_progress_say(const char *format, ...)
{
    double t = now();
    if (!due(t))
        return;
    pthread_mutex_lock(&lock);
    if (due(t)) {
        last = t;
        shown = 1;
        va_list ap;
        va_start(ap, format);
        fputs("\r\033[Ktracegate: ", stderr); /* a shorter line clears */
        vfprintf(stderr, format, ap);
        fprintf(stderr, ", %.0f s", t - began);
        va_end(ap);
        fflush(stderr);
    }
    pthread_mutex_unlock(&lock);
}

long tgCli_progress_read(void *ctx, void *buf, size_t cap)
{
    long got = tg_read_fd(ctx, buf, cap);
    if (!on || got <= 0)
        return got;
    unsigned long long total =
        atomic_fetch_add(&seen, (unsigned long long)got) +
        (unsigned long long)got;
    double mb = (double)total / 1e6;
    tgCli_progress_say("%.1f MB checked, %.0f MB/s", mb,
                       mb / (now() - began + 1e-9));
    return got;
}

void tgCli_progress_end(void)
{
    pthread_mutex_lock(&lock);
    clear_line();
    pthread_mutex_unlock(&lock);
    on = 0;
    report = NULL;
}
