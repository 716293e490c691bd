/* tracelog_deep.c - a native TraceLog reader with one planted bug on a
 * deep path, for the oracle's coverage-guided engine (built with afl-cc;
 * tests/oracle-afl.t).
 *
 * It numbers threads by their internal id (`thr crt ID IID`: the IID),
 * in a table of 2^16 threads, and looks a thread up when `thr aos IID
 * PID` gives its OS id: an OS id given to a thread created with an IID
 * past 2^16 is written past the table, and the reader dies of SIGSEGV.
 * Two records must agree, with a value past a boundary; generated files
 * number threads from 0.
 *
 * Built with -DPLANT_SHALLOW the bug is one step deep: any thread
 * created past 2^16.  Its verdict is tracegate's (planted.h). */
#include "planted.h"

/* The number after `skip` words of a line [p, e) that starts with tag,
 * or -1. */
static int64_t number_of(const uint8_t *p, const uint8_t *e, const char *tag,
                         int skip)
{
    size_t len = strlen(tag);
    if ((size_t)(e - p) <= len || memcmp(p, tag, len) != 0)
        return -1;
    p += len;
    for (int word = 0; word <= skip; word++) {
        while (p < e && *p == ' ')
            p++;
        if (word == skip)
            break;
        while (p < e && *p != ' ')
            p++;
    }
    uint64_t v;
    return planted_number(p, e, &v) && v < (1ull << 62) ? (int64_t)v : -1;
}

static int64_t thread_created(const uint8_t *line, const uint8_t *end)
{
    return number_of(line, end, "thr crt ", 1);
}

static int64_t thread_named(const uint8_t *line, const uint8_t *end)
{
    return number_of(line, end, "thr aos ", 0);
}

static void look(const uint8_t *p, size_t n)
{
    planted_pair(p, n, thread_created, thread_named);
}

int main(int argc, char **argv)
{
    return planted_main(argc, argv, "tracelog");
}
