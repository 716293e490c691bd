/* dumpalloc_fuzz.c - the dumpalloc validator on arbitrary
 * bytes; the checks and what counts as failure are in format_fuzz.h, with
 * the structure-aware mutator. */
#define FUZZ_FORMAT "dumpalloc"
#include "format_fuzz.h"
