/* SPDX-License-Identifier: MIT
 * tracegate_corpus.h - the part of libtracegate's API that makes traces:
 * valid ones from a seed (tg_generate()), ones that break one rule
 * (tg_mutate()), and what a fuzzer of trace readers needs (a fuzzing
 * dictionary, the pieces of a trace, a relayout, what a reader must do
 * with a file).  The library behind it is the one tracegate.h declares;
 * one built without corpus code (TG_BUILD_CORPUS=OFF) answers these with
 * TG_ENOCORPUS, or makes nothing.  The same threads rule holds: every
 * function here may be called on several threads at once.
 */
#ifndef TRACEGATE_CORPUS_H
#define TRACEGATE_CORPUS_H

#include "tracegate.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* One negative corpus entry, described for the manifest.  The caller
 * allocates it and sets size; the library fills the fields that fit in
 * size bytes, so that a field added later breaks no caller. */
typedef struct tg_mutant {
    size_t size;          /* sizeof(tg_mutant), set by the caller    */
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
 *  format or rule; TG_EVALUE too when out->size is smaller than the
 *  fields of the first version (rule to profile); TG_EWRITE, TG_ENOMEM,
 *  or TG_ENOCORPUS as for tg_generate().  out may be NULL. */
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
