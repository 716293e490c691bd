/* tokens.c - the constants of TraceLog's tables as fuzzing tokens: every
 * record tag, every setting name and method, the separators and the
 * numbers at the limits of its items. */
#include "tracelog.h"

void tgTracelog_tokens(tg_token_fn emit, void *ctx)
{
    for (int r = 0; r < TL_NRECORDS; r++)
        tgFormat_token_text(emit, ctx, tl_records[r].tag);
    for (int s = 0; s < TL_NSETTINGS; s++)
        tgFormat_token_text(emit, ctx, tl_settings[s].name);
    for (size_t m = 0; m < sizeof tl_methods / sizeof tl_methods[0]; m++)
        tgFormat_token_text(emit, ctx, tl_methods[m]);
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
        tgFormat_token_text(emit, ctx, more[i]);
}
