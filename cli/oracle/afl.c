/* afl.c - `oracle --engine afl` (spec/oracle.md O15): AFL++ makes the
 * inputs, guided by the reader's coverage, with tracegate's mutations
 * (afl/mutator.c) and its own havoc; then every input it kept (its
 * queue, crashes and hangs) is judged by tracegate and run again by the
 * oracle, and so classed, grouped, shrunk and scored as the black-box
 * oracle's inputs are.
 *
 * The reader is a native program built with afl-cc (the forkserver or
 * persistent mode it was built for), or a .NET reader instrumented with
 * SharpFuzz, whose harness takes the input on standard input under
 * afl-fuzz and the file named by {} when the oracle runs it.  A reader of
 * neither kind gives AFL++ no coverage: the black-box --fuzz runs
 * instead, for the same time, and the scorecard says so. */
#define _GNU_SOURCE /* memmem */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session.h"

extern char **environ;

/* where cmake --install puts the mutator module (CMakeLists.txt says) */
#ifndef TG_INSTALL_LIBDIR
#define TG_INSTALL_LIBDIR "/usr/local/lib"
#endif

#define MAX_WORDS     64
#define MAX_INSTANCES 64

/* ---- the reader's command ------------------------------------------- */

typedef struct command {
    char *word[MAX_WORDS + 1];
    size_t n;
    char buf[4096];
} command;

/* The reader's command split into words as a shell would split a plain
 * one (quotes, no expansions): afl-fuzz runs the program itself.
 * @return 0, or -1 for a command that needs a shell. */
static int split(const char *line, command *c)
{
    size_t o = 0;
    c->n = 0;
    for (const char *p = line; *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        if (c->n == MAX_WORDS)
            return -1;
        c->word[c->n++] = c->buf + o;
        char quote = 0;
        for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
            if (quote ? *p == quote : (*p == '\'' || *p == '"')) {
                quote = quote ? 0 : *p;
                continue;
            }
            if (!quote && strchr("|&;<>()$`\\*?~", *p))
                return -1;
            if (o + 2 >= sizeof c->buf)
                return -1;
            c->buf[o++] = *p;
        }
        if (quote)
            return -1;
        c->buf[o++] = '\0';
    }
    c->word[c->n] = NULL;
    return c->n ? 0 : -1;
}

/* The program a word names: itself with a '/', else found on PATH. */
static int find_program(const char *word, char out[TG_CLI_PATH])
{
    if (strchr(word, '/'))
        return tgCli_path(out, "%s", word) == 0 && access(out, X_OK) == 0 ? 0
                                                                          : -1;
    const char *path = getenv("PATH");
    for (const char *d = path ? path : "/usr/bin:/bin"; *d;) {
        size_t len = strcspn(d, ":");
        if (tgCli_path(out, "%.*s/%s", (int)len, d, word) == 0 &&
            access(out, X_OK) == 0)
            return 0;
        d += len + (d[len] == ':');
    }
    return -1;
}

/* Whether the file at path holds the bytes of text. */
static int file_has(const char *path, const char *text)
{
    size_t n = 0;
    unsigned char *b = or_slurp(path, &n);
    int has = b && memmem(b, n, text, strlen(text)) != NULL;
    free(b);
    return has;
}

enum coverage { COV_NONE, COV_AFL_CC, COV_SHARPFUZZ };

/* What gives AFL++ the reader's coverage: afl-cc's instrumentation in
 * the program (its shared-memory variable's name), or SharpFuzz in an
 * assembly the command names. */
static enum coverage coverage_of(const command *c, char program[TG_CLI_PATH])
{
    if (find_program(c->word[0], program) != 0)
        return COV_NONE;
    if (file_has(program, "__AFL_SHM_ID"))
        return COV_AFL_CC;
    for (size_t i = 1; i < c->n; i++) {
        size_t len = strlen(c->word[i]);
        if (len > 4 && strcmp(c->word[i] + len - 4, ".dll") == 0 &&
            file_has(c->word[i], "SharpFuzz"))
            return COV_SHARPFUZZ;
    }
    return COV_NONE;
}

/* ---- the campaign ------------------------------------------------------ */

/* AFL++'s mutator module: $TRACEGATE_AFL_MUTATOR, next to this program
 * (a build folder), or where cmake --install put it. */
static int find_mutator(char out[TG_CLI_PATH])
{
    const char *env = getenv("TRACEGATE_AFL_MUTATOR");
    if (env && *env)
        return tgCli_path(out, "%s", env) == 0 && access(out, R_OK) == 0 ? 0
                                                                         : -1;
    char self[TG_CLI_PATH];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = '\0';
        char *slash = strrchr(self, '/');
        if (slash) {
            *slash = '\0';
            if (tgCli_path(out, "%s/tracegate-afl-mutator.so", self) == 0 &&
                access(out, R_OK) == 0)
                return 0;
        }
    }
    return tgCli_path(out, "%s/tracegate/tracegate-afl-mutator.so",
                      TG_INSTALL_LIBDIR) == 0 &&
                   access(out, R_OK) == 0
               ? 0
               : -1;
}

/* The seeds: a valid trace of the declared profile, or of each profile
 * of the format.  Few and small: AFL++ fuzzes each seed for a while
 * before it turns to the inputs it found, and a trace of each profile
 * gives the structures the mutator grows. */
static int write_seeds(const session *s, const char *dir)
{
    const tg_format_info *fi = tgCli_format(s->o->format);
    const char *only = or_declared_profile(s->o);
    for (size_t p = 0; fi->profiles[p]; p++) {
        if (only && strcmp(only, fi->profiles[p]) != 0)
            continue;
        char path[TG_CLI_PATH];
        if (tgCli_path(path, "%s/%s%s", dir, fi->profiles[p], fi->extension) !=
            0)
            return -1;
        FILE *f = fopen(path, "wb");
        if (f == NULL)
            return -1;
        tg_error e = tg_generate(fi->name, fi->profiles[p], s->o->seed + 1, 0,
                                 tgCli_write_file, f);
        if (fclose(f) != 0 || e != TG_OK)
            return -1;
    }
    return 0;
}

typedef struct instance {
    char name[16];
    pid_t pid;
    int status;
} instance;

/* The environment AFL++'s tools run in: ours, and the settings of a run
 * without a terminal (free it; the strings live in set). */
typedef char setting[TG_CLI_PATH + 40];
/* AFL++'s 8 settings, the mutator's 3, the black-box kind's 2 */
#define NSETTINGS 13

static char **afl_env(const options *o, enum coverage cov, const char *mutator,
                      setting set[NSETTINGS])
{
    static const char *const settings[] = {
        "AFL_NO_UI=1", "AFL_SKIP_CPUFREQ=1", "AFL_NO_AFFINITY=1",
        "AFL_SKIP_CRASHES=1", "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1",
        /* a reader built with AddressSanitizer aborts where AFL++ sees */
        "ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0",
        /* SharpFuzz: the program is dotnet, and it starts slowly */
        "AFL_SKIP_BIN_CHECK=1", "AFL_FORKSRV_INIT_TMOUT=60000"};
    size_t ne = 0, e = 0, k = 0;
    while (environ[ne])
        ne++;
    char **env = calloc(ne + NSETTINGS + 1, sizeof *env);
    if (env == NULL)
        return NULL;
    for (size_t j = 0; j < ne; j++)
        if (strncmp(environ[j], "ASAN_OPTIONS=", 13) != 0)
            env[e++] = environ[j];
    size_t nset = sizeof settings / sizeof *settings;
    if (cov != COV_SHARPFUZZ)
        nset -= 2;
    for (size_t j = 0; j < nset; j++) {
        snprintf(set[k], sizeof set[k], "%s", settings[j]);
        env[e++] = set[k++];
    }
    if (mutator) {
        snprintf(set[k], sizeof set[k], "AFL_CUSTOM_MUTATOR_LIBRARY=%s",
                 mutator);
        env[e++] = set[k++];
        snprintf(set[k], sizeof set[k], "TG_AFL_FORMAT=%s", o->format);
        env[e++] = set[k++];
        snprintf(set[k], sizeof set[k], "TG_AFL_PROFILE=%s",
                 or_declared_profile(o) ? or_declared_profile(o) : "");
        env[e++] = set[k++];
    }
    if (mutator && o->mutations == OR_MUTATE_BLACK_BOX) {
        /* the black-box oracle's kind of inputs alone: AFL++ measures */
        snprintf(set[k], sizeof set[k], "AFL_CUSTOM_MUTATOR_ONLY=1");
        env[e++] = set[k++];
        snprintf(set[k], sizeof set[k], "TG_AFL_MUTATIONS=new");
        env[e++] = set[k++];
    }
    env[e] = NULL;
    return env;
}

/* Start the program at path with argv and env, its output into log. */
static int spawn(const char *path, char **argv, char **env, const char *log,
                 pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, log,
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    int r = posix_spawn(pid, path, &fa, NULL, argv, env);
    posix_spawn_file_actions_destroy(&fa);
    return r == 0 ? 0 : -1;
}

/* The oracle's limits as AFL++'s tools take them: -t in milliseconds,
 * -m in MiB or "none". */
typedef struct limit_words {
    char timeout[32], memory[32];
} limit_words;

static void limits_of(const options *o, limit_words *w)
{
    snprintf(w->timeout, sizeof w->timeout, "%.0f", o->lim.timeout * 1000);
    if (o->lim.memory_mib)
        snprintf(w->memory, sizeof w->memory, "%" PRIu64, o->lim.memory_mib);
    else
        snprintf(w->memory, sizeof w->memory, "none");
}

/* "--" and the reader's words after it: {} as AFL++ names the input
 * (at: "@@"), or left out for SharpFuzz, whose harness reads standard
 * input. */
static size_t reader_words(const command *c, enum coverage cov, char **argv,
                           char *end, char *at)
{
    size_t a = 0;
    argv[a++] = end;
    for (size_t w = 0; w < c->n; w++) {
        if (strcmp(c->word[w], "{}") != 0)
            argv[a++] = c->word[w];
        else if (cov != COV_SHARPFUZZ)
            argv[a++] = at;
    }
    return a;
}

/* Start afl-fuzz instance i (of o->jobs) on the reader. */
static int start(const session *s, const char *afl, const char *base,
                 const command *c, enum coverage cov, char **env, unsigned i,
                 instance *in)
{
    const options *o = s->o;
    char seeds[TG_CLI_PATH], out[TG_CLI_PATH], log[TG_CLI_PATH];
    char secs[32], seed[32];
    limit_words lim;
    if (i == 0)
        snprintf(in->name, sizeof in->name, "main");
    else
        snprintf(in->name, sizeof in->name, "s%u", i);
    if (tgCli_path(seeds, "%s/seeds", base) != 0 ||
        tgCli_path(out, "%s/out", base) != 0 ||
        tgCli_path(log, "%s/%s.log", base, in->name) != 0)
        return -1;
    snprintf(secs, sizeof secs, "%.0f", o->fuzz < 1 ? 1 : o->fuzz);
    limits_of(o, &lim);
    snprintf(seed, sizeof seed, "%" PRIu64, o->seed + i);
    /* posix_spawn wants words it may not write but does not say so */
    char w_i[] = "-i", w_o[] = "-o", w_m[] = "-M", w_s[] = "-S";
    char w_v[] = "-V", w_t[] = "-t", w_mem[] = "-m", w_seed[] = "-s";
    char w_end[] = "--", w_at[] = "@@", afl_path[TG_CLI_PATH];
    snprintf(afl_path, sizeof afl_path, "%s", afl);
    char *argv[MAX_WORDS + 24];
    size_t a = 0;
    argv[a++] = afl_path;
    argv[a++] = w_i, argv[a++] = seeds, argv[a++] = w_o, argv[a++] = out;
    /* the first instance is a main even alone: AFL++'s -M takes the
     * queue in order (-Z), which gave each new input its turn within the
     * run; as a secondary (weighted picks, trimming) two 300 s runs on
     * the NetTrace planted reader never fuzzed their deeper inputs, and
     * as a main one of the two found the bug (spec/oracle.md O15) */
    argv[a++] = i ? w_s : w_m;
    argv[a++] = in->name;
    argv[a++] = w_v, argv[a++] = secs;
    argv[a++] = w_t, argv[a++] = lim.timeout;
    argv[a++] = w_mem, argv[a++] = lim.memory;
    argv[a++] = w_seed, argv[a++] = seed;
    a += reader_words(c, cov, argv + a, w_end, w_at);
    argv[a] = NULL;
    return spawn(afl, argv, env, log, &in->pid);
}

/* Wait for the instances; SIGINT or SIGTERM to the oracle stops them
 * (afl-fuzz writes its figures as it stops). */
static void wait_all(instance *in, unsigned n)
{
    unsigned left = n, told = 0;
    while (left > 0) {
        int status;
        pid_t pid = waitpid(-1, &status, 0);
        if (pid < 0 && errno == EINTR) {
            for (unsigned i = 0; or_stop && !told && i < n; i++)
                if (in[i].pid > 0)
                    kill(in[i].pid, SIGINT);
            told |= or_stop != 0;
            continue;
        }
        if (pid < 0)
            return;
        for (unsigned i = 0; i < n; i++)
            if (in[i].pid == pid) {
                in[i].pid = 0;
                in[i].status = status;
                left--;
            }
    }
}

/* ---- its figures --------------------------------------------------------- */

/* The value of key in afl-fuzz's fuzzer_stats text, or 0. */
static double stat_of(const char *stats, const char *key)
{
    size_t len = strlen(key);
    for (const char *l = stats; l && *l; l = strchr(l, '\n'), l += l != 0) {
        if (strncmp(l, key, len) == 0 && (l[len] == ' ' || l[len] == ':')) {
            const char *colon = strchr(l, ':');
            return colon ? strtod(colon + 1, NULL) : 0;
        }
    }
    return 0;
}

/* The instance's fuzzer_stats added to c.  @return 0, or -1 if it wrote
 * none (it never started fuzzing). */
static int add_stats(const char *out, const instance *in, or_campaign *c)
{
    char path[TG_CLI_PATH];
    size_t n = 0;
    if (tgCli_path(path, "%s/%s/fuzzer_stats", out, in->name) != 0)
        return -1;
    char *stats = (char *)or_slurp(path, &n);
    if (stats == NULL)
        return -1;
    char *z = realloc(stats, n + 1);
    if (z == NULL) {
        free(stats);
        return -1;
    }
    stats = z;
    stats[n] = '\0';
    c->executions += (uint64_t)stat_of(stats, "execs_done");
    c->per_second += stat_of(stats, "execs_per_sec");
    c->crashes += (uint64_t)stat_of(stats, "saved_crashes");
    c->hangs += (uint64_t)stat_of(stats, "saved_hangs");
    if (c->instances++ == 0) { /* the first instance's view */
        c->queue = (uint64_t)stat_of(stats, "corpus_count");
        c->map_size = (uint64_t)stat_of(stats, "total_edges");
        c->afl_edges = (uint64_t)stat_of(stats, "edges_found");
        c->stability = stat_of(stats, "stability");
        c->seconds = stat_of(stats, "run_time");
    }
    free(stats);
    return 0;
}

/* A queue entry's time in ms, from its name ("...,time:1234,..."; a
 * seed has none: 0). */
static double entry_ms(const char *name)
{
    const char *t = strstr(name, ",time:");
    return t ? strtod(t + 6, NULL) : 0;
}

typedef struct entry {
    double ms;
    char name[256];
} entry;

static int by_time(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    return x->ms < y->ms ? -1 : x->ms > y->ms ? 1 : strcmp(x->name, y->name);
}

/* Edges over time: afl-showmap runs the reader on each input of the first
 * instance's queue (plot_data is written only on a terminal), and the
 * edges each reached are added up in the order AFL++ found them; the
 * curve is OR_CURVE points spread over the run, its last the whole. */
static int replay_curve(const char *showmap, const char *base,
                        const command *c, enum coverage cov, char **env,
                        const options *o, or_campaign *camp)
{
    char queue[TG_CLI_PATH], maps[TG_CLI_PATH], log[TG_CLI_PATH];
    limit_words lim;
    if (tgCli_path(queue, "%s/out/main/queue", base) != 0 ||
        tgCli_path(maps, "%s/maps", base) != 0 ||
        tgCli_path(log, "%s/showmap.log", base) != 0 ||
        tgCli_mkdirs(maps) != 0)
        return -1;
    limits_of(o, &lim);
    char w_q[] = "-q", w_e[] = "-e", w_i[] = "-i", w_o[] = "-o", w_t[] = "-t";
    char w_m[] = "-m", w_end[] = "--", w_at[] = "@@", path[TG_CLI_PATH];
    snprintf(path, sizeof path, "%s", showmap);
    char *argv[MAX_WORDS + 16];
    size_t a = 0;
    argv[a++] = path, argv[a++] = w_q, argv[a++] = w_e;
    argv[a++] = w_i, argv[a++] = queue, argv[a++] = w_o, argv[a++] = maps;
    argv[a++] = w_t, argv[a++] = lim.timeout;
    argv[a++] = w_m, argv[a++] = lim.memory;
    a += reader_words(c, cov, argv + a, w_end, w_at);
    argv[a] = NULL;
    pid_t pid;
    int status;
    if (spawn(showmap, argv, env, log, &pid) != 0)
        return -1;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;

    entry *es = NULL;
    size_t n = 0, cap = 0;
    DIR *dp = opendir(maps);
    if (dp == NULL)
        return -1;
    for (struct dirent *de; (de = readdir(dp)) != NULL;) {
        if (strncmp(de->d_name, "id:", 3) != 0 ||
            or_grow((void **)&es, n, &cap, sizeof *es) != 0)
            continue;
        es[n].ms = entry_ms(de->d_name);
        snprintf(es[n++].name, sizeof es->name, "%s", de->d_name);
    }
    closedir(dp);
    qsort(es, n, sizeof *es, by_time);
    unsigned char *seen = NULL;
    size_t nseen = 0;
    uint64_t edges = 0;
    double span = camp->seconds > 0 ? camp->seconds : 1, next = 0;
    camp->npoints = 0;
    for (size_t i = 0; i < n; i++) {
        char file[TG_CLI_PATH];
        size_t len = 0;
        if (tgCli_path(file, "%s/%s", maps, es[i].name) != 0)
            continue;
        char *text = (char *)or_slurp(file, &len);
        for (char *l = text; text && l < text + len;) {
            char *end = memchr(l, '\n', (size_t)(text + len - l));
            unsigned long id = strtoul(l, NULL, 10);
            if (id < (1ul << 24) && id >= nseen) {
                size_t grown = (id + 1) * 2;
                unsigned char *g = realloc(seen, grown);
                if (g) {
                    memset(g + nseen, 0, grown - nseen);
                    seen = g;
                    nseen = grown;
                }
            }
            if (id < nseen && !seen[id]) {
                seen[id] = 1;
                edges++;
            }
            l = end ? end + 1 : text + len;
        }
        free(text);
        double t = es[i].ms / 1000;
        if ((t >= next || i + 1 == n) && camp->npoints < OR_CURVE) {
            if (camp->npoints == OR_CURVE - 1 && i + 1 < n)
                continue; /* the last point is the whole run's */
            if (camp->npoints && camp->curve[camp->npoints - 1].seconds >= t)
                camp->npoints--; /* one point a moment */
            camp->curve[camp->npoints].seconds = t;
            camp->curve[camp->npoints++].edges = edges;
            next = t + span / (OR_CURVE - 1);
        }
    }
    free(seen);
    free(es);
    camp->edges = edges;
    return 0;
}

/* ---- the judge's inputs ---------------------------------------------- */

typedef struct kept {
    char (*path)[TG_CLI_PATH];
    size_t n, cap;
} kept;

static int by_name(const void *a, const void *b) { return strcmp(a, b); }

/* The inputs of out/NAME/{queue,crashes,hangs}/id:*, in order. */
static int gather(kept *k, const char *out, const instance *in, unsigned n)
{
    static const char *const kinds[] = {"queue", "crashes", "hangs"};
    for (unsigned i = 0; i < n; i++)
        for (size_t d = 0; d < 3; d++) {
            char dir[TG_CLI_PATH];
            if (tgCli_path(dir, "%s/%s/%s", out, in[i].name, kinds[d]) != 0)
                return -1;
            DIR *dp = opendir(dir);
            if (dp == NULL)
                continue;
            size_t first = k->n;
            for (struct dirent *de; (de = readdir(dp)) != NULL;) {
                if (strncmp(de->d_name, "id:", 3) != 0)
                    continue;
                if (or_grow((void **)&k->path, k->n, &k->cap,
                            sizeof *k->path) != 0 ||
                    tgCli_path(k->path[k->n], "%s/%s", dir, de->d_name) != 0) {
                    closedir(dp);
                    return -1;
                }
                k->n++;
            }
            closedir(dp);
            qsort(k->path + first, k->n - first, sizeof *k->path, by_name);
        }
    return 0;
}

static int kept_input(const session *s, void *ctx, uint64_t n, or_input *in)
{
    const kept *k = ctx;
    memset(in, 0, sizeof *in);
    if (n >= k->n)
        return 1;
    in->bytes.p = or_slurp(k->path[n], &in->bytes.n);
    if (in->bytes.p == NULL)
        return -1;
    /* out/NAME/queue/id:...: the instance, the folder, the name */
    const char *p = k->path[n] + strlen(k->path[n]);
    int slashes = 0;
    while (p > k->path[n] && slashes < 3)
        slashes += *--p == '/';
    snprintf(in->what, sizeof in->what, "AFL++ kept %s", p + 1);
    snprintf(in->format, sizeof in->format, "%s", s->o->format);
    snprintf(in->profile, sizeof in->profile, "%s",
             s->o->profile ? s->o->profile : "");
    return 0;
}

/* Say what an instance that stopped before its time said last. */
static void tell_log(const char *base, const instance *in, const char *how)
{
    char path[TG_CLI_PATH];
    size_t n = 0;
    if (tgCli_path(path, "%s/%s.log", base, in->name) != 0)
        return;
    char *log = (char *)or_slurp(path, &n);
    size_t from = n > 1500 ? n - 1500 : 0;
    fprintf(stderr,
            "tracegate: oracle: afl-fuzz (%s) %s; the end of %s:\n%.*s\n",
            in->name, how, path, (int)(n - from), log ? log + from : "");
    free(log);
}

static const char *const mutation_names[] = {"tracegate's and havoc", "havoc",
                                             "the black-box oracle's"};

int or_afl_run(session *s)
{
    const options *o = s->o;
    or_campaign *c = &s->info->campaign;
    command cmd;
    char program[TG_CLI_PATH], afl[TG_CLI_PATH], showmap[TG_CLI_PATH];
    char mutator[TG_CLI_PATH];
    if (split(s->reader, &cmd) != 0) {
        fprintf(stderr, "tracegate: oracle: --engine afl runs the reader "
                        "itself, without a shell: its command may quote "
                        "words but not use | & ; < > ( ) $ ` \\ * ? ~\n");
        return TG_CLI_USAGE;
    }
    enum coverage cov = coverage_of(&cmd, program);
    c->mutations = mutation_names[o->mutations];
    if (cov == COV_NONE) {
        /* AFL++ would see nothing: the black-box oracle, same budget */
        c->coverage = "none";
        c->mutations = mutation_names[OR_MUTATE_BLACK_BOX];
        return or_fuzz_run(s);
    }
    c->coverage = cov == COV_AFL_CC ? "afl-cc" : "SharpFuzz";
    if (find_program("afl-fuzz", afl) != 0 ||
        find_program("afl-showmap", showmap) != 0) {
        fputs("tracegate: oracle: --engine afl needs afl-fuzz and "
              "afl-showmap on PATH (Debian: apt-get install afl++)\n",
              stderr);
        return TG_IO_ERROR;
    }
    int tracegate_mutates = o->mutations != OR_MUTATE_HAVOC;
    if (tracegate_mutates && find_mutator(mutator) != 0) {
        fputs("tracegate: oracle: AFL++'s mutator module, "
              "tracegate-afl-mutator.so, is neither next to tracegate nor "
              "installed (set TRACEGATE_AFL_MUTATOR to its path)\n",
              stderr);
        return TG_IO_ERROR;
    }
    char base[TG_CLI_PATH], seeds[TG_CLI_PATH], out[TG_CLI_PATH];
    if (tgCli_path(base, "%s/campaign", o->keep) != 0 ||
        tgCli_path(seeds, "%s/seeds", base) != 0 ||
        tgCli_path(out, "%s/out", base) != 0)
        return TG_CLI_USAGE;
    or_remove_tree(base); /* the last one's */
    if (tgCli_mkdirs(seeds) != 0 || write_seeds(s, seeds) != 0) {
        fprintf(stderr, "tracegate: oracle: cannot write %s: %s\n", base,
                strerror(errno));
        return TG_IO_ERROR;
    }
    setting set[NSETTINGS];
    char **env = afl_env(o, cov, tracegate_mutates ? mutator : NULL, set);
    if (env == NULL)
        return TG_INTERNAL;
    unsigned n = o->jobs < MAX_INSTANCES ? o->jobs : MAX_INSTANCES;
    instance in[MAX_INSTANCES];
    memset(in, 0, sizeof in);
    for (unsigned i = 0; i < n; i++)
        if (start(s, afl, base, &cmd, cov, env, i, &in[i]) != 0) {
            fprintf(stderr, "tracegate: oracle: cannot start %s\n", afl);
            n = i;
            break;
        }
    wait_all(in, n);
    int fuzzed = 0;
    for (unsigned i = 0; i < n; i++) {
        int stats = add_stats(out, &in[i], c) == 0;
        fuzzed += stats;
        if (!stats)
            tell_log(base, &in[i], "stopped before it fuzzed");
        else if (!or_stop &&
                 !(WIFEXITED(in[i].status) && WEXITSTATUS(in[i].status) == 0))
            tell_log(base, &in[i],
                     "stopped before its time: its figures are those it "
                     "wrote last, and what it kept is judged");
    }
    int r = fuzzed == 0 ? TG_IO_ERROR : 0;
    if (r == 0 && replay_curve(showmap, base, &cmd, cov, env, o, c) != 0)
        r = TG_INTERNAL;
    free(env);
    kept k = {0};
    if (r == 0 && gather(&k, out, in, n) != 0)
        r = TG_INTERNAL;
    c->judged = k.n;
    or_maker m = {"afl", kept_input, &k, 0};
    if (r == 0)
        r = or_inputs_run(s, &m);
    free(k.path);
    return r;
}
