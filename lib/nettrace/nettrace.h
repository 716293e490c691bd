/* nettrace.h - what every part of the NetTrace folder shares: the rule
 * and profile numbers, the functions of the format descriptor (rules.c)
 * and the generators' entry points.  The wire facts are in wire.h; the
 * checker's own state is in check/check.h. */
#ifndef TG_NETTRACE_H
#define TG_NETTRACE_H

#include "../core/bytes.h"
#include "../core/format.h"
#include "../core/idmap.h"
#include "../core/ranges.h"
#include "../core/scan16.h"
#include "wire.h"

#define TG_SCOPES_DEF "../nettrace/scopes.def"
#include "../core/scopes.h"

/* Rule indices, in table order. */
enum nt_rule {
#define TG_RULE(sym, ...) NT_##sym,
#include "rules.def"
#undef TG_RULE
    NT_NRULES
};

/* Profiles: index 0 is the default. */
enum {
    NT_PROFILE_DEFAULT = 0,    /* layout from the header: v4/v5 or v6   */
    NT_PROFILE_V6_DRAFT = 1,   /* a v6 header is read as the seed draft */
    NT_PROFILE_TRACEEVENT = 2, /* COMPAT rules become MUST              */
    NT_PROFILE_V6 = 3          /* checks as default; gen writes v6      */
};

extern const tg_rule tgNettrace_rules[NT_NRULES];
extern const char *const tgNettrace_profiles[];
extern const tgFormat tgFormat_nettrace;

/* The versions a check tells apart (tg_checker_version()). */
enum { NT_VERSION_V4, NT_VERSION_V5, NT_VERSION_V6_DRAFT, NT_VERSION_V6 };
extern const char *const tgNettrace_versions[];

int tgNettrace_detect(const unsigned char *head, size_t size,
                      const char **how);
/* tg_format_join(): v4/v5 block objects padded again (pieces.c) */
size_t tgNettrace_join(const tg_piece *pieces, size_t n, unsigned char *out);
/* The same, with where each piece starts in out into starts[0 .. n), if
 * starts is not NULL. */
size_t tgNettrace_join_at(const tg_piece *pieces, size_t n, unsigned char *out,
                          size_t *starts);
size_t tgNettrace_pieces(const unsigned char *p, size_t n, size_t *at,
                         size_t cap);
/* The bytes of a v4/v5 object header with BlockSize, if the n bytes at p
 * open a block object (its name ends in "Block"), else 0 (pieces.c). */
size_t tgNettrace_block_header(const unsigned char *p, size_t n);
/* tg_format_relayout(): a metadata row's fields changed, its events laid
 * out again (corpus/relayout.c) */
size_t tgNettrace_relayout(const unsigned char *p, size_t n, uint64_t seed,
                           size_t near, unsigned char *out, size_t cap,
                           size_t *changed);
void tgNettrace_tokens(tg_token_fn emit, void *ctx);
void tgNettrace_check(tgEngine_check *c, tgWindow *w);
int tgNettrace_generate(int profile, int style, uint64_t seed,
                        uint64_t min_size, tgOut *out);
int tgNettrace_mutate(size_t rule, unsigned variant, uint64_t seed, tgOut *out,
                      tg_mutant *m);
/* Generators write through a sink (model.h): the output, or a model. */
struct nt_sink;
/* style: a tg_style (hostile: provider, event and thread names, label
 * values from core/corpus/hostile.h) */
int nt_generate(int profile, int style, uint64_t seed, uint64_t min_size,
                struct nt_sink *sink);
/* The layout the generator writes for a profile (gen_v45.c). */
enum nt_layout nt_profile_layout(int profile);
/* A layout's scope bit: scopes.def lists the layouts in their order. */
#define NT_LAYOUT_SCOPE(layout) (1u << (layout))
_Static_assert(NT_LAYOUT_SCOPE(NT_V45) == IN_V45 &&
                   NT_LAYOUT_SCOPE(NT_V6) == IN_V6 &&
                   NT_LAYOUT_SCOPE(NT_V6D) == IN_V6D,
               "scopes.def names the layouts in enum nt_layout's order");
int nt_generate_v6(int style, uint64_t seed, uint64_t min_size,
                   struct nt_sink *sink, int draft);

#endif
