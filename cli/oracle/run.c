/* run.c - one run of a reader under the oracle's limits: in its own
 * process group (so a timeout kills what it started too), with an
 * address-space cap, stdin and stdout on /dev/null and the start of
 * stderr kept, and TRACEGATE_CANARY naming a file in a scratch folder of
 * its own: the hostile strings of `gen --hostile` make that file if a
 * reader runs them as code.
 * Only async-signal-safe calls happen between fork() and exec(): the
 * oracle forks from worker threads. */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "oracle.h"

double or_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* s in single quotes for sh, each ' as '\''. @return 0, or -1 if it does
 * not fit. */
static int quote(const char *s, char **out, const char *end)
{
    char *o = *out;
    if (o >= end)
        return -1;
    *o++ = '\'';
    for (; *s; s++) {
        if (end - o < 5)
            return -1;
        if (*s == '\'') {
            memcpy(o, "'\\''", 4);
            o += 4;
        } else {
            *o++ = *s;
        }
    }
    if (o >= end)
        return -1;
    *o++ = '\'';
    *out = o;
    return 0;
}

/* The command line with every {} replaced by the quoted path, or the
 * path appended when there is no {}. */
static int command_line(const char *command, const char *path, char *buf,
                        size_t size)
{
    char *o = buf, *end = buf + size - 1;
    int used = 0;
    for (const char *c = command; *c;) {
        if (c[0] == '{' && c[1] == '}') {
            if (quote(path, &o, end) != 0)
                return -1;
            c += 2;
            used = 1;
        } else {
            if (o >= end)
                return -1;
            *o++ = *c++;
        }
    }
    if (!used && (o >= end || (*o++ = ' ', quote(path, &o, end) != 0)))
        return -1;
    *o = '\0';
    return 0;
}

extern char **environ;

/* The environment, and TRACEGATE_CANARY=canary.  @return a NULL-ended
 * array (free it, not its strings but the last), or NULL. */
static char **environment(const char *canary)
{
    size_t n = 0;
    while (environ[n])
        n++;
    char **env = malloc((n + 2) * sizeof *env);
    size_t size = strlen(OR_CANARY_VARIABLE) + strlen(canary) + 2;
    char *mine = malloc(size);
    if (env == NULL || mine == NULL) {
        free(env);
        free(mine);
        return NULL;
    }
    size_t o = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], OR_CANARY_VARIABLE "=",
                    sizeof OR_CANARY_VARIABLE) != 0)
            env[o++] = environ[i];
    snprintf(mine, size, "%s=%s", OR_CANARY_VARIABLE, canary);
    env[o++] = mine;
    env[o] = NULL;
    return env;
}

static void free_environment(char **env)
{
    size_t n = 0;
    while (env[n + 1])
        n++;
    free(env[n]);
    free(env);
}

static void child(char *cmd, char **env, const or_limits *lim, int err_fd)
{
    setpgid(0, 0);
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 ||
        dup2(err_fd, 2) < 0)
        _exit(127);
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    /* the soft limit only: a reader that runs a helper may lift it for
     * that helper (tests/readers/delegate.py does, for a sanitizer
     * build, which cannot run under an address-space cap) */
    struct rlimit cap;
    if (lim->memory_mib && getrlimit(RLIMIT_AS, &cap) == 0) {
        rlim_t bytes = (rlim_t)lim->memory_mib << 20;
        cap.rlim_cur = cap.rlim_max < bytes ? cap.rlim_max : bytes;
        setrlimit(RLIMIT_AS, &cap);
    }
    char sh[] = "sh", dash_c[] = "-c";
    char *argv[] = {sh, dash_c, cmd, NULL};
    execve("/bin/sh", argv, env);
    _exit(127);
}

/* Keep the start of what the reader writes on stderr until it closes it
 * or the time is up.  @return 1 if the time ran out or the oracle is
 * asked to stop.  Polls wake every 50 ms to see or_stop. */
static int collect(int fd, double deadline, or_run *r)
{
    size_t kept = 0;
    char sink[4096];
    for (;;) {
        double left = deadline - or_seconds();
        if (left <= 0 || (r->interrupted = or_stop != 0))
            return 1;
        struct pollfd p = {fd, POLLIN, 0};
        int ready = poll(&p, 1, left > 0.05 ? 50 : (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            continue;
        size_t room = sizeof r->err - 1 - kept;
        ssize_t got =
            read(fd, room ? r->err + kept : sink, room ? room : sizeof sink);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return 0;
        if (room)
            kept += (size_t)got;
        r->err[kept] = '\0';
    }
}

/* Wait for the reader to end by the deadline, or (stoppable) until the
 * oracle is asked to stop.  @return 1 if it did not end. */
static int wait_end(pid_t pid, double deadline, or_run *r, int stoppable)
{
    for (;;) {
        int status;
        struct rusage use;
        pid_t got = wait4(pid, &status, WNOHANG, &use);
        if (got == pid) {
            r->exited = WIFEXITED(status);
            r->status = r->exited ? WEXITSTATUS(status) : 0;
            r->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
            r->max_rss_kib = (uint64_t)use.ru_maxrss;
            return 0;
        }
        if (got < 0 && errno != EINTR)
            return 0;
        if (or_seconds() >= deadline ||
            (stoppable && (r->interrupted = or_stop != 0)))
            return 1;
        struct timespec nap = {0, 2000000};
        nanosleep(&nap, NULL);
    }
}

int or_run_reader(const char *command, const char *path, const char *scratch,
                  const or_limits *lim, or_run *r)
{
    char cmd[16384], canary[PATH_MAX + 32];
    memset(r, 0, sizeof *r);
    if (command_line(command, path, cmd, sizeof cmd) != 0) {
        errno = ENAMETOOLONG;
        return -1;
    }
    snprintf(canary, sizeof canary, "%s/%s", scratch, OR_CANARY);
    char **env = environment(canary);
    int fds[2];
    if (env == NULL || pipe2(fds, O_CLOEXEC) != 0) {
        if (env)
            free_environment(env);
        return -1;
    }
    double start = or_seconds(), deadline = start + lim->timeout;
    pid_t pid = fork();
    if (pid == 0)
        child(cmd, env, lim, fds[1]);
    free_environment(env);
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        return -1;
    }
    setpgid(pid, pid); /* also here, so the kill below cannot miss it */
    r->timed_out = collect(fds[0], deadline, r);
    close(fds[0]);
    if (!r->timed_out)
        r->timed_out = wait_end(pid, deadline, r, 1);
    kill(-pid, SIGKILL); /* the reader on a timeout; what it left behind */
    if (r->timed_out)    /* reap it, also when stopping */
        wait_end(pid, or_seconds() + 60, r, 0);
    r->seconds = or_seconds() - start;
    r->canary = access(canary, F_OK) == 0;
    if (r->canary)
        unlink(canary);
    return 0;
}
