/* detect.c - is this input AFPerf?  Its 16-byte header is a magic number.
 * A file without one (the seed's older writer) is not recognised: its
 * first record could begin many text files, so it is checked as AFPerf
 * only when --format names it. */
#include <string.h>

#include "afperf.h"

int tgAfperf_detect(const unsigned char *head, size_t size, const char **how)
{
    if (size >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0) {
        head += 3; /* a BOM is a finding, not another format */
        size -= 3;
    }
    if (size >= AF_HEADER_LEN && memcmp(head, AF_HEADER, AF_HEADER_LEN) == 0) {
        *how = "content: the 16-byte \"# AFPerf v1\" header";
        return 100;
    }
    if (size >= AF_HEADER_STEM_LEN &&
        memcmp(head, AF_HEADER_STEM, AF_HEADER_STEM_LEN) == 0) {
        *how = "content: starts with \"# AFPerf v\", though not with the "
               "v1 header";
        return 90;
    }
    return 0;
}
