/* nettrace_fuzz.c - the NetTrace validator (every profile; v4/v5, v6 and
 * draft headers) on arbitrary bytes; the checks and what counts as failure
 * are in format_fuzz.h. */
#include "format_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_format("nettrace", data, size);
}
