/* tokens.c - the constants of AFPerf's tables as fuzzing tokens: the
 * header, the record type names and ids, the datatypes, the separators and
 * quotes of RFC 4180, and the numbers at the limits of its fields. */
#include <stdio.h>

#include "afperf.h"

void tgAfperf_tokens(tg_token_fn emit, void *ctx)
{
    tgFormat_token_text(emit, ctx, AF_HEADER);
    tgFormat_token_text(emit, ctx, AF_HEADER_STEM);
    for (int t = 1; t < AF_NTYPES; t++) {
        char id[8];
        tgFormat_token_text(emit, ctx, af_records[t].name);
        snprintf(id, sizeof id, "%d", t);
        tgFormat_token_text(emit, ctx, id);
    }
    for (int d = AF_DT_NONE + 1; d < AF_NDATATYPES; d++)
        tgFormat_token_text(emit, ctx, af_datatypes[d]);
    static const char *const more[] = {
        "\n", "\r\n", ",", "\"", "\"\"", "0x", "1.0.0", "1.1.0", "2.0.0",
        /* units of each class units.def tells apart */
        "text", "count", "ns", "\xc2\xb5s", "\xce\xbcs", "seconds",
        "nanoseconds", "min", "KiB",
        /* numbers at their types' limits, and what strtod also reads */
        "9223372036854775807", "9223372036854775808", "18446744073709551616",
        "-1", "inf", "nan", "1e308", "a=1;a=2"};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++)
        tgFormat_token_text(emit, ctx, more[i]);
}
