/* planted.h - what the planted readers of tests/readers/afl/ share: the
 * reader contract around their own look at the file.  A reader reads the
 * file (at most 1 MiB: AFL++'s inputs are smaller), looks at it with its
 * planted bug, and leaves the verdict to tracegate's library (0 accepted,
 * 1 rejected), so that the planted bug is its only defect. */
#ifndef TG_PLANTED_H
#define TG_PLANTED_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../checker.h"
#include "tracegate.h"

/* The reader's own look at the n bytes at p. */
static void look(const uint8_t *p, size_t n);

static inline int planted_main(int argc, char **argv, const char *format)
{
    static uint8_t buf[1 << 20];
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL)
        return 2;
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    look(buf, n);
    tg_checker *v = tgTest_checker(format);
    tg_verdict r =
        v ? tg_checker_check_buffer(v, buf, n, NULL, NULL, NULL, NULL)
          : TG_INTERNAL;
    tg_checker_free(v);
    return r == TG_CONFORMANT ? 0 : 1;
}

/* A decimal or 0x hexadecimal number at p (end e), into *v.  @return
 * where it ends, or NULL if there is none. */
static inline const uint8_t *planted_number(const uint8_t *p, const uint8_t *e,
                                            uint64_t *v)
{
    int hex = e - p > 2 && p[0] == '0' && (p[1] | 0x20) == 'x';
    const uint8_t *start = p += 2 * hex;
    *v = 0;
    for (; p < e; p++) {
        unsigned d = *p >= '0' && *p <= '9' ? *p - '0'
                     : hex && (*p | 0x20) >= 'a' && (*p | 0x20) <= 'f'
                         ? (*p | 0x20) - 'a' + 10
                         : 16;
        if (d >= (hex ? 16u : 10u))
            break;
        *v = *v * (hex ? 16 : 10) + d;
    }
    return p > start ? p : NULL;
}

/* The text readers' bug: a record that opens an id (opened() of a line
 * [line, end), or -1) past a table of 2^16 entries, then one that names
 * the same id (named()), which the reader looks up in that table: past
 * its end, SIGSEGV.  With PLANT_SHALLOW the bug is one step deep: any id
 * opened past the table. */
typedef int64_t (*planted_id_fn)(const uint8_t *line, const uint8_t *end);

static inline void planted_pair(const uint8_t *p, size_t n,
                                planted_id_fn opened, planted_id_fn named)
{
    int64_t past = -1;
    for (const uint8_t *e = p + n, *line = p; line < e;) {
        const uint8_t *end = memchr(line, '\n', (size_t)(e - line));
        end = end ? end : e;
        int64_t id = opened(line, end);
        if (id > 1 << 16) {
#ifdef PLANT_SHALLOW
            raise(SIGSEGV); /* the planted crash */
#endif
            past = id; /* an entry past the table */
        }
        id = named(line, end);
        if (id >= 0 && id == past)
            raise(SIGSEGV); /* table[id]: past its end */
        line = end + 1;
    }
}

#endif
