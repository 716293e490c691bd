/* correct.c - a correct reader for the oracle's tests: tracegate's own
 * library behind the reader contract.  `correct-reader FORMAT FILE`
 * exits 0 if FILE is a valid FORMAT trace (warnings allowed), 1 with the
 * first MUST finding on stderr if a strict reader must reject it, 2 on
 * bad usage or a file it cannot read.  The oracle run over it must find
 * no defect (tests/oracle.t). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../checker.h"
#include "tracegate.h"

static void first_must(void *ctx, const tg_diag *d)
{
    int *said = ctx;
    if (d->level == TG_MUST && !*said) {
        fprintf(stderr, "rejected: %s at byte %llu: %s\n", tg_rule_id(d->rule),
                (unsigned long long)d->offset,
                tg_rule_get(d->rule, TG_RULE_MESSAGE));
        *said = 1;
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fputs("usage: correct-reader FORMAT FILE\n", stderr);
        return 2;
    }
    tg_checker *v = tgTest_checker(argv[1]);
    int fd = open(argv[2], O_RDONLY);
    if (v == NULL || fd < 0) {
        fprintf(stderr, "correct-reader: cannot read %s as %s\n", argv[2],
                argv[1]);
        return 2;
    }
    int said = 0;
    tg_verdict r = tg_checker_check_fd(v, fd, NULL, NULL, first_must, &said);
    close(fd);
    tg_checker_free(v);
    if (r != TG_CONFORMANT && !said)
        fprintf(stderr, "rejected: %s\n", tg_verdict_name(r));
    return r == TG_CONFORMANT ? 0 : 1;
}
