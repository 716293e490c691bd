/* SPDX-License-Identifier: MIT
 * tracegate.h - public C API of libtracegate.
 *
 * tracegate checks trace files against the rule tables of their format
 * specification.  A check is a pull over one input (file descriptor,
 * memory buffer or read callback) through a bounded window; findings are
 * handed to a caller callback as they are found, so memory never grows with
 * the size of the input.
 *
 * Typical use:
 *
 *     tg_validator *v;
 *     if (tg_validator_open("dumpalloc", &v) != TG_OK) ...
 *     tg_verdict r = tg_check_buffer(v, data, size, on_diag, ctx);
 *     tg_validator_free(v);
 *
 * Threads: a tg_validator or tg_checker is one thread's at a time (a
 * check changes it); different handles may check on different threads at
 * once.  Everything else may be shared: the rule and format tables and
 * their texts, and the functions that take no handle.  What the library
 * makes on first use (AFPerf's compiled patterns) is made once, safely,
 * by whichever thread needs it first (tests/threads-t.c, under
 * ThreadSanitizer).
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
#define TG_VERSION_MINOR 8
#define TG_VERSION_PATCH 0
#define TG_ABI           2
#define TG_STRINGIFY_(x) #x
#define TG_STRINGIFY(x)  TG_STRINGIFY_(x)
#define TG_VERSION                                                            \
    TG_STRINGIFY(TG_VERSION_MAJOR)                                            \
    "." TG_STRINGIFY(TG_VERSION_MINOR) "." TG_STRINGIFY(TG_VERSION_PATCH)

/* What the shared library exports: this header's functions, nothing else
 * (it is built with hidden visibility). */
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

typedef struct tg_validator_s tg_validator;

/* Formats known to this build. */
typedef struct tg_format_info {
    const char *name;      /* e.g. "dumpalloc"                           */
    const char *title;     /* one line description                       */
    const char *extension; /* preferred file extension, with dot         */
    const char *document;  /* the specification its rules cite: title and
                              where it is published                     */
    const char *const *profiles; /* NULL-terminated; profiles[0] default   */
    unsigned styles;             /* bit 1 << s: it can be generated in style s
                              (tg_style, tg_generate_style()); 0 in a
                              library built without corpus code      */
    const char *const *versions; /* NULL-terminated: the versions a check
                              tells apart (tg_layout_version()); empty
                              where the format names none (0.5.0;
                              after the rest, so that ABI 2 holds)   */
    int text;                    /* 1: a text format, whose findings and
                              parts have lines (0.6.0)               */
    const char *group;           /* what tg_node.group names: "provider/
                              event", or "" where parts have none
                              (0.6.0)                                */
    int events;                  /* 1: a check hands its events to
                              tg_set_event_fn() (0.7.0)              */
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

/* One constant of a format's tables: n bytes at p. */
typedef void (*tg_token_fn)(void *ctx, const void *p, size_t n);

/*! tg_format_tokens() : emit the constants of a format's tables (magic
 *  numbers, record names and tags, type codes, the limits its rules
 *  name): the tokens of a fuzzing dictionary.  @return TG_OK or
 *  TG_EFORMAT. */
TG_API tg_error tg_format_tokens(const char *format, tg_token_fn emit,
                                 void *ctx);

/*! tg_format_pieces() : where the pieces of a trace start (records,
 *  blocks, objects: what a test-case shrinker may drop whole, and what
 *  keeps the rest framed), at most cap of them into at, the first at 0.
 *  @return how many: at least 1 for a non-empty input of a known
 *  format, 0 for an empty one or an unknown format. */
TG_API size_t tg_format_pieces(const char *format, const void *data,
                               size_t size, size_t *at, size_t cap);

/* A piece of a trace, for tg_format_join(): its bytes, and the offset it
 * started at in the trace it was cut from. */
typedef struct tg_piece {
    const void *data;
    size_t size;
    size_t was_at;
} tg_piece;

/*! tg_format_join() : n pieces that tg_format_pieces() cut (some left
 *  out, one changed perhaps) written one after another as the format
 *  frames them: a NetTrace v4/v5 block object's padding is made again
 *  for the offset it now starts at, so that taking a piece out keeps the
 *  objects after it aligned; other pieces are put as they are.  out has
 *  room for the pieces' sizes and 3 bytes a piece.  @return the bytes
 *  written (0 for an unknown format). */
TG_API size_t tg_format_join(const char *format, const tg_piece *pieces,
                             size_t n, void *out);

/*! tg_format_relayout() : a variant of a trace in which records that
 *  depend on each other change together, as a writer would have written
 *  them, chosen by seed: for NetTrace v4/v5, one metadata row's V1 field
 *  types changed (or a field dropped or added, or nothing) and every
 *  compressed event of that row laid out again for them, with PayloadSize,
 *  BlockSize and padding made anew.  What a coverage-guided fuzzer needs
 *  to reach the code behind a field type: a byte mutation of the row
 *  leaves its events as they were.  near (SIZE_MAX: anywhere) is an
 *  offset of the input, the last change a fuzzer kept: the row that
 *  holds it is the one changed, and often the field that starts after
 *  it.  out has room for cap bytes.  *changed (when changed is not
 *  NULL) receives the offset in out of what changed: the TypeCode retyped
 *  or added, or the row's FieldCount, which a fuzzer that keeps the
 *  output passes as near to go on from there (SIZE_MAX when nothing was
 *  written).
 *  @return the bytes written, or 0 if the input has no such records, does
 *  not fit in cap, or its format has no relayout (every format but
 *  NetTrace; and every format in a library built without corpus code). */
TG_API size_t tg_format_relayout(const char *format, const void *data,
                                 size_t size, uint64_t seed, size_t near,
                                 void *out, size_t cap, size_t *changed);

/*! tg_detect() :
 *  the format of an input from its first bytes alone (a file name never
 *  decides it: the same bytes get the same verdict from a path and from a
 *  pipe).  @return the format name or NULL; *how receives a sentence
 *  saying how the decision was made (static text). */
TG_API const char *tg_detect(const void *head, size_t size, const char **how);

/*! tg_validator_open() :
 *  a validator for one format with default options into *v.
 *  @return TG_OK, TG_EFORMAT for an unknown format, or TG_ENOMEM. */
TG_API tg_error tg_validator_open(const char *format, tg_validator **v);

/*! tg_validator_new() : tg_validator_open(), for callers that need not
 *  tell its failures apart.  @return the validator, or NULL. */
TG_API tg_validator *tg_validator_new(const char *format);

/*! tg_validator_free() : release v.  NULL is a no-op. */
TG_API void tg_validator_free(tg_validator *v);

/* Options.  Each is checked, and refused (nothing changes) with a
 * tg_error when a name or value is not one it accepts.  They compose, in
 * any order: a profile keeps the levels and disabled rules set before or
 * after it. */

/*! tg_set_profile() : select a profile of the format (default: its first).
 *  @return TG_OK, or TG_ENAME. */
TG_API tg_error tg_set_profile(tg_validator *v, const char *profile);
/*! tg_set_rule_level() : report rule id at another level, whatever the
 *  profile.  @return TG_OK, TG_ENAME or TG_EVALUE. */
TG_API tg_error tg_set_rule_level(tg_validator *v, const char *id,
                                  tg_level level);
/*! tg_disable_rule() : never report rule id.  @return TG_OK or TG_ENAME. */
TG_API tg_error tg_disable_rule(tg_validator *v, const char *id);
/*! tg_set_fail_on() : lowest level that makes the verdict VIOLATIONS
 *  (default TG_MUST).  @return TG_OK or TG_EVALUE. */
TG_API tg_error tg_set_fail_on(tg_validator *v, tg_level level);
/*! tg_set_repeat_cap() : findings reported per rule before the rest are
 *  summed into one summary finding (default 100; 0 = no cap).
 *  @return TG_OK. */
TG_API tg_error tg_set_repeat_cap(tg_validator *v, uint64_t cap);

/* Resource limits of the checker.  Reaching one is reported by a LIMIT
 * finding and gives TG_LIMIT (exit 5): it says what tracegate could not
 * check, never what the input did wrong.  Each has a command line option
 * that raises it (tg_limit_about()). */
typedef enum tg_limit {
    TG_LIMIT_LIVE_OBJECTS = 0,  /* ids, threads and addresses tracked at
                                  once; --max-live, default 1048576      */
    TG_LIMIT_BLOCK_BYTES = 1,   /* largest block read whole to be checked;
                                  --max-block, default 32 MiB            */
    TG_LIMIT_DEPTH = 2,         /* nesting of metadata field lists;
                                  --max-depth, default 64                */
    TG_LIMIT_PAYLOAD_STEPS = 3, /* payload-decoding steps of live metadata;
                                  --max-payload-steps, default 1048576   */
    TG_LIMIT_NAME_BYTES = 4     /* bytes of provider and event names kept
                                  to name events (tg_set_event_fn());
                                  --max-names, default 64 MiB (0.7.0)    */
} tg_limit;
#define TG_NLIMITS 5

/* What a limit is, for messages and the command line. */
typedef struct tg_limit_info {
    const char *option;  /* command line option, e.g. "--max-live"      */
    const char *meaning; /* one line: what it bounds                    */
    uint64_t value;      /* its default                                 */
    uint64_t min, max;   /* the values tg_set_limit() accepts            */
} tg_limit_info;

/*! tg_limit_about() : @return the description of limit `which`, or NULL
 *  if there is no such limit. */
TG_API const tg_limit_info *tg_limit_about(int which);
/*! tg_set_limit() : @return TG_OK, TG_ENAME if `which` is unknown, or
 *  TG_EVALUE if value lies outside [min, max] of its tg_limit_info. */
TG_API tg_error tg_set_limit(tg_validator *v, tg_limit which, uint64_t value);
/*! tg_limit_reached() : @return the limit the last check reached first,
 *  or -1 if it reached none. */
TG_API int tg_limit_reached(const tg_validator *v);

/*! tg_profile_name() : the profile in force. */
TG_API const char *tg_profile_name(const tg_validator *v);

/*! tg_check_fd(), tg_check_buffer(), tg_check_reader() :
 *  validate one whole input, calling on_diag for every finding.
 *  A validator can check many inputs in turn.
 *  @return the verdict (also the command line exit code). */
TG_API tg_verdict tg_check_fd(tg_validator *v, int fd, tg_diag_fn on_diag,
                              void *ctx);
TG_API tg_verdict tg_check_buffer(tg_validator *v, const void *data,
                                  size_t size, tg_diag_fn on_diag, void *ctx);
TG_API tg_verdict tg_check_reader(tg_validator *v, tg_read_fn read, void *rctx,
                                  tg_diag_fn on_diag, void *ctx);

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

/*! tg_set_node_fn() : call fn with each part of the inputs checked from now
 *  on (NULL: none, the default).  A check that shows its parts reads every
 *  byte the slow way, so it is slower than a plain check; its findings are
 *  the same.  @return TG_OK. (0.6.0) */
TG_API tg_error tg_set_node_fn(tg_validator *v, tg_node_fn fn, void *ctx);

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

/*! tg_set_event_fn() : call fn with each event of the inputs checked from
 *  now on, in file order (NULL: none, the default).  Events whose
 *  metadata row was not defined before them are not handed on (their
 *  finding says why).  Like tg_set_node_fn(), it makes the check read
 *  every byte the slow way; its findings are the same.  Formats without
 *  events hand none.  @return TG_OK. (0.7.0) */
TG_API tg_error tg_set_event_fn(tg_validator *v, tg_event_fn fn, void *ctx);

/*! tg_events_lost() : the events the last input says were lost: in
 *  NetTrace, the gaps in each capture thread's sequence numbers (between
 *  its events, and up to the numbers its sequence points and RemoveThread
 *  entries give); 0 for a format without events. (0.7.0) */
TG_API uint64_t tg_events_lost(const tg_validator *v);

/*! tg_bytes_checked() : bytes the input of the last check held.  The
 *  input is always read to its end, also when checking stopped early
 *  (a framing error, an unsupported version), so this is its size. */
TG_API uint64_t tg_bytes_checked(const tg_validator *v);
/*! tg_layout() : what the last check found the input's layout to be, e.g.
 *  "v5 (FastSerialization objects; V5 metadata tags present)"; empty for
 *  formats with a single layout. */
TG_API const char *tg_layout(const tg_validator *v);
/*! tg_layout_version() : the short name of that layout's version, what a
 *  reader says it reads: NetTrace "v4", "v5", "v6-draft" or "v6";
 *  AFPerf "v1"; empty where the format names no version. */
TG_API const char *tg_layout_version(const tg_validator *v);

/*! tg_utf8_length() : the length (1 to 4) of the well-formed UTF-8
 *  character at s, or 0 if s does not start with one or is at its NUL.
 *  A finding's texts quote the input, which need not be UTF-8: a report
 *  writer escapes what this refuses. */
TG_API size_t tg_utf8_length(const char *s);

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

/* What a strict, correct reader must do with a file, by tracegate's
 * check of it (README, "The corpus"; spec/oracle.md, O1). */
typedef enum tg_duty {
    TG_DUTY_ACCEPT = 0,   /* read it without error                    */
    TG_DUTY_MAY_WARN = 1, /* read it, and may warn: it breaks only a
                               SHOULD, a note or a named reader's quirk */
    TG_DUTY_REJECT = 2,   /* fail with an error                       */
    TG_DUTY_UNDECIDED = 3 /* tracegate cannot say (a checker limit, an
                               I/O error): the file scores nothing      */
} tg_duty;

/*! tg_reader_duty() : what a strict reader must do with a file whose
 *  check gave `verdict`, `findings` findings in all, of which
 *  `spec_must` were of rules the specification itself makes MUST
 *  (tg_rule_verdict() is not TG_CONFORMANT; what a compat profile counts
 *  as MUST is legal).  The one home of that mapping, for the corpus
 *  manifest and the oracle alike. */
TG_API tg_duty tg_reader_duty(tg_verdict verdict, uint64_t findings,
                              uint64_t spec_must);
/*! tg_duty_name() : "accept", "accept, may warn", "reject" or
 *  "unscored". */
TG_API const char *tg_duty_name(tg_duty d);

/* ---- inputs checked end to end ------------------------------------------ */

/* A checker takes options once and checks any number of inputs, each of
 * any format: it detects the format from the first bytes (unless one is
 * given), checks with that format's validator (made once,
 * with the options), and says in one sentence why a verdict is not
 * "conformant".  This is what `tracegate check` does for each file. */
typedef struct tg_checker_s tg_checker;

/* Called once per input, when its format and profile are known (or it is
 * known that there is none), before its first finding. */
typedef void (*tg_start_fn)(void *ctx, const tg_checker *c);

/*! tg_checker_open() : @return TG_OK or TG_ENOMEM. */
TG_API tg_error tg_checker_open(tg_checker **c);
/*! tg_checker_free() : NULL is a no-op. */
TG_API void tg_checker_free(tg_checker *c);
/* Options, as for a validator; a rule option applies to inputs of the
 * rule's format.  Each returns TG_OK or the reason it was refused. */
TG_API tg_error tg_checker_set_format(tg_checker *c, const char *format);
TG_API tg_error tg_checker_set_profile(tg_checker *c, const char *profile);
TG_API tg_error tg_checker_set_rule_level(tg_checker *c, const char *id,
                                          tg_level level);
TG_API tg_error tg_checker_disable_rule(tg_checker *c, const char *id);
TG_API tg_error tg_checker_set_fail_on(tg_checker *c, tg_level level);
TG_API tg_error tg_checker_set_repeat_cap(tg_checker *c, uint64_t cap);
TG_API tg_error tg_checker_set_limit(tg_checker *c, tg_limit which,
                                     uint64_t value);
/*! tg_checker_set_node_fn() : tg_set_node_fn() for every input. (0.6.0) */
TG_API tg_error tg_checker_set_node_fn(tg_checker *c, tg_node_fn fn,
                                       void *ctx);
/*! tg_checker_set_event_fn() : tg_set_event_fn() for every input.
 *  (0.7.0) */
TG_API tg_error tg_checker_set_event_fn(tg_checker *c, tg_event_fn fn,
                                        void *ctx);
/*! tg_checker_check() : check the input read by `read`, named `name`
 *  (NULL or "" for none; a name never decides the format, it is only
 *  quoted when the content names none), calling on_start and
 *  on_diag.  The input is read to its end whatever happens.
 *  @return the verdict. */
TG_API tg_verdict tg_checker_check(tg_checker *c, tg_read_fn read, void *rctx,
                                   const char *name, tg_start_fn on_start,
                                   tg_diag_fn on_diag, void *ctx);
/*! tg_checker_check_buffer() : tg_checker_check() of the size bytes at
 *  data. */
TG_API tg_verdict tg_checker_check_buffer(tg_checker *c, const void *data,
                                          size_t size, const char *name,
                                          tg_start_fn on_start,
                                          tg_diag_fn on_diag, void *ctx);
/* What the last input was found to be; valid until the next check.  NULL
 * where there is nothing to say (no format, no layout, no problem). */
TG_API const char *tg_checker_format(const tg_checker *c);
TG_API const char *tg_checker_detected(const tg_checker *c);
TG_API const char *tg_checker_profile(const tg_checker *c);
TG_API const char *tg_checker_layout(const tg_checker *c);
TG_API const char *tg_checker_version(const tg_checker *c);
/*! tg_checker_events_lost() : tg_events_lost() of the last input.
 *  (0.7.0) */
TG_API uint64_t tg_checker_events_lost(const tg_checker *c);
/*! tg_checker_problem() : why the verdict is not "conformant" or
 *  "violations" (truncated, unknown format, a limit reached, ...). */
TG_API const char *tg_checker_problem(const tg_checker *c);
/*! tg_checker_bytes() : the bytes the input held. */
TG_API uint64_t tg_checker_bytes(const tg_checker *c);

/* ---- generation ------------------------------------------------------ */

/* Output for generators: called with consecutive byte runs. @return 0, or
 * -1 to stop with an I/O error. */
typedef int (*tg_write_fn)(void *ctx, const void *data, size_t size);

/*! tg_generate() :
 *  write one valid trace of format/profile made from seed.  With
 *  min_size > 0 the trace is streamed until it is at least that long.
 *  @return TG_OK, TG_EWRITE when `write` failed, TG_EFORMAT or TG_ENAME
 *  for an unknown format or profile, TG_ENOMEM, or TG_ENOCORPUS if this
 *  library was built without corpus code (TG_BUILD_CORPUS=OFF). */
TG_API tg_error tg_generate(const char *format, const char *profile,
                            uint64_t seed, uint64_t min_size,
                            tg_write_fn write, void *ctx);

/*! tg_random(), tg_random_below() : the seeded pseudo-random sequence
 *  the generators draw from (SplitMix64), the same on every platform, for
 *  a caller that makes inputs from a seed too: the next value after
 *  *state, and one in [0, n) (0 when n is 0). */
TG_API uint64_t tg_random(uint64_t *state);
TG_API uint32_t tg_random_below(uint64_t *state, uint32_t n);

/* What the text and numbers of a generated trace are like. */
typedef enum tg_style {
    TG_STYLE_PLAIN = 0,   /* what real writers write, in the smallest
                             realistic records: many per kilobyte        */
    TG_STYLE_HOSTILE = 1, /* still valid, built to break readers that
                             misuse them: code, format specifiers, paths,
                             quotes and line ends, long names, Unicode
                             edges, numbers at their limits              */
    TG_STYLE_TYPICAL = 2  /* plain, with records of the size a busy real
                             writer's have: deep call stacks, several
                             values per record (the benchmark's typical
                             input)                                      */
} tg_style;

/*! tg_generate_style() : tg_generate() in a style.  @return as it does,
 *  or TG_EVALUE if the format has no such style (tg_format_info.styles). */
TG_API tg_error tg_generate_style(const char *format, const char *profile,
                                  tg_style style, uint64_t seed,
                                  uint64_t min_size, tg_write_fn write,
                                  void *ctx);

/* One negative corpus entry, described for the manifest. */
typedef struct tg_mutant {
    const tg_rule *rule;  /* the rule this mutant breaks             */
    unsigned variant;     /* which variant of the mutation           */
    const char *mutation; /* what was done: tg_rule_mutation(rule, variant) */
    uint64_t offset;      /* where the break is in the mutant        */
    tg_verdict expected;  /* verdict under the default options       */
    const char *profile;  /* profile to check it under               */
} tg_mutant;

/*! tg_mutate() :
 *  write the mutant number `variant` of rule `rule_id` made from the valid
 *  trace of (profile, seed).  @return TG_OK when written; TG_EVALUE when
 *  the rule has no such variant (tg_rule_mutation() is NULL) or none
 *  could be made from this seed; TG_EFORMAT or TG_ENAME for an unknown
 *  format or rule; TG_EWRITE, TG_ENOMEM, or TG_ENOCORPUS as for
 *  tg_generate(). */
TG_API tg_error tg_mutate(const char *format, const char *rule_id,
                          unsigned variant, uint64_t seed, tg_write_fn write,
                          void *ctx, tg_mutant *out);

/*! tg_mutate_profile() : tg_mutate(), the parent made for a reader of
 *  `profile` where the rule allows: the valid trace of that profile when
 *  the rule applies under it and can be broken in it, else the parent
 *  tg_mutate() makes.  out->profile names the parent's profile.  The
 *  mutant is labelled as its parent's profile judges it; check it under
 *  `profile` for what a reader of that profile must do.  @return as
 *  tg_mutate() does, or TG_ENAME for a profile the format lacks. */
TG_API tg_error tg_mutate_profile(const char *format, const char *profile,
                                  const char *rule_id, unsigned variant,
                                  uint64_t seed, tg_write_fn write, void *ctx,
                                  tg_mutant *out);

#ifdef __cplusplus
}
#endif
#endif
