/* tracelog_fuzz.c - the tracelog validator on arbitrary
 * bytes; the checks and what counts as failure are in format_fuzz.h. */
#include "format_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_format("tracelog", data, size);
}
