/* afperf_fuzz.c - the afperf validator on arbitrary
 * bytes; the checks and what counts as failure are in format_fuzz.h, with
 * the structure-aware mutator. */
#define FUZZ_FORMAT "afperf"
#include "format_fuzz.h"
