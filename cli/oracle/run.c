/* run.c - one run of a reader under the oracle's limits: in its own
 * process group (so a timeout kills what it started too), with an
 * address-space cap, stdin and stdout on /dev/null and the start of
 * stderr kept, and TRACEGATE_CANARY naming a file in a scratch folder of
 * its own: the hostile strings of `gen --hostile` make that file if a
 * reader runs them as code.
 *
 * With --serve (spec/oracle.md, O12) a reader is started once per thread
 * and scratch folder and kept: it reads one path a line on its stdin and
 * answers each with the exit code it would have had, a line on its
 * stdout, after what it would have written on stderr.  A reader that
 * hangs is stopped and one that dies is asked again fresh (serve()); the
 * run is scored from how it ended, and the reader is started again for
 * the next file.  One that answers with anything else is broken: no run
 * of it is scored (or_run.broken).
 * Only async-signal-safe calls happen between fork() and exec(): the
 * oracle forks from worker threads. */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <poll.h>
#include <pthread.h>
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

/* The reader's side of fork(): its stdin and stdout are in_fd and out_fd
 * (-1: /dev/null), its stderr err_fd. */
static void child(char *cmd, char **env, const or_limits *lim, int in_fd,
                  int out_fd, int err_fd)
{
    setpgid(0, 0);
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(in_fd < 0 ? null : in_fd, 0) < 0 ||
        dup2(out_fd < 0 ? null : out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
        _exit(127);
    signal(SIGPIPE, SIG_DFL); /* the oracle ignores it for --serve */
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

/* Keep what arrived in buf[0..) of stderr: the start of it, up to the
 * room in r->err (kept counts what is there). */
static void keep_err(or_run *r, size_t *kept, const char *buf, size_t n)
{
    size_t room = sizeof r->err - 1 - *kept;
    size_t take = n < room ? n : room;
    memcpy(r->err + *kept, buf, take);
    *kept += take;
    r->err[*kept] = '\0';
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
        ssize_t got = read(fd, sink, sizeof sink);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return 0;
        keep_err(r, &kept, sink, (size_t)got);
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

/* Whether the canary file is there: taken away, and said in r. */
static void canary_check(const char *canary, or_run *r)
{
    r->canary = access(canary, F_OK) == 0;
    if (r->canary)
        unlink(canary);
}

/* ---- --serve ------------------------------------------------------------ */

typedef struct server {
    char command[16384];
    char canary[PATH_MAX + 32];
    pid_t pid;         /* 0: not running */
    unsigned answered; /* files answered since it started */
    int in, out, err;
    struct server *next;
} server;

/* A thread's servers, stopped when it ends (or_servers_stop() for the
 * main thread's). */
static pthread_key_t servers_key;
static pthread_once_t servers_once = PTHREAD_ONCE_INIT;

/* End a server: its process group killed, reaped; into r if given. */
static void server_end(server *sv, or_run *r)
{
    if (sv->pid == 0)
        return;
    kill(-sv->pid, SIGKILL);
    or_run sink;
    wait_end(sv->pid, or_seconds() + 60, r ? r : &sink, 0);
    close(sv->in);
    close(sv->out);
    close(sv->err);
    sv->pid = 0;
}

static void servers_free(void *list)
{
    for (server *sv = list, *next; sv; sv = next) {
        next = sv->next;
        server_end(sv, NULL);
        free(sv);
    }
}

static void servers_key_make(void)
{
    pthread_key_create(&servers_key, servers_free);
    signal(SIGPIPE, SIG_IGN); /* a server that died: write() says EPIPE */
}

void or_servers_stop(void)
{
    pthread_once(&servers_once, servers_key_make);
    servers_free(pthread_getspecific(servers_key));
    pthread_setspecific(servers_key, NULL);
}

/* The calling thread's server of command with canary, made if new. */
static server *server_of(const char *command, const char *canary)
{
    pthread_once(&servers_once, servers_key_make);
    server *list = pthread_getspecific(servers_key), *sv;
    for (sv = list; sv; sv = sv->next)
        if (strcmp(sv->command, command) == 0 &&
            strcmp(sv->canary, canary) == 0)
            return sv;
    if ((sv = calloc(1, sizeof *sv)) == NULL ||
        strlen(command) >= sizeof sv->command) {
        free(sv);
        return NULL;
    }
    strcpy(sv->command, command);
    snprintf(sv->canary, sizeof sv->canary, "%s", canary);
    sv->next = list;
    pthread_setspecific(servers_key, sv);
    return sv;
}

static int server_start(server *sv, const or_limits *lim)
{
    int in[2], out[2], err[2];
    char **env = environment(sv->canary);
    if (env == NULL)
        return -1;
    if (pipe2(in, O_CLOEXEC) != 0) {
        free_environment(env);
        return -1;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        free_environment(env);
        return -1;
    }
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        free_environment(env);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0)
        child(sv->command, env, lim, in[0], out[1], err[1]);
    free_environment(env);
    close(in[0]);
    close(out[1]);
    close(err[1]);
    if (pid < 0) {
        close(in[1]);
        close(out[0]);
        close(err[0]);
        return -1;
    }
    setpgid(pid, pid);
    sv->pid = pid;
    sv->answered = 0;
    sv->in = in[1];
    sv->out = out[0];
    sv->err = err[0];
    return 0;
}

/* Ask server sv about path: its answer, or how it ended, into r.
 * @return 1 if it ended without an answer, else 0. */
static int server_ask(server *sv, const char *path, const or_limits *lim,
                      or_run *r)
{
    char line[64], buf[4096];
    size_t nline = 0, kept = 0;
    double deadline = or_seconds() + lim->timeout;
    const char *at = path;
    size_t left = strlen(path) + 1; /* with the newline */
    while (left > 0) {
        ssize_t w =
            *at ? write(sv->in, at, strlen(at)) : write(sv->in, "\n", 1);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break; /* it died: how is read below */
        at += w;
        left -= (size_t)w;
    }
    for (;;) {
        double wait = deadline - or_seconds();
        if (wait <= 0 || (r->interrupted = or_stop != 0)) {
            r->timed_out = !r->interrupted;
            server_end(sv, NULL);
            return 0;
        }
        struct pollfd p[2] = {{sv->out, POLLIN, 0}, {sv->err, POLLIN, 0}};
        int ready = poll(p, 2, wait > 0.05 ? 50 : (int)(wait * 1000) + 1);
        if (ready <= 0)
            continue;
        if (p[1].revents) {
            ssize_t got = read(sv->err, buf, sizeof buf);
            if (got > 0)
                keep_err(r, &kept, buf, (size_t)got);
        }
        if (!p[0].revents)
            continue;
        ssize_t got = read(sv->out, line + nline, sizeof line - 1 - nline);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) { /* it ended: the run ends as it did */
            while ((got = read(sv->err, buf, sizeof buf)) > 0)
                keep_err(r, &kept, buf, (size_t)got);
            server_end(sv, r);
            return 1;
        }
        nline += (size_t)got;
        line[nline] = '\0';
        char *nl = strchr(line, '\n'), *end;
        if (nl == NULL && nline < sizeof line - 1)
            continue;
        long code = nl ? strtol(line, &end, 10) : -1;
        if (nl == NULL || end != nl || end == line || code < 0 || code > 255) {
            int said = nl ? (int)(nl - line) : (int)nline;
            snprintf(r->err, sizeof r->err,
                     "the reader answered \"%.*s\" under --serve, not an "
                     "exit code on a line (spec/oracle.md, O12)\n",
                     said < 40 ? said : 40, line);
            r->broken = 1;
            server_end(sv, NULL);
            return 0;
        }
        /* what it wrote on stderr before the answer is in the pipe */
        struct pollfd e = {sv->err, POLLIN, 0};
        while (poll(&e, 1, 0) > 0 &&
               (got = read(sv->err, buf, sizeof buf)) > 0)
            keep_err(r, &kept, buf, (size_t)got);
        r->exited = 1;
        r->status = (int)code;
        sv->answered++;
        return 0;
    }
}

/* A run of a served reader, started where it is not running.  A server
 * that ends without answering had read other files: whether it ended
 * after its last answer or of this file, and what of those files' it
 * kept, cannot be told, so the file is asked again of a fresh one, and
 * only a fresh server's end is the file's. */
static int serve(const char *command, const char *canary, const or_limits *lim,
                 const char *path, or_run *r)
{
    server *sv = server_of(command, canary);
    if (sv == NULL)
        return -1;
    double start = or_seconds();
    for (;;) {
        if (sv->pid == 0 && server_start(sv, lim) != 0)
            return -1;
        int fresh = sv->answered == 0;
        if (!server_ask(sv, path, lim, r) || fresh || or_stop)
            break;
        memset(r, 0, sizeof *r);
    }
    r->seconds = or_seconds() - start;
    canary_check(canary, r);
    return 0;
}

int or_run_reader(const char *command, const char *path, const char *scratch,
                  const or_limits *lim, or_run *r)
{
    char cmd[16384], canary[PATH_MAX + 32];
    memset(r, 0, sizeof *r);
    if (lim->serve) {
        snprintf(canary, sizeof canary, "%s/%s", scratch, OR_CANARY);
        return serve(command, canary, lim, path, r);
    }
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
        child(cmd, env, lim, -1, -1, fds[1]);
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
    canary_check(canary, r);
    return 0;
}
