/* detect.c - is this input NetTrace?  The "Nettrace" magic decides; a
 * legacy NetPerf header is recognised too, so that the NetTrace front end
 * can name it and stop (NT-HDR-005). */
#include <string.h>

#include "nettrace.h"

int tgNettrace_detect(const unsigned char *head, size_t size, const char **how)
{
    if (size >= NT_MAGIC_LEN && memcmp(head, NT_MAGIC, NT_MAGIC_LEN) == 0) {
        *how = "content: the \"" NT_MAGIC "\" magic";
        return 95;
    }
    if (size >= 4 + NT_FASTSER_LEN &&
        memcmp(head, "\x14\0\0\0" NT_FASTSER, 4 + NT_FASTSER_LEN) == 0) {
        *how = "content: a FastSerialization header without the "
               "\"" NT_MAGIC "\" magic (legacy NetPerf)";
        return 90;
    }
    return 0;
}
