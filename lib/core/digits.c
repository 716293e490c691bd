/* digits.c - the longer readers of digits.h. */
#include "digits.h"

const unsigned char tgDigits_hexv[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,
    ['6'] = 7,  ['7'] = 8,  ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12,
    ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11, ['B'] = 12,
    ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

int tgDigits_all(const unsigned char *p, size_t n)
{
    if (n >= 8) { /* eight at a time, the last eight overlapping */
        for (size_t i = 0; i + 8 < n; i += 8)
            if (!tgDigits_eight(tgBytes_le64(p + i)))
                return 0;
        return tgDigits_eight(tgBytes_le64(p + n - 8));
    }
    if (n >= 4) { /* two loads of four, overlapping below eight */
        uint64_t w = (uint64_t)tgBytes_le32(p + n - 4) << 32 | tgBytes_le32(p);
        return tgDigits_eight(w);
    }
    for (size_t i = 0; i < n; i++)
        if (p[i] - (unsigned)'0' > 9)
            return 0;
    return 1;
}
