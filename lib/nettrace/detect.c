/* detect.c - is this input NetTrace?  The "Nettrace" magic decides; a
 * legacy NetPerf header is recognised too, so that the NetTrace front end
 * can name it and stop (NT-HDR-005). */
#include <string.h>

#include "nettrace.h"

int tgNettrace_detect(const unsigned char *head, size_t size, const char **how)
{
    if (size >= 8 && memcmp(head, "Nettrace", 8) == 0) {
        *how = "content: the \"Nettrace\" magic";
        return 95;
    }
    if (size >= 24 &&
        memcmp(head, "\x14\0\0\0!FastSerialization.1", 24) == 0) {
        *how = "content: a FastSerialization header without the "
               "\"Nettrace\" magic (legacy NetPerf)";
        return 90;
    }
    return 0;
}
