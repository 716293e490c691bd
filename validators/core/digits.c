/* digits.c - the longer readers of digits.h. */
#include "digits.h"

int tgK_all(const unsigned char *p, size_t n)
{
    if (n >= 8) { /* eight at a time, the last eight overlapping */
        for (size_t i = 0; i + 8 < n; i += 8)
            if (!tgK_eight(tgB_le64(p + i)))
                return 0;
        return tgK_eight(tgB_le64(p + n - 8));
    }
    for (size_t i = 0; i < n; i++)
        if (p[i] - (unsigned)'0' > 9)
            return 0;
    return 1;
}
