/* session.h - what the parts of `tracegate oracle` share while it runs:
 * the options, one run's outcome, and the session (command.c). */
#ifndef TG_ORACLE_SESSION_H
#define TG_ORACLE_SESSION_H

#include "oracle.h"

#define MAX_READERS 16
#define MAX_CODES   16

typedef struct options {
    const char *readers[MAX_READERS];
    size_t nreaders;
    or_limits lim;
    unsigned jobs;
    int crash_codes[MAX_CODES], accept_codes[MAX_CODES];
    size_t ncrash, naccept;
    int misread_code; /* --misread-exit, or -1 */
    const char *crash_re, *oom_re;
    or_report form;
    const char *output, *keep;
    const char *profile; /* judge under it; "manifest": each file's own */
    double fuzz;         /* --fuzz seconds; 0: only the corpus folders */
    const char *format;  /* of the --fuzz inputs */
    uint64_t seed;
    uint64_t shrink_runs;
    double shrink_time; /* seconds per defect */
    const char *reads;  /* the versions the readers read, comma-separated,
                           or NULL: all */
    int sweep;          /* sweep the fields of the valid files */
    int progress;       /* --progress */
    int afl;            /* --engine afl: AFL++ makes the --fuzz inputs */
    enum or_mutations {
        OR_MUTATE_TRACEGATE, /* tracegate's mutations and AFL++'s havoc */
        OR_MUTATE_HAVOC,     /* AFL++'s alone                          */
        OR_MUTATE_BLACK_BOX  /* the black-box oracle's kind of inputs,
                                their coverage measured                */
    } mutations;             /* --mutations, with --engine afl */
    int mutations_set;
} options;

/* One run's outcome, handed from a worker to the scorecard. */
typedef struct outcome {
    or_class cls; /* OR_NCLASSES: the reader could not be run  */
    int skipped;  /* not run: the oracle is stopping            */
    char why[320], sig[OR_SIG];
} outcome;

typedef struct session {
    const options *o;
    or_cases *cases; /* --fuzz adds the inputs it keeps */
    or_judgement *judged;
    size_t *sizes;
    const or_patterns *pat;
    const char *reader;
    size_t reader_number;   /* 1-based, in reproducers' names */
    char base[TG_CLI_PATH]; /* the scratch folder; worker w works in base/w */
    or_score *score;
    or_score *scores; /* every reader's, for --fuzz */
    uint64_t made;    /* the inputs of this phase made so far (inputs.c) */
    uint64_t fuzz_disagree;
    unsigned char *took;  /* [(reader_number - 1) * cases + case]: or_took */
    unsigned char *ran;   /* the same places: 1 + the class, 0 if not run */
    char (*sigs)[OR_SIG]; /* [case]: the current reader's signature there */
    or_bytes *simpler;    /* [case]: a failing valid file made simpler, for
                            the sweep to take in its place (unmask.c)    */
    or_behind *simpler_behind; /* [case]: the failure it was made past */
    size_t ncases;     /* the corpus folders' cases (took, ran)       */
    uint64_t runs;     /* reader runs scored, for the progress line   */
    or_run_info *info; /* what the scorecard says of the run: the sweep's
                            figures (sweep.c) */
    int failed;        /* a reader could not be started */
} session;

/*! or_declared_profile() : the profile the readers declare (--profile),
 *  or NULL (options.c). */
const char *or_declared_profile(const options *o);
/*! or_in_scope() : whether the readers read files of this version
 *  (--reads; a file of no known version always counts) (options.c). */
int or_in_scope(const options *o, const char *version);
/*! or_outcome() : run a reader on the file at path judged j, into out
 *  (command.c): a file outside --reads is not run but "not-read".
 *  @return 0, or -1 if the reader could not be started. */
int or_outcome(const session *s, const char *reader, const char *path,
               const or_judgement *j, unsigned worker, outcome *out);
/*! or_remove_tree() : rm -rf path, as far as it goes (command.c). */
void or_remove_tree(const char *path);
/*! or_progress() : the progress line, when one is due (command.c). */
void or_progress(const session *s);

/*! or_parse_options() : argv into o (options.c).  @return 0, or an exit
 *  code after saying why. */
int or_parse_options(int argc, char **argv, options *o);
/*! or_set_profiles() : the profile every case is judged under (options.c). */
void or_set_profiles(or_cases *cases, const char *profile);
/*! or_ending() : the file name ending of path, from the first dot of its
 *  last part ("" if none), for the files made of it (command.c). */
const char *or_ending(const char *path);
/* What makes the inputs of one phase: the sweep, the fuzzing. */
typedef struct or_maker {
    const char *name; /* "sweep", "fuzz": the folder in --keep        */
    /* input n into in.  @return 0, 1 when there are no more, 2 when n
     * makes none (a value that is the field's own), -1 on failure */
    int (*make)(const session *s, void *ctx, uint64_t n, or_input *in);
    void *ctx;
    double deadline; /* or_seconds() to stop at; 0: at the last input */
} or_maker;

/*! or_inputs_run() : make inputs and run every reader on each (a
 *  mutant's generated parent first), score them, and keep the ones that
 *  show a defect in KEEP/NAME/, among the cases to shrink (inputs.c).
 *  @return 0, or an exit code. */
int or_inputs_run(session *s, const or_maker *m);
/*! or_keep() : keep the bytes b of an input that is the example of
 *  defects now: into KEEP/FOLDER/LABEL.EXT, and among the cases, so that
 *  it can be shrunk; the defects (n of them, any NULL skipped) name the
 *  kept file (inputs.c).  @return 0, or -1 after saying why. */
int or_keep(session *s, const char *folder, const char *label,
            const or_input *in, const or_bytes *b, const char *rule,
            or_defect *const *defects, size_t n);
/* A valid file made simpler, away from a reader's failure on it
 * (unmask.c, spec/oracle.md O14). */
typedef struct or_simpler or_simpler;
/*! or_simpler_new() : file (case c, of format) made simpler away from
 *  failure f, reader's run on it, in the worker's scratch folder.
 *  @return it, or NULL (no memory); or_simpler_feature() is NULL when
 *  none could be made. */
or_simpler *or_simpler_new(const session *s, const char *reader,
                           unsigned worker, const or_case *c,
                           const char *format, const or_bytes *file,
                           const outcome *f);
/*! or_behind_set() : b is failure f, said "the CLASS "why" on where". */
void or_behind_set(or_behind *b, const outcome *f, const char *why,
                   const char *where);
/*! or_simpler_remake() : a mutant of the file (judged mj) made again
 *  around the simpler one, into out, as tracegate judges it into j.
 *  @return 1 if made, 0 if not (why[] says), -1 on failure. */
int or_simpler_remake(const or_probe *p, const char *format,
                      const or_bytes *parent, const or_bytes *mutant,
                      const or_judgement *mj, const or_simpler *sp,
                      or_bytes *out, or_judgement *j, char *why, size_t size);
/*! or_simpler_feature() : what carries the failure, or NULL. */
const char *or_simpler_feature(const or_simpler *sp);
/*! or_simpler_file() : the simpler file, or NULL if none was made. */
const or_bytes *or_simpler_file(const or_simpler *sp);
/*! or_simpler_failure() : the reader's run on the first file. */
const outcome *or_simpler_failure(const or_simpler *sp);
void or_simpler_free(or_simpler *sp);
/*! or_unmask_run() : each valid file the reader failed on made simpler,
 *  away from that failure, and each mutant the reader's run masked made
 *  again on its simpler parent; the runs scored behind the first
 *  defects (unmask.c).  @return 0, or an exit code. */
int or_unmask_run(session *s);
/*! or_fuzz_run() : --fuzz: make and run inputs until the time is up
 *  (fuzz.c).  @return 0, or an exit code. */
int or_fuzz_run(session *s);
/*! or_afl_run() : --engine afl: an AFL++ campaign on the reader for
 *  --fuzz seconds, then every input it kept judged and run as --fuzz
 *  inputs are (afl.c).  @return 0, or an exit code. */
int or_afl_run(session *s);
/*! or_sweep_run() : --sweep: each field of the valid files set to each
 *  boundary value (sweep.c).  @return 0, or an exit code. */
int or_sweep_run(session *s);

#endif
