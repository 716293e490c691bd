/* cli.h - what the tracegate subcommands share. */
#ifndef TG_CLI_H
#define TG_CLI_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tracegate.h"

/* Each subcommand: argv[0] is the subcommand name.  @return exit code. */
int tgC_check(int argc, char **argv);
int tgC_gen(int argc, char **argv);
int tgC_mutate(int argc, char **argv);
int tgC_rules(int argc, char **argv);
int tgC_explain(int argc, char **argv);
int tgC_oracle(int argc, char **argv); /* oracle/command.c */

/*! tgC_usage() : print "tracegate: <msg>" and a hint.  @return TG_USAGE. */
int tgC_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*! tgC_format() : the format called name.  @return NULL if none is. */
const tg_format_info *tgC_format(const char *name);
/*! tgC_number() : parse a decimal count with an optional K, M, G (x1024)
 *  suffix.  @return 0, or -1 if s is not such a number. */
int tgC_number(const char *s, uint64_t *out);
/* The longest path the CLI makes, keeps or names (Linux's PATH_MAX): a
 * path that would be longer is an error, never cut short. */
#define TGC_PATH 4096
/*! tgC_path() : the path printf makes of format into out[TGC_PATH].
 *  @return 0, or -1 after saying on stderr that it is too long. */
int tgC_path(char out[TGC_PATH], const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/*! tgC_mkdirs() : mkdir -p.  @return 0 or -1 (errno set). */
int tgC_mkdirs(const char *path);
/*! tgC_write_file() : a tg_write_fn over a FILE *. */
int tgC_write_file(void *ctx, const void *data, size_t size);
/*! tgC_close_output() : flush f and close it (stdout stays open), saying
 *  on stderr that `name` could not be written if any write or the close
 *  failed.  @return 0, or -1 after such a failure. */
int tgC_close_output(FILE *f, const char *name);

/* ---- jobs.c: check --jobs ---- */
/* work(item, worker, ctx) runs on worker thread `worker` (0 .. jobs-1) and
 * returns the item's result; deliver(item, result, ctx) gets the results
 * on the calling thread, in item order. */
typedef void *(*tgC_work_fn)(size_t item, unsigned worker, void *ctx);
typedef void (*tgC_deliver_fn)(size_t item, void *result, void *ctx);
/*! tgC_parallel() : the n items on up to `jobs` threads.  @return 0, or
 *  -1 if there was no memory to start (nothing was done). */
int tgC_parallel(size_t n, unsigned jobs, tgC_work_fn work,
                 tgC_deliver_fn deliver, void *ctx);

/* ---- progress.c: check's progress on stderr ---- */
/*! tgC_progress_start() : show progress if stderr is a terminal, or if
 *  forced (--progress); out is where the report goes. */
void tgC_progress_start(int forced, FILE *out);
/*! tgC_progress_hold(), tgC_progress_release() : around each write of
 *  the report: when the report and the progress share a terminal, the
 *  progress line is cleared first and stays away until the release. */
void tgC_progress_hold(void);
void tgC_progress_release(void);
/*! tgC_progress_read() : tg_read_fd() (ctx: int *) that counts the bytes
 *  and shows progress now and then. */
long tgC_progress_read(void *ctx, void *buf, size_t cap);
/*! tgC_progress_end() : clear the progress line, if one was shown. */
void tgC_progress_end(void);

/* ---- baseline.c: check --baseline, --write-baseline ---- */
typedef struct tgC_baseline tgC_baseline;
tgC_baseline *tgC_baseline_new(void);
/*! tgC_baseline_read() : a baseline file, or NULL with why in why[]. */
tgC_baseline *tgC_baseline_read(const char *path, char *why, size_t size);
void tgC_baseline_free(tgC_baseline *b);
/*! tgC_baseline_take() : 1 if finding d of file is in the baseline (one
 *  of its count is used up), 0 if not. */
int tgC_baseline_take(tgC_baseline *b, const char *file, const tg_diag *d);
/*! tgC_baseline_add() : record finding d of file; 0, or -1 (no memory). */
int tgC_baseline_add(tgC_baseline *b, const char *file, const tg_diag *d);
/*! tgC_baseline_write() : the baseline into path; 0, or -1 (said). */
int tgC_baseline_write(const tgC_baseline *b, const char *path);

#endif
