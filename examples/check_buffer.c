/* check_buffer.c - tracegate as a library: validate a trace held in
 * memory and print its findings, using nothing but tracegate.h.
 *
 *     cc check_buffer.c $(pkg-config --cflags --libs tracegate)
 *     ./a.out FORMAT FILE
 *
 * Exit status: the verdict (0 conformant, 1 violations, ...), as the
 * tracegate command gives it; 2 for a usage error. */
#include <stdio.h>
#include <stdlib.h>

#include <tracegate.h>

static void print_finding(void *ctx, const tg_diag *d)
{
    (void)ctx;
    if (d->suppressed) {
        printf("%s: %llu more not shown\n", tg_rule_id(d->rule),
               (unsigned long long)d->suppressed);
        return;
    }
    printf("0x%llx %s %s: %s", (unsigned long long)d->offset,
           tg_level_name(d->level), tg_rule_id(d->rule),
           tg_rule_get(d->rule, TG_RULE_MESSAGE));
    if (*d->expected || *d->found)
        printf(" (expected %s, found %s)", d->expected, d->found);
    printf(" at %s\n", d->path);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s FORMAT FILE\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[2], "rb");
    if (f == NULL) {
        perror(argv[2]);
        return 3;
    }
    static unsigned char data[1 << 20]; /* enough for an example */
    size_t n = fread(data, 1, sizeof data, f);
    fclose(f);

    tg_validator *v;
    tg_error e = tg_validator_open(argv[1], &v);
    if (e != TG_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], tg_strerror(e));
        return e == TG_EFORMAT ? 4 : 6;
    }
    tg_verdict verdict = tg_check_buffer(v, data, n, print_finding, NULL);
    printf("%s: %s, %llu bytes (tracegate %s)\n", argv[2],
           tg_verdict_name(verdict), (unsigned long long)tg_bytes_checked(v),
           tg_version());
    tg_validator_free(v);
    return (int)verdict;
}
