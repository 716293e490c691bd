/* detect.c - is this input dumpalloc?  The format has no magic, so the
 * decision rests on the first record header: one of the four record types
 * is enough, whatever its Length says (the checker judges the Length, so
 * the same bytes get the same verdict however they are named). */
#include <string.h>

#include "../core/bytes.h"
#include "dumpalloc.h"

int tgDumpalloc_detect(const unsigned char *head, size_t size,
                       const char **how)
{
    if (size < 8)
        return 0;
    uint32_t type = tgBytes_le32(head);
    if (type == DA_PROC || type == DA_OBJE || type == DA_ALOC ||
        type == DA_DALC) {
        *how = "content: the first record header is a dumpalloc record type "
               "(PROC, OBJE, ALOC or DALC)";
        return 80;
    }
    /* legacy stream: int32 type 0 (header), then pid and a length */
    if (type == 0 && tgBytes_le32(head + 4) != 0) {
        *how = "content: starts like a legacy dumpalloc stream "
               "(int32 record type 0)";
        return 40;
    }
    return 0;
}
