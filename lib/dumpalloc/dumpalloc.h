/* dumpalloc.h - internals shared by the dumpalloc front end, generator
 * and mutator. */
#ifndef TG_DUMPALLOC_H
#define TG_DUMPALLOC_H

#include "../core/format.h"

#define DA_FOURCC(a, b, c, d)                                                 \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 |               \
     (uint32_t)(d) << 24)
#define DA_PROC DA_FOURCC('P', 'R', 'O', 'C')
#define DA_OBJE DA_FOURCC('O', 'B', 'J', 'E')
#define DA_ALOC DA_FOURCC('A', 'L', 'O', 'C')
#define DA_DALC DA_FOURCC('D', 'A', 'L', 'C')
#define DA_FRAM DA_FOURCC('F', 'R', 'A', 'M')
#define DA_NTVE DA_FOURCC('N', 'T', 'V', 'E')
#define DA_PCAL DA_FOURCC('P', 'C', 'A', 'L')
#define DA_TERM DA_FOURCC('T', 'E', 'R', 'M')

#define DA_MAX_LENGTH 0x7FFFFFFFu /* the draft reader reads int32 */
/* Payload sizes of the record layouts (the dumpalloc seed, fileformat.md). */
#define DA_U32         4u /* a length, pid, line number or FOURCC */
#define DA_ADDRESS     8u
#define DA_ALOC_FIELDS 20u /* address 8 + timestamp 12            */
#define DA_DALC_FIELDS DA_ADDRESS
#define DA_PROC_MIN    (2 * DA_U32) /* pid, name length                    */
#define DA_OBJE_MIN    DA_U32       /* name length                         */
#define DA_FRAM_MIN    DA_U32       /* frame type                          */
#define DA_NTVE_FIELDS (DA_U32 + DA_ADDRESS) /* frame type, address      */

/* Rule indices, in table order. */
enum da_rule {
#define TG_RULE(sym, ...) DA_##sym,
#include "rules.def"
#undef TG_RULE
    DA_NRULES
};

/* Profiles are the scopes (scopes.def): index 0 is the default. */
#define TG_SCOPES_DEF "../dumpalloc/scopes.def"
#include "../core/scopes.h"
enum {
    DA_PROFILE_DEFAULT = IN_DEFAULT_INDEX,
    DA_PROFILE_DRAFT_READER = IN_DRAFT_READER_INDEX
};

extern const tg_rule tgDumpalloc_rules[DA_NRULES];
extern const char *const tgDumpalloc_profiles[];
extern const tgFormat tgFormat_dumpalloc;

void tgDumpalloc_check(tgEngine_check *c, tgWindow *w);
int tgDumpalloc_detect(const unsigned char *head, size_t size,
                       const char **how);
size_t tgDumpalloc_pieces(const unsigned char *p, size_t n, size_t *at,
                          size_t cap);
void tgDumpalloc_tokens(tg_token_fn emit, void *ctx);
int tgDumpalloc_generate(int profile, int style, uint64_t seed,
                         uint64_t min_size, tgOut *out);
int tgDumpalloc_mutate(size_t rule, unsigned variant, uint64_t seed,
                       tgOut *out, tg_mutant *m);

#endif
