/* afperf_deep.c - a native AFPerf v1 reader with one planted bug on a
 * deep path, for the oracle's coverage-guided engine (built with afl-cc;
 * tests/oracle-afl.t).
 *
 * It keeps the id of the last region started past 2^16 (RegionStart, 5:
 * its fourth field) in a table of 2^16 regions, and looks it up when a
 * RegionStop (6: its third field) names it: a region stopped with the
 * same id past 2^16 as one started is an index past the table, and the
 * reader dies of SIGSEGV.  Two records must agree, with a value past a
 * boundary; generated files number regions from 0.
 *
 * Built with -DPLANT_SHALLOW the bug is one step deep: any region
 * started past 2^16.  Its verdict is tracegate's (planted.h). */
#include "planted.h"

/* The id in field `place` (0-based) of a record of type `type` (its
 * number or name) in the line [p, e), or -1. */
static int64_t id_of(const uint8_t *p, const uint8_t *e, const char *name,
                     const char *number, int place)
{
    size_t len = strlen(name), nlen = strlen(number);
    if (!((size_t)(e - p) > len && memcmp(p, name, len) == 0 &&
          p[len] == ',') &&
        !((size_t)(e - p) > nlen && memcmp(p, number, nlen) == 0 &&
          p[nlen] == ','))
        return -1;
    for (int field = 0; field < place; field++) {
        const uint8_t *comma = memchr(p, ',', (size_t)(e - p));
        if (comma == NULL)
            return -1;
        p = comma + 1;
    }
    uint64_t v;
    return planted_number(p, e, &v) && v < (1ull << 62) ? (int64_t)v : -1;
}

static int64_t region_started(const uint8_t *line, const uint8_t *end)
{
    return id_of(line, end, "RegionStart", "5", 3);
}

static int64_t region_stopped(const uint8_t *line, const uint8_t *end)
{
    return id_of(line, end, "RegionStop", "6", 2);
}

static void look(const uint8_t *p, size_t n)
{
    planted_pair(p, n, region_started, region_stopped);
}

int main(int argc, char **argv) { return planted_main(argc, argv, "afperf"); }
