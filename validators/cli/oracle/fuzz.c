/* fuzz.c - the inputs of `oracle --fuzz`: structure-aware, from the
 * generator's model and the rules' mutations, not byte flips alone.
 * Input n of a seed is one of: a valid trace of a random profile, a
 * hostile valid one (where the format has that style), a random rule's
 * mutant of a random variant, or such a mutant with a few bytes changed.
 * The same (format, seed, n) gives the same input. */
#define _GNU_SOURCE /* open_memstream */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

/* splitmix64, as the generators use: input n is the same everywhere */
static uint64_t mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint32_t below(uint64_t *s, uint32_t n)
{
    return n ? (uint32_t)(mix(s) % n) : 0;
}

/* A random mutant: rule, variant, seed.  @return 1 written, else 0/-1. */
static int mutant(const char *format, uint64_t *s, FILE *f, char *rule,
                  char *what, size_t size)
{
    size_t nrules = tg_rule_count(format);
    for (int tries = 0; tries < 16; tries++) {
        const tg_rule *r = tg_rule_at(format, below(s, (uint32_t)nrules));
        unsigned variants = 0;
        while (tg_rule_mutation(r, variants) != NULL)
            variants++;
        if (variants == 0)
            continue;
        unsigned v = below(s, variants);
        tg_mutant m;
        int w = tg_mutate(format, tg_rule_id(r), v, 1 + below(s, 1000),
                          tgC_write_file, f, &m);
        if (w == 1) {
            snprintf(rule, 32, "%s", tg_rule_id(r));
            snprintf(what, size, "%s: %s", tg_rule_id(r), m.mutation);
        }
        return w;
    }
    return 0;
}

/* Change 1 to 4 bytes of the n at p: a value, a bit, a boundary byte. */
static void havoc(uint64_t *s, unsigned char *p, size_t n)
{
    static const unsigned char edges[] = {0x00, 0x01, 0x7f, 0x80, 0xff,
                                          '\n', '"',  ',',  ' '};
    for (unsigned k = 1 + below(s, 4); k > 0 && n > 0; k--) {
        size_t at = below(s, (uint32_t)(n < UINT32_MAX ? n : UINT32_MAX));
        if (below(s, 2))
            p[at] = edges[below(s, sizeof edges)];
        else
            p[at] ^= (unsigned char)(1u << below(s, 8));
    }
}

int or_fuzz_input(const char *format, uint64_t seed, uint64_t n,
                  const char *path, char *rule, char *what, size_t size)
{
    const tg_format_info *fi = tgC_format(format);
    if (fi == NULL)
        return -1;
    uint64_t s = seed ^ (n * 0xD1B54A32D192ED03ull);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (mem == NULL)
        return -1;
    rule[0] = '\0';
    int kind = (int)below(&s, 10), r;
    if (kind == 2 && (fi->styles & (1u << TG_STYLE_HOSTILE))) {
        snprintf(what, size, "a hostile valid trace");
        r = tg_generate_style(format, NULL, TG_STYLE_HOSTILE, mix(&s), 0,
                              tgC_write_file, mem);
    } else if (kind >= 3) {
        r = mutant(format, &s, mem, rule, what, size) == 1 ? 0 : -1;
    } else {
        size_t np = 0;
        while (fi->profiles[np])
            np++;
        const char *profile = fi->profiles[below(&s, (uint32_t)np)];
        snprintf(what, size, "a valid trace of profile %s", profile);
        r = tg_generate(format, profile, mix(&s), 0, tgC_write_file, mem);
    }
    if (fclose(mem) != 0)
        r = -1;
    if (r == 0 && kind == 9 && len > 0) {
        havoc(&s, (unsigned char *)buf, len);
        size_t used = strlen(what);
        snprintf(what + used, size - used, ", then bytes changed");
        rule[0] = '\0'; /* the bytes may break any rule now */
    }
    FILE *f = r == 0 ? fopen(path, "wb") : NULL;
    if (f == NULL || fwrite(buf, 1, len, f) != len)
        r = -1;
    if (f != NULL && fclose(f) != 0)
        r = -1;
    free(buf);
    return r;
}
