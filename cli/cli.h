/* cli.h - what the tracegate subcommands share. */
#ifndef TG_CLI_H
#define TG_CLI_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/base.h"
#include "tracegate_corpus.h"

/* Each subcommand: argv[0] is the subcommand name.  @return exit code. */
int tgCli_check(int argc, char **argv);
int tgCli_gen(int argc, char **argv);
int tgCli_mutate(int argc, char **argv);
int tgCli_rules(int argc, char **argv);
int tgCli_explain(int argc, char **argv);
int tgCli_oracle(int argc, char **argv); /* oracle/command.c */
int tgCli_show(int argc, char **argv);   /* show.c */
int tgCli_events(int argc, char **argv); /* events.c */

/* ---- baseline.c: check --baseline, --write-baseline ---- */
typedef struct tgCli_baseline tgCli_baseline;
tgCli_baseline *tgCli_baseline_new(void);
/*! tgCli_baseline_read() : a baseline file, or NULL with why in why[]. */
tgCli_baseline *tgCli_baseline_read(const char *path, char *why, size_t size);
void tgCli_baseline_free(tgCli_baseline *b);
/*! tgCli_baseline_take() : 1 if finding d of file is in the baseline (one
 *  of its count is used up), 0 if not. */
int tgCli_baseline_take(tgCli_baseline *b, const char *file, const tg_diag *d);
/*! tgCli_baseline_add() : record finding d of file; 0, or -1 (no memory). */
int tgCli_baseline_add(tgCli_baseline *b, const char *file, const tg_diag *d);
/*! tgCli_baseline_write() : the baseline into path; 0, or -1 (said). */
int tgCli_baseline_write(const tgCli_baseline *b, const char *path);

#endif
