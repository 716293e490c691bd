/* fuzz.c - `oracle --fuzz`: its inputs (inputs.c runs them).
 * The inputs are structure-aware, from the
 * generator's model and the rules' mutations, not byte flips alone.
 * Input n of a seed is one of: a valid trace of a random profile, a
 * hostile valid one (where the format has that style), a random rule's
 * mutant of a random variant, or such a mutant with a few bytes changed.
 * With --profile, only that profile's traces, and mutants of its rules.
 * The same (format, seed, n) gives the same input. */
#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "session.h"

/* A random mutant of a random rule with mutations (of a rule checked
 * under the declared profile, if one is), written to out, its parent
 * named in `in`.  @return TG_OK, or why none was written. */
static tg_error mutant(const options *o, const char *format, uint64_t *s,
                       FILE *out, or_input *in)
{
    size_t nrules = tg_rule_count(format);
    const char *profile = or_declared_profile(o);
    for (int tries = 0; tries < 64; tries++) {
        const tg_rule *r =
            tg_rule_at(format, tg_random_below(s, (uint32_t)nrules));
        unsigned variants = 0;
        while (tg_rule_mutation(r, variants) != NULL)
            variants++;
        if (variants == 0 || (profile && tg_rule_applies(r, profile) != 1))
            continue;
        unsigned v = tg_random_below(s, variants);
        uint64_t seed = 1 + tg_random_below(s, OR_PARENT_SEEDS);
        tg_mutant m = {.size = sizeof m};
        tg_error e = tg_mutate_profile(format, profile, tg_rule_id(r), v, seed,
                                       tgCli_write_file, out, &m);
        if (e == TG_OK) {
            snprintf(in->rule, sizeof in->rule, "%s", tg_rule_id(r));
            snprintf(in->what, sizeof in->what, "%s: %s", tg_rule_id(r),
                     m.mutation);
            snprintf(in->parent_profile, sizeof in->parent_profile, "%s",
                     m.profile);
            in->parent_seed = seed;
        }
        return e;
    }
    return TG_EVALUE;
}

/* Change 1 to 4 bytes of the n at p: a value, a bit, a boundary byte. */
static void havoc(uint64_t *s, unsigned char *p, size_t n)
{
    static const unsigned char edges[] = {0x00, 0x01, 0x7f, 0x80, 0xff,
                                          '\n', '"',  ',',  ' '};
    for (unsigned k = 1 + tg_random_below(s, 4); k > 0 && n > 0; k--) {
        size_t at =
            tg_random_below(s, (uint32_t)(n < UINT32_MAX ? n : UINT32_MAX));
        if (tg_random_below(s, 2))
            p[at] = edges[tg_random_below(s, sizeof edges)];
        else
            p[at] ^= (unsigned char)(1u << tg_random_below(s, 8));
    }
}

/* An input of one kind (0 to 9: valid, hostile, or a mutant), written
 * to out; of the declared profile, if there is one. */
static tg_error make_input(const options *o, const tg_format_info *fi,
                           int kind, uint64_t *s, FILE *out, or_input *in)
{
    const char *profile = or_declared_profile(o);
    if (kind == 2 && (fi->styles & (1u << TG_STYLE_HOSTILE))) {
        snprintf(in->what, sizeof in->what, "a hostile valid trace");
        return tg_generate_style(fi->name, profile, TG_STYLE_HOSTILE,
                                 tg_random(s), 0, tgCli_write_file, out);
    }
    if (kind >= 3)
        return mutant(o, fi->name, s, out, in);
    size_t np = 0;
    while (fi->profiles[np])
        np++;
    if (profile == NULL)
        profile = fi->profiles[tg_random_below(s, (uint32_t)np)];
    snprintf(in->what, sizeof in->what, "a valid trace of profile %s",
             profile);
    return tg_generate(fi->name, profile, tg_random(s), 0, tgCli_write_file,
                       out);
}

/* Input n of the --fuzz run. */
static int fuzz_input(const session *s, void *ctx, uint64_t n, or_input *in)
{
    (void)ctx;
    const tg_format_info *fi = tgCli_format(s->o->format);
    uint64_t st = s->o->seed ^ (n * 0xD1B54A32D192ED03ull);
    memset(in, 0, sizeof *in);
    snprintf(in->format, sizeof in->format, "%s", fi->name);
    snprintf(in->profile, sizeof in->profile, "%s",
             s->o->profile ? s->o->profile : "");
    int kind = (int)tg_random_below(&st, 10);
    char *p = NULL;
    FILE *m = open_memstream(&p, &in->bytes.n);
    if (m == NULL)
        return -1;
    tg_error e = make_input(s->o, fi, kind, &st, m, in);
    /* a stream in memory fails only when memory is short */
    int r = fclose(m) == 0 && e == TG_OK ? 0 : -1;
    in->bytes.p = (unsigned char *)p;
    if (r == 0 && kind == 9 && in->bytes.n > 0) {
        havoc(&st, in->bytes.p, in->bytes.n);
        size_t used = strlen(in->what);
        snprintf(in->what + used, sizeof in->what - used,
                 ", then bytes changed");
        in->rule[0] = '\0';  /* the bytes may break any rule now */
        in->parent_seed = 0; /* and its parent says nothing of them */
    }
    return r;
}

int or_fuzz_run(session *s)
{
    or_maker m = {"fuzz", fuzz_input, NULL, or_seconds() + s->o->fuzz};
    return or_inputs_run(s, &m);
}
