/* base.h - what the tracegate subcommands and the oracle share: words
 * to the user, numbers and paths, files, work on several threads and
 * progress on stderr (util.c, jobs.c, progress.c). */
#ifndef TG_CLI_BASE_H
#define TG_CLI_BASE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tracegate_corpus.h"

/* The exit code of a usage error: the command line's own, between the
 * verdicts that are its other exit codes (tracegate.h, tg_verdict). */
#define TG_CLI_USAGE 2

/*! tgCli_usage() : print "tracegate: <msg>" and a hint.  @return TG_CLI_USAGE. */
int tgCli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*! tgCli_format() : the format called name.  @return NULL if none is. */
const tg_format_info *tgCli_format(const char *name);
/*! tgCli_now() : the time a report stamps, in Unix seconds: now, or
 *  SOURCE_DATE_EPOCH when it is set (the reproducible-builds convention),
 *  so that two runs can write the same bytes. */
int64_t tgCli_now(void);
/*! tgCli_number() : parse a decimal count with an optional K, M, G (x1024)
 *  suffix.  @return 0, or -1 if s is not such a number. */
int tgCli_number(const char *s, uint64_t *out);
/* The longest path the CLI makes, keeps or names (Linux's PATH_MAX): a
 * path that would be longer is an error, never cut short. */
#define TG_CLI_PATH 4096
/* The profiles of one format that the CLI's tables hold (a format has 4
 * at most now); one past them is asked about again each time. */
#define TG_CLI_PROFILES 8
/*! tgCli_path() : the path printf makes of format into out[TG_CLI_PATH].
 *  @return 0, or -1 after saying on stderr that it is too long. */
int tgCli_path(char out[TG_CLI_PATH], const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Room for the library's limits in the CLI's option tables: the library
 * counts them (tg_limit_about()), and the CLI stops with an internal error
 * if it has more (tgCli_limit_count()). */
#define TG_CLI_LIMITS 16
/*! tgCli_limit_count() : how many limits the library has, at most
 *  TG_CLI_LIMITS. */
int tgCli_limit_count(void);
/*! tgCli_limit_options() : the long options of the checker's limits
 *  (--max-live, ...) into out[0 .. tgCli_limit_count()), option i
 *  returning `base` + i, then an end of the table; tgCli_limit_option()
 *  takes one, as the checker's limit `which`.  @return 0, or TG_CLI_USAGE
 *  after saying what it wants. */
struct option;
void tgCli_limit_options(struct option *out, int base);
int tgCli_limit_option(tg_checker *k, int which, const char *arg);
/*! tgCli_open_input() : the file at path (- : standard input) opened to
 *  be read.  @return its descriptor, or -1 after saying on stderr why it
 *  cannot be read (a directory cannot). */
int tgCli_open_input(const char *path);
/*! tgCli_mkdirs() : mkdir -p.  @return 0 or -1 (errno set). */
int tgCli_mkdirs(const char *path);
/*! tgCli_write_file() : a tg_write_fn over a FILE *. */
int tgCli_write_file(void *ctx, const void *data, size_t size);
/*! tgCli_close_output() : flush f and close it (stdout stays open), saying
 *  on stderr that `name` could not be written if any write or the close
 *  failed.  @return 0, or -1 after such a failure. */
int tgCli_close_output(FILE *f, const char *name);

/* ---- jobs.c: check --jobs ---- */
/* work(item, worker, ctx) runs on worker thread `worker` (0 .. jobs-1) and
 * returns the item's result; deliver(item, result, ctx) gets the results
 * on the calling thread, in item order. */
typedef void *(*tgCli_work_fn)(size_t item, unsigned worker, void *ctx);
typedef void (*tgCli_deliver_fn)(size_t item, void *result, void *ctx);
/*! tgCli_parallel() : the n items on up to `jobs` threads.  @return 0, or
 *  -1 if there was no memory to start (nothing was done). */
int tgCli_parallel(size_t n, unsigned jobs, tgCli_work_fn work,
                   tgCli_deliver_fn deliver, void *ctx);

/* ---- progress.c: check's progress on stderr ---- */
/*! tgCli_progress_start() : show progress if stderr is a terminal, or if
 *  forced (--progress); out is where the report goes. */
void tgCli_progress_start(int forced, FILE *out);
/*! tgCli_progress_hold(), tgCli_progress_release() : around each write of
 *  the report: when the report and the progress share a terminal, the
 *  progress line is cleared first and stays away until the release. */
void tgCli_progress_hold(void);
void tgCli_progress_release(void);
/*! tgCli_progress_read() : tg_read_fd() (ctx: int *) that counts the bytes
 *  and shows progress now and then. */
long tgCli_progress_read(void *ctx, void *buf, size_t cap);
/*! tgCli_progress_say() : a progress line (printf, then the seconds
 *  since the start), when one is due. */
void tgCli_progress_say(const char *format, ...)
    __attribute__((format(printf, 1, 2)));
/*! tgCli_progress_end() : clear the progress line, if one was shown. */
void tgCli_progress_end(void);

#endif
