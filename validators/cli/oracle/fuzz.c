/* fuzz.c - `oracle --fuzz`: its inputs, and the loop that runs them.
 * The inputs are structure-aware, from the
 * generator's model and the rules' mutations, not byte flips alone.
 * Input n of a seed is one of: a valid trace of a random profile, a
 * hostile valid one (where the format has that style), a random rule's
 * mutant of a random variant, or such a mutant with a few bytes changed.
 * The same (format, seed, n) gives the same input. */
#define _GNU_SOURCE /* open_memstream */
#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "session.h"

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

/* ---- --fuzz: inputs made and run by every reader until time is up ---- */
typedef struct fuzz_item {
    char path[4300], rule[32], what[200];
    or_judgement j;
    size_t size;
    outcome out[MAX_READERS];
} fuzz_item;

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *fuzz_one(size_t i, unsigned worker, void *ctx)
{
    session *s = ctx;
    fuzz_item *it = calloc(1, sizeof *it);
    if (it == NULL)
        return NULL;
    uint64_t n = s->fuzzed + i;
    snprintf(it->path, sizeof it->path, "%s/fuzz-%" PRIu64, s->base, n);
    if (or_fuzz_input(s->o->format, s->o->seed, n, it->path, it->rule,
                      it->what, sizeof it->what) != 0) {
        free(it);
        return NULL;
    }
    char format[32], profile[64];
    snprintf(format, sizeof format, "%s", s->o->format);
    snprintf(profile, sizeof profile, "%s",
             s->o->profile ? s->o->profile : "");
    or_case c = {it->path, format, profile[0] ? profile : NULL,
                 it->rule[0] ? it->rule : NULL};
    unsigned char *data = or_slurp(it->path, &it->size);
    or_judge(&c, data ? data : (const unsigned char *)"", data ? it->size : 0,
             &it->j);
    free(data);
    char scratch[4200];
    snprintf(scratch, sizeof scratch, "%s/%u", s->base, worker);
    for (size_t k = 0; k < s->o->nreaders; k++) {
        or_run r;
        outcome *o = &it->out[k];
        if (or_run_reader(s->o->readers[k], it->path, scratch, &s->o->lim,
                          &r) != 0 ||
            (r.exited && r.status == 127)) {
            o->cls = OR_NCLASSES;
            continue;
        }
        o->cls = or_classify(s->pat, &r, &it->j, o->why, sizeof o->why);
        or_signature(o->why, o->sig, sizeof o->sig);
    }
    return it;
}

/* Keep a fuzz input that shows a defect: into the keep folder, and among
 * the cases, so that it can be shrunk.  @return 0, or -1. */
static int keep_input(session *s, const fuzz_item *it, uint64_t n)
{
    char dir[4200], kept[4400];
    snprintf(dir, sizeof dir, "%s/fuzz", s->o->keep);
    snprintf(kept, sizeof kept, "%s/%06" PRIu64 "%s", dir, n,
             tgC_format(s->o->format)->extension);
    size_t size;
    unsigned char *data = or_slurp(it->path, &size);
    FILE *f = data && tgC_mkdirs(dir) == 0 ? fopen(kept, "wb") : NULL;
    int bad = f == NULL || fwrite(data, 1, size, f) != size;
    bad |= f != NULL && fclose(f) != 0;
    free(data);
    if (bad || or_cases_add(s->cases, kept, s->o->format, s->o->profile,
                            it->rule[0] ? it->rule : NULL) != 0) {
        fprintf(stderr, "tracegate: oracle: cannot keep %s\n", kept);
        return -1;
    }
    for (size_t k = 0; k < s->o->nreaders; k++)
        for (size_t d = 0; d < s->scores[k].ndefects; d++)
            if (strcmp(s->scores[k].defects[d].example, it->path) == 0)
                snprintf(s->scores[k].defects[d].example,
                         sizeof s->scores[k].defects[d].example, "%s", kept);
    return 0;
}

static void fuzz_done(size_t i, void *result, void *ctx)
{
    session *s = ctx;
    fuzz_item *it = result;
    if (it == NULL) {
        if (!s->failed)
            fputs("tracegate: oracle: a --fuzz input could not be made\n",
                  stderr);
        s->failed = 1;
        return;
    }
    int keep = 0, accepted = -1;
    unsigned differ = 0;
    for (size_t k = 0; k < s->o->nreaders; k++) {
        const outcome *o = &it->out[k];
        if (o->cls == OR_NCLASSES) {
            if (!s->failed)
                fprintf(stderr,
                        "tracegate: oracle: cannot run the reader "
                        "'%s'\n",
                        s->o->readers[k]);
            s->failed = 1;
            continue;
        }
        or_score *sc = &s->scores[k];
        or_score_add(sc, o->cls, &it->j, o->sig, o->why, it->path, it->size);
        for (size_t d = 0; d < sc->ndefects; d++)
            keep |= strcmp(sc->defects[d].example, it->path) == 0;
        int took = o->cls == OR_ACCEPTS_INVALID ||
                   (o->cls == OR_RIGHT && it->j.expect != OR_REJECT);
        if (accepted >= 0 && took != accepted)
            differ = 1;
        accepted = took;
    }
    s->fuzz_disagree += differ != 0;
    if (keep && keep_input(s, it, s->fuzzed + i) != 0)
        s->failed = 1;
    remove(it->path);
    free(it);
}

/* Fuzz until the time is up, a batch of 4 inputs per job at a time. */
int or_fuzz_run(session *s)
{
    double end = seconds_now() + s->o->fuzz;
    size_t batch = 4 * (size_t)s->o->jobs;
    while (!s->failed && seconds_now() < end) {
        if (tgC_parallel(batch, s->o->jobs, fuzz_one, fuzz_done, s) != 0)
            return TG_INTERNAL;
        s->fuzzed += batch;
    }
    return s->failed ? TG_IO_ERROR : 0;
}
