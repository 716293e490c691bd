/* oracle.h - `tracegate oracle`: run other people's readers over labelled
 * traces, class what each run did against what a strict, correct reader
 * must do, shrink each defect to a small file, and score the readers.
 *
 *   corpus.c   the cases: files of corpus folders and their manifest
 *              labels, parents included
 *   judge.c    what tracegate itself says of a file (the expectation)
 *   run.c      one run of a reader: exit, signal, time, memory, stderr
 *   classify.c a run and an expectation -> a defect class
 *   shrink.c   the smallest file that still shows a defect
 *   score.c    the scorecard: one defect per cause, the verdict line; as
 *              text, JSON, JUnit or markdown
 *   inputs.c   the inputs the oracle makes, run a batch at a time, a
 *              mutant's parent first (session.h from here on)
 *   unmask.c   a masked mutant made again on a simpler parent
 *   sweep.c    --sweep: each field of the valid files at each boundary
 *   fuzz.c     --fuzz: valid, hostile, mutants, havoc
 *   options.c  the command line, and the versions a reader reads
 *   command.c  the loop over readers and cases (parents first), the
 *              shrinking, interruption, the report */
#ifndef TG_ORACLE_H
#define TG_ORACLE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base.h"
#include "fields.h"

/* What a run showed; the order is the order of precedence when a run
 * shows more than one (a hang that also printed a traceback is a hang). */
typedef enum or_class {
    OR_HANG,            /* did not finish within --timeout               */
    OR_OOM,             /* ran out of memory under --memory              */
    OR_EXECUTES,        /* ran code taken from the file (the canary)     */
    OR_CRASH,           /* a signal, a crash exit code, a crash message  */
    OR_MISREADS,        /* read a file it must accept, and a harness found
                           what it delivered is not what the bytes hold
                           (--misread-exit)                            */
    OR_ACCEPTS_INVALID, /* exit "accepted" on a file it must reject      */
    OR_REJECTS_VALID,   /* exit "rejected" on a file it must accept      */
    OR_RIGHT,           /* did what a correct reader does                */
    OR_MASKED,          /* rejected a mutant whose valid parent it did not
                           take either: the rejection proves nothing   */
    OR_NOT_READ,        /* a version outside what the reader declares   */
    OR_UNSCORED,        /* the file has no verdict to score by           */
    OR_NCLASSES
} or_class;

const char *or_class_name(or_class c);
/* 1 for the classes that are defects of the reader. */
int or_is_defect(or_class c);
/* 1 for the failures a reader stops at, whatever the file holds past
 * that point: a crash, a hang, running out of memory (O14). */
int or_blocks(or_class c);

/* The size of a defect's key, its signature (or_signature()). */
#define OR_SIG 160

/* A reader's failure on a file, which an input made past it (a simpler
 * file, a mutant made again on one) may find another defect behind
 * (O14): its class and signature, and the text the scorecard says. */
typedef struct or_behind {
    or_class cls;
    char sig[OR_SIG];
    char text[300]; /* "" for none */
} or_behind;

/* ---- corpus.c ---- */
typedef struct or_case {
    char *path;       /* the file, as the reader is given it            */
    char *format;     /* from the manifest, or NULL: detect it           */
    char *profile;    /* from the manifest, or NULL: the format's first  */
    char *rule;       /* the rule the manifest says it breaks, or NULL   */
    char *parent;     /* the valid file it was made from, or NULL        */
    size_t parent_at; /* that file's case, or OR_NO_PARENT             */
} or_case;
#define OR_NO_PARENT SIZE_MAX

typedef struct or_cases {
    or_case *at;
    size_t n, cap;
} or_cases;

/*! or_cases_add_folder() : every file of a corpus folder: the ones its
 *  manifest.jsonl names, with their labels, or (no manifest) every
 *  regular file under it, in name order.  @return 0, or an exit code
 *  after saying why on stderr. */
int or_cases_add_folder(or_cases *cs, const char *dir);
void or_cases_free(or_cases *cs);

/*! or_cases_add() : one case (format, profile, rule, parent may be
 *  NULL).  @return 0, or -1 (no memory). */
int or_cases_add(or_cases *cs, const char *path, const char *format,
                 const char *profile, const char *rule, const char *parent);
/*! or_cases_link_parents() : each case's parent_at, from its parent's
 *  path (a sort and a binary search each).  @return 0, or -1. */
int or_cases_link_parents(or_cases *cs);

/* ---- inputs.c ---- */
/* Bytes in memory, from malloc. */
typedef struct or_bytes {
    unsigned char *p;
    size_t n;
} or_bytes;

/* An input the oracle makes (--sweep, --fuzz), and what it is. */
typedef struct or_input {
    or_bytes bytes;
    char format[16];  /* judged as this format                        */
    char profile[32]; /* under this profile, or "": the format's first */
    char rule[32];    /* the rule a mutant breaks, "" if none is sure   */
    char what[256];   /* what it is, for the scorecard                 */
    or_behind behind; /* made past a reader's failure on a file: the
                         defect it is behind (O14), or none */
    char parent_profile[32]; /* a mutant: its parent's profile, and */
    uint64_t parent_seed;    /* seed (tg_generate()); 0: no parent   */
} or_input;

/* The seeds of the parents --fuzz makes mutants of: 1 to this. */
#define OR_PARENT_SEEDS 1000

/*! or_input_free() : release the bytes and clear the labels. */
void or_input_free(or_input *in);
/*! or_write_bytes() : write the n bytes at p to path (files.c).
 *  @return 0, or -1. */
int or_write_bytes(const char *path, const unsigned char *p, size_t n);
/*! or_slurp() : the whole file at path (free it), or NULL (files.c). */
unsigned char *or_slurp(const char *path, size_t *size);

/*! or_grow() : room for one more of the n elements of `size` at *at,
 *  the capacity doubled when it is full (score.c).  @return 0, or -1. */
int or_grow(void **at, size_t n, size_t *cap, size_t size);

/* ---- judge.c ---- */
typedef struct or_judgement {
    tg_duty expect;
    int verdict;            /* tracegate's verdict under the case's profile */
    char rule[32];          /* the rule a rejection is for: the case's, else
                           the first MUST finding; "" if none          */
    char format[16];        /* the format tracegate found                   */
    char version[16];       /* its version (tg_checker_version()), or ""    */
    const tg_rule *must[8]; /* the MUST rules broken, the first 8       */
    size_t nmust;           /* how many there are, up to 9 ("more")     */
} or_judgement;

/*! or_judge_within() : whether every MUST rule judgement a breaks is one
 *  that b breaks too (a shrunk file may break no rule the original did
 *  not). */
int or_judge_within(const or_judgement *a, const or_judgement *b);

/*! or_judge() : check the n bytes at data as tracegate does under the
 *  case's format and profile. */
void or_judge(const or_case *c, const unsigned char *data, size_t n,
              or_judgement *j);

/* ---- run.c ---- */
typedef struct or_limits {
    double timeout;      /* seconds                                    */
    uint64_t memory_mib; /* address-space cap; 0: none                 */
    int serve;           /* --serve: the reader answers many files     */
} or_limits;

typedef struct or_run {
    int exited, status; /* exited: status is the exit code            */
    int signal;         /* killed by this signal (0: none)            */
    int timed_out;
    int canary;      /* the reader made the canary file            */
    int interrupted; /* stopped by or_stop: not a run to score       */
    int broken;      /* --serve: it answered with no exit code; what it
                        said is in err (the run is no reader's verdict) */
    uint64_t max_rss_kib;
    double seconds;
    char err[4096]; /* the start of its stderr, NUL-terminated    */
} or_run;

/* The signal (SIGINT or SIGTERM) that asked the oracle to stop, or 0.
 * A reader's run under way is then killed and not scored, and every loop
 * stops where it is (command.c catches the signals). */
extern volatile sig_atomic_t or_stop;

/*! or_seconds() : a monotonic clock, in seconds. */
double or_seconds(void);

/*! or_run_reader() : run `command` (with {} replaced by the quoted path,
 *  or the path appended) through /bin/sh, stdin and stdout /dev/null,
 *  stderr captured, the canary file in the folder `scratch` (one per
 *  thread).  @return 0, or -1 if it could not be started (errno). */
int or_run_reader(const char *command, const char *path, const char *scratch,
                  const or_limits *lim, or_run *r);
/*! or_servers_stop() : stop the calling thread's served readers (--serve;
 *  a worker thread's stop when it ends). */
void or_servers_stop(void);
/* The file a reader makes when it runs code taken from a trace: the
 * hostile strings of `gen --hostile` write to the file the environment
 * variable names. */
#define OR_CANARY          "tracegate-canary"
#define OR_CANARY_VARIABLE "TRACEGATE_CANARY"

/* ---- classify.c ---- */
typedef struct or_patterns or_patterns;
/*! or_patterns_new() : compile the crash and out-of-memory patterns
 *  (PCRE2; NULL for the defaults).  @return NULL after saying why. */
or_patterns *or_patterns_new(const char *crash, const char *oom,
                             const int *crash_codes, size_t ncodes,
                             const int *accept_codes, size_t naccept,
                             int misread_code);
void or_patterns_free(or_patterns *p);
/*! or_classify() : what run r means for a file judged j.  The line of
 *  stderr that made it a crash or an OOM goes to why[]. */
or_class or_classify(const or_patterns *p, const or_run *r,
                     const or_judgement *j, char *why, size_t size);
/*! or_masked() : the class of a run of class cls on a file of duty
 *  expect, made from a parent of duty parent_expect whose own run was of
 *  class parent_ran (or_class + 1; 0: not run); alike: the two runs have
 *  one signature.  A mutant turned down when its valid parent was too
 *  proves nothing (spec/oracle.md O10), nor one that crashes, hangs or
 *  runs out of memory as its parent did (O14): OR_MASKED, never right
 *  nor a defect of its own; any other run keeps its class. */
or_class or_masked(or_class cls, tg_duty expect, tg_duty parent_expect,
                   unsigned parent_ran, int alike);
/* How a reader took a file, for the differential count. */
typedef enum or_took { OR_TOOK_REJECT, OR_TOOK_ACCEPT, OR_TOOK_OTHER } or_took;
/*! or_took_of() : what a run of class cls on a file expected so did:
 *  accepted, rejected, or neither (a crash, a hang, ...). */
or_took or_took_of(or_class cls, tg_duty expect);
/*! or_signature() : the defect's key: its stderr line with numbers,
 *  addresses and paths taken out, so one bug found twice is one. */
void or_signature(const char *why, char *out, size_t size);

/* ---- shrink.c ---- */
/* A hang is shrunk (and a file that hangs made simpler) under the
 * timeout divided by this (0.25 s at least), and the result confirmed
 * at the full timeout. */
#define OR_HANG_SHRINK_SPEEDUP 4
/*! or_quick_limits() : the limits to look for a defect of class cls
 *  under: a hang's timeout cut by OR_HANG_SHRINK_SPEEDUP (shrink.c). */
or_limits or_quick_limits(const or_limits *lim, or_class cls);

typedef struct or_probe {
    const char *command;
    const char *scratch_dir; /* the canary's folder */
    const or_limits *lim;
    const or_patterns *pat;
    const or_case *cs;
    const char *candidate; /* the file candidates are written to */
    double deadline;       /* or_seconds() after which no run starts */
} or_probe;

/*! or_shrink() : the smallest file found, within `budget` runs (and 16
 *  times as many candidates judged) and the probe's deadline, that the
 *  reader still misbehaves on in class `cls` with signature `sig`, and
 *  that tracegate still judges the same way (names rule j->rule, or
 *  still accepts).  It replaces the n bytes at data; @return its size. */
size_t or_shrink(const or_probe *p, or_class cls, const char *sig,
                 const or_judgement *j, unsigned char *data, size_t n,
                 unsigned budget);
/*! or_reproduces() : whether the n bytes at data still show the defect:
 *  one run of the reader (a hang's shrinking, done under a shorter
 *  timeout, is confirmed so at the full one). */
int or_reproduces(const or_probe *p, or_class cls, const char *sig,
                  const or_judgement *j, const unsigned char *data, size_t n);

/* ---- score.c ---- */
/* The rules under which a cause showed, with how many files each: the
 * evidence of one defect.  A cause seen under more rules than this
 * counts the rest in more_files. */
#define OR_EVIDENCE 16

typedef struct or_evidence {
    char rule[32]; /* "" for valid files */
    uint64_t files;
} or_evidence;

/* One defect: one cause.  A run that printed something is keyed by its
 * class and its signature (the reader's message, normalised), whatever
 * rule the file broke; an invalid file accepted in silence says nothing,
 * and is keyed by its class and rule. */
typedef struct or_defect {
    or_class cls;
    char rule[32];    /* the example's rule, or "" for a valid file     */
    char sig[OR_SIG]; /* the reader's message, normalised             */
    char why[320];    /* the first message seen, as printed             */
    char what[256];   /* what the example is (a swept field and its
                       value, a fuzz input's making), or ""           */
    char behind[300]; /* the defect it was found behind (O14), or ""  */
    char example[TG_CLI_PATH]; /* the smallest file that showed it      */
    char minimal[TG_CLI_PATH]; /* the shrunk reproducer, or ""          */
    size_t example_size, minimal_size;
    uint64_t count;
    or_evidence rules[OR_EVIDENCE];
    size_t nrules;
    uint64_t more_files; /* files under rules past OR_EVIDENCE        */
} or_defect;

typedef struct or_rule_row {
    char rule[32]; /* "" for the valid files                       */
    uint64_t by_class[OR_NCLASSES];
} or_rule_row;

/* Per version of the format (tg_checker_version()): the files a reader
 * must accept, how many it did, and the files outside its scope. */
typedef struct or_version_row {
    char version[16];
    uint64_t must_accept, accepted, rejected, not_read;
} or_version_row;
#define OR_VERSIONS 8 /* more than any format names */

/* Defects a scorecard keeps per reader: a reader whose messages never
 * repeat (they quote its input, say) would grow it without end over a
 * long --fuzz; past this, runs count in their class only, and the
 * verdict line says how many defects were not kept. */
#define OR_MAX_DEFECTS 1000

typedef struct or_score {
    const char *reader;
    uint64_t by_class[OR_NCLASSES];
    uint64_t must_reject, rejected_of_must; /* for "accepts everything" */
    or_version_row all; /* every version: for "rejects everything"  */
    or_version_row versions[OR_VERSIONS];
    size_t nversions;
    or_rule_row *rows;
    size_t nrows, caprows;
    or_defect *defects;
    size_t ndefects, capdefects;
    uint64_t defects_dropped; /* new defects past OR_MAX_DEFECTS */
} or_score;

/*! or_score_add() : count one run of a file judged j; what says what the
 *  file is ("" if its rule says it all).  @return the defect whose
 *  example the file at path now is (a new cause, or a known one whose
 *  example was larger), else NULL. */
or_defect *or_score_add(or_score *s, or_class cls, const or_judgement *j,
                        const char *sig, const char *why, const char *what,
                        const char *path, size_t size);
/*! or_score_find() : the defect of that cause, or NULL. */
const or_defect *or_score_find(const or_score *s, or_class cls,
                               const char *rule, const char *sig);
/*! or_score_behind() : say of the defect of that cause that it was found
 *  behind failure b, unless it was met without it first or is b's own
 *  cause. */
void or_score_behind(or_score *s, or_class cls, const char *rule,
                     const char *sig, const or_behind *b);
void or_score_free(or_score *s);
/*! or_verdict_line() : one sentence on a reader's score. */
void or_verdict_line(const or_score *s, char *out, size_t size);

typedef enum or_report { OR_TEXT, OR_JSON, OR_JUNIT, OR_MARKDOWN } or_report;

/* What a scorecard says of the run as a whole. */
/* A coverage-guided campaign's figures (afl.c, --engine afl). */
#define OR_CURVE 24
typedef struct or_campaign {
    const char *coverage;  /* "afl-cc", "SharpFuzz", "none"; NULL: no
                              campaign ran */
    const char *mutations; /* "tracegate's and havoc", "havoc"        */
    unsigned instances;
    double seconds;
    uint64_t executions, queue, crashes, hangs, edges, map_size;
    double per_second;
    /* AFL++'s own count of the edges it saw (edges_found), and the share
     * of its runs whose coverage was the same run to run (stability, in
     * percent): a count that only compares across campaigns whose
     * stability is near 100 (a JIT's coverage is not) */
    uint64_t afl_edges;
    double stability;
    uint64_t judged; /* the inputs it kept, judged and run again */
    size_t npoints;  /* edges reached over time (the first instance's) */
    struct {
        double seconds;
        uint64_t edges;
    } curve[OR_CURVE];
} or_campaign;

typedef struct or_run_info {
    const or_limits *lim;
    uint64_t disagree; /* files the readers did not all take alike    */
    const char *reads; /* the versions the readers declare (--reads)  */
    int interrupted;   /* the signal that stopped the run, or 0       */
    uint64_t swept_files, swept_fields, swept_inputs; /* --sweep      */
    uint64_t swept_capped; /* files with more fields than a sweep takes */
    or_campaign campaign;  /* --engine afl */
} or_run_info;

/*! or_write_report() : the scorecards of n readers. */
void or_write_report(FILE *f, or_report form, const or_score *s, size_t n,
                     const or_run_info *run);

#endif
