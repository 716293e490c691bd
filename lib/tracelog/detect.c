/* detect.c - is this input a TraceLog?  It has no magic number: it is
 * one by its first line, a record tag the seed or a known writer uses
 * (prf stm, the writer's first record, most of all).  The sentence
 * returned says which. */
#include <string.h>

#include "tracelog.h"

int tgTracelog_detect(const unsigned char *head, size_t size, const char **how)
{
    int known = 0;
    for (int r = 0; r < TL_NRECORDS && size > TL_TAG_LEN; r++)
        if (memcmp(head, tl_records[r].tag, TL_TAG_LEN) == 0 &&
            head[TL_TAG_LEN] == ' ')
            known = r == TL_R_PRF_STM ? 2 : 1;
    if (known == 2) {
        *how = "content: a first line \"prf stm \"";
        return 90;
    }
    if (known) {
        *how = "content: a first line that starts with a TraceLog record "
               "tag";
        return 50;
    }
    return 0;
}
