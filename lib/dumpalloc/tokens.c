/* tokens.c - the constants of dumpalloc's tables as fuzzing tokens: the
 * record and frame types, and the Lengths and values its rules turn on. */
#include "../core/bytes.h"
#include "dumpalloc.h"

static void u32(tg_token_fn emit, void *ctx, uint32_t v)
{
    unsigned char b[4];
    tgBytes_put32(b, v);
    emit(ctx, b, 4);
}

void tgDumpalloc_tokens(tg_token_fn emit, void *ctx)
{
    static const uint32_t types[] = {DA_PROC, DA_OBJE, DA_ALOC, DA_DALC,
                                     DA_FRAM, DA_NTVE, DA_PCAL, DA_TERM};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        u32(emit, ctx, types[i]);
    /* Lengths: none, each record's fields, the largest, one past it */
    static const uint32_t lengths[] = {0,
                                       DA_PROC_MIN,
                                       DA_OBJE_MIN,
                                       DA_ALOC_FIELDS,
                                       DA_DALC_FIELDS,
                                       DA_FRAM_MIN,
                                       DA_NTVE_FIELDS,
                                       DA_MAX_LENGTH,
                                       DA_MAX_LENGTH + 1,
                                       UINT32_MAX,
                                       1000000000u /* nanoseconds */};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++)
        u32(emit, ctx, lengths[i]);
    emit(ctx, "\xc3\x28", 2); /* not UTF-8 */
}
