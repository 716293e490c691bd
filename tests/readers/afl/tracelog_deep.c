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
#include <signal.h>
#include <string.h>

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

static void look(const uint8_t *p, size_t n)
{
    int64_t created = -1;
    for (const uint8_t *e = p + n, *line = p; line < e;) {
        const uint8_t *end = memchr(line, '\n', (size_t)(e - line));
        end = end ? end : e;
        int64_t iid = number_of(line, end, "thr crt ", 1);
        if (iid > 1 << 16) {
#ifdef PLANT_SHALLOW
            raise(SIGSEGV); /* the planted crash */
#endif
            created = iid; /* a thread past the table */
        }
        int64_t aos = number_of(line, end, "thr aos ", 0);
        if (aos >= 0 && aos == created)
            raise(SIGSEGV); /* threads[aos].os_id = ...: past the table */
        line = end + 1;
    }
}

int main(int argc, char **argv)
{
    return planted_main(argc, argv, "tracelog");
}
