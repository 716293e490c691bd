/* SPDX-License-Identifier: MIT
 * tracegate.h - public C API of libtracegate: checking, and what the
 * rules are.
 *
 * tracegate checks trace files against the rule tables of their format
 * specification.  A check is a pull over one input (file descriptor,
 * memory buffer or read callback) through a bounded window; findings are
 * handed to a caller callback as they are found, so memory never grows with
 * the size of the input.  One handle, tg_checker, checks inputs of every
 * format; tracegate_corpus.h, in the same library, makes traces
 * (generation, mutation) and has what a fuzzer of readers needs.
 *
 * Typical use:
 *
 *     tg_checker *c;
 *     if (tg_checker_open(&c) != TG_OK) ...
 *     tg_verdict r = tg_checker_check_buffer(c, data, size, NULL, NULL,
 *                                            on_diag, ctx);
 *     tg_checker_free(c);
 *
 * Threads: a tg_checker is one thread's at a time (a check changes it);
 * different checkers may check on different threads at once.  Everything
 * else may be shared: the rule and format tables and their texts, and
 * the functions that take no handle.  What the library makes on first
 * use (AFPerf's compiled patterns) is made once, safely, by whichever
 * thread needs it first (tests/threads-t.c, under ThreadSanitizer).
 * tg_set_allocator() is the exception: call it first, on one thread.
 *
 * docs/library.md is the guide; CHANGELOG.md says what changed between
 * versions.
 */
#ifndef TRACEGATE_H
#define TRACEGATE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version at compile time; tg_version() gives it at run time.  The
 * library's soname changes whenever its ABI does (TG_ABI). */
#define TG_VERSION_MAJOR 0
#define TG_VERSION_MINOR 9
#define TG_VERSION_PATCH 0
#define TG_ABI           3
#define TG_STRINGIFY_(x) #x
#define TG_STRINGIFY(x)  TG_STRINGIFY_(x)
#define TG_VERSION                                                            \
    TG_STRINGIFY(TG_VERSION_MAJOR)                                            \
    "." TG_STRINGIFY(TG_VERSION_MINOR) "." TG_STRINGIFY(TG_VERSION_PATCH)

/* What the shared library exports: the functions of this header and of
 * tracegate_corpus.h, nothing else (it is built with hidden visibility). */
#if defined(__GNUC__)
#define TG_API __attribute__((visibility("default")))
#else
#define TG_API
#endif

/* Why a call of the API could not do what it was asked. */
typedef enum tg_error {
    TG_OK = 0,
    TG_EFORMAT = 1,   /* no such format                                 */
    TG_ENOMEM = 2,    /* memory is short                                */
    TG_ENAME = 3,     /* no such profile, rule or limit                 */
    TG_EVALUE = 4,    /* a value outside what the option accepts        */
    TG_EWRITE = 5,    /* the caller's write callback failed             */
    TG_ENOCORPUS = 6, /* the library was built without its corpus code
                         (TG_BUILD_CORPUS=OFF)                        */
    TG_ELATE = 7      /* too late: the library has allocated already  */
} tg_error;

/* The allocator the library takes every block it allocates from, PCRE2's
 * included; the C library's unless tg_set_allocator() names another.
 * Outside it: what the C library allocates for itself (a "C" locale,
 * made once) and the code memory of PCRE2's JIT, which it maps. */
typedef struct tg_allocator {
    size_t size; /* sizeof(tg_allocator), so that fields can be added */
    void *(*malloc)(void *ctx, size_t n);           /* n > 0; NULL: none */
    void *(*realloc)(void *ctx, void *p, size_t n); /* as realloc()    */
    void (*free)(void *ctx, void *p);               /* p is never NULL */
    void *ctx;
} tg_allocator;

/*! tg_set_allocator() : allocate through a (copied) from now on; NULL:
 *  the C library's again.  Call it before anything else of the library,
 *  on one thread: once the library has allocated a block, the allocator
 *  stays (a block would otherwise be freed by another).
 *  @return TG_OK, TG_EVALUE for a size too small or a function missing,
 *  or TG_ELATE once the library has allocated. */
TG_API tg_error tg_set_allocator(const tg_allocator *a);

/*! tg_strerror() : one sentence for e. */
TG_API const char *tg_strerror(tg_error e);
/*! tg_version() : TG_VERSION of the library in use. */
TG_API const char *tg_version(void);

/*! tg_simd_path() : the vector instructions this process checks with:
 *  "avx2", "sse2" or "scalar" (plain C).  It is the best the processor
 *  has, at most what the environment variable TRACEGATE_SIMD names (one
 *  of those three, read once); every path gives the same findings. */
TG_API const char *tg_simd_path(void);

/* Rule levels, weakest first: --fail-on compares against this order. */
typedef enum tg_level {
    TG_INFO = 0,   /* informational: legal but worth knowing       */
    TG_COMPAT = 1, /* legal, but a reference reader rejects it     */
    TG_SHOULD = 2, /* the spec recommends against it               */
    TG_MUST = 3    /* the spec forbids it                          */
} tg_level;

/* Rule kinds: what a finding of the rule does to the verdict. */
typedef enum tg_rule_kind {
    TG_KIND_CHECK = 0,      /* an ordinary conformance finding            */
    TG_KIND_TRUNCATED = 1,  /* the input stops early: verdict "truncated" */
    TG_KIND_LIMIT = 2,      /* a resource limit was hit: verdict "limit"  */
    TG_KIND_UNSUPPORTED = 3 /* not this format, or a version tracegate
                               cannot check: verdict "unsupported"      */
} tg_rule_kind;

/* One row of a format's rule table, reached through the functions below
 * (so that a new column never changes the ABI). */
typedef struct tg_rule tg_rule;

/* The text columns of a rule. */
typedef enum tg_rule_text {
    TG_RULE_ID = 0,      /* stable id, e.g. "DA-REC-002"               */
    TG_RULE_APPLIES,     /* profiles or layouts it applies to ("all")  */
    TG_RULE_DOCUMENT,    /* seed document the clause comes from        */
    TG_RULE_SECTION,     /* section of that document                   */
    TG_RULE_QUOTE,       /* short quote of the clause                  */
    TG_RULE_MESSAGE,     /* what a finding says                        */
    TG_RULE_MUTATION,    /* tg_rule_mutation(r, 0)                     */
    TG_RULE_NO_MUTATION, /* why there is no mutation, else NULL        */
    TG_RULE_EXAMPLE,     /* a violating byte sequence, hex, or NULL    */
    TG_RULE_MUST_UNDER   /* the profile under which a rule below MUST
                            counts as MUST (a compat profile: its COMPAT
                            rules, and those its reader fails on too),
                            else NULL                                  */
} tg_rule_text;

/*! tg_rule_get() : a text column of r.  @return static text, or NULL if
 *  the rule has none (or `which` is not a column). */
TG_API const char *tg_rule_get(const tg_rule *r, tg_rule_text which);
/*! tg_rule_mutation() : what variant `variant` of gen's mutation of r
 *  does (the manifest's text).  Variants are numbered from 0 without gaps.
 *  @return static text, or NULL past the last variant or if r has no
 *  mutation (TG_RULE_NO_MUTATION says why). */
TG_API const char *tg_rule_mutation(const tg_rule *r, unsigned variant);
/*! tg_rule_id() : tg_rule_get(r, TG_RULE_ID). */
TG_API const char *tg_rule_id(const tg_rule *r);
/*! tg_rule_level() : the level the spec gives r. */
TG_API tg_level tg_rule_level(const tg_rule *r);
/*! tg_rule_kind_of() : what a finding of r does to the verdict. */
TG_API tg_rule_kind tg_rule_kind_of(const tg_rule *r);

/* Verdicts double as the command line's exit codes (README, --help);
 * the command line's 2, a usage error, is its own and never a verdict. */
typedef enum tg_verdict {
    TG_CONFORMANT = 0,  /* no finding at or above --fail-on              */
    TG_VIOLATIONS = 1,  /* findings at or above --fail-on                */
    TG_IO_ERROR = 3,    /* the input could not be read                   */
    TG_UNSUPPORTED = 4, /* unknown format or unsupported version         */
    TG_LIMIT = 5,       /* a resource limit was hit                      */
    TG_INTERNAL = 6,    /* a bug in tracegate                            */
    TG_TRUNCATED = 7    /* the input stops early, nothing else failed    */
} tg_verdict;

/* One finding.  Pointers are valid only during the callback. */
typedef struct tg_diag {
    const tg_rule *rule;    /* the rule broken                             */
    tg_level level;         /* effective level (after --level, profiles)   */
    uint64_t seq;           /* 0-based index of this finding in the file   */
    uint64_t offset;        /* byte offset of the offending bytes          */
    uint64_t length;        /* how many bytes are at fault (0 = a point)   */
    uint64_t line, column;  /* 1-based for text formats, 0 for binary      */
    const char *path;       /* structural path, e.g. /record[3]{ALOC}/...  */
    const char *expected;   /* what the rule wants ("" if not applicable)  */
    const char *found;      /* what the input has ("" if not applicable)   */
    int64_t consequence_of; /* seq of the finding that caused this, or -1  */
    uint64_t suppressed;    /* >0: a summary of this many capped repeats   */
} tg_diag;

typedef void (*tg_diag_fn)(void *ctx, const tg_diag *d);

/* Read up to cap bytes into buf.  Return the count, 0 at end of input, or
 * -1 on an I/O error.  Short reads are fine. */
typedef long (*tg_read_fn)(void *ctx, void *buf, size_t cap);

/*! tg_read_fd() : a tg_read_fn that reads the file descriptor *ctx (an
 *  int), retrying a read that a signal interrupted. */
TG_API long tg_read_fd(void *ctx, void *buf, size_t cap);

/* Formats known to this build. */
typedef struct tg_format_info {
    const char *name;      /* e.g. "dumpalloc"                           */
    const char *title;     /* one line description                       */
    const char *extension; /* preferred file extension, with dot         */
    const char *document;  /* the specification its rules cite: title and
                              where it is published                     */
    const char *const *profiles; /* NULL-terminated; profiles[0] default */
    const char *const *versions; /* NULL-terminated: the versions a check
                                    tells apart (tg_checker_version());
                                    empty where the format names none */
    unsigned styles;             /* bit 1 << s: it can be generated in style s
                        (tracegate_corpus.h); 0 in a library built
                        without corpus code                            */
    int text;                    /* 1: a text format, whose findings and parts
                          have lines                                   */
    const char *group; /* what tg_node.group names: "provider/event", or
                          "" where parts have none                     */
    int events;        /* 1: a check hands its events to
                          tg_checker_set_event_fn()                    */
} tg_format_info;

/*! tg_format_count(), tg_format_at() :
 *  enumerate the registered formats.  @return NULL past the end. */
TG_API size_t tg_format_count(void);
TG_API const tg_format_info *tg_format_at(size_t i);

/*! tg_rule_count(), tg_rule_at() : the rule table of a format, row by
 *  row.  @return 0 rules, or NULL, for an unknown format or past the
 *  end. */
TG_API size_t tg_rule_count(const char *format);
TG_API const tg_rule *tg_rule_at(const char *format, size_t i);

/*! tg_rule_find() : look a rule up by id in every format.
 *  @return the rule, or NULL; *format receives its format name. */
TG_API const tg_rule *tg_rule_find(const char *id, const char **format);

/*! tg_rule_index() : the row of r in its format's table (tg_rule_at()
 *  gives it back); *format receives the format's name. */
TG_API size_t tg_rule_index(const tg_rule *r, const char **format);

/*! tg_rule_applies() : whether rule r is checked under the named profile
 *  of its format.  @return 1 or 0, or -1 if its format has no such
 *  profile. */
TG_API int tg_rule_applies(const tg_rule *r, const char *profile);

/*! tg_detect() :
 *  the format of an input from its first bytes alone (a file name never
 *  decides it: the same bytes get the same verdict from a path and from a
 *  pipe).  @return the format name or NULL; *how receives a sentence
 *  saying how the decision was made (static text). */
TG_API const char *tg_detect(const void *head, size_t size, const char **how);

/* Resource limits of the checker.  Reaching one is reported by a LIMIT
 * finding and gives TG_LIMIT (exit 5): it says what tracegate could not
 * check, never what the input did wrong.  Each has a command line option
 * that raises it (tg_limit_about()). */
typedef enum tg_limit {
    TG_LIMIT_LIVE_OBJECTS = 0,  /* ids, threads and addresses tracked at
                                   once (--max-live)                     */
    TG_LIMIT_BLOCK_BYTES = 1,   /* largest block read whole to be checked
                                   (--max-block)                         */
    TG_LIMIT_DEPTH = 2,         /* nesting of metadata field lists
                                   (--max-depth)                         */
    TG_LIMIT_PAYLOAD_STEPS = 3, /* payload-decoding steps of live metadata
                                   (--max-payload-steps)                 */
    TG_LIMIT_NAME_BYTES = 4     /* bytes of provider and event names kept
                                   to name events (--max-names)          */
} tg_limit;

/* What a limit is, for messages and the command line. */
typedef struct tg_limit_info {
    const char *option;  /* command line option, e.g. "--max-live"      */
    const char *meaning; /* one line: what it bounds                    */
    uint64_t value;      /* its default                                 */
    uint64_t min, max;   /* what tg_checker_set_limit() accepts         */
} tg_limit_info;

/*! tg_limit_about() : the description of limit `which`.  The limits are
 *  numbered from 0 without gaps, so a caller counts them by asking until
 *  NULL: a library with more limits keeps the ABI.
 *  @return it, or NULL if there is no such limit. */
TG_API const tg_limit_info *tg_limit_about(int which);

/* ---- the structure of an input ---------------------------------------- */

/* One part of an input as the check reads it: a block, an object, a row, a
 * record, a line.  Parts come in the order of the input, each before the
 * parts it holds; a part's findings follow it (or, for a part whose label
 * needs its fields read first, come just before it).  Pointers are valid
 * only during the callback. */
typedef struct tg_node {
    unsigned depth;    /* 0: a part of the file itself; n+1: a part of
                              the last part of depth n                    */
    const char *kind;  /* what it is: "EventBlock", "ALOC", "Region" */
    const char *path;  /* its structural path, as findings name it   */
    uint64_t offset;   /* where it starts                            */
    uint64_t length;   /* its bytes                                  */
    uint64_t line;     /* its first line, 1-based; 0 in a binary format */
    const char *label; /* one line: what it holds ("" if nothing)    */
    const char *group; /* the statistics key it counts under: NetTrace
                              provider/event, AFPerf measurement type,
                              TraceLog thread ("" if none)               */
    unsigned has;      /* TG_NODE_TIME, TG_NODE_THREAD               */
    int64_t time;      /* its timestamp, in the format's units       */
    uint64_t thread;   /* the thread it belongs to                   */
} tg_node;
#define TG_NODE_TIME   1u
#define TG_NODE_THREAD 2u

typedef void (*tg_node_fn)(void *ctx, const tg_node *n);

/* ---- the events of an input ------------------------------------------- */

/* One event of an event trace (NetTrace), as its bytes say: what
 * `tracegate events` writes as a line (spec/events.md).  Strings are
 * UTF-8 as the file spells them (v4/v5 names are UTF-16 in the file:
 * converted, an unpaired surrogate as U+FFFD), with their sizes: they may
 * hold NUL, and bytes that are not UTF-8 where the file's are not.
 * Pointers are valid only during the callback. */
typedef struct tg_event {
    uint64_t offset;            /* where its row starts                     */
    uint32_t metadata_id;       /* the metadata row it refers to            */
    const char *provider;       /* the metadata row's provider name         */
    size_t provider_size;       /* its bytes                                */
    const char *name;           /* the event name, "" when the row has none */
    size_t name_size;           /* its bytes                                */
    int64_t id;                 /* the event id (v4/v5 declare it int32)    */
    int32_t opcode;             /* the opcode: a label list's, else the
                              metadata's; -1 where neither gives one   */
    int64_t version;            /* a label list's, else the metadata's      */
    unsigned has;               /* TG_EVENT_* bits: which fields below hold */
    uint64_t thread;            /* the thread that logged it: its id (v6: the
                              OS thread id its Thread row gives)       */
    uint64_t capture_thread;    /* the thread that wrote it down, likewise */
    uint32_t sequence;          /* its sequence number on the capture thread */
    uint32_t processor;         /* the processor number                     */
    uint64_t timestamp;         /* as the file has it (TG_EVENT_SIGNED_TIME:
                              an int64, as v4/v5 and the draft declare) */
    unsigned char activity[16]; /* in .NET Guid byte order     */
    unsigned char related_activity[16]; /* likewise; zeros when none  */
    const unsigned char *payload;       /* its payload bytes           */
    uint32_t payload_size;
    uint64_t payload_fnv1a64; /* FNV-1a 64 of them                     */
    int payload_fits;         /* 1: it decodes against its metadata's
                                 fields; 0: it does not (a payload
                                 finding says why); -1: not decoded (no
                                 layout known, or the payload rules off) */
    uint32_t stack_id;        /* 0: none                                 */
    uint32_t stack_size;      /* the bytes of that stack                 */
    uint64_t stack_fnv1a64;   /* FNV-1a 64 of them (the bytes themselves
                               are not kept past their block)          */
} tg_event;
#define TG_EVENT_THREAD         1u /* thread is known              */
#define TG_EVENT_CAPTURE_THREAD 2u /* capture_thread is known      */
#define TG_EVENT_PROCESSOR                                                    \
    4u                          /* processor is known (the file's
                                      0xFFFFFFFF means unknown)     */
#define TG_EVENT_SIGNED_TIME 8u /* timestamp is an int64        */

typedef void (*tg_event_fn)(void *ctx, const tg_event *e);

/*! tg_level_name() : "MUST", "SHOULD", "COMPAT" or "INFO". */
TG_API const char *tg_level_name(tg_level level);
/*! tg_level_parse() : the inverse, case-insensitive. @return -1 if bad. */
TG_API int tg_level_parse(const char *name);
/*! tg_rule_verdict() : the verdict one finding of r alone gives under the
 *  default options (what a corpus manifest promises for its mutants). */
TG_API tg_verdict tg_rule_verdict(const tg_rule *r);
/*! tg_verdict_rank() : how severe a verdict is, for the verdict of
 *  several inputs (the highest wins): 6 > 3 > 5 > 4 > 1 > 7 > 0. */
TG_API int tg_verdict_rank(tg_verdict v);
/*! tg_verdict_name() : "conformant", "violations", ... */
TG_API const char *tg_verdict_name(tg_verdict v);
/*! tg_finding_verdict() : the verdict one finding of rule r, reported at
 *  level, gives against fail_on (a finding below fail_on gives
 *  TG_CONFORMANT). */
TG_API tg_verdict tg_finding_verdict(const tg_rule *r, tg_level level,
                                     tg_level fail_on);

/* ---- checking ------------------------------------------------------------ */

/* A checker takes options once and checks any number of inputs, each of
 * any format: it detects the format from the first bytes (unless one is
 * set), checks it against that format's rules, and says in one sentence
 * why a verdict is not "conformant".  This is what `tracegate check` does
 * for each file.  A checker is one thread's at a time (a check changes
 * it); checkers on different threads may check at once. */
typedef struct tg_checker_s tg_checker;

/* The default of tg_checker_set_repeat_cap(). */
#define TG_DEFAULT_REPEAT_CAP 100

/*! tg_checker_open() : a checker with the default options: formats
 *  detected, each format's first profile, fail on TG_MUST, a repeat cap
 *  of TG_DEFAULT_REPEAT_CAP, each limit at its tg_limit_info value.
 *  @return TG_OK or TG_ENOMEM (*c is then NULL). */
TG_API tg_error tg_checker_open(tg_checker **c);
/*! tg_checker_free() : NULL is a no-op. */
TG_API void tg_checker_free(tg_checker *c);

/* Options.  Each applies to the inputs checked from then on; each is
 * checked, and refused (nothing changes) with a tg_error when a name or a
 * value is not one it accepts.  They compose, in any order: a profile
 * keeps the levels and the disabled rules set before or after it.  A
 * string is copied: the caller's may go as soon as the call returns. */

/*! tg_checker_set_format() : check every input as `format` (NULL: detect
 *  each input's from its first bytes, the default).
 *  @return TG_OK or TG_EFORMAT. */
TG_API tg_error tg_checker_set_format(tg_checker *c, const char *format);
/*! tg_checker_set_profile() : check under the named profile (NULL: each
 *  format's first).  An input of a format that has no such profile is
 *  not checked (TG_UNSUPPORTED, tg_checker_problem() says why).
 *  @return TG_OK, TG_ENAME if no format has it, or TG_ENOMEM. */
TG_API tg_error tg_checker_set_profile(tg_checker *c, const char *profile);
/*! tg_checker_set_rule_level() : report rule `id` at another level,
 *  whatever the profile; a later call for the same rule wins.
 *  @return TG_OK, TG_ENAME, TG_EVALUE or TG_ENOMEM. */
TG_API tg_error tg_checker_set_rule_level(tg_checker *c, const char *id,
                                          tg_level level);
/*! tg_checker_disable_rule() : never report rule `id`.
 *  @return TG_OK, TG_ENAME or TG_ENOMEM. */
TG_API tg_error tg_checker_disable_rule(tg_checker *c, const char *id);
/*! tg_checker_set_fail_on() : the lowest level that makes the verdict
 *  TG_VIOLATIONS (default TG_MUST).  @return TG_OK or TG_EVALUE. */
TG_API tg_error tg_checker_set_fail_on(tg_checker *c, tg_level level);
/*! tg_checker_set_repeat_cap() : findings reported per rule before the
 *  rest are summed into one summary finding (default
 *  TG_DEFAULT_REPEAT_CAP; 0: no cap).  @return TG_OK. */
TG_API tg_error tg_checker_set_repeat_cap(tg_checker *c, uint64_t cap);
/*! tg_checker_set_limit() : @return TG_OK, TG_ENAME if `which` is
 *  unknown, or TG_EVALUE if value lies outside [min, max] of its
 *  tg_limit_info. */
TG_API tg_error tg_checker_set_limit(tg_checker *c, tg_limit which,
                                     uint64_t value);
/*! tg_checker_set_node_fn() : call fn with each part of every input
 *  checked (NULL: none, the default).  A check that shows its parts
 *  reads every byte the slow way, so it is slower than a plain check;
 *  its findings are the same.  @return TG_OK. */
TG_API tg_error tg_checker_set_node_fn(tg_checker *c, tg_node_fn fn,
                                       void *ctx);
/*! tg_checker_set_event_fn() : call fn with each event of every input
 *  checked, in file order (NULL: none, the default).  Events whose
 *  metadata row was not defined before them are not handed on (their
 *  finding says why).  Like a node callback, it makes the check read
 *  every byte the slow way; its findings are the same.  Formats without
 *  events (tg_format_info.events) hand none.  @return TG_OK. */
TG_API tg_error tg_checker_set_event_fn(tg_checker *c, tg_event_fn fn,
                                        void *ctx);

/* Called once per input, when its format and profile are known (or it is
 * known that there is none), before its first finding. */
typedef void (*tg_start_fn)(void *ctx, const tg_checker *c);

/*! tg_checker_check() : check the input read by `read`, named `name`
 *  (NULL or "" for none; a name never decides the format, it is only
 *  quoted when the content names none), calling on_start (may be NULL)
 *  and on_diag (may be NULL) for every finding.  The input is read to
 *  its end whatever happens, so that a writer on the other end of a pipe
 *  is never cut off.  @return the verdict. */
TG_API tg_verdict tg_checker_check(tg_checker *c, tg_read_fn read, void *rctx,
                                   const char *name, tg_start_fn on_start,
                                   tg_diag_fn on_diag, void *ctx);
/*! tg_checker_check_buffer() : tg_checker_check() of the size bytes at
 *  data, read in place. */
TG_API tg_verdict tg_checker_check_buffer(tg_checker *c, const void *data,
                                          size_t size, const char *name,
                                          tg_start_fn on_start,
                                          tg_diag_fn on_diag, void *ctx);
/*! tg_checker_check_fd() : tg_checker_check() of what tg_read_fd() reads
 *  from fd. */
TG_API tg_verdict tg_checker_check_fd(tg_checker *c, int fd, const char *name,
                                      tg_start_fn on_start, tg_diag_fn on_diag,
                                      void *ctx);

/* What the last input was found to be, valid until the next check or
 * tg_checker_free().  A text is NULL where there is nothing to say (no
 * format, no layout, no problem), never "". */

/*! tg_checker_format() : the format it was checked as. */
TG_API const char *tg_checker_format(const tg_checker *c);
/*! tg_checker_detected() : how that format was decided, one sentence. */
TG_API const char *tg_checker_detected(const tg_checker *c);
/*! tg_checker_profile() : the profile it was checked under. */
TG_API const char *tg_checker_profile(const tg_checker *c);
/*! tg_checker_layout() : what the check found its layout to be, e.g.
 *  "v5 (FastSerialization objects; V5 metadata tags present)"; NULL for
 *  a format with a single layout. */
TG_API const char *tg_checker_layout(const tg_checker *c);
/*! tg_checker_version() : the short name of that layout's version, what
 *  a reader says it reads: NetTrace "v4", "v5", "v6-draft" or "v6";
 *  AFPerf "v1" (tg_format_info.versions); NULL where the format names
 *  none. */
TG_API const char *tg_checker_version(const tg_checker *c);
/*! tg_checker_problem() : why the verdict is not "conformant" or
 *  "violations" (truncated, unknown format, a limit reached, ...). */
TG_API const char *tg_checker_problem(const tg_checker *c);
/*! tg_checker_bytes() : the bytes the input held (it is always read to
 *  its end, also when checking stopped early). */
TG_API uint64_t tg_checker_bytes(const tg_checker *c);
/*! tg_checker_events_lost() : the events the input says were lost: in
 *  NetTrace, the gaps in each capture thread's sequence numbers (between
 *  its events, and up to the numbers its sequence points and RemoveThread
 *  entries give); 0 for a format without events. */
TG_API uint64_t tg_checker_events_lost(const tg_checker *c);
/*! tg_checker_limit_reached() : the limit the check reached first, or -1
 *  if it reached none. */
TG_API int tg_checker_limit_reached(const tg_checker *c);

#ifdef __cplusplus
}
#endif
#endif
