/* detect.c - is this input dumpalloc?  The format has no magic, so the
 * decision rests on the first record header and the file name, and the
 * sentence returned says which. */
#include <string.h>

#include "../core/bytes.h"
#include "dumpalloc.h"

static int has_extension(const char *name)
{
    return tgF_has_extension(name, ".dumpalloc") ||
           tgF_has_extension(name, ".dalloc");
}

int tgD_detect(const unsigned char *head, size_t size, const char *filename,
               const char **how)
{
    int ext = has_extension(filename);
    if (size >= 8) {
        uint32_t type = tgB_le32(head), len = tgB_le32(head + 4);
        int known = type == DA_PROC || type == DA_OBJE || type == DA_ALOC ||
                    type == DA_DALC;
        if (known && len <= DA_MAX_LENGTH) {
            *how = ext ? "content (first record header is a dumpalloc "
                         "record type) and the file name extension"
                       : "content: the first record header is a dumpalloc "
                         "record type (PROC, OBJE, ALOC or DALC) with a "
                         "plausible Length";
            return ext ? 100 : 80;
        }
        /* legacy stream: int32 type 0 (header), then pid and a length */
        if (type == 0 && tgB_le32(head + 4) != 0) {
            *how = "content: starts like a legacy dumpalloc stream "
                   "(int32 record type 0)";
            return ext ? 90 : 40;
        }
    }
    if (ext) {
        *how = "file name extension (.dumpalloc or .dalloc); the content "
               "does not start with a known record";
        return 60;
    }
    return 0;
}
