/* tokens.c - the constants of TraceLog's tables as fuzzing tokens: every
 * record tag, every setting name and method, the separators and the
 * numbers at the limits of its items. */
#include <string.h>

#include "tracelog.h"

static void text(tgF_token_fn emit, void *ctx, const char *s)
{
    emit(ctx, s, strlen(s));
}

void tgL_tokens(tgF_token_fn emit, void *ctx)
{
    for (int r = 0; r < TL_NRECORDS; r++)
        text(emit, ctx, tl_records[r].tag);
    for (int s = 0; s < TL_NSETTINGS; s++)
        text(emit, ctx, tl_settings[s].name);
    for (size_t m = 0; m < sizeof tl_methods / sizeof tl_methods[0]; m++)
        text(emit, ctx, tl_methods[m]);
    static const char *const more[] = {"\n",
                                       "\r\n",
                                       " ",
                                       ":",
                                       "\"",
                                       "0x",
                                       "?",
                                       "T",
                                       "F",
                                       "true",
                                       "false",
                                       "induced",
                                       "tfff",
                                       "tttt",
                                       "0x00000000",
                                       "0x0000000000000000",
                                       "0xFFFFFFFF",
                                       "2147483648",
                                       "18446744073709551616",
                                       "2023-06-02 05:41:09.781",
                                       " +09:00"};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++)
        text(emit, ctx, more[i]);
}
