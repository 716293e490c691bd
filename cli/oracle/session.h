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
    const char *crash_re, *oom_re;
    or_report form;
    const char *output, *keep;
    const char *profile; /* judge under it; "manifest": each file's own */
    double fuzz;         /* --fuzz seconds; 0: only the corpus folders */
    const char *format;  /* of the --fuzz inputs */
    uint64_t seed;
    uint64_t shrink_runs;
} options;

/* One run's outcome, handed from a worker to the scorecard. */
typedef struct outcome {
    or_class cls;
    char why[320], sig[160];
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
    uint64_t fuzzed;  /* --fuzz inputs made so far */
    uint64_t fuzz_disagree;
    unsigned char *took; /* [(reader_number - 1) * cases + case]: or_took */
    int failed;          /* a reader could not be started */
} session;

/*! or_parse_options() : argv into o (options.c).  @return 0, or an exit
 *  code after saying why. */
int or_parse_options(int argc, char **argv, options *o);
/*! or_set_profiles() : the profile every case is judged under (options.c). */
void or_set_profiles(or_cases *cases, const char *profile);
/*! or_slurp() : the whole file at path (free it), or NULL (command.c). */
unsigned char *or_slurp(const char *path, size_t *size);
/*! or_fuzz_run() : --fuzz: make and run inputs until the time is up, and
 *  keep the ones that show a defect (fuzz.c).  @return 0, or an exit code. */
int or_fuzz_run(session *s);

#endif
