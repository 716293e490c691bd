/* chunks-t.c - streaming must not change the answer: every input (valid
 * traces, every mutant, and pseudo-random junk) gives byte-identical
 * findings and verdict whether checked as one buffer or pulled through a
 * reader that hands out 1..8 bytes at a time, or varying chunk sizes.
 * Failure: any difference. */
#include "core/bytes.h"
#include "support.h"
#include "tap.h"

typedef struct feeder {
    const unsigned char *p;
    size_t n, pos;
    size_t chunk; /* fixed chunk size, or 0 for pseudo-random 1..8 */
    tgBytes_rng rng;
} feeder;

static long feed(void *ctx, void *buf, size_t cap)
{
    feeder *f = ctx;
    size_t k = f->chunk ? f->chunk : 1 + tgBytes_below(&f->rng, 8);
    if (k > cap)
        k = cap;
    if (k > f->n - f->pos)
        k = f->n - f->pos;
    memcpy(buf, f->p + f->pos, k);
    f->pos += k;
    return (long)k;
}

static int same_in_chunks(const char *format, const tgMembuf *b,
                          const char *what)
{
    tg_checker *v = tgTest_checker(format);
    findings whole = {0}, part = {0};
    tg_verdict want =
        tg_checker_check_buffer(v, b->p, b->n, NULL, NULL, collect, &whole);
    int good = 1;
    for (size_t chunk = 0; chunk <= 8 && good; chunk++) {
        feeder fd = {b->p, b->n, 0, chunk, {chunk + 99}};
        findings_reset(&part, NULL);
        tg_verdict got =
            tg_checker_check(v, feed, &fd, NULL, NULL, collect, &part);
        if (got != want ||
            strcmp(findings_text(&part), findings_text(&whole)) != 0) {
            diag("%s: chunk %zu differs:\n%s\n--- whole:\n%s", what, chunk,
                 findings_text(&part), findings_text(&whole));
            good = 0;
        }
    }
    findings_reset(&whole, NULL);
    findings_reset(&part, NULL);
    tg_checker_free(v);
    return good;
}

int main(void)
{
    tgMembuf b = {0};
    for (size_t i = 0; i < tg_format_count(); i++) {
        const char *fmt = tg_format_at(i)->name;
        size_t n = tg_rule_count(fmt), tried = 0, bad = 0;
        const char *const *profiles = tg_format_at(i)->profiles;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            for (size_t p = 0; profiles[p]; p++) {
                gen_into(&b, fmt, profiles[p], seed);
                bad += !same_in_chunks(fmt, &b, "valid trace");
                tried++;
            }
            for (size_t k = 0; k < n; k++)
                for (unsigned var = 0;; var++) {
                    tg_mutant m = {.size = sizeof m};
                    b.n = 0;
                    const char *id = tg_rule_id(tg_rule_at(fmt, k));
                    if (tg_mutate(fmt, id, var, seed, tgMembuf_write, &b,
                                  &m) != TG_OK)
                        break;
                    bad += !same_in_chunks(fmt, &b, id);
                    tried++;
                }
        }
        ok(bad == 0,
           "%s: %zu valid and invalid traces, chunks 1..8 and "
           "random, same findings as whole-buffer",
           fmt, tried);
        /* junk: random bytes behind a valid start, so framing runs long */
        tgBytes_rng r = {42};
        bad = 0;
        for (int t = 0; t < 200; t++) {
            gen_into(&b, fmt, NULL, (uint64_t)t);
            size_t cut = tgBytes_below(&r, (uint32_t)b.n);
            b.n = cut;
            for (int j = 0; j < 64; j++) {
                unsigned char c = (unsigned char)tgBytes_next(&r);
                tgMembuf_write(&b, &c, 1);
            }
            bad += !same_in_chunks(fmt, &b, "junk");
        }
        ok(bad == 0, "%s: 200 corrupted traces, same findings in chunks", fmt);
    }
    tgMembuf_free(&b);
    return done_testing();
}
