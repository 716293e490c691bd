/* format.h - what a format folder provides to the engine.  Adding a format
 * means one of these plus one line in registry.c. */
#ifndef TG_FORMAT_H
#define TG_FORMAT_H

#include <string.h>

#include "engine.h"
#include "out.h"
#include "window.h"

/* One token of a fuzzing dictionary: n bytes at p. */
typedef void (*tg_token_fn)(void *ctx, const void *p, size_t n);
/*! tgFormat_token_text() : a NUL-terminated text as a token. */
static inline void tgFormat_token_text(tg_token_fn emit, void *ctx,
                                       const char *s)
{
    emit(ctx, s, strlen(s));
}

/* Every tg_style, for a format whose generator has them all; none in a
 * library built without corpus code. */
#ifdef TG_NO_CORPUS
#define TG_FORMAT_ALL_STYLES 0u
#else
#define TG_FORMAT_ALL_STYLES                                                  \
    ((1u << TG_STYLE_PLAIN) | (1u << TG_STYLE_HOSTILE) |                      \
     (1u << TG_STYLE_TYPICAL))
#endif

/* tg_format_info.versions of a format that names no version. */
extern const char *const tgFormat_no_versions[];

typedef struct tgFormat {
    tg_format_info info;
    const tg_rule *rules;
    size_t nrules;
    /* Score 0..100 for "this input is of my format", from the content
     * alone; *how says why. */
    int (*detect)(const unsigned char *head, size_t size, const char **how);
    /* Check the whole input, reporting through c. */
    void (*check)(tgEngine_check *c, tgWindow *w);
    /* Write a valid trace in one of its styles: 0, or -1 on a write
     * error. */
    int (*generate)(int profile, int style, uint64_t seed, uint64_t min_size,
                    tgOut *out);
    /* Write mutant `variant` of rule index `rule`: 1 written, 0 no such
     * variant, -1 write error. */
    int (*mutate)(size_t rule, unsigned variant, uint64_t seed, tgOut *out,
                  tg_mutant *m);
    /* The scopes a rule's "applies" column names, in bit order,
     * NULL-terminated (core/scopes.h); NULL: the scopes are the profiles. */
    const char *const *scopes;
    /* Per profile, the scope bits its checks read: a rule applies under
     * profile p when it shares one (NULL: profile p reads scope p). */
    const unsigned *profile_scopes;
    /* Profile under which COMPAT rules count as MUST, or -1. */
    int compat_profile;
    /* The starts of the pieces the oracle's shrinker may drop whole
     * (records, blocks, objects), at most cap of them into at, the first
     * at 0: @return how many (pieces.c). */
    size_t (*pieces)(const unsigned char *p, size_t n, size_t *at, size_t cap);
    /* Pieces written one after another as the format frames them
     * (tg_format_join()), or NULL: as they are.  @return the size. */
    size_t (*join)(const tg_piece *pieces, size_t n, unsigned char *out);
    /* A variant of the input whose records that depend on each other
     * were changed together, near offset `near` where it can
     * (tg_format_relayout()), into out of cap bytes, and where in it the
     * change is into *changed (if not NULL), or NULL: the format has
     * none.  @return its size, or 0. */
    size_t (*relayout)(const unsigned char *p, size_t n, uint64_t seed,
                       size_t near, unsigned char *out, size_t cap,
                       size_t *changed);
    /* Emit the constants of the format's tables (magic numbers, record
     * names and tags, type codes, the limits its rules name) as the tokens
     * of a fuzzing dictionary (`tracegate rules FORMAT --dict`). */
    void (*tokens)(tg_token_fn emit, void *ctx);
    /* File name endings besides info.extension that writers use,
     * NULL-terminated, or NULL: only quoted when the content names no
     * format, never used to decide one. */
    const char *const *also_named;
} tgFormat;

/* The generator and mutator of a format, or none in a library built
 * without corpus code (TG_BUILD_CORPUS=OFF): then tg_generate() and
 * tg_mutate() say so. */
#ifdef TG_NO_CORPUS
#define TG_FORMAT_CORPUS(gen, mut) .generate = NULL, .mutate = NULL
#define TG_FORMAT_RELAYOUT(fn)     .relayout = NULL
#else
#define TG_FORMAT_CORPUS(gen, mut) .generate = gen, .mutate = mut
#define TG_FORMAT_RELAYOUT(fn)     .relayout = fn
#endif

/*! tgFormat_named_like() : the format whose file name endings `name` has,
 *  or NULL. */
const tgFormat *tgFormat_named_like(const char *name);

/*! tgFormat_find() : a registered format by name, or NULL. */
const tgFormat *tgFormat_find(const char *name);
const tgFormat *tgFormat_at(size_t i);
size_t tgFormat_count(void);
/*! tgFormat_profile_index() : index of a profile name in fmt, or -1 (for
 *  NULL too). */
int tgFormat_profile_index(const tgFormat *fmt, const char *profile);
/*! tgFormat_rule_applies() : whether rule applies under profile index p. */
int tgFormat_rule_applies(const tgFormat *fmt, const tg_rule *r, int p);
/*! tgFormat_scope_text() : "all", or the names of the scope bits in mask,
 *  comma-separated; static text. */
const char *tgFormat_scope_text(const tgFormat *fmt, unsigned mask);

#endif
