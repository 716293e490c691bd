/* nettrace_fuzz.c - the NetTrace validator (every profile; v4/v5, v6 and
 * draft headers) on arbitrary bytes; the checks and what counts as failure
 * are in format_fuzz.h, with
 * the structure-aware mutator. */
#define FUZZ_FORMAT "nettrace"
#include "format_fuzz.h"
