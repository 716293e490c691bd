/* tracegate.h - public C API of libtracegate.
 *
 * tracegate checks trace files against the rule tables of their format
 * specification.  A check is a pull over one input (file descriptor,
 * memory buffer or read callback) through a bounded window; findings are
 * handed to a caller callback as they are found, so memory never grows with
 * the size of the input.
 *
 * Typical use:
 *
 *     tg_validator *v = tg_validator_new("dumpalloc");
 *     tg_verdict r = tg_check_buffer(v, data, size, on_diag, ctx);
 *     tg_validator_free(v);
 */
#ifndef TRACEGATE_H
#define TRACEGATE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TG_VERSION "0.1.0"

/* Rule levels, weakest first: --fail-on compares against this order. */
typedef enum tg_level {
    TG_INFO = 0,   /* informational: legal but worth knowing       */
    TG_COMPAT = 1, /* legal, but a reference reader rejects it     */
    TG_SHOULD = 2, /* the spec recommends against it               */
    TG_MUST = 3    /* the spec forbids it                          */
} tg_level;

/* Rule kinds: what a finding of the rule does to the verdict. */
typedef enum tg_rule_kind {
    TG_KIND_CHECK = 0,    /* an ordinary conformance finding            */
    TG_KIND_TRUNCATED = 1,/* the input stops early: verdict "truncated" */
    TG_KIND_LIMIT = 2,    /* a resource limit was hit: verdict "limit"  */
    TG_KIND_UNSUPPORTED = 3 /* not this format, or a version tracegate
                               cannot check: verdict "unsupported"      */
} tg_rule_kind;

/* One row of a format's rule table.  Every field is static text. */
typedef struct tg_rule {
    const char *id;          /* stable id, e.g. "DA-REC-002"             */
    tg_level level;          /* level the spec gives the rule            */
    tg_rule_kind kind;       /* effect on the verdict                    */
    const char *applies;     /* profiles it applies to, "all" for every  */
    const char *document;    /* seed document the clause comes from      */
    const char *section;     /* section of that document                 */
    const char *quote;       /* short quote of the clause                */
    const char *message;     /* what a finding says                      */
    const char *mutation;    /* how gen breaks it; NULL if it cannot     */
    const char *no_mutation; /* why there is no mutation, else NULL      */
    const char *example;     /* a violating byte sequence, hex, or NULL  */
} tg_rule;

/* Verdicts double as the command line's exit codes (README, --help). */
typedef enum tg_verdict {
    TG_CONFORMANT = 0,  /* no finding at or above --fail-on              */
    TG_VIOLATIONS = 1,  /* findings at or above --fail-on                */
    TG_USAGE = 2,       /* bad options or arguments                      */
    TG_IO_ERROR = 3,    /* the input could not be read                   */
    TG_UNSUPPORTED = 4, /* unknown format or unsupported version         */
    TG_LIMIT = 5,       /* a resource limit was hit                      */
    TG_INTERNAL = 6,    /* a bug in tracegate                            */
    TG_TRUNCATED = 7    /* the input stops early, nothing else failed    */
} tg_verdict;

/* One finding.  Pointers are valid only during the callback. */
typedef struct tg_diag {
    const tg_rule *rule;     /* the rule broken                             */
    tg_level level;          /* effective level (after --level, profiles)   */
    uint64_t seq;            /* 0-based index of this finding in the file   */
    uint64_t offset;         /* byte offset of the offending bytes          */
    uint64_t length;         /* how many bytes are at fault (0 = a point)   */
    uint64_t line, column;   /* 1-based for text formats, 0 for binary      */
    const char *path;        /* structural path, e.g. /record[3]{ALOC}/...  */
    const char *expected;    /* what the rule wants ("" if not applicable)  */
    const char *found;       /* what the input has ("" if not applicable)   */
    int64_t consequence_of;  /* seq of the finding that caused this, or -1  */
    uint64_t suppressed;     /* >0: a summary of this many capped repeats   */
} tg_diag;

typedef void (*tg_diag_fn)(void *ctx, const tg_diag *d);

/* Read up to cap bytes into buf.  Return the count, 0 at end of input, or
 * -1 on an I/O error.  Short reads are fine. */
typedef long (*tg_read_fn)(void *ctx, void *buf, size_t cap);

typedef struct tg_validator_s tg_validator;

/* Formats known to this build. */
typedef struct tg_format_info {
    const char *name;        /* e.g. "dumpalloc"                           */
    const char *title;       /* one line description                       */
    const char *extension;   /* preferred file extension, with dot         */
    const char *seed;        /* seed document, relative to shared/         */
    const char *const *profiles; /* NULL-terminated; profiles[0] default   */
} tg_format_info;

/*! tg_format_count(), tg_format_at() :
 *  enumerate the registered formats.  @return NULL past the end. */
size_t tg_format_count(void);
const tg_format_info *tg_format_at(size_t i);

/*! tg_rules() :
 *  the rule table of a format.  @return NULL for an unknown format, else
 *  the table, with its row count in *count. */
const tg_rule *tg_rules(const char *format, size_t *count);

/*! tg_rule_find() : look a rule up by id in every format.
 *  @return the rule, or NULL; *format receives its format name. */
const tg_rule *tg_rule_find(const char *id, const char **format);

/*! tg_detect() :
 *  guess a format from the first bytes of an input and its name (either may
 *  be empty).  @return the format name or NULL; *how receives a sentence
 *  saying how the decision was made (static or thread-unsafe buffer). */
const char *tg_detect(const void *head, size_t size, const char *filename,
                      const char **how);

/*! tg_validator_new() :
 *  a validator for one format with default options.
 *  @return NULL if the format is unknown or memory is short. */
tg_validator *tg_validator_new(const char *format);

/*! tg_validator_free() : release v.  NULL is a no-op. */
void tg_validator_free(tg_validator *v);

/* Options.  Each returns 0 on success, -1 if the name or value is unknown. */

/*! tg_set_profile() : select a profile of the format (default: its first). */
int tg_set_profile(tg_validator *v, const char *profile);
/*! tg_set_rule_level() : report rule id at another level. */
int tg_set_rule_level(tg_validator *v, const char *id, tg_level level);
/*! tg_disable_rule() : never report rule id. */
int tg_disable_rule(tg_validator *v, const char *id);
/*! tg_set_fail_on() : lowest level that makes the verdict VIOLATIONS
 *  (default TG_MUST). */
void tg_set_fail_on(tg_validator *v, tg_level level);
/*! tg_set_repeat_cap() : findings reported per rule before the rest are
 *  summed into one summary finding (default 100; 0 = no cap). */
void tg_set_repeat_cap(tg_validator *v, uint64_t cap);

/* Resource limits of the checker.  Reaching one is reported by a LIMIT
 * finding and gives TG_LIMIT (exit 5): it says what tracegate could not
 * check, never what the input did wrong.  Each has a command line option
 * that raises it (tg_limit_about()). */
typedef enum tg_limit {
    TG_LIMIT_LIVE_OBJECTS = 0, /* ids, threads and addresses tracked at
                                  once; --max-live, default 1048576      */
    TG_LIMIT_BLOCK_BYTES = 1,  /* largest block read whole to be checked;
                                  --max-block, default 32 MiB            */
    TG_LIMIT_DEPTH = 2,        /* nesting of metadata field lists;
                                  --max-depth, default 64                */
    TG_LIMIT_PAYLOAD_STEPS = 3 /* payload-decoding steps of live metadata;
                                  --max-payload-steps, default 1048576   */
} tg_limit;
#define TG_NLIMITS 4

/* What a limit is, for messages and the command line. */
typedef struct tg_limit_info {
    const char *option;  /* command line option, e.g. "--max-live"      */
    const char *meaning; /* one line: what it bounds                    */
    uint64_t value;      /* its default                                 */
    uint64_t min, max;   /* the values tg_set_limit() accepts            */
} tg_limit_info;

/*! tg_limit_about() : @return the description of limit `which`, or NULL
 *  if there is no such limit. */
const tg_limit_info *tg_limit_about(int which);
/*! tg_set_limit() : @return 0, or -1 if `which` is unknown or value lies
 *  outside [min, max] of its tg_limit_info. */
int tg_set_limit(tg_validator *v, tg_limit which, uint64_t value);
/*! tg_limit_reached() : @return the limit the last check reached first,
 *  or -1 if it reached none. */
int tg_limit_reached(const tg_validator *v);

/*! tg_profile_name() : the profile in force. */
const char *tg_profile_name(const tg_validator *v);

/*! tg_check_fd(), tg_check_buffer(), tg_check_reader() :
 *  validate one whole input, calling on_diag for every finding.
 *  A validator can check many inputs in turn.
 *  @return the verdict (also the command line exit code). */
tg_verdict tg_check_fd(tg_validator *v, int fd, tg_diag_fn on_diag,
                       void *ctx);
tg_verdict tg_check_buffer(tg_validator *v, const void *data, size_t size,
                           tg_diag_fn on_diag, void *ctx);
tg_verdict tg_check_reader(tg_validator *v, tg_read_fn read, void *rctx,
                           tg_diag_fn on_diag, void *ctx);

/*! tg_bytes_checked() : bytes the input of the last check held.  The
 *  input is always read to its end, also when checking stopped early
 *  (a framing error, an unsupported version), so this is its size. */
uint64_t tg_bytes_checked(const tg_validator *v);
/*! tg_layout() : what the last check found the input's layout to be, e.g.
 *  "v5 (FastSerialization objects; V5 metadata tags present)"; empty for
 *  formats with a single layout. */
const char *tg_layout(const tg_validator *v);

/*! tg_level_name() : "MUST", "SHOULD", "COMPAT" or "INFO". */
const char *tg_level_name(tg_level level);
/*! tg_level_parse() : the inverse, case-insensitive. @return -1 if bad. */
int tg_level_parse(const char *name);
/*! tg_verdict_name() : "conformant", "violations", ... */
const char *tg_verdict_name(tg_verdict v);

/* ---- generation ------------------------------------------------------ */

/* Output for generators: called with consecutive byte runs. @return 0, or
 * -1 to stop with an I/O error. */
typedef int (*tg_write_fn)(void *ctx, const void *data, size_t size);

/*! tg_generate() :
 *  write one valid trace of format/profile made from seed.  With
 *  min_size > 0 the trace is streamed until it is at least that long.
 *  @return 0, -1 on write error, -2 for an unknown format or profile. */
int tg_generate(const char *format, const char *profile, uint64_t seed,
                uint64_t min_size, tg_write_fn write, void *ctx);

/* One negative corpus entry, described for the manifest. */
typedef struct tg_mutant {
    const tg_rule *rule;      /* the rule this mutant breaks             */
    unsigned variant;         /* which variant of the mutation           */
    const char *mutation;     /* what was done                           */
    uint64_t offset;          /* where the break is in the mutant        */
    tg_verdict expected;      /* verdict under the default options       */
    const char *profile;      /* profile to check it under               */
} tg_mutant;

/*! tg_mutate() :
 *  write the mutant number `variant` of rule `rule_id` made from the valid
 *  trace of (profile, seed).  @return 1 if written, 0 if the rule has no
 *  such variant, -1 on write error, -2 for an unknown format or rule. */
int tg_mutate(const char *format, const char *rule_id, unsigned variant,
              uint64_t seed, tg_write_fn write, void *ctx, tg_mutant *out);

#ifdef __cplusplus
}
#endif
#endif
