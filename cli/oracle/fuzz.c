/* fuzz.c - `oracle --fuzz`: its inputs, and the loop that runs them.
 * The inputs are structure-aware, from the
 * generator's model and the rules' mutations, not byte flips alone.
 * Input n of a seed is one of: a valid trace of a random profile, a
 * hostile valid one (where the format has that style), a random rule's
 * mutant of a random variant, or such a mutant with a few bytes changed.
 * The same (format, seed, n) gives the same input. */
#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "session.h"

/* A random mutant of a random rule with mutations, written to out.
 * @return TG_OK, or why none was written. */
static tg_error mutant(const char *format, uint64_t *s, FILE *out, char *rule,
                       char *what, size_t size)
{
    size_t nrules = tg_rule_count(format);
    for (int tries = 0; tries < 16; tries++) {
        const tg_rule *r =
            tg_rule_at(format, tg_random_below(s, (uint32_t)nrules));
        unsigned variants = 0;
        while (tg_rule_mutation(r, variants) != NULL)
            variants++;
        if (variants == 0)
            continue;
        unsigned v = tg_random_below(s, variants);
        tg_mutant m;
        tg_error e =
            tg_mutate(format, tg_rule_id(r), v, 1 + tg_random_below(s, 1000),
                      tgCli_write_file, out, &m);
        if (e == TG_OK) {
            snprintf(rule, 32, "%s", tg_rule_id(r));
            snprintf(what, size, "%s: %s", tg_rule_id(r), m.mutation);
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
 * to out. */
static tg_error make_input(const tg_format_info *fi, int kind, uint64_t *s,
                           FILE *out, char *rule, char *what, size_t size)
{
    if (kind == 2 && (fi->styles & (1u << TG_STYLE_HOSTILE))) {
        snprintf(what, size, "a hostile valid trace");
        return tg_generate_style(fi->name, NULL, TG_STYLE_HOSTILE,
                                 tg_random(s), 0, tgCli_write_file, out);
    }
    if (kind >= 3)
        return mutant(fi->name, s, out, rule, what, size);
    size_t np = 0;
    while (fi->profiles[np])
        np++;
    const char *profile = fi->profiles[tg_random_below(s, (uint32_t)np)];
    snprintf(what, size, "a valid trace of profile %s", profile);
    return tg_generate(fi->name, profile, tg_random(s), 0, tgCli_write_file,
                       out);
}

int or_fuzz_input(const char *format, uint64_t seed, uint64_t n,
                  const char *path, or_bytes *out, char *rule, char *what,
                  size_t size)
{
    const tg_format_info *fi = tgCli_format(format);
    if (fi == NULL)
        return -1;
    uint64_t s = seed ^ (n * 0xD1B54A32D192ED03ull);
    free(out->p);
    out->p = NULL;
    out->n = 0;
    rule[0] = '\0';
    int kind = (int)tg_random_below(&s, 10);
    char *p = NULL;
    FILE *m = open_memstream(&p, &out->n);
    if (m == NULL)
        return -1;
    tg_error e = make_input(fi, kind, &s, m, rule, what, size);
    /* a stream in memory fails only when memory is short */
    int r = fclose(m) == 0 && e == TG_OK ? 0 : -1;
    out->p = (unsigned char *)p;
    if (r == 0 && kind == 9 && out->n > 0) {
        havoc(&s, out->p, out->n);
        size_t used = strlen(what);
        snprintf(what + used, size - used, ", then bytes changed");
        rule[0] = '\0'; /* the bytes may break any rule now */
    }
    FILE *f = r == 0 ? fopen(path, "wb") : NULL;
    if (f == NULL || fwrite(out->p, 1, out->n, f) != out->n)
        r = -1;
    if (f != NULL && fclose(f) != 0)
        r = -1;
    return r;
}

/* ---- --fuzz: inputs made and run by every reader until time is up ---- */
typedef struct fuzz_item {
    char path[TG_CLI_PATH], rule[32], what[200];
    or_bytes input; /* its bytes, kept if they show a defect */
    or_judgement j;
    outcome out[MAX_READERS];
} fuzz_item;

static void fuzz_item_free(fuzz_item *it)
{
    free(it->input.p);
    free(it);
}

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
    if (tgCli_path(it->path, "%s/fuzz-%" PRIu64, s->base, n) != 0 ||
        or_fuzz_input(s->o->format, s->o->seed, n, it->path, &it->input,
                      it->rule, it->what, sizeof it->what) != 0) {
        fuzz_item_free(it);
        return NULL;
    }
    char format[32], profile[64];
    snprintf(format, sizeof format, "%s", s->o->format);
    snprintf(profile, sizeof profile, "%s",
             s->o->profile ? s->o->profile : "");
    or_case c = {it->path, format, profile[0] ? profile : NULL,
                 it->rule[0] ? it->rule : NULL};
    or_judge(&c, it->input.p ? it->input.p : (const unsigned char *)"",
             it->input.n, &it->j);
    char scratch[TG_CLI_PATH];
    if (tgCli_path(scratch, "%s/%u", s->base, worker) != 0) {
        fuzz_item_free(it);
        return NULL;
    }
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

/* Keep a fuzz input that is the example of defects now: into the keep
 * folder, and among the cases, so that it can be shrunk; the defects
 * (n of them, any NULL skipped) name the kept file.  @return 0, or -1. */
static int keep_input(session *s, const fuzz_item *it, uint64_t number,
                      or_defect *const *defects, size_t n)
{
    char dir[TG_CLI_PATH], kept[TG_CLI_PATH];
    if (tgCli_path(dir, "%s/fuzz", s->o->keep) != 0 ||
        tgCli_path(kept, "%s/%06" PRIu64 "%s", dir, number,
                   tgCli_format(s->o->format)->extension) != 0)
        return -1;
    FILE *f = tgCli_mkdirs(dir) == 0 ? fopen(kept, "wb") : NULL;
    int bad =
        f == NULL || fwrite(it->input.p, 1, it->input.n, f) != it->input.n;
    bad |= f != NULL && fclose(f) != 0;
    if (bad || or_cases_add(s->cases, kept, s->o->format, s->o->profile,
                            it->rule[0] ? it->rule : NULL) != 0) {
        fprintf(stderr, "tracegate: oracle: cannot keep %s\n", kept);
        return -1;
    }
    for (size_t k = 0; k < n; k++)
        if (defects[k])
            memcpy(defects[k]->example, kept, sizeof kept);
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
    or_defect *examples[MAX_READERS] = {NULL};
    int keep = 0, differ = 0;
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
        examples[k] = or_score_add(&s->scores[k], o->cls, &it->j, o->sig,
                                   o->why, it->path, it->input.n);
        keep |= examples[k] != NULL;
        differ |= or_took_of(o->cls, it->j.expect) !=
                  or_took_of(it->out[0].cls, it->j.expect);
    }
    s->fuzz_disagree += (uint64_t)differ;
    if (keep && keep_input(s, it, s->fuzzed + i, examples, s->o->nreaders))
        s->failed = 1;
    remove(it->path);
    fuzz_item_free(it);
}

/* Fuzz until the time is up, a batch of 4 inputs per job at a time. */
int or_fuzz_run(session *s)
{
    double end = seconds_now() + s->o->fuzz;
    size_t batch = 4 * (size_t)s->o->jobs;
    while (!s->failed && seconds_now() < end) {
        if (tgCli_parallel(batch, s->o->jobs, fuzz_one, fuzz_done, s) != 0)
            return TG_INTERNAL;
        s->fuzzed += batch;
    }
    return s->failed ? TG_IO_ERROR : 0;
}
